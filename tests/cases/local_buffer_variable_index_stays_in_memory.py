# case: a small local buffer indexed by a loop variable (not a constant) keeps its memory and its bounds checks (prefix sums)
# in A int32[4] = 1 2 3 4
# in B int32[4]
# out B = 1 3 6 10
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    t = T.decl_buffer((4,), "int32")
    t[0] = A[0]
    for k in range(3):
        t[k + 1] = t[k] + A[k + 1]
    for k in range(4):
        B[k] = t[k]
