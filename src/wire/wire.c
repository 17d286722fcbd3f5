#include "wire/wire.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

const struct wire_record_info wire_records[WIRE_OP_COUNT] = {
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    [num] = {#NAME, (uint32_t)sizeof(struct type), flags, WIRE_WAIT_##wait},
#include "wire/wire_records.def"
#undef WIRE_RECORD
};

/* Every row must be present: a gap in the opcodes leaves a NULL name. */
#define WIRE_RECORD(num, NAME, type, flags, wait) +1
_Static_assert(0
#include "wire/wire_records.def"
                   == WIRE_OP_COUNT,
               "wire opcodes must be dense");
#undef WIRE_RECORD

const char *wire_op_name(uint32_t op)
{
    return op < WIRE_OP_COUNT ? wire_records[op].name : "UNKNOWN";
}

uint64_t wire_fingerprint(void)
{
    /* The text of every row plus the payload sizes as compiled: a change of
     * a row or of a struct changes the fingerprint. */
    static const char rows[] =
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    #num " " #NAME " " #type " " #flags " " #wait "\n"
#include "wire/wire_records.def"
#undef WIRE_RECORD
        ;
    uint64_t h = nr_hash64(rows, sizeof(rows) - 1, NR_HASH_SEED);
    for (unsigned i = 0; i < WIRE_OP_COUNT; i++)
        h = nr_hash64(&wire_records[i].payload_size, 4, h);
    h = nr_hash64(&(uint32_t){sizeof(struct wire_caps)}, 4, h);
    h = nr_hash64(&(uint32_t){sizeof(struct wire_reply)}, 4, h);
    h = nr_hash64(&(uint32_t){sizeof(struct wire_event)}, 4, h);
    return h;
}

const char *wire_status_name(uint32_t status)
{
    static const char *const names[] = {
        "ok", "malformed record", "bad handle", "out of memory",
        "unsupported", "device lost", "version mismatch", "not found", "timed out",
        "abandoned",
    };
    return status < NR_ARRAY_SIZE(names) ? names[status] : "unknown status";
}

static const struct wire_format_info format_infos[WIRE_FORMAT_COUNT] = {
#define F(name, bw, bh, bytes, d, st, c) [WIRE_FORMAT_##name] = {bw, bh, bytes, d, st, c}
    F(B8G8R8A8_UNORM, 1, 1, 4, 0, 0, 0),   F(B8G8R8X8_UNORM, 1, 1, 4, 0, 0, 0),
    F(R5G6B5_UNORM, 1, 1, 2, 0, 0, 0),     F(D16_UNORM, 1, 1, 2, 1, 0, 0),
    F(D24_UNORM_S8_UINT, 1, 1, 4, 1, 1, 0), F(D32_SFLOAT, 1, 1, 4, 1, 0, 0),
    F(R32_SFLOAT, 1, 1, 4, 0, 0, 0),       F(R32G32_SFLOAT, 1, 1, 8, 0, 0, 0),
    F(R32G32B32_SFLOAT, 1, 1, 12, 0, 0, 0), F(R32G32B32A32_SFLOAT, 1, 1, 16, 0, 0, 0),
    F(A1R5G5B5_UNORM, 1, 1, 2, 0, 0, 0),   F(A4R4G4B4_UNORM, 1, 1, 2, 0, 0, 0),
    F(R8_UNORM, 1, 1, 1, 0, 0, 0),         F(R8G8_UNORM, 1, 1, 2, 0, 0, 0),
    F(R16_UNORM, 1, 1, 2, 0, 0, 0),        F(R8G8_SNORM, 1, 1, 2, 0, 0, 0),
    F(A2R10G10B10_UNORM, 1, 1, 4, 0, 0, 0), F(R16G16_UNORM, 1, 1, 4, 0, 0, 0),
    F(R16G16B16A16_UNORM, 1, 1, 8, 0, 0, 0), F(R16_SFLOAT, 1, 1, 2, 0, 0, 0),
    F(R16G16_SFLOAT, 1, 1, 4, 0, 0, 0),    F(R16G16B16A16_SFLOAT, 1, 1, 8, 0, 0, 0),
    F(BC1_UNORM, 4, 4, 8, 0, 0, 1),        F(BC2_UNORM, 4, 4, 16, 0, 0, 1),
    F(BC3_UNORM, 4, 4, 16, 0, 0, 1),       F(R8G8B8A8_UNORM, 1, 1, 4, 0, 0, 0),
    F(R8G8B8A8_USCALED, 1, 1, 4, 0, 0, 0),
    F(R16G16_SSCALED, 1, 1, 4, 0, 0, 0),   F(R16G16B16A16_SSCALED, 1, 1, 8, 0, 0, 0),
    F(R16G16_SNORM, 1, 1, 4, 0, 0, 0),     F(R16G16B16A16_SNORM, 1, 1, 8, 0, 0, 0),
    F(A2B10G10R10_USCALED, 1, 1, 4, 0, 0, 0), F(A2B10G10R10_SNORM, 1, 1, 4, 0, 0, 0),
    F(R8G8B8A8_SNORM, 1, 1, 4, 0, 0, 0),   F(BC4_UNORM, 4, 4, 8, 0, 0, 1),
    F(BC5_UNORM, 4, 4, 16, 0, 0, 1),
    F(R8G8B8A8_SRGB, 1, 1, 4, 0, 0, 0),    F(B8G8R8A8_SRGB, 1, 1, 4, 0, 0, 0),
    F(BC1_SRGB, 4, 4, 8, 0, 0, 1),         F(BC2_SRGB, 4, 4, 16, 0, 0, 1),
    F(BC3_SRGB, 4, 4, 16, 0, 0, 1),        F(BC4_SNORM, 4, 4, 8, 0, 0, 1),
    F(BC5_SNORM, 4, 4, 16, 0, 0, 1),       F(BC6H_UFLOAT, 4, 4, 16, 0, 0, 1),
    F(BC6H_SFLOAT, 4, 4, 16, 0, 0, 1),     F(BC7_UNORM, 4, 4, 16, 0, 0, 1),
    F(BC7_SRGB, 4, 4, 16, 0, 0, 1),        F(E5B9G9R9_UFLOAT, 1, 1, 4, 0, 0, 0),
    F(B10G11R11_UFLOAT, 1, 1, 4, 0, 0, 0), F(A2B10G10R10_UNORM, 1, 1, 4, 0, 0, 0),
    F(R8_SNORM, 1, 1, 1, 0, 0, 0),         F(R16_SNORM, 1, 1, 2, 0, 0, 0),
#define FI(name, bytes, integer) [WIRE_FORMAT_##name] = {1, 1, bytes, 0, 0, 0, integer}
    FI(R8G8B8A8_UINT, 4, 1),
    FI(R8_UINT, 1, 1),
    FI(R8_SINT, 1, 2),
    FI(R8G8_UINT, 2, 1),
    FI(R8G8_SINT, 2, 2),
    FI(R8G8B8A8_SINT, 4, 2),
    FI(R16_UINT, 2, 1),
    FI(R16_SINT, 2, 2),
    FI(R16G16_UINT, 4, 1),
    FI(R16G16_SINT, 4, 2),
    FI(R16G16B16A16_UINT, 8, 1),
    FI(R16G16B16A16_SINT, 8, 2),
    FI(R32_UINT, 4, 1),
    FI(R32_SINT, 4, 2),
    FI(R32G32_UINT, 8, 1),
    FI(R32G32_SINT, 8, 2),
    FI(R32G32B32_UINT, 12, 1),
    FI(R32G32B32_SINT, 12, 2),
    FI(R32G32B32A32_UINT, 16, 1),
    FI(R32G32B32A32_SINT, 16, 2),
    FI(A2B10G10R10_UINT, 4, 1),
    F(D32_SFLOAT_S8_UINT, 1, 1, 8, 1, 1, 0),
    FI(X24_G8_UINT, 4, 1),
#undef FI
#undef F
};

const struct wire_format_info *wire_format_get(uint32_t format)
{
    if (format == WIRE_FORMAT_UNDEFINED || format >= WIRE_FORMAT_COUNT ||
        !format_infos[format].block_bytes)
        return NULL;
    return &format_infos[format];
}

/* The Vulkan compatibility class of a colour format: its bytes per texel
 * uncompressed, its kind of block (above 16) compressed. */
static unsigned view_class(uint32_t f)
{
    switch (f) {
    case WIRE_FORMAT_BC1_UNORM: case WIRE_FORMAT_BC1_SRGB: return 17;
    case WIRE_FORMAT_BC2_UNORM: case WIRE_FORMAT_BC2_SRGB: return 18;
    case WIRE_FORMAT_BC3_UNORM: case WIRE_FORMAT_BC3_SRGB: return 19;
    case WIRE_FORMAT_BC4_UNORM: case WIRE_FORMAT_BC4_SNORM: return 20;
    case WIRE_FORMAT_BC5_UNORM: case WIRE_FORMAT_BC5_SNORM: return 21;
    case WIRE_FORMAT_BC6H_UFLOAT: case WIRE_FORMAT_BC6H_SFLOAT: return 22;
    case WIRE_FORMAT_BC7_UNORM: case WIRE_FORMAT_BC7_SRGB: return 23;
    default: return wire_format_get(f)->block_bytes;
    }
}

bool wire_format_view_ok(uint32_t texture, uint32_t view)
{
    const struct wire_format_info *t = wire_format_get(texture), *v = wire_format_get(view);
    if (!t || !v || t->depth || t->stencil || v->depth || v->stencil)
        return false;
    return view_class(texture) == view_class(view);
}

uint32_t wire_format_bytes(enum wire_format f)
{
    const struct wire_format_info *i = wire_format_get(f);
    return i && !i->compressed ? i->block_bytes : 0;
}

uint32_t wire_format_vertex_align(uint32_t f)
{
    switch (f) {
    case WIRE_FORMAT_B8G8R8A8_UNORM: case WIRE_FORMAT_R8_UNORM: case WIRE_FORMAT_R8G8_UNORM:
    case WIRE_FORMAT_R8G8_SNORM: case WIRE_FORMAT_R8G8B8A8_UNORM: case WIRE_FORMAT_R8G8B8A8_UINT:
    case WIRE_FORMAT_R8G8B8A8_USCALED: case WIRE_FORMAT_R8G8B8A8_SNORM:
    case WIRE_FORMAT_R8_SNORM: case WIRE_FORMAT_R8_UINT: case WIRE_FORMAT_R8_SINT:
    case WIRE_FORMAT_R8G8_UINT: case WIRE_FORMAT_R8G8_SINT: case WIRE_FORMAT_R8G8B8A8_SINT:
        return 1;
    case WIRE_FORMAT_R16_UNORM: case WIRE_FORMAT_R16G16_UNORM:
    case WIRE_FORMAT_R16G16B16A16_UNORM: case WIRE_FORMAT_R16_SFLOAT:
    case WIRE_FORMAT_R16G16_SFLOAT: case WIRE_FORMAT_R16G16B16A16_SFLOAT:
    case WIRE_FORMAT_R16G16_SSCALED: case WIRE_FORMAT_R16G16B16A16_SSCALED:
    case WIRE_FORMAT_R16G16_SNORM: case WIRE_FORMAT_R16G16B16A16_SNORM:
    case WIRE_FORMAT_R16_SNORM: case WIRE_FORMAT_R16_UINT: case WIRE_FORMAT_R16_SINT:
    case WIRE_FORMAT_R16G16_UINT: case WIRE_FORMAT_R16G16_SINT:
    case WIRE_FORMAT_R16G16B16A16_UINT: case WIRE_FORMAT_R16G16B16A16_SINT:
    case WIRE_FORMAT_R5G6B5_UNORM: case WIRE_FORMAT_A1R5G5B5_UNORM:
    case WIRE_FORMAT_A4R4G4B4_UNORM:
        return 2;
    default:
        return 4; /* 32-bit components and packed 32-bit formats */
    }
}

wire_handle wire_handle_pool_alloc(struct wire_handle_pool *p)
{
    uint32_t slot;
    if (p->free_count) {
        slot = p->free_slots[--p->free_count];
    } else {
        if (!p->count)
            p->count = 1; /* slot 0 is "none" */
        if (!nr_array_reserve((void **)&p->gens, &p->cap, p->count + 1, sizeof(*p->gens)))
            return (wire_handle){0, 0};
        slot = (uint32_t)p->count++;
        p->gens[slot] = 0;
    }
    p->gens[slot]++;
    return (wire_handle){slot, p->gens[slot]};
}

void wire_handle_pool_free(struct wire_handle_pool *p, wire_handle h)
{
    if (wire_handle_is_null(h))
        return;
    if (nr_array_reserve((void **)&p->free_slots, &p->free_cap, p->free_count + 1,
                         sizeof(*p->free_slots)))
        p->free_slots[p->free_count++] = h.slot;
}

void wire_handle_pool_cleanup(struct wire_handle_pool *p)
{
    free(p->gens);
    free(p->free_slots);
    memset(p, 0, sizeof(*p));
}

void wire_decoder_fail(struct wire_decoder *d, uint32_t status, const char *fmt,
                       ...)
{
    va_list ap;
    if (d->fatal)
        return; /* the first reason is the one that counts */
    d->fatal = true;
    d->status = status;
    va_start(ap, fmt);
    vsnprintf(d->reason, sizeof(d->reason), fmt, ap);
    va_end(ap);
}

static bool dispatch(const struct wire_handlers *h, void *ctx, uint16_t op,
                     const void *payload, uint32_t size)
{
    /* Exhaustive over the description: every row has a handler slot. */
    switch ((enum wire_op)op) {
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    case WIRE_OP_##NAME:                                                       \
        return h->NAME(ctx, (const struct type *)payload, size);
#include "wire/wire_records.def"
#undef WIRE_RECORD
    case WIRE_OP_COUNT:
        break;
    }
    return false;
}

size_t wire_decode(struct wire_decoder *d, const struct wire_handlers *h,
                   void *ctx, const uint8_t *data, size_t size, bool partial_ok)
{
    size_t pos = 0;

    while (!d->fatal && pos < size) {
        struct wire_header hdr;
        const struct wire_record_info *info;

        if (size - pos < sizeof(hdr)) {
            if (!partial_ok)
                wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                                  "truncated record header (%zu bytes left)",
                                  size - pos);
            break;
        }
        memcpy(&hdr, data + pos, sizeof(hdr));
        if (hdr.op >= WIRE_OP_COUNT) {
            d->fail_op = hdr.op;
            wire_decoder_fail(d, WIRE_ERR_MALFORMED, "unknown opcode %u",
                              hdr.op);
            break;
        }
        info = &wire_records[hdr.op];
        d->fail_op = hdr.op;
        if (hdr.size % 8 || hdr.flags) {
            wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                              "%s: bad size %u or flags %#x", info->name,
                              hdr.size, hdr.flags);
            break;
        }
        if (!(info->flags & (WIRE_F_VARSIZE | WIRE_F_ARRAY)) &&
            hdr.size != info->payload_size) {
            wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                              "%s: payload is %u bytes, expected %u",
                              info->name, hdr.size, info->payload_size);
            break;
        }
        if ((info->flags & WIRE_F_ARRAY) && hdr.size > info->payload_size) {
            wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                              "%s: payload is %u bytes, at most %u",
                              info->name, hdr.size, info->payload_size);
            break;
        }
        if (size - pos - sizeof(hdr) < hdr.size) {
            if (!partial_ok)
                wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                                  "%s: payload of %u bytes runs past the end "
                                  "of the span (%zu left)",
                                  info->name, hdr.size, size - pos - sizeof(hdr));
            break;
        }
        if (info->flags & WIRE_F_VARSIZE) {
            /* Only NOP: nothing to read. */
            if (!dispatch(h, ctx, hdr.op, NULL, hdr.size) && !d->fatal)
                wire_decoder_fail(d, WIRE_ERR_MALFORMED, "%s refused",
                                  info->name);
        } else {
            /* Copy first: the checks and the handler see one stable value.
             * A small record (a draw's, a binding's) as 64 bytes where the
             * span has them, a copy of fixed size made inline (a library
             * call costs more than the copy); the bytes past the record
             * are never read. */
            _Static_assert(sizeof(d->payload) >= 64, "the payload holds 64 bytes");
            if (hdr.size <= 64 && size - pos - sizeof(hdr) >= 64)
                memcpy(d->payload, data + pos + sizeof(hdr), 64);
            else
                memcpy(d->payload, data + pos + sizeof(hdr), hdr.size);
            if (!dispatch(h, ctx, hdr.op, d->payload, hdr.size) && !d->fatal)
                wire_decoder_fail(d, WIRE_ERR_MALFORMED, "%s refused",
                                  info->name);
        }
        if (d->fatal)
            break;
        pos += sizeof(hdr) + hdr.size;
        d->record_index++;
    }
    return pos;
}

#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    _Static_assert(sizeof(struct type) <=                                      \
                       sizeof(((struct wire_decoder *)0)->payload),            \
                   #type " does not fit the decoder's payload buffer");
#include "wire/wire_records.def"
#undef WIRE_RECORD
