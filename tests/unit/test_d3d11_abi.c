/* ABI checks for nereid's own Direct3D 11 and DXGI headers (d3d11.h,
 * dxgi.h, dxgitype.h, dxgiformat.h, d3dcommon.h): structure sizes and field
 * offsets, vtable slots, enumerator and constant values and GUID bytes of
 * the Windows x64 ABI.
 *
 * Every expected number below was measured, not written down from memory:
 * a throwaway program printed each of them once built with
 * x86_64-w64-mingw32-gcc against mingw-w64's <d3d11.h> and run under Wine,
 * and once built natively against include/; the two printouts (2,210 lines)
 * were identical when the headers were written.  What mingw-w64 lacks is
 * not checked here: some 90 of d3d11.h's pipeline limits (the IA_, GS_,
 * HS_, DS_ and tessellator ones among them, taken from the Windows SDK's
 * list) and the D3D11_BUFFER_UAV_FLAG type name (mingw-w64 calls it
 * D3D11_UAV_FLAG).
 *
 * dxgi1_2.h's checks were measured the same way, by the static assertions
 * below compiling with x86_64-w64-mingw32-gcc against mingw-w64's headers.
 *
 * Build: gcc -std=c11 -Wall -Wextra -Iinclude -Itests tests/unit/test_d3d11_abi.c
 */
#define INITGUID
#include <d3d11.h>
#include <dxgi1_2.h>

#include <stddef.h>
#include <string.h>

#include "harness.h"

#define SIZE(type, n) _Static_assert(sizeof(type) == (n), "sizeof " #type)
#define OFF(type, field, n)                                                    \
    _Static_assert(offsetof(type, field) == (n), #type "." #field)
/* Slot n of a vtable: the method's index, counting IUnknown's from 0. */
#define SLOT(vtbl, method, n)                                                  \
    _Static_assert(offsetof(vtbl, method) == (n) * sizeof(void *),            \
                   #vtbl "::" #method)
#define SLOTS(vtbl, n)                                                         \
    _Static_assert(sizeof(vtbl) == (n) * sizeof(void *), "slots of " #vtbl)
#define VAL(name, n) _Static_assert((name) == (n), #name)

/* ---- base types (Win64 sizes) -------------------------------------------- */
SIZE(BOOL, 4);
SIZE(WCHAR, 2);
SIZE(SIZE_T, 8);
SIZE(UINT64, 8);
SIZE(LUID, 8);
SIZE(LARGE_INTEGER, 8);
SIZE(HMONITOR, 8);
SIZE(HDC, 8);
SIZE(HMODULE, 8);
SIZE(RECT, 16);
SIZE(POINT, 8);
SIZE(SECURITY_ATTRIBUTES, 24);
OFF(SECURITY_ATTRIBUTES, lpSecurityDescriptor, 8);
OFF(SECURITY_ATTRIBUTES, bInheritHandle, 16);
SIZE(D3D11_RECT, 16);

/* ---- enumerations are 32-bit --------------------------------------------- */
SIZE(DXGI_FORMAT, 4);
SIZE(D3D_DRIVER_TYPE, 4);
SIZE(D3D_FEATURE_LEVEL, 4);
SIZE(D3D_PRIMITIVE_TOPOLOGY, 4);
SIZE(D3D_PRIMITIVE, 4);
SIZE(D3D_SRV_DIMENSION, 4);
SIZE(D3D_INCLUDE_TYPE, 4);
SIZE(DXGI_MODE_SCANLINE_ORDER, 4);
SIZE(DXGI_MODE_SCALING, 4);
SIZE(DXGI_MODE_ROTATION, 4);
SIZE(DXGI_SWAP_EFFECT, 4);
SIZE(DXGI_SWAP_CHAIN_FLAG, 4);
SIZE(DXGI_RESIDENCY, 4);
SIZE(DXGI_ADAPTER_FLAG, 4);
SIZE(D3D11_RESOURCE_DIMENSION, 4);
SIZE(D3D11_USAGE, 4);
SIZE(D3D11_BIND_FLAG, 4);
SIZE(D3D11_CPU_ACCESS_FLAG, 4);
SIZE(D3D11_RESOURCE_MISC_FLAG, 4);
SIZE(D3D11_MAP, 4);
SIZE(D3D11_MAP_FLAG, 4);
SIZE(D3D11_CLEAR_FLAG, 4);
SIZE(D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS, 4);
SIZE(D3D11_RTV_DIMENSION, 4);
SIZE(D3D11_DSV_DIMENSION, 4);
SIZE(D3D11_UAV_DIMENSION, 4);
SIZE(D3D11_DSV_FLAG, 4);
SIZE(D3D11_BUFFEREX_SRV_FLAG, 4);
SIZE(D3D11_INPUT_CLASSIFICATION, 4);
SIZE(D3D11_FILL_MODE, 4);
SIZE(D3D11_CULL_MODE, 4);
SIZE(D3D11_COMPARISON_FUNC, 4);
SIZE(D3D11_DEPTH_WRITE_MASK, 4);
SIZE(D3D11_STENCIL_OP, 4);
SIZE(D3D11_BLEND, 4);
SIZE(D3D11_BLEND_OP, 4);
SIZE(D3D11_COLOR_WRITE_ENABLE, 4);
SIZE(D3D11_FILTER_TYPE, 4);
SIZE(D3D11_FILTER, 4);
SIZE(D3D11_TEXTURE_ADDRESS_MODE, 4);
SIZE(D3D11_QUERY, 4);
SIZE(D3D11_QUERY_MISC_FLAG, 4);
SIZE(D3D11_ASYNC_GETDATA_FLAG, 4);
SIZE(D3D11_COUNTER, 4);
SIZE(D3D11_COUNTER_TYPE, 4);
SIZE(D3D11_CREATE_DEVICE_FLAG, 4);
SIZE(D3D11_DEVICE_CONTEXT_TYPE, 4);
SIZE(D3D11_RAISE_FLAG, 4);
SIZE(D3D11_FORMAT_SUPPORT, 4);
SIZE(D3D11_FORMAT_SUPPORT2, 4);
SIZE(D3D11_FEATURE, 4);
SIZE(D3D11_SHADER_MIN_PRECISION_SUPPORT, 4);
SIZE(D3D11_TILED_RESOURCES_TIER, 4);
SIZE(D3D11_CONSERVATIVE_RASTERIZATION_TIER, 4);
SIZE(D3D11_SHADER_CACHE_SUPPORT_FLAGS, 4);
SIZE(D3D11_SHARED_RESOURCE_TIER, 4);

/* ---- structures: size, then every field's offset ------------------------- */
SIZE(D3D_SHADER_MACRO, 16);
OFF(D3D_SHADER_MACRO, Name, 0);
OFF(D3D_SHADER_MACRO, Definition, 8);
SIZE(DXGI_RATIONAL, 8);
OFF(DXGI_RATIONAL, Numerator, 0);
OFF(DXGI_RATIONAL, Denominator, 4);
SIZE(DXGI_SAMPLE_DESC, 8);
OFF(DXGI_SAMPLE_DESC, Count, 0);
OFF(DXGI_SAMPLE_DESC, Quality, 4);
SIZE(DXGI_MODE_DESC, 28);
OFF(DXGI_MODE_DESC, Width, 0);
OFF(DXGI_MODE_DESC, Height, 4);
OFF(DXGI_MODE_DESC, RefreshRate, 8);
OFF(DXGI_MODE_DESC, Format, 16);
OFF(DXGI_MODE_DESC, ScanlineOrdering, 20);
OFF(DXGI_MODE_DESC, Scaling, 24);
SIZE(DXGI_RGB, 12);
OFF(DXGI_RGB, Red, 0);
OFF(DXGI_RGB, Green, 4);
OFF(DXGI_RGB, Blue, 8);
SIZE(D3DCOLORVALUE, 16);
OFF(D3DCOLORVALUE, r, 0);
OFF(D3DCOLORVALUE, g, 4);
OFF(D3DCOLORVALUE, b, 8);
OFF(D3DCOLORVALUE, a, 12);
SIZE(DXGI_GAMMA_CONTROL, 12324);
OFF(DXGI_GAMMA_CONTROL, Scale, 0);
OFF(DXGI_GAMMA_CONTROL, Offset, 12);
OFF(DXGI_GAMMA_CONTROL, GammaCurve, 24);
SIZE(DXGI_GAMMA_CONTROL_CAPABILITIES, 4116);
OFF(DXGI_GAMMA_CONTROL_CAPABILITIES, ScaleAndOffsetSupported, 0);
OFF(DXGI_GAMMA_CONTROL_CAPABILITIES, MaxConvertedValue, 4);
OFF(DXGI_GAMMA_CONTROL_CAPABILITIES, MinConvertedValue, 8);
OFF(DXGI_GAMMA_CONTROL_CAPABILITIES, NumGammaControlPoints, 12);
OFF(DXGI_GAMMA_CONTROL_CAPABILITIES, ControlPointPositions, 16);
SIZE(DXGI_SURFACE_DESC, 20);
OFF(DXGI_SURFACE_DESC, Width, 0);
OFF(DXGI_SURFACE_DESC, Height, 4);
OFF(DXGI_SURFACE_DESC, Format, 8);
OFF(DXGI_SURFACE_DESC, SampleDesc, 12);
SIZE(DXGI_MAPPED_RECT, 16);
OFF(DXGI_MAPPED_RECT, Pitch, 0);
OFF(DXGI_MAPPED_RECT, pBits, 8);
SIZE(DXGI_OUTPUT_DESC, 96);
OFF(DXGI_OUTPUT_DESC, DeviceName, 0);
OFF(DXGI_OUTPUT_DESC, DesktopCoordinates, 64);
OFF(DXGI_OUTPUT_DESC, AttachedToDesktop, 80);
OFF(DXGI_OUTPUT_DESC, Rotation, 84);
OFF(DXGI_OUTPUT_DESC, Monitor, 88);
SIZE(DXGI_FRAME_STATISTICS, 32);
OFF(DXGI_FRAME_STATISTICS, PresentCount, 0);
OFF(DXGI_FRAME_STATISTICS, PresentRefreshCount, 4);
OFF(DXGI_FRAME_STATISTICS, SyncRefreshCount, 8);
OFF(DXGI_FRAME_STATISTICS, SyncQPCTime, 16);
OFF(DXGI_FRAME_STATISTICS, SyncGPUTime, 24);
SIZE(DXGI_ADAPTER_DESC, 304);
OFF(DXGI_ADAPTER_DESC, Description, 0);
OFF(DXGI_ADAPTER_DESC, VendorId, 256);
OFF(DXGI_ADAPTER_DESC, DeviceId, 260);
OFF(DXGI_ADAPTER_DESC, SubSysId, 264);
OFF(DXGI_ADAPTER_DESC, Revision, 268);
OFF(DXGI_ADAPTER_DESC, DedicatedVideoMemory, 272);
OFF(DXGI_ADAPTER_DESC, DedicatedSystemMemory, 280);
OFF(DXGI_ADAPTER_DESC, SharedSystemMemory, 288);
OFF(DXGI_ADAPTER_DESC, AdapterLuid, 296);
SIZE(DXGI_ADAPTER_DESC1, 312);
OFF(DXGI_ADAPTER_DESC1, Description, 0);
OFF(DXGI_ADAPTER_DESC1, VendorId, 256);
OFF(DXGI_ADAPTER_DESC1, DeviceId, 260);
OFF(DXGI_ADAPTER_DESC1, SubSysId, 264);
OFF(DXGI_ADAPTER_DESC1, Revision, 268);
OFF(DXGI_ADAPTER_DESC1, DedicatedVideoMemory, 272);
OFF(DXGI_ADAPTER_DESC1, DedicatedSystemMemory, 280);
OFF(DXGI_ADAPTER_DESC1, SharedSystemMemory, 288);
OFF(DXGI_ADAPTER_DESC1, AdapterLuid, 296);
OFF(DXGI_ADAPTER_DESC1, Flags, 304);
SIZE(DXGI_SWAP_CHAIN_DESC, 72);
OFF(DXGI_SWAP_CHAIN_DESC, BufferDesc, 0);
OFF(DXGI_SWAP_CHAIN_DESC, SampleDesc, 28);
OFF(DXGI_SWAP_CHAIN_DESC, BufferUsage, 36);
OFF(DXGI_SWAP_CHAIN_DESC, BufferCount, 40);
OFF(DXGI_SWAP_CHAIN_DESC, OutputWindow, 48);
OFF(DXGI_SWAP_CHAIN_DESC, Windowed, 56);
OFF(DXGI_SWAP_CHAIN_DESC, SwapEffect, 60);
OFF(DXGI_SWAP_CHAIN_DESC, Flags, 64);
SIZE(DXGI_SHARED_RESOURCE, 8);
OFF(DXGI_SHARED_RESOURCE, Handle, 0);
SIZE(DXGI_DISPLAY_COLOR_SPACE, 192);
OFF(DXGI_DISPLAY_COLOR_SPACE, PrimaryCoordinates, 0);
OFF(DXGI_DISPLAY_COLOR_SPACE, WhitePoints, 64);
SIZE(D3D11_BUFFER_DESC, 24);
OFF(D3D11_BUFFER_DESC, ByteWidth, 0);
OFF(D3D11_BUFFER_DESC, Usage, 4);
OFF(D3D11_BUFFER_DESC, BindFlags, 8);
OFF(D3D11_BUFFER_DESC, CPUAccessFlags, 12);
OFF(D3D11_BUFFER_DESC, MiscFlags, 16);
OFF(D3D11_BUFFER_DESC, StructureByteStride, 20);
SIZE(D3D11_TEXTURE1D_DESC, 32);
OFF(D3D11_TEXTURE1D_DESC, Width, 0);
OFF(D3D11_TEXTURE1D_DESC, MipLevels, 4);
OFF(D3D11_TEXTURE1D_DESC, ArraySize, 8);
OFF(D3D11_TEXTURE1D_DESC, Format, 12);
OFF(D3D11_TEXTURE1D_DESC, Usage, 16);
OFF(D3D11_TEXTURE1D_DESC, BindFlags, 20);
OFF(D3D11_TEXTURE1D_DESC, CPUAccessFlags, 24);
OFF(D3D11_TEXTURE1D_DESC, MiscFlags, 28);
SIZE(D3D11_TEXTURE2D_DESC, 44);
OFF(D3D11_TEXTURE2D_DESC, Width, 0);
OFF(D3D11_TEXTURE2D_DESC, Height, 4);
OFF(D3D11_TEXTURE2D_DESC, MipLevels, 8);
OFF(D3D11_TEXTURE2D_DESC, ArraySize, 12);
OFF(D3D11_TEXTURE2D_DESC, Format, 16);
OFF(D3D11_TEXTURE2D_DESC, SampleDesc, 20);
OFF(D3D11_TEXTURE2D_DESC, Usage, 28);
OFF(D3D11_TEXTURE2D_DESC, BindFlags, 32);
OFF(D3D11_TEXTURE2D_DESC, CPUAccessFlags, 36);
OFF(D3D11_TEXTURE2D_DESC, MiscFlags, 40);
SIZE(D3D11_TEXTURE3D_DESC, 36);
OFF(D3D11_TEXTURE3D_DESC, Width, 0);
OFF(D3D11_TEXTURE3D_DESC, Height, 4);
OFF(D3D11_TEXTURE3D_DESC, Depth, 8);
OFF(D3D11_TEXTURE3D_DESC, MipLevels, 12);
OFF(D3D11_TEXTURE3D_DESC, Format, 16);
OFF(D3D11_TEXTURE3D_DESC, Usage, 20);
OFF(D3D11_TEXTURE3D_DESC, BindFlags, 24);
OFF(D3D11_TEXTURE3D_DESC, CPUAccessFlags, 28);
OFF(D3D11_TEXTURE3D_DESC, MiscFlags, 32);
SIZE(D3D11_SUBRESOURCE_DATA, 16);
OFF(D3D11_SUBRESOURCE_DATA, pSysMem, 0);
OFF(D3D11_SUBRESOURCE_DATA, SysMemPitch, 8);
OFF(D3D11_SUBRESOURCE_DATA, SysMemSlicePitch, 12);
SIZE(D3D11_MAPPED_SUBRESOURCE, 16);
OFF(D3D11_MAPPED_SUBRESOURCE, pData, 0);
OFF(D3D11_MAPPED_SUBRESOURCE, RowPitch, 8);
OFF(D3D11_MAPPED_SUBRESOURCE, DepthPitch, 12);
SIZE(D3D11_BOX, 24);
OFF(D3D11_BOX, left, 0);
OFF(D3D11_BOX, top, 4);
OFF(D3D11_BOX, front, 8);
OFF(D3D11_BOX, right, 12);
OFF(D3D11_BOX, bottom, 16);
OFF(D3D11_BOX, back, 20);
SIZE(D3D11_BUFFER_SRV, 8);
OFF(D3D11_BUFFER_SRV, FirstElement, 0);
OFF(D3D11_BUFFER_SRV, ElementOffset, 0);
OFF(D3D11_BUFFER_SRV, NumElements, 4);
OFF(D3D11_BUFFER_SRV, ElementWidth, 4);
SIZE(D3D11_BUFFEREX_SRV, 12);
OFF(D3D11_BUFFEREX_SRV, FirstElement, 0);
OFF(D3D11_BUFFEREX_SRV, NumElements, 4);
OFF(D3D11_BUFFEREX_SRV, Flags, 8);
SIZE(D3D11_BUFFER_RTV, 8);
OFF(D3D11_BUFFER_RTV, FirstElement, 0);
OFF(D3D11_BUFFER_RTV, ElementOffset, 0);
OFF(D3D11_BUFFER_RTV, NumElements, 4);
OFF(D3D11_BUFFER_RTV, ElementWidth, 4);
SIZE(D3D11_BUFFER_UAV, 12);
OFF(D3D11_BUFFER_UAV, FirstElement, 0);
OFF(D3D11_BUFFER_UAV, NumElements, 4);
OFF(D3D11_BUFFER_UAV, Flags, 8);
SIZE(D3D11_TEX1D_SRV, 8);
OFF(D3D11_TEX1D_SRV, MostDetailedMip, 0);
OFF(D3D11_TEX1D_SRV, MipLevels, 4);
SIZE(D3D11_TEX1D_ARRAY_SRV, 16);
OFF(D3D11_TEX1D_ARRAY_SRV, MostDetailedMip, 0);
OFF(D3D11_TEX1D_ARRAY_SRV, MipLevels, 4);
OFF(D3D11_TEX1D_ARRAY_SRV, FirstArraySlice, 8);
OFF(D3D11_TEX1D_ARRAY_SRV, ArraySize, 12);
SIZE(D3D11_TEX2D_SRV, 8);
OFF(D3D11_TEX2D_SRV, MostDetailedMip, 0);
OFF(D3D11_TEX2D_SRV, MipLevels, 4);
SIZE(D3D11_TEX2D_ARRAY_SRV, 16);
OFF(D3D11_TEX2D_ARRAY_SRV, MostDetailedMip, 0);
OFF(D3D11_TEX2D_ARRAY_SRV, MipLevels, 4);
OFF(D3D11_TEX2D_ARRAY_SRV, FirstArraySlice, 8);
OFF(D3D11_TEX2D_ARRAY_SRV, ArraySize, 12);
SIZE(D3D11_TEX2DMS_SRV, 4);
OFF(D3D11_TEX2DMS_SRV, UnusedField_NothingToDefine, 0);
SIZE(D3D11_TEX2DMS_ARRAY_SRV, 8);
OFF(D3D11_TEX2DMS_ARRAY_SRV, FirstArraySlice, 0);
OFF(D3D11_TEX2DMS_ARRAY_SRV, ArraySize, 4);
SIZE(D3D11_TEX3D_SRV, 8);
OFF(D3D11_TEX3D_SRV, MostDetailedMip, 0);
OFF(D3D11_TEX3D_SRV, MipLevels, 4);
SIZE(D3D11_TEXCUBE_SRV, 8);
OFF(D3D11_TEXCUBE_SRV, MostDetailedMip, 0);
OFF(D3D11_TEXCUBE_SRV, MipLevels, 4);
SIZE(D3D11_TEXCUBE_ARRAY_SRV, 16);
OFF(D3D11_TEXCUBE_ARRAY_SRV, MostDetailedMip, 0);
OFF(D3D11_TEXCUBE_ARRAY_SRV, MipLevels, 4);
OFF(D3D11_TEXCUBE_ARRAY_SRV, First2DArrayFace, 8);
OFF(D3D11_TEXCUBE_ARRAY_SRV, NumCubes, 12);
SIZE(D3D11_SHADER_RESOURCE_VIEW_DESC, 24);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Format, 0);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, ViewDimension, 4);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture1D, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture1DArray, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2D, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2DArray, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2DMS, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2DMSArray, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture3D, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, TextureCube, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, TextureCubeArray, 8);
OFF(D3D11_SHADER_RESOURCE_VIEW_DESC, BufferEx, 8);
SIZE(D3D11_TEX1D_RTV, 4);
OFF(D3D11_TEX1D_RTV, MipSlice, 0);
SIZE(D3D11_TEX1D_ARRAY_RTV, 12);
OFF(D3D11_TEX1D_ARRAY_RTV, MipSlice, 0);
OFF(D3D11_TEX1D_ARRAY_RTV, FirstArraySlice, 4);
OFF(D3D11_TEX1D_ARRAY_RTV, ArraySize, 8);
SIZE(D3D11_TEX2D_RTV, 4);
OFF(D3D11_TEX2D_RTV, MipSlice, 0);
SIZE(D3D11_TEX2D_ARRAY_RTV, 12);
OFF(D3D11_TEX2D_ARRAY_RTV, MipSlice, 0);
OFF(D3D11_TEX2D_ARRAY_RTV, FirstArraySlice, 4);
OFF(D3D11_TEX2D_ARRAY_RTV, ArraySize, 8);
SIZE(D3D11_TEX2DMS_RTV, 4);
OFF(D3D11_TEX2DMS_RTV, UnusedField_NothingToDefine, 0);
SIZE(D3D11_TEX2DMS_ARRAY_RTV, 8);
OFF(D3D11_TEX2DMS_ARRAY_RTV, FirstArraySlice, 0);
OFF(D3D11_TEX2DMS_ARRAY_RTV, ArraySize, 4);
SIZE(D3D11_TEX3D_RTV, 12);
OFF(D3D11_TEX3D_RTV, MipSlice, 0);
OFF(D3D11_TEX3D_RTV, FirstWSlice, 4);
OFF(D3D11_TEX3D_RTV, WSize, 8);
SIZE(D3D11_RENDER_TARGET_VIEW_DESC, 20);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Format, 0);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, ViewDimension, 4);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Buffer, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture1D, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture1DArray, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture2D, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture2DArray, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture2DMS, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture2DMSArray, 8);
OFF(D3D11_RENDER_TARGET_VIEW_DESC, Texture3D, 8);
SIZE(D3D11_TEX1D_DSV, 4);
OFF(D3D11_TEX1D_DSV, MipSlice, 0);
SIZE(D3D11_TEX1D_ARRAY_DSV, 12);
OFF(D3D11_TEX1D_ARRAY_DSV, MipSlice, 0);
OFF(D3D11_TEX1D_ARRAY_DSV, FirstArraySlice, 4);
OFF(D3D11_TEX1D_ARRAY_DSV, ArraySize, 8);
SIZE(D3D11_TEX2D_DSV, 4);
OFF(D3D11_TEX2D_DSV, MipSlice, 0);
SIZE(D3D11_TEX2D_ARRAY_DSV, 12);
OFF(D3D11_TEX2D_ARRAY_DSV, MipSlice, 0);
OFF(D3D11_TEX2D_ARRAY_DSV, FirstArraySlice, 4);
OFF(D3D11_TEX2D_ARRAY_DSV, ArraySize, 8);
SIZE(D3D11_TEX2DMS_DSV, 4);
OFF(D3D11_TEX2DMS_DSV, UnusedField_NothingToDefine, 0);
SIZE(D3D11_TEX2DMS_ARRAY_DSV, 8);
OFF(D3D11_TEX2DMS_ARRAY_DSV, FirstArraySlice, 0);
OFF(D3D11_TEX2DMS_ARRAY_DSV, ArraySize, 4);
SIZE(D3D11_DEPTH_STENCIL_VIEW_DESC, 24);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Format, 0);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, ViewDimension, 4);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Flags, 8);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture1D, 12);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture1DArray, 12);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2D, 12);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2DArray, 12);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2DMS, 12);
OFF(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2DMSArray, 12);
SIZE(D3D11_TEX1D_UAV, 4);
OFF(D3D11_TEX1D_UAV, MipSlice, 0);
SIZE(D3D11_TEX1D_ARRAY_UAV, 12);
OFF(D3D11_TEX1D_ARRAY_UAV, MipSlice, 0);
OFF(D3D11_TEX1D_ARRAY_UAV, FirstArraySlice, 4);
OFF(D3D11_TEX1D_ARRAY_UAV, ArraySize, 8);
SIZE(D3D11_TEX2D_UAV, 4);
OFF(D3D11_TEX2D_UAV, MipSlice, 0);
SIZE(D3D11_TEX2D_ARRAY_UAV, 12);
OFF(D3D11_TEX2D_ARRAY_UAV, MipSlice, 0);
OFF(D3D11_TEX2D_ARRAY_UAV, FirstArraySlice, 4);
OFF(D3D11_TEX2D_ARRAY_UAV, ArraySize, 8);
SIZE(D3D11_TEX3D_UAV, 12);
OFF(D3D11_TEX3D_UAV, MipSlice, 0);
OFF(D3D11_TEX3D_UAV, FirstWSlice, 4);
OFF(D3D11_TEX3D_UAV, WSize, 8);
SIZE(D3D11_UNORDERED_ACCESS_VIEW_DESC, 20);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Format, 0);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, ViewDimension, 4);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer, 8);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture1D, 8);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture1DArray, 8);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture2D, 8);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture2DArray, 8);
OFF(D3D11_UNORDERED_ACCESS_VIEW_DESC, Texture3D, 8);
SIZE(D3D11_INPUT_ELEMENT_DESC, 32);
OFF(D3D11_INPUT_ELEMENT_DESC, SemanticName, 0);
OFF(D3D11_INPUT_ELEMENT_DESC, SemanticIndex, 8);
OFF(D3D11_INPUT_ELEMENT_DESC, Format, 12);
OFF(D3D11_INPUT_ELEMENT_DESC, InputSlot, 16);
OFF(D3D11_INPUT_ELEMENT_DESC, AlignedByteOffset, 20);
OFF(D3D11_INPUT_ELEMENT_DESC, InputSlotClass, 24);
OFF(D3D11_INPUT_ELEMENT_DESC, InstanceDataStepRate, 28);
SIZE(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, 16);
OFF(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, VertexCountPerInstance, 0);
OFF(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, InstanceCount, 4);
OFF(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, StartVertexLocation, 8);
OFF(D3D11_DRAW_INSTANCED_INDIRECT_ARGS, StartInstanceLocation, 12);
SIZE(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, 20);
OFF(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, IndexCountPerInstance, 0);
OFF(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, InstanceCount, 4);
OFF(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, StartIndexLocation, 8);
OFF(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, BaseVertexLocation, 12);
OFF(D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS, StartInstanceLocation, 16);
SIZE(D3D11_SO_DECLARATION_ENTRY, 24);
OFF(D3D11_SO_DECLARATION_ENTRY, Stream, 0);
OFF(D3D11_SO_DECLARATION_ENTRY, SemanticName, 8);
OFF(D3D11_SO_DECLARATION_ENTRY, SemanticIndex, 16);
OFF(D3D11_SO_DECLARATION_ENTRY, StartComponent, 20);
OFF(D3D11_SO_DECLARATION_ENTRY, ComponentCount, 21);
OFF(D3D11_SO_DECLARATION_ENTRY, OutputSlot, 22);
SIZE(D3D11_RASTERIZER_DESC, 40);
OFF(D3D11_RASTERIZER_DESC, FillMode, 0);
OFF(D3D11_RASTERIZER_DESC, CullMode, 4);
OFF(D3D11_RASTERIZER_DESC, FrontCounterClockwise, 8);
OFF(D3D11_RASTERIZER_DESC, DepthBias, 12);
OFF(D3D11_RASTERIZER_DESC, DepthBiasClamp, 16);
OFF(D3D11_RASTERIZER_DESC, SlopeScaledDepthBias, 20);
OFF(D3D11_RASTERIZER_DESC, DepthClipEnable, 24);
OFF(D3D11_RASTERIZER_DESC, ScissorEnable, 28);
OFF(D3D11_RASTERIZER_DESC, MultisampleEnable, 32);
OFF(D3D11_RASTERIZER_DESC, AntialiasedLineEnable, 36);
SIZE(D3D11_VIEWPORT, 24);
OFF(D3D11_VIEWPORT, TopLeftX, 0);
OFF(D3D11_VIEWPORT, TopLeftY, 4);
OFF(D3D11_VIEWPORT, Width, 8);
OFF(D3D11_VIEWPORT, Height, 12);
OFF(D3D11_VIEWPORT, MinDepth, 16);
OFF(D3D11_VIEWPORT, MaxDepth, 20);
SIZE(D3D11_DEPTH_STENCILOP_DESC, 16);
OFF(D3D11_DEPTH_STENCILOP_DESC, StencilFailOp, 0);
OFF(D3D11_DEPTH_STENCILOP_DESC, StencilDepthFailOp, 4);
OFF(D3D11_DEPTH_STENCILOP_DESC, StencilPassOp, 8);
OFF(D3D11_DEPTH_STENCILOP_DESC, StencilFunc, 12);
SIZE(D3D11_DEPTH_STENCIL_DESC, 52);
OFF(D3D11_DEPTH_STENCIL_DESC, DepthEnable, 0);
OFF(D3D11_DEPTH_STENCIL_DESC, DepthWriteMask, 4);
OFF(D3D11_DEPTH_STENCIL_DESC, DepthFunc, 8);
OFF(D3D11_DEPTH_STENCIL_DESC, StencilEnable, 12);
OFF(D3D11_DEPTH_STENCIL_DESC, StencilReadMask, 16);
OFF(D3D11_DEPTH_STENCIL_DESC, StencilWriteMask, 17);
OFF(D3D11_DEPTH_STENCIL_DESC, FrontFace, 20);
OFF(D3D11_DEPTH_STENCIL_DESC, BackFace, 36);
SIZE(D3D11_RENDER_TARGET_BLEND_DESC, 32);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, BlendEnable, 0);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, SrcBlend, 4);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, DestBlend, 8);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, BlendOp, 12);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, SrcBlendAlpha, 16);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, DestBlendAlpha, 20);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, BlendOpAlpha, 24);
OFF(D3D11_RENDER_TARGET_BLEND_DESC, RenderTargetWriteMask, 28);
SIZE(D3D11_BLEND_DESC, 264);
OFF(D3D11_BLEND_DESC, AlphaToCoverageEnable, 0);
OFF(D3D11_BLEND_DESC, IndependentBlendEnable, 4);
OFF(D3D11_BLEND_DESC, RenderTarget, 8);
SIZE(D3D11_SAMPLER_DESC, 52);
OFF(D3D11_SAMPLER_DESC, Filter, 0);
OFF(D3D11_SAMPLER_DESC, AddressU, 4);
OFF(D3D11_SAMPLER_DESC, AddressV, 8);
OFF(D3D11_SAMPLER_DESC, AddressW, 12);
OFF(D3D11_SAMPLER_DESC, MipLODBias, 16);
OFF(D3D11_SAMPLER_DESC, MaxAnisotropy, 20);
OFF(D3D11_SAMPLER_DESC, ComparisonFunc, 24);
OFF(D3D11_SAMPLER_DESC, BorderColor, 28);
OFF(D3D11_SAMPLER_DESC, MinLOD, 44);
OFF(D3D11_SAMPLER_DESC, MaxLOD, 48);
SIZE(D3D11_QUERY_DESC, 8);
OFF(D3D11_QUERY_DESC, Query, 0);
OFF(D3D11_QUERY_DESC, MiscFlags, 4);
SIZE(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT, 16);
OFF(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT, Frequency, 0);
OFF(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT, Disjoint, 8);
SIZE(D3D11_QUERY_DATA_PIPELINE_STATISTICS, 88);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, IAVertices, 0);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, IAPrimitives, 8);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, VSInvocations, 16);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, GSInvocations, 24);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, GSPrimitives, 32);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, CInvocations, 40);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, CPrimitives, 48);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations, 56);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, HSInvocations, 64);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, DSInvocations, 72);
OFF(D3D11_QUERY_DATA_PIPELINE_STATISTICS, CSInvocations, 80);
SIZE(D3D11_QUERY_DATA_SO_STATISTICS, 16);
OFF(D3D11_QUERY_DATA_SO_STATISTICS, NumPrimitivesWritten, 0);
OFF(D3D11_QUERY_DATA_SO_STATISTICS, PrimitivesStorageNeeded, 8);
SIZE(D3D11_COUNTER_DESC, 8);
OFF(D3D11_COUNTER_DESC, Counter, 0);
OFF(D3D11_COUNTER_DESC, MiscFlags, 4);
SIZE(D3D11_COUNTER_INFO, 12);
OFF(D3D11_COUNTER_INFO, LastDeviceDependentCounter, 0);
OFF(D3D11_COUNTER_INFO, NumSimultaneousCounters, 4);
OFF(D3D11_COUNTER_INFO, NumDetectableParallelUnits, 8);
SIZE(D3D11_CLASS_INSTANCE_DESC, 32);
OFF(D3D11_CLASS_INSTANCE_DESC, InstanceId, 0);
OFF(D3D11_CLASS_INSTANCE_DESC, InstanceIndex, 4);
OFF(D3D11_CLASS_INSTANCE_DESC, TypeId, 8);
OFF(D3D11_CLASS_INSTANCE_DESC, ConstantBuffer, 12);
OFF(D3D11_CLASS_INSTANCE_DESC, BaseConstantBufferOffset, 16);
OFF(D3D11_CLASS_INSTANCE_DESC, BaseTexture, 20);
OFF(D3D11_CLASS_INSTANCE_DESC, BaseSampler, 24);
OFF(D3D11_CLASS_INSTANCE_DESC, Created, 28);
SIZE(D3D11_FEATURE_DATA_THREADING, 8);
OFF(D3D11_FEATURE_DATA_THREADING, DriverConcurrentCreates, 0);
OFF(D3D11_FEATURE_DATA_THREADING, DriverCommandLists, 4);
SIZE(D3D11_FEATURE_DATA_DOUBLES, 4);
OFF(D3D11_FEATURE_DATA_DOUBLES, DoublePrecisionFloatShaderOps, 0);
SIZE(D3D11_FEATURE_DATA_FORMAT_SUPPORT, 8);
OFF(D3D11_FEATURE_DATA_FORMAT_SUPPORT, InFormat, 0);
OFF(D3D11_FEATURE_DATA_FORMAT_SUPPORT, OutFormatSupport, 4);
SIZE(D3D11_FEATURE_DATA_FORMAT_SUPPORT2, 8);
OFF(D3D11_FEATURE_DATA_FORMAT_SUPPORT2, InFormat, 0);
OFF(D3D11_FEATURE_DATA_FORMAT_SUPPORT2, OutFormatSupport2, 4);
SIZE(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS, 4);
OFF(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS,
    ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x, 0);
