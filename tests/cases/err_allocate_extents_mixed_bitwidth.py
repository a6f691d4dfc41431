# case: Allocate extents of different bitwidths are a type error (spec Stmt typing rule 6.ii)
# error compile: Allocate extents must all have the same dtype, got int64 and int32
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    buf = T.allocate([T.int64(2), 3], "int32", "global")
    A[0] = 1
