// Command build compiles tools/ferretdb: FerretDB v1 (the version go.mod pins, as the Go module
// proxy serves it) with our edits (edits.go) applied at build time to a copy of it in .patched/
// (ignored by git). Nothing of FerretDB's source is kept in this repository: the edits name the
// exact pieces they replace, and the build stops when one does not match.
//
//	go run ./build -o bin/ferretdb   (from tools/ferretdb; `pnpm build` runs it)
//
// It says what it is doing, since a first build on a cold Go cache takes about a minute.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

const ferretModule = "github.com/FerretDB/FerretDB"

func main() {
	output := flag.String("o", "bin/ferretdb", "where to write the binary")
	flag.Parse()
	if err := run(*output); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb build:", err)
		os.Exit(1)
	}
}

func run(output string) error {
	say("locating %s's and %s's source (downloaded from the Go module proxy the first time)", ferretModule, driverModule)
	moduleDir, version, err := locateModule(ferretModule)
	if err != nil {
		return err
	}
	driverDir, driverVersion, err := locateModule(driverModule)
	if err != nil {
		return err
	}
	libcDir, libcVersion, err := locateModule(libcModule)
	if err != nil {
		return err
	}
	say("patching FerretDB %s: %d edits, %d added files (tools/ferretdb/build/edits.go)", version, len(edits), len(added))
	say("patching %s %s: %d edits, %d added files (tools/ferretdb/build/driver.go)",
		driverModule, driverVersion, len(driverEdits), len(driverAdded))
	say("patching %s %s: %d edits, %d added files (tools/ferretdb/build/libc.go)",
		libcModule, libcVersion, len(libcEdits), len(libcAdded))
	work, err := prepareSource(moduleDir, driverDir, libcDir, ".patched")
	if err != nil {
		return err
	}
	return compile(work, output)
}

func say(format string, args ...any) {
	fmt.Printf("ferretdb: "+format+"\n", args...)
}

// locateModule downloads the module at the version go.mod pins when it is missing and returns
// its folder.
func locateModule(module string) (dir, version string, err error) {
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	var info struct{ Dir, Version, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		return "", "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	if info.Error != "" {
		return "", "", fmt.Errorf("go mod download %s: %s", module, info.Error)
	}
	return info.Dir, info.Version, nil
}

// prepareSource copies the pinned FerretDB module to dir/FerretDB (the module cache is
// read-only, and the Go tool will not overlay files in it), applies the edits, adds our files,
// makes dir/sqlite the driver and dir/libc its C library patched likewise (linkDriver), and
// writes dir/go.work, which builds tools/ferretdb (the working directory) against the three. It
// returns go.work.
func prepareSource(moduleDir, driverDir, libcDir, dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	copyDir := filepath.Join(dir, "FerretDB")
	if err := os.RemoveAll(copyDir); err != nil {
		return "", err
	}
	if err := os.CopyFS(copyDir, os.DirFS(moduleDir)); err != nil {
		return "", fmt.Errorf("copying %s: %w", moduleDir, err)
	}
	patched, err := patchedFiles(moduleDir, edits, added)
	if err != nil {
		return "", err
	}
	for file, content := range patched {
		target := filepath.Join(copyDir, filepath.FromSlash(file))
		// CopyFS keeps the module cache's read-only modes.
		_ = os.Chmod(target, 0o644)
		if err := os.WriteFile(target, []byte(content), 0o644); err != nil {
			return "", err
		}
	}
	driver, err := patchedFiles(driverDir, driverEdits, driverAdded)
	if err != nil {
		return "", err
	}
	if err := linkDriver(driverDir, filepath.Join(dir, "sqlite"), driver); err != nil {
		return "", fmt.Errorf("linking %s: %w", driverDir, err)
	}
	libc, err := patchedFiles(libcDir, libcEdits, libcAdded)
	if err != nil {
		return "", err
	}
	if err := linkDriver(libcDir, filepath.Join(dir, "libc"), libc); err != nil {
		return "", fmt.Errorf("linking %s: %w", libcDir, err)
	}
	tool, err := filepath.Abs(".")
	if err != nil {
		return "", err
	}
	work := filepath.Join(dir, "go.work")
	workFile := fmt.Sprintf("go 1.23\n\nuse %q\n\nreplace %s => ./FerretDB\n\nreplace %s => ./sqlite\n\nreplace %s => ./libc\n",
		tool, ferretModule, driverModule, libcModule)
	return work, os.WriteFile(work, []byte(workFile), 0o644)
}

// patchedFiles returns a module's edited files and our added ones (read from build/), keyed by
// their path in the module.
func patchedFiles(moduleDir string, edits []edit, added map[string]string) (map[string]string, error) {
	patched, err := applyEdits(os.DirFS(moduleDir), edits)
	if err != nil {
		return nil, err
	}
	here, err := filepath.Abs("build")
	if err != nil {
		return nil, err
	}
	for file, ours := range added {
		data, err := os.ReadFile(filepath.Join(here, filepath.FromSlash(ours)))
		if err != nil {
			return nil, err
		}
		patched[file] = string(data)
	}
	return patched, nil
}

// compile runs `go build` in the workspace go.work, printing how far it got every few seconds.
// -trimpath keeps the build's cache entries independent of where the clone is, so a second
// clone on the same machine compiles nothing again.
func compile(work, output string) error {
	total := countPackages(work)
	say("compiling (about a minute on a cold Go cache, seconds on a warm one)")
	started := time.Now()
	if err := os.MkdirAll(filepath.Dir(output), 0o755); err != nil {
		return err
	}
	temporary := fmt.Sprintf("%s.%d.tmp", output, os.Getpid())
	cmd := goCommand(work, "build", "-trimpath", "-v", "-o", temporary, ".")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	compiled := 0
	lastReport := time.Now()
	var failure []string
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		line := lines.Text()
		// -v names each package as it compiles; anything else is a download or an error.
		if !strings.ContainsAny(line, " :") {
			compiled++
			if time.Since(lastReport) > 3*time.Second {
				say("compiled %d of at most %d packages (%s)", compiled, total, time.Since(started).Round(time.Second))
				lastReport = time.Now()
			}
			continue
		}
		if strings.HasPrefix(line, "go: downloading") {
			fmt.Println(line)
			continue
		}
		failure = append(failure, line)
	}
	if err := cmd.Wait(); err != nil {
		_ = os.Remove(temporary)
		return fmt.Errorf("go build: %w\n%s", err, strings.Join(failure, "\n"))
	}
	// Renamed into place, so a running server's binary is never written over.
	if err := os.Rename(temporary, output); err != nil {
		return err
	}
	say("built %s in %s (%d packages compiled)", output, time.Since(started).Round(100*time.Millisecond), compiled)
	return nil
}

// goCommand runs the go tool in the given workspace.
func goCommand(work string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOWORK="+work)
	return cmd
}

// countPackages is how many packages the build may compile, for the progress lines; 0 if unknown.
func countPackages(work string) int {
	out, err := goCommand(work, "list", "-deps", ".").Output()
	if err != nil {
		return 0
	}
	return strings.Count(string(out), "\n")
}
