/* IDirect3DStateBlock9: CreateStateBlock (ALL, PIXELSTATE, VERTEXSTATE),
 * BeginStateBlock/EndStateBlock recording, Capture and Apply, with Get*
 * checks of what each type holds, pixel checks that applied state renders
 * (with the dirty-flag check mode on), reference counts and the documented
 * error returns.  Over every transport. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static void quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, DWORD c)
{
    struct vertex v[4] = {{x0, y0, 0, 1, c}, {x1, y0, 0, 1, c}, {x0, y1, 0, 1, c},
                          {x1, y1, 0, 1, c}};
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

static DWORD rs(IDirect3DDevice9 *dev, D3DRENDERSTATETYPE s)
{
    DWORD v = 0xdeadbeef;
    IDirect3DDevice9_GetRenderState(dev, s, &v);
    return v;
}

static ULONG refcount(void *obj)
{
    IUnknown *u = obj;
    u->lpVtbl->AddRef(u);
    return u->lpVtbl->Release(u);
}

/* The documented error returns, and what recording does and does not do. */
static void test_errors(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DStateBlock9 *sb = NULL, *sb2 = NULL;
    IDirect3DDevice9 *got = NULL;
    ULONG before = refcount(dev);

    sb = (IDirect3DStateBlock9 *)(uintptr_t)0xdeadbeef;
    ok(IDirect3DDevice9_EndStateBlock(dev, &sb) == D3DERR_INVALIDCALL &&
           sb == (IDirect3DStateBlock9 *)(uintptr_t)0xdeadbeef,
       "%s: EndStateBlock without BeginStateBlock fails, the pointer untouched", name);
    sb = NULL;
    ok(IDirect3DDevice9_CreateStateBlock(dev, (D3DSTATEBLOCKTYPE)0, &sb) ==
           D3DERR_INVALIDCALL, "%s: CreateStateBlock(0) fails", name);
    ok(IDirect3DDevice9_CreateStateBlock(dev, (D3DSTATEBLOCKTYPE)4, &sb) ==
           D3DERR_INVALIDCALL, "%s: CreateStateBlock(4) fails", name);
    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, NULL) == D3DERR_INVALIDCALL,
       "%s: CreateStateBlock(NULL) fails", name);

    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb2) == D3D_OK,
       "%s: CreateStateBlock(ALL)", name);
    ok(refcount(dev) == before + 1, "%s: a state block holds a device reference", name);
    ok(IDirect3DDevice9_BeginStateBlock(dev) == D3D_OK, "%s: BeginStateBlock", name);
    ok(refcount(dev) == before + 1, "%s: BeginStateBlock takes no reference", name);
    ok(IDirect3DDevice9_BeginStateBlock(dev) == D3DERR_INVALIDCALL,
       "%s: nested BeginStateBlock fails", name);
    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb) == D3DERR_INVALIDCALL,
       "%s: CreateStateBlock while recording fails", name);
    ok(IDirect3DStateBlock9_Apply(sb2) == D3DERR_INVALIDCALL &&
           IDirect3DStateBlock9_Capture(sb2) == D3DERR_INVALIDCALL,
       "%s: Apply and Capture while recording fail", name);
    ok(IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x42) == D3D_OK,
       "%s: a setter while recording", name);
    ok(rs(dev, D3DRS_ALPHAREF) == 0, "%s: recording does not change the device (%#lx)",
       name, (unsigned long)rs(dev, D3DRS_ALPHAREF));
    ok(IDirect3DDevice9_SetRenderState(dev, (D3DRENDERSTATETYPE)0, 1) == D3DERR_INVALIDCALL,
       "%s: a bad setter call still fails while recording", name);
    ok(IDirect3DDevice9_EndStateBlock(dev, NULL) == D3DERR_INVALIDCALL,
       "%s: EndStateBlock(NULL) fails", name);
    ok(IDirect3DDevice9_EndStateBlock(dev, &sb) == D3D_OK && sb, "%s: EndStateBlock", name);
    ok(refcount(dev) == before + 2, "%s: a recorded block holds a device reference", name);
    ok(IDirect3DStateBlock9_GetDevice(sb, &got) == D3D_OK && got == dev,
       "%s: GetDevice", name);
    if (got)
        IDirect3DDevice9_Release(got);
    ok(IDirect3DStateBlock9_Apply(sb) == D3D_OK && rs(dev, D3DRS_ALPHAREF) == 0x42,
       "%s: Apply sets what was recorded", name);
    ok(IDirect3DStateBlock9_Apply(sb2) == D3D_OK && rs(dev, D3DRS_ALPHAREF) == 0,
       "%s: Apply of ALL restores it", name);
    ok(IDirect3DStateBlock9_Release(sb) == 0 && IDirect3DStateBlock9_Release(sb2) == 0,
       "%s: blocks released", name);
    ok(refcount(dev) == before, "%s: device references returned", name);

    /* Clip plane indices past the device's planes are accepted and name the
     * last plane (as on Windows: Wine's device test_clip_planes_limits). */
    {
        float p[4] = {2, 8, 5, 0}, got_p[4];
        bool all = true;
        for (DWORD i = 0; i < 12; i++) {
            p[3] = (float)i;
            all &= IDirect3DDevice9_SetClipPlane(dev, i, p) == D3D_OK;
        }
        ok(all, "%s: SetClipPlane takes indices 0 to 11", name);
        for (DWORD i = 0; i < 12; i++) {
            memset(got_p, 0xff, sizeof(got_p));
            ok(IDirect3DDevice9_GetClipPlane(dev, i, got_p) == D3D_OK &&
                   got_p[3] == (i < 5 ? (float)i : 11.0f),
               "%s: plane %lu reads d %g", name, (unsigned long)i, got_p[3]);
        }
        memset(p, 0, sizeof(p));
        for (DWORD i = 0; i < 6; i++)
            IDirect3DDevice9_SetClipPlane(dev, i, p);
    }

    /* MultiplyTransform is not recorded: it changes the device even while
     * a block records (Wine's device test_multiply_transform, on Windows). */
    {
        D3DMATRIX one = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
        D3DMATRIX two = {{{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2}}}, got_m;
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(3), &one);
        IDirect3DDevice9_BeginStateBlock(dev);
        IDirect3DDevice9_MultiplyTransform(dev, D3DTS_WORLDMATRIX(3), &two);
        sb = NULL;
        IDirect3DDevice9_EndStateBlock(dev, &sb);
        IDirect3DDevice9_GetTransform(dev, D3DTS_WORLDMATRIX(3), &got_m);
        ok(!memcmp(&got_m, &two, sizeof(two)),
           "%s: MultiplyTransform while recording changes the device", name);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(3), &one);
        if (sb) {
            IDirect3DStateBlock9_Apply(sb);
            IDirect3DStateBlock9_Release(sb);
        }
        IDirect3DDevice9_GetTransform(dev, D3DTS_WORLDMATRIX(3), &got_m);
        ok(!memcmp(&got_m, &one, sizeof(one)), "%s: and the block holds nothing of it", name);
    }
}

