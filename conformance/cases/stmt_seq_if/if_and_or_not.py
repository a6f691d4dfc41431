# ---
# spec: Semantics of Statements 10; Expr semantics 14, 15 (And, Or, Not)
# features: [stmt.if, expr.and, expr.or, expr.not]
# description: conditions built with and/or/not select the right elements
# arg A: int32[6]
# assert_return A: [1, 0, 0, 1, 1, 1]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    for i in range(6):
        if (i == 0 or i >= 3) and not (i == 6):
            A[i] = 1
