/* The D3D9 front end: COM objects, D3D9 state and validation, translation of
 * D3D9 calls into wire records.  Private to src/d3d9. */
#ifndef NEREID_D3D9_PRIVATE_H
#define NEREID_D3D9_PRIVATE_H

#include "client/display.h"
#include "client/private_data.h"
#include "client/window.h"
#include "transport/transport.h"

#include "shader/dxso.h"

#include <d3d9.h>
#include <pthread.h>
#include <string.h>

struct d3d9_device;

/* ---- format.c ---- */
/* The FOURCC depth format whose samples are depths (not comparisons). */
#define D3D9_FMT_INTZ ((D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z'))

struct d3d9_format_info {
    D3DFORMAT format;
    enum wire_format wire;
    uint32_t bytes;  /* per block: a texel, or a 4x4 block of DXTn */
    bool depth;
    bool has_alpha;
    const char *name;
    uint8_t block;      /* block width and height: 1, or 4 for DXTn */
    uint8_t swizzle[4]; /* enum wire_swizzle: what a sampled R, G, B, A read */
    bool target;        /* its channels are the wire format's: renderable */
    /* A format no wire format lays out alike: the client converts rows of
     * `w` texels into wire texels of wire_bytes each when it sends them
     * (and reads none back).  NULL for the rest. */
    void (*to_wire)(uint8_t *dst, const uint8_t *src, uint32_t w);
    uint8_t wire_bytes;
    /* ATI1N and ATI2N: D3D9 lays a level out as one byte a texel (pitch,
     * lock offsets and level sizes; Wine's device test_lockrect_offset and
     * test_miptree_layout pin it on Windows), while the bytes are 4x4
     * blocks of packed_bytes each, in order from the level's first byte
     * (BC4/BC5).  Such a level travels whole, in both directions.  0 for the
     * rest. */
    uint8_t packed_bytes;
    /* YUY2 and UYVY: texels pair up along a row, sharing U and V; a DEFAULT
     * surface locks whole pairs (Wine's device test_surface_blocks).  Plain
     * surfaces only, whose server copy holds the colours (to_wire). */
    bool pairs;
    /* YV12 and NV12: a plane of Y (one byte a texel, D3D9's pitch) and
     * under it the chroma at half resolution (YV12: a V plane and a U plane
     * of half the pitch; NV12: one plane of U V pairs at the pitch).  Plain
     * surfaces only, sent whole: row `row` of RGB from the surface's
     * planes.  NULL for the rest. */
    void (*planar_to_wire)(uint8_t *dst, const uint8_t *base, uint32_t pitch,
                           uint32_t height, uint32_t row, uint32_t w);
    /* D3DFMT_NULL ('NULL', the vendors' depth-only target): a render
     * target with no texels and no server texture.  Bound, it leaves its
     * slot empty on the server, so draws write depth only and reach as far
     * as the depth surface (Wine's visual test_null_format, on Windows). */
    bool null_target;
};
/* D3DFMT_NULL's FOURCC. */
#define D3D9_FMT_NULL ((D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L'))
const struct d3d9_format_info *d3d9_format_info(D3DFORMAT format);
const char *d3d9_format_name(D3DFORMAT format);
/* The server's enum wire_format_feature bits for a D3D9 format, 0 when the
 * format has none; formats that are not targets lose COLOR_TARGET/BLEND. */
uint32_t d3d9_format_features(const struct wire_caps *caps, D3DFORMAT format);
uint32_t d3d9_multisample_count(const struct wire_caps *caps, D3DFORMAT format,
                                D3DMULTISAMPLE_TYPE ms);
/* D3D9's row pitch of a level `width` texels wide (rows of blocks for DXTn),
 * and its rows (of blocks) for `height` texels. */
uint32_t d3d9_format_pitch(const struct d3d9_format_info *f, uint32_t width);
uint32_t d3d9_format_rows(const struct d3d9_format_info *f, uint32_t height);
/* The bytes of a `w` x `h` slice's blocks on the wire for a packed format
 * (0 for the others), and the bytes its shadow must hold: D3D9's layout,
 * or the blocks where they run past it (small levels of ATI1N/ATI2N). */
uint64_t d3d9_format_packed_slice(const struct d3d9_format_info *f, uint32_t w, uint32_t h);
uint64_t d3d9_format_slice_bytes(const struct d3d9_format_info *f, uint32_t w, uint32_t h);
/* Formats whose texels are not addressable one by one on the CPU (DXTn
 * blocks, ATI1N/ATI2N packing): no conversions, stretches or fills. */
static inline bool d3d9_format_blocky(const struct d3d9_format_info *f)
{
    return f->block > 1 || f->packed_bytes;
}
/* Formats converted on their way to the server, never read back. */
static inline bool d3d9_format_converted(const struct d3d9_format_info *f)
{
    return f->to_wire || f->planar_to_wire;
}
/* The YUV formats: plain surfaces, whose server copy holds RGB. */
static inline bool d3d9_format_yuv(const struct d3d9_format_info *f)
{
    return f->pairs || f->planar_to_wire;
}
/* Formats a level of which travels whole, never a part (see
 * packed_bytes and planar_to_wire): a lock's unlock sends all of it. */
static inline bool d3d9_format_whole(const struct d3d9_format_info *f)
{
    return f->packed_bytes || f->planar_to_wire;
}
/* Formats whose server copy holds the colours D3D9 shows in the wire's
 * channels: StretchRect converts from them (targets and the YUV formats). */
static inline bool d3d9_format_blit_source(const struct d3d9_format_info *f)
{
    return f->target || d3d9_format_yuv(f);
}

/* ---- private_data.c: SetPrivateData and its kin, for every resource
 * (client/private_data.c with D3D9's error codes) ---- */
HRESULT d3d9_private_set(struct nr_private_data *pd, REFGUID tag, const void *data,
                         DWORD size, DWORD flags);
HRESULT d3d9_private_get(struct nr_private_data *pd, REFGUID tag, void *data,
                         DWORD *size);
HRESULT d3d9_private_free(struct nr_private_data *pd, REFGUID tag);

/* ---- validator.c: Direct3DShaderValidatorCreate9's object ---- */
void *d3d9_shader_validator_create(void);

/* ---- d3d9_main.c: IDirect3D9 ---- */

/* The device's objects that the server holds for the application (MANAGED
 * and other textures, buffers, shaders), in lists, so that a new server
 * session can be given them again (a lost device's Reset: device.c). */
struct d3d9_live {
    struct d3d9_live *prev, *next;
};
static inline void d3d9_live_init(struct d3d9_live *head)
{
    head->prev = head->next = head;
}
static inline void d3d9_live_add(struct d3d9_live *head, struct d3d9_live *n)
{
    n->next = head->next;
    n->prev = head;
    head->next->prev = n;
    head->next = n;
}
static inline void d3d9_live_remove(struct d3d9_live *n)
{
    if (!n->next)
        return; /* never added */
    n->prev->next = n->next;
    n->next->prev = n->prev;
    n->prev = n->next = NULL;
}

