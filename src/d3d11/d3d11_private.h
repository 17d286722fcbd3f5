/* nereid's Direct3D 11 and DXGI front end: the first vertical slice (a
 * device, its immediate context, buffers, 2D textures, render-target
 * views, DXBC vertex and pixel shaders, input layouts, the rasterizer and
 * blend states, a DXGI factory, adapter and headless swap chain).  It
 * speaks the same wire as the D3D9 front end to the same server; what it
 * does not do yet fails with E_NOTIMPL (docs/STATUS.md lists it).
 *
 * Threads: ID3D11Device is free-threaded and the immediate context is not;
 * both write into the one transport, so every method that writes records
 * holds dev->lock.  Deferred contexts (deferred.c) write no records and
 * take no lock: each is used by one thread at a time, its own. */
#ifndef NEREID_D3D11_PRIVATE_H
#define NEREID_D3D11_PRIVATE_H

#include <d3d11.h>
#include <d3d11_1.h>
#include <d3d11_4.h>
#include <pthread.h>
#include <stdbool.h>

#include "client/private_data.h"
#include "shader/dxbc.h"
#include "transport/transport.h"

#define D11_MAX_VB 32 /* D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, WIRE_MAX_VERTEX_BINDINGS */
#define D11_MAX_RT 8  /* D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, WIRE_MAX_COLOR_TARGETS */
#define D11_MAX_CB D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT

struct d11_device;

/* What every child object has.  Two counts, as D3D11 needs them: the
 * application's (while it is above zero the object holds a reference on
 * its device) and the context's bindings' (they keep the object, not the
 * device), in one word (D11_APP_REF and D11_BINDING each), so that of a
 * release and an unbind on two threads exactly one takes it to zero and
 * destroys the object; a device whose last reference goes unbinds
 * everything first. */
#define D11_APP_REF UINT64_C(1)
#define D11_BINDING (UINT64_C(1) << 32)
struct d11_child {
    uint64_t counts;
    struct d11_device *dev;
    void (*destroy)(struct d11_child *c);
    struct nr_private_data pd;
};

struct d11_buffer {
    ID3D11Buffer iface;
    struct d11_child c;
    D3D11_BUFFER_DESC desc;
    wire_handle handle; /* null for a constant or STAGING buffer: it lives in cpu */
    uint8_t *cpu;       /* constant buffers: the bytes the draws upload;
                         * STAGING ones: the bytes Map gives */
    uint64_t serial;    /* at every change of cpu: a new one of the device's
                         * (unique: a later buffer at the same address has
                         * another) */
    uint8_t *map;       /* a mapped DYNAMIC buffer's bytes, or a DEFAULT one's
                         * (D3D11.2's CPU access to shader-resource and
                         * unordered-access buffers: read back at Map) */
    D3D11_MAP map_type;
};

struct d11_texture {
    ID3D11Texture2D iface;
    struct d11_child c;
    D3D11_TEXTURE2D_DESC desc;
    uint32_t wire_format;
    uint32_t levels, layers; /* layers: 6 for a cube map, else ArraySize */
    /* A Texture3D (ID3D11Texture3D; desc holds its 2D fields): depth is
     * its level 0's; 1 for the others. */
    bool volume;
    uint32_t depth;
    /* A Texture1D (ID3D11Texture1D; desc holds its fields, Height 1). */
    bool linear;
    /* A swap chain's 8-bit UNORM buffer: its render-target views may be of
     * the sRGB twin format (DXGI's rule; stored mutable). */
    bool srgb_rtv;
    /* A sequential swap chain's buffer past the first: drawn into as
     * buffer 0 alone, no render-target view of its own. */
    bool no_rtv;
    /* D3D11_RESOURCE_MISC_GDI_COMPATIBLE (under Windows): while GetDC's
     * DC is out, the DC, its DIB section, the bitmap it replaced and the
     * DIB's bits (HDC, HBITMAP, HGDIOBJ). */
    void *gdi_dc, *gdi_bitmap, *gdi_old, *gdi_bits;
    bool gdi_kmt; /* the DC is D3DKMTCreateDCFromMemory's over gdi_bits (ours) */
    /* Multisampled and read by sample in shaders (Texture2DMS): made
     * sampled, where the device has the count for the format. */
    bool ms_sampled;
    wire_handle handle; /* null for STAGING: it lives in cpu */
    /* STAGING: every subresource (level + layer * levels), one after the
     * other, each in tight rows (of blocks, for block formats) at
     * sub_offset. */
    uint8_t *cpu;
    size_t *sub_offset; /* levels * layers of them */
    /* DYNAMIC: the bytes Map gives, laid out as cpu (made at the first
     * Map); Unmap sends the subresource's. */
    uint8_t *map;
    bool *mapped; /* by subresource */
    /* DXGI's view of it (IDXGIResource1), and for MISC_SHARED_KEYEDMUTEX
     * the keyed mutex; share: the server's share id (the shared handle,
     * legacy or NT: MISC_SHARED_NTHANDLE), 0 when not shared. */
    IDXGIResource1 dxgi;
    IDXGIKeyedMutex mutex;
    IDXGISurface1 surface; /* 1D and 2D textures of one level and one layer */
    uint32_t share;
    bool key_held;
};

struct d11_view {
    ID3D11RenderTargetView iface;
    struct d11_child c;
    D3D11_RENDER_TARGET_VIEW_DESC desc;
    struct d11_texture *tex; /* bound (its internal count); NULL for a buffer's */
    uint32_t level, layer;
    uint32_t layers; /* from layer: more than 1 is a layered target */
    uint32_t wire_format; /* what it renders as (the view's format) */
    /* A buffer's view (bound): elements [layer, layer + elements), a target
     * `elements` pixels wide and one high (the server's WIRE_TARGET_BUFFER). */
    struct d11_buffer *buf;
    uint32_t elements;
};

/* A render-target view as SET_RENDER_TARGETS names it, and its samples. */
static inline struct wire_target d11_view_target(const struct d11_view *v)
{
    if (v->buf)
        return (struct wire_target){v->buf->handle, 0,           v->layer, v->wire_format,
                                    0,              WIRE_TARGET_BUFFER, v->elements};
    return (struct wire_target){v->tex->handle, v->level, v->layer, v->wire_format, v->layers,
                                0, 0};
}
static inline UINT d11_view_samples(const struct d11_view *v)
{
    return v->tex ? v->tex->desc.SampleDesc.Count : 1;
}

