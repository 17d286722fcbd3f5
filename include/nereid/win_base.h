/*
 * nereid: the handful of Windows base types that the Direct3D 9, Direct3D 11
 * and DXGI headers need, for native (non-Windows) builds.
 *
 * Sizes follow the Windows x64 (LLP64) data model, not the host's LP64 one:
 * LONG, ULONG, DWORD and HRESULT are 32 bits wide, pointers and the *_PTR
 * integers are 64 bits wide, WCHAR is a 16-bit UTF-16 code unit.
 *
 * On Windows this file simply defers to <windows.h>.
 */
#ifndef NEREID_WIN_BASE_H
#define NEREID_WIN_BASE_H

#ifdef _WIN32

#include <windows.h>

#else /* !_WIN32 */

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Calling conventions.  On Windows x64 every function uses the one Microsoft
 * x64 convention and __stdcall/__cdecl are ignored.  These headers are for
 * native x86_64 Linux code, where everything (our own implementation and the
 * applications built against it) uses the System V AMD64 ABI; so the
 * Windows calling-convention keywords expand to nothing. */
#ifndef WINAPI
#define WINAPI
#endif
#ifndef APIENTRY
#define APIENTRY
#endif
#ifndef CALLBACK
#define CALLBACK
#endif
#ifndef STDMETHODCALLTYPE
#define STDMETHODCALLTYPE
#endif
#ifndef STDAPICALLTYPE
#define STDAPICALLTYPE
#endif

#ifndef EXTERN_C
#ifdef __cplusplus
#define EXTERN_C extern "C"
#else
#define EXTERN_C extern
#endif
#endif

#ifndef CONST
#define CONST const
#endif
#ifndef VOID
#define VOID void
#endif

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif

/* Silences -pedantic about anonymous members where C++ lacks them. */
#if defined(__GNUC__) || defined(__clang__)
#define NEREID_EXTENSION __extension__
#else
#define NEREID_EXTENSION
#endif

/* ---- integer and character types (Win64 sizes) ------------------------- */

typedef uint8_t BYTE;
typedef uint8_t UCHAR;
typedef uint8_t UINT8;
typedef int8_t INT8;
typedef char CHAR;
typedef uint16_t WORD;
typedef uint16_t USHORT;
typedef uint16_t UINT16;
typedef int16_t SHORT;
typedef int16_t INT16;
typedef uint16_t WCHAR;
typedef uint32_t DWORD;
typedef uint32_t ULONG;
typedef uint32_t UINT32;
typedef uint32_t DWORD32;
typedef int32_t LONG;
typedef int32_t INT32;
typedef int32_t LONG32;
typedef int INT;
typedef unsigned int UINT;
typedef int BOOL;
typedef float FLOAT;
typedef int32_t HRESULT;
typedef int64_t LONGLONG;
typedef uint64_t ULONGLONG;
typedef int64_t INT64;
typedef uint64_t UINT64;
typedef uint64_t DWORD64;
typedef uint64_t DWORDLONG;

typedef intptr_t INT_PTR;
typedef uintptr_t UINT_PTR;
typedef intptr_t LONG_PTR;
typedef uintptr_t ULONG_PTR;
typedef uintptr_t DWORD_PTR;
typedef ULONG_PTR SIZE_T;
typedef LONG_PTR SSIZE_T;

typedef void *PVOID;
typedef void *LPVOID;
typedef const void *LPCVOID;
typedef BYTE *PBYTE;
typedef BYTE *LPBYTE;
typedef WORD *PWORD;
typedef WORD *LPWORD;
typedef DWORD *PDWORD;
typedef DWORD *LPDWORD;
typedef LONG *PLONG;
typedef LONG *LPLONG;
typedef ULONG *PULONG;
typedef INT *PINT;
typedef INT *LPINT;
typedef UINT *PUINT;
typedef BOOL *PBOOL;
typedef BOOL *LPBOOL;
typedef FLOAT *PFLOAT;
typedef HRESULT *PHRESULT;

typedef CHAR *PSTR;
typedef CHAR *LPSTR;
typedef const CHAR *PCSTR;
typedef const CHAR *LPCSTR;
typedef WCHAR *PWSTR;
typedef WCHAR *LPWSTR;
typedef const WCHAR *PCWSTR;
typedef const WCHAR *LPCWSTR;

