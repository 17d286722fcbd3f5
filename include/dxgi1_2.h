/*
 * nereid: the DXGI 1.2 interfaces nereid offers (dxgi1_2.h), for native
 * builds: IDXGIFactory2 (swap chains from a DXGI_SWAP_CHAIN_DESC1 for a
 * window), IDXGISwapChain1, IDXGIAdapter2 and IDXGIResource1, with their
 * types.
 *
 * Written for nereid from Microsoft's DXGI documentation, in the form of
 * dxgi.h (see there): C vtables in the Windows order and a call macro for
 * every method.  tests/unit/test_d3d11_abi.c checks slots, layouts and
 * values against those of mingw-w64's headers.  The DXGI 1.2 interfaces
 * nereid does not offer (IDXGIOutput1, IDXGIOutputDuplication,
 * IDXGISurface2, IDXGIDevice2, IDXGIDisplayControl) are not declared
 * (IDXGISurface2 by name only, for IDXGIResource1).
 *
 * On Windows this file defers to the system's <dxgi1_2.h>.
 */
#ifdef _WIN32
#include_next <dxgi1_2.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI1_2_H
#define NEREID_DXGI1_2_H

#include "dxgi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Types =============================================================== */

/* How a swap chain's buffer meets a window of another size. */
typedef enum DXGI_SCALING {
    DXGI_SCALING_STRETCH = 0,
    DXGI_SCALING_NONE = 1,
    DXGI_SCALING_ASPECT_RATIO_STRETCH = 2
} DXGI_SCALING;

/* FORCE_DWORD runs past INT_MAX; see dxgiformat.h about the extension. */
NEREID_EXTENSION typedef enum DXGI_ALPHA_MODE {
    DXGI_ALPHA_MODE_UNSPECIFIED = 0,
    DXGI_ALPHA_MODE_PREMULTIPLIED = 1,
    DXGI_ALPHA_MODE_STRAIGHT = 2,
    DXGI_ALPHA_MODE_IGNORE = 3,
    DXGI_ALPHA_MODE_FORCE_DWORD = 0xffffffff
} DXGI_ALPHA_MODE;

typedef enum DXGI_GRAPHICS_PREEMPTION_GRANULARITY {
    DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY = 0,
    DXGI_GRAPHICS_PREEMPTION_PRIMITIVE_BOUNDARY = 1,
    DXGI_GRAPHICS_PREEMPTION_TRIANGLE_BOUNDARY = 2,
    DXGI_GRAPHICS_PREEMPTION_PIXEL_BOUNDARY = 3,
    DXGI_GRAPHICS_PREEMPTION_INSTRUCTION_BOUNDARY = 4
} DXGI_GRAPHICS_PREEMPTION_GRANULARITY;

typedef enum DXGI_COMPUTE_PREEMPTION_GRANULARITY {
    DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY = 0,
    DXGI_COMPUTE_PREEMPTION_DISPATCH_BOUNDARY = 1,
    DXGI_COMPUTE_PREEMPTION_THREAD_GROUP_BOUNDARY = 2,
    DXGI_COMPUTE_PREEMPTION_THREAD_BOUNDARY = 3,
    DXGI_COMPUTE_PREEMPTION_INSTRUCTION_BOUNDARY = 4
} DXGI_COMPUTE_PREEMPTION_GRANULARITY;

/* A swap chain of DXGI 1.2: the buffers' description without the window
 * or the display mode (those are CreateSwapChainForHwnd's arguments). */
typedef struct DXGI_SWAP_CHAIN_DESC1 {
    UINT Width;
    UINT Height;
    DXGI_FORMAT Format;
    BOOL Stereo;
    DXGI_SAMPLE_DESC SampleDesc;
    DXGI_USAGE BufferUsage;
    UINT BufferCount;
    DXGI_SCALING Scaling;
    DXGI_SWAP_EFFECT SwapEffect;
    DXGI_ALPHA_MODE AlphaMode;
    UINT Flags;
} DXGI_SWAP_CHAIN_DESC1;

typedef struct DXGI_SWAP_CHAIN_FULLSCREEN_DESC {
    DXGI_RATIONAL RefreshRate;
    DXGI_MODE_SCANLINE_ORDER ScanlineOrdering;
    DXGI_MODE_SCALING Scaling;
    BOOL Windowed;
} DXGI_SWAP_CHAIN_FULLSCREEN_DESC;

