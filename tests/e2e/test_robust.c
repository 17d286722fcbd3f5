/* Robustness: a client that sends a malformed record has its context cut off
 * with a named reason that reaches it (the device then answers
 * D3DERR_DEVICELOST), while a second client of the same server keeps
 * rendering correctly; a client killed with SIGKILL mid-frame leaves the
 * server running and serving.  Over inproc, shm and stream. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"
#include "wire/wire.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define W 32
#define H 32

/* Draws a full-target triangle pair in `color` and checks it came out. */
static bool render_ok(IDirect3DDevice9 *dev, DWORD color)
{
    struct vertex v[6] = {{0, 0, 0, 1, color}, {W, 0, 0, 1, color}, {0, H, 0, 1, color},
                          {W, 0, 0, 1, color}, {W, H, 0, 1, color}, {0, H, 0, 1, color}};
    DWORD *px;
    bool good;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    if (FAILED(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL)))
        return false;
    if (!(px = e2e_read_back(dev, W, H)))
        return false;
    good = e2e_color_near(px[0], color, 1) && e2e_color_near(px[W * H - 1], color, 1) &&
           e2e_color_near(px[H / 2 * W + W / 2], color, 1);
    free(px);
    return good;
}

struct bad_case {
    const char *name;
    uint8_t bytes[64];
    size_t size;
    const char *reason; /* a substring of the reason the server gives */
};

static void make_cases(struct bad_case *c, unsigned *n)
{
    struct wire_header h;
    unsigned i = 0;

    /* An opcode nobody knows. */
    c[i] = (struct bad_case){.name = "unknown opcode", .size = 8,
                             .reason = "unknown opcode 4097"};
    h = (struct wire_header){4097, 0, 0};
    memcpy(c[i].bytes, &h, 8);
    i++;
    /* A draw naming a state block that was never created. */
    c[i] = (struct bad_case){.name = "unknown handle", .size = 24,
                             .reason = "unknown state block handle 777:1"};
    {
        struct wire_draw d = {{777, 1}, 3, 0};
        h = (struct wire_header){WIRE_OP_DRAW, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    /* A clear whose rectangles lie past the stage ring. */
    c[i] = (struct bad_case){.name = "stage offset past the ring",
                             .reason = "past the stage ring"};
    {
        struct wire_clear cl = {WIRE_CLEAR_COLOR, 4, 0xfffffff0u, 0, {0}, 0, 0};
        h = (struct wire_header){WIRE_OP_CLEAR, 0, sizeof(cl)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &cl, sizeof(cl));
        c[i].size = 8 + sizeof(cl);
    }
    i++;
    /* A record whose size does not match its payload. */
    c[i] = (struct bad_case){.name = "wrong record size", .size = 16,
                             .reason = "expected"};
    h = (struct wire_header){WIRE_OP_PRESENT, 0, 8};
    memcpy(c[i].bytes, &h, 8);
    i++;
    *n = i;
}

static void run_malformed(enum e2e_transport t, const struct e2e_server *server,
                          const struct bad_case *bc)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d_a, *d3d_b;
    IDirect3DDevice9 *a, *b;
    struct nereid_device_info info;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d_a, &a, W, H, FALSE) != D3D_OK ||
        e2e_create_device(&d3d_b, &b, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: two devices", name);
        return;
    }
    ok(render_ok(a, 0xff00ff00), "%s/%s: client A renders", name, bc->name);
    ok(render_ok(b, 0xffff0000), "%s/%s: client B renders", name, bc->name);
    ok(nereid_device_inject(b, bc->bytes, bc->size) == D3D_OK,
       "%s/%s: malformed bytes written", name, bc->name);
    ok(nereid_device_sync(b, NULL) == D3DERR_DEVICELOST,
       "%s/%s: B's session is cut off", name, bc->name);
    ok(IDirect3DDevice9_TestCooperativeLevel(b) == D3DERR_DEVICELOST,
       "%s/%s: B is lost", name, bc->name);
    ok(IDirect3DDevice9_Present(b, NULL, NULL, NULL, NULL) == D3DERR_DEVICELOST,
       "%s/%s: B's Present answers D3DERR_DEVICELOST", name, bc->name);
    nereid_device_get_info(b, &info);
    ok(info.lost && strstr(info.lost_reason, bc->reason),
       "%s/%s: B was told why: '%s'", name, bc->name, info.lost_reason);
    ok(render_ok(a, 0xff0000ff), "%s/%s: client A still renders", name, bc->name);
    ok(nereid_device_sync(a, &errors) == D3D_OK && errors == 0,
       "%s/%s: A syncs, no validation errors", name, bc->name);
    ok(IDirect3DDevice9_Release(b) == 0, "%s: release lost B", name);
    IDirect3D9_Release(d3d_b);
    ok(IDirect3DDevice9_Release(a) == 0, "%s: release A", name);
    IDirect3D9_Release(d3d_a);
}

/* A child process renders in a loop and is killed with SIGKILL mid-frame. */
static void run_killed_client(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    int pipefd[2];
    pid_t pid;
    char c;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;

    e2e_use_transport(t, server);
    if (pipe(pipefd))
        return;
    pid = fork();
    if (pid == 0) {
        IDirect3D9 *cd3d;
        IDirect3DDevice9 *cdev;
        struct vertex v[3] = {{0, 0, 0, 1, 0xffffffff}, {W, 0, 0, 1, 0xffffffff},
                              {0, H, 0, 1, 0xffffffff}};
        close(pipefd[0]);
        if (e2e_create_device(&cd3d, &cdev, W, H, FALSE) != D3D_OK)
            _exit(1);
        IDirect3DDevice9_BeginScene(cdev);
        IDirect3DDevice9_SetFVF(cdev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        for (int i = 0;; i++) {
            IDirect3DDevice9_DrawPrimitiveUP(cdev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
            if (i == 2000 && write(pipefd[1], "x", 1) != 1)
                _exit(1);
        }
    }
    close(pipefd[1]);
    ok(read(pipefd[0], &c, 1) == 1, "%s: the child is drawing", name);
    close(pipefd[0]);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    /* The server goes on: a new client connects and renders. */
    ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK,
       "%s: a new client connects after the kill", name);
    if (dev) {
        ok(render_ok(dev, 0xffffff00), "%s: and renders", name);
        IDirect3DDevice9_Release(dev);
        IDirect3D9_Release(d3d);
    }
}

int main(void)
{
    struct e2e_server server;
    struct bad_case cases[8];
    unsigned n;
    bool have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started");
    make_cases(cases, &n);
    for (int t = 0; t < E2E_COUNT; t++) {
        if (t != E2E_INPROC && !have_server)
            continue;
        for (unsigned i = 0; i < n; i++)
            run_malformed((enum e2e_transport)t, &server, &cases[i]);
        if (t != E2E_INPROC)
            run_killed_client((enum e2e_transport)t, &server);
    }
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
