/* nereid: a small SPIR-V module builder.  See spv.h. */

/* spirv.h's SpvHasResultAndType() is a plain C99 `inline` definition; give
 * it our own name and one external definition here (the declaration below)
 * so that it links at -O0 and cannot clash with anyone else's copy. */
#define SPV_ENABLE_UTILITY_CODE
#define SpvHasResultAndType spv__has_result_and_type
#include "spv.h"
void spv__has_result_and_type(SpvOp opcode, bool *has_result,
                              bool *has_result_type);

#include <stdlib.h>
#include <string.h>

#define SPV_MAGIC 0x07230203u
#define SPV_MAX_INST_WORDS 0xFFFFu

struct spv_dedup_entry {
    uint32_t hash;
    uint32_t id; /* 0: empty slot */
    size_t key_off;
    size_t key_len;
};

/* ---- errors and memory --------------------------------------------------- */

static void spv_fail(struct spv_builder *b, const char *msg)
{
    if (!b->error)
        b->error_msg = msg;
    b->error = true;
}

static void spv_oom(struct spv_builder *b)
{
    b->out_of_memory = true;
    spv_fail(b, "out of memory");
}

/* The one place the builder grows memory: makes *cap (in elements of
 * elem_size bytes) at least `need`, doubling.  Failure, overflow or the
 * test limit set the sticky error and return false. */
static bool spv_grow(struct spv_builder *b, void **ptr, size_t *cap,
                     size_t need, size_t elem_size)
{
    size_t new_cap, old_bytes, new_bytes;
    void *p;

    if (need <= *cap)
        return true;
    if (b->out_of_memory)
        return false;
    new_cap = *cap ? *cap : 16;
    while (new_cap < need) {
        if (new_cap > SIZE_MAX / 2) {
            new_cap = need;
            break;
        }
        new_cap *= 2;
    }
    if (new_cap > SIZE_MAX / elem_size) {
        spv_oom(b);
        return false;
    }
    old_bytes = *cap * elem_size;
    new_bytes = new_cap * elem_size;
    if (b->alloc_limit &&
        (b->alloc_bytes - old_bytes > b->alloc_limit ||
         new_bytes > b->alloc_limit - (b->alloc_bytes - old_bytes))) {
        spv_oom(b);
        return false;
    }
    p = realloc(*ptr, new_bytes);
    if (!p) {
        spv_oom(b);
        return false;
    }
    *ptr = p;
    *cap = new_cap;
    b->alloc_bytes = b->alloc_bytes - old_bytes + new_bytes;
    return true;
}

/* Reserves n words at the end of w; NULL once the builder has failed. */
static uint32_t *spv_words_push(struct spv_builder *b, struct spv_words *w,
                                size_t n)
{
    uint32_t *p;
    void *data = w->data;

    if (b->error)
        return NULL;
    if (n > SIZE_MAX - w->count) {
        spv_oom(b);
        return NULL;
    }
    if (!spv_grow(b, &data, &w->cap, w->count + n, sizeof(uint32_t)))
        return NULL;
    w->data = data;
    p = w->data + w->count;
    w->count += n;
    return p;
}

static void spv_words_append(struct spv_builder *b, struct spv_words *w,
                             const uint32_t *src, size_t n)
{
    uint32_t *p = spv_words_push(b, w, n);
    if (p && n)
        memcpy(p, src, n * sizeof(uint32_t));
}

/* ---- lifetime ------------------------------------------------------------ */

void spv_builder_init(struct spv_builder *b)
{
    memset(b, 0, sizeof(*b));
    b->next_id = 1;
    b->version = SPV_VERSION_1_3;
    b->addressing_model = SpvAddressingModelLogical;
    b->memory_model = SpvMemoryModelGLSL450;
}

void spv_builder_cleanup(struct spv_builder *b)
{
    unsigned i;

    for (i = 0; i < SPV_SECTION_COUNT; i++)
        free(b->sections[i].data);
    free(b->dedup);
    free(b->dedup_keys.data);
    free(b->globals);
    free(b->fn_header.data);
    free(b->fn_vars.data);
    free(b->fn_body.data);
    memset(b, 0, sizeof(*b));
}

void spv_builder_set_alloc_limit(struct spv_builder *b, size_t bytes)
{
    b->alloc_limit = bytes;
}

const char *spv_error(const struct spv_builder *b)
{
    return b->error ? b->error_msg : NULL;
}

uint32_t spv_id(struct spv_builder *b)
{
    if (b->next_id == UINT32_MAX) {
        spv_fail(b, "out of ids");
        return b->next_id;
    }
    return b->next_id++;
}

/* ---- raw emission -------------------------------------------------------- */

static uint32_t *spv_inst_begin(struct spv_builder *b, struct spv_words *w,
                                SpvOp op, size_t nwords)
{
    uint32_t *p;

    if (nwords > SPV_MAX_INST_WORDS) {
        spv_fail(b, "instruction too long");
        return NULL;
    }
    p = spv_words_push(b, w, nwords);
    if (p)
        p[0] = (uint32_t)nwords << 16 | ((uint32_t)op & 0xFFFFu);
    return p;
}

/* op, up to three head words (result type / result id / fixed operands),
 * then n operands. */
static void spv_inst(struct spv_builder *b, struct spv_words *w, SpvOp op,
                     const uint32_t *head, unsigned nhead,
                     const uint32_t *ops, unsigned n)
{
    uint32_t *p = spv_inst_begin(b, w, op, 1 + (size_t)nhead + n);
    if (!p)
        return;
    if (nhead)
        memcpy(p + 1, head, nhead * sizeof(uint32_t));
    if (n)
        memcpy(p + 1 + nhead, ops, n * sizeof(uint32_t));
}

static size_t spv_string_words(const char *s)
{
    return strlen(s) / 4 + 1;
}

