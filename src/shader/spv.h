/* nereid: a small SPIR-V module builder.
 *
 * Shaders are emitted word by word; there is no GLSL compiler anywhere.
 * The builder keeps one word buffer per section of the SPIR-V logical
 * layout and concatenates them in spv_finish(), so callers may declare
 * types, constants, globals, names and decorations in any order, even
 * in the middle of a function body.
 *
 * Conventions:
 *  - Every result id is a uint32_t; 0 is never a valid id.
 *  - Types and constants made through spv_type_* / spv_const_* are
 *    deduplicated: the same request returns the same id.  Aggregates that
 *    are going to be decorated (Block structs, arrays with ArrayStride)
 *    should come from the *_unique variants so that decorations do not leak
 *    onto unrelated uses of an identical type.
 *  - Errors are sticky.  An allocation failure or a misuse (an instruction
 *    outside a block, a second function opened inside the first, ...)
 *    sets b->error; every later call still returns plausible ids but emits
 *    nothing useful, and spv_finish() reports failure.  Callers need not
 *    check each call.
 *  - Ids are handed out in call order.  Nesting emitting calls as
 *    arguments of one call (f(b, g(b), h(b))) is valid SPIR-V either way,
 *    but C leaves the evaluation order open, so the exact words can differ
 *    between compilers; code that wants byte-identical output across
 *    compilers (caches, golden tests) should sequence such calls.
 *  - Function-local OpVariables may be created anywhere inside a function
 *    (spv_local_variable); they are moved to the start of the first block
 *    when the function ends, as SPIR-V requires.
 */
#ifndef NEREID_SHADER_SPV_H
#define NEREID_SHADER_SPV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.h>

#define SPV_VERSION_1_3 0x00010300u

/* Sections of the logical layout, in output order. */
enum spv_section {
    SPV_SECTION_CAPABILITY,
    SPV_SECTION_EXTENSION,
    SPV_SECTION_EXT_INST_IMPORT,
    SPV_SECTION_MEMORY_MODEL, /* normally left empty: spv_finish writes
                                 OpMemoryModel from the builder's fields */
    SPV_SECTION_ENTRY_POINT,
    SPV_SECTION_EXECUTION_MODE,
    SPV_SECTION_DEBUG_SOURCE, /* OpString, OpSource, OpSourceExtension */
    SPV_SECTION_DEBUG_NAME,   /* OpName, OpMemberName */
    SPV_SECTION_ANNOTATION,   /* OpDecorate, OpMemberDecorate */
    SPV_SECTION_GLOBAL,       /* types, constants, global variables */
    SPV_SECTION_FUNCTION,     /* finished function definitions */
    SPV_SECTION_COUNT
};

struct spv_words {
    uint32_t *data;
    size_t count;
    size_t cap; /* in words */
};

struct spv_dedup_entry; /* private to spv.c */

struct spv_builder {
    struct spv_words sections[SPV_SECTION_COUNT];

    uint32_t next_id; /* the module's bound once finished */
    uint32_t version; /* header version, SPV_VERSION_1_3 by default */
    SpvAddressingModel addressing_model; /* Logical by default */
    SpvMemoryModel memory_model;         /* GLSL450 by default */

    /* Dedup table for types, constants, capabilities, extensions and
     * extended instruction set imports.  Keys live in dedup_keys. */
    struct spv_dedup_entry *dedup;
    size_t dedup_cap;   /* slots, a power of two (or 0) */
    size_t dedup_count; /* used slots */
    struct spv_words dedup_keys;

    /* Global variables in creation order, as (id, storage class) pairs;
     * entry points declared without an explicit interface list use the
     * Input/Output ones (all of them from SPIR-V 1.4 on). */
    uint32_t *globals;
    size_t global_count; /* pairs */
    size_t global_cap;   /* in words */

    uint32_t glsl450; /* id of the GLSL.std.450 import, 0 until used */

    /* The function being built. */
    bool in_function;
    bool in_block;
    uint32_t function_id;
    struct spv_words fn_header; /* OpFunction + OpFunctionParameter */
    struct spv_words fn_vars;   /* OpVariable ... Function */
    struct spv_words fn_body;   /* from the first OpLabel on */

    /* Error state. */
    bool error;
    bool out_of_memory;
    const char *error_msg; /* static string describing the first error */

    /* Allocation accounting; alloc_limit 0 means unlimited.  Lets tests
     * force allocation failures deterministically. */
    size_t alloc_bytes;
    size_t alloc_limit;
};

/* ---- lifetime ---------------------------------------------------------- */

void spv_builder_init(struct spv_builder *b);
void spv_builder_cleanup(struct spv_builder *b);
/* Caps the total bytes the builder may hold (0 = no cap); exceeding it
 * behaves like malloc failure.  For tests. */
