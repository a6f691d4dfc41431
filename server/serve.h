/* tirvm serve: the KServe Open Inference Protocol (V2) over HTTP/1.1.
 *
 * One libuv loop thread runs libmicrohttpd (external epoll) and does all
 * HTTP: routing, health, metadata, metrics, body accumulation and
 * admission (limits, queues).  The server's own worker threads (8 MiB
 * stacks) decode requests, call the VM and encode responses.  The pieces:
 *   http.c     libmicrohttpd on the loop, routing, responses, shutdown
 *   oip.c      the protocol's JSON and binary codec (no sockets: fuzzed)
 *   repo.c     models: config.json, repository folders, instances
 *   weights.c  detached weights: a version's params.npz, bound to every call
 *   sched.c    workers, per-model bounded queues, deadlines, cancellation
 *   batch.c    dynamic batching: which requests merge, one call for them, the rows back
 *   metrics.c  counters and the Prometheus text
 *   serve.c    the command line
 * Everything uses the tirvm library through its public API (tirvm.h),
 * and base/ for dtype names and counts. */
#ifndef TIRVM_SERVE_H
#define TIRVM_SERVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dtype.h"
#include "tirvm.h"

/* ---- a bounded growing byte buffer ------------------------------------- */
typedef struct {
    char *data;
    char *mem;    /* the allocation when it starts before data (sb_prepare), else NULL */
    size_t align_at; /* sb_prepare's: data + align_at stays 64-byte aligned as it grows */
    size_t len, cap;
    size_t limit; /* 0: none */
    bool failed;  /* out of memory or over the limit: later writes are dropped */
    bool over;    /* the failure was the limit */
} sbuf;
void sb_init(sbuf *b, size_t limit);
void sb_free(sbuf *b);
/* Allocates room for cap bytes (a hint: the buffer still grows) such that
 * data + align_at is 64-byte aligned, so that a tensor starting there can be
 * used in place; false when out of memory. */
