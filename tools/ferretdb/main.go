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
	"errors"
	"flag"
	"fmt"
	"io/fs"
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
	listenUnix := flag.String("listen-unix", "", "Unix domain socket to listen on as well (optional)")
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

	if *listenUnix != "" {
		if err := clearStaleSocket(*listenUnix); err != nil {
			fmt.Fprintf(os.Stderr, "ferretdb: cannot use socket %q: %v\n", *listenUnix, err)
			os.Exit(1)
		}
	}

	db, err := ferretdb.New(&ferretdb.Config{
		// A client on this machine does better on the Unix socket: a command's write to a TCP
		// socket on loopback runs the receiver's TCP stack too, in the sender's system call.
		Listener: ferretdb.ListenerConfig{TCP: *listen, Unix: *listenUnix},
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

// clearStaleSocket removes the socket file a killed server left at path (a server that stops
// removes its own), so that listening there again does not fail with "address already in use".
// Anything at path that is not a socket is left alone, and refused.
func clearStaleSocket(path string) error {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case info.Mode().Type() != fs.ModeSocket:
		return errors.New("a file that is not a socket is there")
	}
	return os.Remove(path)
}
