# A GitHub-like system: the worked model of seed 002.
#
# Accounts (users and organizations share the ACCOUNT# prefix), repositories,
# issues and pull requests with zero-padded numbers, comments grouped under
# their repository, stars as an adjacency list inverted by GSI1, forks
# collected in GSI2, repositories by owner in GSI3 and issues by status in
# GSI4 (open ones newest first through reversed numbers).

table "github" {
  name                   = "github"
  partition_key          = "PK"
  sort_key               = "SK"
  stream                 = "NEW_IMAGE"
  point_in_time_recovery = true
  deletion_protection    = true
  tags = {
    team = "platform"
  }

  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
  global_secondary_index "GSI2" {
    partition_key = "GSI2PK"
    sort_key      = "GSI2SK"
  }
  global_secondary_index "GSI3" {
    partition_key = "GSI3PK"
    sort_key      = "GSI3SK"
  }
  global_secondary_index "GSI4" {
    partition_key = "GSI4PK"
    sort_key      = "GSI4SK"
  }
}

entity "User" {
  table = table.github
  attributes = {
    login     = string
    email     = string
    bio       = optional(string)
    createdAt = string
  }
  key {
    PK = "ACCOUNT#${login}"
    SK = "ACCOUNT#${login}"
  }
  index "GSI1" {
    GSI1PK = "ACCOUNT#${login}"
    GSI1SK = "ACCOUNT#${login}"
  }
  index "GSI3" {
    GSI3PK = "ACCOUNT#${login}"
    GSI3SK = "ACCOUNT#${login}"
  }
  workload {
    items       = 1000000
    writes      = 2
    peak_writes = 20
  }
  example "alice" {
    login     = "alice"
    email     = "alice@example.com"
    bio       = "Compilers and coffee"
    createdAt = "2020-03-01T09:00:00Z"
  }
  example "bob" {
    login     = "bob"
    email     = "bob@example.com"
    createdAt = "2021-07-12T18:45:00Z"
  }
}

entity "Organization" {
  table = table.github
  attributes = {
    login     = string
    plan      = string
    createdAt = string
  }
  key {
    PK = "ACCOUNT#${login}"
    SK = "ACCOUNT#${login}"
  }
  index "GSI1" {
    GSI1PK = "ACCOUNT#${login}"
    GSI1SK = "ACCOUNT#${login}"
  }
  index "GSI3" {
    GSI3PK = "ACCOUNT#${login}"
    GSI3SK = "ACCOUNT#${login}"
  }
  workload {
    items       = 50000
    writes      = 0.1
    peak_writes = 2
  }
  example "acme" {
    login     = "acme"
    plan      = "enterprise"
    createdAt = "2019-01-15T12:00:00Z"
  }
  example "tinyco" {
    login     = "tinyco"
    plan      = "free"
    createdAt = "2023-09-30T07:20:00Z"
  }
}

entity "Membership" {
  table = table.github
  attributes = {
    org      = string
    username = string
    role     = string
    joinedAt = string
  }
  key {
    PK = "ORG#${org}"
    SK = "MEMBER#${username}"
  }
  index "GSI1" {
    GSI1PK = "ACCOUNT#${username}"
    GSI1SK = "ORG#${org}"
  }
  workload {
    items            = 400000
    writes           = 0.5
    peak_writes      = 5
    partitions       = 50000
    index_partitions = { GSI1 = 300000 }
  }
  example "acme-alice" {
    org      = "acme"
    username = "alice"
    role     = "admin"
    joinedAt = "2020-04-01T10:00:00Z"
  }
  example "acme-bob" {
    org      = "acme"
    username = "bob"
    role     = "member"
    joinedAt = "2022-01-10T10:00:00Z"
  }
}

