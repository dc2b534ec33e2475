/// Anything that returns a page of items after a cursor.
public protocol PageSource<Item>: Sendable {
  associatedtype Item: Sendable
}
