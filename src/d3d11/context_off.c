/* nereid D3D11: the immediate context while a device context state that
 * emulates a Direct3D 10 device is active (SwapDeviceContextState with a
 * state made for ID3D10Device or ID3D10Device1).
 *
 * D3D11.1 documents that such a state "turns off most of the
 * ID3D11DeviceContext methods": the D3D11 context then keeps no state and
 * does no work, while the context's real state is the D3D10 device's.
 * Here the immediate context's vtable is swapped for this one while the
 * state is active (d3d11_1.c), so the methods themselves stay as they are:
 *   - setters, draws, dispatches, copies, clears, queries' Begin and End,
 *     Map and ClearState do nothing (Map and GetData answer
 *     DXGI_ERROR_INVALID_CALL, Map with its output zeroed);
 *   - getters answer what a cleared context holds (NULL objects, the
 *     default blend factor and sample mask, no viewports): the immediate
 *     context's own getters read the active state object's struct
 *     d11_context, which holds nothing while the state is active; except
 *     PSGetSamplers, which leaves its output untouched, as Windows does;
 *   - what does not touch the pipeline stays: IUnknown, the device child's
 *     methods, GetType, GetContextFlags, Flush, FinishCommandList (refused
 *     on an immediate context anyway), SwapDeviceContextState (the way
 *     back), annotations, fences' Signal and Wait, and the tiled-resource
 *     methods, which refuse on their own.
 * The D3D10 device itself is not offered (QueryInterface of ID3D10Device
 * fails: docs/STATUS.md), so nothing can draw while such a state is
 * active; its state is kept, and comes back when the application swaps
 * the D3D11 state back. */
#include "d3d11/d3d11_private.h"

#include <pthread.h>
#include <string.h>

/* Every method here ignores most of what it is given. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define CALL STDMETHODCALLTYPE

/* The cleared context the getters read. */
static ID3D11DeviceContext *cleared(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = D11_IMPL(iface, struct d11_context, iface);
    return &d11_context_state_cleared(ctx->dev)->iface;
}

/* A stage's setters (nothing) and getters (the cleared context's). */
#define STAGE(S, T)                                                                           \
    static void CALL off_##S##SetShader(ID3D11DeviceContext *i, T *s,                        \
                                        ID3D11ClassInstance *const *c, UINT n) {}            \
    static void CALL off_##S##SetConstantBuffers(ID3D11DeviceContext *i, UINT start, UINT n, \
                                                 ID3D11Buffer *const *b) {}                  \
    static void CALL off_##S##SetShaderResources(ID3D11DeviceContext *i, UINT start, UINT n, \
                                                 ID3D11ShaderResourceView *const *v) {}      \
    static void CALL off_##S##SetSamplers(ID3D11DeviceContext *i, UINT start, UINT n,        \
                                          ID3D11SamplerState *const *s) {}                   \
    static void CALL off_##S##GetShader(ID3D11DeviceContext *i, T **s, ID3D11ClassInstance **c, \
                                        UINT *n)                                              \
    {                                                                                         \
        D11_IMM.S##GetShader(cleared(i), s, c, n);                                            \
    }                                                                                         \
    static void CALL off_##S##GetConstantBuffers(ID3D11DeviceContext *i, UINT start, UINT n, \
                                                 ID3D11Buffer **b)                            \
    {                                                                                         \
        D11_IMM.S##GetConstantBuffers(cleared(i), start, n, b);                               \
    }                                                                                         \
    static void CALL off_##S##GetShaderResources(ID3D11DeviceContext *i, UINT start, UINT n, \
                                                 ID3D11ShaderResourceView **v)                \
    {                                                                                         \
        D11_IMM.S##GetShaderResources(cleared(i), start, n, v);                               \
    }                                                                                         \
    static void CALL off_##S##GetSamplers(ID3D11DeviceContext *i, UINT start, UINT n,        \
                                          ID3D11SamplerState **s)                             \
    {                                                                                         \
        D11_IMM.S##GetSamplers(cleared(i), start, n, s);                                  \
    }
