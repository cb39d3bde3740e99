package lint

import (
	"fmt"
	"testing"
)

func TestPutConditionNotOnKey(t *testing.T) {
	put := func(cond string) string {
		return fmt.Sprintf(customerSchema, "", "many") + `
write_pattern "register" {
  put {
    entity    = entity.Customer
    condition = ` + cond + `
  }
}
`
	}
	runRuleCases(t, rulePutConditionNotOnKey, []ruleCase{
		{name: "attribute_not_exists on the email", src: put(`attribute_not_exists(email)`),
			want: []string{"TD147 error 48:17-48:44 `attribute_not_exists(email)`"}},
		{name: "an optional attribute tested for null beside a version check", src: put(`nick == null && name != "root"`),
			want: []string{"TD147 error 48:17-48:29 `nick == null`"}},
		{name: "a GSI key attribute", src: put(`attribute_not_exists(GSI1PK)`),
			want: []string{"TD147 error 48:17-48:45 `attribute_not_exists(GSI1PK)`"}},
		{name: "the partition key", src: put(`attribute_not_exists(PK)`)},
		{name: "the sort key", src: put(`attribute_not_exists(SK)`)},
		{name: "the required attribute the key is computed from", src: put(`attribute_not_exists(username)`)},
		{name: "a test under || is not a requirement", src: put(`attribute_not_exists(PK) || attribute_not_exists(email)`)},
		{name: "a put without condition", src: fmt.Sprintf(customerSchema, "", "many") + `
write_pattern "upsert" {
  put {
    entity = entity.Customer
  }
}
`},
	})
}

func TestPutConditionNotOnKeyDetail(t *testing.T) {
	got := detailOf(t, rulePutConditionNotOnKey, fmt.Sprintf(customerSchema, "", "many")+`
write_pattern "register" {
  put {
    entity    = entity.Customer
    condition = attribute_not_exists(email)
  }
}
`)
	want := `Write pattern "register" puts "Customer" only if attribute_not_exists(email), but DynamoDB evaluates a put's condition on the one stored item with the same primary key: it never sees another item with the same email. ` +
		`Entity "Customer" requires "email", so the test refuses an existing item of the entity at the same key, but nothing more. ` +
		`To refuse a duplicate key, test the partition key: attribute_not_exists(PK). ` +
		`To keep "email" unique across items, declare unique = ["email"] on entity "Customer" (a guard item put in the same transaction).`
	if got != want {
		t.Errorf("detail:\n%s\nwant:\n%s", got, want)
	}
}
