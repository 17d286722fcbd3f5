/* One client context: its handle tables, its decoder and the handlers of
 * every record.  Each handler checks its record completely -- handles, enum
 * ranges, extents, stage ranges, sizes with overflow checks -- before it
 * touches Vulkan.  A failed check fails the decoder with a reason, which
 * cuts the context off (see server_context_run). */
#define _GNU_SOURCE
#include "server/server_private.h"
#include "shader/so_emu.h"
#include "shader/dxbc.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fails the record (and so the context) with a reason; always false. */
#define FAIL(ctx, status, ...) fail_record(&(ctx)->dec, (status), __VA_ARGS__)
#define MALFORMED(ctx, ...) FAIL(ctx, WIRE_ERR_MALFORMED, __VA_ARGS__)

static void block_modules_drop(struct server_context *ctx, struct server_block *b);

static bool fail_record(struct wire_decoder *d, uint32_t status, const char *fmt,
                        ...) NR_PRINTF(3, 4);
static bool fail_record(struct wire_decoder *d, uint32_t status, const char *fmt,
                        ...)
{
    char reason[sizeof(d->reason)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof(reason), fmt, ap);
    va_end(ap);
    wire_decoder_fail(d, status, "%s", reason);
    return false;
}

static const char *const kind_names[WIRE_OBJ_KIND_COUNT] = {
    "buffer", "texture", "shader", "state block", "sampler", "fence"};

/* ---------------------------------------------------------- handle tables */

static bool table_create(struct server_context *ctx, enum wire_object_kind kind,
                         wire_handle h, void **unused)
{
    (void)unused;
    return handle_table_check_new(&ctx->tables[kind], kind_names[kind], h,
                                  &ctx->dec);
}

static void table_set(struct server_context *ctx, enum wire_object_kind kind,
                      wire_handle h, void *obj)
{
    handle_table_set(&ctx->tables[kind], h, obj);
}

static void *table_get(struct server_context *ctx, enum wire_object_kind kind,
                       wire_handle h)
{
    return handle_table_get(&ctx->tables[kind], kind_names[kind], h, &ctx->dec);
}

/* A handle that may be null. */
static bool table_get_opt(struct server_context *ctx, enum wire_object_kind kind,
                          wire_handle h, void **out)
{
    if (wire_handle_is_null(h)) {
        *out = NULL;
        return true;
    }
    return (*out = table_get(ctx, kind, h)) != NULL;
}

/* The bytes of a texture with all its levels and layers. */
static uint64_t texture_bytes(const struct vkx_texture_desc *d)
{
    const struct wire_format_info *fi = wire_format_get(d->format);
    uint64_t total = 0;
    for (uint32_t l = 0; fi && l < d->levels; l++) {
        uint64_t w = NR_MAX(d->width >> l, 1u), h = NR_MAX(d->height >> l, 1u);
        uint64_t z = d->type == WIRE_TEX_3D ? NR_MAX(d->depth >> l, 1u) : 1;
        total += (w + fi->block_w - 1) / fi->block_w * ((h + fi->block_h - 1) / fi->block_h) *
                 fi->block_bytes * z;
    }
    return total * d->layers;
}

/* Memory a context causes counts against its quota and against the
 * server's budget, which all contexts share. */
static void block_module_drop(struct server_context *ctx, struct vkx_shader *s);

static bool charge(struct server_context *ctx, uint64_t bytes, const char *what)
{
    struct server *s = ctx->server;
    bool ok;

    if (ctx->memory_bytes + bytes > ctx->memory_quota)
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY,
                    "%s of %llu bytes is over the context's quota (NEREID_CONTEXT_QUOTA_MB)",
                    what, (unsigned long long)bytes);
    pthread_mutex_lock(&s->lock);
    ok = s->memory_bytes + bytes <= s->memory_budget;
    if (ok)
        s->memory_bytes += bytes;
    pthread_mutex_unlock(&s->lock);
    if (!ok)
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY,
                    "%s of %llu bytes is over the server's memory budget "
                    "(NEREID_SERVER_MEMORY_MB)", what, (unsigned long long)bytes);
    ctx->memory_bytes += bytes;
    return true;
}

static void uncharge(struct server_context *ctx, uint64_t bytes)
{
    ctx->memory_bytes -= bytes;
    pthread_mutex_lock(&ctx->server->lock);
    ctx->server->memory_bytes -= bytes;
    pthread_mutex_unlock(&ctx->server->lock);
}

static void object_destroy(struct server_context *ctx,
                           enum wire_object_kind kind, void *obj)
{
    switch (kind) {
    case WIRE_OBJ_BUFFER: {
        struct vkx_buffer *b = obj;
        for (int i = 0; i < WIRE_MAX_VERTEX_BINDINGS; i++)
            if (ctx->vb[i] == b)
                ctx->vb[i] = NULL;
        if (ctx->ib == b)
            ctx->ib = NULL;
        uncharge(ctx, vkx_buffer_size(b) + vkx_buffer_twin_bytes(b));
        vkx_buffer_destroy(ctx->vk, b);
        break;
    }
    case WIRE_OBJ_TEXTURE:
        uncharge(ctx, texture_bytes(vkx_texture_get_desc(obj)) *
                          vkx_texture_get_desc(obj)->samples);
        server_share_drop(ctx->server, obj, ctx->id);
        vkx_texture_destroy(ctx->vk, obj);
        break;
    case WIRE_OBJ_SAMPLER:
        vkx_sampler_destroy(ctx->vk, obj);
        break;
    case WIRE_OBJ_FENCE:
        server_fence_share_drop(ctx->server, obj);
        vkx_timeline_unref(obj);
        break;
    case WIRE_OBJ_SHADER:
    {
        const struct shader_blob *blob = vkx_shader_blob(obj);
        uncharge(ctx, vkx_shader_size(obj) + (blob ? blob->charged : 0));
        vkx_shader_destroy(ctx->vk, obj);
    }
        break;
    case WIRE_OBJ_STATE_BLOCK: {
        struct server_block *b = obj;
        /* A shared pipeline stays (other contexts, in-flight work). */
        if (!b->shared)
            vkx_pipeline_destroy(ctx->vk, b->pipeline);
        block_modules_drop(ctx, b);
        free(b);
        break;
    }
    case WIRE_OBJ_KIND_COUNT:
        break;
    }
}

static void debug_name(char *buf, size_t size, struct server_context *ctx,
                       const char *role, wire_handle h)
{
    snprintf(buf, size, "ctx%u %s %u:%u", ctx->id, role, h.slot, h.gen);
}

static const uint8_t *stage_range(struct server_context *ctx, uint32_t offset,
                                  uint64_t size, const char *what)
{
    return stage_check(&ctx->dec, ctx->end->stage, ctx->end->stage_size, offset,
                       size, what);
}

/* ---------------------------------------------------------------- records */

static bool rec_NOP(void *c, const struct wire_nop *p, uint32_t size)
{
    (void)c;
    (void)p;
    (void)size;
    return true;
}

static bool rec_CREATE_BUFFER(void *c, const struct wire_create_buffer *p,
                              uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b;
    char name[64];
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_BUFFER, p->buffer, NULL))
        return false;
    if (!p->size || p->size > (1ull << 31) || (p->usage & ~WIRE_BUF_USAGE_ALL))
        return MALFORMED(ctx, "buffer %u:%u: size %llu or usage %#x out of range",
                         p->buffer.slot, p->buffer.gen,
                         (unsigned long long)p->size, p->usage);
    if ((p->usage & WIRE_BUF_STORAGE) &&
        !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STORAGE))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "buffer %u:%u: no storage on this device",
                    p->buffer.slot, p->buffer.gen);
    if ((p->usage & WIRE_BUF_STREAM_OUT) && p->size < 4)
        return MALFORMED(ctx, "buffer %u:%u: a stream-output buffer of %llu bytes",
                         p->buffer.slot, p->buffer.gen, (unsigned long long)p->size);
    if ((p->usage & WIRE_BUF_STREAM_OUT) &&
        !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                    "buffer %u:%u: no stream output on this device", p->buffer.slot,
                    p->buffer.gen);
    if (!charge(ctx, p->size, "a buffer"))
        return false;
    debug_name(name, sizeof(name), ctx,
               (p->usage & WIRE_BUF_INDEX) ? "index buffer" : "vertex buffer",
               p->buffer);
    if (!(b = vkx_buffer_create(ctx->vk, p->size, p->usage, name))) {
        uncharge(ctx, p->size);
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot create %s", name);
    }
    table_set(ctx, WIRE_OBJ_BUFFER, p->buffer, b);
    return true;
}

static bool rec_DESTROY(void *c, const struct wire_destroy *p, uint32_t size)
{
    struct server_context *ctx = c;
    void *obj;
    (void)size;

    if (p->kind >= WIRE_OBJ_KIND_COUNT)
        return MALFORMED(ctx, "unknown object kind %u", p->kind);
    if (!(obj = table_get(ctx, p->kind, p->handle)))
        return false;
    object_destroy(ctx, p->kind, obj);
    ctx->tables[p->kind].entries[p->handle.slot].obj = NULL;
    return true;
}

static bool rec_WRITE_BUFFER(void *c, const struct wire_write_buffer *p,
                             uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b = table_get(ctx, WIRE_OBJ_BUFFER, p->buffer);
    const uint8_t *src;
    (void)size;

    if (!b)
        return false;
    if (p->offset > vkx_buffer_size(b) || p->size > vkx_buffer_size(b) - p->offset)
        return MALFORMED(ctx, "write [%llu, +%u) past buffer %u:%u of %llu bytes",
                         (unsigned long long)p->offset, p->size, p->buffer.slot,
                         p->buffer.gen, (unsigned long long)vkx_buffer_size(b));
    if (p->flags & ~(uint32_t)(WIRE_WRITE_DISCARD | WIRE_WRITE_NO_OVERWRITE))
        return MALFORMED(ctx, "write flags %#x", p->flags);
    if (!(src = stage_range(ctx, p->stage_offset, p->size, "WRITE_BUFFER")))
        return false;
    ctx->dirty = true;
    return vkx_buffer_write(ctx->vk, b, p->offset, src, p->size, p->flags) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static uint32_t max_levels(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t n = 1;
    while (w > 1 || h > 1 || d > 1) {
        w >>= 1;
        h >>= 1;
        d >>= 1;
        n++;
    }
    return n;
}

static bool rec_CREATE_TEXTURE(void *c, const struct wire_create_texture *p,
                               uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_device *dev = ctx->server->dev;
    struct vkx_texture_desc d;
    uint32_t feat, depth;
    uint64_t bytes;
    struct vkx_texture *t;
    char name[64];
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_TEXTURE, p->texture, NULL))
        return false;
    if (!wire_format_get(p->format) || p->type >= WIRE_TEX_TYPE_COUNT ||
        p->type == WIRE_TEX_2D_ARRAY || p->type == WIRE_TEX_1D_ARRAY ||
        p->type == WIRE_TEX_2D_MS)
        return MALFORMED(ctx, "texture: format %u, type %u", p->format, p->type);
    if (p->layers > WIRE_MAX_LAYERS || p->type == WIRE_TEX_CUBE_ARRAY ||
        (p->type == WIRE_TEX_CUBE
             ? p->layers && (p->layers < 6 || p->samples > 1 ||
                             (p->layers >= 12 &&
                              !(vkx_device_features(dev) & WIRE_DEVFEAT_CUBE_ARRAY)))
             : p->layers > 1 &&
                   ((p->type != WIRE_TEX_2D && p->type != WIRE_TEX_1D) || p->samples > 1)))
        return MALFORMED(ctx, "texture: %u layers (type %u, %u samples)", p->layers, p->type,
                         p->samples);
    depth = p->type == WIRE_TEX_3D ? p->depth : 1;
    if (!p->width || !p->height || !depth || p->width > WIRE_MAX_EXTENT ||
        p->height > WIRE_MAX_EXTENT || depth > 2048 || !p->levels ||
        p->levels > max_levels(p->width, p->height, depth) ||
        (p->type == WIRE_TEX_CUBE && p->width != p->height) ||
        (p->type == WIRE_TEX_1D && p->height != 1))
        return MALFORMED(ctx, "texture: extent %ux%ux%u with %u levels", p->width,
                         p->height, depth, p->levels);
    if ((p->usage & ~WIRE_TEX_USAGE_ALL) ||
        ((p->usage & WIRE_TEX_COLOR_TARGET) && (p->usage & WIRE_TEX_DEPTH_TARGET)) ||
        ((p->usage & WIRE_TEX_MUTABLE) && (wire_format_get(p->format)->depth ||
                                            wire_format_get(p->format)->stencil)) ||
        (p->type == WIRE_TEX_3D && (p->usage & WIRE_TEX_DEPTH_TARGET)) ||
        ((p->usage & WIRE_TEX_STORAGE) &&
         ((p->usage & WIRE_TEX_DEPTH_TARGET) || p->samples > 1 ||
          wire_format_get(p->format)->depth || wire_format_get(p->format)->compressed)))
        return MALFORMED(ctx, "texture: usage %#x", p->usage);
    for (int i = 0; i < 4; i++)
        if (p->swizzle[i] >= WIRE_SWIZZLE_COUNT)
            return MALFORMED(ctx, "texture: swizzle %u", p->swizzle[i]);
    /* A multisampled texture is a 2D target of one level with a count this
     * device has for the format; sampled (by sample) with one it has for
     * that too. */
    if (p->samples > 1 &&
        (p->samples > 64 || (p->samples & (p->samples - 1)) || p->type != WIRE_TEX_2D ||
         p->levels != 1 ||
         ((p->usage & WIRE_TEX_SAMPLED) &&
          !(vkx_device_format_load_samples(dev, p->format) & p->samples)) ||
         !(p->usage & (WIRE_TEX_COLOR_TARGET | WIRE_TEX_DEPTH_TARGET)) ||
         !(vkx_device_format_samples(dev, p->format) & p->samples)))
        return MALFORMED(ctx, "texture: %u samples (format %u, type %u, usage %#x)",
                         p->samples, p->format, p->type, p->usage);
    feat = vkx_device_format_features(dev, p->format);
    if (((p->usage & WIRE_TEX_COLOR_TARGET) && !(feat & WIRE_FEAT_COLOR_TARGET)) ||
        ((p->usage & WIRE_TEX_DEPTH_TARGET) && !(feat & WIRE_FEAT_DEPTH_TARGET)) ||
        ((p->usage & WIRE_TEX_SAMPLED) && !(feat & WIRE_FEAT_SAMPLED)) ||
        ((p->usage & WIRE_TEX_STORAGE) && !(feat & WIRE_FEAT_STORAGE) &&
         !((p->usage & WIRE_TEX_MUTABLE) &&
           (vkx_device_features(dev) & WIRE_DEVFEAT_STORAGE))) ||
        !(feat & WIRE_FEAT_TRANSFER))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                    "texture: format %u cannot be used as %#x on this device",
                    p->format, p->usage);
    if (!vkx_device_texture_supported(dev, p->format, p->type, p->width, p->height, depth,
                                      NR_MAX(p->layers, 1u), p->levels, p->usage))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                    "texture: format %u of type %u, %ux%ux%u, is not supported here",
                    p->format, p->type, p->width, p->height, depth);
    d = (struct vkx_texture_desc){p->format, p->type, p->width, p->height, depth,
                                  p->type == WIRE_TEX_CUBE ? NR_MAX(p->layers, 6u)
                                                           : NR_MAX(p->layers, 1u),
                                  p->levels, p->usage,
                                  {p->swizzle[0], p->swizzle[1], p->swizzle[2],
                                   p->swizzle[3]},
                                  NR_MAX(p->samples, 1u)};
    bytes = texture_bytes(&d) * d.samples;
    if (!charge(ctx, bytes, "a texture"))
        return false;
    debug_name(name, sizeof(name), ctx,
               (p->usage & WIRE_TEX_COLOR_TARGET)   ? "colour target"
               : (p->usage & WIRE_TEX_DEPTH_TARGET) ? "depth target"
               : p->type == WIRE_TEX_CUBE           ? "cube texture"
               : p->type == WIRE_TEX_3D             ? "volume texture"
                                                    : "texture",
               p->texture);
    if (!(t = vkx_texture_create(ctx->vk, &d, name))) {
        uncharge(ctx, bytes);
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot create %s", name);
    }
    ctx->dirty = true;
    table_set(ctx, WIRE_OBJ_TEXTURE, p->texture, t);
    return true;
}

/* Checks a region against its texture and the stage ring. */
static struct vkx_texture *check_region(struct server_context *ctx,
                                        const struct wire_texture_region *r,
                                        const char *what, uint8_t **stage)
{
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, r->texture);
    const struct vkx_texture_desc *d;
    const struct wire_format_info *fi;
    uint32_t lw, lh, ld, depth;
    uint64_t row, rows, need;

    if (!t)
        return NULL;
    d = vkx_texture_get_desc(t);
    fi = wire_format_get(d->format);
    /* Texels of a multisampled texture move only through a resolve. */
    if (d->samples > 1) {
        MALFORMED(ctx, "%s: the texture is multisampled", what);
        return NULL;
    }
    if (r->level >= d->levels || r->layer >= d->layers) {
        MALFORMED(ctx, "%s: level %u layer %u of a %u-level, %u-layer texture", what,
                  r->level, r->layer, d->levels, d->layers);
        return NULL;
    }
    lw = NR_MAX(d->width >> r->level, 1u);
    lh = NR_MAX(d->height >> r->level, 1u);
    ld = d->type == WIRE_TEX_3D ? NR_MAX(d->depth >> r->level, 1u) : 1;
    depth = NR_MAX(r->depth, 1u);
    if (r->x > lw || r->width > lw - r->x || r->y > lh || r->height > lh - r->y ||
        r->z > ld || depth > ld - r->z) {
        MALFORMED(ctx, "%s: region %u,%u,%u %ux%ux%u outside level %u (%ux%ux%u)", what,
                  r->x, r->y, r->z, r->width, r->height, depth, r->level, lw, lh, ld);
        return NULL;
    }
    /* Block formats move whole blocks. */
    if (r->x % fi->block_w || r->y % fi->block_h ||
        (r->width % fi->block_w && r->x + r->width != lw) ||
        (r->height % fi->block_h && r->y + r->height != lh)) {
        MALFORMED(ctx, "%s: region is not aligned to %ux%u blocks", what, fi->block_w,
                  fi->block_h);
        return NULL;
    }
    row = (uint64_t)(r->width + fi->block_w - 1) / fi->block_w * fi->block_bytes;
    rows = (r->height + fi->block_h - 1) / fi->block_h;
    if (r->row_pitch < row || (depth > 1 && r->slice_pitch < r->row_pitch * rows)) {
        MALFORMED(ctx, "%s: row pitch %u / slice pitch %u too small", what, r->row_pitch,
                  r->slice_pitch);
        return NULL;
    }
    need = r->width && r->height
               ? (uint64_t)r->slice_pitch * (depth - 1) + (uint64_t)r->row_pitch * (rows - 1) + row
               : 0;
    *stage = (uint8_t *)stage_range(ctx, r->stage_offset, need, what);
    return *stage ? t : NULL;
}

