/* libFuzzer target: the record decoder (src/wire/wire.c) and the handle
 * tables (src/server/handles.c) over arbitrary command bytes.  Every
 * record's handler takes the payload's first 8 bytes as a handle: records
 * named CREATE_* make it, the others look it up, DESTROY frees it; the
 * decoder's size checks and the tables' generation rules do the rest. */
#define _GNU_SOURCE
#include "server/handles.h"
#include "wire/wire.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fuzz_ctx {
    struct wire_decoder dec;
    struct handle_table table;
    int dummy;
};

static bool handle_record(struct fuzz_ctx *c, const char *name, const void *p, uint32_t size)
{
    wire_handle h = {0, 0};
    /* NOP pads: the decoder hands it no payload (p is NULL). */
    if (!strcmp(name, "NOP"))
        return !p;
    if (size >= sizeof(h))
        memcpy(&h, p, sizeof(h));
    if (!strncmp(name, "CREATE_", 7)) {
        if (!handle_table_check_new(&c->table, "object", h, &c->dec))
            return false;
        handle_table_set(&c->table, h, &c->dummy);
        return true;
    }
    if (!strcmp(name, "DESTROY")) {
        if (!handle_table_get(&c->table, "object", h, &c->dec))
            return false;
        handle_table_set(&c->table, h, NULL);
        return true;
    }
    /* Stage ranges are checked against a 64 KiB ring at the second word. */
    if (size >= 16) {
        uint32_t off, len;
        static uint8_t stage[65536];
        memcpy(&off, (const uint8_t *)p + 8, 4);
        memcpy(&len, (const uint8_t *)p + 12, 4);
        if (stage_check(&c->dec, stage, sizeof(stage), off, len, name))
            memset(stage + off, 0, len);
    }
    /* A handle that names nothing cuts the session off, as on the server. */
    return wire_handle_is_null(h) || handle_table_get(&c->table, "object", h, &c->dec);
}

#define WIRE_RECORD(num, NAME, type, flags, wait)                                    \
    static bool fuzz_##NAME(void *c, const struct type *p, uint32_t size)             \
    {                                                                                 \
        return handle_record(c, #NAME, p, size);                                      \
    }
#include "wire/wire_records.def"
#undef WIRE_RECORD

static const struct wire_handlers handlers = {
#define WIRE_RECORD(num, NAME, type, flags, wait) .NAME = fuzz_##NAME,
#include "wire/wire_records.def"
#undef WIRE_RECORD
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_ctx c;
    uint8_t *copy = malloc(size ? size : 1);
    size_t used = 0;

    if (!copy)
        return 0;
    memcpy(copy, data, size);
    memset(&c, 0, sizeof(c));
    /* As the server does: spans in pieces, a partial record left over. */
    while (used < size && !c.dec.fatal) {
        size_t n = wire_decode(&c.dec, &handlers, &c, copy + used, size - used, true);
        if (!n)
            break;
        used += n;
    }
    handle_table_cleanup(&c.table);
    free(copy);
    return 0;
}
