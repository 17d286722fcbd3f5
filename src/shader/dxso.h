/* nereid: DXSO, the Direct3D 9 shader bytecode (vs_1_1, vs_2_0, vs_2_x,
 * vs_3_0, ps_1_1 .. ps_1_4, ps_2_0, ps_2_x, ps_3_0): a parser into an
 * in-memory IR, a disassembler, and a translator to SPIR-V.
 *
 * The bytecode is untrusted (it comes from the application).  dxso_parse()
 * never reads past the byte size it is given and refuses anything it does
 * not understand with a reason; dxso_to_spirv() refuses what it cannot
 * translate, the same way.  Register types, opcodes, modifiers and usages
 * in the IR keep Direct3D's own numbering (D3DSPR_*, D3DSIO_*, D3DSPSM_*
 * >> 24, D3DDECLUSAGE_*), so d3d9types.h is the reference for them.
 *
 * ------------------------------------------------------------------------
 * Interface of the generated SPIR-V (the front end relies on all of this;
 * descriptor set 0 and the bindings are those of shader/binding.h)
 * ------------------------------------------------------------------------
 *
 * Uniform buffer (binding 0 for vertex shaders, 1 for pixel shaders), a
 * Block in the Vulkan standard uniform-buffer (std140) layout.  Declared
 * only when the shader (or a fixed-function option) reads from it; the
 * members past the constants exist in the Block only when their option is
 * set, but the offsets are fixed, so a buffer of the full size below
 * serves every module.
 *
 *   vertex shader (DXSO_VS_UBO_SIZE = 4720 bytes)
 *     offset    0  vec4  c[256]   array stride 16   float constants
 *     offset 4096  ivec4 i[16]    array stride 16   integer constants
 *     offset 4352  uint  b[16]    array stride 16   bool constants (!= 0 is
 *                                                   true); std140 rounds the
 *                                                   stride of a scalar array
 *                                                   up to 16
 *     offset 4608  vec4  point    (D3DRS_POINTSIZE, D3DRS_POINTSIZE_MIN,
 *                                 D3DRS_POINTSIZE_MAX, 0): read only with
 *                                 dxso_spirv_options.force_point_size
 *                                 (ff_vs_constants.point's x, y, z)
 *     offset 4624  vec4  clip[6]  the user clip planes in clip space:
 *                                 read only with
 *                                 dxso_spirv_options.clip_planes
 *   pixel shader (DXSO_PS_UBO_SIZE = 4384 bytes)
 *     offset    0  vec4  c[224]   array stride 16
 *     offset 3584  ivec4 i[16]    array stride 16
 *     offset 3840  uint  b[16]    array stride 16
 *     offset 4096  vec4  bumpenv_mat[8]   (BUMPENVMAT00, 01, 10, 11) of
 *                                         texture stage s, for texbem,
 *                                         texbeml and bem
 *     offset 4224  vec4  bumpenv_lum[8]   (BUMPENVLSCALE, BUMPENVLOFFSET,
 *                                         0, 0) of stage s, for texbeml
 *     offset 4352  vec4  fog_color        D3DRS_FOGCOLOR as (r, g, b, a)
 *                                         floats (a unused), as
 *                                         ff_fs_constants.fog_color
 *     offset 4368  vec4  fog              (D3DRS_FOGSTART, D3DRS_FOGEND,
 *                                         D3DRS_FOGDENSITY, 1/(end - start),
 *                                         0 when end == start), as
 *                                         ff_fs_constants.fog
 *     fog_color and fog are read only when fixed-function fog applies
 *     (see "Fixed-function steps" below).
 *
 *   Constants the shader defines itself (def, defi, defb) are compiled in
 *   and override the buffer, also for relatively addressed reads.  A
 *   relatively addressed c[] read out of range reads (0, 0, 0, 0).
 *   ps_1_x reads of c# are clamped to [-1, 1] as D3D9 defines them.
 *
 * Samplers: combined image samplers, float sampled type, binding 2 + s
 * (pixel sampler s) or 18 + s (vertex sampler s, vs_3_0).  The image
 * dimension comes from dcl_2d / dcl_cube / dcl_volume (ps_2_0 and up,
 * vs_3_0) or, where the shader leaves it open (ps_1_x, or a sampler used
 * without dcl), from dxso_spirv_options.sampler_type[s] (default 2D).
 *
 * Vertex inputs: vec4 float at location = the v# register number, unless
 * dxso_spirv_options.input_location maps the dcl's (usage, usage index,
 * register) to another.  The front end binds each vertex element whose
 * (usage, index) matches a dcl (the D3DSIO_DCL records of dxso_shader.ins)
 * to that location.
 *
 * Varyings (vertex outputs and pixel inputs) are linked by (usage, usage
 * index) through one fixed table, dxso_varying_location(); every model
 * uses it, so any vertex shader links with any pixel shader:
 *
 *     COLOR 0, 1              locations 0, 1   (vs_1/2 oD0, oD1; ps_1/2 v0, v1)
 *     TEXCOORD 0 .. 7         locations 2 .. 9 (vs_1/2 oT#; ps_1/2 t#)
 *     FOG 0                   location 10, a float (vs_1/2 oFog; the .x of
 *                             a vs_3_0 dcl_fog output); a ps_3_0
 *                             dcl_fog input reads it into .x (yzw = 0);
 *                             with fog_vertex a ps_1_x/2_x blends with it
 *     NORMAL 0, 1             locations 11, 12
 *     TANGENT 0               location 13
 *     BINORMAL 0              location 14
 *     POSITION 1              location 15
 *     TEXCOORD 8 .. 15        locations 16 .. 23
 *     COLOR 2, 3              locations 24, 25
 *     BLENDWEIGHT 0           location 26
 *     BLENDINDICES 0          location 27
 *     TANGENT 1, BINORMAL 1   locations 28, 29
 *     DEPTH 0, SAMPLE 0       locations 30, 31
 *   Any other (usage, index) as a varying is refused.  Locations 16 and up
 *   need maxVertexOutputComponents / maxFragmentInputComponents >= 128
 *   (lavapipe and desktop GPUs have it; the guaranteed minimum is 64).
 *   vs_3_0: dcl_position (index 0) is the position and dcl_psize the
 *   point size, not varyings.  gl_PointSize is written when the
 *   shader writes oPts (vs_1/2) or declares dcl_psize (vs_3_0), and
 *   otherwise only with dxso_spirv_options.force_point_size (set it for
 *   point lists).
 *   A vs_1_x/2_x shader always writes COLOR 0/1,
 *   TEXCOORD 0..7 and FOG (what it does not write is 0, but COLOR 0,
 *   oD0, which starts (1, 1, 1, 1) as drivers show it), so any pixel
 *   shader's inputs are produced.  An unwritten oFog is 0 on purpose:
 *   fog factor 0 is all fog colour, which is what Windows drivers show
 *   for a vs_1_1 without oFog under vertex fog (the reference data of
 *   Wine's fog_with_shader_test, GeForce 7600GS: "fully fogged quad, no
 *   matter what the Z coord is"; a value the hardware leaves
 *   uninitialised, so other drivers may differ).  Several dcls may share one register
 *   with different masks (vs_3_0/ps_3_0 packing): each location carries
 *   the register's components in their own positions (components outside
 *   every dcl mask are 0 on both sides).  Colour outputs of
 *   vs_1/2 are saturated, as D3D9 clamps oD#.  dcl_*_centroid inputs are
 *   decorated Centroid.
 *
 * Push constants (binding.h's 128-byte block, visible to both stages):
 *   bytes 16..19 (DXSO_PUSH_ALPHA_REF_OFFSET), float: D3DRS_ALPHAREF & 0xff
 *   as a float 0..255 (ff_fs_constants.alpha_ref's x); read only by pixel
 *   shaders translated with alpha_func (see below).
 *   Vertex shaders read bytes 0..15:
 *   vec4 at offset 0 = (2/W, 2/H, unused, unused) where W, H are the D3D9
 *   viewport's Width and Height (the same values binding.h's
 *   screen_to_ndc carries for a viewport that covers the target).
 *   The vertex shader writes, from D3D9 clip-space oPos = (x, y, z, w):
 *       gl_Position = (x + w * pc.x / 2,  -y + w * pc.y / 2,  z,  w)
 *   that is x + w/W and -y + w/H: y is negated (D3D9 clip space has y up,
 *   Vulkan's viewport y down) and the position moves half a pixel right
 *   and down, because D3D9 samples pixels at integer window coordinates
 *   and Vulkan at half-integers.  z in [0, w] is the same in both.  The
 *   y flip reverses the winding seen by Vulkan, which the pipeline's
 *   frontFace must take into account.
 *
 * Pixel shader outputs: oC0..oC3 (r0 for ps_1_x) at locations 0..3, vec4;
 * oDepth (and texdepth / texm3x2depth) to FragDepth with DepthReplacing.
 * vPos is gl_FragCoord.xy - 0.5 (D3D9 pixel centres are integers); vFace
 * is +1 for front-facing, -1 for back-facing primitives.
 *
 * Fixed-function steps (dxso_spirv_options; all off by default).  D3D9
 * applies some fixed-function state around programmable shaders; the
 * front end sets these options from render states with the same values
 * and conventions as the fixed-function generator's keys (shader/ff.h,
 * struct ff_fs_key / ff_vs_key), and fills the same numbers (ff.h's
 * ff_fs_constants.fog_color / fog / alpha_ref, ff_vs_constants.point)
 * into the places documented above.  After the program, in this order:
 *  1. Fog (pixel shaders ps_1_1 .. ps_2_x only), on the rgb of oC0 (r0
 *     for ps_1_x):  C = f C + (1 - f) fog_color,  f saturated.
 *     fog_table_mode (D3DFOG_EXP 1, EXP2 2, LINEAR 3) per pixel from the
 *     depth d = gl_FragCoord.z, or with fog_w the eye w = 1/gl_FragCoord.w:
 *       LINEAR f = (end - d) / (end - start), EXP f = e^-(d density),
 *       EXP2 f = e^-(d density)^2;
 *     else fog_vertex: f = the interpolated FOG varying (location 10,
 *     the vertex shader's oFog).  D3D9 ignores D3DRS_FOGVERTEXMODE with
 *     a vertex shader (oFog is the factor) and ignores oFog under table
 *     fog (z or w is used): Wine's fog_with_shader_test reference data.
 *     ps_3_0 is never fogged, whatever the options say: "If fog rendering
 *     is desired, vs_3_0 and ps_3_0 shaders must implement fog. No fog
 *     calculations are done outside of the shaders" (Microsoft, Shader
 *     Model 3, "Fog, Depth, and Shading Mode Changes").  A vs_3_0 has no
 *     oFog either, so with one bound (software vertex processing with a
 *     ps_1/2) leave fog_vertex off: location 10 is then not written.
 *  2. Alpha test (every pixel shader model), on the alpha of oC0:
 *     round(saturate(a) * 255) compared with the push-constant reference
 *     by alpha_func (D3DCMP_NEVER 1 .. ALWAYS 8); a failing pixel is
 *     discarded with OpKill, or OpDemoteToHelperInvocation with
 *     use_demote.  Fog does not touch alpha, so the order of 1 and 2 is
 *     not observable.
 *  3. srgb_write: the rgb of every colour output (oC0..oC3; r0 for ps_1_x)
 *     saturated and converted from linear to sRGB, c <= 0.0031308 ?
 *     12.92 c : 1.055 c^(1/2.4) - 0.055; alpha unchanged.  This is exact
 *     without blending; D3D9 hardware blends in linear space, which only
 *     an _SRGB attachment view reproduces, so prefer one when blending.
 *  Without a write of oC0 (ps_2_0 and up), steps 1 and 2 do nothing.
 *  4. force_point_size: gl_PointSize = min(max(size, point.y), point.z),
 *     from the vertex uniform buffer's point vec4, with size the shader's
 *     oPts / dcl_psize output or, without one, point.x (the fixed-function
 *     pipeline's size and clamp without D3DRS_POINTSCALEENABLE).  D3D9
 *     clamps a shader's size to D3DRS_POINTSIZE_MIN/MAX as well.
 *
 * Numerics (D3D9's): rcp(0) = +inf, rsq uses |x| (rsq(0) = +inf), log and
 * logp use |x| (log(0) = -inf), pow(x, y) = pow(|x|, y), nrm of a zero
 * vector is 0, lit clamps the power to +-127.9961.  Scalar operations
 * (rcp, rsq, exp, log, expp, logp, pow, sincos) take the .w of the swizzled
 * source (the assembler requires a replicate swizzle, so this only matters
 * for hand-written streams).  mov to a0 in vs_1_1 floors, mova rounds to
 * nearest.  Loop and rep counts are clamped to [0, 255], the D3D9 maximum.
 * ps_1_x: results of arithmetic instructions are clamped to
 * [-max, max] with max = dxso_spirv_options.ps1x_max_value, by default 1
 * for ps_1_1..ps_1_3 and 8 for ps_1_4 (D3D9's MaxPixelShaderValue range),
 * not at all with FLT_MAX (what the front end sends and its caps report);
 * texture instructions are not clamped; texcoord saturates.
 * texkill uses OpKill (or OpDemoteToHelperInvocation, see the options);
 * in ps_1_x it tests the x, y, z of the register (of texture coordinate
 * set n for t# in ps_1_1..1_3), in ps_2_0 and up the components of its
 * write mask.  ps_1_x t# registers start as their texture coordinate set;
 * ps_1_x texture instructions use sampler stage = destination register
 * number, as D3D9 defines them.  Co-issued ps_1_x pairs read all sources
 * before either writes.
 */
