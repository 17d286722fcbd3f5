/* Programmable shaders over every transport: vs_2_0/ps_2_0 with constants,
 * vs_3_0 -> ps_3_0 linkage by semantic, ps_3_0 loops with integer
 * constants, a ps_1_1 after the fixed-function vertex pipeline, ps_2_0
 * texld (when textures exist), GetFunction, refusal of malformed bytecode,
 * and the on-disk shader cache across processes.  Token streams are written
 * by hand (D3D9 bytecode is documented). */
#define _GNU_SOURCE
#include "dxso_asm.h"
#include "e2e_util.h"
#include "harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define W 64
#define H 64

static const DWORD vs20[] = {
    0xfffe0200,                                   /* vs_2_0 */
    0x0200001f, 0x80000000, 0x900f0000,           /* dcl_position v0 */
    0x0200001f, 0x8000000a, 0x900f0001,           /* dcl_color v1 */
    0x02000001, 0xc00f0000, 0x90e40000,           /* mov oPos, v0 */
    0x02000001, 0xd00f0000, 0x90e40001,           /* mov oD0, v1 */
    0x0000ffff};
static const DWORD ps20[] = {
    0xffff0200,                                   /* ps_2_0 */
    0x0200001f, 0x80000000, 0x900f0000,           /* dcl v0 */
    0x03000005, 0x800f0000, 0x90e40000, 0xa0e40000, /* mul r0, v0, c0 */
    0x02000001, 0x800f0800, 0x80e40000,           /* mov oC0, r0 */
    0x0000ffff};
static const DWORD vs30[] = {
    0xfffe0300,                                   /* vs_3_0 */
    0x0200001f, 0x80000000, 0x900f0000,           /* dcl_position v0 */
    0x0200001f, 0x8000000a, 0x900f0001,           /* dcl_color v1 */
    0x0200001f, 0x80000000, 0xe00f0000,           /* dcl_position o0 */
    0x0200001f, 0x80000005, 0xe00f0001,           /* dcl_texcoord0 o1 */
    0x02000001, 0xe00f0000, 0x90e40000,           /* mov o0, v0 */
    0x02000001, 0xe00f0001, 0x90e40001,           /* mov o1, v1 */
    0x0000ffff};
static const DWORD ps30[] = {
    0xffff0300,                                   /* ps_3_0 */
    0x0200001f, 0x80000005, 0x900f0000,           /* dcl_texcoord0 v0 */
    0x02000001, 0x800f0800, 0x90e40000,           /* mov oC0, v0 */
    0x0000ffff};
static const DWORD ps30_loop[] = {
    0xffff0300,                                   /* ps_3_0 */
    0x05000051, 0xa00f0000, 0, 0, 0, 0,           /* def c0, 0, 0, 0, 0 */
    0x05000030, 0xf00f0000, 4, 0, 0, 0,           /* defi i0, 4, 0, 0, 0 */
    0x02000001, 0x800f0000, 0xa0e40000,           /* mov r0, c0 */
    0x01000026, 0xf0e40000,                       /* rep i0 */
    0x03000002, 0x800f0000, 0x80e40000, 0xa0e40001, /* add r0, r0, c1 */
    0x00000027,                                   /* endrep */
    0x02000001, 0x800f0800, 0x80e40000,           /* mov oC0, r0 */
    0x0000ffff};
static const DWORD ps11[] = {
    0xffff0101,                                   /* ps_1_1 */
    0x00000001, 0x800f0000, 0x90e40000,           /* mov r0, v0 */
    0x0000ffff};
static const DWORD vs20_tex[] = {
    0xfffe0200,                                   /* vs_2_0 */
    0x0200001f, 0x80000000, 0x900f0000,           /* dcl_position v0 */
    0x0200001f, 0x80000005, 0x900f0002,           /* dcl_texcoord v2 */
    0x02000001, 0xc00f0000, 0x90e40000,           /* mov oPos, v0 */
    0x02000001, 0xe00f0000, 0x90e40002,           /* mov oT0, v2 */
    0x0000ffff};
static const DWORD ps20_tex[] = {
    0xffff0200,                                   /* ps_2_0 */
    0x0200001f, 0x80000000, 0xb0030000,           /* dcl t0.xy */
    0x0200001f, 0x90000000, 0xa00f0800,           /* dcl_2d s0 */
    0x03000042, 0x800f0000, 0xb0e40000, 0xa0e40800, /* texld r0, t0, s0 */
    0x02000001, 0x800f0800, 0x80e40000,           /* mov oC0, r0 */
    0x0000ffff};

