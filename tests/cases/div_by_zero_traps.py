# case: integer division by zero is a runtime error (spec-readings 5)
# in A int32[2] = 4 0
# in B int32[1]
# error run: division by zero
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = A[0] // A[1]
