# ---
# spec: tvmscript.md 6.3 (/ on signed ints is an error)
# features: [expr.div, typing.python_operator, dtype.int32]
# description: the Python / operator on two signed int32 operands is rejected as ambiguous (use T.truncdiv or //)
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32"), R: T.Buffer((1,), "int32")):
    R[0] = A[0] / B[0]
