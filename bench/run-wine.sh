#!/bin/sh
# drawstress.exe (the PE d3d9.dll) under Wine against a native
# nereid-server, over stream-tcp and shm-tcp, and the native drawstress over
# the same two transports (and shm over the unix socket) for comparison;
# RUNS runs of each, then the median of each row's columns.
#   bench/run-wine.sh [BUILD_DIR] [PE_BUILD_DIR] [RUNS]
# Uses the Wine prefix tests/wine/run-wine-tests.sh made under PE_BUILD_DIR.
set -u
build=$(cd "${1:-build}" && pwd)
pe=$(cd "${2:-build-pe}" && pwd)
runs=${3:-5}
wine=$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
export WINEPREFIX="$pe/wine-prefix" WINEDEBUG=-all WINEDLLOVERRIDES=d3d9=n
export NEREID_SERVER_EXE="$build/nereid-server"
out=$(mktemp /tmp/nereid-bench-XXXXXX)
export NEREID_TCP_TOKEN_FILE="$out.token" # the server's TCP token, for wine's clients
port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000 ))
"$build/nereid-server" --no-unix --tcp 127.0.0.1:$port >"$out.server" 2>&1 &
server=$!
i=0
while [ $i -lt 200 ] && ! grep -q "serving on" "$out.server"; do sleep 0.1; i=$((i + 1)); done
for r in $(seq "$runs"); do
    for t in stream-tcp shm-tcp; do
        for v in up vb; do
            (cd "$pe/pe" && NEREID_SERVER=tcp:127.0.0.1:$port \
                timeout 300 "$wine" ./drawstress.exe --variant $v --transport $t \
                --draws 10000 --frames 40) 2>/dev/null | grep -a "draws" |
                sed 's/^/wine   /' | tee -a "$out"
            "$build/drawstress" --variant $v --transport $t --draws 10000 \
                --frames 40 2>/dev/null | grep "draws" | sed 's/^/native /' | tee -a "$out"
        done
    done
    for v in up vb; do
        "$build/drawstress" --variant $v --transport shm --draws 10000 \
            --frames 40 2>/dev/null | grep "draws" | sed 's/^/native /' | tee -a "$out"
    done
    for t in stream-tcp shm-tcp; do
        (cd "$pe/pe" && NEREID_SERVER=tcp:127.0.0.1:$port \
            timeout 300 "$wine" ./roundtrip.exe --transport $t --iterations 2000) \
            2>/dev/null | grep -a "read-back" | sed 's/^/wine   /' | tee -a "$out.rt"
        "$build/roundtrip" --transport $t --iterations 2000 2>/dev/null |
            grep "read-back" | sed 's/^/native /' | tee -a "$out.rt"
    done
    "$build/roundtrip" --transport shm --iterations 2000 2>/dev/null |
        grep "read-back" | sed 's/^/native /' | tee -a "$out.rt"
done
kill $server
echo "medians (frame ms, api ns/draw, server ns/draw):"
# Fields: 1 where, 2 variant, 3 transport, 7 frame ms, 10 api ns/draw, 19 server ns/draw
sort -k1,1 -k2,2 -k3,3 "$out" | awk '
function med(s,   n, a, i, j, t) {
    n = split(s, a, " ");
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ k = $1 " " $2 " " $3; f[k] = f[k] " " $7; a[k] = a[k] " " $10; s[k] = s[k] " " $19; keys[k] = 1 }
END { for (k in keys) printf "%-28s %8.3f ms %8.1f ns/draw api %8.1f ns/draw server\n", k, med(f[k]), med(a[k]), med(s[k]) }' | sort
echo "medians (read-back 1x1 median, p99; bare round trip median, p99; µs):"
# Fields: 1 where, 2 transport, 6 read-back median, 9 p99, 15 bare median, 18 p99
sort -k1,1 -k2,2 "$out.rt" | awk '
function med(s,   n, a, i, j, t) {
    n = split(s, a, " ");
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ k = $1 " " $2; r[k] = r[k] " " $6; rp[k] = rp[k] " " $9; b[k] = b[k] " " $15; bp[k] = bp[k] " " $18; keys[k] = 1 }
END { for (k in keys) printf "%-20s %8.1f %8.1f %8.1f %8.1f\n", k, med(r[k]), med(rp[k]), med(b[k]), med(bp[k]) }' | sort
rm -f "$out" "$out.rt" "$out.server"
