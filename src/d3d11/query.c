/* nereid D3D11: queries (ID3D11Query) of type EVENT, OCCLUSION,
 * OCCLUSION_PREDICATE (also ID3D11Predicate, from CreateQuery or
 * CreatePredicate), TIMESTAMP, TIMESTAMP_DISJOINT, PIPELINE_STATISTICS and
 * the stream-output ones, on the wire's QUERY records as
 * D3D9's queries use them (src/d3d9/query.c says how):
 *   - End sends a QUERY record with a fence of the device, increasing;
 *     occlusion queries' Begin and End bracket their samples on the
 *     server, a timestamp's End has the GPU write its time;
 *   - GetData answers from what the client knows (a result it was told, a
 *     fence a reply said retired, a present completed after the End);
 *     otherwise, unless D3D11_ASYNC_GETDATA_DONOTFLUSH, it asks: one
 *     QUERY_RESULT round trip that submits the recorded work and reports
 *     without waiting for the GPU; S_FALSE until the result is there.
 * A timestamp-disjoint query reports the server's timestampPeriod as its
 * frequency and never disjoint: Vulkan's timestamps keep one frequency.
 * Stream-output statistics and overflow predicates count their stream on
 * the server (WIRE_QUERY_SO_STATS: written and needed; overflow when more
 * were needed than written): SO_STATISTICS stream 0's, as Windows does,
 * SO_OVERFLOW_PREDICATE every stream's (so_streams).
 * Pipeline statistics (PIPELINE_STATISTICS; WIRE_QUERY_PIPELINE_STATS)
 * are counted on the server over the draws and dispatches between Begin
 * and End, the reply carrying the eleven counters (HSInvocations and
 * DSInvocations: 0 on a device without tessellation).
 *
 * Predication (SetPredication) is decided on the client: the first
 * predicated operation after the predicate's End waits for its result
 * (QUERY_RESULT round trips, as GetData without DONOTFLUSH asks), which
 * then holds until the predicate is begun again; an operation whose
 * predicate's result (any samples passed) equals the value set is not
 * sent.  Correct, and a stall where the GPU has not finished the
 * predicate's draws (D3D11 allows predication to be a hint only for
 * PREDICATEHINT predicates; this honours every one). */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"

#include <stdlib.h>
#include <string.h>

enum query_state { Q_CREATED, Q_BUILDING, Q_ISSUED, Q_DONE };

struct d11_query {
    ID3D11Query iface;
    struct d11_child c;
    D3D11_QUERY_DESC desc;
    D3D11_CONTEXT_TYPE context_type; /* CreateQuery1's (kept, answered) */
    uint32_t id; /* occlusion and timestamp: the server's index */
    enum query_state state;
    uint64_t fence, present_mark;
    /* once done: the samples or the ticks; stream output: primitives
     * written, and needed; an overflow predicate's value: overflowed */
    uint64_t value, needed;
    /* once done, pipeline statistics: the counters (enum wire_pipeline_stat) */
    uint64_t stats[WIRE_STAT_COUNT];
};

/* The streams a stream-output query counts on the server, a bit each: its
 * stream's, every stream's for SO_OVERFLOW_PREDICATE (any overflowing:
 * more needed than written, summed); without WIRE_DEVFEAT_SO_STREAMS
 * stream 0's alone, and none for streams 1 to 3 (0: answered as an event,
 * with nothing written or needed). */
static uint8_t so_streams(const struct d11_device *dev, D3D11_QUERY q)
{
    bool streams = dev->tc->caps.features & WIRE_DEVFEAT_SO_STREAMS;
    switch (q) {
    case D3D11_QUERY_SO_STATISTICS:
    case D3D11_QUERY_SO_STATISTICS_STREAM0:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0: return 1;
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE: return streams ? 0xf : 1;
    case D3D11_QUERY_SO_STATISTICS_STREAM1:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1: return streams ? 2 : 0;
    case D3D11_QUERY_SO_STATISTICS_STREAM2:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2: return streams ? 4 : 0;
    case D3D11_QUERY_SO_STATISTICS_STREAM3:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3: return streams ? 8 : 0;
    default: return 0;
    }
}

