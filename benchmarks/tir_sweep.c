/* tir-sweep: the VM against gcc -O3 on kernels scheduled the way TVM
 * schedules them (loops split, fused and reordered, the inner loop
 * T.vectorized by 4, 8 or 16, blocks with their axes, reads and writes,
 * T.init or decompose_reduction's init blocks, T.where predicates, padding
 * stages with T.if_then_else), at working sets that fit in L1, L2, L3 and
 * only in DRAM.  Large buffers hide what each instruction costs behind the
 * memory bus; small ones show it.
 *
 *   tir-sweep [--repeat N] [--min-ms MS] [--filter NAME]
 *       prints one row per kernel and size: the time per output element of
 *       the VM and of the native loop nest (median of N samples, each at
 *       least MS long), and their ratio
 *   tir-sweep --one KERNEL LEVEL vm|native
 *       runs one call only (for callgrind: scripts/sweep.sh counts the
 *       machine instructions each side spends per element)
 *   tir-sweep --source KERNEL LEVEL
 *       prints the kernel's TVMScript at that level's size (for tirc
 *       --emit=asm or --emit=tir)
 *   tir-sweep --list
 *       prints the kernels' names
 *
 * Every row checks the VM's output against the native output, bit for bit:
 * the native loop nests (native/native_sweep.c) do each operation in the
 * TIR's order, in the operation's own type. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "native/native_sweep.h"
#include "tirc.h"
#include "timing.h"
#include "tirvm.h"

enum { LEVELS = 4, MAX_BUFS = 5, MAX_DIMS = 4, SOURCE_BYTES = 8192 };
static const char *const level_names[LEVELS] = {"L1", "L2", "L3", "DRAM"};

typedef enum { SWEEP_F32, SWEEP_F16, SWEEP_I8, SWEEP_I32 } sweep_dtype;

/* One parameter buffer of a kernel at one size. */
typedef struct {
    sweep_dtype dtype;
    int ndim;
    int64_t shape[MAX_DIMS];
} sweep_buf;

typedef struct {
    const char *name;
    /* The TVMScript at one size into s (n bytes); snprintf's result. */
    int (*source)(char *s, size_t n, int64_t size);
    int64_t sizes[LEVELS]; /* the size parameter per level */
    int nbufs;
    void (*buf)(int b, int64_t size, sweep_buf *d); /* parameter b's dtype and shape */
    int output;                                     /* the buffer the kernel writes */
    /* Bytes of the intermediates the native loop nest keeps, as TVM's
     * lowering compacts them (a row, a channel plane); NULL for none. */
    int64_t (*scratch_bytes)(int64_t size);
    void (*native)(void *const *b, int64_t size);
} sweep_kernel;

static void set_buf(sweep_buf *d, sweep_dtype dtype, int ndim, int64_t d0, int64_t d1, int64_t d2, int64_t d3)
{
    d->dtype = dtype;
    d->ndim = ndim;
    d->shape[0] = d0;
    d->shape[1] = d1;
    d->shape[2] = d2;
    d->shape[3] = d3;
}

/* ---- elementwise ----------------------------------------------------------- */

static int axpy_src(char *s, size_t n, int64_t size)
{
    return snprintf(s, n,
                    "from tvm.script import tir as T\n"
                    "@T.prim_func\n"
                    "def main(A: T.Buffer((%1$lld,), \"float32\"), B: T.Buffer((%1$lld,), \"float32\"),\n"
                    "         C: T.Buffer((%1$lld,), \"float32\")):\n"
                    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
                    "    for i_0 in range(%1$lld // 16):\n"
                    "        for i_1 in T.vectorized(16):\n"
                    "            with T.block(\"C\"):\n"
                    "                v_i = T.axis.spatial(%1$lld, i_0 * 16 + i_1)\n"
                    "                T.reads(A[v_i], B[v_i])\n"
                    "                T.writes(C[v_i])\n"
                    "                C[v_i] = A[v_i] + B[v_i] * T.float32(0.5)\n",
                    (long long)size);
}
static void axpy_buf(int b, int64_t n, sweep_buf *d) { (void)b; set_buf(d, SWEEP_F32, 1, n, 0, 0, 0); }
static void axpy_native(void *const *b, int64_t n) { native_sweep_axpy(b[0], b[1], b[2], n); }

/* C = max(A * B + bias, 0) over (rows, 256), the row split into 256 / lanes
 * pieces of `lanes` vectorized lanes. */
static int bias_relu_lanes_src(char *s, size_t n, int64_t rows, int lanes)
{
    return snprintf(s, n,
                    "from tvm.script import tir as T\n"
                    "@T.prim_func\n"
                    "def main(A: T.Buffer((%1$lld, 256), \"float32\"), B: T.Buffer((%1$lld, 256), \"float32\"),\n"
                    "         bias: T.Buffer((256,), \"float32\"), C: T.Buffer((%1$lld, 256), \"float32\")):\n"
                    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
                    "    for i, j_0 in T.grid(%1$lld, %2$d):\n"
                    "        for j_1 in T.vectorized(%3$d):\n"
                    "            with T.block(\"C\"):\n"
                    "                v_i = T.axis.spatial(%1$lld, i)\n"
                    "                v_j = T.axis.spatial(256, j_0 * %3$d + j_1)\n"
                    "                T.reads(A[v_i, v_j], B[v_i, v_j], bias[v_j])\n"
                    "                T.writes(C[v_i, v_j])\n"
                    "                C[v_i, v_j] = T.max(A[v_i, v_j] * B[v_i, v_j] + bias[v_j], T.float32(0))\n",
                    (long long)rows, 256 / lanes, lanes);
}
static int bias_relu_src(char *s, size_t n, int64_t rows) { return bias_relu_lanes_src(s, n, rows, 16); }
static int bias_relu_v8_src(char *s, size_t n, int64_t rows) { return bias_relu_lanes_src(s, n, rows, 8); }
static int bias_relu_v4_src(char *s, size_t n, int64_t rows) { return bias_relu_lanes_src(s, n, rows, 4); }
static void bias_relu_buf(int b, int64_t rows, sweep_buf *d)
{
    if (b == 2)
        set_buf(d, SWEEP_F32, 1, 256, 0, 0, 0);
    else
        set_buf(d, SWEEP_F32, 2, rows, 256, 0, 0);
}
static void bias_relu_native(void *const *b, int64_t rows) { native_sweep_bias_relu(b[0], b[1], b[2], b[3], rows); }
static void bias_relu_v8_native(void *const *b, int64_t rows)
{
    native_sweep_bias_relu_v8(b[0], b[1], b[2], b[3], rows);
}
static void bias_relu_v4_native(void *const *b, int64_t rows)
{
    native_sweep_bias_relu_v4(b[0], b[1], b[2], b[3], rows);
}

