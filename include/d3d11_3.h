/*
 * nereid: the Direct3D 11.3 interfaces (d3d11_3.h): ID3D11DeviceContext3 and 4,
 * ID3D11Device3 and ID3D11Fence, with their types.  The "1" view,
 * texture, rasterizer and query interfaces that ID3D11Device3 creates,
 * and the view descriptions of their create calls, are declared as
 * incomplete types (nereid does not create them), for native builds.
 *
 * Written for nereid from Microsoft's Direct3D 11 documentation in the
 * form of d3d11.h and d3d11_1.h (see there): C vtables in the Windows
 * order, each interface's inherited methods first with This of the
 * derived type, and a call macro for every method.
 * tests/unit/test_d3d11_abi.c checks slots, layouts and values against
 * those of mingw-w64's headers.
 *
 * On Windows this file defers to the system's <d3d11_3.h>.
 */
#ifdef _WIN32
#include_next <d3d11_3.h>
#else /* !_WIN32 */

#ifndef NEREID_D3D11_3_H
#define NEREID_D3D11_3_H

#include "d3d11_2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Types =============================================================== */

typedef enum D3D11_CONTEXT_TYPE {
    D3D11_CONTEXT_TYPE_ALL = 0,
    D3D11_CONTEXT_TYPE_3D = 1,
    D3D11_CONTEXT_TYPE_COMPUTE = 2,
    D3D11_CONTEXT_TYPE_COPY = 3,
    D3D11_CONTEXT_TYPE_VIDEO = 4
} D3D11_CONTEXT_TYPE;

typedef enum D3D11_TEXTURE_LAYOUT {
    D3D11_TEXTURE_LAYOUT_UNDEFINED = 0,
    D3D11_TEXTURE_LAYOUT_ROW_MAJOR = 1,
    D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE = 2
} D3D11_TEXTURE_LAYOUT;

typedef enum D3D11_CONSERVATIVE_RASTERIZATION_MODE {
    D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF = 0,
    D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON = 1
} D3D11_CONSERVATIVE_RASTERIZATION_MODE;

/* As Microsoft's d3d11_3.h has it (mingw-w64's says NONE = 0x1). */
typedef enum D3D11_FENCE_FLAG {
    D3D11_FENCE_FLAG_NONE = 0,
    D3D11_FENCE_FLAG_SHARED = 0x2,
    D3D11_FENCE_FLAG_SHARED_CROSS_ADAPTER = 0x4,
    D3D11_FENCE_FLAG_NON_MONITORED = 0x8
} D3D11_FENCE_FLAG;

typedef struct D3D11_TEXTURE2D_DESC1 {
    UINT Width;
    UINT Height;
    UINT MipLevels;
    UINT ArraySize;
    DXGI_FORMAT Format;
    DXGI_SAMPLE_DESC SampleDesc;
    D3D11_USAGE Usage;
    UINT BindFlags;
    UINT CPUAccessFlags;
    UINT MiscFlags;
    D3D11_TEXTURE_LAYOUT TextureLayout;
} D3D11_TEXTURE2D_DESC1;

typedef struct D3D11_TEXTURE3D_DESC1 {
    UINT Width;
    UINT Height;
    UINT Depth;
    UINT MipLevels;
    DXGI_FORMAT Format;
    D3D11_USAGE Usage;
    UINT BindFlags;
    UINT CPUAccessFlags;
    UINT MiscFlags;
    D3D11_TEXTURE_LAYOUT TextureLayout;
} D3D11_TEXTURE3D_DESC1;

typedef struct D3D11_RASTERIZER_DESC2 {
    D3D11_FILL_MODE FillMode;
    D3D11_CULL_MODE CullMode;
    BOOL FrontCounterClockwise;
    INT DepthBias;
    FLOAT DepthBiasClamp;
    FLOAT SlopeScaledDepthBias;
    BOOL DepthClipEnable;
    BOOL ScissorEnable;
    BOOL MultisampleEnable;
    BOOL AntialiasedLineEnable;
    UINT ForcedSampleCount;
    D3D11_CONSERVATIVE_RASTERIZATION_MODE ConservativeRaster;
} D3D11_RASTERIZER_DESC2;

typedef struct D3D11_QUERY_DESC1 {
    D3D11_QUERY Query;
    UINT MiscFlags;
    D3D11_CONTEXT_TYPE ContextType;
} D3D11_QUERY_DESC1;

/* D3D11.3's view descriptions: a plane of a planar format for 2D views. */
typedef struct D3D11_TEX2D_SRV1 {
    UINT MostDetailedMip;
    UINT MipLevels;
    UINT PlaneSlice;
} D3D11_TEX2D_SRV1;

typedef struct D3D11_TEX2D_ARRAY_SRV1 {
    UINT MostDetailedMip;
    UINT MipLevels;
    UINT FirstArraySlice;
    UINT ArraySize;
    UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_SRV1;

typedef struct D3D11_SHADER_RESOURCE_VIEW_DESC1 {
    DXGI_FORMAT Format;
    D3D11_SRV_DIMENSION ViewDimension;
    NEREID_EXTENSION union {
        D3D11_BUFFER_SRV Buffer;
        D3D11_TEX1D_SRV Texture1D;
        D3D11_TEX1D_ARRAY_SRV Texture1DArray;
        D3D11_TEX2D_SRV1 Texture2D;
        D3D11_TEX2D_ARRAY_SRV1 Texture2DArray;
        D3D11_TEX2DMS_SRV Texture2DMS;
        D3D11_TEX2DMS_ARRAY_SRV Texture2DMSArray;
        D3D11_TEX3D_SRV Texture3D;
        D3D11_TEXCUBE_SRV TextureCube;
        D3D11_TEXCUBE_ARRAY_SRV TextureCubeArray;
        D3D11_BUFFEREX_SRV BufferEx;
    };
} D3D11_SHADER_RESOURCE_VIEW_DESC1;

typedef struct D3D11_TEX2D_RTV1 {
    UINT MipSlice;
    UINT PlaneSlice;
} D3D11_TEX2D_RTV1;

typedef struct D3D11_TEX2D_ARRAY_RTV1 {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
    UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_RTV1;

typedef struct D3D11_RENDER_TARGET_VIEW_DESC1 {
    DXGI_FORMAT Format;
    D3D11_RTV_DIMENSION ViewDimension;
    NEREID_EXTENSION union {
        D3D11_BUFFER_RTV Buffer;
        D3D11_TEX1D_RTV Texture1D;
        D3D11_TEX1D_ARRAY_RTV Texture1DArray;
        D3D11_TEX2D_RTV1 Texture2D;
        D3D11_TEX2D_ARRAY_RTV1 Texture2DArray;
        D3D11_TEX2DMS_RTV Texture2DMS;
        D3D11_TEX2DMS_ARRAY_RTV Texture2DMSArray;
        D3D11_TEX3D_RTV Texture3D;
    };
} D3D11_RENDER_TARGET_VIEW_DESC1;

typedef struct D3D11_TEX2D_UAV1 {
    UINT MipSlice;
    UINT PlaneSlice;
} D3D11_TEX2D_UAV1;

typedef struct D3D11_TEX2D_ARRAY_UAV1 {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
    UINT PlaneSlice;
} D3D11_TEX2D_ARRAY_UAV1;

typedef struct D3D11_UNORDERED_ACCESS_VIEW_DESC1 {
    DXGI_FORMAT Format;
    D3D11_UAV_DIMENSION ViewDimension;
    NEREID_EXTENSION union {
        D3D11_BUFFER_UAV Buffer;
        D3D11_TEX1D_UAV Texture1D;
        D3D11_TEX1D_ARRAY_UAV Texture1DArray;
        D3D11_TEX2D_UAV1 Texture2D;
        D3D11_TEX2D_ARRAY_UAV1 Texture2DArray;
        D3D11_TEX3D_UAV Texture3D;
    };
} D3D11_UNORDERED_ACCESS_VIEW_DESC1;

/* ==== Interface identifiers =============================================== */

/* {B4E3C01D-E79E-4637-91B2-510E9F4C9B8F} */
DEFINE_GUID(IID_ID3D11DeviceContext3, 0xb4e3c01d, 0xe79e, 0x4637, 0x91, 0xb2, 0x51,
            0x0e, 0x9f, 0x4c, 0x9b, 0x8f);
/* {AFFDE9D1-1DF7-4BB7-8A34-0F46251DAB80} */
DEFINE_GUID(IID_ID3D11Fence, 0xaffde9d1, 0x1df7, 0x4bb7, 0x8a, 0x34, 0x0f, 0x46, 0x25,
            0x1d, 0xab, 0x80);
/* {917600DA-F58C-4C33-98D8-3E15B390FA24} */
DEFINE_GUID(IID_ID3D11DeviceContext4, 0x917600da, 0xf58c, 0x4c33, 0x98, 0xd8, 0x3e,
            0x15, 0xb3, 0x90, 0xfa, 0x24);
/* {A05C8C37-D2C6-4732-B3A0-9CE0B0DC9AE6} */
DEFINE_GUID(IID_ID3D11Device3, 0xa05c8c37, 0xd2c6, 0x4732, 0xb3, 0xa0, 0x9c, 0xe0,
            0xb0, 0xdc, 0x9a, 0xe6);

/* ==== Interfaces (C form) ================================================= */

typedef struct ID3D11Texture2D1 ID3D11Texture2D1;
typedef struct ID3D11Texture3D1 ID3D11Texture3D1;
typedef struct ID3D11RasterizerState2 ID3D11RasterizerState2;
typedef struct ID3D11ShaderResourceView1 ID3D11ShaderResourceView1;
typedef struct ID3D11RenderTargetView1 ID3D11RenderTargetView1;
typedef struct ID3D11UnorderedAccessView1 ID3D11UnorderedAccessView1;
typedef struct ID3D11Query1 ID3D11Query1;
typedef struct ID3D11DeviceContext3 ID3D11DeviceContext3;
typedef struct ID3D11Fence ID3D11Fence;
typedef struct ID3D11DeviceContext4 ID3D11DeviceContext4;
typedef struct ID3D11Device3 ID3D11Device3;

/* {51218251-1E33-4617-9CCB-4D3A4367E7BB} */
DEFINE_GUID(IID_ID3D11Texture2D1, 0x51218251, 0x1e33, 0x4617, 0x9c, 0xcb, 0x4d, 0x3a,
            0x43, 0x67, 0xe7, 0xbb);
/* {0C711683-2853-4846-9BB0-F3E60639E46A} */
DEFINE_GUID(IID_ID3D11Texture3D1, 0x0c711683, 0x2853, 0x4846, 0x9b, 0xb0, 0xf3, 0xe6,
            0x06, 0x39, 0xe4, 0x6a);
/* {6FBD02FB-209F-46C4-B059-2ED15586A6AC} */
DEFINE_GUID(IID_ID3D11RasterizerState2, 0x6fbd02fb, 0x209f, 0x46c4, 0xb0, 0x59, 0x2e,
            0xd1, 0x55, 0x86, 0xa6, 0xac);
/* {91308B87-9040-411D-8C67-C39253CE3802} */
DEFINE_GUID(IID_ID3D11ShaderResourceView1, 0x91308b87, 0x9040, 0x411d, 0x8c, 0x67, 0xc3,
            0x92, 0x53, 0xce, 0x38, 0x02);
/* {FFBE2E23-F011-418A-AC56-5CEED7C5B94B} */
DEFINE_GUID(IID_ID3D11RenderTargetView1, 0xffbe2e23, 0xf011, 0x418a, 0xac, 0x56, 0x5c,
            0xee, 0xd7, 0xc5, 0xb9, 0x4b);
/* {7B3B6153-A886-4544-AB37-6537C8500403} */
DEFINE_GUID(IID_ID3D11UnorderedAccessView1, 0x7b3b6153, 0xa886, 0x4544, 0xab, 0x37, 0x65,
            0x37, 0xc8, 0x50, 0x04, 0x03);
/* {631B4766-36DC-461D-8DB6-C47E13E60916} */
DEFINE_GUID(IID_ID3D11Query1, 0x631b4766, 0x36dc, 0x461d, 0x8d, 0xb6, 0xc4, 0x7e, 0x13,
            0xe6, 0x09, 0x16);

/* ---- ID3D11Texture2D1, ID3D11Texture3D1 ------------------------------------- */

typedef struct ID3D11Texture2D1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11Texture2D1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Texture2D1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Texture2D1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11Texture2D1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11Texture2D1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11Texture2D1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11Texture2D1 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetType)(ID3D11Texture2D1 *This, D3D11_RESOURCE_DIMENSION *pResourceDimension);
    void (STDMETHODCALLTYPE *SetEvictionPriority)(ID3D11Texture2D1 *This, UINT EvictionPriority);
    UINT (STDMETHODCALLTYPE *GetEvictionPriority)(ID3D11Texture2D1 *This);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11Texture2D1 *This, D3D11_TEXTURE2D_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11Texture2D1 *This, D3D11_TEXTURE2D_DESC1 *pDesc);
} ID3D11Texture2D1Vtbl;

