/* nereid server: what vkd3d-shader makes of a program, validated before
 * anything reads it.  vkd3d-shader assumes validated bytecode, and of a
 * malformed program (a system value past D3D's, say) it can make a module
 * with an id of 0 or an id never defined, which no driver should see: our
 * rewrites would read it, and the driver with them.  SPIRV-Tools' validator
 * (Debian's spirv-tools, a static C++ library) checks each module under
 * Vulkan 1.0's rules, the environment vkd3d-shader is asked for; a module it
 * refuses is a program refused by name.  Built without it, every module
 * passes (meson says so). */
#include "server/server_private.h"

#include <stdio.h>

#ifdef NEREID_HAVE_SPIRV_TOOLS
#include <pthread.h>
#include <spirv-tools/libspirv.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static spv_context context;

static void make_context(void)
{
    context = spvContextCreate(SPV_ENV_VULKAN_1_0);
}

bool server_spirv_check(const uint32_t *words, size_t count, char *err, size_t err_size)
{
    spv_const_binary_t bin = {words, count};
    spv_diagnostic diag = NULL;
    spv_validator_options opts;
    spv_result_t r;

    pthread_once(&once, make_context);
    if (!context || !(opts = spvValidatorOptionsCreate())) {
        snprintf(err, err_size, "no SPIR-V validator");
        return false;
    }
    r = spvValidateWithOptions(context, opts, &bin, &diag);
    spvValidatorOptionsDestroy(opts);
    if (r != SPV_SUCCESS)
        snprintf(err, err_size, "vkd3d-shader made an invalid module: %s",
                 diag && diag->error ? diag->error : "(no reason given)");
    spvDiagnosticDestroy(diag);
    return r == SPV_SUCCESS;
}
#else
bool server_spirv_check(const uint32_t *words, size_t count, char *err, size_t err_size)
{
    (void)words, (void)count, (void)err, (void)err_size;
    return true;
}
#endif
