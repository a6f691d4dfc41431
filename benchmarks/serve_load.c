/* serve-load: a closed-loop HTTP/1.1 load client for `tirvm serve`.
 *
 * N keep-alive connections to a loopback address, each sending the same
 * POST again as soon as the previous answer is complete (a closed loop, as
 * wrk and hey measure).  One thread and epoll, so the client costs a few
 * system calls per request and no interpreter lock sits between a response
 * arriving and its time being taken (benchmarks/README.md, "Serving under
 * load").  Prints one JSON object: requests, rate, latency percentiles,
 * errors, and answers whose body differs from --expect.
 *
 *   serve-load --port P --path /v2/models/M/infer --body FILE
 *              [--header-length N] [--content-type T] [--connections C]
 *              (--seconds S [--warmup S] | --requests N) [--expect FILE]
 *              [--host 127.0.0.1]
 *   serve-load --port P --path /v2/health/live --method GET ...
 *              (the HTTP round trip without inference: the floor) */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNECTIONS 1024
#define MAX_RESPONSE (256u << 20)

typedef struct {
    int fd;
    bool busy;         /* a request is out and its answer not complete */
    size_t sent;       /* bytes of the request written */
    char *in;          /* the answer so far */
    size_t in_len, in_cap;
    double t0;         /* when the request's first byte was written */
} conn;

typedef struct {
    const char *host, *path, *body_file, *expect_file, *content_type, *method;
    int port, connections;
    long header_length;
    double seconds, warmup;
    uint64_t requests;
} options;

static char *request;          /* the whole request, built once */
static size_t request_len;
static char *expect;           /* the answer body every response must carry */
static size_t expect_len;
static bool have_expect;

static double *lat;            /* latencies in seconds of the counted answers */
static size_t nlat, cap_lat;
static uint64_t errors, mismatches, reconnects;
static int first_bad_status;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "serve-load: %s: %s\n", what, strerror(errno));
    exit(1);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf)
        die("malloc");
    for (;;) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        if (!(buf = realloc(buf, cap)))
            die("realloc");
    }
    if (ferror(f))
        die(path);
    fclose(f);
    *len = n;
    return buf;
}

static void build_request(const options *o)
{
    size_t blen = 0;
    char *body = o->body_file ? read_file(o->body_file, &blen) : NULL;
    char head[1024];
    int h = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: %s:%d\r\n", o->method, o->path, o->host, o->port);
    if (body)
        h += snprintf(head + h, sizeof head - (size_t)h, "Content-Type: %s\r\nContent-Length: %zu\r\n",
                      o->content_type, blen);
    if (o->header_length >= 0)
        h += snprintf(head + h, sizeof head - (size_t)h, "Inference-Header-Content-Length: %ld\r\n", o->header_length);
    h += snprintf(head + h, sizeof head - (size_t)h, "\r\n");
    if (h >= (int)sizeof head) {
        fprintf(stderr, "serve-load: --path is too long\n");
        exit(2);
    }
    request_len = (size_t)h + blen;
    if (!(request = malloc(request_len)))
        die("malloc");
    memcpy(request, head, (size_t)h);
    if (blen)
        memcpy(request + h, body, blen);
    free(body);
}

static int open_conn(const options *o, int ep, int index)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        die("socket");
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)o->port)};
    if (inet_pton(AF_INET, o->host, &a.sin_addr) != 1) {
        fprintf(stderr, "serve-load: --host takes an IPv4 address, not '%s'\n", o->host);
        exit(2);
    }
    /* blocking connect: on loopback it completes at once */
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0)
        die("connect");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = (uint32_t)index};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) != 0)
        die("epoll_ctl");
    return fd;
}

static void want_write(int ep, conn *c, int index, bool on)
{
    struct epoll_event ev = {.events = EPOLLIN | (on ? EPOLLOUT : 0u), .data.u32 = (uint32_t)index};
    if (epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev) != 0)
        die("epoll_ctl");
}

/* Writes what the socket takes; false when the connection is gone. */
static bool send_more(int ep, conn *c, int index)
{
    while (c->sent < request_len) {
        ssize_t w = send(c->fd, request + c->sent, request_len - c->sent, MSG_NOSIGNAL);
        if (w < 0 && errno == EAGAIN) {
            want_write(ep, c, index, true);
            return true;
        }
        if (w <= 0)
            return false;
        c->sent += (size_t)w;
    }
    want_write(ep, c, index, false);
    return true;
}

static bool start(int ep, conn *c, int index)
{
    c->busy = true;
    c->sent = 0;
    c->in_len = 0;
    c->t0 = now();
    return send_more(ep, c, index);
}

/* Case-insensitive search for a header's value in HEAD (which ends at the
 * blank line); -1 when absent. */
