/* Textures shared between Direct3D 11 devices of one server, over every
 * transport: a texture made with MISC_SHARED_KEYEDMUTEX (or MISC_SHARED)
 * by one device, opened by another through its shared handle
 * (IDXGIResource::GetSharedHandle, ID3D11Device::OpenSharedResource),
 * rendered by the first and sampled and copied by the second, frame
 * after frame, ordered by the keyed mutex (or by Flush).  Natively the
 * consumer also runs as a second process (this program, run again with
 * --consumer), which is what sharing is for.  The results follow D3D11's
 * documented behaviour: the keys, WAIT_TIMEOUT, DXGI_ERROR_INVALID_CALL
 * for a release without an acquire, E_INVALIDARG for a handle that names
 * nothing, and a texture that lives while any device holds it.  And
 * between the APIs: a D3D11 texture opened by D3D9Ex and the other way
 * round. */
#define _GNU_SOURCE
#include <d3d11.h>
#include <d3d9.h>

#include "e2e_util.h"
#include "harness.h"
#include "d3d11/shaders.h"

#ifdef _WIN32
/* mingw-w64's dxguid has no D3D11.3/11.4 interface ids: defined here. */
#include <initguid.h>
#endif
#include <d3d11_4.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/wait.h>
#include <unistd.h>
#endif

#define W 32
#define H 32
#define FRAMES 6

#ifndef WAIT_TIMEOUT
#define WAIT_TIMEOUT 0x102
#endif
#ifndef WAIT_ABANDONED
#define WAIT_ABANDONED 0x80
#endif
#ifndef INFINITE
#define INFINITE 0xffffffffu
#endif
#ifndef GENERIC_ALL
#define GENERIC_ALL 0x10000000u
#endif

struct vertex {
    float x, y, z;
    float r, g, b, a;
};

static const D3D11_INPUT_ELEMENT_DESC elements[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT,
     D3D11_INPUT_PER_VERTEX_DATA, 0},
};

/* One device with what both sides draw with: a W x H target of its own
 * read back through a staging texture, the colour and the texture
 * pixel shaders, a vertex buffer of one triangle. */
struct side {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *target, *staging;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps_tint, *ps_tex;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb, *cb;
    ID3D11SamplerState *smp;
};

static bool side_make(struct side *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BUFFER_DESC vbd = {3 * sizeof(struct vertex), D3D11_USAGE_DEFAULT,
                             D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, D3D11_FLOAT32_MAX};
    const float white[4] = {1, 1, 1, 1};
    D3D11_SUBRESOURCE_DATA init = {white, 0, 0};
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};
    UINT stride = sizeof(struct vertex), offset = 0;
    HRESULT hr;

    memset(s, 0, sizeof(*s));
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                           D3D11_SDK_VERSION, &s->dev, NULL, &s->ctx);
    if (!ok(hr == S_OK, "%s: D3D11CreateDevice: %#x", name, (unsigned)hr))
        return false;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->target);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->staging);
    if (s->target)
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, NULL, &s->rtv);
    ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL, &s->vs);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_tint, sizeof(dxbc_ps_tint), NULL,
                                   &s->ps_tint);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                   &s->ps_tex);
    ID3D11Device_CreateInputLayout(s->dev, elements, 2, dxbc_vs_color, sizeof(dxbc_vs_color),
                                   &s->layout);
    ID3D11Device_CreateBuffer(s->dev, &vbd, NULL, &s->vb);
    ID3D11Device_CreateBuffer(s->dev, &cbd, &init, &s->cb);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &s->smp);
    if (!ok(s->target && s->staging && s->rtv && s->vs && s->ps_tint && s->ps_tex &&
                s->layout && s->vb && s->cb && s->smp,
            "%s: the scene's objects", name))
        return false;
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
    ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 0, 1, &s->cb);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &s->smp);
    return true;
}

static void side_free(struct side *s, const char *name)
{
    IUnknown *all[] = {(IUnknown *)s->smp,     (IUnknown *)s->cb,      (IUnknown *)s->vb,
                       (IUnknown *)s->layout,  (IUnknown *)s->ps_tex,  (IUnknown *)s->ps_tint,
                       (IUnknown *)s->vs,      (IUnknown *)s->rtv,     (IUnknown *)s->staging,
                       (IUnknown *)s->target,  (IUnknown *)s->ctx};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i])
            all[i]->lpVtbl->Release(all[i]);
    if (s->dev)
        ok(ID3D11Device_Release(s->dev) == 0, "%s: device released", name);
    memset(s, 0, sizeof(*s));
}

static void draw(struct side *s, const float pos[6], const float c[4])
{
    struct vertex v[3];
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){pos[2 * i], pos[2 * i + 1], 0.5f, c[0], c[1], c[2], c[3]};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
}

/* The producer's frame i: the shared texture cleared to clear_color(i),
 * and the triangle of its upper-left half drawn in tri_color(i). */
static uint32_t clear_color(int i) /* 0xAARRGGBB */
{
    return 0xff000000u | (uint32_t)(40 * i + 20) << 16 | (uint32_t)(250 - 30 * i) << 8 | 0x40;
}

static uint32_t tri_color(int i)
{
    return 0xff000000u | (uint32_t)(200 - 25 * i) << 16 | 0x20u << 8 | (uint32_t)(30 * i + 10);
}

static void unpack(uint32_t c, float f[4])
{
    f[0] = ((c >> 16) & 0xff) / 255.0f;
    f[1] = ((c >> 8) & 0xff) / 255.0f;
    f[2] = (c & 0xff) / 255.0f;
    f[3] = (c >> 24) / 255.0f;
}

static const float upper_left[6] = {-1, 1, 1, 1, -1, -1};

static void produce(struct side *s, ID3D11RenderTargetView *rtv, int i)
{
    float c[4];
    unpack(clear_color(i), c);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, c);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps_tint, NULL, 0);
    unpack(tri_color(i), c);
    draw(s, upper_left, c);
}

/* A texture's texel (x, y) read through a staging texture of the side. */
static bool read_texels(struct side *s, ID3D11Texture2D *tex, uint32_t *px)
{
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->staging, (ID3D11Resource *)tex);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ, 0,
                                &m) != S_OK)
        return false;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *p = (const uint8_t *)m.pData + (size_t)y * m.RowPitch + x * 4;
            px[y * W + x] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 |
                            (uint32_t)p[1] << 8 | p[2];
        }
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)s->staging, 0);
    return true;
}

/* The consumer's view of frame i: the shared texture copied out, and
 * sampled by a triangle covering its own target (texture coordinates in
 * the vertex colour: (0, 0) at the top left, 1 at the far edges). */
