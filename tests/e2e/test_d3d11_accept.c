/* nereid tests: what the Direct3D 11 front end accepts, the server must
 * accept too.  A call the front end answers S_OK is recorded and sent;
 * the server checks every record again and cuts the context off (the
 * device removed) where it disagrees -- the application was told its call
 * worked, and loses its device later for it.  Two such disagreements were
 * found by accident (a multisampled copy, GenerateMips of an integer
 * format); this sweep looks for the rest systematically: for every DXGI
 * format, every texture dimension CheckFormatSupport names, with the bind
 * flags it allows, the calls a program makes on such a texture (its views,
 * clears, GenerateMips, UpdateSubresource, copies, a draw sampling it, a
 * draw into it, a staging read-back, a multisampled twin resolved), and
 * typed buffer views of the buffer formats.  After each format the device
 * must still be there (a Map read-back waits for the server); where it is
 * not, the check names the format and the last call, and a new device
 * goes on with the next format.  A front-end refusal of what
 * CheckFormatSupport offered fails too (E_NOTIMPL aside: not built yet,
 * docs/STATUS.md). */
#define COBJMACROS
#include <d3d11.h>
#include "e2e_util.h"
#include "harness.h"
#include "d3d11/shaders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 8 /* the textures' size: whole blocks of every block format */

struct dev {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *target;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps_tex, *ps_tint;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb, *cb;
    ID3D11SamplerState *smp;
};

static const D3D11_INPUT_ELEMENT_DESC elements[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
};

static void rel(void *p)
{
    if (p)
        ((IUnknown *)p)->lpVtbl->Release((IUnknown *)p);
}

static void dev_release(struct dev *d)
{
    void *all[] = {d->smp, d->cb, d->vb, d->layout, d->ps_tint, d->ps_tex, d->vs, d->rtv,
                   d->target, d->ctx, d->dev};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        rel(all[i]);
    memset(d, 0, sizeof(*d));
}

