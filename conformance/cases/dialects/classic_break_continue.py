# ---
# spec: tvmscript-tirx.md 1.8 (break and continue build T.break_loop() / T.continue_loop())
# features: [dialect.classic, stmt.break_continue, stmt.while]
# description: continue skips negative elements, break stops at the first 99, and a while loop breaks when its counter reaches 4
# arg A: int32[6] = [2, -1, 3, 99, 5, 6]
# arg B: int32[2]
# assert_return B: [5, 4]
# ---
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(6):
        if A[i] < 0:
            continue
        if A[i] == 99:
            break
        B[0] = B[0] + A[i]
    while B[1] < 10:
        B[1] = B[1] + 1
        if B[1] == 4:
            break
