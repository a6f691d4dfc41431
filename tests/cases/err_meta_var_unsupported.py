# case: T.meta_var is Python meta-programming that TVM evaluates while parsing; tirc names it as such (tvmscript.md 8)
# error compile: unsupported: Python meta-programming (T.meta_var)
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    n = T.meta_var(4)
    for i in range(n):
        A[i] = i
