# case: an assert condition must be a bool scalar (spec Stmt typing rule 3)
# error compile: AssertStmt condition must be a bool scalar, got int32
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert A[0], "nonzero"
    A[0] = 1
