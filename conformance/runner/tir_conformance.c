/* tir-conformance: runs the TIR conformance corpus against our compiler and
 * VM (linked in) or another implementation (through an adapter command),
 * and reports per section of the specification.  conformance/README.md
 * describes the corpus, the case format and the adapter protocol.
 *
 * Each case runs in a forked child, so a crash or a hang in the
 * implementation becomes a failed case instead of a failed run. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "case.h"
#include "classify.h"
#include "expect.h"
#include "report.h"
#include "run.h"
#include "util.h"

/* The corpus of the source tree this runner was built from, and where
 * `meson install` puts a copy; the first that exists is the default, so an
 * installed runner finds its corpus when the source tree is gone. */
#ifndef TIR_CONFORMANCE_DIR
#define TIR_CONFORMANCE_DIR "conformance"
#endif
#ifndef TIR_CONFORMANCE_INSTALLED_DIR
#define TIR_CONFORMANCE_INSTALLED_DIR TIR_CONFORMANCE_DIR
#endif

static const char usage[] =
    "usage: tir-conformance [CORPUS_DIR] [options]\n"
    "\n"
    "Runs the conformance corpus (default: " TIR_CONFORMANCE_DIR ",\n"
    "or the installed copy " TIR_CONFORMANCE_INSTALLED_DIR " when that is gone)\n"
    "against tirc and tirvm linked in, or another implementation with --impl.\n"
    "\n"
    "  --impl CMD           run cases through an adapter command template;\n"
    "                       {mode}, {case} and {dir} are replaced (README: Adapter protocol)\n"
    "  --filter PATTERN     only cases whose id contains PATTERN, or matches it\n"
    "                       as a glob when it has * ? or [ (repeatable)\n"
    "  --jobs N             run N cases at once (0: one per CPU; default 1)\n"
    "  --threads N          VM threads for cases that set none (default 1)\n"
    "  --timeout SECONDS    per case (default 60)\n"
    "  --expectations FILE  expected failures (default CORPUS_DIR/expectations.txt;\n"
    "                       with --impl, none); 'none' for none\n"
    "  --update             rewrite the expectations file from this run\n"
    "  --json FILE          write a machine-readable report\n"
    "  --markdown           print only the per-section table, as Markdown\n"
    "  --tap                print TAP: one test line per case, the report as comments\n"
    "  --classify trap|invalid|malformed MESSAGE\n"
    "                       print the class of an error message and exit\n"
    "  --help, --version\n"
    "\n"
    "Exit status: 0 when every failure is an expected one, 1 otherwise, 2 on\n"
    "usage errors or an unreadable corpus.\n";

typedef struct {
    const char *corpus;
    const char *impl;
    const char **filters;
    size_t nfilters;
    const char *json;
    const char *expectations; /* NULL: default */
    int jobs, threads;
    double timeout;
    bool update, markdown, tap;
} options;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now_s(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "tir-conformance: %s%s%s\nTry 'tir-conformance --help'.\n", msg, arg ? " " : "", arg ? arg : "");
    return 2;
}

/* ---- discovery ------------------------------------------------------ */

typedef struct {
    char **v;
    size_t n, cap;
} strlist;

static void strlist_add(strlist *l, char *s)
{
    xgrow(&l->v, &l->cap, l->n + 1, sizeof *l->v);
    l->v[l->n++] = s;
}

static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Every file under dir (relative to root) whose name ends with suffix.
 * Hidden entries, __pycache__ and data/ directories (the .npy files of
 * cases and the generators that made them) are skipped. */
