# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16 («and the typecode must not be Handle»); spec-readings 12
# features: [expr.eq, typing.compare, dtype.handle]
# description: comparing two handles (buffer data pointers) with EQ is a type error
# guillemets: the spec forbids comparisons of handles; TVM accepts them
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "bool")):
    B[0] = T.EQ(A.data, A.data)