/* What each type holds, seen through the getters. */
static void test_types(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DStateBlock9 *px = NULL, *vx = NULL, *all = NULL;
    D3DLIGHT9 light = {0}, got_light;
    D3DMATRIX m = {{{2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}}}, got_m, ident = {{{
        1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DVIEWPORT9 vp = {4, 4, 8, 8, 0, 1}, got_vp;
    BOOL enabled = 0;
    DWORD v;

    light.Type = D3DLIGHT_POINT;
    light.Range = 10.0f;
    light.Diffuse.r = 0.5f;
    /* The values the blocks capture. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 7);       /* pixel */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDFACTOR, 0x11); /* pixel */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0x22);     /* vertex */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT); /* both */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CCW_STENCILFUNC, D3DCMP_LESS); /* ALL only */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_ADD);  /* pixel */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 3);     /* both */
    IDirect3DDevice9_SetSamplerState(dev, 2, D3DSAMP_MAGFILTER, D3DTEXF_POINT); /* pixel */
    IDirect3DDevice9_SetSamplerState(dev, 2, D3DSAMP_DMAPOFFSET, 5);            /* vertex */
    IDirect3DDevice9_SetLight(dev, 3, &light);                                  /* vertex */
    IDirect3DDevice9_LightEnable(dev, 3, TRUE);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &m);                         /* ALL */
    IDirect3DDevice9_SetViewport(dev, &vp);                                     /* ALL */
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ);                                   /* vertex */

    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_PIXELSTATE, &px) == D3D_OK &&
           IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_VERTEXSTATE, &vx) == D3D_OK &&
           IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &all) == D3D_OK,
       "%s: a block of each type", name);
    if (!px || !vx || !all)
        goto out;

    /* Back to the defaults. */
