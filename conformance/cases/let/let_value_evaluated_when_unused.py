# ---
# spec: Evaluating PrimExprs 10.i ("Evaluate value"); spec-readings 13
# features: [expr.let, trap.out_of_bounds]
# description: the Let value is evaluated even when the body does not use the variable, so an out-of-bounds value is an error
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x = T.int32()
    for i in range(4):
        B[i] = T.Let(T.int32(7), where={x: A[i + 1]})
