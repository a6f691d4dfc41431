# case: loops of one iteration whose bodies break or continue keep their meaning: the jump leaves its own loop (spec Stmt semantics: break and continue act on the innermost loop); A[0] = 3 goes 3 -> 4 -> 5 -> 6, A[1] = 7 goes through the three loops' breaks untouched
# in A int32[2] = 3 7
# out A = 6 7
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    for i in T.serial(1):
        if A[i] > 5:
            break
        A[i] = A[i] + 1
    for j in T.serial(1):
        if A[j] > 5:
            continue
        A[j] = A[j] + 1
    for k in T.serial(1):
        A[k] = A[k] + 1
    for m in T.serial(1):
        if A[m + 1] > 5:
            break
        A[m + 1] = A[m + 1] + 100
