#!/bin/sh
# Runs every test program, adds up their closing lines and prints the total
# as "N passed, N failed[, N skipped]".  Exits non-zero when any test failed
# or did not finish.
#   tests/run-tests.sh BUILD_DIR ASAN_BUILD_DIR [PE_BUILD_DIR [FUZZ_BUILD_DIR [MESA25_DIR]]]
set -u
build=${1:-build}
asan=${2:-build-asan}
pe=${3:-build-pe}
fuzz=${4:-build-fuzz}
mesa25=${5:-build-mesa25}
total_pass=0 total_fail=0 total_skip=0 broken=0
log_dir=$(mktemp -d /tmp/nereid-tests-XXXXXX)

run() {
    name=$1; shift
    log="$log_dir/$(echo "$name" | tr / _).log"
    start=$(date +%s)
    "$@" >"$log" 2>&1
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "== $name: no closing line (exit $rc)"; tail -n 30 "$log"
        broken=$((broken + 1)); return
    fi
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    total_skip=$((total_skip + ${s:-0}))
    echo "== $name: $line ($(( $(date +%s) - start )) s)"
    # What was skipped, and why: listed once more at the end.
    grep -E '^SKIP' "$log" | sed "s|^|$name: |" >>"$log_dir/skipped"
    if [ "$f" != 0 ] || [ "$rc" != 0 ]; then
        grep -E '^(FAIL|SKIP)' "$log" | head -n 40
        # A program of a group that ended without its closing line: its tail.
        grep -A 20 'no closing line' "$log" | head -n 60
        [ "$f" = 0 ] && { echo "   exit status $rc"; tail -n 20 "$log"; broken=$((broken + 1)); }
    fi
}

server="$(pwd)/$build/nereid-server"
# Unit and wire tests, plain and under AddressSanitizer + UBSan.
for t in wire spirv ff dxso d3d9_abi d3d11_abi dxbc; do
    run "unit/$t" "./$build/test_$t"
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        run "asan/$t" "./$asan/test_$t"
done
# End to end, with the Khronos validation layer on, each test twice:
#  - with NEREID_CHECK_STATE=1: client and server check on every draw that
#    no state changed without its dirty flag and that the command buffer
#    holds all a draw reads; any report fails the test;
#  - in reference mode (NEREID_REFERENCE_STATE=1): every state and constant
#    sent, bound and uploaded anew for every draw.
# Both runs log every read-back and dump every presented frame; the frames
# must be identical, byte for byte.
frames=$(mktemp -d /tmp/nereid-frames-XXXXXX)
e2e_tests="triangle frames robust refcount buffers state_check ffp ffp_pixels shaders shader_models textures stateblock query multithread window msaa swapchain ex lost fuzz d3d11 d3d11_accept d3d11_shared d3d11_window table"
NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "e2e/validation_canary" "./$build/test_validation_canary"
for t in $e2e_tests; do
    mkdir -p "$frames/run/$t" "$frames/reference/$t"
    check=1
    # test_state_check makes setters forget their flags on purpose.
    [ "$t" = state_check ] && check=
    NEREID_CHECK_STATE=$check NEREID_TEST_FRAMES="$frames/run/$t" NEREID_DUMP="$frames/run/$t" \
        NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "e2e/$t" "./$build/test_$t"
    # A validation error fails the test, wherever it was logged (test
    # servers log to the test's output).  test_state_check's hooked runs
    # break the client on purpose.
    if [ "$t" != state_check ]; then
        verrors=$(grep -c 'validation: Validation Error' "$log_dir/e2e_$t.log")
        if [ "$verrors" != 0 ]; then
            echo "== validation/$t: $verrors validation errors"
            grep 'validation: Validation Error' "$log_dir/e2e_$t.log" | head -n 5
            total_fail=$((total_fail + 1))
        fi
    fi
    if [ -n "$check" ]; then
        reports=$(grep -c 'NEREID_CHECK_STATE:' "$log_dir/e2e_$t.log")
        if [ "$reports" != 0 ]; then
            echo "== check/$t: $reports reports of the check mode"
            grep 'NEREID_CHECK_STATE:' "$log_dir/e2e_$t.log" | sort | uniq -c | sort -rn | head -n 20
            total_fail=$((total_fail + 1))
        else
            total_pass=$((total_pass + 1))
        fi
    fi
    case $t in
    multithread)
        echo "== reference/$t: skipped: its threads order the frames differently in every run"
        total_skip=$((total_skip + 1))
        continue ;;
    state_check)
        # Reference mode resends what a hooked setter "forgot": its last
        # check (the hook really drops the flag) cannot hold there.
        echo "== reference/$t: skipped: reference mode undoes the flags it drops on purpose"
        total_skip=$((total_skip + 1))
        continue ;;
    esac
    NEREID_REFERENCE_STATE=1 NEREID_TEST_FRAMES="$frames/reference/$t" NEREID_DUMP="$frames/reference/$t" \
        NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "reference/$t" "./$build/test_$t"
    run "frames/$t" ./tests/compare-frames.sh "$frames/run/$t" "$frames/reference/$t"
