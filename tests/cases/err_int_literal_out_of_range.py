# case: an IntImm must fit its dtype (spec typing rule 2)
# error compile: IntImm value 300 is out of range for int8
@T.prim_func
def main(A: T.Buffer((1,), "int8")):
    A[0] = T.int8(300)
