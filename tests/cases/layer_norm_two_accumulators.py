# case: a layer norm whose reduction fills two one-element buffers (sum and sum of squares) in one block, as TVM's layer_norm does
# in A float32[1, 2, 2, 4] = -3 -2.5 -2 -1.5 -1 -0.5 0 0.5 1 1.5 2 2.5 3 3.5 4 4.5
# in B float32[2, 2, 4] = 0.5 0.600000024 0.699999988 0.800000012 0.899999976 1 1.10000002 1.20000005 1.29999995 1.39999998 1.5 1.60000002 1.70000005 1.79999995 1.89999998 2
# in C float32[2, 2, 4] = -1 -0.866666675 -0.733333349 -0.600000024 -0.466666669 -0.333333343 -0.200000003 -0.0666666701 0.0666666701 0.200000003 0.333333343 0.466666669 0.600000024 0.733333349 0.866666675 1
# in T_layer_norm float32[1, 2, 2, 4]
# out T_layer_norm ~1e-5 = -1.81348848 -1.71269464 -1.56851482 -1.38094902 -1.149997 -0.875658989 -0.55793494 -0.196824819 0.207671344 0.65555352 1.14682174 1.68147612 2.25951648 2.88094282 3.54575539 4.25395393
@T.prim_func
def main(A: T.Buffer((1, 2, 2, 4), "float32"), B: T.Buffer((2, 2, 4), "float32"), C: T.Buffer((2, 2, 4), "float32"), T_layer_norm: T.Buffer((1, 2, 2, 4), "float32")):
    A_red_temp_v0 = T.alloc_buffer((1,))
    A_red_temp_v1 = T.alloc_buffer((1,))
    for ax0, k1, k2, k3 in T.grid(1, 2, 2, 4):
        with T.block("A_red_temp"):
            v_ax0, v_k1, v_k2, v_k3 = T.axis.remap("SRRR", [ax0, k1, k2, k3])
            with T.init():
                A_red_temp_v0[v_ax0] = T.float32(0)
                A_red_temp_v1[v_ax0] = T.float32(0)
            v_A_red_temp_v0: T.float32 = A_red_temp_v0[v_ax0] + A[v_ax0, v_k1, v_k2, v_k3]
            v_A_red_temp_v1: T.float32 = A_red_temp_v1[v_ax0] + A[v_ax0, v_k1, v_k2, v_k3] * A[v_ax0, v_k1, v_k2, v_k3]
            A_red_temp_v0[v_ax0] = v_A_red_temp_v0
            A_red_temp_v1[v_ax0] = v_A_red_temp_v1
    for ax0, ax1, ax2, ax3 in T.grid(1, 2, 2, 4):
        with T.block("T_layer_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T_layer_norm[v_ax0, v_ax1, v_ax2, v_ax3] = (A[v_ax0, v_ax1, v_ax2, v_ax3] - A_red_temp_v0[v_ax0] * T.float32(0.0625)) * T.rsqrt(A_red_temp_v1[v_ax0] * T.float32(0.0625) - A_red_temp_v0[v_ax0] * T.float32(0.0625) * (A_red_temp_v0[v_ax0] * T.float32(0.0625)) + T.float32(1e-05)) * B[v_ax1, v_ax2, v_ax3] + C[v_ax1, v_ax2, v_ax3]
