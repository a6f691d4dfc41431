# ---
# spec: Semantics of Statements 2 (LetStmt), 10 (IfThenElse); Typing Rules for Statements 1, 9
# features: [stmt.let, stmt.if, dtype.bool]
# description: a bool let var holds a comparison result and drives an if
# arg A: int32[4] = [-2, 5, 0, 7]
# arg B: int32[4] = [0, 0, 0, 0]
# assert_return B: [0, 1, 0, 1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        c: T.bool = A[i] > 0
        if c:
            B[i] = 1