static void consume(struct side *s, ID3D11ShaderResourceView *srv, ID3D11Texture2D *shared,
                    int i, const char *name)
{
    struct vertex v[3] = {{-1, 1, 0.5f, 0, 0, 0, 1}, {3, 1, 0.5f, 2, 0, 0, 1},
                          {-1, -3, 0.5f, 0, 2, 0, 1}};
    uint32_t px[W * H];
    if (ok(read_texels(s, shared, px), "%s: frame %d: the shared texture read back", name, i)) {
        ok(e2e_color_near(px[2 * W + 2], tri_color(i), 2),
           "%s: frame %d: copied, triangle %08x, expected %08x", name, i, px[2 * W + 2],
           tri_color(i));
        ok(e2e_color_near(px[(H - 3) * W + W - 3], clear_color(i), 2),
           "%s: frame %d: copied, clear %08x, expected %08x", name, i, px[(H - 3) * W + W - 3],
           clear_color(i));
    }
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps_tex, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    srv = NULL;
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    if (ok(read_texels(s, s->target, px), "%s: frame %d: the consumer's target", name, i)) {
        ok(e2e_color_near(px[2 * W + 2], tri_color(i), 2),
           "%s: frame %d: sampled, triangle %08x, expected %08x", name, i, px[2 * W + 2],
           tri_color(i));
        ok(e2e_color_near(px[(H - 3) * W + W - 3], clear_color(i), 2),
           "%s: frame %d: sampled, clear %08x, expected %08x", name, i,
           px[(H - 3) * W + W - 3], clear_color(i));
    }
}

static ID3D11Texture2D *make_shared(struct side *s, UINT misc, HANDLE *handle, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, misc};
    ID3D11Texture2D *t = NULL;
    IDXGIResource *res = NULL;
    DXGI_USAGE usage = 0;
    HRESULT hr = ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t);
    *handle = NULL;
    if (!ok(hr == S_OK, "%s: shared texture (misc %#x): %#x", name, misc, (unsigned)hr))
        return NULL;
    hr = ID3D11Texture2D_QueryInterface(t, &IID_IDXGIResource, (void **)&res);
    if (ok(hr == S_OK, "%s: IDXGIResource: %#x", name, (unsigned)hr)) {
        hr = IDXGIResource_GetSharedHandle(res, handle);
        ok(hr == S_OK && *handle, "%s: GetSharedHandle: %#x, %p", name, (unsigned)hr, *handle);
        ok(IDXGIResource_GetUsage(res, &usage) == S_OK && (usage & DXGI_USAGE_SHARED) &&
               (usage & DXGI_USAGE_SHADER_INPUT),
           "%s: usage %#x", name, (unsigned)usage);
        IDXGIResource_Release(res);
    }
    return t;
}

static ID3D11Texture2D *open_shared(struct side *s, HANDLE h, const char *name)
{
    ID3D11Texture2D *t = NULL;
    D3D11_TEXTURE2D_DESC d;
    HRESULT hr = ID3D11Device_OpenSharedResource(s->dev, h, &IID_ID3D11Texture2D, (void **)&t);
    if (!ok(hr == S_OK && t, "%s: OpenSharedResource: %#x", name, (unsigned)hr))
        return NULL;
    ID3D11Texture2D_GetDesc(t, &d);
    ok(d.Width == W && d.Height == H && d.Format == DXGI_FORMAT_R8G8B8A8_UNORM &&
           d.MipLevels == 1 &&
           d.BindFlags == (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE),
       "%s: the opened texture's description: %ux%u, format %u, %u levels, bind %#x", name,
       d.Width, d.Height, d.Format, d.MipLevels, d.BindFlags);
    return t;
}

static IDXGIKeyedMutex *mutex_of(ID3D11Texture2D *t)
{
    IDXGIKeyedMutex *m = NULL;
    if (t)
        ID3D11Texture2D_QueryInterface(t, &IID_IDXGIKeyedMutex, (void **)&m);
    return m;
}

#ifndef _WIN32
/* The consumer process's loop: FRAMES frames, each taken with key 1 and
 * given back with key 0. */
static void consumer_frames(struct side *b, ID3D11Texture2D *shared, const char *name)
{
    IDXGIKeyedMutex *km = mutex_of(shared);
    ID3D11ShaderResourceView *srv = NULL;
    if (!ok(km != NULL, "%s: consumer's IDXGIKeyedMutex", name))
        return;
    ok(ID3D11Device_CreateShaderResourceView(b->dev, (ID3D11Resource *)shared, NULL, &srv) ==
           S_OK,
       "%s: consumer's SRV", name);
    for (int i = 0; i < FRAMES && srv; i++) {
        HRESULT hr = IDXGIKeyedMutex_AcquireSync(km, 1, 20000);
        if (!ok(hr == S_OK, "%s: frame %d: consumer's AcquireSync(1): %#x", name, i,
                (unsigned)hr))
            break;
        consume(b, srv, shared, i, name);
        ok(IDXGIKeyedMutex_ReleaseSync(km, 0) == S_OK, "%s: frame %d: ReleaseSync(0)", name, i);
    }
    if (srv)
        ID3D11ShaderResourceView_Release(srv);
    IDXGIKeyedMutex_Release(km);
}
#endif

static void producer_frames(struct side *a, ID3D11Texture2D *shared, int i, const char *name,
                            IDXGIKeyedMutex *km, ID3D11RenderTargetView *rtv)
{
    HRESULT hr = IDXGIKeyedMutex_AcquireSync(km, 0, 20000);
    if (!ok(hr == S_OK, "%s: frame %d: producer's AcquireSync(0): %#x", name, i, (unsigned)hr))
        return;
    produce(a, rtv, i);
    (void)shared;
    ok(IDXGIKeyedMutex_ReleaseSync(km, 1) == S_OK, "%s: frame %d: ReleaseSync(1)", name, i);
}

