# ---
# spec: Semantics of Statements 1.ii.d (an IntImm elem_offset must equal byte_offset / element size)
# features: [binding.elem_offset, trap.argument_mismatch]
# description: a buffer with the default constant elem_offset 0 rejects a tensor with byte_offset 8
# arg A: float32[4] byte_offset=8 = [1, 2, 3, 4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.float32(0)
