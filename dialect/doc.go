// Package dialect describes how a CSV file is written: its delimiter, quote,
// escape and comment characters, its line ends and how strictly quotes are
// checked.
//
// A Dialect is the first step of csvscan's data flow:
//
//	dialect ─► statemachine.Table (cached) ─► scanner ─► rows
//
// Everything that gives bytes their meaning lives here and nowhere else, so a
// Dialect is a plain comparable value: two equal dialects always build the
// same transition table, and Hash gives the 64-bit key the table cache uses.
//
// Basic use:
//
//	d := dialect.Default()            // RFC 4180: comma, '"' quoting, "" escapes
//	d.Delimiter = ";"
//	d.Comment = dialect.Some('#')
//	if err := d.Validate(); err != nil {
//		log.Fatal(err)
//	}
//	fmt.Println(d) // delim=';', quote='"', escape='"', new_line='auto', comment='#', strict_mode=true
//
// Optional characters (quote, escape, comment) are Char values: Some(b) or
// None. No byte value, not even 0, stands for "absent".
package dialect
