# ---
# spec: Semantics of Statements 15; tvmscript.md 5.4 (a one-element remap returns one Var)
# features: [block.iter_var]
# description: `vi = T.axis.remap("S", [i])` binds vi to i
# arg A: float32[3] = [1, 2, 3]
# arg B: float32[3]
# assert_return B: [2, 4, 6]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        with T.block("B"):
            vi = T.axis.remap("S", [i])
            B[vi] = A[vi] * T.float32(2)
