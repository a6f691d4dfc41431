/* The HTTP side of tirvm serve: libmicrohttpd in external-epoll mode on the
 * libuv loop (uv_poll on MHD's epoll fd, a uv_timer on MHD_get_timeout),
 * routing, the health/metadata/metrics answers, body accumulation with
 * limits, admission, suspend/resume around jobs, model control and the
 * SIGTERM drain.  Everything here runs on the loop thread. */
#define _GNU_SOURCE 1 /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
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
    bool failed;      /* its last load failed and nothing serves it: not ready */
} model_slot;

enum route {
    R_NONE, R_LIVE, R_READY, R_SERVER, R_METRICS, R_MODEL, R_MODEL_READY, R_INFER, R_INDEX, R_LOAD, R_UNLOAD,
};

typedef struct conn conn;

typedef struct req {
    enum route route;
    struct MHD_Connection *conn;
    conn *cn;           /* its connection's state; NULL when it could not be allocated */
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
    uv_check_t check;
    uv_idle_t idle;
    int mhd_fd;             /* libmicrohttpd's epoll descriptor */
    srv_job *here, **here_tail; /* short requests to run on the loop thread or hand off (on_check) */
    uv_signal_t sigterm, sigint;
    srv_sched *sched;
    model_slot *models;
    int nmodels, cap;
    srv_global_metrics gm;
    bool draining, quiesced, cancelled, stopped;
    /* the listening socket: accepted here, handed to libmicrohttpd, or
     * answered 503 when over a connection limit */
    int lfd;
    uv_poll_t lpoll;
    uv_timer_t accept_timer, sweep_timer;
    conn *conns;  /* open connections, for the header deadline and the body rate */
    unsigned nconns;
    struct addr_slot *addrs; /* open connections per client address (open addressing) */
    size_t addr_mask;
    struct lingering { int fd; uint64_t until; } linger[64]; /* refused, closing once the client is done */
    int nlinger;
    uint64_t drain_start;
    int active; /* requests between their first handler call and their completion */
    int exit_code;
} S;

static void pump(void);
static void job_finished(req *q, srv_job *j);
static void hold_short(srv_job *j);

/* ---- models ------------------------------------------------------------------------------ */
static model_slot *find_model(const char *name)
{
    for (int i = 0; i < S.nmodels; i++)
        if (strcmp(S.models[i].name, name) == 0)
            return &S.models[i];
    return NULL;
}

/* The models with a version loaded, for the scheduler's worker caps. */
static void models_changed(void)
{
    int n = 0;
    for (int i = 0; i < S.nmodels; i++)
        n += S.models[i].cur != NULL;
    if (S.sched)
        srv_sched_set_models(S.sched, n);
}

int http_add_model(const char *name, const char *source, bool is_dir, bool single, char *err, size_t err_len)
{
    if (find_model(name)) {
        snprintf(err, err_len, "two models are named '%s'", name);
        return -1;
    }
    /* A model that fails to load still gets its slot: it answers not
     * ready, and the others are served. */
    srv_version *v = is_dir ? srv_load_from_dir(name, source, single, &S.o.model, err, err_len)
                            : srv_load_from_file(name, source, &S.o.model, err, err_len);
    if (!v)
        srv_metric_add(&S.gm.load_failures, 1);
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
    s->failed = !v;
    if (!s->name || !s->source) {
        free(s->name);
        free(s->source);
        srv_version_unref(v);
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    S.nmodels++;
    return v ? 0 : -1;
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
    if (s && !s->cur && s->failed) {
        if (q->route == R_MODEL_READY) {
            sbuf b;
            sb_init(&b, 0);
            sb_puts(&b, "{\"name\":");
            sb_json_string(&b, s->name, strlen(s->name));
            sb_puts(&b, ",\"ready\":false}");
            *res = reply_sb(q, 400, &b, "application/json");
        } else {
            *res = reply_error(q, 503, "model '%s' is not ready: it failed to load (the server's log says why)",
                               model);
        }
        return NULL;
    }
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
        sb_puts(&b, s->cur      ? ",\"state\":\"READY\"}"
                    : s->failed ? ",\"state\":\"UNAVAILABLE\",\"reason\":\"load failed\"}"
                                : ",\"state\":\"UNAVAILABLE\",\"reason\":\"unloaded\"}");
    }
    sb_puts(&b, "]");
    return reply_sb(q, 200, &b, "application/json");
}

