# ---
# spec: Variable Scoping (BlockRealize binding site); tvmscript.md 5.1 (a reused name is a new Var)
# features: [scoping.shadow, block.iter_var]
# description: a block iter var reusing the loop var's name is a new Var bound to the loop var's value plus 1
# arg A: int32[5]
# assert_return A: [0, 1, 2, 3, 4]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in range(4):
        with T.block("B"):
            i = T.axis.spatial((1, 5), i + 1)
            A[i] = i
