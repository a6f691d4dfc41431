# ---
# spec: Variable Scoping (Let and LetStmt)
# features: [scoping.let, stmt.while]
# description: a let bound in a while body is not visible after the while
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    while A[0] < 3:
        t: T.int32 = A[0] + 1
        A[0] = t
    A[1] = t
