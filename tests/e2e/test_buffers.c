/* Vertex and index buffers over every transport: the pools, the lock flags
 * (a plain lock is ordered after earlier draws, DISCARD renames without
 * disturbing them, NOOVERWRITE appends; pixels and the server's rename and
 * ordered-copy counters), DrawPrimitive,
 * DrawIndexedPrimitive with 16- and 32-bit indices, DrawIndexedPrimitiveUP,
 * every primitive type, and the documented error returns. */
#define _GNU_SOURCE
#include "dxso_asm.h"
#include "e2e_util.h"
#include "harness.h"

#include <stdlib.h>
#include <string.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define W 64
#define H 64
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

/* A quad (two triangles) covering [x0,x1) x [y0,y1). */
static void quad(struct vertex *v, float x0, float y0, float x1, float y1, DWORD c)
{
    v[0] = (struct vertex){x0, y0, 0, 1, c};
    v[1] = (struct vertex){x1, y0, 0, 1, c};
    v[2] = (struct vertex){x0, y1, 0, 1, c};
    v[3] = (struct vertex){x1, y0, 0, 1, c};
    v[4] = (struct vertex){x1, y1, 0, 1, c};
    v[5] = (struct vertex){x0, y1, 0, 1, c};
}

static void check(const DWORD *px, const char *t, const char *what, int x, int y,
                  DWORD want)
{
    DWORD got = px[y * W + x];
    ok(e2e_color_near(got, want, 1), "%s: %s: pixel (%d,%d) is %08x, expected %08x",
       t, what, x, y, (unsigned)got, (unsigned)want);
}

static IDirect3DVertexBuffer9 *make_vb(IDirect3DDevice9 *dev, UINT n, DWORD usage,
                                       D3DPOOL pool)
{
    IDirect3DVertexBuffer9 *vb = NULL;
    HRESULT hr = IDirect3DDevice9_CreateVertexBuffer(dev, n * sizeof(struct vertex),
                                                     usage, FVF, pool, &vb, NULL);
    ok(hr == D3D_OK, "CreateVertexBuffer(pool %d): %#x", pool, (unsigned)hr);
    return vb;
}

static void fill(IDirect3DVertexBuffer9 *vb, UINT first, const struct vertex *v, UINT n,
                 DWORD flags)
{
    void *p;
    HRESULT hr = IDirect3DVertexBuffer9_Lock(vb, first * sizeof(*v), n * sizeof(*v), &p,
                                             flags);
    ok(hr == D3D_OK, "Lock: %#x", (unsigned)hr);
    if (SUCCEEDED(hr)) {
        memcpy(p, v, n * sizeof(*v));
        ok(IDirect3DVertexBuffer9_Unlock(vb) == D3D_OK, "Unlock");
    }
}

/* The server's buffer versions, seen through nereid_device_get_stats:
 * a DISCARD lock of a dynamic buffer a pending draw reads renames it (and
 * copies nothing in the command stream), so the draw keeps the old
 * vertices; NOOVERWRITE neither renames nor copies; a plain lock of a
 * buffer a pending draw reads is copied in the command stream after that
 * draw, without a rename.  The counters are read only between the steps:
 * the round trip hands the recorded draws to the GPU, after which they
 * are no longer pending for the next lock. */
static void test_renames(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DVertexBuffer9 *dyn, *plain;
    struct nereid_stats s0, s1, s2, s3;
    struct vertex v[6];
    DWORD *px;
    bool have = true;

    dyn = make_vb(dev, 12, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT);
    plain = make_vb(dev, 6, D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT);
    if (!dyn || !plain)
        goto out;
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    /* Contents no draw has read yet. */
    quad(v, 0, 0, 16, 8, 0xffff0000);
    fill(dyn, 0, v, 6, D3DLOCK_DISCARD);
    quad(v, 0, 8, 16, 16, 0xffffff00);
    fill(plain, 0, v, 6, 0);
    have &= ok(nereid_device_get_stats(dev, &s0) == D3D_OK, "%s: stats", name);

    /* DISCARD while a draw reads the buffer. */
    IDirect3DDevice9_SetStreamSource(dev, 0, dyn, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    quad(v, 16, 0, 32, 8, 0xff00ff00);
    fill(dyn, 0, v, 6, D3DLOCK_DISCARD);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    have &= ok(nereid_device_get_stats(dev, &s1) == D3D_OK, "%s: stats", name);

    /* NOOVERWRITE behind a pending draw of the same buffer. */
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    quad(v, 32, 0, 48, 8, 0xff0000ff);
    fill(dyn, 6, v, 6, D3DLOCK_NOOVERWRITE);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6, 2);
    have &= ok(nereid_device_get_stats(dev, &s2) == D3D_OK, "%s: stats", name);

    /* A plain lock of a static buffer a pending draw reads. */
    IDirect3DDevice9_SetStreamSource(dev, 0, plain, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    quad(v, 16, 8, 32, 16, 0xff00ffff);
    fill(plain, 0, v, 6, 0);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    have &= ok(nereid_device_get_stats(dev, &s3) == D3D_OK, "%s: stats", name);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DDevice9_EndScene(dev);

    if (have) {
        ok(s1.server_renames > s0.server_renames,
           "%s: DISCARD of a buffer a pending draw reads renames (%llu -> %llu)", name,
           (unsigned long long)s0.server_renames, (unsigned long long)s1.server_renames);
        ok(s1.server_ordered_copies == s0.server_ordered_copies,
           "%s: DISCARD copies nothing in the command stream (%llu -> %llu)", name,
           (unsigned long long)s0.server_ordered_copies,
           (unsigned long long)s1.server_ordered_copies);
        ok(s2.server_renames == s1.server_renames &&
               s2.server_ordered_copies == s1.server_ordered_copies,
           "%s: NOOVERWRITE neither renames nor orders (renames %llu -> %llu, copies "
           "%llu -> %llu)", name, (unsigned long long)s1.server_renames,
           (unsigned long long)s2.server_renames,
           (unsigned long long)s1.server_ordered_copies,
           (unsigned long long)s2.server_ordered_copies);
        ok(s3.server_ordered_copies > s2.server_ordered_copies,
           "%s: a plain lock of a buffer a pending draw reads is ordered after it "
           "(%llu -> %llu)", name, (unsigned long long)s2.server_ordered_copies,
           (unsigned long long)s3.server_ordered_copies);
        ok(s3.server_renames == s2.server_renames, "%s: a plain lock does not rename", name);
    }
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: read back", name)) {
        check(px, name, "counted DISCARD, first draw", 8, 4, 0xffff0000);
        check(px, name, "counted DISCARD, second draw", 24, 4, 0xff00ff00);
        check(px, name, "counted NOOVERWRITE", 40, 4, 0xff0000ff);
        check(px, name, "counted plain lock, first draw", 8, 12, 0xffffff00);
        check(px, name, "counted plain lock, second draw", 24, 12, 0xff00ffff);
        check(px, name, "counted, background", 56, 12, 0xff000000);
        free(px);
    }
out:
    if (dyn)
        IDirect3DVertexBuffer9_Release(dyn);
    if (plain)
        IDirect3DVertexBuffer9_Release(plain);
}

/* The GPU queue is shared: the server hands a context's work to it in
 * slices (at most 2^22 vertices or 16,384 draws a submission, instances
 * counted).  Two instanced draws of 3 x 1,500,000 vertices each, recorded
 * back to back, are two slices: at least two submissions where one would
 * otherwise take both (and the pixels are still right). */
