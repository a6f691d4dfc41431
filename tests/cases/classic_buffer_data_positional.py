# case: T.Buffer(shape, dtype, data) with the data pointer given positionally re-views A's memory as 2x2
# in A float32[4] = 1 2 3 4
# out A = 1 2 3 9
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A2 = T.Buffer((2, 2), "float32", A.data)
    A2[1, 1] = A2[0, 1] + A2[1, 0] + A2[0, 0] + T.float32(3)