static void walk(const char *root, const char *rel, const char *suffix, strlist *out, int depth)
{
    if (depth > 16)
        return;
    char *dir = rel[0] ? conf_path_join(root, rel) : xstrdup(root);
    DIR *d = opendir(dir);
    if (!d) {
        free(dir);
        return;
    }
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.' || strcmp(de->d_name, "__pycache__") == 0)
            continue;
        char *r = rel[0] ? conf_path_join(rel, de->d_name) : xstrdup(de->d_name);
        char *full = conf_path_join(root, r);
        if (conf_is_dir(full)) {
            if (strcmp(de->d_name, "data") != 0)
                walk(root, r, suffix, out, depth + 1);
        }
        else if (ends_with(de->d_name, suffix))
            strlist_add(out, xstrdup(r));
        free(full);
        free(r);
    }
    closedir(d);
    free(dir);
}

static conf_case *new_case(conf_case_type type, const char *corpus, const char *rel)
{
    conf_case *c = xcalloc(1, sizeof *c);
    c->type = type;
    c->relpath = xstrdup(rel);
    c->path = conf_path_join(corpus, rel);
    return c;
}

static void load_case(conf_case *c, const char *file, const conf_features *ft)
{
    char err[512];
    size_t len;
    char *text = conf_read_file(file, &len, err, sizeof err);
    if (!text) {
        c->error = xstrdup(err);
        c->id = xstrdup(c->relpath);
        return;
    }
    conf_case_parse(c, text, len, ft);
    free(text);
}

static void discover(const char *corpus, const conf_features *ft, conf_case ***out, size_t *nout)
{
    strlist files = {0}, bins = {0}, sidecars = {0};
    char *cases_dir = conf_path_join(corpus, "cases"), *bin_dir = conf_path_join(corpus, "binary");
    walk(cases_dir, "", ".py", &files, 0);
    walk(bin_dir, "", ".tirbc", &bins, 0);
    walk(bin_dir, "", ".case", &sidecars, 0);
    if (files.n)
        qsort(files.v, files.n, sizeof *files.v, by_str);
    conf_case **cs = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < files.n; i++) {
        char *rel = conf_path_join("cases", files.v[i]);
        conf_case *c = new_case(CASE_SOURCE, corpus, rel);
        free(rel);
        const char *slash = strchr(files.v[i], '/');
        c->section = slash ? xstrndup(files.v[i], (size_t)(slash - files.v[i])) : xstrdup("(none)");
        load_case(c, c->path, ft);
        if (!slash && !c->error) {
            sbuf b = {0};
            sb_printf(&b, "%s: cases live in a section directory, cases/SECTION/NAME.py", c->relpath);
            c->error = b.s;
        }
        xgrow(&cs, &cap, n + 1, sizeof *cs);
        cs[n++] = c;
    }
    for (size_t i = 0; i < bins.n; i++) {
        char *rel = conf_path_join("binary", bins.v[i]);
        conf_case *c = new_case(CASE_BINARY, corpus, rel);
        free(rel);
        c->section = xstrdup("binary");
        size_t bl = strlen(bins.v[i]) - strlen(".tirbc");
        char *side = xmalloc(bl + 6);
        memcpy(side, bins.v[i], bl);
        strcpy(side + bl, ".case");
        char *sidepath = conf_path_join(bin_dir, side);
        if (conf_is_file(sidepath)) {
            /* messages name the sidecar, the report names the module */
            free(c->relpath);
            c->relpath = conf_path_join("binary", side);
            load_case(c, sidepath, ft);
            free(c->relpath);
            c->relpath = conf_path_join("binary", bins.v[i]);
        } else {
            sbuf b = {0};
            sb_printf(&b, "binary/%s: no sidecar binary/%s describes it", bins.v[i], side);
            c->error = b.s;
        }
        if (!c->id) {
            char *stem = xstrndup(bins.v[i], bl);
            for (char *p = stem; *p; p++)
                if (*p == '/')
                    *p = '.';
            sbuf b = {0};
            sb_printf(&b, "binary.%s", stem);
            c->id = b.s;
            free(stem);
        }
        free(sidepath);
        free(side);
        xgrow(&cs, &cap, n + 1, sizeof *cs);
        cs[n++] = c;
    }
    /* a sidecar without its module is a corpus error too */
    for (size_t i = 0; i < sidecars.n; i++) {
        size_t bl = strlen(sidecars.v[i]) - strlen(".case");
        char *mod = xmalloc(bl + 7);
        memcpy(mod, sidecars.v[i], bl);
        strcpy(mod + bl, ".tirbc");
        char *modpath = conf_path_join(bin_dir, mod);
        if (!conf_is_file(modpath)) {
            char *rel = conf_path_join("binary", sidecars.v[i]);
            conf_case *c = new_case(CASE_BINARY, corpus, rel);
            free(rel);
            c->section = xstrdup("binary");
            c->id = xstrdup(c->relpath);
            sbuf b = {0};
            sb_printf(&b, "%s: the module binary/%s it describes does not exist", c->relpath, mod);
            c->error = b.s;
            xgrow(&cs, &cap, n + 1, sizeof *cs);
            cs[n++] = c;
        }
        free(modpath);
        free(mod);
    }
    for (size_t i = 0; i < files.n; i++)
        free(files.v[i]);
    for (size_t i = 0; i < bins.n; i++)
        free(bins.v[i]);
    for (size_t i = 0; i < sidecars.n; i++)
        free(sidecars.v[i]);
    free(files.v);
    free(bins.v);
    free(sidecars.v);
    free(cases_dir);
    free(bin_dir);
    *out = cs;
    *nout = n;
}