/* One side of a COPY_TEXTURE: the box inside the level, on block edges. */
static bool copy_side(struct server_context *ctx, const struct vkx_texture_desc *d,
                      uint32_t level, uint32_t layer, const uint32_t xyz[3],
                      const uint32_t extent[3], const char *side)
{
    const struct wire_format_info *fi = wire_format_get(d->format);
    uint32_t lw, lh, ld;
    /* (Multisampled ones copy to textures of their count: every sample;
     * rec_COPY_TEXTURE checks the counts.) */
    if (level >= d->levels || layer >= d->layers)
        return MALFORMED(ctx, "copy texture: %s level %u layer %u of a %u-level, %u-layer "
                         "texture", side, level, layer, d->levels, d->layers);
    lw = NR_MAX(d->width >> level, 1u);
    lh = NR_MAX(d->height >> level, 1u);
    ld = d->type == WIRE_TEX_3D ? NR_MAX(d->depth >> level, 1u) : 1;
    if (xyz[0] > lw || extent[0] > lw - xyz[0] || xyz[1] > lh || extent[1] > lh - xyz[1] ||
        xyz[2] > ld || extent[2] > ld - xyz[2])
        return MALFORMED(ctx, "copy texture: %s box %u,%u,%u %ux%ux%u outside level %u "
                         "(%ux%ux%u)", side, xyz[0], xyz[1], xyz[2], extent[0], extent[1],
                         extent[2], level, lw, lh, ld);
    if (xyz[0] % fi->block_w || xyz[1] % fi->block_h ||
        (extent[0] % fi->block_w && xyz[0] + extent[0] != lw) ||
        (extent[1] % fi->block_h && xyz[1] + extent[1] != lh))
        return MALFORMED(ctx, "copy texture: %s box not on %ux%u block edges", side,
                         fi->block_w, fi->block_h);
    return true;
}

static bool rec_COPY_TEXTURE(void *c, const struct wire_copy_texture *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *dst = table_get(ctx, WIRE_OBJ_TEXTURE, p->dst);
    struct vkx_texture *src = dst ? table_get(ctx, WIRE_OBJ_TEXTURE, p->src) : NULL;
    const uint32_t dxyz[3] = {p->dst_x, p->dst_y, p->dst_z};
    const uint32_t sxyz[3] = {p->src_x, p->src_y, p->src_z};
    const uint32_t extent[3] = {p->width, p->height, p->depth};
    (void)size;

    if (!dst || !src)
        return false;
    const struct vkx_texture_desc *dd = vkx_texture_get_desc(dst), *sd = vkx_texture_get_desc(src);
    const struct wire_format_info *df = wire_format_get(dd->format), *sf = wire_format_get(sd->format);
    if (p->reserved)
        return MALFORMED(ctx, "copy texture: reserved field");
    /* Vulkan copies between images of one sample count. */
    if (sd->samples != dd->samples)
        return MALFORMED(ctx, "copy texture: %u samples to %u", sd->samples, dd->samples);
    /* Formats of one block size: of one block shape, or a compressed and
     * an uncompressed one (a block to a texel: Vulkan's extent is in the
     * source's texels). */
    /* Depth formats to themselves, or D16/D32 to and from an uncompressed
     * colour format of their bytes (a typeless family's members). */
    bool depth_ok = dd->format == sd->format ||
                    (!df->stencil && !sf->stencil && !df->compressed && !sf->compressed &&
                     dd->samples <= 1 && sd->samples <= 1 && df->depth != sf->depth);
    if (df->block_bytes != sf->block_bytes ||
        ((df->block_w != sf->block_w || df->block_h != sf->block_h) &&
         df->compressed == sf->compressed) ||
        ((df->depth || df->stencil || sf->depth || sf->stencil) && !depth_ok))
        return MALFORMED(ctx, "copy texture: format %u to format %u", sd->format, dd->format);
    uint32_t dlw = NR_MAX(dd->width >> NR_MIN(p->dst_level, 31u), 1u),
             dlh = NR_MAX(dd->height >> NR_MIN(p->dst_level, 31u), 1u);
    uint32_t dextent[3] = {
        (extent[0] + sf->block_w - 1) / sf->block_w * df->block_w,
        (extent[1] + sf->block_h - 1) / sf->block_h * df->block_h, extent[2]};
    /* A block at the destination's edge is cut there. */
    if (p->dst_x < dlw && dextent[0] > dlw - p->dst_x && dextent[0] - (dlw - p->dst_x) < df->block_w)
        dextent[0] = dlw - p->dst_x;
    if (p->dst_y < dlh && dextent[1] > dlh - p->dst_y && dextent[1] - (dlh - p->dst_y) < df->block_h)
        dextent[1] = dlh - p->dst_y;
    if (!copy_side(ctx, sd, p->src_level, p->src_layer, sxyz, extent, "source") ||
        !copy_side(ctx, dd, p->dst_level, p->dst_layer, dxyz, dextent, "destination"))
        return false;
    if (dst == src && p->dst_level == p->src_level &&
        (sd->type == WIRE_TEX_3D || p->dst_layer == p->src_layer) &&
        dxyz[0] < sxyz[0] + extent[0] && sxyz[0] < dxyz[0] + dextent[0] &&
        dxyz[1] < sxyz[1] + extent[1] && sxyz[1] < dxyz[1] + dextent[1] &&
        dxyz[2] < sxyz[2] + extent[2] && sxyz[2] < dxyz[2] + extent[2])
        return MALFORMED(ctx, "copy texture: overlapping boxes of one subresource");
    if (!extent[0] || !extent[1] || !extent[2])
        return true;
    ctx->dirty = true;
    return vkx_texture_copy(ctx->vk, dst, p->dst_level, p->dst_layer, dxyz, src, p->src_level,
                            p->src_layer, sxyz, extent) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_WRITE_TEXTURE(void *c, const struct wire_write_texture *p,
                              uint32_t size)
{
    struct server_context *ctx = c;
    uint8_t *src;
    struct vkx_texture *t = check_region(ctx, &p->r, "WRITE_TEXTURE", &src);
    (void)size;

    if (!t)
        return false;
    ctx->dirty = true;
    return vkx_texture_write(ctx->vk, t, &p->r, src) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static void send_reply(struct server_context *ctx, uint32_t status,
                       const uint64_t *values, unsigned n,
                       uint32_t stage_offset, uint32_t stage_size)
{
    struct wire_reply r = {.seq = ++ctx->reply_seq, .status = status};
    for (unsigned i = 0; i < n && i < NR_ARRAY_SIZE(r.values); i++)
        r.values[i] = values[i];
    ctx->end->ops->reply(ctx->end, &r, stage_offset, stage_size);
}

static bool rec_READ_TEXTURE(void *c, const struct wire_read_texture *p,
                             uint32_t size)
{
    struct server_context *ctx = c;
    uint8_t *dst;
    struct vkx_texture *t = check_region(ctx, &p->r, "READ_TEXTURE", &dst);
    uint32_t bytes;
    (void)size;

    if (!t)
        return false;
    {
        uint64_t t0 = nr_time_ns();
        bool read = vkx_texture_read(ctx->vk, t, &p->r, dst);
        ctx->wait_ns += nr_time_ns() - t0;
        if (!read)
            return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    }
    ctx->dirty = false;
    {
        /* Rows of blocks for compressed formats. */
        const struct wire_format_info *fi =
            wire_format_get(vkx_texture_get_desc(t)->format);
        uint32_t rows = (p->r.height + fi->block_h - 1) / fi->block_h;
        bytes = rows ? p->r.row_pitch * rows : 0;
        if (p->r.depth > 1)
            bytes = p->r.slice_pitch * p->r.depth;
    }
    if (bytes > ctx->end->stage_size - p->r.stage_offset)
        bytes = ctx->end->stage_size - p->r.stage_offset;
    send_reply(ctx, WIRE_OK, NULL, 0, p->r.stage_offset, bytes);
    return true;
}

static bool rec_COPY_BUFFER(void *c, const struct wire_copy_buffer *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *dst = table_get(ctx, WIRE_OBJ_BUFFER, p->dst);
    struct vkx_buffer *src = dst ? table_get(ctx, WIRE_OBJ_BUFFER, p->src) : NULL;
    (void)size;

    if (!dst || !src)
        return false;
    if (p->dst_offset > vkx_buffer_size(dst) || p->size > vkx_buffer_size(dst) - p->dst_offset ||
        p->src_offset > vkx_buffer_size(src) || p->size > vkx_buffer_size(src) - p->src_offset)
        return MALFORMED(ctx, "copy of %llu bytes past a buffer",
                         (unsigned long long)p->size);
    if (dst == src && p->dst_offset < p->src_offset + p->size &&
        p->src_offset < p->dst_offset + p->size)
        return MALFORMED(ctx, "copy between overlapping ranges of one buffer");
    ctx->dirty = true;
    return vkx_buffer_copy(ctx->vk, dst, p->dst_offset, src, p->src_offset, p->size) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_READ_BUFFER(void *c, const struct wire_read_buffer *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b = table_get(ctx, WIRE_OBJ_BUFFER, p->buffer);
    uint8_t *dst;
    (void)size;

    if (!b)
        return false;
    if (p->offset > vkx_buffer_size(b) || p->size > vkx_buffer_size(b) - p->offset)
        return MALFORMED(ctx, "read [%llu, +%u) past buffer %u:%u of %llu bytes",
                         (unsigned long long)p->offset, p->size, p->buffer.slot,
                         p->buffer.gen, (unsigned long long)vkx_buffer_size(b));
    if (!(dst = (uint8_t *)stage_range(ctx, p->stage_offset, p->size, "READ_BUFFER")))
        return false;
    {
        uint64_t t0 = nr_time_ns();
        bool read = vkx_buffer_read(ctx->vk, b, p->offset, p->size, dst);
        ctx->wait_ns += nr_time_ns() - t0;
        if (!read)
            return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    }
    ctx->dirty = false;
    send_reply(ctx, WIRE_OK, NULL, 0, p->stage_offset, p->size);
    return true;
}

/* The server makes the module itself (shaders.c).  A source that is not
 * one (bad bytecode, a key out of range) cuts the client off; a well-formed
 * shader the translator cannot handle becomes a module that is never drawn
 * with: the draws of its state blocks are dropped, and the log says why. */
static bool rec_CREATE_SHADER(void *c, const struct wire_create_shader *p,
                              uint32_t size)
{
    struct server_context *ctx = c;
    const uint8_t *src;
    uint8_t *bytes;
    uint32_t *code = NULL;
    size_t count = 0;
    struct vkx_shader *s;
    char name[64], err[256] = "";
    enum server_shader_result r;
    uint64_t key = 0;
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_SHADER, p->shader, NULL))
        return false;
    if (p->stage >= WIRE_STAGE_COUNT || p->source >= WIRE_SHADER_SOURCE_COUNT || !p->size ||
        p->size > (1u << 20))
        return MALFORMED(ctx, "shader: stage %u, source %u, %u bytes", p->stage, p->source,
                         p->size);
    if (p->stage == WIRE_STAGE_COMPUTE &&
        !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STORAGE))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "shader %u:%u: no compute on this device",
                    p->shader.slot, p->shader.gen);
    if (p->stage == WIRE_STAGE_GEOMETRY &&
        (p->source != WIRE_SHADER_DXBC ||
         !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_GEOMETRY)))
        return p->source != WIRE_SHADER_DXBC
                   ? MALFORMED(ctx, "shader %u:%u: a geometry shader of source %u",
                               p->shader.slot, p->shader.gen, p->source)
                   : FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                          "shader %u:%u: no geometry shaders on this device", p->shader.slot,
                          p->shader.gen);
    if ((p->stage == WIRE_STAGE_HULL || p->stage == WIRE_STAGE_DOMAIN) &&
        (p->source != WIRE_SHADER_DXBC ||
         !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_TESSELLATION)))
        return p->source != WIRE_SHADER_DXBC
                   ? MALFORMED(ctx, "shader %u:%u: a tessellation shader of source %u",
                               p->shader.slot, p->shader.gen, p->source)
                   : FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                          "shader %u:%u: no tessellation on this device", p->shader.slot,
                          p->shader.gen);
    if (p->source == WIRE_SHADER_DXBC_DUAL_SOURCE &&
        (p->stage != WIRE_STAGE_FRAGMENT ||
         !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_DUAL_SOURCE)))
        return p->stage != WIRE_STAGE_FRAGMENT
                   ? MALFORMED(ctx, "shader %u:%u: a dual-source shader of stage %u",
                               p->shader.slot, p->shader.gen, p->stage)
                   : FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                          "shader %u:%u: no dual-source blending on this device",
                          p->shader.slot, p->shader.gen);
    if (!(src = stage_range(ctx, p->stage_offset, p->size, "CREATE_SHADER")))
        return false;
    /* Copy out of shared memory before reading: one stable value. */
    if (!(bytes = malloc(p->size)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
    memcpy(bytes, src, p->size);
    r = server_shaders_get(ctx->server->shaders, p->stage, p->source, bytes, p->size,
                           &p->options, &code, &count, &key, err, sizeof(err));
    free(bytes);
    if (r == SERVER_SHADER_MALFORMED)
        return MALFORMED(ctx, "shader %u:%u: %s", p->shader.slot, p->shader.gen, err);
    if (r == SERVER_SHADER_NO_MEMORY)
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
    debug_name(name, sizeof(name), ctx,
               p->stage == WIRE_STAGE_VERTEX      ? "vertex shader"
               : p->stage == WIRE_STAGE_COMPUTE  ? "compute shader"
               : p->stage == WIRE_STAGE_GEOMETRY ? "geometry shader"
               : p->stage == WIRE_STAGE_HULL     ? "hull shader"
               : p->stage == WIRE_STAGE_DOMAIN   ? "domain shader"
                                                  : "fragment shader",
               p->shader);
    if (!charge(ctx, count * 4, "a shader module")) {
        free(code);
        return false;
    }
    if (r == SERVER_SHADER_REFUSED) {
        NR_WARN(SERVER, "context %u: %s is not translated (%s): its draws are dropped",
                ctx->id, name, err);
        s = vkx_shader_create(ctx->vk, p->stage, NULL, 0, name);
    } else {
        s = vkx_shader_create(ctx->vk, p->stage, code, count * 4, name);
    }
    free(code);
    if (!s) {
        uncharge(ctx, count * 4);
        return FAIL(ctx, WIRE_ERR_MALFORMED, "the device refused %s", name);
    }
    vkx_shader_set_key(s, key);
    vkx_shader_set_dual(s, p->source == WIRE_SHADER_DXBC_DUAL_SOURCE);
    /* A DXBC vertex program is kept: a stream-output shader of the vertex
     * stage captures its outputs, made again with the capture (state
     * blocks naming both). */
    if (p->stage == WIRE_STAGE_VERTEX && p->source == WIRE_SHADER_DXBC &&
        r != SERVER_SHADER_REFUSED &&
        (vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT)) {
        struct shader_blob *keep = calloc(1, sizeof(*keep) + p->size);
        if (!keep || !charge(ctx, p->size, "a shader's DXBC")) {
            free(keep);
            vkx_shader_destroy(ctx->vk, s);
            return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
        }
        keep->size = p->size;
        keep->charged = p->size;
        memcpy(keep->dxbc, src, p->size);
        vkx_shader_set_blob(s, keep);
    }
    table_set(ctx, WIRE_OBJ_SHADER, p->shader, s);
    return true;
}

/* A stream-output shader (its vkx_shader's blob holds the layout; one of
 * the vertex stage has no module of its own: its program is kept and made
 * again with the capture for each state block, with that block's vertex
 * shader's program, which D3D11 requires to match its signature). */
static bool rec_CREATE_SO_SHADER(void *c, const struct wire_create_so_shader *p,
                                 uint32_t size)
{
    struct server_context *ctx = c;
    const uint8_t *src, *entries;
    uint32_t *code = NULL;
    size_t count = 0;
    struct vkx_shader *s;
    struct shader_blob *blob;
    struct wire_caps caps;
    char name[64], err[256] = "";
    bool refused = false, ok, emulated = vkx_device_so_emulated(ctx->server->dev);
    uint64_t charged;
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_SHADER, p->shader, NULL))
        return false;
    if ((p->stage != WIRE_STAGE_VERTEX && p->stage != WIRE_STAGE_GEOMETRY) || !p->size ||
        p->size > (1u << 20) || !p->entry_count || p->entry_count > WIRE_MAX_SO_ENTRIES ||
        (p->rasterized >= 4 && p->rasterized != WIRE_SO_NO_RASTERIZED_STREAM))
        return MALFORMED(ctx, "stream-output shader %u:%u: stage %u, %u bytes, %u entries",
                         p->shader.slot, p->shader.gen, p->stage, p->size, p->entry_count);
    if (!(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED,
                    "shader %u:%u: no stream output on this device", p->shader.slot,
                    p->shader.gen);
    if (!(src = stage_range(ctx, p->stage_offset, p->size, "CREATE_SO_SHADER")) ||
        !(entries = stage_range(ctx, p->entries_offset,
                                (uint64_t)p->entry_count * sizeof(struct wire_so_entry),
                                "CREATE_SO_SHADER")))
        return false;
    /* Copied out of shared memory before reading: one stable value. */
    if (!(blob = calloc(1, sizeof(*blob) + p->size)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
    blob->size = p->size;
    blob->so = true;
    memcpy(blob->dxbc, src, p->size);
    blob->layout.entry_count = p->entry_count;
    memcpy(blob->layout.entries, entries, p->entry_count * sizeof(struct wire_so_entry));
    memcpy(blob->layout.strides, p->strides, sizeof(p->strides));
    vkx_device_output_limits(ctx->server->dev, &blob->layout.max_output_locations,
                             &blob->layout.max_gs_total_components);
    vkx_device_caps(ctx->server->dev, &caps);
    if (!server_so_check(blob->dxbc, p->size, &blob->layout, caps.max_so_stride, &refused, err,
                         sizeof(err)) &&
        !refused) {
        free(blob);
        return MALFORMED(ctx, "stream-output shader %u:%u: %s", p->shader.slot, p->shader.gen,
                         err);
    }
    {
        struct dxbc_shader sh;
        char e2[64];
        uint32_t streams;
        if (!dxbc_parse(blob->dxbc, p->size, &sh, e2, sizeof(e2)) ||
            sh.type != (p->stage == WIRE_STAGE_VERTEX ? DXBC_VERTEX : DXBC_GEOMETRY)) {
            free(blob);
            return MALFORMED(ctx, "stream-output shader %u:%u: not a program of stage %u",
                             p->shader.slot, p->shader.gen, p->stage);
        }
        /* The stream its module draws: the one rasterized, where the
         * program writes it, else the first captured. */
        streams = dxbc_streams(&sh);
        for (uint32_t i = 0; i < p->entry_count; i++)
            blob->captured |= 1u << blob->layout.entries[i].stream;
        blob->layout.stream = p->rasterized < 4 && (streams >> p->rasterized & 1)
                                  ? p->rasterized
                                  : (uint32_t)__builtin_ctz(blob->captured);
    }
    debug_name(name, sizeof(name), ctx,
               p->stage == WIRE_STAGE_VERTEX ? "stream output of a vertex shader"
                                             : "geometry shader with stream output",
               p->shader);
    ok = !refused;
    /* Emulated (shader/so_emu.h), the program is drawn as it is; its
     * capture is each state block's. */
    if (ok && p->stage == WIRE_STAGE_GEOMETRY) {
        struct server_so_layout none = {.stream = blob->layout.stream};
        ok = server_dxbc_to_spirv_so(WIRE_STAGE_GEOMETRY, blob->dxbc, p->size,
                                     emulated ? &none : &blob->layout, &code, &count, &refused,
                                     err, sizeof(err));
        if (!ok && !refused) {
            free(blob);
            return MALFORMED(ctx, "shader %u:%u: %s", p->shader.slot, p->shader.gen, err);
        }
    }
    if (!ok) {
        NR_WARN(SERVER, "context %u: %s is not translated (%s): its draws are dropped",
                ctx->id, name, err);
        blob->so_refused = true;
    }
    charged = count * 4 + sizeof(*blob) + p->size;
    if (!charge(ctx, charged, "a shader module")) {
        free(code);
        free(blob);
        return false;
    }
    s = vkx_shader_create(ctx->vk, p->stage, ok ? code : NULL, ok ? count * 4 : 0, name);
    free(code);
    if (!s) {
        uncharge(ctx, charged);
        free(blob);
        return FAIL(ctx, WIRE_ERR_MALFORMED, "the device refused %s", name);
    }
    if (ok && !emulated && (blob->captured >> blob->layout.stream & 1))
        vkx_shader_set_xfb(s, true);
    blob->charged = sizeof(*blob) + p->size;
    vkx_shader_set_blob(s, blob);
    table_set(ctx, WIRE_OBJ_SHADER, p->shader, s);
    return true;
}

static bool check_blend(const struct wire_blend_target *t)
{
    return t->enable <= 1 && t->src_color < WIRE_BLEND_FACTOR_COUNT &&
           t->dst_color < WIRE_BLEND_FACTOR_COUNT &&
           t->src_alpha < WIRE_BLEND_FACTOR_COUNT &&
           t->dst_alpha < WIRE_BLEND_FACTOR_COUNT &&
           t->color_op < WIRE_BLEND_OP_COUNT && t->alpha_op < WIRE_BLEND_OP_COUNT &&
           t->write_mask <= 0xf;
}

static bool check_stencil(const struct wire_stencil_face *f)
{
    return f->fail < WIRE_STENCIL_OP_COUNT && f->depth_fail < WIRE_STENCIL_OP_COUNT &&
           f->pass < WIRE_STENCIL_OP_COUNT && f->compare < WIRE_COMPARE_COUNT;
}

static uint64_t vertex_extent(const struct wire_create_state_block *d, uint32_t binding);

/* A module the server made for a state block, charged to the context
 * (code freed); NULL where the charge failed (*answered: the context has
 * its error) or the device refused it. */
static struct vkx_shader *block_module(struct server_context *ctx, enum wire_shader_stage stage,
                                       uint32_t *code, size_t count, const char *name,
                                       bool *answered)
{
    struct vkx_shader *s = NULL;
    *answered = !charge(ctx, count * 4, "a shader module");
    if (!*answered && !(s = vkx_shader_create(ctx->vk, stage, code, count * 4, name)))
        uncharge(ctx, count * 4);
    free(code);
    return s;
}

/* Such a module destroyed, uncharged (NULL: none). */
static void block_module_drop(struct server_context *ctx, struct vkx_shader *s)
{
    if (!s)
        return;
    uncharge(ctx, vkx_shader_size(s));
    vkx_shader_destroy(ctx->vk, s);
}

/* A module of block b's own (block_module), kept with it. */
static struct vkx_shader *block_keep(struct server_context *ctx, struct server_block *b,
                                     enum wire_shader_stage stage, uint32_t *code, size_t count,
                                     const char *name, bool *answered)
{
    struct vkx_shader *s = NULL;
    if (b->module_count == BLOCK_MAX_MODULES) /* (never: the most a block makes) */
        free(code);
    else if ((s = block_module(ctx, stage, code, count, name, answered)))
        b->modules[b->module_count++] = s;
    return s;
}

static void block_modules_drop(struct server_context *ctx, struct server_block *b)
{
    while (b->module_count)
        block_module_drop(ctx, b->modules[--b->module_count]);
}

/* A vertex shader of a block drawing points, writing the point size
 * Vulkan asks for where its module does not (*out NULL: it does, or its
 * module is not in the server's cache); false where the context failed. */
static bool point_vs(struct server_context *ctx, const struct wire_create_state_block *p,
                     struct vkx_shader *vs, struct vkx_shader **out)
{
    uint32_t *words = NULL;
    size_t count = 0;
    bool changed = false, answered = false;
    char err[256] = "", name[64];

    *out = NULL;
    if (!server_shaders_load(ctx->server->shaders, vkx_shader_key(vs), &words, &count))
        return true;
    if (!server_spirv_point_size(&words, &count, &changed, err, sizeof(err)) || !changed) {
        free(words);
        return true;
    }
    debug_name(name, sizeof(name), ctx, "point vertex shader of block", p->block);
    if ((*out = block_module(ctx, WIRE_STAGE_VERTEX, words, count, name, &answered)))
        vkx_shader_set_key(*out, vkx_shader_key(vs));
    return !answered;
}

/* One stream of a block's stream-output shader: *out its pipeline, or
 * NULL where the translator refused it (warned: the block draws nothing).
 * The main stream (the shader's module's, wire_create_so_shader's
 * rasterized) draws as the block says; any other rasterizes nothing.
 * Without transform feedback (shader/so_emu.h) a stream captured has a
 * second pipeline of the block's vertex shader (again, where it reads its
 * instance id) and a capture module, rasterizing nothing, which writes the
 * scratch the emulation finishes; a block rasterizing nothing draws that
 * one alone.  False where the context failed (*answered) or the device
 * refused a pipeline. */
static bool block_stream(struct server_context *ctx, struct server_block *b,
                         const struct wire_create_state_block *p, struct vkx_shader *vs,
                         const struct vkx_tess_stages *tess, struct vkx_shader *gs,
                         struct vkx_shader *fs, const struct shader_blob *gs_blob,
                         uint32_t stream, struct vkx_pipeline **out, bool *answered,
                         const char *name)
{
    struct wire_create_state_block cd = *p;
    struct server_so_layout layout = gs_blob->layout;
    struct vkx_shader *stage_vs = vs, *stage_gs = gs, *capture_gs, *capture_vs = NULL;
    struct vkx_pipeline *capture;
    struct so_emu_info info;
    uint32_t *code = NULL;
    size_t count = 0;
    bool refused = false, geometry = vkx_shader_stage(gs) == WIRE_STAGE_GEOMETRY;
    bool main = stream == gs_blob->layout.stream, has = gs_blob->captured >> stream & 1;
    char err[256] = "", cname[64];

    *out = NULL;
    *answered = false;
    layout.stream = stream;
    if (!main) {
        cd.rasterizer_discard = 1;
        cd.fs = (wire_handle){0, 0};
    }
    if (has && !vkx_device_so_emulated(ctx->server->dev)) {
        /* Transform feedback: the module capturing the stream (the
         * shader's own is the main stream's). */
        if (!geometry || !main) {
            if (!server_dxbc_to_spirv_so(geometry ? WIRE_STAGE_GEOMETRY : WIRE_STAGE_VERTEX,
                                         gs_blob->dxbc, gs_blob->size, &layout, &code, &count,
                                         &refused, err, sizeof(err)))
                goto refused;
            debug_name(cname, sizeof(cname), ctx, geometry ? "stream of block"
                                                           : "captured vertex shader of block",
                       p->block);
            struct vkx_shader *m = block_keep(ctx, b, geometry ? WIRE_STAGE_GEOMETRY
                                                               : WIRE_STAGE_VERTEX,
                                              code, count, cname, answered);
            if (!m)
                return *answered ? false
                                 : FAIL(ctx, WIRE_ERR_MALFORMED, "the device refused %s",
                                        cname);
            vkx_shader_set_xfb(m, true);
            if (geometry)
                stage_gs = m;
            else
                stage_vs = m;
        }
    } else if (has) {
        if (!server_so_capture(geometry ? WIRE_STAGE_GEOMETRY : WIRE_STAGE_VERTEX,
                               gs_blob->dxbc, gs_blob->size, &layout, p->topology, &code,
                               &count, &info, &refused, err, sizeof(err)))
            goto refused;
        debug_name(cname, sizeof(cname), ctx, "capture module of block", p->block);
        if (!(capture_gs = block_keep(ctx, b, WIRE_STAGE_GEOMETRY, code, count, cname,
                                      answered)))
            return *answered ? false
                             : FAIL(ctx, WIRE_ERR_MALFORMED, "the device refused %s", cname);
        vkx_shader_set_capture(capture_gs);
        /* The vertex program again where it reads its instance id (each
         * capture pass draws one instance). */
        const struct shader_blob *vb = vkx_shader_blob(vs);
        if (vb && server_so_capture_vertex(vb->dxbc, vb->size, &code, &count, &refused, err,
                                           sizeof(err))) {
            debug_name(cname, sizeof(cname), ctx, "capture vertex shader of block", p->block);
            if (!(capture_vs = block_keep(ctx, b, WIRE_STAGE_VERTEX, code, count, cname,
                                          answered)))
                return *answered ? false
                                 : FAIL(ctx, WIRE_ERR_MALFORMED, "the device refused %s", cname);
        }
        struct wire_create_state_block xd = cd;
        xd.rasterizer_discard = 1;
        xd.fs = (wire_handle){0, 0};
        if (!(capture = vkx_pipeline_create(ctx->vk, &xd, capture_vs ? capture_vs : vs,
                                            tess->hs ? tess : NULL, capture_gs, NULL, cname)))
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "cannot create %s", cname);
        /* Nothing rasterized: the capture pipeline is the stream's. */
        if (cd.rasterizer_discard) {
            *out = capture;
        } else if (!(*out = vkx_pipeline_create(ctx->vk, &cd, vs, tess->hs ? tess : NULL,
                                                geometry ? gs : NULL, fs, name))) {
            vkx_pipeline_destroy(ctx->vk, capture);
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "cannot create %s", name);
        }
        vkx_pipeline_set_capture(*out, capture, &info);
        return true;
    }
    if (!(*out = vkx_pipeline_create(ctx->vk, &cd, stage_vs, tess->hs ? tess : NULL,
                                     geometry ? stage_gs : NULL,
                                     cd.rasterizer_discard ? NULL : fs, name)))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "cannot create %s", name);
    return true;
