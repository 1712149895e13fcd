package main

import (
	"fmt"
	"io/fs"
	"strings"
)

// applyEdits returns the edited files' new contents, keyed by their path in the module. An
// edit whose text is not found exactly as often as it says is an error naming the edit.
func applyEdits(module fs.FS, edits []edit) (map[string]string, error) {
	patched := map[string]string{}
	for _, e := range edits {
		content, ok := patched[e.file]
		if !ok {
			data, err := fs.ReadFile(module, e.file)
			if err != nil {
				return nil, fmt.Errorf("edit of %s: %w", e.file, err)
			}
			content = string(data)
		}
		want := e.times
		if want == 0 {
			want = 1
		}
		if found := strings.Count(content, e.old); found != want {
			return nil, fmt.Errorf("edit of %s (%s): its text occurs %d times, not %d: is this the FerretDB version go.mod pins?",
				e.file, firstLine(e.why), found, want)
		}
		patched[e.file] = strings.ReplaceAll(content, e.old, e.new)
	}
	return patched, nil
}

func firstLine(s string) string {
	if i := strings.IndexAny(s, ".\n"); i > 0 {
		return s[:i]
	}
	return s
}
