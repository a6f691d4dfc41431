# ---
# spec: Variable Scoping; tvmscript.md 4.4 (`n = T.int32()` is legal only if something binds it)
# features: [scoping.unbound]
# description: a Var declared with T.int32() but never bound by a buffer shape or match is rejected
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    n = T.int32()
    for i in range(n):
        A[i] = 1
