# ---
# spec: Semantics of Statements 5
# features: [runner.expected_failure]
# description: expects 3 where the kernel stores 2, to show how a listed
#   failure is reported
# arg A: int32[1]
# assert_return A: [3]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = 2
