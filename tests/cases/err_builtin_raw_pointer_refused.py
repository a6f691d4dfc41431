# case: a test of a raw pointer is refused by name, saying what it needs
# in A int32[1]
# error compile: unsupported: builtin 'T.isnullptr' needs a raw pointer (outside the specified TIR subset)
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    if T.isnullptr(A.data):
        A[0] = 1