static bool so_overflow(D3D11_QUERY q)
{
    return q == D3D11_QUERY_SO_OVERFLOW_PREDICATE ||
           q == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 ||
           q == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1 ||
           q == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2 ||
           q == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3;
}

/* Whether the server counts it (an index of its own). */
static bool has_id(const struct d11_device *dev, D3D11_QUERY q)
{
    return q == D3D11_QUERY_OCCLUSION || q == D3D11_QUERY_OCCLUSION_PREDICATE ||
           q == D3D11_QUERY_TIMESTAMP || q == D3D11_QUERY_PIPELINE_STATISTICS ||
           so_streams(dev, q);
}

static uint8_t wire_type(const struct d11_device *dev, D3D11_QUERY q)
{
    return q == D3D11_QUERY_TIMESTAMP             ? WIRE_QUERY_TIMESTAMP
           : q == D3D11_QUERY_PIPELINE_STATISTICS ? WIRE_QUERY_PIPELINE_STATS
           : so_streams(dev, q)                   ? WIRE_QUERY_SO_STATS
           : has_id(dev, q)                       ? WIRE_QUERY_OCCLUSION
                                                  : WIRE_QUERY_EVENT;
}

static UINT data_size(D3D11_QUERY q)
{
    switch (q) {
    case D3D11_QUERY_SO_STATISTICS:
    case D3D11_QUERY_SO_STATISTICS_STREAM0:
    case D3D11_QUERY_SO_STATISTICS_STREAM1:
    case D3D11_QUERY_SO_STATISTICS_STREAM2:
    case D3D11_QUERY_SO_STATISTICS_STREAM3: return sizeof(D3D11_QUERY_DATA_SO_STATISTICS);
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_TIMESTAMP: return sizeof(UINT64);
    case D3D11_QUERY_TIMESTAMP_DISJOINT: return sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT);
    case D3D11_QUERY_PIPELINE_STATISTICS: return sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS);
    default: return sizeof(BOOL); /* EVENT, OCCLUSION_PREDICATE */
    }
}

D11_CHILD_METHODS(qry, ID3D11Query, struct d11_query, iface)

/* An occlusion predicate is also an ID3D11Predicate (whose methods are
 * ID3D11Query's). */
static HRESULT STDMETHODCALLTYPE qry_QueryInterface(ID3D11Query *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild) ||
        IsEqualGUID(riid, &IID_ID3D11Asynchronous) || IsEqualGUID(riid, &IID_ID3D11Query) ||
        IsEqualGUID(riid, &IID_ID3D11Query1) ||
        (IsEqualGUID(riid, &IID_ID3D11Predicate) &&
         (qry_impl(iface)->desc.Query == D3D11_QUERY_OCCLUSION_PREDICATE ||
          so_overflow(qry_impl(iface)->desc.Query)))) {
        qry_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static void qry_destroy(struct d11_query *q)
{
    struct d11_device *dev = q->c.dev;
    if (has_id(dev, q->desc.Query)) {
        struct wire_query w = {q->id, wire_type(dev, q->desc.Query), WIRE_QUERY_FORGET, 0, 0};
        pthread_mutex_lock(&dev->lock);
        if (!dev->tc->lost)
            (void)wire_emit_QUERY(&dev->tc->w, &w);
        if (nr_array_reserve((void **)&dev->query_free, &dev->query_free_cap,
                             dev->query_free_count + 1, sizeof(*dev->query_free)))
            dev->query_free[dev->query_free_count++] = q->id;
        pthread_mutex_unlock(&dev->lock);
    }
    free(q);
}

static UINT STDMETHODCALLTYPE qry_GetDataSize(ID3D11Query *iface)
{
    return data_size(qry_impl(iface)->desc.Query);
}

static void STDMETHODCALLTYPE qry_GetDesc(ID3D11Query *iface, D3D11_QUERY_DESC *d)
{
    *d = qry_impl(iface)->desc;
}

static void STDMETHODCALLTYPE qry_GetDesc1(ID3D11Query1 *iface, D3D11_QUERY_DESC1 *d)
{
    const struct d11_query *q = qry_impl((ID3D11Query *)iface);
    *d = (D3D11_QUERY_DESC1){q->desc.Query, q->desc.MiscFlags, q->context_type};
}

/* ID3D11Query1's vtable (ID3D11Query's and GetDesc1). */
static const struct {
    ID3D11QueryVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11Query1 *, D3D11_QUERY_DESC1 *);
} query_vtbl = {{
    qry_QueryInterface, qry_AddRef,         qry_Release,
    qry_GetDevice,      qry_GetPrivateData, qry_SetPrivateData,
    qry_SetPrivateDataInterface,            qry_GetDataSize,
    qry_GetDesc,
}, qry_GetDesc1};
_Static_assert(sizeof(query_vtbl) == sizeof(ID3D11Query1Vtbl), "slots");

