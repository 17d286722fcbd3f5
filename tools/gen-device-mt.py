#!/usr/bin/env python3
"""Generates src/d3d9/device_mt_vtbls.h: the locking copies of the vtables that
objects of a D3DCREATE_MULTITHREADED device carry (see src/d3d9/device_mt.c).

    tools/gen-device-mt.py [include/d3d9.h] [src/d3d9/device_mt_vtbls.h]

Every wrapper takes the device's reentrant lock, calls the method of the
vtable the object was created with (its "base"), and gives any object it
hands out (an out parameter) its locking vtable too.  The device's own
AddRef is not locked (its count is atomic) and its Release frees the lock
with the device.  An object's QueryInterface, AddRef and GetDevice are not
locked either; all its other methods, Release included, lock the device
they get from GetDevice (holding a reference across the call, so a Release
that frees the object, and with it its device reference, unlocks a device
that is still there).

Only the interfaces in WRAP are wrapped; an interface is added there once
every identity check of its implementation sees through the locking vtable
(d3d9_base_vtbl()).
"""
import re
import sys

WRAP = [
    "Device9Ex", "Surface9", "Texture9", "CubeTexture9", "VolumeTexture9", "Volume9",
    "VertexBuffer9", "IndexBuffer9", "SwapChain9Ex", "Query9", "StateBlock9",
    "VertexShader9", "PixelShader9", "VertexDeclaration9",
]
# Handed out as IDirect3DBaseTexture9 ** or void **: the object's own
# vtable says which interface it is.
GENERIC_OUT = {"BaseTexture9", "Resource9"}
# The device and swap chains implement their Ex interfaces (supersets of
# the plain ones, whose vtables begin the same): the Ex vtables are wrapped
# and plain out parameters get them.
EX = {"SwapChain9": "SwapChain9Ex"}
UNLOCKED = {"QueryInterface", "AddRef", "GetDevice"}


def parse(header):
    text = open(header).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    ifaces = {}
    for m in re.finditer(r"typedef struct IDirect3D(\w+?)Vtbl \{(.*?)\} IDirect3D\1Vtbl;", text,
                         re.S):
        name, body = m.group(1), m.group(2)
        methods = []
        for decl in body.split(";"):
            decl = " ".join(decl.split())
            if not decl:
                continue
            mm = re.match(r"(.+?) \(STDMETHODCALLTYPE \*(\w+)\)\((.*)\)$", decl)
            if not mm:
                sys.exit("cannot parse %r in IDirect3D%sVtbl" % (decl, name))
            ret, mname, params = mm.group(1), mm.group(2), mm.group(3)
            plist = [p.strip() for p in params.split(",")]
            names = [re.search(r"(\w+)\s*$", p).group(1) for p in plist]
            methods.append((ret, mname, plist, names))
        ifaces[name] = methods
    return ifaces


def out_wraps(plist, names):
    """(name, kind) of the object out parameters: kind is an interface in
    WRAP, or None for 'look it up'."""
    res = []
    for p, n in zip(plist[1:], names[1:]):
        m = re.match(r"IDirect3D(\w+) \*\*", p)
        kind = m and EX.get(m.group(1), m.group(1))
        if m and kind in WRAP and kind != "Device9Ex":
            res.append((n, kind))
        elif (m and m.group(1) in GENERIC_OUT) or p.startswith("void **"):
            res.append((n, None))
    return res


