/* Models for tirvm serve: a model version is a module loaded once and
 * shared by `instances` instances (each runs one call at a time, on a
 * runtime of its own with `threads_per_instance` workers; the code and
 * weights are in memory once), its entry function's parameters with their
 * roles (input, output, weight bound from params.npz), and its limits, from
 * config.json. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "serve.h"

#define MAX_CONFIG_BYTES ((size_t)1 << 20)
#define MAX_INSTANCES 64
#define MAX_THREADS_PER_INSTANCE 64
#define MAX_QUEUE_CAP 100000u
#define MAX_BATCH_SIZE 65536u
#define MAX_QUEUE_DELAY_US 10000000u /* 10 s */

size_t oip_elem_size(DLDataType t) { return t.bits == 1 ? 1 : (size_t)t.bits / 8; }

/* Reads a whole file of at most `limit` bytes (malloc'ed, NUL-terminated). */
static char *read_file(const char *path, size_t limit, size_t *len, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            if (cap > limit) {
                snprintf(err, err_len, "%s is larger than %zu bytes", path, limit);
                goto fail;
            }
            cap = cap ? cap * 2 : 65536;
            char *p = realloc(buf, cap + 1);
            if (!p) {
                snprintf(err, err_len, "out of memory reading %s", path);
                goto fail;
            }
            buf = p;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f) || n > limit) {
        snprintf(err, err_len, ferror(f) ? "cannot read %s" : "%s is larger than %zu bytes", path, limit);
        goto fail;
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
fail:
    fclose(f);
    free(buf);
    return NULL;
}

int srv_find_param(const srv_version *v, const char *name)
{
    for (int i = 0; i < v->nparams; i++)
        if (strcmp(v->params[i].name, name) == 0 || (v->params[i].alias && strcmp(v->params[i].alias, name) == 0))
            return i;
    return -1;
}

static void version_free(srv_version *v)
{
    if (!v)
        return;
    for (int i = 0; i < v->ninst; i++) {
        tirvm_module_free(v->inst[i].m);
        tirvm_runtime_free(v->inst[i].rt);
    }
    free(v->inst);
    srv_version_free_weights(v);
    free(v->params);
    free(v->pname);
    free(v->role);
    free(v->model);
    free(v->version);
    free(v->entry);
    free(v->ret_name);
    free(v);
}

void srv_version_ref(srv_version *v) { __atomic_add_fetch(&v->refs, 1, __ATOMIC_RELAXED); }

void srv_version_unref(srv_version *v)
{
    if (v && __atomic_sub_fetch(&v->refs, 1, __ATOMIC_ACQ_REL) == 0)
        version_free(v);
}

static bool get_count(json_t *o, const char *key, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t n)
{
    json_t *x = json_object_get(o, key);
    if (!x)
        return true;
    if (!json_is_integer(x) || json_integer_value(x) < 0 || (uint64_t)json_integer_value(x) < lo ||
        (uint64_t)json_integer_value(x) > hi) {
        snprintf(err, n, "config.json: \"%s\" must be an integer from %llu to %llu", key, (unsigned long long)lo,
                 (unsigned long long)hi);
        return false;
    }
    *out = (uint64_t)json_integer_value(x);
    return true;
}

static bool only_keys(json_t *o, const char *const *keys, const char *where, char *err, size_t n)
{
    const char *k;
    json_t *val;
    json_object_foreach(o, k, val) {
        bool known = false;
        for (int i = 0; keys[i]; i++)
            known = known || strcmp(keys[i], k) == 0;
        if (!known) {
            snprintf(err, n, "config.json: unknown key \"%.100s\" in %s", k, where);
            return false;
        }
    }
    return true;
}

typedef struct {
    char *entry, *ret_name;
    json_t *inputs, *outputs; /* borrowed from root */
    srv_model_limits lim;
    srv_batching batch;
    json_t *root;
} model_config;

