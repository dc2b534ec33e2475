#include "cbench.h"

#ifdef __linux__
#include <sys/prctl.h>
#endif

int cbench_become_child_subreaper(void) {
#ifdef __linux__
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
  return -1;
#endif
}
