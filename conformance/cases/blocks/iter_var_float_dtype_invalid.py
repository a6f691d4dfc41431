# ---
# spec: Typing Rules for Statements 13 (block iter vars must be Int or UInt scalars); Typing Rules for Other Language Constructs 1 (IterVar dom extent dtype must match the var); spec-readings 12
# guillemets: the spec requires integer iter vars; TVM does not check
# features: [block.iter_var, typing.block]
# description: a block iter var declared float32 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("B"):
            v = T.axis.spatial(4, i, dtype="float32")
            B[i] = v
