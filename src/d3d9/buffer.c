/* IDirect3DVertexBuffer9 and IDirect3DIndexBuffer9.
 *
 * Every buffer keeps a shadow copy on the client: a lock hands it out and
 * never waits (the shadow answers reads), and the unlock sends only the
 * dirty range through the stage ring, with the lock's DISCARD or
 * NOOVERWRITE flag.  The server renames on DISCARD, writes in place on
 * NOOVERWRITE, and otherwise orders the write after the draws recorded
 * before it (see vkx_buffer_write). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const IDirect3DVertexBuffer9Vtbl vb_vtbl;
static const IDirect3DIndexBuffer9Vtbl ib_vtbl;

struct d3d9_buffer *d3d9_vertex_buffer_from_iface(IDirect3DVertexBuffer9 *iface)
{
    if (!iface || d3d9_base_vtbl(iface->lpVtbl) != (const void *)&vb_vtbl)
        return NULL;
    return (struct d3d9_buffer *)iface;
}

struct d3d9_buffer *d3d9_index_buffer_from_iface(IDirect3DIndexBuffer9 *iface)
{
    if (!iface || d3d9_base_vtbl(iface->lpVtbl) != (const void *)&ib_vtbl)
        return NULL;
    return (struct d3d9_buffer *)iface;
}

static struct d3d9_buffer *impl(void *iface)
{
    return (struct d3d9_buffer *)iface;
}

static void buffer_destroy(struct d3d9_buffer *b)
{
    /* Nothing binds it any more (see d3d9_object_pin). */
    d3d9_live_remove(&b->live);
    d3d9_device_destroy_object(b->device, WIRE_OBJ_BUFFER, b->handle);
    nr_private_clear(&b->private_data);
    free(b->shadow);
    free(b);
}

void d3d9_buffer_pin(struct d3d9_buffer *b, int delta)
{
    b->binds += (uint32_t)delta;
    if (!b->binds && !__atomic_load_n(&b->refcount, __ATOMIC_SEQ_CST))
        buffer_destroy(b);
}

/* ---- IUnknown, IDirect3DResource9: shared by both kinds ---- */

/* Priorities mean something for MANAGED buffers only; others keep 0. */
static DWORD buffer_set_priority(struct d3d9_buffer *b, DWORD p)
{
    DWORD old = b->priority;
    if (b->pool == D3DPOOL_MANAGED)
        b->priority = p;
    return old;
}

static ULONG buffer_addref(void *iface);

