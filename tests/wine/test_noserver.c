/* d3d9.dll without a server (Windows build, run under Wine): every way of
 * not having one ends in bounded time with IDirect3D9 reporting no adapter
 * and CreateDevice failing with D3DERR_NOTAVAILABLE, never a hang:
 *   - nothing listens at the address and starting a server is off;
 *   - the server program to start does not exist, or exits at once;
 *   - something accepts the connection and never answers;
 *   - the address is not a TCP one (Winsock has no unix sockets).
 * And when NEREID_TEST_AUTOSTART_PORT is set (by run-wine-tests.sh): the DLL
 * starts NEREID_TEST_SERVER_EXE on that port itself and renders through it. */
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
