# case: an external function that maps onto no builtin is refused by name
# in A float32[1]
# error compile: unsupported: external function 'my_kernel'
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    A[0] = T.call_extern("float32", "my_kernel", A[0])
