/* A differential state fuzzer.  Each sequence, from its seed, is a few
 * frames of random D3D9 calls: setters of every state group, state blocks,
 * resource updates (buffer locks with DISCARD / NOOVERWRITE / none, texture
 * uploads), shader switches and constants, draws of every kind, clears,
 * presents and read-backs.  It runs on three devices:
 *   - normal: the dirty flags decide what is sent;
 *   - reference (NEREID_REFERENCE_STATE=1): everything sent, bound and
 *     uploaded anew for every draw;
 *   - checked (NEREID_CHECK_STATE=1): normal, with the check mode on.
 * The normal and reference devices must give the same result for every
 * call and the same bytes for every frame; the checked one must report
 * nothing.  Every sequence starts with a Reset and rewrites the resources,
 * so any seed can be replayed alone:
 *   NEREID_FUZZ_SEED=1234 ./test_state_fuzz       (one sequence)
 *   NEREID_FUZZ_SEQUENCES=2000 ./test_state_fuzz  (more of them) */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "dxso_asm.h"
#include "harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64
#define FRAMES 3
#define OPS 24
#define NTEX 3
#define NVB 2
#define VB_VERTS 12
#define FVF_FULL (D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1)
#define FVF_RHW (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

struct vfull {
    float x, y, z, nx, ny, nz;
    DWORD diffuse, specular;
    float u, v;
};
struct vrhw {
    float x, y, z, rhw;
    DWORD diffuse;
    float u, v;
};

struct rng {
    uint64_t s;
};
static uint32_t rnd(struct rng *r)
{
    r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(r->s >> 33);
}
static uint32_t pick(struct rng *r, uint32_t n)
{
    return rnd(r) % n;
}
static float frand(struct rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd(r) & 0xffff) / 65535.0f;
}
static DWORD crand(struct rng *r)
{
    return rnd(r) | (pick(r, 2) ? 0xff000000u : 0);
}

/* One device and what it draws with. */
struct dev {
    const char *mode;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DTexture9 *tex[NTEX];
    IDirect3DVertexBuffer9 *vb[NVB];
    IDirect3DIndexBuffer9 *ib;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps[2];
    IDirect3DVertexDeclaration9 *decl;
    IDirect3DStateBlock9 *sb[2];
    /* What a run saw: every call's result, every frame's pixels. */
    HRESULT *results;
    size_t nresults, cap;
    DWORD *frames[FRAMES];
};

static void note(struct dev *d, HRESULT hr)
{
    if (d->nresults == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 256;
        d->results = realloc(d->results, d->cap * sizeof(*d->results));
    }
    d->results[d->nresults++] = hr;
}

