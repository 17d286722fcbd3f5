/* Writes the seed corpus of fuzz_shader into DIR: a few shaders of every
 * model (written with the end-to-end tests' DXSO macros), the Direct3D
 * 11 tests' DXBC, and zeroed and
 * lit fixed-function keys, each prefixed as fuzz_shader reads its input
 * (source/stage byte, struct wire_shader_options).  With a second
 * argument "so", fuzz_so's instead: vs_color and gs_pair with layouts of
 * whole outputs, of parts and repeats across slots, and of gaps.  Run by
 * tests/fuzz/run-fuzz.sh before the fuzzer, so the corpus in the
 * repository (tests/fuzz/corpus) only holds what the fuzzer found. */
#define _GNU_SOURCE
#include <d3d9.h>
#include "../e2e/dxso_asm.h"
#include "../e2e/dxbc_gs.h"
#include "../d3d11/shaders.h"
#include "shader/ff.h"
#include "wire/wire.h"

#include <stdio.h>
#include <string.h>

static void seed(const char *dir, const char *name, unsigned source, unsigned stage,
                 const struct wire_shader_options *o, const void *bytes, size_t size)
{
    char path[512];
    unsigned char head = (unsigned char)(source | (stage << 4));
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (!(f = fopen(path, "wb")))
        return;
    fwrite(&head, 1, 1, f);
    fwrite(o, sizeof(*o), 1, f);
    fwrite(bytes, 1, size, f);
    fclose(f);
}

#define SEED_DXSO(name, stage, ...)                                                  \
    do {                                                                             \
        const DWORD code_[] = {__VA_ARGS__};                                         \
        seed(dir, name, WIRE_SHADER_DXSO, stage, &o, code_, sizeof(code_));          \
    } while (0)

/* fuzz_so's input: stage byte, entry count, strides, entries, DXBC. */
static void so_seed(const char *dir, const char *name, int geometry, const uint32_t strides[4],
                    const struct wire_so_entry *e, unsigned n, const void *dxbc, size_t size)
{
    char path[512];
    unsigned char head[2] = {(unsigned char)geometry, (unsigned char)n};
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (!(f = fopen(path, "wb")))
        return;
    fwrite(head, 1, 2, f);
    fwrite(strides, 4, 4, f);
    fwrite(e, sizeof(*e), n, f);
    fwrite(dxbc, 1, size, f);
    fclose(f);
}

