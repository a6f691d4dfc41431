# case: T.start_profile_intrinsic, T.end_profile_intrinsic and T.ignore_loop_partition mark code for TVM's tools and do nothing when run; range(n, annotations=...) runs as range(n)
# in A int32[3]
# out A = 0 1 2
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    T.evaluate(T.start_profile_intrinsic(3))
    for i in range(3, annotations={"pragma_unroll_explicit": 1}):
        A[i] = i
    T.evaluate(T.end_profile_intrinsic(3))
    T.evaluate(T.ignore_loop_partition(1))
