/* nereid D3D11: deferred contexts and command lists, as the D3D11 runtime
 * emulates them for a driver without command lists (D3D11_FEATURE_THREADING
 * says DriverCommandLists FALSE).
 *
 * A deferred context records its calls; it sends nothing and takes no
 * lock.  Each call it takes is kept in the list being recorded (a byte
 * array of struct dc_cmd, each with the arrays and bytes the call passed),
 * and every object the call names is held by the list (its bindings'
 * count, d11_child_bind: the application's counts are not changed, as
 * D3D11 has it, and the object stays while a list names it).  A setter is
 * also applied to the deferred context's own struct d11_context by the
 * immediate context's own setter (d11_immediate_vtbl): one way of keeping
 * state, so the deferred context's getters answer what was set on it.
 *
 * ExecuteCommandList on the immediate context replays the calls through
 * the immediate context's methods, in order, as if the application made
 * them there: the same validation, state keeping, locking and records as
 * a direct call.  D3D11 runs a list from a cleared state, so the replay is
 * bracketed: ClearState first, and after it the state saved before
 * (d11_context_copy_state) or ClearState again.
 *
 * What is not a plain call:
 *   - Map (WRITE_DISCARD of a DYNAMIC resource, or NO_OVERWRITE of a
 *     buffer after its discard in the same list) gives memory of the
 *     deferred context's; Unmap copies it into the list, and the replay
 *     maps the immediate context with the same type and copies it there.
 *     A NO_OVERWRITE map starts from the bytes the list last wrote.
 *   - UpdateSubresource copies the caller's bytes into the list (tight
 *     rows).  With a destination box whose offset is not zero, the source
 *     is read from data + the box's offset, as D3D11's emulation does
 *     when the driver has no command lists (documented in
 *     ID3D11DeviceContext::UpdateSubresource's remarks; applications that
 *     see DriverCommandLists FALSE subtract it).
 *   - FinishCommandList(TRUE) keeps the deferred context's state; the next
 *     list starts with a snapshot of it (DC_STATE), so that its commands
 *     see that state when it runs from a cleared one.
 *   - ExecuteCommandList on a deferred context records the list (held);
 *     its replay is the nested list's execution on the immediate context.
 *   - GetData answers DXGI_ERROR_INVALID_CALL, Flush does nothing.
 * Calls the immediate context ignores (SetResourceMinLOD, the discards)
 * are not recorded. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"

#include <stdlib.h>
#include <string.h>

enum dc_op {
    DC_DRAW,
    DC_DRAW_INDEXED,
    DC_DRAW_INDEXED_INSTANCED,
    DC_DRAW_INSTANCED,
    DC_DRAW_AUTO,
    DC_DRAW_INDEXED_INDIRECT,
    DC_DRAW_INSTANCED_INDIRECT,
    DC_DISPATCH,
    DC_DISPATCH_INDIRECT,
    DC_SHADER,       /* u0: enum d11_stage */
    DC_CBS,          /* u0: stage, u1: start; objs, with F_RANGES first[n], count[n] */
    DC_SRVS,         /* u0: the setter's offset in the vtable, u1: start; objs */
    DC_SAMPLERS,     /* likewise */
    DC_LAYOUT,
    DC_VERTEX_BUFFERS, /* u1: start; objs, strides[n] (F_A), offsets[n] (F_B) */
    DC_INDEX_BUFFER,
    DC_TOPOLOGY,
    DC_BEGIN,
    DC_END,
    DC_PREDICATION,
    DC_TARGETS,      /* o0: dsv; objs (the views; F_A: the array given) */
    DC_TARGETS_UAVS, /* u0: n, o0: dsv, u1: uav start, u2: uav n; objs: views then UAVs;
                      * blob: the UAVs' initial counts (F_C) */
    DC_BLEND,        /* F_A: factor given */
    DC_DEPTH_STENCIL,
    DC_SO_TARGETS,   /* objs, offsets[n] (F_A) */
    DC_RASTERIZER,
    DC_VIEWPORTS,    /* blob: the viewports (F_A: given) */
    DC_SCISSORS,     /* blob: the rectangles (F_A: given) */
    DC_COPY_REGION,  /* F_A: blob is the box */
    DC_COPY,
    DC_RESOLVE,
    DC_UPDATE,       /* u0: sub, u1: pitch, u2: depth pitch; F_A: box first; then the bytes */
    DC_CLEAR_RTV,
    DC_CLEAR_UAV_UINT,
    DC_CLEAR_UAV_FLOAT,
    DC_CLEAR_DSV,
    DC_GENERATE_MIPS,
    DC_EXECUTE,      /* o0: the list, u0: restore */
    DC_CS_UAVS,      /* u1: start; objs; blob: initial counts (F_B) */
    DC_COPY_COUNT,   /* o0: the buffer, o1: the view, u0: offset */
    DC_CLEAR_STATE,
    DC_CLEAR_VIEW,   /* blob: the rectangles */
    DC_WRITE,        /* o0: resource, u0: sub, u1: map type; blob: the bytes */
    DC_STATE,        /* state: a snapshot the list owns */
};

enum { F_A = 1, F_B = 2, F_C = 4, F_RANGES = 8 }; /* which arrays the call gave */

/* One recorded call.  After it: n object pointers (objs), then the
 * op's other arrays and bytes (blob, blob_size bytes). */
struct dc_cmd {
    uint32_t op, size; /* size: of the record and what follows, a multiple of 8 */
    uint32_t flags, n;
    void *o[2]; /* the objects it names besides objs (held) */
    UINT u[6];
    FLOAT f[4];
    struct d11_context *state; /* DC_STATE */
    uint32_t blob_size;
    uint32_t pad;
};

/* What a list is made of while it is recorded and after. */
struct dc_rec {
    uint8_t *cmds;
    size_t len, cap;
    struct d11_child **held;
    size_t held_count, held_cap;
    /* Where the list last wrote each mapped subresource (DC_WRITE's
     * offset in cmds): a NO_OVERWRITE map starts from those bytes. */
    struct dc_written {
        ID3D11Resource *res;
        UINT sub;
        size_t at;
    } *written;
    size_t written_count, written_cap;
};

struct d11_list {
    ID3D11CommandList iface;
    struct d11_child c;
    struct dc_rec rec;
};

struct d11_deferred {
    struct d11_context ctx; /* its state; ctx.refcount is the application's */
    struct dc_rec rec;      /* the list being recorded */
    bool oom;               /* a call could not be recorded: FinishCommandList fails */
    /* Subresources mapped now: the bytes Map gave. */
    struct dc_map {
        ID3D11Resource *res;
        UINT sub;
        D3D11_MAP type;
        uint8_t *data;
        size_t size;
    } *maps;
    size_t map_count, map_cap;
};

static const ID3D11CommandListVtbl list_vtbl;

static struct d11_deferred *dc_from(ID3D11DeviceContext *iface)
{
    return D11_IMPL(iface, struct d11_deferred, ctx.iface);
}

static struct d11_list *list_from(ID3D11CommandList *l)
{
    return l && l->lpVtbl == &list_vtbl ? D11_IMPL(l, struct d11_list, iface) : NULL;
}

/* ------------------------------------------------------------ recording */

/* The child of any object of ours a call may name, NULL for anything else
 * (which the immediate context's methods ignore, or take as NULL). */
