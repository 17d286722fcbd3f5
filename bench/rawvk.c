/* bench/rawvk: drawstress's scenes in raw Vulkan 1.3, without D3D9, the
 * wire or a server: what the same frames cost when an application records
 * the Vulkan commands itself.  Headless, libvulkan only.
 *
 *   rawvk [--draws N] [--frames F] [--variant up|vb|churn] [--multi]
 *         [--pipelines] [--sets] [--sync]
 *
 * Each frame clears a 512x512 B8G8R8A8_UNORM image (R8G8B8A8 where the
 * device cannot render to B8G8R8A8) to black and draws N triangles of 3
 * pixels, at drawstress's positions and colours (dynamic rendering, no
 * depth, no blending, no culling):
 *   up     each triangle's 3 vertices (drawstress's 20-byte XYZRHW+DIFFUSE
 *          vertex) are copied into a host-visible vertex buffer of the
 *          frame's own while the frame is recorded, one vkCmdDraw each;
 *   vb     the same triangles from one static device-local vertex buffer,
 *          one vkCmdDraw each, or with --multi one vkCmdDraw of all;
 *   churn  the static buffer with textured vertices (28 bytes), and every
 *          draw changes the texture (two 4x4 textures, white and grey,
 *          modulating the vertex colour) and the colour write mask
 *          (RGBA, RGB: drawstress's COLORWRITEENABLE 0xf / 0x7).  The
 *          texture goes in by vkCmdPushDescriptorSetKHR where the device has
 *          VK_KHR_push_descriptor, else by binding one of two descriptor
 *          sets (or with --sets).  The write mask is vkCmdSetColorWriteMaskEXT on one pipeline
 *          where the device has VK_EXT_extended_dynamic_state3's
 *          extendedDynamicState3ColorWriteMask (what nereid's server does
 *          there), else, or with --pipelines, one of two pipelines (mask
 *          RGBA / RGB) bound every draw.
 * --multi also applies to up (one vkCmdDraw of the frame's buffer).
 *
 * Frames: one command buffer, fence and (up) vertex buffer for each of two
 * frames; after frame f is submitted the program waits for frame f - 1's
 * fence, so one frame is in flight while the next is recorded (what
 * nereid's client sees with one present credit: when Present n returns,
 * frames up to n - 1 are done).  --sync waits for frame f itself instead.
 * The frame time is the time between successive completions, median over
 * frames 3..F-1 (as drawstress measures between Present returns); the
 * api figure is the median of the frame's recording time (the vertex
 * copies, vkCmd* calls and vkEndCommandBuffer) divided by the draws, and
 * record is the same per frame in ms.  Frame 0 waits for itself: "first
 * frame" is from its first command until its fence.
 *
 * Prints one line in drawstress's format (variant, "rawvk" or
 * "rawvk-multi" where drawstress prints its transport, draws, frame ms,
 * api ns/draw; then record ms/frame, Vulkan draw calls a frame, first
 * frame, validation errors), and on stderr the device and the modes.
 * Reads the last frame back and exits 1 if no pixel was drawn.  Device as
 * nereid chooses it: NEREID_DEVICE (an index or a substring of the name),
 * else a discrete, integrated or virtual GPU before any other (lavapipe);
 * Vulkan 1.3 devices only.  NEREID_VALIDATION=1 enables
 * VK_LAYER_KHRONOS_validation; any error it reports makes the exit status 3.
 *
 * The two shaders are SPIR-V words this file emits itself (spv_*), so
 * that nothing but libvulkan is needed. */
#define _GNU_SOURCE
#include "bench_util.h"
#include <vulkan/vulkan.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SIZE 512

/* drawstress's vertices, byte for byte. */
struct vertex {
    float x, y, z, rhw;
    uint32_t color; /* D3DCOLOR: 0xAARRGGBB, bytes B G R A */
};
struct tvertex {
    float x, y, z, rhw;
    uint32_t color;
    float u, v;
};

static uint64_t validation_errors;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("rawvk: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void check(VkResult r, const char *what)
{
    if (r != VK_SUCCESS)
        die("%s failed (VkResult %d)", what, (int)r);
}

/* drawstress's triangle i. */
static void triangle(struct vertex *v, int i)
{
    float x = (float)((i * 7) % (SIZE - 4)), y = (float)((i * 13 / 7) % (SIZE - 4));
    uint32_t c = 0xff000000u | (uint32_t)(i * 2654435761u >> 8);
    v[0] = (struct vertex){x, y, 0.5f, 1, c};
    v[1] = (struct vertex){x + 3, y, 0.5f, 1, c};
    v[2] = (struct vertex){x, y + 2, 0.5f, 1, c};
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
    (void)types;
    (void)user;
    if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
        validation_errors++;
        fprintf(stderr, "rawvk: validation error: %s\n", data->pMessage);
    } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        fprintf(stderr, "rawvk: validation warning: %s\n", data->pMessage);
    }
    return VK_FALSE;
}

/* ---- SPIR-V, emitted word by word (SPIR-V 1.0, Shader, Logical GLSL450) ---- */

enum {
    SpvOpMemoryModel = 14, SpvOpEntryPoint = 15, SpvOpExecutionMode = 16,
    SpvOpCapability = 17, SpvOpTypeVoid = 19, SpvOpTypeFloat = 22, SpvOpTypeVector = 23,
    SpvOpTypeImage = 25, SpvOpTypeSampledImage = 27, SpvOpTypePointer = 32,
    SpvOpTypeFunction = 33, SpvOpConstant = 43, SpvOpFunction = 54, SpvOpFunctionEnd = 56,
    SpvOpVariable = 59, SpvOpLoad = 61, SpvOpStore = 62, SpvOpDecorate = 71,
    SpvOpVectorShuffle = 79, SpvOpCompositeConstruct = 80, SpvOpCompositeExtract = 81,
    SpvOpImageSampleImplicitLod = 87, SpvOpFAdd = 129, SpvOpFMul = 133, SpvOpLabel = 248,
    SpvOpReturn = 253,
};
enum { SpvDecBuiltIn = 11, SpvDecLocation = 30, SpvDecBinding = 33, SpvDecDescriptorSet = 34 };
enum { SpvUniformConstant = 0, SpvInput = 1, SpvOutput = 3 };

struct spv {
    uint32_t w[400];
    uint32_t n, bound;
};

