# ---
# spec: Semantics of Statements 4; Expr semantics 14 (And short-circuits); Typing Rules for Statements 3
# features: [stmt.assert, expr.and]
# description: an `and` condition (a bool scalar) that is false in its second operand fails the assertion
# arg n: int32 = 12
# arg A: int32[1]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    assert 0 <= n and n < 10, "n out of range"
    A[0] = n
