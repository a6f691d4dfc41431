# ---
# spec: Semantics of Statements 12.i; tvmscript.md 5.3 (T.grid nests serial loops, outermost first)
# features: [for.grid, stmt.decl_buffer]
# description: T.grid(2, 3) visits (0,0), (0,1), (0,2), (1,0), ... in that order
# arg A: int32[6]
# assert_return A: [0, 1, 2, 10, 11, 12]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32")):
    cnt = T.decl_buffer((1,), "int32")
    cnt[0] = 0
    for i, j in T.grid(2, 3):
        A[cnt[0]] = i * 10 + j
        cnt[0] = cnt[0] + 1
