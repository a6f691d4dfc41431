# ---
# spec: tvmscript-tirx.md 3 (GPU-only constructs)
# features: [dialect.tirx_0_25, dialect.gpu_refused]
# description: T.cta_id names a GPU thread block; it has no meaning on a CPU and is refused
# arg A: int32[4]
# assert_invalid: unsupported
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4,), "int32")):
    bx = T.cta_id([4])
    A[bx] = 1
