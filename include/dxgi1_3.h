/*
 * nereid: DXGI 1.3's IDXGIFactory3 and IDXGISwapChain2
 * (dxgi1_3.h) and the entry point CreateDXGIFactory2; its other
 * interfaces are not offered and not declared, for native builds.
 *
 * Written for nereid from Microsoft's DXGI documentation, in the form of
 * dxgi.h (see there).  tests/unit/test_d3d11_abi.c checks slots, layouts
 * and values against those of mingw-w64's headers.  On Windows this file
 * defers to the system's <dxgi1_3.h>.
 */
#ifdef _WIN32
#include_next <dxgi1_3.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI1_3_H
#define NEREID_DXGI1_3_H

#include "dxgi1_2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CreateDXGIFactory2's Flags: 0 or this. */
#define DXGI_CREATE_FACTORY_DEBUG 0x1

/* IDXGISwapChain2's transform (composition swap chains only). */
typedef struct DXGI_MATRIX_3X2_F {
    FLOAT _11;
    FLOAT _12;
    FLOAT _21;
    FLOAT _22;
    FLOAT _31;
    FLOAT _32;
} DXGI_MATRIX_3X2_F;

/* {A8BE2AC4-199F-4946-B331-79599FB98DE7} */
DEFINE_GUID(IID_IDXGISwapChain2, 0xa8be2ac4, 0x199f, 0x4946, 0xb3, 0x31, 0x79,
            0x59, 0x9f, 0xb9, 0x8d, 0xe7);
/* {25483823-CD46-4C7D-86CA-47AA95B837BD} */
DEFINE_GUID(IID_IDXGIFactory3, 0x25483823, 0xcd46, 0x4c7d, 0x86, 0xca, 0x47,
            0xaa, 0x95, 0xb8, 0x37, 0xbd);

typedef struct IDXGISwapChain2 IDXGISwapChain2;
typedef struct IDXGIFactory3 IDXGIFactory3;

/* ---- IDXGISwapChain2 ------------------------------------------------------- */

typedef struct IDXGISwapChain2Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGISwapChain2 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGISwapChain2 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGISwapChain2 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGISwapChain2 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGISwapChain2 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGISwapChain2 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGISwapChain2 *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGISwapChain2 *This, REFIID riid, void **ppDevice);
    /* IDXGISwapChain */
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDXGISwapChain2 *This, UINT SyncInterval, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetBuffer)(
        IDXGISwapChain2 *This, UINT Buffer, REFIID riid, void **ppSurface);
    HRESULT (STDMETHODCALLTYPE *SetFullscreenState)(
        IDXGISwapChain2 *This, BOOL Fullscreen, IDXGIOutput *pTarget);
    HRESULT (STDMETHODCALLTYPE *GetFullscreenState)(
        IDXGISwapChain2 *This, BOOL *pFullscreen, IDXGIOutput **ppTarget);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGISwapChain2 *This, DXGI_SWAP_CHAIN_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *ResizeBuffers)(
        IDXGISwapChain2 *This, UINT BufferCount, UINT Width, UINT Height,
        DXGI_FORMAT NewFormat, UINT SwapChainFlags);
    HRESULT (STDMETHODCALLTYPE *ResizeTarget)(
        IDXGISwapChain2 *This, const DXGI_MODE_DESC *pNewTargetParameters);
    HRESULT (STDMETHODCALLTYPE *GetContainingOutput)(
        IDXGISwapChain2 *This, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetFrameStatistics)(
        IDXGISwapChain2 *This, DXGI_FRAME_STATISTICS *pStats);
    HRESULT (STDMETHODCALLTYPE *GetLastPresentCount)(
        IDXGISwapChain2 *This, UINT *pLastPresentCount);
    /* IDXGISwapChain1 */
    HRESULT (STDMETHODCALLTYPE *GetDesc1)(
        IDXGISwapChain2 *This, DXGI_SWAP_CHAIN_DESC1 *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetFullscreenDesc)(
        IDXGISwapChain2 *This, DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetHwnd)(IDXGISwapChain2 *This, HWND *pHwnd);
    HRESULT (STDMETHODCALLTYPE *GetCoreWindow)(
        IDXGISwapChain2 *This, REFIID refiid, void **ppUnk);
    HRESULT (STDMETHODCALLTYPE *Present1)(
        IDXGISwapChain2 *This, UINT SyncInterval, UINT PresentFlags,
        const DXGI_PRESENT_PARAMETERS *pPresentParameters);
    BOOL (STDMETHODCALLTYPE *IsTemporaryMonoSupported)(IDXGISwapChain2 *This);
    HRESULT (STDMETHODCALLTYPE *GetRestrictToOutput)(
        IDXGISwapChain2 *This, IDXGIOutput **ppRestrictToOutput);
    HRESULT (STDMETHODCALLTYPE *SetBackgroundColor)(
        IDXGISwapChain2 *This, const DXGI_RGBA *pColor);
    HRESULT (STDMETHODCALLTYPE *GetBackgroundColor)(
        IDXGISwapChain2 *This, DXGI_RGBA *pColor);
    HRESULT (STDMETHODCALLTYPE *SetRotation)(
        IDXGISwapChain2 *This, DXGI_MODE_ROTATION Rotation);
    HRESULT (STDMETHODCALLTYPE *GetRotation)(
        IDXGISwapChain2 *This, DXGI_MODE_ROTATION *pRotation);
    /* IDXGISwapChain2 */
    HRESULT (STDMETHODCALLTYPE *SetSourceSize)(IDXGISwapChain2 *This, UINT Width, UINT Height);
    HRESULT (STDMETHODCALLTYPE *GetSourceSize)(IDXGISwapChain2 *This, UINT *pWidth, UINT *pHeight);
    HRESULT (STDMETHODCALLTYPE *SetMaximumFrameLatency)(IDXGISwapChain2 *This, UINT MaxLatency);
    HRESULT (STDMETHODCALLTYPE *GetMaximumFrameLatency)(IDXGISwapChain2 *This, UINT *pMaxLatency);
    HANDLE (STDMETHODCALLTYPE *GetFrameLatencyWaitableObject)(IDXGISwapChain2 *This);
    HRESULT (STDMETHODCALLTYPE *SetMatrixTransform)(IDXGISwapChain2 *This, const DXGI_MATRIX_3X2_F *pMatrix);
    HRESULT (STDMETHODCALLTYPE *GetMatrixTransform)(IDXGISwapChain2 *This, DXGI_MATRIX_3X2_F *pMatrix);
} IDXGISwapChain2Vtbl;

