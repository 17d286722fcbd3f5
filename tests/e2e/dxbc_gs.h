/* nereid tests: geometry shaders as DXBC, assembled here.  The HLSL
 * compiler we have (Wine 8.0's d3dcompiler_47) compiles no geometry
 * shader, so the tests' geometry programs are written as shader model 4
 * tokens (the D3D10 tokenized program format: an opcode token with its
 * length in bits 24-30, operand tokens with their component selection,
 * type and index dimension, immediate indices and values) and wrapped in
 * a container with input and output signatures (ISGN, OSGN: elements of 24
 * bytes, names after them) and its checksum (dxbc_sum.h's).
 *
 * Every program here reads SV_Position (v[n][0]) and COLOR (v[n][1]) per
 * input vertex and writes SV_Position (o0) and COLOR (o1), as vs_color of
 * tests/d3d11/shaders.hlsl writes them:
 *   dxbc_gs_quad   point in, triangle strip of 4 out: the corners
 *                  position -/+ cb0[0].xy (a square), the point's colour
 *   dxbc_gs_pair   point in, 2 points out: the point, then the point
 *                  moved by cb0[0] (and its colour)
 *   gs_layers_tokens  triangle in, the triangle three times out, to
 *                  layers 0, 1 and 2 (o2.x: SV_RenderTargetArrayIndex),
 *                  red, green and blue (dxbc_gs_build_layered)
 *   gs_viewports_tokens  the same to viewports 0, 1 and 2 (o2.x:
 *                  SV_ViewportArrayIndex)
 *   gs_uav_tokens  as gs_quad (gs_5_0), and texel (5, 0) of u1 (a
 *                  Texture2D<uint> UAV) written 77 (D3D11.1's UAVs at
 *                  every stage)
 *   gs_strips_tokens  point in, triangle strips of 4 and 3 out, cut
 *                  between: the point moved by cb0[0].x times 0 to 6
 *   gs_blue_tokens triangle in, the triangle out in blue (after a domain
 *                  stage: test_tessellation)
 *   gs_tex_tokens  as gs_quad, the square's colour t1.SampleLevel(s2,
 *                  (1.25, 0.75), 0) instead of the point's (a sampler
 *                  that wraps reads texel (0, 1) of a 2x2 texture, one
 *                  that clamps texel (1, 1))
 *   gs_buf_tokens  as gs_quad, the square's colour element 2 of t1, a
 *                  Buffer<float4> (ld) */
#ifndef NEREID_TESTS_DXBC_GS_H
#define NEREID_TESTS_DXBC_GS_H

#include "dxbc_edit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Operands (D3D10_SB_OPERAND_*): four components with a mask (.xyzw) or
 * a swizzle (.xyzw), of a type, with 1 or 2 immediate indices. */
#define GS_OP_TYPE(t) ((uint32_t)(t) << 12)
#define GS_OP_DIM(d) ((uint32_t)(d) << 20)
#define GS_MASK_XYZW (2u | (0xfu << 4))
#define GS_SWZ_XYZW (2u | (1u << 2) | (0xe4u << 4))
#define GS_O(reg) (GS_MASK_XYZW | GS_OP_TYPE(2) | GS_OP_DIM(1)), (reg)      /* oN.xyzw */
#define GS_V(vtx, reg) (GS_SWZ_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2)), (vtx), (reg) /* v[n][r] */
#define GS_CB(slot, vec) (GS_SWZ_XYZW | GS_OP_TYPE(8) | GS_OP_DIM(2)), (slot), (vec)
#define GS_IMM4 (2u | GS_OP_TYPE(4)) /* then four 32-bit values */
#define GS_P1 0x3f800000u /* 1.0f */
#define GS_M1 0xbf800000u /* -1.0f */
/* Opcode tokens: opcode | length << 24 (| extra bits 11+). */
#define GS_INSN(op, len) ((uint32_t)(op) | ((uint32_t)(len) << 24))

/* mad o0, cb0[0], l(sx, sy, 0, 0), v[0][0]; mov o1, v[0][1]; emit */
#define GS_CORNER(sx, sy)                                                                 \
    GS_INSN(0x32, 14), GS_O(0), GS_CB(0, 0), GS_IMM4, (sx), (sy), 0, 0, GS_V(0, 0),         \
        GS_INSN(0x36, 6), GS_O(1), GS_V(0, 1), GS_INSN(0x13, 1)

