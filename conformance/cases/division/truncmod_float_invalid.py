# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13 («For Mod ... Int or UInt typecode»); tvmscript.md 6.5
# features: [expr.mod, typing.binary_op, dtype.float64]
# description: T.truncmod builds Mod, which requires integer operands: float64 operands are a type error
# guillemets: the spec makes Mod on floats a type error; TVM computes fmod
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float64"), B: T.Buffer((1,), "float64"), R: T.Buffer((1,), "float64")):
    R[0] = T.truncmod(A[0], B[0])
