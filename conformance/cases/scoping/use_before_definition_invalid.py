# ---
# spec: Variable Scoping (a let var is in scope only in its body, the statements after it)
# features: [scoping.unbound, scoping.let]
# description: using a name in a statement before the let that binds it is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[0] = x
    x: T.int32 = 1
    A[1] = x