static void spv_op(struct spv *s, uint32_t op, const uint32_t *args, uint32_t count)
{
    if (s->n + 1 + count > sizeof(s->w) / sizeof(s->w[0]))
        die("SPIR-V buffer too small");
    s->w[s->n++] = (count + 1) << 16 | op;
    for (uint32_t i = 0; i < count; i++)
        s->w[s->n++] = args[i];
}
#define SPV(s, op, ...)                                                                    \
    spv_op(s, op, (const uint32_t[]){__VA_ARGS__},                                         \
           (uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t)))

static uint32_t spv_id(struct spv *s)
{
    return s->bound++;
}

static uint32_t f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* The header, capability, memory model and an entry point "main" of model
 * (0 vertex, 4 fragment) with its interface variables. */
static void spv_begin(struct spv *s, uint32_t model, uint32_t main_id, const uint32_t *io,
                      uint32_t io_count)
{
    uint32_t ep[12] = {model, main_id, 0x6e69616d /* "main" */, 0};
    s->w[0] = 0x07230203;
    s->w[1] = 0x00010000;
    s->w[2] = 0;
    s->w[3] = 0; /* the bound, at the end */
    s->w[4] = 0;
    s->n = 5;
    SPV(s, SpvOpCapability, 1 /* Shader */);
    SPV(s, SpvOpMemoryModel, 0 /* Logical */, 1 /* GLSL450 */);
    memcpy(ep + 4, io, io_count * sizeof(*io));
    spv_op(s, SpvOpEntryPoint, ep, 4 + io_count);
}

/* gl_Position = vec4((pos.xy + 0.5) / 256 - 1, pos.z, 1): drawstress's
 * XYZRHW pixel positions (D3D9 pixel centres are on integers); colour
 * = col.bgra (the D3DCOLOR read as R8G8B8A8); uv passed on. */
static void vertex_shader(struct spv *s, bool textured)
{
    s->bound = 1;
    uint32_t tvoid = spv_id(s), tfn = spv_id(s), tf = spv_id(s), tv4 = spv_id(s),
             tv2 = spv_id(s), pin4 = spv_id(s), pout4 = spv_id(s), pin2 = spv_id(s),
             pout2 = spv_id(s), cscale = spv_id(s), chalf = spv_id(s), cone = spv_id(s),
             cmone = spv_id(s), in_pos = spv_id(s), in_col = spv_id(s), in_uv = spv_id(s),
             out_pos = spv_id(s), out_col = spv_id(s), out_uv = spv_id(s), fmain = spv_id(s);
    uint32_t io[] = {in_pos, in_col, out_pos, out_col, in_uv, out_uv};
    spv_begin(s, 0, fmain, io, textured ? 6 : 4);
    SPV(s, SpvOpDecorate, in_pos, SpvDecLocation, 0);
    SPV(s, SpvOpDecorate, in_col, SpvDecLocation, 1);
    SPV(s, SpvOpDecorate, out_pos, SpvDecBuiltIn, 0 /* Position */);
    SPV(s, SpvOpDecorate, out_col, SpvDecLocation, 0);
    if (textured) {
        SPV(s, SpvOpDecorate, in_uv, SpvDecLocation, 2);
        SPV(s, SpvOpDecorate, out_uv, SpvDecLocation, 1);
    }
    SPV(s, SpvOpTypeVoid, tvoid);
    SPV(s, SpvOpTypeFunction, tfn, tvoid);
    SPV(s, SpvOpTypeFloat, tf, 32);
    SPV(s, SpvOpTypeVector, tv4, tf, 4);
    SPV(s, SpvOpTypeVector, tv2, tf, 2);
    SPV(s, SpvOpTypePointer, pin4, SpvInput, tv4);
    SPV(s, SpvOpTypePointer, pout4, SpvOutput, tv4);
    SPV(s, SpvOpTypePointer, pin2, SpvInput, tv2);
    SPV(s, SpvOpTypePointer, pout2, SpvOutput, tv2);
    SPV(s, SpvOpConstant, tf, cscale, f32(2.0f / SIZE));
    SPV(s, SpvOpConstant, tf, chalf, f32(0.5f));
    SPV(s, SpvOpConstant, tf, cone, f32(1.0f));
    SPV(s, SpvOpConstant, tf, cmone, f32(-1.0f));
    SPV(s, SpvOpVariable, pin4, in_pos, SpvInput);
    SPV(s, SpvOpVariable, pin4, in_col, SpvInput);
    SPV(s, SpvOpVariable, pout4, out_pos, SpvOutput);
    SPV(s, SpvOpVariable, pout4, out_col, SpvOutput);
    if (textured) {
        SPV(s, SpvOpVariable, pin2, in_uv, SpvInput);
        SPV(s, SpvOpVariable, pout2, out_uv, SpvOutput);
    }
    SPV(s, SpvOpFunction, tvoid, fmain, 0, tfn);
    SPV(s, SpvOpLabel, spv_id(s));
    uint32_t p = spv_id(s), c[2], t[3], ndc[2], pos = spv_id(s), col = spv_id(s),
             bgra = spv_id(s), z = spv_id(s);
    SPV(s, SpvOpLoad, tv4, p, in_pos);
    for (int k = 0; k < 2; k++) {
        for (int j = 0; j < 3; j++)
            t[j] = spv_id(s);
        c[k] = t[0];
        SPV(s, SpvOpCompositeExtract, tf, t[0], p, (uint32_t)k);
        SPV(s, SpvOpFAdd, tf, t[1], c[k], chalf);
        SPV(s, SpvOpFMul, tf, t[2], t[1], cscale);
        ndc[k] = spv_id(s);
        SPV(s, SpvOpFAdd, tf, ndc[k], t[2], cmone);
    }
    SPV(s, SpvOpCompositeExtract, tf, z, p, 2);
    SPV(s, SpvOpCompositeConstruct, tv4, pos, ndc[0], ndc[1], z, cone);
    SPV(s, SpvOpStore, out_pos, pos);
    SPV(s, SpvOpLoad, tv4, col, in_col);
    SPV(s, SpvOpVectorShuffle, tv4, bgra, col, col, 2, 1, 0, 3);
    SPV(s, SpvOpStore, out_col, bgra);
    if (textured) {
        uint32_t uv = spv_id(s);
        SPV(s, SpvOpLoad, tv2, uv, in_uv);
        SPV(s, SpvOpStore, out_uv, uv);
    }
    spv_op(s, SpvOpReturn, NULL, 0);
    spv_op(s, SpvOpFunctionEnd, NULL, 0);
    s->w[3] = s->bound;
}

