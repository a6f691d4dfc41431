# case: a store whose value holds T.undef() is dropped, directly, inside an expression or through a name bound to it, as TVM's lowering (RemoveStoreUndef) drops it; the other stores run
# in A int32[3] = 1 2 3
# in B int32[1]
# out A = 1 2 3
# out B = 7
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((1,), "int32")):
    A[0] = T.undef(dtype="int32")
    A[1] = 1 + T.undef(dtype="int32")
    val = T.undef(dtype="int32")
    A[2] = val
    B[0] = 7
