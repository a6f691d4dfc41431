# collapse: a reduction axis split 8 x 4 with the inner part T.unroll (a
# hint: it means the serial loop) and a vectorized tile under it, as TVM's
# int8 dense schedule: the uses of k_0 and k_1 are all k_0 * 4 + k_1, so
# the two loops become one loop k of 32 over the tile loop, which codegen
# matches as one maci.
@T.prim_func
def main(A: T.Buffer((4, 32), "int8"), B: T.Buffer((32, 16), "int8"), C: T.Buffer((4, 16), "int32")):
    for i in range(4):
        for k_0 in range(8):
            for k_1 in T.unroll(4):
                for j in T.vectorized(16):
                    with T.block("C"):
                        vi, vj = T.axis.remap("SS", [i, j])
                        vk = T.axis.reduce(32, k_0 * 4 + k_1)
                        with T.init():
                            C[vi, vj] = 0
                        C[vi, vj] = C[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vk, vj])