static struct d11_child *child_of(void *iface)
{
    struct d11_buffer *b;
    struct d11_texture *t;
    struct d11_view *rtv;
    struct d11_srv *srv;
    struct d11_dsv *dsv;
    struct d11_uav *uav;
    struct d11_sampler *smp;
    struct d11_layout *layout;
    struct d11_state *state;
    struct d11_list *list;
    struct d11_child *q;
    if (!iface)
        return NULL;
    if ((b = d11_buffer_from(iface)))
        return &b->c;
    if ((t = d11_texture_from(iface)))
        return &t->c;
    if ((rtv = d11_rtv_from(iface)))
        return &rtv->c;
    if ((srv = d11_srv_from(iface)))
        return &srv->c;
    if ((dsv = d11_dsv_from(iface)))
        return &dsv->c;
    if ((uav = d11_uav_from(iface)))
        return &uav->c;
    if ((smp = d11_sampler_from(iface)))
        return &smp->c;
    if ((layout = d11_layout_from(iface)))
        return &layout->c;
    if ((state = d11_rs_from(iface)) || (state = d11_bs_from(iface)) ||
        (state = d11_ds_from(iface)))
        return &state->c;
    for (int stage = 0; stage < D11_STAGES; stage++) {
        struct d11_shader *sh = d11_shader_from(iface, (enum d11_stage)stage);
        if (sh)
            return &sh->c;
    }
    if ((q = d11_query_child(iface)))
        return q;
    if ((list = list_from(iface)))
        return &list->c;
    return NULL;
}

static void rec_cleanup(struct dc_rec *r)
{
    for (size_t at = 0; at < r->len;) {
        struct dc_cmd *c = (struct dc_cmd *)(r->cmds + at);
        if (c->state) {
            d11_context_cleanup(c->state);
            free(c->state);
        }
        at += c->size;
    }
    for (size_t i = 0; i < r->held_count; i++)
        d11_child_unbind(r->held[i]);
    free(r->cmds);
    free(r->held);
    free(r->written);
    memset(r, 0, sizeof(*r));
}

/* The object the list will pass: held by the list, or NULL where it is not
 * one of ours. */
static void *hold(struct d11_deferred *dc, void *iface)
{
    struct d11_child *c = child_of(iface);
    struct dc_rec *r = &dc->rec;
    if (!c)
        return NULL;
    if (!nr_array_reserve((void **)&r->held, &r->held_cap, r->held_count + 1,
                          sizeof(*r->held))) {
        dc->oom = true;
        return NULL;
    }
    d11_child_bind(c);
    r->held[r->held_count++] = c;
    return iface;
}

static void *objs_of(struct dc_cmd *c)
{
    return c + 1;
}

static void *blob_of(struct dc_cmd *c)
{
    return (uint8_t *)(c + 1) + c->n * sizeof(void *);
}

/* A new record of op with n objects and blob bytes after them (zeroed);
 * valid until the next one.  NULL when memory ran out (then the list is
 * spoilt: FinishCommandList says so). */
static struct dc_cmd *rec(struct d11_deferred *dc, enum dc_op op, UINT n, size_t blob)
{
    struct dc_rec *r = &dc->rec;
    size_t size = sizeof(struct dc_cmd) + (size_t)n * sizeof(void *) + blob;
    struct dc_cmd *c;
    size = (size + 7) & ~(size_t)7;
    if (dc->oom || size > UINT32_MAX || blob > UINT32_MAX ||
        !nr_array_reserve((void **)&r->cmds, &r->cap, r->len + size, 1)) {
        dc->oom = true;
        return NULL;
    }
    c = (struct dc_cmd *)(r->cmds + r->len);
    memset(c, 0, size);
    c->op = op;
    c->size = (uint32_t)size;
    c->n = n;
    c->blob_size = (uint32_t)blob;
    r->len += size;
    return c;
}

/* A record naming objs[0..n) (held; the array may be NULL: all NULL). */
static struct dc_cmd *rec_objs(struct d11_deferred *dc, enum dc_op op, UINT n,
                               void *const *objs, size_t blob)
{
    struct dc_cmd *c = rec(dc, op, n, blob);
    void **to;
    if (!c)
        return NULL;
    to = objs_of(c);
    for (UINT i = 0; i < n && objs; i++)
        to[i] = hold(dc, objs[i]);
    return c;
}

/* How many entries of an array a setter reads: none past the slots there
 * are (the immediate context refuses such a call before reading). */
static UINT entries(UINT n, UINT slots)
{
    return n <= slots ? n : 0;
}

/* ------------------------------------------------------------ IUnknown */

static ULONG STDMETHODCALLTYPE dc_AddRef(ID3D11DeviceContext *iface)
{
    return (ULONG)__atomic_add_fetch(&dc_from(iface)->ctx.refcount, 1, __ATOMIC_SEQ_CST);
}

static void maps_clear(struct d11_deferred *dc)
{
    for (size_t i = 0; i < dc->map_count; i++) {
        d11_child_unbind(child_of(dc->maps[i].res));
        free(dc->maps[i].data);
    }
    dc->map_count = 0;
}

static ULONG STDMETHODCALLTYPE dc_Release(ID3D11DeviceContext *iface)
{
    struct d11_deferred *dc = dc_from(iface);
    ULONG n = (ULONG)__atomic_sub_fetch(&dc->ctx.refcount, 1, __ATOMIC_SEQ_CST);
    if (!n) {
        struct d11_device *dev = dc->ctx.dev;
        d11_context_cleanup(&dc->ctx);
        maps_clear(dc);
        free(dc->maps);
        rec_cleanup(&dc->rec);
        nr_private_clear(&dc->ctx.pd);
        free(dc);
        ID3D11Device_Release(&dev->iface);
    }
    return n;
}

/* ------------------------------------------------------------ setters */

#define SELF(dc) (&(dc)->ctx.iface)

static void set_shader(ID3D11DeviceContext *iface, enum d11_stage stage, void *s)
{
    struct d11_deferred *dc = dc_from(iface);
    struct dc_cmd *c = rec(dc, DC_SHADER, 0, 0);
    if (c) {
        c->u[0] = stage;
        c->o[0] = hold(dc, s);
    }
}

#define DC_SHADER_SETTER(S, Type, stage)                                                     \
    static void STDMETHODCALLTYPE dc_##S##SetShader(ID3D11DeviceContext *iface, Type *s,     \
                                                    ID3D11ClassInstance *const *inst, UINT n) \
    {                                                                                       \
        set_shader(iface, stage, s);                                                        \
        D11_IMM.S##SetShader(iface, s, inst, n);                                            \
    }
DC_SHADER_SETTER(VS, ID3D11VertexShader, D11_VS)
DC_SHADER_SETTER(PS, ID3D11PixelShader, D11_PS)
DC_SHADER_SETTER(GS, ID3D11GeometryShader, D11_GS)
DC_SHADER_SETTER(HS, ID3D11HullShader, D11_HS)
DC_SHADER_SETTER(DS, ID3D11DomainShader, D11_DS)
DC_SHADER_SETTER(CS, ID3D11ComputeShader, D11_CS)

/* Constant buffers, whole or D3D11.1's ranges (first and count NULL:
 * whole). */
static void set_cbs(ID3D11DeviceContext *iface, enum d11_stage stage, UINT start, UINT n,
                    ID3D11Buffer *const *bufs, const UINT *first, const UINT *count)
{
    struct d11_deferred *dc = dc_from(iface);
    UINT k = entries(n, D11_MAX_CB);
    bool ranges = first && count;
    struct dc_cmd *c;
    d11_set_cbs1(&dc->ctx, stage, start, n, bufs, first, count);
    if (!first != !count)
        return; /* one of the ranges' arrays without the other: dropped */
    c = rec_objs(dc, DC_CBS, k, (void *const *)bufs, ranges ? 2 * k * sizeof(UINT) : 0);
    if (c) {
        c->u[0] = stage;
        c->u[1] = start;
        c->u[2] = n;
        c->flags = ranges ? F_RANGES : 0;
        if (ranges) {
            memcpy(blob_of(c), first, k * sizeof(UINT));
            memcpy((UINT *)blob_of(c) + k, count, k * sizeof(UINT));
        }
    }
}

typedef void(STDMETHODCALLTYPE *set_srvs_fn)(ID3D11DeviceContext *, UINT, UINT,
                                             ID3D11ShaderResourceView *const *);
