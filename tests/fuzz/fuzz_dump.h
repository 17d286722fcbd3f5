/* The fuzz targets' NEREID_FUZZ_DUMP: each module a target made written to
 * DIR/<hash>.spv (the first 400 different ones), for tests/fuzz/run-fuzz.sh
 * to pass through spirv-val: the driver must only ever see valid SPIR-V. */
#ifndef NEREID_FUZZ_DUMP_H
#define NEREID_FUZZ_DUMP_H

#include "common/common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned fuzz_dumped;

static void fuzz_dump(const uint32_t *words, size_t count)
{
    const char *dir = getenv("NEREID_FUZZ_DUMP");
    char path[512];
    FILE *f;
    if (!dir || fuzz_dumped >= 400)
        return;
    snprintf(path, sizeof(path), "%s/%016llx.spv", dir,
             (unsigned long long)nr_hash64(words, count * 4, NR_HASH_SEED));
    if ((f = fopen(path, "rb"))) { /* made already */
        fclose(f);
        return;
    }
    if ((f = fopen(path, "wb"))) {
        fwrite(words, 4, count, f);
        fclose(f);
        fuzz_dumped++;
    }
}

#endif
