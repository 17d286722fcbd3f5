/* nereid: DXSO parser and disassembler.  See dxso.h.
 *
 * Token layout (Microsoft's "Direct3D shader codes" reference and
 * d3d9types.h): a version token, then records.  An instruction token holds
 * the opcode in bits 0..15, opcode-specific controls in 16..23, for SM2+
 * the number of following tokens in 24..27 and the predicate flag in 28,
 * for ps_1_x the co-issue flag in 30; bit 31 is 0.  Parameter tokens have
 * bit 31 set, the register number in bits 0..10 and the register type
 * split over bits 28..30 and 11..12; bit 13 asks for relative addressing,
 * which in SM2+ adds one address token after the parameter (in vs_1_1 the
 * address is a0.x with no extra token).  A predicated instruction has its
 * predicate source right after the destination.  dcl has a usage token
 * then a destination; def/defi have a destination and four raw words,
 * defb a destination and one.  A comment (opcode 0xFFFE) skips the number
 * of words in bits 16..30.  END is 0x0000FFFF. */
#include "dxso.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "d3d9types.h"

#define VER(maj, min) (((maj) << 8) | (min))
#define ANY 0xffffu

enum op_kind {
    K_NORMAL,
    K_DCL,
    K_DEF,  /* def, defi: 4 words */
    K_DEFB, /* 1 word */
};

struct op_info {
    uint16_t op;
    uint8_t kind;
    uint8_t ndst, nsrc;
    /* Versions the form is valid for (inclusive); 0/0 = not at all. */
    uint16_t vs_min, vs_max, ps_min, ps_max;
};

#define ALLV VER(1, 1), ANY
#define ALLP VER(1, 1), ANY
#define NOV 0, 0
#define NOP_ 0, 0
#define SM2V VER(2, 0), ANY
#define SM2P VER(2, 0), ANY
#define SM2XV VER(2, 1), ANY
#define SM2XP VER(2, 1), ANY
#define P1X(lo) VER(1, lo), VER(1, 3)

/* Several rows may share an opcode with different operand forms; the
 * first row valid for the version wins. */
static const struct op_info op_table[] = {
    {D3DSIO_NOP, K_NORMAL, 0, 0, ALLV, ALLP},
    {D3DSIO_MOV, K_NORMAL, 1, 1, ALLV, ALLP},
    {D3DSIO_ADD, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_SUB, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_MAD, K_NORMAL, 1, 3, ALLV, ALLP},
    {D3DSIO_MUL, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_RCP, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_RSQ, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_DP3, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_DP4, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_MIN, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_MAX, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_SLT, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_SGE, K_NORMAL, 1, 2, ALLV, ALLP},
    {D3DSIO_EXP, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_LOG, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_LIT, K_NORMAL, 1, 1, ALLV, NOP_},
    {D3DSIO_DST, K_NORMAL, 1, 2, ALLV, NOP_},
    {D3DSIO_LRP, K_NORMAL, 1, 3, SM2V, ALLP},
    {D3DSIO_FRC, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_M4x4, K_NORMAL, 1, 2, ALLV, SM2P},
    {D3DSIO_M4x3, K_NORMAL, 1, 2, ALLV, SM2P},
    {D3DSIO_M3x4, K_NORMAL, 1, 2, ALLV, SM2P},
    {D3DSIO_M3x3, K_NORMAL, 1, 2, ALLV, SM2P},
    {D3DSIO_M3x2, K_NORMAL, 1, 2, ALLV, SM2P},
    {D3DSIO_CALL, K_NORMAL, 0, 1, SM2V, SM2XP},
    {D3DSIO_CALLNZ, K_NORMAL, 0, 2, SM2V, SM2XP},
    {D3DSIO_LOOP, K_NORMAL, 0, 2, SM2V, VER(3, 0), ANY},
    {D3DSIO_RET, K_NORMAL, 0, 0, SM2V, SM2XP},
    {D3DSIO_ENDLOOP, K_NORMAL, 0, 0, SM2V, VER(3, 0), ANY},
    {D3DSIO_LABEL, K_NORMAL, 0, 1, SM2V, SM2XP},
    {D3DSIO_DCL, K_DCL, 0, 0, ALLV, SM2P},
    {D3DSIO_POW, K_NORMAL, 1, 2, SM2V, SM2P},
    {D3DSIO_CRS, K_NORMAL, 1, 2, SM2V, SM2P},
    {D3DSIO_SGN, K_NORMAL, 1, 3, VER(2, 0), VER(2, 0xff), VER(2, 0),
     VER(2, 0xff)},
    {D3DSIO_SGN, K_NORMAL, 1, 1, VER(3, 0), ANY, VER(3, 0), ANY},
    {D3DSIO_ABS, K_NORMAL, 1, 1, SM2V, SM2P},
    {D3DSIO_NRM, K_NORMAL, 1, 1, SM2V, SM2P},
    {D3DSIO_SINCOS, K_NORMAL, 1, 3, VER(2, 0), VER(2, 0xff), VER(2, 0),
     VER(2, 0xff)},
    {D3DSIO_SINCOS, K_NORMAL, 1, 1, VER(3, 0), ANY, VER(3, 0), ANY},
    {D3DSIO_REP, K_NORMAL, 0, 1, SM2V, SM2XP},
    {D3DSIO_ENDREP, K_NORMAL, 0, 0, SM2V, SM2XP},
    {D3DSIO_IF, K_NORMAL, 0, 1, SM2V, SM2XP},
    {D3DSIO_IFC, K_NORMAL, 0, 2, SM2XV, SM2XP},
    {D3DSIO_ELSE, K_NORMAL, 0, 0, SM2V, SM2XP},
    {D3DSIO_ENDIF, K_NORMAL, 0, 0, SM2V, SM2XP},
    {D3DSIO_BREAK, K_NORMAL, 0, 0, SM2XV, SM2XP},
    {D3DSIO_BREAKC, K_NORMAL, 0, 2, SM2XV, SM2XP},
    {D3DSIO_MOVA, K_NORMAL, 1, 1, SM2V, NOP_},
    {D3DSIO_DEFB, K_DEFB, 1, 0, SM2V, SM2XP},
    {D3DSIO_DEFI, K_DEF, 1, 0, SM2V, SM2XP},
    {D3DSIO_TEXCOORD, K_NORMAL, 1, 0, NOV, P1X(1)},
    {D3DSIO_TEXCOORD, K_NORMAL, 1, 1, NOV, VER(1, 4), VER(1, 4)},
    {D3DSIO_TEXKILL, K_NORMAL, 1, 0, NOV, ALLP},
    {D3DSIO_TEX, K_NORMAL, 1, 0, NOV, P1X(1)},
    {D3DSIO_TEX, K_NORMAL, 1, 1, NOV, VER(1, 4), VER(1, 4)},
    {D3DSIO_TEX, K_NORMAL, 1, 2, NOV, SM2P},
    {D3DSIO_TEXBEM, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXBEML, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXREG2AR, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXREG2GB, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXM3x2PAD, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXM3x2TEX, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXM3x3PAD, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXM3x3TEX, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_TEXM3x3SPEC, K_NORMAL, 1, 2, NOV, P1X(1)},
    {D3DSIO_TEXM3x3VSPEC, K_NORMAL, 1, 1, NOV, P1X(1)},
    {D3DSIO_EXPP, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_LOGP, K_NORMAL, 1, 1, ALLV, SM2P},
    {D3DSIO_CND, K_NORMAL, 1, 3, NOV, VER(1, 1), VER(1, 4)},
    {D3DSIO_DEF, K_DEF, 1, 0, ALLV, ALLP},
    {D3DSIO_TEXREG2RGB, K_NORMAL, 1, 1, NOV, P1X(2)},
    {D3DSIO_TEXDP3TEX, K_NORMAL, 1, 1, NOV, P1X(2)},
    {D3DSIO_TEXM3x2DEPTH, K_NORMAL, 1, 1, NOV, P1X(3)},
    {D3DSIO_TEXDP3, K_NORMAL, 1, 1, NOV, P1X(2)},
    {D3DSIO_TEXM3x3, K_NORMAL, 1, 1, NOV, P1X(2)},
    {D3DSIO_TEXDEPTH, K_NORMAL, 1, 0, NOV, VER(1, 4), VER(1, 4)},
    {D3DSIO_CMP, K_NORMAL, 1, 3, NOV, VER(1, 2), ANY},
    {D3DSIO_BEM, K_NORMAL, 1, 2, NOV, VER(1, 4), VER(1, 4)},
    {D3DSIO_DP2ADD, K_NORMAL, 1, 3, NOV, SM2P},
    {D3DSIO_DSX, K_NORMAL, 1, 1, NOV, SM2XP},
    {D3DSIO_DSY, K_NORMAL, 1, 1, NOV, SM2XP},
    {D3DSIO_TEXLDD, K_NORMAL, 1, 4, NOV, SM2XP},
    {D3DSIO_SETP, K_NORMAL, 1, 2, SM2XV, SM2XP},
    {D3DSIO_TEXLDL, K_NORMAL, 1, 2, VER(3, 0), ANY, VER(3, 0), ANY},
    {D3DSIO_BREAKP, K_NORMAL, 0, 1, SM2XV, SM2XP},
    {D3DSIO_PHASE, K_NORMAL, 0, 0, NOV, VER(1, 4), VER(1, 4)},
};

