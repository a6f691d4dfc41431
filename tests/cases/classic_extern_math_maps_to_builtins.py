# case: T.call_extern("float32", "expf", x), T.call_pure_extern(..., "sqrtf", x) and T.call_llvm_pure_intrin(..., "llvm.fabs", 1, x) run as the exp, sqrt and fabs builtins
# in A float32[2] = 0 4
# in B float32[2] = -3 5
# out A = 3 7
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "float32")):
    for i in range(2):
        A[i] = T.call_extern("float32", "expf", A[i] * T.float32(0)) + T.call_pure_extern("float32", "sqrtf", A[i]) + T.call_llvm_pure_intrin("float32", "llvm.fabs", T.uint32(1), B[i]) - T.float32(1)
