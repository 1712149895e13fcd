// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// exactQuery answers a query that asks for an exact answer (params.Exact) in SQL when SQL can
// give exactly what the handler's in-memory filter, sort, skip and limit would: then it
// returns the result, marked Exact, and nil otherwise (the caller queries as FerretDB does).
//
// It can when the filter is equalities (`{f: v}`, `{f: {$in: [v…]}}`) and `$or`s of such
// filters (`{$or: [{number: 1042}, {buyer: {$in: [ids…]}}]}`, each branch ANDed in SQL, the
// branches ORed), and the sort fields, on top-level fields (metadata.KeyField), with values
// whose sort key is known (metadata.KeyOf), and no document has an unknown key in any of those
// fields (`_id` needs that only when sorted by, see below): each field's partial index
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

	filter := params.ExactFilter
	if filter == nil {
		filter = new(types.Document)
	}

	// fields are the fields whose keys the statement relies on (filtered or sorted by).
	var fields []string

	seen := map[string]bool{}

	conditions, args, ok := exactConditions(filter, func(field string) {
		if !seen[field] {
			seen[field] = true
			fields = append(fields, field)
		}
	})
	if !ok {
		return nil, nil
	}

	// sorted are the fields the statement sorts by.
	sorted := map[string]bool{}

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
			sorted[field] = true

			if !seen[field] {
				seen[field] = true
				fields = append(fields, field)
				conditions = append(conditions, fmt.Sprintf("%s < '%s'", metadata.SortKey(field), metadata.UnknownKey))
			}
		}
	}

	var checked []string

	for _, field := range fields {
		// `_id` is never an array (FerretDB refuses one), so an equality on its key is
		// BSON's equality whatever other documents hold: only its sort needs known keys.
		if field != "_id" || sorted[field] {
			checked = append(checked, field)
		}
	}

	if unknown, err := hasUnknownKey(ctx, db, meta.TableName, checked); err != nil || unknown {
		return nil, nil
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

// exactConditions are the SQL conditions (ANDed) of a filter made of equalities on top-level
// fields and of `$or`s of such filters, and their arguments; false for any other filter. Each
// field a condition names is given to use.
func exactConditions(filter *types.Document, use func(field string)) ([]string, []any, bool) {
	var conditions []string
	var args []any

	keys := filter.Keys()
	for i, field := range keys {
		if slices.Contains(keys[:i], field) {
			return nil, nil, false
		}

		if field == "$or" {
			branches, ok := got(filter.Get(field)).(*types.Array)
			if !ok || branches.Len() == 0 {
				return nil, nil, false
			}

			var either []string

			for j := 0; j < branches.Len(); j++ {
				branch, ok := got(branches.Get(j)).(*types.Document)
				if !ok || branch.Len() == 0 {
					return nil, nil, false
				}

				all, branchArgs, ok := exactConditions(branch, use)
				if !ok {
					return nil, nil, false
				}

				either = append(either, "("+strings.Join(all, " AND ")+")")
				args = append(args, branchArgs...)
			}

			conditions = append(conditions, "("+strings.Join(either, " OR ")+")")

			continue
		}

		if !metadata.KeyField(field) {
			return nil, nil, false
		}

		value := got(filter.Get(field))

		keys, ok := equalityKeys(value)
		if !ok {
			return nil, nil, false
		}

		use(field)

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(keys)), ", ")
		condition := fmt.Sprintf("%s IN (%s)", metadata.SortKey(field), placeholders)

		// `_id` has its unique index on its JSON value (metadata.IDColumn), not on its key:
		// strings' and ObjectIDs' values narrow the read to their documents through it (the key
		// still tells a string from an ObjectID of the same hex digits).
		if ids, ok := idValues(value); ok && field == "_id" {
			condition = fmt.Sprintf("%s IN (%s) AND %s", metadata.IDColumn, placeholders, condition)
			args = append(args, ids...)
		}

		for _, k := range keys {
			args = append(args, k)
		}

		conditions = append(conditions, condition)
	}

	return conditions, args, true
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

// idValues are the values of `_id`'s index (metadata.IDColumn) an `_id` equality or `$in`
// names, when they are all strings or ObjectIDs.
func idValues(v any) ([]any, bool) {
	values := []any{v}

	if d, ok := v.(*types.Document); ok {
		in, ok := got(d.Get("$in")).(*types.Array)
		if !ok || d.Len() != 1 {
			return nil, false
		}

		values = values[:0]
		for i := 0; i < in.Len(); i++ {
			values = append(values, got(in.Get(i)))
		}
	}

	ids := make([]any, len(values))

	for i, v := range values {
		switch v.(type) {
		case string, types.ObjectID:
			ids[i] = string(must.NotFail(sjson.MarshalSingleValue(v)))
		default:
			return nil, false
		}
	}

	return ids, true
}

// hasUnknownKey reports whether a document has an unknown key in any of the fields, from the
// fields' partial indexes, in one statement; an error when a field has no such index.
func hasUnknownKey(ctx context.Context, db *fsql.DB, table string, fields []string) (bool, error) {
	if len(fields) == 0 {
		return false, nil
	}

	exists := make([]string, len(fields))

	for i, field := range fields {
		exists[i] = fmt.Sprintf(
			`EXISTS (SELECT 1 FROM %q INDEXED BY %q WHERE %s >= '%s')`,
			table, metadata.MarkerIndexName(table, field), metadata.SortKey(field), metadata.UnknownKey,
		)
	}

	var unknown bool
	err := db.QueryRowContext(ctx, "SELECT "+strings.Join(exists, " OR ")).Scan(&unknown)

	return unknown, err
}

// got is the value of a lookup that cannot fail (the key was just listed).
func got(v any, _ error) any {
	return v
}