void spv_builder_set_alloc_limit(struct spv_builder *b, size_t bytes);
/* Builds the module: a malloc'd array of *count words the caller frees.
 * Returns false (and sets *words = NULL, *count = 0) if any error
 * happened while building, a function is still open, or allocation fails.
 * The builder is left unchanged and must still be cleaned up. */
bool spv_finish(struct spv_builder *b, uint32_t **words, size_t *count);
/* The first error's description, or NULL. */
const char *spv_error(const struct spv_builder *b);

/* ---- ids and raw emission ---------------------------------------------- */

uint32_t spv_id(struct spv_builder *b); /* a fresh id */
/* Appends one instruction (opcode, then n operand words) to a section. */
void spv_emit(struct spv_builder *b, enum spv_section section, SpvOp op,
              const uint32_t *operands, unsigned n);
/* Appends an instruction given as a head word list followed by a literal
 * string operand and tail words; for names, entry points, extensions. */
void spv_emit_string(struct spv_builder *b, enum spv_section section,
                     SpvOp op, const uint32_t *head, unsigned nhead,
                     const char *str, const uint32_t *tail, unsigned ntail);

/* ---- module-level ------------------------------------------------------ */

void spv_capability(struct spv_builder *b, SpvCapability cap); /* once */
void spv_extension(struct spv_builder *b, const char *name);   /* once */
uint32_t spv_ext_inst_import(struct spv_builder *b, const char *name);
uint32_t spv_import_glsl450(struct spv_builder *b);
void spv_set_memory_model(struct spv_builder *b, SpvAddressingModel am,
                          SpvMemoryModel mm);
/* interface == NULL: every Input/Output global created so far. */
void spv_entry_point(struct spv_builder *b, SpvExecutionModel model,
                     uint32_t function, const char *name,
                     const uint32_t *interface, unsigned n);
void spv_execution_mode(struct spv_builder *b, uint32_t function,
                        SpvExecutionMode mode, const uint32_t *literals,
                        unsigned n);

/* ---- debug names ------------------------------------------------------- */

void spv_name(struct spv_builder *b, uint32_t id, const char *name);
void spv_member_name(struct spv_builder *b, uint32_t struct_type,
                     uint32_t member, const char *name);

/* ---- decorations ------------------------------------------------------- */

void spv_decorate(struct spv_builder *b, uint32_t id, SpvDecoration dec,
                  const uint32_t *literals, unsigned n);
void spv_member_decorate(struct spv_builder *b, uint32_t struct_type,
                         uint32_t member, SpvDecoration dec,
                         const uint32_t *literals, unsigned n);
void spv_decorate_location(struct spv_builder *b, uint32_t id, uint32_t loc);
void spv_decorate_builtin(struct spv_builder *b, uint32_t id, SpvBuiltIn bi);
void spv_decorate_block(struct spv_builder *b, uint32_t struct_type);
void spv_decorate_descriptor_set(struct spv_builder *b, uint32_t id,
                                 uint32_t set);
void spv_decorate_binding(struct spv_builder *b, uint32_t id,
                          uint32_t binding);
void spv_decorate_flat(struct spv_builder *b, uint32_t id);
void spv_decorate_array_stride(struct spv_builder *b, uint32_t array_type,
                               uint32_t stride);
void spv_member_offset(struct spv_builder *b, uint32_t struct_type,
                       uint32_t member, uint32_t offset);
void spv_member_matrix_stride(struct spv_builder *b, uint32_t struct_type,
                              uint32_t member, uint32_t stride);
void spv_member_col_major(struct spv_builder *b, uint32_t struct_type,
                          uint32_t member);
void spv_member_row_major(struct spv_builder *b, uint32_t struct_type,
                          uint32_t member);
void spv_member_builtin(struct spv_builder *b, uint32_t struct_type,
                        uint32_t member, SpvBuiltIn bi);

/* ---- types (deduplicated unless *_unique) ------------------------------ */

uint32_t spv_type_void(struct spv_builder *b);
uint32_t spv_type_bool(struct spv_builder *b);
/* Widths other than 32 add the matching capability (Int8/16/64). */
uint32_t spv_type_int(struct spv_builder *b, unsigned width, bool is_signed);
/* 32; 16 and 64 add Float16/Float64. */
uint32_t spv_type_float(struct spv_builder *b, unsigned width);
uint32_t spv_type_vec(struct spv_builder *b, uint32_t component,
                      unsigned count);
uint32_t spv_type_mat(struct spv_builder *b, uint32_t column_type,
                      unsigned columns);
