/* nereid: fixed-function shader generation.
 *
 * D3D9's fixed-function vertex and pixel pipelines are expressed as SPIR-V
 * generated with the builder in spv.h.  The front end reduces the state
 * that matters to a key (struct ff_vs_key, struct ff_fs_key), looks the key
 * up in its cache (the keys are plain bytes: hash and compare them with
 * memcmp), and on a miss calls ff_build_vs()/ff_build_fs().  Everything
 * that is only a number (matrices, colours, fog distances, alpha ref, ...)
 * lives in two uniform buffers whose layouts are given below as C structs,
 * so changing a number never changes a module.
 *
 * Unless a field says otherwise, key fields hold D3D9's own enum values
 * (D3DTOP_*, D3DTA_*, D3DFOG_*, D3DCMP_*, D3DMCS_*, D3DLIGHT_*, D3DTTFF_*),
 * truncated to a byte, so the front end copies state into them as is.  A
 * zeroed key is valid: no texture stages, no lighting, no fog.
 *
 * ---- Interface (see binding.h for the binding model) -----------------------
 *
 * Vertex inputs, one location per D3D9 FVF component (the front end binds
 * the vertex streams to these locations; missing components are simply not
 * declared by the module):
 *   0      position          vec4  XYZ/XYZBn: R32G32B32_SFLOAT (w = 1 from
 *                                  Vulkan's default); XYZW, XYZRHW: 4 floats
 *   1      blend weights     vec4  the float betas that are weights (1..4
 *                                  floats; a 5th float weight of XYZB5 is
 *                                  never used by D3D9 and need not be bound)
 *   2      blend indices     uvec4 R8G8B8A8_UINT for LASTBETA_UBYTE4, or
 *                            vec4  B8G8R8A8_UNORM for LASTBETA_D3DCOLOR
 *                                  (index i = component i * 255)
 *   3      normal            vec4  R32G32B32_SFLOAT (xyz used)
 *   4      point size        vec4  R32_SFLOAT (x used)
 *   5      diffuse           vec4  B8G8R8A8_UNORM (D3DCOLOR -> RGBA)
 *   6      specular          vec4  B8G8R8A8_UNORM
 *   7 + i  texcoord set i    vec4  1..4 floats as the FVF says; the module
 *                                  pads the missing components itself, as
 *                                  D3D9 does: (u,1,0,0), (u,v,1,0), (u,v,w,1)
 *
 * Varyings (vertex outputs = fragment inputs).  ff_build_vs() always
 * writes all of them, so any fragment module pairs with any vertex module:
 *   BuiltIn Position, BuiltIn PointSize,
 *   BuiltIn ClipDistance[n] (n = planes enabled, transformed vertices only)
 *   0      diffuse           vec4
 *   1      specular          vec4
 *   2 + s  texcoord of texture stage s (s < 8), vec4; when the stage's
 *          D3DTTFF_PROJECTED is set, w holds the divisor
 *   10     fog factor        float (1 = no fog, 0 = all fog colour)
 * Fragment output: location 0, vec4.
 *
 * Descriptor set 0: binding 0 = struct ff_vs_constants (vertex),
 * binding 1 = struct ff_fs_constants (fragment), binding 2 + s = the
 * combined image sampler of texture stage s (2D, cube or 3D per the key).
 *
 * Push constants: only bytes 0..15, as binding.h defines them:
 *   vec4 screen_to_ndc = (2/W, 2/H, 1/W - 1, 1/H - 1)
 * where W, H are the width and height of the Vulkan viewport of the draw.
 *  - Pre-transformed (XYZRHW) vertices: w = rhw != 0 ? 1/rhw : 1,
 *      Position = ((x*2/W + 1/W - 1) * w, (y*2/H + 1/H - 1) * w, z * w, w):
 *    screen pixels to Vulkan NDC, D3D9's integer pixel centres landing on
 *    Vulkan's half-integer ones.  x, y are relative to the viewport origin
 *    (the front end folds a viewport offset into bytes 8..15 if the Vulkan
 *    viewport does not start where the pixel coordinates do).
 *  - Transformed vertices: c = clip position from D3D9's projection
 *    (x, y in [-w, w], y up, z in [0, w]).  D3D9 samples pixel centres at
 *    integer window coordinates, Vulkan at half-integers, so the image
 *    must move by +0.5 pixel in x and in y (down): in D3D9 clip units that
 *    is (+w/W, -w/H) before the y flip.  After the flip:
 *      Position = (c.x + w * (2/W)/2,  -c.y + w * (2/H)/2,  c.z,  c.w)
 *    reading bytes 0..7 (2/W, 2/H) only.  z is already Vulkan's [0, w].
 * Bytes 16..127 are not used by these modules.
 *
 * Each builder returns a malloc'd SPIR-V 1.3 module in *words (*count
 * words) which the caller frees, or false (with *words = NULL) on failure
 * (allocation, or a key out of range).
 */
