/* nereid: the DXBC container of Direct3D 10/11 shaders (SM4/SM5): the
 * chunk table, the program chunk's version token and the input/output
 * signatures.  The front end reads a vertex shader's input signature to
 * map an input layout's semantics to registers; the server checks the
 * container before it hands the program to vkd3d-shader (server/dxbc.c).
 *
 * The bytes are untrusted: dxbc_parse never reads outside [data, +size)
 * and refuses anything malformed with a reason.  Nothing here allocates:
 * the parsed structures point into the caller's bytes. */
#ifndef NEREID_SHADER_DXBC_H
#define NEREID_SHADER_DXBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The program types of the version token (bits 16-31). */
enum dxbc_program_type {
    DXBC_PIXEL = 0,
    DXBC_VERTEX = 1,
    DXBC_GEOMETRY = 2,
    DXBC_HULL = 3,
    DXBC_DOMAIN = 4,
    DXBC_COMPUTE = 5,
};

#define DXBC_MAX_SIGNATURE 64

struct dxbc_signature_element {
    const char *name; /* NUL-terminated inside the container */
    uint32_t semantic_index;
    uint32_t system_value; /* D3D_NAME */
    uint32_t component_type; /* 1 uint, 2 int, 3 float */
    uint32_t reg;
    uint32_t stream;
    uint8_t mask, used_mask;
};

struct dxbc_signature {
    uint32_t count;
    struct dxbc_signature_element e[DXBC_MAX_SIGNATURE];
};

struct dxbc_shader {
    uint32_t type;          /* enum dxbc_program_type */
    uint32_t major, minor;  /* shader model */
    const uint8_t *program; /* the program chunk: version, length, tokens */
    uint32_t token_count;   /* its length token's count */
    struct dxbc_signature inputs, outputs;
};

/* Parses a container; false with a reason when it is not a well-formed
 * one with a program chunk (SHDR or SHEX) of SM4 or SM5. */
bool dxbc_parse(const void *data, size_t size, struct dxbc_shader *out, char *err,
                size_t err_size);

/* What a program binds, as the binding model places it: constant buffers
 * b0..b4 (the stage's uniform buffers), and (texture, sampler) pairs, each a combined image sampler of the
 * stage's sampler bindings in order of first use (binding.h: fragment
 * bindings 2..17, vertex 18..21).  A texture read without a sampler (ld,
 * resinfo) pairs with DXBC_NO_SAMPLER.  The front end binds by this list
 * and the server translates by it: both use this function. */
#define DXBC_MAX_PAIRS 16
#define DXBC_NO_SAMPLER 0xffu
#define DXBC_MAX_TEXTURES 128
#define DXBC_MAX_CB 5
#define DXBC_MAX_BUFFERS 8 /* the fragment stage's texel buffers; the vertex stage has 4 */
#define DXBC_MAX_UAVS 8    /* u0..u7: D3D11_PS_CS_UAV_REGISTER_COUNT */
struct dxbc_bindings {
    uint32_t cb_mask;             /* bit k: bk is declared */
    uint32_t cb_vec4[DXBC_MAX_CB]; /* its declared size in vectors */
    uint32_t pair_count;
    uint8_t texture[DXBC_MAX_PAIRS], sampler[DXBC_MAX_PAIRS];
    /* The resource dimension (D3D10_SB_RESOURCE_DIMENSION) each texture
     * register is declared with; 0: not declared. */
    uint8_t texture_dim[DXBC_MAX_TEXTURES];
    /* The buffers among them (typed, raw and structured), in order of
     * declaration: buffer k is the stage's texel buffer k (binding.h),
     * read as buffer_type[k]. */
    /* Bit s: s# is declared a comparison sampler (its pairs sample with
     * a depth reference: sample_c, gather4_c). */
    uint32_t cmp_samplers;
    uint32_t buffer_count;
    uint8_t buffer[DXBC_MAX_BUFFERS];
    uint8_t buffer_type[DXBC_MAX_BUFFERS]; /* enum dxbc_buffer_type */
    /* UAVs: bit k, u#k is declared (k < DXBC_MAX_UAVS: the storage slot
     * k of binding.h), with its dimension (DXBC_DIM_*: typed buffers and
     * textures, raw and structured buffers) and the type its texels are
     * read and written as (enum dxbc_buffer_type; raw and structured: uint). */
    uint32_t uav_mask;
    uint32_t uav_counter_mask; /* bit k: u#k has a hidden counter (append, consume) */
    uint8_t uav_dim[DXBC_MAX_UAVS];
    uint8_t uav_type[DXBC_MAX_UAVS];
    /* Bit k: u#k is read (loads and atomics), not only written. */
    uint32_t uav_read_mask;
    /* A compute program's thread group (dcl_thread_group); 0 otherwise. */
    uint32_t group[3];
};
/* What a buffer's texels are read as: the shader's return type (raw and
 * structured buffers are read as 32-bit unsigned words). */
