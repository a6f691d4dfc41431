# ---
# spec: tvmscript.md 7.2
# features: [builtin.bitwise_and, builtin.bitwise_or, builtin.bitwise_xor, dtype.uint8]
# description: &, | and ^ on uint8 via the T.bitwise_* functions (0xF0 & 0x3C = 0x30, ...)
# arg A: uint8[2] = [240, 170]
# arg B: uint8[2] = [60, 85]
# arg C: uint8[2]
# arg D: uint8[2]
# arg E: uint8[2]
# assert_return C: [48, 0]
# assert_return D: [252, 255]
# assert_return E: [204, 255]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint8"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "uint8"), D: T.Buffer((2,), "uint8"), E: T.Buffer((2,), "uint8")):
    for i in range(2):
        C[i] = T.bitwise_and(A[i], B[i])
        D[i] = T.bitwise_or(A[i], B[i])
        E[i] = T.bitwise_xor(A[i], B[i])