static bool dev_make(struct dev *d)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static const float tri[3 * 7] = {-1, 1, 0.5f, 0.25f, 0.25f, 0, 1, 3, 1, 0.5f, 0.75f,
                                     0.25f, 0, 1, -1, -3, 0.5f, 0.25f, 0.75f, 0, 1};
    static const float tint[4] = {1, 1, 1, 1};
    D3D11_TEXTURE2D_DESC td = {N, N, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BUFFER_DESC vbd = {sizeof(tri), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0,
                             0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA vinit = {tri, 0, 0}, cinit = {tint, 0, 0};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    const UINT stride = 28, zero = 0;
    memset(d, 0, sizeof(*d));
    if (D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                          D3D11_SDK_VERSION, &d->dev, NULL, &d->ctx) != S_OK)
        return false;
    if (ID3D11Device_CreateTexture2D(d->dev, &td, NULL, &d->target) != S_OK ||
        ID3D11Device_CreateRenderTargetView(d->dev, (ID3D11Resource *)d->target, NULL,
                                            &d->rtv) != S_OK ||
        ID3D11Device_CreateVertexShader(d->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL,
                                        &d->vs) != S_OK ||
        ID3D11Device_CreatePixelShader(d->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                       &d->ps_tex) != S_OK ||
        ID3D11Device_CreatePixelShader(d->dev, dxbc_ps_tint, sizeof(dxbc_ps_tint), NULL,
                                       &d->ps_tint) != S_OK ||
        ID3D11Device_CreateInputLayout(d->dev, elements, 2, dxbc_vs_color,
                                       sizeof(dxbc_vs_color), &d->layout) != S_OK ||
        ID3D11Device_CreateBuffer(d->dev, &vbd, &vinit, &d->vb) != S_OK ||
        ID3D11Device_CreateBuffer(d->dev, &cbd, &cinit, &d->cb) != S_OK ||
        ID3D11Device_CreateSamplerState(d->dev, &sd, &d->smp) != S_OK) {
        dev_release(d);
        return false;
    }
    ID3D11DeviceContext_IASetInputLayout(d->ctx, d->layout);
    ID3D11DeviceContext_IASetVertexBuffers(d->ctx, 0, 1, &d->vb, &stride, &zero);
    ID3D11DeviceContext_IASetPrimitiveTopology(d->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_VSSetShader(d->ctx, d->vs, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(d->ctx, 0, 1, &d->cb);
    ID3D11DeviceContext_PSSetSamplers(d->ctx, 0, 1, &d->smp);
    return true;
}

/* Waits for the server (a read-back of the scene's target); whether the
 * device is still there. */
static bool dev_alive(struct dev *d)
{
    D3D11_TEXTURE2D_DESC td = {N, N, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0};
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *st = NULL;
    if (ID3D11Device_CreateTexture2D(d->dev, &td, NULL, &st) == S_OK) {
        ID3D11DeviceContext_CopyResource(d->ctx, (ID3D11Resource *)st,
                                         (ID3D11Resource *)d->target);
        if (ID3D11DeviceContext_Map(d->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
            S_OK)
            ID3D11DeviceContext_Unmap(d->ctx, (ID3D11Resource *)st, 0);
        ID3D11Texture2D_Release(st);
    }
    return ID3D11Device_GetDeviceRemovedReason(d->dev) == S_OK;
}

static bool is_integer(DXGI_FORMAT f)
{
    static const DXGI_FORMAT ints[] = {
        DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT,
        DXGI_FORMAT_R32G32B32_UINT,    DXGI_FORMAT_R32G32B32_SINT,
        DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R16G16B16A16_SINT,
        DXGI_FORMAT_R32G32_UINT,       DXGI_FORMAT_R32G32_SINT,
        DXGI_FORMAT_R10G10B10A2_UINT,  DXGI_FORMAT_R8G8B8A8_UINT,
        DXGI_FORMAT_R8G8B8A8_SINT,     DXGI_FORMAT_R16G16_UINT,
        DXGI_FORMAT_R16G16_SINT,       DXGI_FORMAT_R32_UINT,
        DXGI_FORMAT_R32_SINT,          DXGI_FORMAT_R8G8_UINT,
        DXGI_FORMAT_R8G8_SINT,         DXGI_FORMAT_R16_UINT,
        DXGI_FORMAT_R16_SINT,          DXGI_FORMAT_R8_UINT,
        DXGI_FORMAT_R8_SINT,
    };
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
        if (ints[i] == f)
            return true;
    return false;
}

struct sweep {
    struct dev d;
    DXGI_FORMAT format;
    const char *last;  /* the last call made */
    char what[96];     /* the texture it was made on */
    char trail[1024];  /* the format's calls so far, for a removed device's report */
    unsigned textures, removals, refusals;
};

static void call(struct sweep *w, const char *name)
{
    size_t n = strlen(w->trail);
    w->last = name;
    if (n + strlen(name) + strlen(w->what) + 8 < sizeof(w->trail))
        snprintf(w->trail + n, sizeof(w->trail) - n, "%s%s (%s)", n ? ", " : "", name, w->what);
}

/* A call CheckFormatSupport promised: S_OK, or E_NOTIMPL (not built).  A
 * removed device is reported once, by run's check after the format. */
static bool promised(struct sweep *w, HRESULT hr, const char *name)
{
    call(w, name);
    if (hr == DXGI_ERROR_DEVICE_REMOVED)
        return false;
    if (hr == E_NOTIMPL) {
        w->refusals++;
        return false;
    }
    ok(hr == S_OK, "format %u, %s: %s answered %#x where CheckFormatSupport offered it",
       w->format, w->what, name, (unsigned)hr);
    return hr == S_OK;
}

/* A render-target view cleared and drawn into (with a depth view, or
 * none), then the scene's target bound again.  (A float output into an
 * integer target is undefined in D3D11, never a lost device.) */
static void draw_into(struct sweep *w, ID3D11RenderTargetView *rtv, ID3D11DepthStencilView *dsv)
{
    static const float c[4] = {0.25f, 0.5f, 0.75f, 1};
    if (rtv) {
        call(w, "ClearRenderTargetView");
        ID3D11DeviceContext_ClearRenderTargetView(w->d.ctx, rtv, c);
    }
    if (dsv) {
        call(w, "ClearDepthStencilView");
        ID3D11DeviceContext_ClearDepthStencilView(w->d.ctx, dsv,
                                                  D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                                  0.5f, 3);
    }
    call(w, "a draw into the views");
    ID3D11DeviceContext_OMSetRenderTargets(w->d.ctx, 1, rtv ? &rtv : &w->d.rtv, dsv);
    ID3D11DeviceContext_PSSetShader(w->d.ctx, w->d.ps_tint, NULL, 0);
    ID3D11DeviceContext_Draw(w->d.ctx, 3, 0);
    ID3D11DeviceContext_OMSetRenderTargets(w->d.ctx, 1, &w->d.rtv, NULL);
}

/* A draw whose pixel shader samples the view (a Texture2D). */
static void draw_sampling(struct sweep *w, ID3D11ShaderResourceView *srv, const char *what)
{
    call(w, what);
    ID3D11DeviceContext_PSSetShader(w->d.ctx, w->d.ps_tex, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(w->d.ctx, 0, 1, &srv);
    ID3D11DeviceContext_Draw(w->d.ctx, 3, 0);
    ID3D11DeviceContext_PSSetShaderResources(w->d.ctx, 0, 1,
                                             &(ID3D11ShaderResourceView *){NULL});
}

/* A UAV cleared as its format's numbers are. */
static void clear_uav(struct sweep *w, ID3D11UnorderedAccessView *uav, DXGI_FORMAT f)
{
    static const UINT u[4] = {1, 2, 3, 4};
    static const float c[4] = {0.25f, 0.5f, 0.75f, 1};
    call(w, "ClearUnorderedAccessView");
    if (is_integer(f))
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(w->d.ctx, uav, u);
    else
        ID3D11DeviceContext_ClearUnorderedAccessViewFloat(w->d.ctx, uav, c);
}

/* The calls of a program on one texture (desc as made; its dimension
 * 1, 2 or 3). */
static void sweep_texture(struct sweep *w, int dim, const void *desc, UINT support)
{
    ID3D11Device *dev = w->d.dev;
    ID3D11DeviceContext *ctx = w->d.ctx;
    ID3D11Resource *tex = NULL, *twin = NULL, *staging = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    static uint8_t zeros[16 * N * N * N];
    D3D11_TEXTURE1D_DESC d1;
    D3D11_TEXTURE2D_DESC d2;
    D3D11_TEXTURE3D_DESC d3;
    UINT bind, misc;
    HRESULT hr;

    if (dim == 1) {
        d1 = *(const D3D11_TEXTURE1D_DESC *)desc;
        bind = d1.BindFlags, misc = d1.MiscFlags;
        hr = ID3D11Device_CreateTexture1D(dev, &d1, NULL, (ID3D11Texture1D **)&tex);
    } else if (dim == 2) {
        d2 = *(const D3D11_TEXTURE2D_DESC *)desc;
        bind = d2.BindFlags, misc = d2.MiscFlags;
        hr = ID3D11Device_CreateTexture2D(dev, &d2, NULL, (ID3D11Texture2D **)&tex);
    } else {
        d3 = *(const D3D11_TEXTURE3D_DESC *)desc;
        bind = d3.BindFlags, misc = d3.MiscFlags;
        hr = ID3D11Device_CreateTexture3D(dev, &d3, NULL, (ID3D11Texture3D **)&tex);
    }
    if (!promised(w, hr, "CreateTexture"))
        return;
    w->textures++;
    /* Views of the whole texture (no description). */
    if ((bind & D3D11_BIND_SHADER_RESOURCE) &&
        promised(w, ID3D11Device_CreateShaderResourceView(dev, tex, NULL, &srv),
                 "CreateShaderResourceView") &&
        (misc & D3D11_RESOURCE_MISC_GENERATE_MIPS)) {
        call(w, "GenerateMips");
        ID3D11DeviceContext_GenerateMips(ctx, srv);
    }
    if ((bind & D3D11_BIND_RENDER_TARGET) &&
        promised(w, ID3D11Device_CreateRenderTargetView(dev, tex, NULL, &rtv),
                 "CreateRenderTargetView"))
        draw_into(w, rtv, NULL);
    if ((bind & D3D11_BIND_DEPTH_STENCIL) &&
        promised(w, ID3D11Device_CreateDepthStencilView(dev, tex, NULL, &dsv),
                 "CreateDepthStencilView")) {
        if (dim == 2) /* the depth target under the scene's colour one */
            draw_into(w, NULL, dsv);
        else {
            call(w, "ClearDepthStencilView");
            ID3D11DeviceContext_ClearDepthStencilView(
                ctx, dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f, 3);
        }
    }
    if ((bind & D3D11_BIND_UNORDERED_ACCESS) &&
        promised(w, ID3D11Device_CreateUnorderedAccessView(dev, tex, NULL, &uav),
                 "CreateUnorderedAccessView"))
        clear_uav(w, uav, w->format);
    /* A draw sampling it, where the pixel shader's Texture2D fits. */
    if (srv && dim == 2 && !(misc & D3D11_RESOURCE_MISC_TEXTURECUBE) && d2.ArraySize == 1 &&
        (support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE) && !dsv)
        draw_sampling(w, srv, "a draw sampling it");
    /* Bytes into level 0 (a generous pitch: any format's row fits). */
    if (!(bind & D3D11_BIND_DEPTH_STENCIL)) {
        call(w, "UpdateSubresource");
        ID3D11DeviceContext_UpdateSubresource(ctx, tex, 0, NULL, zeros, 16 * N, 16 * N * N);
    }
    /* Copies into a twin of the same description, and a staging read. */
    if (dim == 1)
        hr = ID3D11Device_CreateTexture1D(dev, &d1, NULL, (ID3D11Texture1D **)&twin);
    else if (dim == 2)
        hr = ID3D11Device_CreateTexture2D(dev, &d2, NULL, (ID3D11Texture2D **)&twin);
    else
        hr = ID3D11Device_CreateTexture3D(dev, &d3, NULL, (ID3D11Texture3D **)&twin);
    if (hr == S_OK) {
        call(w, "CopyResource");
        ID3D11DeviceContext_CopyResource(ctx, twin, tex);
        call(w, "CopySubresourceRegion of level 1");
        ID3D11DeviceContext_CopySubresourceRegion(ctx, twin, 1, 0, 0, 0, tex, 1, NULL);
    }
    if (support & D3D11_FORMAT_SUPPORT_CPU_LOCKABLE) {
        if (dim == 1) {
            D3D11_TEXTURE1D_DESC s = d1;
            s.Usage = D3D11_USAGE_STAGING, s.BindFlags = 0, s.MiscFlags = 0;
            s.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            hr = ID3D11Device_CreateTexture1D(dev, &s, NULL, (ID3D11Texture1D **)&staging);
        } else if (dim == 2) {
            D3D11_TEXTURE2D_DESC s = d2;
            s.Usage = D3D11_USAGE_STAGING, s.BindFlags = 0, s.MiscFlags = 0;
            s.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            hr = ID3D11Device_CreateTexture2D(dev, &s, NULL, (ID3D11Texture2D **)&staging);
        } else {
            D3D11_TEXTURE3D_DESC s = d3;
            s.Usage = D3D11_USAGE_STAGING, s.BindFlags = 0, s.MiscFlags = 0;
            s.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            hr = ID3D11Device_CreateTexture3D(dev, &s, NULL, (ID3D11Texture3D **)&staging);
        }
        if (promised(w, hr, "CreateTexture (staging)")) {
            D3D11_MAPPED_SUBRESOURCE m;
            call(w, "CopyResource to staging");
            ID3D11DeviceContext_CopyResource(ctx, staging, tex);
            if (promised(w, ID3D11DeviceContext_Map(ctx, staging, 0, D3D11_MAP_READ, 0, &m),
                         "Map of the staging copy"))
                ID3D11DeviceContext_Unmap(ctx, staging, 0);
        }
    }
    void *all[] = {uav, dsv, rtv, srv, staging, twin, tex};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        rel(all[i]);
}

/* A multisampled render target of the format (4 samples where the device
 * has them), cleared, drawn into and resolved. */
static void sweep_msaa(struct sweep *w, UINT support)
{
    ID3D11Device *dev = w->d.dev;
    ID3D11DeviceContext *ctx = w->d.ctx;
    bool depth = support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    D3D11_TEXTURE2D_DESC td = {N, N, 1, 1, w->format, {4, 0}, D3D11_USAGE_DEFAULT,
                               depth ? D3D11_BIND_DEPTH_STENCIL : D3D11_BIND_RENDER_TARGET, 0,
                               0};
    ID3D11Texture2D *ms = NULL, *one = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    UINT levels = 0;
    if (ID3D11Device_CheckMultisampleQualityLevels(dev, w->format, 4, &levels) != S_OK ||
        !levels)
        return;
    snprintf(w->what, sizeof(w->what), "2D 4 samples");
    if (!promised(w, ID3D11Device_CreateTexture2D(dev, &td, NULL, &ms), "CreateTexture2D"))
        return;
    if (depth) {
        /* A multisampled depth target under a multisampled colour one. */
        D3D11_TEXTURE2D_DESC cd = td;
        ID3D11Texture2D *colour = NULL;
        cd.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
        cd.BindFlags = D3D11_BIND_RENDER_TARGET;
        if (promised(w, ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)ms, NULL,
                                                            &dsv),
                     "CreateDepthStencilView") &&
            ID3D11Device_CreateTexture2D(dev, &cd, NULL, &colour) == S_OK &&
            ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)colour, NULL, &rtv) ==
                S_OK)
            draw_into(w, rtv, dsv);
        rel(rtv);
        rel(dsv);
        rel(colour);
        rel(ms);
        return;
    }
    if (!promised(w, ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)ms, NULL, &rtv),
                  "CreateRenderTargetView")) {
        rel(ms);
        return;
    }
    draw_into(w, rtv, NULL);
    td.SampleDesc.Count = 1;
    if ((support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE) &&
        ID3D11Device_CreateTexture2D(dev, &td, NULL, &one) == S_OK) {
        call(w, "ResolveSubresource");
        ID3D11DeviceContext_ResolveSubresource(ctx, (ID3D11Resource *)one, 0,
                                               (ID3D11Resource *)ms, 0, w->format);
    }
    rel(one);
    rel(rtv);
    rel(ms);
}