/* ---- connections: admission, the header deadline, the body rate --------------------------------
 * The server accepts connections itself: one over --max-connections, or over
 * --max-connections-per-address from its client's address, is answered 503 at
 * once and closed (libmicrohttpd would leave it in the listen backlog, or close
 * it without a word).  The rest go to libmicrohttpd, whose connection
 * callbacks keep each one's state here.  A sweep every SWEEP_MS closes those
 * whose request line and headers are late (--header-timeout-s) or whose body
 * arrives too slowly (--min-body-rate after --body-grace-s): a 408 is written
 * and the socket shut down, which libmicrohttpd sees as a hang-up.  Its idle
 * timeout alone cannot do this, since a client sending a byte now and then is
 * never idle. */
#define SWEEP_MS 250
#define LINGER_NS 2000000000u /* a refused connection's time to read its 503 and close */

struct conn {
    conn *prev, *next;
    struct MHD_Connection *c;
    int fd;
    uint64_t deadline;   /* uv_hrtime by which the request line and headers are due; 0: they are in */
    uint64_t body_start; /* when the body began; 0: no body being read */
    uint64_t body_bytes;
    unsigned char key[17]; /* the client address as the per-address limit counts it; key[0] 0: not counted */
    bool closing;          /* shut down by the sweep */
};

struct addr_slot {
    unsigned char key[17]; /* key[0]: 0 empty, 4 IPv4, 6 IPv6 */
    unsigned count;
};

/* The address a connection counts against: an IPv4 address, or an IPv6
 * address's /64 (one host usually holds a whole /64). */
static void addr_key(const struct sockaddr *sa, unsigned char key[17])
{
    memset(key, 0, 17);
    if (!sa)
        return;
    if (sa->sa_family == AF_INET) {
        key[0] = 4;
        memcpy(key + 1, &((const struct sockaddr_in *)sa)->sin_addr, 4);
    } else if (sa->sa_family == AF_INET6) {
        const unsigned char *a = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        static const unsigned char v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(a, v4mapped, 12) == 0) {
            key[0] = 4;
            memcpy(key + 1, a + 12, 4);
        } else {
            key[0] = 6;
            memcpy(key + 1, a, 8);
        }
    }
}

static size_t addr_hash(const unsigned char key[17])
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (int i = 0; i < 17; i++)
        h = (h ^ key[i]) * 1099511628211u;
    return (size_t)(h ^ (h >> 29));
}

/* The slot holding key, or the empty slot where it would go. */
static size_t addr_find(const unsigned char key[17])
{
    size_t i = addr_hash(key) & S.addr_mask;
    while (S.addrs[i].key[0] && memcmp(S.addrs[i].key, key, 17) != 0)
        i = (i + 1) & S.addr_mask;
    return i;
}

static unsigned addr_count(const unsigned char key[17])
{
    if (!S.addrs || !key[0])
        return 0;
    const struct addr_slot *s = &S.addrs[addr_find(key)];
    return s->key[0] ? s->count : 0;
}

static void addr_add(const unsigned char key[17])
{
    struct addr_slot *s = &S.addrs[addr_find(key)];
    if (!s->key[0]) {
        memcpy(s->key, key, 17);
        s->count = 0; /* an empty slot's count is stale */
    }
    s->count++;
}

