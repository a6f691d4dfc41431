# ---
# spec: tvmscript.md 6.5 (T.truncmod accepts integer operands only, so no node is built); Rules for Assigning Datatypes to PrimExprs 13 («For Mod ... Int or UInt typecode»)
# features: [expr.mod, typing.binary_op, dtype.float64]
# description: T.truncmod on float64 operands is rejected by the front end (the Mod node it would build is a type error too)
# guillemets: the spec makes Mod on floats a type error; TVM computes fmod
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float64"), B: T.Buffer((1,), "float64"), R: T.Buffer((1,), "float64")):
    R[0] = T.truncmod(A[0], B[0])