refused:
    NR_WARN(SERVER, "context %u: %s: stream %u's capture is not made (%s): its draws are "
                    "dropped", ctx->id, name, stream, err);
    return true;
}

/* A block of a stream-output shader: its pipeline draws the main stream,
 * and each other stream captured follows it (vkx_pipeline_chain_stream).
 * A stream the translator refused leaves the block without a pipeline. */
static bool block_so(struct server_context *ctx, struct server_block *b,
                     const struct wire_create_state_block *p, struct vkx_shader *vs,
                     const struct vkx_tess_stages *tess, struct vkx_shader *gs,
                     struct vkx_shader *fs, const struct shader_blob *gs_blob, const char *name)
{
    struct vkx_pipeline *pl = NULL, *next;
    uint32_t main = gs_blob->layout.stream;
    bool answered = false;

    if (!block_stream(ctx, b, p, vs, tess, gs, fs, gs_blob, main, &pl, &answered, name))
        goto failed;
    for (uint32_t k = 0; pl && k < 4; k++) {
        if (k == main || !(gs_blob->captured >> k & 1))
            continue;
        if (!block_stream(ctx, b, p, vs, tess, gs, fs, gs_blob, k, &next, &answered, name)) {
            vkx_pipeline_destroy(ctx->vk, pl);
            goto failed;
        }
        if (!next) {
            vkx_pipeline_destroy(ctx->vk, pl);
            pl = NULL;
            break;
        }
        vkx_pipeline_chain_stream(pl, next, k);
    }
    if (pl)
        vkx_pipeline_set_stream(pl, main);
    else
        block_modules_drop(ctx, b);
    b->pipeline = pl;
    table_set(ctx, WIRE_OBJ_STATE_BLOCK, p->block, b);
    return true;
failed: /* (the context has its error) */
    block_modules_drop(ctx, b);
    free(b);
    return false;
}

