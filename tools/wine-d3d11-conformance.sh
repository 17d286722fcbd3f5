#!/bin/sh
# Builds Wine's Direct3D 11 conformance test (dlls/d3d11/tests/d3d11.c, the
# test program's only source: its Makefile.in) from a Wine source tree you
# point it at and runs it under Wine on a private Xvfb display twice: with
# our d3d11.dll and dxgi.dll (WINEDLLOVERRIDES=d3d11,dxgi=n, the DLLs next
# to the test) against a native nereid-server ("nereid"), and with Wine's
# builtin d3d11 and dxgi (no DLLs, no override: "wined3d") for comparison.
# Prints per configuration: checks, failures, skips, crashes, time-outs,
# wall time, the failures per test function and each crash.
#
#   tools/wine-d3d11-conformance.sh WINE_SRC [BUILD] [PE_BUILD] [SECONDS]
#
# WINE_SRC is a Wine source tree (tag wine-8.0 is the one measured in
# docs/CONFORMANCE.md); from a git clone of Wine:
#   git -C WINE_GIT archive wine-8.0 dlls/d3d11/tests include | tar -x -C WINE_SRC
# BUILD and PE_BUILD are the native and PE build folders (default build,
# build-pe, made by `make`); SECONDS limits each test function (default 120).
# NEREID_CONFORMANCE_TOTAL limits each configuration (default 3600 s);
# NEREID_CONFORMANCE_CONFIGS picks them ("nereid wined3d");
# NEREID_CONFORMANCE_KEEP=1 keeps the logs (their folder is printed).
# Scoring is Windows': WINETEST_PLATFORM=windows, so todo_wine is no excuse.
#
# The d3d11 test is one Wine "test" whose START_TEST queues its 155 test
# functions (199 entries: some once per feature level) and runs them on
# threads; they cannot be picked from the command line.  So that one crash does not hide
# the rest, the script builds a temporary copy of d3d11.c (in /tmp, never
# in this repository) with a small harness added before START_TEST: the
# queued entries run one at a time (as Wine's --single does) from
# NEREID_D3D11_FIRST on, each announced with the counts so far; at a crash
# (an unhandled exception) or when an entry runs past SECONDS the harness
# prints the counts and the process ends, and the script starts it again
# from the next entry.  The two functions START_TEST calls after the queue
# (test_instanced_draw, test_generate_mips) are queued last instead, which
# runs them in the same order.  Checks and failures are Wine's own counters
# (those of a crashed entry up to its crash); nothing else is changed.
set -u
src=${1:?usage: tools/wine-d3d11-conformance.sh WINE_SRC [BUILD] [PE_BUILD] [SECONDS]}
build=$(cd "${2:-build}" && pwd)
pe=$(cd "${3:-build-pe}" && pwd)
limit=${4:-120}
total=${NEREID_CONFORMANCE_TOTAL:-3600}
configs=${NEREID_CONFORMANCE_CONFIGS:-"nereid wined3d"}
cc=x86_64-w64-mingw32-gcc
test_c="$src/dlls/d3d11/tests/d3d11.c"

for f in "$src/include/wine/test.h" "$test_c" "$pe/pe/d3d11.dll" "$pe/pe/dxgi.dll" \
         "$build/nereid-server"; do
    [ -e "$f" ] || { echo "missing: $f"; exit 2; }
done
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)
work=$(mktemp -d /tmp/nereid-conformance-d3d11-XXXXXX)
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
trap 'exit 1' INT TERM HUP PIPE  # (so that the EXIT trap runs)

# ---- build: Wine's test framework header and what it needs from Wine,
# the rest (d3d11_4.h and friends) from mingw-w64's headers.
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
cat >"$work/harness.c" <<'EOF'
/* nereid's harness (tools/wine-d3d11-conformance.sh): names each queued
 * entry, runs the entries one at a time from NEREID_D3D11_FIRST on and
 * prints Wine's counters before each, at a crash, when an entry runs past
 * NEREID_D3D11_ENTRY_LIMIT seconds (then ends the process) and at the end. */