#ifndef NEREID_SHADER_FF_H
#define NEREID_SHADER_FF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FF_MAX_LIGHTS 8
#define FF_MAX_STAGES 8
#define FF_MAX_TEXCOORDS 8
#define FF_MAX_CLIP_PLANES 6
/* Non-indexed vertex blending uses blend matrices 0..3 (D3DTS_WORLD ..
 * D3DTS_WORLD3).  Indexed blending (D3DRS_INDEXEDVERTEXBLENDENABLE) reads
 * D3DTS_WORLDMATRIX(0..255): caps MaxVertexBlendMatrixIndex = 255.  The
 * full struct ff_vs_constants is then ~30 KiB, above Vulkan's guaranteed
 * maxUniformBufferRange of 16 KiB (every desktop driver and lavapipe give
 * 64 KiB); a device below sizeof(struct ff_vs_constants) must report
 * MaxVertexBlendMatrixIndex = 0 (no indexed blending). */
#define FF_MAX_BLEND_MATRICES 4
#define FF_MAX_INDEXED_MATRICES 256

/* Vertex input locations (see above). */
#define FF_LOC_POSITION 0
#define FF_LOC_BLENDWEIGHT 1
#define FF_LOC_BLENDINDICES 2
#define FF_LOC_NORMAL 3
#define FF_LOC_PSIZE 4
#define FF_LOC_DIFFUSE 5
#define FF_LOC_SPECULAR 6
#define FF_LOC_TEXCOORD0 7
/* Varying locations. */
#define FF_VARYING_DIFFUSE 0
#define FF_VARYING_SPECULAR 1
#define FF_VARYING_TEXCOORD0 2
#define FF_VARYING_FOG 10

/* ff_vs_key.position: the position part of the FVF. */
enum ff_position_type {
    FF_POS_XYZ = 0,    /* D3DFVF_XYZ */
    FF_POS_XYZRHW = 1, /* D3DFVF_XYZRHW: pre-transformed */
    FF_POS_XYZW = 2,   /* D3DFVF_XYZW */
    FF_POS_XYZB1 = 3,  /* D3DFVF_XYZB1 .. D3DFVF_XYZB5: FF_POS_XYZB1 + n-1 */
    FF_POS_XYZB2 = 4,
    FF_POS_XYZB3 = 5,
    FF_POS_XYZB4 = 6,
    FF_POS_XYZB5 = 7,
};

/* ff_vs_key.last_beta (only with XYZBn): the last beta holds the blend
 * indices instead of a weight. */
enum ff_last_beta {
    FF_LASTBETA_NONE = 0,
    FF_LASTBETA_UBYTE4 = 1,   /* D3DFVF_LASTBETA_UBYTE4 */
    FF_LASTBETA_D3DCOLOR = 2, /* D3DFVF_LASTBETA_D3DCOLOR */
};

/* D3DLIGHTTYPE. */
enum ff_light_type {
    FF_LIGHT_POINT = 1,
    FF_LIGHT_SPOT = 2,
    FF_LIGHT_DIRECTIONAL = 3,
};

/* D3DFOGMODE. */
enum ff_fog_mode {
    FF_FOG_NONE = 0,
    FF_FOG_EXP = 1,
    FF_FOG_EXP2 = 2,
    FF_FOG_LINEAR = 3,
};

/* D3DMATERIALCOLORSOURCE. */
enum ff_material_source {
    FF_MCS_MATERIAL = 0,
    FF_MCS_COLOR1 = 1,
    FF_MCS_COLOR2 = 2,
};

