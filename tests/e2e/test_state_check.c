/* The dirty-flag check mode (NEREID_CHECK_STATE=1) rebuilds the state on
 * every draw and reports, by name, state that changed without its dirty
 * flag.  With the test hook NEREID_TEST_DROP_DIRTY=<setter> one setter
 * "forgets" its flag.
 *
 * The scene draws pairs of cells: the first cell of a pair with some state,
 * then only one setter is called, then the second cell.  For every setter:
 *  - with the check mode, the hooked setter is named and the pixels are
 *    still right (the check sets the flag it finds missing);
 *  - without the check mode, the hooked setter's cell is wrong: the scene
 *    really depends on that flag, so the check has something to find;
 *  - without a hook, no report at all and every cell right. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "dxso_asm.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define W 128
#define H 64
#define CELL 16
#define COLS (W / CELL)
#define CLEAR_COLOR 0xff0000ffu
#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define FVF (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_TEX1)

struct vertex {
    float x, y, z, nx, ny, nz;
    DWORD color;
    float u, v;
};

/* The cell a step draws into and what it must show there. */
struct step {
    const char *hook;   /* the setter called alone before the step's draw */
    const char *report; /* what the check mode names */
    DWORD want;
};

enum {
    S_RENDER_STATE, S_VIEWPORT, S_SCISSOR, S_TRANSFORM, S_MATERIAL, S_LIGHT,
    S_CLIP_PLANE, S_TSS, S_TEXTURE, S_SAMPLER, S_FVF, S_STREAM, S_INDICES,
    S_SHADER, S_CONSTANT, S_COUNT
};

static const struct step steps[S_COUNT] = {
    [S_RENDER_STATE] = {"SetRenderState", "pipeline state", 0xffff00ffu},
    [S_VIEWPORT] = {"SetViewport", "viewport", GREEN},
    [S_SCISSOR] = {"SetScissorRect", "viewport or scissor", GREEN},
    [S_TRANSFORM] = {"SetTransform", "fixed-function vertex state", GREEN},
    [S_MATERIAL] = {"SetMaterial", "fixed-function vertex state", GREEN},
    [S_LIGHT] = {"SetLight", "fixed-function vertex state", GREEN},
    [S_CLIP_PLANE] = {"SetClipPlane", "fixed-function vertex state", CLEAR_COLOR},
    [S_TSS] = {"SetTextureStageState", "fixed-function pixel state", GREEN},
    [S_TEXTURE] = {"SetTexture", "texture slot 0", GREEN},
    [S_SAMPLER] = {"SetSamplerState", "texture slot 0", GREEN},
    [S_FVF] = {"SetFVF", "SetFVF", GREEN},
    [S_STREAM] = {"SetStreamSource", "stream 0", GREEN},
    [S_INDICES] = {"SetIndices", "index buffer", GREEN},
    [S_SHADER] = {"SetShader", "pixel shader", GREEN},
    [S_CONSTANT] = {"SetShaderConstant", "pixel shader constants", GREEN},
};

/* The second cell of step s; the first is the one before it. */
static int cell_of(int s)
{
    return 2 * s + 1;
}

static void cell_rect(int cell, float *x0, float *y0, float *x1, float *y1)
{
    *x0 = -1.0f + 2.0f * (float)((cell % COLS) * CELL) / W;
    *x1 = *x0 + 2.0f * CELL / W;
    *y0 = 1.0f - 2.0f * (float)((cell / COLS) * CELL) / H;
    *y1 = *y0 - 2.0f * CELL / H;
}

static void make_quad(struct vertex *q, float x0, float y0, float x1, float y1, DWORD c,
                      float u)
{
    for (int i = 0; i < 4; i++) {
        q[i] = (struct vertex){(i & 1) ? x1 : x0, (i >> 1) ? y1 : y0, 0.5f, 0, 0, -1,
                               c, u, 0.5f};
    }
}

