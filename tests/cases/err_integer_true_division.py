# case: '/' on two signed integers is rejected, as TVM does (tvmscript.md 6.3)
# error compile: '/' on integers is ambiguous
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = A[0] / 2
