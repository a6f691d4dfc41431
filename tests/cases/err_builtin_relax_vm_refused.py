# case: a Relax VM builtin is refused by name, saying what it needs
# in A int32[1]
# error compile: unsupported: builtin 'T.anylist_getitem' needs the Relax VM (outside the specified TIR subset)
@T.prim_func
def main(A: T.Buffer((1,), "int32"), r: T.handle):
    A[0] = T.anylist_getitem(r, 0)
