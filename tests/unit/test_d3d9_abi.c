/* ABI checks for nereid's own Direct3D 9 headers: the sizes, field offsets,
 * vtable slots and constant values below are those of the Windows x64 ABI
 * (checked against the mingw-w64 headers built with the x86_64 Windows
 * cross compiler when the headers were written).
 *
 * Build: gcc -std=c11 -Wall -Wextra -Iinclude -Itests tests/unit/test_d3d9_abi.c
 */
#define INITGUID
#include <d3d9.h>

#include <stddef.h>

#include "harness.h"

/* ---- base types (Win64 sizes, not LP64) -------------------------------- */
_Static_assert(sizeof(BYTE) == 1, "BYTE");
_Static_assert(sizeof(WORD) == 2, "WORD");
_Static_assert(sizeof(DWORD) == 4, "DWORD");
_Static_assert(sizeof(LONG) == 4, "LONG must be 32-bit, as on Win64");
_Static_assert(sizeof(ULONG) == 4, "ULONG");
_Static_assert(sizeof(BOOL) == 4, "BOOL");
_Static_assert(sizeof(HRESULT) == 4, "HRESULT");
_Static_assert(sizeof(WCHAR) == 2, "WCHAR");
_Static_assert(sizeof(UINT_PTR) == 8, "UINT_PTR");
_Static_assert(sizeof(SIZE_T) == 8, "SIZE_T");
_Static_assert(sizeof(HANDLE) == 8, "HANDLE");
_Static_assert(sizeof(HWND) == 8, "HWND");
_Static_assert(sizeof(HMONITOR) == 8, "HMONITOR");
_Static_assert(sizeof(GUID) == 16, "GUID");
_Static_assert(sizeof(LUID) == 8, "LUID");
_Static_assert(sizeof(LARGE_INTEGER) == 8, "LARGE_INTEGER");
_Static_assert(sizeof(RECT) == 16, "RECT");
_Static_assert(sizeof(POINT) == 8, "POINT");
_Static_assert(sizeof(RGNDATAHEADER) == 32, "RGNDATAHEADER");
_Static_assert(sizeof(RGNDATA) == 36, "RGNDATA");
_Static_assert(sizeof(PALETTEENTRY) == 4, "PALETTEENTRY");

/* ---- D3D9 structures ------------------------------------------------------ */
_Static_assert(sizeof(D3DCAPS9) == 304, "D3DCAPS9");
_Static_assert(sizeof(D3DPRESENT_PARAMETERS) == 64, "D3DPRESENT_PARAMETERS");
_Static_assert(sizeof(D3DADAPTER_IDENTIFIER9) == 1104, "D3DADAPTER_IDENTIFIER9");
_Static_assert(sizeof(D3DSURFACE_DESC) == 32, "D3DSURFACE_DESC");
_Static_assert(sizeof(D3DVOLUME_DESC) == 28, "D3DVOLUME_DESC");
_Static_assert(sizeof(D3DLOCKED_RECT) == 16, "D3DLOCKED_RECT");
_Static_assert(sizeof(D3DLOCKED_BOX) == 16, "D3DLOCKED_BOX");
_Static_assert(sizeof(D3DVIEWPORT9) == 24, "D3DVIEWPORT9");
_Static_assert(sizeof(D3DMATRIX) == 64, "D3DMATRIX");
_Static_assert(sizeof(D3DLIGHT9) == 104, "D3DLIGHT9");
_Static_assert(sizeof(D3DMATERIAL9) == 68, "D3DMATERIAL9");
_Static_assert(sizeof(D3DVERTEXELEMENT9) == 8, "D3DVERTEXELEMENT9");
_Static_assert(sizeof(D3DDISPLAYMODE) == 16, "D3DDISPLAYMODE");
_Static_assert(sizeof(D3DDISPLAYMODEEX) == 24, "D3DDISPLAYMODEEX");
_Static_assert(sizeof(D3DDEVICE_CREATION_PARAMETERS) == 24,
               "D3DDEVICE_CREATION_PARAMETERS");
_Static_assert(sizeof(D3DGAMMARAMP) == 1536, "D3DGAMMARAMP");
_Static_assert(sizeof(D3DPRESENTSTATS) == 32, "D3DPRESENTSTATS");
_Static_assert(sizeof(D3DVERTEXBUFFER_DESC) == 24, "D3DVERTEXBUFFER_DESC");
_Static_assert(sizeof(D3DINDEXBUFFER_DESC) == 20, "D3DINDEXBUFFER_DESC");
_Static_assert(sizeof(D3DFORMAT) == 4, "enums are 32-bit");