struct d3d9 {
    IDirect3D9 IDirect3D9_iface;
    LONG refcount;
    bool ex; /* Direct3DCreate9Ex's: answers for the Ex interfaces */
    /* The display's modes when the object was made: [0] X8R8G8B8 (32
     * bits), [1] R5G6B5 (16). */
    struct nr_mode modes[2][256];
    size_t mode_count[2];
    struct transport_client *probe; /* keeps caps; NULL: no server */
    struct wire_caps caps;
    char unavailable[256]; /* why there is no adapter */
};
struct d3d9 *d3d9_create(bool ex);

/* ---- ex.c: the vtables every object carries, the plain ones followed by
 * the Ex methods (filled from the plain ones by d3d9_ex_vtables_init). ---- */
extern const IDirect3D9Vtbl d3d9_plain_vtbl;
extern const IDirect3DDevice9Vtbl d3d9_device_plain_vtbl;
extern const IDirect3DSwapChain9Vtbl d3d9_swapchain_plain_vtbl;
/* Writable storage: with CONST_VTABLE (mingw) a vtable type's members are
 * const, and an object of it would be placed in read-only memory. */
#define D3D9_VTBL_STORAGE(type)                                                \
    union type##_storage {                                                    \
        type vtbl;                                                            \
        void (*slot[sizeof(type) / sizeof(void (*)(void))])(void);            \
    }
extern D3D9_VTBL_STORAGE(IDirect3D9ExVtbl) d3d9_ex_vtbl;
extern D3D9_VTBL_STORAGE(IDirect3DDevice9ExVtbl) d3d9_device_ex_vtbl;
extern D3D9_VTBL_STORAGE(IDirect3DSwapChain9ExVtbl) d3d9_swapchain_ex_vtbl;
void d3d9_ex_vtables_init(void);
void d3d9_fill_caps(const struct d3d9 *d3d, D3DCAPS9 *caps);

/* ---- surface.c ---- */
struct d3d9_surface {
    IDirect3DSurface9 IDirect3DSurface9_iface;
    uint64_t vidmem; /* its bytes in the device's vidmem_used */
    LONG refcount;
    uint32_t binds; /* see d3d9_object_pin */
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
    uint32_t samples;      /* 1, or a multisampled target's sample count */
    uint8_t *memory;     /* SYSTEMMEM / SCRATCH, DEFAULT plain: the shadow */
    bool user_memory;    /* memory is the application's (D3D9Ex): not freed */
    uint32_t pitch;
    bool locked;
    /* A target the application may lock (CreateRenderTarget's Lockable, a
     * back buffer with D3DPRESENTFLAG_LOCKABLE_BACKBUFFER): a lock reads the
     * server's texels into `memory` (made at the first lock) and an unlock
     * that may have written sends them back. */
    bool lockable;
    bool dc_lock; /* GetDC's own lock, of any single-sampled target too */
#ifdef _WIN32
    HDC dc; /* GetDC's, until ReleaseDC */
    HGDIOBJ dc_old, dc_bitmap;
    void *dc_bits, *dc_lock_bits;
    INT dc_lock_pitch;
    UINT dc_row;
    bool dc_kmt; /* the DC is D3DKMTCreateDCFromMemory's, on the locked bits */
#endif
    struct nr_private_data private_data;
    DWORD priority;
    /* A level (and face) of a texture: its count is the texture's, its
     * memory the texture's shadow of sub-resource `sub`. */
    struct d3d9_texture *parent;
    uint32_t sub;
    bool gpu_newer; /* DEFAULT plain: the server's texels are newer */
    DWORD lock_flags;
    RECT lock_rect;
};
HRESULT d3d9_surface_create(struct d3d9_device *device, UINT width, UINT height,
                            D3DFORMAT format, DWORD usage, D3DPOOL pool,
                            bool implicit, IUnknown *container,
                            struct d3d9_surface **out);
/* A target or depth surface of a multisample type (NONE: as above);
 * INVALIDCALL for a quality the type does not have, NOTAVAILABLE for a
 * type the device lacks. */
HRESULT d3d9_surface_create_ms(struct d3d9_device *device, UINT width, UINT height,
                               D3DFORMAT format, DWORD usage, D3DMULTISAMPLE_TYPE ms,
                               DWORD quality, bool implicit, IUnknown *container,
                               struct d3d9_surface **out);
/* A single-sampled DEFAULT surface of D3D9Ex shared between devices
 * (pSharedHandle: *shared NULL makes a share and writes its handle, else
 * opens that handle's, whose description must match). */
HRESULT d3d9_surface_create_shared(struct d3d9_device *device, UINT width, UINT height,
                                   D3DFORMAT format, DWORD usage, HANDLE *shared,
                                   struct d3d9_surface **out);
/* texture.c: sends the CREATE_TEXTURE of a DEFAULT resource, or with
 * shared non-NULL makes or opens a D3D9Ex share of it (see above); the
 * handle ct names is freed when it fails. */
HRESULT d3d9_texture_emit(struct d3d9_device *dev, const struct wire_create_texture *ct,
                          D3DRESOURCETYPE rtype, D3DFORMAT format, DWORD usage, UINT levels,
                          HANDLE *shared);
/* The surface of a texture's sub-resource (texture.c owns it). */
struct d3d9_surface *d3d9_surface_create_level(struct d3d9_device *dev,
                                               struct d3d9_texture *parent,
                                               IUnknown *container, uint32_t sub,
                                               const D3DSURFACE_DESC *desc,
                                               wire_handle texture, uint32_t level,
                                               uint32_t layer, uint8_t *memory,
                                               uint32_t pitch);
/* Frees a surface regardless of its count (device teardown). */
void d3d9_surface_destroy(struct d3d9_surface *s);
struct d3d9_surface *d3d9_surface_from_iface(IDirect3DSurface9 *iface);
/* D3D9Ex: a SYSTEMMEM surface or one-level texture made on the
 * application's memory (pSharedHandle points at it), rows packed. */
void d3d9_surface_use_memory(struct d3d9_surface *s, void *memory);
/* A back buffer or automatic depth surface the application still holds
 * (or that is still bound) outlives its swap chain or device slot as a
 * surface of its own, freed at its last Release (swapchain.c). */
void d3d9_surface_outlive_container(struct d3d9_surface *s);
/* Lets every such back buffer of sc outlive it (before its destruction). */
struct d3d9_swapchain;
void d3d9_swapchain_release_buffers(struct d3d9_swapchain *sc);
/* Reads a rectangle (NULL: all) of a surface's server texels into rows of
 * `pitch` bytes: a round trip. */
