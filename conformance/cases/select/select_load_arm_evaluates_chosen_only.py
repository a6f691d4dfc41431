# ---
# spec: Evaluating PrimExprs 6.ii; spec-readings 15 (TVM's RewriteUnsafeSelect)
# features: [expr.select, select.guarded_arms]
# description: a Select with a scalar condition whose false arm reads A[i + 1] evaluates only the chosen arm, so the read past the end at i = 3 never happens
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_return B: [1, 2, 3, 4]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(i < 4, A[i], A[i + 1])