/* The declarations every program here has: cb0[1], its inputs of one
 * vertex (a point), its outputs. */
#define GS_DECLS(topology, max)                                                           \
    GS_INSN(0x59, 4), GS_CB(0, 1),                         /* dcl_constantbuffer cb0[1] */ \
        GS_INSN(0x61, 5), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 1, 0,             \
        1,                                                 /* dcl_input_siv v[1][0] pos */ \
        GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 1, 1,             \
        GS_INSN(0x5d, 1) | (1u << 11),                     /* dcl_inputprimitive point */ \
        GS_INSN(0x5c, 1) | ((uint32_t)(topology) << 11),   /* dcl_outputtopology */       \
        GS_INSN(0x5e, 2), (max),                           /* dcl_maxout */               \
        GS_INSN(0x67, 4), GS_O(0), 1,                      /* dcl_output_siv o0 pos */    \
        GS_INSN(0x65, 3), GS_O(1)                          /* dcl_output o1 */

static const uint32_t gs_quad_tokens[] = {
    0x00020040, 0, /* gs_4_0, length */
    GS_DECLS(5 /* triangle strip */, 4),
    GS_CORNER(GS_M1, GS_M1), GS_CORNER(GS_M1, GS_P1), GS_CORNER(GS_P1, GS_M1),
    GS_CORNER(GS_P1, GS_P1),
    GS_INSN(0x3e, 1), /* ret */
};

static const uint32_t gs_uav_tokens[] = {
    0x00020050, 0, /* gs_5_0, length */
    GS_DECLS(5 /* triangle strip */, 4),
    /* dcl_uav_typed_texture2d (uint,uint,uint,uint) u1 */
    GS_INSN(0x9c, 4) | (3u << 11), GS_OP_TYPE(30) | GS_OP_DIM(1), 1, 0x4444u,
    /* store_uav_typed u1.xyzw, l(5, 0, 0, 0), l(77, 77, 77, 77) */
    GS_INSN(0xa4, 13), GS_MASK_XYZW | GS_OP_TYPE(30) | GS_OP_DIM(1), 1, GS_IMM4, 5, 0, 0, 0,
    GS_IMM4, 77, 77, 77, 77,
    GS_CORNER(GS_M1, GS_M1), GS_CORNER(GS_M1, GS_P1), GS_CORNER(GS_P1, GS_M1),
    GS_CORNER(GS_P1, GS_P1),
    GS_INSN(0x3e, 1),
};

/* dcl_sampler s<n> (default mode); dcl_resource_texture2d (float) t<n>;
 * sample_l r<t>, l(u, v, 0, 0), t<tex>.xyzw, s<smp>, l(0) */
#define GS_DCL_SAMPLER(n) GS_INSN(0x5a, 3), GS_OP_TYPE(6) | GS_OP_DIM(1), (n)
#define GS_DCL_TEX2D(n) GS_INSN(0x58, 4) | (3u << 11), GS_OP_TYPE(7) | GS_OP_DIM(1), (n), 0x5555u
#define GS_SAMPLE_L(t, u, v, tex, smp)                                                    \
    GS_INSN(0x48, 14), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), (t), GS_IMM4, (u), (v), 0, \
        0, GS_SWZ_XYZW | GS_OP_TYPE(7) | GS_OP_DIM(1), (tex), GS_OP_TYPE(6) | GS_OP_DIM(1),  \
        (smp), 1u | GS_OP_TYPE(4), 0
#define GS_U_1_25 0x3fa00000u /* 1.25f */
#define GS_V_0_75 0x3f400000u /* 0.75f */
/* mad o0, cb0[0], l(sx, sy, 0, 0), v[0][0]; mov o1, r0; emit */
#define GS_CORNER_R0(sx, sy)                                                              \
    GS_INSN(0x32, 14), GS_O(0), GS_CB(0, 0), GS_IMM4, (sx), (sy), 0, 0, GS_V(0, 0),         \
        GS_INSN(0x36, 5), GS_O(1), GS_SWZ_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,          \
        GS_INSN(0x13, 1)

