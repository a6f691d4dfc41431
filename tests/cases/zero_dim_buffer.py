# case: a zero-dimensional buffer holds one element, indexed with () (spec "Buffers")
# in A float32[] = 2.5
# in B float32[]
# out B = 5
@T.prim_func
def main(A: T.Buffer((), "float32"), B: T.Buffer((), "float32")):
    B[()] = A[()] * T.float32(2)
