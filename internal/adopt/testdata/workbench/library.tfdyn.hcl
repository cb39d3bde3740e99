# Imported by tfdyn import --from-workbench from library.json (table "library").
# Entities and access patterns are proposals from the facets and their sample items: review them.
table "library" {
  name                   = "library"
  billing_mode           = "PROVISIONED"
  read_capacity          = 5
  write_capacity         = 2
  partition_key          = "PK"
  sort_key               = "SK"
  point_in_time_recovery = false
  deletion_protection    = false
  table_class            = "STANDARD"

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
    projection    = "INCLUDE"
    include       = ["title"]
  }
}

# Proposal: NoSQL Workbench facet "Book", inferred from its 2 items with partition key prefix "BOOK#" and sort key prefix "DETAILS".
# Left out: "meta" has DynamoDB type M, which a tfdyn attribute type cannot express: declare it by hand.
entity "Book" {
  table = table.library
  attributes = {
    GSI1SK = string
    author = string
    book   = string
    pages  = number
    tags   = optional(set(string))
    title  = string
  }

  key {
    PK = "BOOK#${book}"
    SK = "DETAILS"
  }

  index "GSI1" {
    GSI1PK = "AUTHOR#${author}"
  }

  example {
    GSI1SK = "BOOK#b-1"
    author = "herbert"
    book   = "b-1"
    pages  = 412
    tags   = ["classic", "scifi"]
    title  = "Dune"
  }

  example {
    GSI1SK = "BOOK#b-2"
    author = "austen"
    book   = "b-2"
    pages  = 474
    title  = "Emma"
  }
}

# Proposal: NoSQL Workbench facet "Loan record", inferred from its 2 items with partition key prefix "BOOK#" and sort key prefix "LOAN#".
entity "LoanRecord" {
  table = table.library
  attributes = {
    book   = string
    loan   = string
    member = string
  }

  key {
    PK = "BOOK#${book}"
    SK = "LOAN#${loan}"
  }

  example {
    book   = "b-1"
    loan   = "l-1"
    member = "ann"
  }

  example {
    book   = "b-1"
    loan   = "l-2"
    member = "bob"
  }
}

# Proposal: NoSQL Workbench facet "Shelf", which holds no sample item: its attributes are the
# facet's, typed from the model; add key templates and examples.
entity "Shelf" {
  table = table.library
  attributes = {
    PK    = string
    SK    = string
    title = optional(string)
  }
}

# Proposal: inferred from 2 items with partition key prefix "MEMBER#" and sort key prefix "PROFILE".
entity "Profile" {
  table = table.library
  attributes = {
    member = string
    since  = number
  }

  key {
    PK = "MEMBER#${member}"
    SK = "PROFILE"
  }

  example {
    member = "ann"
    since  = 2020
  }

  example {
    member = "bob"
    since  = 2023
  }
}

# Proposal: read one item of the facet by its key; replace with the access patterns of your application.
access_pattern "get_book" {
  description = "Get one Book by its primary key"
  entity      = entity.Book

  key {
    PK = "BOOK#${book}"
    SK = "DETAILS"
  }
}

# Proposal: read one item of the facet by its key; replace with the access patterns of your application.
access_pattern "get_loan_record" {
  description = "Get one LoanRecord by its primary key"
  entity      = entity.LoanRecord

  key {
    PK = "BOOK#${book}"
    SK = "LOAN#${loan}"
  }
}

# Proposal: read one item of the facet by its key; replace with the access patterns of your application.
access_pattern "get_shelf" {
  description = "Get one Shelf by its primary key"
  entity      = entity.Shelf

  key {
    PK = PK
    SK = SK
  }
}

# Proposal: read one item of the facet by its key; replace with the access patterns of your application.
access_pattern "get_profile" {
  description = "Get one Profile by its primary key"
  entity      = entity.Profile

  key {
    PK = "MEMBER#${member}"
    SK = "PROFILE"
  }
}
