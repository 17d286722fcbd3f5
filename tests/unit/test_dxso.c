/* Unit test of the DXSO parser, disassembler and SPIR-V translator
 * (src/shader/dxso.c, dxso_spirv.c).
 *
 * The shaders are token streams written by hand from the documented
 * bytecode format.  Every translated module must pass
 * `spirv-val --target-env vulkan1.3`; a missing spirv-val is a failure.
 * Malformed streams must be refused with a reason, and a fuzz loop feeds
 * random and mutated streams to the parser (and whatever it accepts to the
 * disassembler and the translator).
 *
 * NEREID_SPV_DUMP_DIR=/dir keeps the modules as NAME.spv;
 * NEREID_DXSO_FUZZ=N sets the fuzz iterations (default 30000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "spirv_util.h"
#include "shader/dxso.h"

#include "d3d9types.h"
#include <spirv/unified1/spirv.h>

/* ---- token helpers ----------------------------------------------------- */

#define VS(a, b) (0xfffe0000u | ((a) << 8) | (b))
#define PS(a, b) (0xffff0000u | ((a) << 8) | (b))
#define END 0x0000ffffu
/* SM2+ instruction token with its length; SM1 ones use plain opcodes. */
#define OP(op, len) ((uint32_t)(op) | ((uint32_t)(len) << 24))
#define PRED (1u << 28)
#define COISSUE (1u << 30)
#define CTL(c) ((uint32_t)(c) << 16)
#define REG(type, n)                                                           \
    (0x80000000u | (((uint32_t)(type)&7u) << 28) |                             \
     (((uint32_t)(type)&0x18u) << 8) | (uint32_t)(n))
#define DST(type, n, mask) (REG(type, n) | ((uint32_t)(mask) << 16))
#define SRC(type, n, swz, mod)                                                 \
    (REG(type, n) | ((uint32_t)(swz) << 16) | ((uint32_t)(mod) << 24))
#define REL (1u << 13)
#define SAT (1u << 20)
#define CENTROID (4u << 20)
#define SHIFT(s) ((uint32_t)((s)&0xf) << 24)
#define SWZ(x, y, z, w) ((x) | ((y) << 2) | ((z) << 4) | ((w) << 6))
#define XYZW 0xe4
#define XXXX 0x00
#define YYYY 0x55
#define ZZZZ 0xaa
#define WWWW 0xff
#define DCLU(usage, idx) (0x80000000u | (uint32_t)(usage) | ((uint32_t)(idx) << 16))
#define DCLS(tt) (0x80000000u | ((uint32_t)(tt) << 27))
#define COMMENT(n) (0xfffeu | ((uint32_t)(n) << 16))

/* register types */
enum {
    R = 0, V = 1, C = 2, A = 3, T = 3, RAST = 4, ATTR = 5, OUT = 6, I = 7,
    OC = 8, ODEPTH = 9, S = 10, B = 14, AL = 15, MISC = 17, L = 18, P = 19,
};

#define D(type, n) DST(type, n, 0xf)
#define Sr(type, n) SRC(type, n, XYZW, 0)
#define Sw(type, n, swz) SRC(type, n, swz, 0)
#define Sm(type, n, mod) SRC(type, n, XYZW, mod)

#define F0 0x00000000u
#define F1 0x3f800000u
#define FH 0x3f000000u
#define F2 0x40000000u
#define FM1 0xbf800000u

/* ---- spirv-val --------------------------------------------------------- */

static int have_spirv_val;

static void dump(const char *name, const uint32_t *words, size_t count)
{
    const char *dir = getenv("NEREID_SPV_DUMP_DIR");
    char path[4096];

    if (!dir || !*dir)
        return;
    snprintf(path, sizeof(path), "%s/%s.spv", dir, name);
    write_file(path, words, count);
}

/* Counts SPIR-V instructions with the given opcode. */
static unsigned count_op(const uint32_t *w, size_t count, unsigned op)
{
    size_t pos = 5;
    unsigned k = 0;

    while (pos < count && (w[pos] >> 16)) {
        if ((w[pos] & 0xffffu) == op)
            k++;
        pos += w[pos] >> 16;
    }
    return k;
}

/* Parses, disassembles and translates; the module must validate.
 * Returns the module (caller frees) for further checks. */
static uint32_t *translate_opts(const char *name, const uint32_t *tok,
                                size_t ntok,
                                const struct dxso_spirv_options *opts,
                                size_t *nwords)
{
    struct dxso_shader s;
    char err[256], text[16384];
    uint32_t *w = NULL;
    size_t n = 0, len;
    int rc;

    *nwords = 0;
    if (!ok(dxso_parse(tok, ntok * 4, &s, err, sizeof(err)),
            "%s: parse: %s", name, err))
        return NULL;
    len = dxso_disassemble(&s, text, sizeof(text));
    ok(len > 6 && len < sizeof(text) && strlen(text) == len,
       "%s: disassembly (%zu chars)", name, len);
    if (getenv("NEREID_DXSO_VERBOSE"))
        printf("%s", text);
    if (!ok(dxso_to_spirv(&s, opts, &w, &n, err, sizeof(err)),
            "%s: translate: %s", name, err)) {
        printf("%s", text);
        dxso_shader_cleanup(&s);
        return NULL;
    }
    dump(name, w, n);
    if (!have_spirv_val) {
        ok(0, "%s: spirv-val is not installed; cannot validate", name);
    } else {
        rc = spirv_val(w, n, 0);
        if (!ok(rc == 0, "%s: spirv-val exit status %d", name, rc))
            printf("%s", text);
    }
    {
        /* The same shader reading its samplers through the texture table. */
        struct dxso_spirv_options to = opts ? *opts : (struct dxso_spirv_options){0};
        uint32_t *tw = NULL;
        size_t tn = 0;
        unsigned calls = 0; /* the only input_location callback here counts into it */
        to.texture_table = true;
        if (to.input_location)
            to.input_location_ctx = &calls;
        if (ok(dxso_to_spirv(&s, &to, &tw, &tn, err, sizeof(err)),
               "%s: translate with the texture table: %s", name, err) &&
            have_spirv_val) {
            rc = spirv_val(tw, tn, 0);
            if (!ok(rc == 0, "%s (texture table): spirv-val exit status %d", name, rc))
                printf("%s", text);
        }
        free(tw);
    }
    dxso_shader_cleanup(&s);
    *nwords = n;
    return w;
}

#define TRANSLATE(name, arr, opts)                                             \
    do {                                                                       \
        size_t n_;                                                             \
        free(translate_opts(name, arr, sizeof(arr) / 4, opts, &n_));           \
    } while (0)

static void expect_refused(const char *name, const uint32_t *tok, size_t bytes,
                           const char *want)
{
    struct dxso_shader s;
    char err[256];
    bool r = dxso_parse(tok, bytes, &s, err, sizeof(err));

    ok(!r, "%s: refused", name);
    ok(!r && err[0], "%s: has a reason", name);
    if (want)
        ok(strstr(err, want) != NULL, "%s: reason \"%s\" mentions \"%s\"",
           name, err, want);
    ok(s.ins == NULL && s.ins_count == 0, "%s: output left empty", name);
    dxso_shader_cleanup(&s);
}

#define REFUSED(name, arr, want) expect_refused(name, arr, sizeof(arr), want)

static void expect_translate_fails(const char *name, const uint32_t *tok,
                                   size_t ntok, const char *want)
{
    struct dxso_shader s;
    char err[256];
    uint32_t *w = (uint32_t *)1;
    size_t n = 1;

    if (!ok(dxso_parse(tok, ntok * 4, &s, err, sizeof(err)), "%s: parse: %s",
            name, err))
        return;
    ok(!dxso_to_spirv(&s, NULL, &w, &n, err, sizeof(err)),
       "%s: translation refused", name);
    ok(w == NULL && n == 0, "%s: no output", name);
    ok(strstr(err, want) != NULL, "%s: reason \"%s\" mentions \"%s\"", name,
       err, want);
    dxso_shader_cleanup(&s);
}

/* ---- vs_1_1 -------------------------------------------------------------- */

static const uint32_t vs11_transform[] = {
    VS(1, 1),
    COMMENT(2), 0x42415443, 0x00000000, /* a comment block */
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_NORMAL, 0), D(V, 1),
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_TEXCOORD, 0), D(V, 2),
    D3DSIO_DEF, D(C, 95), F0, FH, F1, F2,
    D3DSIO_M4x4, D(RAST, 0), Sr(V, 0), Sr(C, 0),
    D3DSIO_DP3, DST(R, 0, 1), Sr(V, 1), Sr(C, 4),
    D3DSIO_MAX, DST(R, 0, 1), Sw(R, 0, XXXX), Sw(C, 95, XXXX),
    D3DSIO_MUL, D(ATTR, 0), Sw(R, 0, XXXX), Sr(C, 5),
    D3DSIO_MOV, DST(OUT, 0, 3), Sr(V, 2),
    D3DSIO_MOV, D(ATTR, 1), Sm(C, 6, DXSO_SRCMOD_NEG),
    END,
};

/* Skinning with a0-relative constants and the rest of the vs_1_1 set. */
static const uint32_t vs11_skin[] = {
    VS(1, 1),
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_BLENDINDICES, 0), D(V, 1),
    D3DSIO_DCL, DCLU(D3DDECLUSAGE_NORMAL, 0), D(V, 2),
    D3DSIO_DEF, D(C, 10), F1, F0, F0, F0,
    D3DSIO_MOV, DST(A, 0, 1), Sw(V, 1, XXXX),
    D3DSIO_M4x3, DST(R, 0, 7), Sr(V, 0), Sr(C, 10) | REL,
    D3DSIO_MOV, DST(R, 0, 8), Sw(C, 95, WWWW),
    D3DSIO_M4x4, D(RAST, 0), Sr(R, 0), Sr(C, 0),
    D3DSIO_M3x3, DST(R, 1, 7), Sr(V, 2), Sr(C, 4),
    D3DSIO_M3x2, DST(R, 2, 3), Sr(V, 2), Sr(C, 4),
    D3DSIO_M3x4, D(R, 3), Sr(V, 2), Sr(C, 4),
    D3DSIO_DP4, DST(R, 4, 1), Sr(R, 3), Sr(C, 7) | REL,
    D3DSIO_RCP, DST(R, 4, 2), Sw(R, 4, XXXX),
    D3DSIO_RSQ, DST(R, 4, 4), Sw(R, 4, YYYY),
    D3DSIO_EXP, DST(R, 4, 8), Sw(R, 4, ZZZZ),
    D3DSIO_EXPP, D(R, 5), Sw(R, 4, WWWW),
    D3DSIO_LOG, DST(R, 6, 1), Sw(R, 5, XXXX),
    D3DSIO_LOGP, D(R, 7), Sw(R, 5, YYYY),
    D3DSIO_LIT, D(R, 8), Sr(R, 7),
    D3DSIO_DST, D(R, 9), Sr(R, 8), Sr(R, 7),
    D3DSIO_FRC, D(R, 10), Sr(R, 9),
    D3DSIO_SLT, D(R, 11), Sr(R, 10), Sr(R, 9),
    D3DSIO_SGE, D(R, 11), Sr(R, 11), Sm(R, 10, DXSO_SRCMOD_NEG),
    D3DSIO_MIN, D(R, 11), Sr(R, 11), Sr(R, 1),
    D3DSIO_MAD, D(ATTR, 0), Sr(R, 11), Sr(R, 2), Sr(R, 6),
    D3DSIO_ADD, D(ATTR, 1), Sr(R, 1), Sr(C, 3),
    D3DSIO_SUB, DST(OUT, 1, 0xf), Sr(R, 1), Sr(R, 3),
    D3DSIO_MOV, DST(RAST, 1, 1), Sw(R, 1, ZZZZ),
    D3DSIO_MOV, DST(RAST, 2, 1), Sw(C, 11, XXXX),
    D3DSIO_NOP,
    END,
};

