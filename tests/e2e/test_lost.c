/* A lost device that comes back (natively, over shm and stream, with the
 * validation layer on): the server is killed mid-run (SIGKILL), the
 * device answers D3DERR_DEVICELOST while no server answers and
 * D3DERR_DEVICENOTRESET once a new one does, and the usual recovery loop
 * (TestCooperativeLevel, Reset) ends with a device that draws again with
 * the objects made before the loss: a MANAGED texture and vertex buffer
 * (refilled from the client's copies), a pixel shader, a state block, and
 * a MANAGED texture locked and changed after it.  A query issued before
 * the loss does not hang. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define W 32
#define H 32

struct tvertex {
    float x, y, z, rhw;
    float u, v;
};
#define TFVF (D3DFVF_XYZRHW | D3DFVF_TEX1)

/* ps_1_1: tex t0; mov r0, t0 */
static const DWORD ps_tex[] = {0xffff0101, 0x00000042, 0xb00f0000, 0x00000001, 0x800f0000,
                               0xb0e40000, 0x0000ffff};

static void fill(IDirect3DTexture9 *t, DWORD c)
{
    D3DLOCKED_RECT lr;
    if (FAILED(IDirect3DTexture9_LockRect(t, 0, &lr, NULL, 0)))
        return;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = c;
    IDirect3DTexture9_UnlockRect(t, 0);
}

static DWORD draw(IDirect3DDevice9 *dev, IDirect3DTexture9 *tex, IDirect3DVertexBuffer9 *vb,
                  IDirect3DPixelShader9 *ps)
{
    DWORD *px, c;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, TFVF);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_SetPixelShader(dev, ps);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct tvertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    c = px ? px[(H / 2) * W + W / 2] | 0xff000000u : 0xdeadbeef;
    free(px);
    return c;
}

static void run(enum e2e_transport t)
{
    const char *tn = e2e_transport_names[t];
    struct e2e_server a, b;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DQuery9 *q = NULL;
    D3DPRESENT_PARAMETERS pp = {0};
    struct tvertex quad[4] = {{0, 0, 0.5f, 1, 0, 0}, {W, 0, 0.5f, 1, 1, 0},
                              {0, H, 0.5f, 1, 0, 1}, {W, H, 0.5f, 1, 1, 1}};
    HRESULT hr = D3D_OK;
    void *p;
    int i;

    if (!e2e_server_start(&a)) {
        ok(0, "%s: the first server", tn);
        return;
    }
    e2e_use_transport(t, &a);
    ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK, "%s: CreateDevice", tn);
    if (!dev) {
        e2e_server_stop(&a);
        return;
    }
    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                   NULL);
    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(quad), 0, TFVF, D3DPOOL_MANAGED, &vb, NULL);
    IDirect3DDevice9_CreatePixelShader(dev, ps_tex, &ps);
    ok(tex && vb && ps, "%s: a MANAGED texture and vertex buffer, a pixel shader", tn);
    if (!tex || !vb || !ps)
        goto out;
    fill(tex, 0xff00ff00);
    if (SUCCEEDED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0))) {
        memcpy(p, quad, sizeof(quad));
        IDirect3DVertexBuffer9_Unlock(vb);
    }
    ok(draw(dev, tex, vb, ps) == 0xff00ff00, "%s: drawn before the loss", tn);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK, "%s: Present", tn);
    IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q);
    /* Everything sent so far has been executed, the present too: the server
     * writes a frame's NEREID_DUMP file before the present completes, so
     * that file is on disk before the kill, in every run. */
    ok(nereid_device_sync(dev, NULL) == D3D_OK, "%s: the present is done before the kill",
       tn);

    /* The server dies. */
    kill(a.pid, SIGKILL);
    e2e_server_stop(&a);
    if (q)
        IDirect3DQuery9_Issue(q, D3DISSUE_END);
    for (i = 0; i < 20 && hr == D3D_OK; i++) {
        hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        if (hr == D3D_OK)
            usleep(20000);
    }
    ok(hr == D3DERR_DEVICELOST, "%s: Present notices the loss: %#lx", tn, (unsigned long)hr);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3DERR_DEVICELOST,
       "%s: lost while no server answers", tn);
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    ok(IDirect3DDevice9_Reset(dev, &pp) == D3DERR_DEVICELOST, "%s: Reset without a server "
       "stays lost", tn);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3DERR_DEVICELOST, "%s: still lost", tn);

    /* A new server: the usual recovery loop ends. */
    if (!e2e_server_start(&b)) {
        ok(0, "%s: the second server", tn);
        goto out;
    }
    e2e_use_transport(t, &b);
    for (i = 0; i < 100; i++) {
        hr = IDirect3DDevice9_TestCooperativeLevel(dev);
        if (hr == D3D_OK)
            break;
        if (hr == D3DERR_DEVICENOTRESET && i < 50)
            ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "%s: Reset once a server answers",
               tn);
        else
            usleep(50000);
    }
    ok(hr == D3D_OK, "%s: the recovery loop ends (%d steps): %#lx", tn, i, (unsigned long)hr);
    {
        DWORD c = draw(dev, tex, vb, ps);
        ok(c == 0xff00ff00, "%s: the texture, buffer and shader draw again (%08lx)", tn,
           (unsigned long)c);
    }
    fill(tex, 0xffff0000);
    ok(draw(dev, tex, vb, ps) == 0xffff0000, "%s: a lock after the loss reaches the server",
       tn);
    IDirect3DDevice9_SetPixelShader(dev, NULL);
    ok(draw(dev, tex, vb, NULL) == 0xffff0000, "%s: fixed function draws it too", tn);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK, "%s: Present", tn);
    if (q) {
        for (i = 0; i < 100 && IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH) == S_FALSE;
             i++)
            usleep(10000);
        ok(i < 100, "%s: a query issued before the loss does not hang", tn);
    }
    {
        uint64_t errors = 1;
        ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
           "%s: no validation errors (%llu)", tn, (unsigned long long)errors);
    }
out:
    if (q)
        IDirect3DQuery9_Release(q);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (tex)
        IDirect3DTexture9_Release(tex);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);
    IDirect3D9_Release(d3d);
    if (b.pid)
        ok(e2e_server_stop(&b) == 0, "%s: the second server exits cleanly (3: validation "
           "errors)", tn);
}

int main(void)
{
    run(E2E_SHM);
    run(E2E_STREAM_UNIX);
    return test_done();
}
