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

// ginIndexes makes the GIN indexes. Syncs of one database run one at a time (two would race on the
// same CREATE INDEX); syncs of different databases do not wait for each other, and a sync of all
// databases (at start) waits for every other.
type ginIndexes struct {
	url    string
	logger *slog.Logger
	all    sync.RWMutex
	mu     sync.Map // schema name -> *sync.Mutex
}

func (g *ginIndexes) lock(schema string) func() {
	if schema == "" {
		g.all.Lock()
		return g.all.Unlock
	}
	g.all.RLock()
	value, _ := g.mu.LoadOrStore(schema, &sync.Mutex{})
	mu := value.(*sync.Mutex)
	mu.Lock()
	return func() {
		mu.Unlock()
		g.all.RUnlock()
	}
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

func ginIndexName(table, expression string) string {
	sum := sha256.Sum256([]byte(table + "\x00" + expression))
	return "fw_gin_" + hex.EncodeToString(sum[:10])
}

// sync adds the missing GIN indexes in schema, or in every schema when schema is "".
//
// Only indexes that do not exist yet are created. `CREATE INDEX IF NOT EXISTS` is no cheap no-op: it
// takes the table's SHARE lock (waiting for every write under way and holding up every write after
// it) before it looks at the name. A sync runs after every createIndexes, and Mongoose sends one per
// model when it connects, so looking at every table of the database each time made a connect cost
// (models × indexes) such statements; with the syncs of all databases one at a time, parallel test
// files' createIndexes queued behind each other for more than 30 s (docs/decisions/013).
func (g *ginIndexes) sync(ctx context.Context, schema string) error {
	defer g.lock(schema)()

	conn, err := pgx.Connect(ctx, g.url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	// A table another session holds locked (a dropped database, a stuck transaction) must not keep
	// other createIndexes of this database waiting: its GIN index is skipped, logged, and made later.
	if _, err := conn.Exec(ctx, "SET lock_timeout = '5s'"); err != nil {
		return err
	}

	// The GIN indexes there are (by schema and name: index names are unique per schema).
	existing := map[string]bool{}
	rows, err := conn.Query(ctx, `
		SELECT n.nspname, i.relname
		FROM pg_class i
		JOIN pg_namespace n ON n.oid = i.relnamespace
		WHERE i.relkind = 'i' AND i.relname LIKE 'fw\_gin\_%'
		  AND ($1 = '' OR n.nspname = $1)`, schema)
	if err != nil {
		return err
	}
	for rows.Next() {
		var indexSchema, name string
		if err := rows.Scan(&indexSchema, &name); err != nil {
			return err
		}
		existing[indexSchema+"."+name] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}

	rows, err = conn.Query(ctx, `
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
	type wanted struct{ schema, table, expression, name string }
	var missing []wanted
	for rows.Next() {
		var w wanted
		var column string
		if err := rows.Scan(&w.schema, &w.table, &column); err != nil {
			return err
		}
		expression, ok := filterExpression(column)
		if !ok {
			continue
		}
		w.expression = expression
		w.name = ginIndexName(w.table, expression)
		// Also once only when two B-tree indexes share the field.
		if existing[w.schema+"."+w.name] {
			continue
		}
		existing[w.schema+"."+w.name] = true
		missing = append(missing, w)
	}
	if err := rows.Err(); err != nil {
		return err
	}

	for _, w := range missing {
		statement := fmt.Sprintf(
			"CREATE INDEX IF NOT EXISTS %s ON %s.%s USING gin (%s jsonb_path_ops) WITH (fastupdate = off)",
			quoteIdentifier(w.name), quoteIdentifier(w.schema), quoteIdentifier(w.table), w.expression,
		)
		if _, err := conn.Exec(ctx, statement); err != nil {
			g.logger.Error("cannot add a GIN index", "table", w.schema+"."+w.table, "error", err)
		}
	}
	return nil
}
