/* The fixed-function pipeline through generated shaders, over every
 * transport, with computed expected colours: transformed vertices, lighting,
 * vertex fog, alpha test, the texture factor through the stage cascade,
 * stencil, depth test, depth bias, flat shading and point lists. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64

struct xyz_color { float x, y, z; DWORD c; };
struct xyz_normal { float x, y, z, nx, ny, nz; };

static DWORD f2dw(float f)
{
    DWORD d;
    memcpy(&d, &f, 4);
    return d;
}

/* A quad in clip space [x0,x1] x [y0,y1] (y up) at depth z. */
static void quad_c(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1,
                   float z, DWORD c)
{
    struct xyz_color v[4] = {{x0, y1, z, c}, {x1, y1, z, c}, {x0, y0, z, c},
                             {x1, y0, z, c}};
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
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

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    D3DMATERIAL9 mat = {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, 0};
    D3DLIGHT9 light = {0};
    DWORD *px;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &dev, W, H, TRUE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER |
                           D3DCLEAR_STENCIL, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);

    /* 1. Transformed vertices with identity matrices: clip space -> pixels. */
    quad_c(dev, -1, 0.5f, -0.5f, 1, 0.5f, 0xffff0000);          /* pixels 0..16 x 0..16 */

    /* 2. A directional light along +z on a surface facing -z: N.L = 1. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse = (D3DCOLORVALUE){0.5f, 0.5f, 0.5f, 1};
    light.Direction = (D3DVECTOR){0, 0, 1};
    ok(IDirect3DDevice9_SetLight(dev, 0, &light) == D3D_OK, "%s: SetLight", name);
    ok(IDirect3DDevice9_LightEnable(dev, 0, TRUE) == D3D_OK, "%s: LightEnable", name);
    ok(IDirect3DDevice9_SetMaterial(dev, &mat) == D3D_OK, "%s: SetMaterial", name);
    {
        struct xyz_normal v[4] = {{-0.5f, 1, 0.5f, 0, 0, -1}, {0, 1, 0.5f, 0, 0, -1},
                                  {-0.5f, 0.5f, 0.5f, 0, 0, -1}, {0, 0.5f, 0.5f, 0, 0, -1}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: lit draw", name);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);

    /* 3. Linear vertex fog at depth 0.5 between 0 and 1: half fog. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(0.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(1.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, 0xff00ff00);
    quad_c(dev, 0, 0.5f, 0.5f, 1, 0.5f, 0xff0000ff);           /* pixels 32..48 x 0..16 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);

    /* 4. Alpha test: alpha 0x40 fails GREATEREQUAL 0x80, 0xc0 passes. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAREF, 0x80);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
    quad_c(dev, 0.5f, 0.5f, 1, 1, 0.5f, 0x40ffffff);           /* pixels 48..64 x 0..16 */
    quad_c(dev, 0.5f, 0, 1, 0.5f, 0.5f, 0xc0ffff00);           /* pixels 48..64 x 16..32 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHATESTENABLE, FALSE);

    /* 5. The texture factor through stage 0. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, 0xff336699);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    quad_c(dev, -1, 0, -0.5f, 0.5f, 0.5f, 0xffffffff);          /* pixels 0..16 x 16..32 */
    /* MODULATE of diffuse and the factor's complement. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1,
                                          D3DTA_TFACTOR | D3DTA_COMPLEMENT);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    quad_c(dev, -0.5f, 0, 0, 0.5f, 0.5f, 0xff808080);           /* pixels 16..32 x 16..32 */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG2, D3DTA_CURRENT);

    /* 6. Stencil: mark a square, then draw only where marked. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILREF, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0);
    quad_c(dev, 0, 0, 0.25f, 0.5f, 0.5f, 0xffffffff);           /* pixels 32..40 x 16..32 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0xf);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILPASS, D3DSTENCILOP_KEEP);
    quad_c(dev, 0, 0, 0.5f, 0.5f, 0.5f, 0xffff00ff);            /* pixels 32..48 x 16..32 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_STENCILENABLE, FALSE);

    /* 7. Depth: near green first, far red after; green stays. */
    quad_c(dev, -1, -0.5f, -0.5f, 0, 0.2f, 0xff00ff00);         /* pixels 0..16 x 32..48 */
    quad_c(dev, -1, -0.5f, -0.5f, 0, 0.8f, 0xffff0000);
    /* Depth bias: an equal-depth quad pushed behind fails LESSEQUAL. */
    quad_c(dev, -0.5f, -0.5f, 0, 0, 0.5f, 0xff0000ff);          /* pixels 16..32 x 32..48 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, f2dw(0.01f));
    quad_c(dev, -0.5f, -0.5f, 0, 0, 0.5f, 0xffffffff);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);

    /* 8. Flat shading takes the first vertex's colour. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    {
        struct xyz_color v[3] = {{0, 0, 0.5f, 0xff00ffff}, {0.5f, 0, 0.5f, 0xffff0000},
                                 {0, -0.5f, 0.5f, 0xff0000ff}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
    }                                                            /* pixels 32..48 x 32..48 */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SHADEMODE, D3DSHADE_GOURAUD);

    /* 9. A point list (size 1 by default). */
    {
        struct xyz_color p = {0.5f + 1.0f / 64, -0.5f - 1.0f / 64, 0.5f, 0xffffffff};
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)) == D3D_OK,
           "%s: point list", name);                              /* pixel (48,48) */
    }
    IDirect3DDevice9_EndScene(dev);

    px = e2e_read_back(dev, W, H);
    ok(px != NULL, "%s: read back", name);
    if (px) {
        check(px, name, "transformed", 8, 8, 0xffff0000, 2);
        check(px, name, "lit", 24, 8, 0xff808080, 3);
        check(px, name, "fog", 40, 8, 0xff008080, 4);
        check(px, name, "alpha test rejected", 56, 8, 0xff000000, 0);
        check(px, name, "alpha test passed", 56, 24, 0xffffff00, 1);
        check(px, name, "texture factor", 8, 24, 0xff336699, 1);
        check(px, name, "complemented factor", 24, 24, 0xff664d33, 3);
        check(px, name, "stencil pass", 36, 24, 0xffff00ff, 0);
        check(px, name, "stencil fail", 44, 24, 0xff000000, 0);
        check(px, name, "depth", 8, 40, 0xff00ff00, 0);
        check(px, name, "depth bias", 24, 40, 0xff0000ff, 0);
        check(px, name, "flat", 36, 36, 0xff00ffff, 0);
        check(px, name, "point", 48, 48, 0xffffffff, 0);
        check(px, name, "background", 60, 60, 0xff000000, 0);
        free(px);
    }
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}

int main(void)
{
    struct e2e_server server;
    bool have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started");
    for (int t = 0; t < E2E_COUNT; t++)
        if ((t == E2E_INPROC || have_server) &&
            e2e_transport_supported((enum e2e_transport)t))
            run((enum e2e_transport)t, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