/* Whether a limit of config.json (0: none) is at most the server's (0: none). */
static bool under_ceiling(const char *key, uint64_t value, uint64_t ceiling, const char *option, char *err, size_t n)
{
    if (ceiling == 0 || (value != 0 && value <= ceiling))
        return true;
    char v[32];
    snprintf(v, sizeof v, value ? "%llu" : "0 (none)", (unsigned long long)value);
    snprintf(err, n, "config.json: \"limits\": \"%s\" is %s, above the server's %s %llu: a model's "
             "configuration may lower the command line's limits, never raise them", key, v, option,
             (unsigned long long)ceiling);
    return false;
}

/* An integer of "dynamic_batching" from lo to hi. */
static bool batch_int(json_t *x, const char *what, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t n)
{
    if (!json_is_integer(x) || json_integer_value(x) < 0 || (uint64_t)json_integer_value(x) < lo ||
        (uint64_t)json_integer_value(x) > hi) {
        snprintf(err, n, "config.json: \"dynamic_batching\": %s must be an integer from %llu to %llu", what,
                 (unsigned long long)lo, (unsigned long long)hi);
        return false;
    }
    *out = (uint64_t)json_integer_value(x);
    return true;
}

/* "dynamic_batching": {"max_batch_size": N, "preferred_batch_sizes": [...], "max_queue_delay_us": US} */
static bool parse_batching(json_t *o, srv_batching *b, char *err, size_t n)
{
    static const char *const keys[] = {"max_batch_size", "preferred_batch_sizes", "max_queue_delay_us", NULL};
    if (!json_is_object(o)) {
        snprintf(err, n, "config.json: \"dynamic_batching\" must be an object");
        return false;
    }
    if (!only_keys(o, keys, "\"dynamic_batching\"", err, n))
        return false;
    json_t *m = json_object_get(o, "max_batch_size");
    if (!m) {
        snprintf(err, n, "config.json: \"dynamic_batching\" needs \"max_batch_size\" (the most rows one call takes)");
        return false;
    }
    if (!batch_int(m, "\"max_batch_size\"", 1, MAX_BATCH_SIZE, &b->max_batch_size, err, n))
        return false;
    json_t *d = json_object_get(o, "max_queue_delay_us");
    b->max_queue_delay_us = 0;
    if (d && !batch_int(d, "\"max_queue_delay_us\"", 0, MAX_QUEUE_DELAY_US, &b->max_queue_delay_us, err, n))
        return false;
    json_t *p = json_object_get(o, "preferred_batch_sizes");
    b->npreferred = 0;
    if (p) {
        if (!json_is_array(p) || json_array_size(p) > SRV_MAX_PREFERRED) {
            snprintf(err, n, "config.json: \"dynamic_batching\": \"preferred_batch_sizes\" must be an array of at "
                     "most %d sizes", SRV_MAX_PREFERRED);
            return false;
        }
        size_t i;
        json_t *x;
        json_array_foreach(p, i, x) {
            char what[64];
            snprintf(what, sizeof what, "\"preferred_batch_sizes\"[%zu]", i);
            uint64_t v;
            /* a preferred size above the maximum could never be formed */
            if (!batch_int(x, what, 1, b->max_batch_size, &v, err, n)) {
                if (json_is_integer(x) && json_integer_value(x) > (json_int_t)b->max_batch_size)
                    snprintf(err, n, "config.json: \"dynamic_batching\": %s is %lld, above \"max_batch_size\" %llu",
                             what, (long long)json_integer_value(x), (unsigned long long)b->max_batch_size);
                return false;
            }
            for (int k = 0; k < b->npreferred; k++)
                if (b->preferred[k] == v) {
                    snprintf(err, n, "config.json: \"dynamic_batching\": \"preferred_batch_sizes\" lists %llu twice",
                             (unsigned long long)v);
                    return false;
                }
            b->preferred[b->npreferred++] = v;
        }
    }
    b->on = true;
    return true;
}

