# case: T.where guards the block: it runs only where the predicate holds (spec-readings 1)
# in A int32[4] = 9 9 9 9
# out A = 0 1 2 9
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i_0, i_1 in T.grid(2, 2):
        with T.block("B"):
            v = T.axis.spatial(4, i_0 * 2 + i_1)
            T.where(i_0 * 2 + i_1 < 3)
            A[v] = v
