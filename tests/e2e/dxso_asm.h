/* DXSO token streams written by hand: the encoding macros of the end-to-end
 * shader tests.  They compute D3D9's documented encodings (see the comment
 * at the top of test_shader_models.c for the bit layouts). */
#ifndef NEREID_DXSO_ASM_H
#define NEREID_DXSO_ASM_H

#include <d3d9.h>
#include <string.h>


enum {
    RT_TEMP = 0, RT_INPUT = 1, RT_CONST = 2, RT_ADDR = 3, RT_TEX = 3, RT_RASTOUT = 4,
    RT_ATTROUT = 5, RT_OUT = 6, RT_CONSTINT = 7, RT_COLOROUT = 8, RT_DEPTHOUT = 9,
    RT_SAMPLER = 10, RT_CONSTBOOL = 14, RT_LOOP = 15, RT_MISC = 17, RT_LABEL = 18,
    RT_PRED = 19,
};

static inline DWORD fb(float f)
{
    DWORD d;
    memcpy(&d, &f, 4);
    return d;
}

#define NARGS(...) ((DWORD)(sizeof((DWORD[]){__VA_ARGS__}) / sizeof(DWORD)))
/* SM2+ instruction with its operand count; I0 without operands. */
#define I(op, ...) ((DWORD)(op) | (NARGS(__VA_ARGS__) << 24)), __VA_ARGS__
#define I0(op) ((DWORD)(op))
/* SM1 (vs_1_1, ps_1_x): no length field. */
#define I1(op, ...) ((DWORD)(op)), __VA_ARGS__
#define END 0x0000ffffu

#define VS(a, b) (0xfffe0000u | ((a) << 8) | (b))
#define PS(a, b) (0xffff0000u | ((a) << 8) | (b))

#define REG(t, n) (0x80000000u | (((DWORD)(t)&7u) << 28) | (((DWORD)(t)&0x18u) << 8) | (DWORD)(n))
#define DST(t, n, m) (REG(t, n) | ((DWORD)(m) << 16))
#define SRC(t, n, s) (REG(t, n) | ((DWORD)(s) << 16))

#define SWZ(a, b, c, d) ((a) | ((b) << 2) | ((c) << 4) | ((d) << 6))
#define XYZW 0xe4
#define XXXX 0x00
#define YYYY 0x55
#define ZZZZ 0xaa
#define WWWW 0xff
#define XY 3
#define XYZ 7
#define MX 1
#define MY 2
#define MZ 4
#define MW 8

