# case: loops of row copies become tirvm.copy_rows: a padding stage's interior rows, a transpose's rows, rows gathered with lanes 3 apart, and rows copied down one buffer (each row reads the row the previous one wrote); numpy's values (np.pad's interior, transpose, and the in-place copy run row after row)
# in X float32[2, 3, 4] = -7.0 -6.0 -5.0 -4.0 -3.0 -2.0 -1.0 0.0 1.0 2.0 3.0 4.0 5.0 6.0 7.0 8.0 9.0 10.0 11.0 12.0 13.0 14.0 15.0 16.0
# in Y float32[2, 5, 6]
# in X2 float32[3, 2, 4] = 0.0 0.5 1.0 1.5 2.0 2.5 3.0 3.5 4.0 4.5 5.0 5.5 6.0 6.5 7.0 7.5 8.0 8.5 9.0 9.5 10.0 10.5 11.0 11.5
# in T_out float32[2, 3, 4]
# in X3 float32[12] = 100.0 101.0 102.0 103.0 104.0 105.0 106.0 107.0 108.0 109.0 110.0 111.0
# in G float32[3, 4]
# in B float32[4, 4] = -0.0 -1.5 -3.0 -4.5 -6.0 -7.5 -9.0 -10.5 -12.0 -13.5 -15.0 -16.5 -18.0 -19.5 -21.0 -22.5
# out Y = 0.0 0.0 0.0 0.0 0.0 0.0 0.0 -7.0 -6.0 -5.0 -4.0 0.0 0.0 -3.0 -2.0 -1.0 0.0 0.0 0.0 1.0 2.0 3.0 4.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0 5.0 6.0 7.0 8.0 0.0 0.0 9.0 10.0 11.0 12.0 0.0 0.0 13.0 14.0 15.0 16.0 0.0 0.0 0.0 0.0 0.0 0.0 0.0
# out T_out = 0.0 0.5 1.0 1.5 4.0 4.5 5.0 5.5 8.0 8.5 9.0 9.5 2.0 2.5 3.0 3.5 6.0 6.5 7.0 7.5 10.0 10.5 11.0 11.5
# out G = 100.0 103.0 106.0 109.0 101.0 104.0 107.0 110.0 102.0 105.0 108.0 111.0
# out B = -0.0 -1.5 -3.0 -4.5 -0.0 -1.5 -3.0 -4.5 -0.0 -1.5 -3.0 -4.5 -0.0 -1.5 -3.0 -4.5
# copy-rows: each loop over rows whose body stores a row of lanes loaded
# from another row, every index provably inside its dimension, is one
# copy_rows: X's first row, Z's first row (G's lanes 3 elements apart),
# the lane stride, the row count and the flat elements X and Z move per
# row.  B's rows overlap the rows they read: the VM copies them one after
# another, as the loop does.
@T.prim_func
def main(X: T.Buffer((2, 3, 4), "float32"), Y: T.Buffer((2, 5, 6), "float32"), X2: T.Buffer((3, 2, 4), "float32"), T_out: T.Buffer((2, 3, 4), "float32"), X3: T.Buffer((12,), "float32"), G: T.Buffer((3, 4), "float32"), B: T.Buffer((4, 4), "float32")):
    for c in range(2):
        for h in range(3):
            for w in T.vectorized(4):
                Y[c, h + 1, w + 1] = X[c, h, w]
    for a in range(2):
        for b in range(3):
            for d in T.vectorized(4):
                T_out[a, b, d] = X2[b, a, d]
    for i in range(3):
        for j in T.vectorized(4):
            G[i, j] = X3[j * 3 + i]
    for r in range(3):
        for j in T.vectorized(4):
            B[r + 1, j] = B[r, j]
