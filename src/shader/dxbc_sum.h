/* nereid: the DXBC container's checksum, which vkd3d-shader checks: MD5's
 * rounds over the bytes after the checksum field, with DXBC's own padding
 * (the bit count first in the last block, and (bits >> 2) | 1 in its last
 * word).  Header-only: the tests that edit containers use it too. */
#ifndef NEREID_SHADER_DXBC_SUM_H
#define NEREID_SHADER_DXBC_SUM_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline void dxbc_sum_block(uint32_t h[4], const uint8_t *b)
{
    static const uint8_t r[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                  5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
    uint32_t w[16], a = h[0], bb = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
               (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
    for (int i = 0; i < 64; i++) {
        uint32_t f, g, k = (uint32_t)(fabs(sin(i + 1.0)) * 4294967296.0);
        if (i < 16)
            f = (bb & c) | (~bb & d), g = (uint32_t)i;
        else if (i < 32)
            f = (d & bb) | (~d & c), g = (5u * i + 1) % 16;
        else if (i < 48)
            f = bb ^ c ^ d, g = (3u * i + 5) % 16;
        else
            f = c ^ (bb | ~d), g = (7u * i) % 16;
        f += a + k + w[g];
        a = d, d = c, c = bb;
        bb += (f << r[i]) | (f >> (32 - r[i]));
    }
    h[0] += a, h[1] += bb, h[2] += c, h[3] += d;
}

/* Writes the checksum of the container (size bytes, at least 20). */
static inline void dxbc_sum(uint8_t *dxbc, size_t size)
{
    uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    const uint8_t *p = dxbc + 20;
    size_t n = size - 20, left = n % 64;
    uint32_t bits = (uint32_t)(n * 8), tail = (bits >> 2) | 1;
    uint8_t blk[64];
    for (size_t i = 0; i + 64 <= n; i += 64)
        dxbc_sum_block(h, p + i);
    p += n - left;
    memset(blk, 0, sizeof(blk));
    if (left >= 56) {
        memcpy(blk, p, left);
        blk[left] = 0x80;
        dxbc_sum_block(h, blk);
        memset(blk, 0, sizeof(blk));
        memcpy(blk, &bits, 4);
    } else {
        memcpy(blk, &bits, 4);
        memcpy(blk + 4, p, left);
        blk[4 + left] = 0x80;
    }
    memcpy(blk + 60, &tail, 4);
    dxbc_sum_block(h, blk);
    memcpy(dxbc + 4, h, 16);
}

#endif
