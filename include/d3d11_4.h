/*
 * nereid: the Direct3D 11.4 interfaces (d3d11_4.h): ID3D11Device4 and 5 and
 * ID3D11Multithread, for native builds.
 *
 * Written for nereid from Microsoft's Direct3D 11 documentation in the
 * form of d3d11.h and d3d11_1.h (see there): C vtables in the Windows
 * order, each interface's inherited methods first with This of the
 * derived type, and a call macro for every method.
 * tests/unit/test_d3d11_abi.c checks slots, layouts and values against
 * those of mingw-w64's headers.
 *
 * On Windows this file defers to the system's <d3d11_4.h>.
 */
#ifdef _WIN32
#include_next <d3d11_4.h>
#else /* !_WIN32 */

#ifndef NEREID_D3D11_4_H
#define NEREID_D3D11_4_H

#include "d3d11_3.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Interface identifiers =============================================== */

/* {8992AB71-02E6-4B8D-BA48-B056DCDA42C4} */
DEFINE_GUID(IID_ID3D11Device4, 0x8992ab71, 0x02e6, 0x4b8d, 0xba, 0x48, 0xb0, 0x56,
            0xdc, 0xda, 0x42, 0xc4);
/* {8FFDE202-A0E7-45DF-9E01-E837801B5EA0} */
DEFINE_GUID(IID_ID3D11Device5, 0x8ffde202, 0xa0e7, 0x45df, 0x9e, 0x01, 0xe8, 0x37,
            0x80, 0x1b, 0x5e, 0xa0);
/* {9B7E4E00-342C-4106-A19F-4F2704F689F0} */
DEFINE_GUID(IID_ID3D11Multithread, 0x9b7e4e00, 0x342c, 0x4106, 0xa1, 0x9f, 0x4f, 0x27,
            0x04, 0xf6, 0x89, 0xf0);

/* ==== Interfaces (C form) ================================================= */

typedef struct ID3D11Device4 ID3D11Device4;
typedef struct ID3D11Device5 ID3D11Device5;
typedef struct ID3D11Multithread ID3D11Multithread;

/* ---- ID3D11Device4 ----------------------------------------------------------- */

