/* /metrics: Prometheus text format 0.0.4, with Triton's metric names
 * (nv_inference_*) under the tirvm_ prefix, labelled {model, version}. */
#include <string.h>

#include "serve.h"

static uint64_t ld(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }

/* A label value: backslash, double quote and newline escaped. */
static void label(sbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' || *s == '"')
            sb_put(b, "\\", 1), sb_put(b, s, 1);
        else if (*s == '\n')
            sb_puts(b, "\\n");
        else
            sb_put(b, s, 1);
    }
}

static void model_labels(sbuf *b, const srv_version *v)
{
    sb_puts(b, "model=\"");
    label(b, v->model);
    sb_puts(b, "\",version=\"");
    label(b, v->version);
    sb_puts(b, "\"");
}

/* Histogram bucket bounds (le), by kind; the last bucket is +Inf. */
static const uint64_t bounds[][SRV_HIST_BUCKETS] = {
    [HIST_ROWS] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 65536},
    [HIST_US] = {50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000, 5000000,
                 30000000},
};

void srv_hist_observe(srv_hist *h, enum srv_hist_kind kind, uint64_t x)
{
    int i = 0;
    while (i < SRV_HIST_BUCKETS && x > bounds[kind][i])
        i++;
    srv_metric_add(&h->bucket[i], 1);
    srv_metric_add(&h->count, 1);
    srv_metric_add(&h->sum, x);
}

