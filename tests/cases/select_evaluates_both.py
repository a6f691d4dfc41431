# case: a Select with a vector condition evaluates both values, so an out-of-bounds load in the unselected side is an error (spec Expr semantics 6.ii, spec-readings 7, 13 and 15: only a scalar condition guards arms that read buffers)
# in A int32[4] = 1 2 3 4
# in B int32[2]
# error run: out of bounds
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((2,), "int32")):
    B[0:2] = T.Select(T.Broadcast(T.bool(True), 2), A[0:2], A[3:5])
