# pass hoist-invariants: a channel's bias B[c], read in every strip of the channel's row (strip makes the loop over j two strips of 1024), is loaded and broadcast once before the strips' loop; Z[c, 0] is read in every iteration of a loop that stores to Z (Z[c, 0] itself at j = 0), so its load stays in the loop
@T.prim_func
def main(X: T.Buffer((4, 2048), "float32"), B: T.Buffer((4,), "float32"), Y: T.Buffer((4, 2048), "float32"), Z: T.Buffer((4, 2048), "float32")):
    T.func_attr({"tir.noalias": True})
    for c, j in T.grid(4, 2048):
        with T.block("bias"):
            v_c, v_j = T.axis.remap("SS", [c, j])
            Y[v_c, v_j] = X[v_c, v_j] + B[v_c]
    for c, j in T.grid(4, 2048):
        with T.block("running"):
            v_c, v_j = T.axis.remap("SS", [c, j])
            Z[v_c, v_j] = Z[v_c, v_j] + Z[v_c, 0]
