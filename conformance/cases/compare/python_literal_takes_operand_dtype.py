# ---
# spec: tvmscript.md 6.3 (comparisons: a Python int/float operand takes the other side's dtype); Evaluating PrimExprs 16
# features: [expr.lt, expr.gt, expr.ge, literal.python, dtype.float32, dtype.int8, dtype.uint64, dtype.bool]
# description: a Python literal in a comparison takes the other operand's dtype (1 becomes float32 1.0, 100 becomes int8, 5 becomes uint64)
# arg A: float32[3] = [0.5, 1.0, 1.5]
# arg B: int8[3] = [-128, 100, 127]
# arg C: uint64[3] = [18446744073709551615, 5, 4]
# arg F: bool[3]
# arg I: bool[3]
# arg U: bool[3]
# assert_return F: [true, false, false]
# assert_return I: [false, false, true]
# assert_return U: [true, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "int8"), C: T.Buffer((3,), "uint64"), F: T.Buffer((3,), "bool"), I: T.Buffer((3,), "bool"), U: T.Buffer((3,), "bool")):
    for i in range(3):
        F[i] = A[i] < 1
        I[i] = B[i] > 100
        U[i] = C[i] >= 5