/* ---- vs_2_0 / vs_2_x ---------------------------------------------------------- */

static const uint32_t vs20_flow[] = {
    VS(2, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 0), D(V, 1),
    OP(D3DSIO_DEFI, 5), D(I, 0), 4, 0, 1, 0,
    OP(D3DSIO_DEFB, 2), D(B, 0), 1,
    OP(D3DSIO_DEF, 5), D(C, 200), F1, FH, F2, F0,
    OP(D3DSIO_MOV, 2), D(R, 0), Sr(C, 200),
    OP(D3DSIO_REP, 1), Sr(I, 0),
    OP(D3DSIO_ADD, 3), D(R, 0), Sr(R, 0), Sr(C, 1),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 0),
    OP(D3DSIO_ADD, 4), D(R, 0), Sr(R, 0), Sr(C, 10) | REL, Sr(AL, 0),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_IF, 1), Sr(B, 0),
    OP(D3DSIO_MUL, 3), D(R, 0), Sr(R, 0), Sr(C, 2),
    OP(D3DSIO_ELSE, 0),
    OP(D3DSIO_IF, 1), Sr(B, 1),
    OP(D3DSIO_MOV, 2), D(R, 0), Sr(V, 1),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_MOVA, 2), DST(A, 0, 3), Sr(V, 1),
    OP(D3DSIO_MOV, 3), D(R, 1), Sr(C, 20) | REL, Sw(A, 0, YYYY),
    OP(D3DSIO_CALL, 1), Sr(L, 0),
    OP(D3DSIO_CALLNZ, 2), Sr(L, 1), Sr(B, 2),
    OP(D3DSIO_M4x4, 3), D(RAST, 0), Sr(V, 0), Sr(C, 0),
    OP(D3DSIO_MOV, 2), D(ATTR, 0), Sr(R, 0),
    OP(D3DSIO_MOV, 2), D(OUT, 0), Sr(R, 1),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 0),
    OP(D3DSIO_SINCOS, 4), DST(R, 2, 3), Sw(R, 0, XXXX), Sr(C, 30), Sr(C, 31),
    OP(D3DSIO_SGN, 4), D(R, 3), Sr(R, 2), Sr(R, 4), Sr(R, 5),
    OP(D3DSIO_NRM, 2), D(R, 4), Sr(R, 3),
    OP(D3DSIO_POW, 3), DST(R, 5, 1), Sw(R, 4, XXXX), Sw(R, 4, YYYY),
    OP(D3DSIO_CRS, 3), DST(R, 6, 7), Sr(R, 4), Sr(R, 3),
    OP(D3DSIO_ABS, 2), D(R, 7), Sr(R, 6),
    OP(D3DSIO_LRP, 4), D(R, 1), Sr(R, 7), Sr(R, 5), Sr(R, 4),
    OP(D3DSIO_CALL, 1), Sr(L, 1),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 1),
    OP(D3DSIO_ADD, 3) | SAT, D(R, 1), Sr(R, 1), Sm(C, 3, DXSO_SRCMOD_ABS),
    OP(D3DSIO_RET, 0),
    END,
};

static const uint32_t vs2x_pred[] = {
    VS(2, 1),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    OP(D3DSIO_DEFI, 5), D(I, 1), 8, 2, 3, 0,
    OP(D3DSIO_MOV, 2), D(R, 0), Sr(V, 0),
    OP(D3DSIO_SETP, 3) | CTL(D3DSPC_GT), D(P, 0), Sr(R, 0), Sr(C, 0),
    OP(D3DSIO_ADD, 4) | PRED, D(R, 0), Sr(P, 0), Sr(R, 0), Sr(C, 1),
    OP(D3DSIO_MUL, 4) | PRED, DST(R, 0, 3), SRC(P, 0, YYYY, DXSO_SRCMOD_NOT), Sr(R, 0), Sr(C, 2),
    OP(D3DSIO_IF, 1), Sw(P, 0, ZZZZ),
    OP(D3DSIO_MOV, 2), D(R, 1), Sr(C, 5),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_IFC, 2) | CTL(D3DSPC_LE), Sw(R, 0, XXXX), Sw(C, 3, YYYY),
    OP(D3DSIO_MOV, 2), D(R, 1), Sr(C, 6),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_REP, 1), Sr(I, 1),
    OP(D3DSIO_ADD, 3), D(R, 0), Sr(R, 0), Sr(C, 7),
    OP(D3DSIO_BREAKC, 2) | CTL(D3DSPC_GE), Sw(R, 0, XXXX), Sw(C, 8, XXXX),
    OP(D3DSIO_IF, 1), Sr(B, 3),
    OP(D3DSIO_BREAK, 0),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_BREAKP, 1), Sm(P, 0, DXSO_SRCMOD_NOT),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 1),
    OP(D3DSIO_ADD, 4), D(R, 1), Sr(R, 1), Sr(C, 40) | REL, Sr(AL, 0),
    OP(D3DSIO_BREAK, 0),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_CALLNZ, 2), Sr(L, 3), Sw(P, 0, YYYY),
    OP(D3DSIO_MOV, 2), D(RAST, 0), Sr(R, 0),
    OP(D3DSIO_MOV, 2), D(ATTR, 0), Sr(R, 1),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 3),
    OP(D3DSIO_MOV, 2), D(R, 31), Sr(R, 0),
    OP(D3DSIO_RET, 0),
    END,
};

/* ---- vs_3_0 ------------------------------------------------------------------- */

static const uint32_t vs30[] = {
    VS(3, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 0), D(V, 1),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 1), D(V, 2),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(OUT, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 0), DST(OUT, 1, 3),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 1), DST(OUT, 1, 0xc),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_COLOR, 0), D(OUT, 2),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_FOG, 0), DST(OUT, 3, 1),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_PSIZE, 0), DST(OUT, 4, 1),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_NORMAL, 0), D(OUT, 5),
    OP(D3DSIO_DCL, 2), DCLS(D3DSTT_2D >> 27), D(S, 0),
    OP(D3DSIO_DCL, 2), DCLS(D3DSTT_VOLUME >> 27), D(S, 3),
    OP(D3DSIO_DEFI, 5), D(I, 0), 2, 1, 1, 0,
    OP(D3DSIO_TEXLDL, 3), D(R, 0), Sr(V, 1), Sr(S, 0),
    OP(D3DSIO_TEXLDL, 3), D(R, 1), Sr(V, 2), Sw(S, 3, SWZ(3, 2, 1, 0)),
    OP(D3DSIO_M4x4, 3), D(OUT, 0), Sr(V, 0), Sr(C, 0),
    OP(D3DSIO_MOV, 2), DST(OUT, 1, 3), Sr(V, 1),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 0),
    OP(D3DSIO_MOV, 4), D(OUT, 0) | REL, Sr(AL, 0), Sr(V, 0) | REL, Sr(AL, 0),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_SINCOS, 2), DST(R, 2, 3), Sw(R, 0, WWWW),
    OP(D3DSIO_SGN, 2), D(R, 3), Sr(R, 2),
    OP(D3DSIO_MUL, 3), D(OUT, 2), Sr(R, 0), Sr(R, 1),
    OP(D3DSIO_MOV, 2), DST(OUT, 3, 1), Sw(R, 3, XXXX),
    OP(D3DSIO_MOV, 2), DST(OUT, 4, 1), Sr(C, 255),
    OP(D3DSIO_MOV, 2), D(OUT, 5), Sr(R, 2),
    END,
};

/* ---- ps_1_x ----------------------------------------------------------------------- */

static const uint32_t ps11_basic[] = {
    PS(1, 1),
    D3DSIO_DEF, D(C, 7), FH, FH, FH, F1,
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEX, D(T, 1),
    D3DSIO_TEXCOORD, D(T, 2),
    D3DSIO_TEXKILL, D(T, 3),
    D3DSIO_MUL, D(R, 0), Sr(T, 0), Sr(V, 0),
    D3DSIO_MAD | 0, DST(R, 0, 7) | SHIFT(1), Sr(T, 1), Sr(C, 0), Sr(R, 0),
    D3DSIO_MOV | COISSUE, DST(R, 0, 8), Sw(V, 1, WWWW),
    D3DSIO_DP3 | 0, DST(R, 1, 0xf) | SAT, Sm(T, 0, DXSO_SRCMOD_SIGN),
        Sm(V, 1, DXSO_SRCMOD_SIGN),
    D3DSIO_SUB, D(R, 1), Sm(R, 1, DXSO_SRCMOD_BIAS), Sm(T, 2, DXSO_SRCMOD_COMP),
    D3DSIO_ADD, D(R, 1) | SHIFT(-1), Sm(R, 1, DXSO_SRCMOD_X2), Sr(C, 7),
    D3DSIO_LRP, D(R, 0), Sr(R, 1), Sr(R, 0), Sr(T, 2),
    D3DSIO_CND, D(R, 0), Sw(R, 0, WWWW), Sr(R, 0), Sr(T, 1),
    END,
};

static const uint32_t ps11_bump[] = {
    PS(1, 1),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXBEM, D(T, 1), Sr(T, 0),
    D3DSIO_TEXBEML, D(T, 2), Sr(T, 0),
    D3DSIO_TEXREG2AR, D(T, 3), Sr(T, 0),
    D3DSIO_ADD, D(R, 0), Sr(T, 1), Sr(T, 2),
    D3DSIO_MUL | 0, D(R, 0) | SHIFT(2), Sr(R, 0), Sr(T, 3),
    END,
};

static const uint32_t ps11_m3x2[] = {
    PS(1, 1),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x2PAD, D(T, 1), Sm(T, 0, DXSO_SRCMOD_SIGN),
    D3DSIO_TEXM3x2TEX, D(T, 2), Sm(T, 0, DXSO_SRCMOD_SIGN),
    D3DSIO_TEXREG2GB - 0, D(T, 3), Sr(T, 2),
    D3DSIO_MOV, D(R, 0), Sr(T, 2),
    END,
};

static const uint32_t ps11_m3x3spec[] = {
    PS(1, 1),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 1), Sm(T, 0, DXSO_SRCMOD_SIGN),
    D3DSIO_TEXM3x3PAD, D(T, 2), Sm(T, 0, DXSO_SRCMOD_SIGN),
    D3DSIO_TEXM3x3SPEC, D(T, 3), Sm(T, 0, DXSO_SRCMOD_SIGN), Sr(C, 0),
    D3DSIO_MOV, D(R, 0), Sr(T, 3),
    END,
};

static const uint32_t ps11_m3x3vspec[] = {
    PS(1, 1),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 1), Sr(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 2), Sr(T, 0),
    D3DSIO_TEXM3x3VSPEC, D(T, 3), Sr(T, 0),
    D3DSIO_MUL, D(R, 0), Sr(T, 3), Sr(V, 0),
    END,
};

static const uint32_t ps11_m3x3tex[] = {
    PS(1, 1),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 1), Sr(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 2), Sr(T, 0),
    D3DSIO_TEXM3x3TEX, D(T, 3), Sr(T, 0),
    D3DSIO_MOV, D(R, 0), Sr(T, 3),
    END,
};

static const uint32_t ps12[] = {
    PS(1, 2),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXREG2RGB, D(T, 1), Sr(T, 0),
    D3DSIO_TEXDP3TEX, D(T, 2), Sr(T, 0),
    D3DSIO_TEXDP3, D(T, 3), Sr(T, 0),
    D3DSIO_CMP, D(R, 0), Sm(T, 3, DXSO_SRCMOD_BIAS), Sr(T, 1), Sr(T, 2),
    D3DSIO_DP4, D(R, 1), Sr(R, 0), Sr(C, 0),
    D3DSIO_ADD, D(R, 0), Sr(R, 0), Sr(R, 1),
    END,
};

static const uint32_t ps12_m3x3[] = {
    PS(1, 2),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 1), Sr(T, 0),
    D3DSIO_TEXM3x3PAD, D(T, 2), Sr(T, 0),
    D3DSIO_TEXM3x3, D(T, 3), Sr(T, 0),
    D3DSIO_MOV, D(R, 0), Sr(T, 3),
    END,
};

