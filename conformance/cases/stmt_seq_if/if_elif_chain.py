# ---
# spec: Semantics of Statements 10; tvmscript.md 5.11 (elif is an IfThenElse nested in else)
# features: [stmt.if]
# description: an if/elif/else chain classifies each input
# arg A: int32[5] = [-5, 0, 3, 100, -1]
# arg B: int32[5]
# assert_return B: [-1, 0, 1, 2, -1]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32")):
    for i in range(5):
        if A[i] < 0:
            B[i] = -1
        elif A[i] == 0:
            B[i] = 0
        elif A[i] < 10:
            B[i] = 1
        else:
            B[i] = 2