typedef struct ID3D11Device4Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11Device4 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Device4 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Device4 *This);
    /* ID3D11Device */
    HRESULT (STDMETHODCALLTYPE *CreateBuffer)(
        ID3D11Device4 *This, const D3D11_BUFFER_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer);
    HRESULT (STDMETHODCALLTYPE *CreateTexture1D)(
        ID3D11Device4 *This, const D3D11_TEXTURE1D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture1D **ppTexture1D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D)(
        ID3D11Device4 *This, const D3D11_TEXTURE2D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture2D **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D)(
        ID3D11Device4 *This, const D3D11_TEXTURE3D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture3D **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView)(
        ID3D11Device4 *This, ID3D11Resource *pResource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc,
        ID3D11ShaderResourceView **ppSRView);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView)(
        ID3D11Device4 *This, ID3D11Resource *pResource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc,
        ID3D11UnorderedAccessView **ppUAView);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView)(
        ID3D11Device4 *This, ID3D11Resource *pResource,
        const D3D11_RENDER_TARGET_VIEW_DESC *pDesc,
        ID3D11RenderTargetView **ppRTView);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilView)(
        ID3D11Device4 *This, ID3D11Resource *pResource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *pDesc,
        ID3D11DepthStencilView **ppDepthStencilView);
    HRESULT (STDMETHODCALLTYPE *CreateInputLayout)(
        ID3D11Device4 *This, const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs,
        UINT NumElements, const void *pShaderBytecodeWithInputSignature,
        SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11VertexShader **ppVertexShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShaderWithStreamOutput)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries,
        const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader);
    HRESULT (STDMETHODCALLTYPE *CreateHullShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader);
    HRESULT (STDMETHODCALLTYPE *CreateDomainShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11DomainShader **ppDomainShader);
    HRESULT (STDMETHODCALLTYPE *CreateComputeShader)(
        ID3D11Device4 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11ComputeShader **ppComputeShader);
    HRESULT (STDMETHODCALLTYPE *CreateClassLinkage)(
        ID3D11Device4 *This, ID3D11ClassLinkage **ppLinkage);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState)(
        ID3D11Device4 *This, const D3D11_BLEND_DESC *pBlendStateDesc,
        ID3D11BlendState **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilState)(
        ID3D11Device4 *This, const D3D11_DEPTH_STENCIL_DESC *pDepthStencilDesc,
        ID3D11DepthStencilState **ppDepthStencilState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState)(
        ID3D11Device4 *This, const D3D11_RASTERIZER_DESC *pRasterizerDesc,
        ID3D11RasterizerState **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateSamplerState)(
        ID3D11Device4 *This, const D3D11_SAMPLER_DESC *pSamplerDesc,
        ID3D11SamplerState **ppSamplerState);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        ID3D11Device4 *This, const D3D11_QUERY_DESC *pQueryDesc,
        ID3D11Query **ppQuery);
    HRESULT (STDMETHODCALLTYPE *CreatePredicate)(
        ID3D11Device4 *This, const D3D11_QUERY_DESC *pPredicateDesc,
        ID3D11Predicate **ppPredicate);
    HRESULT (STDMETHODCALLTYPE *CreateCounter)(
        ID3D11Device4 *This, const D3D11_COUNTER_DESC *pCounterDesc,
        ID3D11Counter **ppCounter);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext)(
        ID3D11Device4 *This, UINT ContextFlags,
        ID3D11DeviceContext **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource)(
        ID3D11Device4 *This, HANDLE hResource, REFIID ReturnedInterface,
        void **ppResource);
    HRESULT (STDMETHODCALLTYPE *CheckFormatSupport)(
        ID3D11Device4 *This, DXGI_FORMAT Format, UINT *pFormatSupport);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels)(
        ID3D11Device4 *This, DXGI_FORMAT Format, UINT SampleCount,
        UINT *pNumQualityLevels);
    void (STDMETHODCALLTYPE *CheckCounterInfo)(
        ID3D11Device4 *This, D3D11_COUNTER_INFO *pCounterInfo);
    HRESULT (STDMETHODCALLTYPE *CheckCounter)(
        ID3D11Device4 *This, const D3D11_COUNTER_DESC *pDesc,
        D3D11_COUNTER_TYPE *pType, UINT *pActiveCounters, LPSTR szName,
        UINT *pNameLength, LPSTR szUnits, UINT *pUnitsLength,
        LPSTR szDescription, UINT *pDescriptionLength);
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(
        ID3D11Device4 *This, D3D11_FEATURE Feature, void *pFeatureSupportData,
        UINT FeatureSupportDataSize);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11Device4 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11Device4 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11Device4 *This, REFGUID guid, const IUnknown *pData);
    D3D_FEATURE_LEVEL (STDMETHODCALLTYPE *GetFeatureLevel)(ID3D11Device4 *This);
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(ID3D11Device4 *This);
    HRESULT (STDMETHODCALLTYPE *GetDeviceRemovedReason)(ID3D11Device4 *This);
    void (STDMETHODCALLTYPE *GetImmediateContext)(
        ID3D11Device4 *This, ID3D11DeviceContext **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *SetExceptionMode)(
        ID3D11Device4 *This, UINT RaiseFlags);
    UINT (STDMETHODCALLTYPE *GetExceptionMode)(ID3D11Device4 *This);
    /* ID3D11Device1 */
    void (STDMETHODCALLTYPE *GetImmediateContext1)(ID3D11Device4 *This, ID3D11DeviceContext1 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext1)(ID3D11Device4 *This, UINT ContextFlags, ID3D11DeviceContext1 **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState1)(ID3D11Device4 *This, const D3D11_BLEND_DESC1 *pBlendStateDesc, ID3D11BlendState1 **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState1)(ID3D11Device4 *This, const D3D11_RASTERIZER_DESC1 *pRasterizerDesc, ID3D11RasterizerState1 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateDeviceContextState)(ID3D11Device4 *This, UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosenFeatureLevel, ID3DDeviceContextState **ppContextState);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource1)(ID3D11Device4 *This, HANDLE hResource, REFIID returnedInterface, void **ppResource);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResourceByName)(ID3D11Device4 *This, LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void **ppResource);
    /* ID3D11Device2 */
    void (STDMETHODCALLTYPE *GetImmediateContext2)(ID3D11Device4 *This, ID3D11DeviceContext2 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext2)(ID3D11Device4 *This, UINT ContextFlags, ID3D11DeviceContext2 **ppDeferredContext);
    void (STDMETHODCALLTYPE *GetResourceTiling)(ID3D11Device4 *This, ID3D11Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC *pPackedMipDesc, D3D11_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels1)(ID3D11Device4 *This, DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT *pNumQualityLevels);
    /* ID3D11Device3 */
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D1)(ID3D11Device4 *This, const D3D11_TEXTURE2D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture2D1 **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D1)(ID3D11Device4 *This, const D3D11_TEXTURE3D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture3D1 **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState2)(ID3D11Device4 *This, const D3D11_RASTERIZER_DESC2 *pRasterizerDesc, ID3D11RasterizerState2 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView1)(ID3D11Device4 *This, ID3D11Resource *pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *pDesc1, ID3D11ShaderResourceView1 **ppSRView1);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView1)(ID3D11Device4 *This, ID3D11Resource *pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *pDesc1, ID3D11UnorderedAccessView1 **ppUAView1);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView1)(ID3D11Device4 *This, ID3D11Resource *pResource, const D3D11_RENDER_TARGET_VIEW_DESC1 *pDesc1, ID3D11RenderTargetView1 **ppRTView1);
    HRESULT (STDMETHODCALLTYPE *CreateQuery1)(ID3D11Device4 *This, const D3D11_QUERY_DESC1 *pQueryDesc1, ID3D11Query1 **ppQuery1);
    void (STDMETHODCALLTYPE *GetImmediateContext3)(ID3D11Device4 *This, ID3D11DeviceContext3 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext3)(ID3D11Device4 *This, UINT ContextFlags, ID3D11DeviceContext3 **ppDeferredContext);
    void (STDMETHODCALLTYPE *WriteToSubresource)(ID3D11Device4 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *ReadFromSubresource)(ID3D11Device4 *This, void *pDstData, UINT DstRowPitch, UINT DstDepthPitch, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox);
    /* ID3D11Device4 */
    HRESULT (STDMETHODCALLTYPE *RegisterDeviceRemovedEvent)(ID3D11Device4 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterDeviceRemoved)(ID3D11Device4 *This, DWORD dwCookie);
} ID3D11Device4Vtbl;

