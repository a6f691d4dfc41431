# case: module-level constants size buffers and loops, as TVM's tutorial writes them (M = N = 2, dtype = "float32")
# in A float32[2, 3] = 1 2 3 4 5 6
# in B float32[3, 2] = 1 0 0 1 1 1
# in C float32[2, 2]
# out C = 3.5 4.5 9.5 10.5
from tvm.script import ir as I
from tvm.script import tir as T

M = N = 2
K = 3
dtype = "float32"
BIAS = -0.5


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((M, K), dtype), B: T.Buffer((K, N), dtype), C: T.Buffer((M, N), dtype)):
        for i, j, k in T.grid(M, N, K):
            with T.block("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = T.cast(BIAS, dtype)
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
