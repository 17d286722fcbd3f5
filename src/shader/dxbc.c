/* nereid: the DXBC container (see dxbc.h). */
#include "shader/dxbc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader/dxbc_sum.h"

#define FOURCC(a, b, c, d)                                                          \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* A signature chunk: a count, the offset of the elements, then elements of
 * `stride` bytes (ISGN/OSGN 24; OSG5 28 with the stream first; ISG1/OSG1
 * 32 with the stream first and the minimum precision last).  Names are
 * offsets from the start of the chunk's data. */
static bool parse_signature(const uint8_t *chunk, uint32_t size, uint32_t stride,
                            bool has_stream, struct dxbc_signature *sig, char *err,
                            size_t err_size)
{
    uint32_t count, first;
    if (size < 8) {
        snprintf(err, err_size, "a signature chunk of %u bytes", size);
        return false;
    }
    count = rd32(chunk);
    first = rd32(chunk + 4);
    if (count > DXBC_MAX_SIGNATURE || first > size ||
        (uint64_t)count * stride > size - first) {
        snprintf(err, err_size, "a signature of %u elements at %u in %u bytes", count, first,
                 size);
        return false;
    }
    sig->count = count;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = chunk + first + (size_t)i * stride;
        struct dxbc_signature_element *o = &sig->e[i];
        uint32_t name;
        if (has_stream) {
            o->stream = rd32(e);
            e += 4;
        } else {
            o->stream = 0;
        }
        name = rd32(e);
        o->semantic_index = rd32(e + 4);
        o->system_value = rd32(e + 8);
        o->component_type = rd32(e + 12);
        o->reg = rd32(e + 16);
        o->mask = e[20];
        o->used_mask = e[21];
        /* The name must end inside the chunk. */
        if (name >= size || !memchr(chunk + name, 0, size - name)) {
            snprintf(err, err_size, "signature element %u: a name outside the chunk", i);
            return false;
        }
        o->name = (const char *)chunk + name;
        if (o->reg >= 32 && o->reg != 0xffffffffu) {
            snprintf(err, err_size, "signature element %u: register %u", i, o->reg);
            return false;
        }
    }
    return true;
}

bool dxbc_parse(const void *data, size_t size, struct dxbc_shader *out, char *err,
                size_t err_size)
{
    const uint8_t *b = data;
    uint32_t total, chunks;
    bool have_in = false, have_out = false;

    memset(out, 0, sizeof(*out));
    if (size < 32 || rd32(b) != FOURCC('D', 'X', 'B', 'C')) {
        snprintf(err, err_size, "not a DXBC container (%zu bytes)", size);
        return false;
    }
    total = rd32(b + 24);
    chunks = rd32(b + 28);
    if (rd32(b + 20) != 1 || total != size || chunks > 64 ||
        32 + (size_t)chunks * 4 > size) {
        snprintf(err, err_size, "a DXBC header that does not match its %zu bytes", size);
        return false;
    }
    for (uint32_t i = 0; i < chunks; i++) {
        uint32_t off = rd32(b + 32 + 4 * i), tag, csize;
        const uint8_t *c;
        if (off > size - 8 || (off & 3)) {
            snprintf(err, err_size, "chunk %u at %u", i, off);
            return false;
        }
        tag = rd32(b + off);
        csize = rd32(b + off + 4);
        if (csize > size - off - 8) {
            snprintf(err, err_size, "chunk %u: %u bytes past the end", i, csize);
            return false;
        }
        c = b + off + 8;
        if (tag == FOURCC('S', 'H', 'D', 'R') || tag == FOURCC('S', 'H', 'E', 'X')) {
            uint32_t version, length;
            if (out->program || csize < 8 || (csize & 3)) {
                snprintf(err, err_size, "a second or malformed program chunk");
                return false;
            }
            version = rd32(c);
            length = rd32(c + 4);
            if (length < 2 || length > csize / 4) {
                snprintf(err, err_size, "a program of %u tokens in %u bytes", length, csize);
                return false;
            }
            out->type = version >> 16;
            out->major = (version >> 4) & 0xf;
            out->minor = version & 0xf;
            out->program = c;
            out->token_count = length;
        } else if (tag == FOURCC('I', 'S', 'G', 'N') || tag == FOURCC('I', 'S', 'G', '1')) {
            bool v1 = tag == FOURCC('I', 'S', 'G', '1');
            if (have_in) {
                snprintf(err, err_size, "two input signatures");
                return false;
            }
            if (!parse_signature(c, csize, v1 ? 32 : 24, v1, &out->inputs, err, err_size))
                return false;
            have_in = true;
        } else if (tag == FOURCC('O', 'S', 'G', 'N') || tag == FOURCC('O', 'S', 'G', '5') ||
                   tag == FOURCC('O', 'S', 'G', '1')) {
            uint32_t stride = tag == FOURCC('O', 'S', 'G', 'N')   ? 24
                              : tag == FOURCC('O', 'S', 'G', '5') ? 28
                                                                  : 32;
            if (have_out) {
                snprintf(err, err_size, "two output signatures");
                return false;
            }
            if (!parse_signature(c, csize, stride, stride != 24, &out->outputs, err,
                                 err_size))
                return false;
            have_out = true;
        }
    }
    if (!out->program) {
        snprintf(err, err_size, "no program chunk");
        return false;
    }
    if (out->type > DXBC_COMPUTE || out->major < 4 || out->major > 5) {
        snprintf(err, err_size, "program type %u, shader model %u.%u", out->type, out->major,
                 out->minor);
        return false;
    }
    return true;
}