static const DWORD ps20_mrt[] = {
    0xffff0200,                                   /* ps_2_0 */
    0x02000001, 0x800f0800, 0xa0e40000,           /* mov oC0, c0 */
    0x02000001, 0x800f0801, 0xa0e40001,           /* mov oC1, c1 */
    0x0000ffff};

struct pos_color { float x, y, z, w; DWORD c; };
struct pos_tex { float x, y, z, w, u, v; };

static const D3DVERTEXELEMENT9 decl_pc[] = {
    {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    D3DDECL_END()};
static const D3DVERTEXELEMENT9 decl_pt[] = {
    {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 16, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
    D3DDECL_END()};

/* A quad in clip space. */
static void quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, DWORD c)
{
    struct pos_color v[4] = {{x0, y1, 0.5f, 1, c}, {x1, y1, 0.5f, 1, c},
                             {x0, y0, 0.5f, 1, c}, {x1, y0, 0.5f, 1, c}};
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
           D3D_OK, "draw");
}

static void check(const DWORD *px, const char *t, const char *what, int x, int y,
                  DWORD want, int tol)
{
    DWORD got = px[y * W + x];
    ok(e2e_color_near(got, want, tol), "%s: %s: pixel (%d,%d) is %08x, expected %08x",
       t, what, x, y, (unsigned)got, (unsigned)want);
}

/* A shader that samples a slot with no texture reads (0, 0, 0, 1), as D3D9
 * specifies, for each declared sampler type (Wine's unbound_sampler_test
 * checks the same): oC0 = tex.wxyz must come out red. */
static void test_empty_slots(IDirect3DDevice9 *dev, const char *name)
{
    static const struct {
        const char *what;
        DWORD type;
    } types[] = {{"2D", U_2D}, {"cube", U_CUBE}, {"volume", U_VOL}};
    struct {
        float x, y, z, rhw, u, v, w;
    } q[4];
    DWORD *px;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    for (int i = 0; i < 3; i++) {
        const DWORD code[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(types[i].type, S(0)),
                              I(D3DSIO_TEX, R(0), t(0), s_(0)),
                              I(D3DSIO_MOV, OC(0), rs(0, SWZ(3, 0, 1, 2))), END};
        IDirect3DPixelShader9 *ps = NULL;
        float x0 = (float)(i * 16), x1 = x0 + 16;
        q[0] = (typeof(q[0])){x0, 0, 0.5f, 1, 0.3f, 0.3f, 0.5f};
        q[1] = (typeof(q[0])){x1, 0, 0.5f, 1, 0.6f, 0.3f, 0.5f};
        q[2] = (typeof(q[0])){x0, 16, 0.5f, 1, 0.3f, 0.6f, 0.5f};
        q[3] = (typeof(q[0])){x1, 16, 0.5f, 1, 0.6f, 0.6f, 0.5f};
        if (!ok(IDirect3DDevice9_CreatePixelShader(dev, code, &ps) == D3D_OK,
                "%s: ps_2_0 with dcl_%s s0", name, types[i].what))
            continue;
        IDirect3DDevice9_SetPixelShader(dev, ps);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) ==
               D3D_OK, "%s: draw sampling an empty %s slot", name, types[i].what);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        IDirect3DPixelShader9_Release(ps);
    }
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    for (int i = 0; px && i < 3; i++)
        check(px, name, types[i].what, i * 16 + 8, 8, 0xffff0000, 1);
    free(px);
}

/* A depth texture sampled by a pixel shader is a shadow map, as D3D9
 * drivers have it (Wine's visual shadow_test, on Windows): the lookup
 * compares the coordinate's z with the stored depth and gives 1 where z is
 * at or before it, 0 behind it, in every component. */
