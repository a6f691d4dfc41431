# ---
# spec: Typing Rules for Statements 6.ii (extents must be integer scalars)
# guillemets: the spec requires Int/UInt extents; TVM does not check
# features: [stmt.allocate, typing.allocate]
# description: an Allocate with a float32 extent is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    p = T.allocate([T.float32(4.0)], "int32", "global")
    S = T.Buffer((4,), "int32", data=p)
    S[0] = 1
    B[0] = S[0]
