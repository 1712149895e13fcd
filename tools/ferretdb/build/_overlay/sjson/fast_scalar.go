// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's sjson package at
// build time (see edits.go there).

package sjson

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
)

// fastScalar decodes the scalar values a document mostly holds (strings without escapes,
// whole numbers, doubles, booleans, dates, ObjectIDs) straight from their JSON text, to what
// unmarshalSingleValue's decoders give, without making a JSON decoder for each: false for any
// other value or any text those decoders might read differently, which they then decode.
func fastScalar(data []byte, sch *elem) (any, bool) {
	switch sch.Type {
	case elemTypeString:
		return plainString(data)
	case elemTypeObjectID:
		s, ok := plainString(data)
		if !ok || len(s) != 2*types.ObjectIDLen {
			return nil, false
		}

		var id types.ObjectID
		if _, err := hex.Decode(id[:], []byte(s)); err != nil {
			return nil, false
		}

		return id, true
	case elemTypeInt:
		i, err := strconv.ParseInt(string(data), 10, 32)
		return int32(i), err == nil
	case elemTypeLong:
		i, err := strconv.ParseInt(string(data), 10, 64)
		return i, err == nil
	case elemTypeDate:
		ms, err := strconv.ParseInt(string(data), 10, 64)
		return time.UnixMilli(ms), err == nil
	case elemTypeDouble:
		if !jsonNumber(data) {
			return nil, false
		}

		f, err := strconv.ParseFloat(string(data), 64)

		return f, err == nil
	case elemTypeBool:
		switch string(data) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}

	return nil, false
}

// plainString is the string a JSON string literal without escapes or control characters holds.
func plainString(data []byte) (string, bool) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return "", false
	}

	s := data[1 : len(data)-1]
	if bytes.IndexByte(s, '\\') >= 0 || bytes.IndexByte(s, '"') >= 0 || !utf8.Valid(s) {
		return "", false
	}

	for _, c := range s {
		if c < 0x20 {
			return "", false
		}
	}

	return string(s), true
}

// jsonNumber reports whether the text is made only of what a JSON number may hold, starting as
// one does (strconv.ParseFloat then reads it as encoding/json does).
func jsonNumber(data []byte) bool {
	if len(data) == 0 || (data[0] != '-' && (data[0] < '0' || data[0] > '9')) {
		return false
	}

	for _, c := range data {
		if (c < '0' || c > '9') && c != '-' && c != '+' && c != '.' && c != 'e' && c != 'E' {
			return false
		}
	}

	return true
}