static struct d11_query *query_from(ID3D11Asynchronous *a)
{
    return a && a->lpVtbl == (const void *)&query_vtbl ? D11_IMPL(a, struct d11_query, iface)
                                                       : NULL;
}

HRESULT d11_query_create(struct d11_device *dev, const D3D11_QUERY_DESC *d, ID3D11Query **out)
{
    uint32_t f = dev->tc->caps.features;
    struct d11_query *q;
    if (out)
        *out = NULL;
    if (!d || (d->MiscFlags & ~(UINT)D3D11_QUERY_MISC_PREDICATEHINT))
        return E_INVALIDARG;
    switch (d->Query) {
    case D3D11_QUERY_EVENT: break;
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_OCCLUSION_PREDICATE:
        if (!(f & WIRE_DEVFEAT_OCCLUSION_QUERY))
            return E_NOTIMPL;
        break;
    case D3D11_QUERY_TIMESTAMP:
    case D3D11_QUERY_TIMESTAMP_DISJOINT:
        if (!(f & WIRE_DEVFEAT_TIMESTAMP_QUERY))
            return E_NOTIMPL;
        break;
    case D3D11_QUERY_PIPELINE_STATISTICS:
        if (!(f & WIRE_DEVFEAT_PIPELINE_STATS))
            return E_NOTIMPL; /* a device without pipelineStatisticsQuery */
        break;
    case D3D11_QUERY_SO_STATISTICS:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE:
    case D3D11_QUERY_SO_STATISTICS_STREAM0:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0:
    case D3D11_QUERY_SO_STATISTICS_STREAM1:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1:
    case D3D11_QUERY_SO_STATISTICS_STREAM2:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2:
    case D3D11_QUERY_SO_STATISTICS_STREAM3:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3:
        /* The per-stream ones from level 11_0 (D3D11's rule). */
        if (d->Query >= D3D11_QUERY_SO_STATISTICS_STREAM0 && dev->level < D3D_FEATURE_LEVEL_11_0)
            return E_INVALIDARG;
        if (!(f & WIRE_DEVFEAT_STREAM_OUTPUT))
            return E_NOTIMPL; /* the compute-pass emulation is not built */
        break;
    default: return E_INVALIDARG; /* no query of D3D11's */
    }
    if (!out)
        return S_FALSE;
    if (!(q = calloc(1, sizeof(*q))))
        return E_OUTOFMEMORY;
    q->iface.lpVtbl = &query_vtbl.base;
    q->desc = *d;
    if (has_id(dev, d->Query)) {
        pthread_mutex_lock(&dev->lock);
        if (dev->query_free_count) {
            q->id = dev->query_free[--dev->query_free_count];
        } else if (dev->query_next < WIRE_MAX_QUERIES) {
            q->id = dev->query_next++;
        } else {
            pthread_mutex_unlock(&dev->lock);
            free(q);
            return E_OUTOFMEMORY; /* WIRE_MAX_QUERIES alive */
        }
        pthread_mutex_unlock(&dev->lock);
    }
    d11_child_init(&q->c, dev, qry_destroy_child);
    *out = &q->iface;
    return S_OK;
}

