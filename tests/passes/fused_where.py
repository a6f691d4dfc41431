# flatten: x[f // 25, f % 25] on an (8, 25) buffer is element f of the
# buffer's storage, so the block's iter vars (lets of f // 25 and f % 25)
# are no longer used and go; collapse then joins the split (13 x 16 = 208
# iterations, the T.where guard rewritten over the joined variable f);
# partition drops the 8 iterations past 200 and the guard with them.
@T.prim_func
def main(x: T.Buffer((8, 25), "float32"), y: T.Buffer((8, 25), "float32")):
    for f_0 in range(13):
        for f_1 in T.vectorized(16):
            with T.block("y"):
                v0 = T.axis.spatial(8, (f_0 * 16 + f_1) // 25)
                v1 = T.axis.spatial(25, (f_0 * 16 + f_1) % 25)
                T.where(f_0 * 16 + f_1 < 200)
                y[v0, v1] = T.max(x[v0, v1], T.float32(0))
