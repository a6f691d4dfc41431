#!/bin/sh
# Configures (once) and builds one build directory: scripts/build.sh DIR [meson options...]
set -eu
dir=${1:-build}
[ $# -gt 0 ] && shift
if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >/dev/null
fi
ninja -C "$dir" >/dev/null