/* Typed views of a buffer of the format. */
static void sweep_buffer(struct sweep *w, UINT support)
{
    D3D11_BUFFER_DESC bd = {256, D3D11_USAGE_DEFAULT, 0, 0, 0, 0};
    ID3D11Buffer *b = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    bool sample = support & (D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_BUFFER);
    bool typed_uav = support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    if (!(support & D3D11_FORMAT_SUPPORT_BUFFER))
        return;
    bd.BindFlags = D3D11_BIND_SHADER_RESOURCE | (typed_uav ? D3D11_BIND_UNORDERED_ACCESS : 0);
    snprintf(w->what, sizeof(w->what), "buffer");
    if (!promised(w, ID3D11Device_CreateBuffer(w->d.dev, &bd, NULL, &b), "CreateBuffer"))
        return;
    if (sample) {
        D3D11_SHADER_RESOURCE_VIEW_DESC sd = {w->format, D3D11_SRV_DIMENSION_BUFFER};
        sd.Buffer.FirstElement = 0;
        sd.Buffer.NumElements = 4;
        (void)promised(w, ID3D11Device_CreateShaderResourceView(w->d.dev, (ID3D11Resource *)b,
                                                                &sd, &srv),
                       "CreateShaderResourceView (buffer)");
    }
    if (typed_uav) {
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = {w->format, D3D11_UAV_DIMENSION_BUFFER};
        ud.Buffer.FirstElement = 0;
        ud.Buffer.NumElements = 4;
        if (promised(w, ID3D11Device_CreateUnorderedAccessView(w->d.dev, (ID3D11Resource *)b,
                                                               &ud, &uav),
                     "CreateUnorderedAccessView (buffer)"))
            clear_uav(w, uav, w->format);
    }
    rel(uav);
    rel(srv);
    rel(b);
}

