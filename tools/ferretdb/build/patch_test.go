package main

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEditsApplyToThePinnedVersion applies every edit to the FerretDB source go.mod pins, as the
// build does, and checks that each edited file is still Go.
func TestEditsApplyToThePinnedVersion(t *testing.T) {
	dir, _, err := locateModule()
	if err != nil {
		t.Fatal(err)
	}
	patched, err := applyEdits(os.DirFS(dir), edits)
	if err != nil {
		t.Fatal(err)
	}
	for file, content := range patched {
		if _, err := parser.ParseFile(token.NewFileSet(), file, content, 0); err != nil {
			t.Errorf("%s after the edits: %v", file, err)
		}
	}
	for _, e := range edits {
		if !strings.Contains(patched[e.file], e.new) {
			t.Errorf("%s lacks the edit %q", e.file, firstLine(e.why))
		}
	}
}

// TestAnEditThatDoesNotMatchStopsTheBuild: a changed FerretDB must not be patched blindly.
func TestAnEditThatDoesNotMatchStopsTheBuild(t *testing.T) {
	module := fstest.MapFS{"a.go": {Data: []byte("package a\nconst x = 1\nconst x2 = 1\n")}}
	cases := map[string]edit{
		"missing":           {file: "a.go", why: "Missing.", old: "const y = 1", new: "const y = 2"},
		"found twice":       {file: "a.go", why: "Twice.", old: "= 1", new: "= 2"},
		"found once, not 2": {file: "a.go", why: "Once.", old: "x2", new: "y2", times: 2},
		"no such file":      {file: "b.go", why: "No file.", old: "x", new: "y"},
	}
	for name, e := range cases {
		if _, err := applyEdits(module, []edit{e}); err == nil {
			t.Errorf("%s: applied", name)
		}
	}
	patched, err := applyEdits(module, []edit{{file: "a.go", why: "Both.", old: "= 1", new: "= 2", times: 2}})
	if err != nil || patched["a.go"] != "package a\nconst x = 2\nconst x2 = 2\n" {
		t.Errorf("two occurrences, times 2: %q, %v", patched["a.go"], err)
	}
}