/* Both devices in this process: the rules, then the frames. */
static void run_here(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    struct side a, b;
    HANDLE h = NULL, h2 = NULL;
    ID3D11Texture2D *ta, *tb, *plain = NULL, *bad = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    IDXGIKeyedMutex *ka, *kb;
    IDXGIResource *res = NULL;
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX};
    HRESULT hr;

    e2e_use_transport(t, server);
    if (!side_make(&a, name) || !side_make(&b, name)) {
        side_free(&b, name);
        side_free(&a, name);
        return;
    }
    /* What D3D11 refuses. */
    ok(ID3D11Device_CreateTexture2D(a.dev, &td, NULL, &bad) == E_INVALIDARG && !bad,
       "%s: SHARED with SHARED_KEYEDMUTEX is E_INVALIDARG", name);
    td.MiscFlags = D3D11_RESOURCE_MISC_SHARED;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(a.dev, &td, NULL, &bad) == E_INVALIDARG && !bad,
       "%s: a shared STAGING texture is E_INVALIDARG", name);
    ok(ID3D11Texture2D_QueryInterface(a.target, &IID_IDXGIResource, (void **)&res) == S_OK,
       "%s: an unshared texture's IDXGIResource", name);
    if (res) {
        hr = IDXGIResource_GetSharedHandle(res, &h);
        ok(hr == DXGI_ERROR_INVALID_CALL && !h, "%s: its GetSharedHandle: %#x", name,
           (unsigned)hr);
        IDXGIResource_Release(res);
    }
    ok(!mutex_of(a.target), "%s: an unshared texture has no keyed mutex", name);
    ok(ID3D11Device_OpenSharedResource(b.dev, (HANDLE)(uintptr_t)0x1234, &IID_ID3D11Texture2D,
                                       (void **)&bad) == E_INVALIDARG &&
           !bad,
       "%s: a handle that names nothing is E_INVALIDARG", name);
    ok(ID3D11Device_OpenSharedResource(b.dev, NULL, &IID_ID3D11Texture2D, (void **)&bad) ==
           E_INVALIDARG,
       "%s: a NULL handle is E_INVALIDARG", name);

    /* The keyed mutex. */
    ta = make_shared(&a, D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, &h, name);
    tb = ta ? open_shared(&b, h, name) : NULL;
    ka = mutex_of(ta);
    kb = mutex_of(tb);
    if (ta)
        ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)ta, NULL, &rtv);
    if (ok(ka && kb && rtv, "%s: keyed mutexes of both, the producer's RTV", name)) {
        ok(IDXGIKeyedMutex_ReleaseSync(kb, 0) == DXGI_ERROR_INVALID_CALL,
           "%s: ReleaseSync without AcquireSync is DXGI_ERROR_INVALID_CALL", name);
        hr = IDXGIKeyedMutex_AcquireSync(kb, 1, 0);
        ok(hr == WAIT_TIMEOUT, "%s: key 1 before anyone released it: %#x", name, (unsigned)hr);
        hr = IDXGIKeyedMutex_AcquireSync(kb, 0, 50);
        ok(hr == S_OK, "%s: key 0 at first: %#x", name, (unsigned)hr);
        ok(IDXGIKeyedMutex_AcquireSync(kb, 0, 0) == DXGI_ERROR_INVALID_CALL,
           "%s: a second AcquireSync is DXGI_ERROR_INVALID_CALL", name);
        hr = IDXGIKeyedMutex_AcquireSync(ka, 0, 30);
        ok(hr == WAIT_TIMEOUT, "%s: the key another device holds: %#x", name, (unsigned)hr);
        ok(IDXGIKeyedMutex_ReleaseSync(kb, 0) == S_OK, "%s: released with key 0", name);
        /* The frames, in turn. */
        for (int i = 0; i < FRAMES; i++) {
            ID3D11ShaderResourceView *srv = NULL;
            producer_frames(&a, ta, i, name, ka, rtv);
            if (IDXGIKeyedMutex_AcquireSync(kb, 1, 20000) != S_OK) {
                ok(0, "%s: frame %d: consumer's AcquireSync(1)", name, i);
                break;
            }
            ID3D11Device_CreateShaderResourceView(b.dev, (ID3D11Resource *)tb, NULL, &srv);
            if (ok(srv != NULL, "%s: consumer's SRV", name)) {
                consume(&b, srv, tb, i, name);
                ID3D11ShaderResourceView_Release(srv);
            }
            ok(IDXGIKeyedMutex_ReleaseSync(kb, 0) == S_OK, "%s: frame %d: consumer released",
               name, i);
        }
        /* A device that lets go of the texture while holding the key
         * abandons it: the next AcquireSync of that key says so. */
        ok(IDXGIKeyedMutex_AcquireSync(ka, 0, 1000) == S_OK, "%s: the producer takes key 0",
           name);
        /* (Bound, the texture would live on with the binding.) */
        ID3D11DeviceContext_OMSetRenderTargets(a.ctx, 0, NULL, NULL);
        ID3D11RenderTargetView_Release(rtv);
        rtv = NULL;
        IDXGIKeyedMutex_Release(ka);
        ka = NULL;
        ID3D11Texture2D_Release(ta);
        ta = NULL;
        hr = IDXGIKeyedMutex_AcquireSync(kb, 0, 1000);
        ok(hr == WAIT_ABANDONED, "%s: an abandoned key: %#x", name, (unsigned)hr);
        /* The texture lives on with the consumer: the last frame. */
        {
            uint32_t px[W * H];
            if (ok(read_texels(&b, tb, px), "%s: the texture after its creator let go", name))
                ok(e2e_color_near(px[(H - 3) * W + W - 3], clear_color(FRAMES - 1), 2),
                   "%s: it keeps the last frame: %08x", name, px[(H - 3) * W + W - 3]);
        }
        ok(IDXGIKeyedMutex_ReleaseSync(kb, 0) == S_OK, "%s: released after abandonment", name);
    }
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (ka)
        IDXGIKeyedMutex_Release(ka);
    if (kb)
        IDXGIKeyedMutex_Release(kb);
    if (ta)
        ID3D11Texture2D_Release(ta);
    if (tb)
        ID3D11Texture2D_Release(tb);
    /* Once every device let go, the handle names nothing.  (A release
     * takes effect in the order of its device's commands: a read-back of
     * each device has its release behind it.) */
    {
        uint32_t px[W * H];
        read_texels(&a, a.target, px);
    }
    bad = NULL;
    ok(ID3D11Device_OpenSharedResource(b.dev, h, &IID_ID3D11Texture2D, (void **)&bad) ==
           E_INVALIDARG,
       "%s: the handle of a texture nobody holds is E_INVALIDARG", name);
    if (bad)
        ID3D11Texture2D_Release(bad);

    /* A shared texture array: device a renders into layer 1, device b
     * opens the array and reads that layer (layer 0 keeps its clear). */
    {
        D3D11_TEXTURE2D_DESC ad = {W, H, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                                   D3D11_RESOURCE_MISC_SHARED};
        D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
        ID3D11Texture2D *arr = NULL, *opened = NULL;
        ID3D11RenderTargetView *layer0 = NULL, *layer1 = NULL;
        IDXGIResource *r = NULL;
        HANDLE ha = NULL;
        uint32_t px[W * H];
        float c[4];
        ok(ID3D11Device_CreateTexture2D(a.dev, &ad, NULL, &arr) == S_OK && arr,
           "%s: a shared texture array", name);
        if (arr && ID3D11Texture2D_QueryInterface(arr, &IID_IDXGIResource, (void **)&r) == S_OK) {
            IDXGIResource_GetSharedHandle(r, &ha);
            IDXGIResource_Release(r);
        }
        rd.Texture2DArray.ArraySize = 1;
        if (arr) {
            ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)arr, &rd, &layer0);
            rd.Texture2DArray.FirstArraySlice = 1;
            ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)arr, &rd, &layer1);
        }
        if (ok(ha && layer0 && layer1, "%s: its handle and its layers' views", name)) {
            unpack(clear_color(0), c);
            ID3D11DeviceContext_ClearRenderTargetView(a.ctx, layer0, c);
            produce(&a, layer1, 4);
            ID3D11DeviceContext_Flush(a.ctx);
            hr = ID3D11Device_OpenSharedResource(b.dev, ha, &IID_ID3D11Texture2D,
                                                 (void **)&opened);
            ok(hr == S_OK && opened, "%s: the array opened: %#x", name, (unsigned)hr);
        }
        if (opened) {
            D3D11_TEXTURE2D_DESC od;
            D3D11_BOX box = {0, 0, 0, W, H, 1};
            ID3D11Texture2D_GetDesc(opened, &od);
            ok(od.ArraySize == 2, "%s: the opened array has %u layers", name, od.ArraySize);
            for (UINT layer = 0; layer < 2; layer++) {
                ID3D11DeviceContext_CopySubresourceRegion(b.ctx, (ID3D11Resource *)b.target, 0,
                                                          0, 0, 0, (ID3D11Resource *)opened,
                                                          layer, &box);
                if (ok(read_texels(&b, b.target, px), "%s: layer %u read", name, layer))
                    ok(e2e_color_near(px[(H - 3) * W + W - 3],
                                      layer ? clear_color(4) : clear_color(0), 2) &&
                           (!layer || e2e_color_near(px[2 * W + 2], tri_color(4), 2)),
                       "%s: layer %u as device a left it: %08x %08x", name, layer,
                       px[(H - 3) * W + W - 3], px[2 * W + 2]);
            }
            ID3D11Texture2D_Release(opened);
        }
        if (layer0)
            ID3D11RenderTargetView_Release(layer0);
        if (layer1)
            ID3D11RenderTargetView_Release(layer1);
        if (arr)
            ID3D11Texture2D_Release(arr);
    }

    /* MISC_SHARED: no keyed mutex; Flush orders the devices. */
    plain = make_shared(&a, D3D11_RESOURCE_MISC_SHARED, &h2, name);
    ok(!mutex_of(plain), "%s: MISC_SHARED has no keyed mutex", name);
    tb = plain ? open_shared(&b, h2, name) : NULL;
    if (tb && ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)plain, NULL, &rtv) ==
                  S_OK) {
        for (int i = 0; i < 2; i++) {
            ID3D11ShaderResourceView *srv = NULL;
            produce(&a, rtv, i + 3);
            ID3D11DeviceContext_Flush(a.ctx);
            ID3D11Device_CreateShaderResourceView(b.dev, (ID3D11Resource *)tb, NULL, &srv);
            if (srv) {
                consume(&b, srv, tb, i + 3, name);
                ID3D11ShaderResourceView_Release(srv);
            }
        }
        ID3D11RenderTargetView_Release(rtv);
    }
    if (tb)
        ID3D11Texture2D_Release(tb);
    if (plain)
        ID3D11Texture2D_Release(plain);
    side_free(&b, name);
    side_free(&a, name);
}