/* The length is made as a u32 constant. */
uint32_t spv_type_array(struct spv_builder *b, uint32_t element,
                        uint32_t length);
uint32_t spv_type_array_unique(struct spv_builder *b, uint32_t element,
                               uint32_t length);
/* OpTypeRuntimeArray, never deduplicated (it takes an ArrayStride). */
uint32_t spv_type_runtime_array_unique(struct spv_builder *b, uint32_t element);
uint32_t spv_type_struct(struct spv_builder *b, const uint32_t *members,
                         unsigned n);
uint32_t spv_type_struct_unique(struct spv_builder *b,
                                const uint32_t *members, unsigned n);
uint32_t spv_type_pointer(struct spv_builder *b, SpvStorageClass sc,
                          uint32_t pointee);
/* At most 32 parameters. */
uint32_t spv_type_function(struct spv_builder *b, uint32_t return_type,
                           const uint32_t *params, unsigned n);
uint32_t spv_type_image(struct spv_builder *b, uint32_t sampled_type,
                        SpvDim dim, unsigned depth, bool arrayed, bool ms,
                        unsigned sampled, SpvImageFormat format);
uint32_t spv_type_sampler(struct spv_builder *b);
uint32_t spv_type_sampled_image(struct spv_builder *b, uint32_t image_type);

/* ---- constants (deduplicated) ------------------------------------------ */

uint32_t spv_const_u32(struct spv_builder *b, uint32_t v);
uint32_t spv_const_i32(struct spv_builder *b, int32_t v);
/* Keyed by bit pattern: 0.0f and -0.0f are different constants. */
uint32_t spv_const_f32(struct spv_builder *b, float v);
uint32_t spv_const_bool(struct spv_builder *b, bool v);
uint32_t spv_const_composite(struct spv_builder *b, uint32_t type,
                             const uint32_t *constituents, unsigned n);
uint32_t spv_const_null(struct spv_builder *b, uint32_t type);
/* Convenience: a vecN of f32 constants. */
uint32_t spv_const_vec_f32(struct spv_builder *b, const float *v,
                           unsigned n);

/* ---- variables ---------------------------------------------------------- */

/* A module-scope OpVariable of type pointer-to-`type` in `sc` (Input,
 * Output, PushConstant, Uniform, UniformConstant, Private, ...).
 * initializer may be 0. */
uint32_t spv_global_variable(struct spv_builder *b, uint32_t type,
                             SpvStorageClass sc, uint32_t initializer);
/* A Function-storage variable of the current function; may be called
 * anywhere inside it. */
uint32_t spv_local_variable(struct spv_builder *b, uint32_t type,
                            uint32_t initializer);

/* ---- functions and blocks ----------------------------------------------- */

/* function_type from spv_type_function(); control is a SpvFunctionControl
 * mask (usually 0). */
uint32_t spv_function_begin(struct spv_builder *b, uint32_t return_type,
                            uint32_t function_type, uint32_t control);
uint32_t spv_function_param(struct spv_builder *b, uint32_t type);
void spv_function_end(struct spv_builder *b);
/* Starts a new block with a fresh label id and returns it. */
uint32_t spv_label(struct spv_builder *b);
/* Starts a new block with a label id allocated earlier by spv_id(), as
 * needed for forward branch targets and merge blocks. */
void spv_label_at(struct spv_builder *b, uint32_t label);
/* True while a block is open (a label was emitted and no terminator yet). */
bool spv_in_block(const struct spv_builder *b);

/* ---- instructions -------------------------------------------------------- */

/* Generic: emits `op` into the current block.  Whether the opcode has a
 * result type and result id comes from the SPIR-V grammar: for opcodes
 * with a result type, result_type must be non-zero; for those without it
 * must be 0.  Returns the new result id, or 0 when the op has none. */
uint32_t spv_op(struct spv_builder *b, SpvOp op, uint32_t result_type,
                const uint32_t *operands, unsigned n);
/* Same, into the types/constants/globals section, without dedup (e.g.
 * OpSpecConstant, OpUndef at module scope). */
uint32_t spv_global_op(struct spv_builder *b, SpvOp op, uint32_t result_type,
                       const uint32_t *operands, unsigned n);

uint32_t spv_unop(struct spv_builder *b, SpvOp op, uint32_t type,
                  uint32_t a);
uint32_t spv_binop(struct spv_builder *b, SpvOp op, uint32_t type,
                   uint32_t a, uint32_t c);

uint32_t spv_load(struct spv_builder *b, uint32_t type, uint32_t pointer);
void spv_store(struct spv_builder *b, uint32_t pointer, uint32_t value);
/* indices are ids (struct member indices must be integer constants). */
uint32_t spv_access_chain(struct spv_builder *b, uint32_t pointer_type,
                          uint32_t base, const uint32_t *indices, unsigned n);
