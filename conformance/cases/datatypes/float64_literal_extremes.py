# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3
# features: [dtype.float64, literal.floatimm]
# description: float64 immediates hold the largest finite double, the smallest subnormal and 0.1 exactly as a double
# arg A: float64[4]
# assert_return A: [1.7976931348623157e+308, -1.7976931348623157e+308, 5e-324, 0.1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float64")):
    A[0] = T.float64(1.7976931348623157e+308)
    A[1] = T.float64(-1.7976931348623157e+308)
    A[2] = T.float64(5e-324)
    A[3] = T.float64(0.1)
