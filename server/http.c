/* The HTTP side of tirvm serve: libmicrohttpd in external-epoll mode on the
 * libuv loop (uv_poll on MHD's epoll fd, a uv_timer on MHD_get_timeout),
 * routing, the health/metadata/metrics answers, body accumulation with
 * limits, admission, suspend/resume around jobs, model control and the
 * SIGTERM drain.  Everything here runs on the loop thread. */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>
#include <uv.h>

#include "http.h"

typedef struct {
    char *name;
    char *source;  /* module file, or model folder */
    bool is_dir, single;
    srv_version *cur; /* NULL when unloaded */
    bool loading;
} model_slot;

enum route {
    R_NONE, R_LIVE, R_READY, R_SERVER, R_METRICS, R_MODEL, R_MODEL_READY, R_INFER, R_INDEX, R_LOAD, R_UNLOAD,
};

typedef struct req {
    enum route route;
    struct MHD_Connection *conn;
    srv_version *v;     /* JOB_INFER: the version admitted (a reference) */
    model_slot *slot;   /* R_LOAD */
    sbuf body;
    uint64_t reserved;  /* bytes counted in the in-flight budget */
    bool too_large, responded, suspended;
    bool get; /* a GET/HEAD answered when its body is complete */
    srv_job *job;       /* a finished job */
} req;

static struct {
    srv_options o;
    uv_loop_t *loop;
    struct MHD_Daemon *d;
    uv_poll_t poll;
    uv_timer_t timer, drain_timer;
    uv_async_t wake;
    uv_signal_t sigterm, sigint;
    srv_sched *sched;
    model_slot *models;
    int nmodels, cap;
    srv_global_metrics gm;
    bool draining, quiesced, cancelled, stopped;
    uint64_t drain_start;
    int active; /* requests between their first handler call and their completion */
    int exit_code;
} S;

static void pump(void);

/* ---- models ------------------------------------------------------------------------------ */
static model_slot *find_model(const char *name)
{
    for (int i = 0; i < S.nmodels; i++)
        if (strcmp(S.models[i].name, name) == 0)
            return &S.models[i];
    return NULL;
}

int http_add_model(const char *name, const char *source, bool is_dir, bool single, char *err, size_t err_len)
{
    if (find_model(name)) {
        snprintf(err, err_len, "two models are named '%s'", name);
        return -1;
    }
    srv_version *v = is_dir ? srv_load_from_dir(name, source, single, &S.o.model, err, err_len)
                            : srv_load_from_file(name, source, &S.o.model, err, err_len);
    if (!v)
        return -1;
    if (S.nmodels == S.cap) {
        int cap = S.cap ? S.cap * 2 : 8;
        model_slot *p = realloc(S.models, (size_t)cap * sizeof *p);
        if (!p) {
            srv_version_unref(v);
            snprintf(err, err_len, "out of memory");
            return -1;
        }
        S.models = p;
        S.cap = cap;
    }
    model_slot *s = &S.models[S.nmodels];
    memset(s, 0, sizeof *s);
    s->name = strdup(name);
    s->source = strdup(source);
    s->is_dir = is_dir;
    s->single = single;
    s->cur = v;
    if (!s->name || !s->source) {
        free(s->name);
        free(s->source);
        srv_version_unref(v);
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    S.nmodels++;
    return 0;
}

/* ---- responses ----------------------------------------------------------------------------- */
static enum MHD_Result reply(req *q, unsigned status, char *body, size_t len, const char *ctype, long long hlen)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    if (!r) {
        free(body);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, ctype);
    if (hlen >= 0) {
        char n[32];
        snprintf(n, sizeof n, "%lld", hlen);
        MHD_add_response_header(r, "Inference-Header-Content-Length", n);
    }
    if (status == 405)
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, q->route == R_INFER || q->route == R_LOAD ||
                                q->route == R_UNLOAD || q->route == R_INDEX ? "POST" : "GET, HEAD");
    enum MHD_Result ret = MHD_queue_response(q->conn, status, r);
    MHD_destroy_response(r);
    q->responded = true;
    return ret;
}