/* A quad over one cell (dx shifts it, in clip units), of colour c. */
static void quad(IDirect3DDevice9 *dev, int cell, DWORD c, float dx, float u)
{
    struct vertex q[4];
    float x0, y0, x1, y1;
    cell_rect(cell, &x0, &y0, &x1, &y1);
    make_quad(q, x0 + dx, y0, x1 + dx, y1, c, u);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

/* The whole target, of colour c. */
static void full(IDirect3DDevice9 *dev, DWORD c)
{
    struct vertex q[4];
    make_quad(q, -1, 1, 1, -1, c, 0.5f);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
}

static IDirect3DTexture9 *texture(IDirect3DDevice9 *dev, DWORD color)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;
    if (IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &t, NULL) != D3D_OK)
        return NULL;
    if (IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0) == D3D_OK) {
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 2; x++)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = color;
        IDirect3DTexture9_UnlockRect(t, 0);
    }
    return t;
}

static IDirect3DVertexBuffer9 *vbuffer(IDirect3DDevice9 *dev, const struct vertex *v, int n)
{
    IDirect3DVertexBuffer9 *b = NULL;
    void *p;
    if (IDirect3DDevice9_CreateVertexBuffer(dev, n * sizeof(*v), 0, FVF, D3DPOOL_MANAGED, &b,
                                            NULL) != D3D_OK)
        return NULL;
    if (IDirect3DVertexBuffer9_Lock(b, 0, 0, &p, 0) == D3D_OK) {
        memcpy(p, v, n * sizeof(*v));
        IDirect3DVertexBuffer9_Unlock(b);
    }
    return b;
}

static IDirect3DIndexBuffer9 *ibuffer(IDirect3DDevice9 *dev, WORD first)
{
    IDirect3DIndexBuffer9 *b = NULL;
    WORD *p;
    if (IDirect3DDevice9_CreateIndexBuffer(dev, 4 * sizeof(WORD), 0, D3DFMT_INDEX16,
                                           D3DPOOL_MANAGED, &b, NULL) != D3D_OK)
        return NULL;
    if (IDirect3DIndexBuffer9_Lock(b, 0, 0, (void **)&p, 0) == D3D_OK) {
        for (WORD i = 0; i < 4; i++)
            p[i] = (WORD)(first + i);
        IDirect3DIndexBuffer9_Unlock(b);
    }
    return b;
}

/* ps_2_0: mov oC0, c0 with c0 defined in the shader. */
static IDirect3DPixelShader9 *def_shader(IDirect3DDevice9 *dev, float r, float g)
{
    IDirect3DPixelShader9 *ps = NULL;
    const DWORD code[] = {PS(2, 0), DEF(0, r, g, 0, 1), I(D3DSIO_MOV, OC(0), c(0)), END};
    IDirect3DDevice9_CreatePixelShader(dev, code, &ps);
    return ps;
}

static const D3DMATRIX identity = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};

