import Glibc
import ListsCLI

exit(await ListsCommandLine.main())
