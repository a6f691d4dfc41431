# case: a constant integer division by zero is rejected when the script is built (tvmscript.md 6.3)
# error compile: division by zero in a constant expression
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = A[0] // 0
