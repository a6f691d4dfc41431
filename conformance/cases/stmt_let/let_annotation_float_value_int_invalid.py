# ---
# spec: Typing Rules for Statements 1 (LetStmt); tvmscript.md 5.7
# features: [stmt.let, typing.let]
# description: an int32-annotated let bound to a float32 value is a type error (no implicit cast)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
    x: T.int32 = A[0]
    B[0] = x
