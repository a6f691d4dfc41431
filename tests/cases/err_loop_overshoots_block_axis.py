# case: a loop that runs more iterations than the block axis bound to it is a compile error when both are constants
# in A float32[128]
# error compile: loop 'i' runs 129 iterations but block axis 'vi' has extent 128, and no T.where guards the block
@T.prim_func
def main(A: T.Buffer((128,), "float32")):
    for i in range(129):
        with T.block("b"):
            vi = T.axis.spatial(128, i)
            A[vi] = T.float32(1)