SIZE(D3D11_FEATURE_DATA_D3D11_OPTIONS, 56);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, OutputMergerLogicOp, 0);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, UAVOnlyRenderingForcedSampleCount, 4);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, DiscardAPIsSeenByDriver, 8);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, FlagsForUpdateAndCopySeenByDriver, 12);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, ClearView, 16);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, CopyWithOverlap, 20);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, ConstantBufferPartialUpdate, 24);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, ConstantBufferOffsetting, 28);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS,
    MapNoOverwriteOnDynamicConstantBuffer, 32);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, MapNoOverwriteOnDynamicBufferSRV, 36);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS,
    MultisampleRTVWithForcedSampleCountOne, 40);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, SAD4ShaderInstructions, 44);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, ExtendedDoublesShaderInstructions, 48);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS, ExtendedResourceSharing, 52);
SIZE(D3D11_FEATURE_DATA_ARCHITECTURE_INFO, 4);
OFF(D3D11_FEATURE_DATA_ARCHITECTURE_INFO, TileBasedDeferredRenderer, 0);
SIZE(D3D11_FEATURE_DATA_D3D9_OPTIONS, 4);
OFF(D3D11_FEATURE_DATA_D3D9_OPTIONS, FullNonPow2TextureSupport, 0);
SIZE(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT, 4);
OFF(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT,
    SupportsDepthAsTextureWithLessEqualComparisonFilter, 0);
SIZE(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT, 8);
OFF(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT,
    PixelShaderMinPrecision, 0);
OFF(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT,
    AllOtherShaderStagesMinPrecision, 4);
SIZE(D3D11_FEATURE_DATA_D3D11_OPTIONS1, 16);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS1, TiledResourcesTier, 0);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MinMaxFiltering, 4);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS1,
    ClearViewAlsoSupportsDepthOnlyFormats, 8);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MapOnDefaultBuffers, 12);
SIZE(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT, 4);
OFF(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT,
    SimpleInstancingSupported, 0);
