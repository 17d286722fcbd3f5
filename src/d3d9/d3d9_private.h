/* The D3D9 front end: COM objects, D3D9 state and validation, translation of
 * D3D9 calls into wire records.  Private to src/d3d9. */
#ifndef NEREID_D3D9_PRIVATE_H
#define NEREID_D3D9_PRIVATE_H

#include "transport/transport.h"

#include <d3d9.h>
#include <pthread.h>

struct d3d9_device;

/* ---- format.c ---- */
struct d3d9_format_info {
    D3DFORMAT format;
    enum wire_format wire;
    uint32_t bytes;  /* per texel */
    bool depth;
    bool has_alpha;
    const char *name;
};
const struct d3d9_format_info *d3d9_format_info(D3DFORMAT format);
const char *d3d9_format_name(D3DFORMAT format);
/* Caps of a wire format on the server, 0 when the format has none. */
uint32_t d3d9_format_features(const struct wire_caps *caps, D3DFORMAT format);

/* ---- d3d9_main.c: IDirect3D9 ---- */
struct d3d9 {
    IDirect3D9 IDirect3D9_iface;
    LONG refcount;
    struct transport_client *probe; /* keeps caps; NULL: no server */
    struct wire_caps caps;
    char unavailable[256]; /* why there is no adapter */
};
struct d3d9 *d3d9_create(void);
void d3d9_fill_caps(const struct d3d9 *d3d, D3DCAPS9 *caps);

/* ---- surface.c ---- */
struct d3d9_surface {
    IDirect3DSurface9 IDirect3DSurface9_iface;
    LONG refcount;
    struct d3d9_device *device;
    /* Implicit surfaces (back buffer, auto depth stencil) start at a count of
     * 0, hold a device reference only while counted, and are freed with the
     * device; others are freed at 0. */
    bool implicit;
    IUnknown *container; /* swap chain or NULL (the device) */
    D3DSURFACE_DESC desc;
    const struct d3d9_format_info *fmt;
    wire_handle texture; /* server texture (DEFAULT pool targets) */
    uint32_t level, layer; /* of the texture, for texture surfaces */
    uint8_t *memory;     /* SYSTEMMEM / SCRATCH */
    uint32_t pitch;
    bool locked;
    DWORD priority;
};
HRESULT d3d9_surface_create(struct d3d9_device *device, UINT width, UINT height,
                            D3DFORMAT format, DWORD usage, D3DPOOL pool,
                            bool implicit, IUnknown *container,
                            struct d3d9_surface **out);
/* Frees a surface regardless of its count (device teardown). */
void d3d9_surface_destroy(struct d3d9_surface *s);
struct d3d9_surface *d3d9_surface_from_iface(IDirect3DSurface9 *iface);

/* ---- swapchain.c ---- */
struct d3d9_swapchain {
    IDirect3DSwapChain9 IDirect3DSwapChain9_iface;
    LONG refcount; /* implicit: starts at 0 */
    struct d3d9_device *device;
    D3DPRESENT_PARAMETERS pp;
    struct d3d9_surface *back_buffer;
    uint64_t frames;
};
HRESULT d3d9_swapchain_create(struct d3d9_device *device,
                              const D3DPRESENT_PARAMETERS *pp,
                              struct d3d9_swapchain **out);
void d3d9_swapchain_destroy(struct d3d9_swapchain *sc);
HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc);

/* ---- buffer.c ---- */
struct d3d9_buffer {
    union {
        IDirect3DVertexBuffer9 IDirect3DVertexBuffer9_iface;
        IDirect3DIndexBuffer9 IDirect3DIndexBuffer9_iface;
    };
    LONG refcount;
    struct d3d9_device *device;
    bool is_index;
    UINT size;
    DWORD usage, fvf, priority;
    D3DFORMAT format;
    D3DPOOL pool;
    wire_handle handle;
    uint8_t *shadow;  /* what the application locks */
    unsigned lock_count;
    uint32_t lock_flags; /* enum wire_write_flags of the current lock */
    uint32_t dirty_lo, dirty_hi;
};
HRESULT d3d9_buffer_create(struct d3d9_device *dev, bool index, UINT size,
                           DWORD usage, DWORD fvf, D3DFORMAT format, D3DPOOL pool,
                           struct d3d9_buffer **out);
struct d3d9_buffer *d3d9_vertex_buffer_from_iface(IDirect3DVertexBuffer9 *iface);
struct d3d9_buffer *d3d9_index_buffer_from_iface(IDirect3DIndexBuffer9 *iface);

/* ---- texture.c: textures, cube and volume textures, their levels ---- */
struct d3d9_texture;
/* The texture behind an IDirect3DBaseTexture9 the application passes in;
 * NULL when it is not one of ours. */
