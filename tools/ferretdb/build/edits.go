package main

// An edit replaces one exact piece of a FerretDB source file. Each must match exactly once in
// the pinned version (go.mod), or the build stops: a new FerretDB version means reading the
// edits again, not applying them blindly.
type edit struct {
	file string // relative to the FerretDB module's root
	why  string
	old  string
	new  string
	// times is how often old occurs (once when zero); every occurrence is replaced.
	times int
}

// added are our own files put into FerretDB's packages (from _overlay/, which the Go tool
// ignores when it builds this module), keyed by their path in the FerretDB module.
var added = map[string]string{
	"internal/handler/namespace_lock.go":                 "_overlay/handler/namespace_lock.go",
	"internal/backends/sqlite/id_equality.go":            "_overlay/sqlite/id_equality.go",
	"internal/backends/sqlite/key_narrowing.go":          "_overlay/sqlite/key_narrowing.go",
	"internal/backends/sqlite/exact.go":                  "_overlay/sqlite/exact.go",
	"internal/backends/sqlite/metadata/sort_key.go":      "_overlay/sqlite/metadata/sort_key.go",
	"internal/backends/sqlite/metadata/sort_key_test.go": "_overlay/sqlite/metadata/sort_key_test.go",
	"internal/handler/exact.go":                          "_overlay/handler/exact.go",
	"internal/handler/sjson/fast_scalar.go":              "_overlay/sjson/fast_scalar.go",
	"internal/handler/sjson/fast_split.go":               "_overlay/sjson/fast_split.go",
	"internal/handler/sjson/fast_split_test.go":          "_overlay/sjson/fast_split_test.go",
	"internal/util/fsql/debug_query.go":                  "_overlay/fsql/debug_query.go",
}

// valueIndexWhy is why a non-unique MongoDB index gets no SQLite index on its fields' JSON values
// (FerretDB's `_ferretdb_sjson->"field"`), only its key index.
const valueIndexWhy = "FerretDB made an SQLite index on each MongoDB index's JSON values, which no query " +
	"uses: its SQL names only `_id`'s, and our SQL the key indexes. A unique index still needs it (SQLite " +
	"refuses the duplicate); a non-unique one only cost a b-tree write at each insert and update of " +
	"its collection (the orders had eight)."

// splitWhy is why a stored document's objects and arrays are split into their members without a
// JSON decoder (splitObject, splitArray), and its schema decoded once for all documents that
// have the same (knownSchema).
const splitWhy = "Each document read, and each document and array inside it, was split into its members " +
	"by a JSON decoder into a map (or slice) of raw values, through reflection, and each document's " +
	"schema decoded the same way: about a fifth of FerretDB's CPU under the checkout bench. " +
	"splitObject and splitArray (ours, _overlay/sjson) split the plain text FerretDB writes " +
	"directly, to the same members, and give anything else to the decoder as before; knownSchema " +
	"keeps the schemas decoded by their text, which the documents of a collection mostly share."

// lockAfterParams is the line each write command gains right after it has parsed its
// parameters (and so knows its database and collection): it holds the collection's write lock
// until the command has answered.
const lockAfterParams = "\n\n\tdefer lockNamespace(params.DB, params.Collection)()"

