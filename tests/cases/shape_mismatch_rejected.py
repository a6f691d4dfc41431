# case: a tensor whose shape differs from a constant buffer shape is rejected (spec PrimFunc 2.iv)
# in A float32[5]
# error run: shape[0] is 5, expected 4
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(1)