#ifndef NEREID_SHADER_DXSO_H
#define NEREID_SHADER_DXSO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum dxso_shader_type { DXSO_VERTEX = 0, DXSO_PIXEL = 1 };

/* Limits the parser enforces. */
#define DXSO_MAX_INSTRUCTIONS 65536u /* records, dcl and def included */
#define DXSO_MAX_NESTING 32u         /* if/loop/rep depth */
#define DXSO_MAX_LOOP_NESTING 8u     /* loop/rep depth */
#define DXSO_MAX_LABELS 2048u

#define DXSO_VS_CONSTS 256u
#define DXSO_PS_CONSTS 224u
#define DXSO_VS_UBO_SIZE 4720u
#define DXSO_PS_UBO_SIZE 4384u
#define DXSO_UBO_INT_OFFSET(nconst) ((nconst)*16u)
#define DXSO_UBO_BOOL_OFFSET(nconst) ((nconst)*16u + 256u)
#define DXSO_PS_UBO_BUMPENV_MAT_OFFSET 4096u
#define DXSO_PS_UBO_BUMPENV_LUM_OFFSET 4224u
#define DXSO_PS_UBO_FOG_COLOR_OFFSET 4352u /* vec4 */
#define DXSO_PS_UBO_FOG_OFFSET 4368u       /* vec4 start, end, density, scale */
#define DXSO_VS_UBO_POINT_OFFSET 4608u     /* vec4 size, min, max, 0 */
#define DXSO_VS_UBO_CLIP_OFFSET 4624u      /* vec4 clip[6] */
#define DXSO_PUSH_ALPHA_REF_OFFSET 16u     /* float 0..255 */
#define DXSO_VARYING_FOG_LOCATION 10u
#define DXSO_MAX_VARYING_LOCATIONS 32u

