# case: a vector `and` a scalar broadcasts the scalar, as TVM does
# in A bool[4] = 1 0 1 1
# in c = 0
# in B bool[4]
# out B = 0 0 0 0
@T.prim_func
def main(A: T.Buffer((4,), "bool"), c: T.bool, B: T.Buffer((4,), "bool")):
    B[0:4] = A[0:4] and c
