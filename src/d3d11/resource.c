/* nereid D3D11: buffers, 2D textures and render-target views. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"
#include "client/kmt.h"

#include <stdlib.h>
#include <string.h>

/* Bytes one write or read moves through the stage ring at most. */
#define D11_BAND_BYTES (4u << 20)

/* ------------------------------------------------------------ buffers */

D11_CHILD_METHODS(buf, ID3D11Buffer, struct d11_buffer, iface)
D11_CHILD_QI(buf, ID3D11Buffer, &IID_ID3D11Resource, &IID_ID3D11Buffer, NULL)

static void buf_destroy(struct d11_buffer *b)
{
    d11_destroy_object(b->c.dev, WIRE_OBJ_BUFFER, b->handle);
    free(b->cpu);
    free(b->map);
    free(b);
}

static void STDMETHODCALLTYPE buf_GetType(ID3D11Buffer *iface, D3D11_RESOURCE_DIMENSION *t)
{
    (void)iface;
    *t = D3D11_RESOURCE_DIMENSION_BUFFER;
}

static void STDMETHODCALLTYPE buf_SetEvictionPriority(ID3D11Buffer *iface, UINT p)
{
    (void)iface, (void)p;
}

static UINT STDMETHODCALLTYPE buf_GetEvictionPriority(ID3D11Buffer *iface)
{
    (void)iface;
    return DXGI_RESOURCE_PRIORITY_NORMAL;
}

static void STDMETHODCALLTYPE buf_GetDesc(ID3D11Buffer *iface, D3D11_BUFFER_DESC *d)
{
    *d = buf_impl(iface)->desc;
}

static const ID3D11BufferVtbl buffer_vtbl = {
    buf_QueryInterface, buf_AddRef,        buf_Release,
    buf_GetDevice,      buf_GetPrivateData, buf_SetPrivateData,
    buf_SetPrivateDataInterface,           buf_GetType,
    buf_SetEvictionPriority,               buf_GetEvictionPriority,
    buf_GetDesc,
};

struct d11_buffer *d11_buffer_from(ID3D11Resource *r)
{
    return r && r->lpVtbl == (const void *)&buffer_vtbl
               ? D11_IMPL(r, struct d11_buffer, iface)
               : NULL;
}

/* The lock is held. */
HRESULT d11_buffer_write(struct d11_device *dev, struct d11_buffer *b, UINT offset,
                         const void *data, UINT size, uint32_t flags)
{
    struct transport_client *tc = dev->tc;
    const uint8_t *src = data;
    if (b->cpu) {
        memcpy(b->cpu + offset, data, size);
        b->serial = d11_new_serial(dev);
        return S_OK;
    }
    while (size) {
        UINT n = NR_MIN(size, D11_BAND_BYTES);
        struct wire_write_buffer w = {b->handle, offset, 0, n, flags, 0};
        void *stage;
        if (tc->lost || !transport_stage_alloc(tc, n, &w.stage_offset, &stage))
            return DXGI_ERROR_DEVICE_REMOVED;
        memcpy(stage, src, n);
        if (!wire_emit_WRITE_BUFFER(&tc->w, &w))
            return DXGI_ERROR_DEVICE_REMOVED;
        /* A discard applies to the first band only: the rest lands in it. */
        flags &= ~WIRE_WRITE_DISCARD;
        src += n;
        offset += n;
        size -= n;
    }
    return S_OK;
}

bool d11_default_cpu_access(const struct d11_device *dev, UINT bind)
{
    return dev->level >= D3D_FEATURE_LEVEL_11_0 && bind &&
           !(bind & ~(UINT)(D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS));
}

HRESULT d11_buffer_read(struct d11_device *dev, struct d11_buffer *b, UINT offset, void *out,
                        UINT size)
{
    struct transport_client *tc = dev->tc;
    uint8_t *dst = out;
    while (size) {
        UINT n = NR_MIN(size, D11_BAND_BYTES);
        struct wire_read_buffer rb = {b->handle, offset, n, 0};
        struct wire_reply reply;
        void *stage;
        if (tc->lost || !transport_stage_reserve(tc, n, &rb.stage_offset, &stage) ||
            !wire_emit_READ_BUFFER(&tc->w, &rb) || !transport_wait_reply(tc, &reply) ||
            reply.status != WIRE_OK)
            return DXGI_ERROR_DEVICE_REMOVED;
        memcpy(dst, stage, n);
        dst += n;
        offset += n;
        size -= n;
    }
    return S_OK;
}

HRESULT d11_buffer_copy(struct d11_device *dev, struct d11_buffer *dst, UINT dst_offset,
                        struct d11_buffer *src, UINT src_offset, UINT size)
{
    if (!size)
        return S_OK;
    if (src->cpu) /* constant or staging: its bytes are here */
        return d11_buffer_write(dev, dst, dst_offset, src->cpu + src_offset, size, 0);
    if (dst->cpu) {
        HRESULT hr = d11_buffer_read(dev, src, src_offset, dst->cpu + dst_offset, size);
        if (SUCCEEDED(hr))
            dst->serial = d11_new_serial(dev);
        return hr;
    }
    struct wire_copy_buffer cb = {dst->handle, src->handle, dst_offset, src_offset, size};
    return !dev->tc->lost && wire_emit_COPY_BUFFER(&dev->tc->w, &cb) ? S_OK
                                                                       : DXGI_ERROR_DEVICE_REMOVED;
}

HRESULT d11_buffer_create(struct d11_device *dev, const D3D11_BUFFER_DESC *desc,
                          const D3D11_SUBRESOURCE_DATA *data, ID3D11Buffer **out)
{
    /* Stream output where the device has it (else E_NOTIMPL, below); a
     * render-target binding makes a buffer the server renders into through
     * a texture twin (d11_rtv_create's buffer views). */
    const UINT known = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER |
                       D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_SHADER_RESOURCE |
                       D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_RENDER_TARGET |
                       ((dev->tc->caps.features & WIRE_DEVFEAT_STREAM_OUTPUT)
                            ? D3D11_BIND_STREAM_OUTPUT
                            : 0);
    const UINT views = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS;
    const UINT misc = desc ? desc->MiscFlags : 0;
    D3D11_BUFFER_DESC kept;
    struct d11_buffer *b;
    HRESULT hr = S_OK;

    if (out)
        *out = NULL;
    if (!desc || !desc->ByteWidth || (data && !data->pSysMem))
        return E_INVALIDARG;
    if (desc->Usage == D3D11_USAGE_IMMUTABLE && !data)
        return E_INVALIDARG;
    if (desc->Usage == D3D11_USAGE_DYNAMIC &&
        (desc->CPUAccessFlags != D3D11_CPU_ACCESS_WRITE || !desc->BindFlags))
        return E_INVALIDARG;
    if (desc->Usage > D3D11_USAGE_STAGING)
        return E_INVALIDARG;
    /* The GPU's buffers have no CPU access (but shader-resource and
     * unordered-access ones from 11_0: D3D11.2's MapOnDefaultBuffers);
     * what the GPU writes (stream output, targets, UAVs) is DEFAULT; an
     * IMMUTABLE buffer is bound. */
    if ((desc->Usage == D3D11_USAGE_IMMUTABLE && desc->CPUAccessFlags) ||
        (desc->Usage == D3D11_USAGE_DEFAULT && desc->CPUAccessFlags &&
         (!d11_default_cpu_access(dev, desc->BindFlags) ||
          (desc->CPUAccessFlags & ~(UINT)(D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE)))))
        return E_INVALIDARG;
    if (desc->Usage != D3D11_USAGE_DEFAULT &&
        (desc->BindFlags & (D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |
                            D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS)))
        return E_INVALIDARG;
    if (desc->Usage == D3D11_USAGE_IMMUTABLE && !desc->BindFlags)
        return E_INVALIDARG;
    /* A STAGING buffer is bound to nothing and is the CPU's: it lives in
     * the client (copies to and from it read or write the server's). */
    if (desc->Usage == D3D11_USAGE_STAGING &&
        (desc->BindFlags || !desc->CPUAccessFlags ||
         (desc->CPUAccessFlags & ~(UINT)(D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE))))
        return E_INVALIDARG;
    if (desc->BindFlags & D3D11_BIND_CONSTANT_BUFFER) {
        /* Feature level 11_0: a constant buffer is nothing else, a
         * multiple of 16 bytes, at most 4096 vectors. */
        if (desc->BindFlags != D3D11_BIND_CONSTANT_BUFFER || desc->ByteWidth % 16 ||
            desc->ByteWidth > D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16)
            return E_INVALIDARG;
    }
    /* Raw views need a view binding and exclude structure; a structure's
     * stride is a multiple of 4 up to 2048 that divides the size (and is
     * kept only with the flag). */
    if ((misc & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) &&
        (!(desc->BindFlags & views) || (misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)))
        return E_INVALIDARG;
    if ((misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) &&
        (!desc->StructureByteStride || desc->StructureByteStride % 4 ||
         desc->StructureByteStride > 2048 || desc->ByteWidth % desc->StructureByteStride))
        return E_INVALIDARG;
    /* UAVs: from level 11_0 (10_x's raw and structured ones in compute
     * shaders of model 4 are not offered), where the device has storage. */
    if ((desc->BindFlags & D3D11_BIND_UNORDERED_ACCESS) &&
        (dev->level < D3D_FEATURE_LEVEL_11_0 || !(dev->tc->caps.features & WIRE_DEVFEAT_STORAGE)))
        return dev->level < D3D_FEATURE_LEVEL_11_0 ? E_INVALIDARG : E_NOTIMPL;
    /* A texture's flags are no buffer's. */
    if (misc & (D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE |
                D3D11_RESOURCE_MISC_RESOURCE_CLAMP | D3D11_RESOURCE_MISC_GDI_COMPATIBLE))
        return E_INVALIDARG;
    if ((desc->BindFlags & ~known) ||
        (misc & ~(UINT)(D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                        D3D11_RESOURCE_MISC_BUFFER_STRUCTURED |
                        D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)))
        return E_NOTIMPL; /* UAVs, stream output, sharing, ... */
    /* Indirect arguments are the server's to read: not of a buffer that
     * lives in the client (a constant or STAGING one). */
    if ((misc & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) &&
        ((desc->BindFlags & D3D11_BIND_CONSTANT_BUFFER) || desc->Usage == D3D11_USAGE_STAGING))
        return E_NOTIMPL;
    if (!out)
        return S_FALSE;
    if (!(b = calloc(1, sizeof(*b))))
        return E_OUTOFMEMORY;
    b->iface.lpVtbl = &buffer_vtbl;
    kept = *desc;
    if (!(misc & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
        kept.StructureByteStride = 0;
    b->desc = kept;
    d11_child_init(&b->c, dev, buf_destroy_child);
    pthread_mutex_lock(&dev->lock);
    if (desc->BindFlags == D3D11_BIND_CONSTANT_BUFFER || desc->Usage == D3D11_USAGE_STAGING) {
        /* The draws upload its bytes as the stage's uniforms. */
        if (!(b->cpu = calloc(1, desc->ByteWidth)))
            hr = E_OUTOFMEMORY;
        b->serial = d11_new_serial(dev);
    } else {
        struct wire_create_buffer cb = {{0, 0}, desc->ByteWidth, 0, 0};
        /* Stream output writes whole 32-bit words: such a buffer is made
         * of whole words on the server. */
        if (desc->BindFlags & D3D11_BIND_STREAM_OUTPUT) {
            cb.usage |= WIRE_BUF_STREAM_OUT;
            cb.size = (cb.size + 3) & ~(uint64_t)3;
        }
        if (desc->BindFlags & D3D11_BIND_VERTEX_BUFFER)
            cb.usage |= WIRE_BUF_VERTEX;
        if (desc->BindFlags & D3D11_BIND_INDEX_BUFFER)
            cb.usage |= WIRE_BUF_INDEX;
        if (desc->BindFlags & D3D11_BIND_SHADER_RESOURCE)
            cb.usage |= WIRE_BUF_TEXEL;
        if (desc->BindFlags & D3D11_BIND_UNORDERED_ACCESS)
            cb.usage |= WIRE_BUF_STORAGE;
        if (desc->BindFlags & D3D11_BIND_RENDER_TARGET)
            cb.usage |= WIRE_BUF_RENDER_TARGET;
        cb.buffer = b->handle = d11_handle_alloc(dev, WIRE_OBJ_BUFFER);
        if (wire_handle_is_null(b->handle))
            hr = E_OUTOFMEMORY;
        else if (dev->tc->lost || !wire_emit_CREATE_BUFFER(&dev->tc->w, &cb))
            hr = DXGI_ERROR_DEVICE_REMOVED;
    }
    if (SUCCEEDED(hr) && data && data->pSysMem)
        hr = d11_buffer_write(dev, b, 0, data->pSysMem, desc->ByteWidth, 0);
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        buf_Release(&b->iface);
        return hr;
    }
    *out = &b->iface;
    return S_OK;
}

/* ------------------------------------------------------------ textures */

D11_CHILD_METHODS(tex, ID3D11Texture2D, struct d11_texture, iface)

static HRESULT STDMETHODCALLTYPE tex_QueryInterface(ID3D11Texture2D *iface, REFIID riid,
                                                    void **out)
{
    struct d11_texture *t = tex_impl(iface);
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild) ||
        IsEqualGUID(riid, &IID_ID3D11Resource) ||
        IsEqualGUID(riid, t->volume   ? &IID_ID3D11Texture3D
                          : t->linear ? &IID_ID3D11Texture1D
                                      : &IID_ID3D11Texture2D) ||
        (!t->linear &&
         IsEqualGUID(riid, t->volume ? &IID_ID3D11Texture3D1 : &IID_ID3D11Texture2D1))) {
        *out = iface;
    } else if (IsEqualGUID(riid, &IID_IDXGIResource) || IsEqualGUID(riid, &IID_IDXGIResource1) ||
               IsEqualGUID(riid, &IID_IDXGIDeviceSubObject) ||
               IsEqualGUID(riid, &IID_IDXGIObject)) {
        *out = &t->dxgi;
    } else if (IsEqualGUID(riid, &IID_IDXGIKeyedMutex) &&
               (t->desc.MiscFlags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)) {
        *out = &t->mutex;
    } else if ((IsEqualGUID(riid, &IID_IDXGISurface) || IsEqualGUID(riid, &IID_IDXGISurface1)) &&
               !t->volume && t->desc.MipLevels == 1 && t->desc.ArraySize == 1) {
        /* One subresource: a surface (Windows' rule, 1D textures too). */
        *out = &t->surface;
    } else {
        *out = NULL;
        return E_NOINTERFACE;
    }
    tex_AddRef(iface);
    return S_OK;
}

