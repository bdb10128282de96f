/* por: the transition-system interface, state store and search algorithms. */
#ifndef PORCHECK_POR_H
#define PORCHECK_POR_H

#endif
