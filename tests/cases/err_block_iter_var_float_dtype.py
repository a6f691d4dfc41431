# case: a block iter var declared with a float dtype is a type error (spec Stmt typing rule 13)
# error compile: block iter var 'vi' must be an Int or UInt scalar, got float32
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("b"):
            vi = T.axis.spatial(4, i, dtype="float32")
            A[0] = vi
