# ---
# spec: Variable Scoping (SSA: all variables are unique and bound exactly once)
# features: [scoping.ssa]
# description: binding one declared Var with two nested LetStmts violates SSA
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    x = T.int32()
    with T.LetStmt(1, var=x):
        with T.LetStmt(2, var=x):
            A[0] = x
