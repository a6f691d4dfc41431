/* Unit tests for the .npy reader and writer.  Fixture files are built here
 * byte by byte in a temporary directory, so no Python is needed. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include "npy.h"

#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[512];

/* Paths come from a small ring so a test can hold a few at once. */
static const char *tpath(const char *name)
{
    static char ring[8][1024];
    static int next;
    char *p = ring[next++ % 8];
    snprintf(p, sizeof ring[0], "%s/%s", tmpdir, name);
    return p;
}

static const char *write_bytes(const char *name, const void *bytes, size_t n)
{
    const char *path = tpath(name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        printf("# cannot create %s\n", path);
        return path;
    }
    if (n)
        fwrite(bytes, 1, n, f);
    fclose(f);
    return path;
}

/* Reads a whole file; returns its length or -1.  *out is malloc'ed. */
static long read_bytes(const char *path, unsigned char **out)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            unsigned char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (!buf)
        return -1;
    *out = buf;
    return (long)n;
}

/* Writes a .npy fixture: magic, version, header length (2 bytes for major
 * 1 and unknown versions, 4 for 2 and 3), the dict padded with spaces and
 * '\n' to a multiple of 64 like numpy, then the data. */
static const char *fixture_v(const char *name, int major, int minor, const char *dict, const void *data,
                             size_t n)
{
    size_t dlen = strlen(dict);
    size_t pre = (major == 2 || major == 3) ? 12 : 10;
    size_t hlen = dlen + 1;
    hlen += (64 - (pre + hlen) % 64) % 64;
    size_t total = pre + hlen + n;
    unsigned char *buf = malloc(total);
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)major;
    buf[7] = (unsigned char)minor;
    buf[8] = (unsigned char)(hlen & 0xff);
    buf[9] = (unsigned char)(hlen >> 8 & 0xff);
    if (pre == 12) {
        buf[10] = (unsigned char)(hlen >> 16 & 0xff);
        buf[11] = (unsigned char)(hlen >> 24 & 0xff);
    }
    memcpy(buf + pre, dict, dlen);
    memset(buf + pre + dlen, ' ', hlen - dlen - 1);
    buf[pre + hlen - 1] = '\n';
    if (n)
        memcpy(buf + pre + hlen, data, n);
    const char *path = write_bytes(name, buf, total);
    free(buf);
    return path;
}

static const char *fixture(const char *name, const char *dict, const void *data, size_t n)
{
    return fixture_v(name, 1, 0, dict, data, n);
}

/* Reads path expecting failure; checks the message starts with the path
 * and contains needle. */
static void expect_read_error_at(const char *path, const char *needle, int line)
{
    int before = check_failures_in_case;
    npy_array a;
    char err[512] = "";
    memset(&a, 0x5a, sizeof a);
    int rc = npy_read(path, &a, err, sizeof err);
    CHECK_EQ_INT(rc, -1);
    CHECK(a.data == NULL);
    size_t pl = strlen(path);
    CHECK(strncmp(err, path, pl) == 0 && err[pl] == ':' && err[pl + 1] == ' ');
    CHECK_STR_CONTAINS(err, needle);
    if (rc == 0)
        npy_free(&a);
    if (check_failures_in_case != before)
        printf("#   (from line %d)\n", line);
}
#define expect_read_error(path, needle) expect_read_error_at((path), (needle), __LINE__)

static int count_dir_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char p[1024];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(p);
        else
            unlink(p);
    }
    closedir(d);
    rmdir(dir);
}

static npy_array make_array(tir_dtype dt, int ndim, const int64_t *shape)
{
    npy_array a;
    memset(&a, 0, sizeof a);
    a.dtype = dt;
    a.ndim = ndim;
    size_t count = 1;
    for (int i = 0; i < ndim; i++) {
        a.shape[i] = shape[i];
        count *= (size_t)shape[i];
    }
    size_t elem = dt.bits <= 8 ? 1 : dt.bits / 8u;
    a.nbytes = count * elem;
    a.data = a.nbytes ? malloc(a.nbytes) : NULL;
    unsigned char *b = a.data;
    for (size_t i = 0; i < a.nbytes; i++)
        b[i] = dt.bits == 1 ? (unsigned char)(i % 3 == 0) : (unsigned char)(i * 37 + 11);
    return a;
}

static bool file_contains(const char *path, const char *needle)
{
    unsigned char *buf;
    long n = read_bytes(path, &buf);
    bool found = false;
    size_t nl = strlen(needle);
    for (long i = 0; n >= 0 && (size_t)i + nl <= (size_t)n && !found; i++)
        found = memcmp(buf + i, needle, nl) == 0;
    free(buf);
    return found;
}

/* ---- round trips ----------------------------------------------------- */

