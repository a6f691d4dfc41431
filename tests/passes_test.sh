#!/bin/sh
# The middle end's passes, shown by the TIR they produce: each
# tests/passes/NAME.py compiles with `tirc --emit=tir` to NAME.tir, written
# by hand from what each pass must do (the comment atop each program says
# what); NAME.VARIANT.args holds extra tirc arguments (such as
# --passes=-collapse) whose output must be NAME.VARIANT.tir.  Then the
# --passes option's own contract.
# Usage: passes_test.sh TIRC SOURCE_ROOT
set -u
tirc=$1
dir=$2/tests/passes
. "$2/tests/tap.sh"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

golden() { # NAME.py EXPECTED.tir ARGS...
    src=$1 want=$2
    shift 2
    if "$tirc" --emit=tir "$@" "$src" >"$out" 2>&1 && diff -u "$want" "$out" >"$out.diff"; then
        ok "$(basename "$want"): tirc --emit=tir $* $(basename "$src")"
    else
        diff -u "$want" "$out" >"$out.diff" 2>&1
        not_ok "$(basename "$want"): tirc --emit=tir $* $(basename "$src")" "$out.diff"
    fi
    rm -f "$out.diff"
}

for src in "$dir"/*.py; do
    base=${src%.py}
    golden "$src" "$base.tir"
    for args in "$base".*.args; do
        [ -e "$args" ] || continue
        # shellcheck disable=SC2046 # one argument per word
        golden "$src" "${args%.args}.tir" $(cat "$args")
    done
done

# --passes=list names every pass of passes.def, in its order
want=$(sed -n 's/^TIR_PASS([a-z_]*, "\([a-z-]*\)",.*/\1/p' "$2/compiler/passes/passes.def" | tr '\n' ' ')
got=$("$tirc" --passes=list | awk '{ print $1 }' | tr '\n' ' ')
if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "--passes=list lists passes.def in order"; else
    echo "want: $want" >"$out"; echo "got:  $got" >>"$out"; not_ok "--passes=list lists passes.def in order" "$out"; fi

# an unknown pass, or one codegen cannot do without, is a usage error (2)
for bad in -nosuch -lower-blocks collapse; do
    "$tirc" --emit=tir "--passes=$bad" "$dir/grid_flat.py" >/dev/null 2>"$out"
    rc=$?
    if [ "$rc" -eq 2 ] && grep -q "passes" "$out"; then ok "--passes=$bad: usage error"; else
        not_ok "--passes=$bad: usage error (exit $rc)" "$out"; fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