struct ID3D11Device4 {
    const ID3D11Device4Vtbl *lpVtbl;
};

#define ID3D11Device4_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Device4_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Device4_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Device4_CreateBuffer(p,a,b,c) (p)->lpVtbl->CreateBuffer(p,a,b,c)
#define ID3D11Device4_CreateTexture1D(p,a,b,c) (p)->lpVtbl->CreateTexture1D(p,a,b,c)
#define ID3D11Device4_CreateTexture2D(p,a,b,c) (p)->lpVtbl->CreateTexture2D(p,a,b,c)
#define ID3D11Device4_CreateTexture3D(p,a,b,c) (p)->lpVtbl->CreateTexture3D(p,a,b,c)
#define ID3D11Device4_CreateShaderResourceView(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView(p,a,b,c)
#define ID3D11Device4_CreateUnorderedAccessView(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView(p,a,b,c)
#define ID3D11Device4_CreateRenderTargetView(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView(p,a,b,c)
#define ID3D11Device4_CreateDepthStencilView(p,a,b,c) (p)->lpVtbl->CreateDepthStencilView(p,a,b,c)
#define ID3D11Device4_CreateInputLayout(p,a,b,c,d,e) (p)->lpVtbl->CreateInputLayout(p,a,b,c,d,e)
#define ID3D11Device4_CreateVertexShader(p,a,b,c,d) (p)->lpVtbl->CreateVertexShader(p,a,b,c,d)
#define ID3D11Device4_CreateGeometryShader(p,a,b,c,d) (p)->lpVtbl->CreateGeometryShader(p,a,b,c,d)
#define ID3D11Device4_CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device4_CreatePixelShader(p,a,b,c,d) (p)->lpVtbl->CreatePixelShader(p,a,b,c,d)
#define ID3D11Device4_CreateHullShader(p,a,b,c,d) (p)->lpVtbl->CreateHullShader(p,a,b,c,d)
#define ID3D11Device4_CreateDomainShader(p,a,b,c,d) (p)->lpVtbl->CreateDomainShader(p,a,b,c,d)
#define ID3D11Device4_CreateComputeShader(p,a,b,c,d) (p)->lpVtbl->CreateComputeShader(p,a,b,c,d)
#define ID3D11Device4_CreateClassLinkage(p,a) (p)->lpVtbl->CreateClassLinkage(p,a)
#define ID3D11Device4_CreateBlendState(p,a,b) (p)->lpVtbl->CreateBlendState(p,a,b)
#define ID3D11Device4_CreateDepthStencilState(p,a,b) (p)->lpVtbl->CreateDepthStencilState(p,a,b)
#define ID3D11Device4_CreateRasterizerState(p,a,b) (p)->lpVtbl->CreateRasterizerState(p,a,b)
#define ID3D11Device4_CreateSamplerState(p,a,b) (p)->lpVtbl->CreateSamplerState(p,a,b)
#define ID3D11Device4_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)
#define ID3D11Device4_CreatePredicate(p,a,b) (p)->lpVtbl->CreatePredicate(p,a,b)
#define ID3D11Device4_CreateCounter(p,a,b) (p)->lpVtbl->CreateCounter(p,a,b)
#define ID3D11Device4_CreateDeferredContext(p,a,b) (p)->lpVtbl->CreateDeferredContext(p,a,b)
#define ID3D11Device4_OpenSharedResource(p,a,b,c) (p)->lpVtbl->OpenSharedResource(p,a,b,c)
#define ID3D11Device4_CheckFormatSupport(p,a,b) (p)->lpVtbl->CheckFormatSupport(p,a,b)
#define ID3D11Device4_CheckMultisampleQualityLevels(p,a,b,c) (p)->lpVtbl->CheckMultisampleQualityLevels(p,a,b,c)
#define ID3D11Device4_CheckCounterInfo(p,a) (p)->lpVtbl->CheckCounterInfo(p,a)
#define ID3D11Device4_CheckCounter(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CheckCounter(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device4_CheckFeatureSupport(p,a,b,c) (p)->lpVtbl->CheckFeatureSupport(p,a,b,c)
#define ID3D11Device4_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11Device4_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11Device4_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11Device4_GetFeatureLevel(p) (p)->lpVtbl->GetFeatureLevel(p)
#define ID3D11Device4_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define ID3D11Device4_GetDeviceRemovedReason(p) (p)->lpVtbl->GetDeviceRemovedReason(p)
#define ID3D11Device4_GetImmediateContext(p,a) (p)->lpVtbl->GetImmediateContext(p,a)
#define ID3D11Device4_SetExceptionMode(p,a) (p)->lpVtbl->SetExceptionMode(p,a)
#define ID3D11Device4_GetExceptionMode(p) (p)->lpVtbl->GetExceptionMode(p)
#define ID3D11Device4_GetImmediateContext1(p,a) (p)->lpVtbl->GetImmediateContext1(p,a)
#define ID3D11Device4_CreateDeferredContext1(p,a,b) (p)->lpVtbl->CreateDeferredContext1(p,a,b)
#define ID3D11Device4_CreateBlendState1(p,a,b) (p)->lpVtbl->CreateBlendState1(p,a,b)
#define ID3D11Device4_CreateRasterizerState1(p,a,b) (p)->lpVtbl->CreateRasterizerState1(p,a,b)
#define ID3D11Device4_CreateDeviceContextState(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateDeviceContextState(p,a,b,c,d,e,f,g)
#define ID3D11Device4_OpenSharedResource1(p,a,b,c) (p)->lpVtbl->OpenSharedResource1(p,a,b,c)
#define ID3D11Device4_OpenSharedResourceByName(p,a,b,c,d) (p)->lpVtbl->OpenSharedResourceByName(p,a,b,c,d)
#define ID3D11Device4_GetImmediateContext2(p,a) (p)->lpVtbl->GetImmediateContext2(p,a)
#define ID3D11Device4_CreateDeferredContext2(p,a,b) (p)->lpVtbl->CreateDeferredContext2(p,a,b)
#define ID3D11Device4_GetResourceTiling(p,a,b,c,d,e,f,g) (p)->lpVtbl->GetResourceTiling(p,a,b,c,d,e,f,g)
#define ID3D11Device4_CheckMultisampleQualityLevels1(p,a,b,c,d) (p)->lpVtbl->CheckMultisampleQualityLevels1(p,a,b,c,d)
#define ID3D11Device4_CreateTexture2D1(p,a,b,c) (p)->lpVtbl->CreateTexture2D1(p,a,b,c)
#define ID3D11Device4_CreateTexture3D1(p,a,b,c) (p)->lpVtbl->CreateTexture3D1(p,a,b,c)
#define ID3D11Device4_CreateRasterizerState2(p,a,b) (p)->lpVtbl->CreateRasterizerState2(p,a,b)
#define ID3D11Device4_CreateShaderResourceView1(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView1(p,a,b,c)
#define ID3D11Device4_CreateUnorderedAccessView1(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView1(p,a,b,c)
#define ID3D11Device4_CreateRenderTargetView1(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView1(p,a,b,c)
#define ID3D11Device4_CreateQuery1(p,a,b) (p)->lpVtbl->CreateQuery1(p,a,b)
#define ID3D11Device4_GetImmediateContext3(p,a) (p)->lpVtbl->GetImmediateContext3(p,a)
#define ID3D11Device4_CreateDeferredContext3(p,a,b) (p)->lpVtbl->CreateDeferredContext3(p,a,b)
#define ID3D11Device4_WriteToSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->WriteToSubresource(p,a,b,c,d,e,f)
#define ID3D11Device4_ReadFromSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->ReadFromSubresource(p,a,b,c,d,e,f)
#define ID3D11Device4_RegisterDeviceRemovedEvent(p,a,b) (p)->lpVtbl->RegisterDeviceRemovedEvent(p,a,b)
#define ID3D11Device4_UnregisterDeviceRemoved(p,a) (p)->lpVtbl->UnregisterDeviceRemoved(p,a)

