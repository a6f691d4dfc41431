/* The worker threads of tirvm serve.  Jobs wait in one FIFO; a worker takes
 * the oldest job whose model version has a free instance (each instance
 * runs one call at a time) and is under its worker cap, decodes the
 * request, calls the VM with the model's limits, the request's deadline
 * and a cancel flag, encodes the response, and hands the job back to the
 * loop thread.
 *
 * The cap keeps one model from stalling the others: a call cannot be
 * preempted, so a model holding every worker with slow calls would make a
 * fast model's requests wait for them.  With several models served, a
 * model holds at most workers-1 workers (config.json's max_workers sets its
 * own cap), so one worker is always left for the other models.
 *
 * A model with dynamic batching (config.json) takes two steps: a worker
 * decodes its request as soon as it is free, without an instance, and puts
 * it back in the queue, decoded; then the oldest decoded request of the
 * model, with the later ones that can share its call (batch.c), runs as
 * one call once the batch is full, reaches a preferred size or has waited
 * the model's delay (batch_size).  Idle workers sleep until the next such
 * delay or queued deadline ends.
 *
 * Hand-offs.  Waking a sleeping thread costs tens of microseconds, as much
 * as a small model's whole call, so when the server is otherwise idle the
 * loop thread runs a request itself (srv_sched_run_here) if the model's
 * calls are known to be short.  A new job wakes one worker, not all. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <uv.h>

#include "serve.h"

#define WORKER_STACK ((size_t)8 << 20)
/* The shortest a call on the loop thread may run before it is stopped and
 * handed to a worker (else 4 times --inline-call-us). */
#define HERE_CAP_MIN_NS 2000000u

struct srv_sched {
    uv_mutex_t mu;
    uv_cond_t cv;
    srv_job *head, *tail;      /* waiting */
    srv_job *done_head, *done_tail;
    srv_job **current;         /* per worker: the job it runs */
    int *current_inst;
    int nworkers, busy;
    int nmodels;               /* models served (srv_sched_set_models) */
    unsigned scan;             /* take()'s pass, marking the versions whose batch it weighed */
    bool stop, cancel_all;
    uv_thread_t *threads;
    uv_async_t *wake;
    const srv_options *o;
    uint64_t *inflight;
};

typedef struct {
    srv_sched *s;
    int index;
} worker_arg;

void srv_metric_add(uint64_t *counter, uint64_t n) { __atomic_add_fetch(counter, n, __ATOMIC_RELAXED); }

void srv_job_free(srv_job *j)
{
    if (!j)
        return;
    if (j->decoded) {
        oip_request_free(j->decoded);
        free(j->decoded);
    }
    free(j->body_mem);
    free(j->resp);
    free(j->load_model);
    free(j->load_dir);
    if (j->v)
        srv_version_unref(j->v);
    if (j->loaded)
        srv_version_unref(j->loaded);
    free(j);
}

static void fail(srv_job *j, int status, int reason, const char *msg)
{
    j->status = status;
    if (msg != j->err)
        snprintf(j->err, sizeof j->err, "%s", msg);
    if (reason >= 0 && j->v)
        srv_metric_add(&j->v->met.failure[reason], 1);
}

static uint64_t us(uint64_t ns) { return ns / 1000; }

/* Frees j's body once no decoded request uses it (inputs bound in place). */
static void drop_body(srv_job *j)
{
    free(j->body_mem);
    j->body = NULL;
    j->body_mem = NULL;
}

static oip_limits limits_of(const srv_sched *s)
{
    oip_limits lim = {s->o->max_json_bytes, s->o->max_output_bytes, s->inflight, s->o->max_inflight_bytes, true};
    return lim;
}

/* Whether the client on socket fd closed its side (or the connection
 * failed); fd < 0: unknown, false.  A queued request whose client is gone
 * is dropped, never run. */
