# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13
# features: [runner.invalid]
# description: Add of int32 and float32 nodes is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    A[0] = T.Add(T.int32(1), T.float32(2))