static const char *const op_names[] = {
    [D3DSIO_NOP] = "nop",
    [D3DSIO_MOV] = "mov",
    [D3DSIO_ADD] = "add",
    [D3DSIO_SUB] = "sub",
    [D3DSIO_MAD] = "mad",
    [D3DSIO_MUL] = "mul",
    [D3DSIO_RCP] = "rcp",
    [D3DSIO_RSQ] = "rsq",
    [D3DSIO_DP3] = "dp3",
    [D3DSIO_DP4] = "dp4",
    [D3DSIO_MIN] = "min",
    [D3DSIO_MAX] = "max",
    [D3DSIO_SLT] = "slt",
    [D3DSIO_SGE] = "sge",
    [D3DSIO_EXP] = "exp",
    [D3DSIO_LOG] = "log",
    [D3DSIO_LIT] = "lit",
    [D3DSIO_DST] = "dst",
    [D3DSIO_LRP] = "lrp",
    [D3DSIO_FRC] = "frc",
    [D3DSIO_M4x4] = "m4x4",
    [D3DSIO_M4x3] = "m4x3",
    [D3DSIO_M3x4] = "m3x4",
    [D3DSIO_M3x3] = "m3x3",
    [D3DSIO_M3x2] = "m3x2",
    [D3DSIO_CALL] = "call",
    [D3DSIO_CALLNZ] = "callnz",
    [D3DSIO_LOOP] = "loop",
    [D3DSIO_RET] = "ret",
    [D3DSIO_ENDLOOP] = "endloop",
    [D3DSIO_LABEL] = "label",
    [D3DSIO_DCL] = "dcl",
    [D3DSIO_POW] = "pow",
    [D3DSIO_CRS] = "crs",
    [D3DSIO_SGN] = "sgn",
    [D3DSIO_ABS] = "abs",
    [D3DSIO_NRM] = "nrm",
    [D3DSIO_SINCOS] = "sincos",
    [D3DSIO_REP] = "rep",
    [D3DSIO_ENDREP] = "endrep",
    [D3DSIO_IF] = "if",
    [D3DSIO_IFC] = "if",
    [D3DSIO_ELSE] = "else",
    [D3DSIO_ENDIF] = "endif",
    [D3DSIO_BREAK] = "break",
    [D3DSIO_BREAKC] = "break",
    [D3DSIO_MOVA] = "mova",
    [D3DSIO_DEFB] = "defb",
    [D3DSIO_DEFI] = "defi",
    [D3DSIO_TEXCOORD] = "texcoord",
    [D3DSIO_TEXKILL] = "texkill",
    [D3DSIO_TEX] = "tex",
    [D3DSIO_TEXBEM] = "texbem",
    [D3DSIO_TEXBEML] = "texbeml",
    [D3DSIO_TEXREG2AR] = "texreg2ar",
    [D3DSIO_TEXREG2GB] = "texreg2gb",
    [D3DSIO_TEXM3x2PAD] = "texm3x2pad",
    [D3DSIO_TEXM3x2TEX] = "texm3x2tex",
    [D3DSIO_TEXM3x3PAD] = "texm3x3pad",
    [D3DSIO_TEXM3x3TEX] = "texm3x3tex",
    [D3DSIO_TEXM3x3SPEC] = "texm3x3spec",
    [D3DSIO_TEXM3x3VSPEC] = "texm3x3vspec",
    [D3DSIO_EXPP] = "expp",
    [D3DSIO_LOGP] = "logp",
    [D3DSIO_CND] = "cnd",
    [D3DSIO_DEF] = "def",
    [D3DSIO_TEXREG2RGB] = "texreg2rgb",
    [D3DSIO_TEXDP3TEX] = "texdp3tex",
    [D3DSIO_TEXM3x2DEPTH] = "texm3x2depth",
    [D3DSIO_TEXDP3] = "texdp3",
    [D3DSIO_TEXM3x3] = "texm3x3",
    [D3DSIO_TEXDEPTH] = "texdepth",
    [D3DSIO_CMP] = "cmp",
    [D3DSIO_BEM] = "bem",
    [D3DSIO_DP2ADD] = "dp2add",
    [D3DSIO_DSX] = "dsx",
    [D3DSIO_DSY] = "dsy",
    [D3DSIO_TEXLDD] = "texldd",
    [D3DSIO_SETP] = "setp",
    [D3DSIO_TEXLDL] = "texldl",
    [D3DSIO_BREAKP] = "breakp",
};

const char *dxso_opcode_name(uint16_t opcode)
{
    if (opcode == D3DSIO_PHASE)
        return "phase";
    if (opcode < sizeof(op_names) / sizeof(op_names[0]))
        return op_names[opcode];
    return NULL;
}