static bool dev_create(struct dev *d, const char *mode)
{
    const DWORD vs[] = {VS(2, 0), DCL(U_POS, V(0)), DCL(U_COL(0), V(1)), DCL(U_TC(0), V(2)),
                        I(D3DSIO_M4x4, OPOS, v(0), c(0)), I(D3DSIO_MOV, OD(0), v(1)),
                        I(D3DSIO_MUL, OT(0), v(2), c(4)), END};
    const DWORD ps_tex[] = {PS(2, 0), DCL(0x80000000u, T(0)), DCL(U_2D, S(0)),
                            I(D3DSIO_TEX, R(0), t(0), s_(0)), I(D3DSIO_MUL, R(0), r(0), c(0)),
                            I(D3DSIO_MOV, OC(0), r(0)), END};
    const DWORD ps_col[] = {PS(2, 0), DCL(0x80000000u, V(0)), I(D3DSIO_MUL, R(0), v(0), c(1)),
                            I(D3DSIO_ADD, R(0), r(0), c(2)), I(D3DSIO_MOV, OC(0), r(0)), END};
    const D3DVERTEXELEMENT9 elems[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 24, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        {0, 32, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END()};
    bool okay = true;

    memset(d, 0, sizeof(*d));
    d->mode = mode;
    e2e_setenv("NEREID_REFERENCE_STATE", !strcmp(mode, "reference") ? "1" : NULL);
    e2e_setenv("NEREID_CHECK_STATE", !strcmp(mode, "checked") ? "1" : NULL);
    HRESULT hr = e2e_create_device(&d->d3d, &d->dev, W, H, TRUE);
    e2e_setenv("NEREID_REFERENCE_STATE", NULL);
    e2e_setenv("NEREID_CHECK_STATE", NULL);
    if (hr != D3D_OK)
        return false;
    for (int i = 0; i < NTEX; i++)
        okay &= IDirect3DDevice9_CreateTexture(d->dev, 8, 8, 0, 0, D3DFMT_A8R8G8B8,
                                               D3DPOOL_MANAGED, &d->tex[i], NULL) == D3D_OK;
    for (int i = 0; i < NVB; i++)
        okay &= IDirect3DDevice9_CreateVertexBuffer(d->dev, VB_VERTS * sizeof(struct vfull),
                                                    D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                                    FVF_FULL, D3DPOOL_SYSTEMMEM, &d->vb[i],
                                                    NULL) == D3D_OK;
    okay &= IDirect3DDevice9_CreateIndexBuffer(d->dev, 12 * sizeof(WORD), 0, D3DFMT_INDEX16,
                                               D3DPOOL_MANAGED, &d->ib, NULL) == D3D_OK;
    okay &= IDirect3DDevice9_CreateVertexShader(d->dev, vs, &d->vs) == D3D_OK;
    okay &= IDirect3DDevice9_CreatePixelShader(d->dev, ps_tex, &d->ps[0]) == D3D_OK;
    okay &= IDirect3DDevice9_CreatePixelShader(d->dev, ps_col, &d->ps[1]) == D3D_OK;
    okay &= IDirect3DDevice9_CreateVertexDeclaration(d->dev, elems, &d->decl) == D3D_OK;
    return okay;
}

static void dev_release(struct dev *d)
{
    if (!d->dev)
        return;
    for (int i = 0; i < NTEX; i++)
        if (d->tex[i])
            IDirect3DTexture9_Release(d->tex[i]);
    for (int i = 0; i < NVB; i++)
        if (d->vb[i])
            IDirect3DVertexBuffer9_Release(d->vb[i]);
    if (d->ib)
        IDirect3DIndexBuffer9_Release(d->ib);
    if (d->vs)
        IDirect3DVertexShader9_Release(d->vs);
    for (int i = 0; i < 2; i++)
        if (d->ps[i])
            IDirect3DPixelShader9_Release(d->ps[i]);
    if (d->decl)
        IDirect3DVertexDeclaration9_Release(d->decl);
    IDirect3DDevice9_Release(d->dev);
    IDirect3D9_Release(d->d3d);
    free(d->results);
}

static void fill_vertices(struct rng *r, struct vfull *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = (struct vfull){frand(r, -1.2f, 1.2f), frand(r, -1.2f, 1.2f), frand(r, 0, 1),
                              frand(r, -1, 1), frand(r, -1, 1), frand(r, -1, 1), crand(r),
                              crand(r), frand(r, -1, 2), frand(r, -1, 2)};
}

static void write_texture(struct dev *d, struct rng *r, int i)
{
    for (UINT level = 0; level < IDirect3DTexture9_GetLevelCount(d->tex[i]); level++) {
        D3DLOCKED_RECT lr;
        UINT size = 8u >> level;
        DWORD a = crand(r), b = crand(r);
        if (IDirect3DTexture9_LockRect(d->tex[i], level, &lr, NULL, 0) != D3D_OK)
            continue;
        for (UINT y = 0; y < size; y++)
            for (UINT x = 0; x < size; x++)
                ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = ((x ^ y) & 1) ? a : b;
        IDirect3DTexture9_UnlockRect(d->tex[i], level);
    }
}

static void write_vb(struct dev *d, struct rng *r, int i, DWORD flags)
{
    struct vfull *v;
    UINT first = flags == D3DLOCK_NOOVERWRITE ? pick(r, VB_VERTS / 2) : 0;
    UINT count = VB_VERTS - first;
    HRESULT hr = IDirect3DVertexBuffer9_Lock(d->vb[i], first * sizeof(*v),
                                             count * sizeof(*v), (void **)&v, flags);
    note(d, hr);
    if (hr == D3D_OK) {
        fill_vertices(r, v, (int)count);
        IDirect3DVertexBuffer9_Unlock(d->vb[i]);
    }
}

static D3DMATRIX random_matrix(struct rng *r)
{
    D3DMATRIX m = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    switch (pick(r, 4)) {
    case 0:
        break;
    case 1:
        m._41 = frand(r, -0.5f, 0.5f);
        m._42 = frand(r, -0.5f, 0.5f);
        break;
    case 2:
        m._11 = frand(r, 0.3f, 1.5f);
        m._22 = frand(r, 0.3f, 1.5f);
        break;
    default:
        m._11 = m._22 = 0.8f;
        m._12 = 0.6f;
        m._21 = -0.6f;
        m._43 = frand(r, 0, 0.5f);
        break;
    }
    return m;
}

static const D3DRENDERSTATETYPE render_states[] = {
    D3DRS_ALPHABLENDENABLE, D3DRS_SRCBLEND, D3DRS_DESTBLEND, D3DRS_BLENDOP,
    D3DRS_COLORWRITEENABLE, D3DRS_CULLMODE, D3DRS_ZENABLE, D3DRS_ZWRITEENABLE, D3DRS_ZFUNC,
    D3DRS_FOGENABLE, D3DRS_FOGCOLOR, D3DRS_FOGTABLEMODE, D3DRS_FOGVERTEXMODE, D3DRS_LIGHTING,
    D3DRS_AMBIENT, D3DRS_TEXTUREFACTOR, D3DRS_ALPHATESTENABLE, D3DRS_ALPHAREF,
    D3DRS_ALPHAFUNC, D3DRS_SCISSORTESTENABLE, D3DRS_CLIPPLANEENABLE, D3DRS_SPECULARENABLE,
    D3DRS_SHADEMODE, D3DRS_STENCILENABLE, D3DRS_STENCILREF, D3DRS_STENCILFUNC,
    D3DRS_STENCILPASS, D3DRS_BLENDFACTOR, D3DRS_DIFFUSEMATERIALSOURCE, D3DRS_COLORVERTEX,
    D3DRS_FOGSTART, D3DRS_FOGEND, D3DRS_FOGDENSITY, D3DRS_NORMALIZENORMALS,
    D3DRS_LOCALVIEWER, D3DRS_DEPTHBIAS, D3DRS_SRGBWRITEENABLE,
};

static DWORD render_state_value(struct rng *r, D3DRENDERSTATETYPE s)
{
    float f;
    DWORD d;
    switch (s) {
    case D3DRS_SRCBLEND: case D3DRS_DESTBLEND: return 1 + pick(r, 13);
    case D3DRS_BLENDOP: return 1 + pick(r, 5);
    case D3DRS_COLORWRITEENABLE: return pick(r, 16);
    case D3DRS_CULLMODE: return 1 + pick(r, 3);
    case D3DRS_ZENABLE: return pick(r, 2);
    case D3DRS_ZFUNC: case D3DRS_ALPHAFUNC: case D3DRS_STENCILFUNC: return 1 + pick(r, 8);
    case D3DRS_FOGTABLEMODE: case D3DRS_FOGVERTEXMODE: return pick(r, 4);
    case D3DRS_FOGCOLOR: case D3DRS_AMBIENT: case D3DRS_TEXTUREFACTOR:
    case D3DRS_BLENDFACTOR: return crand(r);
    case D3DRS_ALPHAREF: case D3DRS_STENCILREF: return pick(r, 256);
    case D3DRS_CLIPPLANEENABLE: return pick(r, 4);
    case D3DRS_SHADEMODE: return 1 + pick(r, 2);
    case D3DRS_STENCILPASS: return 1 + pick(r, 8);
    case D3DRS_DIFFUSEMATERIALSOURCE: return pick(r, 3);
    case D3DRS_FOGSTART: f = frand(r, 0, 0.5f); break;
    case D3DRS_FOGEND: f = frand(r, 0.5f, 1.5f); break;
    case D3DRS_FOGDENSITY: f = frand(r, 0, 3); break;
    case D3DRS_DEPTHBIAS: f = frand(r, -0.01f, 0.01f); break;
    default: return pick(r, 2);
    }
    memcpy(&d, &f, 4);
    return d;
}

static void random_setter(struct dev *d, struct rng *r)
{
    IDirect3DDevice9 *dev = d->dev;
    switch (pick(r, 17)) {
    case 0: case 1: case 2: {
        D3DRENDERSTATETYPE s = render_states[pick(r, sizeof(render_states) / sizeof(render_states[0]))];
        note(d, IDirect3DDevice9_SetRenderState(dev, s, render_state_value(r, s)));
        break;
    }
    case 3: {
        static const D3DTRANSFORMSTATETYPE t[] = {D3DTS_WORLD, D3DTS_VIEW, D3DTS_PROJECTION,
                                                  D3DTS_TEXTURE0};
        D3DMATRIX m = random_matrix(r);
        note(d, IDirect3DDevice9_SetTransform(dev, t[pick(r, 4)], &m));
        break;
    }
    case 4: {
        D3DMATERIAL9 m;
        m.Diffuse = (D3DCOLORVALUE){frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1)};
        m.Ambient = (D3DCOLORVALUE){frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1), 1};
        m.Specular = (D3DCOLORVALUE){frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1), 1};
        m.Emissive = (D3DCOLORVALUE){frand(r, 0, 0.5f), frand(r, 0, 0.5f), frand(r, 0, 0.5f), 0};
        m.Power = frand(r, 1, 30);
        note(d, IDirect3DDevice9_SetMaterial(dev, &m));
        break;
    }
    case 5: {
        D3DLIGHT9 l;
        DWORD i = pick(r, 3);
        memset(&l, 0, sizeof(l));
        l.Type = pick(r, 2) ? D3DLIGHT_DIRECTIONAL : D3DLIGHT_POINT;
        l.Diffuse = (D3DCOLORVALUE){frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1), 1};
        l.Specular = (D3DCOLORVALUE){frand(r, 0, 1), frand(r, 0, 1), frand(r, 0, 1), 1};
        l.Ambient = (D3DCOLORVALUE){frand(r, 0, 0.3f), frand(r, 0, 0.3f), frand(r, 0, 0.3f), 1};
        l.Direction = (D3DVECTOR){frand(r, -1, 1), frand(r, -1, 1), 1};
        l.Position = (D3DVECTOR){frand(r, -1, 1), frand(r, -1, 1), frand(r, -2, 0)};
        l.Range = frand(r, 0.5f, 4);
        l.Attenuation0 = 1;
        l.Attenuation1 = frand(r, 0, 1);
        note(d, IDirect3DDevice9_SetLight(dev, i, &l));
        note(d, IDirect3DDevice9_LightEnable(dev, i, pick(r, 2)));
        break;
    }
    case 6: {
        float p[4] = {frand(r, -1, 1), frand(r, -1, 1), 0, frand(r, -0.5f, 0.5f)};
        note(d, IDirect3DDevice9_SetClipPlane(dev, pick(r, 2), p));
        break;
    }
    case 7: {
        static const D3DTEXTURESTAGESTATETYPE t[] = {D3DTSS_COLOROP, D3DTSS_COLORARG1,
                                                     D3DTSS_COLORARG2, D3DTSS_ALPHAOP,
                                                     D3DTSS_TEXTURETRANSFORMFLAGS,
                                                     D3DTSS_TEXCOORDINDEX};
        DWORD stage = pick(r, 2), type = t[pick(r, 6)], v;
        switch (type) {
        case D3DTSS_COLOROP: case D3DTSS_ALPHAOP: v = 1 + pick(r, 13); break;
        case D3DTSS_TEXTURETRANSFORMFLAGS: v = pick(r, 3); break;
        case D3DTSS_TEXCOORDINDEX: v = pick(r, 2) ? 0 : D3DTSS_TCI_CAMERASPACEPOSITION; break;
        default: v = pick(r, 4) | (pick(r, 4) ? 0 : D3DTA_COMPLEMENT); break;
        }
        note(d, IDirect3DDevice9_SetTextureStageState(dev, stage, type, v));
        break;
    }
    case 8: {
        static const D3DSAMPLERSTATETYPE t[] = {D3DSAMP_ADDRESSU, D3DSAMP_ADDRESSV,
                                                D3DSAMP_MAGFILTER, D3DSAMP_MINFILTER,
                                                D3DSAMP_MIPFILTER, D3DSAMP_BORDERCOLOR,
                                                D3DSAMP_MAXMIPLEVEL};
        D3DSAMPLERSTATETYPE type = t[pick(r, 7)];
        DWORD v = type == D3DSAMP_BORDERCOLOR ? crand(r)
                  : type <= D3DSAMP_ADDRESSV  ? 1 + pick(r, 5)
                  : type == D3DSAMP_MAXMIPLEVEL ? pick(r, 4)
                                                : pick(r, 3);
        note(d, IDirect3DDevice9_SetSamplerState(dev, pick(r, 2), type, v));
        break;
    }
    case 9: {
        int i = (int)pick(r, NTEX + 1);
        note(d, IDirect3DDevice9_SetTexture(dev, pick(r, 2),
                                            i < NTEX ? (IDirect3DBaseTexture9 *)d->tex[i] : NULL));
        break;
    }
    case 10: {
        D3DVIEWPORT9 vp;
        vp.X = pick(r, W / 2);
        vp.Y = pick(r, H / 2);
        vp.Width = 1 + pick(r, W - vp.X);
        vp.Height = 1 + pick(r, H - vp.Y);
        vp.MinZ = frand(r, 0, 0.5f);
        vp.MaxZ = frand(r, 0.5f, 1);
        note(d, IDirect3DDevice9_SetViewport(dev, &vp));
        break;
    }
    case 11: {
        RECT rc;
        rc.left = pick(r, W / 2);
        rc.top = pick(r, H / 2);
        rc.right = rc.left + 1 + pick(r, W / 2);
        rc.bottom = rc.top + 1 + pick(r, H / 2);
        note(d, IDirect3DDevice9_SetScissorRect(dev, &rc));
        break;
    }
    case 12:
        if (pick(r, 2))
            note(d, IDirect3DDevice9_SetFVF(dev, FVF_FULL));
        else
            note(d, IDirect3DDevice9_SetVertexDeclaration(dev, d->decl));
        break;
    case 13:
        note(d, IDirect3DDevice9_SetStreamSource(dev, 0, d->vb[pick(r, NVB)], 0,
                                                 sizeof(struct vfull)));
        break;
    case 14:
        if (pick(r, 2))
            note(d, IDirect3DDevice9_SetVertexShader(dev, pick(r, 2) ? d->vs : NULL));
        else
            note(d, IDirect3DDevice9_SetPixelShader(dev, pick(r, 3) ? d->ps[pick(r, 2)]
                                                                  : NULL));
        break;
    case 15: {
        float c[4 * 5];
        UINT start = pick(r, 4), count = 1 + pick(r, 4);
        for (int i = 0; i < 20; i++)
            c[i] = frand(r, -1, 1.5f);
        if (start == 0 && count == 4) { /* a usable transform now and then */
            memset(c, 0, sizeof(c));
            c[0] = c[5] = c[10] = c[15] = frand(r, 0.5f, 1.2f);
            c[15] = 1;
        }
        if (pick(r, 2))
            note(d, IDirect3DDevice9_SetVertexShaderConstantF(dev, start, c, count));
        else
            note(d, IDirect3DDevice9_SetPixelShaderConstantF(dev, pick(r, 3), c, 1));
        break;
    }
    default:
        note(d, IDirect3DDevice9_SetIndices(dev, pick(r, 3) ? d->ib : NULL));
        break;
    }
}

