# A split loop whose inner part is vectorized, as TVM schedules an
# elementwise operator: collapse makes it one loop of 512 iterations again
# (i_0 * 16 + i_1 is the fused variable), inline-bindings replaces the
# block's iter var by it, and vectorize leaves the serial loop alone (codegen
# strip-mines it).
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((512,), "float32"), C: T.Buffer((512,), "float32")):
    for i_0 in range(32):
        for i_1 in T.vectorized(16):
            with T.block("C"):
                v_i = T.axis.spatial(512, i_0 * 16 + i_1)
                C[v_i] = A[v_i] * T.float32(2)
