/* The DXBC container parser (shader/dxbc.c) and the server's DXBC
 * translation (server/dxbc.c, vkd3d-shader): the test shaders of
 * tests/d3d11/shaders.hlsl translate into modules spirv-val accepts, with
 * their constant buffer where the binding model puts it; a program binding
 * what the model has no place for is refused; malformed containers are
 * refused without reading outside them. */
#define _GNU_SOURCE
#include "server/server_private.h"
#include "shader/binding.h"
#include "shader/dxbc.h"
#include "shader/so_emu.h"

#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include "d3d11/shaders.h"
#include "e2e/dxbc_edit.h"
#include "e2e/dxbc_gs.h"
#include "e2e/dxbc_ps.h"
#include "e2e/dxbc_tess.h"
#include "harness.h"
#include "spirv_util.h"

/* Whether the module decorates a variable with Binding b (OpDecorate id
 * Binding b: opcode 71, 4 words, decoration 33). */
static bool has_binding(const uint32_t *w, size_t n, uint32_t b)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        if (op == 71 && len == 4 && w[i + 2] == 33 && w[i + 3] == b)
            return true;
        i += len;
    }
    return false;
}

static void test_translation(void)
{
    uint32_t *words;
    size_t count;
    bool refused;
    char err[256];

    ok(server_dxbc_to_spirv(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &words,
                            &count, &refused, err, sizeof(err)),
       "vs_color: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "vs_color passes spirv-val");
    free(words);

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_tint, sizeof(dxbc_ps_tint), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_tint: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_tint passes spirv-val");
    ok(has_binding(words, count, NR_BIND_FS_UBO), "ps_tint's b0 is binding %d",
       NR_BIND_FS_UBO);
    ok(!has_binding(words, count, NR_BIND_VS_UBO), "and not the vertex stage's");
    free(words);

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_texture, sizeof(dxbc_ps_texture),
                            &words, &count, &refused, err, sizeof(err)),
       "ps_texture: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_texture passes spirv-val");
    ok(has_binding(words, count, NR_BIND_FS_SAMPLER0), "its (t0, s0) is binding %d",
       NR_BIND_FS_SAMPLER0);
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_two, sizeof(dxbc_ps_two), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_two: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_two passes spirv-val");
    for (int k = 0; k < 3; k++)
        ok(has_binding(words, count, NR_BIND_FS_SAMPLER0 + k), "ps_two's pair %d is binding %d",
           k, NR_BIND_FS_SAMPLER0 + k);
    ok(!has_binding(words, count, NR_BIND_FS_SAMPLER0 + 3), "and there are three");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_VERTEX, dxbc_vs_fetch, sizeof(dxbc_vs_fetch), &words,
                            &count, &refused, err, sizeof(err)),
       "vs_fetch: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "vs_fetch passes spirv-val");
    ok(has_binding(words, count, NR_BIND_VS_SAMPLER0), "a vertex pair is binding %d",
       NR_BIND_VS_SAMPLER0);
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_cbs, sizeof(dxbc_ps_cbs), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_cbs: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_cbs passes spirv-val");
    ok(has_binding(words, count, NR_BIND_FS_UBO) &&
           has_binding(words, count, NR_BIND_UBO_EXTRA0 + 4) &&
           has_binding(words, count, NR_BIND_UBO_EXTRA0 + 5),
       "ps_cbs: b0 at %d, b1 and b2 at %d and %d", NR_BIND_FS_UBO, NR_BIND_UBO_EXTRA0 + 4,
       NR_BIND_UBO_EXTRA0 + 5);
    free(words);
    ok(!server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_cb5, sizeof(dxbc_ps_cb5), &words,
                             &count, &refused, err, sizeof(err)) &&
           refused && strstr(err, "cb5"),
       "ps_cb5 is refused, naming cb5 (%s)", err);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_cube, sizeof(dxbc_ps_cube), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_cube: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_cube passes spirv-val");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_volume, sizeof(dxbc_ps_volume),
                            &words, &count, &refused, err, sizeof(err)),
       "ps_volume: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_volume passes spirv-val");
    free(words);
    {
        /* ps_volume's t2 declared as a multisampled array: no place for it. */
        uint32_t one_d[sizeof(dxbc_ps_volume) / 4];
        bool patched = false;
        memcpy(one_d, dxbc_ps_volume, sizeof(one_d));
        for (size_t i = 0; i < sizeof(one_d) / 4; i++)
            if (one_d[i] == 0x04002858) { /* dcl_resource_texture3d */
                one_d[i] = 0x04004858;    /* dcl_resource_texture2dmsarray */
                patched = true;
            }
        ok(patched && !server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, one_d, sizeof(one_d), &words,
                                            &count, &refused, err, sizeof(err)) &&
               refused && strstr(err, "t2"),
           "a multisampled array is refused, naming t2 (%s)", err);
    }
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_line, sizeof(dxbc_ps_line), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_line: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_line (a 1D array) passes spirv-val");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_line1, sizeof(dxbc_ps_line1), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_line1: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_line1 (a 1D texture) passes spirv-val");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_array, sizeof(dxbc_ps_array),
                            &words, &count, &refused, err, sizeof(err)),
       "ps_array: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_array passes spirv-val");
    free(words);
    ok(!server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_vs_color, sizeof(dxbc_vs_color),
                             &words, &count, &refused, err, sizeof(err)) &&
           !refused,
       "a vertex program for the fragment stage is malformed (%s)", err);
}

static void test_container(void)
{
    struct dxbc_shader sh;
    const struct dxbc_signature_element *e;
    uint8_t *copy = malloc(sizeof(dxbc_vs_color));
    size_t size = sizeof(dxbc_vs_color);
    char err[256];
    uint32_t chunks, off;

    ok(dxbc_parse(dxbc_vs_color, size, &sh, err, sizeof(err)), "vs_color parses: %s", err);
    ok(sh.type == DXBC_VERTEX && sh.major == 4 && sh.minor == 0, "vs_4_0: %u %u.%u", sh.type,
       sh.major, sh.minor);
    ok(sh.inputs.count == 2 && sh.outputs.count == 2, "2 inputs, 2 outputs: %u %u",
       sh.inputs.count, sh.outputs.count);
    e = dxbc_signature_find(&sh.inputs, "position", 0);
    ok(e && e->reg == 0 && e->mask == 7, "POSITION found case-insensitively, v0.xyz");
    e = dxbc_signature_find(&sh.inputs, "COLOR", 0);
    ok(e && e->reg == 1, "COLOR is v1");
    ok(!dxbc_signature_find(&sh.inputs, "COLOR", 1), "COLOR1 is not there");
    e = dxbc_signature_find(&sh.outputs, "SV_Position", 0);
    ok(e && e->system_value == 1, "SV_Position is system value 1");

    /* Every truncation is refused (the size is in the header). */
    for (size_t n = 0; n < size; n += 4)
        if (dxbc_parse(dxbc_vs_color, n, &sh, err, sizeof(err))) {
            ok(0, "a container cut to %zu bytes parsed", n);
            break;
        }
    /* Chunk offsets and sizes pointing outside. */
    memcpy(&chunks, (const uint8_t *)dxbc_vs_color + 28, 4);
    for (uint32_t i = 0; i < chunks; i++) {
        uint32_t bad = 0x7ffffff0u, csize;
        memcpy(copy, dxbc_vs_color, size);
        memcpy(copy + 32 + 4 * i, &bad, 4);
        ok(!dxbc_parse(copy, size, &sh, err, sizeof(err)), "chunk %u at an absurd offset", i);
        memcpy(copy, dxbc_vs_color, size);
        memcpy(&off, copy + 32 + 4 * i, 4);
        csize = (uint32_t)size;
        memcpy(copy + off + 4, &csize, 4);
        ok(!dxbc_parse(copy, size, &sh, err, sizeof(err)), "chunk %u longer than the file", i);
    }
    /* A signature whose names point outside its chunk. */
    memcpy(copy, dxbc_vs_color, size);
    memcpy(&off, copy + 32, 4); /* the first chunk: ISGN */
    ok(!memcmp(copy + off, "ISGN", 4), "the first chunk is ISGN");
    {
        uint32_t bad = 0xfff0;
        memcpy(copy + off + 8 + 8, &bad, 4);
        ok(!dxbc_parse(copy, size, &sh, err, sizeof(err)), "a name outside: %s", err);
    }
    free(copy);
}

