# case: `if i:` on an integer runs the branch where i != 0, as Python and TVM's parser read it
# in A int32[3]
# out A = 0 1 1
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    for i in range(3):
        if i:
            A[i] = 1
