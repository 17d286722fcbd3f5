/* IDirect3DQuery9: D3DQUERYTYPE_EVENT, OCCLUSION, TIMESTAMP,
 * TIMESTAMPDISJOINT and TIMESTAMPFREQ.
 *
 * Issue(END) sends a QUERY record carrying a fence number (the device's,
 * increasing); an occlusion query's BEGIN and END also bracket its samples
 * on the server, and a timestamp query's END has the GPU write its time
 * (ticks of the server's timestamp_hz, which TIMESTAMPFREQ answers).
 * TIMESTAMPDISJOINT and TIMESTAMPFREQ are events to the server: Vulkan's
 * timestamps have one frequency for the device's life, so a disjoint
 * query answers FALSE.  GetData answers without a round trip whenever the client
 * already knows:
 *   - a result it was told before is cached on the query;
 *   - an event query is done once the GPU retired its records, which the
 *     client knows without asking when a later present has completed (the
 *     server finishes a frame's work before it reports the present, and
 *     after Present number n returns, presents up to n - credits are done)
 *     or when a QUERY_RESULT reply said its fence retired.
 * Otherwise GetData without D3DGETDATA_FLUSH answers S_FALSE at once (it
 * never waits), and with FLUSH it asks: one QUERY_RESULT round trip (a
 * counted wait) that makes the server submit what it recorded and report,
 * without waiting for the GPU, the retired fences and the occlusion count
 * when known.  An application that polls with FLUSH until S_OK makes one
 * round trip per poll until the GPU is done; without FLUSH, an event query
 * completes with the presents and an occlusion query only through a FLUSH
 * (D3D9 allows both: without FLUSH a query need never complete).
 *
 * A lost device answers D3DERR_DEVICELOST. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>
#include <string.h>

/* Per device, while any query lives (a query holds a device reference, so
 * this never outlives the device; it is freed with the last query). */
struct d3d9_query_state {
    uint64_t next_fence;
    uint64_t fence_done;     /* as the server last said */
    uint32_t *free_ids;      /* occlusion query indices */
    size_t free_count, free_cap;
    uint32_t next_id;
    uint32_t live;
};

enum query_state { Q_CREATED, Q_BUILDING, Q_ISSUED, Q_DONE };

struct d3d9_query {
    IDirect3DQuery9 IDirect3DQuery9_iface;
    LONG refcount;
    struct d3d9_device *device;
    D3DQUERYTYPE type;
    uint32_t id;           /* occlusion: the server's index */
    enum query_state state;
    uint64_t fence;        /* of the last Issue(END) */
    uint64_t present_mark; /* presents sent at that Issue(END) */
    uint32_t session;      /* the device's session at that Issue(END) */
    uint64_t asked_mark;   /* presents completed when last asked without FLUSH */
    DWORD samples;         /* occlusion, once done, saturated to 32 bits */
    uint64_t value;        /* once done: occlusion, its count; timestamp, its ticks */
};

static const IDirect3DQuery9Vtbl query_vtbl;

static inline struct d3d9_query *impl_from_iface(IDirect3DQuery9 *iface)
{
    return (struct d3d9_query *)iface;
}

static struct d3d9_query_state *query_state(struct d3d9_device *dev)
{
    if (!dev->queries)
        dev->queries = calloc(1, sizeof(*dev->queries));
    return dev->queries;
}

static DWORD data_size(D3DQUERYTYPE type)
{
    switch (type) {
    case D3DQUERYTYPE_TIMESTAMP:
    case D3DQUERYTYPE_TIMESTAMPFREQ: return sizeof(UINT64);
    case D3DQUERYTYPE_OCCLUSION: return sizeof(DWORD);
    default: return sizeof(BOOL);
    }
}

static bool supported(struct d3d9_device *dev, D3DQUERYTYPE type)
{
    uint32_t f = dev->tc->caps.features;
    switch (type) {
    case D3DQUERYTYPE_EVENT: return true;
    case D3DQUERYTYPE_OCCLUSION: return (f & WIRE_DEVFEAT_OCCLUSION_QUERY) != 0;
    case D3DQUERYTYPE_TIMESTAMP:
    case D3DQUERYTYPE_TIMESTAMPDISJOINT:
    case D3DQUERYTYPE_TIMESTAMPFREQ: return (f & WIRE_DEVFEAT_TIMESTAMP_QUERY) != 0;
    default: return false;
    }
}

/* A query with an index on the server (the others are fences only). */
static bool has_id(D3DQUERYTYPE type)
{
    return type == D3DQUERYTYPE_OCCLUSION || type == D3DQUERYTYPE_TIMESTAMP;
}

/* Done once its fence retired, with nothing to fetch. */
static bool fence_only(D3DQUERYTYPE type)
{
    return !has_id(type);
}

static uint8_t wire_type(D3DQUERYTYPE type)
{
    return type == D3DQUERYTYPE_OCCLUSION   ? WIRE_QUERY_OCCLUSION
           : type == D3DQUERYTYPE_TIMESTAMP ? WIRE_QUERY_TIMESTAMP
                                            : WIRE_QUERY_EVENT;
}

