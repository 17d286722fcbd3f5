/* Fixed-function features read back pixel by pixel, over every transport,
 * against colours computed here from Microsoft's documented D3D9 formulas:
 * point-light range and attenuation, spot cone and falloff, specular with
 * and without LOCALVIEWER, texture coordinate generation and transforms,
 * every D3DTOP of the stage cascade (with TEMP, RESULTARG and
 * ALPHAREPLICATE), bump mapping, table fog, vertex blending, user clip
 * planes and point sprites.
 *
 * The render target is a grid of 8 x 8 cells of 16 x 16 pixels; every
 * feature draws into cells of its own and reads the target back.  Lit
 * surfaces are tiny quads in camera space (so their four vertices light
 * alike), put on screen by a projection matrix that only scales and
 * translates x and y: the projection takes no part in lighting.
 *
 * D3D9 puts pixel centres on integer screen coordinates: a quad spanning a
 * cell's pixels [x0, x0 + 16) interpolates, at the pixel x0 + i, the
 * fraction i / 16 of the way across. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define W 128
#define H 128
#define CELL 16
#define CLEAR 0xff600060u /* a background no check expects from a draw */
#define TOL 3

struct ctx {
    const char *t; /* transport name */
    IDirect3DDevice9 *dev;
    IDirect3DTexture9 *quads; /* 2x2, a colour per texel (tex_colors) */
    IDirect3DTexture9 *t1x1;  /* 1x1, the cascade's texture colour */
    IDirect3DTexture9 *bump;  /* 2x1 V8U8: (du, dv) = (1, 0) and (0, 1) */
};

struct v_n { float x, y, z, nx, ny, nz; };
struct v_c { float x, y, z; DWORD c; };
struct v_ct { float x, y, z; DWORD c; float u, v; };
struct v_ct3 { float x, y, z; DWORD c; float s, t, q; };
struct v_ct2 { float x, y, z; DWORD c; float u0, v0, u1, v1; };
struct v_b { float x, y, z, beta; DWORD c; };

/* texel (col, row) of the 2x2 texture: row 0 is the top. */
static const DWORD tex_colors[2][2] = {{0xffff0000, 0xff00ff00},   /* row 0 */
                                       {0xff0000ff, 0xffffff00}};  /* row 1 */

static DWORD f2dw(float f)
{
    DWORD d;
    memcpy(&d, &f, 4);
    return d;
}

/* The test links no libm: the few functions it needs, in double. */
static double m_sqrt(double x)
{
    double r = x > 1 ? x : 1;
    if (x <= 0)
        return 0;
    for (int i = 0; i < 64; i++)
        r = 0.5 * (r + x / r);
    return r;
}

static double m_exp(double x)
{
    double sum = 1, term = 1;
    int halvings = 0;
    while (x > 0.5 || x < -0.5) {
        x /= 2;
        halvings++;
    }
    for (int n = 1; n < 24; n++) {
        term *= x / n;
        sum += term;
    }
    while (halvings--)
        sum *= sum;
    return sum;
}

static double m_cos(double x) /* |x| < 2 */
{
    double sum = 1, term = 1;
    for (int n = 1; n < 24; n++) {
        term *= -x * x / ((2 * n - 1) * (2 * n));
        sum += term;
    }
    return sum;
}

static double m_powi(double a, int n)
{
    double r = 1;
    while (n-- > 0)
        r *= a;
    return r;
}

static float m_floor(float v)
{
    long i = (long)v;
    return (float)((float)i > v ? i - 1 : i);
}

static float sat(float v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

static DWORD rgb(float r, float g, float b)
{
    return 0xff000000u | (DWORD)(sat(r) * 255 + 0.5f) << 16 |
           (DWORD)(sat(g) * 255 + 0.5f) << 8 | (DWORD)(sat(b) * 255 + 0.5f);
}

static float chan(DWORD c, int shift)
{
    return (float)((c >> shift) & 0xff) / 255.0f;
}

/* Colour c scaled by s per channel. */
static DWORD scale_rgb(DWORD c, float s)
{
    return rgb(chan(c, 16) * s, chan(c, 8) * s, chan(c, 0) * s);
}

/* a*f + b*(1 - f), per channel. */
static DWORD mix_rgb(DWORD a, DWORD b, float f)
{
    return rgb(chan(a, 16) * f + chan(b, 16) * (1 - f),
               chan(a, 8) * f + chan(b, 8) * (1 - f),
               chan(a, 0) * f + chan(b, 0) * (1 - f));
}

/* Point sampling of the 2x2 texture with D3DTADDRESS_WRAP. */
static DWORD texel_at(float u, float v)
{
    int col, row;
    u -= m_floor(u);
    v -= m_floor(v);
    col = u < 0.5f ? 0 : 1;
    row = v < 0.5f ? 0 : 1;
    return tex_colors[row][col];
}

static float clip_x(float px) { return px * 2.0f / W - 1.0f; }
static float clip_y(float py) { return 1.0f - py * 2.0f / H; }

static void check(const struct ctx *x, const DWORD *px, const char *what, int cx,
                  int cy, DWORD want)
{
    DWORD got = px[cy * W + cx];
    ok(e2e_color_near(got, want, TOL), "%s: %s: pixel (%d,%d) is %08x, expected %08x",
       x->t, what, cx, cy, (unsigned)got, (unsigned)want);
}

/* Pixel (ox, oy) of cell (c, r). */
static void check_cell(const struct ctx *x, const DWORD *px, const char *what, int c,
                       int r, int ox, int oy, DWORD want)
{
    check(x, px, what, c * CELL + ox, r * CELL + oy, want);
}

static void identity(D3DMATRIX *m)
{
    memset(m, 0, sizeof(*m));
    m->_11 = m->_22 = m->_33 = m->_44 = 1.0f;
}

static void translation(D3DMATRIX *m, float tx, float ty, float tz)
{
    identity(m);
    m->_41 = tx;
    m->_42 = ty;
    m->_43 = tz;
}

/* Back to D3D9's defaults for everything the features below change. */
static void defaults(IDirect3DDevice9 *dev)
{
    D3DMATRIX id;
    static const D3DMATERIAL9 mat0 = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0},
                                      {0, 0, 0, 0}, 0};

    identity(&id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(0), &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(1), &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &id);
    for (int s = 0; s < 3; s++) {
        IDirect3DDevice9_SetTransform(dev, (D3DTRANSFORMSTATETYPE)(D3DTS_TEXTURE0 + s), &id);
        IDirect3DDevice9_SetTexture(dev, (DWORD)s, NULL);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLOROP,
                                              s ? D3DTOP_DISABLE : D3DTOP_MODULATE);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAOP,
                                              s ? D3DTOP_DISABLE : D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG0, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_COLORARG2, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG0, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_ALPHAARG2, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_RESULTARG, D3DTA_CURRENT);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_TEXCOORDINDEX, (DWORD)s);
        IDirect3DDevice9_SetTextureStageState(dev, s, D3DTSS_TEXTURETRANSFORMFLAGS,
                                              D3DTTFF_DISABLE);
        IDirect3DDevice9_SetSamplerState(dev, (DWORD)s, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, (DWORD)s, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, (DWORD)s, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_NORMALIZENORMALS, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_AMBIENT, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGVERTEXMODE, D3DFOG_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_DISABLE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, FALSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(1.0f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, 0xffffffff);
    IDirect3DDevice9_SetMaterial(dev, &mat0);
    IDirect3DDevice9_LightEnable(dev, 0, FALSE);
}

