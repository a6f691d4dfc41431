# case: a fused loop split 13 x 16 with a T.where guard, its axes f // 25 and f % 25 of (8, 25) buffers: every element is written once and none past the guard (spec Stmt semantics 12.iii; block predicate, spec-readings)
# in x float32[8, 25] = -100 -99 -98 -97 -96 -95 -94 -93 -92 -91 -90 -89 -88 -87 -86 -85 -84 -83 -82 -81 -80 -79 -78 -77 -76 -75 -74 -73 -72 -71 -70 -69 -68 -67 -66 -65 -64 -63 -62 -61 -60 -59 -58 -57 -56 -55 -54 -53 -52 -51 -50 -49 -48 -47 -46 -45 -44 -43 -42 -41 -40 -39 -38 -37 -36 -35 -34 -33 -32 -31 -30 -29 -28 -27 -26 -25 -24 -23 -22 -21 -20 -19 -18 -17 -16 -15 -14 -13 -12 -11 -10 -9 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99
# in y float32[8, 25]
# out y = 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99
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
