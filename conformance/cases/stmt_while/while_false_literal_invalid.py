# ---
# spec: Typing Rules for Statements 12 (the condition must not be an IntImm)
# features: [stmt.while, typing.while]
# description: `while T.bool(False):` is an IntImm condition, a type error even though the body never runs
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while T.bool(False):
        A[0] = A[0] + 1
