# case: a one-element accumulator allocated inside a parallel loop's body is private to each iteration (row sums of a 4x3 matrix)
# in A float32[4, 3] = 1 2 3 4 5 6 7 8 9 10 11 12
# in B float32[4]
# out B = 6 15 24 33
@T.prim_func
def main(A: T.Buffer((4, 3), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.parallel(4):
        s = T.decl_buffer((1,), "float32")
        s[0] = T.float32(0)
        for k in range(3):
            s[0] = s[0] + A[i, k]
        B[i] = s[0]