static void test_shadow_map(IDirect3DDevice9 *dev, const char *name)
{
    const DWORD code[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                          I(D3DSIO_TEX, R(0), t(0), s_(0)), I(D3DSIO_MOV, OC(0), r(0)), END};
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DTexture9 *depth = NULL, *colour = NULL;
    IDirect3DSurface9 *ds = NULL, *old_ds = NULL;
    D3DLOCKED_RECT lr;
    struct {
        float x, y, z, rhw, u, v, w;
    } q[4];
    DWORD *px;

    if (FAILED(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_DEPTHSTENCIL,
                                              D3DFMT_D24S8, D3DPOOL_DEFAULT, &depth, NULL))) {
        skip("%s: no D24S8 depth textures", name);
        return;
    }
    if (ok(IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                          &colour, NULL) == D3D_OK &&
               IDirect3DTexture9_LockRect(colour, 0, &lr, NULL, 0) == D3D_OK,
           "%s: a green texture", name)) {
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 2; x++)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = 0xff00ff00;
        IDirect3DTexture9_UnlockRect(colour, 0);
    }
    IDirect3DTexture9_GetSurfaceLevel(depth, 0, &ds);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &old_ds);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0);
    IDirect3DDevice9_SetDepthStencilSurface(dev, old_ds);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    if (!ok(IDirect3DDevice9_CreatePixelShader(dev, code, &ps) == D3D_OK,
            "%s: a ps_2_0 sampling s0", name))
        goto out;
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)depth);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    /* Left quad: reference 0.25 (before the stored 0.5); right: 0.75. */
    for (int i = 0; i < 2; i++) {
        float x0 = (float)(i * 16), x1 = x0 + 16, z = i ? 0.75f : 0.25f;
        q[0] = (typeof(q[0])){x0, 0, 0.5f, 1, 0.25f, 0.25f, z};
        q[1] = (typeof(q[0])){x1, 0, 0.5f, 1, 0.75f, 0.25f, z};
        q[2] = (typeof(q[0])){x0, 16, 0.5f, 1, 0.25f, 0.75f, z};
        q[3] = (typeof(q[0])){x1, 16, 0.5f, 1, 0.75f, 0.75f, z};
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) ==
               D3D_OK, "%s: shadow map draw %d", name, i);
    }
    /* The same shader with a colour texture in the slot, nothing else
     * changed: a plain read again (the shader's variant follows the texture
     * bound), green. */
    if (colour) {
        q[0] = (typeof(q[0])){32, 0, 0.5f, 1, 0.25f, 0.25f, 0.5f};
        q[1] = (typeof(q[0])){48, 0, 0.5f, 1, 0.75f, 0.25f, 0.5f};
        q[2] = (typeof(q[0])){32, 16, 0.5f, 1, 0.25f, 0.75f, 0.5f};
        q[3] = (typeof(q[0])){48, 16, 0.5f, 1, 0.75f, 0.75f, 0.5f};
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)colour);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) ==
               D3D_OK, "%s: a colour texture after the shadow map", name);
    }
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (px) {
        check(px, name, "shadow map: in front of the stored depth", 8, 8, 0xffffffff, 1);
        check(px, name, "shadow map: behind it", 24, 8, 0xff000000, 1);
        if (colour)
            check(px, name, "a colour texture in the shadow map's slot", 40, 8, 0xff00ff00, 1);
    }
    free(px);
out:
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (old_ds)
        IDirect3DSurface9_Release(old_ds);
    IDirect3DSurface9_Release(ds);
    IDirect3DTexture9_Release(depth);
    if (colour)
        IDirect3DTexture9_Release(colour);
}

/* A vertex shader input no element feeds reads (0, 0, 0, 0), as current
 * D3D9 drivers have it (Wine's visual test_vshader_input): vs20's colour
 * input with a position-only declaration gives a black quad. */
static void test_unfed_input(IDirect3DDevice9 *dev, const char *name)
{
    static const D3DVERTEXELEMENT9 pos_only[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        D3DDECL_END()};
    struct pos_color v[4] = {{-1, 1, 0.5f, 1, 0xffffffff}, {1, 1, 0.5f, 1, 0xffffffff},
                             {-1, -1, 0.5f, 1, 0xffffffff}, {1, -1, 0.5f, 1, 0xffffffff}};
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    DWORD *px;

    if (!ok(IDirect3DDevice9_CreateVertexShader(dev, vs20, &vs) == D3D_OK &&
                IDirect3DDevice9_CreateVertexDeclaration(dev, pos_only, &decl) == D3D_OK,
            "%s: a shader and a position-only declaration", name))
        goto out;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) == D3D_OK,
       "%s: a draw with an unfed shader input", name);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    px = e2e_read_back(dev, W, H);
    if (px)
        check(px, name, "an unfed colour input reads zero", W / 2, H / 2, 0xff000000, 1);
    free(px);
