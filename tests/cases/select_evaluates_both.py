# case: Select evaluates both values, so an out-of-bounds load in the unselected side is an error (spec Expr semantics 6.ii, spec-readings 7 and 13)
# in A int32[2] = 1 2
# in B int32[1]
# error run: out of bounds
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Select(T.bool(True), A[0], A[5])
