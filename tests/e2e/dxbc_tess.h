/* nereid tests: hull and domain shaders as DXBC, assembled here (the HLSL
 * compiler we have, Wine 8.0's d3dcompiler_47, compiles neither), in the
 * tokens of shader model 5 and with the operand forms of dxbc_gs.h.
 *
 * Both take triangle patches of 3 control points, each SV_Position
 * (register 0) and COLOR (register 1) as vs_color writes them:
 *   dxbc_hs_tri   hs_5_0, tri domain, integer partitioning, clockwise
 *                 triangles out; no control point phase (the points pass
 *                 through); one fork phase writing the three edge factors
 *                 and the inside factor from cb0[0].x, .y, .z and .w
 *   dxbc_ds_tri   ds_5_0: the position is the control points' positions
 *                 weighted by vDomain (the patch's own triangle, however
 *                 finely it is cut); the colour is the control points'
 *                 green, blue and alpha weighted alike, and in red
 *                 8 * u * v of the domain point -- zero at every point of
 *                 a patch cut only at its corners (factors 1), near 0.9
 *                 at its middle when it is cut finely, so that the red a
 *                 pixel gets says whether the factors reached the
 *                 tessellator.
 *   dxbc_hs_tex   as dxbc_hs_tri, every factor the red of
 *                 t1.SampleLevel(s2, (1.25, 0.75), 0) (dxbc_gs.h's
 *                 gs_tex_tokens' texel: 1 through a sampler that wraps,
 *                 the patch culled where the read gives 0)
 *   dxbc_ds_tex   as dxbc_ds_tri, the colour that texel's
 *   hs_buf_tokens, ds_buf_tokens  as the _tex ones, the texel element 1
 *                 of t1, a Buffer<float4> (ld) instead
 * The containers carry ISGN, OSGN, PCSG (the four factors: registers 0 to
 * 2 SV_TessFactor, 3 SV_InsideTessFactor) and SHEX. */
#ifndef NEREID_TESTS_DXBC_TESS_H
#define NEREID_TESTS_DXBC_TESS_H

#include "dxbc_gs.h"

/* Operand forms beyond dxbc_gs.h's. */
#define TS_MASK(m) (2u | ((uint32_t)(m) << 4))              /* mask select */
#define TS_SWZ(x, y, z, w) (2u | (1u << 2) | (((x) | (y) << 2 | (z) << 4 | (w) << 6) << 4))
#define TS_SEL1(c) (2u | (2u << 2) | ((uint32_t)(c) << 4)) /* one component */
#define TS_TYPE_TEMP 0
#define TS_TYPE_OUTPUT 2
#define TS_TYPE_CB 8
#define TS_TYPE_INPUT_CP 25     /* vicp */
#define TS_TYPE_DOMAIN_POINT 28 /* vDomain */
#define TS_O1(reg, comp) (TS_MASK(1u << (comp)) | GS_OP_TYPE(TS_TYPE_OUTPUT) | GS_OP_DIM(1)), (reg)
#define TS_CB_C(vec, comp) (TS_SEL1(comp) | GS_OP_TYPE(TS_TYPE_CB) | GS_OP_DIM(2)), 0, (vec)
#define TS_R(reg) (GS_MASK_XYZW | GS_OP_TYPE(TS_TYPE_TEMP) | GS_OP_DIM(1)), (reg)
#define TS_RS(reg) (GS_SWZ_XYZW | GS_OP_TYPE(TS_TYPE_TEMP) | GS_OP_DIM(1)), (reg)
#define TS_R_C(reg, comp) (TS_MASK(1u << (comp)) | GS_OP_TYPE(TS_TYPE_TEMP) | GS_OP_DIM(1)), (reg)
#define TS_RS_C(reg, comp) (TS_SEL1(comp) | GS_OP_TYPE(TS_TYPE_TEMP) | GS_OP_DIM(1)), (reg)
#define TS_VICP(cp, reg) (GS_SWZ_XYZW | GS_OP_TYPE(TS_TYPE_INPUT_CP) | GS_OP_DIM(2)), (cp), (reg)
#define TS_DOM(c) (TS_SWZ(c, c, c, c) | GS_OP_TYPE(TS_TYPE_DOMAIN_POINT) | GS_OP_DIM(0))
#define TS_DOM_C(c) (TS_SEL1(c) | GS_OP_TYPE(TS_TYPE_DOMAIN_POINT) | GS_OP_DIM(0))
#define TS_IMM1 (1u | GS_OP_TYPE(4)) /* then one 32-bit value */

/* Opcodes of shader model 5 used here. */
#define TS_HS_DECLS 0x71
#define TS_HS_FORK_PHASE 0x73
#define TS_DCL_INPUT_CP_COUNT 0x93
#define TS_DCL_OUTPUT_CP_COUNT 0x94
#define TS_DCL_DOMAIN 0x95
#define TS_DCL_PARTITIONING 0x96
#define TS_DCL_OUTPUT_PRIMITIVE 0x97
#define TS_DCL_MAX_TESSFACTOR 0x98
/* The tokens' names of the tessellation factors (not the signature's). */
#define TS_NAME_TRI_EDGE0 17
#define TS_NAME_TRI_INSIDE 20

