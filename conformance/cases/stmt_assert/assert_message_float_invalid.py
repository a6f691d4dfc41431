# ---
# spec: Typing Rules for Statements 3 (message is an int32 PrimExpr or a StringImm); tvmscript.md 5.8 (TVMScript messages are string literals)
# features: [stmt.assert, typing.assert]
# description: a float32 assertion message is rejected (TVMScript takes only string-literal messages; a float is not an allowed message type either)
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert A[0] == 0, T.float32(1.5)
    A[0] = 1
