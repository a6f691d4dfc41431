# ---
# spec: Typing Rules for Statements 11.vi (a vectorized loop's extent must be an IntImm >= 1); spec-readings 12
# guillemets: the spec requires a constant extent for kVectorized; TVM does not check
# features: [for.vectorized, typing.for]
# description: `T.vectorized(n)` with a scalar parameter extent is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((8,), "int32")):
    for i in T.vectorized(n):
        A[i] = i
