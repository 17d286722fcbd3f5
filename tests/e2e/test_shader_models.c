/* Pixel tests of programmable draws, per shader model, over every transport
 * (the validation layer on through the runner): arithmetic, each texld
 * flavour, relative addressing, loops and branches, bool/int constants
 * against def overrides, texkill, predication, vs_3_0 -> ps_3_0 linkage,
 * dsx/dsy, vPos/vFace, oDepth, the ps_1_x texture instructions, every
 * source modifier and result modifier (each with a value its neighbours
 * would not give; _centroid in a 4x multisampled target).  Every case draws a quad in its own 16x16 cell of a 128x128
 * target; a page of 64 cells is read back and compared with expectations
 * computed from Microsoft's documented semantics of each instruction.
 *
 * The token streams are written by hand with the macros below, which
 * compute D3D9's documented encodings:
 *   version      0xFFFE0000 | major << 8 | minor (vs), 0xFFFF.... (ps)
 *   instruction  opcode | control << 16 | length << 24 (length = operand
 *                tokens, SM2+ only; 0 in SM1) | predicated bit 28 |
 *                co-issue bit 30
 *   parameter    bit 31 | (type & 7) << 28 | (type & 0x18) << 8 | index
 *                destination: write mask << 16, modifiers << 20, shift << 24
 *                source: swizzle << 16 (2 bits a component, x first),
 *                modifier << 24, relative bit 13 (SM2+: an address token
 *                follows; vs_1_1: a0.x implied)
 *   dcl          opcode 31, then bit 31 | usage | usage index << 16 (or the
 *                texture type << 27 for s#), then the register
 *   def          opcode 81, the register, four float bit patterns
 * Each shader's listing is in the comment beside it. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "dxso_asm.h"
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 128
#define H 128
#define CELL 16
#define COLS (W / CELL)
#define CELLS (COLS * (H / CELL))
#define BACKGROUND 0xff202020u
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* -------------------------------------------------------------- colours */

#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define BLUE 0xff0000ffu
#define WHITE 0xffffffffu
#define YELLOW 0xffffff00u
#define CYAN 0xff00ffffu
#define MAGENTA 0xffff00ffu
#define BLACK 0xff000000u

static DWORD rgbf(float r_, float g, float b)
{
    float f[3] = {r_, g, b};
    DWORD out = 0xff000000u;
    for (int i = 0; i < 3; i++) {
        float x = f[i] != f[i] ? 0.0f : f[i] < 0 ? 0.0f : f[i] > 1 ? 1.0f : f[i];
        out |= (DWORD)(x * 255.0f + 0.5f) << (16 - 8 * i);
    }
    return out;
}

/* ------------------------------------------------------------ the harness */

struct vtx {
    float pos[4];
    float t0[4];
    float t1[4];
    DWORD c0, c1;
    float n[4];
};

