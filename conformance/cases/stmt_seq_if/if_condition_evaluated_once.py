# ---
# spec: Semantics of Statements 10 (evaluate condition once, then execute one branch)
# features: [stmt.if]
# description: a then branch that falsifies the condition does not cause the else branch to run
# arg A: int32[2] = [0, 0]
# assert_return A: [1, 10]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    if A[0] == 0:
        A[0] = 1
        A[1] = A[1] + 10
    else:
        A[1] = A[1] + 100
