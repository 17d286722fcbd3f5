/* nereid wire: the records that cross the boundary between a front end and
 * the server.  The wire speaks GPU operations (buffers, textures, SPIR-V
 * shaders, state blocks, passes, draws, copies, presents), never D3D9.
 *
 * Layout of every record: an 8-byte header {u16 op, u16 flags, u32 size}
 * where size is the payload size in bytes (a multiple of 8), then the payload:
 * a flat little-endian POD struct.  Bulk bytes (vertex data, texture texels,
 * SPIR-V, read-back results) live in the stage ring; records point at them by
 * stage offset and size.  All payload structs are declared here; the list of
 * records is src/wire/wire_records.def. */
#ifndef NEREID_WIRE_H
#define NEREID_WIRE_H

#include "common/common.h"

#include <string.h>

#define WIRE_PROTOCOL_VERSION 6u /* 2: the hello carries a TCP token; 3: texture slots 20-31;
                                    4: GENERATE_MIPS of a range; 5: texel slots 12-23,
                                    constant-alpha blend factors, A8 targets; 6: viewports
                                    and scissors by index */
#define WIRE_MAGIC 0x3144524eu /* "NRD1" */

/* ---- symbolic values: each declared once, as a typed enum of the wire ---- */

enum wire_wait { WIRE_WAIT_NONE, WIRE_WAIT_REPLY, WIRE_WAIT_PRESENT };
#define WIRE_F_VARSIZE 1u
#define WIRE_F_ARRAY 2u

enum wire_object_kind {
    WIRE_OBJ_BUFFER,
    WIRE_OBJ_TEXTURE,
    WIRE_OBJ_SHADER,
    WIRE_OBJ_STATE_BLOCK,
    WIRE_OBJ_SAMPLER,
    WIRE_OBJ_FENCE,
    WIRE_OBJ_KIND_COUNT
};

enum wire_format {
    WIRE_FORMAT_UNDEFINED,
    WIRE_FORMAT_B8G8R8A8_UNORM,  /* D3DFMT_A8R8G8B8 memory order */
    WIRE_FORMAT_B8G8R8X8_UNORM,  /* D3DFMT_X8R8G8B8: alpha reads as 1 */
    WIRE_FORMAT_R5G6B5_UNORM,    /* D3DFMT_R5G6B5 */
    WIRE_FORMAT_D16_UNORM,
    WIRE_FORMAT_D24_UNORM_S8_UINT,
    WIRE_FORMAT_D32_SFLOAT,
    WIRE_FORMAT_R32_SFLOAT,
    WIRE_FORMAT_R32G32_SFLOAT,
    WIRE_FORMAT_R32G32B32_SFLOAT,
    WIRE_FORMAT_R32G32B32A32_SFLOAT,
    WIRE_FORMAT_A1R5G5B5_UNORM,      /* A in bit 15, then R, G, B */
    WIRE_FORMAT_A4R4G4B4_UNORM,      /* A in bits 15-12, then R, G, B */
    WIRE_FORMAT_R8_UNORM,
    WIRE_FORMAT_R8G8_UNORM,
    WIRE_FORMAT_R16_UNORM,
    WIRE_FORMAT_R8G8_SNORM,
    WIRE_FORMAT_A2R10G10B10_UNORM,   /* A in bits 31-30, then R, G, B */
    WIRE_FORMAT_R16G16_UNORM,
    WIRE_FORMAT_R16G16B16A16_UNORM,
    WIRE_FORMAT_R16_SFLOAT,
    WIRE_FORMAT_R16G16_SFLOAT,
    WIRE_FORMAT_R16G16B16A16_SFLOAT,
    WIRE_FORMAT_BC1_UNORM,           /* 4x4 blocks of 8 bytes */
    WIRE_FORMAT_BC2_UNORM,           /* 4x4 blocks of 16 bytes */
    WIRE_FORMAT_BC3_UNORM,           /* 4x4 blocks of 16 bytes */
    WIRE_FORMAT_R8G8B8A8_UNORM,
    WIRE_FORMAT_R8G8B8A8_UINT,
    WIRE_FORMAT_R8G8B8A8_USCALED,
    WIRE_FORMAT_R16G16_SSCALED,
    WIRE_FORMAT_R16G16B16A16_SSCALED,
    WIRE_FORMAT_R16G16_SNORM,
    WIRE_FORMAT_R16G16B16A16_SNORM,
    WIRE_FORMAT_A2B10G10R10_USCALED,
    WIRE_FORMAT_A2B10G10R10_SNORM,
    WIRE_FORMAT_R8G8B8A8_SNORM,      /* D3DFMT_Q8W8V8U8 */
    WIRE_FORMAT_BC4_UNORM,           /* 4x4 blocks of 8 bytes: one channel */
    WIRE_FORMAT_BC5_UNORM,           /* 4x4 blocks of 16 bytes: two channels */
    WIRE_FORMAT_R8G8B8A8_SRGB,
    WIRE_FORMAT_B8G8R8A8_SRGB,
    WIRE_FORMAT_BC1_SRGB,
    WIRE_FORMAT_BC2_SRGB,
    WIRE_FORMAT_BC3_SRGB,
    WIRE_FORMAT_BC4_SNORM,
    WIRE_FORMAT_BC5_SNORM,
    WIRE_FORMAT_BC6H_UFLOAT,         /* 4x4 blocks of 16 bytes: HDR RGB */
    WIRE_FORMAT_BC6H_SFLOAT,
    WIRE_FORMAT_BC7_UNORM,           /* 4x4 blocks of 16 bytes */
    WIRE_FORMAT_BC7_SRGB,
    WIRE_FORMAT_E5B9G9R9_UFLOAT,     /* shared exponent in bits 31-27 */
    WIRE_FORMAT_B10G11R11_UFLOAT,    /* R in bits 10-0, G 21-11, B 31-22 */
    WIRE_FORMAT_A2B10G10R10_UNORM,   /* R in bits 9-0, then G, B, A in 31-30 */
    WIRE_FORMAT_R8_SNORM,
    WIRE_FORMAT_R16_SNORM,
    /* Integer formats: read as integers (never filtered, blended or
     * blitted to a non-integer format). */
    WIRE_FORMAT_R8_UINT,
    WIRE_FORMAT_R8_SINT,
    WIRE_FORMAT_R8G8_UINT,
    WIRE_FORMAT_R8G8_SINT,
    WIRE_FORMAT_R8G8B8A8_SINT,
    WIRE_FORMAT_R16_UINT,
    WIRE_FORMAT_R16_SINT,
    WIRE_FORMAT_R16G16_UINT,
    WIRE_FORMAT_R16G16_SINT,
    WIRE_FORMAT_R16G16B16A16_UINT,
    WIRE_FORMAT_R16G16B16A16_SINT,
    WIRE_FORMAT_R32_UINT,
    WIRE_FORMAT_R32_SINT,
    WIRE_FORMAT_R32G32_UINT,
    WIRE_FORMAT_R32G32_SINT,
    WIRE_FORMAT_R32G32B32_UINT,
    WIRE_FORMAT_R32G32B32_SINT,
    WIRE_FORMAT_R32G32B32A32_UINT,
    WIRE_FORMAT_R32G32B32A32_SINT,
    WIRE_FORMAT_A2B10G10R10_UINT,
    /* D3D11's D32_FLOAT_S8X24_UINT: 8 bytes a texel on the wire (the
     * depth's float, the stencil byte, 3 bytes unused), Vulkan's
     * D32_SFLOAT_S8_UINT on the server. */
    WIRE_FORMAT_D32_SFLOAT_S8_UINT,
    /* A view format alone (SET_TEXTURE's): the stencil of a depth-stencil
     * texture, read as D3D11's X24_TYPELESS_G8_UINT and
     * X32_TYPELESS_G8X24_UINT read it: an unsigned integer in green, red
     * and blue 0, alpha 1. */
    WIRE_FORMAT_X24_G8_UINT,
    WIRE_FORMAT_COUNT
};

/* What a format's bytes look like: blocks of block_w x block_h texels. */
struct wire_format_info {
    uint8_t block_w, block_h;
    uint8_t block_bytes;
    uint8_t depth, stencil, compressed;
    uint8_t integer; /* 1: unsigned integers, 2: signed ones; 0: numbers */
};
const struct wire_format_info *wire_format_get(uint32_t format);
/* Whether a WIRE_TEX_MUTABLE texture of format `texture` may be viewed
 * (sampled, rendered into) as `view`: both colour formats of one Vulkan
 * compatibility class (uncompressed ones of the same bytes per texel,
 * block formats of one kind: BC1 UNORM and SRGB, BC4 UNORM and SNORM). */
bool wire_format_view_ok(uint32_t texture, uint32_t view);

/* What a texture is (2D with array layers, cube, 3D), and the type of view
 * a shader samples (those, and 2D_ARRAY: layers of a 2D texture or faces
 * of a cube; never a texture's own type). */
enum wire_texture_type {
    WIRE_TEX_2D, WIRE_TEX_CUBE, WIRE_TEX_3D, WIRE_TEX_2D_ARRAY,
    WIRE_TEX_1D, /* height 1; with layers, a 1D array (D3D11's Texture1D) */
    WIRE_TEX_1D_ARRAY, /* a view type only, as WIRE_TEX_2D_ARRAY */
    /* A view type only: a multisampled 2D texture read by sample (D3D11's
     * Texture2DMS; made SAMPLED with a count of caps' format_load_samples). */
    WIRE_TEX_2D_MS,
    /* A view type only: cubes of a CUBE texture of 6n layers (D3D11's
     * TextureCubeArray; WIRE_DEVFEAT_CUBE_ARRAY). */
    WIRE_TEX_CUBE_ARRAY,
    WIRE_TEX_TYPE_COUNT
};
#define WIRE_MAX_LAYERS 2048 /* array layers of a 2D texture */

/* Where each component of a sampled texel comes from. */
enum wire_swizzle {
    WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A,
    WIRE_SWIZZLE_ZERO, WIRE_SWIZZLE_ONE, WIRE_SWIZZLE_COUNT
};

enum wire_filter { WIRE_FILTER_NEAREST, WIRE_FILTER_LINEAR, WIRE_FILTER_COUNT };
enum wire_mip_filter { WIRE_MIP_NONE, WIRE_MIP_NEAREST, WIRE_MIP_LINEAR, WIRE_MIP_COUNT };
enum wire_address {
    WIRE_ADDRESS_WRAP, WIRE_ADDRESS_MIRROR, WIRE_ADDRESS_CLAMP,
    WIRE_ADDRESS_BORDER, WIRE_ADDRESS_MIRROR_ONCE, WIRE_ADDRESS_COUNT
};

/* Per-format feature bits in the caps reply. */
enum wire_format_feature {
    WIRE_FEAT_SAMPLED = 1u << 0,
    WIRE_FEAT_COLOR_TARGET = 1u << 1,
    WIRE_FEAT_BLEND = 1u << 2,
    WIRE_FEAT_DEPTH_TARGET = 1u << 3,
    WIRE_FEAT_VERTEX = 1u << 4,
    WIRE_FEAT_TRANSFER = 1u << 5,
    WIRE_FEAT_BLIT = 1u << 6,   /* scaled copies and mip generation */
    WIRE_FEAT_FILTER = 1u << 7, /* linear filtering when sampled */
    WIRE_FEAT_VOLUME = 1u << 8, /* sampled 3D textures with transfers */
    WIRE_FEAT_TEXEL_BUFFER = 1u << 9, /* read by shaders as a uniform texel buffer */
    /* Written and read by shaders (SET_STORAGE): as a storage image of
     * every type, and as a storage texel buffer. */
    WIRE_FEAT_STORAGE = 1u << 10,
    WIRE_FEAT_STORAGE_TEXEL = 1u << 11,
};