static void sweep_format(struct sweep *w, UINT s)
{
    const UINT srv_bits = D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
    UINT bind = ((s & srv_bits) ? D3D11_BIND_SHADER_RESOURCE : 0) |
                ((s & D3D11_FORMAT_SUPPORT_RENDER_TARGET) ? D3D11_BIND_RENDER_TARGET : 0) |
                ((s & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL) ? D3D11_BIND_DEPTH_STENCIL : 0) |
                ((s & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)
                     ? D3D11_BIND_UNORDERED_ACCESS
                     : 0);
    /* D3D11 allows no UAV of a depth-stencil texture. */
    if (bind & D3D11_BIND_DEPTH_STENCIL)
        bind &= ~D3D11_BIND_UNORDERED_ACCESS;
    UINT mips = (s & D3D11_FORMAT_SUPPORT_MIP) ? 2 : 1;
    UINT autogen = (s & D3D11_FORMAT_SUPPORT_MIP_AUTOGEN) &&
                           (bind & D3D11_BIND_SHADER_RESOURCE) &&
                           (bind & D3D11_BIND_RENDER_TARGET) && mips > 1
                       ? D3D11_RESOURCE_MISC_GENERATE_MIPS
                       : 0;
    if (s & D3D11_FORMAT_SUPPORT_TEXTURE1D) {
        D3D11_TEXTURE1D_DESC d = {N, mips, 2, w->format, D3D11_USAGE_DEFAULT, bind, 0, autogen};
        snprintf(w->what, sizeof(w->what), "1D array of 2, %u levels", mips);
        sweep_texture(w, 1, &d, s);
    }
    if (s & D3D11_FORMAT_SUPPORT_TEXTURE2D) {
        D3D11_TEXTURE2D_DESC d = {N, N, mips, 1, w->format, {1, 0}, D3D11_USAGE_DEFAULT,
                                  bind, 0, autogen};
        snprintf(w->what, sizeof(w->what), "2D, %u levels", mips);
        sweep_texture(w, 2, &d, s);
        if (s & D3D11_FORMAT_SUPPORT_TEXTURECUBE) {
            d.ArraySize = 6;
            d.BindFlags = bind & ~(UINT)D3D11_BIND_UNORDERED_ACCESS;
            d.MiscFlags |= D3D11_RESOURCE_MISC_TEXTURECUBE;
            snprintf(w->what, sizeof(w->what), "cube, %u levels", mips);
            sweep_texture(w, 2, &d, s);
        }
    }
    if (s & D3D11_FORMAT_SUPPORT_TEXTURE3D) {
        D3D11_TEXTURE3D_DESC d = {N, N, 4, mips, w->format, D3D11_USAGE_DEFAULT,
                                  bind & ~(UINT)D3D11_BIND_DEPTH_STENCIL, 0, autogen};
        snprintf(w->what, sizeof(w->what), "3D, %u levels", mips);
        sweep_texture(w, 3, &d, s);
    }
    if (s & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET)
        sweep_msaa(w, s);
    sweep_buffer(w, s);
}

