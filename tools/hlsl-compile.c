/* hlsl-compile: compiles one entry point of an HLSL file to DXBC with
 * D3DCompile (Windows' or Wine's d3dcompiler_47), for tools/compile-hlsl.sh.
 *   hlsl-compile.exe FILE ENTRY PROFILE OUT
 * Built with mingw-w64 and run under Wine; not part of the build. */
#include <d3dcompiler.h>
#include <stdio.h>
#include <windows.h>

int main(int argc, char **argv)
{
    static char src[1 << 20];
    ID3DBlob *code = NULL, *errors = NULL;
    size_t n;
    HRESULT hr;
    FILE *f;

    if (argc != 5) {
        fprintf(stderr, "usage: %s FILE ENTRY PROFILE OUT\n", argv[0]);
        return 2;
    }
    if (!(f = fopen(argv[1], "rb"))) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    n = fread(src, 1, sizeof(src), f);
    fclose(f);
    hr = D3DCompile(src, n, argv[1], NULL, NULL, argv[2], argv[3], 0, 0, &code, &errors);
    if (errors)
        fprintf(stderr, "%s\n", (const char *)errors->lpVtbl->GetBufferPointer(errors));
    if (FAILED(hr)) {
        fprintf(stderr, "%s %s: D3DCompile failed, hr %#lx\n", argv[2], argv[3], hr);
        return 1;
    }
    if (!(f = fopen(argv[4], "wb"))) {
        fprintf(stderr, "cannot write %s\n", argv[4]);
        return 2;
    }
    fwrite(code->lpVtbl->GetBufferPointer(code), 1, code->lpVtbl->GetBufferSize(code), f);
    fclose(f);
    return 0;
}
