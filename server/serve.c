/* tirvm serve: the command line. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <uv.h>

#include "count.h"
#include "http.h"
#include "json_budget.h"

static const char serve_usage[] =
    "usage: tirvm serve (--model-repository DIR | --model NAME=FILE.tirbc ...) [OPTION ...]\n"
    "\n"
    "Serves .tirbc modules over HTTP/1.1 with the KServe Open Inference Protocol (V2)\n"
    "and Triton's binary tensor extension, until SIGTERM or SIGINT.\n"
    "\n"
    "Models:\n"
    "  --model-repository DIR     every DIR/<model>/ holding <version>/model.tirbc (the\n"
    "                             highest version is served), optionally its detached\n"
    "                             weights <version>/params.npz, and config.json\n"
    "  --model NAME=FILE.tirbc[:PARAMS.npz]   one model from a file (version 1), with\n"
    "                             detached weights from PARAMS.npz; may be repeated\n"
    "  --model-name NAME          KServe single-model mode: DIR (default /mnt/models) is\n"
    "                             the folder of the one model NAME\n"
    "  --model-control-mode none|explicit   explicit: POST /v2/repository/models/M/load\n"
    "                             and /unload (default none)\n"
    "  --instances N              instances of each model, one call each at a time (1)\n"
    "  --threads-per-instance N   parallel-region workers of an instance (1)\n"
    "  --workers N                threads that decode, call and encode (the online CPUs)\n"
    "  --inline-call-us US        the HTTP thread runs a request itself, without waking\n"
    "                             a worker, when none waits and the model's recent\n"
    "                             calls predict at most US for it (500; 0: never)\n"
    "HTTP:\n"
    "  --http-address ADDR        IPv4 or IPv6 address to listen on (0.0.0.0: all\n"
    "                             interfaces; 127.0.0.1: this machine only)\n"
    "  --http-port N              port; 0 picks a free one (8080)\n"
    "  --port-file FILE           write the bound port to FILE once listening\n"
    "Limits (BYTES take a K, M or G suffix; config.json may lower a model's own):\n"
    "  --max-steps N              VM steps per call (1000000000; 0: none)\n"
    "  --max-memory BYTES         VM allocations per call (256M; 0: none)\n"
    "  --request-timeout-ms MS    deadline per request, queue included, answered 504\n"
    "                             (30000; 0: none)\n"
    "  --max-queue N              requests waiting per model beyond its instances,\n"
    "                             more are answered 503 (64)\n"
    "  --max-body-bytes BYTES     request body, answered 413 (64M)\n"
    "  --max-json-bytes BYTES     JSON part of a request, answered 413 (8M)\n"
    "  --max-output-bytes BYTES   outputs and response of a request, answered 400 (256M)\n"
    "  --max-inflight-bytes BYTES bodies, JSON parse trees and outputs of all requests,\n"
    "                             answered 503 (1G)\n"
    "  --max-connections N        open connections; more are answered 503 (512)\n"
    "  --max-connections-per-address N   open connections from one client address\n"
    "                             (an IPv6 /64), more are answered 503 (128; 0: none)\n"
    "  --idle-timeout-s S         close a connection idle this long (30)\n"
    "  --header-timeout-s S       request line and headers due S seconds after the\n"
    "                             connection opens (a later request on it: after the\n"
    "                             idle timeout too), else 408 and closed, however\n"
    "                             they trickle in (10; 0: none)\n"
    "  --min-body-rate BYTES      a body arriving slower than BYTES per second after\n"
    "                             its grace period: 408 and closed (1K; 0: none)\n"
    "  --body-grace-s S           the body's grace period (10)\n"
    "Shutdown:\n"
    "  --shutdown-delay-s S       after SIGTERM, keep serving this long while readiness\n"
    "                             reports false (5; SIGINT: none)\n"
    "  --drain-timeout-s S        then stop accepting and wait this long for running\n"
    "                             calls before cancelling them (20)\n"
    "\n"
    "A model that fails to load is logged and answers not ready; the others serve.\n"
    "Exit status: 0 after a drain; 1 no model could be loaded (without explicit model\n"
    "control) or the port is taken; 2 usage error.\n";

static int usage_error(const char *msg)
{
    fprintf(stderr, "tirvm: error: %s\nTry 'tirvm serve --help' for more information.\n", msg);
    return 2;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int serve_main(int argc, char **argv)
{
    json_budget_install(); /* before any JSON is parsed: request trees count in flight */
    srv_options o;
    memset(&o, 0, sizeof o);
    o.max_body_bytes = (uint64_t)64 << 20;
    o.max_json_bytes = (uint64_t)8 << 20;
    o.max_output_bytes = (uint64_t)256 << 20;
    o.max_inflight_bytes = (uint64_t)1 << 30;
    o.max_connections = 512;
    o.idle_timeout_s = 30;
    o.max_connections_per_address = 128;
    o.header_timeout_s = 10;
    o.min_body_rate = 1024;
    o.body_grace_s = 10;
    o.shutdown_delay_ms = 5000;
    o.drain_timeout_ms = 20000;
    o.model.max_steps = 1000000000;
    o.model.max_memory = (uint64_t)256 << 20;
    o.model.timeout_ms = 30000;
    o.model.max_queue = 64;
    o.model.instances = 1;
    o.model.threads_per_instance = 1;
    unsigned ncpu = uv_available_parallelism();
    o.workers = ncpu < 2 ? 2 : ncpu > 256 ? 256 : (int)ncpu;
    o.inline_call_us = 500;
    const char *repo = NULL, *model_name = NULL, *address = "0.0.0.0", *port_file = NULL;
    uint64_t port = 8080;
    const char **models = calloc((size_t)argc + 1, sizeof *models);
    int nmodels = 0;
    if (!models)
        return 1;
    int status = 0;
    char msg[600];
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(serve_usage, stdout);
            free(models);
            return 0;
        }
        if (strncmp(a, "--", 2) != 0) {
            snprintf(msg, sizeof msg, "unexpected argument '%.200s'", a);
            status = usage_error(msg);
            goto done;
        }
        /* --name VALUE or --name=VALUE */
        char name[64];
        const char *eq = strchr(a, '='), *val;
        size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
        if (nlen >= sizeof name) {
            snprintf(msg, sizeof msg, "unknown option '%.200s'", a);
            status = usage_error(msg);
            goto done;
        }
        memcpy(name, a, nlen);
        name[nlen] = 0;
        if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc) {
            val = argv[++i];
        } else {
            snprintf(msg, sizeof msg, "%s needs a value", name);
            status = usage_error(msg);
            goto done;
        }
        uint64_t n = 0;
        bool ok = true;
        struct {
            const char *opt;
            bool bytes;
            uint64_t min, max;
            void *dst;
            int size; /* 8: uint64, 4: unsigned, 1: int, -1: ms from seconds */
        } nums[] = {
            {"--max-steps", false, 0, UINT64_MAX >> 1, &o.model.max_steps, 8},
            {"--max-memory", true, 0, UINT64_MAX >> 1, &o.model.max_memory, 8},
            {"--request-timeout-ms", false, 0, 86400000, &o.model.timeout_ms, 8},
            {"--max-queue", false, 0, 100000, &o.model.max_queue, 4},
            {"--max-body-bytes", true, 1, (uint64_t)1 << 40, &o.max_body_bytes, 8},
            {"--max-json-bytes", true, 1, (uint64_t)1 << 40, &o.max_json_bytes, 8},
            {"--max-output-bytes", true, 1, (uint64_t)1 << 40, &o.max_output_bytes, 8},
            {"--max-inflight-bytes", true, 1, (uint64_t)1 << 50, &o.max_inflight_bytes, 8},
            {"--max-connections", false, 1, 100000, &o.max_connections, 4},
            {"--max-connections-per-address", false, 0, 100000, &o.max_connections_per_address, 4},
            {"--idle-timeout-s", false, 1, 86400, &o.idle_timeout_s, 4},
            {"--header-timeout-s", false, 0, 86400, &o.header_timeout_s, 4},
            {"--min-body-rate", true, 0, (uint64_t)1 << 40, &o.min_body_rate, 8},
            {"--body-grace-s", false, 0, 86400, &o.body_grace_s, 4},
            {"--shutdown-delay-s", false, 0, 3600, &o.shutdown_delay_ms, -1},
            {"--drain-timeout-s", false, 0, 3600, &o.drain_timeout_ms, -1},
            {"--instances", false, 1, 64, &o.model.instances, 1},
            {"--threads-per-instance", false, 1, 64, &o.model.threads_per_instance, 1},
            {"--workers", false, 1, 256, &o.workers, 1},
            {"--inline-call-us", false, 0, 1000000, &o.inline_call_us, 8},
            {"--http-port", false, 0, 65535, &port, 8},
        };
        bool matched = false;
        for (size_t k = 0; k < sizeof nums / sizeof nums[0] && !matched; k++) {
            if (strcmp(name, nums[k].opt) != 0)
                continue;
            matched = true;
            if (!tir_parse_count(val, nums[k].bytes, nums[k].max, &n) || n < nums[k].min) {
                snprintf(msg, sizeof msg, "%s needs a number%s from %llu to %llu, got '%.100s'", name,
                         nums[k].bytes ? " of bytes (K, M, G allowed)" : "", (unsigned long long)nums[k].min,
                         (unsigned long long)nums[k].max, val);
                status = usage_error(msg);
                goto done;
            }
            if (nums[k].size == 8)
                *(uint64_t *)nums[k].dst = n;
            else if (nums[k].size == 4)
                *(unsigned *)nums[k].dst = (unsigned)n;
            else if (nums[k].size == 1)
                *(int *)nums[k].dst = (int)n;
            else
                *(unsigned *)nums[k].dst = (unsigned)n * 1000;
        }
        if (matched)
            continue;
        if (strcmp(name, "--model-repository") == 0)
            repo = val;
        else if (strcmp(name, "--model") == 0)
            models[nmodels++] = val;
        else if (strcmp(name, "--model-name") == 0)
            model_name = val;
        else if (strcmp(name, "--http-address") == 0)
            address = val;
        else if (strcmp(name, "--port-file") == 0)
            port_file = val;
        else if (strcmp(name, "--model-control-mode") == 0) {
            ok = strcmp(val, "none") == 0 || strcmp(val, "explicit") == 0;
            o.model_control = strcmp(val, "explicit") == 0;
            if (!ok) {
                snprintf(msg, sizeof msg, "--model-control-mode is none or explicit, got '%.100s'", val);
                status = usage_error(msg);
                goto done;
            }
        } else {
            snprintf(msg, sizeof msg, "unknown option '%.200s'", name);
            status = usage_error(msg);
            goto done;
        }
    }
    if (model_name && !repo)
        repo = "/mnt/models";
    if (!repo && nmodels == 0) {
        status = usage_error("serve needs --model-repository DIR, --model NAME=FILE.tirbc or --model-name NAME");
        goto done;
    }
    if (repo && !is_dir(repo)) {
        snprintf(msg, sizeof msg, "the model repository %.300s is not a folder", repo);
        status = usage_error(msg);
        goto done;
    }
    o.repository = model_name ? NULL : repo;
    http_init_options(&o);
    char err[1400];
    int nfailed = 0, nloaded = 0;
    for (int i = 0; i < nmodels; i++) {
        const char *eq = strchr(models[i], '=');
        if (!eq || eq == models[i] || !eq[1] || (size_t)(eq - models[i]) > 200) {
            snprintf(msg, sizeof msg, "--model takes NAME=FILE.tirbc[:PARAMS.npz], got '%.200s'", models[i]);
            status = usage_error(msg);
            goto done;
        }
        char name[256];
        memcpy(name, models[i], (size_t)(eq - models[i]));
        name[eq - models[i]] = 0;
        if (strchr(name, '/')) {
            status = usage_error("a model name cannot hold '/'");
            goto done;
        }
        /* a model that fails is logged and served as not ready */
        if (http_add_model(name, eq + 1, false, false, err, sizeof err) != 0) {
            fprintf(stderr, "tirvm: error: %s\n", err);
            nfailed++;
        } else {
            nloaded++;
        }
    }
    if (repo && model_name) {
        if (http_add_model(model_name, repo, true, true, err, sizeof err) != 0) {
            fprintf(stderr, "tirvm: error: %s\n", err);
            nfailed++;
        } else {
            nloaded++;
        }
    } else if (repo) {
        DIR *d = opendir(repo);
        struct dirent *e;
        char **names = NULL;
        int nn = 0, cap = 0;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.' || strlen(e->d_name) > 200)
                continue;
            char path[4200];
            snprintf(path, sizeof path, "%s/%s", repo, e->d_name);
            if (!is_dir(path))
                continue;
            if (nn == cap) {
                cap = cap ? cap * 2 : 16;
                char **p = realloc(names, (size_t)cap * sizeof *p);
                if (!p)
                    break;
                names = p;
            }
            names[nn] = strdup(e->d_name);
            if (names[nn])
                nn++;
        }
        if (d)
            closedir(d);
        for (int i = 0; i < nn; i++) {
            char path[4200];
            snprintf(path, sizeof path, "%s/%s", repo, names[i]);
            if (http_add_model(names[i], path, true, false, err, sizeof err) != 0) {
                fprintf(stderr, "tirvm: error: %s\n", err);
                nfailed++;
            } else {
                nloaded++;
            }
        }
        for (int i = 0; i < nn; i++)
            free(names[i]);
        free(names);
        if (status)
            goto done;
        /* likely a wrong folder or layout, but not an error: with explicit
         * model control, models can be put there and loaded later */
        if (nn == 0) {
            int rl = (int)strnlen(repo, 4096);
            while (rl > 1 && repo[rl - 1] == '/')
                rl--;
            fprintf(stderr, "tirvm: warning: the model repository %s holds no models (each model is "
                    "%.*s/NAME/VERSION/model.tirbc)%s\n", repo, rl, repo,
                    o.model_control ? "" : "; --model-control-mode explicit loads them while serving");
        }
    }
    /* nothing to serve, and no way to load it later */
    if (nfailed && !nloaded && !o.model_control) {
        fprintf(stderr, "tirvm: error: no model could be loaded\n");
        status = 1;
        goto done;
    }
    if (nfailed)
        fprintf(stderr, "tirvm: warning: %d of %d models failed to load: they answer not ready, the others are "
                "served\n", nfailed, nfailed + nloaded);
    status = http_serve(&o, address, (int)port, port_file);
done:
    free(models);
    return status;
}
