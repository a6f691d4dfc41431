# case: Shuffle must have one index per lane of its vectors («spec typing rule 12.iv»)
# error compile: Shuffle has 3 indices but its vectors have 4 lanes
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((3,), "int32")):
    C[0:3] = T.Shuffle([A[0:4]], [0, 1, 2])
