package main

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"

	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// FerretDB v1 answers an update, a find-and-modify or a delete by reading the matching documents,
// changing them in Go and writing them back in separate steps, without a lock, on SQLite and on
// PostgreSQL alike: fifty concurrent `$inc` of one field add up to far less than fifty, and two
// updates guarded by the same version both succeed. MongoDB makes each single-document write
// atomic, and the api relies on that (ARCHITECTURE.md, decision 4). So the clients talk to this
// proxy, which forwards the wire protocol unchanged but lets only one such command per collection
// reach FerretDB at a time. Reads and inserts pass straight through: an insert changes no existing
// document, and unique indexes are checked by the storage itself.
// See docs/decisions/013-embedded-postgresql.md (which revises 008).

const (
	opMsg      = 2013
	headerSize = 16
	moreToCome = 1 << 1
	maxMessage = 48 * 1024 * 1024
)

// The commands that read, change and write back; their first value names the collection.
var readModifyWriteCommands = map[string]bool{
	"update":        true,
	"delete":        true,
	"findAndModify": true,
	"findandmodify": true,
}

// collectionLocks holds one mutex per "database.collection", made on first use.
var collectionLocks sync.Map

func lockOf(namespace string) *sync.Mutex {
	lock, _ := collectionLocks.LoadOrStore(namespace, &sync.Mutex{})
	return lock.(*sync.Mutex)
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
// command's value is one. The command is the first element of the body section (kind 0), which
// follows the header and the flag bits.
type command struct{ name, database, collection string }

func commandOf(message []byte) command {
	start := headerSize + 4
	if opCodeOf(message) != opMsg || len(message) <= start+1 || message[start] != 0 {
		return command{}
	}
	body, _, ok := bsoncore.ReadDocument(message[start+1:])
	if !ok {
		return command{}
	}
	first, err := body.IndexErr(0)
	if err != nil {
		return command{}
	}
	collection, _ := first.Value().StringValueOK()
	database, _ := body.Lookup("$db").StringValueOK()
	return command{name: first.Key(), database: database, collection: collection}
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
		if readModifyWriteCommands[command.name] {
			lock := lockOf(command.database + "." + command.collection)
			lock.Lock()
			err = exchange(client, server, request, beforeAnswer)
			lock.Unlock()
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
