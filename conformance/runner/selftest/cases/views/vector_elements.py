# ---
# spec: Rules for Assigning Datatypes to PrimExprs 7.v
# features: [runner.view]
# description: a buffer argument of float32x4 elements, values given lane by lane
# arg A: float32x4[2] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: float32x4[2]
# assert_return B: [[2, 4, 6, 8], [10, 12, 14, 16]]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32x4"), B: T.Buffer((2,), "float32x4")):
    for i in range(2):
        B[i] = A[i] * T.Broadcast(T.float32(2), 4)
