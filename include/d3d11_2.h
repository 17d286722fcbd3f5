/*
 * nereid: the Direct3D 11.2 interfaces (d3d11_2.h): ID3D11DeviceContext2 and
 * ID3D11Device2, with the tiled-resource types their methods name, for native builds.
 *
 * Written for nereid from Microsoft's Direct3D 11 documentation in the
 * form of d3d11.h and d3d11_1.h (see there): C vtables in the Windows
 * order, each interface's inherited methods first with This of the
 * derived type, and a call macro for every method.
 * tests/unit/test_d3d11_abi.c checks slots, layouts and values against
 * those of mingw-w64's headers.
 *
 * On Windows this file defers to the system's <d3d11_2.h>.
 */
#ifdef _WIN32
#include_next <d3d11_2.h>
#else /* !_WIN32 */

#ifndef NEREID_D3D11_2_H
#define NEREID_D3D11_2_H

#include "d3d11_1.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Types =============================================================== */

typedef enum D3D11_TILE_MAPPING_FLAG {
    D3D11_TILE_MAPPING_NO_OVERWRITE = 0x1
} D3D11_TILE_MAPPING_FLAG;

typedef enum D3D11_TILE_RANGE_FLAG {
    D3D11_TILE_RANGE_NULL = 0x1,
    D3D11_TILE_RANGE_SKIP = 0x2,
    D3D11_TILE_RANGE_REUSE_SINGLE_TILE = 0x4
} D3D11_TILE_RANGE_FLAG;

typedef enum D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_FLAG {
    D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE = 0x1
} D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_FLAG;

typedef enum D3D11_TILE_COPY_FLAG {
    D3D11_TILE_COPY_NO_OVERWRITE = 0x1,
    D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE = 0x2,
    D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER = 0x4
} D3D11_TILE_COPY_FLAG;

typedef struct D3D11_TILED_RESOURCE_COORDINATE {
    UINT X;
    UINT Y;
    UINT Z;
    UINT Subresource;
} D3D11_TILED_RESOURCE_COORDINATE;

typedef struct D3D11_TILE_REGION_SIZE {
    UINT NumTiles;
    BOOL bUseBox;
    UINT Width;
    UINT16 Height;
    UINT16 Depth;
} D3D11_TILE_REGION_SIZE;

typedef struct D3D11_SUBRESOURCE_TILING {
    UINT WidthInTiles;
    UINT16 HeightInTiles;
    UINT16 DepthInTiles;
    UINT StartTileIndexInOverallResource;
} D3D11_SUBRESOURCE_TILING;

typedef struct D3D11_TILE_SHAPE {
    UINT WidthInTexels;
    UINT HeightInTexels;
    UINT DepthInTexels;
} D3D11_TILE_SHAPE;

typedef struct D3D11_PACKED_MIP_DESC {
    UINT8 NumStandardMips;
    UINT8 NumPackedMips;
    UINT NumTilesForPackedMips;
    UINT StartTileIndexInOverallResource;
} D3D11_PACKED_MIP_DESC;

/* ==== Interface identifiers =============================================== */

/* {420D5B32-B90C-4DA4-BEF0-359F6A24A83A} */
DEFINE_GUID(IID_ID3D11DeviceContext2, 0x420d5b32, 0xb90c, 0x4da4, 0xbe, 0xf0, 0x35,
            0x9f, 0x6a, 0x24, 0xa8, 0x3a);
/* {9D06DFFA-D1E5-4D07-83A8-1BB123F2F841} */
DEFINE_GUID(IID_ID3D11Device2, 0x9d06dffa, 0xd1e5, 0x4d07, 0x83, 0xa8, 0x1b, 0xb1,
            0x23, 0xf2, 0xf8, 0x41);

/* ==== Interfaces (C form) ================================================= */

typedef struct ID3D11DeviceContext2 ID3D11DeviceContext2;
typedef struct ID3D11Device2 ID3D11Device2;

/* ---- ID3D11DeviceContext2 ---------------------------------------------------- */

