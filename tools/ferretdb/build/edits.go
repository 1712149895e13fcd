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
	"internal/handler/namespace_lock.go":      "_overlay/handler/namespace_lock.go",
	"internal/backends/sqlite/id_equality.go": "_overlay/sqlite/id_equality.go",
}

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
}
