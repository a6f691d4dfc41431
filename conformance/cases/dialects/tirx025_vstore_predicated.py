# ---
# spec: Semantics of Statements 5 (BufferStore); tvmscript.md 6.6 (A.vstore(..., predicate=m) is a BufferStore with a predicate: only the lanes where m is true are stored)
# features: [dialect.tirx_0_25, vector.ramp, stmt.store]
# description: a vector loop over 6 elements in steps of 4 stores its tail under T.get_active_lane_mask, so lanes 6 and 7 write nothing
# arg A: float32[6]
# assert_return A: [2.0, 2.0, 2.0, 2.0, 2.0, 2.0]
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((6,), "float32")):
    for i_0 in range(2):
        A.vstore([T.Ramp(i_0 * 4, 1, 4)], T.Broadcast(T.float32(2), 4), predicate=T.get_active_lane_mask("uint1x4", i_0 * 4, 6))
