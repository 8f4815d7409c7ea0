package main

import (
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/statemachine"
)

// figure says what one drawing shows and where its states go. The arrows
// and their labels always come from the table; a figure only chooses the
// dialect, the places, which states share a box and which arrows to leave
// out.
type figure struct {
	file    string // where the drawing is committed, relative to the module root
	title   string
	dialect dialect.Dialect
	width   int
	height  int
	// places is the centre of each state drawn alone, and of each group
	// (keyed by the group's first state). A reachable state with no place
	// goes in rows below the drawing.
	places map[statemachine.State]point
	// groups lists sets of states with the same row in the table: each set
	// is drawn as one box, its states stacked inside in the order given, and
	// every arrow out of it is drawn once. A set whose states do not share
	// a row, or whose entering bytes do not each pick one state, is an
	// error of the figure.
	groups [][]statemachine.State
	// captions names each group, by its first state.
	captions map[statemachine.State]string
	// focus, when set, keeps only the arrows with an end at one of these
	// states; the other states are drawn in grey, for their place in the
	// machine.
	focus []statemachine.State
	// notes are the lines under the title.
	notes []string
	// panels, when set, are drawn side by side instead of one machine:
	// each is a figure of its own (its own dialect), placed at its at,
	// with panel set.
	panels []figure
	at     point
	panel  bool
}

// valueStart is the group of figure 1: the five states from which the
// next byte starts a value. They have one row in every dialect the
// figures draw (figure.check fails otherwise).
var valueStart = []statemachine.State{
	statemachine.NotSet,
	statemachine.EmptySpace,
	statemachine.Delimiter,
	statemachine.RecordSeparator,
	statemachine.CarriageReturn,
}

const valueStartCaption = "a value starts: one row for all five"

// figures are the drawings of docs/02-states.md.
var figures = []figure{
	{
		file:    "docs/rfc4180-states.svg",
		title:   "Figure 1. The RFC 4180 machine: the states a learner meets first",
		dialect: dialect.RFC4180,
		width:   1040,
		height:  690,
		// Read left to right as a quoted field is read: a value starts
		// (the box), a quote opens it, a line end inside it stays in it,
		// a quote closes it, and a delimiter or line end goes back to the
		// box. The unquoted value sits above, INVALID beside it.
		places: map[statemachine.State]point{
			statemachine.NotSet:        {190, 420},
			statemachine.Standard:      {560, 230},
			statemachine.Invalid:       {880, 230},
			statemachine.Quoted:        {560, 440},
			statemachine.Unquoted:      {880, 440},
			statemachine.QuotedNewLine: {720, 610},
		},
		groups:   [][]statemachine.State{valueStart},
		captions: map[statemachine.State]string{statemachine.NotSet: valueStartCaption},
		notes: []string{
			"The dialect: " + dialect.RFC4180.String() + ".",
			"Every state reachable from NOT_SET. An arrow is labelled with the bytes that take it; other = every byte not named.",
			"The box holds five states with the same row: an arrow out of it leaves all five, an arrow into it enters the state",
			"named beside the bytes it takes. An arrow has the colour of the state it enters.",
		},
	},
	{
		file:   "docs/more-states.svg",
		title:  "Figure 2. The states the other options add",
		width:  1040,
		height: 1050,
		notes: []string{
			"Each panel is RFC 4180 with one option changed, and shows only the arrows into or out of the states that option",
			"adds (coloured, bold outline); the grey states are those of figure 1. Not drawn: DELIMITER_SECOND_BYTE and",
			"DELIMITER_THIRD_BYTE (delimiters of 3 and 4 bytes: one more such state per byte) and STANDARD_NEWLINE (no reading",
			"table enters it). csvscan table with the same options prints every arrow of a panel's dialect.",
		},
		panels: []figure{
			{
				title:   "A delimiter of two bytes: --delim '||'",
				dialect: dialect.Dialect{Delimiter: "||", Quote: quote, Escape: quote},
				at:      point{20, 130}, width: 490, height: 300,
				places: map[statemachine.State]point{
					statemachine.NotSet:             {130, 190},
					statemachine.DelimiterFirstByte: {300, 80},
					statemachine.Standard:           {430, 170},
					statemachine.Unquoted:           {295, 272},
					statemachine.Invalid:            {410, 265},
				},
				groups:   [][]statemachine.State{valueStart},
				captions: panelCaption,
				panel:    true,
				focus:    []statemachine.State{statemachine.DelimiterFirstByte},
			},
			{
				title:   "An escape other than the quote: --escape '\\'",
				dialect: dialect.Dialect{Delimiter: ",", Quote: quote, Escape: dialect.Some('\\')},
				at:      point{530, 130}, width: 490, height: 300,
				places: map[statemachine.State]point{
					statemachine.Quoted:        {120, 110},
					statemachine.QuotedNewLine: {150, 240},
					statemachine.Escape:        {370, 170},
				},
				groups:   [][]statemachine.State{valueStart},
				captions: panelCaption,
				panel:    true,
				focus:    []statemachine.State{statemachine.Escape},
			},
			{
				title:   "A comment: --comment '#'",
				dialect: dialect.Dialect{Delimiter: ",", Quote: quote, Escape: quote, Comment: dialect.Some('#')},
				at:      point{20, 450}, width: 490, height: 300,
				places: map[statemachine.State]point{
					statemachine.NotSet:   {130, 190},
					statemachine.Comment:  {330, 80},
					statemachine.Standard: {420, 185},
					statemachine.Unquoted: {290, 265},
					statemachine.Invalid:  {420, 265},
				},
				groups:   [][]statemachine.State{valueStart},
				captions: panelCaption,
				panel:    true,
				focus:    []statemachine.State{statemachine.Comment},
			},
			{
				title:   "Lenient, with an escape: --escape '\\' --strict=false",
				dialect: dialect.Dialect{Delimiter: ",", Quote: quote, Escape: dialect.Some('\\'), Lenient: true},
				at:      point{530, 450}, width: 490, height: 300,
				places: map[statemachine.State]point{
					statemachine.NotSet:         {125, 190},
					statemachine.Standard:       {440, 178},
					statemachine.UnquotedEscape: {320, 85},
					statemachine.EscapedReturn:  {335, 270},
				},
				groups:   [][]statemachine.State{valueStart},
				captions: panelCaption,
				panel:    true,
				focus:    []statemachine.State{statemachine.UnquotedEscape, statemachine.EscapedReturn},
			},
			{
				title:   "Lenient, without an escape: --escape '' --strict=false",
				dialect: dialect.Dialect{Delimiter: ",", Quote: quote, Lenient: true},
				at:      point{20, 770}, width: 490, height: 270,
				places: map[statemachine.State]point{
					statemachine.Unquoted:    {90, 80},
					statemachine.MaybeQuoted: {290, 80},
					statemachine.Quoted:      {100, 220},
					statemachine.NotSet:      {365, 195},
				},
				groups:   [][]statemachine.State{valueStart},
				captions: panelCaption,
				panel:    true,
				focus:    []statemachine.State{statemachine.MaybeQuoted},
			},
		},
	},
}

var quote = dialect.Some('"')

// panelCaption names the group in the panels of figure 2.
var panelCaption = map[statemachine.State]string{statemachine.NotSet: "a value starts"}