/* dcl_output_siv o<reg>.x, name; mov o<reg>.x, cb0[0].<comp> */
#define TS_FACTOR(reg, name, comp)                                                       \
    GS_INSN(0x67, 4), TS_O1(reg, 0), (name), GS_INSN(0x36, 6), TS_O1(reg, 0), TS_CB_C(0, comp)

static const uint32_t hs_tri_tokens[] = {
    0x00030050, 0, /* hs_5_0, length */
    GS_INSN(TS_HS_DECLS, 1),
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_OUTPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),           /* tri */
    GS_INSN(TS_DCL_PARTITIONING, 1) | (1u << 11),     /* integer */
    GS_INSN(TS_DCL_OUTPUT_PRIMITIVE, 1) | (3u << 11), /* triangle_cw */
    GS_INSN(TS_DCL_MAX_TESSFACTOR, 2), 0x42800000u,   /* 64.0 */
    GS_INSN(0x59, 4), GS_CB(0, 1),                    /* dcl_constantbuffer cb0[1] */
    GS_INSN(TS_HS_FORK_PHASE, 1),
    TS_FACTOR(0, TS_NAME_TRI_EDGE0, 0),
    TS_FACTOR(1, TS_NAME_TRI_EDGE0 + 1, 1),
    TS_FACTOR(2, TS_NAME_TRI_EDGE0 + 2, 2),
    TS_FACTOR(3, TS_NAME_TRI_INSIDE, 3),
    GS_INSN(0x3e, 1), /* ret */
};

/* dst = vicp[0][reg] * u + vicp[1][reg] * v + vicp[2][reg] * w, through
 * temp t. */
#define TS_WEIGH(dst_tokens, reg, t)                                                     \
    GS_INSN(0x38, 7), TS_R(t), TS_DOM(1), TS_VICP(1, reg),             /* mul */       \
        GS_INSN(0x32, 9), TS_R(t), TS_VICP(0, reg), TS_DOM(0), TS_RS(t), /* mad */     \
        GS_INSN(0x32, 9), dst_tokens, TS_VICP(2, reg), TS_DOM(2), TS_RS(t)

static const uint32_t ds_tri_tokens[] = {
    0x00040050, 0, /* ds_5_0, length */
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),
    GS_INSN(0x5f, 2), TS_MASK(7) | GS_OP_TYPE(TS_TYPE_DOMAIN_POINT) | GS_OP_DIM(0),
    GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(TS_TYPE_INPUT_CP) | GS_OP_DIM(2), 3, 0,
    GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(TS_TYPE_INPUT_CP) | GS_OP_DIM(2), 3, 1,
    GS_INSN(0x67, 4), GS_O(0), 1, /* dcl_output_siv o0, position */
    GS_INSN(0x65, 3), GS_O(1),    /* dcl_output o1 */
    GS_INSN(0x68, 2), 2,          /* dcl_temps 2 */
    TS_WEIGH(GS_O(0), 0, 0),
    TS_WEIGH(TS_R(1), 1, 0),
    /* r1.x = 8 * u * v */
    GS_INSN(0x38, 5), TS_R_C(1, 0), TS_DOM_C(0), TS_DOM_C(1),
    GS_INSN(0x38, 7), TS_R_C(1, 0), TS_RS_C(1, 0), TS_IMM1, 0x41000000u,
    GS_INSN(0x36, 5), GS_O(1), TS_RS(1),
    GS_INSN(0x3e, 1),
};

/* dcl_output_siv o<reg>.x, name; mov o<reg>.x, r0.x */
#define TS_FACTOR_R0(reg, name)                                                          \
    GS_INSN(0x67, 4), TS_O1(reg, 0), (name), GS_INSN(0x36, 5), TS_O1(reg, 0), TS_RS_C(0, 0)

static const uint32_t hs_tex_tokens[] = {
    0x00030050, 0,
    GS_INSN(TS_HS_DECLS, 1),
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_OUTPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),
    GS_INSN(TS_DCL_PARTITIONING, 1) | (1u << 11),
    GS_INSN(TS_DCL_OUTPUT_PRIMITIVE, 1) | (3u << 11),
    GS_INSN(TS_DCL_MAX_TESSFACTOR, 2), 0x42800000u,
    GS_DCL_SAMPLER(2), GS_DCL_TEX2D(1),
    GS_INSN(TS_HS_FORK_PHASE, 1),
    GS_INSN(0x68, 2), 1, /* dcl_temps 1 */
    GS_SAMPLE_L(0, GS_U_1_25, GS_V_0_75, 1, 2),
    TS_FACTOR_R0(0, TS_NAME_TRI_EDGE0),
    TS_FACTOR_R0(1, TS_NAME_TRI_EDGE0 + 1),
    TS_FACTOR_R0(2, TS_NAME_TRI_EDGE0 + 2),
    TS_FACTOR_R0(3, TS_NAME_TRI_INSIDE),
    GS_INSN(0x3e, 1),
};

