/* d3d9.dll without a server (Windows build, run under Wine): every way of
 * not having one ends in bounded time with IDirect3D9 reporting no adapter
 * and CreateDevice failing with D3DERR_NOTAVAILABLE, never a hang:
 *   - nothing listens at the address and starting a server is off;
 *   - the server program to start does not exist, or exits at once;
 *   - something accepts the connection and never answers;
 *   - the address is not a TCP one (Winsock has no unix sockets).
 * And when NEREID_TEST_AUTOSTART_PORT is set (by run-wine-tests.sh): the DLL
 * starts NEREID_TEST_SERVER_EXE on that port itself and renders through it;
 * then that server is killed, and the device comes back on the one the DLL
 * starts next (the recovery loop of programs). */
#include <winsock2.h>
#include <windows.h>

#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now_s(void)
{
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
}

/* A TCP socket on 127.0.0.1 with a free port; listening when asked. */
static SOCKET make_socket(bool do_listen, int *port)
{
    struct sockaddr_in sa = {0};
    int len = sizeof(sa);
    SOCKET s = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);

    sa.sin_family = AF_INET;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (s == INVALID_SOCKET || bind(s, (struct sockaddr *)&sa, sizeof(sa)) ||
        getsockname(s, (struct sockaddr *)&sa, &len) ||
        (do_listen && listen(s, 4))) {
        if (s != INVALID_SOCKET)
            closesocket(s);
        return INVALID_SOCKET;
    }
    *port = ntohs(sa.sin_port);
    return s;
}

static void set(const char *name, const char *value)
{
    _putenv_s(name, value ? value : "");
}

static void set_closed_address(void)
{
    char addr[64];
    int port = 0;
    closesocket(make_socket(false, &port));
    snprintf(addr, sizeof(addr), "tcp:127.0.0.1:%d", port);
    set("NEREID_SERVER", addr);
}

/* Direct3DCreate9 and CreateDevice with the environment as set; both must
 * fail cleanly within max_s seconds. */
static void expect_unavailable(const char *what, double max_s)
{
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3DDevice9 *dev = (IDirect3DDevice9 *)(uintptr_t)1;
    IDirect3D9 *d3d;
    double t0 = now_s(), dt;
    HRESULT hr;

    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    ok(d3d != NULL, "%s: Direct3DCreate9 returns an object", what);
    if (!d3d)
        return;
    ok(IDirect3D9_GetAdapterCount(d3d) == 0, "%s: %u adapters, expected 0", what,
       IDirect3D9_GetAdapterCount(d3d));
    pp.BackBufferWidth = 64;
    pp.BackBufferHeight = 64;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
    ok(hr == D3DERR_NOTAVAILABLE, "%s: CreateDevice returned %#lx, expected "
       "D3DERR_NOTAVAILABLE", what, (unsigned long)hr);
    ok(dev == NULL, "%s: no device", what);
    ok(IDirect3D9_Release(d3d) == 0, "%s: released", what);
    dt = now_s() - t0;
    ok(dt < max_s, "%s: took %.1f s (limit %.0f s)", what, dt, max_s);
    printf("%s: failed cleanly in %.2f s\n", what, dt);
}

struct tvertex {
    float x, y, z, rhw;
    float u, v;
};

/* A MANAGED texture's colour drawn over the 64x64 target (fixed
 * function), read back at the middle. */
static DWORD draw_texture(IDirect3DDevice9 *dev, IDirect3DTexture9 *tex)
{
    static const struct tvertex quad[4] = {{0, 0, 0.5f, 1, 0, 0}, {64, 0, 0.5f, 1, 1, 0},
                                           {0, 64, 0.5f, 1, 0, 1}, {64, 64, 0.5f, 1, 1, 1}};
    DWORD *px, c;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0]));
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, 64, 64);
    c = px ? px[32 * 64 + 32] | 0xff000000u : 0xdeadbeef;
    free(px);
    return c;
}

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

/* SIGKILL to the server listening on the port (a native process: killed
 * through Wine's spawn of /bin/sh, found by its exact command line). */
static bool kill_server(const char *port)
{
    typedef LONG(CDECL * spawnvp_fn)(char *const argv[], int wait);
    spawnvp_fn spawn = (spawnvp_fn)(void (*)(void))GetProcAddress(
        GetModuleHandleA("ntdll.dll"), "__wine_unix_spawnvp");
    char *argv[] = {(char *)"/bin/sh", (char *)"-c",
                    (char *)"for d in /proc/[0-9]*; do "
                            "if tr '\\0' ' ' <\"$d/cmdline\" 2>/dev/null | "
                            "grep -q \"nereid-server --no-unix --tcp 127.0.0.1:$1 \\$\"; "
                            "then kill -9 \"${d#/proc/}\"; fi; done",
                    (char *)"sh", (char *)port, NULL};
    return spawn && spawn(argv, 1) == 0;
}

/* The server the DLL started dies mid-run: the device is lost, answers
 * D3DERR_DEVICENOTRESET once the DLL has started another, and Reset
 * brings it back there with its MANAGED texture (issue 12's lost-device
 * recovery under Wine). */