static void test_slices(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DVertexBuffer9 *vb = make_vb(dev, 3, D3DUSAGE_WRITEONLY, D3DPOOL_MANAGED);
    IDirect3DIndexBuffer9 *ib = NULL;
    struct nereid_stats s0, s1;
    struct vertex v[3] = {{0, 0, 0, 1, 0xff00ff00}, {8, 0, 0, 1, 0xff00ff00},
                          {0, 8, 0, 1, 0xff00ff00}};
    WORD *idx;
    DWORD *px;

    if (!vb || IDirect3DDevice9_CreateIndexBuffer(dev, 6, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED,
                                                  &ib, NULL) != D3D_OK ||
        IDirect3DIndexBuffer9_Lock(ib, 0, 0, (void **)&idx, 0) != D3D_OK) {
        ok(0, "%s: slices: buffers", name);
        goto out;
    }
    idx[0] = 0, idx[1] = 1, idx[2] = 2;
    IDirect3DIndexBuffer9_Unlock(ib);
    fill(vb, 0, v, 3, 0);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
    IDirect3DDevice9_SetIndices(dev, ib);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 1500000u);
    if (ok(nereid_device_get_stats(dev, &s0) == D3D_OK, "%s: slices: stats", name)) {
        ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1) ==
                   D3D_OK &&
               IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1) ==
                   D3D_OK,
           "%s: two draws of 1,500,000 instances", name);
        bool have = nereid_device_get_stats(dev, &s1) == D3D_OK;
        ok(have && s1.server_submits - s0.server_submits >= 2,
           "%s: they go to the GPU as two slices (%llu submissions)", name,
           have ? (unsigned long long)(s1.server_submits - s0.server_submits) : 0ull);
    }
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, 1);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (px) {
        check(px, name, "sliced instanced draws", 2, 2, 0xff00ff00);
        free(px);
    }
out:
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
}

/* A wire opcode by its name (the tests' view of the wire: nereid.h). */
static unsigned op_named(const char *n)
{
    for (unsigned i = 0; i < 48; i++)
        if (!strcmp(nereid_wire_op_name(i), n))
            return i;
    ok(0, "a wire record named %s", n);
    return 47;
}

/* Draws of one state block back to back travel as one DRAW_MULTI record
 * (issue 13), and a list's draw of the vertices (indices, UP bytes) after
 * the last one's joins it: one span, one Vulkan draw.  Every one of them
 * reaches the target; a state change starts a new record; strips and
 * indexed draws of another base vertex do not join (their joint would
 * draw what the application did not). */
static void test_merged_draws(IDirect3DDevice9 *dev, const char *name)
{
    const unsigned DRAW = op_named("DRAW"), DRAW_MULTI = op_named("DRAW_MULTI");
    const unsigned DRAW_UP = op_named("DRAW_UP"), DRAW_UP_MULTI = op_named("DRAW_UP_MULTI");
    const unsigned DRAW_INDEXED = op_named("DRAW_INDEXED");
    /* Reference mode sends every state anew before each draw: nothing
     * merges there (its frames must match these all the same). */
    const bool merging = !getenv("NEREID_REFERENCE_STATE") ||
                         strcmp(getenv("NEREID_REFERENCE_STATE"), "1");
    static const DWORD colors[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffff00};
    static const WORD idx[12] = {0, 1, 2, 2, 1, 3, 0, 1, 2, 2, 1, 3};
    IDirect3DVertexBuffer9 *vb = make_vb(dev, 40, D3DUSAGE_WRITEONLY, D3DPOOL_MANAGED);
    IDirect3DIndexBuffer9 *ib = NULL;
    struct nereid_stats s0, s1;
    struct vertex v[40];
    DWORD *px;
    void *p;
    bool have;

    if (!vb)
        return;
    if (FAILED(IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16,
                                                  D3DPOOL_MANAGED, &ib, NULL)) ||
        FAILED(IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0))) {
        ok(0, "%s: an index buffer for merged draws", name);
        IDirect3DVertexBuffer9_Release(vb);
        return;
    }
    memcpy(p, idx, sizeof(idx));
    IDirect3DIndexBuffer9_Unlock(ib);
    /* Rows 0-15: four quads of two triangles (vertices 0-23).  Rows
     * 16-31: two strip quads, 16 wide with 16 between them (vertices
     * 24-31); joined, the strip would bridge the gap.  Rows 32-47 come
     * from indexed draws of vertices 32-35 and 36-39. */
    for (int i = 0; i < 4; i++)
        quad(v + 6 * i, 16.0f * i, 0, 16.0f * i + 16, 16, colors[i]);
    for (int i = 0; i < 2; i++) {
        struct vertex q[6];
        quad(q, 32.0f * i, 16, 32.0f * i + 16, 32, colors[i]);
        v[24 + 4 * i] = q[0], v[25 + 4 * i] = q[1], v[26 + 4 * i] = q[2];
        v[27 + 4 * i] = q[4]; /* 0 1 2, 2 1 3: the strip order */
    }
    for (int i = 0; i < 2; i++) {
        struct vertex q[6];
        quad(q, 32.0f * i, 32, 32.0f * i + 16, 48, colors[2 + i]);
        v[32 + 4 * i] = q[0], v[33 + 4 * i] = q[1], v[34 + 4 * i] = q[2];
        v[35 + 4 * i] = q[4];
    }
    fill(vb, 0, v, 40, 0);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2); /* the block is built */
    /* In order: one DRAW of one span. */
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    for (int i = 0; i < 4; i++)
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6 * i, 2);
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging ||
           (have && s1.records_by_op[DRAW] - s0.records_by_op[DRAW] == 1 &&
            s1.records_by_op[DRAW_MULTI] == s0.records_by_op[DRAW_MULTI] &&
            s1.server_draws - s0.server_draws == 1),
       "%s: four draws of consecutive vertices are one draw (%llu server draws)", name,
       (unsigned long long)(s1.server_draws - s0.server_draws));
    /* Backwards: one DRAW_MULTI of four spans. */
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    for (int i = 3; i >= 0; i--)
        IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6 * i, 2);
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging ||
           (have && s1.records_by_op[DRAW_MULTI] - s0.records_by_op[DRAW_MULTI] == 1 &&
            s1.records_by_op[DRAW] == s0.records_by_op[DRAW] &&
            s1.server_draws - s0.server_draws == 4),
       "%s: four draws of one block are one record, four draws on the server", name);
    /* Two draws with another fill mode between them (another block): two
     * records. */
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_WIREFRAME);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6, 2);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_FILLMODE, D3DFILL_SOLID);
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(have && s1.records_by_op[DRAW] - s0.records_by_op[DRAW] == 2 &&
           s1.records_by_op[DRAW_MULTI] == s0.records_by_op[DRAW_MULTI],
       "%s: a state change between two draws: two records", name);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6, 2); /* its quad solid again */
    /* Strips of consecutive vertices: two spans. */
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 24, 2); /* the block */
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 24, 2);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 28, 2);
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging || (have && s1.server_draws - s0.server_draws == 2),
       "%s: strips do not join (%llu server draws)", name,
       (unsigned long long)(s1.server_draws - s0.server_draws));
    /* Indexed: the same base vertex joins, another does not. */
    IDirect3DDevice9_SetIndices(dev, ib);
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 32, 0, 4, 0, 2);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 32, 0, 4, 6, 2);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 36, 0, 4, 0, 2);
    IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 36, 0, 4, 6, 2);
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging || (have && s1.records_by_op[DRAW_INDEXED] - s0.records_by_op[DRAW_INDEXED] == 2),
       "%s: indexed draws join with one base vertex (%llu records)", name,
       (unsigned long long)(s1.records_by_op[DRAW_INDEXED] - s0.records_by_op[DRAW_INDEXED]));
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    /* Rows 48-55 from DrawPrimitiveUP lists: one span (each draw's
     * vertices follow the last one's in the stage ring, whatever the
     * application's pointers); rows 56-63 from UP strips: one
     * DRAW_UP_MULTI. */
    for (int i = 0; i < 4; i++) {
        struct vertex q[6];
        quad(v + 6 * i, 16.0f * i, 48, 16.0f * i + 16, 56, colors[3 - i]);
        quad(q, 16.0f * i, 56, 16.0f * i + 12, 64, colors[i]);
        v[24 + 4 * i] = q[0], v[25 + 4 * i] = q[1], v[26 + 4 * i] = q[2], v[27 + 4 * i] = q[4];
    }
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    for (int i = 0; i < 4; i++)
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v + 6 * i, sizeof(v[0]));
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging ||
           (have && s1.records_by_op[DRAW_UP] - s0.records_by_op[DRAW_UP] == 1 &&
            s1.records_by_op[DRAW_UP_MULTI] == s0.records_by_op[DRAW_UP_MULTI] &&
            s1.server_draws - s0.server_draws == 1),
       "%s: four UP draws in a row are one draw (%llu server draws)", name,
       (unsigned long long)(s1.server_draws - s0.server_draws));
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v + 24, sizeof(v[0]));
    have = nereid_device_get_stats(dev, &s0) == D3D_OK;
    for (int i = 0; i < 4; i++)
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v + 24 + 4 * i,
                                         sizeof(v[0]));
    have = have && nereid_device_get_stats(dev, &s1) == D3D_OK;
    ok(!merging ||
           (have &&
            s1.records_by_op[DRAW_UP_MULTI] - s0.records_by_op[DRAW_UP_MULTI] == 1 &&
            s1.records_by_op[DRAW_UP] == s0.records_by_op[DRAW_UP] &&
            s1.server_draws - s0.server_draws == 4),
       "%s: four UP strips of one block are one record, four draws on the server", name);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (px) {
        for (int i = 0; i < 4; i++) {
            check(px, name, "merged draws", 16 * i + 8, 8, colors[i]);
            check(px, name, "merged UP draws", 16 * i + 8, 52, colors[3 - i]);
            check(px, name, "UP strips", 16 * i + 6, 60, colors[i]);
            check(px, name, "UP strips: nothing between them", 16 * i + 14, 60, 0xff000000);
        }
        for (int i = 0; i < 2; i++) {
            check(px, name, "strip draws", 32 * i + 8, 24, colors[i]);
            check(px, name, "strip draws: nothing between them", 32 * i + 24, 24, 0xff000000);
            check(px, name, "indexed draws", 32 * i + 8, 40, colors[2 + i]);
            check(px, name, "indexed draws: nothing between them", 32 * i + 24, 40,
                  0xff000000);
        }
        free(px);
    }
    IDirect3DIndexBuffer9_Release(ib);
    IDirect3DVertexBuffer9_Release(vb);
}

