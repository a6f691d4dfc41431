# case: an accumulation that reads the accumulated element itself keeps the loop's order: each step sees the previous store (spec Stmt semantics 12.i)
# in B float32[3] = 1 10 100
# in C float32[2] = 1 0
# out C = 2222 0
@T.prim_func
def main(B: T.Buffer((3,), "float32"), C: T.Buffer((2,), "float32")):
    for k in range(3):
        C[0] = C[0] + B[k] * C[0]