typedef union _LARGE_INTEGER {
    NEREID_EXTENSION struct {
        DWORD LowPart;
        LONG HighPart;
    };
    struct {
        DWORD LowPart;
        LONG HighPart;
    } u;
    LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;

typedef union _ULARGE_INTEGER {
    NEREID_EXTENSION struct {
        DWORD LowPart;
        DWORD HighPart;
    };
    struct {
        DWORD LowPart;
        DWORD HighPart;
    } u;
    ULONGLONG QuadPart;
} ULARGE_INTEGER, *PULARGE_INTEGER;

typedef struct _LUID {
    DWORD LowPart;
    LONG HighPart;
} LUID, *PLUID;

/* ---- handles: opaque, pointer-sized --------------------------------------- */

typedef void *HANDLE;
typedef HANDLE *PHANDLE;
typedef HANDLE *LPHANDLE;

#define NEREID_DECLARE_HANDLE(name) typedef struct name##__ *name

NEREID_DECLARE_HANDLE(HWND);
NEREID_DECLARE_HANDLE(HMONITOR);
NEREID_DECLARE_HANDLE(HDC);
NEREID_DECLARE_HANDLE(HINSTANCE);
NEREID_DECLARE_HANDLE(HICON);
NEREID_DECLARE_HANDLE(HBITMAP);
NEREID_DECLARE_HANDLE(HRGN);
NEREID_DECLARE_HANDLE(HPALETTE);
typedef HINSTANCE HMODULE;

/* The security descriptor and inheritance of a new handle, as taken by the
 * calls that create shared handles. */
typedef struct _SECURITY_ATTRIBUTES {
    DWORD nLength;
    LPVOID lpSecurityDescriptor;
    BOOL bInheritHandle;
} SECURITY_ATTRIBUTES, *PSECURITY_ATTRIBUTES, *LPSECURITY_ATTRIBUTES;

/* ---- geometry --------------------------------------------------------------- */

typedef struct tagRECT {
    LONG left;
    LONG top;
    LONG right;
    LONG bottom;
} RECT, *PRECT, *LPRECT;
typedef const RECT *LPCRECT;

typedef struct tagPOINT {
    LONG x;
    LONG y;
} POINT, *PPOINT, *LPPOINT;

typedef struct tagSIZE {
    LONG cx;
    LONG cy;
} SIZE, *PSIZE, *LPSIZE;

#define RDH_RECTANGLES 1

typedef struct _RGNDATAHEADER {
    DWORD dwSize;
    DWORD iType;
    DWORD nCount;
    DWORD nRgnSize;
    RECT rcBound;
} RGNDATAHEADER, *PRGNDATAHEADER;

typedef struct _RGNDATA {
    RGNDATAHEADER rdh;
    char Buffer[1];
} RGNDATA, *PRGNDATA, *LPRGNDATA;

typedef struct tagPALETTEENTRY {
    BYTE peRed;
    BYTE peGreen;
    BYTE peBlue;
    BYTE peFlags;
} PALETTEENTRY, *PPALETTEENTRY, *LPPALETTEENTRY;

/* ---- HRESULT ---------------------------------------------------------------- */

#define SEVERITY_SUCCESS 0
#define SEVERITY_ERROR 1

#define MAKE_HRESULT(sev, fac, code)                                           \
    ((HRESULT)(((uint32_t)(sev) << 31) | ((uint32_t)(fac) << 16) |            \
               ((uint32_t)(code))))
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#define HRESULT_CODE(hr) ((hr) & 0xFFFF)
#define HRESULT_FACILITY(hr) (((hr) >> 16) & 0x1FFF)
#define HRESULT_SEVERITY(hr) (((hr) >> 31) & 0x1)

#define FACILITY_NULL 0
#define FACILITY_WIN32 7

#define S_OK ((HRESULT)0)
#define S_FALSE ((HRESULT)1)
#define E_NOTIMPL ((HRESULT)0x80004001u)
#define E_NOINTERFACE ((HRESULT)0x80004002u)
#define E_POINTER ((HRESULT)0x80004003u)
#define E_ABORT ((HRESULT)0x80004004u)
#define E_FAIL ((HRESULT)0x80004005u)
#define E_UNEXPECTED ((HRESULT)0x8000FFFFu)
#define E_ACCESSDENIED ((HRESULT)0x80070005u)
#define E_HANDLE ((HRESULT)0x80070006u)
#define E_OUTOFMEMORY ((HRESULT)0x8007000Eu)
#define E_INVALIDARG ((HRESULT)0x80070057u)

/* ---- FOURCC ------------------------------------------------------------------ */

#ifndef MAKEFOURCC
#define MAKEFOURCC(ch0, ch1, ch2, ch3)                                         \
    ((DWORD)(BYTE)(ch0) | ((DWORD)(BYTE)(ch1) << 8) |                          \
     ((DWORD)(BYTE)(ch2) << 16) | ((DWORD)(BYTE)(ch3) << 24))
#endif

/* ---- GUIDs ------------------------------------------------------------------- */

typedef struct _GUID {
    uint32_t Data1;
    uint16_t Data2;
    uint16_t Data3;
    uint8_t Data4[8];
} GUID, *LPGUID;
typedef GUID IID;
typedef IID *LPIID;
typedef GUID CLSID;
typedef CLSID *LPCLSID;

/* These headers only provide the C form of the COM interfaces, so the
 * reference types are pointers in both C and C++. */
typedef const GUID *REFGUID;
typedef const IID *REFIID;
typedef const CLSID *REFCLSID;

static inline int nereid_is_equal_guid(const GUID *a, const GUID *b)
{
    return memcmp(a, b, sizeof(GUID)) == 0;
}
#define IsEqualGUID(rguid1, rguid2) nereid_is_equal_guid((rguid1), (rguid2))
#define IsEqualIID(riid1, riid2) IsEqualGUID(riid1, riid2)
#define IsEqualCLSID(rclsid1, rclsid2) IsEqualGUID(rclsid1, rclsid2)

#ifdef __cplusplus
}
#endif