SIZE(D3D11_FEATURE_DATA_MARKER_SUPPORT, 4);
OFF(D3D11_FEATURE_DATA_MARKER_SUPPORT, Profile, 0);
SIZE(D3D11_FEATURE_DATA_D3D9_OPTIONS1, 16);
OFF(D3D11_FEATURE_DATA_D3D9_OPTIONS1, FullNonPow2TextureSupported, 0);
OFF(D3D11_FEATURE_DATA_D3D9_OPTIONS1,
    DepthAsTextureWithLessEqualComparisonFilterSupported, 4);
OFF(D3D11_FEATURE_DATA_D3D9_OPTIONS1, SimpleInstancingSupported, 8);
OFF(D3D11_FEATURE_DATA_D3D9_OPTIONS1,
    TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported, 12);
SIZE(D3D11_FEATURE_DATA_D3D11_OPTIONS2, 32);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, PSSpecifiedStencilRefSupported, 0);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TypedUAVLoadAdditionalFormats, 4);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ROVsSupported, 8);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ConservativeRasterizationTier, 12);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TiledResourcesTier, 16);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, MapOnDefaultTextures, 20);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, StandardSwizzle, 24);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS2, UnifiedMemoryArchitecture, 28);
SIZE(D3D11_FEATURE_DATA_D3D11_OPTIONS3, 4);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS3,
    VPAndRTArrayIndexFromAnyShaderFeedingRasterizer, 0);
SIZE(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT, 8);
OFF(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT,
    MaxGPUVirtualAddressBitsPerResource, 0);
OFF(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT,
    MaxGPUVirtualAddressBitsPerProcess, 4);
SIZE(D3D11_FEATURE_DATA_SHADER_CACHE, 4);
OFF(D3D11_FEATURE_DATA_SHADER_CACHE, SupportFlags, 0);
SIZE(D3D11_FEATURE_DATA_D3D11_OPTIONS5, 4);
OFF(D3D11_FEATURE_DATA_D3D11_OPTIONS5, SharedResourceTier, 0);

/* ---- vtables ------------------------------------------------------------- */
/* The number of slots of every interface, then the slot of each method that
 * an interface adds to its base (IUnknown's three for the first ones). */
SLOTS(ID3D11DeviceChildVtbl, 7);
SLOTS(ID3D11DepthStencilStateVtbl, 8);
SLOTS(ID3D11BlendStateVtbl, 8);
SLOTS(ID3D11RasterizerStateVtbl, 8);
SLOTS(ID3D11ResourceVtbl, 10);
SLOTS(ID3D11BufferVtbl, 11);
SLOTS(ID3D11Texture1DVtbl, 11);
SLOTS(ID3D11Texture2DVtbl, 11);
SLOTS(ID3D11Texture3DVtbl, 11);
SLOTS(ID3D11ViewVtbl, 8);
SLOTS(ID3D11ShaderResourceViewVtbl, 9);
SLOTS(ID3D11RenderTargetViewVtbl, 9);
SLOTS(ID3D11DepthStencilViewVtbl, 9);
SLOTS(ID3D11UnorderedAccessViewVtbl, 9);
SLOTS(ID3D11VertexShaderVtbl, 7);
SLOTS(ID3D11HullShaderVtbl, 7);
SLOTS(ID3D11DomainShaderVtbl, 7);
SLOTS(ID3D11GeometryShaderVtbl, 7);
SLOTS(ID3D11PixelShaderVtbl, 7);
SLOTS(ID3D11ComputeShaderVtbl, 7);
SLOTS(ID3D11InputLayoutVtbl, 7);
SLOTS(ID3D11SamplerStateVtbl, 8);
SLOTS(ID3D11AsynchronousVtbl, 8);
SLOTS(ID3D11QueryVtbl, 9);
SLOTS(ID3D11PredicateVtbl, 9);
SLOTS(ID3D11CounterVtbl, 9);
SLOTS(ID3D11ClassInstanceVtbl, 11);
SLOTS(ID3D11ClassLinkageVtbl, 9);
SLOTS(ID3D11CommandListVtbl, 8);
SLOTS(ID3D11DeviceContextVtbl, 115);
SLOTS(ID3D11DeviceVtbl, 43);
SLOTS(IDXGIObjectVtbl, 7);
SLOTS(IDXGIDeviceSubObjectVtbl, 8);
SLOTS(IDXGIResourceVtbl, 12);
SLOTS(IDXGIKeyedMutexVtbl, 10);
SLOTS(IDXGISurfaceVtbl, 11);
SLOTS(IDXGISurface1Vtbl, 13);
SLOTS(IDXGIOutputVtbl, 19);
SLOTS(IDXGIAdapterVtbl, 10);
SLOTS(IDXGISwapChainVtbl, 18);
SLOTS(IDXGIFactoryVtbl, 12);
SLOTS(IDXGIDeviceVtbl, 12);
SLOTS(IDXGIAdapter1Vtbl, 11);
SLOTS(IDXGIDevice1Vtbl, 14);
SLOTS(IDXGIFactory1Vtbl, 14);

/* ---- DXGI 1.2 (dxgi1_2.h) ------------------------------------------------ */
SIZE(DXGI_SWAP_CHAIN_DESC1, 48);
OFF(DXGI_SWAP_CHAIN_DESC1, Stereo, 12);
OFF(DXGI_SWAP_CHAIN_DESC1, SampleDesc, 16);
OFF(DXGI_SWAP_CHAIN_DESC1, BufferUsage, 24);
OFF(DXGI_SWAP_CHAIN_DESC1, Scaling, 32);
OFF(DXGI_SWAP_CHAIN_DESC1, SwapEffect, 36);
OFF(DXGI_SWAP_CHAIN_DESC1, AlphaMode, 40);
OFF(DXGI_SWAP_CHAIN_DESC1, Flags, 44);
SIZE(DXGI_SWAP_CHAIN_FULLSCREEN_DESC, 20);
OFF(DXGI_SWAP_CHAIN_FULLSCREEN_DESC, Windowed, 16);
SIZE(DXGI_PRESENT_PARAMETERS, 32);
OFF(DXGI_PRESENT_PARAMETERS, pDirtyRects, 8);
OFF(DXGI_PRESENT_PARAMETERS, pScrollOffset, 24);
SIZE(DXGI_ADAPTER_DESC2, 320);
OFF(DXGI_ADAPTER_DESC2, Flags, 304);
OFF(DXGI_ADAPTER_DESC2, GraphicsPreemptionGranularity, 308);
OFF(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity, 312);
SIZE(DXGI_RGBA, 16);
VAL(DXGI_SCALING_NONE, 1);
VAL(DXGI_SCALING_ASPECT_RATIO_STRETCH, 2);
VAL(DXGI_ALPHA_MODE_IGNORE, 3);
VAL(DXGI_GRAPHICS_PREEMPTION_INSTRUCTION_BOUNDARY, 4);
VAL(DXGI_COMPUTE_PREEMPTION_INSTRUCTION_BOUNDARY, 4);
SLOTS(IDXGISwapChain1Vtbl, 29);
SLOT(IDXGISwapChain1Vtbl, GetLastPresentCount, 17);
SLOT(IDXGISwapChain1Vtbl, GetDesc1, 18);
SLOT(IDXGISwapChain1Vtbl, GetFullscreenDesc, 19);
SLOT(IDXGISwapChain1Vtbl, GetHwnd, 20);
SLOT(IDXGISwapChain1Vtbl, GetCoreWindow, 21);
SLOT(IDXGISwapChain1Vtbl, Present1, 22);
SLOT(IDXGISwapChain1Vtbl, IsTemporaryMonoSupported, 23);
SLOT(IDXGISwapChain1Vtbl, GetRestrictToOutput, 24);
SLOT(IDXGISwapChain1Vtbl, SetBackgroundColor, 25);
SLOT(IDXGISwapChain1Vtbl, GetBackgroundColor, 26);
SLOT(IDXGISwapChain1Vtbl, SetRotation, 27);
SLOT(IDXGISwapChain1Vtbl, GetRotation, 28);
SLOTS(IDXGIFactory2Vtbl, 25);
SLOT(IDXGIFactory2Vtbl, IsCurrent, 13);
SLOT(IDXGIFactory2Vtbl, IsWindowedStereoEnabled, 14);
SLOT(IDXGIFactory2Vtbl, CreateSwapChainForHwnd, 15);
SLOT(IDXGIFactory2Vtbl, CreateSwapChainForCoreWindow, 16);
SLOT(IDXGIFactory2Vtbl, GetSharedResourceAdapterLuid, 17);
SLOT(IDXGIFactory2Vtbl, RegisterStereoStatusWindow, 18);
SLOT(IDXGIFactory2Vtbl, RegisterStereoStatusEvent, 19);
SLOT(IDXGIFactory2Vtbl, UnregisterStereoStatus, 20);
SLOT(IDXGIFactory2Vtbl, RegisterOcclusionStatusWindow, 21);
SLOT(IDXGIFactory2Vtbl, RegisterOcclusionStatusEvent, 22);
SLOT(IDXGIFactory2Vtbl, UnregisterOcclusionStatus, 23);
SLOT(IDXGIFactory2Vtbl, CreateSwapChainForComposition, 24);
SLOTS(IDXGIAdapter2Vtbl, 12);
SLOT(IDXGIAdapter2Vtbl, GetDesc1, 10);
SLOT(IDXGIAdapter2Vtbl, GetDesc2, 11);
SLOTS(ID3D10BlobVtbl, 5);
SLOTS(ID3DIncludeVtbl, 2);

SLOT(ID3D11DeviceChildVtbl, QueryInterface, 0);
SLOT(ID3D11DeviceChildVtbl, AddRef, 1);
SLOT(ID3D11DeviceChildVtbl, Release, 2);
SLOT(ID3D11DeviceChildVtbl, GetDevice, 3);
SLOT(ID3D11DeviceChildVtbl, GetPrivateData, 4);
SLOT(ID3D11DeviceChildVtbl, SetPrivateData, 5);
SLOT(ID3D11DeviceChildVtbl, SetPrivateDataInterface, 6);

SLOT(ID3D11DepthStencilStateVtbl, GetDesc, 7);

SLOT(ID3D11BlendStateVtbl, GetDesc, 7);

SLOT(ID3D11RasterizerStateVtbl, GetDesc, 7);

SLOT(ID3D11ResourceVtbl, GetType, 7);
SLOT(ID3D11ResourceVtbl, SetEvictionPriority, 8);
SLOT(ID3D11ResourceVtbl, GetEvictionPriority, 9);

SLOT(ID3D11BufferVtbl, GetDesc, 10);

SLOT(ID3D11Texture1DVtbl, GetDesc, 10);

SLOT(ID3D11Texture2DVtbl, GetDesc, 10);

SLOT(ID3D11Texture3DVtbl, GetDesc, 10);

SLOT(ID3D11ViewVtbl, GetResource, 7);

SLOT(ID3D11ShaderResourceViewVtbl, GetDesc, 8);

SLOT(ID3D11RenderTargetViewVtbl, GetDesc, 8);

SLOT(ID3D11DepthStencilViewVtbl, GetDesc, 8);

SLOT(ID3D11UnorderedAccessViewVtbl, GetDesc, 8);








SLOT(ID3D11SamplerStateVtbl, GetDesc, 7);

SLOT(ID3D11AsynchronousVtbl, GetDataSize, 7);

SLOT(ID3D11QueryVtbl, GetDesc, 8);


SLOT(ID3D11CounterVtbl, GetDesc, 8);

SLOT(ID3D11ClassInstanceVtbl, GetClassLinkage, 7);
SLOT(ID3D11ClassInstanceVtbl, GetDesc, 8);
SLOT(ID3D11ClassInstanceVtbl, GetInstanceName, 9);
SLOT(ID3D11ClassInstanceVtbl, GetTypeName, 10);

SLOT(ID3D11ClassLinkageVtbl, GetClassInstance, 7);
SLOT(ID3D11ClassLinkageVtbl, CreateClassInstance, 8);

SLOT(ID3D11CommandListVtbl, GetContextFlags, 7);

SLOT(ID3D11DeviceContextVtbl, VSSetConstantBuffers, 7);
SLOT(ID3D11DeviceContextVtbl, PSSetShaderResources, 8);
SLOT(ID3D11DeviceContextVtbl, PSSetShader, 9);
SLOT(ID3D11DeviceContextVtbl, PSSetSamplers, 10);
SLOT(ID3D11DeviceContextVtbl, VSSetShader, 11);
SLOT(ID3D11DeviceContextVtbl, DrawIndexed, 12);
SLOT(ID3D11DeviceContextVtbl, Draw, 13);
SLOT(ID3D11DeviceContextVtbl, Map, 14);
SLOT(ID3D11DeviceContextVtbl, Unmap, 15);
SLOT(ID3D11DeviceContextVtbl, PSSetConstantBuffers, 16);
SLOT(ID3D11DeviceContextVtbl, IASetInputLayout, 17);
SLOT(ID3D11DeviceContextVtbl, IASetVertexBuffers, 18);
SLOT(ID3D11DeviceContextVtbl, IASetIndexBuffer, 19);
SLOT(ID3D11DeviceContextVtbl, DrawIndexedInstanced, 20);
SLOT(ID3D11DeviceContextVtbl, DrawInstanced, 21);
SLOT(ID3D11DeviceContextVtbl, GSSetConstantBuffers, 22);
SLOT(ID3D11DeviceContextVtbl, GSSetShader, 23);
SLOT(ID3D11DeviceContextVtbl, IASetPrimitiveTopology, 24);
SLOT(ID3D11DeviceContextVtbl, VSSetShaderResources, 25);
SLOT(ID3D11DeviceContextVtbl, VSSetSamplers, 26);
SLOT(ID3D11DeviceContextVtbl, Begin, 27);
SLOT(ID3D11DeviceContextVtbl, End, 28);
SLOT(ID3D11DeviceContextVtbl, GetData, 29);
SLOT(ID3D11DeviceContextVtbl, SetPredication, 30);
SLOT(ID3D11DeviceContextVtbl, GSSetShaderResources, 31);
SLOT(ID3D11DeviceContextVtbl, GSSetSamplers, 32);
SLOT(ID3D11DeviceContextVtbl, OMSetRenderTargets, 33);
SLOT(ID3D11DeviceContextVtbl, OMSetRenderTargetsAndUnorderedAccessViews, 34);
SLOT(ID3D11DeviceContextVtbl, OMSetBlendState, 35);
SLOT(ID3D11DeviceContextVtbl, OMSetDepthStencilState, 36);
SLOT(ID3D11DeviceContextVtbl, SOSetTargets, 37);
SLOT(ID3D11DeviceContextVtbl, DrawAuto, 38);
SLOT(ID3D11DeviceContextVtbl, DrawIndexedInstancedIndirect, 39);
SLOT(ID3D11DeviceContextVtbl, DrawInstancedIndirect, 40);
SLOT(ID3D11DeviceContextVtbl, Dispatch, 41);
SLOT(ID3D11DeviceContextVtbl, DispatchIndirect, 42);
SLOT(ID3D11DeviceContextVtbl, RSSetState, 43);
SLOT(ID3D11DeviceContextVtbl, RSSetViewports, 44);
SLOT(ID3D11DeviceContextVtbl, RSSetScissorRects, 45);
SLOT(ID3D11DeviceContextVtbl, CopySubresourceRegion, 46);
SLOT(ID3D11DeviceContextVtbl, CopyResource, 47);
SLOT(ID3D11DeviceContextVtbl, UpdateSubresource, 48);
SLOT(ID3D11DeviceContextVtbl, CopyStructureCount, 49);
SLOT(ID3D11DeviceContextVtbl, ClearRenderTargetView, 50);
SLOT(ID3D11DeviceContextVtbl, ClearUnorderedAccessViewUint, 51);
SLOT(ID3D11DeviceContextVtbl, ClearUnorderedAccessViewFloat, 52);
SLOT(ID3D11DeviceContextVtbl, ClearDepthStencilView, 53);
SLOT(ID3D11DeviceContextVtbl, GenerateMips, 54);
SLOT(ID3D11DeviceContextVtbl, SetResourceMinLOD, 55);
SLOT(ID3D11DeviceContextVtbl, GetResourceMinLOD, 56);
SLOT(ID3D11DeviceContextVtbl, ResolveSubresource, 57);
SLOT(ID3D11DeviceContextVtbl, ExecuteCommandList, 58);
SLOT(ID3D11DeviceContextVtbl, HSSetShaderResources, 59);
SLOT(ID3D11DeviceContextVtbl, HSSetShader, 60);
SLOT(ID3D11DeviceContextVtbl, HSSetSamplers, 61);
SLOT(ID3D11DeviceContextVtbl, HSSetConstantBuffers, 62);
SLOT(ID3D11DeviceContextVtbl, DSSetShaderResources, 63);
SLOT(ID3D11DeviceContextVtbl, DSSetShader, 64);
SLOT(ID3D11DeviceContextVtbl, DSSetSamplers, 65);
SLOT(ID3D11DeviceContextVtbl, DSSetConstantBuffers, 66);
SLOT(ID3D11DeviceContextVtbl, CSSetShaderResources, 67);
SLOT(ID3D11DeviceContextVtbl, CSSetUnorderedAccessViews, 68);
SLOT(ID3D11DeviceContextVtbl, CSSetShader, 69);
SLOT(ID3D11DeviceContextVtbl, CSSetSamplers, 70);
SLOT(ID3D11DeviceContextVtbl, CSSetConstantBuffers, 71);
SLOT(ID3D11DeviceContextVtbl, VSGetConstantBuffers, 72);
SLOT(ID3D11DeviceContextVtbl, PSGetShaderResources, 73);
SLOT(ID3D11DeviceContextVtbl, PSGetShader, 74);
SLOT(ID3D11DeviceContextVtbl, PSGetSamplers, 75);
SLOT(ID3D11DeviceContextVtbl, VSGetShader, 76);
SLOT(ID3D11DeviceContextVtbl, PSGetConstantBuffers, 77);
SLOT(ID3D11DeviceContextVtbl, IAGetInputLayout, 78);
SLOT(ID3D11DeviceContextVtbl, IAGetVertexBuffers, 79);
SLOT(ID3D11DeviceContextVtbl, IAGetIndexBuffer, 80);
SLOT(ID3D11DeviceContextVtbl, GSGetConstantBuffers, 81);
SLOT(ID3D11DeviceContextVtbl, GSGetShader, 82);
SLOT(ID3D11DeviceContextVtbl, IAGetPrimitiveTopology, 83);
SLOT(ID3D11DeviceContextVtbl, VSGetShaderResources, 84);
SLOT(ID3D11DeviceContextVtbl, VSGetSamplers, 85);
SLOT(ID3D11DeviceContextVtbl, GetPredication, 86);
SLOT(ID3D11DeviceContextVtbl, GSGetShaderResources, 87);
SLOT(ID3D11DeviceContextVtbl, GSGetSamplers, 88);
SLOT(ID3D11DeviceContextVtbl, OMGetRenderTargets, 89);
SLOT(ID3D11DeviceContextVtbl, OMGetRenderTargetsAndUnorderedAccessViews, 90);
SLOT(ID3D11DeviceContextVtbl, OMGetBlendState, 91);
SLOT(ID3D11DeviceContextVtbl, OMGetDepthStencilState, 92);
SLOT(ID3D11DeviceContextVtbl, SOGetTargets, 93);
SLOT(ID3D11DeviceContextVtbl, RSGetState, 94);
SLOT(ID3D11DeviceContextVtbl, RSGetViewports, 95);
SLOT(ID3D11DeviceContextVtbl, RSGetScissorRects, 96);
SLOT(ID3D11DeviceContextVtbl, HSGetShaderResources, 97);
SLOT(ID3D11DeviceContextVtbl, HSGetShader, 98);
SLOT(ID3D11DeviceContextVtbl, HSGetSamplers, 99);
SLOT(ID3D11DeviceContextVtbl, HSGetConstantBuffers, 100);
SLOT(ID3D11DeviceContextVtbl, DSGetShaderResources, 101);
SLOT(ID3D11DeviceContextVtbl, DSGetShader, 102);
SLOT(ID3D11DeviceContextVtbl, DSGetSamplers, 103);
SLOT(ID3D11DeviceContextVtbl, DSGetConstantBuffers, 104);
SLOT(ID3D11DeviceContextVtbl, CSGetShaderResources, 105);
SLOT(ID3D11DeviceContextVtbl, CSGetUnorderedAccessViews, 106);
SLOT(ID3D11DeviceContextVtbl, CSGetShader, 107);
SLOT(ID3D11DeviceContextVtbl, CSGetSamplers, 108);
SLOT(ID3D11DeviceContextVtbl, CSGetConstantBuffers, 109);
SLOT(ID3D11DeviceContextVtbl, ClearState, 110);
SLOT(ID3D11DeviceContextVtbl, Flush, 111);
SLOT(ID3D11DeviceContextVtbl, GetType, 112);
SLOT(ID3D11DeviceContextVtbl, GetContextFlags, 113);
SLOT(ID3D11DeviceContextVtbl, FinishCommandList, 114);

