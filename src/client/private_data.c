/* Private data, for every front end (see private_data.h). */
#define _GNU_SOURCE
#include "client/private_data.h"

#include <stdlib.h>
#include <string.h>

struct nr_private_entry {
    struct nr_private_entry *next;
    GUID tag;
    uint32_t size;
    bool iunknown;
    IUnknown *object; /* the interface held, with a reference */
    uint8_t data[];
};

static struct nr_private_entry **find(struct nr_private_data *pd, REFGUID tag)
{
    struct nr_private_entry **e = &pd->head;
    while (*e && memcmp(&(*e)->tag, tag, sizeof(GUID)))
        e = &(*e)->next;
    return e;
}

static void entry_free(struct nr_private_entry *e)
{
    if (e->object)
        e->object->lpVtbl->Release(e->object);
    free(e);
}

enum nr_private_result nr_private_set(struct nr_private_data *pd, REFGUID tag,
                                      const void *data, uint32_t size, bool iunknown,
                                      IUnknown *object)
{
    struct nr_private_entry *e, **old;

    if (!tag || (!iunknown && !data && size))
        return NR_PRIVATE_INVALID;
    if (!(e = calloc(1, sizeof(*e) + (iunknown ? 0 : size))))
        return NR_PRIVATE_NO_MEMORY;
    e->tag = *tag;
    e->size = iunknown ? (uint32_t)sizeof(IUnknown *) : size;
    e->iunknown = iunknown;
    if (iunknown) {
        /* The new reference comes first: the object may be the old one. */
        e->object = object;
        if (object)
            object->lpVtbl->AddRef(object);
    } else if (size) {
        memcpy(e->data, data, size);
    }
    /* Only a call that succeeds replaces what the tag held. */
    old = find(pd, tag);
    if (*old) {
        struct nr_private_entry *gone = *old;
        *old = gone->next;
        entry_free(gone);
    }
    e->next = pd->head;
    pd->head = e;
    return NR_PRIVATE_OK;
}

enum nr_private_result nr_private_get(struct nr_private_data *pd, REFGUID tag, void *data,
                                      uint32_t *size)
{
    struct nr_private_entry *e;

    if (!tag || !(e = *find(pd, tag)))
        return NR_PRIVATE_NOT_FOUND;
    if (!size)
        return NR_PRIVATE_INVALID;
    if (!data) { /* a query of the size */
        *size = e->size;
        return NR_PRIVATE_OK;
    }
    if (*size < e->size) {
        *size = e->size;
        return NR_PRIVATE_MORE_DATA;
    }
    *size = e->size;
    if (e->iunknown) {
        if (e->object)
            e->object->lpVtbl->AddRef(e->object);
        memcpy(data, &e->object, sizeof(e->object));
    } else {
        memcpy(data, e->data, e->size);
    }
    return NR_PRIVATE_OK;
}

enum nr_private_result nr_private_free(struct nr_private_data *pd, REFGUID tag)
{
    struct nr_private_entry **e, *gone;

    if (!tag || !*(e = find(pd, tag)))
        return NR_PRIVATE_NOT_FOUND;
    gone = *e;
    *e = gone->next;
    entry_free(gone);
    return NR_PRIVATE_OK;
}

void nr_private_clear(struct nr_private_data *pd)
{
    while (pd->head) {
        struct nr_private_entry *e = pd->head;
        pd->head = e->next;
        entry_free(e);
    }
}