static int by_case_id(const void *a, const void *b)
{
    const conf_case *x = *(conf_case *const *)a, *y = *(conf_case *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : strcmp(x->relpath, y->relpath);
}

static bool selected(const options *o, const char *id)
{
    if (!o->nfilters)
        return true;
    for (size_t i = 0; i < o->nfilters; i++) {
        const char *p = o->filters[i];
        if (strpbrk(p, "*?[") ? fnmatch(p, id, 0) == 0 : strstr(id, p) != NULL)
            return true;
    }
    return false;
}

/* ---- running -------------------------------------------------------- */

typedef struct {
    pid_t pid;
    int fd;
    size_t idx;
    double deadline;
    bool timed_out;
    char *tmpdir;
    conf_result buf;
    size_t got;
} job;

static void run_child(const conf_case *c, const options *o, const char *tmpdir, int fd)
{
    conf_result r;
    memset(&r, 0, sizeof r);
    if (o->impl)
        conf_run_adapter(c, o->impl, o->threads, tmpdir, &r);
    else
        conf_run_local(c, o->threads, &r);
    const char *p = (const char *)&r;
    size_t left = sizeof r;
    while (left) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        p += w;
        left -= (size_t)w;
    }
    close(fd);
    /* exit, not _exit: sanitizers check for leaks at exit */
    exit(0);
}

static void fail_result(conf_result *r, const char *cls, const char *msg)
{
    memset(r, 0, sizeof *r);
    conf_copy(r->cls, sizeof r->cls, cls);
    conf_copy(r->msg, sizeof r->msg, msg);
}

static void drop_tmpdir(job *j)
{
    if (j->tmpdir) {
        conf_remove_tree(j->tmpdir);
        free(j->tmpdir);
        j->tmpdir = NULL;
    }
}

static bool start_job(job *j, conf_entry *e, size_t idx, const options *o)
{
    memset(j, 0, sizeof *j);
    j->idx = idx;
    j->fd = -1;
    if (o->impl) {
        const char *td = getenv("TMPDIR");
        char *tmpl = conf_path_join(td && *td ? td : "/tmp", "tirconf.XXXXXX");
        if (!mkdtemp(tmpl)) {
            fail_result(&e[idx].r, "internal", "cannot create a temporary directory");
            free(tmpl);
            return false;
        }
        j->tmpdir = tmpl;
    }
    int pfd[2];
    if (pipe(pfd) != 0) {
        fail_result(&e[idx].r, "internal", "pipe failed");
        drop_tmpdir(j);
        return false;
    }
    /* an adapter must not inherit the pipe: a process it leaves behind
     * would keep the result from ending */
    fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(pfd[0]);
        close(pfd[1]);
        fail_result(&e[idx].r, "internal", "fork failed");
        drop_tmpdir(j);
        return false;
    }
    if (pid == 0) {
        setpgid(0, 0); /* its own group, so a timeout also ends what it started */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        close(pfd[0]);
        run_child(e[idx].c, o, j->tmpdir, pfd[1]);
    }
    setpgid(pid, pid);
    close(pfd[1]);
    j->pid = pid;
    j->fd = pfd[0];
    j->deadline = now_s() + o->timeout;
    return true;
}