static void addr_remove(const unsigned char key[17])
{
    size_t i = addr_find(key);
    if (!S.addrs[i].key[0] || --S.addrs[i].count)
        return;
    /* backward-shift deletion: no tombstones */
    for (size_t j = i;;) {
        S.addrs[i].key[0] = 0;
        for (;;) {
            j = (j + 1) & S.addr_mask;
            if (!S.addrs[j].key[0])
                return;
            size_t k = addr_hash(S.addrs[j].key) & S.addr_mask;
            /* an entry whose home lies cyclically in (i, j] stays */
            if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
                continue;
            S.addrs[i] = S.addrs[j];
            i = j;
            break;
        }
    }
}

/* Reads and drops what the client sent; true at its end (or an error). */
static bool drain_fd(int fd)
{
    char buf[4096];
    for (int i = 0; i < 16; i++) {
        ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return true;
        if (n < 0 && errno != EINTR)
            return false;
    }
    return false;
}

/* Writes a whole response with a JSON error body, if the socket takes it now. */
static void raw_answer(int fd, const char *status, const char *msg, bool retry)
{
    size_t blen;
    char *body = json_error_body(msg, &blen);
    char head[256];
    int hlen = snprintf(head, sizeof head,
                        "HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n%s"
                        "Connection: close\r\n\r\n",
                        status, body ? blen : 0, retry ? "Retry-After: 1\r\n" : "");
    struct iovec iov[2] = {{head, (size_t)hlen}, {body, body ? blen : 0}};
    struct msghdr mh = {.msg_iov = iov, .msg_iovlen = 2};
    ssize_t n = sendmsg(fd, &mh, MSG_DONTWAIT | MSG_NOSIGNAL);
    (void)n; /* best effort: a client that does not read gets the close alone */
    free(body);
}

static void sweep(uv_timer_t *t);

static void sweep_start(void)
{
    if (!uv_is_active((uv_handle_t *)&S.sweep_timer) && !S.stopped)
        uv_timer_start(&S.sweep_timer, sweep, SWEEP_MS, SWEEP_MS);
}

/* Answers 503 and closes once the client has read it: closing with its
 * request unread would reset the connection, and the reset can destroy the
 * answer before the client reads it. */
static void refuse(int fd, enum srv_conn_close why, const char *msg)
{
    srv_metric_add(&S.gm.conn_closed[why], 1);
    raw_answer(fd, "503 Service Unavailable", msg, true);
    shutdown(fd, SHUT_WR);
    if (drain_fd(fd) || S.nlinger == (int)(sizeof S.linger / sizeof S.linger[0])) {
        close(fd);
        return;
    }
    S.linger[S.nlinger].fd = fd;
    S.linger[S.nlinger].until = uv_hrtime() + LINGER_NS;
    S.nlinger++;
    sweep_start();
}

static void cut_off(conn *cn, enum srv_conn_close why, const char *msg)
{
    srv_metric_add(&S.gm.conn_closed[why], 1);
    raw_answer(cn->fd, "408 Request Timeout", msg, false);
    /* both ways: libmicrohttpd's epoll sees a hang-up and closes the connection */
    shutdown(cn->fd, SHUT_RDWR);
    cn->closing = true;
}

static void sweep(uv_timer_t *t)
{
    uint64_t now = uv_hrtime();
    bool cut = false;
    char msg[200];
    for (conn *cn = S.conns; cn; cn = cn->next) {
        if (cn->closing)
            continue;
        if (cn->deadline && now >= cn->deadline) {
            snprintf(msg, sizeof msg, "the request line and headers did not arrive within %u s",
                     S.o.header_timeout_s);
            cut_off(cn, CLOSE_HEADER_TIMEOUT, msg);
            cut = true;
        } else if (cn->body_start && S.o.min_body_rate) {
            /* the body's time: the grace period plus a second per min_body_rate bytes */
            uint64_t grace = (uint64_t)S.o.body_grace_s * 1000000000u, el = now - cn->body_start;
            if (el > grace && (double)cn->body_bytes < (double)(el - grace) * 1e-9 * (double)S.o.min_body_rate) {
                snprintf(msg, sizeof msg, "the request body arrived slower than %llu bytes per second",
                         (unsigned long long)S.o.min_body_rate);
                cut_off(cn, CLOSE_SLOW_BODY, msg);
                cut = true;
            }
        }
    }
    for (int i = 0; i < S.nlinger;) {
        if (drain_fd(S.linger[i].fd) || now >= S.linger[i].until) {
            close(S.linger[i].fd);
            S.linger[i] = S.linger[--S.nlinger];
        } else {
            i++;
        }
    }
    if (cut)
        pump();
    if (!S.conns && !S.nlinger)
        uv_timer_stop(t);
}