entity "Repository" {
  table = table.github
  attributes = {
    owner       = string
    repo        = string
    description = optional(string)
    isPrivate   = bool
    updatedAt   = string
  }
  key {
    PK = "REPO#${owner}#${repo}"
    SK = "REPO#${owner}#${repo}"
  }
  index "GSI1" {
    GSI1PK = "REPO#${owner}#${repo}"
    GSI1SK = "REPO#${owner}#${repo}"
  }
  index "GSI2" {
    GSI2PK = "REPO#${owner}#${repo}"
    GSI2SK = "REPO#${owner}#${repo}"
  }
  index "GSI3" {
    GSI3PK = "ACCOUNT#${owner}"
    GSI3SK = "#${updatedAt}"
  }
  index "GSI4" {
    GSI4PK = "REPO#${owner}#${repo}"
    GSI4SK = "#REPO#${owner}#${repo}"
  }
  workload {
    items            = 3000000
    writes           = 3
    peak_writes      = 30
    index_partitions = { GSI3 = 900000 }
  }
  example "acme-rocket" {
    owner       = "acme"
    repo        = "rocket"
    description = "Rockets, delivered"
    isPrivate   = false
    updatedAt   = "2024-06-01T12:00:00Z"
  }
  example "acme-anvil" {
    owner     = "acme"
    repo      = "anvil"
    isPrivate = true
    updatedAt = "2024-03-15T08:00:00Z"
  }
  example "alice-dotfiles" {
    owner     = "alice"
    repo      = "dotfiles"
    isPrivate = false
    updatedAt = "2023-12-24T23:59:00Z"
  }
}

entity "Issue" {
  table = table.github
  attributes = {
    owner     = string
    repo      = string
    number    = number
    title     = string
    status    = string
    author    = string
    createdAt = string
  }
  key {
    PK = "ISSUE#${owner}#${repo}#${format("%07d", number)}"
    SK = "ISSUE#${owner}#${repo}#${format("%07d", number)}"
  }
  index "GSI1" {
    GSI1PK = "ISSUE#${owner}#${repo}"
    GSI1SK = "ISSUE#${format("%07d", number)}"
  }
  # Open issues sort newest first (reversed number), closed ones oldest first
  # behind a "#" prefix, so one partition answers both questions.
  index "GSI4" {
    GSI4PK = "ISSUE#${owner}#${repo}"
    GSI4SK = status == "OPEN" ? "ISSUE#OPEN#${format("%07d", 9999999 - number)}" : "#ISSUE#CLOSED#${format("%07d", number)}"
  }
  workload {
    items            = 20000000
    writes           = 10
    peak_writes      = 100
    index_partitions = { GSI1 = 1500000, GSI4 = 1500000 }
  }
  example "rocket-1" {
    owner     = "acme"
    repo      = "rocket"
    number    = 1
    title     = "Launch pad wobbles"
    status    = "CLOSED"
    author    = "bob"
    createdAt = "2024-01-02T10:00:00Z"
  }
  example "rocket-2" {
    owner     = "acme"
    repo      = "rocket"
    number    = 2
    title     = "Fuel gauge reads backwards"
    status    = "OPEN"
    author    = "alice"
    createdAt = "2024-02-03T11:00:00Z"
  }
  example "rocket-10" {
    owner     = "acme"
    repo      = "rocket"
    number    = 10
    title     = "Countdown skips 9"
    status    = "OPEN"
    author    = "bob"
    createdAt = "2024-05-05T12:00:00Z"
  }
}

entity "PullRequest" {
  table = table.github
  attributes = {
    owner     = string
    repo      = string
    number    = number
    title     = string
    status    = string
    author    = string
    createdAt = string
  }
  key {
    PK = "PR#${owner}#${repo}#${format("%07d", number)}"
    SK = "PR#${owner}#${repo}#${format("%07d", number)}"
  }
  index "GSI1" {
    GSI1PK = "PR#${owner}#${repo}"
    GSI1SK = "PR#${format("%07d", number)}"
  }
  # Sparse: only open pull requests appear in GSI4 (the review queue).
  index "GSI4" {
    when   = status == "OPEN"
    GSI4PK = "PR#${owner}#${repo}"
    GSI4SK = "PR#OPEN#${format("%07d", 9999999 - number)}"
  }
  workload {
    items            = 8000000
    writes           = 5
    peak_writes      = 50
    index_partitions = { GSI1 = 1000000, GSI4 = 1000000 }
  }
  example "rocket-3" {
    owner     = "acme"
    repo      = "rocket"
    number    = 3
    title     = "Fix fuel gauge"
    status    = "OPEN"
    author    = "alice"
    createdAt = "2024-02-04T09:00:00Z"
  }
  example "rocket-4" {
    owner     = "acme"
    repo      = "rocket"
    number    = 4
    title     = "Tighten launch pad bolts"
    status    = "MERGED"
    author    = "bob"
    createdAt = "2024-01-03T09:00:00Z"
  }
}

