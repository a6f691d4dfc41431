# case: a float math builtin rejects an integer argument (tvmscript.md 7)
# error compile: tir.sqrt expects float arguments, got int32
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.sqrt(A[0])
