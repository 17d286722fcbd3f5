/* nereid tests: pixel programs as DXBC tokens where the HLSL compiler we
 * have (Wine 8.0's d3dcompiler_47) has no syntax for them (Texture2DMS),
 * in the container of tests/d3d11/shaders.h's ps_tint (its input and
 * output signatures).  Needs shaders.h, dxbc_edit.h and dxbc_gs.h (the
 * operand macros) first. */
#ifndef NEREID_TESTS_DXBC_PS_H
#define NEREID_TESTS_DXBC_PS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A program of tokens in the container of ps_tint (its ISGN: SV_Position
 * and COLOR; OSGN: SV_Target), the other chunks left out; the size, 0 when
 * it does not fit. */
static inline size_t ps_with_tokens(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    static const char *const tags[3] = {"ISGN", "OSGN", "SHDR"};
    const uint8_t *src = (const uint8_t *)dxbc_ps_tint;
    const void *data[3] = {NULL, NULL, NULL};
    size_t sizes[3] = {0, 0, count * 4}, n;
    uint32_t chunks, *shdr;
    memcpy(&chunks, src + 28, 4);
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t off, size;
        memcpy(&off, src + 32 + 4 * c, 4);
        memcpy(&size, src + off + 4, 4);
        for (int k = 0; k < 2; k++)
            if (!memcmp(src + off, tags[k], 4)) {
                data[k] = src + off + 8;
                sizes[k] = size;
            }
    }
    if (!data[0] || !data[1] || !(shdr = malloc(count * 4)))
        return 0;
    memcpy(shdr, tokens, count * 4);
    shdr[1] = (uint32_t)count; /* the length token */
    data[2] = shdr;
    n = dxbc_container(out, cap, 3, tags, data, sizes);
    free(shdr);
    return n;
}

/* ps_4_0: the sample of t0 (a 4x Texture2DMS) at the pixel whose index is
 * cb0[0].x:
 *   dcl_constantbuffer cb0[1]; dcl_resource_texture2dms(4) t0 (float);
 *   dcl_input_ps_siv linear noperspective v0.xy, position; dcl_output o0;
 *   dcl_temps 2
 *   ftoi r0.xy, v0.xyxx; mov r0.zw, l(0); ld2dms r1, r0, t0, cb0[0].x
 *   mov o0, r1; ret */
static const uint32_t ps_ms_sample_tokens[] = {
    0x00000040, 0,
    GS_INSN(0x59, 4), GS_CB(0, 1),
    GS_INSN(0x58, 4) | (4u << 11) | (4u << 16), GS_OP_TYPE(7) | GS_OP_DIM(1), 0, 0x5555,
    GS_INSN(0x64, 4) | (4u << 11), (2u | (0x3u << 4)) | GS_OP_TYPE(1) | GS_OP_DIM(1), 0, 1,
    GS_INSN(0x65, 3), GS_O(0),
    GS_INSN(0x68, 2), 2,
    GS_INSN(0x1b, 5), (2u | (0x3u << 4)) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    (2u | (1u << 2) | (0x04u << 4)) | GS_OP_TYPE(1) | GS_OP_DIM(1), 0,
    GS_INSN(0x36, 8), (2u | (0xcu << 4)) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0, GS_IMM4, 0, 0, 0, 0,
    GS_INSN(0x2e, 10), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 1,
    GS_SWZ_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 0, GS_SWZ_XYZW | GS_OP_TYPE(7) | GS_OP_DIM(1), 0,
    (2u | (2u << 2)) | GS_OP_TYPE(8) | GS_OP_DIM(2), 0, 0,
    GS_INSN(0x36, 5), GS_O(0), GS_SWZ_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 1,
    GS_INSN(0x3e, 1),
};

/* A compute program of tokens (SHEX) with empty signatures; the size, 0
 * when it does not fit. */
static inline size_t cs_with_tokens(const uint32_t *tokens, size_t count, uint8_t *out,
                                    size_t cap)
{
    static const char *const tags[3] = {"ISGN", "OSGN", "SHEX"};
    static const uint32_t empty[2] = {0, 8}; /* no elements */
    const size_t sizes[3] = {8, 8, count * 4};
    uint32_t *shex = malloc(count * 4);
    size_t n;
    if (!shex)
        return 0;
    memcpy(shex, tokens, count * 4);
    shex[1] = (uint32_t)count; /* the length token */
    n = dxbc_container(out, cap, 3, tags, (const void *const[3]){empty, empty, shex}, sizes);
    free(shex);
    return n;
}

/* ps_4_1: the rasterizer's sample count over 8, in every component (4
 * samples: 0.5; 1: 0.125):
 *   dcl_output o0.xyzw; dcl_temps 1
 *   sampleinfo r0.xyzw, rasterizer.x; mul o0, r0.xxxx, l(0.125); ret */