/* The stages: shaders, and the context's arrays of each stage's bindings. */
enum d11_stage { D11_VS, D11_PS, D11_CS, D11_GS, D11_HS, D11_DS, D11_STAGES };

struct d11_shader {
    /* ID3D11VertexShader, ID3D11PixelShader or ID3D11ComputeShader: the
     * same vtable layout. */
    ID3D11VertexShader iface;
    struct d11_child c;
    bool pixel;
    enum d11_stage stage;
    wire_handle handle;
    struct dxbc_bindings bind; /* b0 and the texture/sampler pairs */
    /* A geometry shader with stream output (CreateGeometryShaderWithStreamOutput,
     * of a geometry or a vertex program): the stream rasterized, or
     * D3D11_SO_NO_RASTERIZED_STREAM; `vertex` when its program is a vertex
     * shader's (a pass-through of that shader's outputs). */
    bool so, so_vertex;
    UINT so_rasterized;
    uint32_t so_streams; /* the streams the program writes, a bit each (dxbc_streams) */
    /* A hash of the DXBC (vertex programs: the server captures a vertex
     * stream output from the block's vertex shader, which must be the
     * same program). */
    uint64_t code_hash;
    /* Pixel shaders: the DXBC, kept for the dual-source module (made at
     * the first draw of a blend state that reads its second source, where
     * the device has dual-source blending; dual: its server handle) and
     * the modules for A8 targets (alpha: by the mask of their locations,
     * made at the first draw into such targets). */
    void *code;
    size_t code_size;
    wire_handle dual;
    struct {
        uint8_t mask;
        wire_handle handle;
    } alpha[4];
    unsigned alpha_count;
};

/* shader.c, the lock held: the dual-source module of a pixel shader,
 * made at the first call ({0, 0}: none can be made). */
wire_handle d11_shader_dual(struct d11_device *dev, struct d11_shader *s);
/* shader.c, the lock held: the module of a pixel shader whose outputs at
 * the locations of mask write their alpha in every component (for A8
 * targets, stored as R8), made at the first call ({0, 0}: none can be
 * made, or the shader has four such modules already). */
wire_handle d11_shader_alpha(struct d11_device *dev, struct d11_shader *s, uint8_t mask);

struct d11_dsv {
    ID3D11DepthStencilView iface;
    struct d11_child c;
    D3D11_DEPTH_STENCIL_VIEW_DESC desc;
    struct d11_texture *tex; /* bound (its internal count) */
    uint32_t level, layer;
    uint32_t layers; /* from layer: more than 1 is a layered target */
};

struct d11_srv {
    ID3D11ShaderResourceView iface;
    struct d11_child c;
    D3D11_SHADER_RESOURCE_VIEW_DESC desc;
    struct d11_texture *tex; /* bound (its internal count); NULL for a buffer's */
    uint32_t view_type;      /* enum wire_texture_type */
    uint32_t first_level, levels, first_layer, layers; /* what it views */
    uint32_t wire_format;    /* what it samples as (the view's format) */
    /* A buffer's view: its bytes [offset, +size) as texels of wire_format
     * (R32_UINT for raw and structured views), and whether the shader
     * reads it as a raw or structured buffer. */
    struct d11_buffer *buf;  /* bound (its internal count) */
    uint64_t offset, size;
    bool words;
};

/* An unordered-access view: a level (and layers, or a volume's slices) of
 * a texture, or a buffer's range as typed texels or 32-bit words (raw and
 * structured views). */
struct d11_uav {
    ID3D11UnorderedAccessView iface;
    struct d11_child c;
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc;
    struct d11_texture *tex; /* bound (its internal count); NULL for a buffer's */
    struct d11_buffer *buf;  /* bound (its internal count); NULL for a texture's */
    uint32_t view_type;      /* enum wire_texture_type (1D, 1D_ARRAY, 2D, 2D_ARRAY, 3D) */
    /* A texture's level and layers (a volume's: its slices, for clears;
     * shaders see the whole level) */
    uint32_t level, first_layer, layers;
    uint32_t wire_format; /* the texels' (R32_UINT for raw and structured views) */
    DXGI_FORMAT format;   /* the view's: what clears pack their values as */
    uint64_t offset, size; /* a buffer's bytes */
    bool words;            /* a raw or structured view */
    /* An append or counter view's hidden counter: a server buffer whose
     * first word the shaders count in; {0, 0} for the others. */
    wire_handle counter;
};

struct d11_sampler {
    ID3D11SamplerState iface;
    struct d11_child c;
    D3D11_SAMPLER_DESC desc;
    wire_handle handle;
};

struct d11_layout {
    ID3D11InputLayout iface;
    struct d11_child c;
    uint32_t attr_count;
    struct wire_vertex_attr attrs[WIRE_MAX_VERTEX_ATTRS];
    uint32_t instance_bindings;
    /* Slots stepping other than once an instance, and their step rates. */
    uint32_t divisor_bindings;
    uint32_t divisors[WIRE_MAX_VERTEX_BINDINGS];
    /* Per slot: what its offset and stride must be multiples of (its
     * elements' components: wire_format_vertex_align), at least 1. */
    uint8_t vb_align[WIRE_MAX_VERTEX_BINDINGS];
};

/* Rasterizer, blend and depth-stencil states: their descs, and what they
 * put in a state block. */
struct d11_state {
    union {
        ID3D11RasterizerState rs;
        ID3D11BlendState bs;
        ID3D11DepthStencilState ds;
    } iface;
    struct d11_child c;
    union {
        D3D11_RASTERIZER_DESC rs;
        /* A blend state: D3D11.0's description, and D3D11.1's logic
         * operation of every target (with it, none blends). */
        struct d11_blend {
            D3D11_BLEND_DESC d;
            UINT logic_enable;
            D3D11_LOGIC_OP logic_op; /* NOOP without it */
        } bs;
        D3D11_DEPTH_STENCIL_DESC ds;
    } desc;
};

/* What a state block is made of; compared as bytes. */
struct d11_block_key {
    struct wire_create_state_block b; /* block handle zero */
};

struct d11_block {
    uint64_t hash;
    struct d11_block_key key;
    wire_handle handle;
};

