/* libFuzzer target: cf_parse must reject or accept any input cleanly, and the disassembler must
 * print any class cf_parse accepts. */
#include <stdio.h>

#include "classfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    cf_class *cls;
    cf_error err;
    if (cf_parse(data, size, "fuzz.class", &cls, &err) == CF_OK) {
        if (sink) cf_disassemble(sink, cls);
        cf_class_free(cls);
    }
    return 0;
}
