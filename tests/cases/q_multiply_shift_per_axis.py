# case: T.q_multiply_shift_per_axis(x, y, ls, rs, q, lshift, rshift) shifts x left by ls when lshift holds, then multiplies by y / 2^(q + rs) rounded half up: 1000 << 1 * 0.75 = 1500; 1000 * 0.75 / 2 = 375
# in A int32[2]
# out A = 1500 375
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[0] = T.q_multiply_shift_per_axis(1000, 1610612736, 1, 0, 31, T.bool(True), T.bool(False))
    A[1] = T.q_multiply_shift_per_axis(1000, 1610612736, 0, 1, 31, T.bool(False), T.bool(True))
