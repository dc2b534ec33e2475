import ListsCLI

System.exit(await ListsCommandLine.start().value)