/* The typeless families: each typeless format and the formats its views
 * may have (DXGI's enumeration). */
#define FAMILY_MAX 8
static const UINT families[][FAMILY_MAX] = {
    {1, 2, 3, 4},          {5, 6, 7, 8},          {9, 10, 11, 12, 13, 14},
    {15, 16, 17, 18},      {19, 20, 21, 22},      {23, 24, 25},
    {27, 28, 29, 30, 31, 32}, {33, 34, 35, 36, 37, 38}, {39, 40, 41, 42, 43},
    {44, 45, 46, 47},      {48, 49, 50, 51, 52},  {53, 54, 55, 56, 57, 58, 59},
    {60, 61, 62, 63, 64},  {70, 71, 72},          {73, 74, 75},
    {76, 77, 78},          {79, 80, 81},          {82, 83, 84},
    {90, 87, 91},          {92, 88, 93},          {94, 95, 96},
    {97, 98, 99},
};

/* The formats through which shaders read a depth family's texture
 * (R32_FLOAT, R24_UNORM_X8_TYPELESS, X24_TYPELESS_G8_UINT, R16_UNORM,
 * R32_FLOAT_X8X24_TYPELESS, X32_TYPELESS_G8X24_UINT); its other colour
 * members are not (E_INVALIDARG: a depth image has no views of them). */
