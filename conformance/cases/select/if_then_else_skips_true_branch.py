# ---
# spec: spec-readings 7; tvmscript.md 7.3
# features: [builtin.if_then_else, select.one_branch, dtype.float32]
# description: when the condition is false only the false branch runs: A[i - 1] is never evaluated at i = 0
# arg A: float32[4] = [1.5, 2.5, 3.5, 4.5]
# arg B: float32[5]
# assert_return B: [-1.0, 1.5, 2.5, 3.5, 4.5]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        B[i] = T.if_then_else(i >= 1, A[i - 1], T.float32(-1))