static const struct op_info *find_op(enum dxso_shader_type type, unsigned ver,
                                     uint16_t op)
{
    size_t i;

    for (i = 0; i < sizeof(op_table) / sizeof(op_table[0]); i++) {
        const struct op_info *o = &op_table[i];
        unsigned lo = type == DXSO_VERTEX ? o->vs_min : o->ps_min;
        unsigned hi = type == DXSO_VERTEX ? o->vs_max : o->ps_max;
        if (o->op == op && lo && ver >= lo && ver <= hi)
            return o;
    }
    return NULL;
}

/* ---- register limits ---------------------------------------------------- */

/* Number of registers of `type` the model has (0: none). */
static unsigned reg_count(enum dxso_shader_type st, unsigned ver,
                          unsigned type)
{
    bool vs = st == DXSO_VERTEX;

    switch (type) {
    case D3DSPR_TEMP:
        if (vs)
            return ver >= VER(2, 1) ? 32 : 12;
        if (ver < VER(1, 4))
            return 2;
        if (ver == VER(1, 4))
            return 6;
        return ver == VER(2, 0) ? 12 : 32;
    case D3DSPR_INPUT:
        if (vs)
            return 16;
        return ver >= VER(3, 0) ? 10 : 2;
    case D3DSPR_CONST:
        if (vs)
            return DXSO_VS_CONSTS;
        if (ver < VER(2, 0))
            return 8;
        return ver >= VER(3, 0) ? DXSO_PS_CONSTS : 32;
    case D3DSPR_ADDR: /* == D3DSPR_TEXTURE */
        if (vs)
            return 1;
        if (ver < VER(1, 4))
            return 4;
        if (ver == VER(1, 4))
            return 6;
        return ver >= VER(3, 0) ? 0 : 8;
    case D3DSPR_RASTOUT:
        return vs && ver < VER(3, 0) ? 3 : 0;
    case D3DSPR_ATTROUT:
        return vs && ver < VER(3, 0) ? 2 : 0;
    case D3DSPR_OUTPUT:
        if (!vs)
            return 0;
        return ver >= VER(3, 0) ? 12 : 8;
    case D3DSPR_CONSTINT:
    case D3DSPR_CONSTBOOL:
        if (vs)
            return ver >= VER(2, 0) ? 16 : 0;
        return ver >= VER(2, 1) ? 16 : 0;
    case D3DSPR_COLOROUT:
        return !vs && ver >= VER(2, 0) ? 4 : 0;
    case D3DSPR_DEPTHOUT:
        return !vs && ver >= VER(2, 0) ? 1 : 0;
    case D3DSPR_SAMPLER:
        if (vs)
            return ver >= VER(3, 0) ? 4 : 0;
        return ver >= VER(2, 0) ? 16 : 0;
    case D3DSPR_LOOP:
        if (vs)
            return ver >= VER(2, 0) ? 1 : 0;
        return ver >= VER(3, 0) ? 1 : 0;
    case D3DSPR_MISCTYPE:
        return !vs && ver >= VER(3, 0) ? 2 : 0;
    case D3DSPR_LABEL:
        if (vs)
            return ver >= VER(2, 0) ? DXSO_MAX_LABELS : 0;
        return ver >= VER(2, 1) ? DXSO_MAX_LABELS : 0;
    case D3DSPR_PREDICATE:
        return ver >= VER(2, 1) ? 1 : 0;
    default:
        return 0; /* CONST2..4, TEMPFLOAT16 and unknown types */
    }
}

/* ---- the reader ---------------------------------------------------------- */

struct reader {
    const unsigned char *base;
    size_t count; /* words in the buffer */
    size_t pos;
    size_t limit; /* end of the current instruction (SM2+) or count */
    struct dxso_shader *s;
    unsigned ver;
    char *err;
    size_t err_size;
    size_t ins_token;
    bool failed;
    char model[16];
};

static uint32_t word_at(const unsigned char *base, size_t i)
{
    uint32_t v;
    memcpy(&v, base + i * 4, 4);
    return v;
}