const struct dxbc_signature_element *dxbc_signature_find(const struct dxbc_signature *s,
                                                         const char *name, uint32_t index)
{
    return dxbc_signature_find_stream(s, name, index, UINT32_MAX);
}

const struct dxbc_signature_element *
dxbc_signature_find_stream(const struct dxbc_signature *s, const char *name, uint32_t index,
                           uint32_t stream)
{
    for (uint32_t i = 0; i < s->count; i++) {
        const char *a = s->e[i].name, *b = name;
        if (s->e[i].semantic_index != index || (stream != UINT32_MAX && s->e[i].stream != stream))
            continue;
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return &s->e[i];
    }
    return NULL;
}

/* ---- what a program binds ---- */

/* SM4/SM5 opcodes (the low 11 bits of an instruction's first token). */
enum {
    OP_LD = 0x2d, OP_LD2DMS = 0x2e, OP_CUSTOMDATA = 0x35, OP_RESINFO = 0x3d,
    OP_SAMPLE = 0x45, OP_SAMPLE_C = 0x46, OP_SAMPLE_C_LZ = 0x47, OP_SAMPLE_L = 0x48,
    OP_SAMPLE_D = 0x49, OP_SAMPLE_B = 0x4a, OP_DCL_RESOURCE = 0x58,
    OP_DCL_CONSTANT_BUFFER = 0x59, OP_DCL_SAMPLER = 0x5a, OP_DCL_LAST4 = 0x6a,
    OP_LOD = 0x6c, OP_GATHER4 = 0x6d, OP_SAMPLE_POS = 0x6e, OP_SAMPLE_INFO = 0x6f,
    OP_GATHER4_C = 0x7e, OP_GATHER4_PO = 0x7f, OP_GATHER4_PO_C = 0x80,
    OP_BUFINFO = 0x79, OP_DCL_FIRST5 = 0x8f, OP_DCL_THREAD_GROUP = 0x9b,
    OP_DCL_UAV_TYPED = 0x9c, OP_DCL_UAV_RAW = 0x9d, OP_DCL_UAV_STRUCTURED = 0x9e,
    OP_DCL_RESOURCE_RAW = 0xa1,
    OP_DCL_RESOURCE_STRUCTURED = 0xa2, OP_DCL_LAST5 = 0xa2, OP_LD_UAV_TYPED = 0xa3,
    OP_STORE_UAV_TYPED = 0xa4, OP_LD_RAW = 0xa5, OP_STORE_RAW = 0xa6,
    OP_LD_STRUCTURED = 0xa7, OP_STORE_STRUCTURED = 0xa8, OP_ATOMIC_FIRST = 0xa9,
    OP_IMM_ATOMIC_ALLOC = 0xb2, OP_IMM_ATOMIC_CONSUME = 0xb3, OP_ATOMIC_LAST = 0xbd,
};
/* Operand types (bits 12-19 of an operand token). */
enum {
    OPND_IMM32 = 4, OPND_IMM64 = 5, OPND_SAMPLER = 6, OPND_RESOURCE = 7, OPND_CB = 8,
    OPND_UAV = 0x1e,
};

struct walk {
    const uint8_t *p;
    uint32_t at, end; /* token positions */
};

static bool next_token(struct walk *w, uint32_t *t)
{
    if (w->at >= w->end)
        return false;
    *t = rd32(w->p + 4 * w->at++);
    return true;
}

/* One operand: its type and first index (immediate, or ~0u). */
static bool walk_operand(struct walk *w, uint32_t *type, uint32_t *index, int depth)
{
    uint32_t tok, ext, dims, ncomp, v;
    if (depth > 4 || !next_token(w, &tok))
        return false;
    for (ext = tok; ext >> 31;) /* extended operand tokens */
        if (!next_token(w, &ext))
            return false;
    *type = (tok >> 12) & 0xff;
    *index = ~0u;
    ncomp = tok & 3;
    if (*type == OPND_IMM32 || *type == OPND_IMM64) {
        uint32_t n = (ncomp == 2 ? 4 : 1) * (*type == OPND_IMM64 ? 2 : 1);
        for (uint32_t i = 0; i < n; i++)
            if (!next_token(w, &v))
                return false;
    }
    dims = (tok >> 20) & 3;
    for (uint32_t d = 0; d < dims; d++) {
        uint32_t rep = (tok >> (22 + 3 * d)) & 7, sub_type, sub_index;
        if (rep > 4)
            return false;
        if (rep == 0 || rep == 3) { /* immediate32 (+ relative) */
            if (!next_token(w, &v))
                return false;
            if (d == 0)
                *index = v;
        } else if (rep == 1 || rep == 4) { /* immediate64 (+ relative) */
            if (!next_token(w, &v) || !next_token(w, &v))
                return false;
        }
        if (rep >= 2) { /* a relative part: an operand of its own */
            if (!walk_operand(w, &sub_type, &sub_index, depth + 1))
                return false;
            if (d == 0)
                *index = ~0u; /* not a fixed register */
        }
    }
    return true;
}

static bool add_pair(struct dxbc_bindings *b, uint32_t t, uint32_t s, char *err,
                     size_t err_size)
{
    for (uint32_t i = 0; i < b->pair_count; i++)
        if (b->texture[i] == t && b->sampler[i] == s)
            return true;
    if (b->pair_count >= DXBC_MAX_PAIRS) {
        snprintf(err, err_size, "more than %d texture and sampler pairs", DXBC_MAX_PAIRS);
        return false;
    }
    b->texture[b->pair_count] = (uint8_t)t;
    b->sampler[b->pair_count++] = (uint8_t)s;
    return true;
}

