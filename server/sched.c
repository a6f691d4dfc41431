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
 * own cap), so one worker is always left for the other models. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uv.h>

#include "serve.h"

#define WORKER_STACK ((size_t)8 << 20)

struct srv_sched {
    uv_mutex_t mu;
    uv_cond_t cv;
    srv_job *head, *tail;      /* waiting */
    srv_job *done_head, *done_tail;
    srv_job **current;         /* per worker: the job it runs */
    int *current_inst;
    int nworkers, busy;
    int nmodels;               /* models served (srv_sched_set_models) */
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
    free(j->body);
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

static void run_infer(srv_sched *s, srv_job *j, int inst)
{
    srv_version *v = j->v;
    srv_model_metrics *met = &v->met;
    uint64_t now = uv_hrtime();
    srv_metric_add(&met->queue_us, us(now - j->t_enqueue));
    if (__atomic_load_n(&j->cancel, __ATOMIC_RELAXED)) {
        fail(j, 503, FAIL_CANCELLED, "the server is shutting down");
        return;
    }
    if (j->deadline_ns && now >= j->deadline_ns) {
        srv_metric_add(&met->limit_deadline, 1);
        fail(j, 504, FAIL_DEADLINE, "the request's deadline passed while it waited in the queue");
        return;
    }
    oip_limits lim = {s->o->max_json_bytes, s->o->max_output_bytes, s->inflight, s->o->max_inflight_bytes};
    oip_request r;
    int st = oip_decode(v, j->body, j->len, j->header_len, &lim, &r, j->err, sizeof j->err);
    free(j->body);
    j->body = NULL;
    uint64_t t_in = uv_hrtime();
    srv_metric_add(&met->input_us, us(t_in - now));
    if (st == 503) { /* the in-flight budget, like the outputs' below: no failure of the model */
        j->status = 503;
        oip_request_free(&r);
        return;
    }
    if (st != 200) {
        fail(j, st, st == 500 ? FAIL_INTERNAL : FAIL_INVALID, j->err);
        oip_request_free(&r);
        return;
    }
    /* the outputs count in the in-flight budget */
    uint64_t total = __atomic_add_fetch(s->inflight, r.out_bytes, __ATOMIC_RELAXED);
    j->out_bytes = r.out_bytes;
    if (total > s->o->max_inflight_bytes && r.out_bytes) {
        snprintf(j->err, sizeof j->err, "the server holds too many bytes in flight; retry later");
        j->status = 503;
        j->out_bytes = 0;
        __atomic_sub_fetch(s->inflight, r.out_bytes, __ATOMIC_RELAXED);
        oip_request_free(&r);
        return;
    }
    tirvm_call_options co;
    memset(&co, 0, sizeof co);
    co.max_steps = v->lim.max_steps;
    co.max_memory = v->lim.max_memory;
    co.caller_bytes = r.out_bytes; /* the outputs the server allocated for the call count against its limit */
    co.cancel = &j->cancel;
    if (j->deadline_ns)
        co.timeout_ns = j->deadline_ns > t_in ? j->deadline_ns - t_in : 1;
    tirvm_value ret;
    memset(&ret, 0, sizeof ret);
    char err[900];
    tirvm_status cs = tirvm_call_ex(v->inst[inst].m, v->func, r.args, r.nparams, &co, &ret, err, sizeof err);
    uint64_t t_call = uv_hrtime();
    srv_metric_add(&met->infer_us, us(t_call - t_in));
    srv_metric_add(&met->exec_count, 1);
    if (cs != TIRVM_OK) {
        oip_name_argument(v, &r, err, sizeof err);
        switch (cs) {
        case TIRVM_ERR_LIMIT:
            srv_metric_add(&met->limit_steps_memory, 1);
            fail(j, 400, FAIL_LIMIT, err);
            break;
        case TIRVM_ERR_CANCELLED:
            if (__atomic_load_n(&j->cancel, __ATOMIC_RELAXED)) {
                fail(j, 503, FAIL_CANCELLED, "the call was cancelled: the server is shutting down");
            } else {
                srv_metric_add(&met->limit_deadline, 1);
                snprintf(j->err, sizeof j->err, "the request's deadline of %llu ms passed: %s",
                         (unsigned long long)v->lim.timeout_ms, err);
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
        oip_request_free(&r);
        return;
    }
    st = oip_encode(v, &r, &ret, &lim, &j->resp, &j->resp_len, &j->resp_header_len, j->err, sizeof j->err);
    oip_request_free(&r);
    srv_metric_add(&met->output_us, us(uv_hrtime() - t_call));
    if (st == 503) { /* the in-flight budget, like the outputs' below: no failure of the model */
        j->status = 503;
        oip_request_free(&r);
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

/* The oldest runnable job, unlinked, with *inst its instance. */
static srv_job *take(srv_sched *s, int *inst)
{
    srv_job *prev = NULL;
    for (srv_job *j = s->head; j; prev = j, j = j->next) {
        int free_inst = -1;
        if (j->kind == JOB_INFER) {
            for (int i = 0; i < j->v->ninst && free_inst < 0 && j->v->running < worker_cap(s, j->v); i++)
                if (!j->v->inst[i].busy)
                    free_inst = i;
            /* a cancelled job needs no instance */
            if (free_inst < 0 && !s->cancel_all)
                continue;
            if (free_inst >= 0) {
                j->v->inst[free_inst].busy = true;
                j->v->running++;
            }
        }
        if (prev)
            prev->next = j->next;
        else
            s->head = j->next;
        if (s->tail == j)
            s->tail = prev;
        j->next = NULL;
        *inst = free_inst;
        return j;
    }
    return NULL;
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
        srv_job *j = take(s, &inst);
        if (!j) {
            uv_cond_wait(&s->cv, &s->mu);
            continue;
        }
        s->current[w] = j;
        if (s->cancel_all)
            __atomic_store_n(&j->cancel, 1, __ATOMIC_RELAXED);
        uv_mutex_unlock(&s->mu);
        if (j->kind == JOB_INFER) {
            __atomic_sub_fetch(&j->v->met.pending, 1, __ATOMIC_RELAXED);
            if (inst < 0)
                fail(j, 503, FAIL_CANCELLED, "the server is shutting down");
            else
                run_infer(s, j, inst);
        } else {
            run_load(s, j);
        }
        j->t_done = uv_hrtime();
        uv_mutex_lock(&s->mu);
        if (inst >= 0) {
            j->v->inst[inst].busy = false;
            j->v->running--;
        }
        s->current[w] = NULL;
        if (s->done_tail)
            s->done_tail->next = j;
        else
            s->done_head = j;
        s->done_tail = j;
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
    uv_cond_broadcast(&s->cv);
    uv_mutex_unlock(&s->mu);
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
