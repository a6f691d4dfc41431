# ---
# spec: Semantics of Statements 1.ii.d (elem_offset from byte_offset), 1.ii.f
# features: [binding.elem_offset]
# description: stores to a buffer whose tensor has byte_offset 12 (three int32) land after the offset
# arg B: int32[3] byte_offset=12 = [0, 0, 0]
# assert_return B: [7, 8, 9]
# ---
@T.prim_func
def main(b: T.handle):
    B = T.match_buffer(b, (3,), "int32", offset_factor=1)
    for i in range(3):
        B[i] = i + 7