/* sources */
#define r(n) SRC(RT_TEMP, n, XYZW)
#define rs(n, s) SRC(RT_TEMP, n, s)
#define c(n) SRC(RT_CONST, n, XYZW)
#define cs(n, s) SRC(RT_CONST, n, s)
#define v(n) SRC(RT_INPUT, n, XYZW)
#define vs_(n, s) SRC(RT_INPUT, n, s)
#define t(n) SRC(RT_TEX, n, XYZW)
#define ts(n, s) SRC(RT_TEX, n, s)
#define i_(n) SRC(RT_CONSTINT, n, XYZW)
#define b_(n) SRC(RT_CONSTBOOL, n, XYZW)
#define s_(n) SRC(RT_SAMPLER, n, XYZW)
#define l_(n) SRC(RT_LABEL, n, XYZW)
#define p0(s) SRC(RT_PRED, 0, s)
#define aL SRC(RT_LOOP, 0, XYZW)
#define a0x SRC(RT_ADDR, 0, XXXX) /* address token: a0.x */
#define a0y SRC(RT_ADDR, 0, YYYY)
#define vPos SRC(RT_MISC, 0, XYZW)
#define vFace SRC(RT_MISC, 1, XYZW)
/* source modifiers */
#define NEG(x) ((x) | (1u << 24))
#define BIAS(x) ((x) | (2u << 24))
#define BX2(x) ((x) | (4u << 24))
#define COMP(x) ((x) | (6u << 24))
#define X2(x) ((x) | (7u << 24))
#define DZ(x) ((x) | (9u << 24))
#define DW(x) ((x) | (10u << 24))
#define ABS(x) ((x) | (11u << 24))
#define NOT(x) ((x) | (13u << 24))
#define REL(x) ((x) | (1u << 13))
/* destinations */
#define R(n) DST(RT_TEMP, n, 0xf)
#define Rm(n, m) DST(RT_TEMP, n, m)
#define T(n) DST(RT_TEX, n, 0xf)
#define V(n) DST(RT_INPUT, n, 0xf)
#define Vm(n, m) DST(RT_INPUT, n, m)
#define S(n) DST(RT_SAMPLER, n, 0xf)
#define A0(m) DST(RT_ADDR, 0, m)
#define P0(m) DST(RT_PRED, 0, m)
#define OPOS DST(RT_RASTOUT, 0, 0xf)
#define OD(n) DST(RT_ATTROUT, n, 0xf)
#define OT(n) DST(RT_OUT, n, 0xf)
#define O(n, m) DST(RT_OUT, n, m)
#define OC(n) DST(RT_COLOROUT, n, 0xf)
#define ODEPTH DST(RT_DEPTHOUT, 0, 1)
#define SAT(x) ((x) | (1u << 20))
#define SHIFT(x, s) ((x) | (((DWORD)(s)&0xfu) << 24)) /* 1 _x2, 2 _x4, 15 _d2 */
#define CENTROID(x) ((x) | (4u << 20))
/* dcl usage tokens */
#define U(usage, idx) (0x80000000u | (DWORD)(usage) | ((DWORD)(idx) << 16))
#define U_POS U(D3DDECLUSAGE_POSITION, 0)
#define U_TC(n) U(D3DDECLUSAGE_TEXCOORD, n)
#define U_COL(n) U(D3DDECLUSAGE_COLOR, n)
#define U_NRM(n) U(D3DDECLUSAGE_NORMAL, n)
#define U_2D (0x80000000u | D3DSTT_2D)
#define U_CUBE (0x80000000u | D3DSTT_CUBE)
#define U_VOL (0x80000000u | D3DSTT_VOLUME)
#define DCL(u, reg) I(D3DSIO_DCL, u, reg)
#define DCL1(u, reg) I1(D3DSIO_DCL, u, reg)
#define DEF(n, a, b, c_, d) I(D3DSIO_DEF, DST(RT_CONST, n, 0xf), fb(a), fb(b), fb(c_), fb(d))
#define DEF1(n, a, b, c_, d) I1(D3DSIO_DEF, DST(RT_CONST, n, 0xf), fb(a), fb(b), fb(c_), fb(d))
#define DEFI(n, a, b, c_, d) I(D3DSIO_DEFI, DST(RT_CONSTINT, n, 0xf), a, b, c_, d)
#define DEFB(n, x) I(D3DSIO_DEFB, DST(RT_CONSTBOOL, n, 0xf), x)
#define CMP(op, c_) ((op) | ((DWORD)(c_) << 16))
#define PRED(op) ((op) | D3DSHADER_INSTRUCTION_PREDICATED)
#define COISSUE(op) ((op) | D3DSI_COISSUE)
#define TEXLDP (D3DSIO_TEX | D3DSI_TEXLD_PROJECT)
#define TEXLDB (D3DSIO_TEX | D3DSI_TEXLD_BIAS)

/* ps_2_0 .. ps_3_0 tail: r0.xyz on the left half of the cell, r0.www on
 * the right (from the TEXCOORD1 ramp: t1.x - 0.5 >= 0 on the right).
 *   add r11, t1.xxxx, c31   (c31 = -0.5)
 *   cmp r10, r11, r0.wwww, r0
 *   mov oC0, r10 */
#define SHOW20                                                                 \
    I(D3DSIO_ADD, R(11), ts(1, XXXX), c(31)),                                  \
        I(D3DSIO_CMP, R(10), r(11), rs(0, WWWW), r(0)),                        \
        I(D3DSIO_MOV, OC(0), r(10))
#define HEAD20 DEF(31, -0.5f, -0.5f, -0.5f, -0.5f), DCL(0x80000000u, T(1))
/* ps_3_0: the ramp is TEXCOORD1 in v1. */
#define HEAD30 DEF(31, -0.5f, -0.5f, -0.5f, -0.5f), DCL(U_TC(1), V(1))
#define SHOW30                                                                 \
    I(D3DSIO_ADD, R(11), vs_(1, XXXX), c(31)),                                 \
        I(D3DSIO_CMP, R(10), r(11), rs(0, WWWW), r(0)),                        \
        I(D3DSIO_MOV, OC(0), r(10))

#endif
