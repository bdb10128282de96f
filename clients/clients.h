/* clients: Violat-style clients, specs, harness, linearizable outcomes and verdicts.
 * The module fills in with the clients issue; this header is its one public header. */
#ifndef PORCHECK_CLIENTS_H
#define PORCHECK_CLIENTS_H

#endif
