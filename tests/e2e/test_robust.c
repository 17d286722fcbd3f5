/* Robustness: a client that sends a malformed record has its context cut off
 * with a named reason that reaches it (the device then answers
 * D3DERR_DEVICELOST), while a second client of the same server keeps
 * rendering correctly; a client killed with SIGKILL mid-frame leaves the
 * server running and serving.  Over inproc, shm, stream and shm-tcp; and a
 * shm-tcp client that breaks off its handshake leaves no file behind. */
#define _GNU_SOURCE
#include "e2e_util.h"
#ifndef _WIN32
#include "d3d9/testhooks.h" /* libnereid_d3d9_test.so */
#endif
#include "dxso_asm.h"
#include "harness.h"
#include "wire/wire.h"
#include "transport/transport_private.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define W 32
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
#define H 32

/* Draws a full-target triangle pair in `color` and checks it came out. */
static bool render_ok(IDirect3DDevice9 *dev, DWORD color)
{
    struct vertex v[6] = {{0, 0, 0, 1, color}, {W, 0, 0, 1, color}, {0, H, 0, 1, color},
                          {W, 0, 0, 1, color}, {W, H, 0, 1, color}, {0, H, 0, 1, color}};
    DWORD *px;
    bool good;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    if (FAILED(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL)))
        return false;
    if (!(px = e2e_read_back(dev, W, H)))
        return false;
    good = e2e_color_near(px[0], color, 1) && e2e_color_near(px[W * H - 1], color, 1) &&
           e2e_color_near(px[H / 2 * W + W / 2], color, 1);
    free(px);
    return good;
}

struct bad_case {
    const char *name;
    uint8_t bytes[384];
    size_t size;
    const char *reason; /* a substring of the reason the server gives */
};