static bool rec_CREATE_STATE_BLOCK(void *c,
                                   const struct wire_create_state_block *p,
                                   uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_device *dev = ctx->server->dev;
    struct vkx_shader *vs, *fs = NULL, *gs = NULL;
    struct vkx_tess_stages tess = {NULL, NULL};
    const struct shader_blob *gs_blob = NULL;
    struct server_block *b;
    uint32_t used_locations = 0;
    char name[64];
    bool empty;
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_STATE_BLOCK, p->block, NULL))
        return false;
    if (!(vs = table_get(ctx, WIRE_OBJ_SHADER, p->vs)) ||
        !table_get_opt(ctx, WIRE_OBJ_SHADER, p->fs, (void **)&fs) ||
        !table_get_opt(ctx, WIRE_OBJ_SHADER, p->gs, (void **)&gs) ||
        !table_get_opt(ctx, WIRE_OBJ_SHADER, p->hs, (void **)&tess.hs) ||
        !table_get_opt(ctx, WIRE_OBJ_SHADER, p->ds, (void **)&tess.ds))
        return false;
    /* Tessellation: both stages, patches of 1 to 32 points, and only then;
     * a geometry stage may follow (not a captured vertex program). */
    if (!tess.hs != !tess.ds || (tess.hs && vkx_shader_stage(tess.hs) != WIRE_STAGE_HULL) ||
        (tess.ds && vkx_shader_stage(tess.ds) != WIRE_STAGE_DOMAIN) ||
        (tess.hs && gs && vkx_shader_stage(gs) != WIRE_STAGE_GEOMETRY) ||
        (p->topology == WIRE_TOPOLOGY_PATCH_LIST) != (tess.hs != NULL) ||
        (tess.hs ? p->patch_points < 1 || p->patch_points > 32 : p->patch_points != 0))
        return MALFORMED(ctx, "state block: tessellation stages, topology %u, %u points",
                         p->topology, p->patch_points);
    if (p->rasterizer_discard > 1)
        return MALFORMED(ctx, "state block: rasterizer discard %u", p->rasterizer_discard);
    /* Without a fragment shader a draw writes depth and stencil only: Vulkan
     * leaves colour outputs undefined, so no target may be written. */
    if (!fs && !p->rasterizer_discard)
        for (uint32_t i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
            if (p->color_formats[i] && (p->blend[i].write_mask || p->blend[i].enable))
                return MALFORMED(ctx, "state block: colour target %u written without a "
                                      "fragment shader", i);
    if (!fs && p->alpha_to_coverage)
        return MALFORMED(ctx, "state block: alpha to coverage without a fragment shader");
    if (gs)
        gs_blob = vkx_shader_blob(gs);
    /* A vertex shader with a blob is one of CREATE_SHADER (a stream-output
     * shader of the vertex stage is only ever a block's gs). */
    if (vkx_shader_stage(vs) != WIRE_STAGE_VERTEX || (vkx_shader_blob(vs) &&
                                                      ((const struct shader_blob *)
                                                           vkx_shader_blob(vs))->so) ||
        (fs && vkx_shader_stage(fs) != WIRE_STAGE_FRAGMENT) ||
        (gs && vkx_shader_stage(gs) != WIRE_STAGE_GEOMETRY &&
         !(vkx_shader_stage(gs) == WIRE_STAGE_VERTEX && gs_blob && gs_blob->so)))
        return MALFORMED(ctx, "state block: shader stages do not match");
    /* Stream output of the vertex stage captures the block's vertex
     * shader's outputs: the same program (D3D11 asks for a matching
     * signature; this server for the same bytes). */
    if (gs && vkx_shader_stage(gs) == WIRE_STAGE_VERTEX && !gs_blob->so_refused) {
        const struct shader_blob *vb = vkx_shader_blob(vs);
        if (!vb || vb->size != gs_blob->size || memcmp(vb->dxbc, gs_blob->dxbc, vb->size))
            return MALFORMED(ctx, "state block: stream output of a vertex program other "
                                  "than its vertex shader's");
    }
    if (p->topology >= WIRE_TOPOLOGY_COUNT || p->attr_count > vkx_device_max_vertex_inputs(dev) ||
        p->binding_count > vkx_device_max_vertex_inputs(dev))
        return MALFORMED(ctx, "state block: topology %u, %u attributes, %u bindings",
                         p->topology, p->attr_count, p->binding_count);
    /* Vulkan aligns each attribute's address to its components' size: the
     * attribute's offset here, the binding's stride here and where buffers
     * are bound (checked at each draw: buffers_bound). */
    uint8_t align_mask[WIRE_MAX_VERTEX_BINDINGS] = {0};
    for (uint32_t i = 0; i < p->attr_count && i < WIRE_MAX_VERTEX_ATTRS; i++)
        if (p->attrs[i].binding < WIRE_MAX_VERTEX_BINDINGS)
            align_mask[p->attrs[i].binding] |=
                (uint8_t)(wire_format_vertex_align(p->attrs[i].format) - 1);
    for (uint32_t i = 0; i < p->binding_count; i++)
        if (p->binding_strides[i] > 2048 || (p->binding_strides[i] & align_mask[i]))
            return MALFORMED(ctx, "state block: stride %u", p->binding_strides[i]);
    for (uint32_t i = 0; i < p->attr_count; i++) {
        const struct wire_vertex_attr *a = &p->attrs[i];
        if (a->location >= vkx_device_max_vertex_inputs(dev) || a->binding >= p->binding_count ||
            a->format >= WIRE_FORMAT_COUNT || a->offset > 2047 ||
            (a->offset & (wire_format_vertex_align(a->format) - 1)) ||
            !(vkx_device_format_features(dev, a->format) & WIRE_FEAT_VERTEX) ||
            (used_locations & (1u << a->location)))
            return MALFORMED(ctx, "state block: attribute %u (location %u, "
                                  "binding %u, format %u, offset %u)",
                             i, a->location, a->binding, a->format, a->offset);
        used_locations |= 1u << a->location;
    }
    for (uint32_t i = 0; i < WIRE_MAX_COLOR_TARGETS; i++) {
        uint32_t f = p->color_formats[i];
        if (!f)
            continue; /* an unused target */
        if (f >= WIRE_FORMAT_COUNT || i >= vkx_device_max_color_targets(dev) ||
            !(vkx_device_format_features(dev, f) & WIRE_FEAT_COLOR_TARGET) ||
            !check_blend(&p->blend[i]) ||
            (p->blend[i].enable &&
             !(vkx_device_format_features(dev, f) & WIRE_FEAT_BLEND)))
            return MALFORMED(ctx, "state block: colour target %u (format %u)", i, f);
    }
    /* Dual-source blending: target 0 alone, drawn by a dual-source
     * fragment shader. */
    for (uint32_t i = 0; i < WIRE_MAX_COLOR_TARGETS; i++) {
        const struct wire_blend_target *t = &p->blend[i];
        bool src1 = t->enable && (t->src_color >= WIRE_BLEND_SRC1_COLOR ||
                                  t->dst_color >= WIRE_BLEND_SRC1_COLOR ||
                                  t->src_alpha >= WIRE_BLEND_SRC1_COLOR ||
                                  t->dst_alpha >= WIRE_BLEND_SRC1_COLOR);
        if (src1 && (i || !p->color_formats[0] || !fs || !vkx_shader_dual(fs) ||
                     !(vkx_device_features(dev) & WIRE_DEVFEAT_DUAL_SOURCE)))
            return MALFORMED(ctx, "state block: dual-source blending of target %u", i);
        if (src1)
            for (uint32_t k = 1; k < WIRE_MAX_COLOR_TARGETS; k++)
                if (p->color_formats[k])
                    return MALFORMED(ctx, "state block: dual-source blending with target %u",
                                     k);
    }
    if ((p->depth_format &&
         (p->depth_format >= WIRE_FORMAT_COUNT ||
          !(vkx_device_format_features(dev, p->depth_format) &
            WIRE_FEAT_DEPTH_TARGET))) ||
        p->depth_test > 1 || p->depth_write > 1 ||
        p->depth_compare >= WIRE_COMPARE_COUNT || p->cull >= WIRE_CULL_COUNT ||
        p->front_face >= WIRE_FRONT_COUNT || p->fill >= WIRE_FILL_COUNT ||
        p->stencil_test > 1 || p->depth_bias > 1 || p->flat_first_vertex > 1 ||
        p->depth_clamp > 1 || p->alpha_to_coverage > 1 || p->strip_cut > 1 ||
        (p->strip_cut && p->topology != WIRE_TOPOLOGY_LINE_STRIP &&
         p->topology != WIRE_TOPOLOGY_TRIANGLE_STRIP &&
         p->topology != WIRE_TOPOLOGY_TRIANGLE_FAN) ||
        memcmp(p->reserved3, (const uint8_t[4]){0}, sizeof(p->reserved3)) ||
        p->logic_op_enable > 1 || p->logic_op >= WIRE_LOGIC_COUNT ||
        (!p->logic_op_enable && p->logic_op) ||
        (p->logic_op_enable && !(vkx_device_features(dev) & WIRE_DEVFEAT_LOGIC_OP)) ||
        !check_stencil(&p->stencil_front) || !check_stencil(&p->stencil_back) ||
        (p->stencil_test && (!p->depth_format || p->depth_format >= WIRE_FORMAT_COUNT ||
                             !wire_format_get(p->depth_format) ||
                             !wire_format_get(p->depth_format)->stencil)))
        return MALFORMED(ctx, "state block: depth or raster state out of range");
    /* The sample count is one the formats' targets can have (pipelines of a
     * count no texture has could never draw, and would be invalid Vulkan). */
    if ((p->samples & (p->samples - 1)) || p->samples > 64) /* 0 or 1: one */
        return MALFORMED(ctx, "state block: %u samples", p->samples);
    /* Instance divisors: of instance bindings, where the device has them. */
    if (p->reserved4 || (p->divisor_bindings & ~p->instance_bindings) ||
        ((uint64_t)p->divisor_bindings >> p->binding_count) ||
        (p->divisor_bindings &&
         !(vkx_device_features(dev) & WIRE_DEVFEAT_INSTANCE_DIVISOR)))
        return MALFORMED(ctx, "state block: instance divisors of bindings %#x",
                         p->divisor_bindings);
    for (uint32_t r = p->divisor_bindings; r; r &= r - 1)
        if (!p->divisors[__builtin_ctz(r)] &&
            !(vkx_device_features(dev) & WIRE_DEVFEAT_ZERO_DIVISOR))
            return MALFORMED(ctx, "state block: an instance divisor of 0");
    if (p->samples > 1) {
        for (uint32_t i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
            if (p->color_formats[i] &&
                !(vkx_device_format_samples(dev, p->color_formats[i]) & p->samples))
                return MALFORMED(ctx, "state block: %u samples of format %u",
                                 p->samples, p->color_formats[i]);
        if (p->depth_format &&
            !(vkx_device_format_samples(dev, p->depth_format) & p->samples))
            return MALFORMED(ctx, "state block: %u samples of format %u", p->samples,
                             p->depth_format);
    }
    if (!(b = calloc(1, sizeof(*b))))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
    b->desc = *p;
    memcpy(b->vb_align_mask, align_mask, sizeof(align_mask));
    b->write_masks = vkx_pack_write_masks(p);
    b->so_or_gs = gs || p->rasterizer_discard || !fs || tess.hs;
    for (uint32_t i = 0; i < p->binding_count; i++)
        if (vertex_extent(p, i))
            b->reads |= 1u << i;
    debug_name(name, sizeof(name), ctx, "pipeline of state block", p->block);
    /* A shader the server could not translate: a block without a pipeline,
     * whose draws are dropped. */
    empty = vkx_shader_empty(vs) || (fs && vkx_shader_empty(fs)) ||
            (gs && (gs_blob && gs_blob->so ? gs_blob->so_refused : vkx_shader_empty(gs))) ||
            (tess.hs && (vkx_shader_empty(tess.hs) || vkx_shader_empty(tess.ds)));
    if (empty) {
        table_set(ctx, WIRE_OBJ_STATE_BLOCK, p->block, b);
        return true;
    }
    /* Geometry, tessellation and stream output: the block's own pipeline,
     * never shared. */
    if (b->so_or_gs) {
        if (gs_blob && gs_blob->so)
            return block_so(ctx, b, p, vs, &tess, gs, fs, gs_blob, name);
        if (!(b->pipeline = vkx_pipeline_create(ctx->vk, p, vs, tess.hs ? &tess : NULL, gs,
                                                p->rasterizer_discard ? NULL : fs, name))) {
            free(b);
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "cannot create %s", name);
        }
        table_set(ctx, WIRE_OBJ_STATE_BLOCK, p->block, b);
        return true;
    }
    /* The server's pipeline of the same recipe, made by any context. */
    b->pipeline = server_pipelines_find(ctx->server->pipelines, p, vkx_shader_key(vs),
                                        vkx_shader_key(fs));
    if (b->pipeline) {
        b->shared = true;
        table_set(ctx, WIRE_OBJ_STATE_BLOCK, p->block, b);
        return true;
    }
    /* Points: the vertex module again where it writes no point size
     * (the pipeline keeps what it needs of it; it is dropped once the
     * pipeline is made). */
    struct vkx_shader *points_vs = NULL;
    if (p->topology == WIRE_TOPOLOGY_POINT_LIST && !point_vs(ctx, p, vs, &points_vs)) {
        free(b);
        return false;
    }
    b->pipeline = vkx_pipeline_create(ctx->vk, p, points_vs ? points_vs : vs, NULL, NULL, fs,
                                      name);
    block_module_drop(ctx, points_vs);
    if (!b->pipeline) {
        free(b);
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "cannot create %s", name);
    }
    b->shared = server_pipelines_add(ctx->server->pipelines, p, vkx_shader_key(vs),
                                     vkx_shader_key(fs), b->pipeline);
    table_set(ctx, WIRE_OBJ_STATE_BLOCK, p->block, b);
    return true;
}

/* A level and layer of a texture with the given usage, or a null target. */
/* A view of d as `format` (0: its own): one of its class of a
 * WIRE_TEX_MUTABLE texture, with the feature the view is for. */
static bool view_format_ok(struct server_context *ctx, const struct vkx_texture_desc *d,
                           uint32_t format, uint32_t feature)
{
    if (!format || format == d->format)
        return true;
    return (d->usage & WIRE_TEX_MUTABLE) && wire_format_view_ok(d->format, format) &&
           (vkx_device_format_features(ctx->server->dev, format) & feature);
}

/* A buffer's elements as a colour target (WIRE_TARGET_BUFFER). */
static bool check_buffer_target(struct server_context *ctx, const struct wire_target *w,
                                struct vkx_target *out)
{
    struct vkx_buffer *b = table_get(ctx, WIRE_OBJ_BUFFER, w->texture);
    const struct wire_format_info *f = w->format ? wire_format_get(w->format) : NULL;
    uint64_t bytes = f ? f->block_bytes : 0, first = (uint64_t)w->layer * bytes;

    if (!b)
        return false;
    if (!(vkx_buffer_usage(b) & WIRE_BUF_RENDER_TARGET))
        return MALFORMED(ctx, "buffer %u:%u is not a render target", w->texture.slot,
                         w->texture.gen);
    if (!f || f->depth || f->stencil || f->compressed || f->block_w != 1 ||
        !(vkx_device_format_features(ctx->server->dev, w->format) & WIRE_FEAT_COLOR_TARGET))
        return MALFORMED(ctx, "buffer %u:%u rendered as format %u", w->texture.slot,
                         w->texture.gen, w->format);
    if (w->level || w->layers > 1 || !w->elements || w->elements > WIRE_MAX_EXTENT ||
        first % 4 || first + w->elements * bytes > vkx_buffer_size(b))
        return MALFORMED(ctx, "buffer %u:%u: target elements %u+%u (level %u, layers %u)",
                         w->texture.slot, w->texture.gen, w->layer, w->elements, w->level,
                         w->layers);
    /* A new twin counts against the context's memory with the buffer
     * (charged before it is made; given back where it existed). */
    uint64_t need = (uint64_t)w->elements * bytes, before = vkx_buffer_twin_bytes(b);
    if (!charge(ctx, need, "a buffer's target"))
        return false;
    if (!vkx_buffer_target(ctx->vk, b, w->format, w->layer, w->elements, out)) {
        uncharge(ctx, need);
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "buffer %u:%u: %s", w->texture.slot,
                    w->texture.gen, vkx_ctx_error(ctx->vk));
    }
    uncharge(ctx, need - (vkx_buffer_twin_bytes(b) - before));
    return true;
}

/* A target of SET_RENDER_TARGETS (layered: layers may be more than one,
 * and a colour target may be a buffer's), BLIT or FILL_RECT. */
static bool check_target(struct server_context *ctx, const struct wire_target *w,
                         uint32_t usage, bool layered, struct vkx_target *out)
{
    const struct vkx_texture_desc *d;
    memset(out, 0, sizeof(*out));
    if (w->flags & ~WIRE_TARGET_FLAGS_ALL)
        return MALFORMED(ctx, "target flags %#x", w->flags);
    if (w->flags & WIRE_TARGET_BUFFER)
        return usage == WIRE_TEX_COLOR_TARGET && layered
                   ? check_buffer_target(ctx, w, out)
                   : MALFORMED(ctx, "a buffer as a target of this record");
    if (!table_get_opt(ctx, WIRE_OBJ_TEXTURE, w->texture, (void **)&out->tex))
        return false;
    if (!out->tex)
        return true;
    d = vkx_texture_get_desc(out->tex);
    if (usage && !(d->usage & usage))
        return MALFORMED(ctx, "texture %u:%u lacks usage %#x", w->texture.slot,
                         w->texture.gen, usage);
    /* A volume renders into slices of a level (a 2D or 2D-array view of
     * them); layered targets are SET_RENDER_TARGETS' alone (layered). */
    uint32_t have = d->type == WIRE_TEX_3D && usage == WIRE_TEX_COLOR_TARGET
                        ? NR_MAX(d->depth >> w->level, 1u)
                        : d->layers;
    if (w->level >= d->levels || w->layer >= have ||
        NR_MAX(w->layers, 1u) > have - w->layer || (w->layers > 1 && !layered) ||
        (w->layers > 1 && d->samples > 1))
        return MALFORMED(ctx, "target level %u layers %u+%u of texture %u:%u", w->level,
                         w->layer, w->layers, w->texture.slot, w->texture.gen);
    if (!view_format_ok(ctx, d, w->format, WIRE_FEAT_COLOR_TARGET))
        return MALFORMED(ctx, "texture %u:%u rendered as format %u", w->texture.slot,
                         w->texture.gen, w->format);
    out->level = w->level;
    out->layer = w->layer;
    out->layers = NR_MAX(w->layers, 1u);
    out->format = w->format == d->format ? 0 : w->format;
    return true;
}

static bool rec_SET_RENDER_TARGETS(void *c, const struct wire_set_render_targets *p,
                                   uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_target color[WIRE_MAX_COLOR_TARGETS], depth;
    unsigned count = 0;
    (void)size;

    for (unsigned i = 0; i < WIRE_MAX_COLOR_TARGETS; i++) {
        if (!check_target(ctx, &p->color[i], WIRE_TEX_COLOR_TARGET, true, &color[i]))
            return false;
        if (color[i].tex && i >= vkx_device_max_color_targets(ctx->server->dev))
            return MALFORMED(ctx, "render target %u: the device has %u", i,
                             vkx_device_max_color_targets(ctx->server->dev));
        if (color[i].tex)
            count = i + 1; /* gaps are allowed: nothing is written there */
    }
    if (!check_target(ctx, &p->depth, WIRE_TEX_DEPTH_TARGET, true, &depth))
        return false;
    /* Vulkan renders into attachments of one sample count, as D3D9 wants
     * its targets and depth surface of one multisample type. */
    {
        uint32_t samples = 0;
        for (unsigned i = 0; i <= WIRE_MAX_COLOR_TARGETS; i++) {
            const struct vkx_target *t = i < WIRE_MAX_COLOR_TARGETS ? &color[i] : &depth;
            uint32_t n = t->tex ? vkx_texture_get_desc(t->tex)->samples : 0;
            if (n && samples && n != samples)
                return MALFORMED(ctx, "render targets of %u and %u samples", samples, n);
            if (n)
                samples = n;
        }
    }
    return vkx_set_render_targets(ctx->vk, color, count, depth.tex ? &depth : NULL);
}

static bool rec_CLEAR(void *c, const struct wire_clear *p, uint32_t size)
{
    struct server_context *ctx = c;
    const uint8_t *src = NULL;
    int32_t *rects = NULL;
    bool ok;
    (void)size;

    if ((p->flags & ~WIRE_CLEAR_ALL) || p->rect_count > WIRE_MAX_CLEAR_RECTS ||
        !(p->depth >= 0.0f && p->depth <= 1.0f))
        return MALFORMED(ctx, "clear: flags %#x, %u rects, depth %g", p->flags,
                         p->rect_count, (double)p->depth);
    if (p->rect_count) {
        if (!(src = stage_range(ctx, p->stage_offset, (uint64_t)p->rect_count * 16,
                                "CLEAR")))
            return false;
        if (!(rects = malloc((size_t)p->rect_count * 16)))
            return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
        memcpy(rects, src, (size_t)p->rect_count * 16);
    }
    ctx->dirty = true;
    ok = vkx_clear(ctx->vk, p->flags, p->color, p->depth, p->stencil, rects,
                   p->rect_count);
    free(rects);
    return ok || MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_SET_VIEWPORT(void *c, const struct wire_set_viewport *p,
                             uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;
    if (!isfinite(p->x) || !isfinite(p->y) || !(p->width >= 0) ||
        !(p->height >= 0) || p->width > WIRE_MAX_EXTENT ||
        p->height > WIRE_MAX_EXTENT || fabsf(p->x) > 2 * WIRE_MAX_EXTENT ||
        fabsf(p->y) > 2 * WIRE_MAX_EXTENT || !(p->min_depth >= 0) ||
        !(p->min_depth <= 1) || !(p->max_depth >= 0) || !(p->max_depth <= 1) ||
        (p->flags & ~WIRE_VIEWPORT_FLAGS_ALL) || p->index >= WIRE_MAX_VIEWPORTS)
        return MALFORMED(ctx, "viewport out of range");
    if (p->index && !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_MULTI_VIEWPORT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "viewport %u: one viewport on this device",
                    p->index);
    vkx_set_viewport(ctx->vk, p);
    return true;
}

static bool rec_SET_SCISSOR(void *c, const struct wire_set_scissor *p,
                            uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;
    if (p->x < 0 || p->y < 0 || p->x > WIRE_MAX_EXTENT || p->y > WIRE_MAX_EXTENT ||
        p->width > WIRE_MAX_EXTENT || p->height > WIRE_MAX_EXTENT ||
        (p->flags & ~WIRE_SCISSOR_FLAGS_ALL) || p->index >= WIRE_MAX_VIEWPORTS)
        return MALFORMED(ctx, "scissor out of range");
    if (p->index && !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_MULTI_VIEWPORT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "scissor %u: one viewport on this device",
                    p->index);
    vkx_set_scissor(ctx->vk, p);
    return true;
}

static bool rec_SET_VERTEX_BUFFER(void *c, const struct wire_set_vertex_buffer *p,
                                  uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b;
    (void)size;
    /* (Their alignment is the attributes', checked at each draw.) */
    if (p->binding >= vkx_device_max_vertex_inputs(ctx->server->dev) || p->stride > 2048)
        return MALFORMED(ctx, "vertex buffer binding %u, stride %u, offset %llu",
                         p->binding, p->stride, (unsigned long long)p->offset);
    if (!table_get_opt(ctx, WIRE_OBJ_BUFFER, p->buffer, (void **)&b))
        return false;
    if (b && p->offset > vkx_buffer_size(b))
        return MALFORMED(ctx, "vertex buffer offset %llu past the buffer",
                         (unsigned long long)p->offset);
    ctx->vb[p->binding] = b;
    ctx->vb_offset[p->binding] = p->offset;
    ctx->vb_stride[p->binding] = p->stride;
    vkx_set_vertex_buffer(ctx->vk, p->binding, b, p->offset, p->stride);
    return true;
}

static bool rec_SET_INDEX_BUFFER(void *c, const struct wire_set_index_buffer *p,
                                 uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b;
    (void)size;
    if (p->index_size != 2 && p->index_size != 4)
        return MALFORMED(ctx, "index size %u", p->index_size);
    if (!table_get_opt(ctx, WIRE_OBJ_BUFFER, p->buffer, (void **)&b))
        return false;
    if (b && (p->offset > vkx_buffer_size(b) || p->offset % p->index_size))
        return MALFORMED(ctx, "index buffer offset %llu",
                         (unsigned long long)p->offset);
    ctx->ib = b;
    ctx->ib_offset = p->offset;
    ctx->ib_size = p->index_size;
    vkx_set_index_buffer(ctx->vk, b, p->offset, p->index_size);
    return true;
}

static bool rec_SET_PUSH_CONSTANTS(void *c, const struct wire_set_push_constants *p,
                                   uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;
    if (p->size > WIRE_PUSH_RECORD_BYTES || p->offset > WIRE_PUSH_CLIENT_BYTES ||
        p->size > WIRE_PUSH_CLIENT_BYTES - p->offset)
        return MALFORMED(ctx, "push constants [%u, +%u)", p->offset, p->size);
    vkx_set_push_constants(ctx->vk, p->offset, p->size, p->data);
    return true;
}

/* The bytes of one vertex that the block's attributes of `binding` read. */
static uint64_t vertex_extent(const struct wire_create_state_block *d,
                              uint32_t binding)
{
    uint64_t end = 0;
    for (uint32_t i = 0; i < d->attr_count; i++)
        if (d->attrs[i].binding == binding)
            end = NR_MAX(end, (uint64_t)d->attrs[i].offset +
                                  wire_format_bytes(d->attrs[i].format));
    return end;
}


/* After a draw: a command buffer that holds a whole slice of GPU work goes
 * to the queue, so the contexts' work interleaves there. */
static bool end_draw(struct server_context *ctx, bool drawn)
{
    if (drawn && vkx_ctx_slice_full(ctx->vk) && !vkx_ctx_submit(ctx->vk))
        return MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk));
    return drawn;
}

