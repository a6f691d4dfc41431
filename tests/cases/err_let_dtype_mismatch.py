# case: a LetStmt variable's dtype must match its value's (spec Stmt typing rule 1)
# error compile: LetStmt variable 'x' is int32 but its value is float32
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    x: T.int32 = A[0]
    A[0] = T.Cast("float32", x)
