/* Reading the spec and the clients that porcheck outcomes and check take from their command
 * line (--spec S with --client C or --clients FILE). */
#include <stdio.h>

#include "clients.h"
#include "commands.h"

bool cli_load_clients(const char *command, const char *spec_path, const char *clients_path,
                      const char *client_text, client_spec **spec, client_list *list)
{
    client_error err = {0};
    *spec = NULL;
    client_status s = client_spec_load(spec_path, spec, &err);
    if (s == CLIENT_OK)
        s = clients_path ? client_list_load(*spec, clients_path, list, &err)
                         : client_list_parse(*spec, client_text, "--client", list, &err);
    if (s == CLIENT_OK) return true;
    fprintf(stderr, "porcheck %s: %s\n", command, err.message);
    client_spec_free(*spec);
    *spec = NULL;
    return false;
}