static bool fail(struct reader *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool fail(struct reader *r, const char *fmt, ...)
{
    va_list ap;
    int n = 0;

    if (r->failed)
        return false;
    r->failed = true;
    if (!r->err || !r->err_size)
        return false;
    n = snprintf(r->err, r->err_size, "token %zu: ", r->ins_token);
    if (n < 0 || (size_t)n >= r->err_size)
        return false;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->err_size - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static bool take(struct reader *r, uint32_t *tok)
{
    if (r->pos >= r->limit) {
        if (r->limit < r->count)
            return fail(r, "instruction length field too small for its "
                           "operands");
        return fail(r, "truncated stream");
    }
    *tok = word_at(r->base, r->pos++);
    return true;
}

static const char *model_name(struct reader *r)
{
    const char *t = r->s->type == DXSO_VERTEX ? "vs" : "ps";

    if (r->s->major == 2 && r->s->minor == 1)
        snprintf(r->model, sizeof(r->model), "%s_2_x", t);
    else
        snprintf(r->model, sizeof(r->model), "%s_%u_%u", t, r->s->major,
                 r->s->minor);
    return r->model;
}

static unsigned tok_regtype(uint32_t t)
{
    return ((t >> 28) & 7) | ((t >> 8) & 0x18);
}

static bool check_reg(struct reader *r, unsigned type, unsigned index,
                      unsigned span)
{
    unsigned n = reg_count(r->s->type, r->ver, type);

    if (!n)
        return fail(r, "register type %u not available in %s", type,
                    model_name(r));
    if (index >= n || span > n - index)
        return fail(r, "register index %u of type %u out of range (%u) for "
                       "%s",
                    index + span - 1, type, n, model_name(r));
    return true;
}

/* Reads the address token of a relatively addressed parameter. */
static bool read_rel(struct reader *r, unsigned regtype, bool is_dst,
                     struct dxso_reladdr *rel)
{
    bool vs = r->s->type == DXSO_VERTEX;
    uint32_t t = 0;
    unsigned type;

    /* Which registers may be relatively addressed where. */
    if (is_dst) {
        if (!(vs && r->ver >= VER(3, 0) && regtype == D3DSPR_OUTPUT))
            return fail(r, "relative addressing of destination type %u",
                        regtype);
    } else if (regtype == D3DSPR_CONST) {
        if (!vs && r->ver < VER(3, 0))
            return fail(r, "relative constant addressing needs ps_3_0");
    } else if (regtype == D3DSPR_INPUT) {
        if (r->ver < VER(3, 0))
            return fail(r, "relative input addressing needs SM3");
    } else {
        return fail(r, "relative addressing of register type %u", regtype);
    }

    rel->present = true;
    if (r->ver < VER(2, 0)) { /* vs_1_1: a0.x, no token */
        rel->type = D3DSPR_ADDR;
        rel->component = 0;
        return true;
    }
    if (!take(r, &t))
        return false;
    if (!(t & 0x80000000u))
        return fail(r, "address token without bit 31");
    if (t & (1u << 13))
        return fail(r, "nested relative addressing");
    type = tok_regtype(t);
    if (type == D3DSPR_ADDR && vs) {
        rel->type = D3DSPR_ADDR;
        rel->component = (t >> 16) & 3;
    } else if (type == D3DSPR_LOOP && reg_count(r->s->type, r->ver, type)) {
        rel->type = D3DSPR_LOOP;
        rel->component = 0;
    } else {
        return fail(r, "address register type %u not allowed in %s", type,
                    model_name(r));
    }
    if ((t & D3DSP_REGNUM_MASK) != 0)
        return fail(r, "address register index %u",
                    (unsigned)(t & D3DSP_REGNUM_MASK));
    return true;
}

static bool read_dst(struct reader *r, struct dxso_dst *d, bool check)
{
    uint32_t t = 0;
    unsigned shift, mods;

    if (!take(r, &t))
        return false;
    if (!(t & 0x80000000u))
        return fail(r, "destination token without bit 31");
    memset(d, 0, sizeof(*d));
    d->type = tok_regtype(t);
    d->index = t & D3DSP_REGNUM_MASK;
    d->write_mask = (t >> 16) & 0xf;
    mods = (t >> 20) & 0xf;
    if (mods & 8)
        return fail(r, "unknown destination modifier %#x", mods);
    d->modifiers = mods;
    shift = (t >> 24) & 0xf;
    d->shift = shift >= 8 ? (int)shift - 16 : (int)shift;
    if (d->shift < -3 || d->shift > 3)
        return fail(r, "result shift %d out of range", d->shift);
    if (d->shift && !(r->s->type == DXSO_PIXEL && r->ver < VER(2, 0)))
        return fail(r, "result shift outside ps_1_x");
    if (t & (1u << 13)) {
        if (!read_rel(r, d->type, true, &d->rel))
            return false;
    }
    if (check && !check_reg(r, d->type, d->index, 1))
        return false;
    return true;
}

static bool read_src(struct reader *r, struct dxso_src *s, unsigned span)
{
    uint32_t t = 0;

    if (!take(r, &t))
        return false;
    if (!(t & 0x80000000u))
        return fail(r, "source token without bit 31");
    memset(s, 0, sizeof(*s));
    s->type = tok_regtype(t);
    s->index = t & D3DSP_REGNUM_MASK;
    s->swizzle = (t >> 16) & 0xff;
    s->modifier = (t >> 24) & 0xf;
    if (s->modifier > DXSO_SRCMOD_NOT)
        return fail(r, "unknown source modifier %u", s->modifier);
    if (t & (1u << 13)) {
        if (!read_rel(r, s->type, false, &s->rel))
            return false;
        span = 1; /* the dynamic part is checked when the shader runs */
    }
    return check_reg(r, s->type, s->index, span);
}

/* Destination register types an instruction may write. */
static bool dst_writable(struct reader *r, unsigned type)
{
    bool vs = r->s->type == DXSO_VERTEX;

    switch (type) {
    case D3DSPR_TEMP:
    case D3DSPR_PREDICATE:
        return true;
    case D3DSPR_ADDR: /* a0 (vs) or t# (ps_1_x texture ops, texkill) */
        return true;
    case D3DSPR_RASTOUT:
    case D3DSPR_ATTROUT:
    case D3DSPR_OUTPUT:
        return vs;
    case D3DSPR_COLOROUT:
    case D3DSPR_DEPTHOUT:
        return !vs;
    default:
        return false;
    }
}

static bool src_type_ok(unsigned type)
{
    switch (type) {
    case D3DSPR_TEMP:
    case D3DSPR_INPUT:
    case D3DSPR_CONST:
    case D3DSPR_ADDR:
    case D3DSPR_CONSTINT:
    case D3DSPR_CONSTBOOL:
    case D3DSPR_MISCTYPE:
    case D3DSPR_PREDICATE:
        return true;
    default:
        return false;
    }
}

/* Operand shape checks of the flow-control and sampling instructions. */
static bool check_operands(struct reader *r, struct dxso_instruction *in)
{
    unsigned i, nsrc = in->src_count;
    const struct dxso_src *s = in->src;

#define WANT(i_, t_, what)                                                     \
    do {                                                                       \
        if (s[i_].type != (t_))                                                \
            return fail(r, "%s: operand %u must be %s",                        \
                        dxso_opcode_name(in->opcode), (unsigned)(i_) + 1,      \
                        what);                                                 \
    } while (0)

    switch (in->opcode) {
    case D3DSIO_LOOP:
        WANT(0, D3DSPR_LOOP, "aL");
        WANT(1, D3DSPR_CONSTINT, "an integer constant");
        return true;
    case D3DSIO_REP:
        WANT(0, D3DSPR_CONSTINT, "an integer constant");
        return true;
    case D3DSIO_IF:
    case D3DSIO_CALLNZ:
    case D3DSIO_BREAKP: {
        const struct dxso_src *c = &s[nsrc - 1];
        if (in->opcode == D3DSIO_CALLNZ)
            WANT(0, D3DSPR_LABEL, "a label");
        if (c->type != D3DSPR_CONSTBOOL && c->type != D3DSPR_PREDICATE)
            return fail(r, "%s: condition must be b# or p0",
                        dxso_opcode_name(in->opcode));
        if (in->opcode == D3DSIO_BREAKP && c->type != D3DSPR_PREDICATE)
            return fail(r, "breakp: condition must be p0");
        if (c->modifier && c->modifier != DXSO_SRCMOD_NOT)
            return fail(r, "%s: condition modifier %u",
                        dxso_opcode_name(in->opcode), c->modifier);
        if (c->modifier && c->type != D3DSPR_PREDICATE)
            return fail(r, "%s: ! needs p0", dxso_opcode_name(in->opcode));
        return true;
    }
    case D3DSIO_CALL:
    case D3DSIO_LABEL:
        WANT(0, D3DSPR_LABEL, "a label");
        return true;
    case D3DSIO_IFC:
    case D3DSIO_BREAKC:
        if (in->control < 1 || in->control > 6)
            return fail(r, "comparison %u", in->control);
        break;
    case D3DSIO_SETP:
        if (in->control < 1 || in->control > 6)
            return fail(r, "comparison %u", in->control);
        if (in->dst.type != D3DSPR_PREDICATE)
            return fail(r, "setp: destination must be p0");
        break;
    case D3DSIO_TEX:
        if (r->ver >= VER(2, 0))
            WANT(1, D3DSPR_SAMPLER, "a sampler");
        if (in->control & ~3u || in->control == 3)
            return fail(r, "texld control %#x", in->control);
        break;
    case D3DSIO_TEXLDL:
    case D3DSIO_TEXLDD:
        WANT(1, D3DSPR_SAMPLER, "a sampler");
        break;
    default:
        break;
    }
#undef WANT
    /* Everything else reads value registers only. */
    for (i = 0; i < nsrc; i++) {
        bool sampler_slot = i == 1 && (in->opcode == D3DSIO_TEX ||
                                       in->opcode == D3DSIO_TEXLDL ||
                                       in->opcode == D3DSIO_TEXLDD);
        if (sampler_slot)
            continue;
        if (!src_type_ok(s[i].type))
            return fail(r, "%s: source register type %u",
                        dxso_opcode_name(in->opcode), s[i].type);
        if (s[i].type == D3DSPR_ADDR && r->s->type == DXSO_VERTEX)
            return fail(r, "%s: a0 read as a value",
                        dxso_opcode_name(in->opcode));
    }
    if (in->dst_count) {
        if (!dst_writable(r, in->dst.type))
            return fail(r, "%s: destination register type %u",
                        dxso_opcode_name(in->opcode), in->dst.type);
        if (!in->dst.write_mask)
            return fail(r, "%s: empty write mask",
                        dxso_opcode_name(in->opcode));
        if (in->dst.type == D3DSPR_PREDICATE && in->opcode != D3DSIO_SETP)
            return fail(r, "%s: p0 written outside setp",
                        dxso_opcode_name(in->opcode));
        if (in->dst.type == D3DSPR_ADDR && r->s->type == DXSO_VERTEX &&
            in->opcode != D3DSIO_MOV && in->opcode != D3DSIO_MOVA)
            return fail(r, "%s: a0 written outside mov/mova",
                        dxso_opcode_name(in->opcode));
    }
    return true;
}

static bool read_dcl(struct reader *r, struct dxso_instruction *in)
{
    uint32_t t = 0;
    unsigned type;
    bool vs = r->s->type == DXSO_VERTEX;

    if (!take(r, &t))
        return false;
    if (!(t & 0x80000000u))
        return fail(r, "dcl token without bit 31");
    in->usage = t & 0x1f;
    in->usage_index = (t >> 16) & 0xf;
    in->sampler_type = (t >> 27) & 0xf;
    if (!read_dst(r, &in->dst, true))
        return false;
    in->dst_count = 1;
    type = in->dst.type;
    switch (type) {
    case D3DSPR_SAMPLER:
        if (in->sampler_type == 1)
            in->sampler_type = DXSO_SAMPLER_2D; /* 1D is a 2D texture */
        if (in->sampler_type < DXSO_SAMPLER_2D ||
            in->sampler_type > DXSO_SAMPLER_VOLUME)
            return fail(r, "dcl: sampler type %u", in->sampler_type);
        break;
    case D3DSPR_INPUT:
    case D3DSPR_OUTPUT:
    case D3DSPR_ADDR: /* t# of ps_2_x */
        if (type == D3DSPR_OUTPUT && !(vs && r->ver >= VER(3, 0)))
            return fail(r, "dcl of an output register outside vs_3_0");
        if (type == D3DSPR_ADDR && (vs || r->ver >= VER(3, 0)))
            return fail(r, "dcl of register type 3");
        if (in->usage > D3DDECLUSAGE_SAMPLE)
            return fail(r, "dcl: usage %u", in->usage);
        /* The position is no ps_3_0 input (vPos is); D3D9 refuses the
         * shader (Wine's visual test_uninitialized_varyings). */
        if (!vs && type == D3DSPR_INPUT && r->ver >= VER(3, 0) &&
            in->usage == D3DDECLUSAGE_POSITION && !in->usage_index)
            return fail(r, "dcl_position0 as a ps_3_0 input");
        break;
    case D3DSPR_MISCTYPE:
        break;
    default:
        return fail(r, "dcl of register type %u", type);
    }
    if (!in->dst.write_mask && type != D3DSPR_SAMPLER &&
        type != D3DSPR_MISCTYPE)
        return fail(r, "dcl: empty write mask");
    if (in->dst.rel.present)
        return fail(r, "dcl: relative addressing");
    return true;
}

static bool read_def(struct reader *r, struct dxso_instruction *in,
                     unsigned nvalues)
{
    unsigned i, want = in->opcode == D3DSIO_DEF    ? D3DSPR_CONST
                       : in->opcode == D3DSIO_DEFI ? D3DSPR_CONSTINT
                                                   : D3DSPR_CONSTBOOL;

    if (!read_dst(r, &in->dst, true))
        return false;
    in->dst_count = 1;
    if (in->dst.type != want)
        return fail(r, "%s: destination type %u", dxso_opcode_name(in->opcode),
                    in->dst.type);
    if (in->dst.rel.present)
        return fail(r, "def: relative addressing");
    for (i = 0; i < nvalues; i++)
        if (!take(r, &in->value[i]))
            return false;
    return true;
}

/* Flow-control nesting, checked as the records go by. */
enum { CF_IF, CF_ELSE, CF_LOOP, CF_REP };

struct cf_state {
    uint8_t stack[DXSO_MAX_NESTING];
    unsigned depth;
    unsigned loops;
    bool in_sub;   /* after a label */
    bool main_done;
};

static bool flow(struct reader *r, struct cf_state *cf,
                 const struct dxso_instruction *in)
{
    switch (in->opcode) {
    case D3DSIO_IF:
    case D3DSIO_IFC:
    case D3DSIO_LOOP:
    case D3DSIO_REP:
        if (cf->depth >= DXSO_MAX_NESTING)
            return fail(r, "flow control nested deeper than %u",
                        DXSO_MAX_NESTING);
        if (in->opcode == D3DSIO_LOOP || in->opcode == D3DSIO_REP) {
            if (cf->loops >= DXSO_MAX_LOOP_NESTING)
                return fail(r, "loops nested deeper than %u",
                            DXSO_MAX_LOOP_NESTING);
            cf->loops++;
            cf->stack[cf->depth++] =
                in->opcode == D3DSIO_LOOP ? CF_LOOP : CF_REP;
        } else {
            cf->stack[cf->depth++] = CF_IF;
        }
        return true;
    case D3DSIO_ELSE:
        if (!cf->depth || cf->stack[cf->depth - 1] != CF_IF)
            return fail(r, "else without if");
        cf->stack[cf->depth - 1] = CF_ELSE;
        return true;
    case D3DSIO_ENDIF:
        if (!cf->depth || (cf->stack[cf->depth - 1] != CF_IF &&
                           cf->stack[cf->depth - 1] != CF_ELSE))
            return fail(r, "endif without if");
        cf->depth--;
        return true;
    case D3DSIO_ENDLOOP:
    case D3DSIO_ENDREP: {
        unsigned want = in->opcode == D3DSIO_ENDLOOP ? CF_LOOP : CF_REP;
        if (!cf->depth || cf->stack[cf->depth - 1] != want)
            return fail(r, "%s without %s", dxso_opcode_name(in->opcode),
                        want == CF_LOOP ? "loop" : "rep");
        cf->depth--;
        cf->loops--;
        return true;
    }
    case D3DSIO_BREAK:
    case D3DSIO_BREAKC:
    case D3DSIO_BREAKP:
        if (!cf->loops)
            return fail(r, "%s outside a loop", dxso_opcode_name(in->opcode));
        return true;
    case D3DSIO_LABEL:
        if (cf->depth)
            return fail(r, "label inside flow control");
        if (!cf->main_done && !cf->in_sub)
            return fail(r, "label before the main program's ret");
        cf->in_sub = true;
        return true;
    case D3DSIO_RET:
        if (cf->depth)
            return fail(r, "ret inside flow control");
        if (!cf->in_sub)
            cf->main_done = true;
        cf->in_sub = false;
        return true;
    default:
        if (cf->main_done && !cf->in_sub && in->opcode != D3DSIO_DCL &&
            in->opcode != D3DSIO_DEF && in->opcode != D3DSIO_DEFI &&
            in->opcode != D3DSIO_DEFB && in->opcode != D3DSIO_NOP)
            return fail(r, "%s after the main program's ret, outside a "
                           "subroutine",
                        dxso_opcode_name(in->opcode));
        return true;
    }
}

static bool read_instruction(struct reader *r, uint32_t tok,
                             struct dxso_instruction *in)
{
    const struct op_info *info;
    uint16_t op = tok & 0xffff;
    bool sm2 = r->ver >= VER(2, 0);
    unsigned i, span;

    memset(in, 0, sizeof(*in));
    in->opcode = op;
    in->token = (uint32_t)r->ins_token;
    if (!(info = find_op(r->s->type, r->ver, op)))
        return fail(r, "unknown opcode %#x for %s", op, model_name(r));
    in->control = (tok >> 16) & 0xff;
    if (tok & (1u << 29))
        return fail(r, "reserved bit 29 set");
    if (tok & D3DSI_COISSUE) {
        if (r->s->type != DXSO_PIXEL || sm2)
            return fail(r, "co-issue outside ps_1_x");
        in->coissue = true;
    }
    if (sm2) {
        unsigned len = (tok >> 24) & 0xf;
        if (len > r->count - r->pos)
            return fail(r, "instruction length %u runs past the end", len);
        r->limit = r->pos + len;
        if (tok & D3DSHADER_INSTRUCTION_PREDICATED)
            in->predicated = true;
    } else {
        r->limit = r->count;
        if (tok & D3DSHADER_INSTRUCTION_PREDICATED)
            return fail(r, "predication outside SM2+");
    }

    switch (info->kind) {
    case K_DCL:
        if (in->predicated)
            return fail(r, "predicated dcl");
        if (!read_dcl(r, in))
            return false;
        break;
    case K_DEF:
    case K_DEFB:
        if (in->predicated)
            return fail(r, "predicated def");
        if (!read_def(r, in, info->kind == K_DEF ? 4 : 1))
            return false;
        break;
    default:
        in->dst_count = info->ndst;
        in->src_count = info->nsrc;
        if (info->ndst) {
            /* texkill's operand is a destination token naming a register
             * to read; t# and r# (and ps_2+ inputs) are allowed. */
            if (!read_dst(r, &in->dst, false))
                return false;
            if (op == D3DSIO_TEXKILL) {
                if (in->dst.type != D3DSPR_TEMP &&
                    in->dst.type != D3DSPR_TEXTURE &&
                    in->dst.type != D3DSPR_INPUT)
                    return fail(r, "texkill of register type %u",
                                in->dst.type);
                if (!check_reg(r, in->dst.type, in->dst.index, 1))
                    return false;
            } else if (!check_reg(r, in->dst.type, in->dst.index, 1)) {
                return false;
            }
        }
        if (in->predicated) {
            if (!read_src(r, &in->predicate, 1))
                return false;
            if (in->predicate.type != D3DSPR_PREDICATE)
                return fail(r, "predicate register type %u",
                            in->predicate.type);
            if (in->predicate.modifier &&
                in->predicate.modifier != DXSO_SRCMOD_NOT)
                return fail(r, "predicate modifier %u",
                            in->predicate.modifier);
        }
        for (i = 0; i < info->nsrc; i++) {
            span = 1;
            if (i == 1) {
                switch (op) {
                case D3DSIO_M4x4:
                case D3DSIO_M3x4:
                    span = 4;
                    break;
                case D3DSIO_M4x3:
                case D3DSIO_M3x3:
                    span = 3;
                    break;
                case D3DSIO_M3x2:
                    span = 2;
                    break;
                default:
                    break;
                }
            }
            if (!read_src(r, &in->src[i], span))
                return false;
        }
        if (op != D3DSIO_TEXKILL && !check_operands(r, in))
            return false;
        break;
    }
    if (sm2 && r->pos != r->limit)
        return fail(r, "instruction length %u does not match its operands "
                       "(%zu)",
                    (unsigned)((tok >> 24) & 0xf), r->pos - r->ins_token - 1);
    return true;
}

static bool parse_version(struct reader *r, uint32_t v)
{
    unsigned major = (v >> 8) & 0xff, minor = v & 0xff;
    bool ok;

    if ((v >> 16) == 0xfffe)
        r->s->type = DXSO_VERTEX;
    else if ((v >> 16) == 0xffff)
        r->s->type = DXSO_PIXEL;
    else
        return fail(r, "bad version token %#x", v);
    r->s->major = major;
    r->s->minor = minor;
    r->s->version_token = v;
    r->ver = VER(major, minor);
    if (r->s->type == DXSO_VERTEX)
        ok = r->ver == VER(1, 1) || r->ver == VER(2, 0) ||
             r->ver == VER(2, 1) || r->ver == VER(3, 0);
    else
        ok = (major == 1 && minor >= 1 && minor <= 4) || r->ver == VER(2, 0) ||
             r->ver == VER(2, 1) || r->ver == VER(3, 0);
    if (!ok)
        return fail(r, "unsupported shader version %s_%u_%u",
                    r->s->type == DXSO_VERTEX ? "vs" : "ps", major, minor);
    return true;
}

size_t dxso_scan_size(const void *tokens, size_t max_bytes)
{
    const unsigned char *base = tokens;
    size_t n = max_bytes / 4, pos = 1;

    if (!tokens || n < 2)
        return 0;
    while (pos < n) {
        uint32_t t = word_at(base, pos);
        if (t == 0x0000ffffu)
            return (pos + 1) * 4;
        if ((t & 0xffff) == D3DSIO_COMMENT && !(t & 0x80000000u)) {
            size_t len = (t >> 16) & 0x7fff;
            if (len > n - pos - 1)
                return 0;
            pos += 1 + len;
            continue;
        }
        pos++;
    }
    return 0;
}

void dxso_shader_cleanup(struct dxso_shader *shader)
{
    if (!shader)
        return;
    free(shader->ins);
    memset(shader, 0, sizeof(*shader));
}

bool dxso_parse(const void *code, size_t size, struct dxso_shader *shader,
                char *err, size_t err_size)
{
    struct reader r;
    struct cf_state cf;
    size_t cap = 0;

    memset(shader, 0, sizeof(*shader));
    memset(&r, 0, sizeof(r));
    memset(&cf, 0, sizeof(cf));
    r.base = code;
    r.s = shader;
    r.err = err;
    r.err_size = err_size;
    if (err && err_size)
        err[0] = 0;
    if (!code || size < 8)
        return fail(&r, "shorter than a version and an END token");
    if (size % 4)
        return fail(&r, "size %zu is not a multiple of 4", size);
    r.count = size / 4;
    r.limit = r.count;
    if (!parse_version(&r, word_at(r.base, 0)))
        goto fail;
    r.pos = 1;

    for (;;) {
        uint32_t tok;
        struct dxso_instruction *in;

        r.ins_token = r.pos;
        r.limit = r.count;
        if (r.pos >= r.count) {
            fail(&r, "missing END token");
            goto fail;
        }
        tok = word_at(r.base, r.pos++);
        if ((tok & 0xffff) == D3DSIO_END) {
            if (tok != 0x0000ffffu) {
                fail(&r, "malformed END token %#x", tok);
                goto fail;
            }
            break;
        }
        if ((tok & 0xffff) == D3DSIO_COMMENT) {
            size_t len = (tok >> 16) & 0x7fff;
            if (tok & 0x80000000u) {
                fail(&r, "malformed comment token %#x", tok);
                goto fail;
            }
            if (len > r.count - r.pos) {
                fail(&r, "comment of %zu words runs past the end", len);
                goto fail;
            }
            r.pos += len;
            continue;
        }
        if (tok & 0x80000000u) {
            fail(&r, "expected an instruction token, got %#x", tok);
            goto fail;
        }
        if (shader->ins_count >= DXSO_MAX_INSTRUCTIONS) {
            fail(&r, "more than %u instructions", DXSO_MAX_INSTRUCTIONS);
            goto fail;
        }
        if (shader->ins_count == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            void *p = realloc(shader->ins, ncap * sizeof(*shader->ins));
            if (!p) {
                fail(&r, "out of memory");
                goto fail;
            }
            shader->ins = p;
            cap = ncap;
        }
        in = &shader->ins[shader->ins_count];
        if (!read_instruction(&r, tok, in))
            goto fail;
        if (!flow(&r, &cf, in))
            goto fail;
        shader->ins_count++;
    }
    if (cf.depth) {
        fail(&r, "END inside flow control (%u open)", cf.depth);
        goto fail;
    }
    if (cf.in_sub) {
        fail(&r, "END inside a subroutine (no ret)");
        goto fail;
    }
    shader->token_count = r.pos;
    return true;

fail:
    dxso_shader_cleanup(shader);
    return false;
}

/* ---- varyings ------------------------------------------------------------ */

int dxso_varying_location(unsigned usage, unsigned index)
{
    switch (usage) {
    case D3DDECLUSAGE_COLOR:
        if (index < 2)
            return (int)index;
        return index < 4 ? 24 + (int)index - 2 : -1;
    case D3DDECLUSAGE_TEXCOORD:
        if (index < 8)
            return 2 + (int)index;
        return index < 16 ? 16 + (int)index - 8 : -1;
    case D3DDECLUSAGE_FOG:
        return index == 0 ? (int)DXSO_VARYING_FOG_LOCATION : -1;
    case D3DDECLUSAGE_NORMAL:
        return index < 2 ? 11 + (int)index : -1;
    case D3DDECLUSAGE_TANGENT:
        return index == 0 ? 13 : index == 1 ? 28 : -1;
    case D3DDECLUSAGE_BINORMAL:
        return index == 0 ? 14 : index == 1 ? 29 : -1;
    case D3DDECLUSAGE_POSITION:
        return index == 1 ? 15 : -1;
    case D3DDECLUSAGE_BLENDWEIGHT:
        return index == 0 ? 26 : -1;
    case D3DDECLUSAGE_BLENDINDICES:
        return index == 0 ? 27 : -1;
    case D3DDECLUSAGE_DEPTH:
        return index == 0 ? 30 : -1;
    case D3DDECLUSAGE_SAMPLE:
        return index == 0 ? 31 : -1;
    default:
        return -1;
    }
}

/* ---- disassembler -------------------------------------------------------- */

struct out {
    char *buf;
    size_t size;
    size_t len;
};

static void outf(struct out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void outf(struct out *o, const char *fmt, ...)
{
    va_list ap;
    int n;
    char *dst = NULL;
    size_t room = 0;

    if (o->len < o->size) {
        dst = o->buf + o->len;
        room = o->size - o->len;
    }
    va_start(ap, fmt);
    n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static void put_regname(struct out *o, const struct dxso_shader *s,
                        unsigned type, unsigned index, bool is_dst)
{
    bool vs = s->type == DXSO_VERTEX;
    unsigned ver = VER(s->major, s->minor);

    (void)is_dst;
    switch (type) {
    case D3DSPR_TEMP:
        outf(o, "r%u", index);
        return;
    case D3DSPR_INPUT:
        outf(o, "v%u", index);
        return;
    case D3DSPR_CONST:
        outf(o, "c%u", index);
        return;
    case D3DSPR_ADDR:
        if (vs)
            outf(o, "a%u", index);
        else
            outf(o, "t%u", index);
        return;
    case D3DSPR_RASTOUT:
        outf(o, "%s", index == 0 ? "oPos" : index == 1 ? "oFog" : "oPts");
        return;
    case D3DSPR_ATTROUT:
        outf(o, "oD%u", index);
        return;
    case D3DSPR_OUTPUT:
        if (ver >= VER(3, 0))
            outf(o, "o%u", index);
        else
            outf(o, "oT%u", index);
        return;
    case D3DSPR_CONSTINT:
        outf(o, "i%u", index);
        return;
    case D3DSPR_COLOROUT:
        outf(o, "oC%u", index);
        return;
    case D3DSPR_DEPTHOUT:
        outf(o, "oDepth");
        return;
    case D3DSPR_SAMPLER:
        outf(o, "s%u", index);
        return;
    case D3DSPR_CONSTBOOL:
        outf(o, "b%u", index);
        return;
    case D3DSPR_LOOP:
        outf(o, "aL");
        return;
    case D3DSPR_MISCTYPE:
        outf(o, "%s", index == 0 ? "vPos" : "vFace");
        return;
    case D3DSPR_LABEL:
        outf(o, "l%u", index);
        return;
    case D3DSPR_PREDICATE:
        outf(o, "p%u", index);
        return;
    default:
        outf(o, "?%u_%u", type, index);
        return;
    }
}

static const char comp_chars[] = "xyzw";

static void put_rel(struct out *o, const struct dxso_shader *s,
                    const struct dxso_reladdr *rel)
{
    if (!rel->present)
        return;
    if (rel->type == D3DSPR_LOOP)
        outf(o, "[aL]");
    else if (s->major < 2)
        outf(o, "[a0.x]");
    else
        outf(o, "[a0.%c]", comp_chars[rel->component & 3]);
}

static void put_swizzle(struct out *o, unsigned swz)
{
    unsigned c[4], i;

    if (swz == 0xe4)
        return;
    for (i = 0; i < 4; i++)
        c[i] = (swz >> (2 * i)) & 3;
    if (c[0] == c[1] && c[1] == c[2] && c[2] == c[3]) {
        outf(o, ".%c", comp_chars[c[0]]);
        return;
    }
    outf(o, ".%c%c%c%c", comp_chars[c[0]], comp_chars[c[1]],
         comp_chars[c[2]], comp_chars[c[3]]);
}

static void put_src(struct out *o, const struct dxso_shader *s,
                    const struct dxso_src *src)
{
    static const char *const suffix[] = {
        "", "", "_bias", "_bias", "_bx2", "_bx2", "", "_x2",
        "_x2", "_dz", "_dw", "_abs", "_abs", "",
    };
    unsigned m = src->modifier;

    if (m == DXSO_SRCMOD_NEG || m == DXSO_SRCMOD_BIASNEG ||
        m == DXSO_SRCMOD_SIGNNEG || m == DXSO_SRCMOD_X2NEG ||
        m == DXSO_SRCMOD_ABSNEG)
        outf(o, "-");
    else if (m == DXSO_SRCMOD_COMP)
        outf(o, "1-");
    else if (m == DXSO_SRCMOD_NOT)
        outf(o, "!");
    put_regname(o, s, src->type, src->index, false);
    put_rel(o, s, &src->rel);
    if (m < sizeof(suffix) / sizeof(suffix[0]))
        outf(o, "%s", suffix[m]);
    put_swizzle(o, src->swizzle);
}

static void put_mask(struct out *o, unsigned mask)
{
    unsigned i;

    if (mask == 0xf)
        return;
    outf(o, ".");
    for (i = 0; i < 4; i++)
        if (mask & (1u << i))
            outf(o, "%c", comp_chars[i]);
}

static void put_dst(struct out *o, const struct dxso_shader *s,
                    const struct dxso_dst *d)
{
    put_regname(o, s, d->type, d->index, true);
    put_rel(o, s, &d->rel);
    put_mask(o, d->write_mask);
}

static void put_dst_mods(struct out *o, const struct dxso_dst *d)
{
    static const char *const shifts[] = {"_d8", "_d4", "_d2", "",
                                         "_x2", "_x4", "_x8"};
    if (d->shift)
        outf(o, "%s", shifts[d->shift + 3]);
    if (d->modifiers & DXSO_DSTMOD_SATURATE)
        outf(o, "_sat");
    if (d->modifiers & DXSO_DSTMOD_PP)
        outf(o, "_pp");
    if (d->modifiers & DXSO_DSTMOD_CENTROID)
        outf(o, "_centroid");
}

static const char *const usage_names[] = {
    "position", "blendweight", "blendindices", "normal", "psize",
    "texcoord", "tangent",     "binormal",     "tessfactor",
    "positiont", "color",      "fog",          "depth",  "sample",
};

static const char *const cmp_names[] = {"", "_gt", "_eq", "_ge",
                                        "_lt", "_ne", "_le", ""};

static void put_float(struct out *o, uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    outf(o, "%g", (double)f);
}

static void put_instruction(struct out *o, const struct dxso_shader *s,
                            const struct dxso_instruction *in)
{
    unsigned ver = VER(s->major, s->minor), i;
    const char *name = dxso_opcode_name(in->opcode);

    if (in->coissue)
        outf(o, "+");
    if (in->predicated) {
        outf(o, "(");
        put_src(o, s, &in->predicate);
        outf(o, ") ");
    }
    switch (in->opcode) {
    case D3DSIO_DCL:
        outf(o, "dcl");
        if (in->dst.type == D3DSPR_SAMPLER) {
            static const char *const st[] = {"", "", "_2d", "_cube",
                                             "_volume"};
            outf(o, "%s", in->sampler_type < 5 ? st[in->sampler_type] : "");
        } else if (in->dst.type == D3DSPR_INPUT && s->type == DXSO_PIXEL &&
                   ver < VER(3, 0)) {
            /* ps_2_x: dcl v0 without a usage */
        } else if (in->dst.type == D3DSPR_ADDR ||
                   in->dst.type == D3DSPR_MISCTYPE) {
        } else {
            outf(o, "_%s", in->usage < 14 ? usage_names[in->usage] : "?");
            if (in->usage_index)
                outf(o, "%u", in->usage_index);
        }
        put_dst_mods(o, &in->dst);
        outf(o, " ");
        put_dst(o, s, &in->dst);
        return;
    case D3DSIO_DEF:
        outf(o, "def c%u", in->dst.index);
        for (i = 0; i < 4; i++) {
            outf(o, ", ");
            put_float(o, in->value[i]);
        }
        return;
    case D3DSIO_DEFI:
        outf(o, "defi i%u, %d, %d, %d, %d", in->dst.index,
             (int32_t)in->value[0], (int32_t)in->value[1],
             (int32_t)in->value[2], (int32_t)in->value[3]);
        return;
    case D3DSIO_DEFB:
        outf(o, "defb b%u, %s", in->dst.index,
             in->value[0] ? "true" : "false");
        return;
    case D3DSIO_TEX:
        if (ver < VER(1, 4))
            name = "tex";
        else if (in->control & 1)
            name = "texldp";
        else if (in->control & 2)
            name = "texldb";
        else
            name = "texld";
        break;
    case D3DSIO_TEXCOORD:
        name = ver < VER(1, 4) ? "texcoord" : "texcrd";
        break;
    default:
        break;
    }
    outf(o, "%s", name ? name : "?");
    if (in->opcode == D3DSIO_IFC || in->opcode == D3DSIO_BREAKC ||
        in->opcode == D3DSIO_SETP)
        outf(o, "%s", cmp_names[in->control & 7]);
    if (in->dst_count)
        put_dst_mods(o, &in->dst);
    if (in->dst_count) {
        outf(o, " ");
        put_dst(o, s, &in->dst);
    }
    for (i = 0; i < in->src_count; i++) {
        outf(o, i || in->dst_count ? ", " : " ");
        put_src(o, s, &in->src[i]);
    }
}

size_t dxso_disassemble(const struct dxso_shader *s, char *buf, size_t size)
{
    struct out o = {buf, size, 0};
    size_t i;
    unsigned depth = 0;

    if (buf && size)
        buf[0] = 0;
    if (!s)
        return 0;
    if (s->major == 2 && s->minor == 1)
        outf(&o, "%s_2_x\n", s->type == DXSO_VERTEX ? "vs" : "ps");
    else
        outf(&o, "%s_%u_%u\n", s->type == DXSO_VERTEX ? "vs" : "ps",
             s->major, s->minor);
    for (i = 0; i < s->ins_count; i++) {
        const struct dxso_instruction *in = &s->ins[i];
        unsigned d;
        switch (in->opcode) {
        case D3DSIO_ELSE:
        case D3DSIO_ENDIF:
        case D3DSIO_ENDLOOP:
        case D3DSIO_ENDREP:
            if (depth)
                depth--;
            break;
        default:
            break;
        }
        for (d = 0; d < depth; d++)
            outf(&o, "  ");
        put_instruction(&o, s, in);
        outf(&o, "\n");
        switch (in->opcode) {
        case D3DSIO_IF:
        case D3DSIO_IFC:
        case D3DSIO_ELSE:
        case D3DSIO_LOOP:
        case D3DSIO_REP:
            depth++;
            break;
        default:
            break;
        }
    }
    return o.len;
}