/* GetDC's DC and DIB section given back. */
static void gdi_release(struct d11_texture *t)
{
#ifdef _WIN32
    if (!t->gdi_dc)
        return;
    if (t->gdi_kmt) {
        nr_kmt_destroy_dc kd = {t->gdi_dc, t->gdi_bitmap};
        D3DKMTDestroyDCFromMemory(&kd);
        free(t->gdi_bits);
    } else {
        SelectObject(t->gdi_dc, t->gdi_old);
        DeleteDC(t->gdi_dc);
        DeleteObject(t->gdi_bitmap);
    }
    t->gdi_dc = t->gdi_bitmap = t->gdi_old = t->gdi_bits = NULL;
    t->gdi_kmt = false;
#else
    (void)t;
#endif
}

static void tex_destroy(struct d11_texture *t)
{
    gdi_release(t);
    d11_destroy_object(t->c.dev, WIRE_OBJ_TEXTURE, t->handle);
    /* Other devices see a shared texture let go of at once (a key this
     * one held is abandoned; a share nobody holds is gone). */
    if (t->share) {
        pthread_mutex_lock(&t->c.dev->lock);
        (void)transport_flush(t->c.dev->tc);
        pthread_mutex_unlock(&t->c.dev->lock);
    }
    free(t->cpu);
    free(t->map);
    free(t->sub_offset);
    free(t->mapped);
    free(t);
}

/* Each subresource's place in cpu (or map) and its map flag; the bytes of
 * all of them in *bytes.  false when out of memory. */
static bool texture_subresources(struct d11_texture *t, size_t *bytes)
{
    uint32_t n = t->levels * t->layers;
    *bytes = 0;
    if (!(t->sub_offset = calloc(n, sizeof(*t->sub_offset))) ||
        !(t->mapped = calloc(n, sizeof(*t->mapped))))
        return false;
    for (uint32_t sub = 0; sub < n; sub++) {
        uint32_t row, rows;
        d11_texture_level(t, sub % t->levels, NULL, NULL, &row, &rows);
        t->sub_offset[sub] = *bytes;
        *bytes += (size_t)row * rows * d11_texture_slices(t, sub % t->levels);
    }
    return true;
}

uint32_t d11_texture_slices(const struct d11_texture *t, uint32_t level)
{
    return t->volume ? NR_MAX(t->depth >> level, 1u) : 1;
}

static void STDMETHODCALLTYPE tex_GetType(ID3D11Texture2D *iface, D3D11_RESOURCE_DIMENSION *t)
{
    (void)iface;
    *t = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
}

static void STDMETHODCALLTYPE tex_SetEvictionPriority(ID3D11Texture2D *iface, UINT p)
{
    (void)iface, (void)p;
}

static UINT STDMETHODCALLTYPE tex_GetEvictionPriority(ID3D11Texture2D *iface)
{
    (void)iface;
    return DXGI_RESOURCE_PRIORITY_NORMAL;
}

static void STDMETHODCALLTYPE tex_GetDesc(ID3D11Texture2D *iface, D3D11_TEXTURE2D_DESC *d)
{
    *d = tex_impl(iface)->desc;
}

/* D3D11.3's description: the layout is the driver's (UNDEFINED), the one
 * CreateTexture2D1 takes. */
static void STDMETHODCALLTYPE tex_GetDesc1(ID3D11Texture2D1 *iface, D3D11_TEXTURE2D_DESC1 *d)
{
    const D3D11_TEXTURE2D_DESC *t = &tex_impl((ID3D11Texture2D *)iface)->desc;
    *d = (D3D11_TEXTURE2D_DESC1){t->Width,     t->Height,       t->MipLevels,
                                 t->ArraySize, t->Format,       t->SampleDesc,
                                 t->Usage,     t->BindFlags,    t->CPUAccessFlags,
                                 t->MiscFlags, D3D11_TEXTURE_LAYOUT_UNDEFINED};
}

/* ID3D11Texture2D1's vtable (and ID3D11Texture2D's, its first slots). */
static const struct {
    ID3D11Texture2DVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11Texture2D1 *, D3D11_TEXTURE2D_DESC1 *);
} texture_vtbl = {{
    tex_QueryInterface, tex_AddRef,        tex_Release,
    tex_GetDevice,      tex_GetPrivateData, tex_SetPrivateData,
    tex_SetPrivateDataInterface,           tex_GetType,
    tex_SetEvictionPriority,               tex_GetEvictionPriority,
    tex_GetDesc,
}, tex_GetDesc1};
_Static_assert(sizeof(texture_vtbl) == sizeof(ID3D11Texture2D1Vtbl), "slots");

/* ID3D11Texture1D and ID3D11Texture3D: the same object behind other
 * interfaces, whose first ten methods forward to the 2D ones. */
#define TEX_ALIAS_METHODS(prefix, Iface, dimension)                                         \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *i, REFIID riid,         \
                                                             void **out)                    \
    {                                                                                       \
        return tex_QueryInterface((ID3D11Texture2D *)i, riid, out);                         \
    }                                                                                       \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *i)                                \
    {                                                                                       \
        return tex_AddRef((ID3D11Texture2D *)i);                                            \
    }                                                                                       \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *i)                               \
    {                                                                                       \
        return tex_Release((ID3D11Texture2D *)i);                                           \
    }                                                                                       \
    static void STDMETHODCALLTYPE prefix##_GetDevice(Iface *i, ID3D11Device **out)          \
    {                                                                                       \
        tex_GetDevice((ID3D11Texture2D *)i, out);                                           \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *i, REFGUID g,           \
                                                             UINT *size, void *data)        \
    {                                                                                       \
        return tex_GetPrivateData((ID3D11Texture2D *)i, g, size, data);                     \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *i, REFGUID g,           \
                                                             UINT size, const void *data)   \
    {                                                                                       \
        return tex_SetPrivateData((ID3D11Texture2D *)i, g, size, data);                     \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(Iface *i, REFGUID g,  \
                                                                      const IUnknown *u)    \
    {                                                                                       \
        return tex_SetPrivateDataInterface((ID3D11Texture2D *)i, g, u);                     \
    }                                                                                       \
    static void STDMETHODCALLTYPE prefix##_GetType(Iface *i, D3D11_RESOURCE_DIMENSION *t)   \
    {                                                                                       \
        (void)i;                                                                            \
        *t = dimension;                                                                     \
    }                                                                                       \
    static void STDMETHODCALLTYPE prefix##_SetEvictionPriority(Iface *i, UINT p)            \
    {                                                                                       \
        (void)i, (void)p;                                                                   \
    }                                                                                       \
    static UINT STDMETHODCALLTYPE prefix##_GetEvictionPriority(Iface *i)                    \
    {                                                                                       \
        (void)i;                                                                            \
        return DXGI_RESOURCE_PRIORITY_NORMAL;                                               \
    }

TEX_ALIAS_METHODS(tex3, ID3D11Texture3D, D3D11_RESOURCE_DIMENSION_TEXTURE3D)
static void STDMETHODCALLTYPE tex3_GetDesc(ID3D11Texture3D *i, D3D11_TEXTURE3D_DESC *d)
{
    const struct d11_texture *t = tex_impl((ID3D11Texture2D *)i);
    *d = (D3D11_TEXTURE3D_DESC){t->desc.Width, t->desc.Height, t->depth, t->desc.MipLevels,
                                t->desc.Format, t->desc.Usage, t->desc.BindFlags,
                                t->desc.CPUAccessFlags, t->desc.MiscFlags};
}

static void STDMETHODCALLTYPE tex3_GetDesc1(ID3D11Texture3D1 *i, D3D11_TEXTURE3D_DESC1 *d)
{
    D3D11_TEXTURE3D_DESC d0;
    tex3_GetDesc((ID3D11Texture3D *)i, &d0);
    *d = (D3D11_TEXTURE3D_DESC1){d0.Width,  d0.Height,    d0.Depth,
                                 d0.MipLevels, d0.Format, d0.Usage,
                                 d0.BindFlags, d0.CPUAccessFlags, d0.MiscFlags,
                                 D3D11_TEXTURE_LAYOUT_UNDEFINED};
}

static const struct {
    ID3D11Texture3DVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11Texture3D1 *, D3D11_TEXTURE3D_DESC1 *);
} texture3d_vtbl = {{
    tex3_QueryInterface, tex3_AddRef,        tex3_Release,
    tex3_GetDevice,      tex3_GetPrivateData, tex3_SetPrivateData,
    tex3_SetPrivateDataInterface,            tex3_GetType,
    tex3_SetEvictionPriority,                tex3_GetEvictionPriority,
    tex3_GetDesc,
}, tex3_GetDesc1};
_Static_assert(sizeof(texture3d_vtbl) == sizeof(ID3D11Texture3D1Vtbl), "slots");

TEX_ALIAS_METHODS(tex1, ID3D11Texture1D, D3D11_RESOURCE_DIMENSION_TEXTURE1D)
static void STDMETHODCALLTYPE tex1_GetDesc(ID3D11Texture1D *i, D3D11_TEXTURE1D_DESC *d)
{
    const struct d11_texture *t = tex_impl((ID3D11Texture2D *)i);
    *d = (D3D11_TEXTURE1D_DESC){t->desc.Width,     t->desc.MipLevels,      t->desc.ArraySize,
                                t->desc.Format,    t->desc.Usage,          t->desc.BindFlags,
                                t->desc.CPUAccessFlags, t->desc.MiscFlags};
}

static const ID3D11Texture1DVtbl texture1d_vtbl = {
    tex1_QueryInterface, tex1_AddRef,        tex1_Release,
    tex1_GetDevice,      tex1_GetPrivateData, tex1_SetPrivateData,
    tex1_SetPrivateDataInterface,            tex1_GetType,
    tex1_SetEvictionPriority,                tex1_GetEvictionPriority,
    tex1_GetDesc,
};

/* ------------------------------------------------- a texture's DXGI side */

/* IDXGIResource and IDXGIKeyedMutex share their first eight methods'
 * shape: both are the texture's, counted with it. */