#define DEFAULTS()                                                                   \
    do {                                                                             \
        D3DVIEWPORT9 full_ = {0, 0, W, H, 0, 1};                                    \
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);                    \
        IDirect3DDevice9_SetRenderState(dev, D3DRS_BLENDFACTOR, 0xffffffff);        \
        IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);                     \
        IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);    \
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS); \
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_DISABLE); \
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 1);     \
        IDirect3DDevice9_SetSamplerState(dev, 2, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR); \
        IDirect3DDevice9_SetSamplerState(dev, 2, D3DSAMP_DMAPOFFSET, 0);            \
        IDirect3DDevice9_LightEnable(dev, 3, FALSE);                                \
        IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &ident);                     \
        IDirect3DDevice9_SetViewport(dev, &full_);                                  \
        IDirect3DDevice9_SetFVF(dev, FVF);                                          \
    } while (0)

    /* PIXELSTATE. */
    DEFAULTS();
    ok(IDirect3DStateBlock9_Apply(px) == D3D_OK, "%s: Apply(PIXELSTATE)", name);
    ok(rs(dev, D3DRS_ALPHAREF) == 7 && rs(dev, D3DRS_BLENDFACTOR) == 0x11 &&
           rs(dev, D3DRS_SHADEMODE) == D3DSHADE_FLAT,
       "%s: pixel render states applied", name);
    ok(rs(dev, D3DRS_AMBIENT) == 0 && rs(dev, D3DRS_CCW_STENCILFUNC) == D3DCMP_ALWAYS,
       "%s: vertex and ALL-only render states untouched", name);
    IDirect3DDevice9_GetTextureStageState(dev, 1, D3DTSS_COLOROP, &v);
    ok(v == D3DTOP_ADD, "%s: pixel stage state applied (%lu)", name, (unsigned long)v);
    IDirect3DDevice9_GetSamplerState(dev, 2, D3DSAMP_MAGFILTER, &v);
    ok(v == D3DTEXF_POINT, "%s: pixel sampler state applied", name);
    IDirect3DDevice9_GetSamplerState(dev, 2, D3DSAMP_DMAPOFFSET, &v);
    ok(v == 0, "%s: DMAPOFFSET is not pixel state", name);
    IDirect3DDevice9_GetLightEnable(dev, 3, &enabled);
    ok(!enabled, "%s: lights are not pixel state", name);
    IDirect3DDevice9_GetTransform(dev, D3DTS_VIEW, &got_m);
    ok(!memcmp(&got_m, &ident, sizeof(got_m)), "%s: transforms are not pixel state", name);
    IDirect3DDevice9_GetFVF(dev, &v);
    ok(v == FVF, "%s: the FVF is not pixel state", name);

    /* VERTEXSTATE. */
    DEFAULTS();
    ok(IDirect3DStateBlock9_Apply(vx) == D3D_OK, "%s: Apply(VERTEXSTATE)", name);
    ok(rs(dev, D3DRS_AMBIENT) == 0x22 && rs(dev, D3DRS_SHADEMODE) == D3DSHADE_FLAT,
       "%s: vertex render states applied", name);
    ok(rs(dev, D3DRS_ALPHAREF) == 0 && rs(dev, D3DRS_BLENDFACTOR) == 0xffffffff,
       "%s: pixel render states untouched", name);
    IDirect3DDevice9_GetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, &v);
    ok(v == 3, "%s: TEXCOORDINDEX is vertex state", name);
    IDirect3DDevice9_GetTextureStageState(dev, 1, D3DTSS_COLOROP, &v);
    ok(v == D3DTOP_DISABLE, "%s: COLOROP is not vertex state", name);
    IDirect3DDevice9_GetSamplerState(dev, 2, D3DSAMP_DMAPOFFSET, &v);
    ok(v == 5, "%s: DMAPOFFSET is vertex state", name);
    IDirect3DDevice9_GetLightEnable(dev, 3, &enabled);
    ok(enabled, "%s: light enables are vertex state", name);
    ok(IDirect3DDevice9_GetLight(dev, 3, &got_light) == D3D_OK &&
           got_light.Type == D3DLIGHT_POINT && got_light.Diffuse.r == 0.5f,
       "%s: lights are vertex state", name);
    IDirect3DDevice9_GetTransform(dev, D3DTS_VIEW, &got_m);
    ok(!memcmp(&got_m, &ident, sizeof(got_m)), "%s: transforms are not vertex state", name);
    IDirect3DDevice9_GetViewport(dev, &got_vp);
    ok(got_vp.Width == W, "%s: the viewport is not vertex state", name);
    IDirect3DDevice9_GetFVF(dev, &v);
    ok(v == D3DFVF_XYZ, "%s: the FVF is vertex state", name);

    /* ALL. */
    DEFAULTS();
    ok(IDirect3DStateBlock9_Apply(all) == D3D_OK, "%s: Apply(ALL)", name);
    ok(rs(dev, D3DRS_ALPHAREF) == 7 && rs(dev, D3DRS_AMBIENT) == 0x22 &&
           rs(dev, D3DRS_CCW_STENCILFUNC) == D3DCMP_LESS,
       "%s: every render state applied", name);
    IDirect3DDevice9_GetTransform(dev, D3DTS_VIEW, &got_m);
    ok(!memcmp(&got_m, &m, sizeof(got_m)), "%s: transforms applied", name);
    IDirect3DDevice9_GetViewport(dev, &got_vp);
    ok(!memcmp(&got_vp, &vp, sizeof(vp)), "%s: the viewport applied", name);

    /* Capture refreshes only what a block holds. */
    DEFAULTS();
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 9);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0x33);
    ok(IDirect3DStateBlock9_Capture(px) == D3D_OK, "%s: Capture(PIXELSTATE)", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 1);
    IDirect3DStateBlock9_Apply(px);
    ok(rs(dev, D3DRS_ALPHAREF) == 9 && rs(dev, D3DRS_AMBIENT) == 1,
       "%s: Capture took the new pixel state only", name);
    DEFAULTS();
out:
    if (px)
        IDirect3DStateBlock9_Release(px);
    if (vx)
        IDirect3DStateBlock9_Release(vx);
    if (all)
        IDirect3DStateBlock9_Release(all);
#undef DEFAULTS
}

/* Every state group an ALL block holds: each is set to a value of its own,
 * captured, overwritten with another and brought back by Apply; Get* must
 * then answer the captured value.  A group the block forgets to capture (or
 * to apply) keeps the overwriting value. */