struct d3d9_texture *d3d9_texture_from_base(IDirect3DBaseTexture9 *iface);
IDirect3DBaseTexture9 *d3d9_texture_base(struct d3d9_texture *t);
/* Before a draw samples it: sends pending uploads and regenerates
 * AUTOGENMIPMAP levels.  Returns the server texture, or a null handle when
 * the texture cannot be sampled (SYSTEMMEM/SCRATCH). */
wire_handle d3d9_texture_prepare(struct d3d9_texture *t);
enum wire_texture_type d3d9_texture_type(const struct d3d9_texture *t);
D3DFORMAT d3d9_texture_format(const struct d3d9_texture *t);
UINT d3d9_texture_levels(const struct d3d9_texture *t);
/* The device methods that texture.c implements. */
HRESULT WINAPI d3d9_device_CreateTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                         UINT levels, DWORD usage, D3DFORMAT format,
                                         D3DPOOL pool, IDirect3DTexture9 **out,
                                         HANDLE *shared);
HRESULT WINAPI d3d9_device_CreateVolumeTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                               UINT d, UINT levels, DWORD usage,
                                               D3DFORMAT format, D3DPOOL pool,
                                               IDirect3DVolumeTexture9 **out,
                                               HANDLE *shared);
HRESULT WINAPI d3d9_device_CreateCubeTexture(IDirect3DDevice9 *iface, UINT edge,
                                             UINT levels, DWORD usage, D3DFORMAT format,
                                             D3DPOOL pool, IDirect3DCubeTexture9 **out,
                                             HANDLE *shared);
HRESULT WINAPI d3d9_device_UpdateSurface(IDirect3DDevice9 *iface,
                                         IDirect3DSurface9 *src, const RECT *r,
                                         IDirect3DSurface9 *dst, const POINT *p);
HRESULT WINAPI d3d9_device_UpdateTexture(IDirect3DDevice9 *iface,
                                         IDirect3DBaseTexture9 *src,
                                         IDirect3DBaseTexture9 *dst);
HRESULT WINAPI d3d9_device_StretchRect(IDirect3DDevice9 *iface, IDirect3DSurface9 *src,
                                       const RECT *sr, IDirect3DSurface9 *dst,
                                       const RECT *dr, D3DTEXTUREFILTERTYPE filter);
HRESULT WINAPI d3d9_device_ColorFill(IDirect3DDevice9 *iface, IDirect3DSurface9 *surface,
                                     const RECT *r, D3DCOLOR color);

/* ---- device.c ---- */
#define D3D9_MAX_STREAMS 16

struct d3d9_stream {
    struct d3d9_buffer *buffer;
    UINT offset, stride;
    UINT freq;
};

/* Client-minted handles: a slot and a generation per object kind. */
struct d3d9_handle_pool {
    uint32_t *gens; /* by slot; slot 0 is never used */
    size_t count, cap;
    uint32_t *free_slots;
    size_t free_count, free_cap;
};

/* What selects a pipeline state block.  Compared and hashed as bytes: keep
 * it free of padding holes (every field explicit). */
struct d3d9_block_key {
    uint32_t fvf;
    uint32_t topology;
    uint32_t color_format, depth_format;
    uint8_t blend_enable, src_blend, dst_blend, blend_op;
    uint8_t src_blend_alpha, dst_blend_alpha, blend_op_alpha, write_mask;
    uint8_t depth_test, depth_write, depth_func, cull;
    uint8_t fill, pad[3];
};

struct d3d9_block_entry {
    struct d3d9_block_key key;
    wire_handle handle;
    bool used;
};

#define D3D9_MAX_RENDER_STATE 256

/* What the server does not have yet: set by the setters, cleared by the
 * draw that sends it (flush_state).  NEREID_CHECK_STATE=1 recomputes all of
 * it on every draw and reports state that changed without its flag. */
enum d3d9_dirty {
    D3D9_DIRTY_TARGETS = 1u << 0,  /* render targets, depth surface */
    D3D9_DIRTY_VIEWPORT = 1u << 1, /* viewport, scissor, target size */
    D3D9_DIRTY_BLOCK = 1u << 2,    /* anything in the pipeline key */
};

/* The setters, by name: NEREID_TEST_DROP_DIRTY=<name> makes one of them
 * "forget" its dirty flag, to prove that the check mode notices. */
enum d3d9_setter {
    D3D9_SETTER_RENDER_STATE,
    D3D9_SETTER_VIEWPORT,
    D3D9_SETTER_SCISSOR_RECT,
    D3D9_SETTER_RENDER_TARGET,
    D3D9_SETTER_DEPTH_STENCIL,
    D3D9_SETTER_FVF,
    D3D9_SETTER_STREAM_SOURCE,
    D3D9_SETTER_INDICES,
    D3D9_SETTER_COUNT
};

