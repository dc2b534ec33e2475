-- Filter indexes: a page of orders filtered by status (lists show orders --where status=shipped)
-- reads this index in the list's order, newest first, and only the rows with that status, so a
-- page deep in the results costs what the first one does. Every enum and bool field of a kind
-- gets such an index, (account, field, order columns); this is the one the built-in orders'
-- definition implies.

CREATE INDEX orders_by_status ON orders (account, status, placed_at DESC, id DESC);
