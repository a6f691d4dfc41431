# ---
# spec: Variable Scoping (BlockRealize: iter vars are in scope while the block executes, and leave scope afterwards)
# features: [scoping.block]
# description: a block iter var used after its block is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            A[vi] = 1
        A[vi] = 2
