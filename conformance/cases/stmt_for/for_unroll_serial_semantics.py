# ---
# spec: Semantics of Statements 12.iv (kUnrolled has the semantics of kSerial)
# features: [for.unroll]
# description: an unrolled loop runs its iterations in order (digit accumulator)
# arg A: int32[1] = [0]
# assert_return A: [1234]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in T.unroll(4):
        A[0] = A[0] * 10 + i + 1
