# case: a vector comparison gives bool lanes and Select picks lane-wise (spec Expr semantics 6.iv, 16)
# in A float32[4] = -1 2 -3 4
# in B float32[4]
# out B = 0 2 0 4
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Select(A[0:4] > T.Broadcast(T.float32(0), 4), A[0:4], T.Broadcast(T.float32(0), 4))