/* ------------------------------------------------------------ IUnknown */

static HRESULT WINAPI query_QueryInterface(IDirect3DQuery9 *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DQuery9) || IsEqualGUID(riid, &IID_IUnknown)) {
        IDirect3DQuery9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI query_AddRef(IDirect3DQuery9 *iface)
{
    return (ULONG)__atomic_add_fetch(&impl_from_iface(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG WINAPI query_Release(IDirect3DQuery9 *iface)
{
    struct d3d9_query *q = impl_from_iface(iface);
    LONG ref = __atomic_sub_fetch(&q->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        struct d3d9_device *dev = q->device;
        struct d3d9_query_state *qs = dev->queries;
        if (has_id(q->type)) {
            struct wire_query w = {q->id, wire_type(q->type), WIRE_QUERY_FORGET, 0, 0};
            if (!dev->tc->lost)
                wire_emit_QUERY(&dev->tc->w, &w);
            if (nr_array_reserve((void **)&qs->free_ids, &qs->free_cap, qs->free_count + 1,
                                 sizeof(*qs->free_ids)))
                qs->free_ids[qs->free_count++] = q->id;
        }
        if (!--qs->live) {
            free(qs->free_ids);
            free(qs);
            dev->queries = NULL;
        }
        free(q);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

/* ------------------------------------------------------- IDirect3DQuery9 */

static HRESULT WINAPI query_GetDevice(IDirect3DQuery9 *iface, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &impl_from_iface(iface)->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static D3DQUERYTYPE WINAPI query_GetType(IDirect3DQuery9 *iface)
{
    return impl_from_iface(iface)->type;
}

static DWORD WINAPI query_GetDataSize(IDirect3DQuery9 *iface)
{
    return data_size(impl_from_iface(iface)->type);
}

static HRESULT WINAPI query_Issue(IDirect3DQuery9 *iface, DWORD flags)
{
    struct d3d9_query *q = impl_from_iface(iface);
    struct d3d9_device *dev = q->device;
    struct d3d9_query_state *qs = dev->queries;
    struct wire_query w = {0};

    if (flags != D3DISSUE_BEGIN && flags != D3DISSUE_END)
        return D3DERR_INVALIDCALL;
    if (q->type == D3DQUERYTYPE_EVENT && flags == D3DISSUE_BEGIN)
        return D3DERR_INVALIDCALL; /* an event has no beginning */
    if (flags == D3DISSUE_BEGIN &&
        (q->type == D3DQUERYTYPE_TIMESTAMP || q->type == D3DQUERYTYPE_TIMESTAMPFREQ))
        return D3D_OK; /* accepted, and nothing to begin (as on Windows) */
    if (dev->tc->lost)
        return D3D_OK; /* GetData reports the loss */
    w.type = wire_type(q->type);
    w.query = has_id(q->type) ? q->id : 0;
    if (flags == D3DISSUE_BEGIN) {
        w.op = WIRE_QUERY_BEGIN;
        if (q->type == D3DQUERYTYPE_OCCLUSION)
            wire_emit_QUERY(&dev->tc->w, &w);
        q->state = Q_BUILDING;
        return D3D_OK;
    }
    w.op = WIRE_QUERY_END;
    w.fence = ++qs->next_fence;
    wire_emit_QUERY(&dev->tc->w, &w);
    q->fence = w.fence;
    q->present_mark = dev->tc->presents_sent;
    q->session = dev->session;
    q->state = Q_ISSUED;
    return D3D_OK;
}

/* Presents the server has completed, as far as the client knows. */
static uint64_t presents_done(struct transport_client *tc)
{
    return tc->presents_sent > tc->present_credits ? tc->presents_sent - tc->present_credits
                                                   : 0;
}

/* What the client knows without asking. */
static bool known_done(struct d3d9_query *q)
{
    return q->fence <= q->device->queries->fence_done ||
           presents_done(q->device->tc) > q->present_mark;
}

/* One QUERY_RESULT round trip; false when the device is lost. */
static bool ask(struct d3d9_query *q)
{
    struct d3d9_device *dev = q->device;
    struct wire_query_result r = {0, WIRE_QUERY_EVENT};
    struct wire_reply reply;

    if (has_id(q->type)) {
        r.query = q->id;
        r.type = wire_type(q->type);
    }
    if (!wire_emit_QUERY_RESULT(&dev->tc->w, &r) || !transport_wait_reply(dev->tc, &reply) ||
        reply.status != WIRE_OK)
        return false;
    if (reply.values[WIRE_QUERY_FENCE_DONE] > dev->queries->fence_done)
        dev->queries->fence_done = reply.values[WIRE_QUERY_FENCE_DONE];
    if (has_id(q->type) && reply.values[WIRE_QUERY_DONE]) {
        uint64_t n = reply.values[WIRE_QUERY_SAMPLES];
        q->samples = n > 0xffffffffu ? 0xffffffffu : (DWORD)n;
        q->value = n;
        q->state = Q_DONE;
    }
    return true;
}

static HRESULT WINAPI query_GetData(IDirect3DQuery9 *iface, void *data, DWORD size,
                                    DWORD flags)
{
    struct d3d9_query *q = impl_from_iface(iface);
    struct d3d9_device *dev = q->device;
    DWORD need = data_size(q->type);
    /* A shorter buffer takes the result's first bytes (Windows writes no
     * more than it is given); an event's BOOL is whole or nothing. */
    DWORD copy = data && size ? NR_MIN(size, need) : 0;
    /* An occlusion count given 8 bytes or more is written as 64 bits
     * (Windows does: Wine's device test_occlusion_query). */
    bool wide = q->type == D3DQUERYTYPE_OCCLUSION && data && size >= sizeof(UINT64);

    if (flags & ~(DWORD)D3DGETDATA_FLUSH)
        return D3DERR_INVALIDCALL;
    if (q->type == D3DQUERYTYPE_EVENT && copy && size < need)
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3DERR_DEVICELOST;
    if (q->state == Q_CREATED || q->state == Q_BUILDING) {
        /* Not issued (or not ended): the runtime answers S_OK; a query
         * never issued fills with 0xdd, as Windows' runtime does. */
        if (copy)
            memset(data, q->state == Q_CREATED && q->type != D3DQUERYTYPE_EVENT ? 0xdd : 0,
                   copy);
        return S_OK;
    }
    /* Issued before the device was lost: the session that would have
     * answered is gone, and D3D9 leaves such results undefined. */
    if (q->state == Q_ISSUED && q->session != dev->session) {
        q->samples = 0;
        q->value = 0;
        q->state = Q_DONE;
    }
    if (q->state == Q_ISSUED) {
        if (fence_only(q->type) && known_done(q)) {
            q->state = Q_DONE;
        } else if (flags & D3DGETDATA_FLUSH) {
            if (!ask(q))
                return D3DERR_DEVICELOST;
            if (fence_only(q->type) && known_done(q))
                q->state = Q_DONE;
        } else if (has_id(q->type) && known_done(q) &&
                   q->asked_mark != presents_done(dev->tc)) {
            /* Without FLUSH a count must still arrive in time (programs
             * poll it frame after frame).  Once a present after the END has
             * completed, the server has the count: one round trip fetches
             * it, and at most one more per completed present. */
            q->asked_mark = presents_done(dev->tc);
            if (!ask(q))
                return D3DERR_DEVICELOST;
        }
    }
    if (q->state != Q_DONE)
        return S_FALSE;
    if (copy) {
        BOOL t = q->type == D3DQUERYTYPE_EVENT;
        UINT64 hz = dev->tc->caps.timestamp_hz;
        switch (q->type) {
        case D3DQUERYTYPE_OCCLUSION:
            if (wide)
                memcpy(data, &q->value, sizeof(q->value));
            else
                memcpy(data, &q->samples, copy);
            break;
        case D3DQUERYTYPE_TIMESTAMP: memcpy(data, &q->value, copy); break;
        case D3DQUERYTYPE_TIMESTAMPFREQ: memcpy(data, &hz, copy); break;
        default: memcpy(data, &t, copy); break; /* EVENT TRUE, DISJOINT FALSE */
        }
    }
    return S_OK;
}

static const IDirect3DQuery9Vtbl query_vtbl = {
    query_QueryInterface, query_AddRef, query_Release, query_GetDevice,
    query_GetType, query_GetDataSize, query_Issue, query_GetData,
};

HRESULT d3d9_query_create(struct d3d9_device *dev, D3DQUERYTYPE type,
                          IDirect3DQuery9 **out)
{
    struct d3d9_query_state *qs;
    struct d3d9_query *q;

    if (!supported(dev, type))
        return D3DERR_NOTAVAILABLE; /* *out stays as it was, as on Windows */
    if (!out)
        return D3D_OK; /* the type is supported */
    *out = NULL;
    if (!(qs = query_state(dev)) || !(q = calloc(1, sizeof(*q)))) {
        if (qs && !qs->live) {
            free(qs);
            dev->queries = NULL;
        }
        return E_OUTOFMEMORY;
    }
    if (has_id(type)) {
        if (qs->free_count) {
            q->id = qs->free_ids[--qs->free_count];
        } else if (qs->next_id < WIRE_MAX_QUERIES) {
            q->id = qs->next_id++;
        } else {
            free(q);
            if (!qs->live) {
                free(qs);
                dev->queries = NULL;
            }
            return D3DERR_OUTOFVIDEOMEMORY; /* WIRE_MAX_QUERIES alive */
        }
    }
    q->IDirect3DQuery9_iface.lpVtbl = &query_vtbl;
    q->refcount = 1;
    q->device = dev;
    q->type = type;
    qs->live++;
    d3d9_device_addref(dev);
    *out = &q->IDirect3DQuery9_iface;
    return D3D_OK;
}

/* A new session: its fences start afresh above the old ones. */
void d3d9_queries_revive(struct d3d9_device *dev)
{
    if (dev->queries)
        dev->queries->fence_done = dev->queries->next_fence;
}
