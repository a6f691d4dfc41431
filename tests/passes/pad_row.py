# hoist: a padding stage computed at the output row (TVM's conv2d) binds
# its row index v = y + r inside the column loop; the value does not depend
# on the column and cannot trap, so it is computed once before the column
# loop, which is then the bare guarded copy that codegen splits where its
# guard is constant.  The let of a load (w) stays where it is.
@T.prim_func
def main(data: T.Buffer((4, 6), "float32"), pad: T.Buffer((3, 8), "float32"), w: T.Buffer((1,), "int32")):
    for y in range(2):
        for r, c in T.grid(3, 8):
            with T.block("pad"):
                v = T.axis.spatial(6, y + r)
                vc = T.axis.spatial(8, c)
                pad[r, vc] = T.if_then_else(1 <= v and v < 5 and 1 <= vc and vc < 7, data[v - 1, vc - 1], T.float32(0))
        for c in range(8):
            k: T.int32 = w[0]
            pad[0, c] = pad[0, c] + T.Cast("float32", k)