static const uint32_t ps13_depth[] = {
    PS(1, 3),
    D3DSIO_TEX, D(T, 0),
    D3DSIO_TEXM3x2PAD, D(T, 1), Sr(T, 0),
    D3DSIO_TEXM3x2DEPTH, D(T, 2), Sr(T, 0),
    D3DSIO_MOV, D(R, 0), Sr(V, 0),
    END,
};

/* ps_1_4 in two phases. */
static const uint32_t ps14_phase[] = {
    PS(1, 4),
    D3DSIO_DEF, D(C, 0), FH, FH, F0, F0,
    D3DSIO_TEX, D(R, 0), Sr(T, 0),
    D3DSIO_TEXCOORD, DST(R, 1, 7), Sr(T, 1),
    D3DSIO_TEX, D(R, 2), Sm(T, 2, DXSO_SRCMOD_DZ),
    D3DSIO_TEX, D(R, 3), Sm(T, 3, DXSO_SRCMOD_DW),
    D3DSIO_BEM, DST(R, 2, 3), Sr(C, 0), Sr(R, 0),
    D3DSIO_PHASE,
    D3DSIO_TEX, D(R, 4), Sr(R, 2),
    D3DSIO_TEXKILL, D(R, 1),
    D3DSIO_CMP, D(R, 0), Sr(R, 4), Sr(R, 0), Sr(R, 3),
    D3DSIO_CND, D(R, 0), Sr(R, 0), Sr(R, 0), Sr(C, 0),
    D3DSIO_MOV, DST(R, 5, 3), Sr(R, 4),
    D3DSIO_TEXDEPTH, D(R, 5),
    D3DSIO_ADD | 0, D(R, 0) | SHIFT(3), Sr(R, 0), Sr(R, 4),
    D3DSIO_MUL | 0, DST(R, 0, 7) | SHIFT(-3), Sr(R, 0), Sr(R, 1),
    D3DSIO_MOV | COISSUE, DST(R, 0, 8), Sr(R, 4),
    END,
};

/* ---- ps_2_0 / ps_2_x ---------------------------------------------------------------- */

static const uint32_t ps20[] = {
    PS(2, 0),
    OP(D3DSIO_DCL, 2), 0x80000000u, DST(T, 0, 3),
    OP(D3DSIO_DCL, 2), 0x80000000u, D(T, 1) | CENTROID,
    OP(D3DSIO_DCL, 2), 0x80000000u, D(V, 0),
    OP(D3DSIO_DCL, 2), DCLS(2), D(S, 0),
    OP(D3DSIO_DCL, 2), DCLS(3), D(S, 1),
    OP(D3DSIO_DCL, 2), DCLS(4), D(S, 2),
    OP(D3DSIO_DEF, 5), D(C, 31), F0, FH, F1, F2,
    OP(D3DSIO_TEX, 3), D(R, 0), Sr(T, 0), Sr(S, 0),
    OP(D3DSIO_TEX, 3) | CTL(1), D(R, 1), Sr(T, 1), Sr(S, 1),
    OP(D3DSIO_TEX, 3) | CTL(2), D(R, 2), Sr(T, 1), Sr(S, 2),
    OP(D3DSIO_RCP, 2), DST(R, 3, 1), Sw(R, 0, XXXX),
    OP(D3DSIO_RSQ, 2), DST(R, 3, 2), Sw(R, 0, YYYY),
    OP(D3DSIO_EXP, 2), DST(R, 3, 4), Sw(R, 0, ZZZZ),
    OP(D3DSIO_LOG, 2), DST(R, 3, 8), Sw(R, 0, WWWW),
    OP(D3DSIO_POW, 3), DST(R, 4, 1), Sw(R, 3, XXXX), Sw(C, 31, WWWW),
    OP(D3DSIO_NRM, 2), D(R, 5), Sr(R, 2),
    OP(D3DSIO_DP2ADD, 4), DST(R, 4, 2), Sr(R, 5), Sr(R, 1), Sw(C, 31, YYYY),
    OP(D3DSIO_SINCOS, 4), DST(R, 6, 3), Sw(R, 4, XXXX), Sr(C, 0), Sr(C, 1),
    OP(D3DSIO_CMP, 4), D(R, 7), Sm(R, 6, DXSO_SRCMOD_NEG), Sr(R, 0), Sr(R, 1),
    OP(D3DSIO_MIN, 3), D(R, 7), Sr(R, 7), Sr(R, 2),
    OP(D3DSIO_MAX, 3), D(R, 7), Sr(R, 7), Sm(R, 5, DXSO_SRCMOD_ABS),
    OP(D3DSIO_FRC, 2), D(R, 8), Sr(R, 7),
    OP(D3DSIO_ABS, 2), D(R, 8), Sr(R, 8),
    OP(D3DSIO_CRS, 3), DST(R, 9, 7), Sr(R, 8), Sr(R, 5),
    OP(D3DSIO_EXPP, 2), DST(R, 9, 8), Sw(R, 8, XXXX),
    OP(D3DSIO_LOGP, 2), DST(R, 10, 1), Sw(R, 8, YYYY),
    OP(D3DSIO_M3x3, 3), DST(R, 10, 7), Sr(R, 9), Sr(C, 2),
    OP(D3DSIO_M4x4, 3), D(R, 11), Sr(R, 9), Sr(C, 5),
    OP(D3DSIO_LRP, 4), D(R, 11), Sr(V, 0), Sr(R, 11), Sr(R, 10),
    OP(D3DSIO_TEXKILL, 1), D(R, 11),
    OP(D3DSIO_SLT, 3), D(R, 9), Sr(R, 9), Sr(R, 11),
    OP(D3DSIO_SGE, 3), D(R, 9), Sr(R, 9), Sr(R, 11),
    OP(D3DSIO_MOV, 2) | (2u << 20), D(OC, 0), Sr(R, 11),
    OP(D3DSIO_MOV, 2), D(OC, 1), Sr(R, 9),
    OP(D3DSIO_MOV, 2), DST(ODEPTH, 0, 1), Sw(R, 4, YYYY),
    END,
};

static const uint32_t ps2x[] = {
    PS(2, 1),
    OP(D3DSIO_DCL, 2), 0x80000000u, D(T, 0),
    OP(D3DSIO_DCL, 2), 0x80000000u, D(V, 1),
    OP(D3DSIO_DCL, 2), DCLS(2), D(S, 0),
    OP(D3DSIO_DCL, 2), DCLS(3), D(S, 5),
    OP(D3DSIO_DEFI, 5), D(I, 0), 3, 0, 0, 0,
    OP(D3DSIO_DEFB, 2), D(B, 4), 0,
    OP(D3DSIO_DSX, 2), D(R, 0), Sr(T, 0),
    OP(D3DSIO_DSY, 2), D(R, 1), Sr(T, 0),
    OP(D3DSIO_TEXLDD, 5), D(R, 2), Sr(T, 0), Sr(S, 0), Sr(R, 0), Sr(R, 1),
    OP(D3DSIO_TEXLDD, 5), D(R, 3), Sr(T, 0), Sr(S, 5), Sr(R, 0), Sr(R, 1),
    OP(D3DSIO_SETP, 3) | CTL(D3DSPC_NE), D(P, 0), Sr(R, 2), Sr(C, 0),
    OP(D3DSIO_TEX, 4) | PRED, D(R, 4), Sm(P, 0, DXSO_SRCMOD_NOT), Sr(T, 0),
        Sr(S, 0),
    OP(D3DSIO_REP, 1), Sr(I, 0),
    OP(D3DSIO_ADD, 3), D(R, 4), Sr(R, 4), Sr(C, 1),
    OP(D3DSIO_BREAKC, 2) | CTL(D3DSPC_EQ), Sw(R, 4, XXXX), Sw(C, 2, XXXX),
    OP(D3DSIO_BREAKP, 1), Sw(P, 0, WWWW),
    OP(D3DSIO_IFC, 2) | CTL(D3DSPC_LT), Sw(R, 4, YYYY), Sw(C, 2, YYYY),
    OP(D3DSIO_BREAK, 0),
    OP(D3DSIO_ELSE, 0),
    OP(D3DSIO_SUB, 3), D(R, 4), Sr(R, 4), Sr(C, 3),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_IF, 1), Sr(B, 4),
    OP(D3DSIO_CALL, 1), Sr(L, 2),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_CALLNZ, 2), Sr(L, 2), Sm(P, 0, DXSO_SRCMOD_NOT),
    OP(D3DSIO_MOV, 2), D(OC, 0), Sr(R, 4),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 2),
    OP(D3DSIO_MUL, 3), D(R, 4), Sr(R, 4), Sr(V, 1),
    OP(D3DSIO_TEXKILL, 1), DST(R, 4, 8),
    OP(D3DSIO_RET, 0),
    END,
};

/* ---- ps_3_0 --------------------------------------------------------------------------- */

static const uint32_t ps30[] = {
    PS(3, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 0), DST(V, 0, 3),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 1), DST(V, 0, 0xc),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_COLOR, 0), D(V, 1) | CENTROID,
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_FOG, 0), DST(V, 2, 1),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_NORMAL, 0), D(V, 3),
    OP(D3DSIO_DCL, 2), 0x80000000u, DST(MISC, 0, 3),
    OP(D3DSIO_DCL, 2), 0x80000000u, DST(MISC, 1, 1),
    OP(D3DSIO_DCL, 2), DCLS(2), D(S, 0),
    OP(D3DSIO_DCL, 2), DCLS(3), D(S, 15),
    OP(D3DSIO_DEFI, 5), D(I, 0), 2, 0, 1, 0,
    OP(D3DSIO_DEF, 5), D(C, 100), F1, F1, F0, FM1,
    OP(D3DSIO_TEX, 3), D(R, 0), Sr(V, 0), Sr(S, 0),
    OP(D3DSIO_TEXLDL, 3), D(R, 1), Sr(V, 3), Sr(S, 15),
    OP(D3DSIO_MOV, 2), D(R, 2), Sr(C, 0),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 0),
    OP(D3DSIO_ADD, 4), D(R, 2), Sr(R, 2), Sr(V, 0) | REL, Sr(AL, 0),
    OP(D3DSIO_MAD, 5), D(R, 2), Sr(R, 2), Sr(C, 10) | REL, Sr(AL, 0), Sr(C, 100),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_SINCOS, 2), DST(R, 3, 3), Sw(MISC, 0, XXXX),
    OP(D3DSIO_SGN, 2), D(R, 4), Sw(MISC, 1, XXXX),
    OP(D3DSIO_CMP, 4), D(R, 5), Sr(R, 4), Sr(R, 0), Sr(R, 1),
    OP(D3DSIO_MUL, 3) | SAT, D(R, 5), Sr(R, 5), Sr(V, 1),
    OP(D3DSIO_LRP, 4), D(R, 5), Sw(V, 2, XXXX), Sr(R, 5), Sr(R, 3),
    OP(D3DSIO_MOV, 2), D(OC, 0), Sr(R, 5),
    OP(D3DSIO_MOV, 2), D(OC, 3), Sr(R, 2),
    END,
};

/* Nesting stress: loops in loops (aL saved and restored), breaks in ifs,
 * calls and texkill inside loops, predicated a0 and p0 writes. */
