import CLISupport
import Testing

/// The one reader of a duration on a command line (`lists show --max-age`, `lists-server
/// --keep-deleted`).
struct DurationTextTests {
  @Test(arguments: [("90s", 90_000), ("15m", 900_000), ("12h", 43_200_000), ("30d", 2_592_000_000)])
  func aNumberAndAUnitIsMilliseconds(text: String, milliseconds: Int64) {
    #expect(DurationText.milliseconds(text) == milliseconds)
    #expect(DurationText.milliseconds(text, allowingZero: true) == milliseconds)
  }

  @Test func zeroIsADurationOnlyWhereAllowed() {
    for text in ["0", "0s", "0d"] {
      #expect(DurationText.milliseconds(text) == nil, "\(text)")
      #expect(DurationText.milliseconds(text, allowingZero: true) == 0, "\(text)")
    }
  }

  @Test(arguments: ["", "s", "5", "5w", "+5m", "-5m", "5 m", "1.5h", "1000000000s", "36501d", "٣m"])
  func anythingElseIsNot(text: String) {
    #expect(DurationText.milliseconds(text) == nil)
    #expect(DurationText.milliseconds(text, allowingZero: true) == nil)
  }

  @Test func aHundredYearsIsTheLongest() {
    #expect(DurationText.milliseconds("36500d") == Int64(36_500) * 86_400_000)
    #expect(DurationText.milliseconds("36501d") == nil)
  }
}
