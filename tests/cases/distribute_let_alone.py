# case: a loop whose let (of a call) no later statement uses, beside an unrelated store: the let is still evaluated in each iteration and every store happens (spec Stmt semantics 1; TVM's test_tir_transform_simplify)
# in A float32[16] = 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
# out A = 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
@T.prim_func
def main(A: T.Buffer(16, "float32")):
    for i in T.serial(16):
        x: T.int32 = T.Cast("int32", T.ceil(T.log2(T.Cast("float64", i + 1025))))
        A[i] = T.float32(0)
