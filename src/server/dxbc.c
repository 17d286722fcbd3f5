/* nereid server: DXBC (Direct3D 10/11 shader model 4 and 5) to SPIR-V,
 * through vkd3d-shader, the translator Wine's own Direct3D 10-12 uses.
 *
 * Our own code checks the container first (shader/dxbc.c: chunk table,
 * program chunk, signatures, the program type against the stage) and
 * lists what the program binds (dxbc_bindings: b0..b4, the
 * texture/sampler pairs and the buffers, the same list the front end binds
 * by).  vkd3d-shader's own scan must find nothing else; then it translates
 * with bk as the stage's uniform buffer k, pair k as the stage's combined
 * image sampler k and buffer k as its uniform texel buffer k (raw and
 * structured buffers too: vkd3d-shader reads them as 32-bit words of a
 * texel buffer; see binding.h), and u#k as set 1's storage texel buffer or
 * storage image k.  Compute programs take the fragment stage's bindings.
 * What the model cannot hold yet is refused by name: its
 * draws are dropped, as for a DXSO shader the translator refuses, and the
 * front end never offers it. */
#include "server/server_private.h"
#include "shader/binding.h"
#include "shader/dxbc.h"
#include "shader/so_emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spirv/unified1/spirv.h>
#include <vkd3d/vkd3d_shader.h>

static void copy_message(char *err, size_t err_size, const char *what, char *messages)
{
    size_t n;
    snprintf(err, err_size, "%s%s%s", what, messages && *messages ? ": " : "",
             messages ? messages : "");
    /* One line: the first of vkd3d-shader's messages. */
    n = strcspn(err, "\n");
    err[n] = 0;
}

/* Stream output: each entry names components of an output the program
 * writes (by its output signature), or a gap; each slot's entries fit its
 * stride.  Entries may name part of an output and one output more than
 * once (xfb_rewrite captures what vkd3d-shader does not). */
bool server_so_check(const void *bytes, uint32_t size, const struct server_so_layout *so,
                     uint32_t max_stride, bool *refused, char *err, size_t err_size)
{
    struct dxbc_shader sh;
    uint32_t used[WIRE_MAX_SO_TARGETS] = {0};
    uint8_t slot_stream[WIRE_MAX_SO_TARGETS];

    memset(slot_stream, 0xff, sizeof(slot_stream));
    *refused = false;
    if (!dxbc_parse(bytes, size, &sh, err, err_size))
        return false;
    if (!so->entry_count || so->entry_count > WIRE_MAX_SO_ENTRIES) {
        snprintf(err, err_size, "%u stream-output entries", so->entry_count);
        return false;
    }
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++)
        if (so->strides[i] % 4 || so->strides[i] > max_stride) {
            snprintf(err, err_size, "stream-output stride %u of slot %u", so->strides[i], i);
            return false;
        }
    for (uint32_t i = 0; i < so->entry_count; i++) {
        const struct wire_so_entry *e = &so->entries[i];
        const struct dxbc_signature_element *el;
        /* A gap may span more than one register's components (D3D11
         * allows any count its stride holds). */
        bool gap = e->semantic[0] == 0;
        if (!memchr(e->semantic, 0, sizeof(e->semantic)) || e->stream >= 4 ||
            e->slot >= WIRE_MAX_SO_TARGETS || !e->component_count ||
            e->start_component > 3 ||
            (!gap && e->component_count > 4 - e->start_component) ||
            (gap && e->start_component)) {
            snprintf(err, err_size, "stream-output entry %u: stream %u, slot %u, components "
                                    "%u+%u", i, e->stream, e->slot, e->start_component,
                     e->component_count);
            return false;
        }
        /* A slot is one stream's (D3D11's rule). */
        if (slot_stream[e->slot] != 0xff && slot_stream[e->slot] != e->stream) {
            snprintf(err, err_size, "stream-output slot %u: entries of streams %u and %u",
                     e->slot, slot_stream[e->slot], e->stream);
            return false;
        }
        slot_stream[e->slot] = e->stream;
        used[e->slot] += 4u * e->component_count;
        if (used[e->slot] > so->strides[e->slot]) {
            snprintf(err, err_size, "stream-output slot %u: %u bytes of entries, stride %u",
                     e->slot, used[e->slot], so->strides[e->slot]);
            return false;
        }
        if (!e->semantic[0])
            continue; /* a gap */
        if (!(el = dxbc_signature_find_stream(&sh.outputs, e->semantic, e->semantic_index,
                                              e->stream))) {
            snprintf(err, err_size, "stream-output entry %u: the program writes no %s%u on "
                                    "stream %u", i, e->semantic, e->semantic_index, e->stream);
            return false;
        }
        /* Components count from the output's first (D3D11's StartComponent). */
        if (e->start_component + e->component_count > (uint32_t)__builtin_popcount(el->mask)) {
            snprintf(err, err_size, "stream-output entry %u: components %u+%u of %s%u, "
                                    "which has mask %#x",
                     i, e->start_component, e->component_count, e->semantic,
                     e->semantic_index, el->mask);
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------ captures of our own
 *
 * vkd3d-shader (1.2) decorates a captured output as a whole, once: an
 * entry of part of an output, or a second entry of one, it cannot place.
 * Those entries go to it as gaps of their size (so its offsets of the
 * others stay right), and xfb_rewrite gives each an output variable of its
 * own in the SPIR-V it made: a location past the program's, decorated
 * with the entry's buffer, stride and offset, and written from the
 * output's components just before each vertex is emitted (a geometry
 * program) or before the entry point returns (a vertex program).  Output
 * variables are read back in the same invocation, which SPIR-V allows. */

/* A named entry: captured by a variable of vkd3d-shader's (own false:
 * the first whole capture of an output) or of ours. */
struct xfb_capture {
    const struct dxbc_signature_element *el;
    uint32_t first, count; /* the components, from the output's first */
    uint32_t buffer, stride, offset;
    bool own;
    /* Found in the module: */
    uint32_t src, src_type, scalar, index, vec, ptr, var;
};

/* What one id of the module is, as far as the rewrite needs. */
struct xfb_id {
    uint16_t op; /* the defining instruction's opcode, 0: none seen */
    uint32_t a, b; /* its first operands after the result */
    uint32_t location, component, builtin; /* UINT32_MAX: not decorated */
    bool captured; /* decorated with an Offset */
};

struct xfb_out {
    uint32_t *w;
    size_t n, cap;
    bool oom;
};

static void xfb_put(struct xfb_out *o, const uint32_t *words, size_t n)
{
    if (o->n + n > o->cap) {
        size_t cap = NR_MAX(o->cap * 2, o->n + n + 256);
        uint32_t *w = realloc(o->w, cap * 4);
        if (!w) {
            o->oom = true;
            return;
        }
        o->w = w;
        o->cap = cap;
    }
    memcpy(o->w + o->n, words, n * 4);
    o->n += n;
}

#define XFB_OP(o, op, ...)                                                                   \
    do {                                                                                     \
        const uint32_t xfb_ops_[] = {__VA_ARGS__};                                           \
        uint32_t xfb_head_ = (uint32_t)((1 + NR_ARRAY_SIZE(xfb_ops_)) << 16 | (op));          \
        xfb_put((o), &xfb_head_, 1);                                                         \
        xfb_put((o), xfb_ops_, NR_ARRAY_SIZE(xfb_ops_));                                     \
    } while (0)

/* The table of what each id of module w (n words) is, nothing decorated
 * yet, and its id bound.  False when out of memory; *id NULL where the
 * module is not one we read. */
static bool xfb_ids(const uint32_t *w, size_t n, struct xfb_id **id, uint32_t *bound,
                    char *err, size_t err_size)
{
    *id = NULL;
    if (n < 5 || w[0] != SpvMagicNumber || w[3] > (1u << 20))
        return true;
    *bound = w[3];
    if (!(*id = calloc(*bound, sizeof(**id)))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < *bound; i++)
        (*id)[i].location = (*id)[i].component = (*id)[i].builtin = UINT32_MAX;
    return true;
}

/* The rewritten module in place of the one read (next: its id bound);
 * false when it could not be written. */
static bool xfb_finish(struct xfb_out *o, uint32_t next, uint32_t **words, size_t *count,
                       char *err, size_t err_size)
{
    if (o->oom) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    o->w[3] = next;
    free(*words);
    *words = o->w;
    *count = o->n;
    return true;
}

/* The loads and stores of the extra captures, before an emit or return. */
static void xfb_copy(struct xfb_out *o, struct xfb_capture *x, uint32_t n, uint32_t *next)
{
    for (uint32_t k = 0; k < n; k++) {
        uint32_t loaded, value;
        if (!x[k].own)
            continue;
        loaded = value = (*next)++;
        XFB_OP(o, SpvOpLoad, x[k].src_type, loaded, x[k].src);
        if (x[k].count == 1 && x[k].src_type != x[k].scalar) {
            value = (*next)++;
            XFB_OP(o, SpvOpCompositeExtract, x[k].scalar, value, loaded, x[k].index);
        } else if (x[k].count > 1 && x[k].vec != x[k].src_type) {
            uint32_t w[4 + 4 + 1] = {0};
            value = (*next)++;
            w[0] = (5 + x[k].count) << 16 | SpvOpVectorShuffle;
            w[1] = x[k].vec;
            w[2] = value;
            w[3] = w[4] = loaded;
            for (uint32_t c = 0; c < x[k].count; c++)
                w[5 + c] = x[k].index + c;
            xfb_put(o, w, 5 + x[k].count);
        }
        XFB_OP(o, SpvOpStore, x[k].var, value);
    }
}

/* A type made for the captures: op (OpTypeVector or OpTypePointer) with
 * its two operands. */
struct xfb_type {
    uint32_t op, result, a, b;
};

/* The module's type of op with operands a and b, else one made (once). */
static uint32_t xfb_type(const struct xfb_id *id, uint32_t bound, struct xfb_type *made,
                         uint32_t *nmade, uint32_t *next, uint32_t op, uint32_t a, uint32_t b)
{
    for (uint32_t t = 0; t < bound; t++)
        if (id[t].op == op && id[t].a == a && id[t].b == b)
            return t;
    for (uint32_t m = 0; m < *nmade; m++)
        if (made[m].op == op && made[m].a == a && made[m].b == b)
            return made[m].result;
    made[*nmade] = (struct xfb_type){op, (*next)++, a, b};
    return made[(*nmade)++].result;
}

/* Where a module's parts are, as xfb_scan finds them. */
struct xfb_scan {
    size_t entry_at, first_fn, annot_end, cap_end;
    uint32_t entry_fn, out_vertices, invocations;
    uint32_t out_prim; /* a geometry program's: vertices a primitive, 0 unknown */
    uint32_t version;
    bool has_cap, has_mode;
};

/* Reads module w (n words) into the id table and *sc; false where it is
 * not one we read. */
static bool xfb_scan(const uint32_t *w, size_t n, struct xfb_id *id, uint32_t bound,
                     struct xfb_scan *sc)
{
    *sc = (struct xfb_scan){.out_vertices = 1, .invocations = 1, .version = w[1]};
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        switch (op) {
        case SpvOpCapability:
            sc->cap_end = i + len;
            sc->has_cap |= len == 2 && w[i + 1] == SpvCapabilityTransformFeedback;
            break;
        case SpvOpEntryPoint:
            if (sc->entry_at || len < 4)
                return false;
            sc->entry_at = i;
            sc->entry_fn = w[i + 2];
            break;
        case SpvOpExecutionMode:
            sc->has_mode |= len >= 3 && w[i + 2] == SpvExecutionModeXfb;
            if (len == 4 && w[i + 2] == SpvExecutionModeOutputVertices)
                sc->out_vertices = w[i + 3];
            if (len == 4 && w[i + 2] == SpvExecutionModeInvocations)
                sc->invocations = w[i + 3];
            if (len == 3)
                sc->out_prim = w[i + 2] == SpvExecutionModeOutputPoints      ? 1
                               : w[i + 2] == SpvExecutionModeOutputLineStrip ? 2
                               : w[i + 2] == SpvExecutionModeOutputTriangleStrip
                                   ? 3
                                   : sc->out_prim;
            break;
        case SpvOpDecorate:
            if (len >= 4 && w[i + 1] < bound) {
                struct xfb_id *t = &id[w[i + 1]];
                if (w[i + 2] == SpvDecorationLocation)
                    t->location = w[i + 3];
                else if (w[i + 2] == SpvDecorationComponent)
                    t->component = w[i + 3];
                else if (w[i + 2] == SpvDecorationBuiltIn)
                    t->builtin = w[i + 3];
                else if (w[i + 2] == SpvDecorationOffset)
                    t->captured = true;
            }
            /* fall through */
        case SpvOpMemberDecorate:
        case SpvOpDecorationGroup:
        case SpvOpGroupDecorate:
        case SpvOpGroupMemberDecorate:
            sc->annot_end = i + len;
            break;
        case SpvOpTypeBool:
        case SpvOpTypeInt:
        case SpvOpTypeFloat:
        case SpvOpTypeVector:
        case SpvOpTypePointer:
        case SpvOpTypeArray:
        case SpvOpTypeStruct:
            if (len >= 2 && w[i + 1] < bound) {
                id[w[i + 1]].op = (uint16_t)op;
                id[w[i + 1]].a = len > 2 ? w[i + 2] : 0;
                id[w[i + 1]].b = len > 3 ? w[i + 3] : 0;
            }
            break;
        case SpvOpVariable:
            if (len >= 4 && w[i + 2] < bound) {
                id[w[i + 2]].op = SpvOpVariable;
                id[w[i + 2]].a = w[i + 1]; /* its pointer type */
                id[w[i + 2]].b = w[i + 3]; /* its storage class */
            }
            break;
        case SpvOpFunction:
            if (!sc->first_fn)
                sc->first_fn = i;
            break;
        }
        i += len;
    }
    return sc->entry_at && sc->first_fn && sc->annot_end && sc->cap_end;
}

