# ---
# spec: Typing Rules for Statements 1 (LetStmt)
# features: [stmt.let, typing.let, dtype.bool]
# description: a bool-annotated let bound to an int32 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    c: T.bool = A[0]
    if c:
        B[0] = 1