/* Maps camera-space [cx - half, cx + half] x [cy - half, cy + half] onto
 * cell (c, r), every depth to z = 0.5.  Only x and y are scaled and
 * translated: the 4th column stays (0, 0, 0, 1). */
static void place(IDirect3DDevice9 *dev, int c, int r, float cx, float cy, float half)
{
    D3DMATRIX m;
    float k = ((float)CELL / W) / half; /* clip units per camera unit */
    float xc = clip_x(c * CELL + CELL / 2.0f), yc = clip_y(r * CELL + CELL / 2.0f);

    memset(&m, 0, sizeof(m));
    m._11 = k;
    m._22 = k;
    m._41 = xc - cx * k;
    m._42 = yc - cy * k;
    m._43 = 0.5f;
    m._44 = 1.0f;
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &m);
}

/* A camera-space quad with one normal for all four vertices. */
static void quad_n(const struct ctx *x, float cx, float cy, float z, float half, float nx,
                   float ny, float nz)
{
    struct v_n v[4] = {{cx - half, cy + half, z, nx, ny, nz},
                       {cx + half, cy + half, z, nx, ny, nz},
                       {cx - half, cy - half, z, nx, ny, nz},
                       {cx + half, cy - half, z, nx, ny, nz}};
    IDirect3DDevice9_SetFVF(x->dev, D3DFVF_XYZ | D3DFVF_NORMAL);
    ok(IDirect3DDevice9_DrawPrimitiveUP(x->dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
           D3D_OK, "%s: draw", x->t);
}

/* The cell (c, r) as a clip-space quad (identity transforms). */
static void cell_rect(int c, int r, float *x0, float *y0, float *x1, float *y1)
{
    *x0 = clip_x((float)(c * CELL));
    *x1 = clip_x((float)(c * CELL + CELL));
    *y0 = clip_y((float)(r * CELL)); /* top */
    *y1 = clip_y((float)(r * CELL + CELL));
}

static void quad_cell(const struct ctx *x, int c, int r, DWORD color)
{
    float x0, y0, x1, y1;
    cell_rect(c, r, &x0, &y0, &x1, &y1);
    {
        struct v_c v[4] = {{x0, y0, 0.5f, color}, {x1, y0, 0.5f, color},
                           {x0, y1, 0.5f, color}, {x1, y1, 0.5f, color}};
        IDirect3DDevice9_SetFVF(x->dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        ok(IDirect3DDevice9_DrawPrimitiveUP(x->dev, D3DPT_TRIANGLESTRIP, 2, v,
                                            sizeof(v[0])) == D3D_OK,
           "%s: draw", x->t);
    }
}

static DWORD *read_back(const struct ctx *x)
{
    DWORD *px;
    IDirect3DDevice9_EndScene(x->dev);
    px = e2e_read_back(x->dev, W, H);
    ok(px != NULL, "%s: read back", x->t);
    return px;
}

static void begin(const struct ctx *x)
{
    defaults(x->dev);
    IDirect3DDevice9_BeginScene(x->dev);
}

/* ---- 1. point light: range and attenuation ------------------------------ */

/* "Mathematics of Lighting": diffuse = Cd * Ld * (N.L) * Atten, Atten =
 * 1 / (a0 + a1 d + a2 d^2), and 0 beyond Range; plus the emissive Ce. */
static DWORD point_lit(const D3DLIGHT9 *l, float ce, float px, float py, float pz)
{
    float dx = l->Position.x - px, dy = l->Position.y - py, dz = l->Position.z - pz;
    float d = (float)m_sqrt(dx * dx + dy * dy + dz * dz);
    float ndotl = sat(-dz / d); /* N = (0, 0, -1) */
    float att = d > l->Range ? 0.0f
                             : 1.0f / (l->Attenuation0 + l->Attenuation1 * d +
                                       l->Attenuation2 * d * d);
    return rgb(ce + l->Diffuse.r * ndotl * att, ce + l->Diffuse.g * ndotl * att,
               ce + l->Diffuse.b * ndotl * att);
}

static void test_point_light(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float ce = 0.125f, half = 0.002f;
    D3DMATERIAL9 mat = {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {ce, ce, ce, 0}, 0};
    D3DLIGHT9 l = {0};
    DWORD *px, near_want, far_want;

    begin(x);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    l.Type = D3DLIGHT_POINT;
    l.Diffuse = (D3DCOLORVALUE){1.0f, 0.5f, 0.25f, 1};
    l.Position = (D3DVECTOR){0, 0, 0};
    l.Range = 5.0f;
    l.Attenuation0 = 0.25f;
    l.Attenuation1 = 0.5f;
    l.Attenuation2 = 0.05f;
    IDirect3DDevice9_SetLight(dev, 0, &l);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    /* d = 1.58 (inside the range) in cell (0,0); d = 6.02 (outside) in
     * cell (1,0), where the attenuation alone would still give 0.2. */
    place(dev, 0, 0, 0.5f, 0, half);
    quad_n(x, 0.5f, 0, 1.5f, half, 0, 0, -1);
    place(dev, 1, 0, 0.5f, 0, half);
    quad_n(x, 0.5f, 0, 6.0f, half, 0, 0, -1);
    near_want = point_lit(&l, ce, 0.5f, 0, 1.5f);
    far_want = point_lit(&l, ce, 0.5f, 0, 6.0f);
    if ((px = read_back(x))) {
        check_cell(x, px, "point light inside Range, attenuation 1/(a0+a1 d+a2 d^2)", 0, 0,
                   8, 8, near_want);
        check_cell(x, px, "point light beyond Range (unlit: emissive only)", 1, 0, 8, 8,
                   far_want);
        free(px);
    }
}

/* ---- 2. spot light: cone, penumbra, falloff ----------------------------- */

/* Spot = 1 for rho > cos(Theta/2), 0 for rho <= cos(Phi/2), else
 * ((rho - cos(Phi/2)) / (cos(Theta/2) - cos(Phi/2)))^Falloff, rho the cosine
 * between the spot's direction and the light-to-vertex vector. */
static DWORD spot_lit(const D3DLIGHT9 *l, float ce, float px, float py, float pz)
{
    /* Light at the origin pointing down +z, N = (0, 0, -1): N.L = rho. */
    float d = (float)m_sqrt(px * px + py * py + pz * pz), rho = pz / d;
    float ct = (float)m_cos(l->Theta / 2), cp = (float)m_cos(l->Phi / 2), spot;

    if (rho > ct)
        spot = 1.0f;
    else if (rho <= cp)
        spot = 0.0f;
    else
        spot = (float)m_powi((rho - cp) / (ct - cp), (int)l->Falloff);
    return rgb(ce + l->Diffuse.r * rho * spot, ce + l->Diffuse.g * rho * spot,
               ce + l->Diffuse.b * rho * spot);
}

static void test_spot_light(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float ce = 0.125f, half = 0.002f;
    /* Theta 0.6 and Phi 1.1 radians: cos(Theta/2) = 0.955, cos(Phi/2) =
     * 0.853.  rho of the four quads: inside Theta, halfway into the
     * penumbra (Falloff 1, then 2: factors 1/2 and 1/4), outside Phi. */
    const float ct = (float)m_cos(0.3), cp = (float)m_cos(0.55);
    const float rhos[4] = {0.99f, (ct + cp) / 2, (ct + cp) / 2, 0.80f};
    static const char *what[4] = {"spot light inside Theta (full)",
                                  "spot light between Theta and Phi, Falloff 1",
                                  "spot light between Theta and Phi, Falloff 2",
                                  "spot light outside Phi (unlit)"};
    D3DMATERIAL9 mat = {{1, 1, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {ce, ce, ce, 0}, 0};
    D3DLIGHT9 l = {0};
    DWORD want[4], *px;

    begin(x);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    l.Type = D3DLIGHT_SPOT;
    l.Diffuse = (D3DCOLORVALUE){0.8f, 0.6f, 0.4f, 1};
    l.Direction = (D3DVECTOR){0, 0, 1};
    l.Range = 100.0f;
    l.Attenuation0 = 1.0f;
    l.Theta = 0.6f;
    l.Phi = 1.1f;
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    for (int i = 0; i < 4; i++) {
        /* At z = 1, rho = 1/sqrt(1 + x^2): x = sqrt(1 - rho^2)/rho. */
        float px_ = (float)m_sqrt(1 - rhos[i] * rhos[i]) / rhos[i];
        l.Falloff = i == 2 ? 2.0f : 1.0f;
        IDirect3DDevice9_SetLight(dev, 0, &l);
        place(dev, 2 + i, 0, px_, 0, half);
        quad_n(x, px_, 0, 1.0f, half, 0, 0, -1);
        want[i] = spot_lit(&l, ce, px_, 0, 1.0f);
    }
    if ((px = read_back(x))) {
        for (int i = 0; i < 4; i++)
            check_cell(x, px, what[i], 2 + i, 0, 8, 8, want[i]);
        free(px);
    }
}

/* ---- 3. specular, LOCALVIEWER FALSE and TRUE ----------------------------- */

/* Specular = Cs * Ls * (N.H)^P; H = norm(norm(eye - V) + L) with
 * LOCALVIEWER, else H = norm((0, 0, -1) + L) (DirectX 8 "Mathematics of
 * Direct3D Lighting": the viewer infinitely far down the camera's -z).
 * L = -Direction for a directional light.  Added to the diffuse colour
 * (here the emissive alone) after the texture stages. */
static DWORD spec_lit(const float n[3], const float l[3], const float v[3], bool local,
                      const D3DCOLORVALUE *cs, float power, float ce)
{
    float e[3], h[3], len, ndoth, s;

    if (local) {
        len = (float)m_sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        for (int i = 0; i < 3; i++)
            e[i] = -v[i] / len;
    } else {
        e[0] = 0, e[1] = 0, e[2] = -1;
    }
    for (int i = 0; i < 3; i++)
        h[i] = e[i] + l[i];
    len = (float)m_sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    ndoth = sat((n[0] * h[0] + n[1] * h[1] + n[2] * h[2]) / len);
    s = (float)m_powi(ndoth, (int)power);
    return rgb(ce + cs->r * s, ce + cs->g * s, ce + cs->b * s);
}

static void test_specular(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float ce = 0.125f, half = 0.002f, power = 20.0f;
    const float nl = (float)m_sqrt(0.2f * 0.2f + 1.0f);
    const float n[3] = {0.2f / nl, 0, -1.0f / nl}, l[3] = {0, 0, -1}, v[3] = {1, 0, 2};
    D3DMATERIAL9 mat = {{0, 0, 0, 1}, {0, 0, 0, 0}, {1.0f, 0.5f, 0.25f, 1}, {ce, ce, ce, 0},
                        power};
    D3DLIGHT9 light = {0};
    DWORD want_inf, want_local, *px;

    begin(x);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SPECULARENABLE, TRUE);
    IDirect3DDevice9_SetMaterial(dev, &mat);
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Specular = (D3DCOLORVALUE){1, 1, 1, 1};
    light.Direction = (D3DVECTOR){0, 0, 1};
    IDirect3DDevice9_SetLight(dev, 0, &light);
    IDirect3DDevice9_LightEnable(dev, 0, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, FALSE);
    place(dev, 6, 0, v[0], v[1], half);
    quad_n(x, v[0], v[1], v[2], half, n[0], n[1], n[2]);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LOCALVIEWER, TRUE);
    place(dev, 7, 0, v[0], v[1], half);
    quad_n(x, v[0], v[1], v[2], half, n[0], n[1], n[2]);
    want_inf = spec_lit(n, l, v, false, &mat.Specular, power, ce);
    want_local = spec_lit(n, l, v, true, &mat.Specular, power, ce);
    if ((px = read_back(x))) {
        check_cell(x, px, "specular, LOCALVIEWER FALSE (H from (0,0,-1))", 6, 0, 8, 8,
                   want_inf);
        check_cell(x, px, "specular, LOCALVIEWER TRUE (H from the vertex to the eye)", 7, 0,
                   8, 8, want_local);
        free(px);
    }
}

/* ---- 4. texture coordinate generation and transforms -------------------- */

/* Pixels sampled in a cell: well inside the 2x2 texture's texels. */
static const int tc_ox[4] = {2, 6, 10, 13}, tc_oy[2] = {3, 12};

static void test_texcoords(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    DWORD *px;
    D3DMATRIX tm;
    float x0, y0, x1, y1;
    /* CAMERASPACENORMAL: unit normals whose (x, y) run (0.7 -> 0.2) left
     * to right and (0.2 -> 0.7) top to bottom: the mirror image of what
     * the positions give. */
    float nu[2] = {0.7f, 0.2f}, nv[2] = {0.2f, 0.7f};

    begin(x);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)x->quads);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);

    /* Cell (0,1): camera-space position (x, y) over [0,1]^2: (u, v) =
     * (x, y), v growing upwards on screen.  The normals alone would pick
     * texel (0,0) everywhere. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX,
                                          D3DTSS_TCI_CAMERASPACEPOSITION);
    place(dev, 0, 1, 0.5f, 0.5f, 0.5f);
    quad_n(x, 0.5f, 0.5f, 0.5f, 0.5f, 0.2f, 0.2f, -0.9f);

    /* Cell (1,1): camera-space normal. */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX,
                                          D3DTSS_TCI_CAMERASPACENORMAL);
    place(dev, 1, 1, 0.5f, 0.5f, 0.5f);
    {
        struct v_n v[4];
        static const int corner[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}}; /* (x, y-down) */
        for (int i = 0; i < 4; i++) {
            float u = nu[corner[i][0]], vv = nv[corner[i][1]];
            v[i] = (struct v_n){(float)corner[i][0], 1.0f - (float)corner[i][1], 0.5f, u, vv,
                                -(float)m_sqrt(1.0f - u * u - vv * vv)};
        }
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_NORMAL);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }

    /* Cell (2,1): TEX1 (u, v) over [0,1]^2, COUNT2 and a matrix that
     * scales and offsets: (u, v, 1, 0) * M = (2u - 0.5, v + 0.5).  D3D9
     * extends 2D coordinates with 1, so the translation of a 2D set lives
     * in the third row (_31, _32). */
    identity(&tm);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &tm);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXCOORDINDEX, 0);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                          D3DTTFF_COUNT2);
    tm._11 = 2.0f;
    tm._31 = -0.5f;
    tm._32 = 0.5f;
    IDirect3DDevice9_SetTransform(dev, D3DTS_TEXTURE0, &tm);
    cell_rect(2, 1, &x0, &y0, &x1, &y1);
    {
        struct v_ct v[4] = {{x0, y0, 0.5f, 0xffffffff, 0, 0}, {x1, y0, 0.5f, 0xffffffff, 1, 0},
                            {x0, y1, 0.5f, 0xffffffff, 0, 1}, {x1, y1, 0.5f, 0xffffffff, 1, 1}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }

    /* Cell (3,1): (s, t, q) with COUNT3 | PROJECTED and the identity matrix:
     * (u, v) = (s/q, t/q) per pixel.  Across the quad q runs 1 -> 3 and
     * s 0 -> 3 (s, t and q interpolate linearly, w being 1); t = 0.75 q. */
    identity(&tm);
    IDirect3DDevice9_SetTransform(dev, D3DTS_TEXTURE0, &tm);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                          D3DTTFF_COUNT3 | D3DTTFF_PROJECTED);
    cell_rect(3, 1, &x0, &y0, &x1, &y1);
    {
        struct v_ct3 v[4] = {{x0, y0, 0.5f, 0xffffffff, 0, 0.75f, 1},
                             {x1, y0, 0.5f, 0xffffffff, 3, 2.25f, 3},
                             {x0, y1, 0.5f, 0xffffffff, 0, 0.75f, 1},
                             {x1, y1, 0.5f, 0xffffffff, 3, 2.25f, 3}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1 |
                                         D3DFVF_TEXCOORDSIZE3(0));
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }
    /* Cell (4,1): a count of 7 is not D3D9's; it projects by the fourth
     * coordinate as COUNT4 does (Wine's visual projected_textures_test sets
     * it; the server cut the device off). */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_TEXTURETRANSFORMFLAGS,
                                          7 | D3DTTFF_PROJECTED);
    cell_rect(4, 1, &x0, &y0, &x1, &y1);
    {
        struct {
            float x, y, z;
            DWORD c;
            float s, t, r, q;
        } v[4] = {{x0, y0, 0.5f, 0xffffffff, 0, 0.75f, 0, 1},
                  {x1, y0, 0.5f, 0xffffffff, 3, 2.25f, 0, 3},
                  {x0, y1, 0.5f, 0xffffffff, 0, 0.75f, 0, 1},
                  {x1, y1, 0.5f, 0xffffffff, 3, 2.25f, 0, 3}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1 |
                                         D3DFVF_TEXCOORDSIZE4(0));
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }

    if (!(px = read_back(x)))
        return;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 2; j++) {
            int ox = tc_ox[i], oy = tc_oy[j];
            float fx = ox / (float)CELL, fy = oy / (float)CELL; /* fy grows downwards */
            float q = 1 + 2 * fx, s = 3 * fx, t = 0.75f * q;

            check_cell(x, px, "TCI_CAMERASPACEPOSITION", 0, 1, ox, oy,
                       texel_at(fx, 1 - fy));
            check_cell(x, px, "TCI_CAMERASPACENORMAL", 1, 1, ox, oy,
                       texel_at(nu[0] + (nu[1] - nu[0]) * fx, nv[0] + (nv[1] - nv[0]) * fy));
            check_cell(x, px, "TTFF_COUNT2 with a scaling, offsetting TEXTURE0 matrix", 2, 1,
                       ox, oy, texel_at(2 * fx - 0.5f, fy + 0.5f));
            check_cell(x, px, "TTFF_COUNT3|TTFF_PROJECTED (s/q, t/q)", 3, 1, ox, oy,
                       texel_at(s / q, t / q));
            check_cell(x, px, "TTFF count 7|TTFF_PROJECTED as COUNT4", 4, 1, ox, oy,
                       texel_at(s / q, t / q));
        }
    }
    free(px);
}