enum d11_dirty {
    D11_DIRTY_BLOCK = 1u << 0,   /* shaders, layout, topology, states, target formats */
    D11_DIRTY_VB = 1u << 1,
    D11_DIRTY_TARGETS = 1u << 2,
    D11_DIRTY_VIEWPORT = 1u << 3,
    D11_DIRTY_SCISSOR = 1u << 4,
    D11_DIRTY_DYNAMIC = 1u << 5, /* blend factor, stencil reference */
    D11_DIRTY_IB = 1u << 6,
    D11_DIRTY_TEXTURES = 1u << 7, /* shader resources, samplers, UAVs, the shaders' pairs
                                   * (a dispatch sends its own over the pixel stage's) */
    D11_DIRTY_SO = 1u << 8, /* stream-output targets (SET_SO_TARGETS) */
    D11_DIRTY_ALL = (1u << 9) - 1,
};

struct d11_context {
    ID3D11DeviceContext iface; /* ID3D11DeviceContext1 to 4 too (d3d11_1.c, d3d11_4.c) */
    ID3DUserDefinedAnnotation annotation;
    ID3D11Multithread multithread;
    /* The application's references to the immediate context (each holds
     * one of the device's too). */
    LONG refcount;
    struct d11_device *dev;
    struct nr_private_data pd;
    uint32_t dirty;
    struct d11_layout *layout;
    struct d11_buffer *vb[D11_MAX_VB];
    UINT vb_stride[D11_MAX_VB], vb_offset[D11_MAX_VB];
    uint32_t vb_sent; /* the slots whose buffer the server holds */
    struct d11_buffer *ib;
    DXGI_FORMAT ib_format;
    UINT ib_offset;
    D3D11_PRIMITIVE_TOPOLOGY topology;
    struct d11_shader *vs, *ps, *cs, *gs, *hull, *domain;
    /* Stream-output targets (their internal counts held), and the offsets
     * still to be sent (-1: append) with the next draw (D11_DIRTY_SO). */
    struct d11_buffer *so[D3D11_SO_BUFFER_SLOT_COUNT];
    UINT so_offset[D3D11_SO_BUFFER_SLOT_COUNT];
    /* SetPredication's predicate (a reference held) and value. */
    ID3D11Predicate *predicate;
    BOOL predicate_value;
    struct d11_buffer *cb[D11_STAGES][D11_MAX_CB];
    /* D3D11.1's constant buffer ranges (*SetConstantBuffers1), in
     * 16-byte constants: count 0 is the whole buffer. */
    UINT cb_first[D11_STAGES][D11_MAX_CB], cb_count[D11_STAGES][D11_MAX_CB];
    struct d11_srv *srv[D11_STAGES][DXBC_MAX_TEXTURES];
    struct d11_sampler *smp[D11_STAGES][D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT];
    /* UAVs: the output merger's (the pixel shaders'), the compute
     * shaders'. */
    struct d11_uav *uav[2][D3D11_PS_CS_UAV_REGISTER_COUNT];
    /* b0..b4 of each wire stage (vertex, fragment: compute shaders use the
     * fragment stage's) as uploaded last: the buffer (NULL: zeros),
     * its serial and the bytes sent (the shader's declared size at least). */
    struct {
        const struct d11_buffer *buffer;
        uint64_t serial;
        uint32_t size, first; /* first: the byte the upload began at */
    } cb_sent[5][DXBC_MAX_CB]; /* vertex, fragment, geometry, hull, domain */
    struct d11_view *rtv[D11_MAX_RT];
    UINT rtv_count;
    struct d11_dsv *dsv;
    D3D11_VIEWPORT vp[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT vp_count;
    UINT vp_sent; /* the viewport indices the server has open (not WIRE_VIEWPORT_NONE) */
    D3D11_RECT scissor[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    UINT scissor_count;
    struct d11_state *rs, *bs, *ds;
    FLOAT blend_factor[4];
    UINT sample_mask, stencil_ref;
    wire_handle block;
};

/* The device's state objects by description (shader.c): equal
 * descriptions give the same object, as D3D11 does; the cache holds an
 * internal count on each until the device goes. */
enum d11_state_kind { D11_STATE_RS, D11_STATE_BS, D11_STATE_DS, D11_STATE_SAMPLER, D11_STATE_KINDS };
#define D11_MAX_UNIQUE_STATES 4096 /* per kind, D3D11's limit */
struct d11_state_cache {
    struct d11_state_entry {
        struct d11_child *obj;
        const void *desc; /* inside obj */
    } *entries;
    size_t count, cap;
};

struct d11_device {
    ID3D11Device iface;
    IDXGIDevice1 dxgi;
    LONG refcount;
    pthread_mutex_t lock;
    struct d11_state_cache states[D11_STATE_KINDS];
    struct transport_client *tc;
    struct wire_handle_pool handles[WIRE_OBJ_KIND_COUNT];
    D3D_FEATURE_LEVEL level;
    UINT flags;
    IDXGIAdapter1 *adapter; /* referenced */
    struct d11_context imm;
    struct nr_private_data pd; /* the device's, IDXGIDevice's too */
    struct d11_block *blocks;
    size_t block_count, block_cap;
    UINT frame_latency;
    /* What an unbound shader resource and sampler slot read: a 1x1
     * texture of zeros (D3D11 reads 0 there) and the default sampler
     * state; made at first need. */
    /* What unbound slots read: zeros of each type but 2D_ARRAY (2D's). */
#define D11_ZERO_TEXTURES WIRE_TEX_TYPE_COUNT /* by type: 2D, CUBE, 3D and 1D (arrays: none) */
    wire_handle zero_texture[D11_ZERO_TEXTURES], default_sampler;
    wire_handle load_sampler; /* point sampling: a pair with no sampler (a load) */
    wire_handle zero_buffer; /* 16 bytes of zeros: what an unbound buffer slot reads */
    /* What a comparison pair reads without a depth view or a comparison
     * sampler: a 1x1 depth texture (2D, cube) through a sampler whose
     * comparison never passes (0, as D3D11 reads unbound slots). */
    wire_handle zero_depth[2], never_sampler;
    bool reference; /* NEREID_REFERENCE_STATE: every draw sends all its state */
    uint64_t serials; /* constant buffers' content serials */
    /* Queries (query.c): fences sent and known retired, and the server's
     * query indices (occlusion and timestamp) free and next. */
    uint64_t query_fence, query_fence_done;
    uint32_t *query_free;
    size_t query_free_count, query_free_cap;
    uint32_t query_next;
    uint32_t shares; /* shared textures made or opened (Flush waits for the server) */
    /* Flush1's fence (d3d11_4.c), made at the first Flush1 with an event,
     * and its last value; under fence_lock. */
    pthread_mutex_t fence_lock;
    struct d11_fence *flush_fence;
    uint64_t flush_value;
    /* ID3D11Multithread's critical section (recursive) and setting. */
    pthread_mutex_t mt_lock;
    BOOL mt_protected;
    /* The active device context state (SwapDeviceContextState), held as a
     * binding; NULL until the first swap. */
    struct d11_context_state *dcs;
};

/* d3d11_1.c: the device's last release lets go of its active context
 * state. */
void d11_context_states_cleanup(struct d11_device *dev);
/* The cleared struct d11_context that the immediate context's getters
 * read while a state emulating a D3D10 device is active (d3d11_1.c), and
 * the context's vtable then (context_off.c: most methods turned off). */
struct d11_context *d11_context_state_cleared(struct d11_device *dev);
const ID3D11DeviceContextVtbl *d11_context_off_vtbl(void);

/* resource.c: a texture of another device, by its shared handle (nt: an
 * NT handle, of a MISC_SHARED_NTHANDLE texture; else a legacy one) */
HRESULT d11_texture_open_shared(struct d11_device *dev, HANDLE h, bool nt,
                                struct d11_texture **out);
/* d3d11_1.c, the lock held: names the share of a shared texture or fence
 * (kind WIRE_OBJ_TEXTURE or WIRE_OBJ_FENCE) in the server's namespace. */
HRESULT d11_share_name(struct d11_device *dev, uint32_t kind, wire_handle object, LPCWSTR name);

/* device.c */
/* B8G8R8X8 and its family: alpha kept nowhere, read as 1 (sampled, and
 * as a blend's destination). */
bool d11_format_no_alpha(DXGI_FORMAT f);
struct dxbc_shader;
/* Whether the program's shader model is one of the device's feature level. */
bool d11_shader_model_ok(const struct d11_device *dev, const struct dxbc_shader *sh);
HRESULT d11_device_create(IDXGIAdapter1 *adapter, UINT flags, D3D_FEATURE_LEVEL level,
                          struct d11_device **out);
struct d11_device *d11_device_from(ID3D11Device *iface);
void d11_child_init(struct d11_child *c, struct d11_device *dev,
                    void (*destroy)(struct d11_child *c));
ULONG d11_child_addref(struct d11_child *c);
ULONG d11_child_release(struct d11_child *c);
void d11_child_bind(struct d11_child *c);   /* a binding's reference */
void d11_child_unbind(struct d11_child *c); /* NULL-safe */
wire_handle d11_handle_alloc(struct d11_device *dev, enum wire_object_kind kind);
void d11_destroy_object(struct d11_device *dev, enum wire_object_kind kind, wire_handle h);
HRESULT d11_lost_hr(struct d11_device *dev);
/* SetPrivateData (data NULL: removes), SetPrivateDataInterface (NULL:
 * removes) and GetPrivateData with D3D11's and DXGI's results. */
HRESULT d11_private_set(struct nr_private_data *pd, REFGUID guid, UINT size, const void *data);
HRESULT d11_private_set_iface(struct nr_private_data *pd, REFGUID guid, const IUnknown *obj);
HRESULT d11_private_get(struct nr_private_data *pd, REFGUID guid, UINT *size, void *data);
static inline uint64_t d11_new_serial(struct d11_device *dev)
{
    return __atomic_add_fetch(&dev->serials, 1, __ATOMIC_RELAXED);
}
uint32_t d11_wire_format(DXGI_FORMAT f, uint32_t *bpp);
/* The DXGI format of a wire format (the first the table has), or UNKNOWN. */
DXGI_FORMAT d11_dxgi_format(uint32_t wire);
/* A typeless depth format's depth format (R24G8_TYPELESS: D24_UNORM_S8_UINT),
 * or UNKNOWN. */
DXGI_FORMAT d11_typeless_depth(DXGI_FORMAT f);
/* A typeless colour format's first typed one (R8G8B8A8_TYPELESS:
 * R8G8B8A8_UNORM), which its textures are made of, or UNKNOWN. */
DXGI_FORMAT d11_typeless_colour(DXGI_FORMAT f);
/* The sample counts (bit n: 2^n samples) a 2D target of the format may
 * have on the server's device; 1 alone for a format it lacks as a target,
 * 0 for one it lacks entirely. */
uint32_t d11_format_samples(struct d11_device *dev, DXGI_FORMAT f);
/* ResolveSubresource (the swap chain's Present too): skipped with a warning
 * where it cannot be done. */
void d11_resolve(struct d11_device *dev, struct d11_texture *d, UINT dst_sub,
                 struct d11_texture *s, UINT src_sub, DXGI_FORMAT format);
struct d11_texture;
/* Whether a view (srv: a shader-resource view, else a depth-stencil or
 * render-target view) of t may have this format (0: the texture's, which
 * a typeless texture has not). */
bool d11_view_format_ok(const struct d11_texture *t, DXGI_FORMAT view, bool srv);
/* Whether D3D11 copies between textures of the two formats: of one
 * typeless family, R9G9B9E5 and R32's, or from level 10_1 a block and a
 * texel of 64 or 128 bits (16- or 32-bit channels).  The texel's wire formats must also
 * suit the server (copy_compatible). */
bool d11_copy_formats_ok(DXGI_FORMAT dst, DXGI_FORMAT src, D3D_FEATURE_LEVEL level);
/* The wire format such a view renders or samples as: t's own for a depth
 * texture or view format 0. */
uint32_t d11_view_wire_format(const struct d11_texture *t, DXGI_FORMAT view);

/* resource.c: buffers, textures, views */
HRESULT d11_buffer_create(struct d11_device *dev, const D3D11_BUFFER_DESC *desc,
                          const D3D11_SUBRESOURCE_DATA *data, ID3D11Buffer **out);
HRESULT d11_texture_create(struct d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                           const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out);
HRESULT d11_texture_create_stored(struct d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                                  DXGI_FORMAT store_as, struct d11_texture **out);
/* A Texture3D (its iface is an ID3D11Texture3D). */
HRESULT d11_texture1d_create(struct d11_device *dev, const D3D11_TEXTURE1D_DESC *desc,
                             const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out);
HRESULT d11_texture3d_create(struct d11_device *dev, const D3D11_TEXTURE3D_DESC *desc,
                             const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out);
HRESULT d11_rtv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                       ID3D11RenderTargetView **out);
struct d11_buffer *d11_buffer_from(ID3D11Resource *r);
struct d11_texture *d11_texture_from(ID3D11Resource *r);
struct d11_view *d11_rtv_from(ID3D11RenderTargetView *v);
HRESULT d11_srv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                       ID3D11ShaderResourceView **out);
struct d11_srv *d11_srv_from(ID3D11ShaderResourceView *v);
HRESULT d11_dsv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                       ID3D11DepthStencilView **out);
struct d11_dsv *d11_dsv_from(ID3D11DepthStencilView *v);
/* Writes rows (slices of them for a volume, depth_pitch apart) into a
 * subresource's box (WRITE_TEXTURE) or a staging copy. */