_Static_assert(offsetof(D3DPRESENT_PARAMETERS, hDeviceWindow) == 32,
               "hDeviceWindow is 8-aligned on x64");
_Static_assert(offsetof(D3DPRESENT_PARAMETERS, Windowed) == 40, "Windowed");
_Static_assert(offsetof(D3DPRESENT_PARAMETERS, PresentationInterval) == 60,
               "PresentationInterval");
_Static_assert(offsetof(D3DADAPTER_IDENTIFIER9, DriverVersion) == 1056,
               "DriverVersion");
_Static_assert(offsetof(D3DADAPTER_IDENTIFIER9, DeviceIdentifier) == 1080,
               "DeviceIdentifier");
_Static_assert(offsetof(D3DADAPTER_IDENTIFIER9, WHQLLevel) == 1096, "WHQLLevel");
_Static_assert(offsetof(D3DCAPS9, VS20Caps) == 248, "VS20Caps");
_Static_assert(offsetof(D3DCAPS9, PS20Caps) == 264, "PS20Caps");
_Static_assert(offsetof(D3DCAPS9, MaxPixelShader30InstructionSlots) == 300,
               "MaxPixelShader30InstructionSlots");
_Static_assert(offsetof(D3DLOCKED_RECT, pBits) == 8, "pBits");
_Static_assert(offsetof(D3DDEVICE_CREATION_PARAMETERS, hFocusWindow) == 8,
               "hFocusWindow");

/* ---- vtables: whole-table sizes (in slots) --------------------------------- */
#define SLOTS(vtbl) (sizeof(vtbl) / sizeof(void *))
_Static_assert(SLOTS(IDirect3D9Vtbl) == 17, "IDirect3D9");
_Static_assert(SLOTS(IDirect3D9ExVtbl) == 22, "IDirect3D9Ex");
_Static_assert(SLOTS(IDirect3DDevice9Vtbl) == 119, "IDirect3DDevice9");
_Static_assert(SLOTS(IDirect3DDevice9ExVtbl) == 134, "IDirect3DDevice9Ex");
_Static_assert(SLOTS(IDirect3DTexture9Vtbl) == 22, "IDirect3DTexture9");
_Static_assert(SLOTS(IDirect3DSurface9Vtbl) == 17, "IDirect3DSurface9");
_Static_assert(SLOTS(IDirect3DSwapChain9ExVtbl) == 13, "IDirect3DSwapChain9Ex");

#define SLOT(vtbl, method) (offsetof(vtbl, method) / sizeof(void *))