/* ---- 5. the texture stage cascade --------------------------------------- */

struct rgba { float r, g, b, a; };

static struct rgba rgba_of(DWORD c)
{
    return (struct rgba){chan(c, 16), chan(c, 8), chan(c, 0), chan(c, 24)};
}

/* Operands of the cascade cells: diffuse D, stage 1's texture T, the
 * texture factor F, and CURRENT after stage 0 C = (F.rgb, 1 - F.a).  Chosen
 * so that every operation gives a colour no other one gives (checked in
 * main). */
#define OP_D 0x3062c814u
#define OP_T 0xb0682622u
#define OP_F 0x90b9d9d6u

/* D3DTEXTUREOP's documented formula on the colour channels, saturated;
 * arg0/1/2 are COLORARG0/1/2 (here C, T, D). */
static DWORD top_ref(D3DTEXTUREOP op, struct rgba a0, struct rgba a1, struct rgba a2,
                     struct rgba d, struct rgba t, struct rgba f, struct rgba c)
{
    const float x0[3] = {a0.r, a0.g, a0.b}, x1[3] = {a1.r, a1.g, a1.b},
                x2[3] = {a2.r, a2.g, a2.b};
    float r[3], al = 0;

    for (int i = 0; i < 3; i++) {
        switch (op) {
        case D3DTOP_SELECTARG1: r[i] = x1[i]; break;
        case D3DTOP_SELECTARG2: r[i] = x2[i]; break;
        case D3DTOP_MODULATE: r[i] = x1[i] * x2[i]; break;
        case D3DTOP_MODULATE2X: r[i] = 2 * x1[i] * x2[i]; break;
        case D3DTOP_MODULATE4X: r[i] = 4 * x1[i] * x2[i]; break;
        case D3DTOP_ADD: r[i] = x1[i] + x2[i]; break;
        case D3DTOP_ADDSIGNED: r[i] = x1[i] + x2[i] - 0.5f; break;
        case D3DTOP_ADDSIGNED2X: r[i] = 2 * (x1[i] + x2[i] - 0.5f); break;
        case D3DTOP_SUBTRACT: r[i] = x1[i] - x2[i]; break;
        case D3DTOP_ADDSMOOTH: r[i] = x1[i] + x2[i] - x1[i] * x2[i]; break;
        case D3DTOP_BLENDDIFFUSEALPHA:
        case D3DTOP_BLENDTEXTUREALPHA:
        case D3DTOP_BLENDFACTORALPHA:
        case D3DTOP_BLENDCURRENTALPHA:
            al = op == D3DTOP_BLENDDIFFUSEALPHA   ? d.a
                 : op == D3DTOP_BLENDTEXTUREALPHA ? t.a
                 : op == D3DTOP_BLENDFACTORALPHA  ? f.a
                                                  : c.a;
            r[i] = x1[i] * al + x2[i] * (1 - al);
            break;
        case D3DTOP_MODULATEALPHA_ADDCOLOR: r[i] = x1[i] + a1.a * x2[i]; break;
        case D3DTOP_MODULATECOLOR_ADDALPHA: r[i] = x1[i] * x2[i] + a1.a; break;
        case D3DTOP_MODULATEINVALPHA_ADDCOLOR: r[i] = (1 - a1.a) * x2[i] + x1[i]; break;
        case D3DTOP_MODULATEINVCOLOR_ADDALPHA: r[i] = (1 - x1[i]) * x2[i] + a1.a; break;
        case D3DTOP_DOTPRODUCT3:
            r[i] = 4 * ((x1[0] - 0.5f) * (x2[0] - 0.5f) + (x1[1] - 0.5f) * (x2[1] - 0.5f) +
                        (x1[2] - 0.5f) * (x2[2] - 0.5f));
            break;
        case D3DTOP_MULTIPLYADD: r[i] = x0[i] + x1[i] * x2[i]; break;
        case D3DTOP_LERP: r[i] = x0[i] * x1[i] + (1 - x0[i]) * x2[i]; break;
        default: r[i] = -1; break;
        }
    }
    return rgb(r[0], r[1], r[2]);
}

