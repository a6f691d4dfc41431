# ---
# spec: Variable Scoping (LetStmt body); tvmscript.md 5.7 (`with T.LetStmt(e) as x:`)
# features: [scoping.let]
# description: a let var bound with `with T.LetStmt` is not visible after the with suite
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    with T.LetStmt(5) as x:
        A[0] = x
    A[1] = x
