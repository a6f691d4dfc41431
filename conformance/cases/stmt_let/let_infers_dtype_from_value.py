# ---
# spec: Semantics of Statements 2 (LetStmt); Typing Rules for Statements 1; tvmscript.md 5.7
# features: [stmt.let, dtype.float32]
# description: `x = e` without annotation makes a Var of e's dtype (float32 from a float32 load)
# arg A: float32[1] = [3.0]
# arg B: float32[1] = [0]
# assert_return B: [1.5]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32")):
    x = A[0]
    B[0] = x * T.float32(0.5)
