# ---
# spec: tvmscript-tirx.md 1.8; Stmt semantics 12 (parallel For iterations are independent)
# features: [dialect.classic, stmt.break_continue, parallel.for]
# description: break inside a parallel loop is refused: its iterations run at once and none can stop the others
# arg A: int32[4]
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        if i == 2:
            break
        A[i] = 1