HRESULT d11_texture_write(struct d11_device *dev, struct d11_texture *t, uint32_t sub,
                          const D3D11_BOX *box, const void *data, UINT pitch,
                          UINT depth_pitch);
void d11_texture_level(const struct d11_texture *t, uint32_t level, uint32_t *w, uint32_t *h,
                       uint32_t *row_bytes, uint32_t *rows);
/* A w x h box of s's subresource ss from (sx, sy) to d's subresource ds
 * at (dx, dy), wherever each lives (the server's texture or cpu); the
 * formats have the same blocks; on block edges, inside both levels (the
 * caller checked).  The lock is held. */
HRESULT d11_texture_copy(struct d11_device *dev, struct d11_texture *d, UINT ds, UINT dx,
                         UINT dy, UINT dz, struct d11_texture *s, UINT ss, UINT sx, UINT sy,
                         UINT sz, UINT w, UINT h, UINT depth);
/* A level's slices: a volume's depth there, else 1. */
uint32_t d11_texture_slices(const struct d11_texture *t, uint32_t level);
HRESULT d11_buffer_write(struct d11_device *dev, struct d11_buffer *b, UINT offset,
                         const void *data, UINT size, uint32_t flags);
/* The lock is held.  A server buffer's bytes into out, once the work
 * before has written them. */