struct IDXGISwapChain2 {
    const IDXGISwapChain2Vtbl *lpVtbl;
};

#define IDXGISwapChain2_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGISwapChain2_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGISwapChain2_Release(p) (p)->lpVtbl->Release(p)
#define IDXGISwapChain2_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGISwapChain2_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGISwapChain2_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGISwapChain2_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGISwapChain2_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGISwapChain2_Present(p,a,b) (p)->lpVtbl->Present(p,a,b)
#define IDXGISwapChain2_GetBuffer(p,a,b,c) (p)->lpVtbl->GetBuffer(p,a,b,c)
#define IDXGISwapChain2_SetFullscreenState(p,a,b) (p)->lpVtbl->SetFullscreenState(p,a,b)
#define IDXGISwapChain2_GetFullscreenState(p,a,b) (p)->lpVtbl->GetFullscreenState(p,a,b)
#define IDXGISwapChain2_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGISwapChain2_ResizeBuffers(p,a,b,c,d,e) (p)->lpVtbl->ResizeBuffers(p,a,b,c,d,e)
#define IDXGISwapChain2_ResizeTarget(p,a) (p)->lpVtbl->ResizeTarget(p,a)
#define IDXGISwapChain2_GetContainingOutput(p,a) (p)->lpVtbl->GetContainingOutput(p,a)
#define IDXGISwapChain2_GetFrameStatistics(p,a) (p)->lpVtbl->GetFrameStatistics(p,a)
#define IDXGISwapChain2_GetLastPresentCount(p,a) (p)->lpVtbl->GetLastPresentCount(p,a)
#define IDXGISwapChain2_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)
#define IDXGISwapChain2_GetFullscreenDesc(p,a) (p)->lpVtbl->GetFullscreenDesc(p,a)
#define IDXGISwapChain2_GetHwnd(p,a) (p)->lpVtbl->GetHwnd(p,a)
#define IDXGISwapChain2_GetCoreWindow(p,a,b) (p)->lpVtbl->GetCoreWindow(p,a,b)
#define IDXGISwapChain2_Present1(p,a,b,c) (p)->lpVtbl->Present1(p,a,b,c)
#define IDXGISwapChain2_IsTemporaryMonoSupported(p) (p)->lpVtbl->IsTemporaryMonoSupported(p)
#define IDXGISwapChain2_GetRestrictToOutput(p,a) (p)->lpVtbl->GetRestrictToOutput(p,a)
#define IDXGISwapChain2_SetBackgroundColor(p,a) (p)->lpVtbl->SetBackgroundColor(p,a)
#define IDXGISwapChain2_GetBackgroundColor(p,a) (p)->lpVtbl->GetBackgroundColor(p,a)
#define IDXGISwapChain2_SetRotation(p,a) (p)->lpVtbl->SetRotation(p,a)
#define IDXGISwapChain2_GetRotation(p,a) (p)->lpVtbl->GetRotation(p,a)
#define IDXGISwapChain2_SetSourceSize(p,a,b) (p)->lpVtbl->SetSourceSize(p,a,b)
#define IDXGISwapChain2_GetSourceSize(p,a,b) (p)->lpVtbl->GetSourceSize(p,a,b)
#define IDXGISwapChain2_SetMaximumFrameLatency(p,a) (p)->lpVtbl->SetMaximumFrameLatency(p,a)
#define IDXGISwapChain2_GetMaximumFrameLatency(p,a) (p)->lpVtbl->GetMaximumFrameLatency(p,a)
#define IDXGISwapChain2_GetFrameLatencyWaitableObject(p) (p)->lpVtbl->GetFrameLatencyWaitableObject(p)
#define IDXGISwapChain2_SetMatrixTransform(p,a) (p)->lpVtbl->SetMatrixTransform(p,a)
#define IDXGISwapChain2_GetMatrixTransform(p,a) (p)->lpVtbl->GetMatrixTransform(p,a)

