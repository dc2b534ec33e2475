import CLISupport

extension CommandID {
  /// `lists` with no command: every list with its count or its empty placeholder title.
  package static let overview = CommandID("overview")
  /// `lists show LIST`.
  package static let show = CommandID("show")
  /// `lists add LIST ...`, the list being the last word of the path.
  package static let add = CommandID("add")
  /// `lists edit LIST ID ...`, the list being the last word of the path.
  package static let edit = CommandID("edit")
  /// `lists remove LIST ID...`.
  package static let remove = CommandID("remove")
  /// `lists clear LIST`.
  package static let clear = CommandID("clear")
  /// `lists import LIST FILE`.
  package static let `import` = CommandID("import")
  /// `lists export LIST`.
  package static let export = CommandID("export")
  /// `lists seed`.
  package static let seed = CommandID("seed")
  /// `lists watch LIST`.
  package static let watch = CommandID("watch")
  /// `lists browse KIND`.
  package static let browse = CommandID("browse")
  /// `lists sync KIND --from URL`.
  package static let sync = CommandID("sync")
  /// `lists sync status [KIND]`.
  package static let syncStatus = CommandID("sync status")
  /// `lists sync resolve KIND CHANGE_ID --discard`.
  package static let syncResolve = CommandID("sync resolve")
  /// `lists doctor`.
  package static let doctor = CommandID("doctor")
  /// `lists kinds`: every kind in the file.
  package static let kinds = CommandID("kinds")
  /// `lists kinds add FILE`.
  package static let kindsAdd = CommandID("kinds add")
  /// `lists kinds update FILE`.
  package static let kindsUpdate = CommandID("kinds update")
  /// `lists kinds show NAME`.
  package static let kindsShow = CommandID("kinds show")
  /// `lists kinds remove NAME`.
  package static let kindsRemove = CommandID("kinds remove")
  /// `lists completion SHELL`.
  package static let completion = CommandID("completion")
  /// `lists man`.
  package static let man = CommandID("man")
  /// `lists __complete WORD...`, what the completion scripts call.
  package static let complete = CommandID("__complete")
}
