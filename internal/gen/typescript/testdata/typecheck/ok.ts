// The right calls of the generated modules compile (TestTypeErrors).
import {
  createMatch,
  decideMatch,
  fromMatchRecord,
  matchBracketKeyPrefix,
  matchByBracketQuery,
  matchByID,
  matchByStatusKey,
  matchesByStatus,
  matchesInBracket,
  matchKey,
  matchStatusValues,
  toMatchRecord,
  type Cursor,
  type Db,
  type Match,
  type MatchStatus,
} from "./gen/index.js";

declare const db: Db;

const match: Match = {
  tournamentId: "t1",
  region: "EU",
  round: 1,
  bracket: "UPPER",
  matchId: "m-1",
  status: "SCHEDULED",
  tags: ["final"],
};
const played: MatchStatus = "PLAYED";
const record = toMatchRecord({ ...match, winner: "ace", status: played });
const pk: `MATCH#${string}` = record.PK;
const sk: "MATCH" = record.SK;
const byStatus: `STATUS#${MatchStatus}` | undefined = record.GSI1PK;
const statusPK: "STATUS#SCHEDULED" | "STATUS#PLAYED" = matchByStatusKey(match).GSI1PK;
const back: Match = fromMatchRecord(record);
const key: { PK: `MATCH#${string}`; SK: "MATCH" } = matchKey({ matchId: "m-1" });
const partition = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU" });
const round = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", round: 2 });
const bracket = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", round: 2, bracket: "UPPER" });
const r: number = round.round;
const b: string = bracket.bracket;

export const used = [pk, sk, byStatus, statusPK, back, key, partition, r, b, matchStatusValues];

// Every access pattern and write pattern, with its inputs, pages, cursors
// and an AbortSignal.
export async function calls(signal: AbortSignal): Promise<number> {
  const one: Match | undefined = await matchByID(db, { matchId: "m-1" }, { signal });
  const page = await matchesByStatus(db, { status: "PLAYED" });
  const after: Cursor | undefined = page.next;
  const more = after === undefined ? [] : (await matchesByStatus(db, { status: "PLAYED" }, { after, signal })).items;
  const inBracket = await matchesInBracket(db, { tournamentId: "t1", region: "EU", round: 1, bracket: "UPPER" });
  let n = 0;
  for await (const p of matchByBracketQuery(db, { tournamentId: "t1", region: "EU" }).roundEq(1).bracketEq("UPPER").desc().limit(10).pages({ signal })) {
    n += p.items.length;
  }
  const range = await matchByBracketQuery(db, { tournamentId: "t1", region: "EU" }).roundBetween(1, 3).page();
  await createMatch(db, match, { signal });
  await decideMatch(db, { matchId: "m-1", tournamentId: "t1", status: "PLAYED", winner: "ace" }, { signal });
  return (one === undefined ? 0 : 1) + page.items.length + more.length + inBracket.items.length + range.items.length + n;
}
