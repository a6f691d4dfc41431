# ---
# spec: Variable Scoping (For)
# features: [scoping.loop_var]
# description: an inner loop's var is not in scope after the inner loop, even inside the outer loop
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4, 4), "int32")):
    for i in range(4):
        for j in range(4):
            A[i, j] = 1
        A[i, j] = 2