STAGE(VS, ID3D11VertexShader)
STAGE(HS, ID3D11HullShader)
STAGE(DS, ID3D11DomainShader)
STAGE(GS, ID3D11GeometryShader)
STAGE(PS, ID3D11PixelShader)
STAGE(CS, ID3D11ComputeShader)
#undef STAGE

/* Windows' PSGetSamplers writes nothing while a D3D10 state is active
 * (Wine's test_device_context_state); the other stages' answer NULL. */
static void CALL off_PSGetSamplersNothing(ID3D11DeviceContext *i, UINT start, UINT n,
                                          ID3D11SamplerState **s) {}

/* Input assembly, output merger, rasterizer, stream output, predication. */
static void CALL off_IASetInputLayout(ID3D11DeviceContext *i, ID3D11InputLayout *l) {}
static void CALL off_IASetVertexBuffers(ID3D11DeviceContext *i, UINT start, UINT n,
                                        ID3D11Buffer *const *b, const UINT *strides,
                                        const UINT *offsets) {}
static void CALL off_IASetIndexBuffer(ID3D11DeviceContext *i, ID3D11Buffer *b, DXGI_FORMAT f,
                                      UINT offset) {}
static void CALL off_IASetPrimitiveTopology(ID3D11DeviceContext *i, D3D11_PRIMITIVE_TOPOLOGY t) {}
static void CALL off_OMSetRenderTargets(ID3D11DeviceContext *i, UINT n,
                                        ID3D11RenderTargetView *const *v,
                                        ID3D11DepthStencilView *dsv) {}
static void CALL off_OMSetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext *i, UINT n, ID3D11RenderTargetView *const *v,
    ID3D11DepthStencilView *dsv, UINT uav_start, UINT uav_n,
    ID3D11UnorderedAccessView *const *uavs, const UINT *counts) {}
static void CALL off_OMSetBlendState(ID3D11DeviceContext *i, ID3D11BlendState *s,
                                     const FLOAT factor[4], UINT mask) {}
static void CALL off_OMSetDepthStencilState(ID3D11DeviceContext *i, ID3D11DepthStencilState *s,
                                            UINT ref) {}
static void CALL off_RSSetState(ID3D11DeviceContext *i, ID3D11RasterizerState *s) {}
static void CALL off_RSSetViewports(ID3D11DeviceContext *i, UINT n, const D3D11_VIEWPORT *v) {}
static void CALL off_RSSetScissorRects(ID3D11DeviceContext *i, UINT n, const D3D11_RECT *r) {}
static void CALL off_SOSetTargets(ID3D11DeviceContext *i, UINT n, ID3D11Buffer *const *b,
                                  const UINT *offsets) {}
static void CALL off_SetPredication(ID3D11DeviceContext *i, ID3D11Predicate *p, BOOL value) {}
static void CALL off_CSSetUnorderedAccessViews(ID3D11DeviceContext *i, UINT start, UINT n,
                                               ID3D11UnorderedAccessView *const *v,
                                               const UINT *counts) {}