/* The header deadline of a request that starts now: for a kept-alive
 * connection libmicrohttpd's idle timeout bounds the wait for its first byte,
 * so the headers are due the idle timeout later still. */
static uint64_t header_deadline(bool first)
{
    if (!S.o.header_timeout_s)
        return 0;
    uint64_t s = S.o.header_timeout_s + (first ? 0 : S.o.idle_timeout_s);
    return uv_hrtime() + s * 1000000000u;
}

static void connection_cb(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    __atomic_add_fetch(&S.gm.connections, toe == MHD_CONNECTION_NOTIFY_STARTED ? 1 : -1, __ATOMIC_RELAXED);
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        S.nconns++;
        conn *cn = calloc(1, sizeof *cn);
        *socket_context = cn;
        if (!cn)
            return; /* untracked: only libmicrohttpd's idle timeout applies */
        const union MHD_ConnectionInfo *fi = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *ai = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        cn->c = c;
        cn->fd = fi ? fi->connect_fd : -1;
        cn->deadline = header_deadline(true);
        if (S.addrs && ai) {
            addr_key(ai->client_addr, cn->key);
            if (cn->key[0])
                addr_add(cn->key);
        }
        cn->next = S.conns;
        if (S.conns)
            S.conns->prev = cn;
        S.conns = cn;
        sweep_start();
        return;
    }
    S.nconns--;
    conn *cn = *socket_context;
    if (!cn)
        return;
    if (cn->key[0])
        addr_remove(cn->key);
    if (cn->prev)
        cn->prev->next = cn->next;
    else
        S.conns = cn->next;
    if (cn->next)
        cn->next->prev = cn->prev;
    free(cn);
    *socket_context = NULL;
}

static conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *i = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return i ? i->socket_context : NULL;
}

static void on_accept(uv_poll_t *p, int status, int events);

static void resume_accept(uv_timer_t *t)
{
    if (S.lfd >= 0)
        uv_poll_start(&S.lpoll, UV_READABLE, on_accept);
}

static void on_accept(uv_poll_t *p, int status, int events)
{
    bool added = false;
    for (int i = 0; i < 64 && S.lfd >= 0; i++) {
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        int fd = accept4(S.lfd, (struct sockaddr *)&ss, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                /* out of descriptors or memory: the readable socket would
                 * spin the loop, so look again in a moment */
                uv_poll_stop(&S.lpoll);
                uv_timer_start(&S.accept_timer, resume_accept, 100, 0);
            }
            break;
        }
        char msg[200];
        if (S.nconns >= S.o.max_connections) {
            snprintf(msg, sizeof msg, "the server has %u connections open, its limit: retry later", S.nconns);
            refuse(fd, CLOSE_MAX_CONNECTIONS, msg);
            continue;
        }
        if (S.addrs) {
            unsigned char key[17];
            addr_key((struct sockaddr *)&ss, key);
            if (addr_count(key) >= S.o.max_connections_per_address) {
                snprintf(msg, sizeof msg, "your address has %u connections open, the limit per address",
                         addr_count(key));
                refuse(fd, CLOSE_PER_ADDRESS, msg);
                continue;
            }
        }
        /* closes the socket itself when it fails */
        if (MHD_add_connection(S.d, fd, (struct sockaddr *)&ss, len) == MHD_YES)
            added = true;
    }
    if (added)
        pump();
}

static void close_cb(uv_handle_t *h) {}

