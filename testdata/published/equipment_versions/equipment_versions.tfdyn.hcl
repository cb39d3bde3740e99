# Versioned equipment records, re-modelled from the number-based version
# control AWS publishes (the AWS Database Blog post "Implementing version
# control using Amazon DynamoDB" and its code in
# aws-samples/amazon-dynamodb-design-patterns, examples/version-control,
# transactional-write).
#
# Each piece of equipment is one item collection: its metadata, one item per
# version of its state ("v1", "v2", ...) and a copy of the latest state under
# "v0" that also holds the latest version number. A new version is one
# transaction: the v0 item moves to the new state only if its version number
# is still the one the writer read (optimistic locking), and the version item
# is put beside it; a writer that lost the race writes nothing.

table "equipment_versions" {
  name          = "VersionControl"
  billing_mode  = "PAY_PER_REQUEST"
  partition_key = "PK"
  sort_key      = "SK"
}

entity "Equipment" {
  attributes = {
    ID        = string
    Name      = string
    FactoryID = string
    LineID    = string
  }
  key {
    PK = "${ID}"
    SK = "Metadata"
  }
  example "eq1" {
    ID        = "Equipment#1"
    Name      = "Press"
    FactoryID = "F#1"
    LineID    = "L#1"
  }
}

# The latest state, copied under v0 with the number of the version it copies.
entity "LatestVersion" {
  attributes = {
    ID     = string
    Latest = number
    Time   = string
    State  = string
  }
  key {
    PK = "${ID}"
    SK = "v0"
  }
  example "eq1" {
    ID     = "Equipment#1"
    Latest = 2
    Time   = "2020-11-12T20:08:00"
    State  = "WARNING2"
  }
}

entity "Version" {
  attributes = {
    ID      = string
    Version = number
    Time    = string
    State   = string
  }
  key {
    PK = "${ID}"
    SK = "v${format("%010d", Version)}" # published unpadded ("v${Version}"): TD110, v10 sorted before v9
  }
  example "eq1-v1" {
    ID      = "Equipment#1"
    Version = 1
    Time    = "2020-11-12T20:04:00"
    State   = "WARNING1"
  }
  example "eq1-v2" {
    ID      = "Equipment#1"
    Version = 2
    Time    = "2020-11-12T20:08:00"
    State   = "WARNING2"
  }
}

access_pattern "get_equipment" {
  entity      = entity.Equipment
  cardinality = "one"
  key {
    PK = "${ID}"
    SK = "Metadata"
  }
}

access_pattern "get_latest_version" {
  description = "The latest state of a piece of equipment, one GetItem"
  entity      = entity.LatestVersion
  cardinality = "one"
  key {
    PK = "${ID}"
    SK = "v0"
  }
}

access_pattern "versions_of_equipment" {
  description = "Every version of a piece of equipment, oldest first"
  entity      = entity.Version
  key {
    PK = "${ID}"
    SK = gt("v0") # published begins_with("v"): TD112, it also read the v0 copy
  }
  example {
    ID      = "Equipment#1"
    returns = [entity.Version.example["eq1-v1"], entity.Version.example["eq1-v2"]]
  }
}

write_pattern "add_equipment" {
  repeat = "fails"
  put {
    entity    = entity.Equipment
    condition = attribute_not_exists(PK)
  }
}

write_pattern "add_new_version" {
  description = "Move v0 to a new version if nobody did since it was read, and keep the version"
  inputs      = { expected = number }
  repeat      = "fails"
  transaction {
    update "latest" {
      entity = entity.LatestVersion
      set = {
        Time   = input.version.Time
        State  = input.version.State
        Latest = input.version.Version
      }
      condition = Latest == null || Latest == input.expected
    }
    put "version" {
      entity    = entity.Version
      condition = attribute_not_exists(PK)
    }
  }
}
