# pass split-selects: a concatenation of three (a chain of if_then_else on the row index) runs as three loops, each copying its own input; the arm a range does not take is gone
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((1, 3), "float32"), C: T.Buffer((3, 3), "float32"), T_concat: T.Buffer((6, 3), "float32")):
    for ax0, ax1 in T.grid(6, 3):
        with T.block("T_concat"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T_concat[v0, v1] = T.if_then_else(3 <= v0, C[v0 - 3, v1], T.if_then_else(2 <= v0, B[v0 - 2, v1], A[v0, v1]))
