# case: an index computed three times in a loop body is computed once per iteration; A = 0..23, so B[i*12 + j*3] = (i*12 + j*3 + 1) + (i*12 + j*3 + 2) and the other elements stay 0
# in A int32[24] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
# in B int32[24]
# out B = 3 0 0 9 0 0 15 0 0 21 0 0 27 0 0 33 0 0 39 0 0 45 0 0
# collapse makes the two loops one (i * 12 + j * 3 is (i * 4 + j) * 3); cse:
# the fused index times 3 is in all three accesses of the body, so it
# becomes a let at the top of that body; a variable plus a constant (the
# + 1, + 2) stays where it is.
@T.prim_func
def main(A: T.Buffer((24,), "int32"), B: T.Buffer((24,), "int32")):
    for i in range(2):
        for j in range(4):
            B[i * 12 + j * 3] = A[i * 12 + j * 3 + 1] + A[i * 12 + j * 3 + 2]
