# ---
# spec: Semantics of Statements 2 (LetStmt); tvmscript.md 5.7, 6.1
# features: [stmt.let, dtype.float32]
# description: `x = 1.5` binds a float32 Var; it is usable in float32 arithmetic
# arg B: float32[1] = [0]
# assert_return B: [3.0]
# ---
@T.prim_func
def main(B: T.Buffer((1,), "float32")):
    x = 1.5
    B[0] = x + x
