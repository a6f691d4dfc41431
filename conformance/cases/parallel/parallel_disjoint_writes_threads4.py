# ---
# spec: Semantics of Statements 12.ii (kParallel: body evaluated for every index; any interleaving)
# features: [for.parallel]
# description: a parallel loop writing disjoint elements gives the serial result with 4 worker thread(s)
# threads: 4
# arg A: int32[64]
# assert_return A: [0, -2, -2, 0, 4, 10, 18, 28, 40, 54, 70, 88, 108, 130, 154, 180, 208, 238, 270, 304, 340, 378, 418, 460, 504, 550, 598, 648, 700, 754, 810, 868, 928, 990, 1054, 1120, 1188, 1258, 1330, 1404, 1480, 1558, 1638, 1720, 1804, 1890, 1978, 2068, 2160, 2254, 2350, 2448, 2548, 2650, 2754, 2860, 2968, 3078, 3190, 3304, 3420, 3538, 3658, 3780]
# ---
@T.prim_func
def main(A: T.Buffer((64,), "int32")):
    for i in T.parallel(64):
        A[i] = i * i - 3 * i
