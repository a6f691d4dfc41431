# ---
# spec: Semantics of Statements 2 (LetStmt); Variable Scoping (Let and LetStmt)
# features: [stmt.let]
# description: nested lets see the enclosing let vars
# arg A: int32[1] = [4]
# arg B: int32[1] = [0]
# assert_return B: [28]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    x: T.int32 = A[0]
    y: T.int32 = x * 3
    z: T.int32 = x + y * 2
    B[0] = z
