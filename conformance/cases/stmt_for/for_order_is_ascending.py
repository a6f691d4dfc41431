# ---
# spec: Semantics of Statements 12.i (loop_var takes m, m + 1, ... in order)
# features: [for.serial]
# description: the iterations run in ascending order (a digit accumulator records 1, 2, 3)
# arg A: int32[1] = [0]
# assert_return A: [123]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in range(1, 4):
        A[0] = A[0] * 10 + i
