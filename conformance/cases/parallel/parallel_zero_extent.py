# ---
# spec: Semantics of Statements 12.ii (the body is evaluated e - m times, here 0)
# features: [for.parallel]
# description: a parallel loop with run-time extent 0 does not run its body
# threads: 2
# arg n: int32 = 0
# arg A: int32[2] = [7, 7]
# assert_return A: [7, 7]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((2,), "int32")):
    for i in T.parallel(n):
        A[i] = 0