SLOT(ID3D11DeviceVtbl, QueryInterface, 0);
SLOT(ID3D11DeviceVtbl, AddRef, 1);
SLOT(ID3D11DeviceVtbl, Release, 2);
SLOT(ID3D11DeviceVtbl, CreateBuffer, 3);
SLOT(ID3D11DeviceVtbl, CreateTexture1D, 4);
SLOT(ID3D11DeviceVtbl, CreateTexture2D, 5);
SLOT(ID3D11DeviceVtbl, CreateTexture3D, 6);
SLOT(ID3D11DeviceVtbl, CreateShaderResourceView, 7);
SLOT(ID3D11DeviceVtbl, CreateUnorderedAccessView, 8);
SLOT(ID3D11DeviceVtbl, CreateRenderTargetView, 9);
SLOT(ID3D11DeviceVtbl, CreateDepthStencilView, 10);
SLOT(ID3D11DeviceVtbl, CreateInputLayout, 11);
SLOT(ID3D11DeviceVtbl, CreateVertexShader, 12);
SLOT(ID3D11DeviceVtbl, CreateGeometryShader, 13);
SLOT(ID3D11DeviceVtbl, CreateGeometryShaderWithStreamOutput, 14);
SLOT(ID3D11DeviceVtbl, CreatePixelShader, 15);
SLOT(ID3D11DeviceVtbl, CreateHullShader, 16);
SLOT(ID3D11DeviceVtbl, CreateDomainShader, 17);
SLOT(ID3D11DeviceVtbl, CreateComputeShader, 18);
SLOT(ID3D11DeviceVtbl, CreateClassLinkage, 19);
SLOT(ID3D11DeviceVtbl, CreateBlendState, 20);
SLOT(ID3D11DeviceVtbl, CreateDepthStencilState, 21);
SLOT(ID3D11DeviceVtbl, CreateRasterizerState, 22);
SLOT(ID3D11DeviceVtbl, CreateSamplerState, 23);
SLOT(ID3D11DeviceVtbl, CreateQuery, 24);
SLOT(ID3D11DeviceVtbl, CreatePredicate, 25);
SLOT(ID3D11DeviceVtbl, CreateCounter, 26);
SLOT(ID3D11DeviceVtbl, CreateDeferredContext, 27);
SLOT(ID3D11DeviceVtbl, OpenSharedResource, 28);
SLOT(ID3D11DeviceVtbl, CheckFormatSupport, 29);
SLOT(ID3D11DeviceVtbl, CheckMultisampleQualityLevels, 30);
SLOT(ID3D11DeviceVtbl, CheckCounterInfo, 31);
SLOT(ID3D11DeviceVtbl, CheckCounter, 32);
SLOT(ID3D11DeviceVtbl, CheckFeatureSupport, 33);
SLOT(ID3D11DeviceVtbl, GetPrivateData, 34);
SLOT(ID3D11DeviceVtbl, SetPrivateData, 35);
SLOT(ID3D11DeviceVtbl, SetPrivateDataInterface, 36);
SLOT(ID3D11DeviceVtbl, GetFeatureLevel, 37);
SLOT(ID3D11DeviceVtbl, GetCreationFlags, 38);
SLOT(ID3D11DeviceVtbl, GetDeviceRemovedReason, 39);
SLOT(ID3D11DeviceVtbl, GetImmediateContext, 40);
SLOT(ID3D11DeviceVtbl, SetExceptionMode, 41);
SLOT(ID3D11DeviceVtbl, GetExceptionMode, 42);

SLOT(IDXGIObjectVtbl, QueryInterface, 0);
SLOT(IDXGIObjectVtbl, AddRef, 1);
SLOT(IDXGIObjectVtbl, Release, 2);
SLOT(IDXGIObjectVtbl, SetPrivateData, 3);
SLOT(IDXGIObjectVtbl, SetPrivateDataInterface, 4);
SLOT(IDXGIObjectVtbl, GetPrivateData, 5);
SLOT(IDXGIObjectVtbl, GetParent, 6);

SLOT(IDXGIDeviceSubObjectVtbl, GetDevice, 7);

SLOT(IDXGIResourceVtbl, GetSharedHandle, 8);
SLOT(IDXGIResourceVtbl, GetUsage, 9);
SLOT(IDXGIResourceVtbl, SetEvictionPriority, 10);
SLOT(IDXGIResourceVtbl, GetEvictionPriority, 11);

SLOT(IDXGIKeyedMutexVtbl, AcquireSync, 8);
SLOT(IDXGIKeyedMutexVtbl, ReleaseSync, 9);

SLOT(IDXGISurfaceVtbl, GetDesc, 8);
SLOT(IDXGISurfaceVtbl, Map, 9);
SLOT(IDXGISurfaceVtbl, Unmap, 10);

SLOT(IDXGISurface1Vtbl, GetDC, 11);
SLOT(IDXGISurface1Vtbl, ReleaseDC, 12);

SLOT(IDXGIOutputVtbl, GetDesc, 7);
SLOT(IDXGIOutputVtbl, GetDisplayModeList, 8);
SLOT(IDXGIOutputVtbl, FindClosestMatchingMode, 9);
SLOT(IDXGIOutputVtbl, WaitForVBlank, 10);
SLOT(IDXGIOutputVtbl, TakeOwnership, 11);
SLOT(IDXGIOutputVtbl, ReleaseOwnership, 12);
SLOT(IDXGIOutputVtbl, GetGammaControlCapabilities, 13);
SLOT(IDXGIOutputVtbl, SetGammaControl, 14);
SLOT(IDXGIOutputVtbl, GetGammaControl, 15);
SLOT(IDXGIOutputVtbl, SetDisplaySurface, 16);
SLOT(IDXGIOutputVtbl, GetDisplaySurfaceData, 17);
SLOT(IDXGIOutputVtbl, GetFrameStatistics, 18);

SLOT(IDXGIAdapterVtbl, EnumOutputs, 7);
SLOT(IDXGIAdapterVtbl, GetDesc, 8);
SLOT(IDXGIAdapterVtbl, CheckInterfaceSupport, 9);

SLOT(IDXGISwapChainVtbl, Present, 8);
SLOT(IDXGISwapChainVtbl, GetBuffer, 9);
SLOT(IDXGISwapChainVtbl, SetFullscreenState, 10);
SLOT(IDXGISwapChainVtbl, GetFullscreenState, 11);
SLOT(IDXGISwapChainVtbl, GetDesc, 12);
SLOT(IDXGISwapChainVtbl, ResizeBuffers, 13);
SLOT(IDXGISwapChainVtbl, ResizeTarget, 14);
SLOT(IDXGISwapChainVtbl, GetContainingOutput, 15);
SLOT(IDXGISwapChainVtbl, GetFrameStatistics, 16);
SLOT(IDXGISwapChainVtbl, GetLastPresentCount, 17);

SLOT(IDXGIFactoryVtbl, EnumAdapters, 7);
SLOT(IDXGIFactoryVtbl, MakeWindowAssociation, 8);
SLOT(IDXGIFactoryVtbl, GetWindowAssociation, 9);
SLOT(IDXGIFactoryVtbl, CreateSwapChain, 10);
SLOT(IDXGIFactoryVtbl, CreateSoftwareAdapter, 11);

SLOT(IDXGIDeviceVtbl, GetAdapter, 7);
SLOT(IDXGIDeviceVtbl, CreateSurface, 8);
SLOT(IDXGIDeviceVtbl, QueryResourceResidency, 9);
SLOT(IDXGIDeviceVtbl, SetGPUThreadPriority, 10);
SLOT(IDXGIDeviceVtbl, GetGPUThreadPriority, 11);

SLOT(IDXGIAdapter1Vtbl, GetDesc1, 10);

SLOT(IDXGIDevice1Vtbl, SetMaximumFrameLatency, 12);
SLOT(IDXGIDevice1Vtbl, GetMaximumFrameLatency, 13);

SLOT(IDXGIFactory1Vtbl, EnumAdapters1, 12);
SLOT(IDXGIFactory1Vtbl, IsCurrent, 13);

SLOT(ID3D10BlobVtbl, QueryInterface, 0);
SLOT(ID3D10BlobVtbl, AddRef, 1);
SLOT(ID3D10BlobVtbl, Release, 2);
SLOT(ID3D10BlobVtbl, GetBufferPointer, 3);
SLOT(ID3D10BlobVtbl, GetBufferSize, 4);

SLOT(ID3DIncludeVtbl, Open, 0);
SLOT(ID3DIncludeVtbl, Close, 1);

