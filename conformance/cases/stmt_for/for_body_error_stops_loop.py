# ---
# spec: Semantics of Statements 12.i; spec-readings 5 (integer division by zero is an error)
# features: [for.serial, trap.division_by_zero]
# description: an integer division by zero in an iteration of a serial loop is a runtime error
# arg A: int32[4] = [4, 2, 0, 1]
# arg B: int32[4]
# assert_trap: division_by_zero
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = 8 // A[i]
