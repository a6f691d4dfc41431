# case: an overload suffix that does not name the call's dtype (llvm.sqrt.f64 returning float32) is not a known intrinsic and is refused by name
# error compile: unsupported: external function 'llvm.sqrt.f64'
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    A[0] = T.call_llvm_pure_intrin("float32", "llvm.sqrt.f64", T.uint32(1), A[0])
