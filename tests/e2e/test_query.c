/* IDirect3DQuery9: which types CreateQuery supports, event queries that
 * reach S_OK with D3DGETDATA_FLUSH and through presents without a round
 * trip, GetData without FLUSH that never waits, occlusion queries that
 * count the samples of known quads (across a submission, overlapping, and
 * reissued), timestamp queries (ordered, in the frequency's units, and
 * the short buffers and never-issued fills Wine's device test saw on
 * Windows), the documented error returns and a lost device.  Over every
 * transport. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "d3d9/testhooks.h" /* libnereid_d3d9_test.so, nereid_d3d9_test.dll */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 32
#define H 32
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static void quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, DWORD c)
{
    struct vertex v[4] = {{x0, y0, 0, 1, c}, {x1, y0, 0, 1, c}, {x0, y1, 0, 1, c},
                          {x1, y1, 0, 1, c}};
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Polls with FLUSH until S_OK (or 20 s); the result, or ~0u. */
static HRESULT wait_data(IDirect3DQuery9 *q, void *data, DWORD size)
{
    double end = now_ms() + 20000;
    HRESULT hr;
    while ((hr = IDirect3DQuery9_GetData(q, data, size, D3DGETDATA_FLUSH)) == S_FALSE &&
           now_ms() < end)
        ;
    return hr;
}

static DWORD occlusion(IDirect3DQuery9 *q)
{
    DWORD n = 0xdeadbeef;
    HRESULT hr = wait_data(q, &n, sizeof(n));
    return hr == S_OK ? n : 0xdeadbeef;
}

static uint64_t round_trips(IDirect3DDevice9 *dev)
{
    struct nereid_stats st;
    memset(&st, 0, sizeof(st));
    nereid_device_get_stats(dev, &st); /* itself one round trip */
    return st.round_trips;
}

static void test_support(IDirect3DDevice9 *dev, const char *name)
{
    static const D3DQUERYTYPE unsupported[] = {
        D3DQUERYTYPE_VCACHE, D3DQUERYTYPE_RESOURCEMANAGER, D3DQUERYTYPE_VERTEXSTATS,
        D3DQUERYTYPE_PIPELINETIMINGS, D3DQUERYTYPE_BANDWIDTHTIMINGS,
    };
    IDirect3DQuery9 *q = (void *)0x1;
    IDirect3DDevice9 *got = NULL;
    ULONG before;

    ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, NULL) == D3D_OK,
       "%s: EVENT is supported", name);
    ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, NULL) == D3D_OK,
       "%s: OCCLUSION is supported", name);
    for (size_t i = 0; i < sizeof(unsupported) / sizeof(unsupported[0]); i++) {
        ok(IDirect3DDevice9_CreateQuery(dev, unsupported[i], NULL) == D3DERR_NOTAVAILABLE,
           "%s: type %d is not", name, unsupported[i]);
        q = (void *)0x1;
        /* Windows leaves the pointer alone (Wine's device test_query_support). */
        ok(IDirect3DDevice9_CreateQuery(dev, unsupported[i], &q) == D3DERR_NOTAVAILABLE &&
               q == (void *)0x1, "%s: creating type %d fails cleanly", name, unsupported[i]);
    }
    IDirect3DDevice9_AddRef(dev);
    before = IDirect3DDevice9_Release(dev);
    ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &q) == D3D_OK && q,
       "%s: CreateQuery(OCCLUSION)", name);
    IDirect3DDevice9_AddRef(dev);
    ok(IDirect3DDevice9_Release(dev) == before + 1, "%s: a query holds the device", name);
    ok(IDirect3DQuery9_GetType(q) == D3DQUERYTYPE_OCCLUSION &&
           IDirect3DQuery9_GetDataSize(q) == sizeof(DWORD),
       "%s: GetType, GetDataSize", name);
    ok(IDirect3DQuery9_GetDevice(q, &got) == D3D_OK && got == dev, "%s: GetDevice", name);
    if (got)
        IDirect3DDevice9_Release(got);
    ok(IDirect3DQuery9_Issue(q, 0) == D3DERR_INVALIDCALL &&
           IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN | D3DISSUE_END) == D3DERR_INVALIDCALL,
       "%s: bad Issue flags fail", name);
    ok(IDirect3DQuery9_GetData(q, NULL, 0, 0) == S_OK,
       "%s: a query never issued answers S_OK", name);
    {
        DWORD d[2] = {0xffffffff, 0xffffffff};
        ok(IDirect3DQuery9_GetData(q, d, sizeof(DWORD), 0) == S_OK && d[0] == 0xdddddddd &&
               d[1] == 0xffffffff,
           "%s: ... and fills what it is given with 0xdd (%08lx)", name, (unsigned long)d[0]);
    }
    ok(IDirect3DQuery9_Release(q) == 0, "%s: query released", name);
    IDirect3DDevice9_AddRef(dev);
    ok(IDirect3DDevice9_Release(dev) == before, "%s: device reference returned", name);

    ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q) == D3D_OK, "%s: EVENT",
       name);
    ok(IDirect3DQuery9_GetType(q) == D3DQUERYTYPE_EVENT &&
           IDirect3DQuery9_GetDataSize(q) == sizeof(BOOL),
       "%s: event GetType, GetDataSize", name);
    ok(IDirect3DQuery9_Issue(q, D3DISSUE_BEGIN) == D3DERR_INVALIDCALL,
       "%s: an event cannot begin", name);
    IDirect3DQuery9_Release(q);
}

