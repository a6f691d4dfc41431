# ---
# spec: Evaluating PrimExprs 7.v, 9, 13.i, 13.xi; tvmscript.md 11.2
# features: [kernel, vector.slice, vector.broadcast, expr.add, expr.max, for.parallel, dtype.float32]
# description: the explicit-vector add_relu of tvmscript.md 11.2 on a 2 x 16 tensor: C = max(A + B, 0) in float32x8 pieces
# arg A: float32[2, 16] = [[1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0, -8.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5], [-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]]
# arg B: float32[2, 16] = [[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0, -2.0, -1.0, 0.0, 1.0, -2.0, -1.0, 0.0, 1.0]]
# arg C: float32[2, 16]
# assert_return C: [[1.5, 0.0, 3.5, 0.0, 5.5, 0.0, 7.5, 0.0, 1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 4.0, 0.0], [0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 1.0, 2.0]]
# ---
@T.prim_func
def main(A: T.Buffer((2, 16), "float32"), B: T.Buffer((2, 16), "float32"), C: T.Buffer((2, 16), "float32")):
    T.func_attr({"tir.noalias": True})
    for i in T.parallel(2):
        for j_0 in range(2):
            C[i, j_0 * 8:j_0 * 8 + 8] = T.max(A[i, j_0 * 8:j_0 * 8 + 8] + B[i, j_0 * 8:j_0 * 8 + 8], T.Broadcast(T.float32(0.0), 8))
