# case: range(a, b) runs a, a+1, ..., b-1 (spec-readings 2)
# in A int32[6]
# out A = 0 0 2 3 4 0
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    for i in range(2, 5):
        A[i] = i