static const uint32_t vs30_nest[] = {
    VS(3, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(OUT, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_COLOR, 1), D(OUT, 1),
    OP(D3DSIO_DEFI, 5), D(I, 0), 3, 0, 1, 0,
    OP(D3DSIO_DEFI, 5), D(I, 1), 2, 10, 2, 0,
    OP(D3DSIO_MOV, 2), D(R, 0), Sr(V, 0),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 0),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 1),
    OP(D3DSIO_ADD, 4), D(R, 0), Sr(R, 0), Sr(C, 0) | REL, Sr(AL, 0),
    OP(D3DSIO_IFC, 2) | CTL(D3DSPC_GT), Sw(R, 0, XXXX), Sw(C, 1, XXXX),
    OP(D3DSIO_BREAK, 0),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_CALL, 1), Sr(L, 7),
    OP(D3DSIO_REP, 1), Sr(I, 1),
    OP(D3DSIO_SETP, 3) | CTL(D3DSPC_LT), DST(P, 0, 3), Sr(R, 0), Sr(C, 2),
    OP(D3DSIO_SETP, 4) | CTL(D3DSPC_EQ) | PRED, DST(P, 0, 4), Sw(P, 0, XXXX),
        Sr(R, 0), Sr(C, 2),
    OP(D3DSIO_MOVA, 3) | PRED, DST(A, 0, 1), Sw(P, 0, YYYY), Sr(R, 0),
    OP(D3DSIO_BREAKP, 1), Sw(P, 0, ZZZZ),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_MOV, 2), D(OUT, 0), Sr(R, 0),
    OP(D3DSIO_MOV, 3), D(OUT, 1), Sr(C, 4) | REL, Sw(A, 0, XXXX),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 7),
    OP(D3DSIO_MUL, 4), D(R, 0), Sr(R, 0), Sr(C, 8) | REL, Sr(AL, 0),
    OP(D3DSIO_CALLNZ, 2), Sr(L, 9), Sr(B, 0),
    OP(D3DSIO_RET, 0),
    OP(D3DSIO_LABEL, 1), Sr(L, 9),
    OP(D3DSIO_REP, 1), Sr(I, 0),
    OP(D3DSIO_ADD, 3), D(R, 0), Sr(R, 0), Sr(C, 3),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_RET, 0),
    END,
};

static const uint32_t ps30_nest[] = {
    PS(3, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 0), D(V, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_COLOR, 1), D(V, 1),
    OP(D3DSIO_DCL, 2), DCLS(2), D(S, 0),
    OP(D3DSIO_DEFI, 5), D(I, 0), 2, 0, 1, 0,
    OP(D3DSIO_DEFB, 2), D(B, 0), 1,
    OP(D3DSIO_MOV, 2), D(R, 0), Sr(V, 1),
    OP(D3DSIO_LOOP, 2), Sr(AL, 0), Sr(I, 0),
    OP(D3DSIO_REP, 1), Sr(I, 0),
    OP(D3DSIO_IF, 1), Sr(B, 0),
    OP(D3DSIO_TEXKILL, 1), D(R, 0),
    OP(D3DSIO_ELSE, 0),
    OP(D3DSIO_BREAK, 0),
    OP(D3DSIO_ENDIF, 0),
    OP(D3DSIO_TEX, 3) | CTL(2), D(R, 1), Sr(V, 0), Sr(S, 0),
    OP(D3DSIO_ADD, 4), D(R, 0), Sr(R, 0), Sr(V, 0) | REL, Sr(AL, 0),
    OP(D3DSIO_ENDREP, 0),
    OP(D3DSIO_BREAKC, 2) | CTL(D3DSPC_NE), Sw(R, 0, XXXX), Sw(R, 1, XXXX),
    OP(D3DSIO_ENDLOOP, 0),
    OP(D3DSIO_DSX, 2) | (2u << 20), D(R, 2), Sr(R, 0),
    OP(D3DSIO_DSY, 2), D(R, 3), Sr(R, 0),
    OP(D3DSIO_TEXLDD, 5), D(R, 4), Sr(V, 0), Sr(S, 0), Sr(R, 2), Sr(R, 3),
    OP(D3DSIO_ADD, 3), D(OC, 0), Sr(R, 0), Sr(R, 4),
    OP(D3DSIO_MOV, 2), DST(ODEPTH, 0, 1), Sw(R, 4, ZZZZ),
    END,
};

/* A vs_3_0 with the usual texture-space outputs, for linking checks. */
static const uint32_t vs30_simple[] = {
    VS(3, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(V, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_POSITION, 0), D(OUT, 0),
    OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TEXCOORD, 3), D(OUT, 1),
    OP(D3DSIO_DP4, 3), DST(OUT, 0, 1), Sr(V, 0), Sr(C, 0),
    OP(D3DSIO_DP4, 3), DST(OUT, 0, 2), Sr(V, 0), Sr(C, 1),
    OP(D3DSIO_DP4, 3), DST(OUT, 0, 4), Sr(V, 0), Sr(C, 2),
    OP(D3DSIO_DP4, 3), DST(OUT, 0, 8), Sr(V, 0), Sr(C, 3),
    OP(D3DSIO_MOV, 2), D(OUT, 1), Sr(V, 0),
    END,
};

static int find_word_after(const uint32_t *w, size_t n, unsigned op,
                           uint32_t word1, uint32_t word2)
{
    size_t pos = 5;
    while (pos < n && (w[pos] >> 16)) {
        if ((w[pos] & 0xffff) == op && (w[pos] >> 16) >= 4 &&
            w[pos + 2] == word1 && w[pos + 3] == word2)
            return 1;
        pos += w[pos] >> 16;
    }
    return 0;
}

static void test_valid_shaders(void)
{
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;

    TRANSLATE("vs11_transform", vs11_transform, NULL);
    TRANSLATE("vs11_skin", vs11_skin, NULL);
    TRANSLATE("vs20_flow", vs20_flow, NULL);
    TRANSLATE("vs2x_pred", vs2x_pred, NULL);
    TRANSLATE("vs30", vs30, NULL);
    TRANSLATE("vs30_simple", vs30_simple, NULL);
    TRANSLATE("ps11_basic", ps11_basic, NULL);
    TRANSLATE("ps11_bump", ps11_bump, NULL);
    TRANSLATE("ps11_m3x2", ps11_m3x2, NULL);
    TRANSLATE("ps11_m3x3spec", ps11_m3x3spec, NULL);
    TRANSLATE("ps11_m3x3vspec", ps11_m3x3vspec, NULL);
    TRANSLATE("ps11_m3x3tex", ps11_m3x3tex, NULL);
    TRANSLATE("ps12", ps12, NULL);
    TRANSLATE("ps12_m3x3", ps12_m3x3, NULL);
    TRANSLATE("ps13_depth", ps13_depth, NULL);
    TRANSLATE("ps14_phase", ps14_phase, NULL);
    TRANSLATE("ps20", ps20, NULL);
    TRANSLATE("ps2x", ps2x, NULL);
    TRANSLATE("ps30", ps30, NULL);
    TRANSLATE("vs30_nest", vs30_nest, NULL);
    TRANSLATE("ps30_nest", ps30_nest, NULL);

    /* Options: cube/volume samplers for ps_1_x, projection, demote,
     * an input location mapping. */
    memset(&o, 0, sizeof(o));
    o.sampler_type[3] = DXSO_SAMPLER_CUBE;
    o.sampler_type[1] = DXSO_SAMPLER_VOLUME;
    o.ps1x_projected[0] = 3;
    o.ps1x_projected[1] = 4;
    o.use_demote = true;
    o.ps1x_max_value = 2.0f;
    TRANSLATE("ps11_basic_opts", ps11_basic, &o);
    TRANSLATE("ps11_m3x3tex_cube", ps11_m3x3tex, &o);
    TRANSLATE("ps14_phase_opts", ps14_phase, &o);
    w = translate_opts("ps20_demote", ps20, sizeof(ps20) / 4, &o, &n);
    ok(w && count_op(w, n, SpvOpDemoteToHelperInvocation) == 1 &&
           count_op(w, n, SpvOpKill) == 0,
       "texkill with use_demote uses OpDemoteToHelperInvocation");
    free(w);
    /* Shadow samplers compare (Dref), point sprites read PointCoord. */
    memset(&o, 0, sizeof(o));
    o.shadow_samplers = 0xffff;
    o.point_sprite = true;
    w = translate_opts("ps20_shadow_sprite", ps20, sizeof(ps20) / 4, &o, &n);
    /* s0 is 2D (a shadow map), s1 a cube and s2 a volume (never). */
    ok(w && count_op(w, n, SpvOpImageSampleDrefImplicitLod) == 1 &&
           count_op(w, n, SpvOpImageSampleImplicitLod) == 2,
       "ps20: the 2D shadow sampler samples with a depth reference");
    free(w);
    w = translate_opts("ps30_sprite", ps30, sizeof(ps30) / 4, &o, &n);
    ok(w != NULL, "ps30 with point sprite and shadow options");
    free(w);
    TRANSLATE("ps11_basic_sprite", ps11_basic, &o);
    memset(&o, 0, sizeof(o));
    o.zero_inputs = 0xfffe; /* every input but v0 unfed */
    TRANSLATE("vs30_zero_inputs", vs30_simple, &o);
    memset(&o, 0, sizeof(o));
    o.clip_planes = 0x29; /* planes 0, 3 and 5 */
    TRANSLATE("vs30_clip", vs30_simple, &o);
    TRANSLATE("vs11_clip", vs11_transform, &o);
    TRANSLATE("vs30_full_clip", vs30, &o);
    o.force_point_size = true;
    TRANSLATE("vs30_clip_psize", vs30_simple, &o);
    memset(&o, 0, sizeof(o));
    o.flat_colors = true;
    TRANSLATE("ps20_flat", ps20, &o);
    TRANSLATE("ps30_flat", ps30, &o);
    TRANSLATE("ps11_flat", ps11_basic, &o);
    w = translate_opts("ps20_kill", ps20, sizeof(ps20) / 4, NULL, &n);
    if (w && have_spirv_val) {
        /* The validator check is live: a corrupted module is rejected. */
        uint32_t *bad = malloc(n * 4);
        if (bad) {
            memcpy(bad, w, n * 4);
            bad[3] = 2; /* an id bound far too small */
            ok(spirv_val(bad, n, 1) != 0, "spirv-val rejects a bad module");
            free(bad);
        }
    }
    ok(w && count_op(w, n, SpvOpKill) == 1, "texkill uses OpKill by default");
    ok(w && count_op(w, n, SpvOpExecutionMode) == 2,
       "ps20: OriginUpperLeft and DepthReplacing");
    free(w);
}

/* ---- fixed-function steps (alpha test, fog, sRGB write, point size) ------------- */

/* An OpMemberDecorate ... Offset `offset` is in the module. */
static int has_member_offset(const uint32_t *w, size_t n, uint32_t offset)
{
    size_t pos = 5;
    while (pos < n && (w[pos] >> 16)) {
        if ((w[pos] & 0xffff) == SpvOpMemberDecorate && (w[pos] >> 16) >= 5 &&
            w[pos + 3] == SpvDecorationOffset && w[pos + 4] == offset)
            return 1;
        pos += w[pos] >> 16;
    }
    return 0;
}

/* OpExtInst of GLSL.std.450 instruction `inst` (the only set imported). */
static unsigned count_ext(const uint32_t *w, size_t n, uint32_t inst)
{
    size_t pos = 5;
    unsigned k = 0;
    while (pos < n && (w[pos] >> 16)) {
        if ((w[pos] & 0xffff) == SpvOpExtInst && (w[pos] >> 16) >= 5 &&
            w[pos + 4] == inst)
            k++;
        pos += w[pos] >> 16;
    }
    return k;
}

#define GLSL_FMIX 46u
#define GLSL_POW 26u
#define GLSL_EXP 27u

static uint32_t *ff_translate(const char *name, const uint32_t *tok,
                              size_t ntok,
                              const struct dxso_spirv_options *o, size_t *n)
{
    return translate_opts(name, tok, ntok, o, n);
}
#define FF_TR(name, arr, o, n) ff_translate(name, arr, sizeof(arr) / 4, o, n)

