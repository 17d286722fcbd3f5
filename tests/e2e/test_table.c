/* Texture changes between draws, pixel by pixel: what the server's texture
 * table (shader/binding.h's set 2, where the device has descriptor
 * indexing) must get right, and what push descriptors get right elsewhere.
 *  - a grid of draws, each with another texture and another sampler state
 *    (fixed function); where the device has the table, the frame's draws
 *    stay merged (far fewer Vulkan draw calls than draws);
 *  - vs_3_0 + ps_3_0 whose vertex and pixel textures change on every draw;
 *  - textures released and made again between draws (the table must not
 *    find an entry of a texture that is gone under a new one's view);
 *  - more (texture, sampler) pairs in one frame than the table holds
 *    (4096), and again in the next frame, shifted.
 * Over every transport. */
#define _GNU_SOURCE
#include "dxso_asm.h"
#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 128
#define H 64
#define CELL 16

struct tvertex {
    float x, y, z, rhw;
    float u, v;
};
#define TFVF (D3DFVF_XYZRHW | D3DFVF_TEX1)

/* A managed A8R8G8B8 texture of w x 1 texels. */
static IDirect3DTexture9 *make_tex(IDirect3DDevice9 *dev, UINT w, const DWORD *texels)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DDevice9_CreateTexture(dev, w, 1, 1, 0, D3DFMT_A8R8G8B8,
                                              D3DPOOL_MANAGED, &t, NULL)))
        return NULL;
    if (FAILED(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0))) {
        IDirect3DTexture9_Release(t);
        return NULL;
    }
    memcpy(lr.pBits, texels, w * 4);
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

static void cell_quad(struct tvertex *v, int cell, float u, float vv)
{
    float x0 = (float)(cell % (W / CELL) * CELL), y0 = (float)(cell / (W / CELL) * CELL);
    float x1 = x0 + CELL, y1 = y0 + CELL;
    const struct tvertex q[6] = {{x0, y0, 0, 1, u, vv}, {x1, y0, 0, 1, u, vv},
                                 {x0, y1, 0, 1, u, vv}, {x1, y0, 0, 1, u, vv},
                                 {x1, y1, 0, 1, u, vv}, {x0, y1, 0, 1, u, vv}};
    memcpy(v, q, sizeof(q));
}

static DWORD cell_pixel(const DWORD *px, int cell)
{
    int x = cell % (W / CELL) * CELL + CELL / 2, y = cell / (W / CELL) * CELL + CELL / 2;
    return px[y * W + x];
}

static void server_counts(IDirect3DDevice9 *dev, uint64_t *draws, uint64_t *calls)
{
    struct nereid_stats st;
    memset(&st, 0, sizeof(st));
    nereid_device_get_stats(dev, &st);
    *draws = st.server_draws;
    *calls = st.server_draw_calls;
}

static void fixed_function_state(IDirect3DDevice9 *dev)
{
    IDirect3DDevice9_SetFVF(dev, TFVF);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
}

/* Cells of one vertex buffer, each with texture i % 7 (left texel A, right
 * texel B) sampled at u = 1.25: WRAP reads A, CLAMP reads B; the address
 * mode changes every 7 cells. */
