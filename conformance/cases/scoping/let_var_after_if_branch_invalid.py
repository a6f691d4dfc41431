# ---
# spec: Variable Scoping (Let and LetStmt: var in scope for body only); tvmscript.md 5.11 (names bound in a branch are not visible after it)
# features: [scoping.let]
# description: a let bound inside an if branch is not visible after the if
# assert_invalid: script
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    if n > 0:
        x: T.int32 = n * 2
        A[0] = x
    A[0] = x
