# ---
# spec: Evaluating PrimExprs 13.vi
# features: [runner.trap]
# description: integer division by zero is a runtime error
# arg A: int32[2] = [7, 0]
# arg B: int32[1]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.truncdiv(A[0], A[1])