enum wire_buffer_usage {
    WIRE_BUF_VERTEX = 1u << 0,
    WIRE_BUF_INDEX = 1u << 1,
    WIRE_BUF_UNIFORM = 1u << 2,
    WIRE_BUF_TEXEL = 1u << 3, /* read by shaders through SET_TEXEL_BUFFER */
    WIRE_BUF_STORAGE = 1u << 4, /* written and read by shaders through SET_STORAGE */
    /* Written by stream output (SET_SO_TARGETS; WIRE_DEVFEAT_STREAM_OUTPUT);
     * the server keeps the byte position of its last write with it (the
     * append point, DRAW_AUTO's count).  Never renamed: no WRITE_DISCARD. */
    WIRE_BUF_STREAM_OUT = 1u << 5,
    /* Rendered into (SET_RENDER_TARGETS' WIRE_TARGET_BUFFER: D3D11's
     * render-target views of buffers).  Never renamed: a WRITE_DISCARD of
     * it is ordered in the stream as a plain write. */
    WIRE_BUF_RENDER_TARGET = 1u << 6,
    WIRE_BUF_USAGE_ALL = (1u << 7) - 1,
};

enum wire_write_flags {
    WIRE_WRITE_DISCARD = 1u << 0,
    WIRE_WRITE_NO_OVERWRITE = 1u << 1,
};

enum wire_texture_usage {
    WIRE_TEX_SAMPLED = 1u << 0,
    WIRE_TEX_COLOR_TARGET = 1u << 1,
    WIRE_TEX_DEPTH_TARGET = 1u << 2,
    /* Views of other formats of its class (wire_format_view_ok): D3D11's
     * typeless formats.  Not for depth formats. */
    WIRE_TEX_MUTABLE = 1u << 3,
    /* Written and read by shaders (SET_STORAGE), one level at a time; a
     * format with WIRE_FEAT_STORAGE (or, WIRE_TEX_MUTABLE, the views'). */
    WIRE_TEX_STORAGE = 1u << 4,
    WIRE_TEX_USAGE_ALL = (1u << 5) - 1,
};

/* A compute shader (DISPATCH) reads the fragment stage's bindings: its
 * constant buffers, textures, texel buffers and storage slots are set by
 * the fragment stage's records (shader/binding.h).  A geometry shader
 * (WIRE_DEVFEAT_GEOMETRY, DXBC only) has one uniform buffer of its own
 * (SET_UNIFORMS of stage GEOMETRY, slot 0) and no other binding. */
enum wire_shader_stage { WIRE_STAGE_VERTEX, WIRE_STAGE_FRAGMENT, WIRE_STAGE_COMPUTE,
                         WIRE_STAGE_GEOMETRY, WIRE_STAGE_HULL, WIRE_STAGE_DOMAIN,
                         WIRE_STAGE_COUNT };

enum wire_topology {
    WIRE_TOPOLOGY_POINT_LIST,
    WIRE_TOPOLOGY_LINE_LIST,
    WIRE_TOPOLOGY_LINE_STRIP,
    WIRE_TOPOLOGY_TRIANGLE_LIST,
    WIRE_TOPOLOGY_TRIANGLE_STRIP,
    WIRE_TOPOLOGY_TRIANGLE_FAN,
    WIRE_TOPOLOGY_PATCH_LIST, /* patches of patch_points points: hs and ds */
    WIRE_TOPOLOGY_COUNT
};

enum wire_compare {
    WIRE_COMPARE_NEVER, WIRE_COMPARE_LESS, WIRE_COMPARE_EQUAL,
    WIRE_COMPARE_LESS_EQUAL, WIRE_COMPARE_GREATER, WIRE_COMPARE_NOT_EQUAL,
    WIRE_COMPARE_GREATER_EQUAL, WIRE_COMPARE_ALWAYS, WIRE_COMPARE_COUNT
};

enum wire_blend_factor {
    WIRE_BLEND_ZERO, WIRE_BLEND_ONE, WIRE_BLEND_SRC_COLOR,
    WIRE_BLEND_ONE_MINUS_SRC_COLOR, WIRE_BLEND_DST_COLOR,
    WIRE_BLEND_ONE_MINUS_DST_COLOR, WIRE_BLEND_SRC_ALPHA,
    WIRE_BLEND_ONE_MINUS_SRC_ALPHA, WIRE_BLEND_DST_ALPHA,
    WIRE_BLEND_ONE_MINUS_DST_ALPHA, WIRE_BLEND_CONSTANT_COLOR,
    WIRE_BLEND_ONE_MINUS_CONSTANT_COLOR, WIRE_BLEND_SRC_ALPHA_SATURATE,
    /* The constant's alpha in every channel (an A8 target's blending, its
     * alpha stored in red). */
    WIRE_BLEND_CONSTANT_ALPHA, WIRE_BLEND_ONE_MINUS_CONSTANT_ALPHA,
    /* Dual-source blending (WIRE_DEVFEAT_DUAL_SOURCE): colour target 0
     * alone, its block's fragment shader a DXBC_DUAL_SOURCE one. */
    WIRE_BLEND_SRC1_COLOR, WIRE_BLEND_ONE_MINUS_SRC1_COLOR, WIRE_BLEND_SRC1_ALPHA,
    WIRE_BLEND_ONE_MINUS_SRC1_ALPHA,
    WIRE_BLEND_FACTOR_COUNT
};

enum wire_blend_op {
    WIRE_BLEND_OP_ADD, WIRE_BLEND_OP_SUBTRACT, WIRE_BLEND_OP_REVERSE_SUBTRACT,
    WIRE_BLEND_OP_MIN, WIRE_BLEND_OP_MAX, WIRE_BLEND_OP_COUNT
};

enum wire_cull { WIRE_CULL_NONE, WIRE_CULL_FRONT, WIRE_CULL_BACK, WIRE_CULL_COUNT };

enum wire_stencil_op {
    WIRE_STENCIL_KEEP, WIRE_STENCIL_ZERO, WIRE_STENCIL_REPLACE,
    WIRE_STENCIL_INCR_CLAMP, WIRE_STENCIL_DECR_CLAMP, WIRE_STENCIL_INVERT,
    WIRE_STENCIL_INCR_WRAP, WIRE_STENCIL_DECR_WRAP, WIRE_STENCIL_OP_COUNT
};

struct wire_stencil_face {
    uint8_t fail, depth_fail, pass; /* enum wire_stencil_op */
    uint8_t compare;                /* enum wire_compare */
};
enum wire_front_face { WIRE_FRONT_CCW, WIRE_FRONT_CW, WIRE_FRONT_COUNT };
enum wire_fill { WIRE_FILL_SOLID, WIRE_FILL_WIREFRAME, WIRE_FILL_POINT, WIRE_FILL_COUNT };

enum wire_clear_flags {
    WIRE_CLEAR_COLOR = 1u << 0,
    WIRE_CLEAR_DEPTH = 1u << 1,
    WIRE_CLEAR_STENCIL = 1u << 2,
    WIRE_CLEAR_ALL = (1u << 3) - 1,
};

enum wire_status {
    WIRE_OK,
    WIRE_ERR_MALFORMED,     /* a record failed its checks */
    WIRE_ERR_BAD_HANDLE,    /* unknown, stale or wrong-kind handle */
    WIRE_ERR_OUT_OF_MEMORY, /* the device or a quota refused */
    WIRE_ERR_UNSUPPORTED,   /* a valid request the device cannot do */
    WIRE_ERR_DEVICE_LOST,   /* the context is fatal or the device is gone */
    WIRE_ERR_VERSION,       /* handshake: protocol or fingerprint mismatch */
    /* Answers of the share records (never fatal): */
    WIRE_ERR_NOT_FOUND,     /* OPEN_SHARED: no share of that id */
    WIRE_ERR_TIMEOUT,       /* KEYED_ACQUIRE: the key was not released in time */
    WIRE_ERR_ABANDONED,     /* KEYED_ACQUIRE: taken, but its last holder left holding it */
    WIRE_ERR_EXISTS,        /* NAME_SHARE: another share has that name */
};

enum wire_event_kind { WIRE_EVENT_ERROR = 1, WIRE_EVENT_FATAL = 2 };

/* ---- the record header and payloads ---- */

struct wire_header {
    uint16_t op;
    uint16_t flags;
    uint32_t size; /* payload bytes following the header; multiple of 8 */
};

/* A client-minted handle.  slot indexes the server's table for the object
 * kind; gen must match the slot's current generation.  {0, 0} is "none". */
typedef struct wire_handle {
    uint32_t slot;
    uint32_t gen;
} wire_handle;

/* The most the wire carries; a device may have fewer (wire_caps'
 * max_vertex_inputs and max_color_targets: Vulkan promises 16 and 4). */
#define WIRE_MAX_VERTEX_ATTRS 32
#define WIRE_MAX_VERTEX_BINDINGS 32
#define WIRE_MAX_COLOR_TARGETS 8
#define WIRE_PUSH_CONSTANT_BYTES 128
/* Push constant bytes a client may set: the last word is the server's (the
 * texture table's draw base, shader/binding.h). */
#define WIRE_PUSH_CLIENT_BYTES 124
#define WIRE_PUSH_RECORD_BYTES 64
#define WIRE_MAX_CLEAR_RECTS 4096
#define WIRE_MAX_EXTENT 16384

struct wire_nop { uint64_t reserved; };

struct wire_create_buffer {
    wire_handle buffer;
    uint64_t size;
    uint32_t usage; /* enum wire_buffer_usage bits */
    uint32_t reserved;
};

struct wire_destroy {
    wire_handle handle;
    uint32_t kind; /* enum wire_object_kind */
    uint32_t reserved;
};

struct wire_write_buffer {
    wire_handle buffer;
    uint64_t offset;
    uint32_t stage_offset;
    uint32_t size;
    uint32_t flags; /* enum wire_write_flags */
    uint32_t reserved;
};

/* size bytes of src from src_offset to dst at dst_offset, in the order of
 * the stream (after the draws before it, before the ones after it); the
 * two ranges lie in their buffers and, in one buffer, do not overlap. */
struct wire_copy_buffer {
    wire_handle dst, src;
    uint64_t dst_offset, src_offset;
    uint64_t size;
};
/* The server writes size bytes of the buffer from offset into the
 * client's stage ring at stage_offset (space the client reserved), once
 * the work before it is done, and then answers the reply. */
struct wire_read_buffer {
    wire_handle buffer;
    uint64_t offset;
    uint32_t size;
    uint32_t stage_offset;
};

