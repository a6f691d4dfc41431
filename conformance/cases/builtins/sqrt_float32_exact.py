# ---
# spec: tvmscript.md 7.1 (T.sqrt); IEEE 754 (square root is correctly rounded)
# features: [builtin.sqrt, dtype.float32, float.inf, float.nan, float.signed_zero]
# description: sqrt is exact to the last bit: sqrt(2) = 1.4142135381698608 in float32, sqrt(-0) = -0, sqrt(-1) = NaN
# arg A: float32[6] = [4.0, 2.0, 0.0, -0.0, -1.0, inf]
# arg B: float32[6]
# assert_return B: [2.0, 1.4142135381698608, 0.0, -0.0, nan, inf]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.sqrt(A[i])
