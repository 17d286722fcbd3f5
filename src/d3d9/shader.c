/* Programmable shaders and vertex declarations: IDirect3DVertexShader9,
 * IDirect3DPixelShader9 (DXSO translated to SPIR-V by src/shader/dxso*.c,
 * cached by content hash in memory and on disk), shader constants (sent as
 * changed ranges), IDirect3DVertexDeclaration9 and stream frequencies, and
 * the vertex layout a draw needs from all of them. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"
#include "shader/dxso.h"
#include "shader/ff.h"

#include <float.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------- shader objects */

static const IDirect3DVertexShader9Vtbl vs_vtbl;
static const IDirect3DPixelShader9Vtbl ps_vtbl;

static struct d3d9_shader *shader_impl(void *iface)
{
    return (struct d3d9_shader *)iface;
}

/* Ours by a field of ours, not by the vtable, which the runtime does not
 * read (Wine's test_get_set_vertex_shader sets a bogus one and expects
 * SetVertexShader to succeed). */
#define D3D9_VS_MAGIC 0x56394e52u /* "RN9V" */
#define D3D9_PS_MAGIC 0x50394e52u /* "RN9P" */
struct d3d9_shader *d3d9_vertex_shader_from_iface(IDirect3DVertexShader9 *iface)
{
    return iface && ((struct d3d9_shader *)iface)->magic == D3D9_VS_MAGIC
               ? (struct d3d9_shader *)iface
               : NULL;
}

struct d3d9_shader *d3d9_pixel_shader_from_iface(IDirect3DPixelShader9 *iface)
{
    return iface && ((struct d3d9_shader *)iface)->magic == D3D9_PS_MAGIC
               ? (struct d3d9_shader *)iface
               : NULL;
}

static void shader_destroy(struct d3d9_shader *sh)
{
    struct d3d9_device *dev = sh->device;
    /* Nothing binds it any more (see d3d9_object_pin). */
    d3d9_live_remove(&sh->live);
    for (unsigned i = 0; i < sh->variant_count; i++)
        d3d9_device_destroy_object(dev, WIRE_OBJ_SHADER, sh->variants[i].module);
    dxso_shader_cleanup(&sh->ir);
    free(sh->code);
    *(volatile uint32_t *)&sh->magic = 0; /* a stale pointer is no shader */
    free(sh);
}

static ULONG shader_addref(void *iface);