static const D3DVERTEXELEMENT9 decl_elems[] = {
    {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 16, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
    {0, 32, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 1},
    {0, 48, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    {0, 52, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 1},
    {0, 56, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0},
    D3DDECL_END()};

struct probe {
    int cell, x, y, tol;
    DWORD want;
    char what[112];
};

struct ctx {
    const char *tname;
    IDirect3DDevice9 *dev;
    IDirect3DVertexDeclaration9 *decl;
    int cell;
    struct probe probes[4 * CELLS];
    int nprobes;
    /* Every shader lives until the end of the run: a shader released and
     * a new one created reuse a handle slot, which the device's pipeline
     * cache confuses (see test_release_reuse). */
    IUnknown *garbage[1024];
    int ngarbage;
    /* per-quad inputs of the next draw */
    float t0[4][4];     /* TL, TR, BL, BR */
    DWORD c0, c1;
    float n[4];
    float z;
    bool ccw;            /* draw the quad with the other winding */
    bool same_cell;      /* draw over the previous case's cell */
    IDirect3DTexture9 *mip, *red, *green, *blue, *white, *argb, *bump;
    IDirect3DCubeTexture9 *cube;
};

static void flush(struct ctx *c);

static void set_t0_const(struct ctx *c, float x, float y, float z, float w)
{
    for (int i = 0; i < 4; i++) {
        c->t0[i][0] = x; c->t0[i][1] = y; c->t0[i][2] = z; c->t0[i][3] = w;
    }
}

/* t0 = (k u + o, k v + o, 0, w) with u, v 0..1 across the cell: with
 * k = 2 an 8x8 texture gets one texel a pixel (LOD 0); o = 1/16 puts the
 * samples on texel centres. */
static void set_t0_ramp(struct ctx *c, float k, float o, float w)
{
    for (int i = 0; i < 4; i++) {
        c->t0[i][0] = (k * (i & 1) + o) * w;
        c->t0[i][1] = (k * (i >> 1) + o) * w;
        c->t0[i][2] = 0;
        c->t0[i][3] = w;
    }
}

static void reset_inputs(struct ctx *c)
{
    memset(c->t0, 0, sizeof(c->t0));
    c->c0 = c->c1 = 0;
    memset(c->n, 0, sizeof(c->n));
    c->z = 0.5f;
    c->ccw = false;
    c->same_cell = false;
}

static void keep(struct ctx *c, void *obj)
{
    if (obj && c->ngarbage < (int)ARRAY_LEN(c->garbage))
        c->garbage[c->ngarbage++] = obj;
}

/* Draws a quad with the given shaders in the next cell (or the previous
 * one with same_cell) and returns the cell. */
static int draw_objs(struct ctx *c, const char *name, IDirect3DVertexShader9 *vsh,
                     IDirect3DPixelShader9 *psh)
{
    IDirect3DDevice9 *dev = c->dev;
    struct vtx q[4];
    float x0, x1, y0, y1;
    HRESULT hr;
    int cell;

    if (c->same_cell && c->cell > 0) {
        cell = c->cell - 1;
    } else {
        if (c->cell == CELLS)
            flush(c);
        cell = c->cell++;
    }
    x0 = -1.0f + 2.0f * (float)((cell % COLS) * CELL) / W;
    x1 = x0 + 2.0f * CELL / W;
    y0 = 1.0f - 2.0f * (float)((cell / COLS) * CELL) / H;
    y1 = y0 - 2.0f * CELL / H;
    for (int i = 0; i < 4; i++) {
        int right = i & 1, bottom = i >> 1;
        struct vtx *p = &q[i];
        p->pos[0] = right ? x1 : x0;
        p->pos[1] = bottom ? y1 : y0;
        p->pos[2] = c->z;
        p->pos[3] = 1.0f;
        memcpy(p->t0, c->t0[i], sizeof(p->t0));
        p->t1[0] = (float)right;
        p->t1[1] = (float)bottom;
        p->t1[2] = 0;
        p->t1[3] = 1;
        p->c0 = c->c0;
        p->c1 = c->c1;
        memcpy(p->n, c->n, sizeof(p->n));
    }
    if (c->ccw) { /* TR, TL, BR, BL: the other winding */
        struct vtx s = q[0];
        q[0] = q[1]; q[1] = s;
        s = q[2]; q[2] = q[3]; q[3] = s;
    }
    IDirect3DDevice9_SetVertexDeclaration(dev, c->decl);
    IDirect3DDevice9_SetVertexShader(dev, vsh);
    IDirect3DDevice9_SetPixelShader(dev, psh);
    hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    ok(hr == D3D_OK, "%s: %s: draw %#lx", c->tname, name, (unsigned long)hr);
    reset_inputs(c);
    return cell;
}

/* Creates the shaders of a case (kept until the end of the run) and draws
 * it: returns the cell, or -1 when a shader is refused (reported as a
 * failure, no probes). */
static int draw(struct ctx *c, const char *name, const DWORD *vsc, const DWORD *psc)
{
    IDirect3DDevice9 *dev = c->dev;
    IDirect3DVertexShader9 *vsh = NULL;
    IDirect3DPixelShader9 *psh = NULL;
    HRESULT hr;

    if (vsc && (hr = IDirect3DDevice9_CreateVertexShader(dev, vsc, &vsh)) != D3D_OK) {
        ok(0, "%s: %s: CreateVertexShader: %#lx", c->tname, name, (unsigned long)hr);
        reset_inputs(c);
        return -1;
    }
    if (psc && (hr = IDirect3DDevice9_CreatePixelShader(dev, psc, &psh)) != D3D_OK) {
        ok(0, "%s: %s: CreatePixelShader: %#lx", c->tname, name, (unsigned long)hr);
        if (vsh)
            IDirect3DVertexShader9_Release(vsh);
        reset_inputs(c);
        return -1;
    }
    keep(c, vsh);
    keep(c, psh);
    return draw_objs(c, name, vsh, psh);
}

static void expect_at(struct ctx *c, int cell, int x, int y, DWORD want, int tol,
                      const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void expect_at(struct ctx *c, int cell, int x, int y, DWORD want, int tol,
                      const char *fmt, ...)
{
    struct probe *p;
    va_list ap;

    if (cell < 0 || c->nprobes == (int)ARRAY_LEN(c->probes))
        return;
    p = &c->probes[c->nprobes++];
    p->cell = cell;
    p->x = x;
    p->y = y;
    p->want = want;
    p->tol = tol;
    va_start(ap, fmt);
    vsnprintf(p->what, sizeof(p->what), fmt, ap);
    va_end(ap);
}

/* The whole cell shows one colour: its centre. */
static void expect(struct ctx *c, int cell, DWORD want, int tol, const char *what)
{
    expect_at(c, cell, 8, 8, want, tol, "%s", what);
}

/* A SHOW tail: xyz on the left half, www on the right. */
static void expect4(struct ctx *c, int cell, float x, float y, float z, float w, int tol,
                    const char *what)
{
    expect_at(c, cell, 3, 8, rgbf(x, y, z), tol, "%s (xyz)", what);
    expect_at(c, cell, 12, 8, rgbf(w, w, w), tol, "%s (w)", what);
}

static void begin_page(struct ctx *c)
{
    IDirect3DDevice9_Clear(c->dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BACKGROUND,
                           1.0f, 0);
    IDirect3DDevice9_BeginScene(c->dev);
}

static void flush(struct ctx *c)
{
    DWORD *px;

    IDirect3DDevice9_EndScene(c->dev);
    px = e2e_read_back(c->dev, W, H);
    ok(px != NULL, "%s: read back", c->tname);
    for (int i = 0; px && i < c->nprobes; i++) {
        const struct probe *p = &c->probes[i];
        int x = (p->cell % COLS) * CELL + p->x, y = (p->cell / COLS) * CELL + p->y;
        DWORD got = px[y * W + x];
        bool near = e2e_color_near(got, p->want, p->tol);
        ok(near, "%s: %s: cell %d (%d,%d) is %08x, expected %08x", c->tname, p->what, p->cell,
           p->x, p->y, (unsigned)got, (unsigned)p->want);
    }
    free(px);
    IDirect3DDevice9_SetVertexShader(c->dev, NULL);
    IDirect3DDevice9_SetPixelShader(c->dev, NULL);
    c->nprobes = 0;
    c->cell = 0;
    begin_page(c);
}

/* ------------------------------------------------------------ resources */

static void fill_level(IDirect3DTexture9 *tex, UINT level, UINT size, DWORD (*fn)(UINT, UINT, UINT),
                       UINT n)
{
    D3DLOCKED_RECT lr;
    if (IDirect3DTexture9_LockRect(tex, level, &lr, NULL, 0) != D3D_OK)
        return;
    for (UINT y = 0; y < size; y++)
        for (UINT x = 0; x < size; x++)
            ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = fn(x, y, n);
    IDirect3DTexture9_UnlockRect(tex, level);
}

/* Level 0 of the mip texture: quadrants red, green / blue, white; levels
 * 1, 2, 3: yellow, cyan, magenta. */
static DWORD mip_texel(UINT x, UINT y, UINT level)
{
    static const DWORD quad[4] = {RED, GREEN, BLUE, WHITE};
    static const DWORD solid[4] = {0, YELLOW, CYAN, MAGENTA};
    if (level)
        return solid[level];
    return quad[(x >= 4) + 2 * (y >= 4)];
}

static DWORD solid_texel(UINT x, UINT y, UINT color)
{
    (void)x, (void)y;
    return color;
}

static IDirect3DTexture9 *solid(IDirect3DDevice9 *dev, DWORD color)
{
    IDirect3DTexture9 *tex = NULL;
    if (IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                       NULL) == D3D_OK)
        fill_level(tex, 0, 1, solid_texel, color);
    return tex;
}

static bool create_resources(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    static const DWORD faces[6] = {RED, GREEN, BLUE, YELLOW, WHITE, MAGENTA};
    D3DLOCKED_RECT lr;

    if (IDirect3DDevice9_CreateTexture(dev, 8, 8, 4, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &c->mip, NULL) != D3D_OK)
        return false;
    for (UINT l = 0; l < 4; l++)
        fill_level(c->mip, l, 8 >> l, mip_texel, l);
    c->red = solid(dev, RED);
    c->green = solid(dev, GREEN);
    c->blue = solid(dev, BLUE);
    c->white = solid(dev, WHITE);
    c->argb = solid(dev, 0xc04040c0u); /* a 0.753, r 0.251, g 0.251, b 0.753 */
    /* du = 64/127, dv = 0: a signed bump map for texbem. */
    if (IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_V8U8, D3DPOOL_MANAGED, &c->bump,
                                       NULL) == D3D_OK &&
        IDirect3DTexture9_LockRect(c->bump, 0, &lr, NULL, 0) == D3D_OK) {
        *(WORD *)lr.pBits = 0x0040;
        IDirect3DTexture9_UnlockRect(c->bump, 0);
    }
    if (IDirect3DDevice9_CreateCubeTexture(dev, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &c->cube, NULL) == D3D_OK) {
        for (int f = 0; f < 6; f++)
            if (IDirect3DCubeTexture9_LockRect(c->cube, (D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0) ==
                D3D_OK) {
                for (int y = 0; y < 2; y++)
                    for (int x = 0; x < 2; x++)
                        ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = faces[f];
                IDirect3DCubeTexture9_UnlockRect(c->cube, (D3DCUBEMAP_FACES)f, 0);
            }
    }
    return c->red && c->green && c->blue && c->white && c->argb && c->bump && c->cube;
}

static void release_resources(struct ctx *c)
{
    IDirect3DTexture9 *t[] = {c->mip, c->red, c->green, c->blue, c->white, c->argb, c->bump};
    for (size_t i = 0; i < ARRAY_LEN(t); i++)
        if (t[i])
            IDirect3DTexture9_Release(t[i]);
    if (c->cube)
        IDirect3DCubeTexture9_Release(c->cube);
}

static void tex(struct ctx *c, DWORD stage, void *t_)
{
    IDirect3DDevice9_SetTexture(c->dev, stage, (IDirect3DBaseTexture9 *)t_);
}

static void untex(struct ctx *c)
{
    for (DWORD s = 0; s < 4; s++) {
        IDirect3DDevice9_SetTexture(c->dev, s, NULL);
        IDirect3DDevice9_SetSamplerState(c->dev, s, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    }
}

static void vsc(struct ctx *c, UINT n, float x, float y, float z, float w)
{
    float f[4] = {x, y, z, w};
    IDirect3DDevice9_SetVertexShaderConstantF(c->dev, n, f, 1);
}

static void psc(struct ctx *c, UINT n, float x, float y, float z, float w)
{
    float f[4] = {x, y, z, w};
    IDirect3DDevice9_SetPixelShaderConstantF(c->dev, n, f, 1);
}

static void set_tss_float(struct ctx *c, DWORD stage, D3DTEXTURESTAGESTATETYPE s, float f)
{
    DWORD d;
    memcpy(&d, &f, 4);
    IDirect3DDevice9_SetTextureStageState(c->dev, stage, s, d);
}

static void bumpenv(struct ctx *c, DWORD stage, float m00, float m01, float m10, float m11)
{
    set_tss_float(c, stage, D3DTSS_BUMPENVMAT00, m00);
    set_tss_float(c, stage, D3DTSS_BUMPENVMAT01, m01);
    set_tss_float(c, stage, D3DTSS_BUMPENVMAT10, m10);
    set_tss_float(c, stage, D3DTSS_BUMPENVMAT11, m11);
}

/* ------------------------------------------------------------ shaders */

/* vs_1_1 / vs_2_0 / vs_3_0 pass-through: position, TEXCOORD0 -> oT0,
 * TEXCOORD1 (the ramp) -> oT1, COLOR0/1 -> oD0/1. */
static const DWORD *vs11_pass, *vs20_pass, *vs30_pass, *vs11_ps1;

static DWORD vs11_pass_tok[] = {
    VS(1, 1),
    DCL1(U_POS, V(0)), DCL1(U_TC(0), V(1)), DCL1(U_TC(1), V(2)), DCL1(U_COL(0), V(3)),
    DCL1(U_COL(1), V(4)),
    I1(D3DSIO_MOV, OPOS, v(0)), I1(D3DSIO_MOV, OT(0), v(1)), I1(D3DSIO_MOV, OT(1), v(2)),
    I1(D3DSIO_MOV, OD(0), v(3)), I1(D3DSIO_MOV, OD(1), v(4)),
    END};
static DWORD vs20_pass_tok[] = {
    VS(2, 0),
    DCL(U_POS, V(0)), DCL(U_TC(0), V(1)), DCL(U_TC(1), V(2)), DCL(U_COL(0), V(3)),
    DCL(U_COL(1), V(4)),
    I(D3DSIO_MOV, OPOS, v(0)), I(D3DSIO_MOV, OT(0), v(1)), I(D3DSIO_MOV, OT(1), v(2)),
    I(D3DSIO_MOV, OD(0), v(3)), I(D3DSIO_MOV, OD(1), v(4)),
    END};
static DWORD vs30_pass_tok[] = {
    VS(3, 0),
    DCL(U_POS, V(0)), DCL(U_TC(0), V(1)), DCL(U_TC(1), V(2)), DCL(U_COL(0), V(3)),
    DCL(U_COL(1), V(4)),
    DCL(U_POS, O(0, 0xf)), DCL(U_TC(0), O(1, 0xf)), DCL(U_TC(1), O(2, 0xf)),
    DCL(U_COL(0), O(3, 0xf)), DCL(U_COL(1), O(4, 0xf)),
    I(D3DSIO_MOV, O(0, 0xf), v(0)), I(D3DSIO_MOV, O(1, 0xf), v(1)),
    I(D3DSIO_MOV, O(2, 0xf), v(2)), I(D3DSIO_MOV, O(3, 0xf), v(3)),
    I(D3DSIO_MOV, O(4, 0xf), v(4)),
    END};
/* For ps_1_x: oT0 = TEXCOORD0, oT1..3 = c1..c3, oD0 = c4, oD1 = c5. */
static DWORD vs11_ps1_tok[] = {
    VS(1, 1),
    DCL1(U_POS, V(0)), DCL1(U_TC(0), V(1)),
    I1(D3DSIO_MOV, OPOS, v(0)), I1(D3DSIO_MOV, OT(0), v(1)), I1(D3DSIO_MOV, OT(1), c(1)),
    I1(D3DSIO_MOV, OT(2), c(2)), I1(D3DSIO_MOV, OT(3), c(3)), I1(D3DSIO_MOV, OD(0), c(4)),
    I1(D3DSIO_MOV, OD(1), c(5)),
    END};

/* Shows t0 (ps_2_0) or TEXCOORD0 (ps_3_0) through the SHOW tail. */
static DWORD *ps20_show, *ps30_show;
static DWORD ps20_show_tok[64], ps30_show_tok[64];

static void init_shaders(void)
{
    DWORD a[] = {PS(2, 0), HEAD20, DCL(0x80000000u, T(0)), I(D3DSIO_MOV, R(0), t(0)), SHOW20,
                 END};
    DWORD b[] = {PS(3, 0), HEAD30, DCL(U_TC(0), V(0)), I(D3DSIO_MOV, R(0), v(0)), SHOW30, END};
    memcpy(ps20_show_tok, a, sizeof(a));
    memcpy(ps30_show_tok, b, sizeof(b));
    ps20_show = ps20_show_tok;
    ps30_show = ps30_show_tok;
    vs11_pass = vs11_pass_tok;
    vs20_pass = vs20_pass_tok;
    vs30_pass = vs30_pass_tok;
    vs11_ps1 = vs11_ps1_tok;
}

/* A ps_2_0 case: body computes r0; expected r0 = (x, y, z, w). */
#define PS20_CASE(name, x, y, z, w, tol, ...)                                  \
    do {                                                                       \
        const DWORD p_[] = {PS(2, 0), HEAD20, __VA_ARGS__, SHOW20, END};       \
        expect4(c, draw(c, name, vs20_pass, p_), x, y, z, w, tol, name);       \
    } while (0)
#define PS2X_CASE(name, x, y, z, w, tol, ...)                                  \
    do {                                                                       \
        const DWORD p_[] = {PS(2, 1), HEAD20, __VA_ARGS__, SHOW20, END};       \
        expect4(c, draw(c, name, vs20_pass, p_), x, y, z, w, tol, name);       \
    } while (0)
#define PS30_CASE(name, x, y, z, w, tol, ...)                                  \
    do {                                                                       \
        const DWORD p_[] = {PS(3, 0), HEAD30, __VA_ARGS__, SHOW30, END};       \
        expect4(c, draw(c, name, vs30_pass, p_), x, y, z, w, tol, name);       \
    } while (0)
/* Vertex shader cases: the body computes r0, shown through oT0. */
#define VS11_CASE(name, x, y, z, w, tol, ...)                                  \
    do {                                                                       \
        const DWORD v_[] = {VS(1, 1), DCL1(U_POS, V(0)), DCL1(U_TC(1), V(2)),  \
                            I1(D3DSIO_MOV, OPOS, v(0)),                        \
                            I1(D3DSIO_MOV, OT(1), v(2)), __VA_ARGS__,          \
                            I1(D3DSIO_MOV, OT(0), r(0)), END};                 \
        expect4(c, draw(c, name, v_, ps20_show), x, y, z, w, tol, name);       \
    } while (0)
#define VS2_CASE(ver, name, x, y, z, w, tol, ...)                              \
    do {                                                                       \
        const DWORD v_[] = {ver, DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),         \
                            I(D3DSIO_MOV, OPOS, v(0)),                         \
                            I(D3DSIO_MOV, OT(1), v(2)), __VA_ARGS__,           \
                            I(D3DSIO_MOV, OT(0), r(0)), END};                  \
        expect4(c, draw(c, name, v_, ps20_show), x, y, z, w, tol, name);       \
    } while (0)
#define VS20_CASE(name, ...) VS2_CASE(VS(2, 0), name, __VA_ARGS__)
#define VS2X_CASE(name, ...) VS2_CASE(VS(2, 1), name, __VA_ARGS__)
#define VS30_CASE(name, x, y, z, w, tol, ...)                                  \
    do {                                                                       \
        const DWORD v_[] = {VS(3, 0), DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),    \
                            DCL(U_POS, O(0, 0xf)), DCL(U_TC(0), O(1, 0xf)),    \
                            DCL(U_TC(1), O(2, 0xf)),                           \
                            I(D3DSIO_MOV, O(0, 0xf), v(0)),                    \
                            I(D3DSIO_MOV, O(2, 0xf), v(2)), __VA_ARGS__,       \
                            I(D3DSIO_MOV, O(1, 0xf), r(0)), END};              \
        expect4(c, draw(c, name, v_, ps30_show), x, y, z, w, tol, name);       \
    } while (0)
/* ps_1_x cases: r0's rgb, the whole cell one colour. */
#define PS1_CASE(ver, name, want, tol, ...)                                    \
    do {                                                                       \
        const DWORD p_[] = {ver, __VA_ARGS__, END};                            \
        expect(c, draw(c, name, vs11_ps1, p_), want, tol, name);               \
    } while (0)

/* ------------------------------------------------------------ ps_2_0 */

static void test_ps20(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    int cell;

    PS20_CASE("ps_2_0 mad", 0.625f, 0.5f, 0.125f, 0.75f, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 2, 0.5f, 0.25f, 0.5f),
              DEF(2, 0.125f, 0.25f, -0.0625f, 0.25f),
              I(D3DSIO_MAD, R(0), c(0), c(1), c(2)));             /* mad r0, c0, c1, c2 */
    PS20_CASE("ps_2_0 dp3/dp4", 0.75f, 0.5f, 0, 0.375f, 2,
              DEF(0, 0.5f, 0.25f, 0.125f, 0.25f), DEF(1, 0.5f, 1, 2, -1),
              DEF(2, 0, 0, 0, 0.375f),
              I(D3DSIO_MOV, R(0), c(2)),                          /* mov r0, c2 */
              I(D3DSIO_DP3, Rm(0, MX), c(0), c(1)),               /* dp3 r0.x, c0, c1 */
              I(D3DSIO_DP4, Rm(0, MY), c(0), c(1)));              /* dp4 r0.y, c0, c1 */
    PS20_CASE("ps_2_0 rcp/rsq", 0.25f, 0.25f, 0.5f, 0.8f, 2,
              DEF(0, 4, 16, -4, 1.25f),
              I(D3DSIO_RCP, Rm(0, MX), cs(0, XXXX)),              /* rcp r0.x, c0.x */
              I(D3DSIO_RSQ, Rm(0, MY), cs(0, YYYY)),              /* rsq r0.y, c0.y */
              I(D3DSIO_RSQ, Rm(0, MZ), cs(0, ZZZZ)),              /* rsq r0.z, c0.z (|x|) */
              I(D3DSIO_RCP, Rm(0, MW), cs(0, WWWW)));             /* rcp r0.w, c0.w */
    PS20_CASE("ps_2_0 min", 0.25f, 0.5f, 0.5f, 0.5f, 2,
              DEF(0, 0.25f, 0.75f, 0.5f, 1), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f),
              I(D3DSIO_MIN, R(0), c(0), c(1)));                   /* min r0, c0, c1 */
    PS20_CASE("ps_2_0 max", 0.5f, 0.75f, 0.5f, 1, 2,
              DEF(0, 0.25f, 0.75f, 0.5f, 1), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f),
              I(D3DSIO_MAX, R(0), c(0), c(1)));                   /* max r0, c0, c1 */
    PS20_CASE("ps_2_0 exp/log/pow", 0.5f, 0.75f, 0.5f, 0.75f, 3,
              DEF(0, -1, 1.6817928f, 0.25f, 0.5f),
              I(D3DSIO_EXP, Rm(0, MX), cs(0, XXXX)),              /* exp r0.x, c0.x */
              I(D3DSIO_LOG, Rm(0, MY), cs(0, YYYY)),              /* log r0.y, c0.y */
              I(D3DSIO_POW, Rm(0, MZ), cs(0, ZZZZ), cs(0, WWWW)), /* pow r0.z, c0.z, c0.w */
              I(D3DSIO_LOG, Rm(0, MW), NEG(cs(0, YYYY))));        /* log r0.w, -c0.y */
    PS20_CASE("ps_2_0 lrp", 0.25f, 0.75f, 0.8125f, 0.5f, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 1, 1, 1, 0.5f), DEF(2, 0, 0.5f, 0.25f, 0),
              I(D3DSIO_LRP, R(0), c(0), c(1), c(2)));             /* lrp r0, c0, c1, c2 */
    PS20_CASE("ps_2_0 cmp", 0.25f, 0.5f, 0.75f, 0.375f, 2,
              DEF(0, -0.5f, 0, 0.5f, -1), DEF(1, 1, 0.5f, 0.75f, 1),
              DEF(2, 0.25f, 0.125f, 0, 0.375f),
              I(D3DSIO_CMP, R(0), c(0), c(1), c(2)));             /* cmp r0, c0, c1, c2 */
    PS20_CASE("ps_2_0 frc", 0.25f, 0.75f, 0.5f, 0.125f, 2,
              DEF(0, 1.25f, -0.25f, 3.5f, 2.125f),
              I(D3DSIO_FRC, R(0), c(0)));                         /* frc r0, c0 */
    PS20_CASE("ps_2_0 abs", 0.25f, 0.5f, 0.75f, 1, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, -1),
              I(D3DSIO_ABS, R(0), c(0)));                         /* abs r0, c0 */
    PS20_CASE("ps_2_0 nrm", 0.6f, 0, 0.8f, 0.5f, 2,
              DEF(0, 3, 0, 4, 2.5f),
              I(D3DSIO_NRM, R(0), c(0)));                         /* nrm r0, c0 */
    PS20_CASE("ps_2_0 sincos", 0.5403023f /* cos 1 */, 0.8414710f /* sin 1 */, 0.25f, 0.625f, 3,
              DEF(0, 1, 0, 0, 0), DEF(1, -1.5500992e-006f, -2.1701389e-005f, 0.0026041667f, 0.00026041668f),
              DEF(2, -0.020833334f, -0.12500000f, 1.0f, 0.50000000f), /* D3DSINCOSCONST1/2 */
              DEF(3, 0, 0, 0.25f, 0.625f),
              I(D3DSIO_MOV, R(0), c(3)),                          /* mov r0, c3 */
              I(D3DSIO_SINCOS, Rm(0, XY), cs(0, XXXX), c(1), c(2))); /* sincos r0.xy, c0.x, c1, c2 */
    PS20_CASE("ps_2_0 m4x4", 0.25f, 0.5f, 0.75f, 0.75f, 2,
              DEF(0, 0.5f, 0.25f, 1, 0.5f), DEF(1, 0.5f, 0, 0, 0), DEF(2, 0, 1, 0, 0.5f),
              DEF(3, 0, 0, 0.5f, 0.5f), DEF(4, 1, 1, 0, 0),
              I(D3DSIO_M4x4, R(0), c(0), c(1)));                  /* m4x4 r0, c0, c1 */
    PS20_CASE("ps_2_0 m4x3", 0.25f, 0.5f, 0.75f, 0.125f, 2,
              DEF(0, 0.5f, 0.25f, 1, 0.5f), DEF(1, 0.5f, 0, 0, 0), DEF(2, 0, 1, 0, 0.5f),
              DEF(3, 0, 0, 0.5f, 0.5f), DEF(5, 0, 0, 0.875f, 0.125f),
              I(D3DSIO_MOV, R(0), c(5)),
              I(D3DSIO_M4x3, Rm(0, XYZ), c(0), c(1)));            /* m4x3 r0.xyz, c0, c1 */
    PS20_CASE("ps_2_0 m3x4", 0.25f, 0.25f, 0.5f, 0.75f, 2,
              DEF(0, 0.5f, 0.25f, 1, 0.5f), DEF(1, 0.5f, 0, 0, 0), DEF(2, 0, 1, 0, 0.5f),
              DEF(3, 0, 0, 0.5f, 0.5f), DEF(4, 1, 1, 0, 0),
              I(D3DSIO_M3x4, R(0), c(0), c(1)));                  /* m3x4 r0, c0, c1 */
    PS20_CASE("ps_2_0 m3x3", 0.25f, 0.25f, 0.5f, 0.125f, 2,
              DEF(0, 0.5f, 0.25f, 1, 0.5f), DEF(1, 0.5f, 0, 0, 0), DEF(2, 0, 1, 0, 0.5f),
              DEF(3, 0, 0, 0.5f, 0.5f), DEF(5, 0, 0, 0.875f, 0.125f),
              I(D3DSIO_MOV, R(0), c(5)),
              I(D3DSIO_M3x3, Rm(0, XYZ), c(0), c(1)));            /* m3x3 r0.xyz, c0, c1 */
    PS20_CASE("ps_2_0 m3x2", 0.25f, 0.25f, 0.875f, 0.125f, 2,
              DEF(0, 0.5f, 0.25f, 1, 0.5f), DEF(1, 0.5f, 0, 0, 0), DEF(2, 0, 1, 0, 0.5f),
              DEF(5, 0, 0, 0.875f, 0.125f),
              I(D3DSIO_MOV, R(0), c(5)),
              I(D3DSIO_M3x2, Rm(0, XY), c(0), c(1)));             /* m3x2 r0.xy, c0, c1 */
    PS20_CASE("ps_2_0 dp2add", 0.75f, 0.75f, 0.75f, 0.75f, 2,
              DEF(0, 0.5f, 0.25f, 8, 8), DEF(1, 0.5f, 1, 8, 8), DEF(2, 0.25f, 0, 0, 0),
              I(D3DSIO_DP2ADD, R(0), c(0), c(1), cs(2, XXXX)));   /* dp2add r0, c0, c1, c2.x */
    PS20_CASE("ps_2_0 crs", 0.75f, 0, 0.75f, 0.25f, 2,
              DEF(0, 0.5f, 0.25f, 0, 0), DEF(1, 0, 0.5f, 1, 0), DEF(2, 0.5f, 0.5f, 0.5f, 0.25f),
              I(D3DSIO_MOV, R(0), c(2)),
              I(D3DSIO_CRS, Rm(0, XYZ), c(0), c(1)),              /* crs r0.xyz, c0, c1 */
              I(D3DSIO_ADD, Rm(0, XYZ), r(0), c(2)));             /* add r0.xyz, r0, c2 */
    PS20_CASE("ps_2_0 _sat", 0.5f, 0, 0.25f, 0.5f, 2,
              DEF(0, 1.5f, -0.5f, 0.5f, 2), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f),
              I(D3DSIO_MOV, SAT(R(0)), c(0)),                     /* mov_sat r0, c0 */
              I(D3DSIO_MUL, R(0), r(0), c(1)));                   /* mul r0, r0, c1 */
    PS20_CASE("ps_2_0 negate and swizzle", 0, 0.25f, 0.5f, 0.75f, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 1, 1, 1, 1),
              I(D3DSIO_ADD, R(0), NEG(cs(0, SWZ(3, 2, 1, 0))), c(1))); /* add r0, -c0.wzyx, c1 */
    PS20_CASE("ps_2_0 write mask", 0.25f, 0.125f, 0.75f, 0.375f, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0, 0.125f, 0, 0.375f),
              I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_MOV, Rm(0, MY | MW), c(1)));               /* mov r0.yw, c1 */
    /* SetPixelShaderConstantF for c0 and c1; the shader's def c1 wins. */
    psc(c, 0, 0.25f, 0.125f, 0.5f, 0.25f);
    psc(c, 1, 0.5f, 0.5f, 0.5f, 0.5f);
    PS20_CASE("ps_2_0 SetPixelShaderConstantF and def", 0.375f, 0.375f, 0.75f, 0.75f, 2,
              DEF(1, 0.125f, 0.25f, 0.25f, 0.5f),
              I(D3DSIO_ADD, R(0), c(0), c(1)));                   /* add r0, c0, c1 */
    /* The same shader after a new c0: the constants reach the next draw. */
    psc(c, 0, 0.5f, 0.25f, 0, 0);
    PS20_CASE("ps_2_0 a new c0", 0.625f, 0.5f, 0.25f, 0.5f, 2,
              DEF(1, 0.125f, 0.25f, 0.25f, 0.5f),
              I(D3DSIO_ADD, R(0), c(0), c(1)));
    /* Colour inputs v0/v1 (oD0/oD1 of the vertex shader). */
    c->c0 = 0xff804020u;
    c->c1 = 0xff408080u;
    PS20_CASE("ps_2_0 v0 * v1", (128 / 255.f) * (64 / 255.f), (64 / 255.f) * (128 / 255.f),
              (32 / 255.f) * (128 / 255.f), 1, 2,
              DCL(0x80000000u, V(0)), DCL(0x80000000u, V(1)),
              I(D3DSIO_MUL, R(0), v(0), v(1)));                   /* mul r0, v0, v1 */

    /* texkill r1 with r1 = (u - 0.5, v, 0, 1): the left half goes. */
    {
        const DWORD p[] = {PS(2, 0), HEAD20, DEF(0, 0, 1, 0, 1), DEF(1, -0.5f, 0, 0, 0),
                           I(D3DSIO_ADD, R(1), t(1), c(1)),       /* add r1, t1, c1 */
                           I(D3DSIO_TEXKILL, R(1)),               /* texkill r1 */
                           I(D3DSIO_MOV, OC(0), c(0)), END};
        cell = draw(c, "ps_2_0 texkill", vs20_pass, p);
        expect_at(c, cell, 3, 8, BACKGROUND, 0, "ps_2_0 texkill: killed half");
        expect_at(c, cell, 12, 8, GREEN, 0, "ps_2_0 texkill: kept half");
    }

    /* Texture lookups on the 8x8 mip texture. */
    {
        const DWORD p_ld[] = {PS(2, 0), DCL(0x80000000u, DST(RT_TEX, 0, 0xf)),
                              DCL(U_2D, S(0)),
                              I(D3DSIO_TEX, R(0), t(0), s_(0)),   /* texld r0, t0, s0 */
                              I(D3DSIO_MOV, OC(0), r(0)), END};
        const DWORD p_ldp[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                               I(TEXLDP, R(0), t(0), s_(0)),      /* texldp r0, t0, s0 */
                               I(D3DSIO_MOV, OC(0), r(0)), END};
        const DWORD p_ldb[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                               I(TEXLDB, R(0), t(0), s_(0)),      /* texldb r0, t0, s0 */
                               I(D3DSIO_MOV, OC(0), r(0)), END};
        /* The sampler swizzle picks result components. */
        const DWORD p_swz[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                               I(D3DSIO_TEX, R(0), t(0), SRC(RT_SAMPLER, 0, SWZ(2, 0, 1, 3))),
                               I(D3DSIO_MOV, OC(0), r(0)), END}; /* texld r0, t0, s0.zxyw */
        const DWORD p_cube[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_CUBE, S(1)),
                                I(D3DSIO_TEX, R(0), t(0), s_(1)), /* texld r0, t0, s1 (cube) */
                                I(D3DSIO_MOV, OC(0), r(0)), END};
        static const struct { int x, y; DWORD want; } quads[] = {
            {2, 2, RED}, {6, 2, GREEN}, {2, 6, BLUE}, {6, 6, WHITE}, {10, 14, BLUE}};

        tex(c, 0, c->mip);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        cell = draw(c, "ps_2_0 texld", vs20_pass, p_ld);
        for (size_t i = 0; i < ARRAY_LEN(quads); i++)
            expect_at(c, cell, quads[i].x, quads[i].y, quads[i].want, 1, "ps_2_0 texld level 0");
        /* Coordinates times q = 2 with w = 2: texldp divides. */
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        for (int i = 0; i < 4; i++) {
            c->t0[i][0] *= 2; c->t0[i][1] *= 2; c->t0[i][3] = 2;
        }
        cell = draw(c, "ps_2_0 texldp", vs20_pass, p_ldp);
        for (size_t i = 0; i < ARRAY_LEN(quads); i++)
            expect_at(c, cell, quads[i].x, quads[i].y, quads[i].want, 1, "ps_2_0 texldp");
        /* LOD 0 plus bias t0.w = 1 and 2: levels 1 and 2. */
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        expect(c, draw(c, "ps_2_0 texldb 1", vs20_pass, p_ldb), YELLOW, 1, "ps_2_0 texldb bias 1");
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        for (int i = 0; i < 4; i++)
            c->t0[i][3] = 2;
        expect(c, draw(c, "ps_2_0 texldb 2", vs20_pass, p_ldb), CYAN, 1, "ps_2_0 texldb bias 2");
        /* The same derivatives without bias: texld stays on level 0. */
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        for (int i = 0; i < 4; i++)
            c->t0[i][3] = 2;
        expect_at(c, draw(c, "ps_2_0 texld ignores w", vs20_pass, p_ld), 2, 2, RED, 1,
                  "ps_2_0 texld ignores t0.w");
        /* Green texel through .zxyw: (b, r, g, a) = (0, 0, 1). */
        set_t0_const(c, 0.75f, 0.25f, 0, 1);
        expect(c, draw(c, "ps_2_0 texld sampler swizzle", vs20_pass, p_swz), BLUE, 1,
               "ps_2_0 texld s0.zxyw");
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
        tex(c, 1, c->cube);
        set_t0_const(c, 0.25f, -1, 0.5f, 1);
        expect(c, draw(c, "ps_2_0 texld cube -Y", vs20_pass, p_cube), YELLOW, 1,
               "ps_2_0 texld cube -y face");
        set_t0_const(c, 0.25f, 0.5f, -1, 1);
        expect(c, draw(c, "ps_2_0 texld cube -Z", vs20_pass, p_cube), MAGENTA, 1,
               "ps_2_0 texld cube -z face");
        set_t0_const(c, -1, 0.5f, 0.25f, 1);
        expect(c, draw(c, "ps_2_0 texld cube -X", vs20_pass, p_cube), GREEN, 1,
               "ps_2_0 texld cube -x face");
        untex(c);
    }
}

