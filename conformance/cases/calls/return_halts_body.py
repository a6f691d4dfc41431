# ---
# spec: Builtin Calls (tir.ret: after evaluating the argument, execution of the current PrimFunc halts); Semantics of Statements 1.ii.f
# features: [call.return, stmt.if]
# description: an early return skips the statements after it; the buffer keeps the writes made before it
# arg n: int32 = 1
# arg A: int32[2] = [0, 0]
# assert_return ret: 7
# assert_return A: [1, 0]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((2,), "int32")) -> T.int32:
    A[0] = 1
    if n > 0:
        return 7
    A[1] = 2
    return 8