/* Draws of `n` spans of vertices with one state block (DRAW, DRAW_MULTI):
 * the block is looked up and the bound buffers checked once, for the
 * highest vertex any span reads. */
/* buffers_bound's refusal, or a binding that reads zeros. */
static bool __attribute__((noinline))
binding_unfit(struct server_context *ctx, const struct server_block *b, uint32_t i)
{
    if (!ctx->vb[i]) {
        /* Zeros where the device has null vertex bindings. */
        if (vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_NULL_VERTEX_BUFFER)
            return true;
        return MALFORMED(ctx, "draw: no vertex buffer at binding %u", i);
    }
    return MALFORMED(ctx, "draw: vertex buffer %u's offset %llu or stride %u is not "
                          "a multiple of its attributes' %u bytes",
                     i, (unsigned long long)ctx->vb_offset[i], ctx->vb_stride[i],
                     b->vb_align_mask[i] + 1u);
}

/* Every binding the block reads has a buffer, at an offset and stride its
 * attributes allow. */
static inline bool buffers_bound(struct server_context *ctx, const struct server_block *b)
{
    for (uint32_t r = b->reads; r; r &= r - 1) {
        uint32_t i = (uint32_t)__builtin_ctz(r);
        if (__builtin_expect(!ctx->vb[i] ||
                                 ((ctx->vb_offset[i] | ctx->vb_stride[i]) & b->vb_align_mask[i]),
                             0) &&
            !binding_unfit(ctx, b, i))
            return false;
    }
    return true;
}

static bool draw_spans(struct server_context *ctx, wire_handle block,
                       const struct wire_draw_span *spans, uint32_t n)
{
    struct server_block *b;
    uint64_t last = 0; /* one past the highest vertex read */

    for (uint32_t k = 0; k < n; k++) {
        if (spans[k].vertex_count > WIRE_MAX_DRAW_VERTICES)
            return MALFORMED(ctx, "draw of %u vertices (at most %u)", spans[k].vertex_count,
                             WIRE_MAX_DRAW_VERTICES);
        if (spans[k].vertex_count)
            last = NR_MAX(last, (uint64_t)spans[k].first_vertex + spans[k].vertex_count);
    }
    if (!(b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, block)))
        return false;
    if (!last)
        return true;
    /* Every binding the block reads has a buffer; fetches past its end are
     * robust buffer access's (zeros where the device has the second
     * robustness, as D3D10+ reads them; D3D9's front end never sends such
     * draws). */
    if (!buffers_bound(ctx, b))
        return false;
    ctx->dirty = true;
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    for (uint32_t k = 0; k < n; k++)
        if (spans[k].vertex_count &&
            !end_draw(ctx, vkx_draw(ctx->vk, b->pipeline, spans[k].vertex_count,
                                    spans[k].first_vertex) ||
                               MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk))))
            return false;
    return true;
}

/* Instances of a draw (bindings stepping per instance read at
 * first_instance + the instance, robust past their buffers). */
static bool rec_DRAW_INSTANCED(void *c, const struct wire_draw_instanced *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct server_block *b;
    (void)size;

    if (p->vertex_count > WIRE_MAX_DRAW_VERTICES || p->instance_count > (1u << 24) ||
        (uint64_t)p->vertex_count * p->instance_count > (1u << 30))
        return MALFORMED(ctx, "draw of %u vertices x %u instances", p->vertex_count,
                         p->instance_count);
    if (!(b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, p->block)))
        return false;
    if (!p->vertex_count || !p->instance_count)
        return true;
    /* As draw_spans: a buffer at every binding read, robust past it. */
    if (!buffers_bound(ctx, b))
        return false;
    ctx->dirty = true;
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    return end_draw(ctx, vkx_draw_instanced(ctx->vk, b->pipeline, p->vertex_count,
                                            p->first_vertex, p->instance_count,
                                            p->first_instance) ||
                             MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk)));
}

static bool rec_DRAW(void *c, const struct wire_draw *p, uint32_t size)
{
    struct wire_draw_span span = {p->vertex_count, p->first_vertex};
    (void)size;
    return draw_spans(c, p->block, &span, 1);
}

static bool rec_DRAW_MULTI(void *c, const struct wire_draw_multi *p, uint32_t size)
{
    struct server_context *ctx = c;
    if (size < 16 || p->count < 2 || p->count > WIRE_DRAW_MULTI_MAX ||
        size != 16 + 8 * p->count || p->reserved)
        return MALFORMED(ctx, "draw_multi: %u spans in %u bytes", size >= 16 ? p->count : 0,
                         size);
    return draw_spans(ctx, p->block, p->spans, p->count);
}

/* Every binding the block reads must have a buffer; an index can point
 * anywhere, so indexed draws rely on robust buffer access for the vertices
 * (enabled on every device) and are checked here for the indices. */
static bool rec_DRAW_INDEXED(void *c, const struct wire_draw_indexed *p,
                             uint32_t size)
{
    struct server_context *ctx = c;
    struct server_block *b;
    (void)size;

    /* The indices lie in the bound buffer (checked below); with instances
     * the work multiplies: the two together are bounded as well. */
    if ((uint64_t)p->index_count * NR_MAX(p->instance_count, 1u) > (1u << 30))
        return MALFORMED(ctx, "draw of %u indices x %u instances", p->index_count,
                         p->instance_count);
    if (!(b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, p->block)))
        return false;
    if (!p->index_count)
        return true;
    if (!ctx->ib)
        return MALFORMED(ctx, "indexed draw without an index buffer");
    if (ctx->ib_offset + ((uint64_t)p->first_index + p->index_count) * ctx->ib_size >
        vkx_buffer_size(ctx->ib))
        return MALFORMED(ctx, "indices %u..+%u past the index buffer",
                         p->first_index, p->index_count);
    if (!buffers_bound(ctx, b))
        return false;
    ctx->dirty = true;
    if (p->instance_count > (1u << 24) || p->first_instance > (1u << 30) || p->reserved)
        return MALFORMED(ctx, "%u instances from %u", p->instance_count, p->first_instance);
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    return end_draw(ctx, vkx_draw_indexed(ctx->vk, b->pipeline, p->index_count,
                                          p->first_index, p->base_vertex,
                                          NR_MAX(p->instance_count, 1u), p->first_instance) ||
                             MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk)));
}

static bool rec_DRAW_INDIRECT(void *c, const struct wire_draw_indirect *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *buf;
    uint32_t args[5], n = p->indexed ? 20 : 16;
    (void)size;

    if (p->indexed > 1 || p->reserved || p->offset % 4)
        return MALFORMED(ctx, "indirect draw: indexed %u, offset %llu", p->indexed,
                         (unsigned long long)p->offset);
    if (!table_get(ctx, WIRE_OBJ_STATE_BLOCK, p->block) ||
        !(buf = table_get(ctx, WIRE_OBJ_BUFFER, p->buffer)))
        return false;
    if (p->offset > vkx_buffer_size(buf) || n > vkx_buffer_size(buf) - p->offset)
        return MALFORMED(ctx, "indirect draw: arguments at %llu past buffer %u:%u",
                         (unsigned long long)p->offset, p->buffer.slot, p->buffer.gen);
    /* The arguments as the work before the draw left them: a wait (what
     * the GPU writes is not known before), then the direct draw. */
    uint64_t t0 = nr_time_ns();
    bool read = vkx_buffer_read(ctx->vk, buf, p->offset, n, args);
    ctx->wait_ns += nr_time_ns() - t0;
    if (!read)
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    if (!args[1])
        return true; /* no instances: nothing drawn */
    if (p->indexed) {
        struct wire_draw_indexed d = {p->block, args[0], args[2], (int32_t)args[3], args[1],
                                      args[4], 0};
        return rec_DRAW_INDEXED(c, &d, sizeof(d));
    }
    struct wire_draw_instanced d = {p->block, args[0], args[2], args[1], args[3]};
    return rec_DRAW_INSTANCED(c, &d, sizeof(d));
}

/* Stream-output targets: buffers made for it, from a 4-aligned offset
 * within them, or appending. */
static bool rec_SET_SO_TARGETS(void *c, const struct wire_set_so_targets *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *bufs[WIRE_MAX_SO_TARGETS];
    uint64_t offsets[WIRE_MAX_SO_TARGETS];
    (void)size;

    if (!(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "no stream output on this device");
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
        if (!table_get_opt(ctx, WIRE_OBJ_BUFFER, p->target[i].buffer, (void **)&bufs[i]))
            return false;
        offsets[i] = p->target[i].offset;
        if (bufs[i] && (!(vkx_buffer_usage(bufs[i]) & WIRE_BUF_STREAM_OUT) ||
                        (offsets[i] != WIRE_SO_APPEND &&
                         (offsets[i] % 4 || offsets[i] > vkx_buffer_size(bufs[i])))))
            return MALFORMED(ctx, "stream-output target %u: buffer %u:%u (usage %#x), offset "
                                  "%llu", i, p->target[i].buffer.slot, p->target[i].buffer.gen,
                             vkx_buffer_usage(bufs[i]), (unsigned long long)offsets[i]);
        if (!bufs[i] && offsets[i])
            return MALFORMED(ctx, "stream-output target %u: no buffer, offset %llu", i,
                             (unsigned long long)offsets[i]);
    }
    ctx->dirty = true;
    return vkx_set_so_targets(ctx->vk, bufs, offsets) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_DRAW_AUTO(void *c, const struct wire_draw_auto *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct server_block *b;
    (void)size;

    if (!(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "no stream output on this device");
    if (!(b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, p->block)))
        return false;
    if (!ctx->vb[0] || !(vkx_buffer_usage(ctx->vb[0]) & WIRE_BUF_STREAM_OUT))
        return MALFORMED(ctx, "DRAW_AUTO: vertex binding 0 holds no stream-output buffer");
    if (!buffers_bound(ctx, b))
        return false;
    /* From an offset: the position read once the work before is done (a
     * wait, as DRAW_INDIRECT's), then a draw of the vertices after the
     * offset with DRAW_INSTANCED's checks.  Mesa 22.3's lavapipe draws
     * nothing by byte count from a vertex buffer offset. */
    if (ctx->vb_offset[0]) {
        uint32_t pos = 0, stride = ctx->vb_stride[0];
        uint64_t t0 = nr_time_ns();
        bool read = vkx_so_position(ctx->vk, ctx->vb[0], &pos);
        ctx->wait_ns += nr_time_ns() - t0;
        if (!read)
            return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
        if (!stride || pos <= ctx->vb_offset[0])
            return true;
        struct wire_draw_instanced d = {
            p->block, (uint32_t)NR_MIN((pos - ctx->vb_offset[0]) / stride,
                                       (uint64_t)WIRE_MAX_DRAW_VERTICES),
            0, 1, 0};
        return rec_DRAW_INSTANCED(c, &d, sizeof(d));
    }
    ctx->dirty = true;
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    return end_draw(ctx, vkx_draw_auto(ctx->vk, b->pipeline) ||
                             MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk)));
}

static bool rec_DRAW_INDEXED_UP(void *c, const struct wire_draw_indexed_up *p,
                                uint32_t size)
{
    struct server_context *ctx = c;
    struct server_block *b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, p->block);
    const uint8_t *v, *idx;
    (void)size;

    if (!b)
        return false;
    if (b->so_or_gs)
        return MALFORMED(ctx, "DRAW_INDEXED_UP with a geometry or stream-output block");
    if (b->desc.binding_count != 1 || !p->stride || p->stride > 2048 || (p->stride & 3) ||
        (p->index_size != 2 && p->index_size != 4))
        return MALFORMED(ctx, "DRAW_INDEXED_UP: stride %u or index size %u",
                         p->stride, p->index_size);
    if (!p->index_count || !p->vertex_count)
        return true;
    if (!(v = stage_range(ctx, p->vertex_stage_offset,
                          (uint64_t)p->vertex_count * p->stride, "DRAW_INDEXED_UP")) ||
        !(idx = stage_range(ctx, p->index_stage_offset,
                            (uint64_t)p->index_count * p->index_size,
                            "DRAW_INDEXED_UP")))
        return false;
    ctx->ib = NULL; /* the UP draw unbinds the indices, as D3D9 does */
    ctx->vb[0] = NULL;
    ctx->dirty = true;
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    return end_draw(ctx, vkx_draw_indexed_up(ctx->vk, b->pipeline, p->vertex_count, p->stride,
                                             (uint32_t)vertex_extent(&b->desc, 0), v,
                                             p->index_count, p->index_size, idx) ||
                             MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk)));
}

/* Draws of `n` spans of vertex bytes in the stage ring with one state
 * block and stride (DRAW_UP, DRAW_UP_MULTI). */
static bool up_spans(struct server_context *ctx, wire_handle block, uint32_t stride,
                     const struct wire_draw_up_span *spans, uint32_t n)
{
    struct server_block *b = table_get(ctx, WIRE_OBJ_STATE_BLOCK, block);
    uint32_t extent;

    if (!b)
        return false;
    if (b->so_or_gs)
        return MALFORMED(ctx, "DRAW_UP with a geometry or stream-output block");
    /* A stride smaller than the vertex the block reads is D3D9's to allow
     * (the upload is padded); zero or unaligned strides are not. */
    if (b->desc.binding_count != 1 || !stride || stride > 2048 || (stride & 3))
        return MALFORMED(ctx, "DRAW_UP: stride %u", stride);
    for (uint32_t k = 0; k < n; k++)
        if (spans[k].vertex_count && !stage_range(ctx, spans[k].stage_offset,
                                                  (uint64_t)spans[k].vertex_count * stride,
                                                  "DRAW_UP"))
            return false;
    ctx->vb[0] = NULL; /* the UP draw unbinds stream 0, as D3D9 does */
    ctx->dirty = true;
    if (!b->pipeline)
        return true; /* a shader the server could not translate */
    vkx_set_write_masks(ctx->vk, b->write_masks);
    extent = (uint32_t)vertex_extent(&b->desc, 0);
    for (uint32_t k = 0; k < n; k++) {
        const uint8_t *src;
        if (!spans[k].vertex_count)
            continue;
        src = stage_range(ctx, spans[k].stage_offset,
                          (uint64_t)spans[k].vertex_count * stride, "DRAW_UP");
        if (!end_draw(ctx, vkx_draw_up(ctx->vk, b->pipeline, spans[k].vertex_count, stride,
                                       extent, src) ||
                               MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk))))
            return false;
    }
    return true;
}

static bool rec_DRAW_UP(void *c, const struct wire_draw_up *p, uint32_t size)
{
    struct wire_draw_up_span span = {p->vertex_count, p->stage_offset};
    (void)size;
    return up_spans(c, p->block, p->stride, &span, 1);
}

static bool rec_DRAW_UP_MULTI(void *c, const struct wire_draw_up_multi *p, uint32_t size)
{
    struct server_context *ctx = c;
    if (size < 16 || p->count < 2 || p->count > WIRE_DRAW_MULTI_MAX ||
        size != 16 + 8 * p->count)
        return MALFORMED(ctx, "draw_up_multi: %u spans in %u bytes",
                         size >= 16 ? p->count : 0, size);
    return up_spans(ctx, p->block, p->stride, p->spans, p->count);
}

/* ------------------------------------------------------- present credits */

/* A frame's present credit is answered once its work retired.  The
 * decoding thread does not wait for that: it hands (frame, timeline value)
 * to the context's waiter and goes on with the next frame's records, so
 * that the server records frame N+1 while the GPU runs frame N.  Credits
 * are answered in frame order (presents_done never goes back): a frame
 * that retired already (value 0) goes through the waiter too once it
 * runs.  A frame the GPU does not retire within NEREID_GPU_TIMEOUT_MS
 * sets `failed`, which the decoding loop turns into a lost device. */
static void *present_waiter_main(void *arg)
{
    struct server_context *ctx = arg;
    struct present_waiter *w = &ctx->waiter;

    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->count && !w->stop)
            pthread_cond_wait(&w->cond, &w->lock);
        if (w->stop)
            break;
        uint64_t frame = w->q[w->first].frame, value = w->q[w->first].value;
        pthread_mutex_unlock(&w->lock);
        int r = vkx_ctx_wait_gpu(ctx->vk, value, vkx_gpu_timeout_ns());
        pthread_mutex_lock(&w->lock);
        if (r != 1) {
            __atomic_store_n(&w->failed, true, __ATOMIC_RELEASE);
            break;
        }
        /* (A coalesced entry may have grown meanwhile: it is waited for
         * again, and answers its newer frame then.) */
        if (w->q[w->first].frame != frame)
            continue;
        w->first = (w->first + 1) % NR_ARRAY_SIZE(w->q);
        w->count--;
        pthread_mutex_unlock(&w->lock);
        ctx->end->ops->present_done(ctx->end, frame);
        pthread_mutex_lock(&w->lock);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static bool present_retired(struct server_context *ctx, uint64_t frame, uint64_t value)
{
    struct present_waiter *w = &ctx->waiter;
    const unsigned size = NR_ARRAY_SIZE(w->q);

    if (!w->started) {
        if (!value) {
            ctx->end->ops->present_done(ctx->end, frame);
            return true;
        }
        pthread_mutex_init(&w->lock, NULL);
        pthread_cond_init(&w->cond, NULL);
        if (pthread_create(&w->thread, NULL, present_waiter_main, ctx)) {
            pthread_cond_destroy(&w->cond);
            pthread_mutex_destroy(&w->lock);
            return false;
        }
        w->started = true;
    }
    pthread_mutex_lock(&w->lock);
    if (w->count == size) {
        /* A client presenting far ahead of its credits: the newest entry
         * stands for this frame too (later frames retire later). */
        unsigned last = (w->first + size - 1) % size;
        w->q[last].frame = frame;
        w->q[last].value = NR_MAX(w->q[last].value, value);
    } else {
        unsigned at = (w->first + w->count++) % size;
        unsigned prev = (at + size - 1) % size;
        /* A frame that retired already retires after the one before it. */
        w->q[at].frame = frame;
        w->q[at].value = w->count > 1 ? NR_MAX(w->q[prev].value, value) : value;
    }
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    return true;
}