HRESULT d11_buffer_read(struct d11_device *dev, struct d11_buffer *b, UINT offset, void *out,
                        UINT size);
/* Whether a DEFAULT buffer of these flags may have CPU access (D3D11.2's
 * MapOnDefaultBuffers: level 11_0 and up, shader-resource or
 * unordered-access buffers). */
bool d11_default_cpu_access(const struct d11_device *dev, UINT bind);
/* size bytes of src from src_offset to dst at dst_offset, wherever each
 * lives (the server's buffer or cpu); in one buffer the ranges do not
 * overlap.  The lock is held. */
HRESULT d11_buffer_copy(struct d11_device *dev, struct d11_buffer *dst, UINT dst_offset,
                        struct d11_buffer *src, UINT src_offset, UINT size);

/* shader.c: shaders, input layouts, state objects */
HRESULT d11_shader_create(struct d11_device *dev, enum d11_stage stage, const void *code,
                          SIZE_T size, void **out);
HRESULT d11_layout_create(struct d11_device *dev, const D3D11_INPUT_ELEMENT_DESC *e,
                          UINT count, const void *code, SIZE_T size, ID3D11InputLayout **out);
HRESULT d11_rs_create(struct d11_device *dev, const D3D11_RASTERIZER_DESC *d,
                      ID3D11RasterizerState **out);
/* (logic: D3D11.1's logic operation of every target, or NULL.) */
HRESULT d11_bs_create(struct d11_device *dev, const D3D11_BLEND_DESC *d, const D3D11_LOGIC_OP *logic,
                      ID3D11BlendState **out);
HRESULT d11_ds_create(struct d11_device *dev, const D3D11_DEPTH_STENCIL_DESC *d,
                      ID3D11DepthStencilState **out);
/* Lets go of the cached state objects (the device's end). */
void d11_state_cache_cleanup(struct d11_device *dev);
HRESULT d11_sampler_create(struct d11_device *dev, const D3D11_SAMPLER_DESC *d,
                           ID3D11SamplerState **out);
struct d11_sampler *d11_sampler_from(ID3D11SamplerState *s);
/* The wire form of a sampler state (also the device's default one). */
void d11_sampler_to_wire(struct d11_device *dev, const D3D11_SAMPLER_DESC *d,
                         struct wire_create_sampler *w);
extern const D3D11_SAMPLER_DESC d11_default_sampler;
struct d11_shader *d11_shader_from(void *iface, enum d11_stage stage);
/* CreateGeometryShaderWithStreamOutput (shader.c). */
HRESULT d11_so_shader_create(struct d11_device *dev, const void *code, SIZE_T size,
                             const D3D11_SO_DECLARATION_ENTRY *decl, UINT n,
                             const UINT *strides, UINT stride_count, UINT rasterized,
                             ID3D11GeometryShader **out);
struct d11_layout *d11_layout_from(ID3D11InputLayout *l);
struct d11_state *d11_rs_from(ID3D11RasterizerState *s);
struct d11_state *d11_bs_from(ID3D11BlendState *s);
struct d11_state *d11_ds_from(ID3D11DepthStencilState *s);
extern const D3D11_RASTERIZER_DESC d11_default_rs;
extern const D3D11_BLEND_DESC d11_default_bs;
extern const D3D11_DEPTH_STENCIL_DESC d11_default_ds;

/* uav.c: unordered-access views and their clears */
/* An append or counter view's hidden counter set to value (ordered with
 * the stream: the draws and dispatches after it count from it). */
HRESULT d11_counter_write(struct d11_device *dev, wire_handle counter, UINT value);
HRESULT d11_uav_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                       ID3D11UnorderedAccessView **out);
struct d11_uav *d11_uav_from(ID3D11UnorderedAccessView *v);
/* The texel a clear writes into the view (values: 4 UINTs, or with
 * is_float 4 FLOATs), in its bytes: their count, 0 when the clear does
 * nothing (D3D11: a float clear of an integer view). */
uint32_t d11_uav_clear_texel(const struct d11_uav *v, const void *values, bool is_float,
                             uint8_t texel[16]);
/* Whether D3D11 may read and write the format through typed UAVs on this
 * device (the UAV bits of CheckFormatSupport). */
bool d11_uav_format_ok(struct d11_device *dev, DXGI_FORMAT f);

/* query.c */
HRESULT d11_query_create(struct d11_device *dev, const D3D11_QUERY_DESC *d, ID3D11Query **out);
HRESULT d11_query_create1(struct d11_device *dev, const D3D11_QUERY_DESC1 *d, ID3D11Query1 **out);

