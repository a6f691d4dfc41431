# ---
# spec: Semantics of Statements 2 (LetStmt); tvmscript.md 5.7, 6.1
# features: [stmt.let, dtype.int32]
# description: `x = 7` binds an int32 Var (a Python int literal is IntImm int32)
# arg B: int32[2] = [0, 0]
# assert_return B: [7, 49]
# ---
@T.prim_func
def main(B: T.Buffer((2,), "int32")):
    x = 7
    B[0] = x
    B[1] = x * x
