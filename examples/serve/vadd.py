# The serving example of docs/serving.md: C = A + B over float32 vectors of any length
# (n is bound from the inputs' shapes, so the server sizes C from them).
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle, c: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    C = T.match_buffer(c, (n,), "float32")
    for i in range(n):
        C[i] = A[i] + B[i]
