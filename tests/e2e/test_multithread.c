/* D3DCREATE_MULTITHREADED: several threads use one device at once --
 * drawing (DrawPrimitiveUP), locking and unlocking their vertex buffers and
 * textures, and waiting on event queries -- and the frame comes out right,
 * with the validation layer on.  Over every transport.  A device without
 * the flag keeps its unlocked vtable. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64
#define THREADS 4
#define ITERATIONS 300
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

struct worker {
    IDirect3DDevice9 *dev;
    IDirect3DVertexBuffer9 *vb;
    IDirect3DTexture9 *tex;
    int index;
    DWORD color;
    int failures;
};

static void band(struct vertex v[4], float x0, float x1, int i, DWORD c)
{
    float y0 = (float)(i * (H / THREADS)), y1 = y0 + H / THREADS;
    v[0] = (struct vertex){x0, y0, 0, 1, c};
    v[1] = (struct vertex){x1, y0, 0, 1, c};
    v[2] = (struct vertex){x0, y1, 0, 1, c};
    v[3] = (struct vertex){x1, y1, 0, 1, c};
}

static void *work(void *arg)
{
    struct worker *w = arg;
    IDirect3DQuery9 *q = NULL;

    if (IDirect3DDevice9_CreateQuery(w->dev, D3DQUERYTYPE_EVENT, &q) != D3D_OK)
        w->failures++;
    for (int it = 0; it < ITERATIONS; it++) {
        bool last = it == ITERATIONS - 1;
        DWORD c = last ? w->color : 0xff000000u | (DWORD)(it * 0x010203u);
        struct vertex v[4], *dst;
        D3DLOCKED_RECT lr;

        /* Left half: drawn from this thread. */
        band(v, 0, W / 2, w->index, c);
        if (IDirect3DDevice9_DrawPrimitiveUP(w->dev, D3DPT_TRIANGLESTRIP, 2, v,
                                             sizeof(v[0])) != D3D_OK)
            w->failures++;
        /* Right half: this thread's buffer, drawn by the main thread. */
        band(v, W / 2, W, w->index, c);
        if (IDirect3DVertexBuffer9_Lock(w->vb, 0, 0, (void **)&dst,
                                        (it & 1) ? D3DLOCK_DISCARD : 0) != D3D_OK) {
            w->failures++;
        } else {
            memcpy(dst, v, sizeof(v));
            IDirect3DVertexBuffer9_Unlock(w->vb);
        }
        if (IDirect3DTexture9_LockRect(w->tex, 0, &lr, NULL, 0) == D3D_OK) {
            for (int y = 0; y < 8; y++)
                for (int x = 0; x < 8; x++)
                    ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] = c;
            IDirect3DTexture9_UnlockRect(w->tex, 0);
        } else {
            w->failures++;
        }
        if (q && it % 50 == 25) {
            BOOL done = FALSE;
            HRESULT hr;
            int n = 0;
            IDirect3DQuery9_Issue(q, D3DISSUE_END);
            while ((hr = IDirect3DQuery9_GetData(q, &done, sizeof(done), D3DGETDATA_FLUSH)) ==
                       S_FALSE && n++ < 1000000)
                ;
            if (hr != S_OK || !done)
                w->failures++;
        }
    }
    if (q)
        IDirect3DQuery9_Release(q);
    return NULL;
}

