#!/bin/sh
# Our drawstress side by side with the same scenes on DXVK-native (when its
# d3d9 library is given; we neither build nor ship DXVK) and in raw Vulkan
# (bench/rawvk), interleaved, with the ratios of the medians of this one run.
#
#   bench/side-by-side.sh BUILD_DIR [--dxvk /path/to/libdxvk_d3d9.so]
#                         [--runs N] [--draws N] [--frames F]
#
# For each run (default 3) and each variant (up, vb, churn) it runs, one
# after the other:
#   ours   drawstress --transport inproc (nereid's libd3d9.so, in process);
#   DXVK   the same drawstress binary with DXVK-native's library found
#          first as libd3d9.so.0: a private folder holding a link of that
#          name (and libd3d9.so) to the given file goes first on
#          LD_LIBRARY_PATH, which the loader searches before drawstress's
#          RUNPATH ($ORIGIN), so nereid's library is not loaded at all.
#          drawstress looks nereid's own functions up at run time and, not
#          finding them, prints "foreign" and waits for each frame with an
#          event query (see the top of bench/drawstress.c); a line that
#          says anything else means nereid's library answered, and the
#          column is given up.  drawstress passes no window (hDeviceWindow
#          NULL): a DXVK-native that wants one for CreateDevice or Present
#          fails here, and the column says "failed" with its last words.
#          DXVK-native picks its WSI with DXVK_WSI_DRIVER (SDL2, SDL3,
#          GLFW) and its device with DXVK_FILTER_DEVICE_NAME; both are
#          passed through from the environment, as NEREID_DEVICE is to ours
#          and to rawvk;
#   raw    rawvk, one vkCmdDraw a triangle, and for vb also rawvk --multi
#          (one vkCmdDraw of all).
# Each line's frame figure is that program's median frame time over frames
# 3..F-1 (F = 40 by default); the table gives, per column, the median of
# the runs (the runs in brackets), and the ratios of those medians.
set -u

usage() {
    echo "usage: $0 BUILD_DIR [--dxvk /path/to/libdxvk_d3d9.so] [--runs N] [--draws N] [--frames F]" >&2
    exit 2
}

[ $# -ge 1 ] || usage
case $1 in -*) usage ;; esac
build=$(cd "$1" 2>/dev/null && pwd) || { echo "$0: no folder $1" >&2; exit 2; }
shift
dxvk='' runs=3 draws=10000 frames=40
while [ $# -gt 0 ]; do
    case $1 in
    --dxvk) [ $# -ge 2 ] || usage; dxvk=$2; shift 2 ;;
    --runs) [ $# -ge 2 ] || usage; runs=$2; shift 2 ;;
    --draws) [ $# -ge 2 ] || usage; draws=$2; shift 2 ;;
    --frames) [ $# -ge 2 ] || usage; frames=$2; shift 2 ;;
    *) usage ;;
    esac
done
for p in drawstress rawvk; do
    if [ ! -x "$build/$p" ]; then
        echo "$0: $build/$p is missing (ninja -C $build drawstress rawvk)" >&2
        exit 1
    fi
done

