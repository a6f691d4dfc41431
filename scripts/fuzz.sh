#!/bin/sh
# Builds the libFuzzer targets in tests/fuzz/ with clang (ASan + UBSan) and
# runs each for a while:   scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 60)
# FUZZ_ONLY="NAME ..." runs only those runs (names below, e.g.
# FUZZ_ONLY=fuzz_relax scripts/fuzz.sh 1200): the libraries and every
# target are still built and every seed corpus made.
#
# Everything goes under build-fuzz/: a meson build of the project's static
# libraries instrumented with -fsanitize=fuzzer-no-link,address (UBSan is
# left to the sanitized test suite: clang takes too long to compile the
# interpreter's one large function with UBSan and fuzzer instrumentation),
# the fuzz binaries (build-fuzz/fuzz/), seed corpora (build-fuzz/seeds/),
# the growing corpora (build-fuzz/corpus/), logs (build-fuzz/logs/) and
# crash artifacts (build-fuzz/artifacts/TARGET/).  Prints one line per target
#   TARGET: N executions, M crashes, cov: C
# and exits 1 if any target crashed (crash, sanitizer report, timeout, OOM).
# Needs clang and its libFuzzer runtime (Debian 12: clang libclang-rt-14-dev)
# besides the project's own dependencies (scripts/install-deps.sh).
set -eu

secs=${1:-60}
case $secs in
    '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET]" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=build-fuzz
# Runs: NAME:BINARY:SEEDS.  The JSON front end is fuzz_compile fed JSON
# (TVM's lowered PrimFuncs); fuzz_relax is the same compile fed whole models
# (a Relax main) through a mutator of the JSON node graph.  fuzz_npz binds
# what it reads to a trimmed mlp ($FUZZ_NPZ_MODEL, see tests/fuzz/fuzz_npz.c).
# Each run's -max_len is its largest seed (models are MBs).
# fuzz_tirbc_gen reads its input as choices that build a module which
# verifies by construction, so it needs no real modules as seeds.
runs="fuzz_tirbc_load:fuzz_tirbc_load:tirbc fuzz_tirbc_run:fuzz_tirbc_run:tirbc
fuzz_tirbc_mutate:fuzz_tirbc_mutate:tirbc fuzz_tirbc_gen:fuzz_tirbc_gen:gen fuzz_compile:fuzz_compile:compile
fuzz_json:fuzz_compile:json fuzz_asm:fuzz_asm:asm fuzz_npy:fuzz_npy:npy fuzz_serve_decode:fuzz_serve_decode:serve
fuzz_relax:fuzz_relax:relax fuzz_npz:fuzz_npz:npz fuzz_tirbc_weights:fuzz_tirbc_weights:weights"
targets="fuzz_tirbc_load fuzz_tirbc_run fuzz_tirbc_mutate fuzz_tirbc_gen fuzz_compile fuzz_asm fuzz_npy fuzz_serve_decode
fuzz_relax fuzz_npz fuzz_tirbc_weights"
CC=${CC:-clang}
SAN="-fsanitize=address"

command -v "$CC" >/dev/null 2>&1 || { echo "fuzz.sh: $CC not found (apt-get install clang)" >&2; exit 2; }

# libFuzzer ships separately from clang on Debian 12 (libclang-rt-14-dev, a
# recommendation of clang): check for it before spending time on the build.
mkdir -p "$out"
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' >"$out/probe.c"
if ! "$CC" -fsanitize=fuzzer,address "$out/probe.c" -o "$out/probe" >"$out/probe.log" 2>&1; then
    echo "fuzz.sh: $CC cannot link a libFuzzer program (Debian: apt-get install libclang-rt-14-dev):" >&2
    cat "$out/probe.log" >&2
    exit 2
fi
rm -f "$out/probe" "$out/probe.c" "$out/probe.log"

# ---- the project's libraries, instrumented -----------------------------
if [ ! -f "$out/build.ninja" ]; then
    CC="$CC" meson setup "$out" --buildtype=plain -Db_sanitize=address -Db_lundef=false \
        -Dc_args="-g -O1 -fsanitize=fuzzer-no-link" \
        -Dc_link_args="-fsanitize=fuzzer-no-link" >"$out/setup.log" 2>&1 ||
        { cat "$out/setup.log" >&2; rm -f "$out/build.ninja"; exit 2; }