out:
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
}

/* D3DSHADE_FLAT reaches a pixel shader's colour input: each triangle has
 * its first vertex's colour (Wine's visual test_shademode, on Windows). */
static void test_flat_ps(IDirect3DDevice9 *dev, const char *name)
{
    static const float one[4] = {1, 1, 1, 1};
    struct {
        float x, y, z, rhw;
        DWORD c;
    } v[4] = {{0, H, 0.5f, 1, 0xffff0000}, {0, 0, 0.5f, 1, 0xff00ff00},
              {W, H, 0.5f, 1, 0xff0000ff}, {W, 0, 0.5f, 1, 0xffffffff}};
    IDirect3DPixelShader9 *ps = NULL;
    DWORD *px;

    if (!ok(IDirect3DDevice9_CreatePixelShader(dev, ps20, &ps) == D3D_OK, "%s: ps20", name))
        return;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, one, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) == D3D_OK,
       "%s: a flat-shaded draw with ps_2_0", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DPixelShader9_Release(ps);
    px = e2e_read_back(dev, W, H);
    if (px) {
        check(px, name, "flat ps_2_0: the first triangle's first vertex", 8, H - 16, 0xffff0000,
              1);
        check(px, name, "flat ps_2_0: the second triangle's first vertex", W - 8, 16,
              0xff00ff00, 1);
    }
    free(px);
}

/* User clip planes with a vertex shader are in clip space, as D3D9 has
 * them (Wine's visual clip_planes): plane (1, 0, 0, 0) keeps x >= 0, the
 * right half; (0, -1, 0, 0) also keeps y <= 0, the bottom half. */
static void test_shader_clip_planes(IDirect3DDevice9 *dev, const char *name)
{
    static const float right[4] = {1, 0, 0, 0}, bottom[4] = {0, -1, 0, 0}, none[4] = {0};
    struct pos_color v[4] = {{-1, 1, 0.5f, 1, 0xff00ff00}, {1, 1, 0.5f, 1, 0xff00ff00},
                             {-1, -1, 0.5f, 1, 0xff00ff00}, {1, -1, 0.5f, 1, 0xff00ff00}};
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    D3DCAPS9 caps;
    DWORD *px;

    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    if (caps.MaxUserClipPlanes < 2) {
        skip("%s: no user clip planes", name);
        return;
    }
    if (!ok(IDirect3DDevice9_CreateVertexShader(dev, vs20, &vs) == D3D_OK &&
                IDirect3DDevice9_CreateVertexDeclaration(dev, decl_pc, &decl) == D3D_OK,
            "%s: vs20 and its declaration", name))
        goto out;
    for (int pass = 0; pass < 2; pass++) {
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetClipPlane(dev, 0, right);
        IDirect3DDevice9_SetClipPlane(dev, 1, bottom);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, pass ? 3u : 1u);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: a clipped draw", name);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
        IDirect3DDevice9_SetClipPlane(dev, 0, none);
        IDirect3DDevice9_SetClipPlane(dev, 1, none);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        px = e2e_read_back(dev, W, H);
        if (px) {
            check(px, name, "shader clip plane: the left half is clipped", 8, H - 8, 0xff0000ff,
                  1);
            check(px, name, pass ? "two shader clip planes: the bottom right stays"
                                 : "shader clip plane: the right half stays",
                  W - 8, H - 8, 0xff00ff00, 1);
            check(px, name, pass ? "two shader clip planes: the top right is clipped"
                                 : "one shader clip plane: the top right stays",
                  W - 8, 8, pass ? 0xff0000ff : 0xff00ff00, 1);
        }
        free(px);
    }
out:
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
}