bool dxbc_bindings(const struct dxbc_shader *sh, struct dxbc_bindings *out, char *err,
                   size_t err_size)
{
    const uint8_t *t = sh->program;
    uint32_t n = sh->token_count;

    memset(out, 0, sizeof(*out));
    for (uint32_t i = 2; i < n;) {
        uint32_t tok = rd32(t + 4 * i), op = tok & 0x7ff, len = (tok >> 24) & 0x7f;
        struct walk w;
        uint32_t type, index, res = ~0u, smp = ~0u;
        bool any_res = false, any_smp = false;

        if (op == OP_CUSTOMDATA)
            len = i + 1 < n ? rd32(t + 4 * (i + 1)) : 0;
        if (!len || len > n - i) {
            snprintf(err, err_size, "instruction at token %u: length %u", i, len);
            return false;
        }
        w = (struct walk){t, i + 1, i + len};
        if (op == OP_CUSTOMDATA)
            goto next;
        for (uint32_t ext = tok; ext >> 31;) { /* extended opcode tokens */
            if (!next_token(&w, &ext))
                goto next;
            /* Sample controls, resource dimension, return type: any other
             * kind vkd3d-shader 1.2 skips, then misreads the operands. */
            if ((ext & 0x3f) < 1 || (ext & 0x3f) > 3) {
                snprintf(err, err_size, "instruction at token %u: an extended opcode token of "
                                        "kind %u", i, ext & 0x3f);
                return false;
            }
        }
        if (op == OP_DCL_CONSTANT_BUFFER) {
            /* cb#[size]: the operand's two immediate indices. */
            uint32_t otok = w.at < w.end ? rd32(t + 4 * w.at) : 0, size_at;
            if (!walk_operand(&w, &type, &index, 0) || type != OPND_CB ||
                ((otok >> 20) & 3) != 2 || ((otok >> 22) & 0x3f) || (otok >> 31)) {
                snprintf(err, err_size, "a malformed dcl_constantbuffer");
                return false;
            }
            size_at = i + 3; /* opcode, operand, slot, size */
            if (index >= DXBC_MAX_CB) {
                snprintf(err, err_size, "the program binds cb%u: cb0 to cb%d have a place",
                         index, DXBC_MAX_CB - 1);
                return false;
            }
            out->cb_mask |= 1u << index;
            out->cb_vec4[index] = rd32(t + 4 * size_at);
            if (out->cb_vec4[index] > 4096) {
                snprintf(err, err_size, "cb%u of %u vectors", index, out->cb_vec4[index]);
                return false;
            }
            goto next;
        }
        if (op == OP_DCL_RESOURCE || op == OP_DCL_RESOURCE_RAW ||
            op == OP_DCL_RESOURCE_STRUCTURED) {
            uint32_t dim = op == OP_DCL_RESOURCE_RAW          ? DXBC_DIM_RAW_BUFFER
                           : op == OP_DCL_RESOURCE_STRUCTURED ? DXBC_DIM_STRUCTURED_BUFFER
                                                              : (tok >> 11) & 0x1f;
            uint32_t ret = DXBC_BUFFER_UINT;
            if (!walk_operand(&w, &type, &index, 0) || type != OPND_RESOURCE ||
                index >= DXBC_MAX_TEXTURES || out->texture_dim[index]) {
                snprintf(err, err_size, "a malformed resource declaration");
                return false;
            }
            if (dim != DXBC_DIM_TEXTURE2D && dim != DXBC_DIM_TEXTURECUBE &&
                dim != DXBC_DIM_TEXTURE2DARRAY && dim != DXBC_DIM_TEXTURE3D &&
                dim != DXBC_DIM_TEXTURE1D && dim != DXBC_DIM_TEXTURE1DARRAY &&
                dim != DXBC_DIM_TEXTURE2DMS && dim != DXBC_DIM_TEXTURECUBEARRAY &&
                !dxbc_dim_is_buffer(dim)) {
                snprintf(err, err_size, "t%u is a resource of dimension %u: only buffers, 1D, "
                                        "2D (multisampled too) and 3D textures, 1D and 2D "
                                        "arrays and cube maps (and their arrays) have a place "
                                        "yet",
                         index, dim);
                return false;
            }
            if (dim == DXBC_DIM_BUFFER) {
                /* The return type token: one type a component, all alike
                 * here (1 UNORM, 2 SNORM and 5 FLOAT read as floats). */
                uint32_t rt;
                if (!next_token(&w, &rt)) {
                    snprintf(err, err_size, "a dcl_resource without its return type");
                    return false;
                }
                rt &= 0xf;
                ret = rt == 3 ? DXBC_BUFFER_SINT : rt == 4 ? DXBC_BUFFER_UINT
                                                           : DXBC_BUFFER_FLOAT;
            }
            if (dxbc_dim_is_buffer(dim)) {
                if (out->buffer_count >= DXBC_MAX_BUFFERS) {
                    snprintf(err, err_size, "more than %d buffers", DXBC_MAX_BUFFERS);
                    return false;
                }
                out->buffer[out->buffer_count] = (uint8_t)index;
                out->buffer_type[out->buffer_count++] = (uint8_t)ret;
            }
            out->texture_dim[index] = (uint8_t)dim;
            goto next;
        }
        if (op == OP_DCL_UAV_TYPED || op == OP_DCL_UAV_RAW || op == OP_DCL_UAV_STRUCTURED) {
            uint32_t dim = op == OP_DCL_UAV_RAW          ? DXBC_DIM_RAW_BUFFER
                           : op == OP_DCL_UAV_STRUCTURED ? DXBC_DIM_STRUCTURED_BUFFER
                                                         : (tok >> 11) & 0x1f;
            uint32_t ret = DXBC_BUFFER_UINT;
            if (!walk_operand(&w, &type, &index, 0) || type != OPND_UAV) {
                snprintf(err, err_size, "a malformed UAV declaration");
                return false;
            }
            if (index >= DXBC_MAX_UAVS || (out->uav_mask & (1u << index))) {
                snprintf(err, err_size, "u%u: u0 to u%d have a place", index,
                         DXBC_MAX_UAVS - 1);
                return false;
            }
            /* The hidden counter of append, consume and counter UAVs (set
             * 1's NR_BIND_COUNTER0 + index). */
            if (op == OP_DCL_UAV_STRUCTURED && (tok & (1u << 23)))
                out->uav_counter_mask |= 1u << index;
            if (dim != DXBC_DIM_BUFFER && dim != DXBC_DIM_TEXTURE1D &&
                dim != DXBC_DIM_TEXTURE1DARRAY && dim != DXBC_DIM_TEXTURE2D &&
                dim != DXBC_DIM_TEXTURE2DARRAY && dim != DXBC_DIM_TEXTURE3D &&
                !dxbc_dim_is_buffer(dim)) {
                snprintf(err, err_size, "u%u is a UAV of dimension %u", index, dim);
                return false;
            }
            if (op == OP_DCL_UAV_TYPED) {
                uint32_t rt;
                if (!next_token(&w, &rt)) {
                    snprintf(err, err_size, "a dcl_uav_typed without its return type");
                    return false;
                }
                rt &= 0xf;
                ret = rt == 3 ? DXBC_BUFFER_SINT : rt == 4 ? DXBC_BUFFER_UINT
                                                           : DXBC_BUFFER_FLOAT;
            }
            out->uav_mask |= 1u << index;
            out->uav_dim[index] = (uint8_t)dim;
            out->uav_type[index] = (uint8_t)ret;
            goto next;
        }
        if (op == OP_DCL_THREAD_GROUP) {
            if (len != 4) {
                snprintf(err, err_size, "a malformed dcl_thread_group");
                return false;
            }
            for (int k = 0; k < 3; k++)
                out->group[k] = rd32(t + 4 * (i + 1 + k));
            goto next;
        }
        if (op == OP_DCL_SAMPLER) {
            uint32_t mode = (tok >> 11) & 0xf;
            if (!walk_operand(&w, &type, &index, 0) || type != OPND_SAMPLER || index >= 16 ||
                mode > 2) {
                snprintf(err, err_size, "a malformed dcl_sampler");
                return false;
            }
            if (mode == 1)
                out->cmp_samplers |= 1u << index;
            goto next;
        }
        /* A hull program's phases (hs_decls to hs_join_phase) elsewhere:
         * vkd3d-shader 1.2 opens a function for the phase inside main's,
         * an invalid module. */
        if (op >= 0x71 && op <= 0x74 && sh->type != DXBC_HULL) {
            snprintf(err, err_size, "instruction at token %u: a hull phase in a program of "
                                    "type %u", i, sh->type);
            return false;
        }
        if ((op > OP_DCL_RESOURCE && op <= OP_DCL_LAST4) ||
            (op >= OP_DCL_FIRST5 && op <= OP_DCL_LAST5)) {
            /* Interfaces (function tables, class instances) have no place. */
            if (op >= 0x90 && op <= 0x92) {
                snprintf(err, err_size, "declaration %#x: interfaces are not done", op);
                return false;
            }
            goto next;
        }
        /* Any other instruction: which texture and sampler registers do
         * its operands name? */
        while (w.at < w.end) {
            uint32_t otok = rd32(t + 4 * w.at);
            if (!walk_operand(&w, &type, &index, 0))
                break; /* not operand tokens (the rest of a special form) */
            /* A register of four components selected by a mask of none
             * (immediates have no selection): vkd3d-shader 1.2 asserts (and
             * would take the server down with it). */
            if (type != OPND_IMM32 && type != OPND_IMM64 && (otok & 3) == 2 &&
                !((otok >> 2) & 3) && !((otok >> 4) & 0xf)) {
                snprintf(err, err_size, "instruction at token %u: an operand of no component",
                         i);
                return false;
            }
            /* A UAV a load or an atomic reads (stores only write). */
            if (type == OPND_UAV && index < DXBC_MAX_UAVS && op != OP_STORE_UAV_TYPED &&
                op != OP_STORE_RAW && op != OP_STORE_STRUCTURED && op != OP_BUFINFO)
                out->uav_read_mask |= 1u << index;
            if (type == OPND_RESOURCE) {
                any_res = true;
                res = index;
            } else if (type == OPND_SAMPLER) {
                any_smp = true;
                smp = index;
            }
        }
        if (!any_res && !any_smp)
            goto next;
        /* A buffer is read by its texel buffer: no pair. */
        if (any_res && !any_smp && res < DXBC_MAX_TEXTURES &&
            dxbc_dim_is_buffer(out->texture_dim[res])) {
            if (op != OP_LD && op != OP_LD_RAW && op != OP_LD_STRUCTURED && op != OP_BUFINFO) {
                snprintf(err, err_size, "instruction %#x reads buffer t%u: not placed yet", op,
                         res);
                return false;
            }
            goto next;
        }
        switch (op) {
        case OP_SAMPLE_C: case OP_SAMPLE_C_LZ: case OP_GATHER4_C: case OP_GATHER4_PO_C:
            /* A depth reference: through a comparison sampler, of a 2D
             * texture, an array or a cube. */
            if (!any_res || !any_smp || res >= DXBC_MAX_TEXTURES || smp >= 16 ||
                !(out->cmp_samplers & (1u << smp))) {
                snprintf(err, err_size, "comparison sampling without a comparison sampler");
                return false;
            }
            if (out->texture_dim[res] != DXBC_DIM_TEXTURE2D &&
                out->texture_dim[res] != DXBC_DIM_TEXTURE2DARRAY &&
                out->texture_dim[res] != DXBC_DIM_TEXTURECUBE) {
                snprintf(err, err_size, "comparison sampling of t%u of dimension %u: not done "
                                        "yet", res, out->texture_dim[res]);
                return false;
            }
            if (!add_pair(out, res, smp, err, err_size))
                return false;
            break;
        case OP_SAMPLE: case OP_SAMPLE_L: case OP_SAMPLE_D: case OP_SAMPLE_B: case OP_LOD:
        case OP_GATHER4: case OP_GATHER4_PO:
            if (!any_res || !any_smp || res >= DXBC_MAX_TEXTURES || smp >= 16) {
                snprintf(err, err_size, "a sampling instruction without fixed t# and s#");
                return false;
            }
            if (!add_pair(out, res, smp, err, err_size))
                return false;
            break;
        case OP_LD: case OP_LD2DMS: case OP_RESINFO: case OP_SAMPLE_INFO: case OP_SAMPLE_POS:
            if (!any_res || any_smp || res >= DXBC_MAX_TEXTURES) {
                snprintf(err, err_size, "a texture read without a fixed t#");
                return false;
            }
            if (!add_pair(out, res, DXBC_NO_SAMPLER, err, err_size))
                return false;
            break;
        default:
            snprintf(err, err_size, "instruction %#x names a texture or sampler: not placed yet",
                     op);
            return false;
        }
    next:
        i += len;
    }
    for (uint32_t k = 0; k < out->pair_count; k++)
        if (!out->texture_dim[out->texture[k]] ||
            dxbc_dim_is_buffer(out->texture_dim[out->texture[k]])) {
            snprintf(err, err_size, "t%u is read but not declared as a texture",
                     out->texture[k]);
            return false;
        }
    return true;
}

