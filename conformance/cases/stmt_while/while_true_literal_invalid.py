# ---
# spec: Typing Rules for Statements 12 (the condition must not be an IntImm); tvmscript.md 5.12
# features: [stmt.while, typing.while]
# description: `while True:` has an IntImm (bool) condition and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while True:
        A[0] = A[0] + 1