done
# Direct3D 11 on a device without geometry shaders (and so without stream
# output) and without tessellation, as devices that lack one often lack
# the other: the server made to go without them (NEREID_NO_GEOMETRY=1,
# NEREID_NO_TESSELLATION=1); their create calls answer E_NOTIMPL, the rest
# of test_d3d11 holds, and the layouts stay within the device's limits.
NEREID_NO_GEOMETRY=1 NEREID_NO_TESSELLATION=1 NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" \
    run "e2e/d3d11_no_geometry" "./$build/test_d3d11"
verrors=$(grep -c 'validation: Validation Error' "$log_dir/e2e_d3d11_no_geometry.log")
if [ "$verrors" != 0 ]; then
    echo "== validation/d3d11_no_geometry: $verrors validation errors"
    total_fail=$((total_fail + 1))
fi
# Direct3D 11 on a device of one viewport (NEREID_NO_MULTI_VIEWPORT=1), no
# storage from the vertex stages (NEREID_NO_VERTEX_STORAGE=1) and no logic
# operations (NEREID_NO_LOGIC_OP=1): geometry programs writing the viewport
# index, vertex programs writing UAVs and logic operations answer
# E_NOTIMPL, and the client sends viewport and scissor 0 alone.
NEREID_NO_MULTI_VIEWPORT=1 NEREID_NO_VERTEX_STORAGE=1 NEREID_NO_LOGIC_OP=1 NEREID_VALIDATION=1 \
    NEREID_SERVER_EXE="$server" run "e2e/d3d11_fewer_features" "./$build/test_d3d11"
# Stream output without VK_EXT_transform_feedback (NEREID_NO_TRANSFORM_FEEDBACK=1):
# the server's emulation (shader/so_emu.h) captures, and test_d3d11's
# stream-output checks (values, order, gaps, appends, DrawAuto, statistics,
# overflow) hold as they do with transform feedback.
NEREID_NO_TRANSFORM_FEEDBACK=1 NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" \
    run "e2e/d3d11_emulated_so" "./$build/test_d3d11"
verrors=$(grep -c 'validation: Validation Error' "$log_dir/e2e_d3d11_emulated_so.log")
if [ "$verrors" != 0 ]; then
    echo "== validation/d3d11_emulated_so: $verrors validation errors"
    total_fail=$((total_fail + 1))
fi
# D24S8 kept as D32_SFLOAT_S8_UINT, as on a device that cannot render to
# D24S8 (AMD's): NEREID_NO_D24S8=1 makes lavapipe's server do so.  Frames
# with depth and stencil, and every D3D11 call on D24S8 textures (their
# depth converted between D3D's 24 bits and floats).  Depth bias is left
# out: lavapipe lacks VK_EXT_depth_bias_control, without which the bias of
# a float format follows the depth's exponent (docs/STATUS.md).
for t in frames d3d11_accept; do
    NEREID_NO_D24S8=1 NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" \
        run "e2e/${t}_d24s8_as_d32" "./$build/test_$t"
done
# The differential state fuzzer: a few hundred seeded sequences of setters,
# state blocks, resource updates, shader switches, Resets and presents, each
# drawn on a normal, a reference (NEREID_REFERENCE_STATE) and a checked
# (NEREID_CHECK_STATE) device; results and frames must agree.  A failing
# seed replays alone: NEREID_FUZZ_SEED=N ./build/test_state_fuzz.
NEREID_FUZZ_SEQUENCES=300 NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" \
    run "e2e/state_fuzz" "./$build/test_state_fuzz"
