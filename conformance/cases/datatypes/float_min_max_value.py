# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3; tvmscript.md 7.1
# features: [dtype.float16, dtype.float32, dtype.float64, builtin.min_max_value]
# description: T.min_value/T.max_value give the lowest and largest finite values of each float dtype
# arg A: float16[2]
# arg B: float32[2]
# arg C: float64[2]
# assert_return A: [-65504.0, 65504.0]
# assert_return B: [-3.4028234663852886e+38, 3.4028234663852886e+38]
# assert_return C: [-1.7976931348623157e+308, 1.7976931348623157e+308]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float16"), B: T.Buffer((2,), "float32"), C: T.Buffer((2,), "float64")):
    A[0] = T.min_value("float16")
    A[1] = T.max_value("float16")
    B[0] = T.min_value("float32")
    B[1] = T.max_value("float32")
    C[0] = T.min_value("float64")
    C[1] = T.max_value("float64")
