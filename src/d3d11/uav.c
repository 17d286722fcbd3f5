/* nereid D3D11: unordered-access views (UAVs) of buffers (typed, raw and
 * structured) and of texture levels, and the texels their clears write.
 * A view is the client's: a draw or dispatch sends SET_STORAGE of the
 * views its shader declares (context.c), a clear a FILL_TEXELS. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

D11_CHILD_METHODS(uav, ID3D11UnorderedAccessView, struct d11_uav, iface)
D11_CHILD_QI(uav, ID3D11UnorderedAccessView, &IID_ID3D11View, &IID_ID3D11UnorderedAccessView,
             &IID_ID3D11UnorderedAccessView1)

static void uav_destroy(struct d11_uav *v)
{
    d11_destroy_object(v->c.dev, WIRE_OBJ_BUFFER, v->counter);
    d11_child_unbind(v->buf ? &v->buf->c : &v->tex->c);
    free(v);
}

static void STDMETHODCALLTYPE uav_GetResource(ID3D11UnorderedAccessView *iface,
                                              ID3D11Resource **out)
{
    struct d11_uav *v = uav_impl(iface);
    if (v->buf) {
        *out = (ID3D11Resource *)&v->buf->iface;
        ID3D11Buffer_AddRef(&v->buf->iface);
        return;
    }
    *out = (ID3D11Resource *)&v->tex->iface;
    ID3D11Texture2D_AddRef(&v->tex->iface);
}

static void STDMETHODCALLTYPE uav_GetDesc(ID3D11UnorderedAccessView *iface,
                                          D3D11_UNORDERED_ACCESS_VIEW_DESC *d)
{
    *d = uav_impl(iface)->desc;
}

static void STDMETHODCALLTYPE uav_GetDesc1(ID3D11UnorderedAccessView1 *iface,
                                           D3D11_UNORDERED_ACCESS_VIEW_DESC1 *d)
{
    d11_uav_desc1(&uav_impl((ID3D11UnorderedAccessView *)iface)->desc, d);
}

/* ID3D11UnorderedAccessView1's vtable (the D3D11.0 one and GetDesc1). */
static const struct {
    ID3D11UnorderedAccessViewVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11UnorderedAccessView1 *,
                                      D3D11_UNORDERED_ACCESS_VIEW_DESC1 *);
} uav_vtbl = {{
    uav_QueryInterface, uav_AddRef,         uav_Release,
    uav_GetDevice,      uav_GetPrivateData, uav_SetPrivateData,
    uav_SetPrivateDataInterface,            uav_GetResource,
    uav_GetDesc,
}, uav_GetDesc1};
_Static_assert(sizeof(uav_vtbl) == sizeof(ID3D11UnorderedAccessView1Vtbl), "slots");

struct d11_uav *d11_uav_from(ID3D11UnorderedAccessView *v)
{
    return v && v->lpVtbl == &uav_vtbl.base ? uav_impl(v) : NULL;
}

/* ------------------------------------------------------------ formats */

enum chan_kind { CH_UNORM, CH_SNORM, CH_UINT, CH_SINT, CH_FLOAT };

/* How a format's texel holds its channels: bits of each (red first;
 * the packed formats from bit 0 up), their kind, and whether the bytes
 * are blue, green, red, alpha. */
struct texel_layout {
    uint8_t bits[4];
    uint8_t count;
    uint8_t kind; /* enum chan_kind */
    bool bgra;
};