# The end-to-end tests on Mesa 25's lavapipe (tools/fetch-mesa-backports.sh;
# Debian 12's Mesa 22.3 above lacks descriptor indexing), where the server
# samples D3D9's textures through its texture table: each test in check
# mode with the table, then with NEREID_NO_TEXTURE_TABLE=1 (push descriptors
# on the same device) as the reference, and their frames must be
# identical, byte for byte.
if [ -f "$mesa25/lvp_icd.json" ]; then
    m25="$(cd "$mesa25" && pwd)"
    for t in triangle frames buffers ffp ffp_pixels shaders shader_models textures stateblock query msaa swapchain ex d3d11 d3d11_shared table; do
        mkdir -p "$frames/m25/$t" "$frames/m25ref/$t"
        LD_LIBRARY_PATH="$m25/lib" VK_DRIVER_FILES="$m25/lvp_icd.json" NEREID_CHECK_STATE=1 \
            NEREID_TEST_FRAMES="$frames/m25/$t" NEREID_DUMP="$frames/m25/$t" \
            NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "mesa25/$t" "./$build/test_$t"
        for what in 'validation: Validation Error' 'NEREID_CHECK_STATE:'; do
            n=$(grep -c "$what" "$log_dir/mesa25_$t.log")
            [ "$n" = 0 ] && continue
            echo "== mesa25/$t: $n lines of '$what'"
            grep "$what" "$log_dir/mesa25_$t.log" | head -n 5
            total_fail=$((total_fail + 1))
        done
        LD_LIBRARY_PATH="$m25/lib" VK_DRIVER_FILES="$m25/lvp_icd.json" NEREID_NO_TEXTURE_TABLE=1 \
            NEREID_TEST_FRAMES="$frames/m25ref/$t" NEREID_DUMP="$frames/m25ref/$t" \
            NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "mesa25-push/$t" "./$build/test_$t"
        run "mesa25-frames/$t" ./tests/compare-frames.sh "$frames/m25/$t" "$frames/m25ref/$t"
    done
    LD_LIBRARY_PATH="$m25/lib" VK_DRIVER_FILES="$m25/lvp_icd.json" NEREID_FUZZ_SEQUENCES=100 \
        NEREID_VALIDATION=1 NEREID_SERVER_EXE="$server" run "mesa25/state_fuzz" "./$build/test_state_fuzz"
else
    echo "== mesa25: skipped: no Mesa 25 lavapipe in $mesa25 (tools/fetch-mesa-backports.sh)"
    echo "SKIP mesa25: no Mesa 25 lavapipe, the texture table is not tested" >>"$log_dir/skipped"
    total_skip=$((total_skip + 1))
fi
rm -rf "$frames"
# The same end-to-end tests with client and server under ASan + UBSan: the
# object lifetimes, the rings' retirement, the server's decoding.  Leaks are
# checked by the unit tests only: the Vulkan driver's modules leave
# allocations LeakSanitizer cannot attribute.
if [ -x "./$asan/test_triangle" ] && [ -x "./$asan/nereid-server" ]; then
    for t in triangle frames robust refcount buffers ffp ffp_pixels shaders shader_models textures stateblock query multithread window msaa swapchain ex lost fuzz d3d11 d3d11_shared d3d11_window table; do
        UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=0 \
            NEREID_VALIDATION=1 NEREID_SERVER_EXE="$(pwd)/$asan/nereid-server" \
            run "asan-e2e/$t" "./$asan/test_$t"
    done
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=0 \
        NEREID_FUZZ_SEQUENCES=20 NEREID_VALIDATION=1 \
        NEREID_SERVER_EXE="$(pwd)/$asan/nereid-server" \
        run "asan-e2e/state_fuzz" "./$asan/test_state_fuzz"

else
    echo "== asan-e2e: $asan has no end-to-end tests (configured with -Dunit_only=true)"
fi
# Coverage-guided fuzzing of the server's translation and decoding, bounded
# (NEREID_FUZZ_SECONDS a target, default 30), with spirv-val over the
# modules it made.
if [ -x "./$fuzz/fuzz_shader" ]; then
    run "fuzz" ./tests/fuzz/run-fuzz.sh "$fuzz" "${NEREID_FUZZ_SECONDS:-30}"
else
    echo "== fuzz: $fuzz has no fuzzers (configure it with CC=clang -Dfuzz=true)"
fi
# The PE d3d9.dll's tests under Wine, against a native nereid-server.
run "wine" ./tests/wine/run-wine-tests.sh "$build" "$pe"

if [ -s "$log_dir/skipped" ]; then
    echo "== skipped checks, and why:"
    sort "$log_dir/skipped" | uniq -c | sed 's/^/   /'
fi
rm -rf "$log_dir"
if [ "$total_skip" != 0 ]; then
    echo "$total_pass passed, $((total_fail + broken)) failed, $total_skip skipped"
else
    echo "$total_pass passed, $((total_fail + broken)) failed"
fi
[ "$total_fail" = 0 ] && [ "$broken" = 0 ]