/* The id table and the parts of module w (xfb_ids, then xfb_scan):
 * false when out of memory; *id NULL where the module is not one we read. */
static bool xfb_read(const uint32_t *w, size_t n, struct xfb_id **id, uint32_t *bound,
                     struct xfb_scan *sc, char *err, size_t err_size)
{
    if (!xfb_ids(w, n, id, bound, err, err_size))
        return false;
    if (*id && !xfb_scan(w, n, *id, *bound, sc)) {
        free(*id);
        *id = NULL;
    }
    return true;
}

/* The output variable holding capture e's components (its src, src_type,
 * scalar and index; *src_n the variable's components); false where none
 * does, or the module is not one we read (*bad). */
static bool xfb_source(const struct xfb_id *id, uint32_t bound, struct xfb_capture *e,
                       uint32_t *src_n, bool *bad)
{
    uint32_t first = (uint32_t)__builtin_ctz(e->el->mask) + e->first;
    e->src = 0;
    *src_n = 1;
    for (uint32_t v = 0; v < bound && !e->src; v++) {
        uint32_t ptr = id[v].a, pointee, cc = 0, vn = 1;
        if (id[v].op != SpvOpVariable || id[v].b != SpvStorageClassOutput || ptr >= bound)
            continue;
        if (e->el->system_value ? !(e->el->system_value == 1 /* D3D_NAME_POSITION */ &&
                                    id[v].builtin == SpvBuiltInPosition)
                                : id[v].location != e->el->reg)
            continue;
        pointee = id[ptr].b;
        if (pointee >= bound) {
            *bad = true;
            return false;
        }
        if (id[v].component != UINT32_MAX)
            cc = id[v].component;
        if (id[pointee].op == SpvOpTypeVector)
            vn = id[pointee].b;
        if (cc > first || first + e->count > cc + vn)
            continue;
        e->src = v;
        e->src_type = pointee;
        e->scalar = id[pointee].op == SpvOpTypeVector ? id[pointee].a : pointee;
        e->index = first - cc;
        *src_n = vn;
    }
    return e->src != 0;
}

static bool xfb_rewrite(uint32_t **words, size_t *count, bool vertex, struct xfb_capture *x,
                        uint32_t nx, const struct server_so_layout *so, char *err,
                        size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, next, base = 0, located = 0, builtins = 0;
    uint32_t own = 0;
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};
    struct xfb_scan sc;
    /* Vectors and pointers the module lacked, made once each. */
    struct xfb_type made[2 * WIRE_MAX_SO_ENTRIES];
    uint32_t nmade = 0, current_fn = 0;
    bool bad = false;

    if (!xfb_read(w, n, &id, &bound, &sc, err, err_size))
        return false;
    if (!id)
        goto unreadable;

    /* The program's outputs: where the new locations start, and how many
     * components a vertex has (a location counted as four). */
    for (uint32_t v = 0; v < bound; v++) {
        uint32_t ptr = id[v].a;
        if (id[v].op != SpvOpVariable || id[v].b != SpvStorageClassOutput || ptr >= bound)
            continue;
        if (id[v].builtin != UINT32_MAX) {
            builtins += 4;
            continue;
        }
        /* vkd3d-shader's located outputs are vectors and scalars. */
        if (id[v].location == UINT32_MAX || id[ptr].op != SpvOpTypePointer ||
            id[ptr].b >= bound || id[id[ptr].b].op == SpvOpTypeArray ||
            id[id[ptr].b].op == SpvOpTypeStruct)
            goto unreadable;
        base = NR_MAX(base, id[v].location + 1);
        located++;
    }
    for (uint32_t k = 0; k < nx; k++)
        own += x[k].own;
    if (base + own > so->max_output_locations) {
        snprintf(err, err_size, "stream output: %u more outputs past the program's %u locations "
                                "(the device has %u)", own, base, so->max_output_locations);
        goto refuse;
    }
    if (!vertex && ((located + own) * 4 + builtins) * sc.out_vertices > so->max_gs_total_components) {
        snprintf(err, err_size, "stream output: %u vertices of %u components past the device's "
                                "%u", sc.out_vertices, (located + own) * 4 + builtins,
                 so->max_gs_total_components);
        goto refuse;
    }

    /* Each capture's output variable: the one holding its components. */
    next = bound;
    for (uint32_t k = 0; k < nx; k++) {
        struct xfb_capture *e = &x[k];
        uint32_t src_n;
        if (!xfb_source(id, bound, e, &src_n, &bad) && bad)
            goto unreadable;
        if (!e->src || (!e->own && !id[e->src].captured)) {
            snprintf(err, err_size, "stream output: no variable %s components %u+%u of "
                                    "%s%u (system value %u)",
                     e->src ? "captures" : "holds", e->first, e->count, e->el->name,
                     e->el->semantic_index, e->el->system_value);
            goto refuse;
        }
        if (!e->own)
            continue;
        if (e->scalar >= bound ||
            (id[e->scalar].op != SpvOpTypeFloat && id[e->scalar].op != SpvOpTypeInt) ||
            id[e->scalar].a != 32)
            goto unreadable;
        /* The captured value's type: the scalar, the output's own vector,
         * or a vector of count (the module's, else one made here). */
        e->vec = 0;
        if (e->count > 1)
            e->vec = e->count == src_n && !e->index
                         ? e->src_type
                         : xfb_type(id, bound, made, &nmade, &next, SpvOpTypeVector, e->scalar,
                                    e->count);
        e->ptr = xfb_type(id, bound, made, &nmade, &next, SpvOpTypePointer,
                          SpvStorageClassOutput, e->vec ? e->vec : e->scalar);
        e->var = next++;
    }
    free(id);
    id = NULL;

    /* The module again, with what the captures add, and the offsets of
     * vkd3d-shader's captures set as the slot's (it counts every entry
     * before one, of all slots). */
    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (i == sc.first_fn) {
            for (uint32_t m = 0; m < nmade; m++)
                XFB_OP(&o, made[m].op, made[m].result, made[m].a, made[m].b);
            for (uint32_t k = 0; k < nx; k++)
                if (x[k].own)
                    XFB_OP(&o, SpvOpVariable, x[k].ptr, x[k].var, SpvStorageClassOutput);
        }
        if (op == SpvOpFunction && len >= 3)
            current_fn = w[i + 2];
        if (vertex ? op == SpvOpReturn && current_fn == sc.entry_fn
                   : op == SpvOpEmitVertex || op == SpvOpEmitStreamVertex)
            xfb_copy(&o, x, nx, &next);
        if (i == sc.entry_at) {
            /* The entry point's interface gains the variables. */
            uint32_t head = (len + own) << 16 | op;
            xfb_put(&o, &head, 1);
            xfb_put(&o, w + i + 1, len - 1);
            for (uint32_t k = 0; k < nx; k++)
                if (x[k].own)
                    xfb_put(&o, &x[k].var, 1);
            if (!sc.has_mode)
                XFB_OP(&o, SpvOpExecutionMode, sc.entry_fn, SpvExecutionModeXfb);
        } else if (op == SpvOpDecorate && len == 4 && w[i + 2] == SpvDecorationOffset) {
            uint32_t offset = w[i + 3];
            for (uint32_t k = 0; k < nx; k++)
                if (!x[k].own && x[k].src == w[i + 1])
                    offset = x[k].offset;
            XFB_OP(&o, op, w[i + 1], w[i + 2], offset);
        } else {
            xfb_put(&o, w + i, len);
        }
        if (i + len == sc.cap_end && !sc.has_cap)
            XFB_OP(&o, SpvOpCapability, SpvCapabilityTransformFeedback);
        if (i + len == sc.annot_end)
            for (uint32_t k = 0, loc = base; k < nx; k++) {
                if (!x[k].own)
                    continue;
                XFB_OP(&o, SpvOpDecorate, x[k].var, SpvDecorationLocation, loc++);
                XFB_OP(&o, SpvOpDecorate, x[k].var, SpvDecorationXfbBuffer, x[k].buffer);
                XFB_OP(&o, SpvOpDecorate, x[k].var, SpvDecorationXfbStride, x[k].stride);
                XFB_OP(&o, SpvOpDecorate, x[k].var, SpvDecorationOffset, x[k].offset);
            }
        i += len;
    }
    if (!xfb_finish(&o, next, words, count, err, err_size))
        goto refuse;
    return true;

