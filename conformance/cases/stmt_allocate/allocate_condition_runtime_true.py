# ---
# spec: Semantics of Statements 7 (Allocate with a run-time condition that holds)
# features: [stmt.allocate, allocate.condition]
# description: a condition computed at run time (n > 0 with n = 2) runs the body
# arg n: int32 = 2
# arg B: int32[3] = [9, 9, 9]
# assert_return B: [0, 2, 4]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((3,), "int32")):
    p = T.allocate([3], "int32", "global", n > 0)
    S = T.Buffer((3,), "int32", data=p)
    for i in range(3):
        S[i] = i * n
        B[i] = S[i]
