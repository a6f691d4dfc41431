# case: T.call_llvm_pure_intrin(dtype, "llvm.sqrt", x) as TVM's Python API builds it (no count of overloaded types) is the sqrt builtin, lane by lane for a vector
# in A float32[4]
# in B float32[4] = 1 4 9 2.25
# in C float32[1] = 6.25
# out A = 1 2 3 1.5
# out C = 2.5
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((1,), "float32")):
    A[T.Ramp(0, 1, 4)] = T.call_llvm_pure_intrin("float32x4", "llvm.sqrt", B[T.Ramp(0, 1, 4)])
    C[0] = T.call_llvm_pure_intrin("float32", "llvm.sqrt", C[0])
