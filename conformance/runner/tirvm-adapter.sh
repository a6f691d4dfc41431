#!/bin/sh
# An adapter (conformance/README.md, "Adapter protocol") that runs cases
# through the tirc and tirvm command-line tools:
#
#   tir-conformance --impl 'sh tirvm-adapter.sh TIRC TIRVM {mode} {case} {dir}'
#
# It checks the adapter path of tir-conformance against the linked one, and
# is an example for adapters of other implementations.  The tirvm command
# line reads compact .npy files only, so strided or offset views and
# vector-element buffers end with status 2 (an adapter failure).  Error
# classes come from `tir-conformance --classify`; tirc's diagnostics show
# only the "unsupported" class, so other rejections are "unknown".
set -u
tirc=$1 tirvm=$2 mode=$3 case=$4 dir=$5
# the tools run from $dir, so relative paths must be made absolute first
case $tirc in /*) ;; */*) tirc=$PWD/$tirc ;; esac
case $tirvm in /*) ;; */*) tirvm=$PWD/$tirvm ;; esac

classify() { "$TIR_CONFORMANCE_RUNNER" --classify "$1" "$2"; }

# fail_with STATUS KIND: the class, then the message in $dir/err.txt, on stderr
fail_with() {
    msg=$(cat "$dir/err.txt")
    { classify "$2" "$msg"; printf '%s\n' "$msg"; } >&2
    exit "$1"
}

if [ "$mode" = verify ]; then
    cp "$case" "$dir/module.tirbc" || exit 2
    # run from $dir so messages name module.tirbc, not the case's file name
    (cd "$dir" && "$tirvm" verify module.tirbc) >/dev/null 2>"$dir/err.txt"
    st=$?
    [ "$st" -eq 0 ] && exit 0
    [ "$st" -eq 3 ] || { cat "$dir/err.txt" >&2; exit 2; }
    fail_with 12 malformed
fi

cp "$case" "$dir/case.py" || exit 2
strict=""
grep -qx strict "$dir/args.txt" 2>/dev/null && strict=--strict
(cd "$dir" && "$tirc" $strict case.py -o module.tirbc) 2>"$dir/err.txt"
st=$?
if [ "$st" -ne 0 ]; then
    [ "$st" -eq 1 ] || { cat "$dir/err.txt" >&2; exit 2; }
    fail_with 10 invalid
fi

entry="" threads=1
set --
while read -r kind name dtype shape file rest; do
    case $kind in
    entry) entry=$name ;;
    threads) threads=$name ;;
    buffer)
        if [ -n "$rest" ] || [ "${dtype#*x}" != "$dtype" ]; then
            echo "tirvm-adapter: the tirvm command line takes compact scalar-element tensors only" >&2
            exit 2
        fi
        set -- "$@" "$name=$dir/$file" --out "$name=$dir/out/$name.npy" ;;
    scalar) set -- "$@" "$name=$shape" ;; # "scalar NAME DTYPE VALUE"
    esac
done <"$dir/args.txt"
[ -n "$entry" ] && set -- --entry "$entry" "$@"

(cd "$dir" && "$tirvm" run module.tirbc --threads "$threads" "$@") >"$dir/ret.out" 2>"$dir/err.txt"
st=$?
if [ "$st" -ne 0 ]; then
    [ "$st" -eq 1 ] || { cat "$dir/err.txt" >&2; exit 2; }
    fail_with 11 trap
fi

# tirvm prints a return value alone; its dtype ends the listing's header line
if [ -s "$dir/ret.out" ]; then
    listing=$("$tirvm" dis "$dir/module.tirbc")
    if [ -n "$entry" ]; then
        header=$(printf '%s\n' "$listing" | grep "^function $entry(" | head -n 1)
    else
        header=$(printf '%s\n' "$listing" | grep "^function main(" | head -n 1)
        [ -n "$header" ] || header=$(printf '%s\n' "$listing" | grep "^function " | head -n 1)
    fi
    dt=${header##*-> }
    case $dt in
    bool | int* | uint* | float* | bfloat16) ;;
    *) echo "tirvm-adapter: cannot tell the return type from '$header'" >&2; exit 2 ;;
    esac
    printf '%s %s\n' "$dt" "$(cat "$dir/ret.out")" >"$dir/ret.txt"
fi
exit 0
