# ---
# spec: Semantics of Statements 12.i (extent evaluated in the scope of the outer loop var)
# features: [for.serial]
# description: an inner loop whose extent is the outer loop var runs a triangular iteration space
# arg A: int32[5]
# assert_return A: [0, 1, 2, 3, 4]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in range(5):
        for j in range(i):
            A[i] = A[i] + 1
