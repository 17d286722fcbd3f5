/* nereid tests: pixel programs as DXBC tokens where the HLSL compiler we
 * have (Wine 8.0's d3dcompiler_47) has no syntax for them (Texture2DMS),
 * in the container of tests/d3d11/shaders.h's ps_tint (its input and
 * output signatures).  Needs shaders.h, dxbc_edit.h and dxbc_gs.h (the
 * operand macros) first. */
#ifndef NEREID_TESTS_DXBC_PS_H
#define NEREID_TESTS_DXBC_PS_H

#include <stdint.h>
#include <string.h>

/* A program of tokens in the container of ps_tint (its ISGN: SV_Position
 * and COLOR; OSGN: SV_Target), the other chunks left out; the size, 0 when
 * it does not fit. */
static inline size_t ps_with_tokens(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    const uint8_t *src = (const uint8_t *)dxbc_ps_tint;
    uint32_t n, at = 32 + 3 * 4, chunks = 0;
    memcpy(&n, src + 28, 4);
    if (cap < at)
        return 0;
    memset(out, 0, at);
    memcpy(out, "DXBC", 4);
    memcpy(out + 20, (const uint32_t[]){1}, 4);
    for (uint32_t c = 0; c < n; c++) {
        uint32_t off, size;
        memcpy(&off, src + 32 + 4 * c, 4);
        memcpy(&size, src + off + 4, 4);
        if (memcmp(src + off, "ISGN", 4) && memcmp(src + off, "OSGN", 4))
            continue;
        if (at + 8 + size > cap)
            return 0;
        memcpy(out + 32 + 4 * chunks++, &at, 4);
        memcpy(out + at, src + off, 8 + size);
        at += 8 + size;
    }
    if (chunks != 2 || at + 8 + count * 4 > cap)
        return 0;
    memcpy(out + 32 + 4 * chunks++, &at, 4);
    memcpy(out + at, "SHDR", 4);
    memcpy(out + at + 4, (const uint32_t[]){(uint32_t)count * 4}, 4);
    memcpy(out + at + 8, tokens, count * 4);
    memcpy(out + at + 12, (const uint32_t[]){(uint32_t)count}, 4); /* the length token */
    at += 8 + (uint32_t)count * 4;
    memcpy(out + 28, &chunks, 4);
    memcpy(out + 24, &at, 4);
    dxbc_edit_checksum(out, at);
    return at;
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
    static const char tags[3][5] = {"ISGN", "OSGN", "SHEX"};
    uint32_t at = 32 + 3 * 4;
    if (cap < at + 2 * 16 + 8 + count * 4)
        return 0;
    memset(out, 0, at);
    memcpy(out, "DXBC", 4);
    memcpy(out + 20, (const uint32_t[]){1}, 4);
    memcpy(out + 28, (const uint32_t[]){3}, 4);
    for (int c = 0; c < 3; c++) {
        uint32_t size = c < 2 ? 8 : (uint32_t)count * 4;
        memcpy(out + 32 + 4 * c, &at, 4);
        memcpy(out + at, tags[c], 4);
        memcpy(out + at + 4, &size, 4);
        if (c < 2) {
            memcpy(out + at + 8, (const uint32_t[]){0, 8}, 8); /* no elements */
        } else {
            memcpy(out + at + 8, tokens, size);
            memcpy(out + at + 12, (const uint32_t[]){(uint32_t)count}, 4);
        }
        at += 8 + size;
    }
    memcpy(out + 24, &at, 4);
    dxbc_edit_checksum(out, at);
    return at;
}

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
