# case: an init-like statement guarded by the first iteration that ends in continue stays in its loop (peeled, the continue would leave the outer loop's iteration)
# in A int32[4] = 0 0 0 0
# out A = 5 7 6 3
# peel-init leaves a first-iteration statement that holds a continue in
# its loop.
from tvm.script import tir as T
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(3):
        for k in range(4):
            if k == 0:
                A[i] = 5
                continue
            A[k] = A[k] + 1