#define TEX_DXGI_COMMON(prefix, Iface, member)                                              \
    static struct d11_texture *prefix##_tex(Iface *iface)                                   \
    {                                                                                       \
        return D11_IMPL(iface, struct d11_texture, member);                                 \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,     \
                                                             void **out)                    \
    {                                                                                       \
        return tex_QueryInterface(&prefix##_tex(iface)->iface, riid, out);                  \
    }                                                                                       \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                            \
    {                                                                                       \
        return tex_AddRef(&prefix##_tex(iface)->iface);                                     \
    }                                                                                       \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                           \
    {                                                                                       \
        return tex_Release(&prefix##_tex(iface)->iface);                                    \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID g,       \
                                                             UINT size, const void *data)   \
    {                                                                                       \
        return tex_SetPrivateData(&prefix##_tex(iface)->iface, g, size, data);              \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(                      \
        Iface *iface, REFGUID g, const IUnknown *obj)                                       \
    {                                                                                       \
        return tex_SetPrivateDataInterface(&prefix##_tex(iface)->iface, g, obj);            \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID g,       \
                                                             UINT *size, void *data)        \
    {                                                                                       \
        return tex_GetPrivateData(&prefix##_tex(iface)->iface, g, size, data);              \
    }                                                                                       \
    /* The parent of a device's resource is the device (its DXGI side). */                  \
    static HRESULT STDMETHODCALLTYPE prefix##_GetParent(Iface *iface, REFIID riid,          \
                                                        void **out)                         \
    {                                                                                       \
        return ID3D11Device_QueryInterface(&prefix##_tex(iface)->c.dev->iface, riid, out);  \
    }                                                                                       \
    static HRESULT STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, REFIID riid,          \
                                                        void **out)                         \
    {                                                                                       \
        return ID3D11Device_QueryInterface(&prefix##_tex(iface)->c.dev->iface, riid, out);  \
    }

TEX_DXGI_COMMON(res, IDXGIResource1, dxgi)
TEX_DXGI_COMMON(km, IDXGIKeyedMutex, mutex)
TEX_DXGI_COMMON(surf, IDXGISurface1, surface)

/* ---- IDXGISurface1: a texture of one subresource seen as a surface */

static HRESULT STDMETHODCALLTYPE surf_GetDesc(IDXGISurface1 *iface, DXGI_SURFACE_DESC *out)
{
    struct d11_texture *t = surf_tex(iface);
    if (!out)
        return E_INVALIDARG;
    out->Width = t->desc.Width;
    out->Height = t->desc.Height; /* 1 for a 1D texture */
    out->Format = t->desc.Format;
    out->SampleDesc = t->desc.SampleDesc;
    return S_OK;
}

/* DXGI's surface methods call the immediate context's own methods
 * (D11_IMM), which work whatever state is active (context_off.c).
 * DXGI's Map is the immediate context's Map of subresource 0: READ, WRITE
 * (with DISCARD: WRITE_DISCARD) or both, as the texture's CPU access
 * allows (the context answers E_INVALIDARG otherwise). */
static HRESULT STDMETHODCALLTYPE surf_Map(IDXGISurface1 *iface, DXGI_MAPPED_RECT *out,
                                          UINT flags)
{
    struct d11_texture *t = surf_tex(iface);
    ID3D11DeviceContext *ctx = &t->c.dev->imm.iface;
    D3D11_MAPPED_SUBRESOURCE m;
    D3D11_MAP type;
    HRESULT hr;

    if (!out)
        return E_INVALIDARG;
    switch (flags) {
    case DXGI_MAP_READ: type = D3D11_MAP_READ; break;
    case DXGI_MAP_WRITE: type = D3D11_MAP_WRITE; break;
    case DXGI_MAP_READ | DXGI_MAP_WRITE: type = D3D11_MAP_READ_WRITE; break;
    case DXGI_MAP_WRITE | DXGI_MAP_DISCARD: type = D3D11_MAP_WRITE_DISCARD; break;
    default: return E_INVALIDARG;
    }
    hr = D11_IMM.Map(ctx, (ID3D11Resource *)&t->iface, 0, type, 0, &m);
    if (FAILED(hr))
        return hr;
    out->Pitch = (INT)m.RowPitch;
    out->pBits = m.pData;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE surf_Unmap(IDXGISurface1 *iface)
{
    struct d11_texture *t = surf_tex(iface);
    D11_IMM.Unmap(&t->c.dev->imm.iface, (ID3D11Resource *)&t->iface, 0);
    return S_OK;
}

/* GetDC (under Windows): a texture made with
 * D3D11_RESOURCE_MISC_GDI_COMPATIBLE lends GDI a memory DC holding a
 * 32-bit top-down DIB of its level 0 (over memory of ours, as the runtime
 * makes it: D3DKMTCreateDCFromMemory; where gdi32 has none, a DIB
 * section), its texels copied in (through a STAGING copy) unless discard;
 * ReleaseDC writes the DIB back (UpdateSubresource, the dirty rectangle or
 * all of it).  Any other texture, or a second GetDC, is
 * DXGI_ERROR_INVALID_CALL, as on Windows.  Natively there is no GDI
 * (CreateTexture2D refuses the flag). */
static HRESULT STDMETHODCALLTYPE surf_GetDC(IDXGISurface1 *iface, BOOL discard, HDC *out)
{
#ifdef _WIN32
    struct d11_texture *t = surf_tex(iface);
    ID3D11DeviceContext *ctx = &t->c.dev->imm.iface;
    BITMAPINFO bi = {{sizeof(BITMAPINFOHEADER), (LONG)t->desc.Width, -(LONG)t->desc.Height, 1,
                      32, BI_RGB, 0, 0, 0, 0, 0}};
    size_t pitch = (size_t)t->desc.Width * 4;
    void *bits = NULL;
    HBITMAP bmp;
    HDC dc;
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!(t->desc.MiscFlags & D3D11_RESOURCE_MISC_GDI_COMPATIBLE) || t->gdi_dc)
        return DXGI_ERROR_INVALID_CALL;
    if ((bits = calloc(t->desc.Height, pitch))) {
        HDC screen = GetDC(NULL);
        nr_kmt_create_dc kd = {bits, 21 /* D3DFMT_A8R8G8B8 */, t->desc.Width, t->desc.Height,
                               (UINT)pitch, screen, NULL, NULL, NULL};
        LONG status = D3DKMTCreateDCFromMemory(&kd);
        ReleaseDC(NULL, screen);
        if (!status && kd.hDc) {
            dc = kd.hDc;
            bmp = kd.hBitmap;
            t->gdi_kmt = true;
        } else {
            free(bits);
            bits = NULL;
        }
    }
    if (!t->gdi_kmt) {
        if (!(bmp = CreateDIBSection(NULL, &bi, DIB_RGB_COLORS, &bits, NULL, 0)))
            return E_OUTOFMEMORY;
        if (!(dc = CreateCompatibleDC(NULL))) {
            DeleteObject(bmp);
            return E_OUTOFMEMORY;
        }
    }
    if (!discard) {
        D3D11_TEXTURE2D_DESC sd = {t->desc.Width, t->desc.Height, 1, 1, t->desc.Format, {1, 0},
                                   D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0};
        D3D11_MAPPED_SUBRESOURCE m;
        struct d11_texture *st = NULL;
        if (SUCCEEDED(d11_texture_create(t->c.dev, &sd, NULL, &st))) {
            D11_IMM.CopySubresourceRegion(ctx, (ID3D11Resource *)&st->iface, 0, 0,
                                                      0, 0, (ID3D11Resource *)&t->iface, 0,
                                                      NULL);
            if (SUCCEEDED(D11_IMM.Map(ctx, (ID3D11Resource *)&st->iface, 0,
                                                  D3D11_MAP_READ, 0, &m))) {
                for (UINT y = 0; y < t->desc.Height; y++)
                    memcpy((uint8_t *)bits + y * pitch, (const uint8_t *)m.pData + y * m.RowPitch,
                           pitch);
                D11_IMM.Unmap(ctx, (ID3D11Resource *)&st->iface, 0);
            }
            ID3D11Texture2D_Release(&st->iface);
        }
    }
    t->gdi_old = t->gdi_kmt ? NULL : SelectObject(dc, bmp);
    t->gdi_dc = dc;
    t->gdi_bitmap = bmp;
    t->gdi_bits = bits;
    *out = dc;
    return S_OK;
#else
    (void)iface, (void)discard;
    if (out)
        *out = NULL;
    return DXGI_ERROR_INVALID_CALL;
#endif
}

static HRESULT STDMETHODCALLTYPE surf_ReleaseDC(IDXGISurface1 *iface, RECT *dirty)
{
#ifdef _WIN32
    struct d11_texture *t = surf_tex(iface);
    D3D11_BOX box = {0, 0, 0, t->desc.Width, t->desc.Height, 1};
    if (!t->gdi_dc)
        return DXGI_ERROR_INVALID_CALL;
    GdiFlush();
    if (dirty && dirty->left >= 0 && dirty->top >= 0 && dirty->left < dirty->right &&
        dirty->top < dirty->bottom && (UINT)dirty->right <= t->desc.Width &&
        (UINT)dirty->bottom <= t->desc.Height)
        box = (D3D11_BOX){(UINT)dirty->left, (UINT)dirty->top, 0, (UINT)dirty->right,
                          (UINT)dirty->bottom, 1};
    D11_IMM.UpdateSubresource(
        &t->c.dev->imm.iface, (ID3D11Resource *)&t->iface, 0, &box,
        (const uint8_t *)t->gdi_bits + (size_t)box.top * t->desc.Width * 4 + box.left * 4,
        t->desc.Width * 4, 0);
    gdi_release(t);
    return S_OK;
#else
    (void)iface, (void)dirty;
    return DXGI_ERROR_INVALID_CALL;
#endif
}

static const IDXGISurface1Vtbl dxgi_surface_vtbl = {
    surf_QueryInterface, surf_AddRef,  surf_Release,
    surf_SetPrivateData, surf_SetPrivateDataInterface,
    surf_GetPrivateData, surf_GetParent, surf_GetDevice,
    surf_GetDesc,        surf_Map,       surf_Unmap,
    surf_GetDC,          surf_ReleaseDC,
};

/* The legacy (global) handle of MISC_SHARED and MISC_SHARED_KEYEDMUTEX:
 * the server's share id, which any client of the same server opens.  A
 * texture shared with NT handles has none (CreateSharedHandle's). */
static HRESULT STDMETHODCALLTYPE res_GetSharedHandle(IDXGIResource1 *iface, HANDLE *out)
{
    struct d11_texture *t = res_tex(iface);
    if (!out)
        return E_INVALIDARG;
    if (t->desc.MiscFlags & D3D11_RESOURCE_MISC_SHARED_NTHANDLE) {
        *out = NULL;
        return DXGI_ERROR_INVALID_CALL;
    }
    *out = (HANDLE)(uintptr_t)t->share;
    return t->share ? S_OK : DXGI_ERROR_INVALID_CALL;
}

/* The NT handle of a MISC_SHARED_NTHANDLE texture: the same share id (a
 * number, not a handle of the system's: under Wine CloseHandle of it fails
 * harmlessly, and DuplicateHandle cannot carry it), and with a name, the
 * name in the server's namespace of shares (OpenSharedResourceByName). */
static HRESULT STDMETHODCALLTYPE res_CreateSharedHandle(IDXGIResource1 *iface,
                                                        const SECURITY_ATTRIBUTES *attr,
                                                        DWORD access, LPCWSTR name, HANDLE *out)
{
    struct d11_texture *t = res_tex(iface);
    struct d11_device *dev = t->c.dev;
    HRESULT hr = S_OK;
    (void)attr, (void)access;

    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (!(t->desc.MiscFlags & D3D11_RESOURCE_MISC_SHARED_NTHANDLE) || !t->share)
        return DXGI_ERROR_INVALID_CALL;
    if (name) {
        pthread_mutex_lock(&dev->lock);
        hr = d11_share_name(dev, WIRE_OBJ_TEXTURE, t->handle, name);
        pthread_mutex_unlock(&dev->lock);
    }
    if (SUCCEEDED(hr))
        *out = (HANDLE)(uintptr_t)t->share;
    return hr;
}

/* Surfaces of one subresource (IDXGISurface2): not made. */
static HRESULT STDMETHODCALLTYPE res_CreateSubresourceSurface(IDXGIResource1 *iface, UINT index,
                                                              IDXGISurface2 **out)
{
    (void)iface, (void)index;
    if (out)
        *out = NULL;
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE res_GetUsage(IDXGIResource1 *iface, DXGI_USAGE *out)
{
    struct d11_texture *t = res_tex(iface);
    DXGI_USAGE u = 0;
    if (!out)
        return E_INVALIDARG;
    if (t->desc.BindFlags & D3D11_BIND_SHADER_RESOURCE)
        u |= DXGI_USAGE_SHADER_INPUT;
    if (t->desc.BindFlags & D3D11_BIND_RENDER_TARGET)
        u |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
    if (t->share)
        u |= DXGI_USAGE_SHARED;
    *out = u;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE res_SetEvictionPriority(IDXGIResource1 *iface, UINT p)
{
    (void)iface, (void)p;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE res_GetEvictionPriority(IDXGIResource1 *iface, UINT *p)
{
    (void)iface;
    if (!p)
        return E_INVALIDARG;
    *p = DXGI_RESOURCE_PRIORITY_NORMAL;
    return S_OK;
}

static const IDXGIResource1Vtbl dxgi_resource_vtbl = {
    res_QueryInterface,  res_AddRef,          res_Release,
    res_SetPrivateData,  res_SetPrivateDataInterface,
    res_GetPrivateData,  res_GetParent,       res_GetDevice,
    res_GetSharedHandle, res_GetUsage,        res_SetEvictionPriority,
    res_GetEvictionPriority, res_CreateSubresourceSurface, res_CreateSharedHandle,
};

#ifndef WAIT_TIMEOUT
#define WAIT_TIMEOUT 0x102
#endif
#ifndef WAIT_ABANDONED
#define WAIT_ABANDONED 0x80
#endif

/* The server keeps the key (wire.h, KEYED_ACQUIRE): a wait for a key the
 * other device has not released blocks this thread, as on Windows. */
static HRESULT STDMETHODCALLTYPE km_AcquireSync(IDXGIKeyedMutex *iface, UINT64 key, DWORD ms)
{
    struct d11_texture *t = km_tex(iface);
    struct d11_device *dev = t->c.dev;
    struct wire_reply reply;
    HRESULT hr;

    pthread_mutex_lock(&dev->lock);
    if (t->key_held) {
        pthread_mutex_unlock(&dev->lock);
        return DXGI_ERROR_INVALID_CALL; /* twice without a ReleaseSync */
    }
    /* INFINITE (0xffffffff) is WIRE_KEYED_INFINITE. */
    struct wire_keyed_acquire a = {t->handle, key, ms, 0};
    if (dev->tc->lost || !wire_emit_KEYED_ACQUIRE(&dev->tc->w, &a) ||
        !transport_wait_reply(dev->tc, &reply))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    else if (reply.status == WIRE_OK)
        hr = S_OK;
    else if (reply.status == WIRE_ERR_ABANDONED)
        hr = WAIT_ABANDONED;
    else if (reply.status == WIRE_ERR_TIMEOUT)
        hr = WAIT_TIMEOUT;
    else
        hr = DXGI_ERROR_DEVICE_REMOVED;
    t->key_held = hr == S_OK || hr == WAIT_ABANDONED;
    pthread_mutex_unlock(&dev->lock);
    return hr;
}

static HRESULT STDMETHODCALLTYPE km_ReleaseSync(IDXGIKeyedMutex *iface, UINT64 key)
{
    struct d11_texture *t = km_tex(iface);
    struct d11_device *dev = t->c.dev;
    HRESULT hr = S_OK;

    pthread_mutex_lock(&dev->lock);
    if (!t->key_held) {
        hr = DXGI_ERROR_INVALID_CALL;
    } else {
        struct wire_keyed_release r = {t->handle, key};
        /* Sent now: the other device may be waiting for it. */
        if (dev->tc->lost || !wire_emit_KEYED_RELEASE(&dev->tc->w, &r) ||
            !transport_flush(dev->tc))
            hr = DXGI_ERROR_DEVICE_REMOVED;
        t->key_held = false;
    }
    pthread_mutex_unlock(&dev->lock);
    return hr;
}

static const IDXGIKeyedMutexVtbl keyed_mutex_vtbl = {
    km_QueryInterface, km_AddRef,     km_Release,      km_SetPrivateData,
    km_SetPrivateDataInterface,       km_GetPrivateData, km_GetParent,
    km_GetDevice,      km_AcquireSync, km_ReleaseSync,
};

/* What the server keeps of a shared texture for its openers: a tag and
 * the creator's description. */
#define D11_SHARE_TAG 0x54313144u /* "D11T" */
struct d11_share_desc {
    uint32_t tag;
    D3D11_TEXTURE2D_DESC desc;
};
_Static_assert(sizeof(struct d11_share_desc) <= WIRE_SHARE_DESC_BYTES, "fits the wire");

/* The lock is held.  Makes t's server texture shared (the id is t->share). */
static HRESULT texture_share(struct d11_device *dev, struct d11_texture *t)
{
    struct wire_share_texture st = {.texture = t->handle};
    struct d11_share_desc sd = {D11_SHARE_TAG, t->desc};
    struct wire_reply reply;
    if (t->desc.MiscFlags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)
        st.flags = WIRE_SHARE_KEYED;
    st.desc_size = sizeof(sd);
    memcpy(st.desc, &sd, sizeof(sd));
    if (dev->tc->lost || !wire_emit_SHARE_TEXTURE(&dev->tc->w, &st) ||
        !transport_wait_reply(dev->tc, &reply) || reply.status != WIRE_OK)
        return DXGI_ERROR_DEVICE_REMOVED;
    t->share = (uint32_t)reply.values[0];
    dev->shares++;
    return S_OK;
}

struct d11_texture *d11_texture_from(ID3D11Resource *r)
{
    return r && (r->lpVtbl == (const void *)&texture_vtbl ||
                 r->lpVtbl == (const void *)&texture3d_vtbl ||
                 r->lpVtbl == (const void *)&texture1d_vtbl)
               ? D11_IMPL(r, struct d11_texture, iface)
               : NULL;
}

/* A level's size in texels, its rows of blocks and their bytes. */
void d11_texture_level(const struct d11_texture *t, uint32_t level, uint32_t *w, uint32_t *h,
                       uint32_t *row_bytes, uint32_t *rows)
{
    const struct wire_format_info *fi = wire_format_get(t->wire_format);
    uint32_t lw = NR_MAX(t->desc.Width >> level, 1u), lh = NR_MAX(t->desc.Height >> level, 1u);
    if (w)
        *w = lw;
    if (h)
        *h = lh;
    if (row_bytes)
        *row_bytes = (lw + fi->block_w - 1) / fi->block_w * fi->block_bytes;
    if (rows)
        *rows = (lh + fi->block_h - 1) / fi->block_h;
}

/* The lock is held.  Rows of pitch bytes (rows of blocks for block
 * formats) from data into a subresource's box (NULL: all of it). */
HRESULT d11_texture_write(struct d11_device *dev, struct d11_texture *t, uint32_t sub,
                          const D3D11_BOX *box, const void *data, UINT pitch,
                          UINT depth_pitch)
{
    const struct wire_format_info *fi = wire_format_get(t->wire_format);
    uint32_t level = sub % t->levels, layer = sub / t->levels;
    uint32_t lw, lh, lrow, lrows;
    if (t->desc.SampleDesc.Count > 1)
        return E_INVALIDARG; /* a multisampled texture's samples are drawn, never written */
    d11_texture_level(t, level, &lw, &lh, &lrow, &lrows);
    UINT z = box ? box->front : 0, slices = box ? box->back - box->front
                                                : d11_texture_slices(t, level);
    /* A volume's slices, one at a time. */
    for (UINT k = 1; k < slices; k++) {
        D3D11_BOX one = {box ? box->left : 0, box ? box->top : 0, z + k,
                         box ? box->right : lw, box ? box->bottom : lh, z + k + 1};
        HRESULT hr = d11_texture_write(dev, t, sub, &one,
                                       (const uint8_t *)data + (size_t)k * depth_pitch, pitch, 0);
        if (FAILED(hr))
            return hr;
    }
    struct transport_client *tc = dev->tc;
    UINT x = box ? box->left : 0, y = box ? box->top : 0;
    UINT w = box ? box->right - box->left : lw, h = box ? box->bottom - box->top : lh;
    UINT row = (w + fi->block_w - 1) / fi->block_w * fi->block_bytes;
    UINT rows = (h + fi->block_h - 1) / fi->block_h;
    UINT band = NR_MAX(1u, D11_BAND_BYTES / NR_MAX(row, 1u));
    const uint8_t *src = data;

    if (x % fi->block_w || y % fi->block_h || (w % fi->block_w && x + w != lw) ||
        (h % fi->block_h && y + h != lh))
        return E_INVALIDARG; /* block formats move whole blocks */
    if (t->cpu) {
        uint8_t *dst = t->cpu + t->sub_offset[sub] + (size_t)z * lrow * lrows;
        for (UINT i = 0; i < rows; i++)
            memcpy(dst + (size_t)(y / fi->block_h + i) * lrow +
                       (size_t)(x / fi->block_w) * fi->block_bytes,
                   src + (size_t)i * pitch, row);
        return S_OK;
    }
    for (UINT r = 0; r < rows; r += band) {
        UINT n = NR_MIN(band, rows - r);
        /* The region in texels: whole blocks, cut at the level's edge. */
        UINT ry = y + r * fi->block_h, rh = NR_MIN(n * fi->block_h, y + h - ry);
        struct wire_write_texture wt = {{t->handle, level, layer, x, ry, z, w, rh, 1, 0, row,
                                         row * n, 0}};
        uint8_t *stage;
        if (tc->lost || !transport_stage_alloc(tc, row * n, &wt.r.stage_offset, (void **)&stage))
            return DXGI_ERROR_DEVICE_REMOVED;
        for (UINT i = 0; i < n; i++)
            memcpy(stage + (size_t)i * row, src + (size_t)(r + i) * pitch, row);
        if (!wire_emit_WRITE_TEXTURE(&tc->w, &wt))
            return DXGI_ERROR_DEVICE_REMOVED;
    }
    return S_OK;
}

HRESULT d11_texture_copy(struct d11_device *dev, struct d11_texture *d, UINT ds, UINT dx,
                         UINT dy, UINT dz, struct d11_texture *s, UINT ss, UINT sx, UINT sy,
                         UINT sz, UINT w, UINT h, UINT depth)
{
    const struct wire_format_info *fi = wire_format_get(s->wire_format),
                                  *df = wire_format_get(d->wire_format);
    struct transport_client *tc = dev->tc;
    uint32_t srow, srows, drow, drows, dlw, dlh;
    UINT row = (w + fi->block_w - 1) / fi->block_w * fi->block_bytes;
    UINT rows = (h + fi->block_h - 1) / fi->block_h;

    if (!w || !h || !depth)
        return S_OK;
    /* Between textures of one sample count (multisampled ones resolve). */
    if (s->desc.SampleDesc.Count != d->desc.SampleDesc.Count)
        return E_INVALIDARG;
    d11_texture_level(s, ss % s->levels, NULL, NULL, &srow, &srows);
    d11_texture_level(d, ds % d->levels, &dlw, &dlh, &drow, &drows);
    /* The destination's box: as many blocks (a compressed format's to an
     * uncompressed one's texels, or back), cut at its level's edge. */
    UINT dw = NR_MIN((w + fi->block_w - 1) / fi->block_w * df->block_w, dlw - dx);
    UINT dh = NR_MIN((h + fi->block_h - 1) / fi->block_h * df->block_h, dlh - dy);
    if (s->cpu) {
        /* Out of the client's bytes: a write of the box. */
        D3D11_BOX box = {dx, dy, dz, dx + dw, dy + dh, dz + depth};
        return d11_texture_write(dev, d, ds, &box,
                                 s->cpu + s->sub_offset[ss] + (size_t)sz * srow * srows +
                                     (size_t)(sy / fi->block_h) * srow +
                                     (size_t)(sx / fi->block_w) * fi->block_bytes,
                                 srow, srow * srows);
    }
    if (!d->cpu) {
        struct wire_copy_texture c = {d->handle, s->handle, ds % d->levels, ds / d->levels,
                                      dx, dy, dz, ss % s->levels, ss / s->levels, sx, sy, sz,
                                      w, h, depth, 0};
        return !tc->lost && wire_emit_COPY_TEXTURE(&tc->w, &c) ? S_OK
                                                                : DXGI_ERROR_DEVICE_REMOVED;
    }
    /* Into the client's bytes: a read of the box, slice by slice, in bands
     * of block rows. */
    UINT band = NR_MAX(1u, D11_BAND_BYTES / NR_MAX(row, 1u));
    for (UINT k = 0; k < depth; k++)
    for (UINT r = 0; r < rows; r += band) {
        UINT n = NR_MIN(band, rows - r);
        UINT ry = sy + r * fi->block_h, rh = NR_MIN(n * fi->block_h, sy + h - ry);
        struct wire_read_texture rt = {{s->handle, ss % s->levels, ss / s->levels, sx, ry,
                                        sz + k, w, rh, 1, 0, row, row * n, 0}};
        struct wire_reply reply;
        uint8_t *stage;
        if (tc->lost ||
            !transport_stage_reserve(tc, row * n, &rt.r.stage_offset, (void **)&stage) ||
            !wire_emit_READ_TEXTURE(&tc->w, &rt) || !transport_wait_reply(tc, &reply) ||
            reply.status != WIRE_OK)
            return DXGI_ERROR_DEVICE_REMOVED;
        for (UINT i = 0; i < n; i++)
            memcpy(d->cpu + d->sub_offset[ds] + (size_t)(dz + k) * drow * drows +
                       (size_t)(dy / df->block_h + r + i) * drow +
                       (size_t)(dx / df->block_w) * df->block_bytes,
                   stage + (size_t)i * row, row);
    }
    return S_OK;
}

/* A 2D texture, with depth above 0 a volume of that depth (desc then
 * holds its other fields, ArraySize 1), or with linear a Texture1D (desc
 * holds its fields, Height 1). */
static HRESULT texture_create(struct d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                              uint32_t volume_depth, bool linear,
                              const D3D11_SUBRESOURCE_DATA *data, DXGI_FORMAT store_as,
                              struct d11_texture **out)
{
    const UINT known = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE |
                       D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS;
    struct d11_texture *t;
    DXGI_FORMAT typeless, stored;
    bool cube;
    uint32_t format, feat, levels, full;
    size_t bytes = 0;
    HRESULT hr = S_OK;

    if (out)
        *out = NULL;
    if (!desc || !desc->Width || !desc->Height || desc->Width > WIRE_MAX_EXTENT ||
        desc->Height > WIRE_MAX_EXTENT || !desc->ArraySize || !desc->SampleDesc.Count ||
        desc->Usage > D3D11_USAGE_STAGING)
        return E_INVALIDARG;
    if (desc->Usage == D3D11_USAGE_IMMUTABLE && (!data || !data->pSysMem))
        return E_INVALIDARG;
    /* A buffer's bindings are no texture's. */
    if (desc->BindFlags & (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER |
                           D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_STREAM_OUTPUT))
        return E_INVALIDARG;
    /* The full chain's length; MipLevels 0 asks for it. */
    for (full = 1; (desc->Width | desc->Height | volume_depth) >> full; full++)
        ;
    levels = desc->MipLevels ? desc->MipLevels : full;
    if (levels > full)
        return E_INVALIDARG;
    /* Initial data names every subresource's bytes. */
    if (data)
        for (uint32_t l = 0; l < levels * desc->ArraySize; l++)
            if (!data[l].pSysMem)
                return E_INVALIDARG;
    /* A cube map: six layers, square; an array of them where the device
     * has cube arrays. */
    cube = (desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) != 0;
    /* At least six layers (layers past the last whole cube are views'
     * as 2D arrays); more than six from level 10_1. */
    if (cube && (desc->ArraySize < 6 || desc->Width != desc->Height ||
                 (desc->ArraySize > 6 && dev->level < D3D_FEATURE_LEVEL_10_1)))
        return E_INVALIDARG;
    if (cube && desc->ArraySize >= 12 &&
        !(dev->tc->caps.features & WIRE_DEVFEAT_CUBE_ARRAY))
        return E_NOTIMPL;
    /* Shared textures: one of the two kinds, of the default usage; NT
     * handles for either kind. */
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_SHARED) &&
        (desc->MiscFlags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
        return E_INVALIDARG;
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_SHARED_NTHANDLE) &&
        !(desc->MiscFlags & (D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)))
        return E_INVALIDARG;
    if ((desc->MiscFlags & (D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)) &&
        (desc->Usage != D3D11_USAGE_DEFAULT || desc->CPUAccessFlags))
        return E_INVALIDARG;
    /* Multisampled: a 2D render target or depth texture of one level, no
     * initial data, no CPU access, no UAVs, a count with a quality level
     * (CheckMultisampleQualityLevels: 1 each, or the standard pattern). */
    bool ms = desc->SampleDesc.Count > 1;
    if (ms) {
        UINT q = desc->SampleDesc.Quality;
        if (linear || volume_depth || desc->SampleDesc.Count > 32 ||
            (desc->SampleDesc.Count & (desc->SampleDesc.Count - 1)) ||
            (q && !(q == D3D11_STANDARD_MULTISAMPLE_PATTERN &&
                    dev->level >= D3D_FEATURE_LEVEL_10_1)) ||
            levels != 1 || data || desc->Usage != D3D11_USAGE_DEFAULT ||
            desc->CPUAccessFlags || (desc->BindFlags & D3D11_BIND_UNORDERED_ACCESS) ||
            (desc->MiscFlags & (D3D11_RESOURCE_MISC_TEXTURECUBE |
                                D3D11_RESOURCE_MISC_GENERATE_MIPS)) ||
            !(d11_format_samples(dev, desc->Format) & desc->SampleDesc.Count))
            return E_INVALIDARG;
        /* Not yet: arrays of them, shared ones, and ones only sampled. */
        if (desc->ArraySize != 1 ||
            (desc->MiscFlags & (D3D11_RESOURCE_MISC_SHARED |
                                D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)) ||
            !(desc->BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL)))
            return E_NOTIMPL;
    }
    /* Not yet: cube arrays, UAVs, NT handles and other misc flags (GDI's
     * DCs under Windows alone). */
#ifdef _WIN32
    const UINT gdi_flag = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
#else
    const UINT gdi_flag = 0;
#endif
    if (desc->ArraySize > WIRE_MAX_LAYERS)
        return E_INVALIDARG;
    if ((!ms && (desc->SampleDesc.Count != 1 || desc->SampleDesc.Quality)) ||
        (desc->BindFlags & ~known) ||
        (desc->MiscFlags & ~(UINT)(D3D11_RESOURCE_MISC_GENERATE_MIPS |
                                   D3D11_RESOURCE_MISC_TEXTURECUBE |
                                   D3D11_RESOURCE_MISC_SHARED |
                                   D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX |
                                   D3D11_RESOURCE_MISC_SHARED_NTHANDLE | gdi_flag)))
        return E_NOTIMPL;
    /* GDI-compatible: a DEFAULT render target of a B8G8R8A8 format. */
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_GDI_COMPATIBLE) &&
        (desc->Usage != D3D11_USAGE_DEFAULT || !(desc->BindFlags & D3D11_BIND_RENDER_TARGET) ||
         linear || volume_depth || ms ||
         (desc->Format != DXGI_FORMAT_B8G8R8A8_UNORM &&
          desc->Format != DXGI_FORMAT_B8G8R8A8_TYPELESS &&
          desc->Format != DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)))
        return E_INVALIDARG;
    /* UAVs: of DEFAULT textures from level 11_0, of formats shaders store
     * (a typeless format: its family's), where the device has storage.
     * The 8-bit sRGB formats take the binding too, as in D3D11, though no
     * UAV can view them: their textures have no storage. */
    bool storable = false;
    if (desc->BindFlags & D3D11_BIND_UNORDERED_ACCESS) {
        DXGI_FORMAT typed = d11_typeless_colour(desc->Format);
        if (dev->level < D3D_FEATURE_LEVEL_11_0 || desc->Usage != D3D11_USAGE_DEFAULT ||
            (desc->BindFlags & D3D11_BIND_DEPTH_STENCIL))
            return E_INVALIDARG;
        if (!(dev->tc->caps.features & WIRE_DEVFEAT_STORAGE))
            return E_NOTIMPL;
        storable = typed || d11_uav_format_ok(dev, desc->Format);
        if (!storable && desc->Format != DXGI_FORMAT_R8G8B8A8_UNORM_SRGB &&
            desc->Format != DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)
            return E_INVALIDARG;
    }
    /* DYNAMIC: the CPU writes (Map WRITE_DISCARD), shaders read; never
     * an output. */
    if (desc->Usage == D3D11_USAGE_DYNAMIC &&
        (desc->CPUAccessFlags != D3D11_CPU_ACCESS_WRITE ||
         desc->BindFlags != D3D11_BIND_SHADER_RESOURCE ||
         (desc->MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS)))
        return E_INVALIDARG;
    /* IMMUTABLE: read by shaders alone. */
    if (desc->Usage == D3D11_USAGE_IMMUTABLE &&
        (desc->BindFlags != D3D11_BIND_SHADER_RESOURCE || desc->CPUAccessFlags ||
         (desc->MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS)))
        return E_INVALIDARG;
    if ((desc->MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
        (desc->BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
            (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        return E_INVALIDARG;
    /* A typeless format: a depth texture (R32_TYPELESS as D32_FLOAT) where
     * it is bound as one or is STAGING (D3D's bytes of the depth format),
     * else a colour texture of its first typed format that views may see
     * as any of the others. */
    typeless = d11_typeless_depth(desc->Format);
    stored = store_as ? store_as : d11_typeless_colour(desc->Format);
    if (typeless && stored && !(desc->BindFlags & D3D11_BIND_DEPTH_STENCIL) &&
        desc->Usage != D3D11_USAGE_STAGING)
        typeless = DXGI_FORMAT_UNKNOWN;
    if (typeless)
        stored = typeless;
    if (!(format = d11_wire_format(stored ? stored : desc->Format, NULL)))
        return E_NOTIMPL;
    feat = dev->tc->caps.format_features[format];
    if (wire_format_get(format)->depth) {
        /* A depth format is a depth target only, a typeless one a shader
         * resource too; a STAGING one holds the CPU's copy (D3D's layout:
         * D24S8's stencil in the top byte). */
        UINT may = D3D11_BIND_DEPTH_STENCIL | (typeless ? D3D11_BIND_SHADER_RESOURCE : 0);
        if (desc->Usage == D3D11_USAGE_STAGING) {
            if (desc->BindFlags || !desc->CPUAccessFlags)
                return E_INVALIDARG;
        } else if ((desc->BindFlags & ~may) || desc->CPUAccessFlags ||
            ((desc->BindFlags & D3D11_BIND_DEPTH_STENCIL) && !(feat & WIRE_FEAT_DEPTH_TARGET)) ||
            ((desc->BindFlags & D3D11_BIND_SHADER_RESOURCE) && !(feat & WIRE_FEAT_SAMPLED)))
            return E_INVALIDARG;
    } else if (desc->BindFlags & D3D11_BIND_DEPTH_STENCIL) {
        return E_INVALIDARG;
    }
    if (desc->Usage == D3D11_USAGE_STAGING) {
        if (desc->BindFlags || !desc->CPUAccessFlags)
            return E_INVALIDARG;
    } else if (wire_format_get(format)->depth) {
        /* checked above */
    } else if ((desc->CPUAccessFlags && desc->Usage != D3D11_USAGE_DYNAMIC) ||
               ((desc->BindFlags & D3D11_BIND_RENDER_TARGET) &&
                !(feat & WIRE_FEAT_COLOR_TARGET)) ||
               ((desc->MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
                !(feat & WIRE_FEAT_BLIT)) ||
               ((desc->BindFlags & D3D11_BIND_SHADER_RESOURCE) && !(feat & WIRE_FEAT_SAMPLED)) ||
               !(feat & WIRE_FEAT_TRANSFER)) {
        return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (!(t = calloc(1, sizeof(*t))))
        return E_OUTOFMEMORY;
    t->iface.lpVtbl = &texture_vtbl.base;
    t->dxgi.lpVtbl = &dxgi_resource_vtbl;
    t->mutex.lpVtbl = &keyed_mutex_vtbl;
    t->surface.lpVtbl = &dxgi_surface_vtbl;
    t->desc = *desc;
    t->desc.MipLevels = t->levels = levels;
    t->layers = desc->ArraySize; /* a cube map's: 6 a cube */
    t->volume = volume_depth > 0;
    t->depth = volume_depth ? volume_depth : 1;
    t->linear = linear;
    t->wire_format = format;
    if (t->volume)
        t->iface.lpVtbl = (const ID3D11Texture2DVtbl *)(const void *)&texture3d_vtbl.base;
    if (linear)
        t->iface.lpVtbl = (const ID3D11Texture2DVtbl *)(const void *)&texture1d_vtbl;
    d11_child_init(&t->c, dev, tex_destroy_child);
    pthread_mutex_lock(&dev->lock);
    if (!texture_subresources(t, &bytes)) {
        hr = E_OUTOFMEMORY;
    } else if (desc->Usage == D3D11_USAGE_STAGING) {
        if (!(t->cpu = calloc(1, bytes)))
            hr = E_OUTOFMEMORY;
    } else {
        struct wire_create_texture ct = {
            .format = format,
            .type = cube ? WIRE_TEX_CUBE : volume_depth ? WIRE_TEX_3D : linear ? WIRE_TEX_1D : WIRE_TEX_2D,
            .width = desc->Width,
            .height = desc->Height,
            .depth = volume_depth ? volume_depth : 1,
            .levels = levels,
            .layers = volume_depth ? 0 : desc->ArraySize,
            .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A},
            .samples = desc->SampleDesc.Count,
        };
        if (desc->Format == DXGI_FORMAT_A8_UNORM)
            memcpy(ct.swizzle, (const uint8_t[4]){WIRE_SWIZZLE_ZERO, WIRE_SWIZZLE_ZERO,
                                                  WIRE_SWIZZLE_ZERO, WIRE_SWIZZLE_R}, 4);
        if (d11_format_no_alpha(desc->Format))
            ct.swizzle[3] = WIRE_SWIZZLE_ONE;
        if (desc->BindFlags & D3D11_BIND_RENDER_TARGET)
            ct.usage |= WIRE_TEX_COLOR_TARGET;
        /* A multisampled one is sampled (by sample) where the device has
         * its count for that; else its shader-resource views are refused. */
        if ((desc->BindFlags & D3D11_BIND_SHADER_RESOURCE) &&
            (!ms || (dev->tc->caps.format_load_samples[format] & desc->SampleDesc.Count))) {
            ct.usage |= WIRE_TEX_SAMPLED;
            t->ms_sampled = ms;
        }
        if (desc->BindFlags & D3D11_BIND_DEPTH_STENCIL)
            ct.usage |= WIRE_TEX_DEPTH_TARGET;
        if (storable)
            ct.usage |= WIRE_TEX_STORAGE;
        if (stored && !typeless)
            ct.usage |= WIRE_TEX_MUTABLE;
        ct.texture = t->handle = d11_handle_alloc(dev, WIRE_OBJ_TEXTURE);
        if (wire_handle_is_null(t->handle))
            hr = E_OUTOFMEMORY;
        else if (dev->tc->lost || !wire_emit_CREATE_TEXTURE(&dev->tc->w, &ct))
            hr = DXGI_ERROR_DEVICE_REMOVED;
        else if (desc->MiscFlags & (D3D11_RESOURCE_MISC_SHARED |
                                    D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
            hr = texture_share(dev, t);
    }
    /* Initial data: one D3D11_SUBRESOURCE_DATA a subresource. */
    for (uint32_t l = 0; SUCCEEDED(hr) && data && l < levels * t->layers; l++)
        if (data[l].pSysMem)
            hr = d11_texture_write(dev, t, l, NULL, data[l].pSysMem, data[l].SysMemPitch,
                                   data[l].SysMemSlicePitch);
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        tex_Release(&t->iface);
        return hr;
    }
    *out = t;
    return S_OK;
}

/* Another API's share (D3D9Ex's) as D3D11 sees it: a 2D texture of the
 * DXGI format of its wire format, sampled as it is (E_INVALIDARG for what
 * D3D11 cannot name: a sampling swizzle, another type, multisampling). */
static HRESULT share_desc_from_wire(const uint64_t *v, D3D11_TEXTURE2D_DESC *d)
{
    uint32_t type = (uint32_t)(v[WIRE_OPEN_FORMAT] >> 16) & 0xffff;
    uint32_t usage = (uint32_t)(v[WIRE_OPEN_FORMAT] >> 32);
    uint32_t depth = (uint32_t)(v[WIRE_OPEN_DEPTH] & 0xffff);
    uint32_t samples = (uint32_t)(v[WIRE_OPEN_DEPTH] >> 24) & 0xff;
    const uint8_t identity[4] = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A};
    uint8_t swizzle[4];
    DXGI_FORMAT f = d11_dxgi_format((uint32_t)(v[WIRE_OPEN_FORMAT] & 0xffff));
    for (int i = 0; i < 4; i++)
        swizzle[i] = (uint8_t)(v[WIRE_OPEN_DEPTH] >> (32 + 8 * i));
    if (type != WIRE_TEX_2D || depth != 1 || samples != 1 || f == DXGI_FORMAT_UNKNOWN ||
        (memcmp(swizzle, identity, 4) && !d11_format_no_alpha(f)))
        return E_INVALIDARG;
    *d = (D3D11_TEXTURE2D_DESC){(UINT)(v[WIRE_OPEN_EXTENT] & 0xffffffffu),
                                (UINT)(v[WIRE_OPEN_EXTENT] >> 32),
                                (UINT)(v[WIRE_OPEN_DEPTH] >> 16) & 0xff,
                                1,
                                f,
                                {1, 0},
                                D3D11_USAGE_DEFAULT,
                                0,
                                0,
                                D3D11_RESOURCE_MISC_SHARED};
    if (usage & WIRE_TEX_SAMPLED)
        d->BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    if (usage & WIRE_TEX_COLOR_TARGET)
        d->BindFlags |= D3D11_BIND_RENDER_TARGET;
    return S_OK;
}

HRESULT d11_texture_open_shared(struct d11_device *dev, HANDLE h, bool nt,
                                struct d11_texture **out)
{
    uintptr_t id = (uintptr_t)h;
    struct wire_open_shared os = {.share = (uint32_t)id};
    struct d11_share_desc sd;
    struct wire_reply reply;
    struct d11_texture *t;
    HRESULT hr = S_OK;

    *out = NULL;
    if (!id || id > UINT32_MAX)
        return E_INVALIDARG;
    if (!(t = calloc(1, sizeof(*t))))
        return E_OUTOFMEMORY;
    t->iface.lpVtbl = &texture_vtbl.base;
    t->dxgi.lpVtbl = &dxgi_resource_vtbl;
    t->mutex.lpVtbl = &keyed_mutex_vtbl;
    t->surface.lpVtbl = &dxgi_surface_vtbl;
    pthread_mutex_lock(&dev->lock);
    os.texture = d11_handle_alloc(dev, WIRE_OBJ_TEXTURE);
    if (wire_handle_is_null(os.texture))
        hr = E_OUTOFMEMORY;
    else if (dev->tc->lost || !wire_emit_OPEN_SHARED(&dev->tc->w, &os) ||
             !transport_wait_reply(dev->tc, &reply))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    else if (reply.status != WIRE_OK)
        hr = E_INVALIDARG; /* not a handle of this server's */
    if (FAILED(hr)) {
        /* The handle was never made on the server: only its slot goes. */
        if (!wire_handle_is_null(os.texture))
            wire_handle_pool_free(&dev->handles[WIRE_OBJ_TEXTURE], os.texture);
        pthread_mutex_unlock(&dev->lock);
        free(t);
        return hr;
    }
    t->handle = os.texture;
    dev->shares++;
    memcpy(&sd, &reply.values[WIRE_OPEN_DESC], sizeof(sd));
    if ((reply.values[WIRE_OPEN_FLAGS] >> 32) != sizeof(sd) || sd.tag != D11_SHARE_TAG)
        hr = share_desc_from_wire(reply.values, &sd.desc);
    /* A legacy handle opens by OpenSharedResource, an NT one by
     * OpenSharedResource1 (D3D9Ex's handles are legacy ones). */
    if (SUCCEEDED(hr) && !(sd.desc.MiscFlags & D3D11_RESOURCE_MISC_SHARED_NTHANDLE) != !nt)
        hr = E_INVALIDARG;
    pthread_mutex_unlock(&dev->lock);
    t->desc = sd.desc;
    t->levels = sd.desc.MipLevels;
    t->layers = sd.desc.ArraySize;
    if (SUCCEEDED(hr) && (!t->layers || t->layers != reply.values[WIRE_OPEN_LAYERS]))
        hr = E_INVALIDARG; /* a description that is not the texture's */
    t->depth = 1;
    t->wire_format = (uint32_t)(reply.values[WIRE_OPEN_FORMAT] & 0xffff);
    t->share = (uint32_t)id;
    d11_child_init(&t->c, dev, tex_destroy_child);
    {
        size_t bytes;
        if (SUCCEEDED(hr) && !texture_subresources(t, &bytes))
            hr = E_OUTOFMEMORY;
    }
    if (FAILED(hr)) {
        tex_Release(&t->iface);
        return hr;
    }
    *out = t;
    return S_OK;
}

HRESULT d11_texture_create(struct d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                           const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out)
{
    return texture_create(dev, desc, 0, false, data, 0, out);
}

/* A swap chain's buffer of an 8-bit sRGB format: stored as its UNORM
 * format, viewed as the sRGB one (its views encode what they write), so
 * that presenting copies the encoded bytes to the window as they are. */
HRESULT d11_texture_create_stored(struct d11_device *dev, const D3D11_TEXTURE2D_DESC *desc,
                                  DXGI_FORMAT store_as, struct d11_texture **out)
{
    return texture_create(dev, desc, 0, false, NULL, store_as, out);
}

HRESULT d11_texture1d_create(struct d11_device *dev, const D3D11_TEXTURE1D_DESC *desc,
                             const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out)
{
    if (out)
        *out = NULL;
    if (!desc || (desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE))
        return E_INVALIDARG;
    D3D11_TEXTURE2D_DESC d = {desc->Width,          1,
                              desc->MipLevels,      desc->ArraySize,
                              desc->Format,         {1, 0},
                              desc->Usage,          desc->BindFlags,
                              desc->CPUAccessFlags, desc->MiscFlags};
    return texture_create(dev, &d, 0, true, data, 0, out);
}

HRESULT d11_texture3d_create(struct d11_device *dev, const D3D11_TEXTURE3D_DESC *desc,
                             const D3D11_SUBRESOURCE_DATA *data, struct d11_texture **out)
{
    if (out)
        *out = NULL;
    if (!desc || !desc->Depth || desc->Depth > 2048 ||
        (desc->MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE))
        return E_INVALIDARG;
    /* Volumes are shader inputs, render targets (a slice at a time) and
     * UAVs, or STAGING and DYNAMIC: never depth, nor a buffer's. */
    if (desc->BindFlags & ~(UINT)(D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET |
                                  D3D11_BIND_UNORDERED_ACCESS))
        return E_INVALIDARG;
    if (desc->MiscFlags & ~(UINT)D3D11_RESOURCE_MISC_GENERATE_MIPS)
        return E_NOTIMPL;
    D3D11_TEXTURE2D_DESC d = {desc->Width, desc->Height, desc->MipLevels, 1, desc->Format,
                              {1, 0}, desc->Usage, desc->BindFlags, desc->CPUAccessFlags,
                              desc->MiscFlags};
    if (wire_format_get(d11_wire_format(desc->Format, NULL)) &&
        wire_format_get(d11_wire_format(desc->Format, NULL))->depth)
        return E_INVALIDARG; /* no depth volumes */
    return texture_create(dev, &d, desc->Depth, false, data, 0, out);
}

/* ------------------------------------------------------------ render-target views */

D11_CHILD_METHODS(rtv, ID3D11RenderTargetView, struct d11_view, iface)
D11_CHILD_QI(rtv, ID3D11RenderTargetView, &IID_ID3D11View, &IID_ID3D11RenderTargetView,
             &IID_ID3D11RenderTargetView1)

static void rtv_destroy(struct d11_view *v)
{
    d11_child_unbind(v->buf ? &v->buf->c : &v->tex->c);
    free(v);
}

static void STDMETHODCALLTYPE rtv_GetResource(ID3D11RenderTargetView *iface,
                                              ID3D11Resource **out)
{
    struct d11_view *v = rtv_impl(iface);
    if (v->buf) {
        *out = (ID3D11Resource *)&v->buf->iface;
        ID3D11Buffer_AddRef(&v->buf->iface);
        return;
    }
    *out = (ID3D11Resource *)&v->tex->iface;
    ID3D11Texture2D_AddRef(&v->tex->iface);
}

static void STDMETHODCALLTYPE rtv_GetDesc(ID3D11RenderTargetView *iface,
                                          D3D11_RENDER_TARGET_VIEW_DESC *d)
{
    *d = rtv_impl(iface)->desc;
}

static void STDMETHODCALLTYPE rtv_GetDesc1(ID3D11RenderTargetView1 *iface,
                                           D3D11_RENDER_TARGET_VIEW_DESC1 *d)
{
    d11_rtv_desc1(&rtv_impl((ID3D11RenderTargetView *)iface)->desc, d);
}

/* ID3D11RenderTargetView1's vtable (the D3D11.0 one and GetDesc1). */
static const struct {
    ID3D11RenderTargetViewVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11RenderTargetView1 *, D3D11_RENDER_TARGET_VIEW_DESC1 *);
} rtv_vtbl = {{
    rtv_QueryInterface, rtv_AddRef,        rtv_Release,
    rtv_GetDevice,      rtv_GetPrivateData, rtv_SetPrivateData,
    rtv_SetPrivateDataInterface,           rtv_GetResource,
    rtv_GetDesc,
}, rtv_GetDesc1};
_Static_assert(sizeof(rtv_vtbl) == sizeof(ID3D11RenderTargetView1Vtbl), "slots");

struct d11_view *d11_rtv_from(ID3D11RenderTargetView *v)
{
    return v && v->lpVtbl == &rtv_vtbl.base ? rtv_impl(v) : NULL;
}

/* A Texture1D's views have its 2D views' shapes under dimensions of their
 * own (each 1D description's fields are the first fields of the 2D one):
 * the dimension a view of a 1D texture names becomes the 2D one here
 * (WIRE_TEX_1D, 1D_ARRAY on the wire), and back in GetDesc.  false when
 * it names the other kind's. */
static bool view_dimension_in(const struct d11_texture *t, UINT *dim, UINT d1, UINT d1a,
                              UINT d2, UINT d2a)
{
    if (!t->linear)
        return *dim != d1 && *dim != d1a;
    if (*dim != d1 && *dim != d1a)
        return false;
    *dim = *dim == d1 ? d2 : d2a;
    return true;
}

static UINT view_dimension_out(const struct d11_texture *t, UINT dim, UINT d1, UINT d1a,
                               UINT d2)
{
    return !t->linear ? dim : dim == d2 ? d1 : d1a;
}

/* An array view's size of -1: every layer from the first (as D3D11 reads
 * render-target and depth-stencil views' ArraySize). */
static void array_size_all(const struct d11_texture *t, UINT first, UINT *size)
{
    if (*size == (UINT)-1 && first < t->layers)
        *size = t->layers - first;
}

/* A multisampled dimension (Texture2DMS, Texture2DMSArray) named for a
 * texture of one sample: D3D11 makes the view, of level 0 and the layers
 * it names (Texture2DMS: layer 0; an array size of -1: to the last).  The
 * layers as a plain 2D description (dimension 2D or 2D array, as the
 * texture is), false when they are not the texture's; GetDesc answers the
 * dimension asked for (each view's creation restores it). */
static bool ms_as_plain(const struct d11_texture *t, bool array, UINT first, UINT size,
                        UINT dim_2d, UINT dim_2d_array, UINT *dim, UINT *out_first,
                        UINT *out_size)
{
    if (!array) {
        first = 0;
        size = 1;
    }
    array_size_all(t, first, &size);
    if (t->volume || t->linear || first >= t->layers || !size || size > t->layers - first)
        return false;
    *dim = t->layers > 1 ? dim_2d_array : dim_2d;
    *out_first = first;
    *out_size = size;
    return true;
}

/* A render-target view of a volume: slices [FirstWSlice, + WSize) of a
 * level (WSize -1: to the last); the server renders into a 2D view of one
 * slice, a 2D-array view of more (layered: SV_RenderTargetArrayIndex picks
 * the slice). */
static HRESULT volume_rtv_create(struct d11_device *dev, struct d11_texture *t,
                                 const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                                 ID3D11RenderTargetView **out)
{
    D3D11_RENDER_TARGET_VIEW_DESC d = {0, D3D11_RTV_DIMENSION_TEXTURE3D};
    struct d11_view *v;
    uint32_t slices;
    d.Texture3D.WSize = (UINT)-1;
    if (desc)
        d = *desc;
    if (!d.Format)
        d.Format = t->desc.Format;
    if (d.ViewDimension != D3D11_RTV_DIMENSION_TEXTURE3D || d.Texture3D.MipSlice >= t->levels)
        return E_INVALIDARG;
    slices = d11_texture_slices(t, d.Texture3D.MipSlice);
    if (d.Texture3D.FirstWSlice >= slices ||
        (d.Texture3D.WSize != (UINT)-1 &&
         (!d.Texture3D.WSize || d.Texture3D.WSize > slices - d.Texture3D.FirstWSlice)))
        return E_INVALIDARG;
    if (d.Texture3D.WSize == (UINT)-1)
        d.Texture3D.WSize = slices - d.Texture3D.FirstWSlice;
    if (!d11_view_format_ok(t, desc ? desc->Format : 0, false) ||
        !(dev->tc->caps.format_features[d11_view_wire_format(t, d.Format)] &
          WIRE_FEAT_COLOR_TARGET))
        return E_INVALIDARG;
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &rtv_vtbl.base;
    v->desc = d;
    v->wire_format = d11_view_wire_format(t, d.Format);
    v->level = d.Texture3D.MipSlice;
    v->layer = d.Texture3D.FirstWSlice;
    v->layers = d.Texture3D.WSize;
    v->tex = t;
    d11_child_bind(&t->c);
    d11_child_init(&v->c, dev, rtv_destroy_child);
    *out = &v->iface;
    return S_OK;
}

/* A render-target view of a buffer: elements of a colour format, which
 * the server renders into through a texture twin one row high (wire.h's
 * WIRE_TARGET_BUFFER). */
static HRESULT buffer_rtv_create(struct d11_device *dev, struct d11_buffer *b,
                                 const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                                 ID3D11RenderTargetView **out)
{
    uint32_t wf, bpp = 0;
    struct d11_view *v;

    if (!b || !(b->desc.BindFlags & D3D11_BIND_RENDER_TARGET) || !desc ||
        desc->ViewDimension != D3D11_RTV_DIMENSION_BUFFER)
        return E_INVALIDARG;
    uint64_t first = desc->Buffer.FirstElement, n = desc->Buffer.NumElements;
    if (desc->Format == DXGI_FORMAT_UNKNOWN || !(wf = d11_wire_format(desc->Format, &bpp)) ||
        !bpp || !n || (first + n) * bpp > b->desc.ByteWidth ||
        !(dev->tc->caps.format_features[wf] & WIRE_FEAT_COLOR_TARGET) ||
        wire_format_get(wf)->depth)
        return E_INVALIDARG;
    /* Formats the server renders through a rewrite (A8) or keeps with
     * other bytes (B8G8R8X8's alpha), more elements than a texture's
     * width, and a first byte off a multiple of 4 (Vulkan's copies): not
     * done. */
    if (desc->Format == DXGI_FORMAT_A8_UNORM || d11_format_no_alpha(desc->Format) ||
        n > WIRE_MAX_EXTENT || first * bpp % 4) {
        NR_WARN(D3D9, "CreateRenderTargetView: a buffer view of format %u, elements "
                      "%llu+%llu, is not done",
                desc->Format, (unsigned long long)first, (unsigned long long)n);
        return E_NOTIMPL;
    }
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &rtv_vtbl.base;
    v->desc = *desc;
    v->buf = b;
    v->layer = (uint32_t)first;
    v->elements = (uint32_t)n;
    v->wire_format = wf;
    d11_child_bind(&b->c);
    d11_child_init(&v->c, dev, rtv_destroy_child);
    *out = &v->iface;
    return S_OK;
}

HRESULT d11_rtv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_RENDER_TARGET_VIEW_DESC *desc,
                       ID3D11RenderTargetView **out)
{
    struct d11_texture *t = d11_texture_from(res);
    D3D11_RENDER_TARGET_VIEW_DESC dd;
    struct d11_view *v;
    if (out)
        *out = NULL;
    if (!res)
        return E_INVALIDARG;
    if (!t)
        return buffer_rtv_create(dev, d11_buffer_from(res), desc, out);
    if (!(t->desc.BindFlags & D3D11_BIND_RENDER_TARGET) || t->no_rtv)
        return E_INVALIDARG;
    if (t->volume)
        return volume_rtv_create(dev, t, desc, out);
    bool ms = t->desc.SampleDesc.Count > 1;
    UINT asked = desc ? desc->ViewDimension : 0;
    if (desc && !ms && (asked == D3D11_RTV_DIMENSION_TEXTURE2DMS ||
                        asked == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY)) {
        bool array = asked == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY;
        memset(&dd, 0, sizeof(dd));
        dd.Format = desc->Format;
        if (!ms_as_plain(t, array, desc->Texture2DMSArray.FirstArraySlice,
                         desc->Texture2DMSArray.ArraySize, D3D11_RTV_DIMENSION_TEXTURE2D,
                         D3D11_RTV_DIMENSION_TEXTURE2DARRAY, (UINT *)&dd.ViewDimension,
                         &dd.Texture2DArray.FirstArraySlice, &dd.Texture2DArray.ArraySize))
            return E_INVALIDARG;
        desc = &dd;
    }
    if (desc && (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMS ||
                 desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY)) {
        /* A multisampled texture's views are its own dimension's. */
        if (!ms)
            return E_INVALIDARG;
        if (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY)
            return desc->Texture2DMSArray.FirstArraySlice ||
                           desc->Texture2DMSArray.ArraySize != 1
                       ? E_INVALIDARG
                       : E_NOTIMPL;
    } else if (desc && ms) {
        return E_INVALIDARG;
    } else if (desc) {
        if (desc != &dd)
            dd = *desc;
        if (!view_dimension_in(t, (UINT *)&dd.ViewDimension, D3D11_RTV_DIMENSION_TEXTURE1D,
                               D3D11_RTV_DIMENSION_TEXTURE1DARRAY, D3D11_RTV_DIMENSION_TEXTURE2D,
                               D3D11_RTV_DIMENSION_TEXTURE2DARRAY))
            return E_INVALIDARG;
        if (dd.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY)
            array_size_all(t, dd.Texture2DArray.FirstArraySlice, &dd.Texture2DArray.ArraySize);
        /* An array view of a texture of one layer: its layer 0 alone, a 2D
         * view (GetDesc answers the array dimension asked for). */
        if (dd.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY && t->layers == 1) {
            if (dd.Texture2DArray.FirstArraySlice || dd.Texture2DArray.ArraySize != 1)
                return E_INVALIDARG;
            dd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
        }
        /* A 2D view of an array: its layer 0, a 2D array view of one
         * layer (GetDesc answers the 2D dimension). */
        if (dd.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D && t->layers > 1) {
            dd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
            dd.Texture2DArray.FirstArraySlice = 0;
            dd.Texture2DArray.ArraySize = 1;
        }
        desc = &dd;
    }
    if (t->layers > 1) {
        /* Layers of an array or faces of a cube map (without a
         * description: all of level 0's): a 2D array view, layered when
         * it has more than one. */
        if (!desc) {
            memset(&dd, 0, sizeof(dd));
            dd.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
            dd.Texture2DArray.ArraySize = t->layers;
            desc = &dd;
        }
        if (desc->ViewDimension != D3D11_RTV_DIMENSION_TEXTURE2DARRAY ||
            desc->Texture2DArray.MipSlice >= t->levels ||
            desc->Texture2DArray.FirstArraySlice >= t->layers ||
            !desc->Texture2DArray.ArraySize ||
            desc->Texture2DArray.ArraySize > t->layers - desc->Texture2DArray.FirstArraySlice)
            return E_INVALIDARG;
    } else if (desc && !ms && (desc->ViewDimension != D3D11_RTV_DIMENSION_TEXTURE2D ||
                               desc->Texture2D.MipSlice >= t->levels)) {
        return E_INVALIDARG;
    }
    /* A typeless texture's view names one of its formats, one the device
     * renders into. */
    DXGI_FORMAT format = desc && desc->Format ? desc->Format : t->desc.Format;
    if (!d11_view_format_ok(t, desc ? desc->Format : 0, false) ||
        !(dev->tc->caps.format_features[d11_view_wire_format(t, format)] &
          WIRE_FEAT_COLOR_TARGET))
        return E_INVALIDARG;
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &rtv_vtbl.base;
    v->desc.Format = format;
    v->wire_format = d11_view_wire_format(t, format);
    if (t->layers > 1) {
        v->desc = *desc;
        v->desc.Format = format;
        v->level = desc->Texture2DArray.MipSlice;
        v->layer = desc->Texture2DArray.FirstArraySlice;
        v->layers = desc->Texture2DArray.ArraySize;
    } else if (ms) {
        v->desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
    } else {
        v->desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
        v->desc.Texture2D.MipSlice = v->level = desc ? desc->Texture2D.MipSlice : 0;
    }
    v->desc.ViewDimension = view_dimension_out(t, v->desc.ViewDimension,
                                               D3D11_RTV_DIMENSION_TEXTURE1D,
                                               D3D11_RTV_DIMENSION_TEXTURE1DARRAY,
                                               D3D11_RTV_DIMENSION_TEXTURE2D);
    if (!ms && (asked == D3D11_RTV_DIMENSION_TEXTURE2DMS ||
                asked == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY)) {
        v->desc.ViewDimension = asked;
        memset(&v->desc.Texture2DMSArray, 0, sizeof(v->desc.Texture2DArray));
        if (asked == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY) {
            v->desc.Texture2DMSArray.FirstArraySlice = v->layer;
            v->desc.Texture2DMSArray.ArraySize = v->layers ? v->layers : 1;
        }
    } else if (t->layers == 1 && (asked == D3D11_RTV_DIMENSION_TEXTURE2DARRAY ||
                                  asked == D3D11_RTV_DIMENSION_TEXTURE1DARRAY)) {
        v->desc.ViewDimension = asked;
        v->desc.Texture2DArray.MipSlice = v->level;
        v->desc.Texture2DArray.FirstArraySlice = 0;
        v->desc.Texture2DArray.ArraySize = 1;
    } else if (t->layers > 1 && (asked == D3D11_RTV_DIMENSION_TEXTURE2D ||
                                 asked == D3D11_RTV_DIMENSION_TEXTURE1D)) {
        v->desc.ViewDimension = asked;
        memset(&v->desc.Texture2DArray, 0, sizeof(v->desc.Texture2DArray));
        v->desc.Texture2D.MipSlice = v->level;
    }
    v->tex = t;
    d11_child_bind(&t->c); /* keeps the texture, not the device */
    d11_child_init(&v->c, dev, rtv_destroy_child);
    *out = &v->iface;
    return S_OK;
}

/* ------------------------------------------------------------ shader-resource views */

D11_CHILD_METHODS(srv, ID3D11ShaderResourceView, struct d11_srv, iface)
D11_CHILD_QI(srv, ID3D11ShaderResourceView, &IID_ID3D11View, &IID_ID3D11ShaderResourceView,
             &IID_ID3D11ShaderResourceView1)

static void srv_destroy(struct d11_srv *v)
{
    d11_child_unbind(v->buf ? &v->buf->c : &v->tex->c);
    free(v);
}

static void STDMETHODCALLTYPE srv_GetResource(ID3D11ShaderResourceView *iface,
                                              ID3D11Resource **out)
{
    struct d11_srv *v = srv_impl(iface);
    if (v->buf) {
        *out = (ID3D11Resource *)&v->buf->iface;
        ID3D11Buffer_AddRef(&v->buf->iface);
        return;
    }
    *out = (ID3D11Resource *)&v->tex->iface;
    ID3D11Texture2D_AddRef(&v->tex->iface);
}

static void STDMETHODCALLTYPE srv_GetDesc(ID3D11ShaderResourceView *iface,
                                          D3D11_SHADER_RESOURCE_VIEW_DESC *d)
{
    *d = srv_impl(iface)->desc;
}

static void STDMETHODCALLTYPE srv_GetDesc1(ID3D11ShaderResourceView1 *iface,
                                           D3D11_SHADER_RESOURCE_VIEW_DESC1 *d)
{
    d11_srv_desc1(&srv_impl((ID3D11ShaderResourceView *)iface)->desc, d);
}

static const struct {
    ID3D11ShaderResourceViewVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11ShaderResourceView1 *,
                                      D3D11_SHADER_RESOURCE_VIEW_DESC1 *);
} srv_vtbl = {{
    srv_QueryInterface, srv_AddRef,        srv_Release,
    srv_GetDevice,      srv_GetPrivateData, srv_SetPrivateData,
    srv_SetPrivateDataInterface,           srv_GetResource,
    srv_GetDesc,
}, srv_GetDesc1};
_Static_assert(sizeof(srv_vtbl) == sizeof(ID3D11ShaderResourceView1Vtbl), "slots");

struct d11_srv *d11_srv_from(ID3D11ShaderResourceView *v)
{
    return v && v->lpVtbl == &srv_vtbl.base ? srv_impl(v) : NULL;
}

/* A view of a buffer's elements: typed ones (BUFFER, or BUFFEREX without
 * RAW) of a format the device reads from texel buffers, a structured
 * buffer's structures (BUFFER of format UNKNOWN; no desc: all of them),
 * or a raw view's 32-bit words (BUFFEREX RAW of R32_TYPELESS). */
static HRESULT buffer_srv_create(struct d11_device *dev, struct d11_buffer *b,
                                 const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                                 ID3D11ShaderResourceView **out)
{
    bool structured = (b->desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) != 0;
    D3D11_SHADER_RESOURCE_VIEW_DESC d = {0};
    UINT first, count, elem, bpp = 0;
    uint32_t wf = WIRE_FORMAT_R32_UINT;
    bool raw = false;
    struct d11_srv *v;

    if (!(b->desc.BindFlags & D3D11_BIND_SHADER_RESOURCE))
        return E_INVALIDARG;
    if (desc) {
        d = *desc;
    } else if (structured) {
        d.Format = DXGI_FORMAT_UNKNOWN;
        d.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
        d.Buffer.FirstElement = 0;
        d.Buffer.NumElements = b->desc.ByteWidth / b->desc.StructureByteStride;
    } else {
        return E_INVALIDARG; /* a typed or raw view names its format */
    }
    if (d.ViewDimension == D3D11_SRV_DIMENSION_BUFFER) {
        first = d.Buffer.FirstElement;
        count = d.Buffer.NumElements;
    } else if (d.ViewDimension == D3D11_SRV_DIMENSION_BUFFEREX) {
        if (d.BufferEx.Flags & ~(UINT)D3D11_BUFFEREX_SRV_FLAG_RAW)
            return E_INVALIDARG;
        raw = d.BufferEx.Flags & D3D11_BUFFEREX_SRV_FLAG_RAW;
        first = d.BufferEx.FirstElement;
        count = d.BufferEx.NumElements;
    } else {
        return E_INVALIDARG;
    }
    if (raw) {
        if (!(b->desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) ||
            d.Format != DXGI_FORMAT_R32_TYPELESS)
            return E_INVALIDARG;
        elem = 4;
    } else if (structured) {
        if (d.Format != DXGI_FORMAT_UNKNOWN)
            return E_INVALIDARG;
        elem = b->desc.StructureByteStride;
    } else {
        if (d.Format == DXGI_FORMAT_UNKNOWN || !(wf = d11_wire_format(d.Format, &bpp)) ||
            !bpp)
            return E_INVALIDARG;
        if (!(dev->tc->caps.format_features[wf] & WIRE_FEAT_TEXEL_BUFFER))
            return E_INVALIDARG;
        /* A buffer that is also a UAV's has views of formats the device
         * stores in texel buffers only (Vulkan's rule). */
        if ((b->desc.BindFlags & D3D11_BIND_UNORDERED_ACCESS) &&
            !(dev->tc->caps.format_features[wf] & WIRE_FEAT_STORAGE_TEXEL))
            return E_NOTIMPL;
        elem = bpp; /* bytes a texel */
    }
    if (!count || (uint64_t)first + count > b->desc.ByteWidth / elem)
        return E_INVALIDARG;
    if (wire_handle_is_null(b->handle) ||
        ((uint64_t)first * elem) % NR_MAX(dev->tc->caps.texel_buffer_align, 1u) ||
        (uint64_t)count * elem / (raw || structured ? 4 : elem) >
            dev->tc->caps.max_texel_elements)
        return E_NOTIMPL; /* a view the device's texel buffers cannot start or hold */
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &srv_vtbl.base;
    v->desc = d;
    v->view_type = WIRE_TEX_TYPE_COUNT; /* no texture type */
    v->wire_format = wf;
    v->buf = b;
    v->offset = (uint64_t)first * elem;
    v->size = (uint64_t)count * elem;
    v->words = raw || structured;
    d11_child_bind(&b->c);
    d11_child_init(&v->c, dev, srv_destroy_child);
    *out = &v->iface;
    return S_OK;
}

HRESULT d11_srv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
                       ID3D11ShaderResourceView **out)
{
    struct d11_texture *t = d11_texture_from(res);
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_srv *v;
    if (out)
        *out = NULL;
    if (!res)
        return E_INVALIDARG;
    if (b)
        return buffer_srv_create(dev, b, desc, out);
    if (!t)
        return E_INVALIDARG;
    if (!(t->desc.BindFlags & D3D11_BIND_SHADER_RESOURCE))
        return E_INVALIDARG;
    bool ms = t->desc.SampleDesc.Count > 1;
    /* A multisampled texture is read by sample (Texture2DMS), where the
     * server's device samples its count of the format (arrays of them
     * are not made yet). */
    if (ms && !t->ms_sampled)
        return E_NOTIMPL;
    bool cube = (t->desc.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) != 0;
    D3D11_SHADER_RESOURCE_VIEW_DESC d = {0};
    UINT first_mip, mips, first_layer = 0, layers = 1, type;
    if (ms) {
        if (desc && desc->ViewDimension != D3D11_SRV_DIMENSION_TEXTURE2DMS)
            return desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY &&
                           !desc->Texture2DMSArray.FirstArraySlice &&
                           desc->Texture2DMSArray.ArraySize == 1
                       ? E_NOTIMPL
                       : E_INVALIDARG;
        if (desc)
            d = *desc;
        else if (d11_typeless_depth(t->desc.Format) || d11_typeless_colour(t->desc.Format))
            return E_INVALIDARG;
        d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
    } else if (desc && (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMS ||
                        desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)) {
        /* Of a texture of one sample: level 0 of the layers named, a 2D
         * (array) view (a Texture2DMS in a shader does not read it: the
         * slot reads as unbound). */
        bool array = desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY;
        d.Format = desc->Format;
        if (!ms_as_plain(t, array, desc->Texture2DMSArray.FirstArraySlice,
                         desc->Texture2DMSArray.ArraySize, D3D11_SRV_DIMENSION_TEXTURE2D,
                         D3D11_SRV_DIMENSION_TEXTURE2DARRAY, (UINT *)&d.ViewDimension,
                         &d.Texture2DArray.FirstArraySlice, &d.Texture2DArray.ArraySize))
            return E_INVALIDARG;
        if (!array) /* layer 0 of an array too: a 2D view of it */
            d.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
        d.Texture2DArray.MipLevels = 1;
    } else if (desc) {
        d = *desc;
        if (!view_dimension_in(t, (UINT *)&d.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1D,
                               D3D11_SRV_DIMENSION_TEXTURE1DARRAY, D3D11_SRV_DIMENSION_TEXTURE2D,
                               D3D11_SRV_DIMENSION_TEXTURE2DARRAY))
            return E_INVALIDARG;
    } else if (d11_typeless_depth(t->desc.Format) || d11_typeless_colour(t->desc.Format)) {
        return E_INVALIDARG; /* a typeless texture's view must name its format */
    } else {
        /* All of it, as what it is. */
        d.ViewDimension = cube && t->layers >= 12 ? D3D11_SRV_DIMENSION_TEXTURECUBEARRAY
                          : cube                ? D3D11_SRV_DIMENSION_TEXTURECUBE
                          : t->volume           ? D3D11_SRV_DIMENSION_TEXTURE3D
                          : t->layers > 1       ? D3D11_SRV_DIMENSION_TEXTURE2DARRAY
                                                : D3D11_SRV_DIMENSION_TEXTURE2D;
        d.Texture2DArray.MipLevels = (UINT)-1;
        if (d.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY)
            d.TextureCubeArray.NumCubes = t->layers / 6;
        else
            d.Texture2DArray.ArraySize = t->layers;
    }
    /* Texture2D, Texture2DArray and TextureCube begin with the same
     * MostDetailedMip and MipLevels. */
    first_mip = d.Texture2D.MostDetailedMip;
    mips = d.Texture2D.MipLevels;
    switch (d.ViewDimension) {
    case D3D11_SRV_DIMENSION_TEXTURE2D:
        /* Of an array (or a cube map): its layer 0. */
        if (t->volume)
            return E_INVALIDARG;
        type = WIRE_TEX_2D;
        break;
    case D3D11_SRV_DIMENSION_TEXTURE3D:
        if (!t->volume)
            return E_INVALIDARG;
        type = WIRE_TEX_3D;
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        /* Layers of an array, or a cube map's faces. */
        if (t->volume)
            return E_INVALIDARG;
        first_layer = d.Texture2DArray.FirstArraySlice;
        array_size_all(t, first_layer, &d.Texture2DArray.ArraySize); /* -1: to the last */
        layers = d.Texture2DArray.ArraySize;
        if (first_layer >= t->layers || !layers || layers > t->layers - first_layer)
            return E_INVALIDARG;
        type = WIRE_TEX_2D_ARRAY;
        break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE:
        if (!cube || t->volume)
            return E_INVALIDARG;
        layers = 6;
        type = WIRE_TEX_CUBE;
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMS:
        if (!ms)
            return E_INVALIDARG;
        type = WIRE_TEX_2D_MS;
        first_mip = 0;
        mips = 1;
        break;
    case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
        /* Cubes of a cube map array, from any face (D3D11's rule). */
        if (!cube || t->volume)
            return E_INVALIDARG;
        first_layer = d.TextureCubeArray.First2DArrayFace;
        layers = d.TextureCubeArray.NumCubes == (UINT)-1
                     ? (first_layer < t->layers ? (t->layers - first_layer) / 6 * 6 : 0)
                     : d.TextureCubeArray.NumCubes * 6;
        d.TextureCubeArray.NumCubes = layers / 6; /* GetDesc answers the count, not -1 */
        if (first_layer >= t->layers || !layers || layers > t->layers - first_layer)
            return E_INVALIDARG;
        type = WIRE_TEX_CUBE_ARRAY;
        break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
        return ms ? E_NOTIMPL : E_INVALIDARG;
    default:
        return E_INVALIDARG;
    }
    if (first_mip >= t->levels || (mips != (UINT)-1 && (!mips || mips > t->levels - first_mip)))
        return E_INVALIDARG;
    if (mips == (UINT)-1)
        mips = t->levels - first_mip;
    if (desc) {
        /* A stencil view reads the depth-stencil texture's own format. */
        uint32_t vw = d11_view_wire_format(t, desc->Format);
        bool stencil = vw == WIRE_FORMAT_X24_G8_UINT;
        if (!d11_view_format_ok(t, desc->Format, true) ||
            !(dev->tc->caps.format_features[stencil ? t->wire_format : vw] & WIRE_FEAT_SAMPLED))
            return E_INVALIDARG;
        if (stencil && t->desc.SampleDesc.Count > 1)
            return E_NOTIMPL; /* the stencil of a multisampled texture */
    }
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &srv_vtbl.base;
    v->desc = d;
    v->desc.Format = d.Format ? d.Format : t->desc.Format;
    v->desc.Texture2D.MipLevels = mips; /* GetDesc answers the count, not -1 */
    v->desc.ViewDimension = view_dimension_out(t, d.ViewDimension, D3D11_SRV_DIMENSION_TEXTURE1D,
                                               D3D11_SRV_DIMENSION_TEXTURE1DARRAY,
                                               D3D11_SRV_DIMENSION_TEXTURE2D);
    if (!ms && desc && (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMS ||
                        desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)) {
        v->desc.ViewDimension = desc->ViewDimension;
        memset(&v->desc.Texture2DArray, 0, sizeof(v->desc.Texture2DArray));
        if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY) {
            v->desc.Texture2DMSArray.FirstArraySlice = first_layer;
            v->desc.Texture2DMSArray.ArraySize = layers;
        }
    }
    if (t->linear)
        type = type == WIRE_TEX_2D ? WIRE_TEX_1D : WIRE_TEX_1D_ARRAY;
    v->view_type = type;
    v->wire_format = d11_view_wire_format(t, v->desc.Format);
    v->first_level = first_mip;
    v->levels = mips;
    v->first_layer = first_layer;
    v->layers = layers;
    v->tex = t;
    d11_child_bind(&t->c);
    d11_child_init(&v->c, dev, srv_destroy_child);
    *out = &v->iface;
    return S_OK;
}

/* ------------------------------------------------------------ depth-stencil views */

D11_CHILD_METHODS(dsv, ID3D11DepthStencilView, struct d11_dsv, iface)
D11_CHILD_QI(dsv, ID3D11DepthStencilView, &IID_ID3D11View, &IID_ID3D11DepthStencilView, NULL)

static void dsv_destroy(struct d11_dsv *v)
{
    d11_child_unbind(&v->tex->c);
    free(v);
}

static void STDMETHODCALLTYPE dsv_GetResource(ID3D11DepthStencilView *iface,
                                              ID3D11Resource **out)
{
    struct d11_dsv *v = dsv_impl(iface);
    *out = (ID3D11Resource *)&v->tex->iface;
    ID3D11Texture2D_AddRef(&v->tex->iface);
}

static void STDMETHODCALLTYPE dsv_GetDesc(ID3D11DepthStencilView *iface,
                                          D3D11_DEPTH_STENCIL_VIEW_DESC *d)
{
    *d = dsv_impl(iface)->desc;
}

static const ID3D11DepthStencilViewVtbl dsv_vtbl = {
    dsv_QueryInterface, dsv_AddRef,        dsv_Release,
    dsv_GetDevice,      dsv_GetPrivateData, dsv_SetPrivateData,
    dsv_SetPrivateDataInterface,           dsv_GetResource,
    dsv_GetDesc,
};

struct d11_dsv *d11_dsv_from(ID3D11DepthStencilView *v)
{
    return v && v->lpVtbl == &dsv_vtbl ? dsv_impl(v) : NULL;
}

HRESULT d11_dsv_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
                       ID3D11DepthStencilView **out)
{
    struct d11_texture *t = d11_texture_from(res);
    D3D11_DEPTH_STENCIL_VIEW_DESC dd;
    struct d11_dsv *v;
    if (out)
        *out = NULL;
    if (!res)
        return E_INVALIDARG;
    if (!t)
        return E_INVALIDARG; /* a buffer */
    if (!(t->desc.BindFlags & D3D11_BIND_DEPTH_STENCIL) ||
        (!desc && d11_typeless_depth(t->desc.Format)))
        return E_INVALIDARG;
    bool ms = t->desc.SampleDesc.Count > 1;
    UINT asked = desc ? desc->ViewDimension : 0;
    if (desc && !ms && (asked == D3D11_DSV_DIMENSION_TEXTURE2DMS ||
                        asked == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY)) {
        bool array = asked == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY;
        memset(&dd, 0, sizeof(dd));
        dd.Format = desc->Format;
        dd.Flags = desc->Flags;
        if (!ms_as_plain(t, array, desc->Texture2DMSArray.FirstArraySlice,
                         desc->Texture2DMSArray.ArraySize, D3D11_DSV_DIMENSION_TEXTURE2D,
                         D3D11_DSV_DIMENSION_TEXTURE2DARRAY, (UINT *)&dd.ViewDimension,
                         &dd.Texture2DArray.FirstArraySlice, &dd.Texture2DArray.ArraySize))
            return E_INVALIDARG;
        desc = &dd;
    }
    if (desc && (desc->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMS ||
                 desc->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY)) {
        /* A multisampled texture's views are its own dimension's. */
        if (!ms || !d11_view_format_ok(t, desc->Format, false) ||
            (desc->Flags & ~(UINT)(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL)) ||
            (desc->Flags && dev->level < D3D_FEATURE_LEVEL_11_0) ||
            ((desc->Flags & D3D11_DSV_READ_ONLY_STENCIL) &&
             !wire_format_get(t->wire_format)->stencil))
            return E_INVALIDARG;
        if (desc->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY)
            return desc->Texture2DMSArray.FirstArraySlice ||
                           desc->Texture2DMSArray.ArraySize != 1
                       ? E_INVALIDARG
                       : E_NOTIMPL;
    } else if (desc && ms) {
        return E_INVALIDARG;
    } else if (desc) {
        if (desc != &dd)
            dd = *desc;
        if (!view_dimension_in(t, (UINT *)&dd.ViewDimension, D3D11_DSV_DIMENSION_TEXTURE1D,
                               D3D11_DSV_DIMENSION_TEXTURE1DARRAY, D3D11_DSV_DIMENSION_TEXTURE2D,
                               D3D11_DSV_DIMENSION_TEXTURE2DARRAY))
            return E_INVALIDARG;
        if (dd.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DARRAY)
            array_size_all(t, dd.Texture2DArray.FirstArraySlice, &dd.Texture2DArray.ArraySize);
        /* A 2D view of an array: its layer 0 (GetDesc answers 2D). */
        if (dd.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2D && t->layers > 1) {
            dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
            dd.Texture2DArray.FirstArraySlice = 0;
            dd.Texture2DArray.ArraySize = 1;
        }
        desc = &dd;
    }
    if (desc && !ms) {
        /* A 2D view, or layers of an array (or of a cube map's faces). */
        bool slice = desc->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
        if ((desc->ViewDimension != D3D11_DSV_DIMENSION_TEXTURE2D && !slice) ||
            desc->Texture2D.MipSlice >= t->levels || (!slice && t->layers != 1) ||
            (slice && (desc->Texture2DArray.FirstArraySlice >= t->layers ||
                       !desc->Texture2DArray.ArraySize ||
                       desc->Texture2DArray.ArraySize >
                           t->layers - desc->Texture2DArray.FirstArraySlice)) ||
            !d11_view_format_ok(t, desc->Format, false))
            return E_INVALIDARG;
        /* Read-only views (level 11_0): depth, and stencil where the format
         * has it. */
        if ((desc->Flags & ~(UINT)(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL)) ||
            (desc->Flags && dev->level < D3D_FEATURE_LEVEL_11_0) ||
            ((desc->Flags & D3D11_DSV_READ_ONLY_STENCIL) &&
             !wire_format_get(t->wire_format)->stencil))
            return E_INVALIDARG;
    } else if (t->layers > 1 && !ms) {
        /* Without a description: all of level 0's layers (or faces). */
        memset(&dd, 0, sizeof(dd));
        dd.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
        dd.Texture2DArray.ArraySize = t->layers;
        desc = &dd;
    }
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &dsv_vtbl;
    v->layers = 1;
    v->desc.Format = desc && desc->Format ? desc->Format : t->desc.Format;
    v->desc.Flags = desc ? desc->Flags : 0;
    if (desc && desc->ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DARRAY) {
        v->desc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
        v->desc.Texture2DArray = desc->Texture2DArray;
        v->level = desc->Texture2DArray.MipSlice;
        v->layer = desc->Texture2DArray.FirstArraySlice;
        v->layers = desc->Texture2DArray.ArraySize;
    } else if (ms) {
        v->desc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMS;
    } else {
        v->desc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
        v->desc.Texture2D.MipSlice = v->level = desc ? desc->Texture2D.MipSlice : 0;
    }
    v->desc.ViewDimension = view_dimension_out(t, v->desc.ViewDimension,
                                               D3D11_DSV_DIMENSION_TEXTURE1D,
                                               D3D11_DSV_DIMENSION_TEXTURE1DARRAY,
                                               D3D11_DSV_DIMENSION_TEXTURE2D);
    if (!ms && (asked == D3D11_DSV_DIMENSION_TEXTURE2DMS ||
                asked == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY)) {
        v->desc.ViewDimension = asked;
        memset(&v->desc.Texture2DMSArray, 0, sizeof(v->desc.Texture2DArray));
        if (asked == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY) {
            v->desc.Texture2DMSArray.FirstArraySlice = v->layer;
            v->desc.Texture2DMSArray.ArraySize = v->layers;
        }
    } else if (t->layers > 1 && (asked == D3D11_DSV_DIMENSION_TEXTURE2D ||
                                 asked == D3D11_DSV_DIMENSION_TEXTURE1D)) {
        v->desc.ViewDimension = asked;
        memset(&v->desc.Texture2DArray, 0, sizeof(v->desc.Texture2DArray));
        v->desc.Texture2D.MipSlice = v->level;
    }
    v->tex = t;
    d11_child_bind(&t->c);
    d11_child_init(&v->c, dev, dsv_destroy_child);
    *out = &v->iface;
    return S_OK;
}