/* Instancing (SetStreamSourceFreq): stream 0 INDEXEDDATA | 3 draws a quad
 * three times; stream 1 INSTANCEDATA | 1 gives each instance its offset and
 * colour, which a vs_2_0 adds to the position. */
/* A draw from a vertex buffer that is still locked sees what was written
 * (Windows draws from the locked memory: Wine's visual
 * test_draw_mapped_buffer), also after a DISCARD lock. */
static void test_draw_locked(IDirect3DDevice9 *dev, const char *name)
{
    static const DWORD usage[2] = {0, D3DUSAGE_DYNAMIC};
    for (int k = 0; k < 2; k++) {
        struct {
            float x, y, z, rhw;
            DWORD c;
        } *v;
        IDirect3DVertexBuffer9 *vb = NULL;
        DWORD *px;
        DWORD c = k ? 0xff00ff00 : 0xffff0000;
        if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(*v), usage[k], FVF,
                                                       k ? D3DPOOL_DEFAULT : D3DPOOL_MANAGED,
                                                       &vb, NULL))) {
            ok(0, "%s: a vertex buffer to draw while locked", name);
            continue;
        }
        if (FAILED(IDirect3DVertexBuffer9_Lock(vb, 0, 0, (void **)&v,
                                               k ? D3DLOCK_DISCARD : 0))) {
            ok(0, "%s: lock", name);
            IDirect3DVertexBuffer9_Release(vb);
            continue;
        }
        for (int i = 0; i < 4; i++) {
            v[i].x = (i & 1) ? W : 0;
            v[i].y = (i & 2) ? H : 0;
            v[i].z = 0.5f;
            v[i].rhw = 1;
            v[i].c = c;
        }
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetFVF(dev, FVF);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*v));
        ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2) == D3D_OK,
           "%s: a draw from a locked buffer", name);
        IDirect3DDevice9_EndScene(dev);
        px = e2e_read_back(dev, W, H);
        if (px)
            check(px, name, k ? "drawn from a buffer locked with DISCARD"
                              : "drawn from a locked buffer", W / 2, H / 2, c);
        free(px);
        IDirect3DVertexBuffer9_Unlock(vb);
        IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
        IDirect3DVertexBuffer9_Release(vb);
    }
}

/* A fresh MANAGED buffer filled through a small lock, past its end: all
 * of it is drawn, as on Windows (Wine's visual test_max_index16). */
static void test_managed_first_lock(IDirect3DDevice9 *dev, const char *name)
{
    struct { float x, y, z, rhw; DWORD c; } *v;
    IDirect3DVertexBuffer9 *vb = NULL;
    DWORD *px;

    if (FAILED(IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(*v), 0, FVF,
                                                   D3DPOOL_MANAGED, &vb, NULL)) ||
        FAILED(IDirect3DVertexBuffer9_Lock(vb, 0, sizeof(*v), (void **)&v, 0))) {
        ok(0, "%s: a managed buffer locked for one vertex", name);
        if (vb)
            IDirect3DVertexBuffer9_Release(vb);
        return;
    }
    for (int i = 0; i < 4; i++) {
        v[i].x = (i & 1) ? W : 0;
        v[i].y = (i & 2) ? H : 0;
        v[i].z = 0.5f;
        v[i].rhw = 1;
        v[i].c = 0xffffff00;
    }
    IDirect3DVertexBuffer9_Unlock(vb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(*v));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLESTRIP, 0, 2);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (px) {
        check(px, name, "a managed buffer written past its first lock", W - 4, H - 4,
              0xffffff00);
        free(px);
    }
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DVertexBuffer9_Release(vb);
}

/* An element of type UNUSED before D3DDECL_END: Windows answers E_FAIL
 * (Wine's device test_unused_declaration_type). */