static void test_vtable_slots(void)
{
    ok(SLOT(IDirect3DDevice9Vtbl, QueryInterface) == 0, "QueryInterface");
    ok(SLOT(IDirect3DDevice9Vtbl, Release) == 2, "Release");
    ok(SLOT(IDirect3DDevice9Vtbl, TestCooperativeLevel) == 3,
       "TestCooperativeLevel");
    ok(SLOT(IDirect3DDevice9Vtbl, Reset) == 16, "Reset");
    ok(SLOT(IDirect3DDevice9Vtbl, Present) == 17, "Present: %zu",
       SLOT(IDirect3DDevice9Vtbl, Present));
    ok(SLOT(IDirect3DDevice9Vtbl, CreateTexture) == 23, "CreateTexture");
    ok(SLOT(IDirect3DDevice9Vtbl, BeginScene) == 41, "BeginScene");
    ok(SLOT(IDirect3DDevice9Vtbl, EndScene) == 42, "EndScene");
    ok(SLOT(IDirect3DDevice9Vtbl, Clear) == 43, "Clear: %zu",
       SLOT(IDirect3DDevice9Vtbl, Clear));
    ok(SLOT(IDirect3DDevice9Vtbl, SetRenderState) == 57, "SetRenderState");
    ok(SLOT(IDirect3DDevice9Vtbl, SetTexture) == 65, "SetTexture");
    ok(SLOT(IDirect3DDevice9Vtbl, DrawPrimitive) == 81, "DrawPrimitive");
    ok(SLOT(IDirect3DDevice9Vtbl, DrawIndexedPrimitive) == 82,
       "DrawIndexedPrimitive");
    ok(SLOT(IDirect3DDevice9Vtbl, DrawPrimitiveUP) == 83, "DrawPrimitiveUP: %zu",
       SLOT(IDirect3DDevice9Vtbl, DrawPrimitiveUP));
    ok(SLOT(IDirect3DDevice9Vtbl, SetVertexShaderConstantF) == 94,
       "SetVertexShaderConstantF");
    ok(SLOT(IDirect3DDevice9Vtbl, SetStreamSource) == 100, "SetStreamSource");
    ok(SLOT(IDirect3DDevice9Vtbl, CreateQuery) == 118, "CreateQuery");

    /* The Ex device extends the plain one in place. */
    ok(SLOT(IDirect3DDevice9ExVtbl, Clear) == 43, "Ex Clear");
    ok(SLOT(IDirect3DDevice9ExVtbl, SetConvolutionMonoKernel) == 119,
       "SetConvolutionMonoKernel");
    ok(SLOT(IDirect3DDevice9ExVtbl, PresentEx) == 121, "PresentEx");
    ok(SLOT(IDirect3DDevice9ExVtbl, GetDisplayModeEx) == 133,
       "GetDisplayModeEx");

    ok(SLOT(IDirect3D9Vtbl, GetDeviceCaps) == 14, "IDirect3D9 GetDeviceCaps");
    ok(SLOT(IDirect3D9Vtbl, CreateDevice) == 16, "IDirect3D9 CreateDevice");
    ok(SLOT(IDirect3D9ExVtbl, CreateDeviceEx) == 20, "CreateDeviceEx");
    ok(SLOT(IDirect3D9ExVtbl, GetAdapterLUID) == 21, "GetAdapterLUID");

    /* Inherited chains: IUnknown + IDirect3DResource9 + BaseTexture + own. */
    ok(SLOT(IDirect3DTexture9Vtbl, GetDevice) == 3, "Texture GetDevice");
    ok(SLOT(IDirect3DTexture9Vtbl, GetType) == 10, "Texture GetType");
    ok(SLOT(IDirect3DTexture9Vtbl, GetLevelCount) == 13, "GetLevelCount");
    ok(SLOT(IDirect3DTexture9Vtbl, LockRect) == 19, "Texture LockRect");
    ok(SLOT(IDirect3DCubeTexture9Vtbl, LockRect) == 19, "Cube LockRect");
    ok(SLOT(IDirect3DVolumeTexture9Vtbl, LockBox) == 19, "Volume LockBox");
    ok(SLOT(IDirect3DSurface9Vtbl, LockRect) == 13, "Surface LockRect");
    ok(SLOT(IDirect3DSurface9Vtbl, ReleaseDC) == 16, "Surface ReleaseDC");
    ok(SLOT(IDirect3DVertexBuffer9Vtbl, Lock) == 11, "VB Lock");
    ok(SLOT(IDirect3DIndexBuffer9Vtbl, GetDesc) == 13, "IB GetDesc");
    ok(SLOT(IDirect3DVolume9Vtbl, LockBox) == 9, "Volume9 LockBox");
    ok(SLOT(IDirect3DSwapChain9Vtbl, Present) == 3, "SwapChain Present");
    ok(SLOT(IDirect3DSwapChain9ExVtbl, GetDisplayModeEx) == 12,
       "SwapChainEx GetDisplayModeEx");
    ok(SLOT(IDirect3DQuery9Vtbl, GetData) == 7, "Query GetData");
    ok(SLOT(IDirect3DStateBlock9Vtbl, Apply) == 5, "StateBlock Apply");
}

