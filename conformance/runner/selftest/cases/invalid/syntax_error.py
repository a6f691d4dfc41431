# ---
# spec: Program Organization
# features: [runner.invalid]
# description: a program that is not valid Python
# assert_invalid: syntax
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    for i in range(1)
        A[i] = T.float32(1)
