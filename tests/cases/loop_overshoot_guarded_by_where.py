# case: a loop longer than the block axis bound to it is fine when T.where guards the block (a split loop's tail, spec-readings 1)
# in A int32[4]
# out A = 1 1 1 1
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(6):
        with T.block("b"):
            vi = T.axis.spatial(4, i)
            T.where(i < 4)
            A[vi] = 1
