import ListSync

/// A client of the remote at `url` with a virtual clock for the retries.
///
/// The timeouts are long enough for a loaded machine, where the local server can take more
/// than a second to answer (a spurious timeout would add a retry, or fail a test that allows
/// none): the read timeout, which bounds every pause of an exchange including the wait for
/// the answer, too. The tests of the delay fault pass ``delayTimeout`` as the connect timeout,
/// far below the server's delay, which is what times them out.
func makeClient(
  _ url: String, time: VirtualTime = VirtualTime(), headers: [RemoteHeader] = [], pageSize: Int = 2,
  retry: RetryPolicy = RetryPolicy(), maxRedirects: Int = 5,
  connectTimeout: Duration = .seconds(3), maxBodyBytes: Int = 1 << 20
) throws -> RemoteClient {
  try RemoteClient(
    RemoteConfiguration(
      url: url, headers: headers, pageSize: pageSize,
      connectTimeout: connectTimeout, readTimeout: .seconds(10), resourceTimeout: .seconds(30),
      maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes, retry: retry),
    environment: time.environment)
}

/// The connect timeout of the delay fault's tests, and the server's delay far beyond it: the
/// timer that ends the wait runs on the tests' shared cooperative threads, which a loaded run can
/// keep busy for seconds.
let delayTimeout: Duration = .milliseconds(400)
let delayFault: [String: any Sendable] = ["delay_ms": 10_000]
