import ListStore

/// Which command a parsed command line runs; switch on it to dispatch.
package enum CommandID: Sendable, Hashable {
  /// `lists` with no command: every list with its count or its empty placeholder title.
  case overview
  /// `lists show LIST`.
  case show
  /// `lists add LIST ...`, the list being the last word of the path.
  case add
  /// `lists edit LIST ID ...`, the list being the last word of the path.
  case edit
  /// `lists remove LIST ID...`.
  case remove
  /// `lists clear LIST`.
  case clear
  /// `lists import LIST FILE`.
  case `import`
  /// `lists export LIST`.
  case export
  /// `lists seed`.
  case seed
  /// `lists watch LIST`.
  case watch
  /// `lists browse KIND`.
  case browse
  /// `lists sync KIND --from URL`.
  case sync
  /// `lists sync status [KIND]`.
  case syncStatus
  /// `lists sync resolve KIND CHANGE_ID --discard`.
  case syncResolve
  /// `lists doctor`.
  case doctor
  /// `lists kinds`: every kind in the file.
  case kinds
  /// `lists kinds add FILE`.
  case kindsAdd
  /// `lists kinds update FILE`.
  case kindsUpdate
  /// `lists kinds show NAME`.
  case kindsShow
  /// `lists kinds remove NAME`.
  case kindsRemove
  /// `lists completion SHELL`.
  case completion
  /// `lists man`.
  case man
  /// `lists __complete WORD...`, what the completion scripts call.
  case complete
}
