# ---
# spec: PrimFunc 2 (symbolic shapes); tvmscript-tirx.md 0 (TVM 0.27: M = TypeVar("M") at module level)
# features: [dialect.tirx_0_27, binding.symbolic, dtype.int64]
# description: a module-level M = TypeVar("M") declares an int64 signature variable bound from A's shape
# arg A: int32[4] = [4, 3, 2, 1]
# arg B: int32[4]
# assert_return B: [1, 2, 3, 4]
# ---
from typing import TypeVar
from tvm.script import tirx as T

M = TypeVar("M")

@T.prim_func
def main(A: T.Buffer((M,), "int32"), B: T.Buffer((M,), "int32")):
    for i in range(M):
        B[i] = A[M - 1 - i]