static void test_roundtrip_all_dtypes(void)
{
    static const struct {
        uint8_t code, bits;
        const char *descr;
    } types[] = {
        {TIR_CODE_UINT, 1, "'|b1'"},   {TIR_CODE_INT, 8, "'|i1'"},    {TIR_CODE_INT, 16, "'<i2'"},
        {TIR_CODE_INT, 32, "'<i4'"},   {TIR_CODE_INT, 64, "'<i8'"},   {TIR_CODE_UINT, 8, "'|u1'"},
        {TIR_CODE_UINT, 16, "'<u2'"},  {TIR_CODE_UINT, 32, "'<u4'"},  {TIR_CODE_UINT, 64, "'<u8'"},
        {TIR_CODE_FLOAT, 16, "'<f2'"}, {TIR_CODE_FLOAT, 32, "'<f4'"}, {TIR_CODE_FLOAT, 64, "'<f8'"},
        {TIR_CODE_BFLOAT, 16, "'<V2'"},
    };
    const int64_t shape[] = {2, 3};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        tir_dtype dt = tir_dt(types[t].code, types[t].bits, 1);
        npy_array a = make_array(dt, 2, shape);
        char name[32], err[256] = "";
        snprintf(name, sizeof name, "rt%zu.npy", t);
        const char *path = tpath(name);
        CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
        CHECK(file_contains(path, types[t].descr));
        npy_array b;
        int rc = npy_read(path, &b, err, sizeof err);
        CHECK_EQ_INT(rc, 0);
        if (rc == 0) {
            CHECK(tir_dt_eq(b.dtype, dt));
            CHECK_EQ_INT(b.ndim, 2);
            CHECK_EQ_INT(b.shape[0], 2);
            CHECK_EQ_INT(b.shape[1], 3);
            CHECK_EQ_INT(b.nbytes, a.nbytes);
            CHECK(b.data != NULL && memcmp(a.data, b.data, a.nbytes) == 0);
            CHECK_EQ_INT((uintptr_t)b.data % 64, 0);
        } else {
            printf("#   %s\n", err);
        }
        npy_free(&b);
        npy_free(&a);
    }
}

