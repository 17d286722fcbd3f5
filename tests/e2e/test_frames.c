/* State set once and drawn with over many presented frames, over every
 * transport.  A frame's command buffer may assume nothing of what an
 * earlier command buffer bound or uploaded: the upload memory that held
 * the uniform data of frame 1 is recycled once frame 1 retires, so a
 * server that re-binds it in frame 3 draws with whatever was written
 * there since.  Programs that set their transforms or shader constants
 * once (SDL2's renderer, Dear ImGui) draw frames 1 and 2 right and then
 * only the clear colour when that goes wrong.
 *
 * Each case draws the same frame N times, presenting each, and reads back
 * some frames (a read-back submits and waits, which changes when upload
 * memory is recycled, so some runs read back only the last frame). */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "dxso_asm.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32
#define FRAMES 8
#define CLEAR_COLOR 0xff102030u

static const char *tname;

static void check_frame(IDirect3DDevice9 *dev, const char *what, int frame,
                        DWORD inside, DWORD outside)
{
    DWORD *px = e2e_read_back(dev, W, H);
    if (!ok(px != NULL, "%s %s frame %d: read-back", tname, what, frame))
        return;
    ok(e2e_color_near(px[16 * W + 16], inside, 2), "%s %s frame %d: centre %08x, want %08x",
       tname, what, frame, (unsigned)px[16 * W + 16], (unsigned)inside);
    ok(e2e_color_near(px[1 * W + 1], outside, 2), "%s %s frame %d: corner %08x, want %08x",
       tname, what, frame, (unsigned)px[1 * W + 1], (unsigned)outside);
    free(px);
}

static bool read_this_frame(int frame, bool every)
{
    return every || frame == FRAMES;
}

/* Fixed-function transforms set once; a quad of untransformed vertices
 * (-1..1) scaled by the world matrix to the middle half of the target. */
static void ffp_transforms(bool every, bool vb)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexBuffer9 *buf = NULL;
    struct { float x, y, z; DWORD c; } q[4] = {
        {-1, 1, 0.5f, 0xff00ff00}, {1, 1, 0.5f, 0xff00ff00},
        {-1, -1, 0.5f, 0xff00ff00}, {1, -1, 0.5f, 0xff00ff00}};
    D3DMATRIX world = {{{0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DMATRIX ident = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    const char *what = vb ? (every ? "ffp vb, read every frame" : "ffp vb, read last")
                          : (every ? "ffp up, read every frame" : "ffp up, read last");

    if (!ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK, "%s %s: device", tname, what))
        return;
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &world);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &ident);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &ident);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    if (vb) {
        void *p;
        ok(IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(q), D3DUSAGE_WRITEONLY, 0,
                                               D3DPOOL_DEFAULT, &buf, NULL) == D3D_OK,
           "%s %s: vertex buffer", tname, what);
        if (buf && IDirect3DVertexBuffer9_Lock(buf, 0, 0, &p, 0) == D3D_OK) {
            memcpy(p, q, sizeof(q));
            IDirect3DVertexBuffer9_Unlock(buf);
        }
        IDirect3DDevice9_SetStreamSource(dev, 0, buf, 0, sizeof(q[0]));
    }
    for (int f = 1; f <= FRAMES; f++) {
        HRESULT hr;
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, CLEAR_COLOR, 1, 0);
        IDirect3DDevice9_BeginScene(dev);
        hr = vb ? IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2)
                : IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        ok(hr == D3D_OK, "%s %s frame %d: draw %#lx", tname, what, f, (unsigned long)hr);
        IDirect3DDevice9_EndScene(dev);
        if (read_this_frame(f, every))
            check_frame(dev, what, f, 0xff00ff00, CLEAR_COLOR);
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
           "%s %s frame %d: present", tname, what, f);
    }
    if (buf)
        IDirect3DVertexBuffer9_Release(buf);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}

/* Shaders with constants set once.  Frame 1 draws with pixel shader A,
 * every later frame with pixel shader B:
 *   vs_2_0: dcl_position v0; dcl_texcoord v1; m4x4 oPos, v0, c0; mov oT0, v1
 *           (c0..c3 the identity, set once)
 *   ps A:   def c2, 0, 1, 0.25, 1; def c3, 0.5, 0.5, 0.5, 0.5
 *           cmp r0, c3, c2, c2.yxzw; lrp r1, c3, r0, c2; mov oC0, r1
 *           (cmp picks c2 as c3 >= 0; lrp of c2 with itself: (0, 1, .25, 1))
 *   ps B:   def c1, 0, 0, 0, 0; mov r0, c1; add r0.xy, r0, t0; texkill r0;
 *           mov oC0, c0  (c0 red, set once with SetPixelShaderConstantF;
 *           t0 in 0..1 is never negative: nothing is killed) */
