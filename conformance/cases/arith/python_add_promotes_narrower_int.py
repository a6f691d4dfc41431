# ---
# spec: tvmscript.md 6.3; spec-readings 11; Evaluating PrimExprs 13.iii, 13.v
# features: [expr.add, expr.mul, typing.python_promotion, dtype.int16, dtype.int64]
# description: int16 (op) int64 through Python operators casts the int16 side to int64 first, so the product does not wrap at 16 bits
# arg A: int16[2] = [32767, -32768]
# arg B: int64[2] = [32767, 100000]
# arg C: int64[2]
# arg D: int64[2]
# assert_return C: [65534, 67232]
# assert_return D: [1073676289, -3276800000]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int16"), B: T.Buffer((2,), "int64"), C: T.Buffer((2,), "int64"), D: T.Buffer((2,), "int64")):
    for i in range(2):
        C[i] = A[i] + B[i]
        D[i] = A[i] * B[i]
