# ---
# spec: Typing Rules for Statements 3 (message is an int32 PrimExpr or a StringImm); tvmscript.md 5.8
# features: [stmt.assert, typing.assert]
# description: a float message is neither an int32 PrimExpr nor a StringImm, so the assertion is invalid
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert A[0] == 0, T.float32(1.5)
    A[0] = 1
