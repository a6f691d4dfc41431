# ---
# spec: Semantics of Statements 13.ii (v is 0: the statement is finished)
# features: [stmt.while]
# description: a while whose condition is false at the start never runs its body
# arg A: int32[2] = [10, 0]
# assert_return A: [10, 0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    while A[0] < 5:
        A[0] = A[0] + 1
        A[1] = A[1] + 1