static void finish_job(job *j, conf_entry *e, const options *o)
{
    int st = 0;
    while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR)
        ;
    conf_result *r = &e[j->idx].r;
    char msg[256];
    if (j->timed_out) {
        snprintf(msg, sizeof msg, "no result within %g seconds", o->timeout);
        fail_result(r, "timeout", msg);
    } else if (j->got == sizeof j->buf && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        *r = j->buf;
        r->cls[sizeof r->cls - 1] = 0;
        r->msg[sizeof r->msg - 1] = 0;
    } else if (j->got == sizeof j->buf) {
        j->buf.cls[sizeof j->buf.cls - 1] = 0;
        snprintf(msg, sizeof msg, "the case's process %s %d after the case ran (a sanitizer report on stderr?)",
                 WIFSIGNALED(st) ? "was killed by signal" : "exited with status",
                 WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
        sbuf b = {0};
        sb_printf(&b, "%s\nthe case itself %s%s", msg, j->buf.passed ? "passed" : "failed: ",
                  j->buf.passed ? "" : j->buf.cls);
        fail_result(r, "crash", b.s);
        r->ms = j->buf.ms;
        sb_free(&b);
    } else if (WIFSIGNALED(st)) {
        snprintf(msg, sizeof msg, "the implementation crashed: killed by signal %d (%s)", WTERMSIG(st),
                 strsignal(WTERMSIG(st)));
        fail_result(r, "crash", msg);
    } else {
        snprintf(msg, sizeof msg, "the case's process exited with status %d without a result", WEXITSTATUS(st));
        fail_result(r, "crash", msg);
    }
    if (j->fd >= 0)
        close(j->fd);
    drop_tmpdir(j);
    e[j->idx].done = true;
}

static void progress(size_t done, size_t total, size_t failed, const char *id)
{
    fprintf(stderr, "\r\033[K[%zu/%zu] %zu failed  %.60s", done, total, failed, id);
    fflush(stderr);
}

static void classify_entry(conf_entry *e, const conf_expectations *xf)
{
    e->x = xf ? conf_expect_find(xf, e->c->id) : NULL;
    if (e->r.passed)
        e->status = ST_PASS;
    else if (e->x && strcmp(e->r.cls, "bad_case") != 0 &&
             (strcmp(e->x->cls, "*") == 0 || strcmp(e->x->cls, e->r.cls) == 0))
        e->status = ST_XFAIL;
    else
        e->status = ST_FAIL;
}