static void test_roundtrip_shapes(void)
{
    static const struct {
        int ndim;
        int64_t shape[4];
        const char *text;
    } cases[] = {
        {0, {0}, "'shape': ()"},
        {1, {5}, "'shape': (5,)"},
        {3, {2, 3, 4}, "'shape': (2, 3, 4)"},
        {1, {0}, "'shape': (0,)"},
        {3, {3, 0, 2}, "'shape': (3, 0, 2)"},
        {4, {1, 1, 1, 1}, "'shape': (1, 1, 1, 1)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        npy_array a = make_array(tir_dt(TIR_CODE_FLOAT, 64, 1), cases[i].ndim, cases[i].shape);
        char name[32], err[256] = "";
        snprintf(name, sizeof name, "shape%zu.npy", i);
        const char *path = tpath(name);
        CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
        CHECK(file_contains(path, cases[i].text));
        npy_array b;
        CHECK_EQ_INT(npy_read(path, &b, err, sizeof err), 0);
        CHECK_EQ_INT(b.ndim, cases[i].ndim);
        for (int d = 0; d < cases[i].ndim; d++)
            CHECK_EQ_INT(b.shape[d], cases[i].shape[d]);
        CHECK_EQ_INT(b.nbytes, a.nbytes);
        if (a.nbytes == 0)
            CHECK(b.data == NULL);
        else
            CHECK(b.data && memcmp(a.data, b.data, a.nbytes) == 0);
        npy_free(&b);
        npy_free(&a);
    }
}

/* numpy.save output (numpy 1.24) for three small arrays: the writer must
 * produce the same bytes. */
static const char numpy_f4_3x4[] =
    "\223NUMPY\001\000v\000{'descr': '<f4', 'fortran_order': Fals"
    "e, 'shape': (3, 4), }                                       "
    "                   \n\000\000\000\000\000\000\200\?\000\000\000"
    "@\000\000@@\000\000\200@\000\000\240@\000\000\300@\000\000\340"
    "@\000\000\000A\000\000\020A\000\000 A\000\0000A"; /* 176 bytes */
static const char numpy_i4_0d[] =
    "\223NUMPY\001\000v\000{'descr': '<i4', 'fortran_order': Fals"
    "e, 'shape': (), }                                           "
    "                   \n\376\377\377\377"; /* 132 bytes */
static const char numpy_b1_5[] =
    "\223NUMPY\001\000v\000{'descr': '|b1', 'fortran_order': Fals"
    "e, 'shape': (5,), }                                         "
    "                   \n\001\000\001\001\000"; /* 133 bytes */

static void check_file_equals(const char *path, const char *expect, size_t n)
{
    unsigned char *buf;
    long len = read_bytes(path, &buf);
    CHECK_EQ_INT(len, (long)n);
    CHECK(len == (long)n && memcmp(buf, expect, n) == 0);
    free(buf);
}

static void test_writer_matches_numpy(void)
{
    char err[256] = "";
    float f[12];
    for (int i = 0; i < 12; i++)
        f[i] = (float)i;
    npy_array a;
    memset(&a, 0, sizeof a);
    a.dtype = tir_dt(TIR_CODE_FLOAT, 32, 1);
    a.ndim = 2;
    a.shape[0] = 3;
    a.shape[1] = 4;
    a.data = f;
    a.nbytes = sizeof f;
    const char *path = tpath("numpy_f4.npy");
    CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
    CHECK_EQ_INT(sizeof numpy_f4_3x4 - 1, 176);
    check_file_equals(path, numpy_f4_3x4, sizeof numpy_f4_3x4 - 1);

    int32_t v = -2;
    memset(&a, 0, sizeof a);
    a.dtype = tir_dt(TIR_CODE_INT, 32, 1);
    a.data = &v;
    a.nbytes = sizeof v;
    path = tpath("numpy_i4.npy");
    CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
    check_file_equals(path, numpy_i4_0d, sizeof numpy_i4_0d - 1);

    /* Nonzero bytes other than 1 are written as True (1). */
    unsigned char bools[5] = {1, 0, 7, 0xff, 0};
    memset(&a, 0, sizeof a);
    a.dtype = tir_dt(TIR_CODE_UINT, 1, 1);
    a.ndim = 1;
    a.shape[0] = 5;
    a.data = bools;
    a.nbytes = 5;
    path = tpath("numpy_b1.npy");
    CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
    check_file_equals(path, numpy_b1_5, sizeof numpy_b1_5 - 1);

    /* And numpy's files read back as what was written. */
    path = write_bytes("from_numpy.npy", numpy_f4_3x4, sizeof numpy_f4_3x4 - 1);
    npy_array b;
    CHECK_EQ_INT(npy_read(path, &b, err, sizeof err), 0);
    CHECK(tir_dt_eq(b.dtype, tir_dt(TIR_CODE_FLOAT, 32, 1)));
    CHECK(b.nbytes == sizeof f && b.data && memcmp(b.data, f, sizeof f) == 0);
    npy_free(&b);
}

static void test_overwrite_and_no_temp_left(void)
{
    char err[256] = "";
    const char *dir = tpath("overwrite");
    CHECK_EQ_INT(mkdir(dir, 0777), 0);
    char path[1100];
    snprintf(path, sizeof path, "%s/x.npy", dir);
    int64_t s1[] = {100}, s2[] = {2, 2};
    npy_array a = make_array(tir_dt(TIR_CODE_INT, 64, 1), 1, s1);
    npy_array b = make_array(tir_dt(TIR_CODE_INT, 8, 1), 2, s2);
    CHECK_EQ_INT(npy_write(path, &a, err, sizeof err), 0);
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), 0);
    CHECK_EQ_INT(count_dir_entries(dir), 1);
    npy_array c;
    CHECK_EQ_INT(npy_read(path, &c, err, sizeof err), 0);
    CHECK(tir_dt_eq(c.dtype, b.dtype));
    CHECK_EQ_INT(c.ndim, 2);
    CHECK(c.nbytes == 4 && memcmp(c.data, b.data, 4) == 0);
    npy_free(&a);
    npy_free(&b);
    npy_free(&c);
}

/* A symlink keeps pointing at the file, which gets the new contents. */
static void test_write_through_symlink(void)
{
    char err[256] = "";
    const char *dir = tpath("link");
    CHECK_EQ_INT(mkdir(dir, 0777), 0);
    char target[1100], link[1100];
    snprintf(target, sizeof target, "%s/target.npy", dir);
    snprintf(link, sizeof link, "%s/link.npy", dir);
    write_bytes("link/target.npy", "old", 3);
    CHECK_EQ_INT(symlink("target.npy", link), 0);
    int64_t shape[] = {3};
    npy_array a = make_array(tir_dt(TIR_CODE_INT, 32, 1), 1, shape);
    CHECK_EQ_INT(npy_write(link, &a, err, sizeof err), 0);
    struct stat st;
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    npy_array b;
    CHECK_EQ_INT(npy_read(target, &b, err, sizeof err), 0);
    CHECK(b.nbytes == 12 && b.data && memcmp(b.data, a.data, 12) == 0);
    CHECK_EQ_INT(count_dir_entries(dir), 2);
    npy_free(&b);
    npy_free(&a);
}

/* Pipes and devices are written in place rather than replaced. */
static void test_write_to_fifo(void)
{
    char err[256] = "";
    const char *fifo = tpath("out.fifo");
    CHECK_EQ_INT(mkfifo(fifo, 0666), 0);
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    CHECK(rfd >= 0);
    if (rfd < 0)
        return;
    int32_t v = -2;
    npy_array a;
    memset(&a, 0, sizeof a);
    a.dtype = tir_dt(TIR_CODE_INT, 32, 1);
    a.data = &v;
    a.nbytes = sizeof v;
    CHECK_EQ_INT(npy_write(fifo, &a, err, sizeof err), 0);
    char buf[512];
    ssize_t n = read(rfd, buf, sizeof buf);
    CHECK_EQ_INT(n, (long)sizeof numpy_i4_0d - 1);
    CHECK(n == (ssize_t)sizeof numpy_i4_0d - 1 && memcmp(buf, numpy_i4_0d, (size_t)n) == 0);
    close(rfd);
    struct stat st;
    CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
}

