# ---
# spec: tvmscript.md 7.1 ("Integer/bool argument: returns x itself, no call")
# features: [builtin.floor, builtin.ceil, dtype.int32]
# description: T.floor and T.ceil of an int32 value return the value unchanged (int32)
# arg A: int32[3] = [-3, 5, 2147483647]
# arg B: int32[3]
# arg C: int32[3]
# assert_return B: [-3, 5, 2147483647]
# assert_return C: [-3, 5, 2147483647]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32")):
    for i in range(3):
        B[i] = T.floor(A[i])
        C[i] = T.ceil(A[i])
