/* libFuzzer target: the toy parser must accept or reject any bytes cleanly (one message naming
 * the file), and a bounded dfs must run every program it accepts. */
#include <string.h>

#include "por.h"
#include "toy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    toy_program *toy;
    por_error err;
    if (toy_parse((const char *)data, size, "fuzz.toy", &toy, &err) != POR_OK) {
        if (strncmp(err.message, "fuzz.toy", 8) || strchr(err.message, '\n')) __builtin_trap();
        return 0;
    }
    por_lts lts = toy_lts(toy);
    por_options opt;
    por_options_init(&opt);
    opt.max_states = 200;
    por_result result;
    por_search(&lts, &opt, &result, &err);
    toy_free(toy);
    return 0;
}
