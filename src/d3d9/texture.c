/* Textures: IDirect3DTexture9, IDirect3DCubeTexture9, IDirect3DVolumeTexture9,
 * their surfaces and volumes, and the device methods that copy between
 * them (UpdateSurface, UpdateTexture, StretchRect, ColorFill).
 *
 * Memory follows buffer.c: every texture the application may lock
 * (MANAGED, SYSTEMMEM, SCRATCH, and DEFAULT with D3DUSAGE_DYNAMIC) keeps a
 * shadow of each level (and cube face) with D3D9's pitches.  A lock hands
 * out the shadow and never waits; the unlock sends only the locked box of
 * a texture that lives on the server (MANAGED, DEFAULT), through the stage
 * ring in WRITE_TEXTURE bands of at most 8 MiB.  SYSTEMMEM and SCRATCH
 * textures live on the client only.
 *
 * Dirty regions, as D3D9 keeps them for UpdateTexture: one box per face in
 * the coordinates of the top level, grown by every lock (unless READONLY or
 * NO_DIRTY_UPDATE) and by AddDirtyRect/AddDirtyBox, the whole texture when
 * it is created, and emptied by UpdateTexture, which sends that box (scaled
 * to each level) of the source's shadow to the destination.
 *
 * AUTOGENMIPMAP: the application sees one level; the server texture has the
 * full chain, regenerated (GENERATE_MIPS) at the next d3d9_texture_prepare
 * after the top level changed: an upload, a blit or fill into it, or, for a
 * render-target texture, any rendering since the last generation. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define D3D9_BAND_BYTES (8u << 20) /* most bytes one WRITE/READ_TEXTURE moves */
#define D3D9_MAX_VOLUME_EXTENT 2048u

struct d3d9_volume;

/* One level of one face (or of a volume). */
struct d3d9_sub {
    uint8_t *memory; /* the shadow a lock hands out; NULL: not lockable */
    uint64_t offset; /* of memory in the texture's block */
    uint32_t width, height, depth;
    uint32_t pitch, slice; /* D3D9's row and slice pitches of the shadow */
    bool locked;
    bool gpu_newer; /* the server's texels are newer than the shadow */
    bool upload_pending; /* written through level 0's lock: see unlock_box */
    DWORD lock_flags;
    D3DBOX lock_box;
    struct d3d9_surface *surface; /* made by the first GetSurfaceLevel */
    struct d3d9_volume *volume;   /* made by the first GetVolumeLevel */
};

/* The bytes of a sub-resource's data from its first one: D3D9's slices,
 * the last one's packed blocks included where they run past it. */
static uint64_t d3d9_sub_bytes(const struct d3d9_format_info *f, const struct d3d9_sub *s)
{
    return (uint64_t)(s->depth - 1) * s->slice + d3d9_format_slice_bytes(f, s->width, s->height);
}

struct d3d9_volume {
    IDirect3DVolume9 IDirect3DVolume9_iface;
    struct d3d9_texture *parent;
    uint32_t sub;
    struct nr_private_data private_data;
};

struct d3d9_texture {
    union {
        IDirect3DBaseTexture9 IDirect3DBaseTexture9_iface;
        IDirect3DTexture9 IDirect3DTexture9_iface;
        IDirect3DCubeTexture9 IDirect3DCubeTexture9_iface;
        IDirect3DVolumeTexture9 IDirect3DVolumeTexture9_iface;
    };
    uint32_t magic; /* D3D9_TEXTURE_MAGIC: see d3d9_texture_from_base */
    LONG refcount;
    uint64_t vidmem; /* its bytes in the device's vidmem_used */
    uint32_t binds; /* see d3d9_object_pin */
    struct d3d9_device *device;
    enum wire_texture_type type;
    const struct d3d9_format_info *fmt;
    DWORD usage;
    D3DPOOL pool;
    uint32_t width, height, depth;
    uint32_t levels;        /* what the application sees */
    uint32_t server_levels; /* AUTOGENMIPMAP: the full chain */
    uint32_t layers;        /* 6 for a cube */
    bool autogen;           /* the server generates levels 1.. */
    bool mips_dirty;
    uint64_t render_stamp;  /* rendering records at the last generation */
    DWORD lod, priority;
    D3DTEXTUREFILTERTYPE autogen_filter;
    wire_handle handle; /* null: SYSTEMMEM, SCRATCH */
    struct nr_private_data private_data;
    uint8_t *memory;    /* every sub-resource's shadow, one block; or NULL */
    bool user_memory;   /* memory is the application's (D3D9Ex): not freed */
    bool uploads_pending; /* some sub's upload_pending */
    struct d3d9_live live;             /* on the server: the device's list */
    struct wire_create_texture create; /* how, for a new session */
    uint32_t dcs;         /* GetDC's of its surfaces alive (d3d9_texture_dc) */
    D3DBOX dirty[6];    /* per face, top-level texels; empty: Left == Right */
    struct d3d9_sub *subs; /* [layer * levels + level] */
};

static const IDirect3DTexture9Vtbl texture_vtbl;
static const IDirect3DCubeTexture9Vtbl cube_vtbl;
static const IDirect3DVolumeTexture9Vtbl volume_texture_vtbl;
static const IDirect3DVolume9Vtbl volume_vtbl;

static uint32_t extent(uint32_t e, uint32_t level)
{
    return NR_MAX(e >> level, 1u);
}

