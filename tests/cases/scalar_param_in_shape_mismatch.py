# case: a tensor that disagrees with a scalar parameter used as its shape is rejected (spec PrimFunc 2.iv)
# in n = 4
# in A int32[3]
# error run: shape[0] is 3, but an earlier argument bound it to 4
@T.prim_func
def main(n: T.int32, A: T.Buffer((n,), "int32")):
    for i in range(n):
        A[i] = i * 10