static void CALL off_IAGetInputLayout(ID3D11DeviceContext *i, ID3D11InputLayout **l)
{
    D11_IMM.IAGetInputLayout(cleared(i), l);
}
static void CALL off_IAGetVertexBuffers(ID3D11DeviceContext *i, UINT start, UINT n,
                                        ID3D11Buffer **b, UINT *strides, UINT *offsets)
{
    D11_IMM.IAGetVertexBuffers(cleared(i), start, n, b, strides, offsets);
}
static void CALL off_IAGetIndexBuffer(ID3D11DeviceContext *i, ID3D11Buffer **b, DXGI_FORMAT *f,
                                      UINT *offset)
{
    D11_IMM.IAGetIndexBuffer(cleared(i), b, f, offset);
}
static void CALL off_IAGetPrimitiveTopology(ID3D11DeviceContext *i, D3D11_PRIMITIVE_TOPOLOGY *t)
{
    D11_IMM.IAGetPrimitiveTopology(cleared(i), t);
}
static void CALL off_OMGetRenderTargets(ID3D11DeviceContext *i, UINT n,
                                        ID3D11RenderTargetView **v, ID3D11DepthStencilView **dsv)
{
    D11_IMM.OMGetRenderTargets(cleared(i), n, v, dsv);
}
static void CALL off_OMGetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext *i, UINT n, ID3D11RenderTargetView **v, ID3D11DepthStencilView **dsv,
    UINT uav_start, UINT uav_n, ID3D11UnorderedAccessView **uavs)
{
    D11_IMM.OMGetRenderTargetsAndUnorderedAccessViews(cleared(i), n, v, dsv, uav_start, uav_n,
                                                      uavs);
}
static void CALL off_OMGetBlendState(ID3D11DeviceContext *i, ID3D11BlendState **s,
                                     FLOAT factor[4], UINT *mask)
{
    D11_IMM.OMGetBlendState(cleared(i), s, factor, mask);
}
static void CALL off_OMGetDepthStencilState(ID3D11DeviceContext *i, ID3D11DepthStencilState **s,
                                            UINT *ref)
{
    D11_IMM.OMGetDepthStencilState(cleared(i), s, ref);
}
static void CALL off_RSGetState(ID3D11DeviceContext *i, ID3D11RasterizerState **s)
{
    D11_IMM.RSGetState(cleared(i), s);
}
static void CALL off_RSGetViewports(ID3D11DeviceContext *i, UINT *n, D3D11_VIEWPORT *v)
{
    D11_IMM.RSGetViewports(cleared(i), n, v);
}
static void CALL off_RSGetScissorRects(ID3D11DeviceContext *i, UINT *n, D3D11_RECT *r)
{
    D11_IMM.RSGetScissorRects(cleared(i), n, r);
}
static void CALL off_SOGetTargets(ID3D11DeviceContext *i, UINT n, ID3D11Buffer **b)
{
    D11_IMM.SOGetTargets(cleared(i), n, b);
}
static void CALL off_GetPredication(ID3D11DeviceContext *i, ID3D11Predicate **p, BOOL *value)
{
    D11_IMM.GetPredication(cleared(i), p, value);
}
static void CALL off_CSGetUnorderedAccessViews(ID3D11DeviceContext *i, UINT start, UINT n,
                                               ID3D11UnorderedAccessView **v)
{
    D11_IMM.CSGetUnorderedAccessViews(cleared(i), start, n, v);
}

/* Work: none. */
static void CALL off_Draw(ID3D11DeviceContext *i, UINT count, UINT first) {}
static void CALL off_DrawIndexed(ID3D11DeviceContext *i, UINT count, UINT first, INT base) {}
static void CALL off_DrawInstanced(ID3D11DeviceContext *i, UINT count, UINT instances,
                                   UINT first, UINT first_instance) {}
static void CALL off_DrawIndexedInstanced(ID3D11DeviceContext *i, UINT count, UINT instances,
                                          UINT first, INT base, UINT first_instance) {}
static void CALL off_DrawAuto(ID3D11DeviceContext *i) {}
static void CALL off_DrawIndirect(ID3D11DeviceContext *i, ID3D11Buffer *b, UINT offset) {}
static void CALL off_Dispatch(ID3D11DeviceContext *i, UINT x, UINT y, UINT z) {}
static HRESULT CALL off_Map(ID3D11DeviceContext *i, ID3D11Resource *r, UINT sub, D3D11_MAP type,
                            UINT flags, D3D11_MAPPED_SUBRESOURCE *out)
{
    if (out)
        memset(out, 0, sizeof(*out));
    return DXGI_ERROR_INVALID_CALL;
}
static void CALL off_Unmap(ID3D11DeviceContext *i, ID3D11Resource *r, UINT sub) {}
static void CALL off_Async(ID3D11DeviceContext *i, ID3D11Asynchronous *a) {}
static HRESULT CALL off_GetData(ID3D11DeviceContext *i, ID3D11Asynchronous *a, void *data,
                                UINT size, UINT flags)
{
    return DXGI_ERROR_INVALID_CALL;
}
static void CALL off_CopySubresourceRegion(ID3D11DeviceContext *i, ID3D11Resource *dst,
                                           UINT dst_sub, UINT x, UINT y, UINT z,
                                           ID3D11Resource *src, UINT src_sub,
                                           const D3D11_BOX *box) {}
static void CALL off_CopyResource(ID3D11DeviceContext *i, ID3D11Resource *dst,
                                  ID3D11Resource *src) {}
