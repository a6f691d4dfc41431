# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2; tvmscript.md 7.1
# features: [dtype.int8, dtype.uint8, dtype.int32, dtype.uint16, dtype.int64, builtin.min_max_value]
# description: T.min_value/T.max_value give the integer extremes of each dtype
# arg A: int8[2]
# arg B: uint8[2]
# arg C: int32[2]
# arg D: uint16[2]
# arg E: int64[2]
# assert_return A: [-128, 127]
# assert_return B: [0, 255]
# assert_return C: [-2147483648, 2147483647]
# assert_return D: [0, 65535]
# assert_return E: [-9223372036854775808, 9223372036854775807]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int8"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "int32"), D: T.Buffer((2,), "uint16"), E: T.Buffer((2,), "int64")):
    A[0] = T.min_value("int8")
    A[1] = T.max_value("int8")
    B[0] = T.min_value("uint8")
    B[1] = T.max_value("uint8")
    C[0] = T.min_value("int32")
    C[1] = T.max_value("int32")
    D[0] = T.min_value("uint16")
    D[1] = T.max_value("uint16")
    E[0] = T.min_value("int64")
    E[1] = T.max_value("int64")
