# ---
# spec: Typing Rules for Statements 1 (LetStmt)
# features: [stmt.let, typing.let, dtype.float64]
# description: a float64-annotated let bound to a float32 constant is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(B: T.Buffer((1,), "float64")):
    x: T.float64 = T.float32(1.0)
    B[0] = x