static void present_waiter_stop(struct server_context *ctx)
{
    struct present_waiter *w = &ctx->waiter;
    if (!w->started)
        return;
    pthread_mutex_lock(&w->lock);
    w->stop = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->lock);
    w->started = false;
}

static bool present_waiter_failed(struct server_context *ctx)
{
    return ctx->waiter.started && __atomic_load_n(&ctx->waiter.failed, __ATOMIC_ACQUIRE);
}

static bool rec_PRESENT(void *c, const struct wire_present *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, p->texture);
    char path[600];
    const char *dump = NULL;
    (void)size;

    if (!t)
        return false;
    if (vkx_texture_get_desc(t)->samples > 1)
        return MALFORMED(ctx, "present: a multisampled texture (the client resolves)");
    if (p->flags & ~(uint32_t)WIRE_PRESENT_FLAGS_ALL)
        return MALFORMED(ctx, "present: flags 0x%x", p->flags);
    for (int i = 0; i < 4; i++)
        if (p->area[i] < -WIRE_PRESENT_MAX_COORD || p->area[i] > WIRE_PRESENT_MAX_COORD ||
            p->src[i] < -WIRE_PRESENT_MAX_COORD || p->src[i] > WIRE_PRESENT_MAX_COORD ||
            p->dst[i] < -WIRE_PRESENT_MAX_COORD || p->dst[i] > WIRE_PRESENT_MAX_COORD)
            return MALFORMED(ctx, "present: a coordinate past %d", WIRE_PRESENT_MAX_COORD);
    if (p->area[2] < 0 || p->area[3] < 0 || (p->area[2] && !p->area[3]))
        return MALFORMED(ctx, "present: an area of %dx%d", p->area[2], p->area[3]);
    struct vkx_present_target target = {
        .key = p->window_key,
        .window = p->window,
        .screen = p->flags & WIRE_PRESENT_SCREEN_AREA,
        .vsync = p->flags & WIRE_PRESENT_VSYNC,
        .hidden = p->flags & WIRE_PRESENT_HIDDEN,
        .keep = p->flags & WIRE_PRESENT_KEEP,
        .has_src = p->flags & WIRE_PRESENT_SRC_RECT,
        .has_dst = p->flags & WIRE_PRESENT_DST_RECT,
        .gamma = p->flags & WIRE_PRESENT_GAMMA,
    };
    if (target.gamma && !vkx_ctx_has_gamma(ctx->vk))
        return MALFORMED(ctx, "present: through a gamma ramp never set");
    memcpy(target.area, p->area, sizeof(target.area));
    memcpy(target.src, p->src, sizeof(target.src));
    memcpy(target.dst, p->dst, sizeof(target.dst));
    ctx->presents++;
    if (ctx->server->dump_dir[0]) {
        snprintf(path, sizeof(path), "%s/nereid-%u-%05llu.png",
                 ctx->server->dump_dir, ctx->id, (unsigned long long)ctx->presents);
        dump = path;
    }
    {
        /* Waiting for the GPU is not the server's own work: keep it out of
         * the busy time. */
        uint64_t t0 = nr_time_ns(), retire = 0;
        bool presented = vkx_present(ctx->vk, t, dump, &target, &retire);
        ctx->wait_ns += nr_time_ns() - t0;
        if (!presented)
            return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
        ctx->dirty = false;
        if (!present_retired(ctx, ctx->presents, retire))
            return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot start the present waiter");
    }
    return true;
}

static bool rec_SET_GAMMA(void *c, const struct wire_set_gamma *p, uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;

    vkx_ctx_set_gamma(ctx->vk, p->ramp);
    return true;
}

static bool rec_PING(void *c, const struct wire_ping *p, uint32_t size)
{
    struct server_context *ctx = c;
    const struct vkx_stats *st = vkx_ctx_stats(ctx->vk);
    uint64_t translations, disk_hits;
    server_shaders_stats(ctx->server->shaders, &translations, &disk_hits);
    uint64_t v[WIRE_PING_VALUE_COUNT] = {
        [WIRE_PING_COOKIE] = p->cookie,
        [WIRE_PING_VALIDATION_ERRORS] = vkx_validation_errors(),
        [WIRE_PING_RECORDS] = ctx->dec.record_index,
        [WIRE_PING_MEMORY_BYTES] = ctx->memory_bytes,
        [WIRE_PING_BUSY_NS] = ctx->busy_ns + (nr_time_ns() - ctx->span_start_ns) -
                              ctx->wait_ns,
        [WIRE_PING_DRAWS] = st->draws,
        [WIRE_PING_DRAW_CALLS] = st->draw_calls,
        [WIRE_PING_PIPELINE_BINDS] = st->pipeline_binds,
        [WIRE_PING_PIPELINES_CREATED] = st->pipelines_created,
        [WIRE_PING_SUBMITS] = st->submits,
        [WIRE_PING_SHADER_TRANSLATIONS] = translations,
        [WIRE_PING_SHADER_DISK_HITS] = disk_hits,
        [WIRE_PING_RENAMES] = st->renames,
        [WIRE_PING_ORDERED_COPIES] = st->ordered_copies,
    };
    (void)size;
    /* Everything before the ping is executed by the time it is answered. */
    if (ctx->dirty) {
        vkx_ctx_submit(ctx->vk);
        ctx->dirty = false;
    }
    send_reply(ctx, WIRE_OK, v, WIRE_PING_VALUE_COUNT, 0, 0);
    return true;
}

static bool rec_CREATE_SAMPLER(void *c, const struct wire_create_sampler *p,
                               uint32_t size)
{
    struct server_context *ctx = c;
    struct wire_caps caps;
    struct vkx_sampler *s;
    char name[64];
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_SAMPLER, p->sampler, NULL))
        return false;
    vkx_device_caps(ctx->server->dev, &caps);
    if (p->min_filter >= WIRE_FILTER_COUNT || p->mag_filter >= WIRE_FILTER_COUNT ||
        p->mip_filter >= WIRE_MIP_COUNT || p->address_u >= WIRE_ADDRESS_COUNT ||
        p->address_v >= WIRE_ADDRESS_COUNT || p->address_w >= WIRE_ADDRESS_COUNT ||
        !p->max_anisotropy || p->max_anisotropy > NR_MAX(caps.max_anisotropy, 1u) ||
        p->compare > WIRE_COMPARE_COUNT ||
        !isfinite(p->lod_bias) || fabsf(p->lod_bias) > 16.0f ||
        !(p->min_lod >= 0.0f) || !(p->max_lod >= p->min_lod) || !(p->max_lod <= 1000.0f))
        return MALFORMED(ctx, "sampler %u:%u out of range", p->sampler.slot,
                         p->sampler.gen);
    if (!(caps.features & WIRE_DEVFEAT_MIRROR_ONCE) &&
        (p->address_u == WIRE_ADDRESS_MIRROR_ONCE ||
         p->address_v == WIRE_ADDRESS_MIRROR_ONCE ||
         p->address_w == WIRE_ADDRESS_MIRROR_ONCE))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "mirror-once addressing is unsupported");
    debug_name(name, sizeof(name), ctx, "sampler", p->sampler);
    if (!(s = vkx_sampler_create(ctx->vk, p, name)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot create %s", name);
    table_set(ctx, WIRE_OBJ_SAMPLER, p->sampler, s);
    return true;
}

/* SET_TEXTURE's view of t: a type t can be viewed as, levels and layers
 * in it that suit the type, a format t may be viewed as.  *range is the
 * record's, its counts of 0 made the rest of t's. */
static bool check_sampled_view(struct server_context *ctx, const struct wire_set_texture *p,
                               struct vkx_texture *t, struct vkx_view_range *range)
{
    *range = (struct vkx_view_range){p->first_level, p->levels, p->first_layer, p->layers, 0};
    const struct vkx_texture_desc *d = vkx_texture_get_desc(t);
    /* A view of its own type, or of 2D layers: of an array, or a
     * cube's faces (one of them as a 2D view). */
    bool type_ok = d->type == p->view_type ||
                   (d->type == WIRE_TEX_2D && p->view_type == WIRE_TEX_2D_ARRAY) ||
                   (d->type == WIRE_TEX_1D && p->view_type == WIRE_TEX_1D_ARRAY) ||
                   (d->type == WIRE_TEX_CUBE && (p->view_type == WIRE_TEX_2D_ARRAY ||
                                                 p->view_type == WIRE_TEX_2D)) ||
                   (d->type == WIRE_TEX_2D && p->view_type == WIRE_TEX_2D_MS) ||
                   (d->type == WIRE_TEX_CUBE && p->view_type == WIRE_TEX_CUBE_ARRAY);
    /* A multisampled texture is read by sample, through its own view
     * type alone. */
    type_ok = type_ok && (d->samples > 1) == (p->view_type == WIRE_TEX_2D_MS);
    if (p->view_type == WIRE_TEX_CUBE_ARRAY &&
        !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_CUBE_ARRAY))
        type_ok = false;
    if (!(d->usage & WIRE_TEX_SAMPLED) || !type_ok)
        return MALFORMED(ctx, "texture %u:%u cannot be sampled as type %u",
                         p->texture.slot, p->texture.gen, p->view_type);
    if (!range->levels)
        range->levels = p->first_level < d->levels ? d->levels - p->first_level : 0;
    if (!range->layers)
        range->layers = p->first_layer < d->layers ? d->layers - p->first_layer : 0;
    if (p->first_level >= d->levels || range->levels > d->levels - p->first_level ||
        p->first_layer >= d->layers || range->layers > d->layers - p->first_layer ||
        ((p->view_type == WIRE_TEX_2D || p->view_type == WIRE_TEX_1D ||
          p->view_type == WIRE_TEX_2D_MS) && range->layers != 1) ||
        (p->view_type == WIRE_TEX_CUBE && range->layers != 6) ||
        (p->view_type == WIRE_TEX_CUBE_ARRAY && range->layers % 6))
        return MALFORMED(ctx, "texture %u:%u: a view of levels %u+%u, layers %u+%u",
                         p->texture.slot, p->texture.gen, p->first_level, p->levels,
                         p->first_layer, p->layers);
    /* (The stencil of a depth-stencil texture is its own view.) */
    if (p->format == WIRE_FORMAT_X24_G8_UINT ? !wire_format_get(d->format)->stencil ||
                                                   d->samples > 1
                                             : !view_format_ok(ctx, d, p->format,
                                                               WIRE_FEAT_SAMPLED))
        return MALFORMED(ctx, "texture %u:%u sampled as format %u", p->texture.slot,
                         p->texture.gen, p->format);
    range->format = p->format == d->format ? 0 : p->format;
    return true;
}

static bool rec_SET_TEXTURE(void *c, const struct wire_set_texture *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t;
    struct vkx_sampler *s = NULL;
    struct vkx_view_range range, *view_range = NULL;
    (void)size;

    if (p->slot >= WIRE_MAX_TEXTURE_SLOTS || p->view_type >= WIRE_TEX_TYPE_COUNT)
        return MALFORMED(ctx, "texture slot %u, view type %u", p->slot, p->view_type);
    if (!table_get_opt(ctx, WIRE_OBJ_TEXTURE, p->texture, (void **)&t))
        return false;
    if (t) {
        /* All of t through its own view (D3D9's records, a texture change
         * a draw in some programs) was checked when t was made. */
        if ((p->first_level | p->levels | p->first_layer | p->layers | p->format) ||
            !vkx_texture_whole_view(t, p->view_type)) {
            if (!check_sampled_view(ctx, p, t, &range))
                return false;
            view_range = &range;
        }
        if (!(s = table_get(ctx, WIRE_OBJ_SAMPLER, p->sampler)))
            return false;
    } else if (p->first_level || p->levels || p->first_layer || p->layers || p->format) {
        return MALFORMED(ctx, "texture slot %u: a view range of no texture", p->slot);
    }
    if (!vkx_set_texture(ctx->vk, p->slot, p->view_type, t, s, view_range))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
    return true;
}

static bool rec_SET_TEXEL_BUFFER(void *c, const struct wire_set_texel_buffer *p,
                                 uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b;
    struct wire_caps caps;
    (void)size;

    if (p->slot >= WIRE_MAX_TEXEL_SLOTS)
        return MALFORMED(ctx, "texel buffer slot %u", p->slot);
    if (!table_get_opt(ctx, WIRE_OBJ_BUFFER, p->buffer, (void **)&b))
        return false;
    if (!b) {
        if (p->format || p->offset || p->size)
            return MALFORMED(ctx, "texel buffer slot %u: a range of no buffer", p->slot);
        return vkx_set_texel_buffer(ctx->vk, p->slot, NULL, 0, 0, 0);
    }
    vkx_device_caps(ctx->server->dev, &caps);
    const struct wire_format_info *f =
        p->format < WIRE_FORMAT_COUNT ? wire_format_get(p->format) : NULL;
    if (!(vkx_buffer_usage(b) & WIRE_BUF_TEXEL))
        return MALFORMED(ctx, "buffer %u:%u was not made for texel reads", p->buffer.slot,
                         p->buffer.gen);
    /* A buffer that is storage too has views of formats stored in texel
     * buffers only (Vulkan's rule for its views). */
    if (!f || !f->block_bytes || f->compressed || f->depth || f->stencil ||
        !(caps.format_features[p->format] & WIRE_FEAT_TEXEL_BUFFER) ||
        ((vkx_buffer_usage(b) & WIRE_BUF_STORAGE) &&
         !(caps.format_features[p->format] & WIRE_FEAT_STORAGE_TEXEL)))
        return MALFORMED(ctx, "texel buffer slot %u: format %u", p->slot, p->format);
    if (!p->size || p->size % f->block_bytes || p->offset % caps.texel_buffer_align ||
        p->offset > vkx_buffer_size(b) || p->size > vkx_buffer_size(b) - p->offset ||
        p->size / f->block_bytes > caps.max_texel_elements)
        return MALFORMED(ctx, "buffer %u:%u: texels [%llu, +%llu) of format %u",
                         p->buffer.slot, p->buffer.gen, (unsigned long long)p->offset,
                         (unsigned long long)p->size, p->format);
    return vkx_set_texel_buffer(ctx->vk, p->slot, b, p->format, p->offset, p->size);
}