unreadable:
    snprintf(err, err_size, "stream output: vkd3d-shader's module is not one we read");
refuse:
    free(id);
    free(o.w);
    return false;
}

/* ------------------------------------------------ A8 targets
 *
 * An A8_UNORM target is stored as R8 (its texture is sampled through a
 * swizzle), and a colour attachment takes no swizzle: the program's output
 * for it must carry its alpha in red.  alpha_rewrite stores the output's
 * alpha into all four of its components before the entry point returns
 * (.wwww: the blend's source alpha stays the alpha), for each location of
 * the mask; an output that is not four 32-bit floats is refused. */
static bool alpha_rewrite(uint32_t **words, size_t *count, uint32_t mask, char *err,
                          size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, entry_fn = 0, next, current_fn = 0, vars[WIRE_MAX_COLOR_TARGETS] = {0};
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};

    if (!xfb_ids(w, n, &id, &bound, err, err_size))
        return false;
    if (!id)
        goto unreadable;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            goto unreadable;
        if (op == SpvOpEntryPoint && len >= 4)
            entry_fn = w[i + 2];
        else if (op == SpvOpDecorate && len >= 4 && w[i + 1] < bound &&
                 w[i + 2] == SpvDecorationLocation)
            id[w[i + 1]].location = w[i + 3];
        else if (op == SpvOpDecorate && len >= 4 && w[i + 1] < bound &&
                 w[i + 2] == SpvDecorationComponent)
            id[w[i + 1]].component = w[i + 3];
        else if ((op == SpvOpTypeFloat || op == SpvOpTypeVector || op == SpvOpTypePointer) &&
                 len >= 3 && w[i + 1] < bound)
            id[w[i + 1]] = (struct xfb_id){(uint16_t)op, w[i + 2], len > 3 ? w[i + 3] : 0,
                                           id[w[i + 1]].location, id[w[i + 1]].component};
        else if (op == SpvOpVariable && len >= 4 && w[i + 2] < bound) {
            id[w[i + 2]].op = SpvOpVariable;
            id[w[i + 2]].a = w[i + 1];
            id[w[i + 2]].b = w[i + 3];
        }
        i += len;
    }
    if (!entry_fn)
        goto unreadable;
    for (uint32_t v = 0; v < bound; v++) {
        uint32_t loc = id[v].location;
        if (id[v].op == SpvOpVariable && id[v].b == SpvStorageClassOutput &&
            loc < WIRE_MAX_COLOR_TARGETS && (mask >> loc & 1) &&
            id[v].component == UINT32_MAX)
            vars[loc] = v;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        uint32_t loc = (uint32_t)__builtin_ctz(m), v = vars[loc], ptr = v ? id[v].a : 0;
        uint32_t vec = ptr < bound && id[ptr].op == SpvOpTypePointer ? id[ptr].b : 0;
        uint32_t scalar = vec < bound && id[vec].op == SpvOpTypeVector && id[vec].b == 4
                              ? id[vec].a
                              : 0;
        if (!v || !scalar || scalar >= bound || id[scalar].op != SpvOpTypeFloat ||
            id[scalar].a != 32) {
            snprintf(err, err_size, "an A8 target's output (location %u) is not a float4", loc);
            goto refuse;
        }
    }
    next = bound;
    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (op == SpvOpFunction && len >= 3)
            current_fn = w[i + 2];
        if (op == SpvOpReturn && current_fn == entry_fn)
            for (uint32_t m = mask; m; m &= m - 1) {
                uint32_t v = vars[__builtin_ctz(m)], vec = id[id[v].a].b;
                uint32_t loaded = next++, alpha = next++;
                XFB_OP(&o, SpvOpLoad, vec, loaded, v);
                XFB_OP(&o, SpvOpVectorShuffle, vec, alpha, loaded, loaded, 3, 3, 3, 3);
                XFB_OP(&o, SpvOpStore, v, alpha);
            }
        xfb_put(&o, w + i, len);
        i += len;
    }
    if (!xfb_finish(&o, next, words, count, err, err_size))
        goto refuse;
    free(id);
    return true;

unreadable:
    snprintf(err, err_size, "A8 targets: vkd3d-shader's module is not one we read");
refuse:
    free(id);
    free(o.w);
    return false;
}

static bool translate(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                      const struct server_so_layout *so, bool dual, uint32_t **words,
                      size_t *count, bool *refused, char *err, size_t err_size);

/* A program as every translation reads it: as one stream's (the layout's
 * stream; stream 0 without a layout): a geometry program of several streams made that stream's
 * alone (dxbc_stream_program), and the layout's entries of the stream as
 * stream 0's (none: no layout); a vertex or pixel program reading inputs
 * by a relative index made to read them from a copy (dxbc_relative_inputs). */
struct program_view {
    const void *bytes;
    uint32_t size;
    const struct server_so_layout *so;
    uint8_t *own; /* the program made, freed by view_done */
    struct server_so_layout one;
};

static bool view_program(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                        const struct server_so_layout *so, struct program_view *v,
                        bool *refused, char *err, size_t err_size)
{
    uint32_t stream = so ? so->stream : 0;
    struct dxbc_shader sh;
    size_t made = 0;

    *v = (struct program_view){bytes, size, so, NULL, {0}};
    if (!dxbc_parse(bytes, size, &sh, err, err_size))
        return true; /* (translate says what is wrong) */
    /* Inputs read by a relative index, which vkd3d-shader reads wrong. */
    if (stage == WIRE_STAGE_VERTEX || stage == WIRE_STAGE_FRAGMENT) {
        if (!dxbc_relative_inputs(bytes, size, &v->own, &made, err, err_size)) {
            *refused = true;
            return false;
        }
        if (v->own) {
            v->bytes = v->own;
            v->size = (uint32_t)made;
        }
    }
    if (stage != WIRE_STAGE_GEOMETRY)
        return true;
    if (dxbc_streams(&sh) != 1 || stream) {
        if (!dxbc_stream_program(bytes, size, stream, &v->own, &made, err, err_size)) {
            *refused = true;
            return false;
        }
        v->bytes = v->own;
        v->size = (uint32_t)made;
    }
    if (!so)
        return true;
    v->one = *so;
    v->one.entry_count = 0;
    v->one.stream = 0;
    for (uint32_t i = 0; i < so->entry_count; i++)
        if (so->entries[i].stream == stream) {
            v->one.entries[v->one.entry_count] = so->entries[i];
            v->one.entries[v->one.entry_count++].stream = 0;
        }
    v->so = v->one.entry_count ? &v->one : NULL;
    return true;
}

static void view_done(struct program_view *v)
{
    free(v->own);
    v->own = NULL;
}

bool server_dxbc_to_spirv_alpha(const void *bytes, uint32_t size, uint32_t mask,
                                uint32_t **words, size_t *count, bool *refused, char *err,
                                size_t err_size)
{
    if (!translate(WIRE_STAGE_FRAGMENT, bytes, size, NULL, false, words, count, refused, err,
                   err_size))
        return false;
    if (!alpha_rewrite(words, count, mask, err, err_size)) {
        free(*words);
        *words = NULL;
        *count = 0;
        *refused = true;
        return false;
    }
    return true;
}

bool server_dxbc_to_spirv(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                          uint32_t **words, size_t *count, bool *refused, char *err,
                          size_t err_size)
{
    return translate(stage, bytes, size, NULL, false, words, count, refused, err, err_size);
}

bool server_dxbc_to_spirv_so(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                             const struct server_so_layout *so, uint32_t **words,
                             size_t *count, bool *refused, char *err, size_t err_size)
{
    return translate(stage, bytes, size, so, false, words, count, refused, err, err_size);
}

bool server_dxbc_to_spirv_dual(const void *bytes, uint32_t size, uint32_t **words,
                               size_t *count, bool *refused, char *err, size_t err_size)
{
    return translate(WIRE_STAGE_FRAGMENT, bytes, size, NULL, true, words, count, refused, err,
                     err_size);
}

/* The id of the module's type (op, a, b), else UINT32_MAX. */
static uint32_t emu_find_type(const struct xfb_id *id, uint32_t bound, uint32_t op, uint32_t a,
                              uint32_t b)
{
    for (uint32_t t = 0; t < bound; t++)
        if (id[t].op == op && id[t].a == a && id[t].b == b)
            return t;
    return UINT32_MAX;
}

/* The input variable of builtin bi, else 0. */
static uint32_t emu_find_input(const struct xfb_id *id, uint32_t bound, uint32_t bi)
{
    for (uint32_t v = 0; v < bound; v++)
        if (id[v].op == SpvOpVariable && id[v].b == SpvStorageClassInput && id[v].builtin == bi)
            return v;
    return 0;
}

/* ------------------------------------------- D3D's integer semantics
 *
 * vkd3d-shader 1.2 translates ibfe, ubfe and bfi to OpBitField*, whose
 * result SPIR-V leaves undefined where offset + count passes 32 (D3D
 * defines it: the field runs to bit 31), and ftou and ftoi to
 * OpConvertFTo*, undefined for NaN and out of range (D3D: NaN is 0, the
 * rest clamps).  d3d_conversions rewrites its modules so: a bit field's
 * count becomes min(count, 32 - offset); a conversion's result is selected
 * from the clamps. */

/* Declarations the rewrite makes (once each): a type or constant. */
struct conv_decl {
    uint32_t op, type, a, b; /* OpTypeVector: a component, b count; OpConstant: type, a value */
    uint32_t n;              /* OpConstantComposite: n copies of constant a */
    uint32_t result;
};

struct conv_decls {
    const struct xfb_id *id;
    uint32_t bound, *next, count;
    struct conv_decl d[64];
    bool full;
};

