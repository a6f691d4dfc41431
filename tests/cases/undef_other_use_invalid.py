# case: T.undef() anywhere but in a stored value is refused (TVM refuses what its RemoveStoreUndef leaves)
# error compile: T.undef() may only be stored
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    val = T.undef(dtype="int32")
    if val > 0:
        A[0] = 1
