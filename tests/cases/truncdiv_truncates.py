# case: Div and Mod on integers truncate toward zero like C (spec Expr semantics 13.vi-vii)
# in A int32[4] = -7 7 -8 5
# in Q int32[4]
# in R int32[4]
# out Q = -3 3 -4 2
# out R = -1 1 0 1
@T.prim_func
def main(A: T.Buffer((4,), "int32"), Q: T.Buffer((4,), "int32"), R: T.Buffer((4,), "int32")):
    for i in range(4):
        Q[i] = T.truncdiv(A[i], 2)
        R[i] = T.truncmod(A[i], 2)
