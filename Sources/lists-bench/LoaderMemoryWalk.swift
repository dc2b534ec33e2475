import Foundation
import ListPaging
import ListStore

/// The walk `loader_rss_over_small` measures: a store loader with `maxItems` paging one list
/// from its first order to its last, run by `lists-bench` in a child process of its own, so
/// that the child's peak resident memory is the walk's and nothing else the bench holds.
///
/// The child is `lists-bench` itself, started with ``argument`` first, a word no person types:
/// `lists-bench __loader-memory-walk PATH`. It prints how many orders it walked and the most it
/// held at once, `rows kept`, and exits 0; or writes what went wrong to standard error and
/// exits 70.
enum LoaderMemoryWalk {
  /// The first argument that makes `lists-bench` this walk instead of a run.
  static let argument = "__loader-memory-walk"
  /// The loader's page size.
  static let pageSize = Benchmark.pageLimit
  /// The loader's `maxItems`: ten pages.
  static let maxItems = 10 * Benchmark.pageLimit

  /// What the walk read and held.
  struct Walked: Sendable, Equatable {
    /// Orders walked, from the first to the last.
    var rows: Int
    /// The most orders the loader held at once.
    var kept: Int

    /// The line the child prints.
    var line: String { "\(rows) \(kept)" }

    /// The walk a child's line reports, or nil.
    init?(line: String) {
      let words = line.split(separator: " ")
      guard words.count == 2, let rows = Int(words[0]), let kept = Int(words[1]) else { return nil }
      self.init(rows: rows, kept: kept)
    }

    init(rows: Int, kept: Int) {
      self.rows = rows
      self.kept = kept
    }
  }

  /// The arguments of a child walking the orders of ``Benchmark/bigAccount`` in the file at
  /// `path`.
  static func arguments(path: String) -> [String] { [argument, path] }

  /// Walks the list as `arguments` (without the program name) ask, when they start with
  /// ``argument``; returns the exit status, or nil for the arguments of a run.
  static func runIfAsked(_ arguments: [String]) -> Int32? {
    guard arguments.first == argument else { return nil }
    guard arguments.count == 2 else {
      FileHandle.standardError.write(Data("Usage: lists-bench \(argument) PATH\n".utf8))
      return 64
    }
    let path = arguments[1]
    let thread = BenchThread()
    defer { thread.stop() }
    do {
      let walked = try thread.run { try await walk(path: path) }
      print(walked.line)
      return 0
    } catch {
      FileHandle.standardError.write(Data("Error: the loader's walk of \(path) failed: \(error)\n".utf8))
      return 70
    }
  }

  /// Loads every page of the orders in the file at `path` through a loader that keeps at most
  /// ``maxItems`` of them, counting the orders each page adds.
  static func walk(path: String) async throws -> Walked {
    let database = try ListsDatabase(path: path)
    let loader = database.orders(account: Benchmark.bigAccount).loader(pageSize: pageSize, maxItems: maxItems)
    var state = await loader.loadNextPage()
    var walked = Walked(rows: state.items.count, kept: state.items.count)
    while state.phase == .content, !state.endReached, case .idle = state.append {
      let last = state.items.last?.id
      state = await loader.loadNextPage()
      // The pages dropped are the first ones: the new page follows the last order seen.
      var index = state.items.count - 1
      while index >= 0, state.items[index].id != last { index -= 1 }
      walked.rows += state.items.count - 1 - index
      walked.kept = max(walked.kept, state.items.count)
    }
    guard state.phase == .content, state.endReached else {
      throw BenchError.mismatch("the walk ended in phase \(state.phase): \(String(describing: state.error))")
    }
    return walked
  }
}
