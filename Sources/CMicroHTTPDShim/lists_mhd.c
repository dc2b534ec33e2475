#include "lists_mhd.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>

struct MHD_Daemon *lists_mhd_start(const lists_mhd_config *config, int *error) {
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  const struct sockaddr *address;
  unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ITC;
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  if (inet_pton(AF_INET, config->host, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(config->port);
    address = (const struct sockaddr *)&v4;
  } else if (inet_pton(AF_INET6, config->host, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(config->port);
    address = (const struct sockaddr *)&v6;
    flags |= MHD_USE_IPv6;
  } else {
    *error = 0;
    return NULL;
  }
  errno = 0;
  struct MHD_Daemon *daemon = MHD_start_daemon(
      flags, config->port, NULL, NULL, config->handler, config->handler_cls,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, config->threads,
      MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout,
      MHD_OPTION_NOTIFY_COMPLETED, config->completed, config->completed_cls,
      MHD_OPTION_NOTIFY_CONNECTION, config->connection, config->connection_cls,
      MHD_OPTION_END);
  if (daemon == NULL) *error = errno != 0 ? errno : EADDRINUSE;
  return daemon;
}

uint16_t lists_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
