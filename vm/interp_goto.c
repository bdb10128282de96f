/* The interpreter dispatched through a table of label addresses (GCC/Clang computed goto). */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Woverride-init"
#define VM_USE_GOTO 1
#define VM_INTERP_NAME vm_interpret_goto
#include "interp_loop.h"
#else
typedef int interp_goto_unavailable; /* ISO C needs a declaration in every translation unit */
#endif
