# Items of known sizes for the live comparison of consumed capacity with the
# estimate (TestLiveCapacityMatchesEstimate).

table "cap" {
  partition_key = "PK"
  sort_key      = "SK"

  global_secondary_index "ByOwner" {
    partition_key = "owner"
    sort_key      = "id"
    projection    = "KEYS_ONLY"
  }
}

entity "Doc" {
  table = table.cap
  attributes = {
    folder = string
    id     = string
    owner  = string
    status = string
    body   = string
  }
  key {
    PK = "FOLDER#${folder}"
    SK = "DOC#${id}"
  }
  example "small" {
    folder = "f1"
    id     = "d1"
    owner  = "ann"
    status = "OPEN"
    body   = "short"
  }
  example "large" {
    folder = "f1"
    id     = "d2"
    owner  = "ann"
    status = "DONE"
    body   = format("%10000s", "x")
  }
  example "medium" {
    folder = "f1"
    id     = "d3"
    owner  = "bob"
    status = "DONE"
    body   = format("%5000s", "x")
  }
}

access_pattern "doc_by_id" {
  description = "One doc, strongly consistent"
  entity      = entity.Doc
  key {
    PK = "FOLDER#${folder}"
    SK = "DOC#${id}"
  }
  workload {
    consistency = "strong"
  }
}

access_pattern "docs_in_folder" {
  description = "Every doc of a folder"
  entity      = entity.Doc
  key {
    PK = "FOLDER#${folder}"
    SK = begins_with("DOC#")
  }
}

access_pattern "open_docs_in_folder" {
  description = "Open docs of a folder: the filter drops the large ones after reading them"
  entity      = entity.Doc
  key {
    PK = "FOLDER#${folder}"
    SK = begins_with("DOC#")
  }
  filter = status == "OPEN"
}

access_pattern "docs_of_owner" {
  description = "Keys of an owner's docs from a KEYS_ONLY GSI"
  entity      = entity.Doc
  index       = "ByOwner"
  key {
    owner = owner
  }
}