struct ID3D11Texture2D1 {
    const ID3D11Texture2D1Vtbl *lpVtbl;
};

#define ID3D11Texture2D1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Texture2D1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Texture2D1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Texture2D1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11Texture2D1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

typedef struct ID3D11Texture3D1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11Texture3D1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Texture3D1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Texture3D1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11Texture3D1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11Texture3D1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11Texture3D1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11Texture3D1 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetType)(ID3D11Texture3D1 *This, D3D11_RESOURCE_DIMENSION *pResourceDimension);
    void (STDMETHODCALLTYPE *SetEvictionPriority)(ID3D11Texture3D1 *This, UINT EvictionPriority);
    UINT (STDMETHODCALLTYPE *GetEvictionPriority)(ID3D11Texture3D1 *This);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11Texture3D1 *This, D3D11_TEXTURE3D_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11Texture3D1 *This, D3D11_TEXTURE3D_DESC1 *pDesc);
} ID3D11Texture3D1Vtbl;

struct ID3D11Texture3D1 {
    const ID3D11Texture3D1Vtbl *lpVtbl;
};

#define ID3D11Texture3D1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Texture3D1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Texture3D1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Texture3D1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11Texture3D1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

/* ---- ID3D11ShaderResourceView1, ID3D11RenderTargetView1,
 * ID3D11UnorderedAccessView1 ------------------------------------------------- */

typedef struct ID3D11ShaderResourceView1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11ShaderResourceView1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11ShaderResourceView1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11ShaderResourceView1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11ShaderResourceView1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11ShaderResourceView1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11ShaderResourceView1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11ShaderResourceView1 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetResource)(ID3D11ShaderResourceView1 *This, ID3D11Resource **ppResource);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11ShaderResourceView1 *This, D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11ShaderResourceView1 *This, D3D11_SHADER_RESOURCE_VIEW_DESC1 *pDesc1);
} ID3D11ShaderResourceView1Vtbl;

struct ID3D11ShaderResourceView1 {
    const ID3D11ShaderResourceView1Vtbl *lpVtbl;
};

#define ID3D11ShaderResourceView1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11ShaderResourceView1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11ShaderResourceView1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11ShaderResourceView1_GetResource(p,a) (p)->lpVtbl->GetResource(p,a)
#define ID3D11ShaderResourceView1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11ShaderResourceView1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

typedef struct ID3D11RenderTargetView1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11RenderTargetView1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11RenderTargetView1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11RenderTargetView1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11RenderTargetView1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11RenderTargetView1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11RenderTargetView1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11RenderTargetView1 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetResource)(ID3D11RenderTargetView1 *This, ID3D11Resource **ppResource);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11RenderTargetView1 *This, D3D11_RENDER_TARGET_VIEW_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11RenderTargetView1 *This, D3D11_RENDER_TARGET_VIEW_DESC1 *pDesc1);
} ID3D11RenderTargetView1Vtbl;

struct ID3D11RenderTargetView1 {
    const ID3D11RenderTargetView1Vtbl *lpVtbl;
};

#define ID3D11RenderTargetView1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11RenderTargetView1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11RenderTargetView1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11RenderTargetView1_GetResource(p,a) (p)->lpVtbl->GetResource(p,a)
#define ID3D11RenderTargetView1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11RenderTargetView1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

typedef struct ID3D11UnorderedAccessView1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11UnorderedAccessView1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11UnorderedAccessView1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11UnorderedAccessView1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11UnorderedAccessView1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11UnorderedAccessView1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11UnorderedAccessView1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11UnorderedAccessView1 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetResource)(ID3D11UnorderedAccessView1 *This, ID3D11Resource **ppResource);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11UnorderedAccessView1 *This, D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11UnorderedAccessView1 *This, D3D11_UNORDERED_ACCESS_VIEW_DESC1 *pDesc1);
} ID3D11UnorderedAccessView1Vtbl;

struct ID3D11UnorderedAccessView1 {
    const ID3D11UnorderedAccessView1Vtbl *lpVtbl;
};

#define ID3D11UnorderedAccessView1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11UnorderedAccessView1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11UnorderedAccessView1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11UnorderedAccessView1_GetResource(p,a) (p)->lpVtbl->GetResource(p,a)
#define ID3D11UnorderedAccessView1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11UnorderedAccessView1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

/* ---- ID3D11RasterizerState2 ------------------------------------------------- */

typedef struct ID3D11RasterizerState2Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11RasterizerState2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11RasterizerState2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11RasterizerState2 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11RasterizerState2 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11RasterizerState2 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11RasterizerState2 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11RasterizerState2 *This, REFGUID guid, const IUnknown *pData);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11RasterizerState2 *This, D3D11_RASTERIZER_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11RasterizerState2 *This, D3D11_RASTERIZER_DESC1 *pDesc);
    void (STDMETHODCALLTYPE *GetDesc2)(ID3D11RasterizerState2 *This, D3D11_RASTERIZER_DESC2 *pDesc);
} ID3D11RasterizerState2Vtbl;

struct ID3D11RasterizerState2 {
    const ID3D11RasterizerState2Vtbl *lpVtbl;
};

#define ID3D11RasterizerState2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11RasterizerState2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11RasterizerState2_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11RasterizerState2_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11RasterizerState2_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)
#define ID3D11RasterizerState2_GetDesc2(p,a) (p)->lpVtbl->GetDesc2(p,a)

/* ---- ID3D11Query1 ------------------------------------------------------------ */

typedef struct ID3D11Query1Vtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11Query1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Query1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Query1 *This);
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11Query1 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11Query1 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11Query1 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11Query1 *This, REFGUID guid, const IUnknown *pData);
    UINT (STDMETHODCALLTYPE *GetDataSize)(ID3D11Query1 *This);
    void (STDMETHODCALLTYPE *GetDesc)(ID3D11Query1 *This, D3D11_QUERY_DESC *pDesc);
    void (STDMETHODCALLTYPE *GetDesc1)(ID3D11Query1 *This, D3D11_QUERY_DESC1 *pDesc);
} ID3D11Query1Vtbl;

struct ID3D11Query1 {
    const ID3D11Query1Vtbl *lpVtbl;
};

#define ID3D11Query1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Query1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Query1_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Query1_GetDataSize(p) (p)->lpVtbl->GetDataSize(p)
#define ID3D11Query1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define ID3D11Query1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

/* ---- ID3D11DeviceContext3 ---------------------------------------------------- */

