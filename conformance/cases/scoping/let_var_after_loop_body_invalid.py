# ---
# spec: Variable Scoping (Let and LetStmt)
# features: [scoping.let, for.serial]
# description: a let bound in a loop body is not visible after the loop
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        y: T.int32 = i * 2
        A[i] = y
    A[0] = y
