# ---
# spec: Typing Rules for Statements 6.ii (extent typecodes and bitwidths must all match); spec-readings 12
# guillemets: the spec requires equal extent bitwidths; TVM does not check
# features: [stmt.allocate, typing.allocate, dtype.int64]
# description: an Allocate with an int64 and an int32 extent is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    p = T.allocate([T.int64(2), 3], "int32", "global")
    S = T.Buffer((2, 3), "int32", data=p)
    S[0, 0] = 1
    B[0] = S[0, 0]