/* The pairs, as the front end binds by them. */
static void test_bindings(void)
{
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    char err[256];

    ok(dxbc_parse(dxbc_ps_two, sizeof(dxbc_ps_two), &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err)),
       "ps_two's bindings: %s", err);
    ok(b.pair_count == 3, "3 pairs: %u", b.pair_count);
    ok(b.texture[0] == 0 && b.sampler[0] == 1, "(t0, s1) first: t%u s%u", b.texture[0],
       b.sampler[0]);
    ok(b.texture[1] == 1 && b.sampler[1] == 1, "(t1, s1): t%u s%u", b.texture[1], b.sampler[1]);
    ok(b.texture[2] == 1 && b.sampler[2] == DXBC_NO_SAMPLER, "(t1, none) of the load: t%u s%u",
       b.texture[2], b.sampler[2]);
    ok(b.texture_dim[0] == DXBC_DIM_TEXTURE2D && b.texture_dim[1] == DXBC_DIM_TEXTURE2D &&
           !b.texture_dim[2],
       "t0 and t1 are 2D");
    ok(!b.cb_mask, "no constant buffer");
    ok(dxbc_parse(dxbc_ps_tint, sizeof(dxbc_ps_tint), &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err)) && b.cb_mask == 1 && b.cb_vec4[0] == 1 &&
           !b.pair_count,
       "ps_tint: b0 of one vector, no pairs");
    ok(dxbc_parse(dxbc_ps_cbs, sizeof(dxbc_ps_cbs), &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err)) && b.cb_mask == 7,
       "ps_cbs: b0, b1, b2 (%#x)", b.cb_mask);
    ok(dxbc_parse(dxbc_ps_cb5, sizeof(dxbc_ps_cb5), &sh, err, sizeof(err)) &&
           !dxbc_bindings(&sh, &b, err, sizeof(err)),
       "ps_cb5 is refused here too: %s", err);
}

/* The binding of set 1 a module decorates with Binding b, or not. */
static bool has_set1_binding(const uint32_t *w, size_t n, uint32_t b)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        if (op == 71 && len == 4 && w[i + 2] == 33 && w[i + 3] == b) {
            /* the same id decorated DescriptorSet 1 */
            for (size_t j = 5; j < n;) {
                uint32_t l2 = w[j] >> 16;
                if (!l2 || j + l2 > n)
                    return false;
                if ((w[j] & 0xffff) == 71 && l2 == 4 && w[j + 1] == w[i + 1] &&
                    w[j + 2] == 34 && w[j + 3] == NR_TEXEL_SET)
                    return true;
                j += l2;
            }
        }
        i += len;
    }
    return false;
}

/* Compute shaders (the pixel-shader stand-ins of shaders.hlsl made
 * compute shaders by dxbc_edit.h) and UAVs: what they bind, where the
 * binding model puts it, and what it refuses. */
static void test_compute(void)
{
    static uint8_t code[16384];
    const struct dxbc_edit write_edits[] = {{1, DXBC_EDIT_UAV_TYPED, 0, {0, 0, 0}},
                                            {0, DXBC_EDIT_COMPUTE, 0, {4, 4, 1}}};
    const struct dxbc_edit twice_edits[] = {{0, DXBC_EDIT_COMPUTE, 0, {4, 4, 1}}};
    const struct dxbc_edit words_edits[] = {{2, DXBC_EDIT_UAV_RAW, 0, {0, 0, 0}},
                                            {3, DXBC_EDIT_UAV_STRUCTURED, 8, {0, 0, 0}},
                                            {0, DXBC_EDIT_COMPUTE, 0, {8, 1, 1}}};
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    uint32_t *words;
    size_t count, m;
    bool refused;
    char err[256];

    m = dxbc_edit(dxbc_cs_write, sizeof(dxbc_cs_write), write_edits, 2, code, sizeof(code));
    ok(m && dxbc_parse(code, m, &sh, err, sizeof(err)) && sh.type == DXBC_COMPUTE &&
           dxbc_bindings(&sh, &b, err, sizeof(err)),
       "cs_write as a compute shader: %s", err);
    ok(b.uav_mask == 3 && b.uav_dim[0] == DXBC_DIM_TEXTURE2D && b.uav_dim[1] == DXBC_DIM_BUFFER,
       "its u0 is a 2D texture, u1 a typed buffer (%#x %u %u)", b.uav_mask, b.uav_dim[0],
       b.uav_dim[1]);
    ok(b.uav_type[0] == DXBC_BUFFER_FLOAT && b.uav_type[1] == DXBC_BUFFER_UINT && !b.uav_read_mask,
       "written as floats and uints, never read");
    ok(b.group[0] == 4 && b.group[1] == 4 && b.group[2] == 1, "its group is 4x4x1");
    ok(server_dxbc_to_spirv(WIRE_STAGE_COMPUTE, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)),
       "cs_write translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "cs_write passes spirv-val");
    ok(has_set1_binding(words, count, NR_BIND_STORAGE_IMG0) &&
           has_set1_binding(words, count, NR_BIND_STORAGE_BUF0 + 1),
       "u0 is set 1's storage image 0, u1 its storage texel buffer 1");
    ok(has_binding(words, count, NR_BIND_FS_UBO) && has_binding(words, count, NR_BIND_FS_SAMPLER0),
       "b0 and (t0, none) at the fragment stage's bindings");
    free(words);
    ok(!server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, code, (uint32_t)m, &words, &count, &refused,
                             err, sizeof(err)) &&
           !refused,
       "a compute program for the fragment stage is malformed (%s)", err);

    m = dxbc_edit(dxbc_cs_twice, sizeof(dxbc_cs_twice), twice_edits, 1, code, sizeof(code));
    ok(m && dxbc_parse(code, m, &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err)) && b.uav_read_mask == 1u << 4,
       "cs_twice reads u4: %s", err);
    ok(server_dxbc_to_spirv(WIRE_STAGE_COMPUTE, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "cs_twice translates and passes spirv-val: %s", err);
    free(words);
    /* u9: past the model's u0..u7. */
    for (size_t k = 0; k + 12 <= m; k += 4) {
        uint32_t t[3];
        memcpy(t, code + k, 12);
        if ((t[0] & 0x7ff) == 0x9c && ((t[1] >> 12) & 0xff) == 0x1e && t[2] == 4) {
            t[2] = 9;
            memcpy(code + k, t, 12);
            break;
        }
    }
    ok(dxbc_parse(code, m, &sh, err, sizeof(err)) && !dxbc_bindings(&sh, &b, err, sizeof(err)) &&
           strstr(err, "u9"),
       "a UAV past u7 is refused: %s", err);

    m = dxbc_edit(dxbc_cs_words, sizeof(dxbc_cs_words), words_edits, 3, code, sizeof(code));
    ok(m && dxbc_parse(code, m, &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err)) &&
           b.uav_dim[2] == DXBC_DIM_RAW_BUFFER && b.uav_dim[3] == DXBC_DIM_STRUCTURED_BUFFER,
       "cs_words: a raw u2 and a structured u3: %s", err);
    ok(server_dxbc_to_spirv(WIRE_STAGE_COMPUTE, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 &&
           has_set1_binding(words, count, NR_BIND_STORAGE_BUF0 + 2) &&
           has_set1_binding(words, count, NR_BIND_STORAGE_BUF0 + 3),
       "cs_words translates, its buffers set 1's storage texel buffers 2 and 3: %s", err);
    free(words);
    /* A structured UAV with a counter (append, consume, counter views). */
    for (size_t k = 0; k + 4 <= m; k += 4) {
        uint32_t t;
        memcpy(&t, code + k, 4);
        if ((t & 0x7ff) == 0x9e && (t >> 24) == 4) {
            t |= 1u << 23;
            memcpy(code + k, &t, 4);
            break;
        }
    }
    ok(dxbc_parse(code, m, &sh, err, sizeof(err)) && dxbc_bindings(&sh, &b, err, sizeof(err)) &&
           b.uav_counter_mask == 1u << 3,
       "a UAV counter is placed: %s", err);
    m = cs_with_tokens(cs_append_tokens, sizeof(cs_append_tokens) / 4, code, sizeof(code));
    ok(m && server_dxbc_to_spirv(WIRE_STAGE_COMPUTE, code, (uint32_t)m, &words, &count,
                                 &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 &&
           has_set1_binding(words, count, NR_BIND_STORAGE_BUF0 + 0) &&
           has_set1_binding(words, count, NR_BIND_COUNTER0 + 0),
       "cs_append translates, u0's counter set 1's binding %d: %s", NR_BIND_COUNTER0, err);
    free(words);

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_uav, sizeof(dxbc_ps_uav), &words,
                            &count, &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 &&
           has_set1_binding(words, count, NR_BIND_STORAGE_IMG0 + 1),
       "ps_uav translates, its u1 set 1's storage image 1: %s", err);
    free(words);
}

