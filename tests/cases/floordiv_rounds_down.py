# case: FloorDiv and FloorMod round toward minus infinity (spec Expr semantics 13.viii-ix)
# in A int32[6] = -7 7 -8 8 -1 0
# in Q int32[6]
# in R int32[6]
# out Q = -4 3 -4 4 -1 0
# out R = 1 1 0 0 1 0
@T.prim_func
def main(A: T.Buffer((6,), "int32"), Q: T.Buffer((6,), "int32"), R: T.Buffer((6,), "int32")):
    for i in range(6):
        Q[i] = A[i] // 2
        R[i] = A[i] % 2