bool sb_prepare(sbuf *b, size_t cap, size_t align_at);
/* The bytes, handed to the caller: *mem is what to free().  b is emptied. */
char *sb_take(sbuf *b, void **mem);
void sb_put(sbuf *b, const void *p, size_t n);
void sb_puts(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s as a JSON string with its quotes; bytes that are not valid UTF-8 become U+FFFD. */
void sb_json_string(sbuf *b, const char *s, size_t n);
/* {"error": "msg"} (malloc'ed, NUL-terminated; *len its length). */
char *json_error_body(const char *msg, size_t *len);

/* ---- limits and defaults ------------------------------------------------ */
typedef struct {
    uint64_t max_steps;   /* per call; 0 none */
    uint64_t max_memory;  /* per call; 0 none */
    uint64_t timeout_ms;  /* per request, queue time included; 0 none */
    unsigned max_queue;   /* requests waiting for an instance */
    int instances;
    int threads_per_instance;
    int max_workers; /* config.json: workers the model may hold at once; 0: the server's rule */
} srv_model_limits;

/* config.json's "dynamic_batching": requests arriving within max_queue_delay_us
 * of each other merge along the model's symbolic first dimension into one call
 * of at most max_batch_size rows; a batch reaching a preferred size (or the
 * maximum) runs at once. */
#define SRV_MAX_PREFERRED 16
typedef struct {
    bool on;
    uint64_t max_batch_size;
    uint64_t max_queue_delay_us;
    int npreferred;
    uint64_t preferred[SRV_MAX_PREFERRED];
} srv_batching;

typedef struct {
    uint64_t max_body_bytes;
    uint64_t max_json_bytes;
    uint64_t max_output_bytes;
    uint64_t max_inflight_bytes;
    unsigned max_connections;
    unsigned max_connections_per_address; /* 0: none */
    unsigned idle_timeout_s;
    unsigned header_timeout_s; /* request line and headers due; 0: none */
    uint64_t min_body_rate;    /* bytes per second after body_grace_s; 0: none */
    unsigned body_grace_s;
    unsigned shutdown_delay_ms;
    unsigned drain_timeout_ms;
    int workers;
    /* the loop thread runs a request itself, without a hand-off to a
     * worker, when nothing waits and its call is expected to take at most
     * this long (µs; 0: never) */
    uint64_t inline_call_us;
    bool model_control;
    const char *repository; /* --model-repository, for model control loads */
    srv_model_limits model; /* defaults for every model */
} srv_options;

/* ---- OIP datatypes ------------------------------------------------------ */
/* The OIP name of a tirvm dtype ("FP32"), or NULL (vector lanes, handles):
 * base/dtype.h's, whose type codes are DLPack's. */
static inline const char *oip_dtype_name(DLDataType t)
{
    return tir_dtype_oip_name(tir_dt(t.code, t.bits, t.lanes));
}
/* Bytes per element in the binary form and in the DLTensor. */
size_t oip_elem_size(DLDataType t);

/* ---- per-model metrics ----------------------------------------------------- */
enum srv_fail_reason {
    FAIL_INVALID,   /* malformed request, dtype/shape mismatch (400) */
    FAIL_RUNTIME,   /* the module trapped: assertion, bounds, division (400) */
    FAIL_LIMIT,     /* step or memory limit (400) */
    FAIL_DEADLINE,  /* the request's deadline passed (504) */
    FAIL_CANCELLED, /* cancelled at shutdown (503) */
    FAIL_INTERNAL,  /* out of memory and the like (500) */
    FAIL_CLIENT_GONE, /* a queued request's client closed its connection while it waited: never run */
    FAIL_NREASONS
};
/* A Prometheus histogram: counts per bucket (not cumulative; the text sums
 * them), with the bucket bounds of its kind. */
enum srv_hist_kind { HIST_ROWS, HIST_US };
#define SRV_HIST_BUCKETS 16
typedef struct {
    uint64_t bucket[SRV_HIST_BUCKETS + 1]; /* the last: +Inf */
    uint64_t count, sum;
} srv_hist;
void srv_hist_observe(srv_hist *h, enum srv_hist_kind kind, uint64_t x);
typedef struct {
    uint64_t success, count, exec_count;
    uint64_t loop_thread; /* requests run on the loop thread (srv_sched_run_here) */
    uint64_t failure[FAIL_NREASONS];
    uint64_t request_us, queue_us, input_us, infer_us, output_us;
    uint64_t limit_steps_memory, limit_deadline;
    int64_t pending; /* waiting in the queue */
    /* dynamic batching: per executed call, its rows and requests and its
     * time in tirvm_call; per request, its time from arrival to its call */
    srv_hist batch_rows, batch_requests, batch_compute_us, batch_queue_us;
} srv_model_metrics; /* updated with __atomic builtins */

/* ---- a loaded model version ------------------------------------------------ */
enum { ROLE_AUTO = 0, ROLE_INPUT = 1, ROLE_OUTPUT = 2, ROLE_WEIGHT = 3 /* bound from params.npz */ };

typedef struct {
    tirvm_runtime *rt;
    tirvm_module *m; /* instance 0's loaded module, shared (tirvm_module_share): one copy of the weights */
    bool busy; /* under the scheduler's lock */
} srv_instance;

typedef struct srv_version {
    char *model, *version;
    char *entry;
    int func;
    int nparams;
    tirvm_param_info *params; /* names point into instance 0's module */
    const char **pname;       /* the name a request uses: the buffer's name when it has one */
    unsigned char *role;
    bool has_ret;
    DLDataType ret_type;
    char *ret_name;
    srv_model_limits lim;
    int ninst;
    srv_instance *inst;
    int running;              /* calls running, under the scheduler's lock */
    DLTensor *bound;          /* per parameter: the ROLE_WEIGHT tensor, read-only, shared by every call */
    void *weights;            /* the arrays holding them (weights.c) */
    srv_batching batch;       /* config.json's dynamic_batching */
    int batch_param;          /* the scalar parameter that is the batch variable, or -1 */
    unsigned scan_mark;       /* the scheduler's, under its lock */
    srv_model_metrics met;
    /* atomic: how long its recent calls took per KiB of request body (JSON
     * bodies [0], binary [1]), rising at once and falling slowly; 0: no call
     * yet.  Whether the loop thread may run a request itself (sched.c). */
    uint64_t call_ns_per_kib[2];
    int outstanding; /* requests queued or running (the loop thread's count) */
    int refs; /* atomic */
} srv_version;

/* Loads a model version from module bytes and an optional config.json text
 * (limits default to *defaults).  NULL with a message on failure. */
srv_version *srv_version_new(const char *model, const char *version, const void *bytes, size_t len,
                             const char *config, size_t config_len, const srv_model_limits *defaults, char *err,
                             size_t err_len);
void srv_version_ref(srv_version *v);
void srv_version_unref(srv_version *v);
/* The parameter a request's tensor name refers to (signature or buffer name), or -1. */
int srv_find_param(const srv_version *v, const char *name);
/* Model metadata JSON. */
void srv_version_metadata(const srv_version *v, sbuf *b);

/* Reads DIR/<model>/[config.json] and the highest DIR/<model>/<version>/model.tirbc
 * (or, single-model layout, DIR/model.tirbc / DIR/<version>/model.tirbc / DIR/ *.tirbc
 * when `single`).  NULL with a message. */
srv_version *srv_load_from_dir(const char *model, const char *dir, bool single, const srv_model_limits *defaults,
                               char *err, size_t err_len);
/* FILE.tirbc, or FILE.tirbc:PARAMS.npz with detached weights. */
srv_version *srv_load_from_file(const char *model, const char *path, const srv_model_limits *defaults, char *err,
                                size_t err_len);
/* Binds the arrays of a .npz file (np.savez) to v's entry function as
 * tirvm run --params does, for every call: an array naming no buffer
 * parameter, a detached weight (a parameter tirc names p_K) the file lacks,
 * or an array of another dtype or shape fails with tirvm run's message; a
 * weight the function writes too.  0, or -1 with a message. */
int srv_version_bind_weights(srv_version *v, const char *path, char *err, size_t err_len);
void srv_version_free_weights(srv_version *v);

/* Whether v's entry function can batch: every input and output a buffer
 * whose first dimension is one symbolic variable (appearing nowhere else),
 * no scalar parameter but that variable, no return value.  0, or -1 with a
 * message. */
int srv_version_check_batching(srv_version *v, char *err, size_t err_len);

/* ---- the protocol codec ------------------------------------------------------ */
typedef struct {
    uint64_t max_json_bytes;
    uint64_t max_output_bytes;
    /* The JSON header's parse tree counts here while it is held (NULL: not
     * counted), and a request whose tree would take it past max_inflight
     * is answered 503. */
    uint64_t *inflight;
    uint64_t max_inflight;
    /* A binary input the call does not write, 64-byte aligned in the body,
     * is bound where it lies instead of copied: the body must then outlive
     * the request (oip_request_free) and stay unchanged. */
    bool bind_in_place;
} oip_limits;

typedef struct {
    int nparams;
    tirvm_arg *args;
    DLTensor *tensors;
    int64_t (*shapes)[32];
    void **data;          /* 64-byte aligned buffers we own, or in the body (borrowed) */
    bool *borrowed;       /* data[p] lies in the request's body: not freed (NULL: none) */
    size_t *nbytes;
    bool *given;          /* supplied by the request */
    bool *want;           /* returned in the response */
    bool *binary;         /* returned as binary data */
    int *order;           /* response order of parameters (-1: the return value) */
    int norder;
    bool want_ret, ret_binary;
    char **sent;          /* per parameter: the name the request gave the input (malloc'ed), or NULL */
    char *id;             /* the request's id (malloc'ed) or NULL */
    size_t id_len;
    uint64_t out_bytes;   /* bytes allocated for outputs */
} oip_request;

/* Decodes a request body (the JSON header is the first header_len bytes,
 * the rest binary tensor data; header_len < 0: the whole body is JSON) and
 * binds it to v's entry function: inputs copied into aligned tensors (or
 * bound where they lie in body, lim->bind_in_place),
 * outputs allocated from the resolved shapes.  Returns an HTTP status: 200,
 * or 400/413/503 with a message. */
int oip_decode(const srv_version *v, char *body, size_t len, long long header_len, const oip_limits *lim,
               oip_request *r, char *err, size_t err_len);
void oip_request_free(oip_request *r);
/* A message of the VM about an argument of the entry function names it as
 * the function's signature does ("argument 'b': shape[0] is 1, ..."):
 * rewrites it in place to name the tensor as the request did ("input 'B':
 * ..."), or as the model's metadata does when the server supplied it. */
void oip_name_argument(const srv_version *v, const oip_request *r, char *err, size_t err_len);
/* Encodes the response after a successful call.  Returns 200 with *out
 * (malloc'ed), *out_len and *header_len (-1 when there is no binary part),
 * or an HTTP status with a message. */
int oip_encode(const srv_version *v, const oip_request *r, const tirvm_value *ret, const oip_limits *lim,
               char **out, size_t *out_len, long long *header_len, char *err, size_t err_len);

/* ---- dynamic batching (batch.c) ---------------------------------------------- */
/* A decoded request's rows: the first dimension of its inputs. */
uint64_t oip_request_rows(const srv_version *v, const oip_request *r);
/* Whether two decoded requests of a batching model may share a call: the
 * same tensors, with the same dimensions but the first. */
bool oip_requests_compatible(const srv_version *v, const oip_request *a, const oip_request *b);
/* The arguments of one call for n compatible requests: each input's rows
 * concatenated in order, outputs allocated for all rows.  200, or 500. */
int oip_merge(const srv_version *v, oip_request *const *rs, int n, oip_request *merged);
/* Copies each request's rows of the merged call's outputs (and of any
 * tensor the function writes) back into the request. */
void oip_split(const srv_version *v, const oip_request *merged, oip_request *const *rs, int n);

/* ---- the scheduler: worker threads and jobs ------------------------------- */
typedef enum { JOB_INFER, JOB_LOAD } srv_job_kind;

typedef struct srv_job {
    struct srv_job *next;
    srv_job_kind kind;
    srv_version *v;          /* JOB_INFER: holds a reference */
    char *body;              /* the request's bytes, NUL-terminated; the decoded request may use them */
    void *body_mem;          /* the allocation holding body, to free */
    size_t len;
    long long header_len;    /* Inference-Header-Content-Length, -1 when absent */
    void *owner;             /* the HTTP side's request */
    uint64_t t_enqueue, t_start, t_done, deadline_ns; /* uv_hrtime; deadline 0: none */
    int cancel;              /* atomic: set to cancel the running call */
    /* results */
    int status;              /* HTTP status */
    char *resp;
    size_t resp_len;
    long long resp_header_len;
    uint64_t out_bytes;      /* output bytes counted in the in-flight budget */
    char err[1024];
    int client_fd;           /* the client's socket (-1: unknown), to drop a request whose client left */
    /* dynamic batching */
    oip_request *decoded;    /* decoded while it waits for others to share its call */
    uint64_t rows;           /* its first dimension */
    struct srv_job *batch_next; /* the other requests of its call */
    /* JOB_LOAD */
    char *load_model, *load_dir;
    bool load_single;
    srv_version *loaded;
} srv_job;

typedef struct srv_sched srv_sched;
/* Starts `workers` threads (8 MiB stacks); done jobs are handed back
 * through `wake` (uv_async_send) and srv_sched_done. */
srv_sched *srv_sched_new(int workers, const srv_options *o, uint64_t *inflight_bytes, void *wake);
/* Queues a job (the caller checked the model's queue bound). */
void srv_sched_submit(srv_sched *s, srv_job *j);
/* Whether an inference job's call is expected to be short enough for the
 * loop thread to run it: its model does not batch, and its recent calls
 * predict at most --inline-call-us for a body of this size. */
bool srv_sched_is_short(const srv_sched *s, const srv_job *j);
/* Runs a short job (srv_sched_is_short) on the calling thread (the loop
 * thread) when nothing waits in the queue and its model has a free
 * instance under its worker cap.  True when it ran (j holds the answer,
 * t_done set); false when it is to be submitted: it could not run, or its
 * call ran past 4 x --inline-call-us (at least 2 ms) and was stopped, its
 * body kept for a worker to decode again. */
bool srv_sched_run_here(srv_sched *s, srv_job *j);
/* The finished jobs, oldest first (the loop thread). */
srv_job *srv_sched_done(srv_sched *s);
/* Cancels every running call and fails every queued one (shutdown). */
void srv_sched_cancel_all(srv_sched *s);
/* Jobs queued or running. */
int srv_sched_busy(srv_sched *s);
/* The number of models served (the loop thread tells the workers): with
 * more than one, a model holds at most workers-1 of them (see sched.c). */
void srv_sched_set_models(srv_sched *s, int n);
/* Stops and joins the workers (after the queue has drained). */
void srv_sched_free(srv_sched *s);
void srv_job_free(srv_job *j);

/* ---- metrics ------------------------------------------------------------------- */
enum srv_reject { REJECT_QUEUE_FULL, REJECT_TOO_LARGE, REJECT_BUDGET, REJECT_DRAINING, REJECT_N };
/* Connections the server refused or cut off. */
enum srv_conn_close {
    CLOSE_MAX_CONNECTIONS, /* over --max-connections: 503 */
    CLOSE_PER_ADDRESS,     /* over --max-connections-per-address: 503 */
    CLOSE_HEADER_TIMEOUT,  /* headers not in by --header-timeout-s: 408 */
    CLOSE_SLOW_BODY,       /* body under --min-body-rate: 408 */
    CLOSE_N
};
typedef struct {
    uint64_t rejected[REJECT_N];
    uint64_t conn_closed[CLOSE_N];
    uint64_t load_failures;
    int64_t connections;
    uint64_t inflight_bytes;
} srv_global_metrics;
/* The Prometheus text (version 0.0.4) for these model versions. */
void srv_metrics_text(sbuf *b, srv_version *const *versions, int n, const srv_global_metrics *g);
void srv_metric_add(uint64_t *counter, uint64_t n);

/* ---- the command ------------------------------------------------------------- */
int serve_main(int argc, char **argv);

#endif