/* ------------------------------------------------------- ps_2_x, ps_3_0 */

static void test_ps2x(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    BOOL b[2];

    PS2X_CASE("ps_2_x dsx/dsy", 0.5f, 0.5f, 0, 0.5f, 2,
              DEF(0, 8, 8, 8, 8),
              I(D3DSIO_DSX, R(1), t(1)),                          /* dsx r1, t1 */
              I(D3DSIO_DSY, R(2), t(1)),                          /* dsy r2, t1 */
              I(D3DSIO_MUL, R(1), r(1), c(0)), I(D3DSIO_MUL, R(2), r(2), c(0)),
              I(D3DSIO_MOV, Rm(0, MX), rs(1, XXXX)),              /* d(u)/dx * 8 */
              I(D3DSIO_MOV, Rm(0, MY), rs(2, YYYY)),              /* d(v)/dy * 8 */
              I(D3DSIO_MOV, Rm(0, MZ), rs(1, YYYY)),              /* d(v)/dx * 8 */
              I(D3DSIO_MOV, Rm(0, MW), rs(2, YYYY)));
    /* setp_gt p0, c0, c1 -> (T, F, T, F); (p0) mov r0, c3; (!p0) ... */
    PS2X_CASE("ps_2_x predicated mov", 0.75f, 0.25f, 0.75f, 0.25f, 2,
              DEF(0, 1, 0, 1, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              DEF(3, 0.75f, 0.75f, 0.75f, 0.75f),
              I(CMP(D3DSIO_SETP, D3DSPC_GT), P0(0xf), c(0), c(1)), /* setp_gt p0, c0, c1 */
              I(D3DSIO_MOV, R(0), c(2)),
              I(PRED(D3DSIO_MOV), R(0), p0(XYZW), c(3)));          /* (p0) mov r0, c3 */
    PS2X_CASE("ps_2_x predicated !p0", 0.25f, 0.75f, 0.25f, 0.75f, 2,
              DEF(0, 1, 0, 1, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              DEF(3, 0.75f, 0.75f, 0.75f, 0.75f),
              I(CMP(D3DSIO_SETP, D3DSPC_GT), P0(0xf), c(0), c(1)),
              I(D3DSIO_MOV, R(0), c(2)),
              I(PRED(D3DSIO_MOV), R(0), NOT(p0(XYZW)), c(3)));     /* (!p0) mov r0, c3 */
    PS2X_CASE("ps_2_x predicate swizzle", 0.75f, 0.75f, 0.75f, 0.75f, 2,
              DEF(0, 1, 0, 1, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              DEF(3, 0.75f, 0.75f, 0.75f, 0.75f),
              I(CMP(D3DSIO_SETP, D3DSPC_GT), P0(0xf), c(0), c(1)),
              I(D3DSIO_MOV, R(0), c(2)),
              I(PRED(D3DSIO_MOV), R(0), p0(XXXX), c(3)));          /* (p0.x) mov r0, c3 */
    /* rep with breakc: 0.125 a turn until r0.x >= 0.5. */
    PS2X_CASE("ps_2_x rep/breakc", 0.5f, 0.25f, 0.75f, 0.5f, 2,
              DEFI(0, 10, 0, 0, 0), DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.0625f, 0.1875f, 0.125f),
              DEF(2, 0.5f, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_REP, i_(0)),                               /* rep i0 */
              I(D3DSIO_ADD, R(0), r(0), c(1)),
              I(CMP(D3DSIO_BREAKC, D3DSPC_GE), rs(0, XXXX), cs(2, XXXX)), /* breakc_ge r0.x, c2.x */
              I0(D3DSIO_ENDREP));
    /* if b0 / else with bool constants from the application. */
    b[0] = TRUE;
    b[1] = FALSE;
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, b, 2);
    PS2X_CASE("ps_2_x if b0 (true)", 0.25f, 0.5f, 0.75f, 1, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(0)), I(D3DSIO_MOV, R(0), c(0)),     /* if b0 mov r0, c0 */
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)),         /* else mov r0, c1 */
              I0(D3DSIO_ENDIF));
    PS2X_CASE("ps_2_x if b1 (false)", 0.75f, 0.5f, 0.25f, 0, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(1)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)),
              I0(D3DSIO_ENDIF));
    /* defb b1 = true overrides the application's false. */
    PS2X_CASE("ps_2_x defb overrides SetPixelShaderConstantB", 0.25f, 0.5f, 0.75f, 1, 2,
              DEFB(1, 1), DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(1)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)),
              I0(D3DSIO_ENDIF));
    /* call l1; callnz l2, b0 (true); callnz l2, b1 (false); l2 calls l3. */
    {
        const DWORD p_[] = {PS(2, 1), HEAD20,
                            DEF(0, 0, 0, 0, 0), DEF(1, 0.25f, 0, 0, 0.25f),
                            DEF(2, 0, 0.5f, 0, 0.25f), DEF(3, 0, 0, 0.75f, 0),
                            I(D3DSIO_MOV, R(0), c(0)),
                            I(D3DSIO_CALL, l_(1)),                /* call l1 */
                            I(D3DSIO_CALLNZ, l_(2), b_(0)),       /* callnz l2, b0 */
                            I(D3DSIO_CALLNZ, l_(2), b_(1)),       /* callnz l2, b1 */
                            SHOW20, I0(D3DSIO_RET),
                            I(D3DSIO_LABEL, l_(1)), I(D3DSIO_ADD, R(0), r(0), c(1)),
                            I0(D3DSIO_RET),
                            I(D3DSIO_LABEL, l_(2)), I(D3DSIO_ADD, R(0), r(0), c(2)),
                            I(D3DSIO_CALL, l_(3)), I0(D3DSIO_RET), /* l2 calls l3 */
                            I(D3DSIO_LABEL, l_(3)), I(D3DSIO_ADD, R(0), r(0), c(3)),
                            I0(D3DSIO_RET), END};
        expect4(c, draw(c, "ps_2_x call/callnz/label/ret", vs20_pass, p_), 0.25f, 0.5f, 0.75f,
                0.5f, 2, "ps_2_x call/callnz/label/ret");
    }
    b[0] = b[1] = FALSE;
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, b, 2);

    /* texldd: constant coordinates, gradients of 2 and 4 texels a pixel. */
    {
        const DWORD p[] = {PS(2, 1), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                           I(D3DSIO_TEXLDD, R(0), t(0), s_(0), c(0), c(1)), /* texldd r0, t0, s0, c0, c1 */
                           I(D3DSIO_MOV, OC(0), r(0)), END};
        tex(c, 0, c->mip);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
        psc(c, 0, 0.25f, 0, 0, 0);
        psc(c, 1, 0, 0.25f, 0, 0);
        set_t0_const(c, 0.3f, 0.3f, 0, 1);
        expect(c, draw(c, "ps_2_x texldd lod 1", vs20_pass, p), YELLOW, 1, "ps_2_x texldd lod 1");
        psc(c, 0, 0.5f, 0, 0, 0);
        psc(c, 1, 0, 0.5f, 0, 0);
        set_t0_const(c, 0.3f, 0.3f, 0, 1);
        expect(c, draw(c, "ps_2_x texldd lod 2", vs20_pass, p), CYAN, 1, "ps_2_x texldd lod 2");
        untex(c);
    }
}

static void test_ps30(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    int cell, ints[8];
    BOOL b[2];

    PS30_CASE("ps_3_0 dsx/dsy", 0.5f, 0.5f, 0, 0.5f, 2,
              DEF(0, 8, 8, 8, 8),
              I(D3DSIO_DSX, R(1), v(1)), I(D3DSIO_DSY, R(2), v(1)),
              I(D3DSIO_MUL, R(1), r(1), c(0)), I(D3DSIO_MUL, R(2), r(2), c(0)),
              I(D3DSIO_MOV, Rm(0, MX), rs(1, XXXX)), I(D3DSIO_MOV, Rm(0, MY), rs(2, YYYY)),
              I(D3DSIO_MOV, Rm(0, MZ), rs(1, YYYY)), I(D3DSIO_MOV, Rm(0, MW), rs(2, YYYY)));
    PS30_CASE("ps_3_0 abs modifier and lrp", 0.25f, 0.5f, 0.75f, 1, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, -1), DEF(1, 1, 1, 1, 1), DEF(2, 0, 0, 0, 0),
              I(D3DSIO_LRP, R(0), ABS(c(0)), c(1), c(2)));        /* lrp r0, |c0|, c1, c2 */
    PS30_CASE("ps_3_0 sincos", 0.5403023f /* cos -1 */, 1 - 0.8414710f /* sin -1 + 1 */, 0.25f, 0.625f, 3,
              DEF(0, -1, 0, 0, 0), DEF(3, 0, 0, 0.25f, 0.625f), DEF(4, 0, 1, 0, 0),
              I(D3DSIO_MOV, R(0), c(3)),
              I(D3DSIO_SINCOS, Rm(0, XY), cs(0, XXXX)),           /* sincos r0.xy, c0.x */
              I(D3DSIO_ADD, Rm(0, MY), r(0), c(4)));
    /* loop aL, i0 = (3, 1, 2): c1 + c3 + c5 through c[aL]. */
    psc(c, 1, 0.125f, 0, 0, 0.125f);
    psc(c, 2, 1, 1, 1, 1);
    psc(c, 3, 0, 0.25f, 0, 0.125f);
    psc(c, 4, 1, 1, 1, 1);
    psc(c, 5, 0, 0, 0.5f, 0.25f);
    psc(c, 6, 1, 1, 1, 1);
    PS30_CASE("ps_3_0 loop aL with c[aL]", 0.125f, 0.25f, 0.5f, 0.5f, 2,
              DEFI(0, 3, 1, 2, 0), DEF(0, 0, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),                          /* loop aL, i0 */
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL),           /* add r0, r0, c[aL] */
              I0(D3DSIO_ENDLOOP));
    /* def c3 also overrides relatively addressed reads. */
    PS30_CASE("ps_3_0 c[aL] reads a def", 0.125f, 0.75f, 0.5f, 0.375f, 2,
              DEFI(0, 3, 1, 2, 0), DEF(0, 0, 0, 0, 0), DEF(3, 0, 0.75f, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL),
              I0(D3DSIO_ENDLOOP));
    /* rep i1 from SetPixelShaderConstantI (3 turns); rep i2 with defi i2 = 2
     * against the application's 5. */
    memset(ints, 0, sizeof(ints));
    ints[0] = 3;
    ints[4] = 5;
    IDirect3DDevice9_SetPixelShaderConstantI(dev, 1, ints, 2);
    PS30_CASE("ps_3_0 rep i1 from SetPixelShaderConstantI", 0.375f, 0.375f, 0.375f, 0.375f, 2,
              DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(1)),
              I(D3DSIO_ADD, R(0), r(0), c(1)), I0(D3DSIO_ENDREP));
    PS30_CASE("ps_3_0 defi overrides SetPixelShaderConstantI", 0.25f, 0.25f, 0.25f, 0.25f, 2,
              DEFI(2, 2, 0, 0, 0), DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(2)),
              I(D3DSIO_ADD, R(0), r(0), c(1)), I0(D3DSIO_ENDREP));
    /* Nested: rep 3 { rep 2 { +1/16 } } = 6/16. */
    PS30_CASE("ps_3_0 nested rep", 0.375f, 0.375f, 0.375f, 0.375f, 2,
              DEFI(0, 3, 0, 0, 0), DEFI(3, 2, 0, 0, 0), DEF(0, 0, 0, 0, 0),
              DEF(1, 0.0625f, 0.0625f, 0.0625f, 0.0625f),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)), I(D3DSIO_REP, i_(3)),
              I(D3DSIO_ADD, R(0), r(0), c(1)), I0(D3DSIO_ENDREP), I0(D3DSIO_ENDREP));
    /* break inside ifc inside rep. */
    PS30_CASE("ps_3_0 ifc/break in rep", 0.375f, 0.375f, 0.375f, 0.375f, 2,
              DEFI(0, 8, 0, 0, 0), DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              DEF(2, 0.375f, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), c(1)),
              I(CMP(D3DSIO_IFC, D3DSPC_GE), rs(0, XXXX), cs(2, XXXX)), /* ifc_ge r0.x, c2.x */
              I0(D3DSIO_BREAK), I0(D3DSIO_ENDIF), I0(D3DSIO_ENDREP));
    /* A dynamic branch on the ramp: ifc_lt v1.x, 0.5. */
    {
        const DWORD p[] = {PS(3, 0), DCL(U_TC(1), V(1)), DEF(0, 0.5f, 0, 0, 0),
                           I(CMP(D3DSIO_IFC, D3DSPC_LT), vs_(1, XXXX), cs(0, XXXX)),
                           I(D3DSIO_MOV, OC(0), c(1)),
                           I0(D3DSIO_ELSE), I(D3DSIO_MOV, OC(0), c(2)), I0(D3DSIO_ENDIF), END};
        psc(c, 1, 1, 0, 0, 1);
        psc(c, 2, 0, 0, 1, 1);
        cell = draw(c, "ps_3_0 ifc_lt on an input", vs30_pass, p);
        expect_at(c, cell, 3, 8, RED, 1, "ps_3_0 ifc_lt: taken");
        expect_at(c, cell, 12, 8, BLUE, 1, "ps_3_0 ifc_lt: else");
    }
    /* bool constants: if b0 (app true) / if b1 (defb false over app true). */
    b[0] = TRUE;
    b[1] = TRUE;
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, b, 2);
    PS30_CASE("ps_3_0 if b0", 0.25f, 0.5f, 0.75f, 1, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(0)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)), I0(D3DSIO_ENDIF));
    PS30_CASE("ps_3_0 defb false overrides SetPixelShaderConstantB", 0.75f, 0.5f, 0.25f, 0, 2,
              DEFB(1, 0), DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(1)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)), I0(D3DSIO_ENDIF));
    b[0] = b[1] = FALSE;
    IDirect3DDevice9_SetPixelShaderConstantB(dev, 0, b, 2);
    /* Predication on the ramp: setp_ge p0.x, v1.x, 0.5; (p0.x) mov; if !p0.x. */
    {
        const DWORD p[] = {PS(3, 0), DCL(U_TC(1), V(1)), DEF(0, 0.5f, 0, 0, 0),
                           DEF(1, 1, 0, 0, 1), DEF(2, 0, 1, 0, 1), DEF(3, 0, 0, 1, 0),
                           I(CMP(D3DSIO_SETP, D3DSPC_GE), P0(MX), vs_(1, XXXX), cs(0, XXXX)),
                           I(D3DSIO_MOV, R(0), c(1)),                    /* red */
                           I(PRED(D3DSIO_MOV), R(0), p0(XXXX), c(2)),    /* (p0.x) green */
                           I(D3DSIO_IF, NOT(p0(XXXX))),                  /* if !p0.x */
                           I(D3DSIO_ADD, R(0), r(0), c(3)),              /*   + blue */
                           I0(D3DSIO_ENDIF),
                           I(D3DSIO_MOV, OC(0), r(0)), END};
        cell = draw(c, "ps_3_0 setp/predicate/if p0", vs30_pass, p);
        expect_at(c, cell, 3, 8, MAGENTA, 1, "ps_3_0 predicate false half");
        expect_at(c, cell, 12, 8, GREEN, 1, "ps_3_0 predicate true half");
    }
    /* texldl: levels from t0.w; texldd with gradients; texld on level 0. */
    {
        const DWORD p_l[] = {PS(3, 0), DCL(U_TC(0), V(0)), DCL(U_2D, S(0)),
                             I(D3DSIO_TEXLDL, R(0), v(0), s_(0)),   /* texldl r0, v0, s0 */
                             I(D3DSIO_MOV, OC(0), r(0)), END};
        const DWORD p_d[] = {PS(3, 0), DCL(U_TC(0), V(0)), DCL(U_2D, S(0)),
                             I(D3DSIO_TEXLDD, R(0), v(0), s_(0), c(0), c(1)),
                             I(D3DSIO_MOV, OC(0), r(0)), END};
        tex(c, 0, c->mip);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
        set_t0_const(c, 0.25f, 0.75f, 0, 0);
        expect(c, draw(c, "ps_3_0 texldl 0", vs30_pass, p_l), BLUE, 1, "ps_3_0 texldl lod 0");
        set_t0_const(c, 0.25f, 0.75f, 0, 1);
        expect(c, draw(c, "ps_3_0 texldl 1", vs30_pass, p_l), YELLOW, 1, "ps_3_0 texldl lod 1");
        set_t0_const(c, 0.25f, 0.75f, 0, 2);
        expect(c, draw(c, "ps_3_0 texldl 2", vs30_pass, p_l), CYAN, 1, "ps_3_0 texldl lod 2");
        set_t0_const(c, 0.25f, 0.75f, 0, 3);
        expect(c, draw(c, "ps_3_0 texldl 3", vs30_pass, p_l), MAGENTA, 1, "ps_3_0 texldl lod 3");
        psc(c, 0, 0.5f, 0, 0, 0);
        psc(c, 1, 0, 0.5f, 0, 0);
        set_t0_const(c, 0.3f, 0.3f, 0, 1);
        expect(c, draw(c, "ps_3_0 texldd", vs30_pass, p_d), CYAN, 1, "ps_3_0 texldd lod 2");
        untex(c);
    }
    /* vPos: integer pixel coordinates; r = x/128, g = y/128. */
    {
        const DWORD p[] = {PS(3, 0), DCL(0x80000000u, DST(RT_MISC, 0, XY)),
                           DEF(0, 1 / 128.f, 1 / 128.f, 0, 0),
                           I(D3DSIO_MUL, R(0), vPos, c(0)),               /* mul r0, vPos, c0 */
                           I(D3DSIO_MOV, Rm(0, MZ | MW), cs(0, ZZZZ)),
                           I(D3DSIO_MOV, OC(0), r(0)), END};
        static const int at[][2] = {{0, 0}, {15, 0}, {0, 15}, {7, 9}};
        cell = draw(c, "ps_3_0 vPos", vs30_pass, p);
        for (size_t i = 0; i < ARRAY_LEN(at); i++) {
            int x = (cell % COLS) * CELL + at[i][0], y = (cell / COLS) * CELL + at[i][1];
            expect_at(c, cell, at[i][0], at[i][1], rgbf(x / 128.f, y / 128.f, 0), 1,
                      "ps_3_0 vPos at (%d,%d)", x, y);
        }
    }
    /* vFace: cmp r0, vFace, green, red; D3D9 front faces are clockwise. */
    {
        const DWORD p[] = {PS(3, 0), DCL(0x80000000u, DST(RT_MISC, 1, 0xf)),
                           DEF(0, 0, 1, 0, 1), DEF(1, 1, 0, 0, 1),
                           I(D3DSIO_CMP, R(0), vFace, c(0), c(1)),
                           I(D3DSIO_MOV, OC(0), r(0)), END};
        expect(c, draw(c, "ps_3_0 vFace front", vs30_pass, p), GREEN, 1,
               "ps_3_0 vFace of a clockwise quad");
        c->ccw = true;
        expect(c, draw(c, "ps_3_0 vFace back", vs30_pass, p), RED, 1,
               "ps_3_0 vFace of a counter-clockwise quad");
    }
}