/* D3DTSS_TCI_* >> 16. */
enum ff_tci {
    FF_TCI_PASSTHRU = 0,
    FF_TCI_CAMERASPACENORMAL = 1,
    FF_TCI_CAMERASPACEPOSITION = 2,
    FF_TCI_CAMERASPACEREFLECTIONVECTOR = 3,
    FF_TCI_SPHEREMAP = 4,
};

/* ff_fs_stage.texture: what is bound to the stage's sampler. */
enum ff_texture_type {
    FF_TEX_NONE = 0,
    FF_TEX_2D = 1,
    FF_TEX_CUBE = 2,
    FF_TEX_3D = 3, /* volume texture */
};

/* D3DTEXTUREOP, D3DTA_*, D3DCMPFUNC, D3DTTFF_* values the generator uses. */
enum ff_top {
    FF_TOP_DISABLE = 1,
    FF_TOP_SELECTARG1 = 2,
    FF_TOP_SELECTARG2 = 3,
    FF_TOP_MODULATE = 4,
    FF_TOP_MODULATE2X = 5,
    FF_TOP_MODULATE4X = 6,
    FF_TOP_ADD = 7,
    FF_TOP_ADDSIGNED = 8,
    FF_TOP_ADDSIGNED2X = 9,
    FF_TOP_SUBTRACT = 10,
    FF_TOP_ADDSMOOTH = 11,
    FF_TOP_BLENDDIFFUSEALPHA = 12,
    FF_TOP_BLENDTEXTUREALPHA = 13,
    FF_TOP_BLENDFACTORALPHA = 14,
    FF_TOP_BLENDTEXTUREALPHAPM = 15,
    FF_TOP_BLENDCURRENTALPHA = 16,
    FF_TOP_PREMODULATE = 17,
    FF_TOP_MODULATEALPHA_ADDCOLOR = 18,
    FF_TOP_MODULATECOLOR_ADDALPHA = 19,
    FF_TOP_MODULATEINVALPHA_ADDCOLOR = 20,
    FF_TOP_MODULATEINVCOLOR_ADDALPHA = 21,
    FF_TOP_BUMPENVMAP = 22,
    FF_TOP_BUMPENVMAPLUMINANCE = 23,
    FF_TOP_DOTPRODUCT3 = 24,
    FF_TOP_MULTIPLYADD = 25,
    FF_TOP_LERP = 26,
};
#define FF_TA_SELECTMASK 0x0f
#define FF_TA_DIFFUSE 0x00
#define FF_TA_CURRENT 0x01
#define FF_TA_TEXTURE 0x02
#define FF_TA_TFACTOR 0x03
#define FF_TA_SPECULAR 0x04
#define FF_TA_TEMP 0x05
#define FF_TA_CONSTANT 0x06
#define FF_TA_COMPLEMENT 0x10
#define FF_TA_ALPHAREPLICATE 0x20
#define FF_TTFF_COUNT_MASK 0x07 /* in ff_vs_key.tex_transform */
#define FF_TTFF_PROJECTED 0x80  /* D3DTTFF_PROJECTED (256) folded to a byte */
enum ff_cmp {
    FF_CMP_NEVER = 1,
    FF_CMP_LESS = 2,
    FF_CMP_EQUAL = 3,
    FF_CMP_LESSEQUAL = 4,
    FF_CMP_GREATER = 5,
    FF_CMP_NOTEQUAL = 6,
    FF_CMP_GREATEREQUAL = 7,
    FF_CMP_ALWAYS = 8,
};

/* The vertex pipeline key.  72 bytes, every field a byte, no padding. */
struct ff_vs_key {
    /* -- vertex layout (the FVF, or the declaration's equivalent) -- */
    uint8_t position;      /* enum ff_position_type */
    uint8_t last_beta;     /* enum ff_last_beta (XYZBn only) */
    uint8_t has_normal;    /* D3DFVF_NORMAL */
    uint8_t has_psize;     /* D3DFVF_PSIZE */
    uint8_t has_diffuse;   /* D3DFVF_DIFFUSE */
    uint8_t has_specular;  /* D3DFVF_SPECULAR */
    uint8_t texcoord_count; /* D3DFVF_TEXn: 0..8 sets */
    /* 1..4 per set < count; 0 for a set beyond the count or one the
     * declaration skips (it reads (0, 0, 0, 1) and has no input). */
    uint8_t texcoord_dim[FF_MAX_TEXCOORDS];

