package main

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
)

// FerretDB v1 with SQLite storage answers an update by reading the matching documents and writing
// them back in separate steps, without a lock: fifty concurrent `$inc` of one field add up to far
// less than fifty, and two updates guarded by the same version both succeed. MongoDB makes each
// single-document write atomic, and the api relies on that (ARCHITECTURE.md, decision 4). So the
// clients talk to this proxy, which forwards the wire protocol unchanged but lets only one write
// command at a time reach FerretDB. See docs/decisions/008-serialized-writes-on-ferretdb.md.

const (
	opMsg      = 2013
	headerSize = 16
	moreToCome = 1 << 1
	maxMessage = 48 * 1024 * 1024
)

var writeCommands = map[string]bool{
	"insert":        true,
	"update":        true,
	"delete":        true,
	"findAndModify": true,
	"findandmodify": true,
}

var writeLock sync.Mutex

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

// commandOf returns the command name of an OP_MSG: the first key of its body section.
func commandOf(message []byte) string {
	// header, flagBits, section kind 0, document length, element type, then the key as a C string.
	start := headerSize + 4 + 1 + 4 + 1
	if opCodeOf(message) != opMsg || len(message) <= start || message[headerSize+4] != 0 {
		return ""
	}
	for end := start; end < len(message); end++ {
		if message[end] == 0 {
			return string(message[start:end])
		}
	}
	return ""
}

// serveSerialized accepts clients on listener and relays each to the FerretDB socket at backend.
func serveSerialized(listener net.Listener, backend string, logger *slog.Logger) {
	for {
		client, err := listener.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Error("accept failed", "error", err)
			}
			return
		}
		go relay(client, backend, logger)
	}
}

func relay(client net.Conn, backend string, logger *slog.Logger) {
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
		isWrite := writeCommands[commandOf(request)]
		if isWrite {
			writeLock.Lock()
		}
		err = exchange(client, server, request)
		if isWrite {
			writeLock.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// exchange forwards a request and relays its answers: none when the request says moreToCome, else
// answers until one no longer says moreToCome (exhaust cursors, streamed hello).
func exchange(client, server net.Conn, request []byte) error {
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
		if _, err := client.Write(answer); err != nil {
			return err
		}
		if flagsOf(answer)&moreToCome == 0 {
			return nil
		}
	}
}