/* colour = vertex colour, times the texture at set 0 binding 0 when
 * textured (D3D9's default stage 0: MODULATE of TEXTURE and DIFFUSE). */
static void fragment_shader(struct spv *s, bool textured)
{
    s->bound = 1;
    uint32_t tvoid = spv_id(s), tfn = spv_id(s), tf = spv_id(s), tv4 = spv_id(s),
             tv2 = spv_id(s), pin4 = spv_id(s), pout4 = spv_id(s), pin2 = spv_id(s),
             timg = spv_id(s), tsimg = spv_id(s), pimg = spv_id(s), in_col = spv_id(s),
             in_uv = spv_id(s), out_col = spv_id(s), tex = spv_id(s), fmain = spv_id(s);
    uint32_t io[] = {in_col, out_col, in_uv};
    spv_begin(s, 4, fmain, io, textured ? 3 : 2);
    SPV(s, SpvOpExecutionMode, fmain, 7 /* OriginUpperLeft */);
    SPV(s, SpvOpDecorate, in_col, SpvDecLocation, 0);
    SPV(s, SpvOpDecorate, out_col, SpvDecLocation, 0);
    if (textured) {
        SPV(s, SpvOpDecorate, in_uv, SpvDecLocation, 1);
        SPV(s, SpvOpDecorate, tex, SpvDecDescriptorSet, 0);
        SPV(s, SpvOpDecorate, tex, SpvDecBinding, 0);
    }
    SPV(s, SpvOpTypeVoid, tvoid);
    SPV(s, SpvOpTypeFunction, tfn, tvoid);
    SPV(s, SpvOpTypeFloat, tf, 32);
    SPV(s, SpvOpTypeVector, tv4, tf, 4);
    SPV(s, SpvOpTypePointer, pin4, SpvInput, tv4);
    SPV(s, SpvOpTypePointer, pout4, SpvOutput, tv4);
    SPV(s, SpvOpVariable, pin4, in_col, SpvInput);
    SPV(s, SpvOpVariable, pout4, out_col, SpvOutput);
    if (textured) {
        SPV(s, SpvOpTypeVector, tv2, tf, 2);
        SPV(s, SpvOpTypePointer, pin2, SpvInput, tv2);
        /* 2D, not depth, not arrayed, single-sampled, sampled, format unknown */
        SPV(s, SpvOpTypeImage, timg, tf, 1, 0, 0, 0, 1, 0);
        SPV(s, SpvOpTypeSampledImage, tsimg, timg);
        SPV(s, SpvOpTypePointer, pimg, SpvUniformConstant, tsimg);
        SPV(s, SpvOpVariable, pin2, in_uv, SpvInput);
        SPV(s, SpvOpVariable, pimg, tex, SpvUniformConstant);
    }
    SPV(s, SpvOpFunction, tvoid, fmain, 0, tfn);
    SPV(s, SpvOpLabel, spv_id(s));
    uint32_t col = spv_id(s);
    SPV(s, SpvOpLoad, tv4, col, in_col);
    if (textured) {
        uint32_t img = spv_id(s), uv = spv_id(s), texel = spv_id(s), prod = spv_id(s);
        SPV(s, SpvOpLoad, tsimg, img, tex);
        SPV(s, SpvOpLoad, tv2, uv, in_uv);
        SPV(s, SpvOpImageSampleImplicitLod, tv4, texel, img, uv);
        SPV(s, SpvOpFMul, tv4, prod, col, texel);
        col = prod;
    }
    SPV(s, SpvOpStore, out_col, col);
    spv_op(s, SpvOpReturn, NULL, 0);
    spv_op(s, SpvOpFunctionEnd, NULL, 0);
    s->w[3] = s->bound;
}

/* ---- Vulkan ---- */

struct gpu {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger;
    VkPhysicalDevice phys;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties mem;
    VkDevice device;
    VkQueue queue;
    uint32_t family;
    VkCommandPool pool;
    bool push_descriptors, dynamic_mask;
    PFN_vkCmdPushDescriptorSetKHR push_descriptor_set;
    PFN_vkCmdSetColorWriteMaskEXT set_color_write_mask;
};

struct buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    void *map;
};

static bool has_ext(const VkExtensionProperties *e, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (!strcmp(e[i].extensionName, name))
            return true;
    return false;
}

/* NEREID_DEVICE: an index or a substring of the name; otherwise a GPU
 * (discrete, integrated, virtual, in that order) before anything else. */
static int choose_device(VkPhysicalDevice *devs, uint32_t n)
{
    const char *want = getenv("NEREID_DEVICE");
    int best = -1, best_rank = 0;
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceProperties p;
        int rank;
        vkGetPhysicalDeviceProperties(devs[i], &p);
        if (p.apiVersion < VK_API_VERSION_1_3)
            continue;
        if (want && *want) {
            char *end;
            long index = strtol(want, &end, 10);
            if (*end ? strstr(p.deviceName, want) != NULL : index == (long)i)
                return (int)i;
            continue;
        }
        rank = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU     ? 4
               : p.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU ? 3
               : p.deviceType == VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU    ? 2
                                                                        : 1;
        if (rank > best_rank) {
            best = (int)i;
            best_rank = rank;
        }
    }
    return best;
}