/* ------------------------------------------------------------ NT handles */

/* A name as WCHARs (16-bit natively, where L"" is not). */
static void wname(WCHAR *out, const char *a, const char *b)
{
    size_t n = 0;
    for (; *a; a++)
        out[n++] = (WCHAR)(unsigned char)*a;
    for (; *b; b++)
        out[n++] = (WCHAR)(unsigned char)*b;
    out[n] = 0;
}

static IDXGIResource1 *res1_of(ID3D11Texture2D *t)
{
    IDXGIResource1 *r = NULL;
    if (t)
        ID3D11Texture2D_QueryInterface(t, &IID_IDXGIResource1, (void **)&r);
    return r;
}

static ID3D11Texture2D *make_nt(struct side *s, UINT misc, const WCHAR *wn, HANDLE *h,
                                const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                               misc | D3D11_RESOURCE_MISC_SHARED_NTHANDLE};
    ID3D11Texture2D *t = NULL;
    IDXGIResource1 *r;
    HANDLE legacy = (HANDLE)1;
    HRESULT hr = ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t);
    *h = NULL;
    if (!ok(hr == S_OK && t, "%s: an NT-handle texture (misc %#x): %#x", name, td.MiscFlags,
            (unsigned)hr))
        return NULL;
    if (!ok((r = res1_of(t)) != NULL, "%s: IDXGIResource1", name))
        return t;
    hr = IDXGIResource1_GetSharedHandle(r, &legacy);
    ok(hr == DXGI_ERROR_INVALID_CALL && !legacy,
       "%s: an NT-handle texture has no legacy handle: %#x", name, (unsigned)hr);
    hr = IDXGIResource1_CreateSharedHandle(r, NULL,
                                           DXGI_SHARED_RESOURCE_READ | DXGI_SHARED_RESOURCE_WRITE,
                                           wn, h);
    ok(hr == S_OK && *h, "%s: CreateSharedHandle: %#x, %p", name, (unsigned)hr, *h);
    IDXGIResource1_Release(r);
    return t;
}

static ID3D11Fence *make_fence(struct side *s, UINT64 initial, D3D11_FENCE_FLAG flags,
                               const char *name);

static ID3D11Device1 *dev1_of(struct side *s)
{
    ID3D11Device1 *d = NULL;
    ID3D11Device_QueryInterface(s->dev, &IID_ID3D11Device1, (void **)&d);
    return d;
}

/* MISC_SHARED_NTHANDLE: IDXGIResource1's handles, opened by handle
 * (OpenSharedResource1) and by name (OpenSharedResourceByName), the
 * names' namespace (textures' and fences' together, a name free again
 * once its share is gone), frames through a named keyed-mutex texture. */