static bool depth_read_format(UINT f)
{
    return f == 41 || f == 46 || f == 47 || f == 56 || f == 21 || f == 22;
}

/* A texture of a typeless format bound for what its members can be, and
 * each member's views of it with a description (the member's format; a
 * colour member of a depth family reads the depth). */
static void sweep_family(struct sweep *w, const UINT *fam)
{
    ID3D11Device *dev = w->d.dev;
    ID3D11DeviceContext *ctx = w->d.ctx;
    UINT sup[FAMILY_MAX] = {0}, any = 0, bind = 0;
    ID3D11Texture2D *tex = NULL;
    w->format = (DXGI_FORMAT)fam[0];
    if (ID3D11Device_CheckFormatSupport(dev, (DXGI_FORMAT)fam[0], &sup[0]) != S_OK ||
        !(sup[0] & D3D11_FORMAT_SUPPORT_TEXTURE2D))
        return;
    for (int i = 1; i < FAMILY_MAX && fam[i]; i++)
        if (ID3D11Device_CheckFormatSupport(dev, (DXGI_FORMAT)fam[i], &sup[i]) == S_OK)
            any |= sup[i];
    if (any & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL)
        bind = D3D11_BIND_DEPTH_STENCIL;
    else
        bind = ((any & D3D11_FORMAT_SUPPORT_RENDER_TARGET) ? D3D11_BIND_RENDER_TARGET : 0) |
               ((any & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)
                    ? D3D11_BIND_UNORDERED_ACCESS
                    : 0);
    if (any & (D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_SHADER_LOAD))
        bind |= D3D11_BIND_SHADER_RESOURCE;
    UINT mips = (sup[0] & D3D11_FORMAT_SUPPORT_MIP) ? 2 : 1;
    D3D11_TEXTURE2D_DESC td = {N, N, mips, 1, (DXGI_FORMAT)fam[0], {1, 0},
                               D3D11_USAGE_DEFAULT, bind, 0, 0};
    snprintf(w->what, sizeof(w->what), "typeless 2D bound %#x", bind);
    if (!promised(w, ID3D11Device_CreateTexture2D(dev, &td, NULL, &tex), "CreateTexture2D"))
        return;
    w->textures++;
    for (int i = 1; i < FAMILY_MAX && fam[i]; i++) {
        DXGI_FORMAT f = (DXGI_FORMAT)fam[i];
        UINT s = sup[i];
        snprintf(w->what, sizeof(w->what), "typeless %u's texture viewed as %u", fam[0],
                 fam[i]);
        if ((bind & D3D11_BIND_SHADER_RESOURCE) &&
            (s & (D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_SHADER_LOAD)) &&
            (!(bind & D3D11_BIND_DEPTH_STENCIL) || depth_read_format(fam[i]))) {
            D3D11_SHADER_RESOURCE_VIEW_DESC sd = {f, D3D11_SRV_DIMENSION_TEXTURE2D};
            ID3D11ShaderResourceView *srv = NULL;
            sd.Texture2D.MostDetailedMip = mips - 1;
            sd.Texture2D.MipLevels = 1;
            if (promised(w, ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)tex,
                                                                  &sd, &srv),
                         "CreateShaderResourceView of its last level") &&
                (s & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE))
                draw_sampling(w, srv, "a draw sampling the view");
            rel(srv);
        }
        if ((bind & D3D11_BIND_RENDER_TARGET) && (s & D3D11_FORMAT_SUPPORT_RENDER_TARGET)) {
            D3D11_RENDER_TARGET_VIEW_DESC rd = {f, D3D11_RTV_DIMENSION_TEXTURE2D};
            ID3D11RenderTargetView *rtv = NULL;
            rd.Texture2D.MipSlice = mips - 1;
            if (promised(w, ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)tex, &rd,
                                                                &rtv),
                         "CreateRenderTargetView of its last level"))
                draw_into(w, rtv, NULL);
            rel(rtv);
        }
        if ((bind & D3D11_BIND_DEPTH_STENCIL) && (s & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL)) {
            D3D11_DEPTH_STENCIL_VIEW_DESC dd = {f, D3D11_DSV_DIMENSION_TEXTURE2D, 0};
            ID3D11DepthStencilView *dsv = NULL;
            if (promised(w, ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)tex, &dd,
                                                                &dsv),
                         "CreateDepthStencilView")) {
                call(w, "ClearDepthStencilView");
                ID3D11DeviceContext_ClearDepthStencilView(
                    ctx, dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.25f, 1);
            }
            rel(dsv);
        }
        if ((bind & D3D11_BIND_UNORDERED_ACCESS) &&
            (s & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW)) {
            D3D11_UNORDERED_ACCESS_VIEW_DESC ud = {f, D3D11_UAV_DIMENSION_TEXTURE2D};
            ID3D11UnorderedAccessView *uav = NULL;
            if (promised(w, ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)tex,
                                                                   &ud, &uav),
                         "CreateUnorderedAccessView"))
                clear_uav(w, uav, f);
            rel(uav);
        }
    }
    rel(tex);
}

