#!/bin/sh
# Every lane-wise math function (format/math.def), called in a T.vectorized
# loop, compiles to one vmath instruction applying that function to all the
# lanes, for float32, float64 and float16: the vectorizer reads the same
# table as the instruction set.  TAP output.
# Usage: math_vector_test.sh TIRC SOURCE_ROOT
TIRC=$1 ROOT=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0 failed=0
rows=$(sed -n 's/^MATH([A-Z0-9_]*, "\([a-z0-9]*\)", \([12]\),.*/\1 \2/p' "$ROOT/format/math.def")
[ -n "$rows" ] || { echo "Bail out! no rows in format/math.def"; exit 1; }
for dt in float32 float64 float16; do
    case $dt in float32) k=f32 ;; float64) k=f64 ;; float16) k=f16 ;; esac
    echo "$rows" | while read -r name arity; do
        if [ "$arity" = 1 ]; then call="T.$name(A[i])"; else call="T.$name(A[i], B[i])"; fi
        cat >"$T/$name.py" <<PY
from tvm.script import tir as T
@T.prim_func
def f(A: T.Buffer((16,), "$dt"), B: T.Buffer((16,), "$dt"), C: T.Buffer((16,), "$dt")):
    for i in T.vectorized(16):
        C[i] = $call
PY
        "$TIRC" --emit=asm -o "$T/$name.tirasm" "$T/$name.py" 2>"$T/err"
        if grep -q "vmath$arity\\.$k .*, x16, $name\\.$k\$" "$T/$name.tirasm" && ! grep -q '  loop\.' "$T/$name.tirasm"; then
            echo "ok - T.$name on $dt lanes is one vmath$arity.$k"
        else
            echo "not ok - T.$name on $dt lanes is one vmath$arity.$k"
            sed 's/^/#   /' "$T/err" "$T/$name.tirasm" | grep -v '^#   *;' | head -30
        fi
    done
done >"$T/out"
# number the results (TAP "ok N - ...")
awk '/^(not )?ok - /{ n++; sub(/ok - /, "ok " n " - ") } { print }' "$T/out"
echo "1..$(grep -c '^\(not \)\?ok' "$T/out")"
! grep -q '^not ok' "$T/out"
