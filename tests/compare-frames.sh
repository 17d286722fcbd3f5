#!/bin/sh
# Compares the frames of a run (read-backs logged by NEREID_TEST_FRAMES,
# presents dumped by NEREID_DUMP) with the reference run's, byte for byte.
#   tests/compare-frames.sh RUN_DIR REFERENCE_DIR
# Prints "N passed, N failed[, N skipped]": one check per frame.
set -u
a=$1 b=$2
pass=0 fail=0
list() { (cd "$1" && find . -type f | sort); }
for f in $(list "$a"); do
    if [ ! -e "$b/$f" ]; then
        echo "FAIL $f: in the run, not in the reference run"
        fail=$((fail + 1))
    elif cmp -s "$a/$f" "$b/$f"; then
        pass=$((pass + 1))
    else
        echo "FAIL $f: differs from the reference run's"
        fail=$((fail + 1))
    fi
done
for f in $(list "$b"); do
    if [ ! -e "$a/$f" ]; then
        echo "FAIL $f: in the reference run only"
        fail=$((fail + 1))
    fi
done
if [ $((pass + fail)) = 0 ]; then
    echo "SKIP no frames: the test reads nothing back and presents nothing"
    echo "0 passed, 0 failed, 1 skipped"
else
    echo "$pass passed, $fail failed"
fi
