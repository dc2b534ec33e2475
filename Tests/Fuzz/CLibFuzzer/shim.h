#ifndef LISTS_CLIBFUZZER_SHIM_H
#define LISTS_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (llvm.org/docs/LibFuzzer.html).
// SwiftPM links every executable's main to its module's entry point, so a fuzz target keeps its
// @main and hands control to libFuzzer here. Only defined when linked with -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
