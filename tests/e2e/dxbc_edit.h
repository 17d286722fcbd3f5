/* nereid tests: DXBC the HLSL compiler we have cannot write, made from DXBC
 * it can.  Wine's d3dcompiler has no buffer types, so the test shaders
 * read Texture2Ds (tests/d3d11/shaders.hlsl) and dxbc_edit turns chosen
 * t# into buffers:
 *   typed       dcl_resource's dimension becomes BUFFER; its ld reads the
 *               address's x as the element
 *   raw         dcl_resource_raw; each ld becomes ld_raw of the byte
 *               offset in the address's x
 *   structured  dcl_resource_structured of the stride; each ld becomes
 *               ld_structured of the structure in x and the byte in y
 * and, for comparisons (no SamplerComparisonState either):
 *   texture2d   a Texture2DArray t# declared a Texture2D
 *   comparison  s# (reg) declared a comparison sampler; each sample
 *               through it becomes sample_c_lz with the address's z as
 *               the reference
 * and, for UAVs (it has RWTexture2D, no RWBuffer types), chosen u#:
 *   uav_typed       dcl_uav_typed's dimension becomes BUFFER (its stores and
 *                   loads use the address's x)
 *   uav_raw         dcl_uav_raw; each store_uav_typed becomes store_raw of
 *                   one word at the byte offset in the address's x, each
 *                   ld_uav_typed an ld_raw of it
 *   uav_structured  dcl_uav_structured of the stride; stores and loads
 *                   become store_structured / ld_structured of the
 *                   structure in x and the byte in y
 * and, for compute shaders (it has none), a pixel shader of model 5 with
 * one nointerpolation uint input v0 and no output:
 *   compute         the program type becomes compute, dcl_input_ps v0
 *                   becomes dcl_input vThreadID (every v0 vThreadID) and
 *                   dcl_thread_group of group[] follows it; the input
 *                   signature is emptied
 * The program chunk is rewritten, the container's sizes and offsets
 * follow and its checksum is made anew (vkd3d-shader checks it).  Any
 * token form it does not know makes it fail: a test then fails, nothing
 * is guessed. */
#ifndef NEREID_TESTS_DXBC_EDIT_H
#define NEREID_TESTS_DXBC_EDIT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../../src/shader/dxbc_sum.h"

enum dxbc_edit_kind {
    DXBC_EDIT_TYPED, DXBC_EDIT_RAW, DXBC_EDIT_STRUCTURED, DXBC_EDIT_TEXTURE2D,
    DXBC_EDIT_COMPARISON, DXBC_EDIT_UAV_TYPED, DXBC_EDIT_UAV_RAW, DXBC_EDIT_UAV_STRUCTURED,
    DXBC_EDIT_COMPUTE
};
struct dxbc_edit {
    uint32_t reg; /* t#, s# for a comparison, u# for a UAV */
    enum dxbc_edit_kind kind;
    uint32_t stride; /* structured: bytes a structure */
    uint32_t group[3]; /* compute: the thread group */
};

#define DXBC_EDIT_MAX_WORDS 4096

/* The tokens of one operand from p[0] (at most n): 0 when not a form
 * known here (extended tokens, relative or 64-bit indices). */
static uint32_t dxbc_edit_operand_len(const uint32_t *p, uint32_t n)
{
    uint32_t tok, type, dims, len = 1;
    if (!n)
        return 0;
    tok = p[0];
    if (tok >> 31)
        return 0;
    type = (tok >> 12) & 0xff;
    if (type == 4) /* an immediate: 1 or 4 values */
        len += (tok & 3) == 2 ? 4 : 1;
    dims = (tok >> 20) & 3;
    for (uint32_t d = 0; d < dims; d++) {
        if ((tok >> (22 + 3 * d)) & 7)
            return 0;
        len++;
    }
    return len <= n ? len : 0;
}

/* One component of a 4-component source operand as a scalar operand:
 * written at out, its length returned (0: a form not known here). */
static uint32_t dxbc_edit_component(const uint32_t *op, uint32_t len, uint32_t comp,
                                    uint32_t *out)
{
    uint32_t tok = op[0], type = (tok >> 12) & 0xff, sel = (tok >> 2) & 3, c;
    if (type == 4) { /* l(a, b, c, d): a 1-component immediate */
        if ((tok & 3) != 2 || len != 5)
            return 0;
        out[0] = (tok & ~3u) | 1u;
        out[0] &= ~(0x3ffu << 2); /* no selection for one component */
        out[1] = op[1 + comp];
        return 2;
    }
    if ((tok & 3) != 2 || sel != 1) /* a swizzled register */
        return 0;
    c = (tok >> (4 + 2 * comp)) & 3;
    out[0] = (tok & ~(0x3ffu << 2)) | (2u << 2) | (c << 4); /* select-1 */
    memcpy(out + 1, op + 1, (len - 1) * 4);
    return len;
}

