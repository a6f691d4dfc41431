# ---
# spec: Variable Scoping (each For binds its own loop var)
# features: [scoping.loop_var, for.serial]
# description: two sibling loops may both use the name i; each binds a fresh Var
# arg A: int32[3]
# assert_return A: [10, 12, 14]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    for i in range(3):
        A[i] = i
    for i in range(3):
        A[i] = A[i] + i + 10
