/* bench/drawstress: many small triangles a frame through D3D9 and the wire.
 *
 *   drawstress [--draws N] [--frames F]
 *              [--variant up|vb|churn|churn-texture|churn-mask]
 *              [--transport inproc|shm|stream-unix|stream-tcp|shm-tcp]
 *              [--window]
 *
 * Variants: up    DrawPrimitiveUP, one triangle a draw, state unchanged
 *           vb    DrawPrimitive from one static vertex buffer, state unchanged
 *           churn DrawPrimitive with a texture and a render state change
 *                 every draw (textured vertices, two 4x4 textures)
 *           churn-texture, churn-mask  the same with only the texture
 *                 change, or only the render state (COLORWRITEENABLE) one
 * Prints one line: the median frame time, API-thread ns per draw, wire
 * (record) bytes and stage bytes per draw, server ns per draw, and the
 * Vulkan draw calls the server issued per frame.  For shm and stream the
 * benchmark starts its own nereid-server (NEREID_SERVER_EXE).  --window
 * presents into an X11 window of the benchmark's own on DISPLAY (as an
 * application does: its id is hDeviceWindow; presentation interval
 * IMMEDIATE), instead of headless.
 *
 * Against another libd3d9 (DXVK-native's, found first on LD_LIBRARY_PATH
 * as libd3d9.so.0: bench/side-by-side.sh), nereid's own functions are
 * absent (they are looked up at run time, not linked): the line's
 * transport is "foreign", the wire, stage, server and Vulkan-call figures
 * are 0, and, since nothing tells when such a device has finished a
 * frame, an event query (D3DQUERYTYPE_EVENT) is issued after each frame's
 * draws, before its Present, and after the Present the benchmark waits
 * (GetData with D3DGETDATA_FLUSH until S_OK) for the previous frame's:
 * one frame in flight, what nereid's client has with one present credit
 * (when Present n returns, frames up to n - 1 are done); frame 0 waits for
 * its own, as nereid's sync after it does. */
#define _GNU_SOURCE
#include "bench_util.h"
#include "e2e_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef _WIN32
#include <dlfcn.h>
#include <sched.h>
#endif

#ifdef NEREID_HAVE_XCB
#include <xcb/xcb.h>

/* A mapped size x size window on DISPLAY; 0 without one. */
static uint32_t make_window(xcb_connection_t **conn, uint16_t size)
{
    xcb_screen_t *screen;
    uint32_t win;
    *conn = xcb_connect(NULL, NULL);
    if (!*conn || xcb_connection_has_error(*conn))
        return 0;
    screen = xcb_setup_roots_iterator(xcb_get_setup(*conn)).data;
    win = xcb_generate_id(*conn);
    xcb_create_window(*conn, XCB_COPY_FROM_PARENT, win, screen->root, 0, 0, size, size, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, 0, NULL);
    xcb_map_window(*conn, win);
    free(xcb_get_input_focus_reply(*conn, xcb_get_input_focus(*conn), NULL));
    return win;
}
#endif

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

/* churn's vertices: the same triangles with a texture coordinate. */
struct tvertex {
    float x, y, z, rhw;
    DWORD color;
    float u, v;
};
#define TFVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1)

#define SIZE 512

/* nereid's own functions (include/nereid/nereid.h), NULL when the
 * libd3d9 that answered is another one.  The PE build links d3d9.dll's. */
typedef HRESULT (*get_stats_fn)(IDirect3DDevice9 *, struct nereid_stats *);
typedef HRESULT (*sync_fn)(IDirect3DDevice9 *, uint64_t *);
static get_stats_fn get_stats;
static sync_fn device_sync;

static void find_nereid(void)
{
#ifdef _WIN32
    get_stats = nereid_device_get_stats;
    device_sync = nereid_device_sync;
#else
    get_stats = (get_stats_fn)dlsym(RTLD_DEFAULT, "nereid_device_get_stats");
    device_sync = (sync_fn)dlsym(RTLD_DEFAULT, "nereid_device_sync");
#endif
}

static void stats(IDirect3DDevice9 *dev, struct nereid_stats *s)
{
    if (get_stats)
        get_stats(dev, s);
    else
        memset(s, 0, sizeof(*s));
}

/* A foreign device: until q's event has passed. */
static void wait_event(IDirect3DQuery9 *q)
{
    while (IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH) == S_FALSE) {
#ifndef _WIN32
        sched_yield();
#endif
    }
}

/* Triangle i: three pixels' worth, somewhere on a grid. */
static void triangle(struct vertex *v, int i)
{
    float x = (float)((i * 7) % (SIZE - 4)), y = (float)((i * 13 / 7) % (SIZE - 4));
    DWORD c = 0xff000000u | (DWORD)(i * 2654435761u >> 8);
    v[0] = (struct vertex){x, y, 0.5f, 1, c};
    v[1] = (struct vertex){x + 3, y, 0.5f, 1, c};
    v[2] = (struct vertex){x, y + 2, 0.5f, 1, c};
}