/* The module for `o` is word for word the default one: options ignored. */
static int same_as_default(const char *name, const uint32_t *tok, size_t ntok,
                           const struct dxso_spirv_options *o)
{
    struct dxso_shader s;
    char err[256];
    uint32_t *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    int same;

    if (!ok(dxso_parse(tok, ntok * 4, &s, err, sizeof(err)), "%s: parse: %s",
            name, err))
        return 0;
    same = dxso_to_spirv(&s, NULL, &a, &na, err, sizeof(err)) &&
           dxso_to_spirv(&s, o, &b, &nb, err, sizeof(err)) && na == nb &&
           memcmp(a, b, na * 4) == 0;
    free(a);
    free(b);
    dxso_shader_cleanup(&s);
    return same;
}
#define SAME_AS_DEFAULT(name, arr, o) same_as_default(name, arr, sizeof(arr) / 4, o)

static void expect_options_refused(const char *name, const uint32_t *tok,
                                   size_t ntok,
                                   const struct dxso_spirv_options *o,
                                   const char *want)
{
    struct dxso_shader s;
    char err[256];
    uint32_t *w = (uint32_t *)1;
    size_t n = 1;

    if (!ok(dxso_parse(tok, ntok * 4, &s, err, sizeof(err)), "%s: parse: %s",
            name, err))
        return;
    ok(!dxso_to_spirv(&s, o, &w, &n, err, sizeof(err)),
       "%s: translation refused", name);
    ok(w == NULL && n == 0, "%s: no output", name);
    ok(strstr(err, want) != NULL && strncmp(err, "instruction", 11) != 0,
       "%s: reason \"%s\" mentions \"%s\"", name, err, want);
    dxso_shader_cleanup(&s);
}

static void test_alpha_test(void)
{
    static const char *const fname[9] = {
        "off", "never", "less", "equal", "lessequal",
        "greater", "notequal", "greaterequal", "always",
    };
    static const SpvOp fop[9] = {
        0, 0, SpvOpFOrdLessThan, SpvOpFOrdEqual, SpvOpFOrdLessThanEqual,
        SpvOpFOrdGreaterThan, SpvOpFOrdNotEqual, SpvOpFOrdGreaterThanEqual, 0,
    };
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;
    unsigned f;
    char name[64];

    /* Every function on a ps_3_0 (no texkill of its own) and a ps_1_1. */
    for (f = 0; f <= 8; f++) {
        unsigned kills = f == 0 || f == 8 ? 0 : 1;
        memset(&o, 0, sizeof(o));
        o.alpha_func = (uint8_t)f;
        snprintf(name, sizeof(name), "ps30_atest_%s", fname[f]);
        w = FF_TR(name, ps30, &o, &n);
        ok(w && count_op(w, n, SpvOpKill) == kills,
           "%s: %u OpKill (%u)", name, kills, w ? count_op(w, n, SpvOpKill) : 0);
        ok(w && has_member_offset(w, n, DXSO_PUSH_ALPHA_REF_OFFSET) ==
                    (int)(f >= 2 && f <= 7),
           "%s: alpha ref push constant at byte 16 only when compared", name);
        if (fop[f])
            ok(w && count_op(w, n, fop[f]) >= 1, "%s: comparison op %u", name,
               (unsigned)fop[f]);
        free(w);

        snprintf(name, sizeof(name), "ps11_atest_%s", fname[f]);
        w = FF_TR(name, ps11_basic, &o, &n);
        ok(w && count_op(w, n, SpvOpKill) == 1 + kills,
           "%s: texkill + %u alpha kill", name, kills);
        free(w);
    }

    /* Demote for the alpha test too. */
    memset(&o, 0, sizeof(o));
    o.alpha_func = D3DCMP_GREATEREQUAL;
    o.use_demote = true;
    w = FF_TR("ps20_atest_demote", ps20, &o, &n);
    ok(w && count_op(w, n, SpvOpDemoteToHelperInvocation) == 2 &&
           count_op(w, n, SpvOpKill) == 0,
       "ps20: texkill and alpha test both demote");
    free(w);
    o.use_demote = false;
    w = FF_TR("ps14_atest", ps14_phase, &o, &n);
    ok(w && count_op(w, n, SpvOpKill) == 2, "ps14: texkill + alpha test");
    free(w);
    w = FF_TR("ps2x_atest", ps2x, &o, &n);
    ok(w != NULL, "ps2x (oC0 written in main, texkill in a subroutine)");
    free(w);

    /* A pixel shader that writes no oC0 gets no test. */
    {
        static const uint32_t ps20_depth_only[] = {
            PS(2, 0),
            OP(D3DSIO_DEF, 5), D(C, 0), FH, FH, FH, FH,
            OP(D3DSIO_MOV, 2), D(OC, 1), Sr(C, 0),
            OP(D3DSIO_MOV, 2), DST(ODEPTH, 0, 1), Sw(C, 0, XXXX),
            END,
        };
        o.alpha_func = D3DCMP_NEVER;
        w = FF_TR("ps20_no_oc0_atest", ps20_depth_only, &o, &n);
        ok(w && count_op(w, n, SpvOpKill) == 0, "no oC0: no alpha test");
        free(w);
    }

    /* Vertex shaders ignore it. */
    ok(SAME_AS_DEFAULT("vs11_atest", vs11_transform, &o),
       "vs: alpha_func ignored");
    ok(SAME_AS_DEFAULT("vs30_atest", vs30, &o), "vs30: alpha_func ignored");

    /* Defaults: no push block in a pixel shader. */
    w = FF_TR("ps30_default", ps30, NULL, &n);
    ok(w && count_op(w, n, SpvOpKill) == 0 &&
           !has_member_offset(w, n, DXSO_PUSH_ALPHA_REF_OFFSET),
       "ps30 default: no alpha test");
    free(w);

    memset(&o, 0, sizeof(o));
    o.alpha_func = 9;
    expect_options_refused("atest_9", ps30, sizeof(ps30) / 4, &o,
                           "alpha_func");
}

static void test_fog(void)
{
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;
    unsigned mode;
    char name[64];

    /* Vertex fog: the location 10 varying, fog colour only. */
    memset(&o, 0, sizeof(o));
    o.fog_vertex = true;
    w = FF_TR("ps11_fog_vertex", ps11_basic, &o, &n);
    ok(w && find_word_after(w, n, SpvOpDecorate, SpvDecorationLocation,
                            DXSO_VARYING_FOG_LOCATION),
       "ps11 fog_vertex: reads location 10");
    ok(w && has_member_offset(w, n, DXSO_PS_UBO_FOG_COLOR_OFFSET) &&
           has_member_offset(w, n, DXSO_PS_UBO_FOG_OFFSET),
       "ps11 fog_vertex: fog_color at 4352, fog at 4368");
    ok(w && count_ext(w, n, GLSL_FMIX) >= 1, "ps11 fog_vertex: mix");
    ok(w && !find_word_after(w, n, SpvOpDecorate, SpvDecorationBuiltIn,
                             SpvBuiltInFragCoord),
       "ps11 fog_vertex: no FragCoord");
    free(w);
    w = FF_TR("ps20_fog_vertex", ps20, &o, &n);
    ok(w && find_word_after(w, n, SpvOpDecorate, SpvDecorationLocation,
                            DXSO_VARYING_FOG_LOCATION),
       "ps20 fog_vertex: reads location 10");
    free(w);

    /* Table fog, every mode, on z and on w, on several models. */
    for (mode = 1; mode <= 3; mode++) {
        static const char *const mname[4] = {"", "exp", "exp2", "linear"};
        unsigned fw;
        for (fw = 0; fw < 2; fw++) {
            memset(&o, 0, sizeof(o));
            o.fog_table_mode = (uint8_t)mode;
            o.fog_w = fw != 0;
            o.fog_vertex = true; /* table mode wins, as in ff.c */
            snprintf(name, sizeof(name), "ps20_fog_%s_%s", mname[mode],
                     fw ? "w" : "z");
            w = FF_TR(name, ps20, &o, &n);
            ok(w && find_word_after(w, n, SpvOpDecorate, SpvDecorationBuiltIn,
                                    SpvBuiltInFragCoord),
               "%s: FragCoord", name);
            ok(w && !find_word_after(w, n, SpvOpDecorate,
                                     SpvDecorationLocation,
                                     DXSO_VARYING_FOG_LOCATION),
               "%s: table fog ignores the varying", name);
            ok(w && has_member_offset(w, n, DXSO_PS_UBO_FOG_OFFSET) &&
                   has_member_offset(w, n, DXSO_PS_UBO_FOG_COLOR_OFFSET),
               "%s: fog params at 4368", name);
            ok(w && count_ext(w, n, GLSL_EXP) == (mode == 3 ? 0u : 1u),
               "%s: %s", name, mode == 3 ? "no exp" : "one exp");
            free(w);
            snprintf(name, sizeof(name), "ps12_fog_%s_%s", mname[mode],
                     fw ? "w" : "z");
            free(FF_TR(name, ps12, &o, &n));
            snprintf(name, sizeof(name), "ps2x_fog_%s_%s", mname[mode],
                     fw ? "w" : "z");
            free(FF_TR(name, ps2x, &o, &n));
        }
    }

    /* ps_3_0 does its own fog: the options change nothing. */
    memset(&o, 0, sizeof(o));
    o.fog_table_mode = D3DFOG_LINEAR;
    o.fog_vertex = true;
    o.fog_w = true;
    w = FF_TR("ps30_fog_ignored", ps30, &o, &n);
    ok(w && !has_member_offset(w, n, DXSO_PS_UBO_FOG_COLOR_OFFSET) &&
           !has_member_offset(w, n, DXSO_PS_UBO_FOG_OFFSET),
       "ps30: no fixed-function fog");
    free(w);
    ok(SAME_AS_DEFAULT("ps30_fog_ignored", ps30, &o),
       "ps30: fog options change nothing");
    ok(SAME_AS_DEFAULT("ps30_nest_fog_ignored", ps30_nest, &o),
       "ps30_nest: fog options change nothing");
    /* Vertex shaders ignore the pixel fog options. */
    ok(SAME_AS_DEFAULT("vs11_fog_ignored", vs11_transform, &o),
       "vs11: fog options ignored");
    ok(SAME_AS_DEFAULT("vs30_fog_ignored", vs30, &o),
       "vs30: fog options ignored");

    /* Defaults: no fog members. */
    w = FF_TR("ps20_nofog", ps20, NULL, &n);
    ok(w && !has_member_offset(w, n, DXSO_PS_UBO_FOG_COLOR_OFFSET) &&
           !find_word_after(w, n, SpvOpDecorate, SpvDecorationLocation,
                            DXSO_VARYING_FOG_LOCATION),
       "ps20 default: no fog");
    free(w);

    /* Fog with the bump-env members and relative constants around. */
    memset(&o, 0, sizeof(o));
    o.fog_table_mode = D3DFOG_EXP2;
    free(FF_TR("ps11_bump_fog", ps11_bump, &o, &n));
    free(FF_TR("ps14_fog", ps14_phase, &o, &n));

    memset(&o, 0, sizeof(o));
    o.fog_table_mode = 4;
    expect_options_refused("fog_4", ps20, sizeof(ps20) / 4, &o,
                           "fog_table_mode");
}

