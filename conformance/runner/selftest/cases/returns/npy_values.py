# ---
# spec: Evaluating PrimExprs 13.iii
# features: [runner.values]
# description: argument values and expected values from committed .npy files
#   (made by data/gen_npy.py)
# arg A: float32[2, 4] = npy:data/a.npy
# arg B: float32[2, 4]
# assert_return B: npy:data/b_expected.npy
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2, 4), "float32")):
    for i, j in T.grid(2, 4):
        B[i, j] = A[i, j] + T.float32(0.25)