/* ------------------------------------------------------------ vertex shaders */

static void test_vs11(struct ctx *c)
{
    /* A diffuse the shader leaves unwritten reads white, components it
     * leaves too (Wine's visual test_uninitialized_varyings); specular
     * reads 0. */
    {
        IDirect3DDevice9 *dev = c->dev;
        const DWORD none[] = {VS(1, 1), DCL1(U_POS, V(0)), I1(D3DSIO_MOV, OPOS, v(0)), END};
        const DWORD part[] = {VS(1, 1), DCL1(U_POS, V(0)), DEF1(0, 0.5f, 0.5f, 0.5f, 0.5f),
                              I1(D3DSIO_MOV, OPOS, v(0)),
                              I1(D3DSIO_MOV, DST(RT_ATTROUT, 0, MX), c(0)), END};
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
        expect(c, draw(c, "vs_1_1 without oD0", none, NULL), 0xffffffff, 1,
               "vs_1_1 without oD0: the diffuse reads white");
        expect(c, draw(c, "vs_1_1 writing oD0.x", part, NULL), rgbf(0.5f, 1, 1), 2,
               "vs_1_1 writing oD0.x only: (0.5, 1, 1)");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_SPECULAR);
        expect(c, draw(c, "vs_1_1 without oD1", none, NULL), 0xff000000, 1,
               "vs_1_1 without oD1: the specular reads black");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    }
    VS11_CASE("vs_1_1 mad", 0.625f, 0.5f, 0.125f, 0.75f, 2,
              DEF1(0, 0.25f, 0.5f, 0.75f, 1), DEF1(1, 2, 0.5f, 0.25f, 0.5f),
              DEF1(2, 0.125f, 0.25f, -0.0625f, 0.25f),
              I1(D3DSIO_MAD, R(0), c(0), c(1), c(2)));
    /* slt r0 = (1, 0, 0, 0), sge r1 = (0, 1, 1, 1); r0 * 0.25 + r1 * 0.75 */
    VS11_CASE("vs_1_1 slt/sge", 0.25f, 0.75f, 0.75f, 0.75f, 2,
              DEF1(0, 0.25f, 0.5f, 0.75f, 1), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
              DEF1(2, 0.25f, 0.25f, 0.25f, 0.25f), DEF1(3, 0.75f, 0.75f, 0.75f, 0.75f),
              I1(D3DSIO_SLT, R(0), c(0), c(1)), I1(D3DSIO_SGE, R(1), c(0), c(1)),
              I1(D3DSIO_MUL, R(0), r(0), c(2)), I1(D3DSIO_MAD, R(0), r(1), c(3), r(0)));
    VS11_CASE("vs_1_1 dst", 1, 0.25f, 0.25f, 0.75f, 2,
              DEF1(0, 9, 0.5f, 0.25f, 9), DEF1(1, 9, 0.5f, 9, 0.75f),
              I1(D3DSIO_DST, R(0), c(0), c(1)));                  /* dst r0, c0, c1 */
    VS11_CASE("vs_1_1 lit", 1, 0.5f, 0.25f, 1, 2,
              DEF1(0, 0.5f, 0.5f, 0, 2), I1(D3DSIO_LIT, R(0), c(0)));
    VS11_CASE("vs_1_1 lit x < 0", 1, 0, 0, 1, 2,
              DEF1(0, -0.5f, 0.5f, 0, 2), I1(D3DSIO_LIT, R(0), c(0)));
    VS11_CASE("vs_1_1 lit y < 0", 1, 0.5f, 0, 1, 2,
              DEF1(0, 0.5f, -0.25f, 0, 2), I1(D3DSIO_LIT, R(0), c(0)));
    /* expp c0.w = 1.5: (2, 0.5, 2.83, 1) scaled by (0.25, 1, 0.25, 0.5) */
    VS11_CASE("vs_1_1 expp", 0.5f, 0.5f, 0.70710678f, 0.5f, 3,
              DEF1(0, 0, 0, 0, 1.5f), DEF1(1, 0.25f, 1, 0.25f, 0.5f),
              I1(D3DSIO_EXPP, R(0), cs(0, WWWW)), I1(D3DSIO_MUL, R(0), r(0), c(1)));
    /* logp c0.w = 12: (3, 1.5, 3.585, 1) scaled by (0.25, 0.5, 0.25, 0.75) */
    VS11_CASE("vs_1_1 logp", 0.75f, 0.75f, 0.25f * 3.5849625f, 0.75f, 3,
              DEF1(0, 0, 0, 0, 12), DEF1(1, 0.25f, 0.5f, 0.25f, 0.75f),
              I1(D3DSIO_LOGP, R(0), cs(0, WWWW)), I1(D3DSIO_MUL, R(0), r(0), c(1)));
    VS11_CASE("vs_1_1 exp/log", 0.25f, 0.5f, 0.25f, 0.5f, 3,
              DEF1(0, 0, 0, 1.4142135f, -2),
              I1(D3DSIO_EXP, Rm(0, MX | MZ), cs(0, WWWW)),        /* exp r0.xz, c0.w */
              I1(D3DSIO_LOG, Rm(0, MY | MW), cs(0, ZZZZ)));       /* log r0.yw, c0.z */
    VS11_CASE("vs_1_1 frc", 0.25f, 0.75f, 0.5f, 0.125f, 2,
              DEF1(0, 1.25f, -0.25f, 0, 0), DEF1(1, 0, 0, 0.5f, 0.125f),
              I1(D3DSIO_MOV, R(0), c(1)), I1(D3DSIO_FRC, Rm(0, XY), c(0)));
    VS11_CASE("vs_1_1 rcp/rsq/min/max", 0.25f, 0.5f, 0.25f, 0.75f, 2,
              DEF1(0, 4, 4, 0.25f, 0.75f), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
              I1(D3DSIO_RCP, Rm(0, MX), cs(0, XXXX)), I1(D3DSIO_RSQ, Rm(0, MY), cs(0, YYYY)),
              I1(D3DSIO_MIN, Rm(0, MZ), c(0), c(1)), I1(D3DSIO_MAX, Rm(0, MW), c(0), c(1)));
    VS11_CASE("vs_1_1 m4x4", 0.25f, 0.5f, 0.75f, 0.75f, 2,
              DEF1(0, 0.5f, 0.25f, 1, 0.5f), DEF1(1, 0.5f, 0, 0, 0), DEF1(2, 0, 1, 0, 0.5f),
              DEF1(3, 0, 0, 0.5f, 0.5f), DEF1(4, 1, 1, 0, 0),
              I1(D3DSIO_M4x4, R(0), c(0), c(1)));
    VS11_CASE("vs_1_1 m4x3", 0.25f, 0.5f, 0.75f, 0.125f, 2,
              DEF1(0, 0.5f, 0.25f, 1, 0.5f), DEF1(1, 0.5f, 0, 0, 0), DEF1(2, 0, 1, 0, 0.5f),
              DEF1(3, 0, 0, 0.5f, 0.5f), DEF1(5, 0, 0, 0.875f, 0.125f),
              I1(D3DSIO_MOV, R(0), c(5)), I1(D3DSIO_M4x3, Rm(0, XYZ), c(0), c(1)));
    VS11_CASE("vs_1_1 m3x4", 0.25f, 0.25f, 0.5f, 0.75f, 2,
              DEF1(0, 0.5f, 0.25f, 1, 0.5f), DEF1(1, 0.5f, 0, 0, 0), DEF1(2, 0, 1, 0, 0.5f),
              DEF1(3, 0, 0, 0.5f, 0.5f), DEF1(4, 1, 1, 0, 0),
              I1(D3DSIO_M3x4, R(0), c(0), c(1)));
    VS11_CASE("vs_1_1 m3x3", 0.25f, 0.25f, 0.5f, 0.125f, 2,
              DEF1(0, 0.5f, 0.25f, 1, 0.5f), DEF1(1, 0.5f, 0, 0, 0), DEF1(2, 0, 1, 0, 0.5f),
              DEF1(3, 0, 0, 0.5f, 0.5f), DEF1(5, 0, 0, 0.875f, 0.125f),
              I1(D3DSIO_MOV, R(0), c(5)), I1(D3DSIO_M3x3, Rm(0, XYZ), c(0), c(1)));
    VS11_CASE("vs_1_1 m3x2", 0.25f, 0.25f, 0.875f, 0.125f, 2,
              DEF1(0, 0.5f, 0.25f, 1, 0.5f), DEF1(1, 0.5f, 0, 0, 0), DEF1(2, 0, 1, 0, 0.5f),
              DEF1(5, 0, 0, 0.875f, 0.125f),
              I1(D3DSIO_MOV, R(0), c(5)), I1(D3DSIO_M3x2, Rm(0, XY), c(0), c(1)));
    /* mov a0.x floors 2.75 to 2: c[a0.x + 3] = c5. */
    vsc(c, 0, 2.75f, 0, 0, 0);
    vsc(c, 4, 1, 0, 0, 0);
    vsc(c, 5, 0.25f, 0.5f, 0.75f, 1);
    vsc(c, 6, 0, 1, 0, 0);
    VS11_CASE("vs_1_1 c[a0.x]", 0.25f, 0.5f, 0.75f, 1, 2,
              I1(D3DSIO_MOV, A0(MX), cs(0, XXXX)),                /* mov a0.x, c0.x */
              I1(D3DSIO_MOV, R(0), REL(c(3))));                   /* mov r0, c[a0.x + 3] */
    /* The position through m4x4 oPos, v0, c8 (w from the fourth row). */
    vsc(c, 8, 1, 0, 0, 0);
    vsc(c, 9, 0, 1, 0, 0);
    vsc(c, 10, 0, 0, 1, 0);
    vsc(c, 11, 0, 0, 0.5f, 0.75f);
    {
        const DWORD v_[] = {VS(1, 1), DCL1(U_POS, V(0)), DCL1(U_TC(1), V(2)),
                            I1(D3DSIO_M4x4, OPOS, v(0), c(8)),    /* m4x4 oPos, v0, c8 */
                            I1(D3DSIO_MOV, OT(1), v(2)), I1(D3DSIO_MOV, OT(0), c(5)), END};
        expect4(c, draw(c, "vs_1_1 m4x4 oPos", v_, ps20_show), 0.25f, 0.5f, 0.75f, 1, 2,
                "vs_1_1 m4x4 oPos");
    }
    /* oD0 is saturated, oT0 is not: (1.5, -0.5, 0.5) * 0.5 in the ps. */
    {
        const DWORD v_[] = {VS(1, 1), DCL1(U_POS, V(0)), DEF1(0, 1.5f, -0.5f, 0.5f, 1),
                            I1(D3DSIO_MOV, OPOS, v(0)), I1(D3DSIO_MOV, OD(0), c(0)),
                            I1(D3DSIO_MOV, OT(0), c(0)), END};
        const DWORD p_d[] = {PS(2, 0), DCL(0x80000000u, V(0)), DEF(0, 0.5f, 0.5f, 0.5f, 0.5f),
                             I(D3DSIO_MUL, R(0), v(0), c(0)), I(D3DSIO_MOV, OC(0), r(0)), END};
        const DWORD p_t[] = {PS(2, 0), DCL(0x80000000u, T(0)), DEF(0, 0.5f, 0.5f, 0.5f, 0.5f),
                             DEF(1, 0.5f, 0.5f, 0.5f, 0.5f),
                             I(D3DSIO_MAD, R(0), t(0), c(0), c(1)), I(D3DSIO_MOV, OC(0), r(0)), END};
        expect(c, draw(c, "vs_1_1 oD0 saturates", v_, p_d), rgbf(0.5f, 0, 0.25f), 2,
               "vs_1_1 oD0 is saturated");
        expect(c, draw(c, "vs_1_1 oT0 does not", v_, p_t), rgbf(1.25f, 0.25f, 0.75f), 2,
               "vs_1_1 oT0 is not saturated");
    }
}

static void test_vs20(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    int ints[4] = {3, 4, 1, 0};
    BOOL b[2];

    VS20_CASE("vs_2_0 abs/sgn", 0.25f, 0, 1, 0.5f, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f),
              I(D3DSIO_ABS, Rm(0, MX), c(0)),                     /* abs r0.x, c0 */
              I(D3DSIO_SGN, R(1), c(0), r(2), r(3)),              /* sgn r1, c0, r2, r3 */
              I(D3DSIO_MAD, Rm(0, MY | MZ | MW), r(1), NEG(cs(1, XXXX)), c(1)));
    VS20_CASE("vs_2_0 nrm", 0.6f, 0, 0.8f, 0.5f, 2,
              DEF(0, 3, 0, 4, 2.5f), I(D3DSIO_NRM, R(0), c(0)));
    VS20_CASE("vs_2_0 sincos", 0.8775826f /* cos 0.5 */, 0.4794255f /* sin 0.5 */, 0.25f, 0.625f, 3,
              DEF(0, 0.5f, 0, 0, 0),
              DEF(1, -1.5500992e-006f, -2.1701389e-005f, 0.0026041667f, 0.00026041668f),
              DEF(2, -0.020833334f, -0.12500000f, 1.0f, 0.50000000f),
              DEF(3, 0, 0, 0.25f, 0.625f), I(D3DSIO_MOV, R(0), c(3)),
              I(D3DSIO_SINCOS, Rm(0, XY), cs(0, XXXX), c(1), c(2)));
    VS20_CASE("vs_2_0 pow/lrp/crs", 0.5f, 0.625f, 1, 0.25f, 2,
              DEF(0, 0.25f, 0.5f, 0, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 1, 0, 0, 0),
              DEF(3, 0, 1, 0, 0), DEF(4, 0.75f, 0.75f, 0.75f, 0.75f),
              I(D3DSIO_POW, Rm(0, MX), cs(0, XXXX), cs(0, YYYY)),  /* pow r0.x, 0.25, 0.5 */
              I(D3DSIO_LRP, Rm(0, MY), c(1), c(4), cs(0, YYYY)),  /* lrp r0.y, 0.5, 0.75, 0.5 */
              I(D3DSIO_CRS, Rm(1, XYZ), c(2), c(3)),              /* crs r1.xyz, x, y */
              I(D3DSIO_MOV, Rm(0, MZ), rs(1, ZZZZ)),
              I(D3DSIO_MOV, Rm(0, MW), cs(0, XXXX)));
    /* mova rounds: 2.6 -> 3 (c6), 2.4 -> 2 (c5); a0.y too. */
    vsc(c, 4, 1, 0, 0, 0);
    vsc(c, 5, 0.25f, 0.5f, 0.75f, 1);
    vsc(c, 6, 0.75f, 0.5f, 0.25f, 0.125f);
    vsc(c, 0, 2.6f, 1.4f, 0, 0);
    VS20_CASE("vs_2_0 mova rounds up", 0.75f, 0.5f, 0.25f, 0.125f, 2,
              I(D3DSIO_MOVA, A0(MX), cs(0, XXXX)),                /* mova a0.x, c0.x */
              I(D3DSIO_MOV, R(0), REL(c(3)), a0x));               /* mov r0, c[a0.x + 3] */
    vsc(c, 0, 2.4f, 1.4f, 0, 0);
    VS20_CASE("vs_2_0 mova rounds down", 0.25f, 0.5f, 0.75f, 1, 2,
              I(D3DSIO_MOVA, A0(MX), cs(0, XXXX)),
              I(D3DSIO_MOV, R(0), REL(c(3)), a0x));
    VS20_CASE("vs_2_0 c[a0.y]", 0.25f, 0.5f, 0.75f, 1, 2,
              I(D3DSIO_MOVA, A0(MX | MY), c(0)),                  /* mova a0.xy, c0 */
              I(D3DSIO_MOV, R(0), REL(c(4)), a0y));               /* mov r0, c[a0.y + 4] */
    /* def c6 is what a relative read of c6 sees. */
    VS20_CASE("vs_2_0 c[a0.x] reads a def", 0, 0.25f, 0, 0.5f, 2,
              DEF(6, 0, 0.25f, 0, 0.5f),
              I(D3DSIO_MOVA, A0(MX), cs(0, YYYY)),                /* a0.x = 1 */
              I(D3DSIO_MOV, R(0), REL(c(5)), a0x));               /* c[1 + 5] */
    /* loop aL, i0 = (3, 4, 1): c4 + c5 + c6 through c[aL]. */
    IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, ints, 1);
    vsc(c, 4, 0.125f, 0, 0, 0);
    vsc(c, 5, 0, 0.25f, 0, 0.125f);
    vsc(c, 6, 0, 0, 0.5f, 0.25f);
    vsc(c, 7, 1, 1, 1, 1);
    vsc(c, 3, 1, 1, 1, 1);
    VS20_CASE("vs_2_0 loop aL with c[aL]", 0.125f, 0.25f, 0.5f, 0.375f, 2,
              DEF(0, 0, 0, 0, 0), I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),                          /* loop aL, i0 */
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL),           /* add r0, r0, c[aL] */
              I0(D3DSIO_ENDLOOP));
    VS20_CASE("vs_2_0 defi overrides SetVertexShaderConstantI", 0.125f, 0.25f, 0, 0.125f, 2,
              DEFI(0, 2, 4, 1, 0), DEF(0, 0, 0, 0, 0), I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL),
              I0(D3DSIO_ENDLOOP));
    VS20_CASE("vs_2_0 rep", 0.375f, 0.375f, 0.375f, 0.375f, 2,
              DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)),    /* rep i0 (3 from the app) */
              I(D3DSIO_ADD, R(0), r(0), c(1)), I0(D3DSIO_ENDREP));
    b[0] = TRUE;
    b[1] = FALSE;
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, b, 2);
    VS20_CASE("vs_2_0 if b0 / else", 0.25f, 0.5f, 0.75f, 1, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(0)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)), I0(D3DSIO_ENDIF));
    VS20_CASE("vs_2_0 if b1 (false)", 0.75f, 0.5f, 0.25f, 0, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(1)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)), I0(D3DSIO_ENDIF));
    VS20_CASE("vs_2_0 defb overrides SetVertexShaderConstantB", 0.25f, 0.5f, 0.75f, 1, 2,
              DEFB(1, 1), DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(D3DSIO_IF, b_(1)), I(D3DSIO_MOV, R(0), c(0)),
              I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)), I0(D3DSIO_ENDIF));
    {
        const DWORD v_[] = {VS(2, 0), DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),
                            DEF(0, 0, 0, 0, 0), DEF(1, 0.25f, 0, 0, 0.25f),
                            DEF(2, 0, 0.5f, 0, 0.25f),
                            I(D3DSIO_MOV, OPOS, v(0)), I(D3DSIO_MOV, OT(1), v(2)),
                            I(D3DSIO_MOV, R(0), c(0)),
                            I(D3DSIO_CALL, l_(1)),                /* call l1 */
                            I(D3DSIO_CALLNZ, l_(2), b_(0)),       /* callnz l2, b0 (true) */
                            I(D3DSIO_CALLNZ, l_(1), b_(1)),       /* callnz l1, b1 (false) */
                            I(D3DSIO_MOV, OT(0), r(0)), I0(D3DSIO_RET),
                            I(D3DSIO_LABEL, l_(1)), I(D3DSIO_ADD, R(0), r(0), c(1)),
                            I0(D3DSIO_RET),
                            I(D3DSIO_LABEL, l_(2)), I(D3DSIO_ADD, R(0), r(0), c(2)),
                            I0(D3DSIO_RET), END};
        expect4(c, draw(c, "vs_2_0 call/callnz", v_, ps20_show), 0.25f, 0.5f, 0, 0.5f, 2,
                "vs_2_0 call/callnz");
    }
    b[0] = FALSE;
    IDirect3DDevice9_SetVertexShaderConstantB(dev, 0, b, 1);
}

