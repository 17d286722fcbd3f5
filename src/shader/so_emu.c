/* The modules of emulated stream output: see so_emu.h. */
#include "shader/so_emu.h"
#include "shader/spv.h"

/* What the generators share: the builder, the types and the storage
 * buffers (0: the scratch, 1-4: the targets). */
struct gen {
    struct spv_builder *b;
    uint32_t t_u, t_bool, t_ptr_u;
    uint32_t buf[1 + WIRE_MAX_SO_TARGETS];
};

static uint32_t K(struct gen *g, uint32_t v)
{
    return spv_const_u32(g->b, v);
}

static uint32_t word_ptr(struct gen *g, uint32_t buf, uint32_t index)
{
    return spv_access_chain(g->b, g->t_ptr_u, g->buf[buf], (const uint32_t[]){K(g, 0), index},
                            2);
}

static uint32_t ld(struct gen *g, uint32_t buf, uint32_t index)
{
    return spv_load(g->b, g->t_u, word_ptr(g, buf, index));
}

static void st(struct gen *g, uint32_t buf, uint32_t index, uint32_t value)
{
    spv_store(g->b, word_ptr(g, buf, index), value);
}

/* A header word of the scratch. */
static uint32_t H(struct gen *g, uint32_t word)
{
    return ld(g, 0, K(g, word));
}

static uint32_t add(struct gen *g, uint32_t a, uint32_t c)
{
    return spv_binop(g->b, SpvOpIAdd, g->t_u, a, c);
}

static uint32_t sub(struct gen *g, uint32_t a, uint32_t c)
{
    return spv_binop(g->b, SpvOpISub, g->t_u, a, c);
}

static uint32_t mul(struct gen *g, uint32_t a, uint32_t c)
{
    return spv_binop(g->b, SpvOpIMul, g->t_u, a, c);
}

static uint32_t cmp(struct gen *g, SpvOp op, uint32_t a, uint32_t c)
{
    return spv_compare(g->b, op, g->t_bool, a, c);
}

static uint32_t sel(struct gen *g, uint32_t cond, uint32_t a, uint32_t c)
{
    return spv_select(g->b, g->t_u, cond, a, c);
}

static uint32_t umin(struct gen *g, uint32_t a, uint32_t c)
{
    return sel(g, cmp(g, SpvOpULessThan, a, c), a, c);
}

static uint32_t var(struct gen *g, uint32_t init)
{
    uint32_t v = spv_local_variable(g->b, g->t_u, 0);
    spv_store(g->b, v, init);
    return v;
}

static uint32_t get(struct gen *g, uint32_t v)
{
    return spv_load(g->b, g->t_u, v);
}

/* Structured control flow: a conditional block, and a loop whose test
 * comes first and whose step ends its body. */
static uint32_t if_begin(struct gen *g, uint32_t cond)
{
    uint32_t body = spv_id(g->b), merge = spv_id(g->b);
    spv_selection_merge(g->b, merge, 0);
    spv_branch_cond(g->b, cond, body, merge);
    spv_label_at(g->b, body);
    return merge;
}

static void if_end(struct gen *g, uint32_t merge)
{
    spv_branch(g->b, merge);
    spv_label_at(g->b, merge);
}

struct loop {
    uint32_t header, test, body, cont, merge;
};

static void loop_begin(struct gen *g, struct loop *l)
{
    l->header = spv_id(g->b);
    l->test = spv_id(g->b);
    l->body = spv_id(g->b);
    l->cont = spv_id(g->b);
    l->merge = spv_id(g->b);
    spv_branch(g->b, l->header);
    spv_label_at(g->b, l->header);
    spv_loop_merge(g->b, l->merge, l->cont, 0);
    spv_branch(g->b, l->test);
    spv_label_at(g->b, l->test);
}

static void loop_while(struct gen *g, struct loop *l, uint32_t cond)
{
    spv_branch_cond(g->b, cond, l->body, l->merge);
    spv_label_at(g->b, l->body);
}

static void loop_end(struct gen *g, struct loop *l)
{
    spv_branch(g->b, l->cont);
    spv_label_at(g->b, l->cont);
    spv_branch(g->b, l->header);
    spv_label_at(g->b, l->merge);
}

