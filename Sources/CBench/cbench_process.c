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

#ifdef __GLIBC__
#include <malloc.h>
#endif

void cbench_steady_heap(void) {
#ifdef __GLIBC__
  // Keep up to 256 MiB of freed memory at the top of the heap and grow it 16 MiB at a time.
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_TOP_PAD, 16 << 20);
#endif
}
