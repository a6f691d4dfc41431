# ---
# spec: Variable Scoping (SSA: all variables are unique and bound exactly once); Expr semantics 10 (Let)
# features: [scoping.ssa, expr.let]
# description: two nested Let expressions binding the same declared Var violate SSA
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    x = T.int32()
    A[0] = T.Let(T.Let(x + 1, where={x: 2}), where={x: 1})
