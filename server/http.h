/* The HTTP server of tirvm serve (http.c). */
#ifndef TIRVM_SERVE_HTTP_H
#define TIRVM_SERVE_HTTP_H

#include "serve.h"

/* Sets the options models are loaded with (before http_add_model). */
void http_init_options(const srv_options *o);
/* Loads a model (a module file, or a model folder) under `name`.  -1 with a
 * message when the load fails: the model is kept, answering not ready. */
int http_add_model(const char *name, const char *source, bool is_dir, bool single, char *err, size_t err_len);
/* Serves until SIGTERM/SIGINT has drained the server; returns the exit status. */
int http_serve(const srv_options *o, const char *address, int port, const char *port_file);

#endif
