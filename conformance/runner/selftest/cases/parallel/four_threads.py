# ---
# spec: Semantics of Statements 12.ii
# features: [runner.threads]
# description: a parallel loop on four worker threads writes disjoint elements
# threads: 4
# arg A: int32[64]
# assert_return A: [0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225,
#     256, 289, 324, 361, 400, 441, 484, 529, 576, 625, 676, 729, 784, 841, 900, 961,
#     1024, 1089, 1156, 1225, 1296, 1369, 1444, 1521, 1600, 1681, 1764, 1849, 1936, 2025, 2116, 2209,
#     2304, 2401, 2500, 2601, 2704, 2809, 2916, 3025, 3136, 3249, 3364, 3481, 3600, 3721, 3844, 3969]
# ---
@T.prim_func
def main(A: T.Buffer((64,), "int32")):
    for i in T.parallel(64):
        A[i] = i * i
