/// Where an account lives among PostgreSQL nodes: a stable hash of its name (FNV-1a, 32 bits,
/// over its UTF-8) into one of 1,024 buckets; the bucket map says which node holds each bucket.
/// The hash never changes between builds, processes or machines.
package enum AccountBucket {
  /// How many buckets.
  package static let count = 1024

  /// The bucket of `account`.
  package static func of(_ account: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in account.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    return Int(hash % UInt32(count))
  }
}
