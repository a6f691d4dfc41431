# case: T.q_multiply_shift(x, y, q, s) is x * (y / 2^31) * 2^s rounded half up, as TVM legalizes it: 1000 * 0.75 / 2 = 375, 1000 * 0.75 * 2 = 1500, 101 * 0.5 = 50.5 -> 51, -101 * 0.5 = -50.5 -> -50
# in A int32[4]
# out A = 375 1500 51 -50
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = T.q_multiply_shift(1000, 1610612736, 31, -1)
    A[1] = T.q_multiply_shift(1000, 1610612736, 31, 1)
    A[2] = T.q_multiply_shift(101, 1073741824, 31, 0)
    A[3] = T.q_multiply_shift(-101, 1073741824, 31, 0)
