# case: a Select with a scalar condition whose arms read buffers evaluates only the chosen arm (spec-readings 15, TVM's RewriteUnsafeSelect): A[5] is never read
# in A int32[2] = 1 2
# in B int32[1]
# out B = 1
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Select(T.bool(True), A[0], A[5])
