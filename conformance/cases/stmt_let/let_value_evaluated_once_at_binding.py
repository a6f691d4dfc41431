# ---
# spec: Semantics of Statements 2.i-iii (LetStmt evaluates value, then binds it)
# features: [stmt.let, stmt.store]
# description: the let value is evaluated once when bound; a later store to the buffer it read does not change the Var
# arg A: int32[1] = [3]
# arg B: int32[2] = [0, 0]
# assert_return A: [100]
# assert_return B: [3, 103]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((2,), "int32")):
    x: T.int32 = A[0]
    A[0] = 100
    B[0] = x
    B[1] = x + A[0]