entity "IssueComment" {
  table = table.github
  attributes = {
    owner     = string
    repo      = string
    number    = number
    commentId = string
    author    = string
    body      = string
  }
  key {
    PK = "REPO#${owner}#${repo}"
    SK = "ISSUE#${format("%07d", number)}#COMMENT#${commentId}"
  }
  workload {
    items       = 60000000
    writes      = 30
    peak_writes = 300
    partitions  = 20000000
  }
  example "issue2-c1" {
    owner     = "acme"
    repo      = "rocket"
    number    = 2
    commentId = "2024-02-03T12:00:00Z-c1"
    author    = "bob"
    body      = "Confirmed on the test stand."
  }
  example "issue2-c2" {
    owner     = "acme"
    repo      = "rocket"
    number    = 2
    commentId = "2024-02-04T08:00:00Z-c2"
    author    = "alice"
    body      = "Fix in #3."
  }
}

entity "PRComment" {
  table = table.github
  attributes = {
    owner     = string
    repo      = string
    number    = number
    commentId = string
    author    = string
    body      = string
  }
  key {
    PK = "REPO#${owner}#${repo}"
    SK = "PR#${format("%07d", number)}#COMMENT#${commentId}"
  }
  workload {
    items       = 30000000
    writes      = 15
    peak_writes = 150
    partitions  = 8000000
  }
  example "pr3-c1" {
    owner     = "acme"
    repo      = "rocket"
    number    = 3
    commentId = "2024-02-04T10:00:00Z-c1"
    author    = "bob"
    body      = "LGTM"
  }
  example "pr3-c2" {
    owner     = "acme"
    repo      = "rocket"
    number    = 3
    commentId = "2024-02-04T11:30:00Z-c2"
    author    = "alice"
    body      = "Merging after CI."
  }
}

entity "Star" {
  table = table.github
  attributes = {
    username  = string
    owner     = string
    repo      = string
    starredAt = string
  }
  key {
    PK = "ACCOUNT#${username}"
    SK = "STAR#${owner}#${repo}#${starredAt}"
  }
  index "GSI1" {
    GSI1PK = "REPO#${owner}#${repo}"
    GSI1SK = "STAR#${username}#${starredAt}"
  }
  workload {
    items            = 50000000
    writes           = 20
    peak_writes      = 400
    partitions       = 800000
    index_partitions = { GSI1 = 2000000 }
  }
  example "alice-rocket" {
    username  = "alice"
    owner     = "acme"
    repo      = "rocket"
    starredAt = "2024-01-01T00:00:00Z"
  }
  example "bob-rocket" {
    username  = "bob"
    owner     = "acme"
    repo      = "rocket"
    starredAt = "2024-01-02T00:00:00Z"
  }
}

# A fork is kept under the original repository; GSI2 collects the original
# and its forks without the issues and comments of the main partition.
entity "Fork" {
  table = table.github
  attributes = {
    owner     = string
    repo      = string
    forkOwner = string
    forkedAt  = string
  }
  key {
    PK = "REPO#${owner}#${repo}"
    SK = "FORK#${forkOwner}"
  }
  index "GSI2" {
    GSI2PK = "REPO#${owner}#${repo}"
    GSI2SK = "FORK#${forkOwner}"
  }
  workload {
    items            = 2000000
    writes           = 1
    peak_writes      = 10
    index_partitions = { GSI2 = 500000 }
  }
  example "alice" {
    owner     = "acme"
    repo      = "rocket"
    forkOwner = "alice"
    forkedAt  = "2024-02-01T00:00:00Z"
  }
  example "bob" {
    owner     = "acme"
    repo      = "rocket"
    forkOwner = "bob"
    forkedAt  = "2024-03-01T00:00:00Z"
  }
}

entity "Counter" {
  table = table.github
  attributes = {
    owner      = string
    repo       = string
    lastNumber = number
  }
  key {
    PK = "COUNTER#${owner}#${repo}"
    SK = "METADATA"
  }
  workload {
    items       = 3000000
    writes      = 15
    peak_writes = 150
  }
  example "rocket" {
    owner      = "acme"
    repo       = "rocket"
    lastNumber = 10
  }
  example "dotfiles" {
    owner      = "alice"
    repo       = "dotfiles"
    lastNumber = 0
  }
}

