package gen

// Query is a query builder (queries.go, filled in later).
type Query struct{}

func (b *builder) queries() {}
