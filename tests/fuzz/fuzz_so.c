/* libFuzzer target: the server's translation of stream-output shaders
 * (src/server/dxbc.c), which every client's CREATE_SO_SHADER reaches: a
 * DXBC program and a layout the client wrote (entries of semantics,
 * components and slots, four strides), checked against the program
 * (server_so_check) and translated with the captures vkd3d-shader cannot
 * place rewritten into its module (xfb_rewrite), and the capture module
 * of the emulation (server_so_capture: the geometry program rewritten, or
 * the module made for a vertex program), of one stream of a program of
 * several (dxbc_stream_program).  Input: one byte (bit 0: the geometry
 * stage, else the vertex one; bits 1-3: the vertex program's topology for
 * the emulation; bits 4-5: the stream), one byte of entry count, four
 * 32-bit strides, that many struct wire_so_entry, then the DXBC bytes.
 * With NEREID_FUZZ_DUMP=DIR the modules made are written there (the first
 * 400) for tests/fuzz/run-fuzz.sh to pass through spirv-val. */
#define _GNU_SOURCE
#include "server/server_private.h"
#include "fuzz_dump.h"
#include "shader/dxbc.h"
#include "shader/so_emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input's layout and where its DXBC starts; false when it is too
 * short. */
static bool input(const uint8_t *data, size_t size, struct server_so_layout *so, size_t *head)
{
    if (size < 2 + sizeof(so->strides))
        return false;
    memset(so, 0, sizeof(*so));
    so->entry_count = data[1];
    *head = 2 + sizeof(so->strides) +
            (size_t)NR_MIN(so->entry_count, (uint32_t)WIRE_MAX_SO_ENTRIES) *
                sizeof(struct wire_so_entry);
    if (size < *head)
        return false;
    memcpy(so->strides, data + 2, sizeof(so->strides));
    memcpy(so->entries, data + 2 + sizeof(so->strides), *head - 2 - sizeof(so->strides));
    /* What lavapipe and NVIDIA allow. */
    so->max_output_locations = 32;
    so->max_gs_total_components = 1024;
    so->stream = (data[0] >> 4) & 3;
    return true;
}

static void run(const uint8_t *data, size_t size);

/* Whether the input gets as far as vkd3d-shader: its layout fits the
 * program and the program passes our checks (fuzz_vkd3d_survives forks
 * for those alone). */
static bool reaches_vkd3d(const uint8_t *data, size_t size)
{
    struct server_so_layout so;
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    size_t head;
    bool refused;
    char err[256];
    return input(data, size, &so, &head) &&
           server_so_check(data + head, (uint32_t)(size - head), &so, 512, &refused, err,
                           sizeof(err)) &&
           dxbc_parse(data + head, size - head, &sh, err, sizeof(err)) &&
           dxbc_bindings(&sh, &b, err, sizeof(err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!reaches_vkd3d(data, size) || fuzz_vkd3d_survives(run, data, size))
        run(data, size);
    return 0;
}

static void run(const uint8_t *data, size_t size)
{
    struct server_so_layout so;
    uint32_t *words = NULL;
    size_t count = 0, head;
    bool refused = false;
    char err[256];
    uint8_t *copy;

    if (!input(data, size, &so, &head))
        return;
    /* The server hands the translator a copy it owns, of exactly the size. */
    if (!(copy = malloc(size - head ? size - head : 1)))
        return;
    memcpy(copy, data + head, size - head);
    enum wire_shader_stage stage = (data[0] & 1) ? WIRE_STAGE_GEOMETRY : WIRE_STAGE_VERTEX;
    if (server_so_check(copy, (uint32_t)(size - head), &so, 512, &refused, err, sizeof(err))) {
        struct so_emu_info info;
        if (server_dxbc_to_spirv_so(stage, copy, (uint32_t)(size - head), &so, &words, &count,
                                    &refused, err, sizeof(err))) {
            if (count < 5 || words[0] != 0x07230203u)
                abort(); /* "translated" must mean a module */
            fuzz_dump(words, count);
        }
        free(words);
        words = NULL;
        if (server_so_capture(stage, copy, (uint32_t)(size - head), &so, (data[0] >> 1) & 7,
                              &words, &count, &info, &refused, err, sizeof(err))) {
            /* A module, and what the emulation's rounds index by within
             * its bounds. */
            if (count < 5 || words[0] != 0x07230203u || !info.m || !info.pv || info.pv > 3 ||
                info.v > SO_EMU_MAX_WORDS || !info.ginst)
                abort();
            fuzz_dump(words, count);
        }
    }
    free(words);
    free(copy);
}
