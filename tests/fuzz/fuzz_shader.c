/* libFuzzer target: the server's shader translation (src/server/shaders.c),
 * which every client's CREATE_SHADER reaches: DXSO bytecode with
 * translation options, and fixed-function keys.  Input: one byte choosing
 * the source (and the stage), then a struct wire_shader_options, then the
 * bytes (DXSO or the key).  With NEREID_FUZZ_DUMP=DIR the modules made are
 * written there (the first 400), for tests/fuzz/run-fuzz.sh to pass through
 * spirv-val: the driver must only ever see valid SPIR-V.  A vertex module
 * goes through server_spirv_point_size too (a block drawing points). */
#define _GNU_SOURCE
#include "server/server_private.h"
#include "fuzz_dump.h"
#include "shader/dxbc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct server_shaders *cache;

static void run(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum wire_shader_source source =
        size ? (enum wire_shader_source)(data[0] % (WIRE_SHADER_SOURCE_COUNT + 1))
             : WIRE_SHADER_DXSO;
    struct wire_shader_options o;
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    char err[256];
    /* (fuzz_vkd3d_survives forks for programs passing our checks alone) */
    if ((source == WIRE_SHADER_DXBC || source == WIRE_SHADER_DXBC_DUAL_SOURCE) &&
        size >= 1 + sizeof(o) &&
        dxbc_parse(data + 1 + sizeof(o), size - 1 - sizeof(o), &sh, err, sizeof(err)) &&
        dxbc_bindings(&sh, &b, err, sizeof(err)) && !fuzz_vkd3d_survives(run, data, size))
        return 0;
    run(data, size);
    return 0;
}

static void run(const uint8_t *data, size_t size)
{
    struct wire_shader_options o;
    enum wire_shader_source source;
    enum wire_shader_stage stage;
    uint32_t *words = NULL;
    size_t count = 0;
    uint64_t key;
    char err[256];
    uint8_t *copy;

    if (size < 1 + sizeof(o))
        return;
    /* A fresh cache every time: no input's result hides another's. */
    if (!cache && !(cache = server_shaders_create()))
        abort();
    source = (enum wire_shader_source)(data[0] % (WIRE_SHADER_SOURCE_COUNT + 1));
    stage = (enum wire_shader_stage)((data[0] >> 4) & 1);
    memcpy(&o, data + 1, sizeof(o));
    size -= 1 + sizeof(o);
    /* The server hands the translator a copy it owns, of exactly size bytes. */
    if (!(copy = malloc(size ? size : 1)))
        return;
    memcpy(copy, data + 1 + sizeof(o), size);
    if (server_shaders_get(cache, stage, source, copy, (uint32_t)size, &o, &words, &count, &key,
                           err, sizeof(err)) == SERVER_SHADER_OK) {
        bool changed;
        if (count < 5 || words[0] != 0x07230203u)
            abort(); /* "OK" must mean a module */
        fuzz_dump(words, count);
        if (stage == WIRE_STAGE_VERTEX &&
            server_spirv_point_size(&words, &count, &changed, err, sizeof(err)) && changed)
            fuzz_dump(words, count);
    }
    free(words);
    free(copy);
    server_shaders_destroy(cache);
    cache = NULL;
}