/* The same in float16, with the two loops fused and split by 16, as TVM
 * schedules an elementwise operator: the axes are the fused index // 256
 * and % 256. */
static int bias_relu_f16_src(char *s, size_t n, int64_t rows)
{
    return snprintf(s, n,
                    "from tvm.script import tir as T\n"
                    "@T.prim_func\n"
                    "def main(A: T.Buffer((%1$lld, 256), \"float16\"), B: T.Buffer((%1$lld, 256), \"float16\"),\n"
                    "         bias: T.Buffer((256,), \"float16\"), C: T.Buffer((%1$lld, 256), \"float16\")):\n"
                    "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
                    "    for i_j_fused_0 in range(%2$lld):\n"
                    "        for i_j_fused_1 in T.vectorized(16):\n"
                    "            with T.block(\"C\"):\n"
                    "                v_i = T.axis.spatial(%1$lld, (i_j_fused_0 * 16 + i_j_fused_1) // 256)\n"
                    "                v_j = T.axis.spatial(256, (i_j_fused_0 * 16 + i_j_fused_1) %% 256)\n"
                    "                T.reads(A[v_i, v_j], B[v_i, v_j], bias[v_j])\n"
                    "                T.writes(C[v_i, v_j])\n"
                    "                C[v_i, v_j] = T.max(A[v_i, v_j] * B[v_i, v_j] + bias[v_j], T.float16(0.0))\n",
                    (long long)rows, (long long)rows * 16);
}
static void bias_relu_f16_buf(int b, int64_t rows, sweep_buf *d)
{
    if (b == 2)
        set_buf(d, SWEEP_F16, 1, 256, 0, 0, 0);
    else
        set_buf(d, SWEEP_F16, 2, rows, 256, 0, 0);
}
static void bias_relu_f16_native(void *const *b, int64_t rows)
{
    native_sweep_bias_relu_f16(b[0], b[1], b[2], b[3], rows);
}

/* clip over (rows, 250), the loops fused and split by 16: rows * 250 is not
 * a multiple of 16 at any size here, so the last piece is cut by T.where. */
static int64_t clip_pieces(int64_t rows) { return (rows * 250 + 15) / 16; }
static int clip_where_src(char *s, size_t n, int64_t rows)
{
    return snprintf(s, n,
                    "from tvm.script import tir as T\n"
                    "@T.prim_func\n"
                    "def main(x: T.Buffer((%1$lld, 250), \"float32\"),\n"
                    "         compute: T.Buffer((%1$lld, 250), \"float32\")):\n"
                    "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
                    "    for i0_i1_fused_0 in range(%2$lld):\n"
                    "        for i0_i1_fused_1 in T.vectorized(16):\n"
                    "            with T.block(\"compute\"):\n"
                    "                v_i0 = T.axis.spatial(%1$lld, (i0_i1_fused_0 * 16 + i0_i1_fused_1) // 250)\n"
                    "                v_i1 = T.axis.spatial(250, (i0_i1_fused_0 * 16 + i0_i1_fused_1) %% 250)\n"
                    "                T.where(i0_i1_fused_0 * 16 + i0_i1_fused_1 < %3$lld)\n"
                    "                T.reads(x[v_i0, v_i1])\n"
                    "                T.writes(compute[v_i0, v_i1])\n"
                    "                compute[v_i0, v_i1] = T.max(T.min(x[v_i0, v_i1], T.float32(0.5)), "
                    "T.float32(-0.5))\n",
                    (long long)rows, (long long)clip_pieces(rows), (long long)rows * 250);
}
static void clip_where_buf(int b, int64_t rows, sweep_buf *d)
{
    (void)b;
    set_buf(d, SWEEP_F32, 2, rows, 250, 0, 0);
}
static void clip_where_native(void *const *b, int64_t rows) { native_sweep_clip_where(b[0], b[1], rows); }

/* ---- rows: softmax, layernorm ------------------------------------------------ */

/* topi's softmax over rows of 1024 as TVM schedules it: the four stages
 * computed at the row loop, exp and the normalization vectorized by 8. */