static const uint32_t ps_samples_tokens[] = {
    0x00000041, 0,
    GS_INSN(0x65, 3), GS_O(0),
    GS_INSN(0x68, 2), 1,
    GS_INSN(0x6f, 4), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    (2u | (2u << 2)) | GS_OP_TYPE(0xe),
    GS_INSN(0x38, 10), GS_O(0), (2u | (1u << 2)) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0, GS_IMM4,
    0x3e000000, 0x3e000000, 0x3e000000, 0x3e000000,
    GS_INSN(0x3e, 1),
};

/* cs_5_0, 64 threads a group: each appends its vThreadID.x to u0 (a
 * structured buffer of words with a hidden counter):
 *   dcl_uav_structured u0, 4 (with a counter); dcl_input vThreadID.x;
 *   dcl_temps 1; dcl_thread_group 64, 1, 1
 *   imm_atomic_alloc r0.x, u0
 *   store_structured u0.x, r0.x, l(0), vThreadID.x
 *   ret */
static const uint32_t cs_append_tokens[] = {
    0x00050050, 0,
    GS_INSN(0x9e, 4) | (1u << 23), GS_OP_TYPE(30) | GS_OP_DIM(1), 0, 4,
    GS_INSN(0x5f, 2), (2u | (0x1u << 4)) | GS_OP_TYPE(32),
    GS_INSN(0x68, 2), 1,
    GS_INSN(0x9b, 4), 64, 1, 1,
    GS_INSN(0xb2, 5), (2u | (0x1u << 4)) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    GS_OP_TYPE(30) | GS_OP_DIM(1), 0,
    GS_INSN(0xa8, 8), (2u | (0x1u << 4)) | GS_OP_TYPE(30) | GS_OP_DIM(1), 0,
    (2u | (2u << 2)) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    1u | GS_OP_TYPE(4), 0,
    (2u | (2u << 2)) | GS_OP_TYPE(32),
    GS_INSN(0x3e, 1),
};


/* cs_5_0, one thread: D3D's bit fields and float conversions of cb0's
 * values into u0, a structured buffer of uint4s:
 *   dcl_constantbuffer cb0[4]; dcl_uav_structured u0, 16; dcl_temps 3;
 *   dcl_thread_group 1, 1, 1
 *   ibfe r0.x, cb0[0].x, cb0[0].y, cb0[0].z   (width, offset, value)
 *   ubfe r0.y, cb0[0].x, cb0[0].y, cb0[0].z
 *   bfi r0.z, cb0[0].x, cb0[0].y, cb0[1].x, cb0[0].w   (insert, base)
 *   mov r0.w, l(0)
 *   ftou r1, cb0[2]; ftoi r2, cb0[3]
 *   store_structured u0.xyzw, l(0..2), l(0), r0..r2; ret */
#define CS_SEL(vec, c) (2u | (2u << 2) | ((uint32_t)(c) << 4)) | GS_OP_TYPE(8) | GS_OP_DIM(2), 0, (vec)
#define CS_R_X(r, c) (2u | (1u << (4 + (c)))) | GS_OP_TYPE(0) | GS_OP_DIM(1), (r)
#define CS_STORE(k, r)                                                                    \
    GS_INSN(0xa8, 9), GS_MASK_XYZW | GS_OP_TYPE(30) | GS_OP_DIM(1), 0, 1u | GS_OP_TYPE(4),   \
        (k), 1u | GS_OP_TYPE(4), 0, GS_SWZ_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), (r)
static const uint32_t cs_bits_tokens[] = {
    0x00050050, 0,
    GS_INSN(0x59, 4), GS_CB(0, 4),
    GS_INSN(0x9e, 4), GS_OP_TYPE(30) | GS_OP_DIM(1), 0, 16,
    GS_INSN(0x68, 2), 3,
    GS_INSN(0x9b, 4), 1, 1, 1,
    GS_INSN(0x8b, 12), CS_R_X(0, 0), CS_SEL(0, 0), CS_SEL(0, 1), CS_SEL(0, 2),
    GS_INSN(0x8a, 12), CS_R_X(0, 1), CS_SEL(0, 0), CS_SEL(0, 1), CS_SEL(0, 2),
    GS_INSN(0x8c, 15), CS_R_X(0, 2), CS_SEL(0, 0), CS_SEL(0, 1), CS_SEL(1, 0), CS_SEL(0, 3),
    GS_INSN(0x36, 5), CS_R_X(0, 3), 1u | GS_OP_TYPE(4), 0,
    GS_INSN(0x1c, 6), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 1, GS_CB(0, 2),
    GS_INSN(0x1b, 6), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 2, GS_CB(0, 3),
    CS_STORE(0, 0), CS_STORE(1, 1), CS_STORE(2, 2),
    GS_INSN(0x3e, 1),
};

#endif
