# case: an error in one iteration of a parallel loop stops the loop and is reported (spec Stmt semantics 12.ii)
# threads: 4
# in A int32[64]
# error run: i must not be 37
@T.prim_func
def main(A: T.Buffer((64,), "int32")):
    for i in T.parallel(64):
        assert i != 37, "i must not be 37"
        A[i] = i
