// Type errors of calls of the generated modules are compile errors: each
// line marked "want:" fails tsc with that error ("want(typescript5):" where
// TypeScript 5.9 words it differently), and nothing else does
// (TestTypeErrors).
import { matchBracketKeyPrefix, matchKey, toMatchRecord, type Match } from "./gen/index.js";

const base: Match = { tournamentId: "t1", region: "EU", round: 1, bracket: "UPPER", matchId: "m-1", status: "PLAYED", tags: [] };

// A wrong enum value.
export const wrongEnum: Match = { ...base, status: "CANCELLED" }; // want: TS2322 Type '"CANCELLED"' is not assignable to type 'MatchStatus'.

// A write with a wrong attribute type.
export const wrongType = toMatchRecord({ ...base, round: "1" }); // want: TS2322 Type 'string' is not assignable to type 'number'.

// An absent optional attribute is left out, not undefined (exactOptionalPropertyTypes).
export const undefinedOptional = toMatchRecord({ ...base, winner: undefined }); // want: TS2379 Argument of type '{ tournamentId: string; region: string; round: number; bracket: string; matchId: string; status: MatchStatus; tags: string[]; winner: undefined; }' is not assignable to parameter of type 'Match' with 'exactOptionalPropertyTypes: true'. Consider adding 'undefined' to the types of the target's properties. // want(typescript5): TS2379 Argument of type '{ winner: undefined; tournamentId: string; region: string; round: number; bracket: string; matchId: string; status: MatchStatus; tags: string[]; }' is not assignable to parameter of type 'Match' with 'exactOptionalPropertyTypes: true'. Consider adding 'undefined' to the types of the target's properties.

// A key builder with a missing input.
export const missingInput = matchKey({}); // want: TS2741 Property 'matchId' is missing in type '{}' but required in type '{ matchId: string; }'. // want(typescript5): TS2345 Argument of type '{}' is not assignable to parameter of type '{ matchId: string; }'.

// A multi-attribute key prefix that skips a sort attribute (round).
export const skipped = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", bracket: "UPPER" }); // want: TS2769 No overload matches this call.

// A prefix gives only the attributes asked for.
export const deeper: string = matchBracketKeyPrefix({ tournamentId: "t1", region: "EU", round: 1 }).bracket; // want: TS2339 Property 'bracket' does not exist on type '{ tournamentId: string; region: string; round: number; }'.

// A key of one template is not a key of another.
export const otherKey: `ORDER#${string}` = toMatchRecord(base).PK; // want: TS2322 Type '`MATCH#${string}`' is not assignable to type '`ORDER#${string}`'.
