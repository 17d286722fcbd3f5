/* IDirect3DResource9's private data (SetPrivateData, GetPrivateData,
 * FreePrivateData), and IDirect3DVolume9's: a small list of tagged blobs
 * per object, or of interfaces held with a reference (D3DSPD_IUNKNOWN),
 * released with the entry or the object. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>
#include <string.h>

struct d3d9_private_entry {
    struct d3d9_private_entry *next;
    GUID tag;
    DWORD size;
    bool iunknown;    /* D3DSPD_IUNKNOWN: */
    IUnknown *object; /* the interface held, with a reference */
    uint8_t data[];
};

static struct d3d9_private_entry **find(struct d3d9_private_data *pd, REFGUID tag)
{
    struct d3d9_private_entry **e = &pd->head;
    while (*e && !IsEqualGUID(&(*e)->tag, tag))
        e = &(*e)->next;
    return e;
}

static void entry_free(struct d3d9_private_entry *e)
{
    if (e->object)
        e->object->lpVtbl->Release(e->object);
    free(e);
}

HRESULT d3d9_private_set(struct d3d9_private_data *pd, REFGUID tag, const void *data,
                         DWORD size, DWORD flags)
{
    struct d3d9_private_entry *e, **old;
    bool iunknown = (flags & D3DSPD_IUNKNOWN) != 0;

    if (!tag || (!data && size) || (iunknown && size != sizeof(IUnknown *)))
        return D3DERR_INVALIDCALL;
    if (!(e = calloc(1, sizeof(*e) + (iunknown ? 0 : size))))
        return E_OUTOFMEMORY;
    e->tag = *tag;
    e->size = size;
    e->iunknown = iunknown;
    if (iunknown) {
        /* pData is the interface itself (Wine's tests pin it on Windows);
         * the new reference comes first: the object may be the old one. */
        e->object = (IUnknown *)data;
        if (e->object)
            e->object->lpVtbl->AddRef(e->object);
    } else if (size) {
        memcpy(e->data, data, size);
    }
    /* Only a call that succeeds replaces what the tag held. */
    old = find(pd, tag);
    if (*old) {
        struct d3d9_private_entry *gone = *old;
        *old = gone->next;
        entry_free(gone);
    }
    e->next = pd->head;
    pd->head = e;
    return D3D_OK;
}

HRESULT d3d9_private_get(struct d3d9_private_data *pd, REFGUID tag, void *data,
                         DWORD *size)
{
    struct d3d9_private_entry *e;

    if (!tag || !(e = *find(pd, tag)))
        return D3DERR_NOTFOUND;
    if (!size)
        return D3DERR_INVALIDCALL;
    if (!data) { /* a query of the size */
        *size = e->size;
        return D3D_OK;
    }
    if (*size < e->size) {
        *size = e->size;
        return D3DERR_MOREDATA;
    }
    *size = e->size;
    if (e->iunknown) {
        if (e->object)
            e->object->lpVtbl->AddRef(e->object);
        memcpy(data, &e->object, sizeof(e->object));
    } else {
        memcpy(data, e->data, e->size);
    }
    return D3D_OK;
}

HRESULT d3d9_private_free(struct d3d9_private_data *pd, REFGUID tag)
{
    struct d3d9_private_entry **e, *gone;

    if (!tag || !*(e = find(pd, tag)))
        return D3DERR_NOTFOUND;
    gone = *e;
    *e = gone->next;
    entry_free(gone);
    return D3D_OK;
}

void d3d9_private_clear(struct d3d9_private_data *pd)
{
    while (pd->head) {
        struct d3d9_private_entry *e = pd->head;
        pd->head = e->next;
        entry_free(e);
    }
}
