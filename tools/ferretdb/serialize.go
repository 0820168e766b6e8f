package main

import (
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// FerretDB v1 answers an update, a find-and-modify or a delete by reading the matching documents,
// changing them in Go and writing them back in separate steps, without a lock, on SQLite and on
// PostgreSQL alike: fifty concurrent `$inc` of one field add up to far less than fifty, and two
// updates guarded by the same version both succeed. MongoDB makes each single-document write
// atomic, and the api relies on that (ARCHITECTURE.md, decision 4). So the clients talk to this
// proxy, which forwards the wire protocol unchanged but keeps such commands from overlapping where
// they could touch the same document:
//   - one whose only statement selects a document by plain `_id` equality (a counter, a rate-limit
//     window) waits only for others on that document: it holds its collection's lock shared and the
//     document's lock exclusively;
//   - any other (an update of many, a filter on other fields) holds its collection's lock exclusively.
// Reads and inserts pass straight through: an insert changes no existing document, and unique
// indexes are checked by the storage itself.
// See docs/decisions/013-embedded-postgresql.md (which revises 008).

const (
	opMsg      = 2013
	headerSize = 16
	moreToCome = 1 << 1
	maxMessage = 48 * 1024 * 1024
)

// The commands that read, change and write back, with where their statements are: the field of the
// body (or the document sequence of that name) and, in each statement, the field of its filter.
var readModifyWriteCommands = map[string]struct{ statements, filter string }{
	"update":        {statements: "updates", filter: "q"},
	"delete":        {statements: "deletes", filter: "q"},
	"findAndModify": {filter: "query"},
	"findandmodify": {filter: "query"},
}

// collectionLocks holds one RWMutex per "database.collection", made on first use.
var collectionLocks sync.Map

func collectionLockOf(namespace string) *sync.RWMutex {
	lock, _ := collectionLocks.LoadOrStore(namespace, &sync.RWMutex{})
	return lock.(*sync.RWMutex)
}

// documentLocks stripe the documents of all collections over a fixed set of mutexes: two documents
// that share one wait for each other needlessly, never wrongly, and the set never grows.
var documentLocks [1024]sync.Mutex

func documentLockOf(namespace string, id []byte) *sync.Mutex {
	hash := fnv.New32a()
	hash.Write([]byte(namespace))
	hash.Write(id)
	return &documentLocks[hash.Sum32()%uint32(len(documentLocks))]
}

// lockFor takes the locks a read-modify-write command needs and returns their release.
func lockFor(command command) func() {
	collection := collectionLockOf(command.namespace())
	if command.documentID == nil {
		collection.Lock()
		return collection.Unlock
	}
	collection.RLock()
	document := documentLockOf(command.namespace(), command.documentID)
	document.Lock()
	return func() {
		document.Unlock()
		collection.RUnlock()
	}
}

// readMessage reads one whole wire-protocol message (header and body).
func readMessage(r io.Reader) ([]byte, error) {
	header := make([]byte, headerSize)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[0:4]))
	if length < headerSize || length > maxMessage {
		return nil, errors.New("invalid message length")
	}
	message := make([]byte, length)
	copy(message, header)
	if _, err := io.ReadFull(r, message[headerSize:]); err != nil {
		return nil, err
	}
	return message, nil
}

func opCodeOf(message []byte) uint32 { return binary.LittleEndian.Uint32(message[12:16]) }

func flagsOf(message []byte) uint32 {
	if opCodeOf(message) != opMsg || len(message) < headerSize+4 {
		return 0
	}
	return binary.LittleEndian.Uint32(message[16:20])
}

// command names an OP_MSG's command, its database (`$db`) and the collection it is about, when the
// command's value is one; for a read-modify-write command whose one statement selects by plain `_id`
// equality, the raw BSON value of that `_id`. The command is the first element of the body section
// (kind 0), which follows the header and the flag bits; document sequences (kind 1) may follow.
type command struct {
	name, database, collection string
	documentID                 []byte
}

func (c command) namespace() string { return c.database + "." + c.collection }

func commandOf(message []byte) command {
	start := headerSize + 4
	if opCodeOf(message) != opMsg || len(message) <= start+1 || message[start] != 0 {
		return command{}
	}
	body, rest, ok := bsoncore.ReadDocument(message[start+1:])
	if !ok {
		return command{}
	}
	first, err := body.IndexErr(0)
	if err != nil {
		return command{}
	}
	collection, _ := first.Value().StringValueOK()
	database, _ := body.Lookup("$db").StringValueOK()
	found := command{name: first.Key(), database: database, collection: collection}
	if where, ok := readModifyWriteCommands[found.name]; ok {
		found.documentID = documentIDOf(body, rest, where.statements, where.filter)
	}
	return found
}