static void test_constants(void)
{
    ok(D3D_SDK_VERSION == 32, "D3D_SDK_VERSION");
    ok(D3D_OK == 0, "D3D_OK");
    ok(D3DERR_INVALIDCALL == (HRESULT)0x8876086c, "D3DERR_INVALIDCALL %#x",
       (unsigned)D3DERR_INVALIDCALL);
    ok(D3DERR_NOTAVAILABLE == (HRESULT)0x8876086a, "D3DERR_NOTAVAILABLE");
    ok(D3DERR_DEVICELOST == (HRESULT)0x88760868, "D3DERR_DEVICELOST");
    ok(D3DERR_DEVICENOTRESET == (HRESULT)0x88760869, "D3DERR_DEVICENOTRESET");
    ok(D3DERR_OUTOFVIDEOMEMORY == (HRESULT)0x8876017c,
       "D3DERR_OUTOFVIDEOMEMORY");
    ok(D3DERR_WASSTILLDRAWING == (HRESULT)0x8876021c, "D3DERR_WASSTILLDRAWING");
    ok(D3DERR_DEVICEREMOVED == (HRESULT)0x88760870, "D3DERR_DEVICEREMOVED");
    ok(D3DERR_DEVICEHUNG == (HRESULT)0x88760874, "D3DERR_DEVICEHUNG");
    ok(D3DOK_NOAUTOGEN == (HRESULT)0x0876086f, "D3DOK_NOAUTOGEN");
    ok(S_PRESENT_OCCLUDED == (HRESULT)0x08760878, "S_PRESENT_OCCLUDED");
    ok(FAILED(D3DERR_INVALIDCALL) && SUCCEEDED(D3DOK_NOAUTOGEN),
       "FAILED/SUCCEEDED");
    ok(E_NOINTERFACE == (HRESULT)0x80004002, "E_NOINTERFACE");
    ok(E_OUTOFMEMORY == (HRESULT)0x8007000e, "E_OUTOFMEMORY");

    ok(D3DFMT_A8R8G8B8 == 21, "D3DFMT_A8R8G8B8");
    ok(D3DFMT_DXT1 == 0x31545844, "D3DFMT_DXT1");
    ok(D3DFMT_MULTI2_ARGB8 == 0x3154454d, "D3DFMT_MULTI2_ARGB8");
    ok(D3DRS_BLENDOPALPHA == 209, "D3DRS_BLENDOPALPHA");
    ok(D3DTS_WORLD == 256 && D3DTS_WORLDMATRIX(3) == 259, "D3DTS_WORLD");
    ok(D3DCOLOR_ARGB(0x12, 0x34, 0x56, 0x78) == 0x12345678u, "D3DCOLOR_ARGB");
    ok(D3DCOLOR_XRGB(1, 2, 3) == 0xff010203u, "D3DCOLOR_XRGB");
    ok(D3DPS_VERSION(3, 0) == 0xffff0300u, "D3DPS_VERSION");
    ok(D3DVS_VERSION(2, 0) == 0xfffe0200u, "D3DVS_VERSION");
    ok(D3DFVF_TEXCOORDSIZE4(7) == 0x80000000u, "D3DFVF_TEXCOORDSIZE4");
    ok(D3DSTREAMSOURCE_INSTANCEDATA == 0x80000000u, "INSTANCEDATA");
    ok(D3DPRESENT_INTERVAL_IMMEDIATE == 0x80000000u, "INTERVAL_IMMEDIATE");
    ok(D3DCREATE_HARDWARE_VERTEXPROCESSING == 0x40, "HWVP");
}

static void test_guids(void)
{
    static const GUID dev9 = {0xd0223b96, 0xbf7a, 0x43fd,
                              {0x92, 0xbd, 0xa4, 0x3b, 0x0d, 0x82, 0xb9, 0xeb}};
    static const D3DVERTEXELEMENT9 end = D3DDECL_END();
    ok(IsEqualGUID(&IID_IDirect3DDevice9, &dev9), "IID_IDirect3DDevice9");
    ok(!IsEqualGUID(&IID_IDirect3DDevice9, &IID_IDirect3DDevice9Ex),
       "distinct IIDs");
    ok(IID_IDirect3D9.Data1 == 0x81bdcbca, "IID_IDirect3D9");
    ok(IID_IUnknown.Data4[0] == 0xc0 && IID_IUnknown.Data4[7] == 0x46,
       "IID_IUnknown");
    ok(end.Stream == 0xff && end.Type == D3DDECLTYPE_UNUSED, "D3DDECL_END");
}

/* A minimal object, to check that the C call macros reach the right slot. */
static ULONG fake_refs;
static ULONG STDMETHODCALLTYPE fake_AddRef(IDirect3DTexture9 *This)
{
    (void)This;
    return ++fake_refs;
}
static DWORD STDMETHODCALLTYPE fake_GetLevelCount(IDirect3DTexture9 *This)
{
    (void)This;
    return 7;
}

static void test_call_macros(void)
{
    IDirect3DTexture9Vtbl vtbl = {0};
    IDirect3DTexture9 tex;
    vtbl.AddRef = fake_AddRef;
    vtbl.GetLevelCount = fake_GetLevelCount;
    tex.lpVtbl = &vtbl;
    ok(IDirect3DTexture9_AddRef(&tex) == 1, "IDirect3DTexture9_AddRef");
    ok(IDirect3DTexture9_GetLevelCount(&tex) == 7,
       "IDirect3DTexture9_GetLevelCount");
    {
        IUnknown *unk = (IUnknown *)(void *)&tex;
        ok(unk->lpVtbl->AddRef(unk) == 2, "IUnknown AddRef through the base");
    }
}

int main(void)
{
    test_vtable_slots();
    test_constants();
    test_guids();
    test_call_macros();
    return test_done();
}
