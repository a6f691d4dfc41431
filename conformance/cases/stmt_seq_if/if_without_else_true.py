# ---
# spec: Semantics of Statements 10 (IfThenElse: v is 1, execute then_case)
# features: [stmt.if]
# description: an if without else runs its then branch when the condition holds
# arg n: int32 = 5
# arg A: int32[1] = [0]
# assert_return A: [1]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    if n > 3:
        A[0] = 1
