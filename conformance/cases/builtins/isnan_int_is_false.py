# ---
# spec: tvmscript.md 7.1 ("Int/uint argument folds to False")
# features: [builtin.isnan, dtype.int32, dtype.bool]
# description: T.isnan of an integer value is false
# arg A: int32[2] = [0, -1]
# arg C: bool[2]
# assert_return C: [false, false]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), C: T.Buffer((2,), "bool")):
    for i in range(2):
        C[i] = T.isnan(A[i])