static const struct { D3DTEXTUREOP op; const char *name; } tops[] = {
    {D3DTOP_SELECTARG1, "SELECTARG1"},
    {D3DTOP_SELECTARG2, "SELECTARG2"},
    {D3DTOP_MODULATE, "MODULATE"},
    {D3DTOP_MODULATE2X, "MODULATE2X"},
    {D3DTOP_MODULATE4X, "MODULATE4X"},
    {D3DTOP_ADD, "ADD"},
    {D3DTOP_ADDSIGNED, "ADDSIGNED"},
    {D3DTOP_ADDSIGNED2X, "ADDSIGNED2X"},
    {D3DTOP_SUBTRACT, "SUBTRACT"},
    {D3DTOP_ADDSMOOTH, "ADDSMOOTH"},
    {D3DTOP_BLENDDIFFUSEALPHA, "BLENDDIFFUSEALPHA"},
    {D3DTOP_BLENDTEXTUREALPHA, "BLENDTEXTUREALPHA"},
    {D3DTOP_BLENDFACTORALPHA, "BLENDFACTORALPHA"},
    {D3DTOP_BLENDCURRENTALPHA, "BLENDCURRENTALPHA"},
    {D3DTOP_MODULATEALPHA_ADDCOLOR, "MODULATEALPHA_ADDCOLOR"},
    {D3DTOP_MODULATECOLOR_ADDALPHA, "MODULATECOLOR_ADDALPHA"},
    {D3DTOP_MODULATEINVALPHA_ADDCOLOR, "MODULATEINVALPHA_ADDCOLOR"},
    {D3DTOP_MODULATEINVCOLOR_ADDALPHA, "MODULATEINVCOLOR_ADDALPHA"},
    {D3DTOP_DOTPRODUCT3, "DOTPRODUCT3"},
    {D3DTOP_MULTIPLYADD, "MULTIPLYADD"},
    {D3DTOP_LERP, "LERP"},
};
#define NTOPS (int)(sizeof(tops) / sizeof(tops[0]))

