// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// keyNarrowing returns a WHERE clause and its arguments that narrow a read to the documents
// whose keys (metadata.SortKey) equal what the filter's top-level equalities (`{f: v}`,
// `{f: {$in: [v…]}}`) require, on `_id` and the fields that lead one of the collection's MongoDB
// indexes, whatever else the filter says; "" when there are none, or when a document has an
// unknown key in one of them (metadata.UnknownKey: an array matches `{f: x}` by its elements,
// which the key cannot say).
//
// Like idEquality for `_id`: every caller filters the rows it gets again in memory (a backend may
// apply a filter partially), so a read narrowed to the documents that can match is always right.
// It turns `{key: k, $or: [{expire: {$gt: now}}, {expire: null}]}` (a rate limit's window,
// counted by a findAndModify) from a read of every document into a lookup in the key's index.
// Finds whose whole filter SQL answers never get here (exactQuery answers them first).
func keyNarrowing(ctx context.Context, db *fsql.DB, meta *metadata.Collection, filter *types.Document) (string, []any) {
	if filter == nil || filter.Len() == 0 {
		return "", nil
	}

	// `_id` is always there: Query narrows strings and ObjectIDs through its index before this is
	// called, so it gets here with numbers or dates (the catalogue's change log numbers its
	// changes), read by their key without an index, which is still no decoding of every document.
	leading := map[string]bool{"_id": true}

	for _, index := range meta.Settings.Indexes {
		if len(index.Key) > 0 && metadata.KeyField(index.Key[0].Field) {
			leading[index.Key[0].Field] = true
		}
	}

	// checked are the fields whose keys must all be known; `_id` is never an array (FerretDB
	// refuses one), so an equality on its key is BSON's equality whatever other documents hold.
	var checked, conditions []string
	var args []any

	keys := filter.Keys()
	named := map[string]int{}

	for _, field := range keys {
		named[field]++
	}

	for _, field := range keys {
		if !leading[field] || named[field] != 1 {
			continue
		}

		values, ok := equalityKeys(got(filter.Get(field)))
		if !ok || len(values) == 0 || len(values) > maxIDsIn {
			continue
		}

		if field != "_id" {
			checked = append(checked, field)
		}

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
		conditions = append(conditions, fmt.Sprintf("%s IN (%s)", metadata.SortKey(field), placeholders))

		for _, v := range values {
			args = append(args, v)
		}
	}

	if len(conditions) == 0 {
		return "", nil
	}

	if unknown, err := hasUnknownKey(ctx, db, meta.TableName, checked); err != nil || unknown {
		return "", nil
	}

	return " WHERE " + strings.Join(conditions, " AND "), args
}
