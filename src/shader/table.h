/* The texture table of binding.h (descriptor set 2), as a generated module
 * reads it.  Both generators of D3D9 modules (fixed function and DXSO) use
 * it when the server asks for table modules (the device has descriptor
 * indexing):
 *
 *   vertex stage, first thing in main:  spv_table_vs_begin
 *       bind set = data[draw_base + DrawIndex], passed on at NR_LOC_BINDSET
 *   either stage, for sampler slot k:   spv_table_sampler
 *       table[data[bind set + k] & (NR_TABLE_SIZE - 1)]
 *
 * Every index a module computes is clamped into the table, and the words
 * it reads come from a buffer under robust buffer access, so no value a
 * client chose can make a module read outside the table.  The table's
 * entries are decorated NonUniform: a flat input is uniform within one
 * draw of a multi-draw, but nothing promises that an implementation keeps
 * draws apart in its invocation groups. */
#ifndef NEREID_SHADER_TABLE_H
#define NEREID_SHADER_TABLE_H

#include "shader/spv.h"

#include <stdbool.h>
#include <stdint.h>

struct spv_table {
    uint32_t t_u32;
    uint32_t data;    /* the storage buffer of words (binding 1) */
    uint32_t bindset; /* the draw's bind set: the vertex stage's output, the
                       * fragment stage's input */
    bool vertex;
    /* The table (binding 0) as an array of each sampled-image type a
     * module reads: variables aliasing the one binding. */
    struct {
        uint32_t type, var;
    } arrays[8];
    unsigned array_count;
};

/* Declares the storage buffer and the bind set's varying.  Call once per
 * module, before the function that uses them. */
void spv_table_init(struct spv_table *t, struct spv_builder *b, bool vertex);
/* Vertex stage, at the start of main: reads the draw's bind set (draw_base,
 * a u32 value: the push constant at NR_PUSH_DRAW_BASE) and writes it for
 * the fragment stage. */
void spv_table_vs_begin(struct spv_table *t, struct spv_builder *b, uint32_t draw_base);
/* The combined image sampler (of type sampled_image_type, from
 * spv_type_sampled_image) bound at word `slot` of the draw's bind set:
 * fragment sampler s at s, vertex sampler s at NR_BINDSET_VS0 + s.  Valid
 * in any function of the module. */
uint32_t spv_table_sampler(struct spv_table *t, struct spv_builder *b,
                           uint32_t sampled_image_type, unsigned slot);

#endif
