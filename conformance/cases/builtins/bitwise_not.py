# ---
# spec: tvmscript.md 6.3, 7.2 (tir.bitwise_not)
# features: [builtin.bitwise_not, dtype.int32, dtype.uint8, dtype.uint64]
# description: ~x complements every bit of the operand's width (~0 = -1 in int32, 255 in uint8, 2^64-1 in uint64)
# arg A: int32[3] = [0, -1, 5]
# arg B: int32[3]
# arg U: uint8[3] = [0, 255, 15]
# arg V: uint8[3]
# arg W: uint64[2] = [0, 18446744073709551615]
# arg X: uint64[2]
# assert_return B: [-1, 0, -6]
# assert_return V: [255, 0, 240]
# assert_return X: [18446744073709551615, 0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), U: T.Buffer((3,), "uint8"), V: T.Buffer((3,), "uint8"), W: T.Buffer((2,), "uint64"), X: T.Buffer((2,), "uint64")):
    for i in range(3):
        B[i] = ~A[i]
        V[i] = ~U[i]
    for i in range(2):
        X[i] = ~W[i]