static void test_srgb_write(void)
{
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;

    memset(&o, 0, sizeof(o));
    o.srgb_write = true;
    w = FF_TR("ps11_srgb", ps11_basic, &o, &n);
    ok(w && count_ext(w, n, GLSL_POW) == 1, "ps11 srgb: one pow");
    free(w);
    {
        /* ps20 has a pow of its own. */
        unsigned base = 0;
        w = FF_TR("ps20_nosrgb", ps20, NULL, &n);
        if (w)
            base = count_ext(w, n, GLSL_POW);
        free(w);
        w = FF_TR("ps20_srgb", ps20, &o, &n);
        ok(w && count_ext(w, n, GLSL_POW) == base + 2,
           "ps20 srgb: oC0 and oC1 (%u pow without)", base);
        free(w);
    }
    w = FF_TR("ps30_srgb", ps30, &o, &n);
    ok(w && count_ext(w, n, GLSL_POW) == 2, "ps30 srgb: oC0 and oC3");
    free(w);
    w = FF_TR("ps11_nosrgb", ps11_basic, NULL, &n);
    ok(w && count_ext(w, n, GLSL_POW) == 0, "ps11 default: no conversion");
    free(w);
    ok(SAME_AS_DEFAULT("vs11_srgb_ignored", vs11_transform, &o),
       "vs: srgb_write ignored");
    {
        /* sRGB reads: one decode (one pow) per sample of a flagged sampler;
         * ps20 samples s0. */
        struct dxso_spirv_options r;
        unsigned base = 0;
        memset(&r, 0, sizeof(r));
        w = FF_TR("ps20_noread", ps20, NULL, &n);
        if (w)
            base = count_ext(w, n, GLSL_POW);
        free(w);
        r.srgb_samplers = 0xffff;
        w = FF_TR("ps20_srgb_read", ps20, &r, &n);
        ok(w && count_ext(w, n, GLSL_POW) > base, "ps20 srgb read: decoded (%u pow without)",
           base);
        free(w);
    }

    /* All pixel steps at once, with demote. */
    o.alpha_func = D3DCMP_LESSEQUAL;
    o.fog_table_mode = D3DFOG_LINEAR;
    o.fog_w = true;
    o.use_demote = true;
    w = FF_TR("ps12_all_steps", ps12, &o, &n);
    ok(w && count_ext(w, n, GLSL_POW) == 1 && count_ext(w, n, GLSL_FMIX) >= 1 &&
           count_op(w, n, SpvOpDemoteToHelperInvocation) == 1,
       "ps12: fog, alpha test and sRGB together");
    free(w);
    o.fog_table_mode = 0;
    o.fog_vertex = true;
    free(FF_TR("ps2x_all_steps", ps2x, &o, &n));
    free(FF_TR("ps30_nest_all_steps", ps30_nest, &o, &n));
}

static void test_point_size(void)
{
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;

#define HAS_PSIZE(w, n)                                                        \
    find_word_after(w, n, SpvOpDecorate, SpvDecorationBuiltIn,                 \
                    SpvBuiltInPointSize)

    memset(&o, 0, sizeof(o));
    o.force_point_size = true;
    w = FF_TR("vs11_force_psize", vs11_transform, &o, &n);
    ok(w && HAS_PSIZE(w, n) &&
           has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET),
       "vs11 without oPts: gl_PointSize from the point vec4 at 4608");
    ok(w && count_ext(w, n, 40 /* FMax */) >= 1 &&
           count_ext(w, n, 37 /* FMin */) >= 1,
       "vs11 forced point size is clamped");
    free(w);
    w = FF_TR("vs20_force_psize", vs20_flow, &o, &n);
    ok(w && HAS_PSIZE(w, n) &&
           has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET),
       "vs20 without oPts: forced");
    free(w);
    w = FF_TR("vs30_simple_force_psize", vs30_simple, &o, &n);
    ok(w && HAS_PSIZE(w, n) &&
           has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET),
       "vs30 without dcl_psize: forced");
    free(w);

    /* Shaders that write a point size keep theirs, clamped to
     * D3DRS_POINTSIZE_MIN/MAX as D3D9 clamps it. */
    w = FF_TR("vs11_skin_force_psize", vs11_skin, &o, &n);
    ok(w && HAS_PSIZE(w, n) && has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET) &&
           count_ext(w, n, 40 /* FMax */) >= 1 && count_ext(w, n, 37 /* FMin */) >= 1,
       "vs11 with oPts: its own point size, clamped by the point vec4");
    free(w);
    w = FF_TR("vs30_force_psize", vs30, &o, &n);
    ok(w && HAS_PSIZE(w, n) && has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET) &&
           count_ext(w, n, 40 /* FMax */) >= 1 && count_ext(w, n, 37 /* FMin */) >= 1,
       "vs30 with dcl_psize: its own point size, clamped by the point vec4");
    free(w);
    w = FF_TR("vs30_nest_force_psize", vs30_nest, &o, &n);
    ok(w && HAS_PSIZE(w, n), "vs30_nest: forced");
    free(w);

    /* Defaults, and pixel shaders. */
    w = FF_TR("vs11_no_psize", vs11_transform, NULL, &n);
    ok(w && !HAS_PSIZE(w, n) &&
           !has_member_offset(w, n, DXSO_VS_UBO_POINT_OFFSET),
       "vs11 default: no gl_PointSize");
    free(w);
    ok(SAME_AS_DEFAULT("ps20_force_psize_ignored", ps20, &o),
       "ps: force_point_size ignored");
#undef HAS_PSIZE
}

static void test_fixed_function_steps(void)
{
    struct dxso_spirv_options o;
    uint32_t *w;
    size_t n;

    /* The documented layout. */
    ok(DXSO_VS_UBO_SIZE == 4720 && DXSO_PS_UBO_SIZE == 4384,
       "UBO sizes 4720 / 4384");
    ok(DXSO_PS_UBO_FOG_COLOR_OFFSET == DXSO_PS_UBO_BUMPENV_LUM_OFFSET + 128 &&
           DXSO_PS_UBO_FOG_OFFSET == DXSO_PS_UBO_FOG_COLOR_OFFSET + 16 &&
           DXSO_PS_UBO_SIZE == DXSO_PS_UBO_FOG_OFFSET + 16,
       "ps fog members follow the bump-env ones");
    ok(DXSO_VS_UBO_POINT_OFFSET == DXSO_UBO_BOOL_OFFSET(DXSO_VS_CONSTS) + 256 &&
           DXSO_VS_UBO_CLIP_OFFSET == DXSO_VS_UBO_POINT_OFFSET + 16 &&
           DXSO_VS_UBO_SIZE == DXSO_VS_UBO_CLIP_OFFSET + 6 * 16,
       "vs point member follows the bools, the clip planes the point");
    ok(DXSO_PUSH_ALPHA_REF_OFFSET == 16, "alpha ref at push byte 16");

    test_alpha_test();
    test_fog();
    test_srgb_write();
    test_point_size();

    /* Every option at once on every model: valid modules. */
    memset(&o, 0, sizeof(o));
    o.alpha_func = D3DCMP_GREATER;
    o.fog_table_mode = D3DFOG_EXP;
    o.fog_w = true;
    o.srgb_write = true;
    o.force_point_size = true;
    {
        static const struct {
            const char *name;
            const uint32_t *tok;
            size_t size;
        } all[] = {
#define E(x) {#x "_all_options", x, sizeof(x)}
            E(vs11_transform), E(vs11_skin), E(vs20_flow), E(vs2x_pred),
            E(vs30), E(vs30_simple), E(vs30_nest), E(ps11_basic),
            E(ps11_bump), E(ps11_m3x2), E(ps11_m3x3spec), E(ps11_m3x3vspec),
            E(ps11_m3x3tex), E(ps12), E(ps12_m3x3), E(ps13_depth),
            E(ps14_phase), E(ps20), E(ps2x), E(ps30), E(ps30_nest),
#undef E
        };
        size_t i;
        for (i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
            w = translate_opts(all[i].name, all[i].tok, all[i].size / 4, &o,
                               &n);
            free(w);
        }
    }
}

static unsigned map_input(void *ctx, unsigned usage, unsigned index,
                          unsigned reg)
{
    (void)reg;
    ++*(unsigned *)ctx;
    return usage == D3DDECLUSAGE_POSITION ? 7
           : usage == D3DDECLUSAGE_NORMAL ? 8
                                          : 9 + index;
}

static void test_interface(void)
{
    struct dxso_spirv_options o;
    unsigned calls = 0;
    uint32_t *w;
    size_t n;

    /* Locations of vs inputs: the mapping callback or the register. */
    memset(&o, 0, sizeof(o));
    o.input_location = map_input;
    o.input_location_ctx = &calls;
    w = translate_opts("vs11_mapped", vs11_transform,
                       sizeof(vs11_transform) / 4, &o, &n);
    ok(calls == 3, "input_location called for each input (%u)", calls);
    free(w);

    /* vs_3_0 texcoord3 lands on location 2 + 3 = 5; ps texcoord 0/1 on 2/3. */
    w = translate_opts("vs30_simple_loc", vs30_simple,
                       sizeof(vs30_simple) / 4, NULL, &n);
    ok(w && find_word_after(w, n, SpvOpDecorate, SpvDecorationLocation, 5),
       "vs_3_0 texcoord3 at location 5");
    ok(w && count_op(w, n, SpvOpDecorate) >= 1, "decorations present");
    free(w);

    ok(dxso_varying_location(D3DDECLUSAGE_COLOR, 0) == 0, "color0 -> 0");
    ok(dxso_varying_location(D3DDECLUSAGE_COLOR, 1) == 1, "color1 -> 1");
    ok(dxso_varying_location(D3DDECLUSAGE_TEXCOORD, 7) == 9, "tc7 -> 9");
    ok(dxso_varying_location(D3DDECLUSAGE_FOG, 0) == 10, "fog -> 10");
    ok(dxso_varying_location(D3DDECLUSAGE_TEXCOORD, 15) == 23, "tc15 -> 23");
    ok(dxso_varying_location(D3DDECLUSAGE_PSIZE, 0) == -1, "psize: none");
    ok(dxso_varying_location(D3DDECLUSAGE_TESSFACTOR, 0) == -1,
       "tessfactor: none");
    {
        /* No two (usage, index) share a location. */
        int seen[DXSO_MAX_VARYING_LOCATIONS] = {0}, dup = 0, max = -1;
        unsigned u, i;
        for (u = 0; u <= D3DDECLUSAGE_SAMPLE; u++)
            for (i = 0; i < 16; i++) {
                int l = dxso_varying_location(u, i);
                if (l < 0)
                    continue;
                if (l >= (int)DXSO_MAX_VARYING_LOCATIONS || seen[l]++)
                    dup = 1;
                if (l > max)
                    max = l;
            }
        ok(!dup && max == 31, "varying table is one-to-one in 0..31");
    }
}

/* ---- disassembly ---------------------------------------------------------------------- */

