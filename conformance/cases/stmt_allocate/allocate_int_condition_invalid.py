# ---
# spec: Typing Rules for Statements 6.iii (condition must be a Bool scalar)
# features: [stmt.allocate, typing.allocate, allocate.condition]
# description: an Allocate whose condition is an int32 Var is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((1,), "int32")):
    p = T.allocate([1], "int32", "global", n)
    S = T.Buffer((1,), "int32", data=p)
    S[0] = 1
    B[0] = S[0]