/* How many OpDecorate of a decoration the module has (XfbBuffer 36,
 * XfbStride 37, Offset 35). */
static unsigned decorations(const uint32_t *w, size_t n, uint32_t decoration)
{
    unsigned c = 0;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return c;
        if (op == 71 && len >= 3 && w[i + 2] == decoration)
            c++;
        i += len;
    }
    return c;
}

static struct server_so_layout so_layout(void)
{
    struct server_so_layout so = {2, {{"SV_Position", 0, 0, 0, 4, 0}, {"COLOR", 0, 0, 0, 4, 0}},
                                  {32, 0, 0, 0}, 32, 1024};
    return so;
}

/* The value of decoration `decoration` of each variable decorated with
 * XfbBuffer, in order of their ids; their count. */
static unsigned xfb_values(const uint32_t *w, size_t n, uint32_t decoration, uint32_t *out,
                           unsigned max)
{
    unsigned c = 0;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            break;
        if (op == 71 && len == 4 && w[i + 2] == 36 /* XfbBuffer */)
            for (size_t j = 5; j < n;) {
                uint32_t l2 = w[j] >> 16;
                if (!l2 || j + l2 > n)
                    break;
                if ((w[j] & 0xffff) == 71 && l2 == 4 && w[j + 1] == w[i + 1] &&
                    w[j + 2] == decoration && c < max)
                    out[c++] = w[j + 3];
                j += l2;
            }
        i += len;
    }
    return c;
}

/* Captures of part of an output and of one output twice: vkd3d-shader
 * decorates the first whole capture, xfb_rewrite adds a variable for each
 * other entry at its offset, written before each emit (a geometry
 * program) or the return (a vertex program). */
