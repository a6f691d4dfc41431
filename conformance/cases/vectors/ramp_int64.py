# ---
# spec: Evaluating PrimExprs 8; Rules for Assigning Datatypes to PrimExprs 8.ii
# features: [vector.ramp, dtype.int64]
# description: an int64 Ramp (base and stride both int64) beyond the int32 range
# arg B: int64[4]
# assert_return B: [4294967296, 4294967299, 4294967302, 4294967305]
# ---
@T.prim_func
def main(B: T.Buffer((4,), "int64")):
    B[0:4] = T.Ramp(T.int64(4294967296), T.int64(3), 4)
