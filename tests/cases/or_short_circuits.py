# case: scalar Or does not evaluate its right side when the left is true (spec Expr semantics 14.i)
# in A int32[2] = 5 -5
# in B int32[4]
# out B = 1 0 1 1
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        if i >= 2 or A[i] > 0:
            B[i] = 1
        else:
            B[i] = 0
