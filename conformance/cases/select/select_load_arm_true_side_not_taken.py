# ---
# spec: Evaluating PrimExprs 6.ii; spec-readings 15 (TVM's RewriteUnsafeSelect)
# features: [expr.select, select.guarded_arms]
# description: a Select whose true arm reads A[i] is not evaluated where the condition is 0 (i = 4, 5 are past the end of A), as in a rotary-embedding kernel
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[6]
# assert_return B: [1, 2, 3, 4, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.Select(i < 4, A[i], 0)