/* d3d11_4.c: D3D11.3's view descriptions from the D3D11.0 ones (plane 0). */
void d11_srv_desc1(const D3D11_SHADER_RESOURCE_VIEW_DESC *d, D3D11_SHADER_RESOURCE_VIEW_DESC1 *d1);
void d11_rtv_desc1(const D3D11_RENDER_TARGET_VIEW_DESC *d, D3D11_RENDER_TARGET_VIEW_DESC1 *d1);
void d11_uav_desc1(const D3D11_UNORDERED_ACCESS_VIEW_DESC *d,
                   D3D11_UNORDERED_ACCESS_VIEW_DESC1 *d1);
void d11_query_begin(struct d11_device *dev, ID3D11Asynchronous *a);
void d11_query_end(struct d11_device *dev, ID3D11Asynchronous *a);
HRESULT d11_query_get_data(struct d11_device *dev, ID3D11Asynchronous *a, void *data,
                           UINT size, UINT flags);
HRESULT d11_predicate_create(struct d11_device *dev, const D3D11_QUERY_DESC *d,
                             ID3D11Predicate **out);
/* The child of a query or predicate of ours, NULL for anything else. */
struct d11_child *d11_query_child(ID3D11Asynchronous *a);
/* Whether the context's predication drops the operation now (waiting
 * for the predicate's result where it is not known yet). */
bool d11_predicated_away(struct d11_context *ctx);
/* ClearRenderTargetView's and ClearView's clear (context.c). */
void d11_clear_rtv(struct d11_context *ctx, struct d11_view *v, const FLOAT color[4],
                   const D3D11_RECT *rects, UINT n);
/* A binding's reference on a predicate (as d11_child_bind), or its end. */
void d11_predicate_bind(ID3D11Predicate *p, bool bind);
bool d11_is_predicate(ID3D11Predicate *p);

/* context.c */
void d11_context_init(struct d11_context *ctx, struct d11_device *dev);
void d11_context_cleanup(struct d11_context *ctx);
/* Everything src's setters set, into dst (bindings taken, dst's let go). */
void d11_context_copy_state(struct d11_context *dst, const struct d11_context *src);
/* The immediate context's methods: its setters and getters keep and read
 * any struct d11_context (deferred contexts keep their state with them);
 * its commands send records. */
extern const struct d11_context_vtbl d11_immediate_vtbl;
/* Its table, for callers that must reach the immediate context's own
 * methods whatever vtable the context has now (context_off.c) or that run
 * them on another struct d11_context (deferred.c's recorders). */
#define D11_IMM (d11_immediate_vtbl.base)

/* deferred.c: deferred contexts and command lists */
HRESULT d11_deferred_create(struct d11_device *dev, UINT flags, ID3D11DeviceContext **out);
/* ExecuteCommandList on the immediate context: the list replays from a
 * cleared state, then ctx's state is restored (restore) or cleared. */
void d11_command_list_execute(struct d11_context *ctx, ID3D11CommandList *l, BOOL restore);

/* dxgi.c */
/* D3D11.1 (d3d11_1.c): what ID3D11DeviceContext1 adds to the context's
 * vtable (context.c's has these after ID3D11DeviceContext's methods), the
 * same for ID3D11Device1, the annotation interface of the context, and the
 * constant buffer ranges of context.c. */
struct d11_context1_methods {
    void(STDMETHODCALLTYPE *CopySubresourceRegion1)(ID3D11DeviceContext1 *, ID3D11Resource *,
                                                     UINT, UINT, UINT, UINT, ID3D11Resource *,
                                                     UINT, const D3D11_BOX *, UINT);
    void(STDMETHODCALLTYPE *UpdateSubresource1)(ID3D11DeviceContext1 *, ID3D11Resource *, UINT,
                                                 const D3D11_BOX *, const void *, UINT, UINT,
                                                 UINT);
    void(STDMETHODCALLTYPE *DiscardResource)(ID3D11DeviceContext1 *, ID3D11Resource *);
    void(STDMETHODCALLTYPE *DiscardView)(ID3D11DeviceContext1 *, ID3D11View *);
    void(STDMETHODCALLTYPE *SetConstantBuffers1[6])(ID3D11DeviceContext1 *, UINT, UINT,
                                                     ID3D11Buffer *const *, const UINT *,
                                                     const UINT *);
    void(STDMETHODCALLTYPE *GetConstantBuffers1[6])(ID3D11DeviceContext1 *, UINT, UINT,
                                                     ID3D11Buffer **, UINT *, UINT *);
    void(STDMETHODCALLTYPE *SwapDeviceContextState)(ID3D11DeviceContext1 *,
                                                     ID3DDeviceContextState *,
                                                     ID3DDeviceContextState **);
    void(STDMETHODCALLTYPE *ClearView)(ID3D11DeviceContext1 *, ID3D11View *, const FLOAT[4],
                                        const D3D11_RECT *, UINT);
    void(STDMETHODCALLTYPE *DiscardView1)(ID3D11DeviceContext1 *, ID3D11View *,
                                           const D3D11_RECT *, UINT);
};
/* What ID3D11DeviceContext2, 3 and 4 add (d3d11_4.c). */
#define D11_CTX4_FN(ret, name, ...) ret(STDMETHODCALLTYPE *name)(ID3D11DeviceContext4 *, ##__VA_ARGS__);
#define D11_CONTEXT4_LIST(X)                                                                  \
    X(HRESULT, UpdateTileMappings, ID3D11Resource *, UINT,                                    \
      const D3D11_TILED_RESOURCE_COORDINATE *, const D3D11_TILE_REGION_SIZE *, ID3D11Buffer *, \
      UINT, const UINT *, const UINT *, const UINT *, UINT)                                   \
    X(HRESULT, CopyTileMappings, ID3D11Resource *, const D3D11_TILED_RESOURCE_COORDINATE *,   \
      ID3D11Resource *, const D3D11_TILED_RESOURCE_COORDINATE *,                              \
      const D3D11_TILE_REGION_SIZE *, UINT)                                                   \
    X(void, CopyTiles, ID3D11Resource *, const D3D11_TILED_RESOURCE_COORDINATE *,             \
      const D3D11_TILE_REGION_SIZE *, ID3D11Buffer *, UINT64, UINT)                           \
    X(void, UpdateTiles, ID3D11Resource *, const D3D11_TILED_RESOURCE_COORDINATE *,           \
      const D3D11_TILE_REGION_SIZE *, const void *, UINT)                                     \
    X(HRESULT, ResizeTilePool, ID3D11Buffer *, UINT64)                                        \
    X(void, TiledResourceBarrier, ID3D11DeviceChild *, ID3D11DeviceChild *)                   \
    X(BOOL, IsAnnotationEnabled)                                                              \
    X(void, SetMarkerInt, LPCWSTR, INT)                                                       \
    X(void, BeginEventInt, LPCWSTR, INT)                                                      \
    X(void, EndEvent)                                                                         \
    X(void, Flush1, D3D11_CONTEXT_TYPE, HANDLE)                                               \
    X(void, SetHardwareProtectionState, BOOL)                                                 \
    X(void, GetHardwareProtectionState, BOOL *)                                               \
    X(HRESULT, Signal, ID3D11Fence *, UINT64)                                                 \
    X(HRESULT, Wait, ID3D11Fence *, UINT64)