static void test_unused_element(IDirect3DDevice9 *dev, const char *name)
{
    UINT f = 0;
    /* A count of 0 with a kind bit is taken, as on Windows (Wine's visual
     * stream_test); 0 alone is not. */
    ok(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA) == D3D_OK &&
           IDirect3DDevice9_GetStreamSourceFreq(dev, 1, &f) == D3D_OK &&
           f == D3DSTREAMSOURCE_INSTANCEDATA,
       "%s: SetStreamSourceFreq(INSTANCEDATA | 0)", name);
    ok(IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 0) == D3DERR_INVALIDCALL,
       "%s: SetStreamSourceFreq(0) is refused", name);
    /* Clear with a count and no rectangles clears everything; rectangles
     * with a count of 0 clear nothing (Windows: Wine's visual clear_test). */
    {
        D3DRECT r = {0, 0, W, H};
        DWORD *px;
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0);
        ok(IDirect3DDevice9_Clear(dev, 0, &r, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0) == D3D_OK,
           "%s: Clear(0, rects)", name);
        px = e2e_read_back(dev, W, H);
        if (px)
            check(px, name, "Clear(0, rects) clears nothing", W / 2, H / 2, 0xffffffff);
        free(px);
        ok(IDirect3DDevice9_Clear(dev, 1, NULL, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0) == D3D_OK,
           "%s: Clear(1, NULL)", name);
        px = e2e_read_back(dev, W, H);
        if (px)
            check(px, name, "Clear(1, NULL) clears everything", W / 2, H / 2, 0xff00ff00);
        free(px);
    }
    /* A stream set to NULL keeps its offset and stride (Windows). */
    {
        IDirect3DVertexBuffer9 *vb = NULL, *got_vb = (void *)0x1;
        UINT off = 0, stride = 0;
        IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL);
        IDirect3DDevice9_SetStreamSource(dev, 2, vb, 4, 32);
        IDirect3DDevice9_SetStreamSource(dev, 2, NULL, 0, 0);
        ok(IDirect3DDevice9_GetStreamSource(dev, 2, &got_vb, &off, &stride) == D3D_OK &&
               !got_vb && off == 4 && stride == 32,
           "%s: a NULL stream keeps offset and stride (%u, %u)", name, off, stride);
        if (vb)
            IDirect3DVertexBuffer9_Release(vb);
    }
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    static const D3DVERTEXELEMENT9 e[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_UNUSED, 0, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END()};
    IDirect3DVertexDeclaration9 *d = (void *)0x1;
    static const D3DVERTEXELEMENT9 odd[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
        {0, 17, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    ok(IDirect3DDevice9_CreateVertexDeclaration(dev, e, &d) == E_FAIL && !d,
       "%s: a declaration with an UNUSED element: E_FAIL", name);
    ok(IDirect3DDevice9_CreateVertexDeclaration(dev, odd, &d) == E_FAIL && !d,
       "%s: an element at an offset off 4 bytes: E_FAIL", name);
}

static void test_instancing(IDirect3DDevice9 *dev, const char *name)
{
    static const DWORD vs[] = {VS(2, 0), DCL(U_POS, V(0)), DCL(U_TC(0), V(1)),
                               DCL(U_COL(0), V(2)), I(D3DSIO_ADD, OPOS, v(0), v(1)),
                               I(D3DSIO_MOV, OD(0), v(2)), END};
    static const D3DVERTEXELEMENT9 elems[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        {1, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END()};
    /* A quad of clip space [-1, -0.75] x [0.75, 1]: 8x8 pixels at the top left. */
    static const float quad_v[4][4] = {{-1, 1, 0.5f, 1}, {-0.75f, 1, 0.5f, 1},
                                       {-1, 0.75f, 0.5f, 1}, {-0.75f, 0.75f, 0.5f, 1}};
    static const struct {
        float off[4];
        DWORD color;
    } inst[3] = {{{0, 0, 0, 0}, 0xffff0000}, {{0.5f, 0, 0, 0}, 0xff00ff00},
                 {{1.0f, -0.5f, 0, 0}, 0xff0000ff}};
    static const WORD idx[6] = {0, 1, 2, 2, 1, 3};
    IDirect3DVertexShader9 *shader = NULL;
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexBuffer9 *geo = NULL, *per = NULL;
    IDirect3DIndexBuffer9 *ib = NULL;
    void *p;
    DWORD *px;

    if (IDirect3DDevice9_CreateVertexShader(dev, vs, &shader) != D3D_OK ||
        IDirect3DDevice9_CreateVertexDeclaration(dev, elems, &decl) != D3D_OK ||
        IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(quad_v), 0, 0, D3DPOOL_MANAGED, &geo,
                                            NULL) != D3D_OK ||
        IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(inst), 0, 0, D3DPOOL_MANAGED, &per,
                                            NULL) != D3D_OK ||
        IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16,
                                           D3DPOOL_MANAGED, &ib, NULL) != D3D_OK) {
        ok(0, "%s: instancing: objects", name);
        goto out;
    }
    IDirect3DVertexBuffer9_Lock(geo, 0, 0, &p, 0);
    memcpy(p, quad_v, sizeof(quad_v));
    IDirect3DVertexBuffer9_Unlock(geo);
    IDirect3DVertexBuffer9_Lock(per, 0, 0, &p, 0);
    memcpy(p, inst, sizeof(inst));
    IDirect3DVertexBuffer9_Unlock(per);
    IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0);
    memcpy(p, idx, sizeof(idx));
    IDirect3DIndexBuffer9_Unlock(ib);

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetVertexShader(dev, shader);
    IDirect3DDevice9_SetVertexDeclaration(dev, decl);
    IDirect3DDevice9_SetStreamSource(dev, 0, geo, 0, 16);
    IDirect3DDevice9_SetStreamSource(dev, 1, per, 0, sizeof(inst[0]));
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, D3DSTREAMSOURCE_INDEXEDDATA | 3u);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1u);
    IDirect3DDevice9_SetIndices(dev, ib);
    ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2) == D3D_OK,
       "%s: an instanced draw", name);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 0, 1);
    IDirect3DDevice9_SetStreamSourceFreq(dev, 1, 1);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
    IDirect3DDevice9_SetStreamSource(dev, 1, NULL, 0, 0);
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_SetVertexShader(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: read back", name)) {
        /* Offsets in clip space: 0.5 is a quarter of the 64-pixel width. */
        check(px, name, "instance 0", 4, 4, 0xffff0000);
        check(px, name, "instance 1", 4 + 16, 4, 0xff00ff00);
        check(px, name, "instance 2", 4 + 32, 4 + 16, 0xff0000ff);
        check(px, name, "no fourth instance", 4 + 48, 4 + 32, 0xff000000);
        free(px);
    }
out:
    if (shader)
        IDirect3DVertexShader9_Release(shader);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (geo)
        IDirect3DVertexBuffer9_Release(geo);
    if (per)
        IDirect3DVertexBuffer9_Release(per);
    if (ib)
        IDirect3DIndexBuffer9_Release(ib);
}

/* SetViewport takes a MaxZ above 1 (Wine's tests use 7.5, Windows answers
 * D3D_OK and GetViewport gives it back); drawing with it works (the depth
 * range is clamped for Vulkan), and the session is not cut off. */
