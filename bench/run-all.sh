#!/bin/sh
# Runs every benchmark variant over every transport, RUNS times each, and
# prints the lines (take the median of the runs per row for RESULTS.md).
#   bench/run-all.sh [BUILD_DIR] [RUNS]
set -u
build=${1:-build}
runs=${2:-3}
export NEREID_SERVER_EXE="$(cd "$build" && pwd)/nereid-server"
for r in $(seq "$runs"); do
    for t in inproc shm stream-unix; do
        for v in up vb churn; do
            "./$build/drawstress" --variant "$v" --transport "$t" --frames 40
        done
        "./$build/roundtrip" --transport "$t" --iterations 2000
    done
done
