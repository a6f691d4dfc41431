# ---
# spec: Variable Scoping; Expr semantics 1 (referencing an unbound variable is an error)
# features: [scoping.unbound]
# description: a name that is never bound is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = k