HRESULT d3d9_surface_read(struct d3d9_surface *s, const RECT *rect, uint8_t *dst,
                          uint32_t pitch);
/* GetFrontBufferData: a swap chain's picture as last presented, as
 * A8R8G8B8, into a SYSTEMMEM or SCRATCH surface. */
struct d3d9_swapchain;
HRESULT d3d9_swapchain_get_front_buffer_data(struct d3d9_swapchain *sc,
                                             IDirect3DSurface9 *dst);

/* ---- swapchain.c ---- */
#define D3D9_MAX_BACK_BUFFERS 3     /* D3DPRESENT_BACK_BUFFERS_MAX */
#define D3D9EX_MAX_BACK_BUFFERS 30  /* D3DPRESENT_BACK_BUFFERS_MAX_EX */
struct d3d9_swapchain {
    IDirect3DSwapChain9 IDirect3DSwapChain9_iface;
    LONG refcount; /* implicit: starts at 0 */
    struct d3d9_device *device;
    /* The device's swap chain, freed with it; an additional one
     * (CreateAdditionalSwapChain) is freed at its last Release. */
    bool implicit;
    D3DPRESENT_PARAMETERS pp;
    struct d3d9_surface *back_buffer; /* buffers[0], what Present shows */
    struct d3d9_surface *buffers[D3D9EX_MAX_BACK_BUFFERS];
    /* D3DSWAPEFFECT_FLIP, and DISCARD with several back buffers: the front
     * buffer; Present rotates the textures of the back buffers and this
     * one, so that back buffer 0 then holds what back buffer 1 held, and
     * the last the old front buffer.  NULL otherwise: the back buffer stays
     * as it was. */
    struct d3d9_surface *front;
    /* With a multisampled back buffer: what Present resolves it into and
     * presents, the front buffer; NULL otherwise. */
    struct d3d9_surface *resolved;
    uint64_t frames;
};
HRESULT d3d9_swapchain_create(struct d3d9_device *device,
                              const D3DPRESENT_PARAMETERS *pp, bool implicit,
                              struct d3d9_swapchain **out);
void d3d9_swapchain_destroy(struct d3d9_swapchain *sc);
/* Present: src and dst may be NULL (all of the back buffer, all of the
 * window); window NULL: the swap chain's. */
HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc, const RECT *src, const RECT *dst,
                               HWND window, DWORD flags);
/* The display (window.c): under Wine the modes user32 reports and mode
 * changes; natively a virtual monitor's modes and no fullscreen. */
bool d3d9_display_fullscreen_supported(void);
/* Whether a fullscreen device can have this device window (natively: an
 * SDL_Window, with SDL's video up in the process; window.c). */
bool d3d9_window_fullscreen_ok(HWND device_window);
/* d3d9_main.c: bits per pixel of a display format; the display format of
 * a fullscreen back buffer format; whether the display has that mode. */
unsigned d3d9_format_bpp(D3DFORMAT f);
D3DFORMAT d3d9_display_format_of(D3DFORMAT bb);
bool d3d9_mode_exists(const struct d3d9 *d3d, D3DFORMAT display, UINT w, UINT h,
                      UINT refresh);
/* Changes the display's mode (NULL: back to the registry's); false when
 * the display refused. */
bool d3d9_display_set(const struct nr_mode *m, unsigned bpp);
/* A fullscreen device window and the way back. */
/* A fullscreen device's windows (Wine): the device window, and the focus
 * window whose window procedure the device watches while fullscreen
 * (hook: window.c's, kept as a property of the focus window). */
struct d3d9_window_hook;
struct d3d9_window_state {
    HWND device_window, focus;
    struct d3d9_window_hook *hook;
    bool ex, saved;
    RECT rect; /* plain D3D9: the device window's before fullscreen */
    /* Plain D3D9 fullscreen: the application was deactivated (the device
     * is lost until a Reset) and is still inactive. */
    bool focus_lost, inactive;
};
/* The device window covers the screen (w x h) and the focus window is
 * watched; reset: a Reset into fullscreen, not the device's creation; ex:
 * a D3D9Ex device (windows.c says what each does, as Windows does it). */
void d3d9_window_enter_fullscreen(struct d3d9_window_state *st, HWND device_window,
                                  HWND focus, UINT w, UINT h, bool ex, bool reset);
/* The focus window's procedure is given back; the device window stays as
 * it is. */
void d3d9_window_leave_fullscreen(struct d3d9_window_state *st);
/* A new server session for a lost device (device.c's Reset): each gives
 * its objects to the new session again, with new handles (texture.c,
 * buffer.c, shader.c; query.c retires what the old session never did). */
void d3d9_textures_revive(struct d3d9_device *dev);
void d3d9_buffers_revive(struct d3d9_device *dev);
void d3d9_shaders_revive(struct d3d9_device *dev);
void d3d9_queries_revive(struct d3d9_device *dev);
/* The surface holding the picture last presented. */
struct d3d9_surface *d3d9_swapchain_front(struct d3d9_swapchain *sc);