/* The module's (or a made) declaration. */
static uint32_t conv_get(struct conv_decls *c, uint32_t op, uint32_t type, uint32_t a, uint32_t b,
                         uint32_t n)
{
    if (op == SpvOpTypeBool || op == SpvOpTypeFloat || op == SpvOpTypeVector) {
        uint32_t t = emu_find_type(c->id, c->bound, op, a, b);
        if (t != UINT32_MAX)
            return t;
    }
    for (uint32_t i = 0; i < c->count; i++)
        if (c->d[i].op == op && c->d[i].type == type && c->d[i].a == a && c->d[i].b == b &&
            c->d[i].n == n)
            return c->d[i].result;
    if (c->count == NR_ARRAY_SIZE(c->d)) {
        c->full = true;
        return 0;
    }
    c->d[c->count] = (struct conv_decl){op, type, a, b, n, (*c->next)++};
    return c->d[c->count++].result;
}

/* The constant `bits` of scalar type `scalar`, or of the vector of n. */
static uint32_t conv_const(struct conv_decls *c, uint32_t vec, uint32_t scalar, uint32_t n,
                           uint32_t bits)
{
    uint32_t k = conv_get(c, SpvOpConstant, scalar, bits, 0, 0);
    return n > 1 ? conv_get(c, SpvOpConstantComposite, vec, k, 0, n) : k;
}

static void conv_put_decls(const struct conv_decls *c, struct xfb_out *o)
{
    /* Types first (a made bool, float, vector), then constants in the
     * order made (a composite after its scalar). */
    for (uint32_t i = 0; i < c->count; i++) {
        const struct conv_decl *d = &c->d[i];
        if (d->op == SpvOpTypeBool)
            XFB_OP(o, SpvOpTypeBool, d->result);
        else if (d->op == SpvOpTypeFloat)
            XFB_OP(o, SpvOpTypeFloat, d->result, 32);
    }
    for (uint32_t i = 0; i < c->count; i++)
        if (c->d[i].op == SpvOpTypeVector)
            XFB_OP(o, SpvOpTypeVector, c->d[i].result, c->d[i].a, c->d[i].b);
    for (uint32_t i = 0; i < c->count; i++) {
        const struct conv_decl *d = &c->d[i];
        if (d->op == SpvOpConstant) {
            XFB_OP(o, SpvOpConstant, d->type, d->result, d->a);
        } else if (d->op == SpvOpConstantComposite) {
            uint32_t w[3 + 4] = {(uint32_t)(3 + d->n) << 16 | SpvOpConstantComposite, d->type,
                                 d->result};
            for (uint32_t k = 0; k < d->n; k++)
                w[3 + k] = d->a;
            xfb_put(o, w, 3 + d->n);
        }
    }
}

/* What a conversion's rewrite needs: its result type's scalar and count
 * and the float and bool types of that count; false where the module's
 * types are not ones it knows. */
struct conv_types {
    uint32_t scalar, n, f, b;
};

static bool conv_types(struct conv_decls *c, uint32_t type, struct conv_types *t)
{
    const struct xfb_id *id = c->id;
    if (type >= c->bound)
        return false;
    t->n = id[type].op == SpvOpTypeVector ? id[type].b : 1;
    t->scalar = id[type].op == SpvOpTypeVector ? id[type].a : type;
    if (t->scalar >= c->bound || id[t->scalar].op != SpvOpTypeInt || id[t->scalar].a != 32 ||
        t->n < 1 || t->n > 4)
        return false;
    uint32_t f = conv_get(c, SpvOpTypeFloat, 0, 32, 0, 0);
    uint32_t b = conv_get(c, SpvOpTypeBool, 0, 0, 0, 0);
    t->f = t->n > 1 ? conv_get(c, SpvOpTypeVector, 0, f, t->n, 0) : f;
    t->b = t->n > 1 ? conv_get(c, SpvOpTypeVector, 0, b, t->n, 0) : b;
    return !c->full;
}

static bool d3d_conversions(uint32_t **words, size_t *count, char *err, size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, next, *vtype = NULL, fscalar = 0, bscalar = 0;
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};
    struct xfb_scan sc;
    struct conv_decls c;
    bool any = false;

    for (size_t i = 5; i < n && !any;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len)
            break;
        any = op == SpvOpBitFieldInsert || op == SpvOpBitFieldSExtract ||
              op == SpvOpBitFieldUExtract || op == SpvOpConvertFToU || op == SpvOpConvertFToS;
        i += len;
    }
    if (!any)
        return true;
    if (!xfb_read(w, n, &id, &bound, &sc, err, err_size))
        return false;
    if (!id || !(vtype = calloc(bound, sizeof(*vtype))))
        goto leave; /* not rewritten: as vkd3d-shader made it */
    /* The types of the values a bit field's offset and count come from. */
    for (size_t i = sc.first_fn; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (len >= 4 && w[i + 2] < bound &&
            (op == SpvOpConstant || op == SpvOpLoad || op == SpvOpCompositeExtract ||
             op == SpvOpBitcast || op == SpvOpBitwiseAnd || op == SpvOpBitwiseOr ||
             op == SpvOpBitwiseXor || op == SpvOpIAdd || op == SpvOpISub || op == SpvOpIMul ||
             op == SpvOpShiftLeftLogical || op == SpvOpShiftRightLogical ||
             op == SpvOpShiftRightArithmetic || op == SpvOpSelect))
            vtype[w[i + 2]] = w[i + 1];
        i += len;
    }
    for (size_t i = 5; i < sc.first_fn;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (op == SpvOpConstant && len >= 4 && w[i + 2] < bound)
            vtype[w[i + 2]] = w[i + 1];
        i += len;
    }
    next = bound;
    c = (struct conv_decls){.id = id, .bound = bound, .next = &next};

    /* What the rewrites need, declared before the module's functions. */
    for (size_t i = sc.first_fn; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        struct conv_types t;
        if ((op == SpvOpBitFieldSExtract || op == SpvOpBitFieldUExtract ||
             op == SpvOpBitFieldInsert) &&
            len == (op == SpvOpBitFieldInsert ? 7u : 6u)) {
            uint32_t s = vtype[w[i + len - 2]];
            if (s && s == vtype[w[i + len - 1]] && s < bound && id[s].op == SpvOpTypeInt &&
                id[s].a == 32) {
                conv_const(&c, s, s, 1, 32);
                bscalar = conv_get(&c, SpvOpTypeBool, 0, 0, 0, 0);
            }
        } else if ((op == SpvOpConvertFToU || op == SpvOpConvertFToS) && len == 4 &&
                   conv_types(&c, w[i + 1], &t)) {
            bool u = op == SpvOpConvertFToU;
            fscalar = conv_get(&c, SpvOpTypeFloat, 0, 32, 0, 0);
            conv_const(&c, t.f, fscalar, t.n, 0x00000000u);
            conv_const(&c, t.f, fscalar, t.n, u ? 0x4f800000u : 0x4f000000u); /* 2^32, 2^31 */
            conv_const(&c, w[i + 1], t.scalar, t.n, 0);
            conv_const(&c, w[i + 1], t.scalar, t.n, u ? 0xffffffffu : 0x7fffffffu);
            if (!u) {
                conv_const(&c, t.f, fscalar, t.n, 0xcf000000u); /* -2^31 */
                conv_const(&c, w[i + 1], t.scalar, t.n, 0x80000000u);
            }
        }
        i += len;
    }
    if (c.full)
        goto leave;

    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        struct conv_types t;
        if (i == sc.first_fn)
            conv_put_decls(&c, &o);
        if ((op == SpvOpBitFieldSExtract || op == SpvOpBitFieldUExtract ||
             op == SpvOpBitFieldInsert) &&
            len == (op == SpvOpBitFieldInsert ? 7u : 6u) && vtype[w[i + len - 2]] &&
            vtype[w[i + len - 2]] == vtype[w[i + len - 1]] &&
            vtype[w[i + len - 1]] < bound && id[vtype[w[i + len - 1]]].op == SpvOpTypeInt &&
            id[vtype[w[i + len - 1]]].a == 32) {
            /* count = min(count, 32 - offset) */
            uint32_t s = vtype[w[i + len - 1]], offset = w[i + len - 2], cnt = w[i + len - 1];
            uint32_t rem = next++, lt = next++, fixed = next++, head[7];
            XFB_OP(&o, SpvOpISub, s, rem, conv_const(&c, s, s, 1, 32), offset);
            XFB_OP(&o, SpvOpULessThan, bscalar, lt, cnt, rem);
            XFB_OP(&o, SpvOpSelect, s, fixed, lt, cnt, rem);
            memcpy(head, w + i, len * 4);
            head[len - 1] = fixed;
            xfb_put(&o, head, len);
        } else if ((op == SpvOpConvertFToU || op == SpvOpConvertFToS) && len == 4 &&
                   conv_types(&c, w[i + 1], &t)) {
            uint32_t r = w[i + 1], x = w[i + 3], raw = next++;
            XFB_OP(&o, op, r, raw, x);
            if (op == SpvOpConvertFToU) {
                /* NaN and below 1: 0; 2^32 and up: all ones. */
                uint32_t pos = next++, big = next++, low = next++;
                XFB_OP(&o, SpvOpFOrdGreaterThan, t.b, pos, x, conv_const(&c, t.f, fscalar, t.n, 0));
                XFB_OP(&o, SpvOpFOrdGreaterThanEqual, t.b, big, x,
                       conv_const(&c, t.f, fscalar, t.n, 0x4f800000u));
                XFB_OP(&o, SpvOpSelect, r, low, pos, raw, conv_const(&c, r, t.scalar, t.n, 0));
                XFB_OP(&o, SpvOpSelect, r, w[i + 2], big,
                       conv_const(&c, r, t.scalar, t.n, 0xffffffffu), low);
            } else {
                /* NaN: 0; 2^31 and up: INT_MAX; below -2^31: INT_MIN. */
                uint32_t nan = next++, big = next++, small = next++, a = next++, b = next++;
                XFB_OP(&o, SpvOpIsNan, t.b, nan, x);
                XFB_OP(&o, SpvOpFOrdGreaterThanEqual, t.b, big, x,
                       conv_const(&c, t.f, fscalar, t.n, 0x4f000000u));
                XFB_OP(&o, SpvOpFOrdLessThan, t.b, small, x,
                       conv_const(&c, t.f, fscalar, t.n, 0xcf000000u));
                XFB_OP(&o, SpvOpSelect, r, a, big, conv_const(&c, r, t.scalar, t.n, 0x7fffffffu),
                       raw);
                XFB_OP(&o, SpvOpSelect, r, b, small,
                       conv_const(&c, r, t.scalar, t.n, 0x80000000u), a);
                XFB_OP(&o, SpvOpSelect, r, w[i + 2], nan, conv_const(&c, r, t.scalar, t.n, 0), b);
            }
        } else {
            xfb_put(&o, w + i, len);
        }
        i += len;
    }
    free(id);
    free(vtype);
    if (c.full) { /* (cannot happen: every declaration was made above) */
        free(o.w);
        return true;
    }
    return xfb_finish(&o, next, words, count, err, err_size);

