#define _GNU_SOURCE
#include "e2e_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const e2e_transport_names[E2E_COUNT] = {"inproc", "shm", "stream-unix",
                                                   "stream-tcp", "shm-tcp"};

#ifdef _WIN32
/* The Windows build (run under Wine) has no fork: the test script starts the
 * server and e2e_server_start (tests/wine/e2e_server_wine.c) takes its
 * address from NEREID_SERVER.  Only TCP reaches it from Winsock: stream, and
 * shm-tcp (its rings in the server's memfd, which Wine maps as
 * Z:\proc\PID\fd\FD). */
bool e2e_transport_supported(enum e2e_transport t)
{
    return t == E2E_STREAM_TCP || t == E2E_SHM_TCP;
}

/* _putenv_s changes the environment of the C runtime, which d3d9.dll
 * shares (msvcrt.dll) and reads with getenv; "" removes the variable. */
void e2e_setenv(const char *name, const char *value)
{
    _putenv_s(name, value ? value : "");
}
#else
#include <errno.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool e2e_transport_supported(enum e2e_transport t)
{
    (void)t;
    return true;
}

void e2e_setenv(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

static bool can_connect(const char *path)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    bool okay;
    snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
    okay = fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0;
    if (fd >= 0)
        close(fd);
    return okay;
}

static int servers_started;

bool e2e_server_start(struct e2e_server *s)
{
    const char *exe = getenv("NEREID_SERVER_EXE");
    char tmpl[] = "/tmp/nereid-test-XXXXXX";

    memset(s, 0, sizeof(*s));
    if (!exe || !mkdtemp(tmpl))
        return false;
    snprintf(s->dir, sizeof(s->dir), "%s", tmpl);
    snprintf(s->socket, sizeof(s->socket), "%s/server.sock", s->dir);
    srand((unsigned)(getpid() ^ time(NULL)));
    for (int attempt = 0; attempt < 5; attempt++) {
        int status;
        snprintf(s->tcp, sizeof(s->tcp), "127.0.0.1:%d", 20000 + rand() % 30000);
        s->pid = fork();
        if (s->pid < 0)
            return false;
        if (s->pid == 0) {
            /* The server's presented frames go beside the test's own
             * (tests/run-tests.sh compares them between runs).  The folder
             * is named by the how-manieth server of this test it is, not by
             * the attempt: a random port that was taken in one run and not
             * in the other must not rename every frame. */
            const char *dump = getenv("NEREID_DUMP");
            if (dump) {
                char sub[600];
                snprintf(sub, sizeof(sub), "%s/server-%d", dump, servers_started);
                mkdir(sub, 0700);
                setenv("NEREID_DUMP", sub, 1);
            }
            /* Its TCP token in the server's own folder. */
            char token[160];
            snprintf(token, sizeof(token), "%s/tcp-token", s->dir);
            setenv("NEREID_TCP_TOKEN_FILE", token, 1);
            execl(exe, exe, "--socket", s->socket, "--tcp", s->tcp, (char *)NULL);
            _exit(127);
        }
        /* Up to 20 s: the validation layer makes start-up slow. */
        for (int i = 0; i < 400; i++) {
            if (can_connect(s->socket)) {
                servers_started++;
                return true;
            }
            if (waitpid(s->pid, &status, WNOHANG) == s->pid)
                break; /* exited: the port was taken, try another */
            usleep(50000);
        }
        if (kill(s->pid, 0) == 0) {
            kill(s->pid, SIGKILL);
            waitpid(s->pid, NULL, 0);
        }
    }
    s->pid = 0;
    return false;
}

int e2e_server_stop(struct e2e_server *s)
{
    int status = -1;
    if (!s->pid)
        return -1;
    kill(s->pid, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
            char token[160];
            s->pid = 0;
            snprintf(token, sizeof(token), "%s/tcp-token", s->dir);
            unlink(token); /* the server removes it; a killed one does not */
            rmdir(s->dir);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        usleep(50000);
    }
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    s->pid = 0;
    return 137;
}