struct group_state {
    DWORD rs_fogcolor, tss_colorop, samp_addressu;
    D3DMATERIAL9 material;
    D3DLIGHT9 light;
    BOOL light_enabled;
    float clip[4];
    D3DMATRIX world, tex0;
    D3DVIEWPORT9 viewport;
    RECT scissor;
    float vsf[4], psf[4];
    int vsi[4], psi[4];
    BOOL vsb, psb;
    UINT stream_offset, stream_stride, freq;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DIndexBuffer9 *ib;
    IDirect3DBaseTexture9 *tex;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    float npatch;
};

static void group_set(IDirect3DDevice9 *dev, const struct group_state *g)
{
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, g->rs_fogcolor);
    IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, g->tss_colorop);
    IDirect3DDevice9_SetSamplerState(dev, 3, D3DSAMP_ADDRESSU, g->samp_addressu);
    IDirect3DDevice9_SetMaterial(dev, &g->material);
    IDirect3DDevice9_SetLight(dev, 1, &g->light);
    IDirect3DDevice9_LightEnable(dev, 1, g->light_enabled);
    IDirect3DDevice9_SetClipPlane(dev, 2, g->clip);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &g->world);
    IDirect3DDevice9_SetTransform(dev, D3DTS_TEXTURE0, &g->tex0);
    IDirect3DDevice9_SetViewport(dev, &g->viewport);
    IDirect3DDevice9_SetScissorRect(dev, &g->scissor);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 5, g->vsf, 1);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 6, g->psf, 1);
    IDirect3DDevice9_SetVertexShaderConstantI(dev, 2, g->vsi, 1);
    IDirect3DDevice9_SetPixelShaderConstantI(dev, 3, g->psi, 1);
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 7, &g->vsb, 1);
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 8, &g->psb, 1);
    IDirect3DDevice9_SetStreamSource(dev, 1, g->vb, g->stream_offset, g->stream_stride);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, g->freq);
    IDirect3DDevice9_SetIndices(dev, g->ib);
    IDirect3DDevice9_SetTexture(dev, 4, g->tex);
    IDirect3DDevice9_SetVertexShader(dev, g->vs);
    IDirect3DDevice9_SetPixelShader(dev, g->ps);
    IDirect3DDevice9_SetNPatchMode(dev, g->npatch);
}

static void group_check(IDirect3DDevice9 *dev, const char *name, const struct group_state *g)
{
    struct group_state h;
    IUnknown *objs[5] = {0};

    memset(&h, 0, sizeof(h));
    h.rs_fogcolor = rs(dev, D3DRS_FOGCOLOR);
    IDirect3DDevice9_GetTextureStageState(dev, 2, D3DTSS_COLOROP, &h.tss_colorop);
    IDirect3DDevice9_GetSamplerState(dev, 3, D3DSAMP_ADDRESSU, &h.samp_addressu);
    IDirect3DDevice9_GetMaterial(dev, &h.material);
    IDirect3DDevice9_GetLight(dev, 1, &h.light);
    IDirect3DDevice9_GetLightEnable(dev, 1, &h.light_enabled);
    IDirect3DDevice9_GetClipPlane(dev, 2, h.clip);
    IDirect3DDevice9_GetTransform(dev, D3DTS_WORLD, &h.world);
    IDirect3DDevice9_GetTransform(dev, D3DTS_TEXTURE0, &h.tex0);
    IDirect3DDevice9_GetViewport(dev, &h.viewport);
    IDirect3DDevice9_GetScissorRect(dev, &h.scissor);
    IDirect3DDevice9_GetVertexShaderConstantF(dev, 5, h.vsf, 1);
    IDirect3DDevice9_GetPixelShaderConstantF(dev, 6, h.psf, 1);
    IDirect3DDevice9_GetVertexShaderConstantI(dev, 2, h.vsi, 1);
    IDirect3DDevice9_GetPixelShaderConstantI(dev, 3, h.psi, 1);
    IDirect3DDevice9_GetVertexShaderConstantB(dev, 7, &h.vsb, 1);
    IDirect3DDevice9_GetPixelShaderConstantB(dev, 8, &h.psb, 1);
    IDirect3DDevice9_GetStreamSource(dev, 1, &h.vb, &h.stream_offset, &h.stream_stride);
    IDirect3DDevice9_GetStreamSourceFreq(dev, 1, &h.freq);
    IDirect3DDevice9_GetIndices(dev, &h.ib);
    IDirect3DDevice9_GetTexture(dev, 4, &h.tex);
    IDirect3DDevice9_GetVertexShader(dev, &h.vs);
    IDirect3DDevice9_GetPixelShader(dev, &h.ps);
    h.npatch = IDirect3DDevice9_GetNPatchMode(dev);
    objs[0] = (IUnknown *)h.vb;
    objs[1] = (IUnknown *)h.ib;
    objs[2] = (IUnknown *)h.tex;
    objs[3] = (IUnknown *)h.vs;
    objs[4] = (IUnknown *)h.ps;

    ok(h.rs_fogcolor == g->rs_fogcolor, "%s: ALL: render state", name);
    ok(h.tss_colorop == g->tss_colorop, "%s: ALL: texture stage state", name);
    ok(h.samp_addressu == g->samp_addressu, "%s: ALL: sampler state", name);
    ok(!memcmp(&h.material, &g->material, sizeof(h.material)), "%s: ALL: material", name);
    ok(!memcmp(&h.light, &g->light, sizeof(h.light)), "%s: ALL: light", name);
    ok(!h.light_enabled == !g->light_enabled, "%s: ALL: light enable (%d)", name,
       h.light_enabled);
    ok(!memcmp(h.clip, g->clip, sizeof(h.clip)), "%s: ALL: clip plane", name);
    ok(!memcmp(&h.world, &g->world, sizeof(h.world)), "%s: ALL: world transform", name);
    ok(!memcmp(&h.tex0, &g->tex0, sizeof(h.tex0)), "%s: ALL: texture transform", name);
    ok(!memcmp(&h.viewport, &g->viewport, sizeof(h.viewport)), "%s: ALL: viewport", name);
    ok(!memcmp(&h.scissor, &g->scissor, sizeof(h.scissor)), "%s: ALL: scissor rect", name);
    ok(!memcmp(h.vsf, g->vsf, sizeof(h.vsf)) && !memcmp(h.psf, g->psf, sizeof(h.psf)),
       "%s: ALL: float constants", name);
    ok(!memcmp(h.vsi, g->vsi, sizeof(h.vsi)) && !memcmp(h.psi, g->psi, sizeof(h.psi)),
       "%s: ALL: integer constants", name);
    ok(h.vsb == g->vsb && h.psb == g->psb, "%s: ALL: boolean constants", name);
    ok(h.vb == g->vb && h.stream_offset == g->stream_offset &&
           h.stream_stride == g->stream_stride,
       "%s: ALL: stream source (%p %u %u, want %p %u %u)", name, (void *)h.vb, h.stream_offset,
       h.stream_stride, (void *)g->vb, g->stream_offset, g->stream_stride);
    ok(h.freq == g->freq, "%s: ALL: stream frequency (%u)", name, h.freq);
    ok(h.ib == g->ib, "%s: ALL: indices", name);
    ok(h.tex == g->tex, "%s: ALL: texture", name);
    ok(h.vs == g->vs && h.ps == g->ps, "%s: ALL: shaders", name);
    ok(h.npatch == g->npatch, "%s: ALL: N-patch mode", name);
    for (int i = 0; i < 5; i++)
        if (objs[i])
            objs[i]->lpVtbl->Release(objs[i]);
}