/* Packs s (with its terminating NUL and zero padding) little-end first. */
static void spv_string_pack(uint32_t *dst, const char *s, size_t nwords)
{
    size_t i, len = strlen(s);

    memset(dst, 0, nwords * sizeof(uint32_t));
    for (i = 0; i < len; i++)
        dst[i / 4] |= (uint32_t)(unsigned char)s[i] << (8 * (i % 4));
}

void spv_emit(struct spv_builder *b, enum spv_section section, SpvOp op,
              const uint32_t *operands, unsigned n)
{
    if ((unsigned)section >= SPV_SECTION_COUNT) {
        spv_fail(b, "bad section");
        return;
    }
    spv_inst(b, &b->sections[section], op, NULL, 0, operands, n);
}

static void spv_emit_string_to(struct spv_builder *b, struct spv_words *w,
                               SpvOp op, const uint32_t *head,
                               unsigned nhead, const char *str,
                               const uint32_t *tail, unsigned ntail)
{
    size_t sw = spv_string_words(str);
    uint32_t *p = spv_inst_begin(b, w, op, 1 + nhead + sw + ntail);

    if (!p)
        return;
    if (nhead)
        memcpy(p + 1, head, nhead * sizeof(uint32_t));
    spv_string_pack(p + 1 + nhead, str, sw);
    if (ntail)
        memcpy(p + 1 + nhead + sw, tail, ntail * sizeof(uint32_t));
}

void spv_emit_string(struct spv_builder *b, enum spv_section section,
                     SpvOp op, const uint32_t *head, unsigned nhead,
                     const char *str, const uint32_t *tail, unsigned ntail)
{
    if ((unsigned)section >= SPV_SECTION_COUNT) {
        spv_fail(b, "bad section");
        return;
    }
    spv_emit_string_to(b, &b->sections[section], op, head, nhead, str, tail,
                       ntail);
}

/* ---- dedup table ---------------------------------------------------------
 * Keys are [opcode, result type or 0, operands...]. */

static uint32_t spv_hash(SpvOp op, uint32_t rtype, const uint32_t *ops,
                         unsigned n)
{
    uint32_t h = 2166136261u;
    unsigned i;

    h = (h ^ (uint32_t)op) * 16777619u;
    h = (h ^ rtype) * 16777619u;
    for (i = 0; i < n; i++)
        h = (h ^ ops[i]) * 16777619u;
    return h;
}

static bool spv_key_equal(const struct spv_builder *b,
                          const struct spv_dedup_entry *e, SpvOp op,
                          uint32_t rtype, const uint32_t *ops, unsigned n)
{
    const uint32_t *k = b->dedup_keys.data + e->key_off;

    return e->key_len == (size_t)n + 2 && k[0] == (uint32_t)op &&
           k[1] == rtype &&
           (n == 0 || memcmp(k + 2, ops, n * sizeof(uint32_t)) == 0);
}

static uint32_t spv_dedup_find(const struct spv_builder *b, SpvOp op,
                               uint32_t rtype, const uint32_t *ops,
                               unsigned n, uint32_t hash)
{
    size_t i, mask;

    if (!b->dedup_cap)
        return 0;
    mask = b->dedup_cap - 1;
    for (i = hash & mask; b->dedup[i].id; i = (i + 1) & mask)
        if (b->dedup[i].hash == hash &&
            spv_key_equal(b, &b->dedup[i], op, rtype, ops, n))
            return b->dedup[i].id;
    return 0;
}

static void spv_dedup_place(struct spv_dedup_entry *table, size_t cap,
                            const struct spv_dedup_entry *e)
{
    size_t i, mask = cap - 1;

    for (i = e->hash & mask; table[i].id; i = (i + 1) & mask)
        ;
    table[i] = *e;
}

static void spv_dedup_insert(struct spv_builder *b, SpvOp op, uint32_t rtype,
                             const uint32_t *ops, unsigned n, uint32_t hash,
                             uint32_t id)
{
    struct spv_dedup_entry e;
    uint32_t head[2] = {(uint32_t)op, rtype};
    size_t off = b->dedup_keys.count;

    if (b->error)
        return;
    if ((b->dedup_count + 1) * 2 > b->dedup_cap) {
        void *fresh = NULL;
        size_t fresh_cap = 0, i;
        struct spv_dedup_entry *table;

        if (!spv_grow(b, &fresh, &fresh_cap,
                      b->dedup_cap ? b->dedup_cap * 2 : 64,
                      sizeof(struct spv_dedup_entry)))
            return;
        table = fresh;
        memset(table, 0, fresh_cap * sizeof(*table));
        for (i = 0; i < b->dedup_cap; i++)
            if (b->dedup[i].id)
                spv_dedup_place(table, fresh_cap, &b->dedup[i]);
        b->alloc_bytes -= b->dedup_cap * sizeof(struct spv_dedup_entry);
        free(b->dedup);
        b->dedup = table;
        b->dedup_cap = fresh_cap;
    }
    spv_words_append(b, &b->dedup_keys, head, 2);
    spv_words_append(b, &b->dedup_keys, ops, n);
    if (b->error)
        return;
    e.hash = hash;
    e.id = id;
    e.key_off = off;
    e.key_len = (size_t)n + 2;
    spv_dedup_place(b->dedup, b->dedup_cap, &e);
    b->dedup_count++;
}

/* A deduplicated module-scope instruction: types (rtype 0) and constants. */
static uint32_t spv_global_dedup(struct spv_builder *b, SpvOp op,
                                 uint32_t rtype, const uint32_t *ops,
                                 unsigned n)
{
    uint32_t hash = spv_hash(op, rtype, ops, n);
    uint32_t id = spv_dedup_find(b, op, rtype, ops, n, hash);
    uint32_t head[2];
    unsigned nhead = 0;

    if (id)
        return id;
    id = spv_id(b);
    if (rtype)
        head[nhead++] = rtype;
    head[nhead++] = id;
    spv_inst(b, &b->sections[SPV_SECTION_GLOBAL], op, head, nhead, ops, n);
    spv_dedup_insert(b, op, rtype, ops, n, hash, id);
    return id;
}