static const char *nereid_names[4096];
static volatile LONG nereid_entry = -1;
static volatile DWORD nereid_entry_start;

static void nereid_name_from(size_t first, const char *name)
{
    while (first < mt_test_count && first < ARRAY_SIZE(nereid_names))
        nereid_names[first++] = name;
}

#define NEREID_NAMED(call, name) \
    do { size_t nereid_first_ = mt_test_count; call; nereid_name_from(nereid_first_, name); } while (0)
#define queue_test(t) NEREID_NAMED(queue_test(t), #t)
#define queue_for_each_feature_level(t) NEREID_NAMED(queue_for_each_feature_level(t), #t)
#define queue_for_each_9_x_feature_level(t) NEREID_NAMED(queue_for_each_9_x_feature_level(t), #t)
#define queue_for_each_feature_level_in_range(b, e, t) \
    NEREID_NAMED(queue_for_each_feature_level_in_range(b, e, t), #t)

static void nereid_mark(const char *what, LONG i)
{
    BOOL known = i >= 0 && (size_t)i < mt_test_count;

    printf("\nnereid-%s %d %s %#x checks %d failures %d skipped %d\n", what, (int)i,
            known && nereid_names[i] ? nereid_names[i] : "-", known ? (unsigned int)mt_tests[i].fl : 0,
            (int)(successes + failures + flaky_failures + todo_successes + todo_failures),
            (int)(failures + todo_failures), (int)skipped);
    fflush(stdout);
}

static LONG CALLBACK nereid_exc_filter(EXCEPTION_POINTERS *ptrs)
{
    nereid_mark("crash", nereid_entry);
    return exc_filter(ptrs);
}

static DWORD WINAPI nereid_watchdog(void *ctx)
{
    DWORD limit = *(DWORD *)ctx;

    for (;;)
    {
        Sleep(250);
        if (nereid_entry >= 0 && GetTickCount() - nereid_entry_start > limit * 1000)
        {
            nereid_mark("timeout", nereid_entry);
            TerminateProcess(GetCurrentProcess(), 124);
        }
    }
    return 0;
}

static void nereid_run_queued_tests(void)
{
    static DWORD limit;
    const char *s;
    size_t i, first = (s = getenv("NEREID_D3D11_FIRST")) ? strtoul(s, NULL, 10) : 0;

    SetUnhandledExceptionFilter(nereid_exc_filter);
    if ((s = getenv("NEREID_D3D11_ENTRY_LIMIT")) && (limit = strtoul(s, NULL, 10)))
        CloseHandle(CreateThread(NULL, 0, nereid_watchdog, &limit, 0, NULL));
    printf("\nnereid-entries %u\n", (unsigned int)mt_test_count);
    for (i = first; i < mt_test_count; ++i)
    {
        nereid_mark("entry", i);
        nereid_entry_start = GetTickCount();
        nereid_entry = i;
        run_mt_test(&mt_tests[i]);
    }
    nereid_entry = -1;
    nereid_mark("done", mt_test_count);
}

EOF
# The copy: the harness before START_TEST; START_TEST's run_queued_tests()
# and the two direct calls after it become queue, queue, run.
awk -v harness="$work/harness.c" '
    /^START_TEST\(d3d11\)/ { while ((getline l < harness) > 0) print l; in_start = 1 }
    in_start && /^    run_queued_tests\(\);$/ { run = 1; next }
    in_start && run && /^    test_instanced_draw\(\);$/ { print "    queue_test(test_instanced_draw);"; n++; next }
    in_start && run && /^    test_generate_mips\(\);$/ {
        print "    queue_test(test_generate_mips);"; print "    nereid_run_queued_tests();"; n++; next }
    { print }
    END { if (n != 2) exit 1 }' "$test_c" >"$work/d3d11.c" ||
    { echo "d3d11.c is not laid out as the harness expects (wine-8.0's is)"; exit 1; }
if ! "$cc" -O1 -g -w -DSTANDALONE -include "$work/inc/compat.h" -I"$work/inc" \
        -o "$work/d3d11.exe" "$work/d3d11.c" "$work/inc/compat.c" \
        -ld3d11 -ldxgi -luser32 -lgdi32 -lole32 >"$work/d3d11.build" 2>&1; then
    echo "cannot build d3d11:"; tail -n 20 "$work/d3d11.build"; exit 1
fi
for c in $configs; do
    mkdir -p "$work/$c"
    cp "$work/d3d11.exe" "$work/$c/"
    [ "$c" = nereid ] && cp "$pe/pe/d3d11.dll" "$pe/pe/dxgi.dll" "$work/$c/"
done

# ---- a display, a prefix, a server of our own
n=100
while [ $n -lt 200 ] && { [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; }; do
    n=$((n + 1))
done
Xvfb :$n -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
i=0
while [ $i -lt 50 ] && [ ! -e /tmp/.X11-unix/X$n ]; do sleep 0.1; i=$((i + 1)); done
export DISPLAY=:$n WINEPREFIX="$work/prefix" WINEDEBUG=-all
export WINETEST_PLATFORM=windows NEREID_TCP_TOKEN_FILE="$work/tcp-token"
export NEREID_D3D11_ENTRY_LIMIT=$limit
unset WINEDLLOVERRIDES
timeout 300 "$wine" wineboot -i >/dev/null 2>&1
timeout 60 "$wine" reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD \
    /d 0 /f >/dev/null 2>&1
port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
"$build/nereid-server" --no-unix --tcp 127.0.0.1:$port >"$work/server.log" 2>&1 &
server_pid=$!
i=0
while [ $i -lt 200 ] && ! grep -q "serving on" "$work/server.log" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
grep -q "serving on" "$work/server.log" || { echo "nereid-server did not start"; exit 1; }
export NEREID_SERVER=tcp:127.0.0.1:$port

# ---- run past each crash; score from the harness's markers.
# Each run's log: markers "nereid-KIND INDEX NAME FL checks C failures F
# skipped S" (KIND entry, crash, timeout, done).  score.awk writes one line
# per entry reached: index name fl checks failures skips outcome.
cat >"$work/score.awk" <<'EOF'
BEGIN { cur = -1 }
function flush(outcome) {
    if (cur >= 0)
        printf "%d %s %s %d %d %d %s\n", cur, name, fl, c - c0, f - f0, s - s0, outcome
    cur = -1
}
match($0, /nereid-(entry|crash|timeout|done) -?[0-9]+ [^ ]+ [0-9a-fx]+ checks [0-9]+ failures [0-9]+ skipped [0-9]+/) {
    split(substr($0, RSTART, RLENGTH), m, " ")
    kind = m[1]; sub(/nereid-/, "", kind)
    c = m[6]; f = m[8]; s = m[10]
    if (kind == "entry") {
        if (cur >= 0) flush("ok")
        else if (first_run && !pre_done)
            printf "-1 (before-the-first-entry) 0 %d %d %d ok\n", c, f, s
        pre_done = 1
        cur = m[2]; name = m[3]; fl = m[4]; c0 = c; f0 = f; s0 = s
    } else if (kind == "done") {
        flush("ok")
        print "done"
    } else {
        flush(kind)
    }
    next
}
END { if (cur >= 0) { c = c0; f = f0; s = s0; flush("exit") } }
EOF

t_start=$(date +%s)
for c in $configs; do
    if [ "$c" = nereid ]; then export WINEDLLOVERRIDES=d3d11,dxgi=n; else unset WINEDLLOVERRIDES; fi
    t0=$(date +%s)
    first=0 run=0 entries=
    : >"$work/$c.entries"
    while :; do
        left=$(( total - ($(date +%s) - t0) ))
        [ $left -gt 0 ] || { echo "$c: the limit of $total s ran out at entry $first" >>"$work/$c.notes"; break; }
        log="$work/$c/run$run.log"
        s0=$(wc -l <"$work/server.log")
        (cd "$work/$c" && NEREID_D3D11_FIRST=$first timeout "$left" "$wine" ./d3d11.exe) >"$log" 2>&1
        rc=$?
        tail -n +$((s0 + 1)) "$work/server.log" >"$work/$c/run$run.server"
        [ -n "$entries" ] || entries=$(grep -a -o "nereid-entries [0-9]*" "$log" | head -n 1 | cut -d' ' -f2)
        awk -v first_run=$(( run == 0 )) -f "$work/score.awk" "$log" >"$work/$c/run$run.score"
        grep -v '^done$' "$work/$c/run$run.score" >>"$work/$c.entries"
        if grep -q '^done$' "$work/$c/run$run.score"; then
            break
        fi
        last=$(grep -v '^done$' "$work/$c/run$run.score" | tail -n 1)
        if [ -z "$last" ] || [ "$(echo "$last" | cut -d' ' -f1)" -lt 0 ]; then
            echo "$c: run $run (from entry $first) stopped before an entry, rc $rc" >>"$work/$c.notes"
            break
        fi
        idx=$(echo "$last" | cut -d' ' -f1)
        how=$(echo "$last" | cut -d' ' -f7)
        # what the crash looked like, and where in d3d11.c the test was
        seen=$(grep -a -o "d3d11\.c:[0-9]*:[^ ]* this is the last test seen" "$log" | tail -n 1 | cut -d: -f2)
        exc=$(grep -a -o "unhandled exception [0-9a-f]* at [0-9A-Fa-fx]*" "$log" | tail -n 1)
        # an address in the test program (it is built with -g): its line
        at=$(echo "$exc" | sed -n 's/.* at //p')
        if [ -n "$at" ] && command -v x86_64-w64-mingw32-addr2line >/dev/null; then
            where=$(x86_64-w64-mingw32-addr2line -f -s -e "$work/d3d11.exe" "0x${at#0x}" |
                    paste -sd' ' -)
            case $where in *'??'*) where="outside d3d11.exe" ;; esac
            exc="$exc ($where)"
        fi
        [ "$how" = exit ] && how="exit $rc"
        # a context the server cut off in this run (Map then answers
        # DXGI_ERROR_DEVICE_REMOVED), with the server's reason
        cut=$(grep -a -o "cut off at .*" "$work/$c/run$run.server" | tail -n 1)
        echo "$idx $(echo "$last" | cut -d' ' -f2-3) | $how | last check d3d11.c:${seen:-?} | ${exc:-}${cut:+ | server: $cut}" \
            >>"$work/$c.crashes"
        first=$((idx + 1))
        run=$((run + 1))
        [ -n "$entries" ] && [ "$first" -ge "$entries" ] && break
    done
    dt=$(( $(date +%s) - t0 ))
    echo "$c $(( run + 1 )) $dt ${entries:-?}" >"$work/$c.runs"
done

printf '%-8s %8s %9s %6s %8s %9s %7s %5s %8s\n' config checks failures skips crashes timeouts entries runs seconds
for c in $configs; do
    read -r _ runs dt entries <"$work/$c.runs"
    awk -v c="$c" -v runs="$runs" -v dt="$dt" -v entries="$entries" '
        { checks += $4; fails += $5; skips += $6; if ($1 >= 0) reached++ }
        $7 == "crash" { crashes++ } $7 == "timeout" { timeouts++ } $7 == "exit" { crashes++ }
        END { printf "%-8s %8d %9d %6d %8d %9d %3d/%-3s %5d %8d\n", c, checks, fails, skips,
                     crashes, timeouts, reached, entries, runs, dt }' "$work/$c.entries"
done
for c in $configs; do
    echo
    echo "$c: failures per test function (all feature levels)"
    awk '$1 >= 0 { f[$2] += $5 } END { for (n in f) if (f[n]) printf "    %6d  %s\n", f[n], n }' \
        "$work/$c.entries" | sort -rn | head -n 25
    if [ -s "$work/$c.crashes" ]; then
        echo "$c: entries that crashed or ran past $limit s (entry name feature-level)"
        sed 's/^/    /' "$work/$c.crashes"
    fi
    [ -s "$work/$c.notes" ] && sed 's/^/    /' "$work/$c.notes"
done
echo
echo "total wall time: $(( $(date +%s) - t_start )) s"
