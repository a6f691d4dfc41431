# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13 («and the typecode must not be Handle»); spec-readings 12
# features: [expr.add, typing.binary_op, dtype.handle]
# description: Add on two handle operands (buffer data pointers) is a type error: TIR has no pointer arithmetic
# guillemets: the spec forbids binary ops on handles; TVM's Add constructor accepts them
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    T.evaluate(T.Add(A.data, B.data))
