#ifndef LISTS_MHD_H
#define LISTS_MHD_H

// What Swift cannot call of libmicrohttpd: MHD_start_daemon is variadic, so its options are
// taken here as plain parameters and passed on, MHD_OPTION_END last.

#include <stddef.h>
#include <stdint.h>
#include <microhttpd.h>

/// The limits and callbacks one daemon starts with.
typedef struct lists_mhd_config {
  /// The address to listen on, numeric IPv4 (`127.0.0.1`) or IPv6 (`::1`).
  const char *host;
  /// The port; 0 lets the system pick one (read it back with lists_mhd_bound_port).
  uint16_t port;
  /// Threads of the pool that polls the connections and runs the handlers (at least 1).
  unsigned int threads;
  /// The most connections accepted at once; past it MHD closes new ones.
  unsigned int connection_limit;
  /// Bytes of memory one connection may use: its headers and read buffer live in it.
  size_t connection_memory_limit;
  /// Seconds after which an idle connection is closed (MHD's default is never).
  unsigned int connection_timeout;
  /// Called for each request: first with no body, then per chunk of body, then once more.
  MHD_AccessHandlerCallback handler;
  void *handler_cls;
  /// Called when a request is done (answered, or the connection went).
  MHD_RequestCompletedCallback completed;
  void *completed_cls;
  /// Called when a connection starts and when it closes.
  MHD_NotifyConnectionCallback connection;
  void *connection_cls;
} lists_mhd_config;

/// Starts a daemon with `config`: an internal polling thread pool (epoll where there is one)
/// and the ITC that MHD_quiesce_daemon needs.
/// Returns NULL when the address is not numeric, or the daemon cannot start (the port is
/// taken, no memory); `*error` then says which (0 for a bad address, else errno).
struct MHD_Daemon *lists_mhd_start(const lists_mhd_config *config, int *error);

/// The port the daemon listens on, or 0 when it cannot be read.
uint16_t lists_mhd_bound_port(struct MHD_Daemon *daemon);

#endif
