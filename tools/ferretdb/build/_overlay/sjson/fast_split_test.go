// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's sjson package at
// build time (see edits.go there), and `go test ./build` runs it in the patched source.

package sjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

func TestSplittingGivesWhatTheDecoderGives(t *testing.T) {
	objects := []string{
		`{}`, `{ }`, `{"a":1}`, `{"a":1,"b":"two","c":true,"d":null}`,
		`{"a":{"b":{"c":[1,2,{"d":"}]"}]}},"e":[]}`, `{"s":"a \"quoted\" } ] , : string","t":"\\"}`,
		`{"a" : 1 , "b" :	[ 1 , 2 ] }`, `{"a":1,"a":2}`, `{"":0}`, `{"$s":{"p":{"a":{"t":"int"}},"$k":["a"]},"a":1}`,
		`{"é":1}`, `{"` + "\xff" + `":1}`, `{"del` + "\x7f" + `":1}`, `{"a\"b":1}`, `{"a\u0062":1}`, `{"ctl` + "\x01" + `":1}`, `{"a":"` + "\xff" + `"}`,
		`{"n":-1.5e+10,"m":0,"k":1E3}`, `{"a":"x"y}`, `{"a":1,}`, `{"a":1`, `{"a"}`, `{"a":}`, `{a:1}`,
		`{"a":[1,2}`, `{"a":{"b":1]}`, `{"a":"unterminated}`, `{"a":1} `, ` {"a":1}`, `{"a":1}x`, `null`,
		`[1]`, `{"a":tru}`, `{"a":1 2}`, `{"a":[]]}`, `"str"`, ``, `{`, `}`,
	}
	for _, text := range objects {
		got, gotErr := splitObject([]byte(text))
		want, wantErr := decodeAll[map[string]json.RawMessage]([]byte(text))

		if _, fast := splitMembers([]byte(text)); fast && wantErr != nil {
			// Literals are left to their own decoders, which refuse them after.
			var literal bool
			for _, v := range got {
				var x any
				literal = literal || json.Unmarshal(v, &x) != nil
			}

			if !literal {
				t.Errorf("when %q is split, then it is split where the decoder refuses it: %v", text, wantErr)
			}

			continue
		}

		if (gotErr == nil) != (wantErr == nil) || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("when %q is split, then it gives %q (%v), not %q (%v)", text, got, gotErr, want, wantErr)
		}
	}

	arrays := []string{
		`[]`, `[ ]`, `[1]`, `[1,"two",{"three":[3]},[4,[5]],null,true]`, `[ 1 , 2 ]`, `["]", "[", "\\"]`,
		`[1,]`, `[1`, `[1 2]`, `[1]]`, `[{]`, `null`, `{}`, `[1] `,
	}
	for _, text := range arrays {
		got, gotErr := splitArray([]byte(text))
		want, wantErr := decodeAll[[]json.RawMessage]([]byte(text))

		if (gotErr == nil) != (wantErr == nil) || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("when %q is split, then it gives %q (%v), not %q (%v)", text, got, gotErr, want, wantErr)
		}
	}
}

func TestADocumentReadBackIsTheDocumentWritten(t *testing.T) {
	id := types.ObjectID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	inner := must.NotFail(types.NewDocument("name", "Yoga \"Mat\" } ]", "qty", int32(2), "price", 32.5))
	lines := must.NotFail(types.NewArray(inner, must.NotFail(types.NewArray()), must.NotFail(types.NewDocument()), types.Null, "x"))
	doc := must.NotFail(types.NewDocument(
		"_id", id, "status", "Not Process", "lines", lines, "é key", true, "big", int64(1)<<40,
		"at", time.UnixMilli(1796041820764).UTC(), "nested", must.NotFail(types.NewDocument("deeper", must.NotFail(types.NewDocument("k", "v")))),
	))

	data, err := Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}

	back, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}

	again, err := Marshal(back)
	if err != nil {
		t.Fatal(err)
	}

	if !bytes.Equal(data, again) {
		t.Errorf("when a document is written, read and written again, then\n%s\nbecomes\n%s", data, again)
	}

	if _, fast := splitMembers(data); !fast {
		t.Errorf("when a document FerretDB wrote is read, then it is not split directly: %s", data)
	}
}

func TestASchemaIsDecodedOncePerText(t *testing.T) {
	text := `{"p":{"a":{"t":"int"},"b":{"t":"object","$s":{"p":{"c":{"t":"string"}},"$k":["c"]}}},"$k":["a","b"]}`

	first, err := knownSchema([]byte(text))
	if err != nil {
		t.Fatal(err)
	}

	second, err := knownSchema([]byte(text))
	if err != nil || second != first {
		t.Errorf("when a schema's text is decoded again, then it is decoded anew (%v)", err)
	}

	want, err := decodeAll[schema]([]byte(text))
	if err != nil {
		t.Fatal(err)
	}

	if got, wanted := must.NotFail(json.Marshal(first)), must.NotFail(json.Marshal(want)); !bytes.Equal(got, wanted) {
		t.Errorf("when a schema is decoded, then it is %s, not %s", got, wanted)
	}

	for _, bad := range []string{`{"p":{},"$k":[],"x":1}`, `{"p":{},"$k":[]} `, `{"p":{"a":{"t":"int","z":1}},"$k":["a"]}`, `{`} {
		for range 2 {
			if sch, err := knownSchema([]byte(bad)); err == nil {
				t.Errorf("when the schema %q is decoded, then it is %+v, not refused", bad, sch)
			}
		}
	}
}
