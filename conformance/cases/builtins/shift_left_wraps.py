# ---
# spec: tvmscript.md 6.3, 7.2 (tir.shift_left, amounts in [0, bits)); Evaluating PrimExprs 13.ii
# features: [builtin.shift_left, dtype.int32, dtype.uint32, arith.int_wraparound]
# description: << shifts out high bits: 1 << 31 is -2^31 in int32 and 2^31 in uint32; 3 << 30 wraps to -2^30
# arg A: int32[4] = [1, 1, 3, -1]
# arg S: int32[4] = [31, 0, 30, 4]
# arg B: int32[4]
# arg U: uint32[2] = [1, 3]
# arg T2: uint32[2] = [31, 31]
# arg V: uint32[2]
# assert_return B: [-2147483648, 1, -1073741824, -16]
# assert_return V: [2147483648, 2147483648]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), S: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), U: T.Buffer((2,), "uint32"), T2: T.Buffer((2,), "uint32"), V: T.Buffer((2,), "uint32")):
    for i in range(4):
        B[i] = A[i] << S[i]
    for i in range(2):
        V[i] = U[i] << T2[i]
