/* A structure-aware mutator for TVM's JSON (tvm.ir.save_json: a "nodes"
 * array of {"type", "data"} whose integers are mostly references to other
 * nodes, and a "root_index").  It parses the input with jansson, edits the
 * node graph (an integer changed or pointed at another node, a field
 * dropped, an array element duplicated, dropped or swapped, a node's type
 * or string changed, a node copied and referenced) and writes it back, so
 * every mutation is still JSON and reaches the front end rather than dying
 * in the parser as most byte flips do. */
#ifndef TIRVM_FUZZ_JSON_MUTATE_H
#define TIRVM_FUZZ_JSON_MUTATE_H

#include <jansson.h>
#include <stdint.h>
#include <string.h>

static uint64_t fjm_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static size_t fjm_pick(uint64_t *s, size_t n)
{
    return n ? (size_t)(fjm_next(s) % n) : 0;
}

/* An integer worth trying where the graph holds one: another node, a
 * neighbour of the old value, or an edge of a type's range. */
static json_int_t fjm_int(uint64_t *s, json_int_t old, size_t nnodes)
{
    static const json_int_t edges[] = {0, 1, -1, 2, 3, 64, 255, 65536, INT32_MAX, INT32_MIN, (json_int_t)UINT32_MAX,
                                       INT64_MAX, INT64_MIN};
    switch (fjm_pick(s, 4)) {
    case 0:
    case 1: return (json_int_t)fjm_pick(s, nnodes); /* another node */
    case 2: return old + (json_int_t)fjm_pick(s, 9) - 4;
    default: return edges[fjm_pick(s, sizeof edges / sizeof edges[0])];
    }
}

/* The k-th key of object o (NULL if it has fewer). */
static const char *fjm_key(json_t *o, size_t k)
{
    for (void *it = json_object_iter(o); it; it = json_object_iter_next(o, it))
        if (k-- == 0)
            return json_object_iter_key(it);
    return NULL;
}

/* One edit of nodes[i]; returns 0 if the node had nothing the edit could
 * change (the caller tries another). */
