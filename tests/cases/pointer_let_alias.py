# case: an immutable binding of a pointer (tirx's p: T.let[T.handle("float32")] = q, TVM's simplify test) names the same memory: a decl_buffer over the new name reads and writes the parameter's tensor
# in A_ptr float32[2] = 1 2
# in B float32[1]
# out A_ptr = 42 2
# out B = 2
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A_ptr: T.handle("float32"), B: T.Buffer((1,), "float32")):
    A_ptr_redef: T.let[T.handle("float32")] = A_ptr
    A = T.decl_buffer((2,), "float32", data=A_ptr_redef)
    A[0] = T.float32(42)
    B[0] = A[1]
