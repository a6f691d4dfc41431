# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c; tvmscript.md 6.1
# features: [dtype.bool, literal.intimm, literal.python]
# description: T.bool(True/False) and Python True/False are the bool (UInt 1) constants 1 and 0
# arg A: bool[4]
# assert_return A: [true, false, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "bool")):
    A[0] = T.bool(True)
    A[1] = T.bool(False)
    A[2] = True
    A[3] = False