/* ---- reading variations ---------------------------------------------- */

static void expect_i4_2x3(const char *path, int line)
{
    int before = check_failures_in_case;
    npy_array a;
    char err[256] = "";
    int rc = npy_read(path, &a, err, sizeof err);
    CHECK_EQ_INT(rc, 0);
    if (rc == 0) {
        CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_INT, 32, 1)));
        CHECK_EQ_INT(a.ndim, 2);
        CHECK_EQ_INT(a.shape[0], 2);
        CHECK_EQ_INT(a.shape[1], 3);
        CHECK_EQ_INT(a.nbytes, 24);
        CHECK(a.data && ((int32_t *)a.data)[5] == 5);
    }
    npy_free(&a);
    if (check_failures_in_case != before)
        printf("#   (from line %d: %s)\n", line, err);
}

static const int32_t i4_data[6] = {0, 1, 2, 3, 4, 5};

static void test_versions(void)
{
    const char *dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
    expect_i4_2x3(fixture_v("v1.npy", 1, 0, dict, i4_data, sizeof i4_data), __LINE__);
    expect_i4_2x3(fixture_v("v2.npy", 2, 0, dict, i4_data, sizeof i4_data), __LINE__);
    expect_i4_2x3(fixture_v("v3.npy", 3, 0, dict, i4_data, sizeof i4_data), __LINE__);
    /* The header need not be padded to 64 bytes or end in a newline. */
    static const char unpadded[] = "\x93NUMPY\x01\x00\x3a\x00"
                                   "{'descr':'<i4','fortran_order':False,'shape':(2,3)}       ";
    unsigned char buf[sizeof unpadded - 1 + sizeof i4_data];
    memcpy(buf, unpadded, sizeof unpadded - 1);
    memcpy(buf + sizeof unpadded - 1, i4_data, sizeof i4_data);
    expect_i4_2x3(write_bytes("unpadded.npy", buf, sizeof buf), __LINE__);
}

static void test_header_variations(void)
{
    static const char *const dicts[] = {
        "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'shape': (2, 3), 'fortran_order': False, 'descr': '<i4'}",
        "{\"fortran_order\": False, \"descr\": \"<i4\", \"shape\": (2, 3)}",
        "{'descr':'<i4','fortran_order':False,'shape':(2,3,),}",
        "  {  'descr'  :  '<i4'  ,  'fortran_order'  :  False  ,  'shape'  :  ( 2 , 3 , )  ,  }  ",
        "{\n\t'descr': '<i4',\n\t'fortran_order': False,\n\t'shape': (2,\n 3)\n}",
        "{'descr': '=i4', 'fortran_order': False, 'shape': (2L, 3L), }",
        "{u'descr': u'<i4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'descr': 'i4', 'fortran_order': False, 'shape': (+2, 3), }",
        "{'descr': '|i4', 'fortran_order': False, 'shape': (2, 3)}",
    };
    for (size_t i = 0; i < sizeof dicts / sizeof dicts[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "var%zu.npy", i);
        expect_i4_2x3(fixture(name, dicts[i], i4_data, sizeof i4_data), __LINE__);
    }
}

static void test_fortran_low_rank_accepted(void)
{
    char err[256] = "";
    npy_array a;
    const char *p = fixture("f1d.npy", "{'descr': '<i4', 'fortran_order': True, 'shape': (6,), }", i4_data,
                            sizeof i4_data);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK_EQ_INT(a.ndim, 1);
    CHECK_EQ_INT(a.shape[0], 6);
    npy_free(&a);
    p = fixture("f0d.npy", "{'descr': '<i4', 'fortran_order': True, 'shape': (), }", i4_data, 4);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK_EQ_INT(a.ndim, 0);
    CHECK_EQ_INT(a.nbytes, 4);
    npy_free(&a);
}

