# case: T.Buffer[(shape), dtype] and T.buffer(...), the spellings older TVM and the MLC course use, declare buffer parameters
# in A float32[4] = 1 2 3 4
# in B float32[4]
# out B = 2 3 4 5
@T.prim_func
def main(A: T.Buffer[(4,), "float32"], B: T.buffer((4,), "float32")):
    for i in range(4):
        B[i] = A[i] + T.float32(1)
