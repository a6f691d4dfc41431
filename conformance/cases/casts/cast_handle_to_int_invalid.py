# ---
# spec: Rules for Assigning Datatypes to PrimExprs 5 («If value has a Handle datatype, then dtype must also be Handle»); Evaluating PrimExprs 5.i; spec-readings 12
# features: [expr.cast, typing.cast_handle, dtype.handle]
# description: casting a handle (a buffer's data pointer) to int64 is a type error
# guillemets: the spec forbids Handle-to-integer casts; TVM accepts them
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int64")):
    A[0] = T.Cast("int64", A.data)
