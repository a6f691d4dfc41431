/* Running a case through another implementation's adapter command
 * (conformance/README.md, "Adapter protocol"): the inputs go to a
 * directory as .npy files and args.txt, the command runs, and its exit
 * status, out/NAME.npy files and ret.txt say what happened. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "classify.h"
#include "npy.h"
#include "run.h"
#include "util.h"

enum { EXIT_REJECTED = 10, EXIT_TRAPPED = 11, EXIT_MALFORMED = 12 };

static double now_ms(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

static void error_outcome(conf_outcome *o, const char *cls, const char *msg)
{
    o->kind = OUT_ERROR;
    conf_copy(o->cls, sizeof o->cls, cls);
    conf_copy(o->msg, sizeof o->msg, msg);
}

static void sb_shell_quote(sbuf *b, const char *s)
{
    sb_puts(b, "'");
    for (; *s; s++) {
        if (*s == '\'')
            sb_puts(b, "'\\''");
        else
            sb_add(b, s, 1);
    }
    sb_puts(b, "'");
}

/* The template with {mode}, {case} and {dir} replaced by quoted values; a
 * template naming none of them gets the three appended. */
static char *expand(const char *tmpl, const char *mode, const char *casepath, const char *dir)
{
    sbuf b = {0};
    bool any = strstr(tmpl, "{mode}") || strstr(tmpl, "{case}") || strstr(tmpl, "{dir}");
    const char *s = any ? tmpl : NULL;
    if (!any) {
        sb_puts(&b, tmpl);
        sb_puts(&b, " ");
        sb_shell_quote(&b, mode);
        sb_puts(&b, " ");
        sb_shell_quote(&b, casepath);
        sb_puts(&b, " ");
        sb_shell_quote(&b, dir);
        return b.s;
    }
    while (*s) {
        if (strncmp(s, "{mode}", 6) == 0) {
            sb_shell_quote(&b, mode);
            s += 6;
        } else if (strncmp(s, "{case}", 6) == 0) {
            sb_shell_quote(&b, casepath);
            s += 6;
        } else if (strncmp(s, "{dir}", 5) == 0) {
            sb_shell_quote(&b, dir);
            s += 5;
        } else {
            sb_add(&b, s++, 1);
        }
    }
    return b.s;
}

/* Writes one buffer argument's values as NAME.npy (vector elements add a
 * last dimension of lanes). */
static bool write_input(const conf_arg *a, const char *dir, char *err, size_t err_len)
{
    size_t ls = cv_lane_size(a->dtype);
    uint64_t nlanes = a->count * a->dtype.lanes;
    npy_array arr;
    memset(&arr, 0, sizeof arr);
    arr.dtype = tir_dt_with_lanes(a->dtype, 1);
    arr.ndim = a->ndim;
    for (int k = 0; k < a->ndim; k++)
        arr.shape[k] = a->shape[k];
    if (a->dtype.lanes > 1) {
        if (a->ndim >= NPY_MAX_DIMS) {
            snprintf(err, err_len, "arg '%s': too many dimensions for a .npy file", a->name);
            return false;
        }
        arr.shape[arr.ndim++] = a->dtype.lanes;
    }
    arr.nbytes = nlanes * ls;
    arr.data = nlanes ? xcalloc(nlanes, ls) : NULL;
    char serr[128];
    for (uint64_t i = 0; a->values && i < nlanes; i++)
        cv_store(a->dtype, (uint8_t *)arr.data + i * ls, a->values[i], serr, sizeof serr);
    char name[300];
    snprintf(name, sizeof name, "%s.npy", a->name);
    char *path = conf_path_join(dir, name);
    int rc = npy_write(path, &arr, err, err_len);
    free(path);
    free(arr.data);
    return rc == 0;
}

static void sb_int_list(sbuf *b, const int64_t *v, int n)
{
    sb_puts(b, "[");
    for (int k = 0; k < n; k++)
        sb_printf(b, "%s%lld", k ? "," : "", (long long)v[k]);
    sb_puts(b, "]");
}

