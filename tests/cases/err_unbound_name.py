# case: an unbound name is rejected (spec "Variable Scoping")
# error compile: name 'k' is not defined
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = k