leave:
    free(id);
    free(vtype);
    free(o.w);
    return true;
}

static bool translate_program(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                              const struct server_so_layout *so, bool dual, uint32_t **words,
                              size_t *count, bool *refused, char *err, size_t err_size);

/* Every translation: in the translator process where the server has one
 * (server/translator.c), else here. */
static bool translate(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                      const struct server_so_layout *so, bool dual, uint32_t **words,
                      size_t *count, bool *refused, char *err, size_t err_size)
{
    bool handled, ok = server_translate_isolated(stage, bytes, size, so, dual, words, count,
                                                 refused, err, err_size, &handled);
    return handled ? ok
                   : server_translate_here(stage, bytes, size, so, dual, words, count, refused,
                                           err, err_size);
}

bool server_translate_here(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                           const struct server_so_layout *so, bool dual, uint32_t **words,
                           size_t *count, bool *refused, char *err, size_t err_size)
{
    struct program_view v;
    bool ok;
    *refused = false;
    *words = NULL;
    *count = 0;
    if (!view_program(stage, bytes, size, so, &v, refused, err, err_size))
        return false;
    ok = translate_program(stage, v.bytes, v.size, v.so, dual, words, count, refused, err,
                           err_size);
    view_done(&v);
    return ok;
}

static bool translate_program(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                              const struct server_so_layout *so, bool dual, uint32_t **words,
                              size_t *count, bool *refused, char *err, size_t err_size)
{
    bool vs = stage == WIRE_STAGE_VERTEX, cs = stage == WIRE_STAGE_COMPUTE;
    bool gs = stage == WIRE_STAGE_GEOMETRY, hs = stage == WIRE_STAGE_HULL,
         ds = stage == WIRE_STAGE_DOMAIN;
    enum vkd3d_shader_visibility vis = vs   ? VKD3D_SHADER_VISIBILITY_VERTEX
                                       : cs ? VKD3D_SHADER_VISIBILITY_COMPUTE
                                       : gs ? VKD3D_SHADER_VISIBILITY_GEOMETRY
                                       : hs ? VKD3D_SHADER_VISIBILITY_HULL
                                       : ds ? VKD3D_SHADER_VISIBILITY_DOMAIN
                                            : VKD3D_SHADER_VISIBILITY_PIXEL;
    /* The stage's combined samplers: set 0's of the vertex and fragment
     * (and compute) stages, set 1's of the others (binding.h). */
    bool other = gs || hs || ds;
    uint32_t pair_set = other ? NR_TEXEL_SET : 0;
    uint32_t base = vs      ? NR_BIND_VS_SAMPLER0
                    : other ? NR_BIND_STAGE_SAMPLER0 +
                                  NR_MAX_STAGE_SAMPLERS * (gs ? 0u : hs ? 1u : 2u)
                            : NR_BIND_FS_SAMPLER0;
    uint32_t max_pairs = vs ? NR_MAX_VS_SAMPLERS : other ? NR_MAX_STAGE_SAMPLERS
                                                         : NR_MAX_FS_SAMPLERS;
    uint32_t texel_base = vs      ? NR_BIND_VS_TEXEL0
                          : other ? NR_BIND_STAGE_TEXEL0 +
                                        NR_MAX_STAGE_TEXELS * (gs ? 0u : hs ? 1u : 2u)
                                  : NR_BIND_FS_TEXEL0;
    uint32_t max_texels = vs ? NR_MAX_VS_TEXELS : other ? NR_MAX_STAGE_TEXELS
                                                        : NR_MAX_FS_TEXELS;
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    struct vkd3d_shader_scan_descriptor_info scan = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_SCAN_DESCRIPTOR_INFO};
    struct vkd3d_shader_compile_option options[] = {
        {VKD3D_SHADER_COMPILE_OPTION_STRIP_DEBUG, 1},
    };
    struct vkd3d_shader_compile_info info = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO,
        .source = {bytes, size},
        .source_type = VKD3D_SHADER_SOURCE_DXBC_TPF,
        .target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY,
        .options = options,
        .option_count = NR_ARRAY_SIZE(options),
        .log_level = VKD3D_SHADER_LOG_WARNING,
        .source_name = "nereid",
    };
    /* b0, and each texture and sampler register of a pair (vkd3d-shader
     * wants them listed; the combined samplers are what it emits). */
    struct vkd3d_shader_resource_binding bind[DXBC_MAX_CB + 2 * DXBC_MAX_PAIRS +
                                              DXBC_MAX_BUFFERS + DXBC_MAX_UAVS];
    struct vkd3d_shader_combined_resource_sampler combined[DXBC_MAX_PAIRS];
    /* UAV counters: u#k's at set 1's NR_BIND_COUNTER0 + k. */
    struct vkd3d_shader_uav_counter_binding counters[DXBC_MAX_UAVS];
    /* Stream output: the entries as vkd3d-shader's elements (a gap is
     * named "", which no output is). */
    struct vkd3d_shader_transform_feedback_element xfb_el[WIRE_MAX_SO_ENTRIES];
    struct xfb_capture capture[WIRE_MAX_SO_ENTRIES];
    uint32_t ncapture = 0;
    struct vkd3d_shader_transform_feedback_info xfb = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_TRANSFORM_FEEDBACK_INFO,
        .elements = xfb_el,
        .element_count = so ? so->entry_count : 0,
        .buffer_strides = so ? so->strides : NULL,
        .buffer_stride_count = so ? WIRE_MAX_SO_TARGETS : 0,
    };
    struct vkd3d_shader_interface_info iface = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_INTERFACE_INFO,
        .next = so ? &xfb : NULL,
        .bindings = bind,
        .combined_samplers = combined,
        .uav_counters = counters,
    };
    static const struct vkd3d_shader_parameter params[] = {{
        .name = VKD3D_SHADER_PARAMETER_NAME_RASTERIZER_SAMPLE_COUNT,
        .type = VKD3D_SHADER_PARAMETER_TYPE_SPECIALIZATION_CONSTANT,
        .data_type = VKD3D_SHADER_PARAMETER_DATA_TYPE_UINT32,
        .u.specialization_constant.id = NR_SPEC_SAMPLE_COUNT,
    }};
    struct vkd3d_shader_spirv_target_info target = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_SPIRV_TARGET_INFO,
        .next = &iface,
        .entry_point = "main",
        .environment = VKD3D_SHADER_SPIRV_ENVIRONMENT_VULKAN_1_0,
        .dual_source_blending = dual,
        .parameters = params,
        .parameter_count = 1,
    };
    struct vkd3d_shader_code out = {0};
    unsigned int nb = 0;
    char *messages = NULL;
    int ret;

    *refused = false;
    *words = NULL;
    *count = 0;
    if (!dxbc_parse(bytes, size, &sh, err, err_size))
        return false;
    if (sh.type != (vs   ? DXBC_VERTEX
                    : cs ? DXBC_COMPUTE
                    : gs ? DXBC_GEOMETRY
                    : hs ? DXBC_HULL
                    : ds ? DXBC_DOMAIN
                         : DXBC_PIXEL)) {
        snprintf(err, err_size, "a DXBC program of type %u for stage %u", sh.type, stage);
        return false;
    }
    if (!dxbc_bindings(&sh, &b, err, err_size)) {
        *refused = true;
        return false;
    }
    /* The geometry, hull and domain stages have their b0..b4, four
     * texture and sampler pairs and four buffers (binding.h); their UAVs
     * (D3D11.1's, as the vertex stage's) are the graphics pipeline's slots,
     * which the device's module checks refuse where it cannot write
     * storage there (vkx_shader_create). */
    if (so) {
        /* vkd3d-shader captures an output whole, once; the other entries
         * it sees as gaps of their size, and xfb_rewrite captures them. */
        uint32_t offset[WIRE_MAX_SO_TARGETS] = {0};
        const struct dxbc_signature_element *whole[WIRE_MAX_SO_ENTRIES];
        uint32_t nwhole = 0;
        for (uint32_t i = 0; i < so->entry_count; i++) {
            const struct wire_so_entry *e = &so->entries[i];
            const struct dxbc_signature_element *el =
                e->semantic[0] ? dxbc_signature_find(&sh.outputs, e->semantic,
                                                     e->semantic_index)
                               : NULL;
            bool vkd3d = !el;
            if (el && !e->start_component &&
                e->component_count == (uint32_t)__builtin_popcount(el->mask)) {
                vkd3d = true;
                for (uint32_t j = 0; j < nwhole && vkd3d; j++)
                    vkd3d = whole[j] != el;
                if (vkd3d)
                    whole[nwhole++] = el;
            }
            xfb_el[i] = (struct vkd3d_shader_transform_feedback_element){
                e->stream, vkd3d ? e->semantic : "", e->semantic_index,
                vkd3d ? e->start_component : 0, e->component_count, e->slot};
            if (el && e->slot < WIRE_MAX_SO_TARGETS)
                capture[ncapture++] = (struct xfb_capture){
                    .el = el, .first = e->start_component, .count = e->component_count,
                    .buffer = e->slot, .stride = so->strides[e->slot],
                    .offset = 4 * offset[e->slot], .own = !vkd3d};
            if (e->slot < WIRE_MAX_SO_TARGETS)
                offset[e->slot] += e->component_count;
        }
    }
    if (b.pair_count > max_pairs) {
        snprintf(err, err_size, "%u texture and sampler pairs: the stage has %u", b.pair_count,
                 max_pairs);
        *refused = true;
        return false;
    }
    if (b.buffer_count > max_texels) {
        snprintf(err, err_size, "%u buffers: the stage has %u", b.buffer_count, max_texels);
        *refused = true;
        return false;
    }
    /* UAVs: u#k is set 1's storage texel buffer or storage image k (raw
     * and structured ones as 32-bit words), of every stage. */
    for (uint32_t k = 0; k < DXBC_MAX_UAVS; k++) {
        bool image = !dxbc_dim_is_buffer(b.uav_dim[k]);
        if (!(b.uav_mask & (1u << k)))
            continue;
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_UAV, 0, k, vis,
            image ? VKD3D_SHADER_BINDING_FLAG_IMAGE : VKD3D_SHADER_BINDING_FLAG_BUFFER,
            {NR_TEXEL_SET, (image ? NR_BIND_STORAGE_IMG0 : NR_BIND_STORAGE_BUF0) + k, 1}};
    }
    /* Buffers (typed, raw, structured): the stage's texel buffers. */
    for (uint32_t k = 0; k < b.buffer_count; k++)
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_SRV, 0, b.buffer[k], vis,
            VKD3D_SHADER_BINDING_FLAG_BUFFER, {NR_TEXEL_SET, texel_base + k, 1}};
    /* The tessellation stages' b0 are set 1's (binding.h). */
    for (uint32_t k = 0; k < DXBC_MAX_CB; k++)
        if (b.cb_mask & (1u << k))
            bind[nb++] = (struct vkd3d_shader_resource_binding){
                VKD3D_SHADER_DESCRIPTOR_TYPE_CBV, 0, k, vis, VKD3D_SHADER_BINDING_FLAG_BUFFER,
                (gs || hs || ds) && k
                    ? (struct vkd3d_shader_descriptor_binding){
                          NR_TEXEL_SET, NR_BIND_STAGE_UBO0 + 4 * (gs ? 0u : hs ? 1u : 2u) + k - 1,
                          1}
                : hs ? (struct vkd3d_shader_descriptor_binding){NR_TEXEL_SET, NR_BIND_HS_UBO, 1}
                : ds ? (struct vkd3d_shader_descriptor_binding){NR_TEXEL_SET, NR_BIND_DS_UBO, 1}
                     : (struct vkd3d_shader_descriptor_binding){
                           0, nr_ubo_binding(nr_ubo_index(vs ? 0 : gs ? 2 : 1, k)), 1}};
    for (uint32_t k = 0; k < b.pair_count; k++) {
        struct vkd3d_shader_descriptor_binding where = {pair_set, base + k, 1};
        combined[k] = (struct vkd3d_shader_combined_resource_sampler){
            0, b.texture[k], 0,
            b.sampler[k] == DXBC_NO_SAMPLER ? VKD3D_SHADER_DUMMY_SAMPLER_INDEX : b.sampler[k],
            vis, VKD3D_SHADER_BINDING_FLAG_IMAGE, where};
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_SRV, 0, b.texture[k], vis,
            VKD3D_SHADER_BINDING_FLAG_IMAGE, where};
        if (b.sampler[k] != DXBC_NO_SAMPLER)
            bind[nb++] = (struct vkd3d_shader_resource_binding){
                VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER, 0, b.sampler[k], vis, 0, where};
    }
    iface.binding_count = nb;
    iface.combined_sampler_count = b.pair_count;

    /* vkd3d-shader's view of the descriptors must be ours. */
    info.next = &scan;
    ret = vkd3d_shader_scan(&info, &messages);
    if (ret < 0) {
        copy_message(err, err_size, "vkd3d-shader cannot read the program", messages);
        vkd3d_shader_free_messages(messages);
        return false;
    }
    vkd3d_shader_free_messages(messages);
    messages = NULL;
    for (unsigned int i = 0; i < scan.descriptor_count; i++) {
        const struct vkd3d_shader_descriptor_info *d = &scan.descriptors[i];
        bool placed = false;
        if (d->flags & VKD3D_SHADER_DESCRIPTOR_INFO_FLAG_UAV_COUNTER) {
            /* A counter of a UAV the binding model places (u0..u7). */
            if (d->type != VKD3D_SHADER_DESCRIPTOR_TYPE_UAV || d->register_space ||
                d->register_index >= DXBC_MAX_UAVS || d->count != 1 ||
                !(b.uav_mask & (1u << d->register_index))) {
                snprintf(err, err_size, "u%u's counter (space %u): no place for it",
                         d->register_index, d->register_space);
                *refused = true;
                vkd3d_shader_free_scan_descriptor_info(&scan);
                return false;
            }
            counters[iface.uav_counter_count++] = (struct vkd3d_shader_uav_counter_binding){
                0, d->register_index, vis,
                {NR_TEXEL_SET, NR_BIND_COUNTER0 + d->register_index, 1}, 0};
        }
        for (unsigned int j = 0; j < nb && !placed; j++)
            placed = bind[j].type == d->type && bind[j].register_index == d->register_index &&
                     !d->register_space && d->count == 1;
        /* A declared texture or sampler the program never reads is
         * harmless: it gets no descriptor. */
        if (!placed && d->type == VKD3D_SHADER_DESCRIPTOR_TYPE_SRV &&
            b.texture_dim[NR_MIN(d->register_index, DXBC_MAX_TEXTURES - 1)])
            placed = true;
        if (!placed && d->type == VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER && !d->register_space &&
            d->register_index < 16)
            placed = true;
        if (!placed) {
            static const char *const kinds[] = {"t", "u", "b", "s"};
            snprintf(err, err_size, "the program binds %s%u (space %u), which has no place in "
                                    "the binding model yet",
                     d->type <= 3 ? kinds[d->type] : "?", d->register_index,
                     d->register_space);
            *refused = true;
            vkd3d_shader_free_scan_descriptor_info(&scan);
            return false;
        }
    }
    vkd3d_shader_free_scan_descriptor_info(&scan);

    info.next = &target;
    ret = vkd3d_shader_compile(&info, &out, &messages);
    if (ret < 0) {
        /* A container that parsed, which vkd3d-shader does not translate:
         * valid input we cannot handle, or malformed tokens.  The two are
         * not told apart by vkd3d-shader's result; either way the module
         * does not exist and the draws that use it are dropped. */
        copy_message(err, err_size, "vkd3d-shader refused the program", messages);
        vkd3d_shader_free_messages(messages);
        *refused = true;
        return false;
    }
    vkd3d_shader_free_messages(messages);
    if (!out.size || out.size % 4 || !(*words = malloc(out.size))) {
        snprintf(err, err_size, "vkd3d-shader gave %zu bytes", out.size);
        vkd3d_shader_free_shader_code(&out);
        *refused = true;
        return false;
    }
    memcpy(*words, out.code, out.size);
    *count = out.size / 4;
    vkd3d_shader_free_shader_code(&out);
    if (!server_spirv_check(*words, *count, err, err_size) ||
        !d3d_conversions(words, count, err, err_size) ||
        (ncapture && !xfb_rewrite(words, count, vs, capture, ncapture, so, err, err_size))) {
        free(*words);
        *words = NULL;
        *count = 0;
        *refused = true;
        return false;
    }
    return true;
}

