/* The methods every ID3D11DeviceChild has, made for one object type:
 * AddRef, Release (PREFIX_destroy runs when the application's and the
 * bindings' counts are both zero: PREFIX_destroy_child is the hook for
 * d11_child_init), GetDevice and the
 * private-data methods (client/private_data.c, with D3D11's results).
 *   D11_CHILD_METHODS(prefix, Interface, struct type, interface member) */
#ifndef NEREID_D3D11_CHILD_H
#define NEREID_D3D11_CHILD_H

#define D11_CHILD_METHODS(prefix, Iface, type, member)                                    \
    static inline type *prefix##_impl(Iface *iface)                                        \
    {                                                                                      \
        return D11_IMPL(iface, type, member);                                              \
    }                                                                                      \
    static void prefix##_destroy(type *o);                                                 \
    static void prefix##_destroy_child(struct d11_child *c)                                \
    {                                                                                      \
        prefix##_destroy(D11_IMPL(c, type, c));                                            \
    }                                                                                      \
    static ULONG STDMETHODCALLTYPE prefix##_AddRef(Iface *iface)                           \
    {                                                                                      \
        return d11_child_addref(&prefix##_impl(iface)->c);                                 \
    }                                                                                      \
    static ULONG STDMETHODCALLTYPE prefix##_Release(Iface *iface)                          \
    {                                                                                      \
        return d11_child_release(&prefix##_impl(iface)->c);                                \
    }                                                                                      \
    static void STDMETHODCALLTYPE prefix##_GetDevice(Iface *iface, ID3D11Device **out)     \
    {                                                                                      \
        type *o = prefix##_impl(iface);                                                    \
        if (!out)                                                                          \
            return;                                                                        \
        *out = &o->c.dev->iface;                                                           \
        ID3D11Device_AddRef(*out);                                                         \
    }                                                                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_GetPrivateData(Iface *iface, REFGUID guid,   \
                                                             UINT *size, void *data)       \
    {                                                                                      \
        return d11_private_get(&prefix##_impl(iface)->c.pd, guid, size, data);             \
    }                                                                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateData(Iface *iface, REFGUID guid,   \
                                                             UINT size, const void *data)  \
    {                                                                                      \
        return d11_private_set(&prefix##_impl(iface)->c.pd, guid, size, data);             \
    }                                                                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_SetPrivateDataInterface(                     \
        Iface *iface, REFGUID guid, const IUnknown *data)                                  \
    {                                                                                      \
        return d11_private_set_iface(&prefix##_impl(iface)->c.pd, guid, data);             \
    }

/* QueryInterface for a child answering IUnknown, ID3D11DeviceChild and
 * the IIDs given (up to three; NULL for none). */
#define D11_CHILD_QI(prefix, Iface, iid1, iid2, iid3)                                      \
    static HRESULT STDMETHODCALLTYPE prefix##_QueryInterface(Iface *iface, REFIID riid,    \
                                                             void **out)                   \
    {                                                                                      \
        const GUID *const iids[] = {&IID_IUnknown, &IID_ID3D11DeviceChild, iid1, iid2,     \
                                    iid3};                                                 \
        if (!out)                                                                          \
            return E_POINTER;                                                              \
        for (size_t i = 0; i < NR_ARRAY_SIZE(iids); i++)                                   \
            if (iids[i] && IsEqualGUID(riid, iids[i])) {                                   \
                prefix##_AddRef(iface);                                                    \
                *out = iface;                                                              \
                return S_OK;                                                               \
            }                                                                              \
        *out = NULL;                                                                       \
        return E_NOINTERFACE;                                                              \
    }

#endif
