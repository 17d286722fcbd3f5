#!/bin/sh
# Unpacks lavapipe from Debian 12's bookworm-backports (Mesa 25, which has
# the descriptor indexing the server's texture table needs; Debian 12's own
# Mesa 22.3 does not) into DIR, without installing it: the system's Vulkan
# stays Mesa 22.3.  Writes DIR/lvp_icd.json naming the unpacked driver, for
# VK_DRIVER_FILES (with DIR/lib on LD_LIBRARY_PATH for its newer libdrm).
#   tools/fetch-mesa-backports.sh DIR
# Offline or without the archive it says so and leaves no json: the tests
# that need it are then skipped, by name.
set -u
dir=${1:-build-mesa25}
[ -f "$dir/lvp_icd.json" ] && exit 0
mkdir -p "$dir/apt/lists/partial" "$dir/debs"
abs=$(cd "$dir" && pwd)
echo "deb http://deb.debian.org/debian bookworm-backports main" >"$abs/apt/sources.list"
apt_opts="-o Dir::Etc::sourcelist=$abs/apt/sources.list -o Dir::Etc::sourceparts=/nonexistent \
 -o Dir::State::Lists=$abs/apt/lists -o Dir::Cache=$abs/apt/cache -o Debug::NoLocking=1 \
 -o APT::Sandbox::User=root"
mkdir -p "$abs/apt/cache/archives/partial"
# shellcheck disable=SC2086
if ! apt-get $apt_opts update -qq >"$abs/apt/log" 2>&1 ||
   ! (cd "$abs/debs" && apt-get $apt_opts download -qq \
        mesa-vulkan-drivers/bookworm-backports libdrm2/bookworm-backports \
        libdrm-amdgpu1/bookworm-backports >>"$abs/apt/log" 2>&1); then
    echo "fetch-mesa-backports: cannot fetch Mesa from bookworm-backports (see $abs/apt/log)"
    exit 0
fi
rm -rf "$abs/root"
for d in "$abs"/debs/*.deb; do
    dpkg-deb -x "$d" "$abs/root" || exit 1
done
lib="$abs/root/usr/lib/x86_64-linux-gnu"
if [ ! -f "$lib/libvulkan_lvp.so" ]; then
    echo "fetch-mesa-backports: no libvulkan_lvp.so in the packages"
    exit 0
fi
ln -sfn "$lib" "$abs/lib"
cat >"$abs/lvp_icd.json" <<EOF
{
    "file_format_version": "1.0.0",
    "ICD": { "library_path": "$lib/libvulkan_lvp.so", "api_version": "1.3.0" }
}
EOF
echo "fetch-mesa-backports: $(ls "$abs"/debs) unpacked in $abs"
