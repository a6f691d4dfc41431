# ---
# spec: tvmscript.md 7.2 (bit operations work lane-wise)
# features: [builtin.bitwise_and, builtin.shift_right, vector.slice, dtype.uint8]
# description: & and >> on uint8x4 vectors act lane by lane
# arg A: uint8[4] = [255, 170, 15, 128]
# arg B: uint8[4] = [15, 240, 255, 128]
# arg S: uint8[4] = [4, 1, 0, 7]
# arg C: uint8[4]
# arg D: uint8[4]
# assert_return C: [15, 160, 15, 128]
# assert_return D: [15, 85, 15, 1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "uint8"), S: T.Buffer((4,), "uint8"), C: T.Buffer((4,), "uint8"), D: T.Buffer((4,), "uint8")):
    C[0:4] = A[0:4] & B[0:4]
    D[0:4] = A[0:4] >> S[0:4]