enum dxbc_buffer_type { DXBC_BUFFER_FLOAT, DXBC_BUFFER_UINT, DXBC_BUFFER_SINT };
/* The resource dimensions placed yet: 1D, 2D and 3D textures, cube maps,
 * 1D and 2D texture arrays, and buffers. */
#define DXBC_DIM_TEXTURE2D 3u
#define DXBC_DIM_TEXTURE2DMS 4u
#define DXBC_DIM_TEXTURECUBE 6u
#define DXBC_DIM_TEXTURECUBEARRAY 10u
#define DXBC_DIM_TEXTURE2DARRAY 8u
#define DXBC_DIM_TEXTURE3D 5u
#define DXBC_DIM_TEXTURE1D 2u
#define DXBC_DIM_TEXTURE1DARRAY 7u
/* Buffers: typed (Buffer<T>), raw (ByteAddressBuffer) and structured
 * (StructuredBuffer<T>), each a texel buffer of the stage. */
#define DXBC_DIM_BUFFER 1u
#define DXBC_DIM_RAW_BUFFER 11u
#define DXBC_DIM_STRUCTURED_BUFFER 12u
static inline bool dxbc_dim_is_buffer(uint32_t dim)
{
    return dim == DXBC_DIM_BUFFER || dim == DXBC_DIM_RAW_BUFFER ||
           dim == DXBC_DIM_STRUCTURED_BUFFER;
}

/* Fills *out; false with a reason when the program binds what the model
 * has no place for yet (UAVs past u7, multisampled arrays and cube arrays,
 * constant buffers past b4, comparison sampling of 1D textures, more pairs than
 * the stage has bindings) or is malformed. */
bool dxbc_bindings(const struct dxbc_shader *sh, struct dxbc_bindings *out, char *err,
                   size_t err_size);

/* The element of a signature with this semantic (case-insensitive, as
 * D3D matches semantics), or NULL. */
const struct dxbc_signature_element *dxbc_signature_find(const struct dxbc_signature *s,
                                                         const char *name, uint32_t index);
/* The same, of one stream (a geometry program's outputs on streams 0-3:
 * OSG5); UINT32_MAX: any. */
const struct dxbc_signature_element *
dxbc_signature_find_stream(const struct dxbc_signature *s, const char *name, uint32_t index,
                           uint32_t stream);

/* The streams a geometry program writes (its dcl_stream m#), a bit each;
 * 1, stream 0's, for a program without dcl_stream or of another stage. */
uint32_t dxbc_streams(const struct dxbc_shader *sh);

/* A geometry program of several streams as the program of stream
 * `stream` alone, which vkd3d-shader translates (it refuses streams other
 * than 0): its dcl_stream dropped, the declarations of the other streams'
 * outputs and topology dropped, its emit_stream, cut_stream and
 * emitthen_cut_stream as emit, cut and emitthen_cut and the other
 * streams' dropped, what it writes of outputs only the others declare
 * written into a temporary of its own (vkd3d-shader's translation of an
 * undeclared output is a FIXME that drops the write), and its output
 * signature the stream's elements as stream 0's.  *out (malloc'd,
 * *out_size bytes) is a container with its checksum; false with a reason
 * where the program has a form this does not rewrite (output index
 * ranges, outputs written by a relative index). */
bool dxbc_stream_program(const void *data, size_t size, uint32_t stream, uint8_t **out,
                         size_t *out_size, char *err, size_t err_size);

/* A vertex or pixel program reading inputs by a relative index (v[rN.c +
 * k]), which vkd3d-shader 1.2 reads as v[k]: each such read made from an
 * indexable temporary (x#) the program's start fills from the input range
 * (dcl_indexrange) holding the read.  *out (malloc'd, *out_size bytes) the
 * container rewritten with its checksum; NULL with true where there is no
 * such read; false with a reason where the program has a form this does
 * not rewrite (a read outside every range, more than 8 ranges). */
bool dxbc_relative_inputs(const void *data, size_t size, uint8_t **out, size_t *out_size,
                          char *err, size_t err_size);

#endif
