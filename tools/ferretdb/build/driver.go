package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// driverModule is the SQLite driver FerretDB's SQLite backend uses (the version FerretDB's
// go.mod asks for). It is patched like FerretDB, with edits of its own.
const driverModule = "modernc.org/sqlite"

// driverAdded are our files put into the driver's package, keyed by their name there.
var driverAdded = map[string]string{
	"stmt_cache.go":      "_overlay/driver/stmt_cache.go",
	"stmt_cache_test.go": "_overlay/driver/stmt_cache_test.go",
}

// stmtCacheWhy is why the driver keeps each connection's prepared statements: every edit of
// driverEdits serves it.
const stmtCacheWhy = "The driver prepared a statement's text (sqlite3_prepare_v2) at every execution and " +
	"finalized it after, even for a database/sql prepared statement: 39% of FerretDB's CPU under the " +
	"shop's checkout bench went into preparing, mostly UPDATEs of tables with twenty expression " +
	"indexes. Each connection now keeps its statements prepared (stmtCache, ours in " +
	"_overlay/driver), reset after each use instead of finalized."

var driverEdits = []edit{
	{
		file: "sqlite.go",
		why:  stmtCacheWhy + " A statement remembers its text, the cache's key.",
		old: "type stmt struct {\n\tc    *conn\n\tpsql uintptr\n}\n\n" +
			"func newStmt(c *conn, sql string) (*stmt, error) {\n\tp, err := libc.CString(sql)\n" +
			"\tif err != nil {\n\t\treturn nil, err\n\t}\n\tstm := stmt{c: c, psql: p}",
		new: "type stmt struct {\n\tc    *conn\n\tpsql uintptr\n\tsql  string\n}\n\n" +
			"func newStmt(c *conn, sql string) (*stmt, error) {\n\tp, err := libc.CString(sql)\n" +
			"\tif err != nil {\n\t\treturn nil, err\n\t}\n\tstm := stmt{c: c, psql: p, sql: sql}",
	},
	{
		file: "sqlite.go",
		why:  "A connection holds its cache of prepared statements.",
		old:  "\twriteTimeFormat string\n\tbeginMode       string\n}",
		new:  "\twriteTimeFormat string\n\tbeginMode       string\n\n\tstmts stmtCache\n}",
	},
	{
		file:  "sqlite.go",
		why:   "A statement's exec and query take the cached statement of their text (prepareCached).",
		old:   "s.c.prepareV2(&psql)",
		new:   "s.c.prepareCached(s, &psql)",
		times: 2,
	},
	{
		file:  "sqlite.go",
		why:   "Where exec and query ended a use by finalizing the statement, they release it (a cached one is reset).",
		old:   "s.c.finalize(pstmt)",
		new:   "s.c.release(pstmt)",
		times: 4,
	},
	{
		file: "sqlite.go",
		why:  "Closing rows releases their statement.",
		old:  "return r.c.finalize(r.pstmt)",
		new:  "return r.c.release(r.pstmt)",
	},
	{
		file: "sqlite.go",
		why:  "Closing the connection finalizes its idle cached statements first.",
		old:  "\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db); err != nil {",
		new:  "\tc.closeStmts()\n\n\tif c.db != 0 {\n\t\tif err := c.closeV2(c.db); err != nil {",
	},
}

// linkDriver makes dir the driver's module with the patched files written in and every other
// entry a symbolic link into the module cache. Copying the module (234 MB, nearly all of it
// SQLite compiled to Go in lib/) took longer than a warm build; the Go tool follows the links,
// and with -trimpath lib/ compiles to the cache entry the unpatched driver's did, so only the
// driver's own package compiles again. The module's own tests are left out: they need modules
// the build does not.
func linkDriver(moduleDir, dir string, patched map[string]string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(moduleDir)
	if err != nil {
		return err
	}
	for _, entry := range entries {
		name := entry.Name()
		if _, ours := patched[name]; ours || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if err := os.Symlink(filepath.Join(moduleDir, name), filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	for file, content := range patched {
		// A file in a subfolder would be written into the module cache through its link.
		if strings.ContainsRune(file, '/') {
			return fmt.Errorf("%s: only the driver's top-level files can be patched", file)
		}
		if err := os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