static void test_vs2x(struct ctx *c)
{
    VS2X_CASE("vs_2_x predicated mov", 0.75f, 0.25f, 0.75f, 0.25f, 2,
              DEF(0, 1, 0, 1, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              DEF(3, 0.75f, 0.75f, 0.75f, 0.75f),
              I(CMP(D3DSIO_SETP, D3DSPC_GT), P0(0xf), c(0), c(1)),
              I(D3DSIO_MOV, R(0), c(2)), I(PRED(D3DSIO_MOV), R(0), p0(XYZW), c(3)));
    VS2X_CASE("vs_2_x rep/breakc", 0.5f, 0.25f, 0.75f, 0.5f, 2,
              DEFI(0, 10, 0, 0, 0), DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.0625f, 0.1875f, 0.125f),
              DEF(2, 0.5f, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), c(1)),
              I(CMP(D3DSIO_BREAKC, D3DSPC_GE), rs(0, XXXX), cs(2, XXXX)),
              I0(D3DSIO_ENDREP));
    VS2X_CASE("vs_2_x ifc_eq / else", 0.75f, 0.5f, 0.25f, 0, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 0.75f, 0.5f, 0.25f, 0),
              I(CMP(D3DSIO_IFC, D3DSPC_EQ), cs(0, XXXX), cs(0, YYYY)), /* ifc_eq c0.x, c0.y */
              I(D3DSIO_MOV, R(0), c(0)), I0(D3DSIO_ELSE), I(D3DSIO_MOV, R(0), c(1)),
              I0(D3DSIO_ENDIF));
}

static void test_vs30(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;

    VS30_CASE("vs_3_0 mad/dp4", 0.625f, 0.5f, 0.125f, 0.5f, 2,
              DEF(0, 0.25f, 0.5f, 0.75f, 1), DEF(1, 2, 0.5f, 0.25f, 0.5f),
              DEF(2, 0.125f, 0.25f, -0.0625f, 0.25f), DEF(3, 0, 0, 0, 0.5f),
              I(D3DSIO_MAD, R(0), c(0), c(1), c(2)), I(D3DSIO_DP4, Rm(0, MW), c(3), c(0)));
    /* loop aL, i0 = (2, 5, 2): c5 + c7. */
    vsc(c, 5, 0.125f, 0.25f, 0, 0);
    vsc(c, 6, 1, 1, 1, 1);
    vsc(c, 7, 0, 0.25f, 0.5f, 0.75f);
    VS30_CASE("vs_3_0 loop aL with c[aL]", 0.125f, 0.5f, 0.5f, 0.75f, 2,
              DEFI(0, 2, 5, 2, 0), DEF(0, 0, 0, 0, 0), I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL), I0(D3DSIO_ENDLOOP));
    vsc(c, 0, 1.6f, 0, 0, 0);
    VS30_CASE("vs_3_0 c[a0.x]", 0.125f, 0.25f, 0, 0, 2,
              I(D3DSIO_MOVA, A0(MX), cs(0, XXXX)),                /* a0.x = 2 */
              I(D3DSIO_MOV, R(0), REL(c(3)), a0x));               /* c[2 + 3] */
    VS30_CASE("vs_3_0 setp/predicated add", 0.25f, 0.5f, 0.25f, 0.5f, 2,
              DEF(0, 1, 0, 1, 0), DEF(1, 0.5f, 0.5f, 0.5f, 0.5f), DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              I(CMP(D3DSIO_SETP, D3DSPC_NE), P0(0xf), c(0), c(1)), /* all true */
              I(CMP(D3DSIO_SETP, D3DSPC_LT), P0(MY | MW), c(1), c(0)), /* y, w: false */
              I(D3DSIO_MOV, R(0), c(2)),
              I(PRED(D3DSIO_ADD), R(0), NOT(p0(XYZW)), r(0), c(2)));
    VS30_CASE("vs_3_0 breakp", 0.375f, 0.375f, 0.375f, 0.375f, 2,
              DEFI(0, 8, 0, 0, 0), DEF(0, 0, 0, 0, 0), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              DEF(2, 0.375f, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), c(1)),
              I(CMP(D3DSIO_SETP, D3DSPC_GE), P0(MX), r(0), c(2)),
              I(D3DSIO_BREAKP, p0(XXXX)), I0(D3DSIO_ENDREP));  /* breakp p0.x */
    /* Vertex texture fetch: texldl from D3DVERTEXTEXTURESAMPLER0. */
    {
        HRESULT hr = IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0,
                                                 (IDirect3DBaseTexture9 *)c->mip);
        ok(hr == D3D_OK, "%s: SetTexture(D3DVERTEXTEXTURESAMPLER0) %#lx", c->tname,
           (unsigned long)hr);
        IDirect3DDevice9_SetSamplerState(dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MIPFILTER,
                                         D3DTEXF_POINT);
        VS30_CASE("vs_3_0 texldl", 0, 1, 1, 1, 1,
                  DEF(0, 0.25f, 0.25f, 0, 2), DCL(U_2D, S(0)),
                  I(D3DSIO_TEXLDL, R(0), c(0), s_(0)));           /* texldl r0, c0, s0 */
        VS30_CASE("vs_3_0 texldl level 0", 1, 0, 0, 1, 1,
                  DEF(0, 0.25f, 0.25f, 0, 0), DCL(U_2D, S(0)),
                  I(D3DSIO_TEXLDL, R(0), c(0), s_(0)));
        IDirect3DDevice9_SetTexture(dev, D3DVERTEXTEXTURESAMPLER0, NULL);
        IDirect3DDevice9_SetSamplerState(dev, D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MIPFILTER,
                                         D3DTEXF_NONE);
    }
}

/* vs_3_0 -> ps_3_0 by semantic, in permuted registers, with two semantics
 * packed in one register (TEXCOORD5 .xy, TEXCOORD6 .zw). */
/* Pre-transformed vertices feed a ps_3_0 by semantic: COLOR 0-1 and
 * TEXCOORD 0-7 reach the inputs of their (usage, index), every set
 * whatever the stages' COLOROP, and an input nothing writes reads 0
 * without a validation error (Wine's visual pretransformed_varying_test;
 * Windows passes NORMAL, BLENDWEIGHT and the rest through as well, which
 * nereid does not yet: docs/STATUS.md). */
static void test_pretransformed_ps30(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    struct pv {
        float pos[4], tc0[4], nrm[4], bw[4], tc3[4];
        DWORD col0, col1;
    } q[4];
    static const D3DVERTEXELEMENT9 el[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        {0, 32, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0},
        {0, 48, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_BLENDWEIGHT, 0},
        {0, 64, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 3},
        {0, 80, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        {0, 84, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 1},
        D3DDECL_END()};
    static const struct {
        DWORD usage;
        DWORD want;
        const char *what;
    } cases[] = {
        {U_TC(0), 0xff204060, "TEXCOORD0"},
        {U_TC(3), 0xff80a0c0, "TEXCOORD3"},
        {U_TC(5), 0xff000000, "TEXCOORD5, which the vertex lacks"},
        {U(D3DDECLUSAGE_TANGENT, 0), 0xff000000, "TANGENT0, which nothing writes"},
        {U_COL(0), 0xffa0c0e0, "COLOR0"},
        {U_COL(1), 0xff102030, "COLOR1"},
    };
    IDirect3DVertexDeclaration9 *decl;

    if (!ok(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl) == D3D_OK,
            "%s: a pre-transformed declaration", c->tname))
        return;
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        const DWORD code[] = {PS(3, 0), DCL(cases[i].usage, V(0)),
                              I(D3DSIO_MOV, OC(0), vs_(0, XYZW)), END};
        IDirect3DPixelShader9 *psh = NULL;
        int cell;
        float x0, y0;

        if (c->cell == CELLS)
            flush(c);
        cell = c->cell++;
        x0 = (float)((cell % COLS) * CELL);
        y0 = (float)((cell / COLS) * CELL);
        for (int v = 0; v < 4; v++) {
            struct pv *p = &q[v];
            p->pos[0] = x0 + (v & 1 ? CELL : 0);
            p->pos[1] = y0 + (v >> 1 ? CELL : 0);
            p->pos[2] = 0.5f;
            p->pos[3] = 1.0f;
            for (int k = 0; k < 4; k++) {
                p->tc0[k] = (float)(0x20 + 0x20 * k) / 255.0f;
                p->nrm[k] = (float)(0x40 + 0x20 * k) / 255.0f;
                p->bw[k] = (float)(0x60 + 0x20 * k) / 255.0f;
                p->tc3[k] = (float)(0x80 + 0x20 * k) / 255.0f;
            }
            p->tc0[3] = p->nrm[3] = p->bw[3] = p->tc3[3] = 1.0f;
            p->col0 = 0xffa0c0e0;
            p->col1 = 0xff102030;
        }
        if (!ok(IDirect3DDevice9_CreatePixelShader(dev, code, &psh) == D3D_OK,
                "%s: ps_3_0 reading %s", c->tname, cases[i].what))
            continue;
        keep(c, psh);
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetPixelShader(dev, psh);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) ==
               D3D_OK, "%s: pre-transformed draw into ps_3_0", c->tname);
        expect(c, cell, cases[i].want, 2, cases[i].what);
    }
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DVertexDeclaration9_Release(decl);
}

static void test_linkage(struct ctx *c)
{
    const DWORD vsh[] = {
        VS(3, 0), DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),
        DCL(U_TC(1), O(0, 0xf)), DCL(U_COL(1), O(1, 0xf)), DCL(U_TC(5), O(2, XY)),
        DCL(U_TC(6), O(2, MZ | MW)), DCL(U_NRM(0), O(3, 0xf)), DCL(U_TC(3), O(5, 0xf)),
        DCL(U_POS, O(7, 0xf)),
        DEF(0, 0.125f, 0.25f, 0.375f, 0.5f),       /* TEXCOORD3 */
        DEF(1, 0.5f, 0.625f, 0.75f, 0.875f),       /* COLOR1 */
        DEF(2, 0.0625f, 0.1875f, 0.3125f, 0.4375f), /* NORMAL0 */
        DEF(3, 0.5625f, 0.6875f, 0, 0),            /* TEXCOORD5 */
        DEF(4, 0, 0, 0.8125f, 0.9375f),            /* TEXCOORD6 */
        I(D3DSIO_MOV, O(7, 0xf), v(0)), I(D3DSIO_MOV, O(0, 0xf), v(2)),
        I(D3DSIO_MOV, O(5, 0xf), c(0)), I(D3DSIO_MOV, O(1, 0xf), c(1)),
        I(D3DSIO_MOV, O(3, 0xf), c(2)), I(D3DSIO_MOV, O(2, XY), c(3)),
        I(D3DSIO_MOV, O(2, MZ | MW), c(4)), END};
#define PS_LINK_HEAD                                                           \
    PS(3, 0), HEAD30, DCL(U_NRM(0), V(0)), DCL(U_TC(3), V(2)), DCL(U_COL(1), V(5)), \
        DCL(U_TC(6), Vm(3, MZ | MW)), DCL(U_TC(5), Vm(3, XY))
    const DWORD pa[] = {PS_LINK_HEAD,
                        I(D3DSIO_MOV, Rm(0, MX), vs_(2, YYYY)),   /* TEXCOORD3.y */
                        I(D3DSIO_MOV, Rm(0, MY), vs_(5, ZZZZ)),   /* COLOR1.z */
                        I(D3DSIO_MOV, Rm(0, MZ), vs_(0, WWWW)),   /* NORMAL.w */
                        I(D3DSIO_MOV, Rm(0, MW), vs_(3, WWWW)),   /* TEXCOORD6.w */
                        SHOW30, END};
    const DWORD pb[] = {PS_LINK_HEAD,
                        I(D3DSIO_MOV, Rm(0, MX), vs_(3, XXXX)),   /* TEXCOORD5.x */
                        I(D3DSIO_MOV, Rm(0, MY), vs_(3, YYYY)),   /* TEXCOORD5.y */
                        I(D3DSIO_MOV, Rm(0, MZ), vs_(3, ZZZZ)),   /* TEXCOORD6.z */
                        I(D3DSIO_MOV, Rm(0, MW), vs_(0, XXXX)),   /* NORMAL.x */
                        SHOW30, END};
    const DWORD pc[] = {PS_LINK_HEAD,
                        I(D3DSIO_MOV, Rm(0, MX), vs_(5, XXXX)),   /* COLOR1.x */
                        I(D3DSIO_MOV, Rm(0, MY), vs_(2, XXXX)),   /* TEXCOORD3.x */
                        I(D3DSIO_MOV, Rm(0, MZ), vs_(2, ZZZZ)),   /* TEXCOORD3.z */
                        I(D3DSIO_MOV, Rm(0, MW), vs_(0, YYYY)),   /* NORMAL.y */
                        SHOW30, END};
#undef PS_LINK_HEAD
    expect4(c, draw(c, "vs_3_0 -> ps_3_0 a", vsh, pa), 0.25f, 0.75f, 0.4375f, 0.9375f, 2,
            "vs_3_0 -> ps_3_0 TEXCOORD3/COLOR1/NORMAL/TEXCOORD6");
    expect4(c, draw(c, "vs_3_0 -> ps_3_0 b", vsh, pb), 0.5625f, 0.6875f, 0.8125f, 0.0625f, 2,
            "vs_3_0 -> ps_3_0 packed TEXCOORD5/6");
    expect4(c, draw(c, "vs_3_0 -> ps_3_0 c", vsh, pc), 0.5f, 0.125f, 0.375f, 0.1875f, 2,
            "vs_3_0 -> ps_3_0 COLOR1/TEXCOORD3/NORMAL");
}

/* ------------------------------------------------------------ ps_1_x */

