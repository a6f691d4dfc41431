# pass tile-rows: a 3x3 convolution's 6 output channels (each a mac3 over its 3 input channels and window, every row reading the same input rows) run as one tile of 4 channels (one mact: X rows 6*8 = 48 elements apart, W's 27 apart, the input shared: 0), each row's init to +0.0 folded into it (its last argument, 1: mactz), then channels 4 and 5 as before; rows that read their own weights as Z (a batched matmul's U[i]: 256 apart), a serial loop whose body is only that row instruction, become one mact over all 8 rows (no tiles and no rows left: the VM takes them 4 at a time), sharing no load; a sum over i into one row (X does not move with i) stays as it is; rows whose init is 1.0 or -0.0 (not the +0.0 an empty sum starts from) keep a loop of init stores before their mact; rows of 150 lanes, which run as a loop of two 64-lane chunks and a 22-lane rest after one init store of the whole row, take mactz in each piece (each chunk's lanes start at +0.0 just before its own sums), with no loop of init stores left
@T.prim_func
def main(A: T.Buffer((1, 3, 8, 10), "float32"), W: T.Buffer((6, 3, 3, 3), "float32"), C: T.Buffer((1, 6, 6, 8), "float32"), P: T.Buffer((8, 16), "float32"), Q: T.Buffer((16, 16), "float32"), R: T.Buffer((16,), "float32"), S: T.Buffer((8, 16), "float32"), U: T.Buffer((8, 16, 16), "float32"), V: T.Buffer((8, 16), "float32"), N: T.Buffer((8, 16), "float32"), L: T.Buffer((8, 150), "float32"), Q2: T.Buffer((16, 150), "float32")):
    T.func_attr({"tir.noalias": True})
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, 6, 6, 8, 3, 3, 3):
        with T.block("conv"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                C[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            C[v_nn, v_ff, v_yy, v_xx] = C[v_nn, v_ff, v_yy, v_xx] + A[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * W[v_ff, v_rc, v_ry, v_rx]
    for j, i, k in T.grid(16, 8, 16):
        with T.block("sum_rows"):
            v_j, v_i, v_k = T.axis.remap("SRR", [j, i, k])
            with T.init():
                R[v_j] = T.float32(0)
            R[v_j] = R[v_j] + P[v_i, v_k] * Q[v_k, v_j]
    for i, j, k in T.grid(8, 16, 16):
        with T.block("own_weights"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                S[v_i, v_j] = T.float32(0)
            S[v_i, v_j] = S[v_i, v_j] + P[v_i, v_k] * U[v_i, v_k, v_j]
    for i, j, k in T.grid(8, 16, 16):
        with T.block("init_one"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                V[v_i, v_j] = T.float32(1)
            V[v_i, v_j] = V[v_i, v_j] + P[v_i, v_k] * Q[v_k, v_j]
    for i, j, k in T.grid(8, 16, 16):
        with T.block("init_negative_zero"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                N[v_i, v_j] = T.float32(-0.0)
            N[v_i, v_j] = N[v_i, v_j] + P[v_i, v_k] * Q[v_k, v_j]
    for i, j, k in T.grid(8, 150, 16):
        with T.block("long_rows"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                L[v_i, v_j] = T.float32(0)
            L[v_i, v_j] = L[v_i, v_j] + P[v_i, v_k] * Q2[v_k, v_j]