static void test_bool_and_bfloat16(void)
{
    char err[256] = "";
    npy_array a;
    const unsigned char bools[4] = {0, 1, 2, 0xff};
    const char *p = fixture("bool.npy", "{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }", bools, 4);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_UINT, 1, 1)));
    CHECK_EQ_INT(a.nbytes, 4);
    /* Stored as 0/1 whatever nonzero byte the file holds. */
    CHECK(a.data && memcmp(a.data, "\0\1\1\1", 4) == 0);
    npy_free(&a);

    /* Byte order does not matter for one-byte types. */
    p = fixture("bool_be.npy", "{'descr': '>b1', 'fortran_order': False, 'shape': (4,), }", bools, 4);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_UINT, 1, 1)));
    npy_free(&a);
    p = fixture("i1_be.npy", "{'descr': '>i1', 'fortran_order': False, 'shape': (4,), }", bools, 4);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_INT, 8, 1)));
    CHECK(a.data && ((signed char *)a.data)[3] == -1);
    npy_free(&a);

    const uint16_t bf[3] = {0x3f80, 0x4000, 0xc040};
    static const char *const vdicts[] = {
        "{'descr': '<V2', 'fortran_order': False, 'shape': (3,), }",
        "{'descr': '|V2', 'fortran_order': False, 'shape': (3,), }",
    };
    for (int i = 0; i < 2; i++) {
        p = fixture(i ? "bf16b.npy" : "bf16a.npy", vdicts[i], bf, sizeof bf);
        CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
        CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_BFLOAT, 16, 1)));
        CHECK(a.nbytes == 6 && a.data && memcmp(a.data, bf, 6) == 0);
        npy_free(&a);
    }
    /* uint16 stays uint16. */
    p = fixture("u2.npy", "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }", bf, sizeof bf);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK(tir_dt_eq(a.dtype, tir_dt(TIR_CODE_UINT, 16, 1)));
    npy_free(&a);
}

/* ---- read errors ----------------------------------------------------- */

static void test_error_magic_and_version(void)
{
    const char *dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
    const char *p = fixture("magic.npy", dict, i4_data, sizeof i4_data);
    unsigned char *buf;
    long n = read_bytes(p, &buf);
    CHECK(n > 10);
    if (n > 10) {
        buf[5] = 'Z';
        expect_read_error(write_bytes("badmagic.npy", buf, (size_t)n), "not a .npy file (bad magic)");
        expect_read_error(write_bytes("text.npy", "hello world\n", 12), "bad magic");
        expect_read_error(write_bytes("empty.npy", "", 0), "empty");
        expect_read_error(write_bytes("short.npy", "\x93NUM", 4), "truncated header");
        expect_read_error(write_bytes("short2.npy", "\x93NUMPY\x01\x00", 8), "truncated header");
        expect_read_error(write_bytes("short3.npy", "\x93NUMPY\x02\x00\x10\x00", 10), "truncated header");
    }
    free(buf);
    expect_read_error(fixture_v("v4.npy", 4, 0, dict, i4_data, sizeof i4_data),
                      "unsupported .npy format version 4.0");
    expect_read_error(fixture_v("v11.npy", 1, 1, dict, i4_data, sizeof i4_data),
                      "unsupported .npy format version 1.1");
    expect_read_error(fixture_v("v0.npy", 0, 0, dict, i4_data, sizeof i4_data), "version 0.0");
}

static void test_error_header_length(void)
{
    /* Header length claims more bytes than the file has. */
    static const char longlen[] = "\x93NUMPY\x01\x00\xff\x7f{'descr': '<i4'}\n";
    expect_read_error(write_bytes("hlen.npy", longlen, sizeof longlen - 1), "truncated header");
    static const char hugelen[] = "\x93NUMPY\x02\x00\xff\xff\xff\xff{}\n";
    expect_read_error(write_bytes("hlen2.npy", hugelen, sizeof hugelen - 1), "header length 4294967295 is too large");
    static const char zerolen[] = "\x93NUMPY\x01\x00\x00\x00";
    expect_read_error(write_bytes("hlen0.npy", zerolen, sizeof zerolen - 1), "not a dict");
}

static void test_error_dtypes(void)
{
    static const struct {
        const char *descr, *needle;
    } cases[] = {
        {"'>f4'", "big-endian data is not supported"},
        {"'>i8'", "big-endian data is not supported"},
        {"'>u2'", "big-endian data is not supported"},
        {"'|O'", "unsupported dtype '|O'"},
        {"'<c8'", "unsupported dtype '<c8'"},
        {"'<c16'", "unsupported dtype '<c16'"},
        {"'<U5'", "unsupported dtype '<U5'"},
        {"'|S3'", "unsupported dtype '|S3'"},
        {"'<M8[ns]'", "unsupported dtype '<M8[ns]'"},
        {"'<m8[s]'", "unsupported dtype '<m8[s]'"},
        {"'<f16'", "unsupported dtype '<f16'"},
        {"'|f1'", "unsupported dtype '|f1'"},
        {"'<i3'", "unsupported dtype '<i3'"},
        {"'|V4'", "unsupported dtype '|V4'"},
        {"'|b2'", "unsupported dtype '|b2'"},
        {"''", "unsupported dtype ''"},
        {"'<'", "unsupported dtype '<'"},
        {"'float32'", "unsupported dtype 'float32'"},
        {"[('a', '<i4'), ('b', '<f4')]", "unsupported dtype [('a', '<i4'), ('b', '<f4')] (structured"},
        {"'<f4\x01'", "unsupported dtype '<f4?'"},
        {"'<xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'",
         "unsupported dtype '<xxxxxxxxxx"},
        {"3", "expected a quoted string"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char dict[256], name[32];
        snprintf(dict, sizeof dict, "{'descr': %s, 'fortran_order': False, 'shape': (2,), }", cases[i].descr);
        snprintf(name, sizeof name, "dt%zu.npy", i);
        expect_read_error(fixture(name, dict, i4_data, 8), cases[i].needle);
    }
}

static void test_error_layout(void)
{
    expect_read_error(fixture("fortran.npy", "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }", i4_data,
                              sizeof i4_data),
                      "Fortran-order arrays are not supported");
    const char *dict4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }";
    unsigned char data[32] = {0};
    expect_read_error(fixture("trunc.npy", dict4, data, 10), "expected 16 bytes of array data, found 10");
    expect_read_error(fixture("trunc0.npy", dict4, data, 0), "expected 16 bytes of array data, found 0");
    expect_read_error(fixture("extra.npy", dict4, data, 19), "3 extra bytes after the array data");
    expect_read_error(fixture("extra0.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", data, 1),
                      "1 extra bytes after the array data");
}