typedef struct ID3D11DeviceContext3Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11DeviceContext3 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11DeviceContext3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11DeviceContext3 *This);
    /* ID3D11DeviceChild */
    void (STDMETHODCALLTYPE *GetDevice)(
        ID3D11DeviceContext3 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11DeviceContext3 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11DeviceContext3 *This, REFGUID guid, UINT DataSize,
        const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11DeviceContext3 *This, REFGUID guid, const IUnknown *pData);
    /* ID3D11DeviceContext */
    void (STDMETHODCALLTYPE *VSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11PixelShader *pPixelShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *PSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *VSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11VertexShader *pVertexShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DrawIndexed)(
        ID3D11DeviceContext3 *This, UINT IndexCount, UINT StartIndexLocation,
        INT BaseVertexLocation);
    void (STDMETHODCALLTYPE *Draw)(
        ID3D11DeviceContext3 *This, UINT VertexCount, UINT StartVertexLocation);
    HRESULT (STDMETHODCALLTYPE *Map)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pResource, UINT Subresource,
        D3D11_MAP MapType, UINT MapFlags,
        D3D11_MAPPED_SUBRESOURCE *pMappedResource);
    void (STDMETHODCALLTYPE *Unmap)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pResource,
        UINT Subresource);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *IASetInputLayout)(
        ID3D11DeviceContext3 *This, ID3D11InputLayout *pInputLayout);
    void (STDMETHODCALLTYPE *IASetVertexBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppVertexBuffers, const UINT *pStrides,
        const UINT *pOffsets);
    void (STDMETHODCALLTYPE *IASetIndexBuffer)(
        ID3D11DeviceContext3 *This, ID3D11Buffer *pIndexBuffer,
        DXGI_FORMAT Format, UINT Offset);
    void (STDMETHODCALLTYPE *DrawIndexedInstanced)(
        ID3D11DeviceContext3 *This, UINT IndexCountPerInstance,
        UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *DrawInstanced)(
        ID3D11DeviceContext3 *This, UINT VertexCountPerInstance,
        UINT InstanceCount, UINT StartVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11GeometryShader *pShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *IASetPrimitiveTopology)(
        ID3D11DeviceContext3 *This, D3D11_PRIMITIVE_TOPOLOGY Topology);
    void (STDMETHODCALLTYPE *VSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *Begin)(
        ID3D11DeviceContext3 *This, ID3D11Asynchronous *pAsync);
    void (STDMETHODCALLTYPE *End)(
        ID3D11DeviceContext3 *This, ID3D11Asynchronous *pAsync);
    HRESULT (STDMETHODCALLTYPE *GetData)(
        ID3D11DeviceContext3 *This, ID3D11Asynchronous *pAsync, void *pData,
        UINT DataSize, UINT GetDataFlags);
    void (STDMETHODCALLTYPE *SetPredication)(
        ID3D11DeviceContext3 *This, ID3D11Predicate *pPredicate,
        BOOL PredicateValue);
    void (STDMETHODCALLTYPE *GSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *OMSetRenderTargets)(
        ID3D11DeviceContext3 *This, UINT NumViews,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView);
    void (STDMETHODCALLTYPE *OMSetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext3 *This, UINT NumRTVs,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *OMSetBlendState)(
        ID3D11DeviceContext3 *This, ID3D11BlendState *pBlendState,
        const FLOAT BlendFactor[4], UINT SampleMask);
    void (STDMETHODCALLTYPE *OMSetDepthStencilState)(
        ID3D11DeviceContext3 *This, ID3D11DepthStencilState *pDepthStencilState,
        UINT StencilRef);
    void (STDMETHODCALLTYPE *SOSetTargets)(
        ID3D11DeviceContext3 *This, UINT NumBuffers,
        ID3D11Buffer *const *ppSOTargets, const UINT *pOffsets);
    void (STDMETHODCALLTYPE *DrawAuto)(ID3D11DeviceContext3 *This);
    void (STDMETHODCALLTYPE *DrawIndexedInstancedIndirect)(
        ID3D11DeviceContext3 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *DrawInstancedIndirect)(
        ID3D11DeviceContext3 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *Dispatch)(
        ID3D11DeviceContext3 *This, UINT ThreadGroupCountX,
        UINT ThreadGroupCountY, UINT ThreadGroupCountZ);
    void (STDMETHODCALLTYPE *DispatchIndirect)(
        ID3D11DeviceContext3 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *RSSetState)(
        ID3D11DeviceContext3 *This, ID3D11RasterizerState *pRasterizerState);
    void (STDMETHODCALLTYPE *RSSetViewports)(
        ID3D11DeviceContext3 *This, UINT NumViewports,
        const D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSSetScissorRects)(
        ID3D11DeviceContext3 *This, UINT NumRects, const D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *CopySubresourceRegion)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ,
        ID3D11Resource *pSrcResource, UINT SrcSubresource,
        const D3D11_BOX *pSrcBox);
    void (STDMETHODCALLTYPE *CopyResource)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource,
        ID3D11Resource *pSrcResource);
    void (STDMETHODCALLTYPE *UpdateSubresource)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData,
        UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *CopyStructureCount)(
        ID3D11DeviceContext3 *This, ID3D11Buffer *pDstBuffer,
        UINT DstAlignedByteOffset, ID3D11UnorderedAccessView *pSrcView);
    void (STDMETHODCALLTYPE *ClearRenderTargetView)(
        ID3D11DeviceContext3 *This, ID3D11RenderTargetView *pRenderTargetView,
        const FLOAT ColorRGBA[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewUint)(
        ID3D11DeviceContext3 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView, const UINT Values[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewFloat)(
        ID3D11DeviceContext3 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView,
        const FLOAT Values[4]);
    void (STDMETHODCALLTYPE *ClearDepthStencilView)(
        ID3D11DeviceContext3 *This, ID3D11DepthStencilView *pDepthStencilView,
        UINT ClearFlags, FLOAT Depth, UINT8 Stencil);
    void (STDMETHODCALLTYPE *GenerateMips)(
        ID3D11DeviceContext3 *This,
        ID3D11ShaderResourceView *pShaderResourceView);
    void (STDMETHODCALLTYPE *SetResourceMinLOD)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pResource, FLOAT MinLOD);
    FLOAT (STDMETHODCALLTYPE *GetResourceMinLOD)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *ResolveSubresource)(
        ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, ID3D11Resource *pSrcResource, UINT SrcSubresource,
        DXGI_FORMAT Format);
    void (STDMETHODCALLTYPE *ExecuteCommandList)(
        ID3D11DeviceContext3 *This, ID3D11CommandList *pCommandList,
        BOOL RestoreContextState);
    void (STDMETHODCALLTYPE *HSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11HullShader *pHullShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *HSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11DomainShader *pDomainShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSSetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSSetUnorderedAccessViews)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *CSSetShader)(
        ID3D11DeviceContext3 *This, ID3D11ComputeShader *pComputeShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *CSSetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11PixelShader **ppPixelShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *VSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11VertexShader **ppVertexShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *IAGetInputLayout)(
        ID3D11DeviceContext3 *This, ID3D11InputLayout **ppInputLayout);
    void (STDMETHODCALLTYPE *IAGetVertexBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppVertexBuffers, UINT *pStrides, UINT *pOffsets);
    void (STDMETHODCALLTYPE *IAGetIndexBuffer)(
        ID3D11DeviceContext3 *This, ID3D11Buffer **pIndexBuffer,
        DXGI_FORMAT *Format, UINT *Offset);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11GeometryShader **ppGeometryShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *IAGetPrimitiveTopology)(
        ID3D11DeviceContext3 *This, D3D11_PRIMITIVE_TOPOLOGY *pTopology);
    void (STDMETHODCALLTYPE *VSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *GetPredication)(
        ID3D11DeviceContext3 *This, ID3D11Predicate **ppPredicate,
        BOOL *pPredicateValue);
    void (STDMETHODCALLTYPE *GSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *OMGetRenderTargets)(
        ID3D11DeviceContext3 *This, UINT NumViews,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView);
    void (STDMETHODCALLTYPE *OMGetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext3 *This, UINT NumRTVs,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *OMGetBlendState)(
        ID3D11DeviceContext3 *This, ID3D11BlendState **ppBlendState,
        FLOAT BlendFactor[4], UINT *pSampleMask);
    void (STDMETHODCALLTYPE *OMGetDepthStencilState)(
        ID3D11DeviceContext3 *This,
        ID3D11DepthStencilState **ppDepthStencilState, UINT *pStencilRef);
    void (STDMETHODCALLTYPE *SOGetTargets)(
        ID3D11DeviceContext3 *This, UINT NumBuffers,
        ID3D11Buffer **ppSOTargets);
    void (STDMETHODCALLTYPE *RSGetState)(
        ID3D11DeviceContext3 *This, ID3D11RasterizerState **ppRasterizerState);
    void (STDMETHODCALLTYPE *RSGetViewports)(
        ID3D11DeviceContext3 *This, UINT *pNumViewports,
        D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSGetScissorRects)(
        ID3D11DeviceContext3 *This, UINT *pNumRects, D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *HSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11HullShader **ppHullShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *HSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11DomainShader **ppDomainShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *DSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSGetShaderResources)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSGetUnorderedAccessViews)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *CSGetShader)(
        ID3D11DeviceContext3 *This, ID3D11ComputeShader **ppComputeShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *CSGetSamplers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers)(
        ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *ClearState)(ID3D11DeviceContext3 *This);
    void (STDMETHODCALLTYPE *Flush)(ID3D11DeviceContext3 *This);
    D3D11_DEVICE_CONTEXT_TYPE (STDMETHODCALLTYPE *GetType)(
        ID3D11DeviceContext3 *This);
    UINT (STDMETHODCALLTYPE *GetContextFlags)(ID3D11DeviceContext3 *This);
    HRESULT (STDMETHODCALLTYPE *FinishCommandList)(
        ID3D11DeviceContext3 *This, BOOL RestoreDeferredContextState,
        ID3D11CommandList **ppCommandList);
    /* ID3D11DeviceContext1 */
    void (STDMETHODCALLTYPE *CopySubresourceRegion1)(ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox, UINT CopyFlags);
    void (STDMETHODCALLTYPE *UpdateSubresource1)(ID3D11DeviceContext3 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags);
    void (STDMETHODCALLTYPE *DiscardResource)(ID3D11DeviceContext3 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *DiscardView)(ID3D11DeviceContext3 *This, ID3D11View *pResourceView);
    void (STDMETHODCALLTYPE *VSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers1)(ID3D11DeviceContext3 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *SwapDeviceContextState)(ID3D11DeviceContext3 *This, ID3DDeviceContextState *pState, ID3DDeviceContextState **ppPreviousState);
    void (STDMETHODCALLTYPE *ClearView)(ID3D11DeviceContext3 *This, ID3D11View *pView, const FLOAT Color[4], const D3D11_RECT *pRect, UINT NumRects);
    void (STDMETHODCALLTYPE *DiscardView1)(ID3D11DeviceContext3 *This, ID3D11View *pResourceView, const D3D11_RECT *pRects, UINT NumRects);
    /* ID3D11DeviceContext2 */
    HRESULT (STDMETHODCALLTYPE *UpdateTileMappings)(ID3D11DeviceContext3 *This, ID3D11Resource *pTiledResource, UINT NumTiledResourceRegions, const D3D11_TILED_RESOURCE_COORDINATE *pTiledResourceRegionStartCoordinates, const D3D11_TILE_REGION_SIZE *pTiledResourceRegionSizes, ID3D11Buffer *pTilePool, UINT NumRanges, const UINT *pRangeFlags, const UINT *pTilePoolStartOffsets, const UINT *pRangeTileCounts, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *CopyTileMappings)(ID3D11DeviceContext3 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestRegionStartCoordinate, ID3D11Resource *pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pSourceRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, UINT Flags);
    void (STDMETHODCALLTYPE *CopyTiles)(ID3D11DeviceContext3 *This, ID3D11Resource *pTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, ID3D11Buffer *pBuffer, UINT64 BufferStartOffsetInBytes, UINT Flags);
    void (STDMETHODCALLTYPE *UpdateTiles)(ID3D11DeviceContext3 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pDestTileRegionSize, const void *pSourceTileData, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *ResizeTilePool)(ID3D11DeviceContext3 *This, ID3D11Buffer *pTilePool, UINT64 NewSizeInBytes);
    void (STDMETHODCALLTYPE *TiledResourceBarrier)(ID3D11DeviceContext3 *This, ID3D11DeviceChild *pTiledResourceOrViewAccessBeforeBarrier, ID3D11DeviceChild *pTiledResourceOrViewAccessAfterBarrier);
    BOOL (STDMETHODCALLTYPE *IsAnnotationEnabled)(ID3D11DeviceContext3 *This);
    void (STDMETHODCALLTYPE *SetMarkerInt)(ID3D11DeviceContext3 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *BeginEventInt)(ID3D11DeviceContext3 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *EndEvent)(ID3D11DeviceContext3 *This);
    /* ID3D11DeviceContext3 */
    void (STDMETHODCALLTYPE *Flush1)(ID3D11DeviceContext3 *This, D3D11_CONTEXT_TYPE ContextType, HANDLE hEvent);
    void (STDMETHODCALLTYPE *SetHardwareProtectionState)(ID3D11DeviceContext3 *This, BOOL HwProtectionEnable);
    void (STDMETHODCALLTYPE *GetHardwareProtectionState)(ID3D11DeviceContext3 *This, BOOL *pHwProtectionEnable);
} ID3D11DeviceContext3Vtbl;

struct ID3D11DeviceContext3 {
    const ID3D11DeviceContext3Vtbl *lpVtbl;
};

