# ---
# spec: tvmscript.md 7.2 (T.shift_left, T.shift_right)
# features: [builtin.shift_left, builtin.shift_right, dtype.int64]
# description: T.shift_left and T.shift_right on int64 values and amounts up to 63
# arg A: int64[2] = [1, -9223372036854775808]
# arg S: int64[2] = [63, 63]
# arg L: int64[2]
# arg R: int64[2]
# assert_return L: [-9223372036854775808, 0]
# assert_return R: [0, -1]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), S: T.Buffer((2,), "int64"), L: T.Buffer((2,), "int64"), R: T.Buffer((2,), "int64")):
    for i in range(2):
        L[i] = T.shift_left(A[i], S[i])
        R[i] = T.shift_right(A[i], S[i])
