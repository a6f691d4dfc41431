# case: a loop whose body allocates per iteration (compact) and selects by if_then_else(0 < j, C[.., j - 1, ..], 0): each row adds the row before, and its own buffer D stays one buffer when split-selects leaves the loop whole
# in A int32[2, 3, 4] = -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2 -1
# in B int32[2, 3, 4]
# out B = -3 -1 1 3 3 6 9 -2 1 4 7 3 7 9 -3 -1 4 7 3 6 9 -2 1 4
@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int32"), B: T.Buffer((2, 3, 4), "int32")):
    for i in T.serial(2):
        with T.block():
            C = T.alloc_buffer([2, 3, 4], dtype="int32")
            D = T.alloc_buffer([2, 3, 4], dtype="int32")
            for j in T.serial(3):
                for k in T.serial(4):
                    with T.block("b0"):
                        vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                        C[vi, vj, vk] = A[vi, vj, vk] + 1
                for k in T.serial(4):
                    with T.block("b1"):
                        vi, vj, vk = T.axis.remap("SSS", [i, j, k])
                        D[vi, vj, vk] = A[vi, vj, vk] + 2
                for k in T.serial(4):
                    with T.block("b2"):
                        vi, vk = T.axis.remap("SS", [i, k])
                        vj = T.axis.opaque(3, j)
                        B[vi, vj, vk] = C[vi, vj, vk] + T.if_then_else(0 < vj, C[vi, vj - 1, vk], 0, dtype="int32") + D[vi, vj, vk]
