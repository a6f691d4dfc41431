# case: a vector access whose last lane is past the buffer is an error (spec-readings 13)
# in A float32[6]
# in B float32[4]
# error run: out of bounds
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[3:7]
