# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16
# features: [expr.ge, typing.compare, dtype.int32, dtype.uint32]
# description: T.GE with int32 and uint32 operands is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "uint32"), R: T.Buffer((1,), "bool")):
    R[0] = T.GE(A[0], B[0])