/* ---- buffer.c ---- */
struct d3d9_buffer {
    union {
        IDirect3DVertexBuffer9 IDirect3DVertexBuffer9_iface;
        IDirect3DIndexBuffer9 IDirect3DIndexBuffer9_iface;
    };
    LONG refcount;
    uint32_t binds; /* see d3d9_object_pin */
    struct d3d9_device *device;
    bool is_index;
    UINT size;
    DWORD usage, fvf, priority;
    D3DFORMAT format;
    D3DPOOL pool;
    wire_handle handle;
    struct d3d9_live live;
    struct nr_private_data private_data;
    uint8_t *shadow;  /* what the application locks */
    unsigned lock_count;
    uint32_t lock_flags; /* enum wire_write_flags of the current lock */
    uint32_t dirty_lo, dirty_hi;
    bool written; /* MANAGED: a lock for writing has been taken */
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
/* Whether the next prepare generates mips (the check mode asks). */
bool d3d9_texture_mips_pending(struct d3d9_texture *t);
wire_handle d3d9_texture_handle(const struct d3d9_texture *t);
enum wire_texture_type d3d9_texture_type(const struct d3d9_texture *t);
D3DFORMAT d3d9_texture_format(const struct d3d9_texture *t);
const struct d3d9_format_info *d3d9_texture_format_info(const struct d3d9_texture *t);
UINT d3d9_texture_levels(const struct d3d9_texture *t);
/* SetLOD's level (MANAGED textures; 0 otherwise): the most detailed level a
 * sampler may read. */
DWORD d3d9_texture_lod(const struct d3d9_texture *t);
/* Locks of a level surface go to its texture. */
HRESULT d3d9_texture_lock_sub(struct d3d9_texture *t, uint32_t sub, D3DLOCKED_RECT *lr,
                              const RECT *rect, DWORD flags);
HRESULT d3d9_texture_unlock_sub(struct d3d9_texture *t, uint32_t sub);
/* Whether a sub-resource of the texture is locked (GetDC refuses then). */
bool d3d9_texture_any_locked(const struct d3d9_texture *t);
/* GetDC and ReleaseDC of one of its surfaces (+1, -1). */
void d3d9_texture_dc(struct d3d9_texture *t, int delta);
/* The server wrote a sub-resource (a blit, a fill, a render): regenerate
 * AUTOGENMIPMAP levels, re-read a lockable shadow before its next lock. */
void d3d9_texture_gpu_wrote(struct d3d9_texture *t, uint32_t sub);
/* The client wrote a SYSTEMMEM level's shadow outside a lock
 * (GetRenderTargetData): a sampled one's server copy gets it again. */
void d3d9_texture_cpu_wrote(struct d3d9_texture *t, uint32_t sub);
/* EvictManagedResources: MANAGED textures are sent again before their next
 * use. */
void d3d9_textures_evict(struct d3d9_device *dev);
/* Sends a box of texels from memory (rows of `pitch`, slices of `slice`
 * bytes) to a level and layer of a server texture, in WRITE_TEXTURE bands
 * that fit the stage ring; and reads one back.  x, y, w, h count texels
 * (multiples of the block size except at the level's edge). */
bool d3d9_texture_write_box(struct d3d9_device *dev, wire_handle tex,
                            const struct d3d9_format_info *f, uint32_t level,
                            uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                            uint32_t w, uint32_t h, uint32_t d, const uint8_t *src,
                            uint32_t pitch, uint32_t slice);
bool d3d9_texture_read_box(struct d3d9_device *dev, wire_handle tex,
                           const struct d3d9_format_info *f, uint32_t level,
                           uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                           uint32_t w, uint32_t h, uint32_t d, uint8_t *dst,
                           uint32_t pitch, uint32_t slice);
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

/* ---- ffp.c: the fixed-function pipeline ---- */
/* A pixel shader's sampler slot holding a 2D depth texture: a shadow map
 * (D3D9 drivers compare; the variant and the sampler both say so). */
bool d3d9_shadow_slot(struct d3d9_device *dev, unsigned slot);
/* D3DRS_SRGBWRITEENABLE where render target 0 can take it (A8R8G8B8 and
 * X8R8G8B8, what CheckDeviceFormat's QUERY_SRGBWRITE answers); other
 * formats ignore it, as on Windows (Wine's visual srgbwrite_format_test). */
bool d3d9_srgb_write(const struct d3d9_device *dev);
struct ff_vs_key;
struct ff_fs_key;
struct ff_vs_constants;
struct ff_fs_constants;
struct d3d9_vertex_layout {
    struct wire_vertex_attr attrs[WIRE_MAX_VERTEX_ATTRS];
    uint32_t count, stride;  /* stride: of an FVF vertex */
    uint32_t binding_count;  /* streams read */
    uint32_t instance_bindings;
    uint32_t strides[WIRE_MAX_VERTEX_BINDINGS];
};

/* ---- shader.c: shaders, declarations, constants ---- */
struct d3d9_shader_input {
    uint8_t usage, usage_index, reg;
};
struct d3d9_shader {
    union {
        IDirect3DVertexShader9 IDirect3DVertexShader9_iface;
        IDirect3DPixelShader9 IDirect3DPixelShader9_iface;
    };
    uint32_t magic; /* which kind it is (shader.c: not read from the vtable) */
    LONG refcount;
    uint32_t binds; /* see d3d9_object_pin */
    struct d3d9_device *device;
    bool pixel;
    uint32_t *code;
    size_t size;
    uint64_t hash;
    struct dxso_shader ir;
    struct d3d9_shader_input inputs[16];
    unsigned input_count;
    uint32_t sampler_dcl; /* samplers with a dcl (their type is the shader's) */
    uint8_t sampler_type[16]; /* enum wire_texture_type of each dcl'd sampler */
    uint32_t color_outputs; /* oC# written (bit per target) */
    /* vs_3_0: the varying locations its dcls write (dxso_varying_location) */
    uint32_t varying_outputs;
    struct { uint64_t options_hash; wire_handle module; } variants[8];
    unsigned variant_count;
    struct d3d9_live live;
};
struct d3d9_vdecl {
    IDirect3DVertexDeclaration9 IDirect3DVertexDeclaration9_iface;
    LONG refcount;
    uint32_t binds; /* see d3d9_object_pin */
    struct d3d9_device *device;
    D3DVERTEXELEMENT9 *elements; /* count entries, D3DDECL_END included */
    UINT count;
    uint32_t id;
};
/* A stage's uniform data as the translated shaders read it, and the range
 * the server does not have yet. */
struct d3d9_constants {
    uint8_t image[8192];
    uint32_t dirty_lo, dirty_hi;
    uint8_t *sent; /* NEREID_CHECK_STATE: what the server has of the image */
};
struct d3d9_device;
struct d3d9_shader *d3d9_vertex_shader_from_iface(IDirect3DVertexShader9 *iface);
struct d3d9_shader *d3d9_pixel_shader_from_iface(IDirect3DPixelShader9 *iface);
struct d3d9_vdecl *d3d9_vdecl_from_iface(IDirect3DVertexDeclaration9 *iface);
DWORD d3d9_vdecl_fvf(const struct d3d9_vdecl *d); /* what GetFVF answers for it */
bool d3d9_current_layout(struct d3d9_device *dev, struct d3d9_vertex_layout *l,
                         struct ff_vs_key *k, const char **why);
HRESULT d3d9_shader_flush(struct d3d9_device *dev, const char **why);
void d3d9_shader_device_init(struct d3d9_device *dev);
/* window.c: a cursor of w x h A8R8G8B8 pixels (rows of pitch bytes)
 * with its hot spot at (x, y); NULL where there is no display (natively). */
void *d3d9_cursor_create(const void *pixels, UINT pitch, UINT w, UINT h, UINT x, UINT y);
void d3d9_cursor_show(void *cursor); /* the window system's cursor is it */
void d3d9_cursor_destroy(void *cursor);
/* Unpins the FVFs' declarations (the device goes). */
void d3d9_shader_device_cleanup(struct d3d9_device *dev);
HRESULT WINAPI d3d9_device_CreateVertexShader(IDirect3DDevice9 *iface, const DWORD *fn,
                                              IDirect3DVertexShader9 **out);
HRESULT WINAPI d3d9_device_CreatePixelShader(IDirect3DDevice9 *iface, const DWORD *fn,
                                             IDirect3DPixelShader9 **out);
HRESULT WINAPI d3d9_device_SetVertexShader(IDirect3DDevice9 *iface,
                                           IDirect3DVertexShader9 *s);
HRESULT WINAPI d3d9_device_GetVertexShader(IDirect3DDevice9 *iface,
                                           IDirect3DVertexShader9 **out);
HRESULT WINAPI d3d9_device_SetPixelShader(IDirect3DDevice9 *iface,
                                          IDirect3DPixelShader9 *s);
HRESULT WINAPI d3d9_device_GetPixelShader(IDirect3DDevice9 *iface,
                                          IDirect3DPixelShader9 **out);
#define D3D9_CONSTANT_DECLS(Stage, T, Suffix)                                  \
    HRESULT WINAPI d3d9_device_Set##Stage##ShaderConstant##Suffix(              \
        IDirect3DDevice9 *iface, UINT start, const T *data, UINT count);       \
    HRESULT WINAPI d3d9_device_Get##Stage##ShaderConstant##Suffix(              \
        IDirect3DDevice9 *iface, UINT start, T *data, UINT count);
