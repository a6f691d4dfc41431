# case: comparisons never promote, so int32 < int64 is a type error (spec typing rule 16, tvmscript.md 6.3)
# error compile: LT operands must have the same dtype, got int32 and int64
@T.prim_func
def main(A: T.Buffer((1,), "int32"), n: T.int64):
    for i in range(4):
        if i < n:
            A[0] = i