static bool texel_layout(DXGI_FORMAT f, struct texel_layout *l)
{
#define L(b0, b1, b2, b3, n, k) (*l = (struct texel_layout){{b0, b1, b2, b3}, n, k, false}, true)
    switch (f) {
    case DXGI_FORMAT_R32G32B32A32_FLOAT: return L(32, 32, 32, 32, 4, CH_FLOAT);
    case DXGI_FORMAT_R32G32B32A32_UINT: return L(32, 32, 32, 32, 4, CH_UINT);
    case DXGI_FORMAT_R32G32B32A32_SINT: return L(32, 32, 32, 32, 4, CH_SINT);
    case DXGI_FORMAT_R32G32B32_FLOAT: return L(32, 32, 32, 0, 3, CH_FLOAT);
    case DXGI_FORMAT_R32G32B32_UINT: return L(32, 32, 32, 0, 3, CH_UINT);
    case DXGI_FORMAT_R32G32B32_SINT: return L(32, 32, 32, 0, 3, CH_SINT);
    case DXGI_FORMAT_R16G16B16A16_FLOAT: return L(16, 16, 16, 16, 4, CH_FLOAT);
    case DXGI_FORMAT_R16G16B16A16_UNORM: return L(16, 16, 16, 16, 4, CH_UNORM);
    case DXGI_FORMAT_R16G16B16A16_UINT: return L(16, 16, 16, 16, 4, CH_UINT);
    case DXGI_FORMAT_R16G16B16A16_SNORM: return L(16, 16, 16, 16, 4, CH_SNORM);
    case DXGI_FORMAT_R16G16B16A16_SINT: return L(16, 16, 16, 16, 4, CH_SINT);
    case DXGI_FORMAT_R32G32_FLOAT: return L(32, 32, 0, 0, 2, CH_FLOAT);
    case DXGI_FORMAT_R32G32_UINT: return L(32, 32, 0, 0, 2, CH_UINT);
    case DXGI_FORMAT_R32G32_SINT: return L(32, 32, 0, 0, 2, CH_SINT);
    case DXGI_FORMAT_R10G10B10A2_UNORM: return L(10, 10, 10, 2, 4, CH_UNORM);
    case DXGI_FORMAT_R10G10B10A2_UINT: return L(10, 10, 10, 2, 4, CH_UINT);
    case DXGI_FORMAT_R11G11B10_FLOAT: return L(11, 11, 10, 0, 3, CH_FLOAT);
    case DXGI_FORMAT_R8G8B8A8_UNORM: return L(8, 8, 8, 8, 4, CH_UNORM);
    case DXGI_FORMAT_R8G8B8A8_UINT: return L(8, 8, 8, 8, 4, CH_UINT);
    case DXGI_FORMAT_R8G8B8A8_SNORM: return L(8, 8, 8, 8, 4, CH_SNORM);
    case DXGI_FORMAT_R8G8B8A8_SINT: return L(8, 8, 8, 8, 4, CH_SINT);
    case DXGI_FORMAT_R16G16_FLOAT: return L(16, 16, 0, 0, 2, CH_FLOAT);
    case DXGI_FORMAT_R16G16_UNORM: return L(16, 16, 0, 0, 2, CH_UNORM);
    case DXGI_FORMAT_R16G16_UINT: return L(16, 16, 0, 0, 2, CH_UINT);
    case DXGI_FORMAT_R16G16_SNORM: return L(16, 16, 0, 0, 2, CH_SNORM);
    case DXGI_FORMAT_R16G16_SINT: return L(16, 16, 0, 0, 2, CH_SINT);
    case DXGI_FORMAT_R32_FLOAT: return L(32, 0, 0, 0, 1, CH_FLOAT);
    case DXGI_FORMAT_R32_UINT: return L(32, 0, 0, 0, 1, CH_UINT);
    case DXGI_FORMAT_R32_SINT: return L(32, 0, 0, 0, 1, CH_SINT);
    case DXGI_FORMAT_R8G8_UNORM: return L(8, 8, 0, 0, 2, CH_UNORM);
    case DXGI_FORMAT_R8G8_UINT: return L(8, 8, 0, 0, 2, CH_UINT);
    case DXGI_FORMAT_R8G8_SNORM: return L(8, 8, 0, 0, 2, CH_SNORM);
    case DXGI_FORMAT_R8G8_SINT: return L(8, 8, 0, 0, 2, CH_SINT);
    case DXGI_FORMAT_R16_FLOAT: return L(16, 0, 0, 0, 1, CH_FLOAT);
    case DXGI_FORMAT_R16_UNORM: return L(16, 0, 0, 0, 1, CH_UNORM);
    case DXGI_FORMAT_R16_UINT: return L(16, 0, 0, 0, 1, CH_UINT);
    case DXGI_FORMAT_R16_SNORM: return L(16, 0, 0, 0, 1, CH_SNORM);
    case DXGI_FORMAT_R16_SINT: return L(16, 0, 0, 0, 1, CH_SINT);
    case DXGI_FORMAT_R8_UNORM: return L(8, 0, 0, 0, 1, CH_UNORM);
    case DXGI_FORMAT_R8_UINT: return L(8, 0, 0, 0, 1, CH_UINT);
    case DXGI_FORMAT_R8_SNORM: return L(8, 0, 0, 0, 1, CH_SNORM);
    case DXGI_FORMAT_R8_SINT: return L(8, 0, 0, 0, 1, CH_SINT);
    case DXGI_FORMAT_B8G8R8A8_UNORM:
        *l = (struct texel_layout){{8, 8, 8, 8}, 4, CH_UNORM, true};
        return true;
    default:
        return false;
    }
#undef L
}