static int so_seeds(const char *dir)
{
    static const struct wire_so_entry whole[2] = {{"SV_Position", 0, 0, 0, 4, 0},
                                                  {"COLOR", 0, 0, 0, 4, 0}};
    static const struct wire_so_entry parts[5] = {
        {"COLOR", 0, 0, 1, 2, 0}, {"", 0, 0, 0, 1, 0}, {"COLOR", 0, 0, 3, 1, 0},
        {"COLOR", 0, 0, 0, 1, 0}, {"SV_Position", 0, 0, 0, 4, 1}};
    static const struct wire_so_entry gaps[3] = {{"SV_Position", 0, 0, 2, 2, 0},
                                                 {"", 0, 0, 0, 8, 0},
                                                 {"SV_Position", 0, 0, 0, 2, 2}};
    static const uint32_t s32[4] = {32, 0, 0, 0}, s20[4] = {20, 20, 0, 0},
                          s48[4] = {48, 0, 8, 0};
    static uint8_t gs[2048];
    size_t gn = dxbc_gs_build(gs_pair_tokens, sizeof(gs_pair_tokens) / 4, gs, sizeof(gs));
    (void)dxbc_edit; /* dxbc_gs.h's helper, unused here */
    so_seed(dir, "vs_whole", 0, s32, whole, 2, dxbc_vs_color, sizeof(dxbc_vs_color));
    so_seed(dir, "vs_parts", 0, s20, parts, 5, dxbc_vs_color, sizeof(dxbc_vs_color));
    so_seed(dir, "vs_gaps", 0, s48, gaps, 3, dxbc_vs_color, sizeof(dxbc_vs_color));
    if (gn) {
        so_seed(dir, "gs_whole", 1, s32, whole, 2, gs, gn);
        so_seed(dir, "gs_parts", 1, s20, parts, 5, gs, gn);
    }
    /* gs_streams: stream 2's entries translated (bits 4-5 of the stage
     * byte). */
    static const struct wire_so_entry streams[4] = {
        {"COLOR", 0, 0, 0, 4, 0}, {"custom", 0, 1, 0, 4, 1}, {"custom", 0, 2, 0, 4, 2},
        {"extra", 0, 2, 0, 4, 2}};
    static const uint32_t s_streams[4] = {16, 16, 32, 0};
    if ((gn = dxbc_gs_build_any(gs_streams_tokens, sizeof(gs_streams_tokens) / 4, gs,
                                sizeof(gs), GS_OUT_STREAMS)))
        so_seed(dir, "gs_streams", 1 | 2 << 4, s_streams, streams, 4, gs, gn);
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    if (argc > 2 && !strcmp(argv[2], "so"))
        return so_seeds(dir);
    struct wire_shader_options o;
    struct ff_vs_key vk;
    struct ff_fs_key fk;

    memset(&o, 0, sizeof(o));
    SEED_DXSO("vs_2_0_m4x4", WIRE_STAGE_VERTEX, VS(2, 0), DCL(U_POS, V(0)), DCL(U_COL(0), V(1)),
              I(D3DSIO_M4x4, OPOS, v(0), c(0)), I(D3DSIO_MOV, OD(0), v(1)), END);
    SEED_DXSO("vs_3_0_loop", WIRE_STAGE_VERTEX, VS(3, 0), DCL(U_POS, V(0)), DCL(U_POS, OPOS),
              DEFI(0, 3, 0, 1, 0), I(D3DSIO_MOV, R(0), c(0)), I(D3DSIO_LOOP, aL, i_(0)),
              I(D3DSIO_ADD, R(0), r(0), REL(c(1))), I0(D3DSIO_ENDLOOP),
              I(D3DSIO_ADD, OPOS, v(0), r(0)), END);
    SEED_DXSO("ps_2_0_texld", WIRE_STAGE_FRAGMENT, PS(2, 0), DCL(0x80000000u, T(0)),
              DCL(U_2D, S(0)), I(D3DSIO_TEX, R(0), t(0), s_(0)),
              I(D3DSIO_MUL, R(0), r(0), c(0)), I(D3DSIO_MOV, OC(0), r(0)), END);
    SEED_DXSO("ps_2_0_cmp_texkill", WIRE_STAGE_FRAGMENT, PS(2, 0), DCL(0x80000000u, T(0)),
              DEF(1, 0.5f, -0.5f, 1, 0), I(D3DSIO_ADD, R(0), t(0), c(1)),
              I(D3DSIO_TEXKILL, R(0)), I(D3DSIO_CMP, R(1), r(0), c(1), c(0)),
              I(D3DSIO_MOV, OC(0), r(1)), END);
    SEED_DXSO("ps_1_4_phase", WIRE_STAGE_FRAGMENT, PS(1, 4), I1(D3DSIO_TEXCOORD, R(0), t(0)),
              I1(D3DSIO_TEX, R(1), t(0)), I0(D3DSIO_PHASE), I1(D3DSIO_TEX, R(2), r(1)),
              I1(D3DSIO_MUL, R(0), r(2), c(0)), END);
    SEED_DXSO("ps_1_1_tex", WIRE_STAGE_FRAGMENT, PS(1, 1), I1(D3DSIO_TEX, T(0)),
              I1(D3DSIO_MUL, R(0), t(0), v(0)), END);
    SEED_DXSO("ps_3_0_pred", WIRE_STAGE_FRAGMENT, PS(3, 0), DCL(U_TC(0), V(0)),
              DEF(0, 1, 0, 0, 1), I(D3DSIO_SETP, P0(0xf), vs_(0, XXXX), c(0)),
              I(PRED(D3DSIO_MOV), p0(XXXX), R(0), c(0)), I(D3DSIO_MOV, OC(0), r(0)), END);
    o.alpha_func = 5;
    o.fog_table_mode = 3;
    o.srgb_write = 1;
    o.srgb_samplers = 1;
    SEED_DXSO("ps_2_0_texld_fog_alpha", WIRE_STAGE_FRAGMENT, PS(2, 0), DCL(0x80000000u, T(0)),
              DCL(U_CUBE, S(0)), I(D3DSIO_TEX, R(0), t(0), s_(0)), I(D3DSIO_MOV, OC(0), r(0)),
              END);
    memset(&o, 0, sizeof(o));
    /* DXBC (vkd3d-shader behind our container check). */
    seed(dir, "dxbc_vs_color", WIRE_SHADER_DXBC, WIRE_STAGE_VERTEX, &o, dxbc_vs_color,
         sizeof(dxbc_vs_color));
    seed(dir, "dxbc_ps_tint", WIRE_SHADER_DXBC, WIRE_STAGE_FRAGMENT, &o, dxbc_ps_tint,
         sizeof(dxbc_ps_tint));
    seed(dir, "dxbc_ps_texture", WIRE_SHADER_DXBC, WIRE_STAGE_FRAGMENT, &o, dxbc_ps_texture,
         sizeof(dxbc_ps_texture));
    {
        /* An input read by a relative index (dxbc_relative_inputs). */
        static uint8_t rel[1024];
        size_t rn = dxbc_vs_rel_build(rel, sizeof(rel));
        if (rn)
            seed(dir, "dxbc_vs_rel", WIRE_SHADER_DXBC, WIRE_STAGE_VERTEX, &o, rel, rn);
    }
    /* Its module for an A8 target at location 0 (the server's alpha_rewrite). */
    o.alpha_targets = 1;
    seed(dir, "dxbc_ps_tint_a8", WIRE_SHADER_DXBC, WIRE_STAGE_FRAGMENT, &o, dxbc_ps_tint,
         sizeof(dxbc_ps_tint));
    memset(&o, 0, sizeof(o));
    memset(&vk, 0, sizeof(vk));
    memset(&fk, 0, sizeof(fk));
    seed(dir, "ff_vs_zero", WIRE_SHADER_FF_VS_KEY, WIRE_STAGE_VERTEX, &o, &vk, sizeof(vk));
    seed(dir, "ff_fs_zero", WIRE_SHADER_FF_FS_KEY, WIRE_STAGE_FRAGMENT, &o, &fk, sizeof(fk));
    vk.has_normal = vk.has_diffuse = 1;
    vk.lighting = 1;
    vk.light_count = 2;
    vk.light_type[0] = 1;
    vk.light_type[1] = 3;
    vk.fog_enable = 1;
    vk.fog_vertex_mode = 3;
    vk.texcoord_count = 1;
    vk.texcoord_dim[0] = 2;
    seed(dir, "ff_vs_lit", WIRE_SHADER_FF_VS_KEY, WIRE_STAGE_VERTEX, &o, &vk, sizeof(vk));
    return 0;
}