static bool rec_SET_STORAGE(void *c, const struct wire_set_storage *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *b = NULL;
    struct vkx_texture *t = NULL;
    struct wire_caps caps;
    (void)size;

    vkx_device_caps(ctx->server->dev, &caps);
    if (p->slot >= WIRE_MAX_STORAGE_SLOTS || p->kind >= WIRE_STORAGE_KIND_COUNT || p->reserved)
        return MALFORMED(ctx, "storage slot %u, kind %u", p->slot, p->kind);
    if (!(caps.features & WIRE_DEVFEAT_STORAGE))
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "no storage on this device");
    if (p->kind == WIRE_STORAGE_NONE) {
        bool type_ok = p->view_type == WIRE_TEX_1D || p->view_type == WIRE_TEX_1D_ARRAY ||
                       p->view_type == WIRE_TEX_2D || p->view_type == WIRE_TEX_2D_ARRAY ||
                       p->view_type == WIRE_TEX_3D;
        if (!wire_handle_is_null(p->resource) || !type_ok || !wire_handle_is_null(p->counter) ||
            (p->format != WIRE_FORMAT_R32_UINT && p->format != WIRE_FORMAT_R32_SINT &&
             p->format != WIRE_FORMAT_R32_SFLOAT) ||
            p->level || p->first_layer || p->layers || p->offset || p->size)
            return MALFORMED(ctx, "storage slot %u: an empty slot of type %u, format %u",
                             p->slot, p->view_type, p->format);
        return vkx_set_storage(ctx->vk, p->slot, p, NULL, NULL, NULL);
    }
    if (p->kind == WIRE_STORAGE_BUFFER) {
        const struct wire_format_info *f =
            p->format < WIRE_FORMAT_COUNT ? wire_format_get(p->format) : NULL;
        if (!(b = table_get(ctx, WIRE_OBJ_BUFFER, p->resource)))
            return false;
        if (!(vkx_buffer_usage(b) & WIRE_BUF_STORAGE))
            return MALFORMED(ctx, "buffer %u:%u was not made for storage", p->resource.slot,
                             p->resource.gen);
        if (!f || !f->block_bytes || f->compressed || f->depth || f->stencil ||
            !(caps.format_features[p->format] & WIRE_FEAT_STORAGE_TEXEL) ||
            ((vkx_buffer_usage(b) & WIRE_BUF_TEXEL) &&
             !(caps.format_features[p->format] & WIRE_FEAT_TEXEL_BUFFER)))
            return MALFORMED(ctx, "storage slot %u: buffer format %u", p->slot, p->format);
        if (p->view_type || p->level || p->first_layer || p->layers || !p->size ||
            p->size % f->block_bytes || p->offset % caps.texel_buffer_align ||
            p->offset > vkx_buffer_size(b) || p->size > vkx_buffer_size(b) - p->offset ||
            p->size / f->block_bytes > caps.max_texel_elements)
            return MALFORMED(ctx, "buffer %u:%u: storage texels [%llu, +%llu) of format %u",
                             p->resource.slot, p->resource.gen, (unsigned long long)p->offset,
                             (unsigned long long)p->size, p->format);
        /* Its hidden counter: a storage buffer's first word. */
        struct vkx_buffer *counter;
        if (!table_get_opt(ctx, WIRE_OBJ_BUFFER, p->counter, (void **)&counter))
            return false;
        if (counter && (!(vkx_buffer_usage(counter) & WIRE_BUF_STORAGE) ||
                        vkx_buffer_size(counter) < 4 ||
                        !(caps.format_features[WIRE_FORMAT_R32_UINT] & WIRE_FEAT_STORAGE_TEXEL)))
            return MALFORMED(ctx, "storage slot %u: counter buffer %u:%u", p->slot,
                             p->counter.slot, p->counter.gen);
        return vkx_set_storage(ctx->vk, p->slot, p, b, NULL, counter);
    }
    if (!(t = table_get(ctx, WIRE_OBJ_TEXTURE, p->resource)))
        return false;
    const struct vkx_texture_desc *d = vkx_texture_get_desc(t);
    /* A level of the texture's own type, or layers of an array (a cube's
     * faces as a 2D array); a volume's every slice. */
    bool type_ok = (p->view_type == WIRE_TEX_1D && d->type == WIRE_TEX_1D) ||
                   (p->view_type == WIRE_TEX_1D_ARRAY && d->type == WIRE_TEX_1D) ||
                   (p->view_type == WIRE_TEX_2D && (d->type == WIRE_TEX_2D ||
                                                    d->type == WIRE_TEX_CUBE)) ||
                   (p->view_type == WIRE_TEX_2D_ARRAY && (d->type == WIRE_TEX_2D ||
                                                          d->type == WIRE_TEX_CUBE)) ||
                   (p->view_type == WIRE_TEX_3D && d->type == WIRE_TEX_3D);
    if (!(d->usage & WIRE_TEX_STORAGE) || !type_ok || p->offset || p->size ||
        !wire_handle_is_null(p->counter))
        return MALFORMED(ctx, "texture %u:%u cannot be storage of type %u", p->resource.slot,
                         p->resource.gen, p->view_type);
    if (p->level >= d->levels ||
        (p->view_type == WIRE_TEX_3D
             ? p->first_layer || p->layers
             : p->first_layer >= d->layers || !p->layers ||
                   p->layers > d->layers - p->first_layer ||
                   ((p->view_type == WIRE_TEX_1D || p->view_type == WIRE_TEX_2D) &&
                    p->layers != 1)))
        return MALFORMED(ctx, "texture %u:%u: storage of level %u, layers %u+%u",
                         p->resource.slot, p->resource.gen, p->level, p->first_layer,
                         p->layers);
    if (!view_format_ok(ctx, d, p->format, WIRE_FEAT_STORAGE) ||
        (!p->format || p->format == d->format
             ? !(caps.format_features[d->format] & WIRE_FEAT_STORAGE)
             : false))
        return MALFORMED(ctx, "texture %u:%u stored as format %u", p->resource.slot,
                         p->resource.gen, p->format);
    struct wire_set_storage w = *p;
    w.format = p->format == d->format ? 0 : p->format;
    return vkx_set_storage(ctx->vk, p->slot, &w, NULL, t, NULL) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_DISPATCH(void *c, const struct wire_dispatch *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_shader *s;
    (void)size;

    if (!(s = table_get(ctx, WIRE_OBJ_SHADER, p->shader)))
        return false;
    if (vkx_shader_stage(s) != WIRE_STAGE_COMPUTE || p->reserved ||
        p->x > WIRE_MAX_DISPATCH_GROUPS || p->y > WIRE_MAX_DISPATCH_GROUPS ||
        p->z > WIRE_MAX_DISPATCH_GROUPS)
        return MALFORMED(ctx, "dispatch of %ux%ux%u groups of shader %u:%u (stage %u)", p->x,
                         p->y, p->z, p->shader.slot, p->shader.gen, vkx_shader_stage(s));
    ctx->dirty = true;
    return vkx_dispatch(ctx->vk, s, p->x, p->y, p->z) ||
           MALFORMED(ctx, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_DISPATCH_INDIRECT(void *c, const struct wire_dispatch_indirect *p,
                                  uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_buffer *buf;
    uint32_t groups[3];
    (void)size;

    if (p->offset % 4)
        return MALFORMED(ctx, "indirect dispatch: offset %llu", (unsigned long long)p->offset);
    if (!table_get(ctx, WIRE_OBJ_SHADER, p->shader) ||
        !(buf = table_get(ctx, WIRE_OBJ_BUFFER, p->buffer)))
        return false;
    if (p->offset > vkx_buffer_size(buf) || 12 > vkx_buffer_size(buf) - p->offset)
        return MALFORMED(ctx, "indirect dispatch: arguments at %llu past buffer %u:%u",
                         (unsigned long long)p->offset, p->buffer.slot, p->buffer.gen);
    /* The counts as the work before left them (the GPU may have written
     * them): a wait, then DISPATCH's checks.  Counts past D3D11's limit
     * are the application's doing, not the client's: nothing runs. */
    uint64_t t0 = nr_time_ns();
    bool read = vkx_buffer_read(ctx->vk, buf, p->offset, sizeof(groups), groups);
    ctx->wait_ns += nr_time_ns() - t0;
    if (!read)
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    if (groups[0] > WIRE_MAX_DISPATCH_GROUPS || groups[1] > WIRE_MAX_DISPATCH_GROUPS ||
        groups[2] > WIRE_MAX_DISPATCH_GROUPS) {
        NR_WARN(SERVER, "context %u: an indirect dispatch of %ux%ux%u groups: not run",
                ctx->id, groups[0], groups[1], groups[2]);
        return true;
    }
    struct wire_dispatch d = {p->shader, groups[0], groups[1], groups[2], 0};
    return rec_DISPATCH(c, &d, sizeof(d));
}

static bool rec_FILL_TEXELS(void *c, const struct wire_fill_texels *p, uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;

    if (p->reserved || (p->kind != WIRE_STORAGE_BUFFER && p->kind != WIRE_STORAGE_IMAGE))
        return MALFORMED(ctx, "fill of storage kind %u", p->kind);
    ctx->dirty = true;
    if (p->kind == WIRE_STORAGE_BUFFER) {
        struct vkx_buffer *b = table_get(ctx, WIRE_OBJ_BUFFER, p->resource);
        uint32_t n = p->texel_bytes;
        if (!b)
            return false;
        if ((n != 1 && n != 2 && n != 4 && n != 8 && n != 12 && n != 16) || p->size % n ||
            p->offset > vkx_buffer_size(b) || p->size > vkx_buffer_size(b) - p->offset ||
            p->level || p->first_layer || p->layers)
            return MALFORMED(ctx, "fill of buffer %u:%u: [%llu, +%llu) of %u-byte texels",
                             p->resource.slot, p->resource.gen,
                             (unsigned long long)p->offset, (unsigned long long)p->size, n);
        return vkx_fill_buffer(ctx->vk, b, p->offset, p->size, p->texel, n) ||
               FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
    }
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, p->resource);
    if (!t)
        return false;
    const struct vkx_texture_desc *d = vkx_texture_get_desc(t);
    const struct wire_format_info *f = wire_format_get(d->format);
    uint32_t extent = d->type == WIRE_TEX_3D ? NR_MAX(d->depth >> NR_MIN(p->level, 31u), 1u)
                                             : d->layers;
    if (f->compressed || f->depth || f->stencil || d->samples > 1 ||
        p->texel_bytes != f->block_bytes || p->offset || p->size || p->level >= d->levels ||
        p->first_layer >= extent || !p->layers || p->layers > extent - p->first_layer)
        return MALFORMED(ctx, "fill of texture %u:%u: level %u, layers %u+%u, %u-byte texels",
                         p->resource.slot, p->resource.gen, p->level, p->first_layer,
                         p->layers, p->texel_bytes);
    return vkx_fill_texture(ctx->vk, t, p->level, p->first_layer, p->layers, p->texel) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_SET_UNIFORMS(void *c, const struct wire_set_uniforms *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct wire_caps caps;
    const uint8_t *src;
    (void)size;

    vkx_device_caps(ctx->server->dev, &caps);
    bool one_slot = p->stage == WIRE_STAGE_GEOMETRY || p->stage == WIRE_STAGE_HULL ||
                    p->stage == WIRE_STAGE_DOMAIN;
    if ((p->stage > WIRE_STAGE_FRAGMENT && !one_slot) || p->stage >= WIRE_STAGE_COUNT ||
        p->slot >= WIRE_MAX_UNIFORM_SLOTS ||
        p->total > caps.max_uniform_bytes || p->offset > caps.max_uniform_bytes ||
        p->size > caps.max_uniform_bytes - p->offset || p->total % 16 || !p->total)
        return MALFORMED(ctx, "uniforms: stage %u slot %u, [%u, +%u) of %u bytes", p->stage,
                         p->slot, p->offset, p->size, p->total);
    if (!(src = stage_range(ctx, p->stage_offset, p->size, "SET_UNIFORMS")))
        return false;
    return vkx_set_uniforms(ctx->vk, p->stage, p->slot, p->offset, src, p->size, p->total) ||
           FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_GENERATE_MIPS(void *c, const struct wire_generate_mips *p,
                              uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, p->texture);
    const struct vkx_texture_desc *d;
    (void)size;

    if (!t)
        return false;
    d = vkx_texture_get_desc(t);
    if (p->first_level >= d->levels || !p->levels || p->levels > d->levels - p->first_level ||
        p->first_layer >= d->layers || !p->layers || p->layers > d->layers - p->first_layer)
        return MALFORMED(ctx, "GENERATE_MIPS: levels %u+%u, layers %u+%u of a texture of %u "
                              "levels and %u layers", p->first_level, p->levels,
                         p->first_layer, p->layers, d->levels, d->layers);
    /* Mips are blitted with a linear filter. */
    if ((vkx_device_format_features(ctx->server->dev, d->format) &
         (WIRE_FEAT_BLIT | WIRE_FEAT_FILTER)) != (WIRE_FEAT_BLIT | WIRE_FEAT_FILTER) ||
        wire_format_get(d->format)->depth)
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "format %u cannot generate mips",
                    d->format);
    ctx->dirty = true;
    return vkx_generate_mips(ctx->vk, t, p->first_level, p->levels, p->first_layer, p->layers) ||
           FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
}

/* A rectangle inside a target's level, non-empty unless empty_ok. */
static bool check_rect(const struct vkx_target *t, const int32_t r[4])
{
    const struct vkx_texture_desc *d = vkx_texture_get_desc(t->tex);
    int32_t w = (int32_t)NR_MAX(d->width >> t->level, 1u);
    int32_t h = (int32_t)NR_MAX(d->height >> t->level, 1u);
    return r[0] >= 0 && r[1] >= 0 && r[0] < r[2] && r[1] < r[3] && r[2] <= w && r[3] <= h;
}

static bool rec_BLIT(void *c, const struct wire_blit *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_target src, dst;
    const struct vkx_texture_desc *sd, *dd;
    struct vkx_device *dev = ctx->server->dev;
    (void)size;

    if (!check_target(ctx, &p->src, 0, false, &src) ||
        !check_target(ctx, &p->dst, 0, false, &dst))
        return false;
    if (!src.tex || !dst.tex || p->filter >= WIRE_FILTER_COUNT ||
        !check_rect(&src, p->src_rect) || !check_rect(&dst, p->dst_rect))
        return MALFORMED(ctx, "blit: targets or rectangles out of range");
    sd = vkx_texture_get_desc(src.tex);
    dd = vkx_texture_get_desc(dst.tex);
    /* A multisampled source resolves: a colour target into a
     * single-sampled one, both viewed as one format, unscaled.  Nothing
     * blits into one. */
    if (dd->samples > 1 ||
        (sd->samples > 1 &&
         ((src.format ? src.format : sd->format) != (dst.format ? dst.format : dd->format) ||
          wire_format_get(sd->format)->depth ||
          p->src_rect[2] - p->src_rect[0] != p->dst_rect[2] - p->dst_rect[0] ||
          p->src_rect[3] - p->src_rect[1] != p->dst_rect[3] - p->dst_rect[1])))
        return MALFORMED(ctx, "blit: a multisampled texture (%u to %u samples) "
                              "only resolves", sd->samples, dd->samples);
    if (!(vkx_device_format_features(dev, sd->format) & WIRE_FEAT_BLIT) ||
        !(vkx_device_format_features(dev, dd->format) & WIRE_FEAT_BLIT) ||
        (p->filter == WIRE_FILTER_LINEAR &&
         !(vkx_device_format_features(dev, sd->format) & WIRE_FEAT_FILTER)) ||
        wire_format_get(sd->format)->integer != wire_format_get(dd->format)->integer)
        return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "blit between formats %u and %u",
                    sd->format, dd->format);
    if (wire_format_get(sd->format)->depth || wire_format_get(dd->format)->depth) {
        /* Depth blits copy: same format, same size, nearest. */
        if (sd->format != dd->format || p->filter != WIRE_FILTER_NEAREST ||
            p->src_rect[2] - p->src_rect[0] != p->dst_rect[2] - p->dst_rect[0] ||
            p->src_rect[3] - p->src_rect[1] != p->dst_rect[3] - p->dst_rect[1])
            return MALFORMED(ctx, "blit: depth blits cannot convert or scale");
    }
    if (src.tex == dst.tex && src.level == dst.level && src.layer == dst.layer &&
        p->src_rect[0] < p->dst_rect[2] && p->dst_rect[0] < p->src_rect[2] &&
        p->src_rect[1] < p->dst_rect[3] && p->dst_rect[1] < p->src_rect[3])
        return MALFORMED(ctx, "blit: source and destination overlap");
    ctx->dirty = true;
    return vkx_blit(ctx->vk, &src, p->src_rect, &dst, p->dst_rect, p->filter) ||
           FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_FILL_RECT(void *c, const struct wire_fill_rect *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_target t;
    (void)size;

    if (!check_target(ctx, &p->target, WIRE_TEX_COLOR_TARGET, false, &t))
        return false;
    if (!t.tex || !check_rect(&t, p->rect))
        return MALFORMED(ctx, "fill: target or rectangle out of range");
    for (int i = 0; i < 4; i++)
        if (!isfinite(p->color[i]))
            return MALFORMED(ctx, "fill: colour is not finite");
    ctx->dirty = true;
    return vkx_fill(ctx->vk, &t, p->rect, p->color) ||
           FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_SET_DYNAMIC_STATE(void *c, const struct wire_set_dynamic_state *p,
                                  uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;
    for (int i = 0; i < 4; i++)
        if (!isfinite(p->blend_constants[i]))
            return MALFORMED(ctx, "blend constants are not finite");
    if (!isfinite(p->depth_bias_constant) || !isfinite(p->depth_bias_slope) ||
        !isfinite(p->depth_bias_clamp))
        return MALFORMED(ctx, "depth bias is not finite");
    if (p->depth_bias_clamp != 0.0f &&
        !(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_DEPTH_BIAS_CLAMP))
        return MALFORMED(ctx, "a depth bias clamp on a device without one");
    vkx_set_dynamic_state(ctx->vk, p);
    return true;
}

static bool rec_QUERY(void *c, const struct wire_query *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct wire_caps caps;
    bool ok = true;
    (void)size;

    if (p->type >= WIRE_QUERY_TYPE_COUNT || p->op >= WIRE_QUERY_OP_COUNT ||
        p->query >= WIRE_MAX_QUERIES || p->streams > 0xf ||
        (p->streams && (p->type != WIRE_QUERY_SO_STATS || p->op != WIRE_QUERY_BEGIN)) ||
        (p->type == WIRE_QUERY_EVENT && (p->op != WIRE_QUERY_END || p->query)) ||
        (p->type == WIRE_QUERY_TIMESTAMP && p->op == WIRE_QUERY_BEGIN))
        return MALFORMED(ctx, "query %u: type %u, op %u", p->query, p->type, p->op);
    if (p->type == WIRE_QUERY_TIMESTAMP) {
        vkx_device_caps(ctx->server->dev, &caps);
        if (!(caps.features & WIRE_DEVFEAT_TIMESTAMP_QUERY))
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "timestamp queries are unsupported");
        if (p->op == WIRE_QUERY_END)
            ok = vkx_timestamp_write(ctx->vk, p->query);
        else
            vkx_query_forget(ctx->vk, p->query);
        ctx->dirty = true;
    }
    if (p->type == WIRE_QUERY_SO_STATS) {
        if (!(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_STREAM_OUTPUT))
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "stream-output queries are unsupported");
        switch (p->op) {
        case WIRE_QUERY_BEGIN:
            ok = vkx_so_query_begin(ctx->vk, p->query, p->streams ? p->streams : 1u);
            break;
        case WIRE_QUERY_END: ok = vkx_so_query_end(ctx->vk, p->query); break;
        default: vkx_query_forget(ctx->vk, p->query); break;
        }
        ctx->dirty = true;
    }
    if (p->type == WIRE_QUERY_PIPELINE_STATS) {
        if (!(vkx_device_features(ctx->server->dev) & WIRE_DEVFEAT_PIPELINE_STATS))
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "pipeline-statistics queries are unsupported");
        switch (p->op) {
        case WIRE_QUERY_BEGIN: ok = vkx_stats_query_begin(ctx->vk, p->query); break;
        case WIRE_QUERY_END: ok = vkx_stats_query_end(ctx->vk, p->query); break;
        default: vkx_query_forget(ctx->vk, p->query); break;
        }
        ctx->dirty = true;
    }
    if (p->type == WIRE_QUERY_OCCLUSION) {
        vkx_device_caps(ctx->server->dev, &caps);
        if (!(caps.features & WIRE_DEVFEAT_OCCLUSION_QUERY))
            return FAIL(ctx, WIRE_ERR_UNSUPPORTED, "occlusion queries are unsupported");
        switch (p->op) {
        case WIRE_QUERY_BEGIN: ok = vkx_query_begin(ctx->vk, p->query); break;
        case WIRE_QUERY_END: ok = vkx_query_end(ctx->vk, p->query); break;
        default: vkx_query_forget(ctx->vk, p->query); break;
        }
        ctx->dirty = true;
    }
    if (ok && p->op == WIRE_QUERY_END)
        ok = vkx_fence_mark(ctx->vk, p->fence);
    return ok || FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "%s", vkx_ctx_error(ctx->vk));
}

static bool rec_QUERY_RESULT(void *c, const struct wire_query_result *p, uint32_t size)
{
    struct server_context *ctx = c;
    uint64_t v[WIRE_QUERY_VALUE_COUNT] = {0};
    (void)size;

    if (p->type >= WIRE_QUERY_TYPE_COUNT || p->query >= WIRE_MAX_QUERIES)
        return MALFORMED(ctx, "query result: query %u, type %u", p->query, p->type);
    /* D3DGETDATA_FLUSH: what was recorded goes to the GPU; no waiting. */
    if (!vkx_ctx_submit(ctx->vk))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    ctx->dirty = false;
    v[WIRE_QUERY_FENCE_DONE] = vkx_fence_done(ctx->vk);
    /* values[WIRE_QUERY_SAMPLES] on: the samples, ticks, SO counts or
     * statistics counters (WIRE_STAT_COUNT of them, to the end). */
    if (p->type != WIRE_QUERY_EVENT)
        v[WIRE_QUERY_DONE] = vkx_query_result(ctx->vk, p->query, &v[WIRE_QUERY_SAMPLES]) > 0;
    send_reply(ctx, WIRE_OK, v, WIRE_QUERY_VALUE_COUNT, 0, 0);
    return true;
}

