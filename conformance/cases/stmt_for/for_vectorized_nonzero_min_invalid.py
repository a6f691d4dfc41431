# ---
# spec: Typing Rules for Statements 11.vi (a vectorized loop's min must be the IntImm 0); spec-readings 12
# guillemets: the spec requires min 0 for kVectorized; TVM does not check
# features: [for.vectorized, typing.for]
# description: `T.vectorized(1, 5)` is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in T.vectorized(1, 5):
        A[i] = i