static void test_every_group(IDirect3DDevice9 *dev, const char *name)
{
    static const DWORD vs_code[] = {0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000,
                                    0x00000001, 0xc00f0000, 0x90e40000, 0x0000ffff};
    static const DWORD ps_code[] = {0xffff0101, 0x00000001, 0x800f0000, 0xa0e40000,
                                    0x0000ffff};
    struct group_state a = {0}, b = {0};
    IDirect3DStateBlock9 *all = NULL;
    IDirect3DVertexBuffer9 *vb[2] = {0};
    IDirect3DIndexBuffer9 *ib[2] = {0};
    IDirect3DTexture9 *tex[2] = {0};
    IDirect3DVertexShader9 *vs[2] = {0};
    IDirect3DPixelShader9 *ps[2] = {0};
    bool have = true;

    for (int i = 0; i < 2; i++) {
        have &= IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb[i],
                                                    NULL) == D3D_OK;
        have &= IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_INDEX16,
                                                   D3DPOOL_MANAGED, &ib[i], NULL) == D3D_OK;
        have &= IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                               D3DPOOL_MANAGED, &tex[i], NULL) == D3D_OK;
        have &= IDirect3DDevice9_CreateVertexShader(dev, vs_code, &vs[i]) == D3D_OK;
        have &= IDirect3DDevice9_CreatePixelShader(dev, ps_code, &ps[i]) == D3D_OK;
    }
    if (!ok(have, "%s: ALL: objects", name))
        goto out;
    /* Two complete sets of values, different in every group. */
    for (int i = 0; i < 2; i++) {
        struct group_state *g = i ? &b : &a;
        float f = i ? 0.25f : 0.75f;
        g->rs_fogcolor = i ? 0xff102030 : 0xff405060;
        g->tss_colorop = i ? D3DTOP_ADD : D3DTOP_SUBTRACT;
        g->samp_addressu = i ? D3DTADDRESS_MIRROR : D3DTADDRESS_CLAMP;
        g->material = (D3DMATERIAL9){{f, 0, 0, 1}, {0, f, 0, 1}, {0, 0, f, 1}, {f, f, 0, 0},
                                     i ? 8.0f : 16.0f};
        g->light.Type = i ? D3DLIGHT_POINT : D3DLIGHT_SPOT;
        g->light.Diffuse = (D3DCOLORVALUE){f, f, f, 1};
        g->light.Range = i ? 5.0f : 7.0f;
        g->light.Attenuation0 = 1;
        g->light.Direction = (D3DVECTOR){0, 0, 1};
        g->light.Theta = 0.5f;
        g->light.Phi = 1.0f;
        g->light_enabled = i ? TRUE : FALSE;
        g->clip[0] = f;
        g->clip[3] = -f;
        memset(&g->world, 0, sizeof(g->world));
        memset(&g->tex0, 0, sizeof(g->tex0));
        for (int j = 0; j < 4; j++) {
            g->world.m[j][j] = i ? 2.0f : 3.0f;
            g->tex0.m[j][j] = 1.0f;
        }
        g->tex0._31 = f;
        g->viewport = (D3DVIEWPORT9){(DWORD)(1 + i), (DWORD)(2 + i), 8, 8, 0.0f, f};
        g->scissor = (RECT){i, 2 * i, 10 + i, 12 + i};
        for (int j = 0; j < 4; j++) {
            g->vsf[j] = f + (float)j;
            g->psf[j] = -f - (float)j;
            g->vsi[j] = i * 10 + j;
            g->psi[j] = i * 20 + j;
        }
        g->vsb = i ? TRUE : FALSE;
        g->psb = i ? FALSE : TRUE;
        g->vb = vb[i];
        g->stream_offset = i ? 16 : 8;
        g->stream_stride = i ? 12 : 20;
        g->freq = i ? (D3DSTREAMSOURCE_INSTANCEDATA | 1u) : 1u;
        g->ib = ib[i];
        g->tex = (IDirect3DBaseTexture9 *)tex[i];
        g->vs = vs[i];
        g->ps = ps[i];
        g->npatch = i ? 0.0f : 0.0f; /* N-patches are not supported: stays 0 */
    }
    group_set(dev, &a);
    group_check(dev, name, &a); /* the values are Get* round trips at all */
    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &all) == D3D_OK, "%s: ALL block",
       name);
    if (!all)
        goto out;
    group_set(dev, &b);
    ok(IDirect3DStateBlock9_Apply(all) == D3D_OK, "%s: Apply(ALL)", name);
    group_check(dev, name, &a);
    /* Capture takes the current values of every group. */
    group_set(dev, &b);
    ok(IDirect3DStateBlock9_Capture(all) == D3D_OK, "%s: Capture(ALL)", name);
    group_set(dev, &a);
    IDirect3DStateBlock9_Apply(all);
    {
        /* As the runtime does, Capture keeps a stream's offset from the
         * block's creation (Wine's stateblock tests check it). */
        struct group_state want = b;
        want.stream_offset = a.stream_offset;
        group_check(dev, name, &want);
    }
