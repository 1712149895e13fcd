// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's fsql package at
// build time (see edits.go there).

package fsql

import (
	"context"
	"database/sql"
	"log/slog"
	"sync"
)

// maxPreparedStatements bounds the statements kept per database: FerretDB's SQL texts differ by
// collection and by the shape of a query (an `IN` list's length), so there are a few hundred
// in a shop; past the bound, a text is prepared for its one use, as before.
const maxPreparedStatements = 2000

// stmtCache keeps each SQL text's prepared statement. FerretDB prepared (parsed and planned)
// every statement for its one use: about a fifth of its CPU time under the shop's checkout.
// database/sql prepares a kept statement again on each connection that runs it, once, and a
// transaction (Tx.StmtContext) reuses the one its connection has; SQLite prepares it again by
// itself when a table it names changed (sqlite3_prepare_v2).
type stmtCache struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// get returns the statement of query, prepared on db once; nil when it could not be prepared
// (a table not created yet: the caller runs the text, which says why) or the cache is full.
func (c *stmtCache) get(ctx context.Context, db *sql.DB, query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()

	if stmt, ok := c.m[query]; ok {
		return stmt
	}

	if len(c.m) >= maxPreparedStatements {
		return nil
	}

	stmt, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}

	if c.m == nil {
		c.m = make(map[string]*sql.Stmt)
	}

	c.m[query] = stmt

	return stmt
}

// closeAll closes every kept statement, before its database closes.
func (c *stmtCache) closeAll() {
	c.mu.Lock()
	defer c.mu.Unlock()

	for _, stmt := range c.m {
		_ = stmt.Close()
	}

	c.m = nil
}

func (db *DB) queryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if stmt := db.stmts.get(ctx, db.sqlDB, query); stmt != nil {
		return stmt.QueryContext(ctx, args...)
	}

	return db.sqlDB.QueryContext(ctx, query, args...)
}

func (db *DB) queryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	if stmt := db.stmts.get(ctx, db.sqlDB, query); stmt != nil {
		return stmt.QueryRowContext(ctx, args...)
	}

	return db.sqlDB.QueryRowContext(ctx, query, args...)
}

func (db *DB) execPrepared(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if stmt := db.stmts.get(ctx, db.sqlDB, query); stmt != nil {
		return stmt.ExecContext(ctx, args...)
	}

	return db.sqlDB.ExecContext(ctx, query, args...)
}

// prepared returns the kept statement of query for this transaction's connection, or nil.
func (tx *Tx) prepared(ctx context.Context, query string) *sql.Stmt {
	if tx.db == nil {
		return nil
	}

	if stmt := tx.db.stmts.get(ctx, tx.db.sqlDB, query); stmt != nil {
		return tx.sqlTx.StmtContext(ctx, stmt)
	}

	return nil
}

func (tx *Tx) queryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if stmt := tx.prepared(ctx, query); stmt != nil {
		return stmt.QueryContext(ctx, args...)
	}

	return tx.sqlTx.QueryContext(ctx, query, args...)
}

func (tx *Tx) queryRowPrepared(ctx context.Context, query string, args ...any) *sql.Row {
	if stmt := tx.prepared(ctx, query); stmt != nil {
		return stmt.QueryRowContext(ctx, args...)
	}

	return tx.sqlTx.QueryRowContext(ctx, query, args...)
}

func (tx *Tx) execPrepared(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if stmt := tx.prepared(ctx, query); stmt != nil {
		return stmt.ExecContext(ctx, args...)
	}

	return tx.sqlTx.ExecContext(ctx, query, args...)
}

// debugQuery logs a statement and its arguments at the debug level: only when that level is on,
// since building the message and the logger cost more than many a statement.
func debugQuery(ctx context.Context, l *slog.Logger, message func() string, fields []any) {
	if !l.Enabled(ctx, slog.LevelDebug) {
		return
	}

	l.With(fields...).DebugContext(ctx, message())
}