#define ID3D11DeviceContext3_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11DeviceContext3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11DeviceContext3_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11DeviceContext3_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define ID3D11DeviceContext3_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11DeviceContext3_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11DeviceContext3_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11DeviceContext3_VSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_PSSetShaderResources(p,a,b,c) (p)->lpVtbl->PSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_PSSetShader(p,a,b,c) (p)->lpVtbl->PSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_PSSetSamplers(p,a,b,c) (p)->lpVtbl->PSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_VSSetShader(p,a,b,c) (p)->lpVtbl->VSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_DrawIndexed(p,a,b,c) (p)->lpVtbl->DrawIndexed(p,a,b,c)
#define ID3D11DeviceContext3_Draw(p,a,b) (p)->lpVtbl->Draw(p,a,b)
#define ID3D11DeviceContext3_Map(p,a,b,c,d,e) (p)->lpVtbl->Map(p,a,b,c,d,e)
#define ID3D11DeviceContext3_Unmap(p,a,b) (p)->lpVtbl->Unmap(p,a,b)
#define ID3D11DeviceContext3_PSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_IASetInputLayout(p,a) (p)->lpVtbl->IASetInputLayout(p,a)
#define ID3D11DeviceContext3_IASetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IASetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext3_IASetIndexBuffer(p,a,b,c) (p)->lpVtbl->IASetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext3_DrawIndexedInstanced(p,a,b,c,d,e) (p)->lpVtbl->DrawIndexedInstanced(p,a,b,c,d,e)
#define ID3D11DeviceContext3_DrawInstanced(p,a,b,c,d) (p)->lpVtbl->DrawInstanced(p,a,b,c,d)
#define ID3D11DeviceContext3_GSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_GSSetShader(p,a,b,c) (p)->lpVtbl->GSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_IASetPrimitiveTopology(p,a) (p)->lpVtbl->IASetPrimitiveTopology(p,a)
#define ID3D11DeviceContext3_VSSetShaderResources(p,a,b,c) (p)->lpVtbl->VSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_VSSetSamplers(p,a,b,c) (p)->lpVtbl->VSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_Begin(p,a) (p)->lpVtbl->Begin(p,a)
#define ID3D11DeviceContext3_End(p,a) (p)->lpVtbl->End(p,a)
#define ID3D11DeviceContext3_GetData(p,a,b,c,d) (p)->lpVtbl->GetData(p,a,b,c,d)
#define ID3D11DeviceContext3_SetPredication(p,a,b) (p)->lpVtbl->SetPredication(p,a,b)
#define ID3D11DeviceContext3_GSSetShaderResources(p,a,b,c) (p)->lpVtbl->GSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_GSSetSamplers(p,a,b,c) (p)->lpVtbl->GSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_OMSetRenderTargets(p,a,b,c) (p)->lpVtbl->OMSetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext3_OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g) (p)->lpVtbl->OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext3_OMSetBlendState(p,a,b,c) (p)->lpVtbl->OMSetBlendState(p,a,b,c)
#define ID3D11DeviceContext3_OMSetDepthStencilState(p,a,b) (p)->lpVtbl->OMSetDepthStencilState(p,a,b)
#define ID3D11DeviceContext3_SOSetTargets(p,a,b,c) (p)->lpVtbl->SOSetTargets(p,a,b,c)
#define ID3D11DeviceContext3_DrawAuto(p) (p)->lpVtbl->DrawAuto(p)
#define ID3D11DeviceContext3_DrawIndexedInstancedIndirect(p,a,b) (p)->lpVtbl->DrawIndexedInstancedIndirect(p,a,b)
#define ID3D11DeviceContext3_DrawInstancedIndirect(p,a,b) (p)->lpVtbl->DrawInstancedIndirect(p,a,b)
#define ID3D11DeviceContext3_Dispatch(p,a,b,c) (p)->lpVtbl->Dispatch(p,a,b,c)
#define ID3D11DeviceContext3_DispatchIndirect(p,a,b) (p)->lpVtbl->DispatchIndirect(p,a,b)
#define ID3D11DeviceContext3_RSSetState(p,a) (p)->lpVtbl->RSSetState(p,a)
#define ID3D11DeviceContext3_RSSetViewports(p,a,b) (p)->lpVtbl->RSSetViewports(p,a,b)
#define ID3D11DeviceContext3_RSSetScissorRects(p,a,b) (p)->lpVtbl->RSSetScissorRects(p,a,b)
#define ID3D11DeviceContext3_CopySubresourceRegion(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CopySubresourceRegion(p,a,b,c,d,e,f,g,h)
#define ID3D11DeviceContext3_CopyResource(p,a,b) (p)->lpVtbl->CopyResource(p,a,b)
#define ID3D11DeviceContext3_UpdateSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->UpdateSubresource(p,a,b,c,d,e,f)
#define ID3D11DeviceContext3_CopyStructureCount(p,a,b,c) (p)->lpVtbl->CopyStructureCount(p,a,b,c)
#define ID3D11DeviceContext3_ClearRenderTargetView(p,a,b) (p)->lpVtbl->ClearRenderTargetView(p,a,b)
#define ID3D11DeviceContext3_ClearUnorderedAccessViewUint(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewUint(p,a,b)
#define ID3D11DeviceContext3_ClearUnorderedAccessViewFloat(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewFloat(p,a,b)
#define ID3D11DeviceContext3_ClearDepthStencilView(p,a,b,c,d) (p)->lpVtbl->ClearDepthStencilView(p,a,b,c,d)
#define ID3D11DeviceContext3_GenerateMips(p,a) (p)->lpVtbl->GenerateMips(p,a)
#define ID3D11DeviceContext3_SetResourceMinLOD(p,a,b) (p)->lpVtbl->SetResourceMinLOD(p,a,b)
#define ID3D11DeviceContext3_GetResourceMinLOD(p,a) (p)->lpVtbl->GetResourceMinLOD(p,a)
#define ID3D11DeviceContext3_ResolveSubresource(p,a,b,c,d,e) (p)->lpVtbl->ResolveSubresource(p,a,b,c,d,e)
#define ID3D11DeviceContext3_ExecuteCommandList(p,a,b) (p)->lpVtbl->ExecuteCommandList(p,a,b)
#define ID3D11DeviceContext3_HSSetShaderResources(p,a,b,c) (p)->lpVtbl->HSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_HSSetShader(p,a,b,c) (p)->lpVtbl->HSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_HSSetSamplers(p,a,b,c) (p)->lpVtbl->HSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_HSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_DSSetShaderResources(p,a,b,c) (p)->lpVtbl->DSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_DSSetShader(p,a,b,c) (p)->lpVtbl->DSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_DSSetSamplers(p,a,b,c) (p)->lpVtbl->DSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_DSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_CSSetShaderResources(p,a,b,c) (p)->lpVtbl->CSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_CSSetUnorderedAccessViews(p,a,b,c,d) (p)->lpVtbl->CSSetUnorderedAccessViews(p,a,b,c,d)
#define ID3D11DeviceContext3_CSSetShader(p,a,b,c) (p)->lpVtbl->CSSetShader(p,a,b,c)
#define ID3D11DeviceContext3_CSSetSamplers(p,a,b,c) (p)->lpVtbl->CSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_CSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_VSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_PSGetShaderResources(p,a,b,c) (p)->lpVtbl->PSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_PSGetShader(p,a,b,c) (p)->lpVtbl->PSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_PSGetSamplers(p,a,b,c) (p)->lpVtbl->PSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_VSGetShader(p,a,b,c) (p)->lpVtbl->VSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_PSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_IAGetInputLayout(p,a) (p)->lpVtbl->IAGetInputLayout(p,a)
#define ID3D11DeviceContext3_IAGetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IAGetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext3_IAGetIndexBuffer(p,a,b,c) (p)->lpVtbl->IAGetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext3_GSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_GSGetShader(p,a,b,c) (p)->lpVtbl->GSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_IAGetPrimitiveTopology(p,a) (p)->lpVtbl->IAGetPrimitiveTopology(p,a)
#define ID3D11DeviceContext3_VSGetShaderResources(p,a,b,c) (p)->lpVtbl->VSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_VSGetSamplers(p,a,b,c) (p)->lpVtbl->VSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_GetPredication(p,a,b) (p)->lpVtbl->GetPredication(p,a,b)
#define ID3D11DeviceContext3_GSGetShaderResources(p,a,b,c) (p)->lpVtbl->GSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_GSGetSamplers(p,a,b,c) (p)->lpVtbl->GSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_OMGetRenderTargets(p,a,b,c) (p)->lpVtbl->OMGetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext3_OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f) (p)->lpVtbl->OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f)
#define ID3D11DeviceContext3_OMGetBlendState(p,a,b,c) (p)->lpVtbl->OMGetBlendState(p,a,b,c)
#define ID3D11DeviceContext3_OMGetDepthStencilState(p,a,b) (p)->lpVtbl->OMGetDepthStencilState(p,a,b)
#define ID3D11DeviceContext3_SOGetTargets(p,a,b) (p)->lpVtbl->SOGetTargets(p,a,b)
#define ID3D11DeviceContext3_RSGetState(p,a) (p)->lpVtbl->RSGetState(p,a)
#define ID3D11DeviceContext3_RSGetViewports(p,a,b) (p)->lpVtbl->RSGetViewports(p,a,b)
#define ID3D11DeviceContext3_RSGetScissorRects(p,a,b) (p)->lpVtbl->RSGetScissorRects(p,a,b)
#define ID3D11DeviceContext3_HSGetShaderResources(p,a,b,c) (p)->lpVtbl->HSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_HSGetShader(p,a,b,c) (p)->lpVtbl->HSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_HSGetSamplers(p,a,b,c) (p)->lpVtbl->HSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_HSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_DSGetShaderResources(p,a,b,c) (p)->lpVtbl->DSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_DSGetShader(p,a,b,c) (p)->lpVtbl->DSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_DSGetSamplers(p,a,b,c) (p)->lpVtbl->DSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_DSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_CSGetShaderResources(p,a,b,c) (p)->lpVtbl->CSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext3_CSGetUnorderedAccessViews(p,a,b,c) (p)->lpVtbl->CSGetUnorderedAccessViews(p,a,b,c)
#define ID3D11DeviceContext3_CSGetShader(p,a,b,c) (p)->lpVtbl->CSGetShader(p,a,b,c)
#define ID3D11DeviceContext3_CSGetSamplers(p,a,b,c) (p)->lpVtbl->CSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext3_CSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext3_ClearState(p) (p)->lpVtbl->ClearState(p)
#define ID3D11DeviceContext3_Flush(p) (p)->lpVtbl->Flush(p)
#define ID3D11DeviceContext3_GetType(p) (p)->lpVtbl->GetType(p)
#define ID3D11DeviceContext3_GetContextFlags(p) (p)->lpVtbl->GetContextFlags(p)
#define ID3D11DeviceContext3_FinishCommandList(p,a,b) (p)->lpVtbl->FinishCommandList(p,a,b)
#define ID3D11DeviceContext3_CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i)
#define ID3D11DeviceContext3_UpdateSubresource1(p,a,b,c,d,e,f,g) (p)->lpVtbl->UpdateSubresource1(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext3_DiscardResource(p,a) (p)->lpVtbl->DiscardResource(p,a)
#define ID3D11DeviceContext3_DiscardView(p,a) (p)->lpVtbl->DiscardView(p,a)
#define ID3D11DeviceContext3_VSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_HSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_DSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_GSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_PSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_CSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_VSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_HSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_DSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_GSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_PSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_CSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext3_SwapDeviceContextState(p,a,b) (p)->lpVtbl->SwapDeviceContextState(p,a,b)
#define ID3D11DeviceContext3_ClearView(p,a,b,c,d) (p)->lpVtbl->ClearView(p,a,b,c,d)
#define ID3D11DeviceContext3_DiscardView1(p,a,b,c) (p)->lpVtbl->DiscardView1(p,a,b,c)
#define ID3D11DeviceContext3_UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j) (p)->lpVtbl->UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j)
#define ID3D11DeviceContext3_CopyTileMappings(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTileMappings(p,a,b,c,d,e,f)
#define ID3D11DeviceContext3_CopyTiles(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTiles(p,a,b,c,d,e,f)
#define ID3D11DeviceContext3_UpdateTiles(p,a,b,c,d,e) (p)->lpVtbl->UpdateTiles(p,a,b,c,d,e)
#define ID3D11DeviceContext3_ResizeTilePool(p,a,b) (p)->lpVtbl->ResizeTilePool(p,a,b)
#define ID3D11DeviceContext3_TiledResourceBarrier(p,a,b) (p)->lpVtbl->TiledResourceBarrier(p,a,b)
#define ID3D11DeviceContext3_IsAnnotationEnabled(p) (p)->lpVtbl->IsAnnotationEnabled(p)
#define ID3D11DeviceContext3_SetMarkerInt(p,a,b) (p)->lpVtbl->SetMarkerInt(p,a,b)
#define ID3D11DeviceContext3_BeginEventInt(p,a,b) (p)->lpVtbl->BeginEventInt(p,a,b)
#define ID3D11DeviceContext3_EndEvent(p) (p)->lpVtbl->EndEvent(p)
#define ID3D11DeviceContext3_Flush1(p,a,b) (p)->lpVtbl->Flush1(p,a,b)
#define ID3D11DeviceContext3_SetHardwareProtectionState(p,a) (p)->lpVtbl->SetHardwareProtectionState(p,a)
#define ID3D11DeviceContext3_GetHardwareProtectionState(p,a) (p)->lpVtbl->GetHardwareProtectionState(p,a)