static long header_value(const char *head, size_t len, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = head; p + n + 1 < head + len; p++) {
        if ((p == head || p[-1] == '\n') && strncasecmp(p, name, n) == 0 && p[n] == ':')
            return strtol(p + n + 1, NULL, 10);
    }
    return -1;
}

static bool header_has(const char *head, size_t len, const char *name, const char *value)
{
    size_t n = strlen(name);
    for (const char *p = head; p + n + 1 < head + len; p++) {
        if ((p == head || p[-1] == '\n') && strncasecmp(p, name, n) == 0 && p[n] == ':') {
            const char *v = p + n + 1;
            while (*v == ' ')
                v++;
            return strncasecmp(v, value, strlen(value)) == 0;
        }
    }
    return false;
}

enum { PARTIAL, COMPLETE, BROKEN };

/* Whether C's buffer holds a whole answer; on COMPLETE, *close_after says
 * the server will close the connection. */
static int parse(conn *c, bool count, bool *close_after)
{
    char *end = memmem(c->in, c->in_len, "\r\n\r\n", 4);
    if (!end)
        return c->in_len > 65536 ? BROKEN : PARTIAL;
    size_t head_len = (size_t)(end - c->in) + 4;
    long clen = header_value(c->in, head_len, "Content-Length");
    if (clen < 0 || (unsigned long)clen > MAX_RESPONSE)
        return BROKEN; /* the server answers with a length; chunked answers are not expected */
    if (c->in_len < head_len + (size_t)clen)
        return PARTIAL;
    if (c->in_len > head_len + (size_t)clen)
        return BROKEN; /* bytes nobody asked for */
    int status = 0;
    if (c->in_len > 12 && strncmp(c->in, "HTTP/1.", 7) == 0)
        status = atoi(c->in + 9);
    *close_after = header_has(c->in, head_len, "Connection", "close");
    if (count) {
        if (status != 200) {
            errors++;
            if (!first_bad_status)
                first_bad_status = status;
        } else if (have_expect && ((size_t)clen != expect_len || memcmp(c->in + head_len, expect, expect_len) != 0)) {
            mismatches++;
        }
    }
    return COMPLETE;
}

static void record(double seconds)
{
    if (nlat == cap_lat) {
        cap_lat = cap_lat ? cap_lat * 2 : 1 << 16;
        if (!(lat = realloc(lat, cap_lat * sizeof *lat)))
            die("realloc");
    }
    lat[nlat++] = seconds;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of the sorted latencies, in microseconds. */
static double pct(double p)
{
    if (!nlat)
        return 0;
    size_t k = (size_t)(p / 100.0 * (double)nlat + 0.999999);
    if (k < 1)
        k = 1;
    if (k > nlat)
        k = nlat;
    return lat[k - 1] * 1e6;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: serve-load --port P --path PATH --body FILE [--header-length N] [--content-type T]\n"
               "                  [--connections C] (--seconds S [--warmup S] | --requests N) [--expect FILE]\n"
               "                  [--host 127.0.0.1]\n"
               "       serve-load --port P --path PATH --method GET ...   (no body: the HTTP round trip alone)\n");
}

