# case: init runs when the reduction var is at its start even when the reduction loop is outermost (spec-readings 3)
# in A int32[3, 2] = 1 2 3 4 5 6
# in S int32[2] = 99 99
# out S = 9 12
@T.prim_func
def main(A: T.Buffer((3, 2), "int32"), S: T.Buffer((2,), "int32")):
    for k, j in T.grid(3, 2):
        with T.block("S"):
            v_k, v_j = T.axis.remap("RS", [k, j])
            with T.init():
                S[v_j] = 0
            S[v_j] = S[v_j] + A[v_k, v_j]