/* Emits ops into a section unless an identical instruction was already
 * emitted there (capabilities, decorations).  No result id. */
static void spv_emit_once(struct spv_builder *b, enum spv_section section,
                          SpvOp op, const uint32_t *ops, unsigned n)
{
    uint32_t hash = spv_hash(op, 0, ops, n);

    if (spv_dedup_find(b, op, 0, ops, n, hash))
        return;
    spv_emit(b, section, op, ops, n);
    spv_dedup_insert(b, op, 0, ops, n, hash, 1);
}

/* ---- module-level -------------------------------------------------------- */

void spv_capability(struct spv_builder *b, SpvCapability cap)
{
    uint32_t c = (uint32_t)cap;
    spv_emit_once(b, SPV_SECTION_CAPABILITY, SpvOpCapability, &c, 1);
}

#define SPV_MAX_KEY_STRING_WORDS 64

/* Dedups a string-keyed instruction (OpExtension, OpExtInstImport).
 * Returns the existing id or 0 (and the packed key) when new. */
static uint32_t spv_string_find(struct spv_builder *b, SpvOp op,
                                const char *name, uint32_t *key,
                                unsigned *nkey, uint32_t *hash)
{
    size_t sw = spv_string_words(name);

    if (sw > SPV_MAX_KEY_STRING_WORDS) {
        spv_fail(b, "name too long");
        *nkey = 0;
        return 0;
    }
    spv_string_pack(key, name, sw);
    *nkey = (unsigned)sw;
    *hash = spv_hash(op, 0, key, *nkey);
    return spv_dedup_find(b, op, 0, key, *nkey, *hash);
}

void spv_extension(struct spv_builder *b, const char *name)
{
    uint32_t key[SPV_MAX_KEY_STRING_WORDS], hash = 0;
    unsigned nkey;

    if (spv_string_find(b, SpvOpExtension, name, key, &nkey, &hash) || !nkey)
        return;
    spv_emit(b, SPV_SECTION_EXTENSION, SpvOpExtension, key, nkey);
    spv_dedup_insert(b, SpvOpExtension, 0, key, nkey, hash, 1);
}

uint32_t spv_ext_inst_import(struct spv_builder *b, const char *name)
{
    uint32_t key[SPV_MAX_KEY_STRING_WORDS], hash = 0, id;
    unsigned nkey;

    id = spv_string_find(b, SpvOpExtInstImport, name, key, &nkey, &hash);
    if (id)
        return id;
    id = spv_id(b);
    if (!nkey)
        return id;
    spv_inst(b, &b->sections[SPV_SECTION_EXT_INST_IMPORT],
             SpvOpExtInstImport, &id, 1, key, nkey);
    spv_dedup_insert(b, SpvOpExtInstImport, 0, key, nkey, hash, id);
    return id;
}

uint32_t spv_import_glsl450(struct spv_builder *b)
{
    if (!b->glsl450)
        b->glsl450 = spv_ext_inst_import(b, "GLSL.std.450");
    return b->glsl450;
}

void spv_set_memory_model(struct spv_builder *b, SpvAddressingModel am,
                          SpvMemoryModel mm)
{
    b->addressing_model = am;
    b->memory_model = mm;
}

void spv_entry_point(struct spv_builder *b, SpvExecutionModel model,
                     uint32_t function, const char *name,
                     const uint32_t *interface, unsigned n)
{
    uint32_t head[2] = {(uint32_t)model, function};
    size_t i, k;
    uint32_t *p;
    size_t sw;

    if (interface) {
        spv_emit_string_to(b, &b->sections[SPV_SECTION_ENTRY_POINT],
                           SpvOpEntryPoint, head, 2, name, interface, n);
        return;
    }
    /* Implicit interface: Input/Output globals (every global from 1.4). */
    for (i = 0, k = 0; i < b->global_count; i++) {
        uint32_t sc = b->globals[2 * i + 1];
        if (b->version >= 0x00010400u || sc == SpvStorageClassInput ||
            sc == SpvStorageClassOutput)
            k++;
    }
    sw = spv_string_words(name);
    p = spv_inst_begin(b, &b->sections[SPV_SECTION_ENTRY_POINT],
                       SpvOpEntryPoint, 3 + sw + k);
    if (!p)
        return;
    p[1] = head[0];
    p[2] = head[1];
    spv_string_pack(p + 3, name, sw);
    p += 3 + sw;
    for (i = 0; i < b->global_count; i++) {
        uint32_t sc = b->globals[2 * i + 1];
        if (b->version >= 0x00010400u || sc == SpvStorageClassInput ||
            sc == SpvStorageClassOutput)
            *p++ = b->globals[2 * i];
    }
}

void spv_execution_mode(struct spv_builder *b, uint32_t function,
                        SpvExecutionMode mode, const uint32_t *literals,
                        unsigned n)
{
    uint32_t head[2] = {function, (uint32_t)mode};
    spv_inst(b, &b->sections[SPV_SECTION_EXECUTION_MODE],
             SpvOpExecutionMode, head, 2, literals, n);
}

/* ---- debug names --------------------------------------------------------- */

void spv_name(struct spv_builder *b, uint32_t id, const char *name)
{
    spv_emit_string_to(b, &b->sections[SPV_SECTION_DEBUG_NAME], SpvOpName,
                       &id, 1, name, NULL, 0);
}

void spv_member_name(struct spv_builder *b, uint32_t struct_type,
                     uint32_t member, const char *name)
{
    uint32_t head[2] = {struct_type, member};
    spv_emit_string_to(b, &b->sections[SPV_SECTION_DEBUG_NAME],
                       SpvOpMemberName, head, 2, name, NULL, 0);
}