/* ---- the streams of a geometry program ---- */

enum {
    OP_CUT = 0x09, OP_EMIT = 0x13, OP_EMITTHENCUT = 0x14, OP_DCL_INDEX_RANGE = 0x5b,
    OP_DCL_GS_OUTPUT_TOPOLOGY = 0x5c, OP_DCL_OUTPUT = 0x65, OP_DCL_OUTPUT_SGV = 0x66,
    OP_DCL_OUTPUT_SIV = 0x67, OP_DCL_TEMPS = 0x68, OP_EMIT_STREAM = 0x75,
    OP_CUT_STREAM = 0x76, OP_EMITTHENCUT_STREAM = 0x77, OP_DCL_STREAM = 0x8f,
};
enum { OPND_TEMP = 0, OPND_OUTPUT = 2, OPND_STREAM = 0x10 };

/* The length of the instruction at token i of n (customdata's in its
 * second token); 0 where it does not fit. */
static uint32_t insn_len(const uint8_t *t, uint32_t n, uint32_t i)
{
    uint32_t tok = rd32(t + 4 * i), len = (tok >> 24) & 0x7f;
    if ((tok & 0x7ff) == OP_CUSTOMDATA)
        len = i + 1 < n ? rd32(t + 4 * (i + 1)) : 0;
    return len && len <= n - i ? len : 0;
}