static void head(sbuf *b, const char *name, const char *type, const char *help)
{
    sb_printf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

typedef struct {
    const char *name, *help;
    size_t offset;
} counter_def;

#define MET(field) offsetof(srv_model_metrics, field)

void srv_metrics_text(sbuf *b, srv_version *const *versions, int n, const srv_global_metrics *g)
{
    static const counter_def counters[] = {
        {"tirvm_inference_request_success", "Successful inference requests", MET(success)},
        {"tirvm_inference_count", "Inferences performed", MET(count)},
        {"tirvm_inference_exec_count", "Calls of the VM (successful or not)", MET(exec_count)},
        {"tirvm_inference_loop_thread_count", "Requests the HTTP thread ran itself, without a hand-off to a worker "
         "(--inline-call-us)", MET(loop_thread)},
        {"tirvm_inference_request_duration_us", "Cumulative inference request duration in microseconds (queue, "
         "decode, call and encode)", MET(request_us)},
        {"tirvm_inference_queue_duration_us", "Cumulative time requests waited for an instance, in microseconds",
         MET(queue_us)},
        {"tirvm_inference_compute_input_duration_us", "Cumulative time decoding and binding inputs, in microseconds",
         MET(input_us)},
        {"tirvm_inference_compute_infer_duration_us", "Cumulative time in tirvm_call, in microseconds", MET(infer_us)},
        {"tirvm_inference_compute_output_duration_us", "Cumulative time encoding outputs, in microseconds",
         MET(output_us)},
    };
    static const char *const reasons[FAIL_NREASONS] = {"invalid", "runtime", "limit", "deadline", "cancelled",
                                                       "internal", "client_gone"};
    for (size_t c = 0; c < sizeof counters / sizeof counters[0]; c++) {
        head(b, counters[c].name, "counter", counters[c].help);
        for (int i = 0; i < n; i++) {
            sb_printf(b, "%s{", counters[c].name);
            model_labels(b, versions[i]);
            sb_printf(b, "} %llu\n",
                      (unsigned long long)ld((const uint64_t *)((const char *)&versions[i]->met + counters[c].offset)));
        }
    }
    head(b, "tirvm_inference_request_failure", "counter", "Failed inference requests, by reason");
    for (int i = 0; i < n; i++)
        for (int r = 0; r < FAIL_NREASONS; r++) {
            sb_puts(b, "tirvm_inference_request_failure{");
            model_labels(b, versions[i]);
            sb_printf(b, ",reason=\"%s\"} %llu\n", reasons[r], (unsigned long long)ld(&versions[i]->met.failure[r]));
        }
    static const struct {
        const char *name, *help;
        size_t offset;
        enum srv_hist_kind kind;
    } hists[] = {
        {"tirvm_inference_batch_size", "Rows of each call a batching model executed (dynamic batching)",
         MET(batch_rows), HIST_ROWS},
        {"tirvm_inference_batch_requests", "Requests sharing each call a batching model executed",
         MET(batch_requests), HIST_ROWS},
        {"tirvm_inference_batch_queue_duration_us", "Microseconds each request of a batching model waited, from "
         "its arrival to its call", MET(batch_queue_us), HIST_US},
        {"tirvm_inference_batch_compute_duration_us", "Microseconds in tirvm_call of each call a batching model "
         "executed", MET(batch_compute_us), HIST_US},
    };
    for (size_t k = 0; k < sizeof hists / sizeof hists[0]; k++) {
        head(b, hists[k].name, "histogram", hists[k].help);
        for (int i = 0; i < n; i++) {
            if (!versions[i]->batch.on)
                continue;
            const srv_hist *h = (const srv_hist *)((const char *)&versions[i]->met + hists[k].offset);
            uint64_t cum = 0;
            for (int e = 0; e <= SRV_HIST_BUCKETS; e++) {
                cum += ld(&h->bucket[e]);
                sb_printf(b, "%s_bucket{", hists[k].name);
                model_labels(b, versions[i]);
                if (e < SRV_HIST_BUCKETS)
                    sb_printf(b, ",le=\"%llu\"} %llu\n", (unsigned long long)bounds[hists[k].kind][e],
                              (unsigned long long)cum);
                else
                    sb_printf(b, ",le=\"+Inf\"} %llu\n", (unsigned long long)cum);
            }
            sb_printf(b, "%s_sum{", hists[k].name);
            model_labels(b, versions[i]);
            sb_printf(b, "} %llu\n", (unsigned long long)ld(&h->sum));
            sb_printf(b, "%s_count{", hists[k].name);
            model_labels(b, versions[i]);
            sb_printf(b, "} %llu\n", (unsigned long long)ld(&h->count));
        }
    }
    head(b, "tirvm_inference_pending_request_count", "gauge", "Requests waiting for an instance");
    for (int i = 0; i < n; i++) {
        sb_puts(b, "tirvm_inference_pending_request_count{");
        model_labels(b, versions[i]);
        sb_printf(b, "} %lld\n", (long long)__atomic_load_n(&versions[i]->met.pending, __ATOMIC_RELAXED));
    }
    head(b, "tirvm_model_ready", "gauge", "1 when the model version is loaded and serving");
    for (int i = 0; i < n; i++) {
        sb_puts(b, "tirvm_model_ready{");
        model_labels(b, versions[i]);
        sb_puts(b, "} 1\n");
    }
    head(b, "tirvm_vm_limit_exceeded_total", "counter", "Calls stopped by a limit");
    for (int i = 0; i < n; i++) {
        sb_puts(b, "tirvm_vm_limit_exceeded_total{");
        model_labels(b, versions[i]);
        sb_printf(b, ",limit=\"steps_or_memory\"} %llu\n", (unsigned long long)ld(&versions[i]->met.limit_steps_memory));
        sb_puts(b, "tirvm_vm_limit_exceeded_total{");
        model_labels(b, versions[i]);
        sb_printf(b, ",limit=\"deadline\"} %llu\n", (unsigned long long)ld(&versions[i]->met.limit_deadline));
    }
    static const char *const rej[REJECT_N] = {"queue_full", "too_large", "budget", "draining"};
    head(b, "tirvm_requests_rejected_total", "counter", "Requests refused before they ran, by reason");
    for (int r = 0; r < REJECT_N; r++)
        sb_printf(b, "tirvm_requests_rejected_total{reason=\"%s\"} %llu\n", rej[r],
                  (unsigned long long)ld(&g->rejected[r]));
    head(b, "tirvm_model_load_failures_total", "counter", "Model loads that failed");
    sb_printf(b, "tirvm_model_load_failures_total %llu\n", (unsigned long long)ld(&g->load_failures));
    static const char *const cc[CLOSE_N] = {"max_connections", "per_address", "header_timeout", "slow_body"};
    head(b, "tirvm_http_connections_closed_total", "counter",
         "Connections the server refused (503) or cut off (408), by reason");
    for (int r = 0; r < CLOSE_N; r++)
        sb_printf(b, "tirvm_http_connections_closed_total{reason=\"%s\"} %llu\n", cc[r],
                  (unsigned long long)ld(&g->conn_closed[r]));
    head(b, "tirvm_http_connections", "gauge", "Open HTTP connections");
    sb_printf(b, "tirvm_http_connections %lld\n", (long long)__atomic_load_n(&g->connections, __ATOMIC_RELAXED));
    head(b, "tirvm_inflight_bytes", "gauge", "Request and output bytes held by requests in flight");
    sb_printf(b, "tirvm_inflight_bytes %llu\n", (unsigned long long)ld(&g->inflight_bytes));
}