static void incr(struct gen *g, uint32_t v, uint32_t by)
{
    spv_store(g->b, v, add(g, get(g, v), by));
}

/* A storage buffer of words at (set, binding). */
static uint32_t word_buffer(struct gen *g, uint32_t set, uint32_t binding)
{
    uint32_t arr = spv_type_runtime_array_unique(g->b, g->t_u);
    spv_decorate_array_stride(g->b, arr, 4);
    uint32_t st_t = spv_type_struct_unique(g->b, &arr, 1);
    spv_decorate_block(g->b, st_t);
    spv_member_offset(g->b, st_t, 0, 0);
    uint32_t v = spv_global_variable(g->b, st_t, SpvStorageClassStorageBuffer, 0);
    spv_decorate_descriptor_set(g->b, v, set);
    spv_decorate_binding(g->b, v, binding);
    return v;
}

static void gen_init(struct gen *g, struct spv_builder *b)
{
    g->b = b;
    g->t_u = spv_type_int(b, 32, false);
    g->t_bool = spv_type_bool(b);
    g->t_ptr_u = spv_type_pointer(b, SpvStorageClassStorageBuffer, g->t_u);
}

/* SCAN: see so_emu.h. */
static void gen_scan(struct gen *g)
{
    uint32_t n = H(g, SO_EMU_N), m = H(g, SO_EMU_M), pv = H(g, SO_EMU_PV);
    uint32_t used = H(g, SO_EMU_USED), ss = add(g, m, mul(g, m, H(g, SO_EMU_V)));
    uint32_t slots = add(g, K(g, SO_EMU_HEADER), n);
    uint32_t scan = add(g, slots, mul(g, n, ss));
    uint32_t fit = var(g, K(g, UINT32_MAX));
    uint32_t written = var(g, K(g, 0)), needed = var(g, K(g, 0));
    struct loop ls, lv;

    /* How many primitives the targets hold from their positions. */
    for (uint32_t t = 0; t < WIRE_MAX_SO_TARGETS; t++) {
        uint32_t bit = spv_binop(g->b, SpvOpBitwiseAnd, g->t_u, used, K(g, 1u << t));
        uint32_t merge = if_begin(g, cmp(g, SpvOpINotEqual, bit, K(g, 0)));
        uint32_t pos = ld(g, 1 + t, H(g, SO_EMU_COUNTER0 + t));
        st(g, 0, K(g, SO_EMU_BASE0 + t), pos);
        uint32_t size = H(g, SO_EMU_SIZE0 + t);
        uint32_t bytes = mul(g, mul(g, pv, H(g, SO_EMU_STRIDE0 + t)), K(g, 4));
        uint32_t room = spv_binop(g->b, SpvOpUDiv, g->t_u, sub(g, size, pos), bytes);
        room = sel(g, cmp(g, SpvOpUGreaterThan, size, pos), room, K(g, 0));
        spv_store(g->b, fit, umin(g, get(g, fit), room));
        if_end(g, merge);
    }

    /* Each slot's primitives, in order. */
    uint32_t s = var(g, K(g, 0));
    loop_begin(g, &ls);
    loop_while(g, &ls, cmp(g, SpvOpULessThan, get(g, s), n));
    {
        uint32_t sv = get(g, s);
        uint32_t c = umin(g, ld(g, 0, add(g, K(g, SO_EMU_HEADER), sv)), m);
        uint32_t r = add(g, slots, mul(g, sv, ss));
        uint32_t p = var(g, K(g, 0)), run = var(g, K(g, 0)), v = var(g, K(g, 0));
        loop_begin(g, &lv);
        loop_while(g, &lv, cmp(g, SpvOpULessThan, get(g, v), c));
        {
            uint32_t f = ld(g, 0, add(g, r, get(g, v)));
            uint32_t rn = sel(g, cmp(g, SpvOpINotEqual, f, K(g, 0)), K(g, 1),
                              add(g, get(g, run), K(g, 1)));
            spv_store(g->b, run, rn);
            incr(g, p, sel(g, cmp(g, SpvOpUGreaterThanEqual, rn, pv), K(g, 1), K(g, 0)));
            incr(g, v, K(g, 1));
        }
        loop_end(g, &lv);
        uint32_t w = get(g, written), pn = get(g, p);
        uint32_t allow = umin(g, pn, sub(g, get(g, fit), w));
        uint32_t at = add(g, scan, mul(g, sv, K(g, 2)));
        st(g, 0, at, w);
        st(g, 0, add(g, at, K(g, 1)), allow);
        spv_store(g->b, written, add(g, w, allow));
        incr(g, needed, pn);
        incr(g, s, K(g, 1));
    }
    loop_end(g, &ls);

    /* The positions and the statistics moved on. */
    uint32_t wn = get(g, written);
    for (uint32_t t = 0; t < WIRE_MAX_SO_TARGETS; t++) {
        uint32_t bit = spv_binop(g->b, SpvOpBitwiseAnd, g->t_u, used, K(g, 1u << t));
        uint32_t merge = if_begin(g, cmp(g, SpvOpINotEqual, bit, K(g, 0)));
        uint32_t bytes = mul(g, mul(g, pv, H(g, SO_EMU_STRIDE0 + t)), K(g, 4));
        st(g, 1 + t, H(g, SO_EMU_COUNTER0 + t),
           add(g, H(g, SO_EMU_BASE0 + t), mul(g, wn, bytes)));
        if_end(g, merge);
    }
    st(g, 0, K(g, SO_EMU_WRITTEN), add(g, H(g, SO_EMU_WRITTEN), wn));
    st(g, 0, K(g, SO_EMU_NEEDED), add(g, H(g, SO_EMU_NEEDED), get(g, needed)));
}

