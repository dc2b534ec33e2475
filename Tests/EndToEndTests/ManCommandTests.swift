import Testing

/// `lists man`: a page that groff and man render without a warning.
@Suite struct ManCommandTests {
  @Test(arguments: [
    ["groff", "-man", "-ww", "-z"], ["groff", "-man", "-ww", "-z", "-Tutf8"],
  ])
  func rendersWithoutWarnings(renderer: [String]) async throws {
    let sandbox = try Sandbox()
    let page = await sandbox.run("man")
    #expect(page.exitCode == 0, "\(page)")
    try sandbox.write(page.stdout, to: sandbox.path("lists.1"))
    let rendered = await sandbox.runProgram(
      ListsBinary.program(renderer[0]), Array(renderer.dropFirst()) + [sandbox.path("lists.1")])
    #expect(rendered.exitCode == 0, "\(rendered)")
    #expect(rendered.stderr == "", "\(rendered)")
  }

  @Test func manShowsTheCommandsAndExitStatus() async throws {
    let sandbox = try Sandbox()
    let page = await sandbox.run("man")
    try sandbox.write(page.stdout, to: sandbox.path("lists.1"))
    let shown = await sandbox.runProgram(
      ListsBinary.program("man"), ["--warnings=w", "-l", sandbox.path("lists.1")],
      environment: ["MANWIDTH": "100", "MANPAGER": "cat", "PAGER": "cat"])
    #expect(shown.exitCode == 0, "\(shown)")
    #expect(shown.stderr == "", "\(shown)")
    // man justifies lines that wrap, so spaces between words may be doubled.
    let words = shown.stdout.replacing(/\ +/, with: " ")
    for text in [
      "NAME", "SYNOPSIS", "EXIT STATUS", "lists show <list>", "lists completion <shell>",
    ] {
      #expect(words.contains(text), "\(text)")
    }
  }
}
