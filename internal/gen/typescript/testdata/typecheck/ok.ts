// The right calls of the generated modules compile (TestTypeErrors).
import {
  fromMatchRecord,
  matchBracketKeyPrefix,
  matchByStatusKey,
  matchKey,
  matchStatusValues,
  toMatchRecord,
  type Match,
  type MatchStatus,
} from "./gen/index.js";

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
