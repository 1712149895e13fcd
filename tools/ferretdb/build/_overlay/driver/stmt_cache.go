// This file is ours, not modernc.org/sqlite's: tools/ferretdb/build adds it to the driver's
// package at build time (see driver.go there).

package sqlite

import (
	"container/list"

	sqlite3 "modernc.org/sqlite/lib"
)

// maxCachedStmts bounds the statements one connection keeps prepared. FerretDB's SQL texts name
// a table and a shape, not values, so a shop uses some dozens per connection; texts that differ
// by their count of values (a batch insert's rows, an `IN` list's length) are many more, used
// once or rarely, and the bound keeps them from growing the connection's memory without end.
const maxCachedStmts = 256

// stmtCache is a connection's prepared statements, kept for the next use of the same text.
//
// The driver prepared a statement's text (sqlite3_prepare_v2) at every execution and finalized
// it after, and preparing an UPDATE of a table with twenty expression indexes costs more than
// running it (SQLite generates the code that maintains every index at each prepare). A cached
// statement in use (its exec running, its rows not closed yet) is not handed out again: the
// second user of the text meanwhile prepares a statement of its own, finalized after its use.
// database/sql makes the calls on one connection one at a time, so the cache takes no lock.
//
// A full cache makes room for a new text by finalizing its least recently used idle statement.
// It kept its first texts for ever before (2026-11-30): a shop's start-up and the catalogue's
// fill used up the 256 places of every connection, and under the checkout every statement of
// the checkout was prepared at each use again, 3,700 prepares in ten seconds.
type stmtCache struct {
	byText   map[string]*cachedStmt
	byHandle map[uintptr]*cachedStmt
	// byUse orders the cached statements from the most recently handed out to the least.
	byUse list.List
}

type cachedStmt struct {
	pstmt uintptr
	sql   string
	inUse bool
	use   *list.Element
}

// prepareCached stands for prepareV2 in a statement's exec and query. For the statement's
// whole text it hands out the connection's idle statement, moving *psql to the text's end as
// prepareV2 would; otherwise it prepares, and keeps what it prepared when the text is exactly
// one statement (prepareV2 left no tail).
func (c *conn) prepareCached(s *stmt, psql *uintptr) (uintptr, error) {
	end := s.psql + uintptr(len(s.sql))
	if *psql != s.psql {
		// A later statement of a text that holds several.
		return c.prepareV2(psql)
	}

	if cached := c.stmts.byText[s.sql]; cached != nil {
		if cached.inUse {
			return c.prepareV2(psql)
		}

		cached.inUse = true
		c.stmts.byUse.MoveToFront(cached.use)
		*psql = end

		return cached.pstmt, nil
	}

	pstmt, err := c.prepareV2(psql)
	if err != nil || pstmt == 0 || *psql != end {
		return pstmt, err
	}

	if len(c.stmts.byText) >= maxCachedStmts && !c.evictLeastUsed() {
		return pstmt, nil
	}

	if c.stmts.byText == nil {
		c.stmts.byText = map[string]*cachedStmt{}
		c.stmts.byHandle = map[uintptr]*cachedStmt{}
	}

	cached := &cachedStmt{pstmt: pstmt, sql: s.sql, inUse: true}
	cached.use = c.stmts.byUse.PushFront(cached)
	c.stmts.byText[s.sql] = cached
	c.stmts.byHandle[pstmt] = cached

	return pstmt, nil
}

// evictLeastUsed finalizes and forgets the least recently used cached statement that is idle,
// and reports whether there was one.
func (c *conn) evictLeastUsed() bool {
	for e := c.stmts.byUse.Back(); e != nil; e = e.Prev() {
		cached := e.Value.(*cachedStmt)
		if cached.inUse {
			continue
		}

		c.stmts.byUse.Remove(e)
		delete(c.stmts.byText, cached.sql)
		delete(c.stmts.byHandle, cached.pstmt)
		_ = c.finalize(cached.pstmt)

		return true
	}

	return false
}

// release stands for finalize where a use of a statement ends. A cached statement is reset,
// which returns the error of its last step as finalize did, and its bindings are cleared: the
// driver frees the memory of text and blob arguments after the step, and a statement kept for
// later must not point there. Any other statement is finalized.
func (c *conn) release(pstmt uintptr) error {
	cached := c.stmts.byHandle[pstmt]
	if cached == nil {
		return c.finalize(pstmt)
	}

	cached.inUse = false

	var err error
	if rc := sqlite3.Xsqlite3_reset(c.tls, pstmt); rc != sqlite3.SQLITE_OK {
		err = c.errstr(rc)
	}

	sqlite3.Xsqlite3_clear_bindings(c.tls, pstmt)

	return err
}

// closeStmts finalizes the idle cached statements before the connection closes (sqlite3_close_v2
// keeps a connection open until its last statement is finalized) and forgets them all: a
// statement still in use is finalized by its user's release, as any uncached one.
func (c *conn) closeStmts() {
	for _, cached := range c.stmts.byText {
		if !cached.inUse {
			_ = c.finalize(cached.pstmt)
		}
	}

	c.stmts = stmtCache{}
}