static const struct dxbc_edit *dxbc_edit_find(const struct dxbc_edit *e, int n, uint32_t reg)
{
    for (int i = 0; i < n; i++)
        if (e[i].reg == reg && e[i].kind <= DXBC_EDIT_TEXTURE2D &&
            e[i].kind != DXBC_EDIT_COMPARISON)
            return &e[i];
    return NULL;
}

static const struct dxbc_edit *dxbc_edit_find_uav(const struct dxbc_edit *e, int n,
                                                  uint32_t reg)
{
    for (int i = 0; i < n; i++)
        if (e[i].reg == reg && e[i].kind >= DXBC_EDIT_UAV_TYPED &&
            e[i].kind <= DXBC_EDIT_UAV_STRUCTURED)
            return &e[i];
    return NULL;
}

static const struct dxbc_edit *dxbc_edit_compute(const struct dxbc_edit *e, int n)
{
    for (int i = 0; i < n; i++)
        if (e[i].kind == DXBC_EDIT_COMPUTE)
            return &e[i];
    return NULL;
}

/* Copies an instruction's operands, each v0 (an input of one immediate
 * index 0) made vThreadID; the words written, 0 for a form not known. */
static uint32_t dxbc_edit_thread_ids(const uint32_t *in, uint32_t n, uint32_t *out)
{
    uint32_t i = 0, o = 0;
    while (i < n) {
        uint32_t l = dxbc_edit_operand_len(in + i, n - i), tok = in[i];
        if (!l)
            return 0;
        if (((tok >> 12) & 0xff) == 1) {
            if (l != 2 || ((tok >> 20) & 3) != 1 || in[i + 1])
                return 0;
            out[o++] = (tok & 0xfffu) | (0x20u << 12); /* vThreadID, no index */
        } else {
            memcpy(out + o, in + i, l * 4);
            o += l;
        }
        i += l;
    }
    return o;
}

static bool dxbc_edit_comparison(const struct dxbc_edit *e, int n, uint32_t reg)
{
    for (int i = 0; i < n; i++)
        if (e[i].reg == reg && e[i].kind == DXBC_EDIT_COMPARISON)
            return true;
    return false;
}

/* Rewrites the program tokens in[0..n) into out (at most cap words);
 * the count written, 0 on failure. */