/* ---- enumerators --------------------------------------------------------- */
/* (less the D3D10_ and D3D11_ aliases and the middle of the patch lists) */
VAL(DXGI_FORMAT_UNKNOWN, 0);
VAL(DXGI_FORMAT_R32G32B32A32_TYPELESS, 1);
VAL(DXGI_FORMAT_R32G32B32A32_FLOAT, 2);
VAL(DXGI_FORMAT_R32G32B32A32_UINT, 3);
VAL(DXGI_FORMAT_R32G32B32A32_SINT, 4);
VAL(DXGI_FORMAT_R32G32B32_TYPELESS, 5);
VAL(DXGI_FORMAT_R32G32B32_FLOAT, 6);
VAL(DXGI_FORMAT_R32G32B32_UINT, 7);
VAL(DXGI_FORMAT_R32G32B32_SINT, 8);
VAL(DXGI_FORMAT_R16G16B16A16_TYPELESS, 9);
VAL(DXGI_FORMAT_R16G16B16A16_FLOAT, 10);
VAL(DXGI_FORMAT_R16G16B16A16_UNORM, 11);
VAL(DXGI_FORMAT_R16G16B16A16_UINT, 12);
VAL(DXGI_FORMAT_R16G16B16A16_SNORM, 13);
VAL(DXGI_FORMAT_R16G16B16A16_SINT, 14);
VAL(DXGI_FORMAT_R32G32_TYPELESS, 15);
VAL(DXGI_FORMAT_R32G32_FLOAT, 16);
VAL(DXGI_FORMAT_R32G32_UINT, 17);
VAL(DXGI_FORMAT_R32G32_SINT, 18);
VAL(DXGI_FORMAT_R32G8X24_TYPELESS, 19);
VAL(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 20);
VAL(DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 21);
VAL(DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, 22);
VAL(DXGI_FORMAT_R10G10B10A2_TYPELESS, 23);
VAL(DXGI_FORMAT_R10G10B10A2_UNORM, 24);
VAL(DXGI_FORMAT_R10G10B10A2_UINT, 25);
VAL(DXGI_FORMAT_R11G11B10_FLOAT, 26);
VAL(DXGI_FORMAT_R8G8B8A8_TYPELESS, 27);
VAL(DXGI_FORMAT_R8G8B8A8_UNORM, 28);
VAL(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 29);
VAL(DXGI_FORMAT_R8G8B8A8_UINT, 30);
VAL(DXGI_FORMAT_R8G8B8A8_SNORM, 31);
VAL(DXGI_FORMAT_R8G8B8A8_SINT, 32);
VAL(DXGI_FORMAT_R16G16_TYPELESS, 33);
VAL(DXGI_FORMAT_R16G16_FLOAT, 34);
VAL(DXGI_FORMAT_R16G16_UNORM, 35);
VAL(DXGI_FORMAT_R16G16_UINT, 36);
VAL(DXGI_FORMAT_R16G16_SNORM, 37);
VAL(DXGI_FORMAT_R16G16_SINT, 38);
VAL(DXGI_FORMAT_R32_TYPELESS, 39);
VAL(DXGI_FORMAT_D32_FLOAT, 40);
VAL(DXGI_FORMAT_R32_FLOAT, 41);
VAL(DXGI_FORMAT_R32_UINT, 42);
VAL(DXGI_FORMAT_R32_SINT, 43);
VAL(DXGI_FORMAT_R24G8_TYPELESS, 44);
VAL(DXGI_FORMAT_D24_UNORM_S8_UINT, 45);
VAL(DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 46);
VAL(DXGI_FORMAT_X24_TYPELESS_G8_UINT, 47);
VAL(DXGI_FORMAT_R8G8_TYPELESS, 48);
VAL(DXGI_FORMAT_R8G8_UNORM, 49);
VAL(DXGI_FORMAT_R8G8_UINT, 50);
VAL(DXGI_FORMAT_R8G8_SNORM, 51);
VAL(DXGI_FORMAT_R8G8_SINT, 52);
VAL(DXGI_FORMAT_R16_TYPELESS, 53);
VAL(DXGI_FORMAT_R16_FLOAT, 54);
VAL(DXGI_FORMAT_D16_UNORM, 55);
VAL(DXGI_FORMAT_R16_UNORM, 56);
VAL(DXGI_FORMAT_R16_UINT, 57);
VAL(DXGI_FORMAT_R16_SNORM, 58);
VAL(DXGI_FORMAT_R16_SINT, 59);
VAL(DXGI_FORMAT_R8_TYPELESS, 60);
VAL(DXGI_FORMAT_R8_UNORM, 61);
VAL(DXGI_FORMAT_R8_UINT, 62);
VAL(DXGI_FORMAT_R8_SNORM, 63);
VAL(DXGI_FORMAT_R8_SINT, 64);
VAL(DXGI_FORMAT_A8_UNORM, 65);
VAL(DXGI_FORMAT_R1_UNORM, 66);
VAL(DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 67);
VAL(DXGI_FORMAT_R8G8_B8G8_UNORM, 68);
VAL(DXGI_FORMAT_G8R8_G8B8_UNORM, 69);
VAL(DXGI_FORMAT_BC1_TYPELESS, 70);
VAL(DXGI_FORMAT_BC1_UNORM, 71);
VAL(DXGI_FORMAT_BC1_UNORM_SRGB, 72);
VAL(DXGI_FORMAT_BC2_TYPELESS, 73);
VAL(DXGI_FORMAT_BC2_UNORM, 74);
VAL(DXGI_FORMAT_BC2_UNORM_SRGB, 75);
VAL(DXGI_FORMAT_BC3_TYPELESS, 76);
VAL(DXGI_FORMAT_BC3_UNORM, 77);
VAL(DXGI_FORMAT_BC3_UNORM_SRGB, 78);
VAL(DXGI_FORMAT_BC4_TYPELESS, 79);
VAL(DXGI_FORMAT_BC4_UNORM, 80);
VAL(DXGI_FORMAT_BC4_SNORM, 81);
VAL(DXGI_FORMAT_BC5_TYPELESS, 82);
VAL(DXGI_FORMAT_BC5_UNORM, 83);
VAL(DXGI_FORMAT_BC5_SNORM, 84);
VAL(DXGI_FORMAT_B5G6R5_UNORM, 85);
VAL(DXGI_FORMAT_B5G5R5A1_UNORM, 86);
VAL(DXGI_FORMAT_B8G8R8A8_UNORM, 87);
VAL(DXGI_FORMAT_B8G8R8X8_UNORM, 88);
VAL(DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, 89);
VAL(DXGI_FORMAT_B8G8R8A8_TYPELESS, 90);
VAL(DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 91);
VAL(DXGI_FORMAT_B8G8R8X8_TYPELESS, 92);
VAL(DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, 93);
VAL(DXGI_FORMAT_BC6H_TYPELESS, 94);
VAL(DXGI_FORMAT_BC6H_UF16, 95);
VAL(DXGI_FORMAT_BC6H_SF16, 96);
VAL(DXGI_FORMAT_BC7_TYPELESS, 97);
VAL(DXGI_FORMAT_BC7_UNORM, 98);
VAL(DXGI_FORMAT_BC7_UNORM_SRGB, 99);
VAL(DXGI_FORMAT_AYUV, 100);
VAL(DXGI_FORMAT_Y410, 101);
VAL(DXGI_FORMAT_Y416, 102);
VAL(DXGI_FORMAT_NV12, 103);
VAL(DXGI_FORMAT_P010, 104);
VAL(DXGI_FORMAT_P016, 105);
VAL(DXGI_FORMAT_420_OPAQUE, 106);
VAL(DXGI_FORMAT_YUY2, 107);
VAL(DXGI_FORMAT_Y210, 108);
VAL(DXGI_FORMAT_Y216, 109);
VAL(DXGI_FORMAT_NV11, 110);
VAL(DXGI_FORMAT_AI44, 111);
VAL(DXGI_FORMAT_IA44, 112);
VAL(DXGI_FORMAT_P8, 113);
VAL(DXGI_FORMAT_A8P8, 114);
VAL(DXGI_FORMAT_B4G4R4A4_UNORM, 115);
VAL(DXGI_FORMAT_P208, 130);
VAL(DXGI_FORMAT_V208, 131);
VAL(DXGI_FORMAT_V408, 132);
VAL(DXGI_FORMAT_FORCE_UINT, 0xffffffffu);
VAL(D3D_DRIVER_TYPE_UNKNOWN, 0);
VAL(D3D_DRIVER_TYPE_HARDWARE, 1);
VAL(D3D_DRIVER_TYPE_REFERENCE, 2);
VAL(D3D_DRIVER_TYPE_NULL, 3);
VAL(D3D_DRIVER_TYPE_SOFTWARE, 4);
VAL(D3D_DRIVER_TYPE_WARP, 5);
VAL(D3D_FEATURE_LEVEL_9_1, 37120);
VAL(D3D_FEATURE_LEVEL_9_2, 37376);
VAL(D3D_FEATURE_LEVEL_9_3, 37632);
VAL(D3D_FEATURE_LEVEL_10_0, 40960);
VAL(D3D_FEATURE_LEVEL_10_1, 41216);
VAL(D3D_FEATURE_LEVEL_11_0, 45056);
VAL(D3D_FEATURE_LEVEL_11_1, 45312);
VAL(D3D_FEATURE_LEVEL_12_0, 49152);
VAL(D3D_FEATURE_LEVEL_12_1, 49408);
VAL(D3D_PRIMITIVE_TOPOLOGY_UNDEFINED, 0);
VAL(D3D_PRIMITIVE_TOPOLOGY_POINTLIST, 1);
VAL(D3D_PRIMITIVE_TOPOLOGY_LINELIST, 2);
VAL(D3D_PRIMITIVE_TOPOLOGY_LINESTRIP, 3);
VAL(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 4);
VAL(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, 5);
VAL(D3D_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, 10);
VAL(D3D_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ, 11);
VAL(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ, 12);
VAL(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, 13);
VAL(D3D_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST, 33);
VAL(D3D_PRIMITIVE_TOPOLOGY_2_CONTROL_POINT_PATCHLIST, 34);
VAL(D3D_PRIMITIVE_TOPOLOGY_16_CONTROL_POINT_PATCHLIST, 48);
VAL(D3D_PRIMITIVE_TOPOLOGY_31_CONTROL_POINT_PATCHLIST, 63);
VAL(D3D_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST, 64);
VAL(D3D_PRIMITIVE_UNDEFINED, 0);
VAL(D3D_PRIMITIVE_POINT, 1);
VAL(D3D_PRIMITIVE_LINE, 2);
VAL(D3D_PRIMITIVE_TRIANGLE, 3);
VAL(D3D_PRIMITIVE_LINE_ADJ, 6);
VAL(D3D_PRIMITIVE_TRIANGLE_ADJ, 7);
VAL(D3D_PRIMITIVE_1_CONTROL_POINT_PATCH, 8);
VAL(D3D_PRIMITIVE_2_CONTROL_POINT_PATCH, 9);
VAL(D3D_PRIMITIVE_16_CONTROL_POINT_PATCH, 23);
VAL(D3D_PRIMITIVE_31_CONTROL_POINT_PATCH, 38);
VAL(D3D_PRIMITIVE_32_CONTROL_POINT_PATCH, 39);
VAL(D3D_SRV_DIMENSION_UNKNOWN, 0);
VAL(D3D_SRV_DIMENSION_BUFFER, 1);
VAL(D3D_SRV_DIMENSION_TEXTURE1D, 2);
VAL(D3D_SRV_DIMENSION_TEXTURE1DARRAY, 3);
VAL(D3D_SRV_DIMENSION_TEXTURE2D, 4);
VAL(D3D_SRV_DIMENSION_TEXTURE2DARRAY, 5);
VAL(D3D_SRV_DIMENSION_TEXTURE2DMS, 6);
VAL(D3D_SRV_DIMENSION_TEXTURE2DMSARRAY, 7);
VAL(D3D_SRV_DIMENSION_TEXTURE3D, 8);
VAL(D3D_SRV_DIMENSION_TEXTURECUBE, 9);
VAL(D3D_SRV_DIMENSION_TEXTURECUBEARRAY, 10);
VAL(D3D_SRV_DIMENSION_BUFFEREX, 11);
VAL(D3D_INCLUDE_LOCAL, 0);
VAL(D3D_INCLUDE_SYSTEM, 1);
VAL(D3D_INCLUDE_FORCE_DWORD, 2147483647);
VAL(DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED, 0);
VAL(DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE, 1);
VAL(DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST, 2);
VAL(DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST, 3);
VAL(DXGI_MODE_SCALING_UNSPECIFIED, 0);
VAL(DXGI_MODE_SCALING_CENTERED, 1);
VAL(DXGI_MODE_SCALING_STRETCHED, 2);
VAL(DXGI_MODE_ROTATION_UNSPECIFIED, 0);
VAL(DXGI_MODE_ROTATION_IDENTITY, 1);
VAL(DXGI_MODE_ROTATION_ROTATE90, 2);
VAL(DXGI_MODE_ROTATION_ROTATE180, 3);
VAL(DXGI_MODE_ROTATION_ROTATE270, 4);
VAL(DXGI_SWAP_EFFECT_DISCARD, 0);
VAL(DXGI_SWAP_EFFECT_SEQUENTIAL, 1);
VAL(DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL, 3);
VAL(DXGI_SWAP_EFFECT_FLIP_DISCARD, 4);
VAL(DXGI_SWAP_CHAIN_FLAG_NONPREROTATED, 1);
VAL(DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH, 2);
VAL(DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE, 4);
VAL(DXGI_SWAP_CHAIN_FLAG_RESTRICTED_CONTENT, 8);
VAL(DXGI_SWAP_CHAIN_FLAG_RESTRICT_SHARED_RESOURCE_DRIVER, 16);
VAL(DXGI_SWAP_CHAIN_FLAG_DISPLAY_ONLY, 32);
VAL(DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT, 64);
VAL(DXGI_SWAP_CHAIN_FLAG_FOREGROUND_LAYER, 128);
VAL(DXGI_SWAP_CHAIN_FLAG_FULLSCREEN_VIDEO, 256);
VAL(DXGI_SWAP_CHAIN_FLAG_YUV_VIDEO, 512);
VAL(DXGI_SWAP_CHAIN_FLAG_HW_PROTECTED, 1024);
VAL(DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING, 2048);
VAL(DXGI_SWAP_CHAIN_FLAG_RESTRICTED_TO_ALL_HOLOGRAPHIC_DISPLAYS, 4096);
VAL(DXGI_RESIDENCY_FULLY_RESIDENT, 1);
VAL(DXGI_RESIDENCY_RESIDENT_IN_SHARED_MEMORY, 2);
VAL(DXGI_RESIDENCY_EVICTED_TO_DISK, 3);
VAL(DXGI_ADAPTER_FLAG_NONE, 0);
VAL(DXGI_ADAPTER_FLAG_REMOTE, 1);
VAL(DXGI_ADAPTER_FLAG_SOFTWARE, 2);
VAL(DXGI_ADAPTER_FLAG_FORCE_DWORD, 0xffffffffu);
VAL(D3D11_RESOURCE_DIMENSION_UNKNOWN, 0);
VAL(D3D11_RESOURCE_DIMENSION_BUFFER, 1);
VAL(D3D11_RESOURCE_DIMENSION_TEXTURE1D, 2);
VAL(D3D11_RESOURCE_DIMENSION_TEXTURE2D, 3);
VAL(D3D11_RESOURCE_DIMENSION_TEXTURE3D, 4);
VAL(D3D11_USAGE_DEFAULT, 0);
VAL(D3D11_USAGE_IMMUTABLE, 1);
VAL(D3D11_USAGE_DYNAMIC, 2);
VAL(D3D11_USAGE_STAGING, 3);
VAL(D3D11_BIND_VERTEX_BUFFER, 1);
VAL(D3D11_BIND_INDEX_BUFFER, 2);
VAL(D3D11_BIND_CONSTANT_BUFFER, 4);
VAL(D3D11_BIND_SHADER_RESOURCE, 8);
VAL(D3D11_BIND_STREAM_OUTPUT, 16);
VAL(D3D11_BIND_RENDER_TARGET, 32);
VAL(D3D11_BIND_DEPTH_STENCIL, 64);
VAL(D3D11_BIND_UNORDERED_ACCESS, 128);
VAL(D3D11_BIND_DECODER, 512);
VAL(D3D11_BIND_VIDEO_ENCODER, 1024);
VAL(D3D11_CPU_ACCESS_WRITE, 65536);
VAL(D3D11_CPU_ACCESS_READ, 131072);
VAL(D3D11_RESOURCE_MISC_GENERATE_MIPS, 1);
VAL(D3D11_RESOURCE_MISC_SHARED, 2);
VAL(D3D11_RESOURCE_MISC_TEXTURECUBE, 4);
VAL(D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS, 16);
VAL(D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 32);
VAL(D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 64);
VAL(D3D11_RESOURCE_MISC_RESOURCE_CLAMP, 128);
VAL(D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX, 256);
VAL(D3D11_RESOURCE_MISC_GDI_COMPATIBLE, 512);
VAL(D3D11_RESOURCE_MISC_SHARED_NTHANDLE, 2048);
VAL(D3D11_RESOURCE_MISC_RESTRICTED_CONTENT, 4096);
VAL(D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE, 8192);
VAL(D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE_DRIVER, 16384);
VAL(D3D11_RESOURCE_MISC_GUARDED, 32768);
VAL(D3D11_RESOURCE_MISC_TILE_POOL, 131072);
VAL(D3D11_RESOURCE_MISC_TILED, 262144);
VAL(D3D11_RESOURCE_MISC_HW_PROTECTED, 524288);
VAL(D3D11_MAP_READ, 1);
VAL(D3D11_MAP_WRITE, 2);
VAL(D3D11_MAP_READ_WRITE, 3);
VAL(D3D11_MAP_WRITE_DISCARD, 4);
VAL(D3D11_MAP_WRITE_NO_OVERWRITE, 5);
VAL(D3D11_MAP_FLAG_DO_NOT_WAIT, 1048576);
VAL(D3D11_CLEAR_DEPTH, 1);
VAL(D3D11_CLEAR_STENCIL, 2);
VAL(D3D11_STANDARD_MULTISAMPLE_PATTERN, 0xffffffffu);
VAL(D3D11_CENTER_MULTISAMPLE_PATTERN, 0xfffffffeu);
VAL(D3D11_RTV_DIMENSION_UNKNOWN, 0);
VAL(D3D11_RTV_DIMENSION_BUFFER, 1);
VAL(D3D11_RTV_DIMENSION_TEXTURE1D, 2);
VAL(D3D11_RTV_DIMENSION_TEXTURE1DARRAY, 3);
VAL(D3D11_RTV_DIMENSION_TEXTURE2D, 4);
VAL(D3D11_RTV_DIMENSION_TEXTURE2DARRAY, 5);
VAL(D3D11_RTV_DIMENSION_TEXTURE2DMS, 6);
VAL(D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY, 7);
VAL(D3D11_RTV_DIMENSION_TEXTURE3D, 8);
VAL(D3D11_DSV_DIMENSION_UNKNOWN, 0);
VAL(D3D11_DSV_DIMENSION_TEXTURE1D, 1);
VAL(D3D11_DSV_DIMENSION_TEXTURE1DARRAY, 2);
VAL(D3D11_DSV_DIMENSION_TEXTURE2D, 3);
VAL(D3D11_DSV_DIMENSION_TEXTURE2DARRAY, 4);
VAL(D3D11_DSV_DIMENSION_TEXTURE2DMS, 5);
VAL(D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY, 6);
VAL(D3D11_UAV_DIMENSION_UNKNOWN, 0);
VAL(D3D11_UAV_DIMENSION_BUFFER, 1);
VAL(D3D11_UAV_DIMENSION_TEXTURE1D, 2);
VAL(D3D11_UAV_DIMENSION_TEXTURE1DARRAY, 3);
VAL(D3D11_UAV_DIMENSION_TEXTURE2D, 4);
VAL(D3D11_UAV_DIMENSION_TEXTURE2DARRAY, 5);
VAL(D3D11_UAV_DIMENSION_TEXTURE3D, 8);
VAL(D3D11_DSV_READ_ONLY_DEPTH, 1);
VAL(D3D11_DSV_READ_ONLY_STENCIL, 2);
VAL(D3D11_BUFFEREX_SRV_FLAG_RAW, 1);
VAL(D3D11_BUFFER_UAV_FLAG_RAW, 1);
VAL(D3D11_BUFFER_UAV_FLAG_APPEND, 2);
VAL(D3D11_BUFFER_UAV_FLAG_COUNTER, 4);
VAL(D3D11_INPUT_PER_VERTEX_DATA, 0);
VAL(D3D11_INPUT_PER_INSTANCE_DATA, 1);
VAL(D3D11_FILL_WIREFRAME, 2);
VAL(D3D11_FILL_SOLID, 3);
VAL(D3D11_CULL_NONE, 1);
VAL(D3D11_CULL_FRONT, 2);
VAL(D3D11_CULL_BACK, 3);
VAL(D3D11_COMPARISON_NEVER, 1);
VAL(D3D11_COMPARISON_LESS, 2);
VAL(D3D11_COMPARISON_EQUAL, 3);
VAL(D3D11_COMPARISON_LESS_EQUAL, 4);
VAL(D3D11_COMPARISON_GREATER, 5);
VAL(D3D11_COMPARISON_NOT_EQUAL, 6);
VAL(D3D11_COMPARISON_GREATER_EQUAL, 7);
VAL(D3D11_COMPARISON_ALWAYS, 8);
VAL(D3D11_DEPTH_WRITE_MASK_ZERO, 0);
VAL(D3D11_DEPTH_WRITE_MASK_ALL, 1);
VAL(D3D11_STENCIL_OP_KEEP, 1);
VAL(D3D11_STENCIL_OP_ZERO, 2);
VAL(D3D11_STENCIL_OP_REPLACE, 3);
VAL(D3D11_STENCIL_OP_INCR_SAT, 4);
VAL(D3D11_STENCIL_OP_DECR_SAT, 5);
VAL(D3D11_STENCIL_OP_INVERT, 6);
VAL(D3D11_STENCIL_OP_INCR, 7);
VAL(D3D11_STENCIL_OP_DECR, 8);
VAL(D3D11_BLEND_ZERO, 1);
VAL(D3D11_BLEND_ONE, 2);
VAL(D3D11_BLEND_SRC_COLOR, 3);
VAL(D3D11_BLEND_INV_SRC_COLOR, 4);
VAL(D3D11_BLEND_SRC_ALPHA, 5);
VAL(D3D11_BLEND_INV_SRC_ALPHA, 6);
VAL(D3D11_BLEND_DEST_ALPHA, 7);
VAL(D3D11_BLEND_INV_DEST_ALPHA, 8);
VAL(D3D11_BLEND_DEST_COLOR, 9);
VAL(D3D11_BLEND_INV_DEST_COLOR, 10);
VAL(D3D11_BLEND_SRC_ALPHA_SAT, 11);
VAL(D3D11_BLEND_BLEND_FACTOR, 14);
VAL(D3D11_BLEND_INV_BLEND_FACTOR, 15);
VAL(D3D11_BLEND_SRC1_COLOR, 16);
VAL(D3D11_BLEND_INV_SRC1_COLOR, 17);
VAL(D3D11_BLEND_SRC1_ALPHA, 18);
VAL(D3D11_BLEND_INV_SRC1_ALPHA, 19);
VAL(D3D11_BLEND_OP_ADD, 1);
VAL(D3D11_BLEND_OP_SUBTRACT, 2);
VAL(D3D11_BLEND_OP_REV_SUBTRACT, 3);
VAL(D3D11_BLEND_OP_MIN, 4);
VAL(D3D11_BLEND_OP_MAX, 5);
VAL(D3D11_COLOR_WRITE_ENABLE_RED, 1);
VAL(D3D11_COLOR_WRITE_ENABLE_GREEN, 2);
VAL(D3D11_COLOR_WRITE_ENABLE_BLUE, 4);
VAL(D3D11_COLOR_WRITE_ENABLE_ALPHA, 8);
VAL(D3D11_COLOR_WRITE_ENABLE_ALL, 15);
VAL(D3D11_FILTER_TYPE_POINT, 0);
VAL(D3D11_FILTER_TYPE_LINEAR, 1);
VAL(D3D11_FILTER_MIN_MAG_MIP_POINT, 0);
VAL(D3D11_FILTER_MIN_MAG_POINT_MIP_LINEAR, 1);
VAL(D3D11_FILTER_MIN_POINT_MAG_LINEAR_MIP_POINT, 4);
VAL(D3D11_FILTER_MIN_POINT_MAG_MIP_LINEAR, 5);
VAL(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT, 16);
VAL(D3D11_FILTER_MIN_LINEAR_MAG_POINT_MIP_LINEAR, 17);
VAL(D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT, 20);
VAL(D3D11_FILTER_MIN_MAG_MIP_LINEAR, 21);
VAL(D3D11_FILTER_ANISOTROPIC, 85);
VAL(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, 128);
VAL(D3D11_FILTER_COMPARISON_MIN_MAG_POINT_MIP_LINEAR, 129);
VAL(D3D11_FILTER_COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT, 132);
VAL(D3D11_FILTER_COMPARISON_MIN_POINT_MAG_MIP_LINEAR, 133);
VAL(D3D11_FILTER_COMPARISON_MIN_LINEAR_MAG_MIP_POINT, 144);
VAL(D3D11_FILTER_COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR, 145);
VAL(D3D11_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT, 148);
VAL(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR, 149);
VAL(D3D11_FILTER_COMPARISON_ANISOTROPIC, 213);
VAL(D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT, 256);
VAL(D3D11_FILTER_MINIMUM_MIN_MAG_POINT_MIP_LINEAR, 257);
VAL(D3D11_FILTER_MINIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT, 260);
VAL(D3D11_FILTER_MINIMUM_MIN_POINT_MAG_MIP_LINEAR, 261);
VAL(D3D11_FILTER_MINIMUM_MIN_LINEAR_MAG_MIP_POINT, 272);
VAL(D3D11_FILTER_MINIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR, 273);
VAL(D3D11_FILTER_MINIMUM_MIN_MAG_LINEAR_MIP_POINT, 276);
VAL(D3D11_FILTER_MINIMUM_MIN_MAG_MIP_LINEAR, 277);
VAL(D3D11_FILTER_MINIMUM_ANISOTROPIC, 341);
VAL(D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_POINT, 384);
VAL(D3D11_FILTER_MAXIMUM_MIN_MAG_POINT_MIP_LINEAR, 385);
VAL(D3D11_FILTER_MAXIMUM_MIN_POINT_MAG_LINEAR_MIP_POINT, 388);
VAL(D3D11_FILTER_MAXIMUM_MIN_POINT_MAG_MIP_LINEAR, 389);
VAL(D3D11_FILTER_MAXIMUM_MIN_LINEAR_MAG_MIP_POINT, 400);
VAL(D3D11_FILTER_MAXIMUM_MIN_LINEAR_MAG_POINT_MIP_LINEAR, 401);
VAL(D3D11_FILTER_MAXIMUM_MIN_MAG_LINEAR_MIP_POINT, 404);
VAL(D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR, 405);
VAL(D3D11_FILTER_MAXIMUM_ANISOTROPIC, 469);
VAL(D3D11_TEXTURE_ADDRESS_WRAP, 1);
VAL(D3D11_TEXTURE_ADDRESS_MIRROR, 2);
VAL(D3D11_TEXTURE_ADDRESS_CLAMP, 3);
VAL(D3D11_TEXTURE_ADDRESS_BORDER, 4);
VAL(D3D11_TEXTURE_ADDRESS_MIRROR_ONCE, 5);
VAL(D3D11_QUERY_EVENT, 0);
VAL(D3D11_QUERY_OCCLUSION, 1);
VAL(D3D11_QUERY_TIMESTAMP, 2);
VAL(D3D11_QUERY_TIMESTAMP_DISJOINT, 3);
VAL(D3D11_QUERY_PIPELINE_STATISTICS, 4);
VAL(D3D11_QUERY_OCCLUSION_PREDICATE, 5);
VAL(D3D11_QUERY_SO_STATISTICS, 6);
VAL(D3D11_QUERY_SO_OVERFLOW_PREDICATE, 7);
VAL(D3D11_QUERY_SO_STATISTICS_STREAM0, 8);
VAL(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0, 9);
VAL(D3D11_QUERY_SO_STATISTICS_STREAM1, 10);
VAL(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1, 11);
VAL(D3D11_QUERY_SO_STATISTICS_STREAM2, 12);
VAL(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2, 13);
VAL(D3D11_QUERY_SO_STATISTICS_STREAM3, 14);
VAL(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3, 15);
VAL(D3D11_QUERY_MISC_PREDICATEHINT, 1);
VAL(D3D11_ASYNC_GETDATA_DONOTFLUSH, 1);
VAL(D3D11_COUNTER_DEVICE_DEPENDENT_0, 1073741824);
VAL(D3D11_COUNTER_TYPE_FLOAT32, 0);
VAL(D3D11_COUNTER_TYPE_UINT16, 1);
VAL(D3D11_COUNTER_TYPE_UINT32, 2);
VAL(D3D11_COUNTER_TYPE_UINT64, 3);
VAL(D3D11_CREATE_DEVICE_SINGLETHREADED, 1);
VAL(D3D11_CREATE_DEVICE_DEBUG, 2);
VAL(D3D11_CREATE_DEVICE_SWITCH_TO_REF, 4);
VAL(D3D11_CREATE_DEVICE_PREVENT_INTERNAL_THREADING_OPTIMIZATIONS, 8);
VAL(D3D11_CREATE_DEVICE_BGRA_SUPPORT, 32);
VAL(D3D11_CREATE_DEVICE_DEBUGGABLE, 64);
VAL(D3D11_CREATE_DEVICE_PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY, 128);
VAL(D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT, 256);
VAL(D3D11_CREATE_DEVICE_VIDEO_SUPPORT, 2048);
VAL(D3D11_DEVICE_CONTEXT_IMMEDIATE, 0);
VAL(D3D11_DEVICE_CONTEXT_DEFERRED, 1);
VAL(D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR, 1);
VAL(D3D11_FORMAT_SUPPORT_BUFFER, 1);
VAL(D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER, 2);
VAL(D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER, 4);
VAL(D3D11_FORMAT_SUPPORT_SO_BUFFER, 8);
VAL(D3D11_FORMAT_SUPPORT_TEXTURE1D, 16);
VAL(D3D11_FORMAT_SUPPORT_TEXTURE2D, 32);
VAL(D3D11_FORMAT_SUPPORT_TEXTURE3D, 64);
VAL(D3D11_FORMAT_SUPPORT_TEXTURECUBE, 128);
VAL(D3D11_FORMAT_SUPPORT_SHADER_LOAD, 256);
VAL(D3D11_FORMAT_SUPPORT_SHADER_SAMPLE, 512);
VAL(D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON, 1024);
VAL(D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_MONO_TEXT, 2048);
VAL(D3D11_FORMAT_SUPPORT_MIP, 4096);
VAL(D3D11_FORMAT_SUPPORT_MIP_AUTOGEN, 8192);
VAL(D3D11_FORMAT_SUPPORT_RENDER_TARGET, 16384);
VAL(D3D11_FORMAT_SUPPORT_BLENDABLE, 32768);
VAL(D3D11_FORMAT_SUPPORT_DEPTH_STENCIL, 65536);
VAL(D3D11_FORMAT_SUPPORT_CPU_LOCKABLE, 131072);
VAL(D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE, 262144);
VAL(D3D11_FORMAT_SUPPORT_DISPLAY, 524288);
VAL(D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT, 1048576);
VAL(D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET, 2097152);
VAL(D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD, 4194304);
VAL(D3D11_FORMAT_SUPPORT_SHADER_GATHER, 8388608);
VAL(D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST, 16777216);
VAL(D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW, 33554432);
VAL(D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON, 67108864);
VAL(D3D11_FORMAT_SUPPORT_DECODER_OUTPUT, 134217728);
VAL(D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_OUTPUT, 268435456);
VAL(D3D11_FORMAT_SUPPORT_VIDEO_PROCESSOR_INPUT, 536870912);
VAL(D3D11_FORMAT_SUPPORT_VIDEO_ENCODER, 1073741824);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD, 1);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS, 2);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE, 4);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE, 8);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX, 16);
VAL(D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX, 32);
VAL(D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD, 64);
VAL(D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE, 128);
VAL(D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP, 256);
VAL(D3D11_FORMAT_SUPPORT2_TILED, 512);
VAL(D3D11_FORMAT_SUPPORT2_SHAREABLE, 1024);
VAL(D3D11_FORMAT_SUPPORT2_MULTIPLANE_OVERLAY, 16384);
VAL(D3D11_FEATURE_THREADING, 0);
VAL(D3D11_FEATURE_DOUBLES, 1);
VAL(D3D11_FEATURE_FORMAT_SUPPORT, 2);
VAL(D3D11_FEATURE_FORMAT_SUPPORT2, 3);
VAL(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, 4);
VAL(D3D11_FEATURE_D3D11_OPTIONS, 5);
VAL(D3D11_FEATURE_ARCHITECTURE_INFO, 6);
VAL(D3D11_FEATURE_D3D9_OPTIONS, 7);
VAL(D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, 8);
VAL(D3D11_FEATURE_D3D9_SHADOW_SUPPORT, 9);
VAL(D3D11_FEATURE_D3D11_OPTIONS1, 10);
VAL(D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, 11);
VAL(D3D11_FEATURE_MARKER_SUPPORT, 12);
VAL(D3D11_FEATURE_D3D9_OPTIONS1, 13);
VAL(D3D11_FEATURE_D3D11_OPTIONS2, 14);
VAL(D3D11_FEATURE_D3D11_OPTIONS3, 15);
VAL(D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, 16);
VAL(D3D11_FEATURE_D3D11_OPTIONS4, 17);
VAL(D3D11_FEATURE_SHADER_CACHE, 18);
VAL(D3D11_FEATURE_D3D11_OPTIONS5, 19);
VAL(D3D11_SHADER_MIN_PRECISION_10_BIT, 1);
VAL(D3D11_SHADER_MIN_PRECISION_16_BIT, 2);
VAL(D3D11_TILED_RESOURCES_NOT_SUPPORTED, 0);
VAL(D3D11_TILED_RESOURCES_TIER_1, 1);
VAL(D3D11_TILED_RESOURCES_TIER_2, 2);
VAL(D3D11_TILED_RESOURCES_TIER_3, 3);
VAL(D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED, 0);
VAL(D3D11_CONSERVATIVE_RASTERIZATION_TIER_1, 1);
VAL(D3D11_CONSERVATIVE_RASTERIZATION_TIER_2, 2);
VAL(D3D11_CONSERVATIVE_RASTERIZATION_TIER_3, 3);
VAL(D3D11_SHADER_CACHE_SUPPORT_NONE, 0);
VAL(D3D11_SHADER_CACHE_SUPPORT_AUTOMATIC_INPROC_CACHE, 1);
VAL(D3D11_SHADER_CACHE_SUPPORT_AUTOMATIC_DISK_CACHE, 2);
VAL(D3D11_SHARED_RESOURCE_TIER_0, 0);
VAL(D3D11_SHARED_RESOURCE_TIER_1, 1);
VAL(D3D11_SHARED_RESOURCE_TIER_2, 2);
VAL(D3D11_SHARED_RESOURCE_TIER_3, 3);

