/* bench/sobench: the time of a frame of stream output -- a geometry
 * program (dxbc_gs.h's gs_pair: two points out of each point in) captured
 * into a buffer, N points a draw, one draw a frame, the frame waited for
 * (an event query) -- with transform feedback or emulated (run it with
 * NEREID_NO_TRANSFORM_FEEDBACK=1: docs/ARCHITECTURE.md, "Stream output
 * emulated").
 *
 *   sobench [--points N] [--frames F]
 *
 * Prints the median and the 90th percentile of the frames (in process:
 * the server runs inside, as the inproc transport). */
#define _GNU_SOURCE
#include "bench_util.h"
#include <d3d11.h>
#include "e2e_util.h"
#include "d3d11/shaders.h"
#include "dxbc_edit.h"
#include "dxbc_gs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv)
{
    static const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    static const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "SV_Position", 0, 0, 4, 0},
                                                      {0, "COLOR", 0, 0, 4, 0}};
    static const D3D11_INPUT_ELEMENT_DESC el[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0}};
    static uint8_t code[2048];
    int points = 10000, frames = 50;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11VertexShader *vs = NULL;
    ID3D11GeometryShader *gs = NULL;
    ID3D11InputLayout *layout = NULL;
    ID3D11Buffer *vb = NULL, *out = NULL, *cb = NULL;
    ID3D11Query *done = NULL;
    const UINT stride = 28, zero = 0, so_stride = 32;
    uint64_t *t;
    float *verts;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--points") && i + 1 < argc)
            points = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
            frames = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: sobench [--points N] [--frames F]\n");
            return 2;
        }
    }
    if (points < 1 || frames < 3 || !(t = calloc(frames, sizeof(*t))) ||
        !(verts = calloc((size_t)points * 7, sizeof(float))))
        return 2;
    size_t n = dxbc_gs_build(gs_pair_tokens, sizeof(gs_pair_tokens) / 4, code, sizeof(code));
    (void)dxbc_edit; /* (dxbc_gs.h needs the header; this program edits nothing) */
    for (int i = 0; i < points; i++) {
        float *v = verts + 7 * i;
        v[0] = (float)(i % 100) / 50.0f - 1;
        v[1] = (float)(i / 100 % 100) / 50.0f - 1;
        v[3] = v[6] = 1;
    }
    D3D11_BUFFER_DESC vbd = {(UINT)points * 28, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER,
                             0, 0, 0};
    D3D11_BUFFER_DESC sod = {(UINT)points * 2 * 32, D3D11_USAGE_DEFAULT,
                             D3D11_BIND_STREAM_OUTPUT, 0, 0, 0};
    D3D11_BUFFER_DESC cbd = {16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init = {verts, 0, 0}, cinit = {(float[4]){0.01f, 0, 0, 0}, 0, 0};
    D3D11_QUERY_DESC qd = {D3D11_QUERY_EVENT, 0};
    if (D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, &level, 1, D3D11_SDK_VERSION,
                          &dev, NULL, &ctx) != S_OK ||
        ID3D11Device_CreateVertexShader(dev, dxbc_vs_color, sizeof(dxbc_vs_color), NULL, &vs) ||
        ID3D11Device_CreateGeometryShaderWithStreamOutput(dev, code, n, decl, 2, &so_stride, 1,
                                                          D3D11_SO_NO_RASTERIZED_STREAM, NULL,
                                                          &gs) ||
        ID3D11Device_CreateInputLayout(dev, el, 2, dxbc_vs_color, sizeof(dxbc_vs_color),
                                       &layout) ||
        ID3D11Device_CreateBuffer(dev, &vbd, &init, &vb) ||
        ID3D11Device_CreateBuffer(dev, &sod, NULL, &out) ||
        ID3D11Device_CreateBuffer(dev, &cbd, &cinit, &cb) ||
        ID3D11Device_CreateQuery(dev, &qd, &done)) {
        fprintf(stderr, "sobench: the device or its objects could not be made\n");
        return 1;
    }
    ID3D11DeviceContext_VSSetShader(ctx, vs, NULL, 0);
    ID3D11DeviceContext_GSSetShader(ctx, gs, NULL, 0);
    ID3D11DeviceContext_GSSetConstantBuffers(ctx, 0, 1, &cb);
    ID3D11DeviceContext_IASetInputLayout(ctx, layout);
    ID3D11DeviceContext_IASetVertexBuffers(ctx, 0, 1, &vb, &stride, &zero);
    ID3D11DeviceContext_IASetPrimitiveTopology(ctx, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
    for (int f = 0; f < frames; f++) {
        uint64_t t0 = now_ns();
        BOOL signalled = FALSE;
        ID3D11DeviceContext_SOSetTargets(ctx, 1, &out, &zero);
        ID3D11DeviceContext_Draw(ctx, (UINT)points, 0);
        ID3D11DeviceContext_End(ctx, (ID3D11Asynchronous *)done);
        while (ID3D11DeviceContext_GetData(ctx, (ID3D11Asynchronous *)done, &signalled,
                                           sizeof(signalled), 0) == S_FALSE)
            ;
        t[f] = now_ns() - t0;
    }
    qsort(t + 1, (size_t)frames - 1, sizeof(*t), cmp_u64); /* the first frame makes pipelines */
    printf("sobench: %d points (%d captured), %s: frame median %.3f ms, p90 %.3f ms "
           "(%d frames)\n",
           points, 2 * points, getenv("NEREID_NO_TRANSFORM_FEEDBACK") ? "emulated" : "native",
           t[1 + (frames - 1) / 2] / 1e6, t[1 + (frames - 1) * 9 / 10] / 1e6, frames - 1);
    IUnknown *all[] = {(IUnknown *)done, (IUnknown *)cb, (IUnknown *)out, (IUnknown *)vb,
                       (IUnknown *)layout, (IUnknown *)gs, (IUnknown *)vs, (IUnknown *)ctx};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i])
            all[i]->lpVtbl->Release(all[i]);
    ID3D11Device_Release(dev);
    free(t);
    free(verts);
    return 0;
}
