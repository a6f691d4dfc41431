# ---
# spec: tvmscript.md 6.3; Evaluating PrimExprs 13.ii-iii
# features: [expr.add, typing.python_promotion, dtype.int64, literal.python, arith.int_wraparound]
# description: int64 + 1 promotes the literal to int64 and wraps at 2^63
# arg A: int64[2] = [9223372036854775807, -5]
# arg B: int64[2]
# assert_return B: [-9223372036854775808, -4]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64")):
    for i in range(2):
        B[i] = A[i] + 1