static void run_nt_handles(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    struct side a, b;
    ID3D11Device1 *b1 = NULL;
    ID3D11Texture2D *ta = NULL, *tb = NULL, *other = NULL, *bad = NULL, *legacy = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    IDXGIKeyedMutex *ka = NULL, *kb = NULL;
    IDXGIResource1 *r;
    ID3D11Fence *f = NULL;
    HANDLE h = NULL, h2 = NULL, hl = NULL;
    WCHAR wn[64], wf[64], wnone[64], wlong[300];
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                               D3D11_RESOURCE_MISC_SHARED_NTHANDLE};
    char what[64];
    HRESULT hr;

    snprintf(what, sizeof(what), "%s, NT handles", name);
    wname(wn, "nereid-test-texture-", name);
    wname(wf, "nereid-test-fence-", name);
    wname(wnone, "nereid-test-nothing-", name);
    for (int i = 0; i < 299; i++)
        wlong[i] = 'x';
    wlong[299] = 0;
    e2e_use_transport(t, server);
    if (!side_make(&a, what) || !side_make(&b, what) || !(b1 = dev1_of(&b))) {
        ok(0, "%s: two devices, ID3D11Device1", what);
        side_free(&b, what);
        side_free(&a, what);
        return;
    }
    ok(ID3D11Device_CreateTexture2D(a.dev, &td, NULL, &bad) == E_INVALIDARG && !bad,
       "%s: SHARED_NTHANDLE alone is E_INVALIDARG", what);
    /* A texture that is not shared, or shared the legacy way, makes no NT
     * handle; a legacy handle does not open as an NT one, nor the other
     * way round. */
    if ((r = res1_of(a.target))) {
        h = (HANDLE)1;
        ok(IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, NULL, &h) ==
                   DXGI_ERROR_INVALID_CALL && !h,
           "%s: an unshared texture's CreateSharedHandle is DXGI_ERROR_INVALID_CALL", what);
        IDXGIResource1_Release(r);
    } else {
        ok(0, "%s: an unshared texture's IDXGIResource1", what);
    }
    legacy = make_shared(&a, D3D11_RESOURCE_MISC_SHARED, &hl, what);
    if ((r = res1_of(legacy))) {
        ok(IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, NULL, &h) ==
               DXGI_ERROR_INVALID_CALL,
           "%s: a legacy shared texture's CreateSharedHandle is DXGI_ERROR_INVALID_CALL", what);
        IDXGIResource1_Release(r);
    }
    hr = ID3D11Device1_OpenSharedResource1(b1, hl, &IID_ID3D11Texture2D, (void **)&bad);
    ok(hr == E_INVALIDARG && !bad, "%s: OpenSharedResource1 of a legacy handle: %#x", what,
       (unsigned)hr);

    /* By handle. */
    ta = make_nt(&a, D3D11_RESOURCE_MISC_SHARED, NULL, &h, what);
    hr = ID3D11Device_OpenSharedResource(b.dev, h, &IID_ID3D11Texture2D, (void **)&bad);
    ok(hr == E_INVALIDARG && !bad, "%s: OpenSharedResource of an NT handle: %#x", what,
       (unsigned)hr);
    hr = ID3D11Device1_OpenSharedResource1(b1, h, &IID_ID3D11Texture2D, (void **)&tb);
    if (ok(hr == S_OK && tb, "%s: OpenSharedResource1: %#x", what, (unsigned)hr)) {
        D3D11_TEXTURE2D_DESC d;
        ID3D11Texture2D_GetDesc(tb, &d);
        ok(d.Width == W && d.Height == H && d.Format == DXGI_FORMAT_R8G8B8A8_UNORM &&
               (d.MiscFlags & D3D11_RESOURCE_MISC_SHARED_NTHANDLE),
           "%s: the opened texture's description: %ux%u, format %u, misc %#x", what, d.Width,
           d.Height, d.Format, d.MiscFlags);
        if (ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)ta, NULL, &rtv) ==
            S_OK) {
            ID3D11ShaderResourceView *srv = NULL;
            produce(&a, rtv, 2);
            ID3D11DeviceContext_Flush(a.ctx);
            ID3D11Device_CreateShaderResourceView(b.dev, (ID3D11Resource *)tb, NULL, &srv);
            if (ok(srv != NULL, "%s: the opener's SRV", what)) {
                consume(&b, srv, tb, 2, what);
                ID3D11ShaderResourceView_Release(srv);
            }
            ID3D11DeviceContext_OMSetRenderTargets(a.ctx, 0, NULL, NULL);
            ID3D11RenderTargetView_Release(rtv);
            rtv = NULL;
        }
        ID3D11Texture2D_Release(tb);
        tb = NULL;
    }
    if (ta)
        ID3D11Texture2D_Release(ta);
    ta = NULL;

    /* By name, with a keyed mutex: the frames. */
    ta = make_nt(&a, D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, wn, &h, what);
    if ((r = res1_of(ta))) {
        /* The same name again for the same texture is its handle again. */
        ok(IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, wn, &h2) ==
                   S_OK && h2 == h,
           "%s: the texture's own name again: %p, %p", what, h2, h);
        ok(IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, wlong, &h2) ==
               DXGI_ERROR_INVALID_CALL,
           "%s: a name longer than MAX_PATH is DXGI_ERROR_INVALID_CALL", what);
        IDXGIResource1_Release(r);
    }
    other = make_nt(&a, D3D11_RESOURCE_MISC_SHARED, NULL, &h2, what);
    if ((r = res1_of(other))) {
        hr = IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, wn, &h2);
        ok(hr == DXGI_ERROR_NAME_ALREADY_EXISTS,
           "%s: another texture under a name taken: %#x", what, (unsigned)hr);
        IDXGIResource1_Release(r);
    }
    hr = ID3D11Device1_OpenSharedResourceByName(b1, wnone, DXGI_SHARED_RESOURCE_READ,
                                                &IID_ID3D11Texture2D, (void **)&bad);
    ok(hr == E_INVALIDARG && !bad, "%s: a name nobody gave: %#x", what, (unsigned)hr);
    hr = ID3D11Device1_OpenSharedResourceByName(
        b1, wn, DXGI_SHARED_RESOURCE_READ | DXGI_SHARED_RESOURCE_WRITE, &IID_ID3D11Texture2D,
        (void **)&tb);
    ok(hr == S_OK && tb, "%s: OpenSharedResourceByName: %#x", what, (unsigned)hr);
    ka = mutex_of(ta);
    kb = mutex_of(tb);
    if (ta)
        ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)ta, NULL, &rtv);
    if (ok(ka && kb && rtv, "%s: keyed mutexes of both, the producer's RTV", what)) {
        for (int i = 0; i < 3; i++) {
            ID3D11ShaderResourceView *srv = NULL;
            producer_frames(&a, ta, i, what, ka, rtv);
            if (IDXGIKeyedMutex_AcquireSync(kb, 1, 20000) != S_OK) {
                ok(0, "%s: frame %d: the opener's AcquireSync(1)", what, i);
                break;
            }
            ID3D11Device_CreateShaderResourceView(b.dev, (ID3D11Resource *)tb, NULL, &srv);
            if (ok(srv != NULL, "%s: the opener's SRV", what)) {
                consume(&b, srv, tb, i, what);
                ID3D11ShaderResourceView_Release(srv);
            }
            ok(IDXGIKeyedMutex_ReleaseSync(kb, 0) == S_OK, "%s: frame %d: released", what, i);
        }
    }
    /* Fences share the namespace; a fence's name opens no texture. */
    if ((f = make_fence(&a, 0, D3D11_FENCE_FLAG_SHARED, what))) {
        hr = ID3D11Fence_CreateSharedHandle(f, NULL, GENERIC_ALL, wf, &h2);
        ok(hr == S_OK && h2, "%s: a named fence: %#x", what, (unsigned)hr);
        hr = ID3D11Fence_CreateSharedHandle(f, NULL, GENERIC_ALL, wn, &h2);
        ok(hr == DXGI_ERROR_NAME_ALREADY_EXISTS, "%s: a fence under a texture's name: %#x",
           what, (unsigned)hr);
        hr = ID3D11Device1_OpenSharedResourceByName(b1, wf, DXGI_SHARED_RESOURCE_READ,
                                                    &IID_ID3D11Texture2D, (void **)&bad);
        ok(hr == E_INVALIDARG && !bad, "%s: a fence's name opens no texture: %#x", what,
           (unsigned)hr);
        ID3D11Fence_Release(f);
    }
    if (rtv) {
        ID3D11DeviceContext_OMSetRenderTargets(a.ctx, 0, NULL, NULL);
        ID3D11RenderTargetView_Release(rtv);
    }
    if (ka)
        IDXGIKeyedMutex_Release(ka);
    if (kb)
        IDXGIKeyedMutex_Release(kb);
    if (ta)
        ID3D11Texture2D_Release(ta);
    if (tb)
        ID3D11Texture2D_Release(tb);
    /* Once every holder let go (behind a read-back of each device), the
     * name is free: another texture takes it. */
    {
        uint32_t px[W * H];
        read_texels(&a, a.target, px);
        read_texels(&b, b.target, px);
    }
    if ((r = res1_of(other))) {
        hr = IDXGIResource1_CreateSharedHandle(r, NULL, DXGI_SHARED_RESOURCE_READ, wn, &h2);
        ok(hr == S_OK, "%s: a name free again once its texture is gone: %#x", what,
           (unsigned)hr);
        IDXGIResource1_Release(r);
    }
    if (other)
        ID3D11Texture2D_Release(other);
    if (legacy)
        ID3D11Texture2D_Release(legacy);
    ID3D11Device1_Release(b1);
    side_free(&b, what);
    side_free(&a, what);
}

/* ---------------------------------------------------------------- fences */

static ID3D11Fence *make_fence(struct side *s, UINT64 initial, D3D11_FENCE_FLAG flags,
                               const char *name)
{
    ID3D11Device5 *d5 = NULL;
    ID3D11Fence *f = NULL;
    HRESULT hr;
    if (!ok(ID3D11Device_QueryInterface(s->dev, &IID_ID3D11Device5, (void **)&d5) == S_OK,
            "%s: ID3D11Device5", name))
        return NULL;
    hr = ID3D11Device5_CreateFence(d5, initial, flags, &IID_ID3D11Fence, (void **)&f);
    ok(hr == S_OK && f, "%s: CreateFence(%llu, %#x): %#x", name, (unsigned long long)initial,
       (unsigned)flags, (unsigned)hr);
    ID3D11Device5_Release(d5);
    return f;
}