static void gpu_open(struct gpu *g, bool want_dynamic_mask, bool want_push)
{
    const char *v = getenv("NEREID_VALIDATION");
    bool validation = v && *v && strcmp(v, "0");
    const char *layers[] = {"VK_LAYER_KHRONOS_validation"};
    const char *inst_exts[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
    const char *dev_exts[2];
    uint32_t n = 0, dev_ext_count = 0;

    if (validation) {
        VkLayerProperties *lp;
        bool found = false;
        vkEnumerateInstanceLayerProperties(&n, NULL);
        lp = calloc(n ? n : 1, sizeof(*lp));
        vkEnumerateInstanceLayerProperties(&n, lp);
        for (uint32_t i = 0; i < n; i++)
            found |= !strcmp(lp[i].layerName, layers[0]);
        free(lp);
        if (!found)
            die("NEREID_VALIDATION is set but VK_LAYER_KHRONOS_validation is not installed");
    }
    VkApplicationInfo app = {
        .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
        .pApplicationName = "rawvk",
        .apiVersion = VK_API_VERSION_1_3,
    };
    VkInstanceCreateInfo ici = {
        .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
        .pApplicationInfo = &app,
        .enabledLayerCount = validation ? 1 : 0,
        .ppEnabledLayerNames = layers,
        .enabledExtensionCount = validation ? 1 : 0,
        .ppEnabledExtensionNames = inst_exts,
    };
    check(vkCreateInstance(&ici, NULL, &g->instance), "vkCreateInstance");
    if (validation) {
        PFN_vkCreateDebugUtilsMessengerEXT create =
            (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
                g->instance, "vkCreateDebugUtilsMessengerEXT");
        g->destroy_messenger = (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(
            g->instance, "vkDestroyDebugUtilsMessengerEXT");
        VkDebugUtilsMessengerCreateInfoEXT mci = {
            .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
            .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
            .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                           VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
            .pfnUserCallback = on_message,
        };
        if (!create || !g->destroy_messenger)
            die("no vkCreateDebugUtilsMessengerEXT");
        check(create(g->instance, &mci, NULL, &g->messenger), "vkCreateDebugUtilsMessengerEXT");
    }

    VkPhysicalDevice *devs;
    vkEnumeratePhysicalDevices(g->instance, &n, NULL);
    devs = calloc(n ? n : 1, sizeof(*devs));
    vkEnumeratePhysicalDevices(g->instance, &n, devs);
    int pick = choose_device(devs, n);
    if (pick < 0)
        die("no Vulkan 1.3 device%s (found %u)",
            getenv("NEREID_DEVICE") ? " matching NEREID_DEVICE" : "", n);
    g->phys = devs[pick];
    free(devs);
    vkGetPhysicalDeviceProperties(g->phys, &g->props);
    vkGetPhysicalDeviceMemoryProperties(g->phys, &g->mem);

    vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &n, NULL);
    VkQueueFamilyProperties *qf = calloc(n ? n : 1, sizeof(*qf));
    vkGetPhysicalDeviceQueueFamilyProperties(g->phys, &n, qf);
    g->family = UINT32_MAX;
    for (uint32_t i = 0; i < n && g->family == UINT32_MAX; i++)
        if (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)
            g->family = i;
    free(qf);
    if (g->family == UINT32_MAX)
        die("%s has no graphics queue", g->props.deviceName);

    VkExtensionProperties *ext;
    vkEnumerateDeviceExtensionProperties(g->phys, NULL, &n, NULL);
    ext = calloc(n ? n : 1, sizeof(*ext));
    vkEnumerateDeviceExtensionProperties(g->phys, NULL, &n, ext);
    g->push_descriptors = want_push && has_ext(ext, n, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    bool eds3 = has_ext(ext, n, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME);
    free(ext);

    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3_feat = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
    };
    VkPhysicalDeviceVulkan13Features f13 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .pNext = eds3 ? &eds3_feat : NULL,
    };
    VkPhysicalDeviceFeatures2 f2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
        .pNext = &f13,
    };
    vkGetPhysicalDeviceFeatures2(g->phys, &f2);
    if (!f13.dynamicRendering || !f13.synchronization2)
        die("%s lacks dynamicRendering or synchronization2", g->props.deviceName);
    g->dynamic_mask = want_dynamic_mask && eds3 && eds3_feat.extendedDynamicState3ColorWriteMask;

    /* Enable only what is used. */
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3_on = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
        .extendedDynamicState3ColorWriteMask = VK_TRUE,
    };
    VkPhysicalDeviceVulkan13Features f13_on = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
        .pNext = g->dynamic_mask ? &eds3_on : NULL,
        .synchronization2 = VK_TRUE,
        .dynamicRendering = VK_TRUE,
    };
    if (g->push_descriptors)
        dev_exts[dev_ext_count++] = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
    if (g->dynamic_mask)
        dev_exts[dev_ext_count++] = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
    float priority = 1.0f;
    VkDeviceQueueCreateInfo qci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
        .queueFamilyIndex = g->family,
        .queueCount = 1,
        .pQueuePriorities = &priority,
    };
    VkDeviceCreateInfo dci = {
        .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        .pNext = &f13_on,
        .queueCreateInfoCount = 1,
        .pQueueCreateInfos = &qci,
        .enabledExtensionCount = dev_ext_count,
        .ppEnabledExtensionNames = dev_exts,
    };
    check(vkCreateDevice(g->phys, &dci, NULL, &g->device), "vkCreateDevice");
    vkGetDeviceQueue(g->device, g->family, 0, &g->queue);
    if (g->push_descriptors)
        g->push_descriptor_set = (PFN_vkCmdPushDescriptorSetKHR)vkGetDeviceProcAddr(
            g->device, "vkCmdPushDescriptorSetKHR");
    if (g->dynamic_mask)
        g->set_color_write_mask = (PFN_vkCmdSetColorWriteMaskEXT)vkGetDeviceProcAddr(
            g->device, "vkCmdSetColorWriteMaskEXT");
    if ((g->push_descriptors && !g->push_descriptor_set) ||
        (g->dynamic_mask && !g->set_color_write_mask))
        die("an extension's command is missing");

    VkCommandPoolCreateInfo pci = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = g->family,
    };
    check(vkCreateCommandPool(g->device, &pci, NULL, &g->pool), "vkCreateCommandPool");
}

/* A memory type of bits with all of need, preferring one with want too. */
static uint32_t memory_type(const struct gpu *g, uint32_t bits, VkMemoryPropertyFlags need,
                            VkMemoryPropertyFlags want)
{
    uint32_t found = UINT32_MAX;
    for (uint32_t i = 0; i < g->mem.memoryTypeCount; i++) {
        VkMemoryPropertyFlags f = g->mem.memoryTypes[i].propertyFlags;
        if (!(bits & (1u << i)) || (f & need) != need)
            continue;
        if ((f & want) == want)
            return i;
        if (found == UINT32_MAX)
            found = i;
    }
    if (found == UINT32_MAX)
        die("no memory type with flags %#x", (unsigned)need);
    return found;
}

