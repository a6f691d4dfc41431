# ---
# spec: Variable Scoping (SSA: all variables are unique and bound exactly once)
# features: [scoping.ssa]
# description: binding one declared Var with two LetStmts one after the other violates SSA
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    x = T.int32()
    with T.LetStmt(1, var=x):
        A[0] = x
    with T.LetStmt(2, var=x):
        A[1] = x