struct wire_create_texture {
    wire_handle texture;
    uint32_t format; /* enum wire_format */
    uint32_t type;   /* enum wire_texture_type (a cube has 6 layers) */
    uint32_t width, height, depth;
    uint32_t levels;
    uint32_t usage; /* enum wire_texture_usage bits */
    uint8_t swizzle[4]; /* enum wire_swizzle for R, G, B, A when sampled */
    /* 1, or a multisampled 2D target's sample count (a power of two the
     * caps' format_samples allow; one level; SAMPLED only with a count of
     * format_load_samples, read through WIRE_TEX_2D_MS views). */
    uint32_t samples;
    /* a 2D texture's array layers (0: 1); a cube's: 0 or at least 6 (12
     * and more: an array of cubes, WIRE_DEVFEAT_CUBE_ARRAY; layers past
     * the last whole cube are read through 2D-array views alone, the
     * texture's own view covering the whole cubes); 0 for the others */
    uint32_t layers;
};

/* A box of one level and layer (cube face); rows of row_pitch bytes and
 * slices of slice_pitch bytes in the stage ring.  Compressed formats count
 * in texels but move whole blocks: x, y, width, height are multiples of the
 * block size except where a region ends at the level's edge. */
struct wire_texture_region {
    wire_handle texture;
    uint32_t level, layer;
    uint32_t x, y, z;
    uint32_t width, height, depth;
    uint32_t stage_offset;
    uint32_t row_pitch, slice_pitch;
    uint32_t reserved;
};
struct wire_write_texture { struct wire_texture_region r; };
/* A box of texels of one subresource to a place in another, in the order
 * of the stream: the formats have the same block size and bytes (a format
 * and its casts; depth formats only to themselves or, D16 and D32, to a
 * colour format of their bytes), neither texture is
 * multisampled, both boxes lie in their levels on block edges, and in one
 * subresource they do not overlap. */
struct wire_copy_texture {
    wire_handle dst, src;
    uint32_t dst_level, dst_layer, dst_x, dst_y, dst_z;
    uint32_t src_level, src_layer, src_x, src_y, src_z;
    uint32_t width, height, depth;
    uint32_t reserved;
};
/* The server writes the texels into the client's stage ring at stage_offset
 * (space the client reserved) and then answers the reply. */
struct wire_read_texture { struct wire_texture_region r; };

/* What a shader is made from.  The server generates every module itself:
 * SPIR-V never crosses the wire (drivers are not hardened against it). */
enum wire_shader_source {
    WIRE_SHADER_DXSO,      /* D3D9 shader bytecode, with wire_shader_options */
    WIRE_SHADER_FF_VS_KEY, /* a struct ff_vs_key (src/shader/ff.h) */
    WIRE_SHADER_FF_FS_KEY, /* a struct ff_fs_key */
    WIRE_SHADER_DXBC,      /* a Direct3D 10/11 DXBC container (SM4/SM5); options zero */
    /* A DXBC pixel program for dual-source blending (WIRE_DEVFEAT_DUAL_SOURCE):
     * its o1 is target 0's second source (the SRC1 blend factors), not
     * target 1; options zero. */
    WIRE_SHADER_DXBC_DUAL_SOURCE,
    WIRE_SHADER_SOURCE_COUNT
};

/* The device state a DXSO module depends on (src/shader/dxso.h's
 * dxso_spirv_options, field for field; 0 is the default everywhere). */
struct wire_shader_options {
    uint8_t sampler_type[16];  /* enum dxso_sampler_type where the shader has no dcl */
    uint8_t ps1x_projected[8]; /* 0, 3 or 4 coordinates */
    float ps1x_max_value;      /* 0: the profile's default */
    uint8_t alpha_func;        /* 0..8 */
    uint8_t fog_table_mode;    /* 0..3 */
    uint8_t fog_vertex, fog_w, srgb_write, force_point_size;
    uint16_t srgb_samplers;
    uint8_t point_sprite; /* 0, 1 */
    uint8_t flat_colors;  /* 0, 1: D3DSHADE_FLAT (see dxso.h) */
    uint16_t shadow_samplers; /* pixel samplers that compare depth (see dxso.h) */
    uint16_t zero_inputs;     /* vertex inputs v# no element feeds: read 0 */
    uint8_t clip_planes;      /* vertex shaders: user clip planes 0-5 (see dxso.h) */
    /* WIRE_SHADER_DXBC pixel programs (the one field of theirs; the rest
     * zero): the colour outputs, a bit per location, whose every component
     * takes the output's alpha, for A8 targets (stored as R8). */
    uint8_t alpha_targets;
    uint8_t reserved3[2];
    uint32_t unfed_varyings;  /* ps_3_0: varying locations no vertex output writes */
    uint32_t reserved4;
};

struct wire_create_shader {
    wire_handle shader;
    uint32_t stage;  /* enum wire_shader_stage */
    uint32_t source; /* enum wire_shader_source */
    uint32_t stage_offset;
    uint32_t size; /* bytes of the bytecode or of the key */
    struct wire_shader_options options; /* WIRE_SHADER_DXSO's, and DXBC's alpha_targets */
};

struct wire_vertex_attr {
    uint32_t location;
    uint32_t binding;
    uint32_t format; /* enum wire_format with WIRE_FEAT_VERTEX */
    uint32_t offset;
};

/* Vulkan's logic operations, in its order (s: the fragment's colour, d:
 * the target's). */
enum wire_logic_op {
    WIRE_LOGIC_CLEAR, WIRE_LOGIC_AND, WIRE_LOGIC_AND_REVERSE, WIRE_LOGIC_COPY,
    WIRE_LOGIC_AND_INVERTED, WIRE_LOGIC_NOOP, WIRE_LOGIC_XOR, WIRE_LOGIC_OR,
    WIRE_LOGIC_NOR, WIRE_LOGIC_EQUIVALENT, WIRE_LOGIC_INVERT, WIRE_LOGIC_OR_REVERSE,
    WIRE_LOGIC_COPY_INVERTED, WIRE_LOGIC_OR_INVERTED, WIRE_LOGIC_NAND, WIRE_LOGIC_SET,
    WIRE_LOGIC_COUNT
};

struct wire_blend_target {
    uint8_t enable;
    uint8_t src_color, dst_color, color_op; /* wire_blend_factor / _op */
    uint8_t src_alpha, dst_alpha, alpha_op;
    uint8_t write_mask; /* bit 0 R, 1 G, 2 B, 3 A */
};

/* The pipeline state block that draws name.  Everything a Vulkan graphics
 * pipeline bakes in; the viewports and scissors are dynamic. */
struct wire_create_state_block {
    wire_handle block;
    wire_handle vs, fs;
    /* {0, 0}, a GEOMETRY shader, or a stream-output shader
     * (CREATE_SO_SHADER: of the geometry stage, or of the vertex stage,
     * whose outputs it captures from vs, the same program's).  fs may be
     * {0, 0}: with rasterizer_discard 1 (stream output alone), or for a
     * depth-only draw, whose colour targets then have write mask 0 and no
     * blending (the server refuses others). */
    wire_handle gs;
    uint32_t topology; /* enum wire_topology */
    uint32_t attr_count;
    uint32_t binding_count;
    uint32_t binding_strides[WIRE_MAX_VERTEX_BINDINGS];
    struct wire_vertex_attr attrs[WIRE_MAX_VERTEX_ATTRS];
    struct wire_blend_target blend[WIRE_MAX_COLOR_TARGETS];
    uint32_t color_formats[WIRE_MAX_COLOR_TARGETS]; /* enum wire_format */
    uint32_t depth_format;
    uint8_t depth_test, depth_write, depth_compare, cull;
    uint8_t front_face, fill, stencil_test, depth_bias;
    struct wire_stencil_face stencil_front, stencil_back;
    uint8_t flat_first_vertex; /* provoking vertex: first, as D3D9 */
    uint8_t samples; /* rasterization samples: the bound targets' count */
    uint8_t depth_clamp; /* 1: depth clamped, not clipped (WIRE_DEVFEAT_DEPTH_CLAMP) */
    uint8_t rasterizer_discard; /* 1: nothing rasterized (stream output alone) */
    uint32_t instance_bindings; /* bit per binding stepping per instance */
    uint32_t sample_mask; /* the samples written (D3DRS_MULTISAMPLEMASK) */
    /* Tessellation (WIRE_DEVFEAT_TESSELLATION): a HULL and a DOMAIN
     * shader, both or neither; with them the topology is PATCH_LIST, of
     * patch_points (1 to 32) control points a patch, and gs is {0, 0}. */
    uint32_t patch_points;
    wire_handle hs, ds;
    /* 1: alpha to coverage (D3D11's blend state AlphaToCoverageEnable):
     * the fragment's alpha makes its coverage, as the device defines it. */
    uint8_t alpha_to_coverage;
    /* 1: an indexed draw restarts the strip at the index of all ones
     * (D3D10+'s strip cut: 0xffff, 0xffffffff; a strip or fan topology);
     * 0: that index is a vertex's (D3D9's). */
    uint8_t strip_cut;
    /* 1: the colour targets take logic_op (enum wire_logic_op) of the
     * fragment's colour and theirs instead of blending (D3D11.1's logic
     * operations; WIRE_DEVFEAT_LOGIC_OP; targets of float formats are
     * written as they are); 0: none, and logic_op 0. */
    uint8_t logic_op_enable, logic_op;
    uint8_t reserved3[4];
    /* Instance step rates other than 1 (WIRE_DEVFEAT_INSTANCE_DIVISOR,
     * D3D11's InstanceDataStepRate): a binding of instance_bindings named
     * here reads element instance / divisors[binding] (0: element 0 for
     * every instance, with WIRE_DEVFEAT_ZERO_DIVISOR); the others step once
     * an instance. */
    uint32_t divisor_bindings;
    uint32_t divisors[WIRE_MAX_VERTEX_BINDINGS];
    uint32_t reserved4;
};

/* The state that changes without a new pipeline: it stays set for the
 * following draws. */
struct wire_set_dynamic_state {
    uint32_t stencil_reference, stencil_compare_mask, stencil_write_mask;
    float blend_constants[4];
    float depth_bias_constant; /* in units of the depth format's resolution */
    float depth_bias_slope;
    /* The bias's limit in depth (D3D11's DepthBiasClamp: positive, at
     * most it; negative, at least it; 0: none), where the device has
     * WIRE_DEVFEAT_DEPTH_BIAS_CLAMP; else 0. */
    float depth_bias_clamp;
};

/* One level and layer of a texture as a render target, or layers of it. */
struct wire_target {
    wire_handle texture;
    uint32_t level, layer;
    /* The format it is rendered as: 0 for its own, or one a
     * WIRE_TEX_MUTABLE texture may be viewed as.  State blocks name it. */
    uint32_t format;
    /* 0 or 1: the one layer (of a volume: slice).  More: layers
     * [layer, layer + layers) of an array or slices of a volume's level, a
     * layered target of SET_RENDER_TARGETS only: draws choose the layer
     * through the shaders' layer output (D3D11's SV_RenderTargetArrayIndex),
     * clears fill them all; the pass has the fewest layers of its
     * targets. */
    uint32_t layers;
    uint32_t flags; /* enum wire_target_flag */
    /* WIRE_TARGET_BUFFER: `texture` names a WIRE_BUF_RENDER_TARGET
     * buffer, whose elements [layer, layer + elements) of `format` (a
     * colour format, not 0) are rendered into as a target `elements`
     * pixels wide and one high (level 0, layers 0 or 1; colour targets of
     * SET_RENDER_TARGETS only; the first byte a multiple of 4 and of the
     * element's size). */
    uint32_t elements;
};
enum wire_target_flag { WIRE_TARGET_BUFFER = 1u << 0, WIRE_TARGET_FLAGS_ALL = 1u };