static void make_cases(struct bad_case *c, unsigned *n)
{
    struct wire_header h;
    unsigned i = 0;

    /* An opcode nobody knows. */
    c[i] = (struct bad_case){.name = "unknown opcode", .size = 8,
                             .reason = "unknown opcode 4097"};
    h = (struct wire_header){4097, 0, 0};
    memcpy(c[i].bytes, &h, 8);
    i++;
    /* A draw naming a state block that was never created. */
    c[i] = (struct bad_case){.name = "unknown handle", .size = 24,
                             .reason = "unknown state block handle 777:1"};
    {
        struct wire_draw d = {{777, 1}, 3, 0};
        h = (struct wire_header){WIRE_OP_DRAW, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    /* A vertex binding past the device's (lavapipe's and the wire's 32). */
    c[i] = (struct bad_case){.name = "vertex buffer binding 32",
                             .reason = "vertex buffer binding 32"};
    {
        struct wire_set_vertex_buffer v = {32, 16, {0, 0}, 0};
        h = (struct wire_header){WIRE_OP_SET_VERTEX_BUFFER, 0, sizeof(v)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &v, sizeof(v));
        c[i].size = 8 + sizeof(v);
    }
    i++;
    /* Layered targets: past the array's layers, and in a blit (layered
     * targets are SET_RENDER_TARGETS' alone). */
    for (int k = 0; k < 2; k++) {
        struct wire_create_texture ct = {{905, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_COLOR_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 2};
        struct wire_set_render_targets rt = {0};
        struct wire_blit b = {{{905, 1}, 0, 0, 0, 2}, {0, 0, 4, 4}, {{905, 1}, 0, 0, 0, 1},
                              {0, 0, 4, 4}, 0, 0};
        uint32_t rec = k ? sizeof(b) : sizeof(rt);
        rt.color[0] = (struct wire_target){{905, 1}, 0, 1, 0, 2};
        c[i] = (struct bad_case){.name = k ? "a layered blit" : "layers past the array's",
                                 .reason = k ? "target level 0 layers 0+2"
                                             : "target level 0 layers 1+2"};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        c[i].size = 8 + sizeof(ct);
        h = (struct wire_header){k ? WIRE_OP_BLIT : WIRE_OP_SET_RENDER_TARGETS, 0, rec};
        memcpy(c[i].bytes + c[i].size, &h, 8);
        memcpy(c[i].bytes + c[i].size + 8, k ? (const void *)&b : (const void *)&rt, rec);
        c[i].size += 8 + rec;
        i++;
    }
    /* GENERATE_MIPS of levels or layers past the texture's. */
    for (int k = 0; k < 2; k++) {
        struct wire_create_texture ct = {{903, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 2, WIRE_TEX_COLOR_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 2};
        struct wire_generate_mips g = {{903, 1}, k ? 0 : 1, 2, k ? 1 : 0, k ? 2 : 1};
        c[i] = (struct bad_case){.name = k ? "mips of layers past the texture's"
                                           : "mips of levels past the texture's",
                                 .reason = k ? "levels 0+2, layers 1+2" : "levels 1+2, layers 0+1"};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_GENERATE_MIPS, 0, sizeof(g)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &g, sizeof(g));
        c[i].size = 16 + sizeof(ct) + sizeof(g);
        i++;
    }
    /* A 4x sampled texture read as a 2D one (its samples are read through
     * 2D_MS views alone), and a 2D texture read as 2D_MS. */
    for (int k = 0; k < 2; k++) {
        struct wire_create_texture ct = {{906, 1}, WIRE_FORMAT_R8G8B8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1,
                                         WIRE_TEX_COLOR_TARGET | WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, k ? 1 : 4, 0};
        struct wire_set_texture st = {0, k ? WIRE_TEX_2D_MS : WIRE_TEX_2D, {906, 1}, {0, 0}};
        c[i] = (struct bad_case){.name = k ? "a 2D texture read by sample"
                                           : "a 4x texture read as 2D",
                                 .reason = "cannot be sampled as type"};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        c[i].size = 8 + sizeof(ct);
        h = (struct wire_header){WIRE_OP_SET_TEXTURE, 0, sizeof(st)};
        memcpy(c[i].bytes + c[i].size, &h, 8);
        memcpy(c[i].bytes + c[i].size + 8, &st, sizeof(st));
        c[i].size += 8 + sizeof(st);
        i++;
    }
    /* A record naming no range, which the server takes without its view
     * checks where it means the texture's own view of all of it: a cube of
     * seven layers as a cube (its own view is the first six; a cube view
     * must name them). */
    c[i] = (struct bad_case){.name = "a 7-layer cube read as a cube, no range",
                             .reason = "a view of levels 0+0, layers 0+0"};
    {
        struct wire_create_texture ct = {{913, 1}, WIRE_FORMAT_R8G8B8A8_UNORM, WIRE_TEX_CUBE,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 7};
        struct wire_set_texture st = {0, WIRE_TEX_CUBE, {913, 1}, {0, 0}};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_SET_TEXTURE, 0, sizeof(st)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &st, sizeof(st));
        c[i].size = 16 + sizeof(ct) + sizeof(st);
    }
    i++;
    /* A multisampled cube (of 9 layers: a cube and three more, which a
     * one-sample cube may have). */
    c[i] = (struct bad_case){.name = "a multisampled cube",
                             .reason = "9 layers (type 1, 4 samples"};
    {
        struct wire_create_texture ct = {{912, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_CUBE,
                                         4, 4, 1, 1, WIRE_TEX_COLOR_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 4, 9};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        c[i].size = 8 + sizeof(ct);
    }
    i++;
    /* A UAV's hidden counter in a buffer not made for storage. */
    c[i] = (struct bad_case){.name = "a counter in a vertex buffer",
                             .reason = "counter buffer 911:1"};
    {
        struct wire_create_buffer b0 = {{910, 1}, 64, WIRE_BUF_STORAGE, 0};
        struct wire_create_buffer b1 = {{911, 1}, 16, WIRE_BUF_VERTEX, 0};
        struct wire_set_storage st = {0, WIRE_STORAGE_BUFFER, {910, 1}, WIRE_FORMAT_R32_UINT,
                                      0, 0, 0, 0, 0, 0, 64, {911, 1}};
        uint8_t *b = c[i].bytes;
        h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(b0)};
        memcpy(b, &h, 8), memcpy(b + 8, &b0, sizeof(b0)), b += 8 + sizeof(b0);
        memcpy(b, &h, 8), memcpy(b + 8, &b1, sizeof(b1)), b += 8 + sizeof(b1);
        h = (struct wire_header){WIRE_OP_SET_STORAGE, 0, sizeof(st)};
        memcpy(b, &h, 8), memcpy(b + 8, &st, sizeof(st)), b += 8 + sizeof(st);
        c[i].size = (size_t)(b - c[i].bytes);
    }
    i++;
    /* A clear whose rectangles lie past the stage ring. */
    c[i] = (struct bad_case){.name = "stage offset past the ring",
                             .reason = "past the stage ring"};
    {
        struct wire_clear cl = {WIRE_CLEAR_COLOR, 4, 0xfffffff0u, 0, {0}, 0, 0};
        h = (struct wire_header){WIRE_OP_CLEAR, 0, sizeof(cl)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &cl, sizeof(cl));
        c[i].size = 8 + sizeof(cl);
    }
    i++;
    /* Shaders are made by the server from DXSO, DXBC or a fixed-function key;
     * nothing else is a shader.  Each names stage bytes render_ok left at
     * the start of the stage ring (vertices). */
    {
        static const struct {
            const char *name, *reason;
            uint32_t stage, source, size;
        } sh[] = {
            {"a shader source nobody knows", "source 5", WIRE_STAGE_VERTEX,
             WIRE_SHADER_SOURCE_COUNT, 64},
            {"a dual-source vertex shader", "a dual-source shader of stage 0",
             WIRE_STAGE_VERTEX, WIRE_SHADER_DXBC_DUAL_SOURCE, 64},
            {"bytes that are not DXBC", "not a DXBC container", WIRE_STAGE_FRAGMENT,
             WIRE_SHADER_DXBC, 64},
            {"a fixed-function key of the wrong size", "a fixed-function key of 60 bytes",
             WIRE_STAGE_VERTEX, WIRE_SHADER_FF_VS_KEY, 60},
            {"bytes that are not DXSO", "shader 900:1: ", WIRE_STAGE_VERTEX,
             WIRE_SHADER_DXSO, 64},
            {"a pixel key for the vertex stage", "a fixed-function key of",
             WIRE_STAGE_VERTEX, WIRE_SHADER_FF_FS_KEY, 64},
        };
        for (unsigned k = 0; k < sizeof(sh) / sizeof(sh[0]); k++) {
            struct wire_create_shader cs = {{900, 1}, sh[k].stage, sh[k].source, 0,
                                            sh[k].size, {{0}}};
            c[i] = (struct bad_case){.name = sh[k].name, .reason = sh[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_SHADER, 0, sizeof(cs)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cs, sizeof(cs));
            c[i].size = 8 + sizeof(cs);
            i++;
        }
    }
    /* One record asking for unbounded GPU work: more vertices than D3D9's
     * caps allow (2^32 - 1). */
    c[i] = (struct bad_case){.name = "a draw of 2^32 - 1 vertices", .size = 24,
                             .reason = "draw of 4294967295 vertices"};
    {
        struct wire_draw d = {{1, 1}, 0xffffffffu, 0};
        h = (struct wire_header){WIRE_OP_DRAW, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    /* Instances: work past the bound (2^32 - 1 of them). */
    c[i] = (struct bad_case){.name = "a draw of 2^32 - 1 instances", .size = 8 + 24,
                             .reason = "draw of 3 vertices x 4294967295 instances"};
    {
        struct wire_draw_instanced d = {{1, 1}, 3, 0, 0xffffffffu, 0};
        h = (struct wire_header){WIRE_OP_DRAW_INSTANCED, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    /* Merged draws: a count the record's size does not hold, and a span of
     * more vertices than D3D9's caps allow. */
    c[i] = (struct bad_case){.name = "a DRAW_MULTI whose count is not its size", .size = 40,
                             .reason = "draw_multi: 3 spans in 32 bytes"};
    {
        struct wire_draw_multi m = {{1, 1}, 3, 0, {{3, 0}, {3, 3}}};
        h = (struct wire_header){WIRE_OP_DRAW_MULTI, 0, 32};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &m, 32);
    }
    i++;
    c[i] = (struct bad_case){.name = "a DRAW_MULTI span of 2^32 - 1 vertices", .size = 40,
                             .reason = "draw of 4294967295 vertices"};
    {
        struct wire_draw_multi m = {{1, 1}, 2, 0, {{3, 0}, {0xffffffffu, 3}}};
        h = (struct wire_header){WIRE_OP_DRAW_MULTI, 0, 32};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &m, 32);
    }
    i++;
    /* A timestamp has no beginning; a query index past the table. */
    c[i] = (struct bad_case){.name = "a timestamp query's BEGIN", .size = 8 + 16,
                             .reason = "query 5: type 2, op 0"};
    {
        struct wire_query q = {5, WIRE_QUERY_TIMESTAMP, WIRE_QUERY_BEGIN, 0, 0};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    c[i] = (struct bad_case){.name = "a timestamp query past the table", .size = 8 + 16,
                             .reason = "query 4096: type 2, op 1"};
    {
        struct wire_query q = {WIRE_MAX_QUERIES, WIRE_QUERY_TIMESTAMP, WIRE_QUERY_END, 0, 1};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    /* Pipeline statistics: an index past the table, a type past the
     * wire's, reserved bits set.  (Out of order BEGIN and END are not
     * errors: END without BEGIN is an empty query, BEGIN again restarts.) */
    c[i] = (struct bad_case){.name = "a pipeline-statistics query past the table",
                             .size = 8 + 16, .reason = "query 4096: type 4, op 0"};
    {
        struct wire_query q = {WIRE_MAX_QUERIES, WIRE_QUERY_PIPELINE_STATS, WIRE_QUERY_BEGIN, 0,
                               0};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    c[i] = (struct bad_case){.name = "a query type past the wire's", .size = 8 + 16,
                             .reason = "query 3: type 5, op 1"};
    {
        struct wire_query q = {3, WIRE_QUERY_TYPE_COUNT, WIRE_QUERY_END, 0, 1};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    c[i] = (struct bad_case){.name = "a pipeline-statistics query naming streams",
                             .size = 8 + 16, .reason = "query 3: type 4, op 0"};
    {
        struct wire_query q = {3, WIRE_QUERY_PIPELINE_STATS, WIRE_QUERY_BEGIN, 1, 0};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    c[i] = (struct bad_case){.name = "a stream-output query of stream 4", .size = 8 + 16,
                             .reason = "query 3: type 3, op 0"};
    {
        struct wire_query q = {3, WIRE_QUERY_SO_STATS, WIRE_QUERY_BEGIN, 0x10, 0};
        h = (struct wire_header){WIRE_OP_QUERY, 0, sizeof(q)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &q, sizeof(q));
    }
    i++;
    /* A handle far past every slot the client minted: the table would grow
     * to it (16 bytes a slot). */
    c[i] = (struct bad_case){.name = "a handle that skips ahead", .reason = "skips ahead"};
    {
        struct wire_create_sampler cs = {.sampler = {1000000, 1}, .max_anisotropy = 1};
        h = (struct wire_header){WIRE_OP_CREATE_SAMPLER, 0, sizeof(cs)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &cs, sizeof(cs));
        c[i].size = 8 + sizeof(cs);
    }
    i++;
    /* Shared textures: a texture of the case's own (900:1), then a share
     * or keyed record about it that breaks a rule. */
    {
        static const struct {
            const char *name, *reason;
            uint16_t op;
            uint32_t flags, desc_size;
        } sh[] = {
            {"a share with unknown flags", "flags 0x2", WIRE_OP_SHARE_TEXTURE, 2, 0},
            {"a share's description too long", "65 bytes of description",
             WIRE_OP_SHARE_TEXTURE, 0, 65},
            {"an acquire of a texture with no keyed mutex", "has no keyed mutex",
             WIRE_OP_KEYED_ACQUIRE, 0, 0},
            {"a release of a texture with no keyed mutex", "has no keyed mutex",
             WIRE_OP_KEYED_RELEASE, 0, 0},
        };
        struct wire_create_texture ct = {{900, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        for (unsigned k = 0; k < sizeof(sh) / sizeof(sh[0]); k++) {
            struct wire_share_texture st = {{900, 1}, sh[k].flags, sh[k].desc_size, {0}};
            struct wire_keyed_acquire ka = {{900, 1}, 0, 0, 0};
            struct wire_keyed_release kr = {{900, 1}, 0};
            const void *rec = sh[k].op == WIRE_OP_SHARE_TEXTURE   ? (const void *)&st
                              : sh[k].op == WIRE_OP_KEYED_ACQUIRE ? (const void *)&ka
                                                                  : (const void *)&kr;
            uint32_t rec_size = sh[k].op == WIRE_OP_SHARE_TEXTURE   ? sizeof(st)
                                : sh[k].op == WIRE_OP_KEYED_ACQUIRE ? sizeof(ka)
                                                                    : sizeof(kr);
            c[i] = (struct bad_case){.name = sh[k].name, .reason = sh[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &ct, sizeof(ct));
            h = (struct wire_header){sh[k].op, 0, rec_size};
            memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(ct), rec, rec_size);
            c[i].size = 16 + sizeof(ct) + rec_size;
            i++;
        }
    }
    c[i] = (struct bad_case){.name = "an open of a share with a reserved field", .size = 8 + 16,
                             .reason = "open shared: reserved field 1"};
    {
        struct wire_open_shared os = {{900, 1}, 4, 1};
        h = (struct wire_header){WIRE_OP_OPEN_SHARED, 0, sizeof(os)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &os, sizeof(os));
    }
    i++;
    /* Buffer copies and reads that break a rule, after a 64-byte buffer
     * of the case's own (901:1). */
    {
        static const struct {
            const char *name, *reason;
            bool read;
            uint64_t dst_offset, src_offset, size;
        } bc[] = {
            {"a buffer copy past the end", "past a buffer", false, 0, 32, 40},
            {"a buffer copy between overlapping ranges", "overlapping", false, 8, 0, 16},
            {"a buffer copy with an offset past the end", "past a buffer", false,
             UINT64_MAX - 4, 0, 8},
            {"a buffer read past the end", "past buffer", true, 0, 60, 8},
        };
        struct wire_create_buffer cb = {{901, 1}, 64, WIRE_BUF_VERTEX, 0};
        for (unsigned k = 0; k < sizeof(bc) / sizeof(bc[0]); k++) {
            struct wire_copy_buffer cp = {{901, 1}, {901, 1}, bc[k].dst_offset,
                                          bc[k].src_offset, bc[k].size};
            struct wire_read_buffer rb = {{901, 1}, bc[k].src_offset, (uint32_t)bc[k].size, 0};
            uint32_t rec_size = bc[k].read ? sizeof(rb) : sizeof(cp);
            c[i] = (struct bad_case){.name = bc[k].name, .reason = bc[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){bc[k].read ? WIRE_OP_READ_BUFFER : WIRE_OP_COPY_BUFFER, 0,
                                     rec_size};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), bc[k].read ? (const void *)&rb
                                                            : (const void *)&cp, rec_size);
            c[i].size = 16 + sizeof(cb) + rec_size;
            i++;
        }
    }
    /* Texture copies that break a rule, within a 4x4 texture of the
     * case's own (902:1). */
    {
        static const struct {
            const char *name, *reason;
            uint32_t dx, sx, w, reserved;
        } tc[] = {
            {"a texture copy past the level", "outside level", 2, 0, 3, 0},
            {"a texture copy between overlapping boxes", "overlapping", 1, 0, 2, 0},
            {"a texture copy with a reserved field", "reserved", 2, 0, 2, 1},
        };
        struct wire_create_texture ct = {{902, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        for (unsigned k = 0; k < sizeof(tc) / sizeof(tc[0]); k++) {
            struct wire_copy_texture cp = {{902, 1}, {902, 1}, 0, 0, tc[k].dx, 0, 0,
                                           0, 0, tc[k].sx, 0, 0, tc[k].w, 4, 1, tc[k].reserved};
            c[i] = (struct bad_case){.name = tc[k].name, .reason = tc[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &ct, sizeof(ct));
            h = (struct wire_header){WIRE_OP_COPY_TEXTURE, 0, sizeof(cp)};
            memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(ct), &cp, sizeof(cp));
            c[i].size = 16 + sizeof(ct) + sizeof(cp);
            i++;
        }
    }
    /* D24S8 copies only to itself (D16 and D32 to colours of their bytes
     * too): to a 32-bit colour format it is malformed. */
    c[i] = (struct bad_case){.name = "a copy of D24S8 to a colour format",
                             .reason = "copy texture: format"};
    {
        struct wire_create_texture ds = {{905, 1}, WIRE_FORMAT_D24_UNORM_S8_UINT, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_DEPTH_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        struct wire_create_texture co = ds;
        struct wire_copy_texture cp = {{906, 1}, {905, 1}, 0, 0, 0, 0, 0,
                                       0, 0, 0, 0, 0, 4, 4, 1, 0};
        co.texture = (wire_handle){906, 1};
        co.format = WIRE_FORMAT_R32_SFLOAT;
        co.usage = WIRE_TEX_SAMPLED;
        _Static_assert(24 + 2 * sizeof(ds) + sizeof(cp) <= sizeof(c[i].bytes), "room");
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ds)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ds, sizeof(ds));
        memcpy(c[i].bytes + 8 + sizeof(ds), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ds), &co, sizeof(co));
        h = (struct wire_header){WIRE_OP_COPY_TEXTURE, 0, sizeof(cp)};
        memcpy(c[i].bytes + 16 + 2 * sizeof(ds), &h, 8);
        memcpy(c[i].bytes + 24 + 2 * sizeof(ds), &cp, sizeof(cp));
        c[i].size = 24 + 2 * sizeof(ds) + sizeof(cp);
    }
    i++;
    /* Texture arrays: layers of a cube, a view past the layers. */
    c[i] = (struct bad_case){.name = "a cube texture with array layers",
                             .size = 8 + sizeof(struct wire_create_texture),
                             .reason = "3 layers"};
    {
        struct wire_create_texture ct = {{903, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_CUBE,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 3};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
    }
    i++;
    c[i] = (struct bad_case){.name = "a view past a texture's layers", .reason = "a view of"};
    {
        struct wire_create_texture ct = {{903, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 2};
        struct wire_set_texture st = {0, WIRE_TEX_2D_ARRAY, {903, 1}, {0, 0}, 0, 0, 1, 2};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_SET_TEXTURE, 0, sizeof(st)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &st, sizeof(st));
        c[i].size = 16 + sizeof(ct) + sizeof(st);
    }
    i++;
    /* 1D textures: one texel high, and sampled as 1D (or a 1D array),
     * not as 2D; a 1D view of a 2D texture neither. */
    c[i] = (struct bad_case){.name = "a 1D texture two texels high",
                             .size = 8 + sizeof(struct wire_create_texture),
                             .reason = "extent 4x2x1"};
    {
        struct wire_create_texture ct = {{907, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_1D,
                                         4, 2, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
    }
    i++;
    for (int k = 0; k < 2; k++) {
        c[i] = (struct bad_case){.name = k ? "a 1D view of a 2D texture"
                                           : "a 1D texture sampled as 2D",
                                 .reason = "cannot be sampled as type"};
        struct wire_create_texture ct = {{908, 1}, WIRE_FORMAT_B8G8R8A8_UNORM,
                                         k ? WIRE_TEX_2D : WIRE_TEX_1D, 4, 1, 1, 1,
                                         WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        struct wire_set_texture st = {0, k ? WIRE_TEX_1D : WIRE_TEX_2D, {908, 1}};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_SET_TEXTURE, 0, sizeof(st)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &st, sizeof(st));
        c[i].size = 16 + sizeof(ct) + sizeof(st);
        i++;
    }
    /* Views of another format: of a texture made without
     * WIRE_TEX_MUTABLE, or of a format outside the texture's class; a
     * depth texture is never mutable. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t format, usage, view; /* view: the format of the view */
            bool target;
        } vf[] = {
            {"a fixed-format texture sampled as another", "sampled as format",
             WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_SAMPLED, WIRE_FORMAT_R8G8B8A8_UNORM, false},
            {"a mutable texture sampled as another class", "sampled as format",
             WIRE_FORMAT_R8G8B8A8_UNORM, WIRE_TEX_SAMPLED | WIRE_TEX_MUTABLE,
             WIRE_FORMAT_R16G16B16A16_SFLOAT, false},
            {"a mutable texture sampled as a block format", "sampled as format",
             WIRE_FORMAT_R32G32B32A32_UINT, WIRE_TEX_SAMPLED | WIRE_TEX_MUTABLE,
             WIRE_FORMAT_BC2_UNORM, false},
            {"a mutable target rendered as another class", "rendered as format",
             WIRE_FORMAT_R8G8B8A8_UNORM, WIRE_TEX_COLOR_TARGET | WIRE_TEX_MUTABLE,
             WIRE_FORMAT_R32G32_SFLOAT, true},
            {"a mutable depth texture", "usage", WIRE_FORMAT_D32_SFLOAT,
             WIRE_TEX_DEPTH_TARGET | WIRE_TEX_MUTABLE, 0, false},
        };
        for (unsigned k = 0; k < sizeof(vf) / sizeof(vf[0]); k++) {
            struct wire_create_texture ct = {{904, 1}, vf[k].format, WIRE_TEX_2D, 4, 4, 1, 1,
                                             vf[k].usage,
                                             {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                              WIRE_SWIZZLE_A}, 1, 0};
            struct wire_set_texture st = {0, WIRE_TEX_2D, {904, 1}, {0, 0}, 0, 0, 0, 0,
                                          vf[k].view, 0};
            struct wire_set_render_targets rt = {0};
            rt.color[0] = (struct wire_target){{904, 1}, 0, 0, vf[k].view, 0};
            c[i] = (struct bad_case){.name = vf[k].name, .reason = vf[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &ct, sizeof(ct));
            c[i].size = 8 + sizeof(ct);
            if (vf[k].view) {
                uint32_t rec = vf[k].target ? sizeof(rt) : sizeof(st);
                _Static_assert(16 + sizeof(ct) + sizeof(rt) <= sizeof(c[i].bytes), "room");
                h = (struct wire_header){vf[k].target ? WIRE_OP_SET_RENDER_TARGETS
                                                      : WIRE_OP_SET_TEXTURE, 0, rec};
                memcpy(c[i].bytes + c[i].size, &h, 8);
                memcpy(c[i].bytes + c[i].size + 8, vf[k].target ? (const void *)&rt
                                                                : (const void *)&st, rec);
                c[i].size += 8 + rec;
            }
            i++;
        }
    }
    /* A volume renders into a slice of a level: level 1 of a 4x4x4
     * volume has two. */
    c[i] = (struct bad_case){.name = "a volume's slice past its level's depth",
                             .reason = "target level 1 layers 2+0"};
    {
        struct wire_create_texture ct = {{909, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_3D,
                                         4, 4, 4, 2, WIRE_TEX_COLOR_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        struct wire_set_render_targets rt = {0};
        rt.color[0] = (struct wire_target){{909, 1}, 1, 2, 0, 0};
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_SET_RENDER_TARGETS, 0, sizeof(rt)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &rt, sizeof(rt));
        c[i].size = 16 + sizeof(ct) + sizeof(rt);
    }
    i++;
    /* A present through a gamma ramp never set. */
    c[i] = (struct bad_case){.name = "a present through no gamma ramp",
                             .reason = "gamma ramp never set"};
    {
        struct wire_create_texture ct = {{900, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         4, 4, 1, 1, WIRE_TEX_SAMPLED | WIRE_TEX_COLOR_TARGET,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        struct wire_present pr = {.texture = {900, 1}, .frame = 1,
                                  .flags = WIRE_PRESENT_GAMMA};
        _Static_assert(16 + sizeof(ct) + sizeof(pr) <= sizeof(c[i].bytes), "room");
        h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &ct, sizeof(ct));
        h = (struct wire_header){WIRE_OP_PRESENT, 0, sizeof(pr)};
        memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
        memcpy(c[i].bytes + 16 + sizeof(ct), &pr, sizeof(pr));
        c[i].size = 16 + sizeof(ct) + sizeof(pr);
    }
    i++;
    /* Texel buffers: a buffer made without WIRE_BUF_TEXEL, a range past
     * the buffer, an offset off the alignment, a block-compressed format,
     * a slot past the last (the domain stage's fourth is 23). */
    {
        static const struct {
            const char *name, *reason;
            uint32_t usage, format;
            uint64_t offset, size;
            uint32_t slot;
        } t[] = {
            {"a vertex buffer read as texels", "not made for texel reads", WIRE_BUF_VERTEX,
             WIRE_FORMAT_R32_UINT, 0, 64, 1},
            {"texels past the buffer", "texels [32, +64)", WIRE_BUF_TEXEL,
             WIRE_FORMAT_R32_UINT, 32, 64, 1},
            {"texels off the alignment", "texels [2, +16)", WIRE_BUF_TEXEL,
             WIRE_FORMAT_R32_UINT, 2, 16, 1},
            {"block-compressed texels", "format", WIRE_BUF_TEXEL, WIRE_FORMAT_BC1_UNORM, 0,
             64, 1},
            {"a texel buffer slot past the last", "texel buffer slot 24", WIRE_BUF_TEXEL,
             WIRE_FORMAT_R32_UINT, 0, 64, 24},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_buffer cb = {{930 + k, 1}, 64, t[k].usage, 0};
            struct wire_set_texel_buffer tb = {t[k].slot, t[k].format, {930 + k, 1},
                                               t[k].offset, t[k].size};
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){WIRE_OP_SET_TEXEL_BUFFER, 0, sizeof(tb)};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), &tb, sizeof(tb));
            c[i].size = 16 + sizeof(cb) + sizeof(tb);
            i++;
        }
    }
    /* Indirect draws: arguments off their alignment, an unknown kind. */
    for (int k = 0; k < 2; k++) {
        struct wire_draw_indirect d = {{777, 1}, {778, 1}, k ? 0 : 2, k ? 2u : 0u, 0};
        c[i] = (struct bad_case){.name = k ? "an indirect draw of kind 2"
                                           : "indirect arguments at offset 2",
                                 .reason = k ? "indexed 2" : "offset 2",
                                 .size = 8 + sizeof(d)};
        h = (struct wire_header){WIRE_OP_DRAW_INDIRECT, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
        i++;
    }
    /* Push constants over the server's last word (the texture table's draw
     * base: a client writing it would choose the words a draw reads). */
    {
        struct wire_set_push_constants pc = {WIRE_PUSH_CLIENT_BYTES - 4, 8, {0}};
        c[i] = (struct bad_case){.name = "push constants over the draw base",
                                 .reason = "push constants [120, +8)",
                                 .size = 8 + sizeof(pc)};
        h = (struct wire_header){WIRE_OP_SET_PUSH_CONSTANTS, 0, sizeof(pc)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &pc, sizeof(pc));
        i++;
    }
    /* Storage: a buffer not made for it, a slot past the last, texels past
     * the buffer, an empty slot of a format no shader reads. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t usage, slot, kind, format;
            uint64_t offset, size;
        } t[] = {
            {"a texel buffer as storage", "not made for storage", WIRE_BUF_TEXEL, 1,
             WIRE_STORAGE_BUFFER, WIRE_FORMAT_R32_UINT, 0, 64},
            {"storage slot 8", "storage slot 8", WIRE_BUF_STORAGE, 8, WIRE_STORAGE_BUFFER,
             WIRE_FORMAT_R32_UINT, 0, 64},
            {"storage past the buffer", "storage texels [32, +64)", WIRE_BUF_STORAGE, 2,
             WIRE_STORAGE_BUFFER, WIRE_FORMAT_R32_UINT, 32, 64},
            {"an empty storage slot of RGBA8", "an empty slot", WIRE_BUF_STORAGE, 3,
             WIRE_STORAGE_NONE, WIRE_FORMAT_R8G8B8A8_UNORM, 0, 0},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_buffer cb = {{940 + k, 1}, 64, t[k].usage, 0};
            struct wire_set_storage st = {t[k].slot, t[k].kind, {940 + k, 1}, t[k].format, 0,
                                          0, 0, 0, 0, t[k].offset, t[k].size};
            if (t[k].kind == WIRE_STORAGE_NONE)
                st.resource = (wire_handle){0, 0};
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){WIRE_OP_SET_STORAGE, 0, sizeof(st)};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), &st, sizeof(st));
            c[i].size = 16 + sizeof(cb) + sizeof(st);
            i++;
        }
    }
    /* Storage images: a texture made without WIRE_TEX_STORAGE, a level past
     * the texture's, a 2D view of two layers; a fill of a level past it. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t usage, level, layers;
            bool fill;
        } t[] = {
            {"a sampled texture as storage", "cannot be storage", WIRE_TEX_SAMPLED, 0, 1, false},
            {"storage of level 1 of 1", "storage of level 1", WIRE_TEX_STORAGE, 1, 1, false},
            {"a 2D storage view of two layers", "storage of level 0, layers 0+2",
             WIRE_TEX_STORAGE, 0, 2, false},
            {"a fill of level 3 of 1", "fill of texture 950:1: level 3", WIRE_TEX_STORAGE, 3,
             1, true},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_texture ct = {{950, 1}, WIRE_FORMAT_R32_UINT, WIRE_TEX_2D, 4, 4,
                                             1, 1, t[k].usage,
                                             {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                              WIRE_SWIZZLE_A}, 1, 2};
            struct wire_set_storage st = {0, WIRE_STORAGE_IMAGE, {950, 1}, 0, WIRE_TEX_2D,
                                          t[k].level, 0, t[k].layers, 0, 0, 0};
            struct wire_fill_texels f = {WIRE_STORAGE_IMAGE, 4, {950, 1}, 0, 0, t[k].level, 0,
                                         1, 0, {0}};
            uint32_t n = t[k].fill ? sizeof(f) : sizeof(st);
            _Static_assert(16 + sizeof(ct) + sizeof(f) <= sizeof(c[i].bytes), "room");
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &ct, sizeof(ct));
            h = (struct wire_header){t[k].fill ? WIRE_OP_FILL_TEXELS : WIRE_OP_SET_STORAGE, 0, n};
            memcpy(c[i].bytes + 8 + sizeof(ct), &h, 8);
            if (t[k].fill)
                memcpy(c[i].bytes + 16 + sizeof(ct), &f, sizeof(f));
            else
                memcpy(c[i].bytes + 16 + sizeof(ct), &st, sizeof(st));
            c[i].size = 16 + sizeof(ct) + n;
            i++;
        }
    }
    /* Fills of buffers: texels of 3 bytes, a range past the buffer, a kind
     * nobody knows. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t kind, bytes;
            uint64_t offset, size;
        } t[] = {
            {"a fill of 3-byte texels", "of 3-byte texels", WIRE_STORAGE_BUFFER, 3, 0, 48},
            {"a fill past the buffer", "[32, +64) of 4-byte", WIRE_STORAGE_BUFFER, 4, 32, 64},
            {"a fill of storage kind 7", "storage kind 7", 7, 4, 0, 4},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_buffer cb = {{960 + k, 1}, 64, WIRE_BUF_STORAGE, 0};
            struct wire_fill_texels f = {t[k].kind, t[k].bytes, {960 + k, 1}, t[k].offset,
                                         t[k].size, 0, 0, 0, 0, {0}};
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){WIRE_OP_FILL_TEXELS, 0, sizeof(f)};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), &f, sizeof(f));
            c[i].size = 16 + sizeof(cb) + sizeof(f);
            i++;
        }
    }
    /* Dispatches: of a shader never made, of arguments off their
     * alignment. */
    c[i] = (struct bad_case){.name = "a dispatch of no shader", .size = 8 + 24,
                             .reason = "unknown shader handle 971:1"};
    {
        struct wire_dispatch d = {{971, 1}, 1, 1, 1, 0};
        h = (struct wire_header){WIRE_OP_DISPATCH, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    c[i] = (struct bad_case){.name = "dispatch arguments at offset 6", .size = 8 + 24,
                             .reason = "indirect dispatch: offset 6"};
    {
        struct wire_dispatch_indirect d = {{971, 1}, {972, 1}, 6};
        h = (struct wire_header){WIRE_OP_DISPATCH_INDIRECT, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
    }
    i++;
    /* Stream output and geometry shaders: a stream-output shader of the
     * wrong stage, of no or too many entries, rasterizing a stream past 3,
     * of bytes that are not DXBC,
     * with its entries past the stage ring; a geometry shader of DXSO; the
     * geometry stage's uniform slot 5 (b0..b4 are its). */
    {
        static const struct {
            const char *name, *reason;
            uint32_t stage, entries, entries_offset, rasterized;
        } t[] = {
            {"a stream-output shader of the pixel stage", "stream-output shader 980:1: stage 1",
             WIRE_STAGE_FRAGMENT, 1, 0, 0},
            {"a stream-output shader of no entries", "0 entries", WIRE_STAGE_VERTEX, 0, 0, 0},
            {"a stream-output shader of 65 entries", "65 entries", WIRE_STAGE_GEOMETRY, 65, 0,
             0},
            {"a stream-output shader rasterizing stream 4", "stream-output shader 980:1",
             WIRE_STAGE_VERTEX, 1, 0, 4},
            {"stream-output entries past the ring", "past the stage ring", WIRE_STAGE_VERTEX, 2,
             0xfffffff0u, 0},
            {"stream output of bytes that are not DXBC", "not a DXBC container",
             WIRE_STAGE_GEOMETRY, 1, 0, 0},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_so_shader so = {{980, 1}, t[k].stage, 0, 64, t[k].entries_offset,
                                               t[k].entries, {16, 0, 0, 0}, t[k].rasterized};
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_SO_SHADER, 0, sizeof(so)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &so, sizeof(so));
            c[i].size = 8 + sizeof(so);
            i++;
        }
    }
    c[i] = (struct bad_case){.name = "a geometry shader of DXSO",
                             .reason = "a geometry shader of source"};
    {
        struct wire_create_shader cs = {{981, 1}, WIRE_STAGE_GEOMETRY, WIRE_SHADER_DXSO, 0, 64,
                                        {{0}}};
        h = (struct wire_header){WIRE_OP_CREATE_SHADER, 0, sizeof(cs)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &cs, sizeof(cs));
        c[i].size = 8 + sizeof(cs);
    }
    i++;
    c[i] = (struct bad_case){.name = "the geometry stage's uniform slot 5",
                             .reason = "uniforms: stage 3 slot 5"};
    {
        struct wire_set_uniforms u = {WIRE_STAGE_GEOMETRY, 0, 16, 0, 16, 5};
        h = (struct wire_header){WIRE_OP_SET_UNIFORMS, 0, sizeof(u)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &u, sizeof(u));
        c[i].size = 8 + sizeof(u);
    }
    i++;
    /* Stream-output targets: an unknown buffer, a vertex buffer, an offset
     * off its words or past the buffer, an offset without a buffer; a
     * DrawAuto of no state block. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t usage, slot, handle;
            uint64_t offset;
        } t[] = {
            {"an unknown stream-output target", "unknown buffer handle 999:1",
             WIRE_BUF_STREAM_OUT, 0, 999, 0},
            {"a vertex buffer as stream-output target", "stream-output target 1: buffer",
             WIRE_BUF_VERTEX, 1, 985, 0},
            {"a stream-output offset of 6", "offset 6", WIRE_BUF_STREAM_OUT, 2, 985, 6},
            {"a stream-output offset past the buffer", "offset 128", WIRE_BUF_STREAM_OUT, 3,
             985, 128},
            {"a stream-output offset without a buffer", "no buffer, offset 4",
             WIRE_BUF_STREAM_OUT, 0, 0, 4},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_buffer cb = {{985, 1}, 64, t[k].usage, 0};
            struct wire_set_so_targets so = {{{{0, 0}, 0}}};
            so.target[t[k].slot].buffer = (wire_handle){t[k].handle, t[k].handle ? 1u : 0u};
            so.target[t[k].slot].offset = t[k].offset;
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){WIRE_OP_SET_SO_TARGETS, 0, sizeof(so)};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), &so, sizeof(so));
            c[i].size = 16 + sizeof(cb) + sizeof(so);
            i++;
        }
    }
    c[i] = (struct bad_case){.name = "a stream-output buffer of 2 bytes",
                             .reason = "a stream-output buffer of 2 bytes"};
    {
        struct wire_create_buffer cb = {{987, 1}, 2, WIRE_BUF_STREAM_OUT, 0};
        h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &cb, sizeof(cb));
        c[i].size = 8 + sizeof(cb);
    }
    i++;
    c[i] = (struct bad_case){.name = "a DrawAuto of no state block",
                             .reason = "unknown state block handle 986:1"};
    {
        struct wire_draw_auto d = {{986, 1}};
        h = (struct wire_header){WIRE_OP_DRAW_AUTO, 0, sizeof(d)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, &d, sizeof(d));
        c[i].size = 8 + sizeof(d);
    }
    i++;
    /* Buffers as colour targets: one made without the usage, elements
     * past the end, no format, one as the depth target, flags nobody
     * knows. */
    {
        static const struct {
            const char *name, *reason;
            uint32_t usage, format, elements, flags;
            bool depth;
        } t[] = {
            {"a vertex buffer as a target", "is not a render target", WIRE_BUF_VERTEX,
             WIRE_FORMAT_R32G32B32A32_SFLOAT, 4, WIRE_TARGET_BUFFER, false},
            {"a buffer target past its end", "target elements 0+5",
             WIRE_BUF_RENDER_TARGET, WIRE_FORMAT_R32G32B32A32_SFLOAT, 5, WIRE_TARGET_BUFFER,
             false},
            {"a buffer target of no format", "rendered as format 0", WIRE_BUF_RENDER_TARGET,
             0, 4, WIRE_TARGET_BUFFER, false},
            {"a buffer as the depth target", "a buffer as a target of this record",
             WIRE_BUF_RENDER_TARGET, WIRE_FORMAT_R32G32B32A32_SFLOAT, 4, WIRE_TARGET_BUFFER,
             true},
            {"a target flag nobody knows", "target flags 0x2", WIRE_BUF_RENDER_TARGET,
             WIRE_FORMAT_R32G32B32A32_SFLOAT, 4, 2, false},
        };
        for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
            struct wire_create_buffer cb = {{950 + k, 1}, 64, t[k].usage, 0};
            struct wire_set_render_targets rt = {0};
            struct wire_target *w = t[k].depth ? &rt.depth : &rt.color[0];
            *w = (struct wire_target){{950 + k, 1}, 0, 0, t[k].format, 0, t[k].flags,
                                      t[k].elements};
            c[i] = (struct bad_case){.name = t[k].name, .reason = t[k].reason};
            h = (struct wire_header){WIRE_OP_CREATE_BUFFER, 0, sizeof(cb)};
            memcpy(c[i].bytes, &h, 8);
            memcpy(c[i].bytes + 8, &cb, sizeof(cb));
            h = (struct wire_header){WIRE_OP_SET_RENDER_TARGETS, 0, sizeof(rt)};
            memcpy(c[i].bytes + 8 + sizeof(cb), &h, 8);
            memcpy(c[i].bytes + 16 + sizeof(cb), &rt, sizeof(rt));
            c[i].size = 16 + sizeof(cb) + sizeof(rt);
            i++;
        }
    }
    /* Viewports and scissors past the last index, and flags nobody
     * knows. */
    for (int k = 0; k < 4; k++) {
        struct wire_set_viewport v = {0, 0, 4, 4, 0, 1, k == 1 ? 4u : 0u,
                                      k == 0 ? WIRE_MAX_VIEWPORTS : 1};
        struct wire_set_scissor sc = {0, 0, 4, 4, k == 3 ? 2u : 0u,
                                      k == 2 ? WIRE_MAX_VIEWPORTS : 1};
        c[i] = (struct bad_case){.name = k == 0   ? "viewport 16"
                                         : k == 1 ? "a viewport flag nobody knows"
                                         : k == 2 ? "scissor 16"
                                                  : "a scissor flag nobody knows",
                                 .reason = k < 2 ? "viewport out of range"
                                                 : "scissor out of range"};
        h = (struct wire_header){k < 2 ? WIRE_OP_SET_VIEWPORT : WIRE_OP_SET_SCISSOR, 0,
                                 k < 2 ? (uint32_t)sizeof(v) : (uint32_t)sizeof(sc)};
        memcpy(c[i].bytes, &h, 8);
        memcpy(c[i].bytes + 8, k < 2 ? (const void *)&v : (const void *)&sc, h.size);
        c[i].size = 8 + h.size;
        i++;
    }
    /* A record whose size does not match its payload. */
    c[i] = (struct bad_case){.name = "wrong record size", .size = 16,
                             .reason = "expected"};
    h = (struct wire_header){WIRE_OP_PRESENT, 0, 8};
    memcpy(c[i].bytes, &h, 8);
    i++;
    *n = i;
}

static void run_malformed(enum e2e_transport t, const struct e2e_server *server,
                          const struct bad_case *bc)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d_a, *d3d_b;
    IDirect3DDevice9 *a, *b;
    struct nereid_device_info info;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d_a, &a, W, H, FALSE) != D3D_OK ||
        e2e_create_device(&d3d_b, &b, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: two devices", name);
        return;
    }
    ok(render_ok(a, 0xff00ff00), "%s/%s: client A renders", name, bc->name);
    ok(render_ok(b, 0xffff0000), "%s/%s: client B renders", name, bc->name);
    ok(nereid_device_inject(b, bc->bytes, bc->size) == D3D_OK,
       "%s/%s: malformed bytes written", name, bc->name);
    ok(nereid_device_sync(b, NULL) == D3DERR_DEVICELOST,
       "%s/%s: B's session is cut off", name, bc->name);
    /* Lost, and the server still answers: Reset would bring it back on a
     * new session (test_lost). */
    ok(IDirect3DDevice9_TestCooperativeLevel(b) == D3DERR_DEVICENOTRESET,
       "%s/%s: B is lost, and can be reset", name, bc->name);
    ok(IDirect3DDevice9_Present(b, NULL, NULL, NULL, NULL) == D3DERR_DEVICELOST,
       "%s/%s: B's Present answers D3DERR_DEVICELOST", name, bc->name);
    nereid_device_get_info(b, &info);
    ok(info.lost && strstr(info.lost_reason, bc->reason),
       "%s/%s: B was told why: '%s'", name, bc->name, info.lost_reason);
    ok(render_ok(a, 0xff0000ff), "%s/%s: client A still renders", name, bc->name);
    ok(nereid_device_sync(a, &errors) == D3D_OK && errors == 0,
       "%s/%s: A syncs, no validation errors", name, bc->name);
    ok(IDirect3DDevice9_Release(b) == 0, "%s: release lost B", name);
    IDirect3D9_Release(d3d_b);
    ok(IDirect3DDevice9_Release(a) == 0, "%s: release A", name);
    IDirect3D9_Release(d3d_a);
}

/* A child process renders in a loop and is killed with SIGKILL mid-frame. */
static void run_killed_client(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    int pipefd[2];
    pid_t pid;
    char c;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;

    e2e_use_transport(t, server);
    if (pipe(pipefd))
        return;
    pid = fork();
    if (pid == 0) {
        IDirect3D9 *cd3d;
        IDirect3DDevice9 *cdev;
        struct vertex v[3] = {{0, 0, 0, 1, 0xffffffff}, {W, 0, 0, 1, 0xffffffff},
                              {0, H, 0, 1, 0xffffffff}};
        close(pipefd[0]);
        if (e2e_create_device(&cd3d, &cdev, W, H, FALSE) != D3D_OK)
            _exit(1);
        IDirect3DDevice9_BeginScene(cdev);
        IDirect3DDevice9_SetFVF(cdev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        for (int i = 0;; i++) {
            IDirect3DDevice9_DrawPrimitiveUP(cdev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
            if (i == 2000 && write(pipefd[1], "x", 1) != 1)
                _exit(1);
        }
    }
    close(pipefd[1]);
    ok(read(pipefd[0], &c, 1) == 1, "%s: the child is drawing", name);
    close(pipefd[0]);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    /* The server goes on: a new client connects and renders. */
    ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK,
       "%s: a new client connects after the kill", name);
    if (dev) {
        ok(render_ok(dev, 0xffffff00), "%s: and renders", name);
        IDirect3DDevice9_Release(dev);
        IDirect3D9_Release(d3d);
    }
}

/* ---- the shm-tcp handshake with a client that misbehaves ---- */

static int tcp_connect_to(const struct e2e_server *s)
{
    struct sockaddr_in sa = {.sin_family = AF_INET};
    const char *colon = strrchr(s->tcp, ':');
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

    sa.sin_port = htons((uint16_t)atoi(colon ? colon + 1 : "0"));
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

static bool recv_exact(int fd, void *buf, size_t size)
{
    uint8_t *p = buf;
    while (size) {
        struct pollfd pfd = {fd, POLLIN, 0};
        ssize_t n;
        if (poll(&pfd, 1, 10000) <= 0)
            return false;
        n = recv(fd, p, size, 0);
        if (n <= 0)
            return false;
        p += n;
        size -= (size_t)n;
    }
    return true;
}

/* Sends a shm-tcp hello; reads the SEGMENT frame into *seg (false: the
 * server answered something else, *first holds that frame). */
static bool shm_tcp_hello(int fd, uint32_t cmd_size, struct stream_segment *seg,
                          struct stream_frame *first)
{
    struct wire_hello hello;
    struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};

    transport_fill_hello(&hello, "robust", WIRE_TRANSPORT_SHM_FILE, cmd_size,
                         1u << 25);
    if (send(fd, &f, sizeof(f), MSG_NOSIGNAL) != sizeof(f) ||
        send(fd, &hello, sizeof(hello), MSG_NOSIGNAL) != sizeof(hello) ||
        !recv_exact(fd, first, sizeof(*first)))
        return false;
    return first->type == STREAM_SEGMENT && first->size == sizeof(*seg) &&
           recv_exact(fd, seg, sizeof(*seg));
}

/* A TCP hello without the server's token, or with another: refused with
 * the reason, before anything is made for it. */
static void run_tcp_token(const struct e2e_server *server)
{
    static const char *const tokens[] = {"", "0123456789abcdef0123456789abcdef"};
    char path[160];
    struct stat st;

    snprintf(path, sizeof(path), "%s/tcp-token", server->dir);
    ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_size == 32,
       "the server's TCP token: %s, mode 0600, 32 characters", path);
    for (int i = 0; i < 2; i++) {
        struct wire_hello hello;
        struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};
        struct wire_welcome w;
        int fd = tcp_connect_to(server);
        transport_fill_hello(&hello, "no token", WIRE_TRANSPORT_STREAM, 0, 1u << 25);
        snprintf(hello.token, sizeof(hello.token), "%s", tokens[i]);
        ok(fd >= 0 && send(fd, &f, sizeof(f), MSG_NOSIGNAL) == sizeof(f) &&
               send(fd, &hello, sizeof(hello), MSG_NOSIGNAL) == sizeof(hello) &&
               recv_exact(fd, &f, sizeof(f)) && f.type == STREAM_WELCOME &&
               recv_exact(fd, &w, sizeof(w)) && w.status != WIRE_OK &&
               strstr(w.reason, i ? "is not the server's" : "needs the server's token"),
           "a TCP hello with %s is refused: '%.127s'", i ? "another token" : "no token",
           fd >= 0 ? w.reason : "");
        if (fd >= 0)
            close(fd);
    }
}

static void run_shm_tcp_handshake(const struct e2e_server *server)
{
    struct stream_segment seg;
    struct stream_frame f;
    struct wire_welcome w;
    char path[64];
    struct stat st;
    int fd;

    e2e_use_transport(E2E_SHM_TCP, server); /* the token of this server */
    /* A client that truncates the rings under the server's mapping (it
     * would fault the server with SIGBUS): the memfd is sealed. */
    fd = tcp_connect_to(server);
    ok(fd >= 0 && shm_tcp_hello(fd, 1u << 20, &seg, &f),
       "shm-tcp hello: the server names a segment");
    if (fd >= 0 && f.type == STREAM_SEGMENT) {
        int file;
        shm_segment_path(&seg, path, sizeof(path));
        file = open(path, O_RDWR | O_CLOEXEC);
        ok(file >= 0 && fstat(file, &st) == 0 && (uint64_t)st.st_size == seg.total,
           "%s opens, %llu bytes", path, (unsigned long long)seg.total);
        ok(file >= 0 && ftruncate(file, 4096) < 0 && errno == EPERM,
           "the rings cannot be shrunk (sealed)");
        ok(file >= 0 && ftruncate(file, (off_t)seg.total * 2) < 0 && errno == EPERM,
           "nor grown");
        if (file >= 0)
            close(file);
        close(fd);
    } else if (fd >= 0) {
        close(fd);
    }

    /* The client says it could not map it. */
    fd = tcp_connect_to(server);
    if (fd >= 0 && shm_tcp_hello(fd, 1u << 20, &seg, &f)) {
        struct stream_frame no = {STREAM_SEGMENT_MAPPED, 0, 0, 0, 0};
        ok(send(fd, &no, sizeof(no), MSG_NOSIGNAL) == sizeof(no) &&
               recv_exact(fd, &f, sizeof(f)) && f.type == STREAM_WELCOME &&
               f.size == sizeof(w) && recv_exact(fd, &w, sizeof(w)) &&
               w.status == WIRE_ERR_MALFORMED,
           "a client that cannot map the segment is refused");
        shm_segment_path(&seg, path, sizeof(path));
        ok(access(path, F_OK) < 0, "and the server no longer holds the rings");
    } else {
        ok(0, "shm-tcp hello for the not-mapped case");
    }
    if (fd >= 0)
        close(fd);

    /* Impossible ring sizes: refused before any file is made. */
    fd = tcp_connect_to(server);
    ok(fd >= 0 && !shm_tcp_hello(fd, 12345, &seg, &f) && f.type == STREAM_WELCOME &&
           f.size == sizeof(w) && recv_exact(fd, &w, sizeof(w)) &&
           w.status == WIRE_ERR_MALFORMED,
       "shm-tcp with a command ring of 12345 bytes is refused");
    if (fd >= 0)
        close(fd);
}

/* Connections that say one byte and then nothing: the server closes each
 * once the handshake time-out (1 s here) has passed, instead of holding a
 * thread and a descriptor for ever. */
static void run_silent_connections(const struct e2e_server *server)
{
    int fds[4], closed = 0;
    struct stat st = {0};

    ok(stat(server->socket, &st) == 0 && S_ISSOCK(st.st_mode) && (st.st_mode & 0777) == 0600,
       "the unix socket is mode 0600 (%o)", (unsigned)(st.st_mode & 0777));
    for (int i = 0; i < 4; i++) {
        fds[i] = tcp_connect_to(server);
        if (fds[i] >= 0)
            send(fds[i], "x", 1, MSG_NOSIGNAL);
    }
    for (int i = 0; i < 4; i++) {
        struct pollfd p = {fds[i], POLLIN, 0};
        char c;
        /* A generous bound, not a timing check: ten times the time-out. */
        if (fds[i] >= 0 && poll(&p, 1, 10000) == 1 && recv(fds[i], &c, 1, 0) <= 0)
            closed++;
        if (fds[i] >= 0)
            close(fds[i]);
    }
    ok(closed == 4, "silent connections are closed after the handshake time-out (%d of 4)",
       closed);
}

static int server_threads(const struct e2e_server *s)
{
    char path[64];
    int n = 0;
    DIR *d;
    snprintf(path, sizeof(path), "/proc/%d/task", (int)s->pid);
    if (!(d = opendir(path)))
        return -1;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* A raw shm client publishes an impossible command ring head: the server
 * cuts it off, and its context thread ends (it used to spin for ever,
 * holding the socket and the mapping), whether the client leaves or not. */
static void run_impossible_head(const struct e2e_server *server)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    struct wire_hello hello;
    struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};
    struct wire_welcome w;
    struct transport_ctrl *ctrl;
    uint8_t *map = NULL;
    size_t size = 0;
    int memfd = -1, sock, during, after = -1;
    bool fatal = false;

    transport_fill_hello(&hello, "impossible head", WIRE_TRANSPORT_SHM, 1u << 20, 1u << 25);
    snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", server->socket);
    sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (!ok(sock >= 0 && connect(sock, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
                ring_segment_create(hello.cmd_ring_size, hello.stage_ring_size, &memfd, &map,
                                    &size),
            "a raw shm session")) {
        if (sock >= 0)
            close(sock);
        return;
    }
    {
        char cbuf[CMSG_SPACE(sizeof(int))] = {0};
        struct iovec iov[2] = {{&f, sizeof(f)}, {&hello, sizeof(hello)}};
        struct msghdr msg = {.msg_iov = iov, .msg_iovlen = 2, .msg_control = cbuf,
                             .msg_controllen = sizeof(cbuf)};
        struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
        cm->cmsg_level = SOL_SOCKET;
        cm->cmsg_type = SCM_RIGHTS;
        cm->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(cm), &memfd, sizeof(int));
        ok(sendmsg(sock, &msg, MSG_NOSIGNAL) == (ssize_t)(sizeof(f) + sizeof(hello)) &&
               recv_exact(sock, &f, sizeof(f)) && f.type == STREAM_WELCOME &&
               recv_exact(sock, &w, sizeof(w)) && w.status == WIRE_OK,
           "the raw shm session is welcome");
    }
    ctrl = (struct transport_ctrl *)map;
    __atomic_store_n(&ctrl->cmd_head, 12345, __ATOMIC_RELEASE); /* not a record boundary */
    for (int i = 0; i < 100 && !fatal; i++) {
        fatal = __atomic_load_n(&ctrl->fatal, __ATOMIC_ACQUIRE) != 0;
        usleep(50000);
    }
    ok(fatal, "an impossible ring head cuts the session off");
    /* The client stays: its context thread still goes (after a few
     * seconds' grace). */
    during = server_threads(server);
    for (int i = 0; i < 200 && (after < 0 || after >= during); i++) {
        usleep(100000);
        after = server_threads(server);
    }
    ok(during > 0 && after >= 0 && after < during,
       "the cut-off context ends (%d threads while cut off, %d after)", during, after);
    close(sock);
    munmap(map, size);
    close(memfd);
}

/* A server of four sessions at most (a device may hold more than one: its
 * IDirect3D9 asks the server too) refuses the next, with a reason, and the
 * ones it has keep working. */
static void run_session_limit(void)
{
    struct e2e_server small;
    IDirect3D9 *d3d[8] = {0};
    IDirect3DDevice9 *dev[8] = {0};
    HRESULT hr = D3D_OK;
    int made = 0;

    setenv("NEREID_MAX_SESSIONS", "4", 1);
    if (!ok(e2e_server_start(&small), "a server of 4 sessions")) {
        unsetenv("NEREID_MAX_SESSIONS");
        return;
    }
    unsetenv("NEREID_MAX_SESSIONS");
    e2e_use_transport(E2E_STREAM_UNIX, &small);
    while (made < 8 && (hr = e2e_create_device(&d3d[made], &dev[made], W, H, FALSE)) == D3D_OK)
        made++;
    ok(made >= 2 && made <= 4, "the server of 4 sessions gives %d devices", made);
    ok(hr == D3DERR_NOTAVAILABLE, "the next is refused (%#lx)", (unsigned long)hr);
    ok(dev[0] && render_ok(dev[0], 0xff00ff00), "the first still renders");
    for (int i = 0; i < 8; i++) {
        if (dev[i])
            IDirect3DDevice9_Release(dev[i]);
        if (d3d[i])
            IDirect3D9_Release(d3d[i]);
    }
    ok(e2e_server_stop(&small) == 0, "the small server exits cleanly");
}

/* A server whose contexts share 150 MiB: two devices (32 MiB stage rings,
 * and 1 MiB for each IDirect3D9's probe session) fit, and a 64 MiB
 * texture; another 64 MiB texture of the second
 * client is over the budget: that client is cut off with the reason, the
 * first keeps rendering, and the budget comes back when the second goes. */
static void run_memory_budget(void)
{
    struct e2e_server small;
    IDirect3D9 *d3d_a = NULL, *d3d_b = NULL;
    IDirect3DDevice9 *a = NULL, *b = NULL;
    IDirect3DTexture9 *ta = NULL, *tb = NULL;
    struct nereid_device_info info;

    setenv("NEREID_SERVER_MEMORY_MB", "150", 1);
    setenv("NEREID_STAGE_MB", "32", 1);
    if (!ok(e2e_server_start(&small), "a server of 150 MiB")) {
        unsetenv("NEREID_SERVER_MEMORY_MB");
        return;
    }
    unsetenv("NEREID_SERVER_MEMORY_MB");
    e2e_use_transport(E2E_STREAM_UNIX, &small);
    if (!ok(e2e_create_device(&d3d_a, &a, W, H, FALSE) == D3D_OK &&
                e2e_create_device(&d3d_b, &b, W, H, FALSE) == D3D_OK,
            "two sessions within the budget"))
        goto out;
    ok(IDirect3DDevice9_CreateTexture(a, 4096, 4096, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                      &ta, NULL) == D3D_OK &&
           nereid_device_sync(a, NULL) == D3D_OK,
       "a 64 MiB texture within the budget");
    IDirect3DDevice9_CreateTexture(b, 4096, 4096, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tb,
                                   NULL);
    ok(nereid_device_sync(b, NULL) == D3DERR_DEVICELOST, "another one is over it: B is lost");
    nereid_device_get_info(b, &info);
    ok(info.lost && strstr(info.lost_reason, "memory budget"), "B was told why: '%s'",
       info.lost_reason);
    ok(render_ok(a, 0xff00ff00), "A still renders");
    if (tb)
        IDirect3DTexture9_Release(tb);
    tb = NULL;
    IDirect3DDevice9_Release(b);
    IDirect3D9_Release(d3d_b);
    b = NULL;
    d3d_b = NULL;
    /* B's share comes back (its context goes within a few seconds). */
    {
        HRESULT hr = E_FAIL;
        for (int i = 0; i < 50 && hr != D3D_OK; i++) {
            if (tb)
                IDirect3DTexture9_Release(tb);
            tb = NULL;
            if (b)
                IDirect3DDevice9_Release(b);
            if (d3d_b)
                IDirect3D9_Release(d3d_b);
            b = NULL;
            d3d_b = NULL;
            usleep(100000);
            if (e2e_create_device(&d3d_b, &b, W, H, FALSE) == D3D_OK &&
                IDirect3DDevice9_CreateTexture(b, 1024, 1024, 1, 0, D3DFMT_A8R8G8B8,
                                               D3DPOOL_DEFAULT, &tb, NULL) == D3D_OK)
                hr = nereid_device_sync(b, NULL);
        }
        ok(hr == D3D_OK, "a new session fits again once B is gone (%#lx)", (unsigned long)hr);
    }
out:
    unsetenv("NEREID_STAGE_MB");
    if (ta)
        IDirect3DTexture9_Release(ta);
    if (tb)
        IDirect3DTexture9_Release(tb);
    if (a)
        IDirect3DDevice9_Release(a);
    if (b)
        IDirect3DDevice9_Release(b);
    if (d3d_a)
        IDirect3D9_Release(d3d_a);
    if (d3d_b)
        IDirect3D9_Release(d3d_b);
    ok(e2e_server_stop(&small) == 0, "the 150 MiB server exits cleanly");
}

/* A server whose GPU waits are bounded at 200 ms: a client that gives the
 * GPU seconds of work (4,000 instances of a 512x512 quad) and then reads
 * back is cut off with the reason instead of holding its thread.  By
 * present: the frame is not waited for on the server's decoding thread
 * but by its present waiter, and the next present's credit never comes;
 * the waiter's time-out cuts the client off the same way. */
static void run_gpu_timeout(bool by_present)
{
    struct e2e_server small;
    IDirect3D9 *d3d = NULL;
    IDirect3DDevice9 *dev = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    struct nereid_device_info info;
    struct vertex q[4] = {{0, 0, 0.5f, 1, 0x8000ff00}, {512, 0, 0.5f, 1, 0x8000ff00},
                          {0, 512, 0.5f, 1, 0x8000ff00}, {512, 512, 0.5f, 1, 0x8000ff00}};
    static const WORD idx[6] = {0, 1, 2, 2, 1, 3};
    void *p;

    setenv("NEREID_GPU_TIMEOUT_MS", "200", 1);
    if (!ok(e2e_server_start(&small), "a server of 200 ms GPU waits")) {
        unsetenv("NEREID_GPU_TIMEOUT_MS");
        return;
    }
    unsetenv("NEREID_GPU_TIMEOUT_MS");
    e2e_use_transport(E2E_STREAM_UNIX, &small);
    if (!ok(e2e_create_device(&d3d, &dev, 512, 512, FALSE) == D3D_OK &&
                IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(q), 0, FVF, D3DPOOL_MANAGED,
                                                    &vb, NULL) == D3D_OK &&
                IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16,
                                                   D3DPOOL_MANAGED, &ib, NULL) == D3D_OK,
            "a 512x512 device"))
        goto out;
    nereid_device_get_info(dev, &info);
    if (!strstr(info.device_name, "llvmpipe")) {
        /* A GPU blends a billion pixels well within 200 ms. */
        skip("the GPU time-out needs a CPU device (this is %s)", info.device_name);
        goto out;
    }
    IDirect3DVertexBuffer9_Lock(vb, 0, 0, &p, 0);
    memcpy(p, q, sizeof(q));
    IDirect3DVertexBuffer9_Unlock(vb);
    IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
    memcpy(p, idx, sizeof(idx));
    IDirect3DIndexBuffer9_Unlock(ib);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    /* Blended: no layer can be skipped (llvmpipe drops opaque overdraw). */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(q[0]));
    IDirect3DDevice9_SetIndices(dev, ib);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 4000u);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, 1);
    IDirect3DDevice9_EndScene(dev);
    if (by_present) {
        HRESULT hr = D3D_OK;
        /* The second present waits for the first one's credit. */
        for (int i = 0; i < 3 && hr == D3D_OK; i++)
            hr = IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
        ok(hr == D3DERR_DEVICELOST, "a present behind the unfinished frame fails (%#lx)",
           (unsigned long)hr);
    } else {
        /* The read-back waits for the GPU. */
        free(e2e_read_back(dev, 512, 512));
    }
    ok(nereid_device_sync(dev, NULL) == D3DERR_DEVICELOST, "the client is cut off");
    nereid_device_get_info(dev, &info);
    /* (By present, the waiter's time-out or the decoding thread's own wait
     * for a command buffer to record the next frame into may come first.) */
    ok(info.lost && strstr(info.lost_reason, by_present ? "has not finished"
                                                        : "has not finished this context"),
       "and told why: '%s'", info.lost_reason);
out:
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
    if (dev)
        IDirect3DDevice9_Release(dev);
    if (d3d)
        IDirect3D9_Release(d3d);
    ok(e2e_server_stop(&small) == 0, "the 200 ms server exits cleanly");
}

/* A texture's view type is the shader's (Vulkan's rule): a cube texture
 * bound where the pixel shader declares a 2D sampler reads as empty (the
 * client's rule for D3D9's undefined case), and a view of another type
 * than the module declares, sent raw, cuts the session off. */
static void run_view_types(void)
{
    static const DWORD ps[] = {PS(2, 0), DCL(0x80000000u, DST(RT_TEX, 0, 0xf)), DCL(U_CUBE, S(0)),
                               I(D3DSIO_TEX, R(0), t(0), s_(0)), /* texld r0, t0, s0 (cube) */
                               I(D3DSIO_MOV, OC(0), r(0)), END};
    struct { float x, y, z, rhw, u, v, w; } q[4] = {
        {0, 0, 0.5f, 1, 1, 0, 0}, {W, 0, 0.5f, 1, 1, 0, 0},
        {0, H, 0.5f, 1, 1, 0, 0}, {W, H, 0.5f, 1, 1, 0, 0}};
    IDirect3D9 *d3d = NULL;
    IDirect3DDevice9 *dev = NULL;
    IDirect3DCubeTexture9 *cube = NULL;
    IDirect3DTexture9 *flat = NULL;
    IDirect3DPixelShader9 *shader = NULL;
    struct nereid_device_info info;
    D3DLOCKED_RECT lr;
    DWORD *px;

    e2e_use_transport(E2E_INPROC, NULL);
    if (!ok(e2e_create_device(&d3d, &dev, W, H, FALSE) == D3D_OK, "view types: a device"))
        return;
    IDirect3DDevice9_CreateCubeTexture(dev, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube,
                                       NULL);
    IDirect3DDevice9_CreateTexture(dev, 1, 1, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &flat,
                                   NULL);
    IDirect3DDevice9_CreatePixelShader(dev, ps, &shader);
    if (!ok(cube && flat && shader, "view types: a cube and a 2D texture, a cube shader"))
        goto out;
    for (int f = 0; f < 6; f++) {
        IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)f, 0, &lr, NULL, 0);
        *(DWORD *)lr.pBits = 0xffff0000;
        IDirect3DCubeTexture9_UnlockRect(cube, (D3DCUBEMAP_FACES)f, 0);
    }
    IDirect3DTexture9_LockRect(flat, 0, &lr, NULL, 0);
    *(DWORD *)lr.pBits = 0xff00ff00;
    IDirect3DTexture9_UnlockRect(flat, 0);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0));
    IDirect3DDevice9_SetPixelShader(dev, shader);
    for (int k = 0; k < 2; k++) {
        IDirect3DDevice9_SetTexture(dev, 0, k ? (IDirect3DBaseTexture9 *)flat
                                              : (IDirect3DBaseTexture9 *)cube);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        IDirect3DDevice9_EndScene(dev);
        px = e2e_read_back(dev, W, H);
        ok(px && e2e_color_near(px[H / 2 * W + W / 2], k ? 0xff000000 : 0xffff0000, 1),
           "view types: %s: %08x", k ? "a 2D texture at a cube sampler reads as empty"
                                     : "the cube texture",
           px ? (unsigned)px[H / 2 * W + W / 2] : 0);
        free(px);
    }
    /* The cube again, then a 2D view at the slot behind the client's back:
     * the next draw (nothing changed for the client) is refused, whether
     * the module reads set 0's sampler or the texture table. */
    if (getenv("NEREID_REFERENCE_STATE")) {
        /* Reference mode sends every state again at each draw: the
         * client's cube comes back over the raw view. */
        skip("view types: reference mode resends the slot");
        goto out;
    }
    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)cube);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    {
        struct wire_create_texture ct = {{900, 1}, WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D,
                                         1, 1, 1, 1, WIRE_TEX_SAMPLED,
                                         {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B,
                                          WIRE_SWIZZLE_A}, 1, 0};
        struct wire_create_sampler cs = {.sampler = {901, 1}, .max_anisotropy = 1,
                                         .max_lod = 1000.0f};
        struct wire_set_texture st = {0, WIRE_TEX_2D, {900, 1}, {901, 1}};
        uint8_t bytes[3 * 8 + sizeof(ct) + sizeof(cs) + sizeof(st)], *b = bytes;
        struct wire_header h = {WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
        memcpy(b, &h, 8), memcpy(b + 8, &ct, sizeof(ct)), b += 8 + sizeof(ct);
        h = (struct wire_header){WIRE_OP_CREATE_SAMPLER, 0, sizeof(cs)};
        memcpy(b, &h, 8), memcpy(b + 8, &cs, sizeof(cs)), b += 8 + sizeof(cs);
        h = (struct wire_header){WIRE_OP_SET_TEXTURE, 0, sizeof(st)};
        memcpy(b, &h, 8), memcpy(b + 8, &st, sizeof(st));
        ok(nereid_device_inject(dev, bytes, sizeof(bytes)) == D3D_OK, "view types: injected");
    }
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
    ok(nereid_device_sync(dev, NULL) == D3DERR_DEVICELOST,
       "view types: a 2D view where the module reads a cube cuts the session off");
    nereid_device_get_info(dev, &info);
    ok(info.lost && strstr(info.lost_reason, "the shader reads type 1"),
       "view types: the reason: '%s'", info.lost_reason);
out:
    if (shader)
        IDirect3DPixelShader9_Release(shader);
    if (cube)
        IDirect3DCubeTexture9_Release(cube);
    if (flat)
        IDirect3DTexture9_Release(flat);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}