typedef void(STDMETHODCALLTYPE *set_samplers_fn)(ID3D11DeviceContext *, UINT, UINT,
                                                 ID3D11SamplerState *const *);
#define VTBL_SLOT(vtbl, off, type) (*(const type *)((const char *)(vtbl) + (off)))

/* Shader resources and samplers: the setter of the stage is named by its
 * offset in ID3D11DeviceContextVtbl (all of one type). */
static void set_array(ID3D11DeviceContext *iface, enum dc_op op, size_t slot, UINT start,
                      UINT n, void *const *objs)
{
    struct d11_deferred *dc = dc_from(iface);
    UINT k = entries(n, op == DC_SRVS ? D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
                                      : D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT);
    struct dc_cmd *c = rec_objs(dc, op, k, objs, 0);
    if (c) {
        c->u[0] = (UINT)slot;
        c->u[1] = start;
        c->u[2] = n;
        c->flags = objs ? F_A : 0;
    }
    if (op == DC_SRVS)
        VTBL_SLOT(&D11_IMM, slot, set_srvs_fn)(iface, start, n,
                                               (ID3D11ShaderResourceView *const *)objs);
    else
        VTBL_SLOT(&D11_IMM, slot, set_samplers_fn)(iface, start, n,
                                                   (ID3D11SamplerState *const *)objs);
}

#define DC_STAGE_SETTERS(S, stage)                                                           \
    static void STDMETHODCALLTYPE dc_##S##SetConstantBuffers(                               \
        ID3D11DeviceContext *iface, UINT start, UINT n, ID3D11Buffer *const *bufs)          \
    {                                                                                       \
        set_cbs(iface, stage, start, n, bufs, NULL, NULL);                                  \
    }                                                                                       \
    static void STDMETHODCALLTYPE dc_##S##SetShaderResources(                               \
        ID3D11DeviceContext *iface, UINT start, UINT n,                                     \
        ID3D11ShaderResourceView *const *views)                                             \
    {                                                                                       \
        set_array(iface, DC_SRVS, offsetof(ID3D11DeviceContextVtbl, S##SetShaderResources), \
                  start, n, (void *const *)views);                                          \
    }                                                                                       \
    static void STDMETHODCALLTYPE dc_##S##SetSamplers(ID3D11DeviceContext *iface,           \
                                                      UINT start, UINT n,                   \
                                                      ID3D11SamplerState *const *smps)      \
    {                                                                                       \
        set_array(iface, DC_SAMPLERS, offsetof(ID3D11DeviceContextVtbl, S##SetSamplers),    \
                  start, n, (void *const *)smps);                                           \
    }                                                                                       \
    static void STDMETHODCALLTYPE dc_##S##SetConstantBuffers1(                              \
        ID3D11DeviceContext1 *iface, UINT start, UINT n, ID3D11Buffer *const *bufs,         \
        const UINT *first, const UINT *count)                                               \
    {                                                                                       \
        set_cbs((ID3D11DeviceContext *)iface, stage, start, n, bufs, first, count);         \
    }
DC_STAGE_SETTERS(VS, D11_VS)
DC_STAGE_SETTERS(PS, D11_PS)
DC_STAGE_SETTERS(GS, D11_GS)
DC_STAGE_SETTERS(HS, D11_HS)
DC_STAGE_SETTERS(DS, D11_DS)
DC_STAGE_SETTERS(CS, D11_CS)

/* A call naming one object and scalars, kept as they are. */
static struct dc_cmd *rec_one(ID3D11DeviceContext *iface, enum dc_op op, void *obj)
{
    struct d11_deferred *dc = dc_from(iface);
    struct dc_cmd *c = rec(dc, op, 0, 0);
    if (c)
        c->o[0] = hold(dc, obj);
    return c;
}

static void STDMETHODCALLTYPE dc_IASetInputLayout(ID3D11DeviceContext *iface,
                                                  ID3D11InputLayout *l)
{
    rec_one(iface, DC_LAYOUT, l);
    D11_IMM.IASetInputLayout(iface, l);
}

static void STDMETHODCALLTYPE dc_IASetVertexBuffers(ID3D11DeviceContext *iface, UINT start,
                                                    UINT n, ID3D11Buffer *const *bufs,
                                                    const UINT *strides, const UINT *offsets)
{
    UINT k = entries(n, D11_MAX_VB);
    struct dc_cmd *c = rec_objs(dc_from(iface), DC_VERTEX_BUFFERS, k, (void *const *)bufs,
                                2 * k * sizeof(UINT));
    if (c) {
        c->u[1] = start;
        c->u[2] = n;
        c->flags = (bufs ? F_C : 0) | (strides ? F_A : 0) | (offsets ? F_B : 0);
        if (strides)
            memcpy(blob_of(c), strides, k * sizeof(UINT));
        if (offsets)
            memcpy((UINT *)blob_of(c) + k, offsets, k * sizeof(UINT));
    }
    D11_IMM.IASetVertexBuffers(iface, start, n, bufs, strides, offsets);
}

static void STDMETHODCALLTYPE dc_IASetIndexBuffer(ID3D11DeviceContext *iface, ID3D11Buffer *b,
                                                  DXGI_FORMAT format, UINT offset)
{
    struct dc_cmd *c = rec_one(iface, DC_INDEX_BUFFER, b);
    if (c) {
        c->u[0] = format;
        c->u[1] = offset;
    }
    D11_IMM.IASetIndexBuffer(iface, b, format, offset);
}

static void STDMETHODCALLTYPE dc_IASetPrimitiveTopology(ID3D11DeviceContext *iface,
                                                        D3D11_PRIMITIVE_TOPOLOGY t)
{
    struct dc_cmd *c = rec_one(iface, DC_TOPOLOGY, NULL);
    if (c)
        c->u[0] = t;
    D11_IMM.IASetPrimitiveTopology(iface, t);
}

static void STDMETHODCALLTYPE dc_SetPredication(ID3D11DeviceContext *iface, ID3D11Predicate *p,
                                                BOOL value)
{
    struct dc_cmd *c = rec_one(iface, DC_PREDICATION, p);
    if (c)
        c->u[0] = value;
    D11_IMM.SetPredication(iface, p, value);
}

static void STDMETHODCALLTYPE dc_OMSetRenderTargets(ID3D11DeviceContext *iface, UINT n,
                                                    ID3D11RenderTargetView *const *views,
                                                    ID3D11DepthStencilView *dsv)
{
    struct d11_deferred *dc = dc_from(iface);
    UINT k = entries(n, D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT);
    struct dc_cmd *c = rec_objs(dc, DC_TARGETS, k, (void *const *)views, 0);
    if (c) {
        c->u[0] = n;
        c->o[0] = hold(dc, dsv);
        c->flags = views ? F_A : 0;
    }
    D11_IMM.OMSetRenderTargets(iface, n, views, dsv);
}

static void STDMETHODCALLTYPE dc_OMSetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext *iface, UINT n, ID3D11RenderTargetView *const *views,
    ID3D11DepthStencilView *dsv, UINT uav_start, UINT uav_n,
    ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    struct d11_deferred *dc = dc_from(iface);
    UINT kv = n == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL
                  ? 0
                  : entries(n, D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT);
    UINT ku = uav_n == D3D11_KEEP_UNORDERED_ACCESS_VIEWS
                  ? 0
                  : entries(uav_n, D3D11_PS_CS_UAV_REGISTER_COUNT);
    struct dc_cmd *c = rec(dc, DC_TARGETS_UAVS, kv + ku, counts ? ku * sizeof(UINT) : 0);
    if (c) {
        if (counts && ku)
            memcpy(blob_of(c), counts, ku * sizeof(UINT));
        void **o = objs_of(c);
        for (UINT i = 0; i < kv && views; i++)
            o[i] = hold(dc, views[i]);
        for (UINT i = 0; i < ku && uavs; i++)
            o[kv + i] = hold(dc, uavs[i]);
        c->u[0] = n;
        c->u[1] = uav_start;
        c->u[2] = uav_n;
        c->u[3] = kv;
        c->o[0] = hold(dc, dsv);
        c->flags = (views ? F_A : 0) | (uavs ? F_B : 0) | (counts && ku ? F_C : 0);
    }
    D11_IMM.OMSetRenderTargetsAndUnorderedAccessViews(iface, n, views, dsv, uav_start, uav_n,
                                                      uavs, counts);
}

