#!/bin/sh
# The installed library as a user gets it: `meson install --destdir` into a
# temporary directory, then examples/embed/embed.c built with nothing but
# the installed headers, libraries and pkg-config files, and run.  Also
# checks what is installed (and what is not), the sonames and that the
# shared libraries export exactly the functions their headers declare.
#   embed_test.sh BUILD_DIR SOURCE_ROOT CC [EXTRA_CFLAGS...]   (TAP output)
set -u
build=$1 src=$2 cc=$3
shift 3
. "$(dirname "$0")/tap.sh"
check() { what=$1; shift; if "$@" >/dev/null 2>&1; then ok "$what"; else not_ok "$what"; fi; }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
dest=$T/root
if ! meson install -C "$build" --destdir "$dest" --no-rebuild >"$T/install.log" 2>&1; then
    sed 's/^/# /' "$T/install.log"
    not_ok "meson install --destdir"
    echo "1..$n"
    exit 1
fi
ok "meson install --destdir"

pc=$(find "$dest" -name tirvm.pc | head -n 1)
check "tirvm.pc is installed" test -n "$pc"
check "tirc.pc is installed" test -n "$(find "$dest" -name tirc.pc)"
libdir=$(dirname "$(find "$dest" -name 'libtirvm.so.0' | head -n 1)")
bindir=$(dirname "$(find "$dest" -name tirvm -type f | head -n 1)")
for f in include/tirvm.h include/tirc.h share/man/man1/tirc.1 share/man/man1/tirvm.1; do
    check "installs $f" test -n "$(find "$dest" -path "*/$f")"
done
for f in libtirvm.a libtirc.a libtirvm.so libtirc.so; do
    check "installs $f" test -e "$libdir/$f"
done
for exe in tirc tirvm tir-conformance; do
    check "installs the $exe command" test -x "$bindir/$exe"
done
for exe in example-ref tir-bench tir-bench-switch; do
    check "does not install the developer tool $exe" test -z "$(find "$dest" -name "$exe")"
done
for lib in tirvm tirc; do
    check "lib$lib.so has the soname lib$lib.so.0" sh -c "readelf -d '$libdir/lib$lib.so' | grep -q 'SONAME.*lib$lib.so.0'"
    # the functions the header declares, and the ones the library exports
    grep -oE "\\b${lib}_[a-z0-9_]+\\(" "$src/include/$lib.h" | tr -d '(' | sort -u >"$T/declared"
    nm -D --defined-only "$libdir/lib$lib.so" | awk '{print $3}' | sed 's/@.*//' | grep -E "^${lib}_" | sort -u >"$T/exported"
    nm -D --defined-only "$libdir/lib$lib.so" | awk '$2 ~ /^[TDBR]$/ {print $3}' | sed 's/@.*//' |
        grep -vE "^${lib}_" >"$T/other"
    if cmp -s "$T/declared" "$T/exported" && ! [ -s "$T/other" ]; then
        ok "lib$lib.so exports exactly what $lib.h declares"
    else
        diff "$T/declared" "$T/exported" | sed 's/^/# /'
        sed 's/^/# also exported: /' "$T/other"
        not_ok "lib$lib.so exports exactly what $lib.h declares"
    fi
done

# The example, built the way its comment says, against the installed tree.
export PKG_CONFIG_PATH="$(dirname "$pc")" PKG_CONFIG_SYSROOT_DIR="$dest"
flags=$(pkg-config --cflags --libs tirc) || flags=""
check "pkg-config --cflags --libs tirc tirvm" pkg-config --cflags --libs tirc tirvm
if $cc -Wall -Wextra -Werror "$src/examples/embed/embed.c" -o "$T/embed" $flags "$@" -Wl,-rpath,"$libdir" \
    >"$T/cc.log" 2>&1; then
    ok "examples/embed builds against the installed library"
else
    sed 's/^/# /' "$T/cc.log"
    not_ok "examples/embed builds against the installed library"
fi
check "the example links the installed libtirvm.so.0" sh -c "ldd '$T/embed' | grep -q '$libdir/libtirvm.so.0'"
if "$T/embed" >"$T/out" 2>"$T/err" && grep -q "all elements match" "$T/out"; then
    ok "examples/embed compiles a kernel at run time and its matmul on the caller's memory is right"
else
    sed 's/^/# /' "$T/out" "$T/err"
    not_ok "examples/embed compiles a kernel at run time and its matmul on the caller's memory is right"
fi

# The installed conformance corpus, run by the installed runner (its
# default is the source tree's corpus, then the installed copy; here the
# copy is named, as the destdir is not its prefix).
corpus=$(dirname "$(find "$dest" -path '*/tirvm/conformance/features.txt' | head -n 1)")
check "installs the conformance corpus (features, expectations, cases, binary cases)" sh -c \
    "test -f '$corpus/expectations.txt' && test -d '$corpus/cases/arith' && ls '$corpus'/binary/*.tirbc >/dev/null &&
     ! test -e '$corpus/binary/gen_binary.c'"
if "$bindir/tir-conformance" "$corpus" --jobs 2 >"$T/conf.out" 2>&1; then
    ok "the installed tir-conformance passes on the installed corpus"
else
    tail -n 20 "$T/conf.out" | sed 's/^/# /'
    not_ok "the installed tir-conformance passes on the installed corpus"
fi
echo "1..$n"
[ "$failed" -eq 0 ]
