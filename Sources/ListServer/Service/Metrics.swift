import Synchronization

/// The server's counters, rendered as Prometheus text for `GET /metrics`: requests by route and
/// status, a latency histogram, changes by outcome, storage errors.
package final class Metrics: Sendable {
  /// The upper bounds of the latency histogram's buckets, in seconds.
  static let bounds: [Double] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]

  private struct Counts {
    var requests: [RouteStatus: Int] = [:]
    var buckets = [Int](repeating: 0, count: Metrics.bounds.count)
    var latencyCount = 0
    var latencySum = 0.0
    var changes: [String: Int] = ["applied": 0, "conflict": 0, "rejected": 0]
    var storageErrors = 0
  }

  private struct RouteStatus: Hashable {
    var route: String
    var status: Int
  }

  private let counts = Mutex(Counts())

  /// Empty counters.
  package init() {}

  /// Counts one request of `route` answered `status` after `seconds`.
  package func recordRequest(route: String, status: Int, seconds: Double) {
    counts.withLock { counts in
      counts.requests[RouteStatus(route: route, status: status), default: 0] += 1
      counts.latencyCount += 1
      counts.latencySum += seconds
      for (index, bound) in Self.bounds.enumerated() where seconds <= bound {
        counts.buckets[index] += 1
      }
    }
  }

  /// Counts the outcome of one change: `applied`, `conflict` or `rejected`.
  package func recordChange(_ outcome: String) {
    counts.withLock { $0.changes[outcome, default: 0] += 1 }
  }

  /// Counts one failure of the storage.
  package func recordStorageError() {
    counts.withLock { $0.storageErrors += 1 }
  }

  /// The counters in the Prometheus text exposition format, with the buckets each storage
  /// node holds (none without nodes).
  package func text(bucketsPerNode: [Int]) -> String {
    let counts = counts.withLock { $0 }
    var lines: [String] = []
    lines.append("# HELP lists_server_requests_total Requests answered, by route and status.")
    lines.append("# TYPE lists_server_requests_total counter")
    for (key, count) in counts.requests.sorted(by: {
      ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status)
    }) {
      lines.append(
        "lists_server_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(count)")
    }
    lines.append("# HELP lists_server_request_seconds Time from a request's header to its answer.")
    lines.append("# TYPE lists_server_request_seconds histogram")
    for (bound, count) in zip(Self.bounds, counts.buckets) {
      lines.append("lists_server_request_seconds_bucket{le=\"\(bound)\"} \(count)")
    }
    lines.append("lists_server_request_seconds_bucket{le=\"+Inf\"} \(counts.latencyCount)")
    lines.append("lists_server_request_seconds_sum \(counts.latencySum)")
    lines.append("lists_server_request_seconds_count \(counts.latencyCount)")
    lines.append("# HELP lists_server_changes_total Changes of pushes, by outcome.")
    lines.append("# TYPE lists_server_changes_total counter")
    for (outcome, count) in counts.changes.sorted(by: { $0.key < $1.key }) {
      lines.append("lists_server_changes_total{outcome=\"\(outcome)\"} \(count)")
    }
    lines.append("# HELP lists_server_storage_errors_total Storage failures answered 503.")
    lines.append("# TYPE lists_server_storage_errors_total counter")
    lines.append("lists_server_storage_errors_total \(counts.storageErrors)")
    if !bucketsPerNode.isEmpty {
      lines.append("# HELP lists_server_buckets Account buckets each storage node holds.")
      lines.append("# TYPE lists_server_buckets gauge")
      for (position, count) in bucketsPerNode.enumerated() {
        lines.append("lists_server_buckets{node=\"\(position + 1)\"} \(count)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
