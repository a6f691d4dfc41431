# case: row sums over contiguous elements (softmax's and layer norm's statistics): the 8 rows become 8 lanes, each summing its own row in order
# in A float32[8, 8] = 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8 1 2 3 4 5 6 7 8
# in S float32[8]
# out S = 36 36 36 36 36 36 36 36
# interchange: a pure reduction may read its rows across the lanes, through
# A's flat view (lanes 8 apart), so the rows' sums run as one window_add,
# 8 independent chains of additions instead of 8 reduce_adds one after another.
@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), S: T.Buffer((8,), "float32")):
    for i, k in T.grid(8, 8):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                S[vi] = T.float32(0)
            S[vi] = S[vi] + A[vi, vk]