static bool srv_client_gone(int fd)
{
    if (fd < 0)
        return false;
    /* a waiting HTTP client sends nothing (or its next pipelined request):
     * end of stream or an error means it closed the connection, as nginx
     * reads it (499) */
    char c;
    ssize_t got = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

/* Whether a queued job may still run: false when it was answered (shutdown,
 * its deadline). */
static bool still_wanted(srv_job *j, const int *cancel, uint64_t now)
{
    if (__atomic_load_n(cancel, __ATOMIC_RELAXED) || __atomic_load_n(&j->cancel, __ATOMIC_RELAXED)) {
        fail(j, 503, FAIL_CANCELLED, "the server is shutting down");
        return false;
    }
    if (j->deadline_ns && now >= j->deadline_ns) {
        srv_metric_add(&j->v->met.limit_deadline, 1);
        fail(j, 504, FAIL_DEADLINE, "the request's deadline passed while it waited in the queue");
        return false;
    }
    return true;
}

/* Decodes j's body into *r and counts its outputs in the in-flight budget;
 * false when j was answered instead.  *r may use the body's bytes: the body
 * is freed after *r. */
static bool decode(srv_sched *s, srv_job *j, oip_request *r, uint64_t now)
{
    srv_version *v = j->v;
    oip_limits lim = limits_of(s);
    int st = oip_decode(v, j->body, j->len, j->header_len, &lim, r, j->err, sizeof j->err);
    srv_metric_add(&v->met.input_us, us(uv_hrtime() - now));
    if (st == 503) { /* the in-flight budget, like the outputs' below: no failure of the model */
        j->status = 503;
        oip_request_free(r);
        return false;
    }
    if (st != 200) {
        fail(j, st, st == 500 ? FAIL_INTERNAL : FAIL_INVALID, j->err);
        oip_request_free(r);
        return false;
    }
    /* the outputs count in the in-flight budget */
    uint64_t total = __atomic_add_fetch(s->inflight, r->out_bytes, __ATOMIC_RELAXED);
    j->out_bytes = r->out_bytes;
    if (total > s->o->max_inflight_bytes && r->out_bytes) {
        snprintf(j->err, sizeof j->err, "the server holds too many bytes in flight; retry later");
        j->status = 503;
        j->out_bytes = 0;
        __atomic_sub_fetch(s->inflight, r->out_bytes, __ATOMIC_RELAXED);
        oip_request_free(r);
        return false;
    }
    return true;
}

/* Encodes j's response from its request's outputs. */
static void encode(srv_sched *s, srv_job *j, oip_request *r, const tirvm_value *ret)
{
    srv_model_metrics *met = &j->v->met;
    uint64_t t0 = uv_hrtime();
    oip_limits lim = limits_of(s);
    int st = oip_encode(j->v, r, ret, &lim, &j->resp, &j->resp_len, &j->resp_header_len, j->err, sizeof j->err);
    srv_metric_add(&met->output_us, us(uv_hrtime() - t0));
    if (st == 503) { /* the in-flight budget: no failure of the model */
        j->status = 503;
        return;
    }
    if (st != 200) {
        fail(j, st, st == 500 ? FAIL_INTERNAL : FAIL_INVALID, j->err);
        return;
    }
    j->status = 200;
    srv_metric_add(&met->success, 1);
    srv_metric_add(&met->count, 1);
}

/* Answers every job of a failed call with the VM's status and message
 * (err names the request's tensors already). */
static void call_failed(srv_job *j, tirvm_status cs, const int *cancel, const char *err)
{
    srv_model_metrics *met = &j->v->met;
    switch (cs) {
    case TIRVM_ERR_LIMIT:
        srv_metric_add(&met->limit_steps_memory, 1);
        fail(j, 400, FAIL_LIMIT, err);
        break;
    case TIRVM_ERR_CANCELLED:
        if (__atomic_load_n(cancel, __ATOMIC_RELAXED)) {
            fail(j, 503, FAIL_CANCELLED, "the call was cancelled: the server is shutting down");
        } else {
            srv_metric_add(&met->limit_deadline, 1);
            snprintf(j->err, sizeof j->err, "the request's deadline of %llu ms passed: %s",
                     (unsigned long long)j->v->lim.timeout_ms, err);
            fail(j, 504, FAIL_DEADLINE, j->err);
        }
        break;
    case TIRVM_ERR_NOMEM:
        fail(j, 500, FAIL_INTERNAL, err);
        break;
    default:
        fail(j, 400, FAIL_RUNTIME, err);
        break;
    }
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* Updates v's estimate of a call's time per KiB of body: a slower call
 * raises it at once, faster ones lower it by an eighth of the difference
 * each, so one slow call keeps the loop thread off the model for a while. */
static void note_call_time(srv_version *v, const srv_job *j, uint64_t ns)
{
    uint64_t *e = &v->call_ns_per_kib[j->header_len >= 0];
    uint64_t x = mul_sat(ns, 1024) / (j->len ? j->len : 1);
    uint64_t old = __atomic_load_n(e, __ATOMIC_RELAXED);
    uint64_t nw = !old || x >= old ? x : old - (old - x) / 8;
    __atomic_store_n(e, nw ? nw : 1, __ATOMIC_RELAXED); /* a race loses one sample: harmless */
}

/* One call for one decoded request, then its response.  cap_ns (0: none)
 * stops the call that long after it starts: true when it did, with nothing
 * answered (srv_sched_run_here hands the request to a worker then). */
static bool call_one(srv_sched *s, srv_job *j, oip_request *r, int inst, const int *cancel, uint64_t cap_ns)
{
    srv_version *v = j->v;
    srv_model_metrics *met = &v->met;
    uint64_t t_in = uv_hrtime();
    tirvm_call_options co;
    memset(&co, 0, sizeof co);
    co.max_steps = v->lim.max_steps;
    co.max_memory = v->lim.max_memory;
    co.caller_bytes = r->out_bytes; /* the outputs the server allocated for the call count against its limit */
    co.cancel = cancel;
    if (j->deadline_ns)
        co.timeout_ns = j->deadline_ns > t_in ? j->deadline_ns - t_in : 1;
    bool capped = cap_ns && (!co.timeout_ns || co.timeout_ns > cap_ns);
    if (capped)
        co.timeout_ns = cap_ns;
    tirvm_value ret;
    memset(&ret, 0, sizeof ret);
    char err[900];
    tirvm_status cs = tirvm_call_ex(v->inst[inst].m, v->func, r->args, r->nparams, &co, &ret, err, sizeof err);
    uint64_t t_call = uv_hrtime();
    if ((cs == TIRVM_OK || capped) && !v->batch.on)
        note_call_time(v, j, t_call - t_in);
    /* a call stopped by the cap is rerun by a worker, and counted (its
     * execution and its time) there: one request, one execution */
    if (capped && cs == TIRVM_ERR_CANCELLED && !__atomic_load_n(cancel, __ATOMIC_RELAXED))
        return true; /* the cap, not the deadline nor a cancel */
    srv_metric_add(&met->infer_us, us(t_call - t_in));
    srv_metric_add(&met->exec_count, 1);
    if (v->batch.on) {
        srv_hist_observe(&met->batch_rows, HIST_ROWS, j->rows);
        srv_hist_observe(&met->batch_requests, HIST_ROWS, 1);
        srv_hist_observe(&met->batch_compute_us, HIST_US, us(t_call - t_in));
    }
    if (cs != TIRVM_OK) {
        oip_name_argument(v, r, err, sizeof err);
        call_failed(j, cs, cancel, err);
        return false;
    }
    encode(s, j, r, &ret);
    return false;
}

static void run_infer(srv_sched *s, srv_job *j, int inst)
{
    uint64_t now = uv_hrtime();
    srv_metric_add(&j->v->met.queue_us, us(now - j->t_enqueue));
    if (!still_wanted(j, &j->cancel, now))
        return;
    /* a client that left while its request was queued gets no answer:
     * running it would only delay the requests of clients still there */
    if (srv_client_gone(j->client_fd)) {
        fail(j, 400, FAIL_CLIENT_GONE, "the client closed its connection while the request waited");
        drop_body(j);
        return;
    }
    oip_request r;
    if (decode(s, j, &r, now)) {
        call_one(s, j, &r, inst, &j->cancel, 0);
        oip_request_free(&r);
    }
    drop_body(j);
}

/* ---- dynamic batching -------------------------------------------------------------- */
/* Decodes a batching model's request as it arrives, so that the scheduler
 * knows its rows and shapes; true when it is to wait for others, false when
 * it was answered (a malformed request, too many rows, ...). */
static bool decode_for_batch(srv_sched *s, srv_job *j)
{
    srv_version *v = j->v;
    uint64_t now = uv_hrtime();
    if (!still_wanted(j, &j->cancel, now))
        return false;
    oip_request *r = calloc(1, sizeof *r);
    if (!r) {
        fail(j, 500, FAIL_INTERNAL, "out of memory");
        return false;
    }
    if (!decode(s, j, r, now)) {
        free(r);
        drop_body(j);
        return false;
    }
    uint64_t rows = oip_request_rows(v, r);
    if (rows > v->batch.max_batch_size) {
        const char *name = "";
        for (int p = 0; p < v->nparams && !*name; p++)
            if (r->sent[p] && v->params[p].kind == TIRVM_PARAM_BUFFER && (uint64_t)r->shapes[p][0] == rows)
                name = r->sent[p];
        snprintf(j->err, sizeof j->err, "input '%.100s' has a batch of %llu rows, more than model '%s''s "
                 "max_batch_size of %llu", name, (unsigned long long)rows, v->model,
                 (unsigned long long)v->batch.max_batch_size);
        fail(j, 400, FAIL_INVALID, j->err);
        oip_request_free(r);
        free(r);
        drop_body(j);
        return false;
    }
    j->decoded = r;
    j->rows = rows;
    return true;
}

static void free_decoded(srv_job *j)
{
    if (j->decoded) {
        oip_request_free(j->decoded);
        free(j->decoded);
        j->decoded = NULL;
    }
    drop_body(j);
}

/* Runs the decoded jobs chained from h (batch_next) as one call on
 * instance inst: a job whose client left or whose deadline passed is
 * answered without running; the others' rows are concatenated, and each
 * gets its rows of the outputs.  When the call fails (a trap, a limit),
 * each request runs alone, so that each gets the answer of its own call. */
static void run_batch(srv_sched *s, srv_job *h, int inst)
{
    srv_version *v = h->v;
    srv_model_metrics *met = &v->met;
    uint64_t now = uv_hrtime();
    int n = 0, live = 0;
    for (srv_job *k = h; k; k = k->batch_next)
        n++;
    srv_job **m = malloc((size_t)n * sizeof *m);
    oip_request **rs = malloc((size_t)n * sizeof *rs);
    if (!m || !rs) {
        for (srv_job *k = h; k; k = k->batch_next)
            fail(k, 500, FAIL_INTERNAL, "out of memory");
        goto done;
    }
    for (srv_job *k = h; k; k = k->batch_next) {
        srv_metric_add(&met->queue_us, us(now - k->t_enqueue));
        if (!still_wanted(k, &h->cancel, now))
            continue;
        if (srv_client_gone(k->client_fd)) {
            fail(k, 400, FAIL_CLIENT_GONE, "the client closed its connection while the request waited");
            continue;
        }
        srv_hist_observe(&met->batch_queue_us, HIST_US, us(now - k->t_enqueue));
        m[live] = k;
        rs[live++] = k->decoded;
    }
    if (live == 1)
        call_one(s, m[0], rs[0], inst, &h->cancel, 0);
    if (live <= 1)
        goto done;
    oip_request merged;
    uint64_t rows = 0, out_bytes = 0, copy_bytes = 0, deadline = 0;
    bool no_deadline = false;
    for (int i = 0; i < live; i++) {
        rows += m[i]->rows;
        out_bytes += rs[i]->out_bytes;
        for (int p = 0; p < rs[i]->nparams; p++)
            if (v->role[p] != ROLE_WEIGHT && v->params[p].kind == TIRVM_PARAM_BUFFER)
                copy_bytes += rs[i]->nbytes[p];
        no_deadline = no_deadline || !m[i]->deadline_ns;
        if (m[i]->deadline_ns > deadline)
            deadline = m[i]->deadline_ns;
    }
    tirvm_status cs = TIRVM_ERR_NOMEM;
    char err[900] = "out of memory";
    tirvm_value ret;
    memset(&ret, 0, sizeof ret);
    /* the merged call's copies of the tensors count in the in-flight
     * budget while it runs; over it, the requests run one by one instead */
    memset(&merged, 0, sizeof merged);
    bool fits = __atomic_add_fetch(s->inflight, copy_bytes, __ATOMIC_RELAXED) <= s->o->max_inflight_bytes;
    if (fits && oip_merge(v, rs, live, &merged) == 200) {
        /* the call does the work of `live` calls: it gets their limits; it
         * runs until the last deadline, and a request whose own passed is
         * answered 504 as it would have been alone */
        tirvm_call_options co;
        memset(&co, 0, sizeof co);
        co.max_steps = mul_sat(v->lim.max_steps, (uint64_t)live);
        co.max_memory = mul_sat(v->lim.max_memory, (uint64_t)live);
        co.caller_bytes = out_bytes;
        co.cancel = &h->cancel;
        uint64_t t_in = uv_hrtime();
        if (!no_deadline)
            co.timeout_ns = deadline > t_in ? deadline - t_in : 1;
        cs = tirvm_call_ex(v->inst[inst].m, v->func, merged.args, merged.nparams, &co, &ret, err, sizeof err);
        uint64_t t_call = uv_hrtime();
        srv_metric_add(&met->infer_us, us(t_call - t_in));
        srv_metric_add(&met->exec_count, 1);
        srv_hist_observe(&met->batch_rows, HIST_ROWS, rows);
        srv_hist_observe(&met->batch_requests, HIST_ROWS, (uint64_t)live);
        srv_hist_observe(&met->batch_compute_us, HIST_US, us(t_call - t_in));
        if (cs == TIRVM_OK)
            oip_split(v, &merged, rs, live);
    }
    oip_request_free(&merged);
    __atomic_sub_fetch(s->inflight, copy_bytes, __ATOMIC_RELAXED);
    if (cs == TIRVM_OK) {
        uint64_t t = uv_hrtime();
        for (int i = 0; i < live; i++) {
            if (m[i]->deadline_ns && t >= m[i]->deadline_ns) {
                srv_metric_add(&met->limit_deadline, 1);
                snprintf(m[i]->err, sizeof m[i]->err, "the request's deadline of %llu ms passed during its call",
                         (unsigned long long)v->lim.timeout_ms);
                fail(m[i], 504, FAIL_DEADLINE, m[i]->err);
            } else {
                encode(s, m[i], rs[i], &ret);
            }
        }
    } else if (cs == TIRVM_ERR_CANCELLED) {
        for (int i = 0; i < live; i++)
            call_failed(m[i], cs, &h->cancel, err);
    } else {
        for (int i = 0; i < live; i++)
            call_one(s, m[i], rs[i], inst, &h->cancel, 0);
    }
done:
    free(m);
    free(rs);
    for (srv_job *k = h; k; k = k->batch_next)
        free_decoded(k);
}

static void run_load(srv_sched *s, srv_job *j)
{
    j->loaded = srv_load_from_dir(j->load_model, j->load_dir, j->load_single, &s->o->model, j->err, sizeof j->err);
    j->status = j->loaded ? 200 : 400;
}

/* The workers model version v may hold at once. */
static int worker_cap(const srv_sched *s, const srv_version *v)
{
    if (v->lim.max_workers > 0)
        return v->lim.max_workers;
    return s->nmodels > 1 && s->nworkers > 1 ? s->nworkers - 1 : s->nworkers;
}

/* What take() hands a worker. */
enum take_kind {
    TAKE_RUN,     /* a job to run on its own (a load, a request of a model without batching) */
    TAKE_DECODE,  /* a batching model's request to decode before it waits for others */
    TAKE_BATCH,   /* decoded requests chained by batch_next, for one call */
    TAKE_EXPIRED, /* a decoded request whose deadline passed, or at shutdown: answered, never run */
};

static void unlink_job(srv_sched *s, srv_job *prev, srv_job *j)
{
    if (prev)
        prev->next = j->next;
    else
        s->head = j->next;
    if (s->tail == j)
        s->tail = prev;
    j->next = NULL;
}

/* A free instance of v under its worker cap, or -1. */
static int free_instance(const srv_sched *s, const srv_version *v)
{
    for (int i = 0; i < v->ninst && v->running < worker_cap(s, v); i++)
        if (!v->inst[i].busy)
            return i;
    return -1;
}

/* Whether decoded job k may join the batch that h starts. */
static bool joins(const srv_job *h, const srv_job *k, uint64_t now)
{
    return k->kind == JOB_INFER && k->v == h->v && k->decoded && !(k->deadline_ns && now >= k->deadline_ns) &&
           oip_requests_compatible(h->v, h->decoded, k->decoded);
}

static bool preferred(const srv_batching *b, uint64_t rows)
{
    for (int i = 0; i < b->npreferred; i++)
        if (b->preferred[i] == rows)
            return true;
    return false;
}

/* Triton's dynamic batcher: the requests that join h, in arrival order, up
 * to max_batch_size rows.  The batch runs at once when it is full (the
 * maximum, or the next request does not fit) or a prefix of it reaches a
 * preferred size (the longest such prefix), else when h has waited
 * max_queue_delay_us.  Returns how many requests run now (0: not yet, and
 * *wake_at is lowered to when h's delay ends). */
static int batch_size(const srv_job *h, uint64_t now, uint64_t *wake_at)
{
    const srv_batching *b = &h->v->batch;
    uint64_t rows = 0;
    int n = 0, n_preferred = 0;
    for (const srv_job *k = h; k; k = k->next) {
        if (!joins(h, k, now))
            continue;
        if (rows + k->rows > b->max_batch_size)
            return n;
        rows += k->rows;
        n++;
        if (rows == b->max_batch_size)
            return n;
        if (preferred(b, rows))
            n_preferred = n;
    }
    if (n_preferred)
        return n_preferred;
    uint64_t due = h->t_enqueue + b->max_queue_delay_us * 1000u;
    if (now >= due)
        return n;
    if (due < *wake_at)
        *wake_at = due;
    return 0;
}

/* The oldest runnable job, unlinked, with *inst its instance (-1: none)
 * and *kind what to do with it; NULL when nothing can run, with *wake_at
 * lowered to when a waiting batch is due or a queued deadline passes. */
static srv_job *take(srv_sched *s, int *inst, enum take_kind *kind, uint64_t now, uint64_t *wake_at)
{
    srv_job *prev = NULL;
    s->scan++;
    for (srv_job *j = s->head; j; prev = j, j = j->next) {
        int free_inst = -1;
        *kind = TAKE_RUN;
        if (j->kind == JOB_INFER && j->v->batch.on && !s->cancel_all) {
            srv_version *v = j->v;
            if (!j->decoded) {
                *kind = TAKE_DECODE;
            } else if (j->deadline_ns && now >= j->deadline_ns) {
                *kind = TAKE_EXPIRED;
            } else {
                if (j->deadline_ns && j->deadline_ns < *wake_at)
                    *wake_at = j->deadline_ns;
                /* the oldest decoded request of a version starts its batch */
                if (v->scan_mark == s->scan)
                    continue;
                v->scan_mark = s->scan;
                if ((free_inst = free_instance(s, v)) < 0)
                    continue;
                int n = batch_size(j, now, wake_at);
                if (!n)
                    continue;
                /* unlink the n requests batch_size counted, chained from j */
                srv_job *last = j, *h = j;
                srv_job *q = j->next, *qprev = prev; /* j's place goes to q */
                unlink_job(s, prev, j);
                for (int got = 1; got < n && q;) {
                    srv_job *next = q->next;
                    if (joins(h, q, now)) {
                        unlink_job(s, qprev, q);
                        last->batch_next = q;
                        last = q;
                        got++;
                    } else {
                        qprev = q;
                    }
                    q = next;
                }
                v->inst[free_inst].busy = true;
                v->running++;
                *kind = TAKE_BATCH;
                *inst = free_inst;
                return h;
            }
        } else if (j->kind == JOB_INFER) {
            free_inst = free_instance(s, j->v);
            /* a cancelled job needs no instance */
            if (free_inst < 0 && !s->cancel_all)
                continue;
            if (free_inst >= 0) {
                j->v->inst[free_inst].busy = true;
                j->v->running++;
            }
        }
        unlink_job(s, prev, j);
        *inst = free_inst;
        return j;
    }
    return NULL;
}

/* Puts a decoded request back in the queue in arrival order, to wait for
 * others (under the lock). */
static void requeue(srv_sched *s, srv_job *j)
{
    srv_job *prev = NULL, *k = s->head;
    while (k && k->t_enqueue <= j->t_enqueue) {
        prev = k;
        k = k->next;
    }
    j->next = k;
    if (prev)
        prev->next = j;
    else
        s->head = j;
    if (!k)
        s->tail = j;
}

static void worker(void *arg)
{
    worker_arg *wa = arg;
    srv_sched *s = wa->s;
    int w = wa->index;
    free(wa);
    uv_mutex_lock(&s->mu);
    while (!s->stop) {
        int inst = -1;
        enum take_kind kind;
        uint64_t now = uv_hrtime(), wake_at = UINT64_MAX;
        srv_job *j = take(s, &inst, &kind, now, &wake_at);
        if (!j) {
            if (wake_at != UINT64_MAX)
                uv_cond_timedwait(&s->cv, &s->mu, wake_at > now ? wake_at - now : 1);
            else
                uv_cond_wait(&s->cv, &s->mu);
            continue;
        }
        s->current[w] = j;
        if (s->cancel_all)
            __atomic_store_n(&j->cancel, 1, __ATOMIC_RELAXED);
        uv_mutex_unlock(&s->mu);
        if (kind == TAKE_DECODE && decode_for_batch(s, j)) {
            uv_mutex_lock(&s->mu);
            s->current[w] = NULL;
            requeue(s, j);
                    uv_cond_broadcast(&s->cv); /* it may complete a batch */
            continue;
        }
        if (j->kind == JOB_INFER)
            for (srv_job *k = j; k; k = k->batch_next)
                __atomic_sub_fetch(&k->v->met.pending, 1, __ATOMIC_RELAXED);
        if (kind == TAKE_BATCH)
            run_batch(s, j, inst);
        else if (kind == TAKE_EXPIRED)
            still_wanted(j, &j->cancel, uv_hrtime());
        else if (kind == TAKE_DECODE)
            ; /* answered by decode_for_batch */
        else if (j->kind == JOB_LOAD)
            run_load(s, j);
        else if (inst < 0)
            fail(j, 503, FAIL_CANCELLED, "the server is shutting down");
        else
            run_infer(s, j, inst);
        if (j->kind == JOB_INFER && j->v->batch.on)
            for (srv_job *k = j; k; k = k->batch_next)
                free_decoded(k);
        uint64_t t_done = uv_hrtime();
        uv_mutex_lock(&s->mu);
        if (inst >= 0) {
            j->v->inst[inst].busy = false;
            j->v->running--;
        }
        s->current[w] = NULL;
        while (j) {
            srv_job *k = j->batch_next;
            j->batch_next = NULL;
            j->next = NULL;
            j->t_done = t_done;
            if (s->done_tail)
                s->done_tail->next = j;
            else
                s->done_head = j;
            s->done_tail = j;
            j = k;
        }
        if (inst >= 0 && s->head)
            uv_cond_broadcast(&s->cv); /* an instance is free */
        uv_async_send(s->wake);
    }
    uv_mutex_unlock(&s->mu);
}

srv_sched *srv_sched_new(int workers, const srv_options *o, uint64_t *inflight_bytes, void *wake)
{
    srv_sched *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->current = calloc((size_t)workers, sizeof *s->current);
    s->threads = calloc((size_t)workers, sizeof *s->threads);
    if (!s->current || !s->threads || uv_mutex_init(&s->mu) != 0) {
        free(s->current);
        free(s->threads);
        free(s);
        return NULL;
    }
    uv_cond_init(&s->cv);
    s->o = o;
    s->inflight = inflight_bytes;
    s->wake = wake;
    uv_thread_options_t to = {UV_THREAD_HAS_STACK_SIZE, WORKER_STACK};
    for (int i = 0; i < workers; i++) {
        worker_arg *wa = malloc(sizeof *wa);
        if (!wa)
            break;
        wa->s = s;
        wa->index = i;
        if (uv_thread_create_ex(&s->threads[i], &to, worker, wa) != 0) {
            free(wa);
            break;
        }
        s->nworkers++;
    }
    if (s->nworkers == 0) {
        srv_sched_free(s);
        return NULL;
    }
    return s;
}

void srv_sched_submit(srv_sched *s, srv_job *j)
{
    j->next = NULL;
    if (j->kind == JOB_INFER)
        __atomic_add_fetch(&j->v->met.pending, 1, __ATOMIC_RELAXED);
    uv_mutex_lock(&s->mu);
    if (s->tail)
        s->tail->next = j;
    else
        s->head = j;
    s->tail = j;
    s->busy++;
    uv_cond_signal(&s->cv); /* one worker: any can take any job, and broadcasting wakes the others for nothing */
    uv_mutex_unlock(&s->mu);
}

bool srv_sched_is_short(const srv_sched *s, const srv_job *j)
{
    const srv_version *v = j->v;
    if (j->kind != JOB_INFER || v->batch.on || !s->o->inline_call_us)
        return false;
    uint64_t per_kib = __atomic_load_n(&v->call_ns_per_kib[j->header_len >= 0], __ATOMIC_RELAXED);
    /* no call measured yet, or too slow: a worker runs it */
    return per_kib && mul_sat(per_kib, j->len) / 1024 <= mul_sat(s->o->inline_call_us, 1000);
}

bool srv_sched_run_here(srv_sched *s, srv_job *j)
{
    srv_version *v = j->v;
    if (!srv_sched_is_short(s, j))
        return false;
    uv_mutex_lock(&s->mu);
    /* FIFO: a queued job goes first, and the loop thread never waits for one */
    int inst = s->head || s->cancel_all || s->stop ? -1 : free_instance(s, v);
    if (inst >= 0) {
        v->inst[inst].busy = true;
        v->running++;
    }
    uv_mutex_unlock(&s->mu);
    if (inst < 0)
        return false;
    /* the prediction knows the body's size, not its values: a call that
     * runs past the cap is stopped and the request goes to a worker, so
     * the loop thread is never held long */
    uint64_t cap = mul_sat(s->o->inline_call_us, 4000);
    if (cap < HERE_CAP_MIN_NS)
        cap = HERE_CAP_MIN_NS;
    bool capped = false;
    uint64_t now = uv_hrtime();
    if (still_wanted(j, &j->cancel, now)) {
        oip_request r;
        if (decode(s, j, &r, now)) {
            capped = call_one(s, j, &r, inst, &j->cancel, cap);
            if (capped) { /* undone: the worker decodes it again */
                __atomic_sub_fetch(s->inflight, j->out_bytes, __ATOMIC_RELAXED);
                j->out_bytes = 0;
                j->status = 0;
                j->err[0] = 0;
            }
            oip_request_free(&r);
        }
    }
    if (!capped) {
        srv_metric_add(&v->met.queue_us, us(now - j->t_enqueue));
        srv_metric_add(&v->met.loop_thread, 1);
        drop_body(j);
        j->t_done = uv_hrtime();
    }
    uv_mutex_lock(&s->mu);
    v->inst[inst].busy = false;
    v->running--;
    if (s->head)
        uv_cond_broadcast(&s->cv); /* an instance is free */
    uv_mutex_unlock(&s->mu);
    return !capped;
}

srv_job *srv_sched_done(srv_sched *s)
{
    uv_mutex_lock(&s->mu);
    srv_job *j = s->done_head;
    s->done_head = s->done_tail = NULL;
    for (srv_job *k = j; k; k = k->next)
        s->busy--;
    uv_mutex_unlock(&s->mu);
    return j;
}

int srv_sched_busy(srv_sched *s)
{
    uv_mutex_lock(&s->mu);
    int n = s->busy;
    uv_mutex_unlock(&s->mu);
    return n;
}

void srv_sched_set_models(srv_sched *s, int n)
{
    uv_mutex_lock(&s->mu);
    s->nmodels = n;
    uv_cond_broadcast(&s->cv); /* a cap may have risen */
    uv_mutex_unlock(&s->mu);
}

void srv_sched_cancel_all(srv_sched *s)
{
    uv_mutex_lock(&s->mu);
    s->cancel_all = true;
    for (int i = 0; i < s->nworkers; i++)
        if (s->current[i])
            __atomic_store_n(&s->current[i]->cancel, 1, __ATOMIC_RELAXED);
    for (srv_job *j = s->head; j; j = j->next)
        __atomic_store_n(&j->cancel, 1, __ATOMIC_RELAXED);
    uv_cond_broadcast(&s->cv);
    uv_mutex_unlock(&s->mu);
}

void srv_sched_free(srv_sched *s)
{
    if (!s)
        return;
    uv_mutex_lock(&s->mu);
    s->stop = true;
    uv_cond_broadcast(&s->cv);
    uv_mutex_unlock(&s->mu);
    for (int i = 0; i < s->nworkers; i++)
        uv_thread_join(&s->threads[i]);
    for (srv_job *j = s->head, *next; j; j = next) {
        next = j->next;
        srv_job_free(j);
    }
    for (srv_job *j = s->done_head, *next; j; j = next) {
        next = j->next;
        srv_job_free(j);
    }
    uv_cond_destroy(&s->cv);
    uv_mutex_destroy(&s->mu);
    free(s->current);
    free(s->threads);
    free(s);
}
