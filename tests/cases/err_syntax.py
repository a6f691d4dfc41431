# case: a syntax error is reported with its position
# error compile: err_syntax.py:5:22: error: expected
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in range(4)
        A[0] = i
