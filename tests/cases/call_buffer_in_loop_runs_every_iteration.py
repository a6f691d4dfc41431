# case: a call in a loop body runs once per iteration, in order, even where the loop would otherwise run as vectors: each call bumps a counter the caller passed (spec Stmt semantics For; Expr semantics 11.ii)
# in A int32[32] = 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100
# in B int32[32]
# in C int32[1]
# in D int32[4]
# out B = 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 132
# out C = 36
# out D = 33 34 35 36
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((32,), "int32"), B: T.Buffer((32,), "int32"), C: T.Buffer((1,), "int32"),
             D: T.Buffer((4,), "int32")):
        for i in range(32):
            B[i] = A[i] + Module.bump(C.data)
        for i in T.vectorized(4):
            D[i] = Module.bump(C.data)

    @T.prim_func(private=True)
    def bump(c: T.handle("int32")) -> T.int32:
        X = T.decl_buffer((1,), "int32", data=c)
        X[0] = X[0] + 1
        return X[0]
