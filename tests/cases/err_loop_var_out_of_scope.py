# case: a loop variable leaves scope after its loop (spec "Variable Scoping")
# error compile: name 'i' is not defined
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = 0
    A[0] = i