D3D9_CONSTANT_DECLS(Vertex, float, F)
D3D9_CONSTANT_DECLS(Vertex, int, I)
D3D9_CONSTANT_DECLS(Vertex, BOOL, B)
D3D9_CONSTANT_DECLS(Pixel, float, F)
D3D9_CONSTANT_DECLS(Pixel, int, I)
D3D9_CONSTANT_DECLS(Pixel, BOOL, B)
HRESULT WINAPI d3d9_device_CreateVertexDeclaration(IDirect3DDevice9 *iface,
                                                   const D3DVERTEXELEMENT9 *e,
                                                   IDirect3DVertexDeclaration9 **out);
HRESULT WINAPI d3d9_device_SetVertexDeclaration(IDirect3DDevice9 *iface,
                                                IDirect3DVertexDeclaration9 *decl);
HRESULT WINAPI d3d9_device_GetVertexDeclaration(IDirect3DDevice9 *iface,
                                                IDirect3DVertexDeclaration9 **out);
HRESULT WINAPI d3d9_device_SetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                               UINT setting);
HRESULT WINAPI d3d9_device_GetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                               UINT *setting);
struct d3d9_device;
bool d3d9_ffp_device_init(struct d3d9_device *dev);
/* A new server session: the fixed-function caches and what was sent, as
 * at creation. */
void d3d9_ffp_forget_server(struct d3d9_device *dev);
void d3d9_ffp_device_cleanup(struct d3d9_device *dev);
void d3d9_ffp_init_state(struct d3d9_device *dev);
uint32_t d3d9_render_state_dirty(D3DRENDERSTATETYPE s);
bool d3d9_fvf_layout(DWORD fvf, struct d3d9_vertex_layout *l, struct ff_vs_key *k);
bool d3d9_ffp_vs_key(struct d3d9_device *dev, struct ff_vs_key *k, const char **why);
bool d3d9_ffp_fs_key(struct d3d9_device *dev, struct ff_fs_key *k, const char **why);
size_t d3d9_ffp_vs_constants(struct d3d9_device *dev, const struct ff_vs_key *k,
                             struct ff_vs_constants *c);
void d3d9_ffp_fs_constants(struct d3d9_device *dev, struct ff_fs_constants *c);
/* Table fog's (start, end, density, 1 / (end - start)), as both the
 * fixed-function fragment stage and pixel shaders read them. */
void d3d9_table_fog(const struct d3d9_device *dev, float fog[4]);
HRESULT d3d9_ffp_flush(struct d3d9_device *dev, const char **why);
HRESULT d3d9_ffp_process_vertices(struct d3d9_device *dev, UINT src_start, UINT dst_index,
                                  UINT count, IDirect3DVertexBuffer9 *dst,
                                  IDirect3DVertexDeclaration9 *decl, DWORD flags);
/* Sends the texture and sampler of the slots in `slots` (a bit each). */
bool d3d9_ffp_flush_textures(struct d3d9_device *dev, uint32_t slots);
/* The view type an empty slot is sampled as: the bound shader's dcl, or 2D. */
uint32_t d3d9_empty_slot_type(const struct d3d9_device *dev, unsigned slot);
int d3d9_ffp_check_textures(struct d3d9_device *dev, uint32_t slots);
/* The check mode's look at shader variants and their uniform data: what
 * differs from what the server has, or NULL. */
const char *d3d9_shader_check(struct d3d9_device *dev);
bool d3d9_ffp_flush_dynamic(struct d3d9_device *dev);
void d3d9_ffp_dynamic(struct d3d9_device *dev, struct wire_set_dynamic_state *d);
struct d3d9_cache;
void d3d9_cache_init(struct d3d9_cache *c, size_t key_size);
void d3d9_cache_cleanup(struct d3d9_cache *c);
bool d3d9_cache_get(const struct d3d9_cache *c, const void *key, wire_handle *out);
bool d3d9_cache_put(struct d3d9_cache *c, const void *key, wire_handle value);

/* ---- device.c ---- */
#define D3D9_MAX_STREAMS 16

struct d3d9_stream {
    struct d3d9_buffer *buffer;
    UINT offset, stride;
    UINT freq;
};

/* Client-minted handles: a slot and a generation per object kind. */

/* What selects a pipeline state block.  Compared and hashed as bytes: keep
 * it free of padding holes (every field explicit). */
struct d3d9_block_key {
    uint32_t fvf;
    uint32_t topology;
    /* The shader modules, generation included: a released module's slot
     * comes back with a new generation and must not find old blocks. */
    wire_handle vs, fs;
    uint32_t decl;   /* declaration id; 0: the FVF */
    uint32_t color_formats[4];
    uint8_t write_masks[4];
    uint32_t instance_bindings;
    uint32_t color_format, depth_format;
    uint8_t blend_enable, src_blend, dst_blend, blend_op;
    uint8_t src_blend_alpha, dst_blend_alpha, blend_op_alpha, write_mask;
    uint8_t depth_test, depth_write, depth_func, cull;
    uint8_t fill, stencil_test, depth_bias, samples;
    uint8_t depth_clamp;
    struct wire_stencil_face stencil_front, stencil_back;
    uint32_t sample_mask;
};

struct d3d9_block_entry {
    struct d3d9_block_key key;
    wire_handle handle;
    bool used;
};

#define D3D9_MAX_RENDER_STATE 256
#define D3D9_MAX_STAGES 8
#define D3D9_MAX_TSS 33       /* D3DTSS_CONSTANT + 1 */
#define D3D9_MAX_SAMPLERS 20  /* 16 fragment, then D3DVERTEXTEXTURESAMPLER0-3 */
#define D3D9_MAX_SAMPLER_STATE 14

struct d3d9_light {
    DWORD index;
    D3DLIGHT9 light;
    BOOL enabled;
};