static void stop_accepting(void)
{
    if (S.lfd < 0)
        return;
    uv_timer_stop(&S.accept_timer);
    uv_close((uv_handle_t *)&S.lpoll, close_cb); /* stops polling; the descriptor stays ours */
    close(S.lfd);
    S.lfd = -1;
}

/* A listening socket as libmicrohttpd makes one (SO_REUSEADDR; IPv6 only
 * on an IPv6 address), or -1. */
static int listen_on(const struct sockaddr *sa, socklen_t len)
{
    int fd = socket(sa->sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (sa->sa_family == AF_INET6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (bind(fd, sa, len) != 0 || listen(fd, 511) != 0) {
        close(fd);
        return -1;
    }
    return fd;
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
    if (cl && clen) {
        /* the whole body in one allocation, its binary part (after the
         * JSON header) 64-byte aligned so that the decoder can bind a
         * tensor where it lies instead of copying it */
        const char *h = MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, "Inference-Header-Content-Length");
        unsigned long long hlen = 0;
        if (h) {
            char *end;
            errno = 0;
            hlen = strtoull(h, &end, 10);
            if (errno || *end || end == h || hlen > clen)
                hlen = 0; /* refused or reported by body_complete */
        }
        if (!sb_prepare(&q->body, (size_t)clen, (size_t)hlen))
            return reply_error(q, 500, "out of memory");
    }
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
    j->client_fd = -1;
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
            q->slot->failed = false;
            models_changed();
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
        j->len = q->body.len;
        j->body = sb_take(&q->body, &j->body_mem);
        if (q->v->lim.timeout_ms)
            j->deadline_ns = j->t_enqueue + q->v->lim.timeout_ms * 1000000u;
        /* a queued request's socket tells whether its client is still
         * there when a worker takes it (a suspended connection is not
         * polled, so its close is seen nowhere else) */
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(q->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        j->client_fd = ci ? (int)ci->connect_fd : -1;
        q->v->outstanding++;
    }
    MHD_suspend_connection(q->conn);
    q->suspended = true;
    if (j->kind == JOB_INFER && srv_sched_is_short(S.sched, j)) {
        hold_short(j); /* run here or handed off once this turn's I/O is handled */
        return MHD_YES;
    }
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
        q->cn = conn_of(c);
        enum MHD_Result r = first_call(q, url, method);
        if (q->cn) {
            /* the headers are in; the body, if one is still to be read, is timed */
            q->cn->deadline = 0;
            q->cn->body_start = q->responded || r != MHD_YES ? 0 : uv_hrtime();
            q->cn->body_bytes = 0;
        }
        return r;
    }
    if (q->cn && !*upload_size)
        q->cn->body_start = 0; /* the body is complete */
    if (q->job)
        return job_response(q);
    if (q->responded) {
        *upload_size = 0;
        if (q->cn)
            q->cn->body_start = 0;
        return MHD_YES;
    }
    if (*upload_size) {
        size_t n = *upload_size;
        *upload_size = 0;
        if (q->cn)
            q->cn->body_bytes += n;
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
        models_changed();
        return reply_json(q, 200, "{}");
    }
    return body_complete(q);
}

