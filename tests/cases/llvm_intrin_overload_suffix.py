# case: an LLVM intrinsic named with its overload suffix (llvm.sqrt.f32, llvm.ctpop.i32) is the intrinsic of that result type: sqrt(16) = 4 and popcount(0xF0F0) = 8
# in A float32[1] = 16
# in B int32[1] = 61680
# out A = 4
# out B = 8
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
    A[0] = T.call_llvm_pure_intrin("float32", "llvm.sqrt.f32", T.uint32(1), A[0])
    B[0] = T.call_llvm_pure_intrin("int32", "llvm.ctpop.i32", T.uint32(1), B[0])
