# case: a misspelled T.axis.remap is reported once, with the name it most likely means; the block variables it fails to bind stay quiet
# error compile: unknown block axis kind 'T.axis.remapp'; did you mean 'T.axis.remap'?
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8, 8), "float32"), B: T.Buffer((8, 8), "float32"), C: T.Buffer((8, 8), "float32")):
    for i, j, k in T.grid(8, 8, 8):
        with T.block("C"):
            vi, vj, vk = T.axis.remapp("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