out:
    /* Nothing of this test stays bound. */
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 4, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, FVF);
    {
        D3DVIEWPORT9 full = {0, 0, W, H, 0, 1};
        RECT sc = {0, 0, W, H};
        IDirect3DDevice9_SetViewport(dev, &full);
        IDirect3DDevice9_SetScissorRect(dev, &sc);
        IDirect3DDevice9_LightEnable(dev, 1, FALSE);
        IDirect3DDevice9_SetTextureStageState(dev, 2, D3DTSS_COLOROP, D3DTOP_DISABLE);
    }
    if (all)
        IDirect3DStateBlock9_Release(all);
    for (int i = 0; i < 2; i++) {
        if (vb[i])
            IDirect3DVertexBuffer9_Release(vb[i]);
        if (ib[i])
            IDirect3DIndexBuffer9_Release(ib[i]);
        if (tex[i])
            IDirect3DTexture9_Release(tex[i]);
        if (vs[i])
            IDirect3DVertexShader9_Release(vs[i]);
        if (ps[i])
            IDirect3DPixelShader9_Release(ps[i]);
    }
}

/* A recorded block: Capture updates only what it recorded. */
static void test_recorded_capture(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DStateBlock9 *sb = NULL;
    D3DLIGHT9 l;

    IDirect3DDevice9_BeginStateBlock(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x10);
    IDirect3DDevice9_LightEnable(dev, 7, TRUE);
    IDirect3DDevice9_EndStateBlock(dev, &sb);
    if (!ok(sb != NULL, "%s: recorded a block", name))
        return;
    ok(IDirect3DDevice9_GetLight(dev, 7, &l) == D3DERR_INVALIDCALL,
       "%s: a light enabled while recording is not on the device", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x20);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0x20);
    ok(IDirect3DStateBlock9_Capture(sb) == D3D_OK, "%s: Capture of a recorded block", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);
    IDirect3DStateBlock9_Apply(sb);
    ok(rs(dev, D3DRS_ALPHAREF) == 0x20 && rs(dev, D3DRS_AMBIENT) == 0,
       "%s: only the recorded state was captured and applied", name);
    IDirect3DStateBlock9_Release(sb);
}

/* The shader-side setters record too: constants and stream frequencies set
 * while recording leave the device alone until Apply. */
