/* The interpreter dispatched through a switch statement. */
#define VM_USE_GOTO 0
#define VM_QUICK 0
#define VM_INTERP_NAME vm_interpret_switch
#include "interp_loop.h"
