# case: FloorDiv and FloorMod on floats use floor (spec Expr semantics 13.viii-ix)
# in A float32[2] = -7 7
# in B float32[4]
# out B = -4 3 1 1
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((4,), "float32")):
    B[0] = T.FloorDiv(A[0], T.float32(2))
    B[1] = T.FloorDiv(A[1], T.float32(2))
    B[2] = T.FloorMod(A[0], T.float32(2))
    B[3] = T.FloorMod(A[1], T.float32(2))
