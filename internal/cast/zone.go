package cast

import (
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // the zones of ianaZones, whatever the machine holds
)

// icuLegacyZones are the three-letter IDs ICU keeps from Java besides the
// IANA names (ICU's zoneinfo64 links them to these zones): DuckDB 1.5.6
// reads "2021-07-01 10:00:00 PST" as Los Angeles time and "BST" as
// Bangladesh time. Abbreviations that are no ID (EDT, CEST, BDT) fail, as
// in DuckDB.
var icuLegacyZones = map[string]string{
	"act": "Australia/Darwin",
	"aet": "Australia/Sydney",
	"agt": "America/Argentina/Buenos_Aires",
	"art": "Africa/Cairo",
	"ast": "America/Anchorage",
	"bet": "America/Sao_Paulo",
	"bst": "Asia/Dhaka",
	"cat": "Africa/Maputo",
	"cnt": "America/St_Johns",
	"cst": "America/Chicago",
	"ctt": "Asia/Shanghai",
	"eat": "Africa/Nairobi",
	"ect": "Europe/Paris",
	"iet": "America/Indiana/Indianapolis",
	"ist": "Asia/Kolkata",
	"jst": "Asia/Tokyo",
	"mit": "Pacific/Apia",
	"net": "Asia/Yerevan",
	"nst": "Pacific/Auckland",
	"plt": "Asia/Karachi",
	"pnt": "America/Phoenix",
	"prt": "America/Puerto_Rico",
	"pst": "America/Los_Angeles",
	"sst": "Pacific/Guadalcanal",
	"vst": "Asia/Ho_Chi_Minh",
}

// zoneEntry is one name of zoneNames, its location loaded on first use.
type zoneEntry struct {
	name string
	once sync.Once
	loc  *time.Location
}

var (
	zoneNamesOnce sync.Once
	zoneNames     map[string]*zoneEntry // lower case -> its zone
)

// zoneLocation returns the time zone named name (any case), as ICU finds it
// for DuckDB: an IANA name or link ("Europe/Berlin", "US/Pacific", "EST",
// "Etc/GMT+5") or one of icuLegacyZones. It returns nil for other names.
// It allocates only to load a zone the first time.
func zoneLocation(name []byte) *time.Location {
	var buf [48]byte
	if len(name) > len(buf) {
		return nil
	}
	for i, c := range name {
		if c-'A' < 26 {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	zoneNamesOnce.Do(func() {
		zoneNames = make(map[string]*zoneEntry, 640)
		for _, n := range strings.Fields(ianaZones) {
			zoneNames[strings.ToLower(n)] = &zoneEntry{name: n}
		}
		for k, n := range icuLegacyZones {
			zoneNames[k] = &zoneEntry{name: n}
		}
	})
	e := zoneNames[string(buf[:len(name)])]
	if e == nil {
		return nil
	}
	e.once.Do(func() {
		if loc, err := time.LoadLocation(e.name); err == nil {
			e.loc = loc
		}
	})
	return e.loc
}

// zoneOffset returns the UTC offset, in seconds, that turns the wall time
// ts in loc into UTC, as ICU resolves it with its defaults: a wall time
// that occurs twice (the hour a clock is set back) is the later instant,
// and one that does not occur (the hour skipped) is read with the offset
// before the change, which is again the later of the two readings.
func zoneOffset(ts Timestamp, loc *time.Location) int64 {
	wall := int64(ts) / MicrosPerSecond
	if int64(ts)%MicrosPerSecond < 0 {
		wall--
	}
	offsetAt := func(unix int64) int64 {
		_, off := time.Unix(unix, 0).In(loc).Zone()
		return int64(off)
	}
	const day = 86400
	cands := [3]int64{offsetAt(wall - day), offsetAt(wall), offsetAt(wall + day)}
	best, found := int64(0), false
	for _, o := range cands { // the valid reading of the latest instant
		if offsetAt(wall-o) == o && (!found || o < best) {
			best, found = o, true
		}
	}
	if found {
		return best
	}
	best = cands[0] // none is valid: the latest instant of all
	for _, o := range cands[1:] {
		best = min(best, o)
	}
	return best
}
