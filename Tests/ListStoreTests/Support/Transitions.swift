import ListPaging

/// Collects transitions until one satisfies `done`, failing (empty) after `limit`.
func transitions<Item>(
  _ stream: ListStream<ListTransition<Item>>, within limit: Duration,
  until done: @escaping @Sendable (ListTransition<Item>) -> Bool
) async -> [ListTransition<Item>] {
  await result(within: limit) { () async -> [ListTransition<Item>]? in
    var seen: [ListTransition<Item>] = []
    for await transition in stream {
      seen.append(transition)
      if done(transition) { return seen }
    }
    return nil
  } ?? []
}