static void recover(IDirect3DDevice9 *dev, const char *port)
{
    IDirect3DTexture9 *tex = NULL;
    D3DPRESENT_PARAMETERS pp = {0};
    HRESULT hr = D3D_OK;
    int i;

    IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                   NULL);
    ok(tex != NULL, "recover: a MANAGED texture");
    if (!tex)
        return;
    fill(tex, 0xff00ff00);
    ok(draw_texture(dev, tex) == 0xff00ff00, "recover: drawn before the loss");
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK, "recover: Present");
    ok(nereid_device_sync(dev, NULL) == D3D_OK, "recover: synced before the kill");
    ok(kill_server(port), "recover: the server is killed");
    for (i = 0; i < 50 && hr == D3D_OK; i++) {
        hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        if (hr == D3D_OK)
            Sleep(20);
    }
    ok(hr == D3DERR_DEVICELOST, "recover: Present notices the loss: %#lx", (unsigned long)hr);
    pp.BackBufferWidth = 64;
    pp.BackBufferHeight = 64;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    /* The usual loop: the DLL starts a new server at the first probe. */
    for (i = 0; i < 200; i++) {
        hr = IDirect3DDevice9_TestCooperativeLevel(dev);
        if (hr == D3D_OK)
            break;
        if (hr == D3DERR_DEVICENOTRESET)
            ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "recover: Reset once a server "
               "answers");
        else
            Sleep(100);
    }
    ok(hr == D3D_OK, "recover: the recovery loop ends (%d steps): %#lx", i, (unsigned long)hr);
    {
        DWORD c = draw_texture(dev, tex);
        ok(c == 0xff00ff00, "recover: the MANAGED texture draws again (%08lx)",
           (unsigned long)c);
    }
    fill(tex, 0xffff0000);
    ok(draw_texture(dev, tex) == 0xffff0000, "recover: a lock after the loss reaches the "
       "new server");
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
       "recover: Present on the new server");
    IDirect3DTexture9_Release(tex);
}

static void autostart(void)
{
    const char *port_env = getenv("NEREID_TEST_AUTOSTART_PORT");
    const char *exe_env = getenv("NEREID_TEST_SERVER_EXE");
    char addr[64], port[16], exe[1024];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    DWORD *px;
    double t0 = now_s();

    if (!port_env || !exe_env) {
        skip("starting a server: run-wine-tests.sh sets "
             "NEREID_TEST_AUTOSTART_PORT and NEREID_TEST_SERVER_EXE");
        return;
    }
    /* Copies: _putenv_s moves the strings getenv pointed at. */
    snprintf(port, sizeof(port), "%s", port_env);
    snprintf(exe, sizeof(exe), "%s", exe_env);
    snprintf(addr, sizeof(addr), "tcp:127.0.0.1:%s", port);
    set("NEREID_SERVER", addr);
    set("NEREID_SERVER_EXE", exe);
    set("NEREID_SERVER_START_MS", "30000");
    set("NEREID_CONNECT_TIMEOUT_MS", NULL);
    ok(e2e_create_device(&d3d, &dev, 64, 64, FALSE) == D3D_OK,
       "autostart: CreateDevice through a server the DLL started");
    printf("autostart: device after %.2f s\n", now_s() - t0);
    if (!dev)
        return;
    {
        /* NEREID_TRANSPORT is unset: the default is shm-tcp. */
        struct nereid_device_info info;
        ok(nereid_device_get_info(dev, &info) == D3D_OK &&
               !strcmp(info.transport, "shm-tcp"),
           "autostart: the default transport is shm-tcp (%s)", info.transport);
    }
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff20c040, 1.0f, 0) ==
           D3D_OK, "autostart: Clear");
    px = e2e_read_back(dev, 64, 64);
    ok(px && e2e_color_near(px[33 * 64 + 17], 0xff20c040, 0),
       "autostart: pixel is %08lx", px ? (unsigned long)px[33 * 64 + 17] : 0ul);
    free(px);
    ok(nereid_device_sync(dev, NULL) == D3D_OK, "autostart: sync");
    recover(dev, port);
    {
        uint64_t errors = 1;
        ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
           "recover: no validation errors on the new server (%llu)",
           (unsigned long long)errors);
    }
    ok(IDirect3DDevice9_Release(dev) == 0, "autostart: device released");
    ok(IDirect3D9_Release(d3d) == 0, "autostart: d3d released");
}

int main(void)
{
    WSADATA wsa;
    char addr[64];
    SOCKET silent;
    int port;

    setvbuf(stdout, NULL, _IONBF, 0);
    ok(WSAStartup(MAKEWORD(2, 2), &wsa) == 0, "WSAStartup");
    set("NEREID_TRANSPORT", NULL);
    set("NEREID_CONNECT_TIMEOUT_MS", "1000");

    /* Ports nothing listens on (bound, then closed); a new one each time,
     * since the DLL starts a server at most once per address. */
    set_closed_address();
    set("NEREID_SERVER_EXE", "none");
    expect_unavailable("nothing listens, no start", 5);
    set_closed_address();
    set("NEREID_SERVER_EXE", "/nonexistent/nereid-server");
    expect_unavailable("the server program does not exist", 5);
    set_closed_address();
    set("NEREID_SERVER_EXE", "/bin/false");
    set("NEREID_SERVER_START_MS", "1500");
    expect_unavailable("the server exits at once", 8);

    /* Accepted by the kernel (listen backlog), never answered. */
    silent = make_socket(true, &port);
    ok(silent != INVALID_SOCKET, "a silent listening socket");
    snprintf(addr, sizeof(addr), "tcp:127.0.0.1:%d", port);
    set("NEREID_SERVER", addr);
    expect_unavailable("the peer never answers", 6);
    closesocket(silent);

    set("NEREID_SERVER", "unix:/tmp/nereid-no-such.sock");
    expect_unavailable("a unix socket address", 5);
    /* d3d9.dll has no in-process server. */
    set("NEREID_TRANSPORT", "inproc");
    set("NEREID_SERVER", NULL);
    expect_unavailable("NEREID_TRANSPORT=inproc", 5);
    set("NEREID_TRANSPORT", NULL);

    autostart();
    return test_done();
}