typedef struct ID3D11DeviceContext2Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11DeviceContext2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11DeviceContext2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11DeviceContext2 *This);
    /* ID3D11DeviceChild */
    void (STDMETHODCALLTYPE *GetDevice)(
        ID3D11DeviceContext2 *This, ID3D11Device **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11DeviceContext2 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11DeviceContext2 *This, REFGUID guid, UINT DataSize,
        const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11DeviceContext2 *This, REFGUID guid, const IUnknown *pData);
    /* ID3D11DeviceContext */
    void (STDMETHODCALLTYPE *VSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11PixelShader *pPixelShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *PSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *VSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11VertexShader *pVertexShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DrawIndexed)(
        ID3D11DeviceContext2 *This, UINT IndexCount, UINT StartIndexLocation,
        INT BaseVertexLocation);
    void (STDMETHODCALLTYPE *Draw)(
        ID3D11DeviceContext2 *This, UINT VertexCount, UINT StartVertexLocation);
    HRESULT (STDMETHODCALLTYPE *Map)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pResource, UINT Subresource,
        D3D11_MAP MapType, UINT MapFlags,
        D3D11_MAPPED_SUBRESOURCE *pMappedResource);
    void (STDMETHODCALLTYPE *Unmap)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pResource,
        UINT Subresource);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *IASetInputLayout)(
        ID3D11DeviceContext2 *This, ID3D11InputLayout *pInputLayout);
    void (STDMETHODCALLTYPE *IASetVertexBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppVertexBuffers, const UINT *pStrides,
        const UINT *pOffsets);
    void (STDMETHODCALLTYPE *IASetIndexBuffer)(
        ID3D11DeviceContext2 *This, ID3D11Buffer *pIndexBuffer,
        DXGI_FORMAT Format, UINT Offset);
    void (STDMETHODCALLTYPE *DrawIndexedInstanced)(
        ID3D11DeviceContext2 *This, UINT IndexCountPerInstance,
        UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *DrawInstanced)(
        ID3D11DeviceContext2 *This, UINT VertexCountPerInstance,
        UINT InstanceCount, UINT StartVertexLocation,
        UINT StartInstanceLocation);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11GeometryShader *pShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *IASetPrimitiveTopology)(
        ID3D11DeviceContext2 *This, D3D11_PRIMITIVE_TOPOLOGY Topology);
    void (STDMETHODCALLTYPE *VSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *Begin)(
        ID3D11DeviceContext2 *This, ID3D11Asynchronous *pAsync);
    void (STDMETHODCALLTYPE *End)(
        ID3D11DeviceContext2 *This, ID3D11Asynchronous *pAsync);
    HRESULT (STDMETHODCALLTYPE *GetData)(
        ID3D11DeviceContext2 *This, ID3D11Asynchronous *pAsync, void *pData,
        UINT DataSize, UINT GetDataFlags);
    void (STDMETHODCALLTYPE *SetPredication)(
        ID3D11DeviceContext2 *This, ID3D11Predicate *pPredicate,
        BOOL PredicateValue);
    void (STDMETHODCALLTYPE *GSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *OMSetRenderTargets)(
        ID3D11DeviceContext2 *This, UINT NumViews,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView);
    void (STDMETHODCALLTYPE *OMSetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext2 *This, UINT NumRTVs,
        ID3D11RenderTargetView *const *ppRenderTargetViews,
        ID3D11DepthStencilView *pDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *OMSetBlendState)(
        ID3D11DeviceContext2 *This, ID3D11BlendState *pBlendState,
        const FLOAT BlendFactor[4], UINT SampleMask);
    void (STDMETHODCALLTYPE *OMSetDepthStencilState)(
        ID3D11DeviceContext2 *This, ID3D11DepthStencilState *pDepthStencilState,
        UINT StencilRef);
    void (STDMETHODCALLTYPE *SOSetTargets)(
        ID3D11DeviceContext2 *This, UINT NumBuffers,
        ID3D11Buffer *const *ppSOTargets, const UINT *pOffsets);
    void (STDMETHODCALLTYPE *DrawAuto)(ID3D11DeviceContext2 *This);
    void (STDMETHODCALLTYPE *DrawIndexedInstancedIndirect)(
        ID3D11DeviceContext2 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *DrawInstancedIndirect)(
        ID3D11DeviceContext2 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *Dispatch)(
        ID3D11DeviceContext2 *This, UINT ThreadGroupCountX,
        UINT ThreadGroupCountY, UINT ThreadGroupCountZ);
    void (STDMETHODCALLTYPE *DispatchIndirect)(
        ID3D11DeviceContext2 *This, ID3D11Buffer *pBufferForArgs,
        UINT AlignedByteOffsetForArgs);
    void (STDMETHODCALLTYPE *RSSetState)(
        ID3D11DeviceContext2 *This, ID3D11RasterizerState *pRasterizerState);
    void (STDMETHODCALLTYPE *RSSetViewports)(
        ID3D11DeviceContext2 *This, UINT NumViewports,
        const D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSSetScissorRects)(
        ID3D11DeviceContext2 *This, UINT NumRects, const D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *CopySubresourceRegion)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ,
        ID3D11Resource *pSrcResource, UINT SrcSubresource,
        const D3D11_BOX *pSrcBox);
    void (STDMETHODCALLTYPE *CopyResource)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource,
        ID3D11Resource *pSrcResource);
    void (STDMETHODCALLTYPE *UpdateSubresource)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData,
        UINT SrcRowPitch, UINT SrcDepthPitch);
    void (STDMETHODCALLTYPE *CopyStructureCount)(
        ID3D11DeviceContext2 *This, ID3D11Buffer *pDstBuffer,
        UINT DstAlignedByteOffset, ID3D11UnorderedAccessView *pSrcView);
    void (STDMETHODCALLTYPE *ClearRenderTargetView)(
        ID3D11DeviceContext2 *This, ID3D11RenderTargetView *pRenderTargetView,
        const FLOAT ColorRGBA[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewUint)(
        ID3D11DeviceContext2 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView, const UINT Values[4]);
    void (STDMETHODCALLTYPE *ClearUnorderedAccessViewFloat)(
        ID3D11DeviceContext2 *This,
        ID3D11UnorderedAccessView *pUnorderedAccessView,
        const FLOAT Values[4]);
    void (STDMETHODCALLTYPE *ClearDepthStencilView)(
        ID3D11DeviceContext2 *This, ID3D11DepthStencilView *pDepthStencilView,
        UINT ClearFlags, FLOAT Depth, UINT8 Stencil);
    void (STDMETHODCALLTYPE *GenerateMips)(
        ID3D11DeviceContext2 *This,
        ID3D11ShaderResourceView *pShaderResourceView);
    void (STDMETHODCALLTYPE *SetResourceMinLOD)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pResource, FLOAT MinLOD);
    FLOAT (STDMETHODCALLTYPE *GetResourceMinLOD)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *ResolveSubresource)(
        ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource,
        UINT DstSubresource, ID3D11Resource *pSrcResource, UINT SrcSubresource,
        DXGI_FORMAT Format);
    void (STDMETHODCALLTYPE *ExecuteCommandList)(
        ID3D11DeviceContext2 *This, ID3D11CommandList *pCommandList,
        BOOL RestoreContextState);
    void (STDMETHODCALLTYPE *HSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11HullShader *pHullShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *HSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11DomainShader *pDomainShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *DSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSSetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView *const *ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSSetUnorderedAccessViews)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView *const *ppUnorderedAccessViews,
        const UINT *pUAVInitialCounts);
    void (STDMETHODCALLTYPE *CSSetShader)(
        ID3D11DeviceContext2 *This, ID3D11ComputeShader *pComputeShader,
        ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances);
    void (STDMETHODCALLTYPE *CSSetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState *const *ppSamplers);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer *const *ppConstantBuffers);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *PSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *PSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11PixelShader **ppPixelShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *VSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11VertexShader **ppVertexShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *IAGetInputLayout)(
        ID3D11DeviceContext2 *This, ID3D11InputLayout **ppInputLayout);
    void (STDMETHODCALLTYPE *IAGetVertexBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppVertexBuffers, UINT *pStrides, UINT *pOffsets);
    void (STDMETHODCALLTYPE *IAGetIndexBuffer)(
        ID3D11DeviceContext2 *This, ID3D11Buffer **pIndexBuffer,
        DXGI_FORMAT *Format, UINT *Offset);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *GSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11GeometryShader **ppGeometryShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *IAGetPrimitiveTopology)(
        ID3D11DeviceContext2 *This, D3D11_PRIMITIVE_TOPOLOGY *pTopology);
    void (STDMETHODCALLTYPE *VSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *VSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *GetPredication)(
        ID3D11DeviceContext2 *This, ID3D11Predicate **ppPredicate,
        BOOL *pPredicateValue);
    void (STDMETHODCALLTYPE *GSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *GSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *OMGetRenderTargets)(
        ID3D11DeviceContext2 *This, UINT NumViews,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView);
    void (STDMETHODCALLTYPE *OMGetRenderTargetsAndUnorderedAccessViews)(
        ID3D11DeviceContext2 *This, UINT NumRTVs,
        ID3D11RenderTargetView **ppRenderTargetViews,
        ID3D11DepthStencilView **ppDepthStencilView, UINT UAVStartSlot,
        UINT NumUAVs, ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *OMGetBlendState)(
        ID3D11DeviceContext2 *This, ID3D11BlendState **ppBlendState,
        FLOAT BlendFactor[4], UINT *pSampleMask);
    void (STDMETHODCALLTYPE *OMGetDepthStencilState)(
        ID3D11DeviceContext2 *This,
        ID3D11DepthStencilState **ppDepthStencilState, UINT *pStencilRef);
    void (STDMETHODCALLTYPE *SOGetTargets)(
        ID3D11DeviceContext2 *This, UINT NumBuffers,
        ID3D11Buffer **ppSOTargets);
    void (STDMETHODCALLTYPE *RSGetState)(
        ID3D11DeviceContext2 *This, ID3D11RasterizerState **ppRasterizerState);
    void (STDMETHODCALLTYPE *RSGetViewports)(
        ID3D11DeviceContext2 *This, UINT *pNumViewports,
        D3D11_VIEWPORT *pViewports);
    void (STDMETHODCALLTYPE *RSGetScissorRects)(
        ID3D11DeviceContext2 *This, UINT *pNumRects, D3D11_RECT *pRects);
    void (STDMETHODCALLTYPE *HSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *HSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11HullShader **ppHullShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *HSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *DSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *DSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11DomainShader **ppDomainShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *DSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *CSGetShaderResources)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumViews,
        ID3D11ShaderResourceView **ppShaderResourceViews);
    void (STDMETHODCALLTYPE *CSGetUnorderedAccessViews)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumUAVs,
        ID3D11UnorderedAccessView **ppUnorderedAccessViews);
    void (STDMETHODCALLTYPE *CSGetShader)(
        ID3D11DeviceContext2 *This, ID3D11ComputeShader **ppComputeShader,
        ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances);
    void (STDMETHODCALLTYPE *CSGetSamplers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumSamplers,
        ID3D11SamplerState **ppSamplers);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers)(
        ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers,
        ID3D11Buffer **ppConstantBuffers);
    void (STDMETHODCALLTYPE *ClearState)(ID3D11DeviceContext2 *This);
    void (STDMETHODCALLTYPE *Flush)(ID3D11DeviceContext2 *This);
    D3D11_DEVICE_CONTEXT_TYPE (STDMETHODCALLTYPE *GetType)(
        ID3D11DeviceContext2 *This);
    UINT (STDMETHODCALLTYPE *GetContextFlags)(ID3D11DeviceContext2 *This);
    HRESULT (STDMETHODCALLTYPE *FinishCommandList)(
        ID3D11DeviceContext2 *This, BOOL RestoreDeferredContextState,
        ID3D11CommandList **ppCommandList);
    /* ID3D11DeviceContext1 */
    void (STDMETHODCALLTYPE *CopySubresourceRegion1)(ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox, UINT CopyFlags);
    void (STDMETHODCALLTYPE *UpdateSubresource1)(ID3D11DeviceContext2 *This, ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags);
    void (STDMETHODCALLTYPE *DiscardResource)(ID3D11DeviceContext2 *This, ID3D11Resource *pResource);
    void (STDMETHODCALLTYPE *DiscardView)(ID3D11DeviceContext2 *This, ID3D11View *pResourceView);
    void (STDMETHODCALLTYPE *VSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSSetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants);
    void (STDMETHODCALLTYPE *VSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *HSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *DSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *GSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *PSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *CSGetConstantBuffers1)(ID3D11DeviceContext2 *This, UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants);
    void (STDMETHODCALLTYPE *SwapDeviceContextState)(ID3D11DeviceContext2 *This, ID3DDeviceContextState *pState, ID3DDeviceContextState **ppPreviousState);
    void (STDMETHODCALLTYPE *ClearView)(ID3D11DeviceContext2 *This, ID3D11View *pView, const FLOAT Color[4], const D3D11_RECT *pRect, UINT NumRects);
    void (STDMETHODCALLTYPE *DiscardView1)(ID3D11DeviceContext2 *This, ID3D11View *pResourceView, const D3D11_RECT *pRects, UINT NumRects);
    /* ID3D11DeviceContext2 */
    HRESULT (STDMETHODCALLTYPE *UpdateTileMappings)(ID3D11DeviceContext2 *This, ID3D11Resource *pTiledResource, UINT NumTiledResourceRegions, const D3D11_TILED_RESOURCE_COORDINATE *pTiledResourceRegionStartCoordinates, const D3D11_TILE_REGION_SIZE *pTiledResourceRegionSizes, ID3D11Buffer *pTilePool, UINT NumRanges, const UINT *pRangeFlags, const UINT *pTilePoolStartOffsets, const UINT *pRangeTileCounts, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *CopyTileMappings)(ID3D11DeviceContext2 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestRegionStartCoordinate, ID3D11Resource *pSourceTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pSourceRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, UINT Flags);
    void (STDMETHODCALLTYPE *CopyTiles)(ID3D11DeviceContext2 *This, ID3D11Resource *pTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pTileRegionSize, ID3D11Buffer *pBuffer, UINT64 BufferStartOffsetInBytes, UINT Flags);
    void (STDMETHODCALLTYPE *UpdateTiles)(ID3D11DeviceContext2 *This, ID3D11Resource *pDestTiledResource, const D3D11_TILED_RESOURCE_COORDINATE *pDestTileRegionStartCoordinate, const D3D11_TILE_REGION_SIZE *pDestTileRegionSize, const void *pSourceTileData, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *ResizeTilePool)(ID3D11DeviceContext2 *This, ID3D11Buffer *pTilePool, UINT64 NewSizeInBytes);
    void (STDMETHODCALLTYPE *TiledResourceBarrier)(ID3D11DeviceContext2 *This, ID3D11DeviceChild *pTiledResourceOrViewAccessBeforeBarrier, ID3D11DeviceChild *pTiledResourceOrViewAccessAfterBarrier);
    BOOL (STDMETHODCALLTYPE *IsAnnotationEnabled)(ID3D11DeviceContext2 *This);
    void (STDMETHODCALLTYPE *SetMarkerInt)(ID3D11DeviceContext2 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *BeginEventInt)(ID3D11DeviceContext2 *This, LPCWSTR pLabel, INT Data);
    void (STDMETHODCALLTYPE *EndEvent)(ID3D11DeviceContext2 *This);
} ID3D11DeviceContext2Vtbl;

