// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's handler package
// at build time (see edits.go there), so that every write command takes its collection's lock.

package handler

import "sync"

// namespaceLocks holds one mutex per database and collection, made on first use. A shop has a
// handful of collections, so the map is never pruned.
var namespaceLocks sync.Map

// lockNamespace takes the write lock of one collection and returns its unlock.
//
// FerretDB v1 runs an update, findAndModify or delete as a read of the matching documents
// followed by a separate write of whole documents, so two commands on one document could both
// read the old version and both write (a guarded `$inc` from 200 clients on 50 units "succeeded"
// 200 times). This process is the only writer of its SQLite files, so holding a per-collection
// lock across each write command's read and write makes every single-document write atomic with
// respect to every other write of that collection, as on MongoDB. Reads take no lock.
func lockNamespace(db, collection string) (unlock func()) {
	mu, _ := namespaceLocks.LoadOrStore(db+"\x00"+collection, new(sync.Mutex))
	m := mu.(*sync.Mutex)
	m.Lock()

	return m.Unlock
}
