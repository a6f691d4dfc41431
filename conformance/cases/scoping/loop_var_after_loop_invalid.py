# ---
# spec: Variable Scoping (For: loop_var is in scope for the body and leaves scope afterwards)
# features: [scoping.loop_var]
# description: using a loop var after its loop is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = 1
    A[0] = i
