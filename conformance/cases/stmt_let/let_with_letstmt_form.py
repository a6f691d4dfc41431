# ---
# spec: Semantics of Statements 2 (LetStmt); tvmscript.md 5.7
# features: [stmt.let]
# description: `with T.LetStmt(e) as x:` binds x for the suite; statements after the with still run
# arg A: int32[1] = [5]
# arg B: int32[2] = [0, 0]
# assert_return B: [15, 9]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((2,), "int32")):
    with T.LetStmt(A[0] + 10) as x:
        B[0] = x
    B[1] = 9
