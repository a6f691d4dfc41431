# ---
# spec: Semantics of Statements 7.i; spec-readings 9
# guillemets: TVM runs the body even when the Allocate condition is false
# features: [stmt.allocate, allocate.condition]
# description: a condition computed at run time (n > 0 with n = 0) skips the body, including its stores to parameters
# arg n: int32 = 0
# arg B: int32[3] = [9, 9, 9]
# assert_return B: [9, 9, 9]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((3,), "int32")):
    p = T.allocate([3], "int32", "global", n > 0)
    S = T.Buffer((3,), "int32", data=p)
    for i in range(3):
        S[i] = i
        B[i] = S[i]