/* State objects: every blend factor and operation, comparison, stencil
 * operation, fill and cull mode, sampler filter and address mode the
 * front end accepts, each drawn with (a sampler: by a draw sampling a
 * texture through it). */
static void sweep_states(struct sweep *w)
{
    ID3D11Device *dev = w->d.dev;
    ID3D11DeviceContext *ctx = w->d.ctx;
    static const uint32_t texel = 0xff8040c0;
    D3D11_TEXTURE2D_DESC td = {1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_TEXTURE2D_DESC dd = {N, N, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {&texel, 4, 0};
    ID3D11Texture2D *tex = NULL, *depth = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    HRESULT hr;

    w->format = 0;
    if (ID3D11Device_CreateTexture2D(dev, &td, &init, &tex) != S_OK ||
        ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)tex, NULL, &srv) != S_OK ||
        ID3D11Device_CreateTexture2D(dev, &dd, NULL, &depth) != S_OK ||
        ID3D11Device_CreateDepthStencilView(dev, (ID3D11Resource *)depth, NULL, &dsv) != S_OK)
        goto out;
    ID3D11DeviceContext_PSSetShader(ctx, w->d.ps_tint, NULL, 0);
    /* Blend: each factor as source and destination, colour and alpha,
     * under each operation. */
    for (UINT op = D3D11_BLEND_OP_ADD; op <= D3D11_BLEND_OP_MAX; op++)
        for (UINT f = D3D11_BLEND_ZERO; f <= D3D11_BLEND_INV_SRC1_ALPHA; f++) {
            D3D11_BLEND_DESC bd = {0};
            ID3D11BlendState *bs = NULL;
            if (f == 12 || f == 13)
                continue; /* no such factors */
            bd.RenderTarget[0] = (D3D11_RENDER_TARGET_BLEND_DESC){
                TRUE, f, f, op, f == D3D11_BLEND_SRC_COLOR || f == D3D11_BLEND_INV_SRC_COLOR ||
                                        f == D3D11_BLEND_DEST_COLOR ||
                                        f == D3D11_BLEND_INV_DEST_COLOR ||
                                        f == D3D11_BLEND_SRC1_COLOR ||
                                        f == D3D11_BLEND_INV_SRC1_COLOR
                                    ? D3D11_BLEND_ONE
                                    : f,
                D3D11_BLEND_ONE, op, D3D11_COLOR_WRITE_ENABLE_ALL};
            snprintf(w->what, sizeof(w->what), "blend factor %u, operation %u", f, op);
            hr = ID3D11Device_CreateBlendState(dev, &bd, &bs);
            call(w, "CreateBlendState");
            if (hr == S_OK) {
                call(w, "a draw with it");
                ID3D11DeviceContext_OMSetBlendState(ctx, bs, NULL, 0xffffffffu);
                ID3D11DeviceContext_Draw(ctx, 3, 0);
                ID3D11BlendState_Release(bs);
            }
        }
    ID3D11DeviceContext_OMSetBlendState(ctx, NULL, NULL, 0xffffffffu);
    /* Depth and stencil: each comparison, each stencil operation. */
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &w->d.rtv, dsv);
    for (UINT cmp = D3D11_COMPARISON_NEVER; cmp <= D3D11_COMPARISON_ALWAYS; cmp++)
        for (UINT sop = D3D11_STENCIL_OP_KEEP; sop <= D3D11_STENCIL_OP_DECR; sop++) {
            D3D11_DEPTH_STENCIL_DESC ds = {TRUE, D3D11_DEPTH_WRITE_MASK_ALL, cmp, TRUE, 0xff,
                                           0x0f, {sop, sop, sop, cmp}, {sop, sop, sop, cmp}};
            ID3D11DepthStencilState *st = NULL;
            snprintf(w->what, sizeof(w->what), "comparison %u, stencil operation %u", cmp, sop);
            hr = ID3D11Device_CreateDepthStencilState(dev, &ds, &st);
            call(w, "CreateDepthStencilState");
            if (hr == S_OK) {
                call(w, "a draw with it");
                ID3D11DeviceContext_OMSetDepthStencilState(ctx, st, sop);
                ID3D11DeviceContext_Draw(ctx, 3, 0);
                ID3D11DepthStencilState_Release(st);
            }
        }
    ID3D11DeviceContext_OMSetDepthStencilState(ctx, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &w->d.rtv, NULL);
    /* Rasterizer: fill, cull, winding, bias, clip, scissor, lines. */
    for (UINT k = 0; k < 64; k++) {
        D3D11_RASTERIZER_DESC rd = {k & 1 ? D3D11_FILL_WIREFRAME : D3D11_FILL_SOLID,
                                    (D3D11_CULL_MODE)(1 + (k >> 1) % 3),
                                    (k >> 3) & 1,
                                    (k >> 4) & 1 ? 16 : 0,
                                    (k >> 4) & 1 ? 0.5f : 0,
                                    (k >> 4) & 1 ? 1.0f : 0,
                                    !((k >> 5) & 1),
                                    (k >> 5) & 1,
                                    (k >> 3) & 1,
                                    (k >> 4) & 1};
        ID3D11RasterizerState *rs = NULL;
        snprintf(w->what, sizeof(w->what), "rasterizer state %u", k);
        hr = ID3D11Device_CreateRasterizerState(dev, &rd, &rs);
        call(w, "CreateRasterizerState");
        if (hr == S_OK) {
            call(w, "a draw with it");
            ID3D11DeviceContext_RSSetState(ctx, rs);
            ID3D11DeviceContext_Draw(ctx, 3, 0);
            ID3D11RasterizerState_Release(rs);
        }
    }
    ID3D11DeviceContext_RSSetState(ctx, NULL);
    /* Samplers: each filter D3D11 names (comparison, minimum and maximum
     * ones included), each address mode, a draw sampling through it. */
    ID3D11DeviceContext_PSSetShader(ctx, w->d.ps_tex, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &srv);
    for (UINT f = 0; f <= 0x1d5; f++)
        for (UINT a = D3D11_TEXTURE_ADDRESS_WRAP; a <= D3D11_TEXTURE_ADDRESS_MIRROR_ONCE; a++) {
            D3D11_SAMPLER_DESC sd = {f, a, a, a, 0.5f, 4, D3D11_COMPARISON_LESS,
                                     {0.25f, 0.5f, 0.75f, 1}, 0, 8};
            ID3D11SamplerState *smp = NULL;
            hr = ID3D11Device_CreateSamplerState(dev, &sd, &smp);
            if (hr != S_OK)
                continue; /* not a filter (E_INVALIDARG), or not built */
            snprintf(w->what, sizeof(w->what), "sampler filter %#x, address %u", f, a);
            call(w, "a draw sampling through it");
            ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &smp);
            ID3D11DeviceContext_Draw(ctx, 3, 0);
            ID3D11SamplerState_Release(smp);
        }
    ID3D11DeviceContext_PSSetSamplers(ctx, 0, 1, &w->d.smp);
    ID3D11DeviceContext_PSSetShaderResources(ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
out:
    rel(dsv);
    rel(depth);
    rel(srv);
    rel(tex);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    struct sweep w = {0};
    unsigned formats = 0;

    e2e_use_transport(t, server);
    if (!ok(dev_make(&w.d), "%s: a device of level 11_0", name))
        return;
    for (UINT f = 1; f <= DXGI_FORMAT_B4G4R4A4_UNORM; f++) {
        UINT support = 0;
        if (ID3D11Device_CheckFormatSupport(w.d.dev, (DXGI_FORMAT)f, &support) != S_OK ||
            !support)
            continue;
        formats++;
        w.format = (DXGI_FORMAT)f;
        w.trail[0] = 0;
        snprintf(w.what, sizeof(w.what), "-");
        sweep_format(&w, support);
        if (!ok(dev_alive(&w.d), "%s: format %u: the device is still there after %s",
                name, f, w.trail)) {
            w.removals++;
            dev_release(&w.d);
            if (!ok(dev_make(&w.d), "%s: a new device", name))
                return;
        }
    }
    for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
        w.trail[0] = 0;
        sweep_family(&w, families[i]);
        if (!ok(dev_alive(&w.d), "%s: family %u: the device is still there after %s",
                name, families[i][0], w.trail)) {
            w.removals++;
            dev_release(&w.d);
            if (!ok(dev_make(&w.d), "%s: a new device", name))
                return;
        }
    }
    w.trail[0] = 0;
    sweep_states(&w);
    if (!ok(dev_alive(&w.d), "%s: state objects: the device is still there after %s", name,
            w.trail)) {
        w.removals++;
        dev_release(&w.d);
        if (!ok(dev_make(&w.d), "%s: a new device", name))
            return;
    }
    ok(formats >= 60 && w.textures >= 100,
       "%s: %u formats offered, %u textures made (%u calls not built: E_NOTIMPL)", name,
       formats, w.textures, w.refusals);
    printf("%s: %u formats, %u textures, %u E_NOTIMPL, %u devices removed\n", name, formats,
           w.textures, w.refusals, w.removals);
    dev_release(&w.d);
}

int main(void)
{
    struct e2e_server server;
    if (!e2e_server_start(&server)) {
        ok(0, "nereid-server did not start");
        return test_done();
    }
    /* In process and over a socket: the checks are the server's either
     * way; two transports show that what travels is the same. */
    run(E2E_INPROC, &server);
    if (e2e_transport_supported(E2E_STREAM_UNIX))
        run(E2E_STREAM_UNIX, &server);
    ok(e2e_server_stop(&server) == 0, "the server exits cleanly (no validation errors)");
    return test_done();
}