static enum MHD_Result reply_sb(req *q, unsigned status, sbuf *b, const char *ctype)
{
    if (b->failed) {
        sb_free(b);
        size_t n;
        char *e = json_error_body("out of memory", &n);
        return e ? reply(q, 500, e, n, "application/json", -1) : MHD_NO;
    }
    char *data = b->data;
    size_t len = b->len;
    b->data = NULL;
    return reply(q, status, data, len, ctype, -1);
}

static enum MHD_Result reply_error(req *q, unsigned status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static enum MHD_Result reply_error(req *q, unsigned status, const char *fmt, ...)
{
    char msg[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n;
    char *body = json_error_body(msg, &n);
    return body ? reply(q, status, body, n, "application/json", -1) : MHD_NO;
}

static enum MHD_Result reply_json(req *q, unsigned status, const char *text)
{
    char *body = strdup(text);
    return body ? reply(q, status, body, strlen(text), "application/json", -1) : MHD_NO;
}

/* ---- routing ----------------------------------------------------------------------------- */
#define MAX_SEGS 8

/* Splits the path into segments; returns their count, or -1 when too many. */
static int split(const char *url, char segs[MAX_SEGS][256])
{
    int n = 0;
    const char *p = url;
    while (*p == '/')
        p++;
    while (*p) {
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (n == MAX_SEGS || len >= 256)
            return -1;
        memcpy(segs[n], p, len);
        segs[n][len] = 0;
        n++;
        p += len;
        while (*p == '/')
            p++;
    }
    return n;
}

/* The route, and for model routes the model name and version (or ""). */
static enum route route_of(const char *url, char *model, char *version)
{
    char s[MAX_SEGS][256];
    int n = split(url, s);
    model[0] = version[0] = 0;
    if (n == 1 && strcmp(s[0], "metrics") == 0)
        return R_METRICS;
    if (n < 1 || strcmp(s[0], "v2") != 0)
        return R_NONE;
    if (n == 1)
        return R_SERVER;
    if (n == 3 && strcmp(s[1], "health") == 0)
        return strcmp(s[2], "live") == 0 ? R_LIVE : strcmp(s[2], "ready") == 0 ? R_READY : R_NONE;
    if (n == 3 && strcmp(s[1], "repository") == 0 && strcmp(s[2], "index") == 0)
        return R_INDEX;
    if (n == 5 && strcmp(s[1], "repository") == 0 && strcmp(s[2], "models") == 0) {
        strcpy(model, s[3]);
        return strcmp(s[4], "load") == 0 ? R_LOAD : strcmp(s[4], "unload") == 0 ? R_UNLOAD : R_NONE;
    }
    if (n < 3 || strcmp(s[1], "models") != 0)
        return R_NONE;
    strcpy(model, s[2]);
    int k = 3;
    if (n >= 5 && strcmp(s[3], "versions") == 0) {
        strcpy(version, s[4]);
        k = 5;
    }
    if (n == k)
        return R_MODEL;
    if (n == k + 1 && strcmp(s[k], "ready") == 0)
        return R_MODEL_READY;
    if (n == k + 1 && strcmp(s[k], "infer") == 0)
        return R_INFER;
    return R_NONE;
}

static bool method_ok(enum route r, const char *method)
{
    bool post = strcmp(method, "POST") == 0;
    bool get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    return (r == R_INFER || r == R_LOAD || r == R_UNLOAD || r == R_INDEX) ? post : get;
}

static void reject(enum srv_reject why) { srv_metric_add(&S.gm.rejected[why], 1); }

/* The loaded version a model route names, or NULL after replying 404. */
static srv_version *lookup(req *q, const char *model, const char *version, enum MHD_Result *res)
{
    model_slot *s = find_model(model);
    if (!s || !s->cur) {
        *res = reply_error(q, 404, "unknown model '%s'", model);
        return NULL;
    }
    if (version[0] && strcmp(version, s->cur->version) != 0) {
        *res = reply_error(q, 404, "model '%s' has no version '%s' loaded (it serves version %s)", model, version,
                           s->cur->version);
        return NULL;
    }
    return s->cur;
}

static enum MHD_Result answer_get(req *q, const char *model, const char *version)
{
    enum MHD_Result res = MHD_YES;
    sbuf b;
    sb_init(&b, 0);
    switch (q->route) {
    case R_LIVE:
        return reply_json(q, 200, "{\"live\":true}");
    case R_READY:
        return S.draining ? reply_json(q, 400, "{\"ready\":false}") : reply_json(q, 200, "{\"ready\":true}");
    case R_SERVER:
        sb_printf(&b, "{\"name\":\"tirvm\",\"version\":\"%s\",\"extensions\":[\"binary_tensor_data\"%s]}",
                  tirvm_version(), S.o.model_control ? ",\"model_repository\"" : "");
        return reply_sb(q, 200, &b, "application/json");
    case R_METRICS: {
        srv_version **vs = calloc((size_t)S.nmodels + 1, sizeof *vs);
        int n = 0;
        for (int i = 0; vs && i < S.nmodels; i++)
            if (S.models[i].cur)
                vs[n++] = S.models[i].cur;
        srv_metrics_text(&b, vs, n, &S.gm);
        free(vs);
        return reply_sb(q, 200, &b, "text/plain; version=0.0.4; charset=utf-8");
    }
    case R_MODEL: {
        srv_version *v = lookup(q, model, version, &res);
        if (!v)
            return res;
        srv_version_metadata(v, &b);
        return reply_sb(q, 200, &b, "application/json");
    }
    case R_MODEL_READY: {
        srv_version *v = lookup(q, model, version, &res);
        if (!v)
            return res;
        sb_puts(&b, "{\"name\":");
        sb_json_string(&b, v->model, strlen(v->model));
        sb_puts(&b, S.draining ? ",\"ready\":false}" : ",\"ready\":true}");
        return reply_sb(q, S.draining ? 400 : 200, &b, "application/json");
    }
    default:
        return reply_error(q, 404, "no such endpoint");
    }
}

static enum MHD_Result answer_index(req *q)
{
    sbuf b;
    sb_init(&b, 0);
    sb_puts(&b, "[");
    for (int i = 0; i < S.nmodels; i++) {
        model_slot *s = &S.models[i];
        sb_puts(&b, i ? ",{\"name\":" : "{\"name\":");
        sb_json_string(&b, s->name, strlen(s->name));
        if (s->cur) {
            sb_puts(&b, ",\"version\":");
            sb_json_string(&b, s->cur->version, strlen(s->cur->version));
        }
        sb_puts(&b, s->cur ? ",\"state\":\"READY\"}" : ",\"state\":\"UNAVAILABLE\",\"reason\":\"unloaded\"}");
    }
    sb_puts(&b, "]");
    return reply_sb(q, 200, &b, "application/json");
}

/* ---- the access handler ---------------------------------------------------------------------- */
static bool budget_take(req *q, uint64_t n)
{
    uint64_t total = __atomic_add_fetch(&S.gm.inflight_bytes, n, __ATOMIC_RELAXED);
    q->reserved += n;
    return total <= S.o.max_inflight_bytes;
}

static bool queue_full(const srv_version *v)
{
    return __atomic_load_n(&v->met.pending, __ATOMIC_RELAXED) >= (int64_t)v->lim.max_queue &&
           v->outstanding >= v->ninst + (int)v->lim.max_queue;
}

static enum MHD_Result first_call(req *q, const char *url, const char *method)
{
    char model[256], version[256];
    q->route = route_of(url, model, version);
    if (q->route == R_NONE)
        return reply_error(q, 404, "no such endpoint: %.200s", url);
    if (!method_ok(q->route, method))
        return reply_error(q, 405, "%s is not allowed on %.200s", method, url);
    if (q->route != R_INFER && q->route != R_LOAD && q->route != R_UNLOAD && q->route != R_INDEX) {
        /* answered once the (empty) body is read: a response queued before
         * that makes libmicrohttpd close the connection */
        q->get = true;
        return MHD_YES;
    }
    if ((q->route == R_LOAD || q->route == R_UNLOAD || q->route == R_INDEX) && !S.o.model_control)
        return reply_error(q, 400, "model control is off: start the server with --model-control-mode explicit");
    if (S.quiesced) {
        reject(REJECT_DRAINING);
        return reply_error(q, 503, "the server is shutting down");
    }
    const char *enc = MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_ENCODING);
    if (enc && strcmp(enc, "identity") != 0)
        return reply_error(q, 400, "Content-Encoding '%.50s' is not supported: send the body uncompressed", enc);
    const char *cl = MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    unsigned long long clen = 0;
    if (cl) {
        char *end;
        errno = 0;
        clen = strtoull(cl, &end, 10);
        if (errno || *end || end == cl)
            clen = ULLONG_MAX;
    }
    if (clen > S.o.max_body_bytes) {
        reject(REJECT_TOO_LARGE);
        return reply_error(q, 413, "the body has %s bytes, more than the limit of %llu", cl,
                           (unsigned long long)S.o.max_body_bytes);
    }
    if (q->route == R_INDEX)
        return MHD_YES;
    if (q->route == R_LOAD || q->route == R_UNLOAD) {
        model_slot *s = find_model(model);
        if (q->route == R_UNLOAD) {
            if (!s || !s->cur)
                return reply_error(q, 400, "model '%s' is not loaded", model);
            return MHD_YES;
        }
        if (!s) {
            /* a new model folder in the repository */
            if (!S.o.repository || strchr(model, '/') || model[0] == '.' || !model[0])
                return reply_error(q, 400, "no model '%s' in the repository", model);
            char path[4200], err[300];
            snprintf(path, sizeof path, "%s/%s", S.o.repository, model);
            if (S.nmodels == S.cap) {
                int cap = S.cap ? S.cap * 2 : 8;
                model_slot *p = realloc(S.models, (size_t)cap * sizeof *p);
                if (!p)
                    return reply_error(q, 500, "out of memory");
                S.models = p;
                S.cap = cap;
            }
            s = &S.models[S.nmodels];
            memset(s, 0, sizeof *s);
            s->name = strdup(model);
            s->source = strdup(path);
            s->is_dir = true;
            if (!s->name || !s->source) {
                free(s->name);
                free(s->source);
                snprintf(err, sizeof err, "out of memory");
                return reply_error(q, 500, "%s", err);
            }
            S.nmodels++;
        }
        if (s->loading)
            return reply_error(q, 400, "model '%s' is already being loaded", model);
        q->slot = s;
        return MHD_YES;
    }
    enum MHD_Result res = MHD_YES;
    srv_version *v = lookup(q, model, version, &res);
    if (!v)
        return res;
    if (queue_full(v)) {
        reject(REJECT_QUEUE_FULL);
        return reply_error(q, 503, "model '%s' has %d requests queued, its limit: retry later", v->model,
                           (int)v->lim.max_queue);
    }
    if (!budget_take(q, clen)) {
        reject(REJECT_BUDGET);
        return reply_error(q, 503, "the server holds too many request bytes; retry later");
    }
    q->v = v;
    srv_version_ref(v);
    sb_init(&q->body, (size_t)S.o.max_body_bytes);
    return MHD_YES;
}

static enum MHD_Result body_complete(req *q)
{
    if (q->too_large) {
        reject(REJECT_TOO_LARGE);
        return reply_error(q, 413, "the body is larger than the limit of %llu bytes",
                           (unsigned long long)S.o.max_body_bytes);
    }
    if (q->body.failed)
        return reply_error(q, 500, "out of memory");
    if (q->route == R_INDEX)
        return answer_index(q);
    srv_job *j = calloc(1, sizeof *j);
    if (!j)
        return reply_error(q, 500, "out of memory");
    j->owner = q;
    j->t_enqueue = uv_hrtime();
    j->header_len = -1;
    if (q->route == R_LOAD) {
        j->kind = JOB_LOAD;
        j->load_model = strdup(q->slot->name);
        j->load_dir = strdup(q->slot->source);
        j->load_single = q->slot->single;
        if (!j->load_model || !j->load_dir) {
            srv_job_free(j);
            return reply_error(q, 500, "out of memory");
        }
        if (!q->slot->is_dir) {
            /* a model given as a file reloads from the same file */
            srv_job_free(j);
            char err[1200];
            srv_version *nv = srv_load_from_file(q->slot->name, q->slot->source, &S.o.model, err, sizeof err);
            if (!nv) {
                srv_metric_add(&S.gm.load_failures, 1);
                return reply_error(q, 400, "%s", err);
            }
            srv_version_unref(q->slot->cur);
            q->slot->cur = nv;
            return reply_json(q, 200, "{}");
        }
        q->slot->loading = true;
    } else {
        const char *h = MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, "Inference-Header-Content-Length");
        if (h) {
            char *end;
            errno = 0;
            long long n = strtoll(h, &end, 10);
            if (errno || *end || end == h || n < 0) {
                free(j);
                return reply_error(q, 400, "Inference-Header-Content-Length must be a byte count, got '%.40s'", h);
            }
            j->header_len = n;
        }
        if (queue_full(q->v)) {
            free(j);
            reject(REJECT_QUEUE_FULL);
            return reply_error(q, 503, "model '%s' has %d requests queued, its limit: retry later", q->v->model,
                               (int)q->v->lim.max_queue);
        }
        j->kind = JOB_INFER;
        j->v = q->v;
        srv_version_ref(j->v);
        j->body = q->body.data;
        j->len = q->body.len;
        q->body.data = NULL;
        if (q->v->lim.timeout_ms)
            j->deadline_ns = j->t_enqueue + q->v->lim.timeout_ms * 1000000u;
        q->v->outstanding++;
    }
    MHD_suspend_connection(q->conn);
    q->suspended = true;
    srv_sched_submit(S.sched, j);
    return MHD_YES;
}

