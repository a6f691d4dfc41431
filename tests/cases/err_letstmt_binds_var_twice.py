# case: binding one Var with two LetStmts breaks single assignment (spec Stmt typing, SSA rule)
# error compile: variable 'x' is bound more than once
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    x = T.int32()
    with T.LetStmt(A[0], var=x):
        A[0] = x
    with T.LetStmt(A[1], var=x):
        A[1] = x
