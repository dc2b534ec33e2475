/// Where reloading the shown content stands.
public enum RefreshStatus: Sendable, Hashable {
  /// No refresh is running and the last one did not fail.
  case idle
  /// A refresh is running while the current content stays shown. `automatic` is true when the
  /// loader started it because the data changed, false when someone asked for it.
  case loading(automatic: Bool)
  /// The last refresh failed; the previous content stays shown.
  case failed(LoadError)
}
