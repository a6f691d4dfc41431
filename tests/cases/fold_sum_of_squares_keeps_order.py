# case: a sum of squares through a let (layernorm's variance loop), vectorized with its terms folded in lane order, adds as the loop does: in float32 1e8 + 1 rounds back to 1e8, so the 39 ones after 10000^2 are lost (a pairwise order would give 100000040)
# in A float32[40] = 10000 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
# in S float32[1]
# out S = 100000000
@T.prim_func
def main(A: T.Buffer((40,), "float32"), S: T.Buffer((1,), "float32")):
    acc = T.decl_buffer((1,), "float32")
    acc[0] = T.float32(0)
    for k in range(40):
        d: T.float32 = A[k] - T.float32(0)
        acc[0] = acc[0] + d * d
    S[0] = acc[0]