/* ---- ID3D11Fence ----------------------------------------------------------- */

typedef struct ID3D11FenceVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(ID3D11Fence *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Fence *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Fence *This);
    /* ID3D11DeviceChild */
    void (STDMETHODCALLTYPE *GetDevice)(ID3D11Fence *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(ID3D11Fence *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(ID3D11Fence *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(ID3D11Fence *This, REFGUID guid, const IUnknown *pData);
    /* ID3D11Fence */
    HRESULT (STDMETHODCALLTYPE *CreateSharedHandle)(ID3D11Fence *This, const SECURITY_ATTRIBUTES *pAttributes, DWORD dwAccess, LPCWSTR lpName, HANDLE *pHandle);
    UINT64 (STDMETHODCALLTYPE *GetCompletedValue)(ID3D11Fence *This);
    HRESULT (STDMETHODCALLTYPE *SetEventOnCompletion)(ID3D11Fence *This, UINT64 Value, HANDLE hEvent);
} ID3D11FenceVtbl;

struct ID3D11Fence {
    const ID3D11FenceVtbl *lpVtbl;
};

#define ID3D11Fence_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Fence_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Fence_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Fence_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define ID3D11Fence_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11Fence_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11Fence_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11Fence_CreateSharedHandle(p,a,b,c,d) (p)->lpVtbl->CreateSharedHandle(p,a,b,c,d)
#define ID3D11Fence_GetCompletedValue(p) (p)->lpVtbl->GetCompletedValue(p)
#define ID3D11Fence_SetEventOnCompletion(p,a,b) (p)->lpVtbl->SetEventOnCompletion(p,a,b)

/* ---- ID3D11DeviceContext4 ---------------------------------------------------- */

typedef struct ID3D11DeviceContext4Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11DeviceContext4 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11DeviceContext4 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11DeviceContext4 *This);
    /* ID3D11DeviceChild */
    void (STDMETHODCALLTYPE *GetDevice)(
        ID3D11DeviceContext4 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11DeviceContext4 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11DeviceContext4 *This, REFGUID guid, UINT DataSize,
        const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11DeviceContext4 *This, REFGUID guid, const IUnknown *pData);
    /* ID3D11DeviceContext */
    void (STDMETHODCALLTYPE *VSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11PixelShader *pPixelShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *PSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *VSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11VertexShader *pVertexShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DrawIndexed)(
        ID3D11DeviceContext4 *This, UINT IndexCount, UINT StartIndexLocation,
        INT BaseVertexLocation);
    void (STDMETHODCALLTYPE *Draw)(
        ID3D11DeviceContext4 *This, UINT VertexCount, UINT StartVertexLocation);
    HRESULT (STDMETHODCALLTYPE *Map)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pResource, UINT Subresource,
        D3D11_MAP MapType, UINT MapFlags,
        D3D11_MAPPED_SUBRESOURCE *pMappedResource);
    void (STDMETHODCALLTYPE *Unmap)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pResource,
        UINT Subresource);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *IASetInputLayout)(
        ID3D11DeviceContext4 *This, ID3D11InputLayout *pInputLayout);
    void (STDMETHODCALLTYPE *IASetVertexBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppVertexBuffers, const UINT *pStrides,
        const UINT *pOffsets);
    void (STDMETHODCALLTYPE *IASetIndexBuffer)(
        ID3D11DeviceContext4 *This, ID3D11Buffer *pIndexBuffer,
        DXGI_FORMAT Format, UINT Offset);
    void (STDMETHODCALLTYPE *DrawIndexedInstanced)(
        ID3D11DeviceContext4 *This, UINT IndexCountPerInstance,
        UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *DrawInstanced)(
        ID3D11DeviceContext4 *This, UINT VertexCountPerInstance,
        UINT InstanceCount, UINT StartVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11GeometryShader *pShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *IASetPrimitiveTopology)(
        ID3D11DeviceContext4 *This, D3D11_PRIMITIVE_TOPOLOGY Topology);
    void (STDMETHODCALLTYPE *VSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *Begin)(
        ID3D11DeviceContext4 *This, ID3D11Asynchronous *pAsync);
    void (STDMETHODCALLTYPE *End)(
        ID3D11DeviceContext4 *This, ID3D11Asynchronous *pAsync);
    HRESULT (STDMETHODCALLTYPE *GetData)(
        ID3D11DeviceContext4 *This, ID3D11Asynchronous *pAsync, void *pData,
        UINT DataSize, UINT GetDataFlags);
    void (STDMETHODCALLTYPE *SetPredication)(
        ID3D11DeviceContext4 *This, ID3D11Predicate *pPredicate,
        BOOL PredicateValue);
    void (STDMETHODCALLTYPE *GSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *OMSetRenderTargets)(
        ID3D11DeviceContext4 *This, UINT NumViews,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView);
    void (STDMETHODCALLTYPE *OMSetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext4 *This, UINT NumRTVs,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *OMSetBlendState)(
        ID3D11DeviceContext4 *This, ID3D11BlendState *pBlendState,
        const FLOAT BlendFactor[4], UINT SampleMask);
    void (STDMETHODCALLTYPE *OMSetDepthStencilState)(
        ID3D11DeviceContext4 *This, ID3D11DepthStencilState *pDepthStencilState,
        UINT StencilRef);
    void (STDMETHODCALLTYPE *SOSetTargets)(
        ID3D11DeviceContext4 *This, UINT NumBuffers,
        ID3D11Buffer *const *ppSOTargets, const UINT *pOffsets);
    void (STDMETHODCALLTYPE *DrawAuto)(ID3D11DeviceContext4 *This);
    void (STDMETHODCALLTYPE *DrawIndexedInstancedIndirect)(
        ID3D11DeviceContext4 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *DrawInstancedIndirect)(
        ID3D11DeviceContext4 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *Dispatch)(
        ID3D11DeviceContext4 *This, UINT ThreadGroupCountX,
        UINT ThreadGroupCountY, UINT ThreadGroupCountZ);
    void (STDMETHODCALLTYPE *DispatchIndirect)(
        ID3D11DeviceContext4 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *RSSetState)(
        ID3D11DeviceContext4 *This, ID3D11RasterizerState *pRasterizerState);
    void (STDMETHODCALLTYPE *RSSetViewports)(
        ID3D11DeviceContext4 *This, UINT NumViewports,
        const D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSSetScissorRects)(
        ID3D11DeviceContext4 *This, UINT NumRects, const D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *CopySubresourceRegion)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ,
        ID3D11Resource *pSrcResource, UINT SrcSubresource,
        const D3D11_BOX *pSrcBox);
    void (STDMETHODCALLTYPE *CopyResource)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource,
        ID3D11Resource *pSrcResource);
    void (STDMETHODCALLTYPE *UpdateSubresource)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData,
        UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *CopyStructureCount)(
        ID3D11DeviceContext4 *This, ID3D11Buffer *pDstBuffer,
        UINT DstAlignedByteOffset, ID3D11UnorderedAccessView *pSrcView);
    void (STDMETHODCALLTYPE *ClearRenderTargetView)(
        ID3D11DeviceContext4 *This, ID3D11RenderTargetView *pRenderTargetView,
        const FLOAT ColorRGBA[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewUint)(
        ID3D11DeviceContext4 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView, const UINT Values[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewFloat)(
        ID3D11DeviceContext4 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView,
        const FLOAT Values[4]);
    void (STDMETHODCALLTYPE *ClearDepthStencilView)(
        ID3D11DeviceContext4 *This, ID3D11DepthStencilView *pDepthStencilView,
        UINT ClearFlags, FLOAT Depth, UINT8 Stencil);
    void (STDMETHODCALLTYPE *GenerateMips)(
        ID3D11DeviceContext4 *This,
        ID3D11ShaderResourceView *pShaderResourceView);
    void (STDMETHODCALLTYPE *SetResourceMinLOD)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pResource, FLOAT MinLOD);
    FLOAT (STDMETHODCALLTYPE *GetResourceMinLOD)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *ResolveSubresource)(
        ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, ID3D11Resource *pSrcResource, UINT SrcSubresource,
        DXGI_FORMAT Format);
    void (STDMETHODCALLTYPE *ExecuteCommandList)(
        ID3D11DeviceContext4 *This, ID3D11CommandList *pCommandList,
        BOOL RestoreContextState);
    void (STDMETHODCALLTYPE *HSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11HullShader *pHullShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *HSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11DomainShader *pDomainShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSSetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSSetUnorderedAccessViews)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *CSSetShader)(
        ID3D11DeviceContext4 *This, ID3D11ComputeShader *pComputeShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *CSSetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11PixelShader **ppPixelShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *VSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11VertexShader **ppVertexShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *IAGetInputLayout)(
        ID3D11DeviceContext4 *This, ID3D11InputLayout **ppInputLayout);
    void (STDMETHODCALLTYPE *IAGetVertexBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppVertexBuffers, UINT *pStrides, UINT *pOffsets);
    void (STDMETHODCALLTYPE *IAGetIndexBuffer)(
        ID3D11DeviceContext4 *This, ID3D11Buffer **pIndexBuffer,
        DXGI_FORMAT *Format, UINT *Offset);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11GeometryShader **ppGeometryShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *IAGetPrimitiveTopology)(
        ID3D11DeviceContext4 *This, D3D11_PRIMITIVE_TOPOLOGY *pTopology);
    void (STDMETHODCALLTYPE *VSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *GetPredication)(
        ID3D11DeviceContext4 *This, ID3D11Predicate **ppPredicate,
        BOOL *pPredicateValue);
    void (STDMETHODCALLTYPE *GSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *OMGetRenderTargets)(
        ID3D11DeviceContext4 *This, UINT NumViews,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView);
    void (STDMETHODCALLTYPE *OMGetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext4 *This, UINT NumRTVs,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *OMGetBlendState)(
        ID3D11DeviceContext4 *This, ID3D11BlendState **ppBlendState,
        FLOAT BlendFactor[4], UINT *pSampleMask);
    void (STDMETHODCALLTYPE *OMGetDepthStencilState)(
        ID3D11DeviceContext4 *This,
        ID3D11DepthStencilState **ppDepthStencilState, UINT *pStencilRef);
    void (STDMETHODCALLTYPE *SOGetTargets)(
        ID3D11DeviceContext4 *This, UINT NumBuffers,
        ID3D11Buffer **ppSOTargets);
    void (STDMETHODCALLTYPE *RSGetState)(
        ID3D11DeviceContext4 *This, ID3D11RasterizerState **ppRasterizerState);
    void (STDMETHODCALLTYPE *RSGetViewports)(
        ID3D11DeviceContext4 *This, UINT *pNumViewports,
        D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSGetScissorRects)(
        ID3D11DeviceContext4 *This, UINT *pNumRects, D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *HSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11HullShader **ppHullShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *HSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11DomainShader **ppDomainShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *DSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSGetShaderResources)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSGetUnorderedAccessViews)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *CSGetShader)(
        ID3D11DeviceContext4 *This, ID3D11ComputeShader **ppComputeShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *CSGetSamplers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers)(
        ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *ClearState)(ID3D11DeviceContext4 *This);
    void (STDMETHODCALLTYPE *Flush)(ID3D11DeviceContext4 *This);
    D3D11_DEVICE_CONTEXT_TYPE (STDMETHODCALLTYPE *GetType)(
        ID3D11DeviceContext4 *This);
    UINT (STDMETHODCALLTYPE *GetContextFlags)(ID3D11DeviceContext4 *This);
    HRESULT (STDMETHODCALLTYPE *FinishCommandList)(
        ID3D11DeviceContext4 *This, BOOL RestoreDeferredContextState,
        ID3D11CommandList **ppCommandList);
    /* ID3D11DeviceContext1 */
    void (STDMETHODCALLTYPE *CopySubresourceRegion1)(ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox, UINT CopyFlags);
    void (STDMETHODCALLTYPE *UpdateSubresource1)(ID3D11DeviceContext4 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags);
    void (STDMETHODCALLTYPE *DiscardResource)(ID3D11DeviceContext4 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *DiscardView)(ID3D11DeviceContext4 *This, ID3D11View *pResourceView);
    void (STDMETHODCALLTYPE *VSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers1)(ID3D11DeviceContext4 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *SwapDeviceContextState)(ID3D11DeviceContext4 *This, ID3DDeviceContextState *pState, ID3DDeviceContextState **ppPreviousState);
    void (STDMETHODCALLTYPE *ClearView)(ID3D11DeviceContext4 *This, ID3D11View *pView, const FLOAT Color[4], const D3D11_RECT *pRect, UINT NumRects);
    void (STDMETHODCALLTYPE *DiscardView1)(ID3D11DeviceContext4 *This, ID3D11View *pResourceView, const D3D11_RECT *pRects, UINT NumRects);
    /* ID3D11DeviceContext2 */
    HRESULT (STDMETHODCALLTYPE *UpdateTileMappings)(ID3D11DeviceContext4 *This, ID3D11Resource *pTiledResource, UINT NumTiledResourceRegions, const D3D11_TILED_RESOURCE_COORDINATE *pTiledResourceRegionStartCoordinates, const D3D11_TILE_REGION_SIZE *pTiledResourceRegionSizes, ID3D11Buffer *pTilePool, UINT NumRanges, const UINT *pRangeFlags, const UINT *pTilePoolStartOffsets, const UINT *pRangeTileCounts, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *CopyTileMappings)(ID3D11DeviceContext4 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestRegionStartCoordinate, ID3D11Resource *pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pSourceRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, UINT Flags);
    void (STDMETHODCALLTYPE *CopyTiles)(ID3D11DeviceContext4 *This, ID3D11Resource *pTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, ID3D11Buffer *pBuffer, UINT64 BufferStartOffsetInBytes, UINT Flags);
    void (STDMETHODCALLTYPE *UpdateTiles)(ID3D11DeviceContext4 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pDestTileRegionSize, const void *pSourceTileData, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *ResizeTilePool)(ID3D11DeviceContext4 *This, ID3D11Buffer *pTilePool, UINT64 NewSizeInBytes);
    void (STDMETHODCALLTYPE *TiledResourceBarrier)(ID3D11DeviceContext4 *This, ID3D11DeviceChild *pTiledResourceOrViewAccessBeforeBarrier, ID3D11DeviceChild *pTiledResourceOrViewAccessAfterBarrier);
    BOOL (STDMETHODCALLTYPE *IsAnnotationEnabled)(ID3D11DeviceContext4 *This);
    void (STDMETHODCALLTYPE *SetMarkerInt)(ID3D11DeviceContext4 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *BeginEventInt)(ID3D11DeviceContext4 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *EndEvent)(ID3D11DeviceContext4 *This);
    /* ID3D11DeviceContext3 */
    void (STDMETHODCALLTYPE *Flush1)(ID3D11DeviceContext4 *This, D3D11_CONTEXT_TYPE ContextType, HANDLE hEvent);
    void (STDMETHODCALLTYPE *SetHardwareProtectionState)(ID3D11DeviceContext4 *This, BOOL HwProtectionEnable);
    void (STDMETHODCALLTYPE *GetHardwareProtectionState)(ID3D11DeviceContext4 *This, BOOL *pHwProtectionEnable);
    /* ID3D11DeviceContext4 */
    HRESULT (STDMETHODCALLTYPE *Signal)(ID3D11DeviceContext4 *This, ID3D11Fence *pFence, UINT64 Value);
    HRESULT (STDMETHODCALLTYPE *Wait)(ID3D11DeviceContext4 *This, ID3D11Fence *pFence, UINT64 Value);
} ID3D11DeviceContext4Vtbl;