/* ---- ID3D11Device5 ----------------------------------------------------------- */

typedef struct ID3D11Device5Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11Device5 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Device5 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Device5 *This);
    /* ID3D11Device */
    HRESULT (STDMETHODCALLTYPE *CreateBuffer)(
        ID3D11Device5 *This, const D3D11_BUFFER_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer);
    HRESULT (STDMETHODCALLTYPE *CreateTexture1D)(
        ID3D11Device5 *This, const D3D11_TEXTURE1D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture1D **ppTexture1D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D)(
        ID3D11Device5 *This, const D3D11_TEXTURE2D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture2D **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D)(
        ID3D11Device5 *This, const D3D11_TEXTURE3D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture3D **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView)(
        ID3D11Device5 *This, ID3D11Resource *pResource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc,
        ID3D11ShaderResourceView **ppSRView);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView)(
        ID3D11Device5 *This, ID3D11Resource *pResource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc,
        ID3D11UnorderedAccessView **ppUAView);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView)(
        ID3D11Device5 *This, ID3D11Resource *pResource,
        const D3D11_RENDER_TARGET_VIEW_DESC *pDesc,
        ID3D11RenderTargetView **ppRTView);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilView)(
        ID3D11Device5 *This, ID3D11Resource *pResource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *pDesc,
        ID3D11DepthStencilView **ppDepthStencilView);
    HRESULT (STDMETHODCALLTYPE *CreateInputLayout)(
        ID3D11Device5 *This, const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs,
        UINT NumElements, const void *pShaderBytecodeWithInputSignature,
        SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11VertexShader **ppVertexShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShaderWithStreamOutput)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries,
        const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader);
    HRESULT (STDMETHODCALLTYPE *CreateHullShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader);
    HRESULT (STDMETHODCALLTYPE *CreateDomainShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11DomainShader **ppDomainShader);
    HRESULT (STDMETHODCALLTYPE *CreateComputeShader)(
        ID3D11Device5 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11ComputeShader **ppComputeShader);
    HRESULT (STDMETHODCALLTYPE *CreateClassLinkage)(
        ID3D11Device5 *This, ID3D11ClassLinkage **ppLinkage);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState)(
        ID3D11Device5 *This, const D3D11_BLEND_DESC *pBlendStateDesc,
        ID3D11BlendState **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilState)(
        ID3D11Device5 *This, const D3D11_DEPTH_STENCIL_DESC *pDepthStencilDesc,
        ID3D11DepthStencilState **ppDepthStencilState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState)(
        ID3D11Device5 *This, const D3D11_RASTERIZER_DESC *pRasterizerDesc,
        ID3D11RasterizerState **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateSamplerState)(
        ID3D11Device5 *This, const D3D11_SAMPLER_DESC *pSamplerDesc,
        ID3D11SamplerState **ppSamplerState);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        ID3D11Device5 *This, const D3D11_QUERY_DESC *pQueryDesc,
        ID3D11Query **ppQuery);
    HRESULT (STDMETHODCALLTYPE *CreatePredicate)(
        ID3D11Device5 *This, const D3D11_QUERY_DESC *pPredicateDesc,
        ID3D11Predicate **ppPredicate);
    HRESULT (STDMETHODCALLTYPE *CreateCounter)(
        ID3D11Device5 *This, const D3D11_COUNTER_DESC *pCounterDesc,
        ID3D11Counter **ppCounter);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext)(
        ID3D11Device5 *This, UINT ContextFlags,
        ID3D11DeviceContext **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource)(
        ID3D11Device5 *This, HANDLE hResource, REFIID ReturnedInterface,
        void **ppResource);
    HRESULT (STDMETHODCALLTYPE *CheckFormatSupport)(
        ID3D11Device5 *This, DXGI_FORMAT Format, UINT *pFormatSupport);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels)(
        ID3D11Device5 *This, DXGI_FORMAT Format, UINT SampleCount,
        UINT *pNumQualityLevels);
    void (STDMETHODCALLTYPE *CheckCounterInfo)(
        ID3D11Device5 *This, D3D11_COUNTER_INFO *pCounterInfo);
    HRESULT (STDMETHODCALLTYPE *CheckCounter)(
        ID3D11Device5 *This, const D3D11_COUNTER_DESC *pDesc,
        D3D11_COUNTER_TYPE *pType, UINT *pActiveCounters, LPSTR szName,
        UINT *pNameLength, LPSTR szUnits, UINT *pUnitsLength,
        LPSTR szDescription, UINT *pDescriptionLength);
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(
        ID3D11Device5 *This, D3D11_FEATURE Feature, void *pFeatureSupportData,
        UINT FeatureSupportDataSize);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11Device5 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11Device5 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11Device5 *This, REFGUID guid, const IUnknown *pData);
    D3D_FEATURE_LEVEL (STDMETHODCALLTYPE *GetFeatureLevel)(ID3D11Device5 *This);
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(ID3D11Device5 *This);
    HRESULT (STDMETHODCALLTYPE *GetDeviceRemovedReason)(ID3D11Device5 *This);
    void (STDMETHODCALLTYPE *GetImmediateContext)(
        ID3D11Device5 *This, ID3D11DeviceContext **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *SetExceptionMode)(
        ID3D11Device5 *This, UINT RaiseFlags);
    UINT (STDMETHODCALLTYPE *GetExceptionMode)(ID3D11Device5 *This);
    /* ID3D11Device1 */
    void (STDMETHODCALLTYPE *GetImmediateContext1)(ID3D11Device5 *This, ID3D11DeviceContext1 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext1)(ID3D11Device5 *This, UINT ContextFlags, ID3D11DeviceContext1 **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState1)(ID3D11Device5 *This, const D3D11_BLEND_DESC1 *pBlendStateDesc, ID3D11BlendState1 **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState1)(ID3D11Device5 *This, const D3D11_RASTERIZER_DESC1 *pRasterizerDesc, ID3D11RasterizerState1 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateDeviceContextState)(ID3D11Device5 *This, UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosenFeatureLevel, ID3DDeviceContextState **ppContextState);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource1)(ID3D11Device5 *This, HANDLE hResource, REFIID returnedInterface, void **ppResource);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResourceByName)(ID3D11Device5 *This, LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void **ppResource);
    /* ID3D11Device2 */
    void (STDMETHODCALLTYPE *GetImmediateContext2)(ID3D11Device5 *This, ID3D11DeviceContext2 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext2)(ID3D11Device5 *This, UINT ContextFlags, ID3D11DeviceContext2 **ppDeferredContext);
    void (STDMETHODCALLTYPE *GetResourceTiling)(ID3D11Device5 *This, ID3D11Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC *pPackedMipDesc, D3D11_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels1)(ID3D11Device5 *This, DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT *pNumQualityLevels);
    /* ID3D11Device3 */
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D1)(ID3D11Device5 *This, const D3D11_TEXTURE2D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture2D1 **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D1)(ID3D11Device5 *This, const D3D11_TEXTURE3D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture3D1 **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState2)(ID3D11Device5 *This, const D3D11_RASTERIZER_DESC2 *pRasterizerDesc, ID3D11RasterizerState2 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView1)(ID3D11Device5 *This, ID3D11Resource *pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *pDesc1, ID3D11ShaderResourceView1 **ppSRView1);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView1)(ID3D11Device5 *This, ID3D11Resource *pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *pDesc1, ID3D11UnorderedAccessView1 **ppUAView1);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView1)(ID3D11Device5 *This, ID3D11Resource *pResource, const D3D11_RENDER_TARGET_VIEW_DESC1 *pDesc1, ID3D11RenderTargetView1 **ppRTView1);
    HRESULT (STDMETHODCALLTYPE *CreateQuery1)(ID3D11Device5 *This, const D3D11_QUERY_DESC1 *pQueryDesc1, ID3D11Query1 **ppQuery1);
    void (STDMETHODCALLTYPE *GetImmediateContext3)(ID3D11Device5 *This, ID3D11DeviceContext3 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext3)(ID3D11Device5 *This, UINT ContextFlags, ID3D11DeviceContext3 **ppDeferredContext);
    void (STDMETHODCALLTYPE *WriteToSubresource)(ID3D11Device5 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *ReadFromSubresource)(ID3D11Device5 *This, void *pDstData, UINT DstRowPitch, UINT DstDepthPitch, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox);
    /* ID3D11Device4 */
    HRESULT (STDMETHODCALLTYPE *RegisterDeviceRemovedEvent)(ID3D11Device5 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterDeviceRemoved)(ID3D11Device5 *This, DWORD dwCookie);
    /* ID3D11Device5 */
    HRESULT (STDMETHODCALLTYPE *OpenSharedFence)(ID3D11Device5 *This, HANDLE hFence, REFIID ReturnedInterface, void **ppFence);
    HRESULT (STDMETHODCALLTYPE *CreateFence)(ID3D11Device5 *This, UINT64 InitialValue, D3D11_FENCE_FLAG Flags, REFIID ReturnedInterface, void **ppFence);
} ID3D11Device5Vtbl;