/* ------------------------------------------- emulated stream output
 *
 * Without transform feedback the capture is a geometry module storing
 * each vertex the declaration captures into the context's scratch
 * (shader/so_emu.h): the application's geometry program with stores
 * before each emit, or for a vertex program a module made to read its
 * primitives.  The layout's words: each target's stride one after
 * another, the entries at their offsets, the gaps left out of the mask. */

/* The captures of layout so (their word in a vertex as offset) and
 * info's words; false (refused) where they do not fit the emulation. */
static bool emu_layout(const struct dxbc_shader *sh, const struct server_so_layout *so,
                       struct xfb_capture *x, uint32_t *nx, struct so_emu_info *info,
                       char *err, size_t err_size)
{
    uint32_t at[WIRE_MAX_SO_TARGETS] = {0};
    *nx = 0;
    memset(info, 0, sizeof(*info));
    for (uint32_t t = 0; t < WIRE_MAX_SO_TARGETS; t++) {
        info->start[t] = info->v;
        info->stride[t] = so->strides[t] / 4;
        info->v += info->stride[t];
    }
    if (info->v > SO_EMU_MAX_WORDS) {
        snprintf(err, err_size, "stream output: %u words a vertex (the emulation's %u)", info->v,
                 SO_EMU_MAX_WORDS);
        return false;
    }
    for (uint32_t i = 0; i < so->entry_count; i++) {
        const struct wire_so_entry *e = &so->entries[i];
        uint32_t word = info->start[e->slot] + at[e->slot];
        info->used |= 1u << e->slot;
        at[e->slot] += e->component_count;
        if (!e->semantic[0])
            continue; /* a gap: not written */
        x[*nx] = (struct xfb_capture){
            .el = dxbc_signature_find(&sh->outputs, e->semantic, e->semantic_index),
            .first = e->start_component, .count = e->component_count, .buffer = e->slot,
            .offset = word};
        if (!x[*nx].el) {
            snprintf(err, err_size, "stream output: the program writes no %s%u", e->semantic,
                     e->semantic_index);
            return false;
        }
        for (uint32_t c = 0; c < e->component_count; c++)
            info->mask[(word + c) / 32] |= 1u << ((word + c) % 32);
        (*nx)++;
    }
    return true;
}

/* The scratch as a module sees it (set 3, binding 0: words), its ids
 * found or taken from *next. */
struct emu_scratch {
    uint32_t t_u, t_rta, t_buf, t_ptr_buf, t_ptr_u, buf, sclass;
    bool make_u, block;
};

static void emu_scratch_ids(struct emu_scratch *e, const struct xfb_id *id, uint32_t bound,
                            uint32_t version, uint32_t *next)
{
    /* Storage buffers are a storage class from SPIR-V 1.3 (a Uniform
     * BufferBlock before). */
    e->block = version >= 0x10300;
    e->sclass = e->block ? SpvStorageClassStorageBuffer : SpvStorageClassUniform;
    e->t_u = emu_find_type(id, bound, SpvOpTypeInt, 32, 0);
    e->make_u = e->t_u == UINT32_MAX;
    if (e->make_u)
        e->t_u = (*next)++;
    e->t_rta = (*next)++;
    e->t_buf = (*next)++;
    e->t_ptr_buf = (*next)++;
    e->t_ptr_u = (*next)++;
    e->buf = (*next)++;
}

/* Its types and variable, with the module's globals. */
static void emu_scratch_globals(const struct emu_scratch *e, struct xfb_out *o)
{
    if (e->make_u)
        XFB_OP(o, SpvOpTypeInt, e->t_u, 32, 0);
    XFB_OP(o, SpvOpTypeRuntimeArray, e->t_rta, e->t_u);
    XFB_OP(o, SpvOpTypeStruct, e->t_buf, e->t_rta);
    XFB_OP(o, SpvOpTypePointer, e->t_ptr_buf, e->sclass, e->t_buf);
    XFB_OP(o, SpvOpTypePointer, e->t_ptr_u, e->sclass, e->t_u);
    XFB_OP(o, SpvOpVariable, e->t_ptr_buf, e->buf, e->sclass);
}

/* Its decorations, with the module's. */
static void emu_scratch_decorations(const struct emu_scratch *e, struct xfb_out *o)
{
    XFB_OP(o, SpvOpDecorate, e->t_rta, SpvDecorationArrayStride, 4);
    XFB_OP(o, SpvOpDecorate, e->t_buf, e->block ? SpvDecorationBlock : SpvDecorationBufferBlock);
    XFB_OP(o, SpvOpMemberDecorate, e->t_buf, 0, SpvDecorationOffset, 0);
    XFB_OP(o, SpvOpDecorate, e->buf, SpvDecorationDescriptorSet, 3);
    XFB_OP(o, SpvOpDecorate, e->buf, SpvDecorationBinding, 0);
}