struct wire_set_render_targets {
    struct wire_target color[WIRE_MAX_COLOR_TARGETS];
    struct wire_target depth;
};

struct wire_create_sampler {
    wire_handle sampler;
    uint8_t min_filter, mag_filter; /* enum wire_filter */
    uint8_t mip_filter;             /* enum wire_mip_filter */
    uint8_t address_u, address_v, address_w; /* enum wire_address */
    uint8_t max_anisotropy;         /* 1: off */
    uint8_t compare;                /* 0: none; else 1 + the enum wire_compare of a
                                     * depth comparison (D3D9's shadow samplers:
                                     * LESS_EQUAL) */
    float lod_bias, min_lod, max_lod;
    float border[4];
    uint32_t reserved;
};

/* Texture slots: 16 fragment (and compute), then 4 vertex (set 0's
 * combined samplers), then 4 each of the geometry, hull and domain stages
 * (set 1's: shader/binding.h). */
#define WIRE_MAX_TEXTURE_SLOTS 32
#define WIRE_SET0_TEXTURE_SLOTS 20
#define WIRE_STAGE_TEXTURE_SLOT0 20 /* + 4 * (stage - 2) + k: stage 2 geometry, 3 hull, 4 domain */
#define WIRE_STAGE_TEXTURE_SLOTS 4

/* Binds a texture and a sampler to a slot for the following draws; a null
 * texture unbinds. */
/* The view: levels [first_level, first_level + levels) and layers
 * [first_layer, first_layer + layers) of the texture (a count 0: all from
 * the first); a 2D view names one layer, a cube view a whole cube. */
struct wire_set_texture {
    uint32_t slot;
    uint32_t view_type; /* enum wire_texture_type the shader samples it as */
    wire_handle texture;
    wire_handle sampler;
    uint16_t first_level, levels;
    uint16_t first_layer, layers;
    uint32_t format; /* 0: its own; else as wire_target.format */
    uint32_t reserved;
};

/* A draw whose arguments lie in a buffer (D3D11's Draw*InstancedIndirect):
 * at offset, 16 bytes {vertex count, instance count, first vertex, first
 * instance} or, indexed, 20 bytes {index count, instance count, first
 * index, base vertex, first instance}.  The server reads them once the
 * work before the draw is done (the GPU may write them) and draws as
 * DRAW_INSTANCED or DRAW_INDEXED would, with their checks. */
struct wire_draw_indirect {
    wire_handle block;
    wire_handle buffer;
    uint64_t offset; /* a multiple of 4 */
    uint32_t indexed; /* 0, 1 */
    uint32_t reserved;
};

/* 8 fragment, 4 vertex, then 4 each of the geometry, hull and domain
 * stages (WIRE_STAGE_TEXEL_SLOT0 + 4 * (stage - 2) + k) */
#define WIRE_MAX_TEXEL_SLOTS 24
#define WIRE_STAGE_TEXEL_SLOT0 12

/* Binds [offset, offset + size) of a buffer made with WIRE_BUF_TEXEL to a
 * texel buffer slot for the following draws, read as texels of format (one
 * with WIRE_FEAT_TEXEL_BUFFER); offset a multiple of the caps'
 * texel_buffer_align, size a multiple of the texel's bytes.  A null
 * buffer unbinds (the slot then reads zeros). */
struct wire_set_texel_buffer {
    uint32_t slot;
    uint32_t format;
    wire_handle buffer;
    uint64_t offset;
    uint64_t size;
};

/* Storage (D3D11's unordered-access views): slot k is u#k of the pixel
 * shaders' draws and of the compute shaders' dispatches alike (binding.h:
 * set 1's storage texel buffer 12 + k and storage image 20 + k). */
#define WIRE_MAX_STORAGE_SLOTS 8
enum wire_storage_kind {
    WIRE_STORAGE_NONE,   /* empty: writes go nowhere, reads are zeros */
    WIRE_STORAGE_BUFFER, /* texels of a buffer made with WIRE_BUF_STORAGE */
    WIRE_STORAGE_IMAGE,  /* a level of a texture made with WIRE_TEX_STORAGE */
    WIRE_STORAGE_KIND_COUNT
};
/* Binds storage to a slot for the following draws and dispatches.
 *   BUFFER  [offset, +size) of the buffer as texels of format (one with
 *           WIRE_FEAT_STORAGE_TEXEL): offset a multiple of the caps'
 *           texel_buffer_align, size of whole texels
 *   IMAGE   level `level` of the texture viewed as view_type (1D, 1D_ARRAY,
 *           2D, 2D_ARRAY, 3D) and format (0: its own; else as
 *           wire_target.format, with WIRE_FEAT_STORAGE); layers
 *           [first_layer, +layers) of an array (1D, 2D: one), a 3D
 *           texture's every slice (first_layer and layers 0)
 *   NONE    what the shader declares, for the empty slot the server
 *           binds: view_type, and format R32_UINT, R32_SINT or R32_SFLOAT
 *           (the type its texels are read and written as) */
struct wire_set_storage {
    uint32_t slot;
    uint32_t kind; /* enum wire_storage_kind */
    wire_handle resource;
    uint32_t format;
    uint32_t view_type;
    uint32_t level, first_layer, layers;
    uint32_t reserved;
    uint64_t offset, size;
    /* A buffer slot's hidden counter (D3D11's append, consume and counter
     * views): a STORAGE buffer whose first word the shader's counter
     * operations use (binding.h's NR_BIND_COUNTER0 + slot); {0, 0}: none. */
    wire_handle counter;
};
/* Runs a compute shader (made with WIRE_STAGE_COMPUTE) over x * y * z
 * groups (each at most 65535 and the device's limit; a 0 runs nothing),
 * in the order of the stream: after the draws and copies before it, and
 * before those after it see what it wrote. */
#define WIRE_MAX_DISPATCH_GROUPS 65535u
struct wire_dispatch {
    wire_handle shader;
    uint32_t x, y, z;
    uint32_t reserved;
};
/* A dispatch whose three group counts lie in a buffer at offset (a
 * multiple of 4): the server reads them once the work before is done, and
 * dispatches them as DISPATCH would, with its checks. */
struct wire_dispatch_indirect {
    wire_handle shader;
    wire_handle buffer;
    uint64_t offset;
};
/* Fills storage with one texel repeated (D3D11's ClearUnorderedAccessView*:
 * the front end packs the texel's bytes), in the order of the stream:
 *   BUFFER  [offset, +size) of the buffer, size a multiple of texel_bytes
 *           (1, 2, 4, 8, 12 or 16)
 *   IMAGE   level `level`, layers [first_layer, +layers) of the texture
 *           (a 3D texture: those slices), texel_bytes its format's */
struct wire_fill_texels {
    uint32_t kind; /* WIRE_STORAGE_BUFFER or WIRE_STORAGE_IMAGE */
    uint32_t texel_bytes;
    wire_handle resource;
    uint64_t offset, size;
    uint32_t level, first_layer, layers;
    uint32_t reserved;
    uint8_t texel[16];
};

/* Stream output (D3D11's SO; WIRE_DEVFEAT_STREAM_OUTPUT), stream 0.
 * A stream-output shader is a DXBC program (stage GEOMETRY: a geometry
 * shader; stage VERTEX: a vertex shader whose outputs are captured, D3D11's
 * geometry shader made from a vertex shader's bytecode) with the layout of
 * what it writes: entries, in order, each some components of one output
 * (semantic name and index, as its output signature has them) or a gap
 * (semantic ""), written to target `slot` at the running offset of that
 * slot; each slot's stride in bytes (a multiple of 4, at most the caps'
 * max_so_stride, at least its entries' bytes).  The entries lie in the stage ring at
 * entries_offset. */
#define WIRE_MAX_SO_TARGETS 4
#define WIRE_MAX_SO_ENTRIES 64
#define WIRE_MAX_SO_STRIDE 2048
struct wire_so_entry {
    char semantic[32]; /* NUL-terminated; "": a gap */
    uint32_t semantic_index;
    uint8_t stream; /* 0..3 (WIRE_DEVFEAT_SO_STREAMS; else 0); a slot's entries are one stream's */
    uint8_t start_component, component_count; /* within 0..3, count 1..4 */
    uint8_t slot; /* < WIRE_MAX_SO_TARGETS */
};
struct wire_create_so_shader {
    wire_handle shader;
    uint32_t stage; /* WIRE_STAGE_GEOMETRY or WIRE_STAGE_VERTEX: the program's type */
    uint32_t stage_offset;
    uint32_t size; /* the DXBC's bytes */
    uint32_t entries_offset;
    uint32_t entry_count; /* 1..WIRE_MAX_SO_ENTRIES */
    uint32_t strides[WIRE_MAX_SO_TARGETS];
    /* The stream rasterized, 0..3 (WIRE_DEVFEAT_SO_STREAMS; else 0), or
     * WIRE_SO_NO_RASTERIZED_STREAM: none (the client's state blocks say
     * so: rasterizer_discard).  A geometry program of several streams is
     * drawn as that stream's program, or the first captured stream's
     * where it rasterizes none; each other stream it captures is a
     * second draw of its own program, rasterizing nothing. */
    uint32_t rasterized;
};
#define WIRE_SO_NO_RASTERIZED_STREAM 0xffffffffu
/* The stream-output targets of the following draws whose state block has
 * a stream-output shader: buffers made with WIRE_BUF_STREAM_OUT (or none),
 * each written from byte `offset` (a multiple of 4, at most its size), or,
 * with WIRE_SO_APPEND, from where the last stream output into it stopped.
 * A draw's writes past a target's end are dropped with the rest of that
 * draw's primitives (D3D11's overflow). */
#define WIRE_SO_APPEND UINT64_MAX
struct wire_set_so_targets {
    struct {
        wire_handle buffer;
        uint64_t offset;
    } target[WIRE_MAX_SO_TARGETS];
};
/* A draw of the vertices stream output wrote into the buffer bound at
 * vertex binding 0 (D3D11's DrawAuto): from that binding's offset to the
 * buffer's last write position, one instance. */
struct wire_draw_auto {
    wire_handle block;
};

#define WIRE_MAX_UNIFORM_BYTES 65536

/* Writes [offset, offset + size) of one stage's uniform buffer; the
 * following draws bind its first `total` bytes.  Only changed ranges
 * travel: the server keeps the rest. */
struct wire_set_uniforms {
    uint32_t stage; /* enum wire_shader_stage */
    uint32_t offset;
    uint32_t size;
    uint32_t stage_offset;
    uint32_t total;
    uint32_t slot; /* 0: the stage's buffer; 1..WIRE_MAX_UNIFORM_SLOTS - 1: D3D11's b1.. */
};
#define WIRE_MAX_UNIFORM_SLOTS 5

/* Levels first_level + 1 .. first_level + levels - 1 of layers
 * [first_layer, + layers) made from first_level by a linear filter (a
 * volume: layers 0 + 1, its slices filtered too). */
struct wire_generate_mips {
    wire_handle texture;
    uint32_t first_level, levels, first_layer, layers;
};

