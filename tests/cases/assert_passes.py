# case: a passing assert runs the rest of the suite as its body (spec Stmt semantics 4, tvmscript.md 5.1)
# in A int32[1]
# in n = 3
# out A = 6
@T.prim_func
def main(A: T.Buffer((1,), "int32"), n: T.int32):
    assert n > 0, "n must be positive"
    A[0] = n * 2