/* A vertex program for a capture pass, which draws one instance at a
 * time from the draw's first instance plus i: vkd3d-shader's
 * SV_InstanceID (InstanceIndex less BaseInstance) would read 0, so its
 * loads of BaseInstance read the draw's first instance from the scratch
 * instead.  *changed false: the program does not read it (nothing to
 * rewrite). */
static bool emu_rewrite_vs(uint32_t **words, size_t *count, bool *changed, char *err,
                           size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, next, base_var, c0, cidx;
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};
    struct xfb_scan sc;
    struct emu_scratch e;

    *changed = false;
    if (!xfb_read(w, n, &id, &bound, &sc, err, err_size))
        return false;
    if (!id) {
        snprintf(err, err_size, "emulated stream output: vkd3d-shader's module is not one we "
                                "read");
        return false;
    }
    base_var = emu_find_input(id, bound, SpvBuiltInBaseInstance);
    if (!base_var) {
        free(id);
        return true;
    }
    next = bound;
    emu_scratch_ids(&e, id, bound, sc.version, &next);
    c0 = next++;
    cidx = next++;
    free(id);
    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (i == sc.first_fn) {
            emu_scratch_globals(&e, &o);
            XFB_OP(&o, SpvOpConstant, e.t_u, c0, 0);
            XFB_OP(&o, SpvOpConstant, e.t_u, cidx, SO_EMU_FIRST_INSTANCE);
        }
        if (op == SpvOpLoad && len >= 4 && w[i + 3] == base_var) {
            uint32_t ptr = next++, raw = w[i + 1] == e.t_u ? w[i + 2] : next++;
            XFB_OP(&o, SpvOpAccessChain, e.t_ptr_u, ptr, e.buf, c0, cidx);
            XFB_OP(&o, SpvOpLoad, e.t_u, raw, ptr);
            if (raw != w[i + 2])
                XFB_OP(&o, SpvOpBitcast, w[i + 1], w[i + 2], raw);
        } else {
            xfb_put(&o, w + i, len);
        }
        if (i + len == sc.annot_end)
            emu_scratch_decorations(&e, &o);
        i += len;
    }
    if (!xfb_finish(&o, next, words, count, err, err_size)) {
        free(o.w);
        return false;
    }
    *changed = true;
    return true;
}

/* The geometry program rewritten: before each emit, the vertex's
 * captured components, its strip flag and the slot's count stored. */
static bool emu_rewrite_gs(uint32_t **words, size_t *count, struct xfb_capture *x, uint32_t nx,
                           struct so_emu_info *info, char *err, size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, next;
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};
    struct xfb_scan sc;
    bool bad = false;

    if (!xfb_read(w, n, &id, &bound, &sc, err, err_size))
        return false;
    if (!id || !sc.out_prim)
        goto unreadable;
    info->m = sc.out_vertices;
    info->ginst = sc.invocations;
    info->pv = sc.out_prim;
    if (!info->m || info->m > 1024 || !info->ginst || info->ginst > 32)
        goto unreadable;
    for (uint32_t k = 0; k < nx; k++) {
        uint32_t src_n;
        if (!xfb_source(id, bound, &x[k], &src_n, &bad)) {
            if (bad)
                goto unreadable;
            snprintf(err, err_size, "stream output: no variable holds components %u+%u of %s%u",
                     x[k].first, x[k].count, x[k].el->name, x[k].el->semantic_index);
            goto refuse;
        }
        if (x[k].scalar >= bound ||
            (id[x[k].scalar].op != SpvOpTypeFloat && id[x[k].scalar].op != SpvOpTypeInt) ||
            id[x[k].scalar].a != 32)
            goto unreadable;
    }

    /* What the stores need, found or made. */
    next = bound;
    struct emu_scratch e;
    emu_scratch_ids(&e, id, bound, sc.version, &next);
    uint32_t t_u = e.t_u, buf = e.buf, t_ptr_u = e.t_ptr_u;
    uint32_t t_bool = emu_find_type(id, bound, SpvOpTypeBool, 0, 0),
             make_bool = t_bool == UINT32_MAX;
    if (make_bool)
        t_bool = next++;
    uint32_t prim_var = emu_find_input(id, bound, SpvBuiltInPrimitiveId), make_prim = !prim_var;
    uint32_t inv_var = emu_find_input(id, bound, SpvBuiltInInvocationId);
    uint32_t make_inv = info->ginst > 1 && !inv_var;
    uint32_t prim_type = t_u, inv_type = t_u;
    if (make_prim)
        prim_var = next++;
    else if (id[prim_var].a < bound)
        prim_type = id[id[prim_var].a].b;
    if (make_inv)
        inv_var = next++;
    else if (inv_var && id[inv_var].a < bound)
        inv_type = id[id[inv_var].a].b;
    uint32_t t_ptr_in_u = next++, t_ptr_priv = next++, n_var = next++, cut_var = next++;
    enum { C0, C1, CM, CV, CG, CH, CSS, CT, CCOUNT };
    uint32_t c[CCOUNT];
    const uint32_t cval[CCOUNT] = {0, 1, info->m, info->v, info->ginst, SO_EMU_HEADER,
                                   info->m + info->m * info->v, SO_EMU_TRASH};
    for (uint32_t k = 0; k < CCOUNT; k++)
        c[k] = next++;
    uint32_t word_c[WIRE_MAX_SO_ENTRIES * 4];
    uint32_t nword = 0;
    for (uint32_t k = 0; k < nx; k++)
        for (uint32_t j = 0; j < x[k].count; j++)
            word_c[nword++] = next++;
    free(id);
    id = NULL;

    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (i == sc.first_fn) {
            emu_scratch_globals(&e, &o);
            if (make_bool)
                XFB_OP(&o, SpvOpTypeBool, t_bool);
            XFB_OP(&o, SpvOpTypePointer, t_ptr_in_u, SpvStorageClassInput, t_u);
            XFB_OP(&o, SpvOpTypePointer, t_ptr_priv, SpvStorageClassPrivate, t_u);
            for (uint32_t k = 0; k < CCOUNT; k++)
                XFB_OP(&o, SpvOpConstant, t_u, c[k], cval[k]);
            nword = 0;
            for (uint32_t k = 0; k < nx; k++)
                for (uint32_t j = 0; j < x[k].count; j++) {
                    XFB_OP(&o, SpvOpConstant, t_u, word_c[nword], x[k].offset + j);
                    nword++;
                }
            XFB_OP(&o, SpvOpVariable, t_ptr_priv, n_var, SpvStorageClassPrivate, c[C0]);
            XFB_OP(&o, SpvOpVariable, t_ptr_priv, cut_var, SpvStorageClassPrivate, c[C1]);
            if (make_prim)
                XFB_OP(&o, SpvOpVariable, t_ptr_in_u, prim_var, SpvStorageClassInput);
            if (make_inv)
                XFB_OP(&o, SpvOpVariable, t_ptr_in_u, inv_var, SpvStorageClassInput);
        }
        if (op == SpvOpEmitVertex || op == SpvOpEmitStreamVertex) {
            uint32_t nv = next++, cutv = next++, prim = next++, slot, hdr_n = next++,
                     n_ptr = next++, ok1 = next++, ok2 = next++, ok = next++, r0 = next++,
                     r = next++, vb0 = next++, vb = next++;
            XFB_OP(&o, SpvOpLoad, t_u, nv, n_var);
            XFB_OP(&o, SpvOpLoad, t_u, cutv, cut_var);
            if (prim_type == t_u) {
                XFB_OP(&o, SpvOpLoad, t_u, prim, prim_var);
            } else {
                uint32_t raw = next++;
                XFB_OP(&o, SpvOpLoad, prim_type, raw, prim_var);
                XFB_OP(&o, SpvOpBitcast, t_u, prim, raw);
            }
            slot = prim;
            if (info->ginst > 1) {
                uint32_t inv = next++, scaled = next++;
                if (inv_type == t_u) {
                    XFB_OP(&o, SpvOpLoad, t_u, inv, inv_var);
                } else {
                    uint32_t raw = next++;
                    XFB_OP(&o, SpvOpLoad, inv_type, raw, inv_var);
                    XFB_OP(&o, SpvOpBitcast, t_u, inv, raw);
                }
                XFB_OP(&o, SpvOpIMul, t_u, scaled, prim, c[CG]);
                slot = next++;
                XFB_OP(&o, SpvOpIAdd, t_u, slot, scaled, inv);
            }
            XFB_OP(&o, SpvOpAccessChain, t_ptr_u, n_ptr, buf, c[C0], c[C0]);
            XFB_OP(&o, SpvOpLoad, t_u, hdr_n, n_ptr);
            XFB_OP(&o, SpvOpULessThan, t_bool, ok1, nv, c[CM]);
            XFB_OP(&o, SpvOpULessThan, t_bool, ok2, slot, hdr_n);
            XFB_OP(&o, SpvOpLogicalAnd, t_bool, ok, ok1, ok2);
            /* The slot's record: past the header and the counts. */
            {
                uint32_t hn = next++, sss = next++;
                XFB_OP(&o, SpvOpIAdd, t_u, hn, c[CH], hdr_n);
                XFB_OP(&o, SpvOpIMul, t_u, sss, slot, c[CSS]);
                XFB_OP(&o, SpvOpIAdd, t_u, r0, hn, sss);
            }
            XFB_OP(&o, SpvOpIAdd, t_u, r, r0, c[CM]);
            XFB_OP(&o, SpvOpIMul, t_u, vb0, nv, c[CV]);
            XFB_OP(&o, SpvOpIAdd, t_u, vb, r, vb0);
            /* A store to index `at` where ok, else to the trash word. */
#define EMU_STORE(at, value)                                                                 \
    do {                                                                                     \
        uint32_t where_ = next++, ptr_ = next++;                                             \
        XFB_OP(&o, SpvOpSelect, t_u, where_, ok, (at), c[CT]);                               \
        XFB_OP(&o, SpvOpAccessChain, t_ptr_u, ptr_, buf, c[C0], where_);                    \
        XFB_OP(&o, SpvOpStore, ptr_, (value));                                               \
    } while (0)
            nword = 0;
            for (uint32_t k = 0; k < nx; k++) {
                uint32_t loaded = next++;
                XFB_OP(&o, SpvOpLoad, x[k].src_type, loaded, x[k].src);
                for (uint32_t j = 0; j < x[k].count; j++) {
                    uint32_t comp = loaded, bits, at = next++;
                    if (x[k].src_type != x[k].scalar) {
                        comp = next++;
                        XFB_OP(&o, SpvOpCompositeExtract, x[k].scalar, comp, loaded,
                               x[k].index + j);
                    }
                    bits = comp;
                    if (x[k].scalar != t_u) {
                        bits = next++;
                        XFB_OP(&o, SpvOpBitcast, t_u, bits, comp);
                    }
                    XFB_OP(&o, SpvOpIAdd, t_u, at, vb, word_c[nword++]);
                    EMU_STORE(at, bits);
                }
            }
            {
                uint32_t flag_at = next++, count_at = next++, n1 = next++;
                XFB_OP(&o, SpvOpIAdd, t_u, flag_at, r0, nv);
                EMU_STORE(flag_at, cutv);
                XFB_OP(&o, SpvOpIAdd, t_u, count_at, c[CH], slot);
                XFB_OP(&o, SpvOpIAdd, t_u, n1, nv, c[C1]);
                EMU_STORE(count_at, n1);
                XFB_OP(&o, SpvOpStore, n_var, n1);
                XFB_OP(&o, SpvOpStore, cut_var, c[C0]);
            }
#undef EMU_STORE
        }
        if (i == sc.entry_at) {
            /* The entry point's interface gains the inputs made. */
            uint32_t head = (len + make_prim + make_inv) << 16 | op;
            xfb_put(&o, &head, 1);
            xfb_put(&o, w + i + 1, len - 1);
            if (make_prim)
                xfb_put(&o, &prim_var, 1);
            if (make_inv)
                xfb_put(&o, &inv_var, 1);
        } else {
            xfb_put(&o, w + i, len);
        }
        if (op == SpvOpEndPrimitive || op == SpvOpEndStreamPrimitive)
            XFB_OP(&o, SpvOpStore, cut_var, c[C1]);
        if (i + len == sc.annot_end) {
            emu_scratch_decorations(&e, &o);
            if (make_prim)
                XFB_OP(&o, SpvOpDecorate, prim_var, SpvDecorationBuiltIn, SpvBuiltInPrimitiveId);
            if (make_inv)
                XFB_OP(&o, SpvOpDecorate, inv_var, SpvDecorationBuiltIn, SpvBuiltInInvocationId);
        }
        i += len;
    }
    if (!xfb_finish(&o, next, words, count, err, err_size))
        goto refuse;
    return true;

