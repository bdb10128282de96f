/* libFuzzer target: the spec loader must accept or reject any bytes cleanly (one message naming
 * the file), and the generator must set up and draw from any spec it accepts. */
#include <stdio.h>
#include <string.h>

#include "clients.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Draws two clients of [spec]; a spec that loads must never crash the generator. */
static void generate(const client_spec *spec)
{
    client_gen_options opt = {
        .min_threads = 2, .max_threads = 3, .min_calls = 1, .max_calls = 3, .values = 3, .seed = 1};
    client_gen *gen;
    client_error err = {0};
    if (client_gen_new(spec, &opt, &gen, &err) != CLIENT_OK) return;
    char line[4096];
    for (int i = 0; i < 2 && client_gen_next(gen, line, sizeof line, &err) == CLIENT_OK; i++) {
    }
    client_gen_free(gen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    client_spec *spec;
    client_error err = {0};
    client_bytes json = {(const char *)data, size};
    if (client_spec_parse_bytes("fuzz.json", json, &spec, &err) != CLIENT_OK) {
        if (strncmp(err.message, "fuzz.json", 9) || strchr(err.message, '\n')) __builtin_trap();
        return 0;
    }
    client_spec_is_visible(spec, "java/util/concurrent/Foo");
    generate(spec);
    client_spec_free(spec);
    return 0;
}