/* ---- decorations ---------------------------------------------------------- */

#define SPV_MAX_DECORATION_LITERALS 8

void spv_decorate(struct spv_builder *b, uint32_t id, SpvDecoration dec,
                  const uint32_t *literals, unsigned n)
{
    uint32_t ops[2 + SPV_MAX_DECORATION_LITERALS];

    if (n > SPV_MAX_DECORATION_LITERALS) {
        spv_fail(b, "too many decoration literals");
        return;
    }
    ops[0] = id;
    ops[1] = (uint32_t)dec;
    if (n)
        memcpy(ops + 2, literals, n * sizeof(uint32_t));
    spv_emit_once(b, SPV_SECTION_ANNOTATION, SpvOpDecorate, ops, 2 + n);
}

void spv_member_decorate(struct spv_builder *b, uint32_t struct_type,
                         uint32_t member, SpvDecoration dec,
                         const uint32_t *literals, unsigned n)
{
    uint32_t ops[3 + SPV_MAX_DECORATION_LITERALS];

    if (n > SPV_MAX_DECORATION_LITERALS) {
        spv_fail(b, "too many decoration literals");
        return;
    }
    ops[0] = struct_type;
    ops[1] = member;
    ops[2] = (uint32_t)dec;
    if (n)
        memcpy(ops + 3, literals, n * sizeof(uint32_t));
    spv_emit_once(b, SPV_SECTION_ANNOTATION, SpvOpMemberDecorate, ops, 3 + n);
}

void spv_decorate_location(struct spv_builder *b, uint32_t id, uint32_t loc)
{
    spv_decorate(b, id, SpvDecorationLocation, &loc, 1);
}

void spv_decorate_builtin(struct spv_builder *b, uint32_t id, SpvBuiltIn bi)
{
    uint32_t v = (uint32_t)bi;
    spv_decorate(b, id, SpvDecorationBuiltIn, &v, 1);
}

void spv_decorate_block(struct spv_builder *b, uint32_t struct_type)
{
    spv_decorate(b, struct_type, SpvDecorationBlock, NULL, 0);
}

void spv_decorate_descriptor_set(struct spv_builder *b, uint32_t id,
                                 uint32_t set)
{
    spv_decorate(b, id, SpvDecorationDescriptorSet, &set, 1);
}

void spv_decorate_binding(struct spv_builder *b, uint32_t id,
                          uint32_t binding)
{
    spv_decorate(b, id, SpvDecorationBinding, &binding, 1);
}

void spv_decorate_flat(struct spv_builder *b, uint32_t id)
{
    spv_decorate(b, id, SpvDecorationFlat, NULL, 0);
}

void spv_decorate_array_stride(struct spv_builder *b, uint32_t array_type,
                               uint32_t stride)
{
    spv_decorate(b, array_type, SpvDecorationArrayStride, &stride, 1);
}

void spv_member_offset(struct spv_builder *b, uint32_t struct_type,
                       uint32_t member, uint32_t offset)
{
    spv_member_decorate(b, struct_type, member, SpvDecorationOffset, &offset,
                        1);
}

void spv_member_matrix_stride(struct spv_builder *b, uint32_t struct_type,
                              uint32_t member, uint32_t stride)
{
    spv_member_decorate(b, struct_type, member, SpvDecorationMatrixStride,
                        &stride, 1);
}

void spv_member_col_major(struct spv_builder *b, uint32_t struct_type,
                          uint32_t member)
{
    spv_member_decorate(b, struct_type, member, SpvDecorationColMajor, NULL,
                        0);
}

void spv_member_row_major(struct spv_builder *b, uint32_t struct_type,
                          uint32_t member)
{
    spv_member_decorate(b, struct_type, member, SpvDecorationRowMajor, NULL,
                        0);
}

void spv_member_builtin(struct spv_builder *b, uint32_t struct_type,
                        uint32_t member, SpvBuiltIn bi)
{
    uint32_t v = (uint32_t)bi;
    spv_member_decorate(b, struct_type, member, SpvDecorationBuiltIn, &v, 1);
}

/* ---- types ---------------------------------------------------------------- */

uint32_t spv_type_void(struct spv_builder *b)
{
    return spv_global_dedup(b, SpvOpTypeVoid, 0, NULL, 0);
}

uint32_t spv_type_bool(struct spv_builder *b)
{
    return spv_global_dedup(b, SpvOpTypeBool, 0, NULL, 0);
}

uint32_t spv_type_int(struct spv_builder *b, unsigned width, bool is_signed)
{
    uint32_t ops[2] = {width, is_signed ? 1u : 0u};

    switch (width) {
    case 8: spv_capability(b, SpvCapabilityInt8); break;
    case 16: spv_capability(b, SpvCapabilityInt16); break;
    case 32: break;
    case 64: spv_capability(b, SpvCapabilityInt64); break;
    default: spv_fail(b, "bad integer width"); break;
    }
    return spv_global_dedup(b, SpvOpTypeInt, 0, ops, 2);
}

uint32_t spv_type_float(struct spv_builder *b, unsigned width)
{
    uint32_t w = width;

    switch (width) {
    case 16: spv_capability(b, SpvCapabilityFloat16); break;
    case 32: break;
    case 64: spv_capability(b, SpvCapabilityFloat64); break;
    default: spv_fail(b, "bad float width"); break;
    }
    return spv_global_dedup(b, SpvOpTypeFloat, 0, &w, 1);
}

uint32_t spv_type_vec(struct spv_builder *b, uint32_t component,
                      unsigned count)
{
    uint32_t ops[2] = {component, count};

    if (count < 2 || count > 4)
        spv_fail(b, "bad vector size");
    return spv_global_dedup(b, SpvOpTypeVector, 0, ops, 2);
}