int main(int argc, char **argv)
{
    int draws = 10000, frames = 40;
    const char *variant = "up", *transport = "inproc";
    enum e2e_transport t = E2E_INPROC;
    struct e2e_server server = {0};
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DTexture9 *tex[2] = {NULL, NULL};
    bool churn, churn_texture = true, churn_mask = true;
    struct vertex *all;
    uint64_t *frame_ns, *api_ns, last_present = 0;
    struct nereid_stats s0, s1, f0, f1;
    double wire_per_draw = 0, stage_per_draw = 0;
    bool window = false, foreign;
    uint32_t xid = 0;
    IDirect3DQuery9 *done_query[2] = {NULL, NULL};

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--draws") && i + 1 < argc)
            draws = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            variant = argv[++i];
        else if (!strcmp(argv[i], "--transport") && i + 1 < argc)
            transport = argv[++i];
        else if (!strcmp(argv[i], "--window"))
            window = true;
        else {
            fprintf(stderr, "usage: drawstress [--draws N] [--frames F] "
                            "[--variant up|vb|churn|churn-texture|churn-mask] "
                            "[--transport T] [--window]\n");
            return 2;
        }
    }
    if (draws < 1 || frames < 4 ||
        (strcmp(variant, "up") && strcmp(variant, "vb") && strcmp(variant, "churn") &&
         strcmp(variant, "churn-texture") && strcmp(variant, "churn-mask"))) {
        fprintf(stderr, "drawstress: bad --draws, --frames or --variant\n");
        return 2;
    }
    find_nereid();
    foreign = !get_stats || !device_sync;
    if (foreign) {
        transport = "foreign";
        fprintf(stderr, "drawstress: not nereid's libd3d9: no wire or server figures; "
                        "frames are waited for through event queries\n");
    }
    for (int i = 0; i < E2E_COUNT; i++)
        if (!strcmp(transport, e2e_transport_names[i]))
            t = (enum e2e_transport)i;
    if (t != E2E_INPROC && !e2e_server_start(&server)) {
        fprintf(stderr, "drawstress: cannot start nereid-server\n");
        return 1;
    }
    e2e_use_transport(t, &server);
    if (window) {
#ifdef NEREID_HAVE_XCB
        xcb_connection_t *conn;
        xid = make_window(&conn, SIZE);
#endif
        if (!xid) {
            fprintf(stderr, "drawstress: --window needs an X display (and libxcb)\n");
            return 1;
        }
    }
    if (xid) {
        D3DPRESENT_PARAMETERS pp = {0};
        pp.BackBufferWidth = pp.BackBufferHeight = SIZE;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.Windowed = TRUE;
        pp.hDeviceWindow = (HWND)(uintptr_t)xid;
        pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
        d3d = Direct3DCreate9(D3D_SDK_VERSION);
        dev = NULL;
        if (d3d)
            IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                    D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
    }
    if (xid ? !dev : e2e_create_device(&d3d, &dev, SIZE, SIZE, FALSE) != D3D_OK) {
        fprintf(stderr, "drawstress: no device\n");
        if (t != E2E_INPROC)
            e2e_server_stop(&server);
        return 1;
    }
    all = malloc((size_t)draws * 3 * sizeof(*all));
    frame_ns = calloc((size_t)frames, sizeof(*frame_ns));
    api_ns = calloc((size_t)frames, sizeof(*api_ns));
    for (int i = 0; i < draws; i++)
        triangle(all + 3 * i, i);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    churn = !strncmp(variant, "churn", 5);
    churn_texture = strcmp(variant, "churn-mask") != 0;
    churn_mask = strcmp(variant, "churn-texture") != 0;
    if (churn) {
        /* Two small textures to switch between, and textured vertices. */
        struct tvertex *tv = malloc((size_t)draws * 3 * sizeof(*tv));
        void *p;
        for (int i = 0; i < draws * 3; i++)
            tv[i] = (struct tvertex){all[i].x, all[i].y, all[i].z, all[i].rhw,
                                     all[i].color, (float)(i % 3) * 0.5f, 0.5f};
        for (int k = 0; k < 2; k++) {
            D3DLOCKED_RECT lr;
            IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &tex[k], NULL);
            if (tex[k] && IDirect3DTexture9_LockRect(tex[k], 0, &lr, NULL, 0) == D3D_OK) {
                for (int y = 0; y < 4; y++)
                    for (int x = 0; x < 4; x++)
                        ((DWORD *)((char *)lr.pBits + y * lr.Pitch))[x] =
                            k ? 0xff808080 : 0xffffffff;
                IDirect3DTexture9_UnlockRect(tex[k], 0);
            }
        }
        IDirect3DDevice9_CreateVertexBuffer(dev, (UINT)(draws * 3 * sizeof(*tv)),
                                            D3DUSAGE_WRITEONLY, TFVF, D3DPOOL_DEFAULT, &vb,
                                            NULL);
        IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0);
        memcpy(p, tv, (size_t)draws * 3 * sizeof(*tv));
        IDirect3DVertexBuffer9_Unlock(vb);
        free(tv);
        IDirect3DDevice9_SetFVF(dev, TFVF);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct tvertex));
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    } else if (strcmp(variant, "up")) {
        void *p;
        IDirect3DDevice9_CreateVertexBuffer(dev, (UINT)(draws * 3 * sizeof(*all)),
                                            D3DUSAGE_WRITEONLY,
                                            D3DFVF_XYZRHW | D3DFVF_DIFFUSE,
                                            D3DPOOL_DEFAULT, &vb, NULL);
        IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0);
        memcpy(p, all, (size_t)draws * 3 * sizeof(*all));
        IDirect3DVertexBuffer9_Unlock(vb);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*all));
    }
    if (foreign)
        for (int k = 0; k < 2; k++)
            if (FAILED(IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &done_query[k]))) {
                fprintf(stderr, "drawstress: no event queries: frames are Present to "
                                "Present\n");
                if (done_query[0])
                    IDirect3DQuery9_Release(done_query[0]);
                done_query[0] = done_query[1] = NULL;
                break;
            }
    uint64_t first_start = 0, first_ns = 0;
    stats(dev, &s0);
    for (int f = 0; f < frames; f++) {
        uint64_t t0 = now_ns(), t1;
        if (f == 0)
            first_start = t0;
        bool measure = f == frames / 2;
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1, 0);
        IDirect3DDevice9_BeginScene(dev);
        if (measure)
            stats(dev, &f0);
        t0 = now_ns();
        if (!strcmp(variant, "up")) {
            for (int i = 0; i < draws; i++)
                IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, all + 3 * i,
                                                 sizeof(*all));
        } else if (!strcmp(variant, "vb")) {
            for (int i = 0; i < draws; i++)
                IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, (UINT)(3 * i), 1);
        } else {
            for (int i = 0; i < draws; i++) {
                if (churn_texture)
                    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[i & 1]);
                else if (i == 0)
                    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[0]);
                if (churn_mask)
                    IDirect3DDevice9_SetRenderState(dev, D3DRS_COLORWRITEENABLE,
                                                    (i & 1) ? 0x7 : 0xf);
                IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, (UINT)(3 * i), 1);
            }
        }
        t1 = now_ns();
        api_ns[f] = t1 - t0;
        if (measure) {
            /* The bytes of exactly one frame's draws. */
            stats(dev, &f1);
            if (get_stats) {
                wire_per_draw = (double)(f1.record_bytes - f0.record_bytes - 16) / draws;
                stage_per_draw = (double)(f1.stage_bytes - f0.stage_bytes) / draws;
            }
        }
        IDirect3DDevice9_EndScene(dev);
        /* A foreign device: an event after the frame's draws, before the
         * Present, so that it travels with the frame's work; then the
         * frame before has finished (frame 0: this one). */
        if (done_query[0])
            IDirect3DQuery9_Issue(done_query[f & 1], D3DISSUE_END);
        IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        if (done_query[0])
            wait_event(done_query[f ? (f & 1) ^ 1 : 0]);
        t1 = now_ns();
        frame_ns[f] = last_present ? t1 - last_present : 0;
        if (f == 0) {
            /* Until the server has made the frame: the shaders and
             * pipelines it compiles, first touches of memory. */
            if (device_sync)
                device_sync(dev, NULL);
            t1 = now_ns();
            first_ns = t1 - first_start;
            last_present = t1;
        }
        last_present = t1;
    }
    stats(dev, &s1);
    {
        int n = frames - 3;
        uint64_t fm = median(frame_ns + 3, n), am = median(api_ns + 3, n);
        double server_ns = (double)(s1.server_busy_ns - s0.server_busy_ns) /
                           ((double)draws * frames);
        double calls = (double)(s1.server_draw_calls - s0.server_draw_calls) / frames;
        printf("%-6s %-12s draws %6d  frame %8.3f ms  api %7.1f ns/draw  wire %5.1f "
               "B/draw  stage %5.1f B/draw  server %7.1f ns/draw  vk draw calls "
               "%.0f/frame  first frame %.3f ms  validation errors %llu\n",
               variant, transport, draws, (double)fm / 1e6, (double)am / draws,
               wire_per_draw, stage_per_draw, server_ns, calls, (double)first_ns / 1e6,
               (unsigned long long)s1.validation_errors);
    }
    for (int k = 0; k < 2; k++)
        if (done_query[k])
            IDirect3DQuery9_Release(done_query[k]);
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    for (int k = 0; k < 2; k++)
        if (tex[k])
            IDirect3DTexture9_Release(tex[k]);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    if (t != E2E_INPROC)
        e2e_server_stop(&server);
    free(all);
    free(frame_ns);
    free(api_ns);
    return 0;
}
