# ---
# spec: Semantics of Statements 2 (LetStmt); Typing Rules for Statements 1; Expr semantics 13.ii
# features: [stmt.let, dtype.uint8]
# description: a uint8 let var keeps uint8 arithmetic (250 + 10 wraps to 4)
# arg B: uint8[1] = [0]
# assert_return B: [4]
# ---
@T.prim_func
def main(B: T.Buffer((1,), "uint8")):
    x: T.uint8 = T.uint8(250)
    B[0] = x + T.uint8(10)
