# ---
# spec: Typing Rules for Statements 9 (condition must be a Bool scalar)
# features: [stmt.if, typing.if]
# description: an if whose condition is an int32 buffer load is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    if A[0]:
        A[1] = 1
