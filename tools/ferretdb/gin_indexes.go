package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// FerretDB's PostgreSQL handler turns an equality filter into `_jsonb->'field' @> '"value"'` (or
// `_jsonb#>'{a,b}' @> …` for a dotted field), but `createIndex` makes B-tree indexes on
// `(_jsonb->'field')`, which PostgreSQL cannot use for `@>`: every "indexed" read, `_id` included,
// scanned the whole table. So for each field of every B-tree index FerretDB made, the wrapper adds a
// GIN index on the very expression the filter uses; `@>` on it is an index lookup. They are made at
// start (for data already there) and after every `createIndexes` that passes the proxy, before its
// answer reaches the client. Without fast update: a lookup then never scans a list of pending entries.
// See docs/decisions/013-embedded-postgresql.md.

var quotedKey = regexp.MustCompile(`'((?:[^']|'')*)'::text`)

// ginIndexes keeps one synchronisation at a time: two would race on the same CREATE INDEX.
type ginIndexes struct {
	url    string
	logger *slog.Logger
	mu     sync.Mutex
}

// filterExpression is the expression FerretDB's filter puts before `@>` for a B-tree index column
// that FerretDB wrote as `(_jsonb -> 'a'::text)` or `((_jsonb -> 'a'::text) -> 'b'::text)`.
func filterExpression(column string) (string, bool) {
	matches := quotedKey.FindAllStringSubmatch(column, -1)
	if len(matches) == 0 || !strings.Contains(column, "_jsonb") {
		return "", false
	}
	path := make([]string, len(matches))
	for i, match := range matches {
		path[i] = strings.ReplaceAll(match[1], "''", "'")
	}
	if len(path) == 1 {
		return fmt.Sprintf("(_jsonb -> %s)", quoteLiteral(path[0])), true
	}
	elements := make([]string, len(path))
	for i, key := range path {
		elements[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(key) + `"`
	}
	return fmt.Sprintf("(_jsonb #> %s::text[])", quoteLiteral("{"+strings.Join(elements, ",")+"}")), true
}

func quoteLiteral(text string) string { return "'" + strings.ReplaceAll(text, "'", "''") + "'" }

func quoteIdentifier(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// sync adds the missing GIN indexes in schema, or in every schema when schema is "".
func (g *ginIndexes) sync(ctx context.Context, schema string) error {
	g.mu.Lock()
	defer g.mu.Unlock()

	conn, err := pgx.Connect(ctx, g.url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	// A table another session holds locked (a dropped database, a stuck transaction) must not keep
	// every other createIndexes waiting behind g.mu: its GIN index is skipped, logged, and made later.
	if _, err := conn.Exec(ctx, "SET lock_timeout = '5s'"); err != nil {
		return err
	}

	rows, err := conn.Query(ctx, `
		SELECT n.nspname, t.relname, pg_get_indexdef(x.indexrelid, k, false)
		FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid
		JOIN pg_am a ON a.oid = i.relam
		JOIN pg_class t ON t.oid = x.indrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		CROSS JOIN LATERAL generate_series(1, x.indnatts) AS k
		WHERE a.amname = 'btree'
		  AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
		  AND ($1 = '' OR n.nspname = $1)`, schema)
	if err != nil {
		return err
	}
	type wanted struct{ schema, table, expression string }
	var indexes []wanted
	for rows.Next() {
		var w wanted
		var column string
		if err := rows.Scan(&w.schema, &w.table, &column); err != nil {
			return err
		}
		if expression, ok := filterExpression(column); ok {
			w.expression = expression
			indexes = append(indexes, w)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}

	for _, w := range indexes {
		sum := sha256.Sum256([]byte(w.table + "\x00" + w.expression))
		name := "fw_gin_" + hex.EncodeToString(sum[:10])
		statement := fmt.Sprintf(
			"CREATE INDEX IF NOT EXISTS %s ON %s.%s USING gin (%s jsonb_path_ops) WITH (fastupdate = off)",
			quoteIdentifier(name), quoteIdentifier(w.schema), quoteIdentifier(w.table), w.expression,
		)
		if _, err := conn.Exec(ctx, statement); err != nil {
			g.logger.Error("cannot add a GIN index", "table", w.schema+"."+w.table, "error", err)
		}
	}
	return nil
}
