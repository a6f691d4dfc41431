# ---
# spec: tvmscript.md 6.3, 7.2 (>> is arithmetic for signed types)
# features: [builtin.shift_right, dtype.int32, dtype.int8]
# description: >> on signed values copies the sign bit (-16 >> 2 = -4, -1 >> 31 = -1, -2^31 >> 31 = -1)
# arg A: int32[4] = [-16, -1, -2147483648, 16]
# arg S: int32[4] = [2, 31, 31, 4]
# arg B: int32[4]
# arg C: int8[2] = [-128, 127]
# arg D: int8[2] = [7, 7]
# arg E: int8[2]
# assert_return B: [-4, -1, -1, 1]
# assert_return E: [-1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), S: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((2,), "int8"), D: T.Buffer((2,), "int8"), E: T.Buffer((2,), "int8")):
    for i in range(4):
        B[i] = A[i] >> S[i]
    for i in range(2):
        E[i] = C[i] >> D[i]
