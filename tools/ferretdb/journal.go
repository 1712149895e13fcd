package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// journalInterval is how often commits reach the disk: MongoDB's journal is committed every
// 100 ms (storage.journal.commitIntervalMs), so a crash of the machine loses at most that much.
const journalInterval = 100 * time.Millisecond

// syncJournals flushes every database's WAL file to disk each journalInterval, until ctx ends.
// SQLite with synchronous=NORMAL writes each commit to the WAL file before answering (so it
// survives the process's crash) but flushes that file only at a checkpoint; this bounds what a
// crash of the machine can lose as MongoDB's journal does. A file last written well before its
// last flush began is not flushed again (the tests make hundreds of databases); "well before",
// because a file's modification time is kept at the kernel's clock tick (a few milliseconds).
func syncJournals(ctx context.Context, dir string, logger *slog.Logger) {
	// When each file's last flush began.
	flushed := map[string]time.Time{}
	ticker := time.NewTicker(journalInterval)
	defer ticker.Stop()

	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}

		paths, _ := filepath.Glob(filepath.Join(dir, "*.sqlite-wal"))
		seen := make(map[string]time.Time, len(paths))

		for _, path := range paths {
			info, err := os.Stat(path)
			if err != nil {
				continue // removed meanwhile: its database was closed or dropped
			}

			if began, ok := flushed[path]; ok && info.ModTime().Before(began.Add(-time.Second)) {
				seen[path] = began
				continue
			}

			seen[path] = time.Now()
			if err := flush(path); err != nil {
				logger.Warn("journal: cannot flush to disk", slog.String("file", path), slog.Any("error", err))
				delete(seen, path)
			}
		}

		flushed = seen
	}
}

// flush makes the file's written data durable (fsync applies to the file, whatever descriptor).
func flush(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}

	err = f.Sync()
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}

	return err
}
