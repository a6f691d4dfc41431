# case: a buffer access needs one index per dimension
# error compile: buffer 'A' has 2 dimensions but is indexed with 1
@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    A[0] = 1
