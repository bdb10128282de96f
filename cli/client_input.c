/* Reading the spec and the clients that porcheck outcomes and check take from their command
 * line (--spec S with --client C or --clients FILE): the spec's warnings go to stderr, and the
 * spec is resolved against the class under test before any client is read. A bad line of a
 * clients file is an entry with its error (the commands report it as an error row and go on); a
 * bad --client is one line and exit 2. */
#include <stdio.h>

#include "clients.h"
#include "commands.h"

bool cli_load_clients(const cli_input *in, client_spec **spec, client_list *list)
{
    client_error err = {0};
    *spec = NULL;
    client_status s = client_spec_load(in->spec, spec, &err);
    for (size_t i = 0; s == CLIENT_OK && i < (*spec)->warning_count; i++)
        fprintf(stderr, "porcheck %s: %s\n", in->command, (*spec)->warnings[i]);
    if (s == CLIENT_OK && in->impl) s = harness_spec_resolve(*spec, in->impl, &err);
    if (s == CLIENT_OK)
        s = in->clients ? client_list_load_rows(*spec, in->clients, list, &err)
                        : client_list_parse(*spec, in->client, "--client", list, &err);
    if (s == CLIENT_OK) return true;
    fprintf(stderr, "porcheck %s: %s\n", in->command, err.message);
    client_spec_free(*spec);
    *spec = NULL;
    return false;
}
