# ---
# spec: tvmscript.md 6.3; spec-readings 11; Evaluating PrimExprs 5, 13.iii
# features: [expr.add, typing.python_promotion, dtype.int32, dtype.uint32, dtype.int64]
# description: int32 + uint32 through Python operators is computed in uint32 (the int side is cast to uint32), so -1 + 0 is 4294967295
# arg A: int32[2] = [-1, -2]
# arg B: uint32[2] = [0, 1]
# arg C: int64[2]
# assert_return C: [4294967295, 4294967295]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "uint32"), C: T.Buffer((2,), "int64")):
    for i in range(2):
        C[i] = T.Cast("int64", A[i] + B[i])