static void STDMETHODCALLTYPE dc_OMSetBlendState(ID3D11DeviceContext *iface, ID3D11BlendState *bs,
                                                 const FLOAT factor[4], UINT mask)
{
    struct dc_cmd *c = rec_one(iface, DC_BLEND, bs);
    if (c) {
        c->u[0] = mask;
        c->flags = factor ? F_A : 0;
        if (factor)
            memcpy(c->f, factor, sizeof(c->f));
    }
    D11_IMM.OMSetBlendState(iface, bs, factor, mask);
}

static void STDMETHODCALLTYPE dc_OMSetDepthStencilState(ID3D11DeviceContext *iface,
                                                        ID3D11DepthStencilState *ds, UINT ref)
{
    struct dc_cmd *c = rec_one(iface, DC_DEPTH_STENCIL, ds);
    if (c)
        c->u[0] = ref;
    D11_IMM.OMSetDepthStencilState(iface, ds, ref);
}

static void STDMETHODCALLTYPE dc_SOSetTargets(ID3D11DeviceContext *iface, UINT n,
                                              ID3D11Buffer *const *bufs, const UINT *offsets)
{
    UINT k = entries(n, D3D11_SO_BUFFER_SLOT_COUNT);
    struct dc_cmd *c = rec_objs(dc_from(iface), DC_SO_TARGETS, k, (void *const *)bufs,
                                k * sizeof(UINT));
    if (c) {
        c->u[0] = n;
        c->flags = (offsets ? F_A : 0) | (bufs ? F_B : 0);
        if (offsets)
            memcpy(blob_of(c), offsets, k * sizeof(UINT));
    }
    D11_IMM.SOSetTargets(iface, n, bufs, offsets);
}

static void STDMETHODCALLTYPE dc_RSSetState(ID3D11DeviceContext *iface, ID3D11RasterizerState *rs)
{
    rec_one(iface, DC_RASTERIZER, rs);
    D11_IMM.RSSetState(iface, rs);
}

/* Viewports and scissor rectangles: n of them copied (none past the
 * pipeline's count, which the immediate context refuses). */
static void rec_rects(ID3D11DeviceContext *iface, enum dc_op op, UINT n, const void *items,
                      size_t item_size)
{
    UINT k = items ? entries(n, D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE) : 0;
    struct dc_cmd *c = rec(dc_from(iface), op, 0, k * item_size);
    if (c) {
        c->u[0] = n;
        c->flags = items ? F_A : 0;
        if (k)
            memcpy(blob_of(c), items, k * item_size);
    }
}

static void STDMETHODCALLTYPE dc_RSSetViewports(ID3D11DeviceContext *iface, UINT n,
                                                const D3D11_VIEWPORT *vp)
{
    rec_rects(iface, DC_VIEWPORTS, n, vp, sizeof(*vp));
    D11_IMM.RSSetViewports(iface, n, vp);
}

static void STDMETHODCALLTYPE dc_RSSetScissorRects(ID3D11DeviceContext *iface, UINT n,
                                                   const D3D11_RECT *r)
{
    rec_rects(iface, DC_SCISSORS, n, r, sizeof(*r));
    D11_IMM.RSSetScissorRects(iface, n, r);
}

static void STDMETHODCALLTYPE dc_CSSetUnorderedAccessViews(ID3D11DeviceContext *iface,
                                                           UINT start, UINT n,
                                                           ID3D11UnorderedAccessView *const *uavs,
                                                           const UINT *counts)
{
    UINT k = entries(n, D3D11_PS_CS_UAV_REGISTER_COUNT);
    struct dc_cmd *c = rec_objs(dc_from(iface), DC_CS_UAVS, k, (void *const *)uavs,
                                counts ? k * sizeof(UINT) : 0);
    if (c) {
        c->u[1] = start;
        c->u[2] = n;
        c->flags = (uavs ? F_A : 0) | (counts && k ? F_B : 0);
        if (counts && k)
            memcpy(blob_of(c), counts, k * sizeof(UINT));
    }
    D11_IMM.CSSetUnorderedAccessViews(iface, start, n, uavs, counts);
}

static void STDMETHODCALLTYPE dc_ClearState(ID3D11DeviceContext *iface)
{
    rec_one(iface, DC_CLEAR_STATE, NULL);
    D11_IMM.ClearState(iface);
}

/* ------------------------------------------------------------ commands */

static void rec_scalars(ID3D11DeviceContext *iface, enum dc_op op, void *obj, UINT a, UINT b,
                        UINT c3, UINT d, UINT e)
{
    struct dc_cmd *c = rec_one(iface, op, obj);
    if (c) {
        c->u[0] = a;
        c->u[1] = b;
        c->u[2] = c3;
        c->u[3] = d;
        c->u[4] = e;
    }
}