struct d3d9_device {
    IDirect3DDevice9 IDirect3DDevice9_iface;
    LONG refcount;
    struct d3d9 *d3d;
    struct transport_client *tc;
    D3DDEVICE_CREATION_PARAMETERS create;
    struct d3d9_swapchain *swapchain;
    struct d3d9_surface *auto_depth;
    struct d3d9_handle_pool handles[WIRE_OBJ_KIND_COUNT];
    bool in_scene;

    /* D3D9 state. */
    struct d3d9_surface *render_targets[4];
    struct d3d9_surface *depth_stencil;
    D3DVIEWPORT9 viewport;
    RECT scissor;
    DWORD fvf;
    DWORD render_states[D3D9_MAX_RENDER_STATE];
    D3DMATRIX transforms[512];
    struct d3d9_stream streams[D3D9_MAX_STREAMS];
    struct d3d9_buffer *indices;
    uint32_t streams_dirty; /* bit per stream */
    bool indices_dirty;
    wire_handle sent_indices;

    /* What the server has (dirty flags set by the setters). */
    uint32_t dirty;       /* enum d3d9_dirty */
    uint32_t drop_dirty;  /* test hook: bit per enum d3d9_setter */
    bool check_state;     /* NEREID_CHECK_STATE */
    uint64_t state_check_failures;
    char state_check_last[160];
    uint64_t key_builds, blocks_created;
    struct wire_set_render_targets sent_targets;
    struct { wire_handle buffer; UINT offset, stride; } sent_streams[16];
    struct d3d9_block_key last_key;
    wire_handle block;
    wire_handle ff_vs, ff_fs;
    struct d3d9_block_entry *blocks;
    size_t block_cap, block_count;
    uint32_t push_width, push_height;
    struct wire_set_viewport sent_viewport;
    struct wire_set_scissor sent_scissor;
    uint64_t draws;
};

static inline struct d3d9_device *impl_from_IDirect3DDevice9(IDirect3DDevice9 *iface)
{
    return (struct d3d9_device *)iface;
}

/* Every setter marks what it changed through here. */
static inline void d3d9_mark_dirty(struct d3d9_device *dev, uint32_t bits,
                                   enum d3d9_setter who)
{
    if (__builtin_expect(!(dev->drop_dirty & (1u << who)), 1))
        dev->dirty |= bits;
}

HRESULT d3d9_device_create(struct d3d9 *d3d, UINT adapter, D3DDEVTYPE type,
                           HWND focus, DWORD flags, D3DPRESENT_PARAMETERS *pp,
                           IDirect3DDevice9 **out);
wire_handle d3d9_handle_alloc(struct d3d9_device *dev, enum wire_object_kind kind);
void d3d9_handle_free(struct d3d9_device *dev, enum wire_object_kind kind,
                      wire_handle h);
/* Sends DESTROY for a server object and frees its handle. */
void d3d9_device_destroy_object(struct d3d9_device *dev,
                                enum wire_object_kind kind, wire_handle h);
/* Whether the device's session is gone (then D3D9 says: device lost). */
bool d3d9_device_lost(struct d3d9_device *dev);
/* GetRenderTargetData's read-back into memory rows of `pitch` bytes. */
HRESULT d3d9_device_read_texture(struct d3d9_device *dev, wire_handle texture,
                                 UINT width, UINT height, uint32_t bytes_per_texel,
                                 uint8_t *dst, uint32_t pitch);
bool d3d9_is_device_iface(IDirect3DDevice9 *iface);
struct nereid_stats;
HRESULT d3d9_device_get_stats(struct d3d9_device *dev, struct nereid_stats *st);

/* The reference on the device that each object holds. */
static inline void d3d9_device_addref(struct d3d9_device *dev)
{
    dev->IDirect3DDevice9_iface.lpVtbl->AddRef(&dev->IDirect3DDevice9_iface);
}
static inline void d3d9_device_release(struct d3d9_device *dev)
{
    dev->IDirect3DDevice9_iface.lpVtbl->Release(&dev->IDirect3DDevice9_iface);
}

/* Logs a call that nereid does not implement yet (once per call site). */
#define D3D9_STUB(what)                                                        \
    do {                                                                       \
        static bool warned_;                                                   \
        if (!warned_) {                                                        \
            warned_ = true;                                                    \
            NR_WARN(D3D9, "%s is not implemented yet", what);                  \
        }                                                                      \
    } while (0)

#endif
