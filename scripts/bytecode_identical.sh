#!/bin/sh
# Two compilers give the same bytecode for every program of the corpora:
# each program is compiled with each tirc, and the two .tirbc files, exit
# statuses and diagnostics must be the same byte for byte.  For moves and
# refactorings that must not change what the compiler produces (build the
# tree before the change into one build directory, after it into another).
#
#   scripts/bytecode_identical.sh [--keep DIR_A DIR_B] [--samples DIR]... A B
#
# A and B are tirc binaries or build directories (their cli/tirc).  The
# corpora: tests/cases/*.py, tests/tirx-json/*.json, tests/passes/*.py (also
# with each NAME.VARIANT.args), examples/*.py, benchmarks/kernels/*.py and
# conformance/cases/**/*.py of this source tree, and every .py and .json
# program (not *.case.json) under each sample set: TVM's samples beside the
# repository (../shared/tvm-samples and ../shared/tvm-samples-tirx, as
# tests/meson.build finds them) when they are there, and each --samples DIR.
# --keep writes A's outputs under DIR_A and B's under DIR_B (each emptied
# first) and leaves them; otherwise they go to a temporary directory.
# Prints one line per difference and then
#   N programs compiled, N files compared (N .tirbc), N differing
# and exits 0 when nothing differs, 1 when something does, 2 on misuse.
set -eu

usage() {
    echo "usage: scripts/bytecode_identical.sh [--keep DIR_A DIR_B] [--samples DIR]... A B" >&2
    echo "  A, B: tirc binaries or build directories" >&2
    exit 2
}

root=$(cd "$(dirname "$0")/.." && pwd)
keep_a="" keep_b="" samples=""
while [ $# -gt 0 ]; do
    case $1 in
        --keep) [ $# -ge 3 ] || usage; keep_a=$2 keep_b=$3; shift 3 ;;
        --samples) [ $# -ge 2 ] || usage; [ -d "$2" ] || { echo "bytecode_identical.sh: $2: not a directory" >&2; exit 2; }
            samples="$samples $(cd "$2" && pwd)"; shift 2 ;;
        --help | -h) usage ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || usage

tirc_of() { # A binary, or a build directory's cli/tirc, as an absolute path
    if [ -d "$1" ]; then t=$1/cli/tirc; else t=$1; fi
    [ -x "$t" ] && [ ! -d "$t" ] || { echo "bytecode_identical.sh: $1: no tirc there" >&2; exit 2; }
    echo "$(cd "$(dirname "$t")" && pwd)/$(basename "$t")"
}
tirc_a=$(tirc_of "$1")
tirc_b=$(tirc_of "$2")

for d in "$root/../shared/tvm-samples" "$root/../shared/tvm-samples-tirx"; do
    [ -d "$d" ] && samples="$samples $(cd "$d" && pwd)"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out_a=${keep_a:-$tmp/a}
out_b=${keep_b:-$tmp/b}
rm -rf "$out_a" "$out_b"
mkdir -p "$out_a" "$out_b"
out_a=$(cd "$out_a" && pwd)
out_b=$(cd "$out_b" && pwd)

# The job list: one line per compile, "NAME<TAB>PROGRAM<TAB>EXTRA ARGS",
# NAME the outputs' path under each output directory.
jobs=$tmp/jobs
: >"$jobs"
add() { # LABEL DIR FIND-ARGS...: every program under DIR the find matches
    label=$1 dir=$2
    shift 2
    [ -d "$dir" ] || return 0
    (cd "$dir" && find . "$@" -type f | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r rel; do
        printf '%s\t%s\t\n' "$label/$rel" "$dir/$rel" >>"$jobs"
    done
}
add cases "$root/tests/cases" -maxdepth 1 -name '*.py'
add tirx-json "$root/tests/tirx-json" -maxdepth 1 -name '*.json' ! -name '*.case.json'
add passes "$root/tests/passes" -maxdepth 1 -name '*.py'
for args in "$root"/tests/passes/*.*.args; do
    [ -e "$args" ] || continue
    name=$(basename "$args" .args)
    printf '%s\t%s\t%s\n' "passes/$name.args" "$root/tests/passes/${name%%.*}.py" "$(cat "$args")" >>"$jobs"
done
add examples "$root/examples" -maxdepth 1 -name '*.py'
add kernels "$root/benchmarks/kernels" -maxdepth 1 -name '*.py'
add conformance "$root/conformance/cases" -name '*.py'
i=0
for s in $samples; do
    i=$((i + 1))
    add "samples$i-$(basename "$s")" "$s" \( -name '*.py' -o -name '*.json' \) ! -name '*.case.json'
done

# Compile each program with one tirc: NAME.tirbc, and NAME.status holding
# the exit status and everything the compiler printed.
compile_all() { # TIRC OUTDIR
    tab=$(printf '\t')
    while IFS="$tab" read -r name prog extra; do
        mkdir -p "$2/$(dirname "$name")"
        rm -f "$2/$name.tirbc"
        set +e
        # shellcheck disable=SC2086 # one argument per word
        (cd "$tmp" && "$1" $extra "$prog" -o "$2/$name.tirbc") >"$2/$name.status" 2>&1
        rc=$?
        set -e
        echo "exit $rc" >>"$2/$name.status"
    done <"$jobs"
}
compile_all "$tirc_a" "$out_a"
compile_all "$tirc_b" "$out_b"

programs=$(wc -l <"$jobs")
compared=0 differing=0 bytecode=0
tab=$(printf '\t')
while IFS="$tab" read -r name prog extra; do
    for ext in tirbc status; do
        fa=$out_a/$name.$ext fb=$out_b/$name.$ext
        if [ ! -e "$fa" ] && [ ! -e "$fb" ]; then continue; fi
        compared=$((compared + 1))
        [ "$ext" = tirbc ] && bytecode=$((bytecode + 1))
        if [ ! -e "$fa" ] || [ ! -e "$fb" ] || ! cmp -s "$fa" "$fb"; then
            differing=$((differing + 1))
            echo "differs: $name.$ext ($prog${extra:+ $extra})"
        fi
    done
done <"$jobs"
echo "$programs programs compiled, $compared files compared ($bytecode .tirbc), $differing differing"
[ "$differing" -eq 0 ]
