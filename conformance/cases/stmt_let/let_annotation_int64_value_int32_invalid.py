# ---
# spec: Typing Rules for Statements 1 (LetStmt)
# features: [stmt.let, typing.let, dtype.int64]
# description: an int64-annotated let bound to an int32 Var is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((1,), "int64")):
    x: T.int64 = n
    B[0] = x
