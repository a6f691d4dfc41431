# pass strip: a transpose's innermost loop walks the source's first dimension; every index proven inside its dimension, the load becomes a gather of 16 lanes 64 elements apart over the source's flat view
@T.prim_func
def main(A: T.Buffer((16, 4, 16), "float32"), B: T.Buffer((4, 16, 16), "float32")):
    T.func_attr({"tir.noalias": True})
    for i, j, k in T.grid(4, 16, 16):
        with T.block("t"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[vi, vj, vk] = A[vk, vi, vj]