static void shader_constants(bool every)
{
    const DWORD vs20[] = {
        VS(2, 0), DCL(U_POS, V(0)), DCL(U_TC(0), V(1)),
        I(D3DSIO_M4x4, OPOS, v(0), c(0)), I(D3DSIO_MOV, OT(0), v(1)), END};
    const DWORD ps_a[] = {
        PS(2, 0), DEF(2, 0, 1, 0.25f, 1), DEF(3, 0.5f, 0.5f, 0.5f, 0.5f),
        I(D3DSIO_CMP, R(0), c(3), c(2), cs(2, SWZ(1, 0, 2, 3))),
        I(D3DSIO_LRP, R(1), c(3), r(0), c(2)), I(D3DSIO_MOV, OC(0), r(1)), END};
    const DWORD ps_b[] = {
        PS(2, 0), DEF(1, 0, 0, 0, 0), DCL(0x80000000u, T(0)),
        I(D3DSIO_MOV, R(0), c(1)), I(D3DSIO_ADD, Rm(0, XY), r(0), t(0)),
        I(D3DSIO_TEXKILL, R(0)), I(D3DSIO_MOV, OC(0), c(0)), END};
    static const D3DVERTEXELEMENT9 elems[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END()};
    static const float ident[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    static const float red[4] = {1, 0, 0, 1};
    struct { float x, y, z, u, v; } q[4] = {
        {-0.5f, 0.5f, 0.5f, 0, 0}, {0.5f, 0.5f, 0.5f, 1, 0},
        {-0.5f, -0.5f, 0.5f, 0, 1}, {0.5f, -0.5f, 0.5f, 1, 1}};
    const char *what = every ? "shaders, read every frame" : "shaders, read last";
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *pa = NULL, *pb = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;

    if (!ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK, "%s %s: device", tname, what))
        return;
    ok(IDirect3DDevice9_CreateVertexShader(dev, vs20, &vs) == D3D_OK &&
           IDirect3DDevice9_CreatePixelShader(dev, ps_a, &pa) == D3D_OK &&
           IDirect3DDevice9_CreatePixelShader(dev, ps_b, &pb) == D3D_OK &&
           IDirect3DDevice9_CreateVertexDeclaration(dev, elems, &decl) == D3D_OK,
       "%s %s: shaders", tname, what);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetVertexShader(dev, vs);
    IDirect3DDevice9_SetVertexShaderConstantF(dev, 0, ident, 4);
    IDirect3DDevice9_SetPixelShaderConstantF(dev, 0, red, 1);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    for (int f = 1; f <= FRAMES; f++) {
        HRESULT hr;
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, CLEAR_COLOR, 1, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetPixelShader(dev, f == 1 ? pa : pb);
        hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        ok(hr == D3D_OK, "%s %s frame %d: draw %#lx", tname, what, f, (unsigned long)hr);
        IDirect3DDevice9_EndScene(dev);
        /* Read-last runs read frame 2 too: the frame after the switch. */
        if (f == 2 || read_this_frame(f, every))
            check_frame(dev, what, f, f == 1 ? 0xff00ff40 : 0xffff0000, CLEAR_COLOR);
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
           "%s %s frame %d: present", tname, what, f);
    }
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (pa)
        IDirect3DPixelShader9_Release(pa);
    if (pb)
        IDirect3DPixelShader9_Release(pb);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}

int main(void)
{
    struct e2e_server srv;
    bool have_server = e2e_server_start(&srv);

    for (int t = 0; t < E2E_COUNT; t++) {
        if (!e2e_transport_supported((enum e2e_transport)t))
            continue;
        if (t != E2E_INPROC && !have_server) {
            skip("%s: no nereid-server (NEREID_SERVER_EXE)", e2e_transport_names[t]);
            continue;
        }
        tname = e2e_transport_names[t];
        e2e_use_transport((enum e2e_transport)t, &srv);
        for (int every = 0; every < 2; every++) {
            ffp_transforms(every, false);
            ffp_transforms(every, true);
            shader_constants(every);
        }
    }
    if (have_server)
        ok(e2e_server_stop(&srv) == 0, "server exits cleanly (no validation error)");
    return test_done();
}
