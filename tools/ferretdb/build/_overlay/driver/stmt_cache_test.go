// This file is ours, not modernc.org/sqlite's: tools/ferretdb/build adds it to the driver's
// package at build time (see driver.go there). `pnpm --filter @shop/ferretdb test` runs it.

package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"
)

// openOne opens a database in a folder of the test's own and one connection to it, holding a
// table t of two rows.
func openOne(t *testing.T) (*sql.DB, *sql.Conn) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	sc, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sc.Close() })
	mustExec(t, sc, "CREATE TABLE t (a TEXT, b INTEGER)")
	mustExec(t, sc, "INSERT INTO t VALUES ('one', 1), ('two', 2)")
	return db, sc
}

func mustExec(t *testing.T, sc *sql.Conn, query string, args ...any) {
	t.Helper()
	if _, err := sc.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// texts reads column a of every row a query answers.
func texts(t *testing.T, sc *sql.Conn, query string, args ...any) []string {
	t.Helper()
	rows, err := sc.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	return scanAll(t, rows)
}

func scanAll(t *testing.T, rows *sql.Rows) []string {
	t.Helper()
	var all []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		all = append(all, a)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return all
}

// inside runs f on the driver's connection under sc.
func inside(t *testing.T, sc *sql.Conn, f func(c *conn)) {
	t.Helper()
	if err := sc.Raw(func(dc any) error { f(dc.(*conn)); return nil }); err != nil {
		t.Fatal(err)
	}
}

// liveStatements counts the statements SQLite holds for the connection, prepared and not
// finalized.
func liveStatements(c *conn) int {
	n := 0
	for p := sqlite3.Xsqlite3_next_stmt(c.tls, c.db, 0); p != 0; p = sqlite3.Xsqlite3_next_stmt(c.tls, c.db, p) {
		n++
	}
	return n
}

// runs is how many times the connection's cached statement of a text has run.
func runs(t *testing.T, sc *sql.Conn, query string) int {
	t.Helper()
	n := -1
	inside(t, sc, func(c *conn) {
		if cached := c.stmts.byText[query]; cached != nil {
			n = int(sqlite3.Xsqlite3_stmt_status(c.tls, cached.pstmt, sqlite3.SQLITE_STMTSTATUS_RUN, 0))
		}
	})
	return n
}

func equal(a, b []string) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func TestATextUsedAgainRunsItsPreparedStatement(t *testing.T) {
	_, sc := openOne(t)
	const insert = "INSERT INTO t VALUES (?, ?)"
	const find = "SELECT a FROM t WHERE b = ?"
	for i := 3; i < 103; i++ {
		mustExec(t, sc, insert, fmt.Sprintf("row %d", i), i)
		if got := texts(t, sc, find, i); !equal(got, []string{fmt.Sprintf("row %d", i)}) {
			t.Fatalf("when row %d is read back, then it is %q", i, got)
		}
	}
	if n := runs(t, sc, insert); n != 100 {
		t.Errorf("when an insert runs 100 times, then its one statement ran %d times", n)
	}
	if n := runs(t, sc, find); n != 100 {
		t.Errorf("when a query runs 100 times, then its one statement ran %d times", n)
	}
	inside(t, sc, func(c *conn) {
		if live := liveStatements(c); live != len(c.stmts.byText) {
			t.Errorf("when every use has ended, then %d statements live for %d cached", live, len(c.stmts.byText))
		}
	})
}

func TestAStatementInUseIsNotHandedOutTwice(t *testing.T) {
	_, sc := openOne(t)
	mustExec(t, sc, "INSERT INTO t VALUES ('three', 3)")
	const all = "SELECT a FROM t WHERE b >= ? ORDER BY b"
	open, err := sc.QueryContext(context.Background(), all, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !open.Next() {
		t.Fatal(open.Err())
	}
	for i := 0; i < 2; i++ {
		if got := texts(t, sc, all, 2); !equal(got, []string{"two", "three"}) {
			t.Errorf("when the text runs while its rows are open, then it answers %q", got)
		}
	}
	rest := scanAll(t, open)
	_ = open.Close()
	if !equal(rest, []string{"two", "three"}) {
		t.Errorf("when the first rows are read on, then they answer %q", rest)
	}
	if got := texts(t, sc, all, 1); !equal(got, []string{"one", "two", "three"}) {
		t.Errorf("when the text runs again after, then it answers %q", got)
	}
	if n := runs(t, sc, all); n != 2 {
		t.Errorf("when the cached statement was in use for two of four runs, then it ran %d times", n)
	}
	inside(t, sc, func(c *conn) {
		if live := liveStatements(c); live != len(c.stmts.byText) {
			t.Errorf("when the uses have ended, then %d statements live for %d cached", live, len(c.stmts.byText))
		}
	})
}

func TestOnlyTextsOfOneStatementAreKept(t *testing.T) {
	_, sc := openOne(t)
	// The driver answers the rows of a text's last statement.
	for query, want := range map[string][]string{
		"SELECT a FROM t WHERE b = 1; SELECT a FROM t WHERE b = 2": {"two"},
		"SELECT a FROM t WHERE b = 1; ":                            {"one"},
	} {
		if got := texts(t, sc, query); !equal(got, want) {
			t.Errorf("when %q runs, then it answers %q", query, got)
		}
		if n := runs(t, sc, query); n != -1 {
			t.Errorf("when %q has run, then it is kept", query)
		}
	}
	if got := texts(t, sc, "SELECT a FROM t WHERE b = 2;"); !equal(got, []string{"two"}) {
		t.Errorf("when a statement ends with a semicolon, then it answers %q", got)
	}
	if n := runs(t, sc, "SELECT a FROM t WHERE b = 2;"); n != 1 {
		t.Errorf("when a statement ends with a semicolon, then it is kept (%d runs, not 1)", n)
	}
}

func TestAFullCacheMakesRoomByItsLeastRecentlyUsedStatement(t *testing.T) {
	_, sc := openOne(t)
	const hot = "SELECT a FROM t WHERE b = ?"
	other := func(i int) string { return fmt.Sprintf("SELECT a FROM t WHERE b = 1 AND %d = %d", i, i) }
	// The texts of a start-up fill the cache; the texts used from then on must still be kept.
	for i := 0; i < maxCachedStmts; i++ {
		texts(t, sc, other(i))
	}
	for i := maxCachedStmts; i < maxCachedStmts+20; i++ {
		if got := texts(t, sc, hot, 2); !equal(got, []string{"two"}) {
			t.Fatalf("when the hot text runs after %d others, then it answers %q", i, got)
		}
		if got := texts(t, sc, other(i)); !equal(got, []string{"one"}) {
			t.Fatalf("when text %d runs, then it answers %q", i, got)
		}
	}
	if n := runs(t, sc, hot); n != 20 {
		t.Errorf("when a text first runs into a full cache and then 20 times, then its one statement ran %d times", n)
	}
	for _, gone := range []int{0, 20} {
		if n := runs(t, sc, other(gone)); n != -1 {
			t.Errorf("when text %d has not run since %d others, then it is made room for, not kept with %d runs", gone, maxCachedStmts, n)
		}
	}
	if n := runs(t, sc, other(21)); n != 1 {
		t.Errorf("when text 21 is the least recently used left, then it is kept (%d runs, not 1)", n)
	}
	inside(t, sc, func(c *conn) {
		if len(c.stmts.byText) != maxCachedStmts || len(c.stmts.byHandle) != maxCachedStmts ||
			c.stmts.byUse.Len() != maxCachedStmts || liveStatements(c) != maxCachedStmts {
			t.Errorf("when %d texts have run, then %d are cached (%d by handle, %d by use) and %d live, not %d",
				maxCachedStmts+21, len(c.stmts.byText), len(c.stmts.byHandle), c.stmts.byUse.Len(),
				liveStatements(c), maxCachedStmts)
		}
	})
}

func TestAStatementInUseIsNotMadeRoomFor(t *testing.T) {
	_, sc := openOne(t)
	const oldest = "SELECT a FROM t WHERE b >= ? ORDER BY b"
	open, err := sc.QueryContext(context.Background(), oldest, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !open.Next() {
		t.Fatal(open.Err())
	}
	for i := 0; i < maxCachedStmts+5; i++ {
		texts(t, sc, fmt.Sprintf("SELECT a FROM t WHERE b = 1 AND %d = %d", i, i))
	}
	rest := scanAll(t, open)
	_ = open.Close()
	if !equal(rest, []string{"two"}) {
		t.Errorf("when the oldest statement's rows are read on after %d other texts, then they answer %q", maxCachedStmts+5, rest)
	}
	if got := texts(t, sc, oldest, 2); !equal(got, []string{"two"}) {
		t.Errorf("when the oldest text runs again, then it answers %q", got)
	}
	if n := runs(t, sc, oldest); n != 2 {
		t.Errorf("when the oldest statement was in use while the cache filled, then it is kept (%d runs, not 2)", n)
	}
	inside(t, sc, func(c *conn) {
		if live := liveStatements(c); live != maxCachedStmts || len(c.stmts.byText) != maxCachedStmts {
			t.Errorf("when the uses have ended, then %d statements live for %d cached, not %d", live, len(c.stmts.byText), maxCachedStmts)
		}
	})
}

func TestAKeptStatementHoldsNoArgument(t *testing.T) {
	_, sc := openOne(t)
	const echo = "SELECT ? AS a"
	if got := texts(t, sc, echo, "a secret"); !equal(got, []string{"a secret"}) {
		t.Fatalf("when a text is bound, then it is answered: %q", got)
	}
	inside(t, sc, func(c *conn) {
		expanded := sqlite3.Xsqlite3_expanded_sql(c.tls, c.stmts.byText[echo].pstmt)
		defer sqlite3.Xsqlite3_free(c.tls, expanded)
		if got := libc.GoString(expanded); got != "SELECT NULL AS a" {
			t.Errorf("when its use has ended, then the statement reads %q", got)
		}
	})
}

func TestKeptStatementsFollowSchemaChanges(t *testing.T) {
	db, sc := openOne(t)
	other, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	const all = "SELECT * FROM t ORDER BY 1"
	columns := func() []string {
		rows, err := sc.QueryContext(context.Background(), all)
		if err != nil {
			return []string{err.Error()}
		}
		defer rows.Close()
		names, _ := rows.Columns()
		return names
	}
	if got := columns(); !equal(got, []string{"a", "b"}) {
		t.Fatalf("columns at first: %q", got)
	}
	for _, step := range []struct {
		on    *sql.Conn
		ddl   string
		names []string
	}{
		{sc, "CREATE INDEX t_b ON t (b DESC)", []string{"a", "b"}},
		{other, "DROP INDEX t_b", []string{"a", "b"}},
		{other, "DROP TABLE t", []string{"SQL logic error: no such table: t (1)"}},
		{other, "CREATE TABLE t (x TEXT, y TEXT, z TEXT)", []string{"x", "y", "z"}},
		{sc, "DROP TABLE t", []string{"SQL logic error: no such table: t (1)"}},
		{sc, "CREATE TABLE t (a TEXT)", []string{"a"}},
	} {
		mustExec(t, step.on, step.ddl)
		if got := columns(); !equal(got, step.names) {
			t.Errorf("when %q ran between two uses, then the text answers %q", step.ddl, got)
		}
	}
	mustExec(t, sc, "INSERT INTO t VALUES ('only')")
	if got := texts(t, sc, all); !equal(got, []string{"only"}) {
		t.Errorf("when the table was made again, then the text answers %q", got)
	}
}

func TestClosingFinalizesTheIdleStatements(t *testing.T) {
	_, sc := openOne(t)
	texts(t, sc, "SELECT a FROM t")
	inside(t, sc, func(c *conn) {
		if liveStatements(c) == 0 {
			t.Fatal("no statement was kept")
		}
		c.closeStmts()
		if live := liveStatements(c); live != 0 {
			t.Errorf("when the connection closes, then %d statements live", live)
		}
	})
	if got := texts(t, sc, "SELECT a FROM t WHERE b = 2"); !equal(got, []string{"two"}) {
		t.Errorf("when the cache is empty again, then a text answers %q", got)
	}
}
