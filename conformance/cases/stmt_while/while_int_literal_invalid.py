# ---
# spec: Typing Rules for Statements 12 (the condition must not be an IntImm)
# features: [stmt.while, typing.while]
# description: `while 1:` has an int32 IntImm condition and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while 1:
        A[0] = A[0] + 1
