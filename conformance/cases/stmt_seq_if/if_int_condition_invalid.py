# ---
# spec: Typing Rules for Statements 9 (condition must be a Bool scalar)
# features: [stmt.if, typing.if]
# description: an if whose condition is an int32 Var is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    if n:
        A[0] = 1
