# ---
# spec: Semantics of Statements 1.ii.c, 1.ii.f (outputs are observed through the DLTensor)
# features: [binding.strides]
# description: stores to a non-compact output view land at data + S * (i * 5 + j) only; the gaps stay untouched
# arg B: int32[3, 2] strides=[5, 1] = [0, 0, 0, 0, 0, 0]
# assert_return B: [0, 1, 10, 11, 20, 21]
# ---
@T.prim_func
def main(b: T.handle):
    B = T.match_buffer(b, (3, 2), "int32", strides=("s0", "s1"))
    for i, j in T.grid(3, 2):
        B[i, j] = i * 10 + j
