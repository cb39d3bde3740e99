package migrate

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// CopyCheck compares a copy's two tables: per entity, the items of BASE
// and of the target, each side's count and checksum of the items' data
// (the attributes less the computed keys), and how many items are off.
type CopyCheck struct {
	Base     string                 `json:"base"`
	Target   string                 `json:"target"`
	Entities map[string]*CopyCounts `json:"entities"`
	// NotCopied counts BASE items of no entity (or of several);
	// Missing those without their copy; Stale those whose copy differs;
	// Extra target items that are no BASE item's copy; Tombstones the
	// tombstones left.
	NotCopied  int64 `json:"not_copied"`
	Missing    int64 `json:"missing"`
	Stale      int64 `json:"stale"`
	Extra      int64 `json:"extra"`
	Tombstones int64 `json:"tombstones"`
}

// CopyCounts are one entity's items on both sides of a copy.
type CopyCounts struct {
	Base    int64  `json:"base"`
	Head    int64  `json:"head"`
	BaseSum string `json:"base_checksum"`
	HeadSum string `json:"head_checksum"`

	baseSum, headSum uint64
}

// checksum adds the data of an item into sum: the first 8 bytes of the
// SHA-256 of its canonical text, added modulo 2^64 (in any order; a
// duplicate counts twice).
func checksum(sum *uint64, item map[string]types.AttributeValue) {
	h := sha256.Sum256([]byte(dynamo.CanonItem(item)))
	*sum += binary.BigEndian.Uint64(h[:8])
}

type copyLists struct {
	notCopied, missing, stale, extra, tombs []string
}

// compareCopy compares BASE's items with the target's: every BASE item
// must have its copy (HEAD's item computed from it) in the target, equal
// attribute by attribute, and the target nothing else.
func compareCopy(cp *CopyPlan, base, head, tombstones []map[string]types.AttributeValue) (*CopyCheck, copyLists) {
	cc := &CopyCheck{Base: cp.From, Target: cp.To, Entities: map[string]*CopyCounts{}}
	var l copyLists
	counts := func(e string) *CopyCounts {
		c := cc.Entities[e]
		if c == nil {
			c = &CopyCounts{}
			cc.Entities[e] = c
		}
		return c
	}
	for _, e := range cp.Entities {
		counts(e.Entity)
	}
	inTarget := make(map[string]map[string]types.AttributeValue, len(head))
	for _, it := range head {
		inTarget[dynamo.CanonItem(dynamo.Key(it, cp.head.Primary.KeyAttrs()))] = it
		its := cp.head.Recognize(dynamo.Values(it))
		if len(its) == 1 {
			c := counts(its[0].Entity.Name)
			c.Head++
			checksum(&c.headSum, cp.payload(its[0].Entity.Name, it))
		}
	}
	for _, it := range tombstones {
		cc.Tombstones++
		l.tombs = append(l.tombs, keyString(it, cp.head))
	}
	// BASE's items by the HEAD key of their copy, in BASE key order.
	type expected struct {
		ci   copied
		base map[string]types.AttributeValue
	}
	byKey := map[string][]expected{}
	var keys []string
	for _, it := range base {
		ci, err := cp.headItem(it)
		if ci.n != 1 {
			cc.NotCopied++
			l.notCopied = append(l.notCopied, keyString(it, cp.base)+": of no BASE entity, or of several")
			continue
		}
		c := counts(ci.Entity)
		c.Base++
		checksum(&c.baseSum, cp.payload(ci.Entity, it))
		if err != nil {
			cc.NotCopied++
			l.notCopied = append(l.notCopied, fmt.Sprintf("%s %s: %s", ci.Entity, keyString(it, cp.base), err))
			continue
		}
		k := dynamo.CanonItem(ci.Key)
		if byKey[k] == nil {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], expected{ci, it})
	}
	sort.Strings(keys)
	for _, k := range keys {
		exps := byKey[k]
		sort.Slice(exps, func(i, j int) bool { return keyString(exps[i].base, cp.base) < keyString(exps[j].base, cp.base) })
		got, ok := inTarget[k]
		delete(inTarget, k)
		match := -1
		for i, e := range exps {
			if ok && itemDiff(e.ci.Item, got) == "" {
				match = i
			}
		}
		for i, e := range exps {
			switch {
			case i == match:
			case !ok:
				cc.Missing++
				l.missing = append(l.missing, fmt.Sprintf("%s %s (BASE %s)", e.ci.Entity, keyString(e.ci.Item, cp.head), keyString(e.base, cp.base)))
			case len(exps) > 1:
				cc.Missing++
				var others []string
				for j, o := range exps {
					if j != i {
						others = append(others, keyString(o.base, cp.base))
					}
				}
				l.missing = append(l.missing, fmt.Sprintf("%s %s (BASE %s): HEAD's templates give BASE %s the same key", e.ci.Entity, keyString(e.ci.Item, cp.head), keyString(e.base, cp.base), strings.Join(others, ", ")))
			default:
				cc.Stale++
				l.stale = append(l.stale, fmt.Sprintf("%s %s: %s", e.ci.Entity, keyString(e.ci.Item, cp.head), itemDiff(e.ci.Item, got)))
			}
		}
	}
	for _, it := range inTarget {
		cc.Extra++
		l.extra = append(l.extra, keyString(it, cp.head))
	}
	for _, c := range cc.Entities {
		c.BaseSum, c.HeadSum = fmt.Sprintf("%016x", c.baseSum), fmt.Sprintf("%016x", c.headSum)
	}
	return cc, l
}

// itemDiff says which attributes of got differ from want ("" for none).
func itemDiff(want, got map[string]types.AttributeValue) string {
	names := map[string]bool{}
	for k := range want {
		names[k] = true
	}
	for k := range got {
		names[k] = true
	}
	var parts []string
	for _, k := range sortedKeys(names) {
		w, wok := want[k]
		g, gok := got[k]
		switch {
		case !gok:
			parts = append(parts, fmt.Sprintf("%s is absent, BASE's is %s", k, dynamo.Canon(w)))
		case !wok:
			parts = append(parts, fmt.Sprintf("%s is %s, BASE has none", k, dynamo.Canon(g)))
		case dynamo.Canon(w) != dynamo.Canon(g):
			parts = append(parts, fmt.Sprintf("%s is %s, BASE's is %s", k, dynamo.Canon(g), dynamo.Canon(w)))
		}
	}
	return strings.Join(parts, "; ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
