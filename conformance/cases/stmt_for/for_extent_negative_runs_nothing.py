# ---
# spec: Semantics of Statements 12.i.e; spec-readings 2
# features: [for.serial]
# description: a loop with a negative extent (range(a, b) with b < a) does not run its body
# arg a: int32 = 5
# arg b: int32 = 2
# arg A: int32[1] = [7]
# assert_return A: [7]
# ---
@T.prim_func
def main(a: T.int32, b: T.int32, A: T.Buffer((1,), "int32")):
    for i in range(a, b):
        A[0] = 99
