# ---
# spec: tvmscript.md 6.3; Evaluating PrimExprs 13.v
# features: [expr.mul, expr.neg, dtype.int32, dtype.float32, float.signed_zero, arith.int_wraparound]
# description: unary minus is Mul(a, -1): -(-2^31) wraps to -2^31 in int32, and -(0.0) is -0.0 in float32
# arg A: int32[3] = [5, -2147483648, 0]
# arg B: int32[3]
# arg F: float32[3] = [0.0, 1.5, -inf]
# arg G: float32[3]
# assert_return B: [-5, -2147483648, 0]
# assert_return G: [-0.0, -1.5, inf]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), F: T.Buffer((3,), "float32"), G: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = -A[i]
        G[i] = -F[i]