static void test_ps1x(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    static const struct { int x, y; DWORD want; } quads[] = {
        {2, 2, RED}, {6, 2, GREEN}, {2, 6, BLUE}, {6, 6, WHITE}, {10, 14, BLUE}};
    int cell;

    /* tex t0 on the ramp: level 0's quadrants. */
    {
        const DWORD p[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),               /* tex t0 */
                           I1(D3DSIO_MOV, R(0), t(0)), END};
        const DWORD p14[] = {PS(1, 4), I1(D3DSIO_TEX, R(0), t(0)), END}; /* texld r0, t0 */
        tex(c, 0, c->mip);
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        cell = draw(c, "ps_1_1 tex", vs11_ps1, p);
        for (size_t i = 0; i < ARRAY_LEN(quads); i++)
            expect_at(c, cell, quads[i].x, quads[i].y, quads[i].want, 1, "ps_1_1 tex");
        set_t0_ramp(c, 2, 1 / 16.f, 1);
        cell = draw(c, "ps_1_4 texld", vs11_ps1, p14);
        for (size_t i = 0; i < ARRAY_LEN(quads); i++)
            expect_at(c, cell, quads[i].x, quads[i].y, quads[i].want, 1, "ps_1_4 texld");
        /* D3DTTFF_PROJECTED with 4 coordinates: tex divides by w. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "ps_1_1 tex projected", vs11_ps1, p), GREEN, 1,
               "ps_1_1 tex with D3DTTFF_PROJECTED");
        /* A count past 4 (Wine's visual test sets 7) projects by w too, and
         * the server must not see it (it cut the device off). */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              7 | D3DTTFF_PROJECTED);
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "ps_1_1 tex projected, count 7", vs11_ps1, p), GREEN, 1,
               "ps_1_1 tex with count 7 | D3DTTFF_PROJECTED");
        /* After a vertex shader the divisor is w whatever the count. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "ps_1_1 tex projected, vs, COUNT3", vs11_ps1, p), GREEN, 1,
               "ps_1_1 tex after a vertex shader with COUNT3 | D3DTTFF_PROJECTED: by w");
        /* The fixed-function stage after a vertex shader likewise, with a
         * count of 0. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_PROJECTED);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "fixed-function texture projected, vs", vs11_ps1, NULL), GREEN, 1,
               "fixed-function stage after a vertex shader, D3DTTFF_PROJECTED: by w");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        /* After fixed-function vertex processing a count of 0 is the
         * input's width: TEXCOORD0 is FLOAT4 here, so w... */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_PROJECTED);
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "ps_1_1 tex projected, ffp, count 0", NULL, p), GREEN, 1,
               "ps_1_1 tex after fixed-function vertices, D3DTTFF_PROJECTED, 4 components: "
               "by w");
        /* ...and with a FLOAT3 TEXCOORD0, a count past it is 3: z. */
        {
            D3DVERTEXELEMENT9 e3[ARRAY_LEN(decl_elems)];
            IDirect3DVertexDeclaration9 *d3 = NULL, *d4 = c->decl;
            memcpy(e3, decl_elems, sizeof(e3));
            e3[1].Type = D3DDECLTYPE_FLOAT3;
            if (ok(IDirect3DDevice9_CreateVertexDeclaration(dev, e3, &d3) == D3D_OK,
                   "a declaration with a FLOAT3 TEXCOORD0")) {
                IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                                      D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
                set_t0_const(c, 3, 1, 4, 0);
                c->decl = d3;
                expect(c, draw(c, "ps_1_1 tex projected, ffp, FLOAT3", NULL, p), GREEN, 1,
                       "ps_1_1 tex after fixed-function vertices, COUNT4 | "
                       "D3DTTFF_PROJECTED, 3 components: by z");
                c->decl = d4;
                IDirect3DVertexDeclaration9_Release(d3);
            }
        }
        /* A 2D set reaches ps_1_4 as the vertex has it: texcrd reads
         * (u, v, 0), not the texture matrix's (u, v, 1) padding (Wine's
         * visual cnd_test). */
        {
            D3DVERTEXELEMENT9 e2[ARRAY_LEN(decl_elems)];
            IDirect3DVertexDeclaration9 *d2 = NULL, *d4 = c->decl;
            const DWORD p14[] = {PS(1, 4), DEF1(0, 0, 0, 0, 1),
                                 I1(D3DSIO_TEXCOORD, Rm(0, MX | MY | MZ), t(0)),
                                 I1(D3DSIO_MOV, Rm(0, MW), cs(0, WWWW)), END};
            memcpy(e2, decl_elems, sizeof(e2));
            e2[1].Type = D3DDECLTYPE_FLOAT2;
            if (ok(IDirect3DDevice9_CreateVertexDeclaration(dev, e2, &d2) == D3D_OK,
                   "a declaration with a FLOAT2 TEXCOORD0")) {
                IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                                      D3DTTFF_DISABLE);
                set_t0_const(c, 0.25f, 0.5f, 0.75f, 0.75f);
                c->decl = d2;
                expect(c, draw(c, "ps_1_4 texcrd of a 2D set", NULL, p14),
                       rgbf(0.25f, 0.5f, 0), 2, "ps_1_4 texcrd of a 2D set: (u, v, 0)");
                c->decl = d4;
                IDirect3DVertexDeclaration9_Release(d2);
            }
        }
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_DISABLE);
        untex(c);
    }
    /* texcoord saturates: (1.5, -0.5, 0.5) -> (1, 0, 0.5), times 0.5. */
    set_t0_const(c, 1.5f, -0.5f, 0.5f, 1);
    PS1_CASE(PS(1, 1), "ps_1_1 texcoord", rgbf(0.5f, 0, 0.25f), 2,
             DEF1(0, 0.5f, 0.5f, 0.5f, 0.5f), I1(D3DSIO_TEXCOORD, T(0)),
             I1(D3DSIO_MUL, R(0), t(0), c(0)));
    /* texbem t1, t0: du = 0.504 from the V8U8 map, t1 coords (0.25, 0.25). */
    {
        const DWORD p[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),
                           I1(D3DSIO_TEXBEM, T(1), t(0)),                 /* texbem t1, t0 */
                           I1(D3DSIO_MOV, R(0), t(1)), END};
        const DWORD pl[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),
                            I1(D3DSIO_TEXBEML, T(1), t(0)),               /* texbeml t1, t0 */
                            I1(D3DSIO_MOV, R(0), t(1)), END};
        tex(c, 0, c->bump);
        tex(c, 1, c->mip);
        vsc(c, 1, 0.25f, 0.25f, 0, 1);
        bumpenv(c, 1, 1, 0, 0, 1);
        expect(c, draw(c, "ps_1_1 texbem identity", vs11_ps1, p), GREEN, 1,
               "ps_1_1 texbem, identity matrix: u += du");
        bumpenv(c, 1, 0, 1, 0, 1);
        expect(c, draw(c, "ps_1_1 texbem M01", vs11_ps1, p), BLUE, 1,
               "ps_1_1 texbem, BUMPENVMAT01 = 1: v += du");
        bumpenv(c, 1, 0, 0, 0, 0);
        expect(c, draw(c, "ps_1_1 texbem zero", vs11_ps1, p), RED, 1,
               "ps_1_1 texbem, zero matrix");
        bumpenv(c, 1, 1, 0, 0, 1);
        set_tss_float(c, 1, D3DTSS_BUMPENVLSCALE, 0.5f);
        set_tss_float(c, 1, D3DTSS_BUMPENVLOFFSET, 0.25f);
        expect(c, draw(c, "ps_1_1 texbeml", vs11_ps1, pl), rgbf(0, 0.75f, 0), 2,
               "ps_1_1 texbeml: green * (1 * 0.5 + 0.25)");
        bumpenv(c, 1, 0, 0, 0, 0);
        set_tss_float(c, 1, D3DTSS_BUMPENVLSCALE, 0);
        set_tss_float(c, 1, D3DTSS_BUMPENVLOFFSET, 0);
        untex(c);
    }
    /* texreg2ar / texreg2gb / texreg2rgb on the argb texel
     * (a 0.753, r 0.251, g 0.251, b 0.753). */
    {
        const DWORD par[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)), I1(D3DSIO_TEXREG2AR, T(1), t(0)),
                             I1(D3DSIO_MOV, R(0), t(1)), END};
        const DWORD pgb[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)), I1(D3DSIO_TEXREG2GB, T(1), t(0)),
                             I1(D3DSIO_MOV, R(0), t(1)), END};
        const DWORD prgb[] = {PS(1, 2), I1(D3DSIO_TEX, T(0)),
                              I1(D3DSIO_TEXREG2RGB, T(1), t(0)),
                              I1(D3DSIO_MOV, R(0), t(1)), END};
        tex(c, 0, c->argb);
        tex(c, 1, c->mip);
        expect(c, draw(c, "ps_1_1 texreg2ar", vs11_ps1, par), GREEN, 1,
               "ps_1_1 texreg2ar samples (a, r)");
        expect(c, draw(c, "ps_1_1 texreg2gb", vs11_ps1, pgb), BLUE, 1,
               "ps_1_1 texreg2gb samples (g, b)");
        expect(c, draw(c, "ps_1_2 texreg2rgb", vs11_ps1, prgb), RED, 1,
               "ps_1_2 texreg2rgb samples (r, g) of a 2D texture");
        untex(c);
    }
    /* texm3x2pad/texm3x2tex: u = tc1 . N = 0.251, v = tc2 . N = 0.753. */
    {
        const DWORD p[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),
                           I1(D3DSIO_TEXM3x2PAD, T(1), t(0)),             /* texm3x2pad t1, t0 */
                           I1(D3DSIO_TEXM3x2TEX, T(2), t(0)),             /* texm3x2tex t2, t0 */
                           I1(D3DSIO_MOV, R(0), t(2)), END};
        tex(c, 0, c->argb);
        tex(c, 2, c->mip);
        vsc(c, 1, 1, 0, 0, 0);
        vsc(c, 2, 0, 0, 1, 0);
        expect(c, draw(c, "ps_1_1 texm3x2tex", vs11_ps1, p), BLUE, 1, "ps_1_1 texm3x2tex");
        untex(c);
    }
    /* texm3x3pad x2 + texm3x3tex / texm3x3spec / texm3x3vspec on the cube:
     * faces +X red, -X green, +Y blue, -Y yellow, +Z white, -Z magenta. */
    {
        const DWORD ptex[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),
                              I1(D3DSIO_TEXM3x3PAD, T(1), t(0)), I1(D3DSIO_TEXM3x3PAD, T(2), t(0)),
                              I1(D3DSIO_TEXM3x3TEX, T(3), t(0)),          /* texm3x3tex t3, t0 */
                              I1(D3DSIO_MOV, R(0), t(3)), END};
        const DWORD pspec[] = {PS(1, 1), DEF1(0, 1, 0, 0, 0), I1(D3DSIO_TEX, T(0)),
                               I1(D3DSIO_TEXM3x3PAD, T(1), t(0)), I1(D3DSIO_TEXM3x3PAD, T(2), t(0)),
                               I1(D3DSIO_TEXM3x3SPEC, T(3), t(0), c(0)),  /* texm3x3spec t3, t0, c0 */
                               I1(D3DSIO_MOV, R(0), t(3)), END};
        const DWORD pvspec[] = {PS(1, 1), I1(D3DSIO_TEX, T(0)),
                                I1(D3DSIO_TEXM3x3PAD, T(1), t(0)),
                                I1(D3DSIO_TEXM3x3PAD, T(2), t(0)),
                                I1(D3DSIO_TEXM3x3VSPEC, T(3), t(0)),      /* texm3x3vspec t3, t0 */
                                I1(D3DSIO_MOV, R(0), t(3)), END};
        const DWORD pm3x3[] = {PS(1, 2), I1(D3DSIO_TEX, T(0)),
                               I1(D3DSIO_TEXM3x3PAD, T(1), t(0)), I1(D3DSIO_TEXM3x3PAD, T(2), t(0)),
                               I1(D3DSIO_TEXM3x3, T(3), t(0)),            /* texm3x3 t3, t0 */
                               I1(D3DSIO_MOV, R(0), t(3)), END};
        tex(c, 0, c->argb);
        tex(c, 3, c->cube);
        /* (-0.753, 0.251, 0.251): -X */
        vsc(c, 1, 0, 0, -1, 0);
        vsc(c, 2, 1, 0, 0, 0);
        vsc(c, 3, 0, 1, 0, 0);
        expect(c, draw(c, "ps_1_1 texm3x3tex", vs11_ps1, ptex), GREEN, 1, "ps_1_1 texm3x3tex");
        /* N = (0.251, 0.753, 0.251), eye (1, 0, 0): reflection -X, N itself +Y. */
        vsc(c, 1, 1, 0, 0, 1);
        vsc(c, 2, 0, 0, 1, 0);
        vsc(c, 3, 0, 1, 0, 0);
        expect(c, draw(c, "ps_1_1 texm3x3spec", vs11_ps1, pspec), GREEN, 1,
               "ps_1_1 texm3x3spec reflects the eye");
        expect(c, draw(c, "ps_1_1 texm3x3vspec", vs11_ps1, pvspec), GREEN, 1,
               "ps_1_1 texm3x3vspec takes the eye from the w of t1..t3");
        expect(c, draw(c, "ps_1_2 texm3x3", vs11_ps1, pm3x3), rgbf(64 / 255.f, 192 / 255.f, 64 / 255.f),
               2, "ps_1_2 texm3x3 writes the vector");
        untex(c);
    }
    /* texdp3tex: (tc1 . N, 0); texdp3: tc1 . N replicated. */
    {
        const DWORD pt[] = {PS(1, 2), I1(D3DSIO_TEX, T(0)), I1(D3DSIO_TEXDP3TEX, T(1), t(0)),
                            I1(D3DSIO_MOV, R(0), t(1)), END};
        const DWORD pd[] = {PS(1, 2), I1(D3DSIO_TEX, T(0)), I1(D3DSIO_TEXDP3, T(1), t(0)),
                            I1(D3DSIO_MOV, R(0), t(1)), END};
        tex(c, 0, c->argb);
        tex(c, 1, c->mip);
        vsc(c, 1, 0, 0, 1, 0);
        expect(c, draw(c, "ps_1_2 texdp3tex", vs11_ps1, pt), GREEN, 1, "ps_1_2 texdp3tex");
        expect(c, draw(c, "ps_1_2 texdp3", vs11_ps1, pd), rgbf(192 / 255.f, 192 / 255.f, 192 / 255.f),
               2, "ps_1_2 texdp3");
        untex(c);
    }
    /* texkill t0: t0.x from -0.5 to 0.5 across the cell. */
    {
        const DWORD p[] = {PS(1, 1), DEF1(0, 0, 1, 0, 1), I1(D3DSIO_TEXKILL, T(0)),
                           I1(D3DSIO_MOV, R(0), c(0)), END};
        for (int i = 0; i < 4; i++) {
            c->t0[i][0] = (i & 1) ? 0.5f : -0.5f;
            c->t0[i][1] = (float)(i >> 1);
        }
        cell = draw(c, "ps_1_1 texkill", vs11_ps1, p);
        expect_at(c, cell, 3, 8, BACKGROUND, 0, "ps_1_1 texkill: killed half");
        expect_at(c, cell, 12, 8, GREEN, 0, "ps_1_1 texkill: kept half");
    }
    /* cnd r0, r0.a, c1, c2 */
    PS1_CASE(PS(1, 1), "ps_1_1 cnd r0.a > 0.5", GREEN, 1,
             DEF1(0, 0, 0, 0, 0.75f), DEF1(1, 0, 1, 0, 1), DEF1(2, 1, 0, 0, 1),
             I1(D3DSIO_MOV, Rm(0, MW), c(0)), I1(D3DSIO_CND, R(0), rs(0, WWWW), c(1), c(2)));
    PS1_CASE(PS(1, 1), "ps_1_1 cnd r0.a <= 0.5", RED, 1,
             DEF1(0, 0, 0, 0, 0.5f), DEF1(1, 0, 1, 0, 1), DEF1(2, 1, 0, 0, 1),
             I1(D3DSIO_MOV, Rm(0, MW), c(0)), I1(D3DSIO_CND, R(0), rs(0, WWWW), c(1), c(2)));
    /* Source and result modifiers. */
    PS1_CASE(PS(1, 1), "ps_1_1 _bx2", rgbf(0.5f, 0, 1), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), I1(D3DSIO_MOV, R(0), BX2(c(0))));
    PS1_CASE(PS(1, 1), "ps_1_1 _bias", rgbf(0.5f, 0.25f, 0.75f), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), DEF1(1, 0.25f, 0.25f, 0.25f, 0.25f),
             I1(D3DSIO_ADD, R(0), BIAS(c(0)), c(1)));
    PS1_CASE(PS(1, 1), "ps_1_1 1-x", rgbf(0.25f, 0.5f, 0), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), I1(D3DSIO_MOV, R(0), COMP(c(0))));
    PS1_CASE(PS(1, 1), "ps_1_1 -x", rgbf(0.25f, 0.5f, 0), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), DEF1(1, 1, 1, 1, 1),
             I1(D3DSIO_ADD, R(0), NEG(c(0)), c(1)));
    PS1_CASE(PS(1, 1), "ps_1_1 _x2", rgbf(0.375f, 0.25f, 0.5f), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), DEF1(1, 0.25f, 0.25f, 0.25f, 0.25f),
             I1(D3DSIO_MUL, SHIFT(R(0), 1), c(0), c(1)));        /* mul_x2 r0, c0, c1 */
    PS1_CASE(PS(1, 1), "ps_1_1 _d2", rgbf(0.5f, 0.375f, 0.625f), 2,
             DEF1(0, 0.75f, 0.5f, 1, 0), DEF1(1, 0.25f, 0.25f, 0.25f, 0.25f),
             I1(D3DSIO_ADD, SHIFT(R(0), 15), c(0), c(1)));       /* add_d2 r0, c0, c1 */
    PS1_CASE(PS(1, 1), "ps_1_1 _sat", rgbf(0.25f, 0.5f, 0.25f), 2,
             DEF1(0, 0.75f, 0.5f, 0.25f, 0), DEF1(1, 1, 0.25f, 0.5f, 0),
             DEF1(2, 0.25f, 0.25f, 0.25f, 0.25f),
             I1(D3DSIO_SUB, SAT(R(1)), c(0), c(1)),               /* sub_sat r1, c0, c1 */
             I1(D3DSIO_ADD, R(0), r(1), c(2)));
    /* The range of ps_1_x arithmetic: D3DCAPS9.PixelShader1xMaxValue, at
     * least [-1, 1] for ps_1_1..1_3 and [-8, 8] for ps_1_4 (the minimum
     * is what nereid implements while its caps report no value).
     * mul_x4 r1 = (1.5, 1, 0.5), then times 0.5. */
    {
        D3DCAPS9 caps;
        float m11 = 1, m14 = 8;
        memset(&caps, 0, sizeof(caps));
        IDirect3DDevice9_GetDeviceCaps(dev, &caps);
        if (caps.PixelShader1xMaxValue >= 1)
            m11 = caps.PixelShader1xMaxValue;
        if (caps.PixelShader1xMaxValue >= 8)
            m14 = caps.PixelShader1xMaxValue;
        PS1_CASE(PS(1, 1), "ps_1_1 range",
                 rgbf((m11 < 1.5f ? m11 : 1.5f) * 0.5f, 0.5f, 0.25f), 2,
                 DEF1(0, 0.75f, 0.5f, 0.25f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
                 I1(D3DSIO_MUL, SHIFT(R(1), 2), c(0), c(1)),      /* mul_x4 r1, c0, c1 */
                 I1(D3DSIO_MUL, R(0), r(1), c(1)));
        PS1_CASE(PS(1, 4), "ps_1_4 range",
                 rgbf((m14 < 1.5f ? m14 : 1.5f) * 0.5f, 0.5f, 0.25f), 2,
                 DEF1(0, 0.75f, 0.5f, 0.25f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
                 I1(D3DSIO_MUL, SHIFT(R(1), 2), c(0), c(1)), I1(D3DSIO_MUL, R(0), r(1), c(1)));
    }
    /* Constants read in [-1, 1]: c3 = (2, -2, 0.5) from the application. */
    psc(c, 3, 2, -2, 0.5f, 1);
    PS1_CASE(PS(1, 1), "ps_1_1 constants clamp", rgbf(0.75f, 0.25f, 0.625f), 2,
             DEF1(1, 0.25f, 0.25f, 0.25f, 0.25f), DEF1(2, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_MAD, R(0), c(3), c(1), c(2)));
    /* Colour inputs: oD0 * oD1. */
    vsc(c, 4, 0.5f, 1, 0.25f, 1);
    vsc(c, 5, 0.5f, 0.5f, 1, 1);
    PS1_CASE(PS(1, 1), "ps_1_1 v0 * v1", rgbf(0.25f, 0.5f, 0.25f), 2,
             I1(D3DSIO_MUL, R(0), v(0), v(1)));
    PS1_CASE(PS(1, 2), "ps_1_2 cmp", rgbf(0.25f, 0.5f, 0.75f), 2,
             DEF1(0, -0.5f, 0, 0.5f, 0), DEF1(1, 1, 0.5f, 0.75f, 1), DEF1(2, 0.25f, 0.125f, 0, 0),
             I1(D3DSIO_CMP, R(0), c(0), c(1), c(2)));
    PS1_CASE(PS(1, 3), "ps_1_3 lrp/dp3", rgbf(0.75f, 0.625f, 0.75f), 2,
             DEF1(0, 0.5f, 0.5f, 0.5f, 0.5f), DEF1(1, 1, 0.75f, 1, 1), DEF1(2, 0.5f, 0.5f, 0.5f, 0),
             I1(D3DSIO_LRP, R(0), c(0), c(1), c(2)),              /* (0.75, 0.625, 0.75) */
             I1(D3DSIO_DP3, Rm(1, XYZ), c(2), c(2)),              /* 0.75 */
             I1(D3DSIO_MOV, Rm(0, MX), r(1)));
    /* ps_1_4 */
    PS1_CASE(PS(1, 4), "ps_1_4 cnd per component", rgbf(0.25f, 0.5f, 0.75f), 2,
             DEF1(0, 0.25f, 0.75f, 0.625f, 0), DEF1(1, 1, 0.5f, 0.75f, 1),
             DEF1(2, 0.25f, 0.125f, 0, 0), I1(D3DSIO_CND, R(0), c(0), c(1), c(2)));
    PS1_CASE(PS(1, 4), "ps_1_4 _x2 source", rgbf(0.5f, 0.25f, 0.75f), 2,
             DEF1(0, 0.25f, 0.125f, 0.375f, 0), DEF1(1, 0, 0, 0, 0),
             I1(D3DSIO_ADD, R(0), X2(c(0)), c(1)));
    /* Co-issue reads both sources before either writes:
     * mov r0.rgb, c2 + mov r0.a, r0.b takes the old b (0.25). */
    PS1_CASE(PS(1, 4), "ps_1_4 co-issue", rgbf(0.25f, 0.25f, 0.25f), 2,
             DEF1(0, 0.25f, 0.25f, 0.25f, 0.75f), DEF1(2, 1, 1, 1, 1),
             I1(D3DSIO_MOV, R(0), c(0)),
             I1(D3DSIO_MOV, Rm(0, XYZ), c(2)),
             I1(COISSUE(D3DSIO_MOV), Rm(0, MW), rs(0, ZZZZ)),
             I1(D3DSIO_MOV, Rm(0, XYZ), rs(0, WWWW)));
    set_t0_const(c, 0.25f, 0.5f, 0.75f, 1);
    PS1_CASE(PS(1, 4), "ps_1_4 texcrd", rgbf(0.25f, 0.5f, 0.75f), 2,
             I1(D3DSIO_TEXCOORD, Rm(0, XYZ), t(0)));               /* texcrd r0.rgb, t0 */
    /* bem r1.rg, c0, c1 with stage 1's matrix (0.5, 0.25, 0, 0.25). */
    bumpenv(c, 1, 0.5f, 0.25f, 0, 0.25f);
    PS1_CASE(PS(1, 4), "ps_1_4 bem", rgbf(0.5f, 0.875f, 0), 2,
             DEF1(0, 0.25f, 0.5f, 0, 0), DEF1(1, 0.5f, 1, 0, 0), DEF1(2, 0, 0, 0, 0),
             I1(D3DSIO_MOV, R(1), c(2)),
             I1(D3DSIO_BEM, Rm(1, XY), c(0), c(1)),               /* bem r1.rg, c0, c1 */
             I0(D3DSIO_PHASE), I1(D3DSIO_MOV, R(0), r(1)));
    bumpenv(c, 1, 0, 0, 0, 0);
    /* Phase 2 dependent reads: texcrd r1.rgb, t1; phase; texld r2, r1. */
    {
        const DWORD p[] = {PS(1, 4), I1(D3DSIO_TEXCOORD, Rm(1, XYZ), t(1)), I0(D3DSIO_PHASE),
                           I1(D3DSIO_TEX, R(2), r(1)), I1(D3DSIO_MOV, R(0), r(2)), END};
        const DWORD pdz[] = {PS(1, 4), I1(D3DSIO_TEXCOORD, Rm(1, XYZ), t(1)), I0(D3DSIO_PHASE),
                             I1(D3DSIO_TEX, R(2), DZ(r(1))),              /* texld r2, r1_dz */
                             I1(D3DSIO_MOV, R(0), r(2)), END};
        const DWORD pdw[] = {PS(1, 4), I1(D3DSIO_TEX, R(0), DW(t(0))), END}; /* texld r0, t0_dw */
        tex(c, 0, c->mip);
        tex(c, 2, c->mip);
        vsc(c, 1, 0.75f, 0.25f, 0, 1);
        expect(c, draw(c, "ps_1_4 phase/texld r1", vs11_ps1, p), GREEN, 1,
               "ps_1_4 dependent texld after phase");
        vsc(c, 1, 1.5f, 0.5f, 2, 1);
        expect(c, draw(c, "ps_1_4 texld _dz", vs11_ps1, pdz), GREEN, 1, "ps_1_4 texld r1_dz");
        set_t0_const(c, 3, 1, 0, 4);
        expect(c, draw(c, "ps_1_4 texld _dw", vs11_ps1, pdw), GREEN, 1, "ps_1_4 texld t0_dw");
        untex(c);
    }
}

/* ------------------------------------------------------------ depth */

/* A blue reference at depth 0.5 (ZFUNC ALWAYS), then the shader under
 * test over it with ZFUNC LESS. */
static int depth_case(struct ctx *c, const char *name, const DWORD *vsh, const DWORD *psh)
{
    const DWORD blue[] = {PS(2, 0), DEF(0, 0, 0, 1, 1), I(D3DSIO_MOV, OC(0), c(0)), END};
    IDirect3DDevice9 *dev = c->dev;
    int cell;

    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_ALWAYS);
    if (draw(c, "depth reference", vs20_pass, blue) < 0)
        return -1;
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
    c->same_cell = true;
    cell = draw(c, name, vsh, psh);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    return cell;
}

