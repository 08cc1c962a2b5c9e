//go:build !js

package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// SQLite is the Store in one SQLite file in WAL mode. Commits are durable
// against the process dying at any moment (synchronous NORMAL: a power
// cut may lose the last commits, a kill -9 none). One connection writes
// and reads; SQLite has one writer anyway.
type SQLite struct {
	db                     *sql.DB
	insCommand, insMessage *sql.Stmt
}

const schema = `
CREATE TABLE IF NOT EXISTS matches(
	id TEXT PRIMARY KEY, created INTEGER NOT NULL, creator TEXT NOT NULL,
	map BLOB NOT NULL, scenario BLOB NOT NULL, computer TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0,
	name TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS matches_creator ON matches(creator, over);
CREATE TABLE IF NOT EXISTS seats(
	match TEXT NOT NULL, side INTEGER NOT NULL, token BLOB NOT NULL,
	PRIMARY KEY(match, side)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commands(
	match TEXT NOT NULL, n INTEGER NOT NULL, cmd BLOB NOT NULL, at INTEGER NOT NULL,
	PRIMARY KEY(match, n)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS messages(
	match TEXT NOT NULL, side INTEGER NOT NULL, seq INTEGER NOT NULL, n INTEGER NOT NULL, body BLOB NOT NULL,
	PRIMARY KEY(match, side, seq)) WITHOUT ROWID;
`

// OpenSQLite opens (creating when missing) the store in file path.
func OpenSQLite(path string) (*SQLite, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(NORMAL)", "busy_timeout(5000)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err == nil {
		err = addNames(db)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %v", path, oneLine(err.Error()))
	}
	st := &SQLite{db: db}
	if st.insCommand, err = db.Prepare(`INSERT INTO commands(match, n, cmd, at) VALUES(?,?,?,?)`); err == nil {
		st.insMessage, err = db.Prepare(`INSERT INTO messages(match, side, seq, n, body) VALUES(?,?,?,?,?)`)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %v", path, oneLine(err.Error()))
	}
	return st, nil
}

