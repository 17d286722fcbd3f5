/* nereid-demo: a few coloured triangles over a cleared background, drawn
 * through D3D9, the wire and the server on the default device; the server
 * writes the presented frame as a PNG.
 *
 *   nereid-demo [OUTPUT_DIR]       (default: ./demo-output)
 *
 * The transport is NEREID_TRANSPORT's (inproc by default). */
#define _GNU_SOURCE
#include <d3d9.h>
#include <nereid/nereid.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "demo-output";
    D3DPRESENT_PARAMETERS pp = {0};
    struct nereid_device_info info;
    IDirect3DDevice9 *dev = NULL;
    IDirect3D9 *d3d;
    char path[600], abs_path[PATH_MAX];
    struct vertex v[3 * 7];
    HRESULT hr;
    int n = 0;

    if (mkdir(dir, 0755) && errno != EEXIST) {
        fprintf(stderr, "nereid-demo: cannot create %s\n", dir);
        return 1;
    }
    setenv("NEREID_DUMP", dir, 1); /* read by the in-process server */

    if (!(d3d = Direct3DCreate9(D3D_SDK_VERSION))) {
        fprintf(stderr, "nereid-demo: Direct3DCreate9 failed\n");
        return 1;
    }
    pp.BackBufferWidth = 640;
    pp.BackBufferHeight = 480;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                 D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &dev);
    if (FAILED(hr)) {
        fprintf(stderr, "nereid-demo: CreateDevice failed: %#x\n", (unsigned)hr);
        IDirect3D9_Release(d3d);
        return 1;
    }

    /* A fan of six triangles around the centre, and one large one behind. */
    v[n++] = (struct vertex){320, 40, 0.5f, 1, 0xff303060};
    v[n++] = (struct vertex){600, 440, 0.5f, 1, 0xff303060};
    v[n++] = (struct vertex){40, 440, 0.5f, 1, 0xff303060};
    for (int i = 0; i < 6; i++) {
        float a0 = (float)i * 3.14159265f / 3, a1 = a0 + 3.14159265f / 3.5f;
        DWORD colors[6] = {0xffff4040, 0xffffc040, 0xff40ff40,
                           0xff40ffff, 0xff4040ff, 0xffff40ff};
        v[n++] = (struct vertex){320, 260, 0.5f, 1, 0xffffffff};
        v[n++] = (struct vertex){320 + 170 * cosf(a0), 260 + 170 * sinf(a0), 0.5f, 1,
                                 colors[i]};
        v[n++] = (struct vertex){320 + 170 * cosf(a1), 260 + 170 * sinf(a1), 0.5f, 1,
                                 colors[(i + 1) % 6]};
    }

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, D3DCOLOR_XRGB(16, 24, 48),
                           1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, n / 3, v,
                                          sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    if (SUCCEEDED(hr))
        hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);

    nereid_device_get_info(dev, &info);
    nereid_device_dump_path(dev, 1, path, sizeof(path));
    IDirect3DDevice9_Release(dev); /* waits for the frame and its PNG */
    IDirect3D9_Release(d3d);
    if (FAILED(hr)) {
        fprintf(stderr, "nereid-demo: drawing failed: %#x%s%s\n", (unsigned)hr,
                info.lost ? ": " : "", info.lost ? info.lost_reason : "");
        return 1;
    }
    if (!realpath(path, abs_path)) {
        fprintf(stderr, "nereid-demo: the server wrote no %s\n", path);
        return 1;
    }
    printf("Vulkan device: %s\n", info.device_name);
    printf("transport:     %s\n", info.transport);
    printf("PNG written:   %s\n", abs_path);
    return 0;
}
