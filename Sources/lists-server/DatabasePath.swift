import CLISupport
import ListStore

/// Where the server's file is: `--db PATH`, else `$XDG_DATA_HOME/lists/server.db`, else
/// `~/.local/share/lists/server.db`; the default's folders are made (private) when missing.
enum DatabasePath {
  /// The file to open.
  static func resolve(_ given: String?) throws(ServerError) -> String {
    if let given { return given }
    let base: String
    if let data = System.environmentVariable("XDG_DATA_HOME"), data.hasPrefix("/") {
      base = data
    } else if let home = System.environmentVariable("HOME"), !home.isEmpty {
      base = home + "/.local/share"
    } else {
      throw ServerError("Neither XDG_DATA_HOME nor HOME is set; give --db PATH.", .usage)
    }
    var folder = ""
    for part in (base + "/lists").split(separator: "/") {
      folder += "/" + part
      let made = PrivateFile.createFolder(at: folder)
      if made != 0 && !System.isAlreadyThere(made) {
        throw ServerError("Cannot create the folder \(folder) (error \(made)).", .cantCreate)
      }
    }
    return folder + "/server.db"
  }
}
