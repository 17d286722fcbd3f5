/* Direct3DShaderValidatorCreate9: the runtime's shader validator, an
 * undocumented interface that shader compilers (D3DX, d3dcompiler) call to
 * check DXSO token streams instruction by instruction:
 *
 *   Begin(callback, context, arg)  starts a shader;
 *   Instruction(file, line, tokens, count)  feeds one instruction (the
 *       version token first, the end token last);
 *   End()  answers whether the whole shader was valid.
 *
 * Errors go to the callback as (file, line, arg, message id, text,
 * context).  The message ids and the hresults are those Wine's device test
 * test_shader_validator pins on Windows: an instruction before the version
 * token is fatal (0xef, then 0xf0; the validator then refuses to Begin
 * again, 0xeb), an input register past the shader model's inputs is an
 * error in its dcl (0x12c) or its use (0x167) that End reports.  The
 * checks are those; everything else the translator checks when the shader
 * is created. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>

typedef HRESULT(WINAPI *validator_cb)(const char *file, int line, DWORD_PTR arg,
                                      DWORD_PTR message_id, const char *message,
                                      void *context);

struct validator;
struct validator_vtbl {
    HRESULT(WINAPI *QueryInterface)(struct validator *v, REFIID iid, void **out);
    ULONG(WINAPI *AddRef)(struct validator *v);
    ULONG(WINAPI *Release)(struct validator *v);
    HRESULT(WINAPI *Begin)(struct validator *v, validator_cb cb, void *context,
                           DWORD_PTR arg);
    HRESULT(WINAPI *Instruction)(struct validator *v, const char *file, int line,
                                 const DWORD *tokens, unsigned int count);
    HRESULT(WINAPI *End)(struct validator *v);
};

struct validator {
    const struct validator_vtbl *vtbl;
    LONG refcount;
    validator_cb cb;
    void *context;
    DWORD_PTR arg;
    DWORD version; /* 0 until the version token */
    bool errors;   /* End fails */
    bool broken;   /* a fatal error: no further Begin */
};

static void report(struct validator *v, const char *file, int line, DWORD_PTR id,
                   const char *message)
{
    if (v->cb)
        v->cb(file, line, v->arg, id, message, v->context);
}

static HRESULT WINAPI validator_QueryInterface(struct validator *v, REFIID iid, void **out)
{
    (void)v; (void)iid;
    if (out)
        *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI validator_AddRef(struct validator *v)
{
    return (ULONG)__atomic_add_fetch(&v->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG WINAPI validator_Release(struct validator *v)
{
    LONG ref = __atomic_sub_fetch(&v->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref)
        free(v);
    return (ULONG)ref;
}

static HRESULT WINAPI validator_Begin(struct validator *v, validator_cb cb, void *context,
                                      DWORD_PTR arg)
{
    if (v->broken) {
        v->cb = cb;
        v->context = context;
        v->arg = arg;
        report(v, NULL, 0, 0xeb,
               "the validator stopped at a fatal error: create a new one");
        return E_FAIL;
    }
    v->cb = cb;
    v->context = context;
    v->arg = arg;
    v->version = 0;
    v->errors = false;
    return S_OK;
}

/* Input registers (v#) of the shader model. */
static uint32_t input_count(DWORD version)
{
    bool pixel = (version >> 16) == 0xffff;
    uint32_t major = (version >> 8) & 0xff;
    if (!pixel)
        return 16;
    return major >= 3 ? 10 : 2;
}

static HRESULT WINAPI validator_Instruction(struct validator *v, const char *file, int line,
                                            const DWORD *tokens, unsigned int count)
{
    DWORD op;

    if (!tokens || !count)
        return E_FAIL;
    if (!v->version) {
        DWORD kind = tokens[0] >> 16;
        if (count == 1 && (kind == 0xfffe || kind == 0xffff)) {
            v->version = tokens[0];
            return S_OK;
        }
        report(v, NULL, -1, 0xef, "the first token of a shader is its version token");
        report(v, NULL, 0, 0xf0, "validation cannot go on");
        v->errors = v->broken = true;
        return E_FAIL;
    }
    op = tokens[0] & 0xffff;
    if (op == 0xffff || op == 0xfffe) /* end, comment */
        return S_OK;
    /* Parameter tokens have bit 31 set; an input register's index must be
     * one of the model's inputs. */
    for (unsigned int i = 1; i < count; i++) {
        DWORD t = tokens[i];
        uint32_t type = ((t >> 28) & 7) | ((t >> 8) & 0x18);
        if (!(t & 0x80000000u) || type != D3DSPR_INPUT)
            continue;
        if (op == D3DSIO_DCL && i == 1)
            continue; /* the usage token */
        if ((t & 0x7ff) >= input_count(v->version)) {
            if (op == D3DSIO_DCL)
                report(v, file, line, 0x12c, "dcl: input register index out of range");
            else
                report(v, file, line, 0x167, "input register index out of range");
            v->errors = true;
            break;
        }
    }
    return S_OK;
}

static HRESULT WINAPI validator_End(struct validator *v)
{
    return v->errors ? E_FAIL : S_OK;
}

static const struct validator_vtbl validator_vtbl = {
    validator_QueryInterface, validator_AddRef, validator_Release,
    validator_Begin, validator_Instruction, validator_End,
};

void *d3d9_shader_validator_create(void)
{
    struct validator *v = calloc(1, sizeof(*v));
    if (!v)
        return NULL;
    v->vtbl = &validator_vtbl;
    v->refcount = 1;
    return v;
}
