// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

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

// maxIDsIn is the most `$in` values narrowed in SQL: SQLite's limit of bound parameters is far above.
const maxIDsIn = 1000

// idIn returns the WHERE clause and its arguments when `_id`'s condition is `{$in: [...]}` of
// strings and ObjectIDs only: `{_id: {$in: [a, b]}, claim: c}` reads those documents through the
// `_id` index instead of every one. As for idEquality, the caller filters the rows again, so
// the narrowing is always right; any other `_id` condition is left to FerretDB.
func idIn(v any) (string, []any, bool) {
	condition, ok := v.(*types.Document)
	if !ok || condition.Len() != 1 {
		return "", nil, false
	}
	in, err := condition.Get("$in")
	if err != nil {
		return "", nil, false
	}
	values, ok := in.(*types.Array)
	if !ok || values.Len() == 0 || values.Len() > maxIDsIn {
		return "", nil, false
	}
	args := make([]any, 0, values.Len())
	for i := 0; i < values.Len(); i++ {
		value := must.NotFail(values.Get(i))
		switch value.(type) {
		case string, types.ObjectID:
			args = append(args, string(must.NotFail(sjson.MarshalSingleValue(value))))
		default:
			return "", nil, false
		}
	}
	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
	return fmt.Sprintf(` WHERE %s IN (%s)`, metadata.IDColumn, placeholders), args, true
}
