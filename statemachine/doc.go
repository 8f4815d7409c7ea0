// Package statemachine turns a dialect into DuckDB's CSV state machine: 19
// states and a 256 × 19 table that gives the next state for every byte in
// every state, so reading CSV is one indexed load per byte.
//
// Where it sits:
//
//	dialect ─► statemachine.Table (cached by dialect hash) ─► scanner
//	                  └─ skip tables + stop patterns ─► skipper ◄─ swar
//
// Reference is the readable definition of every transition (a switch per
// state); Build fills the table by calling it for every state and byte, and
// derives the skip tables of the Standard, Quoted and Comment states (the
// bytes that lead back to the same state) and the 2 to 5 stop patterns the
// SWAR skipper looks for. For keeps built tables in a process-wide
// ristretto cache keyed by dialect.Dialect.Hash.
//
// Basic use:
//
//	t, err := statemachine.For(dialect.Default())
//	if err != nil { ... }
//	s := statemachine.NotSet
//	for _, b := range []byte(`a,"b"` + "\n") {
//		s = t.Next(s, b)
//		fmt.Print(s, " ")
//	}
//	// STANDARD DELIMITER QUOTED QUOTED UNQUOTED RECORD_SEPARATOR
//
// The scanner keeps the previous state too (Pair), because the current state
// alone cannot tell `""` inside quotes from an opening quote, nor the LF of a
// CRLF from an empty line.
package statemachine