/* Copies a rectangle between targets, scaling with the filter. */
struct wire_blit {
    struct wire_target src;
    int32_t src_rect[4]; /* x0, y0, x1, y1 */
    struct wire_target dst;
    int32_t dst_rect[4];
    uint32_t filter; /* enum wire_filter */
    uint32_t reserved;
};

/* Fills a rectangle of a colour target. */
struct wire_fill_rect {
    struct wire_target target;
    int32_t rect[4];
    float color[4];
};

/* Clears the bound targets inside rect_count rectangles (int32 x0,y0,x1,y1
 * each, in the stage ring), or the whole target when rect_count is 0. */
struct wire_clear {
    uint32_t flags; /* enum wire_clear_flags */
    uint32_t rect_count;
    uint32_t stage_offset;
    uint32_t stencil;
    float color[4];
    float depth;
    uint32_t reserved;
};

/* Viewports and scissor rectangles are set by index, 0 to
 * WIRE_MAX_VIEWPORTS - 1 (past 0 with WIRE_DEVFEAT_MULTI_VIEWPORT).  A
 * draw uses viewport and scissor 0 unless its geometry stage writes the
 * viewport index (SV_ViewportArrayIndex): then every index is the
 * pipeline's, and a primitive goes through the viewport and scissor of
 * its index.
 *
 * WIRE_VIEWPORT_Y_UP: the shaders emit clip space with y up (Direct3D
 * 10/11 DXBC translated by vkd3d-shader); the server turns the viewport
 * upside down (a negative height) so that y = +1 is the top row.  Without
 * it y is down, as the D3D9 generators emit it.
 * WIRE_VIEWPORT_NONE: nothing is drawn through this viewport (D3D11's
 * indices past the viewports set), the state of every index but 0 until
 * it is set.  A viewport 0 of no area is the whole target (its state
 * until it is set); another index's of no area draws nothing. */
#define WIRE_MAX_VIEWPORTS 16
enum wire_viewport_flag {
    WIRE_VIEWPORT_Y_UP = 1u << 0,
    WIRE_VIEWPORT_NONE = 1u << 1,
    WIRE_VIEWPORT_FLAGS_ALL = 3u,
};
struct wire_set_viewport {
    float x, y, width, height, min_depth, max_depth;
    uint32_t flags; /* enum wire_viewport_flag */
    uint32_t index; /* < WIRE_MAX_VIEWPORTS */
};
/* WIRE_SCISSOR_WHOLE: no scissor test, the whole target (every index's
 * state until it is set); without it the rectangle, where one of no area
 * passes nothing. */
enum wire_scissor_flag { WIRE_SCISSOR_WHOLE = 1u << 0, WIRE_SCISSOR_FLAGS_ALL = 1u };
struct wire_set_scissor {
    int32_t x, y;
    uint32_t width, height;
    uint32_t flags; /* enum wire_scissor_flag */
    uint32_t index; /* < WIRE_MAX_VIEWPORTS */
};

struct wire_set_vertex_buffer {
    uint32_t binding;
    uint32_t stride; /* bytes between vertices (dynamic state) */
    wire_handle buffer;
    uint64_t offset;
};

struct wire_set_index_buffer {
    wire_handle buffer; /* null: none */
    uint64_t offset;
    uint32_t index_size; /* 2 or 4 */
    uint32_t reserved;
};

struct wire_draw_indexed {
    wire_handle block;
    uint32_t index_count;
    uint32_t first_index;
    int32_t base_vertex;
    uint32_t instance_count; /* 0 or 1: not instanced */
    uint32_t first_instance; /* D3D11's StartInstanceLocation; D3D9: 0 */
    uint32_t reserved;
};

/* Instances of a draw of vertices (D3D11's DrawInstanced): bindings that
 * step per instance read at first_instance + the instance. */
struct wire_draw_instanced {
    wire_handle block;
    uint32_t vertex_count;
    uint32_t first_vertex;
    uint32_t instance_count;
    uint32_t first_instance;
};

/* An indexed draw from vertex and index bytes in the stage ring (D3D9's
 * DrawIndexedPrimitiveUP). */
struct wire_draw_indexed_up {
    wire_handle block;
    uint32_t vertex_count;
    uint32_t stride;
    uint32_t vertex_stage_offset;
    uint32_t index_count;
    uint32_t index_stage_offset;
    uint32_t index_size; /* 2 or 4 */
};

struct wire_set_push_constants {
    uint32_t offset, size;
    uint8_t data[WIRE_PUSH_RECORD_BYTES];
};

struct wire_draw {
    wire_handle block;
    uint32_t vertex_count;
    uint32_t first_vertex;
};

/* Consecutive draws of one state block with nothing between them, as one
 * record: the client turns a DRAW into this when the next draw follows it,
 * and appends while it can (the record has not left yet).  The payload is
 * the head and `count` spans (WIRE_F_ARRAY: 16 + 8 * count bytes). */
#define WIRE_DRAW_MULTI_MAX 256u
/* The most vertices (indices) one span may name: what D3D9's caps allow
 * (MaxPrimitiveCount 0xffffff triangles of a list), so one record's work
 * has a bound; draws joined into one span (wire_run_join) stay under it. */
#define WIRE_MAX_DRAW_VERTICES (3u * 0xffffffu)
struct wire_draw_span {
    uint32_t vertex_count;
    uint32_t first_vertex;
};
struct wire_draw_multi {
    wire_handle block;
    uint32_t count; /* 2 .. WIRE_DRAW_MULTI_MAX */
    uint32_t reserved;
    struct wire_draw_span spans[WIRE_DRAW_MULTI_MAX];
};

/* A draw from vertex bytes in the stage ring (D3D9's DrawPrimitiveUP). */
struct wire_draw_up {
    wire_handle block;
    uint32_t vertex_count;
    uint32_t stride;
    uint32_t stage_offset;
    uint32_t reserved;
};

/* Consecutive DRAW_UPs of one block and stride, as DRAW_MULTI is for
 * DRAW: spans of {vertex count, stage offset} (16 + 8 * count bytes). */
struct wire_draw_up_span {
    uint32_t vertex_count;
    uint32_t stage_offset;
};
struct wire_draw_up_multi {
    wire_handle block;
    uint32_t count; /* 2 .. WIRE_DRAW_MULTI_MAX */
    uint32_t stride;
    struct wire_draw_up_span spans[WIRE_DRAW_MULTI_MAX];
};

/* Presents texture (the frame), headless and, where the client names
 * one, in the application's X11 window on the server's display: in its
 * part `area` (x, y, width, height; width 0: all of it, following its
 * size), the texture's part `src` (left, top, right, bottom) stretched to
 * the area's part `dst` (all of it without WIRE_PRESENT_DST_RECT).  The
 * rest of the area is black, or with WIRE_PRESENT_KEEP (D3D9's copy swap
 * effect) keeps what earlier presents showed there.  A frame of
 * R16G16B16A16_SFLOAT holds linear values (scRGB, 1.0 the SDR white) and
 * is shown and dumped sRGB-encoded, clamped to [0, 1]. */
enum wire_present_flag {
    WIRE_PRESENT_SCREEN_AREA = 1u << 0, /* area's x, y are root coordinates */
    WIRE_PRESENT_VSYNC = 1u << 1,       /* wait for the display (FIFO) */
    WIRE_PRESENT_SRC_RECT = 1u << 2,
    WIRE_PRESENT_DST_RECT = 1u << 3,
    WIRE_PRESENT_HIDDEN = 1u << 4,      /* the window is minimized */
    WIRE_PRESENT_KEEP = 1u << 5,        /* the rest of the area keeps its picture */
    WIRE_PRESENT_GAMMA = 1u << 6,       /* the window shows it through SET_GAMMA's ramp */
    WIRE_PRESENT_FLAGS_ALL = (1u << 7) - 1
};
#define WIRE_PRESENT_MAX_COORD 65536 /* |every coordinate| at most this */
struct wire_present {
    wire_handle texture;
    uint64_t frame;
    uint64_t window_key; /* the client's name for the window (its HWND) */
    uint32_t window;     /* X11 window id; 0: none (headless, or the server's own) */
    uint32_t flags;      /* enum wire_present_flag */
    int32_t area[4];
    int32_t src[4];
    int32_t dst[4];
};

/* The gamma ramp (D3DGAMMARAMP: red's 256 entries, green's, blue's) that
 * presents with WIRE_PRESENT_GAMMA show the frame through in the window:
 * a channel's 8-bit value v becomes ramp[v] / 65535.  Headless dumps and
 * read-backs are the frame itself. */
struct wire_set_gamma {
    uint16_t ramp[3 * 256]; /* red, green, blue */
};

struct wire_ping { uint64_t cookie; };

/* Queries.  An occlusion or timestamp query is a client-chosen index below
 * WIRE_MAX_QUERIES into the context's query table (not a handle: the server
 * creates nothing for it; one index is one query, of one type, at a time).
 * An event query is only a fence: a number the client increases with every
 * QUERY END it sends; the server tells which fences the GPU has retired. */
#define WIRE_MAX_QUERIES 4096
enum wire_query_type {
    WIRE_QUERY_EVENT,
    WIRE_QUERY_OCCLUSION,
    WIRE_QUERY_TIMESTAMP, /* END writes the GPU's time when the work before it is done */
    /* The primitives written and needed between BEGIN and END, of the
     * streams BEGIN names (WIRE_DEVFEAT_STREAM_OUTPUT; D3D11's SO
     * statistics and overflow predicates): indexed as occlusion queries
     * are, in a pool of its own. */
    WIRE_QUERY_SO_STATS,
    /* The pipeline's counters (enum wire_pipeline_stat) over the draws and
     * dispatches between BEGIN and END (WIRE_DEVFEAT_PIPELINE_STATS;
     * D3D11's PIPELINE_STATISTICS): indexed as occlusion queries are, in a
     * pool of its own. */
    WIRE_QUERY_PIPELINE_STATS,
    WIRE_QUERY_TYPE_COUNT
};
enum wire_query_op {
    WIRE_QUERY_BEGIN,  /* occlusion, SO and pipeline statistics: start counting (restarts) */
    WIRE_QUERY_END,    /* stop counting (timestamp: write the time, again);
                        * every type: the fence is passed here */
    WIRE_QUERY_FORGET, /* every type but event: the client's query is gone */
    WIRE_QUERY_OP_COUNT
};
struct wire_query {
    uint32_t query; /* every type but event: its index; event: 0 */
    uint8_t type;   /* enum wire_query_type */
    uint8_t op;     /* enum wire_query_op */
    /* SO_STATS's BEGIN: the streams it counts, a bit each (more than one:
     * their sums); 0 is stream 0's.  Else 0. */
    uint16_t streams;
    uint64_t fence; /* END: the client's fence number, larger than the last */
};

/* Submits what was recorded (D3DGETDATA_FLUSH) and answers at once, never
 * waiting for the GPU, with enum wire_query_value values. */
