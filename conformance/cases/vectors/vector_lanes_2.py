# ---
# spec: Evaluating PrimExprs 7.v, 13.i; tvmscript.md 3.2
# features: [vector.slice, vector.lanes_2, expr.mul, dtype.float64]
# description: two-lane float64x2 vectors multiply lane by lane (2 lanes: TVMScript allows them for floats, tvmscript.md 3.2, though the spec lists 4 to 64)
# arg A: float64[2] = [1.5, -3.0]
# arg B: float64[2] = [2.0, 0.1]
# arg C: float64[2]
# assert_return C: [3.0, -0.30000000000000004]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float64"), B: T.Buffer((2,), "float64"), C: T.Buffer((2,), "float64")):
    C[0:2] = A[0:2] * B[0:2]