static bool rec_SET_CONTEXT_OPTIONS(void *c, const struct wire_set_context_options *p,
                                    uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;

    if ((p->flags & ~(uint32_t)WIRE_CONTEXT_OPTIONS_ALL) || p->reserved)
        return MALFORMED(ctx, "context options %#x", p->flags);
    vkx_ctx_set_options(ctx->vk, p->flags);
    return true;
}

/* ------------------------------------------------------ shared textures */

static bool rec_SHARE_TEXTURE(void *c, const struct wire_share_texture *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, p->texture);
    uint64_t id;
    (void)size;

    if (!t)
        return false;
    if ((p->flags & ~(uint32_t)WIRE_SHARE_FLAGS_ALL) || p->desc_size > WIRE_SHARE_DESC_BYTES)
        return MALFORMED(ctx, "share of texture %u:%u: flags %#x, %u bytes of description",
                         p->texture.slot, p->texture.gen, p->flags, p->desc_size);
    if (vkx_texture_get_desc(t)->samples > 1 || server_share_is_shared(ctx->server, t))
        return MALFORMED(ctx, "texture %u:%u cannot be shared (multisampled, or shared already)",
                         p->texture.slot, p->texture.gen);
    if (!vkx_texture_share(ctx->vk, t))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot share texture %u:%u", p->texture.slot,
                    p->texture.gen);
    if (!(id = server_share_add(ctx->server, t, p->flags, p->desc, p->desc_size)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "no memory for a share");
    send_reply(ctx, WIRE_OK, &id, 1, 0, 0);
    return true;
}

static bool rec_OPEN_SHARED(void *c, const struct wire_open_shared *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = NULL;
    uint64_t v[WIRE_OPEN_VALUE_COUNT] = {0};
    uint8_t desc[WIRE_SHARE_DESC_BYTES];
    uint32_t flags = 0, desc_size = 0, status;
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_TEXTURE, p->texture, NULL))
        return false;
    if (p->reserved)
        return MALFORMED(ctx, "open shared: reserved field %u", p->reserved);
    /* An id that names no share is the application's mistake, answered. */
    status = server_share_open(ctx->server, ctx->vk, p->share, &t, &flags, desc, &desc_size);
    if (status != WIRE_OK) {
        send_reply(ctx, status, v, WIRE_OPEN_VALUE_COUNT, 0, 0);
        return true;
    }
    const struct vkx_texture_desc *d = vkx_texture_get_desc(t);
    uint64_t bytes = texture_bytes(d);
    /* Each holder's quota carries the texture. */
    if (!charge(ctx, bytes, "a shared texture")) {
        server_share_drop(ctx->server, t, ctx->id);
        vkx_texture_destroy(ctx->vk, t);
        return false;
    }
    table_set(ctx, WIRE_OBJ_TEXTURE, p->texture, t);
    v[WIRE_OPEN_EXTENT] = d->width | (uint64_t)d->height << 32;
    v[WIRE_OPEN_DEPTH] = d->depth | d->levels << 16 | d->samples << 24 |
                         (uint64_t)d->swizzle[0] << 32 | (uint64_t)d->swizzle[1] << 40 |
                         (uint64_t)d->swizzle[2] << 48 | (uint64_t)d->swizzle[3] << 56;
    v[WIRE_OPEN_FORMAT] = d->format | (uint64_t)d->type << 16 | (uint64_t)d->usage << 32;
    v[WIRE_OPEN_FLAGS] = flags | (uint64_t)desc_size << 32;
    memcpy(&v[WIRE_OPEN_DESC], desc, sizeof(desc));
    v[WIRE_OPEN_LAYERS] = d->layers;
    send_reply(ctx, WIRE_OK, v, WIRE_OPEN_VALUE_COUNT, 0, 0);
    return true;
}

/* The texture of a keyed share, or NULL with the decoder failed. */
static struct vkx_texture *keyed_texture(struct server_context *ctx, wire_handle h)
{
    struct vkx_texture *t = table_get(ctx, WIRE_OBJ_TEXTURE, h);
    if (t && !(server_share_flags(ctx->server, t) & WIRE_SHARE_KEYED)) {
        MALFORMED(ctx, "texture %u:%u has no keyed mutex", h.slot, h.gen);
        return NULL;
    }
    return t;
}

static bool rec_KEYED_ACQUIRE(void *c, const struct wire_keyed_acquire *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = keyed_texture(ctx, p->texture);
    uint32_t status;
    (void)size;

    if (!t)
        return false;
    if (p->reserved || server_share_holds(ctx->server, t, ctx->id))
        return MALFORMED(ctx, "acquire of texture %u:%u, which the context holds",
                         p->texture.slot, p->texture.gen);
    uint64_t t0 = nr_time_ns();
    status = server_share_acquire(ctx->server, t, ctx->id, p->key, p->timeout_ms);
    ctx->wait_ns += nr_time_ns() - t0;
    send_reply(ctx, status, NULL, 0, 0, 0);
    return true;
}

static bool rec_KEYED_RELEASE(void *c, const struct wire_keyed_release *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *t = keyed_texture(ctx, p->texture);
    (void)size;

    if (!t)
        return false;
    if (!server_share_holds(ctx->server, t, ctx->id))
        return MALFORMED(ctx, "release of texture %u:%u, which the context does not hold",
                         p->texture.slot, p->texture.gen);
    /* The next holder's submissions wait for this one. */
    if (!vkx_ctx_submit(ctx->vk))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    ctx->dirty = false;
    server_share_release(ctx->server, t, p->key);
    return true;
}

static bool rec_FLUSH(void *c, const struct wire_flush *p, uint32_t size)
{
    struct server_context *ctx = c;
    (void)size;

    if (p->reserved)
        return MALFORMED(ctx, "flush: reserved field");
    if (ctx->dirty && !vkx_ctx_submit(ctx->vk))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    ctx->dirty = false;
    send_reply(ctx, WIRE_OK, NULL, 0, 0, 0);
    return true;
}

/* ----------------------------------------------------------------- fences */

static bool rec_CREATE_FENCE(void *c, const struct wire_create_fence *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t;
    char name[64];
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_FENCE, p->fence, NULL))
        return false;
    debug_name(name, sizeof(name), ctx, "fence", p->fence);
    if (!(t = vkx_timeline_create(ctx->server->dev, p->initial, name)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "cannot create %s", name);
    table_set(ctx, WIRE_OBJ_FENCE, p->fence, t);
    return true;
}

static bool rec_FENCE_SIGNAL(void *c, const struct wire_fence_signal *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t = table_get(ctx, WIRE_OBJ_FENCE, p->fence);
    (void)size;

    if (!t)
        return false;
    if (!vkx_ctx_signal(ctx->vk, t, p->value))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    ctx->dirty = false;
    return true;
}

/* The context's later work waits on the GPU; the records after this one
 * wait here until a signal of the value is submitted (by any context), so
 * that no submission of the queue waits for a later one.  A wait that no
 * signal meets in NEREID_FENCE_WAIT_MS cuts the context off (on Windows
 * the application's GPU work would wait for ever). */
static bool rec_FENCE_WAIT(void *c, const struct wire_fence_signal *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t = table_get(ctx, WIRE_OBJ_FENCE, p->fence);
    (void)size;

    if (!t)
        return false;
    if (!vkx_timeline_wait_submitted(t, p->value, 0)) {
        uint64_t t0 = nr_time_ns();
        /* What was recorded before the wait goes now: another context's
         * signal may depend on it (a shared texture's ordering). */
        if (ctx->dirty && !vkx_ctx_submit(ctx->vk))
            return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
        ctx->dirty = false;
        while (!vkx_timeline_wait_submitted(t, p->value, 100000000u)) {
            if (__atomic_load_n(&ctx->server->stopping, __ATOMIC_RELAXED))
                return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "the server stops");
            if (nr_time_ns() - t0 >= (uint64_t)ctx->server->fence_wait_ms * 1000000u)
                return FAIL(ctx, WIRE_ERR_DEVICE_LOST,
                            "waited %u ms for a signal of fence %u:%u to %llu that no "
                            "client submitted (NEREID_FENCE_WAIT_MS)",
                            ctx->server->fence_wait_ms, p->fence.slot, p->fence.gen,
                            (unsigned long long)p->value);
        }
        ctx->wait_ns += nr_time_ns() - t0;
    }
    if (!vkx_ctx_wait(ctx->vk, t, p->value))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    return true;
}

static bool rec_FENCE_VALUE(void *c, const struct wire_fence_value *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t = table_get(ctx, WIRE_OBJ_FENCE, p->fence);
    uint64_t v;
    (void)size;

    if (!t)
        return false;
    if (p->reserved)
        return MALFORMED(ctx, "fence value: reserved field %u", p->reserved);
    /* The context's own signals must have gone for the value to rise. */
    if (ctx->dirty && !vkx_ctx_submit(ctx->vk))
        return FAIL(ctx, WIRE_ERR_DEVICE_LOST, "%s", vkx_ctx_error(ctx->vk));
    ctx->dirty = false;
    v = vkx_timeline_value(t);
    if (v < p->wait_value && p->timeout_ms) {
        uint64_t t0 = nr_time_ns();
        (void)vkx_timeline_wait(t, p->wait_value, (uint64_t)NR_MIN(p->timeout_ms, 1000u) * 1000000u);
        ctx->wait_ns += nr_time_ns() - t0;
        v = vkx_timeline_value(t);
    }
    send_reply(ctx, WIRE_OK, &v, 1, 0, 0);
    return true;
}

static bool rec_SHARE_FENCE(void *c, const struct wire_share_fence *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t = table_get(ctx, WIRE_OBJ_FENCE, p->fence);
    uint64_t id;
    (void)size;

    if (!t)
        return false;
    if (p->reserved)
        return MALFORMED(ctx, "share fence: reserved field");
    if (!(id = server_fence_share_add(ctx->server, t)))
        return FAIL(ctx, WIRE_ERR_OUT_OF_MEMORY, "no memory for a share");
    send_reply(ctx, WIRE_OK, &id, 1, 0, 0);
    return true;
}

static bool rec_OPEN_SHARED_FENCE(void *c, const struct wire_open_shared_fence *p,
                                  uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_timeline *t;
    uint64_t v = 0;
    (void)size;

    if (!table_create(ctx, WIRE_OBJ_FENCE, p->fence, NULL))
        return false;
    if (p->reserved)
        return MALFORMED(ctx, "open shared fence: reserved field %u", p->reserved);
    /* An id that names no fence is the application's mistake, answered. */
    if (!(t = server_fence_share_open(ctx->server, p->share))) {
        send_reply(ctx, WIRE_ERR_NOT_FOUND, &v, 1, 0, 0);
        return true;
    }
    table_set(ctx, WIRE_OBJ_FENCE, p->fence, t);
    v = vkx_timeline_value(t);
    send_reply(ctx, WIRE_OK, &v, 1, 0, 0);
    return true;
}

static bool rec_NAME_SHARE(void *c, const struct wire_name_share *p, uint32_t size)
{
    struct server_context *ctx = c;
    struct vkx_texture *tex = NULL;
    struct vkx_timeline *t = NULL;
    uint64_t v = 0;
    uint32_t status;
    (void)size;

    if (!p->length || p->length > WIRE_MAX_SHARE_NAME ||
        (p->kind != WIRE_OBJ_TEXTURE && p->kind != WIRE_OBJ_FENCE))
        return MALFORMED(ctx, "share name: kind %u, %u code units", p->kind, p->length);
    if (p->kind == WIRE_OBJ_TEXTURE ? !(tex = table_get(ctx, WIRE_OBJ_TEXTURE, p->object))
                                    : !(t = table_get(ctx, WIRE_OBJ_FENCE, p->object)))
        return false;
    status = server_share_name(ctx->server, tex, t, p->name, p->length);
    if (status == WIRE_ERR_MALFORMED)
        return MALFORMED(ctx, "share name of %s %u:%u, which is not shared",
                         tex ? "texture" : "fence", p->object.slot, p->object.gen);
    send_reply(ctx, status, &v, 1, 0, 0);
    return true;
}

static bool rec_FIND_SHARE(void *c, const struct wire_find_share *p, uint32_t size)
{
    struct server_context *ctx = c;
    uint32_t id = 0, kind = 0, status;
    (void)size;

    if (!p->length || p->length > WIRE_MAX_SHARE_NAME || p->reserved)
        return MALFORMED(ctx, "find share: %u code units, reserved %u", p->length, p->reserved);
    status = server_share_find(ctx->server, p->name, p->length, &id, &kind);
    uint64_t v[2] = {id, kind};
    send_reply(ctx, status, v, 2, 0, 0);
    return true;
}

static const struct wire_handlers handlers = {
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    .NAME = (bool (*)(void *, const struct type *, uint32_t))rec_##NAME,
#include "wire/wire_records.def"
#undef WIRE_RECORD
};

/* --------------------------------------------------------------- the loop */

struct server_context *server_context_create(struct server *s,
                                             struct transport_end *end,
                                             uint32_t id)
{
    struct server_context *ctx = calloc(1, sizeof(*ctx));
    if (!ctx)
        return NULL;
    ctx->server = s;
    ctx->end = end;
    ctx->id = id;
    ctx->memory_quota = (uint64_t)nr_env_int("NEREID_CONTEXT_QUOTA_MB", 4096, 16,
                                             1 << 20) << 20;
    /* The session's stage ring (shared, or the stream transport's mirror)
     * is memory the client caused too. */
    pthread_mutex_lock(&s->lock);
    if (end->stage_size > ctx->memory_quota ||
        s->memory_bytes + end->stage_size > s->memory_budget) {
        pthread_mutex_unlock(&s->lock);
        NR_WARN(SERVER, "session refused: its %u-byte stage ring is over the memory budget",
                end->stage_size);
        free(ctx);
        return NULL;
    }
    s->memory_bytes += end->stage_size;
    ctx->memory_bytes = end->stage_size;
    pthread_mutex_unlock(&s->lock);
    if (!(ctx->vk = vkx_ctx_create(s->dev, id))) {
        uncharge(ctx, ctx->memory_bytes);
        free(ctx);
        return NULL;
    }
    if (vkx_device_has_windows(s->dev)) {
        /* The client's name comes from the client: only what it says in
         * printable ASCII reaches the window manager. */
        char title[128], name[sizeof(end->hello.client_name)];
        size_t i;
        for (i = 0; i + 1 < sizeof(name) && end->hello.client_name[i]; i++) {
            char ch = end->hello.client_name[i];
            name[i] = ch >= 0x20 && ch < 0x7f ? ch : '?';
        }
        name[i] = 0;
        snprintf(title, sizeof(title), "nereid: %s (context %u)", name, id);
        vkx_ctx_set_window(ctx->vk, title);
    }
    return ctx;
}

static void cut_off(struct server_context *ctx)
{
    struct wire_event ev = {.kind = WIRE_EVENT_FATAL, .status = ctx->dec.status,
                            .op = ctx->dec.fail_op,
                            .record_index = ctx->dec.record_index};
    snprintf(ev.reason, sizeof(ev.reason), "%s", ctx->dec.reason);
    NR_WARN(SERVER, "context %u (%s) cut off at record %llu (%s): %s", ctx->id,
            ctx->end->hello.client_name, (unsigned long long)ctx->dec.record_index,
            wire_op_name(ctx->dec.fail_op), ctx->dec.reason);
    ctx->end->ops->event(ctx->end, &ev);
    /* A client parked on a reply learns of it through the fatal flag. */
}

/* How long a cut-off client is given to read why before its context goes. */
#define FATAL_LINGER_MS 3000

void server_context_run(struct server_context *ctx)
{
    struct transport_end *e = ctx->end;

    NR_INFO(SERVER, "context %u: client '%s' connected", ctx->id,
            e->hello.client_name);
    for (;;) {
        const uint8_t *data;
        size_t size, used;

        if (!e->ops->next_span(e, &data, &size, ctx->dirty ? 2 : 200))
            break; /* the client is gone */
        if (e->violation[0]) {
            wire_decoder_fail(&ctx->dec, WIRE_ERR_MALFORMED, "%s", e->violation);
            cut_off(ctx);
            break;
        }
        if (present_waiter_failed(ctx)) {
            wire_decoder_fail(&ctx->dec, WIRE_ERR_DEVICE_LOST,
                              "the GPU has not finished a frame within %llu ms",
                              (unsigned long long)(vkx_gpu_timeout_ns() / 1000000u));
            cut_off(ctx);
            break;
        }
        if (!size) {
            /* Idle: hand what was recorded to the GPU. */
            if (ctx->dirty && !vkx_ctx_submit(ctx->vk)) {
                wire_decoder_fail(&ctx->dec, WIRE_ERR_DEVICE_LOST, "%s",
                                  vkx_ctx_error(ctx->vk));
                cut_off(ctx);
                break;
            }
            ctx->dirty = false;
            continue;
        }
        ctx->span_start_ns = nr_time_ns();
        used = wire_decode(&ctx->dec, &handlers, ctx, data, size, false);
        ctx->busy_ns += nr_time_ns() - ctx->span_start_ns;
        ctx->span_start_ns = nr_time_ns();
        if (ctx->dec.fatal) {
            cut_off(ctx);
            break;
        }
        e->ops->consumed(e, used);
    }
    /* Execute nothing more from a cut-off client; give it a while to read
     * the reason, then free everything whether it left or not.  A client
     * that broke the transport itself (an impossible ring head) is never
     * waited on: next_span answers it at once, and looping on that would
     * spin. */
    if (ctx->dec.fatal) {
        const uint64_t until = nr_time_ns() + (uint64_t)FATAL_LINGER_MS * 1000000u;
        const uint8_t *data;
        size_t size;
        while (nr_time_ns() < until && !e->violation[0] &&
               e->ops->next_span(e, &data, &size, 200))
            if (size)
                e->ops->consumed(e, size);
        /* (After a transport violation next_span reads nothing: it waits a
         * little and says whether the client is still there.) */
        while (nr_time_ns() < until && e->violation[0] && e->ops->next_span(e, &data, &size, 100))
            ;
    }
    NR_INFO(SERVER, "context %u: client '%s' left", ctx->id, e->hello.client_name);
    server_context_free(ctx);
}

void server_context_free(struct server_context *ctx)
{
    present_waiter_stop(ctx);
    for (int k = WIRE_OBJ_KIND_COUNT - 1; k >= 0; k--) {
        struct handle_table *t = &ctx->tables[k];
        for (size_t i = 0; i < t->count; i++)
            if (t->entries[i].obj)
                object_destroy(ctx, (enum wire_object_kind)k, t->entries[i].obj);
        free(t->entries);
    }
    vkx_ctx_destroy(ctx->vk);
    /* What is left is the transport's share (the stage ring). */
    uncharge(ctx, ctx->memory_bytes);
    free(ctx);
}
