// Type errors of calls of the generated modules are compile errors: each
// line marked "want:" fails tsc with that error ("want(typescript5):" where
// TypeScript 5.9 words it differently), and nothing else does
// (TestTypeErrors).
import {
  createMatch,
  decideMatch,
  matchBracketKeyPrefix,
  matchByBracketQuery,
  matchByID,
  matchesByStatus,
  matchesInBracket,
  matchKey,
  toMatchRecord,
  type Db,
  type Match,
} from "./gen/index.js";

declare const db: Db;

const base: Match = { tournamentId: "t1", region: "EU", round: 1, bracket: "UPPER", matchId: "m-1", status: "PLAYED", tags: [] };

// A wrong enum value.
export const wrongEnum: Match = { ...base, status: "CANCELLED" }; // want: 44 TS2322 Type '"CANCELLED"' is not assignable to type 'MatchStatus'.

// A write with a wrong attribute type.
export const wrongType = toMatchRecord({ ...base, round: "1" }); // want: 51 TS2322 Type 'string' is not assignable to type 'number'.

// An absent optional attribute is left out, not undefined (exactOptionalPropertyTypes).
export const undefinedOptional = toMatchRecord({ ...base, winner: undefined }); // want: 48 TS2379 Argument of type '{ tournamentId: string; region: string; round: number; bracket: string; matchId: string; status: MatchStatus; tags: string[]; winner: undefined; }' is not assignable to parameter of type 'Match' with 'exactOptionalPropertyTypes: true'. Consider adding 'undefined' to the types of the target's properties. // want(typescript5): 48 TS2379 Argument of type '{ winner: undefined; tournamentId: string; region: string; round: number; bracket: string; matchId: string; status: MatchStatus; tags: string[]; }' is not assignable to parameter of type 'Match' with 'exactOptionalPropertyTypes: true'. Consider adding 'undefined' to the types of the target's properties.

// A key builder with a missing input.
export const missingInput = matchKey({}); // want: 38 TS2741 Property 'matchId' is missing in type '{}' but required in type '{ matchId: string; }'. // want(typescript5): 38 TS2345 Argument of type '{}' is not assignable to parameter of type '{ matchId: string; }'.

// A multi-attribute key prefix that skips a sort attribute (round).
export const skipped = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", bracket: "UPPER" }); // want: 46 TS2769 No overload matches this call. // want(typescript5): 24 TS2769 No overload matches this call.

// A prefix gives only the attributes asked for.
export const deeper: string = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", round: 1 }).bracket; // want: 101 TS2339 Property 'bracket' does not exist on type '{ tournamentId: string; region: string; round: number; }'.

// A key of one template is not a key of another.
export const otherKey: `ORDER#${string}` = toMatchRecord(base).PK; // want: 14 TS2322 Type '`MATCH#${string}`' is not assignable to type '`ORDER#${string}`'.

// An access pattern called with a missing input.
export const patternMissingInput = matchByID(db, {}); // want: 50 TS2741 Property 'matchId' is missing in type '{}' but required in type 'MatchByIDInput'. // want(typescript5): 50 TS2345 Argument of type '{}' is not assignable to parameter of type 'MatchByIDInput'.

// An access pattern called with a value its enum does not list.
export const patternWrongEnum = matchesByStatus(db, { status: "CANCELLED" }); // want: 55 TS2322 Type '"CANCELLED"' is not assignable to type 'MatchStatus'.

// A multi-attribute pattern called without a sort attribute before the last one it fixes (round).
export const patternSkipped = matchesInBracket(db, { tournamentId: "t1", region: "EU", bracket: "UPPER" }); // want: 52 TS2741 Property 'round' is missing in type '{ tournamentId: string; region: string; bracket: string; }' but required in type 'MatchesInBracketInput'. // want(typescript5): 52 TS2345 Argument of type '{ tournamentId: string; region: string; bracket: string; }' is not assignable to parameter of type 'MatchesInBracketInput'.

// A multi-attribute query that skips a sort attribute (round): the query of the partition key has no condition on bracket.
export const querySkipped = matchByBracketQuery(db, { tournamentId: "t1", region: "EU" }).bracketEq("UPPER"); // want: 91 TS2339 Property 'bracketEq' does not exist on type 'MatchByBracketQuery'.

// A put with a wrong attribute type.
export const putWrongType = createMatch(db, { ...base, round: "1" }); // want: 56 TS2322 Type 'string' is not assignable to type 'number'.

// An update with a wrong attribute type.
export const updateWrongType = decideMatch(db, { matchId: "m-1", tournamentId: "t1", status: "PLAYED", winner: 7 }); // want: 104 TS2322 Type 'number' is not assignable to type 'string'.
