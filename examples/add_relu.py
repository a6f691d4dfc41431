# An elementwise kernel with plain loops: C = max(A + B, 0) over a matrix
# whose row count is symbolic (bound from the arguments at run time).
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle):
    T.func_attr({"global_symbol": "main", "tir.noalias": True})
    n = T.int32()
    A = T.match_buffer(a, (n, 256), "float32")
    B = T.match_buffer(b, (n, 256), "float32")
    C = T.match_buffer(c, (n, 256), "float32")
    for i in range(n):
        for j in range(256):
            C[i, j] = T.max(A[i, j] + B[i, j], T.float32(0))