static void test_event(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DQuery9 *q = NULL;
    BOOL done = FALSE;
    uint64_t trips;
    HRESULT hr = S_FALSE;

    if (!ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q) == D3D_OK, "%s: event",
            name))
        return;
    /* With FLUSH it gets there. */
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 0, 0, 32, 32, 0xff00ff00);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DQuery9_Issue(q, D3DISSUE_END) == D3D_OK, "%s: Issue(END)", name);
    ok(wait_data(q, &done, sizeof(done)) == S_OK && done == TRUE,
       "%s: the event is reached with FLUSH", name);
    ok(IDirect3DQuery9_GetData(q, &done, 2, 0) == D3DERR_INVALIDCALL,
       "%s: a short buffer fails", name);

    /* Without FLUSH: no round trip (so no wait: the count below proves it,
     * where a timing would be flaky), and presents complete it. */
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 0, 0, 32, 32, 0xff0000ff);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DQuery9_Issue(q, D3DISSUE_END);
    trips = round_trips(dev);
    for (int i = 0; i < 1000; i++)
        if ((hr = IDirect3DQuery9_GetData(q, &done, sizeof(done), 0)) != S_FALSE)
            break;
    for (int i = 0; i < 3 && hr != S_OK; i++) {
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        hr = IDirect3DQuery9_GetData(q, &done, sizeof(done), 0);
    }
    ok(hr == S_OK && done == TRUE, "%s: presents complete the event (%#lx)", name,
       (unsigned long)hr);
    /* The stats' own ping is the one round trip in between. */
    trips = round_trips(dev) - trips;
    ok(trips == 1, "%s: without a round trip (%llu)", name, (unsigned long long)trips - 1);
    IDirect3DQuery9_Release(q);
}

