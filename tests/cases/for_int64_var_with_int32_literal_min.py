# case: an int32 literal min of a loop over an int64 extent takes the loop variable's type (spec For rules 2-5)
# in A int64[8]
# in n = 4
# out A = 0 1 2 3 0 0 0 0
@T.prim_func
def main(A: T.Buffer((8,), "int64"), n: T.int64):
    for i in T.serial(1, n):
        A[i] = i
