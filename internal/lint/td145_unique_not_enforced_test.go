package lint

import (
	"fmt"
	"testing"
)

// customerSchema is a table with a customer keyed on its username and
// looked up by email; %s is the entity's unique declaration and %s the
// lookup's cardinality, then the write patterns follow.
const customerSchema = `
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Customer" {
  attributes = {
    username = string
    email    = string
    name     = string
    nick     = optional(string)
  }
  %s
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
  index "GSI1" {
    GSI1PK = "EMAIL#${email}"
    GSI1SK = "PROFILE"
  }
}
access_pattern "customer_by_email" {
  entity      = entity.Customer
  index       = "GSI1"
  cardinality = "%s"
  key {
    GSI1PK = "EMAIL#${email}"
    GSI1SK = "PROFILE"
  }
}
access_pattern "customer_by_username" {
  entity      = entity.Customer
  cardinality = "one"
  key {
    PK = "CUSTOMER#${username}"
    SK = "PROFILE"
  }
}
`

func TestUniqueNotEnforced(t *testing.T) {
	schema := func(unique, cardinality, writes string) string {
		return fmt.Sprintf(customerSchema, unique, cardinality) + writes
	}
	register := `
write_pattern "register" {
  put {
    entity = entity.Customer
  }
}
`
	changeEmail := `
write_pattern "change_email" {
  update {
    entity = entity.Customer
    set    = { name = input.name, email = input.email }
  }
}
`
	runRuleCases(t, ruleUniqueNotEnforced, []ruleCase{
		{name: "an update changes a unique email without its guard",
			src:  schema(`unique = ["email"]`, "one", changeEmail),
			want: []string{"TD145 error 48:35-48:40 `email`"}},
		{name: "an update removes a unique attribute",
			src: fmt.Sprintf(customerSchema, `unique = ["email", "nick"]`, "one") + `
write_pattern "drop_nick" {
  update {
    entity = entity.Customer
    remove = ["nick"]
  }
}
`, want: []string{"TD145 error 48:15-48:21 `\"nick\"`"}},
		{name: "a put of an entity with a unique email is guarded",
			src: schema(`unique = ["email"]`, "one", register)},
		{name: "an update that swaps the guard of a unique email",
			src: schema(`unique = ["email"]`, "one", `
write_pattern "change_email" {
  update {
    entity    = entity.Customer
    set       = { email = input.email }
    condition = email == input.current_email
  }
}
`)},
		{name: "an update of a unique email pinned to a literal does not swap",
			src: schema(`unique = ["email"]`, "one", `
write_pattern "change_email" {
  update {
    entity    = entity.Customer
    set       = { email = input.email }
    condition = email == "old@example.com"
  }
}
`),
			want: []string{"TD145 error 48:19-48:24 `email`"}},
		{name: "a delete of an entity with a unique email deletes its guard",
			src: schema(`unique = ["email"]`, "one", `
write_pattern "close_account" {
  delete {
    entity = entity.Customer
  }
}
`)},
		{name: "an update of other attributes leaves the guard alone",
			src: schema(`unique = ["email"]`, "one", `
write_pattern "rename" {
  update {
    entity = entity.Customer
    set    = { name = input.name }
  }
}
`)},
		{name: "a lookup by email that nothing keeps unique, and a put",
			src:  schema(``, "one", register),
			want: []string{"TD145 error 47:14-47:29 `entity.Customer`"}},
		{name: "a lookup by email that nothing keeps unique, and an update of the email",
			src:  schema(``, "one", changeEmail),
			want: []string{"TD145 error 48:35-48:40 `email`"}},
		{name: "a lookup by email declared many",
			src: schema(``, "many", register)},
		{name: "a lookup by email without write patterns",
			src: schema(``, "one", ``)},
	})
}

func TestUniqueNotEnforcedDetail(t *testing.T) {
	got := detailOf(t, ruleUniqueNotEnforced, fmt.Sprintf(customerSchema, "", "one")+`
write_pattern "register" {
  put {
    entity = entity.Customer
  }
}
`)
	want := `Write pattern "register" puts "Customer", and access pattern "customer_by_email" looks it up by "email" with cardinality = "one", but nothing keeps "email" unique: ` +
		`DynamoDB enforces uniqueness only on the primary key, so a put with another key and the same "email" stores a second item the lookup returns. ` +
		`Declare unique = ["email"] on entity "Customer" (a guard item put in the same transaction), or declare the lookup cardinality = "many".`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
