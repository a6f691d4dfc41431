# case: an int8 matmul accumulating int32 products of widened operands gives the loop's exact result (spec Expr semantics 5, 13)
# in A int8[2, 3] = -128 127 1 2 -3 4
# in B int8[3, 2] = 127 -1 -128 2 5 -7
# in C int32[2, 2] = 99 99 99 99
# out C = -32507 375 658 -36
@T.prim_func
def main(A: T.Buffer((2, 3), "int8"), B: T.Buffer((3, 2), "int8"), C: T.Buffer((2, 2), "int32")):
    for i, j, k in T.grid(2, 2, 3):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0
            C[vi, vj] = C[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vk, vj])