static enum MHD_Result job_response(req *q)
{
    srv_job *j = q->job;
    if (j->kind == JOB_LOAD) {
        if (j->status != 200)
            return reply_error(q, j->status, "%s", j->err);
        return reply_json(q, 200, "{}");
    }
    if (j->status != 200)
        return reply_error(q, j->status, "%s", j->err);
    char *body = j->resp;
    j->resp = NULL;
    return reply(q, 200, body, j->resp_len,
                 j->resp_header_len >= 0 ? "application/octet-stream" : "application/json", j->resp_header_len);
}

static enum MHD_Result access_cb(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                 const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    req *q = *con_cls;
    if (!q) {
        q = calloc(1, sizeof *q);
        if (!q)
            return MHD_NO;
        q->conn = c;
        *con_cls = q;
        S.active++;
        return first_call(q, url, method);
    }
    if (q->job)
        return job_response(q);
    if (q->responded) {
        *upload_size = 0;
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (q->too_large)
            return MHD_YES;
        if (q->body.len + n > S.o.max_body_bytes) {
            /* a chunked body over the limit: drop it, answer 413 at its end */
            q->too_large = true;
            sb_free(&q->body);
            return MHD_YES;
        }
        if (q->reserved < q->body.len + n && !budget_take(q, q->body.len + n - q->reserved)) {
            q->too_large = true;
            sb_free(&q->body);
            return MHD_YES;
        }
        sb_put(&q->body, upload, n);
        return MHD_YES;
    }
    if (q->get) {
        char model[256], ver[256];
        route_of(url, model, ver);
        return answer_get(q, model, ver);
    }
    if (q->route == R_UNLOAD) {
        char model[256], ver[256];
        route_of(url, model, ver);
        model_slot *s = find_model(model);
        if (!s || !s->cur)
            return reply_error(q, 400, "model '%s' is not loaded", model);
        srv_version_unref(s->cur);
        s->cur = NULL;
        return reply_json(q, 200, "{}");
    }
    return body_complete(q);
}