struct ID3D11Device5 {
    const ID3D11Device5Vtbl *lpVtbl;
};

#define ID3D11Device5_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Device5_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Device5_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Device5_CreateBuffer(p,a,b,c) (p)->lpVtbl->CreateBuffer(p,a,b,c)
#define ID3D11Device5_CreateTexture1D(p,a,b,c) (p)->lpVtbl->CreateTexture1D(p,a,b,c)
#define ID3D11Device5_CreateTexture2D(p,a,b,c) (p)->lpVtbl->CreateTexture2D(p,a,b,c)
#define ID3D11Device5_CreateTexture3D(p,a,b,c) (p)->lpVtbl->CreateTexture3D(p,a,b,c)
#define ID3D11Device5_CreateShaderResourceView(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView(p,a,b,c)
#define ID3D11Device5_CreateUnorderedAccessView(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView(p,a,b,c)
#define ID3D11Device5_CreateRenderTargetView(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView(p,a,b,c)
#define ID3D11Device5_CreateDepthStencilView(p,a,b,c) (p)->lpVtbl->CreateDepthStencilView(p,a,b,c)
#define ID3D11Device5_CreateInputLayout(p,a,b,c,d,e) (p)->lpVtbl->CreateInputLayout(p,a,b,c,d,e)
#define ID3D11Device5_CreateVertexShader(p,a,b,c,d) (p)->lpVtbl->CreateVertexShader(p,a,b,c,d)
#define ID3D11Device5_CreateGeometryShader(p,a,b,c,d) (p)->lpVtbl->CreateGeometryShader(p,a,b,c,d)
#define ID3D11Device5_CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device5_CreatePixelShader(p,a,b,c,d) (p)->lpVtbl->CreatePixelShader(p,a,b,c,d)
#define ID3D11Device5_CreateHullShader(p,a,b,c,d) (p)->lpVtbl->CreateHullShader(p,a,b,c,d)
#define ID3D11Device5_CreateDomainShader(p,a,b,c,d) (p)->lpVtbl->CreateDomainShader(p,a,b,c,d)
#define ID3D11Device5_CreateComputeShader(p,a,b,c,d) (p)->lpVtbl->CreateComputeShader(p,a,b,c,d)
#define ID3D11Device5_CreateClassLinkage(p,a) (p)->lpVtbl->CreateClassLinkage(p,a)
#define ID3D11Device5_CreateBlendState(p,a,b) (p)->lpVtbl->CreateBlendState(p,a,b)
#define ID3D11Device5_CreateDepthStencilState(p,a,b) (p)->lpVtbl->CreateDepthStencilState(p,a,b)
#define ID3D11Device5_CreateRasterizerState(p,a,b) (p)->lpVtbl->CreateRasterizerState(p,a,b)
#define ID3D11Device5_CreateSamplerState(p,a,b) (p)->lpVtbl->CreateSamplerState(p,a,b)
#define ID3D11Device5_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)
#define ID3D11Device5_CreatePredicate(p,a,b) (p)->lpVtbl->CreatePredicate(p,a,b)
#define ID3D11Device5_CreateCounter(p,a,b) (p)->lpVtbl->CreateCounter(p,a,b)
#define ID3D11Device5_CreateDeferredContext(p,a,b) (p)->lpVtbl->CreateDeferredContext(p,a,b)
#define ID3D11Device5_OpenSharedResource(p,a,b,c) (p)->lpVtbl->OpenSharedResource(p,a,b,c)
#define ID3D11Device5_CheckFormatSupport(p,a,b) (p)->lpVtbl->CheckFormatSupport(p,a,b)
#define ID3D11Device5_CheckMultisampleQualityLevels(p,a,b,c) (p)->lpVtbl->CheckMultisampleQualityLevels(p,a,b,c)
#define ID3D11Device5_CheckCounterInfo(p,a) (p)->lpVtbl->CheckCounterInfo(p,a)
#define ID3D11Device5_CheckCounter(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CheckCounter(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device5_CheckFeatureSupport(p,a,b,c) (p)->lpVtbl->CheckFeatureSupport(p,a,b,c)
#define ID3D11Device5_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11Device5_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11Device5_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11Device5_GetFeatureLevel(p) (p)->lpVtbl->GetFeatureLevel(p)
#define ID3D11Device5_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define ID3D11Device5_GetDeviceRemovedReason(p) (p)->lpVtbl->GetDeviceRemovedReason(p)
#define ID3D11Device5_GetImmediateContext(p,a) (p)->lpVtbl->GetImmediateContext(p,a)
#define ID3D11Device5_SetExceptionMode(p,a) (p)->lpVtbl->SetExceptionMode(p,a)
#define ID3D11Device5_GetExceptionMode(p) (p)->lpVtbl->GetExceptionMode(p)
#define ID3D11Device5_GetImmediateContext1(p,a) (p)->lpVtbl->GetImmediateContext1(p,a)
#define ID3D11Device5_CreateDeferredContext1(p,a,b) (p)->lpVtbl->CreateDeferredContext1(p,a,b)
#define ID3D11Device5_CreateBlendState1(p,a,b) (p)->lpVtbl->CreateBlendState1(p,a,b)
#define ID3D11Device5_CreateRasterizerState1(p,a,b) (p)->lpVtbl->CreateRasterizerState1(p,a,b)
#define ID3D11Device5_CreateDeviceContextState(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateDeviceContextState(p,a,b,c,d,e,f,g)
#define ID3D11Device5_OpenSharedResource1(p,a,b,c) (p)->lpVtbl->OpenSharedResource1(p,a,b,c)
#define ID3D11Device5_OpenSharedResourceByName(p,a,b,c,d) (p)->lpVtbl->OpenSharedResourceByName(p,a,b,c,d)
#define ID3D11Device5_GetImmediateContext2(p,a) (p)->lpVtbl->GetImmediateContext2(p,a)
#define ID3D11Device5_CreateDeferredContext2(p,a,b) (p)->lpVtbl->CreateDeferredContext2(p,a,b)
#define ID3D11Device5_GetResourceTiling(p,a,b,c,d,e,f,g) (p)->lpVtbl->GetResourceTiling(p,a,b,c,d,e,f,g)
#define ID3D11Device5_CheckMultisampleQualityLevels1(p,a,b,c,d) (p)->lpVtbl->CheckMultisampleQualityLevels1(p,a,b,c,d)
#define ID3D11Device5_CreateTexture2D1(p,a,b,c) (p)->lpVtbl->CreateTexture2D1(p,a,b,c)
#define ID3D11Device5_CreateTexture3D1(p,a,b,c) (p)->lpVtbl->CreateTexture3D1(p,a,b,c)
#define ID3D11Device5_CreateRasterizerState2(p,a,b) (p)->lpVtbl->CreateRasterizerState2(p,a,b)
#define ID3D11Device5_CreateShaderResourceView1(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView1(p,a,b,c)
#define ID3D11Device5_CreateUnorderedAccessView1(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView1(p,a,b,c)
#define ID3D11Device5_CreateRenderTargetView1(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView1(p,a,b,c)
#define ID3D11Device5_CreateQuery1(p,a,b) (p)->lpVtbl->CreateQuery1(p,a,b)
#define ID3D11Device5_GetImmediateContext3(p,a) (p)->lpVtbl->GetImmediateContext3(p,a)
#define ID3D11Device5_CreateDeferredContext3(p,a,b) (p)->lpVtbl->CreateDeferredContext3(p,a,b)
#define ID3D11Device5_WriteToSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->WriteToSubresource(p,a,b,c,d,e,f)
#define ID3D11Device5_ReadFromSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->ReadFromSubresource(p,a,b,c,d,e,f)
#define ID3D11Device5_RegisterDeviceRemovedEvent(p,a,b) (p)->lpVtbl->RegisterDeviceRemovedEvent(p,a,b)
#define ID3D11Device5_UnregisterDeviceRemoved(p,a) (p)->lpVtbl->UnregisterDeviceRemoved(p,a)
#define ID3D11Device5_OpenSharedFence(p,a,b,c) (p)->lpVtbl->OpenSharedFence(p,a,b,c)
#define ID3D11Device5_CreateFence(p,a,b,c,d) (p)->lpVtbl->CreateFence(p,a,b,c,d)

