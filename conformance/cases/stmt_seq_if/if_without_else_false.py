# ---
# spec: Semantics of Statements 10 (no else_case: do nothing further)
# features: [stmt.if]
# description: an if without else does nothing when the condition is false
# arg n: int32 = 2
# arg A: int32[1] = [7]
# assert_return A: [7]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    if n > 3:
        A[0] = 1