#endif /* !_WIN32 */

void e2e_use_transport(enum e2e_transport t, const struct e2e_server *s)
{
    char addr[400];
#ifndef _WIN32
    /* TCP sessions carry the token of the server they go to (under Wine
     * the test script sets NEREID_TCP_TOKEN_FILE for both). */
    if (s && (t == E2E_STREAM_TCP || t == E2E_SHM_TCP)) {
        snprintf(addr, sizeof(addr), "%s/tcp-token", s->dir);
        e2e_setenv("NEREID_TCP_TOKEN_FILE", addr);
    }
#endif
    switch (t) {
    case E2E_INPROC:
        e2e_setenv("NEREID_TRANSPORT", "inproc");
        e2e_setenv("NEREID_SERVER", NULL);
        break;
    case E2E_SHM:
        e2e_setenv("NEREID_TRANSPORT", "shm");
        snprintf(addr, sizeof(addr), "unix:%s", s->socket);
        e2e_setenv("NEREID_SERVER", addr);
        break;
    case E2E_STREAM_UNIX:
        e2e_setenv("NEREID_TRANSPORT", "stream");
        snprintf(addr, sizeof(addr), "unix:%s", s->socket);
        e2e_setenv("NEREID_SERVER", addr);
        break;
    case E2E_STREAM_TCP:
        e2e_setenv("NEREID_TRANSPORT", "stream");
        snprintf(addr, sizeof(addr), "tcp:%s", s->tcp);
        e2e_setenv("NEREID_SERVER", addr);
        break;
    case E2E_SHM_TCP:
        e2e_setenv("NEREID_TRANSPORT", "shm");
        snprintf(addr, sizeof(addr), "tcp:%s", s->tcp);
        e2e_setenv("NEREID_SERVER", addr);
        break;
    case E2E_COUNT:
        break;
    }
}

#ifndef E2E_NO_D3D9 /* the Direct3D 11 tests take the server and transports only */
HRESULT e2e_create_device(IDirect3D9 **d3d, IDirect3DDevice9 **dev, UINT w, UINT h,
                          BOOL depth)
{
    D3DPRESENT_PARAMETERS pp = {0};
    HRESULT hr;

    *dev = NULL;
    if (!(*d3d = Direct3DCreate9(D3D_SDK_VERSION)))
        return E_FAIL;
    pp.BackBufferWidth = w;
    pp.BackBufferHeight = h;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    pp.EnableAutoDepthStencil = depth;
    pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    hr = IDirect3D9_CreateDevice(*d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, dev);
    if (FAILED(hr)) {
        IDirect3D9_Release(*d3d);
        *d3d = NULL;
    }
    return hr;
}

DWORD *e2e_read_back(IDirect3DDevice9 *dev, UINT w, UINT h)
{
    IDirect3DSurface9 *rt = NULL, *sys = NULL;
    D3DLOCKED_RECT lr;
    DWORD *out = NULL;

    if (FAILED(IDirect3DDevice9_GetRenderTarget(dev, 0, &rt)))
        return NULL;
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(
            dev, w, h, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sys, NULL)))
        goto out;
    if (FAILED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)))
        goto out;
    if (FAILED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY)))
        goto out;
    out = malloc((size_t)w * h * sizeof(DWORD));
    for (UINT y = 0; out && y < h; y++)
        for (UINT x = 0; x < w; x++)
            out[y * w + x] =
                ((const DWORD *)((const char *)lr.pBits + (size_t)y * lr.Pitch))[x] |
                0xff000000u;
    IDirect3DSurface9_UnlockRect(sys);
out:
    if (sys)
        IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(rt);
    return out;
}

#endif

bool e2e_color_near(DWORD got, DWORD want, int tolerance)
{
    for (int shift = 0; shift < 32; shift += 8) {
        int a = (int)((got >> shift) & 0xff), b = (int)((want >> shift) & 0xff);
        if (abs(a - b) > tolerance)
            return false;
    }
    return true;
}
