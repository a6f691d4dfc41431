# case: in the classic dialect p = q for a pointer q binds p to the same memory (a LetStmt of a handle), viewed through T.Buffer(data=p)
# in A_ptr int32[3] = 5 6 7
# out A_ptr = 5 6 11
@T.prim_func
def main(A_ptr: T.handle("int32")):
    p = A_ptr
    A = T.Buffer((3,), "int32", data=p)
    A[2] = A[0] + A[1] - 0
