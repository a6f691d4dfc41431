# ---
# spec: Evaluating PrimExprs 7.v, 8, 13.i
# features: [vector.slice, vector.lanes_32, vector.ramp, expr.sub, dtype.int16]
# description: int16x32 vectors: a 32-lane load minus a 32-lane Ramp
# arg A: int16[32] = [100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100]
# arg C: int16[32]
# assert_return C: [100, 99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 69]
# ---
@T.prim_func
def main(A: T.Buffer((32,), "int16"), C: T.Buffer((32,), "int16")):
    C[0:32] = A[0:32] - T.Ramp(T.int16(0), T.int16(1), 32)