/* COPY: one slot's primitives into the targets. */
static void gen_copy(struct gen *g, uint32_t s)
{
    uint32_t n = H(g, SO_EMU_N);
    uint32_t in = if_begin(g, cmp(g, SpvOpULessThan, s, n));
    uint32_t m = H(g, SO_EMU_M), vw = H(g, SO_EMU_V), pv = H(g, SO_EMU_PV);
    uint32_t used = H(g, SO_EMU_USED), ss = add(g, m, mul(g, m, vw));
    uint32_t slots = add(g, K(g, SO_EMU_HEADER), n);
    uint32_t r = add(g, slots, mul(g, s, ss));
    uint32_t at = add(g, add(g, slots, mul(g, n, ss)), mul(g, s, K(g, 2)));
    uint32_t first = ld(g, 0, at), allow = ld(g, 0, add(g, at, K(g, 1)));
    uint32_t c = umin(g, ld(g, 0, add(g, K(g, SO_EMU_HEADER), s)), m);
    uint32_t run = var(g, K(g, 0)), k = var(g, K(g, 0)), v = var(g, K(g, 0));
    struct loop lv, lj, lw;

    loop_begin(g, &lv);
    loop_while(g, &lv,
               spv_binop(g->b, SpvOpLogicalAnd, g->t_bool,
                         cmp(g, SpvOpULessThan, get(g, v), c),
                         cmp(g, SpvOpULessThan, get(g, k), allow)));
    {
        uint32_t vv = get(g, v);
        uint32_t f = ld(g, 0, add(g, r, vv));
        uint32_t rn = sel(g, cmp(g, SpvOpINotEqual, f, K(g, 0)), K(g, 1),
                          add(g, get(g, run), K(g, 1)));
        spv_store(g->b, run, rn);
        uint32_t whole = if_begin(g, cmp(g, SpvOpUGreaterThanEqual, rn, pv));
        {
            /* Triangle i of a strip is (i, i+1, i+2), or (i, i+2, i+1)
             * where i is odd: Vulkan's order, which transform feedback
             * writes. */
            uint32_t i = sub(g, rn, pv), out = add(g, first, get(g, k));
            uint32_t odd = spv_binop(
                g->b, SpvOpLogicalAnd, g->t_bool, cmp(g, SpvOpIEqual, pv, K(g, 3)),
                cmp(g, SpvOpINotEqual,
                    spv_binop(g->b, SpvOpBitwiseAnd, g->t_u, i, K(g, 1)), K(g, 0)));
            uint32_t j = var(g, K(g, 0));
            loop_begin(g, &lj);
            loop_while(g, &lj, cmp(g, SpvOpULessThan, get(g, j), pv));
            {
                uint32_t jv = get(g, j);
                uint32_t in_order = sub(g, add(g, vv, jv), sub(g, pv, K(g, 1)));
                uint32_t swapped = sel(g, cmp(g, SpvOpIEqual, jv, K(g, 1)), vv,
                                       sub(g, vv, K(g, 1)));
                uint32_t use_swap = spv_binop(g->b, SpvOpLogicalAnd, g->t_bool, odd,
                                              cmp(g, SpvOpINotEqual, jv, K(g, 0)));
                uint32_t vert = sel(g, use_swap, swapped, in_order);
                uint32_t src = add(g, add(g, r, m), mul(g, vert, vw));
                uint32_t index = add(g, mul(g, out, pv), jv);
                for (uint32_t t = 0; t < WIRE_MAX_SO_TARGETS; t++) {
                    uint32_t bit = spv_binop(g->b, SpvOpBitwiseAnd, g->t_u, used,
                                             K(g, 1u << t));
                    uint32_t merge = if_begin(g, cmp(g, SpvOpINotEqual, bit, K(g, 0)));
                    uint32_t sw = H(g, SO_EMU_STRIDE0 + t), so = H(g, SO_EMU_START0 + t);
                    uint32_t dst = add(g,
                                       spv_binop(g->b, SpvOpUDiv, g->t_u,
                                                 H(g, SO_EMU_BASE0 + t), K(g, 4)),
                                       mul(g, index, sw));
                    uint32_t w = var(g, K(g, 0));
                    loop_begin(g, &lw);
                    loop_while(g, &lw, cmp(g, SpvOpULessThan, get(g, w), sw));
                    {
                        uint32_t ww = get(g, w), word = add(g, so, ww);
                        uint32_t mask = ld(g, 0,
                                           add(g, K(g, SO_EMU_MASK0),
                                               spv_binop(g->b, SpvOpShiftRightLogical,
                                                         g->t_u, word, K(g, 5))));
                        uint32_t on = spv_binop(
                            g->b, SpvOpBitwiseAnd, g->t_u,
                            spv_binop(g->b, SpvOpShiftRightLogical, g->t_u, mask,
                                      spv_binop(g->b, SpvOpBitwiseAnd, g->t_u, word,
                                                K(g, 31))),
                            K(g, 1));
                        uint32_t wm = if_begin(g, cmp(g, SpvOpINotEqual, on, K(g, 0)));
                        st(g, 1 + t, add(g, dst, ww), ld(g, 0, add(g, src, word)));
                        if_end(g, wm);
                        incr(g, w, K(g, 1));
                    }
                    loop_end(g, &lw);
                    if_end(g, merge);
                }
                incr(g, j, K(g, 1));
            }
            loop_end(g, &lj);
            incr(g, k, K(g, 1));
        }
        if_end(g, whole);
        incr(g, v, K(g, 1));
    }
    loop_end(g, &lv);
    if_end(g, in);
}