static const uint32_t gs_tex_tokens[] = {
    0x00020040, 0,
    GS_DECLS(5 /* triangle strip */, 4),
    GS_DCL_SAMPLER(2), GS_DCL_TEX2D(1),
    GS_INSN(0x68, 2), 1, /* dcl_temps 1 */
    GS_SAMPLE_L(0, GS_U_1_25, GS_V_0_75, 1, 2),
    GS_CORNER_R0(GS_M1, GS_M1), GS_CORNER_R0(GS_M1, GS_P1), GS_CORNER_R0(GS_P1, GS_M1),
    GS_CORNER_R0(GS_P1, GS_P1),
    GS_INSN(0x3e, 1),
};

/* dcl_resource_buffer (float) t<n>; ld r<t>, l(e, 0, 0, 0), t<buf>.xyzw */
#define GS_DCL_BUFFER(n) GS_INSN(0x58, 4) | (1u << 11), GS_OP_TYPE(7) | GS_OP_DIM(1), (n), 0x5555u
#define GS_LD(t, e, buf)                                                                  \
    GS_INSN(0x2d, 10), GS_MASK_XYZW | GS_OP_TYPE(0) | GS_OP_DIM(1), (t), GS_IMM4, (e), 0, 0, \
        0, GS_SWZ_XYZW | GS_OP_TYPE(7) | GS_OP_DIM(1), (buf)

static const uint32_t gs_buf_tokens[] = {
    0x00020040, 0,
    GS_DECLS(5 /* triangle strip */, 4),
    GS_DCL_BUFFER(1),
    GS_INSN(0x68, 2), 1, /* dcl_temps 1 */
    GS_LD(0, 2, 1),
    GS_CORNER_R0(GS_M1, GS_M1), GS_CORNER_R0(GS_M1, GS_P1), GS_CORNER_R0(GS_P1, GS_M1),
    GS_CORNER_R0(GS_P1, GS_P1),
    GS_INSN(0x3e, 1),
};

static const uint32_t gs_pair_tokens[] = {
    0x00020040, 0,
    GS_DECLS(1 /* point list */, 2),
    GS_INSN(0x36, 6), GS_O(0), GS_V(0, 0), GS_INSN(0x36, 6), GS_O(1), GS_V(0, 1),
    GS_INSN(0x13, 1),
    GS_CORNER(GS_P1, GS_P1),
    GS_INSN(0x3e, 1),
};

/* Two triangle strips a point, cut between: the point moved by
 * cb0[0].x times 0, 1, 2, 3, then 4, 5, 6 (stream output writes them as
 * triangles in D3D's order: (0 1 2) (1 3 2) (4 5 6)). */
static const uint32_t gs_strips_tokens[] = {
    0x00020040, 0,
    GS_DECLS(5 /* triangle strip */, 7),
    GS_CORNER(0, 0), GS_CORNER(GS_P1, 0), GS_CORNER(0x40000000u, 0), GS_CORNER(0x40400000u, 0),
    GS_INSN(0x09, 1), /* cut */
    GS_CORNER(0x40800000u, 0), GS_CORNER(0x40a00000u, 0), GS_CORNER(0x40c00000u, 0),
    GS_INSN(0x3e, 1),
};

/* The triangle's vertices to one layer, in one colour (uint layer, float
 * bits of the colour). */
#define GS_LAYER_VERTEX(v, layer, r, g, b)                                                \
    GS_INSN(0x36, 6), GS_O(0), GS_V(v, 0),                                               \
        GS_INSN(0x36, 8), GS_O(1), GS_IMM4, (r), (g), (b), GS_P1,                        \
        GS_INSN(0x36, 8), (2u | (0x1u << 4)) | GS_OP_TYPE(2) | GS_OP_DIM(1), 2, GS_IMM4,  \
        (layer), 0, 0, 0, GS_INSN(0x13, 1)
#define GS_LAYER(layer, r, g, b)                                                          \
    GS_LAYER_VERTEX(0, layer, r, g, b), GS_LAYER_VERTEX(1, layer, r, g, b),              \
        GS_LAYER_VERTEX(2, layer, r, g, b), GS_INSN(0x09, 1) /* cut */