static void test_grid(IDirect3DDevice9 *dev, const char *t, bool table)
{
    enum { CELLS = (W / CELL) * (H / CELL), K = 7 };
    static const DWORD a[K] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00,
                               0xffff00ff, 0xff00ffff, 0xffffffff};
    static const DWORD b[K] = {0xff00ffff, 0xffff00ff, 0xffffff00, 0xff0000ff,
                               0xff00ff00, 0xffff0000, 0xff808080};
    IDirect3DTexture9 *tex[K] = {0};
    IDirect3DVertexBuffer9 *vb = NULL;
    struct tvertex *v;
    uint64_t d0, c0, d1, c1;
    DWORD *px;

    for (int k = 0; k < K; k++) {
        const DWORD texels[2] = {a[k], b[k]};
        if (!(tex[k] = make_tex(dev, 2, texels))) {
            ok(0, "%s: grid: textures", t);
            goto out;
        }
    }
    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, CELLS * 6 * sizeof(*v), 0, TFVF,
                                                   D3DPOOL_MANAGED, &vb, NULL)) ||
        FAILED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&v, 0))) {
        ok(0, "%s: grid: vertex buffer", t);
        goto out;
    }
    for (int i = 0; i < CELLS; i++)
        cell_quad(v + 6 * i, i, 1.25f, 0.5f);
    IDirect3DVertexBuffer9_Unlock(vb);

    fixed_function_state(dev);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*v));
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    server_counts(dev, &d0, &c0);
    for (int i = 0; i < CELLS; i++) {
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[i % K]);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU,
                                         (i / K) % 2 ? D3DTADDRESS_CLAMP : D3DTADDRESS_WRAP);
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, (UINT)(6 * i), 2);
    }
    IDirect3DDevice9_EndScene(dev);
    server_counts(dev, &d1, &c1);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: grid: read back", t)) {
        int bad = 0;
        for (int i = 0; i < CELLS; i++) {
            DWORD want = (i / K) % 2 ? b[i % K] : a[i % K], got = cell_pixel(px, i);
            if (!e2e_color_near(got, want, 1) && bad++ < 4)
                ok(0, "%s: grid: cell %d is %08x, expected %08x", t, i, (unsigned)got,
                   (unsigned)want);
        }
        ok(!bad, "%s: grid: %d of %d cells wrong", t, bad, CELLS);
        free(px);
    }
    /* Every cell is its own draw (a texture changes between any two). */
    ok(d1 - d0 == CELLS, "%s: grid: the server drew %llu draws", t,
       (unsigned long long)(d1 - d0));
    if (table)
        ok(c1 - c0 <= CELLS / 8, "%s: grid: %llu draws went to the device as %llu draw calls",
           t, (unsigned long long)(d1 - d0), (unsigned long long)(c1 - c0));
    else
        skip("%s: grid: the device has no texture table: a draw call per draw", t);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
out:
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    for (int k = 0; k < K; k++)
        if (tex[k])
            IDirect3DTexture9_Release(tex[k]);
}

/* vs_3_0 fetches a colour from its vertex texture, ps_3_0 samples its own
 * and shows their mean: both textures change on every draw. */