/* Reads config.json over c->lim; `ceiling` holds the command line's limits. */
static bool parse_config(const char *text, size_t len, model_config *c, const srv_model_limits *ceiling, char *err,
                         size_t n)
{
    json_error_t je;
    c->root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!c->root) {
        snprintf(err, n, "config.json:%d:%d: %s", je.line, je.column, je.text);
        return false;
    }
    if (!json_is_object(c->root)) {
        snprintf(err, n, "config.json must hold a JSON object");
        return false;
    }
    static const char *const top[] = {"entry", "inputs", "outputs", "instances", "threads_per_instance", "limits",
                                      "max_queue", "max_workers", "return_name", "name", "platform",
                                      "dynamic_batching", NULL};
    if (!only_keys(c->root, top, "the top level", err, n))
        return false;
    json_t *e = json_object_get(c->root, "entry");
    if (e && !json_is_string(e)) {
        snprintf(err, n, "config.json: \"entry\" must be a string");
        return false;
    }
    c->entry = e ? strdup(json_string_value(e)) : NULL;
    json_t *r = json_object_get(c->root, "return_name");
    if (r && !json_is_string(r)) {
        snprintf(err, n, "config.json: \"return_name\" must be a string");
        return false;
    }
    c->ret_name = r ? strdup(json_string_value(r)) : NULL;
    c->inputs = json_object_get(c->root, "inputs");
    c->outputs = json_object_get(c->root, "outputs");
    if ((c->inputs && !json_is_array(c->inputs)) || (c->outputs && !json_is_array(c->outputs))) {
        snprintf(err, n, "config.json: \"inputs\" and \"outputs\" must be arrays of names");
        return false;
    }
    uint64_t v;
    v = (uint64_t)c->lim.instances;
    if (!get_count(c->root, "instances", 1, MAX_INSTANCES, &v, err, n))
        return false;
    c->lim.instances = (int)v;
    v = (uint64_t)c->lim.threads_per_instance;
    if (!get_count(c->root, "threads_per_instance", 1, MAX_THREADS_PER_INSTANCE, &v, err, n))
        return false;
    c->lim.threads_per_instance = (int)v;
    v = c->lim.max_queue;
    if (!get_count(c->root, "max_queue", 0, MAX_QUEUE_CAP, &v, err, n))
        return false;
    c->lim.max_queue = (unsigned)v;
    v = (uint64_t)c->lim.max_workers;
    if (!get_count(c->root, "max_workers", 1, 256, &v, err, n))
        return false;
    c->lim.max_workers = (int)v;
    json_t *db = json_object_get(c->root, "dynamic_batching");
    if (db && !parse_batching(db, &c->batch, err, n))
        return false;
    json_t *l = json_object_get(c->root, "limits");
    if (l) {
        static const char *const lk[] = {"max_steps", "max_memory", "timeout_ms", NULL};
        if (!json_is_object(l)) {
            snprintf(err, n, "config.json: \"limits\" must be an object");
            return false;
        }
        if (!only_keys(l, lk, "\"limits\"", err, n) ||
            !get_count(l, "max_steps", 0, INT64_MAX, &c->lim.max_steps, err, n) ||
            !get_count(l, "max_memory", 0, INT64_MAX, &c->lim.max_memory, err, n) ||
            !get_count(l, "timeout_ms", 0, 86400000, &c->lim.timeout_ms, err, n))
            return false;
        /* the command line's limits are ceilings: a model may lower them, never raise them */
        if (!under_ceiling("max_steps", c->lim.max_steps, ceiling->max_steps, "--max-steps", err, n) ||
            !under_ceiling("max_memory", c->lim.max_memory, ceiling->max_memory, "--max-memory", err, n) ||
            !under_ceiling("timeout_ms", c->lim.timeout_ms, ceiling->timeout_ms, "--request-timeout-ms", err, n))
            return false;
    }
    return true;
}