static uint32_t max_levels(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t m = NR_MAX(NR_MAX(w, h), d), n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

/* ------------------------------------------------------------ wire bands */

bool d3d9_texture_write_box(struct d3d9_device *dev, wire_handle tex,
                            const struct d3d9_format_info *f, uint32_t level,
                            uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                            uint32_t w, uint32_t h, uint32_t d, const uint8_t *src,
                            uint32_t pitch, uint32_t slice)
{
    struct transport_client *tc = dev->tc;
    uint32_t b = f->packed_bytes ? 4 : f->block;
    /* row: the wire's bytes a block row; srow: the shadow's. */
    uint32_t srow = (w + b - 1) / b * (f->packed_bytes ? f->packed_bytes : f->bytes);
    uint32_t rows = (h + b - 1) / b;
    uint32_t row = d3d9_format_converted(f) ? w * f->wire_bytes : srow;
    uint64_t slice_bytes = (uint64_t)row * rows;

    if (!w || !h || !d || tc->lost)
        return true;
    /* A packed level's blocks follow one another from its first byte, and
     * a planar surface's rows need its chroma planes: the box is the whole
     * level (callers widen it: level_box, the locks). */
    if (d3d9_format_whole(f) && (x || y))
        return false;
    if (f->packed_bytes)
        pitch = srow;
#define COPY_ROW(dst, src, i)                                                  \
    (f->planar_to_wire ? f->planar_to_wire((dst), src_base, pitch, h, (i), w)   \
     : f->to_wire      ? f->to_wire((dst), (src), w)                           \
                       : (void)memcpy((dst), (src), srow))
    const uint8_t *src_base = src; /* planar: the level's first byte */
    if (slice_bytes <= D3D9_BAND_BYTES) {
        /* Whole slices, as many as a band holds. */
        uint32_t n = (uint32_t)(D3D9_BAND_BYTES / slice_bytes);
        for (uint32_t z0 = 0; z0 < d; z0 += n) {
            uint32_t nz = NR_MIN(n, d - z0), offset;
            uint8_t *stage;
            struct wire_write_texture wt;
            if (!transport_stage_alloc(tc, (uint32_t)slice_bytes * nz, &offset,
                                       (void **)&stage))
                return false;
            for (uint32_t k = 0; k < nz; k++)
                for (uint32_t i = 0; i < rows; i++)
                    COPY_ROW(stage + k * slice_bytes + (size_t)i * row,
                             src + (size_t)(z0 + k) * slice + (size_t)i * pitch, i);
            wt = (struct wire_write_texture){{tex, level, layer, x, y, z + z0, w, h, nz,
                                              offset, row, (uint32_t)slice_bytes, 0}};
            if (!wire_emit_WRITE_TEXTURE(&tc->w, &wt))
                return false;
        }
        return true;
    }
    /* A slice larger than a band: bands of whole block rows. */
    for (uint32_t k = 0; k < d; k++) {
        uint32_t n = D3D9_BAND_BYTES / row;
        for (uint32_t r0 = 0; r0 < rows; r0 += n) {
            uint32_t nr = NR_MIN(n, rows - r0), offset;
            uint32_t ty = y + r0 * b, th = NR_MIN(nr * b, h - r0 * b);
            uint8_t *stage;
            struct wire_write_texture wt;
            if (!transport_stage_alloc(tc, row * nr, &offset, (void **)&stage))
                return false;
            for (uint32_t i = 0; i < nr; i++)
                COPY_ROW(stage + (size_t)i * row,
                         src + (size_t)k * slice + (size_t)(r0 + i) * pitch, r0 + i);
            wt = (struct wire_write_texture){
                {tex, level, layer, x, ty, z + k, w, th, 1, offset, row, row * nr, 0}};
            if (!wire_emit_WRITE_TEXTURE(&tc->w, &wt))
                return false;
        }
    }
    return true;
#undef COPY_ROW
}

/* One READ_TEXTURE round trip of a region whose bytes fit a band. */
static bool read_band(struct d3d9_device *dev, const struct wire_texture_region *r,
                      uint32_t bytes, uint32_t row, uint32_t rows, uint8_t *dst,
                      uint32_t pitch, uint32_t slice)
{
    struct transport_client *tc = dev->tc;
    struct wire_read_texture rt = {*r};
    struct wire_reply reply;
    uint8_t *stage;

    if (tc->lost || !transport_stage_reserve(tc, bytes, &rt.r.stage_offset, (void **)&stage))
        return false;
    if (!wire_emit_READ_TEXTURE(&tc->w, &rt) || !transport_wait_reply(tc, &reply) ||
        reply.status != WIRE_OK)
        return false;
    for (uint32_t k = 0; k < NR_MAX(r->depth, 1u); k++)
        for (uint32_t i = 0; i < rows; i++)
            memcpy(dst + (size_t)k * slice + (size_t)i * pitch,
                   stage + (size_t)k * r->slice_pitch + (size_t)i * row, row);
    d3d9_frame_log(stage, bytes);
    return true;
}

bool d3d9_texture_read_box(struct d3d9_device *dev, wire_handle tex,
                           const struct d3d9_format_info *f, uint32_t level,
                           uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                           uint32_t w, uint32_t h, uint32_t d, uint8_t *dst,
                           uint32_t pitch, uint32_t slice)
{
    uint32_t b = f->packed_bytes ? 4 : f->block;
    uint32_t row = (w + b - 1) / b * (f->packed_bytes ? f->packed_bytes : f->bytes);
    uint32_t rows = (h + b - 1) / b;
    uint64_t slice_bytes = (uint64_t)row * rows;

    if (!w || !h || !d)
        return true;
    if (d3d9_format_converted(f))
        return false; /* converted on the way up: nothing to read back as */
    if (f->packed_bytes) { /* whole levels, as d3d9_texture_write_box */
        if (x || y)
            return false;
        pitch = row;
    }
    if (slice_bytes <= D3D9_BAND_BYTES) {
        uint32_t n = (uint32_t)(D3D9_BAND_BYTES / slice_bytes);
        for (uint32_t z0 = 0; z0 < d; z0 += n) {
            uint32_t nz = NR_MIN(n, d - z0);
            struct wire_texture_region r = {tex, level, layer, x, y, z + z0, w, h, nz,
                                            0, row, (uint32_t)slice_bytes, 0};
            if (!read_band(dev, &r, (uint32_t)slice_bytes * nz, row, rows,
                           dst + (size_t)z0 * slice, pitch, slice))
                return false;
        }
        return true;
    }
    for (uint32_t k = 0; k < d; k++) {
        uint32_t n = D3D9_BAND_BYTES / row;
        for (uint32_t r0 = 0; r0 < rows; r0 += n) {
            uint32_t nr = NR_MIN(n, rows - r0);
            struct wire_texture_region r = {tex, level, layer, x, y + r0 * b, z + k, w,
                                            NR_MIN(nr * b, h - r0 * b), 1, 0, row,
                                            row * nr, 0};
            if (!read_band(dev, &r, row * nr, row, nr,
                           dst + (size_t)k * slice + (size_t)r0 * pitch, pitch, 0))
                return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------ the object */

static struct d3d9_texture *impl(void *iface)
{
    return (struct d3d9_texture *)iface;
}

/* Ours by a field of ours, not by the vtable: the runtime does not read
 * the vtable of what it is given (Wine's test_get_set_texture sets a bogus
 * one and expects SetTexture to succeed). */
#define D3D9_TEXTURE_MAGIC 0x54394e52u /* "RN9T" */
struct d3d9_texture *d3d9_texture_from_base(IDirect3DBaseTexture9 *iface)
{
    if (!iface || impl(iface)->magic != D3D9_TEXTURE_MAGIC)
        return NULL;
    return impl(iface);
}

IDirect3DBaseTexture9 *d3d9_texture_base(struct d3d9_texture *t)
{
    return &t->IDirect3DBaseTexture9_iface;
}

enum wire_texture_type d3d9_texture_type(const struct d3d9_texture *t)
{
    return t->type;
}

D3DFORMAT d3d9_texture_format(const struct d3d9_texture *t)
{
    return t->fmt->format;
}

const struct d3d9_format_info *d3d9_texture_format_info(const struct d3d9_texture *t)
{
    return t->fmt;
}

/* The levels of the server texture: what a sampler sees (the full chain of
 * an AUTOGENMIPMAP texture, whose application sees one level). */
UINT d3d9_texture_levels(const struct d3d9_texture *t)
{
    return t->server_levels;
}

DWORD d3d9_texture_lod(const struct d3d9_texture *t)
{
    return t->lod;
}

/* Records that may have rendered into a texture, counted by the writer. */
static uint64_t render_stamp(struct d3d9_device *dev)
{
    const uint64_t *n = dev->tc->w.op_records;
    return n[WIRE_OP_DRAW] + n[WIRE_OP_DRAW_UP] + n[WIRE_OP_DRAW_INDEXED] +
           n[WIRE_OP_DRAW_INDEXED_UP] + n[WIRE_OP_CLEAR] + n[WIRE_OP_BLIT] +
           n[WIRE_OP_FILL_RECT];
}

static void generate_mips(struct d3d9_texture *t)
{
    struct d3d9_device *dev = t->device;
    struct wire_generate_mips g = {t->handle, 0, t->server_levels, 0, t->layers};
    if (!dev->tc->lost)
        wire_emit_GENERATE_MIPS(&dev->tc->w, &g);
    t->mips_dirty = false;
    t->render_stamp = render_stamp(dev);
}

wire_handle d3d9_texture_handle(const struct d3d9_texture *t)
{
    return t->handle;
}

bool d3d9_texture_mips_pending(struct d3d9_texture *t)
{
    return t->uploads_pending ||
           (t->autogen &&
            (t->mips_dirty ||
             ((t->usage & D3DUSAGE_RENDERTARGET) && render_stamp(t->device) != t->render_stamp)));
}

static void managed_dirty(struct d3d9_texture *t, uint32_t layer);

/* A top-level box `d` at level `l` of sub-resource `s` of format `f`,
 * grown to whole blocks and cut to the level (a packed format's is the
 * whole level); false when nothing is left. */
static bool level_box(const D3DBOX *d, uint32_t l, const struct d3d9_sub *s,
                      const struct d3d9_format_info *f, D3DBOX *out)
{
    uint32_t b = f->block;
    if (f->packed_bytes && d->Left < d->Right && d->Top < d->Bottom && d->Front < d->Back) {
        *out = (D3DBOX){0, 0, s->width, s->height, 0, s->depth};
        return true;
    }
    out->Left = (d->Left >> l) / b * b;
    out->Top = (d->Top >> l) / b * b;
    out->Front = d->Front >> l;
    out->Right = NR_MIN(NR_ALIGN((d->Right + (1u << l) - 1) >> l, b), s->width);
    out->Bottom = NR_MIN(NR_ALIGN((d->Bottom + (1u << l) - 1) >> l, b), s->height);
    out->Back = NR_MIN((d->Back + (1u << l) - 1) >> l, s->depth);
    return out->Right > out->Left && out->Bottom > out->Top && out->Back > out->Front;
}

/* Where box `x` of a sub-resource starts in its memory. */
static const uint8_t *box_bits(const struct d3d9_sub *s, const struct d3d9_format_info *f,
                               const D3DBOX *x)
{
    return s->memory + (size_t)x->Front * s->slice + (size_t)(x->Top / f->block) * s->pitch +
           (size_t)(x->Left / f->block) * f->bytes;
}

static void send_box(struct d3d9_texture *t, uint32_t layer, uint32_t l, const D3DBOX *d)
{
    const struct d3d9_sub *s = &t->subs[layer * t->levels + l];
    D3DBOX x;

    if (!level_box(d, l, s, t->fmt, &x))
        return;
    d3d9_texture_write_box(t->device, t->handle, t->fmt, l, layer, x.Left, x.Top, x.Front,
                           x.Right - x.Left, x.Bottom - x.Top, x.Back - x.Front,
                           box_bits(s, t->fmt, &x), s->pitch, s->slice);
}

/* The levels a whole lock of level 0 may have written (see unlock_box),
 * sent whole, and a MANAGED texture's dirty levels (AddDirtyRect after
 * locks with D3DLOCK_NO_DIRTY_UPDATE, EvictManagedResources), sent where
 * its dirty box says (the whole level without one), before the texture is
 * sampled. */
static void send_pending_levels(struct d3d9_texture *t)
{
    t->uploads_pending = false;
    if (t->device->tc->lost)
        return;
    for (uint32_t layer = 0; layer < t->layers; layer++) {
        D3DBOX whole = {0, 0, t->width, t->height, 0, t->depth};
        D3DBOX *d = &t->dirty[layer];
        bool boxed = t->pool == D3DPOOL_MANAGED && d->Left < d->Right;
        for (uint32_t l = 0; l < t->levels; l++) {
            struct d3d9_sub *s = &t->subs[layer * t->levels + l];
            if (!s->upload_pending)
                continue;
            s->upload_pending = false;
            send_box(t, layer, l, boxed ? d : &whole);
        }
        if (t->pool == D3DPOOL_MANAGED)
            *d = (D3DBOX){0, 0, 0, 0, 0, 0};
    }
}

/* EvictManagedResources: every MANAGED texture is sent again from its
 * shadow before it is next sampled (what it was written with
 * D3DLOCK_NO_DIRTY_UPDATE included, as on Windows: Wine's visual
 * add_dirty_rect_test). */
void d3d9_textures_evict(struct d3d9_device *dev)
{
    for (struct d3d9_live *n = dev->live_textures.next; n != &dev->live_textures; n = n->next) {
        struct d3d9_texture *t =
            (struct d3d9_texture *)((char *)n - offsetof(struct d3d9_texture, live));
        for (uint32_t layer = 0; layer < t->layers && t->pool == D3DPOOL_MANAGED; layer++) {
            t->dirty[layer] = (D3DBOX){0, 0, 0, 0, 0, 0};
            managed_dirty(t, layer);
        }
    }
}

/* A SYSTEMMEM texture a draw samples gets a server copy the first time
 * (Windows samples them: Wine's visual test_mipmap_upload and
 * add_dirty_rect_test), sent whole from the shadow; unlocks keep it up to
 * date from then on, as for MANAGED ones.  False when it cannot have one. */
static void mark_bound_dirty(struct d3d9_texture *t);

static bool sysmem_server_copy(struct d3d9_texture *t)
{
    struct d3d9_device *dev = t->device;
    const struct d3d9_format_info *f = t->fmt;
    struct wire_create_texture ct = {
        .format = f->wire, .type = t->type, .width = t->width, .height = t->height,
        .depth = t->depth, .levels = t->levels, .usage = WIRE_TEX_SAMPLED,
        .swizzle = {f->swizzle[0], f->swizzle[1], f->swizzle[2], f->swizzle[3]}};

    if (t->pool != D3DPOOL_SYSTEMMEM || !t->memory || dev->tc->lost ||
        !(d3d9_format_features(&dev->tc->caps, f->format) & WIRE_FEAT_SAMPLED))
        return false;
    ct.texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE);
    if (wire_handle_is_null(ct.texture))
        return false;
    wire_emit_CREATE_TEXTURE(&dev->tc->w, &ct);
    t->handle = ct.texture;
    t->create = ct;
    d3d9_live_add(&dev->live_textures, &t->live);
    for (uint32_t i = 0; i < t->levels * t->layers; i++)
        t->subs[i].upload_pending = true;
    t->uploads_pending = true;
    return true;
}

void d3d9_texture_cpu_wrote(struct d3d9_texture *t, uint32_t sub)
{
    if (t->pool != D3DPOOL_SYSTEMMEM || wire_handle_is_null(t->handle))
        return;
    t->subs[sub].upload_pending = true;
    t->uploads_pending = true;
    mark_bound_dirty(t);
}

wire_handle d3d9_texture_prepare(struct d3d9_texture *t)
{
    if (wire_handle_is_null(t->handle) && !sysmem_server_copy(t))
        return t->handle;
    if (t->uploads_pending)
        send_pending_levels(t);
    if (d3d9_texture_mips_pending(t))
        generate_mips(t);
    return t->handle;
}

/* Where the texture is bound, the device's next draw must come through
 * d3d9_texture_prepare: its bindings are marked dirty. */
static void mark_bound_dirty(struct d3d9_texture *t)
{
    for (int i = 0; i < D3D9_MAX_SAMPLERS; i++)
        if (t->device->textures[i] == t)
            t->device->dirty |= D3D9_DIRTY_TEXTURES;
}

/* The top level of an AUTOGENMIPMAP texture changed: the next prepare
 * generates the rest. */
static void mips_changed(struct d3d9_texture *t)
{
    if (!t->autogen)
        return;
    t->mips_dirty = true;
    mark_bound_dirty(t);
}

void d3d9_texture_gpu_wrote(struct d3d9_texture *t, uint32_t sub)
{
    if (sub % t->levels == 0)
        mips_changed(t);
    if (t->subs[sub].memory)
        t->subs[sub].gpu_newer = true;
}

static void dirty_add(struct d3d9_texture *t, uint32_t layer, const D3DBOX *box,
                      uint32_t level)
{
    D3DBOX *d = &t->dirty[layer];
    D3DBOX b = {box->Left << level, box->Top << level, box->Right << level,
                box->Bottom << level, box->Front << level, box->Back << level};
    b.Right = NR_MIN(b.Right, t->width);
    b.Bottom = NR_MIN(b.Bottom, t->height);
    b.Back = NR_MIN(b.Back, t->depth);
    if (b.Left >= b.Right || b.Top >= b.Bottom || b.Front >= b.Back)
        return;
    if (d->Left >= d->Right) {
        *d = b;
        return;
    }
    d->Left = NR_MIN(d->Left, b.Left);
    d->Top = NR_MIN(d->Top, b.Top);
    d->Front = NR_MIN(d->Front, b.Front);
    d->Right = NR_MAX(d->Right, b.Right);
    d->Bottom = NR_MAX(d->Bottom, b.Bottom);
    d->Back = NR_MAX(d->Back, b.Back);
}

static void dirty_all(struct d3d9_texture *t, uint32_t layer)
{
    t->dirty[layer] = (D3DBOX){0, 0, t->width, t->height, 0, t->depth};
}

static void texture_destroy(struct d3d9_texture *t)
{
    struct d3d9_device *dev = t->device;

    /* Nothing binds it or its levels any more (see d3d9_object_pin). */
    d3d9_live_remove(&t->live);
    for (uint32_t i = 0; i < t->levels * t->layers; i++) {
        if (t->subs[i].surface)
            d3d9_surface_destroy(t->subs[i].surface);
        if (t->subs[i].volume)
            nr_private_clear(&t->subs[i].volume->private_data);
        free(t->subs[i].volume);
    }
    if (!t->user_memory)
        free(t->memory);
    d3d9_device_destroy_object(dev, WIRE_OBJ_TEXTURE, t->handle);
    d3d9_vidmem(dev, -(int64_t)t->vidmem);
    nr_private_clear(&t->private_data);
    free(t->subs);
    *(volatile uint32_t *)&t->magic = 0; /* a stale pointer is no texture */
    free(t);
}

void d3d9_texture_pin(struct d3d9_texture *t, int delta)
{
    t->binds += (uint32_t)delta;
    if (!t->binds && !__atomic_load_n(&t->refcount, __ATOMIC_SEQ_CST))
        texture_destroy(t);
}

/* ---- IUnknown, IDirect3DResource9, IDirect3DBaseTexture9: shared ---- */

static ULONG texture_addref(struct d3d9_texture *t);

static HRESULT texture_qi(struct d3d9_texture *t, REFIID riid, void **out)
{
    const IID *own = t->type == WIRE_TEX_CUBE ? &IID_IDirect3DCubeTexture9
                     : t->type == WIRE_TEX_3D ? &IID_IDirect3DVolumeTexture9
                                              : &IID_IDirect3DTexture9;
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, own) || IsEqualGUID(riid, &IID_IDirect3DBaseTexture9) ||
        IsEqualGUID(riid, &IID_IDirect3DResource9) || IsEqualGUID(riid, &IID_IUnknown)) {
        texture_addref(t);
        *out = t;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG texture_addref(struct d3d9_texture *t)
{
    LONG ref = __atomic_add_fetch(&t->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref == 1) {
        /* Back from 0: a texture the device kept bound (Get*). */
        d3d9_device_addref(t->device);
        if (t->pool == D3DPOOL_DEFAULT)
            t->device->default_objects++;
    }
    return (ULONG)ref;
}

static ULONG texture_release(struct d3d9_texture *t)
{
    struct d3d9_device *dev = t->device;
    LONG ref = __atomic_sub_fetch(&t->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        if (t->pool == D3DPOOL_DEFAULT)
            dev->default_objects--;
        if (!t->binds)
            texture_destroy(t);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

static HRESULT texture_get_device(struct d3d9_texture *t, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &t->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static DWORD texture_set_priority(struct d3d9_texture *t, DWORD p)
{
    DWORD old = t->priority;
    if (t->pool == D3DPOOL_MANAGED)
        t->priority = p;
    return old;
}

/* "SetLOD is used only on managed textures"; others keep 0. */
static DWORD texture_set_lod(struct d3d9_texture *t, DWORD lod)
{
    DWORD old = t->lod;
    if (t->pool == D3DPOOL_MANAGED)
        t->lod = NR_MIN(lod, t->levels - 1);
    return old;
}

static HRESULT texture_set_autogen_filter(struct d3d9_texture *t, D3DTEXTUREFILTERTYPE f)
{
    /* The server's generation filters linearly; D3D9 lets a driver pick. */
    if (f != D3DTEXF_POINT && f != D3DTEXF_LINEAR && f != D3DTEXF_ANISOTROPIC &&
        f != D3DTEXF_PYRAMIDALQUAD && f != D3DTEXF_GAUSSIANQUAD)
        return D3DERR_INVALIDCALL;
    t->autogen_filter = f;
    return D3D_OK;
}

static void texture_generate_mip_sub_levels(struct d3d9_texture *t)
{
    if (t->autogen) {
        t->mips_dirty = true;
        d3d9_texture_prepare(t);
    }
}

/* ---- locks ---- */

/* A box inside the level.  Block-compressed volumes lock whole blocks;
 * the levels of 2D and cube textures outside the DEFAULT pool lock partial
 * blocks too (Wine's device tests pin both on Windows): such a box is
 * widened to the blocks it touches. */
static bool valid_box(const struct d3d9_texture *t, const struct d3d9_sub *s, D3DBOX *b)
{
    UINT k = t->fmt->block;
    if (b->Left >= b->Right || b->Top >= b->Bottom || b->Front >= b->Back ||
        b->Right > s->width || b->Bottom > s->height || b->Back > s->depth)
        return false;
    if (t->type != WIRE_TEX_3D && t->pool != D3DPOOL_DEFAULT && k > 1) {
        b->Left -= b->Left % k;
        b->Top -= b->Top % k;
        b->Right = NR_MIN(NR_ALIGN(b->Right, k), s->width);
        b->Bottom = NR_MIN(NR_ALIGN(b->Bottom, k), s->height);
        return true;
    }
    return !(b->Left % k) && !(b->Top % k) && (!(b->Right % k) || b->Right == s->width) &&
           (!(b->Bottom % k) || b->Bottom == s->height);
}

/* A refused lock leaves *bits, *pitch and *slice as they were (Wine's
 * device tests check it on Windows). */
static HRESULT lock_box(struct d3d9_texture *t, uint32_t sub, const D3DBOX *in,
                        DWORD flags, void **bits, INT *pitch, INT *slice)
{
    struct d3d9_sub *s = &t->subs[sub];
    D3DBOX all = {0, 0, s->width, s->height, 0, s->depth}, b, *box = &all;
    UINT k = t->fmt->block;

    /* DEFAULT textures are lockable only when dynamic; render targets and
     * depth textures never. */
    if (!s->memory || s->locked)
        return D3DERR_INVALIDCALL;
    if (in) {
        b = *in;
        if (!valid_box(t, s, &b))
            return D3DERR_INVALIDCALL;
        box = &b;
    }
    if (s->gpu_newer && !(flags & D3DLOCK_DISCARD) && !t->device->tc->lost) {
        /* The server wrote it (UpdateSurface into a dynamic texture): read
         * it back once. */
        if (!d3d9_texture_read_box(t->device, t->handle, t->fmt, sub % t->levels,
                                   sub / t->levels, 0, 0, 0, s->width, s->height,
                                   s->depth, s->memory, s->pitch, s->slice))
            return D3DERR_DEVICELOST;
    }
    s->gpu_newer = false;
    s->locked = true;
    s->lock_flags = flags;
    s->lock_box = d3d9_format_whole(t->fmt) ? all : *box; /* see level_box */
    if (s->surface)
        s->surface->locked = true;
    *bits = s->memory + (size_t)box->Front * s->slice +
            (size_t)(box->Top / k) * s->pitch + (size_t)(box->Left / k) * t->fmt->bytes;
    *pitch = (INT)s->pitch;
    if (slice)
        *slice = (INT)s->slice;
    return D3D_OK;
}

static HRESULT unlock_box(struct d3d9_texture *t, uint32_t sub)
{
    struct d3d9_sub *s = &t->subs[sub];
    const D3DBOX *b = &s->lock_box;
    uint32_t level = sub % t->levels, layer = sub / t->levels;
    UINT k = t->fmt->block;

    if (!s->locked)
        return D3DERR_INVALIDCALL;
    s->locked = false;
    if (s->surface)
        s->surface->locked = false;
    if (s->lock_flags & D3DLOCK_READONLY)
        return D3D_OK;
    /* The dirty box is what UpdateTexture sends from SYSTEMMEM, and what a
     * MANAGED texture still has to send (AddDirtyRect): an unlock of one
     * sends right away. */
    if (!(s->lock_flags & D3DLOCK_NO_DIRTY_UPDATE) && t->pool != D3DPOOL_MANAGED)
        dirty_add(t, layer, b, level);
    /* A MANAGED texture honours D3DLOCK_NO_DIRTY_UPDATE: nothing reaches
     * the GPU until AddDirtyRect (Wine's visual add_dirty_rect_test). */
    else if (t->pool == D3DPOOL_MANAGED && (s->lock_flags & D3DLOCK_NO_DIRTY_UPDATE))
        return D3D_OK;
    if (!wire_handle_is_null(t->handle)) {
        bool whole = !b->Left && !b->Top && !b->Front && b->Right == s->width &&
                     b->Bottom == s->height && b->Back == s->depth;
        /* D3D9 lays a chain out in one block, and programs write every level
         * through a whole lock of level 0 (Wine's visual test_mipmap_upload,
         * on Windows): the other levels of the face are sent before the
         * texture is next sampled, unless their own unlock sends them. */
        if (level == 0 && whole && t->levels > 1 && !t->autogen) {
            for (uint32_t l = 1; l < t->levels; l++)
                t->subs[layer * t->levels + l].upload_pending = true;
            t->uploads_pending = true;
            if (t->pool == D3DPOOL_MANAGED)
                t->dirty[layer] = (D3DBOX){0, 0, 0, 0, 0, 0}; /* whole levels */
            mark_bound_dirty(t);
        } else if (whole) {
            s->upload_pending = false;
        }
        d3d9_texture_write_box(t->device, t->handle, t->fmt, level, layer, b->Left,
                               b->Top, b->Front, b->Right - b->Left, b->Bottom - b->Top,
                               b->Back - b->Front,
                               s->memory + (size_t)b->Front * s->slice +
                                   (size_t)(b->Top / k) * s->pitch +
                                   (size_t)(b->Left / k) * t->fmt->bytes,
                               s->pitch, s->slice);
        if (level == 0)
            mips_changed(t);
    }
    return D3D_OK;
}

HRESULT d3d9_texture_lock_sub(struct d3d9_texture *t, uint32_t sub, D3DLOCKED_RECT *lr,
                              const RECT *rect, DWORD flags)
{
    D3DBOX box;
    void *bits;
    INT pitch;
    HRESULT hr;

    if (!lr)
        return D3DERR_INVALIDCALL;
    /* While one of its surfaces has a DC, no level of it locks. */
    if (t->dcs)
        return D3DERR_INVALIDCALL;
    if (rect) {
        const struct d3d9_sub *s = &t->subs[sub];
        bool inside = rect->left >= 0 && rect->top >= 0 && rect->left < rect->right &&
                      rect->top < rect->bottom && (UINT)rect->right <= s->width &&
                      (UINT)rect->bottom <= s->height;
        if (!inside && t->pool != D3DPOOL_DEFAULT) {
            /* Outside the DEFAULT pool Windows XP accepts a rectangle that
             * is not inside the level and points where it says; programs
             * rely on it (Wine's device test_lockrect_invalid).  The lock
             * holds the whole level, so an unlock sends only real texels. */
            UINT k = t->fmt->block;
            hr = lock_box(t, sub, NULL, flags, &bits, &pitch, NULL);
            if (SUCCEEDED(hr)) {
                lr->pBits = (uint8_t *)bits + (ptrdiff_t)(rect->top / (LONG)k) * pitch +
                            (ptrdiff_t)(rect->left / (LONG)k) * (ptrdiff_t)t->fmt->bytes;
                lr->Pitch = pitch;
            }
            return hr;
        }
        if (!inside)
            return D3DERR_INVALIDCALL;
        box = (D3DBOX){(UINT)rect->left, (UINT)rect->top, (UINT)rect->right,
                       (UINT)rect->bottom, 0, 1};
    }
    hr = lock_box(t, sub, rect ? &box : NULL, flags, &bits, &pitch, NULL);
    if (SUCCEEDED(hr)) {
        lr->pBits = bits;
        lr->Pitch = pitch;
    }
    return hr;
}

void d3d9_texture_dc(struct d3d9_texture *t, int delta)
{
    t->dcs += (uint32_t)delta;
}

bool d3d9_texture_any_locked(const struct d3d9_texture *t)
{
    for (uint32_t i = 0; i < t->levels * t->layers; i++)
        if (t->subs[i].locked)
            return true;
    return false;
}

HRESULT d3d9_texture_unlock_sub(struct d3d9_texture *t, uint32_t sub)
{
    /* Unlocking a level of a lockable 2D texture that is not locked
     * succeeds (Wine's device tests pin it on Windows; a cube's face
     * surface, or a texture that cannot be locked, answers INVALIDCALL). */
    if (t->type == WIRE_TEX_2D && !t->subs[sub].locked && t->subs[sub].memory)
        return D3D_OK;
    /* While one of its surfaces has a DC, another's unlock is a no-op that
     * succeeds (Wine's device test_getdc, on Windows). */
    if (t->dcs && !t->subs[sub].locked)
        return D3D_OK;
    return unlock_box(t, sub);
}

/* A MANAGED texture's dirty region reaches the GPU before it is next
 * sampled: its face's levels are sent whole then. */
static void managed_dirty(struct d3d9_texture *t, uint32_t layer)
{
    if (t->pool != D3DPOOL_MANAGED || wire_handle_is_null(t->handle))
        return;
    for (uint32_t l = 0; l < t->levels; l++)
        t->subs[layer * t->levels + l].upload_pending = true;
    t->uploads_pending = true;
    mark_bound_dirty(t);
}

static HRESULT add_dirty_rect(struct d3d9_texture *t, uint32_t layer, const RECT *r)
{
    D3DBOX b;
    managed_dirty(t, layer);
    if (!r) {
        dirty_all(t, layer);
        return D3D_OK;
    }
    /* Inside level 0, as on Windows (Wine's visual add_dirty_rect_test). */
    if (r->left < 0 || r->top < 0 || r->left >= r->right || r->top >= r->bottom ||
        (UINT)r->right > t->width || (UINT)r->bottom > t->height)
        return D3DERR_INVALIDCALL;
    b = (D3DBOX){(UINT)r->left, (UINT)r->top, (UINT)r->right, (UINT)r->bottom, 0, 1};
    dirty_add(t, layer, &b, 0);
    return D3D_OK;
}

/* The surface of a level and face, made once and kept with the texture. */
static struct d3d9_surface *sub_surface(struct d3d9_texture *t, uint32_t level,
                                        uint32_t layer)
{
    uint32_t sub = layer * t->levels + level;
    struct d3d9_sub *s = &t->subs[sub];
    if (!s->surface) {
        D3DSURFACE_DESC desc = {t->fmt->format, D3DRTYPE_SURFACE, t->usage, t->pool,
                                D3DMULTISAMPLE_NONE, 0, s->width, s->height};
        s->surface = d3d9_surface_create_level(t->device, t, (IUnknown *)t, sub, &desc,
                                               t->handle, level, layer, s->memory,
                                               s->pitch);
        if (s->surface)
            s->surface->locked = s->locked;
    }
    return s->surface;
}

static HRESULT get_surface(struct d3d9_texture *t, uint32_t level, uint32_t layer,
                           IDirect3DSurface9 **out)
{
    struct d3d9_surface *s;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (level >= t->levels || layer >= t->layers)
        return D3DERR_INVALIDCALL;
    if (!(s = sub_surface(t, level, layer)))
        return E_OUTOFMEMORY;
    *out = &s->IDirect3DSurface9_iface;
    IDirect3DSurface9_AddRef(*out); /* counts the texture */
    return D3D_OK;
}

static HRESULT get_level_desc(struct d3d9_texture *t, UINT level, D3DSURFACE_DESC *d)
{
    if (!d || level >= t->levels)
        return D3DERR_INVALIDCALL;
    *d = (D3DSURFACE_DESC){t->fmt->format, D3DRTYPE_SURFACE, t->usage, t->pool,
                           D3DMULTISAMPLE_NONE, 0, t->subs[level].width,
                           t->subs[level].height};
    return D3D_OK;
}

/* ---- IDirect3DTexture9 ---- */

#define COMMON_METHODS(prefix, type)                                                  \
    static HRESULT WINAPI prefix##_QueryInterface(type *i, REFIID r, void **o)        \
    {                                                                                 \
        return texture_qi(impl(i), r, o);                                             \
    }                                                                                 \
    static ULONG WINAPI prefix##_AddRef(type *i) { return texture_addref(impl(i)); }  \
    static ULONG WINAPI prefix##_Release(type *i) { return texture_release(impl(i)); } \
    static HRESULT WINAPI prefix##_GetDevice(type *i, IDirect3DDevice9 **d)           \
    {                                                                                 \
        return texture_get_device(impl(i), d);                                        \
    }                                                                                 \
    static HRESULT WINAPI prefix##_SetPrivateData(type *i, REFGUID g, const void *d,  \
                                                  DWORD s, DWORD f)                   \
    {                                                                                 \
        return d3d9_private_set(&impl(i)->private_data, g, d, s, f);                 \
    }                                                                                 \
    static HRESULT WINAPI prefix##_GetPrivateData(type *i, REFGUID g, void *d,        \
                                                  DWORD *s)                           \
    {                                                                                 \
        return d3d9_private_get(&impl(i)->private_data, g, d, s);                    \
    }                                                                                 \
    static HRESULT WINAPI prefix##_FreePrivateData(type *i, REFGUID g)                \
    {                                                                                 \
        return d3d9_private_free(&impl(i)->private_data, g);                         \
    }                                                                                 \
    static DWORD WINAPI prefix##_SetPriority(type *i, DWORD p)                        \
    {                                                                                 \
        return texture_set_priority(impl(i), p);                                      \
    }                                                                                 \
    static DWORD WINAPI prefix##_GetPriority(type *i) { return impl(i)->priority; }   \
    static void WINAPI prefix##_PreLoad(type *i) { d3d9_texture_prepare(impl(i)); }   \
    static DWORD WINAPI prefix##_SetLOD(type *i, DWORD l)                             \
    {                                                                                 \
        return texture_set_lod(impl(i), l);                                           \
    }                                                                                 \
    static DWORD WINAPI prefix##_GetLOD(type *i) { return impl(i)->lod; }             \
    static DWORD WINAPI prefix##_GetLevelCount(type *i) { return impl(i)->levels; }   \
    static HRESULT WINAPI prefix##_SetAutoGenFilterType(type *i, D3DTEXTUREFILTERTYPE f) \
    {                                                                                 \
        return texture_set_autogen_filter(impl(i), f);                                \
    }                                                                                 \
    static D3DTEXTUREFILTERTYPE WINAPI prefix##_GetAutoGenFilterType(type *i)         \
    {                                                                                 \
        return impl(i)->autogen_filter;                                               \
    }                                                                                 \
    static void WINAPI prefix##_GenerateMipSubLevels(type *i)                         \
    {                                                                                 \
        texture_generate_mip_sub_levels(impl(i));                                     \
    }

COMMON_METHODS(tex2d, IDirect3DTexture9)
COMMON_METHODS(cube, IDirect3DCubeTexture9)
COMMON_METHODS(vol, IDirect3DVolumeTexture9)

static D3DRESOURCETYPE WINAPI tex2d_GetType(IDirect3DTexture9 *i)
{
    (void)i;
    return D3DRTYPE_TEXTURE;
}

static HRESULT WINAPI tex2d_GetLevelDesc(IDirect3DTexture9 *i, UINT level,
                                         D3DSURFACE_DESC *desc)
{
    return get_level_desc(impl(i), level, desc);
}

static HRESULT WINAPI tex2d_GetSurfaceLevel(IDirect3DTexture9 *i, UINT level,
                                            IDirect3DSurface9 **out)
{
    return get_surface(impl(i), level, 0, out);
}

static HRESULT WINAPI tex2d_LockRect(IDirect3DTexture9 *i, UINT level, D3DLOCKED_RECT *lr,
                                     const RECT *rect, DWORD flags)
{
    struct d3d9_texture *t = impl(i);
    if (!lr)
        return D3DERR_INVALIDCALL;
    if (level >= t->levels) {
        lr->pBits = NULL;
        lr->Pitch = 0;
        return D3DERR_INVALIDCALL;
    }
    return d3d9_texture_lock_sub(t, level, lr, rect, flags);
}

static HRESULT WINAPI tex2d_UnlockRect(IDirect3DTexture9 *i, UINT level)
{
    struct d3d9_texture *t = impl(i);
    if (level >= t->levels)
        return D3DERR_INVALIDCALL;
    return d3d9_texture_unlock_sub(t, level);
}

static HRESULT WINAPI tex2d_AddDirtyRect(IDirect3DTexture9 *i, const RECT *r)
{
    return add_dirty_rect(impl(i), 0, r);
}

static const IDirect3DTexture9Vtbl texture_vtbl = {
    tex2d_QueryInterface, tex2d_AddRef, tex2d_Release, tex2d_GetDevice,
    tex2d_SetPrivateData, tex2d_GetPrivateData, tex2d_FreePrivateData,
    tex2d_SetPriority, tex2d_GetPriority, tex2d_PreLoad, tex2d_GetType,
    tex2d_SetLOD, tex2d_GetLOD, tex2d_GetLevelCount, tex2d_SetAutoGenFilterType,
    tex2d_GetAutoGenFilterType, tex2d_GenerateMipSubLevels, tex2d_GetLevelDesc,
    tex2d_GetSurfaceLevel, tex2d_LockRect, tex2d_UnlockRect, tex2d_AddDirtyRect,
};

/* ---- IDirect3DCubeTexture9 ---- */

static D3DRESOURCETYPE WINAPI cube_GetType(IDirect3DCubeTexture9 *i)
{
    (void)i;
    return D3DRTYPE_CUBETEXTURE;
}

static HRESULT WINAPI cube_GetLevelDesc(IDirect3DCubeTexture9 *i, UINT level,
                                        D3DSURFACE_DESC *desc)
{
    return get_level_desc(impl(i), level, desc);
}

static HRESULT WINAPI cube_GetCubeMapSurface(IDirect3DCubeTexture9 *i,
                                             D3DCUBEMAP_FACES face, UINT level,
                                             IDirect3DSurface9 **out)
{
    if ((UINT)face > D3DCUBEMAP_FACE_NEGATIVE_Z) {
        if (out)
            *out = NULL;
        return D3DERR_INVALIDCALL;
    }
    return get_surface(impl(i), level, (uint32_t)face, out);
}

static HRESULT WINAPI cube_LockRect(IDirect3DCubeTexture9 *i, D3DCUBEMAP_FACES face,
                                    UINT level, D3DLOCKED_RECT *lr, const RECT *rect,
                                    DWORD flags)
{
    struct d3d9_texture *t = impl(i);
    if (!lr)
        return D3DERR_INVALIDCALL;
    if (level >= t->levels || (UINT)face > D3DCUBEMAP_FACE_NEGATIVE_Z) {
        lr->pBits = NULL;
        lr->Pitch = 0;
        return D3DERR_INVALIDCALL;
    }
    return d3d9_texture_lock_sub(t, (uint32_t)face * t->levels + level, lr, rect, flags);
}

static HRESULT WINAPI cube_UnlockRect(IDirect3DCubeTexture9 *i, D3DCUBEMAP_FACES face,
                                      UINT level)
{
    struct d3d9_texture *t = impl(i);
    if (level >= t->levels || (UINT)face > D3DCUBEMAP_FACE_NEGATIVE_Z)
        return D3DERR_INVALIDCALL;
    /* The cube's own UnlockRect of a face that is not locked succeeds, as
     * on Windows (its face surface's does not: see unlock_sub). */
    if (!t->subs[(uint32_t)face * t->levels + level].locked)
        return D3D_OK;
    return unlock_box(t, (uint32_t)face * t->levels + level);
}

static HRESULT WINAPI cube_AddDirtyRect(IDirect3DCubeTexture9 *i, D3DCUBEMAP_FACES face,
                                        const RECT *r)
{
    if ((UINT)face > D3DCUBEMAP_FACE_NEGATIVE_Z)
        return D3DERR_INVALIDCALL;
    return add_dirty_rect(impl(i), (uint32_t)face, r);
}

static const IDirect3DCubeTexture9Vtbl cube_vtbl = {
    cube_QueryInterface, cube_AddRef, cube_Release, cube_GetDevice,
    cube_SetPrivateData, cube_GetPrivateData, cube_FreePrivateData,
    cube_SetPriority, cube_GetPriority, cube_PreLoad, cube_GetType,
    cube_SetLOD, cube_GetLOD, cube_GetLevelCount, cube_SetAutoGenFilterType,
    cube_GetAutoGenFilterType, cube_GenerateMipSubLevels, cube_GetLevelDesc,
    cube_GetCubeMapSurface, cube_LockRect, cube_UnlockRect, cube_AddDirtyRect,
};

/* ---- IDirect3DVolume9: a level of a volume texture ---- */

static struct d3d9_volume *volume_impl(IDirect3DVolume9 *iface)
{
    return (struct d3d9_volume *)iface;
}

static HRESULT WINAPI volume_QueryInterface(IDirect3DVolume9 *iface, REFIID riid,
                                            void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DVolume9) || IsEqualGUID(riid, &IID_IUnknown)) {
        IDirect3DVolume9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

/* A volume's count is its texture's, as for texture surfaces. */
static ULONG WINAPI volume_AddRef(IDirect3DVolume9 *iface)
{
    return texture_addref(volume_impl(iface)->parent);
}

static ULONG WINAPI volume_Release(IDirect3DVolume9 *iface)
{
    return texture_release(volume_impl(iface)->parent);
}

static HRESULT WINAPI volume_GetDevice(IDirect3DVolume9 *iface, IDirect3DDevice9 **out)
{
    return texture_get_device(volume_impl(iface)->parent, out);
}

static HRESULT WINAPI volume_SetPrivateData(IDirect3DVolume9 *i, REFGUID g,
                                            const void *d, DWORD s, DWORD f)
{
    return d3d9_private_set(&((struct d3d9_volume *)i)->private_data, g, d, s, f);
}

static HRESULT WINAPI volume_GetPrivateData(IDirect3DVolume9 *i, REFGUID g, void *d,
                                            DWORD *s)
{
    return d3d9_private_get(&((struct d3d9_volume *)i)->private_data, g, d, s);
}

static HRESULT WINAPI volume_FreePrivateData(IDirect3DVolume9 *i, REFGUID g)
{
    return d3d9_private_free(&((struct d3d9_volume *)i)->private_data, g);
}

static HRESULT WINAPI volume_GetContainer(IDirect3DVolume9 *iface, REFIID riid, void **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    return texture_qi(volume_impl(iface)->parent, riid, out);
}

static HRESULT WINAPI volume_GetDesc(IDirect3DVolume9 *iface, D3DVOLUME_DESC *d)
{
    struct d3d9_volume *v = volume_impl(iface);
    struct d3d9_texture *t = v->parent;
    const struct d3d9_sub *s = &t->subs[v->sub];
    if (!d)
        return D3DERR_INVALIDCALL;
    *d = (D3DVOLUME_DESC){t->fmt->format, D3DRTYPE_VOLUME, t->usage, t->pool,
                          s->width, s->height, s->depth};
    return D3D_OK;
}

/* A volume's lock: a refused one leaves no pointer (Wine's
 * test_volume_locking, on Windows). */
static HRESULT lock_volume(struct d3d9_texture *t, uint32_t sub, const D3DBOX *box,
                           DWORD flags, D3DLOCKED_BOX *lb)
{
    HRESULT hr = lock_box(t, sub, box, flags, &lb->pBits, &lb->RowPitch, &lb->SlicePitch);
    if (FAILED(hr)) {
        lb->pBits = NULL;
        lb->RowPitch = lb->SlicePitch = 0;
    }
    return hr;
}

static HRESULT WINAPI volume_LockBox(IDirect3DVolume9 *iface, D3DLOCKED_BOX *lb,
                                     const D3DBOX *box, DWORD flags)
{
    struct d3d9_volume *v = volume_impl(iface);
    if (!lb)
        return D3DERR_INVALIDCALL;
    return lock_volume(v->parent, v->sub, box, flags, lb);
}

static HRESULT WINAPI volume_UnlockBox(IDirect3DVolume9 *iface)
{
    struct d3d9_volume *v = volume_impl(iface);
    return unlock_box(v->parent, v->sub);
}

static const IDirect3DVolume9Vtbl volume_vtbl = {
    volume_QueryInterface, volume_AddRef, volume_Release, volume_GetDevice,
    volume_SetPrivateData, volume_GetPrivateData, volume_FreePrivateData,
    volume_GetContainer, volume_GetDesc, volume_LockBox, volume_UnlockBox,
};

/* ---- IDirect3DVolumeTexture9 ---- */

static D3DRESOURCETYPE WINAPI vol_GetType(IDirect3DVolumeTexture9 *i)
{
    (void)i;
    return D3DRTYPE_VOLUMETEXTURE;
}

static HRESULT WINAPI vol_GetLevelDesc(IDirect3DVolumeTexture9 *i, UINT level,
                                       D3DVOLUME_DESC *d)
{
    struct d3d9_texture *t = impl(i);
    const struct d3d9_sub *s;
    if (!d || level >= t->levels)
        return D3DERR_INVALIDCALL;
    s = &t->subs[level];
    *d = (D3DVOLUME_DESC){t->fmt->format, D3DRTYPE_VOLUME, t->usage, t->pool,
                          s->width, s->height, s->depth};
    return D3D_OK;
}

static HRESULT WINAPI vol_GetVolumeLevel(IDirect3DVolumeTexture9 *i, UINT level,
                                         IDirect3DVolume9 **out)
{
    struct d3d9_texture *t = impl(i);
    struct d3d9_sub *s;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (level >= t->levels)
        return D3DERR_INVALIDCALL;
    s = &t->subs[level];
    if (!s->volume) {
        if (!(s->volume = calloc(1, sizeof(*s->volume))))
            return E_OUTOFMEMORY;
        s->volume->IDirect3DVolume9_iface.lpVtbl = &volume_vtbl;
        s->volume->parent = t;
        s->volume->sub = level;
    }
    *out = &s->volume->IDirect3DVolume9_iface;
    texture_addref(t);
    return D3D_OK;
}

static HRESULT WINAPI vol_LockBox(IDirect3DVolumeTexture9 *i, UINT level,
                                  D3DLOCKED_BOX *lb, const D3DBOX *box, DWORD flags)
{
    struct d3d9_texture *t = impl(i);
    if (!lb)
        return D3DERR_INVALIDCALL;
    if (level >= t->levels) {
        lb->pBits = NULL;
        lb->RowPitch = lb->SlicePitch = 0;
        return D3DERR_INVALIDCALL;
    }
    return lock_volume(t, level, box, flags, lb);
}

static HRESULT WINAPI vol_UnlockBox(IDirect3DVolumeTexture9 *i, UINT level)
{
    struct d3d9_texture *t = impl(i);
    if (level >= t->levels)
        return D3DERR_INVALIDCALL;
    return unlock_box(t, level);
}

static HRESULT WINAPI vol_AddDirtyBox(IDirect3DVolumeTexture9 *i, const D3DBOX *b)
{
    struct d3d9_texture *t = impl(i);
    managed_dirty(t, 0);
    if (!b) {
        dirty_all(t, 0);
        return D3D_OK;
    }
    if (b->Left >= b->Right || b->Top >= b->Bottom || b->Front >= b->Back ||
        b->Right > t->width || b->Bottom > t->height || b->Back > t->depth)
        return D3DERR_INVALIDCALL;
    dirty_add(t, 0, b, 0);
    return D3D_OK;
}

static const IDirect3DVolumeTexture9Vtbl volume_texture_vtbl = {
    vol_QueryInterface, vol_AddRef, vol_Release, vol_GetDevice,
    vol_SetPrivateData, vol_GetPrivateData, vol_FreePrivateData,
    vol_SetPriority, vol_GetPriority, vol_PreLoad, vol_GetType,
    vol_SetLOD, vol_GetLOD, vol_GetLevelCount, vol_SetAutoGenFilterType,
    vol_GetAutoGenFilterType, vol_GenerateMipSubLevels, vol_GetLevelDesc,
    vol_GetVolumeLevel, vol_LockBox, vol_UnlockBox, vol_AddDirtyBox,
};

/* ------------------------------------------------------------ creation */

static HRESULT texture_create(struct d3d9_device *dev, enum wire_texture_type type,
                              UINT w, UINT h, UINT d, UINT levels, DWORD usage,
                              D3DFORMAT format, D3DPOOL pool, HANDLE *shared,
                              struct d3d9_texture **out)
{
    HRESULT hr = E_OUTOFMEMORY;
    const DWORD valid_usage = D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL |
                              D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP |
                              D3DUSAGE_DMAP | D3DUSAGE_SOFTWAREPROCESSING;
    const struct d3d9_format_info *f = d3d9_format_info(format);
    const struct wire_caps *caps = &dev->tc->caps;
    uint32_t feat = d3d9_format_features(caps, format);
    uint32_t max_extent = caps->max_texture_extent, full, layers;
    /* A NULL texture's levels are render targets with no texels. */
    bool on_server = (pool == D3DPOOL_DEFAULT || pool == D3DPOOL_MANAGED) &&
                     !(f && f->null_target);
    /* ATI1N and ATI2N lock in every pool (Wine's d3d9ex
     * test_resource_access, on Windows). */
    bool lockable =
        pool != D3DPOOL_DEFAULT || (usage & D3DUSAGE_DYNAMIC) || (f && f->packed_bytes);
    struct d3d9_texture *t;

    *out = NULL;
    if (!w || !h || !d || !f || (usage & ~valid_usage))
        return D3DERR_INVALIDCALL;
    if (pool != D3DPOOL_DEFAULT && pool != D3DPOOL_MANAGED &&
        pool != D3DPOOL_SYSTEMMEM && pool != D3DPOOL_SCRATCH)
        return D3DERR_INVALIDCALL;
    if (pool == D3DPOOL_MANAGED && dev->d3d->ex)
        return D3DERR_INVALIDCALL; /* D3D9Ex has no MANAGED pool */
    /* Targets live in video memory only; dynamic resources are not managed. */
    if ((usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) &&
        pool != D3DPOOL_DEFAULT)
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_RENDERTARGET) && (usage & D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    /* Dynamic is for DEFAULT and SYSTEMMEM (volumes: Wine's
     * test_volume_locking, on Windows). */
    if ((usage & D3DUSAGE_DYNAMIC) &&
        (pool == D3DPOOL_MANAGED || (type == WIRE_TEX_3D && pool == D3DPOOL_SCRATCH)))
        return D3DERR_INVALIDCALL;
    if (!!(usage & D3DUSAGE_DEPTHSTENCIL) != f->depth)
        return D3DERR_INVALIDCALL;
    if (type == WIRE_TEX_3D && (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    if (usage & D3DUSAGE_AUTOGENMIPMAP) {
        /* "D3DUSAGE_AUTOGENMIPMAP ... is not valid for D3DPOOL_SYSTEMMEM";
         * levels must be 0 or 1; volume textures cannot. */
        if (pool == D3DPOOL_SYSTEMMEM || levels > 1 || type == WIRE_TEX_3D)
            return D3DERR_INVALIDCALL;
    }
    /* YUY2 and UYVY textures, ATI1N and ATI2N volumes: the runtime's
     * SCRATCH ones only (CheckDeviceFormat says so). */
    if ((d3d9_format_yuv(f) || (f->packed_bytes && type == WIRE_TEX_3D)) &&
        pool != D3DPOOL_SCRATCH)
        return D3DERR_INVALIDCALL;
    /* A block-compressed top level is whole blocks (smaller levels need
     * not be); Wine's device tests pin it on Windows, for every pool. */
    if (f->block > 1 && (w % f->block || h % f->block))
        return D3DERR_INVALIDCALL;
    if (type == WIRE_TEX_3D)
        max_extent = NR_MIN(max_extent, D3D9_MAX_VOLUME_EXTENT);
    if (w > max_extent || h > max_extent || d > max_extent)
        return D3DERR_INVALIDCALL;
    full = max_levels(w, h, d);
    if (levels > full)
        return D3DERR_INVALIDCALL;
    /* What nereid cannot do with a valid request. */
    if (usage & D3DUSAGE_DMAP)
        return D3DERR_NOTAVAILABLE;
    /* A format the device cannot hold this way: INVALIDCALL, the only
     * failure CreateTexture documents and what Windows answers (Wine's
     * device test_surface_blocks).  The SCRATCH pool takes any format
     * the runtime knows. */
    if (f->null_target) {
        if (type != WIRE_TEX_2D || pool != D3DPOOL_DEFAULT ||
            (usage & ~(DWORD)D3DUSAGE_RENDERTARGET) != 0 || !(usage & D3DUSAGE_RENDERTARGET))
            return D3DERR_INVALIDCALL;
    } else if (pool != D3DPOOL_SCRATCH &&
               (feat & (WIRE_FEAT_SAMPLED | WIRE_FEAT_TRANSFER)) !=
                   (WIRE_FEAT_SAMPLED | WIRE_FEAT_TRANSFER)) {
        return D3DERR_INVALIDCALL;
    }
    if (((usage & D3DUSAGE_RENDERTARGET) && !(feat & WIRE_FEAT_COLOR_TARGET)) ||
        ((usage & D3DUSAGE_DEPTHSTENCIL) && !(feat & WIRE_FEAT_DEPTH_TARGET)) ||
        (type == WIRE_TEX_3D && pool != D3DPOOL_SCRATCH && !(feat & WIRE_FEAT_VOLUME)))
        return D3DERR_INVALIDCALL;
    /* Dynamic targets are not D3D9's (Windows answers INVALIDCALL: Wine's
     * device test_resource_access). */
    if ((usage & D3DUSAGE_DYNAMIC) &&
        (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    /* Depth cube maps: CheckDeviceFormat says no, so INVALIDCALL (Wine's
     * d3d9ex test_resource_access, on Windows). */
    if (type == WIRE_TEX_CUBE && (usage & D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;

    layers = type == WIRE_TEX_CUBE ? 6 : 1;
    if (!(t = calloc(1, sizeof(*t))))
        return E_OUTOFMEMORY;
    t->IDirect3DBaseTexture9_iface.lpVtbl =
        type == WIRE_TEX_CUBE ? (const void *)&cube_vtbl
        : type == WIRE_TEX_3D ? (const void *)&volume_texture_vtbl
                              : (const void *)&texture_vtbl;
    t->magic = D3D9_TEXTURE_MAGIC;
    t->refcount = 1;
    t->device = dev;
    t->type = type;
    t->fmt = f;
    t->usage = usage;
    t->pool = pool;
    t->width = w;
    t->height = h;
    t->depth = type == WIRE_TEX_3D ? d : 1;
    t->layers = layers;
    t->autogen_filter = D3DTEXF_LINEAR;
    if (usage & D3DUSAGE_AUTOGENMIPMAP) {
        /* The server generates with linear blits: without blits and linear
         * filtering the format gets one level and no generation, as
         * CheckDeviceFormat's D3DOK_NOAUTOGEN said. */
        t->levels = 1;
        t->autogen = on_server && (feat & WIRE_FEAT_BLIT) && (feat & WIRE_FEAT_FILTER) &&
                     (feat & WIRE_FEAT_COLOR_TARGET) &&
                     !f->depth && full > 1;
        t->server_levels = t->autogen ? full : 1;
    } else {
        t->levels = t->server_levels = levels ? levels : full;
    }
    if (!(t->subs = calloc((size_t)t->levels * layers, sizeof(*t->subs))))
        goto oom;
    /* The shadow of a lockable texture is one block laid out as D3D9 lays
     * out a mip chain: each face's levels one after the other, faces at
     * 16-byte boundaries.  Programs write every level through level 0's
     * pointer (Wine's device test_miptree_layout and visual
     * test_mipmap_upload check it on Windows). */
    {
        uint64_t total = 0, need = 0;
        for (uint32_t layer = 0; layer < layers; layer++) {
            dirty_all(t, layer);
            total = NR_ALIGN(total, 16u);
            for (uint32_t l = 0; l < t->levels; l++) {
                struct d3d9_sub *s = &t->subs[layer * t->levels + l];
                s->width = extent(w, l);
                s->height = extent(h, l);
                s->depth = extent(t->depth, l);
                s->pitch = d3d9_format_pitch(f, s->width);
                s->slice = s->pitch * d3d9_format_rows(f, s->height);
                s->offset = total;
                total += (uint64_t)s->slice * s->depth;
                /* A small packed level's blocks run past D3D9's layout. */
                need = NR_MAX(need, s->offset + d3d9_sub_bytes(f, s));
            }
        }
        total = NR_MAX(total, need);
        if (on_server && pool == D3DPOOL_DEFAULT)
            t->vidmem = total; /* counted once made: below */
        if (lockable) {
            if (total > (1ull << 31) || !(t->memory = calloc(1, (size_t)total)))
                goto oom;
            for (uint32_t i = 0; i < t->levels * layers; i++)
                t->subs[i].memory = t->memory + t->subs[i].offset;
        }
    }
    if (on_server) {
        struct wire_create_texture ct = {
            .format = f->wire, .type = type, .width = w, .height = h,
            .depth = t->depth, .levels = t->server_levels,
            .usage = WIRE_TEX_SAMPLED |
                     ((usage & D3DUSAGE_RENDERTARGET) ? WIRE_TEX_COLOR_TARGET : 0) |
                     ((usage & D3DUSAGE_DEPTHSTENCIL) ? WIRE_TEX_DEPTH_TARGET : 0),
            .swizzle = {f->swizzle[0], f->swizzle[1], f->swizzle[2], f->swizzle[3]}};
        t->handle = ct.texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE);
        if (wire_handle_is_null(t->handle))
            goto oom;
        if (FAILED(hr = d3d9_texture_emit(dev, &ct, D3DRTYPE_TEXTURE, format, usage, t->levels,
                                          shared)))
            goto oom;
        t->create = ct;
        d3d9_vidmem(dev, (int64_t)t->vidmem);
        d3d9_live_add(&dev->live_textures, &t->live);
        t->render_stamp = render_stamp(dev);
    }
    d3d9_device_addref(dev);
    if (t->pool == D3DPOOL_DEFAULT)
        dev->default_objects++; /* Reset needs them gone */
    *out = t;
    return D3D_OK;
oom:
    free(t->memory);
    free(t->subs);
    free(t);
    return hr;
}

/* What the server keeps of a D3D9Ex share for its openers: the D3D9
 * description an open must match. */
#define D3D9_SHARE_TAG 0x48533944u /* "D9SH" */
struct d3d9_share_desc {
    uint32_t tag, rtype, format, usage, width, height, levels;
};
_Static_assert(sizeof(struct d3d9_share_desc) <= WIRE_SHARE_DESC_BYTES, "fits the wire");

HRESULT d3d9_texture_emit(struct d3d9_device *dev, const struct wire_create_texture *ct,
                          D3DRESOURCETYPE rtype, D3DFORMAT format, DWORD usage, UINT levels,
                          HANDLE *shared)
{
    struct transport_client *tc = dev->tc;
    struct d3d9_share_desc sd = {D3D9_SHARE_TAG, rtype, format,
                                 usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL),
                                 ct->width, ct->height, levels};
    struct wire_reply reply;

    if (!shared) {
        if (!tc->lost)
            wire_emit_CREATE_TEXTURE(&tc->w, ct);
        return D3D_OK;
    }
    if (tc->lost) {
        d3d9_handle_free(dev, WIRE_OBJ_TEXTURE, ct->texture);
        return D3DERR_DEVICELOST;
    }
    if (!*shared) {
        /* A new share: the texture, then its id, the handle Windows gives. */
        struct wire_share_texture st = {.texture = ct->texture, .desc_size = sizeof(sd)};
        memcpy(st.desc, &sd, sizeof(sd));
        if (!wire_emit_CREATE_TEXTURE(&tc->w, ct) || !wire_emit_SHARE_TEXTURE(&tc->w, &st) ||
            !transport_wait_reply(tc, &reply) || reply.status != WIRE_OK) {
            d3d9_device_destroy_object(dev, WIRE_OBJ_TEXTURE, ct->texture);
            return D3DERR_DEVICELOST;
        }
        *shared = (HANDLE)(uintptr_t)reply.values[0];
        return D3D_OK;
    }
    /* An open: the share must be D3D9's, of the same description. */
    uintptr_t id = (uintptr_t)*shared;
    struct wire_open_shared os = {.texture = ct->texture, .share = (uint32_t)id};
    struct d3d9_share_desc got;
    if (id > UINT32_MAX || !wire_emit_OPEN_SHARED(&tc->w, &os) ||
        !transport_wait_reply(tc, &reply) || reply.status != WIRE_OK) {
        d3d9_handle_free(dev, WIRE_OBJ_TEXTURE, ct->texture);
        return D3DERR_INVALIDCALL;
    }
    memcpy(&got, &reply.values[WIRE_OPEN_DESC], sizeof(got));
    bool same;
    if ((reply.values[WIRE_OPEN_FLAGS] >> 32) == sizeof(sd) && got.tag == D3D9_SHARE_TAG) {
        same = !memcmp(&got, &sd, sizeof(sd));
    } else {
        /* Another API's (D3D11's): the same texels, sampled the same way,
         * with at least the uses asked for. */
        const uint64_t *v = reply.values;
        uint64_t swizzle = 0;
        for (int i = 0; i < 4; i++)
            swizzle |= (uint64_t)ct->swizzle[i] << (8 * i);
        same = rtype != D3DRTYPE_CUBETEXTURE && rtype != D3DRTYPE_VOLUMETEXTURE &&
               v[WIRE_OPEN_EXTENT] == (ct->width | (uint64_t)ct->height << 32) &&
               v[WIRE_OPEN_LAYERS] == 1 &&
               (v[WIRE_OPEN_DEPTH] & 0xffffffffu) == (1u | ct->levels << 16 | 1u << 24) &&
               (v[WIRE_OPEN_DEPTH] >> 32) == swizzle &&
               (v[WIRE_OPEN_FORMAT] & 0xffffffffu) == (ct->format | WIRE_TEX_2D << 16) &&
               ((v[WIRE_OPEN_FORMAT] >> 32) & ct->usage) == ct->usage;
    }
    if (!same) {
        d3d9_device_destroy_object(dev, WIRE_OBJ_TEXTURE, ct->texture);
        return D3DERR_INVALIDCALL;
    }
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_CreateTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                         UINT levels, DWORD usage, D3DFORMAT format,
                                         D3DPOOL pool, IDirect3DTexture9 **out,
                                         HANDLE *shared)
{
    struct d3d9_texture *t;
    HRESULT hr;

    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* D3D9Ex: a one-level SYSTEMMEM texture on the application's memory
     * (pSharedHandle points at it), or a DEFAULT texture shared between
     * devices (d3d9_texture_emit). */
    if (shared && dev->d3d->ex && pool != D3DPOOL_DEFAULT &&
        (pool != D3DPOOL_SYSTEMMEM || levels != 1 || !*shared))
        return D3DERR_INVALIDCALL;
    if (shared && !dev->d3d->ex)
        return d3d9_shared_refused(dev);
    if (shared && pool == D3DPOOL_DEFAULT) {
        hr = texture_create(dev, WIRE_TEX_2D, w, h, 1, levels, usage, format, pool, shared,
                            &t);
        if (SUCCEEDED(hr))
            *out = &t->IDirect3DTexture9_iface;
        return hr;
    }
    hr = texture_create(dev, WIRE_TEX_2D, w, h, 1, levels, usage, format, pool, NULL, &t);
    if (SUCCEEDED(hr) && shared) {
        struct d3d9_sub *s = &t->subs[0];
        free(t->memory);
        t->memory = *shared;
        t->user_memory = true;
        s->memory = t->memory;
        s->pitch = (s->width + t->fmt->block - 1) / t->fmt->block * t->fmt->bytes;
        s->slice = s->pitch * d3d9_format_rows(t->fmt, s->height);
    }
    if (SUCCEEDED(hr))
        *out = &t->IDirect3DTexture9_iface;
    return hr;
}

HRESULT WINAPI d3d9_device_CreateVolumeTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                               UINT d, UINT levels, DWORD usage,
                                               D3DFORMAT format, D3DPOOL pool,
                                               IDirect3DVolumeTexture9 **out,
                                               HANDLE *shared)
{
    struct d3d9_texture *t;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* D3D9Ex's user memory is for 2D textures only. */
    if (shared && impl_from_IDirect3DDevice9(iface)->d3d->ex && pool != D3DPOOL_DEFAULT)
        return D3DERR_INVALIDCALL;
    if (shared)
        return d3d9_shared_refused(impl_from_IDirect3DDevice9(iface));
    hr = texture_create(impl_from_IDirect3DDevice9(iface), WIRE_TEX_3D, w, h, d, levels,
                        usage, format, pool, NULL, &t);
    if (SUCCEEDED(hr))
        *out = &t->IDirect3DVolumeTexture9_iface;
    return hr;
}

HRESULT WINAPI d3d9_device_CreateCubeTexture(IDirect3DDevice9 *iface, UINT edge,
                                             UINT levels, DWORD usage, D3DFORMAT format,
                                             D3DPOOL pool, IDirect3DCubeTexture9 **out,
                                             HANDLE *shared)
{
    struct d3d9_texture *t;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* D3D9Ex's user memory is for 2D textures only. */
    if (shared && impl_from_IDirect3DDevice9(iface)->d3d->ex && pool != D3DPOOL_DEFAULT)
        return D3DERR_INVALIDCALL;
    if (shared)
        return d3d9_shared_refused(impl_from_IDirect3DDevice9(iface));
    hr = texture_create(impl_from_IDirect3DDevice9(iface), WIRE_TEX_CUBE, edge, edge, 1,
                        levels, usage, format, pool, NULL, &t);
    if (SUCCEEDED(hr))
        *out = &t->IDirect3DCubeTexture9_iface;
    return hr;
}

/* ------------------------------------------------------------ copies */

/* A rectangle inside a surface, on block boundaries except at its edges. */
static bool surface_rect_ok(const struct d3d9_surface *s, const RECT *r)
{
    UINT b = s->fmt->block;
    if (r->left < 0 || r->top < 0 || r->left >= r->right || r->top >= r->bottom ||
        (UINT)r->right > s->desc.Width || (UINT)r->bottom > s->desc.Height)
        return false;
    return !(r->left % b) && !(r->top % b) &&
           (!(r->right % b) || (UINT)r->right == s->desc.Width) &&
           (!(r->bottom % b) || (UINT)r->bottom == s->desc.Height);
}

/* The server wrote a surface: its texture regenerates mips, a shadow that
 * did not get the same bytes is re-read before its next lock. */
static void surface_gpu_wrote(struct d3d9_surface *s)
{
    if (s->parent)
        d3d9_texture_gpu_wrote(s->parent, s->sub);
    else if (s->memory)
        s->gpu_newer = true;
}

static void copy_rows(uint8_t *dst, uint32_t dst_pitch, const uint8_t *src,
                      uint32_t src_pitch, uint32_t row, uint32_t rows)
{
    for (uint32_t i = 0; i < rows; i++)
        memcpy(dst + (size_t)i * dst_pitch, src + (size_t)i * src_pitch, row);
}

HRESULT WINAPI d3d9_device_UpdateSurface(IDirect3DDevice9 *iface,
                                         IDirect3DSurface9 *src_iface, const RECT *r,
                                         IDirect3DSurface9 *dst_iface, const POINT *p)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *src = d3d9_surface_from_iface(src_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);
    RECT sr, dr;
    const struct d3d9_format_info *f;
    const uint8_t *bits;
    uint32_t w, h;

    /* NULL surfaces have no texels to copy (here and in the other copies). */
    if (!src || !dst || src->device != dev || dst->device != dev || dst->fmt->null_target)
        return D3DERR_INVALIDCALL;
    /* "The source surface must have been created with D3DPOOL_SYSTEMMEM,
     * the destination with D3DPOOL_DEFAULT ... neither can be locked ...
     * the formats must match ... depth-stencil surfaces are not supported." */
    if (src->desc.Pool != D3DPOOL_SYSTEMMEM || dst->desc.Pool != D3DPOOL_DEFAULT ||
        src->locked || dst->locked || src->desc.Format != dst->desc.Format ||
        src->fmt->depth || !src->memory || wire_handle_is_null(dst->texture) ||
        dst->samples > 1) /* "the destination cannot be multisampled" */
        return D3DERR_INVALIDCALL;
    f = src->fmt;
    sr = r ? *r : (RECT){0, 0, (LONG)src->desc.Width, (LONG)src->desc.Height};
    if (!surface_rect_ok(src, &sr))
        return D3DERR_INVALIDCALL;
    w = (uint32_t)(sr.right - sr.left);
    h = (uint32_t)(sr.bottom - sr.top);
    dr.left = p ? p->x : 0;
    dr.top = p ? p->y : 0;
    dr.right = dr.left + (LONG)w;
    dr.bottom = dr.top + (LONG)h;
    if (!surface_rect_ok(dst, &dr))
        return D3DERR_INVALIDCALL;
    /* A partial block at the source's edge must land on the destination's. */
    if (f->block > 1 && ((w % f->block && (UINT)dr.right != dst->desc.Width) ||
                         (h % f->block && (UINT)dr.bottom != dst->desc.Height)))
        return D3DERR_INVALIDCALL;
    /* A packed format's texels have no place of their own: whole surfaces
     * of one size only (not built: parts of them; STATUS.md). */
    if (d3d9_format_whole(f) && (sr.left || sr.top || dr.left || dr.top || w != src->desc.Width ||
                            h != src->desc.Height || w != dst->desc.Width ||
                            h != dst->desc.Height))
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    bits = src->memory + (size_t)(sr.top / f->block) * src->pitch +
           (size_t)(sr.left / f->block) * f->bytes;
    d3d9_texture_write_box(dev, dst->texture, f, dst->level, dst->layer, (uint32_t)dr.left,
                           (uint32_t)dr.top, 0, w, h, 1, bits, src->pitch, 0);
    if (dst->memory && d3d9_format_whole(f)) {
        memcpy(dst->memory, src->memory, (size_t)d3d9_format_slice_bytes(f, w, h));
    } else if (dst->memory) {
        /* A lockable destination gets the same bytes: no read-back later. */
        copy_rows(dst->memory + (size_t)(dr.top / f->block) * dst->pitch +
                      (size_t)(dr.left / f->block) * f->bytes,
                  dst->pitch, bits, src->pitch, (w + f->block - 1) / f->block * f->bytes,
                  d3d9_format_rows(f, h));
        if (dst->parent && dst->level == 0)
            mips_changed(dst->parent);
    } else {
        surface_gpu_wrote(dst);
    }
    return D3D_OK;
}

/* UpdateTexture between different formats or level sizes, which Windows
 * accepts (Wine's visual test_updatetexture; its drivers convert or
 * stretch): each destination level and face is blitted from the source
 * level of its index past `skip` (the last one where the source has fewer),
 * through a temporary texture of the source's format.  2D and cube
 * textures; both formats must blit. */
static HRESULT update_by_blit(struct d3d9_device *dev, struct d3d9_texture *src,
                              struct d3d9_texture *dst, uint32_t skip)
{
    const struct wire_caps *caps = &dev->tc->caps;
    const struct d3d9_format_info *f = src->fmt;
    uint32_t count = dst->autogen || (dst->usage & D3DUSAGE_AUTOGENMIPMAP) ? 1 : dst->levels;

    if (src->type == WIRE_TEX_3D || d3d9_format_blocky(f) || d3d9_format_blocky(dst->fmt) ||
        f->depth ||
        dst->fmt->depth || !(d3d9_format_features(caps, f->format) & WIRE_FEAT_BLIT) ||
        !(d3d9_format_features(caps, dst->fmt->format) & WIRE_FEAT_BLIT))
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    for (uint32_t l = 0; l < count; l++) {
        uint32_t sl = NR_MIN(l + skip, src->levels - 1);
        for (uint32_t layer = 0; layer < src->layers; layer++) {
            const struct d3d9_sub *s = &src->subs[layer * src->levels + sl];
            const struct d3d9_sub *d = &dst->subs[layer * dst->levels + l];
            struct wire_create_texture t = {
                .texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE),
                .format = f->wire, .type = WIRE_TEX_2D, .width = s->width,
                .height = s->height, .depth = 1, .levels = 1,
                .swizzle = {f->swizzle[0], f->swizzle[1], f->swizzle[2], f->swizzle[3]},
                .samples = 1};
            struct wire_blit b = {{t.texture, 0, 0},
                                  {0, 0, (int32_t)s->width, (int32_t)s->height},
                                  {dst->handle, l, layer},
                                  {0, 0, (int32_t)d->width, (int32_t)d->height},
                                  WIRE_FILTER_LINEAR, 0};
            if (wire_handle_is_null(t.texture))
                return E_OUTOFMEMORY;
            wire_emit_CREATE_TEXTURE(&dev->tc->w, &t);
            d3d9_texture_write_box(dev, t.texture, f, 0, 0, 0, 0, 0, s->width, s->height, 1,
                                   s->memory, s->pitch, 0);
            wire_emit_BLIT(&dev->tc->w, &b);
            d3d9_device_destroy_object(dev, WIRE_OBJ_TEXTURE, t.texture);
            d3d9_texture_gpu_wrote(dst, layer * dst->levels + l);
        }
    }
    for (uint32_t layer = 0; layer < src->layers; layer++)
        src->dirty[layer] = (D3DBOX){0, 0, 0, 0, 0, 0};
    mips_changed(dst);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_UpdateTexture(IDirect3DDevice9 *iface,
                                         IDirect3DBaseTexture9 *src_iface,
                                         IDirect3DBaseTexture9 *dst_iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_texture *src = d3d9_texture_from_base(src_iface);
    struct d3d9_texture *dst = d3d9_texture_from_base(dst_iface);
    const struct d3d9_format_info *f;
    uint32_t skip = 0, count, ssize, dsize;

    if (!src || !dst || src->device != dev || dst->device != dev || dst->fmt->null_target)
        return D3DERR_INVALIDCALL;
    if (src->pool != D3DPOOL_SYSTEMMEM || dst->pool != D3DPOOL_DEFAULT ||
        src->type != dst->type)
        return D3DERR_INVALIDCALL;
    for (uint32_t i = 0; i < src->levels * src->layers; i++)
        if (src->subs[i].locked)
            return D3DERR_INVALIDCALL;
    for (uint32_t i = 0; i < dst->levels * dst->layers; i++)
        if (dst->subs[i].locked)
            return D3DERR_INVALIDCALL;
    f = src->fmt;
    /* "If the source has more levels than the destination, the matching
     * levels are copied": the source level of the destination's top size. */
    ssize = NR_MAX(NR_MAX(src->width, src->height), src->depth);
    dsize = NR_MAX(NR_MAX(dst->width, dst->height), dst->depth);
    while (ssize > dsize) {
        ssize >>= 1;
        skip++;
    }
    /* One format (or A8R8G8B8 and X8R8G8B8, whose texels are the same
     * bytes: Windows copies between them) and matching levels copy texels;
     * the rest converts (Wine's visual test_updatetexture). */
    if ((src->fmt != dst->fmt &&
         !((f->format == D3DFMT_A8R8G8B8 || f->format == D3DFMT_X8R8G8B8) &&
           (dst->fmt->format == D3DFMT_A8R8G8B8 || dst->fmt->format == D3DFMT_X8R8G8B8))) ||
        skip >= src->levels || extent(src->width, skip) != dst->width ||
        extent(src->height, skip) != dst->height || extent(src->depth, skip) != dst->depth)
        return update_by_blit(dev, src, dst, NR_MIN(skip, src->levels - 1));
    /* An AUTOGENMIPMAP destination takes the top level and generates the
     * rest; otherwise the levels both have are copied (a source with fewer
     * leaves the destination's others as they are, as Windows does). */
    if (dst->autogen || (dst->usage & D3DUSAGE_AUTOGENMIPMAP))
        count = 1;
    else
        count = NR_MIN(src->levels - skip, dst->levels);
    for (uint32_t layer = 0; layer < src->layers; layer++) {
        D3DBOX *d = &src->dirty[layer];
        if (d->Left >= d->Right)
            continue;
        for (uint32_t l = 0; l < count; l++) {
            uint32_t sl = l + skip, b = f->block;
            const struct d3d9_sub *s = &src->subs[layer * src->levels + sl];
            struct d3d9_sub *t = &dst->subs[layer * dst->levels + l];
            uint32_t x0, y0, z0, x1, y1, z1;
            const uint8_t *bits;
            D3DBOX x;
            /* The dirty box at this level, grown to whole blocks. */
            if (!level_box(d, sl, s, f, &x))
                continue;
            x0 = x.Left, y0 = x.Top, z0 = x.Front, x1 = x.Right, y1 = x.Bottom, z1 = x.Back;
            bits = box_bits(s, f, &x);
            d3d9_texture_write_box(dev, dst->handle, f, l, layer, x0, y0, z0, x1 - x0,
                                   y1 - y0, z1 - z0, bits, s->pitch, s->slice);
            if (t->memory && f->packed_bytes)
                memcpy(t->memory, s->memory, d3d9_sub_bytes(f, s));
            else if (t->memory)
                for (uint32_t z = z0; z < z1; z++)
                    copy_rows(t->memory + (size_t)z * t->slice + (size_t)(y0 / b) * t->pitch +
                                  (size_t)(x0 / b) * f->bytes,
                              t->pitch, bits + (size_t)(z - z0) * s->slice, s->pitch,
                              (x1 - x0 + b - 1) / b * f->bytes, (y1 - y0 + b - 1) / b);
        }
        *d = (D3DBOX){0, 0, 0, 0, 0, 0};
    }
    mips_changed(dst);
    return D3D_OK;
}

/* A multisampled source into another format or size: Vulkan resolves only
 * unscaled into the same format, so the rectangle is resolved into a
 * temporary single-sampled texture first and blitted from there. */
static HRESULT stretch_resolved(struct d3d9_device *dev, struct d3d9_surface *src,
                                const RECT *sr, struct d3d9_surface *dst, const RECT *dr,
                                bool linear)
{
    const struct d3d9_format_info *f = src->fmt;
    struct wire_create_texture t = {
        .texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE),
        .format = f->wire, .type = WIRE_TEX_2D, .width = src->desc.Width,
        .height = src->desc.Height, .depth = 1, .levels = 1,
        .usage = WIRE_TEX_COLOR_TARGET,
        .swizzle = {f->swizzle[0], f->swizzle[1], f->swizzle[2], f->swizzle[3]},
        .samples = 1};
    struct wire_blit b = {
        {src->texture, src->level, src->layer},
        {sr->left, sr->top, sr->right, sr->bottom},
        {t.texture, 0, 0},
        {sr->left, sr->top, sr->right, sr->bottom},
        WIRE_FILTER_NEAREST, 0};

    if (wire_handle_is_null(t.texture))
        return E_OUTOFMEMORY;
    wire_emit_CREATE_TEXTURE(&dev->tc->w, &t);
    wire_emit_BLIT(&dev->tc->w, &b); /* the resolve */
    b = (struct wire_blit){
        {t.texture, 0, 0},
        {sr->left, sr->top, sr->right, sr->bottom},
        {dst->texture, dst->level, dst->layer},
        {dr->left, dr->top, dr->right, dr->bottom},
        linear ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST, 0};
    wire_emit_BLIT(&dev->tc->w, &b);
    d3d9_device_destroy_object(dev, WIRE_OBJ_TEXTURE, t.texture);
    surface_gpu_wrote(dst);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_StretchRect(IDirect3DDevice9 *iface, IDirect3DSurface9 *src_iface,
                                       const RECT *sr_in, IDirect3DSurface9 *dst_iface,
                                       const RECT *dr_in, D3DTEXTUREFILTERTYPE filter)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *src = d3d9_surface_from_iface(src_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);
    const struct wire_caps *caps = &dev->tc->caps;
    uint32_t sfeat, dfeat;
    bool src_plain, dst_plain, dst_rt;
    RECT sr, dr;
    struct wire_blit b;

    if (!src || !dst || src->device != dev || dst->device != dev || src == dst ||
        src->fmt->null_target || dst->fmt->null_target)
        return D3DERR_INVALIDCALL;
    if (src->desc.Pool != D3DPOOL_DEFAULT || dst->desc.Pool != D3DPOOL_DEFAULT ||
        src->locked || dst->locked)
        return D3DERR_INVALIDCALL;
    if (filter != D3DTEXF_NONE && filter != D3DTEXF_POINT && filter != D3DTEXF_LINEAR)
        return D3DERR_INVALIDCALL;
    sr = sr_in ? *sr_in : (RECT){0, 0, (LONG)src->desc.Width, (LONG)src->desc.Height};
    dr = dr_in ? *dr_in : (RECT){0, 0, (LONG)dst->desc.Width, (LONG)dst->desc.Height};
    if (!surface_rect_ok(src, &sr) || !surface_rect_ok(dst, &dr))
        return D3DERR_INVALIDCALL;
    sfeat = d3d9_format_features(caps, src->desc.Format);
    dfeat = d3d9_format_features(caps, dst->desc.Format);
    /* A multisampled colour target is a source only, resolved (below);
     * nothing stretches into one, and depth surfaces do not resolve. */
    if ((src->samples > 1 || dst->samples > 1) &&
        (dst->samples > 1 || src->fmt->depth || dst->fmt->depth))
        return D3DERR_INVALIDCALL;
    if (src->fmt->depth || dst->fmt->depth) {
        /* Depth: whole depth-stencil surfaces (not textures) of one format
         * and size, unscaled, outside a scene.  Windows also takes
         * rectangles that name the whole surface, and ignores the filter
         * (Wine's visual depth_blit_test). */
        RECT whole = {0, 0, (LONG)src->desc.Width, (LONG)src->desc.Height};
        if (!src->fmt->depth || !dst->fmt->depth || src->parent || dst->parent ||
            memcmp(&sr, &whole, sizeof(whole)) || memcmp(&dr, &whole, sizeof(whole)) ||
            src->desc.Format != dst->desc.Format || src->desc.Width != dst->desc.Width ||
            src->desc.Height != dst->desc.Height || dev->in_scene)
            return D3DERR_INVALIDCALL;
        if (!(sfeat & WIRE_FEAT_BLIT) || !(dfeat & WIRE_FEAT_BLIT))
            return D3DERR_NOTAVAILABLE;
    } else {
        /* D3D9's table for DirectX 9 drivers: the destination is a render
         * target or a render-target texture; an off-screen plain surface
         * only from another one, unscaled (a conversion between colour
         * formats allowed, as Windows does: Wine's device
         * test_stretch_rect). */
        src_plain = !src->parent && !(src->desc.Usage & D3DUSAGE_RENDERTARGET);
        dst_plain = !dst->parent && !(dst->desc.Usage & D3DUSAGE_RENDERTARGET);
        dst_rt = !!(dst->desc.Usage & D3DUSAGE_RENDERTARGET);
        if (!dst_rt && !(dst_plain && src_plain))
            return D3DERR_INVALIDCALL;
        if (dst_plain && (sr.right - sr.left != dr.right - dr.left ||
                          sr.bottom - sr.top != dr.bottom - dr.top))
            return D3DERR_INVALIDCALL;
        /* Block formats cannot be stretched or converted; a conversion
         * must be between formats whose channels are the wire's, and
         * nothing lands in a format converted on its way to the server
         * (its shadow could not follow). */
        if (d3d9_format_blocky(src->fmt) || d3d9_format_blocky(dst->fmt) ||
            d3d9_format_converted(dst->fmt) ||
            (src->desc.Format != dst->desc.Format &&
             (!d3d9_format_blit_source(src->fmt) || !dst->fmt->target)))
            return D3DERR_INVALIDCALL;
        if (!(sfeat & WIRE_FEAT_BLIT) || !(dfeat & WIRE_FEAT_BLIT))
            return D3DERR_INVALIDCALL;
    }
    if (dev->tc->lost)
        return D3D_OK;
    if (src->samples > 1 && (src->fmt->wire != dst->fmt->wire ||
                             sr.right - sr.left != dr.right - dr.left ||
                             sr.bottom - sr.top != dr.bottom - dr.top))
        return stretch_resolved(dev, src, &sr, dst, &dr,
                                filter == D3DTEXF_LINEAR && (sfeat & WIRE_FEAT_FILTER));
    b = (struct wire_blit){
        {src->texture, src->level, src->layer},
        {sr.left, sr.top, sr.right, sr.bottom},
        {dst->texture, dst->level, dst->layer},
        {dr.left, dr.top, dr.right, dr.bottom},
        /* Linear where the format filters; D3D9 lets a driver fall back. */
        filter == D3DTEXF_LINEAR && (sfeat & WIRE_FEAT_FILTER) && !src->fmt->depth
            ? WIRE_FILTER_LINEAR
            : WIRE_FILTER_NEAREST,
        0};
    wire_emit_BLIT(&dev->tc->w, &b);
    surface_gpu_wrote(dst);
    return D3D_OK;
}

/* One 4x4 block of DXT1-5 in a single colour: both endpoints the colour
 * (R5G6B5), every index 0; DXT2/3 alpha as 4 bits a texel, DXT4/5 as two
 * equal endpoints. */
static void dxt_solid_block(D3DFORMAT format, D3DCOLOR color, uint8_t *out)
{
    uint32_t r = (color >> 16) & 0xff, g = (color >> 8) & 0xff, b = color & 0xff;
    uint32_t a = color >> 24;
    uint16_t c = (uint16_t)(((r * 31 + 127) / 255) << 11 | ((g * 63 + 127) / 255) << 5 |
                            (b * 31 + 127) / 255);
    uint8_t *col = out;

    if (format == D3DFMT_DXT2 || format == D3DFMT_DXT3) {
        uint8_t a4 = (uint8_t)((a * 15 + 127) / 255);
        memset(out, a4 | a4 << 4, 8);
        col = out + 8;
    } else if (format == D3DFMT_DXT4 || format == D3DFMT_DXT5) {
        memset(out, 0, 8);
        out[0] = out[1] = (uint8_t)a;
        col = out + 8;
    }
    col[0] = col[2] = (uint8_t)c;
    col[1] = col[3] = (uint8_t)(c >> 8);
    memset(col + 4, 0, 4);
}

/* ColorFill of a DXTn surface: whole blocks (a rectangle that cuts a
 * block is refused, as on Windows), built here and written as texels. */
static HRESULT fill_blocks(struct d3d9_device *dev, struct d3d9_surface *s, const RECT *rect,
                           D3DCOLOR color)
{
    const struct d3d9_format_info *f = s->fmt;
    uint32_t b = f->block, bw, bh, pitch;
    uint8_t block[16], *data;

    if ((rect->left % b) || (rect->top % b) ||
        ((rect->right % b) && (UINT)rect->right != s->desc.Width) ||
        ((rect->bottom % b) && (UINT)rect->bottom != s->desc.Height))
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    bw = (uint32_t)(rect->right - rect->left + b - 1) / b;
    bh = (uint32_t)(rect->bottom - rect->top + b - 1) / b;
    pitch = bw * f->bytes;
    if (!(data = malloc((size_t)pitch * bh)))
        return E_OUTOFMEMORY;
    dxt_solid_block(f->format, color, block);
    for (uint32_t i = 0; i < bw * bh; i++)
        memcpy(data + (size_t)i * f->bytes, block, f->bytes);
    /* The lockable copy the application reads stays the same. */
    if (s->memory)
        copy_rows(s->memory + (size_t)(rect->top / b) * s->pitch +
                      (size_t)(rect->left / b) * f->bytes,
                  s->pitch, data, pitch, pitch, bh);
    d3d9_texture_write_box(dev, s->texture, f, s->level, s->layer, (uint32_t)rect->left,
                           (uint32_t)rect->top, 0, (uint32_t)(rect->right - rect->left),
                           (uint32_t)(rect->bottom - rect->top), 1, data, pitch, 0);
    free(data);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_ColorFill(IDirect3DDevice9 *iface, IDirect3DSurface9 *surface,
                                     const RECT *r, D3DCOLOR color)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);
    struct wire_fill_rect fill;
    RECT rect;

    if (!s || s->device != dev || s->fmt->null_target)
        return D3DERR_INVALIDCALL;
    /* "a render target, a render-target texture surface, or an off-screen
     * plain surface with a pool type of D3DPOOL_DEFAULT". */
    if (s->desc.Pool != D3DPOOL_DEFAULT || s->fmt->depth || s->locked ||
        (s->parent && !(s->desc.Usage & D3DUSAGE_RENDERTARGET)))
        return D3DERR_INVALIDCALL;
    rect = r ? *r : (RECT){0, 0, (LONG)s->desc.Width, (LONG)s->desc.Height};
    if (rect.left < 0 || rect.top < 0 || rect.left >= rect.right || rect.top >= rect.bottom ||
        (UINT)rect.right > s->desc.Width || (UINT)rect.bottom > s->desc.Height)
        return D3DERR_INVALIDCALL;
    if (s->fmt->block > 1)
        return fill_blocks(dev, s, &rect, color);
    /* The fill renders: formats that cannot be targets (L8, A8 ...) are
     * refused. */
    if (!(d3d9_format_features(&dev->tc->caps, s->desc.Format) & WIRE_FEAT_COLOR_TARGET))
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    fill = (struct wire_fill_rect){{s->texture, s->level, s->layer},
                                   {rect.left, rect.top, rect.right, rect.bottom},
                                   {((color >> 16) & 0xff) / 255.0f,
                                    ((color >> 8) & 0xff) / 255.0f, (color & 0xff) / 255.0f,
                                    ((color >> 24) & 0xff) / 255.0f}};
    wire_emit_FILL_RECT(&dev->tc->w, &fill);
    surface_gpu_wrote(s);
    return D3D_OK;
}

/* A new session: every texture the server held, again, with a new handle
 * (its surfaces follow); a MANAGED one's levels are sent from the shadow
 * before it is next sampled, as after a lock.  A DEFAULT one comes back
 * empty (D3D9 has the application release those before the Reset; D3D9Ex
 * devices are not brought back). */
void d3d9_textures_revive(struct d3d9_device *dev)
{
    for (struct d3d9_live *n = dev->live_textures.next; n != &dev->live_textures; n = n->next) {
        struct d3d9_texture *t =
            (struct d3d9_texture *)((char *)n - offsetof(struct d3d9_texture, live));
        t->handle = t->create.texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE);
        wire_emit_CREATE_TEXTURE(&dev->tc->w, &t->create);
        t->render_stamp = render_stamp(dev);
        for (uint32_t i = 0; i < t->levels * t->layers; i++) {
            t->subs[i].gpu_newer = false;
            if (t->subs[i].surface)
                t->subs[i].surface->texture = t->handle;
        }
        for (uint32_t layer = 0; layer < t->layers; layer++)
            managed_dirty(t, layer);
        if (t->pool == D3DPOOL_SYSTEMMEM) { /* a sampled one's copy */
            for (uint32_t i = 0; i < t->levels * t->layers; i++)
                t->subs[i].upload_pending = true;
            t->uploads_pending = true;
        }
    }
}
