# ---
# spec: Evaluating PrimExprs 5; spec-readings 6
# features: [expr.cast, cast.to_bool, dtype.int32, dtype.bool]
# description: casting an integer to bool gives 1 for every nonzero value (256 too: no truncation to one bit)
# arg A: int32[5] = [0, 1, 2, -1, 256]
# arg B: bool[5]
# assert_return B: [false, true, true, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((5,), "bool")):
    for i in range(5):
        B[i] = T.Cast("bool", A[i])
