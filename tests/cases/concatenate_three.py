# case: a concatenation of three inputs along the rows, as TVM legalizes it (a chain of if_then_else on the row index); each row comes from its own input, the arms not chosen never read
# in A float32[2, 3] = 0 1 2 3 4 5
# in B float32[1, 3] = 100 101 102
# in C float32[3, 3] = 200 201 202 203 204 205 206 207 208
# in T_concat float32[6, 3]
# out T_concat = 0 1 2 3 4 5 100 101 102 200 201 202 203 204 205 206 207 208
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((1, 3), "float32"), C: T.Buffer((3, 3), "float32"), T_concat: T.Buffer((6, 3), "float32")):
    for ax0, ax1 in T.grid(6, 3):
        with T.block("T_concat"):
            v0, v1 = T.axis.remap("SS", [ax0, ax1])
            T_concat[v0, v1] = T.if_then_else(3 <= v0, C[v0 - 3, v1], T.if_then_else(2 <= v0, B[v0 - 2, v1], A[v0, v1]))