/* ---- IDXGIFactory3 --------------------------------------------------------- */

typedef struct IDXGIFactory3Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory3 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory3 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory3 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory3 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory3 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory3 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory3 *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory3 *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory3 *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory3 *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory3 *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory3 *This, HMODULE Module, IDXGIAdapter **ppAdapter);
    /* IDXGIFactory1 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters1)(
        IDXGIFactory3 *This, UINT Adapter, IDXGIAdapter1 **ppAdapter);
    BOOL (STDMETHODCALLTYPE *IsCurrent)(IDXGIFactory3 *This);
    /* IDXGIFactory2 */
    BOOL (STDMETHODCALLTYPE *IsWindowedStereoEnabled)(IDXGIFactory3 *This);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForHwnd)(
        IDXGIFactory3 *This, IUnknown *pDevice, HWND hWnd,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForCoreWindow)(
        IDXGIFactory3 *This, IUnknown *pDevice, IUnknown *pWindow,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput,
        IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSharedResourceAdapterLuid)(
        IDXGIFactory3 *This, HANDLE hResource, LUID *pLuid);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusWindow)(
        IDXGIFactory3 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusEvent)(
        IDXGIFactory3 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterStereoStatus)(IDXGIFactory3 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusWindow)(
        IDXGIFactory3 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusEvent)(
        IDXGIFactory3 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterOcclusionStatus)(IDXGIFactory3 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForComposition)(
        IDXGIFactory3 *This, IUnknown *pDevice, const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    /* IDXGIFactory3 */
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(IDXGIFactory3 *This);
} IDXGIFactory3Vtbl;

struct IDXGIFactory3 {
    const IDXGIFactory3Vtbl *lpVtbl;
};

#define IDXGIFactory3_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory3_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory3_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory3_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory3_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory3_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory3_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory3_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory3_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory3_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory3_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory3_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)
#define IDXGIFactory3_EnumAdapters1(p,a,b) (p)->lpVtbl->EnumAdapters1(p,a,b)
#define IDXGIFactory3_IsCurrent(p) (p)->lpVtbl->IsCurrent(p)
#define IDXGIFactory3_IsWindowedStereoEnabled(p) (p)->lpVtbl->IsWindowedStereoEnabled(p)
#define IDXGIFactory3_CreateSwapChainForHwnd(p,a,b,c,d,e,f) (p)->lpVtbl->CreateSwapChainForHwnd(p,a,b,c,d,e,f)
#define IDXGIFactory3_CreateSwapChainForCoreWindow(p,a,b,c,d,e) (p)->lpVtbl->CreateSwapChainForCoreWindow(p,a,b,c,d,e)
#define IDXGIFactory3_GetSharedResourceAdapterLuid(p,a,b) (p)->lpVtbl->GetSharedResourceAdapterLuid(p,a,b)
#define IDXGIFactory3_RegisterStereoStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterStereoStatusWindow(p,a,b,c)
#define IDXGIFactory3_RegisterStereoStatusEvent(p,a,b) (p)->lpVtbl->RegisterStereoStatusEvent(p,a,b)
#define IDXGIFactory3_UnregisterStereoStatus(p,a) (p)->lpVtbl->UnregisterStereoStatus(p,a)
#define IDXGIFactory3_RegisterOcclusionStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterOcclusionStatusWindow(p,a,b,c)
#define IDXGIFactory3_RegisterOcclusionStatusEvent(p,a,b) (p)->lpVtbl->RegisterOcclusionStatusEvent(p,a,b)
#define IDXGIFactory3_UnregisterOcclusionStatus(p,a) (p)->lpVtbl->UnregisterOcclusionStatus(p,a)
#define IDXGIFactory3_CreateSwapChainForComposition(p,a,b,c,d) (p)->lpVtbl->CreateSwapChainForComposition(p,a,b,c,d)
#define IDXGIFactory3_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)

HRESULT WINAPI CreateDXGIFactory2(UINT Flags, REFIID riid, void **ppFactory);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI1_3_H */
#endif /* !_WIN32 */