static void CALL off_UpdateSubresource(ID3D11DeviceContext *i, ID3D11Resource *r, UINT sub,
                                       const D3D11_BOX *box, const void *data, UINT pitch,
                                       UINT depth_pitch) {}
static void CALL off_CopyStructureCount(ID3D11DeviceContext *i, ID3D11Buffer *b, UINT offset,
                                        ID3D11UnorderedAccessView *v) {}
static void CALL off_ClearRenderTargetView(ID3D11DeviceContext *i, ID3D11RenderTargetView *v,
                                           const FLOAT color[4]) {}
static void CALL off_ClearUnorderedAccessViewUint(ID3D11DeviceContext *i,
                                                  ID3D11UnorderedAccessView *v,
                                                  const UINT values[4]) {}
static void CALL off_ClearUnorderedAccessViewFloat(ID3D11DeviceContext *i,
                                                   ID3D11UnorderedAccessView *v,
                                                   const FLOAT values[4]) {}
static void CALL off_ClearDepthStencilView(ID3D11DeviceContext *i, ID3D11DepthStencilView *v,
                                           UINT flags, FLOAT depth, UINT8 stencil) {}
static void CALL off_GenerateMips(ID3D11DeviceContext *i, ID3D11ShaderResourceView *v) {}
static void CALL off_SetResourceMinLOD(ID3D11DeviceContext *i, ID3D11Resource *r, FLOAT lod) {}
static FLOAT CALL off_GetResourceMinLOD(ID3D11DeviceContext *i, ID3D11Resource *r)
{
    return 0.0f;
}
static void CALL off_ResolveSubresource(ID3D11DeviceContext *i, ID3D11Resource *dst,
                                        UINT dst_sub, ID3D11Resource *src, UINT src_sub,
                                        DXGI_FORMAT f) {}
static void CALL off_ExecuteCommandList(ID3D11DeviceContext *i, ID3D11CommandList *l,
                                        BOOL restore) {}
static void CALL off_ClearState(ID3D11DeviceContext *i) {}

/* ID3D11DeviceContext1's. */
static void CALL off_CopySubresourceRegion1(ID3D11DeviceContext1 *i, ID3D11Resource *dst,
                                            UINT dst_sub, UINT x, UINT y, UINT z,
                                            ID3D11Resource *src, UINT src_sub,
                                            const D3D11_BOX *box, UINT flags) {}
static void CALL off_UpdateSubresource1(ID3D11DeviceContext1 *i, ID3D11Resource *r, UINT sub,
                                        const D3D11_BOX *box, const void *data, UINT pitch,
                                        UINT depth_pitch, UINT flags) {}
static void CALL off_DiscardResource(ID3D11DeviceContext1 *i, ID3D11Resource *r) {}
static void CALL off_DiscardView(ID3D11DeviceContext1 *i, ID3D11View *v) {}
static void CALL off_SetConstantBuffers1(ID3D11DeviceContext1 *i, UINT start, UINT n,
                                         ID3D11Buffer *const *b, const UINT *first,
                                         const UINT *count) {}
#define GET_CB1(S)                                                                            \
    static void CALL off_##S##GetConstantBuffers1(ID3D11DeviceContext1 *i, UINT start, UINT n, \
                                                  ID3D11Buffer **b, UINT *first, UINT *count) \
    {                                                                                         \
        d11_ctx1_##S##GetConstantBuffers1(                                                    \
            (ID3D11DeviceContext1 *)cleared((ID3D11DeviceContext *)i), start, n, b, first,    \
            count);                                                                           \
    }
GET_CB1(VS) GET_CB1(HS) GET_CB1(DS) GET_CB1(GS) GET_CB1(PS) GET_CB1(CS)
#undef GET_CB1
static void CALL off_ClearView(ID3D11DeviceContext1 *i, ID3D11View *v, const FLOAT color[4],
                               const D3D11_RECT *r, UINT n) {}
static void CALL off_DiscardView1(ID3D11DeviceContext1 *i, ID3D11View *v, const D3D11_RECT *r,
                                  UINT n) {}

