# ---
# spec: Builtin Calls (tir.ret)
# features: [call.return, for.serial]
# description: a linear search with no match runs the whole loop and returns -1
# arg t: int32 = 4
# arg A: int32[6] = [3, 9, 7, 1, 7, 5]
# assert_return ret: -1
# ---
@T.prim_func
def main(t: T.int32, A: T.Buffer((6,), "int32")) -> T.int32:
    for i in range(6):
        if A[i] == t:
            return i
    return -1