/* Two render targets written by one pixel shader. */
static void mrt(IDirect3DDevice9 *dev, IDirect3DVertexShader9 *vs,
                IDirect3DVertexDeclaration9 *decl, const char *name)
{
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DSurface9 *rt0 = NULL, *rt1 = NULL, *sys = NULL;
    float c[8] = {1, 0, 0, 1, 0, 0, 1, 1};
    D3DCAPS9 caps;
    D3DLOCKED_RECT lr;

    IDirect3DDevice9_GetDeviceCaps(dev, &caps);
    if (caps.NumSimultaneousRTs < 2) {
        skip("%s: one render target only", name);
        return;
    }
    ok(IDirect3DDevice9_CreatePixelShader(dev, ps20_mrt, &ps) == D3D_OK &&
           IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_A8R8G8B8,
                                               D3DMULTISAMPLE_NONE, 0, FALSE, &rt1,
                                               NULL) == D3D_OK &&
           IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_A8R8G8B8,
                                                        D3DPOOL_SYSTEMMEM, &sys,
                                                        NULL) == D3D_OK,
       "%s: MRT objects", name);
    if (ps && rt1 && sys) {
        IDirect3DDevice9_GetRenderTarget(dev, 0, &rt0);
        ok(IDirect3DDevice9_SetRenderTarget(dev, 1, rt1) == D3D_OK, "%s: SetRenderTarget 1",
           name);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetPixelShader(dev, ps);
        IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, c, 2);
        quad(dev, -1, -1, 1, 0, 0xffffffff);                   /* bottom half */
        IDirect3DDevice9_EndScene(dev);
        ok(IDirect3DDevice9_SetRenderTarget(dev, 1, NULL) == D3D_OK, "%s: unset target 1",
           name);
        ok(IDirect3DDevice9_SetRenderTarget(dev, 0, NULL) == D3DERR_INVALIDCALL,
           "%s: target 0 cannot be unset", name);
        ok(IDirect3DDevice9_GetRenderTargetData(dev, rt1, sys) == D3D_OK &&
               IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK,
           "%s: read target 1", name);
        if (lr.pBits) {
            DWORD got = ((DWORD *)((char *)lr.pBits + 48 * lr.Pitch))[32];
            ok(e2e_color_near(got, 0xff0000ff, 1), "%s: target 1 is %08x", name,
               (unsigned)got);
            IDirect3DSurface9_UnlockRect(sys);
        }
        {
            DWORD *px = e2e_read_back(dev, W, H);
            ok(px && e2e_color_near(px[48 * W + 32], 0xffff0000, 1),
               "%s: target 0 got oC0 (%08x)", name, px ? (unsigned)px[48 * W + 32] : 0);
            free(px);
        }
        IDirect3DDevice9_SetPixelShader(dev, NULL);
    }
    if (rt0) IDirect3DSurface9_Release(rt0);
    if (rt1) IDirect3DSurface9_Release(rt1);
    if (sys) IDirect3DSurface9_Release(sys);
    if (ps) IDirect3DPixelShader9_Release(ps);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexShader9 *v20 = NULL, *v30 = NULL, *vtex = NULL;
    IDirect3DPixelShader9 *p20 = NULL, *p30 = NULL, *ploop = NULL, *p11 = NULL, *ptex = NULL;
    IDirect3DVertexDeclaration9 *dpc = NULL, *dpt = NULL;
    IDirect3DTexture9 *tex = NULL;
    float c0[4] = {0.5f, 1, 1, 1}, c1[4] = {0.25f, 0, 0, 0.25f};
    /* A mov whose length field promises a source that is not there. */
    DWORD *px, bad[] = {0xfffe0200, 0x02000001, 0xc00f0000, 0x0000ffff};
    uint64_t errors = 1;
    UINT size;
    DWORD fn[64];

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    {
        /* The caps say what the translator takes: programs choose their
         * shader path from these. */
        D3DCAPS9 caps;
        memset(&caps, 0, sizeof(caps));
        ok(IDirect3DDevice9_GetDeviceCaps(dev, &caps) == D3D_OK &&
               caps.VertexShaderVersion == D3DVS_VERSION(3, 0) &&
               caps.PixelShaderVersion == D3DPS_VERSION(3, 0) &&
               caps.MaxVertexShaderConst >= 256 && caps.PixelShader1xMaxValue >= 1.0f &&
               caps.MaxVertexShader30InstructionSlots >= 512 &&
               caps.MaxPixelShader30InstructionSlots >= 512 &&
               caps.PS20Caps.NumTemps >= 12 && caps.VS20Caps.NumTemps >= 12,
           "%s: caps report shader model 3.0 (vs %08lx, ps %08lx)", name,
           (unsigned long)caps.VertexShaderVersion, (unsigned long)caps.PixelShaderVersion);
        ok(caps.MaxStreams >= 2 && (caps.DeclTypes & D3DDTCAPS_FLOAT16_4) &&
               (caps.TextureFilterCaps & D3DPTFILTERCAPS_MINFLINEAR) &&
               (caps.TextureAddressCaps & D3DPTADDRESSCAPS_BORDER) &&
               (caps.VertexTextureFilterCaps & D3DPTFILTERCAPS_MINFPOINT),
           "%s: caps report streams, declaration types, filters and addressing", name);
    }
    ok(IDirect3DDevice9_CreateVertexShader(dev, vs20, &v20) == D3D_OK, "%s: vs_2_0", name);
    ok(IDirect3DDevice9_CreatePixelShader(dev, ps20, &p20) == D3D_OK, "%s: ps_2_0", name);
    ok(IDirect3DDevice9_CreateVertexShader(dev, vs30, &v30) == D3D_OK, "%s: vs_3_0", name);
    ok(IDirect3DDevice9_CreatePixelShader(dev, ps30, &p30) == D3D_OK, "%s: ps_3_0", name);
    ok(IDirect3DDevice9_CreatePixelShader(dev, ps30_loop, &ploop) == D3D_OK,
       "%s: ps_3_0 loop", name);
    ok(IDirect3DDevice9_CreatePixelShader(dev, ps11, &p11) == D3D_OK, "%s: ps_1_1", name);
    ok(IDirect3DDevice9_CreateVertexDeclaration(dev, decl_pc, &dpc) == D3D_OK,
       "%s: declaration", name);
    ok(IDirect3DDevice9_CreateVertexShader(dev, bad, &vtex) == D3DERR_INVALIDCALL &&
           !vtex, "%s: malformed bytecode is refused", name);
    ok(IDirect3DDevice9_CreatePixelShader(dev, vs20, &ptex) == D3DERR_INVALIDCALL,
       "%s: a vertex shader is not a pixel shader", name);
    if (!v20 || !p20 || !v30 || !p30 || !ploop || !p11 || !dpc)
        goto out;
    size = 0;
    ok(IDirect3DVertexShader9_GetFunction(v20, NULL, &size) == D3D_OK &&
           size == sizeof(vs20), "%s: GetFunction size %u", name, size);
    size = sizeof(fn);
    ok(IDirect3DVertexShader9_GetFunction(v20, fn, &size) == D3D_OK &&
           !memcmp(fn, vs20, sizeof(vs20)), "%s: GetFunction returns the bytecode", name);

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetVertexDeclaration(dev, dpc);
    /* vs_2_0 + ps_2_0: colour times c0. */
    IDirect3DDevice9_SetVertexShader(dev, v20);
    IDirect3DDevice9_SetPixelShader(dev, p20);
    ok(IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, c0, 1) == D3D_OK, "%s: constant",
       name);
    quad(dev, -1, 0.5f, -0.5f, 1, 0xffff0000);                    /* 0..16 x 0..16 */
    /* A second constant value for a second draw. */
    c0[0] = 1.0f;
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, c0, 1);
    quad(dev, -0.5f, 0.5f, 0, 1, 0xff00ff00);                     /* 16..32 x 0..16 */
    /* vs_3_0 -> ps_3_0 through TEXCOORD0. */
    IDirect3DDevice9_SetVertexShader(dev, v30);
    IDirect3DDevice9_SetPixelShader(dev, p30);
    quad(dev, 0, 0.5f, 0.5f, 1, 0xff0000ff);                      /* 32..48 x 0..16 */
    /* ps_3_0 rep loop: 4 x c1. */
    IDirect3DDevice9_SetPixelShader(dev, ploop);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 1, c1, 1);
    quad(dev, 0.5f, 0.5f, 1, 1, 0xffffffff);                      /* 48..64 x 0..16 */
    /* The fixed-function vertex pipeline with ps_1_1. */
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetPixelShader(dev, p11);
    {
        struct { float x, y, z, rhw; DWORD c; } v[4] = {
            {0, 16, 0, 1, 0xffffff00}, {16, 16, 0, 1, 0xffffff00},
            {0, 32, 0, 1, 0xffffff00}, {16, 32, 0, 1, 0xffffff00}};
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: ps_1_1 draw", name);                  /* 0..16 x 16..32 */
    }
    /* And back to fixed function for both. */
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    {
        struct { float x, y, z, rhw; DWORD c; } v[4] = {
            {16, 16, 0, 1, 0xff00ffff}, {32, 16, 0, 1, 0xff00ffff},
            {16, 32, 0, 1, 0xff00ffff}, {32, 32, 0, 1, 0xff00ffff}};
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
    }                                                             /* 16..32 x 16..32 */
    /* ps_2_0 texld, if textures exist. */
    if (IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL) == D3D_OK) {
        D3DLOCKED_RECT lr;
        struct pos_tex v[4] = {{0, 0.5f, 0.5f, 1, 0, 0}, {0.5f, 0.5f, 0.5f, 1, 1, 0},
                               {0, 0, 0.5f, 1, 0, 1}, {0.5f, 0, 0.5f, 1, 1, 1}};
        if (IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0) == D3D_OK) {
            DWORD *row0 = lr.pBits, *row1 = (DWORD *)((char *)lr.pBits + lr.Pitch);
            row0[0] = 0xffff0000; row0[1] = 0xff00ff00;
            row1[0] = 0xff0000ff; row1[1] = 0xffffffff;
            IDirect3DTexture9_UnlockRect(tex, 0);
        }
        ok(IDirect3DDevice9_CreateVertexShader(dev, vs20_tex, &vtex) == D3D_OK &&
               IDirect3DDevice9_CreatePixelShader(dev, ps20_tex, &ptex) == D3D_OK &&
               IDirect3DDevice9_CreateVertexDeclaration(dev, decl_pt, &dpt) == D3D_OK,
           "%s: texturing shaders", name);
        if (vtex && ptex && dpt) {
            IDirect3DDevice9_SetVertexDeclaration(dev, dpt);
            IDirect3DDevice9_SetVertexShader(dev, vtex);
            IDirect3DDevice9_SetPixelShader(dev, ptex);
            IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
            ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
                   D3D_OK, "%s: texld draw", name);              /* 32..48 x 16..32 */
            IDirect3DDevice9_SetTexture(dev, 0, NULL);
        }
    } else {
        skip("%s: no textures yet", name);
    }
    IDirect3DDevice9_EndScene(dev);

    px = e2e_read_back(dev, W, H);
    ok(px != NULL, "%s: read back", name);
    if (px) {
        check(px, name, "vs_2_0/ps_2_0 with c0", 8, 8, 0xff800000, 2);
        check(px, name, "a new c0", 24, 8, 0xff00ff00, 1);
        check(px, name, "vs_3_0 -> ps_3_0", 40, 8, 0xff0000ff, 1);
        check(px, name, "ps_3_0 rep loop", 56, 8, 0xffff0000, 2);
        check(px, name, "ps_1_1 after fixed function", 8, 24, 0xffffff00, 1);
        check(px, name, "fixed function again", 24, 24, 0xff00ffff, 1);
        if (tex && vtex && ptex) {
            check(px, name, "texld top left", 35, 19, 0xffff0000, 2);
            check(px, name, "texld top right", 44, 19, 0xff00ff00, 2);
            check(px, name, "texld bottom left", 35, 28, 0xff0000ff, 2);
            check(px, name, "texld bottom right", 44, 28, 0xffffffff, 2);
        }
        check(px, name, "background", 60, 60, 0xff000000, 0);
        free(px);
    }
    mrt(dev, v20, dpc, name);
    test_empty_slots(dev, name);
    test_shadow_map(dev, name);
    test_unfed_input(dev, name);
    test_flat_ps(dev, name);
    test_shader_clip_planes(dev, name);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