/* ARGS: DrawAuto's vertices from target 1's position. */
static void gen_args(struct gen *g, uint32_t stride, uint32_t offset, uint32_t counter)
{
    uint32_t pos = ld(g, 1, counter);
    uint32_t ok = spv_binop(g->b, SpvOpLogicalAnd, g->t_bool,
                            cmp(g, SpvOpUGreaterThan, pos, offset),
                            cmp(g, SpvOpINotEqual, stride, K(g, 0)));
    uint32_t div = sel(g, ok, stride, K(g, 1));
    uint32_t count = sel(g, ok, spv_binop(g->b, SpvOpUDiv, g->t_u, sub(g, pos, offset), div),
                         K(g, 0));
    st(g, 0, K(g, SO_EMU_ARGS), count);
    st(g, 0, K(g, SO_EMU_ARGS + 1), K(g, 1));
    st(g, 0, K(g, SO_EMU_ARGS + 2), K(g, 0));
    st(g, 0, K(g, SO_EMU_ARGS + 3), K(g, 0));
}

bool nr_so_emu_compute(enum so_emu_mode mode, uint32_t **words, size_t *count)
{
    struct spv_builder b;
    struct gen g;
    bool ok;

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    gen_init(&g, &b);
    for (uint32_t i = 0; i <= WIRE_MAX_SO_TARGETS; i++)
        g.buf[i] = word_buffer(&g, 0, i);
    uint32_t t_void = spv_type_void(&b), t_fn = spv_type_function(&b, t_void, NULL, 0);
    uint32_t t_v3u = spv_type_vec(&b, g.t_u, 3);
    uint32_t gid = spv_global_variable(&b, t_v3u, SpvStorageClassInput, 0);
    spv_decorate_builtin(&b, gid, SpvBuiltInGlobalInvocationId);

    uint32_t fn = spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    if (mode == SO_EMU_SCAN)
        gen_scan(&g);
    else if (mode == SO_EMU_COPY)
        gen_copy(&g, spv_composite_extract1(&b, g.t_u, spv_load(&b, t_v3u, gid), 0));
    else
        gen_args(&g, H(&g, SO_EMU_ARGS_STRIDE), H(&g, SO_EMU_ARGS_OFFSET),
                 H(&g, SO_EMU_ARGS_COUNTER));
    spv_return(&b);
    spv_function_end(&b);
    spv_entry_point(&b, SpvExecutionModelGLCompute, fn, "main", (const uint32_t[]){gid}, 1);
    spv_execution_mode(&b, fn, SpvExecutionModeLocalSize,
                       (const uint32_t[]){mode == SO_EMU_COPY ? SO_EMU_LOCAL_SIZE : 1, 1, 1}, 3);
    ok = spv_finish(&b, words, count);
    spv_builder_cleanup(&b);
    return ok;
}