static struct d11_context_vtbl off_vtbl;
static pthread_once_t off_vtbl_once = PTHREAD_ONCE_INIT;

static void off_vtbl_init(void)
{
    ID3D11DeviceContextVtbl *v = &off_vtbl.base;
    off_vtbl = d11_immediate_vtbl;
#define SET(name) v->name = off_##name
#define STAGE(S)                                                                              \
    SET(S##SetShader);                                                                        \
    SET(S##SetConstantBuffers);                                                               \
    SET(S##SetShaderResources);                                                               \
    SET(S##SetSamplers);                                                                      \
    SET(S##GetShader);                                                                        \
    SET(S##GetConstantBuffers);                                                               \
    SET(S##GetShaderResources);                                                               \
    SET(S##GetSamplers);
    STAGE(VS) STAGE(HS) STAGE(DS) STAGE(GS) STAGE(PS) STAGE(CS)
#undef STAGE
    v->PSGetSamplers = off_PSGetSamplersNothing;
    SET(IASetInputLayout);
    SET(IASetVertexBuffers);
    SET(IASetIndexBuffer);
    SET(IASetPrimitiveTopology);
    SET(OMSetRenderTargets);
    SET(OMSetRenderTargetsAndUnorderedAccessViews);
    SET(OMSetBlendState);
    SET(OMSetDepthStencilState);
    SET(RSSetState);
    SET(RSSetViewports);
    SET(RSSetScissorRects);
    SET(SOSetTargets);
    SET(SetPredication);
    SET(CSSetUnorderedAccessViews);
    SET(IAGetInputLayout);
    SET(IAGetVertexBuffers);
    SET(IAGetIndexBuffer);
    SET(IAGetPrimitiveTopology);
    SET(OMGetRenderTargets);
    SET(OMGetRenderTargetsAndUnorderedAccessViews);
    SET(OMGetBlendState);
    SET(OMGetDepthStencilState);
    SET(RSGetState);
    SET(RSGetViewports);
    SET(RSGetScissorRects);
    SET(SOGetTargets);
    SET(GetPredication);
    SET(CSGetUnorderedAccessViews);
    SET(Draw);
    SET(DrawIndexed);
    SET(DrawInstanced);
    SET(DrawIndexedInstanced);
    SET(DrawAuto);
    v->DrawInstancedIndirect = off_DrawIndirect;
    v->DrawIndexedInstancedIndirect = off_DrawIndirect;
    SET(Dispatch);
    v->DispatchIndirect = off_DrawIndirect;
    SET(Map);
    SET(Unmap);
    v->Begin = off_Async;
    v->End = off_Async;
    SET(GetData);
    SET(CopySubresourceRegion);
    SET(CopyResource);
    SET(UpdateSubresource);
    SET(CopyStructureCount);
    SET(ClearRenderTargetView);
    SET(ClearUnorderedAccessViewUint);
    SET(ClearUnorderedAccessViewFloat);
    SET(ClearDepthStencilView);
    SET(GenerateMips);
    SET(SetResourceMinLOD);
    SET(GetResourceMinLOD);
    SET(ResolveSubresource);
    SET(ExecuteCommandList);
    SET(ClearState);
#undef SET
    off_vtbl.v1.CopySubresourceRegion1 = off_CopySubresourceRegion1;
    off_vtbl.v1.UpdateSubresource1 = off_UpdateSubresource1;
    off_vtbl.v1.DiscardResource = off_DiscardResource;
    off_vtbl.v1.DiscardView = off_DiscardView;
    for (int s = 0; s < 6; s++)
        off_vtbl.v1.SetConstantBuffers1[s] = off_SetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[0] = off_VSGetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[1] = off_HSGetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[2] = off_DSGetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[3] = off_GSGetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[4] = off_PSGetConstantBuffers1;
    off_vtbl.v1.GetConstantBuffers1[5] = off_CSGetConstantBuffers1;
    off_vtbl.v1.ClearView = off_ClearView;
    off_vtbl.v1.DiscardView1 = off_DiscardView1;
}

const ID3D11DeviceContextVtbl *d11_context_off_vtbl(void)
{
    pthread_once(&off_vtbl_once, off_vtbl_init);
    return &off_vtbl.base;
}