/* Marks the parameters a config names with `role`. */
static bool apply_roles(srv_version *v, json_t *list, unsigned char role, char *err, size_t n)
{
    size_t i;
    json_t *x;
    json_array_foreach(list, i, x) {
        if (json_is_object(x))
            x = json_object_get(x, "name");
        if (!json_is_string(x)) {
            snprintf(err, n, "config.json: each of \"inputs\" and \"outputs\" is a name or {\"name\": ...}");
            return false;
        }
        int p = srv_find_param(v, json_string_value(x));
        if (p < 0) {
            snprintf(err, n, "config.json: function '%s' has no parameter '%.100s'", v->entry, json_string_value(x));
            return false;
        }
        if (v->role[p] != ROLE_AUTO) {
            snprintf(err, n, "config.json: parameter '%.100s' is named twice", json_string_value(x));
            return false;
        }
        if (role == ROLE_OUTPUT && v->params[p].kind != TIRVM_PARAM_BUFFER) {
            snprintf(err, n, "config.json: output '%.100s' is a scalar parameter, not a buffer", json_string_value(x));
            return false;
        }
        v->role[p] = role;
    }
    return true;
}

srv_version *srv_version_new(const char *model, const char *version, const void *bytes, size_t len,
                             const char *config, size_t config_len, const srv_model_limits *defaults, char *err,
                             size_t err_len)
{
    model_config c;
    memset(&c, 0, sizeof c);
    c.lim = *defaults;
    srv_version *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    v->refs = 1;
    if (config && !parse_config(config, config_len, &c, defaults, err, err_len))
        goto fail;
    v->lim = c.lim;
    v->batch = c.batch;
    v->batch_param = -1;
    v->model = strdup(model);
    v->version = strdup(version);
    v->ret_name = strdup(c.ret_name ? c.ret_name : "return");
    v->inst = calloc((size_t)v->lim.instances, sizeof *v->inst);
    if (!v->model || !v->version || !v->ret_name || !v->inst) {
        snprintf(err, err_len, "out of memory");
        goto fail;
    }
    for (int i = 0; i < v->lim.instances; i++) {
        tirvm_runtime_options ro = {v->lim.threads_per_instance, v->lim.max_steps, v->lim.max_memory};
        char e[600];
        /* instance 0 loads the module; the others share its code and
         * weights, each with a worker pool of its own */
        if (tirvm_runtime_new(&ro, &v->inst[i].rt, e, sizeof e) != TIRVM_OK ||
            (i == 0 ? tirvm_runtime_load(v->inst[i].rt, bytes, len, &v->inst[i].m, e, sizeof e)
                    : tirvm_module_share(v->inst[0].m, v->inst[i].rt, &v->inst[i].m, e, sizeof e)) != TIRVM_OK) {
            snprintf(err, err_len, "%s", e);
            tirvm_runtime_free(v->inst[i].rt);
            goto fail;
        }
        v->ninst++;
    }
    tirvm_module *m = v->inst[0].m;
    if (c.entry) {
        v->func = tirvm_find_function(m, c.entry);
    } else {
        v->func = tirvm_find_function(m, "main");
        if (v->func < 0 && tirvm_function_count(m) == 1)
            v->func = 0;
    }
    if (v->func < 0) {
        snprintf(err, err_len, c.entry ? "the module has no function '%.100s'"
                                       : "the module has several functions and none is 'main': name one as "
                                         "\"entry\" in config.json%.0s", c.entry ? c.entry : "");
        goto fail;
    }
    v->entry = strdup(tirvm_function_name(m, v->func));
    v->nparams = tirvm_param_count(m, v->func);
    v->params = calloc((size_t)v->nparams + 1, sizeof *v->params);
    v->pname = calloc((size_t)v->nparams + 1, sizeof *v->pname);
    v->role = calloc((size_t)v->nparams + 1, 1);
    if (!v->entry || !v->params || !v->pname || !v->role) {
        snprintf(err, err_len, "out of memory");
        goto fail;
    }
    for (int i = 0; i < v->nparams; i++) {
        tirvm_param(m, v->func, i, &v->params[i]);
        v->pname[i] = v->params[i].alias ? v->params[i].alias : v->params[i].name;
        char dt[32];
        if (!oip_dtype_name(v->params[i].dtype)) {
            snprintf(err, err_len, "parameter '%.100s' has dtype %s, which the protocol has no datatype for",
                     v->pname[i], tirvm_dtype_name(v->params[i].dtype, dt, sizeof dt));
            goto fail;
        }
    }
    if (tirvm_function_return_type(m, v->func, &v->ret_type) == TIRVM_OK && v->ret_type.bits != 0) {
        v->has_ret = true;
        char dt[32];
        if (!oip_dtype_name(v->ret_type)) {
            snprintf(err, err_len, "the function returns %s, which the protocol has no datatype for",
                     tirvm_dtype_name(v->ret_type, dt, sizeof dt));
            goto fail;
        }
    }
    if ((c.inputs && !apply_roles(v, c.inputs, ROLE_INPUT, err, err_len)) ||
        (c.outputs && !apply_roles(v, c.outputs, ROLE_OUTPUT, err, err_len)))
        goto fail;
    free(c.entry);
    free(c.ret_name);
    json_decref(c.root);
    return v;
fail:
    free(c.entry);
    free(c.ret_name);
    json_decref(c.root);
    version_free(v);
    return NULL;
}

