// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's SQLite backend at
// build time (see edits.go there).

package sqlite

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
)

// keyNarrowing returns a WHERE clause and its arguments that narrow a read to the documents
// whose keys (metadata.SortKey) equal what the filter's top-level equalities (`{f: v}`,
// `{f: {$in: [v…]}}`) require, on `_id` and the fields that lead one of the collection's MongoDB
// indexes, whatever else the filter says; "" when there are none, or when a document has an
// unknown key in one of them (metadata.UnknownKey: an array matches `{f: x}` by its elements,
// which the key cannot say).
//
// Like idEquality for `_id`: every caller filters the rows it gets again in memory (a backend may
// apply a filter partially), so a read narrowed to the documents that can match is always right.
// It turns `{key: k, $or: [{expire: {$gt: now}}, {expire: null}]}` (a rate limit's window,
// counted by a findAndModify) from a read of every document into a lookup in the key's index.
// Finds whose whole filter SQL answers never get here (exactQuery answers them first).
func keyNarrowing(ctx context.Context, db *fsql.DB, meta *metadata.Collection, filter *types.Document) (string, []any) {
	if filter == nil || filter.Len() == 0 {
		return "", nil
	}

	// `_id` is always there: Query narrows strings and ObjectIDs through its index before this is
	// called, so it gets here with numbers or dates (the catalogue's change log numbers its
	// changes), read by their key without an index, which is still no decoding of every document.
	leading := map[string]bool{"_id": true}

	for _, index := range meta.Settings.Indexes {
		if len(index.Key) > 0 && metadata.KeyField(index.Key[0].Field) {
			leading[index.Key[0].Field] = true
		}
	}

	// checked are the fields whose keys must all be known; `_id` is never an array (FerretDB
	// refuses one), so an equality on its key is BSON's equality whatever other documents hold.
	var checked, conditions []string
	var args []any

	keys := filter.Keys()
	named := map[string]int{}

	for _, field := range keys {
		named[field]++
	}

	for _, field := range keys {
		if !leading[field] || named[field] != 1 {
			continue
		}

		values, ok := equalityKeys(got(filter.Get(field)))
		if !ok || len(values) == 0 || len(values) > maxIDsIn {
			continue
		}

		if field != "_id" {
			checked = append(checked, field)
		}

		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
		conditions = append(conditions, fmt.Sprintf("%s IN (%s)", metadata.SortKey(field), placeholders))

		for _, v := range values {
			args = append(args, v)
		}
	}

	if named["$or"] == 1 {
		if either, eitherArgs, fields, ok := orNarrowing(filter, leading); ok {
			conditions = append(conditions, either)
			args = append(args, eitherArgs...)
			checked = append(checked, fields...)
		}
	}

	if len(conditions) == 0 {
		return "", nil
	}

	if unknown, err := hasUnknownKey(ctx, db, meta.TableName, checked); err != nil || unknown {
		return "", nil
	}

	return " WHERE " + strings.Join(conditions, " AND "), args
}

// orNarrowing is the condition a filter's `$or` puts on a document, when each of its branches
// names something SQL can require (ORed, each branch's ANDed): an equality on `_id` or on a field
// that leads an index, as above, or a literal `$regex` (see literalCondition); false when a branch
// names none, since that branch could match any document. A branch's other conditions are left
// to the filter in memory. The fields whose keys are relied on are returned to be checked.
//
// It turns All Orders' search (`{$or: [{number: n}, {buyer: {$in: [ids…]}}, {buyer: null, email:
// /text/i}, {buyer: null, "deliveryAddress.name": /text/i}]}`) from a decoding of every order into
// a read of the few whose keys or text can match.
func orNarrowing(filter *types.Document, leading map[string]bool) (string, []any, []string, bool) {
	branches, ok := got(filter.Get("$or")).(*types.Array)
	if !ok || branches.Len() == 0 {
		return "", nil, nil, false
	}

	var either, fields []string
	var args []any

	for i := 0; i < branches.Len(); i++ {
		branch, ok := got(branches.Get(i)).(*types.Document)
		if !ok {
			return "", nil, nil, false
		}

		var all []string

		keys := branch.Keys()
		for j, field := range keys {
			if slices.Contains(keys[:j], field) || slices.Contains(keys[j+1:], field) {
				continue
			}

			value := got(branch.Get(field))

			if leading[field] {
				values, ok := equalityKeys(value)
				if ok && len(values) > 0 && len(values) <= maxIDsIn {
					placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
					all = append(all, fmt.Sprintf("%s IN (%s)", metadata.SortKey(field), placeholders))

					for _, v := range values {
						args = append(args, v)
					}

					if field != "_id" {
						fields = append(fields, field)
					}

					continue
				}
			}

			if !strings.HasPrefix(field, "$") {
				if condition, arg, ok := literalCondition(value); ok {
					all = append(all, condition)
					args = append(args, arg)
				}
			}
		}

		if len(all) == 0 {
			return "", nil, nil, false
		}

		either = append(either, "("+strings.Join(all, " AND ")+")")
	}

	return "(" + strings.Join(either, " OR ") + ")", args, fields, true
}

