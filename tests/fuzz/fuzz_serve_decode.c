/* libFuzzer target: tirvm serve's request decoder without sockets.  The
 * first two bytes are the Inference-Header-Content-Length (0xffff: none),
 * the rest the body: JSON header, binary split and binding to a module with
 * symbolic shapes, a scalar, FP16/BF16/BOOL buffers and a return value;
 * a request that decodes is called (under a step budget) and encoded.
 * Built with -DFUZZ_STANDALONE it replays built-in seeds and deterministic
 * mutations of them, for the test suite. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"
#include "tirc.h"
#include "tirvm.h"

static const char source[] =
    "@T.prim_func\n"
    "def main(a: T.handle, b: T.handle, c: T.handle, D: T.Buffer((2,), \"bfloat16\"), E: T.Buffer((2,), \"bool\"),\n"
    "         s: T.int64) -> T.int32:\n"
    "    n = T.int32()\n"
    "    A = T.match_buffer(a, (n, 3), \"int32\")\n"
    "    B = T.match_buffer(b, (n,), \"float16\")\n"
    "    C = T.match_buffer(c, (n, 3), \"float32\")\n"
    "    for i, j in T.grid(n, 3):\n"
    "        C[i, j] = T.Cast(\"float32\", A[i, j]) * T.Cast(\"float32\", B[i]) + T.Cast(\"float32\", s)\n"
    "    D[0] = T.bfloat16(1)\n"
    "    E[1] = A[0, 0] > 0\n"
    "    T.evaluate(T.ret(n))\n";

static srv_version *model;

static srv_version *get_model(void)
{
    if (model)
        return model;
    void *bytes = NULL;
    size_t len = 0;
    if (tirc_compile("fuzz_serve.py", source, sizeof source - 1, NULL, &bytes, &len, NULL) != TIRC_OK) {
        fprintf(stderr, "fuzz_serve_decode: the model does not compile\n");
        abort();
    }
    srv_model_limits lim = {100000, 16 << 20, 0, 4, 1, 1, 0};
    char err[1000];
    model = srv_version_new("fuzz", "1", bytes, len, NULL, 0, &lim, err, sizeof err);
    tirvm_free(bytes);
    if (!model) {
        fprintf(stderr, "fuzz_serve_decode: %s\n", err);
        abort();
    }
    return model;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    srv_version *v = get_model();
    if (size < 2)
        return 0;
    long long hl = data[0] | data[1] << 8;
    if (hl == 0xffff)
        hl = -1;
    /* as the server holds a body: a copy whose binary part is 64-byte
     * aligned, so that aligned inputs are bound in place */
    size_t n = size - 2, skew = hl >= 0 ? (64 - (size_t)hl % 64) % 64 : 0;
    char *mem = aligned_alloc(64, (skew + n + 1 + 63) / 64 * 64);
    if (!mem)
        return 0;
    memcpy(mem + skew, data + 2, n);
    mem[skew + n] = 0;
    oip_limits lim = {1 << 16, 1 << 20, NULL, 0, true};
    oip_request r;
    char err[1024];
    int st = oip_decode(v, mem + skew, n, hl, &lim, &r, err, sizeof err);
    if (st == 200) {
        tirvm_call_options co;
        memset(&co, 0, sizeof co);
        co.max_steps = 100000;
        co.max_memory = 16 << 20;
        tirvm_value ret;
        if (tirvm_call_ex(v->inst[0].m, v->func, r.args, r.nparams, &co, &ret, err, sizeof err) == TIRVM_OK) {
            char *out = NULL;
            size_t out_len = 0;
            long long hlen;
            if (oip_encode(v, &r, &ret, &lim, &out, &out_len, &hlen, err, sizeof err) == 200)
                free(out);
        }
    } else if (strlen(err) == 0) {
        fprintf(stderr, "fuzz_serve_decode: status %d without a message\n", st);
        abort();
    }
    oip_request_free(&r);
    free(mem);
    return 0;
}

#ifdef FUZZ_STANDALONE
/* TAP: each seed, then mutations of the seeds (byte flips, insertions,
 * truncations) from a fixed generator; a crash or sanitizer report fails. */
