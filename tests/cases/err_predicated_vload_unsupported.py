# case: a predicated load, printed by TVM as A.vload(..., predicate=m), is outside the specified subset and says so (tvmscript.md 6.6)
# error compile: unsupported: predicated buffer access (A.vload)
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A.vload([T.Ramp(0, 1, 4)], predicate=T.Broadcast(T.bool(True), 4))