/* mov o0, v[v][0]; mov o1, l(0, 0, 1, 1); emit */
#define GS_BLUE_VERTEX(v)                                                                 \
    GS_INSN(0x36, 6), GS_O(0), GS_V(v, 0), GS_INSN(0x36, 8), GS_O(1), GS_IMM4, 0, 0, GS_P1,  \
        GS_P1, GS_INSN(0x13, 1)

/* The declarations of a program of triangles in, a strip of up to max
 * vertices out (no constant buffer). */
#define GS_TRI_DECLS(max)                                                                 \
    GS_INSN(0x61, 5), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 3, 0,                  \
        1,                                                 /* dcl_input_siv v[3][0] pos */ \
        GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 3, 1,             \
        GS_INSN(0x5d, 1) | (3u << 11),                     /* dcl_inputprimitive triangle */ \
        GS_INSN(0x5c, 1) | (5u << 11),                     /* dcl_outputtopology strip */ \
        GS_INSN(0x5e, 2), (max),                           /* dcl_maxout */               \
        GS_INSN(0x67, 4), GS_O(0), 1,                      /* dcl_output_siv o0 pos */    \
        GS_INSN(0x65, 3), GS_O(1)                          /* dcl_output o1 */

static const uint32_t gs_blue_tokens[] = {
    0x00020040, 0,
    GS_TRI_DECLS(3),
    GS_BLUE_VERTEX(0), GS_BLUE_VERTEX(1), GS_BLUE_VERTEX(2),
    GS_INSN(0x3e, 1),
};

/* The triangle three times to indices 0, 1 and 2 of o2.x, a system value
 * (dcl_output_siv): 4, rendertarget_array_index; 5, viewport_array_index;
 * in red, green and blue. */
#define GS_INDEXED_TOKENS(system_value)                                                   \
    {                                                                                     \
        0x00020040, 0, GS_TRI_DECLS(9), GS_INSN(0x67, 4),                                 \
            (2u | (0x1u << 4)) | GS_OP_TYPE(2) | GS_OP_DIM(1), 2, (system_value),          \
            GS_LAYER(0, GS_P1, 0, 0), GS_LAYER(1, 0, GS_P1, 0), GS_LAYER(2, 0, 0, GS_P1),  \
            GS_INSN(0x3e, 1),                                                             \
    }

static const uint32_t gs_layers_tokens[] = GS_INDEXED_TOKENS(4);

/* To viewports 0, 1 and 2 (SV_ViewportArrayIndex: dxbc_gs_build_any's
 * GS_OUT_VIEWPORT). */
static const uint32_t gs_viewports_tokens[] = GS_INDEXED_TOKENS(5);

/* A signature chunk of SV_Position (register 0) and COLOR (1), four
 * floats each: 8 + 2 * 24 bytes, then the names. */
static size_t gs_signature(uint8_t *c, bool output)
{
    static const char names[] = "SV_Position\0COLOR\0\0\0";
    uint32_t head[2] = {2, 8};
    uint32_t e[2][6] = {
        {8 + 48, 0, 1 /* D3D_NAME_POSITION */, 3 /* float */, 0, 0},
        {8 + 48 + 12, 0, 0, 3, 1, 0},
    };
    for (int i = 0; i < 2; i++)
        e[i][5] = output ? 0x0f : 0x0f0f; /* mask; read mask (inputs), never-written (outputs) */
    memcpy(c, head, 8);
    memcpy(c + 8, e, sizeof(e));
    memcpy(c + 56, names, sizeof(names) - 1);
    return 56 + sizeof(names) - 1;
}

/* An output signature of SV_Position, COLOR, and an index in register 2's
 * x (a uint): SV_RenderTargetArrayIndex (system value 4: gs_layers_tokens')
 * or SV_ViewportArrayIndex (5); the names padded to 44 bytes, so the chunk
 * stays aligned. */
