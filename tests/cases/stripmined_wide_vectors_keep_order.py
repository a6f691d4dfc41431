# case: a loop of 173 iterations strip-mined as two 64-lane vectors, then vectors of 32, 8 and 4 lanes, then one serial iteration, stores each element and sums in the loop's order: in float32, 160 + 1e8 is exact and each later + 1 rounds away (expected values computed in Python with float32 rounding)
# in A float32[173] = 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 100000000 1 1 1 1 1 1 1 1 1 1 1 1
# in B float32[173]
# in S float32[1]
# out B = 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 200000000 3 3 3 3 3 3 3 3 3 3 3 3
# out S = 100000160
@T.prim_func
def main(A: T.Buffer((173,), "float32"), B: T.Buffer((173,), "float32"), S: T.Buffer((1,), "float32")):
    acc = T.decl_buffer((1,), "float32")
    acc[0] = T.float32(0)
    for i in range(173):
        B[i] = A[i] * T.float32(2) + T.float32(1)
        acc[0] = acc[0] + A[i]
    S[0] = acc[0]
