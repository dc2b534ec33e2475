// Tells ThreadSanitizer when Synchronization.Mutex is taken and released on its contended path.
//
// Tests/Scripts/sanitizers.sh builds this into a shared library and LD_PRELOADs it for the test
// run under --sanitize=thread (Linux only). Nothing is suppressed: it adds the happens-before
// edges a real lock has, so an access outside the lock is still reported.
//
// Why: with the Swift 6.3 toolchain on Linux, Mutex's uncontended lock and unlock are atomics
// inlined into our (instrumented) code, which TSan sees. The contended path is not:
// _MutexHandle._lockSlow spins on a compare-and-exchange and then asks the kernel to take the
// lock (FUTEX_LOCK_PI), _unlockSlow asks the kernel to hand it over (FUTEX_UNLOCK_PI), and both
// live in the prebuilt, uninstrumented libswiftSynchronization.so. TSan then reports every pair
// of accesses made under the same Mutex by two threads that contended for it as a race (first
// seen as ListLoader.apply(_:chain:) against itself). An 8-thread counter under a Mutex
// reproduces it in 5 of 5 runs without this library and 0 of 10 with it, and a write outside the
// lock is still reported with it.
//
// The three entry points are non-inlinable Swift functions that our code calls through the
// dynamic linker, so a preloaded definition of the same symbol wraps them. They use the Swift
// calling convention, with `self` (the address of the Mutex's atomic word) in the Swift context
// register. If a toolchain renames them, sanitizers.sh stops with an error instead of letting
// the false reports come back silently.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>

// Weak: the preloaded library also loads into processes without TSan (swift test's driver).
void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

typedef SWIFTCALL void (*LockSlow)(uint32_t threadID, SELF void *handle);
typedef SWIFTCALL bool (*TryLockSlow)(SELF void *handle);
typedef SWIFTCALL void (*UnlockSlow)(SELF void *handle);

SWIFTCALL void lists_lockSlow(uint32_t threadID, SELF void *handle) __asm__(LOCK_SLOW);
SWIFTCALL bool lists_tryLockSlow(SELF void *handle) __asm__(TRY_LOCK_SLOW);
SWIFTCALL void lists_unlockSlow(SELF void *handle) __asm__(UNLOCK_SLOW);

// _MutexHandle._lockSlow(_:): returns with the lock held.
SWIFTCALL void lists_lockSlow(uint32_t threadID, SELF void *handle) {
  static LockSlow next;
  if (!next) next = (LockSlow)dlsym(RTLD_NEXT, LOCK_SLOW);
  next(threadID, handle);
  if (__tsan_acquire) __tsan_acquire(handle);
}

// _MutexHandle._tryLockSlow(): true with the lock held.
SWIFTCALL bool lists_tryLockSlow(SELF void *handle) {
  static TryLockSlow next;
  if (!next) next = (TryLockSlow)dlsym(RTLD_NEXT, TRY_LOCK_SLOW);
  bool locked = next(handle);
  if (locked && __tsan_acquire) __tsan_acquire(handle);
  return locked;
}

// _MutexHandle._unlockSlow(): the release happens before the kernel hands the lock over.
SWIFTCALL void lists_unlockSlow(SELF void *handle) {
  static UnlockSlow next;
  if (!next) next = (UnlockSlow)dlsym(RTLD_NEXT, UNLOCK_SLOW);
  if (__tsan_release) __tsan_release(handle);
  next(handle);
}
