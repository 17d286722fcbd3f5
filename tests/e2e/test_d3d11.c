/* End to end through Direct3D 11 and DXGI, over every transport: a device
 * and its immediate context, vertex, index and constant buffers (DEFAULT
 * with UpdateSubresource, DYNAMIC with Map), DXBC shaders translated by the
 * server, an input layout, rasterizer states, a render target read back
 * through a STAGING texture, and a DXGI swap chain presenting headless.
 * The pixel checks follow D3D11's rules, not our code: y = +1 is the top
 * row, clockwise triangles are front faces and back faces are culled by
 * default, a draw's colour is the vertex colour times the constant
 * buffer's tint.  What the slice does not do must fail cleanly. */
#define _GNU_SOURCE
#include <d3d11.h>
#include <d3d11_1.h>
#include <dxgi1_5.h>

#include "e2e_util.h"
#include "harness.h"
#include "d3d11/shaders.h"
#include "dxbc_edit.h"
#include "dxbc_gs.h"
#include "dxbc_ps.h"
#include "dxbc_tess.h"

#ifdef _WIN32
/* mingw-w64's dxguid has no D3D11.3 interface ids: defined here. */
#include <initguid.h>
#endif
#include <d3d11_4.h>

#define ARRAY_N(a) (sizeof(a) / sizeof((a)[0]))

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <dirent.h>
#include <unistd.h>
#endif

#define W 64
#define H 64

struct vertex {
    float x, y, z;
    float r, g, b, a;
};

struct scene {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    ID3D11Texture2D *target, *staging;
    ID3D11RenderTargetView *rtv;
    ID3D11VertexShader *vs;
    ID3D11PixelShader *ps;
    ID3D11InputLayout *layout;
    ID3D11Buffer *vb, *cb;
};

static const D3D11_INPUT_ELEMENT_DESC elements[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT,
     D3D11_INPUT_PER_VERTEX_DATA, 0},
};

/* Releases each of the objects that is not NULL. */
static void release_all(IUnknown **objs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
}

static ULONG refcount(void *iface)
{
    IUnknown *u = iface;
    u->lpVtbl->AddRef(u);
    return u->lpVtbl->Release(u);
}

/* The target's pixels as 0xAARRGGBB. */
static bool read_back(struct scene *s, uint32_t *px)
{
    D3D11_MAPPED_SUBRESOURCE m;
    HRESULT hr;
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->staging,
                                     (ID3D11Resource *)s->target);
    hr = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ, 0,
                                 &m);
    if (!ok(hr == S_OK, "Map of the staging texture: %#x", (unsigned)hr))
        return false;
    ok(m.RowPitch >= W * 4, "row pitch %u", m.RowPitch);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const uint8_t *p = (const uint8_t *)m.pData + (size_t)y * m.RowPitch + x * 4;
            px[y * W + x] = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 |
                            p[2];
        }
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)s->staging, 0);
    return true;
}

static void check(const uint32_t *px, const char *what, int x, int y, uint32_t want)
{
    uint32_t got = px[y * W + x];
    ok(e2e_color_near(got, want, 2), "%s: pixel (%d,%d) is %08x, expected %08x", what, x, y,
       got, want);
}

static void clear(struct scene *s)
{
    static const FLOAT blue[4] = {0, 0, 1, 1};
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
}

/* Three vertices into the vertex buffer (DEFAULT: UpdateSubresource), and
 * a draw of them. */
static void draw_tri_z(struct scene *s, const float pos[6], float z, const float c[4])
{
    struct vertex v[3];
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){pos[2 * i], pos[2 * i + 1], z, c[0], c[1], c[2], c[3]};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
}

static void draw_tri_color(struct scene *s, const float pos[6], const float c[4])
{
    struct vertex v[3];
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){pos[2 * i], pos[2 * i + 1], 0.5f, c[0], c[1], c[2], c[3]};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
}

static void draw_tri(struct scene *s, const float pos[6])
{
    static const float c[4] = {1.0f, 0.5f, 0.25f, 1.0f};
    draw_tri_color(s, pos, c);
}

static void set_tint(struct scene *s, float r, float g, float b, float a)
{
    const float tint[4] = {r, g, b, a};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->cb, 0, NULL, tint, 0,
                                          0);
}

static void bind_scene(struct scene *s, ID3D11DeviceContext *ctx);

static HRESULT make_scene(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BUFFER_DESC vbd = {3 * sizeof(struct vertex), D3D11_USAGE_DEFAULT,
                             D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    const float tint[4] = {1, 1, 1, 1};
    D3D11_SUBRESOURCE_DATA init = {tint, 0, 0};
    HRESULT hr;

    hr = ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->target);
    if (!ok(hr == S_OK, "%s: render target: %#x", name, (unsigned)hr))
        return hr;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &s->staging) == S_OK, "%s: staging",
       name);
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, NULL,
                                           &s->rtv) == S_OK,
       "%s: RTV", name);
    ok(ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL,
                                       &s->vs) == S_OK,
       "%s: vertex shader", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_tint, sizeof(dxbc_ps_tint), NULL,
                                      &s->ps) == S_OK,
       "%s: pixel shader", name);
    ok(ID3D11Device_CreateInputLayout(s->dev, elements, 2, dxbc_vs_color,
                                      sizeof(dxbc_vs_color), &s->layout) == S_OK,
       "%s: input layout", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &vbd, NULL, &s->vb) == S_OK, "%s: vertex buffer",
       name);
    ok(ID3D11Device_CreateBuffer(s->dev, &cbd, &init, &s->cb) == S_OK, "%s: constant buffer",
       name);
    if (!s->staging || !s->rtv || !s->vs || !s->ps || !s->layout || !s->vb || !s->cb)
        return E_FAIL;
    bind_scene(s, s->ctx);
    return S_OK;
}

/* The scene's state on a context: its target and viewport, the vertex
 * colour shader tinted by the constant buffer, the vertex buffer. */
static void bind_scene(struct scene *s, ID3D11DeviceContext *ctx)
{
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1};
    UINT stride = sizeof(struct vertex), offset = 0;
    ID3D11DeviceContext_OMSetRenderTargets(ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(ctx, 1, &vp);
    ID3D11DeviceContext_IASetInputLayout(ctx, s->layout);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_VSSetShader(ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_PSSetShader(ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(ctx, 0, 1, &s->cb);
}

static void release_scene(struct scene *s)
{
    IUnknown *all[] = {(IUnknown *)s->cb,     (IUnknown *)s->vb,     (IUnknown *)s->layout,
                       (IUnknown *)s->ps,     (IUnknown *)s->vs,     (IUnknown *)s->rtv,
                       (IUnknown *)s->staging, (IUnknown *)s->target};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i])
            all[i]->lpVtbl->Release(all[i]);
}

/* A scene of a device of its own gone: its objects, its context, and the
 * device, which must go with them. */
static void drop_scene(struct scene *s, const char *name, const char *what)
{
    release_scene(s);
    if (s->ctx)
        ID3D11DeviceContext_Release(s->ctx);
    if (s->dev)
        ok(ID3D11Device_Release(s->dev) == 0, "%s: %s goes", name, what);
}

/* Upper-left half, clockwise on screen: top-left, top-right, bottom-left. */
static const float upper_left_cw[6] = {-1, 1, 1, 1, -1, -1};
/* Lower-right half, counter-clockwise on screen: top-right, bottom-left,
 * bottom-right. */
static const float lower_right_ccw[6] = {1, 1, -1, -1, 1, -1};

static void test_pixels(struct scene *s, const char *name)
{
    uint32_t *px = malloc(W * H * 4);
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11RasterizerState *none = NULL, *ccw = NULL;
    char what[96];

    /* The vertex colour (1, 0.5, 0.25, 1) times a white tint. */
    clear(s);
    draw_tri(s, upper_left_cw);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: clockwise upper-left triangle", name);
        check(px, what, 4, 4, 0xffff8040);
        check(px, what, 50, 4, 0xffff8040);
        check(px, what, 4, 50, 0xffff8040);
        check(px, what, 60, 60, 0xff0000ff); /* the clear colour */
        check(px, what, 40, 40, 0xff0000ff);
    }

    /* Counter-clockwise is a back face: culled by the default state. */
    clear(s);
    draw_tri(s, lower_right_ccw);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a back face, default culling", name);
        check(px, what, 60, 60, 0xff0000ff);
        check(px, what, 4, 4, 0xff0000ff);
    }
    ok(ID3D11Device_CreateRasterizerState(s->dev, &rd, &none) == S_OK, "%s: CULL_NONE", name);
    rd.CullMode = D3D11_CULL_BACK;
    rd.FrontCounterClockwise = TRUE;
    ok(ID3D11Device_CreateRasterizerState(s->dev, &rd, &ccw) == S_OK, "%s: CCW front", name);
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    clear(s);
    draw_tri(s, lower_right_ccw);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: the back face without culling", name);
        check(px, what, 60, 60, 0xffff8040);
        check(px, what, 4, 4, 0xff0000ff);
    }
    ID3D11DeviceContext_RSSetState(s->ctx, ccw);
    clear(s);
    draw_tri(s, lower_right_ccw);
    draw_tri(s, upper_left_cw); /* now the back face */
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: FrontCounterClockwise", name);
        check(px, what, 60, 60, 0xffff8040);
        check(px, what, 4, 4, 0xff0000ff);
    }
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);

    /* The constant buffer's new bytes reach the next draw, and the old
     * ones the draw before (both in one frame). */
    clear(s);
    draw_tri(s, upper_left_cw);
    set_tint(s, 0.5f, 1.0f, 1.0f, 1.0f);
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    draw_tri(s, lower_right_ccw);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a constant buffer updated between draws", name);
        check(px, what, 4, 4, 0xffff8040);
        check(px, what, 60, 60, 0xff808040);
    }
    set_tint(s, 1, 1, 1, 1);
    /* Blending off with the rest of the description zeros (valid; Wine's
     * d3d11 test found the server cut off for it), and a draw without a
     * pixel shader (dropped for now): the device goes on. */
    {
        D3D11_BLEND_DESC bd;
        ID3D11BlendState *zeros = NULL;
        memset(&bd, 0, sizeof(bd));
        bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        ok(ID3D11Device_CreateBlendState(s->dev, &bd, &zeros) == S_OK, "%s: a zeroed blend "
                                                                        "state", name);
        ID3D11DeviceContext_OMSetBlendState(s->ctx, zeros, NULL, 0xffffffffu);
        clear(s);
        draw_tri(s, upper_left_cw);
        ID3D11DeviceContext_PSSetShader(s->ctx, NULL, NULL, 0);
        draw_tri(s, lower_right_ccw);
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: a zeroed blend state, then no pixel shader", name);
            check(px, what, 4, 4, 0xffff8040);
        }
        ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
        ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffffu);
        if (zeros)
            ID3D11BlendState_Release(zeros);
    }
    if (none)
        ID3D11RasterizerState_Release(none);
    if (ccw)
        ID3D11RasterizerState_Release(ccw);
    free(px);
}

/* DYNAMIC buffers through Map: WRITE_DISCARD vertices and constants, and
 * an indexed draw. */
static void test_dynamic(struct scene *s, const char *name)
{
    D3D11_BUFFER_DESC vbd = {6 * sizeof(struct vertex), D3D11_USAGE_DYNAMIC,
                             D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER,
                             D3D11_CPU_ACCESS_WRITE, 0, 0};
    static const uint16_t idx[3] = {3, 4, 5};
    D3D11_BUFFER_DESC ibd = {sizeof(idx), D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0,
                             0, 0};
    D3D11_SUBRESOURCE_DATA idata = {idx, 0, 0};
    ID3D11Buffer *vb = NULL, *cb = NULL, *ib = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    UINT stride = sizeof(struct vertex), offset = 0;
    uint32_t *px = malloc(W * H * 4);
    char what[96];
    HRESULT hr;

    ok(ID3D11Device_CreateBuffer(s->dev, &vbd, NULL, &vb) == S_OK, "%s: dynamic VB", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &cbd, NULL, &cb) == S_OK, "%s: dynamic CB", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &ibd, &idata, &ib) == S_OK, "%s: immutable IB", name);
    ibd.Usage = D3D11_USAGE_IMMUTABLE;
    ok(ID3D11Device_CreateBuffer(s->dev, &ibd, NULL, &(ID3D11Buffer *){NULL}) ==
           E_INVALIDARG,
       "%s: an IMMUTABLE buffer needs its data", name);
    if (!vb || !cb || !ib)
        goto out;
    hr = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)vb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                 &m);
    if (ok(hr == S_OK, "%s: Map WRITE_DISCARD: %#x", name, (unsigned)hr)) {
        struct vertex *v = m.pData;
        for (int i = 0; i < 6; i++) {
            const float *p = i < 3 ? upper_left_cw : lower_right_ccw;
            /* The first three are a decoy: the index buffer picks 3-5. */
            v[i] = (struct vertex){p[2 * (i % 3)], p[2 * (i % 3) + 1], 0.5f, 0, 1, 0, 1};
        }
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)vb, 0);
    }
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)vb, 0, D3D11_MAP_READ, 0, &m) ==
           E_INVALIDARG,
       "%s: a DYNAMIC buffer does not map for reading", name);
    hr = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)cb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                 &m);
    if (ok(hr == S_OK, "%s: Map of the constant buffer: %#x", name, (unsigned)hr)) {
        const float tint[4] = {1, 0.5f, 1, 1};
        memcpy(m.pData, tint, sizeof(tint));
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)cb, 0);
    }
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &stride, &offset);
    ID3D11DeviceContext_IASetIndexBuffer(s->ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 0, 1, &cb);
    {
        D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                    TRUE, FALSE, FALSE, FALSE};
        ID3D11RasterizerState *none = NULL;
        ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
        ID3D11DeviceContext_RSSetState(s->ctx, none);
        clear(s);
        ID3D11DeviceContext_DrawIndexed(s->ctx, 3, 0, 0);
        ID3D11DeviceContext_RSSetState(s->ctx, NULL);
        if (none)
            ID3D11RasterizerState_Release(none);
    }
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: indexed draw from a mapped buffer", name);
        check(px, what, 60, 60, 0xff008000);
        check(px, what, 4, 4, 0xff0000ff);
    }
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &stride, &offset);
    ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 0, 1, &s->cb);
out:
    if (vb)
        ID3D11Buffer_Release(vb);
    if (cb)
        ID3D11Buffer_Release(cb);
    if (ib)
        ID3D11Buffer_Release(ib);
    free(px);
}

/* A 2x2 texture of red, green / blue, white (row 0 on top, as D3D11 lays
 * texels out), sampled with point and linear filtering, from the pixel
 * and the vertex stage, two textures through one sampler, and an unbound
 * slot (D3D11 reads zeros there). */
static void test_textures(struct scene *s, const char *name)
{
    static const uint32_t texels[4] = {0xff0000ff, 0xff00ff00, 0xffff0000, 0xffffffff};
    static const uint32_t gray[2] = {0xff000000, 0xffffffff};
    D3D11_TEXTURE2D_DESC td = {2, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {texels, 8, 0};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    ID3D11Texture2D *tex = NULL, *ramp = NULL;
    ID3D11ShaderResourceView *srv = NULL, *ramp_srv = NULL, *got = NULL;
    ID3D11SamplerState *point = NULL, *linear = NULL;
    ID3D11PixelShader *ps_tex = NULL, *ps_two = NULL;
    ID3D11VertexShader *vs_fetch = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3}; /* covers the target */
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ok(ID3D11Device_CreateTexture2D(s->dev, &td, &init, &tex) == S_OK, "%s: a 2x2 texture",
       name);
    td.Width = 2;
    td.Height = 1;
    init = (D3D11_SUBRESOURCE_DATA){gray, 8, 0};
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, &init, &ramp) == S_OK, "%s: a 2x1 ramp",
       name);
    if (tex)
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, NULL, &srv) ==
               S_OK,
           "%s: SRV", name);
    if (ramp)
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ramp, NULL,
                                                 &ramp_srv) == S_OK,
           "%s: ramp SRV", name);
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)s->target, NULL, &got) ==
           E_INVALIDARG && !got,
       "%s: no SRV of a texture without BIND_SHADER_RESOURCE", name);
    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, &point) == S_OK, "%s: point sampler", name);
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, &linear) == S_OK, "%s: linear sampler",
       name);
    sd.Filter = D3D11_FILTER_MINIMUM_MIN_MAG_MIP_LINEAR;
    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, &(ID3D11SamplerState *){NULL}) ==
           E_NOTIMPL,
       "%s: min/max filters are not done yet", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                      &ps_tex) == S_OK,
       "%s: ps_texture", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_two, sizeof(dxbc_ps_two), NULL,
                                      &ps_two) == S_OK,
       "%s: ps_two", name);
    ok(ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_fetch, sizeof(dxbc_vs_fetch), NULL,
                                       &vs_fetch) == S_OK,
       "%s: vs_fetch", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!srv || !ramp_srv || !point || !linear || !ps_tex || !ps_two || !vs_fetch || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);

    /* Point sampling: the texture coordinate is the vertex colour's xy. */
    ID3D11DeviceContext_PSSetShader(s->ctx, ps_tex, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &point);
    {
        static const float uv[4][4] = {
            {0.25f, 0.25f, 0, 1}, {0.75f, 0.25f, 0, 1}, {0.25f, 0.75f, 0, 1}, {0.75f, 0.75f, 0, 1}};
        static const uint32_t want[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
        for (int i = 0; i < 4; i++) {
            clear(s);
            draw_tri_color(s, full, uv[i]);
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: point sample at (%.2f, %.2f)", name, uv[i][0],
                         uv[i][1]);
                check(px, what, 32, 32, want[i]);
            }
        }
    }
    /* A DYNAMIC texture: written through Map WRITE_DISCARD, sampled;
     * the draw before a second Map reads the first texels, the one after
     * it the second's. */
    {
        D3D11_TEXTURE2D_DESC dd = {2, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE,
                                   D3D11_CPU_ACCESS_WRITE, 0};
        static const float lower_right_cw[6] = {1, 1, 1, -1, -1, -1};
        ID3D11Texture2D *dyn = NULL;
        ID3D11ShaderResourceView *dyn_srv = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        ok(ID3D11Device_CreateTexture2D(s->dev, &dd, NULL, &dyn) == S_OK, "%s: a DYNAMIC texture",
           name);
        dd.BindFlags |= D3D11_BIND_RENDER_TARGET;
        ok(ID3D11Device_CreateTexture2D(s->dev, &dd, NULL, NULL) == E_INVALIDARG,
           "%s: a DYNAMIC render target is refused", name);
        if (dyn)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)dyn, NULL, &dyn_srv);
        if (dyn && dyn_srv) {
            ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)dyn, 0, D3D11_MAP_WRITE, 0,
                                       &m) == E_INVALIDARG,
               "%s: a DYNAMIC texture is mapped WRITE_DISCARD only", name);
            for (int k = 0; k < 2; k++) {
                if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)dyn, 0,
                                            D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK) {
                    for (int y = 0; y < 2; y++)
                        for (int x = 0; x < 2; x++)
                            ((uint32_t *)((uint8_t *)m.pData + y * m.RowPitch))[x] =
                                k ? 0xff00ffff : 0xffff00ff; /* R8G8B8A8: yellow, magenta */
                    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)dyn, 0);
                }
                if (!k) {
                    clear(s);
                    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &dyn_srv);
                }
                draw_tri_color(s, k ? lower_right_cw : upper_left_cw,
                               (const float[4]){0.25f, 0.25f, 0, 1});
            }
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: a DYNAMIC texture before its second Map", name);
                check(px, what, 4, 4, 0xffff00ff);
                snprintf(what, sizeof(what), "%s: and after it", name);
                check(px, what, W - 4, H - 4, 0xffffff00);
            }
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
        }
        if (dyn_srv)
            ID3D11ShaderResourceView_Release(dyn_srv);
        if (dyn)
            ID3D11Texture2D_Release(dyn);
    }
    /* Linear: halfway between the ramp's black and white. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &ramp_srv);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &linear);
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
    if (read_back(s, px)) {
        uint32_t c = px[32 * W + 32];
        snprintf(what, sizeof(what), "%s: linear sample between black and white", name);
        ok(((c >> 16) & 0xff) >= 0x70 && ((c >> 16) & 0xff) <= 0x90, "%s: %08x", what, c);
    }
    /* An unbound slot reads (0, 0, 0, 0). */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.25f, 0.25f, 0, 1});
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: an unbound texture", name);
        check(px, what, 32, 32, 0x00000000);
    }
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, &got);
    ok(!got, "%s: PSGetShaderResources gives the NULL back", name);

    /* Two textures through sampler 1, and a load: t0 * 0.5 + t1 * 0.25 +
     * t1[1, 1] * 0.25 at (0.25, 0.25), with t0 the 2x2 texture (red there)
     * and t1 the ramp (black there; its (1, 1) is out of range, and a
     * load out of range reads 0): (0.5, 0, 0, 0.75). */
    {
        ID3D11ShaderResourceView *both[2] = {srv, ramp_srv};
        ID3D11DeviceContext_PSSetShader(s->ctx, ps_two, NULL, 0);
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 2, both);
        ID3D11DeviceContext_PSSetSamplers(s->ctx, 1, 1, &point);
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.25f, 0.25f, 0, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: two textures, one sampler, a load", name);
            check(px, what, 32, 32, 0xbf800000);
        }
        {
            ID3D11SamplerState *back = NULL;
            ID3D11DeviceContext_PSGetSamplers(s->ctx, 1, 1, &back);
            ok(back == point, "%s: PSGetSamplers gives slot 1's sampler back", name);
            if (back)
                ID3D11SamplerState_Release(back);
        }
    }
    /* The vertex stage: vs_fetch's colour is t0 at texel (r, g) = (1, 0). */
    ID3D11DeviceContext_VSSetShader(s->ctx, vs_fetch, NULL, 0);
    ID3D11DeviceContext_VSSetShaderResources(s->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    clear(s);
    draw_tri_color(s, full, (const float[4]){1, 0, 0, 1});
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a texture read in the vertex stage", name);
        check(px, what, 32, 32, 0xff00ff00);
    }
    ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_VSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    {
        ID3D11ShaderResourceView *no[2] = {NULL, NULL};
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 2, no);
    }
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
out:
    {
        IUnknown *all[] = {(IUnknown *)tex,    (IUnknown *)ramp,   (IUnknown *)srv,
                           (IUnknown *)ramp_srv, (IUnknown *)point, (IUnknown *)linear,
                           (IUnknown *)ps_tex, (IUnknown *)ps_two, (IUnknown *)vs_fetch,
                           (IUnknown *)none};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    free(px);
}

/* A cube map of six 1x1 faces in D3D's order (+X, -X, +Y, -Y, +Z, -Z),
 * looked up in the six axis directions; a face updated, a face cleared
 * through a render-target view of one array slice, a STAGING cube read
 * back face by face. */
static void test_cube(struct scene *s, const char *name)
{
    static const uint32_t faces[6] = {0xff0000ff, 0xff00ff00, 0xffff0000,
                                      0xffffffff, 0xff00ffff, 0xffffff00}; /* ABGR bytes */
    static const uint32_t want[6] = {0xffff0000, 0xff00ff00, 0xff0000ff,
                                     0xffffffff, 0xffffff00, 0xff00ffff}; /* ARGB */
    static const float dir[6][4] = {{1, 0.5f, 0.5f, 1}, {0, 0.5f, 0.5f, 1}, {0.5f, 1, 0.5f, 1},
                                    {0.5f, 0, 0.5f, 1}, {0.5f, 0.5f, 1, 1}, {0.5f, 0.5f, 0, 1}};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    D3D11_SUBRESOURCE_DATA init[6];
    D3D11_TEXTURE2D_DESC td = {1, 1, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0,
                               D3D11_RESOURCE_MISC_TEXTURECUBE};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
    ID3D11Texture2D *cube = NULL, *stage = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11RenderTargetView *face2 = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    for (int i = 0; i < 6; i++)
        init[i] = (D3D11_SUBRESOURCE_DATA){&faces[i], 4, 0};
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, init, &cube) == S_OK, "%s: a cube map", name);
    td.ArraySize = 5;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &(ID3D11Texture2D *){NULL}) ==
           E_INVALIDARG,
       "%s: a cube map of 5 layers", name);
    td.ArraySize = 6;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &stage) == S_OK, "%s: a staging cube",
       name);
    if (cube) {
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)cube, NULL, &srv) ==
               S_OK,
           "%s: its SRV", name);
        rv.Texture2DArray.FirstArraySlice = 2;
        rv.Texture2DArray.ArraySize = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)cube, &rv, &face2) ==
               S_OK,
           "%s: an RTV of face 2", name);
    }
    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_cube, sizeof(dxbc_ps_cube), NULL, &ps) ==
           S_OK,
       "%s: ps_cube", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!srv || !stage || !face2 || !smp || !ps || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &srv);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    for (int i = 0; i < 6; i++) {
        clear(s);
        draw_tri_color(s, full, dir[i]);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: cube face %d", name, i);
            check(px, what, 32, 32, want[i]);
        }
    }
    /* Face 4 anew; face 2 cleared through its view. */
    {
        static const uint32_t gray = 0xff808080;
        static const FLOAT black[4] = {0, 0, 0, 1};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cube, 4, NULL, &gray, 4,
                                              0);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, face2, black);
    }
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)stage, (ID3D11Resource *)cube);
    for (UINT f = 0; f < 6; f++)
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)stage, f, D3D11_MAP_READ, 0, &m) ==
            S_OK) {
            uint32_t expect = f == 4 ? 0xff808080 : f == 2 ? 0xff000000 : faces[f];
            ok(*(const uint32_t *)m.pData == expect, "%s: face %u read back: %08x", name, f,
               *(const uint32_t *)m.pData);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)stage, f);
        } else {
            ok(0, "%s: Map of face %u", name, f);
        }
    {
        /* A cube map of 7 layers (D3D11 allows any count from 6): its SRV
         * a cube of layers 0-5, layer 6 there as a subresource. */
        static const uint32_t extra = 0xff7f7f7f;
        D3D11_SUBRESOURCE_DATA init7[7];
        D3D11_TEXTURE2D_DESC td7 = td;
        D3D11_SHADER_RESOURCE_VIEW_DESC got;
        ID3D11Texture2D *c7 = NULL, *st7 = NULL;
        ID3D11ShaderResourceView *v7 = NULL;
        for (int i = 0; i < 6; i++)
            init7[i] = (D3D11_SUBRESOURCE_DATA){&faces[i], 4, 0};
        init7[6] = (D3D11_SUBRESOURCE_DATA){&extra, 4, 0};
        td7.ArraySize = 7;
        td7.Usage = D3D11_USAGE_DEFAULT;
        td7.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        td7.CPUAccessFlags = 0;
        td7.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
        ok(ID3D11Device_CreateTexture2D(s->dev, &td7, init7, &c7) == S_OK,
           "%s: a cube map of 7 layers", name);
        td7.ArraySize = 1;
        td7.Usage = D3D11_USAGE_STAGING;
        td7.BindFlags = 0;
        td7.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        td7.MiscFlags = 0;
        ID3D11Device_CreateTexture2D(s->dev, &td7, NULL, &st7);
        if (c7 && st7 &&
            ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)c7, NULL,
                                                     &v7) == S_OK,
               "%s: its SRV", name)) {
            ID3D11ShaderResourceView_GetDesc(v7, &got);
            ok(got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE,
               "%s: of a cube (%u)", name, got.ViewDimension);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &v7);
            for (int i = 0; i < 6; i += 5) {
                clear(s);
                draw_tri_color(s, full, dir[i]);
                if (read_back(s, px)) {
                    snprintf(what, sizeof(what), "%s: face %d of a cube of 7 layers", name, i);
                    check(px, what, 32, 32, want[i]);
                }
            }
            ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st7, 0, 0, 0, 0,
                                                      (ID3D11Resource *)c7, 6, NULL);
            if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st7, 0, D3D11_MAP_READ, 0,
                                        &m) == S_OK) {
                ok(*(const uint32_t *)m.pData == extra, "%s: its layer 6 holds %08x", name,
                   *(const uint32_t *)m.pData);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st7, 0);
            }
        }
        IUnknown *objs[] = {(IUnknown *)v7, (IUnknown *)c7, (IUnknown *)st7};
        release_all(objs, ARRAY_N(objs));
    }
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
out:
    {
        IUnknown *all[] = {(IUnknown *)cube, (IUnknown *)stage, (IUnknown *)srv,
                           (IUnknown *)face2, (IUnknown *)smp, (IUnknown *)ps,
                           (IUnknown *)none};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    free(px);
}

/* The stencil of a depth texture read by a shader (X24_TYPELESS_G8_UINT
 * and X32_TYPELESS_G8X24_UINT views: the stencil in green): cleared to
 * 0x40, the left half drawn with reference 0xc0, read by ps_stencil. */
static void test_stencil_views(struct scene *s, const char *name)
{
    static const struct {
        DXGI_FORMAT tex, dsv, view;
    } f[] = {{DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT,
              DXGI_FORMAT_X24_TYPELESS_G8_UINT},
             {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
              DXGI_FORMAT_X32_TYPELESS_G8X24_UINT}};
    static const float left[6] = {-1, 1, 0, 1, -1, -3}, full[6] = {-1, 1, 3, 1, -1, -3},
                       c[4] = {0, 0, 0, 1};
    D3D11_DEPTH_STENCIL_DESC dd = {FALSE,
                                   D3D11_DEPTH_WRITE_MASK_ZERO,
                                   D3D11_COMPARISON_ALWAYS,
                                   TRUE,
                                   0xff,
                                   0xff,
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS},
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS}};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11DepthStencilState *ds = NULL;
    ID3D11RasterizerState *none = NULL;
    ID3D11PixelShader *ps = NULL;
    uint32_t *px = malloc(W * H * 4);

    ID3D11Device_CreateDepthStencilState(s->dev, &dd, &ds);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_stencil, sizeof(dxbc_ps_stencil), NULL,
                                      &ps) == S_OK,
       "%s: a pixel shader loading a stencil", name);
    for (size_t i = 0; ds && none && ps && px && i < ARRAY_N(f); i++) {
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, f[i].tex, {1, 0}, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0,
                                   0};
        D3D11_DEPTH_STENCIL_VIEW_DESC dv = {f[i].dsv, D3D11_DSV_DIMENSION_TEXTURE2D, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC sv = {f[i].view, D3D11_SRV_DIMENSION_TEXTURE2D};
        ID3D11Texture2D *t = NULL;
        ID3D11DepthStencilView *dsv = NULL;
        ID3D11ShaderResourceView *srv = NULL;
        UINT support = 0;
        sv.Texture2D.MipLevels = 1;
        ID3D11Device_CheckFormatSupport(s->dev, f[i].view, &support);
        ok((support & D3D11_FORMAT_SUPPORT_SHADER_LOAD) &&
               !(support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE),
           "%s: format %u is loaded, not sampled: %#x", name, f[i].view, support);
        if (!ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t) == S_OK &&
                    ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)t, &dv,
                                                        &dsv) == S_OK &&
                    ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv,
                                                          &srv) == S_OK,
                "%s: texture %u, its DSV and its stencil view", name, f[i].tex))
            goto next;
        ID3D11DeviceContext_RSSetState(s->ctx, none);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, dsv);
        ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv,
                                                  D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f,
                                                  0x40);
        ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, ds, 0xc0);
        draw_tri_z(s, left, 0.5f, c);
        ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
        ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
        clear(s);
        draw_tri_color(s, full, c);
        if (read_back(s, px)) {
            check(px, "the stencil drawn, through its view", 16, 32, 0xff00c000);
            check(px, "the stencil cleared, through its view", 48, 32, 0xff004000);
        }
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                 &(ID3D11ShaderResourceView *){NULL});
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    next:
        if (srv)
            ID3D11ShaderResourceView_Release(srv);
        if (dsv)
            ID3D11DepthStencilView_Release(dsv);
        if (t)
            ID3D11Texture2D_Release(t);
    }
    if (ds)
        ID3D11DepthStencilState_Release(ds);
    if (none)
        ID3D11RasterizerState_Release(none);
    if (ps)
        ID3D11PixelShader_Release(ps);
    free(px);
}

/* Typeless depth textures: depth written through a DSV of the depth
 * format, read back through an SRV of the colour one (the depth in red). */
static void test_typeless_depth(struct scene *s, const char *name)
{
    static const struct {
        DXGI_FORMAT tex, dsv, srv;
        int tolerance;
    } f[] = {{DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT,
              DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 1},
             {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, 1},
             {DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM, 1},
             {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
              DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 1}};
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, uv[4] = {0.5f, 0.5f, 0, 1};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL, &ps);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    for (size_t i = 0; smp && ps && none && i < sizeof(f) / sizeof(f[0]); i++) {
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, f[i].tex, {1, 0}, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0,
                                   0};
        D3D11_DEPTH_STENCIL_VIEW_DESC dv = {f[i].dsv, D3D11_DSV_DIMENSION_TEXTURE2D, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC sv = {f[i].srv, D3D11_SRV_DIMENSION_TEXTURE2D};
        ID3D11Texture2D *t = NULL;
        ID3D11DepthStencilView *dsv = NULL;
        ID3D11ShaderResourceView *srv = NULL;
        UINT support = 0;
        sv.Texture2D.MipLevels = 1;
        /* Read through the colour view's format (the depth format's own
         * textures are not bound for shaders, and say so). */
        ID3D11Device_CheckFormatSupport(s->dev, f[i].dsv, &support);
        ok(!(support & (D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_SHADER_LOAD)),
           "%s: format %u offers no shader reads: %#x", name, f[i].dsv, support);
        ID3D11Device_CheckFormatSupport(s->dev, f[i].srv, &support);
        if (!(support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)) {
            skip("%s: format %u is not sampled here", name, f[i].srv);
            continue;
        }
        if (!ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t) == S_OK,
                "%s: typeless texture %u", name, f[i].tex))
            continue;
        ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)t, NULL,
                                               &(ID3D11DepthStencilView *){NULL}) == E_INVALIDARG,
           "%s: a typeless texture's DSV names its format", name);
        sv.Format = f[i].dsv;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv,
                                                 &(ID3D11ShaderResourceView *){NULL}) ==
               E_INVALIDARG,
           "%s: an SRV of format %u is refused", name, f[i].dsv);
        sv.Format = f[i].srv;
        ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)t, &dv, &dsv) == S_OK &&
               ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &srv) ==
                   S_OK,
           "%s: its DSV and SRV", name);
        if (dsv && srv) {
            ID3D11DeviceContext_RSSetState(s->ctx, none);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, dsv);
            ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
            draw_tri_z(s, full, 0.25f, uv); /* writes depth 0.25 */
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
            ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
            ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
            clear(s);
            draw_tri_color(s, full, uv);
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: depth 0.25 read through format %u", name,
                         f[i].srv);
                ok(e2e_color_near(px[32 * W + 32] & 0xff0000, 0x400000, f[i].tolerance),
                   "%s: %08x", what, px[32 * W + 32]);
            }
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
            ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
            ID3D11DeviceContext_RSSetState(s->ctx, NULL);
        }
        if (srv)
            ID3D11ShaderResourceView_Release(srv);
        if (dsv)
            ID3D11DepthStencilView_Release(dsv);
        ID3D11Texture2D_Release(t);
    }
    if (smp)
        ID3D11SamplerState_Release(smp);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (none)
        ID3D11RasterizerState_Release(none);
    free(px);
}

/* Constant buffers b0, b1 and b2 of one pixel shader: colour * b0 + b1 +
 * b2, with b2 unbound (D3D11 reads zeros), then bound, then b1 changed
 * through Map of a DYNAMIC buffer. */
static void test_cbs(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, color[4] = {0.5f, 0.25f, 0, 1};
    static const float b1_data[4] = {0, 0.25f, 0, 0}, b2_data[4] = {0, 0, 0.5f, 0};
    D3D11_BUFFER_DESC bd = {16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER,
                            D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_SUBRESOURCE_DATA d1 = {b1_data, 0, 0}, d2 = {b2_data, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11Buffer *b1 = NULL, *b2 = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &d1, &b1) == S_OK, "%s: b1", name);
    bd.Usage = D3D11_USAGE_IMMUTABLE;
    bd.CPUAccessFlags = 0;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &d2, &b2) == S_OK, "%s: b2", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_cbs, sizeof(dxbc_ps_cbs), NULL, &ps) ==
           S_OK,
       "%s: ps_cbs", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_cb5, sizeof(dxbc_ps_cb5), NULL,
                                      &(ID3D11PixelShader *){NULL}) == E_NOTIMPL,
       "%s: a shader reading b5 is not done yet", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!b1 || !b2 || !ps || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 1, 1, &b1);
    clear(s);
    draw_tri_color(s, full, color);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: b0 * colour + b1, b2 unbound", name);
        check(px, what, 32, 32, 0xff808000);
    }
    ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 2, 1, &b2);
    clear(s);
    draw_tri_color(s, full, color);
    if (ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)b1, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                   &m) == S_OK,
           "%s: Map b1", name)) {
        static const float again[4] = {0.25f, 0, 0, 0};
        memcpy(m.pData, again, sizeof(again));
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)b1, 0);
    }
    draw_tri_color(s, upper_left_cw, color);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: b2 bound, then b1 mapped anew", name);
        check(px, what, 60, 60, 0xff808080);
        check(px, what, 4, 4, 0xffbf4080);
    }
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    {
        ID3D11Buffer *no[2] = {NULL, NULL};
        ID3D11DeviceContext_PSSetConstantBuffers(s->ctx, 1, 2, no);
    }
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
out:
    if (b1)
        ID3D11Buffer_Release(b1);
    if (b2)
        ID3D11Buffer_Release(b2);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (none)
        ID3D11RasterizerState_Release(none);
    free(px);
}

/* Depth and stencil against a D24S8 view: LESS with writes (the nearest
 * of three wins whatever their order), GREATER without writes, the
 * viewport's depth range, a stencil mask written with REPLACE and tested
 * with EQUAL, and no depth test at all without a view bound. */
static void test_depth(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    D3D11_DEPTH_STENCIL_DESC dd = {TRUE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_GREATER,
                                   FALSE, 0xff, 0xff,
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS},
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS}};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue2[4] = {0, 0, 0.5f, 1};
    ID3D11Texture2D *depth = NULL;
    ID3D11DepthStencilView *dsv = NULL, *back = NULL;
    ID3D11DepthStencilState *greater = NULL, *mark = NULL, *equal = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_VIEWPORT vp = {0, 0, W, H, 0, 1}, half = {0, 0, W, H, 0, 0.5f};
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &depth) == S_OK, "%s: D24S8 texture",
       name);
    td.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &(ID3D11Texture2D *){NULL}) ==
           E_INVALIDARG,
       "%s: a D24S8 texture is not a shader resource", name);
    if (depth)
        ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, NULL, &dsv) ==
               S_OK,
           "%s: DSV", name);
    ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)s->target, NULL,
                                           &back) == E_INVALIDARG && !back,
       "%s: no DSV of a colour target", name);
    ok(ID3D11Device_CreateDepthStencilState(s->dev, &dd, &greater) == S_OK, "%s: GREATER",
       name);
    dd = (D3D11_DEPTH_STENCIL_DESC){FALSE, D3D11_DEPTH_WRITE_MASK_ZERO, D3D11_COMPARISON_LESS,
                                    TRUE, 0xff, 0xff,
                                    {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                     D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS},
                                    {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                     D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS}};
    ok(ID3D11Device_CreateDepthStencilState(s->dev, &dd, &mark) == S_OK, "%s: stencil mark",
       name);
    dd.FrontFace = dd.BackFace = (D3D11_DEPTH_STENCILOP_DESC){
        D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
        D3D11_COMPARISON_EQUAL};
    ok(ID3D11Device_CreateDepthStencilState(s->dev, &dd, &equal) == S_OK, "%s: stencil equal",
       name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!dsv || !greater || !mark || !equal || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, dsv);
    ID3D11DeviceContext_OMGetRenderTargets(s->ctx, 0, NULL, &back);
    ok(back == dsv, "%s: OMGetRenderTargets gives the DSV back", name);
    if (back)
        ID3D11DepthStencilView_Release(back);

    /* The default state: LESS, writing. */
    clear(s);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                              1.0f, 0);
    draw_tri_z(s, full, 0.6f, red);
    draw_tri_z(s, full, 0.3f, green);
    draw_tri_z(s, full, 0.5f, blue2);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: LESS, the nearest of three", name);
        check(px, what, 32, 32, 0xff00ff00);
    }
    /* GREATER without writes, against a depth of 0.5. */
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, greater, 0);
    clear(s);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.5f, 0);
    draw_tri_z(s, full, 0.7f, red);
    draw_tri_z(s, full, 0.3f, green); /* fails */
    draw_tri_z(s, full, 0.6f, blue2); /* passes: 0.7 was not written */
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: GREATER without writes", name);
        check(px, what, 32, 32, 0xff000080);
    }
    /* The viewport's depth range: z 0.8 lands at 0.4 in [0, 0.5]. */
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &half);
    clear(s);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.45f, 0);
    draw_tri_z(s, full, 0.8f, red);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: MaxDepth 0.5", name);
        check(px, what, 32, 32, 0xffff0000);
    }
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
    /* Stencil: 3 where the upper-left triangle was, then EQUAL 3. */
    clear(s);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_STENCIL, 1.0f, 0);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, mark, 3);
    draw_tri_z(s, upper_left_cw, 0.5f, red);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, equal, 3);
    draw_tri_z(s, full, 0.5f, green);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: stencil EQUAL 3", name);
        check(px, what, 4, 4, 0xff00ff00);
        check(px, what, 60, 60, 0xff0000ff);
    }
    /* Depth 0 everywhere, LESS: nothing passes; without the view, all. */
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
    clear(s);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.0f, 0);
    draw_tri_z(s, full, 0.5f, red);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: depth 0, LESS", name);
        check(px, what, 32, 32, 0xff0000ff);
    }
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    draw_tri_z(s, full, 0.5f, red);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: no DSV, no depth test", name);
        check(px, what, 32, 32, 0xffff0000);
    }
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
out:
    {
        IUnknown *all[] = {(IUnknown *)depth, (IUnknown *)dsv, (IUnknown *)greater,
                           (IUnknown *)mark, (IUnknown *)equal, (IUnknown *)none};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    free(px);
}

/* Private data on a child, the device and the context: a blob (its size,
 * a short buffer, its bytes, replaced, removed) and an interface (held
 * with a reference, given back with one, released when removed). */
static void test_private_data(struct scene *s, const char *name)
{
    static const GUID tag = {0x6e657265, 0x6964, 0x0011, {1, 2, 3, 4, 5, 6, 7, 8}};
    static const char debug_name[] = "nereid's buffer";
    IUnknown *objs[3] = {(IUnknown *)s->vb, (IUnknown *)s->dev, (IUnknown *)s->ctx};
    for (int i = 0; i < 3; i++) {
        HRESULT (STDMETHODCALLTYPE *set)(void *, REFGUID, UINT, const void *);
        HRESULT (STDMETHODCALLTYPE *set_iface)(void *, REFGUID, const IUnknown *);
        HRESULT (STDMETHODCALLTYPE *get)(void *, REFGUID, UINT *, void *);
        /* The three methods' slots: ID3D11DeviceChild 4, 5, 6 (Get, Set,
         * SetInterface) ; ID3D11Device 34, 35, 36. */
        void **vtbl = *(void ***)objs[i];
        unsigned base = i == 1 ? 34 : 4;
        char buf[32];
        UINT size;
        IUnknown *got = NULL;
        ULONG before;
        get = (HRESULT (STDMETHODCALLTYPE *)(void *, REFGUID, UINT *, void *))vtbl[base];
        set = (HRESULT (STDMETHODCALLTYPE *)(void *, REFGUID, UINT, const void *))vtbl[base + 1];
        set_iface = (HRESULT (STDMETHODCALLTYPE *)(void *, REFGUID, const IUnknown *))vtbl[base + 2];

        size = 99;
        ok(get(objs[i], &tag, &size, buf) == DXGI_ERROR_NOT_FOUND && size == 0,
           "%s/%d: nothing there yet (size %u)", name, i, size);
        /* As Windows answers: removing nothing is S_FALSE, whatever the
         * size; a NULL interface is kept, and read back as NULL. */
        ok(set(objs[i], &tag, 0, NULL) == S_FALSE, "%s/%d: nothing to remove", name, i);
        ok(set_iface(objs[i], &tag, NULL) == S_OK, "%s/%d: a NULL interface", name, i);
        got = (IUnknown *)(uintptr_t)1;
        size = sizeof(got) * 2;
        ok(get(objs[i], &tag, &size, &got) == S_OK && !got && size == sizeof(got),
           "%s/%d: read back as NULL", name, i);
        ok(set(objs[i], &tag, ~0u, NULL) == S_OK && set(objs[i], &tag, ~0u, NULL) == S_FALSE,
           "%s/%d: removed once", name, i);
        got = NULL;
        ok(set(objs[i], &WKPDID_D3DDebugObjectName, sizeof(debug_name), debug_name) == S_OK,
           "%s/%d: a debug name", name, i);
        size = 0;
        ok(get(objs[i], &WKPDID_D3DDebugObjectName, &size, NULL) == S_OK &&
               size == sizeof(debug_name),
           "%s/%d: its size: %u", name, i, size);
        size = 4;
        ok(get(objs[i], &WKPDID_D3DDebugObjectName, &size, buf) == DXGI_ERROR_MORE_DATA &&
               size == sizeof(debug_name),
           "%s/%d: a short buffer", name, i);
        size = sizeof(buf);
        ok(get(objs[i], &WKPDID_D3DDebugObjectName, &size, buf) == S_OK &&
               !memcmp(buf, debug_name, sizeof(debug_name)),
           "%s/%d: the bytes back", name, i);
        ok(set(objs[i], &WKPDID_D3DDebugObjectName, 0, NULL) == S_OK, "%s/%d: removed", name, i);
        size = sizeof(buf);
        ok(get(objs[i], &WKPDID_D3DDebugObjectName, &size, buf) == DXGI_ERROR_NOT_FOUND,
           "%s/%d: gone", name, i);

        before = refcount(s->layout);
        ok(set_iface(objs[i], &tag, (IUnknown *)s->layout) == S_OK, "%s/%d: an interface", name,
           i);
        ok(refcount(s->layout) == before + 1, "%s/%d: held with a reference", name, i);
        size = sizeof(got);
        ok(get(objs[i], &tag, &size, &got) == S_OK && got == (IUnknown *)s->layout &&
               size == sizeof(got),
           "%s/%d: given back", name, i);
        if (got)
            got->lpVtbl->Release(got);
        ok(set_iface(objs[i], &tag, NULL) == S_OK && refcount(s->layout) == before,
           "%s/%d: released when removed", name, i);
    }
}

/* GetData until done (each call without DONOTFLUSH is a round trip). */
static HRESULT wait_data(struct scene *s, ID3D11Query *q, void *data, UINT size)
{
    HRESULT hr = S_FALSE;
    for (int i = 0; i < 100000 && hr == S_FALSE; i++)
        hr = ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, data, size, 0);
    return hr;
}

/* Queries: an event, occlusion counts (a full target: every pixel; a
 * draw scissored away: none) and their predicate, timestamps in order,
 * the disjoint query's frequency, and GetData's refusals. */
/* Occlusion predicates (ID3D11Predicate) and SetPredication: draws,
 * clears and updates under a predicate whose result equals the value set
 * are not performed; the others are. */
static void test_predication(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_OCCLUSION_PREDICATE, 0};
    ID3D11Predicate *some = NULL, *none = NULL, *got = NULL;
    ID3D11Query *q = NULL;
    void *other = NULL;
    BOOL value = FALSE, any = FALSE;
    uint32_t *px = malloc(W * H * 4);

    ok(ID3D11Device_CreatePredicate(s->dev, NULL, &some) == E_INVALIDARG,
       "%s: a predicate needs a description", name);
    qd.Query = D3D11_QUERY_EVENT;
    ok(ID3D11Device_CreatePredicate(s->dev, &qd, &some) == E_INVALIDARG && !some,
       "%s: an event is no predicate", name);
    /* A stream's overflow predicate comes from CreateQuery alone. */
    qd.Query = D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0;
    ok(ID3D11Device_CreatePredicate(s->dev, &qd, NULL) == E_INVALIDARG,
       "%s: CreatePredicate refuses SO_OVERFLOW_PREDICATE_STREAM0", name);
    qd.Query = D3D11_QUERY_OCCLUSION;
    if (ID3D11Device_CreateQuery(s->dev, &qd, &q) == S_OK) {
        ok(ID3D11Query_QueryInterface(q, &IID_ID3D11Predicate, &other) == E_NOINTERFACE,
           "%s: an occlusion query is no ID3D11Predicate", name);
        ID3D11Query_Release(q);
        q = NULL;
    }
    qd.Query = D3D11_QUERY_OCCLUSION_PREDICATE;
    if (ID3D11Device_CreateQuery(s->dev, &qd, &q) == S_OK) {
        ok(ID3D11Query_QueryInterface(q, &IID_ID3D11Predicate, &other) == S_OK && other == q,
           "%s: CreateQuery's occlusion predicate is an ID3D11Predicate", name);
        if (other)
            ID3D11Predicate_Release((ID3D11Predicate *)other);
        ID3D11Query_Release(q);
    }
    ok(ID3D11Device_CreatePredicate(s->dev, &qd, &some) == S_OK &&
           ID3D11Device_CreatePredicate(s->dev, &qd, &none) == S_OK,
       "%s: two occlusion predicates", name);
    if (!some || !none || !px)
        goto out;
    /* some: a triangle's samples; none: nothing drawn. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)some);
    draw_tri(s, full);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)some);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)none);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)none);
    clear(s);
    if (read_back(s, px))
        check(px, "cleared before", 32, 32, 0xff0000ff);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, red);
    /* Samples passed and the value is TRUE: a clear, an update and a
     * draw are dropped. */
    ID3D11DeviceContext_SetPredication(s->ctx, some, TRUE);
    ID3D11DeviceContext_GetPredication(s->ctx, &got, &value);
    ok(got == some && value == TRUE, "%s: GetPredication answers what was set", name);
    if (got)
        ID3D11Predicate_Release(got);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
    draw_tri_color(s, full, (const float[4]){0, 1, 0, 1});
    ID3D11DeviceContext_SetPredication(s->ctx, NULL, FALSE);
    if (read_back(s, px))
        check(px, "a clear and a draw predicated away", 32, 32, 0xffff0000);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)some, &any, sizeof(any), 0) ==
           S_OK && any,
       "%s: the predicate saw samples", name);
    /* The value FALSE: performed. */
    ID3D11DeviceContext_SetPredication(s->ctx, some, FALSE);
    draw_tri_color(s, full, (const float[4]){0, 1, 0, 1});
    ID3D11DeviceContext_SetPredication(s->ctx, NULL, FALSE);
    if (read_back(s, px))
        check(px, "a draw the predicate lets through", 32, 32, 0xff00ff00);
    /* No samples: TRUE performs, FALSE drops. */
    ID3D11DeviceContext_SetPredication(s->ctx, none, TRUE);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, red);
    ID3D11DeviceContext_SetPredication(s->ctx, none, FALSE);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
    ID3D11DeviceContext_SetPredication(s->ctx, NULL, FALSE);
    if (read_back(s, px))
        check(px, "an empty predicate's clears", 32, 32, 0xffff0000);
    /* A bound predicate lives while bound; ClearState unbinds it. */
    ID3D11DeviceContext_SetPredication(s->ctx, none, TRUE);
    ok(ID3D11Predicate_Release(none) == 0, "%s: the binding holds no public reference", name);
    none = NULL;
    ID3D11DeviceContext_GetPredication(s->ctx, &got, NULL);
    ok(got != NULL, "%s: a released predicate stays bound", name);
    if (got)
        ID3D11Predicate_Release(got);
    ID3D11DeviceContext_SetPredication(s->ctx, NULL, FALSE);
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    ID3D11DeviceContext_SetPredication(s->ctx, NULL, FALSE);
    if (some)
        ID3D11Predicate_Release(some);
    if (none)
        ID3D11Predicate_Release(none);
    free(px);
}

static void test_queries(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, red[4] = {1, 0, 0, 1};
    D3D11_QUERY_DESC qd[5] = {{D3D11_QUERY_EVENT, 0}, {D3D11_QUERY_OCCLUSION, 0},
                              {D3D11_QUERY_OCCLUSION_PREDICATE, 0}, {D3D11_QUERY_TIMESTAMP, 0},
                              {D3D11_QUERY_TIMESTAMP_DISJOINT, 0}};
    ID3D11Query *ev = NULL, *occ = NULL, *pred = NULL, *ts[2] = {NULL, NULL}, *dis = NULL;
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, TRUE, FALSE, FALSE};
    D3D11_RECT nowhere = {0, 0, 0, 0};
    ID3D11RasterizerState *scissored = NULL;
    UINT64 n = 0, t0 = 0, t1 = 0;
    BOOL b = 0;
    D3D11_QUERY_DATA_TIMESTAMP_DISJOINT dj = {0, TRUE};
    HRESULT hr;

    ok(ID3D11Device_CreateQuery(s->dev, &qd[0], &ev) == S_OK, "%s: event", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd[1], &occ) == S_OK, "%s: occlusion", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd[2], &pred) == S_OK, "%s: occlusion predicate",
       name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd[3], &ts[0]) == S_OK &&
           ID3D11Device_CreateQuery(s->dev, &qd[3], &ts[1]) == S_OK,
       "%s: timestamps", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd[4], &dis) == S_OK, "%s: timestamp disjoint", name);
    qd[0].Query = (D3D11_QUERY)(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3 + 1);
    ok(ID3D11Device_CreateQuery(s->dev, &qd[0], &(ID3D11Query *){NULL}) == E_INVALIDARG,
       "%s: a query type past D3D11's", name);
    qd[0].Query = D3D11_QUERY_EVENT;
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &scissored);
    if (!ev || !occ || !pred || !ts[1] || !dis || !scissored)
        goto out;
    ok(ID3D11Query_GetDataSize(occ) == 8 && ID3D11Query_GetDataSize(ev) == sizeof(BOOL) &&
           ID3D11Query_GetDataSize(dis) == sizeof(dj),
       "%s: data sizes", name);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)occ, NULL, 0, 0) ==
           DXGI_ERROR_INVALID_CALL,
       "%s: GetData of a query never ended", name);

    clear(s);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)dis);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)ts[0]);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)occ);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)pred);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)pred);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)occ);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)ts[1]);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)dis);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)ev);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)occ, &n, 4, 0) == E_INVALIDARG,
       "%s: a short buffer is refused", name);
    hr = wait_data(s, ev, &b, sizeof(b));
    ok(hr == S_OK && b == TRUE, "%s: the event: %#x %d", name, (unsigned)hr, b);
    hr = wait_data(s, occ, &n, sizeof(n));
    ok(hr == S_OK && n == W * H, "%s: %llu samples of %d", name, (unsigned long long)n, W * H);
    hr = wait_data(s, pred, &b, sizeof(b));
    ok(hr == S_OK && b == TRUE, "%s: the predicate is TRUE", name);
    ok(wait_data(s, ts[0], &t0, sizeof(t0)) == S_OK && wait_data(s, ts[1], &t1, sizeof(t1)) ==
           S_OK && t0 <= t1 && t1,
       "%s: timestamps in order: %llu %llu", name, (unsigned long long)t0,
       (unsigned long long)t1);
    ok(wait_data(s, dis, &dj, sizeof(dj)) == S_OK && dj.Frequency && !dj.Disjoint,
       "%s: %llu Hz, not disjoint", name, (unsigned long long)dj.Frequency);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)occ, NULL, 0,
                                   D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK,
       "%s: a done query stays done", name);

    /* Scissored away: no samples, a FALSE predicate. */
    ID3D11DeviceContext_RSSetState(s->ctx, scissored);
    ID3D11DeviceContext_RSSetScissorRects(s->ctx, 1, &nowhere);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)occ);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)pred);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)pred);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)occ);
    hr = wait_data(s, occ, &n, sizeof(n));
    ok(hr == S_OK && n == 0, "%s: no samples: %llu", name, (unsigned long long)n);
    hr = wait_data(s, pred, &b, sizeof(b));
    ok(hr == S_OK && b == FALSE, "%s: the predicate is FALSE", name);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);

    /* Another occlusion query released (its index forgotten on the
     * server) while this one counts inside a rendering pass: the count
     * goes on in one Vulkan query. */
    {
        ID3D11Query *other = NULL;
        D3D11_QUERY_DESC od = {D3D11_QUERY_OCCLUSION, 0};
        if (ok(ID3D11Device_CreateQuery(s->dev, &od, &other) == S_OK,
               "%s: another occlusion query", name)) {
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)other);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)other);
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)occ);
            draw_tri_color(s, full, red);
            ID3D11Query_Release(other);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)occ);
            hr = wait_data(s, occ, &n, sizeof(n));
            ok(hr == S_OK && n == 2 * W * H, "%s: samples across a forgotten query: %llu",
               name, (unsigned long long)n);
        }
    }
out:
    {
        IUnknown *all[] = {(IUnknown *)ev,    (IUnknown *)occ, (IUnknown *)pred,
                           (IUnknown *)ts[0], (IUnknown *)ts[1], (IUnknown *)dis,
                           (IUnknown *)scissored};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
}

/* Pipeline statistics as D3D11 documents them, and the checks that would
 * catch a server summing the wrong segments or swapping counters:
 *   - one draw of a triangle covering the 64x64 target: 3 vertices, 1
 *     primitive, at least 3 vertex shader invocations (Vulkan may shade a
 *     vertex more than once), 1 primitive into the clipper and at least 1
 *     out of it (a clipper may cut a primitive in several), W x H pixel
 *     shader invocations (every pixel covered; helper invocations an
 *     implementation counts too may add less than a quarter), no
 *     geometry, hull, domain or compute work;
 *   - the same draw twice, the render pass ended between them (a copy of
 *     the target): twice every count;
 *   - two queries overlapping, and one overlapping an occlusion query;
 *   - nothing between Begin and End: zeros;
 *   - GetData's size rule and S_FALSE before the result with DONOTFLUSH.
 * Dispatches are checked in test_compute, deferred contexts below. */
static void check_stats(const D3D11_QUERY_DATA_PIPELINE_STATISTICS *st, UINT64 draws,
                        const char *what)
{
    ok(st->IAVertices == 3 * draws && st->IAPrimitives == draws,
       "%s: IAVertices %llu, IAPrimitives %llu, expected %llu and %llu", what,
       (unsigned long long)st->IAVertices, (unsigned long long)st->IAPrimitives,
       (unsigned long long)(3 * draws), (unsigned long long)draws);
    /* D3D11 counts the shader's invocations; Vulkan lets an
     * implementation run a vertex more than once, and reuse a vertex
     * already shaded (NVIDIA's driver shades the same three vertices of
     * two draws in a row once): at least the three of one draw, and far
     * fewer than any other counter here (W x H pixels) holds. */
    ok(st->VSInvocations >= 3 && st->VSInvocations <= 12 * draws,
       "%s: VSInvocations %llu, expected %llu", what, (unsigned long long)st->VSInvocations,
       (unsigned long long)(3 * draws));
    ok(st->CInvocations == draws && st->CPrimitives >= draws && st->CPrimitives <= 8 * draws,
       "%s: CInvocations %llu (expected %llu), CPrimitives %llu", what,
       (unsigned long long)st->CInvocations, (unsigned long long)draws,
       (unsigned long long)st->CPrimitives);
    /* Every pixel once; an implementation may count helper invocations
     * too (lavapipe counts 4x4 blocks: 4352 for the 4096 pixels), never a
     * quarter more here, so a draw counted twice or missed fails. */
    ok(st->PSInvocations >= (UINT64)W * H * draws &&
           st->PSInvocations <= (UINT64)W * H * draws * 5 / 4,
       "%s: PSInvocations %llu, expected %llu", what, (unsigned long long)st->PSInvocations,
       (unsigned long long)W * H * draws);
    ok(!st->GSInvocations && !st->GSPrimitives && !st->HSInvocations && !st->DSInvocations &&
           !st->CSInvocations,
       "%s: no GS, HS, DS or CS work: %llu %llu %llu %llu %llu", what,
       (unsigned long long)st->GSInvocations, (unsigned long long)st->GSPrimitives,
       (unsigned long long)st->HSInvocations, (unsigned long long)st->DSInvocations,
       (unsigned long long)st->CSInvocations);
}

static void test_pipeline_stats(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, red[4] = {1, 0, 0, 1};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_PIPELINE_STATISTICS, 0};
    D3D11_QUERY_DESC od = {D3D11_QUERY_OCCLUSION, 0};
    D3D11_QUERY_DATA_PIPELINE_STATISTICS st, st2;
    ID3D11Query *q = NULL, *q2 = NULL, *occ = NULL;
    ID3D11DeviceContext *dc = NULL;
    ID3D11CommandList *list = NULL;
    UINT64 samples = 0;
    char what[128];
    HRESULT hr;

    hr = ID3D11Device_CreateQuery(s->dev, &qd, &q);
    if (hr == E_NOTIMPL && getenv("NEREID_NO_PIPELINE_STATS")) {
        /* A device without pipelineStatisticsQuery (NEREID_NO_PIPELINE_STATS=1
         * on the server): refused cleanly, as the validation-only call. */
        ok(!q && ID3D11Device_CreateQuery(s->dev, &qd, NULL) == E_NOTIMPL,
           "%s: no pipeline statistics on this device", name);
        return;
    }
    ok(hr == S_OK && q, "%s: a pipeline-statistics query: %#x", name, (unsigned)hr);
    ok(ID3D11Device_CreateQuery(s->dev, &qd, NULL) == S_FALSE,
       "%s: validation only: S_FALSE", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd, &q2) == S_OK, "%s: a second one", name);
    ok(ID3D11Device_CreateQuery(s->dev, &od, &occ) == S_OK, "%s: an occlusion query", name);
    if (!q || !q2 || !occ)
        goto out;
    ok(ID3D11Query_GetDataSize(q) == sizeof(st) && sizeof(st) == 11 * 8,
       "%s: GetDataSize %u", name, ID3D11Query_GetDataSize(q));
    {
        D3D11_QUERY_DESC got = {0, 1};
        ID3D11Query_GetDesc(q, &got);
        ok(got.Query == D3D11_QUERY_PIPELINE_STATISTICS && !got.MiscFlags, "%s: GetDesc", name);
    }
    {
        ID3D11Predicate *p = (void *)1;
        ok(ID3D11Query_QueryInterface(q, &IID_ID3D11Predicate, (void **)&p) == E_NOINTERFACE &&
               !p,
           "%s: not a predicate", name);
        ok(ID3D11Device_CreatePredicate(s->dev, &qd, &p) == E_INVALIDARG,
           "%s: CreatePredicate refuses it", name);
    }
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st, sizeof(st), 0) ==
           DXGI_ERROR_INVALID_CALL,
       "%s: GetData of a query never ended", name);

    /* Nothing between Begin and End: zeros. */
    clear(s);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    memset(&st, 0xa5, sizeof(st));
    hr = wait_data(s, q, &st, sizeof(st));
    {
        const UINT64 *v = (const UINT64 *)&st;
        int nonzero = 0;
        for (int i = 0; i < 11; i++)
            nonzero += v[i] != 0;
        ok(hr == S_OK && !nonzero, "%s: an empty query: %#x, %d counters not 0", name,
           (unsigned)hr, nonzero);
    }

    /* Begin twice (the second restarts it), then a draw: its counts. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    memset(&st, 0xa5, sizeof(st));
    hr = wait_data(s, q, &st, sizeof(st));
    ok(hr == S_OK && st.IAVertices == 3 && st.VSInvocations >= 3 && st.CInvocations == 1,
       "%s: Begin twice, then a draw: IA %llu, VS %llu, clipper %llu", name,
       (unsigned long long)st.IAVertices, (unsigned long long)st.VSInvocations,
       (unsigned long long)st.CInvocations);

    /* A draw without a pixel shader (and no depth view) leaves the
     * target as it is, and is drawn: counted.  (Its PSInvocations are the
     * device's: D3D11 counts none, lavapipe counts the fragments.) */
    ID3D11DeviceContext_PSSetShader(s->ctx, NULL, NULL, 0);
    clear(s);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    memset(&st, 0xa5, sizeof(st));
    hr = wait_data(s, q, &st, sizeof(st));
    ok(hr == S_OK && st.IAVertices == 3 && st.CInvocations == 1,
       "%s: a draw without a pixel shader: IA %llu, clipper %llu", name,
       (unsigned long long)st.IAVertices, (unsigned long long)st.CInvocations);
    {
        uint32_t *px = malloc(W * H * 4);
        if (px && read_back(s, px))
            check(px, "a draw without a pixel shader leaves the target", 32, 32, 0xff0000ff);
        free(px);
    }

    /* One draw covering the target. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st, sizeof(st),
                                   D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_FALSE,
       "%s: DONOTFLUSH before the result: S_FALSE", name);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st, sizeof(st) - 8, 0) ==
           E_INVALIDARG,
       "%s: a short buffer is refused", name);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st, sizeof(st) + 8, 0) ==
           E_INVALIDARG,
       "%s: a long buffer is refused", name);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st, sizeof(UINT64), 0) ==
           E_INVALIDARG,
       "%s: an occlusion query's size is refused", name);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, NULL, sizeof(st), 0) ==
           E_INVALIDARG,
       "%s: a size without a buffer is refused", name);
    memset(&st, 0, sizeof(st));
    hr = wait_data(s, q, &st, sizeof(st));
    ok(hr == S_OK, "%s: the result: %#x", name, (unsigned)hr);
    snprintf(what, sizeof(what), "%s: one draw", name);
    check_stats(&st, 1, what);
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, NULL, 0,
                                   D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK,
       "%s: a done query stays done (size 0)", name);
    memset(&st2, 0, sizeof(st2));
    ok(ID3D11DeviceContext_GetData(s->ctx, (ID3D11Asynchronous *)q, &st2, sizeof(st2),
                                   D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK &&
           !memcmp(&st, &st2, sizeof(st)),
       "%s: and answers the same counters again", name);

    /* Two draws with the render pass ended between them (a copy of the
     * target): the server sums two Vulkan queries. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->staging,
                                     (ID3D11Resource *)s->target);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    hr = wait_data(s, q, &st, sizeof(st));
    ok(hr == S_OK, "%s: the split query's result: %#x", name, (unsigned)hr);
    snprintf(what, sizeof(what), "%s: two draws, a render pass apart", name);
    check_stats(&st, 2, what);

    /* Overlapping: q over draws 1-2, q2 over draws 2-4, the occlusion
     * query over draws 2-3. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q2);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)occ);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)occ);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q2);
    ok(wait_data(s, q, &st, sizeof(st)) == S_OK && wait_data(s, q2, &st2, sizeof(st2)) == S_OK &&
           wait_data(s, occ, &samples, sizeof(samples)) == S_OK,
       "%s: overlapping queries' results", name);
    snprintf(what, sizeof(what), "%s: the first of two overlapping", name);
    check_stats(&st, 2, what);
    snprintf(what, sizeof(what), "%s: the second of two overlapping", name);
    check_stats(&st2, 3, what);
    ok(samples == 2 * W * H, "%s: the occlusion query among them: %llu samples", name,
       (unsigned long long)samples);

    /* Begun again after a result: counts afresh. */
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
    draw_tri_color(s, full, red);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
    ok(wait_data(s, q, &st, sizeof(st)) == S_OK, "%s: the query begun again", name);
    snprintf(what, sizeof(what), "%s: begun again", name);
    check_stats(&st, 1, what);

    /* Recorded on a deferred context, executed on the immediate one. */
    if (ok(ID3D11Device_CreateDeferredContext(s->dev, 0, &dc) == S_OK && dc,
           "%s: a deferred context", name)) {
        struct vertex v[3];
        for (int i = 0; i < 3; i++)
            v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 1, 0, 0, 1};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0,
                                              0);
        bind_scene(s, dc);
        ID3D11DeviceContext_Begin(dc, (ID3D11Asynchronous *)q2);
        ID3D11DeviceContext_Draw(dc, 3, 0);
        ID3D11DeviceContext_Draw(dc, 3, 0);
        ID3D11DeviceContext_End(dc, (ID3D11Asynchronous *)q2);
        ok(ID3D11DeviceContext_GetData(dc, (ID3D11Asynchronous *)q2, &st, sizeof(st), 0) ==
               DXGI_ERROR_INVALID_CALL,
           "%s: GetData on the deferred context", name);
        ok(ID3D11DeviceContext_FinishCommandList(dc, FALSE, &list) == S_OK && list,
           "%s: the deferred list", name);
        if (list) {
            ID3D11DeviceContext_ExecuteCommandList(s->ctx, list, TRUE);
            memset(&st, 0, sizeof(st));
            ok(wait_data(s, q2, &st, sizeof(st)) == S_OK, "%s: the deferred query's result",
               name);
            snprintf(what, sizeof(what), "%s: two draws of a deferred context", name);
            check_stats(&st, 2, what);
            ID3D11CommandList_Release(list);
        }
        ID3D11DeviceContext_Release(dc);
    }
out:
    if (q)
        ID3D11Query_Release(q);
    if (q2)
        ID3D11Query_Release(q2);
    if (occ)
        ID3D11Query_Release(occ);
}

/* Instancing: a colour and an offset a instance from slot 1
 * (PER_INSTANCE_DATA), DrawInstanced and DrawIndexedInstanced, from
 * instance 0 and from instance 1. */
static void test_instancing(struct scene *s, const char *name)
{
    static const float tri[9] = {-1, 1, 0.5f, 0, 1, 0.5f, -1, 0, 0.5f}; /* upper-left quarter */
    static const float inst[2][6] = {{1, 0, 0, 1, 0, 0}, {0, 1, 0, 1, 1, -1}}; /* rgba, offset */
    static const uint16_t idx[3] = {0, 1, 2};
    const D3D11_INPUT_ELEMENT_DESC el[3] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
        {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 16, D3D11_INPUT_PER_INSTANCE_DATA, 1},
    };
    D3D11_BUFFER_DESC bd = {sizeof(tri), D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA dv = {tri, 0, 0}, di = {inst, 0, 0}, dx = {idx, 0, 0};
    ID3D11Buffer *vb = NULL, *ib_inst = NULL, *ib = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11InputLayout *layout = NULL;
    UINT strides[2] = {12, 24}, offsets[2] = {0, 0};
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &dv, &vb) == S_OK, "%s: vertices", name);
    bd.ByteWidth = sizeof(inst);
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &di, &ib_inst) == S_OK, "%s: instances", name);
    bd = (D3D11_BUFFER_DESC){sizeof(idx), D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0, 0, 0};
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &dx, &ib) == S_OK, "%s: indices", name);
    ok(ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_inst, sizeof(dxbc_vs_inst), NULL, &vs) ==
           S_OK,
       "%s: vs_inst", name);
    ok(ID3D11Device_CreateInputLayout(s->dev, el, 3, dxbc_vs_inst, sizeof(dxbc_vs_inst),
                                      &layout) == S_OK,
       "%s: a layout with per-instance data", name);
    if (!vb || !ib_inst || !ib || !vs || !layout)
        goto out;
    {
        ID3D11Buffer *bufs[2] = {vb, ib_inst};
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 2, bufs, strides, offsets);
    }
    ID3D11DeviceContext_IASetInputLayout(s->ctx, layout);
    ID3D11DeviceContext_IASetIndexBuffer(s->ctx, ib, DXGI_FORMAT_R16_UINT, 0);
    ID3D11DeviceContext_VSSetShader(s->ctx, vs, NULL, 0);
    for (int indexed = 0; indexed < 2; indexed++) {
        clear(s);
        if (indexed)
            ID3D11DeviceContext_DrawIndexedInstanced(s->ctx, 3, 2, 0, 0, 0);
        else
            ID3D11DeviceContext_DrawInstanced(s->ctx, 3, 2, 0, 0);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: %s, two instances", name,
                     indexed ? "DrawIndexedInstanced" : "DrawInstanced");
            check(px, what, 8, 8, 0xffff0000);
            check(px, what, 40, 40, 0xff00ff00);
            check(px, what, 40, 8, 0xff0000ff);
        }
        clear(s);
        if (indexed)
            ID3D11DeviceContext_DrawIndexedInstanced(s->ctx, 3, 1, 0, 0, 1);
        else
            ID3D11DeviceContext_DrawInstanced(s->ctx, 3, 1, 0, 1);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: %s from instance 1", name,
                     indexed ? "DrawIndexedInstanced" : "DrawInstanced");
            check(px, what, 8, 8, 0xff0000ff);
            check(px, what, 40, 40, 0xff00ff00);
        }
    }
    /* The same from arguments in a buffer: two instances, then (updated
     * between the draws) one from instance 1, then none. */
    {
        static const uint32_t two[2][5] = {{3, 2, 0, 0, 0}, {3, 2, 0, 0, 0}};
        static const uint32_t from1[2][5] = {{3, 1, 0, 1, 0}, {3, 1, 0, 0, 1}};
        static const uint32_t none[2][5] = {{3, 0, 0, 0, 0}, {3, 0, 0, 0, 0}};
        D3D11_BUFFER_DESC ad = {20, D3D11_USAGE_DEFAULT, 0, 0,
                                D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0};
        D3D11_SUBRESOURCE_DATA da = {two[0], 0, 0};
        ID3D11Buffer *args = NULL;
        ok(ID3D11Device_CreateBuffer(s->dev, &ad, &da, &args) == S_OK,
           "%s: an indirect-arguments buffer", name);
        for (int indexed = 0; args && indexed < 2; indexed++) {
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)args, 0, NULL,
                                                  two[indexed], 0, 0);
            clear(s);
            if (indexed)
                ID3D11DeviceContext_DrawIndexedInstancedIndirect(s->ctx, args, 0);
            else
                ID3D11DeviceContext_DrawInstancedIndirect(s->ctx, args, 0);
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)args, 0, NULL,
                                                  none[indexed], 0, 0);
            if (indexed)
                ID3D11DeviceContext_DrawIndexedInstancedIndirect(s->ctx, args, 0);
            else
                ID3D11DeviceContext_DrawInstancedIndirect(s->ctx, args, 0);
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: %s, two instances", name,
                         indexed ? "DrawIndexedInstancedIndirect" : "DrawInstancedIndirect");
                check(px, what, 8, 8, 0xffff0000);
                check(px, what, 40, 40, 0xff00ff00);
                check(px, what, 40, 8, 0xff0000ff);
            }
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)args, 0, NULL,
                                                  from1[indexed], 0, 0);
            clear(s);
            if (indexed)
                ID3D11DeviceContext_DrawIndexedInstancedIndirect(s->ctx, args, 0);
            else
                ID3D11DeviceContext_DrawInstancedIndirect(s->ctx, args, 0);
            /* Past the buffer's end: nothing. */
            ID3D11DeviceContext_DrawInstancedIndirect(s->ctx, args, 8);
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: %s from instance 1", name,
                         indexed ? "DrawIndexedInstancedIndirect" : "DrawInstancedIndirect");
                check(px, what, 8, 8, 0xff0000ff);
                check(px, what, 40, 40, 0xff00ff00);
            }
        }
        /* A buffer without DRAWINDIRECT_ARGS draws nothing. */
        clear(s);
        ID3D11DeviceContext_DrawInstancedIndirect(s->ctx, vb, 0);
        if (read_back(s, px))
            check(px, "indirect arguments of a vertex buffer", 40, 40, 0xff0000ff);
        if (args)
            ID3D11Buffer_Release(args);
    }
    {
        UINT stride = sizeof(struct vertex), offset = 0;
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &stride, &offset);
    }
    ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
    ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
out:
    {
        IUnknown *all[] = {(IUnknown *)vb, (IUnknown *)ib_inst, (IUnknown *)ib, (IUnknown *)vs,
                           (IUnknown *)layout};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    free(px);
}

/* Mip chains: levels given as initial data, read by a sampler's MinLOD,
 * read back level by level through STAGING, a render target view of
 * level 1, GenerateMips, and a BC1 texture. */
static void test_mips(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, uv[4] = {0.5f, 0.5f, 0, 1};
    static const uint32_t fill[3] = {0xff0000ff, 0xff00ff00, 0xffff0000}; /* R, G, B */
    uint32_t lv0[16], lv1[4], lv2[1], half[16];
    D3D11_SUBRESOURCE_DATA init[3] = {{lv0, 16, 0}, {lv1, 8, 0}, {lv2, 4, 0}};
    D3D11_TEXTURE2D_DESC td = {4, 4, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11Texture2D *tex = NULL, *stage = NULL, *gen = NULL, *gen_stage = NULL, *bc = NULL;
    ID3D11ShaderResourceView *srv = NULL, *gen_srv = NULL, *bc_srv = NULL;
    ID3D11RenderTargetView *rtv1 = NULL;
    ID3D11SamplerState *smp[3] = {NULL, NULL, NULL};
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    for (int i = 0; i < 16; i++) {
        lv0[i] = fill[0];
        half[i] = (i % 4) < 2 ? 0xffffffffu : 0xff000000u; /* left white, right black */
    }
    for (int i = 0; i < 4; i++)
        lv1[i] = fill[1];
    lv2[0] = fill[2];
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, init, &tex) == S_OK, "%s: 3 levels", name);
    td.MipLevels = 4;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &(ID3D11Texture2D *){NULL}) ==
           E_INVALIDARG,
       "%s: a 4x4 texture has 3 levels, not 4", name);
    td.MipLevels = 0; /* the full chain: 3 */
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &stage) == S_OK, "%s: staging chain",
       name);
    if (stage) {
        D3D11_TEXTURE2D_DESC got;
        ID3D11Texture2D_GetDesc(stage, &got);
        ok(got.MipLevels == 3, "%s: MipLevels 0 made %u levels", name, got.MipLevels);
    }
    td = (D3D11_TEXTURE2D_DESC){4, 4, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0,
                                D3D11_RESOURCE_MISC_GENERATE_MIPS};
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &gen) == S_OK, "%s: GENERATE_MIPS",
       name);
    {
        /* An integer format: made, and GenerateMips generates nothing (the
         * server blits mips with a linear filter; the device lives on). */
        D3D11_TEXTURE2D_DESC ud = td;
        ID3D11Texture2D *ut = NULL;
        ID3D11ShaderResourceView *uv = NULL;
        ud.Format = DXGI_FORMAT_R8G8B8A8_UINT;
        ok(ID3D11Device_CreateTexture2D(s->dev, &ud, NULL, &ut) == S_OK && ut,
           "%s: an R8G8B8A8_UINT texture with GENERATE_MIPS", name);
        if (ut && ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ut, NULL,
                                                        &uv) == S_OK) {
            ID3D11DeviceContext_GenerateMips(s->ctx, uv);
            ID3D11DeviceContext_Flush(s->ctx);
            ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK,
               "%s: GenerateMips of an integer texture leaves the device", name);
            ID3D11ShaderResourceView_Release(uv);
        }
        if (ut)
            ID3D11Texture2D_Release(ut);
    }
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = td.MiscFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &gen_stage) == S_OK, "%s: its staging",
       name);
    {
        /* One BC1 block: both end colours red (0xf800), every index 0. */
        static const uint16_t block[4] = {0xf800, 0xf800, 0, 0};
        D3D11_SUBRESOURCE_DATA bd = {block, 8, 0};
        td = (D3D11_TEXTURE2D_DESC){4, 4, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0},
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        ok(ID3D11Device_CreateTexture2D(s->dev, &td, &bd, &bc) == S_OK, "%s: BC1", name);
    }
    if (tex)
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, NULL, &srv);
    if (gen) {
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)gen, NULL, &gen_srv);
        D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE2D};
        rv.Texture2D.MipSlice = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)gen, &rv, &rtv1) ==
               S_OK,
           "%s: an RTV of level 1", name);
    }
    if (bc)
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)bc, NULL, &bc_srv);
    for (int i = 0; i < 3; i++) {
        sd.MinLOD = (float)i;
        ID3D11Device_CreateSamplerState(s->dev, &sd, &smp[i]);
    }
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL, &ps);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!srv || !stage || !gen_srv || !gen_stage || !rtv1 || !bc_srv || !smp[2] || !ps || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    for (int i = 0; i < 3; i++) {
        static const uint32_t want[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
        ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp[i]);
        clear(s);
        draw_tri_color(s, full, uv);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: MinLOD %d reads level %d", name, i, i);
            check(px, what, 32, 32, want[i]);
        }
    }
    /* Level by level through STAGING. */
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)stage, (ID3D11Resource *)tex);
    for (UINT l = 0; l < 3; l++)
        if (ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)stage, l, D3D11_MAP_READ, 0,
                                       &m) == S_OK,
               "%s: Map level %u", name, l)) {
            ok(m.RowPitch == (4u >> l) * 4, "%s: level %u's row pitch %u", name, l, m.RowPitch);
            ok(*(const uint32_t *)m.pData == fill[l], "%s: level %u holds %08x", name, l,
               *(const uint32_t *)m.pData);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)stage, l);
        }
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)stage, 3, D3D11_MAP_READ, 0, &m) ==
           E_INVALIDARG,
       "%s: no subresource 3", name);
    /* GenerateMips from a level 0 half white, half black: the 1x1 level
     * is gray; a clear of level 1 through its RTV leaves level 0. */
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)gen, 0, NULL, half, 16, 0);
    ID3D11DeviceContext_GenerateMips(s->ctx, gen_srv);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)gen_stage,
                                     (ID3D11Resource *)gen);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)gen_stage, 2, D3D11_MAP_READ, 0,
                                &m) == S_OK) {
        uint32_t c = *(const uint32_t *)m.pData;
        ok((c & 0xff) >= 0x70 && (c & 0xff) <= 0x90 && (c >> 24) == 0xff,
           "%s: GenerateMips' 1x1 level is gray: %08x", name, c);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)gen_stage, 2);
    }
    {
        static const FLOAT green[4] = {0, 1, 0, 1};
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv1, green);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)gen_stage,
                                         (ID3D11Resource *)gen);
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)gen_stage, 1, D3D11_MAP_READ, 0,
                                    &m) == S_OK) {
            ok(*(const uint32_t *)m.pData == 0xff00ff00, "%s: level 1 cleared: %08x", name,
               *(const uint32_t *)m.pData);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)gen_stage, 1);
        }
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)gen_stage, 0, D3D11_MAP_READ, 0,
                                    &m) == S_OK) {
            ok(*(const uint32_t *)m.pData == 0xffffffff, "%s: level 0 kept: %08x", name,
               *(const uint32_t *)m.pData);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)gen_stage, 0);
        }
        /* GenerateMips of a view from level 1: level 2 made from the green
         * level 1, level 0 (half white, half black) left alone. */
        D3D11_SHADER_RESOURCE_VIEW_DESC from1 = {DXGI_FORMAT_UNKNOWN,
                                                 D3D11_SRV_DIMENSION_TEXTURE2D};
        ID3D11ShaderResourceView *v1 = NULL;
        from1.Texture2D.MostDetailedMip = 1;
        from1.Texture2D.MipLevels = (UINT)-1;
        if (ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)gen, &from1,
                                                     &v1) == S_OK,
               "%s: an SRV of levels 1 and 2", name)) {
            ID3D11DeviceContext_GenerateMips(s->ctx, v1);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)gen_stage,
                                             (ID3D11Resource *)gen);
            for (UINT l = 0; l < 3; l += 2)
                if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)gen_stage, l,
                                            D3D11_MAP_READ, 0, &m) == S_OK) {
                    uint32_t c = *(const uint32_t *)m.pData;
                    ok(c == (l ? 0xff00ff00 : 0xffffffff),
                       "%s: GenerateMips from level 1: level %u holds %08x", name, l, c);
                    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)gen_stage, l);
                }
            ID3D11ShaderResourceView_Release(v1);
        }
    }
    /* BC1: red everywhere. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &bc_srv);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp[0]);
    clear(s);
    draw_tri_color(s, full, uv);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a BC1 block", name);
        check(px, what, 32, 32, 0xffff0000);
    }
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
out:
    {
        IUnknown *all[] = {(IUnknown *)tex,     (IUnknown *)stage,  (IUnknown *)gen,
                           (IUnknown *)gen_stage, (IUnknown *)bc,   (IUnknown *)srv,
                           (IUnknown *)gen_srv, (IUnknown *)bc_srv, (IUnknown *)rtv1,
                           (IUnknown *)smp[0],  (IUnknown *)smp[1], (IUnknown *)smp[2],
                           (IUnknown *)ps,      (IUnknown *)none};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
    }
    free(px);
}

/* What the slice does not do fails cleanly; what D3D11 refuses is
 * refused. */
/* Vertices fetched past the end of their buffer read zeros in D3D11 (a
 * triangle of them is degenerate and draws nothing); a stride Vulkan
 * cannot fetch (not a multiple of 4) drops the draw; neither loses the
 * device (Wine's d3d11 tests had the server cut such a context off). */
static void test_vertex_bounds(struct scene *s, const char *name)
{
    uint32_t *px = malloc(W * H * 4);
    UINT stride = sizeof(struct vertex), odd = 6, offset = 0;
    char what[96];

    clear(s);
    draw_tri(s, upper_left_cw);            /* vertices 0-2 */
    ID3D11DeviceContext_Draw(s->ctx, 6, 0); /* 3-5 past the end: zeros */
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a draw reading past its buffer", name);
        check(px, what, 4, 4, 0xffff8040);
        check(px, what, W - 4, H - 4, 0xff0000ff);
    }
    clear(s);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &odd, &offset);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &stride, &offset);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a draw of stride 6 is dropped", name);
        check(px, what, 4, 4, 0xff0000ff);
    }
    draw_tri(s, upper_left_cw);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: and the next draws", name);
        check(px, what, 4, 4, 0xffff8040);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
    free(px);
}

/* STAGING buffers and buffer copies: a DEFAULT buffer read back through a
 * STAGING one, a part copied between DEFAULT buffers, a STAGING buffer's
 * writes copied to the GPU, the constant buffer's bytes copied out, and a
 * copy into the vertex buffer that the next draw reads. */
static void test_buffer_copies(struct scene *s, const char *name)
{
    D3D11_BUFFER_DESC dd = {256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC sd = {256, D3D11_USAGE_STAGING, 0,
                            D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0, 0};
    ID3D11Buffer *a = NULL, *b = NULL, *st = NULL, *tri = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    uint8_t bytes[256];
    D3D11_SUBRESOURCE_DATA init = {bytes, 0, 0};
    uint32_t *px = malloc(W * H * 4);
    bool good;

    for (int i = 0; i < 256; i++)
        bytes[i] = (uint8_t)i;
    ok(ID3D11Device_CreateBuffer(s->dev, &dd, &init, &a) == S_OK, "%s: a buffer", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &dd, NULL, &b) == S_OK, "%s: another", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &sd, NULL, &st) == S_OK, "%s: a STAGING buffer", name);
    sd.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    ok(ID3D11Device_CreateBuffer(s->dev, &sd, NULL, NULL) == E_INVALIDARG,
       "%s: a STAGING buffer is bound to nothing", name);
    sd.BindFlags = 0;
    sd.CPUAccessFlags = 0;
    ok(ID3D11Device_CreateBuffer(s->dev, &sd, NULL, NULL) == E_INVALIDARG,
       "%s: and has CPU access", name);
    if (!a || !b || !st)
        goto out;
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_WRITE_DISCARD, 0,
                               &m) == E_INVALIDARG,
       "%s: a STAGING buffer is not mapped WRITE_DISCARD", name);

    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)a);
    good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
           S_OK;
    ok(good && !memcmp(m.pData, bytes, 256), "%s: a DEFAULT buffer read back", name);
    if (good)
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);

    /* Bytes [32, 96) of a to 16 of b. */
    {
        D3D11_BOX box = {32, 0, 0, 96, 1, 1};
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)b, 0, 16, 0, 0,
                                                  (ID3D11Resource *)a, 0, &box);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
        good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                       &m) == S_OK;
        bool same = good;
        for (int i = 0; good && i < 256; i++)
            same &= ((uint8_t *)m.pData)[i] == (i >= 16 && i < 80 ? i + 16 : 0);
        ok(same, "%s: a part copied between buffers, the rest untouched", name);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    /* The CPU writes the STAGING buffer; a copy takes it to the GPU. */
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_WRITE, 0, &m) ==
        S_OK) {
        memset(m.pData, 0xab, 256);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)a, (ID3D11Resource *)st);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)b, (ID3D11Resource *)a);
    memset(bytes, 0, sizeof(bytes));
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)a, 0, NULL, bytes, 0, 0);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
           S_OK;
    ok(good && ((uint8_t *)m.pData)[0] == 0xab && ((uint8_t *)m.pData)[255] == 0xab,
       "%s: STAGING -> DEFAULT -> DEFAULT, before a later write to the first", name);
    if (good)
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);

    /* The constant buffer (the client's bytes) copied out. */
    set_tint(s, 0.25f, 0.5f, 0.75f, 1.0f);
    {
        D3D11_BOX box = {0, 0, 0, 16, 1, 1};
        float f[4] = {0};
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st, 0, 64, 0, 0,
                                                  (ID3D11Resource *)s->cb, 0, &box);
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
            S_OK) {
            memcpy(f, (uint8_t *)m.pData + 64, 16);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
        }
        ok(f[0] == 0.25f && f[2] == 0.75f, "%s: a constant buffer copied out (%g %g)", name,
           f[0], f[2]);
    }
    set_tint(s, 1, 1, 1, 1);

    /* A copy into the vertex buffer, then a draw of it: the draw reads
     * the copied vertices (the one before it, the old ones). */
    {
        struct vertex v[3];
        D3D11_BUFFER_DESC td = {sizeof(v), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0,
                                0};
        D3D11_SUBRESOURCE_DATA vi = {v, 0, 0};
        static const float green[4] = {0, 1, 0, 1};
        static const float lower_right_cw[6] = {1, 1, 1, -1, -1, -1};
        for (int i = 0; i < 3; i++)
            v[i] = (struct vertex){lower_right_cw[2 * i], lower_right_cw[2 * i + 1], 0.5f,
                                   green[0], green[1], green[2], green[3]};
        ok(ID3D11Device_CreateBuffer(s->dev, &td, &vi, &tri) == S_OK, "%s: vertices", name);
        clear(s);
        draw_tri(s, upper_left_cw);
        if (tri)
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->vb,
                                             (ID3D11Resource *)tri);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (read_back(s, px)) {
            char what[96];
            snprintf(what, sizeof(what), "%s: a draw before a copy into its buffer", name);
            check(px, what, 4, 4, 0xffff8040);
            snprintf(what, sizeof(what), "%s: a draw after it", name);
            check(px, what, W - 4, H - 4, 0xff00ff00);
        }
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    if (tri)
        ID3D11Buffer_Release(tri);
    if (st)
        ID3D11Buffer_Release(st);
    if (b)
        ID3D11Buffer_Release(b);
    if (a)
        ID3D11Buffer_Release(a);
    free(px);
}

/* A 16x16 texture's texels. */
static bool texels16(struct scene *s, ID3D11Texture2D *t, ID3D11Texture2D *st, uint32_t *out)
{
    D3D11_MAPPED_SUBRESOURCE m;
    if (t)
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) != S_OK)
        return false;
    for (int y = 0; y < 16; y++)
        memcpy(out + 16 * y, (uint8_t *)m.pData + (size_t)y * m.RowPitch, 64);
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    return true;
}

/* CopySubresourceRegion of texture parts: between DEFAULT textures (on
 * the server), into and out of a STAGING one, of block-compressed
 * textures on block edges, and a copy of a render target after a draw. */
static void test_texture_copies(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    ID3D11Texture2D *a = NULL, *b = NULL, *st = NULL, *copy = NULL;
    uint32_t pa[256], zero[256] = {0}, got[256], want[256];
    D3D11_SUBRESOURCE_DATA ia = {pa, 64, 0}, iz = {zero, 64, 0};
    bool same;

    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            pa[16 * y + x] = 0xff000000u | (uint32_t)(y << 8) | (uint32_t)x;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, &ia, &a) == S_OK, "%s: a texture", name);
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, &iz, &b) == S_OK, "%s: another", name);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st) == S_OK, "%s: a STAGING one", name);
    if (!a || !b || !st)
        goto out;

    /* GPU to GPU: A's (2, 3)-(10, 8) to B at (4, 6). */
    {
        D3D11_BOX box = {2, 3, 0, 10, 8, 1};
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)b, 0, 4, 6, 0,
                                                  (ID3D11Resource *)a, 0, &box);
        memset(want, 0, sizeof(want));
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 8; i++)
                want[16 * (6 + j) + 4 + i] = pa[16 * (3 + j) + 2 + i];
        ok(texels16(s, b, st, got) && !memcmp(got, want, sizeof(got)),
           "%s: a box copied between textures, the rest untouched", name);
    }
    /* GPU to STAGING: A's lower-right quarter to the STAGING texture's
     * corner; the rest of it keeps B's texels. */
    {
        D3D11_BOX box = {8, 8, 0, 16, 16, 1};
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)a, 0, &box);
        for (int j = 0; j < 8; j++)
            for (int i = 0; i < 8; i++)
                want[16 * j + i] = pa[16 * (8 + j) + 8 + i];
        ok(texels16(s, NULL, st, got) && !memcmp(got, want, sizeof(got)),
           "%s: a box read back into part of a STAGING texture", name);
    }
    /* STAGING to GPU: its 4x4 corner to B at (12, 12). */
    {
        D3D11_BOX box = {0, 0, 0, 4, 4, 1};
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)b, 0, 12, 12, 0,
                                                  (ID3D11Resource *)st, 0, &box);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++)
                want[16 * (12 + j) + 12 + i] = pa[16 * (8 + j) + 8 + i];
        for (int j = 0; j < 8; j++)
            for (int i = 0; i < 8; i++)
                want[16 * j + i] = 0;
        for (int j = 0; j < 5; j++)
            for (int i = 0; i < 8; i++)
                want[16 * (6 + j) + 4 + i] = pa[16 * (3 + j) + 2 + i];
        ok(texels16(s, b, st, got) && !memcmp(got, want, sizeof(got)),
           "%s: a box of a STAGING texture written to the GPU", name);
    }
    /* A box past the source, or overlapping itself, copies nothing. */
    {
        D3D11_BOX past = {8, 8, 0, 17, 16, 1}, self = {0, 0, 0, 8, 8, 1};
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)b, 0, 0, 0, 0,
                                                  (ID3D11Resource *)a, 0, &past);
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)b, 0, 4, 4, 0,
                                                  (ID3D11Resource *)b, 0, &self);
        uint32_t before[256];
        memcpy(before, got, sizeof(before));
        ok(texels16(s, b, st, got) && !memcmp(got, before, sizeof(got)),
           "%s: boxes past the source or overlapping copy nothing", name);
    }
    /* BC1: the 4x4 block at (4, 4) of one texture to (0, 4) of another. */
    {
        uint8_t blocks[16 * 8], z8[16 * 8] = {0};
        D3D11_TEXTURE2D_DESC bd = {16, 8, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_SUBRESOURCE_DATA ib = {blocks, 32, 0}, ibz = {z8, 32, 0};
        ID3D11Texture2D *c1 = NULL, *c2 = NULL, *cs = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        D3D11_BOX box = {4, 4, 0, 8, 8, 1};
        for (int i = 0; i < (int)sizeof(blocks); i++)
            blocks[i] = (uint8_t)(i * 7 + 1);
        ID3D11Device_CreateTexture2D(s->dev, &bd, &ib, &c1);
        ID3D11Device_CreateTexture2D(s->dev, &bd, &ibz, &c2);
        bd.Usage = D3D11_USAGE_STAGING;
        bd.BindFlags = 0;
        bd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture2D(s->dev, &bd, NULL, &cs);
        ok(c1 && c2 && cs, "%s: BC1 textures", name);
        if (c1 && c2 && cs) {
            ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)c2, 0, 0, 4, 0,
                                                      (ID3D11Resource *)c1, 0, &box);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)cs,
                                             (ID3D11Resource *)c2);
            same = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)cs, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK;
            if (same) {
                const uint8_t *row0 = m.pData, *row1 = (const uint8_t *)m.pData + m.RowPitch;
                /* Block row 1, block 0 is the source's block row 1, block 1. */
                same = !memcmp(row1, blocks + 32 + 8, 8) && !memcmp(row1 + 8, z8, 24) &&
                       !memcmp(row0, z8, 32);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)cs, 0);
            }
            ok(same, "%s: a BC1 block copied on block edges", name);
        }
        if (c1)
            ID3D11Texture2D_Release(c1);
        if (c2)
            ID3D11Texture2D_Release(c2);
        if (cs)
            ID3D11Texture2D_Release(cs);
    }
    /* A BC1 block to a texel of a 64-bit format and back (D3D10.1's
     * copies between formats of one block size). */
    {
        uint8_t blocks[4 * 8], back[4 * 8] = {0};
        D3D11_TEXTURE2D_DESC bd = {8, 8, 1, 1, DXGI_FORMAT_BC1_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_TEXTURE2D_DESC ud = {2, 2, 1, 1, DXGI_FORMAT_R16G16B16A16_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_SUBRESOURCE_DATA ib = {blocks, 16, 0}, iu = {back, 16, 0};
        ID3D11Texture2D *bc = NULL, *wide = NULL, *ws = NULL, *bs = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        D3D11_BOX box = {4, 0, 0, 8, 4, 1};
        for (int i = 0; i < (int)sizeof(blocks); i++)
            blocks[i] = (uint8_t)(i * 5 + 3);
        ID3D11Device_CreateTexture2D(s->dev, &bd, &ib, &bc);
        ID3D11Device_CreateTexture2D(s->dev, &ud, &iu, &wide);
        ud.Usage = bd.Usage = D3D11_USAGE_STAGING;
        ud.BindFlags = bd.BindFlags = 0;
        ud.CPUAccessFlags = bd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture2D(s->dev, &ud, NULL, &ws);
        ID3D11Device_CreateTexture2D(s->dev, &bd, NULL, &bs);
        if (bc && wide && ws && bs) {
            /* Block (1, 0) to texel (0, 1). */
            ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)wide, 0, 0, 1, 0,
                                                      (ID3D11Resource *)bc, 0, &box);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)ws, (ID3D11Resource *)wide);
            same = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)ws, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK;
            if (same) {
                same = !memcmp((uint8_t *)m.pData + m.RowPitch, blocks + 8, 8) &&
                       !memcmp(m.pData, back, 16);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)ws, 0);
            }
            ok(same, "%s: a BC1 block copied to a texel of R16G16B16A16", name);
            /* The whole of it back: 2x2 texels to 2x2 blocks. */
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)bc, (ID3D11Resource *)wide);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)bs, (ID3D11Resource *)bc);
            same = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)bs, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK;
            if (same) {
                const uint8_t *r1 = (const uint8_t *)m.pData + m.RowPitch;
                same = !memcmp(m.pData, back, 16) && !memcmp(r1, blocks + 8, 8) &&
                       !memcmp(r1 + 8, back, 8);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)bs, 0);
            }
            ok(same, "%s: and R16G16B16A16 texels to BC1 blocks (CopyResource)", name);
        }
        ID3D11Texture2D *objs[] = {bc, wide, ws, bs};
        for (int i = 0; i < 4; i++)
            if (objs[i])
                ID3D11Texture2D_Release(objs[i]);
    }
    /* A render target copied after a draw: the copy sees the draw, the
     * clear after it does not reach the copy. */
    {
        D3D11_TEXTURE2D_DESC cd = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        uint32_t *px = malloc(W * H * 4);
        ok(ID3D11Device_CreateTexture2D(s->dev, &cd, NULL, &copy) == S_OK, "%s: a copy", name);
        if (copy && px) {
            char what[96];
            clear(s);
            draw_tri(s, upper_left_cw);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)copy,
                                             (ID3D11Resource *)s->target);
            clear(s);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->staging,
                                             (ID3D11Resource *)copy);
            D3D11_MAPPED_SUBRESOURCE m;
            if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ,
                                        0, &m) == S_OK) {
                for (int y = 0; y < H; y++)
                    for (int x = 0; x < W; x++) {
                        uint32_t v = ((uint32_t *)((uint8_t *)m.pData + (size_t)y * m.RowPitch))[x];
                        px[y * W + x] = (v & 0xff00ff00u) | (v & 0xff) << 16 | (v >> 16 & 0xff);
                    }
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)s->staging, 0);
                snprintf(what, sizeof(what), "%s: a render target copied after a draw", name);
                check(px, what, 4, 4, 0xffff8040);
                check(px, what, W - 4, H - 4, 0xff0000ff);
            }
        }
        free(px);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    if (copy)
        ID3D11Texture2D_Release(copy);
    if (st)
        ID3D11Texture2D_Release(st);
    if (b)
        ID3D11Texture2D_Release(b);
    if (a)
        ID3D11Texture2D_Release(a);
}

/* Texture1D and its arrays (ID3D11Texture1D): the interface and its
 * description, each layer sampled through Texture1DArray, a layer cleared
 * through its RTV, a 1D texture sampled along x, drawn into as a 4x1
 * target and copied out through a STAGING 1D texture, and an unbound 1D
 * slot's zeros. */
static void test_texture1d(struct scene *s, const char *name)
{
    static const uint32_t layer_texel[3] = {0xff0000ff, 0xff00ff00, 0xffff0000}; /* R, G, B */
    static const uint32_t want[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    static const uint32_t line[4] = {0xff0000ff, 0xff00ff00, 0xffff0000, 0xffffffff};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    uint32_t texels[3][4];
    D3D11_TEXTURE1D_DESC td = {4, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_SUBRESOURCE_DATA init[3];
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    ID3D11Texture1D *arr = NULL, *one = NULL, *st = NULL;
    ID3D11ShaderResourceView *all = NULL, *one_srv = NULL;
    ID3D11RenderTargetView *rtv2 = NULL, *one_rtv = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL, *ps1 = NULL;
    ID3D11RasterizerState *none = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 4; i++)
            texels[k][i] = layer_texel[k];
        init[k] = (D3D11_SUBRESOURCE_DATA){texels[k], 16, 0};
    }
    ok(ID3D11Device_CreateTexture1D(s->dev, &td, init, &arr) == S_OK, "%s: a 3-layer 1D array",
       name);
    if (arr) {
        D3D11_TEXTURE1D_DESC got;
        D3D11_RESOURCE_DIMENSION dim = 0;
        void *other = NULL;
        ID3D11Texture1D_GetDesc(arr, &got);
        ID3D11Texture1D_GetType(arr, &dim);
        ok(got.Width == 4 && got.MipLevels == 1 && got.ArraySize == 3 &&
               got.Format == DXGI_FORMAT_R8G8B8A8_UNORM && dim == D3D11_RESOURCE_DIMENSION_TEXTURE1D,
           "%s: its description and type", name);
        ok(ID3D11Texture1D_QueryInterface(arr, &IID_ID3D11Texture2D, &other) == E_NOINTERFACE &&
               !other,
           "%s: a 1D texture is no ID3D11Texture2D", name);
        ok(ID3D11Texture1D_QueryInterface(arr, &IID_ID3D11Texture1D, &other) == S_OK &&
               other == arr,
           "%s: it is an ID3D11Texture1D", name);
        if (other)
            ID3D11Texture1D_Release((ID3D11Texture1D *)other);
        D3D11_SHADER_RESOURCE_VIEW_DESC v = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                             D3D11_SRV_DIMENSION_TEXTURE2DARRAY};
        D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE1DARRAY};
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, NULL, &all) ==
               S_OK, "%s: its SRV", name);
        v.Texture2DArray.MipLevels = 1;
        v.Texture2DArray.ArraySize = 3;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, NULL) ==
               E_INVALIDARG, "%s: no 2D array SRV of a 1D array", name);
        rv.Texture1DArray.FirstArraySlice = 2;
        rv.Texture1DArray.ArraySize = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &rv, &rtv2) ==
               S_OK, "%s: an RTV of layer 2", name);
        if (all) {
            D3D11_SHADER_RESOURCE_VIEW_DESC g;
            ID3D11ShaderResourceView_GetDesc(all, &g);
            ok(g.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE1DARRAY &&
                   g.Texture1DArray.ArraySize == 3 && g.Texture1DArray.MipLevels == 1,
               "%s: the default SRV is of the whole 1D array (dimension %u)", name,
               (unsigned)g.ViewDimension);
        }
        if (rtv2) {
            D3D11_RENDER_TARGET_VIEW_DESC g;
            ID3D11RenderTargetView_GetDesc(rtv2, &g);
            ok(g.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE1DARRAY &&
                   g.Texture1DArray.FirstArraySlice == 2,
               "%s: the RTV's description", name);
        }
    }
    td.ArraySize = 1;
    init[0] = (D3D11_SUBRESOURCE_DATA){line, 16, 0};
    ok(ID3D11Device_CreateTexture1D(s->dev, &td, init, &one) == S_OK, "%s: a 1D texture", name);
    if (one) {
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)one, NULL, &one_srv);
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)one, NULL, &one_rtv);
    }
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture1D(s->dev, &td, NULL, &st) == S_OK, "%s: a STAGING 1D texture",
       name);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_line, sizeof(dxbc_ps_line), NULL, &ps) ==
           S_OK, "%s: ps_line", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_line1, sizeof(dxbc_ps_line1), NULL, &ps1) ==
           S_OK, "%s: ps_line1", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!all || !rtv2 || !one_srv || !one_rtv || !st || !smp || !ps || !ps1 || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 5, 1, &all);
    for (int k = 0; k < 3; k++) {
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, (float)k / 255.0f, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: 1D array layer %d", name, k);
            check(px, what, 32, 32, want[k]);
        }
    }
    {
        static const FLOAT gray[4] = {0.5f, 0.5f, 0.5f, 1};
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv2, gray);
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 2.0f / 255.0f, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: 1D layer 2 cleared through its RTV", name);
            check(px, what, 32, 32, 0xff808080);
        }
    }
    /* Along a 1D texture: texel i at x = (i + 0.5) / 4. */
    ID3D11DeviceContext_PSSetShader(s->ctx, ps1, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 6, 1, &one_srv);
    for (int i = 0; i < 4; i++) {
        static const uint32_t swapped[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
        clear(s);
        draw_tri_color(s, full, (const float[4]){(i + 0.5f) / 4, 0, 0, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: 1D texel %d", name, i);
            check(px, what, 32, 32, swapped[i]);
        }
    }
    /* An unbound 1D slot reads zeros. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 6, 1, &(ID3D11ShaderResourceView *){NULL});
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.5f, 0, 0, 1});
    if (read_back(s, px))
        check(px, "unbound 1D slot", 32, 32, 0);
    /* Drawn into as a 4x1 target (ps_tint's vertex colour), then copied
     * out. */
    {
        D3D11_VIEWPORT vp1 = {0, 0, 4, 1, 0, 1}, vp = {0, 0, W, H, 0, 1};
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &one_rtv, NULL);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp1);
        draw_tri_color(s, (const float[6]){0, 3, 0, -3, -3, 0}, (const float[4]){0, 1, 1, 1});
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)one);
        bool good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                            &m) == S_OK;
        const uint32_t *t = good ? m.pData : NULL;
        ok(good && t[0] == 0xffffff00 && t[1] == 0xffffff00 && t[2] == line[2] && t[3] == line[3],
           "%s: a 1D target drawn into its left half: %08x %08x %08x %08x", name,
           good ? t[0] : 0, good ? t[1] : 0, good ? t[2] : 0, good ? t[3] : 0);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 5, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 6, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    IUnknown *objs[] = {(IUnknown *)none, (IUnknown *)ps1, (IUnknown *)ps, (IUnknown *)smp,
                        (IUnknown *)one_rtv, (IUnknown *)one_srv, (IUnknown *)rtv2,
                        (IUnknown *)all, (IUnknown *)st, (IUnknown *)one, (IUnknown *)arr};
    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
    free(px);
}

/* 2D texture arrays: each layer sampled through Texture2DArray, an SRV of
 * some of the layers, a layer cleared through its RTV, a layer copied
 * out, and an SRV of part of a mip chain. */
static void test_arrays(struct scene *s, const char *name)
{
    static const uint32_t layer_texel[3] = {0xff0000ff, 0xff00ff00, 0xffff0000}; /* R, G, B */
    static const uint32_t want[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    uint32_t texels[3][16];
    D3D11_TEXTURE2D_DESC td = {4, 4, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_SUBRESOURCE_DATA init[3];
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    ID3D11Texture2D *arr = NULL, *st = NULL, *mip = NULL;
    ID3D11ShaderResourceView *all = NULL, *part = NULL, *mip1 = NULL;
    ID3D11RenderTargetView *rtv2 = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL, *ps_tex = NULL;
    ID3D11RasterizerState *none = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 16; i++)
            texels[k][i] = layer_texel[k];
        init[k] = (D3D11_SUBRESOURCE_DATA){texels[k], 16, 0};
    }
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, init, &arr) == S_OK, "%s: a 3-layer array",
       name);
    if (arr) {
        D3D11_SHADER_RESOURCE_VIEW_DESC v = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                             D3D11_SRV_DIMENSION_TEXTURE2DARRAY};
        D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, NULL, &all) ==
               S_OK, "%s: its SRV", name);
        v.Texture2DArray.MipLevels = 1;
        v.Texture2DArray.FirstArraySlice = 1;
        v.Texture2DArray.ArraySize = 2;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, &part) ==
               S_OK, "%s: an SRV of layers 1 and 2", name);
        v.Texture2DArray.ArraySize = 3;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, NULL) ==
               E_INVALIDARG, "%s: not of layers 1 to 3", name);
        rv.Texture2DArray.FirstArraySlice = 2;
        rv.Texture2DArray.ArraySize = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &rv, &rtv2) ==
               S_OK, "%s: an RTV of layer 2", name);
        if (all) {
            D3D11_SHADER_RESOURCE_VIEW_DESC got;
            ID3D11ShaderResourceView_GetDesc(all, &got);
            ok(got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY &&
                   got.Texture2DArray.ArraySize == 3 && got.Texture2DArray.MipLevels == 1,
               "%s: the default SRV is of the whole array", name);
        }
    }
    td.ArraySize = 1;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_array, sizeof(dxbc_ps_array), NULL, &ps) ==
           S_OK, "%s: ps_array", name);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                   &ps_tex);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!all || !part || !rtv2 || !st || !smp || !ps || !ps_tex || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 3, 1, &all);
    for (int k = 0; k < 3; k++) {
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, (float)k / 255.0f, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: array layer %d", name, k);
            check(px, what, 32, 32, want[k]);
        }
    }
    /* Layer 0 of the view of layers 1 and 2 is the array's layer 1. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 3, 1, &part);
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: layer 0 of a view from layer 1", name);
        check(px, what, 32, 32, want[1]);
    }
    /* Layer 2 cleared through its RTV: sampled, and copied out. */
    {
        static const FLOAT gray[4] = {0.5f, 0.5f, 0.5f, 1};
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv2, gray);
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 3, 1, &all);
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 2.0f / 255.0f, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: layer 2 cleared through its RTV", name);
            check(px, what, 32, 32, 0xff808080);
        }
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)arr, 1, NULL);
        bool good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                            &m) == S_OK;
        ok(good && ((uint32_t *)m.pData)[5] == layer_texel[1],
           "%s: layer 1 (subresource 1) copied out: %08x", name,
           good ? ((uint32_t *)m.pData)[5] : 0);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    /* An SRV of level 1 of a 2-level texture samples level 1. */
    {
        uint32_t l0[4] = {0xff0000ff, 0xff0000ff, 0xff0000ff, 0xff0000ff}, l1 = 0xffff0000;
        D3D11_TEXTURE2D_DESC md = {2, 2, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_SUBRESOURCE_DATA mi[2] = {{l0, 8, 0}, {&l1, 4, 0}};
        D3D11_SHADER_RESOURCE_VIEW_DESC v = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                             D3D11_SRV_DIMENSION_TEXTURE2D};
        v.Texture2D.MostDetailedMip = 1;
        v.Texture2D.MipLevels = 1;
        ok(ID3D11Device_CreateTexture2D(s->dev, &md, mi, &mip) == S_OK, "%s: two levels", name);
        if (mip)
            ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)mip, &v, &mip1) ==
                   S_OK, "%s: an SRV of level 1", name);
        if (mip1) {
            ID3D11DeviceContext_PSSetShader(s->ctx, ps_tex, NULL, 0);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &mip1);
            clear(s);
            draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: an SRV from level 1", name);
                check(px, what, 32, 32, 0xff0000ff);
            }
        }
    }
    {
        /* Texture2DMS(Array) SRVs of a one-sample array: D3D11 makes them
         * (level 0 of the layers named); GetDesc answers what was asked. */
        D3D11_SHADER_RESOURCE_VIEW_DESC v = {DXGI_FORMAT_UNKNOWN,
                                             D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY}, got;
        ID3D11ShaderResourceView *msv = NULL;
        v.Texture2DMSArray.FirstArraySlice = 1;
        v.Texture2DMSArray.ArraySize = (UINT)-1;
        if (ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, &msv) ==
                   S_OK,
               "%s: a Texture2DMSArray SRV of a one-sample array", name)) {
            ID3D11ShaderResourceView_GetDesc(msv, &got);
            ok(got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY &&
                   got.Texture2DMSArray.FirstArraySlice == 1 &&
                   got.Texture2DMSArray.ArraySize == 2,
               "%s: it answers Texture2DMSArray 1+2 (%u, %u+%u)", name, got.ViewDimension,
               got.Texture2DMSArray.FirstArraySlice, got.Texture2DMSArray.ArraySize);
            ID3D11ShaderResourceView_Release(msv);
        }
        v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, NULL) ==
               S_FALSE,
           "%s: and a Texture2DMS one", name);
        v.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY;
        v.Texture2DMSArray.FirstArraySlice = 3;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v, NULL) ==
               E_INVALIDARG,
           "%s: none past the last layer", name);
    }
    {
        /* A 2D SRV of an array reads its layer 0 (D3D11 makes it). */
        D3D11_SHADER_RESOURCE_VIEW_DESC v = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                             D3D11_SRV_DIMENSION_TEXTURE2D};
        ID3D11ShaderResourceView *first = NULL;
        v.Texture2D.MipLevels = 1;
        if (ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)arr, &v,
                                                     &first) == S_OK,
               "%s: a 2D SRV of an array", name)) {
            ID3D11DeviceContext_PSSetShader(s->ctx, ps_tex, NULL, 0);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &first);
            clear(s);
            draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: a 2D SRV of an array reads layer 0", name);
                check(px, what, 32, 32, want[0]);
            }
            ID3D11ShaderResourceView_Release(first);
        }
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 3, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    IUnknown *objs[] = {(IUnknown *)mip1, (IUnknown *)mip, (IUnknown *)none,
                        (IUnknown *)ps_tex, (IUnknown *)ps, (IUnknown *)smp, (IUnknown *)rtv2,
                        (IUnknown *)part, (IUnknown *)all, (IUnknown *)st, (IUnknown *)arr};
    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
    free(px);
}

/* Depth textures read back through STAGING ones (D3D's layouts: D24S8
 * with its stencil in the top byte, D32F as floats), and written from
 * one: a STAGING D24S8 to the GPU and back. */
/* D32_FLOAT_S8X24_UINT: 8-byte texels (the depth's float, the stencil
 * byte, 3 bytes unused) read back after a clear and after a draw that
 * writes the stencil where it passes the depth test, and written from
 * the CPU and back. */
static void test_d32s8(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    D3D11_DEPTH_STENCIL_DESC dd = {TRUE,
                                   D3D11_DEPTH_WRITE_MASK_ALL,
                                   D3D11_COMPARISON_LESS,
                                   TRUE,
                                   0xff,
                                   0xff,
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS},
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS}};
    /* The left half of the target (x < 0) at depth 0.25. */
    static const float left[6] = {-1, 1, 0, 1, -1, -3}, c[4] = {0, 1, 0, 1};
    ID3D11Texture2D *t = NULL, *st = NULL, *up = NULL;
    ID3D11DepthStencilView *v = NULL;
    ID3D11DepthStencilState *ds = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    UINT support = 0;

    ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, &support);
    if (!(support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL)) {
        skip("%s: no D32_FLOAT_S8X24_UINT targets here", name);
        return;
    }
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t) == S_OK &&
           ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)t, NULL, &v) == S_OK,
       "%s: a D32_FLOAT_S8X24_UINT target", name);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st) == S_OK, "%s: its staging twin",
       name);
    ok(ID3D11Device_CreateDepthStencilState(s->dev, &dd, &ds) == S_OK,
       "%s: a state writing the stencil", name);
    if (!t || !v || !st || !ds)
        goto out;
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, v, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL,
                                              0.75f, 0x5a);
    /* Depth 0.25 passes LESS against 0.75: the left half takes depth 0.25
     * and the reference 0x77 as its stencil. */
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, v);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, ds, 0x77);
    set_tint(s, 1, 1, 1, 1);
    clear(s);
    draw_tri_z(s, left, 0.25f, c);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
        S_OK) {
        const uint8_t *row = (const uint8_t *)m.pData + 8 * m.RowPitch;
        float dl, dr;
        memcpy(&dl, row + 8 * 8, 4);
        memcpy(&dr, row + 48 * 8, 4);
        ok(m.RowPitch >= W * 8, "%s: D32S8X24 rows of 8-byte texels: %u", name, m.RowPitch);
        ok(dl == 0.25f && row[8 * 8 + 4] == 0x77,
           "%s: D32S8X24 where drawn: depth %g, stencil %#x", name, dl, row[8 * 8 + 4]);
        ok(dr == 0.75f && row[48 * 8 + 4] == 0x5a,
           "%s: D32S8X24 as cleared: depth %g, stencil %#x", name, dr, row[48 * 8 + 4]);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    /* The CPU's texels to the GPU and back. */
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_WRITE, 0, &m) ==
        S_OK) {
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                uint8_t *p = (uint8_t *)m.pData + y * m.RowPitch + x * 8;
                float d = (float)(x + y) / 128.0f;
                memcpy(p, &d, 4);
                p[4] = (uint8_t)(3 * x + y);
                memset(p + 5, 0, 3);
            }
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    td.Usage = D3D11_USAGE_DEFAULT;
    td.CPUAccessFlags = 0;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &up) == S_OK, "%s: another D32S8X24",
       name);
    if (up) {
        bool same;
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)up, (ID3D11Resource *)st);
        ID3D11DeviceContext_ClearDepthStencilView(s->ctx, v, D3D11_CLEAR_DEPTH |
                                                  D3D11_CLEAR_STENCIL, 0, 0);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)up);
        same = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                       &m) == S_OK;
        for (int y = 0; same && y < H; y++)
            for (int x = 0; same && x < W; x++) {
                const uint8_t *p = (const uint8_t *)m.pData + y * m.RowPitch + x * 8;
                float d;
                memcpy(&d, p, 4);
                same = d == (float)(x + y) / 128.0f && p[4] == (uint8_t)(3 * x + y);
                if (!same)
                    ok(0, "%s: D32S8X24 texel (%d,%d) came back as %g, %#x", name, x, y, d,
                       p[4]);
            }
        ok(same, "%s: D32S8X24 texels to the GPU and back", name);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    {
        IUnknown *objs[] = {(IUnknown *)v, (IUnknown *)t, (IUnknown *)st, (IUnknown *)up,
                            (IUnknown *)ds};
        for (size_t i = 0; i < ARRAY_N(objs); i++)
            if (objs[i])
                objs[i]->lpVtbl->Release(objs[i]);
    }
}

static void test_depth_readback(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {4, 4, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    ID3D11Texture2D *d24 = NULL, *d32 = NULL, *st24 = NULL, *st32 = NULL, *up = NULL;
    ID3D11DepthStencilView *v24 = NULL, *v32 = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    bool good;

    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &d24);
    td.Format = DXGI_FORMAT_D32_FLOAT;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &d32);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st32) == S_OK, "%s: a STAGING D32F",
       name);
    td.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st24) == S_OK, "%s: a STAGING D24S8",
       name);
    td.BindFlags = D3D11_BIND_DEPTH_STENCIL;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == E_INVALIDARG,
       "%s: a STAGING depth texture is bound to nothing", name);
    if (d24)
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)d24, NULL, &v24);
    if (d32)
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)d32, NULL, &v32);
    if (!v24 || !v32 || !st24 || !st32)
        goto out;
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, v24,
                                              D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.5f,
                                              0x3c);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, v32, D3D11_CLEAR_DEPTH, 0.25f, 0);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st24, (ID3D11Resource *)d24);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st32, (ID3D11Resource *)d32);
    good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st24, 0, D3D11_MAP_READ, 0, &m) ==
           S_OK;
    {
        uint32_t v = good ? ((uint32_t *)m.pData)[5] : 0;
        uint32_t dv = v & 0xffffff;
        ok(good && v >> 24 == 0x3c && dv >= 0x7ffffe && dv <= 0x800001,
           "%s: D24S8 read back: depth %#x, stencil %#x", name, dv, v >> 24);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st24, 0);
    }
    good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st32, 0, D3D11_MAP_READ, 0, &m) ==
           S_OK;
    ok(good && ((float *)m.pData)[15] == 0.25f, "%s: D32F read back: %g", name,
       good ? ((float *)m.pData)[15] : -1.0f);
    if (good)
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st32, 0);
    /* The CPU's D24S8 texels to the GPU and back, stencil and all. */
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st24, 0, D3D11_MAP_WRITE, 0, &m) ==
        S_OK) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((uint32_t *)((uint8_t *)m.pData + y * m.RowPitch))[x] =
                    (uint32_t)(0x10 * y + x) << 24 | (uint32_t)(0x123456 * (x + 1) & 0xffffff);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st24, 0);
    }
    td.Usage = D3D11_USAGE_DEFAULT;
    td.CPUAccessFlags = 0;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &up) == S_OK, "%s: another D24S8", name);
    if (up) {
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)up, (ID3D11Resource *)st24);
        ID3D11DeviceContext_ClearDepthStencilView(s->ctx, v24, D3D11_CLEAR_STENCIL, 0, 0);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st24, (ID3D11Resource *)up);
        good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st24, 0, D3D11_MAP_READ, 0,
                                       &m) == S_OK;
        bool same = good;
        for (int y = 0; same && y < 4; y++)
            for (int x = 0; x < 4; x++)
                same &= ((uint32_t *)((uint8_t *)m.pData + y * m.RowPitch))[x] ==
                        ((uint32_t)(0x10 * y + x) << 24 |
                         (uint32_t)(0x123456 * (x + 1) & 0xffffff));
        ok(same, "%s: D24S8 texels to the GPU and back", name);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st24, 0);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
    test_d32s8(s, name);
out:
    {
        IUnknown *objs[] = {(IUnknown *)v24, (IUnknown *)v32, (IUnknown *)up,
                            (IUnknown *)st24, (IUnknown *)st32, (IUnknown *)d24,
                            (IUnknown *)d32};
        for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
            if (objs[i])
                objs[i]->lpVtbl->Release(objs[i]);
    }
}

/* D3D11's hazard rule: a subresource bound as a target is not bound as a
 * shader resource at once (binding one unbinds, or refuses, the other),
 * another level of it is. */
static void test_hazards(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_SHADER_RESOURCE_VIEW_DESC sv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_SRV_DIMENSION_TEXTURE2D};
    D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_RTV_DIMENSION_TEXTURE2D};
    ID3D11Texture2D *t = NULL;
    ID3D11ShaderResourceView *level0 = NULL, *level1 = NULL, *got[2] = {NULL, NULL};
    ID3D11RenderTargetView *rt0 = NULL;

    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t);
    if (t) {
        sv.Texture2D.MipLevels = 1;
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &level0);
        sv.Texture2D.MostDetailedMip = 1;
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &level1);
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, &rv, &rt0);
    }
    if (!ok(level0 && level1 && rt0, "%s: views of two levels", name))
        goto out;
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &level0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &level1);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rt0, NULL);
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 2, got);
    ok(!got[0] && got[1] == level1,
       "%s: a target unbinds the view of its level, not the other's (%p %p)", name,
       (void *)got[0], (void *)got[1]);
    for (int i = 0; i < 2; i++)
        if (got[i])
            ID3D11ShaderResourceView_Release(got[i]);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &level0);
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, got);
    ok(!got[0], "%s: and a view of a bound target binds as NULL", name);
    if (got[0])
        ID3D11ShaderResourceView_Release(got[0]);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &level0);
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, got);
    ok(got[0] == level0, "%s: once it is no target, the view binds", name);
    if (got[0])
        ID3D11ShaderResourceView_Release(got[0]);
    {
        ID3D11ShaderResourceView *none[2] = {NULL, NULL};
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 2, none);
    }
out:
    if (rt0)
        ID3D11RenderTargetView_Release(rt0);
    if (level1)
        ID3D11ShaderResourceView_Release(level1);
    if (level0)
        ID3D11ShaderResourceView_Release(level0);
    if (t)
        ID3D11Texture2D_Release(t);
}

/* Formats beyond the first ones, each as a 1x1 texture sampled over the
 * target (where the device samples them). */
static void test_more_formats(struct scene *s, const char *name)
{
    static const struct {
        DXGI_FORMAT format;
        uint32_t texel[4]; /* a 4x4 block for the block formats */
        uint32_t want;     /* 0xAARRGGBB */
    } cases[] = {
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, {0xff808080}, 0xff373737},
        {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, {0xff800000}, 0xff370000},
        {DXGI_FORMAT_R10G10B10A2_UNORM, {0xc0000000u | 512u << 20 | 1023u}, 0xffff0080},
        {DXGI_FORMAT_R11G11B10_FLOAT, {0x3c0u | 0x1c0u << 22}, 0xffff0080},
        {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, {256u | 128u << 18 | 16u << 27}, 0xffff0080},
        {DXGI_FORMAT_B4G4R4A4_UNORM, {0xff00}, 0xffff0000},
        {DXGI_FORMAT_R8_SNORM, {0x7f}, 0xffff0000},
        {DXGI_FORMAT_R16_SNORM, {0x7fff}, 0xffff0000},
        {DXGI_FORMAT_BC1_UNORM_SRGB, {0xffffffff, 0}, 0xffffffff},
        {DXGI_FORMAT_A8_UNORM, {0x80}, 0x80000000},
    };
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL, &ps);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!smp || !ps || !none)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        bool block = cases[i].format == DXGI_FORMAT_BC1_UNORM_SRGB;
        D3D11_TEXTURE2D_DESC td = {block ? 4 : 1, block ? 4 : 1, 1, 1, cases[i].format, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_SUBRESOURCE_DATA init = {cases[i].texel, block ? 8 : 4, 0};
        ID3D11Texture2D *t = NULL;
        ID3D11ShaderResourceView *v = NULL;
        UINT support = 0;
        ID3D11Device_CheckFormatSupport(s->dev, cases[i].format, &support);
        if (!(support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)) {
            skip("%s: format %u is not sampled on this device", name, cases[i].format);
            continue;
        }
        ok(ID3D11Device_CreateTexture2D(s->dev, &td, &init, &t) == S_OK,
           "%s: a texture of format %u", name, cases[i].format);
        if (t)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, NULL, &v);
        if (v) {
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &v);
            clear(s);
            draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: format %u sampled", name, cases[i].format);
                check(px, what, 32, 32, cases[i].want);
            }
            ID3D11ShaderResourceView_Release(v);
        }
        if (t)
            ID3D11Texture2D_Release(t);
    }
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    /* Integer textures: loaded (not sampled), never targets yet. */
    {
        static const DXGI_FORMAT ints[] = {DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R16_UINT,
                                           DXGI_FORMAT_R8_UINT};
        ID3D11PixelShader *pu = NULL;
        ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_uint, sizeof(dxbc_ps_uint), NULL, &pu);
        ok(pu != NULL, "%s: ps_uint", name);
        for (size_t i = 0; pu && i < sizeof(ints) / sizeof(ints[0]); i++) {
            uint32_t texel = 128;
            D3D11_TEXTURE2D_DESC td = {1, 1, 1, 1, ints[i], {1, 0}, D3D11_USAGE_DEFAULT,
                                       D3D11_BIND_SHADER_RESOURCE, 0, 0};
            D3D11_SUBRESOURCE_DATA init = {&texel, 4, 0};
            ID3D11Texture2D *t = NULL;
            ID3D11ShaderResourceView *v = NULL;
            UINT support = 0;
            ID3D11Device_CheckFormatSupport(s->dev, ints[i], &support);
            ok(!(support & (D3D11_FORMAT_SUPPORT_SHADER_SAMPLE | D3D11_FORMAT_SUPPORT_BLENDABLE)),
               "%s: format %u is loaded, not sampled or blended", name, ints[i]);
            if (!(support & D3D11_FORMAT_SUPPORT_SHADER_LOAD)) {
                skip("%s: format %u is not loaded on this device", name, ints[i]);
                continue;
            }
            ok(ID3D11Device_CreateTexture2D(s->dev, &td, &init, &t) == S_OK,
               "%s: an integer texture of format %u", name, ints[i]);
            if (t)
                ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, NULL, &v);
            if (v) {
                ID3D11DeviceContext_PSSetShader(s->ctx, pu, NULL, 0);
                ID3D11DeviceContext_PSSetShaderResources(s->ctx, 4, 1, &v);
                clear(s);
                draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0, 1});
                if (read_back(s, px)) {
                    snprintf(what, sizeof(what), "%s: format %u loaded", name, ints[i]);
                    check(px, what, 32, 32, 0x80808080);
                }
                ID3D11DeviceContext_PSSetShaderResources(s->ctx, 4, 1,
                                                         &(ID3D11ShaderResourceView *){NULL});
                ID3D11ShaderResourceView_Release(v);
            }
            if (t)
                ID3D11Texture2D_Release(t);
        }
        if (pu)
            ID3D11PixelShader_Release(pu);
    }
    /* An integer target: cleared (floats converted, clamped to the
     * channel), and drawn into by a shader writing integers, with a blend
     * state that blends (integer targets are not blended). */
    {
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R16G16_UINT, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
        D3D11_BLEND_DESC bd;
        ID3D11Texture2D *it = NULL, *ist = NULL;
        ID3D11RenderTargetView *irtv = NULL;
        ID3D11PixelShader *po = NULL;
        ID3D11BlendState *blend = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        static const FLOAT clear_to[4] = {5.7f, 70000.0f, 0, 0};
        UINT support = 0;
        memset(&bd, 0, sizeof(bd));
        bd.RenderTarget[0].BlendEnable = TRUE;
        bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
        bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ONE;
        bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
        bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
        ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_R16G16_UINT, &support);
        if (!(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET)) {
            skip("%s: R16G16_UINT is no target on this device", name);
        } else {
            ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &it) == S_OK,
               "%s: an R16G16_UINT target", name);
            td.Usage = D3D11_USAGE_STAGING;
            td.BindFlags = 0;
            td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &ist);
            if (it)
                ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)it, NULL, &irtv);
            ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_out_uint, sizeof(dxbc_ps_out_uint),
                                           NULL, &po);
            ID3D11Device_CreateBlendState(s->dev, &bd, &blend);
        }
        if (irtv && ist && po && blend) {
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, irtv, clear_to);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)ist, (ID3D11Resource *)it);
            bool good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)ist, 0,
                                                D3D11_MAP_READ, 0, &m) == S_OK;
            uint16_t *t0 = good ? (uint16_t *)m.pData : NULL;
            ok(good && t0[0] == 5 && t0[1] == 65535,
               "%s: an integer clear truncates and clamps (%u %u)", name, good ? t0[0] : 0,
               good ? t0[1] : 0);
            if (good)
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)ist, 0);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &irtv, NULL);
            ID3D11DeviceContext_OMSetBlendState(s->ctx, blend, NULL, 0xffffffff);
            ID3D11DeviceContext_PSSetShader(s->ctx, po, NULL, 0);
            draw_tri_color(s, full, (const float[4]){40.0f / 255.0f, 0, 0, 1});
            ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)ist, (ID3D11Resource *)it);
            good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)ist, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK;
            t0 = good ? (uint16_t *)((uint8_t *)m.pData + 32 * m.RowPitch) + 2 * 32 : NULL;
            ok(good && t0[0] == 77 && t0[1] == 40,
               "%s: a shader's integers written, not blended (%u %u)", name, good ? t0[0] : 0,
               good ? t0[1] : 0);
            if (good)
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)ist, 0);
            ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on",
               name);
        }
        IUnknown *objs[] = {(IUnknown *)blend, (IUnknown *)po, (IUnknown *)irtv,
                            (IUnknown *)ist, (IUnknown *)it};
        for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
            if (objs[i])
                objs[i]->lpVtbl->Release(objs[i]);
    }
out:
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    if (none)
        ID3D11RasterizerState_Release(none);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (smp)
        ID3D11SamplerState_Release(smp);
    free(px);
}

/* Texel (32, 32) of a 64x64 texture of 4-byte texels, through a STAGING
 * texture of the same format. */
static bool texel32(struct scene *s, ID3D11Texture2D *t, DXGI_FORMAT format, uint32_t *out)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, format, {1, 0}, D3D11_USAGE_STAGING, 0,
                               D3D11_CPU_ACCESS_READ, 0};
    ID3D11Texture2D *st = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    bool good = false;
    if (ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st) != S_OK)
        return false;
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
        S_OK) {
        memcpy(out, (uint8_t *)m.pData + 32 * (size_t)m.RowPitch + 32 * 4, 4);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
        good = true;
    }
    ID3D11Texture2D_Release(st);
    return good;
}

static bool bytes_near(uint32_t got, uint32_t want)
{
    for (int c = 0; c < 32; c += 8) {
        int d = (int)(got >> c & 0xff) - (int)(want >> c & 0xff);
        if (d < -1 || d > 1)
            return false;
    }
    return true;
}

static void clear_to(struct scene *s, ID3D11RenderTargetView *v, float r, float g, float b,
                     float a)
{
    const FLOAT c[4] = {r, g, b, a};
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, v, c);
}

/* Typeless colour textures and views of their formats: R8G8B8A8_TYPELESS
 * rendered into as UNORM_SRGB (D3D11 encodes: linear 0.5 is byte 188,
 * 0.2 is 124) and as UINT, sampled as UNORM (the bytes) and as
 * UNORM_SRGB (decoded back); R32_TYPELESS without a depth binding as an
 * R32_FLOAT target read back through a typeless STAGING texture; a
 * BC1_TYPELESS texture sampled as BC1_UNORM and BC1_UNORM_SRGB. */
static void test_typeless_colour(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_TYPELESS, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                                        D3D11_RTV_DIMENSION_TEXTURE2D};
    D3D11_SHADER_RESOURCE_VIEW_DESC sv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                          D3D11_SRV_DIMENSION_TEXTURE2D};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, mid[4] = {0.5f, 0.5f, 0, 1};
    ID3D11Texture2D *t = NULL;
    ID3D11RenderTargetView *srgb = NULL, *unorm = NULL, *uint_rtv = NULL;
    ID3D11ShaderResourceView *as_unorm = NULL, *as_srgb = NULL, *as_uint = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL, *pu = NULL;
    ID3D11RasterizerState *none = NULL;
    D3D11_TEXTURE2D_DESC got;
    uint32_t *px = malloc(W * H * 4), texel = 0;

    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL, &ps);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_uint, sizeof(dxbc_ps_uint), NULL, &pu);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t) == S_OK,
            "%s: an R8G8B8A8_TYPELESS texture", name) || !smp || !ps || !pu || !none)
        goto out;
    ID3D11Texture2D_GetDesc(t, &got);
    ok(got.Format == DXGI_FORMAT_R8G8B8A8_TYPELESS, "%s: it says it is typeless (%u)", name,
       got.Format);
    /* Its views name one of its formats. */
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, NULL,
                                           &(ID3D11RenderTargetView *){NULL}) == E_INVALIDARG,
       "%s: an RTV of no format is refused", name);
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, NULL,
                                             &(ID3D11ShaderResourceView *){NULL}) ==
           E_INVALIDARG,
       "%s: an SRV of no format is refused", name);
    sv.Format = DXGI_FORMAT_R32_FLOAT;
    sv.Texture2D.MipLevels = 1;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv,
                                             &(ID3D11ShaderResourceView *){NULL}) ==
           E_INVALIDARG,
       "%s: an SRV of another family's format is refused", name);
    rv.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, &rv,
                                           &(ID3D11RenderTargetView *){NULL}) == E_INVALIDARG,
       "%s: an RTV of another family's format is refused", name);
    rv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, &rv, &srgb);
    rv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, &rv, &unorm);
    rv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, &rv, &uint_rtv);
    sv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &as_unorm);
    sv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &as_srgb);
    sv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
    ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)t, &sv, &as_uint);
    if (!ok(srgb && unorm && uint_rtv && as_unorm && as_srgb && as_uint,
            "%s: views as UNORM, UNORM_SRGB and UINT", name))
        goto out;
    {
        D3D11_RENDER_TARGET_VIEW_DESC d;
        ID3D11RenderTargetView_GetDesc(srgb, &d);
        ok(d.Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "%s: the RTV's format (%u)", name,
           d.Format);
    }
    /* A clear through the sRGB view encodes. */
    clear_to(s, srgb, 0.5f, 0.2f, 1, 1);
    ok(texel32(s, t, DXGI_FORMAT_R8G8B8A8_TYPELESS, &texel) && bytes_near(texel, 0xffff7cbc),
       "%s: a clear through UNORM_SRGB is encoded (%08x)", name, texel);
    /* So does a draw; through the UNORM view it is the bytes. */
    clear_to(s, unorm, 0, 0, 0, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &srgb, NULL);
    draw_tri_color(s, full, (const float[4]){0.2f, 0.5f, 0, 1});
    ok(texel32(s, t, DXGI_FORMAT_R8G8B8A8_UNORM, &texel) && bytes_near(texel, 0xff00bc7c),
       "%s: a draw through UNORM_SRGB is encoded (%08x)", name, texel);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &unorm, NULL);
    draw_tri_color(s, full, (const float[4]){0.2f, 0.5f, 0, 1});
    ok(texel32(s, t, DXGI_FORMAT_R8G8B8A8_TYPELESS, &texel) && bytes_near(texel, 0xff008033),
       "%s: a draw through UNORM is not (%08x)", name, texel);
    /* Sampled: the bytes 0x7c, 0xbc through the UNORM view; decoded
     * through the sRGB one. */
    clear_to(s, srgb, 0.2f, 0.5f, 0, 1);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    for (int k = 0; k < 2; k++) {
        char what[96];
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, k ? &as_srgb : &as_unorm);
        clear(s);
        draw_tri_color(s, full, mid);
        snprintf(what, sizeof(what), "%s: sampled as %s", name, k ? "UNORM_SRGB" : "UNORM");
        if (read_back(s, px))
            check(px, what, 32, 32, k ? 0xff338000 : 0xff7cbc00);
    }
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    /* As integers: a clear converts to the view's integers, a load reads
     * them. */
    clear_to(s, uint_rtv, 7, 2, 3, 300);
    ok(texel32(s, t, DXGI_FORMAT_R8G8B8A8_UINT, &texel) && texel == 0xff030207,
       "%s: a clear through UINT (%08x)", name, texel);
    ID3D11DeviceContext_PSSetShader(s->ctx, pu, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 4, 1, &as_uint);
    clear(s);
    draw_tri_color(s, full, mid);
    if (read_back(s, px))
        check(px, "loaded as UINT", 32, 32, 0x07070707);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 4, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);

    /* R32_TYPELESS, not a depth target: a colour texture; its STAGING
     * copy holds the float's bytes. */
    {
        D3D11_TEXTURE2D_DESC rd32 = td;
        ID3D11Texture2D *r32 = NULL;
        ID3D11RenderTargetView *fv = NULL;
        ID3D11ShaderResourceView *fs = NULL;
        float f = 0;
        rd32.Format = DXGI_FORMAT_R32_TYPELESS;
        rv.Format = sv.Format = DXGI_FORMAT_R32_FLOAT;
        ok(ID3D11Device_CreateTexture2D(s->dev, &rd32, NULL, &r32) == S_OK &&
               ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)r32, &rv, &fv) ==
                   S_OK &&
               ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)r32, &sv, &fs) ==
                   S_OK,
           "%s: an R32_TYPELESS target and its R32_FLOAT views", name);
        if (fv && fs) {
            clear_to(s, fv, 0.25f, 0, 0, 0);
            ok(texel32(s, r32, DXGI_FORMAT_R32_TYPELESS, &texel) &&
                   (memcpy(&f, &texel, 4), f == 0.25f),
               "%s: read back through R32_TYPELESS STAGING: %g", name, f);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &fs);
            clear(s);
            draw_tri_color(s, full, mid);
            if (read_back(s, px))
                check(px, "R32_TYPELESS sampled as R32_FLOAT", 32, 32, 0xff400000);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
        }
        if (fs)
            ID3D11ShaderResourceView_Release(fs);
        if (fv)
            ID3D11RenderTargetView_Release(fv);
        if (r32)
            ID3D11Texture2D_Release(r32);
    }
    /* BC1_TYPELESS: one block of colour 0x8410 (bytes 132, 130, 132). */
    {
        static const uint32_t block[2] = {0x84108410u, 0};
        D3D11_TEXTURE2D_DESC bd = {4, 4, 1, 1, DXGI_FORMAT_BC1_TYPELESS, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        D3D11_SUBRESOURCE_DATA init = {block, 8, 0};
        ID3D11Texture2D *bc = NULL;
        ok(ID3D11Device_CreateTexture2D(s->dev, &bd, &init, &bc) == S_OK,
           "%s: a BC1_TYPELESS texture", name);
        for (int k = 0; bc && k < 2; k++) {
            ID3D11ShaderResourceView *v = NULL;
            char what[96];
            sv.Format = k ? DXGI_FORMAT_BC1_UNORM_SRGB : DXGI_FORMAT_BC1_UNORM;
            if (!ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)bc, &sv,
                                                          &v) == S_OK,
                    "%s: a BC1 view %d", name, k))
                continue;
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &v);
            clear(s);
            draw_tri_color(s, full, mid);
            snprintf(what, sizeof(what), "%s: BC1_TYPELESS sampled as %s", name,
                     k ? "BC1_UNORM_SRGB" : "BC1_UNORM");
            if (read_back(s, px))
                check(px, what, 32, 32, k ? 0xff3b393b : 0xff848284);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
            ID3D11ShaderResourceView_Release(v);
        }
        if (bc)
            ID3D11Texture2D_Release(bc);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    IUnknown *objs[] = {(IUnknown *)as_uint, (IUnknown *)as_srgb, (IUnknown *)as_unorm,
                        (IUnknown *)uint_rtv, (IUnknown *)unorm, (IUnknown *)srgb,
                        (IUnknown *)t, (IUnknown *)none, (IUnknown *)pu, (IUnknown *)ps,
                        (IUnknown *)smp};
    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
    free(px);
}

/* D3D11's rule for copies between formats (CopyResource does nothing
 * otherwise): within a typeless family, R9G9B9E5 with R32's, a block to a
 * texel of 64 or 128 bits; not merely the same bytes per texel. And what
 * CheckFeatureSupport answers of formats and typeless ones. */
static void copy_rule(ID3D11Device *dev, ID3D11DeviceContext *ctx, const char *name)
{
    static const struct {
        DXGI_FORMAT src, dst;
        bool copied;
        bool src_ds, dst_ds; /* bound as depth-stencil */
    } cases[] = {
        {DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT, true, true, false},
        {DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_R32_TYPELESS, true, false, true},
        {DXGI_FORMAT_R16_UNORM, DXGI_FORMAT_D16_UNORM, true, false, true},
        {DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_UINT, true, true, false},
        {DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R32_FLOAT, false, true, false},
        {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UINT, true},
        {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_SNORM, true},
        {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R32_UINT, true},
        {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM, false},
        {DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R16G16_UINT, false},
        {DXGI_FORMAT_R16G16_TYPELESS, DXGI_FORMAT_R32_FLOAT, false},
        {DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC3_UNORM, false},
        {DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC1_UNORM_SRGB, true},
        {DXGI_FORMAT_BC4_UNORM, DXGI_FORMAT_R16G16B16A16_UINT, true},
        {DXGI_FORMAT_BC4_UNORM, DXGI_FORMAT_R32G32_FLOAT, true},
    };
    static const uint32_t bytes[16] = {0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff00,
                                       0x01020304, 0x05060708, 0x090a0b0c, 0x0d0e0f10};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        DXGI_FORMAT f[2] = {cases[i].src, cases[i].dst};
        /* Feature level 10_0 copies no block to a texel. */
        bool mixed = (f[0] >= DXGI_FORMAT_BC1_TYPELESS && f[0] <= DXGI_FORMAT_BC5_SNORM) !=
                     (f[1] >= DXGI_FORMAT_BC1_TYPELESS && f[1] <= DXGI_FORMAT_BC5_SNORM);
        bool copied = cases[i].copied &&
                      (!mixed || ID3D11Device_GetFeatureLevel(dev) >= D3D_FEATURE_LEVEL_10_1);
        ID3D11Texture2D *t[3] = {NULL, NULL, NULL};
        bool have = true;
        for (int k = 0; k < 2; k++) {
            UINT support = 0;
            ID3D11Device_CheckFormatSupport(dev, f[k], &support);
            have &= (support & D3D11_FORMAT_SUPPORT_TEXTURE2D) != 0;
        }
        if (!have) {
            skip("%s: format %u or %u is no texture here", name, f[0], f[1]);
            continue;
        }
        for (int k = 0; k < 3; k++) {
            /* Blocks 4x4 texels of 8 bytes (BC1, BC4) or 16; a texel's
             * texture 1x1 of the block's bytes, else 4x4 of 4 bytes. */
            bool block = f[k ? 1 : 0] >= DXGI_FORMAT_BC1_TYPELESS &&
                         f[k ? 1 : 0] <= DXGI_FORMAT_BC5_SNORM;
            bool small = !block && (f[0] >= DXGI_FORMAT_BC1_TYPELESS &&
                                    f[0] <= DXGI_FORMAT_BC5_SNORM);
            UINT side = small ? 1 : 4;
            bool ds = k == 0 ? cases[i].src_ds : k == 1 && cases[i].dst_ds;
            D3D11_TEXTURE2D_DESC td = {side, side, 1, 1, f[k ? 1 : 0], {1, 0},
                                       k == 2 ? D3D11_USAGE_STAGING : D3D11_USAGE_DEFAULT,
                                       k == 2 ? 0
                                       : ds   ? D3D11_BIND_DEPTH_STENCIL
                                              : D3D11_BIND_SHADER_RESOURCE,
                                       k == 2 ? D3D11_CPU_ACCESS_READ : 0, 0};
            static const uint32_t zeros[16];
            D3D11_SUBRESOURCE_DATA init = {k ? zeros : bytes, 16, 0};
            ok(ID3D11Device_CreateTexture2D(dev, &td, &init, &t[k]) == S_OK,
               "%s: a texture of format %u", name, td.Format);
        }
        if (t[0] && t[1] && t[2]) {
            D3D11_MAPPED_SUBRESOURCE m;
            /* Depth-stencil textures copy whole: a box copies nothing. */
            static const D3D11_BOX whole = {0, 0, 0, 4, 4, 1};
            if (cases[i].src_ds || cases[i].dst_ds)
                ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)t[1], 0, 0, 0,
                                                          0, (ID3D11Resource *)t[0], 0, &whole);
            else
                ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)t[1],
                                                 (ID3D11Resource *)t[0]);
            ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)t[2],
                                             (ID3D11Resource *)t[1]);
            if ((cases[i].src_ds || cases[i].dst_ds) &&
                ok(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)t[2], 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK,
                   "%s: Map", name)) {
                ok(*(uint32_t *)m.pData == 0, "%s: a box of format %u to %u copies nothing",
                   name, f[0], f[1]);
                ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)t[2], 0);
                ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)t[1],
                                                 (ID3D11Resource *)t[0]);
                ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)t[2],
                                                 (ID3D11Resource *)t[1]);
            }
            if (ok(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)t[2], 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK,
                   "%s: Map", name)) {
                uint32_t first = *(uint32_t *)m.pData;
                ok(first == (copied ? bytes[0] : 0),
                   "%s: a copy of format %u to %u at level %#x is %s (%08x)", name, f[0], f[1],
                   ID3D11Device_GetFeatureLevel(dev), copied ? "done" : "not done", first);
                ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)t[2], 0);
            }
        }
        for (int k = 0; k < 3; k++)
            if (t[k])
                ID3D11Texture2D_Release(t[k]);
    }
}

static void test_copy_rule(struct scene *s, const char *name)
{
    ID3D11Device *dev10 = NULL;
    ID3D11DeviceContext *ctx10 = NULL;
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_0;
    copy_rule(s->dev, s->ctx, name);
    if (ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                             D3D11_SDK_VERSION, &dev10, NULL, &ctx10) == S_OK,
           "%s: a device of level 10_0", name)) {
        copy_rule(dev10, ctx10, name);
        ID3D11DeviceContext_Release(ctx10);
        ID3D11Device_Release(dev10);
    }
    {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT fs = {DXGI_FORMAT_R8G8B8A8_UNORM, 0};
        UINT support = 0;
        ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_R8G8B8A8_UNORM, &support);
        ok(ID3D11Device_CheckFeatureSupport(s->dev, D3D11_FEATURE_FORMAT_SUPPORT, &fs,
                                            sizeof(fs)) == S_OK &&
               fs.OutFormatSupport == support && (support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE),
           "%s: FORMAT_SUPPORT answers CheckFormatSupport's %#x (%#x)", name, support,
           fs.OutFormatSupport);
        ok(ID3D11Device_CheckFeatureSupport(s->dev, D3D11_FEATURE_FORMAT_SUPPORT, &fs,
                                            sizeof(fs) - 1) == E_INVALIDARG,
           "%s: of the wrong size, E_INVALIDARG", name);
        ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_R8G8B8A8_TYPELESS, &support);
        ok((support & D3D11_FORMAT_SUPPORT_TEXTURE2D) &&
               !(support & (D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
                            D3D11_FORMAT_SUPPORT_RENDER_TARGET)),
           "%s: a typeless format makes textures, not views (%#x)", name, support);
    }
}

/* An unbound slot reads (0, 0, 0, 0) whatever the shader declares it as:
 * a cube, a 2D array, a volume. */
static void test_unbound_types(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    const struct {
        const char *what;
        const void *code;
        size_t size;
    } shaders[] = {{"cube", dxbc_ps_cube, sizeof(dxbc_ps_cube)},
                   {"2D array", dxbc_ps_array, sizeof(dxbc_ps_array)},
                   {"volume", dxbc_ps_volume, sizeof(dxbc_ps_volume)}};
    uint32_t *px = malloc(W * H * 4);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &(ID3D11ShaderResourceView *){NULL});
    for (size_t i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++) {
        ID3D11PixelShader *ps = NULL;
        char what[96];
        if (!ok(ID3D11Device_CreatePixelShader(s->dev, shaders[i].code, shaders[i].size, NULL,
                                               &ps) == S_OK,
                "%s: a %s shader", name, shaders[i].what))
            continue;
        ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, 0.5f, 1});
        snprintf(what, sizeof(what), "%s: an unbound %s", name, shaders[i].what);
        if (read_back(s, px))
            check(px, what, 32, 32, 0x00000000);
        ID3D11PixelShader_Release(ps);
    }
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    free(px);
}

/* Texture3D: each slice sampled through a Texture3D, a slice written with
 * UpdateSubresource's box, a box of slices copied into a STAGING volume
 * and read back with its depth pitch. */
static void test_volumes(struct scene *s, const char *name)
{
    static const uint32_t slice_texel[4] = {0xff0000ff, 0xff00ff00, 0xffff0000, 0xffffffff};
    static const uint32_t want[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
    uint32_t texels[4][4][4];
    D3D11_TEXTURE3D_DESC td = {4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {texels, 16, 64};
    ID3D11RenderTargetView *rtv0 = NULL, *rtv3 = NULL;
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    ID3D11Texture3D *vol = NULL, *st = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *smp = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11RasterizerState *none = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    for (int z = 0; z < 4; z++)
        for (int i = 0; i < 16; i++)
            texels[z][i / 4][i % 4] = slice_texel[z];
    ok(ID3D11Device_CreateTexture3D(s->dev, &td, &init, &vol) == S_OK, "%s: a 4x4x4 volume",
       name);
    if (vol) {
        D3D11_TEXTURE3D_DESC got;
        D3D11_RESOURCE_DIMENSION dim = 0;
        ID3D11Texture2D *as2d = (void *)1;
        ID3D11Texture3D_GetDesc(vol, &got);
        ID3D11Texture3D_GetType(vol, &dim);
        ok(got.Depth == 4 && got.MipLevels == 1 && dim == D3D11_RESOURCE_DIMENSION_TEXTURE3D,
           "%s: its desc and type", name);
        ok(ID3D11Texture3D_QueryInterface(vol, &IID_ID3D11Texture2D, (void **)&as2d) ==
               E_NOINTERFACE && !as2d, "%s: it is no Texture2D", name);
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)vol, NULL, &srv) ==
               S_OK, "%s: its SRV", name);
    }
    /* Render-target views of slices (of all four: layered, test_layered),
     * of slices past the volume never. */
    if (vol) {
        D3D11_RENDER_TARGET_VIEW_DESC rv = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE3D};
        rv.Texture3D.FirstWSlice = 3;
        rv.Texture3D.WSize = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, NULL, NULL) ==
               S_FALSE, "%s: a view of all four slices (layered)", name);
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, &rv, &rtv3) ==
               S_OK, "%s: an RTV of slice 3", name);
        rv.Texture3D.WSize = (UINT)-1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, &rv, NULL) ==
               S_FALSE, "%s: from slice 3 to the last is one slice", name);
        rv.Texture3D.FirstWSlice = 2;
        rv.Texture3D.WSize = 3;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, &rv, NULL) ==
               E_INVALIDARG, "%s: slices 2 to 4 of 4 are invalid", name);
        rv.Texture3D.FirstWSlice = 0;
        rv.Texture3D.WSize = 1;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, &rv, &rtv0) ==
               S_OK, "%s: an RTV of slice 0", name);
        rv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, &rv, NULL) ==
               E_INVALIDARG, "%s: no 2D RTV of a volume", name);
    }
    td.BindFlags = 0;
    td.Usage = D3D11_USAGE_STAGING;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture3D(s->dev, &td, NULL, &st) == S_OK, "%s: a STAGING volume",
       name);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &smp);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_volume, sizeof(dxbc_ps_volume), NULL,
                                      &ps) == S_OK, "%s: ps_volume", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &none);
    if (!srv || !st || !smp || !ps || !none || !rtv0 || !rtv3)
        goto out;
    ID3D11DeviceContext_RSSetState(s->ctx, none);
    /* Slice 3 cleared through its view, slice 0 drawn into (ps_tint's
     * vertex colour) as a 4x4 target. */
    {
        static const FLOAT quarter[4] = {0.25f, 0.25f, 0.25f, 1};
        D3D11_VIEWPORT vp4 = {0, 0, 4, 4, 0, 1}, vp = {0, 0, W, H, 0, 1};
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv3, quarter);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv0, NULL);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp4);
        draw_tri_color(s, full, (const float[4]){1, 1, 0, 1});
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
    }
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 0, 1, &smp);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 2, 1, &srv);
    /* Slice 1 anew through a box. */
    {
        uint32_t gray[16];
        D3D11_BOX box = {0, 0, 1, 4, 4, 2};
        for (int i = 0; i < 16; i++)
            gray[i] = 0xff808080;
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vol, 0, &box, gray, 16,
                                              64);
    }
    for (int k = 0; k < 4; k++) {
        clear(s);
        draw_tri_color(s, full, (const float[4]){0.5f, 0.5f, (k + 0.5f) / 4, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: volume slice %d", name, k);
            check(px, what, 32, 32,
                  k == 0 ? 0xffffff00 : k == 1 ? 0xff808080 : k == 3 ? 0xff404040 : want[k]);
        }
    }
    /* Slices 2 and 3 into slices 0 and 1 of the STAGING volume. */
    {
        D3D11_BOX box = {0, 0, 2, 4, 4, 4};
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)vol, 0, &box);
        bool good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                            &m) == S_OK;
        ok(good && m.DepthPitch >= 64 && ((uint32_t *)m.pData)[5] == slice_texel[2] &&
               ((uint32_t *)((uint8_t *)m.pData + m.DepthPitch))[5] == 0xff404040,
           "%s: a box of slices copied out (depth pitch %u)", name, good ? m.DepthPitch : 0);
        if (good)
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    /* GenerateMips of a volume: level 1 of 2x2x2 red is red. */
    {
        static const uint32_t red[8] = {0xff0000ff, 0xff0000ff, 0xff0000ff, 0xff0000ff,
                                        0xff0000ff, 0xff0000ff, 0xff0000ff, 0xff0000ff};
        static const uint32_t zero[1];
        D3D11_TEXTURE3D_DESC md = {2, 2, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0,
                                   D3D11_RESOURCE_MISC_GENERATE_MIPS};
        D3D11_TEXTURE3D_DESC sd1 = {1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING,
                                    0, D3D11_CPU_ACCESS_READ, 0};
        D3D11_SUBRESOURCE_DATA mi[2] = {{red, 8, 16}, {zero, 4, 4}};
        ID3D11Texture3D *mv = NULL, *one = NULL;
        ID3D11ShaderResourceView *mvs = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        ok(ID3D11Device_CreateTexture3D(s->dev, &md, mi, &mv) == S_OK &&
               ID3D11Device_CreateTexture3D(s->dev, &sd1, NULL, &one) == S_OK &&
               ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)mv, NULL, &mvs) ==
                   S_OK,
           "%s: a volume with GENERATE_MIPS", name);
        if (mvs && one) {
            ID3D11DeviceContext_GenerateMips(s->ctx, mvs);
            ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)one, 0, 0, 0, 0,
                                                      (ID3D11Resource *)mv, 1, NULL);
            bool good = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)one, 0,
                                                D3D11_MAP_READ, 0, &m) == S_OK;
            ok(good && *(uint32_t *)m.pData == 0xff0000ff,
               "%s: a volume's mips generated: %08x", name, good ? *(uint32_t *)m.pData : 0);
            if (good)
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)one, 0);
        }
        if (mvs)
            ID3D11ShaderResourceView_Release(mvs);
        if (one)
            ID3D11Texture3D_Release(one);
        if (mv)
            ID3D11Texture3D_Release(mv);
    }
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device goes on", name);
out:
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 2, 1, &(ID3D11ShaderResourceView *){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    IUnknown *objs[] = {(IUnknown *)none, (IUnknown *)ps,   (IUnknown *)smp,
                        (IUnknown *)srv,  (IUnknown *)rtv0, (IUnknown *)rtv3,
                        (IUnknown *)st,   (IUnknown *)vol};
    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
    free(px);
}

/* State objects of equal descriptions are one object (D3D11's rule), and
 * a blend target without blending reads back ONE, ZERO, ADD. */
static void test_state_objects(struct scene *s, const char *name)
{
    D3D11_BLEND_DESC bd, got;
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_WRAP,
                             D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_WRAP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 1000.0f};
    D3D11_DEPTH_STENCIL_DESC dd;
    ID3D11BlendState *b1 = NULL, *b2 = NULL, *b3 = NULL;
    ID3D11SamplerState *s1 = NULL, *s2 = NULL;
    ID3D11DepthStencilState *d1 = NULL, *d2 = NULL;

    memset(&bd, 0, sizeof(bd));
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    ID3D11Device_CreateBlendState(s->dev, &bd, &b1);
    ID3D11Device_CreateBlendState(s->dev, &bd, &b2);
    ok(b1 && b1 == b2, "%s: equal blend descriptions give one object", name);
    if (b1) {
        ID3D11BlendState_GetDesc(b1, &got);
        ok(got.RenderTarget[7].SrcBlend == D3D11_BLEND_ONE &&
               got.RenderTarget[7].DestBlend == D3D11_BLEND_ZERO &&
               got.RenderTarget[7].BlendOpAlpha == D3D11_BLEND_OP_ADD &&
               got.RenderTarget[7].RenderTargetWriteMask == D3D11_COLOR_WRITE_ENABLE_ALL,
           "%s: a target without blending reads back ONE, ZERO, ADD", name);
    }
    bd.RenderTarget[0].BlendEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_ALPHA;
    bd.RenderTarget[0].DestBlend = bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    bd.RenderTarget[0].BlendOp = bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    ID3D11Device_CreateBlendState(s->dev, &bd, &b3);
    ok(b3 && b3 != b1, "%s: another description, another object", name);
    if (b1) {
        ok(ID3D11BlendState_Release(b1) == 1, "%s: the two references are one object's", name);
        ok(ID3D11BlendState_Release(b2) == 0, "%s: and both go", name);
    }
    if (b3)
        ID3D11BlendState_Release(b3);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &s1);
    ID3D11Device_CreateSamplerState(s->dev, &sd, &s2);
    ok(s1 && s1 == s2, "%s: equal sampler descriptions give one object", name);
    {
        /* What the filter and address modes do not use reads back as
         * D3D11 keeps it, and does not tell two states apart. */
        D3D11_SAMPLER_DESC extra = sd, back;
        ID3D11SamplerState *s3 = NULL;
        extra.MaxAnisotropy = 16;
        extra.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
        extra.BorderColor[1] = extra.BorderColor[3] = 1;
        ID3D11Device_CreateSamplerState(s->dev, &extra, &s3);
        if (ok(s3, "%s: a sampler with unused fields", name)) {
            ID3D11SamplerState_GetDesc(s3, &back);
            ok(s3 == s1 && !back.MaxAnisotropy && back.ComparisonFunc == D3D11_COMPARISON_NEVER &&
                   !back.BorderColor[1] && !back.BorderColor[3],
               "%s: it is the plain one (%u, %u, %g)", name, back.MaxAnisotropy,
               back.ComparisonFunc, back.BorderColor[1]);
            ID3D11SamplerState_Release(s3);
        }
        extra.AddressW = D3D11_TEXTURE_ADDRESS_BORDER;
        ID3D11Device_CreateSamplerState(s->dev, &extra, &s3);
        if (s3) {
            ID3D11SamplerState_GetDesc(s3, &back);
            ok(back.BorderColor[1] == 1 && back.BorderColor[3] == 1,
               "%s: a BORDER mode keeps the colour", name);
            ID3D11SamplerState_Release(s3);
        }
    }
    memset(&dd, 0x5a, sizeof(dd)); /* padding the cache must not compare */
    dd.DepthEnable = TRUE;
    dd.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    dd.DepthFunc = D3D11_COMPARISON_LESS;
    dd.StencilEnable = FALSE;
    dd.StencilReadMask = dd.StencilWriteMask = 0xff;
    dd.FrontFace = dd.BackFace = (D3D11_DEPTH_STENCILOP_DESC){
        D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
        D3D11_COMPARISON_ALWAYS};
    ID3D11Device_CreateDepthStencilState(s->dev, &dd, &d1);
    {
        D3D11_DEPTH_STENCIL_DESC clean;
        memset(&clean, 0, sizeof(clean));
        clean.DepthEnable = dd.DepthEnable;
        clean.DepthWriteMask = dd.DepthWriteMask;
        clean.DepthFunc = dd.DepthFunc;
        clean.StencilReadMask = clean.StencilWriteMask = 0xff;
        clean.FrontFace = clean.BackFace = dd.FrontFace;
        ID3D11Device_CreateDepthStencilState(s->dev, &clean, &d2);
    }
    ok(d1 && d1 == d2, "%s: equal depth-stencil descriptions, padding apart, give one object",
       name);
    {
        /* A disabled stencil test keeps D3D11's defaults, whatever it says. */
        D3D11_DEPTH_STENCIL_DESC off = dd, got;
        ID3D11DepthStencilState *d3 = NULL;
        off.StencilReadMask = 0;
        off.FrontFace.StencilFunc = D3D11_COMPARISON_NEVER;
        ID3D11Device_CreateDepthStencilState(s->dev, &off, &d3);
        ok(d3 && d3 == d1, "%s: a disabled stencil test's fields do not matter", name);
        if (d3) {
            ID3D11DepthStencilState_GetDesc(d3, &got);
            ok(got.StencilReadMask == 0xff && got.FrontFace.StencilFunc == D3D11_COMPARISON_ALWAYS,
               "%s: and read back as D3D11's defaults", name);
            ID3D11DepthStencilState_Release(d3);
        }
    }
    IUnknown *objs[] = {(IUnknown *)s1, (IUnknown *)s2, (IUnknown *)d1, (IUnknown *)d2};
    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
}

/* Makes a shader of tests/d3d11/shaders.hlsl's whose Texture2Ds the edits
 * turn into buffers (dxbc_edit.h). */
static bool edited_shader(struct scene *s, bool pixel, const void *dxbc, size_t size,
                          const struct dxbc_edit *e, int n, void **out)
{
    static uint8_t code[16384];
    size_t m = dxbc_edit(dxbc, size, e, n, code, sizeof(code));
    *out = NULL;
    if (!ok(m > 0, "the DXBC edit"))
        return false;
    return pixel ? ID3D11Device_CreatePixelShader(s->dev, code, m, NULL,
                                                  (ID3D11PixelShader **)out) == S_OK
                 : ID3D11Device_CreateVertexShader(s->dev, code, m, NULL,
                                                   (ID3D11VertexShader **)out) == S_OK;
}

/* Buffers read by shaders: typed views (of a range, updated, renamed by
 * WRITE_DISCARD between draws), structured, raw and unsigned views side by
 * side, a vertex shader's positions from a buffer, an unbound slot, and
 * the views' and buffers' validation. */
static void buffer_srvs(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const float left[6] = {-1, -1, -1, 3, 0, -1}, right[6] = {1, -1, 0, -1, 1, 3};
    float elems[8][4];
    struct { float a[4]; float b; } structs[4];
    float raw[16];
    uint8_t uints[4][4] = {{0}};
    D3D11_BUFFER_DESC bd = {sizeof(elems), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                            0, 0};
    D3D11_SHADER_RESOURCE_VIEW_DESC vd = {DXGI_FORMAT_R32G32B32A32_FLOAT,
                                          D3D11_SRV_DIMENSION_BUFFER};
    D3D11_SUBRESOURCE_DATA init = {elems, 0, 0};
    ID3D11Buffer *typed = NULL, *dyn = NULL, *sb = NULL, *rb = NULL, *ub = NULL, *pos = NULL;
    ID3D11Buffer *vb_only = NULL;
    ID3D11ShaderResourceView *all = NULL, *from1 = NULL, *dyn_v = NULL, *sv = NULL, *rv = NULL;
    ID3D11ShaderResourceView *uv = NULL, *pv = NULL, *got = (void *)1;
    ID3D11PixelShader *ps = NULL, *ps4 = NULL;
    ID3D11VertexShader *vs = NULL;
    uint32_t *px = malloc(W * H * 4);
    const struct dxbc_edit e1[] = {{1, DXBC_EDIT_TYPED, 0}};
    const struct dxbc_edit e4[] = {{2, DXBC_EDIT_STRUCTURED, sizeof(structs[0])},
                                   {3, DXBC_EDIT_RAW, 0},
                                   {4, DXBC_EDIT_TYPED, 0}};
    const struct dxbc_edit e0[] = {{0, DXBC_EDIT_TYPED, 0}};
    char what[96];

    for (int k = 0; k < 8; k++) {
        elems[k][0] = k / 8.0f;
        elems[k][1] = 0.25f;
        elems[k][2] = 1.0f - k / 8.0f;
        elems[k][3] = 1.0f;
    }
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &typed) == S_OK, "%s: an SRV buffer", name);
    bd.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    ID3D11Device_CreateBuffer(s->dev, &bd, &init, &vb_only);
    /* Buffers' validation. */
    bd.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    bd.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    bd.StructureByteStride = 6;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: a structure of 6 bytes", name);
    bd.StructureByteStride = 24; /* 128 is no multiple */
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: a size no multiple of the structure", name);
    bd.MiscFlags |= D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
    bd.StructureByteStride = 16;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: structured and raw at once", name);
    bd.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
    bd.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: raw views of a vertex-only buffer", name);
    bd.MiscFlags = 0;
    bd.BindFlags = D3D11_BIND_INDEX_BUFFER;
    bd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: a DEFAULT index buffer with CPU access (11.2's are shader resources)", name);
    bd.CPUAccessFlags = 0;
    bd.Usage = D3D11_USAGE_IMMUTABLE;
    bd.BindFlags = 0;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, NULL) == E_INVALIDARG,
       "%s: an IMMUTABLE buffer bound to nothing", name);
    bd.Usage = D3D11_USAGE_DYNAMIC;
    bd.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    bd.BindFlags = D3D11_BIND_STREAM_OUTPUT;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: a DYNAMIC stream-output buffer", name);
    bd.Usage = D3D11_USAGE_DEFAULT;
    bd.CPUAccessFlags = 0;
    bd.BindFlags = 0;
    bd.StructureByteStride = 12; /* ignored without the flag */
    {
        ID3D11Buffer *plain = NULL;
        D3D11_BUFFER_DESC g;
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &plain) == S_OK,
           "%s: a DEFAULT buffer bound to nothing", name);
        if (plain) {
            ID3D11Buffer_GetDesc(plain, &g);
            ok(!g.StructureByteStride && !g.BindFlags, "%s: its stride reads 0", name);
            ID3D11Buffer_Release(plain);
        }
    }
    if (!typed || !vb_only)
        goto out;
    {
        /* A refused map leaves the pitches alone. */
        D3D11_MAPPED_SUBRESOURCE m = {(void *)1, 0xabab, 0xcdcd};
        ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)typed, 0, D3D11_MAP_WRITE_DISCARD,
                                   0, &m) == E_INVALIDARG &&
               !m.pData && m.RowPitch == 0xabab && m.DepthPitch == 0xcdcd,
           "%s: a DEFAULT buffer is not mapped", name);
    }
    /* Views' validation. */
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, NULL, &got) ==
           E_INVALIDARG && !got,
       "%s: a typed buffer's view names its format", name);
    vd.Buffer.FirstElement = 4;
    vd.Buffer.NumElements = 5;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, NULL) ==
           E_INVALIDARG, "%s: a view past the buffer's end", name);
    vd.Buffer.FirstElement = 0;
    vd.Buffer.NumElements = 0;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, NULL) ==
           E_INVALIDARG, "%s: a view of no elements", name);
    vd.Buffer.NumElements = 8;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)vb_only, &vd, NULL) ==
           E_INVALIDARG, "%s: a view of a buffer without BIND_SHADER_RESOURCE", name);
    vd.Format = DXGI_FORMAT_UNKNOWN;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, NULL) ==
           E_INVALIDARG, "%s: a typed view of format UNKNOWN", name);
    vd.Format = DXGI_FORMAT_R32_TYPELESS;
    vd.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    vd.BufferEx.FirstElement = 0;
    vd.BufferEx.NumElements = 8;
    vd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, NULL) ==
           E_INVALIDARG, "%s: a raw view of a buffer without ALLOW_RAW_VIEWS", name);
    vd = (D3D11_SHADER_RESOURCE_VIEW_DESC){DXGI_FORMAT_R32G32B32A32_FLOAT,
                                           D3D11_SRV_DIMENSION_BUFFER};
    vd.Buffer.NumElements = 8;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, &all) ==
           S_OK, "%s: a view of the 8 elements", name);
    vd.Buffer.FirstElement = 1;
    vd.Buffer.NumElements = 7;
    ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)typed, &vd, &from1) ==
           S_OK, "%s: a view from element 1", name);
    if (all) {
        D3D11_SHADER_RESOURCE_VIEW_DESC g;
        ID3D11Resource *r = NULL;
        ID3D11ShaderResourceView_GetDesc(all, &g);
        ok(g.ViewDimension == D3D11_SRV_DIMENSION_BUFFER && !g.Buffer.FirstElement &&
               g.Buffer.NumElements == 8 && g.Format == DXGI_FORMAT_R32G32B32A32_FLOAT,
           "%s: the view's description", name);
        ID3D11ShaderResourceView_GetResource(all, &r);
        ok(r == (ID3D11Resource *)typed, "%s: the view's resource is the buffer", name);
        if (r)
            ID3D11Resource_Release(r);
    }
    ok(edited_shader(s, true, dxbc_ps_buffer, sizeof(dxbc_ps_buffer), e1, 1, (void **)&ps),
       "%s: ps_buffer as a typed buffer's", name);
    if (!all || !from1 || !ps)
        goto out;

    /* Element k, picked by red = k / 255. */
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &all);
    for (int k = 0; k < 8; k += 3) {
        uint32_t want = 0xff000000u | (uint32_t)(k * 255 / 8 + (k * 255 % 8 >= 4)) << 16 |
                        0x4000u | (uint32_t)(255 - (k * 255 / 8 + (k * 255 % 8 >= 4)));
        clear(s);
        draw_tri_color(s, full, (const float[4]){k / 255.0f, 0, 0, 1});
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: typed element %d", name, k);
            check(px, what, 32, 32, want);
        }
    }
    /* A view from element 1: its element 0 is the buffer's 1. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &from1);
    clear(s);
    draw_tri_color(s, full, (const float[4]){0, 0, 0, 1});
    if (read_back(s, px))
        check(px, "a view from element 1", 32, 32, 0xff2040df);
    /* Updated between draws: the second reads the new bytes. */
    {
        static const float red[4] = {1, 0, 0, 1};
        D3D11_BOX box = {3 * 16, 0, 0, 4 * 16, 1, 1};
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &all);
        clear(s);
        draw_tri_color(s, left, (const float[4]){3 / 255.0f, 0, 0, 1});
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)typed, 0, &box, red, 0,
                                              0);
        draw_tri_color(s, right, (const float[4]){3 / 255.0f, 0, 0, 1});
        if (read_back(s, px)) {
            check(px, "before the update", 2, 32, 0xff60409f);
            check(px, "after the update", W - 3, 32, 0xffff0000);
        }
    }
    /* WRITE_DISCARD between draws renames: each draw reads its own bytes. */
    bd = (D3D11_BUFFER_DESC){64, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE,
                             D3D11_CPU_ACCESS_WRITE, 0, 0};
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &dyn) == S_OK, "%s: a DYNAMIC SRV buffer",
       name);
    vd.Buffer.FirstElement = 0;
    vd.Buffer.NumElements = 4;
    if (dyn)
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)dyn, &vd, &dyn_v);
    if (dyn_v) {
        static const float green[4] = {0, 1, 0, 1}, white[4] = {1, 1, 1, 1};
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &dyn_v);
        clear(s);
        for (int pass = 0; pass < 2; pass++) {
            if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)dyn, 0,
                                        D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK) {
                memset(m.pData, 0, 64);
                memcpy(m.pData, pass ? white : green, 16);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)dyn, 0);
            }
            draw_tri_color(s, pass ? right : left, (const float[4]){0, 0, 0, 1});
        }
        if (read_back(s, px)) {
            check(px, "the first discard's bytes", 2, 32, 0xff00ff00);
            check(px, "the second discard's bytes", W - 3, 32, 0xffffffff);
        }
    }
    /* An unbound slot reads zeros. */
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &(ID3D11ShaderResourceView *){NULL});
    clear(s);
    draw_tri_color(s, full, (const float[4]){1 / 255.0f, 0, 0, 1});
    if (read_back(s, px))
        check(px, "an unbound buffer slot", 32, 32, 0);

    /* Structured (the whole buffer by default), raw and unsigned views. */
    for (int k = 0; k < 4; k++) {
        memset(&structs[k], 0, sizeof(structs[k]));
        structs[k].b = 0.25f * k;
        uints[k][0] = 1, uints[k][1] = (uint8_t)(32 * k), uints[k][2] = 3, uints[k][3] = 4;
    }
    for (int w = 0; w < 16; w++)
        raw[w] = w == 2 ? 0.75f : 0.0f;
    bd = (D3D11_BUFFER_DESC){sizeof(structs), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, sizeof(structs[0])};
    init.pSysMem = structs;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &sb) == S_OK, "%s: a structured buffer",
       name);
    bd = (D3D11_BUFFER_DESC){sizeof(raw), D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    init.pSysMem = raw;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &rb) == S_OK, "%s: a raw buffer", name);
    bd = (D3D11_BUFFER_DESC){sizeof(uints), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                             0, 0};
    init.pSysMem = uints;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &ub) == S_OK, "%s: an unsigned buffer",
       name);
    if (sb) {
        D3D11_SHADER_RESOURCE_VIEW_DESC g;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)sb, NULL, &sv) ==
               S_OK, "%s: a structured buffer's default view", name);
        if (sv) {
            ID3D11ShaderResourceView_GetDesc(sv, &g);
            ok(g.ViewDimension == D3D11_SRV_DIMENSION_BUFFER && g.Buffer.NumElements == 4 &&
                   g.Format == DXGI_FORMAT_UNKNOWN,
               "%s: all four structures", name);
        }
    }
    if (rb) {
        vd = (D3D11_SHADER_RESOURCE_VIEW_DESC){DXGI_FORMAT_R32_TYPELESS,
                                               D3D11_SRV_DIMENSION_BUFFEREX};
        vd.BufferEx.NumElements = 16;
        vd.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)rb, &vd, &rv) == S_OK,
           "%s: a raw view", name);
    }
    if (ub) {
        vd = (D3D11_SHADER_RESOURCE_VIEW_DESC){DXGI_FORMAT_R8G8B8A8_UINT,
                                               D3D11_SRV_DIMENSION_BUFFER};
        vd.Buffer.NumElements = 4;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ub, &vd, &uv) == S_OK,
           "%s: an R8G8B8A8_UINT view", name);
    }
    ok(edited_shader(s, true, dxbc_ps_buffers, sizeof(dxbc_ps_buffers), e4, 3, (void **)&ps4),
       "%s: ps_buffers as structured, raw and unsigned buffers'", name);
    if (sv && rv && uv && ps4) {
        ID3D11ShaderResourceView *three[3] = {sv, rv, uv};
        ID3D11DeviceContext_PSSetShader(s->ctx, ps4, NULL, 0);
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 2, 3, three);
        clear(s);
        draw_tri_color(s, full, (const float[4]){2 / 255.0f, 0, 0, 1});
        if (read_back(s, px))
            check(px, "structure 2, raw word 2, unsigned element 2", 32, 32, 0xff80bf40);
        clear(s);
        draw_tri_color(s, full, (const float[4]){1 / 255.0f, 0, 0, 1});
        if (read_back(s, px))
            check(px, "structure 1, raw word 1, unsigned element 1", 32, 32, 0xff400020);
    }
    {
        ID3D11ShaderResourceView *none[3] = {NULL};
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 2, 3, none);
    }

    /* A vertex shader without inputs reads its positions from a buffer. */
    {
        static const float p3[3][4] = {{-1, 1, 0.5f, 1}, {3, 1, 0.5f, 1}, {-1, -3, 0.5f, 1}};
        bd = (D3D11_BUFFER_DESC){sizeof(p3), D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
                                 0, 0};
        init.pSysMem = p3;
        ID3D11Device_CreateBuffer(s->dev, &bd, &init, &pos);
        vd = (D3D11_SHADER_RESOURCE_VIEW_DESC){DXGI_FORMAT_R32G32B32A32_FLOAT,
                                               D3D11_SRV_DIMENSION_BUFFER};
        vd.Buffer.NumElements = 3;
        if (pos)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)pos, &vd, &pv);
        ok(edited_shader(s, false, dxbc_vs_buffer, sizeof(dxbc_vs_buffer), e0, 1, (void **)&vs),
           "%s: vs_buffer", name);
        if (pv && vs) {
            ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
            ID3D11DeviceContext_VSSetShader(s->ctx, vs, NULL, 0);
            ID3D11DeviceContext_VSSetShaderResources(s->ctx, 0, 1, &pv);
            ID3D11DeviceContext_IASetInputLayout(s->ctx, NULL);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "positions from a vertex shader's buffer", 32, 32, 0xff00ff00);
            ID3D11DeviceContext_VSSetShaderResources(s->ctx, 0, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
            ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
            ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
        }
    }
out:
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 1, 1, &(ID3D11ShaderResourceView *){NULL});
    {
        IUnknown *objs[] = {(IUnknown *)typed, (IUnknown *)dyn, (IUnknown *)sb, (IUnknown *)rb,
                            (IUnknown *)ub, (IUnknown *)pos, (IUnknown *)vb_only,
                            (IUnknown *)all, (IUnknown *)from1, (IUnknown *)dyn_v,
                            (IUnknown *)sv, (IUnknown *)rv, (IUnknown *)uv, (IUnknown *)pv,
                            (IUnknown *)ps, (IUnknown *)ps4, (IUnknown *)vs};
        for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
            if (objs[i])
                objs[i]->lpVtbl->Release(objs[i]);
    }
    free(px);
}

/* Buffers read by shaders on a device of level 11_0: the test scene's
 * 10_1 refuses a program of model 4 reading raw or structured buffers
 * (D3D11 makes them at 10_x only with D3D10_X_HARDWARE_OPTIONS). */
/* D3D11.2's CPU access to DEFAULT buffers (MapOnDefaultBuffers), on a
 * device of 11_0: a shader-resource buffer made with READ and WRITE maps
 * READ with its bytes as the work before left them (an UpdateSubresource,
 * a copy the GPU made), WRITE and READ_WRITE too, whose bytes the next
 * read and copy see; the flags' limits and 10_1's refusal. */
static void default_map(struct scene *s10, struct scene *s, const char *name)
{
    const uint32_t first[4] = {1, 2, 3, 4}, other[4] = {9, 8, 7, 6};
    D3D11_BUFFER_DESC bd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                            D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_BUFFER_DESC sd = {16, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {first, 0, 0};
    D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1 = {0};
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Buffer *b = NULL, *src = NULL, *st = NULL, *wo = NULL;

    ok(ID3D11Device_CheckFeatureSupport(s->dev, D3D11_FEATURE_D3D11_OPTIONS1, &o1,
                                        sizeof(o1)) == S_OK &&
           o1.MapOnDefaultBuffers,
       "%s: MapOnDefaultBuffers at 11_0", name);
    ok(ID3D11Device_CreateBuffer(s10->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: no CPU access to a DEFAULT buffer at 10_1", name);
    bd.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: nor to a DEFAULT vertex buffer", name);
    bd.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &b) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &bd, &init, &src) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &sd, NULL, &st) == S_OK,
       "%s: DEFAULT buffers with CPU access", name);
    bd.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &wo) == S_OK,
       "%s: and one with WRITE alone", name);
    if (!b || !src || !st || !wo)
        goto out;
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ, 0, &m) == S_OK &&
           !memcmp(m.pData, first, 16),
       "%s: Map READ: its initial bytes", name);
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)b, 0);
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)src, 0, NULL, other, 0, 0);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)b, (ID3D11Resource *)src);
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)b, 0, D3D11_MAP_READ_WRITE, 0, &m) ==
               S_OK &&
           !memcmp(m.pData, other, 16),
       "%s: Map READ_WRITE: what a copy wrote", name);
    if (m.pData)
        ((uint32_t *)m.pData)[1] = 77;
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)b, 0);
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)b, 0, D3D11_MAP_WRITE, 0, &m) == S_OK,
       "%s: Map WRITE", name);
    if (m.pData)
        ((uint32_t *)m.pData)[3] = 55;
    ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)b, 0);
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
        S_OK) {
        const uint32_t *w = m.pData;
        ok(w[0] == 9 && w[1] == 77 && w[2] == 7 && w[3] == 55,
           "%s: the writes through Map, copied out: %u %u %u %u", name, w[0], w[1], w[2], w[3]);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)b, 0, D3D11_MAP_WRITE_DISCARD, 0,
                               &m) == E_INVALIDARG &&
           ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)wo, 0, D3D11_MAP_READ, 0, &m) ==
               E_INVALIDARG &&
           ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)src, 1, D3D11_MAP_READ, 0, &m) ==
               E_INVALIDARG,
       "%s: no WRITE_DISCARD, no READ without its flag, no subresource 1", name);
out:;
    IUnknown *objs[] = {(IUnknown *)b, (IUnknown *)src, (IUnknown *)st, (IUnknown *)wo};
    release_all(objs, ARRAY_N(objs));
}

static void test_buffer_srvs(struct scene *s10, const char *name)
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    const struct dxbc_edit raw[] = {{3, DXBC_EDIT_RAW, 0}};
    static uint8_t code[16384];
    size_t m = dxbc_edit(dxbc_ps_buffers, sizeof(dxbc_ps_buffers), raw, 1, code, sizeof(code));
    struct scene sc = {0};
    ok(m && ID3D11Device_CreatePixelShader(s10->dev, code, m, NULL, NULL) == E_INVALIDARG,
       "%s: no ps_4_0 program of a raw buffer at 10_1", name);
    if (ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                             D3D11_SDK_VERSION, &sc.dev, NULL, &sc.ctx) == S_OK,
           "%s: a device of level 11_0", name) &&
        SUCCEEDED(make_scene(&sc, name))) {
        ok(ID3D11Device_CreatePixelShader(sc.dev, code, m, NULL, NULL) == S_FALSE,
           "%s: and one at 11_0", name);
        buffer_srvs(&sc, name);
        default_map(s10, &sc, name);
    }
    release_scene(&sc);
    if (sc.ctx)
        ID3D11DeviceContext_Release(sc.ctx);
    if (sc.dev)
        ID3D11Device_Release(sc.dev);
}

/* Depth comparisons (SampleCmpLevelZero) of a depth texture's view: LESS
 * and GREATER comparison samplers against a cleared depth, and 0 without
 * a view or a comparison sampler. */
static void test_comparison(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    D3D11_TEXTURE2D_DESC td = {4, 4, 1, 1, DXGI_FORMAT_R32_TYPELESS, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_DEPTH_STENCIL_VIEW_DESC dd = {DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2D, 0};
    D3D11_SHADER_RESOURCE_VIEW_DESC vd = {DXGI_FORMAT_R32_FLOAT, D3D11_SRV_DIMENSION_TEXTURE2D};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1, 0, {0, 0, 0, 0}, 0,
                             3.402823466e+38f};
    const struct dxbc_edit e[] = {{7, DXBC_EDIT_TEXTURE2D, 0}, {1, DXBC_EDIT_COMPARISON, 0}};
    ID3D11Texture2D *depth = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11SamplerState *less = NULL, *greater = NULL, *plain = NULL;
    ID3D11PixelShader *ps = NULL;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, NULL) == E_INVALIDARG,
       "%s: a comparison sampler without a function", name);
    sd.ComparisonFunc = D3D11_COMPARISON_LESS;
    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, &less) == S_OK, "%s: a LESS comparison sampler",
       name);
    sd.ComparisonFunc = D3D11_COMPARISON_GREATER;
    ok(ID3D11Device_CreateSamplerState(s->dev, &sd, &greater) == S_OK,
       "%s: a GREATER comparison sampler", name);
    sd.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    ID3D11Device_CreateSamplerState(s->dev, &sd, &plain);
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &depth) == S_OK, "%s: a depth texture",
       name);
    if (depth) {
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &dd, &dsv);
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)depth, &vd, &srv);
    }
    ok(edited_shader(s, true, dxbc_ps_cmp, sizeof(dxbc_ps_cmp), e, 2, (void **)&ps),
       "%s: ps_cmp as a comparison", name);
    if (!less || !greater || !plain || !dsv || !srv || !ps)
        goto out;
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.5f, 0);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 7, 1, &srv);
    for (int g = 0; g < 2; g++) {
        ID3D11DeviceContext_PSSetSamplers(s->ctx, 1, 1, g ? &greater : &less);
        for (int k = 0; k < 2; k++) {
            float ref = k ? 0.75f : 0.25f;
            bool pass = g ? ref > 0.5f : ref < 0.5f;
            clear(s);
            draw_tri_color(s, full, (const float[4]){ref, 0, 0, 1});
            if (read_back(s, px)) {
                snprintf(what, sizeof(what), "%s: %.2f %s 0.5", name, ref, g ? ">" : "<");
                check(px, what, 32, 32, pass ? 0xffffffff : 0xff000000);
            }
        }
    }
    /* A sampler that does not compare, or no view: 0. */
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 1, 1, &plain);
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.25f, 0, 0, 1});
    if (read_back(s, px))
        check(px, "a comparison through a sampler that does not compare", 32, 32, 0xff000000);
    ID3D11DeviceContext_PSSetSamplers(s->ctx, 1, 1, &less);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 7, 1, &(ID3D11ShaderResourceView *){NULL});
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.25f, 0, 0, 1});
    if (read_back(s, px))
        check(px, "a comparison of an unbound slot", 32, 32, 0xff000000);
out:
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    {
        IUnknown *objs[] = {(IUnknown *)depth, (IUnknown *)dsv, (IUnknown *)srv,
                            (IUnknown *)less, (IUnknown *)greater, (IUnknown *)plain,
                            (IUnknown *)ps};
        for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
            if (objs[i])
                objs[i]->lpVtbl->Release(objs[i]);
    }
    free(px);
}

/* ------------------------------------------------------------ compute and UAVs */

/* A compute shader of the pixel-shader stand-in, edited (dxbc_edit.h):
 * groups of gx x gy threads, the UAV edits given first. */
static HRESULT compute_shader(ID3D11Device *dev, const void *dxbc, size_t size,
                              const struct dxbc_edit *uav_edits, int n, uint32_t gx,
                              uint32_t gy, ID3D11ComputeShader **out)
{
    static uint8_t code[16384];
    struct dxbc_edit e[8];
    size_t m;
    *out = NULL;
    if (n)
        memcpy(e, uav_edits, n * sizeof(e[0]));
    e[n] = (struct dxbc_edit){0, DXBC_EDIT_COMPUTE, 0, {gx, gy, 1}};
    m = dxbc_edit(dxbc, size, e, n + 1, code, sizeof(code));
    if (!ok(m > 0, "the DXBC edit into a compute shader"))
        return E_FAIL;
    return ID3D11Device_CreateComputeShader(dev, code, m, NULL, out);
}

/* size bytes of a buffer, through a STAGING copy. */
static bool read_buffer(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Buffer *b,
                        UINT size, void *out)
{
    D3D11_BUFFER_DESC bd = {size, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Buffer *st = NULL;
    bool done = false;
    if (ID3D11Device_CreateBuffer(dev, &bd, NULL, &st) != S_OK)
        return false;
    ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)st, (ID3D11Resource *)b);
    if (ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) == S_OK) {
        memcpy(out, m.pData, size);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
        done = true;
    }
    ID3D11Buffer_Release(st);
    return done;
}

/* Render-target views of a buffer (float4 elements): a clear and a draw
 * write the view's elements alone, what the buffer holds elsewhere and
 * what was written into it between stays, and a second view of other
 * elements is its own target. */
static void test_buffer_rtv(struct scene *s, const char *name)
{
    enum { N = 80 };
    D3D11_BUFFER_DESC bd = {N * 16, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0, 0};
    D3D11_BUFFER_DESC plain = {N * 16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R32G32B32A32_FLOAT,
                                        D3D11_RTV_DIMENSION_BUFFER};
    static const float quad[4] = {1, 2, 3, 4}, five[4] = {5, 5, 5, 5};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static float init[N][4], got[N][4];
    ID3D11Buffer *b = NULL, *vb_only = NULL;
    ID3D11RenderTargetView *rtv = NULL, *rtv2 = NULL, *bad = NULL;
    ID3D11Resource *res = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC back;
    D3D11_VIEWPORT vp = {0, 0, 16, 1, 0, 1}; /* the view's first half */

    for (int i = 0; i < N; i++)
        for (int c = 0; c < 4; c++)
            init[i][c] = 7;
    {
        D3D11_SUBRESOURCE_DATA data = {init, 0, 0};
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, &data, &b) == S_OK,
           "%s: a render-target buffer", name);
    }
    ID3D11Device_CreateBuffer(s->dev, &plain, NULL, &vb_only);
    if (!b || !vb_only)
        goto out;
    rd.Buffer.FirstElement = 8;
    rd.Buffer.NumElements = 32;
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)b, NULL, &bad) ==
               E_INVALIDARG && !bad,
       "%s: a buffer's view needs a description", name);
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vb_only, &rd, &bad) ==
               E_INVALIDARG && !bad,
       "%s: a buffer without the binding has none", name);
    rd.Buffer.NumElements = N - 7;
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)b, &rd, &bad) ==
               E_INVALIDARG && !bad,
       "%s: nor one past its end", name);
    rd.Buffer.NumElements = 32;
    if (!ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)b, &rd, &rtv) ==
                S_OK,
            "%s: a view of elements 8+32", name))
        goto out;
    ID3D11RenderTargetView_GetDesc(rtv, &back);
    ID3D11RenderTargetView_GetResource(rtv, &res);
    ok(back.ViewDimension == D3D11_RTV_DIMENSION_BUFFER && back.Buffer.FirstElement == 8 &&
           back.Buffer.NumElements == 32 && res == (ID3D11Resource *)b,
       "%s: it answers its description and buffer", name);
    if (res)
        ID3D11Resource_Release(res);
    rd.Buffer.FirstElement = 40; /* as wide as the first: another twin */
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)b, &rd, &rtv2) == S_OK,
       "%s: and one of elements 40+32", name);

    /* A clear of the view, an element written between, a draw over the
     * view's first half, a clear of the second view. */
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, quad);
    {
        D3D11_BOX box = {30 * 16, 0, 0, 31 * 16, 1, 1};
        static const float nine[4] = {9, 9, 9, 9};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)b, 0, &box, nine, 0,
                                              0);
    }
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
    set_tint(s, 1, 1, 1, 1);
    {
        static const float c[4] = {0.5f, 0.25f, 1, 1};
        draw_tri_color(s, full, c);
    }
    if (rtv2)
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv2, five);
    if (read_buffer(s->dev, s->ctx, b, sizeof(got), got)) {
        static const float drawn[4] = {0.5f, 0.25f, 1, 1};
        int wrong = -1;
        for (int i = 0; i < N && wrong < 0; i++) {
            const float *want = i < 8    ? init[i]
                                : i < 24 ? drawn
                                : i == 30 ? (const float[4]){9, 9, 9, 9}
                                : i < 40 ? quad
                                : i < 72 ? five
                                         : init[i];
            if (memcmp(got[i], want, 16))
                wrong = i;
        }
        ok(wrong < 0, "%s: the buffer's elements after a clear, a write and a draw "
                      "(element %d: %g %g %g %g)",
           name, wrong, wrong < 0 ? 0 : got[wrong][0], wrong < 0 ? 0 : got[wrong][1],
           wrong < 0 ? 0 : got[wrong][2], wrong < 0 ? 0 : got[wrong][3]);
    } else {
        ok(0, "%s: the buffer read back", name);
    }
    /* The hazard rule: a buffer bound as a target is no vertex or index
     * buffer (binding the target unbinds them; binding them while it is
     * bound binds nothing), and is one again once the target goes. */
    {
        D3D11_BUFFER_DESC both = {N * 16, D3D11_USAGE_DEFAULT,
                                  D3D11_BIND_RENDER_TARGET | D3D11_BIND_VERTEX_BUFFER |
                                      D3D11_BIND_INDEX_BUFFER,
                                  0, 0, 0};
        D3D11_RENDER_TARGET_VIEW_DESC bdv = {DXGI_FORMAT_R32G32B32A32_FLOAT,
                                             D3D11_RTV_DIMENSION_BUFFER};
        ID3D11Buffer *vb = NULL, *got_vb = NULL, *got_ib = NULL;
        ID3D11RenderTargetView *brtv = NULL;
        const UINT stride = 16, zero = 0;
        DXGI_FORMAT f;
        UINT off;
        bdv.Buffer.NumElements = 8;
        if (ok(ID3D11Device_CreateBuffer(s->dev, &both, NULL, &vb) == S_OK &&
                   ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vb, &bdv,
                                                       &brtv) == S_OK,
               "%s: a buffer of vertices, indices and a target", name)) {
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 1, 1, &vb, &stride, &zero);
            ID3D11DeviceContext_IASetIndexBuffer(s->ctx, vb, DXGI_FORMAT_R16_UINT, 0);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &brtv, NULL);
            ID3D11DeviceContext_IAGetVertexBuffers(s->ctx, 1, 1, &got_vb, NULL, NULL);
            ID3D11DeviceContext_IAGetIndexBuffer(s->ctx, &got_ib, &f, &off);
            ok(!got_vb && !got_ib, "%s: bound as a target, it is unbound as vertices (%p) and "
                                   "indices (%p)", name, (void *)got_vb, (void *)got_ib);
            release_all((IUnknown *[]){(IUnknown *)got_vb, (IUnknown *)got_ib}, 2);
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 1, 1, &vb, &stride, &zero);
            ID3D11DeviceContext_IAGetVertexBuffers(s->ctx, 1, 1, &got_vb, NULL, NULL);
            ok(!got_vb, "%s: nor bound as vertices while it is a target", name);
            release_all((IUnknown *[]){(IUnknown *)got_vb}, 1);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 0, NULL, NULL);
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 1, 1, &vb, &stride, &zero);
            ID3D11DeviceContext_IAGetVertexBuffers(s->ctx, 1, 1, &got_vb, NULL, NULL);
            ok(got_vb == vb, "%s: and is vertices again once the target goes", name);
            release_all((IUnknown *[]){(IUnknown *)got_vb}, 1);
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 1, 1, (ID3D11Buffer *[]){NULL},
                                                   &stride, &zero);
            ID3D11DeviceContext_IASetIndexBuffer(s->ctx, NULL, DXGI_FORMAT_R16_UINT, 0);
        }
        release_all((IUnknown *[]){(IUnknown *)brtv, (IUnknown *)vb}, 2);
    }
    rd.Format = DXGI_FORMAT_A8_UNORM;
    rd.Buffer.FirstElement = 0;
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)b, &rd, &bad) ==
               E_NOTIMPL && !bad,
       "%s: an A8 view of a buffer is not done", name);
out:
    {
        IUnknown *all[] = {(IUnknown *)rtv, (IUnknown *)rtv2, (IUnknown *)b,
                           (IUnknown *)vb_only};
        release_all(all, ARRAY_N(all));
    }
    bind_scene(s, s->ctx);
}

/* The 4-byte texels of level 0 of a w x h 2D texture, through a STAGING copy. */
static bool read_texels(ID3D11Device *dev, ID3D11DeviceContext *ctx, ID3D11Texture2D *t,
                        UINT w, UINT h, uint32_t *out)
{
    D3D11_TEXTURE2D_DESC td;
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Texture2D *st = NULL;
    bool done = false;
    ID3D11Texture2D_GetDesc(t, &td);
    td.MipLevels = td.ArraySize = 1;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = td.MiscFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    if (ID3D11Device_CreateTexture2D(dev, &td, NULL, &st) != S_OK)
        return false;
    ID3D11DeviceContext_CopySubresourceRegion(ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                              (ID3D11Resource *)t, 0, NULL);
    if (ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) == S_OK) {
        for (UINT y = 0; y < h; y++)
            memcpy(out + y * w, (const uint8_t *)m.pData + (size_t)y * m.RowPitch, w * 4);
        ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)st, 0);
        done = true;
    }
    ID3D11Texture2D_Release(st);
    return done;
}

/* A compute shader writes a texture and a typed buffer (reading a
 * texture and a constant buffer), then raw and structured buffers; UAV
 * clears; a shader that reads and writes a UAV, dispatched twice and
 * indirectly; a pixel shader writing a UAV; the objects' validation and
 * the hazard rule.  On a device of level 11_0 of its own (the scene's is
 * 10_1, which has no compute). */
/* D3D's integer semantics where SPIR-V's differ (vkd3d-shader's
 * translation is rewritten by the server): ibfe, ubfe and bfi of fields
 * that run past bit 31 (the field ends at bit 31), and ftou and ftoi of
 * NaN, infinities and values out of range (NaN is 0, the rest clamps);
 * fields inside the word as they were.  A compute program of cs_bits_tokens
 * on a device of level 11_0. */
static void test_int_semantics(const char *name)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static uint8_t code[1024];
    size_t n = cs_with_tokens(cs_bits_tokens, ARRAY_N(cs_bits_tokens), code, sizeof(code));
    const float inf = INFINITY, nan_ = NAN;
    /* cb0: width, offset, value, base | insert | ftou's | ftoi's */
    struct {
        uint32_t bits[8];
        float f[8];
        uint32_t want[12];
        const char *what;
    } cases[] = {
        {{16, 20, 0x8ff00000u, 0x12345678u, 0xffffu}, {nan_, -1.0f, inf, 5e9f, nan_, 3e9f, -3e9f, -inf},
         {0xfffff8ffu, 0x000008ffu, 0xfff45678u, 0, 0, 0, ~0u, ~0u, 0, 0x7fffffffu, 0x80000000u,
          0x80000000u},
         "fields past bit 31, conversions out of range"},
        {{8, 4, 0x00000ff0u, 0x12345678u, 0xabu}, {2.75f, 0.5f, 4294967040.0f, 0, -2.75f, 7.0f,
                                                   -2147483648.0f, 0},
         {0xffffffffu, 0xffu, 0x12345ab8u, 0, 2, 0, 4294967040u, 0, (uint32_t)-2, 7, 0x80000000u, 0},
         "fields inside the word, conversions in range"},
    };
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Buffer *sb = NULL, *cb = NULL;
    ID3D11UnorderedAccessView *uav = NULL;
    ID3D11ComputeShader *cs = NULL;

    if (!ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                              D3D11_SDK_VERSION, &dev, NULL, &ctx) == S_OK,
            "%s: integer semantics: a device of level 11_0", name))
        return;
    {
        D3D11_BUFFER_DESC bd = {48, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16};
        D3D11_BUFFER_DESC cd = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = {DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER};
        ud.Buffer.NumElements = 3;
        ID3D11Device_CreateBuffer(dev, &bd, NULL, &sb);
        ID3D11Device_CreateBuffer(dev, &cd, NULL, &cb);
        if (sb)
            ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)sb, &ud, &uav);
    }
    ok(n && ID3D11Device_CreateComputeShader(dev, code, n, NULL, &cs) == S_OK,
       "%s: integer semantics: the compute program", name);
    if (!ok(sb && cb && uav && cs, "%s: integer semantics: the objects", name))
        goto out;
    ID3D11DeviceContext_CSSetShader(ctx, cs, NULL, 0);
    ID3D11DeviceContext_CSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(ctx, 0, 1, &uav, NULL);
    for (size_t k = 0; k < ARRAY_N(cases); k++) {
        uint32_t data[16] = {0}, got[12];
        static const char *const names[12] = {"ibfe", "ubfe", "bfi", "(zero)",
                                               "ftou x", "ftou y", "ftou z", "ftou w",
                                               "ftoi x", "ftoi y", "ftoi z", "ftoi w"};
        memcpy(data, cases[k].bits, 5 * 4); /* cb0[0], then cb0[1].x: the insert */
        memcpy(&data[8], cases[k].f, sizeof(cases[k].f));
        ID3D11DeviceContext_UpdateSubresource(ctx, (ID3D11Resource *)cb, 0, NULL, data, 0, 0);
        ID3D11DeviceContext_Dispatch(ctx, 1, 1, 1);
        if (!read_buffer(dev, ctx, sb, sizeof(got), got))
            break;
        for (int i = 0; i < 12; i++)
            if (i != 3)
                ok(got[i] == cases[k].want[i], "%s: %s: %s: %#x, want %#x", name,
                   cases[k].what, names[i], got[i], cases[k].want[i]);
    }
out:
    if (ctx)
        ID3D11DeviceContext_ClearState(ctx);
    IUnknown *all[] = {(IUnknown *)cs, (IUnknown *)uav, (IUnknown *)sb, (IUnknown *)cb,
                       (IUnknown *)ctx};
    release_all(all, ARRAY_N(all));
    ok(!ID3D11Device_Release(dev), "%s: integer semantics: the device is released", name);
}

/* Append buffers: a compute program appends each thread's id through a
 * hidden counter, from an initial count and then from where it stopped
 * (-1 keeps it); CopyStructureCount reads the count; the words land at
 * [initial, + threads) as a permutation of the ids. */
static void test_append(struct scene *s10, const char *name)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static uint8_t code[1024];
    size_t n = cs_with_tokens(cs_append_tokens, ARRAY_N(cs_append_tokens), code, sizeof(code));
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Buffer *sb = NULL, *counts = NULL;
    ID3D11UnorderedAccessView *app = NULL, *plain = NULL;
    ID3D11ComputeShader *cs = NULL;
    static uint32_t words[300];
    uint32_t got[4];
    (void)s10;

    if (!ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                              D3D11_SDK_VERSION, &dev, NULL, &ctx) == S_OK,
            "%s: append: a device of level 11_0", name))
        return;
    {
        D3D11_BUFFER_DESC bd = {sizeof(words), D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS,
                                0, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4};
        D3D11_BUFFER_DESC cd = {16, D3D11_USAGE_DEFAULT, 0, 0, 0, 0};
        D3D11_SUBRESOURCE_DATA init = {words, 0, 0};
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud = {DXGI_FORMAT_UNKNOWN, D3D11_UAV_DIMENSION_BUFFER};
        for (int i = 0; i < 300; i++)
            words[i] = 0xdeadbeef;
        ID3D11Device_CreateBuffer(dev, &bd, &init, &sb);
        cd.ByteWidth = 16;
        init.pSysMem = (const uint32_t[4]){7, 7, 7, 7};
        ID3D11Device_CreateBuffer(dev, &cd, &init, &counts);
        ud.Buffer.NumElements = 300;
        ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
        if (sb) {
            ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)sb, &ud, &app);
            ud.Buffer.Flags = 0;
            ID3D11Device_CreateUnorderedAccessView(dev, (ID3D11Resource *)sb, &ud, &plain);
        }
    }
    ok(n && ID3D11Device_CreateComputeShader(dev, code, n, NULL, &cs) == S_OK,
       "%s: append: the appending compute shader", name);
    if (!ok(sb && counts && app && plain && cs, "%s: append: the objects", name))
        goto out;
    ID3D11DeviceContext_CSSetShader(ctx, cs, NULL, 0);
    for (int round = 0; round < 2; round++) {
        /* Round 0 from 5; round 1 from where it stopped. */
        const UINT initial = round ? (UINT)-1 : 5;
        const uint32_t first = 5 + 128 * round;
        bool seen[128] = {0};
        int perm = 0, untouched = 0;
        ID3D11DeviceContext_CSSetUnorderedAccessViews(ctx, 0, 1, &app, &initial);
        ID3D11DeviceContext_Dispatch(ctx, 2, 1, 1);
        ID3D11DeviceContext_CopyStructureCount(ctx, counts, 4, app);
        if (!read_buffer(dev, ctx, counts, 16, got) ||
            !read_buffer(dev, ctx, sb, sizeof(words), words))
            break;
        ok(got[0] == 7 && got[1] == first + 128 && got[2] == 7,
           "%s: append round %d: the count %u (want %u)", name, round, got[1], first + 128);
        for (uint32_t i = first; i < first + 128; i++)
            if (words[i] < 128 && !seen[words[i]])
                seen[words[i]] = true, perm++;
        for (uint32_t i = 0; i < 300; i++)
            untouched += (i < 5 || i >= first + 128) && words[i] == 0xdeadbeef;
        ok(perm == 128, "%s: append round %d: %d of 128 ids at [%u, %u)", name, round, perm,
           first, first + 128);
        ok(untouched == 5 + 300 - (int)(first + 128),
           "%s: append round %d: the words outside untouched (%d)", name, round, untouched);
    }
    /* Recorded on a deferred context: from 0, and the count copied. */
    {
        ID3D11DeviceContext *def = NULL;
        ID3D11CommandList *list = NULL;
        const UINT zero = 0;
        bool seen[128] = {0};
        int perm = 0;
        if (ok(ID3D11Device_CreateDeferredContext(dev, 0, &def) == S_OK,
               "%s: append: a deferred context", name)) {
            ID3D11DeviceContext_CSSetShader(def, cs, NULL, 0);
            ID3D11DeviceContext_CSSetUnorderedAccessViews(def, 0, 1, &app, &zero);
            ID3D11DeviceContext_Dispatch(def, 2, 1, 1);
            ID3D11DeviceContext_CopyStructureCount(def, counts, 12, app);
            if (ID3D11DeviceContext_FinishCommandList(def, FALSE, &list) == S_OK) {
                ID3D11DeviceContext_ExecuteCommandList(ctx, list, FALSE);
                ID3D11CommandList_Release(list);
            }
            ID3D11DeviceContext_Release(def);
            if (read_buffer(dev, ctx, counts, 16, got) &&
                read_buffer(dev, ctx, sb, sizeof(words), words)) {
                for (uint32_t i = 0; i < 128; i++)
                    if (words[i] < 128 && !seen[words[i]])
                        seen[words[i]] = true, perm++;
                ok(got[3] == 128 && perm == 128,
                   "%s: append by a command list: the count %u, %d of 128 ids from 0", name,
                   got[3], perm);
            }
        }
    }
    /* A view without a counter: CopyStructureCount writes nothing. */
    ID3D11DeviceContext_CopyStructureCount(ctx, counts, 8, plain);
    if (read_buffer(dev, ctx, counts, 16, got))
        ok(got[2] == 7, "%s: append: a view without a counter copies nothing (%u)", name,
           got[2]);
out:
    {
        IUnknown *all[] = {(IUnknown *)cs, (IUnknown *)app, (IUnknown *)plain, (IUnknown *)sb,
                           (IUnknown *)counts, (IUnknown *)ctx};
        release_all(all, ARRAY_N(all));
    }
    ok(ID3D11Device_Release(dev) == 0, "%s: append: the device goes", name);
}

static void test_compute(struct scene *s10, const char *name)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    struct scene s = {0};
    D3D11_TEXTURE2D_DESC td = {8, 8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    D3D11_BUFFER_DESC bd = {64 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
    D3D11_UNORDERED_ACCESS_VIEW_DESC ud = {DXGI_FORMAT_R32_UINT, D3D11_UAV_DIMENSION_BUFFER};
    ID3D11Texture2D *src = NULL, *img = NULL, *acc = NULL, *u8 = NULL, *target_u = NULL;
    ID3D11Buffer *buf = NULL, *raw = NULL, *sb = NULL, *cb = NULL, *args = NULL;
    ID3D11ShaderResourceView *src_v = NULL, *sb_srv = NULL;
    ID3D11UnorderedAccessView *img_u = NULL, *buf_u = NULL, *raw_u = NULL, *sb_u = NULL;
    ID3D11UnorderedAccessView *acc_u = NULL, *u8_u = NULL, *part_u = NULL, *target_uu = NULL;
    ID3D11ComputeShader *cs_write = NULL, *cs_words = NULL, *cs_twice = NULL;
    ID3D11PixelShader *ps_uav = NULL;
    uint32_t texels[64], words[64];
    uint32_t *px = malloc(W * H * 4);
    char what[128];
    HRESULT hr;

    /* The scene's device (10_1) has no compute and no UAVs. */
    {
        ID3D11ComputeShader *c = (void *)1;
        ID3D11Texture2D *t = (void *)1;
        ID3D11Buffer *b = (void *)1;
        hr = ID3D11Device_CreateComputeShader(s10->dev, dxbc_ps_tint, sizeof(dxbc_ps_tint),
                                              NULL, &c);
        ok(hr == E_INVALIDARG && !c, "%s: no compute shader at 10_1: %#x", name, (unsigned)hr);
        /* Shader model 5 is level 11_0's; 4.1 is 10_1's. */
        ok(ID3D11Device_CreatePixelShader(s10->dev, dxbc_ps_uav, sizeof(dxbc_ps_uav), NULL,
                                          NULL) == E_INVALIDARG,
           "%s: no ps_5_0 program at 10_1", name);
        ok(ID3D11Device_CreatePixelShader(s10->dev, dxbc_ps_cubearr, sizeof(dxbc_ps_cubearr),
                                          NULL, NULL) == S_FALSE,
           "%s: a ps_4_1 program at 10_1", name);
        ok(ID3D11Device_CreateTexture2D(s10->dev, &td, NULL, &t) == E_INVALIDARG && !t,
           "%s: no UAV texture at 10_1", name);
        ok(ID3D11Device_CreateBuffer(s10->dev, &bd, NULL, &b) == E_INVALIDARG && !b,
           "%s: no UAV buffer at 10_1", name);
    }
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                           D3D11_SDK_VERSION, &s.dev, NULL, &s.ctx);
    if (!ok(hr == S_OK, "%s: a device of level 11_0: %#x", name, (unsigned)hr))
        goto out;

    /* Objects and their validation. */
    {
        uint32_t red[64];
        D3D11_SUBRESOURCE_DATA init = {red, 8 * 4, 0};
        D3D11_TEXTURE2D_DESC sd = td;
        for (int i = 0; i < 64; i++)
            red[i] = (uint32_t)(i * 3) | 0xff000000u;
        sd.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        ID3D11Device_CreateTexture2D(s.dev, &sd, &init, &src);
        if (src)
            ID3D11Device_CreateShaderResourceView(s.dev, (ID3D11Resource *)src, NULL, &src_v);
    }
    ok(ID3D11Device_CreateTexture2D(s.dev, &td, NULL, &img) == S_OK, "%s: a UAV texture", name);
    ok(ID3D11Device_CreateBuffer(s.dev, &bd, NULL, &buf) == S_OK, "%s: a UAV buffer", name);
    {
        D3D11_BUFFER_DESC bad = bd;
        ID3D11Buffer *b = (void *)1;
        bad.Usage = D3D11_USAGE_DYNAMIC;
        bad.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
        ok(ID3D11Device_CreateBuffer(s.dev, &bad, NULL, &b) == E_INVALIDARG && !b,
           "%s: no DYNAMIC UAV buffer", name);
    }
    if (img) {
        ID3D11UnorderedAccessView *v = (void *)1;
        D3D11_UNORDERED_ACCESS_VIEW_DESC t2 = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                               D3D11_UAV_DIMENSION_TEXTURE2D};
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)img, NULL, &img_u) ==
               S_OK,
           "%s: a texture's UAV", name);
        t2.Texture2D.MipSlice = 1;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)img, &t2, &v) ==
                   E_INVALIDARG && !v,
           "%s: a UAV of a level past the texture's", name);
        t2.Texture2D.MipSlice = 0;
        t2.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY;
        t2.Texture2DArray.ArraySize = 2;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)img, &t2, &v) ==
               E_INVALIDARG,
           "%s: a UAV of layers past the texture's", name);
        t2.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
        t2.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)img, &t2, &v) ==
               E_INVALIDARG,
           "%s: an sRGB UAV", name);
        {
            /* An sRGB texture takes the binding (as in D3D11); no UAV views it. */
            D3D11_TEXTURE2D_DESC sd = td;
            ID3D11Texture2D *srgb = NULL;
            sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
            ok(ID3D11Device_CreateTexture2D(s.dev, &sd, NULL, &srgb) == S_OK,
               "%s: an sRGB texture bound for UAVs", name);
            if (srgb) {
                ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)srgb, NULL,
                                                          &v) == E_INVALIDARG,
                   "%s: and no UAV of it", name);
                ID3D11Texture2D_Release(srgb);
            }
        }
        if (src_v) {
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)src, NULL, &v) ==
                   E_INVALIDARG,
               "%s: a UAV of a texture not bound for it", name);
        }
    }
    if (buf) {
        ID3D11UnorderedAccessView *v = (void *)1;
        D3D11_UNORDERED_ACCESS_VIEW_DESC g;
        ud.Buffer.NumElements = 64;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)buf, &ud, &buf_u) ==
               S_OK,
           "%s: a typed buffer UAV", name);
        if (buf_u) {
            ID3D11UnorderedAccessView_GetDesc(buf_u, &g);
            ok(g.Format == DXGI_FORMAT_R32_UINT && g.Buffer.NumElements == 64,
               "%s: its GetDesc", name);
        }
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)buf, NULL, &v) ==
               E_INVALIDARG,
           "%s: a typed buffer's UAV names its format", name);
        ud.Buffer.NumElements = 65;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)buf, &ud, &v) ==
               E_INVALIDARG,
           "%s: a UAV past the buffer's end", name);
        ud.Buffer.NumElements = 8;
        ud.Buffer.FirstElement = 4;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)buf, &ud, &part_u) ==
               S_OK,
           "%s: a UAV of elements 4..11", name);
        ud.Buffer.FirstElement = 0;
        ud.Format = DXGI_FORMAT_R32_TYPELESS;
        ud.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
        ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)buf, &ud, &v) ==
               E_INVALIDARG,
           "%s: a raw UAV of a buffer without raw views", name);
        ud.Buffer.Flags = 0;
        ud.Format = DXGI_FORMAT_R32_UINT;
    }
    {
        D3D11_BUFFER_DESC rd = {16 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                                D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
        D3D11_BUFFER_DESC sdd = {8 * 8, D3D11_USAGE_DEFAULT,
                                 D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE, 0,
                                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8};
        uint32_t init_words[16];
        D3D11_SUBRESOURCE_DATA init = {init_words, 0, 0};
        D3D11_UNORDERED_ACCESS_VIEW_DESC rv = {DXGI_FORMAT_R32_TYPELESS,
                                               D3D11_UAV_DIMENSION_BUFFER};
        ID3D11UnorderedAccessView *v = (void *)1;
        for (int i = 0; i < 16; i++)
            init_words[i] = 0xdead0000u + i;
        ok(ID3D11Device_CreateBuffer(s.dev, &rd, &init, &raw) == S_OK, "%s: a raw UAV buffer",
           name);
        ok(ID3D11Device_CreateBuffer(s.dev, &sdd, &init, &sb) == S_OK,
           "%s: a structured UAV buffer", name);
        rv.Buffer.NumElements = 16;
        rv.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
        if (raw)
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)raw, &rv,
                                                      &raw_u) == S_OK,
               "%s: a raw UAV", name);
        if (sb) {
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)sb, NULL, &sb_u) ==
                   S_OK,
               "%s: a structured UAV of all of it", name);
            ok(ID3D11Device_CreateShaderResourceView(s.dev, (ID3D11Resource *)sb, NULL,
                                                     &sb_srv) == S_OK,
               "%s: and an SRV", name);
            rv.Format = DXGI_FORMAT_R32_UINT;
            rv.Buffer.Flags = 0;
            rv.Buffer.NumElements = 8;
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)sb, &rv, &v) ==
                   E_INVALIDARG,
               "%s: a structured buffer's UAV of a format", name);
            rv.Format = DXGI_FORMAT_UNKNOWN;
            rv.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_APPEND;
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)sb, &rv, NULL) ==
                   S_FALSE,
               "%s: an append UAV", name);
            rv.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_COUNTER | D3D11_BUFFER_UAV_FLAG_APPEND;
            ok(ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)sb, &rv, NULL) ==
                   E_INVALIDARG,
               "%s: append and counter at once are invalid", name);
        }
    }
    {
        D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
        const uint32_t param[4] = {1000, 3, 0, 0};
        D3D11_SUBRESOURCE_DATA init = {param, 0, 0};
        D3D11_BUFFER_DESC ad = {16, D3D11_USAGE_DEFAULT, 0, 0,
                                D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 0};
        const uint32_t one[4] = {1, 1, 1, 0};
        D3D11_SUBRESOURCE_DATA ainit = {one, 0, 0};
        ID3D11Device_CreateBuffer(s.dev, &cbd, &init, &cb);
        ID3D11Device_CreateBuffer(s.dev, &ad, &ainit, &args);
    }
    {
        const struct dxbc_edit typed[] = {{1, DXBC_EDIT_UAV_TYPED, 0}};
        const struct dxbc_edit w[] = {{2, DXBC_EDIT_UAV_RAW, 0},
                                      {3, DXBC_EDIT_UAV_STRUCTURED, 8}};
        ID3D11ComputeShader *c = (void *)1;
        ok(compute_shader(s.dev, dxbc_cs_write, sizeof(dxbc_cs_write), typed, 1, 4, 4,
                          &cs_write) == S_OK,
           "%s: cs_write", name);
        ok(compute_shader(s.dev, dxbc_cs_words, sizeof(dxbc_cs_words), w, 2, 8, 1, &cs_words) ==
               S_OK,
           "%s: cs_words", name);
        ok(compute_shader(s.dev, dxbc_cs_twice, sizeof(dxbc_cs_twice), NULL, 0, 4, 4,
                          &cs_twice) == S_OK,
           "%s: cs_twice", name);
        ok(ID3D11Device_CreateComputeShader(s.dev, dxbc_ps_tint, sizeof(dxbc_ps_tint), NULL,
                                            &c) == E_INVALIDARG && !c,
           "%s: a pixel program is no compute shader", name);
    }
    if (!src_v || !img_u || !buf_u || !raw_u || !sb_u || !cb || !args || !cs_write ||
        !cs_words || !cs_twice)
        goto out;

    /* cs_write over 8x8 threads: the texture and the typed buffer. */
    ID3D11DeviceContext_CSSetShader(s.ctx, cs_write, NULL, 0);
    ID3D11DeviceContext_CSSetShaderResources(s.ctx, 0, 1, &src_v);
    ID3D11DeviceContext_CSSetConstantBuffers(s.ctx, 0, 1, &cb);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 0, 1, &img_u, NULL);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 1, 1, &buf_u, NULL);
    {
        ID3D11ComputeShader *got = NULL;
        ID3D11UnorderedAccessView *gu[2] = {NULL, NULL};
        ID3D11DeviceContext_CSGetShader(s.ctx, &got, NULL, NULL);
        ID3D11DeviceContext_CSGetUnorderedAccessViews(s.ctx, 0, 2, gu);
        ok(got == cs_write && gu[0] == img_u && gu[1] == buf_u, "%s: the CS getters", name);
        if (got)
            ID3D11ComputeShader_Release(got);
        for (int i = 0; i < 2; i++)
            if (gu[i])
                ID3D11UnorderedAccessView_Release(gu[i]);
    }
    ID3D11DeviceContext_Dispatch(s.ctx, 2, 2, 1);
    if (read_texels(s.dev, s.ctx, img, 8, 8, texels)) {
        int bad = 0, first = -1;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++) {
                uint32_t want = (uint32_t)(x * 255 / 8.0 + 0.5) |
                                (uint32_t)(y * 255 / 8.0 + 0.5) << 8 |
                                (uint32_t)((y * 8 + x) * 3) << 16 | 0xff000000u;
                if (!e2e_color_near(texels[y * 8 + x], want, 1) && !bad++)
                    first = y * 8 + x;
            }
        ok(!bad, "%s: cs_write's texture: %d texels wrong (first %d: %08x)", name, bad, first,
           first >= 0 ? texels[first] : 0);
    }
    if (read_buffer(s.dev, s.ctx, buf, 64 * 4, words)) {
        int bad = 0;
        for (int i = 0; i < 64; i++)
            bad += words[i] != (uint32_t)(i % 8 + 100 * (i / 8) + 1000);
        ok(!bad, "%s: cs_write's typed buffer: %d words wrong (%u %u)", name, bad, words[0],
           words[63]);
    }

    /* cs_words: raw and structured buffers. */
    ID3D11DeviceContext_CSSetShader(s.ctx, cs_words, NULL, 0);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 2, 1, &raw_u, NULL);
    ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 3, 1, &sb_u, NULL);
    ID3D11DeviceContext_Dispatch(s.ctx, 1, 1, 1);
    if (read_buffer(s.dev, s.ctx, raw, 16 * 4, words)) {
        int bad = 0;
        for (int i = 0; i < 16; i++)
            bad += words[i] != (i < 8 ? 3u * i + 1 : 0xdead0000u + i);
        ok(!bad, "%s: cs_words's raw buffer: %d words wrong (%#x %#x)", name, bad, words[1],
           words[8]);
    }
    if (read_buffer(s.dev, s.ctx, sb, 16 * 4, words)) {
        int bad = 0;
        for (int i = 0; i < 16; i++)
            bad += words[i] != (i % 2 ? 5u * (i / 2) + 2 : 0xdead0000u + i);
        ok(!bad, "%s: cs_words's structured buffer: %d words wrong (%#x %#x)", name, bad,
           words[0], words[3]);
    }
    /* Pipeline statistics of dispatches: CSInvocations is threads a group
     * times groups, nothing else counts. */
    {
        const struct dxbc_edit w[] = {{2, DXBC_EDIT_UAV_RAW, 0},
                                      {3, DXBC_EDIT_UAV_STRUCTURED, 8}};
        D3D11_QUERY_DESC qd = {D3D11_QUERY_PIPELINE_STATISTICS, 0};
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        ID3D11ComputeShader *cs4 = NULL;
        ID3D11Query *q = NULL;
        ok(compute_shader(s.dev, dxbc_cs_words, sizeof(dxbc_cs_words), w, 2, 4, 1, &cs4) ==
               S_OK,
           "%s: cs_words of [numthreads(4, 1, 1)]", name);
        hr = ID3D11Device_CreateQuery(s.dev, &qd, &q);
        ok(hr == S_OK || (hr == E_NOTIMPL && getenv("NEREID_NO_PIPELINE_STATS")),
           "%s: a pipeline-statistics query: %#x", name, (unsigned)hr);
        if (cs4 && q) {
            struct scene sq = {.dev = s.dev, .ctx = s.ctx};
            ID3D11DeviceContext_CSSetShader(s.ctx, cs4, NULL, 0);
            ID3D11DeviceContext_Begin(s.ctx, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_Dispatch(s.ctx, 2, 1, 1);
            ID3D11DeviceContext_End(s.ctx, (ID3D11Asynchronous *)q);
            memset(&st, 0xa5, sizeof(st));
            ok(wait_data(&sq, q, &st, sizeof(st)) == S_OK, "%s: the dispatch's statistics",
               name);
            ok(st.CSInvocations == 8, "%s: Dispatch(2, 1, 1) of 4 threads: %llu invocations",
               name, (unsigned long long)st.CSInvocations);
            ok(!st.IAVertices && !st.IAPrimitives && !st.VSInvocations && !st.CInvocations &&
                   !st.CPrimitives && !st.PSInvocations && !st.GSInvocations &&
                   !st.GSPrimitives && !st.HSInvocations && !st.DSInvocations,
               "%s: a dispatch counts nothing else: %llu %llu %llu %llu", name,
               (unsigned long long)st.IAVertices, (unsigned long long)st.VSInvocations,
               (unsigned long long)st.CInvocations, (unsigned long long)st.PSInvocations);
            /* Two dispatches (8 and 8x2 threads) in one query. */
            ID3D11DeviceContext_Begin(s.ctx, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_Dispatch(s.ctx, 2, 1, 1);
            ID3D11DeviceContext_CSSetShader(s.ctx, cs_words, NULL, 0);
            ID3D11DeviceContext_Dispatch(s.ctx, 2, 1, 1);
            ID3D11DeviceContext_End(s.ctx, (ID3D11Asynchronous *)q);
            ok(wait_data(&sq, q, &st, sizeof(st)) == S_OK && st.CSInvocations == 24,
               "%s: two dispatches: %llu invocations, expected 24", name,
               (unsigned long long)st.CSInvocations);
            if (read_buffer(s.dev, s.ctx, raw, 16 * 4, words)) {
                int bad = 0;
                for (int i = 0; i < 16; i++)
                    bad += words[i] != 3u * i + 1;
                ok(!bad, "%s: the counted dispatches wrote the raw buffer: %d words wrong",
                   name, bad);
            }
        }
        if (q)
            ID3D11Query_Release(q);
        if (cs4)
            ID3D11ComputeShader_Release(cs4);
    }

    /* The hazard rule: a view of what a compute UAV writes binds as NULL
     * for the compute stage, not for the pixel stage. */
    {
        ID3D11ShaderResourceView *got = (void *)1;
        ID3D11DeviceContext_CSSetShaderResources(s.ctx, 1, 1, &sb_srv);
        ID3D11DeviceContext_CSGetShaderResources(s.ctx, 1, 1, &got);
        ok(!got, "%s: an SRV of a bound compute UAV's buffer binds as NULL", name);
        ID3D11DeviceContext_PSSetShaderResources(s.ctx, 1, 1, &sb_srv);
        ID3D11DeviceContext_PSGetShaderResources(s.ctx, 1, 1, &got);
        ok(got == sb_srv, "%s: for the pixel stage it binds", name);
        if (got)
            ID3D11ShaderResourceView_Release(got);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(
            s.ctx, 3, 1, &(ID3D11UnorderedAccessView *){NULL}, NULL);
        ID3D11DeviceContext_CSSetShaderResources(s.ctx, 2, 1, &sb_srv);
        ID3D11DeviceContext_CSGetShaderResources(s.ctx, 2, 1, &got);
        ok(got == sb_srv, "%s: once the UAV is unbound, it binds", name);
        if (got)
            ID3D11ShaderResourceView_Release(got);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 3, 1, &sb_u, NULL);
        ID3D11DeviceContext_CSGetShaderResources(s.ctx, 2, 1, &got);
        ok(!got, "%s: and binding the UAV unbinds it", name);
        ID3D11DeviceContext_PSSetShaderResources(s.ctx, 1, 1,
                                                 &(ID3D11ShaderResourceView *){NULL});
    }

    /* Clears. */
    {
        static const FLOAT f[4] = {0.5f, 0.25f, 1.0f, 0.0f};
        static const UINT u77[4] = {77, 1, 2, 3}, big[4] = {0x1ff, 2, 0x303, 4};
        D3D11_TEXTURE2D_DESC u8d = td;
        u8d.Format = DXGI_FORMAT_R8G8B8A8_UINT;
        ID3D11DeviceContext_ClearUnorderedAccessViewFloat(s.ctx, img_u, f);
        if (read_texels(s.dev, s.ctx, img, 8, 8, texels))
            ok(texels[0] == 0x00ff4080u && texels[63] == texels[0],
               "%s: a float clear of an RGBA8 UAV: %08x", name, texels[0]);
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, buf_u, u77);
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, part_u, big);
        if (read_buffer(s.dev, s.ctx, buf, 64 * 4, words)) {
            int bad = 0;
            for (int i = 0; i < 64; i++)
                bad += words[i] != (i >= 4 && i < 12 ? 0x1ffu : 77u);
            ok(!bad, "%s: uint clears of a buffer and of part of it: %d words wrong", name, bad);
        }
        ID3D11Device_CreateTexture2D(s.dev, &u8d, NULL, &u8);
        if (u8)
            ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)u8, NULL, &u8_u);
        if (ok(u8_u != NULL, "%s: an RGBA8_UINT UAV", name)) {
            ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, u8_u, big);
            if (read_texels(s.dev, s.ctx, u8, 8, 8, texels))
                ok(texels[5] == 0x040302ffu, "%s: a uint clear keeps each value's low bits: %08x",
                   name, texels[5]);
            /* A float clear of an integer view does nothing. */
            ID3D11DeviceContext_ClearUnorderedAccessViewFloat(s.ctx, u8_u, f);
            if (read_texels(s.dev, s.ctx, u8, 8, 8, texels))
                ok(texels[5] == 0x040302ffu, "%s: a float clear of a UINT view: %08x", name,
                   texels[5]);
        }
    }

    /* cs_twice reads and writes an R32_UINT texture: cleared to 5, each
     * dispatch makes v 2v + 3 (the second sees the first's writes). */
    {
        D3D11_TEXTURE2D_DESC ad = td;
        static const UINT five[4] = {5, 5, 5, 5};
        ad.Width = ad.Height = 4;
        ad.Format = DXGI_FORMAT_R32_UINT;
        ID3D11Device_CreateTexture2D(s.dev, &ad, NULL, &acc);
        if (acc)
            ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)acc, NULL, &acc_u);
        if (!ok(acc_u != NULL, "%s: an R32_UINT UAV texture", name))
            goto out;
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, acc_u, five);
        ID3D11DeviceContext_CSSetShader(s.ctx, cs_twice, NULL, 0);
        ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 4, 1, &acc_u, NULL);
        ID3D11DeviceContext_Dispatch(s.ctx, 1, 1, 1);
        ID3D11DeviceContext_Dispatch(s.ctx, 1, 1, 1);
        if (read_texels(s.dev, s.ctx, acc, 4, 4, texels))
            ok(texels[0] == 29 && texels[15] == 29, "%s: two dispatches in order: %u %u", name,
               texels[0], texels[15]);
        /* Indirectly: (1, 1, 1) runs once; (0, 1, 1), an offset past the
         * arguments and counts past D3D11's limit run nothing. */
        ID3D11DeviceContext_DispatchIndirect(s.ctx, args, 0);
        ID3D11DeviceContext_DispatchIndirect(s.ctx, args, 8);
        if (read_texels(s.dev, s.ctx, acc, 4, 4, texels))
            ok(texels[0] == 61 && texels[15] == 61, "%s: an indirect dispatch: %u", name,
               texels[0]);
        {
            const uint32_t none[4] = {0, 1, 1, 0}, huge[4] = {70000, 1, 1, 0};
            ID3D11DeviceContext_UpdateSubresource(s.ctx, (ID3D11Resource *)args, 0, NULL, none,
                                                  0, 0);
            ID3D11DeviceContext_DispatchIndirect(s.ctx, args, 0);
            ID3D11DeviceContext_UpdateSubresource(s.ctx, (ID3D11Resource *)args, 0, NULL, huge,
                                                  0, 0);
            ID3D11DeviceContext_DispatchIndirect(s.ctx, args, 0);
            ID3D11DeviceContext_Dispatch(s.ctx, 0, 1, 1);
            ID3D11DeviceContext_Dispatch(s.ctx, 70000, 1, 1);
        }
        if (read_texels(s.dev, s.ctx, acc, 4, 4, texels))
            ok(texels[0] == 61, "%s: no groups, or too many, run nothing: %u", name, texels[0]);
        /* Two groups of x: cs_words writes 16 words of the raw buffer. */
        {
            const uint32_t two[4] = {2, 1, 1, 0};
            ID3D11DeviceContext_UpdateSubresource(s.ctx, (ID3D11Resource *)args, 0, NULL, two,
                                                  0, 0);
            ID3D11DeviceContext_CSSetShader(s.ctx, cs_words, NULL, 0);
            ID3D11DeviceContext_DispatchIndirect(s.ctx, args, 0);
            if (read_buffer(s.dev, s.ctx, raw, 16 * 4, words)) {
                int bad = 0;
                for (int i = 0; i < 16; i++)
                    bad += words[i] != 3u * i + 1;
                ok(!bad, "%s: an indirect dispatch of 2x1x1 groups: %d words wrong (%#x)", name,
                   bad, words[15]);
            }
        }
    }

    /* A pixel shader writing a UAV beside its target. */
    if (SUCCEEDED(make_scene(&s, name)) &&
        ok(ID3D11Device_CreatePixelShader(s.dev, dxbc_ps_uav, sizeof(dxbc_ps_uav), NULL,
                                          &ps_uav) == S_OK,
           "%s: ps_uav", name)) {
        static const float full[6] = {-1, 1, 3, 1, -1, -3};
        static const float half[6] = {-1, 1, 1, 1, -1, -1};
        static const UINT zero[4] = {0};
        D3D11_TEXTURE2D_DESC ud2 = {W, H, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0},
                                    D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
        ID3D11UnorderedAccessView *got[2] = {NULL, NULL};
        ID3D11Device_CreateTexture2D(s.dev, &ud2, NULL, &target_u);
        if (target_u)
            ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)target_u, NULL,
                                                   &target_uu);
        if (ok(target_uu != NULL, "%s: a UAV for the pixel shader", name)) {
            ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, target_uu, zero);
            ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
                s.ctx, 1, &s.rtv, NULL, 1, 1, &target_uu, NULL);
            ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(s.ctx, 0, NULL, NULL,
                                                                          0, 2, got);
            ok(!got[0] && got[1] == target_uu, "%s: OMGet...UnorderedAccessViews", name);
            if (got[1])
                ID3D11UnorderedAccessView_Release(got[1]);
            ID3D11DeviceContext_PSSetShader(s.ctx, ps_uav, NULL, 0);
            clear(&s);
            draw_tri_color(&s, full, (const float[4]){0.2f, 0.6f, 0.0f, 1.0f});
            /* A second draw sees nothing of the first's in the UAV, but it
             * runs after it: its writes win where both write. */
            draw_tri_color(&s, half, (const float[4]){0.4f, 0.6f, 0.0f, 1.0f});
            if (read_back(&s, px))
                check(px, "ps_uav's target", 48, 48, 0xff339900);
            if (read_texels(s.dev, s.ctx, target_u, W, H, px)) {
                snprintf(what, sizeof(what), "%s: ps_uav's UAV: %u at (48,48), %u at (8,8)",
                         name, px[48 * W + 48], px[8 * W + 8]);
                ok(px[48 * W + 48] == 7 + 51 && px[8 * W + 8] == 7 + 102, "%s", what);
            }
            /* With no target: the draw writes the UAV only, over the
             * viewport. */
            ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(s.ctx, 0, NULL, NULL, 1,
                                                                          1, &target_uu, NULL);
            draw_tri_color(&s, half, (const float[4]){0.6f, 0.6f, 0.0f, 1.0f});
            if (read_texels(s.dev, s.ctx, target_u, W, H, px))
                ok(px[48 * W + 48] == 7 + 51 && px[8 * W + 8] == 7 + 153,
                   "%s: a draw of UAVs only: %u at (48,48), %u at (8,8)", name, px[48 * W + 48],
                   px[8 * W + 8]);
            /* Keeping the UAVs with D3D11_KEEP_UNORDERED_ACCESS_VIEWS. */
            ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
                s.ctx, 1, &s.rtv, NULL, 0, D3D11_KEEP_UNORDERED_ACCESS_VIEWS, NULL, NULL);
            ID3D11DeviceContext_OMGetRenderTargetsAndUnorderedAccessViews(s.ctx, 0, NULL, NULL,
                                                                          1, 1, got);
            ok(got[0] == target_uu, "%s: KEEP_UNORDERED_ACCESS_VIEWS keeps them", name);
            if (got[0])
                ID3D11UnorderedAccessView_Release(got[0]);
        }
        /* A dispatch's bindings go over the pixel stage's: the draw after
         * it reads its own texture and constant buffer again. */
        {
            static const uint32_t green = 0xff00ff00u;
            D3D11_TEXTURE2D_DESC gd = {1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                       D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
            D3D11_SUBRESOURCE_DATA gi = {&green, 4, 0};
            ID3D11Texture2D *gt = NULL;
            ID3D11ShaderResourceView *gv = NULL;
            ID3D11PixelShader *ps_tex = NULL;
            ID3D11Device_CreateTexture2D(s.dev, &gd, &gi, &gt);
            if (gt)
                ID3D11Device_CreateShaderResourceView(s.dev, (ID3D11Resource *)gt, NULL, &gv);
            ID3D11Device_CreatePixelShader(s.dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                           &ps_tex);
            ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(s.ctx, 1, &s.rtv, NULL,
                                                                          0, 0, NULL, NULL);
            ID3D11DeviceContext_CSSetShader(s.ctx, cs_write, NULL, 0);
            if (ok(gv && ps_tex, "%s: a green texture and ps_texture", name)) {
                ID3D11DeviceContext_PSSetShader(s.ctx, ps_tex, NULL, 0);
                ID3D11DeviceContext_PSSetShaderResources(s.ctx, 0, 1, &gv);
                for (int k = 0; k < 2; k++) {
                    if (k)
                        ID3D11DeviceContext_Dispatch(s.ctx, 2, 2, 1);
                    clear(&s);
                    draw_tri_color(&s, full, (const float[4]){0.5f, 0.5f, 0, 1});
                    if (read_back(&s, px))
                        check(px, k ? "a texture after a dispatch" : "a texture", 32, 32,
                              0xff00ff00);
                }
            }
            ID3D11DeviceContext_PSSetShader(s.ctx, s.ps, NULL, 0);
            for (int k = 0; k < 2; k++) {
                if (k)
                    ID3D11DeviceContext_Dispatch(s.ctx, 2, 2, 1);
                clear(&s);
                draw_tri_color(&s, full, (const float[4]){0.2f, 0.6f, 0, 1});
                if (read_back(&s, px))
                    check(px, k ? "a tint after a dispatch" : "a tint", 32, 32, 0xff339900);
            }
            IUnknown *objs[] = {(IUnknown *)gt, (IUnknown *)gv, (IUnknown *)ps_tex};
            release_all(objs, 3);
        }
        /* A typed view where the shader declares a raw buffer (undefined
         * in D3D11): an empty slot, written nowhere. */
        {
            static const UINT nine[4] = {9, 9, 9, 9};
            ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, buf_u, nine);
            ID3D11DeviceContext_CSSetShader(s.ctx, cs_words, NULL, 0);
            ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 0, 1,
                                                          &(ID3D11UnorderedAccessView *){NULL},
                                                          NULL);
            ID3D11DeviceContext_CSSetUnorderedAccessViews(s.ctx, 2, 1, &buf_u, NULL);
            ID3D11DeviceContext_Dispatch(s.ctx, 1, 1, 1);
            if (read_buffer(s.dev, s.ctx, buf, 64 * 4, words))
                ok(words[0] == 9 && words[1] == 9 && words[7] == 9,
                   "%s: a typed view as a raw one writes nothing: %u %u", name, words[0],
                   words[1]);
        }
    }
out:
    {
        IUnknown *objs[] = {
            (IUnknown *)src,      (IUnknown *)img,      (IUnknown *)acc,
            (IUnknown *)u8,       (IUnknown *)target_u, (IUnknown *)buf,
            (IUnknown *)raw,      (IUnknown *)sb,       (IUnknown *)cb,
            (IUnknown *)args,     (IUnknown *)src_v,    (IUnknown *)sb_srv,
            (IUnknown *)img_u,    (IUnknown *)buf_u,    (IUnknown *)raw_u,
            (IUnknown *)sb_u,     (IUnknown *)acc_u,    (IUnknown *)u8_u,
            (IUnknown *)part_u,   (IUnknown *)target_uu, (IUnknown *)cs_write,
            (IUnknown *)cs_words, (IUnknown *)cs_twice, (IUnknown *)ps_uav};
        release_all(objs, sizeof(objs) / sizeof(objs[0]));
    }
    drop_scene(&s, name, "the 11_0 device");
    free(px);
}

/* Direct3D 11.1: ID3D11Device1 and ID3D11DeviceContext1 are the device and
 * its context; constant buffer ranges (a tint read from the buffer's
 * 17th constant, its first, and past its end: zeros), their getter and a
 * range D3D11.1 refuses; UpdateSubresource1's partial update of a
 * constant buffer; ClearView inside a rectangle and whole; the blend and
 * rasterizer descriptions of D3D11.1 (logic operations and forced sample
 * counts are not done); the context's annotations with no tool attached. */
/* Device context states: creation's checks, a swap saving the scene's
 * state and activating a state of defaults (getters and a draw that
 * draws nothing), the scene's state back (getters and pixels), the
 * second state keeping what was set while it was active, NULL and
 * deferred contexts changing nothing. */
/* A context state emulating a D3D10 device turns the D3D11 context's
 * methods off while it is active (documented for SwapDeviceContextState;
 * the answers are Windows' in Wine's test_device_context_state): setters
 * and work do nothing, getters answer a cleared state (PSGetSamplers
 * nothing at all), Map and GetData fail; the type, DXGI's surface methods
 * and the way back stay.  Swapped back, the scene's state is all there. */
static void test_context_state_d3d10(struct scene *s, ID3D11Device1 *dev1,
                                     ID3D11DeviceContext1 *c1, const char *name)
{
    static const GUID iid_d3d10_device = {0x9b7e4c0f, 0x342c, 0x4106,
                                          {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT green[4] = {0, 1, 0, 1};
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_0;
    ID3DDeviceContextState *st = NULL, *prev = NULL;
    ID3D11VertexShader *vs = (ID3D11VertexShader *)1;
    ID3D11PixelShader *ps = (ID3D11PixelShader *)1;
    ID3D11Buffer *cb = (ID3D11Buffer *)1, *cb1 = (ID3D11Buffer *)1;
    ID3D11SamplerState *smp = (ID3D11SamplerState *)1, *vsmp = (ID3D11SamplerState *)1;
    ID3D11RenderTargetView *rtv = (ID3D11RenderTargetView *)1;
    ID3D11BlendState *bs = (ID3D11BlendState *)1;
    ID3D11InputLayout *il = (ID3D11InputLayout *)1;
    D3D11_PRIMITIVE_TOPOLOGY topo = (D3D11_PRIMITIVE_TOPOLOGY)7;
    D3D11_VIEWPORT vp[2];
    D3D11_MAPPED_SUBRESOURCE m = {(void *)1, 1, 1};
    FLOAT factor[4] = {0};
    UINT mask = 0, nvp = 2, first = 7, count = 7;
    D3D11_TEXTURE2D_DESC td = {1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0};
    ID3D11Texture2D *tex = NULL;
    IDXGISurface *surf = NULL;
    DXGI_MAPPED_RECT rect;
    uint32_t px[W * H];
    HRESULT hr;

    hr = ID3D11Device1_CreateDeviceContextState(dev1, 0, &level, 1, D3D11_SDK_VERSION,
                                                &iid_d3d10_device, NULL, &st);
    if (!ok(hr == S_OK && st, "%s: a D3D10 context state: %#x", name, (unsigned)hr))
        return;
    clear(s);
    ID3D11DeviceContext1_SwapDeviceContextState(c1, st, &prev);
    ok(ID3D11DeviceContext_GetType(s->ctx) == D3D11_DEVICE_CONTEXT_IMMEDIATE,
       "%s: D3D10 state: still the immediate context", name);
    /* Set while it is active: ignored. */
    bind_scene(s, s->ctx);
    ID3D11DeviceContext_VSGetShader(s->ctx, &vs, NULL, NULL);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ID3D11DeviceContext_PSGetConstantBuffers(s->ctx, 0, 1, &cb);
    ID3D11DeviceContext1_PSGetConstantBuffers1(c1, 0, 1, &cb1, &first, &count);
    ID3D11DeviceContext_VSGetSamplers(s->ctx, 0, 1, &vsmp);
    ID3D11DeviceContext_PSGetSamplers(s->ctx, 0, 1, &smp);
    ID3D11DeviceContext_OMGetRenderTargets(s->ctx, 1, &rtv, NULL);
    ID3D11DeviceContext_OMGetBlendState(s->ctx, &bs, factor, &mask);
    ID3D11DeviceContext_IAGetInputLayout(s->ctx, &il);
    ID3D11DeviceContext_IAGetPrimitiveTopology(s->ctx, &topo);
    ID3D11DeviceContext_RSGetViewports(s->ctx, &nvp, vp);
    ok(!vs && !ps && !cb && !cb1 && !vsmp && !rtv && !bs && !il,
       "%s: D3D10 state: the getters answer NULL (%p %p %p %p %p %p %p %p)", name, (void *)vs,
       (void *)ps, (void *)cb, (void *)cb1, (void *)vsmp, (void *)rtv, (void *)bs, (void *)il);
    ok(topo == D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED && nvp == 0 && mask == 0xffffffffu &&
           factor[0] == 1.0f && factor[3] == 1.0f,
       "%s: D3D10 state: default topology %u, viewports %u, mask %#x, factor %g", name,
       (unsigned)topo, nvp, mask, factor[0]);
    ok(smp == (ID3D11SamplerState *)1, "%s: D3D10 state: PSGetSamplers writes nothing", name);
    /* Work: none. */
    draw_tri(s, full);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, green);
    hr = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ, 0, &m);
    ok(hr == DXGI_ERROR_INVALID_CALL && !m.pData, "%s: D3D10 state: Map fails: %#x", name,
       (unsigned)hr);
    /* DXGI's own methods work on. */
    if (ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex) == S_OK &&
        ID3D11Texture2D_QueryInterface(tex, &IID_IDXGISurface, (void **)&surf) == S_OK) {
        hr = IDXGISurface_Map(surf, &rect, DXGI_MAP_READ);
        ok(hr == S_OK, "%s: D3D10 state: IDXGISurface::Map: %#x", name, (unsigned)hr);
        if (hr == S_OK)
            IDXGISurface_Unmap(surf);
        IDXGISurface_Release(surf);
    }
    if (tex)
        ID3D11Texture2D_Release(tex);
    ID3D11DeviceContext1_SwapDeviceContextState(c1, prev, NULL);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ok(ps == s->ps, "%s: the scene's state after the D3D10 state", name);
    if (ps)
        ID3D11PixelShader_Release(ps);
    if (read_back(s, px))
        check(px, "nothing drawn or cleared under the D3D10 state", 32, 32, 0xff0000ff);
    draw_tri(s, full);
    if (read_back(s, px))
        check(px, "drawn after the D3D10 state", 32, 32, 0xffff8040);
    ID3DDeviceContextState_Release(prev);
    ok(ID3DDeviceContextState_Release(st) == 0, "%s: the D3D10 state released", name);
}

static void test_context_states(struct scene *s, ID3D11Device1 *dev1, ID3D11DeviceContext1 *c1,
                                const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    const D3D_FEATURE_LEVEL levels[2] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_10_0};
    const D3D_FEATURE_LEVEL nine = D3D_FEATURE_LEVEL_9_3;
    D3D_FEATURE_LEVEL chosen = 0;
    ID3DDeviceContextState *st = NULL, *prev = NULL, *prev2 = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11PixelShader *ps = NULL;
    ID3D11Buffer *cb = NULL;
    ID3D11DeviceContext *dc = NULL;
    ID3D11DeviceContext1 *dc1 = NULL;
    uint32_t px[W * H];
    HRESULT hr;

    ok(ID3D11Device1_CreateDeviceContextState(dev1, 0, levels, 2, D3D11_SDK_VERSION,
                                              &IID_IUnknown, &chosen, &st) == E_INVALIDARG &&
           !st,
       "%s: a context state emulating no device is E_INVALIDARG", name);
    ok(ID3D11Device1_CreateDeviceContextState(dev1, 0, &nine, 1, D3D11_SDK_VERSION,
                                              &IID_ID3D11Device1, &chosen, &st) ==
               E_INVALIDARG && !st,
       "%s: a context state of no level the device has is E_INVALIDARG", name);
    hr = ID3D11Device1_CreateDeviceContextState(dev1, 0, levels, 2, D3D11_SDK_VERSION,
                                                &IID_ID3D11Device1, &chosen, NULL);
    ok(hr == S_FALSE && chosen == D3D_FEATURE_LEVEL_10_0,
       "%s: validation only: %#x, level %#x", name, (unsigned)hr, chosen);
    hr = ID3D11Device1_CreateDeviceContextState(dev1, 0, levels, 2, D3D11_SDK_VERSION,
                                                &IID_ID3D11Device1, &chosen, &st);
    if (!ok(hr == S_OK && st, "%s: CreateDeviceContextState: %#x", name, (unsigned)hr))
        return;

    /* The scene's state out, defaults in. */
    set_tint(s, 1, 0, 0, 1);
    ID3D11DeviceContext1_SwapDeviceContextState(c1, st, &prev);
    ok(prev != NULL && prev != st, "%s: the device's own state object comes back", name);
    ID3D11DeviceContext_VSGetShader(s->ctx, &vs, NULL, NULL);
    ID3D11DeviceContext_PSGetConstantBuffers(s->ctx, 0, 1, &cb);
    ok(!vs && !cb, "%s: the new state has defaults: %p, %p", name, (void *)vs, (void *)cb);
    clear(s);
    draw_tri(s, full); /* no shaders, no target: nothing */
    /* Set while it is active: kept by it. */
    bind_scene(s, s->ctx);
    ID3D11DeviceContext_PSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext1_SwapDeviceContextState(c1, prev, &prev2);
    ok(prev2 == st, "%s: the previous state is the one swapped in", name);
    if (prev2)
        ID3DDeviceContextState_Release(prev2);
    prev2 = NULL;
    /* The scene's state back: its shaders and red tint. */
    ID3D11DeviceContext_VSGetShader(s->ctx, &vs, NULL, NULL);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ID3D11DeviceContext_PSGetConstantBuffers(s->ctx, 0, 1, &cb);
    ok(vs == s->vs && ps == s->ps && cb == s->cb, "%s: the scene's state is back", name);
    IUnknown *got[] = {(IUnknown *)vs, (IUnknown *)ps, (IUnknown *)cb};
    release_all(got, ARRAY_N(got));
    vs = NULL, ps = NULL, cb = NULL;
    if (read_back(s, px))
        check(px, "nothing drawn with the defaults", 32, 32, 0xff0000ff);
    draw_tri(s, full);
    if (read_back(s, px))
        check(px, "drawn with the scene's state again", 32, 32, 0xffff0000);
    /* The other state again: what was set in it, pixel shader unset. */
    ID3D11DeviceContext1_SwapDeviceContextState(c1, st, NULL);
    ID3D11DeviceContext_VSGetShader(s->ctx, &vs, NULL, NULL);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ok(vs == s->vs && !ps, "%s: the state keeps what was set in it", name);
    if (vs)
        ID3D11VertexShader_Release(vs);
    if (ps)
        ID3D11PixelShader_Release(ps);
    /* NULL: nothing happens. */
    prev2 = (ID3DDeviceContextState *)1;
    ID3D11DeviceContext1_SwapDeviceContextState(c1, NULL, &prev2);
    ok(!prev2, "%s: a swap to NULL gives nothing back", name);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ok(!ps, "%s: and changes nothing", name);
    /* A deferred context has no states. */
    if (ID3D11Device_CreateDeferredContext(s->dev, 0, &dc) == S_OK &&
        ID3D11DeviceContext_QueryInterface(dc, &IID_ID3D11DeviceContext1, (void **)&dc1) ==
            S_OK) {
        prev2 = (ID3DDeviceContextState *)1;
        ID3D11DeviceContext1_SwapDeviceContextState(dc1, prev, &prev2);
        ok(!prev2, "%s: no swap on a deferred context", name);
        ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
        ok(!ps, "%s: nor a change of the immediate one", name);
        ID3D11DeviceContext1_Release(dc1);
    }
    if (dc)
        ID3D11DeviceContext_Release(dc);
    /* Back to the scene's state, which the rest of the tests use. */
    ID3D11DeviceContext1_SwapDeviceContextState(c1, prev, NULL);
    ID3D11DeviceContext_PSGetShader(s->ctx, &ps, NULL, NULL);
    ok(ps == s->ps, "%s: the scene's pixel shader after the last swap", name);
    if (ps)
        ID3D11PixelShader_Release(ps);
    set_tint(s, 1, 1, 1, 1);
    ID3DDeviceContextState_Release(prev);
    ok(ID3DDeviceContextState_Release(st) == 0, "%s: the state object released", name);
    test_context_state_d3d10(s, dev1, c1, name);
}

/* D3D11.1's logic operations, each of the sixteen into an R16G16_UINT
 * target cleared to (4080, 255) from ps_out_uint's (77, 40); GetDesc1
 * answers the operation, and one description is one object. */
static void test_logic_ops(struct scene *s, ID3D11Device1 *dev1, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT clear_to[4] = {4080, 255, 0, 0};
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R16G16_UINT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BLEND_DESC1 bd = {0};
    ID3D11Texture2D *it = NULL, *ist = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11PixelShader *po = NULL;
    UINT support = 0;

    ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_R16G16_UINT, &support);
    if (!(support & D3D11_FORMAT_SUPPORT_RENDER_TARGET)) {
        skip("%s: R16G16_UINT is no target on this device", name);
        return;
    }
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &it);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &ist);
    if (it)
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)it, NULL, &rtv);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_out_uint, sizeof(dxbc_ps_out_uint), NULL,
                                   &po);
    if (!ok(it && ist && rtv && po, "%s: a logic operation's target", name))
        goto out;
    bd.RenderTarget[0].LogicOpEnable = TRUE;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    for (UINT op = 0; op < 16; op++) {
        const uint16_t sv[2] = {77, 40}, dv[2] = {4080, 255};
        uint16_t want[2];
        ID3D11BlendState1 *bs = NULL, *again = NULL;
        D3D11_BLEND_DESC1 got;
        D3D11_MAPPED_SUBRESOURCE m;
        for (int c = 0; c < 2; c++) {
            uint16_t a = sv[c], d = dv[c];
            switch (op) {
            case D3D11_LOGIC_OP_CLEAR: want[c] = 0; break;
            case D3D11_LOGIC_OP_SET: want[c] = 0xffff; break;
            case D3D11_LOGIC_OP_COPY: want[c] = a; break;
            case D3D11_LOGIC_OP_COPY_INVERTED: want[c] = (uint16_t)~a; break;
            case D3D11_LOGIC_OP_NOOP: want[c] = d; break;
            case D3D11_LOGIC_OP_INVERT: want[c] = (uint16_t)~d; break;
            case D3D11_LOGIC_OP_AND: want[c] = a & d; break;
            case D3D11_LOGIC_OP_NAND: want[c] = (uint16_t)~(a & d); break;
            case D3D11_LOGIC_OP_OR: want[c] = a | d; break;
            case D3D11_LOGIC_OP_NOR: want[c] = (uint16_t)~(a | d); break;
            case D3D11_LOGIC_OP_XOR: want[c] = a ^ d; break;
            case D3D11_LOGIC_OP_EQUIV: want[c] = (uint16_t)~(a ^ d); break;
            case D3D11_LOGIC_OP_AND_REVERSE: want[c] = a & (uint16_t)~d; break;
            case D3D11_LOGIC_OP_AND_INVERTED: want[c] = (uint16_t)~a & d; break;
            case D3D11_LOGIC_OP_OR_REVERSE: want[c] = a | (uint16_t)~d; break;
            default: want[c] = (uint16_t)~a | d; break; /* OR_INVERTED */
            }
        }
        bd.RenderTarget[0].LogicOp = (D3D11_LOGIC_OP)op;
        if (!ok(ID3D11Device1_CreateBlendState1(dev1, &bd, &bs) == S_OK && bs,
                "%s: logic operation %u", name, op))
            continue;
        ID3D11BlendState1_GetDesc1(bs, &got);
        ok(got.RenderTarget[0].LogicOpEnable && got.RenderTarget[0].LogicOp == op &&
               got.RenderTarget[5].LogicOpEnable && !got.RenderTarget[0].BlendEnable,
           "%s: GetDesc1 answers logic operation %u", name, op);
        ok(ID3D11Device1_CreateBlendState1(dev1, &bd, &again) == S_OK && again == bs,
           "%s: logic operation %u's description is one object", name, op);
        if (again)
            ID3D11BlendState1_Release(again);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, clear_to);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
        ID3D11DeviceContext_OMSetBlendState(s->ctx, (ID3D11BlendState *)bs, NULL, 0xffffffff);
        ID3D11DeviceContext_PSSetShader(s->ctx, po, NULL, 0);
        draw_tri_color(s, full, (const float[4]){40.0f / 255.0f, 0, 0, 1});
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)ist, (ID3D11Resource *)it);
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)ist, 0, D3D11_MAP_READ, 0, &m) ==
            S_OK) {
            const uint16_t *t0 = (const uint16_t *)((uint8_t *)m.pData + 8 * m.RowPitch) + 2 * 8;
            ok(t0[0] == want[0] && t0[1] == want[1],
               "%s: logic operation %u: %#x %#x, expected %#x %#x", name, op, t0[0], t0[1],
               want[0], want[1]);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)ist, 0);
        }
        ID3D11BlendState1_Release(bs);
    }
out:
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
    {
        IUnknown *objs[] = {(IUnknown *)po, (IUnknown *)rtv, (IUnknown *)ist, (IUnknown *)it};
        release_all(objs, ARRAY_N(objs));
    }
    bind_scene(s, s->ctx);
}

static void test_d3d11_1(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3}, white[4] = {1, 1, 1, 1};
    static const FLOAT red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    float consts[32][4] = {{0}};
    D3D11_BUFFER_DESC bd = {sizeof(consts), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0,
                            0};
    D3D11_SUBRESOURCE_DATA init = {consts, 0, 0};
    D3D11_FEATURE_DATA_D3D11_OPTIONS opt;
    D3D11_BLEND_DESC1 bd1 = {0}, got_bd1;
    D3D11_RASTERIZER_DESC1 rd1 = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE, FALSE,
                                  FALSE, FALSE, 0}, got_rd1;
    D3D11_BLEND_DESC bd0;
    ID3D11Device1 *dev1 = NULL;
    ID3D11DeviceContext1 *ctx1 = NULL, *imm1 = NULL;
    ID3DUserDefinedAnnotation *ann = NULL;
    ID3D11BlendState1 *bs1 = NULL, *bs1b = NULL;
    ID3D11BlendState *bs0 = NULL;
    ID3D11RasterizerState1 *rs1 = NULL;
    ID3D11Buffer *cb = NULL, *got_cb = NULL;
    static const WCHAR event_name[] = {'f', 'r', 'a', 'm', 'e', 0};
    UINT first, count, one = 16, bad = 8, past = 32;
    uint32_t *px = malloc(W * H * 4);
    char what[96];

    if (!ok(ID3D11Device_QueryInterface(s->dev, &IID_ID3D11Device1, (void **)&dev1) == S_OK,
            "%s: ID3D11Device1", name) ||
        !ok(ID3D11DeviceContext_QueryInterface(s->ctx, &IID_ID3D11DeviceContext1,
                                               (void **)&ctx1) == S_OK,
            "%s: ID3D11DeviceContext1", name))
        goto out;
    ok((void *)dev1 == (void *)s->dev && (void *)ctx1 == (void *)s->ctx,
       "%s: the same objects", name);
    ID3D11Device1_GetImmediateContext1(dev1, &imm1);
    ok(imm1 == ctx1, "%s: GetImmediateContext1", name);
    ok(ID3D11Device1_CheckFeatureSupport(dev1, D3D11_FEATURE_D3D11_OPTIONS, &opt, sizeof(opt)) ==
               S_OK &&
           opt.ConstantBufferOffsetting && opt.ClearView && opt.ConstantBufferPartialUpdate &&
           opt.OutputMergerLogicOp == !getenv("NEREID_NO_LOGIC_OP") &&
           !opt.UAVOnlyRenderingForcedSampleCount,
       "%s: D3D11_OPTIONS", name);

    /* Constant buffer ranges: constant 0 red, constant 16 green. */
    consts[0][0] = 1, consts[0][3] = 1;
    consts[16][1] = 1, consts[16][3] = 1;
    if (!ok(ID3D11Device1_CreateBuffer(dev1, &bd, &init, &cb) == S_OK, "%s: a 512-byte constant "
                                                                        "buffer", name))
        goto out;
    ID3D11DeviceContext1_PSSetConstantBuffers1(ctx1, 0, 1, &cb, &one, &one);
    clear(s);
    draw_tri_color(s, full, white);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: b0 from constant 16", name);
        check(px, what, 32, 32, 0xff00ff00);
    }
    ID3D11DeviceContext1_PSGetConstantBuffers1(ctx1, 0, 1, &got_cb, &first, &count);
    ok(got_cb == cb && first == 16 && count == 16, "%s: the range back: %u+%u", name, first,
       count);
    if (got_cb)
        ID3D11Buffer_Release(got_cb);
    ID3D11DeviceContext1_PSSetConstantBuffers1(ctx1, 0, 1, &cb, &bad, &one);
    ID3D11DeviceContext1_PSGetConstantBuffers1(ctx1, 0, 1, NULL, &first, &count);
    ok(first == 16 && count == 16, "%s: a range off 16 constants changes nothing", name);
    ID3D11DeviceContext1_PSSetConstantBuffers1(ctx1, 0, 1, &cb, &past, NULL);
    ID3D11DeviceContext1_PSGetConstantBuffers1(ctx1, 0, 1, NULL, &first, &count);
    ok(first == 16 && count == 16, "%s: first constants without counts change nothing", name);
    ID3D11DeviceContext1_PSSetConstantBuffers1(ctx1, 0, 1, &cb, &past, &one);
    clear(s);
    draw_tri_color(s, full, white);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a range past the buffer reads zeros", name);
        check(px, what, 32, 32, 0x00000000);
    }
    ID3D11DeviceContext1_PSSetConstantBuffers(ctx1, 0, 1, &cb);
    ID3D11DeviceContext1_PSGetConstantBuffers1(ctx1, 0, 1, NULL, &first, &count);
    ok(first == 0 && count == 4096, "%s: a whole buffer's range: %u+%u", name, first, count);
    {
        /* Constant 0 made blue by a partial update (D3D11.1). */
        static const float blue[4] = {0, 0, 1, 1};
        D3D11_BOX box = {0, 0, 0, 16, 1, 1};
        ID3D11DeviceContext1_UpdateSubresource1(ctx1, (ID3D11Resource *)cb, 0, &box, blue, 0, 0,
                                                D3D11_COPY_DISCARD);
    }
    clear(s);
    draw_tri_color(s, full, white);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: constant 0 updated alone", name);
        check(px, what, 32, 32, 0xff0000ff);
    }
    ID3D11DeviceContext1_PSSetConstantBuffers(ctx1, 0, 1, &s->cb);
    ID3D11DeviceContext1_VSGetConstantBuffers1(ctx1, 13, 1, &got_cb, &first, &count);
    ok(!got_cb && first == 0 && count == 4096, "%s: an empty slot's range: %u+%u", name, first,
       count);

    /* ClearView: a rectangle, then all. */
    {
        D3D11_RECT r = {0, 0, 32, 32}, outside = {100, 100, 200, 200};
        clear(s);
        ID3D11DeviceContext1_ClearView(ctx1, (ID3D11View *)s->rtv, red, &r, 1);
        ID3D11DeviceContext1_ClearView(ctx1, (ID3D11View *)s->rtv, green, &outside, 1);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: ClearView of a rectangle", name);
            check(px, what, 4, 4, 0xffff0000);
            check(px, what, 31, 31, 0xffff0000);
            check(px, what, 32, 32, 0xff0000ff);
            check(px, what, 60, 60, 0xff0000ff);
        }
        ID3D11DeviceContext1_ClearView(ctx1, (ID3D11View *)s->rtv, green, NULL, 0);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: ClearView of all", name);
            check(px, what, 60, 60, 0xff00ff00);
        }
    }

    /* D3D11.1's state descriptions. */
    bd1.RenderTarget[0].LogicOpEnable = TRUE;
    bd1.RenderTarget[0].BlendEnable = TRUE;
    bd1.RenderTarget[0].LogicOp = D3D11_LOGIC_OP_XOR;
    bd1.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    ok(ID3D11Device1_CreateBlendState1(dev1, &bd1, &bs1) == E_INVALIDARG && !bs1,
       "%s: logic operation and blending", name);
    bd1.RenderTarget[0].BlendEnable = FALSE;
    bd1.IndependentBlendEnable = TRUE;
    ok(ID3D11Device1_CreateBlendState1(dev1, &bd1, &bs1) == E_INVALIDARG && !bs1,
       "%s: logic operation and independent targets", name);
    bd1.IndependentBlendEnable = FALSE;
    if (getenv("NEREID_NO_LOGIC_OP"))
        ok(ID3D11Device1_CreateBlendState1(dev1, &bd1, &bs1) == E_NOTIMPL && !bs1,
           "%s: a device without logic operations: not done", name);
    else
        test_logic_ops(s, dev1, name);
    bd1.RenderTarget[0] = (D3D11_RENDER_TARGET_BLEND_DESC1){
        TRUE, FALSE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD,
        D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_LOGIC_OP_NOOP,
        D3D11_COLOR_WRITE_ENABLE_ALL};
    ok(ID3D11Device1_CreateBlendState1(dev1, &bd1, &bs1) == S_OK && bs1, "%s: CreateBlendState1",
       name);
    if (bs1) {
        ID3D11BlendState1_GetDesc1(bs1, &got_bd1);
        const D3D11_RENDER_TARGET_BLEND_DESC1 *g = &got_bd1.RenderTarget[0],
                                              *w = &bd1.RenderTarget[0];
        ok(g->BlendEnable == w->BlendEnable && !g->LogicOpEnable && g->SrcBlend == w->SrcBlend &&
               g->DestBlend == w->DestBlend && g->BlendOp == w->BlendOp &&
               g->SrcBlendAlpha == w->SrcBlendAlpha && g->DestBlendAlpha == w->DestBlendAlpha &&
               g->BlendOpAlpha == w->BlendOpAlpha && g->LogicOp == D3D11_LOGIC_OP_NOOP &&
               g->RenderTargetWriteMask == w->RenderTargetWriteMask,
           "%s: GetDesc1 gives the description back", name);
        ID3D11BlendState1_GetDesc(bs1, &bd0);
        ok(ID3D11Device1_CreateBlendState(dev1, &bd0, &bs0) == S_OK && (void *)bs0 == (void *)bs1 &&
               ID3D11BlendState_QueryInterface(bs0, &IID_ID3D11BlendState1, (void **)&bs1b) ==
                   S_OK,
           "%s: the D3D11.0 description is the same object, an ID3D11BlendState1", name);
    }
    rd1.ForcedSampleCount = 3;
    ok(ID3D11Device1_CreateRasterizerState1(dev1, &rd1, &rs1) == E_INVALIDARG && !rs1,
       "%s: a forced sample count of 3", name);
    rd1.ForcedSampleCount = 4;
    ok(ID3D11Device1_CreateRasterizerState1(dev1, &rd1, &rs1) == E_NOTIMPL && !rs1,
       "%s: forced sample counts are not done", name);
    rd1.ForcedSampleCount = 0;
    ok(ID3D11Device1_CreateRasterizerState1(dev1, &rd1, &rs1) == S_OK && rs1,
       "%s: CreateRasterizerState1", name);
    if (rs1) {
        ID3D11RasterizerState1_GetDesc1(rs1, &got_rd1);
        ok(!memcmp(&got_rd1, &rd1, sizeof(rd1)), "%s: its GetDesc1", name);
    }
    test_context_states(s, dev1, ctx1, name);

    ok(ID3D11DeviceContext1_QueryInterface(ctx1, &IID_ID3DUserDefinedAnnotation,
                                           (void **)&ann) == S_OK && ann,
       "%s: ID3DUserDefinedAnnotation", name);
    if (ann) {
        ok(!ID3DUserDefinedAnnotation_GetStatus(ann) &&
               ID3DUserDefinedAnnotation_BeginEvent(ann, event_name) == -1 &&
               ID3DUserDefinedAnnotation_EndEvent(ann) == -1,
           "%s: no capture tool attached", name);
        ID3DUserDefinedAnnotation_SetMarker(ann, event_name);
    }
out:
    if (ann)
        ID3DUserDefinedAnnotation_Release(ann);
    if (bs1b)
        ID3D11BlendState1_Release(bs1b);
    if (bs0)
        ID3D11BlendState_Release(bs0);
    if (bs1)
        ID3D11BlendState1_Release(bs1);
    if (rs1)
        ID3D11RasterizerState1_Release(rs1);
    if (cb)
        ID3D11Buffer_Release(cb);
    if (imm1)
        ID3D11DeviceContext1_Release(imm1);
    if (ctx1)
        ID3D11DeviceContext1_Release(ctx1);
    if (dev1)
        ID3D11Device1_Release(dev1);
    free(px);
}

/* ------------------------------------------------------ geometry shaders */

/* A geometry program of dxbc_gs.h made into a container. */
static size_t gs_code(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    size_t n = dxbc_gs_build(tokens, count, out, cap);
    ok(n > 0, "a geometry program assembled");
    return n;
}

/* Points through the scene's vertex buffer (topology POINTLIST). */
static void put_points(struct scene *s, const struct vertex *v, UINT n)
{
    D3D11_BOX box = {0, 0, 0, n * (UINT)sizeof(*v), 1, 1};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, &box, v, 0, 0);
}

/* The program of stage_uav: vs_uav, or gs_uav_tokens' (code, n). */
static HRESULT uav_shader(ID3D11Device *dev, bool geometry, const uint8_t *code, size_t n,
                          IUnknown **out)
{
    return geometry ? ID3D11Device_CreateGeometryShader(dev, code, n, NULL,
                                                         (ID3D11GeometryShader **)out)
                    : ID3D11Device_CreateVertexShader(dev, dxbc_vs_uav, sizeof(dxbc_vs_uav),
                                                      NULL, (ID3D11VertexShader **)out);
}

/* D3D11.1's UAVs at every stage, of the vertex or the geometry stage: at
 * level 11_1 a vertex shader writes a UAV (vs_uav: texel id of u1 gets id
 * + 100), or a geometry program texel 5 of it (gs_uav_tokens: 77), bound
 * beside the target, and draws as usual; at 11_0 the program is refused
 * (E_INVALIDARG); on a device that cannot write storage from those stages
 * (NEREID_NO_VERTEX_STORAGE), not done (E_NOTIMPL). */
static void test_stage_uav(const char *name, bool geometry)
{
    const D3D_FEATURE_LEVEL l11_1 = D3D_FEATURE_LEVEL_11_1, l11_0 = D3D_FEATURE_LEVEL_11_0;
    const char *what = geometry ? "geometry" : "vertex";
    static uint8_t code[2048];
    static const struct vertex pts[2] = {{-0.5f, 0.5f, 0.5f, 1, 0, 0, 1},
                                         {0.5f, -0.5f, 0.5f, 0, 1, 0, 1}};
    struct scene s = {0};
    ID3D11Device *d0 = NULL;
    IUnknown *sh = NULL;
    ID3D11Texture2D *ut = NULL;
    ID3D11UnorderedAccessView *uv = NULL;
    uint32_t *px = malloc(W * H * 4);
    size_t n = 0;
    HRESULT hr;

    if (geometry)
        n = gs_code(gs_uav_tokens, ARRAY_N(gs_uav_tokens), code, sizeof(code));
    if (geometry && getenv("NEREID_NO_GEOMETRY")) {
        skip("%s: geometry UAVs: the device has no geometry shaders", name);
        free(px);
        return;
    }
    if (D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &l11_0, 1,
                          D3D11_SDK_VERSION, &d0, NULL, NULL) == S_OK) {
        ok(uav_shader(d0, geometry, code, n, &sh) == E_INVALIDARG && !sh,
           "%s: a %s shader writing a UAV is refused at 11_0", name, what);
        ok(ID3D11Device_Release(d0) == 0, "%s: the 11_0 device goes", name);
    }
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &l11_1, 1,
                           D3D11_SDK_VERSION, &s.dev, NULL, &s.ctx);
    if (!ok(hr == S_OK, "%s: a device of level 11_1: %#x", name, (unsigned)hr) || !px ||
        FAILED(make_scene(&s, name)))
        goto out;
    hr = uav_shader(s.dev, geometry, code, n, &sh);
    if (getenv("NEREID_NO_VERTEX_STORAGE")) {
        ok(hr == E_NOTIMPL && !sh, "%s: no storage from the %s stage: not done (%#x)", name,
           what, (unsigned)hr);
        goto out;
    }
    if (!ok(hr == S_OK && sh, "%s: a %s shader writing a UAV at 11_1 (%#x)", name, what,
            (unsigned)hr))
        goto out;
    {
        D3D11_TEXTURE2D_DESC ud = {8, 1, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
        static const UINT zero[4] = {0};
        static const float full[6] = {-1, 1, 3, 1, -1, -3};
        ID3D11Device_CreateTexture2D(s.dev, &ud, NULL, &ut);
        if (ut)
            ID3D11Device_CreateUnorderedAccessView(s.dev, (ID3D11Resource *)ut, NULL, &uv);
        if (!ok(uv != NULL, "%s: the %s shader's UAV", name, what))
            goto out;
        ID3D11DeviceContext_ClearUnorderedAccessViewUint(s.ctx, uv, zero);
        ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(s.ctx, 1, &s.rtv, NULL, 1,
                                                                      1, &uv, NULL);
        if (geometry) {
            ID3D11DeviceContext_GSSetShader(s.ctx, (ID3D11GeometryShader *)sh, NULL, 0);
            put_points(&s, pts, 2);
            ID3D11DeviceContext_IASetPrimitiveTopology(s.ctx,
                                                       D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
            ID3D11DeviceContext_Draw(s.ctx, 2, 0);
            if (read_texels(s.dev, s.ctx, ut, 8, 1, px))
                ok(px[5] == 77 && !px[4] && !px[6], "%s: gs_uav's UAV: %u %u %u at 4..6",
                   name, px[4], px[5], px[6]);
        } else {
            ID3D11DeviceContext_VSSetShader(s.ctx, (ID3D11VertexShader *)sh, NULL, 0);
            clear(&s);
            draw_tri_color(&s, full, (const float[4]){0, 1, 0, 1});
            if (read_back(&s, px))
                check(px, "vs_uav's target", W / 2, H / 2, 0xff00ff00);
            if (read_texels(s.dev, s.ctx, ut, 8, 1, px))
                ok(px[0] == 100 && px[1] == 101 && px[2] == 102 && !px[3],
                   "%s: vs_uav's UAV: %u %u %u %u", name, px[0], px[1], px[2], px[3]);
        }
    }
out:
    {
        IUnknown *objs[] = {sh, (IUnknown *)uv, (IUnknown *)ut};
        release_all(objs, ARRAY_N(objs));
    }
    drop_scene(&s, name, "the 11_1 device");
    free(px);
}

/* Layered targets: a geometry shader sends the triangle to layers 0, 1 and
 * 2 of a 2D array (red, green, blue) through a render-target view of every
 * layer (no description) and a depth view of every layer of a depth array;
 * clears of such views fill each layer. */
/* Viewports by index: a geometry program sends the triangle to viewports
 * 0, 1 and 2 (gs_viewports_tokens: red, green, blue), set over the top
 * left, top right and bottom halves; indices past the count set draw
 * nothing, an index's scissor rectangle not set passes nothing, and a
 * draw without the program goes through viewport 0 alone. */
static void test_viewports(struct scene *s, const char *name)
{
    static uint8_t code[2048];
    static const FLOAT grey[4] = {0.5f, 0.5f, 0.5f, 1};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const D3D11_SO_DECLARATION_ENTRY so[1] = {{0, "SV_Position", 0, 0, 4, 0}};
    const D3D11_VIEWPORT vp[3] = {{0, 0, W / 2, H / 2, 0, 1},
                                  {W / 2, 0, W / 2, H / 2, 0, 1},
                                  {0, H / 2, W, H / 2, 0, 1}};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                TRUE, FALSE, FALSE};
    ID3D11GeometryShader *gs = NULL, *gs_so = NULL;
    ID3D11RasterizerState *scissored = NULL;
    D3D11_VIEWPORT back[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
    uint32_t *px = malloc(W * H * 4);
    struct vertex v[3];
    size_t n = dxbc_gs_build_any(gs_viewports_tokens, ARRAY_N(gs_viewports_tokens), code,
                                 sizeof(code), GS_OUT_VIEWPORT);
    HRESULT hr = n ? ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, &gs) : E_FAIL;

    if (hr == E_NOTIMPL && (getenv("NEREID_NO_MULTI_VIEWPORT") || getenv("NEREID_NO_GEOMETRY"))) {
        /* A device of one viewport: not done, with stream output too. */
        ok(!gs && ID3D11Device_CreateGeometryShaderWithStreamOutput(
                      s->dev, code, n, so, 1, NULL, 0, 0, NULL, &gs_so) == E_NOTIMPL &&
               !gs_so,
           "%s: one viewport: a geometry program writing the viewport index is not done",
           name);
        /* Viewports set past the first: a draw goes through the first. */
        for (int i = 0; i < 3; i++)
            v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 1, 1, 1, 1};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0,
                                              0);
        set_tint(s, 1, 1, 1, 1);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, grey);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 3, vp);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (px && read_back(s, px)) {
            check(px, "one viewport: three set", W / 8, H / 4, 0xffffffff);
            check(px, "one viewport: three set", W / 2, 3 * H / 4, 0xff808080);
        }
        skip("%s: viewports by index: the device has one", name);
        bind_scene(s, s->ctx);
        free(px);
        return;
    }
    ok(hr == S_OK && gs, "%s: a geometry program writing the viewport index (%#x)", name,
       (unsigned)hr);
    ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, code, n, so, 1, NULL, 0, 0,
                                                          NULL, &gs_so) == S_OK &&
           gs_so,
       "%s: and with stream output", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &scissored);
    if (!gs || !scissored || !px)
        goto out;
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 1, 1, 1, 1};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    set_tint(s, 1, 1, 1, 1);
    ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
    struct {
        UINT viewports, scissors; /* scissors: ~0u, none enabled */
        D3D11_RECT rect[2];
        uint32_t want[5]; /* top left, top right, bottom, left of top left's middle,
                             bottom of top right */
        const char *what;
    } cases[] = {
        {3, ~0u, {{0}}, {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffff0000, 0xff00ff00},
         "three viewports"},
        {2, ~0u, {{0}}, {0xffff0000, 0xff00ff00, 0xff808080, 0xffff0000, 0xff00ff00},
         "two viewports: index 2 draws nothing"},
        {2, 1, {{0, 0, W / 4, H / 2}},
         {0xffff0000, 0xff808080, 0xff808080, 0xff808080, 0xff808080},
         "two viewports, scissor 0 alone set"},
        {2, 2, {{0, 0, W / 4, H / 2}, {W / 2, 0, W, H / 4}},
         {0xffff0000, 0xff00ff00, 0xff808080, 0xff808080, 0xff808080},
         "two viewports and scissors"},
        {1, ~0u, {{0}}, {0xffff0000, 0xff808080, 0xff808080, 0xffff0000, 0xff808080},
         "one viewport"},
    };
    for (size_t c = 0; c < ARRAY_N(cases); c++) {
        char what[128];
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, grey);
        ID3D11DeviceContext_RSSetViewports(s->ctx, cases[c].viewports, vp);
        ID3D11DeviceContext_RSSetState(s->ctx, cases[c].scissors == ~0u ? NULL : scissored);
        if (cases[c].scissors != ~0u)
            ID3D11DeviceContext_RSSetScissorRects(s->ctx, cases[c].scissors, cases[c].rect);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (!read_back(s, px))
            break;
        snprintf(what, sizeof(what), "%s: %s", name, cases[c].what);
        check(px, what, W / 8, H / 4, cases[c].want[0]);
        check(px, what, 3 * W / 4, H / 8, cases[c].want[1]);
        check(px, what, W / 2, 3 * H / 4, cases[c].want[2]);
        check(px, what, 3 * W / 8, H / 4, cases[c].want[3]);
        check(px, what, 3 * W / 4, 3 * H / 8, cases[c].want[4]);
    }
    {
        /* RSGetViewports answers the count set; without the geometry
         * program a draw goes through viewport 0 alone. */
        UINT count = ARRAY_N(back);
        ID3D11DeviceContext_RSSetState(s->ctx, NULL);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 3, vp);
        ID3D11DeviceContext_RSGetViewports(s->ctx, &count, back);
        ok(count == 3 && back[2].TopLeftY == H / 2 && back[1].TopLeftX == W / 2 &&
               !back[3].Width,
           "%s: RSGetViewports answers the three set (%u)", name, count);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, grey);
        ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (read_back(s, px)) {
            check(px, "a draw without the viewport index", W / 8, H / 4, 0xffffffff);
            check(px, "a draw without the viewport index", 3 * W / 4, H / 8, 0xff808080);
            check(px, "a draw without the viewport index", W / 2, 3 * H / 4, 0xff808080);
        }
        /* and with it again right after one without (the command buffer
         * has had viewport 0 alone set since the read-back) */
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (read_back(s, px)) {
            check(px, "the viewport index after a draw without it", W / 8, H / 4, 0xffff0000);
            check(px, "the viewport index after a draw without it", 3 * W / 4, H / 8,
                  0xff00ff00);
            check(px, "the viewport index after a draw without it", W / 2, 3 * H / 4,
                  0xff0000ff);
        }
    }
out:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    {
        IUnknown *all[] = {(IUnknown *)gs, (IUnknown *)gs_so, (IUnknown *)scissored};
        release_all(all, ARRAY_N(all));
    }
    bind_scene(s, s->ctx);
    free(px);
}

static void test_layered(struct scene *s, const char *name)
{
    static uint8_t code[2048];
    size_t n;
    {
        /* A layer written by a vertex program (its output signature has
         * SV_RenderTargetArrayIndex; the program is a ret): without
         * D3D11_OPTIONS3's VPAndRTArrayIndexFromAnyShaderFeedingRasterizer,
         * which the device does not offer, E_INVALIDARG. */
        static const uint32_t vs_ret[] = {0x00010040, 0, 0x0100003e};
        D3D11_FEATURE_DATA_D3D11_OPTIONS3 o3 = {TRUE};
        ID3D11VertexShader *vs = NULL;
        n = dxbc_gs_build_any(vs_ret, ARRAY_N(vs_ret), code, sizeof(code), GS_OUT_LAYERED);
        ok(ID3D11Device_CheckFeatureSupport(s->dev, D3D11_FEATURE_D3D11_OPTIONS3, &o3,
                                            sizeof(o3)) == S_OK &&
               !o3.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer,
           "%s: no layer from a vertex shader", name);
        ok(n && ID3D11Device_CreateVertexShader(s->dev, code, n, NULL, &vs) == E_INVALIDARG &&
               !vs,
           "%s: a vertex program writing the layer is refused", name);
    }
    n = dxbc_gs_build_layered(code, sizeof(code));
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_TEXTURE2D_DESC dd = {W, H, 1, 3, DXGI_FORMAT_D32_FLOAT, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                FALSE, FALSE, FALSE};
    static const FLOAT grey[4] = {0.5f, 0.5f, 0.5f, 1};
    static const uint32_t want[3] = {0xffff0000, 0xff00ff00, 0xff0000ff};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    ID3D11Texture2D *arr = NULL, *depth = NULL;
    ID3D11RenderTargetView *rtv = NULL, *one = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11GeometryShader *gs = NULL;
    ID3D11RasterizerState *rs = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC got;
    uint32_t *px = malloc(W * H * 4);
    struct vertex v[3];

    ok(n > 0, "%s: the layered geometry program assembled", name);
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &arr);
    ID3D11Device_CreateTexture2D(s->dev, &dd, NULL, &depth);
    if (arr)
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, NULL, &rtv) ==
               S_OK,
           "%s: a render-target view of every layer", name);
    if (depth)
        ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, NULL, &dsv) ==
               S_OK,
           "%s: a depth-stencil view of every layer", name);
    if (ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, &gs) == E_NOTIMPL &&
        getenv("NEREID_NO_GEOMETRY")) {
        skip("%s: layered targets: the device has no geometry shaders", name);
        goto out;
    }
    ok(gs != NULL, "%s: the layered geometry shader", name);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &rs);
    if (!rtv || !dsv || !gs || !rs || !px)
        goto out;
    ID3D11RenderTargetView_GetDesc(rtv, &got);
    ok(got.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY &&
           got.Texture2DArray.FirstArraySlice == 0 && got.Texture2DArray.ArraySize == 3 &&
           got.Format == DXGI_FORMAT_R8G8B8A8_UNORM,
       "%s: the whole array's view is TEXTURE2DARRAY 0+3 (%u, %u+%u)", name, got.ViewDimension,
       got.Texture2DArray.FirstArraySlice, got.Texture2DArray.ArraySize);
    {
        /* Layers 1 and 2 alone: a layered view of two. */
        D3D11_RENDER_TARGET_VIEW_DESC two = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                             D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
        two.Texture2DArray.FirstArraySlice = 1;
        two.Texture2DArray.ArraySize = 2;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &two, &one) ==
               S_OK,
           "%s: a view of layers 1 and 2", name);
        {
            /* An array size of -1: from the first layer to the last. */
            D3D11_RENDER_TARGET_VIEW_DESC rest = two, back;
            ID3D11RenderTargetView *rv = NULL;
            rest.Texture2DArray.ArraySize = (UINT)-1;
            if (ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &rest,
                                                       &rv) == S_OK,
                   "%s: a view of layers 1 to the last", name)) {
                ID3D11RenderTargetView_GetDesc(rv, &back);
                ok(back.Texture2DArray.FirstArraySlice == 1 &&
                       back.Texture2DArray.ArraySize == 2,
                   "%s: it is of layers 1+2 (%u+%u)", name, back.Texture2DArray.FirstArraySlice,
                   back.Texture2DArray.ArraySize);
                ID3D11RenderTargetView_Release(rv);
            }
        }
        two.Texture2DArray.ArraySize = 3;
        ID3D11RenderTargetView *bad = NULL;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &two, &bad) ==
                   E_INVALIDARG && !bad,
           "%s: a view past the last layer is refused", name);
    }
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 1, 1, 1, 1};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, grey);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.6f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, rs);
    ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
    set_tint(s, 1, 1, 1, 1);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0); /* depth 0.5 < 0.6: drawn in every layer */
    /* Depth cleared to 0.4 in every layer: the same draw in black fails
     * the test everywhere. */
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 0.4f, 0);
    set_tint(s, 0, 0, 0, 1);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    for (UINT l = 0; l < 3; l++) {
        char what[96];
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)s->target, 0, 0,
                                                  0, 0, (ID3D11Resource *)arr, l, NULL);
        if (!read_back(s, px))
            break;
        snprintf(what, sizeof(what), "%s: layer %u of a layered target", name, l);
        check(px, what, W / 2, H / 2, want[l]);
    }
    /* A clear of layers 1 and 2. */
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, one, grey);
    for (UINT l = 0; l < 3; l++) {
        char what[96];
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)s->target, 0, 0,
                                                  0, 0, (ID3D11Resource *)arr, l, NULL);
        if (!read_back(s, px))
            break;
        snprintf(what, sizeof(what), "%s: layer %u after a clear of layers 1-2", name, l);
        check(px, what, W / 2, H / 2, l ? 0xff808080 : want[0]);
    }
    {
        /* Multisampled dimensions of one-sample textures (D3D11 makes
         * them: level 0 of the layers named): layers 2 to the last of the
         * array cleared red, layer 0 of the depth array, the scene's
         * target as a Texture2DMS. */
        const float red[4] = {1, 0, 0, 1};
        D3D11_RENDER_TARGET_VIEW_DESC md = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY};
        D3D11_DEPTH_STENCIL_VIEW_DESC mdd = {DXGI_FORMAT_UNKNOWN,
                                             D3D11_DSV_DIMENSION_TEXTURE2DMS, 0};
        D3D11_RENDER_TARGET_VIEW_DESC back;
        D3D11_DEPTH_STENCIL_VIEW_DESC dback;
        ID3D11RenderTargetView *mv = NULL, *tv = NULL;
        ID3D11DepthStencilView *mdv = NULL;
        md.Texture2DMSArray.FirstArraySlice = 2;
        md.Texture2DMSArray.ArraySize = (UINT)-1;
        if (ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &md, &mv) ==
                   S_OK,
               "%s: a Texture2DMSArray view of a one-sample array", name)) {
            ID3D11RenderTargetView_GetDesc(mv, &back);
            ok(back.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY &&
                   back.Texture2DMSArray.FirstArraySlice == 2 &&
                   back.Texture2DMSArray.ArraySize == 1,
               "%s: it answers Texture2DMSArray 2+1 (%u, %u+%u)", name, back.ViewDimension,
               back.Texture2DMSArray.FirstArraySlice, back.Texture2DMSArray.ArraySize);
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, mv, red);
            for (UINT l = 0; l < 3; l++) {
                char what[96];
                ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)s->target,
                                                          0, 0, 0, 0, (ID3D11Resource *)arr, l,
                                                          NULL);
                if (!read_back(s, px))
                    break;
                snprintf(what, sizeof(what), "%s: layer %u after a clear of the MS view", name,
                         l);
                check(px, what, W / 2, H / 2,
                      l == 2 ? 0xffff0000 : l ? 0xff808080 : want[0]);
            }
        }
        md.Texture2DMSArray.FirstArraySlice = 3;
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &md, NULL) ==
               E_INVALIDARG,
           "%s: and none past the last layer", name);
        if (ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &mdd,
                                                   &mdv) == S_OK,
               "%s: a Texture2DMS depth view of a one-sample array", name)) {
            ID3D11DepthStencilView_GetDesc(mdv, &dback);
            ok(dback.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMS &&
                   dback.Format == DXGI_FORMAT_D32_FLOAT,
               "%s: it answers Texture2DMS (%u, %u)", name, dback.ViewDimension, dback.Format);
        }
        md.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
        if (ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, &md,
                                                   &tv) == S_OK,
               "%s: a Texture2DMS view of a one-sample target", name)) {
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, tv, red);
            if (read_back(s, px))
                check(px, "a clear through the Texture2DMS view", 3, 3, 0xffff0000);
        }
        {
            /* A Texture2DArray view of a texture of one layer: layer 0. */
            D3D11_RENDER_TARGET_VIEW_DESC ad = {DXGI_FORMAT_UNKNOWN,
                                                D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
            ID3D11RenderTargetView *av = NULL;
            ad.Texture2DArray.ArraySize = 1;
            if (ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target,
                                                       &ad, &av) == S_OK,
                   "%s: a Texture2DArray view of a one-layer target", name)) {
                ID3D11RenderTargetView_GetDesc(av, &back);
                ok(back.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY &&
                       back.Texture2DArray.ArraySize == 1,
                   "%s: it answers Texture2DArray 0+1 (%u)", name, back.ViewDimension);
                ID3D11DeviceContext_ClearRenderTargetView(s->ctx, av, grey);
                if (read_back(s, px))
                    check(px, "a clear through the Texture2DArray view", 3, 3, 0xff808080);
                ID3D11RenderTargetView_Release(av);
            }
            ad.Texture2DArray.FirstArraySlice = 1;
            ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)s->target, &ad,
                                                   NULL) == E_INVALIDARG,
               "%s: and none of its layer 1", name);
        }
        {
            /* A Texture2D view of an array: its layer 0 (render target and
             * depth). */
            D3D11_RENDER_TARGET_VIEW_DESC pd = {DXGI_FORMAT_UNKNOWN,
                                                D3D11_RTV_DIMENSION_TEXTURE2D};
            D3D11_DEPTH_STENCIL_VIEW_DESC pdd = {DXGI_FORMAT_UNKNOWN,
                                                 D3D11_DSV_DIMENSION_TEXTURE2D, 0};
            ID3D11RenderTargetView *pv = NULL;
            ID3D11DepthStencilView *pdv = NULL;
            if (ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)arr, &pd,
                                                       &pv) == S_OK,
                   "%s: a Texture2D view of an array", name)) {
                ID3D11RenderTargetView_GetDesc(pv, &back);
                ok(back.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D &&
                       !back.Texture2D.MipSlice,
                   "%s: it answers Texture2D (%u)", name, back.ViewDimension);
                ID3D11DeviceContext_ClearRenderTargetView(s->ctx, pv, grey);
                for (UINT l = 0; l < 3; l += 2) {
                    char what[96];
                    ID3D11DeviceContext_CopySubresourceRegion(
                        s->ctx, (ID3D11Resource *)s->target, 0, 0, 0, 0, (ID3D11Resource *)arr,
                        l, NULL);
                    if (!read_back(s, px))
                        break;
                    snprintf(what, sizeof(what), "%s: layer %u after a clear of the 2D view",
                             name, l);
                    check(px, what, W / 2, H / 2, l ? 0xffff0000 : 0xff808080);
                }
                ID3D11RenderTargetView_Release(pv);
            }
            if (ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &pdd,
                                                       &pdv) == S_OK,
                   "%s: a Texture2D depth view of an array", name)) {
                ID3D11DepthStencilView_GetDesc(pdv, &dback);
                ok(dback.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2D,
                   "%s: it answers Texture2D (%u)", name, dback.ViewDimension);
                ID3D11DepthStencilView_Release(pdv);
            }
        }
        {
            /* A shader-resource view's array size of -1: to the last. */
            D3D11_TEXTURE2D_DESC sd = {4, 4, 1, 3, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                       D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
            D3D11_SHADER_RESOURCE_VIEW_DESC svd = {DXGI_FORMAT_UNKNOWN,
                                                   D3D11_SRV_DIMENSION_TEXTURE2DARRAY};
            D3D11_SHADER_RESOURCE_VIEW_DESC sback;
            ID3D11Texture2D *st = NULL;
            ID3D11ShaderResourceView *sv = NULL;
            svd.Texture2DArray.MipLevels = (UINT)-1;
            svd.Texture2DArray.FirstArraySlice = 1;
            svd.Texture2DArray.ArraySize = (UINT)-1;
            ID3D11Device_CreateTexture2D(s->dev, &sd, NULL, &st);
            if (ok(st && ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)st,
                                                               &svd, &sv) == S_OK,
                   "%s: a Texture2DArray SRV of layers 1 to the last", name)) {
                ID3D11ShaderResourceView_GetDesc(sv, &sback);
                ok(sback.Texture2DArray.FirstArraySlice == 1 &&
                       sback.Texture2DArray.ArraySize == 2 && sback.Texture2DArray.MipLevels == 1,
                   "%s: it answers layers 1+2 (%u+%u)", name,
                   sback.Texture2DArray.FirstArraySlice, sback.Texture2DArray.ArraySize);
            }
            IUnknown *sall[] = {(IUnknown *)sv, (IUnknown *)st};
            release_all(sall, ARRAY_N(sall));
        }
        IUnknown *all[] = {(IUnknown *)mv, (IUnknown *)tv, (IUnknown *)mdv};
        release_all(all, ARRAY_N(all));
    }
    /* A volume's slices as the layers: a view of all three, drawn by
     * the same program, read through a STAGING volume. */
    {
        D3D11_TEXTURE3D_DESC vd = {W, H, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_RENDER_TARGET, 0, 0};
        ID3D11Texture3D *vol = NULL, *st = NULL;
        ID3D11RenderTargetView *vrtv = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        ID3D11Device_CreateTexture3D(s->dev, &vd, NULL, &vol);
        vd.Usage = D3D11_USAGE_STAGING;
        vd.BindFlags = 0;
        vd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture3D(s->dev, &vd, NULL, &st);
        if (vol)
            ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)vol, NULL, &vrtv);
        if (ok(vol && st && vrtv, "%s: a volume's view of every slice", name)) {
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, vrtv, grey);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &vrtv, NULL);
            set_tint(s, 1, 1, 1, 1);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st,
                                             (ID3D11Resource *)vol);
            if (ok(ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK,
                   "%s: Map of the staging volume", name)) {
                for (UINT l = 0; l < 3; l++) {
                    const uint8_t *p = (const uint8_t *)m.pData + (size_t)l * m.DepthPitch +
                                       (size_t)(H / 2) * m.RowPitch + (W / 2) * 4;
                    uint32_t c = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 |
                                 (uint32_t)p[1] << 8 | p[2];
                    ok(e2e_color_near(c, want[l], 2), "%s: slice %u of a layered volume: %08x",
                       name, l, c);
                }
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
            }
        }
        IUnknown *all[] = {(IUnknown *)vrtv, (IUnknown *)vol, (IUnknown *)st};
        release_all(all, ARRAY_N(all));
    }
out:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 0, NULL, NULL);
    bind_scene(s, s->ctx);
    {
        IUnknown *all[] = {(IUnknown *)arr, (IUnknown *)depth, (IUnknown *)rtv, (IUnknown *)one,
                           (IUnknown *)dsv, (IUnknown *)gs, (IUnknown *)rs};
        release_all(all, ARRAY_N(all));
    }
    free(px);
}

/* What the texture-reading programs of the geometry, hull and domain
 * stages (dxbc_gs.h's gs_tex_tokens, dxbc_tess.h's hs/ds_tex_tokens) read:
 * t1 a 2x2 texture whose texel (0, 1) is orange and (1, 1) cyan, t0 a
 * green one (never read), s2 a sampler that wraps (or clamps: `clamp`),
 * s0 and s1 ones that clamp.  Read at (1.25, 0.75): orange through s2 as
 * it wraps, cyan as it clamps, zero with t1 unbound. */
#define STAGE_TEX_ORANGE 0xffff8000u
#define STAGE_TEX_CYAN 0xff00ffffu
struct stage_tex {
    ID3D11Texture2D *tex[2];
    ID3D11ShaderResourceView *srv[2];
    ID3D11SamplerState *wrap, *clamp;
};

static bool stage_tex_make(struct scene *s, struct stage_tex *st, const char *name)
{
    static const uint32_t texels[4] = {0xff000000, 0xffffffff, 0xff0080ff, 0xffffff00};
    static const uint32_t green = 0xff00ff00;
    D3D11_TEXTURE2D_DESC td = {2, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {texels, 8, 0}, init0 = {&green, 4, 0};
    D3D11_SAMPLER_DESC sd = {D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_CLAMP,
                             D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP, 0, 1,
                             D3D11_COMPARISON_NEVER, {0, 0, 0, 0}, 0, 3.402823466e+38f};
    bool good;
    memset(st, 0, sizeof(*st));
    good = ID3D11Device_CreateTexture2D(s->dev, &td, &init, &st->tex[1]) == S_OK &&
           ID3D11Device_CreateSamplerState(s->dev, &sd, &st->clamp) == S_OK;
    td.Width = td.Height = 1;
    good = good && ID3D11Device_CreateTexture2D(s->dev, &td, &init0, &st->tex[0]) == S_OK;
    sd.AddressU = sd.AddressV = sd.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
    good = good && ID3D11Device_CreateSamplerState(s->dev, &sd, &st->wrap) == S_OK;
    for (int i = 0; i < 2 && good; i++)
        good = ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)st->tex[i],
                                                     NULL, &st->srv[i]) == S_OK;
    return ok(good, "%s: the other stages' texture, views and samplers", name);
}

/* Binds them to a stage (D3D11's GS, HS or DS setters). */
static void stage_tex_bind(struct scene *s, char stage, const struct stage_tex *st, bool clamp)
{
    ID3D11SamplerState *smp[3] = {st->clamp, st->clamp, clamp ? st->clamp : st->wrap};
    ID3D11ShaderResourceView *const *srv = st->srv;
    if (stage == 'G') {
        ID3D11DeviceContext_GSSetShaderResources(s->ctx, 0, 2, srv);
        ID3D11DeviceContext_GSSetSamplers(s->ctx, 0, 3, smp);
    } else if (stage == 'H') {
        ID3D11DeviceContext_HSSetShaderResources(s->ctx, 0, 2, srv);
        ID3D11DeviceContext_HSSetSamplers(s->ctx, 0, 3, smp);
    } else {
        ID3D11DeviceContext_DSSetShaderResources(s->ctx, 0, 2, srv);
        ID3D11DeviceContext_DSSetSamplers(s->ctx, 0, 3, smp);
    }
}

static void stage_tex_release(struct stage_tex *st)
{
    IUnknown *all[] = {(IUnknown *)st->tex[0], (IUnknown *)st->tex[1], (IUnknown *)st->srv[0],
                       (IUnknown *)st->srv[1], (IUnknown *)st->wrap, (IUnknown *)st->clamp};
    release_all(all, ARRAY_N(all));
}

/* A geometry shader that makes each point a square (its half size in its
 * own constant buffer, b0 of the geometry stage), pixels checked; the GS
 * setters and getters; refusals. */
/* Points through the vertex and pixel shaders alone, a pixel each: the
 * server's vertex module writes the point size Vulkan asks of a pipeline
 * drawing points without a geometry stage (without it the pipeline is
 * invalid, which the validation runs report). */
/* A vertex program reading an input by a relative index (vs_rel_tokens:
 * COLOR is TEXCOORD[cb0[0].x] of TEXCOORD0..2), which vkd3d-shader 1.2
 * reads as TEXCOORD1 whatever the index: the server rewrites the program
 * to read a copy (dxbc_relative_inputs).  The triangle over the target
 * takes each texture coordinate's colour in turn. */
static void test_relative_input(struct scene *s, const char *name)
{
    static const D3D11_INPUT_ELEMENT_DESC el[4] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 28, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"TEXCOORD", 2, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 44, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static const uint32_t want[3] = {0xffff0000, 0xff00ff00, 0xffffffff};
    struct rel_vertex {
        float pos[3], tc[3][4];
    } v[3];
    const float corner[3][2] = {{-1, -1}, {-1, 3}, {3, -1}};
    static uint8_t code[1024];
    size_t n = dxbc_vs_rel_build(code, sizeof(code));
    D3D11_BUFFER_DESC vbd = {sizeof(v), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {v, 0, 0};
    ID3D11VertexShader *vs = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *cb = NULL;
    const UINT stride = sizeof(struct rel_vertex), zero = 0, vstride = sizeof(struct vertex);
    uint32_t *px = malloc(W * H * 4);

    for (int i = 0; i < 3; i++) {
        v[i] = (struct rel_vertex){{corner[i][0], corner[i][1], 0.5f},
                                   {{1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 1, 1}}};
    }
    ok(n && px && ID3D11Device_CreateVertexShader(s->dev, code, n, NULL, &vs) == S_OK &&
           ID3D11Device_CreateInputLayout(s->dev, el, 4, code, n, &layout) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &vbd, &init, &vb) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &cbd, NULL, &cb) == S_OK,
       "%s: a vertex program reading an input by a relative index", name);
    if (!vs || !layout || !vb || !cb || !px)
        goto done;
    set_tint(s, 1, 1, 1, 1);
    ID3D11DeviceContext_VSSetShader(s->ctx, vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(s->ctx, 0, 1, &cb);
    ID3D11DeviceContext_IASetInputLayout(s->ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &stride, &zero);
    for (uint32_t index = 0; index < 3; index++) {
        const uint32_t cbv[4] = {index, 0, 0, 0};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, cbv, 0, 0);
        clear(s);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        if (read_back(s, px))
            ok(px[(H / 2) * W + W / 2] == want[index],
               "%s: TEXCOORD[%u]'s colour: %#x, want %#x", name, index,
               px[(H / 2) * W + W / 2], want[index]);
    }
done:
    ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_VSSetConstantBuffers(s->ctx, 0, 1, (ID3D11Buffer *[]){NULL});
    ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &vstride, &zero);
    IUnknown *all[] = {(IUnknown *)vs, (IUnknown *)layout, (IUnknown *)vb, (IUnknown *)cb};
    release_all(all, ARRAY_N(all));
    free(px);
}

static void test_points(struct scene *s, const char *name)
{
    const struct vertex pts[2] = {
        {10.5f / W * 2 - 1, 1 - 20.5f / H * 2, 0.5f, 0, 1, 0, 1},
        {41.5f / W * 2 - 1, 1 - 7.5f / H * 2, 0.5f, 0, 1, 0, 1},
    };
    uint32_t *px = malloc(W * H * 4);
    (void)name;
    set_tint(s, 1, 1, 1, 1);
    clear(s);
    put_points(s, pts, 2);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_Draw(s->ctx, 2, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    if (px && read_back(s, px)) {
        check(px, "a point's pixel", 10, 20, 0xff00ff00);
        check(px, "another point's pixel", 41, 7, 0xff00ff00);
        check(px, "beside a point", 11, 20, 0xff0000ff);
        check(px, "below a point", 41, 8, 0xff0000ff);
    }
    free(px);
}

/* A geometry program vkd3d-shader 1.2 asserts on (an input declared with
 * a relative index, which the checks before it do not refuse): a server
 * of its own translates in its translator process (server/translator.c),
 * which dies; the shader's draws are dropped, the device is not lost and
 * draws on.  (An inproc server translates in the application's process:
 * not tried there.) */
static void test_translator_crash(struct scene *s, const char *name)
{
    static uint8_t code[2048];
    uint32_t t[ARRAY_N(gs_pair_tokens)];
    const struct vertex pt = {10.5f / W * 2 - 1, 1 - 20.5f / H * 2, 0.5f, 0, 1, 0, 1};
    ID3D11GeometryShader *gs = NULL;
    uint32_t *px = malloc(W * H * 4);
    size_t n;

    /* (A device without geometry shaders: test_geometry's refusals.) */
    if (!strcmp(name, "inproc") || !px || getenv("NEREID_NO_GEOMETRY")) {
        free(px);
        return;
    }
    memcpy(t, gs_pair_tokens, sizeof(t));
    for (size_t k = 2; k + 2 < ARRAY_N(t); k++)
        if (t[k] == GS_INSN(0x61, 5)) {
            t[k + 1] = 0xc52010f2u; /* v[][relative], an extended operand token next */
            t[k + 2] = 2;
            break;
        }
    n = gs_code(t, ARRAY_N(t), code, sizeof(code));
    ok(ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, &gs) == S_OK && gs,
       "%s: a geometry program the translator dies on is made", name);
    set_tint(s, 1, 1, 1, 1);
    clear(s);
    put_points(s, &pt, 1);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
    ID3D11DeviceContext_Draw(s->ctx, 1, 0);
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    if (read_back(s, px))
        check(px, "the dropped draw's pixel", 10, 20, 0xff0000ff);
    ID3D11DeviceContext_Draw(s->ctx, 1, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ok(ID3D11Device_GetDeviceRemovedReason(s->dev) == S_OK, "%s: the device is not lost",
       name);
    if (read_back(s, px))
        check(px, "the next draw's pixel", 10, 20, 0xff00ff00);
    if (gs)
        ID3D11GeometryShader_Release(gs);
    free(px);
}

static void test_geometry(struct scene *s, const char *name)
{
    static uint8_t code[2048];
    size_t n = gs_code(gs_quad_tokens, ARRAY_N(gs_quad_tokens), code, sizeof(code));
    static const struct vertex pts[2] = {{-0.5f, 0.5f, 0.5f, 1, 0, 0, 1},
                                         {0.5f, -0.5f, 0.5f, 0, 1, 0, 1}};
    const float half[4] = {0.25f, 0.25f, 0, 0}, big[4] = {0.5f, 0.5f, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {half, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                FALSE, FALSE, FALSE};
    ID3D11GeometryShader *gs = NULL, *got = NULL;
    ID3D11Buffer *cb = NULL, *got_cb = NULL;
    ID3D11RasterizerState *rs = NULL;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    hr = ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, &gs);
    if (hr == E_NOTIMPL && getenv("NEREID_NO_GEOMETRY")) {
        /* A device without geometry shaders (NEREID_NO_GEOMETRY=1 on the
         * server): refused cleanly. */
        ok(!gs, "%s: no geometry shader on a device without them", name);
        skip("%s: the device has no geometry shaders", name);
        free(px);
        return;
    }
    ok(hr == S_OK && gs, "%s: CreateGeometryShader: %#x", name, (unsigned)hr);
    ok(ID3D11Device_CreateGeometryShader(s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL,
                                         &got) == E_INVALIDARG && !got,
       "%s: a vertex program is no geometry shader", name);
    ok(ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, NULL) == S_FALSE,
       "%s: validation without an output is S_FALSE", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &cbd, &init, &cb) == S_OK, "%s: GS constants", name);
    ok(ID3D11Device_CreateRasterizerState(s->dev, &rd, &rs) == S_OK, "%s: no culling", name);
    if (!gs || !cb || !rs || !px)
        goto done;
    ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
    ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 1, &cb);
    ID3D11DeviceContext_GSGetShader(s->ctx, &got, NULL, NULL);
    ok(got == gs, "%s: GSGetShader", name);
    if (got)
        ID3D11GeometryShader_Release(got);
    ID3D11DeviceContext_GSGetConstantBuffers(s->ctx, 0, 1, &got_cb);
    ok(got_cb == cb, "%s: GSGetConstantBuffers", name);
    if (got_cb)
        ID3D11Buffer_Release(got_cb);
    ID3D11DeviceContext_RSSetState(s->ctx, rs);
    set_tint(s, 1, 1, 1, 1);
    clear(s);
    put_points(s, pts, 2);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    {
        /* Pipeline statistics of the geometry stage: one invocation a
         * point, a strip of two triangles out of each. */
        D3D11_QUERY_DESC qd = {D3D11_QUERY_PIPELINE_STATISTICS, 0};
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        ID3D11Query *q = NULL;
        if (ID3D11Device_CreateQuery(s->dev, &qd, &q) == S_OK) {
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_Draw(s->ctx, 2, 0);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
            memset(&st, 0xa5, sizeof(st));
            ok(wait_data(s, q, &st, sizeof(st)) == S_OK, "%s: the GS draw's statistics", name);
            ok(st.IAVertices == 2 && st.IAPrimitives == 2 && st.VSInvocations >= 2 &&
                   st.VSInvocations <= 8,
               "%s: 2 points: IA %llu %llu, VS %llu", name, (unsigned long long)st.IAVertices,
               (unsigned long long)st.IAPrimitives, (unsigned long long)st.VSInvocations);
            ok(st.GSInvocations == 2 && st.GSPrimitives == 4 && st.CInvocations == 4,
               "%s: GSInvocations %llu (2), GSPrimitives %llu (4), CInvocations %llu (4)", name,
               (unsigned long long)st.GSInvocations, (unsigned long long)st.GSPrimitives,
               (unsigned long long)st.CInvocations);
            ok(st.PSInvocations >= 2 * 16 * 16 && st.PSInvocations <= 2 * 16 * 16 * 5 / 4 &&
                   !st.CSInvocations && !st.HSInvocations && !st.DSInvocations,
               "%s: PSInvocations %llu (two squares of 16x16)", name,
               (unsigned long long)st.PSInvocations);
            ID3D11Query_Release(q);
        } else {
            ID3D11DeviceContext_Draw(s->ctx, 2, 0);
        }
    }
    if (read_back(s, px)) {
        /* (-0.5, 0.5) is pixel (16, 16); a half size of 0.25 is 8 pixels. */
        check(px, "square of the first point", 16, 16, 0xffff0000);
        check(px, "its corner", 9, 9, 0xffff0000);
        check(px, "its other corner", 22, 22, 0xffff0000);
        check(px, "past its side", 25, 16, 0xff0000ff);
        check(px, "square of the second point", 48, 48, 0xff00ff00);
        check(px, "between them", 32, 32, 0xff0000ff);
        check(px, "far corner", 60, 3, 0xff0000ff);
    }
    /* The geometry stage's constants change between draws. */
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, big, 0, 0);
    clear(s);
    ID3D11DeviceContext_Draw(s->ctx, 1, 0);
    if (read_back(s, px)) {
        check(px, "a larger square", 2, 2, 0xffff0000);
        check(px, "to its edge", 31, 31, 0xffff0000);
        check(px, "and not past it", 33, 33, 0xff0000ff);
    }
    /* The same program reading its size from cb1 (D3D11's b1..b4 of the
     * geometry stage): the small size bound at b1, the large one still at
     * b0. */
    {
        static uint32_t tokens[ARRAY_N(gs_quad_tokens)];
        static uint8_t code1[2048];
        const uint32_t cb_opnd = GS_SWZ_XYZW | GS_OP_TYPE(8) | GS_OP_DIM(2);
        ID3D11GeometryShader *gs1 = NULL;
        ID3D11Buffer *small = NULL;
        D3D11_SUBRESOURCE_DATA hinit = {half, 0, 0};
        size_t n1;
        int patched = 0;
        memcpy(tokens, gs_quad_tokens, sizeof(tokens));
        /* Every cb0 operand (the declaration's and the mads') becomes cb1. */
        for (size_t k = 0; k + 1 < ARRAY_N(tokens); k++)
            if (tokens[k] == cb_opnd && tokens[k + 1] == 0)
                tokens[k + 1] = 1, patched++;
        n1 = gs_code(tokens, ARRAY_N(tokens), code1, sizeof(code1));
        ok(patched == 5 && ID3D11Device_CreateGeometryShader(s->dev, code1, n1, NULL, &gs1) ==
                               S_OK,
           "%s: a geometry shader reading cb1 (%d operands)", name, patched);
        ID3D11Device_CreateBuffer(s->dev, &cbd, &hinit, &small);
        if (gs1 && small) {
            ID3D11Buffer *none = NULL;
            ID3D11DeviceContext_GSSetShader(s->ctx, gs1, NULL, 0);
            ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 1, 1, &small);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 2, 0);
            if (read_back(s, px)) {
                check(px, "cb1: square of the first point", 16, 16, 0xffff0000);
                check(px, "cb1: past its side", 25, 16, 0xff0000ff);
                check(px, "cb1: square of the second point", 48, 48, 0xff00ff00);
                check(px, "cb1: between them", 32, 32, 0xff0000ff);
            }
            ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 1, 1, &none);
        }
        IUnknown *objs[] = {(IUnknown *)gs1, (IUnknown *)small};
        release_all(objs, ARRAY_N(objs));
    }
    /* A geometry shader sampling a texture (t1 through s2): the squares in
     * the texel's colour; the sampler and the view change between draws. */
    {
        static uint8_t tcode[2048];
        size_t tn = gs_code(gs_tex_tokens, ARRAY_N(gs_tex_tokens), tcode, sizeof(tcode));
        ID3D11GeometryShader *gst = NULL;
        ID3D11ShaderResourceView *none = NULL;
        struct stage_tex st;
        hr = ID3D11Device_CreateGeometryShader(s->dev, tcode, tn, NULL, &gst);
        ok(hr == S_OK && gst, "%s: a geometry shader sampling a texture: %#x", name,
           (unsigned)hr);
        if (stage_tex_make(s, &st, name) && gst) {
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, half,
                                                  0, 0);
            ID3D11DeviceContext_GSSetShader(s->ctx, gst, NULL, 0);
            stage_tex_bind(s, 'G', &st, false);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 2, 0);
            stage_tex_bind(s, 'G', &st, true);
            ID3D11DeviceContext_Draw(s->ctx, 1, 1);
            if (read_back(s, px)) {
                check(px, "GS texture, wrapping: the first square", 16, 16, STAGE_TEX_ORANGE);
                check(px, "GS texture, clamping: the second square", 48, 48, STAGE_TEX_CYAN);
                check(px, "GS texture: between them", 32, 32, 0xff0000ff);
            }
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 1, 1, &none);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 1, 0);
            if (read_back(s, px))
                check(px, "GS texture unbound: zeros", 16, 16, 0);
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 0, 1, &none);
            ID3D11DeviceContext_GSSetSamplers(s->ctx, 0, 1, &(ID3D11SamplerState *){NULL});
        }
        stage_tex_release(&st);
        if (gst)
            ID3D11GeometryShader_Release(gst);
    }
    /* A geometry shader reading a buffer (t1, a Buffer<float4>: element 2
     * of the view): the view's first element changes between draws, and
     * unbound it reads zeros. */
    {
        static uint8_t bcode[2048];
        static const float el[4][4] = {{0, 0, 0, 1}, {0, 1, 0, 1}, {1, 0, 1, 1}, {1, 1, 0, 1}};
        size_t bn = gs_code(gs_buf_tokens, ARRAY_N(gs_buf_tokens), bcode, sizeof(bcode));
        D3D11_BUFFER_DESC bd = {sizeof(el), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                0, 0, 0};
        D3D11_SUBRESOURCE_DATA bi = {el, 0, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC vd = {.Format = DXGI_FORMAT_R32G32B32A32_FLOAT,
                                              .ViewDimension = D3D11_SRV_DIMENSION_BUFFER};
        ID3D11GeometryShader *gsb = NULL;
        ID3D11Buffer *buf = NULL;
        ID3D11ShaderResourceView *v0 = NULL, *v1 = NULL, *none = NULL;
        hr = ID3D11Device_CreateGeometryShader(s->dev, bcode, bn, NULL, &gsb);
        ok(hr == S_OK && gsb, "%s: a geometry shader reading a buffer: %#x", name,
           (unsigned)hr);
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, &bi, &buf) == S_OK, "%s: GS buffer", name);
        vd.Buffer.FirstElement = 0;
        vd.Buffer.NumElements = 4;
        if (buf)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)buf, &vd, &v0);
        vd.Buffer.FirstElement = 1;
        vd.Buffer.NumElements = 3;
        if (buf)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)buf, &vd, &v1);
        ok(v0 && v1, "%s: views of the GS buffer", name);
        if (gsb && v0 && v1) {
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, half,
                                                  0, 0);
            ID3D11DeviceContext_GSSetShader(s->ctx, gsb, NULL, 0);
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 1, 1, &v0);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 1, 0);
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 1, 1, &v1);
            ID3D11DeviceContext_Draw(s->ctx, 1, 1);
            if (read_back(s, px)) {
                check(px, "GS buffer: element 2, the first square", 16, 16, 0xffff00ff);
                check(px, "GS buffer, a view from element 1: the second square", 48, 48,
                      0xffffff00);
                check(px, "GS buffer: between them", 32, 32, 0xff0000ff);
            }
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 1, 1, &none);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 1, 0);
            if (read_back(s, px))
                check(px, "GS buffer unbound: zeros", 16, 16, 0);
        }
        IUnknown *objs[] = {(IUnknown *)gsb, (IUnknown *)buf, (IUnknown *)v0, (IUnknown *)v1};
        release_all(objs, ARRAY_N(objs));
    }
done:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)gs, (IUnknown *)cb, (IUnknown *)rs};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* Alpha to coverage on a single-sample target: a fragment of alpha 0
 * covers no sample and writes nothing, one of alpha 1 covers it (as
 * blending off would write it); in between, coverage only grows with
 * alpha. */
static void test_alpha_to_coverage(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const float left[6] = {-1, 1, 0, 1, -1, -1}, right[6] = {0, 1, 1, 1, 1, -1};
    D3D11_BLEND_DESC bd = {0}, got;
    ID3D11BlendState *bs = NULL;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    bd.AlphaToCoverageEnable = TRUE;
    bd.RenderTarget[0].SrcBlend = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlend = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    bd.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    bd.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    bd.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    hr = ID3D11Device_CreateBlendState(s->dev, &bd, &bs);
    if (!ok(hr == S_OK && bs, "%s: a blend state with alpha to coverage: %#x", name,
            (unsigned)hr) || !px)
        goto out;
    ID3D11BlendState_GetDesc(bs, &got);
    ok(got.AlphaToCoverageEnable == TRUE, "%s: its GetDesc keeps it", name);
    set_tint(s, 1, 1, 1, 1);
    ID3D11DeviceContext_OMSetBlendState(s->ctx, bs, NULL, 0xffffffffu);
    clear(s);
    draw_tri_color(s, full, (const float[4]){1, 0, 0, 0});
    if (read_back(s, px))
        check(px, "alpha 0 covers nothing", 32, 32, 0xff0000ff);
    draw_tri_color(s, full, (const float[4]){1, 0, 0, 1});
    if (read_back(s, px))
        check(px, "alpha 1 covers the sample", 32, 32, 0xffff0000);
    clear(s);
    draw_tri_color(s, left, (const float[4]){0, 1, 0, 0.25f});
    draw_tri_color(s, right, (const float[4]){0, 1, 0, 0.75f});
    /* Between 0 and 1 Vulkan leaves the coverage to the device (lavapipe
     * covers one sample from 0.5 on, NVIDIA's already at 0.25), only
     * monotonic: 0.25 covered means 0.75 covered too. */
    if (read_back(s, px)) {
        bool low = px[32 * W + 8] != 0xff0000ffu, high = px[32 * W + 56] != 0xff0000ffu;
        ok(!low || high, "%s: coverage grows with alpha: 0.25 %s, 0.75 %s", name,
           low ? "covered" : "not", high ? "covered" : "not");
        ok(!high || e2e_color_near(px[32 * W + 56], 0xbf00ff00, 2),
           "%s: alpha 0.75, where covered, is written as it is: %08x", name, px[32 * W + 56]);
    }
out:
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffffu);
    if (bs)
        ID3D11BlendState_Release(bs);
    free(px);
}

/* Dual-source blending: target 0 = src0 * ONE + dst * SRC1_COLOR, with
 * ps_dual writing the vertex colour (o0) and the tint (o1): a cleared blue
 * target takes (0.25, 0.5, 0) + (0, 0, 1) * (1, 1, 0.5). */
/* A B8G8R8X8 target's alpha reads as 1 in blending (D3D11's rule; the
 * server keeps it as B8G8R8A8, whose alpha byte is whatever was written):
 * cleared red with alpha 0, a green triangle blended DEST_ALPHA /
 * INV_DEST_ALPHA replaces it. */
/* An A8_UNORM target (stored as R8, sampled through a swizzle): clears,
 * draws and blends reach the alpha its texels hold, the alpha blend
 * factors doing what they do on alpha (DEST_ALPHA is the texel's,
 * BLEND_FACTOR the factor's alpha), a write mask without alpha keeps it;
 * the same shader then draws colour into an RGBA target again.  The byte
 * at the centre is read after each. */
static int a8_byte(struct scene *s, ID3D11Texture2D *a8, ID3D11Texture2D *st)
{
    D3D11_MAPPED_SUBRESOURCE m;
    int v = -1;
    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)a8);
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
        S_OK) {
        v = ((const uint8_t *)m.pData)[(size_t)(H / 2) * m.RowPitch + W / 2];
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
    }
    return v;
}

static void test_render_a8(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const struct {
        const char *what;
        float clear, alpha;
        D3D11_BLEND src, dst;
        UINT8 mask;
        int want;
    } cases[] = {
        {"a clear", 0.5f, -1, 0, 0, 0, 0x80},
        {"a draw", 0.5f, 0.75f, 0, 0, D3D11_COLOR_WRITE_ENABLE_ALL, 0xbf},
        {"ONE + ONE", 0.25f, 0.5f, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
         D3D11_COLOR_WRITE_ENABLE_ALL, 0xbf},
        {"DEST_ALPHA + ZERO", 0.5f, 0.5f, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_ZERO,
         D3D11_COLOR_WRITE_ENABLE_ALL, 0x40},
        {"INV_DEST_ALPHA + SRC_ALPHA", 0.25f, 0.5f, D3D11_BLEND_INV_DEST_ALPHA,
         D3D11_BLEND_SRC_ALPHA, D3D11_COLOR_WRITE_ENABLE_ALL, 0x80},
        {"BLEND_FACTOR (alpha 0.5) + ZERO", 0.25f, 1, D3D11_BLEND_BLEND_FACTOR,
         D3D11_BLEND_ZERO, D3D11_COLOR_WRITE_ENABLE_ALL, 0x80},
        {"a write mask of red, green and blue", 0.5f, 1, 0, 0,
         D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_GREEN |
             D3D11_COLOR_WRITE_ENABLE_BLUE,
         0x80},
    };
    static const FLOAT factor[4] = {1, 1, 1, 0.5f};
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    ID3D11Texture2D *a8 = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    uint32_t *px = malloc(W * H * 4);
    UINT support = 0;

    ok(ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_A8_UNORM, &support) == S_OK &&
           (support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) &&
           (support & D3D11_FORMAT_SUPPORT_BLENDABLE),
       "%s: A8_UNORM renders and blends: %#x", name, support);
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &a8) == S_OK, "%s: an A8 target", name);
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st);
    if (a8)
        ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)a8, NULL, &rtv) ==
               S_OK,
           "%s: its render-target view", name);
    for (size_t k = 0; rtv && st && px && k < ARRAY_N(cases); k++) {
        const FLOAT c[4] = {0.1f, 0.2f, 0.3f, cases[k].clear};
        D3D11_BLEND_DESC bd = {FALSE, FALSE,
                               {{cases[k].src != 0, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                                 D3D11_BLEND_OP_ADD, cases[k].src ? cases[k].src : D3D11_BLEND_ONE,
                                 cases[k].dst ? cases[k].dst : D3D11_BLEND_ZERO,
                                 D3D11_BLEND_OP_ADD, cases[k].mask}}};
        ID3D11BlendState *bs = NULL;
        int got;
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, c);
        if (cases[k].alpha >= 0) {
            ID3D11Device_CreateBlendState(s->dev, &bd, &bs);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
            ID3D11DeviceContext_OMSetBlendState(s->ctx, bs, factor, 0xffffffff);
            draw_tri_color(s, full, (const float[4]){0.2f, 0.4f, 0.6f, cases[k].alpha});
            ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
            if (bs)
                ID3D11BlendState_Release(bs);
        }
        got = a8_byte(s, a8, st);
        ok(got >= cases[k].want - 1 && got <= cases[k].want + 1,
           "%s: A8 target, %s: %#x, expected %#x", name, cases[k].what, got, cases[k].want);
    }
    bind_scene(s, s->ctx);
    clear(s);
    draw_tri_color(s, full, (const float[4]){1, 1, 0, 0.5f});
    if (px && read_back(s, px))
        check(px, "the same shader into an RGBA target after the A8 one", 32, 32, 0x80ffff00);
    IUnknown *objs[] = {(IUnknown *)a8, (IUnknown *)st, (IUnknown *)rtv};
    release_all(objs, ARRAY_N(objs));
    free(px);
}

/* D3D10+'s strip cut: an indexed triangle strip restarts at the index of
 * all ones (0xffff of 16-bit indices, 0xffffffff of 32-bit ones), as Wine's
 * test_primitive_restart draws it: two quads, the strip of the left one
 * cut before the right one, nothing between them (without the cut the
 * strip's triangles through the cut index would cover it). */
static void test_strip_cut(struct scene *s, const char *name)
{
    static const float xs[8][2] = {{-1, -1}, {-1, 1}, {-0.25f, -1}, {-0.25f, 1},
                                   {0.25f, -1}, {0.25f, 1}, {1, -1}, {1, 1}};
    static const uint16_t i16[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
    static const uint32_t i32[9] = {0, 1, 2, 3, 0xffffffffu, 4, 5, 6, 7};
    struct vertex v[8];
    D3D11_BUFFER_DESC vbd = {sizeof(v), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC ibd = {sizeof(i32), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, 0,
                             0};
    D3D11_SUBRESOURCE_DATA vi = {v, 0, 0}, ii = {i32, 0, 0}, hi = {i16, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                FALSE, FALSE, FALSE};
    ID3D11Buffer *vb = NULL, *ib32 = NULL, *ib16 = NULL;
    ID3D11RasterizerState *rs = NULL;
    uint32_t *px = malloc(W * H * 4);
    UINT stride = sizeof(struct vertex), offset = 0;

    for (int i = 0; i < 8; i++)
        v[i] = (struct vertex){xs[i][0], xs[i][1], 0.5f, 1, 1, 0, 1};
    ok(ID3D11Device_CreateBuffer(s->dev, &vbd, &vi, &vb) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &ibd, &ii, &ib32) == S_OK,
       "%s: strip-cut buffers", name);
    ibd.ByteWidth = sizeof(i16);
    ID3D11Device_CreateBuffer(s->dev, &ibd, &hi, &ib16);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &rs);
    for (int k = 0; k < 2 && vb && ib32 && ib16 && rs && px; k++) {
        char what[64];
        set_tint(s, 1, 1, 1, 1);
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &stride, &offset);
        ID3D11DeviceContext_IASetIndexBuffer(s->ctx, k ? ib16 : ib32,
                                             k ? DXGI_FORMAT_R16_UINT : DXGI_FORMAT_R32_UINT, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx,
                                                   D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
        ID3D11DeviceContext_RSSetState(s->ctx, rs);
        clear(s);
        ID3D11DeviceContext_DrawIndexed(s->ctx, 9, 0, 0);
        snprintf(what, sizeof(what), "%s: a strip cut by %u-bit indices", name, k ? 16 : 32);
        if (read_back(s, px)) {
            check(px, what, 8, 32, 0xffffff00);
            check(px, what, 32, 32, 0xff0000ff); /* between the quads: x 24..40 */
            check(px, what, 56, 32, 0xffffff00);
        }
    }
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    bind_scene(s, s->ctx);
    IUnknown *objs[] = {(IUnknown *)vb, (IUnknown *)ib32, (IUnknown *)ib16, (IUnknown *)rs};
    release_all(objs, ARRAY_N(objs));
    free(px);
}

/* ID3D11Multithread of the immediate context: protection off until set,
 * as Windows answers (the device takes its own lock either way), Set
 * answering the previous value, Enter and Leave nesting. */
static void test_multithread(struct scene *s, const char *name)
{
    ID3D11Multithread *mt = NULL;
    if (!ok(ID3D11DeviceContext_QueryInterface(s->ctx, &IID_ID3D11Multithread, (void **)&mt) ==
                S_OK,
            "%s: ID3D11Multithread", name))
        return;
    ok(!ID3D11Multithread_GetMultithreadProtected(mt), "%s: protection off at first", name);
    ok(!ID3D11Multithread_SetMultithreadProtected(mt, TRUE) &&
           ID3D11Multithread_GetMultithreadProtected(mt) &&
           ID3D11Multithread_SetMultithreadProtected(mt, FALSE),
       "%s: Set answers the previous value", name);
    ID3D11Multithread_Enter(mt);
    ID3D11Multithread_Enter(mt);
    ID3D11Multithread_Leave(mt);
    ID3D11Multithread_Leave(mt);
    ID3D11Multithread_Release(mt);
    {
        /* A deferred context has none (E_NOINTERFACE, as on Windows). */
        ID3D11DeviceContext *dc = NULL;
        if (ID3D11Device_CreateDeferredContext(s->dev, 0, &dc) == S_OK && dc) {
            mt = (ID3D11Multithread *)(uintptr_t)1;
            ok(ID3D11DeviceContext_QueryInterface(dc, &IID_ID3D11Multithread, (void **)&mt) ==
                       E_NOINTERFACE && !mt,
               "%s: a deferred context has no ID3D11Multithread", name);
            ID3D11DeviceContext_Release(dc);
        }
    }
}

static void test_blend_x8(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT red0[4] = {1, 0, 0, 0};
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_B8G8R8X8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BLEND_DESC bd = {FALSE, FALSE,
                           {{TRUE, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_DEST_ALPHA,
                             D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                             D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL}}};
    ID3D11Texture2D *x8 = NULL, *st = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11BlendState *bs = NULL;
    D3D11_MAPPED_SUBRESOURCE m;

    if (ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &x8) != S_OK) {
        skip("%s: no B8G8R8X8 render target", name);
        return;
    }
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st);
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)x8, NULL, &rtv);
    ID3D11Device_CreateBlendState(s->dev, &bd, &bs);
    if (ok(st && rtv && bs, "%s: a B8G8R8X8 target and a DEST_ALPHA blend", name)) {
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, red0);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
        ID3D11DeviceContext_OMSetBlendState(s->ctx, bs, NULL, 0xffffffff);
        draw_tri_color(s, full, (const float[4]){0, 1, 0, 0});
        ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)x8);
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
            S_OK) {
            const uint8_t *p = (const uint8_t *)m.pData + (size_t)(H / 2) * m.RowPitch +
                               (W / 2) * 4;
            ok(p[0] == 0 && p[1] == 0xff && p[2] == 0,
               "%s: blended with the X target's alpha as 1: B G R %02x %02x %02x", name, p[0],
               p[1], p[2]);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
        }
    }
    bind_scene(s, s->ctx);
    IUnknown *objs[] = {(IUnknown *)x8, (IUnknown *)st, (IUnknown *)rtv, (IUnknown *)bs};
    release_all(objs, ARRAY_N(objs));
    {
        /* Sampled, an X8 texel's alpha is 1 whatever its byte holds: a red
         * texel of alpha byte 0 of B8G8R8X8_UNORM, of _UNORM_SRGB, and of
         * _TYPELESS through an sRGB view. */
        static const uint32_t texel = 0x00ff0000; /* B G R X bytes: 00 00 ff 00 */
        static const DXGI_FORMAT fmts[3][2] = {
            {DXGI_FORMAT_B8G8R8X8_UNORM, 0},
            {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, 0},
            {DXGI_FORMAT_B8G8R8X8_TYPELESS, DXGI_FORMAT_B8G8R8X8_UNORM_SRGB}};
        D3D11_SUBRESOURCE_DATA ti = {&texel, 4, 0};
        ID3D11PixelShader *ps = NULL;
        uint32_t *px = malloc(W * H * 4);
        ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL,
                                       &ps);
        for (int k = 0; k < 3 && ps && px; k++) {
            D3D11_TEXTURE2D_DESC sd = {1, 1, 1, 1, fmts[k][0], {1, 0}, D3D11_USAGE_DEFAULT,
                                       D3D11_BIND_SHADER_RESOURCE, 0, 0};
            D3D11_SHADER_RESOURCE_VIEW_DESC vd = {fmts[k][1], D3D11_SRV_DIMENSION_TEXTURE2D,
                                                  .Texture2D = {0, 1}};
            ID3D11Texture2D *tx = NULL;
            ID3D11ShaderResourceView *v = NULL;
            char what[96];
            if (!ok(ID3D11Device_CreateTexture2D(s->dev, &sd, &ti, &tx) == S_OK &&
                        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tx,
                                                              fmts[k][1] ? &vd : NULL,
                                                              &v) == S_OK,
                    "%s: a texture of format %u", name, fmts[k][0])) {
                if (tx)
                    ID3D11Texture2D_Release(tx);
                continue;
            }
            ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &v);
            clear(s);
            draw_tri_color(s, (const float[6]){-1, 1, 3, 1, -1, -3},
                           (const float[4]){0.5f, 0.5f, 0, 1});
            snprintf(what, sizeof(what), "%s: format %u sampled, alpha 1", name, fmts[k][0]);
            if (read_back(s, px))
                check(px, what, 32, 32, 0xffff0000);
            ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
            ID3D11ShaderResourceView_Release(v);
            ID3D11Texture2D_Release(tx);
        }
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        if (ps)
            ID3D11PixelShader_Release(ps);
        free(px);
    }
}

/* GDI-compatible textures: under Windows GetDC lends a DC of level 0's
 * texels (a red clear seen by GetPixel), and ReleaseDC writes back what
 * GDI drew (a green pixel at (1, 0)); natively there is no GDI and the
 * flag is E_NOTIMPL. */
static void test_gdi_compatible(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {4, 4, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0,
                               D3D11_RESOURCE_MISC_GDI_COMPATIBLE};
    ID3D11Texture2D *t = NULL;
    HRESULT hr = ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &t);
#ifdef _WIN32
    static const FLOAT red[4] = {1, 0, 0, 1};
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11Texture2D *st = NULL;
    IDXGISurface1 *surf = NULL;
    D3D11_MAPPED_SUBRESOURCE m;
    HDC dc = NULL;
    if (!ok(hr == S_OK && t, "%s: a GDI-compatible texture: %#x", name, (unsigned)hr))
        return;
    td.Format = DXGI_FORMAT_B8G8R8X8_UNORM;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == E_INVALIDARG,
       "%s: not of B8G8R8X8", name);
    td.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    td.MiscFlags = 0;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st);
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)t, NULL, &rtv);
    ID3D11Texture2D_QueryInterface(t, &IID_IDXGISurface1, (void **)&surf);
    if (ok(st && rtv && surf, "%s: its view, surface and a staging twin", name)) {
        ok(IDXGISurface1_ReleaseDC(surf, NULL) == DXGI_ERROR_INVALID_CALL,
           "%s: no ReleaseDC before GetDC", name);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, red);
        if (ok(IDXGISurface1_GetDC(surf, FALSE, &dc) == S_OK && dc, "%s: GetDC", name)) {
            ok(IDXGISurface1_GetDC(surf, FALSE, &(HDC){NULL}) == DXGI_ERROR_INVALID_CALL,
               "%s: no second GetDC", name);
            ok(GetPixel(dc, 0, 0) == RGB(255, 0, 0), "%s: GDI sees the red clear: %06lx", name,
               (unsigned long)GetPixel(dc, 0, 0));
            {
                /* The runtime's DIB: 32 bits, top-down, no biSizeImage. */
                DIBSECTION ds = {0};
                HGDIOBJ bmp = GetCurrentObject(dc, OBJ_BITMAP);
                ok(bmp && GetObjectA(bmp, sizeof(ds), &ds) == sizeof(ds) &&
                       ds.dsBmih.biBitCount == 32 && !ds.dsBmih.biSizeImage,
                   "%s: the DC's DIB (bits %u, image size %lu)", name, ds.dsBmih.biBitCount,
                   (unsigned long)ds.dsBmih.biSizeImage);
            }
            SetPixel(dc, 1, 0, RGB(0, 255, 0));
            ok(IDXGISurface1_ReleaseDC(surf, NULL) == S_OK, "%s: ReleaseDC", name);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st, (ID3D11Resource *)t);
            if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0,
                                        &m) == S_OK) {
                const uint32_t *p = m.pData;
                ok((p[0] & 0xffffff) == 0xff0000 && (p[1] & 0xffffff) == 0x00ff00,
                   "%s: what GDI drew is the texture's: %08x %08x", name, p[0], p[1]);
                ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
            }
        }
    }
    IUnknown *objs[] = {(IUnknown *)t, (IUnknown *)st, (IUnknown *)rtv, (IUnknown *)surf};
    release_all(objs, ARRAY_N(objs));
#else
    ok(hr == E_NOTIMPL && !t, "%s: no GDI-compatible texture natively: %#x", name, (unsigned)hr);
#endif
}

static void test_dual_source(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    D3D11_BLEND_DESC bd = {0};
    D3D11_RENDER_TARGET_BLEND_DESC *t = &bd.RenderTarget[0];
    ID3D11BlendState *bs = NULL, *bad = NULL;
    ID3D11PixelShader *ps = NULL;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    t->BlendEnable = TRUE;
    t->SrcBlend = D3D11_BLEND_ONE;
    t->DestBlend = D3D11_BLEND_SRC1_COLOR;
    t->BlendOp = D3D11_BLEND_OP_ADD;
    t->SrcBlendAlpha = D3D11_BLEND_ONE;
    t->DestBlendAlpha = D3D11_BLEND_ZERO;
    t->BlendOpAlpha = D3D11_BLEND_OP_ADD;
    t->RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    hr = ID3D11Device_CreateBlendState(s->dev, &bd, &bs);
    if (hr == E_NOTIMPL && getenv("NEREID_NO_DUAL_SOURCE")) {
        skip("%s: the device has no dual-source blending", name);
        free(px);
        return;
    }
    ok(hr == S_OK && bs, "%s: a dual-source blend state: %#x", name, (unsigned)hr);
    t->DestBlend = (D3D11_BLEND)20;
    ok(ID3D11Device_CreateBlendState(s->dev, &bd, &bad) == E_INVALIDARG && !bad,
       "%s: blend factor 20 is E_INVALIDARG", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_dual, sizeof(dxbc_ps_dual), NULL, &ps) ==
           S_OK,
       "%s: a pixel shader of two outputs", name);
    if (!bs || !ps || !px)
        goto out;
    set_tint(s, 1, 1, 0.5f, 1);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_OMSetBlendState(s->ctx, bs, NULL, 0xffffffffu);
    clear(s);
    draw_tri_color(s, full, (const float[4]){0.25f, 0.5f, 0, 1});
    if (read_back(s, px))
        check(px, "src0 + dst * src1", 32, 32, 0xff408080);
    /* The same shader without dual-source blending writes o0 to target 0. */
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffffu);
    draw_tri_color(s, full, (const float[4]){0.25f, 0.5f, 0, 1});
    if (read_back(s, px))
        check(px, "o0 alone without it", 32, 32, 0xff408000);
out:
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffffu);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    set_tint(s, 1, 1, 1, 1);
    if (bs)
        ID3D11BlendState_Release(bs);
    if (ps)
        ID3D11PixelShader_Release(ps);
    free(px);
}

/* Depth bias on a D32_FLOAT target: a triangle 4e-6 behind one already
 * drawn at z 0.5 passes LESS with a DepthBias of -1000 (1000 of the
 * format's steps at that depth, 2^-24 each: 6e-5 nearer), and does not
 * with the bias clamped to -1e-6 (DepthBiasClamp, negative: at least
 * it); a positive clamp limits a positive bias alike. */
static void test_depth_bias(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_D32_FLOAT, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_DEPTH_STENCIL, 0, 0};
    D3D11_DEPTH_STENCIL_DESC dd = {TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS,
                                   FALSE, 0xff, 0xff,
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS},
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS}};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    ID3D11Texture2D *depth = NULL;
    ID3D11DepthStencilView *dsv = NULL;
    ID3D11DepthStencilState *less = NULL;
    ID3D11RasterizerState *plain = NULL, *biased = NULL, *clamped = NULL, *up = NULL;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &depth);
    if (depth)
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, NULL, &dsv);
    ID3D11Device_CreateDepthStencilState(s->dev, &dd, &less);
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &plain);
    rd.DepthBias = -1000;
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &biased);
    rd.DepthBiasClamp = -1e-6f;
    hr = ID3D11Device_CreateRasterizerState(s->dev, &rd, &clamped);
    ok(hr == S_OK && clamped, "%s: a rasterizer state with DepthBiasClamp: %#x", name,
       (unsigned)hr);
    rd.DepthBias = 1000;
    rd.DepthBiasClamp = 1e-6f;
    ID3D11Device_CreateRasterizerState(s->dev, &rd, &up);
    if (!ok(dsv && less && plain && biased && clamped && up && px, "%s: the bias's objects",
            name))
        goto out;
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, dsv);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, less, 0);
    set_tint(s, 1, 1, 1, 1);
    for (int c = 0; c < 3; c++) {
        ID3D11RasterizerState *second = c == 0 ? biased : c == 1 ? clamped : up;
        clear(s);
        ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
        ID3D11DeviceContext_RSSetState(s->ctx, plain);
        draw_tri_z(s, full, 0.5f, red);
        ID3D11DeviceContext_RSSetState(s->ctx, second);
        /* behind (biased, clamped) or in front by 4e-6 (the positive one) */
        draw_tri_z(s, full, c == 2 ? 0.5f - 4e-6f : 0.5f + 4e-6f, green);
        if (read_back(s, px))
            check(px,
                  c == 0   ? "a bias of -1000 steps brings it in front"
                  : c == 1 ? "clamped to -1e-6 it stays behind"
                           : "a bias of +1000 clamped to 1e-6 leaves it in front",
                  32, 32, c == 1 ? 0xffff0000 : 0xff00ff00);
    }
out:
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    IUnknown *all[] = {(IUnknown *)depth,  (IUnknown *)dsv,     (IUnknown *)less,
                       (IUnknown *)plain,  (IUnknown *)biased,  (IUnknown *)clamped,
                       (IUnknown *)up};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* Instance step rates and narrow vertex elements: three instances of one
 * full-target triangle added up (ONE + ONE), their colour's red an R8_UNORM
 * element of a per-instance slot of stride 1 read from offset 1.  Step
 * rate 2 reads element 0 for instances 0 and 1 and element 1 for instance
 * 2 (32 + 32 + 64 = 0x80); rate 0 reads element 0 for all (0x60); rate 1
 * each its own (32 + 64 + 16 = 0x70).  A layout whose element sits off its
 * components' size is refused. */
static void test_instance_rates(struct scene *s, const char *name)
{
    static const uint8_t reds[5] = {99, 32, 64, 16, 99};
    static const FLOAT black[4] = {0, 0, 0, 0};
    static const UINT rates[3] = {2, 0, 1};
    static const uint32_t want[3] = {0xff800000, 0xff600000, 0xff700000};
    D3D11_BUFFER_DESC bd = {sizeof(reds), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0,
                            0};
    D3D11_SUBRESOURCE_DATA init = {reds, 0, 0};
    D3D11_BLEND_DESC add = {FALSE, FALSE,
                            {{TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                              D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                              D3D11_COLOR_WRITE_ENABLE_ALL}}};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    struct vertex v[3];
    ID3D11Buffer *inst = NULL;
    ID3D11BlendState *bs = NULL;
    uint32_t *px = malloc(W * H * 4);

    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 0, 0, 0, 1};
    ID3D11Device_CreateBuffer(s->dev, &bd, &init, &inst);
    ID3D11Device_CreateBlendState(s->dev, &add, &bs);
    if (!ok(inst && bs && px, "%s: the instance rates' objects", name))
        goto out;
    {
        D3D11_INPUT_ELEMENT_DESC off[2] = {
            {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"COLOR", 0, DXGI_FORMAT_R16G16_UNORM, 1, 1, D3D11_INPUT_PER_INSTANCE_DATA, 1}};
        ID3D11InputLayout *l = NULL;
        ok(ID3D11Device_CreateInputLayout(s->dev, off, 2, dxbc_vs_color,
                                          sizeof(dxbc_vs_color), &l) == E_INVALIDARG && !l,
           "%s: an R16G16 element at offset 1 is refused", name);
    }
    {
        /* An element appended after an R8 one lands at the next multiple
         * of its components' size: COLOR's floats at 4, not 1. */
        static const struct {
            uint8_t spare, pad[3];
            float color[4];
        } one = {7, {0, 0, 0}, {0.25f, 0.5f, 0.75f, 1}};
        D3D11_INPUT_ELEMENT_DESC e[3] = {
            {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"SPARE", 0, DXGI_FORMAT_R8_UNORM, 1, D3D11_APPEND_ALIGNED_ELEMENT,
             D3D11_INPUT_PER_INSTANCE_DATA, 1},
            {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, D3D11_APPEND_ALIGNED_ELEMENT,
             D3D11_INPUT_PER_INSTANCE_DATA, 1}};
        D3D11_BUFFER_DESC ob = {sizeof(one), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0,
                                0, 0};
        D3D11_SUBRESOURCE_DATA oi = {&one, 0, 0};
        ID3D11InputLayout *l = NULL;
        ID3D11VertexShader *vs = NULL;
        ID3D11Buffer *ib = NULL;
        UINT strides[2] = {sizeof(struct vertex), sizeof(one)}, offsets[2] = {0, 0};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0,
                                              0);
        ID3D11Device_CreateBuffer(s->dev, &ob, &oi, &ib);
        ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_unused, sizeof(dxbc_vs_unused), NULL,
                                        &vs);
        if (ok(ib && vs &&
                   ID3D11Device_CreateInputLayout(s->dev, e, 3, dxbc_vs_unused,
                                                  sizeof(dxbc_vs_unused), &l) == S_OK,
               "%s: a layout of appended elements", name)) {
            ID3D11Buffer *bufs[2] = {s->vb, ib};
            ID3D11DeviceContext_IASetInputLayout(s->ctx, l);
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 2, bufs, strides, offsets);
            ID3D11DeviceContext_VSSetShader(s->ctx, vs, NULL, 0);
            set_tint(s, 1, 1, 1, 1);
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, black);
            ID3D11DeviceContext_DrawInstanced(s->ctx, 3, 1, 0, 0);
            if (read_back(s, px))
                check(px, "an element appended after an R8 one, at offset 4", W / 2, H / 2,
                      0xff4080bf);
            ID3D11InputLayout_Release(l);
        }
        IUnknown *objs[] = {(IUnknown *)ib, (IUnknown *)vs};
        release_all(objs, ARRAY_N(objs));
        bind_scene(s, s->ctx);
    }
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    for (int k = 0; k < 3; k++) {
        D3D11_INPUT_ELEMENT_DESC e[2] = {
            {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"COLOR", 0, DXGI_FORMAT_R8_UNORM, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, rates[k]}};
        ID3D11InputLayout *l = NULL;
        UINT strides[2] = {sizeof(struct vertex), 1}, offsets[2] = {0, 1};
        ID3D11Buffer *bufs[2] = {s->vb, inst};
        HRESULT hr = ID3D11Device_CreateInputLayout(s->dev, e, 2, dxbc_vs_color,
                                                    sizeof(dxbc_vs_color), &l);
        if (!ok(hr == S_OK && l, "%s: a layout of step rate %u: %#x", name, rates[k],
                (unsigned)hr))
            continue;
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, black);
        ID3D11DeviceContext_IASetInputLayout(s->ctx, l);
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 2, bufs, strides, offsets);
        ID3D11DeviceContext_OMSetBlendState(s->ctx, bs, NULL, 0xffffffff);
        set_tint(s, 1, 1, 1, 1);
        ID3D11DeviceContext_DrawInstanced(s->ctx, 3, 3, 0, 0);
        if (read_back(s, px)) {
            char what[80];
            snprintf(what, sizeof(what), "%s: step rate %u, three instances added", name,
                     rates[k]);
            check(px, what, W / 2, H / 2, want[k]);
        }
        ID3D11InputLayout_Release(l);
    }
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
    {
        ID3D11Buffer *none = NULL;
        UINT zero = 0;
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 1, 1, &none, &zero, &zero);
    }
    bind_scene(s, s->ctx);
out:;
    IUnknown *all[] = {(IUnknown *)inst, (IUnknown *)bs};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* Whether the scene's device reads zeros from unbound vertex slots: its
 * server's caps (natively; under Wine nereid's devices always are ours). */
static bool s_null_vertex(struct scene *s)
{
    (void)s;
    return !getenv("NEREID_NO_NULL_VERTEX");
}

/* Cube map arrays: two cubes of 4x4 faces, each of the 12 layers its own
 * colour, looked up by direction and cube (ps_cubearr: tint.xyz, tint.w)
 * through views of both cubes, of the second alone, and a face drawn into
 * as a render target. */
static void test_cube_array(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {4, 4, 1, 12, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0,
                               D3D11_RESOURCE_MISC_TEXTURECUBE};
    static const float dirs[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                     {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    ID3D11Texture2D *tex = NULL;
    ID3D11ShaderResourceView *all = NULL, *second = NULL;
    ID3D11RenderTargetView *face = NULL;
    ID3D11PixelShader *ps = NULL;
    D3D11_SHADER_RESOURCE_VIEW_DESC got;
    uint32_t *px = malloc(W * H * 4), texels[16];
    struct vertex v[3];

    td.ArraySize = 5;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex) == E_INVALIDARG && !tex,
       "%s: a cube array of 5 layers is invalid", name);
    td.ArraySize = 12;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex) == S_OK,
       "%s: a cube map array of two cubes", name);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_cubearr, sizeof(dxbc_ps_cubearr), NULL, &ps);
    if (!ok(tex && ps && px, "%s: the cube array's objects", name))
        goto out;
    for (UINT l = 0; l < 12; l++) {
        for (int i = 0; i < 16; i++)
            texels[i] = 0xff000000u | (l * 20u) | (255u - l * 20u) << 8 | (l * 10u) << 16;
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)tex, l, NULL, texels,
                                              16, 0);
    }
    ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, NULL, &all);
    {
        D3D11_SHADER_RESOURCE_VIEW_DESC sd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D11_SRV_DIMENSION_TEXTURECUBEARRAY};
        sd.TextureCubeArray.MipLevels = 1;
        sd.TextureCubeArray.First2DArrayFace = 6;
        sd.TextureCubeArray.NumCubes = 1;
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, &sd, &second);
        sd.TextureCubeArray.NumCubes = 2;
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, &sd, NULL) ==
               E_INVALIDARG,
           "%s: two cubes from face 6 of 12 are invalid", name);
        {
            /* NumCubes -1: to the last whole cube; GetDesc answers 1. */
            ID3D11ShaderResourceView *rest = NULL;
            sd.TextureCubeArray.NumCubes = (UINT)-1;
            if (ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)tex, &sd,
                                                         &rest) == S_OK,
                   "%s: cubes from face 6 to the last", name)) {
                ID3D11ShaderResourceView_GetDesc(rest, &got);
                ok(got.TextureCubeArray.NumCubes == 1, "%s: of 1 cube (%u)", name,
                   got.TextureCubeArray.NumCubes);
                ID3D11ShaderResourceView_Release(rest);
            }
        }
    }
    {
        D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                            D3D11_RTV_DIMENSION_TEXTURE2DARRAY};
        rd.Texture2DArray.FirstArraySlice = 7; /* the second cube's -X */
        rd.Texture2DArray.ArraySize = 1;
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)tex, &rd, &face);
    }
    if (!ok(all && second && face, "%s: the cube array's views", name))
        goto out;
    ID3D11ShaderResourceView_GetDesc(all, &got);
    ok(got.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY &&
           got.TextureCubeArray.First2DArrayFace == 0 && got.TextureCubeArray.NumCubes == 2,
       "%s: the whole view is TEXTURECUBEARRAY of 2 cubes (%u, %u+%u)", name, got.ViewDimension,
       got.TextureCubeArray.First2DArrayFace, got.TextureCubeArray.NumCubes);
    {
        static const FLOAT white[4] = {1, 1, 1, 1};
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, face, white);
    }
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 1, 1, 1, 1};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    for (int view = 0; view < 2; view++) {
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 6, 1, view ? &second : &all);
        for (UINT cube = 0; cube < (view ? 1u : 2u); cube++)
            for (UINT f = 0; f < 6; f++) {
                UINT l = (view ? 6 : 6 * cube) + f;
                uint32_t want = l == 7 ? 0xffffffffu
                                       : 0xff000000u | (l * 20u) << 16 |
                                             (255u - l * 20u) << 8 | (l * 10u);
                char what[96];
                set_tint(s, dirs[f][0], dirs[f][1], dirs[f][2], (float)cube);
                ID3D11DeviceContext_Draw(s->ctx, 3, 0);
                if (!read_back(s, px))
                    goto out;
                snprintf(what, sizeof(what), "%s: cube array view %d, cube %u face %u", name,
                         view, cube, f);
                check(px, what, W / 2, H / 2, want);
            }
    }
out:
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 6, 1,
                                             (ID3D11ShaderResourceView *const[]){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    set_tint(s, 1, 1, 1, 1);
    {
        IUnknown *objs[] = {(IUnknown *)all, (IUnknown *)second, (IUnknown *)face,
                            (IUnknown *)ps, (IUnknown *)tex};
        release_all(objs, ARRAY_N(objs));
    }
    free(px);
}

/* D3D11's limits on targets and vertex inputs: eight render targets written
 * by one pixel shader (each its own colour), and a vertex shader of 21
 * inputs (locations up to 20) fed from slots 0 and 12 to 31. */
static void test_wide_io(struct scene *s, const char *name)
{
    ID3D11Texture2D *tex[8] = {0};
    ID3D11RenderTargetView *rtv[8] = {0}, *got[8] = {0};
    ID3D11PixelShader *mrt = NULL;
    ID3D11VertexShader *wide = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vals = NULL;
    D3D11_TEXTURE2D_DESC td;
    static const FLOAT black[4] = {0, 0, 0, 0};
    uint32_t *px = malloc(W * H * 4);
    float a[20];
    struct vertex v[3];
    static const float full[6] = {-1, 1, 3, 1, -1, -3};

    ID3D11Texture2D_GetDesc(s->target, &td);
    for (int k = 0; k < 8; k++) {
        ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex[k]);
        if (tex[k])
            ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)tex[k], NULL, &rtv[k]);
    }
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_mrt8, sizeof(dxbc_ps_mrt8), NULL, &mrt);
    ID3D11Device_CreateVertexShader(s->dev, dxbc_vs_wide, sizeof(dxbc_vs_wide), NULL, &wide);
    for (int k = 0; k < 20; k++)
        a[k] = k < 10 ? (float)(k + 1) / 256 : 2.0f / 256;
    {
        D3D11_BUFFER_DESC bd = {sizeof(a), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0,
                                0};
        D3D11_SUBRESOURCE_DATA init = {a, 0, 0};
        ID3D11Device_CreateBuffer(s->dev, &bd, &init, &vals);
    }
    if (!ok(px && rtv[7] && mrt && wide && vals, "%s: the wide draws' objects", name))
        goto out;
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){full[2 * i], full[2 * i + 1], 0.5f, 0, 0.5f, 0, 1};
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->vb, 0, NULL, v, 0, 0);

    /* Eight targets. */
    for (int k = 0; k < 8; k++)
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv[k], black);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 8, rtv, NULL);
    ID3D11DeviceContext_OMGetRenderTargets(s->ctx, 8, got, NULL);
    for (int k = 0; k < 8; k++) {
        ok(got[k] == rtv[k], "%s: OMGetRenderTargets' view %d", name, k);
        if (got[k])
            ID3D11RenderTargetView_Release(got[k]);
    }
    ID3D11DeviceContext_PSSetShader(s->ctx, mrt, NULL, 0);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    for (int k = 0; k < 8; k++) {
        char what[80];
        uint32_t r = (uint32_t)((k + 1) * 255 / 8.0 + 0.5), b = (uint32_t)((7 - k) * 255 / 8.0 + 0.5);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->target,
                                         (ID3D11Resource *)tex[k]);
        if (!read_back(s, px))
            break;
        snprintf(what, sizeof(what), "%s: render target %d of 8", name, k);
        check(px, what, W / 2, H / 2, 0xff000000u | r << 16 | 0x80u << 8 | b);
    }

    /* 21 inputs from 21 slots, the high ones. */
    {
        D3D11_INPUT_ELEMENT_DESC e[21];
        ID3D11Buffer *bufs[32] = {0}, *back[32] = {0};
        UINT strides[32] = {0}, offsets[32] = {0};
        e[0] = (D3D11_INPUT_ELEMENT_DESC){"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                          D3D11_INPUT_PER_VERTEX_DATA, 0};
        /* A0 (HLSL's A0 is semantic A, index 0) reads slot 31, A19 slot
         * 12; each its own float of the one
         * buffer, which every vertex reads (stride 0). */
        for (int k = 0; k < 20; k++)
            e[k + 1] = (D3D11_INPUT_ELEMENT_DESC){"A", (UINT)k, DXGI_FORMAT_R32_FLOAT,
                                                  (UINT)(31 - k), (UINT)(4 * k),
                                                  D3D11_INPUT_PER_VERTEX_DATA, 0};
        HRESULT hr = ID3D11Device_CreateInputLayout(s->dev, e, 21, dxbc_vs_wide,
                                                    sizeof(dxbc_vs_wide), &layout);
        if (!ok(hr == S_OK && layout, "%s: a layout of 21 elements, slots to 31: %#x", name,
                (unsigned)hr))
            goto restore;
        bufs[0] = s->vb;
        strides[0] = sizeof(struct vertex);
        for (int k = 12; k < 32; k++)
            bufs[k] = vals;
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 32, bufs, strides, offsets);
        ID3D11DeviceContext_IAGetVertexBuffers(s->ctx, 0, 32, back, NULL, NULL);
        ok(back[0] == s->vb && back[31] == vals && back[12] == vals && !back[11],
           "%s: IAGetVertexBuffers of 32 slots", name);
        for (int k = 0; k < 32; k++)
            if (back[k])
                ID3D11Buffer_Release(back[k]);
        ID3D11DeviceContext_IASetInputLayout(s->ctx, layout);
        ID3D11DeviceContext_VSSetShader(s->ctx, wide, NULL, 0);
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, black);
        set_tint(s, 1, 1, 1, 1);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        /* Red: 55 / 256; green: 110 / 256. */
        if (read_back(s, px)) {
            char what[80];
            snprintf(what, sizeof(what), "%s: 21 vertex inputs from slots 0 and 12-31", name);
            check(px, what, W / 2, H / 2, 0xff376e00);
        }
    }
    /* An unbound slot reads zeros (missing components 0, 0, 1): COLOR
     * from the emptied slot 1 is black, alpha 1, where the device has null
     * vertex bindings. */
    {
        D3D11_INPUT_ELEMENT_DESC e[2] = {
            {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"COLOR", 0, DXGI_FORMAT_R32G32B32_FLOAT, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}};
        ID3D11InputLayout *l = NULL;
        ID3D11Buffer *bufs[2] = {s->vb, s->vb};
        UINT strides[2] = {sizeof(struct vertex), sizeof(struct vertex)}, offsets[2] = {0, 12};
        ID3D11Device_CreateInputLayout(s->dev, e, 2, dxbc_vs_color, sizeof(dxbc_vs_color), &l);
        if (ok(l != NULL, "%s: a layout of two slots", name)) {
            static const FLOAT blue[4] = {0, 0, 1, 1};
            ID3D11DeviceContext_IASetInputLayout(s->ctx, l);
            ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
            ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
            /* Bound first (green from the vertices), then slot 1 emptied. */
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 2, bufs, strides, offsets);
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "slot 1 bound", W / 2, H / 2, 0xff008000);
            bufs[1] = NULL;
            ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 2, bufs, strides, offsets);
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px)) {
                char what[80];
                snprintf(what, sizeof(what), "%s: an unbound slot reads zeros", name);
                if (s_null_vertex(s))
                    check(px, what, W / 2, H / 2, 0xff000000);
                else
                    check(px, what, W / 2, H / 2, 0xff0000ff); /* dropped */
            }
            ID3D11InputLayout_Release(l);
        }
    }
restore:
    {
        ID3D11Buffer *none[32] = {0};
        UINT zero[32] = {0};
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 32, none, zero, zero);
    }
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 0, NULL, NULL);
    bind_scene(s, s->ctx);
out:;
    IUnknown *all[] = {(IUnknown *)mrt, (IUnknown *)wide, (IUnknown *)layout, (IUnknown *)vals};
    release_all(all, ARRAY_N(all));
    for (int k = 0; k < 8; k++) {
        if (rtv[k])
            ID3D11RenderTargetView_Release(rtv[k]);
        if (tex[k])
            ID3D11Texture2D_Release(tex[k]);
    }
    free(px);
}

/* Multisampled targets: the quality levels and format support the device's
 * counts give, a 4x render target and depth texture (their views
 * TEXTURE2DMS; 2D views, shader-resource views, mip chains, STAGING and
 * unsupported counts refused), a triangle drawn into them resolved into
 * the single-sampled target: pure inside and outside, blends strictly
 * between on its slanted edge (which one sample would not give); a 4x
 * target beside a 1x depth view draws nothing and loses nothing; a
 * resolve recorded on a deferred context. */
/* Each of a 4x target's samples read by a pixel shader (ld2dms, the sample
 * index from b0): along the resolved edge each is one of the two colours,
 * their mean is the resolved pixel (px), and some pixels have both. */
static void ms_samples_check(struct scene *s, const char *name, ID3D11ShaderResourceView *srv,
                             const uint32_t *px)
{
    static uint8_t code[1024];
    size_t n = ps_with_tokens(ps_ms_sample_tokens, ARRAY_N(ps_ms_sample_tokens), code, sizeof(code));
    ID3D11PixelShader *ps = NULL;
    uint32_t *smp[4] = {0};
    int pure = 0, mixed = 0, mean = 0;

    ok(n && ID3D11Device_CreatePixelShader(s->dev, code, n, NULL, &ps) == S_OK,
       "%s: the ld2dms pixel shader", name);
    for (int k = 0; k < 4; k++)
        smp[k] = malloc(W * H * 4);
    if (!ps || !smp[3])
        goto out;
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    for (uint32_t k = 0; k < 4; k++) {
        static const float full[6] = {-1, 1, 3, 1, -1, -3};
        const uint32_t index[4] = {k, 0, 0, 0};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)s->cb, 0, NULL, index,
                                              0, 0);
        draw_tri_z(s, full, 0.5f, (const float[4]){0, 1, 0, 1});
        if (!read_back(s, smp[k]))
            goto out;
    }
    for (int i = 0; i < W; i++) {
        size_t at = (size_t)(H - 1 - i) * W + i;
        uint32_t sum[4] = {0};
        bool red = false, blue = false, ok_px = true;
        for (int k = 0; k < 4; k++) {
            uint32_t c = smp[k][at];
            red |= e2e_color_near(c, 0xffff0000, 2);
            blue |= e2e_color_near(c, 0xff0000ff, 2);
            ok_px &= e2e_color_near(c, 0xffff0000, 2) || e2e_color_near(c, 0xff0000ff, 2);
            for (int ch = 0; ch < 4; ch++)
                sum[ch] += c >> (8 * ch) & 0xff;
        }
        pure += ok_px;
        mixed += red && blue;
        uint32_t avg = 0;
        for (int ch = 0; ch < 4; ch++)
            avg |= ((sum[ch] + 2) / 4) << (8 * ch);
        mean += e2e_color_near(avg, px[at], 2);
    }
    ok(pure == W, "%s: 4x by sample: %d of %d edge pixels' samples are each one colour", name,
       pure, W);
    ok(mixed > W / 4, "%s: 4x by sample: %d of %d edge pixels have samples of both", name,
       mixed, W);
    ok(mean == W, "%s: 4x by sample: %d of %d edge pixels' sample means are the resolve", name,
       mean, W);
out:
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                             (ID3D11ShaderResourceView *const[]){NULL});
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    set_tint(s, 1, 1, 1, 1);
    if (ps)
        ID3D11PixelShader_Release(ps);
    for (int k = 0; k < 4; k++)
        free(smp[k]);
}

/* Resolves through sRGB views average linear values (D3D's rule; Vulkan's
 * own resolve may average the encoded ones): half of a white 4x target's
 * samples drawn green (a sample mask of 3), resolved as R8G8B8A8_UNORM_SRGB
 * (of a typeless pair and of sRGB textures) reads 0xbc in red and blue,
 * as R8G8B8A8_UNORM 0x80. */
static void test_srgb_resolve(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT white[4] = {1, 1, 1, 1};
    static const struct {
        DXGI_FORMAT storage, dst_storage, view, resolve;
        uint32_t want;
    } cases[] = {
        {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_TYPELESS,
         DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0xffbcffbc},
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
         DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0xffbcffbc},
        {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_TYPELESS,
         DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM, 0xff80ff80},
        {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_TYPELESS,
         DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0xffbcffbc},
        /* textures of two members of the family (one stored sRGB, one
         * typeless): as sRGB, and as UNORM */
        {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_TYPELESS,
         DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 0xffbcffbc},
        {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM,
         DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, 0xff80ff80},
    };
    UINT q = 0;
    uint32_t *px = malloc(W * H * 4);

    ID3D11Device_CheckMultisampleQualityLevels(s->dev, DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, &q);
    if (!q || !px) {
        skip("%s: no 4x R8G8B8A8 here", name);
        free(px);
        return;
    }
    for (size_t c = 0; c < ARRAY_N(cases); c++) {
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, cases[c].storage, {4, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
        D3D11_RENDER_TARGET_VIEW_DESC rd = {cases[c].view, D3D11_RTV_DIMENSION_TEXTURE2DMS};
        ID3D11Texture2D *ms = NULL, *one = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &ms);
        td.SampleDesc.Count = 1;
        td.Format = cases[c].dst_storage;
        ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &one);
        if (ms)
            ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)ms, &rd, &rtv);
        if (ok(ms && one && rtv, "%s: sRGB resolve %zu: the textures", name, c)) {
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, white);
            ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
            ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 3);
            set_tint(s, 1, 1, 1, 1);
            draw_tri_color(s, full, (const float[4]){0, 1, 0, 1});
            ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffff);
            ID3D11DeviceContext_ResolveSubresource(s->ctx, (ID3D11Resource *)one, 0,
                                                   (ID3D11Resource *)ms, 0, cases[c].resolve);
            if (read_texels(s->dev, s->ctx, one, W, H, px)) {
                /* (read as bytes R, G, B, A: 0xAABBGGRR) */
                uint32_t got = px[(H / 2) * W + W / 2];
                uint32_t argb = (got & 0xff00ff00u) | (got & 0xff) << 16 | (got >> 16 & 0xff);
                ok(e2e_color_near(argb, cases[c].want, 2),
                   "%s: sRGB resolve %zu: %08x, expected %08x", name, c, argb, cases[c].want);
            }
        }
        IUnknown *objs[] = {(IUnknown *)rtv, (IUnknown *)one, (IUnknown *)ms};
        release_all(objs, ARRAY_N(objs));
    }
    bind_scene(s, s->ctx);
    free(px);
}

/* A target the pixel shader writes nothing to keeps its contents (D3D11;
 * Vulkan leaves such an attachment undefined, so the pipeline masks it):
 * the scene's shader writes SV_Target0 alone, into a second texture at
 * slot 0, with the scene's target at slot 1, then at slot 0 and 2 around
 * a gap, each with blending on and off (the write masks of the state's
 * blend description, static or dynamic per device). */
static void test_unwritten_target(struct scene *s, const char *name)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const FLOAT green[4] = {0, 1, 0, 1};
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BLEND_DESC bd = {0};
    ID3D11Texture2D *tex = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11BlendState *bs = NULL;
    uint32_t *px = malloc(W * H * 4);

    bd.IndependentBlendEnable = FALSE;
    bd.RenderTarget[0] = (D3D11_RENDER_TARGET_BLEND_DESC){
        TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,
        D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex);
    if (tex)
        ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)tex, NULL, &rtv);
    ID3D11Device_CreateBlendState(s->dev, &bd, &bs);
    if (!ok(px && rtv && bs, "%s: a second target and a blend state", name))
        goto out;
    set_tint(s, 1, 1, 1, 1);
    for (int blend = 0; blend < 2; blend++) {
        ID3D11RenderTargetView *two[2] = {rtv, s->rtv};
        ID3D11RenderTargetView *gap[3] = {s->rtv, NULL, rtv};
        ID3D11DeviceContext_OMSetBlendState(s->ctx, blend ? bs : NULL, NULL, 0xffffffffu);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, green);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 2, two, NULL);
        draw_tri(s, full);
        if (read_back(s, px))
            check(px, blend ? "blended: slot 1, not written, keeps its clear"
                            : "slot 1, not written, keeps its clear",
                  W / 2, H / 2, 0xff00ff00);
        ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, green);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 3, gap, NULL);
        draw_tri(s, full);
        if (read_back(s, px))
            check(px, blend ? "blended: slot 0 is written" : "slot 0 is written", W / 2, H / 2,
                  0xffff8040);
        /* Slot 2 (rtv) again at slot 0: still its clear. */
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
        ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)s->target,
                                         (ID3D11Resource *)tex);
        if (read_back(s, px))
            check(px, blend ? "blended: slot 2, not written, keeps its clear"
                            : "slot 2, not written, keeps its clear",
                  W / 2, H / 2, 0xff00ff00);
    }
out:
    ID3D11DeviceContext_OMSetBlendState(s->ctx, NULL, NULL, 0xffffffffu);
    bind_scene(s, s->ctx);
    if (bs)
        ID3D11BlendState_Release(bs);
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (tex)
        ID3D11Texture2D_Release(tex);
    free(px);
}

/* GetRenderTargetSampleCount (sampleinfo of the rasterizer register, a
 * specialization constant of the module: binding.h) of a draw into the 4x
 * target (ms, its view rtv) and into the scene's; the 4x target's bindings again after. */
static void ms_rasterizer_count_check(struct scene *s, const char *name,
                                      ID3D11Texture2D *ms, ID3D11RenderTargetView *rtv,
                                      ID3D11DepthStencilView *dsv, uint32_t *px)
{
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static uint8_t code[512];
    size_t n = ps_with_tokens(ps_samples_tokens, ARRAY_N(ps_samples_tokens), code, sizeof(code));
    ID3D11PixelShader *ps = NULL;

    if (!ok(n && ID3D11Device_CreatePixelShader(s->dev, code, n, NULL, &ps) == S_OK,
            "%s: the sampleinfo pixel shader", name))
        return;
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, NULL);
    draw_tri(s, full);
    ID3D11DeviceContext_ResolveSubresource(s->ctx, (ID3D11Resource *)s->target, 0,
                                           (ID3D11Resource *)ms, 0,
                                           DXGI_FORMAT_R8G8B8A8_UNORM);
    if (read_back(s, px))
        check(px, "4x: the rasterizer's sample count (4 / 8)", 10, 10, 0x80808080);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    draw_tri(s, full);
    if (read_back(s, px))
        check(px, "1x: the rasterizer's sample count (1 / 8)", 10, 10, 0x20202020);
    ID3D11PixelShader_Release(ps);
    ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, dsv);
}

static void test_msaa(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {4, 0},
                               D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    static const float slant[6] = {-1, -1, 1, 1, 1, -1};
    static const float red[4] = {1, 0, 0, 1};
    static const FLOAT blue[4] = {0, 0, 1, 1};
    ID3D11Texture2D *ms = NULL, *msd = NULL, *d1 = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    ID3D11DepthStencilView *dsv = NULL, *dsv1 = NULL;
    ID3D11ShaderResourceView *srv = NULL;
    ID3D11DeviceContext *def = NULL;
    ID3D11CommandList *list = NULL;
    D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                        D3D11_RTV_DIMENSION_TEXTURE2D};
    D3D11_RENDER_TARGET_VIEW_DESC got;
    UINT levels = 9, support = 0;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    ok(ID3D11Device_CheckMultisampleQualityLevels(s->dev, DXGI_FORMAT_R8G8B8A8_UNORM, 4,
                                                  &levels) == S_OK && levels == 1,
       "%s: 4 samples of R8G8B8A8 have one quality level (%u)", name, levels);
    ok(ID3D11Device_CheckMultisampleQualityLevels(s->dev, DXGI_FORMAT_R8G8B8A8_UNORM, 3,
                                                  &levels) == S_OK && levels == 0,
       "%s: 3 samples have none", name);
    ID3D11Device_CheckFormatSupport(s->dev, DXGI_FORMAT_R8G8B8A8_UNORM, &support);
    ok((support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) &&
           (support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE),
       "%s: R8G8B8A8 renders and resolves multisampled (%#x)", name, support);
    /* Read by sample where the device has null descriptors (an empty
     * Texture2DMS slot; lavapipe and NVIDIA have them). */
    bool load = (support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD) != 0;
    ok(load == !getenv("NEREID_NO_NULL_VERTEX"),
       "%s: R8G8B8A8 multisampled textures are read by sample (%#x)", name, support);
    hr = ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &ms);
    ok(hr == S_OK && ms, "%s: a 4x render target: %#x", name, (unsigned)hr);
    td.SampleDesc.Count = 3;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == E_INVALIDARG,
       "%s: 3 samples are refused", name);
    td.SampleDesc.Count = 4;
    td.MipLevels = 2;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == E_INVALIDARG,
       "%s: a 4x mip chain is refused", name);
    td.MipLevels = 1;
    td.Usage = D3D11_USAGE_STAGING;
    td.BindFlags = 0;
    td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == E_INVALIDARG,
       "%s: a 4x STAGING texture is refused", name);
    td = (D3D11_TEXTURE2D_DESC){W, H, 1, 1, DXGI_FORMAT_D24_UNORM_S8_UINT, {4, 0},
                                D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &msd) == S_OK && msd,
       "%s: a 4x depth texture", name);
    td.SampleDesc.Count = 1;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &d1);
    if (!ok(ms && msd && d1 && px, "%s: the multisampled objects", name))
        goto out;
    ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)ms, &rd, NULL) ==
           E_INVALIDARG,
       "%s: a TEXTURE2D view of a 4x texture is refused", name);
    hr = ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ms, NULL, &srv);
    ok(load ? hr == S_OK && srv : hr == E_NOTIMPL && !srv,
       "%s: a shader-resource view of a 4x texture: %#x", name, (unsigned)hr);
    if (srv) {
        D3D11_SHADER_RESOURCE_VIEW_DESC sd;
        D3D11_SHADER_RESOURCE_VIEW_DESC arr = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                               D3D11_SRV_DIMENSION_TEXTURE2D};
        ID3D11ShaderResourceView_GetDesc(srv, &sd);
        ok(sd.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DMS &&
               sd.Format == DXGI_FORMAT_R8G8B8A8_UNORM,
           "%s: the view is TEXTURE2DMS (%u)", name, sd.ViewDimension);
        ok(ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ms, &arr, NULL) ==
               E_INVALIDARG,
           "%s: a TEXTURE2D shader-resource view of a 4x texture is refused", name);
    }
    ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)ms, NULL, &rtv);
    ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)msd, NULL, &dsv);
    ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)d1, NULL, &dsv1);
    if (!ok(rtv && dsv && dsv1, "%s: views of the 4x textures", name))
        goto out;
    ID3D11RenderTargetView_GetDesc(rtv, &got);
    ok(got.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DMS, "%s: the view is TEXTURE2DMS (%u)",
       name, got.ViewDimension);
    /* Into 4x colour and depth; resolved into the scene's target. */
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, rtv, blue);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH, 1.0f, 0);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, dsv);
    set_tint(s, 1, 1, 1, 1);
    draw_tri_z(s, slant, 0.5f, red);
    ID3D11DeviceContext_ResolveSubresource(s->ctx, (ID3D11Resource *)s->target, 0,
                                           (ID3D11Resource *)ms, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    if (read_back(s, px)) {
        int mixed = 0;
        for (int i = 0; i < W; i++) {
            uint32_t c = px[(H - 1 - i) * W + i]; /* the diagonal the edge runs along */
            if ((c & 0xff0000) && (c & 0xff) && (c & 0xff0000) != 0xff0000 && (c & 0xff) != 0xff)
                mixed++;
        }
        check(px, "4x: inside the triangle", W - 4, H / 2, 0xffff0000);
        check(px, "4x: outside", 3, H / 2, 0xff0000ff);
        ok(mixed > W / 4, "%s: 4x: %d of the edge's %d pixels blend the two colours", name,
           mixed, W);
        if (srv)
            ms_samples_check(s, name, srv, px);
    }
    /* A copy between two 4x textures keeps every sample: its resolve is
     * the first's. */
    {
        D3D11_TEXTURE2D_DESC cd;
        ID3D11Texture2D *ms2 = NULL;
        ID3D11Texture2D_GetDesc(ms, &cd);
        ID3D11Device_CreateTexture2D(s->dev, &cd, NULL, &ms2);
        if (ok(ms2 != NULL, "%s: a second 4x texture", name)) {
            static const FLOAT green[4] = {0, 1, 0, 1};
            ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, green);
            ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)ms2,
                                             (ID3D11Resource *)ms);
            ID3D11DeviceContext_ResolveSubresource(s->ctx, (ID3D11Resource *)s->target, 0,
                                                   (ID3D11Resource *)ms2, 0,
                                                   DXGI_FORMAT_R8G8B8A8_UNORM);
            uint32_t *px2 = malloc(W * H * 4);
            if (px2 && read_back(s, px2)) {
                int same = 0;
                for (int i = 0; i < W * H; i++)
                    same += e2e_color_near(px2[i], px[i], 1);
                ok(same == W * H, "%s: 4x copied: %d of %d resolved pixels as the source's",
                   name, same, W * H);
            }
            free(px2);
            ID3D11Texture2D_Release(ms2);
        }
    }
    /* A 4x target with a 1x depth view: nothing drawn, the context lives. */
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &rtv, dsv1);
    draw_tri_z(s, slant, 0.5f, blue);
    ID3D11DeviceContext_ClearRenderTargetView(s->ctx, s->rtv, blue);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    /* A resolve recorded on a deferred context, run on the immediate one. */
    if (ID3D11Device_CreateDeferredContext(s->dev, 0, &def) == S_OK) {
        ID3D11DeviceContext_ResolveSubresource(def, (ID3D11Resource *)s->target, 0,
                                               (ID3D11Resource *)ms, 0,
                                               DXGI_FORMAT_R8G8B8A8_UNORM);
        if (ID3D11DeviceContext_FinishCommandList(def, FALSE, &list) == S_OK)
            ID3D11DeviceContext_ExecuteCommandList(s->ctx, list, TRUE);
    }
    if (read_back(s, px)) {
        check(px, "4x, resolved by a command list: inside", W - 4, H / 2, 0xffff0000);
        check(px, "4x, resolved by a command list: outside", 3, H / 2, 0xff0000ff);
    }
    ms_rasterizer_count_check(s, name, ms, rtv, dsv, px);
out:
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
    IUnknown *all[] = {(IUnknown *)ms,  (IUnknown *)msd,  (IUnknown *)d1,
                       (IUnknown *)rtv, (IUnknown *)dsv,  (IUnknown *)dsv1,
                       (IUnknown *)list, (IUnknown *)def, (IUnknown *)srv};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* A texture of one subresource is also an IDXGISurface1 (1D and 2D; not of
 * two levels or two layers): its description, DXGI's Map of a STAGING one
 * (written through DXGI, read back through D3D11), its DXGI object the
 * texture's IDXGIResource, and GetDC refused for a texture that is not
 * GDI-compatible. */
static void test_dxgi_surface(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {4, 2, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_STAGING, 0,
                               D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE, 0};
    ID3D11Texture2D *tex = NULL, *two = NULL;
    IDXGISurface1 *surf = NULL;
    IDXGISurface *none = NULL;
    IUnknown *obj = NULL, *res = NULL;
    DXGI_SURFACE_DESC sd = {0};
    DXGI_MAPPED_RECT mr = {0};
    D3D11_MAPPED_SUBRESOURCE m;
    HDC dc = (HDC)1;
    bool good = false;

    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &tex);
    td.MipLevels = 2;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &two);
    if (!ok(tex && two, "%s: textures for surfaces", name))
        goto out;
    ok(ID3D11Texture2D_QueryInterface(tex, &IID_IDXGISurface1, (void **)&surf) == S_OK && surf,
       "%s: a texture of one subresource is an IDXGISurface1", name);
    ok(ID3D11Texture2D_QueryInterface(two, &IID_IDXGISurface, (void **)&none) ==
               E_NOINTERFACE && !none,
       "%s: one of two levels is not a surface", name);
    if (!surf)
        goto out;
    ok(IDXGISurface1_GetDesc(surf, &sd) == S_OK && sd.Width == 4 && sd.Height == 2 &&
           sd.Format == DXGI_FORMAT_R8G8B8A8_UNORM && sd.SampleDesc.Count == 1,
       "%s: the surface's description %ux%u format %u", name, sd.Width, sd.Height, sd.Format);
    ID3D11Texture2D_QueryInterface(tex, &IID_IDXGIResource, (void **)&res);
    IDXGISurface1_QueryInterface(surf, &IID_IDXGIObject, (void **)&obj);
    ok(res && obj == res, "%s: the surface's IDXGIObject is the texture's IDXGIResource", name);
    ok(IDXGISurface1_Map(surf, &mr, DXGI_MAP_WRITE) == S_OK && mr.pBits && mr.Pitch >= 16,
       "%s: DXGI's Map for writing (pitch %d)", name, mr.Pitch);
    if (mr.pBits) {
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 4; x++)
                ((uint32_t *)(mr.pBits + y * mr.Pitch))[x] = 0x01020304u * (uint32_t)(1 + x + 4 * y);
        IDXGISurface1_Unmap(surf);
    }
    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)tex, 0, D3D11_MAP_READ, 0, &m) ==
        S_OK) {
        good = ((uint32_t *)((uint8_t *)m.pData + m.RowPitch))[3] == 0x01020304u * 8u &&
               ((uint32_t *)m.pData)[0] == 0x01020304u;
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)tex, 0);
    }
    ok(good, "%s: what DXGI's Map wrote, D3D11's Map reads", name);
    ok(IDXGISurface1_Map(surf, &mr, DXGI_MAP_DISCARD) == E_INVALIDARG,
       "%s: DISCARD without WRITE is refused", name);
    ok(IDXGISurface1_GetDC(surf, FALSE, &dc) == DXGI_ERROR_INVALID_CALL && !dc,
       "%s: GetDC of a texture that is not GDI-compatible", name);
out:;
    IUnknown *all[] = {(IUnknown *)tex, (IUnknown *)two, (IUnknown *)surf, obj, res};
    release_all(all, ARRAY_N(all));
}

/* The depth a biased draw writes, read back from each depth format, against
 * D3D11's definition: a UNORM format's bias is DepthBias / (2^bits - 1), a
 * FLOAT one's DepthBias * 2^(e - 23) with e the exponent of the
 * primitive's largest z; a DepthBiasClamp of the bias's sign bounds it;
 * the default depth-stencil state (NULL) tests LESS and writes.  Drawn
 * with the pixel shader and again without one (a depth-only draw, which
 * leaves the render target as it was).  Vulkan leaves a UNORM format's
 * unit of bias to the device (lavapipe's D16 one is 0.05% short of
 * 1/65535), so UNORM depths may differ by 0.1% of the bias. */
static void depth_bias_values(struct scene *s, const char *name, bool with_ps)
{
    static const DXGI_FORMAT formats[] = {DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_D24_UNORM_S8_UINT,
                                          DXGI_FORMAT_D16_UNORM};
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    static const float red[4] = {1, 0, 0, 1};
    static const struct { float z; int exponent; } zs[] = {{0.125f, -3}, {0.5f, -1}};
    static const int biases[] = {-10000, -5, 7, 1000};
    static const float clamps[] = {0.0f, -1e-5f, 1e-5f};

    for (unsigned f = 0; f < ARRAY_N(formats); f++) {
        D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, formats[f], {1, 0}, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_DEPTH_STENCIL, 0, 0};
        ID3D11Texture2D *depth = NULL, *st = NULL;
        ID3D11DepthStencilView *dsv = NULL;
        unsigned bad = 0, total = 0;
        char first[160] = "";

        ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &depth);
        td.Usage = D3D11_USAGE_STAGING;
        td.BindFlags = 0;
        td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &st);
        if (depth)
            ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, NULL, &dsv);
        if (!ok(depth && st && dsv, "%s: depth format %u and its staging", name, formats[f]))
            goto next;
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, dsv);
        ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, NULL, 0);
        ID3D11DeviceContext_PSSetShader(s->ctx, with_ps ? s->ps : NULL, NULL, 0);
        clear(s);
        for (unsigned zi = 0; zi < ARRAY_N(zs); zi++)
            for (unsigned b = 0; b < ARRAY_N(biases); b++)
                for (unsigned c = 0; c < ARRAY_N(clamps); c++) {
                    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE,
                                                biases[b], clamps[c], 0, TRUE, FALSE, FALSE,
                                                FALSE};
                    ID3D11RasterizerState *rs = NULL;
                    D3D11_MAPPED_SUBRESOURCE m;
                    double bias, want, got = -1, tol;

                    if (ID3D11Device_CreateRasterizerState(s->dev, &rd, &rs) != S_OK)
                        continue;
                    ID3D11DeviceContext_RSSetState(s->ctx, rs);
                    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, dsv, D3D11_CLEAR_DEPTH,
                                                              1.0f, 0);
                    draw_tri_z(s, full, zs[zi].z, red);
                    ID3D11DeviceContext_CopyResource(s->ctx, (ID3D11Resource *)st,
                                                     (ID3D11Resource *)depth);
                    if (formats[f] == DXGI_FORMAT_D32_FLOAT) {
                        bias = biases[b] * ldexp(1.0, zs[zi].exponent - 23);
                        tol = ldexp(1.0, zs[zi].exponent - 23) * 2;
                    } else if (formats[f] == DXGI_FORMAT_D24_UNORM_S8_UINT) {
                        bias = biases[b] / 16777215.0;
                        tol = 1.5 / 16777215.0 + fabs(bias) * 1e-3;
                    } else {
                        bias = biases[b] / 65535.0;
                        tol = 1.5 / 65535.0 + fabs(bias) * 1e-3;
                    }
                    if (clamps[c] > 0 && bias > clamps[c])
                        bias = clamps[c];
                    if (clamps[c] < 0 && bias < clamps[c])
                        bias = clamps[c];
                    want = zs[zi].z + bias;
                    want = want < 0 ? 0 : want > 1 ? 1 : want;
                    if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ,
                                                0, &m) == S_OK) {
                        const uint8_t *p = (const uint8_t *)m.pData + 8 * m.RowPitch;
                        if (formats[f] == DXGI_FORMAT_D32_FLOAT)
                            got = ((const float *)p)[8];
                        else if (formats[f] == DXGI_FORMAT_D24_UNORM_S8_UINT)
                            got = (((const uint32_t *)p)[8] & 0xffffff) / 16777215.0;
                        else
                            got = ((const uint16_t *)p)[8] / 65535.0;
                        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
                    }
                    total++;
                    if (fabs(got - want) > tol) {
                        if (!bad++)
                            snprintf(first, sizeof(first),
                                     "z %g, bias %d, clamp %g: %.9g, expected %.9g", zs[zi].z,
                                     biases[b], clamps[c], got, want);
                    }
                    ID3D11RasterizerState_Release(rs);
                }
        ok(total == ARRAY_N(zs) * ARRAY_N(biases) * ARRAY_N(clamps) && !bad,
           "%s: format %u%s: %u of %u biased depths as D3D11 defines them (first: %s)", name,
           formats[f], with_ps ? "" : ", no pixel shader", total - bad, total, first);
        {
            uint32_t *px = malloc(W * H * 4);
            if (px && read_back(s, px))
                check(px,
                      with_ps ? "the biased draws' colour" : "no pixel shader: the target kept",
                      8, 8, with_ps ? 0xffff0000 : 0xff0000ff);
            free(px);
        }
    next:
        ID3D11DeviceContext_PSSetShader(s->ctx, s->ps, NULL, 0);
        ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, NULL);
        ID3D11DeviceContext_RSSetState(s->ctx, NULL);
        IUnknown *all[] = {(IUnknown *)depth, (IUnknown *)st, (IUnknown *)dsv};
        release_all(all, ARRAY_N(all));
    }
}

static void test_depth_bias_values(struct scene *s, const char *name)
{
    for (int with_ps = 1; with_ps >= 0; with_ps--)
        depth_bias_values(s, name, with_ps);
}

/* Read-only depth-stencil views (level 11_0): refused at 10_1; with one
 * bound, a LESS test with writes on leaves the depth as cleared (0.25),
 * and the depth texture's shader-resource view stays bound and is read in
 * the same draws; a writable view unbinds it again (the hazard rule). */
static void test_read_only_depth(struct scene *s10, const char *name)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static const float full[6] = {-1, 1, 3, 1, -1, -3};
    struct scene sc = {0}, *s = &sc;
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 1, DXGI_FORMAT_R32_TYPELESS, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0, 0};
    D3D11_DEPTH_STENCIL_VIEW_DESC dvd = {DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2D,
                                         D3D11_DSV_READ_ONLY_DEPTH};
    D3D11_SHADER_RESOURCE_VIEW_DESC svd = {DXGI_FORMAT_R32_FLOAT,
                                           D3D11_SRV_DIMENSION_TEXTURE2D,
                                           .Texture2D = {0, 1}};
    D3D11_DEPTH_STENCIL_DESC dd = {TRUE, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS,
                                   FALSE, 0xff, 0xff,
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS},
                                   {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                    D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS}};
    D3D11_DEPTH_STENCIL_VIEW_DESC got;
    ID3D11Texture2D *depth = NULL;
    ID3D11DepthStencilView *ro = NULL, *rw = NULL, *bad = NULL;
    ID3D11ShaderResourceView *srv = NULL, *bound = NULL;
    ID3D11DepthStencilState *less = NULL;
    ID3D11PixelShader *ps = NULL;
    uint32_t *px = malloc(W * H * 4);
    HRESULT hr;

    if (ID3D11Device_CreateTexture2D(s10->dev, &td, NULL, &depth) == S_OK) {
        hr = ID3D11Device_CreateDepthStencilView(s10->dev, (ID3D11Resource *)depth, &dvd, &bad);
        ok(hr == E_INVALIDARG && !bad, "%s: no read-only depth view at 10_1: %#x", name,
           (unsigned)hr);
        ID3D11Texture2D_Release(depth);
        depth = NULL;
    }
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                           D3D11_SDK_VERSION, &sc.dev, NULL, &sc.ctx);
    if (!ok(hr == S_OK, "%s: a device of level 11_0: %#x", name, (unsigned)hr) ||
        FAILED(make_scene(&sc, name)))
        goto out;
    ID3D11Device_CreateTexture2D(s->dev, &td, NULL, &depth);
    if (depth) {
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &dvd, &ro);
        dvd.Flags = D3D11_DSV_READ_ONLY_STENCIL;
        ok(ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &dvd, &bad) ==
                   E_INVALIDARG && !bad,
           "%s: read-only stencil of a format without stencil is E_INVALIDARG", name);
        dvd.Flags = 0;
        ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)depth, &dvd, &rw);
        ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)depth, &svd, &srv);
    }
    ID3D11Device_CreateDepthStencilState(s->dev, &dd, &less);
    ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_texture, sizeof(dxbc_ps_texture), NULL, &ps);
    if (!ok(ro && rw && srv && less && ps && px, "%s: the read-only view's objects", name))
        goto out;
    ID3D11DepthStencilView_GetDesc(ro, &got);
    ok(got.Flags == D3D11_DSV_READ_ONLY_DEPTH, "%s: GetDesc's Flags %#x", name, got.Flags);
    ID3D11DeviceContext_ClearDepthStencilView(s->ctx, rw, D3D11_CLEAR_DEPTH, 0.25f, 0);
    clear(s);
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, ro);
    ID3D11DeviceContext_OMSetDepthStencilState(s->ctx, less, 0);
    draw_tri_z(s, full, 0.1f, (const float[4]){1, 0, 0, 1});
    draw_tri_z(s, full, 0.2f, (const float[4]){0, 1, 0, 1});
    if (read_back(s, px))
        check(px, "a read-only depth view keeps the depth as cleared", 32, 32, 0xff00ff00);
    /* The depth texture read while its read-only view is bound, through
     * the default sampler (linear: lavapipe filters no depth format, so
     * the server samples it with nearest filters, not undefined ones). */
    ID3D11DeviceContext_PSSetShader(s->ctx, ps, NULL, 0);
    ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &srv);
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, &bound);
    ok(bound == srv, "%s: its shader-resource view stays bound", name);
    if (bound)
        ID3D11ShaderResourceView_Release(bound);
    draw_tri_z(s, full, 0.15f, (const float[4]){0.5f, 0.5f, 0, 1});
    if (read_back(s, px))
        check(px, "the depth read in the same draw", 32, 32, 0xff400000);
    /* A writable view: the hazard rule unbinds the reader. */
    ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, rw);
    bound = (ID3D11ShaderResourceView *)1;
    ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, &bound);
    ok(!bound, "%s: a writable depth view unbinds it", name);
    {
        /* A D24S8 texture's stencil read (X24_TYPELESS_G8_UINT) stays
         * bound with a read-only stencil view, not with a view that is
         * read-only in depth alone (it writes the stencil). */
        D3D11_TEXTURE2D_DESC sd = td;
        D3D11_DEPTH_STENCIL_VIEW_DESC sdv = {DXGI_FORMAT_D24_UNORM_S8_UINT,
                                             D3D11_DSV_DIMENSION_TEXTURE2D, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC ssv = {DXGI_FORMAT_X24_TYPELESS_G8_UINT,
                                               D3D11_SRV_DIMENSION_TEXTURE2D,
                                               .Texture2D = {0, 1}};
        ID3D11Texture2D *ds = NULL;
        ID3D11DepthStencilView *only[2] = {NULL, NULL};
        ID3D11ShaderResourceView *sten = NULL;
        sd.Format = DXGI_FORMAT_R24G8_TYPELESS;
        ID3D11Device_CreateTexture2D(s->dev, &sd, NULL, &ds);
        for (int k = 0; k < 2 && ds; k++) {
            sdv.Flags = k ? D3D11_DSV_READ_ONLY_STENCIL : D3D11_DSV_READ_ONLY_DEPTH;
            ID3D11Device_CreateDepthStencilView(s->dev, (ID3D11Resource *)ds, &sdv, &only[k]);
        }
        if (ds)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)ds, &ssv, &sten);
        if (ok(only[0] && only[1] && sten, "%s: a stencil view and read-only views", name))
            for (int k = 0; k < 2; k++) {
                ID3D11DeviceContext_OMSetRenderTargets(s->ctx, 1, &s->rtv, only[k]);
                ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1, &sten);
                bound = (ID3D11ShaderResourceView *)1;
                ID3D11DeviceContext_PSGetShaderResources(s->ctx, 0, 1, &bound);
                ok(k ? bound == sten : !bound, "%s: the stencil view %s a view read-only in %s",
                   name, k ? "stays bound with" : "is not bound with",
                   k ? "stencil" : "depth alone");
                if (bound && bound != (ID3D11ShaderResourceView *)1)
                    ID3D11ShaderResourceView_Release(bound);
            }
        ID3D11DeviceContext_PSSetShaderResources(s->ctx, 0, 1,
                                                 &(ID3D11ShaderResourceView *){NULL});
        IUnknown *objs[] = {(IUnknown *)ds, (IUnknown *)only[0], (IUnknown *)only[1],
                            (IUnknown *)sten};
        release_all(objs, ARRAY_N(objs));
    }
out:
    if (sc.ctx)
        ID3D11DeviceContext_ClearState(sc.ctx);
    IUnknown *all[] = {(IUnknown *)depth, (IUnknown *)ro,   (IUnknown *)rw,
                       (IUnknown *)srv,   (IUnknown *)less, (IUnknown *)ps};
    release_all(all, ARRAY_N(all));
    drop_scene(&sc, name, "the 11_0 device");
    free(px);
}

/* D3D11.3's creation methods of ID3D11Device3: the objects answer their
 * "1"/"2" interfaces and descriptions; the layouts, conservative modes and
 * context types D3D11 has beyond the plain ones are refused or kept. */
static void test_d3d11_3(struct scene *s, const char *name)
{
    ID3D11Device3 *d3 = NULL;
    D3D11_TEXTURE2D_DESC1 td = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0,
                                D3D11_TEXTURE_LAYOUT_UNDEFINED}, td_got;
    D3D11_TEXTURE3D_DESC1 vd = {4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE, 0, 0,
                                D3D11_TEXTURE_LAYOUT_UNDEFINED}, vd_got;
    D3D11_RASTERIZER_DESC2 rd = {D3D11_FILL_SOLID, D3D11_CULL_FRONT, TRUE, 3, 0, 0, TRUE,
                                 FALSE, FALSE, FALSE, 0,
                                 D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF}, rd_got;
    D3D11_QUERY_DESC1 qd = {D3D11_QUERY_EVENT, 0, D3D11_CONTEXT_TYPE_3D}, qd_got;
    ID3D11Texture2D1 *t2 = NULL, *bad2 = NULL;
    ID3D11Texture3D1 *t3 = NULL;
    ID3D11RasterizerState2 *rs = NULL, *bad_rs = NULL;
    ID3D11Query1 *q = NULL;
    ID3D11Texture2D *plain = NULL;
    IUnknown *back = NULL;

    if (!ok(ID3D11Device_QueryInterface(s->dev, &IID_ID3D11Device3, (void **)&d3) == S_OK && d3,
            "%s: ID3D11Device3", name))
        return;
    ok(ID3D11Device3_CreateTexture2D1(d3, &td, NULL, &t2) == S_OK && t2,
       "%s: CreateTexture2D1", name);
    if (t2) {
        ID3D11Texture2D1_GetDesc1(t2, &td_got);
        ok(!memcmp(&td_got, &td, sizeof(td)), "%s: its GetDesc1", name);
        ok(ID3D11Texture2D1_QueryInterface(t2, &IID_ID3D11Texture2D, (void **)&plain) == S_OK &&
               (void *)plain == (void *)t2,
           "%s: the same object as an ID3D11Texture2D", name);
        if (plain)
            ID3D11Texture2D_Release(plain);
        ID3D11Texture2D1_Release(t2);
    }
    td.TextureLayout = D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE;
    ok(ID3D11Device3_CreateTexture2D1(d3, &td, NULL, &bad2) == E_INVALIDARG && !bad2,
       "%s: a standard-swizzle layout is E_INVALIDARG", name);
    /* A D3D11.0 texture answers the "1" interface too. */
    {
        D3D11_TEXTURE2D_DESC d0 = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        if (ID3D11Device_CreateTexture2D(s->dev, &d0, NULL, &plain) == S_OK) {
            ok(ID3D11Texture2D_QueryInterface(plain, &IID_ID3D11Texture2D1, (void **)&back) ==
                   S_OK,
               "%s: an ID3D11Texture2D is an ID3D11Texture2D1", name);
            if (back)
                back->lpVtbl->Release(back);
            ID3D11Texture2D_Release(plain);
        }
    }
    ok(ID3D11Device3_CreateTexture3D1(d3, &vd, NULL, &t3) == S_OK && t3,
       "%s: CreateTexture3D1", name);
    if (t3) {
        ID3D11Texture3D1_GetDesc1(t3, &vd_got);
        ok(!memcmp(&vd_got, &vd, sizeof(vd)), "%s: its GetDesc1", name);
        ID3D11Texture3D1_Release(t3);
    }
    ok(ID3D11Device3_CreateRasterizerState2(d3, &rd, &rs) == S_OK && rs,
       "%s: CreateRasterizerState2", name);
    if (rs) {
        ID3D11RasterizerState2_GetDesc2(rs, &rd_got);
        ok(!memcmp(&rd_got, &rd, sizeof(rd)), "%s: its GetDesc2", name);
        ID3D11RasterizerState2_Release(rs);
    }
    rd.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    ok(ID3D11Device3_CreateRasterizerState2(d3, &rd, &bad_rs) == E_INVALIDARG && !bad_rs,
       "%s: conservative rasterization is E_INVALIDARG", name);
    /* Views of plane 0 (no planar format is offered). */
    {
        D3D11_TEXTURE2D_DESC d0 = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC1 sd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                               D3D11_SRV_DIMENSION_TEXTURE2D,
                                               .Texture2D = {0, 1, 0}}, sd_got;
        D3D11_RENDER_TARGET_VIEW_DESC1 rtd = {DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D11_RTV_DIMENSION_TEXTURE2D,
                                              .Texture2D = {0, 0}}, rtd_got;
        ID3D11ShaderResourceView1 *sv = NULL, *bad_sv = NULL;
        ID3D11RenderTargetView1 *rv = NULL;
        plain = NULL;
        ID3D11Device_CreateTexture2D(s->dev, &d0, NULL, &plain);
        if (plain) {
            ok(ID3D11Device3_CreateShaderResourceView1(d3, (ID3D11Resource *)plain, &sd, &sv) ==
                       S_OK && sv,
               "%s: CreateShaderResourceView1", name);
            if (sv) {
                ID3D11ShaderResourceView1_GetDesc1(sv, &sd_got);
                ok(!memcmp(&sd_got, &sd, sizeof(sd)), "%s: its GetDesc1", name);
                ID3D11ShaderResourceView1_Release(sv);
            }
            sd.Texture2D.PlaneSlice = 1;
            ok(ID3D11Device3_CreateShaderResourceView1(d3, (ID3D11Resource *)plain, &sd,
                                                       &bad_sv) == E_INVALIDARG && !bad_sv,
               "%s: plane 1 of a format of one plane is E_INVALIDARG", name);
            ok(ID3D11Device3_CreateRenderTargetView1(d3, (ID3D11Resource *)plain, &rtd, &rv) ==
                       S_OK && rv,
               "%s: CreateRenderTargetView1", name);
            if (rv) {
                ID3D11RenderTargetView1_GetDesc1(rv, &rtd_got);
                ok(!memcmp(&rtd_got, &rtd, sizeof(rtd)), "%s: its GetDesc1", name);
                ID3D11RenderTargetView1_Release(rv);
            }
            ID3D11Texture2D_Release(plain);
        }
    }
    ok(ID3D11Device3_CreateQuery1(d3, &qd, &q) == S_OK && q, "%s: CreateQuery1", name);
    if (q) {
        ID3D11Query1_GetDesc1(q, &qd_got);
        ok(!memcmp(&qd_got, &qd, sizeof(qd)), "%s: its GetDesc1", name);
        ID3D11Query1_Release(q);
    }
    ID3D11Device3_Release(d3);
}

/* ------------------------------------------------------ tessellation */

/* A hull or domain program of dxbc_tess.h made into a container. */
static size_t tess_code(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    uint32_t t[256];
    size_t n = count <= 256 ? (memcpy(t, tokens, count * 4), dxbc_tess_build(t, count, out, cap))
                            : 0;
    ok(n > 0, "a tessellation program assembled");
    return n;
}

/* The red of a pixel (0xAARRGGBB). */
static uint32_t red_of(uint32_t c)
{
    return c >> 16 & 0xff;
}

/* Hull and domain shaders: a triangle patch cut by the factors in the
 * hull stage's b0 (dxbc_tess.h: the domain shader writes 8 * u * v in
 * red, zero at the corners, so that a pixel at the patch's middle is red
 * only when the tessellator made points inside it); the stages' setters
 * and getters, D3D11.1's ranges on them, patch topologies without the
 * stages and the stages without a patch topology (nothing drawn), and the
 * refusals. */
static void test_tessellation(struct scene *s10, const char *name)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static uint8_t hcode[2048], dcode[2048];
    struct scene sc = {0}, *s = &sc;
    size_t hn = tess_code(hs_tri_tokens, ARRAY_N(hs_tri_tokens), hcode, sizeof(hcode));
    size_t dn = tess_code(ds_tri_tokens, ARRAY_N(ds_tri_tokens), dcode, sizeof(dcode));
    /* Bottom left, top left, bottom right: its middle (-0.25, -0.25) is
     * pixel (24, 40). */
    static const struct vertex tri[3] = {{-0.75f, -0.75f, 0.5f, 0, 1, 0, 1},
                                         {-0.75f, 0.75f, 0.5f, 0, 1, 0, 1},
                                         {0.75f, -0.75f, 0.5f, 0, 1, 0, 1}};
    const float coarse[4] = {1, 1, 1, 1}, fine[4] = {8, 8, 8, 8};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {coarse, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0, 0, TRUE,
                                FALSE, FALSE, FALSE};
    ID3D11HullShader *hs = NULL, *got_hs = NULL;
    ID3D11DomainShader *ds = NULL, *got_ds = NULL;
    ID3D11Buffer *cb = NULL, *got_cb = NULL;
    ID3D11RasterizerState *rs = NULL;
    ID3D11DeviceContext1 *c1 = NULL;
    uint32_t *px = malloc(W * H * 4);
    UINT first = 1, count = 1;
    HRESULT hr;

    /* The scene's device (10_1) has no tessellation: a device of 11_0. */
    hr = ID3D11Device_CreateHullShader(s10->dev, hcode, hn, NULL, &hs);
    ok(hr == E_INVALIDARG && !hs, "%s: no hull shader at 10_1: %#x", name, (unsigned)hr);
    hr = ID3D11Device_CreateDomainShader(s10->dev, dcode, dn, NULL, &ds);
    ok(hr == E_INVALIDARG && !ds, "%s: no domain shader at 10_1: %#x", name, (unsigned)hr);
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                           D3D11_SDK_VERSION, &sc.dev, NULL, &sc.ctx);
    if (!ok(hr == S_OK, "%s: a device of level 11_0: %#x", name, (unsigned)hr) ||
        FAILED(make_scene(&sc, name)))
        goto out;
    hr = ID3D11Device_CreateHullShader(s->dev, hcode, hn, NULL, &hs);
    if (hr == E_NOTIMPL && getenv("NEREID_NO_TESSELLATION")) {
        ok(!hs, "%s: no hull shader on a device without tessellation", name);
        ok(ID3D11Device_CreateDomainShader(s->dev, dcode, dn, NULL, &ds) == E_NOTIMPL && !ds,
           "%s: nor a domain shader", name);
        skip("%s: the device has no tessellation", name);
        goto out;
    }
    ok(hr == S_OK && hs, "%s: CreateHullShader: %#x", name, (unsigned)hr);
    hr = ID3D11Device_CreateDomainShader(s->dev, dcode, dn, NULL, &ds);
    ok(hr == S_OK && ds, "%s: CreateDomainShader: %#x", name, (unsigned)hr);
    ok(ID3D11Device_CreateHullShader(s->dev, dcode, dn, NULL, &got_hs) == E_INVALIDARG &&
           !got_hs,
       "%s: a domain program is no hull shader", name);
    ok(ID3D11Device_CreateDomainShader(s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL,
                                       &got_ds) == E_INVALIDARG && !got_ds,
       "%s: a vertex program is no domain shader", name);
    ok(ID3D11Device_CreateHullShader(s->dev, hcode, hn, NULL, NULL) == S_FALSE,
       "%s: validation without an output is S_FALSE", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &cbd, &init, &cb) == S_OK, "%s: HS constants", name);
    ok(ID3D11Device_CreateRasterizerState(s->dev, &rd, &rs) == S_OK, "%s: no culling", name);
    if (!hs || !ds || !cb || !rs || !px)
        goto done;
    ID3D11DeviceContext_RSSetState(s->ctx, rs);
    set_tint(s, 1, 1, 1, 1);
    put_points(s, tri, 3);

    /* A patch list without the stages draws nothing; nor do the stages
     * without one. */
    clear(s);
    ID3D11DeviceContext_IASetPrimitiveTopology(
        s->ctx, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    ID3D11DeviceContext_HSSetShader(s->ctx, hs, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s->ctx, ds, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    if (read_back(s, px))
        check(px, "patches without the stages, the stages without patches", 24, 40,
              0xff0000ff);

    ID3D11DeviceContext_HSSetConstantBuffers(s->ctx, 0, 1, &cb);
    ID3D11DeviceContext_HSGetShader(s->ctx, &got_hs, NULL, NULL);
    ok(got_hs == hs, "%s: HSGetShader", name);
    ID3D11DeviceContext_DSGetShader(s->ctx, &got_ds, NULL, NULL);
    ok(got_ds == ds, "%s: DSGetShader", name);
    ID3D11DeviceContext_HSGetConstantBuffers(s->ctx, 0, 1, &got_cb);
    ok(got_cb == cb, "%s: HSGetConstantBuffers", name);
    IUnknown *got[] = {(IUnknown *)got_hs, (IUnknown *)got_ds, (IUnknown *)got_cb};
    release_all(got, ARRAY_N(got));
    got_cb = NULL;
    ID3D11DeviceContext_DSGetConstantBuffers(s->ctx, 0, 1, &got_cb);
    ok(!got_cb, "%s: the domain stage's b0 is its own", name);

    /* Factors 1: the corners alone, no red. */
    ID3D11DeviceContext_IASetPrimitiveTopology(
        s->ctx, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
    clear(s);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    if (read_back(s, px)) {
        check(px, "the patch, cut at its corners only", 24, 40, 0xff00ff00);
        check(px, "near its top corner", 9, 12, 0xff00ff00);
        check(px, "outside it", 40, 24, 0xff0000ff);
        check(px, "past its left edge", 3, 32, 0xff0000ff);
    }
    /* A geometry shader after the domain stage (its triangles in blue),
     * and the same with its triangles streamed out: the patch's one
     * triangle, as the domain stage placed its corners. */
    if (!getenv("NEREID_NO_GEOMETRY")) {
        static uint8_t gcode[2048];
        static const D3D11_SO_DECLARATION_ENTRY pos = {0, "SV_Position", 0, 0, 4, 0};
        size_t gn = gs_code(gs_blue_tokens, ARRAY_N(gs_blue_tokens), gcode, sizeof(gcode));
        D3D11_BUFFER_DESC sbd = {3 * 16, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
        ID3D11GeometryShader *gs = NULL, *sgs = NULL;
        ID3D11Buffer *sob = NULL;
        const UINT zero = 0;
        float got[12];
        ID3D11Device_CreateGeometryShader(s->dev, gcode, gn, NULL, &gs);
        ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, gcode, gn, &pos, 1, NULL, 0,
                                                          0, NULL, &sgs);
        ID3D11Device_CreateBuffer(s->dev, &sbd, NULL, &sob);
        if (ok(gs && sgs && sob, "%s: a geometry shader after tessellation, and its capture",
               name)) {
            ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px)) {
                check(px, "the patch through a geometry shader", 24, 40, 0xff0000ff);
                check(px, "and not outside it", 40, 24, 0xff0000ff);
            }
            ID3D11DeviceContext_GSSetShader(s->ctx, sgs, NULL, 0);
            ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &sob, &zero);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
            ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
            if (read_buffer(s->dev, s->ctx, sob, sizeof(got), got)) {
                bool found[3] = {false, false, false};
                for (int v = 0; v < 3; v++)
                    for (int c = 0; c < 3; c++)
                        found[c] |= fabsf(got[4 * v] - tri[c].x) < 1e-5f &&
                                    fabsf(got[4 * v + 1] - tri[c].y) < 1e-5f &&
                                    got[4 * v + 3] == 1.0f;
                ok(found[0] && found[1] && found[2],
                   "%s: the patch's triangle streamed out after tessellation: (%g %g) (%g %g) "
                   "(%g %g)", name, got[0], got[1], got[4], got[5], got[8], got[9]);
            }
        }
        IUnknown *objs[] = {(IUnknown *)gs, (IUnknown *)sgs, (IUnknown *)sob};
        release_all(objs, ARRAY_N(objs));
    }
    /* Factors 8: points inside it, red at its middle; the statistics
     * count one patch into the hull stage and the domain points. */
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, fine, 0, 0);
    clear(s);
    {
        D3D11_QUERY_DESC qd = {D3D11_QUERY_PIPELINE_STATISTICS, 0};
        D3D11_QUERY_DATA_PIPELINE_STATISTICS st;
        ID3D11Query *q = NULL;
        if (ID3D11Device_CreateQuery(s->dev, &qd, &q) == S_OK) {
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q);
            memset(&st, 0xa5, sizeof(st));
            ok(wait_data(s, q, &st, sizeof(st)) == S_OK, "%s: the patch's statistics", name);
            /* Factors 8 on a triangle: 3 outer edges of 8 segments and
             * inner rings: far more than 30 domain points. */
            ok(st.IAVertices == 3 && st.IAPrimitives == 1 && st.HSInvocations == 1 &&
                   st.DSInvocations >= 30 && st.CInvocations >= 32,
               "%s: a patch: IA %llu %llu, HS %llu, DS %llu, clipper %llu", name,
               (unsigned long long)st.IAVertices, (unsigned long long)st.IAPrimitives,
               (unsigned long long)st.HSInvocations, (unsigned long long)st.DSInvocations,
               (unsigned long long)st.CInvocations);
            ID3D11Query_Release(q);
        } else {
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        }
    }
    if (read_back(s, px)) {
        uint32_t mid = px[40 * W + 24];
        ok(red_of(mid) > 150 && (mid & 0xff00ff00u) == 0xff00ff00u,
           "%s: the patch cut finely is red at its middle: %08x", name, mid);
        check(px, "and still not outside it", 40, 24, 0xff0000ff);
        check(px, "nor past its left edge", 3, 32, 0xff0000ff);
    }
    /* Both in one frame: the factors change between two draws (left half
     * coarse, right half fine) with nothing read back between them. */
    {
        D3D11_VIEWPORT left = {0, 0, W / 2, H, 0, 1}, right = {W / 2, 0, W / 2, H, 0, 1},
                       whole = {0, 0, W, H, 0, 1};
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, coarse,
                                              0, 0);
        clear(s);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &left);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)cb, 0, NULL, fine, 0,
                                              0);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &right);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &whole);
        if (read_back(s, px)) {
            uint32_t mid = px[40 * W + W / 2 + 12];
            check(px, "the coarse patch of a frame", 12, 40, 0xff00ff00);
            ok(red_of(mid) > 150 && (mid & 0xff00ff00u) == 0xff00ff00u,
               "%s: the fine patch drawn after it in the frame: %08x", name, mid);
        }
    }
    /* D3D11.1's ranges on the hull stage: constants from the second
     * 16-constant block of a larger buffer. */
    if (ID3D11DeviceContext_QueryInterface(s->ctx, &IID_ID3D11DeviceContext1, (void **)&c1) ==
        S_OK) {
        float big[64 * 4] = {0};
        D3D11_BUFFER_DESC bd = {sizeof(big), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER,
                                0, 0, 0};
        D3D11_SUBRESOURCE_DATA bi = {big, 0, 0};
        ID3D11Buffer *bigcb = NULL;
        for (int i = 0; i < 4; i++)
            big[i] = 8, big[16 * 4 + i] = 1; /* block 0: fine; block 1: coarse */
        first = 16, count = 16;
        if (ID3D11Device_CreateBuffer(s->dev, &bd, &bi, &bigcb) == S_OK) {
            UINT f = 0, c = 0;
            ID3D11DeviceContext1_HSSetConstantBuffers1(c1, 0, 1, &bigcb, &first, &count);
            ID3D11DeviceContext1_HSGetConstantBuffers1(c1, 0, 1, &got_cb, &f, &c);
            ok(got_cb == bigcb && f == 16 && c == 16, "%s: HSGetConstantBuffers1: %u, %u",
               name, f, c);
            if (got_cb)
                ID3D11Buffer_Release(got_cb);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "factors from the range's first constant", 24, 40, 0xff00ff00);
            ID3D11Buffer_Release(bigcb);
        }
        ID3D11DeviceContext1_Release(c1);
    }
    /* Hull and domain shaders sampling textures (t1 through s2, each stage
     * its own): the hull stage's factors are the texel's red (1 through a
     * sampler that wraps; 0, the patch culled, through one that clamps),
     * the domain stage's colour the texel (orange wrapping, cyan
     * clamping). */
    {
        static uint8_t htc[2048], dtc[2048];
        size_t htn = tess_code(hs_tex_tokens, ARRAY_N(hs_tex_tokens), htc, sizeof(htc));
        size_t dtn = tess_code(ds_tex_tokens, ARRAY_N(ds_tex_tokens), dtc, sizeof(dtc));
        ID3D11HullShader *hst = NULL;
        ID3D11DomainShader *dst = NULL;
        struct stage_tex st;
        hr = ID3D11Device_CreateHullShader(s->dev, htc, htn, NULL, &hst);
        ok(hr == S_OK && hst, "%s: a hull shader sampling a texture: %#x", name, (unsigned)hr);
        hr = ID3D11Device_CreateDomainShader(s->dev, dtc, dtn, NULL, &dst);
        ok(hr == S_OK && dst, "%s: a domain shader sampling a texture: %#x", name,
           (unsigned)hr);
        if (stage_tex_make(s, &st, name) && hst && dst) {
            ID3D11DeviceContext_HSSetShader(s->ctx, hst, NULL, 0);
            ID3D11DeviceContext_DSSetShader(s->ctx, dst, NULL, 0);
            stage_tex_bind(s, 'H', &st, false);
            stage_tex_bind(s, 'D', &st, false);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px)) {
                check(px, "HS and DS textures: the patch in the texel's colour", 24, 40,
                      STAGE_TEX_ORANGE);
                check(px, "HS and DS textures: outside it", 40, 24, 0xff0000ff);
            }
            stage_tex_bind(s, 'D', &st, true);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "the domain stage's sampler clamping", 24, 40, STAGE_TEX_CYAN);
            stage_tex_bind(s, 'H', &st, true);
            stage_tex_bind(s, 'D', &st, false);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "the hull stage's sampler clamping: factors 0, no patch", 24, 40,
                      0xff0000ff);
            ID3D11DeviceContext_HSSetShaderResources(s->ctx, 0, 2,
                                                     (ID3D11ShaderResourceView *[2]){0});
            ID3D11DeviceContext_DSSetShaderResources(s->ctx, 0, 2,
                                                     (ID3D11ShaderResourceView *[2]){0});
            ID3D11DeviceContext_HSSetSamplers(s->ctx, 0, 3, (ID3D11SamplerState *[3]){0});
            ID3D11DeviceContext_DSSetSamplers(s->ctx, 0, 3, (ID3D11SamplerState *[3]){0});
        }
        stage_tex_release(&st);
        IUnknown *objs[] = {(IUnknown *)hst, (IUnknown *)dst};
        release_all(objs, ARRAY_N(objs));
    }
    /* Hull and domain shaders reading buffers (t1, a Buffer<float4>, each
     * stage its own view): element 1 of the view gives the hull stage's
     * factors (its red: 1 from the first element on, 0 from the second,
     * the patch culled) and the domain stage's colour (yellow, cyan). */
    {
        static uint8_t hbc[2048], dbc[2048];
        static const float el[3][4] = {{0, 0, 0, 1}, {1, 1, 0, 1}, {0, 1, 1, 1}};
        size_t hbn = tess_code(hs_buf_tokens, ARRAY_N(hs_buf_tokens), hbc, sizeof(hbc));
        size_t dbn = tess_code(ds_buf_tokens, ARRAY_N(ds_buf_tokens), dbc, sizeof(dbc));
        D3D11_BUFFER_DESC bd = {sizeof(el), D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE,
                                0, 0, 0};
        D3D11_SUBRESOURCE_DATA bi = {el, 0, 0};
        D3D11_SHADER_RESOURCE_VIEW_DESC vd = {.Format = DXGI_FORMAT_R32G32B32A32_FLOAT,
                                              .ViewDimension = D3D11_SRV_DIMENSION_BUFFER};
        ID3D11HullShader *hsb = NULL;
        ID3D11DomainShader *dsb = NULL;
        ID3D11Buffer *buf = NULL;
        ID3D11ShaderResourceView *v0 = NULL, *v1 = NULL;
        hr = ID3D11Device_CreateHullShader(s->dev, hbc, hbn, NULL, &hsb);
        ok(hr == S_OK && hsb, "%s: a hull shader reading a buffer: %#x", name, (unsigned)hr);
        hr = ID3D11Device_CreateDomainShader(s->dev, dbc, dbn, NULL, &dsb);
        ok(hr == S_OK && dsb, "%s: a domain shader reading a buffer: %#x", name,
           (unsigned)hr);
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, &bi, &buf) == S_OK, "%s: HS/DS buffer", name);
        vd.Buffer.NumElements = 3;
        if (buf)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)buf, &vd, &v0);
        vd.Buffer.FirstElement = 1;
        vd.Buffer.NumElements = 2;
        if (buf)
            ID3D11Device_CreateShaderResourceView(s->dev, (ID3D11Resource *)buf, &vd, &v1);
        if (hsb && dsb && v0 && v1) {
            ID3D11DeviceContext_HSSetShader(s->ctx, hsb, NULL, 0);
            ID3D11DeviceContext_DSSetShader(s->ctx, dsb, NULL, 0);
            ID3D11DeviceContext_HSSetShaderResources(s->ctx, 1, 1, &v0);
            ID3D11DeviceContext_DSSetShaderResources(s->ctx, 1, 1, &v0);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px)) {
                check(px, "HS and DS buffers: the patch in element 1's colour", 24, 40,
                      0xffffff00);
                check(px, "HS and DS buffers: outside it", 40, 24, 0xff0000ff);
            }
            ID3D11DeviceContext_DSSetShaderResources(s->ctx, 1, 1, &v1);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "the domain stage's view from element 1", 24, 40, 0xff00ffff);
            ID3D11DeviceContext_HSSetShaderResources(s->ctx, 1, 1, &v1);
            ID3D11DeviceContext_DSSetShaderResources(s->ctx, 1, 1, &v0);
            clear(s);
            ID3D11DeviceContext_Draw(s->ctx, 3, 0);
            if (read_back(s, px))
                check(px, "the hull stage's view from element 1: factors 0, no patch", 24,
                      40, 0xff0000ff);
            ID3D11DeviceContext_HSSetShaderResources(s->ctx, 1, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
            ID3D11DeviceContext_DSSetShaderResources(s->ctx, 1, 1,
                                                     &(ID3D11ShaderResourceView *){NULL});
        }
        IUnknown *objs[] = {(IUnknown *)hsb, (IUnknown *)dsb, (IUnknown *)buf, (IUnknown *)v0,
                            (IUnknown *)v1};
        release_all(objs, ARRAY_N(objs));
    }
done:
    ID3D11DeviceContext_HSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_DSSetShader(s->ctx, NULL, NULL, 0);
    got_cb = NULL;
    ID3D11DeviceContext_HSSetConstantBuffers(s->ctx, 0, 1, &got_cb);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)hs, (IUnknown *)ds, (IUnknown *)cb, (IUnknown *)rs};
    release_all(all, ARRAY_N(all));
out:
    drop_scene(&sc, name, "the 11_0 device");
    free(px);
}

/* What stream output wrote: a vertex as vs_color writes it. */
struct so_vertex {
    float x, y, z, w, r, g, b, a;
};

/* The first count vertices of a buffer, through a STAGING buffer of their
 * size (CopySubresourceRegion of a box). */
static bool so_read(struct scene *s, ID3D11Buffer *b, UINT count, struct so_vertex *out)
{
    UINT size = count * (UINT)sizeof(*out);
    D3D11_BUFFER_DESC bd = {size, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
    D3D11_BOX box = {0, 0, 0, size, 1, 1};
    D3D11_MAPPED_SUBRESOURCE m;
    ID3D11Buffer *st = NULL;
    bool done = false;
    memset(out, 0xcd, size);
    if (ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &st) == S_OK) {
        ID3D11DeviceContext_CopySubresourceRegion(s->ctx, (ID3D11Resource *)st, 0, 0, 0, 0,
                                                  (ID3D11Resource *)b, 0, &box);
        if (ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)st, 0, D3D11_MAP_READ, 0, &m) ==
            S_OK) {
            memcpy(out, m.pData, size);
            ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)st, 0);
            done = true;
        }
        ID3D11Buffer_Release(st);
    }
    return ok(done, "stream-output buffer read back");
}

static void so_check(const struct so_vertex *got, const struct vertex *in, const char *what,
                     UINT i)
{
    struct so_vertex want = {in->x, in->y, in->z, 1, in->r, in->g, in->b, in->a};
    ok(!memcmp(got, &want, sizeof(want)),
       "%s: vertex %u is (%g %g %g %g | %g %g %g %g), expected (%g %g %g 1 | %g %g %g %g)",
       what, i, got->x, got->y, got->z, got->w, got->r, got->g, got->b, got->a, in->x, in->y,
       in->z, in->r, in->g, in->b, in->a);
}

static D3D11_QUERY_DATA_SO_STATISTICS so_stats(struct scene *s, ID3D11Query *q)
{
    D3D11_QUERY_DATA_SO_STATISTICS st = {~0ull, ~0ull};
    ok(wait_data(s, q, &st, sizeof(st)) == S_OK, "SO statistics answered");
    return st;
}

/* Stream output: of a vertex shader's outputs (a geometry shader made of
 * its bytecode) and of a geometry shader, read back exactly; appending
 * across draws and SOSetTargets(-1); DrawAuto drawing what was written;
 * the statistics and the overflow predicate of a buffer too small; the
 * declaration checks. */
/* Stream output of parts of outputs, of one output more than once, into
 * two slots (vkd3d-shader captures an output whole and once, and counts
 * offsets across slots; the server captures the rest and sets the
 * offsets): per vertex of vs_color's (x y z 1 | r g b a),
 *   slot 0 (stride 20): g b | a gap | a | r
 *   slot 1 (stride 20): x y z 1 | 4 bytes no entry names
 * where nothing is captured the buffer keeps its bytes.  Through the
 * vertex shader, then through gs_pair (a point, then it moved by b0, which
 * is 0 here). */
/* Strips written as triangles, in D3D's order (a strip's triangle i is
 * i, i+1, i+2, and i, i+2, i+1 where i is odd: the order the D3D9 DDI
 * documents for strips, and Vulkan's), the strips of a geometry shader cut
 * where it cuts them: x of a triangle strip of 5 vertices through the
 * vertex shader, then (x, y) of gs_strips_tokens' two strips for each of
 * two points. */
static void so_strips(struct scene *s, const char *name, ID3D11Buffer *vb)
{
    static const D3D11_SO_DECLARATION_ENTRY x_decl = {0, "SV_Position", 0, 0, 1, 0};
    static const D3D11_SO_DECLARATION_ENTRY xy_decl = {0, "SV_Position", 0, 0, 2, 0};
    static const struct vertex strip[5] = {
        {0, 0, 0.5f, 1, 1, 1, 1}, {1, 0, 0.5f, 1, 1, 1, 1}, {2, 0, 0.5f, 1, 1, 1, 1},
        {3, 0, 0.5f, 1, 1, 1, 1}, {4, 0, 0.5f, 1, 1, 1, 1},
    };
    static const struct vertex points[2] = {{10, 1, 0, 1, 1, 1, 1}, {20, 2, 0, 1, 1, 1, 1}};
    static const float vs_want[9] = {0, 1, 2, 1, 3, 2, 2, 3, 4};
    static const int gs_want[9] = {0, 1, 2, 1, 3, 2, 4, 5, 6};
    static uint8_t code[2048];
    const UINT vstride = sizeof(struct vertex), zero = 0, xs = 4, xys = 8;
    const float move[4] = {1, 0, 0, 0};
    D3D11_BUFFER_DESC bd = {36 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA cinit = {move, 0, 0};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_SO_STATISTICS, 0};
    size_t n = gs_code(gs_strips_tokens, ARRAY_N(gs_strips_tokens), code, sizeof(code));
    ID3D11GeometryShader *vs_so = NULL, *gs_so = NULL;
    ID3D11Buffer *out = NULL, *cb = NULL;
    ID3D11Query *stats = NULL;
    float got[36];
    D3D11_BOX box = {0, 0, 0, sizeof(strip), 1, 1};

    ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
           s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), &x_decl, 1, &xs, 1,
           D3D11_SO_NO_RASTERIZED_STREAM, NULL, &vs_so) == S_OK &&
           ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, code, n, &xy_decl, 1, &xys,
                                                             1, D3D11_SO_NO_RASTERIZED_STREAM,
                                                             NULL, &gs_so) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &out) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &cbd, &cinit, &cb) == S_OK &&
           ID3D11Device_CreateQuery(s->dev, &qd, &stats) == S_OK,
       "%s: the strips' shaders, buffer and query", name);
    if (!vs_so || !gs_so || !out || !cb || !stats)
        goto done;
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, &box, strip, 0, 0);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &vstride, &zero);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
    ID3D11DeviceContext_GSSetShader(s->ctx, vs_so, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Draw(s->ctx, 5, 0);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    if (read_buffer(s->dev, s->ctx, out, 36 * 4, got)) {
        D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
        ok(!memcmp(got, vs_want, sizeof(vs_want)) && st.NumPrimitivesWritten == 3,
           "%s: a strip through the vertex shader as triangles (%u written): %g %g %g | %g %g "
           "%g | %g %g %g", name, (unsigned)st.NumPrimitivesWritten, got[0], got[1], got[2],
           got[3], got[4], got[5], got[6], got[7], got[8]);
    }
    box.right = sizeof(points);
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, &box, points, 0, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_GSSetShader(s->ctx, gs_so, NULL, 0);
    ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 1, &cb);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Draw(s->ctx, 2, 0);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    if (read_buffer(s->dev, s->ctx, out, sizeof(got), got)) {
        D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
        ok(st.NumPrimitivesWritten == 6 && st.PrimitivesStorageNeeded == 6,
           "%s: the geometry shader's strips, 6 triangles: %u written, %u needed", name,
           (unsigned)st.NumPrimitivesWritten, (unsigned)st.PrimitivesStorageNeeded);
        for (int p = 0; p < 2; p++)
            for (int v = 0; v < 9; v++) {
                const float *g = &got[2 * (9 * p + v)];
                ok(g[0] == points[p].x + (float)gs_want[v] && g[1] == points[p].y,
                   "%s: point %d's strips, vertex %d: (%g %g), want (%g %g)", name, p, v, g[0],
                   g[1], points[p].x + (float)gs_want[v], points[p].y);
            }
    }
    /* Into a buffer of four triangles: the first point's three and the
     * second's first, then the capture stops (6 needed). */
    {
        D3D11_BUFFER_DESC sd = {4 * 3 * 8, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0,
                                0};
        ID3D11Buffer *small = NULL;
        float part[24];
        if (ID3D11Device_CreateBuffer(s->dev, &sd, NULL, &small) == S_OK) {
            ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &small, &zero);
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
            ID3D11DeviceContext_Draw(s->ctx, 2, 0);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
            ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
            if (read_buffer(s->dev, s->ctx, small, sizeof(part), part)) {
                D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
                bool same = true;
                for (int v = 0; v < 12; v++)
                    same &= part[2 * v] == points[v / 9].x + (float)gs_want[v % 9] &&
                            part[2 * v + 1] == points[v / 9].y;
                ok(same && st.NumPrimitivesWritten == 4 && st.PrimitivesStorageNeeded == 6,
                   "%s: four of the strips' six triangles fit (%u written, %u needed; "
                   "vertex 9: %g %g)", name, (unsigned)st.NumPrimitivesWritten,
                   (unsigned)st.PrimitivesStorageNeeded, part[18], part[19]);
            }
            ID3D11Buffer_Release(small);
        }
    }
done:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 0, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)vs_so, (IUnknown *)gs_so, (IUnknown *)out, (IUnknown *)cb,
                       (IUnknown *)stats};
    release_all(all, ARRAY_N(all));
}

/* Instance ids captured: a vertex program's SV_VertexID and
 * SV_InstanceID (dxbc_vs_ids_build) streamed out of instanced draws, the
 * instances in order, SV_InstanceID counted from the draw's first
 * instance (emulated stream output draws each instance alone). */
static void so_instances(struct scene *s, const char *name, ID3D11Buffer *vb)
{
    static const D3D11_SO_DECLARATION_ENTRY decl = {0, "ID", 0, 0, 2, 0};
    static const D3D11_INPUT_ELEMENT_DESC element = {
        "POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    static const uint32_t want[7][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 0}};
    static uint8_t code[1024];
    size_t n = dxbc_vs_ids_build(code, sizeof(code));
    const UINT vstride = sizeof(struct vertex), zero = 0, stride = 8;
    D3D11_BUFFER_DESC bd = {16 * 8, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
    ID3D11VertexShader *vs = NULL;
    ID3D11GeometryShader *so = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *out = NULL;
    uint32_t got[16][2];

    ok(n && ID3D11Device_CreateVertexShader(s->dev, code, n, NULL, &vs) == S_OK &&
           ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, code, n, &decl, 1, &stride,
                                                             1, D3D11_SO_NO_RASTERIZED_STREAM,
                                                             NULL, &so) == S_OK &&
           ID3D11Device_CreateInputLayout(s->dev, &element, 1, code, n, &layout) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &out) == S_OK,
       "%s: the instance ids' shaders, layout and buffer", name);
    if (!vs || !so || !layout || !out)
        goto done;
    ID3D11DeviceContext_VSSetShader(s->ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(s->ctx, so, NULL, 0);
    ID3D11DeviceContext_IASetInputLayout(s->ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &vstride, &zero);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
    ID3D11DeviceContext_DrawInstanced(s->ctx, 2, 3, 0, 0);
    ID3D11DeviceContext_DrawInstanced(s->ctx, 1, 1, 0, 5);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    if (read_buffer(s->dev, s->ctx, out, sizeof(got), got))
        for (int i = 0; i < 7; i++)
            ok(got[i][0] == want[i][0] && got[i][1] == want[i][1],
               "%s: captured point %d: vertex %u, instance %u; want %u, %u", name, i, got[i][0],
               got[i][1], want[i][0], want[i][1]);
done:
    ID3D11DeviceContext_VSSetShader(s->ctx, s->vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)vs, (IUnknown *)so, (IUnknown *)layout, (IUnknown *)out};
    release_all(all, ARRAY_N(all));
}

static void so_parts(struct scene *s, const char *name, ID3D11Buffer *vb, const void *gs,
                     size_t gs_size)
{
    static const D3D11_SO_DECLARATION_ENTRY decl[] = {
        {0, "COLOR", 0, 1, 2, 0}, {0, NULL, 0, 0, 1, 0},          {0, "COLOR", 0, 3, 1, 0},
        {0, "COLOR", 0, 0, 1, 0}, {0, "SV_Position", 0, 0, 4, 1},
    };
    static const struct vertex tri[3] = {
        {-1, 1, 0.5f, 0.125f, 0.25f, 0.375f, 0.5f},
        {1, 1, 0.25f, 0.625f, 0.75f, 0.875f, 1},
        {-1, -1, 0.75f, 0.0625f, 0.1875f, 0.3125f, 0.4375f},
    };
    const UINT strides[2] = {20, 20}, vstride = sizeof(struct vertex), zero[2] = {0, 0};
    float fill[3 * 8];
    D3D11_BUFFER_DESC bd = {sizeof(fill), D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    const float nothing[4] = {0, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {fill, 0, 0}, cinit = {nothing, 0, 0};
    ID3D11GeometryShader *sh[2] = {NULL, NULL};
    ID3D11Buffer *out[2] = {NULL, NULL}, *cb = NULL;
    const D3D11_BOX box = {0, 0, 0, sizeof(tri), 1, 1};
    HRESULT hr;

    for (size_t i = 0; i < ARRAY_N(fill); i++)
        fill[i] = -7.0f;
    for (int k = 0; k < 2; k++) {
        hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
            s->dev, k ? gs : dxbc_vs_color, k ? gs_size : sizeof(dxbc_vs_color), decl,
            ARRAY_N(decl), strides, 2, D3D11_SO_NO_RASTERIZED_STREAM, NULL, &sh[k]);
        ok(hr == S_OK && sh[k], "%s: stream output of parts of outputs, %s: %#x", name,
           k ? "geometry shader" : "vertex shader", (unsigned)hr);
    }
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, &init, &out[0]) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &bd, &init, &out[1]) == S_OK &&
           ID3D11Device_CreateBuffer(s->dev, &cbd, &cinit, &cb) == S_OK,
       "%s: buffers of the parts", name);
    if (!sh[0] || !sh[1] || !out[0] || !out[1] || !cb)
        goto done;
    ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, &box, tri, 0, 0);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &vstride, zero);
    ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 1, &cb);
    for (int k = 0; k < 2; k++) {
        /* The vertex shader's triangle; the geometry shader's first point
         * (and its moved copy, the same with b0 zero). */
        UINT verts = k ? 2 : 3;
        struct so_vertex raw[2][3];
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)out[0], 0, NULL, fill,
                                              0, 0);
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)out[1], 0, NULL, fill,
                                              0, 0);
        ID3D11DeviceContext_GSSetShader(s->ctx, sh[k], NULL, 0);
        ID3D11DeviceContext_IASetPrimitiveTopology(
            s->ctx, k ? D3D11_PRIMITIVE_TOPOLOGY_POINTLIST : D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 2, out, zero);
        ID3D11DeviceContext_Draw(s->ctx, k ? 1 : 3, 0);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
        if (!so_read(s, out[0], 3, raw[0]) || !so_read(s, out[1], 3, raw[1]))
            continue;
        for (UINT v = 0; v < verts; v++) {
            const struct vertex *t = &tri[k ? 0 : v];
            const float *s0 = (const float *)raw[0] + 5 * v, *s1 = (const float *)raw[1] + 5 * v;
            const float want0[5] = {t->g, t->b, -7.0f, t->a, t->r};
            const float want1[5] = {t->x, t->y, t->z, 1, -7.0f};
            ok(!memcmp(s0, want0, sizeof(want0)) && !memcmp(s1, want1, sizeof(want1)),
               "%s: parts through the %s, vertex %u: slot 0 (%g %g | %g | %g | %g), "
               "slot 1 (%g %g %g %g | %g)", name, k ? "geometry shader" : "vertex shader", v,
               s0[0], s0[1], s0[2], s0[3], s0[4], s1[0], s1[1], s1[2], s1[3], s1[4]);
        }
    }
done:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 0, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)sh[0], (IUnknown *)sh[1], (IUnknown *)out[0],
                       (IUnknown *)out[1], (IUnknown *)cb};
    release_all(all, ARRAY_N(all));
}

/* Feature level 10_0's rules (as Windows answers; Wine's
 * test_fl10_stream_output_desc): stream 0 rasterized, at most one stride,
 * no strides without entries, and entries either all in slot 0 or one a
 * slot.  Each case is S_OK at level 11 (the scene's here). */
static void so_fl10(struct scene *s, const char *name, const void *gs, size_t gs_size)
{
    static const struct {
        D3D11_SO_DECLARATION_ENTRY e[3];
        UINT n, strides, rasterized;
        HRESULT hr10;
        const char *what;
    } cases[] = {
        {{{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}}, 2, 1, 0, S_OK,
         "two entries in slot 0, one stride"},
        {{{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 3}}, 2, 0, 0, S_OK,
         "one entry in each of two slots"},
        {{{0, "COLOR", 0, 0, 2, 0}, {0, "COLOR", 0, 2, 2, 1}}, 2, 0, 0, S_OK,
         "halves of one output in two slots"},
        {{{0, "SV_Position", 0, 0, 4, 0}}, 1, 0, D3D11_SO_NO_RASTERIZED_STREAM, E_INVALIDARG,
         "no rasterized stream"},
        {{{0, "SV_Position", 0, 0, 4, 0}}, 1, 0, 1, E_INVALIDARG, "rasterized stream 1"},
        {{{0, "SV_Position", 0, 0, 4, 0}}, 1, 2, 0, E_INVALIDARG, "two strides"},
        {{{0, "SV_Position", 0, 0, 4, 0}, {0, NULL, 0, 0, 1, 0}, {0, "COLOR", 0, 0, 4, 1}}, 3,
         0, 0, E_INVALIDARG, "two entries in slot 0 and one in slot 1"},
        {{{0, "SV_Position", 0, 0, 4, 2}, {0, "COLOR", 0, 0, 4, 2}}, 2, 0, 0, E_INVALIDARG,
         "two entries in slot 2"},
    };
    const UINT strides[2] = {64, 64};
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_0;
    ID3D11Device *dev10 = NULL;
    ID3D11GeometryShader *g;
    HRESULT hr;

    if (!ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                              D3D11_SDK_VERSION, &dev10, NULL, NULL) == S_OK,
            "%s: a device of level 10_0", name))
        return;
    for (size_t i = 0; i < ARRAY_N(cases); i++)
        for (int k = 0; k < 2; k++) {
            ID3D11Device *d = k ? dev10 : s->dev;
            HRESULT want = k ? cases[i].hr10 : S_OK;
            g = NULL;
            hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
                d, dxbc_vs_color, sizeof(dxbc_vs_color), cases[i].e, cases[i].n,
                cases[i].strides ? strides : NULL, cases[i].strides, cases[i].rasterized, NULL,
                &g);
            ok(hr == want && !g == (want != S_OK), "%s: level %s, %s: %#x", name,
               k ? "10_0" : "11", cases[i].what, (unsigned)hr);
            if (g)
                ID3D11GeometryShader_Release(g);
        }
    /* A geometry shader without entries: strides only at level 11. */
    for (int k = 0; k < 2; k++) {
        g = NULL;
        hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
            k ? dev10 : s->dev, gs, gs_size, NULL, 0, strides, 1, 0, NULL, &g);
        ok(hr == (k ? E_INVALIDARG : S_OK), "%s: level %s, strides without entries: %#x", name,
           k ? "10_0" : "11", (unsigned)hr);
        if (g)
            ID3D11GeometryShader_Release(g);
    }
    ID3D11Device_Release(dev10);
}

static void stream_output(struct scene *s, const char *name)
{
    static const D3D11_SO_DECLARATION_ENTRY decl[] = {
        {0, "SV_Position", 0, 0, 4, 0},
        {0, "COLOR", 0, 0, 4, 0},
    };
    static const struct vertex tri[6] = {
        /* upper-left half, red; then lower-right half, green (clockwise) */
        {-1, 1, 0.5f, 1, 0, 0, 1}, {1, 1, 0.5f, 1, 0, 0, 1}, {-1, -1, 0.5f, 1, 0, 0, 1},
        {1, 1, 0.25f, 0, 1, 0, 1}, {1, -1, 0.25f, 0, 1, 0, 1}, {-1, -1, 0.25f, 0, 1, 0, 1},
    };
    static const D3D11_INPUT_ELEMENT_DESC so_elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    static uint8_t code[2048];
    const UINT stride = 32, vstride = sizeof(struct vertex), zero = 0, append = (UINT)-1;
    D3D11_BUFFER_DESC bd = {12 * 32, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_BUFFER_DESC vbd = {6 * sizeof(struct vertex), D3D11_USAGE_DEFAULT,
                             D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_SO_STATISTICS, 0};
    D3D11_QUERY_DESC pd = {D3D11_QUERY_SO_OVERFLOW_PREDICATE, 0};
    D3D11_SUBRESOURCE_DATA init = {tri, 0, 0};
    ID3D11GeometryShader *so_vs = NULL, *so_gs = NULL, *bad = NULL;
    ID3D11Buffer *out = NULL, *small = NULL, *vb = NULL, *got[2] = {NULL, NULL};
    ID3D11Query *stats = NULL, *over = NULL;
    ID3D11InputLayout *layout = NULL;
    struct so_vertex v[12];
    uint32_t *px = malloc(W * H * 4);
    size_t n = gs_code(gs_pair_tokens, ARRAY_N(gs_pair_tokens), code, sizeof(code));
    HRESULT hr;

    if (getenv("NEREID_NO_GEOMETRY") || getenv("NEREID_NO_STREAM_OUTPUT")) {
        /* A device without stream output: its calls fail cleanly. */
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &out) == E_NOTIMPL && !out,
           "%s: no stream-output buffer without stream output", name);
        ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
               s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), decl, 2, &stride, 1,
               D3D11_SO_NO_RASTERIZED_STREAM, NULL, &so_vs) == E_NOTIMPL && !so_vs,
           "%s: no stream-output shader without stream output", name);
        ok(ID3D11Device_CreateQuery(s->dev, &qd, &stats) == E_NOTIMPL && !stats,
           "%s: no SO statistics query without stream output", name);
        ok(ID3D11Device_CreatePredicate(s->dev, &pd, (ID3D11Predicate **)&over) == E_NOTIMPL &&
               !over,
           "%s: no SO overflow predicate without stream output", name);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
        ID3D11DeviceContext_DrawAuto(s->ctx);
        skip("%s: the device has no stream output", name);
        free(px);
        return;
    }
    hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
        s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), decl, 2, &stride, 1,
        D3D11_SO_NO_RASTERIZED_STREAM, NULL, &so_vs);
    ok(hr == S_OK && so_vs, "%s: stream output of a vertex shader: %#x", name, (unsigned)hr);
    hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, code, n, decl, 2, NULL, 0,
                                                           D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                                                           &so_gs);
    ok(hr == S_OK && so_gs, "%s: stream output of a geometry shader: %#x", name, (unsigned)hr);
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &out) == S_OK, "%s: SO buffer", name);
    bd.ByteWidth = 100; /* one triangle of 96 bytes, not two */
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &small) == S_OK, "%s: small SO buffer",
       name);
    ok(ID3D11Device_CreateBuffer(s->dev, &vbd, &init, &vb) == S_OK, "%s: vertices", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd, &stats) == S_OK, "%s: SO statistics query",
       name);
    ok(ID3D11Device_CreatePredicate(s->dev, &pd, (ID3D11Predicate **)&over) == S_OK,
       "%s: SO overflow predicate", name);
    ok(ID3D11Device_CreateInputLayout(s->dev, so_elements, 2, dxbc_vs_color,
                                      sizeof(dxbc_vs_color), &layout) == S_OK,
       "%s: a layout of what SO wrote", name);
    if (!so_vs || !so_gs || !out || !small || !vb || !stats || !over || !layout || !px)
        goto done;

    /* The vertex shader's outputs of the first triangle, then appended
     * the second's: SOSetTargets with -1 continues where the last stopped. */
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &vstride, &zero);
    ID3D11DeviceContext_GSSetShader(s->ctx, so_vs, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
    ID3D11DeviceContext_SOGetTargets(s->ctx, 2, got);
    ok(got[0] == out && !got[1], "%s: SOGetTargets", name);
    if (got[0])
        ID3D11Buffer_Release(got[0]);
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &append);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Draw(s->ctx, 3, 3);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
    {
        D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
        ok(st.NumPrimitivesWritten == 1 && st.PrimitivesStorageNeeded == 1,
           "%s: one triangle written and needed: %llu, %llu", name,
           (unsigned long long)st.NumPrimitivesWritten,
           (unsigned long long)st.PrimitivesStorageNeeded);
    }
    /* A third draw appends without a new SOSetTargets. */
    ID3D11DeviceContext_Draw(s->ctx, 3, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    ID3D11DeviceContext_SOGetTargets(s->ctx, 1, got);
    ok(!got[0], "%s: targets unbound", name);
    if (so_read(s, out, 9, v)) {
        for (UINT i = 0; i < 6; i++)
            so_check(&v[i], &tri[i], "SO of a vertex shader, appended", i);
        for (UINT i = 6; i < 9; i++)
            so_check(&v[i], &tri[i - 6], "a third draw appending", i);
    }

    /* DrawAuto: the 9 vertices written, as a vertex buffer (x, y, z of
     * the position, the colour at 16), the last triangle drawn over the
     * first. */
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_IASetInputLayout(s->ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &out, &stride, &zero);
    set_tint(s, 1, 1, 1, 1);
    clear(s);
    ID3D11DeviceContext_DrawAuto(s->ctx);
    if (read_back(s, px)) {
        check(px, "DrawAuto's upper-left (red)", 8, 8, 0xffff0000);
        check(px, "DrawAuto's lower-right (green)", 56, 56, 0xff00ff00);
    }
    /* From an offset: the vertices after it (the last triangle alone). */
    {
        UINT off = 6 * 32;
        ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &out, &stride, &off);
        clear(s);
        ID3D11DeviceContext_DrawAuto(s->ctx);
        if (read_back(s, px)) {
            check(px, "DrawAuto from an offset: the last triangle", 8, 8, 0xffff0000);
            check(px, "and not the one before", 56, 56, 0xff0000ff);
        }
    }
    ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &vb, &vstride, &zero);

    /* Overflow: two triangles into a buffer of one. */
    ID3D11DeviceContext_GSSetShader(s->ctx, so_vs, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &small, &zero);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)over);
    ID3D11DeviceContext_Draw(s->ctx, 6, 0);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)over);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
    {
        D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
        BOOL overflow = FALSE;
        ok(st.NumPrimitivesWritten == 1 && st.PrimitivesStorageNeeded == 2,
           "%s: overflow: %llu written, %llu needed (1, 2)", name,
           (unsigned long long)st.NumPrimitivesWritten,
           (unsigned long long)st.PrimitivesStorageNeeded);
        ok(wait_data(s, over, &overflow, sizeof(overflow)) == S_OK && overflow,
           "%s: the overflow predicate is TRUE", name);
    }
    /* ... and none from an offset where both fit. */
    ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
    ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)over);
    ID3D11DeviceContext_Draw(s->ctx, 6, 0);
    ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)over);
    {
        BOOL overflow = TRUE;
        ok(wait_data(s, over, &overflow, sizeof(overflow)) == S_OK && !overflow,
           "%s: no overflow where it fits", name);
    }
    if (so_read(s, small, 3, v))
        for (UINT i = 0; i < 3; i++)
            so_check(&v[i], &tri[i], "the triangle that fit", i);

    /* A geometry shader's points: each point, then it moved by its b0. */
    {
        static const struct vertex pts[2] = {{-0.5f, 0.5f, 0.5f, 1, 0, 0, 1},
                                             {0.5f, -0.5f, 0.25f, 0, 1, 0, 1}};
        const float move[4] = {0.125f, -0.25f, 0, 0};
        D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
        D3D11_SUBRESOURCE_DATA cinit = {move, 0, 0};
        ID3D11Buffer *cb = NULL;
        ok(ID3D11Device_CreateBuffer(s->dev, &cbd, &cinit, &cb) == S_OK, "%s: GS b0", name);
        const D3D11_BOX two = {0, 0, 0, sizeof(pts), 1, 1}; /* the first two vertices */
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, &two, pts, 0,
                                              0);
        ID3D11DeviceContext_GSSetShader(s->ctx, so_gs, NULL, 0);
        ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 1, &cb);
        ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
        ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
        ID3D11DeviceContext_Draw(s->ctx, 2, 0);
        ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
        D3D11_QUERY_DATA_SO_STATISTICS st = so_stats(s, stats);
        ok(st.NumPrimitivesWritten == 4 && st.PrimitivesStorageNeeded == 4,
           "%s: four points written: %llu, %llu", name,
           (unsigned long long)st.NumPrimitivesWritten,
           (unsigned long long)st.PrimitivesStorageNeeded);
        if (so_read(s, out, 4, v)) {
            for (UINT i = 0; i < 2; i++) {
                struct vertex moved = pts[i];
                moved.x += move[0];
                moved.y += move[1];
                so_check(&v[2 * i], &pts[i], "SO of a geometry shader", 2 * i);
                so_check(&v[2 * i + 1], &moved, "SO of a geometry shader", 2 * i + 1);
            }
        }
        ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 0, NULL);
        ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
        ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, NULL, tri, 0, 0);
        if (cb)
            ID3D11Buffer_Release(cb);
    }

    /* Stream output of a geometry shader that samples a texture
     * (dxbc_gs.h's gs_tex_tokens: a point to a strip of 4 corners, two
     * triangles written, each vertex in the texel's colour). */
    {
        static uint8_t tcode[2048];
        static const struct vertex pt = {-0.5f, 0.5f, 0.5f, 1, 0, 0, 1};
        const float half[4] = {0.25f, 0.25f, 0, 0};
        const D3D11_BOX one = {0, 0, 0, sizeof(pt), 1, 1};
        D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
        D3D11_SUBRESOURCE_DATA cinit = {half, 0, 0};
        size_t tn = gs_code(gs_tex_tokens, ARRAY_N(gs_tex_tokens), tcode, sizeof(tcode));
        ID3D11GeometryShader *so_tex = NULL;
        ID3D11Buffer *cb = NULL;
        struct stage_tex st;
        hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
            s->dev, tcode, tn, decl, 2, NULL, 0, D3D11_SO_NO_RASTERIZED_STREAM, NULL, &so_tex);
        ok(hr == S_OK && so_tex, "%s: stream output of a geometry shader sampling: %#x", name,
           (unsigned)hr);
        if (stage_tex_make(s, &st, name) && so_tex &&
            ID3D11Device_CreateBuffer(s->dev, &cbd, &cinit, &cb) == S_OK) {
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, &one, &pt,
                                                  0, 0);
            ID3D11DeviceContext_GSSetShader(s->ctx, so_tex, NULL, 0);
            ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 1, &cb);
            stage_tex_bind(s, 'G', &st, false);
            ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx,
                                                       D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
            ID3D11DeviceContext_SOSetTargets(s->ctx, 1, &out, &zero);
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)stats);
            ID3D11DeviceContext_Draw(s->ctx, 1, 0);
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)stats);
            ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
            D3D11_QUERY_DATA_SO_STATISTICS sst = so_stats(s, stats);
            ok(sst.NumPrimitivesWritten == 2, "%s: two triangles of the strip written: %llu",
               name, (unsigned long long)sst.NumPrimitivesWritten);
            if (so_read(s, out, 6, v))
                for (UINT i = 0; i < 6; i++)
                    ok(v[i].r == 1.0f && fabsf(v[i].g - 128.0f / 255.0f) < 1e-3f &&
                           v[i].b == 0.0f && v[i].a == 1.0f,
                       "%s: SO of the sampling geometry shader, vertex %u: %g %g %g %g", name,
                       i, v[i].r, v[i].g, v[i].b, v[i].a);
            ID3D11DeviceContext_GSSetShaderResources(s->ctx, 0, 2,
                                                     (ID3D11ShaderResourceView *[2]){0});
            ID3D11DeviceContext_GSSetSamplers(s->ctx, 0, 3, (ID3D11SamplerState *[3]){0});
            ID3D11DeviceContext_GSSetConstantBuffers(s->ctx, 0, 0, NULL);
            ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx,
                                                       D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
            ID3D11DeviceContext_UpdateSubresource(s->ctx, (ID3D11Resource *)vb, 0, NULL, tri,
                                                  0, 0);
        }
        stage_tex_release(&st);
        IUnknown *objs[] = {(IUnknown *)so_tex, (IUnknown *)cb};
        release_all(objs, ARRAY_N(objs));
    }

    so_parts(s, name, vb, code, n);
    so_strips(s, name, vb);
    so_instances(s, name, vb);

    /* Declarations D3D11 refuses (E_INVALIDARG). */
    {
        static const struct {
            D3D11_SO_DECLARATION_ENTRY e[3];
            UINT n, stride, rasterized;
            HRESULT hr;
            const char *what;
        } cases[] = {
            {{{0, "TEXCOORD", 0, 0, 4, 0}}, 1, 0, 0, E_INVALIDARG, "an output it lacks"},
            {{{0, "COLOR", 1, 0, 4, 0}}, 1, 0, 0, E_INVALIDARG, "another semantic index"},
            {{{0, "COLOR", 0, 0, 5, 0}}, 1, 0, 0, E_INVALIDARG, "five components"},
            {{{0, "COLOR", 0, 1, 4, 0}}, 1, 0, 0, E_INVALIDARG, "components past the output"},
            {{{0, "COLOR", 0, 0, 0, 0}}, 1, 0, 0, E_INVALIDARG, "no components"},
            {{{0, "COLOR", 0, 0, 4, 4}}, 1, 0, 0, E_INVALIDARG, "output slot 4"},
            {{{4, "COLOR", 0, 0, 4, 0}}, 1, 0, 0, E_INVALIDARG, "stream 4"},
            {{{1, "COLOR", 0, 0, 4, 0}}, 1, 0, 0, E_INVALIDARG, "stream 1, which it lacks"},
            {{{0, "COLOR", 0, 0, 4, 0}}, 1, 30, 0, E_INVALIDARG, "a stride of 30"},
            {{{0, "COLOR", 0, 0, 4, 0}}, 1, 12, 0, E_INVALIDARG, "a stride under its bytes"},
            {{{0, "COLOR", 0, 0, 4, 0}}, 1, 0, 4, E_INVALIDARG, "rasterized stream 4"},
            {{{0, "COLOR", 0, 0, 4, 0}, {0, NULL, 0, 1, 1, 0}}, 2, 0, 0, E_INVALIDARG,
             "a gap from a component"},
            {{{0, "COLOR", 0, 0, 4, 0}, {0, NULL, 1, 0, 1, 0}}, 2, 0, 0, E_INVALIDARG,
             "a gap with a semantic index"},
            {{{0, "COLOR", 0, 0, 4, 0}, {0, NULL, 0, 0, 2, 1}}, 2, 0, 0, E_INVALIDARG,
             "a slot of gaps only"},
            {{{0, "COLOR", 0, 0, 4, 0}, {0, "color", 0, 0, 2, 1}}, 2, 0, 0, E_INVALIDARG,
             "components of an output twice"},
            {{{0, "COLOR", 0, 0, 4, 0}}, 0, 0, 0, E_INVALIDARG, "no entries"},
        };
        for (size_t i = 0; i < ARRAY_N(cases); i++) {
            UINT st = cases[i].stride;
            bad = (void *)1;
            hr = ID3D11Device_CreateGeometryShaderWithStreamOutput(
                s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), cases[i].e, cases[i].n,
                st ? &st : NULL, st ? 1 : 0,
                cases[i].rasterized ? cases[i].rasterized : D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                &bad);
            ok(hr == cases[i].hr && !bad, "%s: SO declaration with %s: %#x", name,
               cases[i].what, (unsigned)hr);
            if (bad && bad != (void *)1)
                ID3D11GeometryShader_Release(bad);
        }
        bad = NULL;
        ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
               s->dev, code, n, NULL, 0, NULL, 0, D3D11_SO_NO_RASTERIZED_STREAM, NULL, &bad) ==
                   S_OK && bad,
           "%s: a geometry shader declaring no stream output", name);
        if (bad)
            ID3D11GeometryShader_Release(bad);
        ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
               s->dev, dxbc_ps_tint, sizeof(dxbc_ps_tint), decl, 2, NULL, 0,
               D3D11_SO_NO_RASTERIZED_STREAM, NULL, NULL) == E_INVALIDARG,
           "%s: a pixel program", name);
        ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
               s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), decl, 2, NULL, 0, 0, NULL,
               NULL) == S_FALSE,
           "%s: a good declaration without an output is S_FALSE", name);
        so_fl10(s, name, code, n);
    }
done:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    ID3D11DeviceContext_IASetInputLayout(s->ctx, s->layout);
    ID3D11DeviceContext_IASetVertexBuffers(s->ctx, 0, 1, &s->vb, &vstride, &zero);
    IUnknown *all[] = {(IUnknown *)so_vs, (IUnknown *)so_gs,   (IUnknown *)out,
                       (IUnknown *)small, (IUnknown *)vb,      (IUnknown *)stats,
                       (IUnknown *)over,  (IUnknown *)layout};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* Stream output on a scene of level 11_0 (the test scene's 10_1 has one
 * stream, always rasterized: so_fl10 tells the rules apart). */
/* A geometry program of three streams (gs_streams_tokens: COLOR on stream
 * 0 with its position, "custom" on 1 and 2, "extra" on 2) on a device of
 * level 11_0: each stream captured into its own slot, exactly, with
 * transform feedback or emulated (each stream is drawn as a program of its
 * own: dxbc_stream_program); the per-stream statistics and overflow
 * queries, SO_STATISTICS counting stream 0 and SO_OVERFLOW_PREDICATE any
 * stream; nothing rasterized, stream 0 rasterized, and the program made by
 * CreateGeometryShader rasterizing stream 0.  Declarations: an entry is
 * matched in its own stream, and a slot is one stream's (E_INVALIDARG). */
struct so_stream_vertex {
    float v[4];
};

static void so_streams(struct scene *s, const char *name)
{
    static const D3D11_SO_DECLARATION_ENTRY decl[4] = {{0, "COLOR", 0, 0, 4, 0},
                                                       {1, "custom", 0, 0, 4, 1},
                                                       {2, "custom", 0, 0, 4, 2},
                                                       {2, "extra", 0, 0, 4, 2}};
    static const D3D11_SO_DECLARATION_ENTRY lacking[1] = {{0, "custom", 0, 0, 4, 0}};
    static const D3D11_SO_DECLARATION_ENTRY shared[2] = {{0, "COLOR", 0, 0, 4, 0},
                                                         {1, "custom", 0, 0, 4, 0}};
    static const D3D11_QUERY kinds[7] = {
        D3D11_QUERY_SO_STATISTICS_STREAM0, D3D11_QUERY_SO_STATISTICS_STREAM1,
        D3D11_QUERY_SO_STATISTICS_STREAM2, D3D11_QUERY_SO_STATISTICS_STREAM3,
        D3D11_QUERY_SO_STATISTICS, D3D11_QUERY_SO_OVERFLOW_PREDICATE,
        D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1};
    const struct vertex pts[3] = {
        {10.5f / W * 2 - 1, 1 - 20.5f / H * 2, 0.5f, 0, 1, 0, 1},
        {41.5f / W * 2 - 1, 1 - 7.5f / H * 2, 0.25f, 1, 0, 0, 1},
        {30.5f / W * 2 - 1, 1 - 40.5f / H * 2, 0.75f, 1, 1, 0, 1},
    };
    static const UINT strides[3] = {16, 16, 32}, zero[3] = {0};
    static uint8_t code[2048];
    size_t n = dxbc_gs_build_any(gs_streams_tokens, ARRAY_N(gs_streams_tokens), code,
                                 sizeof(code), GS_OUT_STREAMS);
    ID3D11GeometryShader *none = NULL, *first = NULL, *plain = NULL, *bad = NULL;
    ID3D11Buffer *out[3] = {NULL, NULL, NULL}, *small = NULL;
    ID3D11Query *q[7] = {NULL};
    uint32_t *px = malloc(W * H * 4);
    bool made = n && px;

    /* (A device without them: stream_output's refusals.) */
    if (getenv("NEREID_NO_GEOMETRY") || getenv("NEREID_NO_STREAM_OUTPUT")) {
        free(px);
        return;
    }
    ok(n && ID3D11Device_CreateGeometryShaderWithStreamOutput(
                s->dev, code, n, lacking, 1, NULL, 0, D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                &bad) == E_INVALIDARG && !bad,
       "%s: an entry its stream lacks (another stream has it)", name);
    ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(s->dev, code, n, shared, 2, NULL, 0,
                                                          D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                                                          &bad) == E_INVALIDARG && !bad,
       "%s: a slot of two streams", name);
    made &= ok(ID3D11Device_CreateGeometryShaderWithStreamOutput(
                   s->dev, code, n, decl, 4, strides, 3, D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                   &none) == S_OK &&
                   ID3D11Device_CreateGeometryShaderWithStreamOutput(
                       s->dev, code, n, decl, 4, strides, 3, 0, NULL, &first) == S_OK &&
                   ID3D11Device_CreateGeometryShader(s->dev, code, n, NULL, &plain) == S_OK,
               "%s: a program of three streams, nothing or stream 0 rasterized, and without "
               "stream output", name);
    for (int i = 0; i < 3; i++) {
        D3D11_BUFFER_DESC bd = {3 * strides[i] * (i == 2 ? 2 : 1), D3D11_USAGE_DEFAULT,
                                D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
        made &= ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &out[i]) == S_OK;
    }
    {
        D3D11_BUFFER_DESC bd = {2 * 32, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
        made &= ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &small) == S_OK;
    }
    for (int i = 0; i < 7; i++) {
        D3D11_QUERY_DESC qd = {kinds[i], 0};
        made &= ID3D11Device_CreateQuery(s->dev, &qd, &q[i]) == S_OK;
    }
    if (!ok(made, "%s: the streams' buffers and queries", name))
        goto done;
    set_tint(s, 1, 1, 1, 1);
    put_points(s, pts, 3);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    for (int round = 0; round < 4; round++) {
        /* 0: nothing rasterized; 1: stream 2 into a buffer of two of its
         * six vertices; 2: stream 0 rasterized; 3: CreateGeometryShader's. */
        ID3D11Buffer *targets[3] = {out[0], out[1], round == 1 ? small : out[2]};
        ID3D11GeometryShader *gs = round == 2 ? first : round == 3 ? plain : none;
        struct so_stream_vertex got[2][3];
        uint32_t got2[6][8]; /* stream 2: custom, then extra's four uints */
        D3D11_QUERY_DATA_SO_STATISTICS st[5];
        BOOL over[2] = {7, 7};
        bool rasterized = round >= 2;
        clear(s);
        ID3D11DeviceContext_GSSetShader(s->ctx, gs, NULL, 0);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 3, targets, zero);
        for (int i = 0; i < 7; i++)
            ID3D11DeviceContext_Begin(s->ctx, (ID3D11Asynchronous *)q[i]);
        ID3D11DeviceContext_Draw(s->ctx, 3, 0);
        for (int i = 0; i < 7; i++)
            ID3D11DeviceContext_End(s->ctx, (ID3D11Asynchronous *)q[i]);
        ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
        ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
        if (read_back(s, px)) {
            uint32_t want = rasterized ? 0xff00ff00 : 0xff0000ff;
            uint32_t got_px = px[20 * W + 10];
            ok(got_px == want, "%s: round %d: the first point's pixel %#x, want %#x (%s)", name,
               round, got_px, want, rasterized ? "stream 0 rasterized" : "nothing rasterized");
        }
        if (round == 3)
            break; /* (no stream output) */
        for (int i = 0; i < 5; i++)
            st[i] = so_stats(s, q[i]);
        ok(wait_data(s, q[5], &over[0], sizeof(BOOL)) == S_OK &&
               wait_data(s, q[6], &over[1], sizeof(BOOL)) == S_OK,
           "%s: the overflow predicates answered", name);
        for (int k = 0; k < 4; k++) {
            uint64_t need = k == 2 ? 6 : k == 3 ? 0 : 3;
            uint64_t wrote = round == 1 && k == 2 ? 2 : need;
            ok(st[k].NumPrimitivesWritten == wrote && st[k].PrimitivesStorageNeeded == need,
               "%s: round %d: stream %d: %u written, %u needed; want %u, %u", name, round, k,
               (unsigned)st[k].NumPrimitivesWritten, (unsigned)st[k].PrimitivesStorageNeeded,
               (unsigned)wrote, (unsigned)need);
        }
        ok(st[4].NumPrimitivesWritten == 3 && st[4].PrimitivesStorageNeeded == 3,
           "%s: round %d: SO_STATISTICS counts stream 0: %u, %u", name, round,
           (unsigned)st[4].NumPrimitivesWritten, (unsigned)st[4].PrimitivesStorageNeeded);
        ok(over[0] == (round == 1) && !over[1],
           "%s: round %d: any stream overflowed %d (stream 2's buffer %s), stream 1 %d", name,
           round, over[0], round == 1 ? "small" : "large", over[1]);
        memset(got, 0xcc, sizeof(got));
        memset(got2, 0xcc, sizeof(got2));
        if (!read_buffer(s->dev, s->ctx, out[0], 3 * 16, got[0]) ||
            !read_buffer(s->dev, s->ctx, out[1], 3 * 16, got[1]) ||
            !read_buffer(s->dev, s->ctx, targets[2], round == 1 ? 64 : 192, got2))
            continue;
        for (int p = 0; p < 3; p++) {
            const float color[4] = {pts[p].r, pts[p].g, pts[p].b, pts[p].a};
            const float pos[4] = {pts[p].x, pts[p].y, pts[p].z, 1};
            static const uint32_t extra[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
            ok(!memcmp(got[0][p].v, color, 16) && !memcmp(got[1][p].v, pos, 16),
               "%s: round %d: point %d: stream 0 its colour (%g %g %g %g), stream 1 its "
               "position (%g %g %g %g)", name, round, p, got[0][p].v[0], got[0][p].v[1],
               got[0][p].v[2], got[0][p].v[3], got[1][p].v[0], got[1][p].v[1], got[1][p].v[2],
               got[1][p].v[3]);
            /* Stream 2: the colour and (1 2 3 4), then the position and
             * (5 6 7 8); of the small buffer's, the first point's. */
            for (int v = 0; v < 2 && (round != 1 || p == 0); v++) {
                const uint32_t *g = got2[2 * p + v];
                float f[4];
                memcpy(f, g, 16);
                ok(!memcmp(g, v ? pos : color, 16) && !memcmp(g + 4, extra[v], 16),
                   "%s: round %d: point %d: stream 2's vertex %d (%g %g %g %g | %u %u %u %u)",
                   name, round, p, v, f[0], f[1], f[2], f[3], g[4], g[5], g[6], g[7]);
            }
        }
    }
done:
    ID3D11DeviceContext_GSSetShader(s->ctx, NULL, NULL, 0);
    ID3D11DeviceContext_SOSetTargets(s->ctx, 0, NULL, NULL);
    ID3D11DeviceContext_IASetPrimitiveTopology(s->ctx, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    IUnknown *all[] = {(IUnknown *)none, (IUnknown *)first, (IUnknown *)plain,
                       (IUnknown *)out[0], (IUnknown *)out[1], (IUnknown *)out[2],
                       (IUnknown *)small, (IUnknown *)q[0], (IUnknown *)q[1], (IUnknown *)q[2],
                       (IUnknown *)q[3], (IUnknown *)q[4], (IUnknown *)q[5], (IUnknown *)q[6]};
    release_all(all, ARRAY_N(all));
    free(px);
}

/* A viewport whose top-left corner is negative and not whole: from level
 * 11_0 the corner is floored and the size kept, so the last column and row
 * are not covered (Windows' behaviour, which Wine's test_negative_viewports
 * checks); at 10_x the viewport is as given. */
static void negative_viewport(struct scene *s, const char *name, bool floored)
{
    static const float full[6] = {-1, -1, -1, 3, 3, -1};
    static const float green[4] = {0, 1, 0, 1};
    const D3D11_VIEWPORT vp = {-0.4f, -0.4f, W, H, 0, 1}, whole = {0, 0, W, H, 0, 1};
    uint32_t *px = malloc(W * H * 4);
    char what[96];
    if (!px)
        return;
    set_tint(s, 1, 1, 1, 1);
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &vp);
    clear(s);
    draw_tri_color(s, full, green);
    ID3D11DeviceContext_RSSetViewports(s->ctx, 1, &whole);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a viewport from (-0.4, -0.4), inside", name);
        check(px, what, W - 2, H - 2, 0xff00ff00);
        snprintf(what, sizeof(what), "%s: its last pixel (%s)", name,
                 floored ? "floored from 11_0" : "as given at 10_x");
        check(px, what, W - 1, H - 1, floored ? 0xff0000ff : 0xff00ff00);
    }
    free(px);
}

static void test_stream_output(const char *name)
{
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    struct scene sc = {0};
    if (ok(D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1,
                             D3D11_SDK_VERSION, &sc.dev, NULL, &sc.ctx) == S_OK,
           "%s: a device of level 11_0", name) &&
        SUCCEEDED(make_scene(&sc, name))) {
        stream_output(&sc, name);
        so_streams(&sc, name);
        negative_viewport(&sc, name, true);
    }
    release_scene(&sc);
    if (sc.ctx)
        ID3D11DeviceContext_Release(sc.ctx);
    if (sc.dev)
        ID3D11Device_Release(sc.dev);
}

/* Deferred contexts and command lists.  A second thread records into a
 * deferred context (a clear, the scene's state with a constant buffer of
 * its own, a DYNAMIC vertex buffer written by Map WRITE_DISCARD, an
 * occlusion query around a draw); the immediate context executes the
 * list twice and checks its pixels, and what each RestoreContextState
 * leaves there.  A list recorded after FinishCommandList(TRUE) draws with
 * the state it inherits; data written after a list was recorded (the
 * caller's array, the vertex buffer mapped again) does not reach it; the
 * objects it names are held (their application counts untouched) after
 * the application let them go. */
struct dc_work {
    struct scene *s;
    ID3D11DeviceContext *dc;
    ID3D11Buffer *dvb, *tcb;
    ID3D11Query *query;
    ID3D11CommandList *list;
    HRESULT map_hr, finish_hr;
};

/* Three vertices of one colour (the pixel shader tints it). */
static void put_tri(struct vertex *v, const float pos[6], float r, float g, float b)
{
    for (int i = 0; i < 3; i++)
        v[i] = (struct vertex){pos[2 * i], pos[2 * i + 1], 0.5f, r, g, b, 1};
}

/* Lower-right half, clockwise on screen: top-right, bottom-right,
 * bottom-left. */
static const float lower_right_cw[6] = {1, 1, 1, -1, -1, -1};

static void *record_list(void *arg)
{
    struct dc_work *w = arg;
    static const FLOAT green[4] = {0, 1, 0, 1};
    float tint[4] = {1, 1, 0, 1};
    UINT stride = sizeof(struct vertex), offset = 0;
    D3D11_MAPPED_SUBRESOURCE m;

    bind_scene(w->s, w->dc);
    ID3D11DeviceContext_IASetVertexBuffers(w->dc, 0, 1, &w->dvb, &stride, &offset);
    ID3D11DeviceContext_PSSetConstantBuffers(w->dc, 0, 1, &w->tcb);
    /* The bytes are the list's at the call: the array changes after it. */
    ID3D11DeviceContext_UpdateSubresource(w->dc, (ID3D11Resource *)w->tcb, 0, NULL, tint, 0, 0);
    tint[2] = 1;
    ID3D11DeviceContext_ClearRenderTargetView(w->dc, w->s->rtv, green);
    w->map_hr = ID3D11DeviceContext_Map(w->dc, (ID3D11Resource *)w->dvb, 0,
                                        D3D11_MAP_WRITE_DISCARD, 0, &m);
    if (SUCCEEDED(w->map_hr)) {
        put_tri(m.pData, upper_left_cw, 1.0f, 0.5f, 0.25f);
        ID3D11DeviceContext_Unmap(w->dc, (ID3D11Resource *)w->dvb, 0);
    }
    ID3D11DeviceContext_Begin(w->dc, (ID3D11Asynchronous *)w->query);
    ID3D11DeviceContext_Draw(w->dc, 3, 0);
    ID3D11DeviceContext_End(w->dc, (ID3D11Asynchronous *)w->query);
    /* TRUE: the deferred context keeps its state for the next list. */
    w->finish_hr = ID3D11DeviceContext_FinishCommandList(w->dc, TRUE, &w->list);
    return NULL;
}

static void test_deferred(struct scene *s, const char *name)
{
    D3D11_BUFFER_DESC vbd = {3 * sizeof(struct vertex), D3D11_USAGE_DYNAMIC,
                             D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_RASTERIZER_DESC rd = {D3D11_FILL_SOLID, D3D11_CULL_FRONT, FALSE, 0, 0, 0,
                                TRUE, FALSE, FALSE, FALSE};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_OCCLUSION, 0};
    static const float black_tint[4] = {0, 0, 0, 1};
    D3D11_SUBRESOURCE_DATA init = {black_tint, 0, 0};
    D3D11_FEATURE_DATA_THREADING threading = {0};
    struct dc_work w = {s, NULL, NULL, NULL, NULL, NULL, E_FAIL, E_FAIL};
    ID3D11DeviceContext *dc2 = NULL;
    ID3D11DeviceContext1 *dc1 = NULL;
    ID3D11CommandList *list2 = NULL, *list3 = NULL, *none = NULL;
    ID3D11RasterizerState *cull_front = NULL, *got_rs;
    ID3D11RenderTargetView *got_rtv;
    ID3D11PixelShader *got_ps;
    ID3D11Buffer *got_b;
    ID3D11Device *got_dev;
    D3D11_MAPPED_SUBRESOURCE m;
    D3D11_VIEWPORT vps[2];
    struct vertex tri[3];
    uint32_t *px = malloc(W * H * 4);
    ULONG dev_refs, objs_refs = 0, tcb_refs, dvb_refs;
    UINT64 samples = 0;
    UINT n, data = 0xdeadbeef, size = sizeof(data);
    pthread_t thread;
    char what[96];
    HRESULT hr;

    hr = ID3D11Device_CheckFeatureSupport(s->dev, D3D11_FEATURE_THREADING, &threading,
                                          sizeof(threading));
    ok(hr == S_OK && threading.DriverConcurrentCreates && !threading.DriverCommandLists,
       "%s: THREADING: %#x, concurrent creates %d, driver command lists %d", name,
       (unsigned)hr, threading.DriverConcurrentCreates, threading.DriverCommandLists);
    ok(ID3D11DeviceContext_FinishCommandList(s->ctx, FALSE, &none) == DXGI_ERROR_INVALID_CALL &&
           !none,
       "%s: the immediate context has no command list", name);
    w.dc = (ID3D11DeviceContext *)(uintptr_t)1;
    ok(ID3D11Device_CreateDeferredContext(s->dev, 1, &w.dc) == E_INVALIDARG && !w.dc,
       "%s: CreateDeferredContext with flags", name);
    dev_refs = refcount(s->dev);
    hr = ID3D11Device_CreateDeferredContext(s->dev, 0, &w.dc);
    if (!ok(hr == S_OK && w.dc, "%s: CreateDeferredContext: %#x", name, (unsigned)hr))
        goto out;
    ok(refcount(s->dev) == dev_refs + 1, "%s: a deferred context holds its device", name);
    ok(ID3D11DeviceContext_GetType(w.dc) == D3D11_DEVICE_CONTEXT_DEFERRED, "%s: GetType", name);
    ok(ID3D11DeviceContext_GetType(s->ctx) == D3D11_DEVICE_CONTEXT_IMMEDIATE,
       "%s: the immediate context's type", name);
    ok(ID3D11DeviceContext_QueryInterface(w.dc, &IID_ID3D11DeviceContext1, (void **)&dc1) ==
           S_OK && (void *)dc1 == (void *)w.dc,
       "%s: a deferred ID3D11DeviceContext1", name);
    if (dc1)
        ID3D11DeviceContext1_Release(dc1);
    ok(refcount(w.dc) == 1, "%s: the deferred context's own count: %u", name,
       (unsigned)refcount(w.dc));
    /* Default state, whatever the immediate context has bound. */
    ID3D11DeviceContext_PSGetShader(w.dc, &got_ps, NULL, NULL);
    ID3D11DeviceContext_OMGetRenderTargets(w.dc, 1, &got_rtv, NULL);
    n = 2;
    ID3D11DeviceContext_RSGetViewports(w.dc, &n, vps);
    ok(!got_ps && !got_rtv && !n, "%s: a new deferred context has the default state", name);

    ok(ID3D11Device_CreateBuffer(s->dev, &vbd, NULL, &w.dvb) == S_OK, "%s: dynamic VB", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &cbd, &init, &w.tcb) == S_OK, "%s: tint CB", name);
    ok(ID3D11Device_CreateQuery(s->dev, &qd, &w.query) == S_OK, "%s: occlusion query", name);
    ok(ID3D11Device_CreateRasterizerState(s->dev, &rd, &cull_front) == S_OK, "%s: CULL_FRONT",
       name);
    if (!w.dvb || !w.tcb || !w.query || !cull_front)
        goto out;
    tcb_refs = refcount(w.tcb);
    dvb_refs = refcount(w.dvb);
    objs_refs = refcount(s->dev);

    /* Recorded on another thread while this one draws on the immediate
     * context (recording sends nothing and takes no lock for long). */
    if (ok(!pthread_create(&thread, NULL, record_list, &w), "%s: the recording thread", name)) {
        for (int i = 0; i < 20; i++) {
            clear(s);
            draw_tri(s, upper_left_cw);
        }
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: drawn while a deferred context records", name);
            check(px, what, 4, 4, 0xffff8040);
            check(px, what, 60, 60, 0xff0000ff);
        }
        pthread_join(thread, NULL);
    }
    ok(w.map_hr == S_OK, "%s: deferred Map WRITE_DISCARD: %#x", name, (unsigned)w.map_hr);
    if (!ok(w.finish_hr == S_OK && w.list, "%s: FinishCommandList: %#x", name,
            (unsigned)w.finish_hr))
        goto out;
    ok(refcount(w.list) == 1, "%s: a new list's count", name);
    ok(ID3D11CommandList_GetContextFlags(w.list) == 0, "%s: GetContextFlags", name);
    ID3D11CommandList_GetDevice(w.list, &got_dev);
    ok(got_dev == s->dev, "%s: the list's device", name);
    if (got_dev)
        ID3D11Device_Release(got_dev);
    ok(refcount(s->dev) == objs_refs + 1, "%s: a list holds its device: %u, was %u", name,
       (unsigned)refcount(s->dev), (unsigned)objs_refs);
    ok(ID3D11CommandList_SetPrivateData(w.list, &IID_ID3D11CommandList, sizeof(data), &data) ==
           S_OK,
       "%s: the list's private data", name);
    data = 0;
    ok(ID3D11CommandList_GetPrivateData(w.list, &IID_ID3D11CommandList, &size, &data) == S_OK &&
           data == 0xdeadbeef,
       "%s: and back: %#x", name, data);
    ok(refcount(w.tcb) == tcb_refs && refcount(w.dvb) == dvb_refs,
       "%s: the list holds objects without the application's counts: %u %u", name,
       (unsigned)refcount(w.tcb), (unsigned)refcount(w.dvb));
    ok(ID3D11DeviceContext_GetData(w.dc, (ID3D11Asynchronous *)w.query, &samples,
                                   sizeof(samples), 0) == DXGI_ERROR_INVALID_CALL,
       "%s: GetData on a deferred context", name);
    ID3D11DeviceContext_Flush(w.dc); /* nothing to do */

    /* FinishCommandList(TRUE): the deferred context's state stays. */
    ID3D11DeviceContext_PSGetShader(w.dc, &got_ps, NULL, NULL);
    ID3D11DeviceContext_PSGetConstantBuffers(w.dc, 0, 1, &got_b);
    ok(got_ps == s->ps && got_b == w.tcb, "%s: FinishCommandList(TRUE) keeps the state", name);
    if (got_ps)
        ID3D11PixelShader_Release(got_ps);
    if (got_b)
        ID3D11Buffer_Release(got_b);

    /* The second list: no setters (its draw uses the state kept), the
     * lower-right triangle in blue-green; Map's rules. */
    ok(ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)w.dvb, 0, D3D11_MAP_WRITE_NO_OVERWRITE,
                               0, &m) == D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD,
       "%s: NO_OVERWRITE before a discard in the list", name);
    ok(ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)w.dvb, 0, D3D11_MAP_WRITE, 0, &m) ==
           E_INVALIDARG,
       "%s: deferred Map WRITE", name);
    ok(ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)s->vb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                               &m) == E_INVALIDARG,
       "%s: deferred Map of a DEFAULT buffer", name);
    ok(ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)s->staging, 0, D3D11_MAP_READ, 0, &m) ==
           E_INVALIDARG,
       "%s: deferred Map READ of a STAGING texture", name);
    hr = ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)w.dvb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                 &m);
    if (ok(hr == S_OK, "%s: the second list's discard: %#x", name, (unsigned)hr)) {
        put_tri(m.pData, lower_right_cw, 0.25f, 0.5f, 1.0f);
        put_tri(tri, lower_right_cw, 0.25f, 0.5f, 1.0f);
        ID3D11DeviceContext_Unmap(w.dc, (ID3D11Resource *)w.dvb, 0);
    }
    hr = ID3D11DeviceContext_Map(w.dc, (ID3D11Resource *)w.dvb, 0, D3D11_MAP_WRITE_NO_OVERWRITE,
                                 0, &m);
    if (ok(hr == S_OK, "%s: NO_OVERWRITE after the discard: %#x", name, (unsigned)hr)) {
        ok(!memcmp(m.pData, tri, sizeof(tri)), "%s: NO_OVERWRITE sees the discard's bytes",
           name);
        ID3D11DeviceContext_Unmap(w.dc, (ID3D11Resource *)w.dvb, 0);
    }
    ID3D11DeviceContext_Draw(w.dc, 3, 0);
    ok(ID3D11DeviceContext_FinishCommandList(w.dc, FALSE, &list2) == S_OK && list2,
       "%s: the second list", name);
    ID3D11DeviceContext_PSGetShader(w.dc, &got_ps, NULL, NULL);
    ID3D11DeviceContext_OMGetRenderTargets(w.dc, 1, &got_rtv, NULL);
    ok(!got_ps && !got_rtv, "%s: FinishCommandList(FALSE) clears the state", name);

    /* The application lets the tint buffer go: the lists keep it. */
    ok(ID3D11Buffer_Release(w.tcb) == 0, "%s: the application's last tint reference", name);
    w.tcb = NULL;
    /* The vertex buffer written after the lists were recorded. */
    hr = ID3D11DeviceContext_Map(s->ctx, (ID3D11Resource *)w.dvb, 0, D3D11_MAP_WRITE_DISCARD, 0,
                                 &m);
    if (ok(hr == S_OK, "%s: immediate Map: %#x", name, (unsigned)hr)) {
        put_tri(m.pData, upper_left_cw, 0, 0, 1);
        ID3D11DeviceContext_Unmap(s->ctx, (ID3D11Resource *)w.dvb, 0);
    }

    /* On the immediate context, with state of its own (front faces
     * culled: the list's triangle is one): the list runs from a cleared
     * state, and RestoreContextState TRUE gives the state back. */
    ID3D11DeviceContext_RSSetState(s->ctx, cull_front);
    for (int pass = 0; pass < 2; pass++) {
        clear(s);
        ID3D11DeviceContext_ExecuteCommandList(s->ctx, w.list, TRUE);
        if (read_back(s, px)) {
            snprintf(what, sizeof(what), "%s: the deferred list, execution %d", name, pass + 1);
            check(px, what, 4, 4, 0xffff8000);   /* (1, 0.5, 0.25) tinted (1, 1, 0) */
            check(px, what, 60, 60, 0xff00ff00); /* the list's clear */
        }
        ID3D11DeviceContext_RSGetState(s->ctx, &got_rs);
        ID3D11DeviceContext_PSGetShader(s->ctx, &got_ps, NULL, NULL);
        ID3D11DeviceContext_PSGetConstantBuffers(s->ctx, 0, 1, &got_b);
        ok(got_rs == cull_front && got_ps == s->ps && got_b == s->cb,
           "%s: ExecuteCommandList(TRUE) restores the state (%d)", name, pass + 1);
        if (got_rs)
            ID3D11RasterizerState_Release(got_rs);
        if (got_ps)
            ID3D11PixelShader_Release(got_ps);
        if (got_b)
            ID3D11Buffer_Release(got_b);
        if (!pass) {
            hr = wait_data(s, w.query, &samples, sizeof(samples));
            ok(hr == S_OK && samples >= 1500 && samples <= 2600,
               "%s: the list's occlusion query: %#x, %u samples", name, (unsigned)hr,
               (unsigned)samples);
        }
    }

    /* RestoreContextState FALSE: cleared afterwards. */
    clear(s);
    ID3D11DeviceContext_ExecuteCommandList(s->ctx, list2, FALSE);
    ID3D11DeviceContext_RSGetState(s->ctx, &got_rs);
    ID3D11DeviceContext_PSGetShader(s->ctx, &got_ps, NULL, NULL);
    ID3D11DeviceContext_OMGetRenderTargets(s->ctx, 1, &got_rtv, NULL);
    n = 2;
    ID3D11DeviceContext_RSGetViewports(s->ctx, &n, vps);
    ok(!got_rs && !got_ps && !got_rtv && !n, "%s: ExecuteCommandList(FALSE) clears the state",
       name);
    bind_scene(s, s->ctx);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: the list recorded after FinishCommandList(TRUE)", name);
        check(px, what, 60, 60, 0xff408000); /* (0.25, 0.5, 1) tinted (1, 1, 0) */
        check(px, what, 4, 4, 0xff0000ff);   /* no clear in it */
    }

    /* A list executed in a deferred context, and that list executed. */
    ok(ID3D11Device_CreateDeferredContext(s->dev, 0, &dc2) == S_OK, "%s: a second deferred "
                                                                     "context", name);
    if (dc2) {
        ID3D11DeviceContext_ExecuteCommandList(dc2, w.list, FALSE);
        ok(ID3D11DeviceContext_FinishCommandList(dc2, FALSE, &list3) == S_OK && list3,
           "%s: a list of a list", name);
        ID3D11DeviceContext_Release(dc2);
    }
    ID3D11CommandList_Release(w.list);
    w.list = NULL;
    ID3D11CommandList_Release(list2);
    list2 = NULL;
    clear(s);
    if (list3)
        ID3D11DeviceContext_ExecuteCommandList(s->ctx, list3, TRUE);
    if (read_back(s, px)) {
        snprintf(what, sizeof(what), "%s: a nested list, its outer lists released", name);
        check(px, what, 4, 4, 0xffff8000);
        check(px, what, 60, 60, 0xff00ff00);
    }
    ok(refcount(w.dvb) == dvb_refs, "%s: the vertex buffer's count after the lists", name);

    /* UpdateSubresource with a box on a deferred context reads from the
     * source plus the box's offset (D3D11's emulation without driver
     * command lists: DriverCommandLists FALSE), then CopyResource in the
     * same list. */
    {
        static const uint32_t src[4] = {0x11111111, 0x22222222, 0x33333333, 0x44444444};
        static const uint32_t zeros[4] = {0};
        D3D11_BUFFER_DESC bd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
        D3D11_SUBRESOURCE_DATA zd = {zeros, 0, 0};
        D3D11_BOX box = {8, 0, 0, 16, 1, 1};
        ID3D11Buffer *b = NULL, *b2 = NULL;
        ID3D11CommandList *l = NULL;
        uint32_t got[4] = {0};
        ok(ID3D11Device_CreateBuffer(s->dev, &bd, &zd, &b) == S_OK &&
               ID3D11Device_CreateBuffer(s->dev, &bd, &zd, &b2) == S_OK,
           "%s: buffers to update", name);
        if (b && b2) {
            ID3D11DeviceContext_UpdateSubresource(w.dc, (ID3D11Resource *)b, 0, &box, src, 0, 0);
            ID3D11DeviceContext_CopyResource(w.dc, (ID3D11Resource *)b2, (ID3D11Resource *)b);
            ok(ID3D11DeviceContext_FinishCommandList(w.dc, FALSE, &l) == S_OK && l,
               "%s: a list of an update", name);
            if (l)
                ID3D11DeviceContext_ExecuteCommandList(s->ctx, l, FALSE);
            bind_scene(s, s->ctx);
            ok(read_buffer(s->dev, s->ctx, b2, 16, got) && !got[0] && !got[1] &&
                   got[2] == src[2] && got[3] == src[3],
               "%s: a deferred update with a box: %08x %08x %08x %08x", name, got[0], got[1],
               got[2], got[3]);
        }
        if (l)
            ID3D11CommandList_Release(l);
        if (b)
            ID3D11Buffer_Release(b);
        if (b2)
            ID3D11Buffer_Release(b2);
    }

out:
    if (list3)
        ID3D11CommandList_Release(list3);
    if (list2)
        ID3D11CommandList_Release(list2);
    if (w.list)
        ID3D11CommandList_Release(w.list);
    if (w.dc)
        ok(ID3D11DeviceContext_Release(w.dc) == 0, "%s: the deferred context goes", name);
    if (w.tcb)
        ID3D11Buffer_Release(w.tcb);
    if (w.dvb)
        ID3D11Buffer_Release(w.dvb);
    if (w.query)
        ID3D11Query_Release(w.query);
    if (cull_front)
        ID3D11RasterizerState_Release(cull_front);
    ok(refcount(s->dev) == dev_refs, "%s: the device's count back: %u (was %u)", name,
       (unsigned)refcount(s->dev), (unsigned)dev_refs);
    ID3D11DeviceContext_RSSetState(s->ctx, NULL);
    bind_scene(s, s->ctx);
    free(px);
}

static void test_refusals(struct scene *s, const char *name)
{
    D3D11_TEXTURE2D_DESC td = {W, H, 1, 2, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                               D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    D3D11_BUFFER_DESC bd = {0, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    ID3D11PixelShader *ps = (void *)1;
    ID3D11Buffer *b = (void *)1;
    ID3D11InputLayout *l = (void *)1;
    uint8_t bad[sizeof(dxbc_ps_tint)];
    HRESULT hr;

    hr = ID3D11Device_CreatePixelShader(s->dev, dxbc_ps_cb5, sizeof(dxbc_ps_cb5), NULL, &ps);
    ok(hr == E_NOTIMPL && !ps, "%s: nor one reading cb5: %#x", name, (unsigned)hr);
    memcpy(bad, dxbc_ps_tint, sizeof(bad));
    bad[0] = 'X';
    ok(ID3D11Device_CreatePixelShader(s->dev, bad, sizeof(bad), NULL, &ps) == E_INVALIDARG,
       "%s: not a DXBC container", name);
    ok(ID3D11Device_CreatePixelShader(s->dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL,
                                      &ps) == E_INVALIDARG,
       "%s: a vertex program as a pixel shader", name);
    td.ArraySize = 12;
    td.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    td.Height = td.Width;
    td.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    ok(ID3D11Device_CreateTexture2D(s->dev, &td, NULL, NULL) == S_FALSE,
       "%s: a cube-map array validates (test_cube_array)", name);
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &b) == E_INVALIDARG && !b,
       "%s: a buffer of 0 bytes", name);
    {
        /* A buffer bound as render target and shader resource: made, with
         * a render-target view (test_buffer_rtv renders into one). */
        D3D11_BUFFER_DESC rb = {64, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
        D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R32_FLOAT,
                                            D3D11_RTV_DIMENSION_BUFFER};
        ID3D11Buffer *rtb = NULL;
        ID3D11RenderTargetView *rv = NULL;
        rd.Buffer.NumElements = 16;
        ok(ID3D11Device_CreateBuffer(s->dev, &rb, NULL, &rtb) == S_OK && rtb,
           "%s: a buffer bound as render target", name);
        if (rtb) {
            ok(ID3D11Device_CreateRenderTargetView(s->dev, (ID3D11Resource *)rtb, &rd, &rv) ==
                       S_OK && rv,
               "%s: its render-target view", name);
            if (rv)
                ID3D11RenderTargetView_Release(rv);
            ID3D11Buffer_Release(rtb);
        }
    }
    {
        /* Initial data without its bytes. */
        D3D11_SUBRESOURCE_DATA none = {NULL, 0, 0};
        D3D11_BUFFER_DESC vd = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
        D3D11_TEXTURE2D_DESC xd = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
        ok(ID3D11Device_CreateBuffer(s->dev, &vd, &none, NULL) == E_INVALIDARG,
           "%s: a buffer's initial data with no bytes", name);
        ok(ID3D11Device_CreateTexture2D(s->dev, &xd, &none, NULL) == E_INVALIDARG,
           "%s: a texture's initial data with no bytes", name);
    }
    bd.ByteWidth = 20;
    bd.BindFlags = D3D11_BIND_CONSTANT_BUFFER;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, &b) == E_INVALIDARG,
       "%s: a constant buffer of 20 bytes", name);
    {
        D3D11_BUFFER_DESC gm = {64, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0,
                                D3D11_RESOURCE_MISC_GENERATE_MIPS, 0};
        ok(ID3D11Device_CreateBuffer(s->dev, &gm, NULL, NULL) == E_INVALIDARG,
           "%s: a buffer generating mips", name);
        gm.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
        ok(ID3D11Device_CreateBuffer(s->dev, &gm, NULL, NULL) == E_INVALIDARG,
           "%s: a cube buffer", name);
    }
    {
        static const UINT buffer_binds[4] = {D3D11_BIND_VERTEX_BUFFER, D3D11_BIND_INDEX_BUFFER,
                                             D3D11_BIND_CONSTANT_BUFFER,
                                             D3D11_BIND_STREAM_OUTPUT};
        D3D11_TEXTURE2D_DESC bt = {4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0},
                                   D3D11_USAGE_DEFAULT, 0, 0, 0};
        static const uint32_t texel[16];
        D3D11_SUBRESOURCE_DATA ti = {texel, 16, 0};
        for (int k = 0; k < 4; k++) {
            bt.BindFlags = buffer_binds[k] | D3D11_BIND_SHADER_RESOURCE;
            ok(ID3D11Device_CreateTexture2D(s->dev, &bt, NULL, NULL) == E_INVALIDARG,
               "%s: a texture bound as a buffer (%#x)", name, buffer_binds[k]);
        }
        /* IMMUTABLE and DYNAMIC textures are shader resources alone. */
        bt.Usage = D3D11_USAGE_IMMUTABLE;
        bt.BindFlags = D3D11_BIND_SHADER_RESOURCE;
        ok(ID3D11Device_CreateTexture2D(s->dev, &bt, &ti, NULL) == S_FALSE,
           "%s: an IMMUTABLE shader resource", name);
        bt.BindFlags = 0;
        ok(ID3D11Device_CreateTexture2D(s->dev, &bt, &ti, NULL) == E_INVALIDARG,
           "%s: an IMMUTABLE texture bound to nothing", name);
        bt.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
        ok(ID3D11Device_CreateTexture2D(s->dev, &bt, &ti, NULL) == E_INVALIDARG,
           "%s: an IMMUTABLE render target", name);
        bt.Usage = D3D11_USAGE_DYNAMIC;
        bt.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
        bt.BindFlags = 0;
        ok(ID3D11Device_CreateTexture2D(s->dev, &bt, NULL, NULL) == E_INVALIDARG,
           "%s: a DYNAMIC texture bound to nothing", name);
    }
    ok(ID3D11Device_CreateInputLayout(s->dev, elements, 1, dxbc_vs_color,
                                      sizeof(dxbc_vs_color), &l) == E_INVALIDARG && !l,
       "%s: a layout without the shader's COLOR", name);
    {
        /* An input the program declares and never reads needs its element
         * too; a compute program has no inputs to match. */
        static const D3D11_INPUT_ELEMENT_DESC spare[3] = {
            {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0},
            {"SPARE", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 28, D3D11_INPUT_PER_VERTEX_DATA, 0},
        };
        static uint8_t cs[16384];
        struct dxbc_edit ce = {0, DXBC_EDIT_COMPUTE, 0, {1, 1, 1}};
        size_t m = dxbc_edit(dxbc_cs_write, sizeof(dxbc_cs_write), &ce, 1, cs, sizeof(cs));
        ok(ID3D11Device_CreateInputLayout(s->dev, spare, 2, dxbc_vs_unused,
                                          sizeof(dxbc_vs_unused), &l) == E_INVALIDARG && !l,
           "%s: a layout without an input the shader declares, unread", name);
        ok(ID3D11Device_CreateInputLayout(s->dev, spare, 3, dxbc_vs_unused,
                                          sizeof(dxbc_vs_unused), NULL) == S_FALSE,
           "%s: and with it", name);
        ok(m && ID3D11Device_CreateInputLayout(s->dev, spare, 3, cs, m, &l) == S_OK && l,
           "%s: a layout made against a compute program", name);
        /* No elements at all, and a slot of per-vertex and per-instance
         * elements both: E_INVALIDARG. */
        D3D11_INPUT_ELEMENT_DESC mixed[3];
        memcpy(mixed, spare, sizeof(mixed));
        mixed[1].InputSlotClass = D3D11_INPUT_PER_INSTANCE_DATA;
        mixed[1].InstanceDataStepRate = 1;
        ok(ID3D11Device_CreateInputLayout(s->dev, NULL, 0, cs, m, NULL) == E_INVALIDARG,
           "%s: a layout of no element array", name);
        ok(ID3D11Device_CreateInputLayout(s->dev, mixed, 3, dxbc_vs_unused,
                                          sizeof(dxbc_vs_unused), NULL) == E_INVALIDARG,
           "%s: a slot of per-vertex and per-instance elements", name);
        /* A pixel program's inputs are matched too (its SV_Position here). */
        ok(ID3D11Device_CreateInputLayout(s->dev, spare, 3, dxbc_ps_tint, sizeof(dxbc_ps_tint),
                                          NULL) == E_INVALIDARG,
           "%s: a layout without a pixel program's input", name);
        if (l)
            ID3D11InputLayout_Release(l);
        l = NULL;
    }
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == E_INVALIDARG,
       "%s: validation runs without an output too", name);
    bd.ByteWidth = 16;
    ok(ID3D11Device_CreateBuffer(s->dev, &bd, NULL, NULL) == S_FALSE,
       "%s: a good desc without an output is S_FALSE", name);
}

/* A SEQUENTIAL chain of three buffers: each is the application's
 * (GetBuffer 0..2), and each Present moves them up one place, buffer 0 to
 * the last, under the same objects and views: buffer 0 cleared red, a
 * Present, buffer 0 (what was buffer 1) cleared green through the same
 * view, a Present: buffer 1 is then red, buffer 2 green. */
/* A swap chain's window: under Windows (Wine) DXGI wants one (it refuses
 * none); natively none makes the chain headless. */
static HWND chain_window(void)
{
#ifdef _WIN32
    static HWND w;
    if (!w)
        w = CreateWindowA("static", "nereid test_d3d11", WS_OVERLAPPEDWINDOW, 0, 0, W, H, NULL,
                          NULL, NULL, NULL);
    return w;
#else
    return NULL;
#endif
}

static void swapchain_sequential(const char *name)
{
    DXGI_SWAP_CHAIN_DESC desc = {{W, H, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0},
                                 {1, 0},
                                 DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                 3,
                                 chain_window(),
                                 TRUE,
                                 DXGI_SWAP_EFFECT_SEQUENTIAL,
                                 0};
    static const FLOAT red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Texture2D *b[3] = {NULL, NULL, NULL}, *staging = NULL, *none = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D11_TEXTURE2D_DESC td;
    D3D11_MAPPED_SUBRESOURCE m;
    HRESULT hr;

    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
    if (!ok(hr == S_OK, "%s: a SEQUENTIAL chain of 3 buffers: %#x", name, (unsigned)hr))
        return;
    for (UINT i = 0; i < 3; i++)
        ok(IDXGISwapChain_GetBuffer(sc, i, &IID_ID3D11Texture2D, (void **)&b[i]) == S_OK &&
               b[i],
           "%s: its buffer %u", name, i);
    ok(IDXGISwapChain_GetBuffer(sc, 3, &IID_ID3D11Texture2D, (void **)&none) ==
           DXGI_ERROR_INVALID_CALL && !none,
       "%s: and no buffer 3", name);
    if (b[1])
        ok(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)b[1], NULL, NULL) ==
               E_INVALIDARG,
           "%s: buffer 1 is drawn into as buffer 0 alone", name);
    if (b[0] && b[1] && b[2] &&
        ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)b[0], NULL, &rtv) == S_OK) {
        ID3D11Texture2D_GetDesc(b[0], &td);
        td.Usage = D3D11_USAGE_STAGING;
        td.BindFlags = 0;
        td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture2D(dev, &td, NULL, &staging);
        ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, red);
        ok(IDXGISwapChain_Present(sc, 0, 0) == S_OK, "%s: the first Present", name);
        ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, green);
        ok(IDXGISwapChain_Present(sc, 0, 0) == S_OK, "%s: the second Present", name);
        for (UINT i = 1; i < 3 && staging; i++) {
            ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging,
                                             (ID3D11Resource *)b[i]);
            if (ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                        &m) == S_OK) {
                uint32_t c = *(const uint32_t *)m.pData;
                ok(c == (i == 1 ? 0xff0000ffu : 0xff00ff00u),
                   "%s: after two Presents buffer %u holds %08x", name, i, c);
                ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
            }
        }
        ID3D11RenderTargetView_Release(rtv);
    }
    IUnknown *objs[] = {(IUnknown *)b[0], (IUnknown *)b[1], (IUnknown *)b[2],
                        (IUnknown *)staging};
    release_all(objs, ARRAY_N(objs));
    ID3D11DeviceContext_Release(ctx);
    ok(IDXGISwapChain_Release(sc) == 0, "%s: the sequential chain goes", name);
    ok(ID3D11Device_Release(dev) == 0, "%s: then its device", name);
}

static void test_swapchain(const char *name)
{
    DXGI_SWAP_CHAIN_DESC desc = {{W, H, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0},
                                 {1, 0},
                                 DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                 1,
                                 chain_window(),
                                 TRUE,
                                 DXGI_SWAP_EFFECT_DISCARD,
                                 0};
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Texture2D *buffer = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    D3D_FEATURE_LEVEL level = 0;
    UINT count = 0;
    HRESULT hr;

    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, &level, &ctx);
    if (!ok(hr == S_OK, "%s: D3D11CreateDeviceAndSwapChain: %#x", name, (unsigned)hr))
        return;
    ok(level == D3D_FEATURE_LEVEL_11_0, "%s: level %#x", name, level);
    hr = IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&buffer);
    ok(hr == S_OK, "%s: GetBuffer: %#x", name, (unsigned)hr);
    /* The buffer's public count is the application's alone (the swap
     * chain's hold is not counted, as on Windows). */
    ok(buffer && refcount(buffer) == 1, "%s: the buffer's count after GetBuffer: %lu", name,
       buffer ? (unsigned long)refcount(buffer) : 0ul);
    ok(IDXGISwapChain_GetBuffer(sc, 1, &IID_ID3D11Texture2D, (void **)&rtv) ==
           DXGI_ERROR_INVALID_CALL,
       "%s: only buffer 0 of a DISCARD chain", name);
    if (buffer &&
        ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, NULL, &rtv) == S_OK) {
        for (int f = 0; f < 3; f++) {
            const FLOAT c[4] = {f * 0.5f, 1.0f - f * 0.5f, 0.25f, 1};
            ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, c);
            hr = IDXGISwapChain_Present(sc, 0, 0);
            ok(hr == S_OK, "%s: Present %d: %#x", name, f, (unsigned)hr);
        }
        ok(IDXGISwapChain_GetLastPresentCount(sc, &count) == S_OK && count == 3,
           "%s: 3 presents: %u", name, count);
        ok(IDXGISwapChain_Present(sc, 0, DXGI_PRESENT_TEST) == S_OK, "%s: a test present",
           name);
        ID3D11RenderTargetView_Release(rtv);
        rtv = NULL;
    }
    /* A UNORM buffer's render-target view may be of its sRGB format (not
     * its shader-resource views): a clear of linear 0.5 stores 0xbc. */
    if (buffer) {
        D3D11_RENDER_TARGET_VIEW_DESC rd = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                                            D3D11_RTV_DIMENSION_TEXTURE2D};
        D3D11_TEXTURE2D_DESC td;
        ID3D11Texture2D *staging = NULL;
        D3D11_MAPPED_SUBRESOURCE m;
        static const FLOAT half[4] = {0.5f, 0.5f, 0.5f, 1};
        hr = ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, &rd, &rtv);
        ok(hr == S_OK, "%s: an sRGB view of the UNORM buffer: %#x", name, (unsigned)hr);
        ok(refcount(buffer) == 1, "%s: and a view takes no reference of it (%lu)", name,
           (unsigned long)refcount(buffer));
        ID3D11Texture2D_GetDesc(buffer, &td);
        td.Usage = D3D11_USAGE_STAGING;
        td.BindFlags = 0;
        td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
        ID3D11Device_CreateTexture2D(dev, &td, NULL, &staging);
        if (rtv && staging) {
            ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, half);
            ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging,
                                             (ID3D11Resource *)buffer);
            if (ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                        &m) == S_OK) {
                const uint8_t *p = m.pData;
                ok(p[0] >= 0xbb && p[0] <= 0xbd && p[3] == 0xff,
                   "%s: the sRGB view encodes into the UNORM buffer: %02x %02x", name, p[0],
                   p[3]);
                ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
            }
        }
        {
            D3D11_SHADER_RESOURCE_VIEW_DESC sd = {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                                                  D3D11_SRV_DIMENSION_TEXTURE2D};
            ID3D11ShaderResourceView *srv = NULL;
            sd.Texture2D.MipLevels = 1;
            ok(ID3D11Device_CreateShaderResourceView(dev, (ID3D11Resource *)buffer, &sd, &srv) ==
                   E_INVALIDARG && !srv,
               "%s: no sRGB shader-resource view of it", name);
        }
        rd.Format = DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
        ok(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, &rd, NULL) ==
               E_INVALIDARG,
           "%s: nor a view of another family", name);
        if (staging)
            ID3D11Texture2D_Release(staging);
        if (rtv)
            ID3D11RenderTargetView_Release(rtv);
    }
    if (buffer)
        ID3D11Texture2D_Release(buffer);
    ID3D11DeviceContext_Release(ctx);
    ok(IDXGISwapChain_Release(sc) == 0, "%s: the swap chain goes", name);
    ok(ID3D11Device_Release(dev) == 0, "%s: then the device", name);
    swapchain_sequential(name);
#ifdef _WIN32
    {
        /* Under Windows a swap chain needs a window. */
        DXGI_SWAP_CHAIN_DESC none = desc;
        none.OutputWindow = NULL;
        sc = (void *)1, dev = (void *)1;
        hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                           D3D11_SDK_VERSION, &none, &sc, &dev, NULL, NULL);
        ok(hr == DXGI_ERROR_INVALID_CALL && !sc && !dev, "%s: no swap chain without a window: "
           "%#x", name, (unsigned)hr);
    }
#endif

    /* Nothing asked for: S_FALSE; a format no display has: E_INVALIDARG,
     * every output cleared. */
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, NULL, NULL, NULL, NULL);
    ok(hr == S_FALSE, "%s: a swap chain description and no outputs: %#x", name, (unsigned)hr);
    desc.BufferDesc.Format = DXGI_FORMAT_BC5_UNORM;
    sc = (void *)1, dev = (void *)1, ctx = (void *)1, level = 0xdead;
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, &level, &ctx);
    ok(hr == E_INVALIDARG && !sc && !dev && !ctx && !level,
       "%s: no swap chain of BC5: %#x", name, (unsigned)hr);

    /* An sRGB swap chain: its buffer is sRGB, its views encode. */
    desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    sc = NULL, dev = NULL, ctx = NULL, buffer = NULL, rtv = NULL;
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, &level, &ctx);
    if (ok(hr == S_OK, "%s: an sRGB swap chain: %#x", name, (unsigned)hr)) {
        ID3D11Texture2D *staging = NULL;
        D3D11_TEXTURE2D_DESC td;
        D3D11_MAPPED_SUBRESOURCE m;
        static const FLOAT half[4] = {0.5f, 0.5f, 0.5f, 1};
        IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&buffer);
        if (buffer) {
            ID3D11Texture2D_GetDesc(buffer, &td);
            ok(td.Format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "%s: the buffer is sRGB", name);
            td.Usage = D3D11_USAGE_STAGING;
            td.BindFlags = 0;
            td.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
            ID3D11Device_CreateTexture2D(dev, &td, NULL, &staging);
            ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, NULL, &rtv);
        }
        if (ok(staging && rtv, "%s: its view and a staging copy", name)) {
            ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, half);
            ok(IDXGISwapChain_Present(sc, 0, 0) == S_OK, "%s: an sRGB present", name);
            ID3D11DeviceContext_CopyResource(ctx, (ID3D11Resource *)staging,
                                             (ID3D11Resource *)buffer);
            if (ok(ID3D11DeviceContext_Map(ctx, (ID3D11Resource *)staging, 0, D3D11_MAP_READ, 0,
                                           &m) == S_OK,
                   "%s: the copy mapped", name)) {
                const uint8_t *p = m.pData;
                ok(p[0] >= 187 && p[0] <= 189 && p[3] == 255,
                   "%s: 0.5 stored encoded: %u", name, p[0]);
                ID3D11DeviceContext_Unmap(ctx, (ID3D11Resource *)staging, 0);
            }
        }
        if (staging)
            ID3D11Texture2D_Release(staging);
        if (rtv)
            ID3D11RenderTargetView_Release(rtv);
        if (buffer)
            ID3D11Texture2D_Release(buffer);
        ID3D11DeviceContext_Release(ctx);
        IDXGISwapChain_Release(sc);
        ID3D11Device_Release(dev);
    }

    /* The immediate context's own count; while it has references it holds
     * one of the device's. */
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                           &dev, NULL, NULL);
    if (ok(hr == S_OK, "%s: a device", name)) {
        ID3D11DeviceContext *c1 = NULL, *c2 = NULL;
        ULONG before = refcount(dev);
        ID3D11Device_GetImmediateContext(dev, &c1);
        ID3D11Device_GetImmediateContext(dev, &c2);
        ok(c1 == c2 && refcount(dev) == before + 1, "%s: the context holds the device once",
           name);
        ok(ID3D11DeviceContext_Release(c1) == 1 && ID3D11DeviceContext_Release(c2) == 0,
           "%s: the context answers its own count", name);
        ok(refcount(dev) == before && ID3D11Device_Release(dev) == 0,
           "%s: and let the device go", name);
    }
}

/* DXGI 1.3: a swap chain with DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT
 * (IDXGISwapChain2): its latency, and under Wine its waitable object, which
 * each Present releases once; one without the flag refuses them; source
 * sizes inside the buffer. */
static void test_latency(const char *name)
{
    DXGI_SWAP_CHAIN_DESC desc = {{W, H, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0},
                                 {1, 0},
                                 DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                 2,
                                 chain_window(),
                                 TRUE,
                                 DXGI_SWAP_EFFECT_FLIP_DISCARD,
                                 DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT};
    IDXGISwapChain *sc = NULL;
    IDXGISwapChain2 *sc2 = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    UINT n = 0, w = 0, h = 0;
    HANDLE wait;
    HRESULT hr;

    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
    if (!ok(hr == S_OK, "%s: a waitable swap chain: %#x", name, (unsigned)hr))
        return;
    if (!ok(IDXGISwapChain_QueryInterface(sc, &IID_IDXGISwapChain2, (void **)&sc2) == S_OK,
            "%s: IDXGISwapChain2", name))
        goto out;
    ok(IDXGISwapChain2_GetMaximumFrameLatency(sc2, &n) == S_OK && n == 1,
       "%s: a latency of 1 at first: %u", name, n);
    ok(IDXGISwapChain2_SetMaximumFrameLatency(sc2, 0) == E_INVALIDARG, "%s: not 0", name);
    ok(IDXGISwapChain2_SetMaximumFrameLatency(sc2, 2) == S_OK &&
           IDXGISwapChain2_GetMaximumFrameLatency(sc2, &n) == S_OK && n == 2,
       "%s: a latency of 2", name);
    ok(IDXGISwapChain2_SetSourceSize(sc2, W + 1, 8) == E_INVALIDARG &&
           IDXGISwapChain2_SetSourceSize(sc2, 0, 8) == E_INVALIDARG,
       "%s: no source larger than the buffer, nor empty", name);
    ok(IDXGISwapChain2_SetSourceSize(sc2, 16, 8) == S_OK &&
           IDXGISwapChain2_GetSourceSize(sc2, &w, &h) == S_OK && w == 16 && h == 8,
       "%s: a source of 16x8", name);
    ok(IDXGISwapChain2_Present(sc2, 0, 0) == S_OK, "%s: a present of the source", name);
    ok(IDXGISwapChain2_SetMatrixTransform(sc2, NULL) == DXGI_ERROR_INVALID_CALL,
       "%s: no transform of a window's swap chain", name);
    wait = IDXGISwapChain2_GetFrameLatencyWaitableObject(sc2);
#ifdef _WIN32
    if (ok(wait != NULL, "%s: a waitable object", name)) {
        /* 1 at creation, +1 by SetMaximumFrameLatency(2), +1 by the present. */
        for (int i = 0; i < 3; i++)
            ok(WaitForSingleObject(wait, 0) == WAIT_OBJECT_0, "%s: frame %d may start", name, i);
        ok(WaitForSingleObject(wait, 0) == WAIT_TIMEOUT, "%s: then no more", name);
        ok(IDXGISwapChain2_Present(sc2, 0, 0) == S_OK, "%s: a present", name);
        ok(WaitForSingleObject(wait, 0) == WAIT_OBJECT_0, "%s: releases one", name);
        CloseHandle(wait);
    }
#else
    ok(wait == NULL, "%s: natively no waitable object", name);
#endif
out:
    if (sc2)
        IDXGISwapChain2_Release(sc2);
    ID3D11DeviceContext_Release(ctx);
    ok(IDXGISwapChain_Release(sc) == 0, "%s: the waitable swap chain goes", name);
    ID3D11Device_Release(dev);

    /* Without the flag. */
    desc.Flags = 0;
    sc = NULL, sc2 = NULL, dev = NULL, ctx = NULL;
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
    if (ok(hr == S_OK, "%s: a swap chain without the flag", name) &&
        ok(IDXGISwapChain_QueryInterface(sc, &IID_IDXGISwapChain2, (void **)&sc2) == S_OK,
           "%s: IDXGISwapChain2 of it", name)) {
        ok(IDXGISwapChain2_GetMaximumFrameLatency(sc2, &n) == DXGI_ERROR_INVALID_CALL &&
               IDXGISwapChain2_SetMaximumFrameLatency(sc2, 2) == DXGI_ERROR_INVALID_CALL &&
               !IDXGISwapChain2_GetFrameLatencyWaitableObject(sc2),
           "%s: no latency without the flag", name);
        IDXGISwapChain2_Release(sc2);
    }
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (sc)
        IDXGISwapChain_Release(sc);
    if (dev)
        ID3D11Device_Release(dev);
}

static void test_dxgi(const char *name)
{
    IDXGIFactory1 *f = NULL;
    IDXGIAdapter1 *a = NULL, *none = (void *)1;
    DXGI_ADAPTER_DESC1 d = {0};
    ID3D11Device *dev = NULL;
    HRESULT hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&f);
    if (!ok(hr == S_OK, "%s: CreateDXGIFactory1: %#x", name, (unsigned)hr))
        return;
    hr = IDXGIFactory1_EnumAdapters1(f, 0, &a);
    ok(hr == S_OK, "%s: adapter 0: %#x", name, (unsigned)hr);
    ok(IDXGIFactory1_EnumAdapters1(f, 1, &none) == DXGI_ERROR_NOT_FOUND && !none,
       "%s: no adapter 1", name);
    if (a) {
        ok(IDXGIAdapter1_GetDesc1(a, &d) == S_OK && d.Description[0], "%s: a description",
           name);
        hr = D3D11CreateDevice((IDXGIAdapter *)a, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL);
        ok(hr == E_INVALIDARG, "%s: an adapter needs D3D_DRIVER_TYPE_UNKNOWN: %#x", name,
           (unsigned)hr);
        hr = D3D11CreateDevice((IDXGIAdapter *)a, D3D_DRIVER_TYPE_UNKNOWN, NULL, 0, NULL, 0,
                               D3D11_SDK_VERSION, &dev, NULL, NULL);
        ok(hr == S_OK, "%s: a device on the adapter: %#x", name, (unsigned)hr);
        if (dev) {
            IDXGIDevice *dx = NULL;
            IDXGIAdapter *back = NULL;
            ok(ID3D11Device_QueryInterface(dev, &IID_IDXGIDevice, (void **)&dx) == S_OK,
               "%s: IDXGIDevice", name);
            if (dx) {
                ok(IDXGIDevice_GetAdapter(dx, &back) == S_OK &&
                       back == (IDXGIAdapter *)a,
                   "%s: the device's adapter is the one given", name);
                if (back)
                    IDXGIAdapter_Release(back);
                IDXGIDevice_Release(dx);
            }
            ok(ID3D11Device_Release(dev) == 0, "%s: device released", name);
        }
        IDXGIAdapter1_Release(a);
    }
    IDXGIFactory1_Release(f);

    /* DXGI 1.3 to 1.5: the factory's flags, adapters by LUID and WARP,
     * no tearing. */
    {
        IDXGIFactory5 *f5 = NULL;
        IUnknown *by_luid = NULL, *warp = NULL;
        LUID other = {1, 1};
        BOOL tearing = TRUE;
        hr = CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, &IID_IDXGIFactory5, (void **)&f5);
        if (!ok(hr == S_OK && f5, "%s: CreateDXGIFactory2 of an IDXGIFactory5: %#x", name,
                (unsigned)hr))
            return;
        ok(IDXGIFactory5_GetCreationFlags(f5) == DXGI_CREATE_FACTORY_DEBUG,
           "%s: GetCreationFlags", name);
        ok(IDXGIFactory5_CheckFeatureSupport(f5, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing,
                                             sizeof(tearing)) == S_OK &&
               !tearing,
           "%s: no tearing", name);
        ok(IDXGIFactory5_CheckFeatureSupport(f5, DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, 1) ==
               E_INVALIDARG,
           "%s: the feature's size", name);
        ok(IDXGIFactory5_EnumAdapterByLuid(f5, d.AdapterLuid, &IID_IDXGIAdapter, (void **)&by_luid) ==
                   S_OK &&
               by_luid,
           "%s: the adapter by its LUID", name);
        ok(IDXGIFactory5_EnumAdapterByLuid(f5, other, &IID_IDXGIAdapter, (void **)&warp) ==
                   DXGI_ERROR_NOT_FOUND &&
               !warp,
           "%s: no adapter of another LUID", name);
        ok(IDXGIFactory5_EnumWarpAdapter(f5, &IID_IUnknown, (void **)&warp) == S_OK && warp,
           "%s: EnumWarpAdapter", name);
        if (by_luid)
            IUnknown_Release(by_luid);
        if (warp)
            IUnknown_Release(warp);
        IDXGIFactory5_Release(f5);
    }
}

/* The other entry points of d3d11.dll and dxgi.dll that programs and
 * Wine's own DLLs link against: D3D11CoreCreateDevice makes a device
 * (the first level given it can), D3D11On12CreateDevice is E_NOTIMPL (no
 * Direct3D 12), DXGIGetDebugInterface1 is E_NOINTERFACE (no debug layer,
 * as Windows without the SDK's tools), DXGID3D10CreateDevice is
 * DXGI_ERROR_UNSUPPORTED (no ID3D10Device).  Under Wine, the program a
 * Direct3D 10 game is: Wine's d3d10.dll loads over these DLLs (its
 * d3d10core imports DXGID3D10CreateDevice) and D3D10CreateDevice fails
 * cleanly, as without Direct3D 10 hardware. */
HRESULT WINAPI D3D11CoreCreateDevice(IDXGIFactory *factory, IDXGIAdapter *adapter, UINT flags,
                                     const D3D_FEATURE_LEVEL *levels, UINT level_count,
                                     ID3D11Device **device);
HRESULT WINAPI D3D11On12CreateDevice(IUnknown *d3d12, UINT flags, const D3D_FEATURE_LEVEL *levels,
                                     UINT level_count, IUnknown *const *queues, UINT queue_count,
                                     UINT node_mask, ID3D11Device **device,
                                     ID3D11DeviceContext **context, D3D_FEATURE_LEVEL *level_out);
HRESULT WINAPI DXGIGetDebugInterface1(UINT flags, REFIID riid, void **out);
HRESULT WINAPI DXGID3D10CreateDevice(HMODULE d3d11, IDXGIFactory *factory, IDXGIAdapter *adapter,
                                     UINT flags, const void *levels, UINT level_count,
                                     void **device);

static void test_entry_points(const char *name)
{
    static const D3D_FEATURE_LEVEL l11 = D3D_FEATURE_LEVEL_11_0;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = (ID3D11DeviceContext *)1;
    void *out = (void *)1;
    HRESULT hr;

    hr = D3D11CoreCreateDevice(NULL, NULL, 0, &l11, 1, &dev);
    ok(hr == S_OK && dev && ID3D11Device_GetFeatureLevel(dev) == l11,
       "%s: D3D11CoreCreateDevice: %#x", name, (unsigned)hr);
    if (dev)
        ok(ID3D11Device_Release(dev) == 0, "%s: and its device goes", name);
    dev = (ID3D11Device *)1;
    hr = D3D11On12CreateDevice(NULL, 0, &l11, 1, NULL, 0, 0, &dev, &ctx, NULL);
    ok(hr == E_NOTIMPL && !dev && !ctx, "%s: D3D11On12CreateDevice: %#x", name, (unsigned)hr);
    hr = DXGIGetDebugInterface1(0, &IID_IUnknown, &out);
    ok(hr == E_NOINTERFACE && !out, "%s: DXGIGetDebugInterface1: %#x", name, (unsigned)hr);
    out = (void *)1;
    hr = DXGID3D10CreateDevice(NULL, NULL, NULL, 0, &l11, 1, &out);
    ok(hr == DXGI_ERROR_UNSUPPORTED && !out, "%s: DXGID3D10CreateDevice: %#x", name,
       (unsigned)hr);
#ifdef _WIN32
    {
        HMODULE d3d10 = LoadLibraryA("d3d10.dll");
        HRESULT(WINAPI * create)(IDXGIAdapter *, UINT, HMODULE, UINT, UINT, void **) =
            d3d10 ? (void *)GetProcAddress(d3d10, "D3D10CreateDevice") : NULL;
        ok(create != NULL, "%s: d3d10.dll loads over our dxgi.dll", name);
        if (create) {
            out = NULL;
            hr = create(NULL, 0 /* D3D10_DRIVER_TYPE_HARDWARE */, NULL, 0,
                        29 /* D3D10_SDK_VERSION */, &out);
            ok(hr == DXGI_ERROR_UNSUPPORTED && !out, "%s: D3D10CreateDevice: %#x", name,
               (unsigned)hr);
        }
        if (d3d10)
            FreeLibrary(d3d10);
    }
#endif
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_10_1};
    struct scene s = {0};
    D3D_FEATURE_LEVEL level = 0;
    ID3D11Buffer *extra = NULL;
    D3D11_BUFFER_DESC bd = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    ULONG before;
    HRESULT hr;

    e2e_use_transport(t, server);
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, levels, 2,
                           D3D11_SDK_VERSION, &s.dev, &level, &s.ctx);
    if (!ok(hr == S_OK, "%s: D3D11CreateDevice: %#x", name, (unsigned)hr))
        return;
    ok(level == D3D_FEATURE_LEVEL_10_1, "%s: 12_0 is passed over for 10_1: %#x", name, level);
    ok(ID3D11Device_GetFeatureLevel(s.dev) == level, "%s: GetFeatureLevel", name);
    before = refcount(s.dev);
    ok(ID3D11Device_CreateBuffer(s.dev, &bd, NULL, &extra) == S_OK, "%s: a buffer", name);
    ok(refcount(s.dev) == before + 1, "%s: a child holds its device: %u -> %u", name, before,
       refcount(s.dev));
    ID3D11Buffer_Release(extra);
    ok(refcount(s.dev) == before, "%s: and lets it go", name);
    test_entry_points(name);
    if (SUCCEEDED(make_scene(&s, name))) {
        test_pixels(&s, name);
        test_dynamic(&s, name);
        test_textures(&s, name);
        test_depth(&s, name);
        test_cbs(&s, name);
        test_typeless_depth(&s, name);
        test_stencil_views(&s, name);
        test_cube(&s, name);
        test_mips(&s, name);
        test_instancing(&s, name);
        test_queries(&s, name);
        test_pipeline_stats(&s, name);
        test_predication(&s, name);
        test_private_data(&s, name);
        test_vertex_bounds(&s, name);
        test_buffer_copies(&s, name);
        test_texture_copies(&s, name);
        test_arrays(&s, name);
        test_texture1d(&s, name);
        test_depth_readback(&s, name);
        test_hazards(&s, name);
        test_more_formats(&s, name);
        test_typeless_colour(&s, name);
        test_copy_rule(&s, name);
        test_unbound_types(&s, name);
        test_volumes(&s, name);
        test_buffer_srvs(&s, name);
        test_comparison(&s, name);
        test_compute(&s, name);
        test_append(&s, name);
        test_int_semantics(name);
        test_geometry(&s, name);
        test_points(&s, name);
        negative_viewport(&s, name, false);
        test_relative_input(&s, name);
        test_translator_crash(&s, name);
        test_layered(&s, name);
        test_viewports(&s, name);
        test_buffer_rtv(&s, name);
        test_stage_uav(name, false);
        test_stage_uav(name, true);
        test_tessellation(&s, name);
        test_alpha_to_coverage(&s, name);
        test_dual_source(&s, name);
        test_blend_x8(&s, name);
        test_render_a8(&s, name);
        test_strip_cut(&s, name);
        test_multithread(&s, name);
        test_gdi_compatible(&s, name);
        test_depth_bias(&s, name);
        test_depth_bias_values(&s, name);
        test_dxgi_surface(&s, name);
        test_msaa(&s, name);
        test_unwritten_target(&s, name);
        test_srgb_resolve(&s, name);
        test_instance_rates(&s, name);
        test_wide_io(&s, name);
        test_cube_array(&s, name);
        test_read_only_depth(&s, name);
        test_d3d11_3(&s, name);
        test_stream_output(name);
        test_state_objects(&s, name);
        test_d3d11_1(&s, name);
        test_deferred(&s, name);
        test_refusals(&s, name);
    }
    /* Released while bound: the bindings keep the objects, not the
     * device; the device's last release takes them. */
    release_scene(&s);
    ID3D11DeviceContext_Release(s.ctx);
    ok(ID3D11Device_Release(s.dev) == 0, "%s: the device goes with objects still bound", name);
    test_dxgi(name);
    test_swapchain(name);
    test_latency(name);
}

#ifndef _WIN32
/* The processes whose parent is pid (/proc/N/stat's fourth field). */
static int children_of(pid_t pid)
{
    DIR *d = opendir("/proc");
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[300], buf[512], *close_paren;
        FILE *f;
        int ppid = 0;
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
        if (!(f = fopen(path, "r")))
            continue;
        if (fgets(buf, sizeof(buf), f) && (close_paren = strrchr(buf, ')')) &&
            sscanf(close_paren + 1, " %*c %d", &ppid) == 1 && ppid == pid)
            n++;
        fclose(f);
    }
    if (d)
        closedir(d);
    return n;
}
#endif

int main(void)
{
    struct e2e_server server;
    if (!e2e_server_start(&server)) {
        ok(0, "nereid-server did not start");
        return test_done();
    }
    for (int t = 0; t < E2E_COUNT; t++)
        if (e2e_transport_supported((enum e2e_transport)t))
            run((enum e2e_transport)t, &server);
#ifndef _WIN32
    /* Each session's DXBC translator (a helper process, server/translator.c)
     * ends with the session: every session over, the server has no child. */
    if (server.pid > 0) {
        int left = children_of(server.pid);
        for (int i = 0; i < 100 && left; i++) {
            usleep(50 * 1000);
            left = children_of(server.pid);
        }
        ok(!left, "the server's translators ended with their sessions (%d left)", left);
    }
#endif
    ok(e2e_server_stop(&server) == 0, "the server exits cleanly (no validation errors)");
    return test_done();
}