    /* -- transform -- */
    /* Matrices blended: 0 = D3DVBF_DISABLE (world matrix 0 only);
     * 1 = D3DVBF_0WEIGHTS, 2..4 = D3DVBF_1WEIGHTS..D3DVBF_3WEIGHTS
     * (weights + 1).  D3DVBF_TWEENING is not supported. */
    uint8_t blend_matrices;
    uint8_t indexed_blend; /* D3DRS_INDEXEDVERTEXBLENDENABLE */

    /* -- lighting (ignored for pre-transformed vertices) -- */
    uint8_t lighting;          /* D3DRS_LIGHTING */
    uint8_t light_count;       /* active lights, 0..8, packed from 0 */
    uint8_t light_type[FF_MAX_LIGHTS]; /* enum ff_light_type, < light_count */
    uint8_t local_viewer;      /* D3DRS_LOCALVIEWER */
    uint8_t normalize_normals; /* D3DRS_NORMALIZENORMALS */
    uint8_t color_vertex;      /* D3DRS_COLORVERTEX */
    uint8_t diffuse_source;    /* D3DRS_DIFFUSEMATERIALSOURCE (D3DMCS) */
    uint8_t ambient_source;    /* D3DRS_AMBIENTMATERIALSOURCE */
    uint8_t specular_source;   /* D3DRS_SPECULARMATERIALSOURCE */
    uint8_t emissive_source;   /* D3DRS_EMISSIVEMATERIALSOURCE */
    uint8_t specular_enable;   /* D3DRS_SPECULARENABLE */

    /* -- fog -- */
    uint8_t fog_enable;      /* D3DRS_FOGENABLE */
    uint8_t fog_vertex_mode; /* D3DRS_FOGVERTEXMODE (enum ff_fog_mode) */
    uint8_t fog_table_mode;  /* D3DRS_FOGTABLEMODE: when not NONE the fog is
                                per pixel and the vertex factor is unused */
    uint8_t range_fog;       /* D3DRS_RANGEFOGENABLE */

    /* -- points -- */
    uint8_t point_scale; /* D3DRS_POINTSCALEENABLE */

    /* -- texture coordinates, per texture stage -- */
    uint8_t tex_coord_index[FF_MAX_STAGES]; /* D3DTSS_TEXCOORDINDEX & 0xffff */
    uint8_t tex_gen[FF_MAX_STAGES];         /* D3DTSS_TEXCOORDINDEX >> 16 */
    /* D3DTSS_TEXTURETRANSFORMFLAGS: count (D3DTTFF_COUNT1..4, 0 = DISABLE)
     * | FF_TTFF_PROJECTED when D3DTTFF_PROJECTED is set. */
    uint8_t tex_transform[FF_MAX_STAGES];

    /* -- clipping -- */
    uint8_t clip_plane_mask; /* D3DRS_CLIPPLANEENABLE & 0x3f */

    uint8_t reserved[7]; /* zero */
};

/* One texture stage of the pixel pipeline key. */
struct ff_fs_stage {
    uint8_t color_op;   /* D3DTSS_COLOROP (D3DTOP); DISABLE ends the cascade */
    uint8_t color_arg0; /* D3DTSS_COLORARG0 (D3DTA incl. modifiers) */
    uint8_t color_arg1;
    uint8_t color_arg2;
    uint8_t alpha_op; /* D3DTSS_ALPHAOP */
    uint8_t alpha_arg0;
    uint8_t alpha_arg1;
    uint8_t alpha_arg2;
    uint8_t result_temp; /* D3DTSS_RESULTARG == D3DTA_TEMP (else CURRENT) */
    uint8_t texture;     /* enum ff_texture_type of the bound texture */
    uint8_t projected;   /* D3DTSS_TEXTURETRANSFORMFLAGS has PROJECTED */
    uint8_t srgb;        /* D3DSAMP_SRGBTEXTURE: rgb decoded from sRGB */
};