/* Present1's hints: what changed since the last frame. */
typedef struct DXGI_PRESENT_PARAMETERS {
    UINT DirtyRectsCount;
    RECT *pDirtyRects;
    RECT *pScrollRect;
    POINT *pScrollOffset;
} DXGI_PRESENT_PARAMETERS;

typedef struct DXGI_ADAPTER_DESC2 {
    WCHAR Description[128];
    UINT VendorId;
    UINT DeviceId;
    UINT SubSysId;
    UINT Revision;
    SIZE_T DedicatedVideoMemory;
    SIZE_T DedicatedSystemMemory;
    SIZE_T SharedSystemMemory;
    LUID AdapterLuid;
    UINT Flags;
    DXGI_GRAPHICS_PREEMPTION_GRANULARITY GraphicsPreemptionGranularity;
    DXGI_COMPUTE_PREEMPTION_GRANULARITY ComputePreemptionGranularity;
} DXGI_ADAPTER_DESC2;

/* ==== Interface identifiers =============================================== */

/* {790A45F7-0D42-4876-983A-0A55CFE6F4AA} */
DEFINE_GUID(IID_IDXGISwapChain1, 0x790a45f7, 0x0d42, 0x4876, 0x98, 0x3a, 0x0a,
            0x55, 0xcf, 0xe6, 0xf4, 0xaa);
/* {50C83A1C-E072-4C48-87B0-3630FA36A6D0} */
DEFINE_GUID(IID_IDXGIFactory2, 0x50c83a1c, 0xe072, 0x4c48, 0x87, 0xb0, 0x36,
            0x30, 0xfa, 0x36, 0xa6, 0xd0);
/* {0AA1AE0A-FA0E-4B84-8644-E05FF8E5ACB5} */
DEFINE_GUID(IID_IDXGIAdapter2, 0x0aa1ae0a, 0xfa0e, 0x4b84, 0x86, 0x44, 0xe0,
            0x5f, 0xf8, 0xe5, 0xac, 0xb5);

/* {30961379-4609-4A41-998E-54FE567EE0C1} */
DEFINE_GUID(IID_IDXGIResource1, 0x30961379, 0x4609, 0x4a41, 0x99, 0x8e, 0x54,
            0xfe, 0x56, 0x7e, 0xe0, 0xc1);

/* IDXGIResource1::CreateSharedHandle's access rights */
#define DXGI_SHARED_RESOURCE_READ 0x80000000L
#define DXGI_SHARED_RESOURCE_WRITE 1

typedef struct IDXGISwapChain1 IDXGISwapChain1;
typedef struct IDXGIFactory2 IDXGIFactory2;
typedef struct IDXGIAdapter2 IDXGIAdapter2;
typedef struct IDXGIResource1 IDXGIResource1;
typedef struct IDXGISurface2 IDXGISurface2;

/* ---- IDXGISwapChain1 ----------------------------------------------------- */