static void test_depth_range(IDirect3DDevice9 *dev, const char *name)
{
    D3DVIEWPORT9 vp = {0, 0, W, H, 0.0f, 7.5f}, got = {0}, full = {0, 0, W, H, 0, 1};
    struct {
        float x, y, z;
        DWORD c;
    } q[4] = {{-1, 1, 0.5f, 0xff0000ff}, {1, 1, 0.5f, 0xff0000ff}, {-1, -1, 0.5f, 0xff0000ff},
              {1, -1, 0.5f, 0xff0000ff}};
    DWORD *px;

    ok(IDirect3DDevice9_SetViewport(dev, &vp) == D3D_OK, "%s: a viewport of MaxZ 7.5", name);
    IDirect3DDevice9_GetViewport(dev, &got);
    ok(got.MaxZ == 7.5f, "%s: GetViewport gives MaxZ back (%g)", name, (double)got.MaxZ);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) == D3D_OK,
       "%s: a draw with it", name);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetViewport(dev, &full);
    IDirect3DDevice9_SetFVF(dev, FVF);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK, "%s: the device is not lost", name);
    px = e2e_read_back(dev, W, H);
    if (px) {
        check(px, name, "MaxZ 7.5 draw", W / 2, H / 2, 0xff0000ff);
        free(px);
    }
    /* A viewport may reach past the target (Windows draws the part inside:
     * Wine's visual test_viewport): the top-left quarter of a 2W x 2H
     * viewport is the whole target. */
    {
        D3DVIEWPORT9 big = {0, 0, 2 * W, 2 * H, 0, 1};
        struct {
            float x, y, z;
            DWORD c;
        } tl[4] = {{-1, 1, 0.5f, 0xff00ff00}, {0, 1, 0.5f, 0xff00ff00},
                   {-1, 0, 0.5f, 0xff00ff00}, {0, 0, 0.5f, 0xff00ff00}};
        ok(IDirect3DDevice9_SetViewport(dev, &big) == D3D_OK,
           "%s: a viewport larger than the target", name);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, tl, sizeof(tl[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetFVF(dev, FVF);
        IDirect3DDevice9_SetViewport(dev, &full);
        px = e2e_read_back(dev, W, H);
        if (px) {
            check(px, name, "a large viewport's top-left quarter: near the corner", 2, 2,
                  0xff00ff00);
            check(px, name, "a large viewport's top-left quarter: the far corner", W - 2, H - 2,
                  0xff00ff00);
        }
        free(px);
    }
    /* A viewport whose MaxZ is left 0 puts depth at MinZ + 0.001, as the
     * runtime does (Wine's visual test_viewport, on Windows): a quad at z
     * 1 passes LESS against 0.0011 and fails it against 0.0009. */
    {
        D3DVIEWPORT9 flat = {0, 0, W, H, 0, 0};
        IDirect3DSurface9 *ds = NULL;
        ok(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8,
                                                      D3DMULTISAMPLE_NONE, 0, FALSE, &ds,
                                                      NULL) == D3D_OK,
           "%s: a depth surface", name);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
        for (int pass = 0; pass < 2; pass++) {
            q[0].z = q[1].z = q[2].z = q[3].z = 1.0f;
            IDirect3DDevice9_SetViewport(dev, &flat);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESS);
            IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000000,
                                   pass ? 0.0009f : 0.0011f, 0);
            IDirect3DDevice9_BeginScene(dev);
            IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
            IDirect3DDevice9_EndScene(dev);
            IDirect3DDevice9_SetFVF(dev, FVF);
            IDirect3DDevice9_SetViewport(dev, &full);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
            px = e2e_read_back(dev, W, H);
            if (px)
                check(px, name, pass ? "MaxZ 0: depth 0.001 fails LESS against 0.0009"
                                     : "MaxZ 0: depth 0.001 passes LESS against 0.0011",
                      W / 2, H / 2, pass ? 0xff000000 : 0xff0000ff);
            free(px);
        }
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        if (ds)
            IDirect3DSurface9_Release(ds);
    }
    /* Pre-transformed vertices whose z runs from -0.5 to 1.5 are drawn
     * whole, depth test off (Wine's visual zenable_test, on Windows). */
    {
        struct {
            float x, y, z, rhw;
            DWORD c;
        } t[4] = {{0, H, -0.5f, 1, 0xff00ff00}, {0, 0, -0.5f, 1, 0xff00ff00},
                  {W, H, 1.5f, 1, 0xff00ff00}, {W, 0, 1.5f, 1, 0xff00ff00}};
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, t, sizeof(t[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetFVF(dev, FVF);
        px = e2e_read_back(dev, W, H);
        if (px) {
            check(px, name, "pre-transformed z below 0", 2, H / 2, 0xff00ff00);
            check(px, name, "pre-transformed z above 1", W - 3, H / 2, 0xff00ff00);
            free(px);
        }
    }
}

/* After SetFVF, GetVertexDeclaration answers the declaration the runtime
 * makes of the FVF (Wine's device tests crashed on a NULL here). */
static void test_fvf_declaration(IDirect3DDevice9 *dev, const char *name)
{
    static const D3DVERTEXELEMENT9 want[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_BLENDWEIGHT, 0},
        {0, 28, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
        {0, 32, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 1},
        {0, 36, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
        {0, 44, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_TEXCOORD, 1},
        D3DDECL_END()};
    IDirect3DVertexDeclaration9 *decl = NULL;
    D3DVERTEXELEMENT9 got[16];
    UINT n = 16;

    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZB4 | D3DFVF_DIFFUSE | D3DFVF_SPECULAR |
                                     D3DFVF_TEXCOORDSIZE2(0) | D3DFVF_TEXCOORDSIZE3(1) |
                                     D3DFVF_TEX2);
    ok(IDirect3DDevice9_GetVertexDeclaration(dev, &decl) == D3D_OK && decl,
       "%s: a declaration for the FVF", name);
    if (decl) {
        ok(IDirect3DVertexDeclaration9_GetDeclaration(decl, got, &n) == D3D_OK &&
               n == sizeof(want) / sizeof(want[0]) && !memcmp(got, want, sizeof(want)),
           "%s: the FVF's declaration is the runtime's (%u elements)", name, n);
        IDirect3DVertexDeclaration9_Release(decl);
    }
    /* One declaration object an FVF, the same at every call (Wine's
     * test_fvf_decl_management, on Windows); the device's own hold is no
     * reference. */
    {
        IDirect3DVertexDeclaration9 *a = NULL, *b = NULL, *c = NULL, *d = NULL;
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW);
        IDirect3DDevice9_GetVertexDeclaration(dev, &a);
        IDirect3DDevice9_GetVertexDeclaration(dev, &b);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_NORMAL);
        IDirect3DDevice9_GetVertexDeclaration(dev, &c);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW);
        IDirect3DDevice9_GetVertexDeclaration(dev, &d);
        ok(a && a == b && a == d && c && c != a, "%s: an FVF's declaration is one object",
           name);
        if (a) {
            IDirect3DVertexDeclaration9_AddRef(a);
            ok(IDirect3DVertexDeclaration9_Release(a) == 3, "%s: held three times", name);
        }
        IUnknown *all[] = {(IUnknown *)a, (IUnknown *)b, (IUnknown *)c, (IUnknown *)d};
        for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
            if (all[i])
                all[i]->lpVtbl->Release(all[i]);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW);
        a = NULL;
        IDirect3DDevice9_GetVertexDeclaration(dev, &a);
        ok(a && a == d, "%s: and stays after the application let go", name);
        if (a)
            IDirect3DVertexDeclaration9_Release(a);
    }
    IDirect3DDevice9_SetFVF(dev, FVF);
}

/* Draws without their buffers, as Windows answers them (Wine's
 * test_draw_primitive): an *UP draw unsets stream 0's buffer even when it
 * fails (the stride stays until one succeeds) and DrawIndexedPrimitiveUP
 * the indices too; a draw from buffers with stream 0 or the indices unset
 * succeeds and draws nothing where the vertices are described, and is
 * refused where nothing describes them.  And GetFVF after a declaration:
 * XYZ or XYZRHW for a lone position, 0 otherwise. */
static void test_unset_buffers(IDirect3DDevice9 *dev, const char *name)
{
    static const D3DVERTEXELEMENT9 pos3[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
    static const D3DVERTEXELEMENT9 post[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITIONT, 0}, D3DDECL_END()};
    static const D3DVERTEXELEMENT9 two[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}, D3DDECL_END()};
    IDirect3DVertexDeclaration9 *d_pos3 = NULL, *d_post = NULL, *d_two = NULL;
    IDirect3DVertexBuffer9 *vb = make_vb(dev, 6, 0, D3DPOOL_DEFAULT), *got = NULL;
    IDirect3DIndexBuffer9 *ib = NULL, *got_ib = NULL;
    struct vertex v[6];
    WORD idx[3] = {0, 1, 2};
    UINT offset = 1, stride = 0;
    DWORD fvf = 0xdeadbeef;

    IDirect3DDevice9_CreateVertexDeclaration(dev, pos3, &d_pos3);
    IDirect3DDevice9_CreateVertexDeclaration(dev, post, &d_post);
    IDirect3DDevice9_CreateVertexDeclaration(dev, two, &d_two);
    IDirect3DDevice9_CreateIndexBuffer(dev, 6, 0, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, NULL);
    if (!ok(vb && ib && d_pos3 && d_post && d_two, "%s: the objects", name))
        goto out;
    IDirect3DDevice9_SetVertexDeclaration(dev, d_pos3);
    ok(IDirect3DDevice9_GetFVF(dev, &fvf) == D3D_OK && fvf == D3DFVF_XYZ,
       "%s: a lone FLOAT3 position's FVF: %#lx", name, (unsigned long)fvf);
    IDirect3DDevice9_SetVertexDeclaration(dev, d_post);
    ok(IDirect3DDevice9_GetFVF(dev, &fvf) == D3D_OK && fvf == D3DFVF_XYZRHW,
       "%s: a lone POSITIONT's FVF: %#lx", name, (unsigned long)fvf);
    IDirect3DDevice9_SetVertexDeclaration(dev, d_two);
    ok(IDirect3DDevice9_GetFVF(dev, &fvf) == D3D_OK && fvf == 0,
       "%s: a position and a colour: FVF %#lx", name, (unsigned long)fvf);

    quad(v, 0, 0, 8, 8, 0xffffffff);
    IDirect3DDevice9_BeginScene(dev);
    /* Nothing describes the vertices: refused, stream 0 unset anyway. */
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, 0);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0])) ==
           D3DERR_INVALIDCALL, "%s: an *UP draw nothing describes is refused", name);
    ok(IDirect3DDevice9_GetStreamSource(dev, 0, &got, &offset, &stride) == D3D_OK && !got &&
           !offset && stride == sizeof(struct vertex),
       "%s: its stream 0 has no buffer, its stride (%u) stays", name, stride);
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1) == D3DERR_INVALIDCALL,
       "%s: a draw nothing describes, without a buffer, is refused", name);
    /* Described: the draws without buffers succeed. */
    IDirect3DDevice9_SetFVF(dev, FVF);
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1) == D3D_OK,
       "%s: a draw without its stream 0 buffer succeeds", name);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
    IDirect3DDevice9_SetIndices(dev, ib);
    ok(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLELIST, 0, 3, 1, idx,
                                               D3DFMT_INDEX16, v, sizeof(v[0])) == D3D_OK,
       "%s: DrawIndexedPrimitiveUP", name);
    ok(IDirect3DDevice9_GetIndices(dev, &got_ib) == D3D_OK && !got_ib,
       "%s: it unsets the indices", name);
    ok(IDirect3DDevice9_GetStreamSource(dev, 0, &got, &offset, &stride) == D3D_OK && !got &&
           !stride, "%s: and stream 0 (stride %u)", name, stride);
    ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1) == D3D_OK,
       "%s: an indexed draw without indices or stream 0 succeeds", name);
    IDirect3DDevice9_EndScene(dev);
