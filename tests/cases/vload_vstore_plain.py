# case: vload / vstore without a predicate, or with an all-true one, are the plain vector accesses (TVM's Buffer.vload / vstore); a scalar begin with dtype="int32x4" loads the Ramp of 4 lanes from it
# in A int32[8] = 1 2 3 4 5 6 7 8
# in B int32[8]
# in D int32[4]
# out B = 1 0 2 0 3 0 4 0
# out D = 3 4 5 6
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), D: T.Buffer((4,), "int32")):
    B.vstore([T.Ramp(0, 2, 4)], A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 4)))
    D.vstore([0], A.vload([2], "int32x4"))
