# case: integer vector lanes wrap at their width, and floordiv works lane-wise (spec Expr semantics 13.ii, 13.viii)
# in A uint8[4] = 250 251 252 253
# in B int32[4] = -7 7 -8 9
# in C uint8[4]
# in D int32[4]
# out C = 4 5 6 7
# out D = -4 3 -4 4
@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "uint8"), D: T.Buffer((4,), "int32")):
    C[0:4] = A[0:4] + T.Broadcast(T.uint8(10), 4)
    D[0:4] = B[0:4] // T.Broadcast(2, 4)