unreadable:
    snprintf(err, err_size, "emulated stream output: vkd3d-shader's module is not one we read");
refuse:
    free(id);
    free(o.w);
    return false;
}

/* The vertex program's captured outputs as the inputs of the module made
 * to read its primitives. */
static bool emu_vertex_capture(uint32_t **words, size_t *count, struct xfb_capture *x,
                               uint32_t nx, uint32_t topology, struct so_emu_info *info,
                               char *err, size_t err_size)
{
    const uint32_t *w = *words;
    struct xfb_id *id = NULL;
    struct xfb_scan sc;
    uint32_t bound, ninputs = 0;
    struct so_emu_input inputs[WIRE_MAX_SO_ENTRIES];
    uint32_t input_src[WIRE_MAX_SO_ENTRIES];
    struct so_emu_store stores[WIRE_MAX_SO_ENTRIES];
    uint32_t *made = NULL;
    size_t made_count = 0;
    bool bad = false;

    info->pv = nr_so_emu_topology_vertices(topology, NULL);
    info->m = info->pv;
    info->ginst = 1;
    if (!info->pv) {
        snprintf(err, err_size, "stream output of a vertex program drawing patches");
        return false;
    }
    if (!xfb_read(w, *count, &id, &bound, &sc, err, err_size))
        return false;
    if (!id)
        goto unreadable;
    for (uint32_t k = 0; k < nx; k++) {
        uint32_t src_n, i;
        if (!xfb_source(id, bound, &x[k], &src_n, &bad)) {
            if (bad)
                goto unreadable;
            snprintf(err, err_size, "stream output: no variable holds components %u+%u of %s%u",
                     x[k].first, x[k].count, x[k].el->name, x[k].el->semantic_index);
            goto refuse;
        }
        uint32_t scalar = x[k].scalar;
        if (scalar >= bound ||
            (id[scalar].op != SpvOpTypeFloat && id[scalar].op != SpvOpTypeInt) ||
            id[scalar].a != 32 || src_n > 4)
            goto unreadable;
        for (i = 0; i < ninputs && input_src[i] != x[k].src; i++)
            ;
        if (i == ninputs) {
            bool position = id[x[k].src].builtin == SpvBuiltInPosition;
            if (!position && id[x[k].src].builtin != UINT32_MAX)
                goto unreadable;
            input_src[i] = x[k].src;
            inputs[i] = (struct so_emu_input){
                .position = position,
                .location = id[x[k].src].location,
                .component = id[x[k].src].component == UINT32_MAX ? 0 : id[x[k].src].component,
                .width = src_n,
                .kind = id[scalar].op == SpvOpTypeFloat ? 0 : id[scalar].b ? 1 : 2};
            ninputs++;
        }
        stores[k] = (struct so_emu_store){i, x[k].index, x[k].count, x[k].offset};
    }
    free(id);
    id = NULL;
    if (!nr_so_emu_vertex_capture(inputs, ninputs, stores, nx, topology, info, &made,
                                  &made_count)) {
        snprintf(err, err_size, "emulated stream output: the capture module is not made");
        return false;
    }
    free(*words);
    *words = made;
    *count = made_count;
    return true;

unreadable:
    snprintf(err, err_size, "emulated stream output: vkd3d-shader's module is not one we read");
refuse:
    free(id);
    return false;
}

bool server_so_capture(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                       const struct server_so_layout *so, uint32_t topology, uint32_t **words,
                       size_t *count, struct so_emu_info *info, bool *refused, char *err,
                       size_t err_size)
{
    struct dxbc_shader sh;
    struct xfb_capture x[WIRE_MAX_SO_ENTRIES];
    struct program_view v;
    uint32_t nx;
    bool ok;

    *refused = false;
    *words = NULL;
    *count = 0;
    /* The layout's stream: its program alone, capturing its entries. */
    if (!view_program(stage, bytes, size, so, &v, refused, err, err_size))
        return false;
    if (!v.so) {
        snprintf(err, err_size, "stream %u: nothing captured", so->stream);
        view_done(&v);
        return false;
    }
    if (!dxbc_parse(v.bytes, v.size, &sh, err, err_size)) {
        view_done(&v);
        return false;
    }
    if (!emu_layout(&sh, v.so, x, &nx, info, err, err_size)) {
        view_done(&v);
        *refused = true;
        return false;
    }
    if (!translate(stage, v.bytes, v.size, NULL, false, words, count, refused, err,
                   err_size)) {
        view_done(&v);
        return false;
    }
    ok = stage == WIRE_STAGE_GEOMETRY
             ? emu_rewrite_gs(words, count, x, nx, info, err, err_size)
             : emu_vertex_capture(words, count, x, nx, topology, info, err, err_size);
    view_done(&v); /* (after the captures, which point into its signature) */
    if (!ok) {
        free(*words);
        *words = NULL;
        *count = 0;
        *refused = true;
    }
    return ok;
}

bool server_so_capture_vertex(const void *bytes, uint32_t size, uint32_t **words, size_t *count,
                              bool *refused, char *err, size_t err_size)
{
    bool changed;
    if (!translate(WIRE_STAGE_VERTEX, bytes, size, NULL, false, words, count, refused, err,
                   err_size))
        return false;
    if (!emu_rewrite_vs(words, count, &changed, err, err_size) || !changed) {
        free(*words);
        *words = NULL;
        *count = 0;
        *refused = true; /* nothing to rewrite, or not rewritten */
        return false;
    }
    return true;
}

/* ------------------------------------------- points without a geometry stage
 *
 * A pipeline drawing points whose last stage before rasterization is the
 * vertex one must write PointSize (Vulkan: VUID-VkGraphicsPipelineCreateInfo-
 * Vertex-07722); D3D10+ draws points one pixel wide and its programs have
 * no such output.  A vertex module (any: the server's SPIR-V) again with
 * PointSize 1.0 written as its entry point returns; *changed false where
 * it writes PointSize already (D3D9's point sizes). */
bool server_spirv_point_size(uint32_t **words, size_t *count, bool *changed, char *err,
                             size_t err_size)
{
    const uint32_t *w = *words;
    size_t n = *count;
    uint32_t bound, next, t_f, t_ptr, one, var, current_fn = 0;
    bool make_f, make_ptr;
    struct xfb_id *id = NULL;
    struct xfb_out o = {0};
    struct xfb_scan sc;

    *changed = false;
    if (!xfb_read(w, n, &id, &bound, &sc, err, err_size))
        return false;
    if (!id) {
        snprintf(err, err_size, "a module that is not one we read");
        return false;
    }
    for (uint32_t v = 0; v < bound; v++)
        if (id[v].op == SpvOpVariable && id[v].b == SpvStorageClassOutput &&
            id[v].builtin == SpvBuiltInPointSize) {
            free(id);
            return true; /* written already */
        }
    next = bound;
    t_f = emu_find_type(id, bound, SpvOpTypeFloat, 32, 0);
    make_f = t_f == UINT32_MAX;
    if (make_f)
        t_f = next++;
    t_ptr = make_f ? UINT32_MAX : emu_find_type(id, bound, SpvOpTypePointer, SpvStorageClassOutput, t_f);
    make_ptr = t_ptr == UINT32_MAX;
    if (make_ptr)
        t_ptr = next++;
    one = next++;
    var = next++;
    free(id);
    xfb_put(&o, w, 5);
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (i == sc.first_fn) {
            if (make_f)
                XFB_OP(&o, SpvOpTypeFloat, t_f, 32);
            if (make_ptr)
                XFB_OP(&o, SpvOpTypePointer, t_ptr, SpvStorageClassOutput, t_f);
            XFB_OP(&o, SpvOpConstant, t_f, one, 0x3f800000u);
            XFB_OP(&o, SpvOpVariable, t_ptr, var, SpvStorageClassOutput);
        }
        if (op == SpvOpFunction && len >= 3)
            current_fn = w[i + 2];
        if (op == SpvOpReturn && current_fn == sc.entry_fn)
            XFB_OP(&o, SpvOpStore, var, one);
        if (i == sc.entry_at) {
            uint32_t head = (len + 1) << 16 | op;
            xfb_put(&o, &head, 1);
            xfb_put(&o, w + i + 1, len - 1);
            xfb_put(&o, &var, 1);
        } else {
            xfb_put(&o, w + i, len);
        }
        if (i + len == sc.annot_end)
            XFB_OP(&o, SpvOpDecorate, var, SpvDecorationBuiltIn, SpvBuiltInPointSize);
        i += len;
    }
    if (!xfb_finish(&o, next, words, count, err, err_size)) {
        free(o.w);
        return false;
    }
    *changed = true;
    return true;
}

