# ---
# spec: Semantics of Statements 1.ii.c-d
# features: [runner.view]
# description: a (2, 3) view with row stride 4 and byte_offset 8 in a larger
#   zeroed allocation, read and written in logical order
# arg D: float32[2, 3] strides=[4, 1] byte_offset=8 = [1, 2, 3, 4, 5, 6]
# assert_return D: [2, 4, 6, 8, 10, 12]
# ---
@T.prim_func
def main(d: T.handle):
    D = T.match_buffer(d, (2, 3), "float32", strides=("s0", "s1"), offset_factor=1)
    for i, j in T.grid(2, 3):
        D[i, j] = D[i, j] * T.float32(2)
