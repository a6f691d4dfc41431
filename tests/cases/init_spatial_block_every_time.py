# case: in a block with no reduction iter var, init runs every time the block runs (spec Stmt semantics 14.iv)
# in A int32[3] = 5 5 5
# out A = 1 1 1
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    for i in range(3):
        with T.block("B"):
            v_i = T.axis.spatial(3, i)
            with T.init():
                A[v_i] = 0
            A[v_i] = A[v_i] + 1
