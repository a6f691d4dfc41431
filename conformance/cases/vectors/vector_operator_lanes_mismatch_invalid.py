# ---
# spec: tvmscript.md 6.3 (the operator cannot match differing lane counts, so no node is built); spec-readings 11
# features: [typing.binary_op, vector.slice, expr.add]
# description: A[0:4] + B[0:8] is rejected even through Python operators (only a scalar operand is broadcast)
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int32")):
    C[0:4] = A[0:4] + B[0:8]
