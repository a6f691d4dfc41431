# ---
# spec: Variable Scoping (PrimFunc params are in scope for the entire body)
# features: [scoping.params, block.iter_var, stmt.let]
# description: a scalar parameter is visible inside a loop, a block and a let body
# arg n: int32 = 7
# arg A: int32[3]
# assert_return A: [7, 8, 9]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((3,), "int32")):
    for i in range(3):
        with T.block("B"):
            vi = T.axis.spatial(3, i)
            x: T.int32 = n + vi
            A[vi] = x
