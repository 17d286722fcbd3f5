/* Helpers of the end-to-end tests: a nereid-server process of their own,
 * transports chosen by environment, and pixel read-back. */
#ifndef NEREID_E2E_UTIL_H
#define NEREID_E2E_UTIL_H

#include <d3d9.h>
#include <nereid/nereid.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct e2e_server {
    pid_t pid;
    char dir[64];
    char socket[100];
    char tcp[64]; /* "127.0.0.1:PORT" */
};

/* Starts nereid-server (NEREID_SERVER_EXE) on a private socket and a TCP
 * port on 127.0.0.1, and waits until it accepts.  The Windows build starts
 * nothing: it takes the server the test script started (NEREID_SERVER,
 * tcp:HOST:PORT), and e2e_server_stop leaves it running. */
bool e2e_server_start(struct e2e_server *s);
/* SIGTERM, wait; returns the exit status (3: validation errors). */
int e2e_server_stop(struct e2e_server *s);

/* The transports every end-to-end test runs over. */
/* E2E_SHM_TCP: NEREID_TRANSPORT=shm with a TCP address (rings in /dev/shm,
 * doorbells over the socket: what d3d9.dll uses under Wine). */
enum e2e_transport {
    E2E_INPROC, E2E_SHM, E2E_STREAM_UNIX, E2E_STREAM_TCP, E2E_SHM_TCP, E2E_COUNT
};
extern const char *const e2e_transport_names[E2E_COUNT];
/* Whether this build can reach a server over t (Windows: TCP only). */
bool e2e_transport_supported(enum e2e_transport t);
/* Sets NEREID_TRANSPORT and NEREID_SERVER for the next Direct3DCreate9. */
void e2e_use_transport(enum e2e_transport t, const struct e2e_server *s);

/* A windowed, headless device of w x h (X8R8G8B8). */
HRESULT e2e_create_device(IDirect3D9 **d3d, IDirect3DDevice9 **dev, UINT w, UINT h,
                          BOOL depth);

/* Reads the back buffer through GetRenderTargetData + LockRect into a
 * malloc'd array of w*h D3DCOLORs (alpha forced to 0xff). */
DWORD *e2e_read_back(IDirect3DDevice9 *dev, UINT w, UINT h);

/* Per-channel comparison with a tolerance. */
bool e2e_color_near(DWORD got, DWORD want, int tolerance);

/* Sets (value NULL: removes) a variable of the environment d3d9 reads,
 * on Linux and under Wine alike. */
void e2e_setenv(const char *name, const char *value);

#endif
