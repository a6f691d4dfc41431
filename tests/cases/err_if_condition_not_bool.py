# case: an IfThenElse condition must be a bool scalar (spec Stmt typing rule 9)
# error compile: IfThenElse condition must be a bool scalar, got int32
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0]:
        A[1] = 1
