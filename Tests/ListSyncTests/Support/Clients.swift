import TestSupport
import ListSync

/// A client of `remote` with a virtual clock for the retries.
///
/// The connect timeout is long enough for a loaded machine (a spurious timeout would add a
/// retry); the tests of the delay fault pass ``delayTimeout``, far below the server's delay.
func makeClient(
  _ remote: TestRemote, time: VirtualTime = VirtualTime(), path: String = "/items",
  url: String? = nil, headers: [RemoteHeader] = [], pageSize: Int = 2,
  retry: RetryPolicy = RetryPolicy(), maxRedirects: Int = 5,
  connectTimeout: Duration = .seconds(3), maxBodyBytes: Int = 1 << 20
) throws -> RemoteClient {
  try RemoteClient(
    RemoteConfiguration(
      url: url ?? remote.url(path), headers: headers, pageSize: pageSize,
      connectTimeout: connectTimeout, readTimeout: .seconds(1), resourceTimeout: .seconds(5),
      maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes, retry: retry),
    environment: time.environment)
}

/// The connect timeout of the delay fault's tests, and the server's delay beyond it.
let delayTimeout: Duration = .milliseconds(400)
let delayFault: [String: any Sendable] = ["delay_ms": 2500]
