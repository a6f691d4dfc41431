# case: A.vstore with T.get_active_lane_mask (lane k active when base + k < limit) writes only the active lanes of a vector loop's tail: lanes 6 and 7 of the second iteration are masked off, so nothing is written (or bounds-checked) past the 6 elements
# in A float32[6] = 0 0 0 0 0 0
# out A = 2 2 2 2 2 2
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((6,), "float32")):
    for i_0 in range(2):
        A.vstore([T.Ramp(i_0 * 4, 1, 4)], T.Broadcast(T.float32(2), 4), predicate=T.get_active_lane_mask("uint1x4", i_0 * 4, 6))
