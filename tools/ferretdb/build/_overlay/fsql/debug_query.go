// This file is ours, not FerretDB's: tools/ferretdb/build adds it to FerretDB's fsql package at
// build time (see edits.go there).

package fsql

import (
	"context"
	"log/slog"
)

// debugQuery logs a statement and its arguments at the debug level: only when that level is on,
// since building the message and the logger cost more than many a statement.
func debugQuery(ctx context.Context, l *slog.Logger, message func() string, fields []any) {
	if !l.Enabled(ctx, slog.LevelDebug) {
		return
	}

	l.With(fields...).DebugContext(ctx, message())
}