static void test_error_shapes(void)
{
    static const struct {
        const char *shape, *needle;
    } cases[] = {
        {"(-1,)", "negative dimension -1 in shape"},
        {"(3, -2)", "negative dimension -2"},
        {"(-0,)", "8 extra bytes after the array data"}, /* -0 is just 0 */
        {"(4294967296, 4294967296, 4294967296)", "too large"},
        {"(99999999999999999999,)", "too large"},
        {"(-99999999999999999999,)", "negative dimension"},
        {"(9223372036854775807,)", "too large"}, /* fits int64, but not times 8 bytes */
        {"(0, 4294967296, 4294967296, 4294967296)", "too large"},
        /* Plausible shape the file does not back: must not allocate 4 TiB. */
        {"(1099511627776,)", "expected 8796093022208 bytes of array data, found 8"},
        {"(5)", "tuple of integers"},
        {"[5]", "tuple of integers"},
        {"5", "tuple of integers"},
        {"(5,,)", "tuple of integers"},
        {"(,)", "tuple of integers"},
        {"(1.5,)", "tuple of integers"},
        {"(0x10,)", "tuple of integers"},
        {"(2 3)", "tuple of integers"},
        {"(2,", "tuple of integers"},
        {"('2',)", "tuple of integers"},
        {"(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1)", "more than 32 dimensions"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char dict[256], name[32];
        snprintf(dict, sizeof dict, "{'descr': '<f8', 'fortran_order': False, 'shape': %s, }", cases[i].shape);
        snprintf(name, sizeof name, "shp%zu.npy", i);
        expect_read_error(fixture(name, dict, i4_data, 8), cases[i].needle);
    }
    /* 32 dimensions are fine. */
    char err[256] = "";
    npy_array a;
    const char *p = fixture("dims32.npy",
                            "{'descr': '<f8', 'fortran_order': False, 'shape': "
                            "(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1), }",
                            i4_data, 8);
    CHECK_EQ_INT(npy_read(p, &a, err, sizeof err), 0);
    CHECK_EQ_INT(a.ndim, 32);
    npy_free(&a);
}

static void test_error_header_syntax(void)
{
    static const struct {
        const char *dict, *needle;
    } cases[] = {
        {"[1, 2]", "not a dict"},
        {"", "not a dict"},
        {"'descr'", "not a dict"},
        {"{'descr': '<i4', 'fortran_order': False}", "missing key 'shape'"},
        {"{'shape': (2,), 'fortran_order': False}", "missing key 'descr'"},
        {"{'descr': '<i4', 'shape': (2,)}", "missing key 'fortran_order'"},
        {"{}", "missing key"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", "unexpected key 'extra'"},
        {"{'descr': '<i4', 'descr': '<i4', 'fortran_order': False, 'shape': (2,)}", "duplicate key 'descr'"},
        {"{'descr': '<i4', 'fortran_order': 0, 'shape': (2,)}", "True or False"},
        {"{'descr': '<i4', 'fortran_order': Falsey, 'shape': (2,)}", "True or False"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,)} x", "unexpected text after the dict"},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (2,)", "expected ',' or '}'"},
        {"{'descr': '<i4' 'fortran_order': False, 'shape': (2,)}", "expected ',' or '}'"},
        {"{'descr' '<i4', 'fortran_order': False, 'shape': (2,)}", "expected ':'"},
        {"{'descr: '<i4', 'fortran_order': False, 'shape': (2,)}", "expected ':'"},
        {"{'descr': '<i4, 'fortran_order': False, 'shape': (2,)}", "expected ',' or '}'"},
        {"{'descr': \"<i4', 'fortran_order': False, 'shape': (2,)}", "unterminated string"},
        {"{'descr': '<\\x69\x34', 'fortran_order': False, 'shape': (2,)}", "escape sequences"},
        {"{descr: '<i4', 'fortran_order': False, 'shape': (2,)}", "string keys"},
        {"{'descr': '<i4',, 'fortran_order': False, 'shape': (2,)}", "string keys"},
        {"{'descr': [('a', '<i4'), 'fortran_order': False, 'shape': (2,)}", "unterminated value"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "syn%zu.npy", i);
        expect_read_error(fixture(name, cases[i].dict, i4_data, 8), cases[i].needle);
    }
    /* A NUL byte inside the header. */
    static const char nul[] = "\x93NUMPY\x01\x00\x39\x00{'descr': '<i4', 'fortran_order': False, 'shape': (2,)\0}\n";
    expect_read_error(write_bytes("nul.npy", nul, sizeof nul - 1), "bad header");
}

