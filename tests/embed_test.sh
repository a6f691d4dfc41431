#!/bin/sh
# The installed library as a user gets it: `meson install --destdir` into a
# temporary directory, then examples/embed/embed.c built with nothing but
# the installed headers, libraries and pkg-config files, and run.  Also
# checks what is installed (and what is not), the sonames and that the
# shared libraries export exactly the functions their headers declare; the
# example linked with `pkg-config --static`; and that the installed
# commands and Python package find the installed libraries under a prefix
# the dynamic linker does not search (the destdir), with no
# LD_LIBRARY_PATH.
#   embed_test.sh BUILD_DIR SOURCE_ROOT CC [EXTRA_CFLAGS...]   (TAP output)
set -u
build=$1 src=$2 cc=$3
shift 3
. "$(dirname "$0")/tap.sh"
check() { what=$1; shift; if "$@" >/dev/null 2>&1; then ok "$what"; else not_ok "$what"; fi; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

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
for f in include/tirvm.h include/tirc.h share/man/man1/tirc.1 share/man/man1/tirvm.1 share/man/man1/tir-conformance.1; do
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

# Static linking: `pkg-config --static` names what libtirc.a and libtirvm.a
# need (msgpack-c, libuv, jansson, libm, libpthread: Requires.private and
# Libs.private).  First everything static, as Debian ships a static library
# of every dependency (libuv's is libuv_a.a, through libuv-static.pc); not
# in a sanitizer build, whose runtime is a shared library.
run_embed() {  # run_embed EXE WHAT
    if "$1" >"$T/out" 2>"$T/err" && grep -q "all elements match" "$T/out"; then
        ok "$2"
    else
        cat "$T/out" "$T/err" >"$T/why"
        not_ok "$2" "$T/why"
    fi
}
if [ $# -gt 0 ]; then
    skip "examples/embed links fully static with pkg-config --static" "sanitizer build ($*)"
elif $cc -static -Wall -Wextra -Werror "$src/examples/embed/embed.c" -o "$T/embed-static" \
    $(pkg-config --static --cflags --libs tirc) >"$T/cc.log" 2>&1 && ! readelf -d "$T/embed-static" | grep -q NEEDED; then
    ok "examples/embed links fully static with pkg-config --static"
    run_embed "$T/embed-static" "the fully static examples/embed runs and its matmul is right"
else
    not_ok "examples/embed links fully static with pkg-config --static" "$T/cc.log"
fi
# Then tirvm's own libraries static and the system's shared (docs/library.md's
# form for a system without static libraries of the dependencies).
if $cc -Wall -Wextra -Werror "$src/examples/embed/embed.c" -o "$T/embed-mixed" \
    $(pkg-config --cflags --libs-only-L tirc) -Wl,-Bstatic -ltirc -ltirvm -Wl,-Bdynamic -Wl,--as-needed \
    $(pkg-config --static --libs tirc) "$@" >"$T/cc.log" 2>&1; then
    ok "examples/embed links libtirc.a and libtirvm.a, the rest shared"
    if readelf -d "$T/embed-mixed" | grep -q 'NEEDED.*libtir'; then
        readelf -d "$T/embed-mixed" | grep NEEDED >"$T/why"
        not_ok "the example linked with the static libraries needs no libtirc.so or libtirvm.so" "$T/why"
    else
        ok "the example linked with the static libraries needs no libtirc.so or libtirvm.so"
    fi
    run_embed "$T/embed-mixed" "the example linked with the static libraries runs and its matmul is right"
else
    not_ok "examples/embed links libtirc.a and libtirvm.a, the rest shared" "$T/cc.log"
fi

# The installed commands under a prefix the dynamic linker does not search:
# they find libtirc.so.0 and libtirvm.so.0 through their RUNPATH
# ($ORIGIN/../LIBDIR), relative, so the destdir serves as such a prefix.
for exe in tirc tirvm tir-conformance; do
    env -u LD_LIBRARY_PATH ldd "$bindir/$exe" >"$T/ldd" 2>&1
    if env -u LD_LIBRARY_PATH "$bindir/$exe" --version >>"$T/ldd" 2>&1 &&
        ! grep 'libtir' "$T/ldd" | grep -vqF "=> $dest/"; then
        ok "the installed $exe runs without LD_LIBRARY_PATH, on the installed libraries"
    else
        not_ok "the installed $exe runs without LD_LIBRARY_PATH, on the installed libraries" "$T/ldd"
    fi
done
if env -u LD_LIBRARY_PATH "$bindir/tirc" "$src/examples/add_relu.py" -o "$T/add_relu.tirbc" >"$T/log" 2>&1 &&
    env -u LD_LIBRARY_PATH "$bindir/tirvm" info "$T/add_relu.tirbc" >>"$T/log" 2>&1; then
    ok "the installed tirc compiles an example and the installed tirvm loads it"
else
    not_ok "the installed tirc compiles an example and the installed tirvm loads it" "$T/log"
fi

# The installed Python package, from the directory docs/library.md says to put on
# PYTHONPATH (where meson installed it), finds the installed libraries
# beside it, with neither LD_LIBRARY_PATH nor TIRVM_LIBRARY_PATH.
pyinit=$(find "$dest" -path '*/tirvm/__init__.py' | head -n 1)
if [ -z "$pyinit" ]; then
    skip "the installed Python package loads the installed libraries" "the package is not installed"
elif [ $# -gt 0 ]; then
    # an uninstrumented python3 cannot load instrumented libraries
    skip "the installed Python package loads the installed libraries" "sanitizer build ($*)"
elif ! command -v python3 >/dev/null 2>&1; then
    skip "the installed Python package loads the installed libraries" "no python3"
else
    (cd "$T" && env -u LD_LIBRARY_PATH -u TIRVM_LIBRARY_PATH PYTHONPATH="$(dirname "$(dirname "$pyinit")")" \
        python3 -c 'import sys, tirvm
print(tirvm.__file__); print(tirvm._lib.vm._name); print(tirvm._lib.tirc._name)
print(tirvm.compile(open(sys.argv[1]).read()).functions[0].name)' "$src/examples/add_relu.py") >"$T/py" 2>&1
    if [ "$(grep -cF "$dest/" "$T/py")" -eq 3 ] && [ "$(sed -n 4p "$T/py")" = main ]; then
        ok "the installed Python package loads the installed libraries"
    else
        not_ok "the installed Python package loads the installed libraries" "$T/py"
    fi
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