static void completed_cb(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    req *q = *con_cls;
    if (!q)
        return;
    sb_free(&q->body);
    if (q->reserved)
        __atomic_sub_fetch(&S.gm.inflight_bytes, q->reserved, __ATOMIC_RELAXED);
    if (q->v)
        srv_version_unref(q->v);
    srv_job_free(q->job);
    free(q);
    *con_cls = NULL;
    S.active--;
}

static void connection_cb(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    __atomic_add_fetch(&S.gm.connections, toe == MHD_CONNECTION_NOTIFY_STARTED ? 1 : -1, __ATOMIC_RELAXED);
}

/* ---- finished jobs ------------------------------------------------------------------------ */
static void on_wake(uv_async_t *h)
{
    srv_job *j = srv_sched_done(S.sched);
    while (j) {
        srv_job *next = j->next;
        j->next = NULL;
        req *q = j->owner;
        if (j->kind == JOB_INFER) {
            j->v->outstanding--;
            srv_metric_add(&j->v->met.request_us, (j->t_done - j->t_enqueue) / 1000);
            q->reserved += j->out_bytes; /* counted by the worker, released with the request */
        } else {
            q->slot->loading = false;
            if (j->status == 200) {
                if (q->slot->cur)
                    srv_version_unref(q->slot->cur);
                q->slot->cur = j->loaded; /* the swap: new requests get the new version */
                j->loaded = NULL;
            } else {
                srv_metric_add(&S.gm.load_failures, 1); /* the old version keeps serving */
            }
        }
        q->job = j;
        q->suspended = false;
        MHD_resume_connection(q->conn);
        j = next;
    }
    pump();
}

