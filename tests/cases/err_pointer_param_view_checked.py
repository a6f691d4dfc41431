# case: a view of a pointer parameter is bounds-checked against the tensor bound to it: index 4 of a 4-element tensor is an error even though the view declares 8 elements
# in a float32[4] = 1 2 3 4
# in n = 5
# error run: out-of-bounds access to buffer 'a'
@T.prim_func
def main(a: T.handle("float32"), n: T.int32):
    A = T.Buffer((8,), "float32", data=a)
    for i in range(n):
        A[i] = T.float32(0)
