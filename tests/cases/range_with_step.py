# case: range(start, stop, step) with a positive constant step runs start, start + step, ... while below stop (Python's range; For.step of TVM >= 0.23); T.serial(..., step=) likewise
# in A int32[10]
# out A = 1 0 0 1 0 0 1 0 0 2
@T.prim_func
def main(A: T.Buffer((10,), "int32")):
    for i in range(0, 8, 3):
        A[i] = A[i] + 1
    for j in T.serial(9, 10, step=4):
        A[j] = A[j] + 2