/* The pixel pipeline key.  104 bytes, every field a byte, no padding. */
struct ff_fs_key {
    struct ff_fs_stage stage[FF_MAX_STAGES];
    uint8_t specular_enable; /* D3DRS_SPECULARENABLE: add specular */
    /* D3DRS_FOGENABLE && D3DRS_FOGTABLEMODE != NONE: per-pixel fog of that
     * mode; else 0. */
    uint8_t fog_table_mode;
    /* D3DRS_FOGENABLE && table mode NONE: blend with the vertex factor. */
    uint8_t fog_vertex;
    /* Table fog depth: 1 = eye-relative w (1 / gl_FragCoord.w), set when
     * the projection matrix's 4th column is not (0,0,0,1), as D3D9 picks
     * w-fog then; 0 = device z (gl_FragCoord.z).  Pre-transformed draws
     * pass w = 1/rhw, so both work for them too. */
    uint8_t fog_w;
    uint8_t alpha_func;   /* D3DRS_ALPHATESTENABLE ? D3DRS_ALPHAFUNC : 0 */
    uint8_t flat_shade;   /* D3DRS_SHADEMODE == D3DSHADE_FLAT */
    uint8_t point_sprite; /* D3DRS_POINTSPRITEENABLE: texcoords = PointCoord */
    uint8_t srgb_write;   /* D3DRS_SRGBWRITEENABLE: rgb written as sRGB */
};

/* ---- uniform buffers ---------------------------------------------------
 *
 * Matrices are D3DMATRIX as stored by D3D9 (16 floats, _11 _12 .. _44,
 * row by row); the shaders declare them column-major, so each D3D9 row is
 * a SPIR-V column and M * v in SPIR-V is D3D9's row-vector v * M.  Copy
 * them with memcpy.  Colours are D3DCOLORVALUE (r, g, b, a) floats; a
 * D3DCOLOR render state becomes (R/255, G/255, B/255, A/255).
 *
 * Everything the vertex shader works with is in camera (view) space: the
 * front end pre-multiplies world and view, transforms the lights and the
 * clip planes, as listed per field. */

struct ff_light {                   /* 112 bytes */
    float diffuse[4];               /*  +0 D3DLIGHT9.Diffuse */
    float specular[4];              /* +16 D3DLIGHT9.Specular */
    float ambient[4];               /* +32 D3DLIGHT9.Ambient */
    float position[4];              /* +48 xyz: Position * view; w: Range */
    float direction[4];             /* +64 xyz: Direction * view (3x3), need
                                        not be normalized; w unused */
    float attenuation[4];           /* +80 Attenuation0, 1, 2; w unused */
    float spot[4];                  /* +96 cos(Theta/2), cos(Phi/2),
                                        Falloff; w unused */
};

struct ff_blend_matrix {            /* 112 bytes */
    float world_view[16];           /*  +0 D3DTS_WORLDMATRIX(i) * view */
    /* +64 the normal matrix: the upper 3x3 of inverse(world_view)
     * transposed (D3D9's "inverse transpose of the world-view matrix"),
     * its three rows, each padded to 4 floats (std140 mat3). */
    float normal[3][4];
};

struct ff_vs_constants {            /* binding 0 */
    float projection[16];           /*    0 D3DTS_PROJECTION */
    float material_diffuse[4];      /*   64 D3DMATERIAL9 */
    float material_ambient[4];      /*   80 */
    float material_specular[4];     /*   96 */
    float material_emissive[4];     /*  112 */
    float material_power[4];        /*  128 x: Power */
    float global_ambient[4];        /*  144 D3DRS_AMBIENT */
    /* 160 vertex fog: D3DRS_FOGSTART, D3DRS_FOGEND, D3DRS_FOGDENSITY,
     * 1/(end - start) (0 when end == start). */
    float fog[4];
    /* 176 D3DRS_POINTSIZE, D3DRS_POINTSIZE_MIN, D3DRS_POINTSIZE_MAX,
     * viewport height in pixels (for point scale). */
    float point[4];
    float point_scale[4];           /*  192 D3DRS_POINTSCALE_A, _B, _C, 0 */
    /* 208 enabled clip planes, packed in plane index order (plane i of
     * D3DRS_CLIPPLANEENABLE goes to the k-th slot where k = enabled planes
     * below i), in camera space: D3D9's world-space plane p becomes
     * p * transpose(inverse(view)), (D3DXPlaneTransform with the inverse
     * transpose of the view). */
    float clip_plane[FF_MAX_CLIP_PLANES][4];
    float texture_matrix[FF_MAX_STAGES][16]; /* 304 D3DTS_TEXTURE0..7 */
    struct ff_light light[FF_MAX_LIGHTS];    /* 816, active lights packed */
    /* 1712 D3DTS_WORLDMATRIX(i) (i < 4 without indexed blending). */
    struct ff_blend_matrix blend[FF_MAX_INDEXED_MATRICES];
};                                  /* 30384 bytes */