/* The register of a one-operand declaration or stream instruction at i
 * (its operand token, a 1D immediate index); ~0u otherwise. */
static uint32_t insn_register(const uint8_t *t, uint32_t i, uint32_t len, uint32_t *type)
{
    uint32_t otok;
    *type = ~0u;
    if (len < 3 || (rd32(t + 4 * i) >> 31))
        return ~0u;
    otok = rd32(t + 4 * (i + 1));
    *type = (otok >> 12) & 0xff;
    if ((otok >> 31) || ((otok >> 20) & 3) != 1 || ((otok >> 22) & 7))
        return ~0u;
    return rd32(t + 4 * (i + 2));
}

uint32_t dxbc_streams(const struct dxbc_shader *sh)
{
    const uint8_t *t = sh->program;
    uint32_t n = sh->token_count, mask = 0, len, type = 0, reg;
    if (sh->type != DXBC_GEOMETRY)
        return 1;
    for (uint32_t i = 2; i < n && (len = insn_len(t, n, i)); i += len)
        if ((rd32(t + 4 * i) & 0x7ff) == OP_DCL_STREAM &&
            (reg = insn_register(t, i, len, &type)) < 4 && type == OPND_STREAM)
            mask |= 1u << reg;
    return mask ? mask : 1;
}

/* Declarations (which name no output written by an instruction). */
static bool is_declaration(uint32_t op)
{
    return (op >= OP_DCL_RESOURCE && op <= OP_DCL_LAST4) ||
           (op >= OP_DCL_FIRST5 && op <= OP_DCL_LAST5) || op == OP_CUSTOMDATA ||
           op == 0xce /* dcl_gs_instance_count */;
}

/* The program tokens t (n) as stream s's alone, into out (cap tokens):
 * its count, 0 with a reason where it cannot be. */
