# case: T.undef() may not index a buffer, also inside a stored value (TVM's RemoveStoreUndef raises an error)
# error compile: T.undef() may not be used in a buffer index
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = A[T.undef(dtype="int32")]
