# ---
# spec: Semantics of Statements 1.ii.d (elem_offset = byte_offset / element size; an unbound elem_offset Var is bound to it); tvmscript.md 4.2 (offset_factor=1 makes elem_offset a Var)
# features: [binding.elem_offset]
# description: a tensor with byte_offset 8 (two float32 elements) binds elem_offset = 2 and reads from the offset data
# arg A: float32[4] byte_offset=8 = [1, 2, 3, 4]
# arg B: float32[4]
# arg E: int32[1]
# assert_return B: [1, 2, 3, 4]
# assert_return E: [2]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((4,), "float32"), E: T.Buffer((1,), "int32")):
    A = T.match_buffer(a, (4,), "float32", offset_factor=1)
    for i in range(4):
        B[i] = A[i]
    E[0] = A.elem_offset
