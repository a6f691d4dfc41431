# ---
# spec: Semantics of Statements 14.iv, 15.iii; spec-readings 1, 3
# features: [block.where, block.init, block.reduce]
# description: a guarded reduction over 5 of 6 split positions sums A[0..4]; the guarded-out position does nothing
# arg A: int32[6] = [1, 2, 3, 4, 5, 1000]
# arg B: int32[1] = [77]
# assert_return B: [15]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((1,), "int32")):
    for k0, k1 in T.grid(2, 3):
        with T.block("B"):
            vk = T.axis.reduce(5, k0 * 3 + k1)
            T.where(k0 * 3 + k1 < 5)
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vk]