static void test_disassembly(void)
{
    struct dxso_shader s;
    char err[128], text[8192], small[8];
    size_t len, len2;

    if (!ok(dxso_parse(vs11_transform, sizeof(vs11_transform), &s, err,
                       sizeof(err)),
            "parse vs11_transform: %s", err))
        return;
    ok(s.ins_count == 10, "vs11_transform: 10 records (%zu)", s.ins_count);
    ok(s.type == DXSO_VERTEX && s.major == 1 && s.minor == 1,
       "vs11_transform: version");
    len = dxso_disassemble(&s, text, sizeof(text));
    ok(strncmp(text, "vs_1_1\n", 7) == 0, "version line: %.10s", text);
    ok(strstr(text, "dcl_position v0\n") != NULL, "dcl_position v0");
    ok(strstr(text, "dcl_texcoord v2\n") != NULL, "dcl_texcoord v2");
    ok(strstr(text, "m4x4 oPos, v0, c0\n") != NULL, "m4x4 oPos, v0, c0");
    ok(strstr(text, "max r0.x, r0.x, c95.x\n") != NULL, "max with replicate");
    ok(strstr(text, "mov oT0.xy, v2\n") != NULL, "mov oT0.xy");
    ok(strstr(text, "mov oD1, -c6\n") != NULL, "negation");
    ok(strstr(text, "def c95, 0, 0.5, 1, 2\n") != NULL, "def line");
    len2 = dxso_disassemble(&s, small, sizeof(small));
    ok(len2 == len && strlen(small) == sizeof(small) - 1,
       "truncated disassembly reports the full length");
    ok(dxso_disassemble(&s, NULL, 0) == len, "size query");
    dxso_shader_cleanup(&s);

    if (ok(dxso_parse(ps11_basic, sizeof(ps11_basic), &s, err, sizeof(err)),
           "parse ps11_basic: %s", err)) {
        dxso_disassemble(&s, text, sizeof(text));
        ok(strstr(text, "+mov r0.w, v1.w\n") != NULL, "co-issue: %s", text);
        ok(strstr(text, "mad_x2 r0.xyz, t1, c0, r0\n") != NULL, "_x2 shift");
        ok(strstr(text, "dp3_sat r1, t0_bx2, v1_bx2\n") != NULL, "_bx2");
        ok(strstr(text, "sub r1, r1_bias, 1-t2\n") != NULL, "bias, comp");
        ok(strstr(text, "add_d2 r1, r1_x2, c7\n") != NULL, "_d2, _x2");
        ok(strstr(text, "texkill t3\n") != NULL, "texkill");
        dxso_shader_cleanup(&s);
    }
    if (ok(dxso_parse(ps2x, sizeof(ps2x), &s, err, sizeof(err)),
           "parse ps2x: %s", err)) {
        dxso_disassemble(&s, text, sizeof(text));
        ok(strncmp(text, "ps_2_x\n", 7) == 0, "ps_2_x version line");
        ok(strstr(text, "setp_ne p0, r2, c0\n") != NULL, "setp_ne");
        ok(strstr(text, "(!p0) texld r4, t0, s0\n") != NULL, "predicate");
        ok(strstr(text, "  break_eq r4.x, c2.x\n") != NULL, "break_eq");
        ok(strstr(text, "callnz l2, !p0\n") != NULL, "callnz !p0");
        dxso_shader_cleanup(&s);
    }
    if (ok(dxso_parse(vs30, sizeof(vs30), &s, err, sizeof(err)),
           "parse vs30: %s", err)) {
        dxso_disassemble(&s, text, sizeof(text));
        ok(strstr(text, "dcl_texcoord1 o1.zw\n") != NULL, "dcl o1.zw");
        ok(strstr(text, "dcl_volume s3\n") != NULL, "dcl_volume");
        ok(strstr(text, "mov o0[aL], v0[aL]\n") != NULL, "relative aL");
        ok(strstr(text, "texldl r1, v2, s3.wzyx\n") != NULL, "texldl");
        dxso_shader_cleanup(&s);
    }
    if (ok(dxso_parse(vs20_flow, sizeof(vs20_flow), &s, err, sizeof(err)),
           "parse vs20_flow: %s", err)) {
        dxso_disassemble(&s, text, sizeof(text));
        ok(strstr(text, "mov r1, c20[a0.y]\n") != NULL, "c20[a0.y]");
        ok(strstr(text, "defi i0, 4, 0, 1, 0\n") != NULL, "defi");
        ok(strstr(text, "defb b0, true\n") != NULL, "defb");
        ok(strstr(text, "label l1\n") != NULL, "label");
        dxso_shader_cleanup(&s);
    }
    if (ok(dxso_parse(ps14_phase, sizeof(ps14_phase), &s, err, sizeof(err)),
           "parse ps14_phase: %s", err)) {
        dxso_disassemble(&s, text, sizeof(text));
        ok(strstr(text, "texld r2, t2_dz\n") != NULL, "texld _dz");
        ok(strstr(text, "texcrd r1.xyz, t1\n") != NULL, "texcrd");
        ok(strstr(text, "phase\n") != NULL, "phase");
        dxso_shader_cleanup(&s);
    }
    ok(dxso_opcode_name(D3DSIO_TEXM3x3VSPEC) &&
           strcmp(dxso_opcode_name(D3DSIO_TEXM3x3VSPEC), "texm3x3vspec") == 0,
       "opcode name");
    ok(dxso_opcode_name(0x7777) == NULL, "unknown opcode name");
}

/* ---- malformed input ---------------------------------------------------------------- */

static void test_malformed(void)
{
    static const uint32_t bad_version[] = {0x12340101, END};
    static const uint32_t vs10[] = {VS(1, 0), END};
    static const uint32_t vs22[] = {VS(2, 2), END};
    static const uint32_t ps40[] = {PS(4, 0), END};
    static const uint32_t ps10[] = {PS(1, 0), END};
    static const uint32_t no_end[] = {VS(1, 1), D3DSIO_MOV, D(R, 0), Sr(V, 0)};
    static const uint32_t truncated[] = {VS(1, 1), D3DSIO_MAD, D(R, 0),
                                         Sr(V, 0)};
    static const uint32_t bad_op[] = {VS(1, 1), 0x70, D(R, 0), END};
    static const uint32_t flow_in_sm1[] = {VS(1, 1), D3DSIO_REP, Sr(I, 0),
                                           D3DSIO_ENDREP, END};
    static const uint32_t bad_temp[] = {VS(1, 1), D3DSIO_MOV, D(R, 12),
                                        Sr(V, 0), END};
    static const uint32_t bad_const_ps[] = {PS(1, 1), D3DSIO_MOV, D(R, 0),
                                            Sr(C, 8), END};
    static const uint32_t bad_input[] = {VS(2, 0), OP(D3DSIO_MOV, 2), D(R, 0),
                                         Sr(V, 16), END};
    static const uint32_t bad_type[] = {VS(2, 0), OP(D3DSIO_MOV, 2), D(R, 0),
                                        Sr(11, 0), END};
    static const uint32_t huge_len[] = {VS(2, 0), OP(D3DSIO_MOV, 15), D(R, 0),
                                        Sr(V, 0), END};
    static const uint32_t short_len[] = {VS(2, 0), OP(D3DSIO_ADD, 2), D(R, 0),
                                         Sr(V, 0), Sr(V, 1), END};
    static const uint32_t long_len[] = {VS(2, 0), OP(D3DSIO_MOV, 3), D(R, 0),
                                        Sr(V, 0), Sr(V, 1), END};
    static const uint32_t comment_past[] = {VS(1, 1), COMMENT(100), 0, END};
    static const uint32_t no_bit31[] = {VS(1, 1), D3DSIO_MOV, D(R, 0),
                                        0x00e40000, END};
    static const uint32_t open_rep[] = {VS(2, 0), OP(D3DSIO_REP, 1), Sr(I, 0),
                                        END};
    static const uint32_t stray_endif[] = {VS(2, 0), OP(D3DSIO_ENDIF, 0), END};
    static const uint32_t two_else[] = {
        VS(2, 0), OP(D3DSIO_IF, 1), Sr(B, 0), OP(D3DSIO_ELSE, 0),
        OP(D3DSIO_ELSE, 0), OP(D3DSIO_ENDIF, 0), END};
    static const uint32_t cross[] = {
        VS(2, 0), OP(D3DSIO_REP, 1), Sr(I, 0), OP(D3DSIO_IF, 1), Sr(B, 0),
        OP(D3DSIO_ENDREP, 0), OP(D3DSIO_ENDIF, 0), END};
    static const uint32_t loose_break[] = {VS(2, 1), OP(D3DSIO_BREAK, 0), END};
    static const uint32_t ret_in_if[] = {
        VS(2, 0), OP(D3DSIO_IF, 1), Sr(B, 0), OP(D3DSIO_RET, 0),
        OP(D3DSIO_ENDIF, 0), END};
    static const uint32_t sub_no_ret[] = {
        VS(2, 0), OP(D3DSIO_RET, 0), OP(D3DSIO_LABEL, 1), Sr(L, 0), END};
    static const uint32_t rel_ps20[] = {PS(2, 0), OP(D3DSIO_MOV, 3), D(R, 0),
                                        Sr(C, 0) | REL, Sr(AL, 0), END};
    static const uint32_t write_const[] = {VS(1, 1), D3DSIO_MOV, D(C, 0),
                                           Sr(V, 0), END};
    static const uint32_t shift_sm2[] = {PS(2, 0), OP(D3DSIO_MOV, 2),
                                         D(R, 0) | SHIFT(1), Sr(C, 0), END};
    static const uint32_t bad_srcmod[] = {VS(1, 1), D3DSIO_MOV, D(R, 0),
                                          Sm(V, 0, 14), END};
    static const uint32_t empty_mask[] = {VS(1, 1), D3DSIO_MOV, DST(R, 0, 0),
                                          Sr(V, 0), END};
    static const uint32_t bad_sampler[] = {PS(2, 0), OP(D3DSIO_DCL, 2),
                                           DCLS(7), D(S, 0), END};
    static const uint32_t loop_no_al[] = {
        VS(2, 0), OP(D3DSIO_LOOP, 2), Sr(I, 0), Sr(I, 0),
        OP(D3DSIO_ENDLOOP, 0), END};
    static const uint32_t coissue_vs[] = {VS(1, 1), D3DSIO_MOV | COISSUE,
                                          D(R, 0), Sr(V, 0), END};
    static const uint32_t pred_sm1[] = {VS(1, 1), D3DSIO_MOV | PRED, D(R, 0),
                                        Sr(P, 0), Sr(V, 0), END};
    static const uint32_t bad_cmp[] = {VS(2, 1), OP(D3DSIO_IFC, 2) | CTL(7),
                                       Sr(C, 0), Sr(C, 1),
                                       OP(D3DSIO_ENDIF, 0), END};
    static const uint32_t mat_range[] = {VS(1, 1), D3DSIO_M4x4, D(R, 0),
                                         Sr(V, 0), Sr(C, 253), END};
    static const uint32_t ps1x_texop_in_ps2[] = {PS(2, 0), OP(D3DSIO_TEXBEM, 2),
                                                 D(T, 1), Sr(T, 0), END};
    static const uint32_t bad_end[] = {VS(1, 1), 0x0001ffff, END};
    static const uint32_t bad_dcl_usage[] = {VS(2, 0), OP(D3DSIO_DCL, 2),
                                             DCLU(14, 0), D(V, 0), END};
    static const uint32_t ps30_dcl_position[] = {PS(3, 0), OP(D3DSIO_DCL, 2),
                                                 DCLU(0, 0), D(V, 0), END};
    static const uint32_t ps30_dcl_position1[] = {PS(3, 0), OP(D3DSIO_DCL, 2),
                                                  DCLU(0, 1), D(V, 0), END};
    uint32_t deep[2 + 34 * 3 + 1 + 34];
    uint32_t odd[3] = {VS(1, 1), END, 0};
    size_t k = 0;
    unsigned i;

    REFUSED("bad version", bad_version, "version");
    REFUSED("vs_1_0", vs10, "unsupported shader version");
    REFUSED("vs_2_2", vs22, "unsupported");
    REFUSED("ps_4_0", ps40, "unsupported");
    REFUSED("ps_1_0", ps10, "unsupported");
    REFUSED("missing END", no_end, "missing END");
    REFUSED("truncated", truncated, "truncated");
    REFUSED("unknown opcode", bad_op, "unknown opcode");
    REFUSED("rep in vs_1_1", flow_in_sm1, "unknown opcode");
    REFUSED("r12 in vs_1_1", bad_temp, "out of range");
    REFUSED("c8 in ps_1_1", bad_const_ps, "out of range");
    REFUSED("v16", bad_input, "out of range");
    REFUSED("CONST2 register", bad_type, "not available");
    REFUSED("huge length", huge_len, "past the end");
    REFUSED("short length", short_len, "length");
    REFUSED("long length", long_len, "does not match");
    REFUSED("comment past end", comment_past, "comment");
    REFUSED("source without bit 31", no_bit31, "bit 31");
    REFUSED("open rep", open_rep, "flow control");
    REFUSED("stray endif", stray_endif, "endif without if");
    REFUSED("two else", two_else, "else without if");
    REFUSED("crossed nesting", cross, "endrep without rep");
    REFUSED("break outside loop", loose_break, "outside a loop");
    REFUSED("ret inside if", ret_in_if, "ret inside flow control");
    REFUSED("subroutine without ret", sub_no_ret, "subroutine");
    REFUSED("relative addressing in ps_2_0", rel_ps20, "relative");
    REFUSED("write to c#", write_const, "destination register type");
    REFUSED("shift in ps_2_0", shift_sm2, "shift");
    REFUSED("bad source modifier", bad_srcmod, "modifier");
    REFUSED("empty write mask", empty_mask, "write mask");
    REFUSED("bad sampler type", bad_sampler, "sampler type");
    REFUSED("loop without aL", loop_no_al, "aL");
    REFUSED("co-issue in vs", coissue_vs, "co-issue");
    REFUSED("predicate in SM1", pred_sm1, "predication");
    REFUSED("bad comparison", bad_cmp, "comparison");
    REFUSED("matrix rows out of range", mat_range, "out of range");
    REFUSED("texbem in ps_2_0", ps1x_texop_in_ps2, "unknown opcode");
    REFUSED("malformed END", bad_end, "END");
    REFUSED("bad dcl usage", bad_dcl_usage, "usage");
    REFUSED("ps_3_0 dcl_position0 input", ps30_dcl_position, "dcl_position0");
    {
        struct dxso_shader s;
        char err[128];
        ok(dxso_parse(ps30_dcl_position1, sizeof(ps30_dcl_position1), &s, err,
                      sizeof(err)),
           "ps_3_0 dcl_position1 (a varying) is accepted: %s", err);
        dxso_shader_cleanup(&s);
    }
    expect_refused("empty", vs10, 0, "shorter");
    expect_refused("4 bytes", vs10, 4, "shorter");
    expect_refused("odd size", odd, 9, "multiple of 4");
    expect_refused("NULL", NULL, 64, "shorter");

    /* 34 nested ifs. */
    deep[k++] = VS(2, 0);
    for (i = 0; i < 34; i++) {
        deep[k++] = OP(D3DSIO_IF, 1);
        deep[k++] = Sr(B, 0);
    }
    for (i = 0; i < 34; i++)
        deep[k++] = OP(D3DSIO_ENDIF, 0);
    deep[k++] = END;
    expect_refused("nesting too deep", deep, k * 4, "nested deeper");

    /* Trailing bytes after END are ignored; a 1-byte tail is not a word. */
    {
        uint32_t tail[] = {VS(1, 1), END, 0xdeadbeef};
        struct dxso_shader s;
        char err[64];
        ok(dxso_parse(tail, sizeof(tail), &s, err, sizeof(err)) &&
               s.token_count == 2,
           "data after END is ignored");
        dxso_shader_cleanup(&s);
        ok(dxso_parse(tail, 8, &s, NULL, 0), "NULL err buffer allowed");
        dxso_shader_cleanup(&s);
    }

    /* dxso_scan_size */
    ok(dxso_scan_size(vs11_transform, sizeof(vs11_transform)) ==
           sizeof(vs11_transform),
       "scan_size finds END past a comment");
    ok(dxso_scan_size(vs11_transform, sizeof(vs11_transform) - 4) == 0,
       "scan_size: no END in range");
    ok(dxso_scan_size(comment_past, sizeof(comment_past)) == 0,
       "scan_size: comment past the end");

    /* Translation-time refusals. */
    {
        static const uint32_t undefined_label[] = {
            VS(2, 0), OP(D3DSIO_CALL, 1), Sr(L, 5), END};
        static const uint32_t recursion[] = {
            VS(2, 0), OP(D3DSIO_CALL, 1), Sr(L, 0), OP(D3DSIO_RET, 0),
            OP(D3DSIO_LABEL, 1), Sr(L, 0), OP(D3DSIO_CALL, 1), Sr(L, 1),
            OP(D3DSIO_RET, 0), OP(D3DSIO_LABEL, 1), Sr(L, 1),
            OP(D3DSIO_CALL, 1), Sr(L, 0), OP(D3DSIO_RET, 0), END};
        static const uint32_t bad_varying[] = {
            VS(3, 0), OP(D3DSIO_DCL, 2), DCLU(D3DDECLUSAGE_TESSFACTOR, 0),
            D(OUT, 0), OP(D3DSIO_MOV, 2), D(OUT, 0), Sr(C, 0), END};
        static const uint32_t pad_missing[] = {
            PS(1, 1), D3DSIO_TEX, D(T, 0), D3DSIO_TEXM3x2TEX, D(T, 1),
            Sr(T, 0), D3DSIO_MOV, D(R, 0), Sr(T, 1), END};
        static const uint32_t pred_flow[] = {
            VS(2, 1), OP(D3DSIO_REP, 1), Sr(I, 0), OP(D3DSIO_BREAK, 1) | PRED,
            Sr(P, 0), OP(D3DSIO_ENDREP, 0), END};
        expect_translate_fails("undefined label", undefined_label,
                               sizeof(undefined_label) / 4, "undefined label");
        expect_translate_fails("recursion", recursion, sizeof(recursion) / 4,
                               "recursive");
        expect_translate_fails("varying without location", bad_varying,
                               sizeof(bad_varying) / 4, "no varying location");
        expect_translate_fails("texm3x2tex without pad", pad_missing,
                               sizeof(pad_missing) / 4, "pad");
        expect_translate_fails("predicated break", pred_flow,
                               sizeof(pred_flow) / 4, "predicated");
    }
}

