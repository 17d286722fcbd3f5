/* Stream output without VK_EXT_transform_feedback: the modules of the
 * emulation (docs/ARCHITECTURE.md, "Stream output emulated").
 *
 * A draw that captures runs a second time with rasterization discarded,
 * through a geometry stage that stores what the declaration captures into
 * the context's scratch buffer instead of emitting it: the application's
 * geometry program rewritten (server/dxbc.c), or for a vertex program one
 * made here that reads each primitive's vertices.  Each geometry
 * invocation ("slot": its input primitive, times the instance count of the
 * program, plus its instance) owns a record of up to M vertices, each of
 * V words (the four targets' strides one after another), and a flag a
 * vertex that begins a strip.  Then one compute module, in three modes,
 * finishes the capture in the order D3D11 defines:
 *
 *   SCAN (one invocation): counts each slot's primitives, how many fit the
 *   targets from their positions (a primitive that does not fit ends the
 *   capture, as Vulkan's transform feedback and D3D11 do), where each
 *   slot's first primitive goes, and moves the positions and the
 *   statistics on;
 *   COPY (an invocation a slot): writes its slot's primitives, strips made
 *   lists, into the targets (a declaration's gaps are not written);
 *   ARGS (one invocation): DrawAuto's vertex count from a target's
 *   position, as an indirect draw's arguments.
 *
 * The scratch buffer, in 32-bit words (the words before SO_EMU_PARAMS set
 * by the server before each round): */
#ifndef NEREID_SHADER_SO_EMU_H
#define NEREID_SHADER_SO_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire/wire.h"

enum {
    SO_EMU_N = 0,          /* slots of this round */
    SO_EMU_M = 1,          /* vertices a slot holds */
    SO_EMU_V = 2,          /* words a vertex */
    SO_EMU_PV = 3,         /* vertices a primitive: 1, 2 or 3 */
    SO_EMU_START0 = 4,     /* [4] target t's first word in a vertex */
    SO_EMU_STRIDE0 = 8,    /* [4] target t's stride, in words */
    SO_EMU_SIZE0 = 12,     /* [4] target t's bytes that can be written */
    SO_EMU_COUNTER0 = 16,  /* [4] the word of target t holding its position */
    SO_EMU_USED = 20,      /* bit t: the declaration writes target t */
    SO_EMU_FIRST_INSTANCE = 21, /* the draw's first instance (the capture's
                                   vertex program counts SV_InstanceID from it) */
    SO_EMU_MASK0 = 32,     /* [16] bit w: word w of a vertex is written */
    SO_EMU_WRITTEN = 48,   /* primitives written, since the draw began */
    SO_EMU_NEEDED = 49,    /* primitives needed, since the draw began */
    SO_EMU_BASE0 = 50,     /* [4] target t's position as the round began */
    SO_EMU_ARGS = 56,      /* [4] an indirect draw's arguments */
    SO_EMU_ARGS_STRIDE = 60, /* ARGS: the vertex stride, */
    SO_EMU_ARGS_OFFSET = 61, /* the vertex buffer's offset */
    SO_EMU_ARGS_COUNTER = 62, /* and the word of target 0 holding its position */
    SO_EMU_TRASH = 63,     /* where a store that has no place goes */
    SO_EMU_HEADER = 64,    /* then: the slots' vertex counts [N], their
                              records [N][M + M * V], the scan's
                              (first primitive, count) [N][2] */
    SO_EMU_PARAMS = SO_EMU_WRITTEN, /* the words set before each round */
};

#define SO_EMU_MAX_WORDS 512u /* V: 16 mask words */
#define SO_EMU_LOCAL_SIZE 64u

enum so_emu_mode { SO_EMU_SCAN, SO_EMU_COPY, SO_EMU_ARGS_MODE, SO_EMU_MODES };

/* What the emulation of one capture needs to know besides its module. */
struct so_emu_info {
    uint32_t m, v, pv, ginst;
    uint32_t start[WIRE_MAX_SO_TARGETS], stride[WIRE_MAX_SO_TARGETS]; /* words */
    uint32_t used;
    uint32_t mask[SO_EMU_MAX_WORDS / 32];
};

/* One stored value: `count` 32-bit components of input `input`, from
 * component `index`, to word `word` of the vertex and on. */
struct so_emu_store {
    uint32_t input, index, count, word;
};

/* One input of the capture module made for a vertex program: an output of
 * the vertex program, by location and component, or its position. */
struct so_emu_input {
    bool position;
    uint32_t location, component;
    uint32_t width; /* components: 1 to 4 */
    uint8_t kind;   /* 0 float, 1 int, 2 uint */
};

/* The compute module of one mode (set 0: the scratch at binding 0, the
 * targets at 1-4; ARGS reads target 0). */
bool nr_so_emu_compute(enum so_emu_mode mode, uint32_t **words, size_t *count);

/* The geometry module that captures a vertex program's primitives:
 * `topology` a wire topology (its input primitive; strips are read as
 * their primitives, adjacency vertices are skipped). */
bool nr_so_emu_vertex_capture(const struct so_emu_input *inputs, uint32_t ninputs,
                              const struct so_emu_store *stores, uint32_t nstores,
                              uint32_t topology, const struct so_emu_info *info,
                              uint32_t **words, size_t *count);

/* The vertices a primitive of `topology` gives the geometry stage, and
 * how many of them are captured (adjacency skipped); 0 for patches. */
uint32_t nr_so_emu_topology_vertices(uint32_t topology, uint32_t *captured);

#endif