// addNames gives a file made before matches had map names (protocol
// version 1 as first served) the matches' name column, "" for those it
// holds.
func addNames(db *sql.DB) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM pragma_table_info('matches') WHERE name = 'name'`).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := db.Exec(`ALTER TABLE matches ADD COLUMN name TEXT NOT NULL DEFAULT ''`)
	return err
}

// Close closes the file.
func (s *SQLite) Close() error { return s.db.Close() }

// Create keeps a new match, its seats and the messages of its start.
func (s *SQLite) Create(ctx context.Context, rec Record, start Entry) error {
	comp, err := json.Marshal(rec.Computer)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO matches(id, created, creator, map, scenario, computer, name) VALUES(?,?,?,?,?,?,?)`,
			rec.ID, rec.Created.UnixMilli(), rec.Creator, rec.Map, rec.Scenario, string(comp), rec.Name); err != nil {
			return err
		}
		for _, st := range rec.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats(match, side, token) VALUES(?,?,?)`, rec.ID, st.Side, st.Token[:]); err != nil {
				return err
			}
		}
		return s.insertMessages(ctx, tx, rec.ID, start)
	})
}

// Append keeps a batch of commands and their messages in one transaction.
func (s *SQLite) Append(ctx context.Context, match string, batch []Entry, over bool, at time.Time) error {
	now := at.UnixMilli()
	return s.tx(ctx, func(tx *sql.Tx) error {
		ins := tx.StmtContext(ctx, s.insCommand)
		for _, e := range batch {
			if _, err := ins.ExecContext(ctx, match, e.N, e.Command, now); err != nil {
				if strings.Contains(err.Error(), "UNIQUE") {
					return fmt.Errorf("command %d: %w", e.N, ErrConflict)
				}
				return err
			}
			if err := s.insertMessages(ctx, tx, match, e); err != nil {
				return err
			}
		}
		if over {
			_, err := tx.ExecContext(ctx, `UPDATE matches SET over = 1 WHERE id = ?`, match)
			return err
		}
		return nil
	})
}

// insertMessages inserts an entry's messages.
func (s *SQLite) insertMessages(ctx context.Context, tx *sql.Tx, match string, e Entry) error {
	ins := tx.StmtContext(ctx, s.insMessage)
	for _, o := range e.Out {
		if _, err := ins.ExecContext(ctx, match, o.Side, o.Seq, e.N, o.Body); err != nil {
			return err
		}
	}
	return nil
}

// tx runs f in a transaction, committing when it returns nil.
func (s *SQLite) tx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Load is a match's record and its commands in order.
func (s *SQLite) Load(ctx context.Context, match string) (Record, [][]byte, error) {
	rec := Record{ID: match}
	var created int64
	var comp string
	err := s.db.QueryRowContext(ctx, `SELECT created, creator, map, scenario, computer, over, name FROM matches WHERE id = ?`, match).
		Scan(&created, &rec.Creator, &rec.Map, &rec.Scenario, &comp, &rec.Over, &rec.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, nil, ErrNoMatch
	}
	if err != nil {
		return Record{}, nil, err
	}
	rec.Created = time.UnixMilli(created)
	var last sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT max(at) FROM commands WHERE match = ?`, match).Scan(&last); err != nil {
		return Record{}, nil, err
	}
	rec.Last = rec.Created
	if last.Valid {
		rec.Last = time.UnixMilli(last.Int64)
	}
	if err := json.Unmarshal([]byte(comp), &rec.Computer); err != nil {
		return Record{}, nil, fmt.Errorf("match %s: computer: %v", match, err)
	}
	if rec.Seats, err = s.seats(ctx, match); err != nil {
		return Record{}, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT n, cmd FROM commands WHERE match = ? ORDER BY n`, match)
	if err != nil {
		return Record{}, nil, err
	}
	defer rows.Close()
	var cmds [][]byte
	for rows.Next() {
		var n int
		var cmd []byte
		if err := rows.Scan(&n, &cmd); err != nil {
			return Record{}, nil, err
		}
		if n != len(cmds)+1 {
			return Record{}, nil, fmt.Errorf("match %s: command %d missing", match, len(cmds)+1)
		}
		cmds = append(cmds, cmd)
	}
	return rec, cmds, rows.Err()
}

func (s *SQLite) seats(ctx context.Context, match string) ([]SeatRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT side, token FROM seats WHERE match = ? ORDER BY side`, match)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var seats []SeatRecord
	for rows.Next() {
		var st SeatRecord
		var tok []byte
		if err := rows.Scan(&st.Side, &tok); err != nil {
			return nil, err
		}
		if len(tok) != len(st.Token) {
			return nil, fmt.Errorf("match %s: side %d: a token of %d bytes", match, st.Side, len(tok))
		}
		copy(st.Token[:], tok)
		seats = append(seats, st)
	}
	return seats, rows.Err()
}

// Messages is up to limit messages of side's seat after seq, and the
// side's last seq.
func (s *SQLite) Messages(ctx context.Context, match string, side int, after int64, limit int) ([]Outgoing, int64, error) {
	var last sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT max(seq) FROM messages WHERE match = ? AND side = ?`, match, side).Scan(&last); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT seq, body FROM messages WHERE match = ? AND side = ? AND seq > ? ORDER BY seq LIMIT ?`, match, side, after, limit)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []Outgoing
	for rows.Next() {
		o := Outgoing{Side: side}
		if err := rows.Scan(&o.Seq, &o.Body); err != nil {
			return nil, 0, err
		}
		out = append(out, o)
	}
	return out, last.Int64, rows.Err()
}

// Open counts the matches creator made that are not over.
func (s *SQLite) Open(ctx context.Context, creator string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM matches WHERE creator = ? AND over = 0`, creator).Scan(&n)
	return n, err
}
