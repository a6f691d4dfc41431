# ---
# spec: Builtin Calls (tir.ret halts the PrimFunc, also from inside a loop)
# features: [call.return, for.serial]
# description: a linear search returns the index of the first match from inside the loop
# arg t: int32 = 7
# arg A: int32[6] = [3, 9, 7, 1, 7, 5]
# assert_return ret: 2
# ---
@T.prim_func
def main(t: T.int32, A: T.Buffer((6,), "int32")) -> T.int32:
    for i in range(6):
        if A[i] == t:
            return i
    return -1
