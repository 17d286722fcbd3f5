#!/bin/sh
# Runs the libFuzzer targets of a fuzz build for a bounded time each and
# prints "N passed, N failed".  A crash, a sanitizer report, a leak or a
# generated SPIR-V module that spirv-val refuses is a failure; the input
# that caused it is left in the corpus folder of the target
# (tests/fuzz/corpus/TARGET, which holds earlier findings as regression
# inputs), and the command to replay it is printed.
#   tests/fuzz/run-fuzz.sh FUZZ_BUILD_DIR SECONDS_PER_TARGET
set -u
build=${1:-build-fuzz}
seconds=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/nereid-fuzz-XXXXXX)
passed=0 failed=0

for target in shader so wire; do
    mkdir -p "$work/$target" "$here/corpus/$target"
    [ "$target" != wire ] && "./$build/fuzz_make_seeds" "$work/$target" "$target"
    mkdir -p "$work/$target.spv"
    log="$work/$target.log"
    # The first folder gets what the run finds (thrown away); the
    # repository's corpus is read as seeds.
    NEREID_FUZZ_DUMP="$work/$target.spv" "./$build/fuzz_$target" -max_total_time="$seconds" \
        -artifact_prefix="$here/corpus/$target/crash-" -print_final_stats=1 \
        "$work/$target" "$here/corpus/$target" >"$log" 2>&1
    rc=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    if [ "$rc" != 0 ]; then
        echo "FAIL fuzz_$target (exit $rc):"
        grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -n 10
        echo "   replay: ./$build/fuzz_$target tests/fuzz/corpus/$target/crash-*"
        failed=$((failed + 1))
    else
        echo "fuzz_$target: ${runs:-?} inputs in $seconds s, no crash"
        passed=$((passed + 1))
    fi
    # Every module the translator made for these inputs must be valid.
    bad=0 total=0
    for m in "$work/$target.spv"/*.spv; do
        [ -e "$m" ] || continue
        total=$((total + 1))
        if ! spirv-val --target-env vulkan1.3 "$m" >"$work/val.log" 2>&1; then
            bad=$((bad + 1))
            [ "$bad" -le 3 ] && { echo "FAIL spirv-val refuses a module of fuzz_$target:"; head -n 5 "$work/val.log"; cp "$m" "$here/corpus/$target/invalid-$(basename "$m")"; }
        fi
    done
    if [ "$target" != wire ]; then
        if [ "$bad" = 0 ] && [ "$total" -gt 0 ]; then
            echo "fuzz_$target: $total generated modules pass spirv-val"
            passed=$((passed + 1))
        else
            echo "FAIL fuzz_$target: $bad of $total generated modules fail spirv-val"
            failed=$((failed + 1))
        fi
    fi
done
rm -rf "$work"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
