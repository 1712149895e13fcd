// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's sjson package at
// build time (see edits.go there).

package sjson

import (
	"bytes"
	"encoding/json"
	"sync"
	"unicode/utf8"
)

// maxSchemas bounds the schemas knownSchema keeps; past it, it starts again from none. A shop's
// documents have some hundreds (an order's differs by its count of lines).
const maxSchemas = 4096

// schemas are the schemas decoded, by their text. A schema is read, never changed, by the
// documents decoded with it, so one decoded schema serves every document with its text.
var schemas struct {
	sync.RWMutex
	byText map[string]*schema
}

// knownSchema is the schema a document's `$s` text decodes to, as Unmarshal decoded it (unknown
// fields refused, nothing after it), decoded once per text.
func knownSchema(text []byte) (*schema, error) {
	schemas.RLock()
	sch := schemas.byText[string(text)]
	schemas.RUnlock()

	if sch != nil {
		return sch, nil
	}

	sch = new(schema)

	r := bytes.NewReader(text)
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()

	if err := dec.Decode(sch); err != nil {
		return nil, err
	}

	if err := checkConsumed(dec, r); err != nil {
		return nil, err
	}

	schemas.Lock()
	if len(schemas.byText) >= maxSchemas || schemas.byText == nil {
		schemas.byText = map[string]*schema{}
	}

	schemas.byText[string(text)] = sch
	schemas.Unlock()

	return sch, nil
}

// splitObject is what decoding data into a map of raw members with a JSON decoder (and
// checkConsumed) gives, without the decoder's reflection for the common case: a JSON object
// whose keys are valid UTF-8 without escapes or control characters. The members' raw values are slices of data,
// each checked by its own decoder after. Any other text, or a key it does not read as plainly,
// goes to the JSON decoder, which gives the same answer or the same error as before.
func splitObject(data []byte) (map[string]json.RawMessage, error) {
	if members, ok := splitMembers(data); ok {
		return members, nil
	}

	return decodeAll[map[string]json.RawMessage](data)
}

// splitArray is splitObject for a JSON array: its elements' raw values, in order.
func splitArray(data []byte) ([]json.RawMessage, error) {
	if elements, ok := splitElements(data); ok {
		return elements, nil
	}

	return decodeAll[[]json.RawMessage](data)
}

// decodeAll is what the JSON decoder makes of data, as FerretDB decoded it: the value, or the
// error (data holding anything after the value is one).
func decodeAll[T any](data []byte) (T, error) {
	var v T

	r := bytes.NewReader(data)
	dec := json.NewDecoder(r)

	if err := dec.Decode(&v); err != nil {
		return v, err
	}

	return v, checkConsumed(dec, r)
}

// splitMembers splits a JSON object that is all of data, false where splitObject must ask the
// JSON decoder.
func splitMembers(data []byte) (map[string]json.RawMessage, bool) {
	if len(data) < 2 || data[0] != '{' {
		return nil, false
	}

	members := map[string]json.RawMessage{}

	i := skipSpace(data, 1)
	if i < len(data) && data[i] == '}' {
		return members, i == len(data)-1
	}

	for {
		key, next, ok := plainKey(data, i)
		if !ok {
			return nil, false
		}

		i = skipSpace(data, next)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}

		start := skipSpace(data, i+1)

		end, ok := valueEnd(data, start)
		if !ok {
			return nil, false
		}

		members[key] = data[start:end:end]

		next, closed, ok := afterValue(data, end, '}')
		if !ok || closed {
			return members, ok
		}

		i = next
	}
}

// splitElements splits a JSON array that is all of data, false where splitArray must ask the
// JSON decoder.
func splitElements(data []byte) ([]json.RawMessage, bool) {
	if len(data) < 2 || data[0] != '[' {
		return nil, false
	}

	elements := []json.RawMessage{}

	i := skipSpace(data, 1)
	if i < len(data) && data[i] == ']' {
		return elements, i == len(data)-1
	}

	for {
		end, ok := valueEnd(data, i)
		if !ok {
			return nil, false
		}

		elements = append(elements, data[i:end:end])

		next, closed, ok := afterValue(data, end, ']')
		if !ok || closed {
			return elements, ok
		}

		i = next
	}
}

// afterValue reads what follows a member's or element's value ending at data[end]: a comma, and
// then where the next one starts, or the closing bracket, then data's last byte; false for
// anything else.
func afterValue(data []byte, end int, closing byte) (next int, closed, ok bool) {
	i := skipSpace(data, end)
	if i >= len(data) {
		return 0, false, false
	}

	switch data[i] {
	case ',':
		return skipSpace(data, i+1), false, true
	case closing:
		return 0, true, i == len(data)-1
	}

	return 0, false, false
}

// plainKey reads the string at data[i] when it holds valid UTF-8 without escapes or control
// characters, the keys whose text is their value, and where it ends.
func plainKey(data []byte, i int) (string, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return "", 0, false
	}

	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			key := data[i+1 : j]
			return string(key), j + 1, utf8.Valid(key)
		case c == '\\' || c < 0x20:
			return "", 0, false
		}
	}

	return "", 0, false
}

// valueEnd is where the JSON value starting at data[i] ends: a string's closing quote, a
// document's or array's closing bracket (strings inside skipped), or a literal's last byte. It
// checks the brackets and strings, not the literals, which their own decoders read after.
func valueEnd(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}

	switch data[i] {
	case '"':
		return stringEnd(data, i)
	case '{', '[':
		var brackets [16]byte

		open := brackets[:0]

		for j := i; j < len(data); j++ {
			switch c := data[j]; c {
			case '"':
				end, ok := stringEnd(data, j)
				if !ok {
					return 0, false
				}

				j = end - 1
			case '{', '[':
				open = append(open, c)
			case '}', ']':
				if len(open) == 0 || (c == '}') != (open[len(open)-1] == '{') {
					return 0, false
				}

				open = open[:len(open)-1]
				if len(open) == 0 {
					return j + 1, true
				}
			}
		}

		return 0, false
	case ',', ':', '}', ']':
		return 0, false
	}

	j := i

literal:
	for ; j < len(data); j++ {
		switch data[j] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			break literal
		}
	}

	return j, j > i
}

// stringEnd is where the JSON string starting at data[i] ends, after its closing quote.
func stringEnd(data []byte, i int) (int, bool) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}

	return 0, false
}

// skipSpace is the first index from i that is not JSON whitespace.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}

	return i
}
