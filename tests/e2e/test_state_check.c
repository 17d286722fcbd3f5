/* The dirty-flag check mode (NEREID_CHECK_STATE=1) rebuilds the state on
 * every draw and reports, by name, state that changed without its dirty
 * flag.  With the test hook NEREID_TEST_DROP_DIRTY=<setter> one setter
 * "forgets" its flag: the check mode must name what changed, and still draw
 * the right pixels.  Without the hook, a scene full of state changes must
 * produce no report. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define W 32
#define H 32
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

static void quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1,
                 DWORD c)
{
    struct vertex v[4] = {{x0, y0, 0, 1, c}, {x1, y0, 0, 1, c}, {x0, y1, 0, 1, c},
                          {x1, y1, 0, 1, c}};
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* Draws a scene with state changes between draws; returns the stats. */
static void scene(const char *hook, struct nereid_stats *st, DWORD *pixel)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexBuffer9 *vb = NULL;
    D3DVIEWPORT9 vp = {0, 0, 16, 16, 0, 1};
    DWORD *px;

    if (hook)
        e2e_setenv("NEREID_TEST_DROP_DIRTY", hook);
    else
        e2e_setenv("NEREID_TEST_DROP_DIRTY", NULL);
    memset(st, 0, sizeof(*st));
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "device");
        return;
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    quad(dev, 0, 0, 32, 32, 0xff0000ff);
    /* A render state: blending halves the red over blue. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    quad(dev, 0, 0, 8, 8, 0x80ff0000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    /* The viewport: only its corner gets the green quad. */
    IDirect3DDevice9_SetViewport(dev, &vp);
    quad(dev, 8, 8, 32, 32, 0xff00ff00);
    vp.Width = vp.Height = 32;
    IDirect3DDevice9_SetViewport(dev, &vp);
    /* A stream. */
    if (IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(struct vertex), 0, FVF,
                                            D3DPOOL_MANAGED, &vb, NULL) == D3D_OK) {
        struct vertex *v;
        IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&v, 0);
        v[0] = (struct vertex){24, 0, 0, 1, 0xffffffff};
        v[1] = (struct vertex){32, 0, 0, 1, 0xffffffff};
        v[2] = (struct vertex){24, 8, 0, 1, 0xffffffff};
        v[3] = (struct vertex){32, 8, 0, 1, 0xffffffff};
        IDirect3DVertexBuffer9_Unlock(vb);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    }
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (px) {
        pixel[0] = px[4 * W + 4];   /* blended */
        pixel[1] = px[12 * W + 12]; /* inside the small viewport: green */
        pixel[2] = px[20 * W + 20]; /* outside it: still blue */
        pixel[3] = px[4 * W + 28];  /* the vertex-buffer quad: white */
        free(px);
    }
    ok(nereid_device_get_stats(dev, st) == D3D_OK, "stats");
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}

static void check_pixels(const char *what, const DWORD *p)
{
    ok(e2e_color_near(p[0], 0xff800080, 3), "%s: blended pixel %08x", what,
       (unsigned)p[0]);
    ok(e2e_color_near(p[1], 0xff00ff00, 1), "%s: viewport pixel %08x", what,
       (unsigned)p[1]);
    ok(e2e_color_near(p[2], 0xff0000ff, 1), "%s: outside pixel %08x", what,
       (unsigned)p[2]);
    ok(e2e_color_near(p[3], 0xffffffff, 1), "%s: stream pixel %08x", what,
       (unsigned)p[3]);
}

int main(void)
{
    struct nereid_stats st;
    DWORD px[4] = {0};
    static const struct { const char *hook, *expect; } cases[] = {
        {"SetRenderState", "blend_enable"},
        {"SetViewport", "viewport"},
        {"SetStreamSource", "stream 0"},
        {"SetFVF", NULL}, /* the FVF never changes in the scene: no report */
    };

    e2e_use_transport(E2E_INPROC, NULL);
    e2e_setenv("NEREID_CHECK_STATE", "1");
    scene(NULL, &st, px);
    ok(st.state_check_failures == 0, "no hook: %llu reports (%s)",
       (unsigned long long)st.state_check_failures, st.state_check_last);
    ok(st.draws == 4, "4 draws (%llu)", (unsigned long long)st.draws);
    check_pixels("no hook", px);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        memset(px, 0, sizeof(px));
        scene(cases[i].hook, &st, px);
        if (cases[i].expect)
            ok(st.state_check_failures > 0 &&
                   strstr(st.state_check_last, cases[i].expect),
               "%s forgets its flag: %llu reports, last '%s'", cases[i].hook,
               (unsigned long long)st.state_check_failures, st.state_check_last);
        else
            ok(st.state_check_failures == 0, "%s: no report", cases[i].hook);
        check_pixels(cases[i].hook, px);
    }
    /* Without the check mode the dropped flag shows: the blend is lost. */
    e2e_setenv("NEREID_CHECK_STATE", NULL);
    scene("SetRenderState", &st, px);
    ok(!e2e_color_near(px[0], 0xff800080, 3),
       "without the check mode the hook really drops the flag (%08x)",
       (unsigned)px[0]);
    e2e_setenv("NEREID_TEST_DROP_DIRTY", NULL);
    return test_done();
}