/* ---- integer constants (less the per-register port and width figures) ---- */
VAL(D3D_FL9_1_REQ_TEXTURE1D_U_DIMENSION, 2048);
VAL(D3D_FL9_3_REQ_TEXTURE1D_U_DIMENSION, 4096);
VAL(D3D_FL9_1_REQ_TEXTURE2D_U_OR_V_DIMENSION, 2048);
VAL(D3D_FL9_3_REQ_TEXTURE2D_U_OR_V_DIMENSION, 4096);
VAL(D3D_FL9_1_REQ_TEXTURECUBE_DIMENSION, 512);
VAL(D3D_FL9_3_REQ_TEXTURECUBE_DIMENSION, 4096);
VAL(D3D_FL9_1_REQ_TEXTURE3D_U_V_OR_W_DIMENSION, 256);
VAL(D3D_FL9_1_DEFAULT_MAX_ANISOTROPY, 2);
VAL(D3D_FL9_1_IA_PRIMITIVE_MAX_COUNT, 65535);
VAL(D3D_FL9_2_IA_PRIMITIVE_MAX_COUNT, 1048575);
VAL(D3D_FL9_1_SIMULTANEOUS_RENDER_TARGET_COUNT, 1);
VAL(D3D_FL9_3_SIMULTANEOUS_RENDER_TARGET_COUNT, 4);
VAL(D3D_FL9_1_MAX_TEXTURE_REPEAT, 128);
VAL(D3D_FL9_2_MAX_TEXTURE_REPEAT, 2048);
VAL(D3D_FL9_3_MAX_TEXTURE_REPEAT, 8192);
VAL(_FACDXGI, 2170);
VAL(DXGI_CPU_ACCESS_NONE, 0);
VAL(DXGI_CPU_ACCESS_DYNAMIC, 1);
VAL(DXGI_CPU_ACCESS_READ_WRITE, 2);
VAL(DXGI_CPU_ACCESS_SCRATCH, 3);
VAL(DXGI_CPU_ACCESS_FIELD, 15);
VAL(DXGI_USAGE_SHADER_INPUT, 16);
VAL(DXGI_USAGE_RENDER_TARGET_OUTPUT, 32);
VAL(DXGI_USAGE_BACK_BUFFER, 64);
VAL(DXGI_USAGE_SHARED, 128);
VAL(DXGI_USAGE_READ_ONLY, 256);
VAL(DXGI_USAGE_DISCARD_ON_PRESENT, 512);
VAL(DXGI_USAGE_UNORDERED_ACCESS, 1024);
VAL(DXGI_ENUM_MODES_INTERLACED, 1);
VAL(DXGI_ENUM_MODES_SCALING, 2);
VAL(DXGI_RESOURCE_PRIORITY_MINIMUM, 671088640);
VAL(DXGI_RESOURCE_PRIORITY_LOW, 1342177280);
VAL(DXGI_RESOURCE_PRIORITY_NORMAL, 2013265920);
VAL(DXGI_RESOURCE_PRIORITY_HIGH, 0xa0000000u);
VAL(DXGI_RESOURCE_PRIORITY_MAXIMUM, 0xc8000000u);
VAL(DXGI_MAP_READ, 1);
VAL(DXGI_MAP_WRITE, 2);
VAL(DXGI_MAP_DISCARD, 4);
VAL(DXGI_MAX_SWAP_CHAIN_BUFFERS, 16);
VAL(DXGI_PRESENT_TEST, 1);
VAL(DXGI_PRESENT_DO_NOT_SEQUENCE, 2);
VAL(DXGI_PRESENT_RESTART, 4);
VAL(DXGI_PRESENT_DO_NOT_WAIT, 8);
VAL(DXGI_PRESENT_STEREO_PREFER_RIGHT, 16);
VAL(DXGI_PRESENT_STEREO_TEMPORARY_MONO, 32);
VAL(DXGI_PRESENT_RESTRICT_TO_OUTPUT, 64);
VAL(DXGI_PRESENT_USE_DURATION, 256);
VAL(DXGI_PRESENT_ALLOW_TEARING, 512);
VAL(DXGI_MWA_NO_WINDOW_CHANGES, 1);
VAL(DXGI_MWA_NO_ALT_ENTER, 2);
VAL(DXGI_MWA_NO_PRINT_SCREEN, 4);
VAL(DXGI_MWA_VALID, 7);
VAL(D3D11_SDK_VERSION, 7);
VAL(_FACD3D11, 2172);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, 14);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_COMPONENTS, 4);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_COMPONENT_BIT_COUNT, 32);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_HW_SLOT_COUNT, 15);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_PARTIAL_UPDATE_EXTENTS_BYTE_ALIGNMENT,
    16);