/* Destination modifiers (D3DSPDM_* >> 20). */
#define DXSO_DSTMOD_SATURATE 0x1u
#define DXSO_DSTMOD_PP 0x2u
#define DXSO_DSTMOD_CENTROID 0x4u

/* Source modifiers: D3DSPSM_* >> 24. */
enum dxso_srcmod {
    DXSO_SRCMOD_NONE = 0,
    DXSO_SRCMOD_NEG = 1,
    DXSO_SRCMOD_BIAS = 2,
    DXSO_SRCMOD_BIASNEG = 3,
    DXSO_SRCMOD_SIGN = 4, /* _bx2 */
    DXSO_SRCMOD_SIGNNEG = 5,
    DXSO_SRCMOD_COMP = 6, /* 1 - x */
    DXSO_SRCMOD_X2 = 7,
    DXSO_SRCMOD_X2NEG = 8,
    DXSO_SRCMOD_DZ = 9,
    DXSO_SRCMOD_DW = 10,
    DXSO_SRCMOD_ABS = 11,
    DXSO_SRCMOD_ABSNEG = 12,
    DXSO_SRCMOD_NOT = 13,
};

/* Sampler dimensions: D3DSAMPLER_TEXTURE_TYPE >> 27 (0 = left open). */
enum dxso_sampler_type {
    DXSO_SAMPLER_UNKNOWN = 0,
    DXSO_SAMPLER_2D = 2,
    DXSO_SAMPLER_CUBE = 3,
    DXSO_SAMPLER_VOLUME = 4,
};

