#include "server/handles.h"

#include <stdlib.h>
#include <string.h>

bool handle_table_check_new(struct handle_table *t, const char *kind,
                            wire_handle h, struct wire_decoder *d)
{
    if (h.gen == 0 || h.slot == 0 || h.slot >= SERVER_MAX_SLOTS) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE, "new %s handle %u:%u is invalid",
                          kind, h.slot, h.gen);
        return false;
    }
    if (h.slot > t->count + SERVER_SLOT_SLACK) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE,
                          "new %s handle %u:%u skips ahead of the table (%zu slots)", kind,
                          h.slot, h.gen, t->count);
        return false;
    }
    if (h.slot >= t->count) {
        size_t old = t->count;
        if (!nr_array_reserve((void **)&t->entries, &t->cap, (size_t)h.slot + 1,
                              sizeof(*t->entries))) {
            wire_decoder_fail(d, WIRE_ERR_OUT_OF_MEMORY, "%s handle table full",
                              kind);
            return false;
        }
        memset(t->entries + old, 0, (h.slot + 1 - old) * sizeof(*t->entries));
        t->count = (size_t)h.slot + 1;
    }
    if (t->entries[h.slot].obj) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE, "%s slot %u is already in use",
                          kind, h.slot);
        return false;
    }
    if (h.gen <= t->entries[h.slot].gen) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE,
                          "%s %u:%u reuses an old generation (last %u)", kind,
                          h.slot, h.gen, t->entries[h.slot].gen);
        return false;
    }
    return true;
}

void handle_table_set(struct handle_table *t, wire_handle h, void *obj)
{
    t->entries[h.slot].gen = h.gen;
    t->entries[h.slot].obj = obj;
}

void *handle_table_fail(struct handle_table *t, const char *kind, wire_handle h,
                        struct wire_decoder *d)
{
    struct handle_entry *e;

    if (h.slot >= t->count || !t->entries[h.slot].gen) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE, "unknown %s handle %u:%u", kind,
                          h.slot, h.gen);
        return NULL;
    }
    e = &t->entries[h.slot];
    if (e->gen != h.gen) {
        wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE,
                          "stale %s handle %u:%u (slot is at generation %u)", kind,
                          h.slot, h.gen, e->gen);
        return NULL;
    }
    wire_decoder_fail(d, WIRE_ERR_BAD_HANDLE, "%s %u:%u was destroyed", kind, h.slot, h.gen);
    return NULL;
}

void handle_table_cleanup(struct handle_table *t)
{
    free(t->entries);
    memset(t, 0, sizeof(*t));
}

const uint8_t *stage_check(struct wire_decoder *d, const uint8_t *stage,
                           uint32_t stage_size, uint32_t offset, uint64_t size,
                           const char *what)
{
    if (offset > stage_size || size > stage_size - offset) {
        wire_decoder_fail(d, WIRE_ERR_MALFORMED,
                          "%s: stage range [%u, +%llu) is past the stage ring "
                          "(%u bytes)",
                          what, offset, (unsigned long long)size, stage_size);
        return NULL;
    }
    return stage + offset;
}
