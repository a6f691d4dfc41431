# case: T.assume states a fact for the optimizer and has no run-time effect, even when the fact is false (tvmscript.md 7: tir.assume); both the T.evaluate form and the bare statement are accepted
# in A int32[4]
# in n = -3
# out A = -3 -2 -1 0
@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    T.evaluate(T.assume(n > 0))
    T.assume(n < 100)
    for i in range(4):
        A[i] = n + i