static ID3D11Fence *open_fence(struct side *s, HANDLE h, const char *name)
{
    ID3D11Device5 *d5 = NULL;
    ID3D11Fence *f = NULL;
    HRESULT hr = E_FAIL;
    if (ID3D11Device_QueryInterface(s->dev, &IID_ID3D11Device5, (void **)&d5) == S_OK) {
        hr = ID3D11Device5_OpenSharedFence(d5, h, &IID_ID3D11Fence, (void **)&f);
        ID3D11Device5_Release(d5);
    }
    ok(hr == S_OK && f, "%s: OpenSharedFence(%p): %#x", name, h, (unsigned)hr);
    return f;
}

static ID3D11DeviceContext4 *ctx4_of(struct side *s)
{
    ID3D11DeviceContext4 *c = NULL;
    ID3D11DeviceContext_QueryInterface(s->ctx, &IID_ID3D11DeviceContext4, (void **)&c);
    return c;
}

/* The other device of a wait-before-signal, on a thread of its own: it
 * waits, then renders frame `frame` into the shared texture and signals. */
struct late_signal {
    struct side *a;
    ID3D11DeviceContext4 *c4;
    ID3D11RenderTargetView *rtv;
    ID3D11Fence *fence;
    UINT64 value;
    int frame;
};

static void *late_signal(void *arg)
{
    struct late_signal *l = arg;
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    produce(l->a, l->rtv, l->frame);
    ID3D11DeviceContext4_Signal(l->c4, l->fence, l->value);
    ID3D11DeviceContext_Flush(l->a->ctx);
    return NULL;
}

/* ID3D11Fence: values, Signal and Wait on one device and across two, a
 * shared fence opened by the other device, a wait before its signal. */
static void run_fences(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    struct side a, b;
    ID3D11DeviceContext4 *ca = NULL, *cb = NULL;
    ID3D11Fence *f = NULL, *fs = NULL, *fb = NULL, *bad = NULL;
    ID3D11Texture2D *ta = NULL, *tb = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Device5 *d5 = NULL;
    HANDLE h = NULL, hf = NULL;
    uint32_t px[W * H];
    HRESULT hr;
    char what[64];

    snprintf(what, sizeof(what), "%s, fences", name);
    e2e_use_transport(t, server);
    if (!side_make(&a, what) || !side_make(&b, what)) {
        side_free(&b, what);
        side_free(&a, what);
        return;
    }
    ca = ctx4_of(&a);
    cb = ctx4_of(&b);
    f = make_fence(&a, 5, D3D11_FENCE_FLAG_NONE, what);
    if (!ok(ca && cb && f, "%s: ID3D11DeviceContext4 of both, a fence", what))
        goto out;
    ok(ID3D11Fence_GetCompletedValue(f) == 5, "%s: the initial value: %llu", what,
       (unsigned long long)ID3D11Fence_GetCompletedValue(f));
    /* A signal after work: the value once that work is done. */
    produce(&a, a.rtv, 1);
    ok(ID3D11DeviceContext4_Signal(ca, f, 9) == S_OK, "%s: Signal(9)", what);
    ok(ID3D11Fence_SetEventOnCompletion(f, 9, NULL) == S_OK, "%s: SetEventOnCompletion(9, NULL)",
       what);
    ok(ID3D11Fence_GetCompletedValue(f) == 9, "%s: the value after the signal: %llu", what,
       (unsigned long long)ID3D11Fence_GetCompletedValue(f));
    /* A device waits for what it signalled itself: its work goes on. */
    ok(ID3D11DeviceContext4_Wait(ca, f, 9) == S_OK, "%s: Wait(9)", what);
    produce(&a, a.rtv, 2);
    if (ok(read_texels(&a, a.target, px), "%s: after a met wait", what))
        ok(e2e_color_near(px[(H - 3) * W + W - 3], clear_color(2), 2),
           "%s: the work after a met wait ran: %08x", what, px[(H - 3) * W + W - 3]);
    /* Values only rise: a lower signal leaves it. */
    ok(ID3D11DeviceContext4_Signal(ca, f, 7) == S_OK, "%s: Signal(7)", what);
    ok(ID3D11DeviceContext4_Signal(ca, f, 12) == S_OK, "%s: Signal(12)", what);
    ID3D11Fence_SetEventOnCompletion(f, 12, NULL);
    ok(ID3D11Fence_GetCompletedValue(f) == 12, "%s: the value after 7 and 12: %llu", what,
       (unsigned long long)ID3D11Fence_GetCompletedValue(f));
    /* Sharing: only a fence made shared; a handle names one fence. */
    hr = ID3D11Fence_CreateSharedHandle(f, NULL, GENERIC_ALL, NULL, &hf);
    ok(hr == E_INVALIDARG && !hf, "%s: CreateSharedHandle of an unshared fence: %#x", what,
       (unsigned)hr);
    if (ID3D11Device_QueryInterface(b.dev, &IID_ID3D11Device5, (void **)&d5) == S_OK) {
        hr = ID3D11Device5_OpenSharedFence(d5, (HANDLE)(uintptr_t)0x1234, &IID_ID3D11Fence,
                                           (void **)&bad);
        ok(hr == E_INVALIDARG && !bad, "%s: OpenSharedFence of nothing: %#x", what,
           (unsigned)hr);
        hr = ID3D11Device5_CreateFence(d5, 0, (D3D11_FENCE_FLAG)0x100, &IID_ID3D11Fence,
                                       (void **)&bad);
        ok(hr == E_INVALIDARG && !bad, "%s: CreateFence with unknown flags: %#x", what,
           (unsigned)hr);
        ID3D11Device5_Release(d5);
    }
    fs = make_fence(&a, 0, D3D11_FENCE_FLAG_SHARED, what);
    if (fs) {
        hr = ID3D11Fence_CreateSharedHandle(fs, NULL, GENERIC_ALL, NULL, &hf);
        ok(hr == S_OK && hf, "%s: CreateSharedHandle: %#x", what, (unsigned)hr);
    }
    fb = hf ? open_fence(&b, hf, what) : NULL;
    ta = make_shared(&a, D3D11_RESOURCE_MISC_SHARED, &h, what);
    tb = ta ? open_shared(&b, h, what) : NULL;
    if (ta)
        ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)ta, NULL, &rtv);
    if (ok(fs && fb && tb && rtv, "%s: a shared fence and texture opened by the other", what)) {
        pthread_t th;
        struct late_signal l = {&a, ca, rtv, fs, 3, 4};
        ok(ID3D11Fence_GetCompletedValue(fb) == 0, "%s: the opened fence's value", what);
        /* Frame 1 in the texture, seen by b after a signal and a wait. */
        produce(&a, rtv, 1);
        ID3D11DeviceContext4_Signal(ca, fs, 1);
        ID3D11DeviceContext4_Wait(cb, fb, 1);
        if (ok(read_texels(&b, tb, px), "%s: frame 1 through the fence", what))
            ok(e2e_color_near(px[(H - 3) * W + W - 3], clear_color(1), 2),
               "%s: b sees frame 1 after waiting: %08x", what, px[(H - 3) * W + W - 3]);
        ok(ID3D11Fence_GetCompletedValue(fb) == 1, "%s: b reads the value a signalled: %llu",
           what, (unsigned long long)ID3D11Fence_GetCompletedValue(fb));
        /* A wait before its signal: b's copy (a read-back: it returns
         * once done) waits for frame 4, which another thread makes 200 ms
         * later; without the wait it would copy frame 1. */
        pthread_create(&th, NULL, late_signal, &l);
        ID3D11DeviceContext4_Wait(cb, fb, 3);
        ID3D11DeviceContext_CopyResource(b.ctx, (ID3D11Resource *)b.staging,
                                         (ID3D11Resource *)tb);
        pthread_join(th, NULL);
        {
            D3D11_MAPPED_SUBRESOURCE m;
            if (ok(ID3D11DeviceContext_Map(b.ctx, (ID3D11Resource *)b.staging, 0,
                                           D3D11_MAP_READ, 0, &m) == S_OK,
                   "%s: b's copy mapped", what)) {
                const uint8_t *p = (const uint8_t *)m.pData + (size_t)(H - 3) * m.RowPitch +
                                   (W - 3) * 4;
                uint32_t c = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 |
                             (uint32_t)p[1] << 8 | p[2];
                ok(e2e_color_near(c, clear_color(4), 2),
                   "%s: the copy behind the wait saw frame 4: %08x (frame 1: %08x)", what, c,
                   clear_color(1));
                ID3D11DeviceContext_Unmap(b.ctx, (ID3D11Resource *)b.staging, 0);
            }
        }
        ok(ID3D11Fence_GetCompletedValue(fs) == 3, "%s: a's fence at 3: %llu", what,
           (unsigned long long)ID3D11Fence_GetCompletedValue(fs));
#ifdef _WIN32
        {
            /* An event set on completion: now for a value reached, later
             * for one signalled after. */
            HANDLE ev = CreateEventW(NULL, FALSE, FALSE, NULL);
            ok(ID3D11Fence_SetEventOnCompletion(fb, 3, ev) == S_OK &&
                   WaitForSingleObject(ev, 5000) == WAIT_OBJECT_0,
               "%s: an event for a reached value", what);
            ok(ID3D11Fence_SetEventOnCompletion(fb, 4, ev) == S_OK, "%s: an event for 4",
               what);
            ok(WaitForSingleObject(ev, 100) == WAIT_TIMEOUT, "%s: not set before 4", what);
            ID3D11DeviceContext4_Signal(ca, fs, 4);
            ID3D11DeviceContext_Flush(a.ctx);
            ok(WaitForSingleObject(ev, 5000) == WAIT_OBJECT_0, "%s: set at 4", what);
            CloseHandle(ev);
        }
#else
        ok(ID3D11Fence_SetEventOnCompletion(fb, 3, (HANDLE)(uintptr_t)1) == E_NOTIMPL,
           "%s: natively there are no events to set", what);
#endif
    }
