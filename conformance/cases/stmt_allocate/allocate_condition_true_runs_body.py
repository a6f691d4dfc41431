# ---
# spec: Semantics of Statements 7 (Allocate with a true condition)
# features: [stmt.allocate, allocate.condition]
# description: an Allocate whose condition is True executes its body
# arg B: int32[2] = [5, 5]
# assert_return B: [1, 7]
# ---
@T.prim_func
def main(B: T.Buffer((2,), "int32")):
    p = T.allocate([2], "int32", "global", True)
    S = T.Buffer((2,), "int32", data=p)
    S[0] = 1
    B[0] = S[0]
    B[1] = 7