static HRESULT create_device(IDirect3D9 **d3d, IDirect3DDevice9 **dev, DWORD flags)
{
    D3DPRESENT_PARAMETERS pp = {0};
    HRESULT hr;

    *dev = NULL;
    if (!(*d3d = Direct3DCreate9(D3D_SDK_VERSION)))
        return E_FAIL;
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    hr = IDirect3D9_CreateDevice(*d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING | flags, &pp, dev);
    if (FAILED(hr)) {
        IDirect3D9_Release(*d3d);
        *d3d = NULL;
    }
    return hr;
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    static const DWORD colors[THREADS] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00};
    const char *name = e2e_transport_names[t];
    struct worker w[THREADS];
    pthread_t th[THREADS];
    IDirect3D9 *d3d, *d3d2;
    IDirect3DDevice9 *dev, *plain;
    uint64_t errors = 1;
    DWORD *px;

    e2e_use_transport(t, server);
    if (!ok(create_device(&d3d, &dev, D3DCREATE_MULTITHREADED) == D3D_OK,
            "%s: MULTITHREADED device", name))
        return;
    if (create_device(&d3d2, &plain, 0) == D3D_OK) {
        ok(dev->lpVtbl != plain->lpVtbl,
           "%s: only the MULTITHREADED device gets the locking vtable", name);
        IDirect3DDevice9_Release(plain);
        IDirect3D9_Release(d3d2);
    }
    {
        /* Shaders and declarations carry the locking vtable too, and the
         * device still knows them as its own. */
        static const DWORD vs_code[] = {0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000,
                                        0x00000001, 0xc00f0000, 0x90e40000, 0x0000ffff};
        static const D3DVERTEXELEMENT9 elems[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
        IDirect3DVertexShader9 *vs = NULL, *got = NULL;
        IDirect3DVertexDeclaration9 *decl = NULL, *got_decl = NULL;
        if (ok(IDirect3DDevice9_CreateVertexShader(dev, vs_code, &vs) == D3D_OK &&
                   IDirect3DDevice9_CreateVertexDeclaration(dev, elems, &decl) == D3D_OK,
               "%s: shader and declaration", name)) {
            ok(IDirect3DDevice9_SetVertexShader(dev, vs) == D3D_OK &&
                   IDirect3DDevice9_SetVertexDeclaration(dev, decl) == D3D_OK &&
                   IDirect3DDevice9_GetVertexShader(dev, &got) == D3D_OK && got == vs &&
                   IDirect3DDevice9_GetVertexDeclaration(dev, &got_decl) == D3D_OK &&
                   got_decl == decl,
               "%s: the device takes its own locked shader and declaration", name);
            if (got)
                IDirect3DVertexShader9_Release(got);
            if (got_decl)
                IDirect3DVertexDeclaration9_Release(got_decl);
            IDirect3DDevice9_SetVertexShader(dev, NULL);
            IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
        }
        if (vs)
            IDirect3DVertexShader9_Release(vs);
        if (decl)
            IDirect3DVertexDeclaration9_Release(decl);
    }
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    memset(w, 0, sizeof(w));
    for (int i = 0; i < THREADS; i++) {
        w[i].dev = dev;
        w[i].index = i;
        w[i].color = colors[i];
        if (IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(struct vertex),
                                                D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, FVF,
                                                D3DPOOL_DEFAULT, &w[i].vb, NULL) != D3D_OK ||
            IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &w[i].tex, NULL) != D3D_OK) {
            ok(0, "%s: resources", name);
            goto out;
        }
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&th[i], NULL, work, &w[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < THREADS; i++) {
        ok(w[i].failures == 0, "%s: thread %d: %d failed calls", name, i, w[i].failures);
        IDirect3DDevice9_SetStreamSource(dev, 0, w[i].vb, 0, sizeof(struct vertex));
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    }
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: read back", name)) {
        for (int i = 0; i < THREADS; i++) {
            int y = i * (H / THREADS) + H / THREADS / 2;
            ok(e2e_color_near(px[y * W + 8], colors[i], 1),
               "%s: thread %d's draw %08lx", name, i, (unsigned long)px[y * W + 8]);
            ok(e2e_color_near(px[y * W + 48], colors[i], 1),
               "%s: thread %d's buffer %08lx", name, i, (unsigned long)px[y * W + 48]);
        }
        free(px);
    }
    for (int i = 0; i < THREADS; i++) {
        D3DLOCKED_RECT lr;
        if (IDirect3DTexture9_LockRect(w[i].tex, 0, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
            ok(((DWORD *)lr.pBits)[0] == colors[i], "%s: thread %d's texture", name, i);
            IDirect3DTexture9_UnlockRect(w[i].tex, 0);
        }
    }
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
out:
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    for (int i = 0; i < THREADS; i++) {
        if (w[i].vb)
            IDirect3DVertexBuffer9_Release(w[i].vb);
        if (w[i].tex)
            IDirect3DTexture9_Release(w[i].tex);
    }
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
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