fi
libs="compiler/libtirc.a vm/libtirvm.a format/libtirformat.a base/libtirbase.a"
ninja -C "$out" $libs >"$out/ninja.log" 2>&1 || { cat "$out/ninja.log" >&2; exit 2; }

# ---- the fuzz targets ---------------------------------------------------
mkdir -p "$out/fuzz"
deps_cflags=$(pkg-config --cflags msgpack libuv jansson)
deps_libs=$(pkg-config --libs msgpack libuv jansson)
liblist=""
for l in $libs; do liblist="$liblist $out/$l"; done
for t in $targets; do
    # the request decoder of tirvm serve is compiled in with its target
    extra=""
    [ "$t" = fuzz_serve_decode ] && extra="server/oip.c server/repo.c server/weights.c server/batch.c cli/args.c server/text.c server/json_budget.c"
    # tirvm run's binding of a .npz's arrays to parameters
    [ "$t" = fuzz_npz ] && extra="cli/args.c"
    # shellcheck disable=SC2086
    "$CC" -std=gnu11 -g -O1 -fsanitize=fuzzer $SAN -Wall -Wextra -Wno-unused-parameter \
        -Iinclude -Ibase -Iformat -Icompiler -Icompiler/tir -Ivm -Iserver -Icli -Itests/fuzz $deps_cflags \
        "tests/fuzz/$t.c" $extra $liblist $deps_libs -lm -lpthread -o "$out/fuzz/$t"
done

# ---- seed corpora -------------------------------------------------------
seeds=$out/seeds
rm -rf "$seeds"
mkdir -p "$seeds/compile" "$seeds/json" "$seeds/tirbc" "$seeds/asm" "$seeds/npy" "$seeds/serve" "$seeds/gen" \
    "$seeds/relax" "$seeds/npz" "$seeds/weights"
