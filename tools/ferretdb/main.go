// Command ferretdb starts the embedded development database: FerretDB v1.24.2 with its PostgreSQL
// handler (the default, on the PostgreSQL the launcher starts) or, to read data made before that
// move, its SQLite handler.
//
// It wraps FerretDB's embeddable package instead of installing cmd/ferretdb directly: the module
// proxy reachable here refuses the version list that `go install …@v1.24.2` reads, and a
// cmd/ferretdb built from another module panics on its missing version file.
// See docs/decisions/002-embedded-database.md.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	handler := flag.String("handler", "postgresql", "storage handler: postgresql or sqlite")
	postgresqlURL := flag.String("postgresql-url", "", "PostgreSQL connection URL, for the postgresql handler")
	sqliteURL := flag.String("sqlite-url", "file:.data/ferretdb/", "SQLite directory URI, for the sqlite handler")
	flag.Parse()
	tuneGarbageCollector()

	// FerretDB warns about every client command it answers with an error (e.g. a collection that
	// already exists), and its PostgreSQL pool logs every failed query (e.g. a duplicate key); those
	// are the application's business, so only FerretDB's own errors are logged.
	logger := slog.New(ownErrorsOnly{slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})})

	// FerretDB listens on a private socket; clients reach it through the write-serializing proxy.
	socketDir, err := os.MkdirTemp("", "ferretdb-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(socketDir)
	socket := filepath.Join(socketDir, "ferretdb.sock")

	db, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{Unix: socket},
		Logger:        logger,
		Handler:       *handler,
		PostgreSQLURL: withSessionLimits(*postgresqlURL),
		SQLiteURL:     *sqliteURL,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var indexesCreated func(database string)
	var gin *ginIndexes
	if *handler == "postgresql" {
		gin = &ginIndexes{url: *postgresqlURL, logger: logger}
		indexesCreated = func(database string) {
			if err := gin.sync(ctx, database); err != nil {
				logger.Error("cannot add GIN indexes", "database", database, "error", err)
			}
		}
	}

	// The public port opens once FerretDB's socket exists, so "port open" still means "ready".
	go func() {
		for {
			if _, err := os.Stat(socket); err == nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if gin != nil {
			// Data from before (a restart, the copy from SQLite) gets its GIN indexes before any client.
			if err := gin.sync(ctx, ""); err != nil {
				log.Fatal(err)
			}
		}
		listener, err := net.Listen("tcp", *listen)
		if err != nil {
			log.Fatal(err)
		}
		go func() {
			<-ctx.Done()
			listener.Close()
		}()
		serveSerialized(listener, socket, logger, indexesCreated)
	}()

	if err := db.Run(ctx); err != nil {
		log.Fatal(err)
	}
}

// FerretDB v1 turns every document it reads into Go values and back (JSON from PostgreSQL, then BSON
// for the client), so reading is mostly allocation: with Go's default (a collection when the heap has
// doubled) a 100 000-row export spent about a third of FerretDB's CPU on the collector and on handing
// memory back to the system. Collecting when the heap has grown tenfold read blocks of 100 submissions
// 2x faster (4.4 s → 2.1 s for 300 blocks) for a peak of 124 MB instead of 63 MB; the limit makes the
// collector work harder before FerretDB grows past 1 GiB (a sort of a big collection in memory).
// GOGC and GOMEMLIMIT, when set, are Go's own settings and win.
func tuneGarbageCollector() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(1000)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}
}

// withSessionLimits bounds what FerretDB's sessions may wait for, on the PostgreSQL URL they are made from.
//
// FerretDB runs a statement that changes the schema (a dropped database, a new index or collection)
// while it holds one lock over its whole catalogue, so every other command of every database waits
// behind it. Unbounded, a DROP SCHEMA waiting for a table another session still read (a cursor whose
// reader in turn waited on that catalogue lock) stalled the whole server for good; such a wait now
// fails after 30 s and the server goes on. FerretDB's own writes never wait that long for a lock: the
// proxy keeps writes to one document apart. Its pool gets room for a hundred sessions of PostgreSQL's
// two hundred (FerretDB's default is fifty): every cursor that has more to give holds one.
// Settings already in the URL win.
func withSessionLimits(postgresqlURL string) string {
	if postgresqlURL == "" {
		return postgresqlURL
	}
	parsed, err := url.Parse(postgresqlURL)
	if err != nil {
		return postgresqlURL
	}
	query := parsed.Query()
	if !query.Has("lock_timeout") {
		query.Set("lock_timeout", "30000")
	}
	if !query.Has("pool_max_conns") {
		query.Set("pool_max_conns", "100")
	}
	parsed.RawQuery = query.Encode()
	return parsed.String()
}

// ownErrorsOnly drops the records of failed queries that the PostgreSQL pool logs as "Query".
type ownErrorsOnly struct{ slog.Handler }

func (h ownErrorsOnly) Handle(ctx context.Context, record slog.Record) error {
	if record.Message == "Query" {
		return nil
	}
	return h.Handler.Handle(ctx, record)
}

func (h ownErrorsOnly) WithAttrs(attrs []slog.Attr) slog.Handler {
	return ownErrorsOnly{h.Handler.WithAttrs(attrs)}
}

func (h ownErrorsOnly) WithGroup(name string) slog.Handler {
	return ownErrorsOnly{h.Handler.WithGroup(name)}
}
