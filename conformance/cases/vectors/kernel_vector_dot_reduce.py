# ---
# spec: Evaluating PrimExprs 7.v, 13.i; Semantics of Statements 5.v.c
# features: [kernel, vector.slice, vector.element_buffer, expr.mul, expr.add, dtype.float32]
# description: a dot product with a float32x4 accumulator (one vector element), reduced to a scalar at the end
# arg A: float32[16] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]
# arg B: float32[16] = [1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5, -1.0, -1.0, -1.0, -1.0, 2.0, 2.0, 2.0, 2.0]
# arg C: float32[1]
# assert_return C: [97.0]
# ---
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), C: T.Buffer((1,), "float32")):
    acc = T.decl_buffer((1,), "float32x4")
    acc[0] = T.Broadcast(T.float32(0), 4)
    for k in range(4):
        acc[0] = acc[0] + A[k * 4:k * 4 + 4] * B[k * 4:k * 4 + 4]
    tmp = T.decl_buffer((4,), "float32")
    tmp[0:4] = acc[0]
    C[0] = tmp[0] + tmp[1] + tmp[2] + tmp[3]