/* ---- the loop ------------------------------------------------------------------------------ */
static void on_timer(uv_timer_t *t) { pump(); }
static void on_poll(uv_poll_t *p, int status, int events) { pump(); }

static void pump(void)
{
    if (!S.d)
        return;
    MHD_run(S.d);
    MHD_UNSIGNED_LONG_LONG to;
    if (MHD_get_timeout(S.d, &to) == MHD_YES)
        uv_timer_start(&S.timer, on_timer, to, 0);
    else
        uv_timer_stop(&S.timer);
}

static void close_cb(uv_handle_t *h) {}

static void stop_server(void)
{
    if (S.stopped)
        return;
    S.stopped = true;
    uv_timer_stop(&S.drain_timer);
    uv_poll_stop(&S.poll);
    MHD_stop_daemon(S.d);
    S.d = NULL;
    srv_sched_free(S.sched);
    S.sched = NULL;
    uv_close((uv_handle_t *)&S.poll, close_cb);
    uv_close((uv_handle_t *)&S.timer, close_cb);
    uv_close((uv_handle_t *)&S.drain_timer, close_cb);
    uv_close((uv_handle_t *)&S.wake, close_cb);
    uv_close((uv_handle_t *)&S.sigterm, close_cb);
    uv_close((uv_handle_t *)&S.sigint, close_cb);
}

