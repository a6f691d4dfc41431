# ---
# spec: Typing Rules for Statements 11.vi (a vectorized loop body must not contain While); spec-readings 12
# guillemets: the spec forbids While inside kVectorized; TVM does not check
# features: [for.vectorized, stmt.while, typing.for]
# description: a While inside a vectorized loop is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.vectorized(4):
        while A[i] < 10:
            A[i] = A[i] + 1