static DWORD top_want(int i)
{
    struct rgba d = rgba_of(OP_D), t = rgba_of(OP_T), f = rgba_of(OP_F), c = f;
    c.a = 1 - f.a;
    return top_ref(tops[i].op, c, t, d, d, t, f, c);
}

/* Cells of the cascade: row 2 onwards, a cell per case. */
static void top_cell(int i, int *c, int *r)
{
    *c = i % 8;
    *r = 2 + i / 8;
}

static void test_cascade(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    struct rgba d = rgba_of(OP_D), t = rgba_of(OP_T), f = rgba_of(OP_F);
    DWORD want_temp, want_repl, *px;
    int c, r;

    begin(x);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, OP_F);
    /* Stage 0: CURRENT = (F.rgb, 1 - F.a). */
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1,
                                          D3DTA_TFACTOR | D3DTA_COMPLEMENT);
    /* Stage 1: the operation on (arg0, arg1, arg2) = (CURRENT, TEXTURE,
     * DIFFUSE). */
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)x->t1x1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG0, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    for (int i = 0; i < NTOPS; i++) {
        IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, tops[i].op);
        top_cell(i, &c, &r);
        quad_cell(x, c, r, OP_D);
    }

    /* ALPHAREPLICATE: MODULATE(TEXTURE.aaa, DIFFUSE) = T.a * D. */
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1,
                                          D3DTA_TEXTURE | D3DTA_ALPHAREPLICATE);
    top_cell(NTOPS, &c, &r);
    quad_cell(x, c, r, OP_D);
    want_repl = rgb(t.a * d.r, t.a * d.g, t.a * d.b);

    /* RESULTARG TEMP: stage 0 writes F into TEMP and leaves CURRENT the
     * diffuse; stage 1 SUBTRACT(TEMP, CURRENT) = F - D.  (Were RESULTARG
     * ignored, 0 - F = black; TEMP starts as 0.) */
    IDirect3DDevice9_SetTexture(dev, 1, NULL);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TFACTOR);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_RESULTARG, D3DTA_TEMP);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SUBTRACT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEMP);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_CURRENT);
    top_cell(NTOPS + 1, &c, &r);
    quad_cell(x, c, r, OP_D);
    want_temp = rgb(f.r - d.r, f.g - d.g, f.b - d.b);

    if (!(px = read_back(x)))
        return;
    for (int i = 0; i < NTOPS; i++) {
        char what[80];
        snprintf(what, sizeof(what), "D3DTOP_%s on (CURRENT, TEXTURE, DIFFUSE)",
                 tops[i].name);
        top_cell(i, &c, &r);
        check_cell(x, px, what, c, r, 8, 8, top_want(i));
    }
    top_cell(NTOPS, &c, &r);
    check_cell(x, px, "D3DTA_TEXTURE|D3DTA_ALPHAREPLICATE", c, r, 8, 8, want_repl);
    top_cell(NTOPS + 1, &c, &r);
    check_cell(x, px, "D3DTSS_RESULTARG D3DTA_TEMP, read back as D3DTA_TEMP", c, r, 8, 8,
               want_temp);
    free(px);
}

/* ---- 6. bump mapping ------------------------------------------------------ */

/* u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv (D3DTSS_BUMPENVMATxx
 * of the bump stage), the next stage sampling at (u', v'). */
static const float bm[4] = {0.5f, 0.5f, 0.0f, -0.5f}; /* M00 M01 M10 M11 */

static DWORD bump_ref(float du, float dv)
{
    return texel_at(0.25f + bm[0] * du + bm[2] * dv, 0.25f + bm[1] * du + bm[3] * dv);
}

