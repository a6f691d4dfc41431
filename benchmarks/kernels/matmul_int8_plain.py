# int8 matmul 512^3 accumulating in int32
@T.prim_func
def main(A: T.Buffer((512, 512), "int8"), B: T.Buffer((512, 512), "int8"), C: T.Buffer((512, 512), "int32")):
    for i, j, k in T.grid(512, 512, 512):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0
            C[vi, vj] = C[vi, vj] + T.Cast("int32", A[vi, vk]) * T.Cast("int32", B[vk, vj])
