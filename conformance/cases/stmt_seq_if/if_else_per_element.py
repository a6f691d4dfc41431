# ---
# spec: Semantics of Statements 10 (IfThenElse with else)
# features: [stmt.if, for.serial]
# description: if/else in a loop picks exactly one branch per element (ReLU-like)
# arg A: float32[5] = [-1.5, 0.0, 2.5, -0.25, 3.0]
# arg B: float32[5]
# assert_return B: [0.0, 0.0, 2.5, 0.0, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        if A[i] > T.float32(0):
            B[i] = A[i]
        else:
            B[i] = T.float32(0)