static void test_bump(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float lscale = 0.5f, loffset = 0.25f;
    DWORD *px;

    begin(x);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)x->bump);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT00, f2dw(bm[0]));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT01, f2dw(bm[1]));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT10, f2dw(bm[2]));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVMAT11, f2dw(bm[3]));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVLSCALE, f2dw(lscale));
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_BUMPENVLOFFSET, f2dw(loffset));
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)x->quads);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 1);
    for (int i = 0; i < 2; i++) {
        float x0, y0, x1, y1;
        /* Set 0 runs across the bump map (left texel (1,0), right (0,1));
         * set 1 is (0.25, 0.25) everywhere: texel (0,0) unperturbed. */
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP,
                                              i ? D3DTOP_BUMPENVMAPLUMINANCE
                                                : D3DTOP_BUMPENVMAP);
        cell_rect(i, 5, &x0, &y0, &x1, &y1);
        {
            struct v_ct2 v[4] = {{x0, y0, 0.5f, 0xffffffff, 0, 0.5f, 0.25f, 0.25f},
                                 {x1, y0, 0.5f, 0xffffffff, 1, 0.5f, 0.25f, 0.25f},
                                 {x0, y1, 0.5f, 0xffffffff, 0, 0.5f, 0.25f, 0.25f},
                                 {x1, y1, 0.5f, 0xffffffff, 1, 0.5f, 0.25f, 0.25f}};
            IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX2);
            ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v,
                                                sizeof(v[0])) == D3D_OK,
               "%s: draw", x->t);
        }
    }
    if (!(px = read_back(x)))
        return;
    check_cell(x, px, "BUMPENVMAP, (du,dv) = (1,0)", 0, 5, 4, 8, bump_ref(1, 0));
    check_cell(x, px, "BUMPENVMAP, (du,dv) = (0,1)", 0, 5, 12, 8, bump_ref(0, 1));
    /* BUMPENVMAPLUMINANCE scales the next stage's colour by saturate(L
     * LSCALE + LOFFSET).  V8U8 has no luminance channel; we assume it
     * reads as 1, D3D9's value for a channel a format lacks. */
    check_cell(x, px, "BUMPENVMAPLUMINANCE, (du,dv) = (1,0), L = 1", 1, 5, 4, 8,
               scale_rgb(bump_ref(1, 0), sat(1 * lscale + loffset)));
    check_cell(x, px, "BUMPENVMAPLUMINANCE, (du,dv) = (0,1), L = 1", 1, 5, 12, 8,
               scale_rgb(bump_ref(0, 1), sat(1 * lscale + loffset)));
    free(px);

    /* A bump stage ignores its alpha operation too: CURRENT keeps the
     * diffuse alpha (0 here), not the bump map's (1), so stage 1's
     * BLENDCURRENTALPHA of texture and diffuse gives the diffuse white
     * (Wine's visual test_texture_blending, on Windows). */
    begin(x);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)x->bump);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_BUMPENVMAP);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTexture(dev, 1, (IDirect3DBaseTexture9 *)x->quads);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLOROP, D3DTOP_BLENDCURRENTALPHA);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_COLORARG2, D3DTA_DIFFUSE);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_ALPHAARG1, D3DTA_CURRENT);
    IDirect3DDevice9_SetTextureStageState(dev, 1, D3DTSS_TEXCOORDINDEX, 1);
    {
        float x0, y0, x1, y1;
        cell_rect(2, 5, &x0, &y0, &x1, &y1);
        struct v_ct2 v[4] = {{x0, y0, 0.5f, 0x00ffffff, 0, 0.5f, 0.25f, 0.25f},
                             {x1, y0, 0.5f, 0x00ffffff, 1, 0.5f, 0.25f, 0.25f},
                             {x0, y1, 0.5f, 0x00ffffff, 0, 0.5f, 0.25f, 0.25f},
                             {x1, y1, 0.5f, 0x00ffffff, 1, 0.5f, 0.25f, 0.25f}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX2);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK,
           "%s: draw", x->t);
    }
    if (!(px = read_back(x)))
        return;
    check_cell(x, px, "BUMPENVMAP keeps CURRENT's alpha", 2, 5, 8, 8, 0xffffffff);
    free(px);
}

/* ---- 7. table fog --------------------------------------------------------- */

/* An affine projection (4th column (0,0,0,1)) with z' = 0.1 z that puts a
 * quad of half-size `half` on cell (c, r): D3D9 then fogs on device depth
 * z in [0,1], and FOGSTART/FOGEND are in that space ("Eye-Relative vs.
 * Z-Based Depth"). */
static void fog_affine_projection(IDirect3DDevice9 *dev, int c, int r, float half)
{
    D3DMATRIX m;
    float k = ((float)CELL / W) / half;

    memset(&m, 0, sizeof(m));
    m._11 = k;
    m._22 = k;
    m._33 = 0.1f;
    m._41 = clip_x(c * CELL + CELL / 2.0f);
    m._42 = clip_y(r * CELL + CELL / 2.0f);
    m._44 = 1.0f;
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &m);
}

static void test_table_fog(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const DWORD obj = 0xffff0000, fogc = 0xff0000ff;
    const float start = 0.2f, end = 0.8f, density = 1.25f, half = 0.01f;
    const float ez = 4.0f, dz = ez * 0.1f; /* eye z, device z */
    const float wstart = 2.0f, wend = 8.0f, wz = 5.0f;
    static const DWORD modes[3] = {D3DFOG_LINEAR, D3DFOG_EXP, D3DFOG_EXP2};
    float f[3];
    DWORD *px;
    D3DMATRIX m;

    begin(x);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGCOLOR, fogc);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(start));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(end));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGDENSITY, f2dw(density));
    /* The quads lie at eye z 4, device z 0.4 (fog_affine_projection). */
    for (int i = 0; i < 3; i++) {
        fog_affine_projection(dev, 2 + i, 5, half);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, modes[i]);
        {
            struct v_c v[4] = {{-half, half, ez, obj}, {half, half, ez, obj},
                               {-half, -half, ez, obj}, {half, -half, ez, obj}};
            IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
            ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v,
                                                sizeof(v[0])) == D3D_OK,
               "%s: draw", x->t);
        }
    }
    f[0] = (end - dz) / (end - start);
    f[1] = 1.0f / (float)m_exp(dz * density);
    f[2] = 1.0f / (float)m_exp((dz * density) * (dz * density));

    /* A W-friendly perspective projection (_34 = 1, zn 1, zf 10): with
     * D3DPRASTERCAPS_WFOG, D3D9 fogs on eye depth w, FOGSTART/FOGEND in
     * eye space.  The quad lies at eye z 5 (device z 0.89, which would
     * give no fog at all). */
    {
        float xc = clip_x(5 * CELL + CELL / 2.0f), yc = clip_y(5 * CELL + CELL / 2.0f);
        float k = ((float)CELL / W) * wz / half;

        memset(&m, 0, sizeof(m));
        m._11 = k;
        m._22 = k;
        m._31 = xc; /* x/w + xc after the division */
        m._32 = yc;
        m._33 = 10.0f / 9.0f;
        m._34 = 1.0f;
        m._43 = -10.0f / 9.0f;
        IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &m);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(wstart));
        IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(wend));
        {
            struct v_c v[4] = {{-half, half, wz, obj}, {half, half, wz, obj},
                               {-half, -half, wz, obj}, {half, -half, wz, obj}};
            IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
            ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v,
                                                sizeof(v[0])) == D3D_OK,
               "%s: draw", x->t);
        }
    }

    /* LINEAR with FOGSTART = FOGEND = 0.5 is a step: device z 0.4 keeps
     * its colour, 0.6 is all fog (Wine's visual fog_special_test). */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGTABLEMODE, D3DFOG_LINEAR);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGSTART, f2dw(0.5f));
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FOGEND, f2dw(0.5f));
    for (int i = 0; i < 2; i++) {
        float z = i ? 6.0f : 4.0f;
        struct v_c v[4] = {{-half, half, z, obj}, {half, half, z, obj},
                           {-half, -half, z, obj}, {half, -half, z, obj}};

        fog_affine_projection(dev, 6 + i, 5, half);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }

    if (!(px = read_back(x)))
        return;
    check_cell(x, px, "table fog LINEAR, start = end = 0.5, z = 0.4: no fog", 6, 5, 8, 8, obj);
    check_cell(x, px, "table fog LINEAR, start = end = 0.5, z = 0.6: all fog", 7, 5, 8, 8,
               fogc);
    /* C = f C + (1 - f) fog colour. */
    check_cell(x, px, "table fog LINEAR f = (end - z)/(end - start), z = 0.4", 2, 5, 8, 8,
               mix_rgb(obj, fogc, f[0]));
    check_cell(x, px, "table fog EXP f = 1/e^(z density), z = 0.4", 3, 5, 8, 8,
               mix_rgb(obj, fogc, f[1]));
    check_cell(x, px, "table fog EXP2 f = 1/e^((z density)^2), z = 0.4", 4, 5, 8, 8,
               mix_rgb(obj, fogc, f[2]));
    check_cell(x, px, "table fog LINEAR on eye depth w = 5 (W-friendly projection)", 5, 5,
               8, 8, mix_rgb(obj, fogc, sat((wend - wz) / (wend - wstart))));
    free(px);
}