static void test_error_files(void)
{
    expect_read_error(tpath("does-not-exist.npy"), "cannot open");
    expect_read_error(tpath("does-not-exist.npy"), "No such file");
    CHECK_EQ_INT(mkdir(tpath("adir.npy"), 0777), 0);
    expect_read_error(tpath("adir.npy"), "is a directory");
}

static void test_error_buffer_edges(void)
{
    npy_array a;
    const char *missing = tpath("missing.npy");
    /* No message buffer at all, or a tiny one: still fails cleanly. */
    CHECK_EQ_INT(npy_read(missing, &a, NULL, 0), -1);
    char small[8];
    memset(small, 'x', sizeof small);
    CHECK_EQ_INT(npy_read(missing, &a, small, sizeof small), -1);
    CHECK(memchr(small, '\0', sizeof small) != NULL);
    CHECK(strncmp(small, missing, strlen(small)) == 0);
    char one[1] = {'x'};
    CHECK_EQ_INT(npy_read(missing, &a, one, 1), -1);
    CHECK_EQ_INT(one[0], '\0');
    char err[256];
    CHECK_EQ_INT(npy_read(missing, NULL, err, sizeof err), -1);
    CHECK_EQ_INT(npy_write(tpath("nothing.npy"), NULL, err, sizeof err), -1);
    npy_free(NULL);
    /* npy_free on a freed or zeroed array is harmless. */
    memset(&a, 0, sizeof a);
    npy_free(&a);
    npy_free(&a);
}

/* Every truncation and many single-byte corruptions of a valid file must
 * either load or fail with a message, never crash or leak. */
static void test_corruption_does_not_crash(void)
{
    const char *p = fixture("good.npy", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }", i4_data,
                            sizeof i4_data);
    unsigned char *orig;
    long n = read_bytes(p, &orig);
    CHECK(n > 0);
    if (n <= 0)
        return;
    unsigned char *buf = malloc((size_t)n);
    const char *q = tpath("corrupt.npy");
    char err[256];
    npy_array a;
    int ok_count = 0;
    for (long len = 0; len < n; len++) {
        write_bytes("corrupt.npy", orig, (size_t)len);
        err[0] = '\0';
        CHECK_EQ_INT(npy_read(q, &a, err, sizeof err), -1);
        CHECK(strncmp(err, q, strlen(q)) == 0);
    }
    static const unsigned char vals[] = {0, 1, '\'', '"', '(', ')', ',', '-', '9', '{', '}', ':', ' ', 'L', 0x80, 0xff};
    for (long i = 0; i < 128 && i < n; i++) {
        for (size_t v = 0; v < sizeof vals; v++) {
            memcpy(buf, orig, (size_t)n);
            buf[i] = vals[v];
            write_bytes("corrupt.npy", buf, (size_t)n);
            err[0] = '\0';
            int rc = npy_read(q, &a, err, sizeof err);
            if (rc == 0) {
                ok_count++;
                npy_free(&a);
            } else {
                CHECK_EQ_INT(rc, -1);
                CHECK(strncmp(err, q, strlen(q)) == 0);
                CHECK(a.data == NULL);
            }
        }
    }
    /* Changing padding spaces keeps the file valid; some mutations must
     * therefore load. */
    CHECK(ok_count > 0);
    free(buf);
    free(orig);
}

/* ---- write errors ---------------------------------------------------- */

static void test_write_missing_dir(void)
{
    int64_t shape[] = {4};
    npy_array a = make_array(tir_dt(TIR_CODE_FLOAT, 32, 1), 1, shape);
    char err[256] = "";
    int before = count_dir_entries(tmpdir);
    const char *p = tpath("no-such-dir/out.npy");
    CHECK_EQ_INT(npy_write(p, &a, err, sizeof err), -1);
    CHECK(strncmp(err, p, strlen(p)) == 0);
    CHECK_STR_CONTAINS(err, "No such file");
    CHECK_EQ_INT(count_dir_entries(tmpdir), before);
    CHECK(access(p, F_OK) != 0);
    npy_free(&a);
}

