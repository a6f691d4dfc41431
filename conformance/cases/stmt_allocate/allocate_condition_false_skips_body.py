# ---
# spec: Semantics of Statements 7.i (if the condition is 0, finish the statement); spec-readings 9
# guillemets: TVM runs the body even when the Allocate condition is false
# features: [stmt.allocate, allocate.condition]
# description: an Allocate whose condition is False does not execute its body
# arg B: int32[2] = [5, 5]
# assert_return B: [5, 5]
# ---
@T.prim_func
def main(B: T.Buffer((2,), "int32")):
    p = T.allocate([2], "int32", "global", False)
    S = T.Buffer((2,), "int32", data=p)
    S[0] = 1
    B[0] = S[0]
    B[1] = 7
