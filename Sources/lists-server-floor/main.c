// lists-server-floor: the physical floor of lists-server's HTTP stack for `lists-bench --only
// server`. It starts libmicrohttpd exactly as lists-server does (the same shim, thread pool,
// limits and callbacks' shape) and answers every request with one prebuilt body, so the bench
// can drive both the same way and report lists-server's pages per second against it.
//
// Usage: lists-server-floor BODY_FILE THREADS
// Prints `Listening on http://127.0.0.1:PORT` and serves until SIGTERM or SIGINT.

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "lists_mhd.h"

static struct MHD_Response *page;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
  (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
  if (*con_cls == NULL) {  // The header is read; answer once the body (none) is.
    *con_cls = (void *)1;
    return MHD_YES;
  }
  *upload_data_size = 0;
  return MHD_queue_response(connection, 200, page);
}

static void completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                      enum MHD_RequestTerminationCode code) {
  (void)cls; (void)connection; (void)code;
  *con_cls = NULL;
}

static void connected(void *cls, struct MHD_Connection *connection, void **context,
                      enum MHD_ConnectionNotificationCode code) {
  (void)cls; (void)connection; (void)context; (void)code;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "Usage: lists-server-floor BODY_FILE THREADS\n");
    return 64;
  }
  FILE *file = fopen(argv[1], "rb");
  if (file == NULL) {
    perror(argv[1]);
    return 66;
  }
  static char body[1 << 20];
  size_t size = fread(body, 1, sizeof body, file);
  fclose(file);
  page = MHD_create_response_from_buffer(size, body, MHD_RESPMEM_PERSISTENT);
  if (page == NULL || MHD_add_response_header(page, "Content-Type", "application/json") != MHD_YES) return 70;

  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTERM);
  sigaddset(&stop, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);

  lists_mhd_config config = {
      .host = "127.0.0.1", .port = 0, .threads = (unsigned)atoi(argv[2]), .connection_limit = 1024 + 64,
      .connection_memory_limit = 64 << 10, .connection_timeout = 30,
      .handler = answer, .handler_cls = NULL, .completed = completed, .completed_cls = NULL,
      .connection = connected, .connection_cls = NULL};
  int error = 0;
  struct MHD_Daemon *daemon = lists_mhd_start(&config, &error);
  if (daemon == NULL) {
    fprintf(stderr, "Error: cannot listen (error %d).\n", error);
    return 69;
  }
  printf("Listening on http://127.0.0.1:%u\n", lists_mhd_bound_port(daemon));
  fflush(stdout);
  int signal_number = 0;
  sigwait(&stop, &signal_number);
  MHD_stop_daemon(daemon);
  MHD_destroy_response(page);
  return 0;
}