/* A small open-addressing cache: key bytes -> a wire handle. */
struct d3d9_cache {
    uint8_t *keys;
    wire_handle *values;
    size_t key_size, cap, count;
};

/* What the server does not have yet: set by the setters, cleared by the
 * draw that sends it (flush_state).  NEREID_CHECK_STATE=1 recomputes all of
 * it on every draw and reports state that changed without its flag. */
enum d3d9_dirty {
    D3D9_DIRTY_TARGETS = 1u << 0,  /* render targets, depth surface */
    D3D9_DIRTY_VIEWPORT = 1u << 1, /* viewport, scissor, target size */
    D3D9_DIRTY_BLOCK = 1u << 2,    /* anything in the pipeline key */
    D3D9_DIRTY_FF_VS = 1u << 3,    /* fixed-function vertex key or constants */
    D3D9_DIRTY_FF_FS = 1u << 4,    /* fixed-function fragment key or constants */
    D3D9_DIRTY_TEXTURES = 1u << 5, /* texture bindings, sampler states */
    D3D9_DIRTY_DYNAMIC = 1u << 6,  /* stencil reference/masks, blend factor, bias */
    D3D9_DIRTY_SHADERS = 1u << 7,  /* programmable shaders or their variants */
    D3D9_DIRTY_CONSTANTS = 1u << 8, /* shader constants (ranges in consts[]) */
    D3D9_DIRTY_ALL = (1u << 9) - 1,
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
    D3D9_SETTER_TRANSFORM,
    D3D9_SETTER_TEXTURE_STAGE_STATE,
    D3D9_SETTER_SAMPLER_STATE,
    D3D9_SETTER_TEXTURE,
    D3D9_SETTER_LIGHT,
    D3D9_SETTER_MATERIAL,
    D3D9_SETTER_CLIP_PLANE,
    D3D9_SETTER_SHADER,
    D3D9_SETTER_SHADER_CONSTANT,
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
    struct wire_handle_pool handles[WIRE_OBJ_KIND_COUNT];
    bool in_scene;
    uint32_t default_objects; /* live DEFAULT-pool resources (Reset refuses them) */
    /* Bytes of the live DEFAULT-pool textures and surfaces' texels on the
     * server (their D3D9 layouts), which GetAvailableTextureMem takes off
     * the device's memory; d3d9_vidmem adds or takes away. */
    uint64_t vidmem_used;
    INT gpu_thread_priority;   /* D3D9Ex's hint, as set */
    struct d3d9_live live_textures, live_buffers, live_shaders; /* see d3d9_live */
    uint64_t last_probe_ns;    /* a lost device's last look for a server */
    uint32_t session;          /* server sessions before this one (Reset after a loss) */
    bool server_back;          /* lost, and a server answers: Reset can bring it back */
    bool fullscreen;           /* the display's mode is ours (window.c) */
    /* The cursor of SetCursorProperties (window.c; NULL: none) and
     * whether ShowCursor shows it. */
    void *cursor;
    bool cursor_visible;
    /* Palettes (SetPaletteEntries): kept and answered; no palettized
     * format samples them (P8 is not offered). */
    PALETTEENTRY (*palettes)[256];
    uint8_t *palette_set; /* per palette number: set */
    UINT palette_count;   /* numbers with room */
    UINT current_palette; /* 0xffff: none */
    /* SetGammaRamp's ramp, the identity at first; a fullscreen swap
     * chain's presents show the frame through it unless it is the
     * identity.  The server gets it (SET_GAMMA) before the first present
     * that needs it: gamma_sent is dev->session + 1 once it has it. */
    D3DGAMMARAMP gamma;
    bool gamma_identity;
    uint32_t gamma_sent;
    struct d3d9_window_state window_state;
    UINT max_frame_latency;    /* D3D9Ex's, as set (3 by default) */

    /* D3D9 state. */
    struct d3d9_surface *render_targets[4];
    struct d3d9_surface *depth_stencil;
    D3DVIEWPORT9 viewport;
    RECT scissor;
    DWORD fvf;
    uint32_t fvf_size; /* bytes of a vertex the FVF describes */
    DWORD render_states[D3D9_MAX_RENDER_STATE];
    DWORD tss[D3D9_MAX_STAGES][D3D9_MAX_TSS];
    DWORD samp[D3D9_MAX_SAMPLERS][D3D9_MAX_SAMPLER_STATE];
    struct d3d9_texture *textures[D3D9_MAX_SAMPLERS];
    D3DMATERIAL9 material;
    struct d3d9_light *lights;
    size_t light_count, light_cap;
    float clip_planes[6][4];
    D3DMATRIX transforms[512];
    struct d3d9_stream streams[D3D9_MAX_STREAMS];
    struct d3d9_buffer *indices;
    uint32_t locked_buffers; /* buffers with a lock open (see flush_state) */
    uint16_t vs_zero_inputs; /* the vertex shader's inputs no element feeds */
    uint32_t streams_dirty; /* bit per stream */
    /* Bit per sampler slot whose texture or sampler states changed
     * (SetTexture, SetSamplerState); D3D9_DIRTY_TEXTURES is all of them. */
    uint32_t tex_dirty;
    uint32_t indices_dirty; /* 1: the index buffer changed */
    wire_handle sent_indices;

    /* What the server has (dirty flags set by the setters). */
    uint32_t dirty;       /* enum d3d9_dirty */
    uint32_t drop_dirty;  /* test hook: bit per enum d3d9_setter */
    bool check_state;     /* NEREID_CHECK_STATE */
    bool reference_state; /* NEREID_REFERENCE_STATE: everything sent for every draw */
    uint64_t state_check_failures;
    char state_check_last[320], state_check_first[320];
    uint64_t state_check_draw, state_check_first_draw;
    uint64_t key_builds, blocks_created;
    /* Fixed function: module caches and what the server has. */
    struct d3d9_cache vs_cache, fs_cache, sampler_cache;
    wire_handle cur_vs, cur_fs;
    void *sent_vs_consts; /* struct ff_vs_constants */
    size_t sent_vs_size;
    void *sent_fs_consts; /* struct ff_fs_constants */
    bool pretransformed; /* the current FVF is XYZRHW */
    struct { wire_handle texture, sampler; uint32_t type; } sent_tex[D3D9_MAX_SAMPLERS];
    /* Per slot: a serial of its sampler states (bumped by every change),
     * and the sampler handle last made for it with the serial and the
     * texture LOD and shadow comparison it was made for (what of the
     * texture sampler_desc reads; d3d9_ffp_flush_textures: a slot whose
     * states did not change needs no description or lookup). */
    uint32_t samp_serial[D3D9_MAX_SAMPLERS];
    struct { uint32_t serial, lod; bool shadow; wire_handle sampler; } slot_sampler[D3D9_MAX_SAMPLERS];
    struct wire_set_dynamic_state sent_dynamic;
    /* Programmable shaders. */
    struct d3d9_shader *vs, *ps;
    struct d3d9_vdecl *decl;
    /* The declarations GetVertexDeclaration answered for FVFs: one object
     * an FVF, pinned (Wine's test_fvf_decl_management, on Windows). */
    struct {
        DWORD fvf;
        struct d3d9_vdecl *decl;
    } fvf_decls[32];
    unsigned fvf_decl_count;
    struct d3d9_constants consts[2]; /* vertex, pixel */
    int consts_owner[2];             /* 0: fixed function wrote last, 1: shaders */
    struct d3d9_vertex_layout cur_layout;
    struct wire_set_render_targets sent_targets;
    struct { wire_handle buffer; UINT offset, stride; } sent_streams[16];
    struct d3d9_block_key last_key;
    wire_handle block;
    struct wire_draw_run draw_run; /* the last draw record, to merge into */
    wire_handle ff_vs, ff_fs;
    struct d3d9_block_entry *blocks;
    size_t block_cap, block_count;
    uint32_t push_width, push_height, push_alpha_ref;
    struct wire_set_viewport sent_viewport;
    struct wire_set_scissor sent_scissor;
    uint64_t draws;
    /* stateblock.c, query.c, device_mt.c */
    struct d3d9_stateblock *recording; /* BeginStateBlock .. EndStateBlock */
    struct d3d9_query_state *queries;  /* live queries' bookkeeping, or NULL */
    pthread_mutex_t *mt_lock;          /* D3DCREATE_MULTITHREADED: the device lock */
};