/* ---- ID3D11Multithread ----------------------------------------------------- */

typedef struct ID3D11MultithreadVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11Multithread *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Multithread *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Multithread *This);
    /* ID3D11Multithread */
    void (STDMETHODCALLTYPE *Enter)(ID3D11Multithread *This);
    void (STDMETHODCALLTYPE *Leave)(ID3D11Multithread *This);
    BOOL (STDMETHODCALLTYPE *SetMultithreadProtected)(ID3D11Multithread *This, BOOL bMTProtect);
    BOOL (STDMETHODCALLTYPE *GetMultithreadProtected)(ID3D11Multithread *This);
} ID3D11MultithreadVtbl;

struct ID3D11Multithread {
    const ID3D11MultithreadVtbl *lpVtbl;
};

#define ID3D11Multithread_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Multithread_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Multithread_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Multithread_Enter(p) (p)->lpVtbl->Enter(p)
#define ID3D11Multithread_Leave(p) (p)->lpVtbl->Leave(p)
#define ID3D11Multithread_SetMultithreadProtected(p,a) (p)->lpVtbl->SetMultithreadProtected(p,a)
#define ID3D11Multithread_GetMultithreadProtected(p) (p)->lpVtbl->GetMultithreadProtected(p)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_D3D11_4_H */
#endif /* !_WIN32 */