static size_t gs_signature_index(uint8_t *c, uint32_t system_value)
{
    char names[44] = "SV_Position\0COLOR";
    uint32_t head[2] = {3, 8};
    uint32_t e[3][6] = {
        {8 + 72, 0, 1 /* D3D_NAME_POSITION */, 3 /* float */, 0, 0x0f},
        {8 + 72 + 12, 0, 0, 3, 1, 0x0f},
        {8 + 72 + 18, 0, system_value, 1 /* uint */, 2, 0x0e01},
    };
    strcpy(names + 18, system_value == 4 ? "SV_RenderTargetArrayIndex" : "SV_ViewportArrayIndex");
    memcpy(c, head, 8);
    memcpy(c + 8, e, sizeof(e));
    memcpy(c + 80, names, sizeof(names));
    return 80 + sizeof(names);
}

/* An OSG5 chunk (elements of 28 bytes, the stream first), as a geometry
 * program of three streams declares its outputs (gs_streams_tokens):
 * SV_Position (o0) and COLOR (o1) on stream 0, "custom" (o0) on stream 1,
 * "custom" (o0) and "extra" (o2) on stream 2. */
static size_t gs_signature_streams(uint8_t *c)
{
    static const char names[] = "SV_Position\0COLOR\0custom\0extra\0\0"; /* 32 bytes */
    const uint32_t at = 8 + 5 * 28;
    uint32_t head[2] = {5, 8};
    uint32_t e[5][7] = {
        {0, at, 0, 1 /* D3D_NAME_POSITION */, 3, 0, 0x0f},
        {0, at + 12, 0, 0, 3, 1, 0x0f},
        {1, at + 18, 0, 0, 3, 0, 0x0f},
        {2, at + 18, 0, 0, 3, 0, 0x0f},
        {2, at + 25, 0, 0, 3, 2, 0x0f},
    };
    memcpy(c, head, 8);
    memcpy(c + 8, e, sizeof(e));
    memcpy(c + at, names, sizeof(names) - 1);
    return at + sizeof(names) - 1;
}

/* A geometry program of three streams (gs_5_0; gs_signature_streams'
 * outputs), a point in, a vertex a stream out and two on stream 2:
 *   stream 0: o0 = v[0][0] (the position), o1 = v[0][1] (the colour)
 *   stream 1: o0 = the position
 *   stream 2: o0 = the colour, o2 = (1, 2, 3, 4); o0 = the position,
 *             o2 = (5, 6, 7, 8)
 * Each stream's program alone writes outputs only another declares (o1,
 * o2), which the server's rewrite turns into a temporary. */
#define GS_STREAM(m) GS_OP_TYPE(0x10) | GS_OP_DIM(1), (m)
#define GS_EMIT_STREAM(m) GS_INSN(0x75, 3), GS_STREAM(m)
#define GS_DCL_STREAM(m)                                                                  \
    GS_INSN(0x8f, 3), GS_STREAM(m), GS_INSN(0x5c, 1) | (1u << 11) /* point list */
static const uint32_t gs_streams_tokens[] = {
    0x00020050, 0, /* gs_5_0, length */
    GS_INSN(0x61, 5), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 1, 0, 1,
    GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(2), 1, 1,
    GS_INSN(0x5d, 1) | (1u << 11), /* dcl_inputprimitive point */
    GS_DCL_STREAM(0), GS_INSN(0x67, 4), GS_O(0), 1, GS_INSN(0x65, 3), GS_O(1),
    GS_DCL_STREAM(1), GS_INSN(0x65, 3), GS_O(0),
    GS_DCL_STREAM(2), GS_INSN(0x65, 3), GS_O(0), GS_INSN(0x65, 3), GS_O(2),
    GS_INSN(0x5e, 2), 4, /* dcl_maxout */
    GS_INSN(0x36, 6), GS_O(0), GS_V(0, 0), GS_INSN(0x36, 6), GS_O(1), GS_V(0, 1),
    GS_EMIT_STREAM(0),
    GS_INSN(0x36, 6), GS_O(0), GS_V(0, 0), GS_EMIT_STREAM(1),
    GS_INSN(0x36, 6), GS_O(0), GS_V(0, 1), GS_INSN(0x36, 8), GS_O(2), GS_IMM4, 1, 2, 3, 4,
    GS_EMIT_STREAM(2),
    GS_INSN(0x36, 6), GS_O(0), GS_V(0, 0), GS_INSN(0x36, 8), GS_O(2), GS_IMM4, 5, 6, 7, 8,
    GS_EMIT_STREAM(2),
    GS_INSN(0x3e, 1),
};

