// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's handler at
// build time (see edits.go there).

package handler

import (
	"context"
	"math"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/common"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// askExact asks the backend to apply a find's whole filter, sort, skip and limit when it can
// do so exactly (the SQLite backend's exactQuery says when). Not for capped collections, whose
// queries keep their `$natural` order.
func askExact(qp *backends.QueryParams, params *common.FindParams) {
	if qp.Sort.Len() != 0 || params.Tailable {
		return
	}

	qp.Exact = true
	qp.ExactFilter = params.Filter
	qp.ExactSort = params.Sort
	qp.Skip = params.Skip
	qp.ExactLimit = params.Limit
}

// appliedBy is what remains of a find for the handler once the backend answered: all of it,
// unless the backend applied the sort and skip itself (filtering and limiting again is
// harmless, sorting would read every document and skipping again would lose some).
func appliedBy(res *backends.QueryResult, params *common.FindParams) *common.FindParams {
	if !res.Exact {
		return params
	}

	rest := *params
	rest.Sort = nil
	rest.Skip = 0

	return &rest
}

// processStagesDocumentsOrCount answers a pipeline that counts the documents of a filter
// (`[{$match: filter}, {$group: {_id: constant, n: {$sum: 1}}}]`, what drivers send for
// countDocuments) with the backend's count when it can count exactly, and as FerretDB does
// otherwise. The answer is the $group's: no document when none matched, else
// `{_id: constant, n: count}` (an int32 when it fits, as $sum of int32 ones gives).
func processStagesDocumentsOrCount(ctx context.Context, closer *iterator.MultiCloser, p *stagesDocumentsParams, pipeline []any, pushdown bool) (types.DocumentsIterator, error) { //nolint:lll // as FerretDB's
	filter, groupID, field, ok := countOfFilter(pipeline)
	if !pushdown || !ok || p.qp.Sort.Len() != 0 {
		return processStagesDocuments(ctx, closer, p)
	}

	qp := *p.qp
	qp.Exact = true
	qp.ExactFilter = filter
	qp.CountOnly = true

	res, err := p.c.Query(ctx, &qp)
	if err != nil {
		closer.Close()
		return nil, lazyerrors.Error(err)
	}

	res.Iter.Close()

	if !res.Exact {
		return processStagesDocuments(ctx, closer, p)
	}

	var docs []*types.Document

	if res.Count > 0 {
		var n any = res.Count
		if res.Count <= math.MaxInt32 {
			n = int32(res.Count)
		}

		doc, err := types.NewDocument("_id", groupID, field, n)
		if err != nil {
			return nil, lazyerrors.Error(err)
		}

		docs = append(docs, doc)
	}

	return iterator.Values(iterator.ForSlice(docs)), nil
}

// countOfFilter recognizes `[{$match: filter}, {$group: {_id: constant, field: {$sum: 1}}}]`
// (or the $group alone, filter nil) with a constant that is a number or a string not starting
// with `$`, and a 1 that is an int32.
func countOfFilter(pipeline []any) (filter *types.Document, groupID any, field string, ok bool) {
	if len(pipeline) == 2 {
		match, _ := pipeline[0].(*types.Document)
		if match.Len() != 1 || match.Keys()[0] != "$match" {
			return nil, nil, "", false
		}

		if filter, ok = got(match.Get("$match")).(*types.Document); !ok {
			return nil, nil, "", false
		}

		pipeline = pipeline[1:]
	}

	if len(pipeline) != 1 {
		return nil, nil, "", false
	}

	stage, _ := pipeline[0].(*types.Document)
	if stage.Len() != 1 || stage.Keys()[0] != "$group" {
		return nil, nil, "", false
	}

	group, _ := got(stage.Get("$group")).(*types.Document)
	if group.Len() != 2 || group.Keys()[0] != "_id" {
		return nil, nil, "", false
	}

	switch id := got(group.Get("_id")).(type) {
	case int32, int64, float64:
	case string:
		if strings.HasPrefix(id, "$") {
			return nil, nil, "", false
		}
	default:
		return nil, nil, "", false
	}

	field = group.Keys()[1]
	sum, _ := got(group.Get(field)).(*types.Document)

	if strings.HasPrefix(field, "$") || strings.Contains(field, ".") || sum.Len() != 1 || sum.Keys()[0] != "$sum" {
		return nil, nil, "", false
	}

	if one, isInt := got(sum.Get("$sum")).(int32); !isInt || one != 1 {
		return nil, nil, "", false
	}

	return filter, got(group.Get("_id")), field, true
}

// got is the value of a lookup that cannot fail (the key was just listed).
func got(v any, _ error) any {
	return v
}
