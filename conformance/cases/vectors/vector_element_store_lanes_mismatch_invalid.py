# ---
# spec: Typing Rules for Statements 4.v (value lanes = index lanes * buffer lanes)
# features: [typing.buffer_store, vector.element_buffer]
# description: storing a float32x8 into one float32x4 element (scalar index) is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), V: T.Buffer((2,), "float32x4")):
    V[0] = A[0:8]