out:
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (ta)
        ID3D11Texture2D_Release(ta);
    if (tb)
        ID3D11Texture2D_Release(tb);
    if (fb)
        ID3D11Fence_Release(fb);
    if (fs)
        ID3D11Fence_Release(fs);
    if (f)
        ok(ID3D11Fence_Release(f) == 0, "%s: the fence released", what);
    if (ca)
        ID3D11DeviceContext4_Release(ca);
    if (cb)
        ID3D11DeviceContext4_Release(cb);
    side_free(&b, what);
    side_free(&a, what);
}

/* D3D11 and D3D9Ex on one server share textures both ways: the D3D9Ex
 * resource opened with the description that matches the D3D11 one (and
 * D3D11 seeing a D3D9Ex A8R8G8B8 render-target texture as
 * B8G8R8A8_UNORM with render-target and shader-resource binding). */
static void run_interop(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    char what[64];
    struct side a;
    IDirect3D9Ex *ex = NULL;
    IDirect3DDevice9Ex *d9 = NULL;
    D3DPRESENT_PARAMETERS pp = {0};
    HRESULT hr;

    snprintf(what, sizeof(what), "%s, D3D9Ex with D3D11", name);
    e2e_use_transport(t, server);
    if (!side_make(&a, what)) {
        side_free(&a, what);
        return;
    }
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    if (!ok(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex) == D3D_OK &&
                IDirect3D9Ex_CreateDeviceEx(ex, 0, D3DDEVTYPE_HAL, NULL,
                                            D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, NULL,
                                            &d9) == D3D_OK,
            "%s: a D3D9Ex device", what)) {
        if (ex)
            IDirect3D9Ex_Release(ex);
        side_free(&a, what);
        return;
    }
    /* D3D11 -> D3D9Ex. */
    {
        HANDLE h = NULL;
        ID3D11Texture2D *t11 = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        IDirect3DTexture9 *t9 = NULL, *wrong = NULL;
        IDirect3DSurface9 *s9 = NULL, *bb = NULL;
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0,
                                   D3D11_RESOURCE_MISC_SHARED};
        IDXGIResource *res = NULL;
        const float c[4] = {0.25f, 0.5f, 0.75f, 1.0f};
        ID3D11Device_CreateTexture2D(a.dev, &td, NULL, &t11);
        if (t11 && ID3D11Texture2D_QueryInterface(t11, &IID_IDXGIResource, (void **)&res) ==
                       S_OK) {
            IDXGIResource_GetSharedHandle(res, &h);
            IDXGIResource_Release(res);
        }
        if (t11)
            ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)t11, NULL, &rtv);
        if (ok(rtv && h, "%s: a shared D3D11 texture", what)) {
            ID3D11DeviceContext_ClearRenderTargetView(a.ctx, rtv, c);
            ID3D11DeviceContext_Flush(a.ctx);
            hr = IDirect3DDevice9Ex_CreateTexture(d9, W, H, 1, D3DUSAGE_RENDERTARGET,
                                                  D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &wrong, &h);
            ok(hr == D3DERR_INVALIDCALL && !wrong, "%s: opened as X8R8G8B8: %#lx", what,
               (unsigned long)hr);
            hr = IDirect3DDevice9Ex_CreateTexture(d9, W, H, 1, D3DUSAGE_RENDERTARGET,
                                                  D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t9, &h);
            ok(hr == D3D_OK && t9, "%s: opened by D3D9Ex as A8R8G8B8: %#lx", what,
               (unsigned long)hr);
        }
        if (t9 && IDirect3DTexture9_GetSurfaceLevel(t9, 0, &s9) == D3D_OK &&
            IDirect3DDevice9Ex_GetBackBuffer(d9, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb) == D3D_OK) {
            IDirect3DDevice9Ex_StretchRect(d9, s9, NULL, bb, NULL, D3DTEXF_POINT);
            DWORD *px = e2e_read_back((IDirect3DDevice9 *)d9, W, H);
            ok(px && e2e_color_near(px[5 * W + 7], 0xff4080bf, 2),
               "%s: D3D9Ex sees D3D11's clear: %08lx", what, px ? (unsigned long)px[5 * W + 7] : 0ul);
            free(px);
        }
        IUnknown *all[] = {(IUnknown *)bb, (IUnknown *)s9, (IUnknown *)t9, (IUnknown *)rtv,
                           (IUnknown *)t11};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    /* D3D9Ex -> D3D11. */
    {
        HANDLE h = NULL;
        IDirect3DTexture9 *t9 = NULL;
        IDirect3DSurface9 *s9 = NULL;
        ID3D11Texture2D *t11 = NULL, *staging = NULL;
        D3D11_TEXTURE2D_DESC d = {0};
        D3D11_MAPPED_SUBRESOURCE m;
        hr = IDirect3DDevice9Ex_CreateTexture(d9, W, H, 1, D3DUSAGE_RENDERTARGET,
                                              D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &t9, &h);
        if (ok(hr == D3D_OK && h && IDirect3DTexture9_GetSurfaceLevel(t9, 0, &s9) == D3D_OK,
               "%s: a shared D3D9Ex texture: %#lx", what, (unsigned long)hr)) {
            IDirect3DQuery9 *q = NULL;
            IDirect3DDevice9Ex_ColorFill(d9, s9, NULL, 0xff1060a0);
            if (IDirect3DDevice9Ex_CreateQuery(d9, D3DQUERYTYPE_EVENT, &q) == D3D_OK) {
                IDirect3DQuery9_Issue(q, D3DISSUE_END);
                IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH);
                IDirect3DQuery9_Release(q);
            }
            hr = ID3D11Device_OpenSharedResource(a.dev, h, &IID_ID3D11Texture2D, (void **)&t11);
            ok(hr == S_OK && t11, "%s: opened by D3D11: %#lx", what, (unsigned long)hr);
        }
        if (t11) {
            ID3D11Texture2D_GetDesc(t11, &d);
            ok(d.Width == W && d.Height == H && d.MipLevels == 1 &&
                   d.Format == DXGI_FORMAT_B8G8R8A8_UNORM &&
                   d.BindFlags == (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE),
               "%s: D3D11's description: %ux%u, %u levels, format %u, bind %#x", what, d.Width,
               d.Height, d.MipLevels, d.Format, d.BindFlags);
            d.Usage = D3D11_USAGE_STAGING;
            d.BindFlags = 0;
            d.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            d.MiscFlags = 0;
            ID3D11Device_CreateTexture2D(a.dev, &d, NULL, &staging);
        }
        if (staging) {
            ID3D11DeviceContext_CopyResource(a.ctx, (ID3D11Resource *)staging,
                                             (ID3D11Resource *)t11);
            if (ok(ID3D11DeviceContext_Map(a.ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ,
                                           0, &m) == S_OK,
                   "%s: mapped", what)) {
                const uint8_t *p = (const uint8_t *)m.pData + 3 * m.RowPitch + 4 * 4;
                uint32_t got = (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
                               (uint32_t)p[1] << 8 | p[0]; /* B, G, R, A in memory */
                ok(got == 0xff1060a0, "%s: D3D11 sees D3D9Ex's fill: %08x", what, got);
                ID3D11DeviceContext_Unmap(a.ctx, (ID3D11Resource *)staging, 0);
            }
        }
        IUnknown *all[] = {(IUnknown *)staging, (IUnknown *)t11, (IUnknown *)s9,
                           (IUnknown *)t9};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    ok(IDirect3DDevice9Ex_Release(d9) == 0, "%s: D3D9Ex device released", what);
    IDirect3D9Ex_Release(ex);
    side_free(&a, what);
}

