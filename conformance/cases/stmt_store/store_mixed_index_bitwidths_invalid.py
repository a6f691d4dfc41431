# ---
# spec: Typing Rules for Statements 4.iii (indices must share typecode and bitwidth); spec-readings 12
# guillemets: the spec requires equal index bitwidths; TVM accepts mixed int32/int64 indices
# features: [stmt.store, typing.buffer_store, dtype.int64]
# description: an int32 and an int64 index in one store is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    for i in range(2):
        A[i, T.int64(1)] = 1
