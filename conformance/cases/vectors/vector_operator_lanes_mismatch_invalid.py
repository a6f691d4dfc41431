# ---
# spec: tvmscript.md 6.3 (differing lane counts are an error); Rules for Assigning Datatypes to PrimExprs 13
# features: [typing.binary_op, vector.slice, expr.add]
# description: A[0:4] + B[0:8] is a type error even through Python operators (only scalars are broadcast)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int32")):
    C[0:4] = A[0:4] + B[0:8]
