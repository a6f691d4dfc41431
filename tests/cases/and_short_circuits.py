# case: scalar And does not evaluate its right side when the left is false (spec Expr semantics 14.i)
# in A int32[4] = 1 2 3 4
# in B int32[6]
# out B = 1 1 1 1 0 0
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        # A[i] is out of bounds for i >= 4, but And stops at i < 4
        if i < 4 and A[i] > 0:
            B[i] = 1
        else:
            B[i] = 0