typedef struct IDXGISwapChain1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGISwapChain1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGISwapChain1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGISwapChain1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGISwapChain1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGISwapChain1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGISwapChain1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGISwapChain1 *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGISwapChain1 *This, REFIID riid, void **ppDevice);
    /* IDXGISwapChain */
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDXGISwapChain1 *This, UINT SyncInterval, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetBuffer)(
        IDXGISwapChain1 *This, UINT Buffer, REFIID riid, void **ppSurface);
    HRESULT (STDMETHODCALLTYPE *SetFullscreenState)(
        IDXGISwapChain1 *This, BOOL Fullscreen, IDXGIOutput *pTarget);
    HRESULT (STDMETHODCALLTYPE *GetFullscreenState)(
        IDXGISwapChain1 *This, BOOL *pFullscreen, IDXGIOutput **ppTarget);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGISwapChain1 *This, DXGI_SWAP_CHAIN_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *ResizeBuffers)(
        IDXGISwapChain1 *This, UINT BufferCount, UINT Width, UINT Height,
        DXGI_FORMAT NewFormat, UINT SwapChainFlags);
    HRESULT (STDMETHODCALLTYPE *ResizeTarget)(
        IDXGISwapChain1 *This, const DXGI_MODE_DESC *pNewTargetParameters);
    HRESULT (STDMETHODCALLTYPE *GetContainingOutput)(
        IDXGISwapChain1 *This, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetFrameStatistics)(
        IDXGISwapChain1 *This, DXGI_FRAME_STATISTICS *pStats);
    HRESULT (STDMETHODCALLTYPE *GetLastPresentCount)(
        IDXGISwapChain1 *This, UINT *pLastPresentCount);
    /* IDXGISwapChain1 */
    HRESULT (STDMETHODCALLTYPE *GetDesc1)(
        IDXGISwapChain1 *This, DXGI_SWAP_CHAIN_DESC1 *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetFullscreenDesc)(
        IDXGISwapChain1 *This, DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetHwnd)(IDXGISwapChain1 *This, HWND *pHwnd);
    HRESULT (STDMETHODCALLTYPE *GetCoreWindow)(
        IDXGISwapChain1 *This, REFIID refiid, void **ppUnk);
    HRESULT (STDMETHODCALLTYPE *Present1)(
        IDXGISwapChain1 *This, UINT SyncInterval, UINT PresentFlags,
        const DXGI_PRESENT_PARAMETERS *pPresentParameters);
    BOOL (STDMETHODCALLTYPE *IsTemporaryMonoSupported)(IDXGISwapChain1 *This);
    HRESULT (STDMETHODCALLTYPE *GetRestrictToOutput)(
        IDXGISwapChain1 *This, IDXGIOutput **ppRestrictToOutput);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundColor)(
        IDXGISwapChain1 *This, const DXGI_RGBA *pColor);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundColor)(
        IDXGISwapChain1 *This, DXGI_RGBA *pColor);
    HRESULT (STDMETHODCALLTYPE *SetRotation)(
        IDXGISwapChain1 *This, DXGI_MODE_ROTATION Rotation);
    HRESULT (STDMETHODCALLTYPE *GetRotation)(
        IDXGISwapChain1 *This, DXGI_MODE_ROTATION *pRotation);
} IDXGISwapChain1Vtbl;

struct IDXGISwapChain1 {
    const IDXGISwapChain1Vtbl *lpVtbl;
};

#define IDXGISwapChain1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGISwapChain1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGISwapChain1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGISwapChain1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGISwapChain1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGISwapChain1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGISwapChain1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGISwapChain1_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGISwapChain1_Present(p,a,b) (p)->lpVtbl->Present(p,a,b)
#define IDXGISwapChain1_GetBuffer(p,a,b,c) (p)->lpVtbl->GetBuffer(p,a,b,c)
#define IDXGISwapChain1_SetFullscreenState(p,a,b) (p)->lpVtbl->SetFullscreenState(p,a,b)
#define IDXGISwapChain1_GetFullscreenState(p,a,b) (p)->lpVtbl->GetFullscreenState(p,a,b)
#define IDXGISwapChain1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGISwapChain1_ResizeBuffers(p,a,b,c,d,e) (p)->lpVtbl->ResizeBuffers(p,a,b,c,d,e)
#define IDXGISwapChain1_ResizeTarget(p,a) (p)->lpVtbl->ResizeTarget(p,a)
#define IDXGISwapChain1_GetContainingOutput(p,a) (p)->lpVtbl->GetContainingOutput(p,a)
#define IDXGISwapChain1_GetFrameStatistics(p,a) (p)->lpVtbl->GetFrameStatistics(p,a)
#define IDXGISwapChain1_GetLastPresentCount(p,a) (p)->lpVtbl->GetLastPresentCount(p,a)
#define IDXGISwapChain1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)
#define IDXGISwapChain1_GetFullscreenDesc(p,a) (p)->lpVtbl->GetFullscreenDesc(p,a)
#define IDXGISwapChain1_GetHwnd(p,a) (p)->lpVtbl->GetHwnd(p,a)
#define IDXGISwapChain1_GetCoreWindow(p,a,b) (p)->lpVtbl->GetCoreWindow(p,a,b)
#define IDXGISwapChain1_Present1(p,a,b,c) (p)->lpVtbl->Present1(p,a,b,c)
#define IDXGISwapChain1_IsTemporaryMonoSupported(p) (p)->lpVtbl->IsTemporaryMonoSupported(p)
#define IDXGISwapChain1_GetRestrictToOutput(p,a) (p)->lpVtbl->GetRestrictToOutput(p,a)
#define IDXGISwapChain1_SetBackgroundColor(p,a) (p)->lpVtbl->SetBackgroundColor(p,a)
#define IDXGISwapChain1_GetBackgroundColor(p,a) (p)->lpVtbl->GetBackgroundColor(p,a)
#define IDXGISwapChain1_SetRotation(p,a) (p)->lpVtbl->SetRotation(p,a)
#define IDXGISwapChain1_GetRotation(p,a) (p)->lpVtbl->GetRotation(p,a)

