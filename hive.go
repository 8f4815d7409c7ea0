package csvscan

// Hive partitioning for OpenFiles (Options.HivePartitioning): the
// key=value folders of the paths, as columns after the files' own.

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/csvscan/csvscan/scanner/typed"
)

// hiveKey is one key=value folder name shared by every path.
type hiveKey struct {
	name   string
	typ    typed.Type
	values []string // per file, URL-decoded
	nulls  []bool   // per file: the value is NULL (hiveNull)
	col    int      // the files' column of its name, which it replaces, or -1 (setSchema)
}

// hivePartitions finds the key=value folders of the paths.
func (m *multi) hivePartitions() error {
	if m.opts.HivePartitioning == Off {
		return nil
	}
	var keys []string
	per := make([]map[string]string, len(m.paths))
	for i, p := range m.paths {
		kv := hiveFolders(p)
		per[i] = kv
		ks := make([]string, 0, len(kv))
		for k := range kv {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		if i == 0 {
			keys = ks
		} else if !slices.Equal(keys, ks) {
			if m.opts.HivePartitioning == On {
				return fmt.Errorf("csvscan: hive partitions differ: %s has keys %v, %s has %v", m.paths[0], keys, p, ks)
			}
			return nil // not every path has the same keys: no partition columns
		}
	}
	if len(keys) == 0 && m.opts.HivePartitioning == On {
		return fmt.Errorf("csvscan: HivePartitioning is On, but %s has no key=value folder", m.paths[0])
	}
	for _, k := range keys {
		hk := hiveKey{name: k}
		ints, dates := true, true
		some := false
		for _, kv := range per {
			v := kv[k]
			null := hiveNull(v)
			hk.nulls = append(hk.nulls, null)
			if null {
				hk.values = append(hk.values, "")
				continue
			}
			some = true
			// The type is the folder name's as written (DuckDB's: "%32"
			// makes a column VARCHAR), the value its URL-decoding.
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				ints = false
			}
			if _, err := time.Parse(time.DateOnly, v); err != nil {
				dates = false
			}
			if d, err := url.PathUnescape(v); err == nil {
				v = d
			}
			hk.values = append(hk.values, v)
		}
		switch {
		case !some:
			hk.typ = typed.TypeVarchar
		case ints:
			hk.typ = typed.TypeBigInt
		case dates:
			hk.typ = typed.TypeDate
		default:
			hk.typ = typed.TypeVarchar
		}
		m.hiveKeys = append(m.hiveKeys, hk)
	}
	return nil
}

// hiveNull reports whether a hive folder's value stands for NULL, as in
// DuckDB: NULL in any case, or Hive's __HIVE_DEFAULT_PARTITION__. (An
// empty value, "k=", is the empty string.)
func hiveNull(v string) bool {
	return strings.EqualFold(v, "null") || v == "__HIVE_DEFAULT_PARTITION__"
}

// hiveFolders returns the key=value folder names of path.
func hiveFolders(path string) map[string]string {
	kv := map[string]string{}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if k, v, ok := strings.Cut(dir, "="); ok && k != "" {
			kv[k] = v
		}
	}
	return kv
}