uint32_t spv_type_mat(struct spv_builder *b, uint32_t column_type,
                      unsigned columns)
{
    uint32_t ops[2] = {column_type, columns};

    if (columns < 2 || columns > 4)
        spv_fail(b, "bad matrix size");
    return spv_global_dedup(b, SpvOpTypeMatrix, 0, ops, 2);
}

uint32_t spv_type_array(struct spv_builder *b, uint32_t element,
                        uint32_t length)
{
    uint32_t ops[2];

    if (!length)
        spv_fail(b, "zero-length array");
    ops[0] = element;
    ops[1] = spv_const_u32(b, length);
    return spv_global_dedup(b, SpvOpTypeArray, 0, ops, 2);
}

uint32_t spv_type_array_unique(struct spv_builder *b, uint32_t element,
                               uint32_t length)
{
    uint32_t ops[2], id;

    if (!length)
        spv_fail(b, "zero-length array");
    ops[0] = element;
    ops[1] = spv_const_u32(b, length);
    id = spv_id(b);
    spv_inst(b, &b->sections[SPV_SECTION_GLOBAL], SpvOpTypeArray, &id, 1,
             ops, 2);
    return id;
}

uint32_t spv_type_struct(struct spv_builder *b, const uint32_t *members,
                         unsigned n)
{
    return spv_global_dedup(b, SpvOpTypeStruct, 0, members, n);
}

uint32_t spv_type_runtime_array_unique(struct spv_builder *b, uint32_t element)
{
    uint32_t id = spv_id(b);

    spv_inst(b, &b->sections[SPV_SECTION_GLOBAL], SpvOpTypeRuntimeArray, &id, 1,
             &element, 1);
    return id;
}

uint32_t spv_type_struct_unique(struct spv_builder *b,
                                const uint32_t *members, unsigned n)
{
    uint32_t id = spv_id(b);

    spv_inst(b, &b->sections[SPV_SECTION_GLOBAL], SpvOpTypeStruct, &id, 1,
             members, n);
    return id;
}

uint32_t spv_type_pointer(struct spv_builder *b, SpvStorageClass sc,
                          uint32_t pointee)
{
    uint32_t ops[2] = {(uint32_t)sc, pointee};
    return spv_global_dedup(b, SpvOpTypePointer, 0, ops, 2);
}

uint32_t spv_type_function(struct spv_builder *b, uint32_t return_type,
                           const uint32_t *params, unsigned n)
{
    uint32_t ops[1 + 32];

    if (n > 32) {
        spv_fail(b, "too many function parameters");
        return spv_id(b);
    }
    ops[0] = return_type;
    if (n)
        memcpy(ops + 1, params, n * sizeof(uint32_t));
    return spv_global_dedup(b, SpvOpTypeFunction, 0, ops, 1 + n);
}

uint32_t spv_type_image(struct spv_builder *b, uint32_t sampled_type,
                        SpvDim dim, unsigned depth, bool arrayed, bool ms,
                        unsigned sampled, SpvImageFormat format)
{
    uint32_t ops[7] = {sampled_type,    (uint32_t)dim, depth,
                       arrayed ? 1u : 0u, ms ? 1u : 0u, sampled,
                       (uint32_t)format};

    if (dim == SpvDim1D)
        spv_capability(b, sampled == 2 ? SpvCapabilityImage1D
                                       : SpvCapabilitySampled1D);
    else if (dim == SpvDimBuffer)
        spv_capability(b, sampled == 2 ? SpvCapabilityImageBuffer
                                       : SpvCapabilitySampledBuffer);
    else if (dim == SpvDimCube && arrayed)
        spv_capability(b, sampled == 2 ? SpvCapabilityImageCubeArray
                                       : SpvCapabilitySampledCubeArray);
    return spv_global_dedup(b, SpvOpTypeImage, 0, ops, 7);
}

uint32_t spv_type_sampler(struct spv_builder *b)
{
    return spv_global_dedup(b, SpvOpTypeSampler, 0, NULL, 0);
}

uint32_t spv_type_sampled_image(struct spv_builder *b, uint32_t image_type)
{
    return spv_global_dedup(b, SpvOpTypeSampledImage, 0, &image_type, 1);
}

/* ---- constants ------------------------------------------------------------ */

uint32_t spv_const_u32(struct spv_builder *b, uint32_t v)
{
    return spv_global_dedup(b, SpvOpConstant, spv_type_int(b, 32, false), &v,
                            1);
}

uint32_t spv_const_i32(struct spv_builder *b, int32_t v)
{
    uint32_t u = (uint32_t)v;
    return spv_global_dedup(b, SpvOpConstant, spv_type_int(b, 32, true), &u,
                            1);
}

uint32_t spv_const_f32(struct spv_builder *b, float v)
{
    uint32_t u;

    memcpy(&u, &v, sizeof(u));
    return spv_global_dedup(b, SpvOpConstant, spv_type_float(b, 32), &u, 1);
}

uint32_t spv_const_bool(struct spv_builder *b, bool v)
{
    return spv_global_dedup(b, v ? SpvOpConstantTrue : SpvOpConstantFalse,
                            spv_type_bool(b), NULL, 0);
}

uint32_t spv_const_composite(struct spv_builder *b, uint32_t type,
                             const uint32_t *constituents, unsigned n)
{
    return spv_global_dedup(b, SpvOpConstantComposite, type, constituents, n);
}

uint32_t spv_const_null(struct spv_builder *b, uint32_t type)
{
    return spv_global_dedup(b, SpvOpConstantNull, type, NULL, 0);
}

uint32_t spv_const_vec_f32(struct spv_builder *b, const float *v, unsigned n)
{
    uint32_t ids[4];
    unsigned i;

    if (n < 2 || n > 4) {
        spv_fail(b, "bad vector size");
        return spv_id(b);
    }
    for (i = 0; i < n; i++)
        ids[i] = spv_const_f32(b, v[i]);
    return spv_const_composite(
        b, spv_type_vec(b, spv_type_float(b, 32), n), ids, n);
}

