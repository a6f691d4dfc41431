# case: one buffer passed twice to a function that only reads both views runs (q x q^T); overlap is refused only when a view is written
# in A float32[2,2] = 1 2 3 4
# in C float32[2,2]
# out C = 5 11 11 25
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((2, 2), "float32"), C: T.Buffer((2, 2), "float32")):
        Module.mm_t(A.data, A.data, C.data)

    @T.prim_func
    def mm_t(q: T.handle("float32"), k: T.handle("float32"), c: T.handle("float32")):
        Q = T.decl_buffer((2, 2), "float32", data=q)
        K = T.decl_buffer((2, 2), "float32", data=k)
        C = T.decl_buffer((2, 2), "float32", data=c)
        for i, j in T.grid(2, 2):
            C[i, j] = T.float32(0)
            for r in range(2):
                C[i, j] = C[i, j] + Q[i, r] * K[j, r]
