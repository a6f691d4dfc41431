# ---
# spec: tvmscript.md 6.3, 7.2 (>> is logical for unsigned types)
# features: [builtin.shift_right, dtype.uint32, dtype.uint8]
# description: >> on unsigned values shifts in zeros (0xFFFFFFFF >> 28 = 15, 128 >> 7 = 1 in uint8)
# arg A: uint32[2] = [4294967295, 2147483648]
# arg S: uint32[2] = [28, 31]
# arg B: uint32[2]
# arg C: uint8[2] = [128, 255]
# arg D: uint8[2] = [7, 4]
# arg E: uint8[2]
# assert_return B: [15, 1]
# assert_return E: [1, 15]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), S: T.Buffer((2,), "uint32"), B: T.Buffer((2,), "uint32"), C: T.Buffer((2,), "uint8"), D: T.Buffer((2,), "uint8"), E: T.Buffer((2,), "uint8")):
    for i in range(2):
        B[i] = A[i] >> S[i]
        E[i] = C[i] >> D[i]