static uint32_t stream_tokens(const uint8_t *t, uint32_t n, uint32_t s, uint32_t *out,
                              uint32_t cap, char *err, size_t err_size)
{
    uint32_t kept = 0, others = 0, temps = 0, o = 0, len, type = 0, reg, declared = 0;
    int cur = -1;
    bool have_temps = false, topology = false;

    /* The outputs stream s declares (or every stream: those before the
     * first dcl_stream), those only the others do, and the temporaries. */
    for (uint32_t i = 2; i < n; i += len) {
        uint32_t op = rd32(t + 4 * i) & 0x7ff;
        if (!(len = insn_len(t, n, i))) {
            snprintf(err, err_size, "instruction at token %u: its length", i);
            return 0;
        }
        reg = insn_register(t, i, len, &type);
        if (op == OP_DCL_STREAM) {
            if (reg >= 4 || type != OPND_STREAM) {
                snprintf(err, err_size, "a malformed dcl_stream");
                return 0;
            }
            cur = (int)reg;
            declared |= 1u << reg;
        } else if (op == OP_DCL_OUTPUT || op == OP_DCL_OUTPUT_SGV || op == OP_DCL_OUTPUT_SIV) {
            if (reg >= 32 || type != OPND_OUTPUT) {
                snprintf(err, err_size, "an output declaration of a form not read here");
                return 0;
            }
            if (cur < 0 || cur == (int)s)
                kept |= 1u << reg;
            else
                others |= 1u << reg;
        } else if (op == OP_DCL_INDEX_RANGE && type == OPND_OUTPUT) {
            snprintf(err, err_size, "an index range of outputs in a program of streams");
            return 0;
        } else if (op == OP_DCL_TEMPS && len == 2) {
            temps = rd32(t + 4 * (i + 1));
            have_temps = true;
        }
    }
    others &= ~kept;
    if (temps >= 4096) {
        snprintf(err, err_size, "%u temporaries", temps);
        return 0;
    }
    if (cap < n + 2)
        goto full;
    out[o++] = rd32(t);
    out[o++] = 0; /* the length, below */
    /* The other streams' outputs written into a temporary of their own. */
    if (others && !have_temps) {
        out[o++] = OP_DCL_TEMPS | 2u << 24;
        out[o++] = 1;
    }
    cur = -1;
    for (uint32_t i = 2; i < n; i += len) {
        uint32_t tok = rd32(t + 4 * i), op = tok & 0x7ff, at = o;
        len = insn_len(t, n, i);
        reg = insn_register(t, i, len, &type);
        switch (op) {
        case OP_DCL_STREAM: /* one stream: stream 0, undeclared */
            cur = (int)reg;
            continue;
        case OP_DCL_GS_OUTPUT_TOPOLOGY:
            /* The stream's (a stream the program does not declare, which
             * writes nothing, has the first: the stage needs one). */
            if (cur >= 0 && cur != (int)s && ((declared >> s & 1) || topology))
                continue;
            topology = true;
            break;
        case OP_DCL_OUTPUT: case OP_DCL_OUTPUT_SGV: case OP_DCL_OUTPUT_SIV:
            if (cur >= 0 && cur != (int)s)
                continue; /* another stream's */
            break;
        case OP_EMIT_STREAM: case OP_CUT_STREAM: case OP_EMITTHENCUT_STREAM:
            if (reg >= 4 || type != OPND_STREAM) {
                snprintf(err, err_size, "a malformed stream instruction");
                return 0;
            }
            if (reg == s) /* (the length of 1 is room enough) */
                out[o++] = (op == OP_EMIT_STREAM  ? OP_EMIT
                            : op == OP_CUT_STREAM ? OP_CUT
                                                  : OP_EMITTHENCUT) |
                           1u << 24;
            continue;
        }
        if (o + len > cap)
            goto full;
        for (uint32_t k = 0; k < len; k++)
            out[o++] = rd32(t + 4 * (i + k));
        if (op == OP_DCL_TEMPS && others)
            out[at + 1] = temps + 1;
        if (is_declaration(op) || !others)
            continue;
        /* The operands: another stream's output becomes the temporary. */
        struct walk w = {t, i + 1, i + len};
        for (uint32_t ext = tok; ext >> 31;)
            if (!next_token(&w, &ext))
                break;
        while (w.at < w.end) {
            uint32_t first = w.at, otok = rd32(t + 4 * first), index;
            if (!walk_operand(&w, &type, &index, 0)) {
                snprintf(err, err_size, "instruction %#x: operands not read here", op);
                return 0;
            }
            if (type != OPND_OUTPUT)
                continue;
            if ((otok >> 31) || ((otok >> 20) & 3) != 1 || index >= 32) {
                snprintf(err, err_size, "an output written by a relative index");
                return 0;
            }
            if (others >> index & 1) {
                out[at + (first - i)] = otok & ~(0xffu << 12); /* OPND_TEMP */
                out[at + (first - i) + 1] = temps;
            }
        }
    }
    out[1] = o;
    return o;
full:
    snprintf(err, err_size, "a program too long to rewrite");
    return 0;
}

/* The container b (parsed as sh) again with its program
 * `tokens` (ntok) and, where stream is not -1, its OSG5/OSG1 signature the
 * stream's elements as stream 0's; its checksum made anew. */