static void random_draw(struct dev *d, struct rng *r)
{
    IDirect3DDevice9 *dev = d->dev;
    switch (pick(r, 4)) {
    case 0: {
        struct vfull v[6];
        fill_vertices(r, v, 6);
        note(d, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0])));
        break;
    }
    case 1: {
        struct vrhw v[4];
        DWORD fvf = 0;
        for (int i = 0; i < 4; i++)
            v[i] = (struct vrhw){frand(r, -8, W + 8), frand(r, -8, H + 8), frand(r, 0, 1), 1,
                                 crand(r), frand(r, 0, 1), frand(r, 0, 1)};
        /* Pre-transformed vertices, then the FVF back as it was. */
        IDirect3DDevice9_GetFVF(dev, &fvf);
        note(d, IDirect3DDevice9_SetFVF(dev, FVF_RHW));
        note(d, IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0])));
        if (fvf)
            note(d, IDirect3DDevice9_SetFVF(dev, fvf));
        else
            note(d, IDirect3DDevice9_SetVertexDeclaration(dev, d->decl));
        break;
    }
    case 2:
        note(d, IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, pick(r, 3), 1 + pick(r, 3)));
        break;
    default:
        note(d, IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, VB_VERTS,
                                                      pick(r, 3) * 3, 1 + pick(r, 2)));
        break;
    }
}