struct ID3D11DeviceContext2 {
    const ID3D11DeviceContext2Vtbl *lpVtbl;
};

#define ID3D11DeviceContext2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11DeviceContext2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11DeviceContext2_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11DeviceContext2_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define ID3D11DeviceContext2_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11DeviceContext2_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11DeviceContext2_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11DeviceContext2_VSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_PSSetShaderResources(p,a,b,c) (p)->lpVtbl->PSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_PSSetShader(p,a,b,c) (p)->lpVtbl->PSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_PSSetSamplers(p,a,b,c) (p)->lpVtbl->PSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_VSSetShader(p,a,b,c) (p)->lpVtbl->VSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_DrawIndexed(p,a,b,c) (p)->lpVtbl->DrawIndexed(p,a,b,c)
#define ID3D11DeviceContext2_Draw(p,a,b) (p)->lpVtbl->Draw(p,a,b)
#define ID3D11DeviceContext2_Map(p,a,b,c,d,e) (p)->lpVtbl->Map(p,a,b,c,d,e)
#define ID3D11DeviceContext2_Unmap(p,a,b) (p)->lpVtbl->Unmap(p,a,b)
#define ID3D11DeviceContext2_PSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_IASetInputLayout(p,a) (p)->lpVtbl->IASetInputLayout(p,a)
#define ID3D11DeviceContext2_IASetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IASetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext2_IASetIndexBuffer(p,a,b,c) (p)->lpVtbl->IASetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext2_DrawIndexedInstanced(p,a,b,c,d,e) (p)->lpVtbl->DrawIndexedInstanced(p,a,b,c,d,e)
#define ID3D11DeviceContext2_DrawInstanced(p,a,b,c,d) (p)->lpVtbl->DrawInstanced(p,a,b,c,d)
#define ID3D11DeviceContext2_GSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_GSSetShader(p,a,b,c) (p)->lpVtbl->GSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_IASetPrimitiveTopology(p,a) (p)->lpVtbl->IASetPrimitiveTopology(p,a)
#define ID3D11DeviceContext2_VSSetShaderResources(p,a,b,c) (p)->lpVtbl->VSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_VSSetSamplers(p,a,b,c) (p)->lpVtbl->VSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_Begin(p,a) (p)->lpVtbl->Begin(p,a)
#define ID3D11DeviceContext2_End(p,a) (p)->lpVtbl->End(p,a)
#define ID3D11DeviceContext2_GetData(p,a,b,c,d) (p)->lpVtbl->GetData(p,a,b,c,d)
#define ID3D11DeviceContext2_SetPredication(p,a,b) (p)->lpVtbl->SetPredication(p,a,b)
#define ID3D11DeviceContext2_GSSetShaderResources(p,a,b,c) (p)->lpVtbl->GSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_GSSetSamplers(p,a,b,c) (p)->lpVtbl->GSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_OMSetRenderTargets(p,a,b,c) (p)->lpVtbl->OMSetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext2_OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g) (p)->lpVtbl->OMSetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext2_OMSetBlendState(p,a,b,c) (p)->lpVtbl->OMSetBlendState(p,a,b,c)
#define ID3D11DeviceContext2_OMSetDepthStencilState(p,a,b) (p)->lpVtbl->OMSetDepthStencilState(p,a,b)
#define ID3D11DeviceContext2_SOSetTargets(p,a,b,c) (p)->lpVtbl->SOSetTargets(p,a,b,c)
#define ID3D11DeviceContext2_DrawAuto(p) (p)->lpVtbl->DrawAuto(p)
#define ID3D11DeviceContext2_DrawIndexedInstancedIndirect(p,a,b) (p)->lpVtbl->DrawIndexedInstancedIndirect(p,a,b)
#define ID3D11DeviceContext2_DrawInstancedIndirect(p,a,b) (p)->lpVtbl->DrawInstancedIndirect(p,a,b)
#define ID3D11DeviceContext2_Dispatch(p,a,b,c) (p)->lpVtbl->Dispatch(p,a,b,c)
#define ID3D11DeviceContext2_DispatchIndirect(p,a,b) (p)->lpVtbl->DispatchIndirect(p,a,b)
#define ID3D11DeviceContext2_RSSetState(p,a) (p)->lpVtbl->RSSetState(p,a)
#define ID3D11DeviceContext2_RSSetViewports(p,a,b) (p)->lpVtbl->RSSetViewports(p,a,b)
#define ID3D11DeviceContext2_RSSetScissorRects(p,a,b) (p)->lpVtbl->RSSetScissorRects(p,a,b)
#define ID3D11DeviceContext2_CopySubresourceRegion(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CopySubresourceRegion(p,a,b,c,d,e,f,g,h)
#define ID3D11DeviceContext2_CopyResource(p,a,b) (p)->lpVtbl->CopyResource(p,a,b)
#define ID3D11DeviceContext2_UpdateSubresource(p,a,b,c,d,e,f) (p)->lpVtbl->UpdateSubresource(p,a,b,c,d,e,f)
#define ID3D11DeviceContext2_CopyStructureCount(p,a,b,c) (p)->lpVtbl->CopyStructureCount(p,a,b,c)
#define ID3D11DeviceContext2_ClearRenderTargetView(p,a,b) (p)->lpVtbl->ClearRenderTargetView(p,a,b)
#define ID3D11DeviceContext2_ClearUnorderedAccessViewUint(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewUint(p,a,b)
#define ID3D11DeviceContext2_ClearUnorderedAccessViewFloat(p,a,b) (p)->lpVtbl->ClearUnorderedAccessViewFloat(p,a,b)
#define ID3D11DeviceContext2_ClearDepthStencilView(p,a,b,c,d) (p)->lpVtbl->ClearDepthStencilView(p,a,b,c,d)
#define ID3D11DeviceContext2_GenerateMips(p,a) (p)->lpVtbl->GenerateMips(p,a)
#define ID3D11DeviceContext2_SetResourceMinLOD(p,a,b) (p)->lpVtbl->SetResourceMinLOD(p,a,b)
#define ID3D11DeviceContext2_GetResourceMinLOD(p,a) (p)->lpVtbl->GetResourceMinLOD(p,a)
#define ID3D11DeviceContext2_ResolveSubresource(p,a,b,c,d,e) (p)->lpVtbl->ResolveSubresource(p,a,b,c,d,e)
#define ID3D11DeviceContext2_ExecuteCommandList(p,a,b) (p)->lpVtbl->ExecuteCommandList(p,a,b)
#define ID3D11DeviceContext2_HSSetShaderResources(p,a,b,c) (p)->lpVtbl->HSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_HSSetShader(p,a,b,c) (p)->lpVtbl->HSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_HSSetSamplers(p,a,b,c) (p)->lpVtbl->HSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_HSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_DSSetShaderResources(p,a,b,c) (p)->lpVtbl->DSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_DSSetShader(p,a,b,c) (p)->lpVtbl->DSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_DSSetSamplers(p,a,b,c) (p)->lpVtbl->DSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_DSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_CSSetShaderResources(p,a,b,c) (p)->lpVtbl->CSSetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_CSSetUnorderedAccessViews(p,a,b,c,d) (p)->lpVtbl->CSSetUnorderedAccessViews(p,a,b,c,d)
#define ID3D11DeviceContext2_CSSetShader(p,a,b,c) (p)->lpVtbl->CSSetShader(p,a,b,c)
#define ID3D11DeviceContext2_CSSetSamplers(p,a,b,c) (p)->lpVtbl->CSSetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_CSSetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSSetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_VSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->VSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_PSGetShaderResources(p,a,b,c) (p)->lpVtbl->PSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_PSGetShader(p,a,b,c) (p)->lpVtbl->PSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_PSGetSamplers(p,a,b,c) (p)->lpVtbl->PSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_VSGetShader(p,a,b,c) (p)->lpVtbl->VSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_PSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->PSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_IAGetInputLayout(p,a) (p)->lpVtbl->IAGetInputLayout(p,a)
#define ID3D11DeviceContext2_IAGetVertexBuffers(p,a,b,c,d,e) (p)->lpVtbl->IAGetVertexBuffers(p,a,b,c,d,e)
#define ID3D11DeviceContext2_IAGetIndexBuffer(p,a,b,c) (p)->lpVtbl->IAGetIndexBuffer(p,a,b,c)
#define ID3D11DeviceContext2_GSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->GSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_GSGetShader(p,a,b,c) (p)->lpVtbl->GSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_IAGetPrimitiveTopology(p,a) (p)->lpVtbl->IAGetPrimitiveTopology(p,a)
#define ID3D11DeviceContext2_VSGetShaderResources(p,a,b,c) (p)->lpVtbl->VSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_VSGetSamplers(p,a,b,c) (p)->lpVtbl->VSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_GetPredication(p,a,b) (p)->lpVtbl->GetPredication(p,a,b)
#define ID3D11DeviceContext2_GSGetShaderResources(p,a,b,c) (p)->lpVtbl->GSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_GSGetSamplers(p,a,b,c) (p)->lpVtbl->GSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_OMGetRenderTargets(p,a,b,c) (p)->lpVtbl->OMGetRenderTargets(p,a,b,c)
#define ID3D11DeviceContext2_OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f) (p)->lpVtbl->OMGetRenderTargetsAndUnorderedAccessViews(p,a,b,c,d,e,f)
#define ID3D11DeviceContext2_OMGetBlendState(p,a,b,c) (p)->lpVtbl->OMGetBlendState(p,a,b,c)
#define ID3D11DeviceContext2_OMGetDepthStencilState(p,a,b) (p)->lpVtbl->OMGetDepthStencilState(p,a,b)
#define ID3D11DeviceContext2_SOGetTargets(p,a,b) (p)->lpVtbl->SOGetTargets(p,a,b)
#define ID3D11DeviceContext2_RSGetState(p,a) (p)->lpVtbl->RSGetState(p,a)
#define ID3D11DeviceContext2_RSGetViewports(p,a,b) (p)->lpVtbl->RSGetViewports(p,a,b)
#define ID3D11DeviceContext2_RSGetScissorRects(p,a,b) (p)->lpVtbl->RSGetScissorRects(p,a,b)
#define ID3D11DeviceContext2_HSGetShaderResources(p,a,b,c) (p)->lpVtbl->HSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_HSGetShader(p,a,b,c) (p)->lpVtbl->HSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_HSGetSamplers(p,a,b,c) (p)->lpVtbl->HSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_HSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->HSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_DSGetShaderResources(p,a,b,c) (p)->lpVtbl->DSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_DSGetShader(p,a,b,c) (p)->lpVtbl->DSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_DSGetSamplers(p,a,b,c) (p)->lpVtbl->DSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_DSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->DSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_CSGetShaderResources(p,a,b,c) (p)->lpVtbl->CSGetShaderResources(p,a,b,c)
#define ID3D11DeviceContext2_CSGetUnorderedAccessViews(p,a,b,c) (p)->lpVtbl->CSGetUnorderedAccessViews(p,a,b,c)
#define ID3D11DeviceContext2_CSGetShader(p,a,b,c) (p)->lpVtbl->CSGetShader(p,a,b,c)
#define ID3D11DeviceContext2_CSGetSamplers(p,a,b,c) (p)->lpVtbl->CSGetSamplers(p,a,b,c)
#define ID3D11DeviceContext2_CSGetConstantBuffers(p,a,b,c) (p)->lpVtbl->CSGetConstantBuffers(p,a,b,c)
#define ID3D11DeviceContext2_ClearState(p) (p)->lpVtbl->ClearState(p)
#define ID3D11DeviceContext2_Flush(p) (p)->lpVtbl->Flush(p)
#define ID3D11DeviceContext2_GetType(p) (p)->lpVtbl->GetType(p)
#define ID3D11DeviceContext2_GetContextFlags(p) (p)->lpVtbl->GetContextFlags(p)
#define ID3D11DeviceContext2_FinishCommandList(p,a,b) (p)->lpVtbl->FinishCommandList(p,a,b)
#define ID3D11DeviceContext2_CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CopySubresourceRegion1(p,a,b,c,d,e,f,g,h,i)
#define ID3D11DeviceContext2_UpdateSubresource1(p,a,b,c,d,e,f,g) (p)->lpVtbl->UpdateSubresource1(p,a,b,c,d,e,f,g)
#define ID3D11DeviceContext2_DiscardResource(p,a) (p)->lpVtbl->DiscardResource(p,a)
#define ID3D11DeviceContext2_DiscardView(p,a) (p)->lpVtbl->DiscardView(p,a)
#define ID3D11DeviceContext2_VSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_HSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_DSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_GSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_PSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_CSSetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSSetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_VSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->VSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_HSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->HSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_DSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->DSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_GSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->GSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_PSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->PSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_CSGetConstantBuffers1(p,a,b,c,d,e) (p)->lpVtbl->CSGetConstantBuffers1(p,a,b,c,d,e)
#define ID3D11DeviceContext2_SwapDeviceContextState(p,a,b) (p)->lpVtbl->SwapDeviceContextState(p,a,b)
#define ID3D11DeviceContext2_ClearView(p,a,b,c,d) (p)->lpVtbl->ClearView(p,a,b,c,d)
#define ID3D11DeviceContext2_DiscardView1(p,a,b,c) (p)->lpVtbl->DiscardView1(p,a,b,c)
#define ID3D11DeviceContext2_UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j) (p)->lpVtbl->UpdateTileMappings(p,a,b,c,d,e,f,g,h,i,j)
#define ID3D11DeviceContext2_CopyTileMappings(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTileMappings(p,a,b,c,d,e,f)
#define ID3D11DeviceContext2_CopyTiles(p,a,b,c,d,e,f) (p)->lpVtbl->CopyTiles(p,a,b,c,d,e,f)
#define ID3D11DeviceContext2_UpdateTiles(p,a,b,c,d,e) (p)->lpVtbl->UpdateTiles(p,a,b,c,d,e)
#define ID3D11DeviceContext2_ResizeTilePool(p,a,b) (p)->lpVtbl->ResizeTilePool(p,a,b)
#define ID3D11DeviceContext2_TiledResourceBarrier(p,a,b) (p)->lpVtbl->TiledResourceBarrier(p,a,b)
#define ID3D11DeviceContext2_IsAnnotationEnabled(p) (p)->lpVtbl->IsAnnotationEnabled(p)
#define ID3D11DeviceContext2_SetMarkerInt(p,a,b) (p)->lpVtbl->SetMarkerInt(p,a,b)
#define ID3D11DeviceContext2_BeginEventInt(p,a,b) (p)->lpVtbl->BeginEventInt(p,a,b)
#define ID3D11DeviceContext2_EndEvent(p) (p)->lpVtbl->EndEvent(p)

