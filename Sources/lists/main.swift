import ListsCLI