#ifndef _WIN32
/* The consumer in a process of its own: this program with --consumer
 * HANDLE; the transport and server come through the environment. */
static int consumer_main(const char *handle)
{
    struct side b;
    HANDLE h = (HANDLE)(uintptr_t)strtoull(handle, NULL, 0);
    if (side_make(&b, "consumer process")) {
        ID3D11Texture2D *tb = open_shared(&b, h, "consumer process");
        if (tb) {
            consumer_frames(&b, tb, "consumer process");
            ID3D11Texture2D_Release(tb);
        }
    }
    side_free(&b, "consumer process");
    /* Not the closing line's form: the parent's is the test's. */
    printf("consumer process: %u passed, %u failed\n", test_passed, test_failed);
    return test_failed ? 1 : 0;
}

static void run_two_processes(enum e2e_transport t, const struct e2e_server *server,
                              const char *self)
{
    const char *name = e2e_transport_names[t];
    char what[64], handle[32];
    struct side a;
    HANDLE h = NULL;
    ID3D11Texture2D *ta;
    ID3D11RenderTargetView *rtv = NULL;
    IDXGIKeyedMutex *ka;
    int status = -1;
    pid_t pid;

    snprintf(what, sizeof(what), "%s, two processes", name);
    e2e_use_transport(t, server);
    if (!side_make(&a, what)) {
        side_free(&a, what);
        return;
    }
    ta = make_shared(&a, D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, &h, what);
    ka = mutex_of(ta);
    if (ta)
        ID3D11Device_CreateRenderTargetView(a.dev, (ID3D11Resource *)ta, NULL, &rtv);
    if (ok(ka && rtv, "%s: producer's texture", what)) {
        snprintf(handle, sizeof(handle), "%#llx", (unsigned long long)(uintptr_t)h);
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            execl(self, self, "--consumer", handle, (char *)NULL);
            _exit(127);
        }
        for (int i = 0; i < FRAMES && pid > 0; i++)
            producer_frames(&a, ta, i, what, ka, rtv);
        if (pid > 0)
            waitpid(pid, &status, 0);
        ok(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "%s: the consumer process saw every frame (status %#x)", what, status);
    }
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (ka)
        IDXGIKeyedMutex_Release(ka);
    if (ta)
        ID3D11Texture2D_Release(ta);
    side_free(&a, what);
}
#endif

int main(int argc, char **argv)
{
    struct e2e_server server;
#ifndef _WIN32
    if (argc == 3 && !strcmp(argv[1], "--consumer"))
        return consumer_main(argv[2]);
#endif
    (void)argc;
    if (!e2e_server_start(&server)) {
        ok(0, "nereid-server did not start");
        return test_done();
    }
    for (int t = 0; t < E2E_COUNT; t++)
        if (e2e_transport_supported((enum e2e_transport)t))
            run_here((enum e2e_transport)t, &server);
    for (int t = 0; t < E2E_COUNT; t++)
        if (e2e_transport_supported((enum e2e_transport)t))
            run_interop((enum e2e_transport)t, &server);
    for (int t = 0; t < E2E_COUNT; t++)
        if (e2e_transport_supported((enum e2e_transport)t))
            run_fences((enum e2e_transport)t, &server);
    for (int t = 0; t < E2E_COUNT; t++)
        if (e2e_transport_supported((enum e2e_transport)t))
            run_nt_handles((enum e2e_transport)t, &server);
#ifndef _WIN32
    /* inproc's server lives in the process: another cannot reach it. */
    for (int t = 0; t < E2E_COUNT; t++)
        if (t != E2E_INPROC && e2e_transport_supported((enum e2e_transport)t))
            run_two_processes((enum e2e_transport)t, &server, argv[0]);
#else
    (void)argv;
#endif
    ok(e2e_server_stop(&server) == 0, "the server exits cleanly (no validation errors)");
    return test_done();
}