static void state_block_op(struct dev *d, struct rng *r)
{
    IDirect3DDevice9 *dev = d->dev;
    int i = (int)pick(r, 2);
    switch (pick(r, 3)) {
    case 0:
        if (d->sb[i])
            IDirect3DStateBlock9_Release(d->sb[i]);
        d->sb[i] = NULL;
        note(d, IDirect3DDevice9_CreateStateBlock(dev, 1 + pick(r, 3), &d->sb[i]));
        break;
    case 1:
        if (d->sb[i])
            note(d, pick(r, 2) ? IDirect3DStateBlock9_Apply(d->sb[i])
                               : IDirect3DStateBlock9_Capture(d->sb[i]));
        break;
    default:
        /* Recorded: a few setters between Begin and End. */
        if (d->sb[i])
            IDirect3DStateBlock9_Release(d->sb[i]);
        d->sb[i] = NULL;
        note(d, IDirect3DDevice9_BeginStateBlock(dev));
        for (int n = 1 + (int)pick(r, 4); n > 0; n--)
            random_setter(d, r);
        note(d, IDirect3DDevice9_EndStateBlock(dev, &d->sb[i]));
        break;
    }
}

/* Runs one sequence on a device; keeps every call's result and the frames. */
static void run_sequence(struct dev *d, uint64_t seed)
{
    IDirect3DDevice9 *dev = d->dev;
    struct rng r = {seed * 0x9e3779b97f4a7c15ull + 1};
    D3DPRESENT_PARAMETERS pp = {0};
    WORD *idx;

    d->nresults = 0;
    for (int i = 0; i < 2; i++)
        if (d->sb[i]) {
            IDirect3DStateBlock9_Release(d->sb[i]);
            d->sb[i] = NULL;
        }
    /* Every state to its default, every resource to the seed's content. */
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    pp.EnableAutoDepthStencil = TRUE;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    note(d, IDirect3DDevice9_Reset(dev, &pp));
    for (int i = 0; i < NTEX; i++)
        write_texture(d, &r, i);
    for (int i = 0; i < NVB; i++)
        write_vb(d, &r, i, 0);
    if (IDirect3DIndexBuffer9_Lock(d->ib, 0, 0, (void **)&idx, 0) == D3D_OK) {
        for (int i = 0; i < 12; i++)
            idx[i] = (WORD)pick(&r, VB_VERTS);
        IDirect3DIndexBuffer9_Unlock(d->ib);
    }
    note(d, IDirect3DDevice9_SetFVF(dev, FVF_FULL));
    note(d, IDirect3DDevice9_SetStreamSource(dev, 0, d->vb[0], 0, sizeof(struct vfull)));
    note(d, IDirect3DDevice9_SetIndices(dev, d->ib));
    for (int f = 0; f < FRAMES; f++) {
        note(d, IDirect3DDevice9_Clear(dev, 0, NULL,
                                       D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL,
                                       crand(&r), 1.0f, 0));
        note(d, IDirect3DDevice9_BeginScene(dev));
        for (int op = 0; op < OPS; op++) {
            uint32_t k = pick(&r, 20);
            if (k < 10)
                random_setter(d, &r);
            else if (k < 15)
                random_draw(d, &r);
            else if (k == 15)
                state_block_op(d, &r);
            else if (k == 16)
                write_vb(d, &r, (int)pick(&r, NVB),
                         pick(&r, 3) == 0 ? 0 : pick(&r, 2) ? D3DLOCK_DISCARD : D3DLOCK_NOOVERWRITE);
            else if (k == 17)
                write_texture(d, &r, (int)pick(&r, NTEX));
            else if (k == 18) {
                D3DRECT rc = {(LONG)pick(&r, W), (LONG)pick(&r, H), 0, 0};
                rc.x2 = rc.x1 + 1 + (LONG)pick(&r, W);
                rc.y2 = rc.y1 + 1 + (LONG)pick(&r, H);
                note(d, IDirect3DDevice9_Clear(dev, 1, &rc, D3DCLEAR_TARGET, crand(&r), 1, 0));
            } else {
                random_draw(d, &r);
            }
        }
        note(d, IDirect3DDevice9_EndScene(dev));
        free(d->frames[f]);
        d->frames[f] = e2e_read_back(dev, W, H);
        note(d, IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL));
    }
}