struct d11_context4_methods {
    D11_CONTEXT4_LIST(D11_CTX4_FN)
};
#define D11_CTX4_DECL(ret, name, ...) \
    ret STDMETHODCALLTYPE d11_ctx4_##name(ID3D11DeviceContext4 *, ##__VA_ARGS__);
D11_CONTEXT4_LIST(D11_CTX4_DECL)
#define D11_CTX4_INIT(ret, name, ...) d11_ctx4_##name,
#define D11_CONTEXT4_METHODS {D11_CONTEXT4_LIST(D11_CTX4_INIT)}
struct d11_context_vtbl {
    ID3D11DeviceContextVtbl base;
    struct d11_context1_methods v1;
    struct d11_context4_methods v4;
};
extern const ID3D11MultithreadVtbl d11_multithread_vtbl;
#define D11_CTX1_DECL(ret, name, ...) ret STDMETHODCALLTYPE d11_ctx1_##name(ID3D11DeviceContext1 *, __VA_ARGS__);
D11_CTX1_DECL(void, CopySubresourceRegion1, ID3D11Resource *, UINT, UINT, UINT, UINT,
              ID3D11Resource *, UINT, const D3D11_BOX *, UINT)
D11_CTX1_DECL(void, UpdateSubresource1, ID3D11Resource *, UINT, const D3D11_BOX *, const void *,
              UINT, UINT, UINT)