struct ID3D11DeviceContext4 {
    const ID3D11DeviceContext4Vtbl *lpVtbl;
};

#define ID3D11DeviceContext4_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11DeviceContext4_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11DeviceContext4_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11DeviceContext4_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define ID3D11DeviceContext4_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11DeviceContext4_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11DeviceContext4_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11DeviceContext4_VSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_PSSetShaderResources(p,a,b,c) (p)->lpVtbl->PSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_PSSetShader(p,a,b,c) (p)->lpVtbl->PSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_PSSetSamplers(p,a,b,c) (p)->lpVtbl->PSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_VSSetShader(p,a,b,c) (p)->lpVtbl->VSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_DrawIndexed(p,a,b,c) (p)->lpVtbl->DrawIndexed(p,a,b,c)
#define ID3D11DeviceContext4_Draw(p,a,b) (p)->lpVtbl->Draw(p,a,b)
#define ID3D11DeviceContext4_Map(p,a,b,c,d,e) (p)->lpVtbl->Map(p,a,b,c,d,e)
#define ID3D11DeviceContext4_Unmap(p,a,b) (p)->lpVtbl->Unmap(p,a,b)
#define ID3D11DeviceContext4_PSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_IASetInputLayout(p,a) (p)->lpVtbl->IASetInputLayout(p,a)
#define ID3D11DeviceContext4_IASetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IASetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext4_IASetIndexBuffer(p,a,b,c) (p)->lpVtbl->IASetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext4_DrawIndexedInstanced(p,a,b,c,d,e) (p)->lpVtbl->DrawIndexedInstanced(p,a,b,c,d,e)
#define ID3D11DeviceContext4_DrawInstanced(p,a,b,c,d) (p)->lpVtbl->DrawInstanced(p,a,b,c,d)
#define ID3D11DeviceContext4_GSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_GSSetShader(p,a,b,c) (p)->lpVtbl->GSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_IASetPrimitiveTopology(p,a) (p)->lpVtbl->IASetPrimitiveTopology(p,a)
#define ID3D11DeviceContext4_VSSetShaderResources(p,a,b,c) (p)->lpVtbl->VSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_VSSetSamplers(p,a,b,c) (p)->lpVtbl->VSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_Begin(p,a) (p)->lpVtbl->Begin(p,a)
#define ID3D11DeviceContext4_End(p,a) (p)->lpVtbl->End(p,a)
#define ID3D11DeviceContext4_GetData(p,a,b,c,d) (p)->lpVtbl->GetData(p,a,b,c,d)
#define ID3D11DeviceContext4_SetPredication(p,a,b) (p)->lpVtbl->SetPredication(p,a,b)
#define ID3D11DeviceContext4_GSSetShaderResources(p,a,b,c) (p)->lpVtbl->GSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_GSSetSamplers(p,a,b,c) (p)->lpVtbl->GSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_OMSetRenderTargets(p,a,b,c) (p)->lpVtbl->OMSetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext4_OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g) (p)->lpVtbl->OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext4_OMSetBlendState(p,a,b,c) (p)->lpVtbl->OMSetBlendState(p,a,b,c)
#define ID3D11DeviceContext4_OMSetDepthStencilState(p,a,b) (p)->lpVtbl->OMSetDepthStencilState(p,a,b)
#define ID3D11DeviceContext4_SOSetTargets(p,a,b,c) (p)->lpVtbl->SOSetTargets(p,a,b,c)
#define ID3D11DeviceContext4_DrawAuto(p) (p)->lpVtbl->DrawAuto(p)
#define ID3D11DeviceContext4_DrawIndexedInstancedIndirect(p,a,b) (p)->lpVtbl->DrawIndexedInstancedIndirect(p,a,b)
#define ID3D11DeviceContext4_DrawInstancedIndirect(p,a,b) (p)->lpVtbl->DrawInstancedIndirect(p,a,b)
#define ID3D11DeviceContext4_Dispatch(p,a,b,c) (p)->lpVtbl->Dispatch(p,a,b,c)
#define ID3D11DeviceContext4_DispatchIndirect(p,a,b) (p)->lpVtbl->DispatchIndirect(p,a,b)
#define ID3D11DeviceContext4_RSSetState(p,a) (p)->lpVtbl->RSSetState(p,a)
#define ID3D11DeviceContext4_RSSetViewports(p,a,b) (p)->lpVtbl->RSSetViewports(p,a,b)
#define ID3D11DeviceContext4_RSSetScissorRects(p,a,b) (p)->lpVtbl->RSSetScissorRects(p,a,b)
#define ID3D11DeviceContext4_CopySubresourceRegion(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CopySubresourceRegion(p,a,b,c,d,e,f,g,h)
#define ID3D11DeviceContext4_CopyResource(p,a,b) (p)->lpVtbl->CopyResource(p,a,b)
#define ID3D11DeviceContext4_UpdateSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->UpdateSubresource(p,a,b,c,d,e,f)
#define ID3D11DeviceContext4_CopyStructureCount(p,a,b,c) (p)->lpVtbl->CopyStructureCount(p,a,b,c)
#define ID3D11DeviceContext4_ClearRenderTargetView(p,a,b) (p)->lpVtbl->ClearRenderTargetView(p,a,b)
#define ID3D11DeviceContext4_ClearUnorderedAccessViewUint(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewUint(p,a,b)
#define ID3D11DeviceContext4_ClearUnorderedAccessViewFloat(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewFloat(p,a,b)
#define ID3D11DeviceContext4_ClearDepthStencilView(p,a,b,c,d) (p)->lpVtbl->ClearDepthStencilView(p,a,b,c,d)
#define ID3D11DeviceContext4_GenerateMips(p,a) (p)->lpVtbl->GenerateMips(p,a)
#define ID3D11DeviceContext4_SetResourceMinLOD(p,a,b) (p)->lpVtbl->SetResourceMinLOD(p,a,b)
#define ID3D11DeviceContext4_GetResourceMinLOD(p,a) (p)->lpVtbl->GetResourceMinLOD(p,a)
#define ID3D11DeviceContext4_ResolveSubresource(p,a,b,c,d,e) (p)->lpVtbl->ResolveSubresource(p,a,b,c,d,e)
#define ID3D11DeviceContext4_ExecuteCommandList(p,a,b) (p)->lpVtbl->ExecuteCommandList(p,a,b)
#define ID3D11DeviceContext4_HSSetShaderResources(p,a,b,c) (p)->lpVtbl->HSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_HSSetShader(p,a,b,c) (p)->lpVtbl->HSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_HSSetSamplers(p,a,b,c) (p)->lpVtbl->HSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_HSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_DSSetShaderResources(p,a,b,c) (p)->lpVtbl->DSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_DSSetShader(p,a,b,c) (p)->lpVtbl->DSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_DSSetSamplers(p,a,b,c) (p)->lpVtbl->DSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_DSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_CSSetShaderResources(p,a,b,c) (p)->lpVtbl->CSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_CSSetUnorderedAccessViews(p,a,b,c,d) (p)->lpVtbl->CSSetUnorderedAccessViews(p,a,b,c,d)
#define ID3D11DeviceContext4_CSSetShader(p,a,b,c) (p)->lpVtbl->CSSetShader(p,a,b,c)
#define ID3D11DeviceContext4_CSSetSamplers(p,a,b,c) (p)->lpVtbl->CSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_CSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_VSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_PSGetShaderResources(p,a,b,c) (p)->lpVtbl->PSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_PSGetShader(p,a,b,c) (p)->lpVtbl->PSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_PSGetSamplers(p,a,b,c) (p)->lpVtbl->PSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_VSGetShader(p,a,b,c) (p)->lpVtbl->VSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_PSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_IAGetInputLayout(p,a) (p)->lpVtbl->IAGetInputLayout(p,a)
#define ID3D11DeviceContext4_IAGetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IAGetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext4_IAGetIndexBuffer(p,a,b,c) (p)->lpVtbl->IAGetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext4_GSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_GSGetShader(p,a,b,c) (p)->lpVtbl->GSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_IAGetPrimitiveTopology(p,a) (p)->lpVtbl->IAGetPrimitiveTopology(p,a)
#define ID3D11DeviceContext4_VSGetShaderResources(p,a,b,c) (p)->lpVtbl->VSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_VSGetSamplers(p,a,b,c) (p)->lpVtbl->VSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_GetPredication(p,a,b) (p)->lpVtbl->GetPredication(p,a,b)
#define ID3D11DeviceContext4_GSGetShaderResources(p,a,b,c) (p)->lpVtbl->GSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_GSGetSamplers(p,a,b,c) (p)->lpVtbl->GSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_OMGetRenderTargets(p,a,b,c) (p)->lpVtbl->OMGetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext4_OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f) (p)->lpVtbl->OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f)
#define ID3D11DeviceContext4_OMGetBlendState(p,a,b,c) (p)->lpVtbl->OMGetBlendState(p,a,b,c)
#define ID3D11DeviceContext4_OMGetDepthStencilState(p,a,b) (p)->lpVtbl->OMGetDepthStencilState(p,a,b)
#define ID3D11DeviceContext4_SOGetTargets(p,a,b) (p)->lpVtbl->SOGetTargets(p,a,b)
#define ID3D11DeviceContext4_RSGetState(p,a) (p)->lpVtbl->RSGetState(p,a)
#define ID3D11DeviceContext4_RSGetViewports(p,a,b) (p)->lpVtbl->RSGetViewports(p,a,b)
#define ID3D11DeviceContext4_RSGetScissorRects(p,a,b) (p)->lpVtbl->RSGetScissorRects(p,a,b)
#define ID3D11DeviceContext4_HSGetShaderResources(p,a,b,c) (p)->lpVtbl->HSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_HSGetShader(p,a,b,c) (p)->lpVtbl->HSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_HSGetSamplers(p,a,b,c) (p)->lpVtbl->HSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_HSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_DSGetShaderResources(p,a,b,c) (p)->lpVtbl->DSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_DSGetShader(p,a,b,c) (p)->lpVtbl->DSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_DSGetSamplers(p,a,b,c) (p)->lpVtbl->DSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_DSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_CSGetShaderResources(p,a,b,c) (p)->lpVtbl->CSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext4_CSGetUnorderedAccessViews(p,a,b,c) (p)->lpVtbl->CSGetUnorderedAccessViews(p,a,b,c)
#define ID3D11DeviceContext4_CSGetShader(p,a,b,c) (p)->lpVtbl->CSGetShader(p,a,b,c)
#define ID3D11DeviceContext4_CSGetSamplers(p,a,b,c) (p)->lpVtbl->CSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext4_CSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext4_ClearState(p) (p)->lpVtbl->ClearState(p)
#define ID3D11DeviceContext4_Flush(p) (p)->lpVtbl->Flush(p)
#define ID3D11DeviceContext4_GetType(p) (p)->lpVtbl->GetType(p)
#define ID3D11DeviceContext4_GetContextFlags(p) (p)->lpVtbl->GetContextFlags(p)
#define ID3D11DeviceContext4_FinishCommandList(p,a,b) (p)->lpVtbl->FinishCommandList(p,a,b)
#define ID3D11DeviceContext4_CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i)
#define ID3D11DeviceContext4_UpdateSubresource1(p,a,b,c,d,e,f,g) (p)->lpVtbl->UpdateSubresource1(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext4_DiscardResource(p,a) (p)->lpVtbl->DiscardResource(p,a)
#define ID3D11DeviceContext4_DiscardView(p,a) (p)->lpVtbl->DiscardView(p,a)
#define ID3D11DeviceContext4_VSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_HSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_DSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_GSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_PSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_CSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_VSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_HSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_DSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_GSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_PSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_CSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext4_SwapDeviceContextState(p,a,b) (p)->lpVtbl->SwapDeviceContextState(p,a,b)
#define ID3D11DeviceContext4_ClearView(p,a,b,c,d) (p)->lpVtbl->ClearView(p,a,b,c,d)
#define ID3D11DeviceContext4_DiscardView1(p,a,b,c) (p)->lpVtbl->DiscardView1(p,a,b,c)
#define ID3D11DeviceContext4_UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j) (p)->lpVtbl->UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j)
#define ID3D11DeviceContext4_CopyTileMappings(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTileMappings(p,a,b,c,d,e,f)
#define ID3D11DeviceContext4_CopyTiles(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTiles(p,a,b,c,d,e,f)
#define ID3D11DeviceContext4_UpdateTiles(p,a,b,c,d,e) (p)->lpVtbl->UpdateTiles(p,a,b,c,d,e)
#define ID3D11DeviceContext4_ResizeTilePool(p,a,b) (p)->lpVtbl->ResizeTilePool(p,a,b)
#define ID3D11DeviceContext4_TiledResourceBarrier(p,a,b) (p)->lpVtbl->TiledResourceBarrier(p,a,b)
#define ID3D11DeviceContext4_IsAnnotationEnabled(p) (p)->lpVtbl->IsAnnotationEnabled(p)
#define ID3D11DeviceContext4_SetMarkerInt(p,a,b) (p)->lpVtbl->SetMarkerInt(p,a,b)
#define ID3D11DeviceContext4_BeginEventInt(p,a,b) (p)->lpVtbl->BeginEventInt(p,a,b)
#define ID3D11DeviceContext4_EndEvent(p) (p)->lpVtbl->EndEvent(p)
#define ID3D11DeviceContext4_Flush1(p,a,b) (p)->lpVtbl->Flush1(p,a,b)
#define ID3D11DeviceContext4_SetHardwareProtectionState(p,a) (p)->lpVtbl->SetHardwareProtectionState(p,a)
#define ID3D11DeviceContext4_GetHardwareProtectionState(p,a) (p)->lpVtbl->GetHardwareProtectionState(p,a)
#define ID3D11DeviceContext4_Signal(p,a,b) (p)->lpVtbl->Signal(p,a,b)
#define ID3D11DeviceContext4_Wait(p,a,b) (p)->lpVtbl->Wait(p,a,b)

