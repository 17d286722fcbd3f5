/* bench/roundtrip: the time of a barriered round trip -- GetRenderTargetData
 * of a 1x1 render target into a system-memory surface, which waits for the
 * server and the GPU -- per transport.
 *
 *   roundtrip [--iterations N] [--transport inproc|shm|stream-unix|stream-tcp|shm-tcp]
 *
 * Prints the median and the 99th percentile, and the same for a bare
 * server round trip without a read-back (nereid_device_sync). */
#define _GNU_SOURCE
#include "bench_util.h"
#include "e2e_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    int n = 2000;
    const char *transport = "inproc";
    enum e2e_transport t = E2E_INPROC;
    struct e2e_server server = {0};
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *rt, *sys;
    uint64_t *rb, *ping;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--transport") && i + 1 < argc)
            transport = argv[++i];
        else {
            fprintf(stderr, "usage: roundtrip [--iterations N] [--transport T]\n");
            return 2;
        }
    }
    if (n < 10)
        return 2;
    for (int i = 0; i < E2E_COUNT; i++)
        if (!strcmp(transport, e2e_transport_names[i]))
            t = (enum e2e_transport)i;
    if (t != E2E_INPROC && !e2e_server_start(&server)) {
        fprintf(stderr, "roundtrip: cannot start nereid-server\n");
        return 1;
    }
    e2e_use_transport(t, &server);
    if (e2e_create_device(&d3d, &dev, 1, 1, FALSE) != D3D_OK) {
        fprintf(stderr, "roundtrip: no device\n");
        if (t != E2E_INPROC)
            e2e_server_stop(&server);
        return 1;
    }
    IDirect3DDevice9_GetRenderTarget(dev, 0, &rt);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 1, 1, D3DFMT_X8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    rb = calloc((size_t)n, sizeof(*rb));
    ping = calloc((size_t)n, sizeof(*ping));
    for (int i = 0; i < n + 50; i++) {
        uint64_t t0 = now_ns();
        IDirect3DDevice9_GetRenderTargetData(dev, rt, sys);
        if (i >= 50)
            rb[i - 50] = now_ns() - t0;
    }
    for (int i = 0; i < n + 50; i++) {
        uint64_t t0 = now_ns();
        nereid_device_sync(dev, NULL);
        if (i >= 50)
            ping[i - 50] = now_ns() - t0;
    }
    qsort(rb, (size_t)n, sizeof(*rb), cmp_u64);
    qsort(ping, (size_t)n, sizeof(*ping), cmp_u64);
    printf("%-12s read-back 1x1: median %8.1f us  p99 %8.1f us   bare round trip: "
           "median %8.1f us  p99 %8.1f us  (%d iterations)\n",
           transport, rb[n / 2] / 1e3, rb[n * 99 / 100] / 1e3, ping[n / 2] / 1e3,
           ping[n * 99 / 100] / 1e3, n);
    IDirect3DSurface9_Release(sys);
    IDirect3DSurface9_Release(rt);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
    if (t != E2E_INPROC)
        e2e_server_stop(&server);
    free(rb);
    free(ping);
    return 0;
}