/* Runs every entry, printing TAP lines in order as results arrive. */
static void run_all(conf_entry *e, size_t n, const options *o, const conf_expectations *xf)
{
    int jobs = o->jobs;
    job *running = xcalloc((size_t)jobs, sizeof *running);
    struct pollfd *pfds = xcalloc((size_t)jobs, sizeof *pfds);
    size_t nrun = 0, next = 0, printed = 0, ndone = 0, nfailed = 0;
    bool tty = isatty(2) && !o->markdown;
    while ((next < n || nrun) && !interrupted) {
        while (nrun < (size_t)jobs && next < n && !interrupted) {
            size_t i = next++;
            if (e[i].c->error) {
                fail_result(&e[i].r, "bad_case", e[i].c->error);
                e[i].done = true;
                continue;
            }
            if (start_job(&running[nrun], e, i, o))
                nrun++;
            else
                e[i].done = true;
        }
        for (size_t k = 0; k < nrun; k++) {
            pfds[k].fd = running[k].fd;
            pfds[k].events = POLLIN;
            pfds[k].revents = 0;
        }
        if (nrun && poll(pfds, (nfds_t)nrun, 200) < 0 && errno != EINTR)
            break;
        double t = now_s();
        for (size_t k = 0; k < nrun;) {
            job *j = &running[k];
            bool ended = false;
            if (pfds[k].revents & (POLLIN | POLLHUP | POLLERR)) {
                char *dst = (char *)&j->buf + j->got;
                size_t room = sizeof j->buf - j->got;
                char sink[256];
                ssize_t r = room ? read(j->fd, dst, room) : read(j->fd, sink, sizeof sink);
                if (r > 0 && room)
                    j->got += (size_t)r;
                else if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN))
                    ended = true;
            }
            if (!ended && !j->timed_out && t > j->deadline) {
                kill(-j->pid, SIGKILL);
                j->timed_out = true;
            }
            if (ended) {
                finish_job(j, e, o);
                running[k] = running[--nrun];
                pfds[k] = pfds[nrun];
            } else {
                k++;
            }
        }
        for (; printed < n && e[printed].done; printed++) {
            classify_entry(&e[printed], xf);
            ndone++;
            nfailed += e[printed].status == ST_FAIL;
            if (o->tap)
                conf_report_tap(stdout, printed + 1, &e[printed]);
            if (tty)
                progress(ndone, n, nfailed, e[printed].c->id);
        }
    }
    if (interrupted) {
        for (size_t k = 0; k < nrun; k++) {
            kill(-running[k].pid, SIGKILL);
            running[k].timed_out = true;
            finish_job(&running[k], e, o);
        }
    }
    if (tty)
        fprintf(stderr, "\r\033[K");
    free(running);
    free(pfds);
}

/* ---- expectations --------------------------------------------------- */

static void one_line_reason(char *dst, size_t n, const char *msg)
{
    conf_first_line(dst, n, msg);
    for (char *p = dst; *p; p++)
        if (*p == '\t')
            *p = ' ';
    if (!*dst)
        conf_copy(dst, n, "(no message)");
}

static int update_expectations(const char *path, const conf_expectations *old, conf_entry *e, size_t n,
                               conf_case **all, size_t nall)
{
    conf_expectations nx = {0};
    for (size_t i = 0; i < old->n; i++) {
        const conf_xfail *x = &old->v[i];
        bool exists = false, ran = false;
        for (size_t k = 0; k < nall && !exists; k++)
            exists = strcmp(all[k]->id, x->id) == 0;
        for (size_t k = 0; k < n && !ran; k++) {
            if (strcmp(e[k].c->id, x->id) != 0)
                continue;
            ran = true;
            if (!e[k].r.passed && strcmp(e[k].r.cls, "bad_case") != 0)
                conf_expect_add(&nx, x->id, e[k].r.cls, x->kind, x->reason);
        }
        if (exists && !ran)
            conf_expect_add(&nx, x->id, x->cls, x->kind, x->reason);
    }
    for (size_t k = 0; k < n; k++) {
        if (e[k].r.passed || strcmp(e[k].r.cls, "bad_case") == 0 || conf_expect_find(old, e[k].c->id))
            continue;
        char reason[160];
        one_line_reason(reason, sizeof reason, e[k].r.msg);
        conf_expect_add(&nx, e[k].c->id, e[k].r.cls, "gap", reason);
    }
    char err[512];
    int rc = conf_expect_save(path, &nx, err, sizeof err);
    if (rc)
        fprintf(stderr, "tir-conformance: %s\n", err);
    else
        fprintf(stderr, "tir-conformance: wrote %s (%zu expected failures)\n", path, nx.n);
    conf_expect_free(&nx);
    return rc;
}

/* ---- main ----------------------------------------------------------- */