static bool write_args(const conf_case *c, int threads, const char *dir, char *err, size_t err_len)
{
    sbuf b = {0};
    char tn[32], vb[64];
    sb_puts(&b, "# tir-conformance arguments: see conformance/README.md, \"Adapter protocol\"\n");
    if (c->entry)
        sb_printf(&b, "entry %s\n", c->entry);
    sb_printf(&b, "threads %d\n", c->threads ? c->threads : threads);
    if (conf_case_strict(c))
        sb_puts(&b, "strict\n");
    for (size_t k = 0; k < c->nargs; k++) {
        const conf_arg *a = &c->args[k];
        tir_dtype_str(a->dtype, tn, sizeof tn);
        if (!a->is_buffer) {
            cv_format(a->values[0], vb, sizeof vb);
            sb_printf(&b, "scalar %s %s %s\n", a->name, tn, vb);
            continue;
        }
        if (!write_input(a, dir, err, err_len)) {
            sb_free(&b);
            return false;
        }
        sb_printf(&b, "buffer %s %s ", a->name, tn);
        sb_int_list(&b, a->shape, a->ndim);
        sb_printf(&b, " %s.npy", a->name);
        if (a->has_strides) {
            sb_puts(&b, " strides=");
            sb_int_list(&b, a->strides, a->ndim);
        }
        if (a->byte_offset)
            sb_printf(&b, " byte_offset=%llu", (unsigned long long)a->byte_offset);
        sb_puts(&b, "\n");
    }
    char *path = conf_path_join(dir, "args.txt");
    int rc = conf_write_file(path, b.s, b.len, err, err_len);
    free(path);
    sb_free(&b);
    return rc == 0;
}

/* Runs the command with stdout and stderr in files of dir; returns the
 * wait status, or -1. */
static int run_command(const char *cmd, const char *dir)
{
    char *out = conf_path_join(dir, "stdout.txt"), *errp = conf_path_join(dir, "stderr.txt");
    pid_t pid = fork();
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || o < 0 || e < 0)
            _exit(126);
        dup2(in, 0);
        dup2(o, 1);
        dup2(e, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    free(out);
    free(errp);
    if (pid < 0)
        return -1;
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return st;
}

static char *read_in(const char *dir, const char *name)
{
    char *p = conf_path_join(dir, name), err[256];
    size_t len;
    char *text = conf_read_file(p, &len, err, sizeof err);
    free(p);
    return text;
}

/* stderr's first line is the class, the rest the message. */
static void class_outcome(conf_outcome *o, conf_outcome_kind kind, conf_class_kind ck, const char *dir, int status)
{
    char *text = read_in(dir, "stderr.txt");
    char first[64];
    conf_first_line(first, sizeof first, text ? text : "");
    char *cls = conf_trim(first);
    if (!conf_class_valid(ck, cls) && strcmp(cls, "unknown") != 0) {
        char msg[512];
        snprintf(msg, sizeof msg, "the adapter exited with %d but its stderr does not begin with a class (%s|unknown): "
                 "'%.100s'", status, conf_class_names(ck), cls);
        error_outcome(o, "adapter", msg);
    } else {
        o->kind = kind;
        conf_copy(o->cls, sizeof o->cls, cls);
        const char *rest = text ? strchr(text, '\n') : NULL;
        conf_copy(o->msg, sizeof o->msg, rest ? rest + 1 : "");
    }
    free(text);
}

static bool same_shape(const npy_array *arr, const conf_arg *a)
{
    int want = a->ndim + (a->dtype.lanes > 1);
    if (arr->ndim != want)
        return false;
    for (int k = 0; k < a->ndim; k++)
        if (arr->shape[k] != a->shape[k])
            return false;
    return a->dtype.lanes == 1 || arr->shape[a->ndim] == a->dtype.lanes;
}

static bool read_outputs(const conf_case *c, const char *dir, conf_outcome *o)
{
    char err[512], msg[1024], name[300], tn[32];
    o->outputs = xcalloc(c->nargs, sizeof *o->outputs);
    for (size_t k = 0; k < c->nchecks; k++) {
        int ai = c->checks[k].arg;
        if (ai < 0 || o->outputs[ai])
            continue;
        const conf_arg *a = &c->args[ai];
        snprintf(name, sizeof name, "out/%s.npy", a->name);
        char *path = conf_path_join(dir, name);
        npy_array arr;
        bool ok = npy_read(path, &arr, err, sizeof err) == 0;
        free(path);
        if (!ok) {
            snprintf(msg, sizeof msg, "the adapter wrote no readable %s: %s", name, err);
            error_outcome(o, "adapter", msg);
            return false;
        }
        size_t ls = cv_lane_size(a->dtype), n = a->count * a->dtype.lanes * ls;
        if (!tir_dt_eq(arr.dtype, tir_dt_with_lanes(a->dtype, 1)) || !same_shape(&arr, a) || arr.nbytes != n) {
            snprintf(msg, sizeof msg, "the adapter's %s is not a %s array of the argument's shape", name,
                     tir_dtype_str(tir_dt_with_lanes(a->dtype, 1), tn, sizeof tn));
            error_outcome(o, "adapter", msg);
            npy_free(&arr);
            return false;
        }
        o->outputs[ai] = xmalloc(n ? n : 1);
        if (n)
            memcpy(o->outputs[ai], arr.data, n);
        npy_free(&arr);
    }
    return true;
}