static void test_occlusion(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DQuery9 *a = NULL, *b = NULL;
    uint64_t errors;
    DWORD n = 0;

    if (!ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &a) == D3D_OK &&
                IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_OCCLUSION, &b) == D3D_OK,
            "%s: occlusion queries", name))
        goto out;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    /* A 10x10 quad: 100 samples. */
    IDirect3DQuery9_Issue(a, D3DISSUE_BEGIN);
    quad(dev, 4, 4, 14, 14, 0xffffffff);
    IDirect3DQuery9_Issue(a, D3DISSUE_END);
    /* Outside the target: none. */
    IDirect3DQuery9_Issue(b, D3DISSUE_BEGIN);
    quad(dev, 40, 40, 50, 50, 0xffffffff);
    IDirect3DQuery9_Issue(b, D3DISSUE_END);
    IDirect3DDevice9_EndScene(dev);
    n = occlusion(a);
    ok(n == 100, "%s: a 10x10 quad is 100 samples (%lu)", name,
       (unsigned long)n);
    n = occlusion(b);
    ok(n == 0, "%s: a quad outside is none (%lu)", name, (unsigned long)n);
    ok(IDirect3DQuery9_GetData(a, &n, sizeof(n), 0) == S_OK && n == 100,
       "%s: the result is kept", name);
    {
        WORD h[2] = {0xffff, 0xffff};
        ok(IDirect3DQuery9_GetData(a, h, sizeof(WORD), 0) == S_OK && h[0] == 100 &&
               h[1] == 0xffff,
           "%s: a short buffer takes the count's low bytes", name);
    }
    {
        DWORD d[2] = {0xffffffff, 0xffffffff};
        ok(IDirect3DQuery9_GetData(a, d, sizeof(d), 0) == S_OK && d[0] == 100 && d[1] == 0,
           "%s: given 8 bytes, the count is 64 bits (%08lx %08lx)", name,
           (unsigned long)d[1], (unsigned long)d[0]);
    }

    {
        /* Polled without FLUSH, as programs do frame after frame, the count
         * arrives once later presents have completed. */
        HRESULT hr = S_FALSE;
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DQuery9_Issue(a, D3DISSUE_BEGIN);
        quad(dev, 4, 4, 12, 12, 0xffffffff);
        IDirect3DQuery9_Issue(a, D3DISSUE_END);
        IDirect3DDevice9_EndScene(dev);
        n = 0;
        for (int i = 0; i < 8 && hr == S_FALSE; i++) {
            IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
            hr = IDirect3DQuery9_GetData(a, &n, sizeof(n), 0);
        }
        ok(hr == S_OK && n == 64, "%s: without FLUSH the count arrives after presents "
           "(%#lx, %lu)", name, (unsigned long)hr, (unsigned long)n);
    }

    /* Across a submission (the sync submits what was recorded). */
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DQuery9_Issue(a, D3DISSUE_BEGIN);
    quad(dev, 0, 0, 5, 5, 0xffffffff);
    nereid_device_sync(dev, &errors);
    quad(dev, 10, 10, 15, 15, 0xffffffff);
    IDirect3DQuery9_Issue(a, D3DISSUE_END);
    /* Overlapping queries. */
    IDirect3DQuery9_Issue(b, D3DISSUE_BEGIN);
    quad(dev, 20, 20, 25, 25, 0xffffffff); /* b: 25 */
    IDirect3DQuery9_Issue(a, D3DISSUE_BEGIN); /* a restarts */
    quad(dev, 20, 0, 30, 2, 0xffffffff);   /* a and b: 20 */
    IDirect3DQuery9_Issue(b, D3DISSUE_END);
    quad(dev, 0, 20, 2, 30, 0xffffffff);   /* a: 20 */
    IDirect3DDevice9_EndScene(dev);
    n = occlusion(b);
    ok(n == 45, "%s: overlapping query b (%lu)", name, (unsigned long)n);
    ok(IDirect3DQuery9_GetData(a, &n, sizeof(n), D3DGETDATA_FLUSH) == S_OK,
       "%s: an active query answers S_OK", name);
    IDirect3DQuery9_Issue(a, D3DISSUE_END);
    n = occlusion(a);
    ok(n == 40, "%s: overlapping query a (%lu)", name, (unsigned long)n);

    IDirect3DDevice9_BeginScene(dev);
    IDirect3DQuery9_Issue(a, D3DISSUE_BEGIN);
    quad(dev, 0, 0, 5, 5, 0xffffffff);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DQuery9_Issue(a, D3DISSUE_END);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 10, 10, 15, 15, 0xffffffff); /* after END: not counted */
    nereid_device_sync(dev, &errors);       /* a submission inside the query */
    IDirect3DDevice9_EndScene(dev);
    n = occlusion(a);
    ok(n == 25, "%s: a reissued query (%lu)", name, (unsigned long)n);
out:
    if (a)
        IDirect3DQuery9_Release(a);
    if (b)
        IDirect3DQuery9_Release(b);
}