static bool parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static void export_self(const char *argv0)
{
    /* adapters for our command-line tools classify messages with us */
    char self[PATH_MAX];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    if (l > 0) {
        self[l] = 0;
        setenv("TIR_CONFORMANCE_RUNNER", self, 1);
    } else if (realpath(argv0, self)) {
        setenv("TIR_CONFORMANCE_RUNNER", self, 1);
    }
}

int main(int argc, char **argv)
{
    options o = {.corpus = NULL, .jobs = 1, .threads = 1, .timeout = 60};
    o.filters = xcalloc((size_t)argc, sizeof *o.filters);
    int status = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            free(o.filters);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("tir-conformance %s\n", TIRVM_VERSION);
            free(o.filters);
            return 0;
        } else if (strcmp(a, "--classify") == 0) {
            conf_class_kind k;
            if (i + 2 >= argc || !conf_class_kind_parse(argv[i + 1], &k)) {
                free(o.filters);
                return usage_error("--classify needs trap|invalid|malformed and a message", NULL);
            }
            printf("%s\n", conf_classify(k, argv[i + 2]));
            free(o.filters);
            return 0;
        } else if (strcmp(a, "--update") == 0) {
            o.update = true;
        } else if (strcmp(a, "--markdown") == 0) {
            o.markdown = true;
        } else if (strcmp(a, "--tap") == 0) {
            o.tap = true;
        } else if (strcmp(a, "--impl") == 0 || strcmp(a, "--filter") == 0 || strcmp(a, "--json") == 0 ||
                   strcmp(a, "--jobs") == 0 || strcmp(a, "--threads") == 0 || strcmp(a, "--timeout") == 0 ||
                   strcmp(a, "--expectations") == 0) {
            if (!val) {
                usage_error(a, "needs a value");
                goto out;
            }
            i++;
            if (strcmp(a, "--impl") == 0) {
                o.impl = val;
            } else if (strcmp(a, "--filter") == 0) {
                o.filters[o.nfilters++] = val;
            } else if (strcmp(a, "--json") == 0) {
                o.json = val;
            } else if (strcmp(a, "--expectations") == 0) {
                o.expectations = val;
            } else if (strcmp(a, "--jobs") == 0) {
                if (!parse_int(val, 0, 1024, &v)) {
                    usage_error("--jobs takes a number from 0 to 1024, not", val);
                    goto out;
                }
                o.jobs = v ? (int)v : (int)sysconf(_SC_NPROCESSORS_ONLN);
                if (o.jobs < 1)
                    o.jobs = 1;
            } else if (strcmp(a, "--threads") == 0) {
                if (!parse_int(val, 1, 1024, &v)) {
                    usage_error("--threads takes a number from 1 to 1024, not", val);
                    goto out;
                }
                o.threads = (int)v;
            } else {
                if (!parse_int(val, 1, 86400, &v)) {
                    usage_error("--timeout takes seconds from 1 to 86400, not", val);
                    goto out;
                }
                o.timeout = (double)v;
            }
        } else if (a[0] == '-' && a[1]) {
            usage_error("unknown option", a);
            goto out;
        } else if (o.corpus) {
            usage_error("more than one CORPUS_DIR:", a);
            goto out;
        } else {
            o.corpus = a;
        }
    }
    if (!o.corpus)
        o.corpus = conf_is_dir(TIR_CONFORMANCE_DIR) ? TIR_CONFORMANCE_DIR : TIR_CONFORMANCE_INSTALLED_DIR;
    if (!conf_is_dir(o.corpus)) {
        usage_error("no corpus directory at", o.corpus);
        goto out;
    }
    export_self(argv[0]);

    char err[1024];
    char *features_path = conf_path_join(o.corpus, "features.txt");
    conf_features ft;
    if (conf_features_load(features_path, &ft, err, sizeof err) != 0) {
        fprintf(stderr, "tir-conformance: %s\n", err);
        free(features_path);
        goto out;
    }
    free(features_path);

    char *xpath = NULL;
    if (o.expectations && strcmp(o.expectations, "none") != 0)
        xpath = xstrdup(o.expectations);
    else if (!o.expectations && !o.impl)
        xpath = conf_path_join(o.corpus, "expectations.txt");
    if (o.update && !xpath) {
        fprintf(stderr, "tir-conformance: --update needs an expectations file (--expectations FILE)\n");
        conf_features_free(&ft);
        goto out;
    }
    conf_expectations xf = {0};
    if (xpath && conf_expect_load(xpath, &xf, err, sizeof err) != 0) {
        fprintf(stderr, "tir-conformance: %s\n", err);
        conf_features_free(&ft);
        free(xpath);
        goto out;
    }

    conf_case **all;
    size_t nall;
    discover(o.corpus, &ft, &all, &nall);
    if (nall)
        qsort(all, nall, sizeof *all, by_case_id);
    for (size_t i = 1; i < nall; i++) {
        if (strcmp(all[i]->id, all[i - 1]->id) == 0 && !all[i]->error) {
            sbuf b = {0};
            sb_printf(&b, "%s: id '%s' is also the id of %s", all[i]->relpath, all[i]->id, all[i - 1]->relpath);
            all[i]->error = b.s;
        }
    }
    conf_entry *e = xcalloc(nall, sizeof *e);
    size_t n = 0;
    for (size_t i = 0; i < nall; i++)
        if (selected(&o, all[i]->id))
            e[n++].c = all[i];
    /* Running nothing must not look like passing everything. */
    if (n == 0) {
        if (o.nfilters) {
            sbuf fb = {0};
            for (size_t i = 0; i < o.nfilters; i++)
                sb_printf(&fb, "%s'%s'", i ? ", " : "", o.filters[i]);
            fprintf(stderr, "tir-conformance: --filter %s matches none of the %zu cases in %s\n", fb.s, nall,
                    o.corpus);
            free(fb.s);
        } else {
            fprintf(stderr, "tir-conformance: no cases in %s\n", o.corpus);
        }
        status = 2;
    }

    const char **stale = xcalloc(xf.n, sizeof *stale);
    size_t nstale = 0;
    for (size_t i = 0; i < xf.n; i++) {
        bool found = false;
        for (size_t k = 0; k < nall && !found; k++)
            found = strcmp(all[k]->id, xf.v[i].id) == 0;
        if (!found)
            stale[nstale++] = xf.v[i].id;
    }

    struct sigaction sa;
    if (n == 0)
        goto cleanup;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);

    if (o.tap)
        printf("1..%zu\n", n);
    run_all(e, n, &o, xpath ? &xf : NULL);
    if (interrupted) {
        fprintf(stderr, "tir-conformance: interrupted\n");
        status = 130;
    } else {
        conf_run_info info = {o.corpus, o.impl, xpath, &xf, stale, nstale};
        if (o.markdown)
            conf_report_markdown(stdout, e, n);
        else
            conf_report_text(stdout, e, n, &info, o.tap ? "# " : "");
        status = 0;
        for (size_t i = 0; i < n; i++)
            if (e[i].status == ST_FAIL)
                status = 1;
        if (o.json && conf_report_json(o.json, e, n, &info, err, sizeof err) != 0) {
            fprintf(stderr, "tir-conformance: %s\n", err);
            status = 2;
        }
        if (o.update) {
            if (update_expectations(xpath, &xf, e, n, all, nall) != 0) {
                status = 2;
            } else {
                /* after an update only corpus errors remain failures */
                status = 0;
                for (size_t i = 0; i < n; i++)
                    if (!e[i].r.passed && strcmp(e[i].r.cls, "bad_case") == 0)
                        status = 1;
            }
        }
    }
cleanup:
    fflush(stdout);
    free(stale);
    free(e);
    for (size_t i = 0; i < nall; i++) {
        conf_case_free(all[i]);
        free(all[i]);
    }
    free(all);
    conf_expect_free(&xf);
    free(xpath);
    conf_features_free(&ft);
out:
    free(o.filters);
    return status;
}
