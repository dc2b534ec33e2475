import CLISupport

/// `lists seed [--count N]`.
package enum SeedSpec {
  /// `--count N`, default 50.
  package static let count = Option<Int>(
    "--count", placeholder: "n", help: "Items to add to each list.", range: 1...10_000_000,
    default: 50)

  /// The command.
  package static let command = CommandSpec(
    name: "seed", abstract: "Adds demo data to every list, for trying things out.", id: .seed,
    options: [count.spec])
}