/* A relative address: a0.<component> (vs) or aL. */
struct dxso_reladdr {
    bool present;
    uint8_t type;      /* D3DSPR_ADDR or D3DSPR_LOOP */
    uint8_t component; /* 0..3: which component of a0 (0 for aL) */
};

struct dxso_dst {
    uint8_t type;       /* D3DSPR_* */
    uint8_t write_mask; /* bit 0 = x .. bit 3 = w */
    uint8_t modifiers;  /* DXSO_DSTMOD_* */
    int8_t shift;       /* ps_1_x result shift: -3 (_d8) .. 3 (_x8) */
    uint16_t index;
    struct dxso_reladdr rel; /* vs_3_0 o[aL] */
};

struct dxso_src {
    uint8_t type;     /* D3DSPR_* */
    uint8_t swizzle;  /* 2 bits a component, x in bits 0..1; 0xe4 = .xyzw */
    uint8_t modifier; /* enum dxso_srcmod */
    uint16_t index;
    struct dxso_reladdr rel;
};

/* One record of the stream: an instruction, a dcl or a def/defi/defb.
 * Comments are skipped and END ends the stream; neither is recorded. */
struct dxso_instruction {
    uint16_t opcode;  /* D3DSIO_* */
    uint8_t control;  /* bits 16..23: comparison (ifc, breakc, setp),
                         texld flags (1 = texldp, 2 = texldb) */
    bool coissue;     /* ps_1_x '+' */
    bool predicated;  /* SM2+ (p0.swz) prefix; see .predicate */
    uint8_t dst_count;
    uint8_t src_count;
    struct dxso_dst dst;
    struct dxso_src src[4];
    struct dxso_src predicate; /* type D3DSPR_PREDICATE; modifier NOT or 0 */
    /* dcl */
    uint8_t usage;        /* D3DDECLUSAGE_* */
    uint8_t usage_index;  /* 0..15 */
    uint8_t sampler_type; /* enum dxso_sampler_type, dcl of s# */
    /* def (4 float bit patterns), defi (4 int32), defb (value[0]) */
    uint32_t value[4];
    uint32_t token; /* word offset of the instruction token in the stream */
};

