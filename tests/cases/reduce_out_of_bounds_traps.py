# case: a sum loop whose reads run past the buffer (their range unknown at compile time) fails at the first index out of bounds, as the spec's loop would
# in A float32[4] = 1 2 3 4
# in S float32[1]
# in n = 6
# error run: index 4 is out of bounds for dimension 0 of buffer 'A' (extent 4)
@T.prim_func
def main(A: T.Buffer((4,), "float32"), S: T.Buffer((1,), "float32"), n: T.int32):
    S[0] = T.float32(0)
    for k in range(6):
        S[0] = S[0] + A[k * n - k * 5]