VAL(D3D11_COMMONSHADER_CONSTANT_BUFFER_REGISTER_COUNT, 15);
VAL(D3D11_COMMONSHADER_FLOWCONTROL_NESTING_LIMIT, 64);
VAL(D3D11_COMMONSHADER_IMMEDIATE_CONSTANT_BUFFER_REGISTER_COUNT, 1);
VAL(D3D11_COMMONSHADER_IMMEDIATE_VALUE_COMPONENT_BIT_COUNT, 32);
VAL(D3D11_COMMONSHADER_INPUT_RESOURCE_REGISTER_COUNT, 128);
VAL(D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, 128);
VAL(D3D11_COMMONSHADER_SAMPLER_REGISTER_COUNT, 16);
VAL(D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, 16);
VAL(D3D11_COMMONSHADER_SUBROUTINE_NESTING_LIMIT, 32);
VAL(D3D11_COMMONSHADER_TEMP_REGISTER_COUNT, 4096);
VAL(D3D11_COMMONSHADER_TEXCOORD_RANGE_REDUCTION_MAX, 10);
VAL(D3D11_COMMONSHADER_TEXCOORD_RANGE_REDUCTION_MIN, (-10));
VAL(D3D11_COMMONSHADER_TEXEL_OFFSET_MAX_NEGATIVE, (-8));
VAL(D3D11_COMMONSHADER_TEXEL_OFFSET_MAX_POSITIVE, 7);
VAL(D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, 32);
VAL(D3D11_VS_OUTPUT_REGISTER_COUNT, 32);
VAL(D3D11_1_UAV_SLOT_COUNT, 64);
VAL(D3D11_PS_CS_UAV_REGISTER_COUNT, 8);
VAL(D3D11_PS_FRONTFACING_DEFAULT_VALUE, 0xffffffffu);
VAL(D3D11_PS_FRONTFACING_FALSE_VALUE, 0);
VAL(D3D11_PS_FRONTFACING_TRUE_VALUE, 0xffffffffu);
VAL(D3D11_PS_INPUT_REGISTER_COUNT, 32);
VAL(D3D11_PS_OUTPUT_DEPTH_REGISTER_COUNT, 1);
VAL(D3D11_PS_OUTPUT_MASK_REGISTER_COUNT, 1);
VAL(D3D11_PS_OUTPUT_REGISTER_COUNT, 8);
VAL(D3D11_RAW_UAV_SRV_BYTE_ALIGNMENT, 16);
VAL(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, 8);
VAL(D3D11_CS_4_X_DISPATCH_MAX_THREAD_GROUPS_IN_Z_DIMENSION, 1);
VAL(D3D11_CS_4_X_RAW_UAV_BYTE_ALIGNMENT, 256);
VAL(D3D11_CS_4_X_THREAD_GROUP_MAX_THREADS_PER_GROUP, 768);
VAL(D3D11_CS_4_X_THREAD_GROUP_MAX_X, 768);
VAL(D3D11_CS_4_X_THREAD_GROUP_MAX_Y, 768);
VAL(D3D11_CS_4_X_UAV_REGISTER_COUNT, 1);
VAL(D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION, 65535);
VAL(D3D11_CS_TGSM_REGISTER_COUNT, 8192);
VAL(D3D11_CS_THREAD_GROUP_MAX_THREADS_PER_GROUP, 1024);
VAL(D3D11_CS_THREAD_GROUP_MAX_X, 1024);
VAL(D3D11_CS_THREAD_GROUP_MAX_Y, 1024);
VAL(D3D11_CS_THREAD_GROUP_MAX_Z, 64);
VAL(D3D11_CS_THREAD_GROUP_MIN_X, 1);
VAL(D3D11_CS_THREAD_GROUP_MIN_Y, 1);
VAL(D3D11_CS_THREAD_GROUP_MIN_Z, 1);
VAL(D3D11_CS_THREAD_LOCAL_TEMP_REGISTER_POOL, 16384);
VAL(D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES, 2048);
VAL(D3D11_SO_BUFFER_MAX_WRITE_WINDOW_IN_BYTES, 512);
VAL(D3D11_SO_BUFFER_SLOT_COUNT, 4);
VAL(D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP, 0xffffffffu);
VAL(D3D11_SO_NO_RASTERIZED_STREAM, 0xffffffffu);
VAL(D3D11_SO_OUTPUT_COMPONENT_COUNT, 128);
VAL(D3D11_SO_STREAM_COUNT, 4);
VAL(D3D11_VIEWPORT_AND_SCISSORRECT_MAX_INDEX, 15);
VAL(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE, 16);
VAL(D3D11_VIEWPORT_BOUNDS_MAX, 32767);
VAL(D3D11_VIEWPORT_BOUNDS_MIN, (-32768));
VAL(D3D11_2_TILED_RESOURCE_TILE_SIZE_IN_BYTES, 65536);
VAL(D3D11_MAX_MAXANISOTROPY, 16);
VAL(D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT, 32);
VAL(D3D11_REQ_BLEND_OBJECT_COUNT_PER_DEVICE, 4096);
VAL(D3D11_REQ_BUFFER_RESOURCE_TEXEL_COUNT_2_TO_EXP, 27);
VAL(D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT, 4096);
VAL(D3D11_REQ_DEPTH_STENCIL_OBJECT_COUNT_PER_DEVICE, 4096);
VAL(D3D11_REQ_DRAWINDEXED_INDEX_COUNT_2_TO_EXP, 32);
VAL(D3D11_REQ_DRAW_VERTEX_COUNT_2_TO_EXP, 32);
VAL(D3D11_REQ_FILTERING_HW_ADDRESSABLE_RESOURCE_DIMENSION, 16384);
VAL(D3D11_REQ_GS_INVOCATION_32BIT_OUTPUT_COMPONENT_LIMIT, 1024);
VAL(D3D11_REQ_IMMEDIATE_CONSTANT_BUFFER_ELEMENT_COUNT, 4096);
VAL(D3D11_REQ_MAXANISOTROPY, 16);
VAL(D3D11_REQ_MIP_LEVELS, 15);
VAL(D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES, 2048);
VAL(D3D11_REQ_RASTERIZER_OBJECT_COUNT_PER_DEVICE, 4096);
VAL(D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH, 16384);
VAL(D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_A_TERM, 128);
VAL(D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM, 2048);
VAL(D3D11_REQ_RESOURCE_VIEW_COUNT_PER_DEVICE_2_TO_EXP, 20);
VAL(D3D11_REQ_SAMPLER_OBJECT_COUNT_PER_DEVICE, 4096);
VAL(D3D11_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION, 2048);
VAL(D3D11_REQ_TEXTURE1D_U_DIMENSION, 16384);
VAL(D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION, 2048);
VAL(D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION, 16384);
VAL(D3D11_REQ_TEXTURE3D_U_V_OR_W_DIMENSION, 2048);
VAL(D3D11_REQ_TEXTURECUBE_DIMENSION, 16384);
VAL(D3D11_DEFAULT_DEPTH_BIAS, 0);
VAL(D3D11_DEFAULT_MAX_ANISOTROPY, 16);
VAL(D3D11_DEFAULT_RENDER_TARGET_ARRAY_INDEX, 0);
VAL(D3D11_DEFAULT_SAMPLE_MASK, 0xffffffffu);
VAL(D3D11_DEFAULT_SCISSOR_ENDX, 0);
VAL(D3D11_DEFAULT_SCISSOR_ENDY, 0);
VAL(D3D11_DEFAULT_SCISSOR_STARTX, 0);
VAL(D3D11_DEFAULT_SCISSOR_STARTY, 0);
VAL(D3D11_DEFAULT_STENCIL_READ_MASK, 255);
VAL(D3D11_DEFAULT_STENCIL_REFERENCE, 0);
VAL(D3D11_DEFAULT_STENCIL_WRITE_MASK, 255);
VAL(D3D11_DEFAULT_VIEWPORT_AND_SCISSORRECT_INDEX, 0);
VAL(D3D11_DEFAULT_VIEWPORT_HEIGHT, 0);
VAL(D3D11_DEFAULT_VIEWPORT_TOPLEFTX, 0);
VAL(D3D11_DEFAULT_VIEWPORT_TOPLEFTY, 0);
VAL(D3D11_DEFAULT_VIEWPORT_WIDTH, 0);
VAL(D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL, 0xffffffffu);
VAL(D3D11_KEEP_UNORDERED_ACCESS_VIEWS, 0xffffffffu);
VAL(D3D11_RESINFO_INSTRUCTION_MISSING_COMPONENT_RETVAL, 0);
VAL(D3D11_SHIFT_INSTRUCTION_PAD_VALUE, 0);
VAL(D3D11_SHIFT_INSTRUCTION_SHIFT_VALUE_BIT_COUNT, 5);
VAL(D3D11_STANDARD_COMPONENT_BIT_COUNT, 32);
VAL(D3D11_STANDARD_COMPONENT_BIT_COUNT_DOUBLED, 64);
VAL(D3D11_STANDARD_MAXIMUM_ELEMENT_ALIGNMENT_BYTE_MULTIPLE, 4);
VAL(D3D11_STANDARD_PIXEL_COMPONENT_COUNT, 128);
VAL(D3D11_STANDARD_PIXEL_ELEMENT_COUNT, 32);
VAL(D3D11_STANDARD_VECTOR_SIZE, 4);
VAL(D3D11_STANDARD_VERTEX_ELEMENT_COUNT, 32);
VAL(D3D11_STANDARD_VERTEX_TOTAL_COMPONENT_COUNT, 64);
VAL(D3D11_SHADER_MAJOR_VERSION, 5);
VAL(D3D11_SHADER_MAX_INSTANCES, 65535);
VAL(D3D11_SHADER_MAX_INTERFACES, 253);
VAL(D3D11_SHADER_MAX_INTERFACE_CALL_SITES, 4096);
VAL(D3D11_SHADER_MAX_TYPES, 65535);
VAL(D3D11_SHADER_MINOR_VERSION, 0);
VAL(D3D11_SPEC_DATE_DAY, 16);
VAL(D3D11_SPEC_DATE_MONTH, 5);
VAL(D3D11_SPEC_DATE_YEAR, 2011);
VAL(D3D11_OMAC_SIZE, 16);
VAL(D3D11_APPEND_ALIGNED_ELEMENT, 0xffffffffu);
VAL(D3D11_MIN_FILTER_SHIFT, 4);
VAL(D3D11_MAG_FILTER_SHIFT, 2);
VAL(D3D11_MIP_FILTER_SHIFT, 0);
VAL(D3D11_FILTER_TYPE_MASK, 3);
VAL(D3D11_COMPARISON_FILTERING_BIT, 128);
VAL(D3D11_ANISOTROPIC_FILTERING_BIT, 64);

/* ---- HRESULT codes ------------------------------------------------------- */
VAL(DXGI_STATUS_OCCLUDED, (HRESULT)0x087a0001u);
VAL(DXGI_STATUS_CLIPPED, (HRESULT)0x087a0002u);
VAL(DXGI_STATUS_NO_REDIRECTION, (HRESULT)0x087a0004u);
VAL(DXGI_STATUS_NO_DESKTOP_ACCESS, (HRESULT)0x087a0005u);
VAL(DXGI_STATUS_GRAPHICS_VIDPN_SOURCE_IN_USE, (HRESULT)0x087a0006u);
VAL(DXGI_STATUS_MODE_CHANGED, (HRESULT)0x087a0007u);
VAL(DXGI_STATUS_MODE_CHANGE_IN_PROGRESS, (HRESULT)0x087a0008u);
VAL(DXGI_STATUS_UNOCCLUDED, (HRESULT)0x087a0009u);
VAL(DXGI_STATUS_DDA_WAS_STILL_DRAWING, (HRESULT)0x087a000au);
VAL(DXGI_STATUS_PRESENT_REQUIRED, (HRESULT)0x087a002fu);
VAL(DXGI_ERROR_INVALID_CALL, (HRESULT)0x887a0001u);
VAL(DXGI_ERROR_NOT_FOUND, (HRESULT)0x887a0002u);
VAL(DXGI_ERROR_MORE_DATA, (HRESULT)0x887a0003u);
VAL(DXGI_ERROR_UNSUPPORTED, (HRESULT)0x887a0004u);
VAL(DXGI_ERROR_DEVICE_REMOVED, (HRESULT)0x887a0005u);
VAL(DXGI_ERROR_DEVICE_HUNG, (HRESULT)0x887a0006u);
VAL(DXGI_ERROR_DEVICE_RESET, (HRESULT)0x887a0007u);
VAL(DXGI_ERROR_WAS_STILL_DRAWING, (HRESULT)0x887a000au);
VAL(DXGI_ERROR_FRAME_STATISTICS_DISJOINT, (HRESULT)0x887a000bu);
VAL(DXGI_ERROR_GRAPHICS_VIDPN_SOURCE_IN_USE, (HRESULT)0x887a000cu);
VAL(DXGI_ERROR_DRIVER_INTERNAL_ERROR, (HRESULT)0x887a0020u);
VAL(DXGI_ERROR_NONEXCLUSIVE, (HRESULT)0x887a0021u);
VAL(DXGI_ERROR_NOT_CURRENTLY_AVAILABLE, (HRESULT)0x887a0022u);
VAL(DXGI_ERROR_REMOTE_CLIENT_DISCONNECTED, (HRESULT)0x887a0023u);
VAL(DXGI_ERROR_REMOTE_OUTOFMEMORY, (HRESULT)0x887a0024u);
VAL(DXGI_ERROR_MODE_CHANGE_IN_PROGRESS, (HRESULT)0x887a0025u);
VAL(DXGI_ERROR_ACCESS_LOST, (HRESULT)0x887a0026u);
VAL(DXGI_ERROR_WAIT_TIMEOUT, (HRESULT)0x887a0027u);
VAL(DXGI_ERROR_SESSION_DISCONNECTED, (HRESULT)0x887a0028u);
VAL(DXGI_ERROR_RESTRICT_TO_OUTPUT_STALE, (HRESULT)0x887a0029u);
VAL(DXGI_ERROR_CANNOT_PROTECT_CONTENT, (HRESULT)0x887a002au);
VAL(DXGI_ERROR_ACCESS_DENIED, (HRESULT)0x887a002bu);
VAL(DXGI_ERROR_NAME_ALREADY_EXISTS, (HRESULT)0x887a002cu);
VAL(DXGI_ERROR_SDK_COMPONENT_MISSING, (HRESULT)0x887a002du);
VAL(DXGI_ERROR_NOT_CURRENT, (HRESULT)0x887a002eu);
VAL(DXGI_ERROR_HW_PROTECTION_OUTOFMEMORY, (HRESULT)0x887a0030u);
VAL(DXGI_ERROR_DYNAMIC_CODE_POLICY_VIOLATION, (HRESULT)0x887a0031u);
VAL(DXGI_ERROR_NON_COMPOSITED_UI, (HRESULT)0x887a0032u);
VAL(DXGI_ERROR_CACHE_CORRUPT, (HRESULT)0x887a0033u);
VAL(DXGI_ERROR_CACHE_FULL, (HRESULT)0x887a0034u);
VAL(DXGI_ERROR_CACHE_HASH_COLLISION, (HRESULT)0x887a0035u);
VAL(DXGI_ERROR_ALREADY_EXISTS, (HRESULT)0x887a0036u);
VAL(D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS, (HRESULT)0x887c0001u);
VAL(D3D11_ERROR_FILE_NOT_FOUND, (HRESULT)0x887c0002u);
VAL(D3D11_ERROR_TOO_MANY_UNIQUE_VIEW_OBJECTS, (HRESULT)0x887c0003u);
VAL(D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD,
    (HRESULT)0x887c0004u);

/* Floating-point constants are no integer constant expressions, so they are
 * checked at run time, exactly (the measured values, as hexadecimal). */
#define FLT(name, v) ok((name) == (v), #name)

static void test_float_constants(void)
{
    FLT(D3D11_PS_LEGACY_PIXEL_CENTER_FRACTIONAL_COMPONENT, 0x0p+0);
    FLT(D3D11_PS_PIXEL_CENTER_FRACTIONAL_COMPONENT, 0x1p-1);
    FLT(D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_B_TERM, 0x1p-2);
    FLT(D3D11_DEFAULT_DEPTH_BIAS_CLAMP, 0x0p+0);
    FLT(D3D11_DEFAULT_MIP_LOD_BIAS, 0x0p+0);
    FLT(D3D11_DEFAULT_SLOPE_SCALED_DEPTH_BIAS, 0x0p+0);
    FLT(D3D11_DEFAULT_VIEWPORT_MAX_DEPTH, 0x0p+0);
    FLT(D3D11_DEFAULT_VIEWPORT_MIN_DEPTH, 0x0p+0);
    FLT(D3D11_FLOAT32_MAX, 0x1.fffffep+127);
    FLT(D3D11_SRGB_GAMMA, 0x1.19999ap+1);
    FLT(D3D11_SRGB_TO_FLOAT_DENOMINATOR_1, 0x1.9d70a4p+3);
    FLT(D3D11_SRGB_TO_FLOAT_DENOMINATOR_2, 0x1.0e147ap+0);
    FLT(D3D11_SRGB_TO_FLOAT_EXPONENT, 0x1.333334p+1);
    FLT(D3D11_SRGB_TO_FLOAT_OFFSET, 0x1.c28f5cp-5);
    FLT(D3D11_SRGB_TO_FLOAT_THRESHOLD, 0x1.4b5dccp-5);
    FLT(D3D11_SRGB_TO_FLOAT_TOLERANCE_IN_ULP, 0x1p-1);
    FLT(D3D11_SPEC_VERSION, 0x1.11eb851eb851fp+0);
}

