# case: a reduction with two accumulators where the first's update reads the second (an argmax: index and value) stays one loop; split in two, the index would compare against the value's initial -1000 every time and give 3 3
# in x float32[2, 4] = 1 3 2 3 5 4 6 0
# in idx int32[2]
# out idx = 1 2
@T.prim_func
def main(x: T.Buffer((2, 4), "float32"), idx: T.Buffer((2,), "int32")):
    v0 = T.alloc_buffer((2,), "int32")
    v1 = T.alloc_buffer((2,), "float32")
    for i in range(2):
        v0[i] = -1
        v1[i] = T.float32(-1000)
        for k in range(4):
            a: T.int32 = T.Select(v1[i] >= x[i, k], v0[i], k)
            b: T.float32 = T.Select(v1[i] >= x[i, k], v1[i], x[i, k])
            v0[i] = a
            v1[i] = b
        idx[i] = v0[i]
