# Releases, in one partition. The first example's version plus 1000 is the
# second example's: verify's first fresh version for add_version is taken,
# so it must try other values before it can run the success case.
# archive_draft applies to drafts only, and no item is a draft: its success
# case cannot run.
table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Version" {
  attributes = {
    version = number
    status  = string
  }
  key {
    PK = "RELEASES"
    SK = "V#${format("%06d", version)}"
  }
  example "v1" {
    version = 1
    status  = "PUBLISHED"
  }
  example "v1001" {
    version = 1001
    status  = "PUBLISHED"
  }
}

access_pattern "releases" {
  entity = entity.Version
  key {
    PK = "RELEASES"
    SK = begins_with("V#")
  }
}

write_pattern "add_version" {
  description = "Add a version; a version is written once"
  repeat      = "fails"
  put {
    entity    = entity.Version
    condition = attribute_not_exists(PK)
  }
}

write_pattern "archive_draft" {
  description = "Archive a draft"
  repeat      = "fails"
  update {
    entity    = entity.Version
    set       = { status = "ARCHIVED" }
    condition = status == "DRAFT"
  }
}
