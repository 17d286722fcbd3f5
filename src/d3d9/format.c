/* D3D9 formats and the wire formats they travel as. */
#include "d3d9/d3d9_private.h"

static const struct d3d9_format_info formats[] = {
    {D3DFMT_A8R8G8B8, WIRE_FORMAT_B8G8R8A8_UNORM, 4, false, true, "D3DFMT_A8R8G8B8"},
    {D3DFMT_X8R8G8B8, WIRE_FORMAT_B8G8R8X8_UNORM, 4, false, false, "D3DFMT_X8R8G8B8"},
    {D3DFMT_R5G6B5, WIRE_FORMAT_R5G6B5_UNORM, 2, false, false, "D3DFMT_R5G6B5"},
    {D3DFMT_D16, WIRE_FORMAT_D16_UNORM, 2, true, false, "D3DFMT_D16"},
    {D3DFMT_D24S8, WIRE_FORMAT_D24_UNORM_S8_UINT, 4, true, false, "D3DFMT_D24S8"},
    {D3DFMT_D24X8, WIRE_FORMAT_D24_UNORM_S8_UINT, 4, true, false, "D3DFMT_D24X8"},
    /* D3DFMT_D32 is a 32-bit depth; Vulkan has no 32-bit unorm depth, so it
     * is stored as 32-bit float, which holds at least as much precision in
     * [0, 1] where it matters. */
    {D3DFMT_D32, WIRE_FORMAT_D32_SFLOAT, 4, true, false, "D3DFMT_D32"},
};

const struct d3d9_format_info *d3d9_format_info(D3DFORMAT format)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(formats); i++)
        if (formats[i].format == format)
            return &formats[i];
    return NULL;
}

const char *d3d9_format_name(D3DFORMAT format)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    return f ? f->name : "(unsupported format)";
}

uint32_t d3d9_format_features(const struct wire_caps *caps, D3DFORMAT format)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    if (!f)
        return 0;
    /* X8R8G8B8 is stored as B8G8R8A8. */
    if (f->wire == WIRE_FORMAT_B8G8R8X8_UNORM)
        return caps->format_features[WIRE_FORMAT_B8G8R8A8_UNORM];
    return caps->format_features[f->wire];
}
