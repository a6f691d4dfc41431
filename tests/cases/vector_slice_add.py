# case: a slice A[i:i+4] is a contiguous 4-lane load and store; vector Add is lane-wise (spec Expr semantics 7.v, 13.i; tvmscript.md 5.2)
# in A float32[8] = 1 2 3 4 5 6 7 8
# in B float32[8] = 10 20 30 40 50 60 70 80
# in C float32[8]
# out C = 11 22 33 44 55 66 77 88
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32"), C: T.Buffer((8,), "float32")):
    for i in range(2):
        C[i * 4:i * 4 + 4] = A[i * 4:i * 4 + 4] + B[i * 4:i * 4 + 4]