static bool rebuild(const uint8_t *b, const struct dxbc_shader *sh,
                    const uint32_t *tokens, uint32_t ntok, int stream, uint8_t **out,
                    size_t *out_size, char *err, size_t err_size)
{
    uint32_t chunks = rd32(b + 28), at;
    /* The chunks as they will be (a table may name one chunk twice). */
    size_t cap = 32 + 4 * (size_t)chunks;
    uint8_t *dst;

    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t off = rd32(b + 32 + 4 * c), tag = rd32(b + off);
        size_t csize = rd32(b + off + 4);
        if (tag == FOURCC('S', 'H', 'D', 'R') || tag == FOURCC('S', 'H', 'E', 'X')) {
            csize = (size_t)ntok * 4;
        } else if (stream >= 0 &&
                   (tag == FOURCC('O', 'S', 'G', '5') || tag == FOURCC('O', 'S', 'G', '1'))) {
            csize = 8 + 3;
            for (uint32_t i = 0; i < sh->outputs.count; i++)
                csize += 32 + strlen(sh->outputs.e[i].name) + 1;
        }
        cap += 8 + csize;
    }
    if (!(dst = calloc(1, cap))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    memcpy(dst, b, 32);
    at = 32 + 4 * chunks;
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t off = rd32(b + 32 + 4 * c), tag = rd32(b + off), csize = rd32(b + off + 4);
        const uint8_t *src = b + off + 8;
        uint8_t *o = dst + at + 8;
        memcpy(dst + 32 + 4 * c, &at, 4);
        memcpy(dst + at, &tag, 4);
        if (tag == FOURCC('S', 'H', 'D', 'R') || tag == FOURCC('S', 'H', 'E', 'X')) {
            csize = ntok * 4;
            memcpy(o, tokens, csize);
        } else if (stream >= 0 &&
                   (tag == FOURCC('O', 'S', 'G', '5') || tag == FOURCC('O', 'S', 'G', '1'))) {
            /* The stream's elements, as stream 0's, their names after them. */
            uint32_t stride = tag == FOURCC('O', 'S', 'G', '5') ? 28 : 32, count = 0;
            uint32_t names;
            for (uint32_t i = 0; i < sh->outputs.count; i++)
                count += sh->outputs.e[i].stream == (uint32_t)stream;
            names = 8 + count * stride;
            memcpy(o, &count, 4);
            memcpy(o + 4, &(uint32_t){8}, 4);
            count = 0;
            for (uint32_t i = 0; i < sh->outputs.count; i++) {
                const struct dxbc_signature_element *e = &sh->outputs.e[i];
                size_t nlen = strlen(e->name) + 1;
                uint8_t *el = o + 8 + count * stride;
                if (e->stream != (uint32_t)stream)
                    continue;
                count++;
                /* The element as it was, its stream 0 and its name moved. */
                memcpy(el, src + rd32(src + 4) + (size_t)i * stride, stride);
                memset(el, 0, 4);
                memcpy(el + 4, &names, 4);
                memcpy(o + names, e->name, nlen);
                names += (uint32_t)nlen;
            }
            csize = (names + 3) & ~3u;
        } else {
            memcpy(o, src, csize);
        }
        memcpy(dst + at + 4, &csize, 4);
        at += 8 + csize;
    }
    memcpy(dst + 24, &at, 4);
    dxbc_sum(dst, at);
    *out = dst;
    *out_size = at;
    return true;
}