uint32_t nr_so_emu_topology_vertices(uint32_t topology, uint32_t *captured)
{
    uint32_t n = topology == WIRE_TOPOLOGY_POINT_LIST                                    ? 1
                 : topology == WIRE_TOPOLOGY_LINE_LIST || topology == WIRE_TOPOLOGY_LINE_STRIP ? 2
                 : topology == WIRE_TOPOLOGY_TRIANGLE_LIST ||
                         topology == WIRE_TOPOLOGY_TRIANGLE_STRIP ||
                         topology == WIRE_TOPOLOGY_TRIANGLE_FAN
                     ? 3
                     : 0;
    if (captured)
        *captured = n;
    return n;
}

bool nr_so_emu_vertex_capture(const struct so_emu_input *inputs, uint32_t ninputs,
                              const struct so_emu_store *stores, uint32_t nstores,
                              uint32_t topology, const struct so_emu_info *info,
                              uint32_t **words, size_t *count)
{
    struct spv_builder b;
    struct gen g;
    uint32_t pv = nr_so_emu_topology_vertices(topology, NULL);
    uint32_t vars[WIRE_MAX_SO_ENTRIES], types[WIRE_MAX_SO_ENTRIES], scalars[WIRE_MAX_SO_ENTRIES];
    uint32_t iface[WIRE_MAX_SO_ENTRIES + 1];
    bool ok;

    if (!pv || pv != info->pv || ninputs > WIRE_MAX_SO_ENTRIES)
        return false;
    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    spv_capability(&b, SpvCapabilityGeometry);
    gen_init(&g, &b);
    g.buf[0] = word_buffer(&g, 3, 0);
    uint32_t t_void = spv_type_void(&b), t_fn = spv_type_function(&b, t_void, NULL, 0);
    uint32_t t_f = spv_type_float(&b, 32), t_i = spv_type_int(&b, 32, true);
    for (uint32_t i = 0; i < ninputs; i++) {
        const struct so_emu_input *in = &inputs[i];
        uint32_t scalar = in->position ? t_f : in->kind == 0 ? t_f : in->kind == 1 ? t_i : g.t_u;
        uint32_t t = in->position || in->width == 4 ? spv_type_vec(&b, scalar, 4)
                     : in->width > 1               ? spv_type_vec(&b, scalar, in->width)
                                                   : scalar;
        scalars[i] = scalar;
        if (in->position) {
            /* gl_in[].gl_Position, as a block of one member. */
            uint32_t block = spv_type_struct_unique(&b, &t, 1);
            spv_decorate_block(&b, block);
            spv_member_builtin(&b, block, 0, SpvBuiltInPosition);
            vars[i] = spv_global_variable(&b, spv_type_array(&b, block, pv),
                                          SpvStorageClassInput, 0);
        } else {
            vars[i] = spv_global_variable(&b, spv_type_array(&b, t, pv),
                                          SpvStorageClassInput, 0);
            spv_decorate_location(&b, vars[i], in->location);
            if (in->component)
                spv_decorate(&b, vars[i], SpvDecorationComponent, &in->component, 1);
            if (in->kind)
                spv_decorate_flat(&b, vars[i]);
        }
        types[i] = t;
        iface[i] = vars[i];
    }
    uint32_t prim_var = spv_global_variable(&b, g.t_u, SpvStorageClassInput, 0);
    spv_decorate_builtin(&b, prim_var, SpvBuiltInPrimitiveId);
    iface[ninputs] = prim_var;

    uint32_t fn = spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    uint32_t prim = spv_load(&b, g.t_u, prim_var), n = H(&g, SO_EMU_N);
    uint32_t in_range = cmp(&g, SpvOpULessThan, prim, n);
    uint32_t ss = info->m + info->m * info->v;
    uint32_t r = add(&g, add(&g, K(&g, SO_EMU_HEADER), n), mul(&g, prim, K(&g, ss)));
#define AT(x) sel(&g, in_range, (x), K(&g, SO_EMU_TRASH))
    st(&g, 0, AT(add(&g, K(&g, SO_EMU_HEADER), prim)), K(&g, pv));
    for (uint32_t v = 0; v < pv; v++) {
        st(&g, 0, AT(add(&g, r, K(&g, v))), K(&g, v == 0));
        for (uint32_t k = 0; k < nstores; k++) {
            const struct so_emu_store *s = &stores[k];
            uint32_t i = s->input, value;
            if (inputs[i].position) {
                uint32_t ptr = spv_type_pointer(&b, SpvStorageClassInput, types[i]);
                value = spv_load(&b, types[i],
                                 spv_access_chain(&b, ptr, vars[i],
                                                  (const uint32_t[]){K(&g, v), K(&g, 0)}, 2));
            } else {
                uint32_t ptr = spv_type_pointer(&b, SpvStorageClassInput, types[i]);
                value = spv_load(&b, types[i],
                                 spv_access_chain(&b, ptr, vars[i], (const uint32_t[]){K(&g, v)},
                                                  1));
            }
            for (uint32_t c = 0; c < s->count; c++) {
                uint32_t comp = types[i] == scalars[i]
                                    ? value
                                    : spv_composite_extract1(&b, scalars[i], value, s->index + c);
                uint32_t bits = scalars[i] == g.t_u ? comp : spv_convert(&b, SpvOpBitcast, g.t_u, comp);
                st(&g, 0, AT(add(&g, r, K(&g, info->m + v * info->v + s->word + c))), bits);
            }
        }
    }
#undef AT
    spv_return(&b);
    spv_function_end(&b);
    spv_entry_point(&b, SpvExecutionModelGeometry, fn, "main", iface, ninputs + 1);
    spv_execution_mode(&b, fn, SpvExecutionModeInvocations, (const uint32_t[]){1}, 1);
    spv_execution_mode(&b, fn,
                       pv == 1   ? SpvExecutionModeInputPoints
                       : pv == 2 ? SpvExecutionModeInputLines
                                 : SpvExecutionModeTriangles,
                       NULL, 0);
    /* It emits nothing (a line strip: a module of points would have to
     * write a point size). */
    spv_execution_mode(&b, fn, SpvExecutionModeOutputLineStrip, NULL, 0);
    spv_execution_mode(&b, fn, SpvExecutionModeOutputVertices, (const uint32_t[]){1}, 1);
    ok = spv_finish(&b, words, count);
    spv_builder_cleanup(&b);
    return ok;
}
