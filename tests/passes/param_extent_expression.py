# bind-params: B's extent is an expression of n, so B gets a variable of its
# own in that place, bound from the tensor, and the body starts by asserting
# that it equals the expression; A's extent, a variable, stays as it is.
from tvm.script import tir as T
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    B = T.match_buffer(b, ((n + 3) // 4,), "int32")
    for i in range(n):
        B[i // 4] = B[i // 4] + A[i]