void d11_query_begin(struct d11_device *dev, ID3D11Asynchronous *a)
{
    struct d11_query *q = query_from(a);
    struct wire_query w = {0};
    /* An event or a timestamp has no beginning. */
    if (!q || q->desc.Query == D3D11_QUERY_EVENT || q->desc.Query == D3D11_QUERY_TIMESTAMP)
        return;
    if (has_id(dev, q->desc.Query)) {
        w = (struct wire_query){q->id, wire_type(dev, q->desc.Query), WIRE_QUERY_BEGIN, 0, 0};
        /* (0: stream 0's, which a server without WIRE_DEVFEAT_SO_STREAMS reads) */
        if (so_streams(dev, q->desc.Query) != 1)
            w.streams = so_streams(dev, q->desc.Query);
        pthread_mutex_lock(&dev->lock);
        if (!dev->tc->lost)
            (void)wire_emit_QUERY(&dev->tc->w, &w);
        pthread_mutex_unlock(&dev->lock);
    }
    q->state = Q_BUILDING;
}

void d11_query_end(struct d11_device *dev, ID3D11Asynchronous *a)
{
    struct d11_query *q = query_from(a);
    struct wire_query w;
    if (!q)
        return;
    /* End without Begin: only events and timestamps may. */
    if (q->state != Q_BUILDING && q->desc.Query != D3D11_QUERY_EVENT &&
        q->desc.Query != D3D11_QUERY_TIMESTAMP)
        return;
    w = (struct wire_query){has_id(dev, q->desc.Query) ? q->id : 0,
                            wire_type(dev, q->desc.Query), WIRE_QUERY_END, 0, 0};
    pthread_mutex_lock(&dev->lock);
    w.fence = ++dev->query_fence;
    if (!dev->tc->lost)
        (void)wire_emit_QUERY(&dev->tc->w, &w);
    q->fence = w.fence;
    q->present_mark = dev->tc->presents_sent;
    pthread_mutex_unlock(&dev->lock);
    q->state = Q_ISSUED;
}

static uint64_t presents_done(const struct transport_client *tc)
{
    return tc->presents_sent > tc->present_credits ? tc->presents_sent - tc->present_credits
                                                   : 0;
}

/* One QUERY_RESULT round trip, the lock held; false when the device is
 * lost. */
static bool ask(struct d11_device *dev, struct d11_query *q)
{
    struct wire_query_result r = {0, WIRE_QUERY_EVENT};
    struct wire_reply reply;
    if (has_id(dev, q->desc.Query))
        r = (struct wire_query_result){q->id, wire_type(dev, q->desc.Query)};
    if (dev->tc->lost || !wire_emit_QUERY_RESULT(&dev->tc->w, &r) ||
        !transport_wait_reply(dev->tc, &reply) || reply.status != WIRE_OK)
        return false;
    if (reply.values[WIRE_QUERY_FENCE_DONE] > dev->query_fence_done)
        dev->query_fence_done = reply.values[WIRE_QUERY_FENCE_DONE];
    if (has_id(dev, q->desc.Query) && reply.values[WIRE_QUERY_DONE]) {
        q->value = reply.values[WIRE_QUERY_SAMPLES];
        q->needed = reply.values[WIRE_QUERY_SO_NEEDED];
        if (q->desc.Query == D3D11_QUERY_PIPELINE_STATISTICS)
            memcpy(q->stats, &reply.values[WIRE_QUERY_SAMPLES], sizeof(q->stats));
        if (so_overflow(q->desc.Query))
            q->value = q->needed > q->value;
        q->state = Q_DONE;
    }
    /* One without a server index is done with its fence (an SO predicate
     * of streams 1 to 3 on a server without them may predicate: it never
     * overflows). */
    if (!has_id(dev, q->desc.Query) && q->fence <= dev->query_fence_done)
        q->state = Q_DONE;
    return true;
}