struct dxso_shader {
    enum dxso_shader_type type;
    uint8_t major, minor;   /* minor 1 is the _2_x profile */
    uint32_t version_token; /* the raw first token */
    struct dxso_instruction *ins;
    size_t ins_count;
    size_t token_count; /* words read, END included */
};

/* Scans a token stream for its END token without decoding it: the length
 * in bytes of the shader that starts at `tokens` (END included), reading
 * at most max_bytes.  0 when no END is found in range or the comment
 * structure runs past it.  For D3D9 entry points, which get no size:
 * Create*Shader(pFunction) calls this with what the caller can vouch for,
 * then dxso_parse() with the result. */
size_t dxso_scan_size(const void *tokens, size_t max_bytes);

/* Parses `size` bytes of DXSO (the version token first, then records up to
 * END; bytes after END are ignored).  On success fills *shader (release it
 * with dxso_shader_cleanup) and returns true.  On failure returns false,
 * leaves *shader empty (cleanup is still allowed) and writes a reason into
 * err (may be NULL), e.g. "token 12: unknown opcode 0x7f for ps_2_0". */
bool dxso_parse(const void *code, size_t size, struct dxso_shader *shader,
                char *err, size_t err_size)
    __attribute__((warn_unused_result));
void dxso_shader_cleanup(struct dxso_shader *shader);

