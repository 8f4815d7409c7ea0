package sniff

import "strings"

// keywordNames holds the 440 keywords of DuckDB 1.5.6 that NormalizeName
// prefixes with '_': those of the categories reserved, type_function and
// unreserved of duckdb_keywords() (found by normalizing each keyword as a
// header name with DuckDB; the 49 of the category column_name, such as
// integer or values, are left as they are), so that a normalized name
// never reads as SQL.
var keywordNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
	abort absolute access action add admin after aggregate all also alter
	always analyse analyze and anti any array as asc asof assertion
	assignment asymmetric at attach attribute authorization backward
	before begin binary both by cache call called cascade cascaded case
	cast catalog centuries century chain characteristics check checkpoint
	class close cluster collate collation column columns comment comments
	commit committed compression concurrently configuration conflict
	connection constraint constraints content continue conversion copy
	cost create cross csv cube current cursor cycle data database day
	days deallocate decade decades declare default defaults deferrable
	deferred definer delete delimiter delimiters depends desc describe
	detach dictionary disable discard distinct do document domain double
	drop each else enable encoding encrypted end enum error escape event
	except exclude excluding exclusive execute explain export
	export_state extension extensions external false family fetch filter
	first following for force foreign forward freeze from full function
	functions generated glob global grant granted group groups handler
	having header hold hour hours identity if ignore ilike immediate
	immutable implicit import in include including increment index
	indexes inherit inherits initially inline inner input insensitive
	insert install instead intersect into invoker is isnull isolation
	join json key label lambda language large last lateral leading
	leakproof left level like limit listen load local location lock
	locked logged macro map mapping match matched materialized maxvalue
	merge method microsecond microseconds millennia millennium
	millisecond milliseconds minute minutes minvalue mode month months
	move name names natural new next no not nothing notify notnull nowait
	null nulls object of off offset oids old on only operator option
	options or order ordinality others outer over overlaps overriding
	owned owner parallel parser partial partition partitioned passing
	password percent persistent pivot pivot_longer pivot_wider placing
	plans policy positional pragma preceding prepare prepared preserve
	primary prior privileges procedural procedure program publication
	qualify quarter quarters quote range read reassign recheck recursive
	ref references referencing refresh reindex relative release rename
	repeatable replace replica reset respect restart restrict returning
	returns revoke right role rollback rollup rows rule sample savepoint
	schema schemas scope scroll search second seconds secret security
	select semi sequence sequences serializable server session set sets
	share show similar simple skip snapshot some sorted source sql stable
	standalone start statement statistics stdin stdout storage stored
	strict strip struct subscription summarize symmetric sysid system
	table tables tablesample tablespace target temp template temporary
	text then ties to trailing transaction transform trigger true
	truncate trusted try_cast type types unbounded uncommitted
	unencrypted union unique unknown unlisten unlogged unpack unpivot
	until update use user using vacuum valid validate validator value
	variable variadic varying verbose version view views virtual volatile
	week weeks when where whitespace window with within without work
	wrapper write xml year years yes zone`) {
		m[w] = true
	}
	return m
}()
