# ---
# spec: Evaluating PrimExprs 6.iii; Rules for Assigning Datatypes to PrimExprs 6.ii
# features: [expr.select, dtype.bool]
# description: Select on bool values; the result has the dtype of the values (bool)
# arg C: bool[3] = [true, false, false]
# arg A: bool[3] = [false, true, false]
# arg B: bool[3]
# assert_return B: [true, true, false]
# ---
@T.prim_func
def main(C: T.Buffer((3,), "bool"), A: T.Buffer((3,), "bool"), B: T.Buffer((3,), "bool")):
    for i in range(3):
        B[i] = T.Select(C[i], T.bool(True), A[i])