int main(void)
{
    const char *one = getenv("NEREID_FUZZ_SEED");
    const char *many = getenv("NEREID_FUZZ_SEQUENCES");
    uint64_t first = one ? strtoull(one, NULL, 0) : 1;
    unsigned count = one ? 1 : many ? (unsigned)atoi(many) : 300;
    struct dev normal, reference, checked;
    unsigned bad = 0;
    uint64_t checked_reports = 0;

    e2e_use_transport(E2E_INPROC, NULL);
    if (!ok(dev_create(&normal, "normal") && dev_create(&reference, "reference") &&
                dev_create(&checked, "checked"),
            "three devices"))
        return test_done();
    for (uint64_t seed = first; seed < first + count; seed++) {
        struct nereid_stats st = {0};
        bool same;

        run_sequence(&normal, seed);
        run_sequence(&reference, seed);
        run_sequence(&checked, seed);
        same = normal.nresults == reference.nresults &&
               !memcmp(normal.results, reference.results,
                       normal.nresults * sizeof(HRESULT));
        if (!ok(same, "seed %llu: the calls' results differ from the reference run's",
                (unsigned long long)seed)) {
            for (size_t i = 0; i < normal.nresults && i < reference.nresults; i++)
                if (normal.results[i] != reference.results[i]) {
                    printf("  call %zu: %#lx, reference %#lx\n", i,
                           (unsigned long)normal.results[i],
                           (unsigned long)reference.results[i]);
                    break;
                }
        }
        for (int f = 0; f < FRAMES; f++) {
            bool frame_same = normal.frames[f] && reference.frames[f] &&
                              !memcmp(normal.frames[f], reference.frames[f],
                                      (size_t)W * H * sizeof(DWORD));
            if (!ok(frame_same, "seed %llu frame %d: pixels differ from the reference "
                                "run's (replay: NEREID_FUZZ_SEED=%llu)",
                    (unsigned long long)seed, f, (unsigned long long)seed))
                bad++;
            for (int p = 0; !frame_same && normal.frames[f] && reference.frames[f] &&
                            p < W * H; p++)
                if (normal.frames[f][p] != reference.frames[f][p]) {
                    printf("  first difference at (%d, %d): %08x, reference %08x\n", p % W,
                           p / W, (unsigned)normal.frames[f][p],
                           (unsigned)reference.frames[f][p]);
                    break;
                }
        }
        {
            HRESULT hr = nereid_device_get_stats(checked.dev, &st);
            ok(hr == D3D_OK && st.state_check_failures == checked_reports,
               "seed %llu: the check mode reports %llu (%#lx; first: %s)",
               (unsigned long long)seed,
               (unsigned long long)(st.state_check_failures - checked_reports),
               (unsigned long)hr, st.state_check_last);
            checked_reports = st.state_check_failures;
        }
        if (bad > 10)
            break;
    }
    {
        uint64_t errors = 0;
        ok(nereid_device_sync(normal.dev, &errors) == D3D_OK && errors == 0,
           "no validation errors (%llu)", (unsigned long long)errors);
    }
    dev_release(&normal);
    dev_release(&reference);
    dev_release(&checked);
    return test_done();
}