static inline struct d3d9_device *impl_from_IDirect3DDevice9(IDirect3DDevice9 *iface)
{
    return (struct d3d9_device *)iface;
}

/* Marks `bits` in a dirty word of the device (dev->dirty, or the per-stream
 * and index words).  The test hook NEREID_TEST_DROP_DIRTY makes one setter
 * skip it. */
static inline void d3d9_mark_in(struct d3d9_device *dev, uint32_t *word, uint32_t bits,
                                enum d3d9_setter who)
{
    if (__builtin_expect(!(dev->drop_dirty & (1u << who)), 1))
        *word |= bits;
}

static inline void d3d9_mark_dirty(struct d3d9_device *dev, uint32_t bits,
                                   enum d3d9_setter who)
{
    d3d9_mark_in(dev, &dev->dirty, bits, who);
}

/* The one way a setter changes state that the server must see: stores the
 * value and marks what it dirties in one step, and only when the value
 * changed (a redundant set costs the next draw nothing).  A setter cannot
 * store without marking.  Returns whether the value changed.
 *   D3D9_SET(dev, dev->fvf, fvf, D3D9_DIRTY_BLOCK, D3D9_SETTER_FVF);
 *   D3D9_SET_IN(dev, &dev->streams_dirty, s->stride, stride, 1u << i, who);
 *   D3D9_SET_BOUND(dev, texture, &dev->textures[i], t, bits, who);  (pins) */
static inline bool d3d9_set_state(struct d3d9_device *dev, uint32_t *word, uint32_t bits,
                                  enum d3d9_setter who, void *dst, const void *src,
                                  size_t size)
{
    if (!memcmp(dst, src, size))
        return false;
    memcpy(dst, src, size);
    d3d9_mark_in(dev, word, bits, who);
    return true;
}
#define D3D9_SET_IN(dev, word, field, value, bits, who)                        \
    __extension__({                                                            \
        __typeof__(field) set_value_ = (value);                                \
        d3d9_set_state((dev), (word), (bits), (who), &(field), &set_value_,     \
                       sizeof(set_value_));                                    \
    })
#define D3D9_SET(dev, field, value, bits, who)                                 \
    D3D9_SET_IN(dev, &(dev)->dirty, field, value, bits, who)
#define D3D9_SET_BYTES(dev, dst, src, size, bits, who)                         \
    d3d9_set_state((dev), &(dev)->dirty, (bits), (who), (dst), (src), (size))
/* For a binding that pins its object (d3d9_bind_NAME). */
#define D3D9_SET_BOUND_IN(dev, word, name, slot, obj, bits, who)               \
    __extension__({                                                            \
        bool set_changed_ = *(slot) != (obj);                                  \
        if (set_changed_) {                                                    \
            d3d9_bind_##name((slot), (obj));                                   \
            d3d9_mark_in((dev), (word), (bits), (who));                        \
        }                                                                      \
        set_changed_;                                                          \
    })
#define D3D9_SET_BOUND(dev, name, slot, obj, bits, who)                        \
    D3D9_SET_BOUND_IN(dev, &(dev)->dirty, name, slot, obj, bits, who)

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
/* Test hook: with NEREID_TEST_FRAMES=DIR every read-back's bytes are
 * written to the next numbered file there, so tests/run-tests.sh can
 * compare a run's frames with the reference run's (NEREID_REFERENCE_STATE). */
void d3d9_frame_log(const void *bytes, size_t size);
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

/* ---- object lifetime: device bindings and state blocks ----
 * D3D9 keeps what is bound (stream sources, indices, textures, targets,
 * shaders, the declaration) and what a state block holds alive inside the
 * device, without counting it in the object's reference count.  An object
 * therefore lives while the application holds it (refcount, which also
 * holds a device reference) or while it is pinned (binds, no device
 * reference: the device unbinds everything before it goes).  The last of
 * the two to go destroys it; an AddRef from 0 (Get* of an object the
 * application released while bound) takes the device reference again.
 * A texture level surface pins its texture. */
void d3d9_buffer_pin(struct d3d9_buffer *b, int delta);
/* Sends what a still-locked buffer has had written (a draw reads it). */
void d3d9_buffer_flush_locked(struct d3d9_buffer *b);
void d3d9_texture_pin(struct d3d9_texture *t, int delta);
void d3d9_surface_pin(struct d3d9_surface *s, int delta);
void d3d9_shader_pin(struct d3d9_shader *sh, int delta);
void d3d9_vdecl_pin(struct d3d9_vdecl *d, int delta);
/* Any of the above, by its interface (state blocks hold them so). */
void d3d9_object_pin(IUnknown *obj, int delta);
#define D3D9_DEFINE_BIND(name, type)                                           \
    static inline void d3d9_bind_##name(type **slot, type *obj)               \
    {                                                                          \
        type *old = *slot;                                                     \
        if (obj)                                                               \
            d3d9_##name##_pin(obj, 1);                                         \
        *slot = obj;                                                           \
        if (old)                                                               \
            d3d9_##name##_pin(old, -1);                                        \
    }
