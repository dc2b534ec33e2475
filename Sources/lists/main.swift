#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ListsCLI

exit(await ListsCommandLine.start().value)
