import Glibc
import ListsCLI

exit(await ListsCommandLine.start().value)