/* The output signature dxbc_gs_build_any writes. */
enum gs_outputs { GS_OUT_PLAIN, GS_OUT_LAYERED, GS_OUT_VIEWPORT, GS_OUT_STREAMS };

static size_t dxbc_gs_build_any(const uint32_t *tokens, size_t count, uint8_t *out,
                                size_t cap, enum gs_outputs outputs);

/* The container of a program (its length token set here): ISGN, OSGN,
 * SHDR.  The size written, 0 when it does not fit. */
static size_t dxbc_gs_build(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    return dxbc_gs_build_any(tokens, count, out, cap, GS_OUT_PLAIN);
}

/* gs_layers_tokens' container (its output signature has the layer). */
static inline size_t dxbc_gs_build_layered(uint8_t *out, size_t cap)
{
    return dxbc_gs_build_any(gs_layers_tokens, sizeof(gs_layers_tokens) / 4, out, cap,
                             GS_OUT_LAYERED);
}

/* A container of `chunks` chunks (tags[c], data[c] of sizes[c] bytes)
 * and its checksum; the size written, 0 when it does not fit. */
static size_t dxbc_container(uint8_t *out, size_t cap, uint32_t chunks, const char *const *tags,
                             const void *const *data, const size_t *sizes)
{
    uint32_t at = 32 + chunks * 4, n;
    size_t total = at;
    for (uint32_t c = 0; c < chunks; c++)
        total += 8 + sizes[c];
    if (cap < total)
        return 0;
    memset(out, 0, at);
    memcpy(out, "DXBC", 4);
    n = 1;
    memcpy(out + 20, &n, 4);
    memcpy(out + 28, &chunks, 4);
    for (uint32_t c = 0; c < chunks; c++) {
        uint32_t size = (uint32_t)sizes[c];
        memcpy(out + 32 + 4 * c, &at, 4);
        memcpy(out + at, tags[c], 4);
        memcpy(out + at + 4, &size, 4);
        memcpy(out + at + 8, data[c], size);
        at += 8 + size;
    }
    memcpy(out + 24, &at, 4);
    dxbc_sum(out, at);
    return at;
}

static size_t dxbc_gs_build_any(const uint32_t *tokens, size_t count, uint8_t *out,
                                size_t cap, enum gs_outputs outputs)
{
    const char *const tags[3] = {"ISGN", outputs == GS_OUT_STREAMS ? "OSG5" : "OSGN", "SHDR"};
    uint8_t in[160], outsig[256];
    uint32_t *shdr = malloc(count * 4);
    size_t n;
    if (!shdr)
        return 0;
    size_t sizes[3] = {
        gs_signature(in, false),
        outputs == GS_OUT_LAYERED    ? gs_signature_index(outsig, 4)
        : outputs == GS_OUT_VIEWPORT ? gs_signature_index(outsig, 5)
        : outputs == GS_OUT_STREAMS  ? gs_signature_streams(outsig)
                                     : gs_signature(outsig, true),
        count * 4};
    memcpy(shdr, tokens, count * 4);
    shdr[1] = (uint32_t)count; /* the program's length token */
    n = dxbc_container(out, cap, 3, tags, (const void *const[3]){in, outsig, shdr}, sizes);
    free(shdr);
    return n;
}

/* A vertex program the HLSL compiler we have cannot make (it knows no
 * SV_InstanceID): SV_Position from POSITION, and ID.xy (a uint2) the
 * vertex's and the instance's ids (SV_VertexID, SV_InstanceID).
 *   dcl_input v0.xyz; dcl_input_sgv v1.x, vertex_id;
 *   dcl_input_sgv v2.x, instance_id; dcl_output_siv o0, position;
 *   dcl_output o1.xy; mov o0.xyz, v0.xyz; mov o0.w, l(1.0);
 *   mov o1.x, v1.x; mov o1.y, v2.x; ret */
