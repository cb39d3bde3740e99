package githubdb_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/tfdyn/tfdyn/examples/github/githubdb"
)

// The application code of examples/github/README.md (compiled, not run:
// it needs a table; the package's contract test runs it live).
func Example_application() {
	ctx := context.Background()
	var client *dynamodb.Client // dynamodb.NewFromConfig(cfg)
	// app:begin
	db := githubdb.New(client)

	repo, err := db.RepoByName(ctx, githubdb.RepoByNameParams{Owner: "alice", Repo: "wonderland"})
	if errors.Is(err, githubdb.ErrNotFound) {
		fmt.Println("no such repository")
	}
	fmt.Println(repo.Description)

	// An item collection: the repository and its stars, one slice each.
	page, err := db.RepoWithStargazers(ctx, githubdb.RepoWithStargazersParams{Owner: "alice", Repo: "wonderland"}, "")
	if err == nil {
		fmt.Println(len(page.Repositories), len(page.Stars))
	}
	// app:end
}