static void test_shaders(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    enum { CELLS = 16, K = 5 };
    static const DWORD colors[K] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff,
                                    0xff000000};
    static const D3DVERTEXELEMENT9 decl_el[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
        {0, 16, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}, D3DDECL_END()};
    const DWORD vs[] = {VS(3, 0), DCL(U_POS, V(0)), DCL(U_TC(0), V(1)), DCL(U_2D, S(0)),
                        DCL(U_POS, OT(0)), DCL(U_TC(0), OT(1)), DCL(U_COL(0), OT(2)),
                        DEF(0, 0.5f, 0.5f, 0, 0),
                        I(D3DSIO_TEXLDL, R(0), c(0), s_(0)),
                        I(D3DSIO_MOV, OT(0), v(0)), I(D3DSIO_MOV, OT(1), v(1)),
                        I(D3DSIO_MOV, OT(2), r(0)), END};
    const DWORD ps[] = {PS(3, 0), DCL(U_TC(0), V(0)), DCL(U_COL(0), V(1)), DCL(U_2D, S(0)),
                        DEF(0, 0.5f, 0.5f, 0.5f, 0.5f),
                        I(D3DSIO_TEX, R(0), v(0), s_(0)),
                        I(D3DSIO_ADD, R(0), r(0), v(1)),
                        I(D3DSIO_MUL, OC(0), r(0), c(0)), END};
    IDirect3DTexture9 *tex[K] = {0};
    IDirect3DVertexShader9 *vsh = NULL;
    IDirect3DPixelShader9 *psh = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    DWORD *px;

    if (FAILED(IDirect3D9_CheckDeviceFormat(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL,
                                            D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_VERTEXTEXTURE,
                                            D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8))) {
        skip("%s: shaders: no vertex textures of A8R8G8B8", t);
        return;
    }
    for (int k = 0; k < K; k++)
        if (!(tex[k] = make_tex(dev, 1, &colors[k]))) {
            ok(0, "%s: shaders: textures", t);
            goto out;
        }
    if (!ok(SUCCEEDED(IDirect3DDevice9_CreateVertexShader(dev, vs, &vsh)) &&
                SUCCEEDED(IDirect3DDevice9_CreatePixelShader(dev, ps, &psh)) &&
                SUCCEEDED(IDirect3DDevice9_CreateVertexDeclaration(dev, decl_el, &decl)),
            "%s: shaders: made", t))
        goto out;
    IDirect3DDevice9_SetVertexShader(dev, vsh);
    IDirect3DDevice9_SetPixelShader(dev, psh);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < CELLS; i++) {
        float x0 = (float)(i % (W / CELL) * CELL), y0 = (float)(i / (W / CELL) * CELL);
        float l = x0 / W * 2 - 1, r = (x0 + CELL) / W * 2 - 1;
        float tp = 1 - y0 / H * 2, bt = 1 - (y0 + CELL) / H * 2;
        const struct {
            float x, y, z, w, u, v;
        } q[4] = {{l, tp, 0.5f, 1, 0.5f, 0.5f}, {r, tp, 0.5f, 1, 0.5f, 0.5f},
                  {l, bt, 0.5f, 1, 0.5f, 0.5f}, {r, bt, 0.5f, 1, 0.5f, 0.5f}};
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[i % K]);
        IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0,
                                    (IDirect3DBaseTexture9 *)tex[(3 * i + 1) % K]);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: shaders: read back", t)) {
        int bad = 0;
        for (int i = 0; i < CELLS; i++) {
            DWORD p = colors[i % K], q = colors[(3 * i + 1) % K], want = 0xff000000;
            for (int s = 0; s < 24; s += 8)
                want |= ((((p >> s) & 0xff) + ((q >> s) & 0xff)) / 2) << s;
            DWORD got = cell_pixel(px, i);
            if (!e2e_color_near(got, want, 2) && bad++ < 4)
                ok(0, "%s: shaders: cell %d is %08x, expected %08x", t, i, (unsigned)got,
                   (unsigned)want);
        }
        ok(!bad, "%s: shaders: %d of %d cells wrong", t, bad, CELLS);
        free(px);
    }
out:
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vsh)
        IDirect3DVertexShader9_Release(vsh);
    if (psh)
        IDirect3DPixelShader9_Release(psh);
    for (int k = 0; k < K; k++)
        if (tex[k])
            IDirect3DTexture9_Release(tex[k]);
}

/* The colour cell i of test_remade shows. */
static DWORD remade_color(int i)
{
    DWORD l = (DWORD)(i * 10);
    return i % 2 ? 0xff000000 | l << 16 | l << 8 | l
                 : 0xff000000 | l << 16 | (255 - l) << 8 | 0x40;
}

/* Each cell's texture is made, drawn with and released before the next is
 * made: the driver may give the new one the handles of the old (a view at
 * the address of the last), and the table must not take the old one's
 * entry for it.  Every other one is a 4x4 L8 texture, so that an entry
 * written for the other kind samples other colours. */
static void test_remade(IDirect3DDevice9 *dev, const char *t)
{
    enum { CELLS = 24 };
    struct tvertex q[6];
    DWORD *px;
    int bad = 0;

    fixed_function_state(dev);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < CELLS; i++) {
        DWORD color = remade_color(i);
        IDirect3DTexture9 *tex = NULL;
        if (i % 2 == 0) {
            tex = make_tex(dev, 1, &color);
        } else if (SUCCEEDED(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_L8,
                                                            D3DPOOL_MANAGED, &tex, NULL))) {
            D3DLOCKED_RECT lr;
            if (SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
                for (int y = 0; y < 4; y++)
                    memset((BYTE *)lr.pBits + y * lr.Pitch, (int)(color & 0xff), 4);
                IDirect3DTexture9_UnlockRect(tex, 0);
            }
        }
        if (!tex) {
            ok(0, "%s: remade: texture %d", t, i);
            break;
        }
        cell_quad(q, i, 0.5f, 0.5f);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, q, sizeof(q[0]));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DTexture9_Release(tex);
    }
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: remade: read back", t)) {
        for (int i = 0; i < CELLS; i++) {
            DWORD want = remade_color(i), got = cell_pixel(px, i);
            if (!e2e_color_near(got, want, 1) && bad++ < 4)
                ok(0, "%s: remade: cell %d is %08x, expected %08x", t, i, (unsigned)got,
                   (unsigned)want);
        }
        ok(!bad, "%s: remade: %d of %d cells wrong", t, bad, CELLS);
        free(px);
    }
}