static int softmax_src(char *s, size_t n, int64_t rows)
{
    return snprintf(
        s, n,
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(x: T.Buffer((%1$lld, 1024), \"float32\"), T_softmax_norm: T.Buffer((%1$lld, 1024), \"float32\")):\n"
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    T_softmax_maxelem = T.alloc_buffer((%1$lld,))\n"
        "    T_softmax_exp = T.alloc_buffer((%1$lld, 1024))\n"
        "    T_softmax_expsum = T.alloc_buffer((%1$lld,))\n"
        "    for i0 in range(%1$lld):\n"
        "        for ax0 in range(1024):\n"
        "            with T.block(\"T_softmax_maxelem\"):\n"
        "                v_i0, v_k = T.axis.remap(\"SR\", [i0, ax0])\n"
        "                T.reads(x[v_i0, v_k])\n"
        "                T.writes(T_softmax_maxelem[v_i0])\n"
        "                with T.init():\n"
        "                    T_softmax_maxelem[v_i0] = T.float32(-340282346638528859811704183484516925440.0)\n"
        "                T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], x[v_i0, v_k])\n"
        "        for ax0_0 in range(128):\n"
        "            for ax0_1 in T.vectorized(8):\n"
        "                with T.block(\"T_softmax_exp\"):\n"
        "                    v_i0 = T.axis.spatial(%1$lld, i0)\n"
        "                    v_i1 = T.axis.spatial(1024, ax0_0 * 8 + ax0_1)\n"
        "                    T.reads(x[v_i0, v_i1], T_softmax_maxelem[v_i0])\n"
        "                    T.writes(T_softmax_exp[v_i0, v_i1])\n"
        "                    T_softmax_exp[v_i0, v_i1] = T.exp(x[v_i0, v_i1] - T_softmax_maxelem[v_i0])\n"
        "        for ax0 in range(1024):\n"
        "            with T.block(\"T_softmax_expsum\"):\n"
        "                v_i0, v_k = T.axis.remap(\"SR\", [i0, ax0])\n"
        "                T.reads(T_softmax_exp[v_i0, v_k])\n"
        "                T.writes(T_softmax_expsum[v_i0])\n"
        "                with T.init():\n"
        "                    T_softmax_expsum[v_i0] = T.float32(0.0)\n"
        "                T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_softmax_exp[v_i0, v_k]\n"
        "        for i1_0 in range(128):\n"
        "            for i1_1 in T.vectorized(8):\n"
        "                with T.block(\"T_softmax_norm\"):\n"
        "                    v_i0 = T.axis.spatial(%1$lld, i0)\n"
        "                    v_i1 = T.axis.spatial(1024, i1_0 * 8 + i1_1)\n"
        "                    T.reads(T_softmax_exp[v_i0, v_i1], T_softmax_expsum[v_i0])\n"
        "                    T.writes(T_softmax_norm[v_i0, v_i1])\n"
        "                    T.block_attr({\"axis\": 1})\n"
        "                    T_softmax_norm[v_i0, v_i1] = T_softmax_exp[v_i0, v_i1] / T_softmax_expsum[v_i0]\n",
        (long long)rows);
}
static void softmax_buf(int b, int64_t rows, sweep_buf *d)
{
    (void)b;
    set_buf(d, SWEEP_F32, 2, rows, 1024, 0, 0);
}
static int64_t softmax_scratch(int64_t rows) { (void)rows; return (1024 + 2) * 4; } /* exp of a row, max, sum */
static void softmax_native(void *const *b, int64_t rows) { native_sweep_softmax(b[0], b[1], rows); }

/* topi's layer_norm over rows of 256 as TVM schedules it: the two-output
 * reduction (sum and sum of squares) computed at the row loop, the
 * normalization vectorized by 8; 1/256 and epsilon as TVM prints them. */
static int layernorm_src(char *s, size_t n, int64_t rows)
{
    return snprintf(
        s, n,
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(x: T.Buffer((%1$lld, 256), \"float32\"), gamma: T.Buffer((256,), \"float32\"),\n"
        "         beta: T.Buffer((256,), \"float32\"), T_layer_norm: T.Buffer((%1$lld, 256), \"float32\")):\n"
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    x_red_temp_v0 = T.alloc_buffer((%1$lld,))\n"
        "    x_red_temp_v1 = T.alloc_buffer((%1$lld,))\n"
        "    for ax0 in range(%1$lld):\n"
        "        for ax0_1 in range(256):\n"
        "            with T.block(\"x_red_temp\"):\n"
        "                v_ax0, v_k1 = T.axis.remap(\"SR\", [ax0, ax0_1])\n"
        "                T.reads(x[v_ax0, v_k1])\n"
        "                T.writes(x_red_temp_v0[v_ax0], x_red_temp_v1[v_ax0])\n"
        "                with T.init():\n"
        "                    x_red_temp_v0[v_ax0] = T.float32(0.0)\n"
        "                    x_red_temp_v1[v_ax0] = T.float32(0.0)\n"
        "                v_x_red_temp_v0: T.float32 = x_red_temp_v0[v_ax0] + x[v_ax0, v_k1]\n"
        "                v_x_red_temp_v1: T.float32 = x_red_temp_v1[v_ax0] + x[v_ax0, v_k1] * x[v_ax0, v_k1]\n"
        "                x_red_temp_v0[v_ax0] = v_x_red_temp_v0\n"
        "                x_red_temp_v1[v_ax0] = v_x_red_temp_v1\n"
        "        for ax1_0 in range(32):\n"
        "            for ax1_1 in T.vectorized(8):\n"
        "                with T.block(\"T_layer_norm\"):\n"
        "                    v_ax0 = T.axis.spatial(%1$lld, ax0)\n"
        "                    v_ax1 = T.axis.spatial(256, ax1_0 * 8 + ax1_1)\n"
        "                    T.reads(x[v_ax0, v_ax1], x_red_temp_v0[v_ax0], x_red_temp_v1[v_ax0], gamma[v_ax1], "
        "beta[v_ax1])\n"
        "                    T.writes(T_layer_norm[v_ax0, v_ax1])\n"
        "                    T_layer_norm[v_ax0, v_ax1] = (x[v_ax0, v_ax1] - x_red_temp_v0[v_ax0] * "
        "T.float32(0.00390625)) * T.rsqrt(x_red_temp_v1[v_ax0] * T.float32(0.00390625) - x_red_temp_v0[v_ax0] * "
        "T.float32(0.00390625) * (x_red_temp_v0[v_ax0] * T.float32(0.00390625)) + "
        "T.float32(1.0000000000000001e-05)) * gamma[v_ax1] + beta[v_ax1]\n",
        (long long)rows);
}
static void layernorm_buf(int b, int64_t rows, sweep_buf *d)
{
    if (b == 1 || b == 2)
        set_buf(d, SWEEP_F32, 1, 256, 0, 0, 0);
    else
        set_buf(d, SWEEP_F32, 2, rows, 256, 0, 0);
}
static void layernorm_native(void *const *b, int64_t rows) { native_sweep_layernorm(b[0], b[1], b[2], b[3], rows); }

/* ---- dense ---------------------------------------------------------------- */

static int dense_src(char *s, size_t n, int64_t m)
{
    return snprintf(s, n,
                    "from tvm.script import tir as T\n"
                    "@T.prim_func\n"
                    "def main(X: T.Buffer((%1$lld, 256), \"float32\"), W: T.Buffer((256, 256), \"float32\"),\n"
                    "         bias: T.Buffer((256,), \"float32\"), D: T.Buffer((%1$lld, 256), \"float32\")):\n"
                    "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
                    "    acc = T.alloc_buffer((%1$lld, 256), \"float32\")\n"
                    "    for i, j_0 in T.grid(%1$lld, 16):\n"
                    "        for k in range(256):\n"
                    "            for j_1 in T.vectorized(16):\n"
                    "                with T.block(\"dense\"):\n"
                    "                    v_i = T.axis.spatial(%1$lld, i)\n"
                    "                    v_j = T.axis.spatial(256, j_0 * 16 + j_1)\n"
                    "                    v_k = T.axis.reduce(256, k)\n"
                    "                    T.reads(X[v_i, v_k], W[v_k, v_j])\n"
                    "                    T.writes(acc[v_i, v_j])\n"
                    "                    with T.init():\n"
                    "                        acc[v_i, v_j] = T.float32(0)\n"
                    "                    acc[v_i, v_j] = acc[v_i, v_j] + X[v_i, v_k] * W[v_k, v_j]\n"
                    "        for j_1 in T.vectorized(16):\n"
                    "            with T.block(\"relu\"):\n"
                    "                v_i = T.axis.spatial(%1$lld, i)\n"
                    "                v_j = T.axis.spatial(256, j_0 * 16 + j_1)\n"
                    "                T.reads(acc[v_i, v_j], bias[v_j])\n"
                    "                T.writes(D[v_i, v_j])\n"
                    "                D[v_i, v_j] = T.max(acc[v_i, v_j] + bias[v_j], T.float32(0))\n",
                    (long long)m);
}
static void dense_buf(int b, int64_t m, sweep_buf *d)
{
    if (b == 1)
        set_buf(d, SWEEP_F32, 2, 256, 256, 0, 0);
    else if (b == 2)
        set_buf(d, SWEEP_F32, 1, 256, 0, 0, 0);
    else
        set_buf(d, SWEEP_F32, 2, m, 256, 0, 0);
}
static int64_t dense_scratch(int64_t m) { (void)m; return 16 * 4; } /* one 16-wide accumulator tile */
static void dense_native(void *const *b, int64_t m) { native_sweep_dense(b[0], b[1], b[2], b[3], m); }

/* int8 x int8 -> int32 with decompose_reduction's init block: j split
 * 16 x 16 (vectorized), k split 64 x 4 (unrolled).  The weights are
 * (K, N), as after TVM's layout rewrite of a layout-free weight, so the j
 * lanes load contiguous bytes. */
static int dense_int8_src(char *s, size_t n, int64_t m)
{
    return snprintf(
        s, n,
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((%1$lld, 256), \"int8\"), B: T.Buffer((256, 256), \"int8\"),\n"
        "         T_matmul_NN: T.Buffer((%1$lld, 256), \"int32\")):\n"
        "    T.func_attr({\"layout_free_buffers\": [1], \"tir.noalias\": T.bool(True)})\n"
        "    for i0, i1_0 in T.grid(%1$lld, 16):\n"
        "        for i1_1_init in T.vectorized(16):\n"
        "            with T.block(\"T_matmul_NN_init\"):\n"
        "                v_i0 = T.axis.spatial(%1$lld, i0)\n"
        "                v_i1 = T.axis.spatial(256, i1_0 * 16 + i1_1_init)\n"
        "                T.reads()\n"
        "                T.writes(T_matmul_NN[v_i0, v_i1])\n"
        "                T_matmul_NN[v_i0, v_i1] = 0\n"
        "        for k_0 in range(64):\n"
        "            for k_1 in T.unroll(4):\n"
        "                for i1_1 in T.vectorized(16):\n"
        "                    with T.block(\"T_matmul_NN_update\"):\n"
        "                        v_i0 = T.axis.spatial(%1$lld, i0)\n"
        "                        v_i1 = T.axis.spatial(256, i1_0 * 16 + i1_1)\n"
        "                        v_k = T.axis.reduce(256, k_0 * 4 + k_1)\n"
        "                        T.reads(T_matmul_NN[v_i0, v_i1], A[v_i0, v_k], B[v_k, v_i1])\n"
        "                        T.writes(T_matmul_NN[v_i0, v_i1])\n"
        "                        T_matmul_NN[v_i0, v_i1] = T_matmul_NN[v_i0, v_i1] + T.Cast(\"int32\", A[v_i0, v_k]) * "
        "T.Cast(\"int32\", B[v_k, v_i1])\n",
        (long long)m);
}
static void dense_int8_buf(int b, int64_t m, sweep_buf *d)
{
    if (b == 0)
        set_buf(d, SWEEP_I8, 2, m, 256, 0, 0);
    else if (b == 1)
        set_buf(d, SWEEP_I8, 2, 256, 256, 0, 0);
    else
        set_buf(d, SWEEP_I32, 2, m, 256, 0, 0);
}
static void dense_int8_native(void *const *b, int64_t m) { native_sweep_dense_int8(b[0], b[1], b[2], m); }

/* ---- convolutions ------------------------------------------------------------ */

/* conv2d NCHW, 16 -> 16 channels, 3x3, stride 1, padding 1, on an S x S
 * image, scheduled as TVM's conv2d sample is: the padded input computed at
 * the output row (three padded rows of every input channel), the width
 * split by 8 (vectorized), decompose_reduction's init block, rx unrolled. */
static int conv2d_src(char *s, size_t n, int64_t S)
{
    return snprintf(
        s, n,
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(data: T.Buffer((1, 16, %1$lld, %1$lld), \"float32\"),\n"
        "         kernel: T.Buffer((16, 16, 3, 3), \"float32\"),\n"
        "         conv2d_nchw: T.Buffer((1, 16, %1$lld, %1$lld), \"float32\")):\n"
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    pad_temp = T.alloc_buffer((1, 16, %2$lld, %2$lld))\n"
        "    for nn_ff_fused in range(16):\n"
        "        for yy in range(%1$lld):\n"
        "            for ax0, ax1, ax2 in T.grid(16, 3, %2$lld):\n"
        "                with T.block(\"pad_temp\"):\n"
        "                    v_i0 = T.axis.spatial(1, 0)\n"
        "                    v_i1 = T.axis.spatial(16, ax0)\n"
        "                    v_i2 = T.axis.spatial(%2$lld, yy + ax1)\n"
        "                    v_i3 = T.axis.spatial(%2$lld, ax2)\n"
        "                    T.reads(data[v_i0, v_i1, v_i2 - 1, v_i3 - 1])\n"
        "                    T.writes(pad_temp[v_i0, v_i1, v_i2, v_i3])\n"
        "                    pad_temp[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < %3$lld and "
        "1 <= v_i3 and v_i3 < %3$lld, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0.0))\n"
        "            for xx_0 in range(%4$lld):\n"
        "                for xx_1_init in T.vectorized(8):\n"
        "                    with T.block(\"conv2d_nchw_init\"):\n"
        "                        v_nn = T.axis.spatial(1, 0)\n"
        "                        v_ff, v_yy = T.axis.remap(\"SS\", [nn_ff_fused, yy])\n"
        "                        v_xx = T.axis.spatial(%1$lld, xx_0 * 8 + xx_1_init)\n"
        "                        T.reads()\n"
        "                        T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])\n"
        "                        conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = T.float32(0.0)\n"
        "                for rc, ry in T.grid(16, 3):\n"
        "                    for rx in T.unroll(3):\n"
        "                        for xx_1 in T.vectorized(8):\n"
        "                            with T.block(\"conv2d_nchw_update\"):\n"
        "                                v_nn = T.axis.spatial(1, 0)\n"
        "                                v_ff, v_yy = T.axis.remap(\"SS\", [nn_ff_fused, yy])\n"
        "                                v_xx = T.axis.spatial(%1$lld, xx_0 * 8 + xx_1)\n"
        "                                v_rc, v_ry, v_rx = T.axis.remap(\"RRR\", [rc, ry, rx])\n"
        "                                T.reads(conv2d_nchw[v_nn, v_ff, v_yy, v_xx], "
        "pad_temp[v_nn, v_rc, v_yy + v_ry, "
        "v_xx + v_rx], kernel[v_ff, v_rc, v_ry, v_rx])\n"
        "                                T.writes(conv2d_nchw[v_nn, v_ff, v_yy, v_xx])\n"
        "                                conv2d_nchw[v_nn, v_ff, v_yy, v_xx] = conv2d_nchw[v_nn, v_ff, v_yy, v_xx] + "
        "pad_temp[v_nn, v_rc, v_yy + v_ry, v_xx + v_rx] * kernel[v_ff, v_rc, v_ry, v_rx]\n",
        (long long)S, (long long)S + 2, (long long)S + 1, (long long)S / 8);
}
static void conv2d_buf(int b, int64_t S, sweep_buf *d)
{
    if (b == 1)
        set_buf(d, SWEEP_F32, 4, 16, 16, 3, 3);
    else
        set_buf(d, SWEEP_F32, 4, 1, 16, S, S);
}
static int64_t conv2d_scratch(int64_t S) { return 16 * 3 * (S + 2) * 4; } /* three padded rows per channel */
static void conv2d_native(void *const *b, int64_t S) { native_sweep_conv2d(b[0], b[1], b[2], S); }

/* Depthwise conv2d NCHW, 32 channels, 3x3, stride 1, padding 1, as TVM's
 * depthwise sample is scheduled: the padded channel computed at the channel
 * loop, the width split by 8 (vectorized), the 3x3 window unrolled outside
 * the lanes, T.init kept in the block. */
static int depthwise_src(char *s, size_t n, int64_t S)
{
    return snprintf(
        s, n,
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(data: T.Buffer((1, 32, %1$lld, %1$lld), \"float32\"), kernel: T.Buffer((32, 1, 3, 3), \"float32\"),\n"
        "         DepthwiseConv2d: T.Buffer((1, 32, %1$lld, %1$lld), \"float32\")):\n"
        "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
        "    PaddedInput = T.alloc_buffer((1, 32, %2$lld, %2$lld))\n"
        "    for b_c_fused in range(32):\n"
        "        for ax0, ax1 in T.grid(%2$lld, %2$lld):\n"
        "            with T.block(\"PaddedInput\"):\n"
        "                v_i0 = T.axis.spatial(1, 0)\n"
        "                v_i1, v_i2, v_i3 = T.axis.remap(\"SSS\", [b_c_fused, ax0, ax1])\n"
        "                T.reads(data[v_i0, v_i1, v_i2 - 1, v_i3 - 1])\n"
        "                T.writes(PaddedInput[v_i0, v_i1, v_i2, v_i3])\n"
        "                PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < %3$lld and "
        "1 <= v_i3 and v_i3 < %3$lld, data[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(0.0))\n"
        "        for i, j_0 in T.grid(%1$lld, %4$lld):\n"
        "            for di in T.unroll(3):\n"
        "                for dj in T.unroll(3):\n"
        "                    for j_1 in T.vectorized(8):\n"
        "                        with T.block(\"DepthwiseConv2d\"):\n"
        "                            v_b = T.axis.spatial(1, 0)\n"
        "                            v_c, v_i = T.axis.remap(\"SS\", [b_c_fused, i])\n"
        "                            v_j = T.axis.spatial(%1$lld, j_0 * 8 + j_1)\n"
        "                            v_di, v_dj = T.axis.remap(\"RR\", [di, dj])\n"
        "                            T.reads(PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj], "
        "kernel[v_c, 0, v_di, v_dj])\n"
        "                            T.writes(DepthwiseConv2d[v_b, v_c, v_i, v_j])\n"
        "                            with T.init():\n"
        "                                DepthwiseConv2d[v_b, v_c, v_i, v_j] = T.float32(0.0)\n"
        "                            DepthwiseConv2d[v_b, v_c, v_i, v_j] = DepthwiseConv2d[v_b, v_c, v_i, v_j] + "
        "PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj] * kernel[v_c, 0, v_di, v_dj]\n",
        (long long)S, (long long)S + 2, (long long)S + 1, (long long)S / 8);
}
static void depthwise_buf(int b, int64_t S, sweep_buf *d)
{
    if (b == 1)
        set_buf(d, SWEEP_F32, 4, 32, 1, 3, 3);
    else
        set_buf(d, SWEEP_F32, 4, 1, 32, S, S);
}
static int64_t depthwise_scratch(int64_t S) { return (S + 2) * (S + 2) * 4; } /* one padded channel */
static void depthwise_native(void *const *b, int64_t S) { native_sweep_depthwise(b[0], b[1], b[2], S); }

/* Sizes: the working set (parameters and the native side's intermediates)
 * at about 24 KB, 400 KB, 6 MB and 64-200 MB (L1 <= 32 KB, L2 <= 1 MB, L3
 * <= 16 MB, DRAM >= 64 MB), as far as fixed weights allow: dense's 256x256
 * float weights (256 KB) and dense_int8's int8 ones (64 KB) keep their
 * smallest size out of L1.  conv2d's sizes are image sides (16 channels in
 * and out), depthwise's too (32 channels). */
static const sweep_kernel kernels[] = {
    {"axpy", axpy_src, {2048, 32768, 524288, 16777216}, 3, axpy_buf, 2, NULL, axpy_native},
    {"bias_relu", bias_relu_src, {8, 128, 2048, 65536}, 4, bias_relu_buf, 3, NULL, bias_relu_native},
    {"bias_relu_v8", bias_relu_v8_src, {8, 128, 2048, 65536}, 4, bias_relu_buf, 3, NULL, bias_relu_v8_native},
    {"bias_relu_v4", bias_relu_v4_src, {8, 128, 2048, 65536}, 4, bias_relu_buf, 3, NULL, bias_relu_v4_native},
    {"bias_relu_f16", bias_relu_f16_src, {16, 256, 4096, 131072}, 4, bias_relu_f16_buf, 3, NULL,
     bias_relu_f16_native},
    {"clip_where", clip_where_src, {12, 196, 3140, 100100}, 2, clip_where_buf, 1, NULL, clip_where_native},
    {"softmax", softmax_src, {3, 48, 768, 24576}, 2, softmax_buf, 1, softmax_scratch, softmax_native},
    {"layernorm", layernorm_src, {12, 192, 3072, 98304}, 4, layernorm_buf, 3, NULL, layernorm_native},
    {"dense", dense_src, {4, 32, 1024, 32768}, 4, dense_buf, 3, dense_scratch, dense_native},
    {"dense_int8", dense_int8_src, {4, 256, 4096, 65536}, 3, dense_int8_buf, 2, NULL, dense_int8_native},
    {"conv2d", conv2d_src, {8, 56, 224, 736}, 3, conv2d_buf, 2, conv2d_scratch, conv2d_native},
    {"depthwise", depthwise_src, {8, 40, 160, 800}, 3, depthwise_buf, 2, depthwise_scratch, depthwise_native},
};
enum { NKERNELS = sizeof kernels / sizeof kernels[0] };

/* ---- buffers ----------------------------------------------------------------- */

static size_t dtype_bytes(sweep_dtype t) { return t == SWEEP_F16 ? 2 : t == SWEEP_I8 ? 1 : 4; }

static int64_t buf_elems(const sweep_buf *d)
{
    int64_t n = 1;
    for (int i = 0; i < d->ndim; i++)
        n *= d->shape[i];
    return n;
}

/* The kernel's buffers for one size, filled from a fixed sequence (floats in
 * [-1, 1) in steps of 1/1024, exact in float16 too; int8 over its whole
 * range); twice, for the VM and the native side. */
typedef struct {
    void *vm[MAX_BUFS], *nat[MAX_BUFS];
    sweep_buf desc[MAX_BUFS];
    size_t bytes[MAX_BUFS];
    DLTensor t[MAX_BUFS];
    tirvm_arg args[MAX_BUFS];
} sweep_bufs;

static void fill(void *p, sweep_dtype t, int64_t n, uint32_t *x)
{
    for (int64_t i = 0; i < n; i++) {
        *x = *x * 1103515245u + 12345u;
        int r = (int)((*x >> 8) % 2048) - 1024;
        switch (t) {
        case SWEEP_F32: ((float *)p)[i] = (float)r / 1024.0f; break;
        case SWEEP_F16: ((_Float16 *)p)[i] = (_Float16)((float)r / 1024.0f); break;
        case SWEEP_I8: ((int8_t *)p)[i] = (int8_t)(r / 8); break;
        case SWEEP_I32: ((int32_t *)p)[i] = r; break;
        }
    }
}

static bool bufs_alloc(const sweep_kernel *k, int64_t size, sweep_bufs *sb)
{
    uint32_t x = 12345;
    for (int b = 0; b < k->nbufs; b++) {
        sweep_buf *d = &sb->desc[b];
        k->buf(b, size, d);
        int64_t n = buf_elems(d);
        sb->bytes[b] = (size_t)n * dtype_bytes(d->dtype);
        size_t alloc = (sb->bytes[b] + 63) / 64 * 64;
        sb->vm[b] = aligned_alloc(64, alloc);
        sb->nat[b] = aligned_alloc(64, alloc);
        if (!sb->vm[b] || !sb->nat[b])
            return false;
        fill(sb->vm[b], d->dtype, n, &x);
        memcpy(sb->nat[b], sb->vm[b], sb->bytes[b]);
        DLTensor *t = &sb->t[b];
        t->data = sb->vm[b];
        t->device.device_type = kDLCPU;
        t->ndim = d->ndim;
        t->dtype.code = d->dtype == SWEEP_F32 || d->dtype == SWEEP_F16 ? kDLFloat : kDLInt;
        t->dtype.bits = (uint8_t)(dtype_bytes(d->dtype) * 8);
        t->dtype.lanes = 1;
        t->shape = d->shape;
        sb->args[b].kind = TIRVM_ARG_TENSOR;
        sb->args[b].tensor = t;
    }
    return true;
}

static void bufs_free(sweep_bufs *sb)
{
    for (int b = 0; b < MAX_BUFS; b++) {
        free(sb->vm[b]);
        free(sb->nat[b]);
    }
}

static int64_t output_elems(const sweep_kernel *k, int64_t size)
{
    sweep_buf d;
    k->buf(k->output, size, &d);
    return buf_elems(&d);
}

/* The parameters and the native side's intermediates. */
static int64_t working_set_bytes(const sweep_kernel *k, int64_t size)
{
    int64_t bytes = k->scratch_bytes ? k->scratch_bytes(size) : 0;
    for (int b = 0; b < k->nbufs; b++) {
        sweep_buf d;
        k->buf(b, size, &d);
        bytes += buf_elems(&d) * (int64_t)dtype_bytes(d.dtype);
    }
    return bytes;
}

/* ---- running ----------------------------------------------------------------- */

static bool kernel_source(const sweep_kernel *k, int64_t size, char *src, size_t len)
{
    int n = k->source(src, len, size);
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "tir-sweep: %s: the source does not fit in %zu bytes\n", k->name, len);
        return false;
    }
    return true;
}

static tirvm_module *compile_kernel(const sweep_kernel *k, int64_t size)
{
    char src[SOURCE_BYTES];
    if (!kernel_source(k, size, src, sizeof src))
        return NULL;
    tirvm_module *m = NULL;
    char *diag = NULL;
    tirc_options opts = {0};
    tirc_status st = tirc_compile_load(NULL, k->name, src, strlen(src), &opts, &m, &diag);
    if (st != TIRC_OK)
        fprintf(stderr, "tir-sweep: %s: %s\n%s", k->name, tirc_status_name(st), diag ? diag : "");
    tirvm_free(diag);
    return m;
}

/* One call of each side, not inlined, so callgrind can count each alone. */
__attribute__((noinline)) static tirvm_status run_vm_once(tirvm_module *m, sweep_bufs *sb, int nbufs, char *err,
                                                          size_t err_len)
{
    return tirvm_call(m, 0, sb->args, nbufs, err, err_len);
}
__attribute__((noinline)) static void run_native_once(const sweep_kernel *k, sweep_bufs *sb, int64_t size)
{
    k->native(sb->nat, size);
}

/* Median seconds per call over `repeat` samples of at least min_s each. */
static double time_calls(const sweep_kernel *k, tirvm_module *m, sweep_bufs *sb, int64_t size, bool vm, int repeat,
                         double min_s)
{
    char err[256];
    int reps = 1;
    for (;;) { /* calibrate: calls per sample */
        double t0 = now_s();
        for (int r = 0; r < reps; r++)
            vm ? (void)run_vm_once(m, sb, k->nbufs, err, sizeof err) : run_native_once(k, sb, size);
        if (now_s() - t0 >= min_s || reps >= (1 << 24))
            break;
        reps *= 2;
    }
    double samples[64];
    if (repeat > 64)
        repeat = 64;
    for (int s = 0; s < repeat; s++) {
        double t0 = now_s();
        for (int r = 0; r < reps; r++)
            vm ? (void)run_vm_once(m, sb, k->nbufs, err, sizeof err) : run_native_once(k, sb, size);
        samples[s] = (now_s() - t0) / reps;
    }
    return median(samples, repeat);
}

static const sweep_kernel *find_kernel(const char *name)
{
    for (size_t i = 0; i < NKERNELS; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return &kernels[i];
    return NULL;
}

static int level_of(const char *name)
{
    for (int l = 0; l < LEVELS; l++)
        if (strcmp(level_names[l], name) == 0)
            return l;
    return -1;
}

/* --one KERNEL LEVEL vm|native: compile, fill, two calls of one side.  The
 * second (run_vm_once, run_native_once) is the one to count: the first binds
 * the libraries' symbols and fills the module's kept call memory, as the
 * first of the timed calls does. */
static int run_one(const char *kname, const char *lname, const char *side)
{
    const sweep_kernel *k = find_kernel(kname);
    int l = level_of(lname);
    if (!k || l < 0 || (strcmp(side, "vm") != 0 && strcmp(side, "native") != 0)) {
        fprintf(stderr, "tir-sweep: --one takes a kernel (--list), L1|L2|L3|DRAM and vm|native\n");
        return 2;
    }
    int64_t size = k->sizes[l];
    tirvm_module *m = compile_kernel(k, size);
    sweep_bufs sb;
    memset(&sb, 0, sizeof sb);
    int rc = 1;
    char err[256];
    if (m && bufs_alloc(k, size, &sb)) {
        if (strcmp(side, "vm") == 0)
            rc = tirvm_call(m, 0, sb.args, k->nbufs, err, sizeof err) == TIRVM_OK &&
                         run_vm_once(m, &sb, k->nbufs, err, sizeof err) == TIRVM_OK
                     ? 0
                     : 1;
        else {
            k->native(sb.nat, size);
            run_native_once(k, &sb, size);
            rc = 0;
        }
        printf("%lld elements\n", (long long)output_elems(k, size));
    }
    bufs_free(&sb);
    tirvm_module_free(m);
    return rc;
}

/* --source KERNEL LEVEL: the TVMScript the row compiles. */
static int print_source(const char *kname, const char *lname)
{
    const sweep_kernel *k = find_kernel(kname);
    int l = level_of(lname);
    if (!k || l < 0) {
        fprintf(stderr, "tir-sweep: --source takes a kernel (--list) and L1|L2|L3|DRAM\n");
        return 2;
    }
    char src[SOURCE_BYTES];
    if (!kernel_source(k, k->sizes[l], src, sizeof src))
        return 1;
    fputs(src, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    int repeat = 5;
    double min_ms = 20;
    const char *filter = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--one") == 0 && i + 3 < argc)
            return run_one(argv[i + 1], argv[i + 2], argv[i + 3]);
        else if (strcmp(argv[i], "--source") == 0 && i + 2 < argc)
            return print_source(argv[i + 1], argv[i + 2]);
        else if (strcmp(argv[i], "--list") == 0) {
            for (size_t ki = 0; ki < NKERNELS; ki++)
                printf("%s\n", kernels[ki].name);
            return 0;
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--min-ms") == 0 && i + 1 < argc)
            min_ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc)
            filter = argv[++i];
        else {
            fprintf(stderr, "usage: tir-sweep [--repeat N] [--min-ms MS] [--filter NAME]\n"
                            "       tir-sweep --one KERNEL L1|L2|L3|DRAM vm|native\n"
                            "       tir-sweep --source KERNEL L1|L2|L3|DRAM\n"
                            "       tir-sweep --list\n");
            return 2;
        }
    }
    if (repeat < 1 || min_ms <= 0) {
        fprintf(stderr, "tir-sweep: --repeat and --min-ms must be positive\n");
        return 2;
    }
    if (filter && !find_kernel(filter)) {
        fprintf(stderr, "tir-sweep: no kernel %s (--list)\n", filter);
        return 2;
    }
    int failed = 0;
    printf("| kernel | level | working set | elements | VM ns/elem | native ns/elem | VM/native | check |\n");
    printf("|---|---|--:|--:|--:|--:|--:|---|\n");
    for (size_t ki = 0; ki < NKERNELS; ki++) {
        const sweep_kernel *k = &kernels[ki];
        if (filter && strcmp(filter, k->name) != 0)
            continue;
        for (int l = 0; l < LEVELS; l++) {
            int64_t size = k->sizes[l], elems = output_elems(k, size);
            tirvm_module *m = compile_kernel(k, size);
            sweep_bufs sb;
            memset(&sb, 0, sizeof sb);
            char err[256] = "";
            if (!m || !bufs_alloc(k, size, &sb) || run_vm_once(m, &sb, k->nbufs, err, sizeof err) != TIRVM_OK) {
                if (err[0])
                    fprintf(stderr, "tir-sweep: %s at %s: %s\n", k->name, level_names[l], err);
                printf("| %s | %s | | | | | | failed |\n", k->name, level_names[l]);
                fflush(stdout);
                failed = 1;
                bufs_free(&sb);
                tirvm_module_free(m);
                continue;
            }
            run_native_once(k, &sb, size);
            /* the same operations in the same order: the outputs agree exactly */
            bool same = memcmp(sb.vm[k->output], sb.nat[k->output], sb.bytes[k->output]) == 0;
            failed |= !same;
            double vm_s = time_calls(k, m, &sb, size, true, repeat, min_ms / 1e3);
            double nat_s = time_calls(k, m, &sb, size, false, repeat, min_ms / 1e3);
            int64_t ws = working_set_bytes(k, size);
            printf("| %s | %s | %lld KB | %lld | %.3f | %.3f | %.2f | %s |\n", k->name, level_names[l],
                   (long long)(ws / 1024), (long long)elems, vm_s * 1e9 / (double)elems,
                   nat_s * 1e9 / (double)elems, vm_s / nat_s, same ? "ok" : "MISMATCH");
            fflush(stdout);
            bufs_free(&sb);
            tirvm_module_free(m);
        }
    }
    return failed;
}
