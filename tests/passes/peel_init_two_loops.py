# case: a reduction over two loops whose init is guarded by both loops' first iteration runs its init once per output element, before both loops (out[i] = sum of the 2 x 3 window x[i + a, b])
# in x float32[4, 3] = 1 2 3 4 5 6 7 8 9 10 11 12
# in y float32[3]
# out y = 21 39 57
# peel-init: the block's init runs where di == 0 and dj == 0; peeled from
# the loop over dj (leaving the guard di == 0), then from the loop over di,
# it runs before both, once per i.  The window's rows are whole rows of x,
# one range of 6 elements: loop-instructions makes both loops one reduce_add.
from tvm.script import tir as T
@T.prim_func
def main(x: T.Buffer((4, 3), "float32"), y: T.Buffer((3,), "float32")):
    for i, di, dj in T.grid(3, 2, 3):
        with T.block("window"):
            vi, vdi, vdj = T.axis.remap("SRR", [i, di, dj])
            with T.init():
                y[vi] = T.float32(0)
            y[vi] = y[vi] + x[vi + vdi, vdj]
