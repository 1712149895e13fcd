// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import "github.com/FerretDB/FerretDB/internal/types"

// idEquality returns the value a filter requires `_id` to equal when the filter names `_id`
// exactly once, whatever else it says. FerretDB looked a document up by `_id` in SQL only when
// `_id` was the whole filter; every caller filters the rows it gets again in memory (a backend
// may apply a filter partially), so narrowing the read to that `_id` is always right, and turns
// `{_id: x, quantity: {$gte: 2}}` from a read of every document into a read of one.
// The caller still checks the value's type (only strings and ObjectIDs are pushed down).
func idEquality(filter *types.Document) (any, bool) {
	count := 0
	for _, key := range filter.Keys() {
		if key == "_id" {
			count++
		}
	}
	if count != 1 {
		return nil, false
	}

	v, err := filter.Get("_id")

	return v, err == nil
}
