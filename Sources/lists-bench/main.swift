import CBench

print(String(cString: cbench_sqlite_version()))
