# ---
# spec: Variable Scoping (LetStmt body covers both branches of a following if)
# features: [scoping.let, stmt.if]
# description: a let bound before an if is visible in both branches
# arg n: int32 = -4
# arg A: int32[1]
# assert_return A: [4]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    x: T.int32 = n * -1
    if n > 0:
        A[0] = n
    else:
        A[0] = x