static void test_partial_captures(void)
{
    static uint8_t code[2048];
    struct server_so_layout so = so_layout();
    uint32_t *words, offsets[16], buffers[16];
    size_t count, m;
    bool refused;
    char err[256];
    unsigned c;

    so.entry_count = 5;
    so.entries[0] = (struct wire_so_entry){"COLOR", 0, 0, 1, 2, 0};       /* 0: .yz */
    so.entries[1] = (struct wire_so_entry){"SV_Position", 0, 0, 0, 4, 0}; /* 8: whole */
    so.entries[2] = (struct wire_so_entry){"", 0, 0, 0, 1, 0};            /* 24: a gap */
    so.entries[3] = (struct wire_so_entry){"SV_Position", 0, 0, 3, 1, 0}; /* 28: .w again */
    so.entries[4] = (struct wire_so_entry){"COLOR", 0, 0, 0, 4, 1};       /* slot 1: whole */
    so.strides[0] = 32;
    so.strides[1] = 16;
    ok(server_so_check(dxbc_vs_color, sizeof(dxbc_vs_color), &so, 512, &refused, err,
                       sizeof(err)),
       "a layout of parts and repeats: %s", err);
    ok(server_dxbc_to_spirv_so(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                               &words, &count, &refused, err, sizeof(err)),
       "vs_color with parts captured: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "it passes spirv-val");
    c = xfb_values(words, count, 35 /* Offset */, offsets, 16);
    xfb_values(words, count, 36, buffers, 16);
    ok(c == 4 && offsets[0] == 8 && buffers[0] == 0 && offsets[1] == 0 && buffers[1] == 1 &&
           offsets[2] == 0 && buffers[2] == 0 && offsets[3] == 28 && buffers[3] == 0,
       "four captures at (8, 0), (0, 1), (0, 0), (28, 0): %u, (%u, %u) (%u, %u) (%u, %u) "
       "(%u, %u)", c, offsets[0], buffers[0], offsets[1], buffers[1], offsets[2], buffers[2],
       offsets[3], buffers[3]);
    ok(decorations(words, count, 37) == 4, "each with its stride");
    free(words);

    /* A geometry program: the copies before its emit. */
    m = dxbc_gs_build(gs_pair_tokens, sizeof(gs_pair_tokens) / 4, code, sizeof(code));
    ok(server_dxbc_to_spirv_so(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, &words, &count,
                               &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 && decorations(words, count, 36) == 4,
       "gs_pair with parts captured: %s", err);
    free(words);

    /* Past the device's output locations, or its geometry vertices'
     * components: refused, not malformed. */
    so.max_output_locations = 3;
    ok(!server_dxbc_to_spirv_so(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                                &words, &count, &refused, err, sizeof(err)) &&
           refused,
       "two outputs more than 3 locations hold: refused (%s)", err);
    so.max_output_locations = 32;
    so.max_gs_total_components = 16;
    ok(!server_dxbc_to_spirv_so(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, &words, &count,
                                &refused, err, sizeof(err)) &&
           refused,
       "vertices past the device's components: refused (%s)", err);
    so.max_gs_total_components = 1024;
    /* Whole outputs only: nothing added. */
    so = so_layout();
    ok(server_dxbc_to_spirv_so(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                               &words, &count, &refused, err, sizeof(err)) &&
           decorations(words, count, 36) == 2,
       "whole outputs: vkd3d-shader's decorations alone: %s", err);
    free(words);
}

/* Geometry programs (dxbc_gs.h) and stream output: translated with the
 * geometry stage's b0, captured outputs decorated; every field of a
 * stream-output layout checked against the program. */
static void test_geometry(void)
{
    static uint8_t code[2048];
    struct server_so_layout so;
    uint32_t *words;
    size_t count, m;
    bool refused;
    char err[256];

    m = dxbc_gs_build(gs_quad_tokens, sizeof(gs_quad_tokens) / 4, code, sizeof(code));
    ok(m > 0, "gs_quad assembled");
    ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)),
       "gs_quad translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "gs_quad passes spirv-val");
    ok(has_binding(words, count, NR_BIND_GS_UBO), "its b0 is binding %d", NR_BIND_GS_UBO);
    ok(!has_binding(words, count, NR_BIND_VS_UBO), "and not the vertex stage's");
    free(words);
    ok(!server_dxbc_to_spirv(WIRE_STAGE_VERTEX, code, (uint32_t)m, &words, &count, &refused,
                             err, sizeof(err)) &&
           !refused,
       "a geometry program for the vertex stage is malformed (%s)", err);
    ok(!server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, dxbc_vs_color, sizeof(dxbc_vs_color), &words,
                             &count, &refused, err, sizeof(err)) &&
           !refused,
       "a vertex program for the geometry stage is malformed (%s)", err);

    {
        /* gs_quad reading cb1: set 1's binding for the geometry stage's b1. */
        uint32_t t1[sizeof(gs_quad_tokens) / 4];
        const uint32_t cb_opnd = GS_SWZ_XYZW | GS_OP_TYPE(8) | GS_OP_DIM(2);
        memcpy(t1, gs_quad_tokens, sizeof(t1));
        for (size_t k = 0; k + 1 < sizeof(t1) / 4; k++)
            if (t1[k] == cb_opnd && t1[k + 1] == 0)
                t1[k + 1] = 1;
        m = dxbc_gs_build(t1, sizeof(t1) / 4, code, sizeof(code));
        ok(m && server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count,
                                     &refused, err, sizeof(err)) &&
               spirv_val(words, count, 0) == 0 &&
               has_set1_binding(words, count, NR_BIND_STAGE_UBO0) &&
               !has_binding(words, count, NR_BIND_GS_UBO),
           "gs_quad on cb1 translates, its b1 set 1's binding %d: %s", NR_BIND_STAGE_UBO0, err);
        free(words);
    }
    m = dxbc_gs_build(gs_pair_tokens, sizeof(gs_pair_tokens) / 4, code, sizeof(code));
    so = so_layout();
    ok(server_so_check(code, (uint32_t)m, &so, 512, &refused, err, sizeof(err)),
       "gs_pair's layout: %s", err);
    ok(server_dxbc_to_spirv_so(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, &words, &count,
                               &refused, err, sizeof(err)),
       "gs_pair with stream output: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "it passes spirv-val");
    ok(decorations(words, count, 36) == 2 && decorations(words, count, 37) == 2,
       "two outputs captured into buffer 0 (%u, %u)", decorations(words, count, 36),
       decorations(words, count, 37));
    free(words);
    ok(server_dxbc_to_spirv_so(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                               &words, &count, &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 && decorations(words, count, 36) == 2,
       "vs_color with stream output: %s", err);
    free(words);

    {
        static const struct {
            const char *what;
            int entry; /* the entry changed, -1: none */
            struct wire_so_entry e;
            uint32_t stride, count, max_stride;
            bool accepted;
        } t[] = {
            {"a slot past 3", 1, {"COLOR", 0, 0, 0, 4, 9}, 32, 2, 512, false},
            {"stream 1", 1, {"COLOR", 0, 1, 0, 4, 0}, 32, 2, 512, false},
            {"five components", 1, {"COLOR", 0, 0, 0, 5, 0}, 32, 2, 512, false},
            {"no components", 1, {"COLOR", 0, 0, 0, 0, 0}, 32, 2, 512, false},
            {"components past the output", 1, {"COLOR", 0, 0, 2, 3, 0}, 32, 2, 512, false},
            {"an output the program lacks", 1, {"TEXCOORD", 0, 0, 0, 4, 0}, 32, 2, 512, false},
            {"another semantic index", 1, {"COLOR", 1, 0, 0, 4, 0}, 32, 2, 512, false},
            {"a stride off 4 bytes", -1, {"", 0, 0, 0, 0, 0}, 30, 2, 512, false},
            {"a stride under the entries", -1, {"", 0, 0, 0, 0, 0}, 16, 2, 512, false},
            {"a stride past the device's", -1, {"", 0, 0, 0, 0, 0}, 1024, 2, 512, false},
            {"no entries", -1, {"", 0, 0, 0, 0, 0}, 32, 0, 512, false},
            {"65 entries", -1, {"", 0, 0, 0, 0, 0}, 32, 65, 512, false},
            {"part of an output", 1, {"COLOR", 0, 0, 1, 3, 0}, 32, 2, 512, true},
            {"an output twice", 1, {"SV_POSITION", 0, 0, 0, 4, 0}, 32, 2, 512, true},
            {"one component", 1, {"COLOR", 0, 0, 3, 1, 0}, 32, 2, 512, true},
            {"a gap from a component", 1, {"", 0, 0, 1, 2, 0}, 32, 2, 512, false},
            {"a gap", 1, {"", 0, 0, 0, 4, 0}, 32, 2, 512, true},
        };
        for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            bool good = t[k].accepted;
            so = so_layout();
            if (t[k].entry >= 0)
                so.entries[t[k].entry] = t[k].e;
            so.strides[0] = t[k].stride;
            so.entry_count = t[k].count;
            bool r = server_so_check(dxbc_vs_color, sizeof(dxbc_vs_color), &so, t[k].max_stride,
                                     &refused, err, sizeof(err));
            ok(r == good && !refused, "a layout with %s: %s%s", t[k].what,
               good ? "accepted" : err, refused ? " (refused: not built)" : "");
        }
        /* A gap of 8 components (D3D11 allows it; Wine's tests use it). */
        so = so_layout();
        so.entries[1] = (struct wire_so_entry){"", 0, 0, 0, 8, 0};
        so.strides[0] = 48;
        ok(server_so_check(dxbc_vs_color, sizeof(dxbc_vs_color), &so, 512, &refused, err,
                           sizeof(err)),
           "a gap of 8 components: %s", err);
        /* A semantic name that does not end inside its 32 bytes. */
        so = so_layout();
        memset(so.entries[1].semantic, 'A', sizeof(so.entries[1].semantic));
        ok(!server_so_check(dxbc_vs_color, sizeof(dxbc_vs_color), &so, 512, &refused, err,
                            sizeof(err)) &&
               !refused,
           "an unterminated semantic name: %s", err);
        ok(!server_so_check("not DXBC, not at all, no header here..", 40, &so, 512, &refused,
                            err, sizeof(err)),
           "bytes that are not DXBC: %s", err);
    }
}

/* Whether the module has an OpDecorate of `decoration` with `value`. */
static bool has_decoration(const uint32_t *w, size_t n, uint32_t decoration, uint32_t value)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        if (op == 71 && len == 4 && w[i + 2] == decoration && w[i + 3] == value)
            return true;
        i += len;
    }
    return false;
}

/* Dual-source blending: ps_dual's o1 is location 1 in the plain module,
 * location 0's second source (Index 1) in the dual-source one. */