static VkDeviceMemory allocate(const struct gpu *g, VkMemoryRequirements req,
                               VkMemoryPropertyFlags need, VkMemoryPropertyFlags want)
{
    VkMemoryAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .allocationSize = req.size,
        .memoryTypeIndex = memory_type(g, req.memoryTypeBits, need, want),
    };
    VkDeviceMemory m;
    check(vkAllocateMemory(g->device, &ai, NULL, &m), "vkAllocateMemory");
    return m;
}

/* host: host-visible and coherent, mapped; else device-local. */
static struct buffer buffer_create(const struct gpu *g, VkDeviceSize size,
                                   VkBufferUsageFlags usage, bool host)
{
    struct buffer b = {0};
    VkBufferCreateInfo bci = {
        .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
        .size = size,
        .usage = usage,
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
    };
    VkMemoryRequirements req;
    check(vkCreateBuffer(g->device, &bci, NULL, &b.buffer), "vkCreateBuffer");
    vkGetBufferMemoryRequirements(g->device, b.buffer, &req);
    b.memory = host ? allocate(g, req,
                               VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                               0)
                    : allocate(g, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    check(vkBindBufferMemory(g->device, b.buffer, b.memory, 0), "vkBindBufferMemory");
    if (host)
        check(vkMapMemory(g->device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.map), "vkMapMemory");
    return b;
}

static void buffer_destroy(const struct gpu *g, struct buffer *b)
{
    vkDestroyBuffer(g->device, b->buffer, NULL);
    vkFreeMemory(g->device, b->memory, NULL);
}

struct image {
    VkImage image;
    VkDeviceMemory memory;
    VkImageView view;
};

static struct image image_create(const struct gpu *g, VkFormat format, uint32_t w, uint32_t h,
                                 VkImageUsageFlags usage)
{
    struct image im = {0};
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
        .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
        .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
    };
    VkMemoryRequirements req;
    check(vkCreateImage(g->device, &ici, NULL, &im.image), "vkCreateImage");
    vkGetImageMemoryRequirements(g->device, im.image, &req);
    im.memory = allocate(g, req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    check(vkBindImageMemory(g->device, im.image, im.memory, 0), "vkBindImageMemory");
    VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = im.image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    check(vkCreateImageView(g->device, &vci, NULL, &im.view), "vkCreateImageView");
    return im;
}

static void image_destroy(const struct gpu *g, struct image *im)
{
    vkDestroyImageView(g->device, im->view, NULL);
    vkDestroyImage(g->device, im->image, NULL);
    vkFreeMemory(g->device, im->memory, NULL);
}

static void barrier(VkCommandBuffer cb, VkImage image, VkPipelineStageFlags2 src_stage,
                    VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage,
                    VkAccessFlags2 dst_access, VkImageLayout from, VkImageLayout to)
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
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
    };
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .imageMemoryBarrierCount = 1,
        .pImageMemoryBarriers = &b,
    };
    vkCmdPipelineBarrier2(cb, &di);
}

static VkCommandBuffer command_buffer(const struct gpu *g)
{
    VkCommandBufferAllocateInfo ai = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = g->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
    VkCommandBuffer cb;
    check(vkAllocateCommandBuffers(g->device, &ai, &cb), "vkAllocateCommandBuffers");
    return cb;
}

static void begin(VkCommandBuffer cb)
{
    VkCommandBufferBeginInfo bi = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
    };
    check(vkBeginCommandBuffer(cb, &bi), "vkBeginCommandBuffer");
}

static void submit(const struct gpu *g, VkCommandBuffer cb, VkFence fence)
{
    VkSubmitInfo si = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .commandBufferCount = 1,
        .pCommandBuffers = &cb,
    };
    check(vkQueueSubmit(g->queue, 1, &si, fence), "vkQueueSubmit");
}

/* One-off work (uploads, the read-back): submitted and waited for. */
static void submit_and_wait(const struct gpu *g, VkCommandBuffer cb)
{
    VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence;
    check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    check(vkCreateFence(g->device, &fci, NULL, &fence), "vkCreateFence");
    submit(g, cb, fence);
    check(vkWaitForFences(g->device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    vkDestroyFence(g->device, fence, NULL);
    vkFreeCommandBuffers(g->device, g->pool, 1, &cb);
}

static VkShaderModule shader_module(const struct gpu *g, const struct spv *s)
{
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = s->n * sizeof(uint32_t),
        .pCode = s->w,
    };
    VkShaderModule m;
    check(vkCreateShaderModule(g->device, &smci, NULL, &m), "vkCreateShaderModule");
    return m;
}

static VkPipeline pipeline_create(const struct gpu *g, VkPipelineLayout layout,
                                  VkShaderModule vs, VkShaderModule fs, bool textured,
                                  VkFormat format, VkColorComponentFlags mask, bool dynamic_mask)
{
    VkPipelineShaderStageCreateInfo stages[2] = {
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main"},
        {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main"},
    };
    VkVertexInputBindingDescription binding = {
        0, textured ? sizeof(struct tvertex) : sizeof(struct vertex),
        VK_VERTEX_INPUT_RATE_VERTEX};
    VkVertexInputAttributeDescription attrs[3] = {
        {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
        {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 16},
        {2, 0, VK_FORMAT_R32G32_SFLOAT, 20},
    };
    VkPipelineVertexInputStateCreateInfo vi = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
        .vertexBindingDescriptionCount = 1,
        .pVertexBindingDescriptions = &binding,
        .vertexAttributeDescriptionCount = textured ? 3 : 2,
        .pVertexAttributeDescriptions = attrs,
    };
    VkPipelineInputAssemblyStateCreateInfo ia = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
    };
    VkViewport viewport = {0, 0, SIZE, SIZE, 0, 1};
    VkRect2D scissor = {{0, 0}, {SIZE, SIZE}};
    VkPipelineViewportStateCreateInfo vp = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
        .viewportCount = 1,
        .pViewports = &viewport,
        .scissorCount = 1,
        .pScissors = &scissor,
    };
    VkPipelineRasterizationStateCreateInfo rs = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
        .polygonMode = VK_POLYGON_MODE_FILL,
        .cullMode = VK_CULL_MODE_NONE,
        .frontFace = VK_FRONT_FACE_CLOCKWISE,
        .lineWidth = 1.0f,
    };
    VkPipelineMultisampleStateCreateInfo ms = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
    };
    VkPipelineColorBlendAttachmentState att = {.colorWriteMask = mask};
    VkPipelineColorBlendStateCreateInfo cb = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
        .attachmentCount = 1,
        .pAttachments = &att,
    };
    VkDynamicState dyn_states[] = {VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT};
    VkPipelineDynamicStateCreateInfo dyn = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
        .dynamicStateCount = 1,
        .pDynamicStates = dyn_states,
    };
    VkPipelineRenderingCreateInfo rci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
        .colorAttachmentCount = 1,
        .pColorAttachmentFormats = &format,
    };
    VkGraphicsPipelineCreateInfo gpci = {
        .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
        .pNext = &rci,
        .stageCount = 2,
        .pStages = stages,
        .pVertexInputState = &vi,
        .pInputAssemblyState = &ia,
        .pViewportState = &vp,
        .pRasterizationState = &rs,
        .pMultisampleState = &ms,
        .pColorBlendState = &cb,
        .pDynamicState = dynamic_mask ? &dyn : NULL,
        .layout = layout,
    };
    VkPipeline p;
    check(vkCreateGraphicsPipelines(g->device, VK_NULL_HANDLE, 1, &gpci, NULL, &p),
          "vkCreateGraphicsPipelines");
    return p;
}

