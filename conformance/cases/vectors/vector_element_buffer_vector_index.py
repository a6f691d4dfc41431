# ---
# spec: Rules for Assigning Datatypes to PrimExprs 7.v (lanes = index_lanes * buffer_lanes); Evaluating PrimExprs 7.v
# features: [vector.element_buffer, vector.ramp, vector.lanes_8, dtype.float32]
# description: loading a float32x4 buffer with a 2-lane index gives the float32x8 concatenation of the two elements
# arg A: float32[8] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
# arg B: float32[8]
# assert_return B: [5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    V = T.decl_buffer((2,), "float32x4")
    V[0] = A[0:4]
    V[1] = A[4:8]
    B[0:8] = V[T.Ramp(1, -1, 2)]