access_pattern "account_by_login" {
  description = "Get an account (user or organization) by login; ACCOUNT# is shared, so the item says which"
  entities    = [entity.User, entity.Organization]
  key {
    PK = "ACCOUNT#${login}"
    SK = "ACCOUNT#${login}"
  }
  workload {
    rate      = 200
    peak_rate = 2000
  }
  example {
    login   = "alice"
    returns = [entity.User.example["alice"]]
  }
}

access_pattern "members_of_org" {
  description = "Members of an organization"
  entity      = entity.Membership
  key {
    PK = "ORG#${org}"
    SK = begins_with("MEMBER#")
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    org     = "acme"
    returns = [entity.Membership.example["acme-alice"], entity.Membership.example["acme-bob"]]
  }
}

access_pattern "orgs_for_user" {
  description = "Organizations a user belongs to"
  entity      = entity.Membership
  index       = "GSI1"
  key {
    GSI1PK = "ACCOUNT#${username}"
    GSI1SK = begins_with("ORG#")
  }
  workload {
    rate      = 20
    peak_rate = 200
  }
  example {
    username = "alice"
    returns  = [entity.Membership.example["acme-alice"]]
  }
}

access_pattern "repo_by_name" {
  description = "Get a repository by owner and name"
  entity      = entity.Repository
  key {
    PK = "REPO#${owner}#${repo}"
    SK = "REPO#${owner}#${repo}"
  }
  workload {
    rate      = 500
    peak_rate = 5000
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Repository.example["acme-rocket"]]
  }
}

access_pattern "repos_for_owner" {
  description = "Repositories of an account, most recently updated first"
  entity      = entity.Repository
  index       = "GSI3"
  key {
    GSI3PK = "ACCOUNT#${owner}"
    GSI3SK = begins_with("#")
  }
  order = "desc"
  limit = 30
  workload {
    rate      = 50
    peak_rate = 500
  }
  example {
    owner   = "acme"
    returns = [entity.Repository.example["acme-rocket"], entity.Repository.example["acme-anvil"]]
  }
}

access_pattern "public_repos_for_owner" {
  description = "Public repositories of an account, most recently updated first"
  entity      = entity.Repository
  index       = "GSI3"
  key {
    GSI3PK = "ACCOUNT#${owner}"
    GSI3SK = begins_with("#")
  }
  order  = "desc"
  filter = !isPrivate
  workload {
    rate      = 100
    peak_rate = 1000
  }
  example {
    owner   = "acme"
    returns = [entity.Repository.example["acme-rocket"]]
  }
}

access_pattern "issue_by_number" {
  description = "Get an issue by repository and number"
  entity      = entity.Issue
  key {
    PK = "ISSUE#${owner}#${repo}#${format("%07d", number)}"
    SK = "ISSUE#${owner}#${repo}#${format("%07d", number)}"
  }
  workload {
    rate      = 150
    peak_rate = 1500
  }
  example {
    number  = 1
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Issue.example["rocket-1"]]
  }
}

access_pattern "issues_for_repo" {
  description = "All issues of a repository, by number"
  entity      = entity.Issue
  index       = "GSI1"
  key {
    GSI1PK = "ISSUE#${owner}#${repo}"
  }
  workload {
    rate      = 40
    peak_rate = 400
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Issue.example["rocket-1"], entity.Issue.example["rocket-2"], entity.Issue.example["rocket-10"]]
  }
}

access_pattern "open_issues_for_repo" {
  description = "Open issues of a repository, newest first"
  entity      = entity.Issue
  index       = "GSI4"
  key {
    GSI4PK = "ISSUE#${owner}#${repo}"
    GSI4SK = begins_with("ISSUE#OPEN#")
  }
  limit = 25
  workload {
    rate      = 80
    peak_rate = 800
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Issue.example["rocket-10"], entity.Issue.example["rocket-2"]]
  }
}

access_pattern "closed_issues_for_repo" {
  description = "Closed issues of a repository, oldest first"
  entity      = entity.Issue
  index       = "GSI4"
  key {
    GSI4PK = "ISSUE#${owner}#${repo}"
    GSI4SK = begins_with("#ISSUE#CLOSED#")
  }
  workload {
    rate      = 10
    peak_rate = 100
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Issue.example["rocket-1"]]
  }
}