/* ---- variables ------------------------------------------------------------ */

uint32_t spv_global_variable(struct spv_builder *b, uint32_t type,
                             SpvStorageClass sc, uint32_t initializer)
{
    uint32_t ptr = spv_type_pointer(b, sc, type);
    uint32_t id = spv_id(b);
    uint32_t ops[4] = {ptr, id, (uint32_t)sc, initializer};
    void *globals = b->globals;

    if (sc == SpvStorageClassFunction) {
        spv_fail(b, "Function storage class at module scope");
        return id;
    }
    spv_inst(b, &b->sections[SPV_SECTION_GLOBAL], SpvOpVariable, ops,
             initializer ? 4 : 3, NULL, 0);
    if (b->error)
        return id;
    if (!spv_grow(b, &globals, &b->global_cap, 2 * (b->global_count + 1),
                  sizeof(uint32_t)))
        return id;
    b->globals = globals;
    b->globals[2 * b->global_count] = id;
    b->globals[2 * b->global_count + 1] = (uint32_t)sc;
    b->global_count++;
    return id;
}

uint32_t spv_local_variable(struct spv_builder *b, uint32_t type,
                            uint32_t initializer)
{
    uint32_t ptr = spv_type_pointer(b, SpvStorageClassFunction, type);
    uint32_t id = spv_id(b);
    uint32_t ops[4] = {ptr, id, SpvStorageClassFunction, initializer};

    if (!b->in_function) {
        spv_fail(b, "local variable outside a function");
        return id;
    }
    spv_inst(b, &b->fn_vars, SpvOpVariable, ops, initializer ? 4 : 3, NULL,
             0);
    return id;
}

/* ---- functions and blocks ------------------------------------------------- */

uint32_t spv_function_begin(struct spv_builder *b, uint32_t return_type,
                            uint32_t function_type, uint32_t control)
{
    uint32_t id = spv_id(b);
    uint32_t ops[4] = {return_type, id, control, function_type};

    if (b->in_function) {
        spv_fail(b, "function begun inside a function");
        return id;
    }
    b->in_function = true;
    b->in_block = false;
    b->function_id = id;
    b->fn_header.count = 0;
    b->fn_vars.count = 0;
    b->fn_body.count = 0;
    spv_inst(b, &b->fn_header, SpvOpFunction, ops, 4, NULL, 0);
    return id;
}

uint32_t spv_function_param(struct spv_builder *b, uint32_t type)
{
    uint32_t id = spv_id(b);
    uint32_t ops[2] = {type, id};

    if (!b->in_function || b->fn_body.count) {
        spv_fail(b, "function parameter outside a function header");
        return id;
    }
    spv_inst(b, &b->fn_header, SpvOpFunctionParameter, ops, 2, NULL, 0);
    return id;
}

void spv_function_end(struct spv_builder *b)
{
    struct spv_words *out = &b->sections[SPV_SECTION_FUNCTION];

    if (!b->in_function) {
        spv_fail(b, "function end outside a function");
        return;
    }
    b->in_function = false;
    if (b->in_block) {
        b->in_block = false;
        spv_fail(b, "function ends inside an unterminated block");
        return;
    }
    if (b->fn_body.count < 2 ||
        b->fn_body.data[0] != (2u << 16 | SpvOpLabel)) {
        spv_fail(b, "function without a body");
        return;
    }
    /* OpFunction, parameters, first OpLabel, local variables, the rest. */
    spv_words_append(b, out, b->fn_header.data, b->fn_header.count);
    spv_words_append(b, out, b->fn_body.data, 2);
    spv_words_append(b, out, b->fn_vars.data, b->fn_vars.count);
    spv_words_append(b, out, b->fn_body.data + 2, b->fn_body.count - 2);
    spv_inst(b, out, SpvOpFunctionEnd, NULL, 0, NULL, 0);
}

void spv_label_at(struct spv_builder *b, uint32_t label)
{
    if (!b->in_function) {
        spv_fail(b, "label outside a function");
        return;
    }
    if (b->in_block) {
        spv_fail(b, "label inside an unterminated block");
        return;
    }
    b->in_block = true;
    spv_inst(b, &b->fn_body, SpvOpLabel, &label, 1, NULL, 0);
}

uint32_t spv_label(struct spv_builder *b)
{
    uint32_t id = spv_id(b);
    spv_label_at(b, id);
    return id;
}

bool spv_in_block(const struct spv_builder *b)
{
    return b->in_function && b->in_block;
}

/* ---- instructions --------------------------------------------------------- */

static bool spv_is_terminator(SpvOp op)
{
    switch (op) {
    case SpvOpBranch:
    case SpvOpBranchConditional:
    case SpvOpSwitch:
    case SpvOpReturn:
    case SpvOpReturnValue:
    case SpvOpKill:
    case SpvOpUnreachable:
    case SpvOpTerminateInvocation:
        return true;
    default:
        return false;
    }
}

/* Emits into w with the grammar's result type / result id shape. */
static uint32_t spv_op_to(struct spv_builder *b, struct spv_words *w,
                          SpvOp op, uint32_t result_type,
                          const uint32_t *operands, unsigned n)
{
    bool has_result = false, has_type = false;
    uint32_t head[2], id = 0;
    unsigned nhead = 0;

    spv__has_result_and_type(op, &has_result, &has_type);
    if (has_type && !result_type) {
        spv_fail(b, "missing result type");
        return spv_id(b);
    }
    if (!has_type && result_type) {
        spv_fail(b, "result type given to an opcode without one");
        return has_result ? spv_id(b) : 0;
    }
    if (has_type)
        head[nhead++] = result_type;
    if (has_result)
        head[nhead++] = id = spv_id(b);
    spv_inst(b, w, op, head, nhead, operands, n);
    return id;
}

