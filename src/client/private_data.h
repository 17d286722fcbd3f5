/* Private data (SetPrivateData and its kin) as every front end keeps it:
 * a small list of blobs tagged by GUID, or of interfaces held with a
 * reference, released with the entry or the object (private_data.c).
 * The front ends turn the results into their API's error codes. */
#ifndef NEREID_CLIENT_PRIVATE_DATA_H
#define NEREID_CLIENT_PRIVATE_DATA_H

#include <nereid/win_base.h>
#ifdef _WIN32
#include <unknwn.h> /* WIN32_LEAN_AND_MEAN leaves IUnknown out */
#endif
#include <stdbool.h>
#include <stdint.h>

enum nr_private_result {
    NR_PRIVATE_OK,
    NR_PRIVATE_INVALID,   /* no tag, or data and size that disagree */
    NR_PRIVATE_NOT_FOUND,
    NR_PRIVATE_MORE_DATA, /* the buffer is smaller than the entry: *size says how large */
    NR_PRIVATE_NO_MEMORY,
};

struct nr_private_entry;
struct nr_private_data {
    struct nr_private_entry *head;
};

/* Stores size bytes of data under tag, or (iunknown) the interface
 * `object` with a reference of its own; replaces what the tag held. */
enum nr_private_result nr_private_set(struct nr_private_data *pd, REFGUID tag,
                                      const void *data, uint32_t size, bool iunknown,
                                      IUnknown *object);
/* Copies the entry out (data NULL: only its size); an interface comes
 * back as its pointer, with a reference for the caller. */
enum nr_private_result nr_private_get(struct nr_private_data *pd, REFGUID tag, void *data,
                                      uint32_t *size);
enum nr_private_result nr_private_free(struct nr_private_data *pd, REFGUID tag);
void nr_private_clear(struct nr_private_data *pd);

#endif