D11_CTX1_DECL(void, DiscardResource, ID3D11Resource *)
D11_CTX1_DECL(void, DiscardView, ID3D11View *)
#define D11_CB1_DECL(S)                                                                       \
    D11_CTX1_DECL(void, S##SetConstantBuffers1, UINT, UINT, ID3D11Buffer *const *, const UINT *, \
                  const UINT *)                                                             \
    D11_CTX1_DECL(void, S##GetConstantBuffers1, UINT, UINT, ID3D11Buffer **, UINT *, UINT *)
D11_CB1_DECL(VS) D11_CB1_DECL(HS) D11_CB1_DECL(DS) D11_CB1_DECL(GS) D11_CB1_DECL(PS)
D11_CB1_DECL(CS)
D11_CTX1_DECL(void, SwapDeviceContextState, ID3DDeviceContextState *, ID3DDeviceContextState **)
D11_CTX1_DECL(void, ClearView, ID3D11View *, const FLOAT[4], const D3D11_RECT *, UINT)
D11_CTX1_DECL(void, DiscardView1, ID3D11View *, const D3D11_RECT *, UINT)
#define D11_CONTEXT1_METHODS                                                                  \
    {d11_ctx1_CopySubresourceRegion1,                                                         \
     d11_ctx1_UpdateSubresource1,                                                             \
     d11_ctx1_DiscardResource,                                                                \
     d11_ctx1_DiscardView,                                                                    \
     {d11_ctx1_VSSetConstantBuffers1, d11_ctx1_HSSetConstantBuffers1,                          \
      d11_ctx1_DSSetConstantBuffers1, d11_ctx1_GSSetConstantBuffers1,                          \
      d11_ctx1_PSSetConstantBuffers1, d11_ctx1_CSSetConstantBuffers1},                         \
     {d11_ctx1_VSGetConstantBuffers1, d11_ctx1_HSGetConstantBuffers1,                          \
      d11_ctx1_DSGetConstantBuffers1, d11_ctx1_GSGetConstantBuffers1,                          \
      d11_ctx1_PSGetConstantBuffers1, d11_ctx1_CSGetConstantBuffers1},                         \
     d11_ctx1_SwapDeviceContextState,                                                         \
     d11_ctx1_ClearView,                                                                      \
     d11_ctx1_DiscardView1}
struct d11_device1_methods {
    void(STDMETHODCALLTYPE *GetImmediateContext1)(ID3D11Device1 *, ID3D11DeviceContext1 **);
    HRESULT(STDMETHODCALLTYPE *CreateDeferredContext1)(ID3D11Device1 *, UINT,
                                                        ID3D11DeviceContext1 **);
    HRESULT(STDMETHODCALLTYPE *CreateBlendState1)(ID3D11Device1 *, const D3D11_BLEND_DESC1 *,
                                                   ID3D11BlendState1 **);
    HRESULT(STDMETHODCALLTYPE *CreateRasterizerState1)(ID3D11Device1 *,
                                                        const D3D11_RASTERIZER_DESC1 *,
                                                        ID3D11RasterizerState1 **);
    HRESULT(STDMETHODCALLTYPE *CreateDeviceContextState)(ID3D11Device1 *, UINT,
                                                          const D3D_FEATURE_LEVEL *, UINT, UINT,
                                                          REFIID, D3D_FEATURE_LEVEL *,
                                                          ID3DDeviceContextState **);
    HRESULT(STDMETHODCALLTYPE *OpenSharedResource1)(ID3D11Device1 *, HANDLE, REFIID, void **);
    HRESULT(STDMETHODCALLTYPE *OpenSharedResourceByName)(ID3D11Device1 *, LPCWSTR, DWORD, REFIID,
                                                          void **);
};
/* What ID3D11Device2 to 5 add (d3d11_4.c). */
#define D11_DEV5_FN(ret, name, ...) ret(STDMETHODCALLTYPE *name)(ID3D11Device5 *, ##__VA_ARGS__);
#define D11_DEVICE5_LIST(X)                                                                   \
    X(void, GetImmediateContext2, ID3D11DeviceContext2 **)                                    \
    X(HRESULT, CreateDeferredContext2, UINT, ID3D11DeviceContext2 **)                         \
    X(void, GetResourceTiling, ID3D11Resource *, UINT *, D3D11_PACKED_MIP_DESC *,             \
      D3D11_TILE_SHAPE *, UINT *, UINT, D3D11_SUBRESOURCE_TILING *)                           \
    X(HRESULT, CheckMultisampleQualityLevels1, DXGI_FORMAT, UINT, UINT, UINT *)               \
    X(HRESULT, CreateTexture2D1, const D3D11_TEXTURE2D_DESC1 *,                               \
      const D3D11_SUBRESOURCE_DATA *, ID3D11Texture2D1 **)                                    \
    X(HRESULT, CreateTexture3D1, const D3D11_TEXTURE3D_DESC1 *,                               \
      const D3D11_SUBRESOURCE_DATA *, ID3D11Texture3D1 **)                                    \
    X(HRESULT, CreateRasterizerState2, const D3D11_RASTERIZER_DESC2 *,                        \
      ID3D11RasterizerState2 **)                                                              \
    X(HRESULT, CreateShaderResourceView1, ID3D11Resource *,                                   \
      const D3D11_SHADER_RESOURCE_VIEW_DESC1 *, ID3D11ShaderResourceView1 **)                 \
    X(HRESULT, CreateUnorderedAccessView1, ID3D11Resource *,                                  \
      const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *, ID3D11UnorderedAccessView1 **)               \
    X(HRESULT, CreateRenderTargetView1, ID3D11Resource *,                                     \
      const D3D11_RENDER_TARGET_VIEW_DESC1 *, ID3D11RenderTargetView1 **)                     \
    X(HRESULT, CreateQuery1, const D3D11_QUERY_DESC1 *, ID3D11Query1 **)                      \
    X(void, GetImmediateContext3, ID3D11DeviceContext3 **)                                    \
    X(HRESULT, CreateDeferredContext3, UINT, ID3D11DeviceContext3 **)                         \
    X(void, WriteToSubresource, ID3D11Resource *, UINT, const D3D11_BOX *, const void *, UINT, \
      UINT)                                                                                   \
    X(void, ReadFromSubresource, void *, UINT, UINT, ID3D11Resource *, UINT,                  \
      const D3D11_BOX *)                                                                      \
    X(HRESULT, RegisterDeviceRemovedEvent, HANDLE, DWORD *)                                   \
    X(void, UnregisterDeviceRemoved, DWORD)                                                   \
    X(HRESULT, OpenSharedFence, HANDLE, REFIID, void **)                                      \
    X(HRESULT, CreateFence, UINT64, D3D11_FENCE_FLAG, REFIID, void **)
struct d11_device5_methods {
    D11_DEVICE5_LIST(D11_DEV5_FN)
};
#define D11_DEV5_DECL(ret, name, ...) \
    ret STDMETHODCALLTYPE d11_dev5_##name(ID3D11Device5 *, ##__VA_ARGS__);
D11_DEVICE5_LIST(D11_DEV5_DECL)
#define D11_DEV5_INIT(ret, name, ...) d11_dev5_##name,
#define D11_DEVICE5_METHODS {D11_DEVICE5_LIST(D11_DEV5_INIT)}
struct d11_device_vtbl {
    ID3D11DeviceVtbl base;
    struct d11_device1_methods v1;
    struct d11_device5_methods v5;
};
/* The device's flush fence goes (device_destroy, before the transport). */
void d11_device_release_fences(struct d11_device *dev);
#define D11_DEV1_DECL(name, ...) HRESULT STDMETHODCALLTYPE d11_dev1_##name(ID3D11Device1 *, __VA_ARGS__);
void STDMETHODCALLTYPE d11_dev1_GetImmediateContext1(ID3D11Device1 *, ID3D11DeviceContext1 **);
D11_DEV1_DECL(CreateDeferredContext1, UINT, ID3D11DeviceContext1 **)
D11_DEV1_DECL(CreateBlendState1, const D3D11_BLEND_DESC1 *, ID3D11BlendState1 **)
D11_DEV1_DECL(CreateRasterizerState1, const D3D11_RASTERIZER_DESC1 *, ID3D11RasterizerState1 **)
D11_DEV1_DECL(CreateDeviceContextState, UINT, const D3D_FEATURE_LEVEL *, UINT, UINT, REFIID,
              D3D_FEATURE_LEVEL *, ID3DDeviceContextState **)
D11_DEV1_DECL(OpenSharedResource1, HANDLE, REFIID, void **)
D11_DEV1_DECL(OpenSharedResourceByName, LPCWSTR, DWORD, REFIID, void **)
#define D11_DEVICE1_METHODS                                                                   \
    {d11_dev1_GetImmediateContext1, d11_dev1_CreateDeferredContext1,                          \
     d11_dev1_CreateBlendState1,    d11_dev1_CreateRasterizerState1,                          \
     d11_dev1_CreateDeviceContextState, d11_dev1_OpenSharedResource1,                         \
     d11_dev1_OpenSharedResourceByName}
extern const ID3DUserDefinedAnnotationVtbl d11_annotation_vtbl;
/* *SetConstantBuffers1 of a stage with shaders (first and count in
 * constants; NULL: whole buffers) and its getter. */
void d11_set_cbs1(struct d11_context *ctx, int stage, UINT start, UINT n,
                  ID3D11Buffer *const *bufs, const UINT *first, const UINT *count);
void d11_get_cbs1(struct d11_context *ctx, int stage, UINT start, UINT n, ID3D11Buffer **out,
                  UINT *first, UINT *count);

HRESULT d11_adapter_get(IDXGIAdapter1 **out); /* the one adapter, referenced */
/* The adapter's output (output.c), holding the adapter. */
HRESULT d11_output_create(IDXGIAdapter *adapter, IDXGIOutput **out);
HRESULT d11_swapchain_create(struct d11_device *dev, IDXGIFactory *factory,
                             const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **out);
HRESULT d11_factory_create(REFIID riid, void **out);

/* Small helpers shared by the COM objects. */
#define D11_IMPL(ptr, type, member) ((type *)((char *)(ptr)-offsetof(type, member)))

/* IDXGIObject's private-data methods over an object's pd. */
#define DXGI_PRIVATE_DATA(prefix, Iface, from)                                            \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,   \
                                                             UINT size, const void *data)  \
    {                                                                                      \
        return d11_private_set(&from(iface)->pd, guid, size, data);                       \
    }                                                                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(                     \
        Iface *iface, REFGUID guid, const IUnknown *obj)                                   \
    {                                                                                      \
        return d11_private_set_iface(&from(iface)->pd, guid, obj);                        \
    }                                                                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,   \
                                                             UINT *size, void *data)       \
    {                                                                                      \
        return d11_private_get(&from(iface)->pd, guid, size, data);                       \
    }

#endif