static void test_recorded_shader_state(IDirect3DDevice9 *dev, const char *name)
{
    static const float one[4] = {1, 2, 3, 4}, nine[4] = {9, 9, 9, 9};
    static const int ints[4] = {5, 6, 7, 8};
    const BOOL yes = TRUE;
    IDirect3DStateBlock9 *sb = NULL;
    float f[4];
    int i[4];
    BOOL b = TRUE;
    UINT freq = 0;

    IDirect3DDevice9_SetVertexShaderConstantF(dev, 5, one, 1);
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 2, &(BOOL){FALSE}, 1);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    IDirect3DDevice9_BeginStateBlock(dev);
    ok(IDirect3DDevice9_SetVertexShaderConstantF(dev, 5, nine, 1) == D3D_OK &&
           IDirect3DDevice9_SetPixelShaderConstantI(dev, 3, ints, 1) == D3D_OK &&
           IDirect3DDevice9_SetPixelShaderConstantB(dev, 2, &yes, 1) == D3D_OK &&
           IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1) ==
               D3D_OK,
       "%s: shader-side setters succeed while recording", name);
    ok(IDirect3DDevice9_SetVertexShaderConstantF(dev, 300, nine, 1) == D3DERR_INVALIDCALL,
       "%s: a bad constant range fails while recording too", name);
    IDirect3DDevice9_EndStateBlock(dev, &sb);
    if (!ok(sb != NULL, "%s: recorded a shader-state block", name))
        return;
    IDirect3DDevice9_GetVertexShaderConstantF(dev, 5, f, 1);
    IDirect3DDevice9_GetPixelShaderConstantB(dev, 2, &b, 1);
    IDirect3DDevice9_GetStreamSourceFreq(dev, 1, &freq);
    ok(!memcmp(f, one, sizeof(f)) && !b && freq == 1,
       "%s: recording left the constants and frequencies alone", name);
    ok(IDirect3DStateBlock9_Apply(sb) == D3D_OK, "%s: Apply of the shader-state block", name);
    IDirect3DDevice9_GetVertexShaderConstantF(dev, 5, f, 1);
    IDirect3DDevice9_GetPixelShaderConstantI(dev, 3, i, 1);
    IDirect3DDevice9_GetPixelShaderConstantB(dev, 2, &b, 1);
    IDirect3DDevice9_GetStreamSourceFreq(dev, 1, &freq);
    ok(!memcmp(f, nine, sizeof(f)) && !memcmp(i, ints, sizeof(i)) && b &&
           freq == (D3DSTREAMSOURCE_INSTANCEDATA | 1),
       "%s: Apply set the recorded constants and frequency", name);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    IDirect3DStateBlock9_Release(sb);
}

/* Objects: a block keeps what it holds alive, and gives it back. */
/* A block captures the vertex declaration, NULL too, and applies none
 * where it holds NULL (Wine's test_vdecl_apply, on Windows). */
static void test_declaration(IDirect3DDevice9 *dev, const char *name)
{
    static const D3DVERTEXELEMENT9 e1[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
    static const D3DVERTEXELEMENT9 e2[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITIONT, 0}, D3DDECL_END()};
    IDirect3DVertexDeclaration9 *d1 = NULL, *d2 = NULL, *got;
    IDirect3DStateBlock9 *sb = NULL;
    IDirect3DDevice9_CreateVertexDeclaration(dev, e1, &d1);
    IDirect3DDevice9_CreateVertexDeclaration(dev, e2, &d2);
    IDirect3DDevice9_BeginStateBlock(dev);
    IDirect3DDevice9_SetVertexDeclaration(dev, d1);
    IDirect3DDevice9_EndStateBlock(dev, &sb);
    if (!ok(d1 && d2 && sb, "%s: declarations and a recorded block", name))
        goto out;
#define CHECK_DECL(want, what)                                                                 \
    do {                                                                                       \
        got = NULL;                                                                            \
        IDirect3DDevice9_GetVertexDeclaration(dev, &got);                                      \
        ok(got == (want), "%s: %s: declaration %p, expected %p", name, what, (void *)got,      \
           (void *)(want));                                                                    \
        if (got)                                                                               \
            IDirect3DVertexDeclaration9_Release(got);                                          \
    } while (0)
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DStateBlock9_Capture(sb);
    IDirect3DDevice9_SetVertexDeclaration(dev, d2);
    IDirect3DStateBlock9_Apply(sb);
    CHECK_DECL(d2, "a captured NULL is not applied");
    IDirect3DStateBlock9_Capture(sb);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DStateBlock9_Apply(sb);
    CHECK_DECL(d2, "a recorded block captures the declaration");
#undef CHECK_DECL
out:
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    if (sb)
        IDirect3DStateBlock9_Release(sb);
    if (d1)
        IDirect3DVertexDeclaration9_Release(d1);
    if (d2)
        IDirect3DVertexDeclaration9_Release(d2);
}

