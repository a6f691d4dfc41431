/* Inputs and independent reference results for the bundled examples.
 *
 *   example-ref gen NAME DIR     write NAME's inputs as .npy files in DIR
 *   example-ref check NAME DIR   recompute NAME's result in plain C from
 *                                DIR's inputs and compare it with DIR/out.npy
 *
 * The reference loops are written from the operator's definition, not
 * from the VM, so a check is an independent test of compiler and VM. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

/* Deterministic inputs in [-1, 1) (xorshift64*). */
static float next_float(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint64_t r = rng_state * 0x2545f4914f6cdd1du;
    return (float)((double)(r >> 40) / (double)(1u << 24) * 2.0 - 1.0);
}

/* Writes a rows x cols float32 array: random values, or `fill` everywhere
 * when fill is not NaN (a sentinel for outputs, so a missed write shows). */
static int write_array(const char *dir, const char *name, int rows, int cols, float fill)
{
    npy_array a;
    memset(&a, 0, sizeof a);
    a.dtype = tir_dt(TIR_CODE_FLOAT, 32, 1);
    a.ndim = 2;
    a.shape[0] = rows;
    a.shape[1] = cols;
    a.nbytes = (size_t)rows * (size_t)cols * sizeof(float);
    float *data = malloc(a.nbytes);
    if (!data)
        return -1;
    for (int i = 0; i < rows * cols; i++)
        data[i] = isnan(fill) ? next_float() : fill;
    a.data = data;
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s.npy", dir, name);
    int rc = npy_write(path, &a, err, sizeof err);
    if (rc)
        fprintf(stderr, "example-ref: %s\n", err);
    free(data);
    return rc;
}

static float *read_f32(const char *dir, const char *name, int rows, int cols, npy_array *a)
{
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/%s.npy", dir, name);
    if (npy_read(path, a, err, sizeof err) != 0) {
        fprintf(stderr, "example-ref: %s\n", err);
        return NULL;
    }
    if (a->dtype.code != TIR_CODE_FLOAT || a->dtype.bits != 32 || a->ndim != 2 || a->shape[0] != rows ||
        a->shape[1] != cols) {
        fprintf(stderr, "example-ref: %s: expected float32[%d, %d]\n", path, rows, cols);
        return NULL;
    }
    return a->data;
}

/* Compares elementwise with |got - want| <= atol + rtol * |want|. */
static int compare(const float *got, const float *want, int n, double rtol, double atol)
{
    int bad = 0;
    double worst = 0;
    for (int i = 0; i < n; i++) {
        double d = fabs((double)got[i] - (double)want[i]);
        if (d > worst)
            worst = d;
        if (!(d <= atol + rtol * fabs((double)want[i]))) {
            if (bad < 5)
                fprintf(stderr, "  element %d: got %.9g, expected %.9g\n", i, got[i], want[i]);
            bad++;
        }
    }
    if (bad) {
        printf("MISMATCH: %d of %d elements differ (largest difference %.3g)\n", bad, n, worst);
        return 1;
    }
    printf("OK: all %d elements match the C reference (largest difference %.3g)\n", n, worst);
    return 0;
}

#define ROWS_ADD 100
#define M 64
#define K 96
#define N 48

static int check_add_relu(const char *dir)
{
    npy_array a, b, c;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    const float *A = read_f32(dir, "A", ROWS_ADD, 256, &a), *B = read_f32(dir, "B", ROWS_ADD, 256, &b);
    const float *C = read_f32(dir, "C", ROWS_ADD, 256, &c);
    int rc = 1;
    if (A && B && C) {
        float *want = malloc(sizeof(float) * ROWS_ADD * 256);
        for (int i = 0; want && i < ROWS_ADD * 256; i++) {
            float s = A[i] + B[i];
            want[i] = s > 0.0f ? s : 0.0f;
        }
        /* one float32 add and a max: bit-exact */
        rc = want ? compare(C, want, ROWS_ADD * 256, 0, 0) : 1;
        free(want);
    }
    npy_free(&a);
    npy_free(&b);
    npy_free(&c);
    return rc;
}

static int check_matmul(const char *dir)
{
    npy_array a, b, c;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    const float *A = read_f32(dir, "A", M, K, &a), *B = read_f32(dir, "B", K, N, &b);
    const float *C = read_f32(dir, "C", M, N, &c);
    int rc = 1;
    if (A && B && C) {
        float *want = malloc(sizeof(float) * M * N);
        for (int i = 0; want && i < M; i++)
            for (int j = 0; j < N; j++) {
                double s = 0; /* a float64 reference: summation-order differences stay within tolerance */
                for (int k = 0; k < K; k++)
                    s += (double)A[i * K + k] * (double)B[k * N + j];
                want[i * N + j] = (float)s;
            }
        rc = want ? compare(C, want, M * N, 1e-5, 1e-5) : 1;
        free(want);
    }
    npy_free(&a);
    npy_free(&b);
    npy_free(&c);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "gen") != 0 && strcmp(argv[1], "check") != 0)) {
        fprintf(stderr, "usage: example-ref gen|check add_relu|matmul DIR\n");
        return 2;
    }
    bool gen = argv[1][0] == 'g';
    const char *name = argv[2], *dir = argv[3];
    if (strcmp(name, "add_relu") == 0) {
        if (!gen)
            return check_add_relu(dir);
        return write_array(dir, "A", ROWS_ADD, 256, NAN) || write_array(dir, "B", ROWS_ADD, 256, NAN) ||
               write_array(dir, "C", ROWS_ADD, 256, -999.0f);
    }
    if (strcmp(name, "matmul") == 0) {
        if (!gen)
            return check_matmul(dir);
        return write_array(dir, "A", M, K, NAN) || write_array(dir, "B", K, N, NAN);
    }
    fprintf(stderr, "example-ref: unknown example '%s'\n", name);
    return 2;
}