/* ---- fuzz --------------------------------------------------------------------------- */

static uint64_t rng_state = 0x853c49e6748fea9bull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static const uint32_t *const corpus[] = {
    vs11_transform, vs11_skin, vs20_flow, vs2x_pred, vs30, ps11_basic,
    ps11_bump, ps11_m3x2, ps11_m3x3spec, ps12, ps13_depth, ps14_phase,
    ps20, ps2x, ps30, vs30_nest, ps30_nest,
};
static const size_t corpus_size[] = {
    sizeof(vs11_transform), sizeof(vs11_skin), sizeof(vs20_flow),
    sizeof(vs2x_pred), sizeof(vs30), sizeof(ps11_basic), sizeof(ps11_bump),
    sizeof(ps11_m3x2), sizeof(ps11_m3x3spec), sizeof(ps12),
    sizeof(ps13_depth), sizeof(ps14_phase), sizeof(ps20), sizeof(ps2x),
    sizeof(ps30), sizeof(vs30_nest), sizeof(ps30_nest),
};

/* A plausible token for a random stream. */
static uint32_t random_token(void)
{
    static const uint32_t versions[] = {VS(1, 1), VS(2, 0), VS(2, 1),
                                        VS(3, 0), PS(1, 1), PS(1, 4),
                                        PS(2, 0), PS(2, 1), PS(3, 0)};
    uint32_t a, b, c;

    /* One call a statement: the sequence must not depend on the
     * compiler's evaluation order. */
    switch (rnd() % 6) {
    case 0: /* instruction token */
        a = rnd() % 100;
        b = (rnd() % 6) << 24;
        c = rnd() % 8 == 0 ? (rnd() & 0x70ff0000u) : 0;
        return a | b | c;
    case 1:
    case 2: /* parameter */
        return 0x80000000u | (rnd() & 0x7fffffffu & ~0x000007e0u);
    case 3:
        return END;
    case 4:
        return versions[rnd() % 9];
    default:
        return rnd();
    }
}

static unsigned fuzz_validate_max = 60, fuzz_validate_every = 7;

static void fuzz_one(const uint32_t *buf, size_t bytes, unsigned *accepted,
                     unsigned *translated, unsigned *validated,
                     unsigned *invalid)
{
    struct dxso_shader s;
    struct dxso_spirv_options fo;
    const struct dxso_spirv_options *opts = NULL;
    char err[256], text[4096];
    uint32_t *w = NULL;
    size_t n = 0;

    if (!dxso_parse(buf, bytes, &s, err, sizeof(err))) {
        if (!err[0] || s.ins || s.ins_count)
            (*invalid)++;
        return;
    }
    (*accepted)++;
    dxso_disassemble(&s, text, sizeof(text));
    /* Half of the streams get fixed-function options, chosen from the
     * stream itself (not from rnd(), which would change the streams). */
    if (s.ins_count & 1) {
        size_t k = s.token_count;
        memset(&fo, 0, sizeof(fo));
        fo.alpha_func = (uint8_t)(k % 9);
        fo.fog_table_mode = (uint8_t)((k / 9) % 4);
        fo.fog_vertex = (k / 36) & 1;
        fo.fog_w = (k / 72) & 1;
        fo.srgb_write = (k / 144) & 1;
        fo.srgb_samplers = (uint16_t)((k / 288) & 1 ? 0xffffu : 0);
        fo.force_point_size = (k / 3) & 1;
        fo.use_demote = (k / 5) & 1;
        fo.texture_table = (k / 7) & 1;
        opts = &fo;
    }
    if (dxso_to_spirv(&s, opts, &w, &n, err, sizeof(err))) {
        (*translated)++;
        /* Validate a sample of what the translator accepts. */
        if (have_spirv_val && *validated < fuzz_validate_max &&
            (*translated % fuzz_validate_every) == 1 % fuzz_validate_every) {
            int rc = spirv_val(w, n, 1);
            (*validated)++;
            if (rc != 0) {
                (*invalid)++;
                printf("fuzz: accepted shader does not validate:\n%s", text);
            }
        }
        free(w);
    } else if (!err[0] || w || n) {
        (*invalid)++;
    } else if (getenv("NEREID_DXSO_VERBOSE")) {
        printf("# translation refused: %s\n", err);
    }
    dxso_shader_cleanup(&s);
}

static void test_fuzz(void)
{
    long iters = 30000;
    const char *e = getenv("NEREID_DXSO_FUZZ");
    unsigned accepted = 0, translated = 0, validated = 0, invalid = 0;
    uint32_t buf[512];
    long it;

    if (e && *e)
        iters = strtol(e, NULL, 10);
    e = getenv("NEREID_DXSO_FUZZ_VALIDATE"); /* validate every accepted one */
    if (e && *e) {
        fuzz_validate_max = (unsigned)strtoul(e, NULL, 10);
        fuzz_validate_every = 1;
    }
    for (it = 0; it < iters; it++) {
        size_t words, i;
        uint32_t *heap;
        if (it & 1) {
            /* random stream */
            words = 1 + rnd() % 40;
            buf[0] = random_token() | 0xfffe0000u;
            if (rnd() & 1) {
                uint32_t ps = rnd() & 1, major = 1 + rnd() % 3;
                uint32_t minor = rnd() % 5;
                buf[0] = ps ? PS(major, minor) : VS(major, minor % 2);
            }
            for (i = 1; i < words; i++)
                buf[i] = random_token();
        } else {
            /* mutated corpus shader */
            size_t c = rnd() % (sizeof(corpus) / sizeof(corpus[0])), m, k;
            words = corpus_size[c] / 4;
            if (words > 512)
                words = 512;
            memcpy(buf, corpus[c], words * 4);
            m = 1 + rnd() % 4;
            for (k = 0; k < m; k++) {
                size_t p = rnd() % words;
                switch (rnd() % 4) {
                case 0:
                    buf[p] ^= 1u << (rnd() % 32);
                    break;
                case 1:
                    buf[p] = random_token();
                    break;
                case 2:
                    words = 1 + rnd() % words; /* truncate */
                    break;
                default: {
                    uint32_t nib = rnd() & 0xf, at = 4 * (rnd() % 8);
                    buf[p] ^= nib << at;
                    break;
                }
                }
            }
        }
        /* An exact-size heap copy, so that ASan sees any overread. */
        heap = malloc(words * 4 + (it % 3 == 0 ? 0 : 0));
        if (!heap)
            continue;
        memcpy(heap, buf, words * 4);
        fuzz_one(heap, words * 4 - (it % 5 == 0 && words > 1 ? 1 : 0),
                 &accepted, &translated, &validated, &invalid);
        free(heap);
    }
    ok(invalid == 0,
       "fuzz: %ld streams, %u accepted, %u translated, %u validated, %u "
       "inconsistent",
       iters, accepted, translated, validated, invalid);
    printf("# fuzz: %ld streams, %u parsed, %u translated, %u validated\n",
           iters, accepted, translated, validated);
}

int main(void)
{
    have_spirv_val = system("spirv-val --version >/dev/null 2>&1") == 0;
    ok(have_spirv_val, "spirv-val is installed");

    test_valid_shaders();
    test_interface();
    test_fixed_function_steps();
    test_disassembly();
    test_malformed();
    test_fuzz();
    return test_done();
}