static void test_dual_source(void)
{
    uint32_t *words;
    size_t count;
    bool refused;
    char err[256];

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_dual, sizeof(dxbc_ps_dual), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_dual: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_dual passes spirv-val");
    ok(has_decoration(words, count, 30 /* Location */, 1) &&
           !has_decoration(words, count, 32 /* Index */, 1),
       "plain: o1 is location 1");
    free(words);
    ok(server_dxbc_to_spirv_dual(dxbc_ps_dual, sizeof(dxbc_ps_dual), &words, &count, &refused,
                                 err, sizeof(err)),
       "ps_dual as dual-source: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "the dual-source module passes spirv-val");
    ok(has_decoration(words, count, 32 /* Index */, 1),
       "dual-source: o1 is location 0, index 1");
    free(words);
}

/* The module of a pixel program for A8 targets: valid, one more store to
 * its output per return (a shuffle of the alpha into every component);
 * an integer output (ps_out_uint's) is no A8 target's and is refused. */
static unsigned count_op(const uint32_t *w, size_t n, uint32_t op)
{
    unsigned k = 0;
    for (size_t i = 5; i < n && (w[i] >> 16); i += w[i] >> 16)
        k += (w[i] & 0xffff) == op;
    return k;
}

static void test_alpha_targets(void)
{
    uint32_t *words, *plain;
    size_t count, plain_count;
    bool refused;
    char err[256];

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_tint, sizeof(dxbc_ps_tint), &plain,
                            &plain_count, &refused, err, sizeof(err)),
       "ps_tint: %s", err);
    ok(server_dxbc_to_spirv_alpha(dxbc_ps_tint, sizeof(dxbc_ps_tint), 1, &words, &count,
                                  &refused, err, sizeof(err)),
       "ps_tint for an A8 target: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "its module passes spirv-val");
    ok(count_op(words, count, 79 /* OpVectorShuffle */) ==
               count_op(plain, plain_count, 79) + 1 &&
           count_op(words, count, 62 /* OpStore */) == count_op(plain, plain_count, 62) + 1,
       "one shuffle and one store more");
    free(words);
    free(plain);
    ok(!server_dxbc_to_spirv_alpha(dxbc_ps_tint, sizeof(dxbc_ps_tint), 2, &words, &count,
                                   &refused, err, sizeof(err)) &&
           refused && strstr(err, "location 1"),
       "an A8 target at a location the program does not write: refused (%s)", err);
    ok(!server_dxbc_to_spirv_alpha(dxbc_ps_out_uint, sizeof(dxbc_ps_out_uint), 1, &words,
                                   &count, &refused, err, sizeof(err)) &&
           refused && strstr(err, "not a float4"),
       "an integer output for an A8 target: refused (%s)", err);
}

/* Hull and domain programs (dxbc_tess.h): modules spirv-val accepts, the
 * hull stage's b0 at set 1's binding 28, the domain stage's at 29 (none:
 * ds_tri binds nothing), and a vertex program is no hull program. */
static void test_tessellation(void)
{
    uint8_t code[2048];
    uint32_t t[256], *words;
    size_t n, count;
    bool refused;
    char err[256];

    memcpy(t, hs_tri_tokens, sizeof(hs_tri_tokens));
    n = dxbc_tess_build(t, NR_ARRAY_SIZE(hs_tri_tokens), code, sizeof(code));
    ok(n && server_dxbc_to_spirv(WIRE_STAGE_HULL, code, (uint32_t)n, &words, &count, &refused,
                                 err, sizeof(err)),
       "hs_tri: %s", err);
    if (n && count) {
        ok(spirv_val(words, count, 0) == 0, "hs_tri passes spirv-val");
        ok(has_decoration(words, count, 34 /* DescriptorSet */, NR_TEXEL_SET) &&
               has_binding(words, count, NR_BIND_HS_UBO),
           "hs_tri's b0 is set %d binding %d", NR_TEXEL_SET, NR_BIND_HS_UBO);
        free(words);
    }
    memcpy(t, ds_tri_tokens, sizeof(ds_tri_tokens));
    n = dxbc_tess_build(t, NR_ARRAY_SIZE(ds_tri_tokens), code, sizeof(code));
    count = 0;
    ok(n && server_dxbc_to_spirv(WIRE_STAGE_DOMAIN, code, (uint32_t)n, &words, &count, &refused,
                                 err, sizeof(err)),
       "ds_tri: %s", err);
    if (n && count) {
        ok(spirv_val(words, count, 0) == 0, "ds_tri passes spirv-val");
        free(words);
    }
    ok(!server_dxbc_to_spirv(WIRE_STAGE_HULL, dxbc_vs_color, sizeof(dxbc_vs_color), &words,
                             &count, &refused, err, sizeof(err)),
       "a vertex program is no hull program");
}

/* Has the module a variable decorated BuiltIn b (OpDecorate id BuiltIn b:
 * decoration 11)? */
static bool has_builtin(const uint32_t *w, size_t n, uint32_t b)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        if (op == 71 && len == 4 && w[i + 2] == 11 && w[i + 3] == b)
            return true;
        i += len;
    }
    return false;
}

/* Has the module an image type of MS 1 (OpTypeImage: opcode 25, MS the
 * seventh word)? */
static bool has_ms_image(const uint32_t *w, size_t n)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || i + len > n)
            return false;
        if (op == 25 && len >= 9 && w[i + 6] == 1)
            return true;
        i += len;
    }
    return false;
}

/* D3D11's wide programs: eight targets, 21 vertex inputs, a geometry
 * program writing the layer, a pixel program reading a Texture2DMS by
 * sample; each translates into a module spirv-val accepts. */
static void test_wide(void)
{
    static uint8_t code[2048];
    uint32_t *words;
    size_t count, m;
    bool refused;
    char err[256];

    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_mrt8, sizeof(dxbc_ps_mrt8), &words,
                            &count, &refused, err, sizeof(err)),
       "ps_mrt8 translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_mrt8 passes spirv-val");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, dxbc_ps_cubearr, sizeof(dxbc_ps_cubearr),
                            &words, &count, &refused, err, sizeof(err)),
       "ps_cubearr translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_cubearr passes spirv-val");
    free(words);
    ok(server_dxbc_to_spirv(WIRE_STAGE_VERTEX, dxbc_vs_wide, sizeof(dxbc_vs_wide), &words,
                            &count, &refused, err, sizeof(err)),
       "vs_wide translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "vs_wide passes spirv-val");
    free(words);
    m = dxbc_gs_build_layered(code, sizeof(code));
    ok(m > 0 && server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count,
                                     &refused, err, sizeof(err)),
       "gs_layers translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "gs_layers passes spirv-val");
    ok(has_builtin(words, count, 9 /* Layer */), "gs_layers writes the Layer built-in");
    free(words);
    m = ps_with_tokens(ps_ms_sample_tokens, sizeof(ps_ms_sample_tokens) / 4, code,
                       sizeof(code));
    ok(m > 0 && server_dxbc_to_spirv(WIRE_STAGE_FRAGMENT, code, (uint32_t)m, &words, &count,
                                     &refused, err, sizeof(err)),
       "ps_ms_sample translates: %s", err);
    ok(count > 5 && spirv_val(words, count, 0) == 0, "ps_ms_sample passes spirv-val");
    ok(has_ms_image(words, count), "ps_ms_sample reads a multisampled image");
    free(words);
}