/* 4,200 points, each its own (texture, sampler) pair: 70 textures through
 * 60 samplers (LOD biases), more pairs than the table's 4,096 entries; odd
 * frames pair them the other way round.  `frames` of them: 26 write more
 * bind sets than the server's ring of words holds (8 MiB), which wraps. */
static void test_many_pairs(IDirect3DDevice9 *dev, const char *t, int frames)
{
    enum { K = 70, M = 60, N = K * M };
    IDirect3DTexture9 *tex[K] = {0};
    DWORD colors[K];
    struct tvertex *pts = calloc(N, sizeof(*pts));
    DWORD *px;

    for (int k = 0; k < K; k++) {
        colors[k] = 0xff000000 | (DWORD)(k * 3) << 16 | (DWORD)((k * 37) & 0xff) << 8 |
                    (DWORD)(255 - k);
        if (!(tex[k] = make_tex(dev, 1, &colors[k]))) {
            ok(0, "%s: pairs: textures", t);
            goto out;
        }
    }
    if (!pts)
        goto out;
    fixed_function_state(dev);
    for (int j = 0; j < N; j++)
        pts[j] = (struct tvertex){(float)(j % W) + 0.5f, (float)(j / W) + 0.5f, 0, 1,
                                  0.5f, 0.5f};
    for (int frame = 0; frame < frames; frame++) {
        int bad = 0;
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        for (int j = 0; j < N; j++) {
            int k = frame % 2 ? j / M : j % K, m = frame % 2 ? j % M : j / K;
            float bias = (float)m / 64.0f;
            DWORD bits;
            memcpy(&bits, &bias, 4);
            IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[k]);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPMAPLODBIAS, bits);
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &pts[j], sizeof(pts[0]));
        }
        IDirect3DDevice9_EndScene(dev);
        px = e2e_read_back(dev, W, H);
        if (!ok(px != NULL, "%s: pairs: read back", t))
            break;
        for (int j = 0; j < N; j++) {
            int k = frame % 2 ? j / M : j % K;
            DWORD got = px[(j / W) * W + j % W];
            if (!e2e_color_near(got, colors[k], 1) && bad++ < 4)
                ok(0, "%s: pairs: frame %d, point %d is %08x, expected %08x", t, frame, j,
                   (unsigned)got, (unsigned)colors[k]);
        }
        ok(!bad, "%s: pairs: frame %d: %d of %d points wrong", t, frame, bad, N);
        free(px);
    }
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPMAPLODBIAS, 0);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
out:
    free(pts);
    for (int k = 0; k < K; k++)
        if (tex[k])
            IDirect3DTexture9_Release(tex[k]);
}

static void run(enum e2e_transport tr, const struct e2e_server *server)
{
    const char *t = e2e_transport_names[tr];
    struct nereid_device_info info;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    uint64_t errors = 1;

    e2e_use_transport(tr, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", t);
        return;
    }
    memset(&info, 0, sizeof(info));
    nereid_device_get_info(dev, &info);
    printf("# %s: %s, %s\n", t, info.device_name,
           info.texture_table ? "texture table" : "push descriptors");
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);

    test_grid(dev, t, info.texture_table != 0);
    test_shaders(d3d, dev, t);
    test_remade(dev, t);
    test_many_pairs(dev, t, tr == E2E_INPROC ? 26 : 2);

    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK,
       "%s: the server took every record", t);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", t, (unsigned long long)errors);
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
