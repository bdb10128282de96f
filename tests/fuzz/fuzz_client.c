/* libFuzzer target: a clients file (any bytes) against a spec with every parameter type must be
 * accepted or rejected cleanly, and every client it accepts must print in canonical form and
 * parse back to the same text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clients.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A spec with scalars, boxed values, collections, maps, an overload, a void method and the set
 * methods of the clients files used as seeds. */
static const char spec_json[] =
    "{\"class\": \"F\", \"adt\": \"map\", \"methods\": ["
    "{\"name\": \"put\", \"parameters\": [\"int\", \"int\"]},"
    "{\"name\": \"get\", \"parameters\": [\"java.lang.Object\"], \"readonly\": true},"
    "{\"name\": \"size\", \"parameters\": [], \"readonly\": true},"
    "{\"name\": \"add\", \"parameters\": [\"int\"]},"
    "{\"name\": \"remove\", \"parameters\": [\"java.lang.Integer\"]},"
    "{\"name\": \"contains\", \"parameters\": [\"int\"], \"readonly\": true},"
    "{\"name\": \"m\", \"parameters\": [\"long\", \"boolean\", \"java.lang.Integer\"]},"
    "{\"name\": \"m\", \"parameters\": [\"java.lang.Long\"], \"void\": true},"
    "{\"name\": \"addAll\", \"parameters\": [[\"int\"]]},"
    "{\"name\": \"putAll\", \"parameters\": [{\"java.lang.Object\": \"java.lang.Object\"}]}]}";

/* Formats client [c] and checks that the text parses back to the same text. */
static void round_trip(const client_spec *spec, const client *c)
{
    static char text[1 << 16], again[1 << 16];
    if (client_format(c, text, sizeof text) >= sizeof text) return;
    client_source src = {"round-trip", 1};
    client *d;
    client_error err = {0};
    if (client_parse(spec, text, &src, &d, &err) != CLIENT_OK) {
        fprintf(stderr, "canonical text '%s' does not parse: %s\n", text, err.message);
        __builtin_trap();
    }
    client_format(d, again, sizeof again);
    if (strcmp(text, again)) __builtin_trap();
    client_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static client_spec *spec;
    client_error err = {0};
    if (!spec && client_spec_parse("fuzz.json", spec_json, &spec, &err) != CLIENT_OK) abort();
    const char *text = (const char *)data;
    if (client_text_check("fuzz.clients", text, size, &err) != CLIENT_OK) return 0;
    char *copy = malloc(size + 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    copy[size] = '\0';
    client_list list;
    if (client_list_parse(spec, copy, "fuzz.clients", &list, &err) == CLIENT_OK) {
        for (size_t i = 0; i < list.count; i++) round_trip(spec, list.items[i]);
        client_list_free(&list);
    } else if (strncmp(err.message, "fuzz.clients:", 13) || strchr(err.message, '\n')) {
        __builtin_trap();
    }
    free(copy);
    return 0;
}