var edits = []edit{
	{
		file: "internal/backends/sqlite/metadata/metadata.go",
		why: "The `_id` lookups' SQL said `->'$._id'` while the unique `_id_` index every collection " +
			"gets at creation is on `->\"_id\"`. SQLite uses an expression index only for the same " +
			"expression, so every lookup by `_id` scanned the table. `->'_id'` means the same path " +
			"and is the index's expression, so each collection's own `_id_` index answers from the " +
			"moment it exists, in databases made by earlier builds too.",
		old: `IDColumn = DefaultColumn + "->'$._id'"`,
		new: `IDColumn = DefaultColumn + "->'_id'"`,
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why: "Query (and Explain, which reports what Query does) pushed an `_id` equality down to " +
			"SQL only when it was the whole filter, so `{_id: x, quantity: {$gte: 2}}` read every " +
			"document. idEquality (ours, _overlay/sqlite) finds it among other conditions too.",
		old:   "\tif params.Filter.Len() == 1 {\n\t\tv, _ := params.Filter.Get(\"_id\")\n",
		new:   "\tif v, ok := idEquality(params.Filter); ok {\n",
		times: 2,
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why: "Query narrowed a read by `_id` only for an equality, so `{_id: {$in: [a, b]}, " +
			"claim: c}` (an outbox's claimed deliveries, a batch of orders) read every document. " +
			"idIn (ours, _overlay/sqlite) pushes an `$in` of strings and ObjectIDs down to the " +
			"`_id` index too; the caller filters the rows again, as for an equality.",
		old: "\t\tcase string, types.ObjectID:\n\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)\n" +
			"\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\t}\n",
		new: "\t\tcase string, types.ObjectID:\n\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)\n" +
			"\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n" +
			"\t\tcase *types.Document:\n\t\t\tif clause, inArgs, ok := idIn(v); ok {\n" +
			"\t\t\t\twhereClause, args = clause, inArgs\n\t\t\t}\n\t\t}\n",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why:  "Explain reports what Query does: the same `$in` narrowing (see the edit above).",
		old: "\t\tcase string, types.ObjectID:\n\t\t\tfilterPushdown = true\n\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)\n" +
			"\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n\t\t}\n",
		new: "\t\tcase string, types.ObjectID:\n\t\t\tfilterPushdown = true\n\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)\n" +
			"\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}\n" +
			"\t\tcase *types.Document:\n\t\t\tif clause, inArgs, ok := idIn(v); ok {\n" +
			"\t\t\t\tfilterPushdown = true\n\t\t\t\twhereClause, args = clause, inArgs\n\t\t\t}\n\t\t}\n",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why: "A filter that SQL cannot answer whole, and that names no `_id`, read every document " +
			"even when it required an indexed field to equal a value: `{key: k, $or: [{expire: " +
			"{$gt: now}}, {expire: null}]}`, a rate limit's window counted by findAndModify at each " +
			"checkout call, was a read of every window. keyNarrowing (ours, _overlay/sqlite) " +
			"narrows the read through the key index of an index the field leads; the caller " +
			"filters the rows again, as for an `_id` equality.",
		old: "\tq += whereClause\n\tq += prepareOrderByClause(params.Sort)\n",
		new: "\tif whereClause == \"\" {\n\t\twhereClause, args = keyNarrowing(ctx, db, meta, params.Filter)\n\t}\n\n" +
			"\tq += whereClause\n\tq += prepareOrderByClause(params.Sort)\n",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why:  "Explain reports what Query does: the same narrowing by an indexed field's equality.",
		old:  "\torderByClause := prepareOrderByClause(params.Sort)\n\tsortPushdown := orderByClause != \"\"\n",
		new: "\tif whereClause == \"\" {\n\t\twhereClause, args = keyNarrowing(ctx, db, meta, params.Filter)\n\t}\n\n" +
			"\torderByClause := prepareOrderByClause(params.Sort)\n\tsortPushdown := orderByClause != \"\"\n",
	},
	{
		file: "internal/handler/msg_update.go",
		why:  "An update reads the matching documents, then writes them: one writer at a time per collection.",
		old:  "\tparams, err := common.GetUpdateParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}",
		new:  "\tparams, err := common.GetUpdateParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}" + lockAfterParams,
	},
	{
		file: "internal/handler/msg_findandmodify.go",
		why:  "findAndModify reads the document, then writes or deletes it: the same lock.",
		old:  "\tparams, err := common.GetFindAndModifyParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, err\n\t}",
		new:  "\tparams, err := common.GetFindAndModifyParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, err\n\t}" + lockAfterParams,
	},
	{
		file: "internal/handler/msg_delete.go",
		why:  "A delete with a filter reads the matching ids, then deletes them: the same lock.",
		old:  "\tparams, err := common.GetDeleteParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}",
		new:  "\tparams, err := common.GetDeleteParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}" + lockAfterParams,
	},
	{
		file: "internal/handler/msg_insert.go",
		why: "An insert writes in one statement, but it must not land between another command's " +
			"read and write (an upsert that found nothing would then insert a duplicate).",
		old: "\tparams, err := common.GetInsertParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}",
		new: "\tparams, err := common.GetInsertParams(document, h.L)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}" + lockAfterParams,
	},
	{
		file: "internal/backends/collection.go",
		why: "A find sorted every matching document in memory and applied skip and limit after, " +
			"and a count read every document: 12-14 s a page of the shop's All Orders at 20,000 " +
			"orders. A caller may now ask for an exact answer (Exact) to the whole filter, sort, " +
			"skip and limit, or for a count (CountOnly); the result says whether the backend gave " +
			"it (QueryResult.Exact) or queried as before.",
		old: "\tOnlyRecordIDs bool\n\tComment       string\n}",
		new: "\tOnlyRecordIDs bool\n\tComment       string\n\n" +
			"\t// Ours (tools/ferretdb): when Exact, the backend may apply ExactFilter (the whole filter),\n" +
			"\t// ExactSort, Skip and ExactLimit exactly, or count (CountOnly), and says so in QueryResult.\n" +
			"\tExact       bool\n\tExactFilter *types.Document\n\tExactSort   *types.Document\n" +
			"\tSkip        int64\n\tExactLimit  int64\n\tCountOnly   bool\n}",
	},
	{
		file: "internal/backends/collection.go",
		why:  "The result of a query asked to be exact: whether it was, and the count asked for.",
		old:  "type QueryResult struct {\n\tIter types.DocumentsIterator\n}",
		new: "type QueryResult struct {\n\tIter types.DocumentsIterator\n\n" +
			"\t// Ours (tools/ferretdb): the backend applied QueryParams.ExactFilter, ExactSort, Skip and\n" +
			"\t// ExactLimit exactly; with CountOnly, Iter is empty and Count is how many match.\n" +
			"\tExact bool\n\tCount int64\n}",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why: "Query answers in SQL what it can answer exactly (exactQuery, ours in _overlay/sqlite): " +
			"equalities on top-level fields, a sort on them, skip, limit and counts, from the key " +
			"indexes made from the collection's MongoDB indexes.",
		old: "\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n\n\tvar whereClause string",
		new: "\tif res, err := exactQuery(ctx, db, meta, params); res != nil || err != nil {\n\t\treturn res, err\n\t}\n\n" +
			"\tq := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)\n\n\tvar whereClause string",
	},
	{
		file: "internal/backends/sqlite/metadata/registry.go",
		why: "Each MongoDB index on top-level fields gets an SQLite index on the fields' sort keys " +
			"(createKeyIndexes, ours), the expressions exactQuery's SQL uses, when it is made.",
		old: "\tfor _, index := range indexes {\n\t\tif slices.ContainsFunc(c.Settings.Indexes, func(i IndexInfo) bool { return index.Name == i.Name }) {\n\t\t\tcontinue\n\t\t}",
		new: "\tfor _, index := range indexes {\n\t\tif err := createKeyIndexes(ctx, db, c.TableName, index); err != nil {\n" +
			"\t\t\t_ = r.indexesDrop(ctx, dbName, collectionName, created)\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n" +
			"\t\tif slices.ContainsFunc(c.Settings.Indexes, func(i IndexInfo) bool { return index.Name == i.Name }) {\n\t\t\tcontinue\n\t\t}",
	},
	{
		file: "internal/backends/sqlite/metadata/registry.go",
		why: "Dropping a MongoDB index drops its key index too, and its index on the JSON values only if it " +
			"has one (a non-unique index has not: " + valueIndexWhy + ")",
		old: "\t\tq := fmt.Sprintf(\"DROP INDEX %q\", c.TableName+\"_\"+name)\n",
		new: "\t\tif err := dropKeyIndex(ctx, db, c.TableName, name); err != nil {\n\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n" +
			"\t\tq := fmt.Sprintf(\"DROP INDEX IF EXISTS %q\", c.TableName+\"_\"+name)\n",
	},
	{
		file: "internal/backends/sqlite/metadata/registry.go",
		why:  valueIndexWhy + " A new non-unique index gets no index on the JSON values.",
		old: "\t\tif _, err := db.ExecContext(ctx, q); err != nil {\n\t\t\t_ = r.indexesDrop(ctx, dbName, collectionName, created)\n" +
			"\t\t\treturn lazyerrors.Error(err)\n\t\t}\n\n\t\tcreated = append(created, index.Name)",
		new: "\t\tif index.Unique {\n\t\t\tif _, err := db.ExecContext(ctx, q); err != nil {\n" +
			"\t\t\t\t_ = r.indexesDrop(ctx, dbName, collectionName, created)\n\t\t\t\treturn lazyerrors.Error(err)\n\t\t\t}\n\t\t}\n\n" +
			"\t\tcreated = append(created, index.Name)",
	},
	{
		file: "internal/backends/sqlite/metadata/registry.go",
		why: "A database opened (at start) gives each of its collections' indexes what this build makes " +
			"of one (createKeyIndexes): an earlier build's database gains the key indexes and loses the " +
			"non-unique indexes' indexes on JSON values. Declaring an index again does not do it: " +
			"FerretDB's createIndexes leaves out the indexes that exist before the backend sees them. " +
			"Where everything is in place, each statement is a no-op.",
		old: "\tr.colls[dbName] = colls\n\n\treturn nil\n}\n\n// DatabaseList",
		new: "\tfor _, c := range colls {\n\t\tfor _, index := range c.Settings.Indexes {\n" +
			"\t\t\tif err = createKeyIndexes(ctx, db, c.TableName, index); err != nil {\n\t\t\t\treturn lazyerrors.Error(err)\n\t\t\t}\n\t\t}\n\t}\n\n" +
			"\tr.colls[dbName] = colls\n\n\treturn nil\n}\n\n// DatabaseList",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why:  valueIndexWhy + " collStats sizes a non-unique index by its key index (StoredIndexName).",
		old:  "\t\targs = append(args, coll.TableName+\"_\"+index.Name)\n\t\tindexMap[coll.TableName+\"_\"+index.Name] = index.Name",
		new:  "\t\targs = append(args, metadata.StoredIndexName(coll.TableName, index))\n\t\tindexMap[metadata.StoredIndexName(coll.TableName, index)] = index.Name",
	},
	{
		file: "internal/backends/sqlite/collection.go",
		why:  valueIndexWhy + " An index without an SQLite index of its own (a non-unique one on dotted fields) is left out of collStats' sizes, not named \"\".",
		old:  "\t\tIndexSizes:      indexSizes,",
		new:  "\t\tIndexSizes:      indexSizes[:i],",
	},
	{
		file: "internal/backends/sqlite/sqlite.go",
		why:  valueIndexWhy + " dbStats sizes a non-unique index by its key index (StoredIndexName).",
		old:  "\t\t\targs = append(args, c.TableName+\"_\"+index.Name)",
		new:  "\t\t\targs = append(args, metadata.StoredIndexName(c.TableName, index))",
	},
	{
		file: "internal/handler/sjson/sjson.go",
		why: "Each value of each document read was decoded by a JSON decoder made for it alone: " +
			"about half of FerretDB's time on a page of All Orders. fastScalar (ours, " +
			"_overlay/sjson) reads the common scalars' text directly, to the same values.",
		old: "\tif sch == nil {\n\t\treturn nil, lazyerrors.Errorf(\"schema is not set\")\n\t}\n\n\tvar res sjsontype",
		new: "\tif sch == nil {\n\t\treturn nil, lazyerrors.Errorf(\"schema is not set\")\n\t}\n\n" +
			"\tif v, ok := fastScalar(data, sch); ok {\n\t\treturn v, nil\n\t}\n\n\tvar res sjsontype",
	},
	{
		file: "internal/handler/sjson/sjson.go",
		why:  splitWhy,
		old: "\tvar v map[string]json.RawMessage\n\tr := bytes.NewReader(data)\n\tdec := json.NewDecoder(r)\n\n" +
			"\terr := dec.Decode(&v)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n\n" +
			"\tif err = checkConsumed(dec, r); err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n\n" +
			"\t// decode schema from the $s field of the document\n\tjsch, ok := v[\"$s\"]\n\tif !ok {\n" +
			"\t\treturn nil, lazyerrors.Errorf(\"schema is not set\")\n\t}\n\n\tvar sch schema\n" +
			"\tr = bytes.NewReader(jsch)\n\tdec = json.NewDecoder(r)\n\tdec.DisallowUnknownFields()\n\n" +
			"\tif err := dec.Decode(&sch); err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n\n" +
			"\tif err := checkConsumed(dec, r); err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n",
		new: "\tv, err := splitObject(data)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n\n" +
			"\t// decode schema from the $s field of the document\n\tjsch, ok := v[\"$s\"]\n\tif !ok {\n" +
			"\t\treturn nil, lazyerrors.Errorf(\"schema is not set\")\n\t}\n\n" +
			"\tsch, err := knownSchema(jsch)\n\tif err != nil {\n\t\treturn nil, lazyerrors.Error(err)\n\t}\n",
	},
	{
		file: "internal/handler/sjson/document.go",
		why:  splitWhy,
		old: "\tr := bytes.NewReader(data)\n\tdec := json.NewDecoder(r)\n\n\tvar rawMessages map[string]json.RawMessage\n" +
			"\tif err := dec.Decode(&rawMessages); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}\n\n" +
			"\tif err := checkConsumed(dec, r); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}",
		new: "\trawMessages, err := splitObject(data)\n\tif err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}",
	},
	{
		file: "internal/handler/sjson/array.go",
		why:  splitWhy,
		old: "\tr := bytes.NewReader(data)\n\tdec := json.NewDecoder(r)\n\n\tvar rawMessages []json.RawMessage\n" +
			"\tif err := dec.Decode(&rawMessages); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}\n\n" +
			"\tif err := checkConsumed(dec, r); err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}",
		new: "\tvar rawMessages []json.RawMessage\n\n\trawMessages, err := splitArray(data)\n\tif err != nil {\n\t\treturn lazyerrors.Error(err)\n\t}",
	},
	{
		file: "internal/util/resource/resource.go",
		why: "Every iterator (several per query) was added to a pprof profile, which records the " +
			"stack of its caller: about a tenth of FerretDB's time on a page of All Orders. It " +
			"serves to find unclosed iterators in FerretDB's debug builds, which ours is not; the " +
			"finalizer that reports them stays.",
		old: "\tp.Add(token, 1)\n",
		new: "\tif debugbuild.Enabled {\n\t\tp.Add(token, 1)\n\t}\n",
	},
	{
		file: "internal/handler/msg_find.go",
		why:  "A find asks the backend for an exact answer (askExact, ours in _overlay/handler).",
		old:  "\t\tqp.Limit = params.Limit\n\t}\n\n\th.L.DebugContext(ctx, fmt.Sprintf(\"Converted %+v for %+v to %+v.\", params, cInfo, qp))",
		new: "\t\tqp.Limit = params.Limit\n\t}\n\n\tif !h.DisablePushdown {\n\t\taskExact(qp, params)\n\t}\n\n" +
			"\th.L.DebugContext(ctx, fmt.Sprintf(\"Converted %+v for %+v to %+v.\", params, cInfo, qp))",
	},
	{
		file: "internal/handler/msg_find.go",
		why:  "What the backend applied exactly, the handler does not sort or skip again (appliedBy, ours).",
		old:  "\titer, err := h.makeFindIter(queryRes.Iter, closer, params)",
		new:  "\titer, err := h.makeFindIter(queryRes.Iter, closer, appliedBy(queryRes, params))",
	},
	{
		file: "internal/handler/msg_aggregate.go",
		why: "countDocuments' pipeline read every matching document to count them; the backend " +
			"counts in SQL when it can exactly (processStagesDocumentsOrCount, ours).",
		old: "\t\titer, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})",
		new: "\t\titer, err = processStagesDocumentsOrCount(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments}, aggregationStages, !h.DisablePushdown)",
	},
	{
		file: "internal/util/fsql/db.go",
		why: "Each statement built its debug message and a logger before asking whether debug " +
			"logging was on (it is not, here): debugQuery (ours) asks first.",
		old:   "\tdb.l.With(fields...).DebugContext(ctx, fmt.Sprintf(\">>> %s\", query))\n",
		new:   "\tdebugQuery(ctx, db.l, func() string { return fmt.Sprintf(\">>> %s\", query) }, fields)\n",
		times: 3,
	},
	{
		file:  "internal/util/fsql/db.go",
		why:   "The same for the message after the statement.",
		old:   "\tdb.l.With(fields...).DebugContext(ctx, fmt.Sprintf(\"<<< %s\", query))\n",
		new:   "\tdebugQuery(ctx, db.l, func() string { return fmt.Sprintf(\"<<< %s\", query) }, fields)\n",
		times: 3,
	},
	{
		file:  "internal/util/fsql/tx.go",
		why:   "Debug messages in a transaction are built only when debug logging is on.",
		old:   "\ttx.l.With(fields...).DebugContext(ctx, fmt.Sprintf(\">>> %s\", query))\n",
		new:   "\tdebugQuery(ctx, tx.l, func() string { return fmt.Sprintf(\">>> %s\", query) }, fields)\n",
		times: 3,
	},
	{
		file:  "internal/util/fsql/tx.go",
		why:   "The same for the message after the statement.",
		old:   "\ttx.l.With(fields...).DebugContext(ctx, fmt.Sprintf(\"<<< %s\", query))\n",
		new:   "\tdebugQuery(ctx, tx.l, func() string { return fmt.Sprintf(\"<<< %s\", query) }, fields)\n",
		times: 3,
	},
}
