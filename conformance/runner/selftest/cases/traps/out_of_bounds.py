# ---
# spec: Evaluating PrimExprs 7.vi (spec-readings 13)
# features: [runner.trap, runner.scalar]
# description: a store past the end of a buffer is a runtime error
# arg A: float32[4]
# arg n: int32 = 4
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), n: T.int32):
    A[n] = T.float32(1)
