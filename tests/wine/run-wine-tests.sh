#!/bin/sh
# Runs the Windows build's tests (d3d9.dll and Windows console programs built
# with mingw-w64) under Wine, against a nereid-server that runs natively.
#   tests/wine/run-wine-tests.sh BUILD_DIR PE_BUILD_DIR
# It makes a Wine prefix of its own under PE_BUILD_DIR (once; crash dialogs
# off), starts Xvfb on a free display when there is no DISPLAY (the tests
# need none; NEREID_WINE_XVFB=0 leaves it out), starts nereid-server on a
# free TCP port with the validation layer on, runs each test and prints its
# closing line, then the sum "N passed, N failed[, N skipped]" last.
set -u
build=$(cd "${1:-build}" 2>/dev/null && pwd)
pe=$(cd "${2:-build-pe}" 2>/dev/null && pwd)
start=$(date +%s)
pass=0 fail=0 skipped=0
server_pid= xvfb_pid= wine= wineserver=

finish() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    [ -n "$wineserver" ] && WINEPREFIX="$WINEPREFIX" "$wineserver" -k 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    echo "wine tests: $(( $(date +%s) - start )) s in all"
    if [ "$skipped" != 0 ]; then
        echo "$pass passed, $fail failed, $skipped skipped"
    else
        echo "$pass passed, $fail failed"
    fi
}

for w in wine64 wine /usr/lib/wine/wine64; do
    if command -v "$w" >/dev/null 2>&1; then wine=$(command -v "$w"); break; fi
done
for w in wineserver /usr/lib/wine/wineserver; do
    if command -v "$w" >/dev/null 2>&1; then wineserver=$(command -v "$w"); break; fi
done
if [ -z "$pe" ] || [ ! -f "$pe/pe/d3d9.dll" ] || [ -z "$wine" ] || [ -z "$build" ]; then
    echo "SKIP: needs the PE build (d3d9.dll in ${2:-build-pe}/pe), wine64 and the native build"
    skipped=1 wineserver=
    finish
    exit 0
fi
bin="$pe/pe"

export WINEPREFIX="$pe/wine-prefix" WINEDEBUG=-all WINEDLLOVERRIDES=d3d9=n
unset WINEARCH

