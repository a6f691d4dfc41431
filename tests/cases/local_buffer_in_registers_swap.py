# case: an int32 local buffer of two elements swaps two values through constant-index stores and loads
# in A int32[2] = 7 -9
# in B int32[2]
# out B = -9 7
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    t = T.decl_buffer((2,), "int32")
    t[0] = A[0]
    t[1] = A[1]
    t[0] = t[0] + t[1]
    t[1] = t[0] - t[1]
    t[0] = t[0] - t[1]
    B[0] = t[0]
    B[1] = t[1]