/* Emulated stream output (shader/so_emu.h): the capture modules of the
 * layout of parts, repeats, a gap and two slots, for a vertex program of
 * each primitive and for geometry programs, and the compute modes: each
 * passes spirv-val; the vertex's words and mask are the layout's. */
static void test_emulated_captures(void)
{
    static uint8_t code[2048];
    struct server_so_layout so = so_layout();
    struct so_emu_info info;
    uint32_t *words;
    size_t count, m;
    bool refused;
    char err[256];
    static const uint32_t topologies[3] = {WIRE_TOPOLOGY_POINT_LIST, WIRE_TOPOLOGY_LINE_STRIP,
                                           WIRE_TOPOLOGY_TRIANGLE_STRIP};

    so.entry_count = 5;
    so.entries[0] = (struct wire_so_entry){"COLOR", 0, 0, 1, 2, 0};       /* words 0-1 */
    so.entries[1] = (struct wire_so_entry){"SV_Position", 0, 0, 0, 4, 0}; /* 2-5 */
    so.entries[2] = (struct wire_so_entry){"", 0, 0, 0, 1, 0};            /* 6: a gap */
    so.entries[3] = (struct wire_so_entry){"SV_Position", 0, 0, 3, 1, 0}; /* 7: .w again */
    so.entries[4] = (struct wire_so_entry){"COLOR", 0, 0, 0, 4, 1};       /* 8-11: slot 1 */
    so.strides[0] = 32;
    so.strides[1] = 16;
    for (int t = 0; t < 3; t++) {
        ok(server_so_capture(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                             topologies[t], &words, &count, &info, &refused, err, sizeof(err)) &&
               spirv_val(words, count, 0) == 0,
           "vs_color's capture of primitives of %d vertices: %s", t + 1, err);
        ok(info.pv == (uint32_t)t + 1 && info.m == info.pv && info.ginst == 1,
           "%d vertices a primitive and a slot: %u, %u", t + 1, info.pv, info.m);
        free(words);
    }
    ok(info.v == 12 && info.start[0] == 0 && info.start[1] == 8 && info.stride[0] == 8 &&
           info.stride[1] == 4 && info.used == 3 && info.mask[0] == 0xfbf,
       "12 words a vertex, slot 1 from word 8, the gap unwritten: %u, %u, mask %#x", info.v,
       info.start[1], info.mask[0]);
    ok(!server_so_capture(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                          WIRE_TOPOLOGY_PATCH_LIST, &words, &count, &info, &refused, err,
                          sizeof(err)) &&
           refused,
       "patches: refused (%s)", err);
    m = dxbc_gs_build(gs_pair_tokens, sizeof(gs_pair_tokens) / 4, code, sizeof(code));
    ok(server_so_capture(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, 0, &words, &count, &info,
                         &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 && info.pv == 1 && info.m == 2,
       "gs_pair's capture: points, two a slot: %s", err);
    free(words);
    m = dxbc_gs_build(gs_strips_tokens, sizeof(gs_strips_tokens) / 4, code, sizeof(code));
    ok(server_so_capture(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, 0, &words, &count, &info,
                         &refused, err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0 && info.pv == 3 && info.m == 7,
       "gs_strips' capture: triangles, seven vertices a slot: %s", err);
    free(words);
    /* A vertex of more words than the emulation keeps: refused. */
    so.strides[2] = so.strides[3] = 2048;
    ok(!server_so_capture(WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color), &so,
                          WIRE_TOPOLOGY_POINT_LIST, &words, &count, &info, &refused, err,
                          sizeof(err)) &&
           refused,
       "a vertex of %u words: refused (%s)", info.v, err);
    /* The capture pass's vertex program: its BaseInstance loads read the
     * scratch, where it reads an instance id; vs_color reads none. */
    m = dxbc_vs_ids_build(code, sizeof(code));
    ok(server_so_capture_vertex(code, (uint32_t)m, &words, &count, &refused, err,
                                sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "vs_ids for a capture pass: %s", err);
    free(words);
    ok(!server_so_capture_vertex(dxbc_vs_color, sizeof(dxbc_vs_color), &words, &count,
                                 &refused, err, sizeof(err)) &&
           refused,
       "vs_color reads no instance id: served as it is");
    for (int mode = 0; mode < SO_EMU_MODES; mode++) {
        ok(nr_so_emu_compute((enum so_emu_mode)mode, &words, &count) &&
               spirv_val(words, count, 0) == 0,
           "compute mode %d passes spirv-val", mode);
        free(words);
    }
}

/* D3D's bit fields and conversions (d3d_conversions): cs_bits' module, of
 * scalar fields and vector conversions, passes spirv-val with the clamps
 * and counts added. */
static void test_int_semantics(void)
{
    static uint8_t code[1024];
    size_t m = cs_with_tokens(cs_bits_tokens, sizeof(cs_bits_tokens) / 4, code, sizeof(code));
    uint32_t *words = NULL;
    size_t count = 0, isnan = 0, selects = 0;
    bool refused;
    char err[256] = "";

    ok(server_dxbc_to_spirv(WIRE_STAGE_COMPUTE, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "cs_bits translated and rewritten: %s", err);
    for (size_t i = 5; words && i < count && words[i] >> 16; i += words[i] >> 16) {
        isnan += (words[i] & 0xffff) == 156 /* OpIsNan */;
        selects += (words[i] & 0xffff) == 169 /* OpSelect */;
    }
    /* ftoi's NaN test; three fields' counts, ftou's 2 and ftoi's 3 choices */
    ok(isnan == 1 && selects == 3 + 2 + 3, "%zu NaN tests, %zu selects", isnan, selects);
    free(words);
}

/* The translator process (server/translator.c), the build's
 * nereid-server --translator: a program vkd3d-shader 1.2 asserts on (an
 * input declared with a relative index, which dxbc_bindings does not
 * refuse) kills the helper, not this process; the program is refused by
 * name, and the next translation starts another helper. */
/* A program translated on a thread of its own (as a client's session is),
 * and that thread's helper's process id. */
struct other_thread {
    const uint8_t *code;
    size_t size;
    bool ok;
    int pid;
};

static void *translate_on_thread(void *p)
{
    struct other_thread *o = p;
    uint32_t *words = NULL;
    size_t count = 0;
    bool refused;
    char err[256] = "";
    o->ok = server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, o->code, (uint32_t)o->size, &words,
                                 &count, &refused, err, sizeof(err)) &&
            count > 5;
    o->pid = server_translator_pid();
    free(words);
    return NULL;
}

static void test_translator(void)
{
    static uint8_t code[2048];
    char exe[4096], err[256] = "";
    uint32_t t[sizeof(gs_pair_tokens) / 4], *words = NULL;
    size_t count = 0, m, good;
    bool refused = false;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 16);
    char *slash;

    if (n <= 0 || !(slash = memrchr(exe, '/', (size_t)n))) {
        skip("no path of this test");
        return;
    }
    strcpy(slash + 1, "nereid-server");
    if (access(exe, X_OK)) {
        skip("no nereid-server beside the test (%s)", exe);
        return;
    }
    server_translator_enable(exe);
    good = dxbc_gs_build(gs_pair_tokens, sizeof(t) / 4, code, sizeof(code));
    int extra = open("/dev/null", O_RDONLY); /* (not close-on-exec) */
    ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)good, &words, &count, &refused,
                            err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "gs_pair translated by the helper: %s", err);
    free(words);
    {
        /* The helper has its socket and stderr, nothing else of ours. */
        char dir[64];
        unsigned fds = 0;
        DIR *d;
        snprintf(dir, sizeof(dir), "/proc/%d/fd", server_translator_pid());
        if ((d = opendir(dir))) {
            for (struct dirent *e; (e = readdir(d));)
                fds += e->d_name[0] != '.';
            closedir(d);
        }
        ok(server_translator_pid() > 0 && fds == 3, "the helper holds 3 descriptors: %u", fds);
    }
    if (extra >= 0)
        close(extra);
    memcpy(t, gs_pair_tokens, sizeof(t));
    for (size_t k = 2; k + 2 < sizeof(t) / 4; k++)
        if (t[k] == GS_INSN(0x61, 5)) {
            t[k + 1] = 0xc52010f2u; /* v[][relative], an extended operand token next */
            t[k + 2] = 2;
            break;
        }
    m = dxbc_gs_build(t, sizeof(t) / 4, code, sizeof(code));
    ok(!server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count, &refused,
                             err, sizeof(err)) &&
           refused && !words && strstr(err, "translator died"),
       "a program vkd3d-shader asserts on: refused (%s)", err);
    good = dxbc_gs_build(gs_pair_tokens, sizeof(t) / 4, code, sizeof(code));
    ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)good, &words, &count, &refused,
                            err, sizeof(err)) &&
           count > 5,
       "then another helper translates: %s", err);
    free(words);
    {
        /* Each thread has a helper of its own: with this one's stopped
         * (as one stuck in a client's program would be), another thread's
         * program is translated by its own; that helper ends with its
         * thread. */
        struct other_thread o = {code, good, false, 0};
        pthread_t t;
        int mine = server_translator_pid();
        ok(mine > 0 && kill(mine, SIGSTOP) == 0, "this thread's helper stopped (%d)", mine);
        if (ok(pthread_create(&t, NULL, translate_on_thread, &o) == 0, "a second thread")) {
            pthread_join(t, NULL);
            ok(o.ok && o.pid > 0 && o.pid != mine,
               "translated by the thread's own helper (%d) while this one's is stopped", o.pid);
            ok(o.pid > 0 && kill(o.pid, 0) == -1 && errno == ESRCH,
               "the thread's helper ended with the thread");
        }
        if (mine > 0)
            kill(mine, SIGCONT);
        ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)good, &words, &count,
                                &refused, err, sizeof(err)) &&
               count > 5 && server_translator_pid() == mine,
           "this thread's helper translates on: %s", err);
        free(words);
    }
    server_translator_enable(NULL);
}

