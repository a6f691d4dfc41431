# ---
# spec: Semantics of Statements 1.ii.d
# features: [runner.trap]
# description: a tensor whose shape differs from the buffer's is rejected
# arg A: float32[5]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