/* ---- ID3D11Device2 ----------------------------------------------------------- */

typedef struct ID3D11Device2Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        ID3D11Device2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(ID3D11Device2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(ID3D11Device2 *This);
    /* ID3D11Device */
    HRESULT (STDMETHODCALLTYPE *CreateBuffer)(
        ID3D11Device2 *This, const D3D11_BUFFER_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer);
    HRESULT (STDMETHODCALLTYPE *CreateTexture1D)(
        ID3D11Device2 *This, const D3D11_TEXTURE1D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture1D **ppTexture1D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture2D)(
        ID3D11Device2 *This, const D3D11_TEXTURE2D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture2D **ppTexture2D);
    HRESULT (STDMETHODCALLTYPE *CreateTexture3D)(
        ID3D11Device2 *This, const D3D11_TEXTURE3D_DESC *pDesc,
        const D3D11_SUBRESOURCE_DATA *pInitialData,
        ID3D11Texture3D **ppTexture3D);
    HRESULT (STDMETHODCALLTYPE *CreateShaderResourceView)(
        ID3D11Device2 *This, ID3D11Resource *pResource,
        const D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc,
        ID3D11ShaderResourceView **ppSRView);
    HRESULT (STDMETHODCALLTYPE *CreateUnorderedAccessView)(
        ID3D11Device2 *This, ID3D11Resource *pResource,
        const D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc,
        ID3D11UnorderedAccessView **ppUAView);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetView)(
        ID3D11Device2 *This, ID3D11Resource *pResource,
        const D3D11_RENDER_TARGET_VIEW_DESC *pDesc,
        ID3D11RenderTargetView **ppRTView);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilView)(
        ID3D11Device2 *This, ID3D11Resource *pResource,
        const D3D11_DEPTH_STENCIL_VIEW_DESC *pDesc,
        ID3D11DepthStencilView **ppDepthStencilView);
    HRESULT (STDMETHODCALLTYPE *CreateInputLayout)(
        ID3D11Device2 *This, const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs,
        UINT NumElements, const void *pShaderBytecodeWithInputSignature,
        SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11VertexShader **ppVertexShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreateGeometryShaderWithStreamOutput)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries,
        const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11GeometryShader **ppGeometryShader);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader);
    HRESULT (STDMETHODCALLTYPE *CreateHullShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader);
    HRESULT (STDMETHODCALLTYPE *CreateDomainShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11DomainShader **ppDomainShader);
    HRESULT (STDMETHODCALLTYPE *CreateComputeShader)(
        ID3D11Device2 *This, const void *pShaderBytecode, SIZE_T BytecodeLength,
        ID3D11ClassLinkage *pClassLinkage,
        ID3D11ComputeShader **ppComputeShader);
    HRESULT (STDMETHODCALLTYPE *CreateClassLinkage)(
        ID3D11Device2 *This, ID3D11ClassLinkage **ppLinkage);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState)(
        ID3D11Device2 *This, const D3D11_BLEND_DESC *pBlendStateDesc,
        ID3D11BlendState **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilState)(
        ID3D11Device2 *This, const D3D11_DEPTH_STENCIL_DESC *pDepthStencilDesc,
        ID3D11DepthStencilState **ppDepthStencilState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState)(
        ID3D11Device2 *This, const D3D11_RASTERIZER_DESC *pRasterizerDesc,
        ID3D11RasterizerState **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateSamplerState)(
        ID3D11Device2 *This, const D3D11_SAMPLER_DESC *pSamplerDesc,
        ID3D11SamplerState **ppSamplerState);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        ID3D11Device2 *This, const D3D11_QUERY_DESC *pQueryDesc,
        ID3D11Query **ppQuery);
    HRESULT (STDMETHODCALLTYPE *CreatePredicate)(
        ID3D11Device2 *This, const D3D11_QUERY_DESC *pPredicateDesc,
        ID3D11Predicate **ppPredicate);
    HRESULT (STDMETHODCALLTYPE *CreateCounter)(
        ID3D11Device2 *This, const D3D11_COUNTER_DESC *pCounterDesc,
        ID3D11Counter **ppCounter);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext)(
        ID3D11Device2 *This, UINT ContextFlags,
        ID3D11DeviceContext **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource)(
        ID3D11Device2 *This, HANDLE hResource, REFIID ReturnedInterface,
        void **ppResource);
    HRESULT (STDMETHODCALLTYPE *CheckFormatSupport)(
        ID3D11Device2 *This, DXGI_FORMAT Format, UINT *pFormatSupport);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels)(
        ID3D11Device2 *This, DXGI_FORMAT Format, UINT SampleCount,
        UINT *pNumQualityLevels);
    void (STDMETHODCALLTYPE *CheckCounterInfo)(
        ID3D11Device2 *This, D3D11_COUNTER_INFO *pCounterInfo);
    HRESULT (STDMETHODCALLTYPE *CheckCounter)(
        ID3D11Device2 *This, const D3D11_COUNTER_DESC *pDesc,
        D3D11_COUNTER_TYPE *pType, UINT *pActiveCounters, LPSTR szName,
        UINT *pNameLength, LPSTR szUnits, UINT *pUnitsLength,
        LPSTR szDescription, UINT *pDescriptionLength);
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(
        ID3D11Device2 *This, D3D11_FEATURE Feature, void *pFeatureSupportData,
        UINT FeatureSupportDataSize);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        ID3D11Device2 *This, REFGUID guid, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        ID3D11Device2 *This, REFGUID guid, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        ID3D11Device2 *This, REFGUID guid, const IUnknown *pData);
    D3D_FEATURE_LEVEL (STDMETHODCALLTYPE *GetFeatureLevel)(ID3D11Device2 *This);
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(ID3D11Device2 *This);
    HRESULT (STDMETHODCALLTYPE *GetDeviceRemovedReason)(ID3D11Device2 *This);
    void (STDMETHODCALLTYPE *GetImmediateContext)(
        ID3D11Device2 *This, ID3D11DeviceContext **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *SetExceptionMode)(
        ID3D11Device2 *This, UINT RaiseFlags);
    UINT (STDMETHODCALLTYPE *GetExceptionMode)(ID3D11Device2 *This);
    /* ID3D11Device1 */
    void (STDMETHODCALLTYPE *GetImmediateContext1)(ID3D11Device2 *This, ID3D11DeviceContext1 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext1)(ID3D11Device2 *This, UINT ContextFlags, ID3D11DeviceContext1 **ppDeferredContext);
    HRESULT (STDMETHODCALLTYPE *CreateBlendState1)(ID3D11Device2 *This, const D3D11_BLEND_DESC1 *pBlendStateDesc, ID3D11BlendState1 **ppBlendState);
    HRESULT (STDMETHODCALLTYPE *CreateRasterizerState1)(ID3D11Device2 *This, const D3D11_RASTERIZER_DESC1 *pRasterizerDesc, ID3D11RasterizerState1 **ppRasterizerState);
    HRESULT (STDMETHODCALLTYPE *CreateDeviceContextState)(ID3D11Device2 *This, UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosenFeatureLevel, ID3DDeviceContextState **ppContextState);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResource1)(ID3D11Device2 *This, HANDLE hResource, REFIID returnedInterface, void **ppResource);
    HRESULT (STDMETHODCALLTYPE *OpenSharedResourceByName)(ID3D11Device2 *This, LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void **ppResource);
    /* ID3D11Device2 */
    void (STDMETHODCALLTYPE *GetImmediateContext2)(ID3D11Device2 *This, ID3D11DeviceContext2 **ppImmediateContext);
    HRESULT (STDMETHODCALLTYPE *CreateDeferredContext2)(ID3D11Device2 *This, UINT ContextFlags, ID3D11DeviceContext2 **ppDeferredContext);
    void (STDMETHODCALLTYPE *GetResourceTiling)(ID3D11Device2 *This, ID3D11Resource *pTiledResource, UINT *pNumTilesForEntireResource, D3D11_PACKED_MIP_DESC *pPackedMipDesc, D3D11_TILE_SHAPE *pStandardTileShapeForNonPackedMips, UINT *pNumSubresourceTilings, UINT FirstSubresourceTilingToGet, D3D11_SUBRESOURCE_TILING *pSubresourceTilingsForNonPackedMips);
    HRESULT (STDMETHODCALLTYPE *CheckMultisampleQualityLevels1)(ID3D11Device2 *This, DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT *pNumQualityLevels);
} ID3D11Device2Vtbl;