/* Tokens vkd3d-shader 1.2 asserts on (taking the server down): an
 * operand of four components selecting none, an extended opcode token of
 * a kind it does not know (it skips it and misreads the operands); and a
 * hull phase in a geometry program,
 * from which it makes an invalid module: refused before it sees them.
 * And the validator of what it makes (server/spirv_check.c:
 * tests/fuzz/corpus/so/vkd3d-id-zero is a program it makes an id of 0
 * of): a module translated passes, the same with an id of 0 does not. */
static void test_malformed_operands(void)
{
    static uint8_t code[2048];
    const uint32_t o0 = GS_MASK_XYZW | GS_OP_TYPE(2) | GS_OP_DIM(1);
    uint32_t t[sizeof(gs_pair_tokens) / 4], *words = NULL;
    size_t count, m, at = 0;
    bool refused = false;
    char err[256] = "";

    for (size_t k = 2; k < sizeof(t) / 4 && !at; k++)
        if (gs_pair_tokens[k] == GS_INSN(0x36, 6) && gs_pair_tokens[k + 1] == o0)
            at = k; /* mov o0, v[0][0] */
    ok(at && gs_pair_tokens[at + 12] == GS_INSN(0x13, 1), "gs_pair's movs and emit");
    static const char *const what[3] = {"no component", "extended opcode token",
                                        "a hull phase"};
    for (int c = 0; c < 3 && at; c++) {
        memcpy(t, gs_pair_tokens, sizeof(t));
        if (c == 0)
            t[at + 1] &= ~0xf0u; /* o0 of no component */
        else if (c == 1)
            t[at] |= 1u << 31, t[at + 1] = 0x32; /* an extended token of kind 0x32 */
        else
            t[at + 12] = GS_INSN(0x74, 1); /* the emit after two movs: hs_join_phase */
        m = dxbc_gs_build(t, sizeof(t) / 4, code, sizeof(code));
        ok(m && !server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count,
                                      &refused, err, sizeof(err)) &&
               refused && strstr(err, what[c]),
           "%s: refused (%s)", what[c], err);
    }
    m = dxbc_gs_build(gs_pair_tokens, sizeof(t) / 4, code, sizeof(code));
    if (ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count,
                                &refused, err, sizeof(err)) &&
               server_spirv_check(words, count, err, sizeof(err)),
           "gs_pair's module passes the validator: %s", err)) {
        /* The first OpEntryPoint's function id made 0. */
        for (size_t i = 5; i < count;) {
            uint32_t len = words[i] >> 16;
            if ((words[i] & 0xffff) == 15 /* OpEntryPoint */) {
                words[i + 2] = 0;
                break;
            }
            i += len ? len : count;
        }
        ok(!server_spirv_check(words, count, err, sizeof(err)) && strstr(err, "invalid module"),
           "with an id of 0 it does not (%s)", err);
    }
    free(words);
}

/* The instructions of opcode op in a container's program. */
static unsigned program_ops(const uint8_t *code, size_t size, uint32_t op)
{
    struct dxbc_shader sh;
    char err[64];
    unsigned c = 0;
    if (!dxbc_parse(code, size, &sh, err, sizeof(err)))
        return ~0u;
    for (uint32_t i = 2, len; i < sh.token_count; i += len) {
        uint32_t tok;
        memcpy(&tok, sh.program + 4 * i, 4);
        if (!(len = (tok >> 24) & 0x7f))
            return ~0u;
        c += (tok & 0x7ff) == op;
    }
    return c;
}

/* A vertex program reading v[r0.x + 1] of an index range v1..v3
 * (vs_rel_tokens), which vkd3d-shader 1.2 reads as v[1]:
 * dxbc_relative_inputs makes it read x#[r0.x + 0] of an indexable
 * temporary its start fills from v1..v3; the program translates, valid.
 * A program without such reads is left; a read past every range refused. */
