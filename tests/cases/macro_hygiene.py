# case: @T.macro hygiene (TVM's example): a hygienic macro reads x_value where it is defined (the module's 3), a non-hygienic one where it is used (the loop variable, last 4)
# in A int32[8] = 10 11 12 13 14 15 16 17
# in B int32[1]
# in C int32[1]
# out B = 13
# out C = 14
from tvm.script import tir as T

x_value = 3


@T.macro(hygienic=True)
def static_capture(A, B):
    B[0] = A[x_value]


@T.macro(hygienic=False)
def dynamic_capture(A, C):
    C[0] = A[x_value]


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32"), C: T.Buffer((1,), "int32")):
    for x_value in T.serial(5):
        static_capture(A, B)
        dynamic_capture(A, C)
