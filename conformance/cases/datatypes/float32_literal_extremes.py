# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3
# features: [dtype.float32, literal.floatimm]
# description: float32 immediates may reach FLT_MAX = 3.4028234663852886e38 (the spec's bound 3.402823466e38 is read as FLT_MAX, which TVM prints for T.max_value) and the smallest subnormal
# arg A: float32[3]
# assert_return A: [3.4028234663852886e+38, -3.4028234663852886e+38, 1.401298464324817e-45]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32")):
    A[0] = T.float32(3.4028234663852886e+38)
    A[1] = T.float32(-3.4028234663852886e+38)
    A[2] = T.float32(1.401298464324817e-45)