struct wire_query_result {
    uint32_t query; /* the query to report on, when type is not EVENT */
    uint32_t type;  /* enum wire_query_type */
};
enum wire_query_value {
    WIRE_QUERY_FENCE_DONE, /* the highest fence whose records the GPU retired */
    WIRE_QUERY_DONE,       /* 1 when the query's result is known */
    WIRE_QUERY_SAMPLES,    /* its samples (timestamp: its ticks, see timestamp_hz;
                            * SO_STATS: primitives written) */
    WIRE_QUERY_SO_NEEDED,  /* SO_STATS: primitives that were to be written */
    /* PIPELINE_STATS: its counters from values[WIRE_QUERY_SAMPLES] on, in
     * enum wire_pipeline_stat's order (so values[WIRE_QUERY_SAMPLES + s]). */
    WIRE_QUERY_VALUE_COUNT = WIRE_QUERY_SAMPLES + 11
};
/* A pipeline-statistics query's counters, in the order of
 * D3D11_QUERY_DATA_PIPELINE_STATISTICS's fields (which is also the order of
 * VkQueryPipelineStatisticFlagBits' bits). */
enum wire_pipeline_stat {
    WIRE_STAT_IA_VERTICES,     /* vertices read by the input assembler */
    WIRE_STAT_IA_PRIMITIVES,   /* primitives it assembled */
    WIRE_STAT_VS_INVOCATIONS,
    WIRE_STAT_GS_INVOCATIONS,
    WIRE_STAT_GS_PRIMITIVES,   /* primitives the geometry stage emitted */
    WIRE_STAT_C_INVOCATIONS,   /* primitives that reached the clipper */
    WIRE_STAT_C_PRIMITIVES,    /* primitives the clipper passed on */
    WIRE_STAT_PS_INVOCATIONS,
    WIRE_STAT_HS_INVOCATIONS,  /* patches the hull stage took (0 without tessellation) */
    WIRE_STAT_DS_INVOCATIONS,  /* domain invocations (0 without tessellation) */
    WIRE_STAT_CS_INVOCATIONS,
    WIRE_STAT_COUNT
};
_Static_assert(WIRE_QUERY_SAMPLES + WIRE_STAT_COUNT == WIRE_QUERY_VALUE_COUNT,
               "a pipeline-statistics reply carries every counter");

/* Textures shared between the clients of one server (D3D11's shared
 * resources, D3D9Ex's shared handles).  SHARE_TEXTURE makes a texture of
 * the context shareable and answers with its share id (values[0]), a
 * number the server chose that any client of this server may open;
 * desc is the creator's description of the texture, kept by the server
 * as bytes and given back to every opener.  OPEN_SHARED names a new
 * texture handle of the opener for the same texture, and answers with
 * enum wire_open_value (status WIRE_ERR_NOT_FOUND for an unknown id: not
 * fatal).  The texture lives while any client holds a handle to it.
 * Work of different clients on it is ordered by submission: a context's
 * submission waits for what every other holder had submitted (the
 * front ends flush at D3D's Flush, FLUSH, and at each key release).
 * A KEYED share has a keyed mutex: released with key 0 at first;
 * KEYED_ACQUIRE waits (at most timeout_ms, WIRE_KEYED_INFINITE: for ever)
 * until it is released with that key, and takes it; KEYED_RELEASE submits
 * the holder's work and releases it with a key. */
#define WIRE_SHARE_DESC_BYTES 64
#define WIRE_MAX_SHARE_HOLDERS 8 /* handles to one shared texture, all clients */
enum wire_share_flag { WIRE_SHARE_KEYED = 1u << 0, WIRE_SHARE_FLAGS_ALL = 1 };
struct wire_share_texture {
    wire_handle texture;
    uint32_t flags;     /* enum wire_share_flag */
    uint32_t desc_size; /* at most WIRE_SHARE_DESC_BYTES */
    uint8_t desc[WIRE_SHARE_DESC_BYTES];
};
struct wire_open_shared {
    wire_handle texture; /* the opener's new handle */
    uint32_t share;      /* a share id */
    uint32_t reserved;
};
enum wire_open_value {
    WIRE_OPEN_EXTENT, /* width | height << 32 */
    WIRE_OPEN_DEPTH,  /* depth | levels << 16 | samples << 24 | the sampling
                       * swizzle's 4 bytes << 32 */
    WIRE_OPEN_FORMAT, /* format | type << 16 | (uint64_t)usage << 32 */
    WIRE_OPEN_FLAGS,  /* enum wire_share_flag | (uint64_t)desc_size << 32 */
    WIRE_OPEN_DESC,   /* the desc's bytes, in the 8 values from here */
    WIRE_OPEN_LAYERS = WIRE_OPEN_DESC + WIRE_SHARE_DESC_BYTES / 8, /* array layers */
    WIRE_OPEN_VALUE_COUNT
};
#define WIRE_KEYED_INFINITE 0xffffffffu
struct wire_keyed_acquire {
    wire_handle texture;
    uint64_t key;
    uint32_t timeout_ms;
    uint32_t reserved;
};
struct wire_keyed_release {
    wire_handle texture;
    uint64_t key;
};
/* Submits what was recorded and answers once it is submitted (not run):
 * D3D11's Flush on a device with shared textures, whose other holders
 * must see the work from then on. */
struct wire_flush { uint64_t reserved; };

/* Fences (D3D11's ID3D11Fence): a 64-bit value the GPU raises.
 * FENCE_SIGNAL submits the work recorded so far and raises the fence to
 * value when it is done (a value at or under one already signalled, by
 * any client, is not signalled again: values only rise).  FENCE_WAIT
 * makes the work recorded after it wait on the GPU until the fence has
 * value; the server holds the context's later records back until some
 * client's signal of that value is submitted.  FENCE_VALUE answers the
 * fence's value (values[0]) once it has reached wait_value or timeout_ms
 * has passed, whichever is first (0: at once).  SHARE_FENCE answers with
 * a share id (values[0]) any client of this server may open with
 * OPEN_SHARED_FENCE (WIRE_ERR_NOT_FOUND, not fatal, for an unknown id),
 * as SHARE_TEXTURE / OPEN_SHARED do for textures; the fence lives while
 * any client holds a handle to it. */
struct wire_create_fence {
    wire_handle fence;
    uint64_t initial;
};
struct wire_fence_signal {
    wire_handle fence;
    uint64_t value;
};
struct wire_fence_value {
    wire_handle fence;
    uint64_t wait_value;
    uint32_t timeout_ms;
    uint32_t reserved;
};
struct wire_share_fence {
    wire_handle fence;
    uint64_t reserved;
};
struct wire_open_shared_fence {
    wire_handle fence; /* the opener's new handle */
    uint32_t share;
    uint32_t reserved;
};

/* Names of shares (D3D11's named shared handles: IDXGIResource1 and
 * ID3D11Fence CreateSharedHandle with a name, OpenSharedResourceByName).
 * One namespace per server, for textures and fences together, as Windows
 * has one for its named objects; names are UTF-16 code units compared
 * exactly, at most WIRE_MAX_SHARE_NAME of them (Windows' MAX_PATH).
 * NAME_SHARE names the share of a texture or fence of the context that
 * was shared (SHARE_TEXTURE, SHARE_FENCE); it answers WIRE_ERR_EXISTS when
 * another share has the name and WIRE_ERR_UNSUPPORTED when this one has
 * another name already (one name a share).  A name lives as long as its
 * share.  FIND_SHARE answers the share id of a name (values[0]) and its
 * kind (values[1], WIRE_OBJ_TEXTURE or WIRE_OBJ_FENCE), or
 * WIRE_ERR_NOT_FOUND; both answers are not fatal. */
#define WIRE_MAX_SHARE_NAME 260
struct wire_name_share {
    wire_handle object;
    uint32_t kind;   /* WIRE_OBJ_TEXTURE or WIRE_OBJ_FENCE */
    uint32_t length; /* code units in name, 1..WIRE_MAX_SHARE_NAME */
    uint16_t name[WIRE_MAX_SHARE_NAME];
};
struct wire_find_share {
    uint32_t length;
    uint32_t reserved;
    uint16_t name[WIRE_MAX_SHARE_NAME];
};

/* How the context records.  REFERENCE: every draw binds, pushes and
 * uploads everything it reads anew, as if no earlier draw or command
 * buffer had done it (the reference that run-ahead state tracking is
 * compared with).  CHECK: before every draw the server verifies that all
 * the draw reads was bound or uploaded in the command buffer being
 * recorded and holds the values last set, and logs each violation. */
enum wire_context_option {
    WIRE_CONTEXT_REFERENCE = 1u << 0,
    WIRE_CONTEXT_CHECK = 1u << 1,
    WIRE_CONTEXT_OPTIONS_ALL = (1u << 2) - 1,
};
struct wire_set_context_options {
    uint32_t flags; /* enum wire_context_option */
    uint32_t reserved;
};

/* ---- derived: opcodes, names, sizes, wait classes ---- */

enum wire_op {
#define WIRE_RECORD(num, NAME, type, flags, wait) WIRE_OP_##NAME = num,
#include "wire/wire_records.def"
#undef WIRE_RECORD
    WIRE_OP_COUNT
};

#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    _Static_assert(sizeof(struct type) % 8 == 0,                               \
                   #type " must be a multiple of 8 bytes");
#include "wire/wire_records.def"
#undef WIRE_RECORD

struct wire_record_info {
    const char *name;
    uint32_t payload_size;
    uint16_t flags;
    uint8_t wait; /* enum wire_wait */
};
extern const struct wire_record_info wire_records[WIRE_OP_COUNT];

/* A name for logs; "UNKNOWN" for an opcode outside the table. */
const char *wire_op_name(uint32_t op);
/* A fingerprint of the wire description (rows and payload sizes): both ends
 * compare it in the handshake. */
uint64_t wire_fingerprint(void);
const char *wire_status_name(uint32_t status);
uint32_t wire_format_bytes(enum wire_format f); /* bytes per texel */
/* What a vertex attribute of the format is aligned to in Vulkan (its
 * address: the buffer offset, the attribute's offset, the stride times the
 * index): the size of one component, or of the whole of a packed format. */
uint32_t wire_format_vertex_align(uint32_t f);

/* ---- the writer: where the encoder puts records ---- */

/* A contiguous window of the command ring (or of a stream's send buffer).
 * The inline fast path writes at cur while cur + need <= end; refill (the
 * transport) makes room: it publishes, waits for the server, pads and wraps. */
struct wire_writer {
    uint8_t *cur, *end;
    bool (*refill)(struct wire_writer *w, uint32_t need);
    /* Bumped whenever the transport hands written bytes on (every refill
     * does, before cur goes back): an encoder may amend the last record
     * it wrote while neither this nor cur has moved since
     * (wire_draw_run). */
    uint64_t sent;
    uint64_t records; /* counters, always on */
    uint64_t bytes;
    uint64_t op_records[WIRE_OP_COUNT];
    uint64_t op_bytes[WIRE_OP_COUNT];
};

static inline uint8_t *wire_writer_begin(struct wire_writer *w, uint32_t need)
{
    if ((size_t)(w->end - w->cur) < need && !w->refill(w, need))
        return NULL;
    return w->cur;
}

/* Encoders: wire_emit_NAME(w, &payload).  false when the transport is gone. */
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    static inline bool wire_emit_##NAME(struct wire_writer *w,                 \
                                        const struct type *p)                  \
    {                                                                          \
        const uint32_t total = 8 + (uint32_t)sizeof(*p);                       \
        uint8_t *dst = wire_writer_begin(w, total);                            \
        struct wire_header h = {num, 0, (uint32_t)sizeof(*p)};                 \
        if (!dst)                                                              \
            return false;                                                      \
        memcpy(dst, &h, 8);                                                    \
        memcpy(dst + 8, p, sizeof(*p));                                        \
        w->cur = dst + total;                                                  \
        w->records++;                                                          \
        w->bytes += total;                                                     \
        w->op_records[num]++;                                                  \
        w->op_bytes[num] += total;                                             \
        return true;                                                           \
    }
