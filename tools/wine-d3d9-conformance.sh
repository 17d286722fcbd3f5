#!/bin/sh
# Builds Wine's Direct3D 9 conformance tests (dlls/d3d9/tests: stateblock,
# d3d9ex, device, visual) from a Wine source tree you point it at, runs each
# under Wine with our d3d9.dll against a native nereid-server on a private
# Xvfb display, one subtest at a time with a time limit, and prints per
# subtest: checks, failures, skips, whether it crashed, wall time, and the
# failures per test function.  Wine's code is only read from WINE_SRC and
# built in a temporary folder: nothing of it enters this repository.
#
#   tools/wine-d3d9-conformance.sh WINE_SRC [BUILD] [PE_BUILD] [SECONDS]
#
# WINE_SRC is a Wine source tree (tag wine-8.0 is the one measured in
# docs/CONFORMANCE.md); from a git clone of Wine:
#   git -C WINE_GIT archive wine-8.0 dlls/d3d9/tests include | tar -x -C WINE_SRC
# BUILD and PE_BUILD are the native and PE build folders (default build,
# build-pe, made by `make`); SECONDS limits each subtest (default 900).
# Scoring is Windows': WINETEST_PLATFORM=windows, so todo_wine is no excuse.
# NEREID_CONFORMANCE_TESTS picks subtests; NEREID_CONFORMANCE_KEEP=1 keeps
# the logs (their folder is printed).
set -u
src=${1:?usage: tools/wine-d3d9-conformance.sh WINE_SRC [BUILD] [PE_BUILD] [SECONDS]}
build=$(cd "${2:-build}" && pwd)
pe=$(cd "${3:-build-pe}" && pwd)
limit=${4:-900}
tests=${NEREID_CONFORMANCE_TESTS:-"stateblock d3d9ex device visual"}
cc=x86_64-w64-mingw32-gcc

for f in "$src/include/wine/test.h" "$src/dlls/d3d9/tests/device.c" "$pe/pe/d3d9.dll" \
         "$build/nereid-server"; do
    [ -e "$f" ] || { echo "missing: $f"; exit 2; }
done
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)
work=$(mktemp -d /tmp/nereid-conformance-XXXXXX)
server_pid= xvfb_pid=

cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    WINEPREFIX="$work/prefix" "$wineserver" -k 2>/dev/null
    if [ "${NEREID_CONFORMANCE_KEEP:-0}" = 1 ]; then
        echo "logs kept in $work"
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# ---- build: Wine's test framework header and what it needs from Wine,
# the rest from mingw-w64's headers.
mkdir -p "$work/inc/wine"
cp "$src/include/wine/test.h" "$src/include/wine/debug.h" "$src/include/wine/heap.h" \
   "$work/inc/wine/"
cat >"$work/inc/compat.h" <<'EOF'
/* What Wine's headers take from Wine's own build and mingw-w64 lacks. */
#ifndef ENABLE_PROCESSED_OUTPUT
#define ENABLE_PROCESSED_OUTPUT 0x1
#endif
#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 0x4
#endif
#ifndef __WINE_ALLOC_SIZE
#define __WINE_ALLOC_SIZE(...) __attribute__((alloc_size(__VA_ARGS__)))
#endif
#ifndef __WINE_MALLOC
#define __WINE_MALLOC __attribute__((malloc))
#endif
EOF
cat >"$work/inc/compat.c" <<'EOF'
#include <string.h>
/* wine/debug.h's helpers keep their strings here (ntdll does, in Wine). */
const char *__wine_dbg_strdup(const char *str)
{
    static char bufs[32][1024];
    static unsigned next;
    char *b = bufs[next++ % 32];
    strncpy(b, str, sizeof(bufs[0]) - 1);
    b[sizeof(bufs[0]) - 1] = 0;
    return b;
}
EOF
printf '#define INITGUID\n#include <windows.h>\n#include <d3d9.h>\n' >"$work/inc/guids.c"
for t in $tests; do
    if ! "$cc" -O1 -w -DSTANDALONE -include "$work/inc/compat.h" -I"$work/inc" \
            -o "$work/$t.exe" "$src/dlls/d3d9/tests/$t.c" "$work/inc/compat.c" \
            "$work/inc/guids.c" -ld3d9 -luser32 -lgdi32 -lole32 >"$work/$t.build" 2>&1; then
        echo "cannot build $t:"; tail -n 20 "$work/$t.build"; exit 1
    fi