static HRESULT shader_qi(void *iface, REFIID riid, void **out)
{
    struct d3d9_shader *sh = shader_impl(iface);
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, sh->pixel ? &IID_IDirect3DPixelShader9
                                    : &IID_IDirect3DVertexShader9) ||
        IsEqualGUID(riid, &IID_IUnknown)) {
        shader_addref(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG shader_addref(void *iface)
{
    struct d3d9_shader *sh = shader_impl(iface);
    LONG ref = __atomic_add_fetch(&sh->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref == 1)
        d3d9_device_addref(sh->device); /* back from 0: kept bound (Get*) */
    return (ULONG)ref;
}

void d3d9_shader_pin(struct d3d9_shader *sh, int delta)
{
    sh->binds += (uint32_t)delta;
    if (!sh->binds && !__atomic_load_n(&sh->refcount, __ATOMIC_SEQ_CST))
        shader_destroy(sh);
}

static ULONG shader_release(void *iface)
{
    struct d3d9_shader *sh = shader_impl(iface);
    struct d3d9_device *dev = sh->device;
    LONG ref = __atomic_sub_fetch(&sh->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        if (!sh->binds)
            shader_destroy(sh);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

static HRESULT shader_get_device(void *iface, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &shader_impl(iface)->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

/* GetFunction: the original bytecode; with a NULL buffer, its size. */
static HRESULT shader_get_function(void *iface, void *data, UINT *size)
{
    struct d3d9_shader *sh = shader_impl(iface);
    if (!size)
        return D3DERR_INVALIDCALL;
    if (!data) {
        *size = (UINT)sh->size;
        return D3D_OK;
    }
    if (*size < sh->size)
        return D3DERR_INVALIDCALL;
    memcpy(data, sh->code, sh->size);
    *size = (UINT)sh->size;
    return D3D_OK;
}

static HRESULT WINAPI vs_QueryInterface(IDirect3DVertexShader9 *i, REFIID r, void **o)
{
    return shader_qi(i, r, o);
}
static ULONG WINAPI vs_AddRef(IDirect3DVertexShader9 *i) { return shader_addref(i); }
static ULONG WINAPI vs_Release(IDirect3DVertexShader9 *i) { return shader_release(i); }
static HRESULT WINAPI vs_GetDevice(IDirect3DVertexShader9 *i, IDirect3DDevice9 **d)
{
    return shader_get_device(i, d);
}
static HRESULT WINAPI vs_GetFunction(IDirect3DVertexShader9 *i, void *d, UINT *s)
{
    return shader_get_function(i, d, s);
}
static const IDirect3DVertexShader9Vtbl vs_vtbl = {
    vs_QueryInterface, vs_AddRef, vs_Release, vs_GetDevice, vs_GetFunction,
};

static HRESULT WINAPI ps_QueryInterface(IDirect3DPixelShader9 *i, REFIID r, void **o)
{
    return shader_qi(i, r, o);
}
static ULONG WINAPI ps_AddRef(IDirect3DPixelShader9 *i) { return shader_addref(i); }
static ULONG WINAPI ps_Release(IDirect3DPixelShader9 *i) { return shader_release(i); }
static HRESULT WINAPI ps_GetDevice(IDirect3DPixelShader9 *i, IDirect3DDevice9 **d)
{
    return shader_get_device(i, d);
}
static HRESULT WINAPI ps_GetFunction(IDirect3DPixelShader9 *i, void *d, UINT *s)
{
    return shader_get_function(i, d, s);
}
static const IDirect3DPixelShader9Vtbl ps_vtbl = {
    ps_QueryInterface, ps_AddRef, ps_Release, ps_GetDevice, ps_GetFunction,
};

static HRESULT shader_create(struct d3d9_device *dev, const DWORD *fn, bool pixel,
                             struct d3d9_shader **out)
{
    struct d3d9_shader *sh;
    char err[256];
    size_t size;

    *out = NULL;
    if (!fn)
        return D3DERR_INVALIDCALL;
    /* The application gives no size: the stream ends at its END token. */
    size = dxso_scan_size(fn, 4u << 20);
    if (!size)
        return D3DERR_INVALIDCALL;
    if (!(sh = calloc(1, sizeof(*sh))) || !(sh->code = malloc(size))) {
        free(sh);
        return E_OUTOFMEMORY;
    }
    memcpy(sh->code, fn, size);
    sh->size = size;
    if (!dxso_parse(sh->code, size, &sh->ir, err, sizeof(err)) ||
        sh->ir.type != (pixel ? DXSO_PIXEL : DXSO_VERTEX)) {
        NR_WARN(SHADER, "Create%sShader refused: %s", pixel ? "Pixel" : "Vertex",
                sh->ir.ins ? "wrong shader type" : err);
        dxso_shader_cleanup(&sh->ir);
        free(sh->code);
        free(sh);
        return D3DERR_INVALIDCALL;
    }
    if (pixel)
        sh->IDirect3DPixelShader9_iface.lpVtbl = &ps_vtbl;
    else
        sh->IDirect3DVertexShader9_iface.lpVtbl = &vs_vtbl;
    sh->refcount = 1;
    sh->device = dev;
    sh->pixel = pixel;
    sh->magic = pixel ? D3D9_PS_MAGIC : D3D9_VS_MAGIC;
    d3d9_live_add(&dev->live_shaders, &sh->live);
    sh->hash = nr_hash64(sh->code, size, NR_HASH_SEED);
    if (pixel && sh->ir.major == 1)
        sh->color_outputs = 1; /* ps_1_x: r0 */
    for (size_t i = 0; i < sh->ir.ins_count; i++) {
        const struct dxso_instruction *in = &sh->ir.ins[i];
        if (in->opcode == D3DSIO_DCL && in->dst.type == D3DSPR_INPUT && !pixel &&
            sh->input_count < NR_ARRAY_SIZE(sh->inputs))
            sh->inputs[sh->input_count++] = (struct d3d9_shader_input){
                in->usage, in->usage_index, (uint8_t)in->dst.index};
        if (in->opcode == D3DSIO_DCL && in->dst.type == D3DSPR_SAMPLER && in->dst.index < 16) {
            sh->sampler_dcl |= 1u << in->dst.index;
            sh->sampler_type[in->dst.index] =
                in->sampler_type == DXSO_SAMPLER_CUBE     ? WIRE_TEX_CUBE
                : in->sampler_type == DXSO_SAMPLER_VOLUME ? WIRE_TEX_3D
                                                          : WIRE_TEX_2D;
        }
        if (in->dst_count && in->dst.type == D3DSPR_COLOROUT && in->dst.index < 4)
            sh->color_outputs |= 1u << in->dst.index;
        if (in->opcode == D3DSIO_DCL && in->dst.type == D3DSPR_OUTPUT && !pixel) {
            int loc = dxso_varying_location(in->usage, in->usage_index);
            if (loc >= 0)
                sh->varying_outputs |= 1u << loc;
        }
    }
    d3d9_device_addref(dev);
    *out = sh;
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_CreateVertexShader(IDirect3DDevice9 *iface, const DWORD *fn,
                                              IDirect3DVertexShader9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_shader *sh;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    hr = shader_create(dev, fn, false, &sh);
    *out = SUCCEEDED(hr) ? &sh->IDirect3DVertexShader9_iface : NULL;
    return hr;
}

HRESULT WINAPI d3d9_device_CreatePixelShader(IDirect3DDevice9 *iface, const DWORD *fn,
                                             IDirect3DPixelShader9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_shader *sh;
    HRESULT hr;
    if (!out)
        return D3DERR_INVALIDCALL;
    hr = shader_create(dev, fn, true, &sh);
    *out = SUCCEEDED(hr) ? &sh->IDirect3DPixelShader9_iface : NULL;
    return hr;
}

HRESULT WINAPI d3d9_device_SetVertexShader(IDirect3DDevice9 *iface,
                                           IDirect3DVertexShader9 *s)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_shader *sh = d3d9_vertex_shader_from_iface(s);
    if (s && (!sh || sh->device != dev))
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return d3d9_sb_record_vertex_shader(dev->recording, s);
    D3D9_SET_BOUND(dev, shader, &dev->vs, sh,
                   D3D9_DIRTY_SHADERS | D3D9_DIRTY_FF_VS | D3D9_DIRTY_BLOCK |
                       D3D9_DIRTY_VIEWPORT | D3D9_DIRTY_TEXTURES,
                   D3D9_SETTER_SHADER);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_GetVertexShader(IDirect3DDevice9 *iface,
                                           IDirect3DVertexShader9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = dev->vs ? &dev->vs->IDirect3DVertexShader9_iface : NULL;
    if (*out)
        IDirect3DVertexShader9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_SetPixelShader(IDirect3DDevice9 *iface,
                                          IDirect3DPixelShader9 *s)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_shader *sh = d3d9_pixel_shader_from_iface(s);
    if (s && (!sh || sh->device != dev))
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return d3d9_sb_record_pixel_shader(dev->recording, s);
    /* Textures too: an empty slot is sampled as the shader declares it;
     * and the fixed-function vertex key, whose texture coordinate sets
     * depend on whether a pixel shader reads them. */
    D3D9_SET_BOUND(dev, shader, &dev->ps, sh,
                   D3D9_DIRTY_SHADERS | D3D9_DIRTY_FF_FS | D3D9_DIRTY_FF_VS |
                       D3D9_DIRTY_BLOCK | D3D9_DIRTY_TEXTURES,
                   D3D9_SETTER_SHADER);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_GetPixelShader(IDirect3DDevice9 *iface,
                                          IDirect3DPixelShader9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = dev->ps ? &dev->ps->IDirect3DPixelShader9_iface : NULL;
    if (*out)
        IDirect3DPixelShader9_AddRef(*out);
    return D3D_OK;
}

/* --------------------------------------------------------------- constants */

/* The uniform buffer image of a stage, as the translated shaders read it:
 * c[] at 0, i[16] after the floats, b[16] (one per 16 bytes) after that. */
static void mark_constants(struct d3d9_device *dev, int stage, uint32_t lo, uint32_t hi)
{
    struct d3d9_constants *c = &dev->consts[stage];
    c->dirty_lo = NR_MIN(c->dirty_lo, lo);
    c->dirty_hi = NR_MAX(c->dirty_hi, hi);
    d3d9_mark_dirty(dev, D3D9_DIRTY_CONSTANTS, D3D9_SETTER_SHADER_CONSTANT);
}

/* Writes bytes of a stage's uniform image, marking them only if they changed. */
static void set_image(struct d3d9_device *dev, int stage, uint32_t offset,
                      const void *data, uint32_t size)
{
    if (memcmp(dev->consts[stage].image + offset, data, size)) {
        memcpy(dev->consts[stage].image + offset, data, size);
        mark_constants(dev, stage, offset, offset + size);
    }
}

static HRESULT set_f(struct d3d9_device *dev, int stage, UINT start, const float *data,
                     UINT count)
{
    UINT max = stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS;
    if (!data || start > max || count > max - start)
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return (stage ? d3d9_sb_record_ps_constants_f : d3d9_sb_record_vs_constants_f)(
            dev->recording, start, data, count);
    set_image(dev, stage, start * 16, data, count * 16);
    return D3D_OK;
}

static HRESULT get_f(struct d3d9_device *dev, int stage, UINT start, float *data, UINT count)
{
    UINT max = stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS;
    if (!data || start > max || count > max - start)
        return D3DERR_INVALIDCALL;
    memcpy(data, dev->consts[stage].image + start * 16, (size_t)count * 16);
    return D3D_OK;
}

static HRESULT set_i(struct d3d9_device *dev, int stage, UINT start, const int *data,
                     UINT count)
{
    uint32_t base = DXSO_UBO_INT_OFFSET(stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS);
    if (!data || start > 16 || count > 16 - start)
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return (stage ? d3d9_sb_record_ps_constants_i : d3d9_sb_record_vs_constants_i)(
            dev->recording, start, data, count);
    set_image(dev, stage, base + start * 16, data, count * 16);
    return D3D_OK;
}

static HRESULT get_i(struct d3d9_device *dev, int stage, UINT start, int *data, UINT count)
{
    uint32_t base = DXSO_UBO_INT_OFFSET(stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS);
    if (!data || start > 16 || count > 16 - start)
        return D3DERR_INVALIDCALL;
    memcpy(data, dev->consts[stage].image + base + start * 16, (size_t)count * 16);
    return D3D_OK;
}

static HRESULT set_b(struct d3d9_device *dev, int stage, UINT start, const BOOL *data,
                     UINT count)
{
    uint32_t base = DXSO_UBO_BOOL_OFFSET(stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS);
    if (!data || start > 16 || count > 16 - start)
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return (stage ? d3d9_sb_record_ps_constants_b : d3d9_sb_record_vs_constants_b)(
            dev->recording, start, data, count);
    for (UINT i = 0; i < count; i++) {
        uint32_t v = data[i] ? 1 : 0;
        set_image(dev, stage, base + (start + i) * 16, &v, 4);
    }
    return D3D_OK;
}

static HRESULT get_b(struct d3d9_device *dev, int stage, UINT start, BOOL *data, UINT count)
{
    uint32_t base = DXSO_UBO_BOOL_OFFSET(stage ? DXSO_PS_CONSTS : DXSO_VS_CONSTS);
    if (!data || start > 16 || count > 16 - start)
        return D3DERR_INVALIDCALL;
    for (UINT i = 0; i < count; i++) {
        uint32_t v;
        memcpy(&v, dev->consts[stage].image + base + (start + i) * 16, 4);
        data[i] = v ? TRUE : FALSE;
    }
    return D3D_OK;
}

#define CONSTANT_METHODS(Stage, stage, T, Suffix, set, get)                    \
    HRESULT WINAPI d3d9_device_Set##Stage##ShaderConstant##Suffix(              \
        IDirect3DDevice9 *iface, UINT start, const T *data, UINT count)        \
    {                                                                          \
        return set(impl_from_IDirect3DDevice9(iface), stage, start, data, count); \
    }                                                                          \
    HRESULT WINAPI d3d9_device_Get##Stage##ShaderConstant##Suffix(              \
        IDirect3DDevice9 *iface, UINT start, T *data, UINT count)              \
    {                                                                          \
        return get(impl_from_IDirect3DDevice9(iface), stage, start, data, count); \
    }
CONSTANT_METHODS(Vertex, 0, float, F, set_f, get_f)
CONSTANT_METHODS(Vertex, 0, int, I, set_i, get_i)
CONSTANT_METHODS(Vertex, 0, BOOL, B, set_b, get_b)
CONSTANT_METHODS(Pixel, 1, float, F, set_f, get_f)
CONSTANT_METHODS(Pixel, 1, int, I, set_i, get_i)
CONSTANT_METHODS(Pixel, 1, BOOL, B, set_b, get_b)

/* ------------------------------------------------------ vertex declarations */

static const IDirect3DVertexDeclaration9Vtbl decl_vtbl;

struct d3d9_vdecl *d3d9_vdecl_from_iface(IDirect3DVertexDeclaration9 *iface)
{
    return iface && d3d9_base_vtbl(iface->lpVtbl) == (const void *)&decl_vtbl
               ? (struct d3d9_vdecl *)iface
               : NULL;
}

static HRESULT WINAPI decl_QueryInterface(IDirect3DVertexDeclaration9 *iface,
                                          REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DVertexDeclaration9) ||
        IsEqualGUID(riid, &IID_IUnknown)) {
        IDirect3DVertexDeclaration9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI decl_AddRef(IDirect3DVertexDeclaration9 *iface)
{
    struct d3d9_vdecl *d = d3d9_vdecl_from_iface(iface);
    LONG ref = __atomic_add_fetch(&d->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref == 1)
        d3d9_device_addref(d->device); /* back from 0: kept bound (Get*) */
    return (ULONG)ref;
}

static void decl_destroy(struct d3d9_vdecl *d)
{
    free(d->elements);
    free(d);
}

void d3d9_vdecl_pin(struct d3d9_vdecl *d, int delta)
{
    d->binds += (uint32_t)delta;
    if (!d->binds && !__atomic_load_n(&d->refcount, __ATOMIC_SEQ_CST))
        decl_destroy(d);
}

static ULONG WINAPI decl_Release(IDirect3DVertexDeclaration9 *iface)
{
    struct d3d9_vdecl *d = d3d9_vdecl_from_iface(iface);
    struct d3d9_device *dev = d->device;
    LONG ref = __atomic_sub_fetch(&d->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        if (!d->binds)
            decl_destroy(d);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

static HRESULT WINAPI decl_GetDevice(IDirect3DVertexDeclaration9 *iface,
                                     IDirect3DDevice9 **out)
{
    struct d3d9_vdecl *d = d3d9_vdecl_from_iface(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &d->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI decl_GetDeclaration(IDirect3DVertexDeclaration9 *iface,
                                          D3DVERTEXELEMENT9 *elements, UINT *count)
{
    struct d3d9_vdecl *d = d3d9_vdecl_from_iface(iface);
    if (!count)
        return D3DERR_INVALIDCALL;
    if (elements)
        memcpy(elements, d->elements, d->count * sizeof(*elements));
    *count = d->count;
    return D3D_OK;
}

static const IDirect3DVertexDeclaration9Vtbl decl_vtbl = {
    decl_QueryInterface, decl_AddRef, decl_Release, decl_GetDevice, decl_GetDeclaration,
};

/* Wire formats of D3DDECLTYPE, as shaders read them (floats) and, for the
 * fixed-function blend indices, as integers. */
static uint32_t decl_format(BYTE type, uint32_t *size)
{
    static const struct { uint32_t format, size; } t[] = {
        [D3DDECLTYPE_FLOAT1] = {WIRE_FORMAT_R32_SFLOAT, 4},
        [D3DDECLTYPE_FLOAT2] = {WIRE_FORMAT_R32G32_SFLOAT, 8},
        [D3DDECLTYPE_FLOAT3] = {WIRE_FORMAT_R32G32B32_SFLOAT, 12},
        [D3DDECLTYPE_FLOAT4] = {WIRE_FORMAT_R32G32B32A32_SFLOAT, 16},
        [D3DDECLTYPE_D3DCOLOR] = {WIRE_FORMAT_B8G8R8A8_UNORM, 4},
        [D3DDECLTYPE_UBYTE4] = {WIRE_FORMAT_R8G8B8A8_USCALED, 4},
        [D3DDECLTYPE_SHORT2] = {WIRE_FORMAT_R16G16_SSCALED, 4},
        [D3DDECLTYPE_SHORT4] = {WIRE_FORMAT_R16G16B16A16_SSCALED, 8},
        [D3DDECLTYPE_UBYTE4N] = {WIRE_FORMAT_R8G8B8A8_UNORM, 4},
        [D3DDECLTYPE_SHORT2N] = {WIRE_FORMAT_R16G16_SNORM, 4},
        [D3DDECLTYPE_SHORT4N] = {WIRE_FORMAT_R16G16B16A16_SNORM, 8},
        [D3DDECLTYPE_USHORT2N] = {WIRE_FORMAT_R16G16_UNORM, 4},
        [D3DDECLTYPE_USHORT4N] = {WIRE_FORMAT_R16G16B16A16_UNORM, 8},
        [D3DDECLTYPE_UDEC3] = {WIRE_FORMAT_A2B10G10R10_USCALED, 4},
        [D3DDECLTYPE_DEC3N] = {WIRE_FORMAT_A2B10G10R10_SNORM, 4},
        [D3DDECLTYPE_FLOAT16_2] = {WIRE_FORMAT_R16G16_SFLOAT, 4},
        [D3DDECLTYPE_FLOAT16_4] = {WIRE_FORMAT_R16G16B16A16_SFLOAT, 8},
    };
    if (type >= NR_ARRAY_SIZE(t) || !t[type].format)
        return 0;
    *size = t[type].size;
    return t[type].format;
}

HRESULT WINAPI d3d9_device_CreateVertexDeclaration(IDirect3DDevice9 *iface,
                                                   const D3DVERTEXELEMENT9 *e,
                                                   IDirect3DVertexDeclaration9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    static uint32_t serial;
    struct d3d9_vdecl *d;
    UINT n = 0;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!e)
        return D3DERR_INVALIDCALL;
    for (; e[n].Stream != 0xff; n++) {
        uint32_t size;
        /* An element of type UNUSED outside D3DDECL_END: E_FAIL, as on
         * Windows (Wine's device test_unused_declaration_type). */
        if (e[n].Type == D3DDECLTYPE_UNUSED || e[n].Offset % 4)
            return E_FAIL; /* so is an offset off 4 bytes (the same test) */
        if (n >= 64 || e[n].Stream >= D3D9_MAX_STREAMS || !decl_format(e[n].Type, &size) ||
            e[n].Method != D3DDECLMETHOD_DEFAULT || e[n].Usage > D3DDECLUSAGE_SAMPLE ||
            e[n].UsageIndex > 15 || e[n].Offset + size > 2048)
            return D3DERR_INVALIDCALL;
    }
    if (!(d = calloc(1, sizeof(*d))) ||
        !(d->elements = malloc((n + 1) * sizeof(*d->elements)))) {
        free(d);
        return E_OUTOFMEMORY;
    }
    memcpy(d->elements, e, (n + 1) * sizeof(*e));
    d->count = n + 1;
    d->IDirect3DVertexDeclaration9_iface.lpVtbl = &decl_vtbl;
    d->refcount = 1;
    d->device = dev;
    d->id = __atomic_add_fetch(&serial, 1, __ATOMIC_SEQ_CST);
    d3d9_device_addref(dev);
    *out = &d->IDirect3DVertexDeclaration9_iface;
    return D3D_OK;
}

/* The FVF GetFVF answers after SetVertexDeclaration: Windows names one
 * only for a declaration of a single position, XYZ (FLOAT3) or XYZRHW
 * (FLOAT4 POSITIONT), 0 for every other (Wine's test_fvf_decl_conversion,
 * on Windows). */
DWORD d3d9_vdecl_fvf(const struct d3d9_vdecl *d)
{
    const D3DVERTEXELEMENT9 *e = &d->elements[0];
    if (d->count != 2 || e->Stream || e->Offset || e->UsageIndex)
        return 0;
    if (e->Usage == D3DDECLUSAGE_POSITION && e->Type == D3DDECLTYPE_FLOAT3)
        return D3DFVF_XYZ;
    if (e->Usage == D3DDECLUSAGE_POSITIONT && e->Type == D3DDECLTYPE_FLOAT4)
        return D3DFVF_XYZRHW;
    return 0;
}

HRESULT WINAPI d3d9_device_SetVertexDeclaration(IDirect3DDevice9 *iface,
                                                IDirect3DVertexDeclaration9 *decl)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_vdecl *d = d3d9_vdecl_from_iface(decl);
    if (decl && (!d || d->device != dev))
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return d3d9_sb_record_vertex_declaration(dev->recording, decl);
    D3D9_SET_BOUND(dev, vdecl, &dev->decl, d,
                   D3D9_DIRTY_BLOCK | D3D9_DIRTY_FF_VS | D3D9_DIRTY_SHADERS |
                       D3D9_DIRTY_VIEWPORT,
                   D3D9_SETTER_SHADER);
    /* A declaration replaces the FVF (GetFVF then answers 0). */
    if (d && D3D9_SET(dev, dev->fvf, 0, D3D9_DIRTY_BLOCK | D3D9_DIRTY_FF_VS, D3D9_SETTER_SHADER))
        dev->fvf_size = 0;
    return D3D_OK;
}

/* The declaration D3D9 makes of an FVF (what GetVertexDeclaration answers
 * after SetFVF), element for element as the runtime lays it out, its
 * quirks included (Wine's device tests check them against Windows). */
static UINT fvf_elements(DWORD fvf, D3DVERTEXELEMENT9 *e)
{
    UINT n = 0, off = 0;
    DWORD pos = fvf & D3DFVF_POSITION_MASK;
    DWORD last = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
    static const BYTE float_types[] = {0, D3DDECLTYPE_FLOAT1, D3DDECLTYPE_FLOAT2,
                                       D3DDECLTYPE_FLOAT3, D3DDECLTYPE_FLOAT4};
#define ELEM(type, usage, index, size)                                                       \
    do {                                                                                       \
        e[n++] = (D3DVERTEXELEMENT9){0, (WORD)off, (BYTE)(type), D3DDECLMETHOD_DEFAULT,        \
                                     (BYTE)(usage), (BYTE)(index)};                            \
        off += (size);                                                                         \
    } while (0)

    if (pos == D3DFVF_XYZRHW)
        ELEM(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITIONT, 0, 16);
    else if (pos == D3DFVF_XYZW)
        ELEM(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITION, 0, 16);
    else if (pos)
        ELEM(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION, 0, 12);
    if (pos >= D3DFVF_XYZB1 && pos <= D3DFVF_XYZB5) {
        UINT betas = (pos - D3DFVF_XYZB1) / 2 + 1;
        UINT weights = last ? betas - 1 : betas;
        if (betas == 5 && !last) {
            ELEM(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_BLENDWEIGHT, 0, 16);
            ELEM(D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        } else if (betas == 2 && last == D3DFVF_LASTBETA_D3DCOLOR) {
            /* The runtime's own layout of this one. */
            ELEM(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_BLENDWEIGHT, 0, 4);
            ELEM(D3DDECLTYPE_UBYTE4, D3DDECLUSAGE_BLENDINDICES, 0, 4);
        } else {
            if (weights)
                ELEM(float_types[NR_MIN(weights, 4u)], D3DDECLUSAGE_BLENDWEIGHT, 0, 4 * weights);
            if (last)
                ELEM(last == D3DFVF_LASTBETA_UBYTE4 ? D3DDECLTYPE_UBYTE4 : D3DDECLTYPE_D3DCOLOR,
                     D3DDECLUSAGE_BLENDINDICES, 0, 4);
        }
    }
    if (fvf & D3DFVF_NORMAL)
        ELEM(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL, 0, 12);
    if (fvf & D3DFVF_PSIZE)
        ELEM(D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_PSIZE, 0, 4);
    if (fvf & D3DFVF_DIFFUSE)
        ELEM(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 0, 4);
    if (fvf & D3DFVF_SPECULAR)
        ELEM(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 1, 4);
    for (UINT t = 0; t < ((fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT) && t < 8; t++) {
        /* D3DFVF_TEXCOORDSIZEn: 0 = 2 floats, 1 = 3, 2 = 4, 3 = 1. */
        static const UINT dims[4] = {2, 3, 4, 1};
        UINT d = dims[(fvf >> (16 + 2 * t)) & 3];
        ELEM(float_types[d], D3DDECLUSAGE_TEXCOORD, t, 4 * d);
    }
#undef ELEM
    e[n] = (D3DVERTEXELEMENT9)D3DDECL_END();
    return n;
}

HRESULT WINAPI d3d9_device_GetVertexDeclaration(IDirect3DDevice9 *iface,
                                                IDirect3DVertexDeclaration9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    if (!dev->decl && dev->fvf) {
        /* SetFVF sets the declaration made of the FVF, whose contents are
         * the runtime's: one object an FVF, the same at every call. */
        D3DVERTEXELEMENT9 e[24];
        HRESULT hr;
        for (unsigned i = 0; i < dev->fvf_decl_count; i++)
            if (dev->fvf_decls[i].fvf == dev->fvf) {
                *out = &dev->fvf_decls[i].decl->IDirect3DVertexDeclaration9_iface;
                IDirect3DVertexDeclaration9_AddRef(*out);
                return D3D_OK;
            }
        fvf_elements(dev->fvf, e);
        hr = d3d9_device_CreateVertexDeclaration(iface, e, out);
        if (SUCCEEDED(hr) && dev->fvf_decl_count < NR_ARRAY_SIZE(dev->fvf_decls)) {
            struct d3d9_vdecl *d = d3d9_vdecl_from_iface(*out);
            d3d9_vdecl_pin(d, 1);
            dev->fvf_decls[dev->fvf_decl_count].fvf = dev->fvf;
            dev->fvf_decls[dev->fvf_decl_count++].decl = d;
        }
        return hr;
    }
    *out = dev->decl ? &dev->decl->IDirect3DVertexDeclaration9_iface : NULL;
    if (*out)
        IDirect3DVertexDeclaration9_AddRef(*out);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_SetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                               UINT setting)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    UINT kind = setting & (D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA);
    UINT n = setting & 0x3fffffff;

    /* A count of 0 is taken with a kind bit, as Windows takes it (Wine's
     * visual stream_test); a plain frequency of 0 is not. */
    if (stream >= D3D9_MAX_STREAMS || (!n && !kind) ||
        kind == (D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA) ||
        (stream == 0 && kind == D3DSTREAMSOURCE_INSTANCEDATA))
        return D3DERR_INVALIDCALL;
    /* Instance data steps once per instance: a divisor above 1 needs
     * VK_EXT_vertex_attribute_divisor, not used yet. */
    if (kind == D3DSTREAMSOURCE_INSTANCEDATA && n > 1)
        return D3DERR_NOTAVAILABLE;
    if (dev->recording)
        return d3d9_sb_record_stream_source_freq(dev->recording, stream, setting);
    D3D9_SET(dev, dev->streams[stream].freq, setting, D3D9_DIRTY_BLOCK,
             D3D9_SETTER_STREAM_SOURCE);
    return D3D_OK;
}

HRESULT WINAPI d3d9_device_GetStreamSourceFreq(IDirect3DDevice9 *iface, UINT stream,
                                               UINT *setting)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (stream >= D3D9_MAX_STREAMS || !setting)
        return D3DERR_INVALIDCALL;
    *setting = dev->streams[stream].freq;
    return D3D_OK;
}

/* ------------------------------------------------------------ the layout */

/* The fixed-function input location of a declaration element. */
/* How many components a D3DDECLTYPE gives a shader (FLOAT1 (0) to
 * FLOAT16_4 (16)); 4 for anything else. */
static unsigned decl_type_components(BYTE type)
{
    static const uint8_t n[17] = {1, 2, 3, 4, 4, 4, 2, 4, 4, 2, 4, 2, 4, 3, 3, 2, 4};
    return type < NR_ARRAY_SIZE(n) ? n[type] : 4;
}

static int ff_location(BYTE usage, BYTE index)
{
    switch (usage) {
    case D3DDECLUSAGE_POSITION: case D3DDECLUSAGE_POSITIONT:
        return index ? -1 : FF_LOC_POSITION;
    case D3DDECLUSAGE_BLENDWEIGHT: return index ? -1 : FF_LOC_BLENDWEIGHT;
    case D3DDECLUSAGE_BLENDINDICES: return index ? -1 : FF_LOC_BLENDINDICES;
    case D3DDECLUSAGE_NORMAL: return index ? -1 : FF_LOC_NORMAL;
    case D3DDECLUSAGE_PSIZE: return index ? -1 : FF_LOC_PSIZE;
    case D3DDECLUSAGE_COLOR: return index < 2 ? FF_LOC_DIFFUSE + index : -1;
    case D3DDECLUSAGE_TEXCOORD: return index < 8 ? FF_LOC_TEXCOORD0 + index : -1;
    default: return -1;
    }
}

static uint32_t instance_mask(struct d3d9_device *dev)
{
    uint32_t m = 0;
    for (unsigned i = 1; i < D3D9_MAX_STREAMS; i++)
        if (dev->streams[i].freq & D3DSTREAMSOURCE_INSTANCEDATA)
            m |= 1u << i;
    return (dev->streams[0].freq & D3DSTREAMSOURCE_INDEXEDDATA) ? m : 0;
}

/* The vertex layout of the next draw: from the FVF or the declaration, for
 * the fixed-function inputs or the vertex shader's dcls.  With a
 * fixed-function vertex pipeline it also fills k's vertex-layout fields. */
bool d3d9_current_layout(struct d3d9_device *dev, struct d3d9_vertex_layout *l,
                         struct ff_vs_key *k, const char **why)
{
    struct ff_vs_key scratch;
    const struct d3d9_vdecl *d = dev->decl;

    if (!k)
        k = &scratch;
    dev->vs_zero_inputs = 0;
    if (!d) {
        if (!d3d9_fvf_layout(dev->fvf, l, k)) {
            *why = "an FVF without a position";
            return false;
        }
        if (dev->vs) {
            /* FVF components feed a shader by their usage. */
            struct d3d9_vertex_layout ff = *l;
            l->count = 0;
            for (unsigned i = 0; i < dev->vs->input_count; i++) {
                const struct d3d9_shader_input *in = &dev->vs->inputs[i];
                int loc = ff_location(in->usage, in->usage_index);
                unsigned j;
                for (j = 0; j < ff.count; j++)
                    if ((int)ff.attrs[j].location == loc)
                        break;
                if (loc < 0 || j == ff.count) {
                    /* Not fed: it reads zero (vs_options). */
                    dev->vs_zero_inputs |= (uint16_t)(1u << (in->reg & 15));
                    continue;
                }
                l->attrs[l->count] = ff.attrs[j];
                l->attrs[l->count].location = in->reg;
                l->count++;
            }
        }
        l->binding_count = 1;
        l->instance_bindings = 0;
        return true;
    }
    memset(l, 0, sizeof(*l));
    memset(k, 0, sizeof(*k));
    k->position = FF_POS_XYZ;
    l->instance_bindings = instance_mask(dev);
    for (UINT i = 0; i + 1 < d->count; i++) {
        const D3DVERTEXELEMENT9 *e = &d->elements[i];
        uint32_t size = 0, format = decl_format(e->Type, &size);
        int loc = -1;

        if (dev->vs) {
            for (unsigned j = 0; j < dev->vs->input_count; j++)
                if (dev->vs->inputs[j].usage == e->Usage &&
                    dev->vs->inputs[j].usage_index == e->UsageIndex)
                    loc = dev->vs->inputs[j].reg;
        } else {
            loc = ff_location(e->Usage, e->UsageIndex);
            if (loc == FF_LOC_BLENDINDICES && e->Type == D3DDECLTYPE_UBYTE4)
                format = WIRE_FORMAT_R8G8B8A8_UINT;
            switch (loc) {
            case FF_LOC_POSITION:
                k->position = e->Usage == D3DDECLUSAGE_POSITIONT ? FF_POS_XYZRHW
                              : e->Type == D3DDECLTYPE_FLOAT4    ? FF_POS_XYZW
                                                                 : FF_POS_XYZ;
                break;
            case FF_LOC_NORMAL: k->has_normal = 1; break;
            case FF_LOC_PSIZE: k->has_psize = 1; break;
            case FF_LOC_DIFFUSE: k->has_diffuse = 1; break;
            case FF_LOC_SPECULAR: k->has_specular = 1; break;
            case FF_LOC_BLENDINDICES:
                k->last_beta = e->Type == D3DDECLTYPE_UBYTE4 ? FF_LASTBETA_UBYTE4
                                                            : FF_LASTBETA_D3DCOLOR;
                break;
            default:
                if (loc >= FF_LOC_TEXCOORD0) {
                    unsigned t = (unsigned)loc - FF_LOC_TEXCOORD0;
                    uint8_t dim = (uint8_t)(size / 4 ? size / 4 : 1);
                    if (e->Type == D3DDECLTYPE_D3DCOLOR || e->Type == D3DDECLTYPE_UBYTE4 ||
                        e->Type == D3DDECLTYPE_UBYTE4N)
                        dim = 4;
                    k->texcoord_dim[t] = NR_MIN(dim, (uint8_t)4);
                    k->texcoord_count = (uint8_t)NR_MAX(k->texcoord_count, t + 1);
                }
                break;
            }
        }
        if (loc < 0)
            continue; /* an element nobody reads */
        l->attrs[l->count++] = (struct wire_vertex_attr){(uint32_t)loc, e->Stream, format,
                                                        e->Offset};
        l->binding_count = NR_MAX(l->binding_count, e->Stream + 1u);
    }
    if (!dev->vs) {
        /* Blend weights: XYZBn from the weight element's width (not for
         * pre-transformed positions, which nothing blends). */
        for (UINT i = 0; i + 1 < d->count && k->position != FF_POS_XYZRHW; i++)
            if (d->elements[i].Usage == D3DDECLUSAGE_BLENDWEIGHT) {
                /* Components, not bytes: a D3DCOLOR element is four
                 * weights (Wine's visual test_vertex_blending). */
                unsigned n = decl_type_components(d->elements[i].Type);
                k->position = (uint8_t)(FF_POS_XYZB1 + NR_MIN(n, 4u) - 1 +
                                        (k->last_beta ? 1 : 0));
            }
    } else {
        /* Every input the shader declares needs an element. */
        for (unsigned j = 0; j < dev->vs->input_count; j++) {
            bool found = false;
            for (unsigned a = 0; a < l->count; a++)
                found |= l->attrs[a].location == dev->vs->inputs[j].reg;
            if (!found) /* it reads zero (vs_options) */
                dev->vs_zero_inputs |= (uint16_t)(1u << (dev->vs->inputs[j].reg & 15));
        }
    }
    for (unsigned b = 0; b < l->binding_count; b++)
        l->strides[b] = 0;
    return true;
}

/* --------------------------------------------------------- modules and data */

/* A variant's module, if it was made already. */
static bool variant_lookup(const struct d3d9_shader *sh, const struct dxso_spirv_options *o,
                           wire_handle *out)
{
    uint64_t oh = nr_hash64(o, sizeof(*o), NR_HASH_SEED);
    for (unsigned i = 0; i < sh->variant_count; i++)
        if (sh->variants[i].options_hash == oh) {
            *out = sh->variants[i].module;
            return true;
        }
    return false;
}

/* The wire's copy of the translation options (no pointers in it). */
static void options_to_wire(const struct dxso_spirv_options *o, struct wire_shader_options *w)
{
    memset(w, 0, sizeof(*w));
    memcpy(w->sampler_type, o->sampler_type, sizeof(w->sampler_type));
    memcpy(w->ps1x_projected, o->ps1x_projected, sizeof(w->ps1x_projected));
    w->ps1x_max_value = o->ps1x_max_value;
    w->alpha_func = o->alpha_func;
    w->fog_table_mode = o->fog_table_mode;
    w->fog_vertex = o->fog_vertex;
    w->fog_w = o->fog_w;
    w->srgb_write = o->srgb_write;
    w->force_point_size = o->force_point_size;
    w->point_sprite = o->point_sprite;
    w->shadow_samplers = o->shadow_samplers;
    w->zero_inputs = o->zero_inputs;
    w->unfed_varyings = o->unfed_varyings;
    w->flat_colors = o->flat_colors;
    w->clip_planes = o->clip_planes;
    w->srgb_samplers = o->srgb_samplers;
}

/* A variant's module: the bytecode and its options cross the wire once per
 * variant and the server translates (the API thread translates nothing). */
static bool variant_module(struct d3d9_device *dev, struct d3d9_shader *sh,
                           const struct dxso_spirv_options *opts, wire_handle *out)
{
    uint64_t oh = nr_hash64(opts, sizeof(*opts), NR_HASH_SEED);
    struct wire_create_shader cs;
    void *p;

    if (variant_lookup(sh, opts, out))
        return true;
    cs = (struct wire_create_shader){
        .shader = d3d9_handle_alloc(dev, WIRE_OBJ_SHADER),
        .stage = sh->pixel ? WIRE_STAGE_FRAGMENT : WIRE_STAGE_VERTEX,
        .source = WIRE_SHADER_DXSO,
        .size = (uint32_t)sh->size,
    };
    options_to_wire(opts, &cs.options);
    if (!transport_stage_alloc(dev->tc, cs.size, &cs.stage_offset, &p))
        return false;
    memcpy(p, sh->code, cs.size);
    if (!wire_emit_CREATE_SHADER(&dev->tc->w, &cs))
        return false;
    if (sh->variant_count == NR_ARRAY_SIZE(sh->variants)) {
        /* Full: the oldest variant's module goes. */
        d3d9_device_destroy_object(dev, WIRE_OBJ_SHADER, sh->variants[0].module);
        memmove(sh->variants, sh->variants + 1, sizeof(sh->variants) - sizeof(sh->variants[0]));
        sh->variant_count--;
    }
    sh->variants[sh->variant_count].options_hash = oh;
    sh->variants[sh->variant_count].module = cs.shader;
    sh->variant_count++;
    *out = cs.shader;
    return true;
}

static bool send_constant_range(struct d3d9_device *dev, int stage, uint32_t total)
{
    struct d3d9_constants *c = &dev->consts[stage];
    struct wire_set_uniforms u;
    void *p;

    if (c->dirty_hi <= c->dirty_lo)
        return true;
    c->dirty_hi = NR_MIN(c->dirty_hi, total);
    u = (struct wire_set_uniforms){.stage = stage ? WIRE_STAGE_FRAGMENT : WIRE_STAGE_VERTEX,
                                   .offset = c->dirty_lo, .size = c->dirty_hi - c->dirty_lo,
                                   .total = total};
    if (!transport_stage_alloc(dev->tc, u.size, &u.stage_offset, &p))
        return false;
    memcpy(p, c->image + c->dirty_lo, u.size);
    if (!wire_emit_SET_UNIFORMS(&dev->tc->w, &u))
        return false;
    if (c->sent)
        memcpy(c->sent + c->dirty_lo, c->image + c->dirty_lo, u.size);
    c->dirty_lo = UINT32_MAX;
    c->dirty_hi = 0;
    return true;
}

/* Chooses the shader modules and sends the constants for programmable
 * stages; the fixed-function stages are ffp.c's. */
static float rs_float(struct d3d9_device *dev, D3DRENDERSTATETYPE s)
{
    float f;
    memcpy(&f, &dev->render_states[s], 4);
    return f;
}

/* The translation options of the bound vertex shader: what of the device
 * state its SPIR-V depends on. */
static void vs_options(struct d3d9_device *dev, struct dxso_spirv_options *o)
{
    memset(o, 0, sizeof(*o));
    /* Point lists need a size: D3DRS_POINTSIZE where the shader has none. */
    o->force_point_size = true;
    /* The vertex samplers are the device's slots 16..19. */
    for (unsigned s = 0; s < 4; s++)
        if (dev->samp[16 + s][D3DSAMP_SRGBTEXTURE])
            o->srgb_samplers |= (uint16_t)(1u << s);
    /* User clip planes, in clip space for shaders, where the device has
     * clip distances (MaxUserClipPlanes says so otherwise). */
    if (dev->tc->caps.features & WIRE_DEVFEAT_CLIP_DISTANCE)
        o->clip_planes = (uint8_t)(dev->render_states[D3DRS_CLIPPLANEENABLE] & 0x3f);
    /* Inputs the declaration or FVF leaves unfed read zero. */
    {
        struct d3d9_vertex_layout l;
        const char *why;
        if (d3d9_current_layout(dev, &l, NULL, &why))
            o->zero_inputs = dev->vs_zero_inputs;
    }
}

static bool fog_applies(struct d3d9_device *dev)
{
    return dev->render_states[D3DRS_FOGENABLE] && dev->ps->ir.major < 3;
}

/* How many components the current vertex input gives texture coordinate
 * set `set`: 4 where it has none. */
static unsigned texcoord_width(struct d3d9_device *dev, unsigned set)
{
    if (dev->decl) {
        for (UINT i = 0; i + 1 < dev->decl->count; i++) {
            const D3DVERTEXELEMENT9 *e = &dev->decl->elements[i];
            if (e->Usage == D3DDECLUSAGE_TEXCOORD && e->UsageIndex == set)
                return decl_type_components(e->Type);
        }
        return 4;
    }
    if (set < ((dev->fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT)) {
        /* D3DFVF_TEXCOORDSIZEn: 0 -> 2 floats, 1 -> 3, 2 -> 4, 3 -> 1. */
        static const uint8_t fvf_widths[4] = {2, 3, 4, 1};
        return fvf_widths[(dev->fvf >> (16 + 2 * set)) & 3];
    }
    return 4;
}

/* The same for the bound pixel shader. */
static void ps_options(struct d3d9_device *dev, struct dxso_spirv_options *o)
{
    const DWORD *rs = dev->render_states;
    memset(o, 0, sizeof(*o));
    for (unsigned s = 0; s < 16; s++)
        if (dev->textures[s] && !(dev->ps->sampler_dcl & (1u << s))) {
            enum wire_texture_type t = d3d9_texture_type(dev->textures[s]);
            o->sampler_type[s] = t == WIRE_TEX_CUBE ? DXSO_SAMPLER_CUBE
                                 : t == WIRE_TEX_3D ? DXSO_SAMPLER_VOLUME
                                                    : DXSO_SAMPLER_2D;
        }
    /* ps_1_1..1_3 project where D3DTTFF_PROJECTED is set.  After a vertex
     * shader the divisor is w.  After fixed-function vertex processing it
     * is the last component the count names. A count of 0 or one past what
     * the input gives the set is the input's own width (Windows drivers do
     * this, and Wine's visual projected_textures_test checks it). A
     * divisor inside the texture's own coordinates projects nothing. */
    for (unsigned s = 0; s < 8 && dev->ps->ir.major == 1; s++) {
        DWORD ttff = dev->tss[s][D3DTSS_TEXTURETRANSFORMFLAGS];
        unsigned count = 4, dims;
        if (!(ttff & D3DTTFF_PROJECTED))
            continue;
        if (!dev->vs) {
            unsigned width = texcoord_width(dev, dev->tss[s][D3DTSS_TEXCOORDINDEX] & 7);
            DWORD n = ttff & ~(DWORD)D3DTTFF_PROJECTED;
            count = !n || n > width ? width : n;
        }
        dims = o->sampler_type[s] == DXSO_SAMPLER_2D || !o->sampler_type[s] ? 2 : 3;
        if (count > dims)
            o->ps1x_projected[s] = (uint8_t)count;
    }
    o->ps1x_max_value = FLT_MAX; /* what the caps report: no clamp */
    /* ps_3_0 inputs nothing before it writes: the fixed-function vertex
     * stage and vs_1/2 write COLOR 0-1, TEXCOORD 0-7 and FOG (locations
     * 0-10), a vs_3_0 what it declares. */
    if (dev->ps->ir.major >= 3)
        o->unfed_varyings = ~(dev->vs && dev->vs->ir.major >= 3 ? dev->vs->varying_outputs
                                                                : 0x7ffu);
    o->point_sprite = rs[D3DRS_POINTSPRITEENABLE] != 0;
    o->flat_colors = rs[D3DRS_SHADEMODE] == D3DSHADE_FLAT;
    for (unsigned s = 0; s < 16; s++)
        if (d3d9_shadow_slot(dev, s))
            o->shadow_samplers |= (uint16_t)(1u << s);
    /* The fixed-function steps D3D9 applies after a pixel shader. */
    if (rs[D3DRS_ALPHATESTENABLE])
        o->alpha_func = (uint8_t)NR_MIN(NR_MAX(rs[D3DRS_ALPHAFUNC], 1u), 8u);
    o->srgb_write = d3d9_srgb_write(dev);
    for (unsigned s = 0; s < 16; s++)
        if (dev->samp[s][D3DSAMP_SRGBTEXTURE])
            o->srgb_samplers |= (uint16_t)(1u << s);
    if (fog_applies(dev)) {
        const D3DMATRIX *proj = &dev->transforms[D3DTS_PROJECTION];
        if (rs[D3DRS_FOGTABLEMODE] != D3DFOG_NONE)
            o->fog_table_mode = (uint8_t)NR_MIN(rs[D3DRS_FOGTABLEMODE], 3u);
        else
            o->fog_vertex = !dev->vs || dev->vs->ir.major < 3; /* vs_3_0 has no oFog */
        o->fog_w = proj->_14 != 0.0f || proj->_24 != 0.0f || proj->_34 != 0.0f ||
                   proj->_44 != 1.0f;
    }
}

/* Uniform data the translated shaders read that comes from other state
 * than the constants: the point size (vertex), fog and the ps_1_x bump
 * matrices (pixel).  `put` stores a range: set_image when flushing, a
 * comparison with what the server has in the check mode. */
typedef void (*put_fn)(struct d3d9_device *dev, int stage, uint32_t offset,
                       const void *data, uint32_t size);
static void derived_constants(struct d3d9_device *dev, int stage, put_fn put)
{
    if (stage == 0) {
        float point[4] = {rs_float(dev, D3DRS_POINTSIZE), rs_float(dev, D3DRS_POINTSIZE_MIN),
                          rs_float(dev, D3DRS_POINTSIZE_MAX), 0.0f};
        put(dev, 0, DXSO_VS_UBO_POINT_OFFSET, point, sizeof(point));
        put(dev, 0, DXSO_VS_UBO_CLIP_OFFSET, dev->clip_planes, sizeof(dev->clip_planes));
        return;
    }
    if (fog_applies(dev)) {
        DWORD fc = dev->render_states[D3DRS_FOGCOLOR];
        float color[4] = {((fc >> 16) & 0xff) / 255.0f, ((fc >> 8) & 0xff) / 255.0f,
                          (fc & 0xff) / 255.0f, 1.0f};
        float fog[4];
        d3d9_table_fog(dev, fog);
        put(dev, 1, DXSO_PS_UBO_FOG_COLOR_OFFSET, color, sizeof(color));
        put(dev, 1, DXSO_PS_UBO_FOG_OFFSET, fog, sizeof(fog));
    }
    /* ps_1_x bump mapping reads the stage states through the buffer. */
    for (unsigned s = 0; s < 8; s++) {
        float m[4], lum[4] = {0};
        for (int i = 0; i < 4; i++)
            memcpy(&m[i], &dev->tss[s][D3DTSS_BUMPENVMAT00 + i], 4);
        memcpy(&lum[0], &dev->tss[s][D3DTSS_BUMPENVLSCALE], 4);
        memcpy(&lum[1], &dev->tss[s][D3DTSS_BUMPENVLOFFSET], 4);
        put(dev, 1, DXSO_PS_UBO_BUMPENV_MAT_OFFSET + s * 16, m, 16);
        put(dev, 1, DXSO_PS_UBO_BUMPENV_LUM_OFFSET + s * 16, lum, 16);
    }
}

HRESULT d3d9_shader_flush(struct d3d9_device *dev, const char **why)
{
    if (dev->vs) {
        struct dxso_spirv_options o;
        wire_handle h;
        vs_options(dev, &o);
        derived_constants(dev, 0, set_image);
        if (!variant_module(dev, dev->vs, &o, &h)) {
            *why = "the session is gone";
            return D3DERR_DEVICELOST;
        }
        if (memcmp(&h, &dev->cur_vs, sizeof(h))) {
            dev->cur_vs = h;
            dev->dirty |= D3D9_DIRTY_BLOCK;
        }
        dev->pretransformed = false;
        if (dev->consts_owner[0] != 1) {
            /* The buffer held fixed-function data: all of it again. */
            dev->consts[0].dirty_lo = 0;
            dev->consts[0].dirty_hi = DXSO_VS_UBO_SIZE;
            dev->consts_owner[0] = 1;
            dev->sent_vs_size = 0;
        }
        if (!send_constant_range(dev, 0, DXSO_VS_UBO_SIZE))
            return D3DERR_DEVICELOST;
    } else if (dev->consts_owner[0] == 1) {
        dev->consts_owner[0] = 0;
        dev->dirty |= D3D9_DIRTY_FF_VS;
    }
    if (dev->ps) {
        struct dxso_spirv_options o;
        wire_handle h;
        ps_options(dev, &o);
        derived_constants(dev, 1, set_image);
        if (!variant_module(dev, dev->ps, &o, &h)) {
            *why = "the session is gone";
            return D3DERR_DEVICELOST;
        }
        if (memcmp(&h, &dev->cur_fs, sizeof(h))) {
            dev->cur_fs = h;
            dev->dirty |= D3D9_DIRTY_BLOCK;
        }
        if (dev->consts_owner[1] != 1) {
            dev->consts[1].dirty_lo = 0;
            dev->consts[1].dirty_hi = DXSO_PS_UBO_SIZE;
            dev->consts_owner[1] = 1;
            memset(dev->sent_fs_consts, 0xff, sizeof(struct ff_fs_constants));
        }
        if (!send_constant_range(dev, 1, DXSO_PS_UBO_SIZE))
            return D3DERR_DEVICELOST;
    } else if (dev->consts_owner[1] == 1) {
        dev->consts_owner[1] = 0;
        dev->dirty |= D3D9_DIRTY_FF_FS;
    }
    dev->dirty &= ~(D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS);
    return D3D_OK;
}

/* The check mode's half for programmable stages (see check_state in
 * device.c): with the shader and constant flags clear, the variants the
 * state selects must be the ones the server has, and the uniform data,
 * derived values included, must equal what was sent. */
static const char *check_what;
static void check_put(struct d3d9_device *dev, int stage, uint32_t offset,
                      const void *data, uint32_t size)
{
    if (!check_what && dev->consts[stage].sent &&
        memcmp(dev->consts[stage].sent + offset, data, size))
        check_what = stage ? "pixel shader uniform data derived from render or stage "
                             "states (SetRenderState / SetTextureStageState)"
                           : "vertex shader uniform data derived from render states "
                             "(SetRenderState)";
}

const char *d3d9_shader_check(struct d3d9_device *dev)
{
    check_what = NULL;
    for (int st = 0; st < 2; st++) {
        struct d3d9_shader *sh = st ? dev->ps : dev->vs;
        struct d3d9_constants *c = &dev->consts[st];
        uint32_t total = st ? DXSO_PS_UBO_SIZE : DXSO_VS_UBO_SIZE;
        struct dxso_spirv_options o;
        wire_handle h = {0, 0};

        /* A shader bound or unbound without its flag: the buffer still
         * holds the other pipeline's data. */
        if (!sh != (dev->consts_owner[st] != 1))
            return st ? "the pixel shader (SetPixelShader)" : "the vertex shader "
                                                             "(SetVertexShader)";
        if (!sh)
            continue;
        if (st)
            ps_options(dev, &o);
        else
            vs_options(dev, &o);
        if (!variant_lookup(sh, &o, &h) ||
            memcmp(&h, st ? &dev->cur_fs : &dev->cur_vs, sizeof(h)))
            return st ? "the pixel shader variant (SetPixelShader / SetRenderState / "
                        "SetTexture / SetSamplerState / SetTextureStageState)"
                      : "the vertex shader variant (SetVertexShader / SetSamplerState)";
        if (c->sent && c->dirty_hi <= c->dirty_lo && memcmp(c->sent, c->image, total))
            return st ? "pixel shader constants (SetPixelShaderConstantF/I/B)"
                      : "vertex shader constants (SetVertexShaderConstantF/I/B)";
        derived_constants(dev, st, check_put);
        if (check_what)
            return check_what;
    }
    return NULL;
}

void d3d9_shader_device_init(struct d3d9_device *dev)
{
    for (int s = 0; s < 2; s++) {
        dev->consts[s].dirty_lo = UINT32_MAX;
        dev->consts[s].dirty_hi = 0;
    }
}

void d3d9_shader_device_cleanup(struct d3d9_device *dev)
{
    while (dev->fvf_decl_count)
        d3d9_vdecl_pin(dev->fvf_decls[--dev->fvf_decl_count].decl, -1);
}

/* A new session: the server's modules of every shader are made again
 * when draws next need them (the variants are forgotten). */
void d3d9_shaders_revive(struct d3d9_device *dev)
{
    for (struct d3d9_live *n = dev->live_shaders.next; n != &dev->live_shaders; n = n->next) {
        struct d3d9_shader *sh =
            (struct d3d9_shader *)((char *)n - offsetof(struct d3d9_shader, live));
        sh->variant_count = 0;
    }
}