bool dxbc_stream_program(const void *data, size_t size, uint32_t stream, uint8_t **out,
                         size_t *out_size, char *err, size_t err_size)
{
    struct dxbc_shader sh;
    uint32_t *tokens, ntok;
    bool ok;

    *out = NULL;
    *out_size = 0;
    if (!dxbc_parse(data, size, &sh, err, err_size))
        return false;
    if (sh.type != DXBC_GEOMETRY || stream >= 4) {
        snprintf(err, err_size, "stream %u of a program of type %u", stream, sh.type);
        return false;
    }
    if (!(tokens = malloc(((size_t)sh.token_count + 2) * 4))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    ok = (ntok = stream_tokens(sh.program, sh.token_count, stream, tokens, sh.token_count + 2,
                               err, err_size)) &&
         rebuild(data, &sh, tokens, ntok, (int)stream, out, out_size, err, err_size);
    free(tokens);
    return ok;
}

/* ---- inputs read by a relative index ---- */

enum { OP_DCL_INDEXABLE_TEMP = 0x69, OPND_INPUT = 1, OPND_INDEXABLE_TEMP = 3 };

#define MAX_INPUT_RANGES 8

struct input_range {
    uint32_t first, count, mask, x; /* v[first..first+count), x# it is copied to */
};

/* Whether the operand at token `at` is an input read by a relative index
 * (one dimension: v[rN.c + k]); *k its immediate part. */
static bool relative_input(const uint8_t *t, uint32_t at, uint32_t end, uint32_t *k)
{
    uint32_t tok = rd32(t + 4 * at), rep = (tok >> 22) & 7, e = at + 1;
    if (((tok >> 12) & 0xff) != OPND_INPUT || ((tok >> 20) & 3) != 1 || (rep != 2 && rep != 3))
        return false;
    while (e < end && (rd32(t + 4 * (e - 1)) >> 31)) /* extended operand tokens */
        e++;
    *k = rep == 3 && e < end ? rd32(t + 4 * e) : 0;
    return true;
}

/* The program tokens t (n) with each input read by a relative index read
 * from an indexable temporary, which the program's start fills from the
 * input range (dcl_indexrange) the index falls in; into out (cap tokens):
 * the count, 0 where there is no such read (*err "") or the program has
 * a form this does not rewrite (*err says). */
static uint32_t relative_tokens(const uint8_t *t, uint32_t n, uint32_t *out, uint32_t cap,
                                char *err, size_t err_size)
{
    struct input_range r[MAX_INPUT_RANGES];
    uint32_t nr = 0, x = 0, o = 0, len, type, reg, k, first = n;
    bool any = false;

    *err = 0;
    for (uint32_t i = 2; i < n; i += len) {
        uint32_t tok = rd32(t + 4 * i), op = tok & 0x7ff;
        if (!(len = insn_len(t, n, i)))
            return 0;
        reg = insn_register(t, i, len, &type);
        if (op == OP_DCL_INDEX_RANGE && type == OPND_INPUT && len == 4 && reg < 64) {
            if (nr == MAX_INPUT_RANGES) {
                snprintf(err, err_size, "more than %d input index ranges", MAX_INPUT_RANGES);
                return 0;
            }
            r[nr++] = (struct input_range){reg, rd32(t + 4 * (i + 3)),
                                           (rd32(t + 4 * (i + 1)) >> 4) & 0xf, 0};
        } else if (op == OP_DCL_INDEXABLE_TEMP && len == 4 && rd32(t + 4 * (i + 1)) >= x) {
            x = rd32(t + 4 * (i + 1)) + 1;
        }
        if (is_declaration(op))
            continue;
        if (i < first)
            first = i;
        struct walk w = {t, i + 1, i + len};
        for (uint32_t ext = tok; ext >> 31;) /* extended opcode tokens */
            if (!next_token(&w, &ext))
                break;
        while (w.at < w.end) {
            uint32_t at = w.at, index;
            if (!walk_operand(&w, &type, &index, 0))
                break;
            any |= relative_input(t, at, w.end, &k);
        }
    }
    if (!any)
        return 0;
    for (uint32_t j = 0; j < nr; j++) {
        if (!r[j].count || r[j].count > 64 || !r[j].mask || x + j >= 4096) {
            snprintf(err, err_size, "an input index range of %u registers", r[j].count);
            return 0;
        }
        r[j].x = x + j;
    }
    out[o++] = rd32(t);
    out[o++] = 0;
    for (uint32_t i = 2; i < n; i += len) {
        uint32_t tok = rd32(t + 4 * i), op = tok & 0x7ff, at0;
        len = insn_len(t, n, i);
        if (i == first) {
            /* dcl_indexableTemp x#[count], 4; then x#[i] = v[first + i]. */
            for (uint32_t j = 0; j < nr; j++) {
                if (o + 4 + 6 * r[j].count > cap)
                    goto full;
                out[o++] = OP_DCL_INDEXABLE_TEMP | 4u << 24;
                out[o++] = r[j].x;
                out[o++] = r[j].count;
                out[o++] = 4;
            }
            for (uint32_t j = 0; j < nr; j++)
                for (uint32_t c = 0; c < r[j].count; c++) {
                    out[o++] = 0x36 | 6u << 24; /* mov */
                    out[o++] = 2u | r[j].mask << 4 | (uint32_t)OPND_INDEXABLE_TEMP << 12 |
                               2u << 20; /* x#[c] (imm, imm), masked */
                    out[o++] = r[j].x;
                    out[o++] = c;
                    out[o++] = 2u | 1u << 2 | 0xe4u << 4 | (uint32_t)OPND_INPUT << 12 |
                               1u << 20; /* v#.xyzw */
                    out[o++] = r[j].first + c;
                }
        }
        if (o + len + 8 > cap)
            goto full;
        at0 = o;
        if (is_declaration(op) || i < first) {
            for (uint32_t q = 0; q < len; q++)
                out[o++] = rd32(t + 4 * (i + q));
            continue;
        }
        /* Operands copied; a relative input read becomes x#[rN.c + k - first]. */
        struct walk w = {t, i + 1, i + len};
        out[o++] = tok;
        for (uint32_t ext = tok; ext >> 31;) /* extended opcode tokens */
            if (!next_token(&w, &ext))
                break;
            else
                out[o++] = ext;
        while (w.at < w.end) {
            uint32_t at = w.at, index, j;
            if (!walk_operand(&w, &type, &index, 0)) {
                while (at < w.end) /* (the rest of a special form) */
                    out[o++] = rd32(t + 4 * at++);
                break;
            }
            if (!relative_input(t, at, w.end, &k)) {
                while (at < w.at)
                    out[o++] = rd32(t + 4 * at++);
                continue;
            }
            for (j = 0; j < nr && !(k >= r[j].first && k < r[j].first + r[j].count); j++)
                ;
            if (j == nr) {
                snprintf(err, err_size, "v[r + %u] read outside any input index range", k);
                return 0;
            }
            uint32_t otok = rd32(t + 4 * at), rep = (otok >> 22) & 7, e = at + 1;
            out[o++] = (otok & ~(0xffu << 12) & ~(0x1ffu << 20)) |
                       (uint32_t)OPND_INDEXABLE_TEMP << 12 | 2u << 20 | 3u << 25;
            while (rd32(t + 4 * (e - 1)) >> 31) /* extended operand tokens */
                out[o++] = rd32(t + 4 * e++);
            out[o++] = r[j].x;
            out[o++] = k - r[j].first;
            if (rep == 3)
                e++; /* (its immediate part, now k - first) */
            while (e < w.at)
                out[o++] = rd32(t + 4 * e++); /* the relative register */
        }
        if (o - at0 > 127) {
            snprintf(err, err_size, "an instruction too long to rewrite");
            return 0;
        }
        out[at0] = (tok & ~(0x7fu << 24)) | (o - at0) << 24;
    }
    out[1] = o;
    return o;
full:
    snprintf(err, err_size, "a program too long to rewrite");
    return 0;
}

bool dxbc_relative_inputs(const void *data, size_t size, uint8_t **out, size_t *out_size,
                          char *err, size_t err_size)
{
    struct dxbc_shader sh;
    uint32_t *tokens, ntok, cap;
    bool ok;

    *out = NULL;
    *out_size = 0;
    *err = 0;
    if (!dxbc_parse(data, size, &sh, err, err_size))
        return false;
    if (sh.type != DXBC_VERTEX && sh.type != DXBC_PIXEL)
        return true;
    cap = sh.token_count * 3 + MAX_INPUT_RANGES * (4 + 6 * 64);
    if (!(tokens = malloc((size_t)cap * 4))) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    ntok = relative_tokens(sh.program, sh.token_count, tokens, cap, err, err_size);
    ok = ntok ? rebuild(data, &sh, tokens, ntok, -1, out, out_size, err, err_size)
              : !*err;
    free(tokens);
    return ok;
}