/* Draws the scene; returns the read-back (W*H) and the device's stats. */
static DWORD *scene(const char *hook, struct nereid_stats *st)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DTexture9 *red_tex, *green_tex;
    IDirect3DVertexBuffer9 *vb_red = NULL, *vb_green = NULL, *vb_two = NULL;
    IDirect3DIndexBuffer9 *ib_a = NULL, *ib_b = NULL;
    IDirect3DPixelShader9 *ps_red, *ps_green, *ps_const = NULL;
    D3DMATERIAL9 mat;
    D3DLIGHT9 light;
    D3DVIEWPORT9 vp = {0, 0, W, H, 0, 1};
    RECT all = {0, 0, W, H};
    struct vertex q[8];
    float x0, y0, x1, y1;
    DWORD *px;

    e2e_setenv("NEREID_TEST_DROP_DIRTY", hook);
    memset(st, 0, sizeof(*st));
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "device");
        return NULL;
    }
    red_tex = texture(dev, RED);
    green_tex = texture(dev, GREEN);
    ps_red = def_shader(dev, 1, 0);
    ps_green = def_shader(dev, 0, 1);
    {
        const DWORD code[] = {PS(2, 0), I(D3DSIO_MOV, OC(0), c(1)), END};
        IDirect3DDevice9_CreatePixelShader(dev, code, &ps_const);
    }
    ok(red_tex && green_tex && ps_red && ps_green && ps_const, "resources");

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, CLEAR_COLOR, 1, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &identity);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &identity);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &identity);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);

    /* A render state: only red is written over the clear colour. */
    quad(dev, cell_of(S_RENDER_STATE) - 1, RED, 0, 0.5f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_RED);
    quad(dev, cell_of(S_RENDER_STATE), 0xffffffffu, 0, 0.5f);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE, 0xf);

    /* The viewport: a quad over the whole clip space fills only its cell. */
    quad(dev, cell_of(S_VIEWPORT) - 1, RED, 0, 0.5f);
    vp.X = (cell_of(S_VIEWPORT) % COLS) * CELL;
    vp.Y = (cell_of(S_VIEWPORT) / COLS) * CELL;
    vp.Width = vp.Height = CELL;
    IDirect3DDevice9_SetViewport(dev, &vp);
    full(dev, GREEN);
    vp = (D3DVIEWPORT9){0, 0, W, H, 0, 1};
    IDirect3DDevice9_SetViewport(dev, &vp);

    /* The scissor rectangle likewise. */
    IDirect3DDevice9_SetScissorRect(dev, &all);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, TRUE);
    quad(dev, cell_of(S_SCISSOR) - 1, RED, 0, 0.5f);
    {
        int c = cell_of(S_SCISSOR);
        RECT r = {(c % COLS) * CELL, (c / COLS) * CELL, (c % COLS) * CELL + CELL,
                  (c / COLS) * CELL + CELL};
        IDirect3DDevice9_SetScissorRect(dev, &r);
    }
    full(dev, GREEN);
    {
        /* An empty scissor rectangle passes nothing (with the hook, the
         * rectangle before it: green over the cells of other colours). */
        RECT none = {W / 2, 0, W / 2, H};
        IDirect3DDevice9_SetScissorRect(dev, &none);
        full(dev, GREEN);
    }
    IDirect3DDevice9_SetScissorRect(dev, &all);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SCISSORTESTENABLE, FALSE);

    /* A transform: the quad, drawn two units to the right, comes back. */
    quad(dev, cell_of(S_TRANSFORM) - 1, RED, 0, 0.5f);
    {
        D3DMATRIX m = identity;
        m._41 = -2.0f;
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &m);
        quad(dev, cell_of(S_TRANSFORM), GREEN, 2.0f, 0.5f);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &identity);
    }

    /* The material: ambient light times the material's ambient colour. */
    memset(&mat, 0, sizeof(mat));
    mat.Ambient = (D3DCOLORVALUE){1, 0, 0, 1};
    mat.Diffuse = (D3DCOLORVALUE){0, 0, 0, 1};
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0xffffffffu);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_MATERIAL);
    quad(dev, cell_of(S_MATERIAL) - 1, 0, 0, 0.5f);
    mat.Ambient = (D3DCOLORVALUE){0, 1, 0, 1};
    IDirect3DDevice9_SetMaterial(dev, &mat);
    quad(dev, cell_of(S_MATERIAL), 0, 0, 0.5f);

    /* A light: a directional light straight onto the quads' normals. */
    mat.Ambient = (D3DCOLORVALUE){0, 0, 0, 1};
    mat.Diffuse = (D3DCOLORVALUE){1, 1, 1, 1};
    IDirect3DDevice9_SetMaterial(dev, &mat);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);
    memset(&light, 0, sizeof(light));
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse = (D3DCOLORVALUE){1, 0, 0, 1};
    light.Direction = (D3DVECTOR){0, 0, 1};
    IDirect3DDevice9_SetLight(dev, 0, &light);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    quad(dev, cell_of(S_LIGHT) - 1, 0, 0, 0.5f);
    light.Diffuse = (D3DCOLORVALUE){0, 1, 0, 1};
    IDirect3DDevice9_SetLight(dev, 0, &light);
    quad(dev, cell_of(S_LIGHT), 0, 0, 0.5f);
    IDirect3DDevice9_LightEnable(dev, 0, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);

    /* A clip plane: first one that keeps everything, then one that cuts
     * everything away. */
    {
        float keep[4] = {0, 0, 0, 1}, cut[4] = {0, 0, 0, -1};
        IDirect3DDevice9_SetClipPlane(dev, 0, keep);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 1);
        quad(dev, cell_of(S_CLIP_PLANE) - 1, RED, 0, 0.5f);
        IDirect3DDevice9_SetClipPlane(dev, 0, cut);
        quad(dev, cell_of(S_CLIP_PLANE), RED, 0, 0.5f);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    }

    /* A texture stage state: the texture factor instead of the diffuse. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, GREEN);
    quad(dev, cell_of(S_TSS) - 1, RED, 0, 0.5f);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    quad(dev, cell_of(S_TSS), RED, 0, 0.5f);

    /* A texture. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)red_tex);
    quad(dev, cell_of(S_TEXTURE) - 1, 0, 0, 0.5f);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)green_tex);
    quad(dev, cell_of(S_TEXTURE), 0, 0, 0.5f);

    /* A sampler state: the border colour, sampled at u = 2 (the red
     * texture where the address mode stays WRAP). */
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)red_tex);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_BORDER);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_BORDERCOLOR, RED);
    quad(dev, cell_of(S_SAMPLER) - 1, 0, 0, 2.0f);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_BORDERCOLOR, GREEN);
    quad(dev, cell_of(S_SAMPLER), 0, 0, 2.0f);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);

    /* The FVF: pre-transformed vertices, in pixels. */
    quad(dev, cell_of(S_FVF) - 1, RED, 0, 0.5f);
    {
        int c = cell_of(S_FVF);
        float px0 = (float)((c % COLS) * CELL), py0 = (float)((c / COLS) * CELL);
        struct { float x, y, z, rhw; DWORD color; } t[4] = {
            {px0, py0, 0.5f, 1, GREEN}, {px0 + CELL, py0, 0.5f, 1, GREEN},
            {px0, py0 + CELL, 0.5f, 1, GREEN}, {px0 + CELL, py0 + CELL, 0.5f, 1, GREEN}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, t, sizeof(t[0]));
        IDirect3DDevice9_SetFVF(dev, FVF);
    }

    /* A stream source: a buffer of the same place in another colour. */
    cell_rect(cell_of(S_STREAM), &x0, &y0, &x1, &y1);
    make_quad(q, x0, y0, x1, y1, RED, 0.5f);
    vb_red = vbuffer(dev, q, 4);
    make_quad(q, x0, y0, x1, y1, GREEN, 0.5f);
    vb_green = vbuffer(dev, q, 4);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_red, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_green, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);

    /* The indices: the second buffer names the second quad's vertices. */
    cell_rect(cell_of(S_INDICES) - 1, &x0, &y0, &x1, &y1);
    make_quad(q, x0, y0, x1, y1, RED, 0.5f);
    cell_rect(cell_of(S_INDICES), &x0, &y0, &x1, &y1);
    make_quad(q + 4, x0, y0, x1, y1, GREEN, 0.5f);
    vb_two = vbuffer(dev, q, 8);
    ib_a = ibuffer(dev, 0);
    ib_b = ibuffer(dev, 4);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_two, 0, sizeof(struct vertex));
    IDirect3DDevice9_SetIndices(dev, ib_a);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 0, 8, 0, 2);
    IDirect3DDevice9_SetIndices(dev, ib_b);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 0, 8, 0, 2);
    IDirect3DDevice9_SetIndices(dev, NULL);

    /* A pixel shader. */
    IDirect3DDevice9_SetPixelShader(dev, ps_red);
    quad(dev, cell_of(S_SHADER) - 1, 0, 0, 0.5f);
    IDirect3DDevice9_SetPixelShader(dev, ps_green);
    quad(dev, cell_of(S_SHADER), 0, 0, 0.5f);

    /* A shader constant. */
    {
        const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
        IDirect3DDevice9_SetPixelShader(dev, ps_const);
        IDirect3DDevice9_SetPixelShaderConstantF(dev, 1, red, 1);
        quad(dev, cell_of(S_CONSTANT) - 1, 0, 0, 0.5f);
        IDirect3DDevice9_SetPixelShaderConstantF(dev, 1, green, 1);
        quad(dev, cell_of(S_CONSTANT), 0, 0, 0.5f);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
    }
    IDirect3DDevice9_EndScene(dev);

    px = e2e_read_back(dev, W, H);
    /* A dropped flag may make the server refuse a draw: the device is lost. */
    if (nereid_device_get_stats(dev, st) != D3D_OK)
        ok(hook && !getenv("NEREID_CHECK_STATE"), "stats: device lost");
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    if (vb_red)
        IDirect3DVertexBuffer9_Release(vb_red);
    if (vb_green)
        IDirect3DVertexBuffer9_Release(vb_green);
    if (vb_two)
        IDirect3DVertexBuffer9_Release(vb_two);
    if (ib_a)
        IDirect3DIndexBuffer9_Release(ib_a);
    if (ib_b)
        IDirect3DIndexBuffer9_Release(ib_b);
    if (red_tex)
        IDirect3DTexture9_Release(red_tex);
    if (green_tex)
        IDirect3DTexture9_Release(green_tex);
    if (ps_red)
        IDirect3DPixelShader9_Release(ps_red);
    if (ps_green)
        IDirect3DPixelShader9_Release(ps_green);
    if (ps_const)
        IDirect3DPixelShader9_Release(ps_const);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    e2e_setenv("NEREID_TEST_DROP_DIRTY", NULL);
    return px;
}

