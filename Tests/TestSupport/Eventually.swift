/// Checks `condition` every 50 ms, at most `tries` times (a bound in time too: `tries` × 50 ms
/// plus the checks); whether it held.
public func eventually(tries: Int = 200, _ condition: () async throws -> Bool) async throws -> Bool {
  for _ in 0..<tries {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(50))
  }
  return false
}
