/* Per-client handle tables and stage-range checks: the part of the server's
 * record checking that needs no Vulkan (the wire unit tests use it alone).
 * Every failure fails the decoder with a reason a person can read. */
#ifndef NEREID_SERVER_HANDLES_H
#define NEREID_SERVER_HANDLES_H

#include "wire/wire.h"

#define SERVER_MAX_SLOTS (1u << 20)
/* Clients mint slots in order from 1 (and reuse freed ones): a new slot may
 * lie at most this far past the table's end, so a handle table is only ever
 * as large as the objects it holds (a create of slot 1000000 would
 * otherwise cost the server 16 MB). */
#define SERVER_SLOT_SLACK 4096u

struct handle_entry {
    uint32_t gen; /* last generation created in the slot */
    void *obj;    /* NULL: destroyed (or never created) */
};

struct handle_table {
    struct handle_entry *entries;
    size_t count, cap;
};

/* A create names a free slot with a generation newer than the slot's last. */
bool handle_table_check_new(struct handle_table *t, const char *kind,
                            wire_handle h, struct wire_decoder *d);
void handle_table_set(struct handle_table *t, wire_handle h, void *obj);
/* The live object a handle names; NULL (decoder failed) when unknown, stale
 * or destroyed.  Inline: every record that names an object asks (several
 * a draw); the failures are handles.c's. */
void *handle_table_fail(struct handle_table *t, const char *kind, wire_handle h,
                        struct wire_decoder *d);
static inline void *handle_table_get(struct handle_table *t, const char *kind, wire_handle h,
                                     struct wire_decoder *d)
{
    if (__builtin_expect(h.slot < t->count, 1)) {
        const struct handle_entry *e = &t->entries[h.slot];
        if (__builtin_expect(e->gen == h.gen && h.gen && e->obj, 1))
            return e->obj;
    }
    return handle_table_fail(t, kind, h, d);
}
void handle_table_cleanup(struct handle_table *t);

/* [offset, offset + size) inside a stage ring of stage_size bytes, or NULL
 * with the decoder failed. */
const uint8_t *stage_check(struct wire_decoder *d, const uint8_t *stage,
                           uint32_t stage_size, uint32_t offset, uint64_t size,
                           const char *what);

#endif
