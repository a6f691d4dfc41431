# case: a thread-binding loop has the semantics of a parallel loop (spec Stmt semantics 12.v)
# threads: 2
# in A float32[8] = 1 2 3 4 5 6 7 8
# in B float32[8]
# out B = 2 4 6 8 10 12 14 16
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for t in T.thread_binding(8, thread="threadIdx.x"):
        B[t] = A[t] * T.float32(2)