HRESULT d11_query_get_data(struct d11_device *dev, ID3D11Asynchronous *a, void *data,
                           UINT size, UINT flags)
{
    struct d11_query *q = query_from(a);
    HRESULT hr = S_OK;
    if (!q || (flags & ~(UINT)D3D11_ASYNC_GETDATA_DONOTFLUSH) ||
        (size && size != data_size(q->desc.Query)) || (size && !data))
        return E_INVALIDARG;
    if (q->state == Q_CREATED || q->state == Q_BUILDING)
        return DXGI_ERROR_INVALID_CALL; /* not ended */
    pthread_mutex_lock(&dev->lock);
    if (dev->tc->lost) {
        hr = DXGI_ERROR_DEVICE_REMOVED;
    } else if (q->state == Q_ISSUED) {
        bool fence_known = q->fence <= dev->query_fence_done ||
                           presents_done(dev->tc) > q->present_mark;
        if (!has_id(dev, q->desc.Query) && fence_known) {
            q->state = Q_DONE;
        } else if (!(flags & D3D11_ASYNC_GETDATA_DONOTFLUSH)) {
            if (!ask(dev, q))
                hr = DXGI_ERROR_DEVICE_REMOVED;
            else if (!has_id(dev, q->desc.Query) && q->fence <= dev->query_fence_done)
                q->state = Q_DONE;
        }
    }
    pthread_mutex_unlock(&dev->lock);
    if (hr != S_OK)
        return hr;
    if (q->state != Q_DONE)
        return S_FALSE;
    if (size) {
        switch (q->desc.Query) {
        case D3D11_QUERY_OCCLUSION:
        case D3D11_QUERY_TIMESTAMP: memcpy(data, &q->value, sizeof(UINT64)); break;
        case D3D11_QUERY_TIMESTAMP_DISJOINT: {
            D3D11_QUERY_DATA_TIMESTAMP_DISJOINT d = {dev->tc->caps.timestamp_hz, FALSE};
            memcpy(data, &d, sizeof(d));
            break;
        }
        case D3D11_QUERY_OCCLUSION_PREDICATE: {
            BOOL any = q->value != 0;
            memcpy(data, &any, sizeof(any));
            break;
        }
        case D3D11_QUERY_SO_STATISTICS:
        case D3D11_QUERY_SO_STATISTICS_STREAM0:
        case D3D11_QUERY_SO_STATISTICS_STREAM1:
        case D3D11_QUERY_SO_STATISTICS_STREAM2:
        case D3D11_QUERY_SO_STATISTICS_STREAM3: {
            /* (Streams 1 to 3 on a server without them: nothing written or
             * needed.) */
            D3D11_QUERY_DATA_SO_STATISTICS st = {q->value, q->needed};
            memcpy(data, &st, sizeof(st));
            break;
        }
        case D3D11_QUERY_PIPELINE_STATISTICS: {
            D3D11_QUERY_DATA_PIPELINE_STATISTICS st = {
                .IAVertices = q->stats[WIRE_STAT_IA_VERTICES],
                .IAPrimitives = q->stats[WIRE_STAT_IA_PRIMITIVES],
                .VSInvocations = q->stats[WIRE_STAT_VS_INVOCATIONS],
                .GSInvocations = q->stats[WIRE_STAT_GS_INVOCATIONS],
                .GSPrimitives = q->stats[WIRE_STAT_GS_PRIMITIVES],
                .CInvocations = q->stats[WIRE_STAT_C_INVOCATIONS],
                .CPrimitives = q->stats[WIRE_STAT_C_PRIMITIVES],
                .PSInvocations = q->stats[WIRE_STAT_PS_INVOCATIONS],
                .HSInvocations = q->stats[WIRE_STAT_HS_INVOCATIONS],
                .DSInvocations = q->stats[WIRE_STAT_DS_INVOCATIONS],
                .CSInvocations = q->stats[WIRE_STAT_CS_INVOCATIONS],
            };
            memcpy(data, &st, sizeof(st));
            break;
        }
        case D3D11_QUERY_SO_OVERFLOW_PREDICATE:
        case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0:
        case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1:
        case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2:
        case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3: {
            BOOL over = q->value != 0;
            memcpy(data, &over, sizeof(over));
            break;
        }
        default: {
            BOOL t = TRUE;
            memcpy(data, &t, sizeof(t));
            break;
        }
        }
    }
    return S_OK;
}

