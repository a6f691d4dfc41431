# case: an f-string is Python that TVMScript cannot evaluate; using one in TIR is an error at its position
# in A float32[1]
# error compile: err_fstring_in_tir.py:7:35: error: f-strings are not supported in TVMScript
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    n = 1
    T.func_attr({"global_symbol": f"main{n}"})
    A[0] = T.float32(1)