#endif /* !_WIN32 */
#endif /* NEREID_WIN_BASE_H */

/*
 * DEFINE_GUID is (re)defined on every inclusion, outside the include guard,
 * so that defining INITGUID and including this file again switches it from
 * declaring to defining, as with the Windows SDK.  Define INITGUID before
 * the first inclusion in exactly one translation unit to emit the GUIDs.
 */
#ifndef _WIN32
#undef DEFINE_GUID
#ifdef INITGUID
#ifdef __cplusplus
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)           \
    extern "C" __attribute__((weak)) const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}
#else
/* Weak, as MSVC's selectany: libd3d9.so and libd3d11.so both define the
 * IDs they share (IID_IUnknown), and a program of both gets one of them. */
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)           \
    __attribute__((weak)) const GUID name = {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}}
#endif
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)           \
    EXTERN_C const GUID name
#endif
#endif /* !_WIN32 */

/* IUnknown, in C form.  Its IID is (re)declared after DEFINE_GUID so that the
 * INITGUID switch applies to it as well. */
#if !defined(_WIN32) && !defined(NEREID_WIN_BASE_IUNKNOWN)
#define NEREID_WIN_BASE_IUNKNOWN
#ifdef __cplusplus
extern "C" {
#endif

typedef struct IUnknown IUnknown;
typedef IUnknown *LPUNKNOWN;

typedef struct IUnknownVtbl {
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(IUnknown *This, REFIID riid,
                                                void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IUnknown *This);
    ULONG (STDMETHODCALLTYPE *Release)(IUnknown *This);
} IUnknownVtbl;

struct IUnknown {
    const IUnknownVtbl *lpVtbl;
};

#define IUnknown_QueryInterface(p, a, b) (p)->lpVtbl->QueryInterface(p, a, b)
#define IUnknown_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IUnknown_Release(p) (p)->lpVtbl->Release(p)

/* {00000000-0000-0000-C000-000000000046} */
DEFINE_GUID(IID_IUnknown, 0x00000000, 0x0000, 0x0000, 0xc0, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x46);

#ifdef __cplusplus
}
#endif
#endif