# ---- a display of our own when there is none (Wine's user32 can use it;
# the console tests run without one too)
if [ -z "${DISPLAY:-}" ] && [ "${NEREID_WINE_XVFB:-1}" != 0 ] &&
   command -v Xvfb >/dev/null 2>&1; then
    n=90
    while [ $n -lt 190 ] && { [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; }; do
        n=$((n + 1))
    done
    Xvfb :$n -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    i=0
    while [ $i -lt 50 ] && [ ! -e /tmp/.X11-unix/X$n ] && kill -0 $xvfb_pid 2>/dev/null; do
        sleep 0.1; i=$((i + 1))
    done
    if [ -e /tmp/.X11-unix/X$n ]; then
        export DISPLAY=:$n
        echo "Xvfb on :$n"
    else
        echo "Xvfb did not start; running without a display"
        kill $xvfb_pid 2>/dev/null; xvfb_pid=
    fi
fi

# ---- the prefix, made once
if [ ! -f "$WINEPREFIX/.nereid-ready" ]; then
    t0=$(date +%s)
    rm -rf "$WINEPREFIX"
    timeout 300 "$wine" wineboot -i >/dev/null 2>&1
    # A crashing program must not wait in winedbg's dialog.
    timeout 60 "$wine" reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog \
        /t REG_DWORD /d 0 /f >/dev/null 2>&1
    rc=$?
    "$wineserver" -w
    if [ $rc = 0 ]; then
        touch "$WINEPREFIX/.nereid-ready"
        echo "wine prefix $WINEPREFIX made in $(( $(date +%s) - t0 )) s"
    else
        echo "FAIL: cannot make the wine prefix $WINEPREFIX"
        fail=$((fail + 1)); finish; exit 1
    fi
fi

# ---- one wineserver for all the programs.  Left to itself it exits a few
# seconds after its last client, and a program that starts while it exits
# fails to connect ("recvmsg: Connection reset by peer", seen in CI); a
# persistent one lives until finish() kills it.
"$wineserver" -p

# ---- the server: a free port on 127.0.0.1, validation layer on; its TCP
# token in our folder (Wine passes NEREID_TCP_TOKEN_FILE to the programs,
# and the server the DLL starts itself inherits it).
log_dir=$(mktemp -d /tmp/nereid-wine-XXXXXX)
export NEREID_TCP_TOKEN_FILE="$log_dir/tcp-token"
port=
for attempt in 1 2 3 4 5; do
    p=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
    NEREID_VALIDATION=1 "$build/nereid-server" --no-unix --tcp 127.0.0.1:$p \
        >"$log_dir/server.log" 2>&1 &
    server_pid=$!
    i=0
    while [ $i -lt 200 ] && kill -0 $server_pid 2>/dev/null &&
          ! grep -q "serving on" "$log_dir/server.log"; do
        sleep 0.1; i=$((i + 1))
    done
    if grep -q "serving on" "$log_dir/server.log"; then port=$p; break; fi
    kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; server_pid=
done
if [ -z "$port" ]; then
    echo "FAIL: nereid-server did not start"; cat "$log_dir/server.log"
    fail=$((fail + 1)); finish; rm -rf "$log_dir"; exit 1
fi

# Runs one Windows test program; adds its closing line to the sums.
run_exe() {
    name=$1; shift
    t0=$(date +%s)
    (cd "$bin" && env "$@" timeout 300 "$wine" "./test_$name.exe") \
        >"$log_dir/$name.log" 2>&1
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log_dir/$name.log" | tail -n 1)
    grep -E '^(FAIL|SKIP)' "$log_dir/$name.log" | head -n 40
    if [ -z "$line" ]; then
        echo "FAIL: wine/$name: no closing line (exit $rc)"
        tail -n 20 "$log_dir/$name.log"
        fail=$((fail + 1)); return
    fi
    echo "== wine/$name: $line ($(( $(date +%s) - t0 )) s)"
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p')
    pass=$((pass + p)); fail=$((fail + f)); skipped=$((skipped + ${s:-0}))
    if [ "$f" = 0 ] && [ "$rc" != 0 ]; then
        echo "FAIL: wine/$name exited with $rc"; fail=$((fail + 1))
    fi
}

run_exe triangle NEREID_SERVER=tcp:127.0.0.1:$port
run_exe refcount NEREID_SERVER=tcp:127.0.0.1:$port
run_exe buffers NEREID_SERVER=tcp:127.0.0.1:$port
run_exe textures NEREID_SERVER=tcp:127.0.0.1:$port
run_exe ffp NEREID_SERVER=tcp:127.0.0.1:$port
run_exe stateblock NEREID_SERVER=tcp:127.0.0.1:$port
run_exe query NEREID_SERVER=tcp:127.0.0.1:$port
run_exe msaa NEREID_SERVER=tcp:127.0.0.1:$port
run_exe swapchain NEREID_SERVER=tcp:127.0.0.1:$port
run_exe ex NEREID_SERVER=tcp:127.0.0.1:$port
run_exe hwnd NEREID_SERVER=tcp:127.0.0.1:$port
# Direct3D 11: our d3d11.dll and dxgi.dll, not Wine's.
run_exe d3d11 NEREID_SERVER=tcp:127.0.0.1:$port WINEDLLOVERRIDES=d3d9,d3d11,dxgi=n
run_exe d3d11_shared NEREID_SERVER=tcp:127.0.0.1:$port WINEDLLOVERRIDES=d3d9,d3d11,dxgi=n
run_exe dxgi_window NEREID_SERVER=tcp:127.0.0.1:$port WINEDLLOVERRIDES=d3d9,d3d11,dxgi=n

# The DLL without a server, and starting one itself on a port of its own.
auto=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
[ "$auto" = "$port" ] && auto=$((auto + 1))
NEREID_VALIDATION=1 TMPDIR="$log_dir" run_exe noserver \
    NEREID_TEST_AUTOSTART_PORT=$auto NEREID_TEST_SERVER_EXE="$build/nereid-server"
# The server the DLL started outlives the test: stop it (found by the exact
# port the test gave it) and check it saw no validation error.
for d in /proc/[0-9]*; do
    if { tr '\0' ' ' <"$d/cmdline"; } 2>/dev/null |
       grep -q "nereid-server --no-unix --tcp 127.0.0.1:$auto \$"; then
        kill "${d#/proc/}"
    fi
done
sleep 0.5
if grep -q "validation error" "$log_dir/nereid-server-$auto.log" 2>/dev/null; then
    echo "FAIL: the server the DLL started saw validation errors"
    cat "$log_dir/nereid-server-$auto.log"; fail=$((fail + 1))
fi

# The server must exit cleanly: 3 means Vulkan validation errors.
kill "$server_pid"; wait "$server_pid"; rc=$?; server_pid=
if [ $rc = 0 ]; then
    pass=$((pass + 1))
else
    echo "FAIL: nereid-server exited with $rc (3: validation errors)"
    tail -n 20 "$log_dir/server.log"; fail=$((fail + 1))
fi
rm -rf "$log_dir"
finish
[ "$fail" = 0 ]
