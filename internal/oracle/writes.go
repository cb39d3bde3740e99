package oracle

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
)

// What DynamoDB answers to a write, by name.
const (
	// ErrConditionalCheckFailed is a single write whose condition failed.
	ErrConditionalCheckFailed = "ConditionalCheckFailedException"
	// ErrTransactionCanceled is a transaction that wrote nothing.
	ErrTransactionCanceled = "TransactionCanceledException"
	// ReasonNone is the cancellation reason of a write that did not fail.
	ReasonNone = "None"
	// ReasonConditionalCheckFailed is the cancellation reason of a write
	// whose condition failed.
	ReasonConditionalCheckFailed = "ConditionalCheckFailed"
	// ErrValidation is a single write DynamoDB refuses for the item it
	// finds (an update path the item lacks: hclschema.InvalidUpdateError).
	ErrValidation = "ValidationException"
	// ReasonValidationError is the cancellation reason of such a write in
	// a transaction.
	ReasonValidationError = "ValidationError"
)

// WriteResult is the outcome of a write pattern applied to a table.
type WriteResult struct {
	// Error is "" when the writes succeeded, ErrConditionalCheckFailed,
	// ErrValidation or ErrTransactionCanceled otherwise.
	Error string
	// Reasons holds, for a canceled transaction, the cancellation reason
	// of every write sent in order (ReasonNone or
	// ReasonConditionalCheckFailed; a swap's guard writes are not sent when
	// the unique value does not change: Write.Skipped).
	Reasons []string
	// Failed is the index of the first write whose condition failed among
	// the writes sent, or -1.
	Failed int
	// Sent are the writes sent, in order (the pattern's, less a swap's
	// guard writes when the unique value does not change).
	Sent []*hclschema.Write
	// Items is the table afterwards: the items given, unchanged when the
	// writes failed; an item keeps its position when replaced, a new item
	// comes last.
	Items []hclschema.Item
	// Changes holds, when the writes succeeded, what each write sent did to
	// its item, in the order of the writes.
	Changes []ItemChange
	// Detail says why DynamoDB refuses an update (ErrValidation, or a
	// ReasonValidationError in a transaction).
	Detail string
}

// ItemChange is what one write did to its item of Entity: Before is the
// stored item (nil when there was none), After the item written (nil when
// the write deleted it or deleted nothing).
type ItemChange struct {
	Entity        *hclschema.Entity
	Before, After *hclschema.Item
}

// OK reports whether the writes succeeded.
func (r WriteResult) OK() bool { return r.Error == "" }

// String renders the outcome: "ok", "ConditionalCheckFailedException" or
// "TransactionCanceledException [None, ConditionalCheckFailed]".
func (r WriteResult) String() string {
	switch {
	case r.OK():
		return "ok"
	case len(r.Reasons) > 0:
		return r.Error + " [" + strings.Join(r.Reasons, ", ") + "]"
	}
	return r.Error
}

// LocalString renders the outcome as DynamoDB Local 3.3.1 answers it where
// it differs from DynamoDB: a transaction that DynamoDB cancels because
// one update is refused for its item (reason ValidationError) fails on
// DynamoDB Local with a plain ValidationException (measured by
// TestLiveShapes). Elsewhere it is String.
func (r WriteResult) LocalString() string {
	for _, reason := range r.Reasons {
		if reason == ReasonValidationError {
			return ErrValidation
		}
	}
	return r.String()
}

// keyString identifies an item by its primary key values.
func keyString(key []cty.Value) string {
	parts := make([]string, len(key))
	for i, v := range key {
		parts[i] = Render(v)
	}
	return strings.Join(parts, "\x00")
}

// ApplyWrite applies the write pattern with inputs to items (the whole
// table) under DynamoDB semantics: a single write whose condition fails
// changes nothing (ConditionalCheckFailedException); a transaction checks
// every condition against the table before any write and, when one fails,
// changes nothing and gives a reason per write
// (TransactionCanceledException). Two writes of one item in a transaction
// are an error, as DynamoDB rejects them (ValidationException).
func ApplyWrite(w *hclschema.WritePattern, items []hclschema.Item, inputs map[string]cty.Value) (WriteResult, error) {
	in, err := w.CheckInputs(inputs)
	if err != nil {
		return WriteResult{}, err
	}
	byKey := map[string]int{}
	for i, it := range items {
		byKey[keyString(it.PrimaryKey())] = i
	}
	// The writes sent: a swap's guard writes are left out when the unique
	// value does not change.
	var writes []*hclschema.Write
	for _, wr := range w.Writes {
		if !wr.Skipped(in) {
			writes = append(writes, wr)
		}
	}
	transaction := w.Transaction
	keys := make([]string, len(writes))
	stored := make([]*hclschema.Item, len(writes))
	for i, wr := range writes {
		key, err := wr.TargetKey(in)
		if err != nil {
			return WriteResult{}, fmt.Errorf("write pattern %q: %w", w.Name, err)
		}
		keys[i] = keyString(key)
		for j := 0; j < i; j++ {
			if keys[j] == keys[i] {
				return WriteResult{}, fmt.Errorf("write pattern %q: writes %d and %d touch the same item {%s}; DynamoDB rejects a transaction with two operations on one item", w.Name, j+1, i+1, strings.ReplaceAll(keys[i], "\x00", ", "))
			}
		}
		if at, ok := byKey[keys[i]]; ok {
			it := items[at]
			stored[i] = &it
		}
	}
	res := WriteResult{Failed: -1, Sent: writes}
	for i, wr := range writes {
		if !wr.ConditionHolds(stored[i], in) {
			if res.Failed < 0 {
				res.Failed = i
			}
			res.Reasons = append(res.Reasons, ReasonConditionalCheckFailed)
		} else {
			res.Reasons = append(res.Reasons, ReasonNone)
		}
	}
	if res.Failed >= 0 {
		res.Items = append([]hclschema.Item(nil), items...)
		res.Error = ErrTransactionCanceled
		if !transaction {
			res.Error, res.Reasons = ErrConditionalCheckFailed, nil
		}
		return res, nil
	}
	res.Reasons = nil
	out := append([]hclschema.Item(nil), items...)
	removed := map[int]bool{}
	for i, wr := range writes {
		it, keep, err := wr.Apply(stored[i], in)
		var invalid *hclschema.InvalidUpdateError
		if errors.As(err, &invalid) {
			// DynamoDB refuses the update for this item: nothing is
			// written (a transaction names the write).
			res := WriteResult{Error: ErrValidation, Failed: i, Items: append([]hclschema.Item(nil), items...), Detail: invalid.Detail}
			if w.Transaction {
				res.Error = ErrTransactionCanceled
				for j := range w.Writes {
					reason := ReasonNone
					if j == i {
						reason = ReasonValidationError
					}
					res.Reasons = append(res.Reasons, reason)
				}
			}
			return res, nil
		}
		if err != nil {
			return WriteResult{}, fmt.Errorf("write pattern %q: %w", w.Name, err)
		}
		change := ItemChange{Entity: wr.Entity, Before: stored[i]}
		if keep {
			written := it
			change.After = &written
		}
		res.Changes = append(res.Changes, change)
		at, exists := byKey[keys[i]]
		switch {
		case !keep && exists:
			removed[at] = true
		case keep && exists:
			out[at] = it
		case keep:
			byKey[keys[i]] = len(out)
			out = append(out, it)
		}
	}
	res.Items = out[:0:0]
	for i, it := range out {
		if !removed[i] {
			res.Items = append(res.Items, it)
		}
	}
	return res, nil
}