static void test_depth(struct ctx *c)
{
    const DWORD p20[] = {PS(2, 0), DCL(0x80000000u, T(1)), DEF(0, 0, 1, 0, 1),
                         I(D3DSIO_MOV, ODEPTH, ts(1, XXXX)),              /* mov oDepth, t1.x */
                         I(D3DSIO_MOV, OC(0), c(0)), END};
    const DWORD p30[] = {PS(3, 0), DCL(U_TC(1), V(1)), DEF(0, 0, 1, 0, 1),
                         I(D3DSIO_MOV, ODEPTH, vs_(1, XXXX)),
                         I(D3DSIO_MOV, OC(0), c(0)), END};
    const DWORD p14[] = {PS(1, 4), DEF1(0, 0, 1, 0, 1),
                         I1(D3DSIO_MOV, R(5), c(1)),                      /* r5 = (z, w) */
                         I0(D3DSIO_PHASE), I1(D3DSIO_TEXDEPTH, R(5)),     /* texdepth r5 */
                         I1(D3DSIO_MOV, R(0), c(0)), END};
    const DWORD p13[] = {PS(1, 3), DEF1(0, 0, 1, 0, 1), I1(D3DSIO_TEX, T(0)),
                         I1(D3DSIO_TEXM3x2PAD, T(1), t(0)),
                         I1(D3DSIO_TEXM3x2DEPTH, T(2), t(0)),             /* texm3x2depth t2, t0 */
                         I1(D3DSIO_MOV, R(0), c(0)), END};
    int cell;

    cell = depth_case(c, "ps_2_0 oDepth", vs20_pass, p20);
    expect_at(c, cell, 3, 8, GREEN, 1, "ps_2_0 oDepth 0.19 passes LESS 0.5");
    expect_at(c, cell, 12, 8, BLUE, 1, "ps_2_0 oDepth 0.75 fails LESS 0.5");
    cell = depth_case(c, "ps_3_0 oDepth", vs30_pass, p30);
    expect_at(c, cell, 3, 8, GREEN, 1, "ps_3_0 oDepth 0.19 passes LESS 0.5");
    expect_at(c, cell, 12, 8, BLUE, 1, "ps_3_0 oDepth 0.75 fails LESS 0.5");
    /* texdepth: r5.r / r5.g */
    psc(c, 1, 0.125f, 0.5f, 0, 0);
    expect(c, depth_case(c, "ps_1_4 texdepth 0.25", vs11_ps1, p14), GREEN, 1,
           "ps_1_4 texdepth 0.125 / 0.5 passes LESS 0.5");
    psc(c, 1, 0.375f, 0.5f, 0, 0);
    expect(c, depth_case(c, "ps_1_4 texdepth 0.75", vs11_ps1, p14), BLUE, 1,
           "ps_1_4 texdepth 0.375 / 0.5 fails LESS 0.5");
    /* texm3x2depth: (tc2 . t0) / (tc1 . t0) with t0 white. */
    tex(c, 0, c->white);
    vsc(c, 1, 1, 0, 0, 0);
    vsc(c, 2, 0.25f, 0, 0, 0);
    expect(c, depth_case(c, "ps_1_3 texm3x2depth 0.25", vs11_ps1, p13), GREEN, 1,
           "ps_1_3 texm3x2depth 0.25 passes LESS 0.5");
    vsc(c, 2, 0.75f, 0, 0, 0);
    expect(c, depth_case(c, "ps_1_3 texm3x2depth 0.75", vs11_ps1, p13), BLUE, 1,
           "ps_1_3 texm3x2depth 0.75 fails LESS 0.5");
    untex(c);
}

/* ------------------------------------------------------------ more */

static void test_more(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    int cell, ints[4] = {0, 0, 0, 0};

    /* Nested loops: the inner loop's aL (4) ends with it; the outer one's
     * (0, 1) is back for c[aL + 1]. */
    psc(c, 1, 0.125f, 0, 0, 0);
    psc(c, 2, 0, 0.25f, 0, 0);
    psc(c, 4, 0, 0, 0.25f, 0.125f);
    psc(c, 5, 1, 1, 1, 1);
    PS30_CASE("ps_3_0 nested loops restore aL", 0.125f, 0.25f, 0.5f, 0.25f, 2,
              DEFI(0, 2, 0, 1, 0), DEFI(1, 1, 4, 0, 0), DEF(0, 0, 0, 0, 0),
              I(D3DSIO_MOV, R(0), c(0)),
              I(D3DSIO_LOOP, aL, i_(0)),                          /* loop aL, i0 */
              I(D3DSIO_LOOP, aL, i_(1)),                          /*   loop aL, i1 */
              I(D3DSIO_ADD, R(0), r(0), REL(c(0)), aL),           /*     += c[aL] */
              I0(D3DSIO_ENDLOOP),
              I(D3DSIO_ADD, R(0), r(0), REL(c(1)), aL),           /*   += c[aL + 1] */
              I0(D3DSIO_ENDLOOP));
    /* vs_3_0 writes o[aL] (TEXCOORD2, 3); ps_3_0 reads v[aL]. */
    {
        const DWORD vsh[] = {VS(3, 0), DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),
                             DCL(U_POS, O(0, 0xf)), DCL(U_TC(1), O(1, 0xf)),
                             DCL(U_TC(2), O(2, 0xf)), DCL(U_TC(3), O(3, 0xf)),
                             DEFI(0, 2, 2, 1, 0),
                             I(D3DSIO_MOV, O(0, 0xf), v(0)), I(D3DSIO_MOV, O(1, 0xf), v(2)),
                             I(D3DSIO_LOOP, aL, i_(0)),
                             I(D3DSIO_MOV, REL(O(0, 0xf)), aL, REL(c(8)), aL), /* mov o[aL], c[aL + 8] */
                             I0(D3DSIO_ENDLOOP), END};
        const DWORD psh[] = {PS(3, 0), HEAD30, DCL(U_TC(2), V(2)), DCL(U_TC(3), V(3)),
                             DEFI(0, 2, 2, 1, 0), DEF(0, 0, 0, 0, 0),
                             I(D3DSIO_MOV, R(0), c(0)),
                             I(D3DSIO_LOOP, aL, i_(0)),
                             I(D3DSIO_ADD, R(0), r(0), REL(v(0)), aL),    /* add r0, r0, v[aL] */
                             I0(D3DSIO_ENDLOOP), SHOW30, END};
        vsc(c, 10, 0.125f, 0.25f, 0, 0.5f);
        vsc(c, 11, 0.5f, 0, 0.25f, 0.125f);
        expect4(c, draw(c, "vs_3_0 o[aL] -> ps_3_0 v[aL]", vsh, psh), 0.625f, 0.25f, 0.25f,
                0.625f, 2, "vs_3_0 o[aL] -> ps_3_0 v[aL]");
    }
    /* FOG: a float varying (.x). */
    {
        const DWORD vsh[] = {VS(3, 0), DCL(U_POS, V(0)), DCL(U_TC(1), V(2)),
                             DCL(U_POS, O(0, 0xf)), DCL(U_TC(1), O(1, 0xf)),
                             DCL(U(D3DDECLUSAGE_FOG, 0), O(4, MX)),
                             DEF(0, 0.75f, 0.5f, 0.5f, 0.5f),
                             I(D3DSIO_MOV, O(0, 0xf), v(0)), I(D3DSIO_MOV, O(1, 0xf), v(2)),
                             I(D3DSIO_MOV, O(4, MX), c(0)), END};
        const DWORD psh[] = {PS(3, 0), HEAD30, DCL(U(D3DDECLUSAGE_FOG, 0), Vm(2, MX)),
                             I(D3DSIO_MOV, R(0), vs_(2, XXXX)), SHOW30, END};
        expect4(c, draw(c, "vs_3_0 -> ps_3_0 FOG", vsh, psh), 0.75f, 0.75f, 0.75f, 0.75f, 2,
                "vs_3_0 -> ps_3_0 dcl_fog");
    }
    VS30_CASE("vs_3_0 sincos", 0.8775826f /* cos 0.5 */, 0.4794255f /* sin 0.5 */, 0.25f,
              0.625f, 3,
              DEF(0, 0.5f, 0, 0, 0), DEF(3, 0, 0, 0.25f, 0.625f), I(D3DSIO_MOV, R(0), c(3)),
              I(D3DSIO_SINCOS, Rm(0, XY), cs(0, XXXX)));          /* sincos r0.xy, c0.x */
    /* mova a0.x = -2: c[a0.x + 7] = c5. */
    vsc(c, 0, -2, 0, 0, 0);
    vsc(c, 5, 0.25f, 0.5f, 0.75f, 1);
    VS20_CASE("vs_2_0 negative a0", 0.25f, 0.5f, 0.75f, 1, 2,
              I(D3DSIO_MOVA, A0(MX), cs(0, XXXX)), I(D3DSIO_MOV, R(0), REL(c(7)), a0x));
    /* rep i0 with a count of 0 from the application: no turn. */
    IDirect3DDevice9_SetVertexShaderConstantI(dev, 0, ints, 1);
    VS20_CASE("vs_2_0 rep 0", 0.25f, 0.25f, 0.25f, 0.25f, 2,
              DEF(0, 0.25f, 0.25f, 0.25f, 0.25f), DEF(1, 0.125f, 0.125f, 0.125f, 0.125f),
              I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_REP, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), c(1)), I0(D3DSIO_ENDREP));
    /* _pp and a centroid dcl change nothing here. */
    set_t0_const(c, 0.5f, 0.25f, 1, 1);
    PS20_CASE("ps_2_0 _pp, dcl_centroid", 0.25f, 0.125f, 0.5f, 0.5f, 2,
              DCL(0x80000000u, CENTROID(T(0))), DEF(0, 0.5f, 0.5f, 0.5f, 0.5f),
              I(D3DSIO_MUL, R(0) | (2u << 20), t(0), c(0)));       /* mul_pp r0, t0, c0 */
    /* ps_2_0 ignores D3DTTFF_PROJECTED (texldp projects). */
    {
        const DWORD p[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                           I(D3DSIO_TEX, R(0), t(0), s_(0)), I(D3DSIO_MOV, OC(0), r(0)), END};
        tex(c, 0, c->mip);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
        set_t0_const(c, 0.75f, 0.25f, 0, 4);
        expect(c, draw(c, "ps_2_0 texld ignores D3DTTFF_PROJECTED", vs20_pass, p), GREEN, 1,
               "ps_2_0 texld ignores D3DTTFF_PROJECTED");
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_DISABLE);
        untex(c);
    }
    /* ps_3_0 texkill honours its write mask: r1 = (u - 0.5, v - 0.5), .x. */
    {
        const DWORD p[] = {PS(3, 0), HEAD30, DEF(0, 0, 1, 0, 1),
                           I(D3DSIO_ADD, R(1), v(1), c(31)),
                           I(D3DSIO_TEXKILL, Rm(1, MX)),                 /* texkill r1.x */
                           I(D3DSIO_MOV, OC(0), c(0)), END};
        cell = draw(c, "ps_3_0 texkill r1.x", vs30_pass, p);
        expect_at(c, cell, 3, 3, BACKGROUND, 0, "ps_3_0 texkill r1.x: u < 0.5 goes");
        expect_at(c, cell, 3, 12, BACKGROUND, 0, "ps_3_0 texkill r1.x: u < 0.5 goes");
        expect_at(c, cell, 12, 3, GREEN, 0, "ps_3_0 texkill r1.x: v < 0.5 stays");
        expect_at(c, cell, 12, 12, GREEN, 0, "ps_3_0 texkill r1.x: the rest stays");
    }
    /* A volume texture through dcl_volume: 2x2x2, slice 0 red, slice 1 blue. */
    {
        IDirect3DVolumeTexture9 *vol = NULL;
        D3DLOCKED_BOX lb;
        const DWORD p[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_VOL, S(0)),
                           I(D3DSIO_TEX, R(0), t(0), s_(0)), I(D3DSIO_MOV, OC(0), r(0)), END};
        if (IDirect3DDevice9_CreateVolumeTexture(dev, 2, 2, 2, 1, 0, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_MANAGED, &vol, NULL) == D3D_OK &&
            IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0) == D3D_OK) {
            for (int z = 0; z < 2; z++)
                for (int y = 0; y < 2; y++)
                    for (int x = 0; x < 2; x++)
                        *(DWORD *)((char *)lb.pBits + z * lb.SlicePitch + y * lb.RowPitch +
                                   x * 4) = z ? BLUE : RED;
            IDirect3DVolumeTexture9_UnlockBox(vol, 0);
            tex(c, 0, vol);
            set_t0_const(c, 0.25f, 0.25f, 0.75f, 1);
            expect(c, draw(c, "ps_2_0 texld volume", vs20_pass, p), BLUE, 1,
                   "ps_2_0 texld dcl_volume, r = 0.75");
            set_t0_const(c, 0.25f, 0.25f, 0.25f, 1);
            expect(c, draw(c, "ps_2_0 texld volume", vs20_pass, p), RED, 1,
                   "ps_2_0 texld dcl_volume, r = 0.25");
            untex(c);
            /* The device may still use the texture until the page is read. */
            keep(c, vol);
        } else {
            skip("%s: no volume texture", c->tname);
            if (vol)
                IDirect3DVolumeTexture9_Release(vol);
        }
    }
}

/* ------------------------------------------------------------ modifiers */

/* The source modifiers and the destination modifier dxso_asm.h has no
 * macro for (D3DSPSM_BIASNEG, D3DSPSM_SIGNNEG, D3DSPSM_X2NEG,
 * D3DSPSM_ABSNEG, D3DSPDM_PARTIALPRECISION). */