HRESULT d11_predicate_create(struct d11_device *dev, const D3D11_QUERY_DESC *d,
                             ID3D11Predicate **out)
{
    if (out)
        *out = NULL;
    if (!d)
        return E_INVALIDARG;
    /* The two predicates of D3D10 (a stream's overflow predicate is made
     * by CreateQuery alone, as Windows answers). */
    if (d->Query != D3D11_QUERY_OCCLUSION_PREDICATE &&
        d->Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE)
        return E_INVALIDARG;
    return d11_query_create(dev, d, (ID3D11Query **)out);
}

struct d11_child *d11_query_child(ID3D11Asynchronous *a)
{
    struct d11_query *q = query_from(a);
    return q ? &q->c : NULL;
}

bool d11_is_predicate(ID3D11Predicate *p)
{
    struct d11_query *q = query_from((ID3D11Asynchronous *)p);
    return q && (q->desc.Query == D3D11_QUERY_OCCLUSION_PREDICATE || so_overflow(q->desc.Query));
}

void d11_predicate_bind(ID3D11Predicate *p, bool bind)
{
    struct d11_query *q = query_from((ID3D11Asynchronous *)p);
    if (q && bind)
        d11_child_bind(&q->c);
    else if (q)
        d11_child_unbind(&q->c);
}

bool d11_predicated_away(struct d11_context *ctx)
{
    struct d11_device *dev = ctx->dev;
    struct d11_query *q = query_from((ID3D11Asynchronous *)ctx->predicate);
    bool away;
    /* A predicate never ended (or being built) does not predicate. */
    if (!q || q->state == Q_CREATED || q->state == Q_BUILDING)
        return false;
    pthread_mutex_lock(&dev->lock);
    while (q->state == Q_ISSUED && ask(dev, q))
        ;
    away = q->state == Q_DONE && (q->value != 0) == (ctx->predicate_value != 0);
    pthread_mutex_unlock(&dev->lock);
    return away;
}

/* D3D11.3's: a query of a context type (every type counts the same work
 * here: one queue). */
HRESULT d11_query_create1(struct d11_device *dev, const D3D11_QUERY_DESC1 *d, ID3D11Query1 **out)
{
    D3D11_QUERY_DESC d0;
    ID3D11Query *q = NULL;
    HRESULT hr;
    if (out)
        *out = NULL;
    if (!d || (unsigned)d->ContextType > D3D11_CONTEXT_TYPE_VIDEO)
        return E_INVALIDARG;
    d0 = (D3D11_QUERY_DESC){d->Query, d->MiscFlags};
    hr = d11_query_create(dev, &d0, out ? &q : NULL);
    if (q) {
        qry_impl(q)->context_type = d->ContextType;
        *out = (ID3D11Query1 *)q;
    }
    return hr;
}
