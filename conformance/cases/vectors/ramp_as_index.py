# ---
# spec: Evaluating PrimExprs 7.v, 8; tvmscript.md 6.6
# features: [vector.ramp, vector.gather, dtype.float32]
# description: A[T.Ramp(1, 3, 4)] loads elements 1, 4, 7 and 10
# arg A: float32[12] = [0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0, 110.0]
# arg B: float32[4]
# assert_return B: [10.0, 40.0, 70.0, 100.0]
# ---
@T.prim_func
def main(A: T.Buffer((12,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[T.Ramp(1, 3, 4)]
