/* Counting jansson's allocations against a byte budget (the server's
 * in-flight bytes).  Install once, before any JSON is parsed; without a
 * scope on the calling thread, allocations are not counted. */
#ifndef TIRVM_JSON_BUDGET_H
#define TIRVM_JSON_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

void json_budget_install(void);
/* From now on this thread's JSON allocations add to *counter (atomically),
 * and one that would take it past limit fails (jansson then reports out of
 * memory).  A block is uncounted when it is freed, on any thread. */
void json_budget_begin(uint64_t *counter, uint64_t limit);
/* Ends the scope; whether an allocation in it failed for the budget. */
bool json_budget_end(void);

#endif