/* Copies size bytes into a new device-local buffer of usage (through a
 * staging buffer). */
static struct buffer upload_buffer(const struct gpu *g, const void *data, VkDeviceSize size,
                                   VkBufferUsageFlags usage)
{
    struct buffer stage = buffer_create(g, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true);
    struct buffer b = buffer_create(g, size, usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT, false);
    VkCommandBuffer cb = command_buffer(g);
    VkBufferCopy region = {0, 0, size};
    memcpy(stage.map, data, (size_t)size);
    begin(cb);
    vkCmdCopyBuffer(cb, stage.buffer, b.buffer, 1, &region);
    /* The copy before any later vertex fetch (the queue's later submissions). */
    VkMemoryBarrier2 mb = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
        .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
        .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
        .dstStageMask = VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
        .dstAccessMask = VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT,
    };
    VkDependencyInfo di = {
        .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
        .memoryBarrierCount = 1,
        .pMemoryBarriers = &mb,
    };
    vkCmdPipelineBarrier2(cb, &di);
    submit_and_wait(g, cb);
    buffer_destroy(g, &stage);
    return b;
}

/* A 4x4 texture of one colour (grey or white: the same bytes in either
 * channel order), left in SHADER_READ_ONLY_OPTIMAL. */
static struct image upload_texture(const struct gpu *g, VkFormat format, uint32_t texel)
{
    struct image im = image_create(g, format, 4, 4,
                                   VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT);
    struct buffer stage = buffer_create(g, 64, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, true);
    VkCommandBuffer cb = command_buffer(g);
    VkBufferImageCopy region = {
        .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
        .imageExtent = {4, 4, 1},
    };
    for (int i = 0; i < 16; i++)
        ((uint32_t *)stage.map)[i] = texel;
    begin(cb);
    barrier(cb, im.image, VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_COPY_BIT,
            VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdCopyBufferToImage(cb, stage.buffer, im.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &region);
    barrier(cb, im.image, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
            VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    submit_and_wait(g, cb);
    buffer_destroy(g, &stage);
    return im;
}

int main(int argc, char **argv)
{
    int draws = 10000, frames = 40;
    const char *variant = "up";
    bool multi = false, force_pipelines = false, force_sets = false, sync = false;
    struct gpu g = {0};

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--draws") && i + 1 < argc)
            draws = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
            frames = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--variant") && i + 1 < argc)
            variant = argv[++i];
        else if (!strcmp(argv[i], "--multi"))
            multi = true;
        else if (!strcmp(argv[i], "--pipelines"))
            force_pipelines = true;
        else if (!strcmp(argv[i], "--sets"))
            force_sets = true;
        else if (!strcmp(argv[i], "--sync"))
            sync = true;
        else {
            fprintf(stderr, "usage: rawvk [--draws N] [--frames F] [--variant up|vb|churn] "
                            "[--multi] [--pipelines] [--sets] [--sync]\n");
            return 2;
        }
    }
    const bool up = !strcmp(variant, "up"), churn = !strcmp(variant, "churn");
    if (!up && !churn && strcmp(variant, "vb")) {
        fprintf(stderr, "rawvk: unknown variant %s\n", variant);
        return 2;
    }
    if (draws < 1 || frames < 4 || draws > 10000000)
        return 2;
    if (churn && multi) {
        fprintf(stderr, "rawvk: --multi does not apply to churn (its state changes every "
                        "draw)\n");
        return 2;
    }

    gpu_open(&g, churn && !force_pipelines, churn && !force_sets);

    /* The target: B8G8R8A8 (drawstress's X8R8G8B8 back buffer), else R8G8B8A8. */
    VkFormat format = VK_FORMAT_B8G8R8A8_UNORM;
    {
        VkFormatProperties fp;
        const VkFormatFeatureFlags need =
            VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT;
        vkGetPhysicalDeviceFormatProperties(g.phys, format, &fp);
        if ((fp.optimalTilingFeatures & need) != need)
            format = VK_FORMAT_R8G8B8A8_UNORM;
    }
    struct image target = image_create(&g, format, SIZE, SIZE,
                                       VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT);

    /* The scene. */
    const size_t nverts = (size_t)draws * 3;
    struct vertex *all = malloc(nverts * sizeof(*all));
    if (!all)
        die("out of memory");
    for (int i = 0; i < draws; i++)
        triangle(all + 3 * i, i);
    struct buffer static_vb = {0}, frame_vb[2] = {{0}};
    if (churn) {
        struct tvertex *tv = malloc(nverts * sizeof(*tv));
        if (!tv)
            die("out of memory");
        for (size_t i = 0; i < nverts; i++)
            tv[i] = (struct tvertex){all[i].x, all[i].y, all[i].z, all[i].rhw, all[i].color,
                                     (float)(i % 3) * 0.5f, 0.5f};
        static_vb = upload_buffer(&g, tv, nverts * sizeof(*tv),
                                  VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
        free(tv);
    } else if (!up) {
        static_vb = upload_buffer(&g, all, nverts * sizeof(*all),
                                  VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
    } else {
        for (int k = 0; k < 2; k++)
            frame_vb[k] = buffer_create(&g, nverts * sizeof(*all),
                                        VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, true);
    }

    /* Textures, sampler and descriptors (churn). */
    struct image tex[2] = {{0}};
    VkSampler sampler = VK_NULL_HANDLE;
    VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
    VkDescriptorPool dpool = VK_NULL_HANDLE;
    VkDescriptorSet sets[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
    VkDescriptorImageInfo image_info[2];
    if (churn) {
        tex[0] = upload_texture(&g, format, 0xffffffffu);
        tex[1] = upload_texture(&g, format, 0xff808080u);
        VkSamplerCreateInfo sci = {
            .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
            .magFilter = VK_FILTER_NEAREST,
            .minFilter = VK_FILTER_NEAREST,
            .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
            .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
            .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
            .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
        };
        check(vkCreateSampler(g.device, &sci, NULL, &sampler), "vkCreateSampler");
        VkDescriptorSetLayoutBinding binding = {
            .binding = 0,
            .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
            .descriptorCount = 1,
            .stageFlags = VK_SHADER_STAGE_FRAGMENT_BIT,
        };
        VkDescriptorSetLayoutCreateInfo lci = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            .flags = g.push_descriptors ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR
                                        : 0,
            .bindingCount = 1,
            .pBindings = &binding,
        };
        check(vkCreateDescriptorSetLayout(g.device, &lci, NULL, &set_layout),
              "vkCreateDescriptorSetLayout");
        for (int k = 0; k < 2; k++)
            image_info[k] = (VkDescriptorImageInfo){sampler, tex[k].view,
                                                    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        if (!g.push_descriptors) {
            VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2};
            VkDescriptorPoolCreateInfo dpci = {
                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                .maxSets = 2,
                .poolSizeCount = 1,
                .pPoolSizes = &ps,
            };
            VkDescriptorSetLayout layouts[2] = {set_layout, set_layout};
            check(vkCreateDescriptorPool(g.device, &dpci, NULL, &dpool),
                  "vkCreateDescriptorPool");
            VkDescriptorSetAllocateInfo dsai = {
                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                .descriptorPool = dpool,
                .descriptorSetCount = 2,
                .pSetLayouts = layouts,
            };
            check(vkAllocateDescriptorSets(g.device, &dsai, sets), "vkAllocateDescriptorSets");
            for (int k = 0; k < 2; k++) {
                VkWriteDescriptorSet w = {
                    .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                    .dstSet = sets[k],
                    .descriptorCount = 1,
                    .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                    .pImageInfo = &image_info[k],
                };
                vkUpdateDescriptorSets(g.device, 1, &w, 0, NULL);
            }
        }
    }

    /* Pipelines: one; churn without dynamic masks two (RGBA, RGB). */
    VkPipelineLayoutCreateInfo plci = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .setLayoutCount = churn ? 1 : 0,
        .pSetLayouts = &set_layout,
    };
    VkPipelineLayout layout;
    check(vkCreatePipelineLayout(g.device, &plci, NULL, &layout), "vkCreatePipelineLayout");
    struct spv vs_code, fs_code;
    vertex_shader(&vs_code, churn);
    fragment_shader(&fs_code, churn);
    VkShaderModule vs = shader_module(&g, &vs_code), fs = shader_module(&g, &fs_code);
    const VkColorComponentFlags rgba = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                                       VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT,
                                masks[2] = {rgba, rgba & ~VK_COLOR_COMPONENT_A_BIT};
    const bool two_pipelines = churn && !g.dynamic_mask;
    VkPipeline pipes[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
    for (int k = 0; k < (two_pipelines ? 2 : 1); k++)
        pipes[k] = pipeline_create(&g, layout, vs, fs, churn, format, masks[k],
                                   churn && g.dynamic_mask);
    vkDestroyShaderModule(g.device, vs, NULL);
    vkDestroyShaderModule(g.device, fs, NULL);

    fprintf(stderr, "rawvk: %s (Vulkan %u.%u.%u, driver %#x), target %s%s%s\n",
            g.props.deviceName, VK_API_VERSION_MAJOR(g.props.apiVersion),
            VK_API_VERSION_MINOR(g.props.apiVersion), VK_API_VERSION_PATCH(g.props.apiVersion),
            (unsigned)g.props.driverVersion,
            format == VK_FORMAT_B8G8R8A8_UNORM ? "B8G8R8A8" : "R8G8B8A8",
            !churn              ? ""
            : g.dynamic_mask    ? ", churn: vkCmdSetColorWriteMaskEXT"
                                : ", churn: two pipelines",
            !churn ? "" : g.push_descriptors ? ", push descriptors" : ", descriptor sets");

    /* The frames. */
    VkCommandBuffer cbs[2] = {command_buffer(&g), command_buffer(&g)};
    VkFence fences[2];
    bool pending[2] = {false, false};
    for (int k = 0; k < 2; k++) {
        VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        check(vkCreateFence(g.device, &fci, NULL, &fences[k]), "vkCreateFence");
    }
    uint64_t *frame_ns = calloc((size_t)frames, sizeof(uint64_t));
    uint64_t *rec_ns = calloc((size_t)frames, sizeof(uint64_t));
    uint64_t start = now_ns(), last_done = 0, first_ns = 0;
    const uint32_t calls = multi ? 1u : (uint32_t)draws;
    if (!frame_ns || !rec_ns)
        die("out of memory");

    for (int f = 0; f < frames; f++) {
        const int slot = f & 1;
        VkCommandBuffer cb = cbs[slot];
        if (pending[slot]) {
            check(vkWaitForFences(g.device, 1, &fences[slot], VK_TRUE, UINT64_MAX),
                  "vkWaitForFences");
            pending[slot] = false;
        }
        check(vkResetFences(g.device, 1, &fences[slot]), "vkResetFences");
        uint64_t t0 = now_ns();
        check(vkResetCommandBuffer(cb, 0), "vkResetCommandBuffer");
        begin(cb);
        /* The last frame's writes (a submission before, or still running)
         * before this frame's clear. */
        barrier(cb, target.image, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
        VkRenderingAttachmentInfo color = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
            .imageView = target.view,
            .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
            .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
            .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
            .clearValue.color.float32 = {0, 0, 0, 1},
        };
        VkRenderingInfo ri = {
            .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
            .renderArea = {{0, 0}, {SIZE, SIZE}},
            .layerCount = 1,
            .colorAttachmentCount = 1,
            .pColorAttachments = &color,
        };
        vkCmdBeginRendering(cb, &ri);
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
        VkDeviceSize zero = 0;
        vkCmdBindVertexBuffers(cb, 0, 1, up ? &frame_vb[slot].buffer : &static_vb.buffer,
                               &zero);
        if (up) {
            struct vertex *dst = frame_vb[slot].map;
            if (multi) {
                memcpy(dst, all, nverts * sizeof(*all));
                vkCmdDraw(cb, (uint32_t)nverts, 1, 0, 0);
            } else {
                for (int i = 0; i < draws; i++) {
                    memcpy(dst + 3 * i, all + 3 * i, 3 * sizeof(*all));
                    vkCmdDraw(cb, 3, 1, (uint32_t)(3 * i), 0);
                }
            }
        } else if (!churn) {
            if (multi)
                vkCmdDraw(cb, (uint32_t)nverts, 1, 0, 0);
            else
                for (int i = 0; i < draws; i++)
                    vkCmdDraw(cb, 3, 1, (uint32_t)(3 * i), 0);
        } else {
            for (int i = 0; i < draws; i++) {
                const int k = i & 1;
                if (g.push_descriptors) {
                    VkWriteDescriptorSet w = {
                        .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                        .dstBinding = 0,
                        .descriptorCount = 1,
                        .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                        .pImageInfo = &image_info[k],
                    };
                    g.push_descriptor_set(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &w);
                } else {
                    vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1,
                                            &sets[k], 0, NULL);
                }
                if (two_pipelines)
                    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[k]);
                else
                    g.set_color_write_mask(cb, 0, 1, &masks[k]);
                vkCmdDraw(cb, 3, 1, (uint32_t)(3 * i), 0);
            }
        }
        vkCmdEndRendering(cb);
        check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
        rec_ns[f] = now_ns() - t0;
        submit(&g, cb, fences[slot]);
        pending[slot] = true;
        /* Frame 0 and --sync: this frame; otherwise the one before. */
        const int wait = f == 0 || sync ? slot : slot ^ 1;
        if (pending[wait]) {
            check(vkWaitForFences(g.device, 1, &fences[wait], VK_TRUE, UINT64_MAX),
                  "vkWaitForFences");
            pending[wait] = false;
        }
        uint64_t done = now_ns();
        if (f == 0)
            first_ns = done - start;
        frame_ns[f] = f ? done - last_done : 0;
        last_done = done;
    }
    for (int k = 0; k < 2; k++)
        if (pending[k])
            check(vkWaitForFences(g.device, 1, &fences[k], VK_TRUE, UINT64_MAX),
                  "vkWaitForFences");

    /* The last frame, read back: some pixels must have been drawn. */
    struct buffer readback = buffer_create(&g, (VkDeviceSize)SIZE * SIZE * 4,
                                           VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
    {
        VkCommandBuffer cb = command_buffer(&g);
        VkBufferImageCopy region = {
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .imageExtent = {SIZE, SIZE, 1},
        };
        begin(cb);
        barrier(cb, target.image, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        vkCmdCopyImageToBuffer(cb, target.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                               readback.buffer, 1, &region);
        VkMemoryBarrier2 mb = {
            .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
            .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
            .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
            .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
            .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
        };
        VkDependencyInfo di = {
            .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
            .memoryBarrierCount = 1,
            .pMemoryBarriers = &mb,
        };
        vkCmdPipelineBarrier2(cb, &di);
        submit_and_wait(&g, cb);
    }
    long drawn = 0;
    {
        const uint32_t *px = readback.map;
        for (long i = 0; i < (long)SIZE * SIZE; i++)
            drawn += (px[i] & 0x00ffffffu) != 0;
    }

    {
        int n = frames - 3;
        uint64_t fm = median(frame_ns + 3, n), rm = median(rec_ns + 3, n);
        printf("%-6s %-12s draws %6d  frame %8.3f ms  api %7.1f ns/draw  record %8.3f "
               "ms/frame  vk draw calls %u/frame  first frame %.3f ms  validation errors "
               "%llu\n",
               variant, multi ? "rawvk-multi" : "rawvk", draws, (double)fm / 1e6,
               (double)rm / draws, (double)rm / 1e6, calls, (double)first_ns / 1e6,
               (unsigned long long)validation_errors);
        fflush(stdout);
    }
    fprintf(stderr, "rawvk: %ld of %d pixels drawn in the last frame\n", drawn, SIZE * SIZE);

    /* Everything goes, so that the validation layer sees no leak. */
    vkDeviceWaitIdle(g.device);
    buffer_destroy(&g, &readback);
    for (int k = 0; k < 2; k++) {
        vkDestroyFence(g.device, fences[k], NULL);
        if (pipes[k])
            vkDestroyPipeline(g.device, pipes[k], NULL);
        if (frame_vb[k].buffer)
            buffer_destroy(&g, &frame_vb[k]);
        if (tex[k].image)
            image_destroy(&g, &tex[k]);
    }
    vkFreeCommandBuffers(g.device, g.pool, 2, cbs);
    vkDestroyPipelineLayout(g.device, layout, NULL);
    if (dpool)
        vkDestroyDescriptorPool(g.device, dpool, NULL);
    if (set_layout)
        vkDestroyDescriptorSetLayout(g.device, set_layout, NULL);
    if (sampler)
        vkDestroySampler(g.device, sampler, NULL);
    if (static_vb.buffer)
        buffer_destroy(&g, &static_vb);
    image_destroy(&g, &target);
    vkDestroyCommandPool(g.device, g.pool, NULL);
    vkDestroyDevice(g.device, NULL);
    if (g.messenger)
        g.destroy_messenger(g.instance, g.messenger, NULL);
    vkDestroyInstance(g.instance, NULL);
    free(all);
    free(frame_ns);
    free(rec_ns);
    if (validation_errors) {
        fprintf(stderr, "rawvk: %llu validation errors\n", (unsigned long long)validation_errors);
        return 3;
    }
    if (!drawn) {
        fprintf(stderr, "rawvk: nothing was drawn\n");
        return 1;
    }
    return 0;
}
