# case: a global average pool over a [1, 6, 2, 2] input into [1, 6, 1, 1], its sum stage then its scaling stage; expected values by hand: channel c holds 4c - 10 .. 4c - 7, whose sum 16c - 34 times 0.25 is exact
# in data float32[1, 6, 2, 2] = -10 -9 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7 8 9 10 11 12 13
# in out float32[1, 6, 1, 1]
# out out = -8.5 -4.5 -0.5 3.5 7.5 11.5
# strip: the scaling stage stores out[0, c, 0, 0], the channel outside the
# last index, so it is no strip as it stands; over views of out and of the
# sums without their trailing dimensions of extent 1 ([1, 6] each, the same
# elements), c is last and the loop becomes one vector of 6 lanes.
@T.prim_func
def main(data: T.Buffer((1, 6, 2, 2), "float32"), out: T.Buffer((1, 6, 1, 1), "float32")):
    T.func_attr({"tir.noalias": True})
    red = T.alloc_buffer((1, 6, 1, 1))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(1, 6, 1, 1, 2, 2):
        with T.block("red"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            with T.init():
                red[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            red[v_ax0, v_ax1, v_ax2, v_ax3] = red[v_ax0, v_ax1, v_ax2, v_ax3] + data[v_ax0, v_ax1, v_ax2 * 2 + v_rv0, v_ax3 * 2 + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(1, 6, 1, 1):
        with T.block("scale"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            out[v_ax0, v_ax1, v_ax2, v_ax3] = red[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.25)
