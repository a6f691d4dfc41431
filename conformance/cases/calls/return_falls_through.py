# ---
# spec: Builtin Calls (tir.ret); Semantics of Statements 1.ii.f
# features: [call.return, stmt.if]
# description: when the early return is not taken the function runs on to the final return
# arg n: int32 = 0
# arg A: int32[2] = [0, 0]
# assert_return ret: 8
# assert_return A: [1, 2]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((2,), "int32")) -> T.int32:
    A[0] = 1
    if n > 0:
        return 7
    A[1] = 2
    return 8