/* ---- ID3D11Device3 ----------------------------------------------------------- */

typedef struct ID3D11Device3Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11Device3 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Device3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Device3 *This);
    /* ID3D11Device */
    HRESULT (STDMETHODCALLTYPE *CreateBuffer)(
        ID3D11Device3 *This, const D3D11_BUFFER_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer);
    HRESULT (STDMETHODCALLTYPE *CreateTexture1D)(
        ID3D11Device3 *This, const D3D11_TEXTURE1D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture1D **ppTexture1D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D)(
        ID3D11Device3 *This, const D3D11_TEXTURE2D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture2D **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D)(
        ID3D11Device3 *This, const D3D11_TEXTURE3D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture3D **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView)(
        ID3D11Device3 *This, ID3D11Resource *pResource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc,
        ID3D11ShaderResourceView **ppSRView);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView)(
        ID3D11Device3 *This, ID3D11Resource *pResource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc,
        ID3D11UnorderedAccessView **ppUAView);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView)(
        ID3D11Device3 *This, ID3D11Resource *pResource,
        const D3D11_RENDER_TARGET_VIEW_DESC *pDesc,
        ID3D11RenderTargetView **ppRTView);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilView)(
        ID3D11Device3 *This, ID3D11Resource *pResource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *pDesc,
        ID3D11DepthStencilView **ppDepthStencilView);
    HRESULT (STDMETHODCALLTYPE *CreateInputLayout)(
        ID3D11Device3 *This, const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs,
        UINT NumElements, const void *pShaderBytecodeWithInputSignature,
        SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11VertexShader **ppVertexShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShaderWithStreamOutput)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries,
        const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader);
    HRESULT (STDMETHODCALLTYPE *CreateHullShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader);
    HRESULT (STDMETHODCALLTYPE *CreateDomainShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11DomainShader **ppDomainShader);
    HRESULT (STDMETHODCALLTYPE *CreateComputeShader)(
        ID3D11Device3 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11ComputeShader **ppComputeShader);
    HRESULT (STDMETHODCALLTYPE *CreateClassLinkage)(
        ID3D11Device3 *This, ID3D11ClassLinkage **ppLinkage);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState)(
        ID3D11Device3 *This, const D3D11_BLEND_DESC *pBlendStateDesc,
        ID3D11BlendState **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilState)(
        ID3D11Device3 *This, const D3D11_DEPTH_STENCIL_DESC *pDepthStencilDesc,
        ID3D11DepthStencilState **ppDepthStencilState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState)(
        ID3D11Device3 *This, const D3D11_RASTERIZER_DESC *pRasterizerDesc,
        ID3D11RasterizerState **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateSamplerState)(
        ID3D11Device3 *This, const D3D11_SAMPLER_DESC *pSamplerDesc,
        ID3D11SamplerState **ppSamplerState);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        ID3D11Device3 *This, const D3D11_QUERY_DESC *pQueryDesc,
        ID3D11Query **ppQuery);
    HRESULT (STDMETHODCALLTYPE *CreatePredicate)(
        ID3D11Device3 *This, const D3D11_QUERY_DESC *pPredicateDesc,
        ID3D11Predicate **ppPredicate);
    HRESULT (STDMETHODCALLTYPE *CreateCounter)(
        ID3D11Device3 *This, const D3D11_COUNTER_DESC *pCounterDesc,
        ID3D11Counter **ppCounter);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext)(
        ID3D11Device3 *This, UINT ContextFlags,
        ID3D11DeviceContext **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource)(
        ID3D11Device3 *This, HANDLE hResource, REFIID ReturnedInterface,
        void **ppResource);
    HRESULT (STDMETHODCALLTYPE *CheckFormatSupport)(
        ID3D11Device3 *This, DXGI_FORMAT Format, UINT *pFormatSupport);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels)(
        ID3D11Device3 *This, DXGI_FORMAT Format, UINT SampleCount,
        UINT *pNumQualityLevels);
    void (STDMETHODCALLTYPE *CheckCounterInfo)(
        ID3D11Device3 *This, D3D11_COUNTER_INFO *pCounterInfo);
    HRESULT (STDMETHODCALLTYPE *CheckCounter)(
        ID3D11Device3 *This, const D3D11_COUNTER_DESC *pDesc,
        D3D11_COUNTER_TYPE *pType, UINT *pActiveCounters, LPSTR szName,
        UINT *pNameLength, LPSTR szUnits, UINT *pUnitsLength,
        LPSTR szDescription, UINT *pDescriptionLength);
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(
        ID3D11Device3 *This, D3D11_FEATURE Feature, void *pFeatureSupportData,
        UINT FeatureSupportDataSize);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11Device3 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11Device3 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11Device3 *This, REFGUID guid, const IUnknown *pData);
    D3D_FEATURE_LEVEL (STDMETHODCALLTYPE *GetFeatureLevel)(ID3D11Device3 *This);
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(ID3D11Device3 *This);
    HRESULT (STDMETHODCALLTYPE *GetDeviceRemovedReason)(ID3D11Device3 *This);
    void (STDMETHODCALLTYPE *GetImmediateContext)(
        ID3D11Device3 *This, ID3D11DeviceContext **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *SetExceptionMode)(
        ID3D11Device3 *This, UINT RaiseFlags);
    UINT (STDMETHODCALLTYPE *GetExceptionMode)(ID3D11Device3 *This);
    /* ID3D11Device1 */
    void (STDMETHODCALLTYPE *GetImmediateContext1)(ID3D11Device3 *This, ID3D11DeviceContext1 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext1)(ID3D11Device3 *This, UINT ContextFlags, ID3D11DeviceContext1 **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState1)(ID3D11Device3 *This, const D3D11_BLEND_DESC1 *pBlendStateDesc, ID3D11BlendState1 **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState1)(ID3D11Device3 *This, const D3D11_RASTERIZER_DESC1 *pRasterizerDesc, ID3D11RasterizerState1 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateDeviceContextState)(ID3D11Device3 *This, UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosenFeatureLevel, ID3DDeviceContextState **ppContextState);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource1)(ID3D11Device3 *This, HANDLE hResource, REFIID returnedInterface, void **ppResource);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResourceByName)(ID3D11Device3 *This, LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void **ppResource);
    /* ID3D11Device2 */
    void (STDMETHODCALLTYPE *GetImmediateContext2)(ID3D11Device3 *This, ID3D11DeviceContext2 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext2)(ID3D11Device3 *This, UINT ContextFlags, ID3D11DeviceContext2 **ppDeferredContext);
    void (STDMETHODCALLTYPE *GetResourceTiling)(ID3D11Device3 *This, ID3D11Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC *pPackedMipDesc, D3D11_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels1)(ID3D11Device3 *This, DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT *pNumQualityLevels);
    /* ID3D11Device3 */
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D1)(ID3D11Device3 *This, const D3D11_TEXTURE2D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture2D1 **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D1)(ID3D11Device3 *This, const D3D11_TEXTURE3D_DESC1 *pDesc1, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture3D1 **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState2)(ID3D11Device3 *This, const D3D11_RASTERIZER_DESC2 *pRasterizerDesc, ID3D11RasterizerState2 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView1)(ID3D11Device3 *This, ID3D11Resource *pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *pDesc1, ID3D11ShaderResourceView1 **ppSRView1);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView1)(ID3D11Device3 *This, ID3D11Resource *pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *pDesc1, ID3D11UnorderedAccessView1 **ppUAView1);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView1)(ID3D11Device3 *This, ID3D11Resource *pResource, const D3D11_RENDER_TARGET_VIEW_DESC1 *pDesc1, ID3D11RenderTargetView1 **ppRTView1);
    HRESULT (STDMETHODCALLTYPE *CreateQuery1)(ID3D11Device3 *This, const D3D11_QUERY_DESC1 *pQueryDesc1, ID3D11Query1 **ppQuery1);
    void (STDMETHODCALLTYPE *GetImmediateContext3)(ID3D11Device3 *This, ID3D11DeviceContext3 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext3)(ID3D11Device3 *This, UINT ContextFlags, ID3D11DeviceContext3 **ppDeferredContext);
    void (STDMETHODCALLTYPE *WriteToSubresource)(ID3D11Device3 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *ReadFromSubresource)(ID3D11Device3 *This, void *pDstData, UINT DstRowPitch, UINT DstDepthPitch, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox);
} ID3D11Device3Vtbl;