bool d11_uav_format_ok(struct d11_device *dev, DXGI_FORMAT f)
{
    struct texel_layout l;
    uint32_t w = d11_wire_format(f, NULL);
    return w && texel_layout(f, &l) &&
           (dev->tc->caps.format_features[w] & WIRE_FEAT_STORAGE) &&
           (dev->tc->caps.features & WIRE_DEVFEAT_STORAGE);
}

/* A float as a small float of `exp` exponent bits and `mant` mantissa
 * bits (a sign bit when `sign`): 16-bit halves, 11- and 10-bit floats.
 * Rounded to nearest; past the largest: infinity; NaN stays NaN. */
static uint32_t small_float(float f, unsigned exp, unsigned mant, bool sign)
{
    uint32_t bits, s, e, m, max_e = (1u << exp) - 1, bias = (1u << (exp - 1)) - 1;
    memcpy(&bits, &f, 4);
    s = bits >> 31;
    e = (bits >> 23) & 0xff;
    m = bits & 0x7fffff;
    if (!sign && s)
        return e == 0xff && m ? (max_e << mant) | 1 : 0; /* negatives: 0 */
    s = sign ? s << (exp + mant) : 0;
    if (e == 0xff)
        return s | (max_e << mant) | (m ? 1u << (mant - 1) : 0);
    int32_t ue = (int32_t)e - 127 + (int32_t)bias;
    if (ue >= (int32_t)max_e)
        return s | (max_e << mant);
    if (ue <= 0) { /* a denormal, or zero */
        if (ue < -(int32_t)mant)
            return s;
        m |= 0x800000;
        uint32_t shift = 23 - mant + 1 - (uint32_t)ue;
        uint32_t v = m >> shift, rest = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rest > half || (rest == half && (v & 1)))
            v++;
        return s | v;
    }
    uint32_t v = ((uint32_t)ue << mant) | (m >> (23 - mant));
    uint32_t rest = m & ((1u << (23 - mant)) - 1), half = 1u << (22 - mant);
    if (rest > half || (rest == half && (v & 1)))
        v++; /* may carry into the exponent, up to infinity: right */
    return s | v;
}

static void put_bits(uint8_t *texel, uint32_t at, uint32_t bits, uint64_t v)
{
    for (uint32_t i = 0; i < bits; i++, at++)
        if (v >> i & 1)
            texel[at / 8] |= (uint8_t)(1u << (at % 8));
}