#define BIASNEG(x) ((x) | (3u << 24))
#define SIGNNEG(x) ((x) | (5u << 24))
#define X2NEG(x) ((x) | (8u << 24))
#define ABSNEG(x) ((x) | (12u << 24))
#define PP(x) ((x) | (2u << 20))

/* Each modifier with a value its neighbours would not give (their results
 * in the comments): the negated source modifiers, the ps_1_x result shifts
 * not covered above, and _pp on a value outside [0, 1].  Every
 * intermediate ps_1_x value stays in [-1, 1], the range ps_1_x arithmetic
 * keeps unclamped whatever D3DCAPS9.PixelShader1xMaxValue reports. */
static void test_modifiers(struct ctx *c)
{
    /* -c0_bias = 0.5 - c0 = (-0.25, 0.25, -0.5), + 0.5.
     * _bias: (0.75, 0.25, 1); -x: (0, 0.25, 0). */
    PS1_CASE(PS(1, 1), "ps_1_1 -x_bias", rgbf(0.25f, 0.75f, 0), 2,
             DEF1(0, 0.75f, 0.25f, 1, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_ADD, R(0), BIASNEG(c(0)), c(1)));      /* add r0, -c0_bias, c1 */
    /* -c0_bx2 = 1 - 2 c0 = (-0.5, 0.5, 0), + 0.5.
     * _bx2: (1, 0, 0.5); -x: (0, 0.25, 0); -x_bias: (0.25, 0.75, 0.5). */
    PS1_CASE(PS(1, 1), "ps_1_1 -x_bx2", rgbf(0, 1, 0.5f), 2,
             DEF1(0, 0.75f, 0.25f, 0.5f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_ADD, R(0), SIGNNEG(c(0)), c(1)));      /* add r0, -c0_bx2, c1 */
    PS1_CASE(PS(1, 4), "ps_1_4 -x_bias", rgbf(0.25f, 0.75f, 0), 2,
             DEF1(0, 0.75f, 0.25f, 1, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_ADD, R(0), BIASNEG(c(0)), c(1)));
    PS1_CASE(PS(1, 4), "ps_1_4 -x_bx2", rgbf(0, 1, 0.5f), 2,
             DEF1(0, 0.75f, 0.25f, 0.5f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_ADD, R(0), SIGNNEG(c(0)), c(1)));
    /* -c0_x2 = (-0.5, -0.25, -0.75), + c1.
     * _x2: (1, 0.75, 1); -x: (0.75, 0.375, 0.625); -x_bx2: (1, 1, 1). */
    PS1_CASE(PS(1, 4), "ps_1_4 -x_x2", rgbf(0.5f, 0.25f, 0.25f), 2,
             DEF1(0, 0.25f, 0.125f, 0.375f, 0), DEF1(1, 1, 0.5f, 1, 1),
             I1(D3DSIO_ADD, R(0), X2NEG(c(0)), c(1)));        /* add r0, -c0_x2, c1 */
    /* -|c0| + 1.  |x|: (1, 1, 1, 1); -x: (1, 0.5, 1, 0.75). */
    PS30_CASE("ps_3_0 -|x|", 0.75f, 0.5f, 0.25f, 0.75f, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, 0.25f), DEF(1, 1, 1, 1, 1),
              I(D3DSIO_ADD, R(0), ABSNEG(c(0)), c(1)));       /* add r0, -|c0|, c1 */
    VS30_CASE("vs_3_0 -|x|", 0.75f, 0.5f, 0.25f, 0.75f, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, 0.25f), DEF(1, 1, 1, 1, 1),
              I(D3DSIO_ADD, R(0), ABSNEG(c(0)), c(1)));
    VS30_CASE("vs_3_0 |x|", 0.25f, 0.5f, 0.75f, 0.25f, 2,
              DEF(0, -0.25f, 0.5f, -0.75f, 0.25f),
              I(D3DSIO_MOV, R(0), ABS(c(0))));                /* mov r0, |c0| */
    /* Result shifts: c0 * c1 = (0.25, 0.125, 0.0625).
     * _x2: (0.5, 0.25, 0.125); _x8: (1, 1, 0.5). */
    PS1_CASE(PS(1, 1), "ps_1_1 _x4", rgbf(1, 0.5f, 0.25f), 2,
             DEF1(0, 0.5f, 0.25f, 0.125f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_MUL, SHIFT(R(0), 2), c(0), c(1)));     /* mul_x4 r0, c0, c1 */
    PS1_CASE(PS(1, 4), "ps_1_4 _x4", rgbf(1, 0.5f, 0.25f), 2,
             DEF1(0, 0.5f, 0.25f, 0.125f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_MUL, SHIFT(R(0), 2), c(0), c(1)));
    /* c0 * c1 = (0.125, 0.0625, 0.03125).  _x4: (0.5, 0.25, 0.125). */
    PS1_CASE(PS(1, 4), "ps_1_4 _x8", rgbf(1, 0.5f, 0.25f), 2,
             DEF1(0, 0.25f, 0.125f, 0.0625f, 0), DEF1(1, 0.5f, 0.5f, 0.5f, 0.5f),
             I1(D3DSIO_MUL, SHIFT(R(0), 3), c(0), c(1)));     /* mul_x8 r0, c0, c1 */
    /* c0 + c1 = (1, 0.5, 1).  _d2: (0.5, 0.25, 0.5); _d8: (0.125, 0.0625, 0.125). */
    PS1_CASE(PS(1, 4), "ps_1_4 _d4", rgbf(0.25f, 0.125f, 0.25f), 2,
             DEF1(0, 0.5f, 0.25f, 1, 0), DEF1(1, 0.5f, 0.25f, 0, 0),
             I1(D3DSIO_ADD, SHIFT(R(0), 14), c(0), c(1)));    /* add_d4 r0, c0, c1 */
    /* _d4: (0.25, 0.125, 0.25); _d2: (0.5, 0.25, 0.5). */
    PS1_CASE(PS(1, 4), "ps_1_4 _d8", rgbf(0.125f, 0.0625f, 0.125f), 2,
             DEF1(0, 0.5f, 0.25f, 1, 0), DEF1(1, 0.5f, 0.25f, 0, 0),
             I1(D3DSIO_ADD, SHIFT(R(0), 13), c(0), c(1)));    /* add_d8 r0, c0, c1 */
    PS1_CASE(PS(1, 4), "ps_1_4 _d2", rgbf(0.5f, 0.25f, 0.5f), 2,
             DEF1(0, 0.5f, 0.25f, 1, 0), DEF1(1, 0.5f, 0.25f, 0, 0),
             I1(D3DSIO_ADD, SHIFT(R(0), 15), c(0), c(1)));    /* add_d2 r0, c0, c1 */
    /* _pp is at least 16-bit float: 1.5, -0.5, 3 and 2 survive it (_sat
     * would give 1, 0, 1, 1).  r0 = r1 * 0.25 + 0.25. */
    PS20_CASE("ps_2_0 _pp keeps values outside [0, 1]", 0.625f, 0.125f, 1, 0.75f, 2,
              DEF(0, 1.5f, -0.5f, 3, 2), DEF(1, 1, 1, 1, 1),
              DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              I(D3DSIO_MUL, PP(R(1)), c(0), c(1)),            /* mul_pp r1, c0, c1 */
              I(D3DSIO_MAD, R(0), r(1), c(2), c(2)));         /* mad r0, r1, c2, c2 */
    PS30_CASE("ps_3_0 _pp keeps values outside [0, 1]", 0.625f, 0.125f, 1, 0.75f, 2,
              DEF(0, 1.5f, -0.5f, 3, 2), DEF(1, 1, 1, 1, 1),
              DEF(2, 0.25f, 0.25f, 0.25f, 0.25f),
              I(D3DSIO_MUL, PP(R(1)), c(0), c(1)),
              I(D3DSIO_MAD, R(0), r(1), c(2), c(2)));
}

/* _centroid: in a 4x multisampled target, a triangle's interpolant is 0 on
 * its long edge and grows inside.  Sampled at the pixel centre, it is
 * negative in the edge pixels whose centre lies outside although some of
 * their samples are covered; with dcl_centroid it is taken inside the
 * covered area, so never negative.  The shader writes red for a negative
 * interpolant and green otherwise; the resolved target must show red
 * without the modifier (the edge has such pixels) and none with it. */
static void test_centroid(struct ctx *c)
{
    IDirect3DDevice9 *dev = c->dev;
    IDirect3D9 *d3d = NULL;
    IDirect3DSurface9 *bb = NULL, *ds = NULL, *ms = NULL, *rt = NULL;
    const DWORD p20c[] = {PS(2, 0), DCL(0x80000000u, CENTROID(T(0))),
                          DEF(0, 0, 1, 0, 1), DEF(1, 1, 0, 0, 1),
                          I(D3DSIO_CMP, R(0), ts(0, XXXX), c(0), c(1)), /* cmp r0, t0.x, c0, c1 */
                          I(D3DSIO_MOV, OC(0), r(0)), END};
    const DWORD p20[] = {PS(2, 0), DCL(0x80000000u, T(0)),
                         DEF(0, 0, 1, 0, 1), DEF(1, 1, 0, 0, 1),
                         I(D3DSIO_CMP, R(0), ts(0, XXXX), c(0), c(1)),
                         I(D3DSIO_MOV, OC(0), r(0)), END};
    const DWORD p30c[] = {PS(3, 0), DCL(U_TC(0), CENTROID(V(0))),   /* dcl_texcoord0_centroid v0 */
                          DEF(0, 0, 1, 0, 1), DEF(1, 1, 0, 0, 1),
                          I(D3DSIO_CMP, R(0), vs_(0, XXXX), c(0), c(1)),
                          I(D3DSIO_MOV, OC(0), r(0)), END};
    const DWORD p30[] = {PS(3, 0), DCL(U_TC(0), V(0)),
                         DEF(0, 0, 1, 0, 1), DEF(1, 1, 0, 0, 1),
                         I(D3DSIO_CMP, R(0), vs_(0, XXXX), c(0), c(1)),
                         I(D3DSIO_MOV, OC(0), r(0)), END};
    static const struct {
        const char *name;
        bool ps30, centroid;
    } cases[] = {{"ps_2_0 dcl_centroid t0", false, true},
                 {"ps_2_0 dcl t0", false, false},
                 {"ps_3_0 dcl_texcoord0_centroid v0", true, true},
                 {"ps_3_0 dcl_texcoord0 v0", true, false}};
    /* Pixel coordinates of a 16x16 target: a at A is 1, on B-C 0. */
    static const float tri[3][2] = {{0.3f, 0.2f}, {15.9f, 0.6f}, {0.7f, 9.3f}};

    IDirect3DDevice9_GetDirect3D(dev, &d3d);
    if (!d3d || FAILED(IDirect3D9_CheckDeviceMultiSampleType(
                    d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                    D3DMULTISAMPLE_4_SAMPLES, NULL))) {
        skip("%s: no 4x multisampling for _centroid", c->tname);
        if (d3d)
            IDirect3D9_Release(d3d);
        return;
    }
    IDirect3D9_Release(d3d);
    /* Out of the page's scene, into targets of our own. */
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    if (!ok(IDirect3DDevice9_CreateRenderTarget(dev, CELL, CELL, D3DFMT_X8R8G8B8,
                                                D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &ms,
                                                NULL) == D3D_OK &&
                IDirect3DDevice9_CreateRenderTarget(dev, CELL, CELL, D3DFMT_X8R8G8B8,
                                                    D3DMULTISAMPLE_NONE, 0, FALSE, &rt,
                                                    NULL) == D3D_OK,
            "%s: _centroid targets", c->tname))
        goto out;
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    for (size_t k = 0; k < ARRAY_LEN(cases); k++) {
        const DWORD *psc_ = cases[k].ps30 ? (cases[k].centroid ? p30c : p30)
                                          : (cases[k].centroid ? p20c : p20);
        IDirect3DVertexShader9 *vsh = NULL;
        IDirect3DPixelShader9 *psh = NULL;
        struct vtx q[3];
        DWORD *px;
        int red = 0, green = 0, max_red = 0;

        if (IDirect3DDevice9_CreateVertexShader(dev, cases[k].ps30 ? vs30_pass : vs20_pass,
                                                &vsh) != D3D_OK ||
            IDirect3DDevice9_CreatePixelShader(dev, psc_, &psh) != D3D_OK) {
            ok(0, "%s: %s: shaders", c->tname, cases[k].name);
            if (vsh)
                IDirect3DVertexShader9_Release(vsh);
            continue;
        }
        keep(c, vsh);
        keep(c, psh);
        memset(q, 0, sizeof(q));
        for (int i = 0; i < 3; i++) {
            q[i].pos[0] = tri[i][0] / (CELL / 2.0f) - 1;
            q[i].pos[1] = 1 - tri[i][1] / (CELL / 2.0f);
            q[i].pos[2] = 0.5f;
            q[i].pos[3] = 1;
            q[i].t0[0] = i == 0 ? 1.0f : 0.0f;
            q[i].t0[3] = 1;
            q[i].t1[3] = 1;
        }
        IDirect3DDevice9_SetRenderTarget(dev, 0, ms);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLACK, 1.0f, 0);
        IDirect3DDevice9_SetVertexDeclaration(dev, c->decl);
        IDirect3DDevice9_SetVertexShader(dev, vsh);
        IDirect3DDevice9_SetPixelShader(dev, psh);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, q, sizeof(q[0])) ==
               D3D_OK, "%s: %s: draw", c->tname, cases[k].name);
        IDirect3DDevice9_EndScene(dev);
        ok(IDirect3DDevice9_StretchRect(dev, ms, NULL, rt, NULL, D3DTEXF_NONE) == D3D_OK,
           "%s: %s: resolve", c->tname, cases[k].name);
        IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
        px = e2e_read_back(dev, CELL, CELL);
        if (!ok(px != NULL, "%s: %s: read back", c->tname, cases[k].name))
            continue;
        for (int i = 0; i < CELL * CELL; i++) {
            int r_ = (int)(px[i] >> 16 & 0xff), g = (int)(px[i] >> 8 & 0xff);
            red += r_ > 8;
            green += g > 8;
            if (r_ > max_red)
                max_red = r_;
        }
        ok(e2e_color_near(px[3 * CELL + 3], GREEN, 1), "%s: %s: inside the triangle %08x",
           c->tname, cases[k].name, (unsigned)px[3 * CELL + 3]);
        ok(green > 64, "%s: %s: %d covered pixels", c->tname, cases[k].name, green);
        if (cases[k].centroid)
            ok(red == 0, "%s: %s: %d pixels took the interpolant outside the triangle "
               "(red up to %d)", c->tname, cases[k].name, red, max_red);
        else
            ok(red > 0, "%s: %s: no edge pixel sampled outside the triangle at its "
               "centre: the _centroid checks prove nothing", c->tname, cases[k].name);
        free(px);
    }
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
out:
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    if (bb)
        IDirect3DSurface9_Release(bb);
    if (ds)
        IDirect3DSurface9_Release(ds);
    if (ms)
        IDirect3DSurface9_Release(ms);
    if (rt)
        IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_BeginScene(dev);
}

/* A pixel shader released, and a new one created: the new one must draw. */
static void test_release_reuse(struct ctx *c)
{
    const DWORD pa[] = {PS(2, 0), DEF(0, 1, 0, 0, 1), I(D3DSIO_MOV, OC(0), c(0)), END};
    const DWORD pb[] = {PS(2, 0), DEF(0, 0, 1, 0, 1), I(D3DSIO_MOV, OC(0), c(0)), END};
    IDirect3DDevice9 *dev = c->dev;
    IDirect3DPixelShader9 *a = NULL, *b = NULL;
    IDirect3DVertexShader9 *vsh = NULL;

    if (IDirect3DDevice9_CreateVertexShader(dev, vs20_pass, &vsh) != D3D_OK ||
        IDirect3DDevice9_CreatePixelShader(dev, pa, &a) != D3D_OK) {
        ok(0, "%s: release/reuse shaders", c->tname);
        return;
    }
    keep(c, vsh);
    expect(c, draw_objs(c, "first pixel shader", vsh, a), RED, 1, "first pixel shader");
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    IDirect3DPixelShader9_Release(a);
    ok(IDirect3DDevice9_CreatePixelShader(dev, pb, &b) == D3D_OK, "%s: second pixel shader",
       c->tname);
    if (!b)
        return;
    keep(c, b);
    /* The new module takes the released one's handle slot with a new
     * generation: the pipeline cache must not hand back the old pipeline. */
    expect(c, draw_objs(c, "a pixel shader after a release", vsh, b), GREEN, 1,
           "a new pixel shader after a Release draws with its own code");
}

/* ------------------------------------------------------------ driver */

static void run(enum e2e_transport tr, const struct e2e_server *server)
{
    struct ctx *c = calloc(1, sizeof(*c));
    IDirect3D9 *d3d;
    uint64_t errors = 1;

    c->tname = e2e_transport_names[tr];
    e2e_use_transport(tr, server);
    if (e2e_create_device(&d3d, &c->dev, W, H, TRUE) != D3D_OK) {
        ok(0, "%s: device", c->tname);
        free(c);
        return;
    }
    ok(IDirect3DDevice9_CreateVertexDeclaration(c->dev, decl_elems, &c->decl) == D3D_OK,
       "%s: declaration", c->tname);
    ok(create_resources(c), "%s: textures", c->tname);
    reset_inputs(c);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(c->dev, D3DRS_LIGHTING, FALSE);
    begin_page(c);
    if (c->decl && c->mip) {
        test_ps20(c);
        test_ps2x(c);
        test_ps30(c);
        test_vs11(c);
        test_vs20(c);
        test_vs2x(c);
        test_vs30(c);
        test_linkage(c);
        test_pretransformed_ps30(c);
        test_ps1x(c);
        test_depth(c);
        test_more(c);
        test_release_reuse(c);
        test_modifiers(c);
        test_centroid(c);
    }
    flush(c);
    IDirect3DDevice9_EndScene(c->dev);
    IDirect3DDevice9_SetVertexShader(c->dev, NULL);
    IDirect3DDevice9_SetPixelShader(c->dev, NULL);
    for (int i = 0; i < c->ngarbage; i++)
        IUnknown_Release(c->garbage[i]);
    ok(nereid_device_sync(c->dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", c->tname, (unsigned long long)errors);
    IDirect3DDevice9_SetVertexDeclaration(c->dev, NULL);
    untex(c);
    release_resources(c);
    if (c->decl)
        IDirect3DVertexDeclaration9_Release(c->decl);
    ok(IDirect3DDevice9_Release(c->dev) == 0, "%s: device released last", c->tname);
    IDirect3D9_Release(d3d);
    free(c);
}

int main(void)
{
    struct e2e_server server;
    bool have_server;

    init_shaders();
    have_server = e2e_server_start(&server);
    ok(have_server, "nereid-server started");
    for (int t_ = 0; t_ < E2E_COUNT; t_++)
        if (e2e_transport_supported((enum e2e_transport)t_) && (t_ == E2E_INPROC || have_server))
            run((enum e2e_transport)t_, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
