# case: a vector index into a buffer of vector elements loads and stores whole elements one after another (spec typing 7.v: lanes = index lanes x element lanes)
# in A int32[8] = 1 2 3 4 5 6 7 8
# in B int32[8]
# in I int32[2] = 3 0
# out B = 7 8 5 6 5 6 3 4
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), I: T.Buffer((2,), "int32")):
    V = T.decl_buffer((2, 2), "int32x2")
    for r, c in T.grid(2, 2):
        V[r, c] = A[r * 4 + c * 2:r * 4 + c * 2 + 2]
    W = T.decl_buffer((4,), "int32x2")
    W[T.Ramp(0, 1, 4)] = A[0:8]
    B[0:4] = V[1, T.Ramp(1, -1, 2)]
    B[4:8] = W[T.Broadcast(I[0], 2) - T.Ramp(1, 1, 2)]