static uint32_t dxbc_edit_program(const uint32_t *in, uint32_t n, const struct dxbc_edit *e,
                                  int ne, uint32_t *out, uint32_t cap)
{
    uint32_t o = 2, i = 2;
    const struct dxbc_edit *cs = dxbc_edit_compute(e, ne);
    if (n < 2 || in[1] != n || cap < n + 64)
        return 0;
    out[0] = cs ? (in[0] & 0xffffu) | (5u << 16) : in[0];
    while (i < n) {
        uint32_t tok = in[i], op = tok & 0x7ff, len = (tok >> 24) & 0x7f;
        const struct dxbc_edit *x = NULL;
        if (op == 0x35) /* customdata: its length is the next token */
            len = i + 1 < n ? in[i + 1] : 0;
        if (!len || len > n - i || o + len + 16 > cap)
            return 0;
        if (op == 0x58 && len == 4 && ((in[i + 1] >> 12) & 0xff) == 7)
            x = dxbc_edit_find(e, ne, in[i + 2]);
        if (op == 0x58 && x) { /* dcl_resource t#: opcode, operand, index, return type */
            if (x->kind == DXBC_EDIT_TYPED || x->kind == DXBC_EDIT_TEXTURE2D) {
                uint32_t dim = x->kind == DXBC_EDIT_TYPED ? 1u : 3u;
                out[o++] = (tok & ~(0x1fu << 11)) | (dim << 11);
                out[o++] = in[i + 1], out[o++] = in[i + 2], out[o++] = in[i + 3];
            } else if (x->kind == DXBC_EDIT_RAW) {
                out[o++] = 0xa1u | (3u << 24);
                out[o++] = in[i + 1], out[o++] = in[i + 2];
            } else {
                out[o++] = 0xa2u | (4u << 24);
                out[o++] = in[i + 1], out[o++] = in[i + 2], out[o++] = x->stride;
            }
            i += len;
            continue;
        }
        if (op == 0x9c && len == 4 && ((in[i + 1] >> 12) & 0xff) == 0x1e &&
            (x = dxbc_edit_find_uav(e, ne, in[i + 2]))) { /* dcl_uav_typed u#, return type */
            if (x->kind == DXBC_EDIT_UAV_TYPED) {
                out[o++] = (tok & ~(0x1fu << 11)) | (1u << 11);
                out[o++] = in[i + 1], out[o++] = in[i + 2], out[o++] = in[i + 3];
            } else if (x->kind == DXBC_EDIT_UAV_RAW) {
                out[o++] = 0x9du | (3u << 24);
                out[o++] = in[i + 1], out[o++] = in[i + 2];
            } else {
                out[o++] = 0x9eu | (4u << 24);
                out[o++] = in[i + 1], out[o++] = in[i + 2], out[o++] = x->stride;
            }
            i += len;
            continue;
        }
        if (cs && op == 0x62) { /* dcl_input_ps v0 -> dcl_input vThreadID, dcl_thread_group */
            if (len != 3 || ((in[i + 1] >> 12) & 0xff) != 1 || in[i + 2])
                return 0;
            out[o++] = 0x5fu | (2u << 24);
            out[o++] = (in[i + 1] & 0xfffu) | (0x20u << 12);
            out[o++] = 0x9bu | (4u << 24);
            out[o++] = cs->group[0], out[o++] = cs->group[1], out[o++] = cs->group[2];
            i += len;
            continue;
        }
        if ((op == 0xa4 || op == 0xa3) && !(tok >> 31)) {
            /* store_uav_typed u#, address, value / ld_uav_typed dst, address, u# */
            uint32_t at = i + 1, l[3], sum = 0, k;
            for (k = 0; k < 3; k++) {
                l[k] = dxbc_edit_operand_len(in + at + sum, i + len - at - sum);
                if (!l[k])
                    return 0;
                sum += l[k];
            }
            const uint32_t *u = op == 0xa4 ? in + at : in + at + l[0] + l[1];
            const uint32_t *addr = in + at + l[0];
            uint32_t laddr = l[1];
            x = sum == len - 1 && ((u[0] >> 12) & 0xff) == 0x1e && (op == 0xa4 ? l[0] : l[2]) == 2
                    ? dxbc_edit_find_uav(e, ne, u[1])
                    : NULL;
            if (x && x->kind != DXBC_EDIT_UAV_TYPED) {
                uint32_t start = o, n1, n2 = 0;
                bool structured = x->kind == DXBC_EDIT_UAV_STRUCTURED;
                o++;
                if (op == 0xa4) { /* the u# written: one word, .x */
                    out[o++] = (u[0] & ~(0xfu << 4)) | (1u << 4);
                    out[o++] = u[1];
                } else {
                    memcpy(out + o, in + at, l[0] * 4), o += l[0];
                }
                if (!(n1 = dxbc_edit_component(addr, laddr, 0, out + o)))
                    return 0;
                o += n1;
                if (structured) {
                    if (!(n2 = dxbc_edit_component(addr, laddr, 1, out + o)))
                        return 0;
                    o += n2;
                }
                if (op == 0xa4) {
                    memcpy(out + o, in + at + l[0] + l[1], l[2] * 4), o += l[2];
                    out[start] = (structured ? 0xa8u : 0xa6u) | ((o - start) << 24);
                } else {
                    memcpy(out + o, u, l[2] * 4), o += l[2];
                    out[start] = (structured ? 0xa7u : 0xa5u) | ((o - start) << 24);
                }
                i += len;
                continue;
            }
        }
        if (op == 0x5a && len == 3 && ((in[i + 1] >> 12) & 0xff) == 6 &&
            dxbc_edit_comparison(e, ne, in[i + 2])) { /* dcl_sampler s#, mode comparison */
            out[o++] = (tok & ~(0xfu << 11)) | (1u << 11);
            out[o++] = in[i + 1], out[o++] = in[i + 2];
            i += len;
            continue;
        }
        if (op == 0x45 && !(tok >> 31)) { /* sample dst, address, t#, s# */
            uint32_t at = i + 1, l[4], sum = 0, k;
            for (k = 0; k < 4; k++) {
                l[k] = dxbc_edit_operand_len(in + at + sum, i + len - at - sum);
                if (!l[k])
                    return 0;
                sum += l[k];
            }
            const uint32_t *smp = in + at + l[0] + l[1] + l[2];
            if (sum == len - 1 && ((smp[0] >> 12) & 0xff) == 6 && l[3] == 2 &&
                dxbc_edit_comparison(e, ne, smp[1])) {
                uint32_t start = o, nref;
                o++;
                memcpy(out + o, in + at, sum * 4), o += sum;
                if (!(nref = dxbc_edit_component(in + at + l[0], l[1], 2, out + o)))
                    return 0;
                o += nref;
                out[start] = 0x47u | ((o - start) << 24) | (tok & (1u << 11)); /* sample_c_lz */
                i += len;
                continue;
            }
        }
        if (op == 0x2d && !(tok >> 31)) { /* ld dst, address, t# */
            uint32_t at = i + 1, l0, l1, l2;
            l0 = dxbc_edit_operand_len(in + at, i + len - at);
            l1 = l0 ? dxbc_edit_operand_len(in + at + l0, i + len - at - l0) : 0;
            l2 = l1 ? dxbc_edit_operand_len(in + at + l0 + l1, i + len - at - l0 - l1) : 0;
            if (!l2 || l0 + l1 + l2 != len - 1)
                return 0;
            const uint32_t *res = in + at + l0 + l1;
            if (((res[0] >> 12) & 0xff) == 7 && l2 == 2)
                x = dxbc_edit_find(e, ne, res[1]);
            if (x && x->kind != DXBC_EDIT_TYPED) {
                uint32_t start = o, n1, n2 = 0;
                o++;
                memcpy(out + o, in + at, l0 * 4), o += l0;
                if (!(n1 = dxbc_edit_component(in + at + l0, l1, 0, out + o)))
                    return 0;
                o += n1;
                if (x->kind == DXBC_EDIT_STRUCTURED) {
                    if (!(n2 = dxbc_edit_component(in + at + l0, l1, 1, out + o)))
                        return 0;
                    o += n2;
                }
                memcpy(out + o, res, l2 * 4), o += l2;
                out[start] = (x->kind == DXBC_EDIT_RAW ? 0xa5u : 0xa7u) |
                             ((o - start) << 24) | (tok & (1u << 11)); /* saturate */
                i += len;
                continue;
            }
        }
        if (cs && op != 0x35 && !(op >= 0x58 && op <= 0x6a) && !(op >= 0x8f && op <= 0xa2)) {
            /* Any other instruction of a compute shader: v0 is vThreadID. */
            uint32_t m = 0;
            if (tok >> 31)
                return 0; /* extended opcode tokens: not known here */
            if (len > 1 && !(m = dxbc_edit_thread_ids(in + i + 1, len - 1, out + o + 1)))
                return 0;
            out[o] = (tok & ~(0x7fu << 24)) | ((m + 1) << 24);
            o += m + 1;
            i += len;
            continue;
        }
        memcpy(out + o, in + i, len * 4);
        o += len;
        i += len;
    }
    out[1] = o;
    return o;
}

