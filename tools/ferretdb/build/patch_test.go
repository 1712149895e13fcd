package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestThePatchedDriversOwnTests prepares the sources as the build does and runs our tests of
// the driver's statement cache (_overlay/driver/stmt_cache_test.go) and of the SQLite indexes a
// MongoDB index gets (_overlay/sqlite/metadata/sort_key_test.go), which read the driver's and
// FerretDB's internals and so run inside the patched sources.
func TestThePatchedDriversOwnTests(t *testing.T) {
	ferretDir, _, err := locateModule(ferretModule)
	if err != nil {
		t.Fatal(err)
	}
	driverDir, _, err := locateModule(driverModule)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The build runs in tools/ferretdb, and finds our files in build/ from there.
	if err := os.Chdir(".."); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = os.Chdir("build") }()
	libcDir, _, err := locateModule(libcModule)
	if err != nil {
		t.Fatal(err)
	}
	work, err := prepareSource(ferretDir, driverDir, libcDir, dir)
	if err != nil {
		t.Fatal(err)
	}
	// -trimpath as the build: the driver's lib/ is then the build's cache entry, not compiled again.
	out, err := goCommand(work, "test", "-trimpath", "-timeout=120s", driverModule).CombinedOutput()
	if err != nil {
		t.Fatalf("go test %s: %v\n%s", driverModule, err, out)
	}
	// Ours among the tests of FerretDB's SQLite metadata (sort_key_test.go) and sjson
	// (fast_split_test.go), not FerretDB's own. A
	// test binary of FerretDB's module wants the version file a release has (the build's binary,
	// whose module is ours, does not), and FerretDB's test helpers its repository's root.
	version := filepath.Join(dir, "FerretDB", "build", "version", "version.txt")
	if err := os.WriteFile(version, []byte("v1.24.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "FerretDB", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Ours in the C library (memcmp_test.go, memcpy_test.go), not its own; each must have run.
	libcTests := []string{"TestMemcmpGivesTheSignOfTheFirstDifference", "TestMemcpyCopiesEveryByteAtAnyAlignment"}
	out, err = goCommand(work, "test", "-trimpath", "-timeout=120s", "-v", "-run", "^("+strings.Join(libcTests, "|")+")$", libcModule).CombinedOutput()
	if err != nil {
		t.Fatalf("go test %s: %v\n%s", libcModule, err, out)
	}
	for _, name := range libcTests {
		if !strings.Contains(string(out), "--- PASS: "+name) {
			t.Fatalf("go test %s did not run %s:\n%s", libcModule, name, out)
		}
	}
	for pkg, tests := range map[string]string{
		"/internal/backends/sqlite/metadata": "^TestANonUniqueIndexIsItsKeyIndexAlone$",
		"/internal/handler/sjson":            "^(TestSplittingGivesWhatTheDecoderGives|TestADocumentReadBackIsTheDocumentWritten|TestASchemaIsDecodedOncePerText)$",
	} {
		out, err = goCommand(work, "test", "-trimpath", "-timeout=120s", "-run", tests, ferretModule+pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go test %s: %v\n%s", pkg, err, out)
		}
	}
}

// TestEditsApplyToThePinnedVersion applies every edit to the FerretDB and driver sources go.mod
// pins, as the build does, and checks that each edited file is still Go.
func TestEditsApplyToThePinnedVersion(t *testing.T) {
	for module, edits := range map[string][]edit{ferretModule: edits, driverModule: driverEdits, libcModule: libcEdits} {
		dir, _, err := locateModule(module)
		if err != nil {
			t.Fatal(err)
		}
		patched, err := applyEdits(os.DirFS(dir), edits)
		if err != nil {
			t.Fatal(err)
		}
		for file, content := range patched {
			if _, err := parser.ParseFile(token.NewFileSet(), file, content, 0); err != nil {
				t.Errorf("%s %s after the edits: %v", module, file, err)
			}
		}
		for _, e := range edits {
			if !strings.Contains(patched[e.file], e.new) {
				t.Errorf("%s %s lacks the edit %q", module, e.file, firstLine(e.why))
			}
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
