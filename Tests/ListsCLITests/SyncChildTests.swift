import Testing

@testable import ListsCLI

/// Where `lists` looks to build `lists-sync` when it runs from a checkout's build folder
/// (`swift run lists sync …` in a fresh clone builds only `lists`).
@Suite struct SyncChildTests {
  @Test(arguments: [
    ("/work/lists/.build/debug", "/work/lists", "debug"),
    ("/work/lists/.build/x86_64-unknown-linux-gnu/release", "/work/lists", "release"),
    ("/home/me/src/.build/aarch64-apple-macosx/debug", "/home/me/src", "debug"),
  ])
  func aBuildFolderNamesItsCheckout(_ folder: String, _ root: String, _ configuration: String) {
    let found = SyncCommand.checkout(ofBuildFolder: folder)
    #expect(found?.root == root)
    #expect(found?.configuration == configuration)
  }

  @Test(arguments: [
    "/usr/local/bin", "/home/me/.local/bin", "/work/.build/a/b/debug", "/work/.build/debug/x",
    "/work/.build/profile",
  ])
  func anyOtherFolderIsNoCheckout(_ folder: String) {
    #expect(SyncCommand.checkout(ofBuildFolder: folder) == nil)
  }
}
