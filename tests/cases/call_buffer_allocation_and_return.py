# case: a caller's own allocation passed to callees: one fills it, another reads it and returns a value (spec Expr semantics 11.ii.e; spec-readings 20); 3*3 + 2*2 + 1 + 0 + (1+2+3+4) = 24
# in A int32[4] = 1 2 3 4
# return: 24
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")) -> T.int32:
        tmp = T.decl_buffer((4,), "int32")
        Module.squares(tmp.data, 4)
        return Module.total(tmp.data, A.data, 4)

    @T.prim_func(private=True)
    def squares(p: T.handle("int32"), n: T.int32):
        X = T.decl_buffer((n,), "int32", data=p)
        for i in range(n):
            X[i] = i * i

    @T.prim_func(private=True)
    def total(p: T.handle("int32"), q: T.handle("int32"), n: T.int32) -> T.int32:
        X = T.decl_buffer((n,), "int32", data=p)
        Y = T.decl_buffer((n,), "int32", data=q)
        acc = T.decl_buffer((1,), "int32")
        acc[0] = 0
        for i in range(n):
            acc[0] = acc[0] + X[i] + Y[i]
        return acc[0]
