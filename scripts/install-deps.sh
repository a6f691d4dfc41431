#!/bin/sh
# Installs what tirvm needs to build and test, from Debian's packages.
# Idempotent: does nothing when everything is already installed.
#   scripts/install-deps.sh [--fuzz]   (--fuzz adds clang and its libFuzzer runtime)
set -eu
PACKAGES="gcc pkg-config meson ninja-build libmsgpack-dev libdlpack-dev libuv1-dev libjansson-dev libmicrohttpd-dev curl python3 python3-numpy python3-pip python3-setuptools python3-wheel"
# Debian 12 ships libFuzzer apart from clang, as a recommendation this
# script's --no-install-recommends leaves out.
[ "${1:-}" = --fuzz ] && PACKAGES="$PACKAGES clang libclang-rt-14-dev"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing:$missing"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
