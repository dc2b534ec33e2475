/// One change of a list's state, as published by a loader: where it came from, where it is now,
/// and the per-page events that explain it.
public struct ListTransition<Item: Sendable>: Sendable {
  /// The position of this transition among all of its loader's transitions, counted from 1.
  ///
  /// Consecutive transitions have consecutive numbers, so a gap would mean one was lost.
  public var number: Int
  /// The phase before the change.
  public var previousPhase: ListPhase
  /// The whole state after the change.
  public var state: ListState<Item>
  /// What happened, in order: usually one event, `loaded` then `end` for the last page, and none
  /// when a request was cancelled from outside and the state only went back.
  public var events: [PageEvent]

  /// Creates a transition.
  @inlinable
  public init(number: Int, previousPhase: ListPhase, state: ListState<Item>, events: [PageEvent]) {
    self.number = number
    self.previousPhase = previousPhase
    self.state = state
    self.events = events
  }
}

extension ListTransition: Equatable where Item: Equatable {}
