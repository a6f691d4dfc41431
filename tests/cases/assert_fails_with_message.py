# case: a failed assert reports its message (spec Stmt semantics 4)
# in A int32[1]
# in n = -3
# error run: n must be positive
@T.prim_func
def main(A: T.Buffer((1,), "int32"), n: T.int32):
    assert n > 0, "n must be positive"
    A[0] = n
