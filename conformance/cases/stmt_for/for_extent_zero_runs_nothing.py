# ---
# spec: Semantics of Statements 12.i.e (loop var >= e: finish); spec-readings 2
# features: [for.serial]
# description: a loop with a run-time extent of 0 does not run its body
# arg n: int32 = 0
# arg A: int32[1] = [7]
# assert_return A: [7]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    for i in range(n):
        A[0] = 99