uint32_t d11_uav_clear_texel(const struct d11_uav *v, const void *values, bool is_float,
                             uint8_t texel[16])
{
    const UINT *u = values;
    const FLOAT *f = values;
    struct texel_layout l;
    uint32_t at = 0;

    memset(texel, 0, 16);
    if (v->words) {
        /* Raw and structured views: words of the first value (a float's
         * bits for a float clear). */
        if (is_float)
            memcpy(texel, &f[0], 4);
        else
            memcpy(texel, &u[0], 4);
        return 4;
    }
    if (!texel_layout(v->format, &l))
        return 0;
    if (is_float && (l.kind == CH_UINT || l.kind == CH_SINT))
        return 0; /* D3D11: invalid on integer views, the call does nothing */
    for (uint32_t c = 0; c < l.count; c++) {
        uint32_t ch = l.bgra && c < 3 ? 2 - c : c; /* the value of the channel at c */
        uint32_t bits = l.bits[c];
        uint64_t x;
        if (!is_float) {
            /* Bit-precise: each value's low bits. */
            x = bits == 32 ? u[ch] : u[ch] & ((1u << bits) - 1);
        } else if (l.kind == CH_FLOAT) {
            if (bits == 32)
                memcpy(&x, &f[ch], 4), x &= 0xffffffffu;
            else
                x = small_float(f[ch], 5, bits - (bits == 16 ? 6 : 5), bits == 16);
        } else {
            double max = l.kind == CH_UNORM ? (double)((1u << bits) - 1)
                                            : (double)((1u << (bits - 1)) - 1);
            double val = f[ch] == f[ch] ? f[ch] : 0.0;
            val = l.kind == CH_UNORM ? fmin(fmax(val, 0.0), 1.0) : fmin(fmax(val, -1.0), 1.0);
            x = (uint64_t)(int64_t)lrint(val * max) & ((1ull << bits) - 1);
        }
        put_bits(texel, at, bits, x);
        at += bits;
    }
    return (at + 7) / 8;
}

/* ------------------------------------------------------------ views */

/* A view of a buffer's elements: typed ones of a format the device stores
 * in texel buffers, a structured buffer's structures (format UNKNOWN; no
 * desc: all of them), or a raw view's words (RAW, R32_TYPELESS). */
