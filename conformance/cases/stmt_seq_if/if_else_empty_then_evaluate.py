# ---
# spec: Semantics of Statements 10, 11 (Evaluate of a constant is a no-op)
# features: [stmt.if, stmt.evaluate]
# description: a then branch that is only `T.evaluate(0)` does nothing; the else branch runs when the condition is false
# arg A: int32[4] = [1, 2, 3, 4]
# assert_return A: [1, 20, 3, 40]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        if i % 2 == 0:
            T.evaluate(0)
        else:
            A[i] = A[i] * 10
