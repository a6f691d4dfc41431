# case: a predicated load runs lane by lane; a predicate that cannot be taken apart into lanes (here a vector if_then_else call) is refused by name, never run as something else
# error compile: unsupported: predicated buffer access (A.vload) whose index, predicate or value is not built lane by lane
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), n: T.int32):
    B[0:4] = A.vload([T.Ramp(0, 1, 4)], predicate=T.if_then_else(n > 0, T.Broadcast(T.bool(True), 4), T.Broadcast(T.bool(False), 4)))