done
cp "$pe/pe/d3d9.dll" "$work/"

# ---- a display, a prefix, a server of our own
n=100
while [ $n -lt 200 ] && { [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; }; do
    n=$((n + 1))
done
Xvfb :$n -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
i=0
while [ $i -lt 50 ] && [ ! -e /tmp/.X11-unix/X$n ]; do sleep 0.1; i=$((i + 1)); done
export DISPLAY=:$n WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES=d3d9=n
export WINETEST_PLATFORM=windows NEREID_TCP_TOKEN_FILE="$work/tcp-token"
timeout 300 "$wine" wineboot -i >/dev/null 2>&1
timeout 60 "$wine" reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD \
    /d 0 /f >/dev/null 2>&1
port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
"$build/nereid-server" --no-unix --tcp 127.0.0.1:$port >"$work/server.log" 2>&1 &
server_pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q "serving on" "$work/server.log"; do sleep 0.1; i=$((i + 1)); done
grep -q "serving on" "$work/server.log" || { echo "nereid-server did not start"; exit 1; }
export NEREID_SERVER=tcp:127.0.0.1:$port

# ---- run and score
printf '%-11s %9s %9s %7s %6s %8s\n' subtest checks failures skips crash seconds
for t in $tests; do
    t0=$(date +%s)
    (cd "$work" && timeout "$limit" "$wine" "./$t.exe") >"$work/$t.log" 2>&1
    rc=$?
    dt=$(( $(date +%s) - t0 ))
    summary=$(grep -a -E "^[0-9a-f]+:$t:.* tests executed" "$work/$t.log" | tail -n 1)
    if [ -n "$summary" ]; then
        checks=$(echo "$summary" | sed -E 's/.*: ?([0-9]+) tests executed.*/\1/')
        fails=$(echo "$summary" | sed -E 's/.*, ([0-9]+) failures?\).*/\1/')
        skips=$(echo "$summary" | sed -E 's/.*\), ([0-9]+) skipped.*/\1/')
    else
        checks="?"
        fails=$(grep -a -c "Test failed" "$work/$t.log")
        skips=$(grep -a -c "Tests skipped" "$work/$t.log")
    fi
    crash=no
    if grep -a -q "last test seen before the exception\|unhandled exception" "$work/$t.log"; then
        crash=yes
    elif { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && [ -z "$summary" ]; then
        # (a finished test exits with its failure count, which may be 124)
        crash=timeout
    elif [ -z "$summary" ]; then
        crash="exit $rc"
    fi
    printf '%-11s %9s %9s %7s %6s %8s\n' "$t" "$checks" "$fails" "$skips" "$crash" "$dt"
    # Failures per test function: each failure line names FILE:LINE; the
    # function is the last "static void test_..." (or similar) before it.
    grep -a -o "^$t\.c:[0-9]*: Test failed" "$work/$t.log" | cut -d: -f2 >"$work/$t.lines"
    if [ -s "$work/$t.lines" ]; then
        awk 'NR == FNR { want[$1]++; next }
             /^(static )?(void|BOOL|HRESULT|DWORD|int) [a-z_0-9]+\(/ {
                 name = $0; sub(/\(.*/, "", name); sub(/.* /, "", name) }
             (FNR in want) { count[name] += want[FNR] }
             END { for (n in count) printf "    %6d  %s\n", count[n], n }' \
            "$work/$t.lines" "$src/dlls/d3d9/tests/$t.c" | sort -rn | head -n 25
    fi
    if [ "$crash" = yes ]; then
        grep -a "last test seen before the exception" "$work/$t.log" | head -n 3 | sed 's/^/    /'
    fi
done
