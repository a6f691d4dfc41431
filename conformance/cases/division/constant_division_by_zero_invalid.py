# ---
# spec: tvmscript.md 6.3 (constant folding: dividing by a constant integer 0 is a parse-time error)
# features: [expr.floordiv, typing.const_fold, dtype.int32]
# description: dividing by the integer literal 0 is rejected when the script is built
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), R: T.Buffer((1,), "int32")):
    R[0] = A[0] // 0