static void test_objects(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DBaseTexture9 *got = NULL;
    IDirect3DVertexBuffer9 *got_vb = NULL;
    IDirect3DStateBlock9 *sb = NULL;
    UINT offset = 99, stride = 0;

    if (IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL) != D3D_OK ||
        IDirect3DDevice9_CreateVertexBuffer(dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL) !=
            D3D_OK) {
        ok(0, "%s: texture and buffer", name);
        goto out;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetStreamSource(dev, 1, vb, 16, 32);
    ok(refcount(tex) == 1, "%s: binding holds no reference", name);
    ok(IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &sb) == D3D_OK,
       "%s: CreateStateBlock(ALL) with objects bound", name);
    ok(refcount(tex) == 1 && refcount(vb) == 1,
       "%s: the block holds its objects without counting them (%lu, %lu)", name,
       (unsigned long)refcount(tex), (unsigned long)refcount(vb));
    /* The runtime's Capture does not update a stream's offset. */
    IDirect3DDevice9_SetStreamSource(dev, 1, vb, 64, 32);
    IDirect3DStateBlock9_Capture(sb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    ok(IDirect3DStateBlock9_Apply(sb) == D3D_OK, "%s: Apply", name);
    IDirect3DDevice9_GetTexture(dev, 0, &got);
    ok(got == (IDirect3DBaseTexture9 *)tex, "%s: the texture is back", name);
    IDirect3DDevice9_GetStreamSource(dev, 1, &got_vb, &offset, &stride);
    ok(got_vb == vb && offset == 16 && stride == 32,
       "%s: the stream is back (offset %u, stride %u)", name, offset, stride);
    if (got)
        IDirect3DBaseTexture9_Release(got);
    if (got_vb)
        IDirect3DVertexBuffer9_Release(got_vb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    {
        /* Released by the application, the texture lives on in the block:
         * Apply binds it again and GetTexture hands it back. */
        ULONG dev_before = refcount(dev);
        ok(IDirect3DTexture9_Release(tex) == 0, "%s: the application lets go", name);
        ok(refcount(dev) == dev_before - 1, "%s: and its device reference goes", name);
        got = NULL;
        ok(IDirect3DStateBlock9_Apply(sb) == D3D_OK &&
               IDirect3DDevice9_GetTexture(dev, 0, &got) == D3D_OK &&
               got == (IDirect3DBaseTexture9 *)tex,
           "%s: the block kept the released texture alive", name);
        ok(refcount(dev) == dev_before, "%s: Get* brought its device reference back", name);
        /* got holds it again: the function's own reference from here on. */
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
    }
    ok(IDirect3DStateBlock9_Release(sb) == 0, "%s: block released", name);
    ok(refcount(tex) == 1 && refcount(vb) == 1, "%s: the block let its objects go", name);
out:
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
}

/* Applied state renders: colour write masks, culling and the viewport set
 * by Apply reach the pixels (the check mode watches the dirty flags). */
static void test_pixels(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DStateBlock9 *rec = NULL, *all = NULL;
    D3DVIEWPORT9 small = {16, 16, 16, 16, 0, 1}, full = {0, 0, W, H, 0, 1};
    DWORD *px;

    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_BeginStateBlock(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_RED);
    IDirect3DDevice9_EndStateBlock(dev, &rec);
    IDirect3DDevice9_SetViewport(dev, &small);
    IDirect3DDevice9_CreateStateBlock(dev, D3DSBT_ALL, &all);
    IDirect3DDevice9_SetViewport(dev, &full);
    if (!ok(rec && all, "%s: blocks", name))
        goto out;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 0, 0, 16, 16, 0xffffffff); /* white: nothing recorded is applied */
    IDirect3DStateBlock9_Apply(rec);
    quad(dev, 16, 0, 32, 16, 0xffffffff); /* red only over blue: magenta */
    IDirect3DStateBlock9_Apply(all);      /* all colours, the small viewport */
    quad(dev, 0, 0, 32, 32, 0xff00ff00);  /* green, inside the viewport only */
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: read back", name)) {
        ok(e2e_color_near(px[4 * W + 4], 0xffffffff, 1), "%s: before Apply %08lx", name,
           (unsigned long)px[4 * W + 4]);
        ok(e2e_color_near(px[4 * W + 20], 0xffff00ff, 1), "%s: recorded write mask %08lx",
           name, (unsigned long)px[4 * W + 20]);
        ok(e2e_color_near(px[24 * W + 24], 0xff00ff00, 1), "%s: ALL's viewport %08lx", name,
           (unsigned long)px[24 * W + 24]);
        ok(e2e_color_near(px[24 * W + 4], 0xff0000ff, 1), "%s: outside the viewport %08lx",
           name, (unsigned long)px[24 * W + 4]);
        free(px);
    }
    IDirect3DDevice9_SetViewport(dev, &full);
out:
    if (rec)
        IDirect3DStateBlock9_Release(rec);
    if (all)
        IDirect3DStateBlock9_Release(all);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    struct nereid_stats st;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    if (t == E2E_INPROC) {
        test_errors(dev, name);
        test_types(dev, name);
        test_every_group(dev, name);
        test_recorded_capture(dev, name);
        test_recorded_shader_state(dev, name);
        test_objects(dev, name);
        test_declaration(dev, name);
    }
    test_pixels(dev, name);
    ok(nereid_device_get_stats(dev, &st) == D3D_OK && st.state_check_failures == 0,
       "%s: the check mode saw every flag (%s)", name, st.state_check_last);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
    IDirect3D9_Release(d3d);
}

int main(void)
{
    struct e2e_server server;
    bool have_server;

    e2e_setenv("NEREID_CHECK_STATE", "1");
    have_server = e2e_server_start(&server);
    ok(have_server, "nereid-server started");
    for (int t = 0; t < E2E_COUNT; t++)
        if ((t == E2E_INPROC || have_server) &&
            e2e_transport_supported((enum e2e_transport)t))
            run((enum e2e_transport)t, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
