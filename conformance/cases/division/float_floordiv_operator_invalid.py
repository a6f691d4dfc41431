# ---
# spec: tvmscript.md 6.3 (// on floats is an error); spec-readings 11
# features: [expr.floordiv, typing.python_operator, dtype.float32]
# description: the Python // operator on float32 operands is rejected (TVM's floordiv accepts integers only; the FloorDiv node itself allows floats)
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32"), R: T.Buffer((1,), "float32")):
    R[0] = A[0] // B[0]