/* indices are literal numbers. */
uint32_t spv_composite_extract(struct spv_builder *b, uint32_t type,
                               uint32_t composite, const uint32_t *indices,
                               unsigned n);
uint32_t spv_composite_extract1(struct spv_builder *b, uint32_t type,
                                uint32_t composite, uint32_t index);
uint32_t spv_composite_insert(struct spv_builder *b, uint32_t type,
                              uint32_t object, uint32_t composite,
                              const uint32_t *indices, unsigned n);
uint32_t spv_composite_construct(struct spv_builder *b, uint32_t type,
                                 const uint32_t *constituents, unsigned n);
/* components are literals; 0xFFFFFFFF means undefined. */
uint32_t spv_vector_shuffle(struct spv_builder *b, uint32_t type,
                            uint32_t v1, uint32_t v2,
                            const uint32_t *components, unsigned n);

uint32_t spv_fadd(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c);
uint32_t spv_fsub(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c);
uint32_t spv_fmul(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c);
uint32_t spv_fdiv(struct spv_builder *b, uint32_t type, uint32_t a,
                  uint32_t c);
uint32_t spv_fnegate(struct spv_builder *b, uint32_t type, uint32_t a);
/* type is the scalar result type. */
uint32_t spv_dot(struct spv_builder *b, uint32_t type, uint32_t a,
                 uint32_t c);
uint32_t spv_vector_times_scalar(struct spv_builder *b, uint32_t type,
                                 uint32_t vector, uint32_t scalar);
uint32_t spv_matrix_times_vector(struct spv_builder *b, uint32_t type,
                                 uint32_t matrix, uint32_t vector);
uint32_t spv_vector_times_matrix(struct spv_builder *b, uint32_t type,
                                 uint32_t vector, uint32_t matrix);
/* Comparisons: op is e.g. SpvOpFOrdLessThan; type is bool or a bool
 * vector matching the operands. */
uint32_t spv_compare(struct spv_builder *b, SpvOp op, uint32_t type,
                     uint32_t a, uint32_t c);
uint32_t spv_select(struct spv_builder *b, uint32_t type, uint32_t cond,
                    uint32_t if_true, uint32_t if_false);
/* Conversions and bitcasts: op is e.g. SpvOpConvertFToS, SpvOpBitcast. */
uint32_t spv_convert(struct spv_builder *b, SpvOp op, uint32_t type,
                     uint32_t a);
/* OpExtInst on an arbitrary set id. */
uint32_t spv_ext_inst(struct spv_builder *b, uint32_t type, uint32_t set,
                      uint32_t instruction, const uint32_t *args, unsigned n);
/* OpExtInst on GLSL.std.450 (imported on first use); instruction is a
 * GLSLstd450 value, e.g. GLSLstd450FClamp. */
uint32_t spv_glsl(struct spv_builder *b, uint32_t type, uint32_t instruction,
                  const uint32_t *args, unsigned n);
uint32_t spv_glsl1(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x);
uint32_t spv_glsl2(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x, uint32_t y);
uint32_t spv_glsl3(struct spv_builder *b, uint32_t type, uint32_t instruction,
                   uint32_t x, uint32_t y, uint32_t z);
uint32_t spv_function_call(struct spv_builder *b, uint32_t type,
                           uint32_t function, const uint32_t *args,
                           unsigned n);
/* pairs: n/2 (value id, parent label id) pairs, flattened. */
uint32_t spv_phi(struct spv_builder *b, uint32_t type, const uint32_t *pairs,
                 unsigned n);

/* ---- control flow -------------------------------------------------------- */

/* control: SpvSelectionControlMask / SpvLoopControlMask values (0 = none). */
void spv_selection_merge(struct spv_builder *b, uint32_t merge_label,
                         uint32_t control);
void spv_loop_merge(struct spv_builder *b, uint32_t merge_label,
                    uint32_t continue_label, uint32_t control);
/* Terminators: each closes the current block. */
void spv_branch(struct spv_builder *b, uint32_t target);
void spv_branch_cond(struct spv_builder *b, uint32_t cond,
                     uint32_t true_label, uint32_t false_label);
void spv_return(struct spv_builder *b);
void spv_return_value(struct spv_builder *b, uint32_t value);
void spv_unreachable(struct spv_builder *b);
/* OpKill (fragment only). */
void spv_kill(struct spv_builder *b);
/* OpDemoteToHelperInvocation; not a terminator.  Adds the capability and,
 * below SPIR-V 1.6, SPV_EXT_demote_to_helper_invocation. */
void spv_demote(struct spv_builder *b);

#endif
