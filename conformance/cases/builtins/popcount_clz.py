# ---
# spec: tvmscript.md 7.2 (T.popcount: set bits, same dtype; T.clz: leading zeros, int32 result)
# features: [builtin.popcount, builtin.clz, dtype.int32]
# description: popcount counts set bits in the operand's width; clz counts leading zero bits (nonzero operands)
# arg A: int32[4] = [0, 1, 255, -1]
# arg P: int32[4]
# arg B: int32[4] = [1, 2147483647, -1, 65536]
# arg Z: int32[4]
# assert_return P: [0, 1, 8, 32]
# assert_return Z: [31, 1, 0, 15]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), P: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), Z: T.Buffer((4,), "int32")):
    for i in range(4):
        P[i] = T.popcount(A[i])
        Z[i] = T.clz(B[i])
