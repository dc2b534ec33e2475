#ifndef LISTS_CMICROHTTPD_SHIM_H
#define LISTS_CMICROHTTPD_SHIM_H

// GNU libmicrohttpd, the HTTP/1.1 server under lists-server (Debian: libmicrohttpd-dev).
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

#endif
