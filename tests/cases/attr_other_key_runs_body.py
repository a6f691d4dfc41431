# case: an AttrStmt with a key other than thread_extent/virtual_thread just runs its body (spec Stmt semantics 3)
# in A int32[2]
# out A = 3 4
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    with T.attr(0, "pragma_unroll_explicit", 1):
        A[0] = 3
    T.attr(A.data, "volatile_scope", 1)
    A[1] = 4