static HRESULT buffer_uav_create(struct d11_device *dev, struct d11_buffer *b,
                                 const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                                 ID3D11UnorderedAccessView **out)
{
    bool structured = (b->desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED) != 0;
    D3D11_UNORDERED_ACCESS_VIEW_DESC d = {0};
    UINT elem, bpp = 0, flags;
    uint32_t wf = WIRE_FORMAT_R32_UINT;
    bool raw;
    struct d11_uav *v;

    if (desc) {
        d = *desc;
    } else if (structured) {
        d.Format = DXGI_FORMAT_UNKNOWN;
        d.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
        d.Buffer.NumElements = b->desc.ByteWidth / b->desc.StructureByteStride;
    } else {
        return E_INVALIDARG; /* a typed or raw view names its format */
    }
    if (d.ViewDimension != D3D11_UAV_DIMENSION_BUFFER)
        return E_INVALIDARG;
    flags = d.Buffer.Flags;
    raw = flags & D3D11_BUFFER_UAV_FLAG_RAW;
    if ((flags & ~(UINT)(D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_APPEND |
                         D3D11_BUFFER_UAV_FLAG_COUNTER)) ||
        ((flags & D3D11_BUFFER_UAV_FLAG_APPEND) && (flags & D3D11_BUFFER_UAV_FLAG_COUNTER)) ||
        (raw && (flags & ~(UINT)D3D11_BUFFER_UAV_FLAG_RAW)))
        return E_INVALIDARG;
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
        if (flags || d.Format == DXGI_FORMAT_UNKNOWN || !(wf = d11_wire_format(d.Format, &bpp)) ||
            !bpp || !d11_uav_format_ok(dev, d.Format) ||
            !(dev->tc->caps.format_features[wf] & WIRE_FEAT_STORAGE_TEXEL) ||
            ((b->desc.BindFlags & D3D11_BIND_SHADER_RESOURCE) &&
             !(dev->tc->caps.format_features[wf] & WIRE_FEAT_TEXEL_BUFFER)))
            return E_INVALIDARG;
        elem = bpp;
    }
    if (!d.Buffer.NumElements ||
        (uint64_t)d.Buffer.FirstElement + d.Buffer.NumElements > b->desc.ByteWidth / elem)
        return E_INVALIDARG;
    /* Append and counter views: of structured buffers. */
    if ((flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER)) && !structured)
        return E_INVALIDARG;
    /* A view the device's texel buffers cannot start or hold is made (its
     * clears need none), and bound as an empty slot (context.c). */
    if (wire_handle_is_null(b->handle))
        return E_NOTIMPL;
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &uav_vtbl.base;
    v->desc = d;
    v->view_type = WIRE_TEX_TYPE_COUNT; /* no texture type */
    v->wire_format = wf;
    v->format = raw || structured ? DXGI_FORMAT_R32_UINT : d.Format;
    v->buf = b;
    v->offset = (uint64_t)d.Buffer.FirstElement * elem;
    v->size = (uint64_t)d.Buffer.NumElements * elem;
    v->words = raw || structured;
    /* The hidden counter of an append or counter view: a word of its own
     * on the server, 0 at first. */
    if (flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER)) {
        struct wire_create_buffer cb = {{0, 0}, 16, WIRE_BUF_STORAGE, 0};
        static const uint32_t zero[4];
        HRESULT hr = S_OK;
        pthread_mutex_lock(&dev->lock);
        cb.buffer = d11_handle_alloc(dev, WIRE_OBJ_BUFFER);
        if (wire_handle_is_null(cb.buffer))
            hr = E_OUTOFMEMORY;
        else if (dev->tc->lost || !wire_emit_CREATE_BUFFER(&dev->tc->w, &cb))
            hr = DXGI_ERROR_DEVICE_REMOVED;
        else
            v->counter = cb.buffer;
        pthread_mutex_unlock(&dev->lock);
        if (SUCCEEDED(hr))
            hr = d11_counter_write(dev, v->counter, zero[0]);
        if (FAILED(hr)) {
            d11_destroy_object(dev, WIRE_OBJ_BUFFER, v->counter);
            free(v);
            return hr;
        }
    }
    d11_child_bind(&b->c);
    d11_child_init(&v->c, dev, uav_destroy_child);
    *out = &v->iface;
    return S_OK;
}

/* A hidden counter's value (its first word), in the order of the stream. */
HRESULT d11_counter_write(struct d11_device *dev, wire_handle counter, UINT value)
{
    struct transport_client *tc = dev->tc;
    struct wire_write_buffer w = {counter, 0, 0, 4, 0, 0};
    HRESULT hr = DXGI_ERROR_DEVICE_REMOVED;
    void *stage;
    pthread_mutex_lock(&dev->lock);
    if (!tc->lost && transport_stage_alloc(tc, 4, &w.stage_offset, &stage)) {
        memcpy(stage, &value, 4);
        if (wire_emit_WRITE_BUFFER(&tc->w, &w))
            hr = S_OK;
    }
    pthread_mutex_unlock(&dev->lock);
    return hr;
}

