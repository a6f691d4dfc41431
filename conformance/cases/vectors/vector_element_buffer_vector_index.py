# ---
# spec: Rules for Assigning Datatypes to PrimExprs 7.v (lanes = index_lanes * buffer_lanes); Evaluating PrimExprs 7.v
# features: [vector.element_buffer, vector.ramp, vector.lanes_16, dtype.float32]
# description: loading a float32x4 buffer with a 4-lane index gives the float32x16 concatenation of the four elements (here in reverse order)
# arg A: float32[16] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]
# arg B: float32[16]
# assert_return B: [13.0, 14.0, 15.0, 16.0, 9.0, 10.0, 11.0, 12.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0]
# ---
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    V = T.decl_buffer((4,), "float32x4")
    for k in range(4):
        V[k] = A[k * 4:k * 4 + 4]
    B[0:16] = V[T.Ramp(3, -1, 4)]
