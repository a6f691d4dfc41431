# case: a vector index past the end of a buffer of vector elements traps (spec Evaluating PrimExprs 7)
# in A int32[8] = 1 2 3 4 5 6 7 8
# in B int32[4]
# error run: out of bounds
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32")):
    W = T.decl_buffer((4,), "int32x2")
    W[T.Ramp(0, 1, 4)] = A[0:8]
    B[0:4] = W[T.Ramp(3, 1, 2)]
