# ---
# spec: PrimFunc 2 (symbolic shapes); tvmscript-tirx.md 0 (TVM 0.27: def main[M](...) declares int64 signature variables)
# features: [dialect.tirx_0_27, binding.symbolic, dtype.int64]
# description: M, declared as a PEP 695 type parameter, is bound from A's shape and shared by B's
# arg A: int32[3] = [1, 2, 3]
# arg B: int32[3, 2]
# assert_return B: [[1, 2], [2, 4], [3, 6]]
# ---
from tvm.script import tirx as T

@T.prim_func
def main[M](A: T.Buffer((M,), "int32"), B: T.Buffer((M, 2), "int32")):
    for i, j in T.grid(M, 2):
        B[i, j] = A[i] * T.Cast("int32", j + 1)