/* Writes the conventional assembly text ("vs_3_0\ndcl_position v0\n
 * mad r0, c0, v0\n..."), one record a line, NUL-terminated when size > 0.
 * Returns the length the whole text needs (excluding the NUL), like
 * snprintf, so a caller may size a buffer with a first call. */
size_t dxso_disassemble(const struct dxso_shader *shader, char *buf,
                        size_t size);
/* The name of an opcode ("mad", "texm3x2pad", ...), or NULL if unknown. */
const char *dxso_opcode_name(uint16_t opcode);

/* The varying location of (usage, index), as the table above; -1 if none. */
int dxso_varying_location(unsigned usage, unsigned usage_index);

/* ---- translation to SPIR-V ---------------------------------------------- */

struct dxso_spirv_options {
    /* Image dimension of sampler s where the shader leaves it open
     * (ps_1_x; samplers used without dcl).  0 means 2D. */
    uint8_t sampler_type[16]; /* enum dxso_sampler_type */
    /* ps_1_1..ps_1_3 tex/texbem/...: D3DTTFF_PROJECTED of stage s, as the
     * count of coordinates (3 or 4): the lookup divides by coordinate
     * count - 1 (z or w).  0: not projected. */
    uint8_t ps1x_projected[8];
    /* ps_1_x range clamp of arithmetic results; 0 = the default (1 for
     * ps_1_1..1_3, 8 for ps_1_4). */
    float ps1x_max_value;
    /* texkill as OpDemoteToHelperInvocation (needs the Vulkan 1.3 feature
     * shaderDemoteToHelperInvocation enabled) instead of OpKill. */
    bool use_demote;
    /* Vertex input location of a dcl (usage, usage_index) on register
     * v<reg>; NULL means location = reg.  Must return 0..15. */
    unsigned (*input_location)(void *ctx, unsigned usage,
                               unsigned usage_index, unsigned reg);
    void *input_location_ctx;