static DWORD cell_pixel(const DWORD *px, int cell)
{
    return px[((cell / COLS) * CELL + CELL / 2) * W + (cell % COLS) * CELL + CELL / 2];
}

int main(void)
{
    struct nereid_stats st;
    DWORD *px;

    e2e_use_transport(E2E_INPROC, NULL);
    e2e_setenv("NEREID_CHECK_STATE", "1");
    px = scene(NULL, &st);
    ok(st.state_check_failures == 0, "no hook: %llu reports (%s)",
       (unsigned long long)st.state_check_failures, st.state_check_last);
    for (int s = 0; px && s < S_COUNT; s++)
        ok(e2e_color_near(cell_pixel(px, cell_of(s)), steps[s].want, 2),
           "no hook: %s cell %08x, want %08x", steps[s].hook,
           (unsigned)cell_pixel(px, cell_of(s)), (unsigned)steps[s].want);
    free(px);

    for (int s = 0; s < S_COUNT; s++) {
        /* With the check mode: named, and drawn right all the same. */
        e2e_setenv("NEREID_CHECK_STATE", "1");
        px = scene(steps[s].hook, &st);
        ok(st.state_check_failures > 0 && strstr(st.state_check_first, steps[s].report),
           "%s forgets its flag: %llu reports, first '%s', want '%s'", steps[s].hook,
           (unsigned long long)st.state_check_failures, st.state_check_first,
           steps[s].report);
        for (int t = 0; px && t < S_COUNT; t++)
            ok(e2e_color_near(cell_pixel(px, cell_of(t)), steps[t].want, 2),
               "%s hooked, check mode: %s cell %08x, want %08x", steps[s].hook,
               steps[t].hook, (unsigned)cell_pixel(px, cell_of(t)),
               (unsigned)steps[t].want);
        free(px);
        /* Without it the dropped flag shows in that step's cell (the
         * viewport and scissor steps: in the cell before, which the quad
         * over everything then covers), or the server refuses a draw of
         * the wrong layout and the device is lost. */
        e2e_setenv("NEREID_CHECK_STATE", NULL);
        px = scene(steps[s].hook, &st);
        if (s == S_VIEWPORT || s == S_SCISSOR)
            ok(!px || !e2e_color_near(cell_pixel(px, cell_of(s) - 1), RED, 2),
               "%s hooked, no check mode: the cell before %08x must be covered",
               steps[s].hook, px ? (unsigned)cell_pixel(px, cell_of(s) - 1) : 0);
        else
            ok(!px || !e2e_color_near(cell_pixel(px, cell_of(s)), steps[s].want, 2),
               "%s hooked, no check mode: its cell %08x must be wrong", steps[s].hook,
               px ? (unsigned)cell_pixel(px, cell_of(s)) : 0);
        free(px);
    }
    return test_done();
}
