# case: an IntImm must fit its dtype (spec typing rule 2)
# error compile: 300 does not fit in int8
@T.prim_func
def main(A: T.Buffer((1,), "int8")):
    A[0] = T.int8(300)
