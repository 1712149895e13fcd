// Command ferretdb serves the MongoDB wire protocol on top of SQLite by embedding
// FerretDB v1. It exists for machines that cannot download a MongoDB binary:
// the API and its tests connect to it like to any mongod.
//
// Build it with `go run ./build` (`pnpm build` does), not `go build`: that applies our edits to
// FerretDB (build/edits.go), which make `_id` lookups use an index and every single-document
// write atomic, as on MongoDB.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "", "directory holding the SQLite files (required)")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	flag.Parse()

	if *dir == "" {
		fmt.Fprintln(os.Stderr, "ferretdb: -dir is required")
		os.Exit(2)
	}
	absDir, err := filepath.Abs(*dir)
	if err == nil {
		err = os.MkdirAll(absDir, 0o755)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: cannot use data directory %q: %v\n", *dir, err)
		os.Exit(1)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: bad -log-level: %v\n", err)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// FerretDB allocates for every document it reads and writes, and Go's default (a collection
	// each time the heap doubles) spent a fifth of its CPU collecting under the shop's checkout.
	// Collecting at five times the live heap, with a soft limit that collects harder near it,
	// trades a little memory for that time. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(768 << 20)
	}

	db, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: *listen},
		Logger:   logger,
		Handler:  "sqlite",
		// WAL with synchronous=NORMAL: a commit is in the WAL file (the OS's) when it answers, so
		// it survives the process's crash; syncJournals flushes that file every 100 ms, as
		// MongoDB commits its journal (see README.md, "Durability").
		SQLiteURL: "file:" + absDir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "ferretdb: %v\n", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = db.Run(ctx)
	}()
	go syncJournals(ctx, absDir, logger)
	// The URI is only known once Run has bound the listener; printing it tells a
	// parent process that the server is ready.
	fmt.Println("ferretdb listening on", db.MongoDBURI())
	<-done
}
