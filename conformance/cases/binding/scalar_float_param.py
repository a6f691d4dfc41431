# ---
# spec: Semantics of Statements 1.i (params enter the scope with the passed values)
# features: [binding.scalar, dtype.float32]
# description: a float32 scalar parameter scales a buffer
# arg s: float32 = 2.5
# arg A: float32[3] = [1, 2, -4]
# assert_return A: [2.5, 5, -10]
# ---
@T.prim_func
def main(s: T.float32, A: T.Buffer((3,), "float32")):
    for i in range(3):
        A[i] = A[i] * s
