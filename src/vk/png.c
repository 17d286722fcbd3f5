#include "vk/vkx.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>

bool vkx_write_png(const char *path, const uint8_t *bgra, uint32_t width,
                   uint32_t height, uint32_t row_pitch, bool has_alpha)
{
    FILE *f = fopen(path, "wb");
    png_structp png = NULL;
    png_infop info = NULL;
    uint8_t *row = NULL;
    bool ok = false;

    if (!f)
        return false;
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png || !(info = png_create_info_struct(png)))
        goto out;
    row = malloc((size_t)width * 4);
    if (!row || setjmp(png_jmpbuf(png)))
        goto out;
    png_init_io(png, f);
    png_set_IHDR(png, info, width, height, 8,
                 has_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *s = bgra + (size_t)y * row_pitch;
        uint8_t *d = row;
        for (uint32_t x = 0; x < width; x++, s += 4) {
            *d++ = s[2];
            *d++ = s[1];
            *d++ = s[0];
            if (has_alpha)
                *d++ = s[3];
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    ok = true;
out:
    png_destroy_write_struct(&png, info ? &info : NULL);
    free(row);
    fclose(f);
    return ok;
}
