/* Reading the spec and the clients that porcheck outcomes and check take from their command
 * line (--spec S with --client C or --clients FILE): the spec's warnings go to stderr, and the
 * spec is resolved against the class under test before any client is read (how each method was
 * bound, for the reports, is printed and written here too). A bad line of a
 * clients file is an entry with its error (the commands report it as an error row and go on); a
 * bad --client is one line and exit 2. */
#include <jansson.h>
#include <stdio.h>

#include "clients.h"
#include "commands.h"

/* Resolves [spec] against the class under test of [in], filling a new array of bindings when
 * [in] asks for them; fills [err] on failure. */
static client_status resolve(const cli_input *in, const client_spec *spec, client_error *err)
{
    harness_binding *b = NULL;
    if (in->bindings) {
        b = base_calloc(spec->method_count, sizeof *b);
        if (!b) return client_fail(err, CLIENT_ERR_NOMEM, "%s: out of memory", spec->path);
    }
    client_status s = harness_spec_resolve(spec, in->impl, b, err);
    if (s) base_free(b), b = NULL;
    if (in->bindings) *in->bindings = b;
    return s;
}

bool cli_load_clients(const cli_input *in, client_spec **spec, client_list *list)
{
    client_error err = {0};
    *spec = NULL;
    if (in->bindings) *in->bindings = NULL;
    client_status s = client_spec_load(in->spec, spec, &err);
    for (size_t i = 0; s == CLIENT_OK && i < (*spec)->warning_count; i++)
        fprintf(stderr, "porcheck %s: %s\n", in->command, (*spec)->warnings[i]);
    if (s == CLIENT_OK && in->impl) s = resolve(in, *spec, &err);
    if (s == CLIENT_OK)
        s = in->clients ? client_list_load_rows(*spec, in->clients, list, &err)
                        : client_list_parse(*spec, in->client, "--client", list, &err);
    if (s == CLIENT_OK) return true;
    fprintf(stderr, "porcheck %s: %s\n", in->command, err.message);
    client_spec_free(*spec);
    *spec = NULL;
    if (in->bindings) base_free(*in->bindings), *in->bindings = NULL;
    return false;
}

void cli_warn(const char *line, void *command)
{
    fprintf(stderr, "porcheck %s: warning: %s\n", (const char *)command, line);
}

/* Writes method [m] as the spec declares it, "containsKey(java.lang.Object)", into [buf]. */
static void spec_method_text(const client_method *m, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    base_textbuf_printf(&out, "%s(", m->name);
    for (size_t i = 0; i < m->param_count; i++)
        base_textbuf_printf(&out, "%s%s", i ? ", " : "", client_type_name(&m->params[i]));
    base_textbuf_printf(&out, ")");
}

void cli_print_bindings(FILE *out, const client_spec *spec, const harness_binding *b)
{
    for (size_t i = 0; b && i < spec->method_count; i++) {
        const client_method *m = &spec->methods[i];
        if (b[i].overloads < 2 && !b[i].pinned) continue;
        char text[1200], fits[64];
        spec_method_text(m, text, sizeof text);
        if (b[i].overloads < 2)
            snprintf(fits, sizeof fits, "the only overload that fits");
        else
            snprintf(fits, sizeof fits, "1 of %zu overloads that fit", b[i].overloads);
        fprintf(out, "overload: %s -> %s%s, %s%s%s\n", text, m->name, b[i].descriptor,
                b[i].pinned ? "pinned by \"descriptor\" (" : "", fits,
                b[i].pinned ? ")" : " (\"descriptor\" pins another)");
    }
}

json_t *cli_bindings_json(const client_spec *spec, const harness_binding *b)
{
    json_t *list = b ? json_array() : NULL;
    for (size_t i = 0; list && i < spec->method_count; i++) {
        char text[1200];
        spec_method_text(&spec->methods[i], text, sizeof text);
        json_t *j = json_pack("{sssssIsb}", "method", text, "descriptor", b[i].descriptor,
                              "overloads", (json_int_t)b[i].overloads, "pinned", b[i].pinned);
        if (!j || json_array_append_new(list, j)) json_decref(list), list = NULL;
    }
    return list;
}