/* ---- IDXGIFactory2 ------------------------------------------------------- */

typedef struct IDXGIFactory2Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory2 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory2 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory2 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory2 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory2 *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory2 *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory2 *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory2 *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory2 *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory2 *This, HMODULE Module, IDXGIAdapter **ppAdapter);
    /* IDXGIFactory1 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters1)(
        IDXGIFactory2 *This, UINT Adapter, IDXGIAdapter1 **ppAdapter);
    BOOL (STDMETHODCALLTYPE *IsCurrent)(IDXGIFactory2 *This);
    /* IDXGIFactory2 */
    BOOL (STDMETHODCALLTYPE *IsWindowedStereoEnabled)(IDXGIFactory2 *This);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForHwnd)(
        IDXGIFactory2 *This, IUnknown *pDevice, HWND hWnd,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForCoreWindow)(
        IDXGIFactory2 *This, IUnknown *pDevice, IUnknown *pWindow,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput,
        IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSharedResourceAdapterLuid)(
        IDXGIFactory2 *This, HANDLE hResource, LUID *pLuid);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusWindow)(
        IDXGIFactory2 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusEvent)(
        IDXGIFactory2 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterStereoStatus)(IDXGIFactory2 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusWindow)(
        IDXGIFactory2 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusEvent)(
        IDXGIFactory2 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterOcclusionStatus)(IDXGIFactory2 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForComposition)(
        IDXGIFactory2 *This, IUnknown *pDevice, const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
} IDXGIFactory2Vtbl;

struct IDXGIFactory2 {
    const IDXGIFactory2Vtbl *lpVtbl;
};

#define IDXGIFactory2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory2_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory2_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory2_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory2_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory2_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory2_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory2_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory2_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory2_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory2_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)
#define IDXGIFactory2_EnumAdapters1(p,a,b) (p)->lpVtbl->EnumAdapters1(p,a,b)
#define IDXGIFactory2_IsCurrent(p) (p)->lpVtbl->IsCurrent(p)
#define IDXGIFactory2_IsWindowedStereoEnabled(p) (p)->lpVtbl->IsWindowedStereoEnabled(p)
#define IDXGIFactory2_CreateSwapChainForHwnd(p,a,b,c,d,e,f) (p)->lpVtbl->CreateSwapChainForHwnd(p,a,b,c,d,e,f)
#define IDXGIFactory2_CreateSwapChainForCoreWindow(p,a,b,c,d,e) (p)->lpVtbl->CreateSwapChainForCoreWindow(p,a,b,c,d,e)
#define IDXGIFactory2_GetSharedResourceAdapterLuid(p,a,b) (p)->lpVtbl->GetSharedResourceAdapterLuid(p,a,b)
#define IDXGIFactory2_RegisterStereoStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterStereoStatusWindow(p,a,b,c)
#define IDXGIFactory2_RegisterStereoStatusEvent(p,a,b) (p)->lpVtbl->RegisterStereoStatusEvent(p,a,b)
#define IDXGIFactory2_UnregisterStereoStatus(p,a) (p)->lpVtbl->UnregisterStereoStatus(p,a)
#define IDXGIFactory2_RegisterOcclusionStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterOcclusionStatusWindow(p,a,b,c)
#define IDXGIFactory2_RegisterOcclusionStatusEvent(p,a,b) (p)->lpVtbl->RegisterOcclusionStatusEvent(p,a,b)
#define IDXGIFactory2_UnregisterOcclusionStatus(p,a) (p)->lpVtbl->UnregisterOcclusionStatus(p,a)
#define IDXGIFactory2_CreateSwapChainForComposition(p,a,b,c,d) (p)->lpVtbl->CreateSwapChainForComposition(p,a,b,c,d)