#include "wire/wire_records.def"
#undef WIRE_RECORD

/* The draw record a client wrote last, while it may still grow into a
 * DRAW_MULTI or DRAW_UP_MULTI: where it starts and ends, the writer's
 * hand-over counter right after it, and what it draws with.  The record
 * may be amended while it is still the last thing written (end == cur)
 * and has not been handed on (sent unchanged). */
struct wire_draw_run {
    uint8_t *rec, *end;
    uint64_t sent;
    wire_handle block;
    uint32_t stride; /* DRAW_UP's; DRAW_INDEXED's base vertex */
    uint16_t op;     /* what it is now: DRAW, DRAW_MULTI, DRAW_UP, DRAW_UP_MULTI, DRAW_INDEXED */
    uint16_t count;  /* spans, for the multi records */
    /* Joining (wire_run_join): whether the last span may grow, where its
     * count lies in the record, the count, and the first vertex (stage
     * offset, first index) that continues it. */
    bool joins;
    uint8_t *tail;
    uint32_t tail_count;
    uint64_t next;
};

/* The record is still the writer's last, not handed on, of this block and
 * stride.  (end == cur and sent unchanged say no record came since: every
 * record moves cur, and a refill, the only way cur goes back, hands the
 * bytes on first.  The block is compared as one 64-bit word.) */
static inline bool wire_run_same(const struct wire_writer *w, const struct wire_draw_run *run,
                                 wire_handle block, uint32_t stride)
{
    uint64_t a, b;
    _Static_assert(sizeof(wire_handle) == 8, "a handle is one word");
    memcpy(&a, &run->block, 8);
    memcpy(&b, &block, 8);
    return run->end == w->cur && run->sent == w->sent && a == b && run->stride == stride;
}

static inline bool wire_run_open(const struct wire_writer *w, const struct wire_draw_run *run,
                                 wire_handle block, uint32_t stride, uint32_t room)
{
    return wire_run_same(w, run, block, stride) && run->count < WIRE_DRAW_MULTI_MAX &&
           (size_t)(w->end - w->cur) >= room;
}

/* A draw that continues the last span joins it: with a list topology
 * every primitive has vertices of its own, so draws of [a, b) and then
 * [b, c) with one state block draw, in the same order, what one draw of
 * [a, c) draws (strips and fans do not: their joint would make primitives
 * of its own).  The caller says whether this draw may join (`joins`: a
 * list, not instanced); the span's count grows in place and nothing more
 * travels.  `advance` is what `next` moves by (vertices, indices, or
 * DRAW_UP's bytes). */
static inline bool wire_run_join(const struct wire_writer *w, struct wire_draw_run *run,
                                 bool joins, wire_handle block, uint32_t stride,
                                 uint64_t first, uint32_t count, uint32_t advance)
{
    if (!joins || !run->joins || first != run->next ||
        count > WIRE_MAX_DRAW_VERTICES - run->tail_count || !wire_run_same(w, run, block, stride))
        return false;
    run->tail_count += count;
    memcpy(run->tail, &run->tail_count, 4);
    run->next += advance;
    return true;
}

/* After a span was written at `tail` (its count first). */
static inline void wire_run_tail(struct wire_draw_run *run, bool joins, uint8_t *tail,
                                 uint32_t count, uint64_t next)
{
    run->joins = joins;
    run->tail = tail;
    run->tail_count = count;
    run->next = next;
}

/* The open record, a single draw of `single_bytes`, rewritten in place as
 * `multi` of its span and `span` (40 bytes); the head's last word is
 * `word` (DRAW_MULTI's reserved 0, DRAW_UP_MULTI's stride). */
static inline void wire_run_widen(struct wire_writer *w, struct wire_draw_run *run,
                                  uint16_t multi, uint32_t single_bytes, uint32_t word,
                                  const void *first, const void *span)
{
    struct wire_header h = {multi, 0, 32};
    uint32_t head[2] = {2, word};
    memcpy(run->rec, &h, 8);
    memcpy(run->rec + 16, head, 8); /* the block stays where it was */
    memcpy(run->rec + 24, first, 8);
    memcpy(run->rec + 32, span, 8);
    w->op_records[run->op]--;
    w->op_bytes[run->op] -= single_bytes;
    w->op_records[multi]++;
    w->op_bytes[multi] += 40;
    w->bytes += 40 - single_bytes;
    w->cur = run->end = run->rec + 40;
    run->op = multi;
    run->count = 2;
}

/* One more span at the end of the open multi record. */
static inline void wire_run_append(struct wire_writer *w, struct wire_draw_run *run,
                                   const void *span)
{
    uint32_t count = (uint32_t)run->count + 1, size = 16 + 8 * count;
    memcpy(w->cur, span, 8);
    memcpy(run->rec + 4, &size, 4);
    memcpy(run->rec + 16, &count, 4);
    w->cur = run->end = w->cur + 8;
    w->bytes += 8;
    w->op_bytes[run->op] += 8;
    run->count = (uint16_t)count;
}

static inline void wire_run_start(struct wire_writer *w, struct wire_draw_run *run,
                                  uint16_t op, uint32_t bytes, wire_handle block,
                                  uint32_t stride)
{
    run->end = w->cur;
    run->rec = w->cur - bytes;
    run->sent = w->sent;
    run->block = block;
    run->stride = stride;
    run->op = op;
    run->count = 1;
}

/* Emits a draw: appended to the open DRAW or DRAW_MULTI of the same block
 * (wire_run_open), a new DRAW otherwise. */
static inline bool wire_emit_draw_merged(struct wire_writer *w, struct wire_draw_run *run,
                                         const struct wire_draw *d, bool joins)
{
    struct wire_draw_span span = {d->vertex_count, d->first_vertex};
    uint64_t next = (uint64_t)d->first_vertex + d->vertex_count;
    if ((run->op == WIRE_OP_DRAW || run->op == WIRE_OP_DRAW_MULTI) &&
        wire_run_join(w, run, joins, d->block, 0, d->first_vertex, d->vertex_count,
                      d->vertex_count))
        return true;
    if (run->op == WIRE_OP_DRAW_MULTI && wire_run_open(w, run, d->block, 0, 8)) {
        wire_run_append(w, run, &span);
    } else if (run->op == WIRE_OP_DRAW && wire_run_open(w, run, d->block, 0, 16)) {
        uint8_t first[8];
        memcpy(first, run->rec + 16, 8); /* DRAW's vertex count (joined in place) and first vertex */
        wire_run_widen(w, run, WIRE_OP_DRAW_MULTI, 24, 0, first, &span);
    } else {
        if (!wire_emit_DRAW(w, d))
            return false;
        wire_run_start(w, run, WIRE_OP_DRAW, 8 + sizeof(*d), d->block, 0);
    }
    wire_run_tail(run, joins, run->end - 8, d->vertex_count, next);
    return true;
}

/* The same for DRAW_UP: one block and one stride; a draw joins the last
 * span when its vertices follow that span's in the stage ring. */
static inline bool wire_emit_draw_up_merged(struct wire_writer *w, struct wire_draw_run *run,
                                            const struct wire_draw_up *d, bool joins)
{
    struct wire_draw_up_span span = {d->vertex_count, d->stage_offset};
    uint32_t bytes = d->vertex_count * d->stride;
    if ((run->op == WIRE_OP_DRAW_UP || run->op == WIRE_OP_DRAW_UP_MULTI) &&
        wire_run_join(w, run, joins, d->block, d->stride, d->stage_offset, d->vertex_count,
                      bytes))
        return true;
    if (run->op == WIRE_OP_DRAW_UP_MULTI && wire_run_open(w, run, d->block, d->stride, 8)) {
        wire_run_append(w, run, &span);
    } else if (run->op == WIRE_OP_DRAW_UP && wire_run_open(w, run, d->block, d->stride, 8)) {
        struct wire_draw_up one;
        struct wire_draw_up_span first;
        memcpy(&one, run->rec + 8, sizeof(one)); /* its count joined in place */
        first = (struct wire_draw_up_span){one.vertex_count, one.stage_offset};
        wire_run_widen(w, run, WIRE_OP_DRAW_UP_MULTI, 32, d->stride, &first, &span);
    } else {
        if (!wire_emit_DRAW_UP(w, d))
            return false;
        wire_run_start(w, run, WIRE_OP_DRAW_UP, 8 + sizeof(*d), d->block, d->stride);
    }
    /* The new span's count: DRAW_UP's at rec + 16, a multi's last span's. */
    wire_run_tail(run, joins, run->op == WIRE_OP_DRAW_UP ? run->rec + 16 : run->end - 8,
                  d->vertex_count, (uint64_t)d->stage_offset + bytes);
    return true;
}

/* DRAW_INDEXED, not instanced: a draw of the next indices with the same
 * block and base vertex joins the last one (no multi record: the run is
 * the one record). */
static inline bool wire_emit_draw_indexed_joined(struct wire_writer *w,
                                                 struct wire_draw_run *run,
                                                 const struct wire_draw_indexed *d, bool joins)
{
    joins = joins && !d->instance_count && !d->first_instance;
    if (run->op == WIRE_OP_DRAW_INDEXED &&
        wire_run_join(w, run, joins, d->block, (uint32_t)d->base_vertex, d->first_index,
                      d->index_count, d->index_count))
        return true;
    if (!wire_emit_DRAW_INDEXED(w, d))
        return false;
    wire_run_start(w, run, WIRE_OP_DRAW_INDEXED, 8 + sizeof(*d), d->block,
                   (uint32_t)d->base_vertex);
    wire_run_tail(run, joins, run->rec + 16, d->index_count,
                  (uint64_t)d->first_index + d->index_count);
    return true;
}

/* ---- the decoder ---- */

/* The decoder walks a span of records.  It copies each payload into an
 * aligned buffer of its own before anything looks at it (the span may be
 * shared memory the client can still write), checks opcode, size and flags,
 * and calls the handler named after the record.  The handlers return false to
 * make the context fatal; they set the reason through wire_decoder_fail. */
struct wire_decoder {
    bool fatal;
    uint32_t status; /* enum wire_status of the failure */
    uint16_t fail_op;
    uint64_t record_index; /* records decoded so far */
    char reason[160];
    uint64_t payload[(NR_MAX(sizeof(struct wire_create_state_block),
                             NR_MAX(sizeof(struct wire_draw_multi),
                                    sizeof(struct wire_draw_up_multi))) + 7) / 8 + 1];
};

void wire_decoder_fail(struct wire_decoder *d, uint32_t status,
                       const char *fmt, ...) NR_PRINTF(3, 4);

/* The handler table, one entry per record, derived from the description. */
struct wire_handlers {
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    bool (*NAME)(void *ctx, const struct type *p, uint32_t size);
#include "wire/wire_records.def"
#undef WIRE_RECORD
};

/* Decodes whole records from [data, data + size).  Returns the number of
 * bytes consumed (whole records only; a trailing partial record is left for
 * the next call when partial_ok, and is fatal otherwise).  On a fatal error
 * d->fatal is set and the return value is where decoding stopped. */
