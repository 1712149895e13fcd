// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import (
	"context"
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// exactQuery answers a query that asks for an exact answer (params.Exact) in SQL when SQL can
// give exactly what the handler's in-memory filter, sort, skip and limit would: then it
// returns the result, marked Exact, and nil otherwise (the caller queries as FerretDB does).
//
// It can when the filter is equalities (`{f: v}`, `{f: {$in: [v…]}}`) and the sort fields on
// top-level fields (metadata.KeyField), with values whose sort key is known (metadata.KeyOf),
// and no document has an unknown key in any of those fields: each field's partial index
// (metadata.MarkerIndexName) answers that in one lookup, and a field without one (no MongoDB
// index names it) is not pushed down. Equalities then become `key = ?`, the sort `ORDER BY
// key`, and skip and limit `LIMIT … OFFSET …`, which the key indexes made from the
// collection's MongoDB indexes answer without reading the other documents.
//
// The statement also leaves out documents with an unknown key in those fields: one written
// after the check is then not seen, as if the query had run just before that write.
func exactQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams) (*backends.QueryResult, error) {
	if !params.Exact || meta.Capped() || params.OnlyRecordIDs || params.Sort.Len() != 0 {
		return nil, nil
	}

	var conditions, fields []string
	var args []any

	filter := params.ExactFilter
	if filter == nil {
		filter = new(types.Document)
	}

	seen := map[string]bool{}

	for _, field := range filter.Keys() {
		if !metadata.KeyField(field) || seen[field] {
			return nil, nil
		}

		seen[field] = true
		fields = append(fields, field)

		keys, ok := equalityKeys(got(filter.Get(field)))
		if !ok {
			return nil, nil
		}

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(keys)), ", ")
		conditions = append(conditions, fmt.Sprintf("%s IN (%s)", metadata.SortKey(field), placeholders))

		for _, k := range keys {
			args = append(args, k)
		}
	}

	var order []string

	if params.ExactSort != nil {
		for _, field := range params.ExactSort.Keys() {
			if !metadata.KeyField(field) {
				return nil, nil
			}

			direction, ok := got(params.ExactSort.Get(field)).(int64)
			if !ok || (direction != 1 && direction != -1) {
				return nil, nil
			}

			key := metadata.SortKey(field)
			if direction == -1 {
				key += " DESC"
			}

			order = append(order, key)

			if !seen[field] {
				seen[field] = true
				fields = append(fields, field)
				conditions = append(conditions, fmt.Sprintf("%s < '%s'", metadata.SortKey(field), metadata.UnknownKey))
			}
		}
	}

	for _, field := range fields {
		unknown, err := hasUnknownKey(ctx, db, meta.TableName, field)
		if err != nil || unknown {
			return nil, nil
		}
	}

	where := ""
	if len(conditions) > 0 {
		where = " WHERE " + strings.Join(conditions, " AND ")
	}

	if params.CountOnly {
		var count int64

		q := fmt.Sprintf(`SELECT count(*) FROM %q%s`, meta.TableName, where)
		if err := db.QueryRowContext(ctx, q, args...).Scan(&count); err != nil {
			return nil, lazyerrors.Error(err)
		}

		return &backends.QueryResult{Iter: newQueryIterator(ctx, nil, false), Exact: true, Count: count}, nil
	}

	q := prepareSelectClause(meta.TableName, params.Comment, false, false) + where

	if len(order) > 0 {
		q += " ORDER BY " + strings.Join(order, ", ")
	}

	if params.ExactLimit != 0 || params.Skip != 0 {
		limit := params.ExactLimit
		if limit == 0 {
			limit = -1
		}

		q += " LIMIT ? OFFSET ?"
		args = append(args, limit, params.Skip)
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.QueryResult{Iter: newQueryIterator(ctx, rows, false), Exact: true}, nil
}

// equalityKeys are the sort keys a filter's value requires its field to have one of: a value
// (equality) or `{$in: [values]}`; false for anything else.
func equalityKeys(v any) ([]string, bool) {
	d, ok := v.(*types.Document)
	if !ok {
		k, ok := metadata.KeyOf(v)
		return []string{k}, ok
	}

	if d.Len() != 1 || d.Keys()[0] != "$in" {
		return nil, false
	}

	values, ok := got(d.Get("$in")).(*types.Array)
	if !ok {
		return nil, false
	}

	keys := make([]string, 0, values.Len())

	for i := 0; i < values.Len(); i++ {
		k, ok := metadata.KeyOf(got(values.Get(i)))
		if !ok {
			return nil, false
		}

		keys = append(keys, k)
	}

	return keys, true
}

// hasUnknownKey reports whether a document has an unknown key in the field, from the field's
// partial index; an error when there is no such index.
func hasUnknownKey(ctx context.Context, db *fsql.DB, table, field string) (bool, error) {
	var unknown bool

	q := fmt.Sprintf(
		`SELECT EXISTS (SELECT 1 FROM %q INDEXED BY %q WHERE %s >= '%s')`,
		table, metadata.MarkerIndexName(table, field), metadata.SortKey(field), metadata.UnknownKey,
	)
	err := db.QueryRowContext(ctx, q).Scan(&unknown)

	return unknown, err
}

// got is the value of a lookup that cannot fail (the key was just listed).
func got(v any, _ error) any {
	return v
}