out:
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    if (v20) IDirect3DVertexShader9_Release(v20);
    if (v30) IDirect3DVertexShader9_Release(v30);
    if (vtex) IDirect3DVertexShader9_Release(vtex);
    if (p20) IDirect3DPixelShader9_Release(p20);
    if (p30) IDirect3DPixelShader9_Release(p30);
    if (ploop) IDirect3DPixelShader9_Release(ploop);
    if (p11) IDirect3DPixelShader9_Release(p11);
    if (ptex) IDirect3DPixelShader9_Release(ptex);
    if (dpc) IDirect3DVertexDeclaration9_Release(dpc);
    if (dpt) IDirect3DVertexDeclaration9_Release(dpt);
    if (tex) IDirect3DTexture9_Release(tex);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released last", name);
    IDirect3D9_Release(d3d);
}

/* Run as a fresh process (no cache in memory): draws with two shaders and
 * prints how many it translated. */
static int cache_child(void)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexShader9 *v;
    IDirect3DPixelShader9 *p;
    IDirect3DVertexDeclaration9 *d;
    struct nereid_stats st = {0};

    e2e_use_transport(E2E_INPROC, NULL);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK &&
        IDirect3DDevice9_CreateVertexShader(dev, vs30, &v) == D3D_OK &&
        IDirect3DDevice9_CreatePixelShader(dev, ps30_loop, &p) == D3D_OK &&
        IDirect3DDevice9_CreateVertexDeclaration(dev, decl_pc, &d) == D3D_OK) {
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetVertexDeclaration(dev, d);
        IDirect3DDevice9_SetVertexShader(dev, v);
        IDirect3DDevice9_SetPixelShader(dev, p);
        quad(dev, -1, -1, 1, 1, 0xffffffff);
        IDirect3DDevice9_EndScene(dev);
        nereid_device_get_stats(dev, &st);
        /* Released, the in-process server goes, and writes its pipeline
         * cache. */
        IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        IDirect3DVertexShader9_Release(v);
        IDirect3DPixelShader9_Release(p);
        IDirect3DVertexDeclaration9_Release(d);
        IDirect3DDevice9_Release(dev);
        IDirect3D9_Release(d3d);
    }
    printf("translations %llu\n", (unsigned long long)st.shader_translations);
    printf("pipelines %llu\n", (unsigned long long)st.server_pipelines_created);
    fflush(stdout);
    _exit(0);
}