static const uint32_t ds_tex_tokens[] = {
    0x00040050, 0,
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),
    GS_DCL_SAMPLER(2), GS_DCL_TEX2D(1),
    GS_INSN(0x5f, 2), TS_MASK(7) | GS_OP_TYPE(TS_TYPE_DOMAIN_POINT) | GS_OP_DIM(0),
    GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(TS_TYPE_INPUT_CP) | GS_OP_DIM(2), 3, 0,
    GS_INSN(0x67, 4), GS_O(0), 1,
    GS_INSN(0x65, 3), GS_O(1),
    GS_INSN(0x68, 2), 2,
    TS_WEIGH(GS_O(0), 0, 0),
    GS_SAMPLE_L(1, GS_U_1_25, GS_V_0_75, 1, 2),
    GS_INSN(0x36, 5), GS_O(1), TS_RS(1),
    GS_INSN(0x3e, 1),
};

static const uint32_t hs_buf_tokens[] = {
    0x00030050, 0,
    GS_INSN(TS_HS_DECLS, 1),
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_OUTPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),
    GS_INSN(TS_DCL_PARTITIONING, 1) | (1u << 11),
    GS_INSN(TS_DCL_OUTPUT_PRIMITIVE, 1) | (3u << 11),
    GS_INSN(TS_DCL_MAX_TESSFACTOR, 2), 0x42800000u,
    GS_DCL_BUFFER(1),
    GS_INSN(TS_HS_FORK_PHASE, 1),
    GS_INSN(0x68, 2), 1, /* dcl_temps 1 */
    GS_LD(0, 1, 1),
    TS_FACTOR_R0(0, TS_NAME_TRI_EDGE0),
    TS_FACTOR_R0(1, TS_NAME_TRI_EDGE0 + 1),
    TS_FACTOR_R0(2, TS_NAME_TRI_EDGE0 + 2),
    TS_FACTOR_R0(3, TS_NAME_TRI_INSIDE),
    GS_INSN(0x3e, 1),
};

static const uint32_t ds_buf_tokens[] = {
    0x00040050, 0,
    GS_INSN(TS_DCL_INPUT_CP_COUNT, 1) | (3u << 11),
    GS_INSN(TS_DCL_DOMAIN, 1) | (2u << 11),
    GS_DCL_BUFFER(1),
    GS_INSN(0x5f, 2), TS_MASK(7) | GS_OP_TYPE(TS_TYPE_DOMAIN_POINT) | GS_OP_DIM(0),
    GS_INSN(0x5f, 4), GS_MASK_XYZW | GS_OP_TYPE(TS_TYPE_INPUT_CP) | GS_OP_DIM(2), 3, 0,
    GS_INSN(0x67, 4), GS_O(0), 1,
    GS_INSN(0x65, 3), GS_O(1),
    GS_INSN(0x68, 2), 2,
    TS_WEIGH(GS_O(0), 0, 0),
    GS_LD(1, 1, 1),
    GS_INSN(0x36, 5), GS_O(1), TS_RS(1),
    GS_INSN(0x3e, 1),
};

/* A patch-constant signature of the tri domain's four factors. */
static size_t ts_pcsg(uint8_t *c)
{
    static const char names[] = "SV_TessFactor\0SV_InsideTessFactor\0\0\0";
    uint32_t head[2] = {4, 8};
    uint32_t e[4][6];
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t name_at = 8 + 4 * 24 + (i < 3 ? 0 : 14);
        /* D3D_NAME_FINAL_TRI_EDGE_TESSFACTOR 13, _INSIDE_ 14; float; x
         * written (0x01), x never read (0x0e << 8) */
        e[i][0] = name_at;
        e[i][1] = i < 3 ? i : 0;
        e[i][2] = i < 3 ? 13 : 14;
        e[i][3] = 3;
        e[i][4] = i;
        e[i][5] = 0x01 | (0x0e << 8);
    }
    memcpy(c, head, 8);
    memcpy(c + 8, e, sizeof(e));
    memcpy(c + 8 + sizeof(e), names, sizeof(names) - 1);
    return 8 + sizeof(e) + sizeof(names) - 1;
}

/* The container of a hull or domain program (its length token set here):
 * ISGN, OSGN, PCSG, SHEX.  The size written, 0 when it does not fit. */
static size_t dxbc_tess_build(const uint32_t *tokens, size_t count, uint8_t *out, size_t cap)
{
    static const char *const tags[4] = {"ISGN", "OSGN", "PCSG", "SHEX"};
    uint8_t in[160], outsig[160], pcsg[200];
    uint32_t *shex = malloc(count * 4);
    size_t n;
    if (!shex)
        return 0;
    const size_t sizes[4] = {gs_signature(in, false), gs_signature(outsig, true), ts_pcsg(pcsg),
                             count * 4};
    memcpy(shex, tokens, count * 4);
    shex[1] = (uint32_t)count; /* the program's length token */
    n = dxbc_container(out, cap, 4, tags, (const void *const[4]){in, outsig, pcsg, shex}, sizes);
    free(shex);
    return n;
}

#endif