/* Lavapipe and the H200 both have timestamps on their graphics queue. */
static void test_timestamp(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DQuery9 *ts = NULL, *ts2 = NULL, *dj = NULL, *fq = NULL;
    UINT64 freq = 0, t0 = 0, t1 = 0, t2 = 0;
    DWORD w[2];
    BOOL disjoint = TRUE;
    struct timespec pause = {0, 30 * 1000 * 1000};

    if (!ok(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMP, &ts) == D3D_OK &&
                IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMP, &ts2) == D3D_OK &&
                IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPDISJOINT, &dj) ==
                    D3D_OK &&
                IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_TIMESTAMPFREQ, &fq) == D3D_OK,
            "%s: timestamp queries are supported", name))
        goto out;
    ok(IDirect3DQuery9_GetDataSize(ts) == 8 && IDirect3DQuery9_GetDataSize(fq) == 8 &&
           IDirect3DQuery9_GetDataSize(dj) == sizeof(BOOL),
       "%s: timestamp data sizes", name);
    /* Never issued: S_OK, the bytes given filled with 0xdd, no more. */
    memset(w, 0xff, sizeof(w));
    ok(IDirect3DQuery9_GetData(ts, w, sizeof(DWORD), D3DGETDATA_FLUSH) == S_OK &&
           w[0] == 0xdddddddd && w[1] == 0xffffffff,
       "%s: a timestamp never issued (%08lx %08lx)", name, (unsigned long)w[0],
       (unsigned long)w[1]);

    ok(IDirect3DQuery9_Issue(fq, D3DISSUE_END) == D3D_OK, "%s: Issue(FREQ)", name);
    ok(IDirect3DQuery9_Issue(dj, D3DISSUE_BEGIN) == D3D_OK, "%s: Issue(DISJOINT)", name);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 0, 0, 8, 8, 0xffffffff);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DQuery9_Issue(ts, D3DISSUE_BEGIN) == D3D_OK &&
           IDirect3DQuery9_Issue(ts, D3DISSUE_END) == D3D_OK,
       "%s: a timestamp takes BEGIN and END", name);
    ok(wait_data(fq, &freq, sizeof(freq)) == S_OK && freq >= 1000,
       "%s: the frequency (%llu Hz)", name, (unsigned long long)freq);
    ok(wait_data(ts, &t0, sizeof(t0)) == S_OK && t0, "%s: a timestamp (%llu)", name,
       (unsigned long long)t0);
    memset(w, 0xff, sizeof(w));
    ok(IDirect3DQuery9_GetData(ts, w, sizeof(DWORD), 0) == S_OK &&
           w[0] == (DWORD)t0 && w[1] == 0xffffffff,
       "%s: a short buffer takes the low bytes", name);

    /* Written when the GPU gets there: after a pause on the host the next
     * one is at least the pause later, in the frequency's units (a lower
     * bound only: the GPU may run later, never earlier). */
    nanosleep(&pause, NULL);
    IDirect3DDevice9_BeginScene(dev);
    quad(dev, 8, 8, 16, 16, 0xffffffff);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DQuery9_Issue(ts2, D3DISSUE_END);
    IDirect3DQuery9_Issue(ts, D3DISSUE_END); /* reissued: a new time */
    IDirect3DQuery9_Issue(dj, D3DISSUE_END);
    ok(wait_data(ts2, &t1, sizeof(t1)) == S_OK && wait_data(ts, &t2, sizeof(t2)) == S_OK,
       "%s: later timestamps", name);
    ok(freq && t1 > t0 && (double)(t1 - t0) / (double)freq >= 0.025 && t2 >= t1,
       "%s: in order and a pause apart (%.4f s)", name,
       freq ? (double)(t1 - t0) / (double)freq : 0.0);
    ok(wait_data(dj, &disjoint, sizeof(disjoint)) == S_OK && disjoint == FALSE,
       "%s: never disjoint", name);
out:
    if (ts)
        IDirect3DQuery9_Release(ts);
    if (ts2)
        IDirect3DQuery9_Release(ts2);
    if (dj)
        IDirect3DQuery9_Release(dj);
    if (fq)
        IDirect3DQuery9_Release(fq);
}

static void test_lost(const char *name)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DQuery9 *q = NULL;
    static const uint64_t garbage[2] = {0x000000087fffull, 0};
    BOOL done;

    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q);
    IDirect3DQuery9_Issue(q, D3DISSUE_END);
    nereid_device_inject(dev, garbage, sizeof(garbage));
    for (int i = 0; i < 200 && IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK; i++)
        nereid_device_sync(dev, NULL);
    /* Cut off by a server that still answers: lost, and can be reset. */
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3DERR_DEVICENOTRESET,
       "%s: the device is lost", name);
    ok(IDirect3DQuery9_GetData(q, &done, sizeof(done), D3DGETDATA_FLUSH) ==
           D3DERR_DEVICELOST, "%s: GetData says so", name);
    ok(IDirect3DQuery9_Issue(q, D3DISSUE_END) == D3D_OK, "%s: Issue succeeds", name);
    IDirect3DQuery9_Release(q);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: lost device released", name);
    IDirect3D9_Release(d3d);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    test_support(dev, name);
    test_event(dev, name);
    test_occlusion(dev, name);
    test_timestamp(dev, name);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
    IDirect3D9_Release(d3d);
    if (t == E2E_INPROC)
        test_lost(name);
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
