# case: a For min that is not an IntImm must have the loop variable's dtype (spec Stmt typing rule 11.iii-v)
# error compile: For loop variable 'i', min and extent must have the same dtype, got int64, int32 and int64
@T.prim_func
def main(A: T.Buffer((4,), "int32"), m: T.int32, n: T.int64):
    for i in T.serial(m, n):
        A[0] = 1