#define VS_MASK(m) (2u | ((uint32_t)(m) << 4))
#define VS_SWZ_X (2u | (1u << 2))
static const uint32_t vs_ids_tokens[] = {
    0x00010040, 0, /* vs_4_0, length */
    GS_INSN(0x5f, 3), VS_MASK(7) | GS_OP_TYPE(1) | GS_OP_DIM(1), 0,
    GS_INSN(0x60, 4), VS_MASK(1) | GS_OP_TYPE(1) | GS_OP_DIM(1), 1, 6,
    GS_INSN(0x60, 4), VS_MASK(1) | GS_OP_TYPE(1) | GS_OP_DIM(1), 2, 8,
    GS_INSN(0x67, 4), GS_O(0), 1,
    GS_INSN(0x65, 3), VS_MASK(3) | GS_OP_TYPE(2) | GS_OP_DIM(1), 1,
    GS_INSN(0x36, 5), VS_MASK(7) | GS_OP_TYPE(2) | GS_OP_DIM(1), 0,
    GS_SWZ_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(1), 0,
    GS_INSN(0x36, 5), VS_MASK(8) | GS_OP_TYPE(2) | GS_OP_DIM(1), 0, 1u | GS_OP_TYPE(4), GS_P1,
    GS_INSN(0x36, 5), VS_MASK(1) | GS_OP_TYPE(2) | GS_OP_DIM(1), 1,
    VS_SWZ_X | GS_OP_TYPE(1) | GS_OP_DIM(1), 1,
    GS_INSN(0x36, 5), VS_MASK(2) | GS_OP_TYPE(2) | GS_OP_DIM(1), 1,
    VS_SWZ_X | GS_OP_TYPE(1) | GS_OP_DIM(1), 2,
    GS_INSN(0x3e, 1),
};

/* A signature chunk of n elements (name offset, index, system value,
 * type, register, masks; the offsets count from the chunk's start, the
 * names following the elements): its size. */
static inline size_t dxbc_signature_chunk(uint8_t *c, const uint32_t (*e)[6], uint32_t n,
                                          const char *names, size_t names_size)
{
    const uint32_t head[2] = {n, 8};
    memcpy(c, head, 8);
    memcpy(c + 8, e, n * sizeof(*e));
    memcpy(c + 8 + n * sizeof(*e), names, names_size);
    return 8 + n * sizeof(*e) + names_size;
}

/* A vertex program's container: ISGN of its n inputs, the output
 * signature chunk given, SHDR of the tokens (their length set here). */
static inline size_t dxbc_vs_build(uint8_t *out, size_t cap, const uint32_t (*in)[6], uint32_t n,
                                   const char *names, size_t names_size, const void *outsig,
                                   size_t outsig_size, const uint32_t *program, size_t count)
{
    static const char *const tags[3] = {"ISGN", "OSGN", "SHDR"};
    uint8_t insig[256];
    uint32_t *tokens = malloc(count * 4);
    size_t sizes[3] = {dxbc_signature_chunk(insig, in, n, names, names_size), outsig_size,
                       count * 4}, made;
    if (!tokens)
        return 0;
    memcpy(tokens, program, count * 4);
    tokens[1] = (uint32_t)count;
    made = dxbc_container(out, cap, 3, tags, (const void *const[3]){insig, outsig, tokens},
                          sizes);
    free(tokens);
    return made;
}

/* vs_ids_tokens' container: ISGN (POSITION, SV_VertexID, SV_InstanceID),
 * OSGN (SV_Position, ID), SHDR. */
static inline size_t dxbc_vs_ids_build(uint8_t *out, size_t cap)
{
    static const char in_names[] = "POSITION\0SV_VertexID\0SV_InstanceID\0\0\0\0\0\0"; /* 40 */
    static const char out_names[] = "SV_Position\0ID\0\0";
    /* name offset, index, system value, type (1 uint, 3 float), register,
     * mask | used mask << 8 (inputs) */
    static const uint32_t in[3][6] = {
        {8 + 72, 0, 0, 3, 0, 0x0707},
        {8 + 72 + 9, 0, 6, 1, 1, 0x0101},
        {8 + 72 + 21, 0, 8, 1, 2, 0x0101},
    };
    static const uint32_t outs[2][6] = {
        {8 + 48, 0, 1, 3, 0, 0x0f},
        {8 + 48 + 12, 0, 0, 1, 1, 0x03},
    };
    uint8_t outsig[160];
    size_t n = dxbc_signature_chunk(outsig, outs, 2, out_names, sizeof(out_names) - 1);
    return dxbc_vs_build(out, cap, in, 3, in_names, sizeof(in_names) - 1, outsig, n,
                         vs_ids_tokens, sizeof(vs_ids_tokens) / 4);
}

