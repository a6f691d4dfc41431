/* tir-peak: the peak probe (peak.c): float32 GFLOP/s of one core at each
 * vector path this CPU runs, from independent vector multiplies and adds (no
 * fused multiply-add, the way the VM's kernels compute).  The widest is the
 * peak the kernel table's convolutions and matmuls are measured against
 * (tir-models).
 *
 *   tir-peak [--min-ms MS] [--repeat N]   the table
 *   tir-peak --check                      each path the CPU runs, briefly, as
 *                                         a TAP test: positive GFLOP/s, and
 *                                         the chains end on their values */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "peak.h"

static int check(void)
{
    printf("1..%d\n", PEAK_NPATHS);
    int failed = 0;
    for (int p = 0; p < PEAK_NPATHS; p++) {
        if (!peak_path_supported(p)) {
            printf("ok %d - %s # SKIP this CPU has no %s\n", p + 1, peak_path_name(p), peak_path_name(p));
            continue;
        }
        bool values_ok = false;
        double g = peak_gflops(p, 0.005, 2, &values_ok);
        bool ok = values_ok && g > 0;
        failed |= !ok;
        printf("%s %d - %s: %.1f GFLOP/s, values %s\n", ok ? "ok" : "not ok", p + 1, peak_path_name(p), g,
               values_ok ? "kept" : "CHANGED");
    }
    return failed;
}

int main(int argc, char **argv)
{
    double min_ms = 100;
    int repeat = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--min-ms") == 0 && i + 1 < argc)
            min_ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--check") == 0)
            return check();
        else {
            fprintf(strcmp(argv[i], "--help") == 0 ? stdout : stderr,
                    "usage: tir-peak [--min-ms MS] [--repeat N]\n       tir-peak --check\n");
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (!(min_ms > 0) || repeat < 1 || repeat > 1000) {
        fprintf(stderr, "tir-peak: --min-ms takes a positive number, --repeat 1 to 1000\n");
        return 2;
    }
    printf("| path | vector bits | float32 GFLOP/s, one core (multiplies and adds, no FMA) |\n|---|--:|--:|\n");
    int failed = 0;
    for (int p = 0; p < PEAK_NPATHS; p++) {
        if (!peak_path_supported(p)) {
            printf("| %s | %d | not on this CPU |\n", peak_path_name(p), peak_path_bits(p));
            continue;
        }
        bool ok;
        double g = peak_gflops(p, min_ms / 1e3, repeat, &ok);
        printf("| %s | %d | %.1f%s |\n", peak_path_name(p), peak_path_bits(p), g, ok ? "" : " (values CHANGED)");
        fflush(stdout);
        failed |= !ok;
    }
    printf("\nPeak (widest path, %s): the best of %d samples of at least %g ms\n", peak_path_name(peak_widest()),
           repeat, min_ms);
    return failed;
}
