# ---
# spec: Semantics of Statements 7 (Allocate: the data var points at a region of the extents' size); tvmscript.md 5.5 (T.allocate_const, TVM's AllocateConst: constant data in row-major order; tirc supports it although the doc lists it outside the subset)
# features: [dialect.classic, stmt.allocate, buffer.view]
# description: K = T.allocate_const([...], "int32", [2, 3]) viewed as a (2, 3) decl_buffer holds its values in row-major order
# arg A: int32[2, 3] = [10, 20, 30, 40, 50, 60]
# arg B: int32[2, 3]
# assert_return B: [11, 18, 33, 44, 55, 66]
# ---
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2, 3), "int32")):
    K = T.allocate_const([1, -2, 3, 4, 5, 6], "int32", [2, 3])
    K_buf = T.decl_buffer((2, 3), "int32", data=K)
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j] + K_buf[i, j]
