# case: a store outside the buffer is a runtime error naming the buffer (spec-readings 13)
# in A int32[4]
# error run: buffer 'A'
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(5):
        A[i] = i