static void drain_tick(uv_timer_t *t)
{
    uint64_t now = uv_hrtime();
    if (!S.quiesced) {
        if (now < S.drain_start)
            return;
        /* stop accepting: new connections are refused, open ones answered 503 */
        MHD_socket fd = MHD_quiesce_daemon(S.d);
        if (fd != MHD_INVALID_SOCKET)
            close(fd);
        S.quiesced = true;
        fprintf(stderr, "tirvm: serve: draining %d request%s\n", S.active, S.active == 1 ? "" : "s");
    }
    uint64_t drain_end = S.drain_start + (uint64_t)S.o.drain_timeout_ms * 1000000u;
    int busy = srv_sched_busy(S.sched);
    if (!S.cancelled && now >= drain_end && busy) {
        fprintf(stderr, "tirvm: serve: drain timeout: cancelling %d call%s\n", busy, busy == 1 ? "" : "s");
        srv_sched_cancel_all(S.sched);
        S.cancelled = true;
    }
    if (busy == 0 && (S.active == 0 || now >= drain_end + 1000000000u)) {
        fprintf(stderr, "tirvm: serve: stopped\n");
        stop_server();
    }
}

static void on_signal(uv_signal_t *h, int signum)
{
    if (S.draining) {
        if (signum == SIGINT && !S.cancelled) { /* a second Ctrl-C: cancel what runs */
            srv_sched_cancel_all(S.sched);
            S.cancelled = true;
        }
        return;
    }
    S.draining = true;
    unsigned delay = signum == SIGTERM ? S.o.shutdown_delay_ms : 0;
    fprintf(stderr, "tirvm: serve: %s: not ready; draining in %u ms\n", signum == SIGTERM ? "SIGTERM" : "SIGINT",
            delay);
    S.drain_start = uv_hrtime() + (uint64_t)delay * 1000000u;
    uv_timer_start(&S.drain_timer, drain_tick, 0, 20);
}

