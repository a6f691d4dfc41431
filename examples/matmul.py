# from tvm.script import ir as I
# from tvm.script import tir as T

# Matrix multiply as TVM prints it: a reduction block whose T.init()
# zeroes each output element before its first update.
@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((64, 96), "float32"), B: T.Buffer((96, 48), "float32"), C: T.Buffer((64, 48), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        for i, j, k in T.grid(64, 48, 96):
            with T.block("C"):
                v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
                T.reads(A[v_i, v_k], B[v_k, v_j])
                T.writes(C[v_i, v_j])
                with T.init():
                    C[v_i, v_j] = T.float32(0.0)
                C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
