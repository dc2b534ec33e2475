/// Database files built once per test run and copied into each test's sandbox.
///
/// Building one is the same for every test that asks; the first request builds it, the others
/// wait for that build.
actor Templates {
  /// The templates of this test run.
  static let shared = Templates()

  private var builds: [String: Task<[UInt8], Never>] = [:]

  /// The bytes of the template `name`, built by `build` on the first request.
  func bytes(of name: String, build: @escaping @Sendable () async -> [UInt8]) async -> [UInt8] {
    if let running = builds[name] { return await running.value }
    let task = Task { await build() }
    builds[name] = task
    return await task.value
  }
}
