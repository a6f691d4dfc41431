# case: thread_extent regions run the body for every thread index, nested regions over the product space (spec Stmt semantics 3.i)
# threads: 2
# in A int32[2, 3]
# out A = 0 1 2 100 101 102
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    bx = T.launch_thread("blockIdx.x", 2)
    tx = T.env_thread("threadIdx.x")
    T.launch_thread(tx, 3)
    A[bx, tx] = bx * 100 + tx