static void completed_cb(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    conn *cn = conn_of(c);
    if (cn) {
        /* a kept-alive connection waits for its next request */
        cn->deadline = header_deadline(false);
        cn->body_start = 0;
    }
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

/* ---- short calls on the loop thread -------------------------------------------------------
 * Handing a request to a worker and its answer back costs two thread
 * wake-ups, tens of microseconds each, as much as a small model's call.
 * So a request whose call is expected to be short (srv_sched_is_short)
 * waits until the loop has handled this turn's I/O: if it is then the only
 * such request, no other connection or new one has anything to read, and
 * nothing waits in the queue, the loop thread runs it itself; otherwise it
 * goes to the workers.  Under load the loop thread never runs calls, and
 * it never runs one while another client waits for it. */
static bool io_waiting(void)
{
    struct pollfd pf[2] = {{S.mhd_fd, POLLIN, 0}, {S.lfd, POLLIN, 0}};
    return poll(pf, S.lfd >= 0 ? 2 : 1, 0) != 0;
}

static void on_idle(uv_idle_t *h) {}

static void hold_short(srv_job *j)
{
    if (!S.here)
        uv_idle_start(&S.idle, on_idle); /* the loop must not sleep before on_check sees it */
    *S.here_tail = j;
    S.here_tail = &j->next;
}

static void on_check(uv_check_t *h)
{
    while (S.here) { /* answering one may read the next request */
        srv_job *j = S.here;
        S.here = NULL;
        S.here_tail = &S.here;
        bool alone = !j->next && !io_waiting(), answered = false;
        while (j) {
            srv_job *next = j->next;
            j->next = NULL;
            req *q = j->owner;
            if (alone && srv_sched_run_here(S.sched, j)) {
                job_finished(q, j);
                q->suspended = false;
                MHD_resume_connection(q->conn);
                answered = true;
            } else {
                srv_sched_submit(S.sched, j);
            }
            j = next;
        }
        if (answered)
            pump();
    }
    uv_idle_stop(&S.idle);
}

/* ---- finished jobs ------------------------------------------------------------------------ */
static void on_wake(uv_async_t *h)
{
    srv_job *j = srv_sched_done(S.sched);
    while (j) {
        srv_job *next = j->next;
        j->next = NULL;
        req *q = j->owner;
        job_finished(q, j);
        q->suspended = false;
        MHD_resume_connection(q->conn);
        j = next;
    }
    pump();
}

/* The loop thread's side of a finished job: counts, the model swap of a
 * load; q->job holds it for the response. */
static void job_finished(req *q, srv_job *j)
{
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
            q->slot->failed = false;
            j->loaded = NULL;
            models_changed();
        } else {
            srv_metric_add(&S.gm.load_failures, 1); /* the old version keeps serving */
        }
    }
    q->job = j;
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

static void stop_server(void)
{
    if (S.stopped)
        return;
    S.stopped = true;
    uv_timer_stop(&S.drain_timer);
    uv_poll_stop(&S.poll);
    stop_accepting();
    MHD_stop_daemon(S.d);
    S.d = NULL;
    uv_timer_stop(&S.sweep_timer);
    for (int i = 0; i < S.nlinger; i++)
        close(S.linger[i].fd);
    S.nlinger = 0;
    free(S.addrs);
    S.addrs = NULL;
    srv_sched_free(S.sched);
    S.sched = NULL;
    uv_close((uv_handle_t *)&S.poll, close_cb);
    uv_close((uv_handle_t *)&S.timer, close_cb);
    uv_close((uv_handle_t *)&S.drain_timer, close_cb);
    uv_close((uv_handle_t *)&S.wake, close_cb);
    uv_close((uv_handle_t *)&S.check, close_cb);
    uv_close((uv_handle_t *)&S.idle, close_cb);
    uv_close((uv_handle_t *)&S.sigterm, close_cb);
    uv_close((uv_handle_t *)&S.sigint, close_cb);
    uv_close((uv_handle_t *)&S.accept_timer, close_cb);
    uv_close((uv_handle_t *)&S.sweep_timer, close_cb);
}