static HRESULT buffer_qi(void *iface, REFIID riid, void **out, bool index)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, index ? &IID_IDirect3DIndexBuffer9 : &IID_IDirect3DVertexBuffer9) ||
        IsEqualGUID(riid, &IID_IDirect3DResource9) || IsEqualGUID(riid, &IID_IUnknown)) {
        buffer_addref(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG buffer_addref(void *iface)
{
    struct d3d9_buffer *b = impl(iface);
    LONG ref = __atomic_add_fetch(&b->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref == 1) {
        /* Back from 0: a buffer the device kept bound (Get*). */
        d3d9_device_addref(b->device);
        if (b->pool == D3DPOOL_DEFAULT)
            b->device->default_objects++;
    }
    return (ULONG)ref;
}

static ULONG buffer_release(void *iface)
{
    struct d3d9_buffer *b = impl(iface);
    struct d3d9_device *dev = b->device;
    LONG ref = __atomic_sub_fetch(&b->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        if (b->pool == D3DPOOL_DEFAULT)
            dev->default_objects--;
        if (!b->binds)
            buffer_destroy(b);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

static HRESULT buffer_get_device(void *iface, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &impl(iface)->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static HRESULT buffer_lock(struct d3d9_buffer *b, UINT offset, UINT size,
                           void **data, DWORD flags)
{
    if (!data)
        return D3DERR_INVALIDCALL;
    *data = NULL;
    if (!size && !offset)
        size = b->size;
    else if (!size)
        size = b->size - NR_MIN(offset, b->size);
    if (offset > b->size || size > b->size - offset)
        return D3DERR_INVALIDCALL;
    /* DISCARD and NOOVERWRITE mean something only on dynamic buffers. */
    if (!(b->usage & D3DUSAGE_DYNAMIC))
        flags &= ~(DWORD)(D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE);
    if (!b->lock_count) {
        b->lock_flags = 0;
        b->dirty_lo = UINT32_MAX;
        b->dirty_hi = 0;
        b->device->locked_buffers++;
    }
    b->lock_count++;
    if (flags & D3DLOCK_DISCARD)
        b->lock_flags |= WIRE_WRITE_DISCARD;
    else if ((flags & D3DLOCK_NOOVERWRITE) && !(b->lock_flags & WIRE_WRITE_DISCARD))
        b->lock_flags |= WIRE_WRITE_NO_OVERWRITE;
    if (!(flags & D3DLOCK_READONLY)) {
        b->dirty_lo = NR_MIN(b->dirty_lo, offset);
        b->dirty_hi = NR_MAX(b->dirty_hi, offset + size);
        /* A MANAGED buffer's first write goes whole: programs fill a fresh
         * one through a partial lock, past its end (Wine's visual
         * test_max_index16 writes vertex 0xffff through a 64-byte lock, and
         * Windows draws it). */
        if (b->pool == D3DPOOL_MANAGED && !b->written) {
            b->dirty_lo = 0;
            b->dirty_hi = b->size;
            b->written = true;
        }
    }
    *data = b->shadow + offset;
    return D3D_OK;
}

/* Sends [lo, hi) of the shadow to the server. */
static bool buffer_upload(struct d3d9_buffer *b, uint32_t lo, uint32_t hi,
                          uint32_t flags)
{
    struct transport_client *tc = b->device->tc;
    uint32_t max = 8u << 20;

    while (lo < hi && !tc->lost) {
        uint32_t n = NR_MIN(hi - lo, max), offset;
        void *stage;
        struct wire_write_buffer w;

        if (!transport_stage_alloc(tc, n, &offset, &stage))
            return false;
        memcpy(stage, b->shadow + lo, n);
        w = (struct wire_write_buffer){b->handle, lo, offset, n, flags, 0};
        if (!wire_emit_WRITE_BUFFER(&tc->w, &w))
            return false;
        /* After a DISCARD the rest goes into the fresh version in place. */
        if (flags & WIRE_WRITE_DISCARD)
            flags = WIRE_WRITE_NO_OVERWRITE;
        lo += n;
    }
    return true;
}

/* A draw from a buffer the application still has locked sees what it has
 * written so far (Windows draws from the locked memory: Wine's visual
 * test_draw_mapped_buffer).  The range goes now; a discard's later writes
 * go into the same version, in place. */
void d3d9_buffer_flush_locked(struct d3d9_buffer *b)
{
    if (!b->lock_count || b->dirty_hi <= b->dirty_lo)
        return;
    buffer_upload(b, b->dirty_lo, b->dirty_hi, b->lock_flags);
    if (b->lock_flags & WIRE_WRITE_DISCARD)
        b->lock_flags = WIRE_WRITE_NO_OVERWRITE;
}

static HRESULT buffer_unlock(struct d3d9_buffer *b)
{
    if (!b->lock_count)
        return D3DERR_INVALIDCALL;
    if (--b->lock_count)
        return D3D_OK;
    b->device->locked_buffers--;
    if (b->dirty_hi > b->dirty_lo)
        buffer_upload(b, b->dirty_lo, b->dirty_hi, b->lock_flags);
    return D3D_OK;
}

/* ---- vertex buffers ---- */

static HRESULT WINAPI vb_QueryInterface(IDirect3DVertexBuffer9 *i, REFIID r, void **o)
{
    return buffer_qi(i, r, o, false);
}
static ULONG WINAPI vb_AddRef(IDirect3DVertexBuffer9 *i) { return buffer_addref(i); }
static ULONG WINAPI vb_Release(IDirect3DVertexBuffer9 *i) { return buffer_release(i); }
static HRESULT WINAPI vb_GetDevice(IDirect3DVertexBuffer9 *i, IDirect3DDevice9 **d)
{
    return buffer_get_device(i, d);
}
static HRESULT WINAPI vb_SetPrivateData(IDirect3DVertexBuffer9 *i, REFGUID g,
                                        const void *d, DWORD s, DWORD f)
{
    return d3d9_private_set(&impl(i)->private_data, g, d, s, f);
}
static HRESULT WINAPI vb_GetPrivateData(IDirect3DVertexBuffer9 *i, REFGUID g, void *d,
                                        DWORD *s)
{
    return d3d9_private_get(&impl(i)->private_data, g, d, s);
}
static HRESULT WINAPI vb_FreePrivateData(IDirect3DVertexBuffer9 *i, REFGUID g)
{
    return d3d9_private_free(&impl(i)->private_data, g);
}
static DWORD WINAPI vb_SetPriority(IDirect3DVertexBuffer9 *i, DWORD p)
{
    return buffer_set_priority(impl(i), p);
}
static DWORD WINAPI vb_GetPriority(IDirect3DVertexBuffer9 *i) { return impl(i)->priority; }
static void WINAPI vb_PreLoad(IDirect3DVertexBuffer9 *i) { (void)i; }
static D3DRESOURCETYPE WINAPI vb_GetType(IDirect3DVertexBuffer9 *i)
{
    (void)i;
    return D3DRTYPE_VERTEXBUFFER;
}
static HRESULT WINAPI vb_Lock(IDirect3DVertexBuffer9 *i, UINT offset, UINT size,
                              void **data, DWORD flags)
{
    return buffer_lock(impl(i), offset, size, data, flags);
}
static HRESULT WINAPI vb_Unlock(IDirect3DVertexBuffer9 *i) { return buffer_unlock(impl(i)); }
static HRESULT WINAPI vb_GetDesc(IDirect3DVertexBuffer9 *i, D3DVERTEXBUFFER_DESC *d)
{
    struct d3d9_buffer *b = impl(i);
    if (!d)
        return D3DERR_INVALIDCALL;
    d->Format = D3DFMT_VERTEXDATA;
    d->Type = D3DRTYPE_VERTEXBUFFER;
    d->Usage = b->usage;
    d->Pool = b->pool;
    d->Size = b->size;
    d->FVF = b->fvf;
    return D3D_OK;
}

static const IDirect3DVertexBuffer9Vtbl vb_vtbl = {
    vb_QueryInterface, vb_AddRef, vb_Release, vb_GetDevice, vb_SetPrivateData,
    vb_GetPrivateData, vb_FreePrivateData, vb_SetPriority, vb_GetPriority,
    vb_PreLoad, vb_GetType, vb_Lock, vb_Unlock, vb_GetDesc,
};

/* ---- index buffers ---- */

static HRESULT WINAPI ib_QueryInterface(IDirect3DIndexBuffer9 *i, REFIID r, void **o)
{
    return buffer_qi(i, r, o, true);
}
static ULONG WINAPI ib_AddRef(IDirect3DIndexBuffer9 *i) { return buffer_addref(i); }
static ULONG WINAPI ib_Release(IDirect3DIndexBuffer9 *i) { return buffer_release(i); }
static HRESULT WINAPI ib_GetDevice(IDirect3DIndexBuffer9 *i, IDirect3DDevice9 **d)
{
    return buffer_get_device(i, d);
}
static HRESULT WINAPI ib_SetPrivateData(IDirect3DIndexBuffer9 *i, REFGUID g,
                                        const void *d, DWORD s, DWORD f)
{
    return d3d9_private_set(&impl(i)->private_data, g, d, s, f);
}
static HRESULT WINAPI ib_GetPrivateData(IDirect3DIndexBuffer9 *i, REFGUID g, void *d,
                                        DWORD *s)
{
    return d3d9_private_get(&impl(i)->private_data, g, d, s);
}
static HRESULT WINAPI ib_FreePrivateData(IDirect3DIndexBuffer9 *i, REFGUID g)
{
    return d3d9_private_free(&impl(i)->private_data, g);
}
static DWORD WINAPI ib_SetPriority(IDirect3DIndexBuffer9 *i, DWORD p)
{
    return buffer_set_priority(impl(i), p);
}
static DWORD WINAPI ib_GetPriority(IDirect3DIndexBuffer9 *i) { return impl(i)->priority; }
static void WINAPI ib_PreLoad(IDirect3DIndexBuffer9 *i) { (void)i; }
static D3DRESOURCETYPE WINAPI ib_GetType(IDirect3DIndexBuffer9 *i)
{
    (void)i;
    return D3DRTYPE_INDEXBUFFER;
}
static HRESULT WINAPI ib_Lock(IDirect3DIndexBuffer9 *i, UINT offset, UINT size,
                              void **data, DWORD flags)
{
    return buffer_lock(impl(i), offset, size, data, flags);
}
static HRESULT WINAPI ib_Unlock(IDirect3DIndexBuffer9 *i) { return buffer_unlock(impl(i)); }
static HRESULT WINAPI ib_GetDesc(IDirect3DIndexBuffer9 *i, D3DINDEXBUFFER_DESC *d)
{
    struct d3d9_buffer *b = impl(i);
    if (!d)
        return D3DERR_INVALIDCALL;
    d->Format = b->format;
    d->Type = D3DRTYPE_INDEXBUFFER;
    d->Usage = b->usage;
    d->Pool = b->pool;
    d->Size = b->size;
    return D3D_OK;
}

static const IDirect3DIndexBuffer9Vtbl ib_vtbl = {
    ib_QueryInterface, ib_AddRef, ib_Release, ib_GetDevice, ib_SetPrivateData,
    ib_GetPrivateData, ib_FreePrivateData, ib_SetPriority, ib_GetPriority,
    ib_PreLoad, ib_GetType, ib_Lock, ib_Unlock, ib_GetDesc,
};

HRESULT d3d9_buffer_create(struct d3d9_device *dev, bool index, UINT size,
                           DWORD usage, DWORD fvf, D3DFORMAT format, D3DPOOL pool,
                           struct d3d9_buffer **out)
{
    const DWORD valid_usage = D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY |
                              D3DUSAGE_DONOTCLIP | D3DUSAGE_POINTS |
                              D3DUSAGE_RTPATCHES | D3DUSAGE_NPATCHES |
                              D3DUSAGE_SOFTWAREPROCESSING;
    struct d3d9_buffer *b;
    struct wire_create_buffer cb;

    *out = NULL;
    if (!size || (usage & ~valid_usage) || size > (1u << 30))
        return D3DERR_INVALIDCALL;
    if (pool != D3DPOOL_DEFAULT && pool != D3DPOOL_MANAGED && pool != D3DPOOL_SYSTEMMEM)
        return D3DERR_INVALIDCALL; /* SCRATCH buffers do not exist in D3D9 */
    if (pool == D3DPOOL_MANAGED && dev->d3d->ex)
        return D3DERR_INVALIDCALL; /* D3D9Ex has no MANAGED pool */
    if (pool == D3DPOOL_MANAGED && (usage & D3DUSAGE_DYNAMIC))
        return D3DERR_INVALIDCALL;
    if (index && format != D3DFMT_INDEX16 && format != D3DFMT_INDEX32)
        return D3DERR_INVALIDCALL;
    if (!(b = calloc(1, sizeof(*b))) || !(b->shadow = calloc(1, size))) {
        free(b);
        return E_OUTOFMEMORY;
    }
    if (index)
        b->IDirect3DIndexBuffer9_iface.lpVtbl = &ib_vtbl;
    else
        b->IDirect3DVertexBuffer9_iface.lpVtbl = &vb_vtbl;
    b->refcount = 1;
    b->device = dev;
    b->is_index = index;
    b->size = size;
    b->usage = usage;
    b->fvf = index ? 0 : fvf;
    b->format = index ? format : D3DFMT_VERTEXDATA;
    b->pool = pool;
    b->handle = d3d9_handle_alloc(dev, WIRE_OBJ_BUFFER);
    if (wire_handle_is_null(b->handle)) {
        free(b->shadow);
        free(b);
        return E_OUTOFMEMORY;
    }
    cb = (struct wire_create_buffer){b->handle, size,
                                     index ? WIRE_BUF_INDEX : WIRE_BUF_VERTEX, 0};
    if (!dev->tc->lost)
        wire_emit_CREATE_BUFFER(&dev->tc->w, &cb);
    d3d9_live_add(&dev->live_buffers, &b->live);
    d3d9_device_addref(dev);
    if (pool == D3DPOOL_DEFAULT)
        dev->default_objects++; /* Reset needs them gone */
    *out = b;
    return D3D_OK;
}

/* A new session: every buffer again, with a new handle, and its contents
 * from the shadow (which every buffer keeps). */
void d3d9_buffers_revive(struct d3d9_device *dev)
{
    for (struct d3d9_live *n = dev->live_buffers.next; n != &dev->live_buffers; n = n->next) {
        struct d3d9_buffer *b =
            (struct d3d9_buffer *)((char *)n - offsetof(struct d3d9_buffer, live));
        struct wire_create_buffer cb;
        b->handle = d3d9_handle_alloc(dev, WIRE_OBJ_BUFFER);
        cb = (struct wire_create_buffer){b->handle, b->size,
                                         b->is_index ? WIRE_BUF_INDEX : WIRE_BUF_VERTEX, 0};
        wire_emit_CREATE_BUFFER(&dev->tc->w, &cb);
        buffer_upload(b, 0, b->size, 0);
    }
}
