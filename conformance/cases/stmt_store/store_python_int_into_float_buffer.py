# ---
# spec: Semantics of Statements 5; tvmscript.md 5.2 (the value is converted to the buffer's dtype)
# features: [stmt.store, cast.store_conversion, dtype.float32]
# description: storing a Python int into a float32 buffer stores the converted float
# arg A: float32[2] = [0.5, 0.5]
# assert_return A: [3.0, -2.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    A[0] = 3
    A[1] = -2