/* ---- IDXGIAdapter2 ------------------------------------------------------- */

typedef struct IDXGIAdapter2Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIAdapter2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIAdapter2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIAdapter2 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIAdapter2 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIAdapter2 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIAdapter2 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIAdapter2 *This, REFIID riid, void **ppParent);
    /* IDXGIAdapter */
    HRESULT (STDMETHODCALLTYPE *EnumOutputs)(
        IDXGIAdapter2 *This, UINT Output, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(IDXGIAdapter2 *This, DXGI_ADAPTER_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *CheckInterfaceSupport)(
        IDXGIAdapter2 *This, REFGUID InterfaceName, LARGE_INTEGER *pUMDVersion);
    /* IDXGIAdapter1 */
    HRESULT (STDMETHODCALLTYPE *GetDesc1)(IDXGIAdapter2 *This, DXGI_ADAPTER_DESC1 *pDesc);
    /* IDXGIAdapter2 */
    HRESULT (STDMETHODCALLTYPE *GetDesc2)(IDXGIAdapter2 *This, DXGI_ADAPTER_DESC2 *pDesc);
} IDXGIAdapter2Vtbl;

struct IDXGIAdapter2 {
    const IDXGIAdapter2Vtbl *lpVtbl;
};

#define IDXGIAdapter2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIAdapter2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIAdapter2_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIAdapter2_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIAdapter2_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIAdapter2_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIAdapter2_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIAdapter2_EnumOutputs(p,a,b) (p)->lpVtbl->EnumOutputs(p,a,b)
#define IDXGIAdapter2_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGIAdapter2_CheckInterfaceSupport(p,a,b) (p)->lpVtbl->CheckInterfaceSupport(p,a,b)
#define IDXGIAdapter2_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)
#define IDXGIAdapter2_GetDesc2(p,a) (p)->lpVtbl->GetDesc2(p,a)

/* ---- IDXGIResource1 ------------------------------------------------------ */

typedef struct IDXGIResource1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIResource1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIResource1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIResource1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIResource1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIResource1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIResource1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIResource1 *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGIResource1 *This, REFIID riid, void **ppDevice);
    /* IDXGIResource */
    HRESULT (STDMETHODCALLTYPE *GetSharedHandle)(
        IDXGIResource1 *This, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *GetUsage)(
        IDXGIResource1 *This, DXGI_USAGE *pUsage);
    HRESULT (STDMETHODCALLTYPE *SetEvictionPriority)(
        IDXGIResource1 *This, UINT EvictionPriority);
    HRESULT (STDMETHODCALLTYPE *GetEvictionPriority)(
        IDXGIResource1 *This, UINT *pEvictionPriority);
    /* IDXGIResource1 */
    HRESULT (STDMETHODCALLTYPE *CreateSubresourceSurface)(
        IDXGIResource1 *This, UINT index, IDXGISurface2 **ppSurface);
    HRESULT (STDMETHODCALLTYPE *CreateSharedHandle)(
        IDXGIResource1 *This, const SECURITY_ATTRIBUTES *pAttributes, DWORD dwAccess,
        LPCWSTR lpName, HANDLE *pHandle);
} IDXGIResource1Vtbl;

struct IDXGIResource1 {
    const IDXGIResource1Vtbl *lpVtbl;
};

#define IDXGIResource1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIResource1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIResource1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIResource1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIResource1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIResource1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIResource1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIResource1_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGIResource1_GetSharedHandle(p,a) (p)->lpVtbl->GetSharedHandle(p,a)
#define IDXGIResource1_GetUsage(p,a) (p)->lpVtbl->GetUsage(p,a)
#define IDXGIResource1_SetEvictionPriority(p,a) (p)->lpVtbl->SetEvictionPriority(p,a)
#define IDXGIResource1_GetEvictionPriority(p,a) (p)->lpVtbl->GetEvictionPriority(p,a)
#define IDXGIResource1_CreateSubresourceSurface(p,a,b) (p)->lpVtbl->CreateSubresourceSurface(p,a,b)
#define IDXGIResource1_CreateSharedHandle(p,a,b,c,d) (p)->lpVtbl->CreateSharedHandle(p,a,b,c,d)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI1_2_H */
#endif /* !_WIN32 */