/* The container in (in_bytes) with its program edited, into out (at most
 * cap bytes): the size written, 0 on failure. */
static size_t dxbc_edit(const void *in, size_t in_bytes, const struct dxbc_edit *e, int ne,
                        void *out, size_t cap)
{
    const uint8_t *src = in;
    uint8_t *dst = out;
    uint32_t count, at, words[DXBC_EDIT_MAX_WORDS], edited[DXBC_EDIT_MAX_WORDS + 64];
    if (in_bytes < 32 || memcmp(src, "DXBC", 4))
        return 0;
    memcpy(&count, src + 28, 4);
    if (count > 16 || 32 + 4 * (size_t)count > in_bytes || cap < 32 + 4 * (size_t)count)
        return 0;
    memcpy(dst, src, 32);
    at = 32 + 4 * count;
    for (uint32_t c = 0; c < count; c++) {
        uint32_t off, size;
        memcpy(&off, src + 32 + 4 * c, 4);
        if (off > in_bytes - 8)
            return 0;
        memcpy(&size, src + off + 4, 4);
        if (size > in_bytes - off - 8)
            return 0;
        memcpy(dst + 32 + 4 * c, &at, 4);
        if (!memcmp(src + off, "SHDR", 4) || !memcmp(src + off, "SHEX", 4)) {
            uint32_t n = size / 4, m;
            if (n > DXBC_EDIT_MAX_WORDS)
                return 0;
            memcpy(words, src + off + 8, (size_t)n * 4);
            if (!(m = dxbc_edit_program(words, words[1] <= n ? words[1] : 0, e, ne, edited,
                                        DXBC_EDIT_MAX_WORDS + 64)))
                return 0;
            size = m * 4;
            if (at + 8 + (size_t)size > cap)
                return 0;
            memcpy(dst + at, src + off, 4);
            memcpy(dst + at + 4, &size, 4);
            memcpy(dst + at + 8, edited, size);
        } else if (!memcmp(src + off, "ISGN", 4) && dxbc_edit_compute(e, ne)) {
            static const uint32_t empty[2] = {0, 8}; /* no elements */
            if (at + 16 > cap)
                return 0;
            size = 8;
            memcpy(dst + at, src + off, 4);
            memcpy(dst + at + 4, &size, 4);
            memcpy(dst + at + 8, empty, 8);
        } else {
            if (at + 8 + (size_t)size > cap)
                return 0;
            memcpy(dst + at, src + off, 8 + (size_t)size);
        }
        at += 8 + size;
    }
    memcpy(dst + 24, &at, 4);
    dxbc_sum(dst, at);
    return at;
}

#endif