    /* ---- fixed-function steps; see "Fixed-function steps" above.  The
     * values are those of shader/ff.h's keys; 0 / false = off. ---- */
    /* Pixel shaders: D3DRS_ALPHATESTENABLE ? D3DRS_ALPHAFUNC (D3DCMP_*,
     * 1..8) : 0, as ff_fs_key.alpha_func.  Reference: push constant
     * bytes 16..19.  Above 8 the translation is refused. */
    uint8_t alpha_func;
    /* ps_1_x/2_x: D3DRS_FOGENABLE && D3DRS_FOGTABLEMODE != NONE: that
     * mode (D3DFOG_EXP 1, EXP2 2, LINEAR 3), else 0; as
     * ff_fs_key.fog_table_mode.  Above 3 the translation is refused. */
    uint8_t fog_table_mode;
    /* ps_1_x/2_x: D3DRS_FOGENABLE && table mode NONE: blend with the FOG
     * varying (location 10); as ff_fs_key.fog_vertex. */
    bool fog_vertex;
    /* Table fog on eye w (1/gl_FragCoord.w) instead of device z
     * (gl_FragCoord.z); as ff_fs_key.fog_w. */
    bool fog_w;
    /* Pixel shaders: D3DRS_SRGBWRITEENABLE (colour outputs to sRGB). */
    bool srgb_write;
    /* Sampler s (pixel shaders s0..s15, vertex shaders s0..s3) has
     * D3DSAMP_SRGBTEXTURE: what it samples is decoded from sRGB (rgb, after
     * filtering). */
    uint16_t srgb_samplers;
    /* Vertex shaders: gl_PointSize from the uniform buffer's point vec4
     * when the shader writes none, and clamped by it when it does (see
     * "Fixed-function steps", 4). */
    bool force_point_size;
    /* Pixel shaders: D3DRS_POINTSPRITEENABLE: texture coordinate inputs
     * (t#, and ps_3_0 TEXCOORD inputs) read (PointCoord.xy, 0, 0);
     * ps_1_x projection is off. */
    bool point_sprite;
    /* Pixel shaders: sampler s holds a depth texture, which D3D9 drivers
     * sample as a shadow map: a 2D lookup compares the coordinate's z
     * (after texldp's division) with the stored depth, LESS_OR_EQUAL, and
     * returns the result (0 or 1, filtered) in every component.  The
     * sampler must compare (wire_create_sampler.compare). */
    uint16_t shadow_samplers;
    /* Vertex shaders: input registers v# no vertex element feeds; they
     * read (0, 0, 0, 0), as on current D3D9 drivers, and declare no input. */
    uint16_t zero_inputs;
    /* Pixel shaders (ps_3_0): varying locations (bit per location, see
     * dxso_varying_location) the vertex stage does not write; inputs there
     * read (0, 0, 0, 0) and declare no input (a fixed-function vertex
     * stage writes COLOR 0-1, TEXCOORD 0-7 and FOG only). */
    uint32_t unfed_varyings;
    /* Pixel shaders: D3DRS_SHADEMODE FLAT: the colour inputs (ps_1/2 v#,
     * ps_3_0 COLOR inputs) are not interpolated (Flat; the first vertex
     * provokes, as in D3D9). */
    bool flat_colors;
    /* Samplers are read through the texture table (binding.h's set 2,
     * shader/table.h) instead of set 0's bindings, and a vertex shader
     * passes the draw's bind set on.  The server's choice, not the
     * client's (it depends on the device). */
    bool texture_table;
    /* Vertex shaders: D3DRS_CLIPPLANEENABLE (bits 0-5): gl_ClipDistance of
     * each enabled plane, dot(position, plane) with the planes of the
     * uniform buffer's clip[], in clip space as D3D9 has them for
     * shaders. */
    uint8_t clip_planes;
};

/* Translates a parsed shader into a SPIR-V 1.3 module (entry point "main",
 * Vulkan 1.3 environment) with the interface documented above.  opts may
 * be NULL for the defaults.  On success *words is a malloc'd array of
 * *count words the caller frees.  On failure returns false, *words = NULL,
 * and err (may be NULL) says why, e.g. "instruction 7 (texldd): sampler s3
 * is a cube but texldd gradients ..." */
bool dxso_to_spirv(const struct dxso_shader *shader,
                   const struct dxso_spirv_options *opts, uint32_t **words,
                   size_t *count, char *err, size_t err_size)
    __attribute__((warn_unused_result));

#endif