/* ret.txt: "DTYPE VALUE" */
static bool read_ret(const char *dir, conf_outcome *o)
{
    char *text = read_in(dir, "ret.txt");
    if (!text)
        return true;
    char line[256], msg[512], err[128];
    conf_first_line(line, sizeof line, text);
    free(text);
    char *s = conf_trim(line);
    size_t dl = strcspn(s, " \t");
    const char *v = s + dl;
    cval val;
    if (!tir_dtype_parse(s, dl, &o->ret_dtype) || o->ret_dtype.lanes != 1 || !cv_dtype_supported(o->ret_dtype) ||
        !cv_parse(&v, &val) || *conf_trim((char *)v) || !cv_store(o->ret_dtype, o->ret, val, err, sizeof err)) {
        snprintf(msg, sizeof msg, "ret.txt is not 'DTYPE VALUE': '%.100s'", s);
        error_outcome(o, "adapter", msg);
        return false;
    }
    o->has_ret = true;
    return true;
}

static void stderr_message(const char *dir, int status, conf_outcome *o)
{
    char *text = read_in(dir, "stderr.txt");
    char msg[1536];
    if (WIFSIGNALED(status))
        snprintf(msg, sizeof msg, "the adapter was killed by signal %d: %.1400s", WTERMSIG(status), text ? text : "");
    else
        snprintf(msg, sizeof msg, "the adapter exited with status %d: %.1400s", WEXITSTATUS(status), text ? text : "");
    error_outcome(o, "adapter", msg);
    free(text);
}

void conf_run_adapter(const conf_case *c, const char *command_template, int default_threads, const char *tmpdir,
                      conf_result *r)
{
    double t0 = now_ms();
    conf_outcome o;
    memset(&o, 0, sizeof o);
    char err[512];
    char abs[PATH_MAX];
    if (!realpath(c->path, abs)) {
        snprintf(err, sizeof err, "%s: %s", c->path, strerror(errno));
        error_outcome(&o, "bad_case", err);
        goto judge;
    }
    bool binary = c->type == CASE_BINARY;
    if (!binary) {
        char *outdir = conf_path_join(tmpdir, "out");
        bool made = mkdir(outdir, 0755) == 0;
        free(outdir);
        if (!made || !write_args(c, default_threads, tmpdir, err, sizeof err)) {
            error_outcome(&o, "internal", made ? err : "cannot create the out/ directory");
            goto judge;
        }
    }
    char *cmd = expand(command_template, binary ? "verify" : "run", abs, tmpdir);
    int st = run_command(cmd, tmpdir);
    free(cmd);
    if (st == -1) {
        error_outcome(&o, "internal", "cannot run the adapter command");
        goto judge;
    }
    int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    if (code == 0) {
        if (binary)
            o.kind = OUT_LOADED;
        else if (c->expect == EXPECT_INVALID)
            o.kind = OUT_RAN;
        else if (read_ret(tmpdir, &o) && read_outputs(c, tmpdir, &o))
            o.kind = OUT_RAN;
    } else if (code == EXIT_REJECTED && !binary) {
        class_outcome(&o, OUT_REJECTED, CLASS_INVALID, tmpdir, code);
    } else if (code == EXIT_TRAPPED && !binary) {
        class_outcome(&o, OUT_TRAPPED, CLASS_TRAP, tmpdir, code);
    } else if (code == EXIT_MALFORMED) {
        class_outcome(&o, OUT_LOAD_FAILED, CLASS_MALFORMED, tmpdir, code);
    } else {
        stderr_message(tmpdir, st, &o);
    }
judge:
    conf_judge(c, &o, r);
    if (o.outputs)
        for (size_t k = 0; k < c->nargs; k++)
            free(o.outputs[k]);
    free(o.outputs);
    r->ms = now_ms() - t0;
}