static void STDMETHODCALLTYPE dc_Draw(ID3D11DeviceContext *iface, UINT count, UINT first)
{
    rec_scalars(iface, DC_DRAW, NULL, count, first, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexed(ID3D11DeviceContext *iface, UINT count, UINT first,
                                             INT base)
{
    rec_scalars(iface, DC_DRAW_INDEXED, NULL, count, first, (UINT)base, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexedInstanced(ID3D11DeviceContext *iface, UINT count,
                                                      UINT instances, UINT first, INT base,
                                                      UINT first_instance)
{
    rec_scalars(iface, DC_DRAW_INDEXED_INSTANCED, NULL, count, instances, first, (UINT)base,
                first_instance);
}

static void STDMETHODCALLTYPE dc_DrawInstanced(ID3D11DeviceContext *iface, UINT count,
                                               UINT instances, UINT first, UINT first_instance)
{
    rec_scalars(iface, DC_DRAW_INSTANCED, NULL, count, instances, first, first_instance, 0);
}

static void STDMETHODCALLTYPE dc_DrawAuto(ID3D11DeviceContext *iface)
{
    rec_scalars(iface, DC_DRAW_AUTO, NULL, 0, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawIndexedInstancedIndirect(ID3D11DeviceContext *iface,
                                                              ID3D11Buffer *args, UINT off)
{
    rec_scalars(iface, DC_DRAW_INDEXED_INDIRECT, args, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_DrawInstancedIndirect(ID3D11DeviceContext *iface,
                                                       ID3D11Buffer *args, UINT off)
{
    rec_scalars(iface, DC_DRAW_INSTANCED_INDIRECT, args, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_Dispatch(ID3D11DeviceContext *iface, UINT x, UINT y, UINT z)
{
    rec_scalars(iface, DC_DISPATCH, NULL, x, y, z, 0, 0);
}

static void STDMETHODCALLTYPE dc_DispatchIndirect(ID3D11DeviceContext *iface, ID3D11Buffer *args,
                                                  UINT off)
{
    rec_scalars(iface, DC_DISPATCH_INDIRECT, args, off, 0, 0, 0, 0);
}

static void STDMETHODCALLTYPE dc_Begin(ID3D11DeviceContext *iface, ID3D11Asynchronous *a)
{
    rec_one(iface, DC_BEGIN, a);
}

static void STDMETHODCALLTYPE dc_End(ID3D11DeviceContext *iface, ID3D11Asynchronous *a)
{
    rec_one(iface, DC_END, a);
}

/* D3D11: GetData is the immediate context's. */
static HRESULT STDMETHODCALLTYPE dc_GetData(ID3D11DeviceContext *iface, ID3D11Asynchronous *a,
                                            void *data, UINT size, UINT flags)
{
    (void)iface, (void)a, (void)data, (void)size, (void)flags;
    return DXGI_ERROR_INVALID_CALL;
}

static void STDMETHODCALLTYPE dc_CopySubresourceRegion(ID3D11DeviceContext *iface,
                                                       ID3D11Resource *dst, UINT dst_sub, UINT x,
                                                       UINT y, UINT z, ID3D11Resource *src,
                                                       UINT src_sub, const D3D11_BOX *box)
{
    struct d11_deferred *dc = dc_from(iface);
    struct dc_cmd *c = rec(dc, DC_COPY_REGION, 0, box ? sizeof(*box) : 0);
    if (!c)
        return;
    c->o[0] = hold(dc, dst);
    c->o[1] = hold(dc, src);
    c->u[0] = dst_sub;
    c->u[1] = x;
    c->u[2] = y;
    c->u[3] = z;
    c->u[4] = src_sub;
    c->flags = box ? F_A : 0;
    if (box)
        memcpy(blob_of(c), box, sizeof(*box));
}

static void STDMETHODCALLTYPE dc_CopyStructureCount(ID3D11DeviceContext *iface,
                                                    ID3D11Buffer *dst, UINT offset,
                                                    ID3D11UnorderedAccessView *view)
{
    struct dc_cmd *c = rec_one(iface, DC_COPY_COUNT, dst);
    if (c) {
        c->o[1] = hold(dc_from(iface), view);
        c->u[0] = offset;
    }
}

static void STDMETHODCALLTYPE dc_CopyResource(ID3D11DeviceContext *iface, ID3D11Resource *dst,
                                              ID3D11Resource *src)
{
    struct dc_cmd *c = rec_one(iface, DC_COPY, dst);
    if (c)
        c->o[1] = hold(dc_from(iface), src);
}

static void STDMETHODCALLTYPE dc_ResolveSubresource(ID3D11DeviceContext *iface,
                                                    ID3D11Resource *dst, UINT dst_sub,
                                                    ID3D11Resource *src, UINT src_sub,
                                                    DXGI_FORMAT format)
{
    struct dc_cmd *c = rec_one(iface, DC_RESOLVE, dst);
    if (c) {
        c->o[1] = hold(dc_from(iface), src);
        c->u[0] = dst_sub;
        c->u[1] = src_sub;
        c->u[2] = (UINT)format;
    }
}

/* The bytes UpdateSubresource reads: rows of row_bytes, rows of them in
 * each of slices, pitch and depth_pitch apart (a buffer: one row).  False
 * where the immediate context writes nothing (an empty box, or one past
 * the subresource, an unknown resource). */
static bool update_extent(ID3D11Resource *res, UINT sub, const D3D11_BOX *box, UINT *row_bytes,
                          UINT *rows, UINT *slices, size_t *offset, UINT pitch, UINT depth_pitch)
{
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_texture *t = d11_texture_from(res);
    if (box && (box->right <= box->left || box->bottom <= box->top || box->back <= box->front))
        return false;
    if (b) {
        UINT from = box ? box->left : 0, to = box ? box->right : b->desc.ByteWidth;
        if (sub || to > b->desc.ByteWidth)
            return false;
        *row_bytes = to - from;
        *rows = *slices = 1;
        *offset = from; /* the runtime's emulation: data + the box's offset */
        return true;
    }
    if (t && sub < t->levels * t->layers) {
        const struct wire_format_info *f = wire_format_get(t->wire_format);
        uint32_t lw, lh, ld = d11_texture_slices(t, sub % t->levels);
        UINT w, h;
        d11_texture_level(t, sub % t->levels, &lw, &lh, NULL, NULL);
        if (box && (box->right > lw || box->bottom > lh || box->back > ld))
            return false;
        w = box ? box->right - box->left : lw;
        h = box ? box->bottom - box->top : lh;
        *row_bytes = (w + f->block_w - 1) / f->block_w * f->block_bytes;
        *rows = (h + f->block_h - 1) / f->block_h;
        *slices = box ? box->back - box->front : ld;
        *offset = box ? (size_t)box->front * depth_pitch + (size_t)(box->top / f->block_h) * pitch +
                            (size_t)(box->left / f->block_w) * f->block_bytes
                      : 0;
        return true;
    }
    return false;
}

static void STDMETHODCALLTYPE dc_UpdateSubresource(ID3D11DeviceContext *iface,
                                                   ID3D11Resource *res, UINT sub,
                                                   const D3D11_BOX *box, const void *data,
                                                   UINT pitch, UINT depth_pitch)
{
    struct d11_deferred *dc = dc_from(iface);
    UINT row_bytes, rows, slices;
    size_t offset, size, head = box ? sizeof(*box) : 0;
    struct dc_cmd *c;
    uint8_t *to;
    if (!data || !update_extent(res, sub, box, &row_bytes, &rows, &slices, &offset, pitch,
                                depth_pitch))
        return;
    size = (size_t)row_bytes * rows * slices;
    if (!(c = rec(dc, DC_UPDATE, 0, head + size)))
        return;
    c->o[0] = hold(dc, res);
    c->u[0] = sub;
    c->u[1] = row_bytes;
    c->u[2] = row_bytes * rows;
    c->flags = box ? F_A : 0;
    to = blob_of(c);
    if (box)
        memcpy(to, box, sizeof(*box));
    to += head;
    for (UINT z = 0; z < slices; z++)
        for (UINT y = 0; y < rows; y++) {
            memcpy(to, (const uint8_t *)data + offset + (size_t)z * depth_pitch +
                           (size_t)y * pitch, row_bytes);
            to += row_bytes;
        }
}

static void STDMETHODCALLTYPE dc_ClearRenderTargetView(ID3D11DeviceContext *iface,
                                                       ID3D11RenderTargetView *v,
                                                       const FLOAT color[4])
{
    struct dc_cmd *c;
    if (!color)
        return; /* the immediate context reads it */
    if ((c = rec_one(iface, DC_CLEAR_RTV, v)))
        memcpy(c->f, color, sizeof(c->f));
}

static void STDMETHODCALLTYPE dc_ClearUnorderedAccessViewUint(ID3D11DeviceContext *iface,
                                                              ID3D11UnorderedAccessView *v,
                                                              const UINT values[4])
{
    struct dc_cmd *c;
    if (values && (c = rec_one(iface, DC_CLEAR_UAV_UINT, v)))
        memcpy(c->u, values, 4 * sizeof(UINT));
}

static void STDMETHODCALLTYPE dc_ClearUnorderedAccessViewFloat(ID3D11DeviceContext *iface,
                                                               ID3D11UnorderedAccessView *v,
                                                               const FLOAT values[4])
{
    struct dc_cmd *c;
    if (values && (c = rec_one(iface, DC_CLEAR_UAV_FLOAT, v)))
        memcpy(c->f, values, sizeof(c->f));
}

static void STDMETHODCALLTYPE dc_ClearDepthStencilView(ID3D11DeviceContext *iface,
                                                       ID3D11DepthStencilView *v, UINT flags,
                                                       FLOAT depth, UINT8 stencil)
{
    struct dc_cmd *c = rec_one(iface, DC_CLEAR_DSV, v);
    if (c) {
        c->u[0] = flags;
        c->u[1] = stencil;
        c->f[0] = depth;
    }
}

static void STDMETHODCALLTYPE dc_GenerateMips(ID3D11DeviceContext *iface,
                                              ID3D11ShaderResourceView *v)
{
    rec_one(iface, DC_GENERATE_MIPS, v);
}

static void STDMETHODCALLTYPE dc_ClearView(ID3D11DeviceContext1 *iface, ID3D11View *view,
                                           const FLOAT color[4], const D3D11_RECT *rects, UINT n)
{
    struct d11_deferred *dc = dc_from((ID3D11DeviceContext *)iface);
    struct dc_cmd *c;
    if (!color || (n && !rects))
        return;
    if ((c = rec(dc, DC_CLEAR_VIEW, 0, (size_t)n * sizeof(*rects)))) {
        c->o[0] = hold(dc, view);
        c->u[0] = n;
        memcpy(c->f, color, sizeof(c->f));
        if (n)
            memcpy(blob_of(c), rects, (size_t)n * sizeof(*rects));
    }
}

/* A nested list: recorded, and the deferred context's state after it is
 * what the immediate context's is after one (kept, or cleared). */
static void STDMETHODCALLTYPE dc_ExecuteCommandList(ID3D11DeviceContext *iface,
                                                    ID3D11CommandList *l, BOOL restore)
{
    struct dc_cmd *c;
    if (!list_from(l))
        return;
    if ((c = rec_one(iface, DC_EXECUTE, l)))
        c->u[0] = restore;
    if (!restore)
        D11_IMM.ClearState(iface);
}

static void STDMETHODCALLTYPE dc_Flush(ID3D11DeviceContext *iface)
{
    (void)iface; /* nothing was sent */
}

static D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE dc_GetType(ID3D11DeviceContext *iface)
{
    (void)iface;
    return D3D11_DEVICE_CONTEXT_DEFERRED;
}

/* ------------------------------------------------------------ Map */

static struct dc_map *map_find(struct d11_deferred *dc, ID3D11Resource *res, UINT sub)
{
    for (size_t i = 0; i < dc->map_count; i++)
        if (dc->maps[i].res == res && dc->maps[i].sub == sub)
            return &dc->maps[i];
    return NULL;
}

/* The bytes the list last wrote into a subresource, NULL where none. */
static const uint8_t *written(struct d11_deferred *dc, ID3D11Resource *res, UINT sub)
{
    struct dc_rec *r = &dc->rec;
    for (size_t i = r->written_count; i-- > 0;)
        if (r->written[i].res == res && r->written[i].sub == sub)
            return blob_of((struct dc_cmd *)(r->cmds + r->written[i].at));
    return NULL;
}

/* A deferred context maps DYNAMIC resources for writing only: WRITE_DISCARD,
 * and NO_OVERWRITE of a buffer the list discarded before (D3D11's
 * MAP_WITHOUT_INITIAL_DISCARD error otherwise).  The memory is laid out as
 * the immediate context's Map gives it (tight rows), so that the replay
 * copies it whole. */
static HRESULT STDMETHODCALLTYPE dc_Map(ID3D11DeviceContext *iface, ID3D11Resource *res, UINT sub,
                                        D3D11_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE *out)
{
    struct d11_deferred *dc = dc_from(iface);
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_texture *t = d11_texture_from(res);
    const uint8_t *before = NULL;
    uint32_t row = 0, rows = 1;
    struct dc_map *m;
    size_t size;
    (void)flags;
    if (!out)
        return E_INVALIDARG;
    out->pData = NULL;
    if (b && !sub && b->desc.Usage == D3D11_USAGE_DYNAMIC) {
        row = b->desc.ByteWidth;
        size = b->desc.ByteWidth;
    } else if (t && t->desc.Usage == D3D11_USAGE_DYNAMIC && sub < t->levels * t->layers &&
               type == D3D11_MAP_WRITE_DISCARD) {
        d11_texture_level(t, sub % t->levels, NULL, NULL, &row, &rows);
        size = (size_t)row * rows * d11_texture_slices(t, sub % t->levels);
    } else {
        return E_INVALIDARG;
    }
    if (type == D3D11_MAP_WRITE_NO_OVERWRITE) {
        if (!(before = written(dc, res, sub)))
            return D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD;
    } else if (type != D3D11_MAP_WRITE_DISCARD) {
        return E_INVALIDARG;
    }
    if (map_find(dc, res, sub))
        return E_INVALIDARG;
    if (!nr_array_reserve((void **)&dc->maps, &dc->map_cap, dc->map_count + 1,
                          sizeof(*dc->maps)))
        return E_OUTOFMEMORY;
    m = &dc->maps[dc->map_count];
    if (!(m->data = before ? malloc(size) : calloc(1, size)))
        return E_OUTOFMEMORY;
    if (before)
        memcpy(m->data, before, size);
    m->res = res;
    m->sub = sub;
    m->type = type;
    m->size = size;
    d11_child_bind(child_of(res)); /* the resource stays while mapped here */
    dc->map_count++;
    out->pData = m->data;
    out->RowPitch = row;
    out->DepthPitch = row * rows;
    return S_OK;
}

static void STDMETHODCALLTYPE dc_Unmap(ID3D11DeviceContext *iface, ID3D11Resource *res, UINT sub)
{
    struct d11_deferred *dc = dc_from(iface);
    struct dc_map *m = map_find(dc, res, sub);
    struct dc_rec *r = &dc->rec;
    size_t at = r->len;
    struct dc_cmd *c;
    if (!m)
        return;
    if ((c = rec(dc, DC_WRITE, 0, m->size))) {
        c->o[0] = hold(dc, res);
        c->u[0] = sub;
        c->u[1] = m->type;
        memcpy(blob_of(c), m->data, m->size);
        if (nr_array_reserve((void **)&r->written, &r->written_cap, r->written_count + 1,
                             sizeof(*r->written)))
            r->written[r->written_count++] = (struct dc_written){res, sub, at};
        else
            dc->oom = true;
    }
    d11_child_unbind(child_of(res));
    free(m->data);
    *m = dc->maps[--dc->map_count];
}

/* ------------------------------------------------------------ the list */

D11_CHILD_METHODS(list, ID3D11CommandList, struct d11_list, iface)
D11_CHILD_QI(list, ID3D11CommandList, &IID_ID3D11CommandList, NULL, NULL)

static UINT STDMETHODCALLTYPE list_GetContextFlags(ID3D11CommandList *iface)
{
    (void)iface;
    return 0;
}

static void list_destroy(struct d11_list *l)
{
    rec_cleanup(&l->rec);
    free(l);
}

static const ID3D11CommandListVtbl list_vtbl = {
    list_QueryInterface,  list_AddRef,         list_Release,
    list_GetDevice,       list_GetPrivateData, list_SetPrivateData,
    list_SetPrivateDataInterface,              list_GetContextFlags,
};

/* The list so far becomes a command list; the deferred context starts the
 * next one with its state kept (a snapshot at the list's start) or
 * cleared. */
static HRESULT STDMETHODCALLTYPE dc_FinishCommandList(ID3D11DeviceContext *iface, BOOL restore,
                                                      ID3D11CommandList **out)
{
    struct d11_deferred *dc = dc_from(iface);
    struct d11_list *l;
    struct dc_cmd *c;
    HRESULT hr = S_OK;
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    maps_clear(dc); /* still mapped: D3D11 leaves such a map undefined; dropped */
    if (dc->oom || !(l = calloc(1, sizeof(*l)))) {
        hr = E_OUTOFMEMORY;
        rec_cleanup(&dc->rec);
    } else {
        l->iface.lpVtbl = &list_vtbl;
        d11_child_init(&l->c, dc->ctx.dev, list_destroy_child);
        l->rec = dc->rec;
        free(l->rec.written); /* only recording needs it */
        l->rec.written = NULL;
        l->rec.written_count = l->rec.written_cap = 0;
        memset(&dc->rec, 0, sizeof(dc->rec));
        *out = &l->iface;
    }
    dc->oom = false;
    if (!restore) {
        D11_IMM.ClearState(iface);
        return hr;
    }
    if ((c = rec(dc, DC_STATE, 0, 0)) && (c->state = calloc(1, sizeof(*c->state)))) {
        d11_context_init(c->state, dc->ctx.dev);
        d11_context_copy_state(c->state, &dc->ctx);
    } else {
        dc->oom = true;
    }
    return hr;
}

/* ------------------------------------------------------------ replay */

static void replay(struct d11_context *imm, const struct dc_rec *r)
{
    ID3D11DeviceContext *ctx = &imm->iface;
    for (size_t at = 0; at < r->len;) {
        struct dc_cmd *c = (struct dc_cmd *)(r->cmds + at);
        void **o = objs_of(c);
        void *blob = blob_of(c);
        UINT *u = c->u;
        at += c->size;
        switch ((enum dc_op)c->op) {
        case DC_DRAW: ID3D11DeviceContext_Draw(ctx, u[0], u[1]); break;
        case DC_DRAW_INDEXED: ID3D11DeviceContext_DrawIndexed(ctx, u[0], u[1], (INT)u[2]); break;
        case DC_DRAW_INDEXED_INSTANCED:
            ID3D11DeviceContext_DrawIndexedInstanced(ctx, u[0], u[1], u[2], (INT)u[3], u[4]);
            break;
        case DC_DRAW_INSTANCED:
            ID3D11DeviceContext_DrawInstanced(ctx, u[0], u[1], u[2], u[3]);
            break;
        case DC_DRAW_AUTO: ID3D11DeviceContext_DrawAuto(ctx); break;
        case DC_DRAW_INDEXED_INDIRECT:
            ID3D11DeviceContext_DrawIndexedInstancedIndirect(ctx, c->o[0], u[0]);
            break;
        case DC_DRAW_INSTANCED_INDIRECT:
            ID3D11DeviceContext_DrawInstancedIndirect(ctx, c->o[0], u[0]);
            break;
        case DC_DISPATCH: ID3D11DeviceContext_Dispatch(ctx, u[0], u[1], u[2]); break;
        case DC_DISPATCH_INDIRECT: ID3D11DeviceContext_DispatchIndirect(ctx, c->o[0], u[0]); break;
        case DC_SHADER:
            switch ((enum d11_stage)u[0]) {
            case D11_VS: ID3D11DeviceContext_VSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_PS: ID3D11DeviceContext_PSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_GS: ID3D11DeviceContext_GSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_HS: ID3D11DeviceContext_HSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_DS: ID3D11DeviceContext_DSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_CS: ID3D11DeviceContext_CSSetShader(ctx, c->o[0], NULL, 0); break;
            case D11_STAGES: break;
            }
            break;
        case DC_CBS: {
            const UINT *first = c->flags & F_RANGES ? blob : NULL;
            const UINT *count = c->flags & F_RANGES ? (const UINT *)blob + c->n : NULL;
            d11_set_cbs1(imm, (int)u[0], u[1], u[2], (ID3D11Buffer *const *)o, first, count);
            break;
        }
        case DC_SRVS:
            VTBL_SLOT(ctx->lpVtbl, u[0], set_srvs_fn)(
                ctx, u[1], u[2], c->flags & F_A ? (ID3D11ShaderResourceView *const *)o : NULL);
            break;
        case DC_SAMPLERS:
            VTBL_SLOT(ctx->lpVtbl, u[0], set_samplers_fn)(
                ctx, u[1], u[2], c->flags & F_A ? (ID3D11SamplerState *const *)o : NULL);
            break;
        case DC_LAYOUT: ID3D11DeviceContext_IASetInputLayout(ctx, c->o[0]); break;
        case DC_VERTEX_BUFFERS:
            ID3D11DeviceContext_IASetVertexBuffers(
                ctx, u[1], u[2], c->flags & F_C ? (ID3D11Buffer *const *)o : NULL,
                c->flags & F_A ? blob : NULL, c->flags & F_B ? (UINT *)blob + c->n : NULL);
            break;
        case DC_INDEX_BUFFER:
            ID3D11DeviceContext_IASetIndexBuffer(ctx, c->o[0], (DXGI_FORMAT)u[0], u[1]);
            break;
        case DC_TOPOLOGY:
            ID3D11DeviceContext_IASetPrimitiveTopology(ctx, (D3D11_PRIMITIVE_TOPOLOGY)u[0]);
            break;
        case DC_BEGIN: ID3D11DeviceContext_Begin(ctx, c->o[0]); break;
        case DC_END: ID3D11DeviceContext_End(ctx, c->o[0]); break;
        case DC_PREDICATION: ID3D11DeviceContext_SetPredication(ctx, c->o[0], (BOOL)u[0]); break;
        case DC_TARGETS:
            ID3D11DeviceContext_OMSetRenderTargets(
                ctx, u[0], c->flags & F_A ? (ID3D11RenderTargetView *const *)o : NULL, c->o[0]);
            break;
        case DC_TARGETS_UAVS:
            ID3D11DeviceContext_OMSetRenderTargetsAndUnorderedAccessViews(
                ctx, u[0], c->flags & F_A ? (ID3D11RenderTargetView *const *)o : NULL, c->o[0],
                u[1], u[2], c->flags & F_B ? (ID3D11UnorderedAccessView *const *)(o + u[3]) : NULL,
                c->flags & F_C ? (const UINT *)blob : NULL);
            break;
        case DC_BLEND:
            ID3D11DeviceContext_OMSetBlendState(ctx, c->o[0], c->flags & F_A ? c->f : NULL, u[0]);
            break;
        case DC_DEPTH_STENCIL: ID3D11DeviceContext_OMSetDepthStencilState(ctx, c->o[0], u[0]); break;
        case DC_SO_TARGETS:
            ID3D11DeviceContext_SOSetTargets(ctx, u[0],
                                             c->flags & F_B ? (ID3D11Buffer *const *)o : NULL,
                                             c->flags & F_A ? blob : NULL);
            break;
        case DC_RASTERIZER: ID3D11DeviceContext_RSSetState(ctx, c->o[0]); break;
        case DC_VIEWPORTS:
            ID3D11DeviceContext_RSSetViewports(ctx, u[0], c->flags & F_A ? blob : NULL);
            break;
        case DC_SCISSORS:
            ID3D11DeviceContext_RSSetScissorRects(ctx, u[0], c->flags & F_A ? blob : NULL);
            break;
        case DC_COPY_REGION:
            ID3D11DeviceContext_CopySubresourceRegion(ctx, c->o[0], u[0], u[1], u[2], u[3],
                                                      c->o[1], u[4],
                                                      c->flags & F_A ? blob : NULL);
            break;
        case DC_COPY: ID3D11DeviceContext_CopyResource(ctx, c->o[0], c->o[1]); break;
        case DC_COPY_COUNT:
            ID3D11DeviceContext_CopyStructureCount(ctx, c->o[0], u[0], c->o[1]);
            break;
        case DC_RESOLVE:
            ID3D11DeviceContext_ResolveSubresource(ctx, c->o[0], u[0], c->o[1], u[1],
                                                   (DXGI_FORMAT)u[2]);
            break;
        case DC_UPDATE: {
            const D3D11_BOX *box = c->flags & F_A ? blob : NULL;
            const uint8_t *data = (const uint8_t *)blob + (box ? sizeof(*box) : 0);
            ID3D11DeviceContext_UpdateSubresource(ctx, c->o[0], u[0], box, data, u[1], u[2]);
            break;
        }
        case DC_CLEAR_RTV: ID3D11DeviceContext_ClearRenderTargetView(ctx, c->o[0], c->f); break;
        case DC_CLEAR_UAV_UINT:
            ID3D11DeviceContext_ClearUnorderedAccessViewUint(ctx, c->o[0], u);
            break;
        case DC_CLEAR_UAV_FLOAT:
            ID3D11DeviceContext_ClearUnorderedAccessViewFloat(ctx, c->o[0], c->f);
            break;
        case DC_CLEAR_DSV:
            ID3D11DeviceContext_ClearDepthStencilView(ctx, c->o[0], u[0], c->f[0], (UINT8)u[1]);
            break;
        case DC_GENERATE_MIPS: ID3D11DeviceContext_GenerateMips(ctx, c->o[0]); break;
        case DC_EXECUTE: d11_command_list_execute(imm, c->o[0], (BOOL)u[0]); break;
        case DC_CS_UAVS:
            ID3D11DeviceContext_CSSetUnorderedAccessViews(
                ctx, u[1], u[2], c->flags & F_A ? (ID3D11UnorderedAccessView *const *)o : NULL,
                c->flags & F_B ? (const UINT *)blob : NULL);
            break;
        case DC_CLEAR_STATE: ID3D11DeviceContext_ClearState(ctx); break;
        case DC_CLEAR_VIEW:
            d11_ctx1_ClearView((ID3D11DeviceContext1 *)ctx, c->o[0], c->f, u[0] ? blob : NULL,
                               u[0]);
            break;
        case DC_WRITE: {
            D3D11_MAPPED_SUBRESOURCE m;
            if (SUCCEEDED(ID3D11DeviceContext_Map(ctx, c->o[0], u[0], (D3D11_MAP)u[1], 0, &m))) {
                memcpy(m.pData, blob, c->blob_size);
                ID3D11DeviceContext_Unmap(ctx, c->o[0], u[0]);
            }
            break;
        }
        case DC_STATE: d11_context_copy_state(imm, c->state); break;
        }
    }
}

void d11_command_list_execute(struct d11_context *ctx, ID3D11CommandList *iface, BOOL restore)
{
    struct d11_list *l = list_from(iface);
    struct d11_context saved;
    if (!l)
        return;
    if (restore) {
        d11_context_init(&saved, ctx->dev);
        d11_context_copy_state(&saved, ctx);
    }
    ID3D11DeviceContext_ClearState(&ctx->iface);
    replay(ctx, &l->rec);
    if (restore) {
        d11_context_copy_state(ctx, &saved);
        d11_context_cleanup(&saved);
    } else {
        ID3D11DeviceContext_ClearState(&ctx->iface);
    }
}

/* ------------------------------------------------------------ creation */

/* Fences are the immediate context's alone; Flush1 of a deferred context
 * has nothing to flush. */
static HRESULT STDMETHODCALLTYPE dc_FenceCall(ID3D11DeviceContext4 *iface, ID3D11Fence *f,
                                              UINT64 value)
{
    (void)iface, (void)f, (void)value;
    return DXGI_ERROR_INVALID_CALL;
}

static void STDMETHODCALLTYPE dc_Flush1(ID3D11DeviceContext4 *iface, D3D11_CONTEXT_TYPE type,
                                        HANDLE event)
{
    (void)iface, (void)type, (void)event;
}

static struct d11_context_vtbl deferred_vtbl;
static pthread_once_t deferred_vtbl_once = PTHREAD_ONCE_INIT;

/* The immediate context's table (its getters, QueryInterface, private
 * data, GetDevice and what the immediate context ignores), with the
 * deferred context's recorders over every method that sets or does. */
static void deferred_vtbl_init(void)
{
    ID3D11DeviceContextVtbl *v = &deferred_vtbl.base;
    deferred_vtbl = d11_immediate_vtbl;
    v->AddRef = dc_AddRef;
    v->Release = dc_Release;
#define STAGE(S)                                                                             \
    v->S##SetShader = dc_##S##SetShader;                                                     \
    v->S##SetConstantBuffers = dc_##S##SetConstantBuffers;                                   \
    v->S##SetShaderResources = dc_##S##SetShaderResources;                                   \
    v->S##SetSamplers = dc_##S##SetSamplers;
    STAGE(VS)
    STAGE(PS)
    STAGE(GS)
    STAGE(HS)
    STAGE(DS)
    STAGE(CS)
#undef STAGE
    deferred_vtbl.v1.SetConstantBuffers1[0] = dc_VSSetConstantBuffers1;
    deferred_vtbl.v1.SetConstantBuffers1[1] = dc_HSSetConstantBuffers1;
    deferred_vtbl.v1.SetConstantBuffers1[2] = dc_DSSetConstantBuffers1;
    deferred_vtbl.v1.SetConstantBuffers1[3] = dc_GSSetConstantBuffers1;
    deferred_vtbl.v1.SetConstantBuffers1[4] = dc_PSSetConstantBuffers1;
    deferred_vtbl.v1.SetConstantBuffers1[5] = dc_CSSetConstantBuffers1;
    deferred_vtbl.v1.ClearView = dc_ClearView;
    v->DrawIndexed = dc_DrawIndexed;
    v->Draw = dc_Draw;
    v->Map = dc_Map;
    v->Unmap = dc_Unmap;
    v->IASetInputLayout = dc_IASetInputLayout;
    v->IASetVertexBuffers = dc_IASetVertexBuffers;
    v->IASetIndexBuffer = dc_IASetIndexBuffer;
    v->DrawIndexedInstanced = dc_DrawIndexedInstanced;
    v->DrawInstanced = dc_DrawInstanced;
    v->IASetPrimitiveTopology = dc_IASetPrimitiveTopology;
    v->Begin = dc_Begin;
    v->End = dc_End;
    v->GetData = dc_GetData;
    v->SetPredication = dc_SetPredication;
    v->OMSetRenderTargets = dc_OMSetRenderTargets;
    v->OMSetRenderTargetsAndUnorderedAccessViews = dc_OMSetRenderTargetsAndUnorderedAccessViews;
    v->OMSetBlendState = dc_OMSetBlendState;
    v->OMSetDepthStencilState = dc_OMSetDepthStencilState;
    v->SOSetTargets = dc_SOSetTargets;
    v->DrawAuto = dc_DrawAuto;
    v->DrawIndexedInstancedIndirect = dc_DrawIndexedInstancedIndirect;
    v->DrawInstancedIndirect = dc_DrawInstancedIndirect;
    v->Dispatch = dc_Dispatch;
    v->DispatchIndirect = dc_DispatchIndirect;
    v->RSSetState = dc_RSSetState;
    v->RSSetViewports = dc_RSSetViewports;
    v->RSSetScissorRects = dc_RSSetScissorRects;
    v->CopySubresourceRegion = dc_CopySubresourceRegion;
    v->CopyResource = dc_CopyResource;
    v->CopyStructureCount = dc_CopyStructureCount;
    v->ResolveSubresource = dc_ResolveSubresource;
    v->UpdateSubresource = dc_UpdateSubresource;
    v->ClearRenderTargetView = dc_ClearRenderTargetView;
    v->ClearUnorderedAccessViewUint = dc_ClearUnorderedAccessViewUint;
    v->ClearUnorderedAccessViewFloat = dc_ClearUnorderedAccessViewFloat;
    v->ClearDepthStencilView = dc_ClearDepthStencilView;
    v->GenerateMips = dc_GenerateMips;
    v->ExecuteCommandList = dc_ExecuteCommandList;
    v->CSSetUnorderedAccessViews = dc_CSSetUnorderedAccessViews;
    v->ClearState = dc_ClearState;
    v->Flush = dc_Flush;
    v->GetType = dc_GetType;
    v->FinishCommandList = dc_FinishCommandList;
    deferred_vtbl.v4.Signal = dc_FenceCall;
    deferred_vtbl.v4.Wait = dc_FenceCall;
    deferred_vtbl.v4.Flush1 = dc_Flush1;
}

HRESULT d11_deferred_create(struct d11_device *dev, UINT flags, ID3D11DeviceContext **out)
{
    struct d11_deferred *dc;
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (flags)
        return E_INVALIDARG;
    if (!(dc = calloc(1, sizeof(*dc))))
        return E_OUTOFMEMORY;
    pthread_once(&deferred_vtbl_once, deferred_vtbl_init);
    d11_context_init(&dc->ctx, dev);
    dc->ctx.iface.lpVtbl = &deferred_vtbl.base;
    dc->ctx.refcount = 1;
    ID3D11Device_AddRef(&dev->iface);
    *out = &dc->ctx.iface;
    return S_OK;
}
