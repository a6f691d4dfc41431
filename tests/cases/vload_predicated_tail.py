# case: a predicated A.vload reads only its active lanes (lanes 2 and 3 would be A[6], A[7], past the end) and a store with the same mask writes only those lanes, leaving C[2], C[3] as they were
# in A int32[6] = 10 11 12 13 14 15
# in C int32[4] = 9 9 9 9
# out C = 14 15 9 9
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((6,), "int32"), C: T.Buffer((4,), "int32")):
    C.vstore([T.Ramp(0, 1, 4)], A.vload([T.Ramp(4, 1, 4)], predicate=T.get_active_lane_mask("uint1x4", 4, 6)), predicate=T.get_active_lane_mask("uint1x4", 0, 2))
