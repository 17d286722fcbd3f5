#!/bin/sh
# Remakes tests/d3d11/shaders.h from tests/d3d11/shaders.hlsl: each entry
# point listed in the .hlsl's header comment compiled to DXBC by D3DCompile
# (Wine's d3dcompiler_47 under wine64; needs mingw-w64 and wine64), written
# as a C array.  The arrays are data the tests check in; this is not run by
# the build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
src="$root/tests/d3d11/shaders.hlsl"
out="$root/tests/d3d11/shaders.h"
tmp=$(mktemp -d /tmp/nereid-hlsl-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
x86_64-w64-mingw32-gcc -O2 -Wall -o "$tmp/hlsl-compile.exe" "$root/tools/hlsl-compile.c" -ld3dcompiler_47
export WINEPREFIX="$tmp/prefix" WINEDEBUG=-all
cp "$src" "$tmp/shaders.hlsl"
{
    echo "/* DXBC of tests/d3d11/shaders.hlsl, made by tools/compile-hlsl.sh"
    echo " * (D3DCompile of Wine $($wine --version 2>/dev/null | sed 's/^wine-//')). Do not edit. */"
    echo "#include <stdint.h>"
} >"$tmp/shaders.h"
sed -n 's|^//   \([a-z_0-9]*\) *\([a-z_0-9]*\) *\([a-z_0-9]*\).*|\1 \2 \3|p' "$src" | grep -v '^name ' |
while read -r name entry profile; do
    (cd "$tmp" && "$wine" hlsl-compile.exe shaders.hlsl "$entry" "$profile" "$name.dxbc" </dev/null)
    {
        echo "static const uint32_t dxbc_$name[] = {"
        od -An -v -tx4 -w16 "$tmp/$name.dxbc" | sed 's/ \([0-9a-f]\{8\}\)/ 0x\1,/g; s/^/   /'
        echo "};"
    } >>"$tmp/shaders.h"
done
cp "$tmp/shaders.h" "$out"
echo "wrote $out"
