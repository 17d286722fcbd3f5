/* The Vulkan executor.  Vulkan 1.3 core: dynamic rendering, synchronization2,
 * timeline semaphores.  See vkx.h. */
#define _GNU_SOURCE
#include "vk/vkx.h"
#include "vk/xwin.h"
#include "shader/binding.h"
#include "shader/present.h"
#include "shader/so_emu.h"
#include "shader/spv.h"

#include <pthread.h>
#include <stdarg.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

/* Every Vulkan result goes through here: the call, the result, the place. */
#define VKX_CHECK(call)                                                        \
    vkx_check_result((call), #call, __FILE__, __LINE__)

static bool vkx_check_result(VkResult r, const char *call, const char *file,
                             int line)
{
    if (r == VK_SUCCESS)
        return true;
    NR_ERR(VK, "%s failed: VkResult %d at %s:%d", call, (int)r, file, line);
    return false;
}

#define UPLOAD_CHUNK (4u << 20)
#define MAX_SUBMITS_IN_FLIGHT 4

static uint64_t validation_error_count;

uint64_t vkx_validation_errors(void)
{
    return __atomic_load_n(&validation_error_count, __ATOMIC_SEQ_CST);
}

struct vkx_device {
    VkInstance instance;
    VkPhysicalDevice phys;
    VkDevice device;
    VkQueue queue;
    uint32_t queue_family;
    pthread_mutex_t queue_lock;
    /* Shared textures (vkx_texture_share): their holders, the holders'
     * submissions and shared textures' views are under share_lock, which
     * is taken before queue_lock. */
    pthread_mutex_t share_lock;
    /* Timelines (vkx_timeline): how far each one's submitted signals go,
     * under timeline_lock, which is taken inside queue_lock; waiters for
     * a signal to be submitted sleep on timeline_cond. */
    pthread_mutex_t timeline_lock;
    pthread_cond_t timeline_cond;
    struct vkx_texture **shared;
    size_t shared_count, shared_cap;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties mem;
    VkDebugUtilsMessengerEXT messenger;
    PFN_vkSetDebugUtilsObjectNameEXT set_name;
    PFN_vkCreateDebugUtilsMessengerEXT create_messenger;
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger;
    VkPipelineLayout layout;
    VkPipelineCache cache;
    bool fill_mode_non_solid;
    bool depth_bias_clamp; /* depthBiasClamp (WIRE_DEVFEAT_DEPTH_BIAS_CLAMP) */
    /* VK_EXT_vertex_attribute_divisor: divisors other than 1, of 0, and
     * the largest (WIRE_DEVFEAT_INSTANCE_DIVISOR, _ZERO_DIVISOR). */
    bool divisor, zero_divisor;
    uint32_t max_divisor;
    bool depth_clamp;
    uint32_t format_features[WIRE_FORMAT_COUNT];
    uint32_t format_samples[WIRE_FORMAT_COUNT]; /* VkSampleCountFlags */
    uint32_t format_load_samples[WIRE_FORMAT_COUNT]; /* of those, sampled too */
    /* The constant depth-bias factor that moves depth by 1.0, as measured
     * (measure_depth_bias): D16, D24S8; 0 where not measured. */
    float depth_bias_units[2];
    VkDescriptorSetLayout set_layout;
    VkDescriptorSetLayout texel_set_layout; /* set 1: the texel buffers */
    /* Set 2, the texture table (binding.h), where the device has what it
     * takes (see vkx_device_create); VK_NULL_HANDLE otherwise. */
    VkDescriptorSetLayout table_set_layout;
    bool table;
    PFN_vkCmdPushDescriptorSetKHR push_descriptors;
    bool custom_border, mirror_once, clip_distance;
    /* Storage from fragment shaders and storage images of any format
     * (WIRE_DEVFEAT_STORAGE): compute and D3D11's UAVs. */
    bool storage;
    /* Geometry shaders (geometryShader), and stream output on
     * VK_EXT_transform_feedback (WIRE_DEVFEAT_STREAM_OUTPUT). */
    bool geometry, xfb;
    bool cube_array; /* imageCubeArray */
    bool multi_viewport; /* multiViewport (WIRE_DEVFEAT_MULTI_VIEWPORT) */
    /* vertexPipelineStoresAndAtomics (WIRE_DEVFEAT_VERTEX_STORAGE) */
    bool vertex_storage;
    bool logic_op; /* logicOp (WIRE_DEVFEAT_LOGIC_OP) */
    bool set1_empty[NR_SET1_COUNT]; /* set 1's bindings of no descriptor (stages it lacks) */
    bool tessellation; /* tessellationShader (WIRE_DEVFEAT_TESSELLATION) */
    bool dual_source;  /* dualSrcBlend (WIRE_DEVFEAT_DUAL_SOURCE) */
    VkShaderStageFlags set_stages; /* the stages sets 0 and 1 are visible to */
    /* Stream output emulated where there is no transform feedback
     * (shader/so_emu.h): the capture pipelines' layout (the device's sets,
     * and set 3 holding the scratch) and the compute modes. */
    bool so_emu;
    VkDescriptorSetLayout so_set_layout, so_comp_set_layout, so_empty_set_layout;
    VkPipelineLayout so_gfx_layout, so_comp_layout;
    VkPipeline so_comp[SO_EMU_MODES];
    PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb;
    PFN_vkCmdBeginTransformFeedbackEXT begin_xfb;
    PFN_vkCmdEndTransformFeedbackEXT end_xfb;
    PFN_vkCmdDrawIndirectByteCountEXT draw_byte_count;
    PFN_vkCmdBeginQueryIndexedEXT begin_query_indexed;
    PFN_vkCmdEndQueryIndexedEXT end_query_indexed;
    uint32_t max_xfb_stride;
    uint64_t max_xfb_size; /* maxTransformFeedbackBufferSize */
    uint32_t ubo_align;
    PFN_vkCmdDrawMultiEXT draw_multi;               /* NULL without the extension */
    /* VK_EXT_extended_dynamic_state3's colour write masks: pipelines leave
     * them dynamic (NULL: they are in the pipeline). */
    PFN_vkCmdSetColorWriteMaskEXT set_write_mask;
    /* D24S8 kept as D32S8 (choose_d24s8) with its fixed-point depth bias:
     * VK_EXT_depth_bias_control's FORCE_UNORM representation. */
    bool bias_force_unorm;
    void(VKAPI_PTR *set_depth_bias2)(VkCommandBuffer, const void *);
    bool dynamic_masks;
    PFN_vkCmdDrawMultiIndexedEXT draw_multi_indexed;
    uint32_t max_multi_draw;
    bool host_query_reset, occlusion_precise; /* occlusion queries */
    /* Pipeline-statistics queries (pipelineStatisticsQuery): the counters
     * their pools count (bit s: enum wire_pipeline_stat s), 0 without. */
    VkQueryPipelineStatisticFlags pipeline_stats;
    /* Timestamp queries: the graphics queue's valid bits (0: none) and the
     * ticks a second (from timestampPeriod). */
    uint32_t timestamp_bits;
    uint64_t timestamp_hz;
    /* A display answered (and NEREID_WINDOW is not 0): VK_KHR_surface,
     * the platform's surface extension and VK_KHR_swapchain are on. */
    bool windows;
    bool own_windows; /* NEREID_WINDOW=1: a window of ours for clients naming none */
    bool zero_past_end; /* robustBufferAccess2: reads past a buffer are zeros */
    bool null_descriptor; /* nullDescriptor: vertex bindings and image views may be VK_NULL_HANDLE */
    /* The gamma pass (see the gamma section), made at its first use. */
    pthread_mutex_t gamma_lock;
    /* Resolves of sRGB views (vkx_blit): a pipeline of the device's layout
     * a format and sample count, made at first use (under resolve_lock). */
    pthread_mutex_t resolve_lock;
    struct {
        VkFormat format;
        uint32_t samples;
        VkPipeline pipeline;
    } resolves[16];
    unsigned resolve_count;
    VkDescriptorSetLayout gamma_set_layout;
    VkPipelineLayout gamma_layout;
    VkPipeline gamma_pipeline;
    bool gamma_failed;
};

/* One backing store of a buffer.  A DISCARD write while the GPU may still
 * read the current version renames: the buffer moves to another version and
 * the old one retires when the timeline passes its last use. */
struct vkx_buffer_version {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t *map;
    uint64_t last_use; /* timeline value of the last submission reading it */
    /* Its texel buffer views, made at first use and destroyed with it. */
    struct vkx_texel_view *views;
    unsigned view_count;
};
struct vkx_texel_view {
    uint32_t format;
    uint64_t offset, size;
    VkBufferView view;
};
/* Distinct views of one version of a buffer (a context that needs more
 * fails). */
#define VKX_MAX_TEXEL_VIEWS 64

#define VKX_MAX_SPARE_VERSIONS 8

struct vkx_buffer {
    struct vkx_buffer_version cur;
    struct vkx_buffer_version spare[VKX_MAX_SPARE_VERSIONS];
    unsigned spare_count;
    uint64_t size;
    uint32_t usage;
    /* WIRE_BUF_STREAM_OUT: the 4 bytes at counter_offset (past the size)
     * hold the byte position where its last stream output stopped. */
    uint64_t counter_offset;
    char name[64];
    uint64_t renames;
    /* WIRE_BUF_RENDER_TARGET: the twins of its ranges rendered into
     * (vkx_buffer_target), each with the byte it starts at. */
    struct {
        struct vkx_texture *tex;
        uint64_t offset;
    } twins[VKX_MAX_BUFFER_TARGETS];
    unsigned twin_count;
};

#define VKX_MAX_TARGET_VIEWS 32
/* Other contexts one submission waits for (holders of shared textures). */
#define VKX_MAX_SHARE_WAITS 16
/* Distinct timelines one submission waits for (vkx_ctx_wait). */
#define VKX_MAX_TIMELINE_WAITS 8

struct vkx_timeline {
    struct vkx_device *dev;
    VkSemaphore sem;
    uint64_t submitted; /* the highest value a submitted signal (or the
                         * creation) gives it; under timeline_lock */
    uint32_t refs;      /* atomic */
};

/* Every image lives in VK_IMAGE_LAYOUT_GENERAL from its creation on: valid
 * for every use here, so no use can find it in the wrong layout; the memory
 * dependencies are kept by barriers between passes and transfers. */
#define VKX_NO_VIEW 0xffu /* vkx_texture.whole_view: none */

struct vkx_texture {
    VkImage image;
    VkDeviceMemory memory;
    VkImageView sampled; /* all levels (and faces), the swizzle applied */
    /* The view type a SET_TEXTURE of no range and no format names to
     * sample `sampled` (vkx_texture_whole_view), VKX_NO_VIEW where such a
     * record needs the server's full checks. */
    uint8_t whole_view;
    bool can_sample; /* made with VK_IMAGE_USAGE_SAMPLED_BIT */
    struct {
        uint32_t level, layer, format, layers;
        VkImageView view;
    } targets[VKX_MAX_TARGET_VIEWS];
    unsigned target_count;
    /* Sampled views other than `sampled` (of a part of it, or of another
     * view type), made at their first use; under the device's share_lock
     * for a shared texture. */
    struct {
        struct vkx_view_range range;
        uint32_t type;
        VkImageView view;
    } views[VKX_MAX_TARGET_VIEWS];
    unsigned view_count;
    /* Storage views (SET_STORAGE): one level, of a type, layers and format. */
    struct {
        uint32_t type, level, first_layer, layers, format;
        VkImageView view;
    } storage_views[VKX_MAX_TARGET_VIEWS];
    unsigned storage_view_count;
    VkFormat vk_format;
    VkImageAspectFlags aspect;
    struct vkx_texture_desc desc;
    char name[64];
    /* A shared texture: the contexts holding a handle to it (a context
     * twice for two handles); freed when the last lets go. */
    bool shared;
    struct vkx_ctx *holders[WIRE_MAX_SHARE_HOLDERS];
    unsigned holder_count;
};

struct vkx_sampler {
    VkSampler sampler;
    /* A filtering sampler without comparison: its twin of nearest filters
     * (made at first need), for views of formats the device does not
     * filter (lavapipe's depth formats): Vulkan leaves linear filtering of
     * those undefined, D3D11 filters R32_FLOAT; point sampling is the
     * nearest defined answer. */
    VkSampler nearest;
    bool filters;
    VkSamplerCreateInfo ci;
    VkSamplerCustomBorderColorCreateInfoEXT border;
};

struct vkx_shader {
    VkShaderModule module;
    enum wire_shader_stage stage;
    uint64_t texel_mask; /* the bindings of set 1 its module reads (set1_bit) */
    /* The texture slots (set 0's combined samplers) its module declares,
     * and the view type (enum wire_texture_type) each must be bound as. */
    uint32_t image_mask;
    uint8_t image_type[WIRE_MAX_TEXTURE_SLOTS];
    bool table; /* it reads the texture table (binding.h's set 2) */
    size_t size; /* bytes of SPIR-V */
    /* A compute shader: its thread group (LocalSize), and its pipeline,
     * made at its first dispatch, last used by the submission of
     * last_use; `unrunnable` when the device cannot run it. */
    uint32_t group[3];
    VkPipeline compute;
    uint64_t last_use;
    bool unrunnable;
    uint64_t key; /* the server's name of its source (shaders.c) */
    bool xfb; /* its outputs are captured (transform feedback decorations) */
    bool dual; /* a fragment module writing location 0's second source */
    uint32_t outputs; /* a fragment module's colour locations written */
    bool viewport_index; /* a geometry module writing the viewport index */
    bool so_capture; /* an emulated capture's: its pipelines have set 3 */
    void *blob; /* the server's data (vkx_shader_set_blob), freed with it */
};

struct vkx_pipeline {
    VkPipeline pipeline;
    bool table; /* its shaders sample through the texture table */
    uint32_t color_formats[WIRE_MAX_COLOR_TARGETS];
    uint32_t depth_format;
    uint32_t samples; /* the targets' sample count it rasterizes with */
    uint32_t color_count; /* colour attachments */
    bool dynamic_write_mask;
    /* The colour attachments its fragment module writes (all without
     * one: the server masks those itself); the others are masked. */
    uint32_t outputs;
    uint64_t texel_mask; /* the bindings of set 1 its shaders read (set1_bit) */
    uint32_t image_mask; /* the texture slots its shaders declare (vkx_shader's) */
    uint8_t image_type[WIRE_MAX_TEXTURE_SLOTS];
    bool xfb; /* drawn by so_draw: it or a pipeline drawn with it captures */
    bool captures; /* its module's outputs are captured by transform feedback */
    bool discard; /* rasterizer discard: stream output alone */
    /* Emulated stream output: the pipeline that captures (the block's
     * vertex shader and its capture module), and of that one, what the
     * emulation needs of it and what its draws assemble. */
    struct vkx_pipeline *capture;
    struct so_emu_info emu;
    /* A program of several streams: the stream its draws capture (and
     * its queries count), and the pipeline of the next stream captured
     * (drawn after it; vkx_pipeline_chain_stream). */
    uint32_t stream;
    struct vkx_pipeline *next_stream;
    uint32_t topology, patch_points;
    bool strip_cut;
    uint32_t vb_reads; /* the vertex bindings its attributes read */
    uint32_t viewports; /* its viewports and scissors: 1, or every index */
};
/* The bindings of every uniform buffer. */
#define UBO_BINDINGS                                                                       \
    (3u | (((1u << (NR_UBO_SET0 - 2)) - 1) << NR_BIND_UBO_EXTRA0))
/* A binding of set 1 in a texel_mask: bindings 0..30 (the texel buffers
 * of the fragment and vertex stages, storage) as themselves, the other
 * stages' texel buffers from bit 32, the rest (uniform buffers, counters,
 * combined samplers) as bit 31, which says set 1 is read. */
static inline uint64_t set1_bit(uint32_t b)
{
    return 1ull << (b < 31                        ? b
                    : b >= NR_BIND_STAGE_TEXEL0 ? 32 + b - NR_BIND_STAGE_TEXEL0
                                                : 31);
}
_Static_assert(32 + NR_SET1_COUNT - NR_BIND_STAGE_TEXEL0 <= 64 &&
                   NR_SET1_COUNT - NR_BIND_STAGE_TEXEL0 == 3 * NR_MAX_STAGE_TEXELS,
               "set 1 ends with the other stages' texel buffers");
/* The bindings of set 1 that hold storage. */
#define SET1_STORAGE_BITS (((1ull << (2 * NR_MAX_STORAGE)) - 1) << NR_BIND_STORAGE_BUF0)

/* A host-visible buffer that uploads and read-backs go through. */
struct vkx_chunk {
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t *map;
    uint64_t size, used;
    uint64_t busy_until; /* timeline value of the last submission using it */
};

/* What the command buffer being recorded really holds: written only next
 * to the vkCmd* call that records it, stamped with that command buffer's
 * serial.  The check mode compares it with what each draw needs, apart
 * from the dirty flags that decide what to record. */
struct vkx_recorded {
    uint64_t pipeline_cb;
    VkPipeline pipeline;
    uint64_t desc_cb[NR_BIND_COUNT];
    VkDescriptorBufferInfo ubo[NR_UBO_COUNT];
    VkDescriptorImageInfo images[WIRE_MAX_TEXTURE_SLOTS];
    uint64_t texel_set_cb; /* set 1 was bound in this command buffer, holding texels */
    /* and these textures of the geometry, hull and domain stages */
    VkDescriptorImageInfo stage_images[WIRE_MAX_TEXTURE_SLOTS - WIRE_STAGE_TEXTURE_SLOT0];
    uint64_t table_cb;     /* set 2 (the texture table) was bound in this command buffer */
    VkBufferView texels[NR_TEXEL_COUNT];
    uint64_t viewport_cb, scissor_cb, push_cb, dynamic_cb;
    uint32_t viewport_n, scissor_n; /* of the command buffer's viewports and scissors */
    VkViewport viewport[WIRE_MAX_VIEWPORTS];
    VkRect2D scissor[WIRE_MAX_VIEWPORTS];
    uint8_t push[WIRE_PUSH_CONSTANT_BYTES];
    struct wire_set_dynamic_state dynamic;
    uint64_t vb_cb[WIRE_MAX_VERTEX_BINDINGS];
    VkBuffer vb[WIRE_MAX_VERTEX_BINDINGS];
    VkDeviceSize vb_offset[WIRE_MAX_VERTEX_BINDINGS], vb_stride[WIRE_MAX_VERTEX_BINDINGS];
    uint64_t ib_cb;
    VkBuffer ib;
    VkDeviceSize ib_offset;
    VkIndexType ib_type;
    /* Bumped by every state command: draws merged into one multi-draw
     * must have been queued under the same value. */
    uint64_t epoch, pending_epoch;
};

/* The texture table of a context (binding.h's set 2; see the texture table
 * section).  Made at the first draw of a pipeline that samples through it. */
#define VKX_TABLE_DATA_BYTES (8u << 20)
#define VKX_TABLE_MARKS 16
/* A command buffer holds at most a slice of draws, each writing at most a
 * bind set and a word: the data of the submissions in flight and of the
 * one being recorded always fit. */
_Static_assert(VKX_TABLE_DATA_BYTES / 4 >= (MAX_SUBMITS_IN_FLIGHT + 2) * (VKX_SLICE_DRAWS + 256) *
                                              (NR_BINDSET_WORDS + 1),
               "the texture table's data must hold the slices in flight");
#define VKX_TABLE_HASH 4096 /* buckets, a power of two */
#define VKX_NO_ENTRY 0xffffu
struct vkx_table {
    VkDescriptorPool pool;
    VkDescriptorSet set;
    /* The words (bind sets and draws' bind set offsets): a ring in host
     * memory, bytes [tail, head) of which submissions may still read; a
     * mark per submission says where its data ends. */
    VkBuffer buffer;
    VkDeviceMemory memory;
    uint8_t *map;
    uint64_t head, tail; /* bytes ever written, and ever retired */
    struct {
        uint64_t pos, value;
    } marks[VKX_TABLE_MARKS];
    unsigned mark_first, mark_count;
    /* Entries: what each holds (entry 0, never freed: the empty 2D texture
     * through the empty sampler, which freed entries hold too), the
     * timeline value of the last submission whose bind sets name it, and
     * a hash of the pairs in use. */
    struct {
        VkImageView view;
        VkSampler sampler;
        uint64_t last_use;
        uint16_t next; /* in its hash bucket's chain */
        bool used;
    } entries[NR_TABLE_SIZE];
    uint16_t buckets[VKX_TABLE_HASH];
    uint16_t free_list[NR_TABLE_SIZE];
    unsigned free_count;
    unsigned cb_entries; /* entries the command buffer being recorded names */
    uint64_t cb_entries_serial;
    /* The slots' entries as the next bind set has them, the last bind set
     * written (a word offset) and the command buffer it was written in. */
    uint32_t words[NR_BINDSET_WORDS];
    bool words_changed;
    uint32_t bindset;
    uint64_t bindset_cb, bound_cb;
    /* The bind set of each draw queued for the next multi-draw. */
    uint32_t *pending;
    size_t pending_cap;
};

struct vkx_ctx {
    struct vkx_device *dev;
    uint32_t id;
    uint32_t options;   /* enum wire_context_option */
    uint64_t cb_serial; /* of the command buffer being recorded; 0: none yet */
    uint64_t check_failures;
    uint64_t cb_work, cb_draws; /* vertices (x instances) and draws recorded in cb */
    /* The fast path of vkx_draw: every exported call but the draws (and
     * getters) bumps state_serial; a draw with the pipeline of the last
     * prepared draw, in the same command buffer, with the serial unchanged,
     * needs no preparation (bindings, descriptors, dynamic state, targets
     * are what the last one prepared). */
    uint64_t state_serial, fast_serial, fast_cb;
    /* Texture slots changed (vkx_set_texture) since the last prepared draw:
     * the fast path holds for a table pipeline (the table looks the slots
     * up: table_prepare), not for one that pushes them. */
    uint64_t texture_serial, fast_texture;
    struct vkx_pipeline *fast_p;
    VkBuffer fast_up; /* the last prepared draw was a DRAW_UP from this chunk */
    uint32_t fast_up_stride;
    /* Colour write masks of the next draws (pipelines with dynamic masks),
     * and as set in the command buffer. */
    VkColorComponentFlags write_masks[WIRE_MAX_COLOR_TARGETS];
    uint32_t write_mask_bits; /* the same, packed (vkx_pack_write_masks) */
    VkColorComponentFlags masks_set[WIRE_MAX_COLOR_TARGETS];
    bool masks_dirty;
    struct vkx_recorded rec;
    char error[160];
    VkCommandPool pool;
    VkSemaphore timeline;
    uint64_t submitted; /* last timeline value submitted (under the device's
                         * share_lock while shared_held) */
    unsigned shared_held; /* handles of shared textures held */
    /* Timeline values the next submission waits for (vkx_ctx_wait), each
     * holding a reference on its timeline until then. */
    struct vkx_timeline_wait {
        struct vkx_timeline *t;
        uint64_t value;
    } tl_waits[VKX_MAX_TIMELINE_WAITS];
    uint32_t tl_wait_count;
    VkCommandBuffer cb; /* recording, or VK_NULL_HANDLE */
    VkCommandBuffer spare[MAX_SUBMITS_IN_FLIGHT];
    uint64_t spare_value[MAX_SUBMITS_IN_FLIGHT];
    struct vkx_chunk *chunks;
    size_t chunk_count, chunk_cap;
    struct vkx_chunk *cur_chunk;
    /* Recording state. */
    struct vkx_target color[WIRE_MAX_COLOR_TARGETS];
    unsigned color_count;
    struct vkx_target depth;
    bool rendering;
    bool pass_barrier; /* a pass ended: the next one may read what it wrote */
    /* Descriptors (shader/binding.h): uniform buffers at 0, 1 and 22..29
     * (index u: nr_ubo_binding), textures at 2 + slot. */
    VkDescriptorBufferInfo ubo[NR_UBO_COUNT];
    VkDescriptorImageInfo images[WIRE_MAX_TEXTURE_SLOTS];
    struct vkx_texture *image_tex[WIRE_MAX_TEXTURE_SLOTS];
    uint8_t image_view[WIRE_MAX_TEXTURE_SLOTS]; /* enum wire_texture_type */
    /* What an empty slot samples: a 1x1 texture of each view type holding
     * (0, 0, 0, 1), made at first need, and a point sampler.  Every slot a
     * pipeline may read holds a valid descriptor. */
    struct vkx_texture *null_tex[WIRE_TEX_TYPE_COUNT];
    struct vkx_sampler *null_sampler;
    /* Texel buffers as set (a NULL buffer: unset), and the views their
     * descriptors hold; an unset slot a pipeline reads holds a view of
     * null_texel, 16 bytes of zeros. */
    struct {
        struct vkx_buffer *buf;
        uint32_t format;
        uint64_t offset, size;
    } texel[WIRE_MAX_TEXEL_SLOTS];
    VkBufferView texel_views[WIRE_MAX_TEXEL_SLOTS];
    uint32_t texel_set; /* bit per slot with a buffer */
    bool texel_dirty;   /* texel_views differ from the bound set's */
    struct vkx_buffer *null_texel;
    /* Storage slots as set (SET_STORAGE), and the views set 1 holds for
     * them (the unused kind of each slot: an empty one). */
    struct vkx_storage {
        uint32_t kind; /* enum wire_storage_kind */
        struct vkx_buffer *buf;
        struct vkx_texture *tex;
        uint32_t format, view_type, level, first_layer, layers;
        uint64_t offset, size;
        struct vkx_buffer *counter; /* the UAV's hidden counter (its first word) */
    } storage[WIRE_MAX_STORAGE_SLOTS];
    VkBufferView storage_bufs[WIRE_MAX_STORAGE_SLOTS];
    VkBufferView counter_views[WIRE_MAX_STORAGE_SLOTS];
    VkImageView storage_imgs[WIRE_MAX_STORAGE_SLOTS];
    uint32_t storage_set; /* bit per slot holding a buffer or an image */
    /* A draw of this pass wrote storage: the next draw starts a new pass
     * (after a barrier), as D3D11 orders UAV writes between draws. */
    bool storage_pending;
    /* Stream-output targets (SET_SO_TARGETS), and whether the draw being
     * prepared rasterizes nothing (its pass may have no attachment and no
     * viewport: 1x1). */
    struct vkx_buffer *so[WIRE_MAX_SO_TARGETS];
    struct vkx_buffer *so_dummy; /* bound where a slot has no target */
    /* Emulated stream output: the scratch (shader/so_emu.h) and set 3,
     * which names it. */
    struct vkx_buffer *so_scratch;
    VkDescriptorPool so_pool;
    VkDescriptorSet so_set;
    /* The SO queries' slots: (written, needed) each. */
    struct vkx_buffer *so_results;
    bool discard_draw;
    /* Empty storage: a 16-byte buffer, and 1x1 images by view type and
     * format (R32_UINT, R32_SINT, R32_SFLOAT). */
    struct vkx_buffer *null_storage;
    struct vkx_texture *null_storage_img[WIRE_TEX_TYPE_COUNT][3];
    /* The pools set 1 is allocated from: each is reset once the last
     * submission that used one of its sets retired. */
    struct vkx_texel_pool {
        VkDescriptorPool pool;
        uint32_t used;
        uint64_t busy_until;
    } *texel_pools;
    unsigned texel_pool_count, texel_pool_cur;
    uint32_t desc_valid, desc_dirty; /* bit per binding of set 0 */
    /* Bit per texture slot: images[slot] holds a descriptor (slot_changed
     * keeps set 0's bits of desc_valid alike). */
    uint32_t images_valid;
    uint8_t *uniforms[NR_UBO_COUNT]; /* the server's copy of each buffer's data */
    bool set1_uniforms_ready; /* every set-1 uniform buffer has data */
    uint32_t uniform_total[NR_UBO_COUNT], uniform_cap[NR_UBO_COUNT], uniform_dirty;
    struct vkx_pipeline *bound;
    /* Each index's viewport and scissor as set (wire.h's rules). */
    struct vkx_viewport {
        VkViewport vp;
        VkRect2D scissor;
        bool y_up;    /* WIRE_VIEWPORT_Y_UP: the viewport goes in upside down */
        bool none;    /* WIRE_VIEWPORT_NONE: nothing is drawn through it */
        bool clipped; /* a scissor rectangle (else WIRE_SCISSOR_WHOLE) */
    } viewports[WIRE_MAX_VIEWPORTS];
    bool viewport_dirty, scissor_dirty, push_dirty, dynamic_dirty;
    bool bias_unorm; /* the depth bias set is in FORCE_UNORM (set_depth_bias) */
    struct wire_set_dynamic_state dynamic;
    uint8_t push[WIRE_PUSH_CONSTANT_BYTES];
    /* Vertex and index buffers as set, and as bound in the command buffer. */
    struct vkx_buffer *vb[WIRE_MAX_VERTEX_BINDINGS];
    uint32_t vb_mask; /* the bindings of vb that hold a buffer */
    VkDeviceSize vb_offset[WIRE_MAX_VERTEX_BINDINGS];
    VkDeviceSize vb_stride[WIRE_MAX_VERTEX_BINDINGS];
    VkBuffer vb_bound[WIRE_MAX_VERTEX_BINDINGS];
    uint32_t vb_null_bound; /* bindings bound to VK_NULL_HANDLE in this command buffer */
    VkDeviceSize vb_bound_offset[WIRE_MAX_VERTEX_BINDINGS];
    VkDeviceSize vb_bound_stride[WIRE_MAX_VERTEX_BINDINGS];
    struct vkx_buffer *ib;
    VkDeviceSize ib_offset;
    VkIndexType ib_type;
    VkBuffer ib_bound;
    VkDeviceSize ib_bound_offset;
    VkIndexType ib_bound_type;
    /* Back-to-back draws with nothing in between become one multi-draw. */
    VkMultiDrawInfoEXT *pending;
    VkMultiDrawIndexedInfoEXT *pending_indexed;
    size_t pending_count, pending_cap, pending_indexed_cap;
    bool pending_is_indexed;
    struct vkx_stats stats;
    struct vkx_queries *queries; /* occlusion queries and fences, or NULL */
    /* The texture table (NULL until a table pipeline draws) and the slots
     * whose texture or sampler changed since it last looked. */
    struct vkx_table *table;
    uint32_t table_slots;
    bool pending_table; /* the queued draws sample through the table */
    /* Windows it presents into (see the windows section); own_window is
     * the title of its own when NEREID_WINDOW=1 asked for one. */
    struct vkx_window *windows[4];
    char own_window[160];
    uint64_t window_uses; /* presents to windows so far: their LRU clock */
    struct vkx_gamma *gamma; /* the ramp and its pass, from the first vkx_ctx_set_gamma */
    struct vkx_picture *picture; /* a frame as a display shows it (see there), or NULL */
};

/* A vertex binding's buffer, and vb_mask with it. */
static inline void set_vb(struct vkx_ctx *ctx, uint32_t binding, struct vkx_buffer *b)
{
    ctx->vb[binding] = b;
    if (b)
        ctx->vb_mask |= 1u << binding;
    else
        ctx->vb_mask &= ~(1u << binding);
}

static void queries_rendering_begun(struct vkx_ctx *ctx);
static void queries_rendering_ending(struct vkx_ctx *ctx);
static bool queries_draw(struct vkx_ctx *ctx);
static void queries_dispatch(struct vkx_ctx *ctx, uint64_t threads);
static void queries_destroy(struct vkx_ctx *ctx);
static void table_destroy(struct vkx_ctx *ctx);
static void table_mark(struct vkx_ctx *ctx, uint64_t value);
static inline bool table_alloc(struct vkx_ctx *ctx, uint32_t bytes, uint32_t *word);
static void table_push_base(struct vkx_ctx *ctx, uint32_t base);
static void table_forget(struct vkx_ctx *ctx, const struct vkx_texture *tex, VkSampler sampler);
static void check_table_forgot(struct vkx_ctx *ctx, const struct vkx_texture *tex);
static void check_report(struct vkx_ctx *ctx, const char *fmt, ...) NR_PRINTF(2, 3);
static void window_destroy(struct vkx_ctx *ctx);
static void gamma_destroy(struct vkx_ctx *ctx);
static void picture_destroy(struct vkx_ctx *ctx);
static void texture_free(VkDevice d, struct vkx_texture *t);
static void storage_unset(struct vkx_ctx *ctx, uint32_t slot);
static void memory_barrier(VkCommandBuffer cb);
static bool so_emu_init(struct vkx_device *dev, const VkPushConstantRange *range,
                        const VkDescriptorSetLayout *sets);
static void so_emu_destroy(struct vkx_device *dev);
static void twin_copy(struct vkx_ctx *ctx, const struct vkx_target *t, bool in);
static uint64_t recording_value(struct vkx_ctx *ctx);
static VkImageView sampled_view(struct vkx_ctx *ctx, struct vkx_texture *t,
                                enum wire_texture_type view, const struct vkx_view_range *range);

static void ctx_fail(struct vkx_ctx *ctx, const char *fmt, ...) NR_PRINTF(2, 3);
static void ctx_fail(struct vkx_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->error, sizeof(ctx->error), fmt, ap);
    va_end(ap);
    NR_ERR(VK, "context %u: %s", ctx->id, ctx->error);
}

const char *vkx_ctx_error(struct vkx_ctx *ctx)
{
    return ctx->error[0] ? ctx->error : "Vulkan error";
}

static void set_name(struct vkx_device *dev, VkObjectType type, uint64_t handle,
                     const char *name)
{
    if (dev->set_name && name) {
        VkDebugUtilsObjectNameInfoEXT info = {
            .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
            .objectType = type,
            .objectHandle = handle,
            .pObjectName = name,
        };
        dev->set_name(dev->device, &info);
    }
}

/* ------------------------------------------------------------------ device */

/* Sets 0 and 1 serve draws and dispatches (compute pipelines have the
 * graphics pipelines' layout: shader/binding.h). */

/* The descriptor type of set 1's binding b (binding.h): texel buffers,
 * storage texel buffers, storage images, uniform buffers, counters,
 * uniform buffers, combined samplers, texel buffers. */
static VkDescriptorType set1_type(uint32_t b)
{
    return b < NR_BIND_STORAGE_BUF0   ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
           : b < NR_BIND_STORAGE_IMG0 ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
           : b < NR_BIND_HS_UBO       ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
           : b < NR_BIND_COUNTER0     ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
           : b < NR_BIND_STAGE_UBO0   ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
           : b < NR_BIND_STAGE_SAMPLER0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
           : b < NR_BIND_STAGE_TEXEL0   ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
                                        : VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
               VkDebugUtilsMessageTypeFlagsEXT types,
               const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)user;
    if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
        __atomic_add_fetch(&validation_error_count, 1, __ATOMIC_SEQ_CST);
        NR_ERR(VK, "validation: %s", data->pMessage);
    } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        /* Performance advice (outputs a shader writes and the next stage
         * ignores, ...) is expected of generated shaders: debug level. */
        if (types & VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT)
            NR_DBG(VK, "validation: %s", data->pMessage);
        else
            NR_WARN(VK, "validation: %s", data->pMessage);
    }
    return VK_FALSE;
}

/* The image format of each wire format.  D24S8's is VK_FORMAT_D24_UNORM_S8_UINT,
 * or on a device that cannot render to it (AMD's: Vulkan requires one of
 * D24S8 and D32S8 only; or NEREID_NO_D24S8=1) D32_SFLOAT_S8_UINT, its depth
 * kept as floats (choose_d24s8; the process has one device).  The wire
 * keeps D3D's 4-byte texels: uploads and read-backs convert the 24-bit
 * depth. */
static VkFormat vk_formats[WIRE_FORMAT_COUNT] = {
    [WIRE_FORMAT_B8G8R8A8_UNORM] = VK_FORMAT_B8G8R8A8_UNORM,
    [WIRE_FORMAT_B8G8R8X8_UNORM] = VK_FORMAT_B8G8R8A8_UNORM,
    [WIRE_FORMAT_R5G6B5_UNORM] = VK_FORMAT_R5G6B5_UNORM_PACK16,
    [WIRE_FORMAT_D16_UNORM] = VK_FORMAT_D16_UNORM,
    [WIRE_FORMAT_D24_UNORM_S8_UINT] = VK_FORMAT_D24_UNORM_S8_UINT,
    [WIRE_FORMAT_D32_SFLOAT] = VK_FORMAT_D32_SFLOAT,
    [WIRE_FORMAT_D32_SFLOAT_S8_UINT] = VK_FORMAT_D32_SFLOAT_S8_UINT,
    [WIRE_FORMAT_R32_SFLOAT] = VK_FORMAT_R32_SFLOAT,
    [WIRE_FORMAT_R32G32_SFLOAT] = VK_FORMAT_R32G32_SFLOAT,
    [WIRE_FORMAT_R32G32B32_SFLOAT] = VK_FORMAT_R32G32B32_SFLOAT,
    [WIRE_FORMAT_R32G32B32A32_SFLOAT] = VK_FORMAT_R32G32B32A32_SFLOAT,
    [WIRE_FORMAT_A1R5G5B5_UNORM] = VK_FORMAT_A1R5G5B5_UNORM_PACK16,
    [WIRE_FORMAT_A4R4G4B4_UNORM] = VK_FORMAT_A4R4G4B4_UNORM_PACK16,
    [WIRE_FORMAT_R8_UNORM] = VK_FORMAT_R8_UNORM,
    [WIRE_FORMAT_R8G8_UNORM] = VK_FORMAT_R8G8_UNORM,
    [WIRE_FORMAT_R16_UNORM] = VK_FORMAT_R16_UNORM,
    [WIRE_FORMAT_R8G8_SNORM] = VK_FORMAT_R8G8_SNORM,
    [WIRE_FORMAT_A2R10G10B10_UNORM] = VK_FORMAT_A2R10G10B10_UNORM_PACK32,
    [WIRE_FORMAT_R16G16_UNORM] = VK_FORMAT_R16G16_UNORM,
    [WIRE_FORMAT_R16G16B16A16_UNORM] = VK_FORMAT_R16G16B16A16_UNORM,
    [WIRE_FORMAT_R16_SFLOAT] = VK_FORMAT_R16_SFLOAT,
    [WIRE_FORMAT_R16G16_SFLOAT] = VK_FORMAT_R16G16_SFLOAT,
    [WIRE_FORMAT_R16G16B16A16_SFLOAT] = VK_FORMAT_R16G16B16A16_SFLOAT,
    [WIRE_FORMAT_BC1_UNORM] = VK_FORMAT_BC1_RGBA_UNORM_BLOCK,
    [WIRE_FORMAT_BC2_UNORM] = VK_FORMAT_BC2_UNORM_BLOCK,
    [WIRE_FORMAT_BC3_UNORM] = VK_FORMAT_BC3_UNORM_BLOCK,
    [WIRE_FORMAT_R8G8B8A8_UNORM] = VK_FORMAT_R8G8B8A8_UNORM,
    [WIRE_FORMAT_R8G8B8A8_UINT] = VK_FORMAT_R8G8B8A8_UINT,
    [WIRE_FORMAT_R8G8B8A8_USCALED] = VK_FORMAT_R8G8B8A8_USCALED,
    [WIRE_FORMAT_R16G16_SSCALED] = VK_FORMAT_R16G16_SSCALED,
    [WIRE_FORMAT_R16G16B16A16_SSCALED] = VK_FORMAT_R16G16B16A16_SSCALED,
    [WIRE_FORMAT_R16G16_SNORM] = VK_FORMAT_R16G16_SNORM,
    [WIRE_FORMAT_R16G16B16A16_SNORM] = VK_FORMAT_R16G16B16A16_SNORM,
    [WIRE_FORMAT_A2B10G10R10_USCALED] = VK_FORMAT_A2B10G10R10_USCALED_PACK32,
    [WIRE_FORMAT_A2B10G10R10_SNORM] = VK_FORMAT_A2B10G10R10_SNORM_PACK32,
    [WIRE_FORMAT_R8G8B8A8_SNORM] = VK_FORMAT_R8G8B8A8_SNORM,
    [WIRE_FORMAT_BC4_UNORM] = VK_FORMAT_BC4_UNORM_BLOCK,
    [WIRE_FORMAT_BC5_UNORM] = VK_FORMAT_BC5_UNORM_BLOCK,
    [WIRE_FORMAT_R8G8B8A8_SRGB] = VK_FORMAT_R8G8B8A8_SRGB,
    [WIRE_FORMAT_B8G8R8A8_SRGB] = VK_FORMAT_B8G8R8A8_SRGB,
    [WIRE_FORMAT_BC1_SRGB] = VK_FORMAT_BC1_RGBA_SRGB_BLOCK,
    [WIRE_FORMAT_BC2_SRGB] = VK_FORMAT_BC2_SRGB_BLOCK,
    [WIRE_FORMAT_BC3_SRGB] = VK_FORMAT_BC3_SRGB_BLOCK,
    [WIRE_FORMAT_BC4_SNORM] = VK_FORMAT_BC4_SNORM_BLOCK,
    [WIRE_FORMAT_BC5_SNORM] = VK_FORMAT_BC5_SNORM_BLOCK,
    [WIRE_FORMAT_BC6H_UFLOAT] = VK_FORMAT_BC6H_UFLOAT_BLOCK,
    [WIRE_FORMAT_BC6H_SFLOAT] = VK_FORMAT_BC6H_SFLOAT_BLOCK,
    [WIRE_FORMAT_BC7_UNORM] = VK_FORMAT_BC7_UNORM_BLOCK,
    [WIRE_FORMAT_BC7_SRGB] = VK_FORMAT_BC7_SRGB_BLOCK,
    [WIRE_FORMAT_E5B9G9R9_UFLOAT] = VK_FORMAT_E5B9G9R9_UFLOAT_PACK32,
    [WIRE_FORMAT_B10G11R11_UFLOAT] = VK_FORMAT_B10G11R11_UFLOAT_PACK32,
    [WIRE_FORMAT_A2B10G10R10_UNORM] = VK_FORMAT_A2B10G10R10_UNORM_PACK32,
    [WIRE_FORMAT_R8_SNORM] = VK_FORMAT_R8_SNORM,
    [WIRE_FORMAT_R16_SNORM] = VK_FORMAT_R16_SNORM,
    [WIRE_FORMAT_R8_UINT] = VK_FORMAT_R8_UINT,
    [WIRE_FORMAT_R8_SINT] = VK_FORMAT_R8_SINT,
    [WIRE_FORMAT_R8G8_UINT] = VK_FORMAT_R8G8_UINT,
    [WIRE_FORMAT_R8G8_SINT] = VK_FORMAT_R8G8_SINT,
    [WIRE_FORMAT_R8G8B8A8_SINT] = VK_FORMAT_R8G8B8A8_SINT,
    [WIRE_FORMAT_R16_UINT] = VK_FORMAT_R16_UINT,
    [WIRE_FORMAT_R16_SINT] = VK_FORMAT_R16_SINT,
    [WIRE_FORMAT_R16G16_UINT] = VK_FORMAT_R16G16_UINT,
    [WIRE_FORMAT_R16G16_SINT] = VK_FORMAT_R16G16_SINT,
    [WIRE_FORMAT_R16G16B16A16_UINT] = VK_FORMAT_R16G16B16A16_UINT,
    [WIRE_FORMAT_R16G16B16A16_SINT] = VK_FORMAT_R16G16B16A16_SINT,
    [WIRE_FORMAT_R32_UINT] = VK_FORMAT_R32_UINT,
    [WIRE_FORMAT_R32_SINT] = VK_FORMAT_R32_SINT,
    [WIRE_FORMAT_R32G32_UINT] = VK_FORMAT_R32G32_UINT,
    [WIRE_FORMAT_R32G32_SINT] = VK_FORMAT_R32G32_SINT,
    [WIRE_FORMAT_R32G32B32_UINT] = VK_FORMAT_R32G32B32_UINT,
    [WIRE_FORMAT_R32G32B32_SINT] = VK_FORMAT_R32G32B32_SINT,
    [WIRE_FORMAT_R32G32B32A32_UINT] = VK_FORMAT_R32G32B32A32_UINT,
    [WIRE_FORMAT_R32G32B32A32_SINT] = VK_FORMAT_R32G32B32A32_SINT,
    [WIRE_FORMAT_A2B10G10R10_UINT] = VK_FORMAT_A2B10G10R10_UINT_PACK32,
};

static VkFormat wire_to_vk_format(enum wire_format f)
{
    return f < WIRE_FORMAT_COUNT ? vk_formats[f] : VK_FORMAT_UNDEFINED;
}

static bool d24s8_in_float(enum wire_format f)
{
    return f == WIRE_FORMAT_D24_UNORM_S8_UINT &&
           vk_formats[f] == VK_FORMAT_D32_SFLOAT_S8_UINT;
}

/* Decides D24S8's image format for the device (before it is made: a device keeping
 * D24S8 as floats asks for VK_EXT_depth_bias_control). */
static void choose_d24s8(VkPhysicalDevice phys)
{
    VkFormatProperties d24, d32;
    vkGetPhysicalDeviceFormatProperties(phys, VK_FORMAT_D24_UNORM_S8_UINT, &d24);
    vkGetPhysicalDeviceFormatProperties(phys, VK_FORMAT_D32_SFLOAT_S8_UINT, &d32);
    VkFormat *d24s8 = &vk_formats[WIRE_FORMAT_D24_UNORM_S8_UINT];
    *d24s8 = VK_FORMAT_D24_UNORM_S8_UINT;
    if ((!(d24.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) ||
         nr_env_flag("NEREID_NO_D24S8")) &&
        (d32.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)) {
        *d24s8 = VK_FORMAT_D32_SFLOAT_S8_UINT;
        NR_INFO(VK, "D24S8 is kept as D32_SFLOAT_S8_UINT (the device cannot render to D24S8)");
    }
}

/* VK_EXT_depth_bias_control, newer than this system's Vulkan headers
 * (1.3.239): its structure types and FORCE_UNORM representation. */
#define NR_EXT_DEPTH_BIAS_CONTROL "VK_EXT_depth_bias_control"
#define NR_STYPE_DEPTH_BIAS_CONTROL_FEATURES ((VkStructureType)1000283000)
#define NR_STYPE_DEPTH_BIAS_INFO ((VkStructureType)1000283001)
#define NR_STYPE_DEPTH_BIAS_REPRESENTATION_INFO ((VkStructureType)1000283002)
#define NR_DEPTH_BIAS_REPRESENTATION_FORCE_UNORM 1u
struct nr_depth_bias_control_features {
    VkStructureType sType;
    void *pNext;
    VkBool32 depthBiasControl, leastRepresentableValueForceUnormRepresentation,
        floatRepresentation, depthBiasExact;
};
struct nr_depth_bias_info {
    VkStructureType sType;
    const void *pNext;
    float depthBiasConstantFactor, depthBiasClamp, depthBiasSlopeFactor;
};
struct nr_depth_bias_representation_info {
    VkStructureType sType;
    const void *pNext;
    uint32_t depthBiasRepresentation;
    VkBool32 depthBiasExact;
};

static bool is_depth_format(enum wire_format f)
{
    const struct wire_format_info *i = wire_format_get(f);
    return i && i->depth;
}

static bool has_layer(const char *name)
{
    uint32_t n = 0;
    VkLayerProperties *props;
    bool found = false;

    vkEnumerateInstanceLayerProperties(&n, NULL);
    props = calloc(n ? n : 1, sizeof(*props));
    if (!props)
        return false;
    vkEnumerateInstanceLayerProperties(&n, props);
    for (uint32_t i = 0; i < n; i++)
        found |= !strcmp(props[i].layerName, name);
    free(props);
    return found;
}

static bool has_instance_ext(const char *name)
{
    uint32_t n = 0;
    VkExtensionProperties *props;
    bool found = false;

    vkEnumerateInstanceExtensionProperties(NULL, &n, NULL);
    props = calloc(n ? n : 1, sizeof(*props));
    if (!props)
        return false;
    vkEnumerateInstanceExtensionProperties(NULL, &n, props);
    for (uint32_t i = 0; i < n; i++)
        found |= !strcmp(props[i].extensionName, name);
    free(props);
    return found;
}

static bool has_device_ext(VkPhysicalDevice phys, const char *name)
{
    uint32_t n = 0;
    VkExtensionProperties *props;
    bool found = false;

    vkEnumerateDeviceExtensionProperties(phys, NULL, &n, NULL);
    props = calloc(n ? n : 1, sizeof(*props));
    if (!props)
        return false;
    vkEnumerateDeviceExtensionProperties(phys, NULL, &n, props);
    for (uint32_t i = 0; i < n; i++)
        found |= !strcmp(props[i].extensionName, name);
    free(props);
    return found;
}

static int pick_device(VkPhysicalDevice *devs, uint32_t n)
{
    const char *want = getenv("NEREID_DEVICE");
    int best = -1, best_score = -1;

    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        int score;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (p.apiVersion < VK_API_VERSION_1_3)
            continue;
        if (want && *want) {
            char *end;
            long idx = strtol(want, &end, 10);
            if ((!*end && idx == (long)i) || (*end && strstr(p.deviceName, want)))
                return (int)i;
            continue;
        }
        switch (p.deviceType) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: score = 4; break;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: score = 3; break;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: score = 2; break;
        default: score = 1; break;
        }
        if (score > best_score) {
            best = (int)i;
            best_score = score;
        }
    }
    return best;
}

static void probe_formats(struct vkx_device *dev)
{
    for (int f = 1; f < WIRE_FORMAT_COUNT; f++) {
        VkFormatProperties p;
        uint32_t bits = 0;
        VkFormat vf = wire_to_vk_format((enum wire_format)f);
        if (vf == VK_FORMAT_UNDEFINED)
            continue;
        vkGetPhysicalDeviceFormatProperties(dev->phys, vf, &p);
        if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
            bits |= WIRE_FEAT_SAMPLED;
        if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
            bits |= WIRE_FEAT_COLOR_TARGET;
        if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT)
            bits |= WIRE_FEAT_BLEND;
        if (p.optimalTilingFeatures &
            VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
            bits |= WIRE_FEAT_DEPTH_TARGET;
        if (p.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)
            bits |= WIRE_FEAT_VERTEX;
        if (p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
            bits |= WIRE_FEAT_TEXEL_BUFFER;
        if (dev->storage && (p.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
            bits |= WIRE_FEAT_STORAGE;
        if (dev->storage && (p.bufferFeatures & VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT))
            bits |= WIRE_FEAT_STORAGE_TEXEL;
        if ((p.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_SRC_BIT) &&
            (p.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
            bits |= WIRE_FEAT_TRANSFER;
        /* Filtering, blits (StretchRect, mip generation) need these. */
        if ((p.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT) &&
            (p.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT))
            bits |= WIRE_FEAT_BLIT;
        if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
            bits |= WIRE_FEAT_FILTER;
        /* Volume textures: the image type decides (block-compressed 3D
         * images are optional in Vulkan). */
        if ((bits & WIRE_FEAT_SAMPLED) && (bits & WIRE_FEAT_TRANSFER)) {
            VkImageFormatProperties ip;
            if (vkGetPhysicalDeviceImageFormatProperties(
                    dev->phys, vf, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL,
                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                        VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                    0, &ip) == VK_SUCCESS &&
                ip.maxExtent.depth > 1)
                bits |= WIRE_FEAT_VOLUME;
        }
        dev->format_features[f] = bits;
        /* The sample counts of a 2D target with the usage a multisampled
         * texture gets (vkx_texture_create): attachment and transfers. */
        if (bits & (WIRE_FEAT_COLOR_TARGET | WIRE_FEAT_DEPTH_TARGET)) {
            VkImageFormatProperties ip;
            VkImageUsageFlags u =
                VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                ((bits & WIRE_FEAT_DEPTH_TARGET) ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
                                                 : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
            if (vkGetPhysicalDeviceImageFormatProperties(dev->phys, vf, VK_IMAGE_TYPE_2D,
                                                         VK_IMAGE_TILING_OPTIMAL, u, 0,
                                                         &ip) == VK_SUCCESS)
                dev->format_samples[f] = ip.sampleCounts & 0x7f; /* 1..64 */
            /* Sampled too (Texture2DMS): the counts the sampled image limits
             * allow as well. */
            if ((bits & WIRE_FEAT_SAMPLED) &&
                vkGetPhysicalDeviceImageFormatProperties(dev->phys, vf, VK_IMAGE_TYPE_2D,
                                                         VK_IMAGE_TILING_OPTIMAL,
                                                         u | VK_IMAGE_USAGE_SAMPLED_BIT, 0,
                                                         &ip) == VK_SUCCESS)
                dev->format_load_samples[f] = dev->format_samples[f] & ip.sampleCounts & 0x7e;
        }
    }
}

/* The on-disk pipeline cache: NEREID_SHADER_CACHE/pipelines-VENDOR-DEVICE.bin,
 * written when the device goes and read when the next one is made, so a
 * second run's pipelines come from the driver's cache.  A file whose
 * header does not name this device (vendor, device, pipelineCacheUUID) is
 * ignored. */
static bool pipeline_cache_path(const struct vkx_device *dev, char *buf, size_t size)
{
    const char *dir = getenv("NEREID_SHADER_CACHE");
    if (!dir || !*dir)
        return false;
    snprintf(buf, size, "%s/pipelines-%04x-%04x.bin", dir, dev->props.vendorID,
             dev->props.deviceID);
    return true;
}

static void *pipeline_cache_load(const struct vkx_device *dev, size_t *size)
{
    char path[600];
    uint8_t *data = NULL;
    uint32_t head[4];
    long len;
    FILE *f;

    *size = 0;
    if (!pipeline_cache_path(dev, path, sizeof(path)) || !(f = fopen(path, "rb")))
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 16 + VK_UUID_SIZE &&
        len < (256 << 20) && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)len)) &&
        fread(data, 1, (size_t)len, f) == (size_t)len) {
        memcpy(head, data, sizeof(head));
        /* VkPipelineCacheHeaderVersionOne: length, version, vendor, device, UUID. */
        if (head[0] >= 16 + VK_UUID_SIZE && head[1] == VK_PIPELINE_CACHE_HEADER_VERSION_ONE &&
            head[2] == dev->props.vendorID && head[3] == dev->props.deviceID &&
            !memcmp(data + 16, dev->props.pipelineCacheUUID, VK_UUID_SIZE))
            *size = (size_t)len;
    }
    fclose(f);
    if (!*size) {
        free(data);
        return NULL;
    }
    NR_INFO(VK, "pipeline cache: %zu bytes from %s", *size, path);
    return data;
}

static void pipeline_cache_save(const struct vkx_device *dev)
{
    char path[600], tmp[660];
    size_t size = 0;
    void *data;
    FILE *f;

    if (!dev->cache || !pipeline_cache_path(dev, path, sizeof(path)) ||
        vkGetPipelineCacheData(dev->device, dev->cache, &size, NULL) != VK_SUCCESS || !size ||
        !(data = malloc(size)))
        return;
    if (vkGetPipelineCacheData(dev->device, dev->cache, &size, data) == VK_SUCCESS) {
        nr_make_dir(getenv("NEREID_SHADER_CACHE"));
        /* Write then rename: a process starting meanwhile reads a whole file. */
        snprintf(tmp, sizeof(tmp), "%s.%llx.tmp", path, (unsigned long long)nr_time_ns());
        if ((f = fopen(tmp, "wb"))) {
            if (fwrite(data, 1, size, f) == size && fclose(f) == 0)
                rename(tmp, path);
            else
                remove(tmp);
        }
    }
    free(data);
}

/* ---------------------------------------------------- depth-bias scale */

static bool alloc_memory(struct vkx_device *dev, VkMemoryRequirements req,
                         VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer,
                         VkDeviceMemory *out);

/* A layout change of every level and layer of an image's `aspect`. */
static void image_barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect,
                          VkImageLayout from,
                          VkImageLayout to, VkPipelineStageFlags2 src_stage,
                          VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage,
                          VkAccessFlags2 dst_access)
{
    VkImageMemoryBarrier2 b = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = src_stage,
        .srcAccessMask = src_access,
        .dstStageMask = dst_stage,
        .dstAccessMask = dst_access,
        .oldLayout = from,
        .newLayout = to,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {aspect, 0, 1, 0, 1},
    };
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .imageMemoryBarrierCount = 1,
        .pImageMemoryBarriers = &b,
    };
    vkCmdPipelineBarrier2(cb, &di);
}

/* A vertex shader for a triangle over the whole viewport at depth 0.25:
 * (-1,-1), (3,-1), (-1,3) from gl_VertexIndex. */
static bool bias_vertex_shader(uint32_t **words, size_t *count)
{
    struct spv_builder b;
    uint32_t t_void, t_fn, t_f, t_i, t_v4, pos, vid, fn, idx, x, y, v;
    bool ok;

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    spv_set_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    t_f = spv_type_float(&b, 32);
    t_i = spv_type_int(&b, 32, true);
    t_v4 = spv_type_vec(&b, t_f, 4);
    pos = spv_global_variable(&b, t_v4, SpvStorageClassOutput, 0);
    spv_decorate_builtin(&b, pos, SpvBuiltInPosition);
    vid = spv_global_variable(&b, t_i, SpvStorageClassInput, 0);
    spv_decorate_builtin(&b, vid, SpvBuiltInVertexIndex);
    fn = spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    idx = spv_load(&b, t_i, vid);
    /* x = (idx & 1) * 4 - 1, y = (idx >> 1) * 4 - 1 */
    x = spv_binop(&b, SpvOpBitwiseAnd, t_i, idx, spv_const_i32(&b, 1));
    y = spv_binop(&b, SpvOpShiftRightArithmetic, t_i, idx, spv_const_i32(&b, 1));
    x = spv_unop(&b, SpvOpConvertSToF, t_f, x);
    y = spv_unop(&b, SpvOpConvertSToF, t_f, y);
    x = spv_fsub(&b, t_f, spv_fmul(&b, t_f, x, spv_const_f32(&b, 4.0f)), spv_const_f32(&b, 1.0f));
    y = spv_fsub(&b, t_f, spv_fmul(&b, t_f, y, spv_const_f32(&b, 4.0f)), spv_const_f32(&b, 1.0f));
    v = spv_composite_construct(&b, t_v4,
                                (const uint32_t[]){x, y, spv_const_f32(&b, 0.25f),
                                                   spv_const_f32(&b, 1.0f)},
                                4);
    spv_store(&b, pos, v);
    spv_op(&b, SpvOpReturn, 0, NULL, 0);
    spv_function_end(&b);
    spv_entry_point(&b, SpvExecutionModelVertex, fn, "main", NULL, 0);
    ok = spv_finish(&b, words, count);
    spv_builder_cleanup(&b);
    return ok;
}

/* How far a constant depth-bias factor of `factor` moves depth in `fmt`:
 * one pixel drawn at 0.25 with the bias, read back.  Negative on failure. */
static double bias_offset(struct vkx_device *dev, VkShaderModule vs, VkFormat fmt,
                          float factor)
{
    bool stencil = fmt == VK_FORMAT_D24_UNORM_S8_UINT || fmt == VK_FORMAT_D32_SFLOAT_S8_UINT;
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
    VkBuffer buf = VK_NULL_HANDLE;
    VkDeviceMemory imem = VK_NULL_HANDLE, bmem = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkPipeline pipe = VK_NULL_HANDLE;
    VkCommandPool pool = VK_NULL_HANDLE;
    VkCommandBuffer cb = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    VkMemoryRequirements req;
    double result = -1.0;
    void *map;

    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
        .format = fmt, .extent = {1, 1, 1}, .mipLevels = 1, .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    if (!VKX_CHECK(vkCreateImage(dev->device, &ici, NULL, &image)))
        goto out;
    vkGetImageMemoryRequirements(dev->device, image, &req);
    if (!alloc_memory(dev, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &imem) ||
        !VKX_CHECK(vkBindImageMemory(dev->device, image, imem, 0)))
        goto out;
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D, .format = fmt,
        .subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT |
                                 (stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0),
                             0, 1, 0, 1}};
    if (!VKX_CHECK(vkCreateImageView(dev->device, &vci, NULL, &view)))
        goto out;
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 16,
                              .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
    if (!VKX_CHECK(vkCreateBuffer(dev->device, &bci, NULL, &buf)))
        goto out;
    vkGetBufferMemoryRequirements(dev->device, buf, &req);
    if (!alloc_memory(dev, req,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      0, &bmem) ||
        !VKX_CHECK(vkBindBufferMemory(dev->device, buf, bmem, 0)))
        goto out;

    VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    if (!VKX_CHECK(vkCreatePipelineLayout(dev->device, &lci, NULL, &layout)))
        goto out;
    VkPipelineShaderStageCreateInfo stage = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
        .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main"};
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkViewport vp = {0, 0, 1, 1, 0, 1};
    VkRect2D sc = {{0, 0}, {1, 1}};
    VkPipelineViewportStateCreateInfo vps = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .viewportCount = 1,
        .pViewports = &vp, .scissorCount = 1, .pScissors = &sc};
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
        .frontFace = VK_FRONT_FACE_CLOCKWISE, .depthBiasEnable = VK_TRUE,
        .depthBiasConstantFactor = factor, .lineWidth = 1.0f};
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
        .depthCompareOp = VK_COMPARE_OP_ALWAYS};
    VkPipelineColorBlendStateCreateInfo cbs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    VkPipelineRenderingCreateInfo pri = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .depthAttachmentFormat = fmt,
        .stencilAttachmentFormat = stencil ? fmt : VK_FORMAT_UNDEFINED};
    VkGraphicsPipelineCreateInfo gci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &pri,
        .stageCount = 1, .pStages = &stage, .pVertexInputState = &vi,
        .pInputAssemblyState = &ia, .pViewportState = &vps, .pRasterizationState = &rs,
        .pMultisampleState = &ms, .pDepthStencilState = &ds, .pColorBlendState = &cbs,
        .layout = layout};
    if (!VKX_CHECK(vkCreateGraphicsPipelines(dev->device, VK_NULL_HANDLE, 1, &gci, NULL, &pipe)))
        goto out;

    VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .queueFamilyIndex = dev->queue_family};
    VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                       .commandBufferCount = 1};
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (!VKX_CHECK(vkCreateCommandPool(dev->device, &cpi, NULL, &pool)))
        goto out;
    cai.commandPool = pool;
    if (!VKX_CHECK(vkAllocateCommandBuffers(dev->device, &cai, &cb)) ||
        !VKX_CHECK(vkCreateFence(dev->device, &fci, NULL, &fence)))
        goto out;
    VkCommandBufferBeginInfo cbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                    .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    vkBeginCommandBuffer(cb, &cbi);
    image_barrier(cb, image, vci.subresourceRange.aspectMask, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_NONE, 0,
                  VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
                      VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT);
    {
        VkRenderingAttachmentInfo da = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = view,
            .imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
            .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
            .clearValue.depthStencil = {1.0f, 0}};
        VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                              .renderArea = {{0, 0}, {1, 1}}, .layerCount = 1,
                              .pDepthAttachment = &da, .pStencilAttachment = stencil ? &da : NULL};
        vkCmdBeginRendering(cb, &ri);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
        vkCmdDraw(cb, 3, 1, 0, 0);
        vkCmdEndRendering(cb);
    }
    {
        image_barrier(cb, image, vci.subresourceRange.aspectMask,
                      VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                      VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
                          VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_READ_BIT);
        VkBufferImageCopy copy = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                                  .imageExtent = {1, 1, 1}};
        vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buf, 1, &copy);
        VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                               .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                               .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                               .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                               .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
        VkDependencyInfo di2 = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                .memoryBarrierCount = 1, .pMemoryBarriers = &mb};
        vkCmdPipelineBarrier2(cb, &di2);
    }
    vkEndCommandBuffer(cb);
    {
        VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1,
                           .pCommandBuffers = &cb};
        VkResult r;
        pthread_mutex_lock(&dev->queue_lock);
        r = vkQueueSubmit(dev->queue, 1, &si, fence);
        pthread_mutex_unlock(&dev->queue_lock);
        if (!VKX_CHECK(r) ||
            !VKX_CHECK(vkWaitForFences(dev->device, 1, &fence, VK_TRUE, 5000000000ull)))
            goto out;
    }
    if (!VKX_CHECK(vkMapMemory(dev->device, bmem, 0, VK_WHOLE_SIZE, 0, &map)))
        goto out;
    if (fmt == VK_FORMAT_D16_UNORM) {
        uint16_t d;
        memcpy(&d, map, sizeof(d));
        result = d / 65535.0 - 0.25;
    } else {
        uint32_t d; /* X8_D24: depth in the low 24 bits */
        memcpy(&d, map, sizeof(d));
        result = (d & 0xffffffu) / 16777215.0 - 0.25;
    }
    vkUnmapMemory(dev->device, bmem);
out:
    if (fence)
        vkDestroyFence(dev->device, fence, NULL);
    if (pool)
        vkDestroyCommandPool(dev->device, pool, NULL);
    if (pipe)
        vkDestroyPipeline(dev->device, pipe, NULL);
    if (layout)
        vkDestroyPipelineLayout(dev->device, layout, NULL);
    if (buf)
        vkDestroyBuffer(dev->device, buf, NULL);
    if (bmem)
        vkFreeMemory(dev->device, bmem, NULL);
    if (view)
        vkDestroyImageView(dev->device, view, NULL);
    if (image)
        vkDestroyImage(dev->device, image, NULL);
    if (imem)
        vkFreeMemory(dev->device, imem, NULL);
    return result;
}

/* Vulkan leaves the depth a constant bias factor of 1 adds to a fixed-point
 * format to the implementation (at most two of the format's steps); D3D9's
 * D3DRS_DEPTHBIAS is in depth units.  So the server measures, as wined3d
 * does: lavapipe (Mesa 22.3) and NVIDIA's 580 driver (H200) both move D16
 * and D24 by two steps a unit. */
static void measure_depth_bias(struct vkx_device *dev)
{
    static const struct {
        enum wire_format wire;
        double step;
        float factor;
    } fmts[2] = {{WIRE_FORMAT_D16_UNORM, 1.0 / 65535.0, 256.0f},
                 {WIRE_FORMAT_D24_UNORM_S8_UINT, 1.0 / 16777215.0, 65536.0f}};
    VkShaderModule vs = VK_NULL_HANDLE;
    uint32_t *words = NULL;
    size_t count = 0;

    if (!bias_vertex_shader(&words, &count))
        return;
    VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                     .codeSize = count * 4, .pCode = words};
    if (VKX_CHECK(vkCreateShaderModule(dev->device, &smci, NULL, &vs))) {
        for (int i = 0; i < 2; i++) {
            double off;
            if (!(dev->format_features[fmts[i].wire] & WIRE_FEAT_DEPTH_TARGET))
                continue;
            /* D24S8 kept as floats, its bias in 2^-24 (set_depth_bias). */
            if (dev->bias_force_unorm && d24s8_in_float(fmts[i].wire)) {
                dev->depth_bias_units[i] = 16777216.0f;
                continue;
            }
            off = bias_offset(dev, vs, wire_to_vk_format(fmts[i].wire), fmts[i].factor);
            /* A plausible measure: between a half and four of the
             * format's steps a unit; otherwise the nominal scale stays. */
            if (off > 0 && off / (fmts[i].factor * fmts[i].step) >= 0.5 &&
                off / (fmts[i].factor * fmts[i].step) <= 4.0) {
                dev->depth_bias_units[i] = (float)(fmts[i].factor / off);
                NR_INFO(VK, "depth bias: a factor of 1 moves %s by %.3f steps",
                        i ? "D24" : "D16", off / (fmts[i].factor * fmts[i].step));
            } else {
                NR_WARN(VK, "depth bias of %s not measured (%g); the nominal scale stays",
                        i ? "D24" : "D16", off);
            }
        }
        vkDestroyShaderModule(dev->device, vs, NULL);
    }
    free(words);
}

/* lavapipe runs command buffers on a thread of its own, whose glibc arena
 * takes llvmpipe's scene memory: a few MiB a frame, more with every state
 * change between draws, freed when the scene is done.  With glibc's default
 * trim threshold (128 KiB, growing only after mmapped chunks are freed) the
 * arena gives those pages back to the kernel at the end of each scene and
 * faults them in again in the next: at 10,000 state changes a frame that
 * was half of the frame (bench/RESULTS.md, 2026-12-05).  On a CPU device
 * freed memory stays in the process up to 64 MiB per arena, and blocks up
 * to 32 MiB come from the heap.  Not where the user has chosen malloc's
 * settings (GLIBC_TUNABLES, MALLOC_TRIM_THRESHOLD_, or
 * NEREID_NO_MALLOC_TUNING=1). */
static void keep_freed_memory(void)
{
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
    if (getenv("GLIBC_TUNABLES") || getenv("MALLOC_TRIM_THRESHOLD_") ||
        getenv("NEREID_NO_MALLOC_TUNING"))
        return;
    /* Setting the trim threshold also fixes the mmap threshold at its
     * 128 KiB default, and llvmpipe's larger blocks would then be mapped
     * and unmapped every frame (a `vb` frame 18% slower): they come from
     * the heap too, up to glibc's largest threshold. */
    if (!mallopt(M_TRIM_THRESHOLD, 64 << 20) || !mallopt(M_MMAP_THRESHOLD, 32 << 20))
        NR_WARN(VK, "mallopt refused");
#endif
}

/* An instance made once and kept for the life of the process, so that the
 * Vulkan drivers it loads stay loaded.  NVIDIA's (580) brings a library of
 * initial-exec TLS: each load after an unload takes more of glibc's static
 * TLS reserve, and a process that made and released its in-process device
 * some fifteen times could no longer load the driver at all ("cannot
 * allocate memory in static TLS block", seen on the H100 in test_robust).
 * With the drivers kept, the instances of the devices made after it load
 * nothing anew.  No layers, no extensions: it is never used. */
static VkInstance keep_instance;
static pthread_once_t keep_once = PTHREAD_ONCE_INIT;

static void keep_drivers_loaded(void)
{
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .pApplicationName = "nereid (drivers kept loaded)",
                             .apiVersion = VK_API_VERSION_1_1};
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app};
    if (vkCreateInstance(&ici, NULL, &keep_instance) != VK_SUCCESS)
        keep_instance = VK_NULL_HANDLE; /* the device's own instance says why */
}

struct vkx_device *vkx_device_create(char *reason, size_t reason_size)
{
    struct vkx_device *dev = calloc(1, sizeof(*dev));
    bool validation = nr_env_flag("NEREID_VALIDATION");
    const char *layers[1], *inst_exts[3], *dev_exts[16];
    bool debug_utils = false, surfaces = false;
    uint32_t layer_count = 0, inst_ext_count = 0, n = 0;
    VkPhysicalDevice *devs = NULL;
    int pick;

    if (!dev) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&dev->queue_lock, NULL);
    pthread_mutex_init(&dev->share_lock, NULL);
    pthread_mutex_init(&dev->timeline_lock, NULL);
    pthread_cond_init(&dev->timeline_cond, NULL);
    pthread_mutex_init(&dev->gamma_lock, NULL);
    pthread_mutex_init(&dev->resolve_lock, NULL);
    if (validation) {
        if (!has_layer("VK_LAYER_KHRONOS_validation")) {
            snprintf(reason, reason_size,
                     "NEREID_VALIDATION is set but VK_LAYER_KHRONOS_validation "
                     "is not installed (Debian: vulkan-validationlayers)");
            goto fail;
        }
        layers[layer_count++] = "VK_LAYER_KHRONOS_validation";
    }
    if (has_instance_ext(VK_EXT_DEBUG_UTILS_EXTENSION_NAME) || validation) {
        inst_exts[inst_ext_count++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
        debug_utils = true;
    }
    /* Windows: the application's, and with NEREID_WINDOW=1 one of our own
     * for a client that names none.  The surface extensions only when a
     * display answers and the loader has them, so that headless is
     * unchanged; NEREID_WINDOW=0 keeps every present headless. */
    const char *want_windows = getenv("NEREID_WINDOW");
    const bool own_windows = nr_env_flag("NEREID_WINDOW");
    const char *display = getenv("DISPLAY");
    if ((own_windows || !want_windows || !*want_windows) && display && *display) {
        char why[160];
        const char *platform = xwin_surface_extension();
        if (!xwin_display_available(why, sizeof(why)))
            nr_log(NR_LOG_PRESENT, own_windows ? NR_LOG_WARN : NR_LOG_INFO,
                   "no windows (%s): presenting headless", why);
        else if (!has_instance_ext(VK_KHR_SURFACE_EXTENSION_NAME) ||
                 !has_instance_ext(platform))
            nr_log(NR_LOG_PRESENT, own_windows ? NR_LOG_WARN : NR_LOG_INFO,
                   "no windows: the Vulkan loader lacks %s or %s: presenting headless",
                   VK_KHR_SURFACE_EXTENSION_NAME, platform);
        else {
            inst_exts[inst_ext_count++] = VK_KHR_SURFACE_EXTENSION_NAME;
            inst_exts[inst_ext_count++] = platform;
            surfaces = true;
        }
    }

    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "nereid",
        .pEngineName = "nereid",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
        .enabledLayerCount = layer_count,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = inst_ext_count,
        .ppEnabledExtensionNames = inst_exts,
    };
    pthread_once(&keep_once, keep_drivers_loaded);
    if (vkCreateInstance(&ici, NULL, &dev->instance) != VK_SUCCESS) {
        snprintf(reason, reason_size,
                 "vkCreateInstance failed (is a Vulkan driver installed? "
                 "Debian: mesa-vulkan-drivers)");
        goto fail;
    }
    if (debug_utils) {
        dev->create_messenger = (PFN_vkCreateDebugUtilsMessengerEXT)
            vkGetInstanceProcAddr(dev->instance, "vkCreateDebugUtilsMessengerEXT");
        dev->destroy_messenger = (PFN_vkDestroyDebugUtilsMessengerEXT)
            vkGetInstanceProcAddr(dev->instance, "vkDestroyDebugUtilsMessengerEXT");
        dev->set_name = (PFN_vkSetDebugUtilsObjectNameEXT)vkGetInstanceProcAddr(
            dev->instance, "vkSetDebugUtilsObjectNameEXT");
        if (dev->create_messenger) {
            VkDebugUtilsMessengerCreateInfoEXT mci = {
                .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
                .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                                   VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
                .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
                .pfnUserCallback = debug_callback,
            };
            dev->create_messenger(dev->instance, &mci, NULL, &dev->messenger);
        }
    }
    vkEnumeratePhysicalDevices(dev->instance, &n, NULL);
    devs = calloc(n ? n : 1, sizeof(*devs));
    if (!devs)
        goto fail;
    vkEnumeratePhysicalDevices(dev->instance, &n, devs);
    pick = pick_device(devs, n);
    if (pick < 0) {
        snprintf(reason, reason_size,
                 "no Vulkan 1.3 device%s (found %u devices)",
                 getenv("NEREID_DEVICE") ? " matching NEREID_DEVICE" : "", n);
        goto fail;
    }
    dev->phys = devs[pick];
    vkGetPhysicalDeviceProperties(dev->phys, &dev->props);
    if (dev->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU)
        keep_freed_memory();
    vkGetPhysicalDeviceMemoryProperties(dev->phys, &dev->mem);

    {
        uint32_t qn = 0;
        VkQueueFamilyProperties *qf;
        vkGetPhysicalDeviceQueueFamilyProperties(dev->phys, &qn, NULL);
        qf = calloc(qn ? qn : 1, sizeof(*qf));
        if (!qf)
            goto fail;
        vkGetPhysicalDeviceQueueFamilyProperties(dev->phys, &qn, qf);
        dev->queue_family = UINT32_MAX;
        for (uint32_t i = 0; i < qn; i++)
            if (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
                dev->queue_family = i;
                dev->timestamp_bits = qf[i].timestampValidBits;
                dev->storage = (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) != 0;
                break;
            }
        free(qf);
        if (dev->queue_family == UINT32_MAX) {
            snprintf(reason, reason_size, "%s has no graphics queue",
                     dev->props.deviceName);
            goto fail;
        }
    }
    {
        VkPhysicalDeviceFeatures have;
        vkGetPhysicalDeviceFeatures(dev->phys, &have);
        dev->fill_mode_non_solid = have.fillModeNonSolid;
        dev->depth_bias_clamp = have.depthBiasClamp;
        dev->depth_clamp = have.depthClamp;
        dev->clip_distance = have.shaderClipDistance;
        float prio = 1.0f;
        VkDeviceQueueCreateInfo qci = {
            .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
            .queueFamilyIndex = dev->queue_family,
            .queueCount = 1,
            .pQueuePriorities = &prio,
        };
        VkPhysicalDeviceVulkan13Features f13 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
            .dynamicRendering = VK_TRUE,
            .synchronization2 = VK_TRUE,
        };
        {
            /* Robust image access where the device has it: a UAV written
             * out of its texture's bounds writes nothing, as D3D11 has it. */
            VkPhysicalDeviceVulkan13Features have13 = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
            VkPhysicalDeviceFeatures2 q = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                           .pNext = &have13};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            f13.robustImageAccess = have13.robustImageAccess;
        }
        VkPhysicalDeviceVulkan12Features f12 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
            .pNext = &f13,
            .timelineSemaphore = VK_TRUE,
        };
        VkPhysicalDeviceMultiDrawFeaturesEXT fmd = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT,
            .multiDraw = VK_TRUE,
        };
        VkPhysicalDeviceCustomBorderColorFeaturesEXT fcb = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
            .customBorderColors = VK_TRUE,
            .customBorderColorWithoutFormat = VK_TRUE,
        };
        VkPhysicalDeviceVulkan12Features have12 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
        VkPhysicalDeviceVulkan11Features have11 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &have12};
        /* DXBC's SV_VertexID and SV_InstanceID read the draw's base
         * (vkd3d-shader's SPIR-V declares DrawParameters). */
        VkPhysicalDeviceVulkan11Features f11 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12};
        VkPhysicalDeviceCustomBorderColorFeaturesEXT have_cb = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
        uint32_t ext_count = 0;
        if (!has_device_ext(dev->phys, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
            snprintf(reason, reason_size, "%s lacks VK_KHR_push_descriptor",
                     dev->props.deviceName);
            goto fail;
        }
        dev_exts[ext_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
        {
            VkPhysicalDeviceFeatures2 q = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &have11};
            if (has_device_ext(dev->phys, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME))
                have12.pNext = &have_cb;
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
        }
        f11.shaderDrawParameters = have11.shaderDrawParameters;
        /* The texture table (binding.h's set 2): sampled images written
         * while the set is bound and while earlier submissions that read
         * other entries run, indexed by a value the shader reads; its
         * draws are told apart by DrawIndex within a multi-draw. */
        bool table = have12.descriptorBindingSampledImageUpdateAfterBind &&
                     have12.descriptorBindingUpdateUnusedWhilePending &&
                     have12.descriptorBindingPartiallyBound &&
                     have12.shaderSampledImageArrayNonUniformIndexing &&
                     have.shaderSampledImageArrayDynamicIndexing &&
                     have11.shaderDrawParameters &&
                     has_device_ext(dev->phys, VK_EXT_MULTI_DRAW_EXTENSION_NAME) &&
                     !nr_env_flag("NEREID_NO_MULTI_DRAW") &&
                     !nr_env_flag("NEREID_NO_TEXTURE_TABLE");
        if (table) {
            VkPhysicalDeviceVulkan12Properties p12 = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
            VkPhysicalDeviceProperties2 pp = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &p12};
            const uint32_t need = NR_TABLE_SIZE + NR_BIND_COUNT;
            vkGetPhysicalDeviceProperties2(dev->phys, &pp);
            table = p12.maxPerStageDescriptorUpdateAfterBindSamplers >= need &&
                    p12.maxPerStageDescriptorUpdateAfterBindSampledImages >= need &&
                    p12.maxDescriptorSetUpdateAfterBindSamplers >= need &&
                    p12.maxDescriptorSetUpdateAfterBindSampledImages >= need &&
                    p12.maxPerStageUpdateAfterBindResources >= need + 32;
        }
        if (table) {
            f12.descriptorBindingSampledImageUpdateAfterBind = VK_TRUE;
            f12.descriptorBindingUpdateUnusedWhilePending = VK_TRUE;
            f12.descriptorBindingPartiallyBound = VK_TRUE;
            f12.shaderSampledImageArrayNonUniformIndexing = VK_TRUE;
        }
        dev->table = table;
        dev->mirror_once = have12.samplerMirrorClampToEdge;
        dev->host_query_reset = have12.hostQueryReset;
        f12.hostQueryReset = have12.hostQueryReset;
        dev->occlusion_precise = have.occlusionQueryPrecise;
        dev->storage = dev->storage && have.fragmentStoresAndAtomics &&
                       have.shaderStorageImageWriteWithoutFormat;
        dev->vertex_storage = dev->storage && have.vertexPipelineStoresAndAtomics &&
                              !nr_env_flag("NEREID_NO_VERTEX_STORAGE");
        dev->geometry = have.geometryShader && !nr_env_flag("NEREID_NO_GEOMETRY");
        dev->cube_array = have.imageCubeArray;
        dev->logic_op = have.logicOp && !nr_env_flag("NEREID_NO_LOGIC_OP");
        dev->multi_viewport = have.multiViewport && !nr_env_flag("NEREID_NO_MULTI_VIEWPORT");
        dev->tessellation =
            have.tessellationShader && !nr_env_flag("NEREID_NO_TESSELLATION");
        dev->dual_source = have.dualSrcBlend && dev->props.limits.maxFragmentDualSrcAttachments &&
                           !nr_env_flag("NEREID_NO_DUAL_SOURCE");
        /* Vulkan's counters are D3D11's, bit s for enum wire_pipeline_stat
         * s: those of the graphics stages up to the fragment shader's; the
         * geometry stage's only with geometry shaders, the hull's and
         * domain's only with tessellation (without, they count 0 either
         * way); compute invocations are counted by the executor (see the
         * queries). */
        if (have.pipelineStatisticsQuery && !nr_env_flag("NEREID_NO_PIPELINE_STATS"))
            dev->pipeline_stats =
                ((1u << (WIRE_STAT_DS_INVOCATIONS + 1)) - 1) &
                ~(VkQueryPipelineStatisticFlags)(
                    (dev->geometry ? 0
                                   : VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT |
                                         VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT) |
                    (dev->tessellation
                         ? 0
                         : VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT |
                               VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT));
        if (dev->timestamp_bits && dev->props.limits.timestampPeriod > 0.0f)
            dev->timestamp_hz =
                (uint64_t)(1e9 / (double)dev->props.limits.timestampPeriod + 0.5);
        f12.samplerMirrorClampToEdge = have12.samplerMirrorClampToEdge;
        if (have_cb.customBorderColors && have_cb.customBorderColorWithoutFormat) {
            dev->custom_border = true;
            dev_exts[ext_count++] = VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME;
            fcb.pNext = f13.pNext;
            f13.pNext = &fcb;
        }
        if (surfaces) {
            if (has_device_ext(dev->phys, VK_KHR_SWAPCHAIN_EXTENSION_NAME)) {
                dev_exts[ext_count++] = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
                dev->windows = true;
                dev->own_windows = nr_env_flag("NEREID_WINDOW");
            } else {
                NR_INFO(PRESENT, "no windows: %s lacks %s: presenting headless",
                        dev->props.deviceName, VK_KHR_SWAPCHAIN_EXTENSION_NAME);
            }
        }
        VkPhysicalDeviceExtendedDynamicState3FeaturesEXT feds3 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
        bool dynamic_masks = false;
        if (has_device_ext(dev->phys, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME) &&
            !nr_env_flag("NEREID_NO_DYNAMIC_WRITE_MASK")) {
            VkPhysicalDeviceFeatures2 q = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &feds3};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            dynamic_masks = feds3.extendedDynamicState3ColorWriteMask;
            memset(&feds3, 0, sizeof(feds3));
            feds3.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT;
            feds3.extendedDynamicState3ColorWriteMask = dynamic_masks;
        }
        dev->dynamic_masks = dynamic_masks;
        if (dynamic_masks) {
            dev_exts[ext_count++] = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
            feds3.pNext = f13.pNext;
            f13.pNext = &feds3;
        }
        bool multi_draw = has_device_ext(dev->phys, VK_EXT_MULTI_DRAW_EXTENSION_NAME) &&
                          !nr_env_flag("NEREID_NO_MULTI_DRAW");
        if (multi_draw) {
            dev_exts[ext_count++] = VK_EXT_MULTI_DRAW_EXTENSION_NAME;
            fmd.pNext = f13.pNext;
            f13.pNext = &fmd;
        }
        /* Robust buffer access 2 where the device has it: a vertex fetched
         * past its buffer reads zeros, as D3D10+ defines it (with the first
         * robustness alone it reads zeros or any of the buffer's values). */
        VkPhysicalDeviceRobustness2FeaturesEXT frob = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
        if (has_device_ext(dev->phys, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME)) {
            VkPhysicalDeviceFeatures2 q = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &frob};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            bool rb2 = frob.robustBufferAccess2, null = frob.nullDescriptor;
            memset(&frob, 0, sizeof(frob));
            frob.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT;
            frob.robustBufferAccess2 = rb2;
            /* Null descriptors: a vertex binding without a buffer (D3D11's
             * unbound slot) reads zeros. */
            frob.nullDescriptor = null && !getenv("NEREID_NO_NULL_VERTEX");
            if (rb2 || frob.nullDescriptor) {
                dev_exts[ext_count++] = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
                frob.pNext = f13.pNext;
                f13.pNext = &frob;
                dev->zero_past_end = rb2;
                dev->null_descriptor = frob.nullDescriptor;
            }
        }
        /* Stream output: transform feedback of stream 0, with its queries
         * and draws by byte count (D3D11's DrawAuto). */
        VkPhysicalDeviceTransformFeedbackFeaturesEXT fxfb = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
        if (dev->geometry &&
            has_device_ext(dev->phys, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME) &&
            !nr_env_flag("NEREID_NO_STREAM_OUTPUT") &&
            !nr_env_flag("NEREID_NO_TRANSFORM_FEEDBACK")) {
            VkPhysicalDeviceTransformFeedbackPropertiesEXT pxfb = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
            VkPhysicalDeviceProperties2 pp = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pxfb};
            VkPhysicalDeviceFeatures2 q = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &fxfb};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            vkGetPhysicalDeviceProperties2(dev->phys, &pp);
            dev->xfb = fxfb.transformFeedback && pxfb.transformFeedbackQueries &&
                       pxfb.transformFeedbackDraw &&
                       pxfb.maxTransformFeedbackBuffers >= WIRE_MAX_SO_TARGETS &&
                       pxfb.maxTransformFeedbackBufferDataStride >= 128;
            dev->max_xfb_stride = pxfb.maxTransformFeedbackBufferDataStride;
            dev->max_xfb_size = pxfb.maxTransformFeedbackBufferSize & ~(uint64_t)3;
            memset(&fxfb, 0, sizeof(fxfb));
            fxfb.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT;
            fxfb.transformFeedback = dev->xfb;
            if (dev->xfb) {
                dev_exts[ext_count++] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
                fxfb.pNext = f13.pNext;
                f13.pNext = &fxfb;
            }
        }
        /* Instance step rates other than 1 (D3D11's InstanceDataStepRate). */
        VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT fdiv = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
        if (has_device_ext(dev->phys, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME) &&
            !nr_env_flag("NEREID_NO_INSTANCE_DIVISOR")) {
            VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT pdiv = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
            VkPhysicalDeviceProperties2 pp = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pdiv};
            VkPhysicalDeviceFeatures2 q = {
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &fdiv};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            vkGetPhysicalDeviceProperties2(dev->phys, &pp);
            dev->divisor = fdiv.vertexAttributeInstanceRateDivisor && pdiv.maxVertexAttribDivisor > 1;
            dev->zero_divisor = dev->divisor && fdiv.vertexAttributeInstanceRateZeroDivisor;
            dev->max_divisor = pdiv.maxVertexAttribDivisor;
            fdiv.pNext = NULL;
            fdiv.vertexAttributeInstanceRateDivisor = dev->divisor;
            fdiv.vertexAttributeInstanceRateZeroDivisor = dev->zero_divisor;
            if (dev->divisor) {
                dev_exts[ext_count++] = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME;
                fdiv.pNext = f13.pNext;
                f13.pNext = &fdiv;
            }
        }
        dev->set_stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT |
                          VK_SHADER_STAGE_COMPUTE_BIT |
                          (dev->geometry ? VK_SHADER_STAGE_GEOMETRY_BIT : 0) |
                          (dev->tessellation ? VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                                   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT
                                             : 0);
        /* Robust buffer access: an index the client chose can never make the
         * GPU read outside a buffer of that client. */
        VkPhysicalDeviceFeatures2 f2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
            .pNext = &f11,
            .features = {.fillModeNonSolid = have.fillModeNonSolid,
                         .depthBiasClamp = dev->depth_bias_clamp,
                         .depthClamp = have.depthClamp,
                         .geometryShader = dev->geometry,
                         .imageCubeArray = dev->cube_array,
                         .multiViewport = dev->multi_viewport,
                         .dualSrcBlend = dev->dual_source,
                         .tessellationShader = dev->tessellation,
                         /* vkd3d-shader's geometry modules of points write
                          * PointSize */
                         .shaderTessellationAndGeometryPointSize =
                             dev->geometry && have.shaderTessellationAndGeometryPointSize,
                         .robustBufferAccess = VK_TRUE,
                         .samplerAnisotropy = have.samplerAnisotropy,
                         .textureCompressionBC = have.textureCompressionBC,
                         .shaderClipDistance = have.shaderClipDistance,
                         .independentBlend = have.independentBlend,
                         .shaderSampledImageArrayDynamicIndexing = dev->table,
                         .occlusionQueryPrecise = have.occlusionQueryPrecise,
                         .pipelineStatisticsQuery = dev->pipeline_stats != 0,
                         .fragmentStoresAndAtomics = dev->storage,
                         .vertexPipelineStoresAndAtomics = dev->vertex_storage,
                         .logicOp = dev->logic_op,
                         .shaderStorageImageWriteWithoutFormat = dev->storage},
        };
        /* D24S8 kept as floats: its depth bias in D24's fixed unit. */
        struct nr_depth_bias_control_features fdb = {.sType =
                                                         NR_STYPE_DEPTH_BIAS_CONTROL_FEATURES};
        choose_d24s8(dev->phys);
        if (d24s8_in_float(WIRE_FORMAT_D24_UNORM_S8_UINT) &&
            has_device_ext(dev->phys, NR_EXT_DEPTH_BIAS_CONTROL)) {
            VkPhysicalDeviceFeatures2 q = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                           .pNext = &fdb};
            vkGetPhysicalDeviceFeatures2(dev->phys, &q);
            dev->bias_force_unorm =
                fdb.depthBiasControl && fdb.leastRepresentableValueForceUnormRepresentation;
            memset(&fdb, 0, sizeof(fdb));
            fdb.sType = NR_STYPE_DEPTH_BIAS_CONTROL_FEATURES;
            if (dev->bias_force_unorm) {
                fdb.depthBiasControl = fdb.leastRepresentableValueForceUnormRepresentation =
                    VK_TRUE;
                dev_exts[ext_count++] = NR_EXT_DEPTH_BIAS_CONTROL;
                fdb.pNext = f13.pNext;
                f13.pNext = &fdb;
            }
        }
        VkDeviceCreateInfo dci = {
            .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
            .pNext = &f2,
            .queueCreateInfoCount = 1,
            .pQueueCreateInfos = &qci,
            .enabledExtensionCount = ext_count,
            .ppEnabledExtensionNames = dev_exts,
        };
        if (!VKX_CHECK(vkCreateDevice(dev->phys, &dci, NULL, &dev->device))) {
            snprintf(reason, reason_size, "vkCreateDevice failed on %s",
                     dev->props.deviceName);
            goto fail;
        }
    }
    vkGetDeviceQueue(dev->device, dev->queue_family, 0, &dev->queue);
    if (dev->xfb) {
#define XFB_PROC(field, name) dev->field = (PFN_##name)vkGetDeviceProcAddr(dev->device, #name)
        XFB_PROC(bind_xfb, vkCmdBindTransformFeedbackBuffersEXT);
        XFB_PROC(begin_xfb, vkCmdBeginTransformFeedbackEXT);
        XFB_PROC(end_xfb, vkCmdEndTransformFeedbackEXT);
        XFB_PROC(draw_byte_count, vkCmdDrawIndirectByteCountEXT);
        XFB_PROC(begin_query_indexed, vkCmdBeginQueryIndexedEXT);
        XFB_PROC(end_query_indexed, vkCmdEndQueryIndexedEXT);
#undef XFB_PROC
        dev->xfb = dev->bind_xfb && dev->begin_xfb && dev->end_xfb && dev->draw_byte_count &&
                   dev->begin_query_indexed && dev->end_query_indexed;
    }
    dev->draw_multi = (PFN_vkCmdDrawMultiEXT)vkGetDeviceProcAddr(
        dev->device, "vkCmdDrawMultiEXT");
    if (dev->bias_force_unorm) {
        dev->set_depth_bias2 = (void(VKAPI_PTR *)(VkCommandBuffer, const void *))
            vkGetDeviceProcAddr(dev->device, "vkCmdSetDepthBias2EXT");
        dev->bias_force_unorm = dev->set_depth_bias2 != NULL;
    }
    if (dev->dynamic_masks)
        dev->set_write_mask = (PFN_vkCmdSetColorWriteMaskEXT)vkGetDeviceProcAddr(
            dev->device, "vkCmdSetColorWriteMaskEXT");
    dev->draw_multi_indexed = (PFN_vkCmdDrawMultiIndexedEXT)vkGetDeviceProcAddr(
        dev->device, "vkCmdDrawMultiIndexedEXT");
    if (dev->draw_multi) {
        VkPhysicalDeviceMultiDrawPropertiesEXT mp = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT};
        VkPhysicalDeviceProperties2 p2 = {
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &mp};
        vkGetPhysicalDeviceProperties2(dev->phys, &p2);
        dev->max_multi_draw = mp.maxMultiDrawCount;
    }
    {
        VkPushConstantRange range = {
            VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
            WIRE_PUSH_CONSTANT_BYTES};
        VkDescriptorSetLayoutBinding b[NR_BIND_COUNT];
        _Static_assert(NR_BIND_UBO_EXTRA0 == 2 + WIRE_SET0_TEXTURE_SLOTS,
                       "the extra uniform buffers follow the samplers");
        for (uint32_t i = 0; i < NR_BIND_COUNT; i++)
            b[i] = (VkDescriptorSetLayoutBinding){
                i,
                nr_binding_is_ubo(i) ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                     : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                1, dev->set_stages, NULL};
        /* The geometry stage's b0 is its own (a stage's count of uniform
         * buffers stays within lavapipe's 15 with set 1's: binding.h); on
         * a device without the stage, nobody's (the fragment stage's, which
         * never reads it). */
        b[NR_BIND_GS_UBO].stageFlags =
            dev->geometry ? VK_SHADER_STAGE_GEOMETRY_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
        VkDescriptorSetLayoutCreateInfo dlci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
            .bindingCount = NR_BIND_COUNT,
            .pBindings = b,
        };
        if (!VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &dlci, NULL,
                                                   &dev->set_layout))) {
            snprintf(reason, reason_size, "cannot create the descriptor set layout");
            goto fail;
        }
        VkDescriptorSetLayoutBinding tb[NR_SET1_COUNT];
        for (uint32_t i = 0; i < NR_SET1_COUNT; i++)
            tb[i] = (VkDescriptorSetLayoutBinding){i, set1_type(i), 1, dev->set_stages, NULL};
        /* The other stages' uniform buffers, each visible to its stage alone
         * (binding.h: a stage's count of uniform buffers stays in 15). */
        if (dev->tessellation) {
            tb[NR_BIND_HS_UBO].stageFlags = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
            tb[NR_BIND_DS_UBO].stageFlags = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
        } else {
            /* (Visible to every stage they would take two of its 15.) */
            for (uint32_t b = NR_BIND_HS_UBO; b <= NR_BIND_DS_UBO; b++) {
                tb[b].descriptorCount = 0;
                dev->set1_empty[b] = true;
            }
        }
        /* And their b1..b4, textures and buffers: from binding
         * NR_BIND_STAGE_UBO0 on, four of each of the three stages. */
        for (uint32_t b = NR_BIND_STAGE_UBO0; b < NR_SET1_COUNT; b++) {
            static const VkShaderStageFlags st[3] = {
                VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
                VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT};
            VkShaderStageFlags f = st[(b - NR_BIND_STAGE_UBO0) % 12 / 4] & dev->set_stages;
            _Static_assert(NR_MAX_STAGE_SAMPLERS == 4 && NR_MAX_STAGE_TEXELS == 4 &&
                               NR_BIND_STAGE_SAMPLER0 == NR_BIND_STAGE_UBO0 + 12 &&
                               NR_BIND_STAGE_TEXEL0 == NR_BIND_STAGE_SAMPLER0 + 12 &&
                               NR_SET1_COUNT == NR_BIND_STAGE_TEXEL0 + 12,
                           "binding.h: 4 of each of three stages");
            tb[b].stageFlags = f;
            /* A stage the device lacks: no descriptor (never written). */
            if (!f) {
                tb[b].descriptorCount = 0;
                dev->set1_empty[b] = true;
            }
        }
        VkDescriptorSetLayoutCreateInfo tlci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .bindingCount = NR_SET1_COUNT,
            .pBindings = tb,
        };
        if (!VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &tlci, NULL,
                                                   &dev->texel_set_layout))) {
            snprintf(reason, reason_size, "cannot create the texel buffer set layout");
            goto fail;
        }
        if (dev->table) {
            const VkDescriptorSetLayoutBinding xb[2] = {
                {NR_TABLE_BIND_SAMPLERS, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                 NR_TABLE_SIZE, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                 NULL},
                {NR_TABLE_BIND_DATA, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                 VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, NULL},
            };
            const VkDescriptorBindingFlags xf[2] = {
                VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
                    VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT |
                    VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT,
                0};
            VkDescriptorSetLayoutBindingFlagsCreateInfo xfi = {
                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO,
                .bindingCount = 2,
                .pBindingFlags = xf,
            };
            VkDescriptorSetLayoutCreateInfo xlci = {
                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                .pNext = &xfi,
                .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT,
                .bindingCount = 2,
                .pBindings = xb,
            };
            if (!VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &xlci, NULL,
                                                       &dev->table_set_layout))) {
                snprintf(reason, reason_size, "cannot create the texture table's set layout");
                goto fail;
            }
        }
        const VkDescriptorSetLayout sets[3] = {dev->set_layout, dev->texel_set_layout,
                                               dev->table_set_layout};
        dev->push_descriptors = (PFN_vkCmdPushDescriptorSetKHR)vkGetDeviceProcAddr(
            dev->device, "vkCmdPushDescriptorSetKHR");
        dev->ubo_align = (uint32_t)dev->props.limits.minUniformBufferOffsetAlignment;
        VkPipelineLayoutCreateInfo lci = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            .setLayoutCount = dev->table ? 3 : 2,
            .pSetLayouts = sets,
            .pushConstantRangeCount = 1,
            .pPushConstantRanges = &range,
        };
        VkPipelineCacheCreateInfo pci = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
        void *saved = pipeline_cache_load(dev, &pci.initialDataSize);
        pci.pInitialData = saved;
        if (!VKX_CHECK(vkCreatePipelineLayout(dev->device, &lci, NULL,
                                              &dev->layout)) ||
            !VKX_CHECK(vkCreatePipelineCache(dev->device, &pci, NULL,
                                             &dev->cache))) {
            free(saved);
            snprintf(reason, reason_size, "cannot create the pipeline layout");
            goto fail;
        }
        free(saved);
        set_name(dev, VK_OBJECT_TYPE_PIPELINE_LAYOUT, (uint64_t)dev->layout,
                 "server pipeline layout (push constants)");
        dev->so_emu = !dev->xfb && dev->geometry && dev->vertex_storage &&
                      !nr_env_flag("NEREID_NO_STREAM_OUTPUT") && so_emu_init(dev, &range, sets);
        if (dev->so_emu)
            NR_INFO(VK, "stream output: emulated (no VK_EXT_transform_feedback)");
    }
    probe_formats(dev);
    free(devs);
    NR_INFO(VK, "device: %s (Vulkan %u.%u.%u)%s%s%s%s%s", dev->props.deviceName,
            VK_API_VERSION_MAJOR(dev->props.apiVersion),
            VK_API_VERSION_MINOR(dev->props.apiVersion),
            VK_API_VERSION_PATCH(dev->props.apiVersion),
            validation ? ", validation on" : "",
            dev->draw_multi ? ", multi-draw" : "",
            dev->set_write_mask ? ", dynamic write masks" : "",
            dev->table ? ", texture table" : "",
            dev->windows ? ", windows" : "");
    measure_depth_bias(dev);
    return dev;
fail:
    free(devs);
    vkx_device_destroy(dev);
    return NULL;
}

void vkx_device_wait_idle(struct vkx_device *dev)
{
    if (dev && dev->device)
        vkDeviceWaitIdle(dev->device);
}

void vkx_device_destroy(struct vkx_device *dev)
{
    if (!dev)
        return;
    if (dev->device) {
        vkDeviceWaitIdle(dev->device);
        pipeline_cache_save(dev);
        vkDestroyPipeline(dev->device, dev->gamma_pipeline, NULL);
        for (unsigned i = 0; i < dev->resolve_count; i++)
            vkDestroyPipeline(dev->device, dev->resolves[i].pipeline, NULL);
        vkDestroyPipelineLayout(dev->device, dev->gamma_layout, NULL);
        vkDestroyDescriptorSetLayout(dev->device, dev->gamma_set_layout, NULL);
        vkDestroyPipelineCache(dev->device, dev->cache, NULL);
        so_emu_destroy(dev);
        vkDestroyPipelineLayout(dev->device, dev->layout, NULL);
        vkDestroyDescriptorSetLayout(dev->device, dev->set_layout, NULL);
        vkDestroyDescriptorSetLayout(dev->device, dev->texel_set_layout, NULL);
        vkDestroyDescriptorSetLayout(dev->device, dev->table_set_layout, NULL);
        vkDestroyDevice(dev->device, NULL);
    }
    if (dev->messenger && dev->destroy_messenger)
        dev->destroy_messenger(dev->instance, dev->messenger, NULL);
    if (dev->instance)
        vkDestroyInstance(dev->instance, NULL);
    pthread_mutex_destroy(&dev->queue_lock);
    pthread_mutex_destroy(&dev->share_lock);
    pthread_mutex_destroy(&dev->timeline_lock);
    pthread_cond_destroy(&dev->timeline_cond);
    pthread_mutex_destroy(&dev->gamma_lock);
    pthread_mutex_destroy(&dev->resolve_lock);
    free(dev->shared);
    free(dev);
}

uint32_t vkx_device_features(const struct vkx_device *dev)
{
    return (dev->custom_border ? WIRE_DEVFEAT_CUSTOM_BORDER : 0) |
           (dev->mirror_once ? WIRE_DEVFEAT_MIRROR_ONCE : 0) |
           (dev->fill_mode_non_solid ? WIRE_DEVFEAT_FILL_NON_SOLID : 0) |
           (dev->depth_bias_clamp ? WIRE_DEVFEAT_DEPTH_BIAS_CLAMP : 0) |
           (dev->clip_distance ? WIRE_DEVFEAT_CLIP_DISTANCE : 0) |
           (dev->host_query_reset ? WIRE_DEVFEAT_OCCLUSION_QUERY : 0) |
           (dev->depth_clamp ? WIRE_DEVFEAT_DEPTH_CLAMP : 0) |
           (dev->table ? WIRE_DEVFEAT_TEXTURE_TABLE : 0) |
           (dev->host_query_reset && dev->timestamp_hz
                ? WIRE_DEVFEAT_TIMESTAMP_QUERY : 0) |
           (dev->storage ? WIRE_DEVFEAT_STORAGE : 0) |
           (dev->geometry ? WIRE_DEVFEAT_GEOMETRY : 0) |
           (dev->tessellation ? WIRE_DEVFEAT_TESSELLATION : 0) |
           (dev->dual_source ? WIRE_DEVFEAT_DUAL_SOURCE : 0) |
           ((dev->xfb || dev->so_emu) && dev->host_query_reset
                ? WIRE_DEVFEAT_STREAM_OUTPUT | WIRE_DEVFEAT_SO_STREAMS
                : 0) |
           (dev->pipeline_stats && dev->host_query_reset ? WIRE_DEVFEAT_PIPELINE_STATS : 0) |
           (dev->divisor ? WIRE_DEVFEAT_INSTANCE_DIVISOR : 0) |
           (dev->zero_divisor ? WIRE_DEVFEAT_ZERO_DIVISOR : 0) |
           (dev->null_descriptor ? WIRE_DEVFEAT_NULL_VERTEX_BUFFER : 0) |
           (dev->cube_array ? WIRE_DEVFEAT_CUBE_ARRAY : 0) |
           (dev->multi_viewport ? WIRE_DEVFEAT_MULTI_VIEWPORT : 0) |
           (dev->vertex_storage ? WIRE_DEVFEAT_VERTEX_STORAGE : 0) |
           (dev->logic_op ? WIRE_DEVFEAT_LOGIC_OP : 0);
}

void vkx_device_caps(struct vkx_device *dev, struct wire_caps *caps)
{
    memset(caps, 0, sizeof(*caps));
    snprintf(caps->device_name, sizeof(caps->device_name), "%s",
             dev->props.deviceName);
    caps->vendor_id = dev->props.vendorID;
    caps->device_id = dev->props.deviceID;
    caps->driver_version = dev->props.driverVersion;
    caps->api_version = dev->props.apiVersion;
    caps->device_type = (uint32_t)dev->props.deviceType;
    caps->max_texture_extent =
        NR_MIN(dev->props.limits.maxImageDimension2D, (uint32_t)WIRE_MAX_EXTENT);
    for (uint32_t i = 0; i < dev->mem.memoryHeapCount; i++)
        if (dev->mem.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
            caps->device_memory_bytes += dev->mem.memoryHeaps[i].size;
    for (int f = 0; f < WIRE_FORMAT_COUNT; f++)
        caps->format_features[f] = dev->format_features[f];
    for (int f = 0; f < WIRE_FORMAT_COUNT; f++)
        caps->format_samples[f] = dev->format_samples[f];
    for (int f = 0; f < WIRE_FORMAT_COUNT; f++)
        caps->format_load_samples[f] = vkx_device_format_load_samples(dev, f);
    caps->max_color_targets = vkx_device_max_color_targets(dev);
    caps->max_anisotropy = (uint32_t)dev->props.limits.maxSamplerAnisotropy;
    caps->max_vertex_inputs = vkx_device_max_vertex_inputs(dev);
    caps->depth_bias_units[0] = dev->depth_bias_units[0];
    caps->depth_bias_units[1] = dev->depth_bias_units[1];
    caps->max_uniform_bytes = NR_MIN(dev->props.limits.maxUniformBufferRange,
                                     (uint32_t)WIRE_MAX_UNIFORM_BYTES);
    caps->texel_buffer_align =
        (uint32_t)NR_MAX(dev->props.limits.minTexelBufferOffsetAlignment, (VkDeviceSize)1);
    caps->max_texel_elements = dev->props.limits.maxTexelBufferElements;
    caps->max_so_stride = dev->xfb      ? NR_MIN(dev->max_xfb_stride, (uint32_t)WIRE_MAX_SO_STRIDE)
                          : dev->so_emu ? 4 * SO_EMU_MAX_WORDS / WIRE_MAX_SO_TARGETS
                                        : 0;
    caps->features = vkx_device_features(dev);
    caps->timestamp_hz = dev->host_query_reset ? dev->timestamp_hz : 0;
}

void vkx_device_output_limits(const struct vkx_device *dev, uint32_t *locations,
                              uint32_t *gs_total_components)
{
    const VkPhysicalDeviceLimits *l = &dev->props.limits;
    *locations = NR_MIN(l->maxVertexOutputComponents, l->maxGeometryOutputComponents) / 4;
    *gs_total_components = l->maxGeometryTotalOutputComponents;
}

uint32_t vkx_device_format_features(struct vkx_device *dev, uint32_t format)
{
    return format < WIRE_FORMAT_COUNT ? dev->format_features[format] : 0;
}

/* An empty Texture2DMS slot is bound to a null view: without null
 * descriptors no sampled multisampled texture is offered. */
uint32_t vkx_device_format_load_samples(const struct vkx_device *dev, uint32_t format)
{
    return format < WIRE_FORMAT_COUNT && dev->null_descriptor
               ? dev->format_load_samples[format]
               : 0;
}

uint32_t vkx_device_max_color_targets(const struct vkx_device *dev)
{
    return NR_MIN(dev->props.limits.maxColorAttachments, (uint32_t)WIRE_MAX_COLOR_TARGETS);
}

uint32_t vkx_device_max_vertex_inputs(const struct vkx_device *dev)
{
    return NR_MIN(NR_MIN(dev->props.limits.maxVertexInputAttributes,
                         dev->props.limits.maxVertexInputBindings),
                  (uint32_t)WIRE_MAX_VERTEX_ATTRS);
}

uint32_t vkx_device_format_samples(struct vkx_device *dev, uint32_t format)
{
    return format < WIRE_FORMAT_COUNT ? dev->format_samples[format] : 0;
}

const char *vkx_device_name(struct vkx_device *dev)
{
    return dev->props.deviceName;
}

bool vkx_device_texture_supported(struct vkx_device *dev, uint32_t format, uint32_t type,
                                  uint32_t width, uint32_t height, uint32_t depth,
                                  uint32_t layers, uint32_t levels, uint32_t usage)
{
    VkImageFormatProperties p;
    VkImageUsageFlags u = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                          ((usage & WIRE_TEX_SAMPLED) ? VK_IMAGE_USAGE_SAMPLED_BIT : 0) |
                          ((usage & WIRE_TEX_COLOR_TARGET) ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT : 0) |
                          ((usage & WIRE_TEX_DEPTH_TARGET) ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : 0) |
                          ((usage & WIRE_TEX_STORAGE) ? VK_IMAGE_USAGE_STORAGE_BIT : 0);
    VkImageCreateFlags mutable_flags =
        (usage & WIRE_TEX_MUTABLE)
            ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT
            : 0;
    VkResult r = vkGetPhysicalDeviceImageFormatProperties(
        dev->phys, wire_to_vk_format((enum wire_format)format),
        type == WIRE_TEX_3D ? VK_IMAGE_TYPE_3D
        : type == WIRE_TEX_1D ? VK_IMAGE_TYPE_1D
                              : VK_IMAGE_TYPE_2D,
        VK_IMAGE_TILING_OPTIMAL, u,
        mutable_flags |
            (type == WIRE_TEX_CUBE ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT
             : type == WIRE_TEX_3D && (usage & WIRE_TEX_COLOR_TARGET)
                 ? VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT
                 : 0),
        &p);
    return r == VK_SUCCESS && width <= p.maxExtent.width && height <= p.maxExtent.height &&
           depth <= p.maxExtent.depth && levels <= p.maxMipLevels &&
           layers <= p.maxArrayLayers && (type != WIRE_TEX_CUBE || p.maxArrayLayers >= 6);
}

static bool find_memory(struct vkx_device *dev, uint32_t type_bits,
                        VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer,
                        uint32_t *index)
{
    int best = -1;
    for (uint32_t i = 0; i < dev->mem.memoryTypeCount; i++) {
        VkMemoryPropertyFlags f = dev->mem.memoryTypes[i].propertyFlags;
        if (!(type_bits & (1u << i)) || (f & want) != want)
            continue;
        if ((f & prefer) == prefer) {
            *index = i;
            return true;
        }
        if (best < 0)
            best = (int)i;
    }
    if (best < 0)
        return false;
    *index = (uint32_t)best;
    return true;
}

static bool alloc_memory(struct vkx_device *dev, VkMemoryRequirements req,
                         VkMemoryPropertyFlags want,
                         VkMemoryPropertyFlags prefer, VkDeviceMemory *out)
{
    uint32_t type;
    if (!find_memory(dev, req.memoryTypeBits, want, prefer, &type))
        return false;
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = type,
    };
    return VKX_CHECK(vkAllocateMemory(dev->device, &ai, NULL, out));
}

/* ------------------------------------------- emulated stream output */

/* The layouts and compute pipelines of the emulation (shader/so_emu.h);
 * false (no stream output) where one cannot be made. */
static bool so_emu_init(struct vkx_device *dev, const VkPushConstantRange *range,
                        const VkDescriptorSetLayout *sets)
{
    VkDescriptorSetLayoutBinding scratch = {
        0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
        VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_GEOMETRY_BIT, NULL};
    VkDescriptorSetLayoutBinding comp[1 + WIRE_MAX_SO_TARGETS];
    for (uint32_t i = 0; i <= WIRE_MAX_SO_TARGETS; i++)
        comp[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                                 VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo dl = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 1, .pBindings = &scratch};
    VkDescriptorSetLayoutCreateInfo el = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    VkDescriptorSetLayoutCreateInfo cl = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
        .bindingCount = 1 + WIRE_MAX_SO_TARGETS, .pBindings = comp};
    bool ok = VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &dl, NULL, &dev->so_set_layout)) &&
              VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &el, NULL,
                                                    &dev->so_empty_set_layout)) &&
              VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &cl, NULL,
                                                    &dev->so_comp_set_layout));
    if (ok) {
        /* Sets 0-2 and the push constants as the device's layout: the
         * capture draws keep what the context bound. */
        const VkDescriptorSetLayout four[4] = {
            sets[0], sets[1], dev->table ? sets[2] : dev->so_empty_set_layout,
            dev->so_set_layout};
        VkPipelineLayoutCreateInfo gl = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            .setLayoutCount = 4, .pSetLayouts = four,
            .pushConstantRangeCount = 1, .pPushConstantRanges = range};
        VkPipelineLayoutCreateInfo ml = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            .setLayoutCount = 1, .pSetLayouts = &dev->so_comp_set_layout};
        ok = VKX_CHECK(vkCreatePipelineLayout(dev->device, &gl, NULL, &dev->so_gfx_layout)) &&
             VKX_CHECK(vkCreatePipelineLayout(dev->device, &ml, NULL, &dev->so_comp_layout));
    }
    for (uint32_t m = 0; ok && m < SO_EMU_MODES; m++) {
        uint32_t *words = NULL;
        size_t count = 0;
        VkShaderModule module = VK_NULL_HANDLE;
        ok = nr_so_emu_compute((enum so_emu_mode)m, &words, &count);
        if (ok) {
            VkShaderModuleCreateInfo smci = {
                .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                .codeSize = count * 4, .pCode = words};
            ok = VKX_CHECK(vkCreateShaderModule(dev->device, &smci, NULL, &module));
        }
        if (ok) {
            VkComputePipelineCreateInfo cci = {
                .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                          .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module,
                          .pName = "main"},
                .layout = dev->so_comp_layout};
            ok = VKX_CHECK(vkCreateComputePipelines(dev->device, dev->cache, 1, &cci, NULL,
                                                    &dev->so_comp[m]));
        }
        vkDestroyShaderModule(dev->device, module, NULL);
        free(words);
    }
    if (!ok) {
        NR_WARN(VK, "cannot make the emulation of stream output: there is none");
        so_emu_destroy(dev);
    }
    return ok;
}

static void so_emu_destroy(struct vkx_device *dev)
{
    for (uint32_t m = 0; m < SO_EMU_MODES; m++)
        vkDestroyPipeline(dev->device, dev->so_comp[m], NULL);
    vkDestroyPipelineLayout(dev->device, dev->so_gfx_layout, NULL);
    vkDestroyPipelineLayout(dev->device, dev->so_comp_layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, dev->so_set_layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, dev->so_empty_set_layout, NULL);
    vkDestroyDescriptorSetLayout(dev->device, dev->so_comp_set_layout, NULL);
    memset(dev->so_comp, 0, sizeof(dev->so_comp));
    dev->so_gfx_layout = dev->so_comp_layout = VK_NULL_HANDLE;
    dev->so_set_layout = dev->so_empty_set_layout = dev->so_comp_set_layout = VK_NULL_HANDLE;
}

/* ----------------------------------------------------------------- context */

struct vkx_ctx *vkx_ctx_create(struct vkx_device *dev, uint32_t context_id)
{
    struct vkx_ctx *ctx = calloc(1, sizeof(*ctx));
    char name[64];

    if (!ctx)
        return NULL;
    ctx->dev = dev;
    for (unsigned i = 1; i < WIRE_MAX_VIEWPORTS; i++)
        ctx->viewports[i].none = true;
    ctx->id = context_id;
    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = dev->queue_family,
    };
    VkSemaphoreTypeCreateInfo sti = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
        .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
    };
    VkSemaphoreCreateInfo sci = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &sti};
    if (!VKX_CHECK(vkCreateCommandPool(dev->device, &pci, NULL, &ctx->pool)) ||
        !VKX_CHECK(vkCreateSemaphore(dev->device, &sci, NULL, &ctx->timeline))) {
        vkx_ctx_destroy(ctx);
        return NULL;
    }
    VkCommandBufferAllocateInfo cai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = ctx->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = MAX_SUBMITS_IN_FLIGHT,
    };
    if (!VKX_CHECK(vkAllocateCommandBuffers(dev->device, &cai, ctx->spare))) {
        vkx_ctx_destroy(ctx);
        return NULL;
    }
    snprintf(name, sizeof(name), "ctx%u command pool", context_id);
    set_name(dev, VK_OBJECT_TYPE_COMMAND_POOL, (uint64_t)ctx->pool, name);
    snprintf(name, sizeof(name), "ctx%u retirement timeline", context_id);
    set_name(dev, VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)ctx->timeline, name);
    for (int i = 0; i < MAX_SUBMITS_IN_FLIGHT; i++) {
        snprintf(name, sizeof(name), "ctx%u command buffer %d", context_id, i);
        set_name(dev, VK_OBJECT_TYPE_COMMAND_BUFFER, (uint64_t)ctx->spare[i],
                 name);
    }
    return ctx;
}

static uint64_t completed_value(struct vkx_ctx *ctx)
{
    uint64_t v = 0;
    vkGetSemaphoreCounterValue(ctx->dev->device, ctx->timeline, &v);
    return v;
}

/* Waits up to timeout_ns for a timeline semaphore to reach value. */
static VkResult wait_semaphore(VkDevice device, VkSemaphore sem, uint64_t value,
                               uint64_t timeout_ns)
{
    VkSemaphoreWaitInfo wi = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
        .semaphoreCount = 1,
        .pSemaphores = &sem,
        .pValues = &value,
    };
    return vkWaitSemaphores(device, &wi, timeout_ns);
}

/* A wait a client's request is behind (a read-back, a present, a command
 * buffer to record into) is bounded (NEREID_GPU_TIMEOUT_MS, default 30 s):
 * past it the context fails, and its client is told, instead of waiting
 * for ever.  Waits before memory is freed or reused stay unbounded: the
 * GPU may still read it. */
static bool wait_value_bounded(struct vkx_ctx *ctx, uint64_t value)
{
    uint64_t timeout_ns = vkx_gpu_timeout_ns();
    VkResult r;

    if (!value)
        return true;
    r = wait_semaphore(ctx->dev->device, ctx->timeline, value, timeout_ns);
    if (r == VK_TIMEOUT) {
        ctx_fail(ctx, "the GPU has not finished this context's work within %llu ms",
                 (unsigned long long)(timeout_ns / 1000000u));
        return false;
    }
    return VKX_CHECK(r);
}

int vkx_ctx_wait_gpu(struct vkx_ctx *ctx, uint64_t value, uint64_t timeout_ns)
{
    VkResult r = value ? wait_semaphore(ctx->dev->device, ctx->timeline, value, timeout_ns)
                       : VK_SUCCESS;
    return r == VK_SUCCESS ? 1 : r == VK_TIMEOUT ? 0 : -1;
}

uint64_t vkx_gpu_timeout_ns(void)
{
    static uint64_t timeout_ns;
    if (!timeout_ns)
        timeout_ns = (uint64_t)nr_env_int("NEREID_GPU_TIMEOUT_MS", 30000, 100, 3600000) *
                     1000000u;
    return timeout_ns;
}

static bool wait_value(struct vkx_ctx *ctx, uint64_t value)
{
    if (!value)
        return true;
    return VKX_CHECK(wait_semaphore(ctx->dev->device, ctx->timeline, value, UINT64_MAX));
}

static void version_destroy(struct vkx_ctx *ctx, struct vkx_buffer_version *v);

void vkx_ctx_destroy(struct vkx_ctx *ctx)
{
    VkDevice d;
    if (!ctx)
        return;
    d = ctx->dev->device;
    if (ctx->cb) {
        queries_rendering_ending(ctx);
        if (ctx->rendering)
            vkCmdEndRendering(ctx->cb);
        vkEndCommandBuffer(ctx->cb);
    }
    wait_value(ctx, ctx->submitted);
    window_destroy(ctx);
    gamma_destroy(ctx);
    picture_destroy(ctx);
    queries_destroy(ctx);
    table_destroy(ctx);
    for (unsigned i = 0; i < WIRE_TEX_TYPE_COUNT; i++) {
        if (ctx->null_tex[i])
            texture_free(d, ctx->null_tex[i]);
        for (unsigned f = 0; f < 3; f++)
            if (ctx->null_storage_img[i][f])
                texture_free(d, ctx->null_storage_img[i][f]);
    }
    if (ctx->so_scratch) { /* never renamed: one version */
        version_destroy(ctx, &ctx->so_scratch->cur);
        free(ctx->so_scratch);
    }
    if (ctx->so_results) {
        version_destroy(ctx, &ctx->so_results->cur);
        free(ctx->so_results);
    }
    vkDestroyDescriptorPool(ctx->dev->device, ctx->so_pool, NULL);
    if (ctx->so_dummy) { /* never renamed: one version */
        version_destroy(ctx, &ctx->so_dummy->cur);
        free(ctx->so_dummy);
    }
    if (ctx->null_storage) { /* never renamed: one version */
        version_destroy(ctx, &ctx->null_storage->cur);
        free(ctx->null_storage);
    }
    for (unsigned i = 0; i < ctx->texel_pool_count; i++)
        vkDestroyDescriptorPool(d, ctx->texel_pools[i].pool, NULL);
    free(ctx->texel_pools);
    if (ctx->null_texel) { /* never renamed: one version */
        version_destroy(ctx, &ctx->null_texel->cur);
        free(ctx->null_texel);
    }
    if (ctx->null_sampler) {
        vkDestroySampler(d, ctx->null_sampler->sampler, NULL);
        free(ctx->null_sampler);
    }
    for (size_t i = 0; i < ctx->chunk_count; i++) {
        vkDestroyBuffer(d, ctx->chunks[i].buffer, NULL);
        vkFreeMemory(d, ctx->chunks[i].memory, NULL);
    }
    free(ctx->chunks);
    free(ctx->pending);
    free(ctx->pending_indexed);
    for (uint32_t u = 0; u < NR_UBO_COUNT; u++)
        free(ctx->uniforms[u]);
    if (ctx->pool)
        vkDestroyCommandPool(d, ctx->pool, NULL);
    if (ctx->timeline)
        vkDestroySemaphore(d, ctx->timeline, NULL);
    for (uint32_t i = 0; i < ctx->tl_wait_count; i++)
        vkx_timeline_unref(ctx->tl_waits[i].t);
    free(ctx);
}

/* Makes the next draw bind, push and upload everything it reads.  A new
 * command buffer starts with nothing bound, and it may not point at upload
 * memory an earlier one wrote: that memory is recycled once the earlier
 * submission retires (it held, say, the uniform data of frame 1, which a
 * program that set its transforms once still draws with in frame 3).  So
 * the uniform data is uploaded anew into chunks of this command buffer.
 * Reference mode calls this before every draw. */
static void forget_bindings(struct vkx_ctx *ctx)
{
    ctx->bound = NULL;
    ctx->masks_dirty = true;
    ctx->viewport_dirty = ctx->scissor_dirty = ctx->push_dirty = true;
    ctx->dynamic_dirty = true;
    memset(ctx->vb_bound, 0, sizeof(ctx->vb_bound));
    ctx->vb_null_bound = 0;
    ctx->ib_bound = VK_NULL_HANDLE;
    ctx->desc_dirty = ctx->desc_valid;
    for (uint32_t u = 0; u < NR_UBO_COUNT; u++)
        if (ctx->uniforms[u])
            ctx->uniform_dirty |= 1u << u;
    /* The table's entries are looked up, its bind set written and the set
     * bound again. */
    ctx->table_slots = (1u << WIRE_SET0_TEXTURE_SLOTS) - 1;
    if (ctx->table) {
        ctx->table->words_changed = true;
        ctx->table->bound_cb = 0;
    }
}

/* The command buffer being recorded, starting one when needed.  Command
 * buffers are reused only after the submission that used them retired. */
static VkCommandBuffer ctx_cb(struct vkx_ctx *ctx)
{
    if (ctx->cb)
        return ctx->cb;
    int pick = 0;
    for (int i = 1; i < MAX_SUBMITS_IN_FLIGHT; i++)
        if (ctx->spare_value[i] < ctx->spare_value[pick])
            pick = i;
    if (!wait_value_bounded(ctx, ctx->spare_value[pick]))
        return VK_NULL_HANDLE;
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    vkResetCommandBuffer(ctx->spare[pick], 0);
    if (!VKX_CHECK(vkBeginCommandBuffer(ctx->spare[pick], &bi)))
        return VK_NULL_HANDLE;
    ctx->spare_value[pick] = ctx->submitted + 1;
    ctx->cb = ctx->spare[pick];
    ctx->cb_serial++;
    forget_bindings(ctx);
    return ctx->cb;
}

/* Emits the draws collected for one multi-draw. */
static void flush_draws(struct vkx_ctx *ctx)
{
    struct vkx_device *dev = ctx->dev;
    size_t n = ctx->pending_count;
    /* Table draws: the queued draws' bind sets, in a row of words that
     * DrawIndex counts through from the draw base pushed before each
     * Vulkan draw. */
    uint32_t base = 0;
    bool table = ctx->pending_table;

    if (!n)
        return;
    ctx->pending_count = 0;
    if (table) {
        if (!table_alloc(ctx, (uint32_t)(n * 4), &base))
            return;
        memcpy(ctx->table->map + (uint64_t)base * 4, ctx->table->pending, n * 4);
    }
    if (ctx->pending_is_indexed) {
        if (dev->draw_multi_indexed && n > 1) {
            for (size_t i = 0; i < n; i += dev->max_multi_draw) {
                uint32_t m = (uint32_t)NR_MIN(n - i, (size_t)dev->max_multi_draw);
                if (table)
                    table_push_base(ctx, base + (uint32_t)i);
                dev->draw_multi_indexed(ctx->cb, m, ctx->pending_indexed + i, 1, 0,
                                        sizeof(VkMultiDrawIndexedInfoEXT), NULL);
                ctx->stats.draw_calls++;
            }
        } else {
            for (size_t i = 0; i < n; i++) {
                const VkMultiDrawIndexedInfoEXT *d = &ctx->pending_indexed[i];
                if (table)
                    table_push_base(ctx, base + (uint32_t)i);
                vkCmdDrawIndexed(ctx->cb, d->indexCount, 1, d->firstIndex,
                                 d->vertexOffset, 0);
                ctx->stats.draw_calls++;
            }
        }
    } else {
        if (dev->draw_multi && n > 1) {
            for (size_t i = 0; i < n; i += dev->max_multi_draw) {
                uint32_t m = (uint32_t)NR_MIN(n - i, (size_t)dev->max_multi_draw);
                if (table)
                    table_push_base(ctx, base + (uint32_t)i);
                dev->draw_multi(ctx->cb, m, ctx->pending + i, 1, 0,
                                sizeof(VkMultiDrawInfoEXT));
                ctx->stats.draw_calls++;
            }
        } else {
            for (size_t i = 0; i < n; i++) {
                if (table)
                    table_push_base(ctx, base + (uint32_t)i);
                vkCmdDraw(ctx->cb, ctx->pending[i].vertexCount, 1,
                          ctx->pending[i].firstVertex, 0);
                ctx->stats.draw_calls++;
            }
        }
    }
}

static void end_rendering(struct vkx_ctx *ctx)
{
    flush_draws(ctx);
    if (ctx->rendering) {
        bool buffers = false;
        queries_rendering_ending(ctx);
        vkCmdEndRendering(ctx->cb);
        ctx->rendering = false;
        ctx->pass_barrier = true;
        /* Buffers rendered into get their twins' texels back. */
        for (unsigned i = 0; i < ctx->color_count; i++)
            if (ctx->color[i].buf) {
                if (!buffers)
                    memory_barrier(ctx->cb);
                buffers = true;
                twin_copy(ctx, &ctx->color[i], false);
            }
        if (buffers)
            memory_barrier(ctx->cb); /* before what reads them, the host too */
    }
    ctx->storage_pending = false;
}

/* The share lock is held.  Waits for what every other holder of a
 * shared texture ctx holds has submitted, after the n in w: ordering by
 * submission, as D3D's shared resources are ordered by their flushes. */
static uint32_t share_waits(struct vkx_ctx *ctx, VkSemaphoreSubmitInfo *w, uint32_t n)
{
    struct vkx_device *dev = ctx->dev;
    uint32_t first = n;
    for (size_t i = 0; i < dev->shared_count; i++) {
        struct vkx_texture *t = dev->shared[i];
        bool mine = false;
        for (unsigned h = 0; h < t->holder_count; h++)
            mine |= t->holders[h] == ctx;
        if (!mine)
            continue;
        for (unsigned h = 0; h < t->holder_count; h++) {
            struct vkx_ctx *o = t->holders[h];
            bool seen = o == ctx || !o->submitted;
            for (uint32_t k = first; k < n && !seen; k++)
                seen = w[k].semaphore == o->timeline;
            if (seen || n == 1 + VKX_MAX_SHARE_WAITS)
                continue;
            w[n++] = (VkSemaphoreSubmitInfo){
                .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                .semaphore = o->timeline,
                .value = o->submitted,
                .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
            };
        }
    }
    return n;
}

/* Submits what was recorded.  A present in a window waits for its
 * swap-chain image (`wait`, a binary semaphore, before the copy into it)
 * and signals `signal` for vkQueuePresentKHR; both VK_NULL_HANDLE else.
 * `tl` (NULL: none) is signalled with `tl_value` after the work.  With
 * nothing recorded, a submission without command buffers carries the
 * fence waits and the signal where there are any. */
static bool submit_full(struct vkx_ctx *ctx, VkSemaphore wait, VkSemaphore signal,
                        struct vkx_timeline *tl, uint64_t tl_value)
{
    struct vkx_device *dev = ctx->dev;
    bool ok;

    if (!ctx->cb && !tl && !ctx->tl_wait_count)
        return true;
    if (ctx->cb) {
        end_rendering(ctx);
        if (!VKX_CHECK(vkEndCommandBuffer(ctx->cb))) {
            ctx->cb = VK_NULL_HANDLE;
            ctx_fail(ctx, "vkEndCommandBuffer failed");
            return false;
        }
    }
    ctx->stats.submits++;
    ctx->cb_work = 0;
    ctx->cb_draws = 0;
    uint64_t value = ctx->submitted + 1;
    VkCommandBufferSubmitInfo cbi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
        .commandBuffer = ctx->cb,
    };
    VkSemaphoreSubmitInfo ssi[3] = {
        {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
         .semaphore = ctx->timeline,
         .value = value,
         .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT},
    };
    uint32_t signals = 1;
    if (signal)
        ssi[signals++] = (VkSemaphoreSubmitInfo){
            .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
            .semaphore = signal,
            .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    /* Only the copy into the swap-chain image waits for it: the frame's
     * draws before it run meanwhile. */
    VkSemaphoreSubmitInfo wsi[1 + VKX_MAX_SHARE_WAITS + VKX_MAX_TIMELINE_WAITS] = {{
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
        .semaphore = wait,
        .stageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT,
    }};
    uint32_t waits = wait ? 1 : 0;
    bool shared = ctx->shared_held > 0;
    if (shared) {
        pthread_mutex_lock(&dev->share_lock);
        waits = share_waits(ctx, wsi, waits);
    }
    /* The fence waits (vkx_ctx_wait): each value's signal was submitted
     * before (vkx_timeline_wait_submitted), so none waits for a later
     * submission to the same queue. */
    for (uint32_t i = 0; i < ctx->tl_wait_count; i++)
        wsi[waits++] = (VkSemaphoreSubmitInfo){
            .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
            .semaphore = ctx->tl_waits[i].t->sem,
            .value = ctx->tl_waits[i].value,
            .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkSubmitInfo2 si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
        .waitSemaphoreInfoCount = waits,
        .pWaitSemaphoreInfos = wsi,
        .commandBufferInfoCount = ctx->cb ? 1 : 0,
        .pCommandBufferInfos = &cbi,
        .pSignalSemaphoreInfos = ssi,
    };
    pthread_mutex_lock(&dev->queue_lock);
    /* A timeline's signals must rise in submission order: a value at or
     * under one already submitted is not signalled again (the fence gets
     * there anyway, when that one retires). */
    bool raise = false;
    if (tl) {
        pthread_mutex_lock(&dev->timeline_lock);
        if ((raise = tl_value > tl->submitted))
            ssi[signals++] = (VkSemaphoreSubmitInfo){
                .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                .semaphore = tl->sem,
                .value = tl_value,
                .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    }
    si.signalSemaphoreInfoCount = signals;
    ok = VKX_CHECK(vkQueueSubmit2(dev->queue, 1, &si, VK_NULL_HANDLE));
    if (tl) {
        if (ok && raise) {
            tl->submitted = tl_value;
            pthread_cond_broadcast(&dev->timeline_cond);
        }
        pthread_mutex_unlock(&dev->timeline_lock);
    }
    pthread_mutex_unlock(&dev->queue_lock);
    if (ok)
        ctx->submitted = value;
    if (shared)
        pthread_mutex_unlock(&dev->share_lock);
    for (uint32_t i = 0; i < ctx->tl_wait_count; i++)
        vkx_timeline_unref(ctx->tl_waits[i].t);
    ctx->tl_wait_count = 0;
    bool recorded = ctx->cb != VK_NULL_HANDLE;
    ctx->cb = VK_NULL_HANDLE;
    if (!ok) {
        ctx_fail(ctx, "vkQueueSubmit2 failed (device lost?)");
        return false;
    }
    if (!recorded)
        return true;
    if (ctx->table)
        table_mark(ctx, value);
    /* Every chunk written for this submission retires with it. */
    for (size_t i = 0; i < ctx->chunk_count; i++)
        if (ctx->chunks[i].used && ctx->chunks[i].busy_until == UINT64_MAX)
            ctx->chunks[i].busy_until = value;
    ctx->cur_chunk = NULL;
    return true;
}

static bool submit_with(struct vkx_ctx *ctx, VkSemaphore wait, VkSemaphore signal)
{
    return submit_full(ctx, wait, signal, NULL, 0);
}

bool vkx_ctx_submit(struct vkx_ctx *ctx)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    return submit_with(ctx, VK_NULL_HANDLE, VK_NULL_HANDLE);
}

/* ----------------------------------------------------------- timelines */

struct vkx_timeline *vkx_timeline_create(struct vkx_device *dev, uint64_t initial,
                                         const char *name)
{
    struct vkx_timeline *t = calloc(1, sizeof(*t));
    VkSemaphoreTypeCreateInfo sti = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
        .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
        .initialValue = initial,
    };
    VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                 .pNext = &sti};
    if (!t)
        return NULL;
    if (!VKX_CHECK(vkCreateSemaphore(dev->device, &sci, NULL, &t->sem))) {
        free(t);
        return NULL;
    }
    set_name(dev, VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)t->sem, name);
    t->dev = dev;
    t->submitted = initial;
    t->refs = 1;
    return t;
}

void vkx_timeline_ref(struct vkx_timeline *t)
{
    __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
}

/* The last reference waits for the queue: submissions that wait for or
 * signal the semaphore may still be pending, and it may not go before
 * they are done (fences are made and destroyed rarely). */
void vkx_timeline_unref(struct vkx_timeline *t)
{
    if (!t || __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL))
        return;
    struct vkx_device *dev = t->dev;
    pthread_mutex_lock(&dev->queue_lock);
    (void)VKX_CHECK(vkQueueWaitIdle(dev->queue));
    pthread_mutex_unlock(&dev->queue_lock);
    vkDestroySemaphore(dev->device, t->sem, NULL);
    free(t);
}

uint64_t vkx_timeline_value(struct vkx_timeline *t)
{
    uint64_t v = 0;
    (void)VKX_CHECK(vkGetSemaphoreCounterValue(t->dev->device, t->sem, &v));
    return v;
}

bool vkx_timeline_wait(struct vkx_timeline *t, uint64_t value, uint64_t timeout_ns)
{
    return wait_semaphore(t->dev->device, t->sem, value, timeout_ns) == VK_SUCCESS;
}

bool vkx_timeline_wait_submitted(struct vkx_timeline *t, uint64_t value, uint64_t timeout_ns)
{
    struct vkx_device *dev = t->dev;
    bool reached;
    pthread_mutex_lock(&dev->timeline_lock);
    if (!(reached = t->submitted >= value) && timeout_ns) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t ns = (uint64_t)ts.tv_nsec + timeout_ns;
        ts.tv_sec += (time_t)(ns / 1000000000u);
        ts.tv_nsec = (long)(ns % 1000000000u);
        (void)pthread_cond_timedwait(&dev->timeline_cond, &dev->timeline_lock, &ts);
        reached = t->submitted >= value;
    }
    pthread_mutex_unlock(&dev->timeline_lock);
    return reached;
}

bool vkx_ctx_signal(struct vkx_ctx *ctx, struct vkx_timeline *t, uint64_t value)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    return submit_full(ctx, VK_NULL_HANDLE, VK_NULL_HANDLE, t, value);
}

bool vkx_ctx_wait(struct vkx_ctx *ctx, struct vkx_timeline *t, uint64_t value)
{
    uint32_t i;
    ctx->state_serial++;
    /* What was recorded before the wait does not wait. */
    if (!submit_with(ctx, VK_NULL_HANDLE, VK_NULL_HANDLE))
        return false;
    for (i = 0; i < ctx->tl_wait_count && ctx->tl_waits[i].t != t; i++)
        ;
    if (i < ctx->tl_wait_count) {
        ctx->tl_waits[i].value = NR_MAX(ctx->tl_waits[i].value, value);
        return true;
    }
    /* Full: the waits so far go with a submission of nothing. */
    if (ctx->tl_wait_count == VKX_MAX_TIMELINE_WAITS &&
        !submit_full(ctx, VK_NULL_HANDLE, VK_NULL_HANDLE, NULL, 0))
        return false;
    vkx_timeline_ref(t);
    ctx->tl_waits[ctx->tl_wait_count++] = (struct vkx_timeline_wait){t, value};
    return true;
}

_Static_assert(WIRE_MAX_COLOR_TARGETS * 4 <= 32, "write masks packed in 32 bits");

uint32_t vkx_pack_write_masks(const struct wire_create_state_block *b)
{
    uint32_t packed = 0;
    for (unsigned i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
        packed |= (b->blend[i].write_mask & 0xfu) << (4 * i);
    return packed;
}

void vkx_set_write_masks(struct vkx_ctx *ctx, uint32_t packed)
{
    if (packed == ctx->write_mask_bits)
        return;
    ctx->write_mask_bits = packed;
    for (unsigned i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
        ctx->write_masks[i] = packed >> (4 * i) & 0xf;
    ctx->state_serial++;
}

/* Whether the last prepared draw's preparation holds for a draw with p. */
static bool fast_draw(const struct vkx_ctx *ctx, const struct vkx_pipeline *p)
{
    return ctx->cb && ctx->fast_p == p && ctx->fast_serial == ctx->state_serial &&
           ctx->fast_cb == ctx->cb_serial && !(ctx->options & WIRE_CONTEXT_REFERENCE) &&
           (p->table || ctx->fast_texture == ctx->texture_serial) &&
           !ctx->storage_pending;
}

static void prepared(struct vkx_ctx *ctx, struct vkx_pipeline *p)
{
    ctx->fast_up = VK_NULL_HANDLE; /* vkx_draw_up sets it after */
    ctx->fast_p = p;
    ctx->fast_serial = ctx->state_serial;
    ctx->fast_texture = ctx->texture_serial;
    ctx->fast_cb = ctx->cb_serial;
}

bool vkx_device_dynamic_write_masks(const struct vkx_device *dev)
{
    return dev->set_write_mask != NULL;
}

bool vkx_ctx_slice_full(const struct vkx_ctx *ctx)
{
    /* A draw names at most a bind set's entries more: before the command
     * buffer could name every entry of the table, it goes, so that the
     * next can give up the entries of this one (table_entry). */
    const struct vkx_table *t = ctx->table;
    return ctx->cb_work >= VKX_SLICE_VERTICES || ctx->cb_draws >= VKX_SLICE_DRAWS ||
           (t && t->cb_entries_serial == ctx->submitted + 1 &&
            t->cb_entries > NR_TABLE_SIZE - 2 * NR_BINDSET_WORDS);
}

/* Upload/read-back space: `size` bytes of a host-visible buffer, usable by
 * the command buffer being recorded.  A chunk is reused only once the
 * submission that last used it has retired. */
static bool ctx_stage(struct vkx_ctx *ctx, uint64_t size, uint64_t align,
                      struct vkx_chunk **chunk_out, uint64_t *offset_out)
{
    struct vkx_device *dev = ctx->dev;
    struct vkx_chunk *c = ctx->cur_chunk;
    uint64_t off;

    if (c) {
        off = (c->used + align - 1) / align * align; /* align need not be 2^n */
        if (off + size <= c->size) {
            c->used = off + size;
            *chunk_out = c;
            *offset_out = off;
            return true;
        }
    }
    uint64_t done = completed_value(ctx);
    for (size_t i = 0; i < ctx->chunk_count; i++) {
        c = &ctx->chunks[i];
        if (c->busy_until != UINT64_MAX && c->busy_until <= done &&
            c->size >= size) {
            c->used = size;
            c->busy_until = UINT64_MAX;
            ctx->cur_chunk = c;
            *chunk_out = c;
            *offset_out = 0;
            return true;
        }
    }
    if (!nr_array_reserve((void **)&ctx->chunks, &ctx->chunk_cap,
                          ctx->chunk_count + 1, sizeof(*ctx->chunks)))
        return false;
    c = &ctx->chunks[ctx->chunk_count];
    memset(c, 0, sizeof(*c));
    c->size = NR_MAX((uint64_t)UPLOAD_CHUNK, NR_ALIGN(size, (uint64_t)65536));
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = c->size,
        .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                 VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                 VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
                 VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
    };
    VkMemoryRequirements req;
    if (!VKX_CHECK(vkCreateBuffer(dev->device, &bci, NULL, &c->buffer)))
        return false;
    vkGetBufferMemoryRequirements(dev->device, c->buffer, &req);
    if (!alloc_memory(dev, req,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      VK_MEMORY_PROPERTY_HOST_CACHED_BIT, &c->memory) ||
        !VKX_CHECK(vkBindBufferMemory(dev->device, c->buffer, c->memory, 0)) ||
        !VKX_CHECK(vkMapMemory(dev->device, c->memory, 0, VK_WHOLE_SIZE, 0,
                               (void **)&c->map))) {
        vkDestroyBuffer(dev->device, c->buffer, NULL);
        if (c->memory)
            vkFreeMemory(dev->device, c->memory, NULL);
        return false;
    }
    {
        char name[64];
        snprintf(name, sizeof(name), "ctx%u upload chunk %zu", ctx->id,
                 ctx->chunk_count);
        set_name(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)c->buffer, name);
    }
    ctx->chunk_count++;
    c->used = size;
    c->busy_until = UINT64_MAX;
    ctx->cur_chunk = c;
    *chunk_out = c;
    *offset_out = 0;
    return true;
}

/* One broad barrier: correct for every use here; narrowing it is later
 * performance work. */
static void memory_barrier(VkCommandBuffer cb)
{
    VkMemoryBarrier2 mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
        .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
        .dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
    };
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &mb,
    };
    vkCmdPipelineBarrier2(cb, &di);
}

/* A new image goes to VK_IMAGE_LAYOUT_GENERAL once and stays there. */
static void to_general(VkCommandBuffer cb, struct vkx_texture *t)
{
    VkImageMemoryBarrier2 ib = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
        .dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_GENERAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = t->image,
        .subresourceRange = {t->aspect, 0, VK_REMAINING_MIP_LEVELS, 0,
                             VK_REMAINING_ARRAY_LAYERS},
    };
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .imageMemoryBarrierCount = 1,
        .pImageMemoryBarriers = &ib,
    };
    vkCmdPipelineBarrier2(cb, &di);
}

/* ----------------------------------------------------------------- buffers */

static bool version_create(struct vkx_ctx *ctx, struct vkx_buffer *b,
                           struct vkx_buffer_version *v)
{
    struct vkx_device *dev = ctx->dev;
    VkMemoryRequirements req;
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = (b->usage & WIRE_BUF_STREAM_OUT) ? b->counter_offset + 4 : b->size,
        .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                 VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 ((b->usage & WIRE_BUF_VERTEX) ? VK_BUFFER_USAGE_VERTEX_BUFFER_BIT : 0) |
                 ((b->usage & WIRE_BUF_INDEX) ? VK_BUFFER_USAGE_INDEX_BUFFER_BIT : 0) |
                 ((b->usage & WIRE_BUF_UNIFORM) ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : 0) |
                 ((b->usage & WIRE_BUF_TEXEL) ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT : 0) |
                 ((b->usage & WIRE_BUF_STORAGE) ? VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT : 0) |
                 ((b->usage & WIRE_BUF_STREAM_OUT) && dev->xfb
                      ? VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
                            VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
                            VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT
                      : 0) |
                 /* Emulated: written by compute, the scratch too. */
                 ((b->usage & WIRE_BUF_STREAM_OUT) && !dev->xfb
                      ? VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT
                      : 0),
    };

    memset(v, 0, sizeof(*v));
    if (!VKX_CHECK(vkCreateBuffer(dev->device, &bci, NULL, &v->buffer)))
        return false;
    vkGetBufferMemoryRequirements(dev->device, v->buffer, &req);
    /* Host-visible so that writes that need no ordering go straight in;
     * device-local where the device has such memory (ReBAR, UMA, CPU). */
    if (!alloc_memory(dev, req,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &v->memory) ||
        !VKX_CHECK(vkBindBufferMemory(dev->device, v->buffer, v->memory, 0)) ||
        !VKX_CHECK(vkMapMemory(dev->device, v->memory, 0, VK_WHOLE_SIZE, 0,
                               (void **)&v->map))) {
        vkDestroyBuffer(dev->device, v->buffer, NULL);
        if (v->memory)
            vkFreeMemory(dev->device, v->memory, NULL);
        memset(v, 0, sizeof(*v));
        return false;
    }
    set_name(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)v->buffer, b->name);
    return true;
}

static void version_destroy(struct vkx_ctx *ctx, struct vkx_buffer_version *v)
{
    if (!v->buffer)
        return;
    for (unsigned i = 0; i < v->view_count; i++)
        vkDestroyBufferView(ctx->dev->device, v->views[i].view, NULL);
    free(v->views);
    vkDestroyBuffer(ctx->dev->device, v->buffer, NULL);
    vkFreeMemory(ctx->dev->device, v->memory, NULL);
    memset(v, 0, sizeof(*v));
}

struct vkx_buffer *vkx_buffer_create(struct vkx_ctx *ctx, uint64_t size,
                                     uint32_t usage, const char *name)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_buffer *b = calloc(1, sizeof(*b));

    if (!b)
        return NULL;
    b->size = size;
    b->usage = usage;
    b->counter_offset = (size + 3) & ~(uint64_t)3;
    snprintf(b->name, sizeof(b->name), "%s", name ? name : "buffer");
    if (!version_create(ctx, b, &b->cur)) {
        free(b);
        return NULL;
    }
    /* D3D9 leaves new buffers undefined; zero keeps other data out (and a
     * stream-output buffer's position starts at 0). */
    memset(b->cur.map, 0, (usage & WIRE_BUF_STREAM_OUT) ? b->counter_offset + 4 : size);
    return b;
}

void vkx_buffer_destroy(struct vkx_ctx *ctx, struct vkx_buffer *b)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    uint64_t last = b ? b->cur.last_use : 0;

    if (!b)
        return;
    /* Its twins first: a pass rendering into one ends, copying it back. */
    for (unsigned i = 0; i < b->twin_count; i++)
        vkx_texture_destroy(ctx, b->twins[i].tex);
    b->twin_count = 0;
    last = b->cur.last_use;
    for (unsigned i = 0; i < b->spare_count; i++)
        last = NR_MAX(last, b->spare[i].last_use);
    /* Wait only if the GPU may still read one of its versions. */
    if (last > completed_value(ctx)) {
        if (last > ctx->submitted)
            vkx_ctx_submit(ctx);
        wait_value(ctx, last);
    }
    for (uint32_t m = ctx->vb_mask; m; m &= m - 1)
        if (ctx->vb[__builtin_ctz(m)] == b)
            set_vb(ctx, (uint32_t)__builtin_ctz(m), NULL);
    if (ctx->ib == b)
        ctx->ib = NULL;
    for (int i = 0; i < WIRE_MAX_TEXEL_SLOTS; i++)
        if (ctx->texel[i].buf == b) {
            ctx->texel[i].buf = NULL;
            ctx->texel_set &= ~(1u << i);
            ctx->texel_views[i] = VK_NULL_HANDLE;
            ctx->texel_dirty = true;
        }
    for (uint32_t i = 0; i < WIRE_MAX_STORAGE_SLOTS; i++) {
        if (ctx->storage[i].buf == b)
            storage_unset(ctx, i);
        if (ctx->storage[i].counter == b) {
            ctx->storage[i].counter = NULL;
            ctx->texel_dirty = true;
        }
    }
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++)
        if (ctx->so[i] == b)
            ctx->so[i] = NULL;
    version_destroy(ctx, &b->cur);
    for (unsigned i = 0; i < b->spare_count; i++)
        version_destroy(ctx, &b->spare[i]);
    free(b);
}

uint64_t vkx_buffer_size(const struct vkx_buffer *b) { return b->size; }

bool vkx_buffer_target(struct vkx_ctx *ctx, struct vkx_buffer *b, uint32_t format,
                       uint32_t first, uint32_t elements, struct vkx_target *out)
{
    uint64_t offset = (uint64_t)first * wire_format_get(format)->block_bytes;
    unsigned i;
    for (i = 0; i < b->twin_count; i++)
        if (b->twins[i].offset == offset && b->twins[i].tex->desc.format == format &&
            b->twins[i].tex->desc.width == elements)
            break;
    if (i == b->twin_count) {
        struct vkx_texture_desc d = {format, WIRE_TEX_2D, elements, 1, 1, 1, 1,
                                     WIRE_TEX_COLOR_TARGET, {0, 1, 2, 3}, 1};
        char name[96];
        if (i == VKX_MAX_BUFFER_TARGETS) {
            ctx_fail(ctx, "more than %u ranges or formats of a buffer rendered into",
                     VKX_MAX_BUFFER_TARGETS);
            return false;
        }
        snprintf(name, sizeof(name), "%s's target twin", b->name);
        if (!(b->twins[i].tex = vkx_texture_create(ctx, &d, name))) {
            ctx_fail(ctx, "out of memory for a buffer's target");
            return false;
        }
        b->twins[i].offset = offset;
        b->twin_count++;
    }
    *out = (struct vkx_target){.tex = b->twins[i].tex, .buf = b, .offset = offset};
    return true;
}

uint64_t vkx_buffer_twin_bytes(const struct vkx_buffer *b)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < b->twin_count; i++)
        n += (uint64_t)b->twins[i].tex->desc.width *
             wire_format_get(b->twins[i].tex->desc.format)->block_bytes;
    return n;
}

/* A buffer target's bytes into its twin as its pass begins (in), or the
 * twin's back into them as it ends; outside a pass, after a barrier. */
static void twin_copy(struct vkx_ctx *ctx, const struct vkx_target *t, bool in)
{
    VkBufferImageCopy r = {.bufferOffset = t->offset,
                           .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                           .imageExtent = {t->tex->desc.width, 1, 1}};
    if (in)
        vkCmdCopyBufferToImage(ctx->cb, t->buf->cur.buffer, t->tex->image,
                               VK_IMAGE_LAYOUT_GENERAL, 1, &r);
    else
        vkCmdCopyImageToBuffer(ctx->cb, t->tex->image, VK_IMAGE_LAYOUT_GENERAL,
                               t->buf->cur.buffer, 1, &r);
    t->buf->cur.last_use = recording_value(ctx);
}
uint32_t vkx_buffer_usage(const struct vkx_buffer *b) { return b->usage; }

/* The timeline value the command buffer being recorded will signal. */
static uint64_t recording_value(struct vkx_ctx *ctx)
{
    return ctx->submitted + 1;
}

/* Moves the buffer to a version the GPU no longer reads. */
static bool rename_buffer(struct vkx_ctx *ctx, struct vkx_buffer *b)
{
    uint64_t done = completed_value(ctx);
    struct vkx_buffer_version fresh;
    unsigned i;

    for (i = 0; i < b->spare_count; i++)
        if (b->spare[i].last_use <= done)
            break;
    if (i < b->spare_count) {
        fresh = b->spare[i];
        b->spare[i] = b->cur;
    } else {
        if (!version_create(ctx, b, &fresh))
            return false;
        if (b->spare_count < VKX_MAX_SPARE_VERSIONS) {
            b->spare[b->spare_count++] = b->cur;
        } else {
            /* Too many versions in flight: wait for the oldest. */
            unsigned oldest = 0;
            for (unsigned j = 1; j < b->spare_count; j++)
                if (b->spare[j].last_use < b->spare[oldest].last_use)
                    oldest = j;
            if (b->spare[oldest].last_use > ctx->submitted)
                vkx_ctx_submit(ctx);
            wait_value(ctx, b->spare[oldest].last_use);
            version_destroy(ctx, &b->spare[oldest]);
            b->spare[oldest] = b->cur;
        }
    }
    b->cur = fresh;
    b->cur.last_use = 0;
    b->renames++;
    ctx->stats.renames++;
    return true;
}

bool vkx_buffer_write(struct vkx_ctx *ctx, struct vkx_buffer *b,
                      uint64_t offset, const void *data, uint32_t size,
                      uint32_t flags)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_chunk *c;
    uint64_t off;
    VkCommandBuffer cb;
    bool busy;

    if (!size)
        return true;
    busy = b->cur.last_use > completed_value(ctx);
    if ((flags & WIRE_WRITE_DISCARD) && busy && !b->twin_count) {
        if (!rename_buffer(ctx, b)) {
            ctx_fail(ctx, "out of memory renaming %s", b->name);
            return false;
        }
        busy = false;
    }
    if (!busy || (flags & WIRE_WRITE_NO_OVERWRITE)) {
        memcpy(b->cur.map + offset, data, size);
        ctx->stats.direct_writes++;
        return true;
    }
    /* The GPU may still read the range: order the write in the stream. */
    if (!ctx_stage(ctx, size, 16, &c, &off) || !(cb = ctx_cb(ctx))) {
        ctx_fail(ctx, "out of upload memory");
        return false;
    }
    memcpy(c->map + off, data, size);
    end_rendering(ctx);
    memory_barrier(cb);
    VkBufferCopy region = {off, offset, size};
    vkCmdCopyBuffer(cb, c->buffer, b->cur.buffer, 1, &region);
    memory_barrier(cb);
    b->cur.last_use = recording_value(ctx);
    ctx->stats.ordered_copies++;
    return true;
}

bool vkx_buffer_copy(struct vkx_ctx *ctx, struct vkx_buffer *dst, uint64_t dst_offset,
                     struct vkx_buffer *src, uint64_t src_offset, uint64_t size)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    VkCommandBuffer cb;

    if (!size)
        return true;
    if (!(cb = ctx_cb(ctx)))
        return false;
    end_rendering(ctx);
    memory_barrier(cb); /* the draws before read or wrote them */
    VkBufferCopy region = {src_offset, dst_offset, size};
    vkCmdCopyBuffer(cb, src->cur.buffer, dst->cur.buffer, 1, &region);
    memory_barrier(cb); /* before the draws after read them, or the host */
    src->cur.last_use = dst->cur.last_use = recording_value(ctx);
    ctx->stats.ordered_copies++;
    return true;
}

bool vkx_buffer_read(struct vkx_ctx *ctx, struct vkx_buffer *b, uint64_t offset,
                     uint32_t size, void *out)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    /* The GPU writes a buffer in copies, fills and as storage of draws
     * and dispatches, each followed by a barrier (storage draws: the end
     * of their pass) and each marking the buffer's last use: waiting for
     * that is enough. */
    if (b->cur.last_use > completed_value(ctx)) {
        if (b->cur.last_use > ctx->submitted && !vkx_ctx_submit(ctx))
            return false;
        if (!wait_value_bounded(ctx, b->cur.last_use))
            return false;
    }
    memcpy(out, b->cur.map + offset, size);
    return true;
}

/* ---------------------------------------------------------------- textures */

static const VkComponentSwizzle swizzles[WIRE_SWIZZLE_COUNT] = {
    VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B,
    VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE,
};

/* Compressed images cannot be cleared (vkCmdClearColorImage takes no
 * block formats): every level is copied from zeroed upload memory. */
static bool zero_compressed(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    const struct vkx_texture_desc *d = &t->desc;
    const struct wire_format_info *fi = wire_format_get(d->format);

    for (uint32_t level = 0; level < d->levels; level++) {
        uint32_t w = NR_MAX(d->width >> level, 1u), h = NR_MAX(d->height >> level, 1u);
        uint32_t z = d->type == WIRE_TEX_3D ? NR_MAX(d->depth >> level, 1u) : 1;
        uint64_t bw = (w + fi->block_w - 1) / fi->block_w, bh = (h + fi->block_h - 1) / fi->block_h;
        uint64_t size = bw * bh * fi->block_bytes * z * d->layers, off;
        struct vkx_chunk *c;
        if (!ctx_stage(ctx, size, 16, &c, &off)) {
            ctx_fail(ctx, "out of upload memory");
            return false;
        }
        memset(c->map + off, 0, size);
        VkBufferImageCopy r = {
            .bufferOffset = off,
            .imageSubresource = {t->aspect, level, 0, d->layers},
            .imageExtent = {w, h, z},
        };
        vkCmdCopyBufferToImage(ctx->cb, c->buffer, t->image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
    }
    return true;
}

/* The layers a texture's own sampled view covers: a cube map's whole
 * cubes (D3D11 allows layers past the last; 2D-array views read them). */
static uint32_t sampled_layers(const struct vkx_texture_desc *d)
{
    return d->type == WIRE_TEX_CUBE ? d->layers / 6 * 6 : d->layers;
}

/* The view type of a texture's own sampled view (`sampled`). */
static enum wire_texture_type own_view_type(const struct vkx_texture_desc *d)
{
    return d->samples > 1                                       ? WIRE_TEX_2D_MS
           : d->type == WIRE_TEX_CUBE && sampled_layers(d) > 6 ? WIRE_TEX_CUBE_ARRAY
           : d->type == WIRE_TEX_2D && d->layers > 1           ? WIRE_TEX_2D_ARRAY
           : d->type == WIRE_TEX_1D && d->layers > 1           ? WIRE_TEX_1D_ARRAY
                                                               : (enum wire_texture_type)d->type;
}

bool vkx_texture_whole_view(const struct vkx_texture *t, uint32_t view)
{
    return view == t->whole_view;
}

struct vkx_texture *vkx_texture_create(struct vkx_ctx *ctx,
                                       const struct vkx_texture_desc *desc,
                                       const char *name)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_device *dev = ctx->dev;
    struct vkx_texture *t = calloc(1, sizeof(*t));
    VkMemoryRequirements req;
    bool depth = is_depth_format(desc->format);
    uint32_t usage = desc->usage;

    if (!t)
        return NULL;
    t->desc = *desc;
    snprintf(t->name, sizeof(t->name), "%s", name ? name : "texture");
    t->vk_format = wire_to_vk_format(desc->format);
    t->aspect = depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    if (wire_format_get(desc->format)->stencil)
        t->aspect |= VK_IMAGE_ASPECT_STENCIL_BIT;
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        /* Views of other formats restrict their usage to what their
         * format has (VkImageViewUsageCreateInfo). */
        .flags = (desc->type == WIRE_TEX_CUBE ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0) |
                 /* A volume's slices are rendered into through 2D views. */
                 (desc->type == WIRE_TEX_3D && (usage & WIRE_TEX_COLOR_TARGET)
                      ? VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT
                      : 0) |
                 ((usage & WIRE_TEX_MUTABLE) ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT |
                                                   VK_IMAGE_CREATE_EXTENDED_USAGE_BIT
                                             : 0),
        .imageType = desc->type == WIRE_TEX_3D   ? VK_IMAGE_TYPE_3D
                     : desc->type == WIRE_TEX_1D ? VK_IMAGE_TYPE_1D
                                                 : VK_IMAGE_TYPE_2D,
        .format = t->vk_format,
        .extent = {desc->width, desc->height,
                   desc->type == WIRE_TEX_3D ? desc->depth : 1},
        .mipLevels = desc->levels,
        .arrayLayers = desc->layers,
        .samples = (VkSampleCountFlagBits)NR_MAX(desc->samples, 1u),
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 ((usage & WIRE_TEX_SAMPLED) ? VK_IMAGE_USAGE_SAMPLED_BIT : 0) |
                 ((usage & WIRE_TEX_COLOR_TARGET) ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT : 0) |
                 ((usage & WIRE_TEX_DEPTH_TARGET) ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : 0) |
                 ((usage & WIRE_TEX_STORAGE) ? VK_IMAGE_USAGE_STORAGE_BIT : 0),
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    /* A multisampled colour target the device can sample is sampled by
     * its sRGB resolves (resolve_srgb), sampled by the shaders or not. */
    if (desc->samples > 1 && (usage & WIRE_TEX_COLOR_TARGET) &&
        (dev->format_load_samples[desc->format] & desc->samples))
        ici.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
    t->can_sample = (ici.usage & VK_IMAGE_USAGE_SAMPLED_BIT) != 0;
    if (!VKX_CHECK(vkCreateImage(dev->device, &ici, NULL, &t->image)))
        goto fail;
    vkGetImageMemoryRequirements(dev->device, t->image, &req);
    if (!alloc_memory(dev, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                      &t->memory) ||
        !VKX_CHECK(vkBindImageMemory(dev->device, t->image, t->memory, 0)))
        goto fail;
    if (usage & WIRE_TEX_SAMPLED) {
        /* A view is for its use only where the image has storage too (a
         * format may be sampled and not stored). */
        VkImageViewUsageCreateInfo only_sampled = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
            .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
        };
        VkImageViewCreateInfo vci = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
            .pNext = (usage & WIRE_TEX_STORAGE) ? &only_sampled : NULL,
            .image = t->image,
            .viewType = desc->type == WIRE_TEX_CUBE
                            ? (sampled_layers(desc) > 6 ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY
                                                        : VK_IMAGE_VIEW_TYPE_CUBE)
                        : desc->type == WIRE_TEX_3D ? VK_IMAGE_VIEW_TYPE_3D
                        : desc->type == WIRE_TEX_1D
                            ? (desc->layers > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                : VK_IMAGE_VIEW_TYPE_1D)
                        : desc->layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                                           : VK_IMAGE_VIEW_TYPE_2D,
            .format = t->vk_format,
            .components = {swizzles[desc->swizzle[0]], swizzles[desc->swizzle[1]],
                           swizzles[desc->swizzle[2]], swizzles[desc->swizzle[3]]},
            /* Depth textures are sampled by their depth. */
            .subresourceRange = {depth ? VK_IMAGE_ASPECT_DEPTH_BIT : t->aspect, 0,
                                 desc->levels, 0, sampled_layers(desc)},
        };
        if (!VKX_CHECK(vkCreateImageView(dev->device, &vci, NULL, &t->sampled)))
            goto fail;
        set_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)t->sampled, t->name);
    }
    /* What the server's checks of SET_TEXTURE accept of a record naming
     * no range and no format: the own view of all levels and layers,
     * except a cube array (a device feature), a cube of other than six
     * layers and a multisampled array (their views name layers). */
    enum wire_texture_type own = own_view_type(desc);
    t->whole_view = t->sampled && own != WIRE_TEX_CUBE_ARRAY &&
                            (own != WIRE_TEX_CUBE || desc->layers == 6) &&
                            (own != WIRE_TEX_2D_MS || desc->layers == 1)
                        ? (uint8_t)own
                        : VKX_NO_VIEW;
    set_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)t->image, t->name);
    /* D3D9 leaves new contents undefined; Vulkan's UNDEFINED would let a
     * read-back see another context's old data: start from zero. */
    if (!ctx_cb(ctx))
        goto fail;
    end_rendering(ctx);
    to_general(ctx->cb, t);
    VkImageSubresourceRange range = {t->aspect, 0, desc->levels, 0, desc->layers};
    if (depth) {
        VkClearDepthStencilValue z = {1.0f, 0};
        vkCmdClearDepthStencilImage(ctx->cb, t->image, VK_IMAGE_LAYOUT_GENERAL, &z, 1,
                                    &range);
    } else if (!wire_format_get(desc->format)->compressed) {
        VkClearColorValue c = {{0, 0, 0, 0}};
        vkCmdClearColorImage(ctx->cb, t->image, VK_IMAGE_LAYOUT_GENERAL, &c, 1, &range);
    } else if (!zero_compressed(ctx, t)) {
        goto fail;
    }
    memory_barrier(ctx->cb);
    return t;
fail:
    vkx_texture_destroy(ctx, t);
    return NULL;
}

/* The view of one level and layer, for rendering and clears. */
static VkImageView target_view_locked(struct vkx_ctx *ctx, const struct vkx_target *target);

/* Views of a shared texture are made by the threads of its holders. */
static VkImageView target_view(struct vkx_ctx *ctx, const struct vkx_target *target)
{
    VkImageView view;
    if (!target->tex->shared)
        return target_view_locked(ctx, target);
    pthread_mutex_lock(&ctx->dev->share_lock);
    view = target_view_locked(ctx, target);
    pthread_mutex_unlock(&ctx->dev->share_lock);
    return view;
}

/* The format a target is rendered as. */
static uint32_t target_format(const struct vkx_target *t)
{
    return t->format ? t->format : t->tex->desc.format;
}

static VkImageView target_view_locked(struct vkx_ctx *ctx, const struct vkx_target *target)
{
    struct vkx_texture *t = target->tex;
    uint32_t level = target->level, layer = target->layer, format = target->format;
    uint32_t layers = NR_MAX(target->layers, 1u);
    VkImageView view;
    for (unsigned i = 0; i < t->target_count; i++)
        if (t->targets[i].level == level && t->targets[i].layer == layer &&
            t->targets[i].format == format && t->targets[i].layers == layers)
            return t->targets[i].view;
    if (t->target_count == VKX_MAX_TARGET_VIEWS) {
        ctx_fail(ctx, "too many render-target views of %s", t->name);
        return VK_NULL_HANDLE;
    }
    VkImageViewUsageCreateInfo only_target = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
    };
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .pNext = format || (t->desc.usage & WIRE_TEX_STORAGE) ? &only_target : NULL,
        .image = t->image,
        .viewType = t->desc.type == WIRE_TEX_1D
                        ? (layers > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D)
                        : (layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D),
        .format = format ? wire_to_vk_format(format) : t->vk_format,
        .subresourceRange = {t->aspect, level, 1, layer, layers},
    };
    if (!VKX_CHECK(vkCreateImageView(ctx->dev->device, &vci, NULL, &view))) {
        ctx_fail(ctx, "cannot create a view of %s", t->name);
        return VK_NULL_HANDLE;
    }
    set_name(ctx->dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)view, t->name);
    t->targets[t->target_count].level = level;
    t->targets[t->target_count].layer = layer;
    t->targets[t->target_count].format = format;
    t->targets[t->target_count].layers = layers;
    t->targets[t->target_count].view = view;
    t->target_count++;
    return view;
}

static void bind_null_texture(struct vkx_ctx *ctx, uint32_t slot);
static bool check_image_types(struct vkx_ctx *ctx, uint32_t mask, const uint8_t *types);

/* An empty storage slot (its resource went away). */
static void storage_unset(struct vkx_ctx *ctx, uint32_t slot)
{
    ctx->storage[slot] = (struct vkx_storage){.kind = WIRE_STORAGE_NONE,
                                              .format = WIRE_FORMAT_R32_UINT,
                                              .view_type = WIRE_TEX_2D};
    ctx->storage_set &= ~(1u << slot);
    ctx->texel_dirty = true;
}

/* Frees a texture no work uses any more, with its views. */
static void texture_free(VkDevice d, struct vkx_texture *t)
{
    for (unsigned i = 0; i < t->target_count; i++)
        vkDestroyImageView(d, t->targets[i].view, NULL);
    for (unsigned i = 0; i < t->view_count; i++)
        vkDestroyImageView(d, t->views[i].view, NULL);
    for (unsigned i = 0; i < t->storage_view_count; i++)
        vkDestroyImageView(d, t->storage_views[i].view, NULL);
    vkDestroyImageView(d, t->sampled, NULL);
    vkDestroyImage(d, t->image, NULL);
    vkFreeMemory(d, t->memory, NULL);
    free(t);
}

/* Adds ctx to t's holders (making t shared); false when it has the most. */
static bool share_hold(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    struct vkx_device *dev = ctx->dev;
    bool ok = false;
    pthread_mutex_lock(&dev->share_lock);
    if (t->holder_count < WIRE_MAX_SHARE_HOLDERS &&
        (t->shared || nr_array_reserve((void **)&dev->shared, &dev->shared_cap,
                                        dev->shared_count + 1, sizeof(*dev->shared)))) {
        if (!t->shared) {
            dev->shared[dev->shared_count++] = t;
            t->shared = true;
            t->holders[t->holder_count++] = ctx; /* the creator */
        } else {
            t->holders[t->holder_count++] = ctx;
        }
        ctx->shared_held++;
        ok = true;
    }
    pthread_mutex_unlock(&dev->share_lock);
    return ok;
}

bool vkx_texture_share(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    return !t->shared && share_hold(ctx, t);
}

bool vkx_texture_open_shared(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    ctx->state_serial++;
    return t->shared && share_hold(ctx, t);
}

/* ctx's handle goes; true when it was the last (the caller frees t). */
static bool share_let_go(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    struct vkx_device *dev = ctx->dev;
    bool last;
    pthread_mutex_lock(&dev->share_lock);
    for (unsigned h = 0; h < t->holder_count; h++)
        if (t->holders[h] == ctx) {
            t->holders[h] = t->holders[--t->holder_count];
            ctx->shared_held--;
            break;
        }
    last = t->holder_count == 0;
    if (last)
        for (size_t i = 0; i < dev->shared_count; i++)
            if (dev->shared[i] == t) {
                dev->shared[i] = dev->shared[--dev->shared_count];
                break;
            }
    pthread_mutex_unlock(&dev->share_lock);
    return last;
}

void vkx_texture_destroy(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!t)
        return;
    if (ctx->cb)
        vkx_ctx_submit(ctx);
    wait_value(ctx, ctx->submitted);
    for (unsigned i = 0; i < ctx->color_count; i++)
        if (ctx->color[i].tex == t)
            ctx->color[i] = (struct vkx_target){0};
    if (ctx->depth.tex == t)
        ctx->depth.tex = NULL;
    for (unsigned i = 0; i < WIRE_MAX_TEXTURE_SLOTS; i++)
        if (ctx->image_tex[i] == t)
            bind_null_texture(ctx, i);
    table_forget(ctx, t, VK_NULL_HANDLE);
    if ((ctx->options & WIRE_CONTEXT_CHECK) && ctx->table)
        check_table_forgot(ctx, t);
    for (unsigned i = 0; i < WIRE_MAX_STORAGE_SLOTS; i++)
        if (ctx->storage[i].tex == t)
            storage_unset(ctx, i);
    if (t->shared && !share_let_go(ctx, t))
        return; /* another handle holds it; this context's work on it is done */
    texture_free(ctx->dev->device, t);
}

const struct vkx_texture_desc *vkx_texture_get_desc(const struct vkx_texture *t)
{
    return &t->desc;
}

bool vkx_texture_is_bound(struct vkx_ctx *ctx, const struct vkx_texture *t)
{
    for (unsigned i = 0; i < ctx->color_count; i++)
        if (ctx->color[i].tex == t)
            return true;
    return ctx->depth.tex == t;
}

static VkImageAspectFlags copy_aspect(const struct vkx_texture *t)
{
    /* Buffer copies take one aspect at a time; depth only for now. */
    return (t->aspect & VK_IMAGE_ASPECT_COLOR_BIT) ? VK_IMAGE_ASPECT_COLOR_BIT
                                                   : VK_IMAGE_ASPECT_DEPTH_BIT;
}

/* The tight size of a region's rows and slices, in bytes and blocks. */
static void region_layout(const struct vkx_texture *t, const struct wire_texture_region *r,
                          uint64_t *row, uint32_t *rows, uint64_t *slice)
{
    const struct wire_format_info *fi = wire_format_get(t->desc.format);
    uint32_t bw = (r->width + fi->block_w - 1) / fi->block_w;
    *rows = (r->height + fi->block_h - 1) / fi->block_h;
    *row = (uint64_t)bw * fi->block_bytes;
    *slice = *row * *rows;
}

static VkBufferImageCopy region_copy(const struct vkx_texture *t,
                                     const struct wire_texture_region *r,
                                     uint64_t buffer_offset)
{
    return (VkBufferImageCopy){
        .bufferOffset = buffer_offset,
        .imageSubresource = {copy_aspect(t), r->level, r->layer, 1},
        .imageOffset = {(int32_t)r->x, (int32_t)r->y, (int32_t)r->z},
        .imageExtent = {r->width, r->height, NR_MAX(r->depth, 1u)},
    };
}

bool vkx_texture_write(struct vkx_ctx *ctx, struct vkx_texture *t,
                       const struct wire_texture_region *r, const uint8_t *src)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_chunk *c;
    uint64_t off, row, slice;
    uint32_t rows, depth = NR_MAX(r->depth, 1u);

    if (!r->width || !r->height)
        return true;
    region_layout(t, r, &row, &rows, &slice);
    const struct wire_format_info *fi = wire_format_get(t->desc.format);
    /* D32S8's 8-byte texels: the depth aspect takes their first 4 bytes;
     * D24S8 kept as D32S8: their low 24 bits, as floats. */
    bool to_float = d24s8_in_float(t->desc.format);
    bool repack = (fi->stencil && fi->block_bytes == 8) || to_float;
    uint64_t texels = (uint64_t)r->width * r->height * depth;
    if (!ctx_stage(ctx, repack ? texels * 4 : slice * depth, 16, &c, &off) || !ctx_cb(ctx)) {
        ctx_fail(ctx, "out of upload memory");
        return false;
    }
    for (uint32_t z = 0; z < depth; z++)
        for (uint32_t i = 0; i < rows; i++) {
            const uint8_t *line = src + (uint64_t)z * r->slice_pitch + (uint64_t)i * r->row_pitch;
            if (!repack) {
                memcpy(c->map + off + z * slice + i * row, line, row);
                continue;
            }
            for (uint32_t x = 0; x < r->width; x++) {
                uint8_t *to = c->map + off + (((uint64_t)z * r->height + i) * r->width + x) * 4;
                if (to_float) {
                    uint32_t v;
                    memcpy(&v, line + (uint64_t)x * 4, 4);
                    float d = (float)((double)(v & 0xffffffu) / 16777215.0);
                    memcpy(to, &d, 4);
                } else {
                    memcpy(to, line + (uint64_t)x * 8, 4);
                }
            }
        }
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    VkBufferImageCopy region = region_copy(t, r, off);
    vkCmdCopyBufferToImage(ctx->cb, c->buffer, t->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                           &region);
    if (fi->stencil) {
        /* D3D's layouts carry the stencil in a byte of each texel (D24S8's
         * top byte, D32S8's fifth); Vulkan copies the aspects apart: the
         * depth copy above read the low 24 bits or the float, the stencil
         * goes from a byte a texel. */
        uint32_t at = fi->block_bytes == 8 ? 4 : 3;
        uint64_t soff;
        struct vkx_chunk *sc;
        if (!ctx_stage(ctx, texels, 16, &sc, &soff)) {
            ctx_fail(ctx, "out of upload memory");
            return false;
        }
        for (uint32_t z = 0; z < depth; z++)
            for (uint32_t y = 0; y < r->height; y++)
                for (uint32_t x = 0; x < r->width; x++)
                    sc->map[soff + ((uint64_t)z * r->height + y) * r->width + x] =
                        src[(uint64_t)z * r->slice_pitch + (uint64_t)y * r->row_pitch +
                            (uint64_t)x * fi->block_bytes + at];
        region.bufferOffset = soff;
        region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
        vkCmdCopyBufferToImage(ctx->cb, sc->buffer, t->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                               &region);
    }
    memory_barrier(ctx->cb);
    return true;
}

/* Records a copy of the region into a chunk; the caller submits and waits. */
static bool record_read(struct vkx_ctx *ctx, struct vkx_texture *t,
                        const struct wire_texture_region *r, struct vkx_chunk **c,
                        uint64_t *off)
{
    uint64_t row, slice;
    uint32_t rows;

    region_layout(t, r, &row, &rows, &slice);
    if (!ctx_stage(ctx, slice * NR_MAX(r->depth, 1u), 16, c, off) || !ctx_cb(ctx)) {
        ctx_fail(ctx, "out of read-back memory");
        return false;
    }
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    VkBufferImageCopy region = region_copy(t, r, *off);
    vkCmdCopyImageToBuffer(ctx->cb, t->image, VK_IMAGE_LAYOUT_GENERAL, (*c)->buffer, 1,
                           &region);
    memory_barrier(ctx->cb); /* transfer write -> host read */
    return true;
}

bool vkx_texture_copy(struct vkx_ctx *ctx, struct vkx_texture *dst, uint32_t dst_level,
                      uint32_t dst_layer, const uint32_t dst_xyz[3], struct vkx_texture *src,
                      uint32_t src_level, uint32_t src_layer, const uint32_t src_xyz[3],
                      const uint32_t extent[3])
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    bool d3 = src->desc.type == WIRE_TEX_3D, dd3 = dst->desc.type == WIRE_TEX_3D;
    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    memory_barrier(ctx->cb); /* the draws before wrote or read them */
    VkImageCopy c = {
        .srcSubresource = {src->aspect, src_level, d3 ? 0 : src_layer, 1},
        .srcOffset = {(int32_t)src_xyz[0], (int32_t)src_xyz[1], d3 ? (int32_t)src_xyz[2] : 0},
        .dstSubresource = {dst->aspect, dst_level, dd3 ? 0 : dst_layer, 1},
        .dstOffset = {(int32_t)dst_xyz[0], (int32_t)dst_xyz[1], dd3 ? (int32_t)dst_xyz[2] : 0},
        .extent = {extent[0], extent[1], extent[2]},
    };
    if (src->aspect != dst->aspect) {
        /* A depth format and a colour one of its bytes (D16 and R16, D32
         * and R32: D3D11 copies within a typeless family), which images
         * do not copy between: through a buffer. */
        struct vkx_chunk *chunk;
        uint64_t off, texel = wire_format_get(src->desc.format)->block_bytes;
        if (!ctx_stage(ctx, texel * extent[0] * extent[1] * extent[2], 16, &chunk, &off)) {
            ctx_fail(ctx, "out of staging memory for a copy of %s", src->name);
            return false;
        }
        VkBufferImageCopy out = {off, 0, 0, c.srcSubresource, c.srcOffset, c.extent};
        VkBufferImageCopy in = {off, 0, 0, c.dstSubresource, c.dstOffset, c.extent};
        vkCmdCopyImageToBuffer(ctx->cb, src->image, VK_IMAGE_LAYOUT_GENERAL, chunk->buffer, 1,
                               &out);
        memory_barrier(ctx->cb);
        vkCmdCopyBufferToImage(ctx->cb, chunk->buffer, dst->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                               &in);
    } else {
        vkCmdCopyImage(ctx->cb, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image,
                       VK_IMAGE_LAYOUT_GENERAL, 1, &c);
    }
    memory_barrier(ctx->cb); /* before the draws after read them */
    return true;
}

bool vkx_texture_read(struct vkx_ctx *ctx, struct vkx_texture *t,
                      const struct wire_texture_region *r, uint8_t *dst)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_chunk *c;
    uint64_t off, row, slice;
    uint32_t rows, depth = NR_MAX(r->depth, 1u);

    if (!r->width || !r->height)
        return true;
    region_layout(t, r, &row, &rows, &slice);
    const struct wire_format_info *fi = wire_format_get(t->desc.format);
    bool stencil = fi->stencil; /* D24S8 or D32S8: the stencil merged below */
    bool from_float = d24s8_in_float(t->desc.format);
    bool repack = (fi->stencil && fi->block_bytes == 8) || from_float;
    uint32_t at = fi->block_bytes == 8 ? 4 : 3;
    struct vkx_chunk *sc = NULL;
    uint64_t soff = 0, texels = (uint64_t)r->width * r->height * depth;
    if (!record_read(ctx, t, r, &c, &off))
        return false;
    if (stencil) {
        /* The stencil aspect apart (a byte a texel), merged into the
         * texels' top byte below, as D3D lays D24S8 out. */
        if (!ctx_stage(ctx, texels, 16, &sc, &soff)) {
            ctx_fail(ctx, "out of read-back memory");
            return false;
        }
        VkBufferImageCopy region = region_copy(t, r, soff);
        region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
        vkCmdCopyImageToBuffer(ctx->cb, t->image, VK_IMAGE_LAYOUT_GENERAL, sc->buffer, 1,
                               &region);
        memory_barrier(ctx->cb);
    }
    if (!vkx_ctx_submit(ctx) || !wait_value_bounded(ctx, ctx->submitted))
        return false;
    for (uint32_t z = 0; z < depth; z++)
        for (uint32_t i = 0; i < rows; i++) {
            uint8_t *line = dst + (uint64_t)z * r->slice_pitch + (uint64_t)i * r->row_pitch;
            if (!repack) {
                memcpy(line, c->map + off + z * slice + i * row, row);
                continue;
            }
            /* D32S8: the depth copy wrote 4 bytes a texel; D24S8 kept as
             * D32S8: floats, to 24 bits */
            for (uint32_t x = 0; x < r->width; x++) {
                const uint8_t *from =
                    c->map + off + (((uint64_t)z * r->height + i) * r->width + x) * 4;
                if (from_float) {
                    float d;
                    memcpy(&d, from, 4);
                    d = d < 0 ? 0 : d > 1 ? 1 : d;
                    uint32_t v = (uint32_t)((double)d * 16777215.0 + 0.5);
                    memcpy(line + (uint64_t)x * 4, &v, 4);
                } else {
                    memcpy(line + (uint64_t)x * 8, from, 4);
                    memset(line + (uint64_t)x * 8 + 4, 0, 4);
                }
            }
        }
    if (stencil)
        for (uint32_t z = 0; z < depth; z++)
            for (uint32_t y = 0; y < r->height; y++)
                for (uint32_t x = 0; x < r->width; x++)
                    dst[(uint64_t)z * r->slice_pitch + (uint64_t)y * r->row_pitch +
                        (uint64_t)x * fi->block_bytes + at] =
                        sc->map[soff + ((uint64_t)z * r->height + y) * r->width + x];
    return true;
}

bool vkx_generate_mips(struct vkx_ctx *ctx, struct vkx_texture *t, uint32_t first_level,
                       uint32_t levels, uint32_t first_layer, uint32_t layers)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    const struct vkx_texture_desc *d = &t->desc;

    if (levels < 2)
        return true;
    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    for (uint32_t l = first_level + 1; l < first_level + levels; l++) {
        VkImageBlit b = {
            .srcSubresource = {t->aspect, l - 1, first_layer, layers},
            .srcOffsets = {{0, 0, 0},
                           {(int32_t)NR_MAX(d->width >> (l - 1), 1u),
                            (int32_t)NR_MAX(d->height >> (l - 1), 1u),
                            d->type == WIRE_TEX_3D ? (int32_t)NR_MAX(d->depth >> (l - 1), 1u) : 1}},
            .dstSubresource = {t->aspect, l, first_layer, layers},
            .dstOffsets = {{0, 0, 0},
                           {(int32_t)NR_MAX(d->width >> l, 1u),
                            (int32_t)NR_MAX(d->height >> l, 1u),
                            d->type == WIRE_TEX_3D ? (int32_t)NR_MAX(d->depth >> l, 1u) : 1}},
        };
        vkCmdBlitImage(ctx->cb, t->image, VK_IMAGE_LAYOUT_GENERAL, t->image,
                       VK_IMAGE_LAYOUT_GENERAL, 1, &b, VK_FILTER_LINEAR);
        memory_barrier(ctx->cb);
    }
    return true;
}

/* A fragment shader of the device's layout averaging the `samples` samples
 * of set 0's combined sampler NR_BIND_FS_SAMPLER0 (a multisampled 2D view)
 * at the fragment's pixel plus the push constants' first two words (an
 * ivec2).  Read and written through sRGB views, the average is linear. */
static bool resolve_fragment_shader(uint32_t samples, uint32_t **words, size_t *count)
{
    struct spv_builder b;
    bool ok;
    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    spv_set_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    uint32_t t_void = spv_type_void(&b), t_fn = spv_type_function(&b, t_void, NULL, 0);
    uint32_t t_f = spv_type_float(&b, 32), t_i = spv_type_int(&b, 32, true);
    uint32_t t_v4 = spv_type_vec(&b, t_f, 4), t_v2 = spv_type_vec(&b, t_f, 2);
    uint32_t t_i2 = spv_type_vec(&b, t_i, 2);
    uint32_t t_img = spv_type_image(&b, t_f, SpvDim2D, 0, false, true, 1, SpvImageFormatUnknown);
    uint32_t t_simg = spv_type_sampled_image(&b, t_img);
    uint32_t ms = spv_global_variable(&b, t_simg, SpvStorageClassUniformConstant, 0);
    spv_decorate_descriptor_set(&b, ms, 0);
    spv_decorate_binding(&b, ms, NR_BIND_FS_SAMPLER0);
    uint32_t t_pc = spv_type_struct_unique(&b, (const uint32_t[]){t_i2}, 1);
    spv_decorate_block(&b, t_pc);
    spv_member_offset(&b, t_pc, 0, 0);
    uint32_t pc = spv_global_variable(&b, t_pc, SpvStorageClassPushConstant, 0);
    uint32_t coord = spv_global_variable(&b, t_v4, SpvStorageClassInput, 0);
    spv_decorate_builtin(&b, coord, SpvBuiltInFragCoord);
    uint32_t out = spv_global_variable(&b, t_v4, SpvStorageClassOutput, 0);
    spv_decorate_location(&b, out, 0);
    uint32_t fn = spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    uint32_t fc = spv_load(&b, t_v4, coord);
    uint32_t xy = spv_vector_shuffle(&b, t_v2, fc, fc, (const uint32_t[]){0, 1}, 2);
    uint32_t ixy = spv_unop(&b, SpvOpConvertFToS, t_i2, xy);
    uint32_t off = spv_load(&b, t_i2,
                            spv_access_chain(&b, spv_type_pointer(&b, SpvStorageClassPushConstant,
                                                                  t_i2),
                                             pc, (const uint32_t[]){spv_const_i32(&b, 0)}, 1));
    uint32_t at = spv_binop(&b, SpvOpIAdd, t_i2, ixy, off);
    uint32_t img = spv_unop(&b, SpvOpImage, t_img, spv_load(&b, t_simg, ms));
    uint32_t sum = 0;
    for (uint32_t i = 0; i < samples; i++) {
        uint32_t v = spv_op(&b, SpvOpImageFetch, t_v4,
                            (const uint32_t[]){img, at, SpvImageOperandsSampleMask,
                                               spv_const_i32(&b, (int32_t)i)},
                            4);
        sum = i ? spv_fadd(&b, t_v4, sum, v) : v;
    }
    spv_store(&b, out, spv_vector_times_scalar(&b, t_v4, sum,
                                               spv_const_f32(&b, 1.0f / (float)samples)));
    spv_op(&b, SpvOpReturn, 0, NULL, 0);
    spv_function_end(&b);
    spv_entry_point(&b, SpvExecutionModelFragment, fn, "main", (const uint32_t[]){coord, out}, 2);
    spv_execution_mode(&b, fn, SpvExecutionModeOriginUpperLeft, NULL, 0);
    ok = spv_finish(&b, words, count);
    spv_builder_cleanup(&b);
    return ok;
}

/* The resolve pipeline of a format and sample count (VK_NULL_HANDLE when
 * it cannot be made). */
static VkPipeline resolve_pipeline(struct vkx_device *dev, VkFormat format, uint32_t samples)
{
    VkPipeline p = VK_NULL_HANDLE;
    pthread_mutex_lock(&dev->resolve_lock);
    for (unsigned i = 0; i < dev->resolve_count && !p; i++)
        if (dev->resolves[i].format == format && dev->resolves[i].samples == samples)
            p = dev->resolves[i].pipeline;
    if (!p && dev->resolve_count < NR_ARRAY_SIZE(dev->resolves)) {
        uint32_t *vw = NULL, *fw = NULL;
        size_t vn = 0, fn = 0;
        VkShaderModule vs = VK_NULL_HANDLE, fs = VK_NULL_HANDLE;
        if (bias_vertex_shader(&vw, &vn) && resolve_fragment_shader(samples, &fw, &fn)) {
            VkShaderModuleCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                            .codeSize = vn * 4, .pCode = vw};
            VkShaderModuleCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                            .codeSize = fn * 4, .pCode = fw};
            if (VKX_CHECK(vkCreateShaderModule(dev->device, &vci, NULL, &vs)) &&
                VKX_CHECK(vkCreateShaderModule(dev->device, &fci, NULL, &fs))) {
                VkPipelineShaderStageCreateInfo st[2] = {
                    {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                     .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main"},
                    {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                     .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main"}};
                VkPipelineVertexInputStateCreateInfo vi = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
                VkPipelineInputAssemblyStateCreateInfo ia = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
                    .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
                VkPipelineViewportStateCreateInfo vps = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                    .viewportCount = 1, .scissorCount = 1};
                VkPipelineRasterizationStateCreateInfo rs = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                    .polygonMode = VK_POLYGON_MODE_FILL, .cullMode = VK_CULL_MODE_NONE,
                    .lineWidth = 1.0f};
                VkPipelineMultisampleStateCreateInfo msi = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                    .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
                VkPipelineColorBlendAttachmentState a = {.colorWriteMask = 0xf};
                VkPipelineColorBlendStateCreateInfo cbs = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                    .attachmentCount = 1, .pAttachments = &a};
                static const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT,
                                                     VK_DYNAMIC_STATE_SCISSOR};
                VkPipelineDynamicStateCreateInfo ds = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                    .dynamicStateCount = 2, .pDynamicStates = dyn};
                VkPipelineRenderingCreateInfo pri = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                    .colorAttachmentCount = 1, .pColorAttachmentFormats = &format};
                VkGraphicsPipelineCreateInfo gci = {
                    .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &pri,
                    .stageCount = 2, .pStages = st, .pVertexInputState = &vi,
                    .pInputAssemblyState = &ia, .pViewportState = &vps,
                    .pRasterizationState = &rs, .pMultisampleState = &msi,
                    .pColorBlendState = &cbs, .pDynamicState = &ds, .layout = dev->layout};
                if (VKX_CHECK(vkCreateGraphicsPipelines(dev->device, dev->cache, 1, &gci, NULL,
                                                        &p)))
                    dev->resolves[dev->resolve_count++] =
                        (__typeof__(dev->resolves[0])){format, samples, p};
                else
                    p = VK_NULL_HANDLE;
            }
        }
        vkDestroyShaderModule(dev->device, vs, NULL);
        vkDestroyShaderModule(dev->device, fs, NULL);
        free(vw);
        free(fw);
    }
    pthread_mutex_unlock(&dev->resolve_lock);
    return p;
}

static bool vk_format_srgb(VkFormat f)
{
    return f == VK_FORMAT_R8G8B8A8_SRGB || f == VK_FORMAT_B8G8R8A8_SRGB ||
           f == VK_FORMAT_A8B8G8R8_SRGB_PACK32;
}

/* A resolve through views of `format`: Vulkan's resolves may average an
 * sRGB format's encoded values, where D3D averages linear ones, and
 * resolve only between images of one format.  A draw of the device's
 * layout (so the context's other sets stay bound) reads each sample
 * through a view of the format and writes the average through one; the
 * context binds and sets everything again for its next draw. */
static bool resolve_draw(struct vkx_ctx *ctx, const struct vkx_target *src,
                         const int32_t src_rect[4], const struct vkx_target *dst,
                         const int32_t dst_rect[4], uint32_t format)
{
    struct vkx_view_range range = {src->level, 1, src->layer, 1, format};
    struct vkx_target t = {dst->tex, dst->level, dst->layer, format, 1};
    VkPipeline p = resolve_pipeline(ctx->dev, wire_to_vk_format(format), src->tex->desc.samples);
    VkImageView sv = sampled_view(ctx, src->tex, WIRE_TEX_2D_MS, &range);
    VkImageView dv = target_view(ctx, &t);
    uint32_t w = (uint32_t)(dst_rect[2] - dst_rect[0]), h = (uint32_t)(dst_rect[3] - dst_rect[1]);
    int32_t off[2] = {src_rect[0] - dst_rect[0], src_rect[1] - dst_rect[1]};
    if (!ctx->null_sampler) {
        struct wire_create_sampler d = {.max_anisotropy = 1, .max_lod = 1000.0f};
        ctx->null_sampler = vkx_sampler_create(ctx, &d, "empty slot sampler");
    }
    if (!p || !sv || !dv || !ctx->null_sampler) {
        ctx_fail(ctx, "a resolve as format %u cannot be made here", format);
        return false;
    }
    VkRenderingAttachmentInfo color = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = dv,
        .imageLayout = VK_IMAGE_LAYOUT_GENERAL, .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
        .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
    VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                          .renderArea = {{dst_rect[0], dst_rect[1]}, {w, h}},
                          .layerCount = 1, .colorAttachmentCount = 1,
                          .pColorAttachments = &color};
    VkDescriptorImageInfo ii = {ctx->null_sampler->sampler, sv, VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                               .dstBinding = NR_BIND_FS_SAMPLER0, .descriptorCount = 1,
                               .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                               .pImageInfo = &ii};
    VkViewport vp = {(float)dst_rect[0], (float)dst_rect[1], (float)w, (float)h, 0, 1};
    VkRect2D sc = {{dst_rect[0], dst_rect[1]}, {w, h}};
    vkCmdBeginRendering(ctx->cb, &ri);
    vkCmdBindPipeline(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
    ctx->dev->push_descriptors(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, ctx->dev->layout, 0, 1,
                               &wr);
    vkCmdPushConstants(ctx->cb, ctx->dev->layout,
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof(off), off);
    vkCmdSetViewport(ctx->cb, 0, 1, &vp);
    vkCmdSetScissor(ctx->cb, 0, 1, &sc);
    vkCmdDraw(ctx->cb, 3, 1, 0, 0);
    vkCmdEndRendering(ctx->cb);
    memory_barrier(ctx->cb);
    forget_bindings(ctx);
    return true;
}

bool vkx_blit(struct vkx_ctx *ctx, const struct vkx_target *src,
              const int32_t src_rect[4], const struct vkx_target *dst,
              const int32_t dst_rect[4], enum wire_filter filter)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    if (src->tex->desc.samples > 1) {
        /* A multisampled source resolves (the caller made the sizes and
         * view formats agree and the destination single-sampled); through
         * sRGB views in linear values, between images of two formats (of
         * one family) by a draw. */
        uint32_t format = src->format ? src->format : src->tex->desc.format;
        if ((vk_format_srgb(wire_to_vk_format(format)) && src->tex->can_sample) ||
            src->tex->desc.format != dst->tex->desc.format)
            return resolve_draw(ctx, src, src_rect, dst, dst_rect, format);
        VkImageResolve r = {
            .srcSubresource = {src->tex->aspect, src->level, src->layer, 1},
            .srcOffset = {src_rect[0], src_rect[1], 0},
            .dstSubresource = {dst->tex->aspect, dst->level, dst->layer, 1},
            .dstOffset = {dst_rect[0], dst_rect[1], 0},
            .extent = {(uint32_t)(src_rect[2] - src_rect[0]),
                       (uint32_t)(src_rect[3] - src_rect[1]), 1},
        };
        vkCmdResolveImage(ctx->cb, src->tex->image, VK_IMAGE_LAYOUT_GENERAL,
                          dst->tex->image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
        memory_barrier(ctx->cb);
        return true;
    }
    VkImageBlit b = {
        .srcSubresource = {src->tex->aspect, src->level, src->layer, 1},
        .srcOffsets = {{src_rect[0], src_rect[1], 0}, {src_rect[2], src_rect[3], 1}},
        .dstSubresource = {dst->tex->aspect, dst->level, dst->layer, 1},
        .dstOffsets = {{dst_rect[0], dst_rect[1], 0}, {dst_rect[2], dst_rect[3], 1}},
    };
    vkCmdBlitImage(ctx->cb, src->tex->image, VK_IMAGE_LAYOUT_GENERAL, dst->tex->image,
                   VK_IMAGE_LAYOUT_GENERAL, 1, &b,
                   filter == WIRE_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
    memory_barrier(ctx->cb);
    return true;
}

/* ---------------------------------------------------------------- samplers */

static const VkSamplerAddressMode address_modes[WIRE_ADDRESS_COUNT] = {
    VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
    VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE,
};

struct vkx_sampler *vkx_sampler_create(struct vkx_ctx *ctx,
                                       const struct wire_create_sampler *d,
                                       const char *name)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_device *dev = ctx->dev;
    struct vkx_sampler *s = calloc(1, sizeof(*s));
    VkSamplerCustomBorderColorCreateInfoEXT cb = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
        .format = VK_FORMAT_UNDEFINED,
    };
    bool border = d->address_u == WIRE_ADDRESS_BORDER ||
                  d->address_v == WIRE_ADDRESS_BORDER ||
                  d->address_w == WIRE_ADDRESS_BORDER;
    VkSamplerCreateInfo sci = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = d->mag_filter == WIRE_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
        .minFilter = d->min_filter == WIRE_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
        .mipmapMode = d->mip_filter == WIRE_MIP_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                       : VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = address_modes[d->address_u],
        .addressModeV = address_modes[d->address_v],
        .addressModeW = address_modes[d->address_w],
        .mipLodBias = d->lod_bias,
        .anisotropyEnable = d->max_anisotropy > 1,
        .maxAnisotropy = (float)d->max_anisotropy,
        .minLod = d->min_lod,
        /* D3DTEXF_NONE as the mip filter: level min_lod only. */
        .maxLod = d->mip_filter == WIRE_MIP_NONE ? d->min_lod : d->max_lod,
        .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
        /* A D3D9 shadow map: 1 where the reference is at or before the
         * stored depth. */
        .compareEnable = d->compare != 0,
        .compareOp = d->compare ? (VkCompareOp)(d->compare - 1) : VK_COMPARE_OP_NEVER,
    };

    if (!s)
        return NULL;
    if (border) {
        if (dev->custom_border) {
            memcpy(cb.customBorderColor.float32, d->border, sizeof(d->border));
            sci.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
            sci.pNext = &cb;
        } else {
            /* The nearest fixed border: opaque white or black, or clear. */
            sci.borderColor = d->border[3] < 0.5f ? VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK
                              : d->border[0] > 0.5f ? VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE
                                                    : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
        }
    }
    if (!VKX_CHECK(vkCreateSampler(dev->device, &sci, NULL, &s->sampler))) {
        free(s);
        return NULL;
    }
    s->filters = !sci.compareEnable &&
                 (sci.magFilter == VK_FILTER_LINEAR || sci.minFilter == VK_FILTER_LINEAR ||
                  sci.mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR);
    s->ci = sci;
    s->border = cb;
    set_name(dev, VK_OBJECT_TYPE_SAMPLER, (uint64_t)s->sampler, name);
    return s;
}

/* The sampler for a view of `format`: s's own, or its nearest twin where
 * the device does not filter the format; VK_NULL_HANDLE when the twin
 * cannot be made. */
/* The sampler s is for views of `format`, where it is made already:
 * VK_NULL_HANDLE when its nearest twin is still to make (sampler_for). */
static inline VkSampler sampler_made(const struct vkx_ctx *ctx, const struct vkx_sampler *s,
                                     uint32_t format)
{
    if (!s->filters || (ctx->dev->format_features[format] & WIRE_FEAT_FILTER))
        return s->sampler;
    return s->nearest;
}

static VkSampler sampler_for(struct vkx_ctx *ctx, struct vkx_sampler *s, uint32_t format)
{
    struct vkx_device *dev = ctx->dev;
    if (!s->filters || (dev->format_features[format] & WIRE_FEAT_FILTER))
        return s->sampler;
    if (!s->nearest) {
        VkSamplerCreateInfo ci = s->ci;
        ci.magFilter = ci.minFilter = VK_FILTER_NEAREST;
        ci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
        ci.pNext = ci.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT ? &s->border : NULL;
        if (!VKX_CHECK(vkCreateSampler(dev->device, &ci, NULL, &s->nearest)))
            return VK_NULL_HANDLE;
    }
    return s->nearest;
}

void vkx_sampler_destroy(struct vkx_ctx *ctx, struct vkx_sampler *s)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!s)
        return;
    /* Descriptors already pushed hold the sampler until their submission
     * retires. */
    if (ctx->cb)
        vkx_ctx_submit(ctx);
    wait_value(ctx, ctx->submitted);
    for (unsigned i = 0; i < WIRE_MAX_TEXTURE_SLOTS; i++)
        if (ctx->images[i].sampler == s->sampler && s != ctx->null_sampler)
            bind_null_texture(ctx, i);
    for (unsigned i = 0; i < WIRE_MAX_TEXTURE_SLOTS && s->nearest; i++)
        if (ctx->images[i].sampler == s->nearest)
            bind_null_texture(ctx, i);
    if (s != ctx->null_sampler) {
        table_forget(ctx, NULL, s->sampler);
        if (s->nearest)
            table_forget(ctx, NULL, s->nearest);
    }
    vkDestroySampler(ctx->dev->device, s->sampler, NULL);
    if (s->nearest)
        vkDestroySampler(ctx->dev->device, s->nearest, NULL);
    free(s);
}

static struct vkx_texture *null_texture(struct vkx_ctx *ctx, enum wire_texture_type view)
{
    static const uint8_t black[4] = {0, 0, 0, 255}; /* B8G8R8A8: (0, 0, 0, 1) */
    const char *names[WIRE_TEX_TYPE_COUNT] = {"empty slot 2D", "empty slot cube",
                                              "empty slot 3D", "empty slot 2D array",
                                              "empty slot 1D", "empty slot 1D array",
                                              "empty slot 2D multisampled",
                                              "empty slot cube array"};
    struct vkx_texture_desc d = {
        .format = WIRE_FORMAT_B8G8R8A8_UNORM,
        .type = view == WIRE_TEX_2D_ARRAY     ? WIRE_TEX_2D
                : view == WIRE_TEX_1D_ARRAY   ? WIRE_TEX_1D
                : view == WIRE_TEX_CUBE_ARRAY ? WIRE_TEX_CUBE
                                              : view,
        .width = 1, .height = 1,
        .depth = 1, .layers = view == WIRE_TEX_CUBE || view == WIRE_TEX_CUBE_ARRAY ? 6 : 1,
        .levels = 1,
        .usage = WIRE_TEX_SAMPLED, .samples = 1,
        .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A},
    };
    struct vkx_texture *t;

    if (ctx->null_tex[view])
        return ctx->null_tex[view];
    if (!(t = vkx_texture_create(ctx, &d, names[view])))
        return NULL;
    for (uint32_t layer = 0; layer < d.layers; layer++) {
        struct wire_texture_region r = {.layer = layer, .width = 1, .height = 1, .depth = 1,
                                        .row_pitch = 4, .slice_pitch = 4};
        if (!vkx_texture_write(ctx, t, &r, black)) {
            vkx_texture_destroy(ctx, t);
            return NULL;
        }
    }
    return ctx->null_tex[view] = t;
}

/* An empty slot, or one whose texture or sampler went away. */
/* The view of t a shader samples as `view` over `range` (NULL: all of
 * t): its own view, or one made once and kept with it; VK_NULL_HANDLE
 * when it cannot be made. */
static VkImageView sampled_view(struct vkx_ctx *ctx, struct vkx_texture *t,
                                enum wire_texture_type view, const struct vkx_view_range *range)
{
    static const VkImageViewType types[WIRE_TEX_TYPE_COUNT] = {
        VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, VK_IMAGE_VIEW_TYPE_3D,
        VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_VIEW_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY,
        VK_IMAGE_VIEW_TYPE_2D /* of a multisampled image */, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY};
    struct vkx_device *dev = ctx->dev;
    const struct vkx_texture_desc *d = &t->desc;
    const struct vkx_view_range all = {0, d->levels, 0, sampled_layers(d)};
    enum wire_texture_type own = own_view_type(d);
    VkImageView v = VK_NULL_HANDLE;

    if (!range)
        range = &all;
    /* Field by field: the caller just stored the range in 32-bit words,
     * which a wider load of memcmp would wait for (a texture change a
     * draw makes this the server's hottest line). */
    if (view == own && !range->first_level && range->levels == d->levels &&
        !range->first_layer && range->layers == all.layers && !range->format)
        return t->sampled;
    VkImageViewUsageCreateInfo only_sampled = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
        .usage = VK_IMAGE_USAGE_SAMPLED_BIT,
    };
    if (t->shared)
        pthread_mutex_lock(&dev->share_lock);
    for (unsigned i = 0; i < t->view_count && !v; i++)
        if (t->views[i].type == (uint32_t)view && !memcmp(&t->views[i].range, range, sizeof(*range)))
            v = t->views[i].view;
    /* A depth-stencil texture's stencil (WIRE_FORMAT_X24_G8_UINT): its
     * stencil aspect, the value (Vulkan's red) in green. */
    bool stencil = range->format == WIRE_FORMAT_X24_G8_UINT;
    if (!v && t->view_count < VKX_MAX_TARGET_VIEWS) {
        VkImageViewCreateInfo vci = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
            .pNext = range->format || (d->usage & WIRE_TEX_STORAGE) ? &only_sampled : NULL,
            .image = t->image,
            .viewType = types[view],
            .format = range->format && !stencil ? wire_to_vk_format(range->format)
                                                : t->vk_format,
            .components = {swizzles[d->swizzle[0]], swizzles[d->swizzle[1]],
                           swizzles[d->swizzle[2]], swizzles[d->swizzle[3]]},
            .subresourceRange = {stencil                     ? VK_IMAGE_ASPECT_STENCIL_BIT
                                 : is_depth_format(d->format) ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                              : t->aspect,
                                 range->first_level, range->levels, range->first_layer,
                                 range->layers},
        };
        if (stencil)
            vci.components = (VkComponentMapping){
                VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ZERO,
                VK_COMPONENT_SWIZZLE_ONE};
        if (VKX_CHECK(vkCreateImageView(dev->device, &vci, NULL, &v))) {
            set_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)v, t->name);
            t->views[t->view_count].range = *range;
            t->views[t->view_count].type = view;
            t->views[t->view_count++].view = v;
        } else {
            v = VK_NULL_HANDLE;
        }
    }
    if (t->shared)
        pthread_mutex_unlock(&dev->share_lock);
    return v;
}

/* After images[slot] changed: set 0's slots are pushed again (and looked
 * up in the texture table), the other stages' rewrite set 1. */
static void slot_changed(struct vkx_ctx *ctx, uint32_t slot)
{
    if (slot < WIRE_SET0_TEXTURE_SLOTS) {
        uint32_t b = 1u << (NR_BIND_FS_SAMPLER0 + slot);
        ctx->desc_valid = ctx->images_valid >> slot & 1 ? ctx->desc_valid | b
                                                        : ctx->desc_valid & ~b;
        ctx->desc_dirty |= b;
        ctx->table_slots |= 1u << slot;
    } else {
        ctx->texel_dirty = true;
    }
}

static void bind_null_texture(struct vkx_ctx *ctx, uint32_t slot)
{
    /* An empty multisampled slot is a null view (the device has null
     * descriptors where such views are offered: format_load_samples). */
    bool ms = ctx->image_view[slot] == WIRE_TEX_2D_MS;
    struct vkx_texture *t = ms ? NULL : null_texture(ctx, ctx->image_view[slot]);
    VkImageView view = t ? sampled_view(ctx, t, ctx->image_view[slot], NULL) : VK_NULL_HANDLE;
    if (!ctx->null_sampler) {
        struct wire_create_sampler d = {.max_anisotropy = 1, .max_lod = 1000.0f};
        ctx->null_sampler = vkx_sampler_create(ctx, &d, "empty slot sampler");
    }
    ctx->image_tex[slot] = NULL;
    if ((view || (ms && ctx->dev->null_descriptor)) && ctx->null_sampler) {
        ctx->images[slot] = (VkDescriptorImageInfo){ctx->null_sampler->sampler, view,
                                                    VK_IMAGE_LAYOUT_GENERAL};
        ctx->images_valid |= 1u << slot;
    } else {
        ctx->images[slot] = (VkDescriptorImageInfo){0};
        ctx->images_valid &= ~(1u << slot);
    }
    slot_changed(ctx, slot);
}

/* Slot `slot` samples view v of t through sampler. */
static inline void bind_texture(struct vkx_ctx *ctx, uint32_t slot, struct vkx_texture *t,
                                VkSampler sampler, VkImageView v)
{
    ctx->image_tex[slot] = t;
    ctx->images[slot] = (VkDescriptorImageInfo){sampler, v, VK_IMAGE_LAYOUT_GENERAL};
    ctx->images_valid |= 1u << slot;
    slot_changed(ctx, slot);
}

static bool __attribute__((noinline))
set_texture_slow(struct vkx_ctx *ctx, uint32_t slot, enum wire_texture_type view,
                 struct vkx_texture *t, struct vkx_sampler *s, const struct vkx_view_range *range)
{
    VkImageView v;
    if (!t || !s || !t->sampled) {
        bind_null_texture(ctx, slot);
        return true;
    }
    if (!(v = range ? sampled_view(ctx, t, view, range) : t->sampled)) {
        ctx_fail(ctx, "cannot make a view of %s (or it has %u already)", t->name,
                 VKX_MAX_TARGET_VIEWS);
        return false;
    }
    VkSampler sampler = sampler_for(ctx, s, range && range->format ? range->format
                                                                     : t->desc.format);
    if (!sampler) {
        ctx_fail(ctx, "cannot make a sampler of nearest filters");
        return false;
    }
    bind_texture(ctx, slot, t, sampler, v);
    return true;
}

bool vkx_set_texture(struct vkx_ctx *ctx, uint32_t slot, enum wire_texture_type view,
                     struct vkx_texture *t, struct vkx_sampler *s,
                     const struct vkx_view_range *range)
{
    VkSampler sampler;
    ctx->texture_serial++; /* see vkx_draw's fast path */
    /* The view type fits the texture (the caller checked it); an empty
     * slot takes the type the shader samples it as. */
    ctx->image_view[slot] = (uint8_t)view;
    /* All of t, through a sampler made for it: stores alone. */
    if (t && s && t->sampled && !range && (sampler = sampler_made(ctx, s, t->desc.format))) {
        bind_texture(ctx, slot, t, sampler, t->sampled);
        return true;
    }
    return set_texture_slow(ctx, slot, view, t, s, range);
}

/* Every slot holds a descriptor: the empty texture of its type where none
 * was set.  Set 1's slots are written whole (set 0's only where valid): an
 * empty multisampled slot of a device without null descriptors, which
 * check_image_types lets no shader read, holds the empty 2D texture. */
static void fill_empty_slots(struct vkx_ctx *ctx)
{
    _Static_assert(WIRE_MAX_TEXTURE_SLOTS == 32, "images_valid: a bit per slot");
    for (uint32_t empty = ~ctx->images_valid; empty; empty &= empty - 1) {
        uint32_t slot = (uint32_t)__builtin_ctz(empty);
        bind_null_texture(ctx, slot);
        if (slot >= WIRE_STAGE_TEXTURE_SLOT0 && !(ctx->images_valid >> slot & 1)) {
            ctx->image_view[slot] = WIRE_TEX_2D;
            bind_null_texture(ctx, slot);
        }
    }
}

/* ----------------------------------------------------------- texture table */

/* binding.h's set 2.  D3D9's modules sample slot k as table[entry], entry
 * word k of the draw's bind set, so that a texture change between two draws
 * changes no state on the device: the draws stay one multi-draw, each
 * naming its bind set through DrawIndex.  An entry is a (view, sampler)
 * pair, placed at the first draw that binds it and kept while it is in use
 * (the hash below finds it again); a full table gives up the entry whose
 * last submission retired first.  Bind sets and the draws' words live in a
 * ring of host memory that retires with the submissions, written anew in
 * each command buffer that reads them. */

static uint32_t table_bucket(VkImageView view)
{
    uint64_t h = (uint64_t)view * 0x9e3779b97f4a7c15ull;
    return (uint32_t)(h >> 40) & (VKX_TABLE_HASH - 1);
}

static void table_write(struct vkx_ctx *ctx, uint32_t e)
{
    struct vkx_table *t = ctx->table;
    VkDescriptorImageInfo ii = {t->entries[e].sampler, t->entries[e].view,
                                VK_IMAGE_LAYOUT_GENERAL};
    VkWriteDescriptorSet w = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
        .dstSet = t->set,
        .dstBinding = NR_TABLE_BIND_SAMPLERS,
        .dstArrayElement = e,
        .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
        .pImageInfo = &ii,
    };
    vkUpdateDescriptorSets(ctx->dev->device, 1, &w, 0, NULL);
    ctx->stats.table_writes++;
}

/* Entry e names the command buffer being recorded. */
static void table_touch(struct vkx_ctx *ctx, uint32_t e)
{
    struct vkx_table *t = ctx->table;
    uint64_t rec = recording_value(ctx);
    if (t->entries[e].last_use == rec)
        return;
    t->entries[e].last_use = rec;
    if (t->cb_entries_serial != rec) {
        t->cb_entries_serial = rec;
        t->cb_entries = 0;
    }
    t->cb_entries++;
}

/* Gives entry e up: it holds the empty pair again (no submission that may
 * still run names it: the caller made sure). */
static void table_free(struct vkx_ctx *ctx, uint32_t e)
{
    struct vkx_table *t = ctx->table;
    uint16_t *link = &t->buckets[table_bucket(t->entries[e].view)];
    while (*link != e && *link != VKX_NO_ENTRY)
        link = &t->entries[*link].next;
    if (*link == e)
        *link = t->entries[e].next;
    t->entries[e].view = t->entries[0].view;
    t->entries[e].sampler = t->entries[0].sampler;
    t->entries[e].used = false;
    t->entries[e].next = VKX_NO_ENTRY;
    table_write(ctx, e);
    t->free_list[t->free_count++] = (uint16_t)e;
}

/* The entry holding (view, sampler): found, or written into a free one. */
static bool table_entry(struct vkx_ctx *ctx, VkImageView view, VkSampler sampler,
                        uint32_t *out)
{
    struct vkx_table *t = ctx->table;
    uint32_t b = table_bucket(view), e;

    for (e = t->buckets[b]; e != VKX_NO_ENTRY; e = t->entries[e].next)
        if (t->entries[e].view == view && t->entries[e].sampler == sampler) {
            *out = e;
            return true;
        }
    if (!t->free_count) {
        /* Full: the entry whose last submission retired first; none that
         * the command buffer being recorded names (the slice ends before
         * it could name them all: vkx_ctx_slice_full). */
        uint64_t rec = recording_value(ctx), best = UINT64_MAX;
        uint32_t pick = 0;
        for (uint32_t i = 1; i < NR_TABLE_SIZE; i++)
            if (t->entries[i].used && t->entries[i].last_use < rec &&
                t->entries[i].last_use < best) {
                best = t->entries[i].last_use;
                pick = i;
            }
        if (!pick) {
            ctx_fail(ctx, "the texture table is full: one command buffer names %u textures "
                          "and samplers", NR_TABLE_SIZE);
            return false;
        }
        if (!wait_value(ctx, best))
            return false;
        table_free(ctx, pick);
    }
    e = t->free_list[--t->free_count];
    t->entries[e].view = view;
    t->entries[e].sampler = sampler;
    t->entries[e].used = true;
    t->entries[e].last_use = 0;
    t->entries[e].next = t->buckets[b];
    t->buckets[b] = (uint16_t)e;
    table_write(ctx, e);
    *out = e;
    return true;
}

/* Space for `bytes` in the ring of words (a word offset in *word), waiting
 * for the submissions that read the oldest data when it is full. */
static bool table_make_room(struct vkx_ctx *ctx, uint64_t bytes)
{
    struct vkx_table *t = ctx->table;
    while (t->head + bytes - t->tail > VKX_TABLE_DATA_BYTES) {
        if (!t->mark_count) {
            ctx_fail(ctx, "the texture table's words of one command buffer exceed %u bytes",
                     VKX_TABLE_DATA_BYTES);
            return false;
        }
        if (!wait_value(ctx, t->marks[t->mark_first].value))
            return false;
        t->tail = t->marks[t->mark_first].pos;
        t->mark_first = (t->mark_first + 1) % VKX_TABLE_MARKS;
        t->mark_count--;
    }
    return true;
}

static inline bool table_alloc(struct vkx_ctx *ctx, uint32_t bytes, uint32_t *word)
{
    struct vkx_table *t = ctx->table;
    uint64_t off = t->head % VKX_TABLE_DATA_BYTES;
    uint64_t skip = off + bytes > VKX_TABLE_DATA_BYTES ? VKX_TABLE_DATA_BYTES - off : 0;

    if (__builtin_expect(t->head + skip + bytes - t->tail > VKX_TABLE_DATA_BYTES, 0) &&
        !table_make_room(ctx, skip + bytes))
        return false;
    t->head += skip;
    *word = (uint32_t)(t->head % VKX_TABLE_DATA_BYTES / 4);
    t->head += bytes;
    return true;
}

/* After a submission: its words end at the head. */
static void table_mark(struct vkx_ctx *ctx, uint64_t value)
{
    struct vkx_table *t = ctx->table;
    uint64_t done = completed_value(ctx);
    unsigned last;

    while (t->mark_count && (t->marks[t->mark_first].value <= done ||
                             t->mark_count == VKX_TABLE_MARKS)) {
        wait_value(ctx, t->marks[t->mark_first].value); /* done, or the oldest of a full list */
        t->tail = t->marks[t->mark_first].pos;
        t->mark_first = (t->mark_first + 1) % VKX_TABLE_MARKS;
        t->mark_count--;
    }
    last = (t->mark_first + t->mark_count + VKX_TABLE_MARKS - 1) % VKX_TABLE_MARKS;
    if (t->mark_count ? t->marks[last].pos == t->head : t->tail == t->head)
        return; /* it wrote nothing */
    last = (t->mark_first + t->mark_count++) % VKX_TABLE_MARKS;
    t->marks[last].pos = t->head;
    t->marks[last].value = value;
}

static void table_destroy(struct vkx_ctx *ctx)
{
    struct vkx_table *t = ctx->table;
    VkDevice d = ctx->dev->device;
    if (!t)
        return;
    vkDestroyDescriptorPool(d, t->pool, NULL);
    vkDestroyBuffer(d, t->buffer, NULL);
    vkFreeMemory(d, t->memory, NULL);
    free(t->pending);
    free(t);
    ctx->table = NULL;
}

/* The context's table: its set, its ring, every entry the empty pair.
 * Before the pass: the empty texture may be made here. */
static bool table_create(struct vkx_ctx *ctx)
{
    struct vkx_device *dev = ctx->dev;
    struct vkx_texture *empty = null_texture(ctx, WIRE_TEX_2D);
    VkImageView view = empty ? sampled_view(ctx, empty, WIRE_TEX_2D, NULL) : VK_NULL_HANDLE;
    VkDescriptorImageInfo *infos = NULL;
    struct vkx_table *t;
    char name[64];

    if (!ctx->null_sampler) {
        struct wire_create_sampler sd = {.max_anisotropy = 1, .max_lod = 1000.0f};
        ctx->null_sampler = vkx_sampler_create(ctx, &sd, "empty slot sampler");
    }
    if (!view || !ctx->null_sampler || !(t = calloc(1, sizeof(*t))))
        return false;
    ctx->table = t;
    const VkDescriptorPoolSize sizes[2] = {
        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, NR_TABLE_SIZE},
        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
    VkDescriptorPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
        .flags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT,
        .maxSets = 1,
        .poolSizeCount = 2,
        .pPoolSizes = sizes,
    };
    VkDescriptorSetAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorSetCount = 1,
        .pSetLayouts = &dev->table_set_layout,
    };
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = VKX_TABLE_DATA_BYTES,
        .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
    };
    VkMemoryRequirements req;
    if (!VKX_CHECK(vkCreateDescriptorPool(dev->device, &pci, NULL, &t->pool)))
        goto fail;
    ai.descriptorPool = t->pool;
    if (!VKX_CHECK(vkAllocateDescriptorSets(dev->device, &ai, &t->set)) ||
        !VKX_CHECK(vkCreateBuffer(dev->device, &bci, NULL, &t->buffer)))
        goto fail;
    vkGetBufferMemoryRequirements(dev->device, t->buffer, &req);
    if (!alloc_memory(dev, req,
                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &t->memory) ||
        !VKX_CHECK(vkBindBufferMemory(dev->device, t->buffer, t->memory, 0)) ||
        !VKX_CHECK(vkMapMemory(dev->device, t->memory, 0, VK_WHOLE_SIZE, 0, (void **)&t->map)))
        goto fail;
    snprintf(name, sizeof(name), "ctx%u texture table", ctx->id);
    set_name(dev, VK_OBJECT_TYPE_DESCRIPTOR_SET, (uint64_t)t->set, name);
    snprintf(name, sizeof(name), "ctx%u texture table words", ctx->id);
    set_name(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)t->buffer, name);
    if (!(infos = malloc(NR_TABLE_SIZE * sizeof(*infos))))
        goto fail;
    for (uint32_t i = 0; i < NR_TABLE_SIZE; i++)
        infos[i] = (VkDescriptorImageInfo){ctx->null_sampler->sampler, view,
                                           VK_IMAGE_LAYOUT_GENERAL};
    VkDescriptorBufferInfo bi = {t->buffer, 0, VK_WHOLE_SIZE};
    const VkWriteDescriptorSet w[2] = {
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = t->set,
         .dstBinding = NR_TABLE_BIND_SAMPLERS,
         .descriptorCount = NR_TABLE_SIZE,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = infos},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = t->set,
         .dstBinding = NR_TABLE_BIND_DATA,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &bi}};
    vkUpdateDescriptorSets(dev->device, 2, w, 0, NULL);
    free(infos);
    for (uint32_t i = 0; i < VKX_TABLE_HASH; i++)
        t->buckets[i] = VKX_NO_ENTRY;
    for (uint32_t i = 0; i < NR_TABLE_SIZE; i++) {
        t->entries[i].view = view;
        t->entries[i].sampler = ctx->null_sampler->sampler;
        t->entries[i].next = VKX_NO_ENTRY;
    }
    t->entries[0].used = true;
    t->buckets[table_bucket(view)] = 0;
    for (uint32_t i = NR_TABLE_SIZE - 1; i > 0; i--)
        t->free_list[t->free_count++] = (uint16_t)i;
    t->words_changed = true;
    ctx->table_slots = (1u << WIRE_SET0_TEXTURE_SLOTS) - 1;
    return true;
fail:
    table_destroy(ctx);
    return false;
}

/* Before a draw of a table pipeline (in the pass): every slot's entry, the
 * bind set naming them written in this command buffer, set 2 bound. */
static bool table_prepare(struct vkx_ctx *ctx)
{
    struct vkx_table *t = ctx->table;
    uint32_t dirty = ctx->table_slots;

    /* A new command buffer looks every slot up again (forget_bindings), so
     * that every entry its bind sets name is marked as its own. */
    while (dirty) {
        uint32_t slot = (uint32_t)__builtin_ctz(dirty), e = 0;
        dirty &= dirty - 1;
        if ((ctx->images_valid & (1u << slot)) &&
            !table_entry(ctx, ctx->images[slot].imageView, ctx->images[slot].sampler, &e))
            return false;
        table_touch(ctx, e);
        if (t->words[slot] != e) {
            t->words[slot] = e;
            t->words_changed = true;
        }
    }
    ctx->table_slots = 0;
    if (t->words_changed) {
        uint32_t w;
        if (!table_alloc(ctx, sizeof(t->words), &w))
            return false;
        /* In 16-byte pieces: copied inline, where one memcpy of the whole
         * is a library call costing more than the copy. */
        _Static_assert(sizeof(t->words) % 16 == 0, "bind sets of 16-byte pieces");
#pragma GCC unroll 8
        for (size_t i = 0; i < sizeof(t->words); i += 16)
            memcpy(t->map + (uint64_t)w * 4 + i, (const uint8_t *)t->words + i, 16);
        t->bindset = w;
        t->bindset_cb = ctx->cb_serial;
        t->words_changed = false;
        ctx->stats.bind_sets++;
    }
    if (t->bound_cb != ctx->cb_serial) {
        vkCmdBindDescriptorSets(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, ctx->dev->layout,
                                NR_TABLE_SET, 1, &t->set, 0, NULL);
        t->bound_cb = ctx->cb_serial;
        ctx->rec.table_cb = ctx->cb_serial;
        ctx->rec.epoch++;
    }
    return true;
}

_Static_assert(WIRE_PUSH_CLIENT_BYTES <= NR_PUSH_DRAW_BASE &&
                   NR_PUSH_DRAW_BASE + 4 <= WIRE_PUSH_CONSTANT_BYTES,
               "the draw base is the server's push constant word");

/* The push constant a table draw finds its bind set's word by. */
static void table_push_base(struct vkx_ctx *ctx, uint32_t base)
{
    vkCmdPushConstants(ctx->cb, ctx->dev->layout,
                       VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                       NR_PUSH_DRAW_BASE, 4, &base);
    memcpy(ctx->push + NR_PUSH_DRAW_BASE, &base, 4);
    memcpy(ctx->rec.push + NR_PUSH_DRAW_BASE, &base, 4);
}

/* Before a draw recorded alone (not queued): its word, and its base. */
static bool table_single(struct vkx_ctx *ctx)
{
    uint32_t w;
    if (!ctx->bound || !ctx->bound->table)
        return true;
    if (!table_alloc(ctx, 4, &w))
        return false;
    memcpy(ctx->table->map + (uint64_t)w * 4, &ctx->table->bindset, 4);
    table_push_base(ctx, w);
    return true;
}

/* Texture or sampler destroyed (the context's work on it done): the
 * entries naming it are given up. */
static void table_forget(struct vkx_ctx *ctx, const struct vkx_texture *tex, VkSampler sampler)
{
    struct vkx_table *t = ctx->table;
    if (!t)
        return;
    if (sampler) {
        for (uint32_t e = 1; e < NR_TABLE_SIZE; e++)
            if (t->entries[e].used && t->entries[e].sampler == sampler)
                table_free(ctx, e);
    } else {
        for (unsigned v = 0; v <= tex->view_count; v++) {
            VkImageView view = v < tex->view_count ? tex->views[v].view : tex->sampled;
            uint32_t e = t->buckets[table_bucket(view)];
            while (e != VKX_NO_ENTRY) {
                uint32_t next = t->entries[e].next;
                if (e && t->entries[e].view == view)
                    table_free(ctx, e);
                e = next;
            }
        }
    }
    for (uint32_t s = 0; s < NR_BINDSET_WORDS; s++)
        if (!t->entries[t->words[s]].used) {
            t->words[s] = 0;
            t->words_changed = true;
        }
}

/* The check mode's look at a destroyed texture: no entry of the table may
 * hold a view of it (a driver may give a later view its handle, and the
 * entry would be found for that one). */
static void check_table_forgot(struct vkx_ctx *ctx, const struct vkx_texture *tex)
{
    const struct vkx_table *t = ctx->table;
    for (uint32_t e = 1; e < NR_TABLE_SIZE; e++) {
        if (!t->entries[e].used)
            continue;
        for (unsigned v = 0; v <= tex->view_count; v++)
            if (t->entries[e].view == (v < tex->view_count ? tex->views[v].view : tex->sampled))
                check_report(ctx, "table entry %u holds a view of %s, which is destroyed", e,
                             tex->name);
    }
}

bool vkx_device_texture_table(const struct vkx_device *dev)
{
    return dev->table;
}

/* ------------------------------------------------------------ texel buffers */

static VkBufferView find_texel_view(const struct vkx_buffer_version *v, uint32_t format,
                                    uint64_t offset, uint64_t size)
{
    for (unsigned i = 0; i < v->view_count; i++)
        if (v->views[i].format == format && v->views[i].offset == offset &&
            v->views[i].size == size)
            return v->views[i].view;
    return VK_NULL_HANDLE;
}

/* The view of the buffer's current version, made at first need. */
static VkBufferView texel_view(struct vkx_ctx *ctx, struct vkx_buffer *b, uint32_t format,
                               uint64_t offset, uint64_t size)
{
    struct vkx_buffer_version *v = &b->cur;
    struct vkx_texel_view *grown;
    VkBufferView view = find_texel_view(v, format, offset, size);

    if (view)
        return view;
    if (v->view_count >= VKX_MAX_TEXEL_VIEWS) {
        ctx_fail(ctx, "%s has %u texel buffer views already", b->name, VKX_MAX_TEXEL_VIEWS);
        return VK_NULL_HANDLE;
    }
    if (!(grown = realloc(v->views, (v->view_count + 1) * sizeof(*grown)))) {
        ctx_fail(ctx, "out of memory");
        return VK_NULL_HANDLE;
    }
    v->views = grown;
    VkBufferViewCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
        .buffer = v->buffer,
        .format = wire_to_vk_format((enum wire_format)format),
        .offset = offset,
        .range = size,
    };
    if (!VKX_CHECK(vkCreateBufferView(ctx->dev->device, &ci, NULL, &view))) {
        ctx_fail(ctx, "cannot make a texel buffer view of %s", b->name);
        return VK_NULL_HANDLE;
    }
    v->views[v->view_count++] = (struct vkx_texel_view){format, offset, size, view};
    return view;
}

bool vkx_set_texel_buffer(struct vkx_ctx *ctx, uint32_t slot, struct vkx_buffer *b,
                          uint32_t format, uint64_t offset, uint64_t size)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    ctx->texel[slot].buf = b;
    if (b)
        ctx->texel_set |= 1u << slot;
    else
        ctx->texel_set &= ~(1u << slot);
    ctx->texel[slot].format = format;
    ctx->texel[slot].offset = offset;
    ctx->texel[slot].size = size;
    /* The view is the draw's to find (the buffer may be renamed first). */
    ctx->texel_views[slot] = VK_NULL_HANDLE;
    ctx->texel_dirty = true;
    return true;
}

#define VKX_TEXEL_POOL_SETS 256
#define VKX_MAX_TEXEL_POOLS 64

/* A set of the texel layout that this command buffer may use. */
static VkDescriptorSet texel_set_alloc(struct vkx_ctx *ctx)
{
    struct vkx_device *dev = ctx->dev;
    struct vkx_texel_pool *p = ctx->texel_pool_count ? &ctx->texel_pools[ctx->texel_pool_cur]
                                                     : NULL;
    VkDescriptorSet set = VK_NULL_HANDLE;
    if (!p || p->used == VKX_TEXEL_POOL_SETS) {
        uint64_t done = completed_value(ctx);
        unsigned i;
        p = NULL;
        for (i = 0; i < ctx->texel_pool_count && !p; i++)
            if (ctx->texel_pools[i].busy_until <= done)
                p = &ctx->texel_pools[i];
        if (p) {
            vkResetDescriptorPool(dev->device, p->pool, 0);
            p->used = 0;
        } else if (ctx->texel_pool_count < VKX_MAX_TEXEL_POOLS) {
            struct vkx_texel_pool *grown =
                realloc(ctx->texel_pools, (ctx->texel_pool_count + 1) * sizeof(*grown));
            VkDescriptorPoolSize size[5] = {
                {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, VKX_TEXEL_POOL_SETS * NR_TEXEL_COUNT},
                {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
                 VKX_TEXEL_POOL_SETS * 2 * NR_MAX_STORAGE}, /* views and counters */
                {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VKX_TEXEL_POOL_SETS * NR_MAX_STORAGE},
                {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                 VKX_TEXEL_POOL_SETS * (NR_BIND_COUNTER0 - NR_BIND_HS_UBO +
                                        NR_BIND_STAGE_SAMPLER0 - NR_BIND_STAGE_UBO0)},
                {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                 VKX_TEXEL_POOL_SETS * 3 * NR_MAX_STAGE_SAMPLERS},
            };
            VkDescriptorPoolCreateInfo ci = {
                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                .maxSets = VKX_TEXEL_POOL_SETS,
                .poolSizeCount = 5,
                .pPoolSizes = size,
            };
            if (!grown)
                return VK_NULL_HANDLE;
            ctx->texel_pools = grown;
            p = &grown[ctx->texel_pool_count];
            memset(p, 0, sizeof(*p));
            if (!VKX_CHECK(vkCreateDescriptorPool(dev->device, &ci, NULL, &p->pool)))
                return VK_NULL_HANDLE;
            ctx->texel_pool_count++;
        } else {
            /* Every pool is in flight: wait for the oldest. */
            p = &ctx->texel_pools[0];
            for (i = 1; i < ctx->texel_pool_count; i++)
                if (ctx->texel_pools[i].busy_until < p->busy_until)
                    p = &ctx->texel_pools[i];
            if (p->busy_until > ctx->submitted || !wait_value_bounded(ctx, p->busy_until))
                return VK_NULL_HANDLE; /* this command buffer's own: cannot wait */
            vkResetDescriptorPool(dev->device, p->pool, 0);
            p->used = 0;
        }
        ctx->texel_pool_cur = (unsigned)(p - ctx->texel_pools);
    }
    VkDescriptorSetAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
        .descriptorPool = p->pool,
        .descriptorSetCount = 1,
        .pSetLayouts = &dev->texel_set_layout,
    };
    if (!VKX_CHECK(vkAllocateDescriptorSets(dev->device, &ai, &set)))
        return VK_NULL_HANDLE;
    p->used++;
    p->busy_until = recording_value(ctx);
    return set;
}

static VkBufferView null_texel_view(struct vkx_ctx *ctx)
{
    if (!ctx->null_texel &&
        !(ctx->null_texel = vkx_buffer_create(ctx, 16, WIRE_BUF_TEXEL, "empty texel slot")))
        return VK_NULL_HANDLE;
    return texel_view(ctx, ctx->null_texel, WIRE_FORMAT_R32G32B32A32_SFLOAT, 0, 16);
}

/* The storage view of a level of t: of a type (1D, 1D_ARRAY, 2D,
 * 2D_ARRAY, 3D), layers and format (0: its own), made once and kept. */
static VkImageView storage_view(struct vkx_ctx *ctx, struct vkx_texture *t, uint32_t type,
                                uint32_t level, uint32_t first_layer, uint32_t layers,
                                uint32_t format)
{
    static const VkImageViewType types[WIRE_TEX_TYPE_COUNT] = {
        VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, VK_IMAGE_VIEW_TYPE_3D,
        VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_VIEW_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY};
    struct vkx_device *dev = ctx->dev;
    VkImageView v = VK_NULL_HANDLE;
    if (t->shared)
        pthread_mutex_lock(&dev->share_lock);
    for (unsigned i = 0; i < t->storage_view_count && !v; i++)
        if (t->storage_views[i].type == type && t->storage_views[i].level == level &&
            t->storage_views[i].first_layer == first_layer &&
            t->storage_views[i].layers == layers && t->storage_views[i].format == format)
            v = t->storage_views[i].view;
    if (!v && t->storage_view_count < VKX_MAX_TARGET_VIEWS) {
        /* Storage views read the texels as they are: no swizzle. */
        VkImageViewUsageCreateInfo only_storage = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
            .usage = VK_IMAGE_USAGE_STORAGE_BIT,
        };
        VkImageViewCreateInfo vci = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
            .pNext = &only_storage,
            .image = t->image,
            .viewType = types[type],
            .format = format ? wire_to_vk_format(format) : t->vk_format,
            .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1,
                                 type == WIRE_TEX_3D ? 0 : first_layer,
                                 type == WIRE_TEX_3D ? 1 : layers},
        };
        if (VKX_CHECK(vkCreateImageView(dev->device, &vci, NULL, &v))) {
            set_name(dev, VK_OBJECT_TYPE_IMAGE_VIEW, (uint64_t)v, t->name);
            t->storage_views[t->storage_view_count].type = type;
            t->storage_views[t->storage_view_count].level = level;
            t->storage_views[t->storage_view_count].first_layer = first_layer;
            t->storage_views[t->storage_view_count].layers = layers;
            t->storage_views[t->storage_view_count].format = format;
            t->storage_views[t->storage_view_count++].view = v;
        } else {
            v = VK_NULL_HANDLE;
        }
    }
    if (t->shared)
        pthread_mutex_unlock(&dev->share_lock);
    if (!v)
        ctx_fail(ctx, "cannot make a storage view of %s (or it has %u already)", t->name,
                 VKX_MAX_TARGET_VIEWS);
    return v;
}

/* What an empty storage slot holds: of a format read as unsigned, signed
 * or float words (R32_UINT, R32_SINT, R32_SFLOAT), a 16-byte buffer's
 * view, or a 1x1 image's view of the type. */
static uint32_t null_storage_index(uint32_t format)
{
    return format == WIRE_FORMAT_R32_SINT ? 1 : format == WIRE_FORMAT_R32_SFLOAT ? 2 : 0;
}

static VkBufferView null_storage_buffer(struct vkx_ctx *ctx, uint32_t format)
{
    static const uint32_t formats[3] = {WIRE_FORMAT_R32_UINT, WIRE_FORMAT_R32_SINT,
                                        WIRE_FORMAT_R32_SFLOAT};
    if (!ctx->null_storage &&
        !(ctx->null_storage = vkx_buffer_create(ctx, 16, WIRE_BUF_STORAGE, "empty storage")))
        return VK_NULL_HANDLE;
    return texel_view(ctx, ctx->null_storage, formats[null_storage_index(format)], 0, 16);
}

static VkImageView null_storage_image(struct vkx_ctx *ctx, uint32_t type, uint32_t format)
{
    static const uint32_t formats[3] = {WIRE_FORMAT_R32_UINT, WIRE_FORMAT_R32_SINT,
                                        WIRE_FORMAT_R32_SFLOAT};
    uint32_t f = null_storage_index(format);
    struct vkx_texture **t = &ctx->null_storage_img[type][f];
    if (!*t) {
        struct vkx_texture_desc d = {
            .format = formats[f],
            .type = type == WIRE_TEX_3D                                    ? WIRE_TEX_3D
                    : type == WIRE_TEX_1D || type == WIRE_TEX_1D_ARRAY ? WIRE_TEX_1D
                                                                           : WIRE_TEX_2D,
            .width = 1, .height = 1, .depth = 1, .layers = 1, .levels = 1,
            .usage = WIRE_TEX_STORAGE, .samples = 1,
            .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A},
        };
        if (!(*t = vkx_texture_create(ctx, &d, "empty storage image")))
            return VK_NULL_HANDLE;
    }
    return storage_view(ctx, *t, type, 0, 0, 1, 0);
}

/* Every set texel and storage slot holds a view of its resource (a
 * buffer's current version), which this command buffer now uses; a
 * change of view marks set 1 for writing.  False when a view cannot be
 * had. */
static bool resolve_set1(struct vkx_ctx *ctx)
{
    uint64_t use = recording_value(ctx);
    for (uint32_t set_slots = ctx->texel_set; set_slots; set_slots &= set_slots - 1) {
        uint32_t i = (uint32_t)__builtin_ctz(set_slots);
        struct vkx_buffer *b = ctx->texel[i].buf;
        VkBufferView v;
        if (!(v = texel_view(ctx, b, ctx->texel[i].format, ctx->texel[i].offset,
                             ctx->texel[i].size)))
            return false;
        b->cur.last_use = use;
        if (v != ctx->texel_views[i]) {
            ctx->texel_views[i] = v;
            ctx->texel_dirty = true;
        }
    }
    for (uint32_t i = 0; i < WIRE_MAX_STORAGE_SLOTS; i++) {
        const struct vkx_storage *st = &ctx->storage[i];
        VkBufferView bv;
        VkImageView iv;
        if (st->kind == WIRE_STORAGE_BUFFER) {
            bv = texel_view(ctx, st->buf, st->format, st->offset, st->size);
            iv = null_storage_image(ctx, WIRE_TEX_2D, WIRE_FORMAT_R32_UINT);
            st->buf->cur.last_use = use;
        } else if (st->kind == WIRE_STORAGE_IMAGE) {
            bv = null_storage_buffer(ctx, WIRE_FORMAT_R32_UINT);
            iv = storage_view(ctx, st->tex, st->view_type, st->level, st->first_layer,
                              st->layers, st->format);
        } else {
            bv = null_storage_buffer(ctx, st->format);
            iv = null_storage_image(ctx, st->view_type, st->format);
        }
        if (!bv || !iv) {
            if (!ctx->error[0])
                ctx_fail(ctx, "cannot make the views of storage slot %u", i);
            return false;
        }
        VkBufferView cv = st->counter
                              ? texel_view(ctx, st->counter, WIRE_FORMAT_R32_UINT, 0, 4)
                              : null_storage_buffer(ctx, WIRE_FORMAT_R32_UINT);
        if (!cv) {
            if (!ctx->error[0])
                ctx_fail(ctx, "cannot make the counter view of storage slot %u", i);
            return false;
        }
        if (st->counter)
            st->counter->cur.last_use = use;
        if (bv != ctx->storage_bufs[i] || iv != ctx->storage_imgs[i] ||
            cv != ctx->counter_views[i]) {
            ctx->storage_bufs[i] = bv;
            ctx->storage_imgs[i] = iv;
            ctx->counter_views[i] = cv;
            ctx->texel_dirty = true;
        }
    }
    return true;
}

/* Writes set 1 (every binding: an unset texel slot holds a view of 16
 * bytes of zeros) into a new set and binds it at the bind point. */
static bool write_set1(struct vkx_ctx *ctx, VkPipelineBindPoint bind_point)
{
    VkWriteDescriptorSet w[NR_SET1_COUNT];
    VkDescriptorImageInfo images[NR_MAX_STORAGE];
    VkDescriptorSet set;
    _Static_assert(NR_TEXEL_COUNT == WIRE_MAX_TEXEL_SLOTS &&
                       WIRE_STAGE_TEXEL_SLOT0 == NR_FS_VS_TEXELS,
                   "a texel slot is a binding of set 1 (nr_texel_binding)");
    _Static_assert(NR_MAX_STORAGE == WIRE_MAX_STORAGE_SLOTS, "a storage slot is two of set 1");
    for (uint32_t i = 0; i < NR_TEXEL_COUNT; i++)
        if (!ctx->texel[i].buf && !(ctx->texel_views[i] = null_texel_view(ctx))) {
            ctx_fail(ctx, "cannot make the empty texel buffer");
            return false;
        }
    if (!(set = texel_set_alloc(ctx))) {
        ctx_fail(ctx, "cannot allocate a texel buffer descriptor set");
        return false;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < NR_SET1_COUNT; i++) {
        if (ctx->dev->set1_empty[i])
            continue;
        w[n] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = set,
            .dstBinding = i,
            .descriptorCount = 1,
            .descriptorType = set1_type(i),
        };
        if (i < NR_BIND_STORAGE_BUF0) {
            w[n].pTexelBufferView = &ctx->texel_views[i];
        } else if (i >= NR_BIND_STAGE_TEXEL0) {
            w[n].pTexelBufferView = &ctx->texel_views[NR_FS_VS_TEXELS + i - NR_BIND_STAGE_TEXEL0];
        } else if (i < NR_BIND_STORAGE_IMG0) {
            w[n].pTexelBufferView = &ctx->storage_bufs[i - NR_BIND_STORAGE_BUF0];
        } else if (i >= NR_BIND_STAGE_SAMPLER0) {
            /* the other stages' textures (fill_empty_slots made each valid) */
            uint32_t slot = WIRE_STAGE_TEXTURE_SLOT0 + i - NR_BIND_STAGE_SAMPLER0;
            w[n].pImageInfo = &ctx->images[slot];
        } else if (i >= NR_BIND_STAGE_UBO0) {
            /* uniforms_ready made them */
            w[n].pBufferInfo = &ctx->ubo[NR_UBO_STAGE_EXTRA0 + i - NR_BIND_STAGE_UBO0];
        } else if (i >= NR_BIND_COUNTER0) {
            w[n].pTexelBufferView = &ctx->counter_views[i - NR_BIND_COUNTER0];
        } else if (i >= NR_BIND_HS_UBO) {
            /* uniforms_ready made both */
            w[n].pBufferInfo = &ctx->ubo[NR_UBO_HS + i - NR_BIND_HS_UBO];
        } else {
            uint32_t k = i - NR_BIND_STORAGE_IMG0;
            images[k] = (VkDescriptorImageInfo){VK_NULL_HANDLE, ctx->storage_imgs[k],
                                                VK_IMAGE_LAYOUT_GENERAL};
            w[n].pImageInfo = &images[k];
        }
        n++;
    }
    vkUpdateDescriptorSets(ctx->dev->device, n, w, 0, NULL);
    flush_draws(ctx);
    vkCmdBindDescriptorSets(ctx->cb, bind_point, ctx->dev->layout, NR_TEXEL_SET, 1, &set, 0,
                            NULL);
    return true;
}

/* A pipeline that reads set 1 finds it bound with the views of the slots
 * as set; a change of view, or a new command buffer, binds a new set. */
static bool prepare_texels(struct vkx_ctx *ctx, const struct vkx_pipeline *p)
{
    if (!p->texel_mask || (!ctx->texel_dirty && ctx->rec.texel_set_cb == ctx->cb_serial))
        return true;
    if (!write_set1(ctx, VK_PIPELINE_BIND_POINT_GRAPHICS))
        return false;
    ctx->rec.texel_set_cb = ctx->cb_serial;
    memcpy(ctx->rec.texels, ctx->texel_views, sizeof(ctx->rec.texels));
    memcpy(ctx->rec.stage_images, ctx->images + WIRE_STAGE_TEXTURE_SLOT0,
           sizeof(ctx->rec.stage_images));
    ctx->rec.epoch++;
    ctx->texel_dirty = false;
    return true;
}

bool vkx_set_storage(struct vkx_ctx *ctx, uint32_t slot, const struct wire_set_storage *w,
                     struct vkx_buffer *b, struct vkx_texture *t, struct vkx_buffer *counter)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    ctx->storage[slot] = (struct vkx_storage){w->kind, b, t, w->format, w->view_type,
                                              w->level, w->first_layer, w->layers,
                                              w->offset, w->size, counter};
    if (w->kind == WIRE_STORAGE_NONE)
        ctx->storage_set &= ~(1u << slot);
    else
        ctx->storage_set |= 1u << slot;
    ctx->texel_dirty = true;
    return true;
}

bool vkx_set_uniforms(struct vkx_ctx *ctx, enum wire_shader_stage stage, uint32_t slot,
                      uint32_t offset, const void *data, uint32_t size, uint32_t total)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    uint32_t b = nr_ubo_index(stage == WIRE_STAGE_VERTEX     ? 0
                              : stage == WIRE_STAGE_GEOMETRY ? 2
                              : stage == WIRE_STAGE_HULL     ? 3
                              : stage == WIRE_STAGE_DOMAIN   ? 4
                                                             : 1,
                              slot);

    /* The copy grows to what is written (D3D9's ranges land anywhere in
     * the stage's buffer; a default of zeros is 16 bytes); the bytes past
     * what was ever written read zero. */
    uint32_t need = NR_MAX(offset + size, total);
    if (need > ctx->uniform_cap[b]) {
        uint32_t cap = need <= 16 ? 16 : WIRE_MAX_UNIFORM_BYTES;
        uint8_t *u = realloc(ctx->uniforms[b], cap);
        if (!u) {
            ctx_fail(ctx, "out of memory");
            return false;
        }
        memset(u + ctx->uniform_cap[b], 0, cap - ctx->uniform_cap[b]);
        ctx->uniforms[b] = u;
        ctx->uniform_cap[b] = cap;
    }
    memcpy(ctx->uniforms[b] + offset, data, size);
    ctx->uniform_total[b] = total;
    ctx->uniform_dirty |= 1u << b;
    return true;
}

/* Every uniform buffer a module may read holds a descriptor: one the
 * client never set reads zeros (16 bytes; robustBufferAccess bounds the
 * rest).  Set 0's are pushed, set 1's (the tessellation stages') written
 * with the set. */
static bool zero_unset_uniforms_slow(struct vkx_ctx *ctx)
{
    static const uint8_t zeros[16];
    static const enum wire_shader_stage other[3] = {WIRE_STAGE_GEOMETRY, WIRE_STAGE_HULL,
                                                     WIRE_STAGE_DOMAIN};
    for (uint32_t u = 0; u < NR_UBO_COUNT; u++) {
        enum wire_shader_stage st = u == NR_UBO_GS   ? WIRE_STAGE_GEOMETRY
                                    : u == NR_UBO_HS ? WIRE_STAGE_HULL
                                    : u == NR_UBO_DS ? WIRE_STAGE_DOMAIN
                                    : u >= NR_UBO_STAGE_EXTRA0
                                        ? other[(u - NR_UBO_STAGE_EXTRA0) / 4]
                                    : u < 2 ? (enum wire_shader_stage)u
                                            : (enum wire_shader_stage)((u - 2) / 4);
        uint32_t slot = u >= NR_UBO_STAGE_EXTRA0 ? (u - NR_UBO_STAGE_EXTRA0) % 4 + 1
                        : u < 2 || u >= NR_UBO_GS ? 0
                                                  : (u - 2) % 4 + 1;
        bool set = u < NR_UBO_SET0 ? (ctx->desc_valid & (1u << nr_ubo_binding(u))) != 0
                                   : ctx->ubo[u].buffer != VK_NULL_HANDLE;
        if (!set && !ctx->uniforms[u] && !vkx_set_uniforms(ctx, st, slot, 0, zeros, 16, 16))
            return false;
    }
    /* Set 1's all have data now (it is never taken away). */
    ctx->set1_uniforms_ready = true;
    return true;
}

static inline bool zero_unset_uniforms(struct vkx_ctx *ctx)
{
    if (__builtin_expect((~ctx->desc_valid & UBO_BINDINGS) || !ctx->set1_uniforms_ready, 0))
        return zero_unset_uniforms_slow(ctx);
    return true;
}

/* Copies changed uniform data where this draw's descriptors can point. */
static bool upload_uniforms(struct vkx_ctx *ctx)
{
    for (uint32_t b = 0; b < NR_UBO_COUNT; b++) {
        struct vkx_chunk *c;
        uint64_t off;
        uint32_t size = ctx->uniform_total[b];
        if (!(ctx->uniform_dirty & (1u << b)))
            continue;
        if (!ctx_stage(ctx, size, NR_MAX(ctx->dev->ubo_align, 16u), &c, &off)) {
            ctx_fail(ctx, "out of upload memory");
            return false;
        }
        memcpy(c->map + off, ctx->uniforms[b], size);
        ctx->ubo[b] = (VkDescriptorBufferInfo){c->buffer, off, size};
        if (b >= NR_UBO_SET0) {
            ctx->texel_dirty = true; /* set 1's: written anew */
            continue;
        }
        ctx->desc_valid |= 1u << nr_ubo_binding(b);
        ctx->desc_dirty |= 1u << nr_ubo_binding(b);
    }
    ctx->uniform_dirty = 0;
    return true;
}

/* Pushes the descriptors that changed since the last draw (of `want`: a
 * table pipeline reads no sampler of set 0). */
static void push_descriptors(struct vkx_ctx *ctx, uint32_t want)
{
    VkWriteDescriptorSet w[NR_BIND_COUNT];
    uint32_t n = 0, dirty = ctx->desc_dirty & ctx->desc_valid & want;

    if (!dirty)
        return;
    ctx->desc_dirty &= ~dirty;
    flush_draws(ctx);
    while (dirty) {
        uint32_t b = (uint32_t)__builtin_ctz(dirty);
        dirty &= dirty - 1;
        w[n] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstBinding = b,
            .descriptorCount = 1,
            .descriptorType = nr_binding_is_ubo(b) ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                   : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
            .pBufferInfo = nr_binding_is_ubo(b) ? &ctx->ubo[nr_binding_ubo(b)] : NULL,
            .pImageInfo = nr_binding_is_ubo(b) ? NULL : &ctx->images[b - 2],
        };
        n++;
    }
    ctx->dev->push_descriptors(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS,
                               ctx->dev->layout, 0, n, w);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = w[i].dstBinding;
        ctx->rec.desc_cb[b] = ctx->cb_serial;
        if (nr_binding_is_ubo(b))
            ctx->rec.ubo[nr_binding_ubo(b)] = ctx->ubo[nr_binding_ubo(b)];
        else
            ctx->rec.images[b - 2] = ctx->images[b - 2];
    }
    ctx->rec.epoch++;
}

/* ----------------------------------------------------------------- shaders */

/* The texel buffer slots a module reads: the bindings of its variables
 * in set 1 (binding.h). */
static uint64_t spirv_texel_slots(const uint32_t *w, size_t n)
{
    uint32_t ids[32], count = 0;
    uint64_t mask = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 5; i < n;) {
            uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
            if (!len || len > n - i)
                break;
            /* OpDecorate %id DescriptorSet 1, then OpDecorate %id Binding b */
            if (op == 71 && len == 4) {
                if (!pass && w[i + 2] == 34 && w[i + 3] == NR_TEXEL_SET && count < 32)
                    ids[count++] = w[i + 1];
                for (uint32_t k = 0; pass && w[i + 2] == 33 && k < count; k++)
                    /* (The counters ride with their UAVs' bits; the other
                     * stages' b1..b4 and textures set bit 31: set 1 is
                     * written.) */
                    if (ids[k] == w[i + 1] && w[i + 3] < NR_SET1_COUNT)
                        mask |= set1_bit(w[i + 3]);
            }
            i += len;
        }
    return mask;
}

/* The colour locations a fragment module writes: its Output variables
 * decorated with a Location (an array covers the locations from its own
 * up; its length is not looked at).  Built-in outputs (depth, sample mask)
 * have none.  The modules are vkd3d-shader's and our generators', which
 * give every colour output a variable of its own with its Location (no
 * block of member locations).  An attachment of no location written
 * keeps its contents: Vulkan leaves it undefined, D3D10+ and D3D9 keep it,
 * so a pipeline masks it (vkx_pipeline_create, bind_pipeline). */
static uint32_t spirv_fragment_outputs(const uint32_t *w, size_t n)
{
    uint32_t bound = n > 3 ? w[3] : 0, mask = 0;
    if (!bound || bound > (1u << 22))
        return ~0u;
    /* location + 1 of each decorated id; of each pointer type, whether it
     * points to an array (1) or not (2); of each type, whether an array */
    uint32_t *loc = calloc(bound, sizeof(*loc));
    uint8_t *kind = calloc(bound, 1);
    if (!loc || !kind) {
        free(loc);
        free(kind);
        return ~0u;
    }
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || len > n - i)
            break;
        if (op == SpvOpDecorate && len >= 4 && w[i + 2] == SpvDecorationLocation &&
            w[i + 1] < bound && w[i + 3] < 32)
            loc[w[i + 1]] = w[i + 3] + 1;
        else if ((op == SpvOpTypeArray || op == SpvOpTypeRuntimeArray) && len >= 3 &&
                 w[i + 1] < bound)
            kind[w[i + 1]] = 4;
        else if (op == SpvOpTypePointer && len == 4 && w[i + 1] < bound && w[i + 3] < bound)
            kind[w[i + 1]] = kind[w[i + 3]] == 4 ? 1 : 2;
        else if (op == SpvOpVariable && len >= 4 && w[i + 3] == SpvStorageClassOutput &&
                 w[i + 1] < bound && w[i + 2] < bound && loc[w[i + 2]])
            mask |= kind[w[i + 1]] == 1 ? ~0u << (loc[w[i + 2]] - 1)
                                         : 1u << (loc[w[i + 2]] - 1);
        i += len;
    }
    free(loc);
    free(kind);
    return mask;
}

/* The texture slots a module reads and the view type each image is of:
 * set 0's combined samplers (binding.h, slot = binding -
 * NR_BIND_FS_SAMPLER0) and set 1's of the other stages (slot 20 + binding
 * - NR_BIND_STAGE_SAMPLER0: OpVariable -> OpTypePointer -> OpTypeSampledImage
 * -> OpTypeImage's Dim, Arrayed and MS), and the texture table's entries,
 * each read through an OpAccessChain the server's own generator names
 * "nr_slot_<slot>" (shader/table.c; modules of the table come from the
 * server alone).  A type no view has (a cube array) is
 * WIRE_TEX_TYPE_COUNT: no bound view matches it. */
static uint32_t spirv_image_slots(const uint32_t *w, size_t n, uint8_t types[])
{
    enum { MAX_IDS = 1u << 16 };
    uint32_t mask = 0;
    uint32_t bound = n > 3 ? w[3] : 0;
    if (!bound || bound > MAX_IDS)
        return 0;
    /* Per id: its set and binding (+1), what a pointer or sampled image
     * names, an image's view type (+1). */
    uint32_t *set = calloc(bound, sizeof(uint32_t)), *binding = calloc(bound, sizeof(uint32_t));
    uint32_t *ref = calloc(bound, sizeof(uint32_t)), *img = calloc(bound, sizeof(uint32_t));
    uint8_t *named = calloc(bound, 1); /* a table read's slot + 1 */
    if (!set || !binding || !ref || !img || !named)
        goto out;
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || len > n - i)
            break;
        const uint32_t *o = w + i;
        if (op == 71 && len == 4 && o[1] < bound && (o[2] == 34 || o[2] == 33))
            (o[2] == 34 ? set : binding)[o[1]] = o[3] + 1; /* DescriptorSet, Binding */
        else if (op == 32 && len == 4 && o[1] < bound) /* OpTypePointer id class type */
            ref[o[1]] = o[3];
        else if (op == 27 && len == 3 && o[1] < bound) /* OpTypeSampledImage id image */
            ref[o[1]] = o[2];
        else if (op == 5 && len >= 4 && o[1] < bound && !memcmp(o + 2, "nr_slot_", 8)) {
            /* OpName id "nr_slot_N" */
            char s[12] = {0};
            memcpy(s, o + 4, NR_MIN((size_t)(len - 4) * 4, sizeof(s) - 1));
            unsigned long slot = strtoul(s, NULL, 10);
            if (slot < WIRE_MAX_TEXTURE_SLOTS)
                named[o[1]] = (uint8_t)(slot + 1);
        }
        else if (op == 25 && len >= 9 && o[1] < bound) { /* OpTypeImage */
            uint32_t dim = o[3], arrayed = o[5], ms = o[6];
            uint32_t t = dim == 0   ? (arrayed ? WIRE_TEX_1D_ARRAY : WIRE_TEX_1D)
                         : dim == 1 ? (ms ? (arrayed ? WIRE_TEX_TYPE_COUNT : WIRE_TEX_2D_MS)
                                          : arrayed ? WIRE_TEX_2D_ARRAY : WIRE_TEX_2D)
                         : dim == 2 ? WIRE_TEX_3D
                         : dim == 3 ? (arrayed ? WIRE_TEX_CUBE_ARRAY : WIRE_TEX_CUBE)
                                    : WIRE_TEX_TYPE_COUNT;
            img[o[1]] = t + 1;
        }
        i += len;
    }
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || len > n - i)
            break;
        const uint32_t *o = w + i;
        /* OpVariable type id UniformConstant, in set 0 at a sampler binding
         * or in set 1 at one of the other stages' (binding.h) */
        bool var = op == 59 && len >= 4 && o[2] < bound;
        bool set0 = var && set[o[2]] == 1 && binding[o[2]] > NR_BIND_FS_SAMPLER0 &&
                    binding[o[2]] <= NR_BIND_FS_SAMPLER0 + WIRE_SET0_TEXTURE_SLOTS;
        bool set1 = var && set[o[2]] == NR_TEXEL_SET + 1 &&
                    binding[o[2]] > NR_BIND_STAGE_SAMPLER0 && binding[o[2]] <= NR_SET1_COUNT;
        if (var && o[3] == 0 && (set0 || set1) &&
            o[1] < bound && ref[o[1]] < bound && ref[ref[o[1]]] < bound &&
            img[ref[ref[o[1]]]]) {
            uint32_t slot = set0 ? binding[o[2]] - 1 - NR_BIND_FS_SAMPLER0
                                 : binding[o[2]] - 1 - NR_BIND_STAGE_SAMPLER0 +
                                       WIRE_STAGE_TEXTURE_SLOT0;
            types[slot] = (uint8_t)(img[ref[ref[o[1]]]] - 1);
            mask |= 1u << slot;
        }
        /* OpAccessChain type id base ... of a named table read */
        if (op == 65 && len >= 4 && o[2] < bound && named[o[2]] && o[1] < bound &&
            ref[o[1]] < bound && ref[ref[o[1]]] < bound && img[ref[ref[o[1]]]]) {
            uint32_t slot = named[o[2]] - 1u;
            uint8_t t = (uint8_t)(img[ref[ref[o[1]]]] - 1);
            if ((mask & (1u << slot)) && types[slot] != t)
                t = WIRE_TEX_TYPE_COUNT; /* two types at one slot: none fits */
            types[slot] = t;
            mask |= 1u << slot;
        }
        i += len;
    }
out:
    free(named);
    free(set);
    free(binding);
    free(ref);
    free(img);
    return mask;
}

/* Whether a module has a variable in descriptor set `set`. */
static bool spirv_uses_set(const uint32_t *w, size_t n, uint32_t set)
{
    for (size_t i = 5; i < n;) {
        uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
        if (!len || len > n - i)
            break;
        /* OpDecorate %id DescriptorSet set */
        if (op == 71 && len == 4 && w[i + 2] == 34 && w[i + 3] == set)
            return true;
        i += len;
    }
    return false;
}

struct vkx_shader *vkx_shader_create(struct vkx_ctx *ctx,
                                     enum wire_shader_stage stage,
                                     const uint32_t *code, size_t size,
                                     const char *name)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_shader *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->stage = stage;
    s->size = code ? size : 0;
    if (!code)
        return s; /* an empty shader: no module, never in a pipeline */
    /* Capabilities of features the device was made without: no module
     * (the translators' modules need none of them there; the front ends
     * refuse such programs first). */
    for (size_t i = 5, n = size / 4; i < n;) {
        uint32_t len = code[i] >> 16, op = code[i] & 0xffff;
        if (!len || len > n - i)
            break;
        /* OpCapability MultiViewport; ShaderLayer, ShaderViewportIndex,
         * ShaderViewportIndexLayerEXT (the index from the vertex and
         * tessellation stages, never enabled) */
        if (op == 17 && len == 2 &&
            ((code[i + 1] == 57 && !ctx->dev->multi_viewport) || code[i + 1] == 69 ||
             code[i + 1] == 70 || code[i + 1] == 5254)) {
            NR_WARN(VK, "%s: SPIR-V capability %u, which the device was made without", name,
                    code[i + 1]);
            free(s);
            return NULL;
        }
        /* OpDecorate %id BuiltIn ViewportIndex, of a geometry module */
        if (op == 71 && len == 4 && code[i + 2] == 11 && code[i + 3] == 10 &&
            stage == WIRE_STAGE_GEOMETRY)
            s->viewport_index = true;
        i += len;
    }
    VkShaderModuleCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = size,
        .pCode = code,
    };
    if (!VKX_CHECK(vkCreateShaderModule(ctx->dev->device, &ci, NULL, &s->module))) {
        free(s);
        return NULL;
    }
    s->texel_mask = spirv_texel_slots(code, size / 4);
    /* Storage of the vertex, tessellation and geometry stages only where
     * the device was made with it (Vulkan's vertexPipelineStoresAndAtomics). */
    if (stage != WIRE_STAGE_FRAGMENT && stage != WIRE_STAGE_COMPUTE &&
        !ctx->dev->vertex_storage && (s->texel_mask & SET1_STORAGE_BITS)) {
        NR_WARN(VK, "%s: storage of stage %u, which the device was made without", name,
                stage);
        vkDestroyShaderModule(ctx->dev->device, s->module, NULL);
        free(s);
        return NULL;
    }
    s->image_mask = spirv_image_slots(code, size / 4, s->image_type);
    if (stage == WIRE_STAGE_FRAGMENT)
        s->outputs = spirv_fragment_outputs(code, size / 4);
    s->table = spirv_uses_set(code, size / 4, NR_TABLE_SET);
    s->stage = stage;
    /* OpExecutionMode %main LocalSize x y z: a compute shader's group. */
    for (size_t i = 5, n = size / 4; stage == WIRE_STAGE_COMPUTE && i < n;) {
        uint32_t len = code[i] >> 16, op = code[i] & 0xffff;
        if (!len || len > n - i)
            break;
        if (op == 16 && len == 6 && code[i + 2] == 17)
            memcpy(s->group, code + i + 3, sizeof(s->group));
        i += len;
    }
    set_name(ctx->dev, VK_OBJECT_TYPE_SHADER_MODULE, (uint64_t)s->module, name);
    return s;
}

void vkx_shader_destroy(struct vkx_ctx *ctx, struct vkx_shader *s)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!s)
        return;
    /* A compute pipeline goes once no work uses it. */
    if (s->compute) {
        if (s->last_use > completed_value(ctx)) {
            if (s->last_use > ctx->submitted)
                vkx_ctx_submit(ctx);
            wait_value(ctx, s->last_use);
        }
        vkDestroyPipeline(ctx->dev->device, s->compute, NULL);
    }
    /* Pipelines keep what they need from a module: no wait. */
    if (s->module)
        vkDestroyShaderModule(ctx->dev->device, s->module, NULL);
    free(s->blob);
    free(s);
}

void vkx_shader_set_capture(struct vkx_shader *s)
{
    s->so_capture = true;
}

void vkx_pipeline_set_capture(struct vkx_pipeline *p, struct vkx_pipeline *capture,
                              const struct so_emu_info *info)
{
    p->capture = capture;
    p->xfb = true; /* drawn by so_draw */
    capture->emu = *info;
}

void vkx_pipeline_set_stream(struct vkx_pipeline *p, uint32_t stream)
{
    p->stream = stream;
    if (p->capture)
        p->capture->stream = stream;
}

void vkx_pipeline_chain_stream(struct vkx_pipeline *p, struct vkx_pipeline *next,
                               uint32_t next_stream)
{
    while (p->next_stream)
        p = p->next_stream;
    vkx_pipeline_set_stream(next, next_stream);
    p->next_stream = next;
    p->xfb = true; /* drawn by so_draw */
}

bool vkx_device_so_emulated(const struct vkx_device *dev)
{
    return dev->so_emu;
}

void vkx_shader_set_xfb(struct vkx_shader *s, bool xfb)
{
    s->xfb = xfb;
}

void vkx_shader_set_dual(struct vkx_shader *s, bool dual)
{
    s->dual = dual;
}

bool vkx_shader_dual(const struct vkx_shader *s)
{
    return s->dual;
}

void vkx_shader_set_blob(struct vkx_shader *s, void *blob)
{
    free(s->blob);
    s->blob = blob;
}

void *vkx_shader_blob(const struct vkx_shader *s)
{
    return s->blob;
}

void vkx_shader_set_key(struct vkx_shader *s, uint64_t key)
{
    s->key = key;
}

uint64_t vkx_shader_key(const struct vkx_shader *s)
{
    return s->key;
}

size_t vkx_shader_size(const struct vkx_shader *s)
{
    return s->size;
}

bool vkx_shader_empty(const struct vkx_shader *s)
{
    return !s->module;
}

enum wire_shader_stage vkx_shader_stage(const struct vkx_shader *s)
{
    return s->stage;
}

/* ----------------------------------------------------------------- compute */

/* The shader's compute pipeline, made at its first dispatch; NULL (and
 * the shader unrunnable, said once) when the device cannot run it. */
static VkPipeline compute_pipeline(struct vkx_ctx *ctx, struct vkx_shader *s)
{
    const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;
    uint64_t threads = (uint64_t)s->group[0] * s->group[1] * s->group[2];
    if (s->compute || s->unrunnable)
        return s->compute;
    if (!threads || threads > l->maxComputeWorkGroupInvocations ||
        s->group[0] > l->maxComputeWorkGroupSize[0] ||
        s->group[1] > l->maxComputeWorkGroupSize[1] ||
        s->group[2] > l->maxComputeWorkGroupSize[2]) {
        NR_WARN(VK, "context %u: a compute shader of %ux%ux%u threads a group: more than the "
                    "device runs; its dispatches are dropped",
                ctx->id, s->group[0], s->group[1], s->group[2]);
        s->unrunnable = true;
        return VK_NULL_HANDLE;
    }
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = s->module,
                  .pName = "main"},
        .layout = ctx->dev->layout,
    };
    if (!VKX_CHECK(vkCreateComputePipelines(ctx->dev->device, ctx->dev->cache, 1, &ci, NULL,
                                            &s->compute))) {
        s->compute = VK_NULL_HANDLE;
        s->unrunnable = true;
        NR_WARN(VK, "context %u: the device refused a compute pipeline: its dispatches are "
                    "dropped", ctx->id);
        return VK_NULL_HANDLE;
    }
    ctx->stats.pipelines_created++;
    return s->compute;
}

bool vkx_dispatch(struct vkx_ctx *ctx, struct vkx_shader *s, uint32_t x, uint32_t y,
                  uint32_t z)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    const uint32_t *max = ctx->dev->props.limits.maxComputeWorkGroupCount;
    VkPipeline pipeline;
    VkWriteDescriptorSet w[NR_BIND_COUNT];
    uint32_t n = 0;

    if (x > max[0] || y > max[1] || z > max[2]) {
        ctx_fail(ctx, "a dispatch of %ux%ux%u groups: the device runs %ux%ux%u", x, y, z,
                 max[0], max[1], max[2]);
        return false;
    }
    if (!x || !y || !z || !s->module || !(pipeline = compute_pipeline(ctx, s)))
        return true; /* nothing to run, or a shader the device cannot run: dropped */
    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    if (s->image_mask && !check_image_types(ctx, s->image_mask, s->image_type))
        return false;
    /* What the set slots hold, as a draw's (prepare_draw). */
    fill_empty_slots(ctx);
    if (!zero_unset_uniforms(ctx))
        return false;
    if (ctx->uniform_dirty && !upload_uniforms(ctx))
        return false;
    if (!resolve_set1(ctx))
        return false;
    end_rendering(ctx); /* empty storage images may have been made */
    /* Set 0 pushed whole at the compute bind point (the graphics one keeps
     * its own), set 1 written for this dispatch. */
    for (uint32_t valid = ctx->desc_valid; valid; valid &= valid - 1) {
        uint32_t b = (uint32_t)__builtin_ctz(valid);
        w[n++] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstBinding = b,
            .descriptorCount = 1,
            .descriptorType = nr_binding_is_ubo(b) ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                   : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
            .pBufferInfo = nr_binding_is_ubo(b) ? &ctx->ubo[nr_binding_ubo(b)] : NULL,
            .pImageInfo = nr_binding_is_ubo(b) ? NULL : &ctx->images[b - 2],
        };
    }
    ctx->dev->push_descriptors(ctx->cb, VK_PIPELINE_BIND_POINT_COMPUTE, ctx->dev->layout, 0,
                               n, w);
    if (s->texel_mask && !write_set1(ctx, VK_PIPELINE_BIND_POINT_COMPUTE))
        return false;
    /* D3D11 orders a dispatch after the work before it, and the work
     * after it sees what it wrote. */
    memory_barrier(ctx->cb);
    vkCmdBindPipeline(ctx->cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdDispatch(ctx->cb, x, y, z);
    queries_dispatch(ctx, (uint64_t)x * y * z * s->group[0] * s->group[1] * s->group[2]);
    memory_barrier(ctx->cb);
    s->last_use = recording_value(ctx);
    ctx->cb_work += (uint64_t)x * y * z;
    ctx->cb_draws++;
    ctx->stats.draw_calls++;
    return true;
}

/* texel_bytes bytes repeated over `size` bytes from `dst` of a staging
 * chunk of this command buffer: at most one chunk's worth, whole texels. */
static bool pattern_chunk(struct vkx_ctx *ctx, const uint8_t *texel, uint32_t texel_bytes,
                          uint64_t size, struct vkx_chunk **c, uint64_t *off)
{
    /* A multiple of the texel and of 4, as image copies want it. */
    if (!ctx_stage(ctx, size, texel_bytes < 4 ? 4 : texel_bytes, c, off)) {
        ctx_fail(ctx, "out of upload memory");
        return false;
    }
    for (uint64_t i = 0; i < size; i += texel_bytes)
        memcpy((*c)->map + *off + i, texel, texel_bytes);
    return true;
}

bool vkx_fill_buffer(struct vkx_ctx *ctx, struct vkx_buffer *b, uint64_t offset,
                     uint64_t size, const uint8_t *texel, uint32_t texel_bytes)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    /* Copies of a repeated pattern of at most 64 KiB (whole texels). */
    uint64_t span = (65536 / texel_bytes) * texel_bytes;
    struct vkx_chunk *c;
    uint64_t off;

    if (!size)
        return true;
    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    span = NR_MIN(span, size);
    if (!pattern_chunk(ctx, texel, texel_bytes, span, &c, &off))
        return false;
    memory_barrier(ctx->cb);
    for (uint64_t at = 0; at < size; at += span) {
        VkBufferCopy region = {off, offset + at, NR_MIN(span, size - at)};
        vkCmdCopyBuffer(ctx->cb, c->buffer, b->cur.buffer, 1, &region);
    }
    memory_barrier(ctx->cb);
    b->cur.last_use = recording_value(ctx);
    return true;
}

bool vkx_fill_texture(struct vkx_ctx *ctx, struct vkx_texture *t, uint32_t level,
                      uint32_t first_layer, uint32_t layers, const uint8_t *texel)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    const struct vkx_texture_desc *d = &t->desc;
    uint32_t bytes = wire_format_get(d->format)->block_bytes;
    uint32_t w = NR_MAX(d->width >> level, 1u), h = NR_MAX(d->height >> level, 1u);
    bool volume = d->type == WIRE_TEX_3D;
    struct vkx_chunk *c;
    uint64_t off;
    VkBufferImageCopy rows[64];
    uint32_t n = 0;

    if (!ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    /* One row of texels, copied to every row of every layer (slice). */
    if (!pattern_chunk(ctx, texel, bytes, (uint64_t)w * bytes, &c, &off))
        return false;
    memory_barrier(ctx->cb);
    for (uint32_t l = 0; l < layers; l++)
        for (uint32_t y = 0; y < h; y++) {
            rows[n++] = (VkBufferImageCopy){
                .bufferOffset = off,
                .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level,
                                     volume ? 0 : first_layer + l, 1},
                .imageOffset = {0, (int32_t)y, volume ? (int32_t)(first_layer + l) : 0},
                .imageExtent = {w, 1, 1},
            };
            if (n == NR_ARRAY_SIZE(rows) || (l + 1 == layers && y + 1 == h)) {
                vkCmdCopyBufferToImage(ctx->cb, c->buffer, t->image, VK_IMAGE_LAYOUT_GENERAL, n,
                                       rows);
                n = 0;
            }
        }
    memory_barrier(ctx->cb);
    return true;
}

/* --------------------------------------------------------------- pipelines */

static const VkBlendFactor blend_factors[WIRE_BLEND_FACTOR_COUNT] = {
    VK_BLEND_FACTOR_ZERO, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_SRC_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR, VK_BLEND_FACTOR_DST_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR, VK_BLEND_FACTOR_SRC_ALPHA,
    VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA, VK_BLEND_FACTOR_DST_ALPHA,
    VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA, VK_BLEND_FACTOR_CONSTANT_COLOR,
    VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR, VK_BLEND_FACTOR_SRC_ALPHA_SATURATE,
    VK_BLEND_FACTOR_CONSTANT_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA,
    VK_BLEND_FACTOR_SRC1_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR,
    VK_BLEND_FACTOR_SRC1_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA,
};
static const VkBlendOp blend_ops[WIRE_BLEND_OP_COUNT] = {
    VK_BLEND_OP_ADD, VK_BLEND_OP_SUBTRACT, VK_BLEND_OP_REVERSE_SUBTRACT,
    VK_BLEND_OP_MIN, VK_BLEND_OP_MAX,
};
static const VkPrimitiveTopology topologies[WIRE_TOPOLOGY_COUNT] = {
    VK_PRIMITIVE_TOPOLOGY_POINT_LIST, VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
    VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
    VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN,
    VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
};

struct vkx_pipeline *vkx_pipeline_create(struct vkx_ctx *ctx,
                                         const struct wire_create_state_block *b,
                                         struct vkx_shader *vs,
                                         const struct vkx_tess_stages *tess,
                                         struct vkx_shader *gs, struct vkx_shader *fs,
                                         const char *name)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_device *dev = ctx->dev;
    struct vkx_pipeline *p = calloc(1, sizeof(*p));
    VkVertexInputBindingDescription bindings[WIRE_MAX_VERTEX_BINDINGS];
    VkVertexInputAttributeDescription attrs[WIRE_MAX_VERTEX_ATTRS];
    VkPipelineColorBlendAttachmentState blend[WIRE_MAX_COLOR_TARGETS];
    VkFormat color_formats[WIRE_MAX_COLOR_TARGETS];
    uint32_t color_count = 0;
    /* Vulkan reads one mask word per 32 samples; 1 to 16 here. */
    VkSampleMask sample_mask = b->sample_mask;

    if (!p)
        return NULL;
    /* Only the bindings some attribute reads: Vulkan wants a buffer bound
     * at every binding a pipeline describes, and D3D11's slots between
     * used ones may be empty. */
    uint32_t reads = 0, binding_count = 0;
    for (uint32_t i = 0; i < b->attr_count; i++)
        reads |= 1u << b->attrs[i].binding;
    p->vb_reads = reads;
    for (uint32_t i = 0; i < b->binding_count; i++)
        if (reads & (1u << i))
            bindings[binding_count++] = (VkVertexInputBindingDescription){
                i, b->binding_strides[i],
                (b->instance_bindings & (1u << i)) ? VK_VERTEX_INPUT_RATE_INSTANCE
                                                   : VK_VERTEX_INPUT_RATE_VERTEX};
    for (uint32_t i = 0; i < b->attr_count; i++)
        attrs[i] = (VkVertexInputAttributeDescription){
            b->attrs[i].location, b->attrs[i].binding,
            wire_to_vk_format((enum wire_format)b->attrs[i].format),
            b->attrs[i].offset};
    for (uint32_t i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
        if (b->color_formats[i])
            color_count = i + 1;
    for (uint32_t i = 0; i < color_count; i++) {
        const struct wire_blend_target *t = &b->blend[i];
        if (!b->color_formats[i]) {
            /* A gap: no attachment, nothing written. */
            color_formats[i] = VK_FORMAT_UNDEFINED;
            blend[i] = (VkPipelineColorBlendAttachmentState){0};
            continue;
        }
        color_formats[i] = wire_to_vk_format((enum wire_format)b->color_formats[i]);
        blend[i] = (VkPipelineColorBlendAttachmentState){
            .blendEnable = t->enable,
            .srcColorBlendFactor = blend_factors[t->src_color],
            .dstColorBlendFactor = blend_factors[t->dst_color],
            .colorBlendOp = blend_ops[t->color_op],
            .srcAlphaBlendFactor = blend_factors[t->src_alpha],
            .dstAlphaBlendFactor = blend_factors[t->dst_alpha],
            .alphaBlendOp = blend_ops[t->alpha_op],
            .colorWriteMask = (fs && !(fs->outputs >> i & 1)) ? 0 : t->write_mask & 0xf,
        };
        p->color_formats[i] = b->color_formats[i];
    }
    p->depth_format = b->depth_format;
    p->samples = NR_MAX(b->samples, 1u);
    VkPipelineShaderStageCreateInfo stages[5] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs->module, .pName = "main"},
    };
    uint32_t stage_count = 1;
    if (tess) {
        stages[stage_count++] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, .module = tess->hs->module,
            .pName = "main"};
        stages[stage_count++] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, .module = tess->ds->module,
            .pName = "main"};
    }
    VkPipelineTessellationStateCreateInfo ts = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
        .patchControlPoints = b->patch_points,
    };
    if (gs)
        stages[stage_count++] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_GEOMETRY_BIT, .module = gs->module, .pName = "main"};
    /* The rasterizer's sample count, for DXBC programs that ask it
     * (binding.h); a module without the constant ignores it. */
    const uint32_t spec_samples = p->samples;
    const VkSpecializationMapEntry spec_entry = {NR_SPEC_SAMPLE_COUNT, 0, sizeof(uint32_t)};
    const VkSpecializationInfo spec = {1, &spec_entry, sizeof(spec_samples), &spec_samples};
    if (fs)
        stages[stage_count++] = (VkPipelineShaderStageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs->module, .pName = "main",
            .pSpecializationInfo = &spec};
    p->xfb = p->captures = gs ? gs->xfb : vs->xfb;
    p->topology = b->topology;
    p->strip_cut = b->strip_cut;
    p->patch_points = b->patch_points;
    /* No fragment shader: stream output (rasterizer discard) or depth only
     * (the block writes no colour: server/context.c). */
    p->discard = b->rasterizer_discard;
    /* Instance divisors other than 1 (the server checked the device has
     * them); one past the device's largest is that largest. */
    VkVertexInputBindingDivisorDescriptionEXT divs[WIRE_MAX_VERTEX_BINDINGS];
    uint32_t div_count = 0;
    for (uint32_t r = b->divisor_bindings & reads; r && dev->divisor; r &= r - 1) {
        uint32_t i = (uint32_t)__builtin_ctz(r);
        divs[div_count++] = (VkVertexInputBindingDivisorDescriptionEXT){
            i, NR_MIN(b->divisors[i], dev->max_divisor)};
    }
    VkPipelineVertexInputDivisorStateCreateInfoEXT vdiv = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
        .vertexBindingDivisorCount = div_count,
        .pVertexBindingDivisors = divs,
    };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .pNext = div_count ? &vdiv : NULL,
        .vertexBindingDescriptionCount = binding_count,
        .pVertexBindingDescriptions = bindings,
        .vertexAttributeDescriptionCount = b->attr_count,
        .pVertexAttributeDescriptions = attrs,
    };
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = topologies[b->topology],
        .primitiveRestartEnable = b->strip_cut, /* a strip or fan (the server checked) */
    };
    /* A geometry stage writing the viewport index draws through every
     * index (vkx_shader_create refused it without multiViewport). */
    p->viewports = gs && gs->viewport_index ? WIRE_MAX_VIEWPORTS : 1;
    VkPipelineViewportStateCreateInfo vp = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = p->viewports,
        .scissorCount = p->viewports,
    };
    static const VkCullModeFlags culls[WIRE_CULL_COUNT] = {
        VK_CULL_MODE_NONE, VK_CULL_MODE_FRONT_BIT, VK_CULL_MODE_BACK_BIT};
    static const VkPolygonMode fills[WIRE_FILL_COUNT] = {
        VK_POLYGON_MODE_FILL, VK_POLYGON_MODE_LINE, VK_POLYGON_MODE_POINT};
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .depthBiasEnable = b->depth_bias,
        .depthClampEnable = b->depth_clamp && dev->depth_clamp,
        .rasterizerDiscardEnable = p->discard,
        .polygonMode = dev->fill_mode_non_solid ? fills[b->fill] : VK_POLYGON_MODE_FILL,
        .cullMode = culls[b->cull],
        .frontFace = b->front_face == WIRE_FRONT_CW ? VK_FRONT_FACE_CLOCKWISE
                                                    : VK_FRONT_FACE_COUNTER_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = (VkSampleCountFlagBits)NR_MAX(b->samples, 1u),
        .pSampleMask = &sample_mask,
        .alphaToCoverageEnable = b->alpha_to_coverage,
    };
    static const VkStencilOp stencil_ops[WIRE_STENCIL_OP_COUNT] = {
        VK_STENCIL_OP_KEEP, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_REPLACE,
        VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_STENCIL_OP_DECREMENT_AND_CLAMP,
        VK_STENCIL_OP_INVERT, VK_STENCIL_OP_INCREMENT_AND_WRAP,
        VK_STENCIL_OP_DECREMENT_AND_WRAP};
    VkPipelineDepthStencilStateCreateInfo ds = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
        .depthTestEnable = b->depth_test && b->depth_format,
        .depthWriteEnable = b->depth_write && b->depth_format,
        .depthCompareOp = (VkCompareOp)b->depth_compare,
        .stencilTestEnable = b->stencil_test,
        .front = {stencil_ops[b->stencil_front.fail], stencil_ops[b->stencil_front.pass],
                  stencil_ops[b->stencil_front.depth_fail],
                  (VkCompareOp)b->stencil_front.compare, 0, 0, 0},
        .back = {stencil_ops[b->stencil_back.fail], stencil_ops[b->stencil_back.pass],
                 stencil_ops[b->stencil_back.depth_fail],
                 (VkCompareOp)b->stencil_back.compare, 0, 0, 0},
    };
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .logicOpEnable = b->logic_op_enable, /* (the server checked the device has it) */
        .logicOp = (VkLogicOp)b->logic_op,   /* wire_logic_op is Vulkan's order */
        .attachmentCount = color_count,
        .pAttachments = blend,
    };
    static const VkDynamicState dyn[] = {
        VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
        VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE, VK_DYNAMIC_STATE_STENCIL_REFERENCE,
        VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
        VK_DYNAMIC_STATE_BLEND_CONSTANTS, VK_DYNAMIC_STATE_DEPTH_BIAS,
        VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT};
    /* Write masks are set per draw where the device lets them be dynamic
     * (the last entry), so state blocks that differ only in them share one
     * pipeline (server/pipelines.c) and a change binds none. */
    p->dynamic_write_mask = dev->set_write_mask && color_count;
    p->outputs = fs ? fs->outputs : ~0u;
    p->color_count = color_count;
    p->texel_mask = (vs ? vs->texel_mask : 0) | (fs ? fs->texel_mask : 0) |
                    (gs ? gs->texel_mask : 0) |
                    (tess ? tess->hs->texel_mask | tess->ds->texel_mask : 0);
    /* The slots its shaders declare, and their types (a slot two stages
     * declare of two types can match no view: WIRE_TEX_TYPE_COUNT). */
    {
        struct vkx_shader *const st[5] = {vs, fs, gs, tess ? tess->hs : NULL,
                                          tess ? tess->ds : NULL};
        for (int k = 0; k < 5; k++)
            for (uint32_t m = st[k] ? st[k]->image_mask : 0; m; m &= m - 1) {
                uint32_t slot = (uint32_t)__builtin_ctz(m);
                uint8_t t = st[k]->image_type[slot];
                if ((p->image_mask & (1u << slot)) && p->image_type[slot] != t)
                    t = WIRE_TEX_TYPE_COUNT;
                p->image_type[slot] = t;
                p->image_mask |= 1u << slot;
            }
    }
    /* A fragment module of the texture table reads the bind set its
     * vertex module passes on, which only a vertex module of the table
     * writes. */
    p->table = (vs && vs->table) || (fs && fs->table);
    if (fs && fs->table && !(vs && vs->table)) {
        NR_WARN(VK, "%s: a fragment shader of the texture table after a vertex shader "
                    "that passes no bind set", name);
        free(p);
        return NULL;
    }
    VkPipelineDynamicStateCreateInfo dy = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
        .dynamicStateCount = NR_ARRAY_SIZE(dyn) - (p->dynamic_write_mask ? 0 : 1),
        .pDynamicStates = dyn,
    };
    VkFormat depth_vk = wire_to_vk_format((enum wire_format)b->depth_format);
    VkPipelineRenderingCreateInfo ri = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = color_count,
        .pColorAttachmentFormats = color_formats,
        .depthAttachmentFormat = depth_vk,
        .stencilAttachmentFormat =
            b->depth_format && wire_format_get(b->depth_format)->stencil ? depth_vk
                                                                         : VK_FORMAT_UNDEFINED,
    };
    VkGraphicsPipelineCreateInfo gci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = &ri,
        .stageCount = stage_count,
        .pStages = stages,
        .pVertexInputState = &vi,
        .pInputAssemblyState = &ia,
        .pTessellationState = tess ? &ts : NULL,
        .pViewportState = &vp,
        .pRasterizationState = &rs,
        .pMultisampleState = &ms,
        .pDepthStencilState = &ds,
        .pColorBlendState = &cb,
        .pDynamicState = &dy,
        .layout = gs && gs->so_capture ? dev->so_gfx_layout : dev->layout,
    };
    if (!VKX_CHECK(vkCreateGraphicsPipelines(dev->device, dev->cache, 1, &gci,
                                             NULL, &p->pipeline))) {
        free(p);
        return NULL;
    }
    ctx->stats.pipelines_created++;
    set_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)p->pipeline, name);
    return p;
}

void vkx_pipeline_destroy_idle(struct vkx_device *dev, struct vkx_pipeline *p)
{
    if (!p)
        return;
    vkDestroyPipeline(dev->device, p->pipeline, NULL);
    free(p);
}

void vkx_pipeline_destroy(struct vkx_ctx *ctx, struct vkx_pipeline *p)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!p)
        return;
    if (p->capture != p) /* (a block of nothing rasterized draws its capture's) */
        vkx_pipeline_destroy(ctx, p->capture);
    vkx_pipeline_destroy(ctx, p->next_stream);
    if (ctx->cb)
        vkx_ctx_submit(ctx);
    wait_value(ctx, ctx->submitted);
    if (ctx->bound == p)
        ctx->bound = NULL;
    vkDestroyPipeline(ctx->dev->device, p->pipeline, NULL);
    free(p);
}

/* --------------------------------------------------------------- recording */

static bool same_target(const struct vkx_target *a, const struct vkx_target *b)
{
    return a->tex == b->tex && (!a->tex || (a->level == b->level && a->layer == b->layer &&
                                            a->format == b->format &&
                                            NR_MAX(a->layers, 1u) == NR_MAX(b->layers, 1u)));
}

bool vkx_set_render_targets(struct vkx_ctx *ctx, const struct vkx_target *color,
                            unsigned color_count, const struct vkx_target *depth)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_target none = {0};
    bool same = color_count == ctx->color_count &&
                same_target(depth ? depth : &none, &ctx->depth);
    for (unsigned i = 0; same && i < color_count; i++)
        same = same_target(&color[i], &ctx->color[i]);
    if (same)
        return true;
    if (ctx->cb)
        end_rendering(ctx);
    for (unsigned i = 0; i < color_count; i++)
        ctx->color[i] = color[i];
    ctx->color_count = color_count;
    ctx->depth = depth ? *depth : none;
    ctx->viewport_dirty = ctx->scissor_dirty = true;
    return true;
}

static void target_size(const struct vkx_target *t, uint32_t *w, uint32_t *h)
{
    *w = NR_MAX(t->tex->desc.width >> t->level, 1u);
    *h = NR_MAX(t->tex->desc.height >> t->level, 1u);
}

/* The render area: the intersection of the attachments. */
static uint32_t target_extent(struct vkx_ctx *ctx, uint32_t *h)
{
    uint32_t w = UINT32_MAX, tw, th;
    *h = UINT32_MAX;
    for (unsigned i = 0; i < ctx->color_count; i++)
        if (ctx->color[i].tex) {
            target_size(&ctx->color[i], &tw, &th);
            w = NR_MIN(w, tw);
            *h = NR_MIN(*h, th);
        }
    if (ctx->depth.tex) {
        target_size(&ctx->depth, &tw, &th);
        w = NR_MIN(w, tw);
        *h = NR_MIN(*h, th);
    }
    if (w == UINT32_MAX) {
        /* No attachment (D3D11's draws that write UAVs only): the
         * viewport's reach, as far as the device renders. */
        const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;
        const VkViewport *v = &ctx->viewports[0].vp;
        float x1 = v->x + v->width, y1 = v->y + v->height;
        if (ctx->viewports[0].none || !(v->width > 0) || !(v->height > 0) || !(x1 >= 1) ||
            !(y1 >= 1)) {
            /* Stream output alone: nothing is rasterized, any area does. */
            *h = ctx->discard_draw ? 1 : 0;
            return ctx->discard_draw ? 1 : 0;
        }
        *h = (uint32_t)NR_MIN(ceilf(y1), (float)NR_MIN(l->maxFramebufferHeight, 16384u));
        return (uint32_t)NR_MIN(ceilf(x1), (float)NR_MIN(l->maxFramebufferWidth, 16384u));
    }
    return w;
}

/* The layers of the bound targets' pass: the fewest of any (1 for targets
 * of one layer). */
static uint32_t target_layers(const struct vkx_ctx *ctx)
{
    uint32_t n = UINT32_MAX;
    for (unsigned i = 0; i < ctx->color_count; i++)
        if (ctx->color[i].tex)
            n = NR_MIN(n, NR_MAX(ctx->color[i].layers, 1u));
    if (ctx->depth.tex)
        n = NR_MIN(n, NR_MAX(ctx->depth.layers, 1u));
    return n == UINT32_MAX ? 1 : n;
}

static bool begin_rendering(struct vkx_ctx *ctx)
{
    VkRenderingAttachmentInfo colors[WIRE_MAX_COLOR_TARGETS], depth;
    uint32_t w, h;

    if (ctx->rendering)
        return true;
    if (!ctx_cb(ctx))
        return false;
    w = target_extent(ctx, &h);
    if (!w || !h) {
        ctx_fail(ctx, "a draw or clear with no render target bound");
        return false;
    }
    if (ctx->pass_barrier) {
        /* What earlier passes and copies wrote is visible to this one. */
        memory_barrier(ctx->cb);
        ctx->pass_barrier = false;
    }
    {
        /* Buffers rendered into: their bytes into their twins first. */
        bool buffers = false;
        for (unsigned i = 0; i < ctx->color_count; i++)
            if (ctx->color[i].buf) {
                twin_copy(ctx, &ctx->color[i], true);
                buffers = true;
            }
        if (buffers)
            memory_barrier(ctx->cb);
    }
    for (unsigned i = 0; i < ctx->color_count; i++) {
        struct vkx_target *t = &ctx->color[i];
        VkImageView view = t->tex ? target_view(ctx, t) : VK_NULL_HANDLE;
        if (t->tex && !view)
            return false;
        colors[i] = (VkRenderingAttachmentInfo){
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
            .imageView = view,
            .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
            .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
            .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        };
    }
    if (ctx->depth.tex) {
        VkImageView view = target_view(ctx, &ctx->depth);
        if (!view)
            return false;
        depth = (VkRenderingAttachmentInfo){
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
            .imageView = view,
            .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
            .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
            .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
        };
    }
    bool stencil = ctx->depth.tex && (ctx->depth.tex->aspect & VK_IMAGE_ASPECT_STENCIL_BIT);
    VkRenderingInfo ri = {
        .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
        .renderArea = {{0, 0}, {w, h}},
        .layerCount = target_layers(ctx),
        .colorAttachmentCount = ctx->color_count,
        .pColorAttachments = colors,
        .pDepthAttachment = ctx->depth.tex ? &depth : NULL,
        .pStencilAttachment = stencil ? &depth : NULL,
    };
    vkCmdBeginRendering(ctx->cb, &ri);
    ctx->rendering = true;
    queries_rendering_begun(ctx);
    return true;
}

bool vkx_fill(struct vkx_ctx *ctx, const struct vkx_target *t,
              const int32_t rect[4], const float color[4])
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_target saved[WIRE_MAX_COLOR_TARGETS], saved_depth = ctx->depth;
    unsigned saved_count = ctx->color_count;
    bool ok;

    memcpy(saved, ctx->color, sizeof(saved));
    end_rendering(ctx);
    ctx->color[0] = *t;
    ctx->color_count = 1;
    ctx->depth = (struct vkx_target){0};
    ok = vkx_clear(ctx, WIRE_CLEAR_COLOR, color, 0.0f, 0, rect, 1);
    end_rendering(ctx);
    memcpy(ctx->color, saved, sizeof(saved));
    ctx->color_count = saved_count;
    ctx->depth = saved_depth;
    return ok;
}

/* The bits of an integer format's channels (red, green, blue, alpha). */
static void integer_bits(enum wire_format f, uint32_t bits[4])
{
    uint32_t b = f == WIRE_FORMAT_A2B10G10R10_UINT ? 10 : 8 * wire_format_get(f)->block_bytes;
    switch (f) {
    case WIRE_FORMAT_R8G8_UINT: case WIRE_FORMAT_R8G8_SINT: case WIRE_FORMAT_R16G16_UINT:
    case WIRE_FORMAT_R16G16_SINT: case WIRE_FORMAT_R32G32_UINT: case WIRE_FORMAT_R32G32_SINT:
        b /= 2;
        break;
    case WIRE_FORMAT_R32G32B32_UINT: case WIRE_FORMAT_R32G32B32_SINT:
        b /= 3;
        break;
    case WIRE_FORMAT_R8G8B8A8_UINT: case WIRE_FORMAT_R8G8B8A8_SINT:
    case WIRE_FORMAT_R16G16B16A16_UINT: case WIRE_FORMAT_R16G16B16A16_SINT:
    case WIRE_FORMAT_R32G32B32A32_UINT: case WIRE_FORMAT_R32G32B32A32_SINT:
        b /= 4;
        break;
    default:
        break;
    }
    bits[0] = bits[1] = bits[2] = bits[3] = NR_MIN(b, 32u);
    if (f == WIRE_FORMAT_A2B10G10R10_UINT)
        bits[3] = 2;
}

/* A clear colour for an integer target: each float converted to the
 * channel's integers (truncated toward zero, clamped to its range; NaN is
 * 0), as D3D11 clears integer views. */
static void integer_clear(enum wire_format f, const float color[4], VkClearColorValue *out)
{
    uint32_t bits[4];
    integer_bits(f, bits);
    for (int i = 0; i < 4; i++) {
        double v = color[i] == color[i] ? (double)color[i] : 0.0;
        if (wire_format_get(f)->integer == 2) {
            double hi = (double)((1ull << (bits[i] - 1)) - 1), lo = -hi - 1;
            out->int32[i] = (int32_t)(v < lo ? lo : v > hi ? hi : v);
        } else {
            double hi = (double)((1ull << bits[i]) - 1);
            out->uint32[i] = (uint32_t)(v < 0 ? 0 : v > hi ? hi : v);
        }
    }
}

bool vkx_clear(struct vkx_ctx *ctx, uint32_t flags, const float color[4],
               float depth, uint32_t stencil, const int32_t *rects,
               uint32_t rect_count)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    VkClearAttachment att[WIRE_MAX_COLOR_TARGETS + 1];
    uint32_t n = 0, w, h;
    VkClearRect whole, *vr;
    uint32_t layers = target_layers(ctx); /* a layered target's clear fills them all */

    if (!begin_rendering(ctx))
        return false;
    flush_draws(ctx);
    w = target_extent(ctx, &h);
    if (flags & WIRE_CLEAR_COLOR)
        for (unsigned i = 0; i < ctx->color_count; i++) {
            if (!ctx->color[i].tex)
                continue;
            att[n] = (VkClearAttachment){VK_IMAGE_ASPECT_COLOR_BIT, i, {.color = {{0}}}};
            if (wire_format_get(target_format(&ctx->color[i]))->integer)
                integer_clear(target_format(&ctx->color[i]), color, &att[n].clearValue.color);
            else
                memcpy(att[n].clearValue.color.float32, color, 4 * sizeof(float));
            n++;
        }
    if (ctx->depth.tex && (flags & (WIRE_CLEAR_DEPTH | WIRE_CLEAR_STENCIL))) {
        VkImageAspectFlags a = 0;
        if (flags & WIRE_CLEAR_DEPTH)
            a |= VK_IMAGE_ASPECT_DEPTH_BIT;
        if ((flags & WIRE_CLEAR_STENCIL) &&
            (ctx->depth.tex->aspect & VK_IMAGE_ASPECT_STENCIL_BIT))
            a |= VK_IMAGE_ASPECT_STENCIL_BIT;
        att[n++] = (VkClearAttachment){a, 0, {.depthStencil = {depth, stencil}}};
    }
    if (!n)
        return true;
    if (!rect_count) {
        whole = (VkClearRect){{{0, 0}, {w, h}}, 0, layers};
        vkCmdClearAttachments(ctx->cb, n, att, 1, &whole);
        return true;
    }
    vr = malloc(rect_count * sizeof(*vr));
    if (!vr) {
        ctx_fail(ctx, "out of memory");
        return false;
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < rect_count; i++) {
        int32_t x0 = NR_MAX(rects[4 * i + 0], 0), y0 = NR_MAX(rects[4 * i + 1], 0);
        int32_t x1 = NR_MIN(rects[4 * i + 2], (int32_t)w);
        int32_t y1 = NR_MIN(rects[4 * i + 3], (int32_t)h);
        if (x1 > x0 && y1 > y0)
            vr[m++] = (VkClearRect){{{x0, y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}}, 0,
                                    layers};
    }
    if (m)
        vkCmdClearAttachments(ctx->cb, n, att, m, vr);
    free(vr);
    return true;
}

void vkx_set_viewport(struct vkx_ctx *ctx, const struct wire_set_viewport *v)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_viewport *to = &ctx->viewports[v->index];
    bool none = (v->flags & WIRE_VIEWPORT_NONE) != 0;
    bool attachments = ctx->depth.tex != NULL;
    for (unsigned i = 0; i < ctx->color_count; i++)
        attachments |= ctx->color[i].tex != NULL;
    /* A pass without attachments renders over viewport 0's reach
     * (target_extent): another reach, another pass. */
    if (!v->index && !attachments && ctx->rendering &&
        (v->x + v->width != to->vp.x + to->vp.width ||
         v->y + v->height != to->vp.y + to->vp.height || none != to->none))
        end_rendering(ctx);
    to->vp = (VkViewport){v->x, v->y, v->width, v->height, v->min_depth, v->max_depth};
    to->y_up = (v->flags & WIRE_VIEWPORT_Y_UP) != 0;
    to->none = none;
    /* (An index's scissor passes nothing while its viewport draws nothing.) */
    ctx->viewport_dirty = ctx->scissor_dirty = true;
}

void vkx_set_scissor(struct vkx_ctx *ctx, const struct wire_set_scissor *s)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_viewport *to = &ctx->viewports[s->index];
    to->scissor = (VkRect2D){{s->x, s->y}, {s->width, s->height}};
    to->clipped = !(s->flags & WIRE_SCISSOR_WHOLE);
    ctx->scissor_dirty = true;
}

void vkx_set_dynamic_state(struct vkx_ctx *ctx, const struct wire_set_dynamic_state *d)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    ctx->dynamic = *d;
    ctx->dynamic_dirty = true;
}

void vkx_set_push_constants(struct vkx_ctx *ctx, uint32_t offset,
                            uint32_t size, const void *data)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    memcpy(ctx->push + offset, data, size);
    ctx->push_dirty = true;
}

void vkx_set_vertex_buffer(struct vkx_ctx *ctx, uint32_t binding,
                           struct vkx_buffer *b, uint64_t offset, uint32_t stride)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    set_vb(ctx, binding, b);
    ctx->vb_offset[binding] = offset;
    ctx->vb_stride[binding] = stride;
}

void vkx_set_index_buffer(struct vkx_ctx *ctx, struct vkx_buffer *b,
                          uint64_t offset, uint32_t index_size)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    ctx->ib = b;
    ctx->ib_offset = offset;
    ctx->ib_type = index_size == 4 ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16;
}

void vkx_ctx_set_options(struct vkx_ctx *ctx, uint32_t options)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    ctx->options = options;
}

uint64_t vkx_ctx_check_failures(struct vkx_ctx *ctx)
{
    return ctx->check_failures;
}

const struct vkx_stats *vkx_ctx_stats(struct vkx_ctx *ctx)
{
    return &ctx->stats;
}

/* Binds a vertex buffer at binding i unless the command buffer has it. */
/* Binds buffer (VK_NULL_HANDLE: a null binding, where the device has null
 * descriptors) at binding i unless the command buffer has it there. */
static void bind_vertex(struct vkx_ctx *ctx, uint32_t i, VkBuffer buffer,
                        VkDeviceSize offset, VkDeviceSize stride)
{
    /* (A command buffer starts with no binding at all, null ones neither.) */
    if (ctx->vb_bound[i] == buffer && (buffer || (ctx->vb_null_bound >> i & 1)) &&
        ctx->vb_bound_offset[i] == offset && ctx->vb_bound_stride[i] == stride)
        return;
    flush_draws(ctx);
    vkCmdBindVertexBuffers2(ctx->cb, i, 1, &buffer, &offset, NULL, &stride);
    if (buffer)
        ctx->vb_null_bound &= ~(1u << i);
    else
        ctx->vb_null_bound |= 1u << i;
    ctx->rec.vb_cb[i] = ctx->cb_serial;
    ctx->rec.vb[i] = buffer;
    ctx->rec.vb_offset[i] = offset;
    ctx->rec.vb_stride[i] = stride;
    ctx->rec.epoch++;
    ctx->vb_bound[i] = buffer;
    ctx->vb_bound_offset[i] = offset;
    ctx->vb_bound_stride[i] = stride;
}

/* The sample count of the bound targets (1 with none). */
static uint32_t target_samples(const struct vkx_ctx *ctx)
{
    for (unsigned i = 0; i < ctx->color_count; i++)
        if (ctx->color[i].tex)
            return NR_MAX(ctx->color[i].tex->desc.samples, 1u);
    return ctx->depth.tex ? NR_MAX(ctx->depth.tex->desc.samples, 1u) : 1;
}

/* Whether nothing is drawn through index i: a viewport set so, or of no
 * area past index 0 (wire.h). */
static bool viewport_closed(const struct vkx_ctx *ctx, uint32_t i)
{
    const struct vkx_viewport *v = &ctx->viewports[i];
    return v->none || (i && !(v->vp.width > 0 && v->vp.height > 0));
}

/* Index i's viewport as recorded: the whole target for a viewport 0 of no
 * area, a pixel for one that draws nothing (its scissor passes nothing),
 * upside down for WIRE_VIEWPORT_Y_UP (D3D11's). */
static VkViewport effective_viewport(struct vkx_ctx *ctx, uint32_t i)
{
    const struct vkx_viewport *set = &ctx->viewports[i];
    VkViewport v = set->vp;
    if (viewport_closed(ctx, i)) {
        v = (VkViewport){0, 0, 1, 1, 0, 1};
    } else if (v.width <= 0 || v.height <= 0) {
        uint32_t h, w = target_extent(ctx, &h);
        v = (VkViewport){0, 0, (float)w, (float)h, 0, 1};
    }
    if (set->y_up) {
        v.y += v.height;
        v.height = -v.height;
    }
    return v;
}

/* Index i's scissor as recorded: the whole target without a rectangle,
 * nothing where its viewport draws nothing. */
static VkRect2D effective_scissor(struct vkx_ctx *ctx, uint32_t i)
{
    const struct vkx_viewport *set = &ctx->viewports[i];
    if (viewport_closed(ctx, i))
        return (VkRect2D){{0, 0}, {0, 0}};
    if (set->clipped)
        return set->scissor;
    uint32_t h, w = target_extent(ctx, &h);
    return (VkRect2D){{0, 0}, {w, h}};
}

/* The bindings of every sampler (UBO_BINDINGS: of every uniform buffer). */
#define SAMPLER_BINDINGS (((1u << WIRE_SET0_TEXTURE_SLOTS) - 1) << NR_BIND_FS_SAMPLER0)

/* Every texture slot the shaders declare holds a view of the type they
 * read (Vulkan's rule, whatever the client sent): an empty slot, or one
 * never set, becomes the empty texture of that type; a texture bound as
 * another type cuts the context off. */
static bool check_image_types(struct vkx_ctx *ctx, uint32_t mask, const uint8_t *types)
{
    for (uint32_t m = mask; m; m &= m - 1) {
        uint32_t slot = (uint32_t)__builtin_ctz(m);
        if (ctx->image_view[slot] == types[slot] && (ctx->images_valid & (1u << slot)))
            continue;
        if (ctx->image_tex[slot] && (ctx->images_valid & (1u << slot))) {
            ctx_fail(ctx, "texture slot %u holds a view of type %u: the shader reads type %u",
                     slot, ctx->image_view[slot], types[slot]);
            return false;
        }
        if (types[slot] >= WIRE_TEX_TYPE_COUNT ||
            (types[slot] == WIRE_TEX_2D_MS && !ctx->dev->null_descriptor) ||
            (types[slot] == WIRE_TEX_CUBE_ARRAY && !ctx->dev->cube_array)) {
            ctx_fail(ctx, "texture slot %u is read as a type no view of this device has", slot);
            return false;
        }
        ctx->image_view[slot] = types[slot];
        bind_null_texture(ctx, slot);
    }
    return true;
}

/* The dynamic depth bias; for a D24S8 target kept as D32S8 in D24's
 * fixed unit (2^-24: FORCE_UNORM) where the device has that. */
static void set_depth_bias(struct vkx_ctx *ctx, const struct wire_set_dynamic_state *d)
{
    float clamp = ctx->dev->depth_bias_clamp ? d->depth_bias_clamp : 0.0f;
    bool unorm = ctx->dev->bias_force_unorm && ctx->depth.tex &&
                 d24s8_in_float(ctx->depth.tex->desc.format);
    ctx->bias_unorm = unorm;
    if (!unorm) {
        vkCmdSetDepthBias(ctx->cb, d->depth_bias_constant, clamp, d->depth_bias_slope);
        return;
    }
    struct nr_depth_bias_representation_info rep = {
        NR_STYPE_DEPTH_BIAS_REPRESENTATION_INFO, NULL,
        NR_DEPTH_BIAS_REPRESENTATION_FORCE_UNORM, VK_FALSE};
    struct nr_depth_bias_info info = {NR_STYPE_DEPTH_BIAS_INFO, &rep, d->depth_bias_constant,
                                      clamp, d->depth_bias_slope};
    ctx->dev->set_depth_bias2(ctx->cb, &info);
}

static bool prepare_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p)
{
    if (p->image_mask && !check_image_types(ctx, p->image_mask, p->image_type))
        return false;
    /* Slots never set sample the empty texture (made before the pass). */
    fill_empty_slots(ctx);
    if (p->table && !ctx->table && !table_create(ctx)) {
        ctx_fail(ctx, "cannot make the texture table");
        return false;
    }
    /* Set 1's views (empty storage is made before the pass too). */
    bool set1 = p->texel_mask || ctx->texel_set || ctx->storage_set;
    if (set1 && !resolve_set1(ctx))
        return false;
    /* Storage a draw of this pass wrote is seen by the next draw after a
     * barrier, between passes. */
    if (ctx->storage_pending)
        end_rendering(ctx);
    if (!begin_rendering(ctx) || !queries_draw(ctx))
        return false;
    if (p->texel_mask & SET1_STORAGE_BITS)
        ctx->storage_pending = true;
    for (unsigned i = 0; i < WIRE_MAX_COLOR_TARGETS; i++) {
        uint32_t have = i < ctx->color_count && ctx->color[i].tex
                            ? target_format(&ctx->color[i]) : 0;
        uint32_t want = p->color_formats[i];
        if (want == WIRE_FORMAT_B8G8R8X8_UNORM)
            want = WIRE_FORMAT_B8G8R8A8_UNORM;
        if (have == WIRE_FORMAT_B8G8R8X8_UNORM)
            have = WIRE_FORMAT_B8G8R8A8_UNORM;
        if (have != want) {
            ctx_fail(ctx, "state block colour target %u format %u does not "
                          "match the bound target's %u", i, want, have);
            return false;
        }
    }
    /* The pipeline rasterizes with the targets' sample count: every bound
     * target (SET_RENDER_TARGETS made them agree) has the pipeline's. */
    if (target_samples(ctx) != p->samples) {
        ctx_fail(ctx, "state block of %u samples does not match the bound "
                      "targets' %u", p->samples, target_samples(ctx));
        return false;
    }
    if ((ctx->depth.tex ? ctx->depth.tex->desc.format : 0) != p->depth_format) {
        ctx_fail(ctx, "state block depth format %u does not match the bound "
                      "target's %u", p->depth_format,
                 ctx->depth.tex ? ctx->depth.tex->desc.format : 0);
        return false;
    }
    if (ctx->options & WIRE_CONTEXT_REFERENCE)
        forget_bindings(ctx);
    if (p->table && !table_prepare(ctx))
        return false;
    /* Every uniform buffer a module may read holds a descriptor: one the
     * client never set reads zeros (16 bytes; robustBufferAccess bounds
     * the rest). */
    if (!zero_unset_uniforms(ctx))
        return false;
    if (ctx->uniform_dirty && !upload_uniforms(ctx))
        return false;
    if (set1 && !prepare_texels(ctx, p))
        return false;
    push_descriptors(ctx, p->table ? ~SAMPLER_BINDINGS : ~0u);
    /* A depth target of another representation of its bias. */
    if (__builtin_expect(ctx->dev->bias_force_unorm, 0) &&
        ctx->bias_unorm != (ctx->depth.tex && d24s8_in_float(ctx->depth.tex->desc.format)))
        ctx->dynamic_dirty = true;
    if (ctx->bound != p || ctx->viewport_dirty || ctx->scissor_dirty ||
        ctx->push_dirty || ctx->dynamic_dirty)
        flush_draws(ctx);
    if (ctx->dynamic_dirty) {
        const struct wire_set_dynamic_state *d = &ctx->dynamic;
        vkCmdSetStencilReference(ctx->cb, VK_STENCIL_FACE_FRONT_AND_BACK,
                                 d->stencil_reference);
        vkCmdSetStencilCompareMask(ctx->cb, VK_STENCIL_FACE_FRONT_AND_BACK,
                                   d->stencil_compare_mask);
        vkCmdSetStencilWriteMask(ctx->cb, VK_STENCIL_FACE_FRONT_AND_BACK,
                                 d->stencil_write_mask);
        vkCmdSetBlendConstants(ctx->cb, d->blend_constants);
        set_depth_bias(ctx, d);
        ctx->rec.dynamic_cb = ctx->cb_serial;
        ctx->rec.dynamic = *d;
        ctx->rec.epoch++;
        ctx->dynamic_dirty = false;
    }
    if (p->dynamic_write_mask && p->color_count) {
        /* The state's masks, less the attachments the module does not
         * write (struct vkx_pipeline's outputs). */
        VkColorComponentFlags masks[WIRE_MAX_COLOR_TARGETS];
        for (uint32_t i = 0; i < p->color_count; i++)
            masks[i] = p->outputs >> i & 1 ? ctx->write_masks[i] : 0;
        if (ctx->masks_dirty ||
            memcmp(ctx->masks_set, masks, p->color_count * sizeof(ctx->masks_set[0]))) {
            flush_draws(ctx);
            ctx->dev->set_write_mask(ctx->cb, 0, p->color_count, masks);
            memcpy(ctx->masks_set, masks, p->color_count * sizeof(ctx->masks_set[0]));
            ctx->masks_dirty = false;
        }
    }
    if (ctx->bound != p) {
        vkCmdBindPipeline(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p->pipeline);
        ctx->rec.pipeline_cb = ctx->cb_serial;
        ctx->rec.pipeline = p->pipeline;
        ctx->rec.epoch++;
        ctx->bound = p;
        /* The vertex buffers are bound again with their strides: Mesa 25's
         * lavapipe takes the strides of a pipeline of another vertex
         * layout from that pipeline, dynamic or not (test_shaders,
         * test_shader_models and test_ffp_pixels drew from the last
         * pipeline's strides there). */
        memset(ctx->vb_bound, 0, sizeof(ctx->vb_bound));
    ctx->vb_null_bound = 0;
        ctx->stats.pipeline_binds++;
        /* A pipeline whose write masks are static (one without colour
         * targets) overwrites the dynamic ones: the next pipeline that has
         * them dynamic sets them again. */
        if (!p->dynamic_write_mask)
            ctx->masks_dirty = true;
    }
    /* The pipeline's viewports and scissors: set when changed, and when
     * it has more than the command buffer has had set since. */
    if (ctx->viewport_dirty || ctx->rec.viewport_n < p->viewports) {
        for (uint32_t i = 0; i < p->viewports; i++)
            ctx->rec.viewport[i] = effective_viewport(ctx, i);
        vkCmdSetViewport(ctx->cb, 0, p->viewports, ctx->rec.viewport);
        ctx->rec.viewport_cb = ctx->cb_serial;
        ctx->rec.viewport_n = p->viewports;
        ctx->rec.epoch++;
        ctx->viewport_dirty = false;
    }
    if (ctx->scissor_dirty || ctx->rec.scissor_n < p->viewports) {
        for (uint32_t i = 0; i < p->viewports; i++)
            ctx->rec.scissor[i] = effective_scissor(ctx, i);
        vkCmdSetScissor(ctx->cb, 0, p->viewports, ctx->rec.scissor);
        ctx->rec.scissor_cb = ctx->cb_serial;
        ctx->rec.scissor_n = p->viewports;
        ctx->rec.epoch++;
        ctx->scissor_dirty = false;
    }
    if (ctx->push_dirty) {
        vkCmdPushConstants(ctx->cb, ctx->dev->layout,
                           VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                           0, WIRE_PUSH_CONSTANT_BYTES, ctx->push);
        ctx->rec.push_cb = ctx->cb_serial;
        memcpy(ctx->rec.push, ctx->push, sizeof(ctx->push));
        ctx->rec.epoch++;
        ctx->push_dirty = false;
    }
    return true;
}

static void check_report(struct vkx_ctx *ctx, const char *fmt, ...) NR_PRINTF(2, 3);
static void check_report(struct vkx_ctx *ctx, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof(what), fmt, ap);
    va_end(ap);
    ctx->check_failures++;
    NR_ERR(VK, "NEREID_CHECK_STATE: server context %u, draw %llu: %s", ctx->id,
           (unsigned long long)ctx->stats.draws, what);
}

/* The upload chunk a buffer belongs to, or NULL. */
static struct vkx_chunk *chunk_of(struct vkx_ctx *ctx, VkBuffer buffer)
{
    for (size_t i = 0; i < ctx->chunk_count; i++)
        if (ctx->chunks[i].buffer == buffer)
            return &ctx->chunks[i];
    return NULL;
}

/* The check mode's look at a table draw: set 2 bound in this command
 * buffer, the bind set the draw will name written in it, and each of its
 * words an entry holding the texture and sampler set on that slot. */
static void check_table(struct vkx_ctx *ctx)
{
    const struct vkx_table *t = ctx->table;
    uint32_t words[NR_BINDSET_WORDS];

    if (!t || ctx->rec.table_cb != ctx->cb_serial || t->bound_cb != ctx->cb_serial) {
        check_report(ctx, "the texture table is not bound in this command buffer");
        return;
    }
    if (t->bindset_cb != ctx->cb_serial) {
        check_report(ctx, "the draw's bind set was written for another command buffer");
        return;
    }
    memcpy(words, t->map + (uint64_t)t->bindset * 4, sizeof(words));
    for (uint32_t s = 0; s < WIRE_SET0_TEXTURE_SLOTS; s++) {
        bool valid = ctx->images_valid & (1u << s);
        VkImageView view = valid ? ctx->images[s].imageView : t->entries[0].view;
        VkSampler sampler = valid ? ctx->images[s].sampler : t->entries[0].sampler;
        uint32_t e = words[s];
        if (e >= NR_TABLE_SIZE || !t->entries[e].used || t->entries[e].view != view ||
            t->entries[e].sampler != sampler)
            check_report(ctx, "texture slot %u: the bind set's table entry %u is not the "
                              "texture and sampler set", s, e);
        else if (t->entries[e].last_use != recording_value(ctx))
            check_report(ctx, "texture slot %u: table entry %u may be given up under "
                              "this command buffer", s, e);
    }
}

/* The check mode (WIRE_CONTEXT_CHECK): before a draw is queued, everything
 * it reads must have been recorded into this command buffer with the
 * values last set, and uniform data must sit in upload memory this command
 * buffer owns (a chunk of an earlier submission is recycled under it).
 * vb0 is the buffer DRAW_UP binds at binding 0 (VK_NULL_HANDLE otherwise);
 * ib the index buffer an indexed draw reads. */
static void check_draw(struct vkx_ctx *ctx, const struct vkx_pipeline *p,
                       VkBuffer vb0, VkBuffer ib, VkDeviceSize ib_offset, VkIndexType ib_type)
{
    const struct vkx_recorded *r = &ctx->rec;
    uint64_t cb = ctx->cb_serial;

    if (r->pipeline_cb != cb || r->pipeline != p->pipeline)
        check_report(ctx, "the pipeline is not bound in this command buffer");
    for (uint32_t b = 0; b < NR_BIND_COUNT; b++) {
        if (!(ctx->desc_valid & (1u << b)) || (p->table && (SAMPLER_BINDINGS >> b & 1)))
            continue;
        if (r->desc_cb[b] != cb) {
            check_report(ctx, "descriptor %u was not pushed in this command buffer", b);
            continue;
        }
        if (!nr_binding_is_ubo(b)) {
            if (memcmp(&r->images[b - 2], &ctx->images[b - 2], sizeof(r->images[0])))
                check_report(ctx, "texture slot %u: the pushed image or sampler is not "
                                  "the one set", b - 2);
            continue;
        }
        uint32_t ub = nr_binding_ubo(b);
        const VkDescriptorBufferInfo *u = &r->ubo[ub];
        struct vkx_chunk *c = chunk_of(ctx, u->buffer);
        if (!c || c->busy_until != UINT64_MAX)
            check_report(ctx, "uniform buffer %u lies in upload memory this command "
                              "buffer does not own", ub);
        else if (u->range != ctx->uniform_total[ub] || !ctx->uniforms[ub] ||
                 memcmp(c->map + u->offset, ctx->uniforms[ub], u->range))
            check_report(ctx, "uniform buffer %u in the command buffer differs from the "
                              "data last set", ub);
    }
    if (p->table)
        check_table(ctx);
    if (p->texel_mask && r->texel_set_cb != cb)
        check_report(ctx, "no texel buffer set is bound in this command buffer");
    for (uint32_t t = 0; p->texel_mask && r->texel_set_cb == cb && t < NR_TEXEL_COUNT; t++) {
        if (!(p->texel_mask & set1_bit(nr_texel_binding(t))))
            continue;
        if (r->texels[t] != ctx->texel_views[t] || !r->texels[t])
            check_report(ctx, "texel buffer slot %u: the bound set's view is not the one set",
                         t);
        else if (ctx->texel[t].buf &&
                 ctx->texel_views[t] != find_texel_view(&ctx->texel[t].buf->cur,
                                                        ctx->texel[t].format,
                                                        ctx->texel[t].offset,
                                                        ctx->texel[t].size))
            check_report(ctx, "texel buffer slot %u: the view is not of the buffer's current "
                              "version", t);
    }
    /* The other stages' textures the pipeline reads, in the bound set 1. */
    for (uint32_t m = p->image_mask >> WIRE_STAGE_TEXTURE_SLOT0; m; m &= m - 1) {
        uint32_t k = (uint32_t)__builtin_ctz(m), slot = WIRE_STAGE_TEXTURE_SLOT0 + k;
        if (r->texel_set_cb != cb || !(ctx->images_valid >> slot & 1) ||
            memcmp(&r->stage_images[k], &ctx->images[slot], sizeof(r->stage_images[0])))
            check_report(ctx, "texture slot %u: the bound set 1's image or sampler is not "
                              "the one set", slot);
    }
    for (uint32_t i = 0; i < p->viewports; i++) {
        VkViewport v = effective_viewport(ctx, i);
        VkRect2D s = effective_scissor(ctx, i);
        if (r->viewport_cb != cb || r->viewport_n <= i || memcmp(&r->viewport[i], &v, sizeof(v)))
            check_report(ctx, "viewport %u is not the one set", i);
        if (r->scissor_cb != cb || r->scissor_n <= i || memcmp(&r->scissor[i], &s, sizeof(s)))
            check_report(ctx, "scissor %u is not the one set", i);
    }
    if (r->push_cb != cb || memcmp(r->push, ctx->push, sizeof(r->push)))
        check_report(ctx, "the push constants are not the ones set");
    if (r->dynamic_cb != cb || memcmp(&r->dynamic, &ctx->dynamic, sizeof(r->dynamic)))
        check_report(ctx, "the dynamic state is not the one set");
    for (uint32_t i = 0; i < WIRE_MAX_VERTEX_BINDINGS; i++) {
        VkBuffer want = i == 0 && vb0 ? vb0 : ctx->vb[i] ? ctx->vb[i]->cur.buffer
                                                          : VK_NULL_HANDLE;
        VkDeviceSize off = i == 0 && vb0 ? 0 : ctx->vb_offset[i];
        if (!want)
            continue;
        if (r->vb_cb[i] != cb || r->vb[i] != want || r->vb_offset[i] != off)
            check_report(ctx, "vertex binding %u is not the buffer set", i);
    }
    if (ib && (r->ib_cb != cb || r->ib != ib || r->ib_offset != ib_offset ||
               r->ib_type != ib_type))
        check_report(ctx, "the index buffer is not the one set");
}

static bool queue_draw(struct vkx_ctx *ctx, bool indexed, uint32_t count,
                       uint32_t first, int32_t base_vertex)
{
    if (ctx->pending_count && ctx->pending_is_indexed != indexed)
        flush_draws(ctx);
    if (ctx->options & WIRE_CONTEXT_CHECK) {
        if (ctx->pending_count && ctx->rec.pending_epoch != ctx->rec.epoch)
            check_report(ctx, "state was recorded between draws merged into one "
                              "multi-draw");
        if (!ctx->pending_count)
            ctx->rec.pending_epoch = ctx->rec.epoch;
    }
    ctx->pending_is_indexed = indexed;
    ctx->cb_work += count;
    ctx->cb_draws++;
    /* The queued draws share a pipeline (binding another flushes them). */
    ctx->pending_table = ctx->bound && ctx->bound->table;
    if (ctx->pending_table) {
        struct vkx_table *t = ctx->table;
        if (!nr_array_reserve((void **)&t->pending, &t->pending_cap, ctx->pending_count + 1,
                              sizeof(*t->pending))) {
            ctx_fail(ctx, "out of memory");
            return false;
        }
        t->pending[ctx->pending_count] = t->bindset;
    }
    if (indexed) {
        if (!nr_array_reserve((void **)&ctx->pending_indexed,
                              &ctx->pending_indexed_cap, ctx->pending_count + 1,
                              sizeof(*ctx->pending_indexed))) {
            ctx_fail(ctx, "out of memory");
            return false;
        }
        ctx->pending_indexed[ctx->pending_count++] =
            (VkMultiDrawIndexedInfoEXT){first, count, base_vertex};
    } else {
        if (!nr_array_reserve((void **)&ctx->pending, &ctx->pending_cap,
                              ctx->pending_count + 1, sizeof(*ctx->pending))) {
            ctx_fail(ctx, "out of memory");
            return false;
        }
        ctx->pending[ctx->pending_count++] = (VkMultiDrawInfoEXT){first, count};
    }
    ctx->stats.draws++;
    return true;
}

static void record_index_buffer(struct vkx_ctx *ctx, VkBuffer b, VkDeviceSize offset,
                                VkIndexType type)
{
    ctx->rec.ib_cb = ctx->cb_serial;
    ctx->rec.ib = b;
    ctx->rec.ib_offset = offset;
    ctx->rec.ib_type = type;
    ctx->rec.epoch++;
}

/* Binds the vertex buffers the pipeline reads (and marks their use). */
static bool bind_vertex_buffers(struct vkx_ctx *ctx)
{
    uint64_t use = recording_value(ctx);
    for (uint32_t m = ctx->vb_mask; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctz(m);
        struct vkx_buffer *b = ctx->vb[i];
        bind_vertex(ctx, i, b->cur.buffer, ctx->vb_offset[i], ctx->vb_stride[i]);
        b->cur.last_use = use;
    }
    /* Bindings the pipeline reads that have no buffer (the server let the
     * draw through only where the device has null descriptors): zeros. */
    for (uint32_t m = ctx->bound ? ctx->bound->vb_reads & ~ctx->vb_mask : 0; m; m &= m - 1)
        bind_vertex(ctx, (uint32_t)__builtin_ctz(m), VK_NULL_HANDLE, 0, 0);
    return true;
}

/* ------------------------------------------------------- stream output */

static bool xfb_query_open(struct vkx_ctx *ctx, uint32_t stream, uint32_t *slot);
static void xfb_query_close(struct vkx_ctx *ctx, uint32_t slot);

/* Stream output (D3D11's SO) on VK_EXT_transform_feedback.  Every draw of
 * a pipeline that captures (or rasterizes nothing) is recorded alone:
 * its targets bound at offset 0 with their whole size, transform feedback
 * begun with each target's own position (the counter word past its data)
 * and ended writing it back, so the next draw, or a later SOSetTargets with
 * -1, appends where this one stopped.  The draw ends its rendering pass
 * (storage_pending): what it wrote reaches the next draw, copy or
 * DrawAuto through the barrier between passes. */
bool vkx_set_so_targets(struct vkx_ctx *ctx, struct vkx_buffer *const *buffers,
                        const uint64_t *offsets)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    bool fills = false;
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
        ctx->so[i] = buffers[i];
        fills |= buffers[i] && offsets[i] != WIRE_SO_APPEND;
    }
    if (!fills)
        return true;
    /* The positions set, in the order of the stream: after the stream
     * output before (which writes them), before the draws after. */
    end_rendering(ctx);
    if (!ctx_cb(ctx))
        return false;
    memory_barrier(ctx->cb);
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
        struct vkx_buffer *b = buffers[i];
        if (!b || offsets[i] == WIRE_SO_APPEND)
            continue;
        vkCmdFillBuffer(ctx->cb, b->cur.buffer, b->counter_offset, 4, (uint32_t)offsets[i]);
        b->cur.last_use = recording_value(ctx);
    }
    memory_barrier(ctx->cb);
    return true;
}

/* Binds the targets (an empty 4-byte buffer where a slot has none) and
 * begins transform feedback from their positions. */
static bool xfb_begin(struct vkx_ctx *ctx, VkBuffer *counters, VkDeviceSize *counter_offsets)
{
    struct vkx_device *dev = ctx->dev;
    uint64_t use = recording_value(ctx);
    if (!ctx->so_dummy &&
        !(ctx->so_dummy = vkx_buffer_create(ctx, 4, WIRE_BUF_STREAM_OUT, "no SO target"))) {
        ctx_fail(ctx, "out of memory for stream output");
        return false;
    }
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++) {
        struct vkx_buffer *b = ctx->so[i] ? ctx->so[i] : ctx->so_dummy;
        /* Whole words (the server's stream-output buffers are at least 4
         * bytes), as far as the device captures into one buffer. */
        VkDeviceSize zero = 0, size = NR_MIN(b->size & ~(uint64_t)3, dev->max_xfb_size);
        dev->bind_xfb(ctx->cb, i, 1, &b->cur.buffer, &zero, &size);
        counters[i] = b->cur.buffer;
        counter_offsets[i] = b->counter_offset;
        b->cur.last_use = use;
    }
    dev->begin_xfb(ctx->cb, 0, WIRE_MAX_SO_TARGETS, counters, counter_offsets);
    return true;
}

enum so_draw_kind { SO_DRAW, SO_DRAW_INDEXED, SO_DRAW_AUTO };

static bool so_emu_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p, enum so_draw_kind kind,
                        uint32_t count, uint32_t first, int32_t base_vertex, uint32_t instances,
                        uint32_t first_instance);
static bool so_record(struct vkx_ctx *ctx, struct vkx_pipeline *p, enum so_draw_kind kind,
                      uint32_t count, uint32_t first, int32_t base_vertex, uint32_t instances,
                      uint32_t first_instance);
static bool so_emu_args(struct vkx_ctx *ctx, uint32_t stride, uint32_t offset);

/* A draw recorded alone, with stream output around it where the pipeline
 * captures (by transform feedback; emulated: so_emu_draw, which records
 * the draw and its captures here, without). */
static bool so_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p, enum so_draw_kind kind,
                    uint32_t count, uint32_t first, int32_t base_vertex, uint32_t instances,
                    uint32_t first_instance)
{
    /* Each stream of the program in turn (vkx_pipeline_chain_stream). */
    for (; p; p = p->next_stream) {
        if (p->capture) { /* (which takes DrawAuto's count itself) */
            if (!so_emu_draw(ctx, p, kind, count, first, base_vertex, instances,
                             first_instance))
                return false;
            continue;
        }
        if ((kind == SO_DRAW_AUTO && !ctx->dev->xfb && !so_emu_args(ctx, count, first)) ||
            !so_record(ctx, p, kind, count, first, base_vertex, instances, first_instance))
            return false;
    }
    return true;
}

static bool so_record(struct vkx_ctx *ctx, struct vkx_pipeline *p, enum so_draw_kind kind,
                      uint32_t count, uint32_t first, int32_t base_vertex, uint32_t instances,
                      uint32_t first_instance)
{
    bool xfb = p->captures && ctx->dev->xfb;
    VkBuffer counters[WIRE_MAX_SO_TARGETS];
    VkDeviceSize counter_offsets[WIRE_MAX_SO_TARGETS];
    struct vkx_buffer *ib = ctx->ib, *auto_src = ctx->vb[0];
    uint32_t qslot = UINT32_MAX;
    bool ok;

    if (kind == SO_DRAW_INDEXED && !ib) {
        ctx_fail(ctx, "indexed draw without an index buffer");
        return false;
    }
    ctx->discard_draw = p->discard;
    ok = ctx_cb(ctx) && prepare_draw(ctx, p) && bind_vertex_buffers(ctx);
    ctx->discard_draw = false;
    if (!ok)
        return false;
    prepared(ctx, p);
    if (kind == SO_DRAW_INDEXED &&
        (ctx->ib_bound != ib->cur.buffer || ctx->ib_bound_offset != ctx->ib_offset ||
         ctx->ib_bound_type != ctx->ib_type)) {
        flush_draws(ctx);
        vkCmdBindIndexBuffer(ctx->cb, ib->cur.buffer, ctx->ib_offset, ctx->ib_type);
        record_index_buffer(ctx, ib->cur.buffer, ctx->ib_offset, ctx->ib_type);
        ctx->ib_bound = ib->cur.buffer;
        ctx->ib_bound_offset = ctx->ib_offset;
        ctx->ib_bound_type = ctx->ib_type;
    }
    if (kind == SO_DRAW_INDEXED)
        ib->cur.last_use = recording_value(ctx);
    if (p->emu.m) /* a capture: the scratch */
        vkCmdBindDescriptorSets(ctx->cb, VK_PIPELINE_BIND_POINT_GRAPHICS,
                                ctx->dev->so_gfx_layout, 3, 1, &ctx->so_set, 0, NULL);
    if ((ctx->options & WIRE_CONTEXT_CHECK) && !p->emu.m) {
        ctx->discard_draw = p->discard;
        check_draw(ctx, p, VK_NULL_HANDLE, kind == SO_DRAW_INDEXED ? ib->cur.buffer : VK_NULL_HANDLE,
                   kind == SO_DRAW_INDEXED ? ctx->ib_offset : 0,
                   kind == SO_DRAW_INDEXED ? ctx->ib_type : 0);
        ctx->discard_draw = false;
    }
    flush_draws(ctx);
    if (!table_single(ctx))
        return false;
    if (xfb && (!xfb_begin(ctx, counters, counter_offsets) ||
                !xfb_query_open(ctx, p->stream, &qslot)))
        return false;
    switch (kind) {
    case SO_DRAW:
        vkCmdDraw(ctx->cb, count, instances, first, first_instance);
        break;
    case SO_DRAW_INDEXED:
        vkCmdDrawIndexed(ctx->cb, count, instances, first, base_vertex, first_instance);
        break;
    case SO_DRAW_AUTO:
        /* count: the stride; first: binding 0's offset, subtracted from
         * the position.  Emulated: the count so_emu_draw computed. */
        if (!ctx->dev->xfb) {
            vkCmdDrawIndirect(ctx->cb, ctx->so_scratch->cur.buffer, SO_EMU_ARGS * 4, 1, 16);
            ctx->so_scratch->cur.last_use = recording_value(ctx);
        } else {
            ctx->dev->draw_byte_count(ctx->cb, 1, 0, auto_src->cur.buffer,
                                      auto_src->counter_offset, first, count);
        }
        break;
    }
    if (xfb) {
        xfb_query_close(ctx, qslot);
        ctx->dev->end_xfb(ctx->cb, 0, WIRE_MAX_SO_TARGETS, counters, counter_offsets);
    }
    ctx->storage_pending = true;
    ctx->cb_work += kind == SO_DRAW_AUTO ? 1 : (uint64_t)count * instances;
    ctx->cb_draws++;
    ctx->stats.draws++;
    ctx->stats.draw_calls++;
    return true;
}

/* ------------------------------------------- emulated stream output
 *
 * shader/so_emu.h has the plan; here are its rounds.  A draw that
 * captures is recorded alone: the draw itself (unless nothing is
 * rasterized), then for each instance a round: the parameters and the
 * slots' counts set, the capture pipeline drawn (rasterizer discard), the
 * SCAN and COPY modes dispatched, a barrier after each step. */

/* The scratch holds at most this many words (1 GiB). */
#define SO_EMU_MAX_SCRATCH_WORDS (UINT64_C(1) << 28)

/* The scratch of at least `words` words, and set 3 naming it.  A larger
 * one waits for the context's work first (its set may be bound there). */
static bool so_scratch_reserve(struct vkx_ctx *ctx, uint64_t words)
{
    struct vkx_device *dev = ctx->dev;
    uint64_t bytes = words * 4, size;
    if (ctx->so_scratch && ctx->so_scratch->size >= bytes)
        return true;
    size = NR_MAX(bytes, UINT64_C(65536));
    if (ctx->so_scratch) {
        size = NR_MAX(size, 2 * ctx->so_scratch->size);
        if (ctx->cb && !vkx_ctx_submit(ctx))
            return false;
        if (!wait_value(ctx, ctx->submitted))
            return false;
        version_destroy(ctx, &ctx->so_scratch->cur);
        free(ctx->so_scratch);
        ctx->so_scratch = NULL;
    }
    if (!(ctx->so_scratch = vkx_buffer_create(ctx, size, WIRE_BUF_STREAM_OUT, "SO scratch"))) {
        ctx_fail(ctx, "out of memory for stream output's scratch (%llu bytes)",
                 (unsigned long long)size);
        return false;
    }
    if (!ctx->so_pool) {
        VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
        VkDescriptorPoolCreateInfo pci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &ps};
        VkDescriptorSetAllocateInfo ai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorSetCount = 1, .pSetLayouts = &dev->so_set_layout};
        if (!VKX_CHECK(vkCreateDescriptorPool(dev->device, &pci, NULL, &ctx->so_pool)) ||
            !(ai.descriptorPool = ctx->so_pool) ||
            !VKX_CHECK(vkAllocateDescriptorSets(dev->device, &ai, &ctx->so_set))) {
            ctx_fail(ctx, "cannot make stream output's descriptor set");
            return false;
        }
    }
    VkDescriptorBufferInfo bi = {ctx->so_scratch->cur.buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet w = {
        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = ctx->so_set,
        .dstBinding = 0, .descriptorCount = 1,
        .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &bi};
    vkUpdateDescriptorSets(dev->device, 1, &w, 0, NULL);
    return true;
}

/* A compute mode over the scratch and the targets (`first`: target 0's
 * buffer in place of the bound one), outside rendering, between
 * barriers. */
static bool so_emu_dispatch(struct vkx_ctx *ctx, enum so_emu_mode mode, struct vkx_buffer *first,
                            uint32_t groups)
{
    struct vkx_device *dev = ctx->dev;
    VkDescriptorBufferInfo bi[1 + WIRE_MAX_SO_TARGETS];
    VkWriteDescriptorSet w[1 + WIRE_MAX_SO_TARGETS];
    uint64_t use = recording_value(ctx);
    if (!ctx->so_dummy &&
        !(ctx->so_dummy = vkx_buffer_create(ctx, 4, WIRE_BUF_STREAM_OUT, "no SO target"))) {
        ctx_fail(ctx, "out of memory for stream output");
        return false;
    }
    for (uint32_t i = 0; i <= WIRE_MAX_SO_TARGETS; i++) {
        struct vkx_buffer *b = !i            ? ctx->so_scratch
                               : i == 1 && first ? first
                               : ctx->so[i - 1] ? ctx->so[i - 1]
                                                : ctx->so_dummy;
        bi[i] = (VkDescriptorBufferInfo){b->cur.buffer, 0, VK_WHOLE_SIZE};
        w[i] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = i,
            .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
            .pBufferInfo = &bi[i]};
        b->cur.last_use = use;
    }
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    dev->push_descriptors(ctx->cb, VK_PIPELINE_BIND_POINT_COMPUTE, dev->so_comp_layout, 0,
                          1 + WIRE_MAX_SO_TARGETS, w);
    vkCmdBindPipeline(ctx->cb, VK_PIPELINE_BIND_POINT_COMPUTE, dev->so_comp[mode]);
    if (groups)
        vkCmdDispatch(ctx->cb, groups, 1, 1);
    memory_barrier(ctx->cb);
    return true;
}

/* DrawAuto's vertex count, into the scratch's indirect arguments. */
static bool so_emu_args(struct vkx_ctx *ctx, uint32_t stride, uint32_t offset)
{
    struct vkx_buffer *src = ctx->vb[0];
    uint32_t args[3] = {stride, offset, (uint32_t)(src->counter_offset / 4)};
    if (!so_scratch_reserve(ctx, SO_EMU_HEADER) || !ctx_cb(ctx))
        return false;
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    vkCmdUpdateBuffer(ctx->cb, ctx->so_scratch->cur.buffer, SO_EMU_ARGS_STRIDE * 4,
                      sizeof(args), args);
    return so_emu_dispatch(ctx, SO_EMU_ARGS_MODE, src, 1);
}

/* Primitives the tessellator makes of a patch at most: a quad at the
 * largest factor (64) on every edge and inside, as triangles. */
#define SO_EMU_PATCH_PRIMITIVES (2u * 64u * 64u)

/* At most how many primitives `vertices` vertices assemble (the geometry
 * stage's input primitives). */
static uint64_t so_emu_primitives(const struct vkx_pipeline *p, uint64_t vertices)
{
    uint32_t pv = p->emu.pv ? nr_so_emu_topology_vertices(p->topology, NULL) : 0;
    if (p->topology == WIRE_TOPOLOGY_PATCH_LIST)
        return p->patch_points ? vertices / p->patch_points * SO_EMU_PATCH_PRIMITIVES : 0;
    if (!pv)
        return 0;
    if (p->strip_cut)
        return vertices; /* restarts: never more than one a vertex */
    switch (p->topology) {
    case WIRE_TOPOLOGY_LINE_STRIP:
        return vertices >= 2 ? vertices - 1 : 0;
    case WIRE_TOPOLOGY_TRIANGLE_STRIP:
    case WIRE_TOPOLOGY_TRIANGLE_FAN:
        return vertices >= 3 ? vertices - 2 : 0;
    default:
        return vertices / pv;
    }
}

static bool so_emu_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p, enum so_draw_kind kind,
                        uint32_t count, uint32_t first, int32_t base_vertex, uint32_t instances,
                        uint32_t first_instance)
{
    struct vkx_pipeline *cp = p->capture;
    const struct so_emu_info *in = &cp->emu;
    struct vkx_buffer *src = ctx->vb[0];
    uint64_t vertices = count, slots, words;
    uint32_t qslot = UINT32_MAX; /* QUERY_NO_SLOT */
    uint32_t rounds = instances; /* a capture an instance */
    static bool warned;

    if (kind == SO_DRAW_AUTO) /* count: the stride; first: the offset */
        vertices = src && count && src->size > first ? (src->size - first) / count : 0;
    slots = so_emu_primitives(cp, vertices) * in->ginst;
    words = SO_EMU_HEADER + slots * (3 + in->m + (uint64_t)in->m * in->v);
    /* The scratch first (a larger one is another buffer): DrawAuto's
     * count is kept there. */
    if (words > SO_EMU_MAX_SCRATCH_WORDS) {
        if (!warned)
            NR_WARN(VK, "context %u: a draw of %llu primitives captures more than the "
                        "emulation holds: not captured", ctx->id, (unsigned long long)slots);
        warned = true;
        rounds = 0;
        words = SO_EMU_HEADER;
    }
    if (!so_scratch_reserve(ctx, words) ||
        (kind == SO_DRAW_AUTO && !so_emu_args(ctx, count, first)))
        return false;
    /* The draw itself, where it rasterizes. */
    if (!p->discard &&
        !so_record(ctx, p, kind, count, first, base_vertex, instances, first_instance))
        return false;
    if (!rounds)
        return true;
    if (!ctx_cb(ctx) || !xfb_query_open(ctx, cp->stream, &qslot))
        return false;
    VkBuffer scratch = ctx->so_scratch->cur.buffer;
    end_rendering(ctx);
    memory_barrier(ctx->cb);
    vkCmdFillBuffer(ctx->cb, scratch, SO_EMU_WRITTEN * 4, 8, 0);
    for (uint32_t i = 0; i < rounds; i++) {
        uint32_t params[SO_EMU_PARAMS] = {0};
        params[SO_EMU_N] = (uint32_t)slots;
        params[SO_EMU_M] = in->m;
        params[SO_EMU_V] = in->v;
        params[SO_EMU_PV] = in->pv;
        params[SO_EMU_USED] = in->used;
        params[SO_EMU_FIRST_INSTANCE] = first_instance;
        for (uint32_t t = 0; t < WIRE_MAX_SO_TARGETS; t++) {
            struct vkx_buffer *b = ctx->so[t];
            params[SO_EMU_START0 + t] = in->start[t];
            params[SO_EMU_STRIDE0 + t] = in->stride[t];
            /* A slot the declaration writes without a buffer holds
             * nothing: the capture stops, as transform feedback's does. */
            params[SO_EMU_SIZE0 + t] =
                b ? (uint32_t)NR_MIN(b->size & ~(uint64_t)3, (uint64_t)UINT32_MAX) : 0;
            params[SO_EMU_COUNTER0 + t] = b ? (uint32_t)(b->counter_offset / 4) : 0;
        }
        memcpy(&params[SO_EMU_MASK0], in->mask, sizeof(in->mask));
        end_rendering(ctx);
        memory_barrier(ctx->cb);
        vkCmdUpdateBuffer(ctx->cb, scratch, 0, sizeof(params), params);
        if (slots)
            vkCmdFillBuffer(ctx->cb, scratch, SO_EMU_HEADER * 4, slots * 4, 0);
        memory_barrier(ctx->cb);
        if (!so_record(ctx, cp, kind, count, first, base_vertex, 1, first_instance + i))
            return false;
        ctx->so_scratch->cur.last_use = recording_value(ctx);
        if (!so_emu_dispatch(ctx, SO_EMU_SCAN, NULL, 1) ||
            !so_emu_dispatch(ctx, SO_EMU_COPY, NULL,
                             (uint32_t)((slots + SO_EMU_LOCAL_SIZE - 1) / SO_EMU_LOCAL_SIZE)))
            return false;
    }
    xfb_query_close(ctx, qslot);
    ctx->storage_pending = true;
    return true;
}

bool vkx_so_position(struct vkx_ctx *ctx, struct vkx_buffer *b, uint32_t *pos)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!(b->usage & WIRE_BUF_STREAM_OUT))
        return false;
    /* The position is written by the end of a stream output, then a
     * barrier (the end of its pass): its last use is enough to wait for. */
    if (b->cur.last_use > completed_value(ctx)) {
        if (b->cur.last_use > ctx->submitted && !vkx_ctx_submit(ctx))
            return false;
        if (!wait_value_bounded(ctx, b->cur.last_use))
            return false;
    }
    memcpy(pos, b->cur.map + b->counter_offset, 4);
    return true;
}

bool vkx_draw_auto(struct vkx_ctx *ctx, struct vkx_pipeline *p)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_buffer *b = ctx->vb[0];
    if ((!ctx->dev->xfb && !ctx->dev->so_emu) || !b || !(b->usage & WIRE_BUF_STREAM_OUT))
        return false;
    /* A stride of 0 (or past what transform feedback draws by) or an
     * offset past 32 bits draws nothing. */
    if (!ctx->vb_stride[0] ||
        ctx->vb_stride[0] > (ctx->dev->xfb ? ctx->dev->max_xfb_stride : WIRE_MAX_SO_STRIDE) ||
        ctx->vb_offset[0] > UINT32_MAX)
        return true;
    return so_draw(ctx, p, SO_DRAW_AUTO, (uint32_t)ctx->vb_stride[0],
                   (uint32_t)ctx->vb_offset[0], 0, 1, 0);
}

bool vkx_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p,
              uint32_t vertex_count, uint32_t first_vertex)
{
    if (p->xfb || p->discard)
        return so_draw(ctx, p, SO_DRAW, vertex_count, first_vertex, 0, 1, 0);
    if (!fast_draw(ctx, p) || ctx->fast_up) {
        if (!ctx_cb(ctx) || !prepare_draw(ctx, p) || !bind_vertex_buffers(ctx))
            return false;
        prepared(ctx, p);
    } else if (ctx->table_slots && p->table && !table_prepare(ctx)) {
        return false;
    }
    if (ctx->options & WIRE_CONTEXT_CHECK)
        check_draw(ctx, p, VK_NULL_HANDLE, VK_NULL_HANDLE, 0, 0);
    return queue_draw(ctx, false, vertex_count, first_vertex, 0);
}

bool vkx_draw_instanced(struct vkx_ctx *ctx, struct vkx_pipeline *p, uint32_t vertex_count,
                        uint32_t first_vertex, uint32_t instances, uint32_t first_instance)
{
    if (p->xfb || p->discard)
        return so_draw(ctx, p, SO_DRAW, vertex_count, first_vertex, 0, instances,
                       first_instance);
    if (!fast_draw(ctx, p) || ctx->fast_up) {
        if (!ctx_cb(ctx) || !prepare_draw(ctx, p) || !bind_vertex_buffers(ctx))
            return false;
        prepared(ctx, p);
    } else if (ctx->table_slots && p->table && !table_prepare(ctx)) {
        return false;
    }
    if (ctx->options & WIRE_CONTEXT_CHECK)
        check_draw(ctx, p, VK_NULL_HANDLE, VK_NULL_HANDLE, 0, 0);
    flush_draws(ctx);
    if (!table_single(ctx))
        return false;
    ctx->cb_work += (uint64_t)vertex_count * instances;
    ctx->cb_draws++;
    vkCmdDraw(ctx->cb, vertex_count, instances, first_vertex, first_instance);
    ctx->stats.draws++;
    ctx->stats.draw_calls++;
    return true;
}

bool vkx_draw_indexed(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                      uint32_t index_count, uint32_t first_index,
                      int32_t base_vertex, uint32_t instances, uint32_t first_instance)
{
    struct vkx_buffer *ib = ctx->ib;
    if (p->xfb || p->discard)
        return so_draw(ctx, p, SO_DRAW_INDEXED, index_count, first_index, base_vertex,
                       instances, first_instance);
    if (!ib) {
        ctx_fail(ctx, "indexed draw without an index buffer");
        return false;
    }
    if (!fast_draw(ctx, p) || ctx->fast_up) {
        if (!ctx_cb(ctx) || !prepare_draw(ctx, p) || !bind_vertex_buffers(ctx))
            return false;
        prepared(ctx, p);
    } else if (ctx->table_slots && p->table && !table_prepare(ctx)) {
        return false;
    }
    if (ctx->ib_bound != ib->cur.buffer || ctx->ib_bound_offset != ctx->ib_offset ||
        ctx->ib_bound_type != ctx->ib_type) {
        flush_draws(ctx);
        vkCmdBindIndexBuffer(ctx->cb, ib->cur.buffer, ctx->ib_offset, ctx->ib_type);
        record_index_buffer(ctx, ib->cur.buffer, ctx->ib_offset, ctx->ib_type);
        ctx->ib_bound = ib->cur.buffer;
        ctx->ib_bound_offset = ctx->ib_offset;
        ctx->ib_bound_type = ctx->ib_type;
    }
    ib->cur.last_use = recording_value(ctx);
    if (ctx->options & WIRE_CONTEXT_CHECK)
        check_draw(ctx, p, VK_NULL_HANDLE, ib->cur.buffer, ctx->ib_offset, ctx->ib_type);
    if (instances > 1 || first_instance) {
        flush_draws(ctx);
        if (!table_single(ctx))
            return false;
        ctx->cb_work += (uint64_t)index_count * instances;
        ctx->cb_draws++;
        vkCmdDrawIndexed(ctx->cb, index_count, instances, first_index, base_vertex,
                         first_instance);
        ctx->stats.draws++;
        ctx->stats.draw_calls++;
        return true;
    }
    return queue_draw(ctx, true, index_count, first_index, base_vertex);
}

static uint32_t gcd32(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Copies vertices into the upload arena at a multiple of the stride, so
 * that the chunk can stay bound at offset 0 and consecutive DRAW_UPs merge
 * into one multi-draw (they differ only in their first vertex).  D3D9 lets
 * a stride be smaller than the vertex its layout reads (extent): vertex i
 * reads extent bytes from i * stride, overlapping the next.  Vulkan wants
 * a stride of at least the extent, so such vertices are laid out again,
 * each at its own extent-sized slot (past the application's bytes, zeros).
 * *bind_stride is the stride to bind. */
static bool upload_vertices(struct vkx_ctx *ctx, uint32_t vertex_count,
                            uint32_t stride, uint32_t extent, const void *vertices,
                            struct vkx_chunk **c, uint32_t *first, uint32_t *bind_stride)
{
    uint32_t out = extent > stride ? extent : stride;
    uint64_t off, in_size = (uint64_t)vertex_count * stride, size = (uint64_t)vertex_count * out;
    uint32_t align = out * (4 / gcd32(out, 4));

    if (!ctx_stage(ctx, size, align, c, &off)) {
        ctx_fail(ctx, "out of upload memory");
        return false;
    }
    if (out == stride) {
        memcpy((*c)->map + off, vertices, size);
    } else {
        uint8_t *dst = (*c)->map + off;
        const uint8_t *src = vertices;
        for (uint32_t i = 0; i < vertex_count; i++, dst += out) {
            uint64_t at = (uint64_t)i * stride, n = NR_MIN((uint64_t)out, in_size - at);
            memcpy(dst, src + at, n);
            memset(dst + n, 0, out - n);
        }
    }
    *first = (uint32_t)(off / out);
    *bind_stride = out;
    return true;
}

bool vkx_draw_up(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                 uint32_t vertex_count, uint32_t stride, uint32_t extent,
                 const void *vertices)
{
    struct vkx_chunk *c;
    uint32_t first, bind_stride;

    if (!upload_vertices(ctx, vertex_count, stride, extent, vertices, &c, &first,
                         &bind_stride))
        return false;
    /* The fast path of a run of DRAW_UPs: same pipeline, same upload chunk
     * bound at binding 0 with the same stride. */
    if (!(fast_draw(ctx, p) && ctx->fast_up == c->buffer && ctx->fast_up_stride == bind_stride)) {
        ctx->state_serial++; /* binding 0 changes under the fast path of vkx_draw */
        if (!ctx_cb(ctx) || !prepare_draw(ctx, p))
            return false;
        bind_vertex(ctx, 0, c->buffer, 0, bind_stride);
        set_vb(ctx, 0, NULL); /* D3D9: DrawPrimitiveUP unbinds stream 0 */
        prepared(ctx, p);
        ctx->fast_up = c->buffer;
        ctx->fast_up_stride = bind_stride;
    } else if (ctx->table_slots && p->table && !table_prepare(ctx)) {
        return false;
    }
    if (ctx->options & WIRE_CONTEXT_CHECK)
        check_draw(ctx, p, c->buffer, VK_NULL_HANDLE, 0, 0);
    return queue_draw(ctx, false, vertex_count, first, 0);
}

bool vkx_draw_indexed_up(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                         uint32_t vertex_count, uint32_t stride, uint32_t extent,
                         const void *vertices, uint32_t index_count,
                         uint32_t index_size, const void *indices)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_chunk *vc, *ic;
    uint32_t first, bind_stride;
    uint64_t ioff;
    VkIndexType type = index_size == 4 ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16;

    if (!upload_vertices(ctx, vertex_count, stride, extent, vertices, &vc, &first,
                         &bind_stride))
        return false;
    if (!ctx_stage(ctx, (uint64_t)index_count * index_size, 4, &ic, &ioff)) {
        ctx_fail(ctx, "out of upload memory");
        return false;
    }
    memcpy(ic->map + ioff, indices, (size_t)index_count * index_size);
    if (!ctx_cb(ctx) || !prepare_draw(ctx, p))
        return false;
    bind_vertex(ctx, 0, vc->buffer, 0, bind_stride);
    set_vb(ctx, 0, NULL);
    if (ctx->ib_bound != ic->buffer || ctx->ib_bound_offset != 0 ||
        ctx->ib_bound_type != type) {
        flush_draws(ctx);
        vkCmdBindIndexBuffer(ctx->cb, ic->buffer, 0, type);
        record_index_buffer(ctx, ic->buffer, 0, type);
        ctx->ib_bound = ic->buffer;
        ctx->ib_bound_offset = 0;
        ctx->ib_bound_type = type;
    }
    ctx->ib = NULL; /* D3D9: DrawIndexedPrimitiveUP unbinds the indices */
    if (ctx->options & WIRE_CONTEXT_CHECK)
        check_draw(ctx, p, vc->buffer, ic->buffer, 0, type);
    return queue_draw(ctx, true, index_count, (uint32_t)(ioff / index_size),
                      (int32_t)first);
}

/* ---------------------------------------------------------------- windows */

/* Windows a context presents into: the application's (an X11 window id the
 * client names at each present: a child window of ours covers the part it
 * shows in, so that the application's own drawing and ours never mix, as
 * Wine's Vulkan does), or, when the client names none and NEREID_WINDOW=1
 * asked for it, one of the server's own, made with the back buffer's size
 * and following it.  A few per context, by the client's key (its HWND):
 * hDestWindowOverride and additional swap chains present elsewhere.  Each
 * present copies the back buffer (or its source rectangle) into an image
 * of the window's swap chain in the frame's own submission, which waits
 * for the image and signals its semaphore for vkQueuePresentKHR.  The
 * present is still complete only when the frame has retired on the
 * timeline, as headless.  Whatever goes wrong with a window (closed,
 * destroyed, surface lost, an id that names no window) drops it and leaves
 * those presents headless: it never fails the context. */
#define VKX_MAX_SWAPCHAIN_IMAGES 8
#define VKX_ACQUIRES 4 /* acquire semaphores a window takes in turn */
#define NO_IMAGE UINT32_MAX

struct vkx_window {
    char title[160];
    uint64_t key;       /* the client's name for it; 0 with parent 0: our own */
    uint32_t parent;    /* the application's X11 window; 0: our own */
    uint64_t used;      /* the context's present count at its last use */
    struct xwin *xw;
    VkSurfaceKHR surface;
    VkSwapchainKHR swapchain; /* VK_NULL_HANDLE while the window has no area */
    VkFormat format;
    VkExtent2D extent;
    uint32_t image_count;
    VkImage images[VKX_MAX_SWAPCHAIN_IMAGES];
    /* The acquires' semaphores, in turn: semaphore k is acquired with
     * again once the submission that waited for it (acquired_use[k], a
     * timeline value) retired, so frames go on while earlier ones run
     * (PRESENT waits for none).  A semaphore per image for the presents:
     * the presentation engine may hold one until that image comes back. */
    VkSemaphore acquired[VKX_ACQUIRES];
    uint64_t acquired_use[VKX_ACQUIRES];
    uint32_t acquire_at, acquire_cur;
    VkSemaphore ready[VKX_MAX_SWAPCHAIN_IMAGES];
    /* D3D9's copy swap effect: a present into part of the window (a
     * destination rectangle) keeps the rest as it was, so the window's
     * picture is kept in an image of our own, made at the first present
     * that asks for it and updated by every present after. */
    VkImage kept;
    VkDeviceMemory kept_memory;
    VkExtent2D kept_extent;
    bool kept_fresh; /* made, not yet cleared */
    uint32_t width, height; /* our own window: the back buffer it is sized for */
    uint32_t swapchains;    /* made so far, for the debug names */
    bool vsync;             /* the swap chain's mode is FIFO */
    bool rebuild;           /* out of date or suboptimal */
    bool dead;              /* dropped: headless from now on */
    bool format_warned;
};

bool vkx_device_has_windows(struct vkx_device *dev)
{
    return dev->windows;
}

void vkx_ctx_set_window(struct vkx_ctx *ctx, const char *title)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (ctx->dev->own_windows)
        snprintf(ctx->own_window, sizeof(ctx->own_window), "%s", title);
}

/* Present operations are known done only once the queue is idle (there is
 * no fence for them in core Vulkan): wait for it before destroying what a
 * present may still use.  Rare: a resize, a lost window, the end. */
static void queue_idle(struct vkx_device *dev)
{
    pthread_mutex_lock(&dev->queue_lock);
    vkQueueWaitIdle(dev->queue);
    pthread_mutex_unlock(&dev->queue_lock);
}

static void kept_destroy(struct vkx_ctx *ctx, struct vkx_window *w)
{
    if (!w->kept)
        return;
    /* Once the frames that used it retired. */
    wait_value(ctx, ctx->submitted);
    vkDestroyImage(ctx->dev->device, w->kept, NULL);
    vkFreeMemory(ctx->dev->device, w->kept_memory, NULL);
    w->kept = VK_NULL_HANDLE;
    w->kept_memory = VK_NULL_HANDLE;
}

static void swapchain_destroy(struct vkx_ctx *ctx, struct vkx_window *w)
{
    VkDevice d = ctx->dev->device;

    if (!w->swapchain && !w->acquired[0])
        return;
    queue_idle(ctx->dev);
    for (uint32_t i = 0; i < w->image_count; i++)
        if (w->ready[i])
            vkDestroySemaphore(d, w->ready[i], NULL);
    for (uint32_t k = 0; k < VKX_ACQUIRES; k++)
        if (w->acquired[k])
            vkDestroySemaphore(d, w->acquired[k], NULL);
    if (w->swapchain)
        vkDestroySwapchainKHR(d, w->swapchain, NULL);
    memset(w->ready, 0, sizeof(w->ready));
    memset(w->acquired, 0, sizeof(w->acquired));
    memset(w->acquired_use, 0, sizeof(w->acquired_use));
    w->swapchain = VK_NULL_HANDLE;
    w->image_count = 0;
}

static void window_release(struct vkx_ctx *ctx, struct vkx_window *w)
{
    swapchain_destroy(ctx, w);
    kept_destroy(ctx, w);
    if (w->surface)
        vkDestroySurfaceKHR(ctx->dev->instance, w->surface, NULL);
    w->surface = VK_NULL_HANDLE;
    xwin_close(w->xw);
    w->xw = NULL;
}

/* Goes headless for good: logged once, with the reason. */
static void window_drop(struct vkx_ctx *ctx, struct vkx_window *w, const char *why)
{
    NR_WARN(PRESENT, "context %u: window '%s': %s; presenting headless from now on",
            ctx->id, w->title, why);
    window_release(ctx, w);
    w->dead = true;
}

static void window_destroy(struct vkx_ctx *ctx)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(ctx->windows); i++)
        if (ctx->windows[i]) {
            window_release(ctx, ctx->windows[i]);
            free(ctx->windows[i]);
            ctx->windows[i] = NULL;
        }
}

/* The window a present goes to, found or made (the least recently used
 * one gives way when all are taken); NULL: headless. */
static struct vkx_window *window_for(struct vkx_ctx *ctx, const struct vkx_present_target *tg)
{
    uint32_t parent = tg && tg->window ? tg->window : 0;
    uint64_t key = parent ? tg->key : 0;
    struct vkx_window *w;
    size_t slot = 0;

    if (!ctx->dev->windows || (!parent && !ctx->own_window[0]))
        return NULL;
    for (size_t i = 0; i < NR_ARRAY_SIZE(ctx->windows); i++) {
        w = ctx->windows[i];
        if (w && w->parent == parent && w->key == key) {
            w->used = ++ctx->window_uses;
            return w;
        }
        if (!w || (ctx->windows[slot] && w->used < ctx->windows[slot]->used))
            slot = i;
    }
    if ((w = ctx->windows[slot])) {
        window_release(ctx, w);
        free(w);
        ctx->windows[slot] = NULL;
    }
    if (!(w = calloc(1, sizeof(*w))))
        return NULL; /* headless, as without a display */
    w->parent = parent;
    w->key = key;
    w->used = ++ctx->window_uses;
    if (parent)
        snprintf(w->title, sizeof(w->title), "in the application's window 0x%x", parent);
    else
        snprintf(w->title, sizeof(w->title), "%s", ctx->own_window);
    ctx->windows[slot] = w;
    return w;
}

static uint32_t clamp_u32(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The swap chain's format: one the copy can blit into, B8G8R8A8_UNORM
 * first (the back buffers' usual format: then a plain copy does), UNORM
 * rather than sRGB since D3D9 back buffers hold the values as written. */
static bool pick_surface_format(struct vkx_device *dev, const VkSurfaceFormatKHR *f,
                                uint32_t n, VkSurfaceFormatKHR *out)
{
    static const VkFormat prefer[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM,
                                      VK_FORMAT_A2B10G10R10_UNORM_PACK32};
    for (size_t p = 0; p < NR_ARRAY_SIZE(prefer); p++)
        for (uint32_t i = 0; i < n; i++) {
            VkFormatProperties fp;
            if (f[i].format != prefer[p])
                continue;
            vkGetPhysicalDeviceFormatProperties(dev->phys, f[i].format, &fp);
            if (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT) {
                *out = f[i];
                return true;
            }
        }
    return false;
}

/* (Re)makes the swap chain at the window's current size.  False with the
 * reason when the window cannot be used; true with no swap chain while the
 * window has no area (minimized). */
static bool swapchain_build(struct vkx_ctx *ctx, struct vkx_window *w, bool vsync,
                            char *why, size_t why_size)
{
    struct vkx_device *dev = ctx->dev;
    VkSurfaceCapabilitiesKHR caps;
    VkSurfaceFormatKHR formats[64], format;
    VkPresentModeKHR modes[16], mode = VK_PRESENT_MODE_FIFO_KHR;
    uint32_t nf = NR_ARRAY_SIZE(formats), nm = NR_ARRAY_SIZE(modes), count;
    VkCompositeAlphaFlagBitsKHR alpha;
    VkExtent2D e;
    VkResult r;
    char name[200];

    swapchain_destroy(ctx, w);
    w->rebuild = false;
    w->vsync = vsync;
    r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(dev->phys, w->surface, &caps);
    if (r != VK_SUCCESS) {
        snprintf(why, why_size, "vkGetPhysicalDeviceSurfaceCapabilitiesKHR: VkResult %d",
                 (int)r);
        return false;
    }
    e = caps.currentExtent;
    if (e.width == UINT32_MAX) { /* the swap chain decides the window's size */
        uint32_t xw, xh;
        xwin_size(w->xw, &xw, &xh);
        e.width = clamp_u32(xw, caps.minImageExtent.width, caps.maxImageExtent.width);
        e.height = clamp_u32(xh, caps.minImageExtent.height, caps.maxImageExtent.height);
    }
    if (!e.width || !e.height)
        return true;
    if (!(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT)) {
        snprintf(why, why_size, "the surface's images cannot be copied into");
        return false;
    }
    r = vkGetPhysicalDeviceSurfaceFormatsKHR(dev->phys, w->surface, &nf, formats);
    if (r < 0 || !pick_surface_format(dev, formats, nf, &format)) {
        snprintf(why, why_size, "the surface offers no format to blit into");
        return false;
    }
    /* D3DPRESENT_INTERVAL_IMMEDIATE: a mode that never waits for the
     * display (the client's present credits pace it, as headless);
     * otherwise FIFO, there on every surface. */
    if (!vsync &&
        vkGetPhysicalDeviceSurfacePresentModesKHR(dev->phys, w->surface, &nm, modes) >= 0)
        for (uint32_t i = 0; i < nm; i++)
            if (modes[i] == VK_PRESENT_MODE_IMMEDIATE_KHR ||
                (modes[i] == VK_PRESENT_MODE_MAILBOX_KHR &&
                 mode != VK_PRESENT_MODE_IMMEDIATE_KHR))
                mode = modes[i];
    count = caps.minImageCount + 1;
    if (caps.maxImageCount && count > caps.maxImageCount)
        count = caps.maxImageCount;
    if (count > VKX_MAX_SWAPCHAIN_IMAGES)
        count = NR_MAX(caps.minImageCount, (uint32_t)VKX_MAX_SWAPCHAIN_IMAGES);
    alpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR /* X8 back buffers: alpha is junk */
                : (VkCompositeAlphaFlagBitsKHR)(caps.supportedCompositeAlpha &
                                                -caps.supportedCompositeAlpha);
    VkSwapchainCreateInfoKHR sci = {
        .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
        .surface = w->surface,
        .minImageCount = count,
        .imageFormat = format.format,
        .imageColorSpace = format.colorSpace,
        .imageExtent = e,
        .imageArrayLayers = 1,
        .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
        .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .preTransform = caps.currentTransform,
        .compositeAlpha = alpha,
        .presentMode = mode,
        .clipped = VK_TRUE,
    };
    r = vkCreateSwapchainKHR(dev->device, &sci, NULL, &w->swapchain);
    if (r != VK_SUCCESS) {
        w->swapchain = VK_NULL_HANDLE;
        snprintf(why, why_size, "vkCreateSwapchainKHR: VkResult %d", (int)r);
        return false;
    }
    w->swapchains++;
    w->format = format.format;
    w->extent = e;
    snprintf(name, sizeof(name), "ctx%u window swap chain %u (%ux%u)", ctx->id,
             w->swapchains, e.width, e.height);
    set_name(dev, VK_OBJECT_TYPE_SWAPCHAIN_KHR, (uint64_t)w->swapchain, name);
    count = 0;
    vkGetSwapchainImagesKHR(dev->device, w->swapchain, &count, NULL);
    if (count > VKX_MAX_SWAPCHAIN_IMAGES) {
        snprintf(why, why_size, "the swap chain has %u images (at most %d)", count,
                 VKX_MAX_SWAPCHAIN_IMAGES);
        return false;
    }
    r = vkGetSwapchainImagesKHR(dev->device, w->swapchain, &count, w->images);
    if (r != VK_SUCCESS) {
        snprintf(why, why_size, "vkGetSwapchainImagesKHR: VkResult %d", (int)r);
        return false;
    }
    w->image_count = count;
    VkSemaphoreCreateInfo semi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    for (uint32_t k = 0; k < VKX_ACQUIRES; k++) {
        if (!VKX_CHECK(vkCreateSemaphore(dev->device, &semi, NULL, &w->acquired[k]))) {
            snprintf(why, why_size, "cannot create a semaphore");
            return false;
        }
        snprintf(name, sizeof(name), "ctx%u window swap chain %u: image acquired (%u)",
                 ctx->id, w->swapchains, k);
        set_name(dev, VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)w->acquired[k], name);
    }
    w->acquire_at = 0;
    for (uint32_t i = 0; i < count; i++) {
        snprintf(name, sizeof(name), "ctx%u window swap chain %u: image %u", ctx->id,
                 w->swapchains, i);
        set_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)w->images[i], name);
        if (!VKX_CHECK(vkCreateSemaphore(dev->device, &semi, NULL, &w->ready[i]))) {
            snprintf(why, why_size, "cannot create a semaphore");
            return false;
        }
        snprintf(name, sizeof(name), "ctx%u window swap chain %u: image %u ready", ctx->id,
                 w->swapchains, i);
        set_name(dev, VK_OBJECT_TYPE_SEMAPHORE, (uint64_t)w->ready[i], name);
    }
    NR_INFO(PRESENT, "context %u: window 0x%x: swap chain %ux%u, %u images, format %d, "
            "present mode %d", ctx->id, xwin_id(w->xw), e.width, e.height, count,
            (int)format.format, (int)mode);
    return true;
}

/* Makes the window at its first present: ours, or our child in the
 * application's; its surface, checked against the queue.  False with the
 * reason when it cannot be had. */
static bool window_open(struct vkx_ctx *ctx, struct vkx_window *w, uint32_t width,
                        uint32_t height, const struct vkx_present_target *tg, char *why,
                        size_t why_size)
{
    struct vkx_device *dev = ctx->dev;
    VkBool32 supported = VK_FALSE;
    VkResult r;

    if (w->parent)
        w->xw = xwin_attach(w->parent, tg->screen, tg->area[0], tg->area[1],
                            (uint32_t)tg->area[2], (uint32_t)tg->area[3], why, why_size);
    else
        w->xw = xwin_open(w->title, width, height, why, why_size);
    if (!w->xw)
        return false;
    w->width = width;
    w->height = height;
    r = xwin_create_surface(w->xw, dev->instance, &w->surface);
    if (r != VK_SUCCESS) {
        w->surface = VK_NULL_HANDLE;
        snprintf(why, why_size, "vkCreateXcbSurfaceKHR: VkResult %d", (int)r);
        return false;
    }
    /* Surfaces belong to the instance: no device names them.
     * (vkSetDebugUtilsObjectNameEXT on one through the device crashes
     * Debian 12's loader with the validation layer on.) */
    r = vkGetPhysicalDeviceSurfaceSupportKHR(dev->phys, dev->queue_family, w->surface,
                                             &supported);
    if (r != VK_SUCCESS || !supported) {
        snprintf(why, why_size, "%.100s cannot present to this window", dev->props.deviceName);
        return false;
    }
    NR_INFO(PRESENT, "context %u: window 0x%x '%s'", ctx->id, xwin_id(w->xw), w->title);
    w->rebuild = true;
    return true;
}


/* The image that keeps the window's picture between partial presents, at
 * the swap chain's size and format (made again when they change); black
 * when made.  In the GENERAL layout throughout. */
static bool kept_image(struct vkx_ctx *ctx, struct vkx_window *w)
{
    struct vkx_device *dev = ctx->dev;
    VkMemoryRequirements req;

    if (w->kept && w->kept_extent.width == w->extent.width &&
        w->kept_extent.height == w->extent.height)
        return true;
    kept_destroy(ctx, w);
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = w->format,
        .extent = {w->extent.width, w->extent.height, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
    };
    if (!VKX_CHECK(vkCreateImage(dev->device, &ici, NULL, &w->kept)))
        goto fail;
    vkGetImageMemoryRequirements(dev->device, w->kept, &req);
    if (!alloc_memory(dev, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, &w->kept_memory))
        goto fail;
    if (!VKX_CHECK(vkBindImageMemory(dev->device, w->kept, w->kept_memory, 0)))
        goto fail;
    set_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)w->kept, "window picture kept");
    w->kept_extent = w->extent;
    w->kept_fresh = true;
    return true;
fail:
    if (w->kept)
        vkDestroyImage(dev->device, w->kept, NULL);
    if (w->kept_memory)
        vkFreeMemory(dev->device, w->kept_memory, NULL);
    w->kept = VK_NULL_HANDLE;
    w->kept_memory = VK_NULL_HANDLE;
    return false;
}

/* Clips the blit dst (in a w x h image) and moves src's edges with it, in
 * proportion; false when nothing is left. */
static bool clip_blit(int32_t src[4], int32_t dst[4], uint32_t w, uint32_t h)
{
    const int32_t lim[4] = {0, 0, (int32_t)w, (int32_t)h};
    for (int i = 0; i < 4; i++) {
        int lo = i < 2, axis = i & 1;
        int32_t d0 = dst[axis], d1 = dst[axis + 2];
        int32_t v = dst[i];
        int32_t cut = lo ? (v < lim[i] ? lim[i] : v) : (v > lim[i] ? lim[i] : v);
        if (cut != v && d1 != d0) {
            int64_t s0 = src[axis], s1 = src[axis + 2];
            src[i] = (int32_t)(s0 + (s1 - s0) * (int64_t)(cut - d0) / (d1 - d0));
            dst[i] = cut;
        }
    }
    return dst[2] > dst[0] && dst[3] > dst[1] && src[2] != src[0] && src[3] != src[1];
}

/* ------------------------------------------------------------ gamma */

/* D3D9's gamma ramp (SetGammaRamp) of a fullscreen swap chain: the window
 * shows each colour channel of the frame looked up in the ramp.  An X
 * server's ramp belongs to a whole output (XF86VidMode, RandR), which Xvfb
 * and nested servers lack and which outlives a client that dies with it
 * set; so the server applies the ramp itself, on the way to the window:
 * the frame is copied into an image of its format, a compute pass
 * (nr_gamma_shader) writes the looked-up picture into an RGBA8 image, and
 * that image is what the window's copy or blit reads.  PNG dumps and
 * read-backs stay the back buffer. */
struct vkx_gamma {
    uint16_t ramp[3 * NR_GAMMA_ENTRIES]; /* red's, green's, blue's */
    bool ramp_sent;                      /* lut holds ramp */
    VkBuffer lut;
    VkDeviceMemory lut_memory;
    VkImage src, dst; /* the frame's copy (its format), the result (RGBA8) */
    VkDeviceMemory src_memory, dst_memory;
    VkImageView src_view, dst_view;
    VkFormat src_format;
    uint32_t width, height;
    bool warned;
};

void vkx_ctx_set_gamma(struct vkx_ctx *ctx, const uint16_t ramp[3 * 256])
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (!ctx->gamma && !(ctx->gamma = calloc(1, sizeof(*ctx->gamma)))) {
        NR_WARN(PRESENT, "context %u: out of memory for the gamma ramp", ctx->id);
        return; /* the frames are shown without it */
    }
    memcpy(ctx->gamma->ramp, ramp, sizeof(ctx->gamma->ramp));
    ctx->gamma->ramp_sent = false;
}

bool vkx_ctx_has_gamma(const struct vkx_ctx *ctx)
{
    return ctx->gamma != NULL;
}

static void gamma_images_destroy(struct vkx_device *dev, struct vkx_gamma *g)
{
    vkDestroyImageView(dev->device, g->src_view, NULL);
    vkDestroyImageView(dev->device, g->dst_view, NULL);
    vkDestroyImage(dev->device, g->src, NULL);
    vkDestroyImage(dev->device, g->dst, NULL);
    vkFreeMemory(dev->device, g->src_memory, NULL);
    vkFreeMemory(dev->device, g->dst_memory, NULL);
    g->src_view = g->dst_view = VK_NULL_HANDLE;
    g->src = g->dst = VK_NULL_HANDLE;
    g->src_memory = g->dst_memory = VK_NULL_HANDLE;
    g->width = g->height = 0;
}

static void gamma_destroy(struct vkx_ctx *ctx)
{
    struct vkx_gamma *g = ctx->gamma;
    if (!g)
        return;
    gamma_images_destroy(ctx->dev, g);
    vkDestroyBuffer(ctx->dev->device, g->lut, NULL);
    vkFreeMemory(ctx->dev->device, g->lut_memory, NULL);
    free(g);
    ctx->gamma = NULL;
}

/* The device's gamma pipeline, made at the first need (its compile is
 * not paid by devices that never show a ramp). */
static bool gamma_pipeline(struct vkx_device *dev)
{
    bool ok;
    pthread_mutex_lock(&dev->gamma_lock);
    if (!dev->gamma_pipeline && !dev->gamma_failed) {
        const VkDescriptorSetLayoutBinding b[3] = {
            {0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
            {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
            {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        };
        VkDescriptorSetLayoutCreateInfo dlci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
            .bindingCount = 3,
            .pBindings = b,
        };
        uint32_t *words = NULL;
        size_t count = 0;
        VkShaderModule module = VK_NULL_HANDLE;
        bool made = VKX_CHECK(vkCreateDescriptorSetLayout(dev->device, &dlci, NULL,
                                                          &dev->gamma_set_layout));
        if (made) {
            VkPipelineLayoutCreateInfo lci = {
                .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                .setLayoutCount = 1,
                .pSetLayouts = &dev->gamma_set_layout,
            };
            made = VKX_CHECK(vkCreatePipelineLayout(dev->device, &lci, NULL, &dev->gamma_layout));
        }
        made = made && nr_gamma_shader(&words, &count);
        if (made) {
            VkShaderModuleCreateInfo smci = {
                .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                .codeSize = count * 4,
                .pCode = words,
            };
            made = VKX_CHECK(vkCreateShaderModule(dev->device, &smci, NULL, &module));
        }
        if (made) {
            VkComputePipelineCreateInfo cci = {
                .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                .stage = {
                    .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                    .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                    .module = module,
                    .pName = "main",
                },
                .layout = dev->gamma_layout,
            };
            made = VKX_CHECK(vkCreateComputePipelines(dev->device, dev->cache, 1, &cci, NULL,
                                                      &dev->gamma_pipeline));
        }
        vkDestroyShaderModule(dev->device, module, NULL);
        free(words);
        if (!made) {
            NR_WARN(PRESENT, "cannot make the gamma pass: frames are shown without ramps");
            dev->gamma_pipeline = VK_NULL_HANDLE;
            dev->gamma_failed = true;
        }
    }
    ok = dev->gamma_pipeline != VK_NULL_HANDLE;
    pthread_mutex_unlock(&dev->gamma_lock);
    return ok;
}

/* An image of the presentation path, of one level and layer; its view
 * too where `view` is not NULL. */
static bool present_image(struct vkx_device *dev, VkFormat format, VkImageUsageFlags usage,
                          uint32_t w, uint32_t h, const char *name, VkImage *image,
                          VkDeviceMemory *memory, VkImageView *view)
{
    VkMemoryRequirements req;
    VkImageCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
        .imageType = VK_IMAGE_TYPE_2D,
        .format = format,
        .extent = {w, h, 1},
        .mipLevels = 1,
        .arrayLayers = 1,
        .samples = VK_SAMPLE_COUNT_1_BIT,
        .tiling = VK_IMAGE_TILING_OPTIMAL,
        .usage = usage,
    };
    if (!VKX_CHECK(vkCreateImage(dev->device, &ici, NULL, image)))
        return false;
    vkGetImageMemoryRequirements(dev->device, *image, &req);
    if (!alloc_memory(dev, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, memory) ||
        !VKX_CHECK(vkBindImageMemory(dev->device, *image, *memory, 0)))
        return false;
    set_name(dev, VK_OBJECT_TYPE_IMAGE, (uint64_t)*image, name);
    if (!view)
        return true;
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = *image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    return VKX_CHECK(vkCreateImageView(dev->device, &vci, NULL, view));
}

/* The ramp's buffer and the images for a frame like t. */
static bool gamma_resources(struct vkx_ctx *ctx, struct vkx_gamma *g, struct vkx_texture *t)
{
    struct vkx_device *dev = ctx->dev;
    VkFormatProperties fp;

    if (!g->lut) {
        VkMemoryRequirements req;
        VkBufferCreateInfo bci = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
            .size = 3 * NR_GAMMA_ENTRIES * 4,
            .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
        };
        if (!VKX_CHECK(vkCreateBuffer(dev->device, &bci, NULL, &g->lut)))
            return false;
        vkGetBufferMemoryRequirements(dev->device, g->lut, &req);
        if (!alloc_memory(dev, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, &g->lut_memory) ||
            !VKX_CHECK(vkBindBufferMemory(dev->device, g->lut, g->lut_memory, 0))) {
            vkDestroyBuffer(dev->device, g->lut, NULL);
            vkFreeMemory(dev->device, g->lut_memory, NULL);
            g->lut = VK_NULL_HANDLE;
            g->lut_memory = VK_NULL_HANDLE;
            return false;
        }
        set_name(dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)g->lut, "gamma ramp");
    }
    if (g->src && g->width == t->desc.width && g->height == t->desc.height &&
        g->src_format == t->vk_format)
        return true;
    /* The frames before used them: made again once they retired. */
    wait_value(ctx, ctx->submitted);
    gamma_images_destroy(dev, g);
    vkGetPhysicalDeviceFormatProperties(dev->phys, t->vk_format, &fp);
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
        return false;
    if (!present_image(dev, t->vk_format,
                       VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                       t->desc.width, t->desc.height, "gamma: the frame", &g->src,
                       &g->src_memory, &g->src_view) ||
        !present_image(dev, VK_FORMAT_R8G8B8A8_UNORM,
                       VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                       t->desc.width, t->desc.height, "gamma: the frame shown", &g->dst,
                       &g->dst_memory, &g->dst_view)) {
        gamma_images_destroy(dev, g);
        return false;
    }
    g->width = t->desc.width;
    g->height = t->desc.height;
    g->src_format = t->vk_format;
    return true;
}

/* Records the gamma pass over t (whose writes are visible to transfers);
 * the result is the RGBA8 image returned, in GENERAL layout, or
 * VK_NULL_HANDLE when it cannot be made (the frame is shown without it). */
static VkImage gamma_record(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    struct vkx_device *dev = ctx->dev;
    struct vkx_gamma *g = ctx->gamma;
    VkCommandBuffer cb = ctx->cb;

    if (!g)
        return VK_NULL_HANDLE;
    if (!gamma_pipeline(dev) || !gamma_resources(ctx, g, t)) {
        if (!g->warned)
            NR_WARN(PRESENT, "context %u: the gamma ramp cannot be applied to a back "
                    "buffer of format %d", ctx->id, (int)t->desc.format);
        g->warned = true;
        return VK_NULL_HANDLE;
    }
    /* Both images are written whole: their old contents go, after the
     * reads of the frames before (still running: PRESENT waits for none). */
    image_barrier(cb, g->src, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
                  VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    image_barrier(cb, g->dst, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
                  VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    if (!g->ramp_sent) { /* the ramp changed since the buffer was written */
        uint32_t lut[3 * NR_GAMMA_ENTRIES];
        for (size_t i = 0; i < NR_ARRAY_SIZE(lut); i++)
            lut[i] = g->ramp[i];
        vkCmdUpdateBuffer(cb, g->lut, 0, sizeof(lut), lut);
        g->ramp_sent = true;
    }
    VkImageCopy c = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .extent = {g->width, g->height, 1},
    };
    vkCmdCopyImage(cb, t->image, VK_IMAGE_LAYOUT_GENERAL, g->src, VK_IMAGE_LAYOUT_GENERAL, 1, &c);
    memory_barrier(cb);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, dev->gamma_pipeline);
    VkDescriptorImageInfo src = {VK_NULL_HANDLE, g->src_view, VK_IMAGE_LAYOUT_GENERAL};
    VkDescriptorImageInfo dst = {VK_NULL_HANDLE, g->dst_view, VK_IMAGE_LAYOUT_GENERAL};
    VkDescriptorBufferInfo ramp = {g->lut, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet w[3] = {
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 0,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
         .pImageInfo = &src},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 1,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
         .pImageInfo = &dst},
        {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 2,
         .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
         .pBufferInfo = &ramp},
    };
    dev->push_descriptors(cb, VK_PIPELINE_BIND_POINT_COMPUTE, dev->gamma_layout, 0, 3, w);
    vkCmdDispatch(cb, (g->width + NR_GAMMA_LOCAL_SIZE - 1) / NR_GAMMA_LOCAL_SIZE,
                  (g->height + NR_GAMMA_LOCAL_SIZE - 1) / NR_GAMMA_LOCAL_SIZE, 1);
    memory_barrier(cb);
    return g->dst;
}

/* ---------------------------------------------------- display picture */

/* A frame of a format a display does not show as it is, as an 8-bit
 * display shows it: an R8G8B8A8_UNORM image of the frame's size.
 * - A float frame (R16G16B16A16_SFLOAT, DXGI's scRGB swap chains) holds
 *   linear values, 1.0 being SDR white, which Windows' compositor shows
 *   on an SDR display sRGB-encoded (a linear 0.5 as 188, not 128).  A
 *   blit into an R8G8B8A8_SRGB image encodes (Vulkan's blits convert
 *   linear values to sRGB when they write an sRGB format, and clamp to
 *   [0, 1] when they write a normalized one: no HDR), and a copy moves the
 *   encoded bytes into the UNORM image (vkCmdCopyImage copies between
 *   size-compatible formats bit for bit).  What reads the picture then
 *   reads display values, as it reads an 8-bit frame's; a blit from the
 *   sRGB image itself would decode them again.
 * - A 10-bit frame (A2B10G10R10_UNORM) holds display values as an 8-bit
 *   UNORM one does: the blit into the UNORM image rescales them.
 * The window's copy reads the picture of a float frame (a plain blit of
 * its linear values into the window's UNORM image would show every
 * colour too dark); a PNG dump reads the picture of both, so that the
 * file holds what a window shows.  Made at the first need, again at a
 * new size; every present waits for its frame, so the next may rewrite
 * it. */
struct vkx_picture {
    VkImage srgb, rgba; /* srgb: float frames only */
    VkDeviceMemory srgb_memory, rgba_memory;
    uint32_t width, height;
    bool warned;
};

/* Whether the frame holds linear values that a display shows encoded. */
static bool frame_is_linear(uint32_t format)
{
    return format == WIRE_FORMAT_R16G16B16A16_SFLOAT;
}

/* Whether the frame is shown (dumped) through its picture. */
static bool frame_has_picture(uint32_t format)
{
    return frame_is_linear(format) || format == WIRE_FORMAT_A2B10G10R10_UNORM;
}

static void picture_images_destroy(struct vkx_device *dev, struct vkx_picture *p)
{
    vkDestroyImage(dev->device, p->srgb, NULL);
    vkDestroyImage(dev->device, p->rgba, NULL);
    vkFreeMemory(dev->device, p->srgb_memory, NULL);
    vkFreeMemory(dev->device, p->rgba_memory, NULL);
    p->srgb = p->rgba = VK_NULL_HANDLE;
    p->srgb_memory = p->rgba_memory = VK_NULL_HANDLE;
    p->width = p->height = 0;
}

static void picture_destroy(struct vkx_ctx *ctx)
{
    if (!ctx->picture)
        return;
    picture_images_destroy(ctx->dev, ctx->picture);
    free(ctx->picture);
    ctx->picture = NULL;
}

static bool picture_resources(struct vkx_ctx *ctx, struct vkx_picture *p,
                              const struct vkx_texture *t)
{
    struct vkx_device *dev = ctx->dev;
    const VkFormatFeatureFlags dst_need =
        VK_FORMAT_FEATURE_BLIT_DST_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT;
    VkFormatProperties srgb, rgba;

    if (t->desc.type != WIRE_TEX_2D || !(dev->format_features[t->desc.format] & WIRE_FEAT_BLIT))
        return false;
    vkGetPhysicalDeviceFormatProperties(dev->phys, VK_FORMAT_R8G8B8A8_SRGB, &srgb);
    vkGetPhysicalDeviceFormatProperties(dev->phys, VK_FORMAT_R8G8B8A8_UNORM, &rgba);
    if ((rgba.optimalTilingFeatures & dst_need) != dst_need ||
        !(rgba.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) ||
        (frame_is_linear(t->desc.format) && (srgb.optimalTilingFeatures & dst_need) != dst_need))
        return false;
    if (p->rgba && p->width == t->desc.width && p->height == t->desc.height &&
        (p->srgb || !frame_is_linear(t->desc.format)))
        return true;
    /* The frames before used them: made again once they retired. */
    wait_value(ctx, ctx->submitted);
    picture_images_destroy(dev, p);
    if (!present_image(dev, VK_FORMAT_R8G8B8A8_UNORM,
                       VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                       t->desc.width, t->desc.height, "the frame as a display shows it",
                       &p->rgba, &p->rgba_memory, NULL) ||
        (frame_is_linear(t->desc.format) &&
         !present_image(dev, VK_FORMAT_R8G8B8A8_SRGB,
                        VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                        t->desc.width, t->desc.height, "the float frame sRGB-encoded",
                        &p->srgb, &p->srgb_memory, NULL))) {
        picture_images_destroy(dev, p);
        return false;
    }
    p->width = t->desc.width;
    p->height = t->desc.height;
    return true;
}

/* Records the picture of t (see above): the R8G8B8A8_UNORM image
 * returned, in GENERAL layout, its writes visible to what follows; or
 * VK_NULL_HANDLE when it cannot be made (warned once). */
static VkImage picture_record(struct vkx_ctx *ctx, struct vkx_texture *t)
{
    struct vkx_picture *p = ctx->picture;
    bool encode = frame_is_linear(t->desc.format);
    VkCommandBuffer cb = ctx->cb;

    if (!p && !(p = ctx->picture = calloc(1, sizeof(*p)))) {
        NR_WARN(PRESENT, "context %u: out of memory for a frame's picture", ctx->id);
        return VK_NULL_HANDLE;
    }
    if (!picture_resources(ctx, p, t)) {
        if (!p->warned)
            NR_WARN(PRESENT, "context %u: a frame of format %d cannot be converted for a "
                    "display: not shown in a window, not dumped", ctx->id,
                    (int)t->desc.format);
        p->warned = true;
        return VK_NULL_HANDLE;
    }
    end_rendering(ctx);
    memory_barrier(cb); /* the frame's writes, before the blit reads it */
    /* Both images are written whole: their old contents go, after the
     * reads of the frames before (still running: PRESENT waits for none). */
    image_barrier(cb, p->rgba, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
                  VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    if (encode)
        image_barrier(cb, p->srgb, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                      VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0,
                      VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkImageBlit b = {
        .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .srcOffsets = {{0, 0, 0}, {(int32_t)p->width, (int32_t)p->height, 1}},
        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .dstOffsets = {{0, 0, 0}, {(int32_t)p->width, (int32_t)p->height, 1}},
    };
    vkCmdBlitImage(cb, t->image, VK_IMAGE_LAYOUT_GENERAL, encode ? p->srgb : p->rgba,
                   VK_IMAGE_LAYOUT_GENERAL, 1, &b, VK_FILTER_NEAREST);
    if (encode) {
        VkImageCopy c = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .extent = {p->width, p->height, 1},
        };
        memory_barrier(cb);
        vkCmdCopyImage(cb, p->srgb, VK_IMAGE_LAYOUT_GENERAL, p->rgba, VK_IMAGE_LAYOUT_GENERAL, 1,
                       &c);
    }
    memory_barrier(cb);
    return p->rgba;
}

/* Records the read-back of the picture (R, G, B, A rows, tightly packed)
 * into staging memory. */
static bool picture_read(struct vkx_ctx *ctx, VkImage picture, struct vkx_chunk **c,
                         uint64_t *off)
{
    const struct vkx_picture *p = ctx->picture;
    if (!ctx_stage(ctx, (uint64_t)p->width * p->height * 4, 16, c, off)) {
        ctx_fail(ctx, "out of read-back memory");
        return false;
    }
    VkBufferImageCopy region = {
        .bufferOffset = *off,
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {p->width, p->height, 1},
    };
    vkCmdCopyImageToBuffer(ctx->cb, picture, VK_IMAGE_LAYOUT_GENERAL, (*c)->buffer, 1, &region);
    memory_barrier(ctx->cb); /* transfer write -> host read */
    return true;
}

/* Acquires an image of the window's swap chain and records the copy of the
 * back buffer t into it (of its picture where t is a float frame: see
 * picture_record).  Answers the image, or NO_IMAGE when this frame shows
 * nothing there (no window, no area, the window just dropped). */
static uint32_t window_record(struct vkx_ctx *ctx, struct vkx_window *w,
                              struct vkx_texture *t, VkImage picture,
                              const struct vkx_present_target *tg)
{
    struct vkx_device *dev = ctx->dev;
    uint32_t index = NO_IMAGE, tw = t->desc.width, th = t->desc.height;
    bool vsync = tg && tg->vsync;
    char why[200];
    VkResult r = VK_ERROR_OUT_OF_DATE_KHR;

    if (w->dead || (tg && tg->hidden))
        return NO_IMAGE;
    /* A float frame shows encoded, through its picture, or not at all:
     * never too dark. */
    if (t->desc.type != WIRE_TEX_2D || is_depth_format(t->desc.format) ||
        !(dev->format_features[t->desc.format] & WIRE_FEAT_BLIT) ||
        (frame_is_linear(t->desc.format) && !picture)) {
        if (!w->format_warned)
            NR_WARN(PRESENT, "context %u: a back buffer of format %d cannot be shown in "
                    "a window", ctx->id, (int)t->desc.format);
        w->format_warned = true;
        return NO_IMAGE;
    }
    if (!w->xw) {
        if (!window_open(ctx, w, tw, th, tg, why, sizeof(why))) {
            window_drop(ctx, w, why);
            return NO_IMAGE;
        }
    } else if (!xwin_poll(w->xw, why, sizeof(why))) {
        window_drop(ctx, w, why);
        return NO_IMAGE;
    }
    if (w->parent) {
        /* The client area moved or changed size. */
        xwin_place(w->xw, tg->screen, tg->area[0], tg->area[1], (uint32_t)tg->area[2],
                   (uint32_t)tg->area[3]);
    } else if (tw != w->width || th != w->height) { /* our own: a Reset to another size */
        xwin_resize(w->xw, tw, th);
        w->width = tw;
        w->height = th;
        w->rebuild = true;
    }
    if (w->swapchain) {
        /* Resized: not every driver says out of date for it (lavapipe's
         * copies into the window keep the old size). */
        uint32_t xw, xh;
        xwin_size(w->xw, &xw, &xh);
        if (xw != w->extent.width || xh != w->extent.height || vsync != w->vsync)
            w->rebuild = true;
    }
    /* Out of date once more right after a rebuild (a resize racing the
     * new swap chain): one more try, then skip the frame. */
    for (int attempt = 0; attempt < 2 && r == VK_ERROR_OUT_OF_DATE_KHR; attempt++) {
        if (w->rebuild || !w->swapchain) {
            if (!swapchain_build(ctx, w, vsync, why, sizeof(why))) {
                window_drop(ctx, w, why);
                return NO_IMAGE;
            }
            if (!w->swapchain)
                return NO_IMAGE; /* no area: nothing to show */
        }
        /* The acquire semaphore's last waiter retired (usually long
         * since: frames in flight are fewer than VKX_ACQUIRES). */
        if (w->acquired_use[w->acquire_at] &&
            !wait_value_bounded(ctx, w->acquired_use[w->acquire_at]))
            return NO_IMAGE;
        w->acquire_cur = w->acquire_at;
        /* Bounded: a present must not hang on a display that stopped
         * answering. */
        r = vkAcquireNextImageKHR(dev->device, w->swapchain, 2000000000ull,
                                  w->acquired[w->acquire_cur], VK_NULL_HANDLE, &index);
        if (r == VK_ERROR_OUT_OF_DATE_KHR)
            w->rebuild = true;
    }
    if (r == VK_SUBOPTIMAL_KHR) {
        w->rebuild = true; /* after this frame: the image is ours now */
    } else if (r == VK_TIMEOUT || r == VK_NOT_READY || r == VK_ERROR_OUT_OF_DATE_KHR) {
        NR_DBG(PRESENT, "context %u: no window image this frame (VkResult %d)", ctx->id,
               (int)r);
        return NO_IMAGE;
    } else if (r != VK_SUCCESS) {
        snprintf(why, sizeof(why), "vkAcquireNextImageKHR: VkResult %d%s", (int)r,
                 r == VK_ERROR_SURFACE_LOST_KHR ? " (surface lost)" : "");
        window_drop(ctx, w, why);
        return NO_IMAGE;
    }
    if (index >= w->image_count) { /* a driver bug; never index past the arrays */
        window_drop(ctx, w, "the swap chain answered an image it does not have");
        return NO_IMAGE;
    }

    /* D3D9's rectangles: the back buffer's part (all of it by default),
     * stretched into the window's part (all of it by default). */
    const uint32_t ew = w->extent.width, eh = w->extent.height;
    int32_t src[4] = {0, 0, (int32_t)tw, (int32_t)th};
    int32_t dst[4] = {0, 0, (int32_t)ew, (int32_t)eh};
    if (tg && tg->has_src)
        memcpy(src, tg->src, sizeof(src));
    if (tg && tg->has_dst)
        memcpy(dst, tg->dst, sizeof(dst));
    /* A source past the back buffer is cut to it first (the destination
     * moves with it: clip_blit with the roles swapped), then the
     * destination to the window. */
    if (!clip_blit(dst, src, tw, th))
        memset(src, 0, sizeof(src));
    bool shown = src[2] > src[0] && src[3] > src[1] && clip_blit(src, dst, ew, eh);
    bool whole = shown && dst[0] == 0 && dst[1] == 0 && dst[2] == (int32_t)ew &&
                 dst[3] == (int32_t)eh;
    bool keep = tg && tg->keep && kept_image(ctx, w);

    VkImage image = w->images[index];
    VkImage target = keep ? w->kept : image;
    VkImageLayout target_layout = keep ? VK_IMAGE_LAYOUT_GENERAL
                                       : VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    end_rendering(ctx);
    memory_barrier(ctx->cb); /* the frame's writes to t, before the copy reads it */
    /* What the window's copy reads: the frame, the float frame's picture
     * (sRGB-encoded: no ramp applies to it, as neither D3D9 nor our DXGI
     * has a ramp for a float swap chain), or the frame through the gamma
     * ramp. */
    VkImage shown_image = t->image;
    VkFormat shown_format = t->vk_format;
    bool shown_filter = dev->format_features[t->desc.format] & WIRE_FEAT_FILTER;
    if (frame_is_linear(t->desc.format)) {
        shown_image = picture;
        shown_format = VK_FORMAT_R8G8B8A8_UNORM;
        shown_filter = true; /* RGBA8 filters everywhere */
    } else if (shown && tg && tg->gamma) {
        VkImage g = gamma_record(ctx, t);
        if (g) {
            shown_image = g;
            shown_format = VK_FORMAT_R8G8B8A8_UNORM;
            shown_filter = true; /* RGBA8 filters everywhere */
        }
    }
    /* From the semaphore wait (transfer stage) on: the old contents go. */
    image_barrier(ctx->cb, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT, 0,
                  VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    if (keep && w->kept_fresh) {
        static const VkClearColorValue black = {{0, 0, 0, 1}};
        const VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        image_barrier(ctx->cb, w->kept, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                      VK_IMAGE_LAYOUT_GENERAL,
                      VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
        vkCmdClearColorImage(ctx->cb, w->kept, VK_IMAGE_LAYOUT_GENERAL, &black, 1, &all);
        memory_barrier(ctx->cb);
        w->kept_fresh = false;
    }
    if (!whole && !keep) { /* the rest of the window: black */
        static const VkClearColorValue black = {{0, 0, 0, 1}};
        const VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        vkCmdClearColorImage(ctx->cb, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1,
                             &all);
        memory_barrier(ctx->cb);
    }
    if (!shown) {
        /* nothing of the back buffer */
    } else if (w->format == shown_format && src[0] == 0 && src[1] == 0 &&
               src[2] == (int32_t)tw && src[3] == (int32_t)th && dst[2] - dst[0] == (int32_t)tw &&
               dst[3] - dst[1] == (int32_t)th) {
        VkImageCopy c = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstOffset = {dst[0], dst[1], 0},
            .extent = {tw, th, 1},
        };
        vkCmdCopyImage(ctx->cb, shown_image, VK_IMAGE_LAYOUT_GENERAL, target, target_layout, 1,
                       &c);
    } else {
        /* Another format (R5G6B5, A2R10G10B10, ...), a part, or a window
         * whose size is not the back buffer's: a blit converts and
         * scales. */
        bool scaled = dst[2] - dst[0] != src[2] - src[0] || dst[3] - dst[1] != src[3] - src[1];
        VkImageBlit b = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .srcOffsets = {{src[0], src[1], 0}, {src[2], src[3], 1}},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstOffsets = {{dst[0], dst[1], 0}, {dst[2], dst[3], 1}},
        };
        vkCmdBlitImage(ctx->cb, shown_image, VK_IMAGE_LAYOUT_GENERAL, target, target_layout, 1,
                       &b, scaled && shown_filter ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
    }
    if (keep) { /* the whole kept picture goes to the window */
        VkImageCopy c = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .extent = {ew, eh, 1},
        };
        memory_barrier(ctx->cb);
        vkCmdCopyImage(ctx->cb, w->kept, VK_IMAGE_LAYOUT_GENERAL, image,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    }
    /* The submission's semaphore signal makes the copy visible to the
     * presentation engine; the layout must be the one it reads. */
    image_barrier(ctx->cb, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                  VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_NONE, 0);
    memory_barrier(ctx->cb); /* the copy read t: before anything writes it again */
    return index;
}

/* Queues the present of an image whose copy was submitted. */
static void window_present(struct vkx_ctx *ctx, struct vkx_window *w, uint32_t index)
{
    struct vkx_device *dev = ctx->dev;
    char why[160];
    VkPresentInfoKHR pi = {
        .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
        .waitSemaphoreCount = 1,
        .pWaitSemaphores = &w->ready[index],
        .swapchainCount = 1,
        .pSwapchains = &w->swapchain,
        .pImageIndices = &index,
    };
    VkResult r;

    pthread_mutex_lock(&dev->queue_lock);
    r = vkQueuePresentKHR(dev->queue, &pi);
    pthread_mutex_unlock(&dev->queue_lock);
    if (r == VK_SUBOPTIMAL_KHR || r == VK_ERROR_OUT_OF_DATE_KHR) {
        w->rebuild = true;
    } else if (r != VK_SUCCESS) {
        snprintf(why, sizeof(why), "vkQueuePresentKHR: VkResult %d%s", (int)r,
                 r == VK_ERROR_SURFACE_LOST_KHR ? " (surface lost)" : "");
        window_drop(ctx, w, why);
    }
}

bool vkx_present(struct vkx_ctx *ctx, struct vkx_texture *t, const char *dump_path,
                 const struct vkx_present_target *target, uint64_t *retire)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_chunk *c = NULL;
    uint64_t off = 0;
    struct wire_texture_region r = {.width = t->desc.width, .height = t->desc.height,
                                    .depth = 1, .row_pitch = t->desc.width * 4};
    /* The PNG holds 8-bit texels: the frame's own, or its picture (see
     * picture_record) where a display converts them. */
    bool dump_frame = dump_path && (t->desc.format == WIRE_FORMAT_B8G8R8A8_UNORM ||
                                    t->desc.format == WIRE_FORMAT_B8G8R8X8_UNORM ||
                                    t->desc.format == WIRE_FORMAT_R8G8B8A8_UNORM);
    bool dump_picture = dump_path && frame_has_picture(t->desc.format);
    struct vkx_window *w;
    uint32_t image = NO_IMAGE;
    VkImage picture = VK_NULL_HANDLE;

    if (!ctx_cb(ctx))
        return false;
    w = window_for(ctx, target);
    if (dump_picture || (w && frame_is_linear(t->desc.format)))
        picture = picture_record(ctx, t);
    dump_picture = dump_picture && picture;
    if (dump_frame && !record_read(ctx, t, &r, &c, &off))
        return false;
    if (dump_picture && !picture_read(ctx, picture, &c, &off))
        return false;
    if (w)
        image = window_record(ctx, w, t, picture, target);
    if (image == NO_IMAGE) {
        if (!vkx_ctx_submit(ctx))
            return false;
    } else {
        if (!submit_with(ctx, w->acquired[w->acquire_cur], w->ready[image]))
            return false;
        w->acquired_use[w->acquire_cur] = ctx->submitted;
        w->acquire_at = (w->acquire_cur + 1) % VKX_ACQUIRES;
        window_present(ctx, w, image);
    }
    /* A frame nobody reads back is the caller's to wait for
     * (vkx_ctx_wait_gpu): the context goes on recording the next one.  A
     * window's acquire semaphores take turns (acquired_use), and its
     * picture, gamma and kept images are written by the next frame after a
     * barrier on everything before, made again only once it all retired. */
    if (retire && !dump_frame && !dump_picture) {
        *retire = ctx->submitted;
        return true;
    }
    if (retire)
        *retire = 0;
    if (!wait_value_bounded(ctx, ctx->submitted))
        return false;
    bool dump = dump_frame || dump_picture;
    if (dump_picture || (dump_frame && t->desc.format == WIRE_FORMAT_R8G8B8A8_UNORM)) {
        /* The PNG writer takes B, G, R, A (D3D9's order); DXGI's swap
         * chains and the pictures are R, G, B, A. */
        uint8_t *p = c->map + off;
        for (size_t i = 0; i < (size_t)t->desc.width * t->desc.height; i++, p += 4) {
            uint8_t r = p[0];
            p[0] = p[2];
            p[2] = r;
        }
    }
    if (dump && !vkx_write_png(dump_path, c->map + off, t->desc.width, t->desc.height,
                               t->desc.width * 4,
                               t->desc.format != WIRE_FORMAT_B8G8R8X8_UNORM))
        NR_WARN(PRESENT, "cannot write %s", dump_path);
    return true;
}

/* ------------------------------------------------------------- queries */

/* Occlusion queries.  A client query (an index below WIRE_MAX_QUERIES)
 * counts the samples of the draws between its BEGIN and END.  Vulkan wants
 * a query to begin and end inside one render pass instance and one command
 * buffer, and at most one occlusion query active at a time, so the GPU
 * counts in segments: a Vulkan query slot is begun when rendering begins
 * (or a client query begins inside it) and ended when rendering ends (or a
 * client query begins or ends inside it).  Each segment counts for every
 * client query active while it was open; a client query's result is the
 * sum of its segments, read once the submission of its last one retired.
 * A timestamp query is a client query with one segment: the slot its last
 * END wrote the time into.  Slots come from pools of their query type and
 * are reset from the host (hostQueryReset) when freed.
 *
 * A pipeline-statistics query counts the graphics stages in segments too,
 * with a slot set of its own (Vulkan allows one query of each type active
 * at a time, so its segments and the occlusion ones overlap freely): one
 * from the first draw of a rendering pass to the pass's end while such
 * queries are active, cut where one begins or ends (Vulkan's rule: a
 * query begun inside a render pass instance ends in it).  Its compute
 * invocations are not a Vulkan query's: a dispatch runs outside rendering,
 * and a query begun there would have to contain whole render pass
 * instances (and lavapipe, Mesa 22.3, crashes on one around a dispatch);
 * D3D11's CSInvocations is the threads dispatched, which the executor
 * knows exactly (groups times the shader's LocalSize) and adds to every
 * active statistics query at each dispatch.  Work that is neither a draw
 * nor a dispatch (clears, copies, the presenter's gamma pass) is counted
 * in nothing, as D3D11 counts only the pipeline's work. */
#define QUERY_POOL_SLOTS 256u
#define QUERY_MAX_POOLS 256u
#define QUERY_NO_SLOT UINT32_MAX

enum query_state { QUERY_IDLE, QUERY_ACTIVE, QUERY_ENDED };
/* KIND_XFB: stream 0's primitives written and needed (two values a slot),
 * one slot around each stream-output draw while SO queries are active.
 * KIND_STATS: the device's pipeline_stats counters (a value a set bit, in
 * bit order). */
enum query_kind { KIND_OCCLUSION, KIND_TIMESTAMP, KIND_XFB, KIND_STATS, KIND_COUNT };

_Static_assert(VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT ==
                       1u << WIRE_STAT_IA_VERTICES &&
                   VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT ==
                       1u << WIRE_STAT_IA_PRIMITIVES &&
                   VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_VS_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_GS_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT ==
                       1u << WIRE_STAT_GS_PRIMITIVES &&
                   VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_C_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT ==
                       1u << WIRE_STAT_C_PRIMITIVES &&
                   VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_PS_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT ==
                       1u << WIRE_STAT_HS_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_DS_INVOCATIONS &&
                   VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT ==
                       1u << WIRE_STAT_CS_INVOCATIONS,
               "Vulkan's statistics bits are in D3D11's order");

struct vkx_query {
    uint32_t *segs;
    size_t seg_count, seg_cap;
    uint64_t done_value; /* timeline value at which the last segment retired */
    uint64_t samples;
    uint64_t needed; /* KIND_XFB: primitives needed */
    uint64_t *stats; /* KIND_STATS: WIRE_STAT_COUNT counters, made with the first result */
    uint64_t cs_invocations; /* KIND_STATS: compute threads dispatched while active */
    uint8_t state;
    uint8_t kind; /* enum query_kind: the slot set its segments are from */
    uint8_t streams; /* KIND_XFB: the streams it counts, a bit each */
    bool have_result;
};

struct vkx_fence { uint64_t fence, value; };

/* A statistics pool's results, read once a slot: lavapipe (Mesa 22.3)
 * answers a pipeline-statistics query read a second time with more
 * fragment invocations than the first (it adds its threads' counts
 * again), and a segment shared by overlapping client queries is read by
 * each. */
struct vkx_stats_cache {
    uint64_t v[QUERY_POOL_SLOTS][WIRE_STAT_COUNT];
    bool have[QUERY_POOL_SLOTS];
};

/* Vulkan query slots of one type, pooled. */
struct vkx_slots {
    VkQueryPool pools[QUERY_MAX_POOLS];
    struct vkx_stats_cache *cache[QUERY_MAX_POOLS]; /* KIND_STATS only */
    uint32_t pool_count;
    uint16_t *slot_refs;   /* by slot: client queries that still need it */
    uint32_t *free_slots;
    size_t free_count, free_cap;
    /* Slots dropped before their submission retired: {slot, value}. */
    struct vkx_fence *retiring;
    size_t retiring_count, retiring_cap;
};

struct vkx_queries {
    struct vkx_slots slots[KIND_COUNT];
    struct vkx_query *q;   /* WIRE_MAX_QUERIES */
    uint32_t active[64];   /* client queries active now */
    uint32_t active_count;
    uint32_t so_active[64]; /* stream-output statistics queries active now */
    uint32_t so_active_count;
    uint32_t stats_active[64]; /* pipeline-statistics queries active now */
    uint32_t stats_active_count;
    uint32_t seg;          /* the open segment's slot, or QUERY_NO_SLOT */
    uint32_t stats_seg;    /* the open statistics segment's slot, or QUERY_NO_SLOT */
    struct vkx_fence *fences;
    size_t fence_first, fence_count, fence_cap;
    uint64_t fence_done;
};

static struct vkx_queries *ctx_queries(struct vkx_ctx *ctx)
{
    if (!ctx->queries) {
        struct vkx_queries *qs = calloc(1, sizeof(*qs));
        if (!qs || !(qs->q = calloc(WIRE_MAX_QUERIES, sizeof(*qs->q)))) {
            free(qs);
            ctx_fail(ctx, "out of memory for queries");
            return NULL;
        }
        qs->seg = qs->stats_seg = QUERY_NO_SLOT;
        ctx->queries = qs;
    }
    return ctx->queries;
}

static void slot_free(struct vkx_ctx *ctx, struct vkx_slots *ss, uint32_t slot)
{
    vkResetQueryPool(ctx->dev->device, ss->pools[slot / QUERY_POOL_SLOTS],
                     slot % QUERY_POOL_SLOTS, 1);
    if (ss->cache[slot / QUERY_POOL_SLOTS])
        ss->cache[slot / QUERY_POOL_SLOTS]->have[slot % QUERY_POOL_SLOTS] = false;
    /* free_cap covers every slot ever made. */
    ss->free_slots[ss->free_count++] = slot;
}

/* Dropped slots whose last submission retired are reset and reused. */
static void slots_reclaim(struct vkx_ctx *ctx, struct vkx_slots *ss)
{
    uint64_t done;
    size_t kept = 0;
    if (!ss->retiring_count)
        return;
    done = completed_value(ctx);
    for (size_t i = 0; i < ss->retiring_count; i++) {
        if (ss->retiring[i].value <= done)
            slot_free(ctx, ss, (uint32_t)ss->retiring[i].fence);
        else
            ss->retiring[kept++] = ss->retiring[i];
    }
    ss->retiring_count = kept;
}

static bool slot_alloc(struct vkx_ctx *ctx, struct vkx_queries *qs, enum query_kind kind,
                       uint32_t *out)
{
    static const char *const what[KIND_COUNT] = {"occlusion", "timestamp", "stream-output",
                                                 "pipeline-statistics"};
    struct vkx_device *dev = ctx->dev;
    struct vkx_slots *ss = &qs->slots[kind];
    slots_reclaim(ctx, ss);
    if (!ss->free_count) {
        VkQueryPoolCreateInfo ci = {
            .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
            /* Emulated stream output keeps its counts in so_results: an
             * occlusion pool stands in, never begun. */
            .queryType = kind == KIND_TIMESTAMP         ? VK_QUERY_TYPE_TIMESTAMP
                         : kind == KIND_XFB && !dev->xfb ? VK_QUERY_TYPE_OCCLUSION
                         : kind == KIND_XFB             ? VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT
                         : kind == KIND_STATS   ? VK_QUERY_TYPE_PIPELINE_STATISTICS
                                                : VK_QUERY_TYPE_OCCLUSION,
            .queryCount = QUERY_POOL_SLOTS,
            .pipelineStatistics = kind == KIND_STATS ? dev->pipeline_stats : 0,
        };
        char name[64];
        uint32_t base = ss->pool_count * QUERY_POOL_SLOTS;
        if (ss->pool_count == QUERY_MAX_POOLS) {
            ctx_fail(ctx, "more than %u %s query slots outstanding",
                     QUERY_MAX_POOLS * QUERY_POOL_SLOTS, what[kind]);
            return false;
        }
        if ((!ss->slot_refs &&
             !(ss->slot_refs = calloc((size_t)QUERY_POOL_SLOTS * QUERY_MAX_POOLS,
                                      sizeof(*ss->slot_refs)))) ||
            !nr_array_reserve((void **)&ss->free_slots, &ss->free_cap,
                              ss->free_count + QUERY_POOL_SLOTS, sizeof(*ss->free_slots)) ||
            (kind == KIND_STATS &&
             !(ss->cache[ss->pool_count] = calloc(1, sizeof(*ss->cache[0])))) ||
            !VKX_CHECK(vkCreateQueryPool(dev->device, &ci, NULL,
                                         &ss->pools[ss->pool_count]))) {
            ctx_fail(ctx, "cannot create a %s query pool", what[kind]);
            return false;
        }
        snprintf(name, sizeof(name), "ctx%u %s queries %u-%u", ctx->id, what[kind], base,
                 base + QUERY_POOL_SLOTS - 1);
        set_name(dev, VK_OBJECT_TYPE_QUERY_POOL, (uint64_t)ss->pools[ss->pool_count], name);
        vkResetQueryPool(dev->device, ss->pools[ss->pool_count], 0, QUERY_POOL_SLOTS);
        ss->pool_count++;
        for (uint32_t i = QUERY_POOL_SLOTS; i-- > 0;)
            ss->free_slots[ss->free_count++] = base + i;
    }
    *out = ss->free_slots[--ss->free_count];
    return true;
}

static uint64_t fence_value(struct vkx_ctx *ctx);

/* A client query no longer needs a slot.  A slot is reset only once every
 * command buffer that used it retired: at once after its result was read,
 * later when a query is dropped or restarted before that. */
static void slot_release(struct vkx_ctx *ctx, struct vkx_slots *ss, uint32_t slot)
{
    uint64_t value = fence_value(ctx);
    if (--ss->slot_refs[slot])
        return;
    if (value <= completed_value(ctx)) {
        slot_free(ctx, ss, slot);
        return;
    }
    if (!nr_array_reserve((void **)&ss->retiring, &ss->retiring_cap,
                          ss->retiring_count + 1, sizeof(*ss->retiring))) {
        /* Out of memory: the slot is lost, not reused early. */
        return;
    }
    ss->retiring[ss->retiring_count++] = (struct vkx_fence){slot, value};
}

static void segment_close(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    if (qs->seg == QUERY_NO_SLOT)
        return;
    vkCmdEndQuery(ctx->cb, qs->slots[KIND_OCCLUSION].pools[qs->seg / QUERY_POOL_SLOTS],
                  qs->seg % QUERY_POOL_SLOTS);
    qs->seg = QUERY_NO_SLOT;
}

static bool segment_open(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    uint32_t slot;
    /* One open at a time (Vulkan: one occlusion query active in a command
     * buffer): the one open counts for the active set, which changes only
     * after active_set_changing closed it. */
    if (!qs->active_count || !ctx->rendering || qs->seg != QUERY_NO_SLOT)
        return true;
    for (uint32_t i = 0; i < qs->active_count; i++) {
        struct vkx_query *q = &qs->q[qs->active[i]];
        if (!nr_array_reserve((void **)&q->segs, &q->seg_cap, q->seg_count + 1,
                              sizeof(*q->segs))) {
            ctx_fail(ctx, "out of memory for query segments");
            return false;
        }
    }
    if (!slot_alloc(ctx, qs, KIND_OCCLUSION, &slot))
        return false;
    vkCmdBeginQuery(ctx->cb, qs->slots[KIND_OCCLUSION].pools[slot / QUERY_POOL_SLOTS],
                    slot % QUERY_POOL_SLOTS,
                    ctx->dev->occlusion_precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
    qs->seg = slot;
    for (uint32_t i = 0; i < qs->active_count; i++) {
        struct vkx_query *q = &qs->q[qs->active[i]];
        q->segs[q->seg_count++] = slot;
        qs->slots[KIND_OCCLUSION].slot_refs[slot]++;
    }
    return true;
}

/* A statistics segment: a slot counting for every active statistics
 * query, begun by a draw inside rendering (queries_draw). */
static void stats_segment_close(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    if (qs->stats_seg == QUERY_NO_SLOT)
        return;
    vkCmdEndQuery(ctx->cb, qs->slots[KIND_STATS].pools[qs->stats_seg / QUERY_POOL_SLOTS],
                  qs->stats_seg % QUERY_POOL_SLOTS);
    qs->stats_seg = QUERY_NO_SLOT;
}

static bool stats_segment_open(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    uint32_t slot;
    if (!qs->stats_active_count || qs->stats_seg != QUERY_NO_SLOT)
        return true;
    for (uint32_t i = 0; i < qs->stats_active_count; i++) {
        struct vkx_query *q = &qs->q[qs->stats_active[i]];
        if (!nr_array_reserve((void **)&q->segs, &q->seg_cap, q->seg_count + 1,
                              sizeof(*q->segs))) {
            ctx_fail(ctx, "out of memory for query segments");
            return false;
        }
    }
    if (!slot_alloc(ctx, qs, KIND_STATS, &slot))
        return false;
    vkCmdBeginQuery(ctx->cb, qs->slots[KIND_STATS].pools[slot / QUERY_POOL_SLOTS],
                    slot % QUERY_POOL_SLOTS, 0);
    qs->stats_seg = slot;
    for (uint32_t i = 0; i < qs->stats_active_count; i++) {
        struct vkx_query *q = &qs->q[qs->stats_active[i]];
        q->segs[q->seg_count++] = slot;
        qs->slots[KIND_STATS].slot_refs[slot]++;
    }
    return true;
}

static void queries_rendering_begun(struct vkx_ctx *ctx)
{
    if (ctx->queries && ctx->queries->active_count)
        segment_open(ctx, ctx->queries);
}

static void queries_rendering_ending(struct vkx_ctx *ctx)
{
    if (ctx->queries) {
        segment_close(ctx, ctx->queries);
        stats_segment_close(ctx, ctx->queries);
    }
}

/* A dispatch of `threads` compute invocations: counted for every active
 * statistics query. */
static void queries_dispatch(struct vkx_ctx *ctx, uint64_t threads)
{
    struct vkx_queries *qs = ctx->queries;
    if (!qs)
        return;
    for (uint32_t i = 0; i < qs->stats_active_count; i++)
        qs->q[qs->stats_active[i]].cs_invocations += threads;
}

/* Before the set of active statistics queries changes: the open segment
 * ends (the draws queued so far counted in it); the next draw begins the
 * next (queries_draw). */
static void stats_set_changing(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    if (ctx->rendering) {
        flush_draws(ctx);
        stats_segment_close(ctx, qs);
    }
}

/* A draw (prepare_draw, inside rendering): a statistics segment open while
 * such queries are active.  Opened by the draw, not by rendering or a
 * query's BEGIN, so that passes without draws (clears) and brackets
 * without draws take no Vulkan query.  Every change of queries or of
 * rendering moves state_serial or the command buffer, or sets
 * storage_pending, so the draw after it takes prepare_draw's way, never
 * the fast one. */
static bool queries_draw(struct vkx_ctx *ctx)
{
    return !ctx->queries || !ctx->queries->stats_active_count ||
           stats_segment_open(ctx, ctx->queries);
}

/* Before the set of active queries changes: the open segment ends. */
static void active_set_changing(struct vkx_ctx *ctx, struct vkx_queries *qs)
{
    if (ctx->rendering) {
        flush_draws(ctx);
        segment_close(ctx, qs);
    }
}

static void query_drop(struct vkx_ctx *ctx, struct vkx_queries *qs, uint32_t id)
{
    struct vkx_query *q = &qs->q[id];
    for (uint32_t i = 0; i < qs->active_count; i++)
        if (qs->active[i] == id) {
            active_set_changing(ctx, qs);
            qs->active[i] = qs->active[--qs->active_count];
            break;
        }
    for (uint32_t i = 0; i < qs->so_active_count; i++)
        if (qs->so_active[i] == id) {
            qs->so_active[i] = qs->so_active[--qs->so_active_count];
            break;
        }
    for (uint32_t i = 0; i < qs->stats_active_count; i++)
        if (qs->stats_active[i] == id) {
            stats_set_changing(ctx, qs);
            qs->stats_active[i] = qs->stats_active[--qs->stats_active_count];
            break;
        }
    for (uint32_t i = 0; i < q->seg_count; i++)
        slot_release(ctx, &qs->slots[q->kind], q->segs[i]);
    q->seg_count = 0;
    q->state = QUERY_IDLE;
    q->have_result = false;
    q->samples = q->needed = q->cs_invocations = 0;
}

static uint64_t fence_value(struct vkx_ctx *ctx)
{
    return ctx->cb ? ctx->submitted + 1 : ctx->submitted;
}

bool vkx_query_begin(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    if (!qs)
        return false;
    if (qs->active_count == NR_ARRAY_SIZE(qs->active)) {
        ctx_fail(ctx, "more than %zu occlusion queries active at once",
                 NR_ARRAY_SIZE(qs->active));
        return false;
    }
    query_drop(ctx, qs, id); /* BEGIN restarts */
    active_set_changing(ctx, qs);
    qs->active[qs->active_count++] = id;
    qs->q[id].state = QUERY_ACTIVE;
    qs->q[id].kind = KIND_OCCLUSION;
    return segment_open(ctx, qs);
}

bool vkx_query_end(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    struct vkx_query *q;
    bool active = false;
    if (!qs)
        return false;
    q = &qs->q[id];
    for (uint32_t i = 0; i < qs->active_count; i++)
        if (qs->active[i] == id) {
            active_set_changing(ctx, qs);
            qs->active[i] = qs->active[--qs->active_count];
            active = true;
            break;
        }
    if (!active) /* END without BEGIN: an empty query */
        query_drop(ctx, qs, id);
    q->state = QUERY_ENDED;
    q->kind = KIND_OCCLUSION;
    q->done_value = fence_value(ctx);
    return segment_open(ctx, qs);
}

bool vkx_so_query_begin(struct vkx_ctx *ctx, uint32_t id, uint32_t streams)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    if (!qs)
        return false;
    query_drop(ctx, qs, id); /* BEGIN restarts */
    if (qs->so_active_count == NR_ARRAY_SIZE(qs->so_active)) {
        ctx_fail(ctx, "more than %zu stream-output queries active at once",
                 NR_ARRAY_SIZE(qs->so_active));
        return false;
    }
    qs->so_active[qs->so_active_count++] = id;
    qs->q[id].state = QUERY_ACTIVE;
    qs->q[id].kind = KIND_XFB;
    qs->q[id].streams = (uint8_t)streams;
    return true;
}

bool vkx_so_query_end(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    struct vkx_query *q;
    bool active = false;
    if (!qs)
        return false;
    q = &qs->q[id];
    for (uint32_t i = 0; i < qs->so_active_count; i++)
        if (qs->so_active[i] == id) {
            qs->so_active[i] = qs->so_active[--qs->so_active_count];
            active = true;
            break;
        }
    if (!active) /* END without BEGIN: an empty query */
        query_drop(ctx, qs, id);
    q->state = QUERY_ENDED;
    q->kind = KIND_XFB;
    q->done_value = fence_value(ctx);
    return true;
}

/* Around one stream-output draw of `stream` (inside its rendering): a
 * slot counting for every active SO query of that stream.  *slot
 * QUERY_NO_SLOT when none is active. */
static bool xfb_query_open(struct vkx_ctx *ctx, uint32_t stream, uint32_t *slot)
{
    struct vkx_queries *qs = ctx->queries;
    bool any = false;
    *slot = QUERY_NO_SLOT;
    for (uint32_t i = 0; qs && i < qs->so_active_count; i++)
        any |= qs->q[qs->so_active[i]].streams >> stream & 1;
    if (!any)
        return true;
    for (uint32_t i = 0; i < qs->so_active_count; i++) {
        struct vkx_query *q = &qs->q[qs->so_active[i]];
        if (!nr_array_reserve((void **)&q->segs, &q->seg_cap, q->seg_count + 1,
                              sizeof(*q->segs))) {
            ctx_fail(ctx, "out of memory for query segments");
            return false;
        }
    }
    if (!ctx->dev->xfb && !ctx->so_results &&
        !(ctx->so_results = vkx_buffer_create(ctx, 8ull * QUERY_POOL_SLOTS * QUERY_MAX_POOLS,
                                              WIRE_BUF_STREAM_OUT, "SO query results"))) {
        ctx_fail(ctx, "out of memory for stream-output queries");
        return false;
    }
    if (!slot_alloc(ctx, qs, KIND_XFB, slot))
        return false;
    /* (Each stream's program is drawn as stream 0's: transform feedback
     * counts it there.) */
    if (ctx->dev->xfb)
        ctx->dev->begin_query_indexed(ctx->cb,
                                      qs->slots[KIND_XFB].pools[*slot / QUERY_POOL_SLOTS],
                                      *slot % QUERY_POOL_SLOTS, 0, 0);
    for (uint32_t i = 0; i < qs->so_active_count; i++) {
        struct vkx_query *q = &qs->q[qs->so_active[i]];
        if (!(q->streams >> stream & 1))
            continue;
        q->segs[q->seg_count++] = *slot;
        qs->slots[KIND_XFB].slot_refs[*slot]++;
    }
    return true;
}

static void xfb_query_close(struct vkx_ctx *ctx, uint32_t slot)
{
    if (slot == QUERY_NO_SLOT)
        return;
    if (!ctx->dev->xfb) {
        /* Emulated: the draw's counts, outside its rendering. */
        VkBufferCopy r = {SO_EMU_WRITTEN * 4, 8ull * slot, 8};
        vkCmdCopyBuffer(ctx->cb, ctx->so_scratch->cur.buffer, ctx->so_results->cur.buffer, 1,
                        &r);
        ctx->so_results->cur.last_use = recording_value(ctx);
        memory_barrier(ctx->cb);
        return;
    }
    ctx->dev->end_query_indexed(ctx->cb,
                                ctx->queries->slots[KIND_XFB].pools[slot / QUERY_POOL_SLOTS],
                                slot % QUERY_POOL_SLOTS, 0);
}

bool vkx_stats_query_begin(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    if (!qs)
        return false;
    query_drop(ctx, qs, id); /* BEGIN restarts */
    if (qs->stats_active_count == NR_ARRAY_SIZE(qs->stats_active)) {
        ctx_fail(ctx, "more than %zu pipeline-statistics queries active at once",
                 NR_ARRAY_SIZE(qs->stats_active));
        return false;
    }
    stats_set_changing(ctx, qs);
    qs->stats_active[qs->stats_active_count++] = id;
    qs->q[id].state = QUERY_ACTIVE;
    qs->q[id].kind = KIND_STATS;
    return true;
}

bool vkx_stats_query_end(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    struct vkx_query *q;
    bool active = false;
    if (!qs)
        return false;
    q = &qs->q[id];
    for (uint32_t i = 0; i < qs->stats_active_count; i++)
        if (qs->stats_active[i] == id) {
            stats_set_changing(ctx, qs);
            qs->stats_active[i] = qs->stats_active[--qs->stats_active_count];
            active = true;
            break;
        }
    if (!active) /* END without BEGIN: an empty query */
        query_drop(ctx, qs, id);
    q->state = QUERY_ENDED;
    q->kind = KIND_STATS;
    q->done_value = fence_value(ctx);
    return true;
}

bool vkx_timestamp_write(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    struct vkx_query *q;
    VkCommandBuffer cb;
    uint32_t slot;
    if (!qs)
        return false;
    q = &qs->q[id];
    query_drop(ctx, qs, id); /* a second END writes again */
    q->kind = KIND_TIMESTAMP;
    if (!nr_array_reserve((void **)&q->segs, &q->seg_cap, 1, sizeof(*q->segs))) {
        ctx_fail(ctx, "out of memory for a timestamp query");
        return false;
    }
    flush_draws(ctx); /* the time comes after the draws before it */
    if (!(cb = ctx_cb(ctx)) || !slot_alloc(ctx, qs, KIND_TIMESTAMP, &slot))
        return false;
    vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                        qs->slots[KIND_TIMESTAMP].pools[slot / QUERY_POOL_SLOTS],
                        slot % QUERY_POOL_SLOTS);
    q->segs[q->seg_count++] = slot;
    qs->slots[KIND_TIMESTAMP].slot_refs[slot]++;
    q->state = QUERY_ENDED;
    q->done_value = fence_value(ctx);
    return true;
}

void vkx_query_forget(struct vkx_ctx *ctx, uint32_t id)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    if (ctx->queries) {
        query_drop(ctx, ctx->queries, id);
        segment_open(ctx, ctx->queries);
    }
}

int vkx_query_result(struct vkx_ctx *ctx, uint32_t id, uint64_t out[WIRE_STAT_COUNT])
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx->queries;
    struct vkx_query *q;
    memset(out, 0, WIRE_STAT_COUNT * sizeof(*out));
    if (!qs || qs->q[id].state == QUERY_IDLE)
        return -1;
    q = &qs->q[id];
    if (q->state != QUERY_ENDED)
        return 0;
    if (!q->have_result) {
        /* A slot's values: one (occlusion, timestamp), two (XFB: written,
         * needed) or one a counter of the device's (statistics, in bit
         * order). */
        uint64_t sum[WIRE_STAT_COUNT] = {0};
        uint32_t values = q->kind == KIND_XFB     ? 2
                          : q->kind == KIND_STATS ? (uint32_t)__builtin_popcount(
                                                        ctx->dev->pipeline_stats)
                                                  : 1;
        if (completed_value(ctx) < q->done_value)
            return 0;
        if (q->kind == KIND_STATS && !q->stats &&
            !(q->stats = calloc(WIRE_STAT_COUNT, sizeof(*q->stats)))) {
            ctx_fail(ctx, "out of memory for a pipeline-statistics query");
            return 0;
        }
        for (uint32_t i = 0; i < q->seg_count; i++) {
            uint64_t v[WIRE_STAT_COUNT] = {0};
            uint32_t s = q->segs[i];
            struct vkx_stats_cache *cache = qs->slots[q->kind].cache[s / QUERY_POOL_SLOTS];
            if (q->kind == KIND_XFB && !ctx->dev->xfb) {
                const uint32_t *r = (const uint32_t *)ctx->so_results->cur.map + 2 * s;
                v[0] = r[0];
                v[1] = r[1];
            } else if (cache && cache->have[s % QUERY_POOL_SLOTS]) {
                memcpy(v, cache->v[s % QUERY_POOL_SLOTS], sizeof(v));
            } else if (vkGetQueryPoolResults(ctx->dev->device,
                                             qs->slots[q->kind].pools[s / QUERY_POOL_SLOTS],
                                             s % QUERY_POOL_SLOTS, 1, values * sizeof(*v), v,
                                             values * sizeof(*v),
                                             VK_QUERY_RESULT_64_BIT) != VK_SUCCESS) {
                return 0;
            } else if (cache) {
                memcpy(cache->v[s % QUERY_POOL_SLOTS], v, sizeof(v));
                cache->have[s % QUERY_POOL_SLOTS] = true;
            }
            if (q->kind == KIND_TIMESTAMP && ctx->dev->timestamp_bits < 64)
                v[0] &= (UINT64_C(1) << ctx->dev->timestamp_bits) - 1;
            if (q->kind == KIND_STATS) {
                /* The n-th value is the n-th set bit's counter. */
                uint32_t n = 0;
                for (uint32_t st = 0; st < WIRE_STAT_COUNT; st++)
                    if (ctx->dev->pipeline_stats & (1u << st))
                        sum[st] += v[n++];
            } else {
                for (uint32_t k = 0; k < values; k++)
                    sum[k] += v[k];
            }
        }
        for (uint32_t i = 0; i < q->seg_count; i++)
            slot_release(ctx, &qs->slots[q->kind], q->segs[i]);
        q->seg_count = 0;
        if (q->kind == KIND_STATS)
            sum[WIRE_STAT_CS_INVOCATIONS] += q->cs_invocations;
        q->samples = sum[0];
        q->needed = sum[1];
        if (q->kind == KIND_STATS)
            memcpy(q->stats, sum, sizeof(sum));
        q->have_result = true;
    }
    if (q->kind == KIND_STATS) {
        memcpy(out, q->stats, WIRE_STAT_COUNT * sizeof(*out));
    } else {
        out[0] = q->samples;
        out[1] = q->needed;
    }
    return 1;
}

bool vkx_fence_mark(struct vkx_ctx *ctx, uint64_t fence)
{
    ctx->state_serial++; /* see vkx_draw's fast path */
    struct vkx_queries *qs = ctx_queries(ctx);
    if (!qs)
        return false;
    if (qs->fence_first && qs->fence_first == qs->fence_count) {
        qs->fence_first = qs->fence_count = 0;
    }
    if (!nr_array_reserve((void **)&qs->fences, &qs->fence_cap, qs->fence_count + 1,
                          sizeof(*qs->fences))) {
        ctx_fail(ctx, "out of memory for fences");
        return false;
    }
    qs->fences[qs->fence_count++] = (struct vkx_fence){fence, fence_value(ctx)};
    return true;
}

uint64_t vkx_fence_done(struct vkx_ctx *ctx)
{
    struct vkx_queries *qs = ctx->queries;
    uint64_t done;
    if (!qs)
        return 0;
    done = completed_value(ctx);
    while (qs->fence_first < qs->fence_count &&
           qs->fences[qs->fence_first].value <= done)
        qs->fence_done = qs->fences[qs->fence_first++].fence;
    if (qs->fence_first > 1024 && qs->fence_first * 2 > qs->fence_count) {
        memmove(qs->fences, qs->fences + qs->fence_first,
                (qs->fence_count - qs->fence_first) * sizeof(*qs->fences));
        qs->fence_count -= qs->fence_first;
        qs->fence_first = 0;
    }
    return qs->fence_done;
}

static void queries_destroy(struct vkx_ctx *ctx)
{
    struct vkx_queries *qs = ctx->queries;
    if (!qs)
        return;
    for (int k = 0; k < KIND_COUNT; k++) {
        struct vkx_slots *ss = &qs->slots[k];
        for (uint32_t i = 0; i < ss->pool_count; i++)
            vkDestroyQueryPool(ctx->dev->device, ss->pools[i], NULL);
        for (uint32_t i = 0; i < QUERY_MAX_POOLS; i++)
            free(ss->cache[i]);
        free(ss->slot_refs);
        free(ss->free_slots);
        free(ss->retiring);
    }
    for (uint32_t i = 0; i < WIRE_MAX_QUERIES; i++) {
        free(qs->q[i].segs);
        free(qs->q[i].stats);
    }
    free(qs->q);
    free(qs->fences);
    free(qs);
    ctx->queries = NULL;
}
