# case: a T.Buffer declared in a body without data= has no memory until a T.realize allocates it (spec Variable Scoping: BufferRealize)
# in B int32[4]
# error compile: buffer 'A' is used outside the scope that declares it (or realizes it
@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    A = T.Buffer((4,), "int32")
    B[0] = A[0]
