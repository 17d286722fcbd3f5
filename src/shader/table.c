/* The texture table as generated modules read it: see table.h and
 * binding.h. */
#include "shader/table.h"
#include "shader/binding.h"

#include <stdio.h>
#include <string.h>

void spv_table_init(struct spv_table *t, struct spv_builder *b, bool vertex)
{
    uint32_t arr, st;

    memset(t, 0, sizeof(*t));
    t->vertex = vertex;
    t->t_u32 = spv_type_int(b, 32, false);
    arr = spv_type_runtime_array_unique(b, t->t_u32);
    spv_decorate_array_stride(b, arr, 4);
    st = spv_type_struct_unique(b, &arr, 1);
    spv_decorate_block(b, st);
    spv_member_offset(b, st, 0, 0);
    spv_member_decorate(b, st, 0, SpvDecorationNonWritable, NULL, 0);
    spv_name(b, st, "nr_table_words");
    spv_member_name(b, st, 0, "w");
    t->data = spv_global_variable(b, st, SpvStorageClassStorageBuffer, 0);
    spv_decorate_descriptor_set(b, t->data, NR_TABLE_SET);
    spv_decorate_binding(b, t->data, NR_TABLE_BIND_DATA);
    spv_name(b, t->data, "nr_table_data");

    t->bindset = spv_global_variable(
        b, t->t_u32, vertex ? SpvStorageClassOutput : SpvStorageClassInput, 0);
    spv_decorate_location(b, t->bindset, NR_LOC_BINDSET);
    spv_decorate_flat(b, t->bindset);
    spv_name(b, t->bindset, "nr_bindset");

    spv_extension(b, "SPV_EXT_descriptor_indexing");
    spv_capability(b, SpvCapabilityShaderNonUniform);
    spv_capability(b, SpvCapabilitySampledImageArrayNonUniformIndexing);
}

/* data[index], index a u32 value. */
static uint32_t word(struct spv_table *t, struct spv_builder *b, uint32_t index)
{
    uint32_t ptr = spv_type_pointer(b, SpvStorageClassStorageBuffer, t->t_u32);
    uint32_t ids[2] = {spv_const_u32(b, 0), index};
    return spv_load(b, t->t_u32, spv_access_chain(b, ptr, t->data, ids, 2));
}

void spv_table_vs_begin(struct spv_table *t, struct spv_builder *b, uint32_t draw_base)
{
    uint32_t draw_index = spv_global_variable(b, t->t_u32, SpvStorageClassInput, 0);
    spv_capability(b, SpvCapabilityDrawParameters);
    spv_decorate_builtin(b, draw_index, SpvBuiltInDrawIndex);
    spv_name(b, draw_index, "gl_DrawID");
    uint32_t i = spv_binop(b, SpvOpIAdd, t->t_u32, draw_base,
                           spv_load(b, t->t_u32, draw_index));
    spv_store(b, t->bindset, word(t, b, i));
}

uint32_t spv_table_sampler(struct spv_table *t, struct spv_builder *b,
                           uint32_t sampled_image_type, unsigned slot)
{
    uint32_t var = 0, set, entry, ptr, ids[1], v;

    for (unsigned i = 0; i < t->array_count; i++)
        if (t->arrays[i].type == sampled_image_type)
            var = t->arrays[i].var;
    if (!var) {
        uint32_t arr = spv_type_array(b, sampled_image_type, NR_TABLE_SIZE);
        var = spv_global_variable(b, arr, SpvStorageClassUniformConstant, 0);
        spv_decorate_descriptor_set(b, var, NR_TABLE_SET);
        spv_decorate_binding(b, var, NR_TABLE_BIND_SAMPLERS);
        spv_name(b, var, "nr_table");
        if (t->array_count < sizeof(t->arrays) / sizeof(t->arrays[0])) {
            t->arrays[t->array_count].type = sampled_image_type;
            t->arrays[t->array_count++].var = var;
        }
    }
    set = spv_load(b, t->t_u32, t->bindset);
    entry = word(t, b, spv_binop(b, SpvOpIAdd, t->t_u32, set, spv_const_u32(b, slot)));
    ids[0] = spv_binop(b, SpvOpBitwiseAnd, t->t_u32, entry,
                       spv_const_u32(b, NR_TABLE_SIZE - 1));
    ptr = spv_access_chain(
        b, spv_type_pointer(b, SpvStorageClassUniformConstant, sampled_image_type), var,
        ids, 1);
    spv_decorate(b, ptr, SpvDecorationNonUniform, NULL, 0);
    /* The server reads which slot a table read is of, and as what image
     * type, from this name (vkx.c's spirv_image_slots: the view bound at
     * the slot must be of that type). */
    {
        char name[16];
        snprintf(name, sizeof(name), "nr_slot_%u", slot);
        spv_name(b, ptr, name);
    }
    v = spv_load(b, sampled_image_type, ptr);
    spv_decorate(b, v, SpvDecorationNonUniform, NULL, 0);
    return v;
}