static void test_relative_inputs(void)
{
    static uint8_t code[2048];
    uint32_t t[sizeof(vs_rel_tokens) / 4], *words = NULL;
    size_t m, n = 0, count = 0;
    uint8_t *one = NULL;
    bool refused = false;
    char err[256] = "";

    m = dxbc_vs_rel_build(code, sizeof(code));
    ok(m && dxbc_relative_inputs(code, m, &one, &n, err, sizeof(err)) && one,
       "vs_rel rewritten: %s", err);
    if (one)
        ok(program_ops(one, n, 0x69) == 1 && program_ops(one, n, 0x36) == 4 + 3,
           "an indexable temporary and its three copies (%u, %u movs)",
           program_ops(one, n, 0x69), program_ops(one, n, 0x36));
    free(one);
    ok(server_dxbc_to_spirv(WIRE_STAGE_VERTEX, code, (uint32_t)m, &words, &count, &refused, err,
                            sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "vs_rel translates: %s", err);
    free(words);
    one = (uint8_t *)1;
    ok(dxbc_relative_inputs(dxbc_vs_color, sizeof(dxbc_vs_color), &one, &n, err,
                            sizeof(err)) &&
           !one,
       "vs_color has no such read: left (%s)", err);
    memcpy(t, vs_rel_tokens, sizeof(t));
    for (size_t k = 0; k + 1 < sizeof(t) / 4; k++)
        if (t[k] == (GS_SWZ_XYZW | GS_OP_TYPE(1) | GS_OP_DIM(1) | (3u << 22)))
            t[k + 1] = 5; /* v[r0.x + 5] */
    memcpy(code, t, 0); /* (the container is made below) */
    {
        /* vs_rel's container with the changed tokens */
        uint8_t c2[2048];
        size_t m2 = dxbc_vs_rel_build(c2, sizeof(c2));
        struct dxbc_shader sh;
        if (m2 && dxbc_parse(c2, m2, &sh, err, sizeof(err))) {
            size_t at = (size_t)(sh.program - c2);
            t[1] = sh.token_count;
            memcpy(c2 + at, t, sizeof(t));
            dxbc_sum(c2, m2);
        }
        ok(!server_dxbc_to_spirv(WIRE_STAGE_VERTEX, c2, (uint32_t)m2, &words, &count, &refused,
                                 err, sizeof(err)) &&
               refused && strstr(err, "outside any input index range"),
           "v[r0.x + 5] of v1..v3: refused (%s)", err);
    }
}


/* Whether every output register a program's instructions name is one it
 * declares (dcl_output*). */
static bool outputs_declared(const uint8_t *code, size_t size)
{
    struct dxbc_shader sh;
    uint32_t t[1024], declared = 0, named = 0;
    char err[64];
    if (!dxbc_parse(code, size, &sh, err, sizeof(err)) || sh.token_count > 1024)
        return false;
    memcpy(t, sh.program, sh.token_count * 4);
    for (uint32_t i = 2, len; i < sh.token_count; i += len) {
        uint32_t op = t[i] & 0x7ff;
        if (!(len = (t[i] >> 24) & 0x7f) || i + len > sh.token_count)
            return false;
        if (op >= 0x65 && op <= 0x67) {
            declared |= 1u << (t[i + 2] & 31);
            continue;
        }
        if ((op >= 0x58 && op <= 0x6a) || op >= 0x8f)
            continue; /* other declarations (and nothing past 0x8f here) */
        for (uint32_t at = i + 1, n; at < i + len; at += n) {
            if (!(n = dxbc_edit_operand_len(t + at, i + len - at)))
                return false;
            if (((t[at] >> 12) & 0xff) == 2) /* an output */
                named |= 1u << (t[at + 1] & 31);
        }
    }
    return !(named & ~declared);
}

/* A geometry program of three streams (gs_streams_tokens) as each
 * stream's program alone (dxbc_stream_program): its signature the
 * stream's elements as stream 0's, its emits the stream's, translated
 * with its captures (transform feedback's and the emulation's) into
 * valid SPIR-V; a slot of two streams refused. */
static void test_streams(void)
{
    static uint8_t code[2048];
    static const unsigned want_outputs[4] = {2, 1, 2, 0}, want_emits[4] = {1, 1, 2, 0};
    struct server_so_layout so = so_layout();
    struct so_emu_info info;
    struct dxbc_shader sh;
    uint32_t *words;
    size_t count, m, n;
    uint8_t *one;
    bool refused;
    char err[256] = "";

    m = dxbc_gs_build_any(gs_streams_tokens, sizeof(gs_streams_tokens) / 4, code, sizeof(code),
                          GS_OUT_STREAMS);
    ok(m && dxbc_parse(code, m, &sh, err, sizeof(err)) && dxbc_streams(&sh) == 7,
       "gs_streams writes streams 0 to 2: %s", err);
    for (uint32_t k = 0; k < 4; k++) {
        bool same = true;
        ok(dxbc_stream_program(code, m, k, &one, &n, err, sizeof(err)) &&
               dxbc_parse(one, n, &sh, err, sizeof(err)),
           "stream %u's program: %s", k, err);
        if (!one)
            continue;
        for (uint32_t i = 0; i < sh.outputs.count; i++)
            same &= sh.outputs.e[i].stream == 0;
        ok(sh.outputs.count == want_outputs[k] && same && dxbc_streams(&sh) == 1 &&
               program_ops(one, n, 0x13) == want_emits[k] && !program_ops(one, n, 0x75) &&
               !program_ops(one, n, 0x8f) && outputs_declared(one, n),
           "stream %u's: %u outputs of stream 0, %u emits (%u), no stream left, the others' "
           "outputs not named", k,
           sh.outputs.count, program_ops(one, n, 0x13), want_emits[k]);
        ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, one, (uint32_t)n, &words, &count, &refused,
                                err, sizeof(err)) &&
               spirv_val(words, count, 0) == 0,
           "stream %u's program translates: %s", k, err);
        free(words);
        free(one);
    }
    ok(server_dxbc_to_spirv(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &words, &count, &refused,
                            err, sizeof(err)) &&
           spirv_val(words, count, 0) == 0,
       "gs_streams translates as stream 0's: %s", err);
    free(words);
    so.entry_count = 4;
    so.entries[0] = (struct wire_so_entry){"COLOR", 0, 0, 0, 4, 0};
    so.entries[1] = (struct wire_so_entry){"custom", 0, 1, 0, 4, 1};
    so.entries[2] = (struct wire_so_entry){"custom", 0, 2, 0, 4, 2};
    so.entries[3] = (struct wire_so_entry){"extra", 0, 2, 0, 4, 2};
    so.strides[0] = so.strides[1] = 16;
    so.strides[2] = 32;
    ok(server_so_check(code, (uint32_t)m, &so, 512, &refused, err, sizeof(err)),
       "a layout of three streams: %s", err);
    for (uint32_t k = 0; k < 3; k++) {
        so.stream = k;
        ok(server_dxbc_to_spirv_so(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, &words, &count,
                                   &refused, err, sizeof(err)) &&
               spirv_val(words, count, 0) == 0 &&
               decorations(words, count, 36) == (k == 2 ? 2u : 1u),
           "stream %u captured by transform feedback: %s", k, err);
        free(words);
        ok(server_so_capture(WIRE_STAGE_GEOMETRY, code, (uint32_t)m, &so, WIRE_TOPOLOGY_POINT_LIST,
                             &words, &count, &info, &refused, err, sizeof(err)) &&
               spirv_val(words, count, 0) == 0 && info.used == 1u << k,
           "stream %u captured by the emulation (slots %#x): %s", k, info.used, err);
        free(words);
    }
    so.stream = 0;
    so.entries[1].slot = 0;
    so.strides[0] = 32;
    ok(!server_so_check(code, (uint32_t)m, &so, 512, &refused, err, sizeof(err)),
       "streams 0 and 1 in one slot: refused (%s)", err);
    so.entries[1] = (struct wire_so_entry){"custom", 0, 0, 0, 4, 1};
    ok(!server_so_check(code, (uint32_t)m, &so, 512, &refused, err, sizeof(err)),
       "an output of stream 1 named on stream 0: refused (%s)", err);
}

int main(void)
{
    test_streams();
    test_relative_inputs();
    test_malformed_operands();
    test_translator();
    test_int_semantics();
    test_emulated_captures();
    test_wide();
    test_dual_source();
    test_alpha_targets();
    test_tessellation();
    test_geometry();
    test_partial_captures();
    test_container();
    test_compute();
    test_bindings();
    test_translation();
    return test_done();
}
