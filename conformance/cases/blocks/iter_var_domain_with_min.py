# ---
# spec: Semantics of Statements 15.ii; tvmscript.md 5.4 (a (lo, hi) domain)
# features: [block.iter_var]
# description: an iter var with domain (2, 6) bound to i + 2
# arg B: int32[6]
# assert_return B: [0, 0, 4, 6, 8, 10]
# ---
@T.prim_func
def main(B: T.Buffer((6,), "int32")):
    for i in range(4):
        with T.block("B"):
            v = T.axis.spatial((2, 6), i + 2)
            B[v] = v * 2