struct ID3D11Device3 {
    const ID3D11Device3Vtbl *lpVtbl;
};

#define ID3D11Device3_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Device3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Device3_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Device3_CreateBuffer(p,a,b,c) (p)->lpVtbl->CreateBuffer(p,a,b,c)
#define ID3D11Device3_CreateTexture1D(p,a,b,c) (p)->lpVtbl->CreateTexture1D(p,a,b,c)
#define ID3D11Device3_CreateTexture2D(p,a,b,c) (p)->lpVtbl->CreateTexture2D(p,a,b,c)
#define ID3D11Device3_CreateTexture3D(p,a,b,c) (p)->lpVtbl->CreateTexture3D(p,a,b,c)
#define ID3D11Device3_CreateShaderResourceView(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView(p,a,b,c)
#define ID3D11Device3_CreateUnorderedAccessView(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView(p,a,b,c)
#define ID3D11Device3_CreateRenderTargetView(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView(p,a,b,c)
#define ID3D11Device3_CreateDepthStencilView(p,a,b,c) (p)->lpVtbl->CreateDepthStencilView(p,a,b,c)
#define ID3D11Device3_CreateInputLayout(p,a,b,c,d,e) (p)->lpVtbl->CreateInputLayout(p,a,b,c,d,e)
#define ID3D11Device3_CreateVertexShader(p,a,b,c,d) (p)->lpVtbl->CreateVertexShader(p,a,b,c,d)
#define ID3D11Device3_CreateGeometryShader(p,a,b,c,d) (p)->lpVtbl->CreateGeometryShader(p,a,b,c,d)
#define ID3D11Device3_CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device3_CreatePixelShader(p,a,b,c,d) (p)->lpVtbl->CreatePixelShader(p,a,b,c,d)
#define ID3D11Device3_CreateHullShader(p,a,b,c,d) (p)->lpVtbl->CreateHullShader(p,a,b,c,d)
#define ID3D11Device3_CreateDomainShader(p,a,b,c,d) (p)->lpVtbl->CreateDomainShader(p,a,b,c,d)
#define ID3D11Device3_CreateComputeShader(p,a,b,c,d) (p)->lpVtbl->CreateComputeShader(p,a,b,c,d)
#define ID3D11Device3_CreateClassLinkage(p,a) (p)->lpVtbl->CreateClassLinkage(p,a)
#define ID3D11Device3_CreateBlendState(p,a,b) (p)->lpVtbl->CreateBlendState(p,a,b)
#define ID3D11Device3_CreateDepthStencilState(p,a,b) (p)->lpVtbl->CreateDepthStencilState(p,a,b)
#define ID3D11Device3_CreateRasterizerState(p,a,b) (p)->lpVtbl->CreateRasterizerState(p,a,b)
#define ID3D11Device3_CreateSamplerState(p,a,b) (p)->lpVtbl->CreateSamplerState(p,a,b)
#define ID3D11Device3_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)
#define ID3D11Device3_CreatePredicate(p,a,b) (p)->lpVtbl->CreatePredicate(p,a,b)
#define ID3D11Device3_CreateCounter(p,a,b) (p)->lpVtbl->CreateCounter(p,a,b)
#define ID3D11Device3_CreateDeferredContext(p,a,b) (p)->lpVtbl->CreateDeferredContext(p,a,b)
#define ID3D11Device3_OpenSharedResource(p,a,b,c) (p)->lpVtbl->OpenSharedResource(p,a,b,c)
#define ID3D11Device3_CheckFormatSupport(p,a,b) (p)->lpVtbl->CheckFormatSupport(p,a,b)
#define ID3D11Device3_CheckMultisampleQualityLevels(p,a,b,c) (p)->lpVtbl->CheckMultisampleQualityLevels(p,a,b,c)
#define ID3D11Device3_CheckCounterInfo(p,a) (p)->lpVtbl->CheckCounterInfo(p,a)
#define ID3D11Device3_CheckCounter(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CheckCounter(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device3_CheckFeatureSupport(p,a,b,c) (p)->lpVtbl->CheckFeatureSupport(p,a,b,c)
#define ID3D11Device3_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11Device3_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11Device3_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11Device3_GetFeatureLevel(p) (p)->lpVtbl->GetFeatureLevel(p)
#define ID3D11Device3_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define ID3D11Device3_GetDeviceRemovedReason(p) (p)->lpVtbl->GetDeviceRemovedReason(p)
#define ID3D11Device3_GetImmediateContext(p,a) (p)->lpVtbl->GetImmediateContext(p,a)
#define ID3D11Device3_SetExceptionMode(p,a) (p)->lpVtbl->SetExceptionMode(p,a)
#define ID3D11Device3_GetExceptionMode(p) (p)->lpVtbl->GetExceptionMode(p)
#define ID3D11Device3_GetImmediateContext1(p,a) (p)->lpVtbl->GetImmediateContext1(p,a)
#define ID3D11Device3_CreateDeferredContext1(p,a,b) (p)->lpVtbl->CreateDeferredContext1(p,a,b)
#define ID3D11Device3_CreateBlendState1(p,a,b) (p)->lpVtbl->CreateBlendState1(p,a,b)
#define ID3D11Device3_CreateRasterizerState1(p,a,b) (p)->lpVtbl->CreateRasterizerState1(p,a,b)
#define ID3D11Device3_CreateDeviceContextState(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateDeviceContextState(p,a,b,c,d,e,f,g)
#define ID3D11Device3_OpenSharedResource1(p,a,b,c) (p)->lpVtbl->OpenSharedResource1(p,a,b,c)
#define ID3D11Device3_OpenSharedResourceByName(p,a,b,c,d) (p)->lpVtbl->OpenSharedResourceByName(p,a,b,c,d)
#define ID3D11Device3_GetImmediateContext2(p,a) (p)->lpVtbl->GetImmediateContext2(p,a)
#define ID3D11Device3_CreateDeferredContext2(p,a,b) (p)->lpVtbl->CreateDeferredContext2(p,a,b)
#define ID3D11Device3_GetResourceTiling(p,a,b,c,d,e,f,g) (p)->lpVtbl->GetResourceTiling(p,a,b,c,d,e,f,g)
#define ID3D11Device3_CheckMultisampleQualityLevels1(p,a,b,c,d) (p)->lpVtbl->CheckMultisampleQualityLevels1(p,a,b,c,d)
#define ID3D11Device3_CreateTexture2D1(p,a,b,c) (p)->lpVtbl->CreateTexture2D1(p,a,b,c)
#define ID3D11Device3_CreateTexture3D1(p,a,b,c) (p)->lpVtbl->CreateTexture3D1(p,a,b,c)
#define ID3D11Device3_CreateRasterizerState2(p,a,b) (p)->lpVtbl->CreateRasterizerState2(p,a,b)
#define ID3D11Device3_CreateShaderResourceView1(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView1(p,a,b,c)
#define ID3D11Device3_CreateUnorderedAccessView1(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView1(p,a,b,c)
#define ID3D11Device3_CreateRenderTargetView1(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView1(p,a,b,c)
#define ID3D11Device3_CreateQuery1(p,a,b) (p)->lpVtbl->CreateQuery1(p,a,b)
#define ID3D11Device3_GetImmediateContext3(p,a) (p)->lpVtbl->GetImmediateContext3(p,a)
#define ID3D11Device3_CreateDeferredContext3(p,a,b) (p)->lpVtbl->CreateDeferredContext3(p,a,b)
#define ID3D11Device3_WriteToSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->WriteToSubresource(p,a,b,c,d,e,f)
#define ID3D11Device3_ReadFromSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->ReadFromSubresource(p,a,b,c,d,e,f)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_D3D11_3_H */
#endif /* !_WIN32 */
