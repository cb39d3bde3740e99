# Issue 30's write forms the published designs do not use, through both
# generators and their live contracts: a labelled put of an entity with a
# unique normalised value and optional attributes beside a labelled put of
# another entity; a labelled update that takes its item out of a sparse
# index beside a labelled delete; object, list and set inputs, and an
# object input of a shape no attribute has (a map's value); document paths
# with list indexes in set and conditions, a + b on a path, if_not_exists,
# SET a = b, list_append of an input list; a filter on a path and a
# projection of two parts of a document.

table "docs" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "Open" {
    partition_key = "GPK"
    sort_key      = "GSK"
  }
}

entity "Account" {
  attributes = {
    id    = string
    Email = string
    Nick  = optional(string)
    Tags  = optional(set(string))
  }
  computed = { Kind = "account" }
  unique   = [lower(Email)]
  key {
    PK = "A#${id}"
    SK = "A"
  }
  example "ann" {
    id    = "ann"
    Email = "Ann@x.io"
    Nick  = "annie"
    Tags  = ["a", "b"]
  }
}

entity "Doc" {
  attributes = {
    owner   = string
    id      = string
    status  = string
    title   = string
    created = optional(string)
    copy    = optional(string)
    count   = optional(number)
    Labels  = list(string)
    Props   = optional(map(string))
    Body = object({
      Sections = list(object({ Head = string, Words = number }))
      Meta     = object({ Lang = string, Hits = number })
    })
  }
  key {
    PK = "A#${owner}"
    SK = "D#${id}"
  }
  index "Open" {
    when = status == "open"
    GPK  = "OPEN#${owner}"
    GSK  = "D#${id}"
  }
  example "d1" {
    owner   = "ann"
    id      = "1"
    status  = "open"
    title   = "One"
    count   = 1
    Labels  = ["x"]
    Body = {
      Sections = [{ Head = "intro", Words = 10 }, { Head = "end", Words = 5 }]
      Meta     = { Lang = "en", Hits = 0 }
    }
  }
  example "d2" {
    owner   = "ann"
    id      = "2"
    status  = "closed"
    title   = "Two"
    created = "2024-01-01"
    Labels  = []
    Body = {
      Sections = [{ Head = "only", Words = 3 }]
      Meta     = { Lang = "fr", Hits = 2 }
    }
  }
}

access_pattern "docs_of_owner" {
  entity = entity.Doc
  key {
    PK = "A#${owner}"
    SK = begins_with("D#")
  }
  filter = Body.Meta.Lang == input.lang
  inputs = { lang = string }
  example {
    owner   = "ann"
    lang    = "en"
    returns = [entity.Doc.example["d1"]]
  }
}

access_pattern "open_docs" {
  entity = entity.Doc
  index  = "Open"
  key {
    GPK = "OPEN#${owner}"
  }
}

access_pattern "meta_of_doc" {
  entity      = entity.Doc
  cardinality = "one"
  attributes  = ["Body.Sections", "Body.Meta", "title"]
  key {
    PK = "A#${owner}"
    SK = "D#${id}"
  }
}

write_pattern "open_account_with_doc" {
  description = "An account and its first document, the document in the open index"
  repeat      = "fails"
  transaction {
    put "account" {
      entity = entity.Account
    }
    put "doc" {
      entity    = entity.Doc
      condition = attribute_not_exists(PK)
    }
  }
}

write_pattern "close_and_retire" {
  description = "Close an open document (out of the open index) and delete a closed one, all or nothing"
  transaction {
    update "closing" {
      entity    = entity.Doc
      set       = { status = "closed", copy = title }
      condition = status == "open"
    }
    delete "retired" {
      entity    = entity.Doc
      condition = status == "closed"
    }
  }
}

write_pattern "edit_body" {
  description = "Rename the first section, count a hit, stamp the creation once, add labels"
  repeat      = "succeeds"
  inputs      = { head = string, now = string, more = list(string) }
  update {
    entity = entity.Doc
    set = {
      Body.Sections[0].Head = input.head
      created               = if_not_exists(created, input.now)
      Labels                = list_append(Labels, input.more)
    }
    condition = attribute_exists(Body.Sections[0])
  }
}

write_pattern "count_hit" {
  repeat = "succeeds"
  update {
    entity = entity.Doc
    set    = { Body.Meta.Hits = Body.Meta.Hits + 1 }
    add    = { count = 1 }
  }
}

write_pattern "replace_sections" {
  repeat = "succeeds"
  inputs = { section = object({ Head = string, Words = number }), meta = object({ Lang = string, Hits = number }) }
  update {
    entity = entity.Doc
    set = {
      Body.Sections = [input.section]
      Body.Meta     = input.meta
    }
    remove = ["copy"]
  }
}

write_pattern "tag_account" {
  repeat = "succeeds"
  inputs = { tags = set(string) }
  update {
    entity = entity.Account
    set    = { Tags = input.tags }
  }
}

write_pattern "set_props" {
  description = "Set a document's properties from an object input of a shape of its own"
  repeat      = "succeeds"
  inputs      = { props = object({ color = string, size = string }) }
  update {
    entity = entity.Doc
    set    = { Props = input.props }
  }
}