// literalCondition is a condition that every document holds whose field the value matches, when
// the value is a `$regex` (`/text/i` or `{$regex: "text", $options: "i"}`, options of `i`, `m`
// and `s` only) that only matches its text: printable ASCII, metacharacters escaped, none of the
// characters JSON escapes (`"`, `\`, `<`, `>`, `&`). Such a match is in the document's stored JSON
// as it is, so the text is looked for there (`instr`), whichever field holds it; with `i`, in the
// stored JSON lowered, after the only two characters Go's case folding takes to ASCII (U+212A,
// KELVIN SIGN, folds to k; U+017F, LONG S, to s) are made those letters. A stored regex equal to
// the filter's matches it too, and is not its text: a document holding one passes as well.
// False for any other value.
func literalCondition(v any) (string, any, bool) {
	var pattern, options string

	switch v := v.(type) {
	case types.Regex:
		pattern, options = v.Pattern, v.Options
	case *types.Document:
		keys := v.Keys()
		if len(keys) == 0 || len(keys) > 2 || keys[0] != "$regex" || (len(keys) == 2 && keys[1] != "$options") {
			return "", nil, false
		}

		switch r := got(v.Get("$regex")).(type) {
		case string:
			pattern = r
		case types.Regex:
			pattern, options = r.Pattern, r.Options
		default:
			return "", nil, false
		}

		if len(keys) == 2 {
			o, ok := got(v.Get("$options")).(string)
			if !ok || (o != "" && options != "") {
				return "", nil, false
			}

			if o != "" {
				options = o
			}
		}
	default:
		return "", nil, false
	}

	caseless := false

	for _, o := range options {
		switch o {
		case 'i':
			caseless = true
		case 'm', 's':
		default:
			return "", nil, false
		}
	}

	text, ok := literalText(pattern)
	if !ok {
		return "", nil, false
	}

	const storedRegex = `instr(` + metadata.DefaultColumn + `, '"t":"regex"') > 0`

	if !caseless {
		return "(instr(" + metadata.DefaultColumn + ", ?) > 0 OR " + storedRegex + ")", text, true
	}

	stored := metadata.DefaultColumn
	lowered := strings.ToLower(text)

	if strings.Contains(lowered, "k") {
		stored = "replace(" + stored + ", '\u212a', 'k')"
	}

	if strings.Contains(lowered, "s") {
		stored = "replace(" + stored + ", '\u017f', 's')"
	}

	return "(instr(lower(" + stored + "), ?) > 0 OR " + storedRegex + ")", lowered, true
}

// literalText is the text a regular expression matches and nothing else, when it is printable
// ASCII whose metacharacters are escaped (`\.`) and holds none of the characters JSON escapes.
func literalText(pattern string) (string, bool) {
	var text strings.Builder

	for i := 0; i < len(pattern); i++ {
		c := pattern[i]

		if c == '\\' {
			i++
			if i == len(pattern) {
				return "", false
			}

			c = pattern[i]
			// An escaped letter or digit is a class or a reference (\d, \b, \1), not itself.
			if c < 0x21 || c > 0x7e || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') {
				return "", false
			}
		} else if c < 0x20 || c > 0x7e || strings.IndexByte(".^$*+?()[]{}|", c) >= 0 {
			return "", false
		}

		if strings.IndexByte("\"\\<>&", c) >= 0 {
			return "", false
		}

		text.WriteByte(c)
	}

	if text.Len() == 0 {
		return "", false
	}

	return text.String(), true
}