tmp=$(mktemp -d /tmp/nereid-side-by-side-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
lines=$tmp/lines
: >"$lines"

dxvk_state="not given"
if [ -n "$dxvk" ]; then
    if [ ! -f "$dxvk" ]; then
        echo "$0: --dxvk $dxvk: no such file" >&2
        exit 2
    fi
    dxvk=$(cd "$(dirname "$dxvk")" && pwd)/$(basename "$dxvk")
    if command -v nm >/dev/null && ! nm -D --defined-only "$dxvk" 2>/dev/null |
            grep -q ' Direct3DCreate9$'; then
        echo "$0: $dxvk exports no Direct3DCreate9: not a d3d9 library" >&2
        exit 2
    fi
    mkdir "$tmp/dxvk"
    ln -s "$dxvk" "$tmp/dxvk/libd3d9.so.0"
    ln -s "$dxvk" "$tmp/dxvk/libd3d9.so"
    dxvk_state=run
fi

# run COLUMN VARIANT COMMAND...: appends "COLUMN VARIANT frame_ms api_ns"
# for the program's result line, or "COLUMN VARIANT failed".
run() {
    col=$1 v=$2
    shift 2
    if timeout 300 "$@" >"$tmp/out" 2>"$tmp/err"; then rc=0; else rc=$?; fi
    line=$(grep -E "^$v +[a-z-]+ +draws " "$tmp/out" | tail -n 1)
    if [ $rc -ne 0 ] || [ -z "$line" ]; then
        echo "$col $v failed" >>"$lines"
        echo "-- $col $v failed (exit status $rc); the end of its output:" >&2
        tail -n 5 "$tmp/err" "$tmp/out" >&2
        return 1
    fi
    echo "$line" | awk -v c="$col" '{ print c, $1, $6, $9, $2 }' >>"$lines"
    return 0
}

for r in $(seq "$runs"); do
    for v in up vb churn; do
        run ours "$v" "$build/drawstress" --variant "$v" --transport inproc \
            --draws "$draws" --frames "$frames"
        if [ "$dxvk_state" = run ]; then
            if run dxvk "$v" env \
                LD_LIBRARY_PATH="$tmp/dxvk${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
                "$build/drawstress" --variant "$v" --draws "$draws" --frames "$frames"; then
                if ! tail -n 1 "$lines" | grep -q ' foreign$'; then
                    echo "$0: drawstress found nereid's libd3d9, not $dxvk: DXVK column given up" >&2
                    dxvk_state="not run (nereid's library answered)"
                    sed -i '/^dxvk /d' "$lines"
                fi
            fi
        fi
        run raw "$v" "$build/rawvk" --variant "$v" --draws "$draws" --frames "$frames"
        [ "$v" = vb ] && run rawmulti "$v" "$build/rawvk" --variant "$v" --multi \
            --draws "$draws" --frames "$frames"
    done
    echo "run $r of $runs done" >&2
done

device=$("$build/rawvk" --draws 1 --frames 4 2>&1 >/dev/null | sed -n 's/^rawvk: \(.*\), target.*/\1/p' | head -n 1)
echo
echo "drawstress against DXVK-native and raw Vulkan: $draws draws a frame, $frames frames, $runs runs interleaved"
echo "device (rawvk's): ${device:-unknown}; DXVK: ${dxvk:-not given}${dxvk:+ ($dxvk_state)}"
echo
echo "Frame ms, median of the runs (the runs in brackets); ratios of the medians."
echo
awk -v dxvk_state="$dxvk_state" -v runs="$runs" '
function med(s,   n, a, i, j, t) {
    n = split(s, a, " ");
    if (n == 0) return -1;
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function cell(k,   m) {
    if (!(k in vals)) return (k in fails) ? "failed" : "n/a";
    m = med(vals[k]);
    return sprintf("%.3f (%s)%s", m, list[k], (k in fails) ? sprintf(", %d failed", fails[k]) : "");
}
function ratio(a, b) {
    if (!(a in vals) || !(b in vals) || med(vals[b]) <= 0) return "n/a";
    return sprintf("%.2f", med(vals[a]) / med(vals[b]));
}
$3 == "failed" { fails[$1 " " $2]++; next }
{
    k = $1 " " $2;
    vals[k] = vals[k] " " $3;
    list[k] = (count[k]++ ? list[k] ", " : "") sprintf("%.3f", $3);
}
END {
    print "| variant | ours (nereid, inproc) | DXVK-native | raw Vulkan, one draw each | raw Vulkan, one draw of all | ours / raw | ours / raw all | ours / DXVK |";
    print "|---|---|---|---|---|---|---|---|";
    split("up vb churn", vs, " ");
    for (i = 1; i <= 3; i++) {
        v = vs[i];
        d = dxvk_state == "run" ? cell("dxvk " v) : dxvk_state;
        dr = dxvk_state == "run" ? ratio("ours " v, "dxvk " v) : dxvk_state;
        printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", v, cell("ours " v), d,
               cell("raw " v), v == "vb" ? cell("rawmulti " v) : "n/a",
               ratio("ours " v, "raw " v), v == "vb" ? ratio("ours " v, "rawmulti " v) : "n/a", dr;
    }
}' "$lines"
echo
echo "API thread ns/draw (drawstress: the draw loop; rawvk: recording, vertex copies included), medians:"
awk '
function med(s,   n, a, i, j, t) {
    n = split(s, a, " ");
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
        if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
$3 != "failed" { k = $2 " " $1; api[k] = api[k] " " $4; keys[k] = 1 }
END { for (k in keys) printf "  %-16s %8.1f\n", k, med(api[k]) }' "$lines" | sort
grep -q ' failed$' "$lines" && exit 1
exit 0
