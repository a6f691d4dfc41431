# case: a T.Select call with two values given and a dtype keyword is an error naming its arguments, not a crash
# in A int32[1]
# error compile: T.Select takes condition, true_value and false_value
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.Select(A[0] > 0, 1, dtype="int32")
