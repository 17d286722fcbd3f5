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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct server_shaders *cache;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
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
        return 0;
    /* A fresh cache every time: no input's result hides another's. */
    if (!cache && !(cache = server_shaders_create()))
        abort();
    source = (enum wire_shader_source)(data[0] % (WIRE_SHADER_SOURCE_COUNT + 1));
    stage = (enum wire_shader_stage)((data[0] >> 4) & 1);
    memcpy(&o, data + 1, sizeof(o));
    size -= 1 + sizeof(o);
    /* The server hands the translator a copy it owns, of exactly size bytes. */
    if (!(copy = malloc(size ? size : 1)))
        return 0;
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
    return 0;
}