D3D9_DEFINE_BIND(buffer, struct d3d9_buffer)
D3D9_DEFINE_BIND(texture, struct d3d9_texture)
D3D9_DEFINE_BIND(surface, struct d3d9_surface)
D3D9_DEFINE_BIND(shader, struct d3d9_shader)
D3D9_DEFINE_BIND(vdecl, struct d3d9_vdecl)
/* Unbinds everything the device binds (device release, Reset). */
void d3d9_device_unbind_all(struct d3d9_device *dev);

/* ---- stateblock.c: IDirect3DStateBlock9 ---- */
struct d3d9_stateblock;
HRESULT d3d9_stateblock_create(struct d3d9_device *dev, D3DSTATEBLOCKTYPE type,
                               IDirect3DStateBlock9 **out);
HRESULT d3d9_stateblock_begin(struct d3d9_device *dev);
HRESULT d3d9_stateblock_end(struct d3d9_device *dev, IDirect3DStateBlock9 **out);
struct d3d9_stateblock *d3d9_stateblock_from_iface(IDirect3DStateBlock9 *iface);
/* While dev->recording is set (BeginStateBlock), every state setter checks
 * its arguments as usual and then, instead of changing the device, returns
 *     if (dev->recording) return d3d9_sb_record_X(dev->recording, ...);
 * The block takes its own reference on the objects it records. */
HRESULT d3d9_sb_record_render_state(struct d3d9_stateblock *sb, D3DRENDERSTATETYPE s,
                                    DWORD v);
HRESULT d3d9_sb_record_texture_stage_state(struct d3d9_stateblock *sb, DWORD stage,
                                           D3DTEXTURESTAGESTATETYPE t, DWORD v);
/* slot: the device's sampler slot (0-15, then the 4 vertex samplers). */
HRESULT d3d9_sb_record_sampler_state(struct d3d9_stateblock *sb, int slot,
                                     D3DSAMPLERSTATETYPE t, DWORD v);
HRESULT d3d9_sb_record_texture(struct d3d9_stateblock *sb, int slot,
                               IDirect3DBaseTexture9 *tex);
HRESULT d3d9_sb_record_transform(struct d3d9_stateblock *sb, D3DTRANSFORMSTATETYPE t,
                                 const D3DMATRIX *m);
HRESULT d3d9_sb_record_viewport(struct d3d9_stateblock *sb, const D3DVIEWPORT9 *vp);
HRESULT d3d9_sb_record_scissor_rect(struct d3d9_stateblock *sb, const RECT *r);
HRESULT d3d9_sb_record_material(struct d3d9_stateblock *sb, const D3DMATERIAL9 *m);
HRESULT d3d9_sb_record_light(struct d3d9_stateblock *sb, DWORD index, const D3DLIGHT9 *l);
HRESULT d3d9_sb_record_light_enable(struct d3d9_stateblock *sb, DWORD index, BOOL enable);
HRESULT d3d9_sb_record_clip_plane(struct d3d9_stateblock *sb, DWORD index,
                                  const float *plane);
HRESULT d3d9_sb_record_stream_source(struct d3d9_stateblock *sb, UINT stream,
                                     IDirect3DVertexBuffer9 *vb, UINT offset, UINT stride);
HRESULT d3d9_sb_record_stream_source_freq(struct d3d9_stateblock *sb, UINT stream,
                                          UINT setting);
HRESULT d3d9_sb_record_indices(struct d3d9_stateblock *sb, IDirect3DIndexBuffer9 *ib);
HRESULT d3d9_sb_record_fvf(struct d3d9_stateblock *sb, DWORD fvf);
HRESULT d3d9_sb_record_vertex_declaration(struct d3d9_stateblock *sb,
                                          IDirect3DVertexDeclaration9 *decl);
HRESULT d3d9_sb_record_vertex_shader(struct d3d9_stateblock *sb,
                                     IDirect3DVertexShader9 *vs);
HRESULT d3d9_sb_record_pixel_shader(struct d3d9_stateblock *sb, IDirect3DPixelShader9 *ps);
HRESULT d3d9_sb_record_vs_constants_f(struct d3d9_stateblock *sb, UINT start,
                                      const float *data, UINT count);
HRESULT d3d9_sb_record_ps_constants_f(struct d3d9_stateblock *sb, UINT start,
                                      const float *data, UINT count);
HRESULT d3d9_sb_record_vs_constants_i(struct d3d9_stateblock *sb, UINT start,
                                      const int *data, UINT count);
HRESULT d3d9_sb_record_ps_constants_i(struct d3d9_stateblock *sb, UINT start,
                                      const int *data, UINT count);
HRESULT d3d9_sb_record_vs_constants_b(struct d3d9_stateblock *sb, UINT start,
                                      const BOOL *data, UINT count);
HRESULT d3d9_sb_record_ps_constants_b(struct d3d9_stateblock *sb, UINT start,
                                      const BOOL *data, UINT count);

/* ---- query.c: IDirect3DQuery9 ---- */
/* CreateQuery; a NULL out asks whether the type is supported. */
HRESULT d3d9_query_create(struct d3d9_device *dev, D3DQUERYTYPE type,
                          IDirect3DQuery9 **out);

/* ---- device_mt.c: D3DCREATE_MULTITHREADED ---- */
/* Gives the device (and, as they reach the application, its objects) the
 * locking copies of their vtables; false when out of memory. */
bool d3d9_device_mt_enable(struct d3d9_device *dev, const IDirect3DDevice9Vtbl *base);
extern const void *const d3d9_mt_vtbls_begin, *const d3d9_mt_vtbls_end;
const void *d3d9_mt_base_vtbl(const void *vtbl);
/* The vtable an object was created with: objects of a MULTITHREADED device
 * carry a locking copy, which identity checks must see through:
 *     if (!iface || d3d9_base_vtbl(iface->lpVtbl) != &my_vtbl) ... */
static inline const void *d3d9_base_vtbl(const void *vtbl)
{
    if (__builtin_expect((const char *)vtbl >= (const char *)d3d9_mt_vtbls_begin &&
                         (const char *)vtbl < (const char *)d3d9_mt_vtbls_end, 0))
        return d3d9_mt_base_vtbl(vtbl);
    return vtbl;
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

/* A non-NULL pSharedHandle where nothing else claims it: reserved (NULL)
 * for D3D9, which answers E_NOTIMPL (as Windows XP and Wine's tests
 * expect); D3D9Ex shared resources are not built (D3DERR_NOTAVAILABLE). */
static inline HRESULT d3d9_shared_refused(const struct d3d9_device *dev)
{
    return dev->d3d->ex ? D3DERR_NOTAVAILABLE : E_NOTIMPL;
}

/* The device's vidmem_used, bytes (negative: given back). */
static inline void d3d9_vidmem(struct d3d9_device *dev, int64_t bytes)
{
    __atomic_add_fetch(&dev->vidmem_used, (uint64_t)bytes, __ATOMIC_RELAXED);
}

#endif
