package tournamentsdb_test

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/tfdyn/tfdyn/examples/tournaments/tournamentsdb"
)

// The application code of examples/tournaments/README.md (compiled, not
// run: it needs a table; the package's contract test runs it live).
func Example_application() {
	ctx := context.Background()
	var client *dynamodb.Client // dynamodb.NewFromConfig(cfg)
	// app:begin
	db := tournamentsdb.New(client, tournamentsdb.WithTournamentsTable("tournaments-prod"))

	// An access pattern: the matches of a round, all pages.
	for page, err := range db.MatchesInRoundPages(ctx, tournamentsdb.MatchesInRoundParams{
		TournamentID: "t-1", Region: "eu", Round: 2}) {
		if err != nil {
			break
		}
		for _, m := range page.Items {
			fmt.Println(m.MatchID, m.Bracket)
		}
	}

	// A query builder of the multi-attribute key round, bracket, matchId:
	// equality left to right, a range condition last. A query DynamoDB
	// refuses (a gap, a condition after a range) has no method.
	page, err := db.QueryMatchByTournamentRegionIndex("t-1", "eu").
		RoundEq(2).
		BracketBeginsWith("upper").
		Desc().
		Page(ctx, "")
	if err == nil {
		fmt.Println(len(page.Items))
	}
	// app:end
}