out:
    IDirect3DDevice9_SetIndices(dev, NULL);
    IDirect3DDevice9_SetVertexDeclaration(dev, NULL);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IUnknown *all[] = {(IUnknown *)d_pos3, (IUnknown *)d_post, (IUnknown *)d_two,
                       (IUnknown *)vb, (IUnknown *)ib};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i])
            all[i]->lpVtbl->Release(all[i]);
}

/* The runtime knows its objects without reading their vtables: a texture
 * whose vtable the application overwrote still binds (Wine's
 * test_get_set_texture, on Windows). */
/* Palettes are kept and answered (Wine's test_set_palette, on Windows:
 * without D3DPTEXTURECAPS_ALPHAPALETTE every peFlags is 0xff). */
static void test_palettes(IDirect3DDevice9 *dev, const char *name)
{
    PALETTEENTRY pal[256], got[256];
    UINT n = 7;
    for (int i = 0; i < 256; i++)
        pal[i] = (PALETTEENTRY){(BYTE)i, (BYTE)(255 - i), (BYTE)(i / 2), 0xff};
    ok(IDirect3DDevice9_GetCurrentTexturePalette(dev, &n) == D3D_OK && n == 0xffff,
       "%s: no current palette at first (%u)", name, n);
    ok(IDirect3DDevice9_GetPaletteEntries(dev, 3, got) == D3DERR_INVALIDCALL &&
           IDirect3DDevice9_SetCurrentTexturePalette(dev, 3) == D3DERR_INVALIDCALL,
       "%s: a palette never set", name);
    ok(IDirect3DDevice9_SetPaletteEntries(dev, 3, pal) == D3D_OK &&
           IDirect3DDevice9_GetPaletteEntries(dev, 3, got) == D3D_OK &&
           !memcmp(got, pal, sizeof(pal)),
       "%s: a palette set and read back", name);
    ok(IDirect3DDevice9_SetCurrentTexturePalette(dev, 3) == D3D_OK &&
           IDirect3DDevice9_GetCurrentTexturePalette(dev, &n) == D3D_OK && n == 3,
       "%s: the current palette", name);
    pal[9].peFlags = 0x80;
    ok(IDirect3DDevice9_SetPaletteEntries(dev, 4, pal) == D3DERR_INVALIDCALL,
       "%s: alpha in a palette without ALPHAPALETTE", name);
    pal[9].peFlags = 0xff;
    ok(IDirect3DDevice9_SetPaletteEntries(dev, 100000, pal) == D3DERR_INVALIDCALL,
       "%s: a palette number past the bound", name);
}

/* Priorities: a MANAGED texture has one, its level surfaces none (Wine's
 * test_resource_priority, on Windows). */
static void test_priority(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DTexture9 *tex = NULL;
    IDirect3DSurface9 *level = NULL;
    if (IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                       NULL) != D3D_OK ||
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level) != D3D_OK) {
        ok(0, "%s: a managed texture and its level", name);
    } else {
        ok(IDirect3DTexture9_SetPriority(tex, 1) == 0 && IDirect3DTexture9_GetPriority(tex) == 1,
           "%s: the texture's priority", name);
        ok(IDirect3DSurface9_SetPriority(level, 1) == 0 && IDirect3DSurface9_GetPriority(level) == 0,
           "%s: its level has none of its own", name);
    }
    if (level)
        IDirect3DSurface9_Release(level);
    if (tex)
        IDirect3DTexture9_Release(tex);
}

static void test_foreign_vtable(IDirect3DDevice9 *dev, const char *name)
{
#ifndef _WIN32
    /* Natively there is no display for a cursor (tests/wine/test_hwnd.c
     * checks one under Wine). */
    {
        IDirect3DSurface9 *cur = NULL;
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 32, D3DFMT_A8R8G8B8,
                                                     D3DPOOL_SCRATCH, &cur, NULL);
        ok(cur && IDirect3DDevice9_SetCursorProperties(dev, 0, 0, cur) == D3DERR_NOTAVAILABLE &&
               !IDirect3DDevice9_ShowCursor(dev, TRUE),
           "%s: natively no cursor", name);
        if (cur)
            IDirect3DSurface9_Release(cur);
    }
#endif
    IDirect3DTexture9 *tex = NULL;
    IDirect3DBaseTexture9 *got = NULL;
    if (!ok(IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &tex, NULL) == D3D_OK,
            "%s: a texture", name))
        return;
    const IDirect3DTexture9Vtbl *vtbl = tex->lpVtbl;
    tex->lpVtbl = (const IDirect3DTexture9Vtbl *)(uintptr_t)0xdeadbeef;
    ok(IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex) == D3D_OK,
       "%s: SetTexture of a texture with a bogus vtable", name);
    tex->lpVtbl = vtbl;
    ok(IDirect3DDevice9_GetTexture(dev, 0, &got) == D3D_OK &&
           got == (IDirect3DBaseTexture9 *)tex,
       "%s: and it is bound", name);
    if (got)
        IDirect3DBaseTexture9_Release(got);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DTexture9_Release(tex);
}

/* GetBackBuffer ignores the type: LEFT and RIGHT answer the back buffer. */
/* ProcessVertices: positions through the transforms and the viewport into
 * pre-transformed vertices, colours and coordinates copied (Wine's visual
 * test_sysmem_draw); what is not built is refused. */
