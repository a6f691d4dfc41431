# case: a BufferRealize condition must be a bool scalar (spec typing rule for BufferRealize 1)
# in A int32[8]
# error compile: BufferRealize condition must be a bool scalar, got int32
@T.prim_func
def func(A: T.Buffer(8, "int32"), n: T.int32):
    T.realize(A[0:4], "", n)
    A[0] = 1