i=0
for f in tests/cases/*.py examples/*.py $(find conformance/cases -name '*.py' | sort); do
    [ -f "$f" ] || continue
    i=$((i + 1))
    cp "$f" "$seeds/compile/$i-$(basename "$f")"
done
# TVM JSON programs: the regressions kept in the repository, and the shared
# samples when they are beside it.
cp tests/fuzz/regressions/*.json "$seeds/json/"
# TVM 0.24-0.26 (tirx) layouts: the hand-made cases, and the 0.26 samples when beside the repository
cp tests/tirx-json/*.json "$seeds/json/"
if [ -d ../shared/tvm-samples-tirx/lowered ]; then
    for f in ../shared/tvm-samples-tirx/lowered/*.json ../shared/tvm-samples-tirx/lowered/*.py; do
        case $f in *.case.json) continue ;; esac
        case $f in *.py) dir=compile ;; *) dir=json ;; esac
        [ -f "$f" ] && cp "$f" "$seeds/$dir/tirx-$(basename "$f")"
    done
fi
if [ -d ../shared/tvm-samples/lowered ]; then
    for f in ../shared/tvm-samples/lowered/*.json; do
        case $f in *.case.json) continue ;; esac
        [ -f "$f" ] && cp "$f" "$seeds/json/$(basename "$f")"
    done
fi
cp conformance/binary/*.tirbc "$seeds/tirbc/"
cp tests/asm/*/*.tirasm "$seeds/asm/"
# Bytecode compiled from the examples and test cases, with the instrumented tirc.
if ninja -C "$out" cli/tirc >>"$out/ninja.log" 2>&1; then
    for f in examples/*.py tests/cases/*.py; do
        b=$(basename "$f" .py)
        d=$(basename "$(dirname "$f")")
        ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" "$f" -o "$seeds/tirbc/$d-$b.tirbc" >/dev/null 2>&1 || true
        ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" --emit=asm "$f" -o "$seeds/asm/$d-$b.tirasm" >/dev/null 2>&1 || true
    done
else
    echo "fuzz.sh: warning: could not build tirc for .tirbc seeds (see $out/ninja.log)" >&2
fi

# Whole models (../shared/tvm-models*, beside the repository): their JSON
# at every stage for fuzz_relax, read where they are (MBs, never copied into
# the repository); their params.npz and the small hand-made archives of
# tests/fuzz/seeds/npz for fuzz_npz; each compiled with its weights (the
# params stage with --params, and the zero stage, whose constants become
# weights) for fuzz_tirbc_weights.
cp tests/fuzz/seeds/npz/*.npz "$seeds/npz/"
cp tests/fuzz/seeds/relax/*.json "$seeds/relax/"
if [ -x "$out/cli/tirc" ]; then
    t=tests/fuzz/seeds
    ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" $t/relax/mlp-trimmed.params.zero.json --params $t/npz/mlp-trimmed.npz \
        -o "$seeds/weights/mlp-trimmed.params.tirbc" >/dev/null 2>&1 || true
    ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" $t/relax/mlp-trimmed.zero.json -o "$seeds/weights/mlp-trimmed.zero.tirbc" \
        >/dev/null 2>&1 || true
fi
for d in ../shared/tvm-models/* ../shared/tvm-models-2/*; do
    [ -d "$d" ] || continue
    m=$(basename "$d")
    for f in "$d"/*.json; do
        [ -f "$f" ] && cp "$f" "$seeds/relax/"
    done
    [ -f "$d/params.npz" ] || continue
    cp "$d/params.npz" "$seeds/npz/$m.npz"
    [ -x "$out/cli/tirc" ] || continue
    ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" "$d/$m.params.zero.json" --params "$d/params.npz" \
        -o "$seeds/weights/$m.params.tirbc" >/dev/null 2>&1 || true
    ASAN_OPTIONS=detect_leaks=0 "$out/cli/tirc" "$d/$m.zero.json" -o "$seeds/weights/$m.zero.tirbc" >/dev/null 2>&1 || true
done
[ -n "$(ls "$seeds/relax")" ] || echo "fuzz.sh: warning: no models beside the repository (../shared/tvm-models): fuzz_relax and fuzz_tirbc_weights have no seeds" >&2

# Choices for fuzz_tirbc_gen: a few fixed byte strings (any bytes make a module).
printf '\001' >"$seeds/gen/one-function"
printf '\004\200\377\020\100\300\010\240\160\050\377\001\220\170\044\350' >"$seeds/gen/five-functions"
i=0
while [ $i -lt 4 ]; do
    i=$((i + 1))
    LC_ALL=C awk -v n=$i 'BEGIN { srand(n); for (k = 0; k < 400; k++) printf "%c", int(rand() * 256) }' </dev/null >"$seeds/gen/random-$i"
done

# .npy files: the 10-byte v1 prefix (or 12-byte v2/v3 prefix), a header
# padded with spaces to a multiple of 64 bytes, then the data.
le_bytes() { # VALUE COUNT: VALUE as COUNT little-endian bytes, printf escapes
    v=$1 n=$2 s=""
    while [ "$n" -gt 0 ]; do
        s="$s\\$(printf %03o $((v % 256)))"
        v=$((v / 256)) n=$((n - 1))
    done
    printf %s "$s"
}
npy_seed() { # NAME MAJOR DESCR SHAPE DATA_BYTES
    name=$1 major=$2 descr=$3 shape=$4 nbytes=$5
    h="{'descr': '$descr', 'fortran_order': False, 'shape': $shape, }"
    if [ "$major" = 1 ]; then pre=10 lenb=2; else pre=12 lenb=4; fi
    total=$((pre + ${#h} + 1))
    pad=$(((64 - total % 64) % 64))
    {
        printf '\223NUMPY'
        printf "$(le_bytes "$major" 1)\\000"
        printf "$(le_bytes $((${#h} + pad + 1)) $lenb)"
        printf '%s%*s\n' "$h" "$pad" ''
        head -c "$nbytes" /dev/urandom
    } >"$seeds/npy/$name.npy"
}
npy_seed f4_2x3 1 '<f4' '(2, 3)' 24
npy_seed u1_4 1 '|u1' '(4,)' 4
npy_seed i8_scalar 1 '<i8' '()' 8
npy_seed b1_2x2 1 '|b1' '(2, 2)' 4
npy_seed f8_3 2 '<f8' '(3,)' 24
npy_seed f2_2x1x2 3 '<f2' '(2, 1, 2)' 8
npy_seed i4_empty 1 '<i4' '(0, 5)' 0

# tirvm serve requests: two bytes of Inference-Header-Content-Length (ffff:
# none), then the body.
serve_seed() { # NAME HEADER_LEN_BYTES JSON [BINARY_PRINTF]
    { printf "$2"; printf '%s' "$3"; printf "${4:-}"; } >"$seeds/serve/$1"
}
serve_seed json '\377\377' '{"id":"a","inputs":[{"name":"A","shape":[2,3],"datatype":"INT32","data":[[1,2,3],[4,5,6]]},{"name":"B","shape":[2],"datatype":"FP16","parameters":{"binary_data_size":4}},{"name":"s","shape":[],"datatype":"INT64","data":[7]}]}'
h='{"inputs":[{"name":"A","shape":[1,3],"datatype":"INT32","data":[1,2,3]},{"name":"B","shape":[1],"datatype":"FP16","parameters":{"binary_data_size":2}},{"name":"s","shape":[1],"datatype":"INT64","data":[1]}],"parameters":{"binary_data_output":true}}'
serve_seed binary "$(le_bytes ${#h} 2)" "$h" '\000\074'

# ---- run ----------------------------------------------------------------
mkdir -p "$out/logs"
failed=0
for run in $runs; do
    t=${run%%:*} rest=${run#*:}
    case " ${FUZZ_ONLY:-$t} " in *" $t "*) ;; *) continue ;; esac
    bin=${rest%%:*} seed=$seeds/${rest#*:}
    corpus=$out/corpus/$t
    arts=$out/artifacts/$t
    log=$out/logs/$t.log
    mkdir -p "$corpus" "$arts"
    # the largest seed (at least libFuzzer's default guess, 4096 bytes)
    maxlen=$(find "$seed" -type f -exec wc -c {} + 2>/dev/null | awk '$2 != "total" && $1 > m { m = $1 } END { print (m > 4096 ? m : 4096) }')
    # compiling a whole model under ASan takes seconds
    tmo=10
    [ "$t" = fuzz_relax ] && tmo=60
    find "$arts" -type f | sort >"$out/logs/$t.before"
    set +e
    ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        "$out/fuzz/$bin" -max_total_time="$secs" -timeout=$tmo -max_len="$maxlen" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$arts/" "$corpus" "$seed" >"$log" 2>&1
    rc=$?
    set -e
    find "$arts" -type f | sort | comm -13 "$out/logs/$t.before" - >"$out/logs/$t.new"
    rm -f "$out/logs/$t.before"
    # A leak report stops libFuzzer too, but it is listed apart, not counted
    # as a crash; so is a slow unit (one input over 10 s that still ended:
    # on a loaded machine a slow one, not a hang, which is a timeout- artifact).
    listed=$(grep -c -e '/leak-' -e '/slow-unit-' "$out/logs/$t.new" || true)
    crashes=$(grep -vc -e '/leak-' -e '/slow-unit-' "$out/logs/$t.new" || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    cov=$(sed -n 's/^#[0-9][0-9]*[[:space:]].*cov: \([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)
    # A nonzero exit with no artifact (e.g. a crash while reading the corpus) still counts.
    [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ] && [ "$listed" -eq 0 ] && crashes=1
    echo "$t: ${execs:-0} executions, $crashes crashes, cov: ${cov:-0}"
    if [ "$crashes" -gt 0 ] || [ "$listed" -gt 0 ]; then
        [ "$crashes" -gt 0 ] && failed=1
        sed 's/^/  artifact: /' "$out/logs/$t.new"
        grep -m1 -E '^SUMMARY' "$log" | sed 's/^/  /' || true
        echo "  log: $log"
        # What the target printed last before dying (the harness's message
        # and the report with its stack), so a run on another machine says
        # where it crashed even when its files are gone.
        awk '/ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error:/ && !seen { seen = NR }
             { keep[NR] = $0 }
             END { if (seen) for (i = (seen > 4 ? seen - 4 : 1); i <= NR && i < seen + 40; i++) print "  | " keep[i] }' "$log"
    fi
done
exit $failed
