/* The lane operations of the vector arithmetic instructions, written once
 * for the register forms (vadd.T ... in interp.c) and the fused forms that
 * read and write buffer memory in place (fused_ops.c), so both compute the
 * same bits.  x and y are lanes of kind T (vm_kinds.h); integer lanes wrap. */
#ifndef TIRVM_LANE_OPS_H
#define TIRVM_LANE_OPS_H

#define LANE_IADD(T, x, y) NARROW_##T(IW_##T(x) + IW_##T(y))
#define LANE_ISUB(T, x, y) NARROW_##T(IW_##T(x) - IW_##T(y))
#define LANE_IMUL(T, x, y) NARROW_##T(IW_##T(x) * IW_##T(y))
#define LANE_FADD(T, x, y) ((x) + (y))
#define LANE_FSUB(T, x, y) ((x) - (y))
#define LANE_FMUL(T, x, y) ((x) * (y))
#define LANE_FDIV(T, x, y) ((x) / (y))
#define LANE_MIN(T, x, y) ((x) < (y) ? (x) : (y))
#define LANE_MAX(T, x, y) ((x) > (y) ? (x) : (y))

/* How the reductions (vrsum ... in interp.c, rsum ... in loop_ops.c)
 * combine their running value with the next element, in order. */
#define RED_ADD(x, y) ((x) + (y))
#define RED_MAX(x, y) ((x) > (y) ? (x) : (y))
#define RED_MIN(x, y) ((x) < (y) ? (x) : (y))

/* A lane loop the C compiler vectorizes, BODY run for each lane index i < nl;
 * unrolled so that the vector loop spends few instructions per lane on its
 * own counting. */
#define LANE_LOOP(nl, BODY)                  \
    _Pragma("GCC unroll 4")                  \
    for (uint32_t i = 0; i < (nl); i++) {    \
        BODY;                                \
    }

#endif
