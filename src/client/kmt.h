/* nereid client: gdi32's DCs over memory (Win32 only), as the Direct3D
 * runtimes make the DCs of GetDC: their DIB has no biSizeImage, which
 * Wine's test_getdc checks on Windows.  mingw-w64 has the import but no
 * header. */
#ifndef NEREID_CLIENT_KMT_H
#define NEREID_CLIENT_KMT_H

#ifdef _WIN32
#include <windows.h>

typedef struct {
    void *pMemory;
    UINT Format; /* D3DDDIFORMAT: D3DFORMAT's values */
    UINT Width, Height, Pitch;
    HDC hDeviceDc;
    PALETTEENTRY *pColorTable;
    HDC hDc;
    HANDLE hBitmap;
} nr_kmt_create_dc;
typedef struct {
    HDC hDc;
    HANDLE hBitmap;
} nr_kmt_destroy_dc;
LONG WINAPI D3DKMTCreateDCFromMemory(nr_kmt_create_dc *desc);
LONG WINAPI D3DKMTDestroyDCFromMemory(const nr_kmt_destroy_dc *desc);
#endif

#endif
