# ---
# spec: tvmscript.md 6.3, 7.2 (tir.bitwise_and/or/xor on two's complement values)
# features: [builtin.bitwise_and, builtin.bitwise_or, builtin.bitwise_xor, dtype.int32]
# description: &, | and ^ on int32 values, including negative ones and the sign bit
# arg A: int32[3] = [12, -16, 2147483647]
# arg B: int32[3] = [10, 7, -2147483648]
# arg C: int32[3]
# arg D: int32[3]
# arg E: int32[3]
# assert_return C: [8, 0, 0]
# assert_return D: [14, -9, -1]
# assert_return E: [6, -9, -1]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32"), D: T.Buffer((3,), "int32"), E: T.Buffer((3,), "int32")):
    for i in range(3):
        C[i] = A[i] & B[i]
        D[i] = A[i] | B[i]
        E[i] = A[i] ^ B[i]