struct ID3D11Device2 {
    const ID3D11Device2Vtbl *lpVtbl;
};

#define ID3D11Device2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define ID3D11Device2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define ID3D11Device2_Release(p) (p)->lpVtbl->Release(p)
#define ID3D11Device2_CreateBuffer(p,a,b,c) (p)->lpVtbl->CreateBuffer(p,a,b,c)
#define ID3D11Device2_CreateTexture1D(p,a,b,c) (p)->lpVtbl->CreateTexture1D(p,a,b,c)
#define ID3D11Device2_CreateTexture2D(p,a,b,c) (p)->lpVtbl->CreateTexture2D(p,a,b,c)
#define ID3D11Device2_CreateTexture3D(p,a,b,c) (p)->lpVtbl->CreateTexture3D(p,a,b,c)
#define ID3D11Device2_CreateShaderResourceView(p,a,b,c) (p)->lpVtbl->CreateShaderResourceView(p,a,b,c)
#define ID3D11Device2_CreateUnorderedAccessView(p,a,b,c) (p)->lpVtbl->CreateUnorderedAccessView(p,a,b,c)
#define ID3D11Device2_CreateRenderTargetView(p,a,b,c) (p)->lpVtbl->CreateRenderTargetView(p,a,b,c)
#define ID3D11Device2_CreateDepthStencilView(p,a,b,c) (p)->lpVtbl->CreateDepthStencilView(p,a,b,c)
#define ID3D11Device2_CreateInputLayout(p,a,b,c,d,e) (p)->lpVtbl->CreateInputLayout(p,a,b,c,d,e)
#define ID3D11Device2_CreateVertexShader(p,a,b,c,d) (p)->lpVtbl->CreateVertexShader(p,a,b,c,d)
#define ID3D11Device2_CreateGeometryShader(p,a,b,c,d) (p)->lpVtbl->CreateGeometryShader(p,a,b,c,d)
#define ID3D11Device2_CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateGeometryShaderWithStreamOutput(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device2_CreatePixelShader(p,a,b,c,d) (p)->lpVtbl->CreatePixelShader(p,a,b,c,d)
#define ID3D11Device2_CreateHullShader(p,a,b,c,d) (p)->lpVtbl->CreateHullShader(p,a,b,c,d)
#define ID3D11Device2_CreateDomainShader(p,a,b,c,d) (p)->lpVtbl->CreateDomainShader(p,a,b,c,d)
#define ID3D11Device2_CreateComputeShader(p,a,b,c,d) (p)->lpVtbl->CreateComputeShader(p,a,b,c,d)
#define ID3D11Device2_CreateClassLinkage(p,a) (p)->lpVtbl->CreateClassLinkage(p,a)
#define ID3D11Device2_CreateBlendState(p,a,b) (p)->lpVtbl->CreateBlendState(p,a,b)
#define ID3D11Device2_CreateDepthStencilState(p,a,b) (p)->lpVtbl->CreateDepthStencilState(p,a,b)
#define ID3D11Device2_CreateRasterizerState(p,a,b) (p)->lpVtbl->CreateRasterizerState(p,a,b)
#define ID3D11Device2_CreateSamplerState(p,a,b) (p)->lpVtbl->CreateSamplerState(p,a,b)
#define ID3D11Device2_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)
#define ID3D11Device2_CreatePredicate(p,a,b) (p)->lpVtbl->CreatePredicate(p,a,b)
#define ID3D11Device2_CreateCounter(p,a,b) (p)->lpVtbl->CreateCounter(p,a,b)
#define ID3D11Device2_CreateDeferredContext(p,a,b) (p)->lpVtbl->CreateDeferredContext(p,a,b)
#define ID3D11Device2_OpenSharedResource(p,a,b,c) (p)->lpVtbl->OpenSharedResource(p,a,b,c)
#define ID3D11Device2_CheckFormatSupport(p,a,b) (p)->lpVtbl->CheckFormatSupport(p,a,b)
#define ID3D11Device2_CheckMultisampleQualityLevels(p,a,b,c) (p)->lpVtbl->CheckMultisampleQualityLevels(p,a,b,c)
#define ID3D11Device2_CheckCounterInfo(p,a) (p)->lpVtbl->CheckCounterInfo(p,a)
#define ID3D11Device2_CheckCounter(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CheckCounter(p,a,b,c,d,e,f,g,h,i)
#define ID3D11Device2_CheckFeatureSupport(p,a,b,c) (p)->lpVtbl->CheckFeatureSupport(p,a,b,c)
#define ID3D11Device2_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define ID3D11Device2_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define ID3D11Device2_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define ID3D11Device2_GetFeatureLevel(p) (p)->lpVtbl->GetFeatureLevel(p)
#define ID3D11Device2_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define ID3D11Device2_GetDeviceRemovedReason(p) (p)->lpVtbl->GetDeviceRemovedReason(p)
#define ID3D11Device2_GetImmediateContext(p,a) (p)->lpVtbl->GetImmediateContext(p,a)
#define ID3D11Device2_SetExceptionMode(p,a) (p)->lpVtbl->SetExceptionMode(p,a)
#define ID3D11Device2_GetExceptionMode(p) (p)->lpVtbl->GetExceptionMode(p)
#define ID3D11Device2_GetImmediateContext1(p,a) (p)->lpVtbl->GetImmediateContext1(p,a)
#define ID3D11Device2_CreateDeferredContext1(p,a,b) (p)->lpVtbl->CreateDeferredContext1(p,a,b)
#define ID3D11Device2_CreateBlendState1(p,a,b) (p)->lpVtbl->CreateBlendState1(p,a,b)
#define ID3D11Device2_CreateRasterizerState1(p,a,b) (p)->lpVtbl->CreateRasterizerState1(p,a,b)
#define ID3D11Device2_CreateDeviceContextState(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateDeviceContextState(p,a,b,c,d,e,f,g)
#define ID3D11Device2_OpenSharedResource1(p,a,b,c) (p)->lpVtbl->OpenSharedResource1(p,a,b,c)
#define ID3D11Device2_OpenSharedResourceByName(p,a,b,c,d) (p)->lpVtbl->OpenSharedResourceByName(p,a,b,c,d)
#define ID3D11Device2_GetImmediateContext2(p,a) (p)->lpVtbl->GetImmediateContext2(p,a)
#define ID3D11Device2_CreateDeferredContext2(p,a,b) (p)->lpVtbl->CreateDeferredContext2(p,a,b)
#define ID3D11Device2_GetResourceTiling(p,a,b,c,d,e,f,g) (p)->lpVtbl->GetResourceTiling(p,a,b,c,d,e,f,g)
#define ID3D11Device2_CheckMultisampleQualityLevels1(p,a,b,c,d) (p)->lpVtbl->CheckMultisampleQualityLevels1(p,a,b,c,d)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_D3D11_2_H */
#endif /* !_WIN32 */