def wrapper(iface, ret, mname, plist, names):
    fn = "mt_%s_%s" % (iface, mname)
    args = ", ".join(names)
    base = "mt_base_%s" % iface
    lines = ["static %s STDMETHODCALLTYPE %s(%s)" % (ret, fn, ", ".join(plist)), "{"]
    void = ret == "void"
    if iface == "Device9Ex" and mname == "Release":
        lines += ["    pthread_mutex_t *m_ = "
                  "impl_from_IDirect3DDevice9((IDirect3DDevice9 *)This)->mt_lock;",
                  "    ULONG r_ = %s->Release(This);" % base,
                  "    if (!r_)",
                  "        mt_lock_free(m_);",
                  "    return r_;", "}", ""]
        return fn, "\n".join(lines)
    if mname in UNLOCKED:
        call = "%s->%s(%s)" % (base, mname, args)
        wraps = out_wraps(plist, names) if mname == "QueryInterface" else []
        if wraps:
            lines.append("    %s r_ = %s;" % (ret, call))
            for n, kind in wraps:
                lines.append("    if (SUCCEEDED(r_) && %s && *%s)" % (n, n))
                lines.append("        mt_wrap_unknown((IUnknown *)*%s);" % n)
            lines.append("    return r_;")
        else:
            lines.append("    %s%s;" % ("" if void else "return ", call))
        lines += ["}", ""]
        return fn, "\n".join(lines)
    if iface == "Device9Ex":
        lines.append("    pthread_mutex_t *m_ = "
                     "impl_from_IDirect3DDevice9((IDirect3DDevice9 *)This)->mt_lock;")
        lines.append("    pthread_mutex_lock(m_);")
    else:
        lines.append("    IDirect3DDevice9 *d_ = mt_enter((void *)This, "
                     "(mt_get_device_fn)%s->GetDevice);" % base)
    if void:
        lines.append("    %s->%s(%s);" % (base, mname, args))
    else:
        lines.append("    %s r_ = %s->%s(%s);" % (ret, base, mname, args))
    for n, kind in out_wraps(plist, names):
        cond = "SUCCEEDED(r_) && " if ret == "HRESULT" else ""
        lines.append("    if (%s%s && *%s)" % (cond, n, n))
        if kind:
            lines.append("        mt_wrap_%s((IDirect3D%s *)*%s);" % (kind, kind, n))
        else:
            lines.append("        mt_wrap_unknown((IUnknown *)*%s);" % n)
    if iface == "Device9Ex":
        lines.append("    pthread_mutex_unlock(m_);")
    else:
        lines.append("    mt_leave(d_);")
    if not void:
        lines.append("    return r_;")
    lines += ["}", ""]
    return fn, "\n".join(lines)


def main():
    header = sys.argv[1] if len(sys.argv) > 1 else "include/d3d9.h"
    out = sys.argv[2] if len(sys.argv) > 2 else "src/d3d9/device_mt_vtbls.h"
    ifaces = parse(header)
    o = ["/* Generated by tools/gen-device-mt.py from include/d3d9.h: do not edit.",
         " * Included by src/d3d9/device_mt.c. */", ""]
    for i in WRAP:
        o.append("static const IDirect3D%sVtbl *mt_base_%s;" % (i, i))
    o.append("")
    for i in WRAP:
        if i != "Device9Ex":
            o.append("static void mt_wrap_%s(IDirect3D%s *obj);" % (i, i))
    o.append("")
    tables = {}
    for i in WRAP:
        fns = []
        for ret, mname, plist, names in ifaces[i]:
            fn, code = wrapper(i, ret, mname, plist, names)
            o.append(code)
            fns.append((mname, fn))
        tables[i] = fns
    o.append("static const struct mt_vtbls {")
    for i in WRAP:
        o.append("    IDirect3D%sVtbl %s;" % (i, i))
    o.append("} mt_vtbls = {")
    for i in WRAP:
        o.append("    .%s = {" % i)
        for mname, fn in tables[i]:
            o.append("        .%s = %s," % (mname, fn))
        o.append("    },")
    o.append("};")
    o.append("")
    o.append("const void *const d3d9_mt_vtbls_begin = &mt_vtbls;")
    o.append("const void *const d3d9_mt_vtbls_end = &mt_vtbls + 1;")
    o.append("")
    o.append("const void *d3d9_mt_base_vtbl(const void *vtbl)")
    o.append("{")
    for i in WRAP:
        o.append("    if (vtbl == (const void *)&mt_vtbls.%s)" % i)
        o.append("        return __atomic_load_n(&mt_base_%s, __ATOMIC_ACQUIRE);" % i)
    o.append("    return vtbl;")
    o.append("}")
    o.append("")
    for i in WRAP:
        if i == "Device9Ex":
            continue
        o.append("static void mt_wrap_%s(IDirect3D%s *obj)" % (i, i))
        o.append("{")
        o.append("    mt_swap((void *)obj, (const void **)&mt_base_%s, &mt_vtbls.%s, \"%s\");"
                 % (i, i, i))
        o.append("}")
        o.append("")
    o.append("/* Objects handed out as a base interface: their vtable says which. */")
    o.append("static void mt_wrap_unknown(IUnknown *obj)")
    o.append("{")
    o.append("    const void *v = __atomic_load_n((const void **)obj, __ATOMIC_ACQUIRE);")
    for i in WRAP:
        if i == "Device9Ex":
            continue
        o.append("    if (v && v == (const void *)__atomic_load_n(&mt_base_%s, __ATOMIC_ACQUIRE))" % i)
        o.append("        mt_wrap_%s((IDirect3D%s *)obj);" % (i, i))
    o.append("}")
    open(out, "w").write("\n".join(o) + "\n")


if __name__ == "__main__":
    main()