uint32_t spv_op(struct spv_builder *b, SpvOp op, uint32_t result_type,
                const uint32_t *operands, unsigned n)
{
    uint32_t id;

    switch (op) {
    case SpvOpLabel:
        return spv_label(b);
    case SpvOpVariable:
        if (!b->in_function) {
            spv_fail(b, "local variable outside a function");
            return spv_id(b);
        }
        return spv_op_to(b, &b->fn_vars, op, result_type, operands, n);
    case SpvOpFunction:
    case SpvOpFunctionParameter:
    case SpvOpFunctionEnd:
        spv_fail(b, "use spv_function_begin/param/end");
        return spv_id(b);
    default:
        break;
    }
    if (!b->in_function || !b->in_block) {
        spv_fail(b, "instruction outside a block");
        return spv_id(b);
    }
    id = spv_op_to(b, &b->fn_body, op, result_type, operands, n);
    if (spv_is_terminator(op))
        b->in_block = false;
    return id;
}

uint32_t spv_global_op(struct spv_builder *b, SpvOp op, uint32_t result_type,
                       const uint32_t *operands, unsigned n)
{
    return spv_op_to(b, &b->sections[SPV_SECTION_GLOBAL], op, result_type,
                     operands, n);
}

uint32_t spv_unop(struct spv_builder *b, SpvOp op, uint32_t type, uint32_t a)
{
    return spv_op(b, op, type, &a, 1);
}

uint32_t spv_binop(struct spv_builder *b, SpvOp op, uint32_t type,
                   uint32_t a, uint32_t c)
{
    uint32_t ops[2] = {a, c};
    return spv_op(b, op, type, ops, 2);
}

uint32_t spv_load(struct spv_builder *b, uint32_t type, uint32_t pointer)
{
    return spv_op(b, SpvOpLoad, type, &pointer, 1);
}

void spv_store(struct spv_builder *b, uint32_t pointer, uint32_t value)
{
    uint32_t ops[2] = {pointer, value};
    spv_op(b, SpvOpStore, 0, ops, 2);
}

/* Operand list: one id, then n words.  Small, on the stack. */
#define SPV_MAX_OPERANDS 64

static uint32_t spv_op_id_list(struct spv_builder *b, SpvOp op,
                               uint32_t type, const uint32_t *first,
                               unsigned nfirst, const uint32_t *rest,
                               unsigned n)
{
    uint32_t ops[SPV_MAX_OPERANDS];

    if (nfirst + n > SPV_MAX_OPERANDS) {
        spv_fail(b, "too many operands");
        return spv_id(b);
    }
    memcpy(ops, first, nfirst * sizeof(uint32_t));
    if (n)
        memcpy(ops + nfirst, rest, n * sizeof(uint32_t));
    return spv_op(b, op, type, ops, nfirst + n);
}

uint32_t spv_access_chain(struct spv_builder *b, uint32_t pointer_type,
                          uint32_t base, const uint32_t *indices, unsigned n)
{
    return spv_op_id_list(b, SpvOpAccessChain, pointer_type, &base, 1,
                          indices, n);
}

uint32_t spv_composite_extract(struct spv_builder *b, uint32_t type,
                               uint32_t composite, const uint32_t *indices,
                               unsigned n)
{
    return spv_op_id_list(b, SpvOpCompositeExtract, type, &composite, 1,
                          indices, n);
}

uint32_t spv_composite_extract1(struct spv_builder *b, uint32_t type,
                                uint32_t composite, uint32_t index)
{
    return spv_composite_extract(b, type, composite, &index, 1);
}

uint32_t spv_composite_insert(struct spv_builder *b, uint32_t type,
                              uint32_t object, uint32_t composite,
                              const uint32_t *indices, unsigned n)
{
    uint32_t first[2] = {object, composite};
    return spv_op_id_list(b, SpvOpCompositeInsert, type, first, 2, indices,
                          n);
}

uint32_t spv_composite_construct(struct spv_builder *b, uint32_t type,
                                 const uint32_t *constituents, unsigned n)
{
    return spv_op(b, SpvOpCompositeConstruct, type, constituents, n);
}

uint32_t spv_vector_shuffle(struct spv_builder *b, uint32_t type,
                            uint32_t v1, uint32_t v2,
                            const uint32_t *components, unsigned n)
{
    uint32_t first[2] = {v1, v2};
    return spv_op_id_list(b, SpvOpVectorShuffle, type, first, 2, components,
                          n);
}

uint32_t spv_fadd(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c)
{
    return spv_binop(b, SpvOpFAdd, type, a, c);
}

uint32_t spv_fsub(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c)
{
    return spv_binop(b, SpvOpFSub, type, a, c);
}

uint32_t spv_fmul(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c)
{
    return spv_binop(b, SpvOpFMul, type, a, c);
}

uint32_t spv_fdiv(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c)
{
    return spv_binop(b, SpvOpFDiv, type, a, c);
}

uint32_t spv_fnegate(struct spv_builder *b, uint32_t type, uint32_t a)
{
    return spv_unop(b, SpvOpFNegate, type, a);
}

uint32_t spv_dot(struct spv_builder *b, uint32_t type, uint32_t a,
                 uint32_t c)
{
    return spv_binop(b, SpvOpDot, type, a, c);
}

uint32_t spv_vector_times_scalar(struct spv_builder *b, uint32_t type,
                                 uint32_t vector, uint32_t scalar)
{
    return spv_binop(b, SpvOpVectorTimesScalar, type, vector, scalar);
}

uint32_t spv_matrix_times_vector(struct spv_builder *b, uint32_t type,
                                 uint32_t matrix, uint32_t vector)
{
    return spv_binop(b, SpvOpMatrixTimesVector, type, matrix, vector);
}

uint32_t spv_vector_times_matrix(struct spv_builder *b, uint32_t type,
                                 uint32_t vector, uint32_t matrix)
{
    return spv_binop(b, SpvOpVectorTimesMatrix, type, vector, matrix);
}

