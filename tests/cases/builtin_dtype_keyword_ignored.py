# case: TVM's builtin wrappers accept and drop a dtype= keyword; the result type comes from the arguments (tvmscript.md section 7)
# in A float32[4] = 4 -1 9 0
# in B float32[3]
# out B = 2 9 1
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((3,), "float32")):
    B[0] = T.sqrt(A[0], dtype="float32")
    B[1] = T.if_then_else(A[1] > T.float32(0), A[1], A[2], dtype="float32")
    B[2] = T.exp(A[3], dtype="float32")