size_t wire_decode(struct wire_decoder *d, const struct wire_handlers *h,
                   void *ctx, const uint8_t *data, size_t size, bool partial_ok);

/* ---- session handshake (outside the rings) ---- */

struct wire_caps {
    char device_name[256];
    uint32_t vendor_id, device_id, driver_version, api_version;
    uint32_t device_type; /* VkPhysicalDeviceType value */
    uint32_t max_texture_extent;
    uint64_t device_memory_bytes;
    uint32_t format_features[128]; /* indexed by enum wire_format */
    /* The sample counts (VkSampleCountFlags: bit n is 2^n samples) a 2D
     * target of the format may have, as a colour or depth target. */
    uint32_t format_samples[128];
    /* The counts of those a target that is sampled too may have (its
     * samples read one by one: WIRE_TEX_2D_MS views; 0 where the device
     * cannot, or has no null descriptors for an empty such slot). */
    uint32_t format_load_samples[128];
    uint32_t max_color_targets;
    uint32_t max_anisotropy;
    uint32_t max_uniform_bytes;
    uint32_t features; /* enum wire_device_features */
    /* The constant depth-bias factor (vkCmdSetDepthBias) that moves depth
     * by 1.0 in D16_UNORM and D24_UNORM_S8_UINT, as the server measured
     * it on this device; 0: not measured, take 2^n - 1. */
    float depth_bias_units[2];
    /* Timestamp queries' ticks a second; 0 without WIRE_DEVFEAT_TIMESTAMP_QUERY. */
    uint64_t timestamp_hz;
    /* Texel buffers (SET_TEXEL_BUFFER): the offsets a view may start at
     * are multiples of texel_buffer_align bytes; a view has at most
     * max_texel_elements texels. */
    uint32_t texel_buffer_align;
    uint32_t max_texel_elements;
    /* Stream output (WIRE_DEVFEAT_STREAM_OUTPUT): the largest stride of a
     * target (at most WIRE_MAX_SO_STRIDE; lavapipe's is 512). */
    uint32_t max_so_stride;
    /* Vertex attributes (their locations) and bindings a state block may
     * have: the device's, at most WIRE_MAX_VERTEX_ATTRS. */
    uint32_t max_vertex_inputs;
};
_Static_assert(WIRE_FORMAT_COUNT <= 128, "wire_caps.format_features too small");

enum wire_device_features {
    WIRE_DEVFEAT_CUSTOM_BORDER = 1u << 0,
    WIRE_DEVFEAT_MIRROR_ONCE = 1u << 1,
    WIRE_DEVFEAT_FILL_NON_SOLID = 1u << 2,
    WIRE_DEVFEAT_CLIP_DISTANCE = 1u << 3,
    WIRE_DEVFEAT_OCCLUSION_QUERY = 1u << 4, /* QUERY with WIRE_QUERY_OCCLUSION */
    WIRE_DEVFEAT_DEPTH_CLAMP = 1u << 5,     /* wire_create_state_block.depth_clamp */
    WIRE_DEVFEAT_TIMESTAMP_QUERY = 1u << 6, /* QUERY with WIRE_QUERY_TIMESTAMP */
    WIRE_DEVFEAT_DXBC = 1u << 7, /* CREATE_SHADER from WIRE_SHADER_DXBC (the server's translator) */
    /* D3D9's modules sample through the texture table (shader/binding.h's
     * set 2): texture changes between draws change no device state. */
    WIRE_DEVFEAT_TEXTURE_TABLE = 1u << 8,
    /* Compute shaders and storage (DISPATCH, SET_STORAGE, FILL_TEXELS):
     * the device writes storage from fragment shaders and storage images
     * of any format (fragmentStoresAndAtomics,
     * shaderStorageImageWriteWithoutFormat). */
    WIRE_DEVFEAT_STORAGE = 1u << 9,
    /* Geometry shaders (geometryShader): WIRE_STAGE_GEOMETRY. */
    WIRE_DEVFEAT_GEOMETRY = 1u << 10,
    /* Stream output (VK_EXT_transform_feedback with transformFeedback and
     * geometryStreams' stream 0, draw-indirect-by-byte-count, queries):
     * CREATE_SO_SHADER, WIRE_BUF_STREAM_OUT, SET_SO_TARGETS, DRAW_AUTO,
     * WIRE_QUERY_SO_STATS.  Needs WIRE_DEVFEAT_GEOMETRY. */
    WIRE_DEVFEAT_STREAM_OUTPUT = 1u << 11,
    /* Tessellation (tessellationShader): WIRE_STAGE_HULL and
     * WIRE_STAGE_DOMAIN, WIRE_TOPOLOGY_PATCH_LIST. */
    WIRE_DEVFEAT_TESSELLATION = 1u << 12,
    /* Pipeline statistics (pipelineStatisticsQuery, hostQueryReset):
     * WIRE_QUERY_PIPELINE_STATS. */
    WIRE_DEVFEAT_PIPELINE_STATS = 1u << 13,
    /* Dual-source blending (dualSrcBlend): WIRE_SHADER_DXBC_DUAL_SOURCE and
     * the SRC1 blend factors. */
    WIRE_DEVFEAT_DUAL_SOURCE = 1u << 14,
    /* A depth bias's clamp (depthBiasClamp): set_dynamic_state's. */
    WIRE_DEVFEAT_DEPTH_BIAS_CLAMP = 1u << 15,
    /* Instance divisors other than 1, and of 0 (VK_EXT_vertex_attribute_
     * divisor): wire_create_state_block.divisors. */
    WIRE_DEVFEAT_INSTANCE_DIVISOR = 1u << 16,
    WIRE_DEVFEAT_ZERO_DIVISOR = 1u << 17,
    /* A draw may read a vertex binding that has no buffer (SET_VERTEX_BUFFER
     * of {0, 0}): its attributes read zeros, missing components (0, 0, 1),
     * as D3D10+ reads an unbound slot (robustness2's nullDescriptor). */
    WIRE_DEVFEAT_NULL_VERTEX_BUFFER = 1u << 18,
    /* Cube arrays (imageCubeArray): CUBE textures of 6n layers and
     * WIRE_TEX_CUBE_ARRAY views. */
    WIRE_DEVFEAT_CUBE_ARRAY = 1u << 19,
    /* Viewports and scissors past index 0 (multiViewport): geometry
     * programs writing the viewport index. */
    WIRE_DEVFEAT_MULTI_VIEWPORT = 1u << 20,
    /* Storage (UAVs) written from the vertex, tessellation and geometry
     * stages too (vertexPipelineStoresAndAtomics; with WIRE_DEVFEAT_STORAGE):
     * D3D11.1's UAVs at every stage. */
    WIRE_DEVFEAT_VERTEX_STORAGE = 1u << 21,
    /* Logic operations instead of blending (logicOp). */
    WIRE_DEVFEAT_LOGIC_OP = 1u << 22,
    /* Stream output of geometry programs writing streams 0-3 (D3D11's
     * Stream of each entry, its RasterizedStream; with
     * WIRE_DEVFEAT_STREAM_OUTPUT): wire_so_entry.stream,
     * wire_create_so_shader.rasterized and the streams a SO_STATS query
     * counts (wire_query.streams).  A server without it reads stream 0
     * only: a client sends none of these but 0 there. */
    WIRE_DEVFEAT_SO_STREAMS = 1u << 23,
};

/* The transport a hello asks for.  SHM_FILE (shm-tcp) is the shm rings in
 * a sealed memfd the server makes (opened through /proc), with the session and the doorbells
 * on the (TCP) socket: for clients that cannot pass a memfd, such as
 * d3d9.dll under Wine.  Its extra handshake frames only follow a hello that
 * asks for it, so a server that does not know it refuses it with "unknown
 * transport" and the client says so; the values of the others are
 * unchanged. */
enum wire_transport_kind {
    WIRE_TRANSPORT_INPROC,
    WIRE_TRANSPORT_SHM,
    WIRE_TRANSPORT_STREAM,
    WIRE_TRANSPORT_SHM_FILE,
};

struct wire_hello {
    uint32_t magic, version;
    uint64_t fingerprint;
    char client_name[64];
    uint32_t transport; /* enum wire_transport_kind */
    uint32_t cmd_ring_size, stage_ring_size, event_ring_count;
    uint32_t flags, reserved;
    /* The server's TCP token (NEREID_TCP_TOKEN_FILE), NUL-terminated; a
     * TCP session without the right one is refused.  Unix sessions need
     * none: the socket's mode admits only the server's user. */
    char token[64];
};

struct wire_welcome {
    uint32_t magic, status; /* enum wire_status */
    uint32_t version, context_id;
    uint64_t fingerprint;
    char reason[128];
    struct wire_caps caps;
};

/* An answer to a REPLY record.  seq counts REPLY records of the session. */
struct wire_reply {
    uint64_t seq;
    uint32_t status; /* enum wire_status */
    uint32_t reserved;
    uint64_t values[14];
};
_Static_assert(WIRE_QUERY_VALUE_COUNT <= 14, "a QUERY_RESULT's values fit a reply");

/* The values of a PING's reply: the server's counters for the context. */
enum wire_ping_value {
    WIRE_PING_COOKIE,
    WIRE_PING_VALIDATION_ERRORS, /* of the whole server process */
    WIRE_PING_RECORDS,
    WIRE_PING_MEMORY_BYTES,
    WIRE_PING_BUSY_NS,           /* decoding and recording, GPU waits excluded */
    WIRE_PING_DRAWS,
    WIRE_PING_DRAW_CALLS,        /* Vulkan draw commands (multi-draw merges) */
    WIRE_PING_PIPELINE_BINDS,
    WIRE_PING_PIPELINES_CREATED,
    WIRE_PING_SUBMITS,
    WIRE_PING_RENAMES,
    WIRE_PING_ORDERED_COPIES,
    WIRE_PING_SHADER_TRANSLATIONS, /* of the whole server: modules generated */
    WIRE_PING_SHADER_DISK_HITS,    /* of the whole server: read from its disk cache */
    WIRE_PING_VALUE_COUNT
};
_Static_assert(WIRE_PING_VALUE_COUNT <= 14, "the PING values fit a reply");
_Static_assert(WIRE_OPEN_VALUE_COUNT <= 14, "the OPEN_SHARED values fit a reply");

/* An error or the fatal reason of a record the client ran ahead of. */
struct wire_event {
    uint32_t kind; /* enum wire_event_kind */
    uint32_t status;
    uint16_t op;
    uint16_t reserved[3];
    uint64_t record_index;
    char reason[160];
};

static inline bool wire_handle_is_null(wire_handle h)
{
    return h.slot == 0 && h.gen == 0;
}

/* The client's handles of one object kind: a free list of slots, the
 * generation bumped at every reuse (slot 0 is "none").  alloc returns
 * {0, 0} when out of memory. */
struct wire_handle_pool {
    uint32_t *gens; /* by slot */
    size_t count, cap;
    uint32_t *free_slots;
    size_t free_count, free_cap;
};
wire_handle wire_handle_pool_alloc(struct wire_handle_pool *p);
void wire_handle_pool_free(struct wire_handle_pool *p, wire_handle h);
void wire_handle_pool_cleanup(struct wire_handle_pool *p); /* frees; empty again */

#endif
