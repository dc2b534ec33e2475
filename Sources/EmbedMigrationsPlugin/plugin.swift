import Foundation
import PackagePlugin

/// Compiles every `Migrations/NNNN_description.sql` file of the package into the target as Swift
/// source, so the built products carry their schema and never look for files at run time.
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Migrations")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path())
      .filter { $0.hasSuffix(".sql") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) migrations into \(target.name)",
        executable: try context.tool(named: "MigrationsEmbedder").url,
        arguments: [output.path()] + inputs.map { $0.path() },
        inputFiles: inputs + [folder],
        outputFiles: [output]
      )
    ]
  }
}