int http_serve(const srv_options *o, const char *address, int port, const char *port_file)
{
    S.o = *o;
    S.loop = uv_default_loop();
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    unsigned flags = MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    if (inet_pton(AF_INET, address, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)port);
    } else if (inet_pton(AF_INET6, address, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        flags |= MHD_USE_IPv6;
    } else {
        fprintf(stderr, "tirvm: error: --http-address '%s' is not an IPv4 or IPv6 address\n", address);
        return 2;
    }
    S.d = MHD_start_daemon(flags, 0, NULL, NULL, access_cb, NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&ss,
                           MHD_OPTION_CONNECTION_LIMIT, (unsigned)S.o.max_connections,
                           MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)S.o.idle_timeout_s,
                           MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
                           MHD_OPTION_LISTEN_BACKLOG_SIZE, 128u,
                           MHD_OPTION_NOTIFY_COMPLETED, completed_cb, NULL,
                           MHD_OPTION_NOTIFY_CONNECTION, connection_cb, NULL,
                           MHD_OPTION_END);
    if (!S.d) {
        fprintf(stderr, "tirvm: error: cannot listen on %s port %d (in use, or not allowed)\n", address, port);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(S.d, MHD_DAEMON_INFO_EPOLL_FD);
    const union MHD_DaemonInfo *lfd = MHD_get_daemon_info(S.d, MHD_DAEMON_INFO_LISTEN_FD);
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    int bound_port = port;
    if (lfd && getsockname(lfd->listen_fd, (struct sockaddr *)&bound, &blen) == 0)
        bound_port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                       : ((struct sockaddr_in *)&bound)->sin_port);
    uv_async_init(S.loop, &S.wake, on_wake);
    S.sched = srv_sched_new(S.o.workers, &S.o, &S.gm.inflight_bytes, &S.wake);
    if (!info || !S.sched) {
        fprintf(stderr, "tirvm: error: cannot start the server's threads\n");
        MHD_stop_daemon(S.d);
        return 1;
    }
    uv_poll_init(S.loop, &S.poll, info->epoll_fd);
    uv_poll_start(&S.poll, UV_READABLE, on_poll);
    uv_timer_init(S.loop, &S.timer);
    uv_timer_init(S.loop, &S.drain_timer);
    uv_signal_init(S.loop, &S.sigterm);
    uv_signal_init(S.loop, &S.sigint);
    uv_signal_start(&S.sigterm, on_signal, SIGTERM);
    uv_signal_start(&S.sigint, on_signal, SIGINT);
    signal(SIGPIPE, SIG_IGN);
    if (port_file) {
        char tmp[4200];
        snprintf(tmp, sizeof tmp, "%s.tmp", port_file);
        FILE *f = fopen(tmp, "w");
        if (!f || fprintf(f, "%d\n", bound_port) < 0 || fclose(f) != 0 || rename(tmp, port_file) != 0) {
            fprintf(stderr, "tirvm: error: cannot write the port file %s\n", port_file);
            S.draining = true;
            S.drain_start = 0;
            S.o.drain_timeout_ms = 0;
            uv_timer_start(&S.drain_timer, drain_tick, 0, 20);
            S.exit_code = 2;
        }
    }
    fprintf(stderr, "tirvm: serving %d model%s on http://%s%s%s:%d\n", S.nmodels, S.nmodels == 1 ? "" : "s",
            ss.ss_family == AF_INET6 ? "[" : "", address, ss.ss_family == AF_INET6 ? "]" : "", bound_port);
    pump();
    uv_run(S.loop, UV_RUN_DEFAULT);
    for (int i = 0; i < S.nmodels; i++) {
        srv_version_unref(S.models[i].cur);
        free(S.models[i].name);
        free(S.models[i].source);
    }
    free(S.models);
    uv_loop_close(S.loop);
    return S.exit_code;
}

void http_init_options(const srv_options *o) { S.o = *o; }
