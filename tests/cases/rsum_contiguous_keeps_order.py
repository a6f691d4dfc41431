# case: a row sum run as one rsum over a contiguous range adds in the loop's order, four elements a step and the rest one at a time: in float32 1e8 + 1 rounds back to 1e8 (its neighbours are 8 apart), so the sum of 1e8 and nine ones is 1e8, where adding the ones first would give 1e8 + 8 (and the second row, ones first, sums exactly: 9 + 1e8 rounds to 100000008)
# in A float32[2, 10] = 100000000 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 100000000
# in S float32[2]
# out S = 100000000 100000008
@T.prim_func
def main(A: T.Buffer((2, 10), "float32"), S: T.Buffer((2,), "float32")):
    for i in range(2):
        for k in range(10):
            S[i] = S[i] + A[i, k]