/* ---- 8. vertex blending --------------------------------------------------- */

static void test_vertex_blend(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float cellw = 2.0f * CELL / W; /* a cell in clip units */
    static const float betas[2] = {0.5f, 0.25f};
    static const DWORD colors[2] = {0xff00ff00, 0xff00ffff};
    D3DMATRIX m;
    DWORD *px;

    begin(x);
    /* V = w V M0 + (1 - w) V M1 ("Geometry Blending"): M0 moves a quad
     * drawn in cell (0,r) one cell right, M1 five. */
    translation(&m, cellw, 0, 0);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(0), &m);
    translation(&m, 5 * cellw, 0, 0);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(1), &m);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_1WEIGHTS);
    for (int i = 0; i < 2; i++) {
        float x0, y0, x1, y1;
        float b = betas[i];
        DWORD c = colors[i];
        cell_rect(0, 6 + i, &x0, &y0, &x1, &y1);
        {
            struct v_b v[4] = {{x0, y0, 0.5f, b, c}, {x1, y0, 0.5f, b, c},
                               {x0, y1, 0.5f, b, c}, {x1, y1, 0.5f, b, c}};
            IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB1 | D3DFVF_DIFFUSE);
            ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v,
                                                sizeof(v[0])) == D3D_OK,
               "%s: draw", x->t);
        }
    }
    if (!(px = read_back(x)))
        return;
    for (int i = 0; i < 2; i++) {
        /* The cell the blend lands in: w * 1 + (1 - w) * 5. */
        int at = (int)(betas[i] * 1 + (1 - betas[i]) * 5 + 0.5f);
        char what[96];
        for (int cc = 0; cc <= 5; cc++) {
            snprintf(what, sizeof(what), "VERTEXBLEND 1WEIGHTS, weight %.2f, cell %d (%s)",
                     betas[i], cc, cc == at ? "the blend" : "not the blend");
            check_cell(x, px, what, cc, 6 + i, 8, 8, cc == at ? colors[i] : CLEAR);
        }
    }
    free(px);

    /* Weights from a D3DCOLOR declaration element are four components
     * (Wine's visual test_vertex_blending): green is weight 1 = 1, so under
     * 2WEIGHTS the quad goes all through M1, five cells right. */
    {
        static const D3DVERTEXELEMENT9 el[] = {
            {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_BLENDWEIGHT, 0},
            {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            D3DDECL_END()};
        struct { float x, y, z; DWORD w, c; } v[4];
        IDirect3DVertexDeclaration9 *decl = NULL;
        float x0, y0, x1, y1;

        begin(x);
        translation(&m, cellw, 0, 0);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(0), &m);
        translation(&m, 5 * cellw, 0, 0);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(1), &m);
        translation(&m, 3 * cellw, 0, 0);
        IDirect3DDevice9_SetTransform(dev, D3DTS_WORLDMATRIX(2), &m);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_VERTEXBLEND, D3DVBF_2WEIGHTS);
        if (!ok(IDirect3DDevice9_CreateVertexDeclaration(dev, el, &decl) == D3D_OK,
                "%s: a D3DCOLOR blend weight declaration", x->t))
            return;
        cell_rect(0, 7, &x0, &y0, &x1, &y1);
        for (int i = 0; i < 4; i++) {
            v[i].x = i & 1 ? x1 : x0;
            v[i].y = i & 2 ? y1 : y0;
            v[i].z = 0.5f;
            v[i].w = 0x0000ff00;
            v[i].c = 0xffffff00;
        }
        IDirect3DDevice9_SetVertexDeclaration(dev, decl);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
        IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        IDirect3DVertexDeclaration9_Release(decl);
        if (!(px = read_back(x)))
            return;
        check_cell(x, px, "2WEIGHTS from D3DCOLOR weights (0, 1, 0): through M1", 5, 7, 8, 8,
                   0xffffff00);
        check_cell(x, px, "2WEIGHTS from D3DCOLOR weights: not through M2", 3, 7, 8, 8, CLEAR);
        free(px);
    }
}

/* ---- 9. user clip planes -------------------------------------------------- */

static void test_clip_plane(const struct ctx *x)
{
    IDirect3DDevice9 *dev = x->dev;
    const float shift = 2.0f * (CELL / 2) / W; /* half a cell, in clip units */
    float x0, y0, x1, y1, plane[4];
    D3DMATRIX view;
    DWORD *px;

    begin(x);
    /* The view moves the world right by half a cell; the quad is drawn in
     * world space so that it lands on cell (6,6).  The plane keeps world
     * x >= the quad's middle: the right half.  (A plane taken in camera
     * space would keep the whole quad.) */
    translation(&view, shift, 0, 0);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &view);
    cell_rect(6, 6, &x0, &y0, &x1, &y1);
    x0 -= shift;
    x1 -= shift;
    plane[0] = 1;
    plane[1] = 0;
    plane[2] = 0;
    plane[3] = -(x0 + x1) / 2;
    ok(IDirect3DDevice9_SetClipPlane(dev, 0, plane) == D3D_OK, "%s: SetClipPlane", x->t);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, D3DCLIPPLANE0);
    {
        struct v_c v[4] = {{x0, y0, 0.5f, 0xffffffff}, {x1, y0, 0.5f, 0xffffffff},
                           {x0, y1, 0.5f, 0xffffffff}, {x1, y1, 0.5f, 0xffffffff}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])) ==
               D3D_OK, "%s: draw", x->t);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CLIPPLANEENABLE, 0);
    if (!(px = read_back(x)))
        return;
    check_cell(x, px, "clip plane (world space), clipped half", 6, 6, 2, 8, CLEAR);
    check_cell(x, px, "clip plane (world space), clipped half", 6, 6, 5, 8, CLEAR);
    check_cell(x, px, "clip plane (world space), kept half", 6, 6, 10, 8, 0xffffffff);
    check_cell(x, px, "clip plane (world space), kept half", 6, 6, 13, 8, 0xffffffff);
    free(px);
}

/* ---- 10. point sprites ---------------------------------------------------- */

/* Point sprites, fixed function and with pixel shaders (their texture
 * coordinates are the sprite's too: Wine's visual test_pointsize). */
