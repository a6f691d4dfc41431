# ---
# spec: tvmscript.md 7.1 (T.sqrt); IEEE 754 (square root is correctly rounded)
# features: [builtin.sqrt, dtype.float64]
# description: float64 sqrt is exact to the last bit (sqrt(2) = 1.4142135623730951)
# arg A: float64[3] = [2.0, 1e-300, 9.0]
# arg B: float64[3]
# assert_return B: [1.4142135623730951, 1e-150, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float64"), B: T.Buffer((3,), "float64")):
    for i in range(3):
        B[i] = T.sqrt(A[i])
