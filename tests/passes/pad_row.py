# case: a padding stage computed at the output row, its row index y + r bound inside the column loop, T.if_then_else reading data only inside the border; then a loop whose let reads a buffer (spec Expr semantics: if_then_else evaluates one arm; Stmt semantics 1)
# in data float32[4, 6] = -20 -17 -14 -11 -8 -5 -2 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49
# in pad float32[3, 8]
# in w int32[1] = 5
# out pad = 5 -15 -12 -9 -6 -3 0 5 0 -2 1 4 7 10 13 0 0 16 19 22 25 28 31 0
# hoist: a padding stage computed at the output row (TVM's conv2d) binds
# its row index v = y + r inside the column loop; the value does not depend
# on the column and cannot trap, so it is computed once before the column
# loop, which is then the bare guarded copy that split-guards splits where its
# guard is constant (its one-column edges as single stores, no loop).  The
# let of a load (w) stays where it is.
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