HRESULT d11_uav_create(struct d11_device *dev, ID3D11Resource *res,
                       const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
                       ID3D11UnorderedAccessView **out)
{
    struct d11_texture *t = d11_texture_from(res);
    struct d11_buffer *b = d11_buffer_from(res);
    D3D11_UNORDERED_ACCESS_VIEW_DESC d = {0};
    uint32_t type, level, first = 0, count = 1, slices, wf;
    struct d11_uav *v;

    if (out)
        *out = NULL;
    if (!res || (!t && !b))
        return E_INVALIDARG;
    if (!((b ? b->desc.BindFlags : t->desc.BindFlags) & D3D11_BIND_UNORDERED_ACCESS))
        return E_INVALIDARG;
    if (b)
        return buffer_uav_create(dev, b, desc, out);
    if (desc) {
        d = *desc;
    } else if (d11_typeless_colour(t->desc.Format)) {
        return E_INVALIDARG; /* a typeless texture's view must name its format */
    } else {
        /* Level 0 of all of it, as what it is (a cube: its faces). */
        d.ViewDimension = t->volume        ? D3D11_UAV_DIMENSION_TEXTURE3D
                          : t->linear      ? (t->layers > 1 ? D3D11_UAV_DIMENSION_TEXTURE1DARRAY
                                                            : D3D11_UAV_DIMENSION_TEXTURE1D)
                          : t->layers > 1 ? D3D11_UAV_DIMENSION_TEXTURE2DARRAY
                                           : D3D11_UAV_DIMENSION_TEXTURE2D;
        if (t->volume)
            d.Texture3D.WSize = t->depth;
        else
            d.Texture2DArray.ArraySize = t->layers;
    }
    /* Every texture dimension begins with MipSlice; the arrays with
     * FirstArraySlice and ArraySize (a volume: FirstWSlice and WSize). */
    level = d.Texture2D.MipSlice;
    switch (d.ViewDimension) {
    case D3D11_UAV_DIMENSION_TEXTURE1D:
    case D3D11_UAV_DIMENSION_TEXTURE2D:
        if (t->volume || t->linear != (d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1D) ||
            t->layers != 1)
            return E_INVALIDARG;
        type = t->linear ? WIRE_TEX_1D : WIRE_TEX_2D;
        break;
    case D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
    case D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
        if (t->volume || t->linear != (d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE1DARRAY))
            return E_INVALIDARG;
        first = d.Texture2DArray.FirstArraySlice;
        count = d.Texture2DArray.ArraySize;
        if (count == (UINT)-1 && first < t->layers)
            count = t->layers - first;
        if (first >= t->layers || !count || count > t->layers - first)
            return E_INVALIDARG;
        type = t->linear ? WIRE_TEX_1D_ARRAY : WIRE_TEX_2D_ARRAY;
        break;
    case D3D11_UAV_DIMENSION_TEXTURE3D:
        if (!t->volume)
            return E_INVALIDARG;
        type = WIRE_TEX_3D;
        break;
    default:
        return E_INVALIDARG;
    }
    if (level >= t->levels)
        return E_INVALIDARG;
    if (type == WIRE_TEX_3D) {
        slices = d11_texture_slices(t, level);
        first = d.Texture3D.FirstWSlice;
        count = d.Texture3D.WSize == (UINT)-1 && first < slices ? slices - first
                                                                : d.Texture3D.WSize;
        if (first >= slices || !count || count > slices - first)
            return E_INVALIDARG;
    }
    if (d.Format == DXGI_FORMAT_UNKNOWN)
        d.Format = t->desc.Format;
    if (!d11_uav_format_ok(dev, t->desc.Format) && !d11_typeless_colour(t->desc.Format))
        return E_INVALIDARG; /* a texture without storage (sRGB) */
    if (!d11_view_format_ok(t, d.Format == t->desc.Format ? 0 : d.Format, false) ||
        d11_typeless_colour(d.Format) || !d11_uav_format_ok(dev, d.Format))
        return E_INVALIDARG;
    wf = d11_view_wire_format(t, d.Format);
    if (!out)
        return S_FALSE;
    if (!(v = calloc(1, sizeof(*v))))
        return E_OUTOFMEMORY;
    v->iface.lpVtbl = &uav_vtbl.base;
    v->desc = d;
    /* GetDesc answers the counts, not -1. */
    if (type == WIRE_TEX_3D)
        v->desc.Texture3D.WSize = count;
    else if (type == WIRE_TEX_1D_ARRAY || type == WIRE_TEX_2D_ARRAY)
        v->desc.Texture2DArray.ArraySize = count;
    v->view_type = type;
    v->level = level;
    v->first_layer = first;
    v->layers = count;
    v->wire_format = wf;
    v->format = d.Format;
    v->tex = t;
    d11_child_bind(&t->c);
    d11_child_init(&v->c, dev, uav_destroy_child);
    *out = &v->iface;
    return S_OK;
}
