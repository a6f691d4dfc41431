# ---
# spec: Semantics of Statements 14.iii.b (unbound stride and elem_offset vars are bound by pattern matching); tvmscript.md 5.4
# features: [block.match_buffer, binding.strides]
# description: a view declared with fresh stride vars and offset_factor=1 still aliases the region
# arg A: int32[3, 4]
# assert_return A: [0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4]
# ---
@T.prim_func
def main(A: T.Buffer((3, 4), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[1:3, 2:4], (2, 2), "int32", strides=("s0", "s1"), offset_factor=1)
            for i, j in T.grid(2, 2):
                S[i, j] = i * 2 + j + 1