static int fjm_edit(json_t *root, json_t *nodes, uint64_t *s)
{
    size_t n = json_array_size(nodes);
    json_t *node = json_array_get(nodes, fjm_pick(s, n));
    if (!json_is_object(node))
        return 0;
    json_t *data = json_object_get(node, "data");
    static const char *const dtypes[] = {"float32", "float16", "int64", "int32", "int8", "uint8", "bool",
                                         "float64", "bfloat16", "handle", "float32x4", "int1", ""};
    switch (fjm_pick(s, 10)) {
    case 0: { /* the node becomes another node's type */
        json_t *other = json_array_get(nodes, fjm_pick(s, n));
        json_t *t = json_is_object(other) ? json_object_get(other, "type") : NULL;
        return t && json_object_set(node, "type", t) == 0;
    }
    case 1: /* the root moves (rarely useful, so one case in ten) */
        return json_object_set_new(root, "root_index", json_integer(fjm_int(s, json_integer_value(json_object_get(root, "root_index")), n))) == 0;
    case 2: { /* a copy of the node appended, and referenced from a field of another */
        json_t *copy = json_deep_copy(node);
        json_t *holder = json_object_get(json_array_get(nodes, fjm_pick(s, n)), "data");
        if (!copy || json_array_append_new(nodes, copy) != 0)
            return 0;
        if (json_is_object(holder) && json_object_size(holder)) {
            const char *k = fjm_key(holder, fjm_pick(s, json_object_size(holder)));
            if (k && json_is_integer(json_object_get(holder, k)))
                json_object_set_new(holder, k, json_integer((json_int_t)n));
        }
        return 1;
    }
    default: break;
    }
    if (json_is_object(data) && json_object_size(data)) {
        const char *k = fjm_key(data, fjm_pick(s, json_object_size(data)));
        json_t *v = json_object_get(data, k);
        if (fjm_pick(s, 6) == 0)
            return json_object_del(data, k) == 0;
        if (json_is_integer(v))
            return json_object_set_new(data, k, json_integer(fjm_int(s, json_integer_value(v), n))) == 0;
        if (json_is_real(v)) {
            static const double reals[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e30, -1e30, 1e-40, 65504.0};
            return json_object_set_new(data, k, json_real(reals[fjm_pick(s, sizeof reals / sizeof reals[0])])) == 0;
        }
        if (json_is_boolean(v))
            return json_object_set_new(data, k, json_boolean(!json_is_true(v))) == 0;
        if (json_is_string(v))
            return json_object_set_new(data, k, json_string(dtypes[fjm_pick(s, sizeof dtypes / sizeof dtypes[0])])) == 0;
        return 0;
    }
    if (json_is_array(data) && json_array_size(data)) { /* ffi.Array, ffi.Map: references */
        size_t m = json_array_size(data), a = fjm_pick(s, m), b = fjm_pick(s, m);
        json_t *x = json_array_get(data, a);
        switch (fjm_pick(s, 4)) {
        case 0: return json_array_insert(data, b, x) == 0; /* duplicated */
        case 1: return json_array_remove(data, a) == 0;
        case 2: {
            json_incref(x);
            json_t *y = json_array_get(data, b);
            json_array_set(data, a, y);
            json_array_set_new(data, b, x);
            return 1;
        }
        default:
            return json_array_set_new(data, a, json_integer(fjm_int(s, json_integer_value(x), n))) == 0;
        }
    }
    if (json_is_string(data)) { /* ffi.String, ir.Op, a dtype, a tensor's base64 */
        const char *str = json_string_value(data);
        size_t len = json_string_length(data);
        if (len > 64) { /* tensor bytes: cut short, or one character changed */
            char *c = strndup(str, len);
            if (!c)
                return 0;
            if (fjm_pick(s, 2))
                c[fjm_pick(s, len)] = "AZaz09+/="[fjm_pick(s, 9)];
            else
                c[fjm_pick(s, len)] = 0;
            json_object_set_new(node, "data", json_string(c));
            free(c);
            return 1;
        }
        json_t *other = json_object_get(json_array_get(nodes, fjm_pick(s, n)), "data");
        if (json_is_string(other) && fjm_pick(s, 2))
            return json_object_set(node, "data", other) == 0;
        return json_object_set_new(node, "data", json_string(dtypes[fjm_pick(s, sizeof dtypes / sizeof dtypes[0])])) == 0;
    }
    if (json_is_integer(data))
        return json_object_set_new(node, "data", json_integer(fjm_int(s, json_integer_value(data), n))) == 0;
    if (json_is_boolean(data))
        return json_object_set_new(node, "data", json_boolean(!json_is_true(data))) == 0;
    return 0;
}

/* Mutates the TVM JSON in data[0..size) in place (at most max_size bytes);
 * returns the new size, or 0 if the input is no TVM JSON or the result
 * does not fit (the caller falls back to byte mutation). */
static size_t fuzz_json_mutate(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    json_t *root = json_loadb((const char *)data, size, JSON_ALLOW_NUL, NULL);
    json_t *nodes = root ? json_object_get(root, "nodes") : NULL;
    size_t out = 0;
    if (json_is_array(nodes) && json_array_size(nodes)) {
        uint64_t s = (uint64_t)seed * 0x9e3779b97f4a7c15u + 1;
        int edits = 1 + (int)fjm_pick(&s, 3);
        for (int tries = 0; edits > 0 && tries < 32; tries++)
            edits -= fjm_edit(root, nodes, &s);
        size_t need = json_dumpb(root, NULL, 0, JSON_COMPACT);
        if (need && need <= max_size)
            out = json_dumpb(root, (char *)data, max_size, JSON_COMPACT);
    }
    json_decref(root);
    return out;
}

#endif