/* A server on a device made without multiViewport (NEREID_NO_MULTI_VIEWPORT)
 * cuts off a client that sets viewport or scissor 1, with the reason. */
static void run_one_viewport(void)
{
    struct e2e_server one;
    struct bad_case c[2];

    setenv("NEREID_NO_MULTI_VIEWPORT", "1", 1);
    if (!ok(e2e_server_start(&one), "a server of one viewport")) {
        unsetenv("NEREID_NO_MULTI_VIEWPORT");
        return;
    }
    unsetenv("NEREID_NO_MULTI_VIEWPORT");
    for (int k = 0; k < 2; k++) {
        struct wire_set_viewport v = {0, 0, 4, 4, 0, 1, 0, 1};
        struct wire_set_scissor sc = {0, 0, 4, 4, 0, 1};
        struct wire_header h = {k ? WIRE_OP_SET_SCISSOR : WIRE_OP_SET_VIEWPORT, 0,
                                k ? (uint32_t)sizeof(sc) : (uint32_t)sizeof(v)};
        c[k] = (struct bad_case){.name = k ? "scissor 1 of one" : "viewport 1 of one",
                                 .reason = k ? "scissor 1: one viewport on this device"
                                             : "viewport 1: one viewport on this device"};
        memcpy(c[k].bytes, &h, 8);
        memcpy(c[k].bytes + 8, k ? (const void *)&sc : (const void *)&v, h.size);
        c[k].size = 8 + h.size;
        run_malformed(E2E_STREAM_UNIX, &one, &c[k]);
    }
    ok(e2e_server_stop(&one) == 0, "the server of one viewport exits cleanly");
}

int main(void)
{
    struct e2e_server server;
    struct bad_case cases[128];
    unsigned n;
    bool have_server;

    setenv("NEREID_HANDSHAKE_TIMEOUT_MS", "1000", 1);
    have_server = e2e_server_start(&server);
    unsetenv("NEREID_HANDSHAKE_TIMEOUT_MS");

    ok(have_server, "nereid-server started");
    make_cases(cases, &n);
    ok(n <= sizeof(cases) / sizeof(cases[0]), "%u cases fit", n);
    for (int t = 0; t < E2E_COUNT; t++) {
        if (t != E2E_INPROC && !have_server)
            continue;
        for (unsigned i = 0; i < n; i++)
            run_malformed((enum e2e_transport)t, &server, &cases[i]);
        if (t != E2E_INPROC)
            run_killed_client((enum e2e_transport)t, &server);
    }
    if (have_server) {
        run_impossible_head(&server);
        run_tcp_token(&server);
        run_shm_tcp_handshake(&server);
        run_silent_connections(&server);
    }
    run_view_types();
    run_session_limit();
    run_one_viewport();
    run_memory_budget();
    run_gpu_timeout(false);
    run_gpu_timeout(true);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