uint32_t spv_compare(struct spv_builder *b, SpvOp op, uint32_t type,
                     uint32_t a, uint32_t c)
{
    return spv_binop(b, op, type, a, c);
}

uint32_t spv_select(struct spv_builder *b, uint32_t type, uint32_t cond,
                    uint32_t if_true, uint32_t if_false)
{
    uint32_t ops[3] = {cond, if_true, if_false};
    return spv_op(b, SpvOpSelect, type, ops, 3);
}

uint32_t spv_convert(struct spv_builder *b, SpvOp op, uint32_t type,
                     uint32_t a)
{
    return spv_unop(b, op, type, a);
}

uint32_t spv_ext_inst(struct spv_builder *b, uint32_t type, uint32_t set,
                      uint32_t instruction, const uint32_t *args, unsigned n)
{
    uint32_t first[2] = {set, instruction};
    return spv_op_id_list(b, SpvOpExtInst, type, first, 2, args, n);
}

uint32_t spv_glsl(struct spv_builder *b, uint32_t type, uint32_t instruction,
                  const uint32_t *args, unsigned n)
{
    return spv_ext_inst(b, type, spv_import_glsl450(b), instruction, args, n);
}

uint32_t spv_glsl1(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x)
{
    return spv_glsl(b, type, instruction, &x, 1);
}

uint32_t spv_glsl2(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x, uint32_t y)
{
    uint32_t args[2] = {x, y};
    return spv_glsl(b, type, instruction, args, 2);
}

uint32_t spv_glsl3(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t args[3] = {x, y, z};
    return spv_glsl(b, type, instruction, args, 3);
}

uint32_t spv_function_call(struct spv_builder *b, uint32_t type,
                           uint32_t function, const uint32_t *args,
                           unsigned n)
{
    return spv_op_id_list(b, SpvOpFunctionCall, type, &function, 1, args, n);
}

uint32_t spv_phi(struct spv_builder *b, uint32_t type, const uint32_t *pairs,
                 unsigned n)
{
    if (n % 2) {
        spv_fail(b, "odd phi operand count");
        return spv_id(b);
    }
    return spv_op(b, SpvOpPhi, type, pairs, n);
}

/* ---- control flow --------------------------------------------------------- */

void spv_selection_merge(struct spv_builder *b, uint32_t merge_label,
                         uint32_t control)
{
    uint32_t ops[2] = {merge_label, control};
    spv_op(b, SpvOpSelectionMerge, 0, ops, 2);
}

void spv_loop_merge(struct spv_builder *b, uint32_t merge_label,
                    uint32_t continue_label, uint32_t control)
{
    uint32_t ops[3] = {merge_label, continue_label, control};
    spv_op(b, SpvOpLoopMerge, 0, ops, 3);
}

void spv_branch(struct spv_builder *b, uint32_t target)
{
    spv_op(b, SpvOpBranch, 0, &target, 1);
}

void spv_branch_cond(struct spv_builder *b, uint32_t cond,
                     uint32_t true_label, uint32_t false_label)
{
    uint32_t ops[3] = {cond, true_label, false_label};
    spv_op(b, SpvOpBranchConditional, 0, ops, 3);
}

void spv_return(struct spv_builder *b)
{
    spv_op(b, SpvOpReturn, 0, NULL, 0);
}

void spv_return_value(struct spv_builder *b, uint32_t value)
{
    spv_op(b, SpvOpReturnValue, 0, &value, 1);
}

void spv_unreachable(struct spv_builder *b)
{
    spv_op(b, SpvOpUnreachable, 0, NULL, 0);
}

void spv_kill(struct spv_builder *b)
{
    spv_op(b, SpvOpKill, 0, NULL, 0);
}

void spv_demote(struct spv_builder *b)
{
    spv_capability(b, SpvCapabilityDemoteToHelperInvocation);
    if (b->version < 0x00010600u)
        spv_extension(b, "SPV_EXT_demote_to_helper_invocation");
    spv_op(b, SpvOpDemoteToHelperInvocation, 0, NULL, 0);
}

/* ---- finish --------------------------------------------------------------- */

bool spv_finish(struct spv_builder *b, uint32_t **words, size_t *count)
{
    uint32_t memory_model[3];
    void *out = NULL;
    size_t total, cap = 0, pos, i;
    uint32_t *w;

    *words = NULL;
    *count = 0;
    if (b->in_function)
        spv_fail(b, "spv_finish with a function still open");
    if (b->error)
        return false;

    memory_model[0] = 3u << 16 | SpvOpMemoryModel;
    memory_model[1] = (uint32_t)b->addressing_model;
    memory_model[2] = (uint32_t)b->memory_model;

    total = 5 + (b->sections[SPV_SECTION_MEMORY_MODEL].count ? 0 : 3);
    for (i = 0; i < SPV_SECTION_COUNT; i++)
        total += b->sections[i].count;
    if (!spv_grow(b, &out, &cap, total, sizeof(uint32_t)))
        return false;
    /* The buffer now belongs to the caller. */
    b->alloc_bytes -= cap * sizeof(uint32_t);
    w = out;

    w[0] = SPV_MAGIC;
    w[1] = b->version;
    w[2] = 0; /* generator */
    w[3] = b->next_id;
    w[4] = 0; /* schema */
    pos = 5;
    for (i = 0; i < SPV_SECTION_COUNT; i++) {
        if (i == SPV_SECTION_MEMORY_MODEL && !b->sections[i].count) {
            memcpy(w + pos, memory_model, sizeof(memory_model));
            pos += 3;
        }
        if (b->sections[i].count)
            memcpy(w + pos, b->sections[i].data,
                   b->sections[i].count * sizeof(uint32_t));
        pos += b->sections[i].count;
    }
    *words = w;
    *count = pos;
    return true;
}