/* Whether parameter p is listed as an input in metadata. */
static bool is_input(const srv_version *v, int p)
{
    if (v->role[p] != ROLE_AUTO)
        return v->role[p] == ROLE_INPUT;
    return v->params[p].kind == TIRVM_PARAM_SCALAR || !v->params[p].written;
}

static void put_tensor_meta(sbuf *b, const char *name, DLDataType dt, int ndim, const int64_t *shape)
{
    sb_puts(b, "{\"name\":");
    sb_json_string(b, name, strlen(name));
    sb_printf(b, ",\"datatype\":\"%s\",\"shape\":[", oip_dtype_name(dt));
    for (int k = 0; k < ndim; k++)
        sb_printf(b, "%s%lld", k ? "," : "", (long long)shape[k]);
    sb_puts(b, "]}");
}

void srv_version_metadata(const srv_version *v, sbuf *b)
{
    static const int64_t one[1] = {1};
    sb_puts(b, "{\"name\":");
    sb_json_string(b, v->model, strlen(v->model));
    sb_puts(b, ",\"versions\":[");
    sb_json_string(b, v->version, strlen(v->version));
    sb_puts(b, "],\"platform\":\"tirvm_tirbc\",\"inputs\":[");
    for (int pass = 0; pass < 2; pass++) {
        bool first = true;
        if (pass)
            sb_puts(b, "],\"outputs\":[");
        for (int p = 0; p < v->nparams; p++) {
            if (v->role[p] == ROLE_WEIGHT || is_input(v, p) != (pass == 0))
                continue;
            if (!first)
                sb_puts(b, ",");
            first = false;
            const tirvm_param_info *pi = &v->params[p];
            if (pi->kind == TIRVM_PARAM_SCALAR)
                put_tensor_meta(b, v->pname[p], pi->dtype, 1, one);
            else
                put_tensor_meta(b, v->pname[p], pi->dtype, pi->ndim, pi->shape);
        }
        if (pass && v->has_ret) {
            if (!first)
                sb_puts(b, ",");
            put_tensor_meta(b, v->ret_name, v->ret_type, 1, one);
        }
    }
    sb_puts(b, "]}");
}

