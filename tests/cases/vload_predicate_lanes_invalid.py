# case: a predicate has as many lanes as the access
# error compile: the predicate of A.vload must be a bool vector of 4 lanes
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 8))
