// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there), and `go test ./build` runs it in the patched source.

package metadata

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"testing"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/state"
)

// sqliteIndexes are the names of the SQLite indexes of a table.
func sqliteIndexes(t *testing.T, ctx context.Context, db *fsql.DB, table string) []string {
	t.Helper()

	rows, err := db.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name", table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()

	var names []string

	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}

		names = append(names, name)
	}

	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}

	return names
}

func TestANonUniqueIndexIsItsKeyIndexAlone(t *testing.T) {
	ctx := context.Background()

	sp, err := state.NewProvider("")
	if err != nil {
		t.Fatal(err)
	}

	uri := "file:" + t.TempDir() + "/"

	r, err := NewRegistry(uri, 100, slog.New(slog.DiscardHandler), sp)
	if err != nil {
		t.Fatal(err)
	}

	db, err := r.DatabaseGetOrCreate(ctx, "shop")
	if err != nil {
		t.Fatal(err)
	}

	status := IndexInfo{Name: "status_1", Key: []IndexKeyPair{{Field: "status"}}}
	number := IndexInfo{Name: "number_1", Key: []IndexKeyPair{{Field: "number"}}, Unique: true}
	dotted := IndexInfo{Name: "payment.id_1", Key: []IndexKeyPair{{Field: "payment.id"}}}

	if err := r.IndexesCreate(ctx, "shop", "orders", []IndexInfo{status, number, dotted}); err != nil {
		t.Fatal(err)
	}

	table := r.CollectionGet(ctx, "shop", "orders").TableName
	has := func(name string) bool { return slices.Contains(sqliteIndexes(t, ctx, db, table), name) }

	if has(table + "_status_1") {
		t.Errorf("when a non-unique index is made, then it gets an index on its JSON values: %q", sqliteIndexes(t, ctx, db, table))
	}

	if !has(KeyIndexName(table, "status_1")) {
		t.Errorf("when a non-unique index is made, then it has no key index: %q", sqliteIndexes(t, ctx, db, table))
	}

	if has(table + "_payment.id_1") {
		t.Errorf("when a non-unique index on a dotted field is made, then it gets an index on its JSON values: %q", sqliteIndexes(t, ctx, db, table))
	}

	if !has(table + "_number_1") {
		t.Errorf("when a unique index is made, then it has no index on its JSON values: %q", sqliteIndexes(t, ctx, db, table))
	}

	// The duplicate a unique index refuses is still refused.
	insert := fmt.Sprintf("INSERT INTO %q (_ferretdb_sjson) VALUES (?)", table)
	doc := func(id, n int) string {
		return fmt.Sprintf(`{"$s":{"p":{"_id":{"t":"int"},"number":{"t":"int"}},"$k":["_id","number"]},"_id":%d,"number":%d}`, id, n)
	}

	if _, err := db.ExecContext(ctx, insert, doc(1, 1042)); err != nil {
		t.Fatal(err)
	}

	if _, err := db.ExecContext(ctx, insert, doc(2, 1042)); err == nil {
		t.Error("when a second document has a unique index's value, then it is stored")
	}

	// A database made by an earlier build has the index on the JSON values and lacks the key
	// index; opened again, it has what this build makes of its indexes.
	if _, err := db.ExecContext(ctx, fmt.Sprintf(`CREATE INDEX %q ON %q (_ferretdb_sjson->"status")`, table+"_status_1", table)); err != nil {
		t.Fatal(err)
	}

	if _, err := db.ExecContext(ctx, fmt.Sprintf(`DROP INDEX %q`, KeyIndexName(table, "status_1"))); err != nil {
		t.Fatal(err)
	}

	r.Close()

	if r, err = NewRegistry(uri, 100, slog.New(slog.DiscardHandler), sp); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)

	if db = r.DatabaseGetExisting(ctx, "shop"); db == nil {
		t.Fatal("when the database is opened again, then it is not there")
	}

	if has(table+"_status_1") || !has(table+"_number_1") || !has(KeyIndexName(table, "status_1")) {
		t.Errorf("when an earlier build's database is opened, then the table's indexes are %q", sqliteIndexes(t, ctx, db, table))
	}

	// Dropping a non-unique index (with no index on its values to drop) drops its key index.
	if err := r.IndexesDrop(ctx, "shop", "orders", []string{"status_1", "payment.id_1"}); err != nil {
		t.Fatalf("when non-unique indexes are dropped, then: %v", err)
	}

	if has(KeyIndexName(table, "status_1")) || len(r.CollectionGet(ctx, "shop", "orders").Settings.Indexes) != 2 {
		t.Errorf("when a non-unique index is dropped, then the table's indexes are %q", sqliteIndexes(t, ctx, db, table))
	}

	if got := StoredIndexName(table, status); got != KeyIndexName(table, "status_1") {
		t.Errorf("a non-unique index is sized by %q", got)
	}

	if got := StoredIndexName(table, number); got != table+"_number_1" {
		t.Errorf("a unique index is sized by %q", got)
	}
}