/* Bytes of struct ff_vs_constants a module built from key k reads: bind
 * at least this much (the rest need not exist). */
size_t ff_vs_constants_size(const struct ff_vs_key *k);

struct ff_fs_constants {            /* binding 1 */
    float texture_factor[4];        /*   0 D3DRS_TEXTUREFACTOR */
    float stage_constant[FF_MAX_STAGES][4]; /* 16 D3DTSS_CONSTANT */
    /* 144 D3DTSS_BUMPENVMAT00, 01, 10, 11 of each stage. */
    float bump_matrix[FF_MAX_STAGES][4];
    /* 272 D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET, 0, 0. */
    float bump_luminance[FF_MAX_STAGES][4];
    float fog_color[4];             /* 400 D3DRS_FOGCOLOR */
    /* 416 table fog: D3DRS_FOGSTART, D3DRS_FOGEND, D3DRS_FOGDENSITY,
     * 1/(end - start) (0 when end == start). */
    float fog[4];
    float alpha_ref[4];             /* 432 x: D3DRS_ALPHAREF & 0xff (0..255) */
};                                  /* 448 bytes */

/* ---- builders ----------------------------------------------------------- */

/* Generation flags (the server's, not the key's). */
enum {
    /* Samplers are read through the texture table (binding.h's set 2,
     * shader/table.h) instead of set 0's bindings; the vertex module
     * passes the draw's bind set on. */
    FF_GEN_TEXTURE_TABLE = 1u << 0,
};

/* The vertex module for a key; entry "main".  False on allocation failure
 * or an out-of-range key field. */
bool ff_build_vs(const struct ff_vs_key *k, uint32_t flags, uint32_t **words,
                 size_t *count);

/* The fragment module for a key; entry "main", OriginUpperLeft. */
bool ff_build_fs(const struct ff_fs_key *k, uint32_t flags, uint32_t **words,
                 size_t *count);

/* A short human-readable description of a key for logs, written to buf
 * (always terminated); returns buf. */
const char *ff_vs_key_describe(const struct ff_vs_key *k, char *buf,
                               size_t size);
const char *ff_fs_key_describe(const struct ff_fs_key *k, char *buf,
                               size_t size);

/* ---- the first hand-specified pair (walking skeleton) --------------------
 * Pre-transformed coloured vertices (D3DFVF_XYZRHW | D3DFVF_DIFFUSE); the
 * device uses these until it switches to the keyed builders. */

/* Push constant block of ff_build_xyzrhw_diffuse_vs (offset 0, 16 bytes):
 * vec4 screen_to_ndc = (sx, sy, ox, oy), with ndc = pixel * s + o.
 * The front end fills sx = 2/W, sy = 2/H, ox = 1/W - 1, oy = 1/H - 1,
 * which maps D3D9's integer pixel centres onto Vulkan's half-integer ones. */
#define FF_XYZRHW_PUSH_CONSTANT_SIZE 16u

/* Vertex shader, entry "main".
 *   in  location 0: vec4 (x, y, z, rhw), D3D9 screen pixels
 *   in  location 1: vec4 colour (bound as VK_FORMAT_B8G8R8A8_UNORM, so RGBA)
 *   push constant:  vec4 screen_to_ndc at offset 0
 *   out BuiltIn Position, location 0: vec4 colour
 * w = rhw != 0 ? 1/rhw : 1;
 * gl_Position = vec4((x*sx + ox)*w, (y*sy + oy)*w, z*w, w). */
bool ff_build_xyzrhw_diffuse_vs(uint32_t **words, size_t *count);

/* Fragment shader, entry "main", OriginUpperLeft:
 * in location 0 vec4 colour (smooth) -> out location 0. */
bool ff_build_diffuse_fs(uint32_t **words, size_t *count);

#endif
