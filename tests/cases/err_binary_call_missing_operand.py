# case: a T.min call with one operand and a keyword other than b is an error naming the operands, not a crash
# in A int32[1]
# error compile: T.min takes two operands, a and b
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.min(A[0], dtype="int32")
