# ---
# spec: Rules for Assigning Datatypes to PrimExprs 13 («For Mod, dtype(a) and dtype(b) must also both have either the Int or UInt typecode»); spec-readings 12
# features: [expr.mod, typing.binary_op, dtype.float32]
# description: the Mod node on float32 operands is a type error
# guillemets: the spec makes Mod on floats a type error; TVM accepts it and computes fmod (LLVM frem)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32"), R: T.Buffer((1,), "float32")):
    R[0] = T.Mod(A[0], B[0])