access_pattern "comments_for_issue" {
  description = "Comments of an issue, oldest first"
  entity      = entity.IssueComment
  key {
    PK = "REPO#${owner}#${repo}"
    SK = begins_with("ISSUE#${format("%07d", number)}#COMMENT#")
  }
  workload {
    rate      = 150
    peak_rate = 1500
  }
  example {
    number  = 2
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.IssueComment.example["issue2-c1"], entity.IssueComment.example["issue2-c2"]]
  }
}

access_pattern "pull_request_by_number" {
  description = "Get a pull request by repository and number"
  entity      = entity.PullRequest
  key {
    PK = "PR#${owner}#${repo}#${format("%07d", number)}"
    SK = "PR#${owner}#${repo}#${format("%07d", number)}"
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
  example {
    number  = 3
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.PullRequest.example["rocket-3"]]
  }
}

access_pattern "pull_requests_for_repo" {
  description = "All pull requests of a repository, newest first"
  entity      = entity.PullRequest
  index       = "GSI1"
  key {
    GSI1PK = "PR#${owner}#${repo}"
    GSI1SK = begins_with("PR#")
  }
  order = "desc"
  workload {
    rate      = 30
    peak_rate = 300
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.PullRequest.example["rocket-4"], entity.PullRequest.example["rocket-3"]]
  }
}

access_pattern "open_pull_requests_for_repo" {
  description = "Review queue: open pull requests of a repository, newest first (sparse GSI4)"
  entity      = entity.PullRequest
  index       = "GSI4"
  key {
    GSI4PK = "PR#${owner}#${repo}"
  }
  workload {
    rate      = 60
    peak_rate = 600
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.PullRequest.example["rocket-3"]]
  }
}

access_pattern "comments_for_pull_request" {
  description = "Comments of a pull request, oldest first"
  entity      = entity.PRComment
  key {
    PK = "REPO#${owner}#${repo}"
    SK = begins_with("PR#${format("%07d", number)}#COMMENT#")
  }
  workload {
    rate      = 100
    peak_rate = 1000
  }
  example {
    number  = 3
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.PRComment.example["pr3-c1"], entity.PRComment.example["pr3-c2"]]
  }
}

access_pattern "stargazers" {
  description = "Users who starred a repository"
  entity      = entity.Star
  index       = "GSI1"
  key {
    GSI1PK = "REPO#${owner}#${repo}"
    GSI1SK = begins_with("STAR#")
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Star.example["alice-rocket"], entity.Star.example["bob-rocket"]]
  }
}

access_pattern "repo_with_stargazers" {
  description = "A repository and its stargazers in one request"
  entities    = [entity.Repository, entity.Star]
  index       = "GSI1"
  key {
    GSI1PK = "REPO#${owner}#${repo}"
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Repository.example["acme-rocket"], entity.Star.example["alice-rocket"], entity.Star.example["bob-rocket"]]
  }
}

access_pattern "stars_of_user" {
  description = "Repositories a user starred"
  entity      = entity.Star
  key {
    PK = "ACCOUNT#${username}"
    SK = begins_with("STAR#")
  }
  workload {
    rate      = 10
    peak_rate = 100
  }
  example {
    username = "alice"
    returns  = [entity.Star.example["alice-rocket"]]
  }
}

access_pattern "forks_of_repo" {
  description = "Forks of a repository"
  entity      = entity.Fork
  index       = "GSI2"
  key {
    GSI2PK = "REPO#${owner}#${repo}"
    GSI2SK = begins_with("FORK#")
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Fork.example["alice"], entity.Fork.example["bob"]]
  }
}

access_pattern "repo_with_forks" {
  description = "A repository and its forks in one request"
  entities    = [entity.Repository, entity.Fork]
  index       = "GSI2"
  key {
    GSI2PK = "REPO#${owner}#${repo}"
  }
  workload {
    rate      = 5
    peak_rate = 50
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Fork.example["alice"], entity.Fork.example["bob"], entity.Repository.example["acme-rocket"]]
  }
}

access_pattern "issue_counter" {
  description = "Read the issue number sequence of a repository"
  entity      = entity.Counter
  key {
    PK = "COUNTER#${owner}#${repo}"
    SK = "METADATA"
  }
  workload {
    rate        = 15
    peak_rate   = 150
    consistency = "strong"
  }
  example {
    owner   = "acme"
    repo    = "rocket"
    returns = [entity.Counter.example["rocket"]]
  }
}