/* Every GUID, byte by byte as it lies in memory. */
static const struct {
    const char *name;
    const GUID *guid;
    unsigned char bytes[16];
} guids[] = {
    {"IID_ID3D10Blob", &IID_ID3D10Blob,
     {0x08, 0xfb, 0xa5, 0x8b, 0x95, 0x51, 0xe2, 0x40,
      0xac, 0x58, 0x0d, 0x98, 0x9c, 0x3a, 0x01, 0x02}},
    {"WKPDID_D3DDebugObjectName", &WKPDID_D3DDebugObjectName,
     {0x22, 0x8c, 0x9b, 0x42, 0x88, 0x91, 0x0c, 0x4b,
      0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}},
    {"IID_IDXGIObject", &IID_IDXGIObject,
     {0xb8, 0x2f, 0xc2, 0xae, 0xf3, 0x76, 0x39, 0x46,
      0x9b, 0xe0, 0x28, 0xeb, 0x43, 0xa6, 0x7a, 0x2e}},
    {"IID_IDXGIDeviceSubObject", &IID_IDXGIDeviceSubObject,
     {0x79, 0x03, 0x3e, 0x3d, 0xde, 0xf9, 0x58, 0x4d,
      0xbb, 0x6c, 0x18, 0xd6, 0x29, 0x92, 0xf1, 0xa6}},
    {"IID_IDXGIResource", &IID_IDXGIResource,
     {0xb4, 0x3a, 0x5f, 0x03, 0x2e, 0x48, 0x50, 0x4e,
      0xb4, 0x1f, 0x8a, 0x7f, 0x8b, 0xd8, 0x96, 0x0b}},
    {"IID_IDXGIKeyedMutex", &IID_IDXGIKeyedMutex,
     {0x89, 0x12, 0x8e, 0x9d, 0xb3, 0xd7, 0x5f, 0x46,
      0x81, 0x26, 0x25, 0x0e, 0x34, 0x9a, 0xf8, 0x5d}},
    {"IID_IDXGISurface", &IID_IDXGISurface,
     {0x6c, 0xb5, 0xfc, 0xca, 0xc3, 0x6a, 0x89, 0x48,
      0xbf, 0x47, 0x9e, 0x23, 0xbb, 0xd2, 0x60, 0xec}},
    {"IID_IDXGISurface1", &IID_IDXGISurface1,
     {0x92, 0x30, 0xe6, 0x4a, 0x27, 0x63, 0x1b, 0x4c,
      0x80, 0xae, 0xbf, 0xe1, 0x2e, 0xa3, 0x2b, 0x86}},
    {"IID_IDXGIOutput", &IID_IDXGIOutput,
     {0xdb, 0xee, 0x02, 0xae, 0x35, 0xc7, 0x90, 0x46,
      0x8d, 0x52, 0x5a, 0x8d, 0xc2, 0x02, 0x13, 0xaa}},
    {"IID_IDXGIAdapter", &IID_IDXGIAdapter,
     {0xe1, 0xe7, 0x11, 0x24, 0xac, 0x12, 0xcf, 0x4c,
      0xbd, 0x14, 0x97, 0x98, 0xe8, 0x53, 0x4d, 0xc0}},
    {"IID_IDXGISwapChain", &IID_IDXGISwapChain,
     {0xa0, 0x36, 0x0d, 0x31, 0xe7, 0xd2, 0x0a, 0x4c,
      0xaa, 0x04, 0x6a, 0x9d, 0x23, 0xb8, 0x88, 0x6a}},
    {"IID_IDXGIFactory", &IID_IDXGIFactory,
     {0xec, 0x66, 0x71, 0x7b, 0xc7, 0x21, 0xae, 0x44,
      0xb2, 0x1a, 0xc9, 0xae, 0x32, 0x1a, 0xe3, 0x69}},
    {"IID_IDXGIDevice", &IID_IDXGIDevice,
     {0xfa, 0x77, 0xec, 0x54, 0x77, 0x13, 0xe6, 0x44,
      0x8c, 0x32, 0x88, 0xfd, 0x5f, 0x44, 0xc8, 0x4c}},
    {"IID_IDXGIAdapter1", &IID_IDXGIAdapter1,
     {0x61, 0x8f, 0x03, 0x29, 0x39, 0x38, 0x26, 0x46,
      0x91, 0xfd, 0x08, 0x68, 0x79, 0x01, 0x1a, 0x05}},
    {"IID_IDXGIDevice1", &IID_IDXGIDevice1,
     {0x0f, 0x97, 0xdb, 0x77, 0x76, 0x62, 0xba, 0x48,
      0xba, 0x28, 0x07, 0x01, 0x43, 0xb4, 0x39, 0x2c}},
    {"IID_IDXGIFactory1", &IID_IDXGIFactory1,
     {0x78, 0xae, 0x0a, 0x77, 0x6f, 0xf2, 0xba, 0x4d,
      0xa8, 0x29, 0x25, 0x3c, 0x83, 0xd1, 0xb3, 0x87}},
    {"IID_IDXGISwapChain1", &IID_IDXGISwapChain1,
     {0xf7, 0x45, 0x0a, 0x79, 0x42, 0x0d, 0x76, 0x48,
      0x98, 0x3a, 0x0a, 0x55, 0xcf, 0xe6, 0xf4, 0xaa}},
    {"IID_IDXGIFactory2", &IID_IDXGIFactory2,
     {0x1c, 0x3a, 0xc8, 0x50, 0x72, 0xe0, 0x48, 0x4c,
      0x87, 0xb0, 0x36, 0x30, 0xfa, 0x36, 0xa6, 0xd0}},
    {"IID_IDXGIAdapter2", &IID_IDXGIAdapter2,
     {0x0a, 0xae, 0xa1, 0x0a, 0x0e, 0xfa, 0x84, 0x4b,
      0x86, 0x44, 0xe0, 0x5f, 0xf8, 0xe5, 0xac, 0xb5}},
    {"IID_ID3D11DeviceChild", &IID_ID3D11DeviceChild,
     {0xc8, 0xe5, 0x41, 0x18, 0xb0, 0x16, 0x9b, 0x48,
      0xbc, 0xc8, 0x44, 0xcf, 0xb0, 0xd5, 0xde, 0xae}},
    {"IID_ID3D11DepthStencilState", &IID_ID3D11DepthStencilState,
     {0xfb, 0x3e, 0x82, 0x03, 0x8f, 0x8d, 0x1c, 0x4e,
      0x9a, 0xa2, 0xf6, 0x4b, 0xb2, 0xcb, 0xfd, 0xf1}},
    {"IID_ID3D11BlendState", &IID_ID3D11BlendState,
     {0xaa, 0x8f, 0xb6, 0x75, 0x7d, 0x34, 0x59, 0x41,
      0x8f, 0x45, 0xa0, 0x64, 0x0f, 0x01, 0xcd, 0x9a}},
    {"IID_ID3D11RasterizerState", &IID_ID3D11RasterizerState,
     {0x81, 0xab, 0xb4, 0x9b, 0x1a, 0xab, 0x8f, 0x4d,
      0xb5, 0x06, 0xfc, 0x04, 0x20, 0x0b, 0x6e, 0xe7}},
    {"IID_ID3D11SamplerState", &IID_ID3D11SamplerState,
     {0x51, 0xea, 0x6f, 0xda, 0x4c, 0x56, 0x87, 0x44,
      0x98, 0x10, 0xf0, 0xd0, 0xf9, 0xb4, 0xe3, 0xa5}},
    {"IID_ID3D11Resource", &IID_ID3D11Resource,
     {0xf3, 0x63, 0x8e, 0xdc, 0x2b, 0xd1, 0x52, 0x49,
      0xb4, 0x7b, 0x5e, 0x45, 0x02, 0x6a, 0x86, 0x2d}},
    {"IID_ID3D11Buffer", &IID_ID3D11Buffer,
     {0x85, 0x0b, 0x57, 0x48, 0xee, 0xd1, 0xcd, 0x4f,
      0xa2, 0x50, 0xeb, 0x35, 0x07, 0x22, 0xb0, 0x37}},
    {"IID_ID3D11Texture1D", &IID_ID3D11Texture1D,
     {0x27, 0x5c, 0xfb, 0xf8, 0xb3, 0xc6, 0x75, 0x4f,
      0xa4, 0xc8, 0x43, 0x9a, 0xf2, 0xef, 0x56, 0x4c}},
    {"IID_ID3D11Texture2D", &IID_ID3D11Texture2D,
     {0xf2, 0xaa, 0x15, 0x6f, 0x08, 0xd2, 0x89, 0x4e,
      0x9a, 0xb4, 0x48, 0x95, 0x35, 0xd3, 0x4f, 0x9c}},
    {"IID_ID3D11Texture3D", &IID_ID3D11Texture3D,
     {0x6e, 0x86, 0x7e, 0x03, 0x6d, 0xf5, 0x57, 0x43,
      0xa8, 0xaf, 0x9d, 0xab, 0xbe, 0x6e, 0x25, 0x0e}},
    {"IID_ID3D11View", &IID_ID3D11View,
     {0x16, 0x12, 0x9d, 0x83, 0x2e, 0xbb, 0x2b, 0x41,
      0xb7, 0xf4, 0xa9, 0xdb, 0xeb, 0xe0, 0x8e, 0xd1}},
    {"IID_ID3D11ShaderResourceView", &IID_ID3D11ShaderResourceView,
     {0xe0, 0x6f, 0xe0, 0xb0, 0x92, 0x81, 0x1a, 0x4e,
      0xb1, 0xca, 0x36, 0xd7, 0x41, 0x47, 0x10, 0xb2}},
    {"IID_ID3D11RenderTargetView", &IID_ID3D11RenderTargetView,
     {0x67, 0xa0, 0xdb, 0xdf, 0x8d, 0x0b, 0x65, 0x48,
      0x87, 0x5b, 0xd7, 0xb4, 0x51, 0x6c, 0xc1, 0x64}},
    {"IID_ID3D11DepthStencilView", &IID_ID3D11DepthStencilView,
     {0x2a, 0xc9, 0xda, 0x9f, 0x76, 0x18, 0xc3, 0x48,
      0xaf, 0xad, 0x25, 0xb9, 0x4f, 0x84, 0xa9, 0xb6}},
    {"IID_ID3D11UnorderedAccessView", &IID_ID3D11UnorderedAccessView,
     {0x09, 0xf5, 0xac, 0x28, 0x5c, 0x7f, 0xf6, 0x48,
      0x86, 0x11, 0xf3, 0x16, 0x01, 0x0a, 0x63, 0x80}},
    {"IID_ID3D11VertexShader", &IID_ID3D11VertexShader,
     {0x64, 0x1d, 0x30, 0x3b, 0x78, 0xd6, 0x89, 0x42,
      0x88, 0x97, 0x22, 0xf8, 0x92, 0x8b, 0x72, 0xf3}},
    {"IID_ID3D11HullShader", &IID_ID3D11HullShader,
     {0x61, 0x60, 0x5c, 0x8e, 0x8a, 0x62, 0x8e, 0x4c,
      0x82, 0x64, 0xbb, 0xe4, 0x5c, 0xb3, 0xd5, 0xdd}},
    {"IID_ID3D11DomainShader", &IID_ID3D11DomainShader,
     {0x08, 0xc5, 0x82, 0xf5, 0x36, 0x0f, 0x0c, 0x49,
      0x99, 0x77, 0x31, 0xee, 0xce, 0x26, 0x8c, 0xfa}},
    {"IID_ID3D11GeometryShader", &IID_ID3D11GeometryShader,
     {0x96, 0x5b, 0x32, 0x38, 0xfb, 0xef, 0x22, 0x40,
      0xba, 0x02, 0x2e, 0x79, 0x5b, 0x70, 0x27, 0x5c}},
    {"IID_ID3D11PixelShader", &IID_ID3D11PixelShader,
     {0x0d, 0xe4, 0x82, 0xea, 0xdc, 0x51, 0x33, 0x4f,
      0x93, 0xd4, 0xdb, 0x7c, 0x91, 0x25, 0xae, 0x8c}},
    {"IID_ID3D11ComputeShader", &IID_ID3D11ComputeShader,
     {0x6e, 0x19, 0x5b, 0x4f, 0xbd, 0xc2, 0x5e, 0x49,
      0xbd, 0x01, 0x1f, 0xde, 0xd3, 0x8e, 0x49, 0x69}},
    {"IID_ID3D11InputLayout", &IID_ID3D11InputLayout,
     {0xdc, 0x9d, 0x81, 0xe4, 0xf0, 0x4c, 0x25, 0x40,
      0xbd, 0x26, 0x5d, 0xe8, 0x2a, 0x3e, 0x07, 0xb7}},
    {"IID_ID3D11Asynchronous", &IID_ID3D11Asynchronous,
     {0xcd, 0xd0, 0x35, 0x4b, 0x15, 0x1e, 0x58, 0x42,
      0x9c, 0x98, 0x1b, 0x13, 0x33, 0xf6, 0xdd, 0x3b}},
    {"IID_ID3D11Query", &IID_ID3D11Query,
     {0x47, 0x07, 0xc0, 0xd6, 0xb7, 0x87, 0x5e, 0x42,
      0xb8, 0x4d, 0x44, 0xd1, 0x08, 0x56, 0x0a, 0xfd}},
    {"IID_ID3D11Predicate", &IID_ID3D11Predicate,
     {0xdd, 0x76, 0xb5, 0x9e, 0x77, 0x9f, 0x86, 0x4d,
      0x81, 0xaa, 0x8b, 0xab, 0x5f, 0xe4, 0x90, 0xe2}},
    {"IID_ID3D11Counter", &IID_ID3D11Counter,
     {0xfb, 0x49, 0x8c, 0x6e, 0x71, 0xa3, 0x70, 0x47,
      0xb4, 0x40, 0x29, 0x08, 0x60, 0x22, 0xb7, 0x41}},
    {"IID_ID3D11ClassInstance", &IID_ID3D11ClassInstance,
     {0xaa, 0x7f, 0xcd, 0xa6, 0xb7, 0xb0, 0x2f, 0x4a,
      0x94, 0x36, 0x86, 0x62, 0xa6, 0x57, 0x97, 0xcb}},
    {"IID_ID3D11ClassLinkage", &IID_ID3D11ClassLinkage,
     {0xba, 0x7c, 0xf5, 0xdd, 0x43, 0x95, 0xe4, 0x46,
      0xa1, 0x2b, 0xf2, 0x07, 0xa0, 0xfe, 0x7f, 0xed}},
    {"IID_ID3D11CommandList", &IID_ID3D11CommandList,
     {0xd1, 0xc4, 0x4b, 0xa2, 0x9e, 0x76, 0xf7, 0x43,
      0x80, 0x13, 0x98, 0xff, 0x56, 0x6c, 0x18, 0xe2}},
    {"IID_ID3D11DeviceContext", &IID_ID3D11DeviceContext,
     {0x6c, 0xa9, 0xbf, 0xc0, 0x89, 0xe0, 0xfb, 0x44,
      0x8e, 0xaf, 0x26, 0xf8, 0x79, 0x61, 0x90, 0xda}},
    {"IID_ID3D11Device", &IID_ID3D11Device,
     {0xdb, 0x6d, 0x6f, 0xdb, 0x77, 0xac, 0x88, 0x4e,
      0x82, 0x53, 0x81, 0x9d, 0xf9, 0xbb, 0xf1, 0x40}},
};

static void test_guids(void)
{
    size_t i;
    for (i = 0; i < sizeof(guids) / sizeof(guids[0]); i++)
        ok(memcmp(guids[i].guid, guids[i].bytes, 16) == 0, "%s",
           guids[i].name);
    ok(IsEqualGUID(&IID_ID3DBlob, &IID_ID3D10Blob), "IID_ID3DBlob");
    ok(!IsEqualGUID(&IID_ID3D11Device, &IID_ID3D11DeviceContext),
       "distinct IIDs");
    ok(IID_ID3D11Device.Data1 == 0xdb6f6ddb &&
           IID_ID3D11Device.Data2 == 0xac77 &&
           IID_ID3D11Device.Data3 == 0x4e88 &&
           IID_ID3D11Device.Data4[7] == 0x40,
       "IID_ID3D11Device fields");
}

/* Helpers and values that the static checks do not reach. */
static void test_helpers(void)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC srv;
    D3D11_BUFFER_RTV rtv;

    ok(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_LINEAR,
                                 D3D11_FILTER_TYPE_LINEAR,
                                 D3D11_FILTER_TYPE_LINEAR, FALSE) ==
           D3D11_FILTER_MIN_MAG_MIP_LINEAR,
       "D3D11_ENCODE_BASIC_FILTER linear");
    ok(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_POINT,
                                 D3D11_FILTER_TYPE_LINEAR,
                                 D3D11_FILTER_TYPE_POINT, TRUE) ==
           D3D11_FILTER_COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT,
       "D3D11_ENCODE_BASIC_FILTER comparison");
    ok(D3D11_ENCODE_ANISOTROPIC_FILTER(FALSE) == D3D11_FILTER_ANISOTROPIC,
       "D3D11_ENCODE_ANISOTROPIC_FILTER");
    ok(D3D11_ENCODE_ANISOTROPIC_FILTER(TRUE) ==
           D3D11_FILTER_COMPARISON_ANISOTROPIC,
       "D3D11_ENCODE_ANISOTROPIC_FILTER comparison");
    ok(D3D11_DECODE_MIN_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT) ==
           D3D11_FILTER_TYPE_LINEAR &&
       D3D11_DECODE_MAG_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT) ==
           D3D11_FILTER_TYPE_POINT &&
       D3D11_DECODE_MIP_FILTER(D3D11_FILTER_MIN_MAG_POINT_MIP_LINEAR) ==
           D3D11_FILTER_TYPE_LINEAR,
       "D3D11_DECODE_*_FILTER");
    ok(D3D11_DECODE_IS_ANISOTROPIC_FILTER(
           D3D11_FILTER_COMPARISON_ANISOTROPIC) &&
           !D3D11_DECODE_IS_ANISOTROPIC_FILTER(D3D11_FILTER_MIN_MAG_MIP_LINEAR),
       "D3D11_DECODE_IS_ANISOTROPIC_FILTER");
    ok(D3D11_DECODE_IS_COMPARISON_FILTER(
           D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT) &&
           !D3D11_DECODE_IS_COMPARISON_FILTER(D3D11_FILTER_ANISOTROPIC),
       "D3D11_DECODE_IS_COMPARISON_FILTER");
    ok(D3D11CalcSubresource(2, 3, 5) == 17, "D3D11CalcSubresource");

    /* The unions of the view descriptions keep both names of a field. */
    memset(&srv, 0, sizeof(srv));
    srv.Buffer.FirstElement = 7;
    srv.Buffer.NumElements = 9;
    ok(srv.Buffer.ElementOffset == 7 && srv.Buffer.ElementWidth == 9 &&
           srv.BufferEx.FirstElement == 7 && srv.Texture2D.MipLevels == 9,
       "D3D11_SHADER_RESOURCE_VIEW_DESC union");
    rtv.ElementWidth = 3;
    ok(rtv.NumElements == 3, "D3D11_BUFFER_RTV union");

    /* Enumerations that run past INT_MAX stay 32 bits and unsigned. */
    ok((UINT)DXGI_FORMAT_FORCE_UINT == 0xffffffffu &&
           DXGI_FORMAT_FORCE_UINT > 0,
       "DXGI_FORMAT_FORCE_UINT");
    ok((UINT)D3D11_CENTER_MULTISAMPLE_PATTERN == 0xfffffffeu,
       "D3D11_CENTER_MULTISAMPLE_PATTERN");

    ok(FAILED(DXGI_ERROR_DEVICE_REMOVED) && SUCCEEDED(DXGI_STATUS_OCCLUDED),
       "DXGI FAILED/SUCCEEDED");
    ok(HRESULT_FACILITY(DXGI_ERROR_INVALID_CALL) == _FACDXGI &&
           HRESULT_FACILITY(D3D11_ERROR_FILE_NOT_FOUND) == _FACD3D11,
       "facilities");
}

/* Minimal objects, to check that the C call macros reach the right slots. */
static UINT draws, clears;
static ULONG refs;

static ULONG STDMETHODCALLTYPE ctx_AddRef(ID3D11DeviceContext *This)
{
    (void)This;
    return ++refs;
}
static void STDMETHODCALLTYPE ctx_Draw(ID3D11DeviceContext *This,
                                       UINT VertexCount,
                                       UINT StartVertexLocation)
{
    (void)This;
    draws += VertexCount + StartVertexLocation;
}
static void STDMETHODCALLTYPE ctx_ClearRenderTargetView(
    ID3D11DeviceContext *This, ID3D11RenderTargetView *pRenderTargetView,
    const FLOAT ColorRGBA[4])
{
    (void)This;
    (void)pRenderTargetView;
    clears += (UINT)ColorRGBA[3];
}
static HRESULT STDMETHODCALLTYPE ctx_FinishCommandList(
    ID3D11DeviceContext *This, BOOL RestoreDeferredContextState,
    ID3D11CommandList **ppCommandList)
{
    (void)This;
    *ppCommandList = NULL;
    return RestoreDeferredContextState ? S_OK : E_FAIL;
}
static HRESULT STDMETHODCALLTYPE dev_CreateBuffer(
    ID3D11Device *This, const D3D11_BUFFER_DESC *pDesc,
    const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer)
{
    (void)This;
    (void)pInitialData;
    *ppBuffer = NULL;
    return pDesc->ByteWidth == 64 ? S_OK : E_INVALIDARG;
}
static UINT STDMETHODCALLTYPE dev_GetExceptionMode(ID3D11Device *This)
{
    (void)This;
    return D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR;
}
static HRESULT STDMETHODCALLTYPE sc_Present(IDXGISwapChain *This,
                                            UINT SyncInterval, UINT Flags)
{
    (void)This;
    if (SyncInterval == 1 && Flags == DXGI_PRESENT_TEST)
        return DXGI_STATUS_OCCLUDED;
    return E_FAIL;
}

static void test_call_macros(void)
{
    static const FLOAT color[4] = {0.0f, 0.0f, 0.0f, 2.0f};
    ID3D11DeviceContextVtbl ctx_vtbl;
    ID3D11DeviceContext ctx;
    ID3D11DeviceVtbl dev_vtbl;
    ID3D11Device dev;
    IDXGISwapChainVtbl sc_vtbl;
    IDXGISwapChain sc;
    ID3D11CommandList *list = (ID3D11CommandList *)&ctx;
    ID3D11Buffer *buffer = (ID3D11Buffer *)&ctx;
    D3D11_BUFFER_DESC desc = {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER,
                              0, 0, 0};

    memset(&ctx_vtbl, 0, sizeof(ctx_vtbl));
    ctx_vtbl.AddRef = ctx_AddRef;
    ctx_vtbl.Draw = ctx_Draw;
    ctx_vtbl.ClearRenderTargetView = ctx_ClearRenderTargetView;
    ctx_vtbl.FinishCommandList = ctx_FinishCommandList;
    ctx.lpVtbl = &ctx_vtbl;
    ok(ID3D11DeviceContext_AddRef(&ctx) == 1, "ID3D11DeviceContext_AddRef");
    ID3D11DeviceContext_Draw(&ctx, 3, 4);
    ok(draws == 7, "ID3D11DeviceContext_Draw");
    ID3D11DeviceContext_ClearRenderTargetView(&ctx, NULL, color);
    ok(clears == 2, "ID3D11DeviceContext_ClearRenderTargetView");
    ok(ID3D11DeviceContext_FinishCommandList(&ctx, TRUE, &list) == S_OK &&
           list == NULL,
       "ID3D11DeviceContext_FinishCommandList");
    {
        IUnknown *unk = (IUnknown *)(void *)&ctx;
        ok(unk->lpVtbl->AddRef(unk) == 2, "IUnknown AddRef through the base");
    }

    memset(&dev_vtbl, 0, sizeof(dev_vtbl));
    dev_vtbl.CreateBuffer = dev_CreateBuffer;
    dev_vtbl.GetExceptionMode = dev_GetExceptionMode;
    dev.lpVtbl = &dev_vtbl;
    ok(ID3D11Device_CreateBuffer(&dev, &desc, NULL, &buffer) == S_OK &&
           buffer == NULL,
       "ID3D11Device_CreateBuffer");
    ok(ID3D11Device_GetExceptionMode(&dev) == 1,
       "ID3D11Device_GetExceptionMode");

    memset(&sc_vtbl, 0, sizeof(sc_vtbl));
    sc_vtbl.Present = sc_Present;
    sc.lpVtbl = &sc_vtbl;
    ok(IDXGISwapChain_Present(&sc, 1, DXGI_PRESENT_TEST) ==
           DXGI_STATUS_OCCLUDED,
       "IDXGISwapChain_Present");
}

int main(void)
{
    test_float_constants();
    test_guids();
    test_helpers();
    test_call_macros();
    return test_done();
}
