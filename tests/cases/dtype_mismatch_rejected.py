# case: a tensor whose dtype differs from the buffer's is rejected (spec PrimFunc 2.iv)
# in A int32[4]
# error run: dtype is int32, expected float32
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