static void test_point_sprite(const struct ctx *x)
{
    static const DWORD ps11[] = {0xffff0101, 0x00000042, 0xb00f0000, /* tex t0 */
                                 0x00000001, 0x800f0000, 0xb0e40000, /* mov r0, t0 */
                                 0x0000ffff};
    static const DWORD ps20[] = {0xffff0200,
                                 0x0200001f, 0x80000000, 0xb00f0000, /* dcl t0 */
                                 0x0200001f, 0x90000000, 0xa00f0800, /* dcl_2d s0 */
                                 0x03000042, 0x800f0000, 0xb0e40000, 0xa0e40800, /* texld */
                                 0x02000001, 0x800f0800, 0x80e40000, /* mov oC0, r0 */
                                 0x0000ffff};
    static const DWORD *const shaders[] = {NULL, ps11, ps20};
    static const char *const names[] = {"fixed function", "ps_1_1", "ps_2_0"};
    IDirect3DDevice9 *dev = x->dev;
    const int X = 7 * CELL, Y = 6 * CELL;
    DWORD *px;
    /* Centre at screen (X + 7.5, Y + 7.5): the 8-pixel sprite covers the
     * pixels X+4..X+11 whose centres lie within 4 of it. */
    struct v_c p = {clip_x(X + 7.5f), clip_y(Y + 7.5f), 0.5f, 0xffffffff};

    for (int m = 0; m < 3; m++) {
        IDirect3DPixelShader9 *ps = NULL;
        char what[64];
        begin(x);
        if (shaders[m] &&
            IDirect3DDevice9_CreatePixelShader(dev, shaders[m], &ps) != D3D_OK) {
            ok(0, "%s: %s point sprite shader", x->t, names[m]);
            continue;
        }
        IDirect3DDevice9_SetPixelShader(dev, ps);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)x->quads);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE, f2dw(8.0f));
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)) == D3D_OK,
           "%s: draw", x->t);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        if (ps)
            IDirect3DPixelShader9_Release(ps);
        if (!(px = read_back(x)))
            return;
        /* Sprite texture coordinates run (0,0) top left to (1,1) bottom right. */
        snprintf(what, sizeof(what), "%s point sprite top-left corner", names[m]);
        check(x, px, what, X + 4, Y + 4, tex_colors[0][0]);
        snprintf(what, sizeof(what), "%s point sprite top-right corner", names[m]);
        check(x, px, what, X + 11, Y + 4, tex_colors[0][1]);
        snprintf(what, sizeof(what), "%s point sprite bottom-left corner", names[m]);
        check(x, px, what, X + 4, Y + 11, tex_colors[1][0]);
        snprintf(what, sizeof(what), "%s point sprite bottom-right corner", names[m]);
        check(x, px, what, X + 11, Y + 11, tex_colors[1][1]);
        check(x, px, "point sprite, outside its 8 pixels", X + 2, Y + 7, CLEAR);
        check(x, px, "point sprite, outside its 8 pixels", X + 13, Y + 7, CLEAR);
        free(px);
    }
    /* A vertex shader's oPts is clamped to D3DRS_POINTSIZE_MIN too: 2
     * becomes 8 (Wine's visual test_pointsize). */
    {
        static const DWORD vs11_pts[] = {
            0xfffe0101,                                     /* vs_1_1 */
            0x0000001f, 0x80000000, 0x900f0000,             /* dcl_position v0 */
            0x00000051, 0xa00f0000, 0x40000000, 0x40000000, 0x40000000,
            0x40000000,                                     /* def c0, 2, 2, 2, 2 */
            0x00000001, 0xc00f0000, 0x90e40000,             /* mov oPos, v0 */
            0x00000001, 0xc0010002, 0xa0000000,             /* mov oPts.x, c0.x */
            0x0000ffff};
        IDirect3DVertexShader9 *vs = NULL;
        begin(x);
        if (IDirect3DDevice9_CreateVertexShader(dev, vs11_pts, &vs) != D3D_OK) {
            ok(0, "%s: vs_1_1 writing oPts", x->t);
            return;
        }
        IDirect3DDevice9_SetVertexShader(dev, vs);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSPRITEENABLE, FALSE);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_TEXTUREFACTOR, 0xff00ff00);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, f2dw(8.0f));
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_POINTLIST, 1, &p, sizeof(p)) == D3D_OK,
           "%s: draw", x->t);
        IDirect3DDevice9_SetVertexShader(dev, NULL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_POINTSIZE_MIN, f2dw(1.0f));
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DVertexShader9_Release(vs);
        if (!(px = read_back(x)))
            return;
        check(x, px, "oPts 2 under POINTSIZE_MIN 8: centre", X + 7, Y + 7, 0xff00ff00);
        check(x, px, "oPts 2 under POINTSIZE_MIN 8: top-left corner", X + 4, Y + 4,
              0xff00ff00);
        check(x, px, "oPts 2 under POINTSIZE_MIN 8: bottom-right corner", X + 11, Y + 11,
              0xff00ff00);
        check(x, px, "oPts 2 under POINTSIZE_MIN 8: outside its 8 pixels", X + 2, Y + 7,
              CLEAR);
        free(px);
    }
}

/* ---- the device and its textures ----------------------------------------- */

static IDirect3DTexture9 *make_texture(const struct ctx *x, UINT w, UINT h, D3DFORMAT fmt,
                                       const void *texels, UINT bpp)
{
    IDirect3DTexture9 *t = NULL;
    D3DLOCKED_RECT lr;

    if (IDirect3DDevice9_CreateTexture(x->dev, w, h, 1, 0, fmt, D3DPOOL_MANAGED, &t, NULL) !=
        D3D_OK) {
        ok(0, "%s: CreateTexture %ux%u format %u", x->t, w, h, (unsigned)fmt);
        return NULL;
    }
    if (IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0) != D3D_OK) {
        ok(0, "%s: LockRect", x->t);
        IDirect3DTexture9_Release(t);
        return NULL;
    }
    for (UINT r = 0; r < h; r++)
        memcpy((char *)lr.pBits + r * lr.Pitch, (const char *)texels + r * w * bpp, w * bpp);
    IDirect3DTexture9_UnlockRect(t, 0);
    return t;
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    struct ctx x = {e2e_transport_names[t], NULL, NULL, NULL, NULL};
    IDirect3D9 *d3d;
    uint64_t errors = 1;
    const DWORD one = OP_T;
    const signed char bump[2][2] = {{127, 0}, {0, 127}}; /* (du, dv): U is the low byte */

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &x.dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", x.t);
        return;
    }
    x.quads = make_texture(&x, 2, 2, D3DFMT_A8R8G8B8, tex_colors, 4);
    x.t1x1 = make_texture(&x, 1, 1, D3DFMT_A8R8G8B8, &one, 4);
    x.bump = make_texture(&x, 2, 1, D3DFMT_V8U8, bump, 2);
    if (x.quads && x.t1x1 && x.bump) {
        IDirect3DDevice9_Clear(x.dev, 0, NULL, D3DCLEAR_TARGET, CLEAR, 1.0f, 0);
        test_point_light(&x);
        test_spot_light(&x);
        test_specular(&x);
        test_texcoords(&x);
        test_cascade(&x);
        test_bump(&x);
        test_table_fog(&x);
        test_vertex_blend(&x);
        test_clip_plane(&x);
        test_point_sprite(&x);
    }
    if (x.quads)
        IDirect3DTexture9_Release(x.quads);
    if (x.t1x1)
        IDirect3DTexture9_Release(x.t1x1);
    if (x.bump)
        IDirect3DTexture9_Release(x.bump);
    ok(nereid_device_sync(x.dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", x.t, (unsigned long long)errors);
    IDirect3DDevice9_Release(x.dev);
    IDirect3D9_Release(d3d);
}

/* The cascade's operands must tell every operation apart: were two
 * expectations within twice the tolerance, one operation could pass for
 * the other.  A fault of this test, reported as a failure. */
static void check_operands(void)
{
    for (int i = 0; i < NTOPS; i++)
        for (int j = i + 1; j < NTOPS; j++)
            if (e2e_color_near(top_want(i), top_want(j), 4 * TOL))
                ok(0, "test operands: D3DTOP_%s and D3DTOP_%s both give %08x / %08x",
                   tops[i].name, tops[j].name, (unsigned)top_want(i), (unsigned)top_want(j));
}

int main(void)
{
    struct e2e_server server;
    bool have_server;

    check_operands();
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
