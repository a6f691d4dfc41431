# case: a transpose B[i, j, k] = A[k, i, j] whose innermost loop walks A's first dimension: the strips read lanes 10 elements apart
# in A float32[6, 2, 5] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59
# in B float32[2, 5, 6]
# out B = 0 10 20 30 40 50 1 11 21 31 41 51 2 12 22 32 42 52 3 13 23 33 43 53 4 14 24 34 44 54 5 15 25 35 45 55 6 16 26 36 46 56 7 17 27 37 47 57 8 18 28 38 48 58 9 19 29 39 49 59
@T.prim_func
def main(A: T.Buffer((6, 2, 5), "float32"), B: T.Buffer((2, 5, 6), "float32")):
    T.func_attr({"tir.noalias": True})
    for i, j, k in T.grid(2, 5, 6):
        with T.block("t"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vk, vi, vj]