static int child_translations(int *pipelines)
{
    char self[512], cmd[600], line[128];
    ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    unsigned long long n = ~0ull, np = ~0ull;
    FILE *f;
    if (len <= 0)
        return -1;
    self[len] = 0;
    snprintf(cmd, sizeof(cmd), "'%s' --cache-child", self);
    if (!(f = popen(cmd, "r")))
        return -1;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "translations %llu", &n) != 1)
            sscanf(line, "pipelines %llu", &np);
    pclose(f);
    *pipelines = (int)np;
    return (int)n;
}

int main(int argc, char **argv)
{
    struct e2e_server server;
    bool have_server;
    char dir[] = "/tmp/nereid-shader-cache-XXXXXX";

    if (argc > 1 && !strcmp(argv[1], "--cache-child"))
        return cache_child();
    have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started");
    for (int t = 0; t < E2E_COUNT; t++)
        if (t == E2E_INPROC || have_server)
            run((enum e2e_transport)t, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");

    /* The disk cache: a second run of the same program translates nothing. */
    if (mkdtemp(dir)) {
        int first, second, first_pipelines, second_pipelines;
        DIR *d;
        struct dirent *e;
        e2e_setenv("NEREID_SHADER_CACHE", dir);
        first = child_translations(&first_pipelines);
        second = child_translations(&second_pipelines);
        ok(first == 2, "the first run translates both shaders (%d)", first);
        ok(second == 0, "the second run translates nothing (%d)", second);
        /* The server of the second run made the first run's pipelines at
         * its start (their recipes): the draws compile none. */
        ok(first_pipelines >= 1, "the first run's draws make pipelines (%d)", first_pipelines);
        ok(second_pipelines == 0, "the second run's draws make none (%d)", second_pipelines);
        if ((d = opendir(dir))) {
            bool pipelines = false;
            while ((e = readdir(d)))
                if (e->d_name[0] != '.') {
                    char path[512];
                    uint32_t head[2] = {0};
                    FILE *f;
                    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
                    /* The driver's pipeline cache: a Vulkan cache header
                     * (its length, then version one) at least. */
                    if (!strncmp(e->d_name, "pipelines-", 10) && (f = fopen(path, "rb"))) {
                        pipelines |= fread(head, 4, 2, f) == 2 && head[0] >= 32 && head[1] == 1;
                        fclose(f);
                    }
                    unlink(path);
                }
            closedir(d);
            ok(pipelines, "the server left its pipeline cache in NEREID_SHADER_CACHE");
        }
        rmdir(dir);
        e2e_setenv("NEREID_SHADER_CACHE", NULL);
    }
    return test_done();
}