/* A vertex program reading an input by a relative index (the HLSL
 * compiler we have refuses to make one): SV_Position from POSITION, and
 * COLOR the TEXCOORD cb0[0].x of TEXCOORD0..2 (v1..v3, an index range).
 *   dcl_constantbuffer cb0[1]; dcl_input v0.xyz; dcl_input v1..v3;
 *   dcl_output_siv o0, position; dcl_output o1; dcl_temps 1;
 *   dcl_indexrange v1.xyzw, 3; mov o0.xyz, v0.xyz; mov o0.w, l(1.0);
 *   mov r0.x, cb0[0].x; mov o1, v[r0.x + 1]; ret */
#define VS_SEL_X (2u | (2u << 2)) /* four components, .x selected */
static const uint32_t vs_rel_tokens[] = {
    0x00010040, 0, /* vs_4_0, length */
    GS_INSN(0x59, 4), GS_CB(0, 1),
    GS_INSN(0x5f, 3), VS_MASK(7) | GS_OP_TYPE(1) | GS_OP_DIM(1), 0,
    GS_INSN(0x5f, 3), VS_MASK(15) | GS_OP_TYPE(1) | GS_OP_DIM(1), 1,
    GS_INSN(0x5f, 3), VS_MASK(15) | GS_OP_TYPE(1) | GS_OP_DIM(1), 2,
    GS_INSN(0x5f, 3), VS_MASK(15) | GS_OP_TYPE(1) | GS_OP_DIM(1), 3,
    GS_INSN(0x67, 4), GS_O(0), 1,
    GS_INSN(0x65, 3), GS_O(1),
    GS_INSN(0x68, 2), 1,
    GS_INSN(0x5b, 4), VS_MASK(15) | GS_OP_TYPE(1) | GS_OP_DIM(1), 1, 3,
    GS_INSN(0x36, 5), VS_MASK(7) | GS_OP_TYPE(2) | GS_OP_DIM(1), 0,
    GS_SWZ_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(1), 0,
    GS_INSN(0x36, 5), VS_MASK(8) | GS_OP_TYPE(2) | GS_OP_DIM(1), 0, 1u | GS_OP_TYPE(4), GS_P1,
    GS_INSN(0x36, 6), VS_MASK(1) | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    VS_SEL_X | GS_OP_TYPE(8) | GS_OP_DIM(2), 0, 0,
    /* v[r0.x + 1]: one index, immediate plus relative (representation 3) */
    GS_INSN(0x36, 7), GS_O(1), GS_SWZ_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(1) | (3u << 22), 1,
    VS_SEL_X | GS_OP_TYPE(0) | GS_OP_DIM(1), 0,
    GS_INSN(0x3e, 1),
};

/* vs_rel_tokens' container: inputs POSITION (v0.xyz) and TEXCOORD0..2
 * (v1..v3), outputs SV_Position and COLOR. */
static inline size_t dxbc_vs_rel_build(uint8_t *out, size_t cap)
{
    static const char in_names[] = "POSITION\0TEXCOORD\0\0\0"; /* 20 */
    static const uint32_t in[4][6] = {
        {8 + 96, 0, 0, 3, 0, 0x0707},
        {8 + 96 + 9, 0, 0, 3, 1, 0x0f0f},
        {8 + 96 + 9, 1, 0, 3, 2, 0x0f0f},
        {8 + 96 + 9, 2, 0, 3, 3, 0x0f0f},
    };
    uint8_t outsig[160];
    size_t n = gs_signature(outsig, true);
    return dxbc_vs_build(out, cap, in, 4, in_names, sizeof(in_names) - 1, outsig, n,
                         vs_rel_tokens, sizeof(vs_rel_tokens) / 4);
}

#endif