static const char *const seeds[] = {
    "{\"id\":\"x\",\"inputs\":[{\"name\":\"A\",\"shape\":[2,3],\"datatype\":\"INT32\",\"data\":[[1,2,3],[4,5,6]]},"
    "{\"name\":\"b\",\"shape\":[2],\"datatype\":\"FP16\",\"parameters\":{\"binary_data_size\":4}},"
    "{\"name\":\"s\",\"shape\":[],\"datatype\":\"INT64\",\"data\":[7]}],"
    "\"outputs\":[{\"name\":\"C\"},{\"name\":\"return\",\"parameters\":{\"binary_data\":true}},{\"name\":\"D\"},"
    "{\"name\":\"E\"}],\"parameters\":{\"binary_data_output\":false}}",
    "{\"inputs\":[{\"name\":\"A\",\"shape\":[1,3],\"datatype\":\"INT32\",\"data\":[1,2,3]},"
    "{\"name\":\"B\",\"shape\":[1],\"datatype\":\"FP16\",\"parameters\":{\"binary_data_size\":2}},"
    "{\"name\":\"s\",\"shape\":[1],\"datatype\":\"INT64\",\"parameters\":{\"binary_data_size\":8}}],"
    "\"parameters\":{\"binary_data_output\":true}}",
    "{\"inputs\":[{\"name\":\"A\",\"shape\":[0,3],\"datatype\":\"INT32\",\"data\":[]},"
    "{\"name\":\"B\",\"shape\":[0],\"datatype\":\"FP16\",\"parameters\":{\"binary_data_size\":0}},"
    "{\"name\":\"s\",\"shape\":[1],\"datatype\":\"INT64\",\"data\":[-1]}]}",
};
static const char *const tails[] = {"\x00\x3c\x00\x40", "\x00\x3c\x07\x00\x00\x00\x00\x00\x00\x00", ""};

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(int argc, char **argv)
{
    int mutations = argc > 1 ? atoi(argv[1]) : 3000;
    int n = 0;
    unsigned char buf[4096];
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        size_t hl = strlen(seeds[s]), tl = s == 1 ? 10 : s == 0 ? 4 : 0;
        buf[0] = (unsigned char)(hl & 0xff);
        buf[1] = (unsigned char)(hl >> 8);
        memcpy(buf + 2, seeds[s], hl);
        memcpy(buf + 2 + hl, tails[s], tl);
        size_t len = 2 + hl + tl;
        /* the seed itself must decode */
        oip_request r;
        char err[1024];
        oip_limits lim = {1 << 16, 1 << 20, NULL, 0, false};
        int st = oip_decode(get_model(), (char *)buf + 2, len - 2, (long long)hl, &lim, &r, err, sizeof err);
        oip_request_free(&r);
        printf("%s %d - seed %zu decodes%s%s\n", st == 200 ? "ok" : "not ok", ++n, s, st == 200 ? "" : ": ",
               st == 200 ? "" : err);
        if (st != 200)
            return 1;
        LLVMFuzzerTestOneInput(buf, len);
    }
    for (int i = 0; i < mutations; i++) {
        size_t s = next() % (sizeof seeds / sizeof seeds[0]);
        size_t hl = strlen(seeds[s]), tl = s == 1 ? 10 : s == 0 ? 4 : 0;
        size_t len = 2 + hl + tl;
        buf[0] = (unsigned char)(hl & 0xff);
        buf[1] = (unsigned char)(hl >> 8);
        memcpy(buf + 2, seeds[s], hl);
        memcpy(buf + 2 + hl, tails[s], tl);
        int edits = 1 + (int)(next() % 4);
        for (int e = 0; e < edits; e++) {
            size_t at = next() % len;
            switch (next() % 4) {
            case 0: buf[at] = (unsigned char)next(); break;
            case 1: len = at + 1; break;
            case 2: if (len < sizeof buf - 1) { memmove(buf + at + 1, buf + at, len - at); buf[at] = "[]{}\",:019-e."[next() % 14]; len++; } break;
            default: if (len > 3) { memmove(buf + at, buf + at + 1, len - at - 1); len--; } break;
            }
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    printf("ok %d - %d mutated requests decoded, called and encoded without a crash\n", ++n, mutations);
    printf("1..%d\n", n);
    srv_version_unref(model);
    return 0;
}
#endif