static void parse_args(int argc, char **argv, options *o)
{
    *o = (options){.host = "127.0.0.1", .method = "POST", .content_type = "application/json", .connections = 1, .header_length = -1,
                   .seconds = 0, .warmup = 0.2};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0) {
            usage(stdout);
            exit(0);
        }
        if (!v) {
            usage(stderr);
            exit(2);
        }
        i++;
        if (strcmp(a, "--host") == 0)
            o->host = v;
        else if (strcmp(a, "--port") == 0)
            o->port = atoi(v);
        else if (strcmp(a, "--path") == 0)
            o->path = v;
        else if (strcmp(a, "--body") == 0)
            o->body_file = v;
        else if (strcmp(a, "--method") == 0)
            o->method = v;
        else if (strcmp(a, "--expect") == 0)
            o->expect_file = v;
        else if (strcmp(a, "--content-type") == 0)
            o->content_type = v;
        else if (strcmp(a, "--header-length") == 0)
            o->header_length = atol(v);
        else if (strcmp(a, "--connections") == 0)
            o->connections = atoi(v);
        else if (strcmp(a, "--seconds") == 0)
            o->seconds = atof(v);
        else if (strcmp(a, "--warmup") == 0)
            o->warmup = atof(v);
        else if (strcmp(a, "--requests") == 0)
            o->requests = strtoull(v, NULL, 10);
        else {
            fprintf(stderr, "serve-load: unknown option '%s'\n", a);
            usage(stderr);
            exit(2);
        }
    }
    bool get = strcmp(o->method, "GET") == 0;
    if (!get && strcmp(o->method, "POST") != 0) {
        fprintf(stderr, "serve-load: --method takes POST or GET\n");
        exit(2);
    }
    if (o->port <= 0 || o->port > 65535 || !o->path || !o->body_file != get || o->connections < 1 ||
        o->connections > MAX_CONNECTIONS || (o->seconds > 0) == (o->requests > 0) || o->warmup < 0 ||
        o->seconds > 3600) {
        fprintf(stderr, "serve-load: give --port, --path, --body (with POST, not GET), --connections 1 to %d, "
                        "and one of --seconds (up to 3600) or --requests\n", MAX_CONNECTIONS);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    options o;
    parse_args(argc, argv, &o);
    build_request(&o);
    if (o.expect_file) {
        expect = read_file(o.expect_file, &expect_len);
        have_expect = true;
    }
    int ep = epoll_create1(0);
    if (ep < 0)
        die("epoll_create1");
    conn *cs = calloc((size_t)o.connections, sizeof *cs);
    if (!cs)
        die("calloc");
    for (int i = 0; i < o.connections; i++)
        cs[i].fd = open_conn(&o, ep, i);

    /* by time: requests ending in [t_count, t_end) are counted; by count:
     * every request, until N answers */
    bool by_count = o.requests > 0;
    double t_start = now(), t_count = by_count ? t_start : t_start + o.warmup, t_end = t_count + o.seconds;
    uint64_t issued = 0, done = 0;
    for (int i = 0; i < o.connections && (!by_count || issued < o.requests); i++, issued++)
        if (!start(ep, &cs[i], i))
            die("send");

    struct epoll_event evs[64];
    for (;;) {
        double t = now();
        if (by_count ? done >= o.requests : t >= t_end)
            break;
        int timeout = by_count ? 1000 : (int)((t_end - t) * 1000) + 1;
        int n = epoll_wait(ep, evs, 64, timeout);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            die("epoll_wait");
        if (n == 0 && by_count) {
            fprintf(stderr, "serve-load: no answer for 1 s (%llu of %llu done)\n", (unsigned long long)done,
                    (unsigned long long)o.requests);
            return 1;
        }
        for (int k = 0; k < n; k++) {
            int i = (int)evs[k].data.u32;
            conn *c = &cs[i];
            bool gone = false;
            if (evs[k].events & EPOLLOUT && c->busy && !send_more(ep, c, i))
                gone = true;
            while (!gone && evs[k].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                if (c->in_cap - c->in_len < 65536) {
                    c->in_cap = c->in_cap ? c->in_cap * 2 : 131072;
                    if (!(c->in = realloc(c->in, c->in_cap)))
                        die("realloc");
                }
                ssize_t r = recv(c->fd, c->in + c->in_len, c->in_cap - c->in_len, 0);
                if (r < 0 && errno == EAGAIN)
                    break;
                if (r <= 0) {
                    gone = true;
                    break;
                }
                c->in_len += (size_t)r;
                double t_done = now();
                bool counted = by_count || (t_done >= t_count && t_done < t_end), close_after = false;
                int st = c->busy ? parse(c, counted, &close_after) : BROKEN;
                if (st == PARTIAL)
                    continue;
                if (st == BROKEN) {
                    gone = true;
                    break;
                }
                c->busy = false;
                done++;
                if (counted)
                    record(t_done - c->t0);
                if (close_after) {
                    gone = true;
                    break;
                }
                if (!by_count || issued < o.requests) {
                    issued++;
                    gone = !start(ep, c, i);
                }
                break;
            }
            if (gone) {
                /* a connection that broke mid-request costs an error; the
                 * loop goes on with a new one */
                bool retry = c->busy;
                if (retry)
                    errors++;
                epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
                close(c->fd);
                c->fd = open_conn(&o, ep, i);
                c->busy = false;
                reconnects++;
                if (retry || !by_count || issued < o.requests) {
                    issued += !retry;
                    if (!start(ep, c, i))
                        die("send");
                }
            }
        }
        if (by_count && errors > o.requests) {
            fprintf(stderr, "serve-load: more errors than requests\n");
            return 1;
        }
    }
    double span = by_count ? now() - t_start : o.seconds;
    qsort(lat, nlat, sizeof *lat, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < nlat; i++)
        sum += lat[i];
    printf("{\"requests\": %zu, \"seconds\": %.4f, \"rps\": %.1f, \"mean_us\": %.1f, \"p50_us\": %.1f, "
           "\"p90_us\": %.1f, \"p99_us\": %.1f, \"max_us\": %.1f, \"errors\": %llu, \"first_bad_status\": %d, "
           "\"mismatches\": %llu, \"reconnects\": %llu}\n",
           nlat, span, (double)nlat / span, nlat ? sum / (double)nlat * 1e6 : 0.0, pct(50), pct(90), pct(99),
           pct(100), (unsigned long long)errors, first_bad_status, (unsigned long long)mismatches,
           (unsigned long long)reconnects);
    for (int i = 0; i < o.connections; i++) {
        close(cs[i].fd);
        free(cs[i].in);
    }
    free(cs);
    free(lat);
    free(request);
    free(expect);
    close(ep);
    return 0;
}