static char *path_join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", a, b);
    return p;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static srv_version *load_paths(const char *model, const char *version, const char *module_path,
                               const char *params_path, const char *config_path, const srv_model_limits *defaults,
                               char *err, size_t err_len)
{
    size_t len = 0, clen = 0;
    char *config = NULL;
    if (config_path && is_file(config_path)) {
        config = read_file(config_path, MAX_CONFIG_BYTES, &clen, err, err_len);
        if (!config)
            return NULL;
    }
    char *bytes = read_file(module_path, (size_t)TIRVM_MAX_MODULE_BYTES, &len, err, err_len);
    srv_version *v = NULL;
    if (bytes) {
        char e[900];
        v = srv_version_new(model, version, bytes, len, config, clen, defaults, e, sizeof e);
        if (!v) {
            snprintf(err, err_len, "model '%s' (%s): %s", model, module_path, e);
        } else if ((params_path && srv_version_bind_weights(v, params_path, e, sizeof e) != 0) ||
                   (v->batch.on && srv_version_check_batching(v, e, sizeof e) != 0)) {
            /* batching is checked once the weights are bound: they need no batch dimension */
            snprintf(err, err_len, "model '%s': %s", model, e);
            srv_version_unref(v);
            v = NULL;
        }
    }
    free(bytes);
    free(config);
    return v;
}

srv_version *srv_load_from_file(const char *model, const char *path, const srv_model_limits *defaults, char *err,
                                size_t err_len)
{
    /* FILE.tirbc:PARAMS.npz, unless the whole is a file's name */
    const char *colon = strrchr(path, ':');
    if (!colon || is_file(path) || colon == path || !colon[1])
        return load_paths(model, "1", path, NULL, NULL, defaults, err, err_len);
    char *module = strndup(path, (size_t)(colon - path));
    if (!module) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    srv_version *v = load_paths(model, "1", module, colon + 1, NULL, defaults, err, err_len);
    free(module);
    return v;
}

srv_version *srv_load_from_dir(const char *model, const char *dir, bool single, const srv_model_limits *defaults,
                               char *err, size_t err_len)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, err_len, "cannot open the model folder %s: %s", dir, strerror(errno));
        return NULL;
    }
    /* the highest numbered version folder holding model.tirbc */
    long long best = -1;
    char only_tirbc[256] = "";
    int ntirbc = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *s = e->d_name;
        size_t n = strlen(s);
        if (n > 6 && strcmp(s + n - 6, ".tirbc") == 0 && n < sizeof only_tirbc) {
            ntirbc++;
            snprintf(only_tirbc, sizeof only_tirbc, "%s", s);
        }
        if (n == 0 || n > 18 || strspn(s, "0123456789") != n)
            continue;
        char sub[64];
        snprintf(sub, sizeof sub, "%s/model.tirbc", s);
        char *p = path_join(dir, sub);
        long long num = strtoll(s, NULL, 10);
        if (p && is_file(p) && num > best)
            best = num;
        free(p);
    }
    closedir(d);
    char *config = path_join(dir, "config.json");
    char version[32], *module = NULL, *params = NULL;
    if (best >= 0) {
        snprintf(version, sizeof version, "%lld", best);
        char sub[64];
        snprintf(sub, sizeof sub, "%lld/model.tirbc", best);
        module = path_join(dir, sub);
        snprintf(sub, sizeof sub, "%lld/params.npz", best);
        params = path_join(dir, sub);
    } else {
        snprintf(version, sizeof version, "1");
        module = path_join(dir, "model.tirbc");
        params = path_join(dir, "params.npz");
        if (module && !is_file(module) && single && ntirbc == 1) {
            free(module);
            module = path_join(dir, only_tirbc);
        }
    }
    srv_version *v = NULL;
    if (!config || !module || !params)
        snprintf(err, err_len, "out of memory");
    else if (!is_file(module))
        snprintf(err, err_len, "model '%s': %s has no <version>/model.tirbc%s", model, dir,
                 single ? ", model.tirbc or single .tirbc file" : "");
    else
        v = load_paths(model, version, module, is_file(params) ? params : NULL, config, defaults, err, err_len);
    free(config);
    free(module);
    free(params);
    return v;
}