static void test_write_invalid_arrays(void)
{
    char err[256] = "";
    const char *dir = tpath("invalid");
    CHECK_EQ_INT(mkdir(dir, 0777), 0);
    char path[1100];
    snprintf(path, sizeof path, "%s/keep.npy", dir);
    write_bytes("invalid/keep.npy", "original", 8);

    int64_t shape[] = {2, 2};
    npy_array a = make_array(tir_dt(TIR_CODE_INT, 32, 1), 2, shape);
    npy_array b = a;
    b.nbytes = 15;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "need 16");
    b = a;
    b.dtype = tir_dt(TIR_CODE_FLOAT, 32, 4);
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cannot write dtype");
    b = a;
    b.dtype = tir_dt(TIR_CODE_HANDLE, 64, 1);
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    b = a;
    b.ndim = NPY_MAX_DIMS + 1;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "dimensions");
    b = a;
    b.ndim = -1;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    b = a;
    b.shape[1] = -2;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "negative dimension");
    b = a;
    b.shape[0] = INT64_MAX;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "too large");
    b = a;
    b.data = NULL;
    CHECK_EQ_INT(npy_write(path, &b, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no data");
    CHECK(strncmp(err, path, strlen(path)) == 0);

    /* The target is a directory: refused, nothing left behind. */
    char sub[1100];
    snprintf(sub, sizeof sub, "%s/sub.npy", dir);
    CHECK_EQ_INT(mkdir(sub, 0777), 0);
    CHECK_EQ_INT(npy_write(sub, &a, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "is a directory");
    CHECK_EQ_INT(count_dir_entries(sub), 0);

    CHECK_EQ_INT(count_dir_entries(dir), 2);
    unsigned char *buf;
    CHECK_EQ_INT(read_bytes(path, &buf), 8);
    CHECK(buf && memcmp(buf, "original", 8) == 0);
    free(buf);
    npy_free(&a);
}

/* A write that fails halfway (file size limit) leaves the old file intact
 * and no temporary file behind. */
static void test_write_failure_keeps_old_file(void)
{
    char err[256] = "";
    const char *dir = tpath("fsize");
    CHECK_EQ_INT(mkdir(dir, 0777), 0);
    char path[1100];
    snprintf(path, sizeof path, "%s/keep.npy", dir);
    int64_t small_shape[] = {3};
    npy_array old = make_array(tir_dt(TIR_CODE_INT, 16, 1), 1, small_shape);
    CHECK_EQ_INT(npy_write(path, &old, err, sizeof err), 0);

    int64_t big_shape[] = {1 << 18};
    npy_array big = make_array(tir_dt(TIR_CODE_FLOAT, 32, 1), 1, big_shape);
    struct rlimit saved, lim;
    CHECK_EQ_INT(getrlimit(RLIMIT_FSIZE, &saved), 0);
    lim = saved;
    lim.rlim_cur = 4096;
    void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
    CHECK_EQ_INT(setrlimit(RLIMIT_FSIZE, &lim), 0);
    int rc = npy_write(path, &big, err, sizeof err);
    CHECK_EQ_INT(setrlimit(RLIMIT_FSIZE, &saved), 0);
    signal(SIGXFSZ, prev);
    CHECK_EQ_INT(rc, -1);
    CHECK(strncmp(err, path, strlen(path)) == 0);
    CHECK_STR_CONTAINS(err, "cannot write");

    CHECK_EQ_INT(count_dir_entries(dir), 1);
    npy_array back;
    CHECK_EQ_INT(npy_read(path, &back, err, sizeof err), 0);
    CHECK_EQ_INT(back.nbytes, 6);
    CHECK(back.data && memcmp(back.data, old.data, 6) == 0);
    npy_free(&back);
    npy_free(&old);
    npy_free(&big);
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/test_npy.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpdir)) {
        printf("Bail out! cannot create a temporary directory: %s\n", strerror(errno));
        return 1;
    }
    RUN(test_roundtrip_all_dtypes);
    RUN(test_roundtrip_shapes);
    RUN(test_writer_matches_numpy);
    RUN(test_overwrite_and_no_temp_left);
    RUN(test_write_through_symlink);
    RUN(test_write_to_fifo);
    RUN(test_versions);
    RUN(test_header_variations);
    RUN(test_fortran_low_rank_accepted);
    RUN(test_bool_and_bfloat16);
    RUN(test_error_magic_and_version);
    RUN(test_error_header_length);
    RUN(test_error_dtypes);
    RUN(test_error_layout);
    RUN(test_error_shapes);
    RUN(test_error_header_syntax);
    RUN(test_error_files);
    RUN(test_error_buffer_edges);
    RUN(test_corruption_does_not_crash);
    RUN(test_write_missing_dir);
    RUN(test_write_invalid_arrays);
    RUN(test_write_failure_keeps_old_file);
    remove_tree(tmpdir);
    CHECK_DONE();
}