// documentIDOf finds the one statement of a command (the body itself when statements is empty, else
// its array of that name or the document sequence of that name) and, when its filter has an `_id`
// that is not an operator document, returns that value's raw bytes; nil otherwise.
func documentIDOf(body bsoncore.Document, sections []byte, statements, filter string) []byte {
	statement := body
	if statements != "" {
		all := statementsOf(body, sections, statements)
		if len(all) != 1 {
			return nil
		}
		statement = all[0]
	}
	query, ok := statement.Lookup(filter).DocumentOK()
	if !ok {
		return nil
	}
	id, err := query.LookupErr("_id")
	if err != nil {
		return nil
	}
	if operators, isDocument := id.DocumentOK(); isDocument {
		if key, err := operators.IndexErr(0); err == nil && strings.HasPrefix(key.Key(), "$") {
			return nil
		}
	}
	return append([]byte{byte(id.Type)}, id.Data...)
}

// statementsOf returns the statements named `name`: an array in the body, or a document sequence
// (section kind 1: size, name, then documents) after it.
func statementsOf(body bsoncore.Document, sections []byte, name string) []bsoncore.Document {
	if array, ok := body.Lookup(name).ArrayOK(); ok {
		values, err := array.Values()
		if err != nil {
			return nil
		}
		documents := make([]bsoncore.Document, 0, len(values))
		for _, value := range values {
			document, ok := value.DocumentOK()
			if !ok {
				return nil
			}
			documents = append(documents, document)
		}
		return documents
	}
	for len(sections) > 5 && sections[0] == 1 {
		size := int(binary.LittleEndian.Uint32(sections[1:5]))
		if size < 4 || 1+size > len(sections) {
			return nil
		}
		sequence := sections[5 : 1+size]
		sequenceName, afterName, ok := bsoncore.ReadKey(sequence)
		if !ok {
			return nil
		}
		if sequenceName == name {
			var documents []bsoncore.Document
			for len(afterName) > 0 {
				document, remaining, ok := bsoncore.ReadDocument(afterName)
				if !ok {
					return nil
				}
				documents = append(documents, document)
				afterName = remaining
			}
			return documents
		}
		sections = sections[1+size:]
	}
	return nil
}

// serveSerialized accepts clients on listener and relays each to the FerretDB socket at backend.
// indexesCreated, when set, runs after a `createIndexes` of a database, before the client learns of it.
func serveSerialized(listener net.Listener, backend string, logger *slog.Logger, indexesCreated func(database string)) {
	for {
		client, err := listener.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Error("accept failed", "error", err)
			}
			return
		}
		go relay(client, backend, logger, indexesCreated)
	}
}

func relay(client net.Conn, backend string, logger *slog.Logger, indexesCreated func(database string)) {
	defer client.Close()
	server, err := net.Dial("unix", backend)
	if err != nil {
		logger.Error("cannot reach FerretDB", "error", err)
		return
	}
	defer server.Close()

	// Drivers send one request per connection at a time and wait for its answer.
	for {
		request, err := readMessage(client)
		if err != nil {
			return
		}
		command := commandOf(request)
		var beforeAnswer func()
		if command.name == "createIndexes" && indexesCreated != nil {
			beforeAnswer = func() { indexesCreated(command.database) }
		}
		if _, ok := readModifyWriteCommands[command.name]; ok {
			release := lockFor(command)
			err = exchange(client, server, request, beforeAnswer)
			release()
		} else {
			err = exchange(client, server, request, beforeAnswer)
		}
		if err != nil {
			return
		}
	}
}

// exchange forwards a request and relays its answers: none when the request says moreToCome, else
// answers until one no longer says moreToCome (exhaust cursors, streamed hello). beforeAnswer, when
// set, runs before the last answer is relayed.
func exchange(client, server net.Conn, request []byte, beforeAnswer func()) error {
	if _, err := server.Write(request); err != nil {
		return err
	}
	if flagsOf(request)&moreToCome != 0 {
		return nil
	}
	for {
		answer, err := readMessage(server)
		if err != nil {
			return err
		}
		isLast := flagsOf(answer)&moreToCome == 0
		if isLast && beforeAnswer != nil {
			beforeAnswer()
		}
		if _, err := client.Write(answer); err != nil {
			return err
		}
		if isLast {
			return nil
		}
	}
}
