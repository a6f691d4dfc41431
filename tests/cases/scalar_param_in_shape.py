# case: a scalar parameter used as a shape is checked against the tensor (spec PrimFunc 1.i, tvmscript.md 4.4)
# in n = 3
# in A int32[3]
# out A = 0 10 20
@T.prim_func
def main(n: T.int32, A: T.Buffer((n,), "int32")):
    for i in range(n):
        A[i] = i * 10