static void drain_tick(uv_timer_t *t)
{
    uint64_t now = uv_hrtime();
    if (!S.quiesced) {
        if (now < S.drain_start)
            return;
        /* stop accepting: new connections are refused, open ones answered 503 */
        stop_accepting();
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
    S.lfd = -1;
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    struct sockaddr_in *a4 = (struct sockaddr_in *)&ss;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;
    socklen_t slen;
    if (inet_pton(AF_INET, address, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)port);
        slen = sizeof *a4;
    } else if (inet_pton(AF_INET6, address, &a6->sin6_addr) == 1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)port);
        slen = sizeof *a6;
    } else {
        fprintf(stderr, "tirvm: error: --http-address '%s' is not an IPv4 or IPv6 address\n", address);
        return 2;
    }
    int lfd = listen_on((struct sockaddr *)&ss, slen);
    if (lfd < 0) {
        fprintf(stderr, "tirvm: error: cannot listen on %s port %d (in use, or not allowed)\n", address, port);
        return 1;
    }
    if (S.o.max_connections_per_address && S.o.max_connections_per_address < S.o.max_connections) {
        size_t n = 16; /* at most half full: an address per connection */
        while (n < 2 * (size_t)S.o.max_connections)
            n *= 2;
        S.addrs = calloc(n, sizeof *S.addrs);
        S.addr_mask = n - 1;
        if (!S.addrs) {
            fprintf(stderr, "tirvm: error: out of memory\n");
            close(lfd);
            return 1;
        }
    }
    /* connections come from on_accept, which holds them to the limits first */
    S.d = MHD_start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL,
                           access_cb, NULL,
                           MHD_OPTION_CONNECTION_LIMIT, (unsigned)S.o.max_connections,
                           MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)S.o.idle_timeout_s,
                           MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
                           MHD_OPTION_NOTIFY_COMPLETED, completed_cb, NULL,
                           MHD_OPTION_NOTIFY_CONNECTION, connection_cb, NULL,
                           MHD_OPTION_END);
    if (!S.d) {
        fprintf(stderr, "tirvm: error: cannot start the HTTP server\n");
        close(lfd);
        free(S.addrs);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(S.d, MHD_DAEMON_INFO_EPOLL_FD);
    struct sockaddr_storage bound;
    socklen_t blen = sizeof bound;
    int bound_port = port;
    if (getsockname(lfd, (struct sockaddr *)&bound, &blen) == 0)
        bound_port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
                                                       : ((struct sockaddr_in *)&bound)->sin_port);
    uv_async_init(S.loop, &S.wake, on_wake);
    S.sched = srv_sched_new(S.o.workers, &S.o, &S.gm.inflight_bytes, &S.wake);
    models_changed();
    if (!info || !S.sched) {
        fprintf(stderr, "tirvm: error: cannot start the server's threads\n");
        MHD_stop_daemon(S.d);
        close(lfd);
        free(S.addrs);
        return 1;
    }
    S.lfd = lfd;
    uv_poll_init(S.loop, &S.lpoll, lfd);
    uv_poll_start(&S.lpoll, UV_READABLE, on_accept);
    uv_timer_init(S.loop, &S.accept_timer);
    uv_timer_init(S.loop, &S.sweep_timer);
    S.mhd_fd = info->epoll_fd;
    S.here_tail = &S.here;
    uv_check_init(S.loop, &S.check);
    uv_idle_init(S.loop, &S.idle);
    uv_check_start(&S.check, on_check);
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
    /* the address in its usual form (0:0::1 shows as ::1); all interfaces,
     * the default, suits a container but exposes a workstation's server to
     * its network, so the line says so */
    char shown[INET6_ADDRSTRLEN];
    bool v6 = ss.ss_family == AF_INET6;
    if (!inet_ntop(ss.ss_family, v6 ? (const void *)&a6->sin6_addr : (const void *)&a4->sin_addr, shown,
                   sizeof shown))
        snprintf(shown, sizeof shown, "%.45s", address);
    bool any = v6 ? IN6_IS_ADDR_UNSPECIFIED(&a6->sin6_addr) : a4->sin_addr.s_addr == htonl(INADDR_ANY);
    int nserved = 0;
    for (int i = 0; i < S.nmodels; i++)
        nserved += S.models[i].cur != NULL;
    fprintf(stderr, "tirvm: serving %d model%s on http://%s%s%s:%d%s\n", nserved, nserved == 1 ? "" : "s",
            v6 ? "[" : "", shown, v6 ? "]" : "", bound_port,
            !any ? "" : v6 ? " (all IPv6 interfaces; --http-address ::1 for this machine only)"
                           : " (all interfaces; --http-address 127.0.0.1 for this machine only)");
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