static void test_process_vertices(IDirect3DDevice9 *dev, const char *name)
{
    static const struct { float x, y, z; DWORD c; float u, v; } in[3] = {
        {-1.0f, 1.0f, 0.0f, 0xffff0000, 0.25f, 0.5f},
        {1.0f, -1.0f, 0.5f, 0xff00ff00, 0.75f, 1.0f},
        {0.0f, 0.0f, 1.0f, 0xff0000ff, 0.0f, 0.0f}};
    struct out_v { float x, y, z, rhw; DWORD c; float u, v; } *o;
    IDirect3DVertexBuffer9 *src = NULL, *dst = NULL;
    D3DMATRIX scale = {{{2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DMATRIX id = {{{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}};
    D3DVIEWPORT9 vp = {0, 0, W, H, 0.0f, 1.0f};
    const DWORD ffvf = D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    const DWORD tfvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;
    void *p;

    IDirect3DDevice9_CreateVertexBuffer(dev, sizeof(in), 0, ffvf, D3DPOOL_SYSTEMMEM, &src, NULL);
    IDirect3DDevice9_CreateVertexBuffer(dev, 4 * sizeof(*o), 0, tfvf, D3DPOOL_SYSTEMMEM, &dst,
                                        NULL);
    if (!ok(src && dst, "%s: ProcessVertices buffers", name))
        goto out;
    IDirect3DVertexBuffer9_Lock(src, 0, 0, &p, 0);
    memcpy(p, in, sizeof(in));
    IDirect3DVertexBuffer9_Unlock(src);
    IDirect3DDevice9_SetViewport(dev, &vp);
    IDirect3DDevice9_SetTransform(dev, D3DTS_WORLD, &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_VIEW, &id);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &scale);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_SetFVF(dev, ffvf);
    IDirect3DDevice9_SetStreamSource(dev, 0, src, 0, sizeof(in[0]));
    ok(IDirect3DDevice9_ProcessVertices(dev, 1, 1, 2, dst, NULL, 0) == D3D_OK,
       "%s: ProcessVertices", name);
    if (IDirect3DVertexBuffer9_Lock(dst, 0, 0, (void **)&o, D3DLOCK_READONLY) == D3D_OK) {
        /* x doubled by the projection, then the viewport: (2 + 1) / 2 * 64 */
        ok(o[1].x == 96.0f && o[1].y == 64.0f && o[1].z == 0.5f && o[1].rhw == 1.0f &&
               o[1].c == 0xff00ff00 && o[1].u == 0.75f && o[1].v == 1.0f,
           "%s: ProcessVertices vertex 1: %g %g %g %g %08x %g %g", name, o[1].x, o[1].y,
           o[1].z, o[1].rhw, (unsigned)o[1].c, o[1].u, o[1].v);
        ok(o[2].x == 32.0f && o[2].y == 32.0f && o[2].z == 1.0f && o[2].c == 0xff0000ff,
           "%s: ProcessVertices vertex 2: %g %g %g %08x", name, o[2].x, o[2].y, o[2].z,
           (unsigned)o[2].c);
        IDirect3DVertexBuffer9_Unlock(dst);
    }
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, TRUE);
    ok(IDirect3DDevice9_ProcessVertices(dev, 0, 0, 3, dst, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: ProcessVertices with lighting (not built) is refused", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
    ok(IDirect3DDevice9_ProcessVertices(dev, 2, 0, 3, dst, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: ProcessVertices past the source's end is refused", name);
    IDirect3DDevice9_SetTransform(dev, D3DTS_PROJECTION, &id);
    IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
out:
    if (src)
        IDirect3DVertexBuffer9_Release(src);
    if (dst)
        IDirect3DVertexBuffer9_Release(dst);
}

static void test_back_buffer_type(IDirect3DDevice9 *dev, const char *name)
{
    IDirect3DSurface9 *mono = NULL, *left = NULL, *right = NULL;
    ok(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &mono) == D3D_OK &&
           IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_LEFT, &left) == D3D_OK &&
           IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_RIGHT, &right) == D3D_OK &&
           mono && left == mono && right == mono,
       "%s: GetBackBuffer of every type answers the back buffer", name);
    if (mono)
        IDirect3DSurface9_Release(mono);
    if (left)
        IDirect3DSurface9_Release(left);
    if (right)
        IDirect3DSurface9_Release(right);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DVertexBuffer9 *vb_def, *vb_man, *vb_sys, *vb_dyn;
    IDirect3DIndexBuffer9 *ib16 = NULL, *ib32 = NULL, *ib_bad = NULL;
    struct vertex v[12], big[6];
    DWORD *px;
    uint64_t errors = 1;

    e2e_use_transport(t, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", name);
        return;
    }
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);

    /* Errors first. */
    ok(IDirect3DDevice9_CreateVertexBuffer(dev, 0, 0, FVF, D3DPOOL_DEFAULT, &vb_def,
                                           NULL) == D3DERR_INVALIDCALL,
       "%s: a zero-sized buffer is refused", name);
    ok(IDirect3DDevice9_CreateVertexBuffer(dev, 64, D3DUSAGE_DYNAMIC, FVF,
                                           D3DPOOL_MANAGED, &vb_def,
                                           NULL) == D3DERR_INVALIDCALL,
       "%s: a dynamic managed buffer is refused", name);
    ok(IDirect3DDevice9_CreateIndexBuffer(dev, 64, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT,
                                          &ib_bad, NULL) == D3DERR_INVALIDCALL,
       "%s: an index buffer needs an index format", name);
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 1) ==
           D3DERR_INVALIDCALL, "%s: a draw outside a scene is refused", name);

    vb_def = make_vb(dev, 12, D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT);
    vb_man = make_vb(dev, 12, 0, D3DPOOL_MANAGED);
    vb_sys = make_vb(dev, 12, 0, D3DPOOL_SYSTEMMEM);
    vb_dyn = make_vb(dev, 12, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT);
    ok(IDirect3DDevice9_CreateIndexBuffer(dev, 6 * 2, 0, D3DFMT_INDEX16, D3DPOOL_DEFAULT,
                                          &ib16, NULL) == D3D_OK, "%s: ib16", name);
    ok(IDirect3DDevice9_CreateIndexBuffer(dev, 6 * 4, 0, D3DFMT_INDEX32, D3DPOOL_MANAGED,
                                          &ib32, NULL) == D3D_OK, "%s: ib32", name);
    if (!vb_def || !vb_man || !vb_sys || !vb_dyn || !ib16 || !ib32)
        goto out;
    {
        void *p;
        ok(IDirect3DVertexBuffer9_Lock(vb_def, 0, 1000, &p, 0) == D3DERR_INVALIDCALL,
           "%s: a lock past the end is refused", name);
        ok(IDirect3DVertexBuffer9_Unlock(vb_def) == D3DERR_INVALIDCALL,
           "%s: unlock without a lock is refused", name);
    }

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    /* Each pool: a quad in its own row. */
    quad(v, 0, 0, 16, 8, 0xffff0000);
    fill(vb_def, 0, v, 6, 0);
    quad(v, 16, 0, 32, 8, 0xff00ff00);
    fill(vb_man, 0, v, 6, 0);
    quad(v, 32, 0, 48, 8, 0xff0000ff);
    fill(vb_sys, 0, v, 6, 0);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_def, 0, sizeof(struct vertex));
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2) == D3D_OK,
       "%s: DrawPrimitive DEFAULT", name);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_man, 0, sizeof(struct vertex));
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2) == D3D_OK,
       "%s: DrawPrimitive MANAGED", name);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_sys, 0, sizeof(struct vertex));
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2) == D3D_OK,
       "%s: DrawPrimitive SYSTEMMEM", name);
    ok(IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 7, 2) ==
           D3DERR_INVALIDCALL, "%s: a draw past the buffer is refused", name);

    /* A plain lock is ordered: the draw before it keeps the old vertices. */
    quad(v, 0, 8, 16, 16, 0xffffff00);
    fill(vb_def, 0, v, 6, 0);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_def, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    quad(v, 16, 8, 32, 8 + 8, 0xff00ffff);
    fill(vb_def, 0, v, 6, 0);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);

    /* DISCARD renames: the earlier draw still sees its vertices. */
    quad(v, 0, 16, 16, 24, 0xffff00ff);
    fill(vb_dyn, 0, v, 6, D3DLOCK_DISCARD);
    IDirect3DDevice9_SetStreamSource(dev, 0, vb_dyn, 0, sizeof(struct vertex));
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    quad(v, 16, 16, 32, 24, 0xff808080);
    fill(vb_dyn, 0, v, 6, D3DLOCK_DISCARD);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 0, 2);
    /* NOOVERWRITE appends behind what the GPU reads. */
    quad(v, 32, 16, 48, 24, 0xffffffff);
    fill(vb_dyn, 6, v, 6, D3DLOCK_NOOVERWRITE);
    IDirect3DDevice9_DrawPrimitive(dev, D3DPT_TRIANGLELIST, 6, 2);

    /* Indexed: 16- and 32-bit, with a base vertex. */
    {
        WORD i16[6] = {0, 1, 2, 3, 4, 5};
        DWORD i32[6] = {0, 1, 2, 3, 4, 5};
        void *p;
        quad(v, 0, 24, 16, 32, 0xff804000);
        quad(v + 6, 16, 24, 32, 32, 0xff004080);
        fill(vb_man, 0, v, 12, 0);
        IDirect3DIndexBuffer9_Lock(ib16, 0, 0, &p, 0);
        memcpy(p, i16, sizeof(i16));
        IDirect3DIndexBuffer9_Unlock(ib16);
        IDirect3DIndexBuffer9_Lock(ib32, 0, 0, &p, 0);
        memcpy(p, i32, sizeof(i32));
        IDirect3DIndexBuffer9_Unlock(ib32);
        IDirect3DDevice9_SetStreamSource(dev, 0, vb_man, 0, sizeof(struct vertex));
        IDirect3DDevice9_SetIndices(dev, ib16);
        ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 6, 0, 2) ==
               D3D_OK, "%s: DrawIndexedPrimitive 16", name);
        IDirect3DDevice9_SetIndices(dev, ib32);
        ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 6, 0, 6, 0, 2) ==
               D3D_OK, "%s: DrawIndexedPrimitive 32 with a base vertex", name);
        ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 6, 4, 2) ==
               D3DERR_INVALIDCALL, "%s: indices past the buffer are refused", name);
        /* UP: a strip and a fan from client memory. */
        {
            struct vertex s[4] = {{32, 24, 0, 1, 0xff40ff40}, {48, 24, 0, 1, 0xff40ff40},
                                  {32, 32, 0, 1, 0xff40ff40}, {48, 32, 0, 1, 0xff40ff40}};
            WORD si[4] = {0, 1, 2, 3};
            ok(IDirect3DDevice9_DrawIndexedPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 0, 4, 2, si,
                                                       D3DFMT_INDEX16, s, sizeof(s[0])) ==
                   D3D_OK, "%s: DrawIndexedPrimitiveUP", name);
            IDirect3DIndexBuffer9 *cur = (void *)1;
            IDirect3DDevice9_GetIndices(dev, &cur);
            ok(cur == NULL, "%s: the UP draw unset the indices", name);
        }
    }
    /* Every primitive type through DrawPrimitiveUP. */
    {
        struct vertex fan[4] = {{48, 32, 0, 1, 0xffc0c0c0}, {64, 32, 0, 1, 0xffc0c0c0},
                                {64, 48, 0, 1, 0xffc0c0c0}, {48, 48, 0, 1, 0xffc0c0c0}};
        struct vertex pts[2] = {{2, 40, 0, 1, 0xffff8000}, {5, 40, 0, 1, 0xffff8000}};
        struct vertex line[2] = {{8, 40.5f, 0, 1, 0xff0080ff}, {16, 40.5f, 0, 1, 0xff0080ff}};
        struct vertex strip[3] = {{20, 40.5f, 0, 1, 0xff8000ff}, {24, 40.5f, 0, 1, 0xff8000ff},
                                  {28, 40.5f, 0, 1, 0xff8000ff}};
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLEFAN, 2, fan, sizeof(fan[0])) ==
               D3D_OK, "%s: fan", name);
        (void)pts; /* point lists wait for the generated point size (ff.c) */
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINELIST, 1, line, sizeof(line[0])) ==
               D3D_OK, "%s: line list", name);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_LINESTRIP, 2, strip, sizeof(strip[0])) ==
               D3D_OK, "%s: line strip", name);
        quad(big, 0, 0, 1, 1, 0);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, (D3DPRIMITIVETYPE)99, 1, big, sizeof(big[0])) ==
               D3DERR_INVALIDCALL, "%s: an unknown primitive type is refused", name);
    }
    {
        /* Buffers the application released while bound: the device keeps
         * them alive until they are unbound, as D3D9 does. */
        IDirect3DVertexBuffer9 *vb = make_vb(dev, 6, D3DUSAGE_WRITEONLY, D3DPOOL_DEFAULT);
        IDirect3DIndexBuffer9 *ib = NULL;
        static const WORD idx[6] = {0, 1, 2, 3, 4, 5};
        void *p;
        if (vb && IDirect3DDevice9_CreateIndexBuffer(dev, sizeof(idx), 0, D3DFMT_INDEX16,
                                                     D3DPOOL_MANAGED, &ib, NULL) == D3D_OK &&
            IDirect3DIndexBuffer9_Lock(ib, 0, 0, &p, 0) == D3D_OK) {
            memcpy(p, idx, sizeof(idx));
            IDirect3DIndexBuffer9_Unlock(ib);
            quad(v, 0, 48, 16, 64, 0xff20c0a0);
            fill(vb, 0, v, 6, 0);
            IDirect3DDevice9_SetStreamSource(dev, 0, vb, 0, sizeof(struct vertex));
            IDirect3DDevice9_SetIndices(dev, ib);
            ok(IDirect3DVertexBuffer9_Release(vb) == 0 && IDirect3DIndexBuffer9_Release(ib) == 0,
               "%s: bound buffers released", name);
            ok(IDirect3DDevice9_DrawIndexedPrimitive(dev, D3DPT_TRIANGLELIST, 0, 0, 6, 0, 2) ==
                   D3D_OK, "%s: a draw from released bound buffers", name);
            IDirect3DDevice9_SetStreamSource(dev, 0, NULL, 0, 0);
            IDirect3DDevice9_SetIndices(dev, NULL);
        } else {
            ok(0, "%s: buffers to release while bound", name);
            if (vb)
                IDirect3DVertexBuffer9_Release(vb);
            if (ib)
                IDirect3DIndexBuffer9_Release(ib);
        }
    }
    IDirect3DDevice9_EndScene(dev);

    px = e2e_read_back(dev, W, H);
    ok(px != NULL, "%s: read back", name);
    if (px) {
        check(px, name, "DEFAULT", 8, 4, 0xffff0000);
        check(px, name, "MANAGED", 24, 4, 0xff00ff00);
        check(px, name, "SYSTEMMEM", 40, 4, 0xff0000ff);
        check(px, name, "ordered lock, first draw", 8, 12, 0xffffff00);
        check(px, name, "ordered lock, second draw", 24, 12, 0xff00ffff);
        check(px, name, "DISCARD, first draw", 8, 20, 0xffff00ff);
        check(px, name, "DISCARD, second draw", 24, 20, 0xff808080);
        check(px, name, "NOOVERWRITE", 40, 20, 0xffffffff);
        check(px, name, "indexed 16", 8, 28, 0xff804000);
        check(px, name, "indexed 32", 24, 28, 0xff004080);
        check(px, name, "indexed UP strip", 40, 28, 0xff40ff40);
        check(px, name, "fan", 56, 40, 0xffc0c0c0);
        check(px, name, "line", 12, 40, 0xff0080ff);
        check(px, name, "line strip", 26, 40, 0xff8000ff);
        check(px, name, "background", 60, 60, 0xff000000);
        check(px, name, "released while bound", 8, 56, 0xff20c0a0);
        free(px);
    }
    test_renames(dev, name);
    test_slices(dev, name);
    test_merged_draws(dev, name);
    test_instancing(dev, name);
    test_unused_element(dev, name);
    test_draw_locked(dev, name);
    test_managed_first_lock(dev, name);
    test_depth_range(dev, name);
    test_fvf_declaration(dev, name);
    test_unset_buffers(dev, name);
    test_foreign_vtable(dev, name);
    test_palettes(dev, name);
    test_priority(dev, name);
    test_back_buffer_type(dev, name);
    test_process_vertices(dev, name);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", name, (unsigned long long)errors);
out:
    if (vb_def)
        IDirect3DVertexBuffer9_Release(vb_def);
    if (vb_man)
        IDirect3DVertexBuffer9_Release(vb_man);
    if (vb_sys)
        IDirect3DVertexBuffer9_Release(vb_sys);
    if (vb_dyn)
        IDirect3DVertexBuffer9_Release(vb_dyn);
    if (ib16)
        IDirect3DIndexBuffer9_Release(ib16);
    if (ib32)
        IDirect3DIndexBuffer9_Release(ib32);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released last", name);
    IDirect3D9_Release(d3d);
}

int main(void)
{
    struct e2e_server server;
    bool have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started");
    for (int t = 0; t < E2E_COUNT; t++)
        if ((t == E2E_INPROC || have_server) &&
            e2e_transport_supported((enum e2e_transport)t))
            run((enum e2e_transport)t, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
