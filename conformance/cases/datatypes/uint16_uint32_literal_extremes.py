# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c; Evaluating PrimExprs 2
# features: [dtype.uint16, dtype.uint32, literal.intimm]
# description: T.uint16 accepts 65535 and T.uint32 accepts 4294967295
# arg A: uint16[2]
# arg B: uint32[2]
# assert_return A: [0, 65535]
# assert_return B: [0, 4294967295]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint16"), B: T.Buffer((2,), "uint32")):
    A[0] = T.uint16(0)
    A[1] = T.uint16(65535)
    B[0] = T.uint32(0)
    B[1] = T.uint32(4294967295)
