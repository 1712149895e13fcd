// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package metadata

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// A field's sort key is one SQL text per document whose order (SQLite's binary collation) is
// the BSON order of the field's value, for the types it knows:
//
//	'0'                      missing or null (they sort alike, before everything)
//	'01' + 15 digits         numbers that are whole, from 0 to below 1e15, whatever their type
//	                         (int, long or double: BSON compares numbers by value)
//	'1' + the string         strings (BSON compares their bytes, as SQLite does)
//	'2' + 24 hex digits      ObjectIDs (hex keeps the bytes' order)
//	'3' + 15 digits          dates from 1970 on (milliseconds, zero-padded)
//	'9'                      anything else: negative or fractional numbers, arrays, documents…
//
// BSON orders null < numbers < strings < ObjectIDs < dates, as the prefixes do. Equal keys are equal
// values of one type, so an equality on the key is the BSON equality as long as no document
// has a '9' there: an array, for one, matches `{f: x}` by its elements, which the key cannot
// say. A '9' key is "unknown" and the backend pushes nothing down on a field that has one;
// each field's '9' documents are kept in a small partial index (MarkerIndexName) so that
// finding out costs one index lookup.

// simpleField is a top-level field name that a key can name inside SQL text as it is.
var simpleField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// KeyField reports whether the field may have a sort key: a top-level name of letters,
// digits and underscores.
func KeyField(field string) bool {
	return simpleField.MatchString(field)
}

// UnknownKey is the key of values whose order the key does not give; every other key is less.
const UnknownKey = "9"

// maxKeyDate is the last millisecond a key's 15 digits hold (year 33658).
const maxKeyDate = 999_999_999_999_999

// maxKeyNumber is the largest number a key's 15 digits hold.
const maxKeyNumber = 999_999_999_999_999

// SortKey is the SQL expression of the field's sort key; the field must be a KeyField.
func SortKey(field string) string {
	t := fmt.Sprintf(`(%s->>'$."$s".p.%s.t')`, DefaultColumn, field)
	v := fmt.Sprintf(`(%s->>'$.%s')`, DefaultColumn, field)

	number := fmt.Sprintf(
		`iif(%[1]s BETWEEN 0 AND %[2]d AND %[1]s = CAST(%[1]s AS INTEGER), '01' || printf('%%015d', CAST(%[1]s AS INTEGER)), '9')`,
		v, maxKeyNumber,
	)

	return fmt.Sprintf(
		`(CASE coalesce(%[1]s, 'null') WHEN 'null' THEN '0' WHEN 'string' THEN '1' || %[2]s `+
			`WHEN 'objectId' THEN '2' || %[2]s `+
			`WHEN 'date' THEN iif(%[2]s BETWEEN 0 AND %[3]d, '3' || printf('%%015d', %[2]s), '9') `+
			`ELSE iif(%[1]s IN ('int', 'long', 'double'), %[4]s, '9') END)`,
		t, v, maxKeyDate, number,
	)
}

// KeyOf is the sort key of a value, as SortKey computes it for a document holding it, and
// false for a value whose key would be UnknownKey.
func KeyOf(v any) (string, bool) {
	switch v := v.(type) {
	case types.NullType:
		return "0", true
	case int32:
		return numberKey(float64(v))
	case int64:
		if v < 0 || v > maxKeyNumber {
			return "", false
		}

		return fmt.Sprintf("01%015d", v), true
	case float64:
		return numberKey(v)
	case string:
		return "1" + v, true
	case types.ObjectID:
		return fmt.Sprintf("2%x", v[:]), true
	case time.Time:
		ms := v.UnixMilli()
		if ms < 0 || ms > maxKeyDate {
			return "", false
		}

		return fmt.Sprintf("3%015d", ms), true
	default:
		return "", false
	}
}

// numberKey is the key of a whole number from 0 to maxKeyNumber (-0 is 0), false for others.
func numberKey(f float64) (string, bool) {
	if !(f >= 0 && f <= maxKeyNumber) || f != math.Trunc(f) {
		return "", false
	}

	return fmt.Sprintf("01%015d", int64(f)), true
}

// KeyIndexName is the SQLite index on the sort keys of a MongoDB index's fields.
func KeyIndexName(table, index string) string {
	return table + "_" + index + "_ferretdb_key"
}

// MarkerIndexName is the partial SQLite index of the documents whose key of that field is
// UnknownKey.
func MarkerIndexName(table, field string) string {
	return table + "_ferretdb_unknown_" + field
}

// createKeyIndexes gives a MongoDB index on top-level fields (KeyField) an SQLite index on
// their sort keys, in its directions, and each field its MarkerIndexName. An index on other
// fields gets none. Existing ones are kept. It runs for every index of every collection when a
// database is opened too, so that an index made by an earlier build gains them, and a
// non-unique one loses the index on its JSON values earlier builds made (dropValueIndex).
func createKeyIndexes(ctx context.Context, db *fsql.DB, table string, index IndexInfo) error {
	if err := dropValueIndex(ctx, db, table, index); err != nil {
		return err
	}

	columns := make([]string, len(index.Key))

	for i, key := range index.Key {
		if !KeyField(key.Field) {
			return nil
		}

		columns[i] = SortKey(key.Field)
		if key.Descending {
			columns[i] += " DESC"
		}
	}

	for _, key := range index.Key {
		q := fmt.Sprintf(
			`CREATE INDEX IF NOT EXISTS %q ON %q (%s) WHERE %[3]s >= '%s'`,
			MarkerIndexName(table, key.Field), table, SortKey(key.Field), UnknownKey,
		)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return err
		}
	}

	q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, KeyIndexName(table, index.Name), table, strings.Join(columns, ", "))
	_, err := db.ExecContext(ctx, q)

	return err
}

// dropKeyIndex drops the key index of a MongoDB index, if it has one. The fields' partial
// indexes stay: other indexes may name the fields, and they hold only documents with an
// unknown key.
func dropKeyIndex(ctx context.Context, db *fsql.DB, table, index string) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf(`DROP INDEX IF EXISTS %q`, KeyIndexName(table, index)))
	return err
}

// dropValueIndex drops the SQLite index on a non-unique MongoDB index's JSON values that FerretDB
// made (and earlier builds of ours), if it is there: no query uses it (see createKeyIndexes), and
// each write of the collection paid for it. A unique index keeps it, since it refuses duplicates.
func dropValueIndex(ctx context.Context, db *fsql.DB, table string, index IndexInfo) error {
	if index.Unique {
		return nil
	}

	_, err := db.ExecContext(ctx, fmt.Sprintf(`DROP INDEX IF EXISTS %q`, table+"_"+index.Name))

	return err
}

// StoredIndexName is the SQLite index that holds a MongoDB index's entries, for its size: its
// own index on the JSON values when it is unique (or the `_id_` index), its key index otherwise
// (which a non-unique index on dotted fields does not have: it then has none).
func StoredIndexName(table string, index IndexInfo) string {
	if index.Unique {
		return table + "_" + index.Name
	}

	return KeyIndexName(table, index.Name)
}
